//! The entities related to this query, for the knowledge-store section: those the best lexical hits
//! mention and those at the ends of the best facts (seeds left out), most related first, then by
//! importance (frequency with recency decay). A tenant's global top list said the same five names
//! for every query.

use std::collections::HashSet;

use mnemo_core::{Entity, EntityKey, EpisodeEntities, GraphStore, Tenant, TextHit, Timestamp};
use mnemo_retrieve::Retrieval;
use rustc_hash::FxHashMap;

use crate::importance::RankedEntity;
use crate::rank::ScoredFact;
use crate::MemoryError;

/// Lexical hits and facts whose entities are considered.
const HITS: usize = 10;
const FACTS: usize = 12;

/// What a search found that relates entities to the query.
pub(crate) struct Relations<'a> {
    pub retrieval: &'a Retrieval,
    pub facts: &'a [ScoredFact],
    pub lexical: &'a [TextHit],
    pub hit_entities: &'a [EpisodeEntities],
}

/// How related each entity is: the lexical score (relative to the best hit) of every hit that
/// mentions it, plus half the relative score of every top fact it ends. Seeds are left out.
pub(crate) fn relatedness(r: &Relations<'_>) -> Vec<(EntityKey, f64)> {
    let seeds: HashSet<&EntityKey> = r.retrieval.seeds.iter().map(|s| &s.entity.key).collect();
    let mut score: FxHashMap<&EntityKey, f64> = FxHashMap::default();
    let best = crate::lexical::best_score(r.lexical);
    for h in r.lexical.iter().take(HITS) {
        let Some(ee) = r.hit_entities.iter().find(|e| e.episode == h.episode) else {
            continue;
        };
        for k in ee.entities.iter().filter(|k| !seeds.contains(k)) {
            *score.entry(k).or_default() += f64::from(h.score) / best;
        }
    }
    let top = r
        .facts
        .first()
        .map_or(1.0, |f| f.score)
        .max(f64::MIN_POSITIVE);
    for f in r.facts.iter().take(FACTS) {
        for k in [&f.subject, &f.object] {
            if !seeds.contains(k) {
                *score.entry(k).or_default() += 0.5 * f.score / top;
            }
        }
    }
    let mut out: Vec<(EntityKey, f64)> = score.into_iter().map(|(k, s)| (k.clone(), s)).collect();
    out.sort_by(|a, b| b.1.total_cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    out
}

/// The `limit` entities most related to the query (see `relatedness`), ties by importance.
pub(crate) async fn related_entities(
    store: &dyn GraphStore,
    tenant: &Tenant,
    r: &Relations<'_>,
    now: Timestamp,
    half_life_days: f64,
    limit: usize,
) -> Result<Vec<RankedEntity>, MemoryError> {
    if limit == 0 {
        return Ok(Vec::new());
    }
    let mut ranked = relatedness(r);
    // Twice the limit, so that ties at the cut are settled by importance.
    ranked.truncate(limit.saturating_mul(2));
    let known: FxHashMap<&EntityKey, &Entity> = r
        .retrieval
        .subgraph
        .entities
        .iter()
        .map(|e| (&e.key, e))
        .collect();
    let missing: Vec<EntityKey> = ranked
        .iter()
        .filter(|(k, _)| !known.contains_key(k))
        .map(|(k, _)| k.clone())
        .collect();
    let fetched = if missing.is_empty() {
        Vec::new()
    } else {
        store.get_entities(tenant, &missing).await?
    };
    let by_key: FxHashMap<&EntityKey, &Entity> = known
        .into_iter()
        .chain(fetched.iter().map(|e| (&e.key, e)))
        .collect();
    let mut out: Vec<(f64, RankedEntity)> = ranked
        .iter()
        .filter_map(|(k, s)| Some((*s, RankedEntity::new(by_key.get(k)?, now, half_life_days))))
        .collect();
    out.sort_by(|a, b| {
        b.0.total_cmp(&a.0)
            .then(b.1.score.total_cmp(&a.1.score))
            .then(a.1.key.cmp(&b.1.key))
    });
    out.truncate(limit);
    Ok(out.into_iter().map(|(_, e)| e).collect())
}
