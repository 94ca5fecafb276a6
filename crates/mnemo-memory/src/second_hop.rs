//! The second hop of a multi-hop question, found by text: when the query links a specific entity
//! (its first hop is then precise), the names of the entities its best text hit mentions (the
//! bridge: "the author of Brand" -> Henrik Ibsen) are searched with the question's other words,
//! and those hits are candidates too. Graph-only search reached a bridge's newest mentions; this
//! finds the one among them that speaks to the question.

use mnemo_core::{Entity, TextHit};
use mnemo_retrieve::Retrieval;

use crate::sources::Found;

/// Names of the bridge entities added to the second search.
const NAMES: usize = 3;
/// Hits asked of the second search.
pub(crate) const HITS: usize = 20;
/// The second hop runs when some seed's relative specificity, squared, is at least this: an entity
/// mentioned at most about three times.
const MIN_SPECIFICITY: f64 = 0.5;

/// The text of the second search and the bridge names in it, or None when it should not run. `bridges` are the bridge
/// entities already read (most specific first); `query_words` the query's words other than its
/// seeds' names; `relative_specificity` the snippet stage's measure.
pub(crate) fn second_query(
    found: &Found<'_>,
    retrieval: &Retrieval,
    bridges: &[Entity],
    query_words: &[&str],
    relative_specificity: impl Fn(&Entity) -> f64,
) -> Option<(String, Vec<String>)> {
    let precise = retrieval
        .seeds
        .iter()
        .map(|s| relative_specificity(&s.entity).powi(2))
        .fold(0.0, f64::max)
        >= MIN_SPECIFICITY;
    if !precise || query_words.is_empty() {
        return None;
    }
    let mentioned = first_hop(found, retrieval)?;
    // Bridges keep their order (most specific first); only those the best hit mentions.
    let names: Vec<&str> = bridges
        .iter()
        .filter(|b| mentioned.entities.contains(&b.key))
        .take(NAMES)
        .map(|b| b.name.as_str())
        .collect();
    if names.is_empty() {
        return None;
    }
    Some((
        format!("{} {}", query_words.join(" "), names.join(" ")),
        names.iter().map(|n| n.to_string()).collect(),
    ))
}

/// What the first hop's passage mentions: the best text hit that mentions a seed, or without
/// seeds the best text hit (the passage about the query's entity, not one sharing its other words).
pub(crate) fn first_hop<'a>(
    found: &Found<'a>,
    retrieval: &Retrieval,
) -> Option<&'a mnemo_core::EpisodeEntities> {
    let entities = |id: &str| found.hit_entities.iter().find(|e| e.episode == id);
    if retrieval.seeds.is_empty() {
        return entities(&found.lexical.first()?.episode);
    }
    found.lexical.iter().find_map(|h| {
        entities(&h.episode).filter(|e| {
            retrieval
                .seeds
                .iter()
                .any(|s| e.entities.contains(&s.entity.key))
        })
    })
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
