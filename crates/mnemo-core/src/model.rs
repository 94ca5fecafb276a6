//! The domain model: entities, facts, episodes, documents, mention events and subgraphs.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

use crate::{EntityKey, Error, RelType, Result};

/// Wall-clock time, always UTC.
pub type Timestamp = chrono::DateTime<chrono::Utc>;

/// The type of an entity. It becomes a second Neo4j label (`:Entity:Person`), so the set is closed:
/// labels, like relationship types, cannot be query parameters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum EntityType {
    Person,
    Organization,
    Location,
    Event,
    Date,
    Concept,
    Other,
}

impl EntityType {
    pub const ALL: [EntityType; 7] = [
        EntityType::Person,
        EntityType::Organization,
        EntityType::Location,
        EntityType::Event,
        EntityType::Date,
        EntityType::Concept,
        EntityType::Other,
    ];

    /// The label text, also used in JSON and rendered context.
    pub fn as_str(self) -> &'static str {
        match self {
            EntityType::Person => "Person",
            EntityType::Organization => "Organization",
            EntityType::Location => "Location",
            EntityType::Event => "Event",
            EntityType::Date => "Date",
            EntityType::Concept => "Concept",
            EntityType::Other => "Other",
        }
    }

    /// How specific the type is: a later, more specific typing of the same entity wins.
    pub fn specificity(self) -> u8 {
        match self {
            EntityType::Other => 0,
            EntityType::Concept => 1,
            _ => 2,
        }
    }
}

impl fmt::Display for EntityType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for EntityType {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        let lower = s.trim().to_ascii_lowercase();
        Ok(match lower.as_str() {
            "person" | "per" | "peop" => EntityType::Person,
            "organization" | "organisation" | "org" => EntityType::Organization,
            "location" | "loc" | "place" | "gpe" => EntityType::Location,
            "event" => EntityType::Event,
            "date" | "time" => EntityType::Date,
            "concept" => EntityType::Concept,
            "other" | "misc" => EntityType::Other,
            _ => return Err(Error::InvalidInput(format!("unknown entity type {s:?}"))),
        })
    }
}

/// A node of the knowledge graph, with its knowledge-store aggregates. The API serves it as it is
/// (schema `EntityView`, the name its schema had while the server kept a copy).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = EntityView))]
pub struct Entity {
    pub key: EntityKey,
    /// Display name (the first or most specific surface form seen).
    pub name: String,
    #[serde(rename = "type")]
    pub entity_type: EntityType,
    /// Other surface forms that resolved to this entity (not including `name`).
    pub aliases: Vec<String>,
    /// Number of distinct episodes that mention the entity.
    pub mentions: u64,
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = DateTime))]
    pub first_seen: Timestamp,
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = DateTime))]
    pub last_seen: Timestamp,
}

/// Identity of a fact within a tenant: (subject, relationship type, object).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct FactId {
    pub subject: EntityKey,
    pub rel_type: RelType,
    pub object: EntityKey,
}

/// A typed, directed relation between two entities, aggregated over the episodes that state it.
/// The API serves it as it is (schema `FactView`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = FactView))]
pub struct Fact {
    pub subject: EntityKey,
    pub rel_type: RelType,
    pub object: EntityKey,
    /// The original predicate wording (e.g. "was born in").
    pub predicate: String,
    /// Number of distinct episodes stating the fact.
    pub mentions: u64,
    /// Highest extraction confidence seen, 0..=1.
    pub confidence: f32,
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = DateTime))]
    pub first_seen: Timestamp,
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = DateTime))]
    pub last_seen: Timestamp,
    /// Ids of the episodes stating the fact (provenance), oldest first.
    pub episodes: Vec<String>,
    /// When the stated event happened (event time, ISO 8601 as in `FactInput::occurred`): the
    /// time given by the oldest supporting episode that gives one, `None` when none does. The
    /// record times above say when the fact was told; this says when it happened ("I went there
    /// yesterday", told on 2023-05-08 -> "2023-05-07"). Kept per supporting episode, so deleting
    /// that episode falls back to the next one's time.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub occurred: Option<String>,
}

impl Fact {
    pub fn id(&self) -> FactId {
        FactId {
            subject: self.subject.clone(),
            rel_type: self.rel_type.clone(),
            object: self.object.clone(),
        }
    }
}

/// What kind of input an episode was.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EpisodeKind {
    /// A chat turn.
    Interaction,
    /// A chunk of a batch document.
    DocumentChunk,
    /// A final answer written back by an agent.
    AgentAnswer,
    /// An answer from an external source (e.g. an LLM fallback), kept with lower confidence.
    External,
    /// A free-form note given to `remember`.
    Note,
}

impl EpisodeKind {
    pub fn as_str(self) -> &'static str {
        match self {
            EpisodeKind::Interaction => "interaction",
            EpisodeKind::DocumentChunk => "document_chunk",
            EpisodeKind::AgentAnswer => "agent_answer",
            EpisodeKind::External => "external",
            EpisodeKind::Note => "note",
        }
    }
}

impl FromStr for EpisodeKind {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        Ok(match s {
            "interaction" => EpisodeKind::Interaction,
            "document_chunk" => EpisodeKind::DocumentChunk,
            "agent_answer" => EpisodeKind::AgentAnswer,
            "external" => EpisodeKind::External,
            "note" => EpisodeKind::Note,
            _ => return Err(Error::InvalidInput(format!("unknown episode kind {s:?}"))),
        })
    }
}

/// A unit of input (chat turn, document chunk, agent answer): the provenance of facts.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Episode {
    /// Stable id, `[A-Za-z0-9_.:-]{1,128}`; re-writing the same id is a no-op.
    pub id: String,
    pub kind: EpisodeKind,
    pub content: String,
    pub created_at: Timestamp,
    /// Where it came from: a file path, a URL, "cli", "external", ...
    pub source: String,
    pub content_hash: String,
    /// The document this episode is a chunk of, if any.
    pub document_id: Option<String>,
    /// Byte offsets of the chunk in its document's text.
    pub span: Option<(u64, u64)>,
    /// Who said it (a chat turn's speaker): shown beside the text and searched with it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub speaker: Option<String>,
    /// The conversation it belongs to: episodes of one session follow each other (see `thread`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub session: Option<String>,
}

/// Longest speaker name or session id, in bytes.
pub const MAX_EPISODE_LABEL_BYTES: usize = 256;

impl Episode {
    /// The sequence the episode belongs to, in which neighbours follow each other in time: its
    /// session, else its document, else (a turn with a speaker but no session) the tenant's
    /// conversation. Anything else (a note, an agent answer with no speaker) stands alone: None.
    pub fn thread(&self) -> Option<String> {
        thread_key(
            self.session.as_deref(),
            self.document_id.as_deref(),
            self.speaker.is_some(),
        )
    }

    /// Checks the optional labels (speaker, session): at most `MAX_EPISODE_LABEL_BYTES`, not blank.
    pub fn validate_labels(&self) -> Result<()> {
        for (what, v) in [("speaker", &self.speaker), ("session", &self.session)] {
            if let Some(v) = v {
                if v.trim().is_empty() || v.len() > MAX_EPISODE_LABEL_BYTES {
                    return Err(Error::InvalidInput(format!(
                        "episode {:?}: {what} must be 1-{MAX_EPISODE_LABEL_BYTES} bytes and not blank",
                        self.id
                    )));
                }
            }
        }
        Ok(())
    }
    /// Validates an episode or document id.
    pub fn validate_id(id: &str) -> Result<()> {
        let ok = !id.is_empty()
            && id.len() <= 128
            && id
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | ':'));
        if ok {
            Ok(())
        } else {
            Err(Error::InvalidInput(format!(
                "id {id:?} must be 1-128 characters of [A-Za-z0-9_.:-]"
            )))
        }
    }
}

/// The thread key of an episode with this session and document, and whether it has a speaker
/// (see `Episode::thread`).
pub fn thread_key(session: Option<&str>, document: Option<&str>, spoken: bool) -> Option<String> {
    match (session, document) {
        (Some(s), _) => Some(format!("s:{s}")),
        (None, Some(d)) => Some(format!("d:{d}")),
        (None, None) => spoken.then(String::new),
    }
}

/// An episode's nearest neighbours in its thread (`Episode::thread`), in time order: `before`
/// nearest first, `after` nearest first.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EpisodeNeighbours {
    pub episode: String,
    pub before: Vec<String>,
    pub after: Vec<String>,
}

/// A batch document, the parent of its chunk episodes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Document {
    pub id: String,
    pub source: String,
    pub content_hash: String,
    pub created_at: Timestamp,
}

/// One entry of the memory stream: an entity mentioned by an episode at a time.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MentionEvent {
    pub entity: EntityKey,
    pub episode: String,
    pub at: Timestamp,
}

/// A part of the graph: entities and the facts between them.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Subgraph {
    pub entities: Vec<Entity>,
    pub facts: Vec<Fact>,
}
