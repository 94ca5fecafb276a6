//! The second hop of a multi-hop question, found by text: when the query links a specific entity
//! (its first hop is then precise), the names of the entities the first-hop passage mentions (the
//! bridge: "the author of Brand" -> Henrik Ibsen) are searched with the question's other words,
//! and those hits are candidates too. Graph-only search reached a bridge's newest mentions; this
//! finds the one among them that speaks to the question. It runs as soon as the text hits' entities
//! are read, beside the neighbourhoods (on Neo4j, not one more round trip after them).

use mnemo_core::{Entity, EpisodeEntities, GraphStore, Tenant, TextHit};
use mnemo_retrieve::LinkedEntity;

use crate::MemoryError;

/// Names of the bridge entities added to the second search.
const NAMES: usize = 3;
/// Hits asked of the second search.
const HITS: usize = 20;
/// The second hop runs when some seed's relative specificity, squared, is at least this: an entity
/// mentioned at most about three times.
const MIN_SPECIFICITY: f64 = 0.5;

/// How specific an entity is: a hub mentioned everywhere says little about a source.
pub(crate) fn specificity(e: &Entity) -> f64 {
    1.0 / (1.0 + (1.0 + e.mentions as f64).ln())
}

/// `specificity` relative to an entity mentioned once (1 for it, lower for any other).
pub(crate) fn relative_specificity(e: &Entity) -> f64 {
    specificity(e) * (1.0 + 2f64.ln())
}

/// What the second search found: the bridge names it was made of, and its hits.
#[derive(Debug, Clone, Default)]
pub struct SecondHop {
    pub names: Vec<String>,
    pub hits: Vec<TextHit>,
}

/// What the first hop's passage mentions: the best text hit that mentions a seed, or without
/// seeds the best text hit (the passage about the query's entity, not one sharing its other words).
pub(crate) fn first_hop<'a>(
    seeds: &[LinkedEntity],
    lexical: &[TextHit],
    hit_entities: &'a [EpisodeEntities],
) -> Option<&'a EpisodeEntities> {
    let entities = |id: &str| hit_entities.iter().find(|e| e.episode == id);
    if seeds.is_empty() {
        return entities(&lexical.first()?.episode);
    }
    lexical.iter().find_map(|h| {
        entities(&h.episode).filter(|e| seeds.iter().any(|s| e.entities.contains(&s.entity.key)))
    })
}

/// Runs the second search, or returns None when it should not run (no specific seed, no other
/// query word, no entity in the first-hop passage). `query_words` are the query's words other
/// than its seeds' names.
pub(crate) async fn second_hop(
    store: &dyn GraphStore,
    tenant: &Tenant,
    seeds: &[LinkedEntity],
    lexical: &[TextHit],
    hit_entities: &[EpisodeEntities],
    query_words: &[&str],
) -> Result<Option<SecondHop>, MemoryError> {
    let precise = seeds
        .iter()
        .map(|s| relative_specificity(&s.entity).powi(2))
        .fold(0.0, f64::max)
        >= MIN_SPECIFICITY;
    if !precise || query_words.is_empty() {
        return Ok(None);
    }
    let Some(first) = first_hop(seeds, lexical, hit_entities) else {
        return Ok(None);
    };
    let keys: Vec<_> = first
        .entities
        .iter()
        .filter(|k| !seeds.iter().any(|s| &s.entity.key == *k))
        .cloned()
        .collect();
    if keys.is_empty() {
        return Ok(None);
    }
    let mut bridges = store.get_entities(tenant, &keys).await?;
    bridges.sort_by(|a, b| {
        specificity(b)
            .total_cmp(&specificity(a))
            .then(a.key.cmp(&b.key))
    });
    let names: Vec<String> = bridges.iter().take(NAMES).map(|b| b.name.clone()).collect();
    let query = format!("{} {}", query_words.join(" "), names.join(" "));
    let hits = store.search_text(tenant, &query, HITS).await?;
    Ok(Some(SecondHop { names, hits }))
}

/// Evidence of each second-hop hit: `weight` times its score relative to the best one.
pub(crate) fn second_evidence(hits: &[TextHit], weight: f64) -> Vec<(String, f64)> {
    let best = hits
        .first()
        .map_or(1.0, |h| f64::from(h.score))
        .max(f64::MIN_POSITIVE);
    hits.iter()
        .map(|h| (h.episode.clone(), weight * f64::from(h.score) / best))
        .collect()
}
