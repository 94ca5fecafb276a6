//! The further hops of a multi-hop question, found by text: when the query links a specific
//! entity (its first hop is then precise), each entity the first-hop passage names that appears
//! elsewhere too (the bridge: "the author of Brand" -> Henrik Ibsen) is searched by its name with
//! the question's other words, and those hits are candidates too; the best of them that names a
//! bridge is the start of a third hop ("the country of the author of Brand"). One search per
//! bridge, not one for all: a rare name would otherwise take every place. Graph-only search
//! reached a bridge's newest mentions; this finds the one among them that speaks to the question.
//! It runs as soon as the text hits' entities are read, beside the neighbourhoods.

use std::collections::HashSet;

use mnemo_core::{Entity, EntityKey, EpisodeEntities, GraphStore, Tenant, TextHit};
use mnemo_retrieve::LinkedEntity;

use crate::MemoryError;

/// Hops searched beyond the first: the second, and a third from the second's best passage.
const HOPS: usize = 2;
/// What a hop's hits weigh relative to the hop before.
const HOP_DECAY: f64 = 0.7;
/// Bridge entities searched for at each hop (a passage names about a dozen that appear
/// elsewhere).
const NAMES: usize = 12;
/// Hits asked of each bridge's search.
const HITS_PER_NAME: usize = 3;
/// Best hits of a hop looked at for the next hop's starting passage.
const NEXT_CANDIDATES: usize = 5;
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

/// What the further hops found: the bridge names they searched for, and their hits with scores
/// relative to the second hop's best (a third hop's weigh `HOP_DECAY` as much).
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

/// Runs the further hops, or returns None when they should not run (no specific seed, no other
/// query word, no bridge in the first-hop passage) or found nothing. `query_words` are the query's
/// words other than its seeds' names.
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
    let mut used: HashSet<EntityKey> = seeds.iter().map(|s| s.entity.key.clone()).collect();
    let mut sources: HashSet<String> = HashSet::from([first.episode.clone()]);
    let mut from = first.entities.clone();
    let mut out = SecondHop::default();
    for hop in 0..HOPS {
        let Some((names, keys, hits)) = hop_once(store, tenant, &from, &used, query_words).await?
        else {
            break;
        };
        let decay = HOP_DECAY.powi(hop as i32);
        let best = hits.first().map_or(1.0, |h| h.score).max(f32::MIN_POSITIVE);
        for h in &hits {
            let score = decay as f32 * h.score / best;
            match out.hits.iter_mut().find(|o| o.episode == h.episode) {
                Some(o) => o.score = o.score.max(score),
                None => out.hits.push(TextHit {
                    episode: h.episode.clone(),
                    score,
                }),
            }
        }
        out.names.extend(names);
        used.extend(keys.iter().cloned());
        if hop + 1 == HOPS {
            break;
        }
        // The next hop starts from the best hit that mentions one of this hop's bridges.
        let ids: Vec<String> = hits
            .iter()
            .filter(|h| !sources.contains(&h.episode))
            .take(NEXT_CANDIDATES)
            .map(|h| h.episode.clone())
            .collect();
        let entities = store.episode_entities(tenant, &ids).await?;
        let next = ids.iter().find_map(|id| {
            entities
                .iter()
                .find(|e| &e.episode == id && e.entities.iter().any(|k| keys.contains(k)))
        });
        let Some(next) = next else {
            break;
        };
        sources.insert(next.episode.clone());
        from = next.entities.clone();
    }
    out.hits
        .sort_by(|a, b| b.score.total_cmp(&a.score).then(a.episode.cmp(&b.episode)));
    Ok((!out.hits.is_empty()).then_some(out))
}

/// One hop: the bridges among `from` (entities not `used`, seen in another text too, the most
/// specific first), and for each the best texts for its name with the query's words.
async fn hop_once(
    store: &dyn GraphStore,
    tenant: &Tenant,
    from: &[EntityKey],
    used: &HashSet<EntityKey>,
    query_words: &[&str],
) -> Result<Option<(Vec<String>, Vec<EntityKey>, Vec<TextHit>)>, MemoryError> {
    let keys: Vec<EntityKey> = from
        .iter()
        .filter(|k| !used.contains(*k))
        .cloned()
        .collect();
    if keys.is_empty() {
        return Ok(None);
    }
    let mut bridges = store.get_entities(tenant, &keys).await?;
    // An entity mentioned only in the passage it was found in leads nowhere.
    bridges.retain(|b| b.mentions >= 2);
    bridges.sort_by(|a, b| {
        specificity(b)
            .total_cmp(&specificity(a))
            .then(a.key.cmp(&b.key))
    });
    bridges.truncate(NAMES);
    if bridges.is_empty() {
        return Ok(None);
    }
    let words = query_words.join(" ");
    let found = futures::future::try_join_all(bridges.iter().map(|b| {
        let q = format!("{words} {}", b.name);
        async move { store.search_text(tenant, &q, HITS_PER_NAME).await }
    }))
    .await?;
    let mut hits: Vec<TextHit> = Vec::new();
    for h in found.into_iter().flatten() {
        match hits.iter_mut().find(|o| o.episode == h.episode) {
            Some(o) => o.score = o.score.max(h.score),
            None => hits.push(h),
        }
    }
    hits.sort_by(|a, b| b.score.total_cmp(&a.score).then(a.episode.cmp(&b.episode)));
    let names = bridges.iter().map(|b| b.name.clone()).collect();
    let keys = bridges.into_iter().map(|b| b.key).collect();
    Ok(Some((names, keys, hits)))
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
