//! Arguments of the MCP tools that have no HTTP body of the same shape. The others (`search`,
//! `remember`, `ingest`, `prune`, and the message and context of `session_put` and
//! `session_context`) take the HTTP request types of `views.rs` and `record_views.rs`. Doc comments
//! become the JSON-schema descriptions an agent reads, so they say what to pass and why, without
//! referring to other docs.

use schemars::JsonSchema;
use serde::Deserialize;

use crate::record_views::{ContextRequest, MessageRequest};

/// Deepest `get_entity` neighbourhood (the store's capped depth-2 fetch).
pub(super) const MAX_ENTITY_DEPTH: u8 = 2;

/// Arguments of `get_entity`.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
pub struct GetEntityArgs {
    /// The name of a person, place, organisation or thing, in any case, e.g. "ada lovelace".
    pub name: String,
    /// How far to follow relations: 0 = the entity only, 1 = its direct facts (default),
    /// 2 = also the facts of its neighbours.
    #[serde(default)]
    #[schemars(range(min = 0, max = 2))]
    pub depth: Option<u8>,
    /// Most facts to return (default 50, at most 500).
    #[serde(default)]
    #[schemars(range(min = 1, max = 500))]
    pub max_facts: Option<usize>,
}

/// Arguments of `forget`. Give exactly one of the two ids.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
pub struct ForgetArgs {
    /// The `episode_id` that `remember` returned.
    #[serde(default)]
    pub episode_id: Option<String>,
    /// The `document_id` that `ingest` returned, or the `id` you gave the document.
    #[serde(default)]
    pub document_id: Option<String>,
}

/// Arguments of `session_put`: the session (a path parameter over HTTP) and the message.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
pub struct SessionPutArgs {
    /// The conversation id: 1-64 letters, digits, `_` or `-`. Use the same id for every turn of
    /// one conversation.
    pub session: String,
    #[serde(flatten)]
    pub message: MessageRequest,
}

/// Arguments of `session_context`: the session (a path parameter over HTTP) and what to assemble.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
pub struct SessionContextArgs {
    /// The conversation id used with `session_put`.
    pub session: String,
    #[serde(flatten)]
    pub context: ContextRequest,
}

/// Arguments of `record_pin`.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
pub struct RecordPinArgs {
    /// The memory's id (the `episode_id` that `remember` returned).
    pub id: String,
    /// true (default) to pin: pinned memories are never pruned; false to unpin.
    #[serde(default)]
    pub pinned: Option<bool>,
}

/// Arguments of `record_link`.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
pub struct RecordLinkArgs {
    /// The memory the link starts from (an `episode_id` from `remember`).
    pub from: String,
    /// "supports" (it strengthens the other memory) or "contradicts" (it opposes it).
    #[schemars(extend("enum" = ["supports", "contradicts"]))]
    pub kind: String,
    /// The other memory's id (`target`, as in the HTTP link request and the answer; `to` is
    /// accepted too, its earlier name).
    #[serde(alias = "to")]
    pub target: String,
}
