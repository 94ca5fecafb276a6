//! The one definition of each memory-record and session shape that HTTP, MCP and the CLI's
//! `--json` exchange (see `views.rs` for how requests serve both schemas). Records, links and
//! audit entries are `mnemo-records`' own types, served as they are; sessions' results are
//! `mnemo-session`'s.

use chrono::{DateTime, Utc};
use mnemo_core::DeleteReport;
use mnemo_records::{AuditEntry, Link, Record};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::views::RECORD_TYPES;

/// One record with its links.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct RecordDetail {
    pub record: Record,
    /// At most 200, by kind then target.
    pub links: Vec<Link>,
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
    pub records: Vec<Record>,
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

/// A prune (`POST /v1/prune`, MCP `prune`): criteria, all of which must hold (at least one),
/// and a mode.
#[derive(Debug, Clone, Default, Deserialize, ToSchema, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PruneRequest {
    /// Memories older than this: a number and s, m, h, d or w, e.g. "90d".
    #[serde(default)]
    pub older_than: Option<String>,
    /// Memories used in a returned search context at most this many times, e.g. 0 for never
    /// used.
    #[serde(default)]
    pub max_access: Option<u64>,
    /// Memories of these types (interaction, document_chunk, fact, preference, pattern, note,
    /// decision).
    #[serde(default)]
    #[schemars(extend("items" = {"type": "string", "enum": RECORD_TYPES}))]
    pub types: Vec<String>,
    /// Memories made with these models (exact names).
    #[serde(default)]
    pub models: Vec<String>,
    /// "dry_run" (default: only list what would go, change nothing), "archive" (remove but keep
    /// restorable) or "permanent". Pinned memories are never pruned.
    #[serde(default)]
    #[schemars(extend("enum" = ["dry_run", "archive", "permanent"]))]
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
    pub graph: DeleteReport,
}

impl From<mnemo_records::PruneReport> for PruneView {
    fn from(report: mnemo_records::PruneReport) -> Self {
        let mode = match report.mode {
            mnemo_records::PruneMode::DryRun => "dry_run",
            mnemo_records::PruneMode::Archive => "archive",
            mnemo_records::PruneMode::Permanent => "permanent",
        };
        PruneView {
            mode: mode.to_string(),
            count: report.records.len(),
            ids: report.records.into_iter().map(|r| r.id).collect(),
            pinned_kept: report.pinned_kept,
            graph: report.graph,
        }
    }
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

impl From<mnemo_records::RestoreReport> for RestoreView {
    fn from(r: mnemo_records::RestoreReport) -> Self {
        RestoreView {
            restored: r.restored,
            failed: r
                .failed
                .into_iter()
                .map(|(id, reason)| RestoreFailure { id, reason })
                .collect(),
        }
    }
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

/// A page of the audit log, oldest first.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct AuditPage {
    pub entries: Vec<AuditEntry>,
    pub next: Option<String>,
}

/// A chat message to append to a session (`POST /v1/sessions/{id}/messages`; with the session id,
/// MCP `session_put`).
#[derive(Debug, Clone, Deserialize, ToSchema, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MessageRequest {
    /// Who said it: "user" (default), "assistant" or "system".
    #[serde(default)]
    #[schemars(extend("enum" = ["user", "assistant", "system"]))]
    pub role: Option<String>,
    /// The message text.
    pub content: String,
    /// When it was said (RFC 3339); default now.
    #[serde(default)]
    pub at: Option<DateTime<Utc>>,
    /// Optional topic tags, e.g. ["travel"]; topics are compacted separately (none means
    /// "general").
    #[serde(default)]
    pub tags: Vec<String>,
}

/// Parameters of an assembled session context (`POST /v1/sessions/{id}/context`; with the
/// session id, MCP `session_context`).
#[derive(Debug, Clone, Default, Deserialize, ToSchema, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ContextRequest {
    /// Optional: what to look up in long-term memory for the context (default: the latest user
    /// message).
    #[serde(default)]
    pub query: Option<String>,
    /// Optional size limit of the whole context in tokens, at least 100 (default: the server's
    /// session `token_limit`).
    #[serde(default)]
    #[schemars(range(min = 100))]
    pub budget: Option<usize>,
}
