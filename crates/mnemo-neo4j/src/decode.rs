//! Decodes the maps the read statements project into mnemo domain types.

use chrono::{DateTime, FixedOffset, Utc};
use mnemo_core::{
    Document, Entity, EntityKey, EntityType, Episode, Error, Fact, RelType, Result, Timestamp,
};
use serde::Deserialize;

use crate::error::decode_err;

fn utc(t: DateTime<FixedOffset>) -> Timestamp {
    t.with_timezone(&Utc)
}

fn count(n: i64) -> u64 {
    u64::try_from(n).unwrap_or(0)
}

/// An `:Entity` node as projected by the read statements.
#[derive(Debug, Deserialize)]
pub(crate) struct EntityRow {
    key: String,
    name: String,
    #[serde(rename = "type")]
    entity_type: String,
    #[serde(default)]
    aliases: Option<Vec<String>>,
    #[serde(default)]
    mentions: Option<i64>,
    first_seen: Option<DateTime<FixedOffset>>,
    last_seen: Option<DateTime<FixedOffset>>,
}

/// A key read back from an entity or a fact's end. Keys entered the store as `EntityKey`s, but
/// the canonical form has changed between versions (before session 22, "İ" kept a combining dot
/// that folding now removes), so a key an older version wrote need not be canonical today:
/// rejecting it failed every search that read its entity. It is taken as stored; only an empty key
/// (no entity ever had one) is an error.
fn stored_key(key: String, what: &str) -> Result<EntityKey> {
    if key.is_empty() {
        return Err(decode_err(what, "empty key"));
    }
    Ok(EntityKey::from_stored(key))
}

impl EntityRow {
    pub(crate) fn key(&self) -> &str {
        &self.key
    }

    pub(crate) fn into_entity(self) -> Result<Entity> {
        let key = stored_key(self.key, "entity key")?;
        let entity_type: EntityType = self
            .entity_type
            .parse()
            .map_err(|e| decode_err("entity type", e))?;
        let (Some(first), Some(last)) = (self.first_seen, self.last_seen) else {
            return Err(Error::Internal(format!(
                "neo4j: entity {key} has no first_seen/last_seen"
            )));
        };
        Ok(Entity {
            key,
            name: self.name,
            entity_type,
            aliases: self.aliases.unwrap_or_default(),
            mentions: count(self.mentions.unwrap_or(0)),
            first_seen: utc(first),
            last_seen: utc(last),
        })
    }
}

/// A fact relationship as projected by the read statements.
#[derive(Debug, Deserialize)]
pub(crate) struct FactRow {
    subject: String,
    rel_type: String,
    object: String,
    predicate: String,
    mentions: i64,
    confidence: f64,
    first_seen: DateTime<FixedOffset>,
    last_seen: DateTime<FixedOffset>,
    #[serde(default)]
    episodes: Option<Vec<String>>,
    /// The oldest event time the supporting episodes give (absent when none gives one).
    #[serde(default)]
    occurred: Option<String>,
}

impl FactRow {
    /// (subject, rel_type, object) without decoding the rest.
    pub(crate) fn id(&self) -> (&str, &str, &str) {
        (&self.subject, &self.rel_type, &self.object)
    }

    pub(crate) fn into_fact(self) -> Result<Fact> {
        Ok(Fact {
            subject: stored_key(self.subject, "fact subject")?,
            rel_type: RelType::new(self.rel_type).map_err(|e| decode_err("fact type", e))?,
            object: stored_key(self.object, "fact object")?,
            predicate: self.predicate,
            mentions: count(self.mentions),
            // Stored as the f64 of an f32, so this conversion gives back the written value.
            confidence: self.confidence as f32,
            first_seen: utc(self.first_seen),
            last_seen: utc(self.last_seen),
            episodes: self.episodes.unwrap_or_default(),
            occurred: self.occurred.filter(|t| !t.is_empty()),
        })
    }
}

#[derive(Debug, Deserialize)]
pub(crate) struct EpisodeRow {
    id: String,
    kind: String,
    content: String,
    created_at: DateTime<FixedOffset>,
    source: String,
    content_hash: String,
    document_id: Option<String>,
    span_start: Option<i64>,
    span_end: Option<i64>,
    #[serde(default)]
    speaker: Option<String>,
    #[serde(default)]
    session: Option<String>,
}

impl EpisodeRow {
    pub(crate) fn into_episode(self) -> Result<Episode> {
        let span = match (self.span_start, self.span_end) {
            (Some(s), Some(e)) => Some((count(s), count(e))),
            _ => None,
        };
        Ok(Episode {
            kind: self
                .kind
                .parse()
                .map_err(|e| decode_err("episode kind", e))?,
            id: self.id,
            content: self.content,
            created_at: utc(self.created_at),
            source: self.source,
            content_hash: self.content_hash,
            document_id: self.document_id,
            span,
            speaker: self.speaker,
            session: self.session,
        })
    }
}

#[derive(Debug, Deserialize)]
pub(crate) struct DocumentRow {
    id: String,
    source: String,
    content_hash: String,
    created_at: DateTime<FixedOffset>,
}

impl DocumentRow {
    pub(crate) fn into_document(self) -> Document {
        Document {
            id: self.id,
            source: self.source,
            content_hash: self.content_hash,
            created_at: utc(self.created_at),
        }
    }
}

/// One edge of a neighbourhood expansion: the fact and the entity at its other end.
#[derive(Debug, Deserialize)]
pub(crate) struct EdgeRow {
    pub fact: FactRow,
    pub other: EntityRow,
}

/// A seed and its ranked edges.
#[derive(Debug, Deserialize)]
pub(crate) struct SeedRow {
    pub pos: i64,
    pub node: EntityRow,
    pub edges: Vec<EdgeRow>,
}

/// A hop-1 entity and its ranked edges.
#[derive(Debug, Deserialize)]
pub(crate) struct FrontierRow {
    pub node: EntityRow,
    pub edges: Vec<EdgeRow>,
}

/// One mention event of the memory stream with its whole episode.
#[derive(Debug, Deserialize)]
pub(crate) struct MentionRow {
    pub at: DateTime<FixedOffset>,
    pub ep: EpisodeRow,
}
