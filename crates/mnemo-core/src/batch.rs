//! Write batches: the episode-centred unit in which everything enters a store, and its validation.

use serde::{Deserialize, Serialize};
use std::collections::HashSet;

use crate::{Document, EntityKey, EntityType, Episode, Error, RelType, Result};

/// Most aliases kept per entity; more are ignored (a hub name cannot grow without bound).
pub const MAX_ALIASES: usize = 32;

/// An entity as mentioned by one episode. The resolver chooses `key`, so "Schneider" can land on the
/// entity `willi schneider` with "Schneider" recorded as an alias.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EntityInput {
    pub key: EntityKey,
    pub name: String,
    #[serde(rename = "type")]
    pub entity_type: EntityType,
    #[serde(default)]
    pub aliases: Vec<String>,
}

impl EntityInput {
    /// An entity keyed by the canonical form of its name.
    pub fn named(name: &str, entity_type: EntityType) -> Result<Self> {
        Ok(EntityInput {
            key: EntityKey::from_name(name)?,
            name: name.trim().to_string(),
            entity_type,
            aliases: Vec::new(),
        })
    }
}

/// A fact stated by one episode. Both ends must be among the episode's entities.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FactInput {
    pub subject: EntityKey,
    pub predicate: String,
    pub rel_type: RelType,
    pub object: EntityKey,
    pub confidence: f32,
    /// When the stated event happened, if the text says (event time, beside the episode's
    /// `created_at`, the record time): ISO 8601 as `mnemo_extract::resolve_times` gives it, a date
    /// ("2023-05-07"), week ("2023-W18"), month ("2023-04"), year ("2022") or interval "a/b".
    /// Stores keep it per supporting episode; a value of another form makes the batch invalid
    /// (`validate_event_time`). Absent from JSON when `None`, so batches stored before it existed
    /// read back unchanged.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub occurred: Option<String>,
}

impl FactInput {
    /// A fact whose relationship type is derived from the predicate wording.
    pub fn new(subject: EntityKey, predicate: &str, object: EntityKey, confidence: f32) -> Self {
        FactInput {
            subject,
            predicate: predicate.trim().to_string(),
            rel_type: RelType::from_predicate(predicate),
            object,
            confidence,
            occurred: None,
        }
    }

    /// The same fact with the event time it states.
    pub fn with_occurred(mut self, occurred: Option<String>) -> Self {
        self.occurred = occurred;
        self
    }
}

/// One episode with what was extracted from it. Every listed entity counts as mentioned by the
/// episode at `episode.created_at` (the memory stream).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EpisodeWrite {
    pub episode: Episode,
    pub entities: Vec<EntityInput>,
    pub facts: Vec<FactInput>,
}

/// What a store writes atomically: all of it or none of it.
///
/// Idempotent by construction: entity mention counts are the number of distinct episodes mentioning
/// the entity, fact mention counts the number of distinct episodes stating the fact, so writing an
/// episode id that is already stored changes nothing.
///
/// When `document` is set the batch is that document's complete content: episodes of the document
/// that are not in the batch are deleted in the same transaction (a changed document replaces its old
/// episodes exactly).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct WriteBatch {
    pub document: Option<Document>,
    pub episodes: Vec<EpisodeWrite>,
}

/// What a write changed.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct WriteReport {
    /// Episodes that were new.
    pub episodes_written: u64,
    /// Episodes already stored (same id), left unchanged.
    pub episodes_skipped: u64,
    /// Episodes of the document removed because the new version no longer has them.
    pub episodes_replaced: u64,
    pub entities_created: u64,
    pub facts_created: u64,
    pub mentions_created: u64,
}

impl WriteBatch {
    /// Checks everything a store relies on before it touches data. Stores call this first, so an
    /// invalid batch is rejected whole with nothing written.
    pub fn validate(&self) -> Result<()> {
        if let Some(doc) = &self.document {
            Episode::validate_id(&doc.id)?;
        }
        let mut seen = HashSet::new();
        for ew in &self.episodes {
            let ep = &ew.episode;
            Episode::validate_id(&ep.id)?;
            ep.validate_labels()?;
            if !seen.insert(ep.id.as_str()) {
                return Err(Error::InvalidInput(format!(
                    "episode id {:?} appears twice in one batch",
                    ep.id
                )));
            }
            match (&self.document, &ep.document_id) {
                (Some(doc), Some(d)) if d == &doc.id => {}
                (Some(doc), _) => {
                    return Err(Error::InvalidInput(format!(
                        "episode {:?} is in the batch of document {:?} but names another document",
                        ep.id, doc.id
                    )))
                }
                (None, Some(d)) => Episode::validate_id(d)?,
                (None, None) => {}
            }
            let mut keys = HashSet::new();
            for e in &ew.entities {
                if e.name.trim().is_empty() {
                    return Err(Error::InvalidInput(format!(
                        "episode {:?}: entity {} has an empty name",
                        ep.id, e.key
                    )));
                }
                keys.insert(&e.key);
            }
            for f in &ew.facts {
                for end in [&f.subject, &f.object] {
                    if !keys.contains(end) {
                        return Err(Error::InvalidInput(format!(
                            "episode {:?}: fact end {end} is not among the episode's entities",
                            ep.id
                        )));
                    }
                }
                if f.subject == f.object {
                    return Err(Error::InvalidInput(format!(
                        "episode {:?}: fact {} {} {} links an entity to itself",
                        ep.id, f.subject, f.rel_type, f.object
                    )));
                }
                if !(0.0..=1.0).contains(&f.confidence) {
                    return Err(Error::InvalidInput(format!(
                        "episode {:?}: confidence {} outside 0..=1",
                        ep.id, f.confidence
                    )));
                }
                if let Some(t) = &f.occurred {
                    crate::validate_event_time(t).map_err(|e| match e {
                        Error::InvalidInput(m) => Error::InvalidInput(format!(
                            "episode {:?}: fact {} {} {}: {m}",
                            ep.id, f.subject, f.rel_type, f.object
                        )),
                        other => other,
                    })?;
                }
                if f.predicate.trim().is_empty() {
                    return Err(Error::InvalidInput(format!(
                        "episode {:?}: fact {} -> {} has an empty predicate",
                        ep.id, f.subject, f.object
                    )));
                }
            }
        }
        Ok(())
    }

    pub fn is_empty(&self) -> bool {
        self.document.is_none() && self.episodes.is_empty()
    }
}
