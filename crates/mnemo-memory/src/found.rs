//! What a search has found when it reaches the snippet stage, shared by the stages that rank
//! episodes (`sources.rs`, `lexical.rs`).

use std::sync::Arc;

use mnemo_core::{Entity, Episode, EpisodeEntities, EpisodeNeighbours, MentionEvent, TextHit};
use mnemo_retrieve::Retrieval;

use crate::rank::ScoredFact;

/// What the search found before the snippet stage: the retrieval, the seeds' memory streams (from
/// `seed_mentions`, in seed order) and the ranked facts.
pub struct Found<'a> {
    pub retrieval: &'a Retrieval,
    pub seed_mentions: &'a [Vec<MentionEvent>],
    pub sources: &'a SeedSources,
    pub facts: &'a [ScoredFact],
    /// The lexical index's hits for the query, best first.
    pub lexical: &'a [TextHit],
    /// The thread neighbours of the best lexical hits.
    pub neighbours: &'a [EpisodeNeighbours],
    /// The days the query names (`when::query_days`).
    pub days: &'a [(chrono::NaiveDate, chrono::NaiveDate)],
    /// The entities the lexical hits mention.
    pub hit_entities: &'a [EpisodeEntities],
    /// What the second hop found, when it ran.
    pub second: Option<&'a SecondHop>,
    /// The entities the first hop's passage names other than the seeds (`first_hop_keys`), read.
    pub first_hop: &'a [Entity],
    /// The mentions of the things of the kind the question asks for (`asked_kind`).
    pub kind_mentions: &'a [MentionEvent],
    /// An as-of search's time: texts recorded later are no evidence.
    pub as_of: Option<mnemo_core::Timestamp>,
}

/// The seeds' sources read for further names: their texts (the episodes of the seeds' memory
/// streams) and, for the best-supported `TEXTS_READ` of them, the entities they name.
pub struct SeedSources {
    pub(crate) texts: Vec<Arc<Episode>>,
    pub(crate) named: Vec<Arc<Vec<Entity>>>,
}

/// What the second hop found: the bridge names it searched for, and its hits (each episode once,
/// with its best score).
#[derive(Debug, Clone, Default)]
pub struct SecondHop {
    pub names: Vec<String>,
    pub hits: Vec<TextHit>,
}
