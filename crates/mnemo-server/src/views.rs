//! The one definition of each search, remember and graph shape that HTTP, MCP and the CLI's
//! `--json` exchange: requests deserialise from HTTP bodies and MCP tool arguments alike, and
//! derive both the OpenAPI schema (utoipa) and the MCP input schema (schemars), so the two cannot
//! drift. Domain types the API serves as they are (`Entity`, `Fact`, `DeleteReport`, records) keep
//! their schemas beside their definitions (the `openapi` features of the library crates). Their
//! doc comments become the descriptions an agent and an HTTP client read, so they say what to pass
//! and why without naming a surface.

use chrono::{DateTime, Utc};
use mnemo_core::{Entity, Fact, StoreStats, Subgraph};
use mnemo_records::{Link, Record};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

/// Episode kinds a caller may give to remember (document chunks come only from ingest).
pub(crate) const EPISODE_KINDS: [&str; 4] = ["agent_answer", "interaction", "external", "note"];

/// Memory record types, as remember and prune take them (mnemo-records' `RecordType`).
pub(crate) const RECORD_TYPES: [&str; 7] = [
    "interaction",
    "document_chunk",
    "fact",
    "preference",
    "pattern",
    "note",
    "decision",
];

/// A search query (`POST /v1/search`, MCP `search`).
#[derive(Debug, Clone, Deserialize, ToSchema, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SearchRequest {
    /// The question or keywords to look up, in plain language, e.g. "Where was Ada Lovelace
    /// born?". Name the people, places and things you care about: memory is indexed by them.
    pub query: String,
    /// Optional size limit of the returned context, in tokens (cl100k; default: the server's
    /// setting, usually about 1,500). Larger budgets return more facts and source snippets.
    #[serde(default)]
    pub budget: Option<usize>,
    /// Optional: answer as memory stood at this time, a date ("2023-05-01", the end of that day
    /// UTC) or an RFC 3339 time. Facts that held then; nothing recorded later. Leave it out for
    /// the current state.
    #[serde(default)]
    pub as_of: Option<String>,
}

/// A text to remember (`POST /v1/remember`, MCP `remember`), with the fields of its memory
/// record.
#[derive(Debug, Clone, Deserialize, ToSchema, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RememberRequest {
    /// The text to store: a fact, a chat turn, a final answer, a note (up to 1 MiB; whole
    /// documents belong to ingest). Write complete sentences that name their subjects ("Ada
    /// Lovelace was born in London."), not pronouns only.
    pub text: String,
    /// What the text is: "agent_answer" (a final answer to a question, e.g. after a search
    /// miss), "interaction" (a chat turn), "external" (something from another source, such as a
    /// web search) or "note" (default).
    #[serde(default)]
    #[schemars(extend("enum" = EPISODE_KINDS))]
    pub kind: Option<String>,
    /// Where the text came from, e.g. a URL or "chat" (default "api" over HTTP, "mcp" over MCP).
    #[serde(default)]
    pub source: Option<String>,
    /// Who said it; "I" and "my" in the text then refer to this person.
    #[serde(default)]
    pub speaker: Option<String>,
    /// Who it was said to; "you" and "your" in the text then refer to this person. Default, for a
    /// turn with a speaker and a session: the session's other participant, when its latest turns
    /// have exactly one.
    #[serde(default)]
    pub listener: Option<String>,
    /// When it was said (RFC 3339); default now.
    #[serde(default)]
    pub at: Option<DateTime<Utc>>,
    /// Optional stable id (letters, digits, `_ . : -`, at most 128): storing the same id again
    /// changes nothing, so retries are safe.
    #[serde(default)]
    pub id: Option<String>,
    /// Optional conversation id (same characters as `id`): memories of one conversation are
    /// linked to each other (`context_of`, `follows`).
    #[serde(default)]
    pub session: Option<String>,
    /// Optional topic tags, e.g. ["project-orion", "travel"] (at most 32; lower-cased, spaces as
    /// `-`); memories sharing a tag are linked.
    #[serde(default)]
    pub tags: Vec<String>,
    /// Set true to pin the memory: pinned memories are never pruned.
    #[serde(default)]
    pub pin: bool,
    /// Optional memory type: interaction, fact, preference, pattern, note, decision or
    /// document_chunk (default: interaction for kind "interaction", otherwise note).
    #[serde(default, rename = "type")]
    #[schemars(extend("enum" = RECORD_TYPES))]
    pub record_type: Option<String>,
    /// Optional: whose memory this is (a user name).
    #[serde(default)]
    pub user: Option<String>,
    /// Optional: the model that produced or used the text.
    #[serde(default)]
    pub model: Option<String>,
    /// Optional confidence in the text, from 0 to 1 (default 1).
    #[serde(default)]
    #[schemars(range(min = 0.0, max = 1.0))]
    pub confidence: Option<f32>,
}

/// An agent's final answer to write back into memory (stored as kind agent_answer).
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AnswerRequest {
    /// The answer text.
    pub text: String,
    #[serde(default)]
    pub source: Option<String>,
    #[serde(default)]
    pub speaker: Option<String>,
    #[serde(default)]
    pub at: Option<DateTime<Utc>>,
    #[serde(default)]
    pub id: Option<String>,
}

/// What remember stored.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct RememberResponse {
    pub episode_id: String,
    /// False when this episode id was already stored (nothing changed).
    pub written: bool,
    /// Entities and facts extracted from the text.
    pub entities: usize,
    pub facts: usize,
    /// The memory record kept with the episode.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub record: Option<Record>,
    /// Links made automatically to other records (same session, shared tags).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub links: Vec<Link>,
}

impl From<mnemo_records::RecordWrite> for RememberResponse {
    fn from(w: mnemo_records::RecordWrite) -> Self {
        RememberResponse {
            episode_id: w.record.id.clone(),
            written: w.written,
            entities: w.entities,
            facts: w.facts,
            record: Some(w.record),
            links: w.links,
        }
    }
}

impl From<mnemo::RememberReport> for RememberResponse {
    fn from(r: mnemo::RememberReport) -> Self {
        RememberResponse {
            episode_id: r.episode_id,
            written: r.written,
            entities: r.entities,
            facts: r.facts,
            record: None,
            links: Vec::new(),
        }
    }
}

/// The result of an entity lookup.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct EntityLookup {
    /// The best match: the entity with exactly this key, else the most mentioned alias match.
    pub entity: Entity,
    /// Keys of other entities the name also matched through aliases.
    pub also_matched: Vec<String>,
}

/// Part of the graph around an entity.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct NeighbourhoodView {
    /// The key the neighbourhood was taken around.
    pub seed: String,
    pub entities: Vec<Entity>,
    pub facts: Vec<Fact>,
}

impl NeighbourhoodView {
    pub fn new(seed: String, g: Subgraph) -> Self {
        NeighbourhoodView {
            seed,
            entities: g.entities,
            facts: g.facts,
        }
    }
}

/// Neighbourhood parameters.
#[derive(Debug, Clone, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct NeighbourhoodParams {
    /// Hops from the entity: 1 or 2 (default 1).
    pub depth: Option<u8>,
    /// Per-hop fan-out caps, comma-separated, e.g. "32,8" (default "32,8"; each 1..=256).
    pub fanout: Option<String>,
    /// Most facts returned (default 200, at most 2000).
    pub max_facts: Option<usize>,
}

/// Counts of the caller's tenant.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct StatsView {
    pub tenant: String,
    /// The store backend ("embedded", "neo4j").
    pub backend: String,
    pub entities: u64,
    pub facts: u64,
    pub episodes: u64,
    pub documents: u64,
    pub mentions: u64,
}

impl StatsView {
    pub fn new(tenant: String, backend: String, s: StoreStats) -> Self {
        StatsView {
            tenant,
            backend,
            entities: s.entities,
            facts: s.facts,
            episodes: s.episodes,
            documents: s.documents,
            mentions: s.mentions,
        }
    }
}

/// Accepted background ingest.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct JobAccepted {
    pub job_id: String,
    /// Where to poll progress.
    pub status_url: String,
    pub total: u64,
}

/// Health or readiness.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct HealthView {
    /// "ok"; "unavailable" when the store does not answer; "disk_full" when its disk is full
    /// (it becomes ready by itself once space is freed).
    pub status: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_schema_enums_name_every_record_type_and_every_kind_remember_takes() {
        let types: Vec<&str> = mnemo_records::RecordType::ALL
            .iter()
            .map(|t| t.as_str())
            .collect();
        assert_eq!(types, RECORD_TYPES);
        for k in EPISODE_KINDS {
            assert!(crate::routes::memory::parse_kind(k).is_ok(), "{k}");
        }
        assert!(crate::routes::memory::parse_kind("document_chunk").is_err());
    }
}
