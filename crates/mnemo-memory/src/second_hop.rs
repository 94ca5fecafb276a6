//! The second hop of a multi-hop question, found by text: when the query links a specific entity
//! (its first hop is then precise), each entity the first-hop passage names that appears
//! elsewhere too (the bridge: "the author of Brand" -> Henrik Ibsen) is searched for among the
//! texts naming it, ranked by the question's other words, and those hits are candidates too. One
//! search per bridge, not one for all: a rare name would otherwise take every place. Graph-only
//! search reached a bridge's newest mentions; this finds the one among them that speaks to the
//! question. It runs as soon as the text hits' entities are read, beside the neighbourhoods.

use mnemo_core::{Entity, EntityKey, EpisodeEntities, GraphStore, Tenant, TextHit};
use mnemo_retrieve::LinkedEntity;

pub use crate::found::SecondHop;
use crate::MemoryError;

/// Bridge entities searched for (MuSiQue-100 R@5: 3 0.69, 6 0.708, 12 0.713; each costs a
/// search of its name's postings).
const NAMES: usize = 6;
/// Hits asked of each bridge's search.
const HITS_PER_NAME: usize = 3;
/// The second hop runs when some seed's relative specificity, squared, is at least this: an entity
/// mentioned at most twice (0.65; three times is 0.50). MuSiQue-100 R@5 0.711 at three, 0.714 at
/// two, and the search runs in 14 % of the latency bench's queries instead of 23 %.
const MIN_SPECIFICITY: f64 = 0.62;

/// How specific an entity is: a hub mentioned everywhere says little about a source.
pub(crate) fn specificity(e: &Entity) -> f64 {
    1.0 / (1.0 + (1.0 + e.mentions as f64).ln())
}

/// Sorts bridge entities most specific (least mentioned) first, ties by key.
pub(crate) fn most_specific_first(entities: &mut [Entity]) {
    entities.sort_by(|a, b| {
        specificity(b)
            .total_cmp(&specificity(a))
            .then(a.key.cmp(&b.key))
    });
}

/// `specificity` relative to an entity mentioned once (1 for it, lower for any other).
pub(crate) fn relative_specificity(e: &Entity) -> f64 {
    specificity(e) * (1.0 + 2f64.ln())
}

/// What the first hop's passage mentions: the best text hit that mentions a seed, or without
/// seeds the best text hit (the passage about the query's entity, not one sharing its other words).
fn first_hop<'a>(
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

/// The entities the first hop's passage names, other than the seeds: the second hop's bridges
/// and, for the snippets, names one step from the seeds. Read as soon as seeds and text hits are
/// known (beside the neighbourhoods), so that nothing after them waits for this read.
pub(crate) fn first_hop_keys(
    seeds: &[LinkedEntity],
    lexical: &[TextHit],
    hit_entities: &[EpisodeEntities],
) -> Vec<EntityKey> {
    let Some(first) = first_hop(seeds, lexical, hit_entities) else {
        return Vec::new();
    };
    first
        .entities
        .iter()
        .filter(|k| !seeds.iter().any(|s| &s.entity.key == *k))
        .cloned()
        .collect()
}

/// Runs the second hop, or returns None when it should not run (no specific seed, no other
/// query word, no bridge in the first-hop passage) or found nothing. `first` are the entities the
/// first-hop passage names (`first_hop_keys`, read); `query_words` are the query's words other
/// than its seeds' names.
pub(crate) async fn second_hop(
    store: &dyn GraphStore,
    tenant: &Tenant,
    seeds: &[LinkedEntity],
    first: &[Entity],
    query_words: &[&str],
) -> Result<Option<SecondHop>, MemoryError> {
    let precise = seeds
        .iter()
        .map(|s| relative_specificity(&s.entity).powi(2))
        .fold(0.0, f64::max)
        >= MIN_SPECIFICITY;
    if !precise || query_words.is_empty() || first.is_empty() {
        return Ok(None);
    }
    let mut bridges = first.to_vec();
    let regions = regions_named(&bridges, seeds);
    // An entity mentioned only in the passage it was found in leads nowhere.
    bridges.retain(|b| b.mentions >= 2);
    most_specific_first(&mut bridges);
    bridges.truncate(NAMES);
    let mut names: Vec<String> = bridges.into_iter().map(|b| b.name).collect();
    for r in regions {
        if names.len() > NAMES {
            break;
        }
        if !names.iter().any(|n| n.eq_ignore_ascii_case(&r)) {
            names.push(r);
        }
    }
    if names.is_empty() {
        return Ok(None);
    }
    let found = store
        .search_text_naming(tenant, &names, &query_words.join(" "), HITS_PER_NAME)
        .await?;
    let mut hits: Vec<TextHit> = Vec::new();
    for h in found.into_iter().flatten() {
        match hits.iter_mut().find(|o| o.episode == h.episode) {
            Some(o) => o.score = o.score.max(h.score),
            None => hits.push(h),
        }
    }
    hits.sort_by(|a, b| b.score.total_cmp(&a.score).then(a.episode.cmp(&b.episode)));
    Ok((!hits.is_empty()).then_some(SecondHop { names, hits }))
}

/// The regions that bridge names end with ("Gwanda District, Zimbabwe" -> "Zimbabwe", "Portland,
/// Oregon" -> "Oregon"), in order, none a seed's name: a place named with the region it lies in is
/// one entity, mentioned perhaps only there, while the region is the bridge a question goes on
/// from ("the waterfall in the country where the Bubye River is found"). MuSiQue-100 R@5 0.724 ->
/// 0.734, R@2 0.552 -> 0.557, with at most one region searched beyond the bridges. Likewise the
/// place a site or institution is named after ("West Chicago High School" -> "West Chicago":
/// `mnemo_extract::named_after_place`; R@2 0.566 -> 0.571, R@5 0.742 -> 0.747).
fn regions_named(bridges: &[Entity], seeds: &[LinkedEntity]) -> Vec<String> {
    let mut regions: Vec<String> = Vec::new();
    for b in bridges {
        let Some(r) = b
            .name
            .rsplit_once(", ")
            .map(|(_, r)| r.to_string())
            .or_else(|| {
                (b.entity_type != mnemo_core::EntityType::Person)
                    .then(|| mnemo_extract::named_after_place(&b.name))
                    .flatten()
            })
        else {
            continue;
        };
        let r = r.trim();
        if r.chars().next().is_some_and(char::is_uppercase)
            && !regions.iter().any(|x| x == r)
            && !seeds.iter().any(|s| s.entity.name.eq_ignore_ascii_case(r))
        {
            regions.push(r.to_string());
        }
    }
    regions
}

/// Evidence of each second-hop hit: `weight` times its score relative to the best one.
pub(crate) fn second_evidence(hits: &[TextHit], weight: f64) -> Vec<(String, f64)> {
    let best = crate::lexical::best_score(hits);
    hits.iter()
        .map(|h| (h.episode.clone(), weight * f64::from(h.score) / best))
        .collect()
}
