//! mnemo memory records: per-episode metadata, links, pruning with archive and restore, an audit log, and imports of existing memories.
//!
//! A record is the metadata of one remembered episode (same id): type, time, user, model, session,
//! tags, a pin, confidence, access counts and links. The episode, its entities and facts stay in
//! the graph; the metadata, its indexes, the archive and the audit log are key-value records of
//! the same store (namespace `records`), so they share the store's tenant isolation and backups.
//! See `docs/records.md`.

mod access;
mod archive;
mod audit;
mod error;
pub mod import;
mod keys;
mod kv;
mod links;
mod listener;
mod model;
mod page;
mod prune;
mod records;
mod touch;
mod validate;

pub use archive::{ArchivedRecord, RestoreReport};
pub use audit::{AuditAction, AuditEntry, MAX_IDS_PER_ENTRY};
pub use error::{Error, Result};
pub use import::{ImportFailure, ImportFormat, ImportReport, ImportedMemory};
pub use keys::NAMESPACE;
pub use links::{
    CONTEXT_EACH_SIDE, FOLLOWS_WITHIN_SECS, MAX_RELATED, RELATED_PER_TAG, RELATED_TAGS,
};
pub use model::{Link, LinkKind, Record, RecordInput, RecordType, MAX_NAME_CHARS, MAX_TAGS};
pub use page::{RecordFilter, RecordPage, MAX_PAGE};
pub use prune::{format_age, parse_age, PruneMode, PrunePolicy, PruneReport};
pub use records::{RecordWrite, Records};
pub use touch::Touch;
pub use validate::{
    normalize_tag, validate_confidence, validate_record_id, validate_session_id, MAX_ID_CHARS,
    MAX_TAG_CHARS,
};
