//! Gathering source snippets from the store: the seeds' own mentions (memory stream), the
//! provenance of the top facts, and one step further, the mentions of the entities those sources
//! and facts name. Candidates are scored by that evidence plus their overlap with the query.

use std::collections::HashSet;
use std::sync::Arc;

use mnemo_core::{Entity, EntityKey, Episode, GraphStore, MentionEvent, StoreStats, Tenant};
use mnemo_retrieve::{entities_in_text, LinkConfig, Retrieval};
use rustc_hash::FxHashMap;

use crate::cache::Episodes;
use crate::rank::ScoredFact;
use crate::snippets::{build_snippets, lexical_scores, Snippet};
use crate::{MemoryError, SearchConfig};

/// Mention events read per seed from the memory stream.
const SEED_MENTIONS: usize = 4;
/// Evidence weight of a seed's own mention.
const SEED_WEIGHT: f64 = 2.5;
/// Share of a fact's score credited to each episode stating it.
const FACT_WEIGHT: f64 = 0.5;
/// Entities followed from the first sources and facts, and mentions read per entity.
const BRIDGES: usize = 16;
const BRIDGE_MENTIONS: usize = 4;
/// Evidence weight of a mention of a followed entity, before its specificity.
const BRIDGE_WEIGHT: f64 = 1.5;
/// Weight of the query overlap (0..=1) in a candidate's score.
const LEXICAL_WEIGHT: f64 = 3.0;
/// Seed sources whose text is read for further entity names.
const TEXTS_READ: usize = 4;
/// Top facts whose provenance and far ends are considered.
const FACTS_CONSIDERED: usize = 12;

/// How specific an entity is: a hub mentioned everywhere says little about a source.
fn specificity(e: &Entity) -> f64 {
    1.0 / (1.0 + (1.0 + e.mentions as f64).ln())
}

/// The memory stream of each seed (its newest mention events), in seed order. `search` reads it
/// while the neighbourhoods are read, since it depends on the seeds only.
pub async fn seed_mentions(
    store: &dyn GraphStore,
    tenant: &Tenant,
    seeds: &[EntityKey],
) -> Result<Vec<Vec<MentionEvent>>, mnemo_core::Error> {
    futures::future::try_join_all(
        seeds
            .iter()
            .map(|k| store.mentions_of(tenant, k, SEED_MENTIONS)),
    )
    .await
}

/// What the search found before the snippet stage: the retrieval, the seeds' memory streams (from
/// `seed_mentions`, in seed order) and the ranked facts.
pub struct Found<'a> {
    pub retrieval: &'a Retrieval,
    pub seed_mentions: &'a [Vec<MentionEvent>],
    pub facts: &'a [ScoredFact],
}

/// Snippets for the context, best first, at most `cfg.max_snippets`. `stats` are the tenant's
/// counts read at the start of the search (they validate what is cached from earlier searches).
pub async fn gather_snippets(
    store: &dyn GraphStore,
    tenant: &Tenant,
    stats: &StoreStats,
    found: &Found<'_>,
    query_words: &HashSet<String>,
    cfg: &SearchConfig,
) -> Result<Vec<Snippet>, MemoryError> {
    let (retrieval, mentions, facts) = (found.retrieval, found.seed_mentions, found.facts);
    let cache = Episodes::new(store, tenant, stats);
    let mut evidence: FxHashMap<String, f64> = FxHashMap::default();
    let seeds: HashSet<&EntityKey> = retrieval.seeds.iter().map(|s| &s.entity.key).collect();
    for m in mentions.iter().flatten() {
        *evidence.entry(m.episode.clone()).or_default() += SEED_WEIGHT;
    }
    let top_facts = &facts[..facts.len().min(FACTS_CONSIDERED)];
    let mut fact_ids: Vec<String> = Vec::new();
    for f in top_facts {
        for ep in f.episodes.iter().rev().take(2) {
            *evidence.entry(ep.clone()).or_default() += FACT_WEIGHT * f.score;
            fact_ids.push(ep.clone());
        }
    }
    fact_ids.sort_unstable();
    fact_ids.dedup();
    let seed_eps: HashSet<&str> = mentions
        .iter()
        .flatten()
        .map(|m| m.episode.as_str())
        .collect();
    let mut seed_ids: Vec<String> = seed_eps.iter().map(|id| id.to_string()).collect();
    seed_ids.sort_unstable();
    // The seeds' episodes came with their memory streams (a store may keep them: Neo4j does for a
    // second), so this read is usually answered without the store doing any work.
    let seed_texts = cache.get(store, tenant, &seed_ids).await?;

    // One step further: entities named by the seeds' sources and the top facts' far ends.
    let link = LinkConfig::default();
    let mut bridges: Vec<Entity> = Vec::new();
    let mut seen: HashSet<EntityKey> = seeds.iter().map(|k| (*k).clone()).collect();
    // The seeds' best-supported sources are read for names; more would cost more than it finds.
    let mut texts: Vec<&Episode> = seed_texts.iter().map(|e| &**e).collect();
    texts.sort_by(|a, b| {
        let score = |e: &Episode| evidence.get(&e.id).copied().unwrap_or(0.0);
        score(b).total_cmp(&score(a)).then(a.id.cmp(&b.id))
    });
    texts.truncate(TEXTS_READ);
    // The texts not named yet are linked concurrently (a store that batches concurrent lookups,
    // Neo4j, answers them with one statement instead of one round trip each), and the top facts'
    // episodes are read meanwhile.
    let cached: Vec<Option<Arc<Vec<Entity>>>> =
        texts.iter().map(|ep| cache.named(&ep.id)).collect();
    let (linked, fact_texts) = futures::future::try_join(
        async {
            futures::future::try_join_all(
                texts
                    .iter()
                    .zip(&cached)
                    .filter(|(_, c)| c.is_none())
                    .map(|(ep, _)| entities_in_text(store, tenant, &ep.content, &link, BRIDGES)),
            )
            .await
            .map_err(MemoryError::from)
        },
        async {
            cache
                .get(store, tenant, &fact_ids)
                .await
                .map_err(MemoryError::from)
        },
    )
    .await?;
    // The episodes of the evidence so far, each once, in id order: the two reads above.
    let mut episodes: Vec<Arc<Episode>> = seed_texts
        .iter()
        .chain(&fact_texts)
        .map(|e| (e.id.as_str(), e))
        .collect::<std::collections::BTreeMap<_, _>>()
        .into_values()
        .cloned()
        .collect();
    let mut linked = linked.into_iter();
    let mut named_texts = Vec::with_capacity(texts.len());
    for (ep, c) in texts.iter().zip(cached) {
        let named = match c {
            Some(named) => named,
            None => {
                let l = linked.next().unwrap_or_default();
                let named = Arc::new(l.into_iter().map(|l| l.entity).collect::<Vec<_>>());
                cache.set_named(&ep.id, Arc::clone(&named));
                named
            }
        };
        named_texts.push(named);
    }
    for named in named_texts {
        for e in named.iter() {
            if seen.insert(e.key.clone()) {
                bridges.push(e.clone());
            }
        }
    }
    let far_ends: Vec<EntityKey> = top_facts
        .iter()
        .flat_map(|f| [f.subject.clone(), f.object.clone()])
        .filter(|k| !seen.contains(k))
        .collect();
    if !far_ends.is_empty() {
        for e in store.get_entities(tenant, &far_ends).await? {
            if seen.insert(e.key.clone()) {
                bridges.push(e);
            }
        }
    }
    bridges.sort_by(|a, b| {
        specificity(b)
            .total_cmp(&specificity(a))
            .then(a.key.cmp(&b.key))
    });
    bridges.truncate(BRIDGES);
    let bridge_mentions = futures::future::try_join_all(
        bridges
            .iter()
            .map(|b| store.mentions_of(tenant, &b.key, BRIDGE_MENTIONS)),
    )
    .await?;
    let mut new_ids = Vec::new();
    for (b, ms) in bridges.iter().zip(&bridge_mentions) {
        for m in ms {
            if !evidence.contains_key(&m.episode) {
                new_ids.push(m.episode.clone());
            }
            *evidence.entry(m.episode.clone()).or_default() += BRIDGE_WEIGHT * specificity(b);
        }
    }
    new_ids.sort();
    new_ids.dedup();
    if !new_ids.is_empty() {
        episodes.extend(cache.get(store, tenant, &new_ids).await?);
    }

    let lexical = lexical_scores(query_words, &episodes);
    let mut ranked: Vec<(String, f64)> = episodes
        .iter()
        .zip(&lexical)
        .map(|(e, lex)| {
            let s = evidence.get(&e.id).copied().unwrap_or(0.0) + LEXICAL_WEIGHT * lex;
            (e.id.clone(), s)
        })
        .collect();
    ranked.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    ranked.dedup_by(|a, b| a.0 == b.0);
    ranked.truncate(cfg.max_snippets);

    let mut names: Vec<&str> = retrieval
        .seeds
        .iter()
        .map(|s| s.entity.name.as_str())
        .collect();
    names.extend(bridges.iter().map(|b| b.name.as_str()));
    for f in top_facts {
        names.push(&f.subject_name);
        names.push(&f.object_name);
    }
    Ok(build_snippets(
        &ranked,
        &episodes,
        &names,
        query_words,
        cfg.snippet_chars,
    ))
}
