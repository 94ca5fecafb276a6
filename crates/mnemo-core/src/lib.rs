//! mnemo-core: the domain model shared by every mnemo crate, the `GraphStore` trait and errors. No IO.

pub mod analysis;
mod batch;
mod error;
mod event_time;
mod fold;
mod irregular;
mod key;
mod kv;
mod model;
#[cfg(feature = "openapi")]
mod schema;
mod stop_words;
mod store;
mod tenant;
pub mod validity;

pub use batch::{EntityInput, EpisodeWrite, FactInput, WriteBatch, WriteReport, MAX_ALIASES};
pub use error::{Error, Result, DISK_FULL};
pub use event_time::{iso_bounds, validate_event_time, MAX_EVENT_TIME_BYTES};
pub use fold::fold_accents;
pub use irregular::{irregular_base, IRREGULAR_VERBS};
pub use key::{canonical_key, content_hash, EntityKey, RelType};
pub use kv::{
    validate_kv_key, validate_kv_namespace, validate_kv_put, KvEntry, MAX_KV_BATCH,
    MAX_KV_KEY_BYTES, MAX_KV_VALUE_BYTES,
};
pub use model::{
    thread_key, Document, Entity, EntityType, Episode, EpisodeKind, EpisodeNeighbours, Fact,
    FactId, MentionEvent, Subgraph, Timestamp, MAX_EPISODE_LABEL_BYTES,
};
pub use stop_words::STOP_WORDS;
pub use store::{
    DeleteReport, EntityOrder, EpisodeEntities, GraphStore, NeighbourhoodQuery, StoreStats,
    TextHit, MAX_DEPTH, MAX_NEIGHBOUR_WINDOW, MAX_TEXT_HITS,
};
pub use tenant::Tenant;
