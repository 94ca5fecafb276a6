//! JSON shapes of the memory-record and session endpoints. They mirror `mnemo-records` and
//! `mnemo-session` types so the public API and its OpenAPI schemas stay put when those move.

use chrono::{DateTime, Utc};
use mnemo_records::{AuditEntry, Link, Record};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::views::DeleteView;

/// A memory record: the metadata of one remembered episode (same id).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct RecordView {
    pub id: String,
    /// interaction, document_chunk, fact, preference, pattern, note or decision.
    #[serde(rename = "type")]
    pub record_type: String,
    pub at: DateTime<Utc>,
    pub user: Option<String>,
    pub model: Option<String>,
    pub session: Option<String>,
    pub speaker: Option<String>,
    pub source: String,
    pub tags: Vec<String>,
    /// Pinned records are never pruned.
    pub pinned: bool,
    pub confidence: f32,
    /// Times the record stood behind a returned search context (counts written about once a
    /// second; reading one record includes those not yet written).
    pub access_count: u64,
    pub last_access: Option<DateTime<Utc>>,
}

impl From<Record> for RecordView {
    fn from(r: Record) -> Self {
        RecordView {
            id: r.id,
            record_type: r.record_type.as_str().to_string(),
            at: r.at,
            user: r.user,
            model: r.model,
            session: r.session,
            speaker: r.speaker,
            source: r.source,
            tags: r.tags,
            pinned: r.pinned,
            confidence: r.confidence,
            access_count: r.access_count,
            last_access: r.last_access,
        }
    }
}

/// A link as seen from a record.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct LinkView {
    /// context_of, follows, related_to, supports or contradicts.
    pub kind: String,
    pub target: String,
    /// For directed kinds: true when the other record points at this one.
    pub incoming: bool,
}

impl From<Link> for LinkView {
    fn from(l: Link) -> Self {
        LinkView {
            kind: l.kind.as_str().to_string(),
            target: l.target,
            incoming: l.incoming,
        }
    }
}

/// One record with its links.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct RecordDetail {
    pub record: RecordView,
    /// At most 200, by kind then target.
    pub links: Vec<LinkView>,
}

/// Listing parameters: at most one of `session` and `tag`.
#[derive(Debug, Clone, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct RecordListParams {
    /// Only this session's records, oldest first.
    pub session: Option<String>,
    /// Only records with this tag, newest first.
    pub tag: Option<String>,
    /// Page size, 1..=1000 (default 100).
    pub limit: Option<usize>,
    /// The `next` of the previous page.
    pub after: Option<String>,
}

/// A page of records.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct RecordPageView {
    pub records: Vec<RecordView>,
    /// Pass as `after` for the next page; null on the last page.
    pub next: Option<String>,
}

/// An explicit link from the record in the path to `target`.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LinkRequest {
    /// supports | contradicts.
    pub kind: String,
    /// The other record's id.
    pub target: String,
}

/// What a link request did.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct LinkResponse {
    pub from: String,
    pub kind: String,
    pub target: String,
    /// False when the link already existed (nothing changed).
    pub created: bool,
}

/// A prune: criteria (combined with AND, at least one) and a mode.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PruneRequest {
    /// Records older than this age: a number and s, m, h, d or w, e.g. "30d".
    #[serde(default)]
    pub older_than: Option<String>,
    /// Records used in a returned context at most this many times.
    #[serde(default)]
    pub max_access: Option<u64>,
    /// Records of these types.
    #[serde(default)]
    pub types: Vec<String>,
    /// Records made with these models (exact names).
    #[serde(default)]
    pub models: Vec<String>,
    /// dry_run (default: list, change nothing) | archive (soft delete, restorable) | permanent.
    #[serde(default)]
    pub mode: Option<String>,
}

/// What a prune did, or in a dry run would do. Pinned records are never selected.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct PruneView {
    pub mode: String,
    /// Records selected.
    pub count: usize,
    /// Their ids, in id order.
    pub ids: Vec<String>,
    /// Pinned records the criteria matched and that were kept.
    pub pinned_kept: usize,
    /// What left the graph (zero in a dry run).
    pub graph: DeleteView,
}

/// Archived records to restore.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RestoreRequest {
    /// 1 to 1000 record ids.
    pub ids: Vec<String>,
}

/// An id that could not be restored, and why (it stays archived).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct RestoreFailure {
    pub id: String,
    pub reason: String,
}

/// What a restore did.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct RestoreView {
    pub restored: Vec<String>,
    pub failed: Vec<RestoreFailure>,
}

/// Audit log paging.
#[derive(Debug, Clone, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct AuditParams {
    /// The `next` of the previous page.
    pub after: Option<String>,
    /// Page size, 1..=1000 (default 100).
    pub limit: Option<usize>,
}

/// One audit entry: who did what to which records, when.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct AuditView {
    pub key: String,
    pub at: DateTime<Utc>,
    pub actor: String,
    /// write, pin, link, archive, delete, restore or purge.
    pub action: String,
    pub ids: Vec<String>,
    pub detail: Option<String>,
}

impl From<AuditEntry> for AuditView {
    fn from(e: AuditEntry) -> Self {
        AuditView {
            key: e.key,
            at: e.at,
            actor: e.actor,
            action: e.action.as_str().to_string(),
            ids: e.ids,
            detail: e.detail,
        }
    }
}

/// A page of the audit log, oldest first.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct AuditPage {
    pub entries: Vec<AuditView>,
    pub next: Option<String>,
}

/// A chat message to append to a session.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MessageRequest {
    /// user (default), assistant or system.
    #[serde(default)]
    pub role: Option<String>,
    pub content: String,
    /// When it was said (RFC 3339); default now.
    #[serde(default)]
    pub at: Option<DateTime<Utc>>,
    /// Topic tags; none means "general".
    #[serde(default)]
    pub tags: Vec<String>,
}

/// Parameters of an assembled session context.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ContextRequest {
    /// Search the graph for this instead of the latest user message.
    #[serde(default)]
    pub query: Option<String>,
    /// Token limit of the whole context (default: the server's session token_limit); >= 100.
    #[serde(default)]
    pub budget: Option<usize>,
}
