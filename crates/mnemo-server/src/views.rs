//! The JSON shapes of the API's requests and responses (other than ingest's). They mirror the
//! domain types so that the public API and its OpenAPI schemas stay stable when internals move.

use chrono::{DateTime, Utc};
use mnemo_core::{DeleteReport, Entity, Fact, StoreStats, Subgraph};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

/// A search query.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SearchRequest {
    /// A question or keywords, e.g. "Where was Willi Schneider born?".
    pub query: String,
    /// Token budget of the returned context (cl100k tokens); the server default when absent.
    #[serde(default)]
    pub budget: Option<usize>,
    /// Answer as memory stood then: a date ("2023-05-01", the end of that day UTC) or an RFC 3339
    /// time. Facts valid then, nothing recorded after it. Absent: now.
    #[serde(default)]
    pub as_of: Option<String>,
}

/// A text to remember.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RememberRequest {
    /// The text: a chat turn, a note, a fact. Up to 1 MiB; longer texts belong in /v1/ingest.
    pub text: String,
    /// interaction | agent_answer | external | note (default note).
    #[serde(default)]
    pub kind: Option<String>,
    /// Where the text came from (default "api").
    #[serde(default)]
    pub source: Option<String>,
    /// Who said it: "I" and "my" in the text resolve to the speaker.
    #[serde(default)]
    pub speaker: Option<String>,
    /// Who it was said to: "you" and "your" in the text resolve to the listener.
    #[serde(default)]
    pub listener: Option<String>,
    /// When it was said (RFC 3339); default now.
    #[serde(default)]
    pub at: Option<DateTime<Utc>>,
    /// A stable id ([A-Za-z0-9_.:-], at most 128): remembering the same id again changes nothing.
    #[serde(default)]
    pub id: Option<String>,
    /// Memory record: the conversation it belongs to (same id rules); links it to that session's
    /// other records (`context_of`, `follows`).
    #[serde(default)]
    pub session: Option<String>,
    /// Memory record: tags (at most 32; lower-cased, spaces as `-`); shared tags link records.
    #[serde(default)]
    pub tags: Vec<String>,
    /// Memory record: pinned records are never pruned.
    #[serde(default)]
    pub pin: bool,
    /// Memory record type: interaction, document_chunk, fact, preference, pattern, note or
    /// decision (default from `kind`: interaction for interactions, else note).
    #[serde(default, rename = "type")]
    pub record_type: Option<String>,
    /// Memory record: whose memory it is.
    #[serde(default)]
    pub user: Option<String>,
    /// Memory record: the model that made or used it.
    #[serde(default)]
    pub model: Option<String>,
    /// Memory record: confidence 0..=1 (default 1).
    #[serde(default)]
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
    /// The memory record kept with the episode (from `/v1/remember`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub record: Option<crate::record_views::RecordView>,
    /// Links made automatically to other records (same session, shared tags).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub links: Vec<crate::record_views::LinkView>,
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

/// An entity of the knowledge graph with its knowledge-store aggregates.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct EntityView {
    /// Canonical key (lowercase, punctuation folded), unique per tenant.
    pub key: String,
    pub name: String,
    /// Person, Organization, Location, Event, Date, Concept or Other.
    #[serde(rename = "type")]
    pub entity_type: String,
    pub aliases: Vec<String>,
    /// Distinct episodes mentioning the entity.
    pub mentions: u64,
    pub first_seen: DateTime<Utc>,
    pub last_seen: DateTime<Utc>,
}

impl From<Entity> for EntityView {
    fn from(e: Entity) -> Self {
        EntityView {
            key: e.key.to_string(),
            name: e.name,
            entity_type: e.entity_type.as_str().to_string(),
            aliases: e.aliases,
            mentions: e.mentions,
            first_seen: e.first_seen,
            last_seen: e.last_seen,
        }
    }
}

/// The result of an entity lookup.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct EntityLookup {
    /// The best match: the entity with exactly this key, else the most mentioned alias match.
    pub entity: EntityView,
    /// Keys of other entities the name also matched through aliases.
    pub also_matched: Vec<String>,
}

/// A fact: subject -[predicate]-> object, aggregated over the episodes stating it.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct FactView {
    pub subject: String,
    /// UPPER_SNAKE_CASE relationship type.
    pub rel_type: String,
    pub object: String,
    /// The original wording, e.g. "was born in".
    pub predicate: String,
    pub mentions: u64,
    pub confidence: f32,
    pub first_seen: DateTime<Utc>,
    pub last_seen: DateTime<Utc>,
    /// Ids of the episodes stating the fact (provenance), oldest first.
    pub episodes: Vec<String>,
}

impl From<Fact> for FactView {
    fn from(f: Fact) -> Self {
        FactView {
            subject: f.subject.to_string(),
            rel_type: f.rel_type.to_string(),
            object: f.object.to_string(),
            predicate: f.predicate,
            mentions: f.mentions,
            confidence: f.confidence,
            first_seen: f.first_seen,
            last_seen: f.last_seen,
            episodes: f.episodes,
        }
    }
}

/// Part of the graph around an entity.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct NeighbourhoodView {
    /// The key the neighbourhood was taken around.
    pub seed: String,
    pub entities: Vec<EntityView>,
    pub facts: Vec<FactView>,
}

impl NeighbourhoodView {
    pub fn new(seed: String, g: Subgraph) -> Self {
        NeighbourhoodView {
            seed,
            entities: g.entities.into_iter().map(EntityView::from).collect(),
            facts: g.facts.into_iter().map(FactView::from).collect(),
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

/// What a delete removed.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct DeleteView {
    pub episodes: u64,
    pub documents: u64,
    /// Entities removed because nothing mentions them any more.
    pub entities: u64,
    /// Facts removed because no episode states them any more.
    pub facts: u64,
}

impl From<DeleteReport> for DeleteView {
    fn from(r: DeleteReport) -> Self {
        DeleteView {
            episodes: r.episodes,
            documents: r.documents,
            entities: r.entities,
            facts: r.facts,
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
