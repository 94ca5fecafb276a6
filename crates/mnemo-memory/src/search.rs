//! `search`: the entry point the facade calls. Links the query, retrieves and joins, ranks facts and
//! entities, gathers snippets, and assembles the context under the token budget.

use std::collections::HashSet;

use mnemo_core::{EntityKey, EpisodeEntities, GraphStore, Tenant, TextHit, Timestamp};
use mnemo_retrieve::{link_entities, retrieve_around, tokenize, LinkConfig, LinkedEntity};

use crate::compose::compose;
use crate::history::ChatTurn;
use crate::rank::{content_words, rank_top_facts};
use crate::related::{related_entities, Relations};
use crate::result::SearchResult;
use crate::second_hop::{first_hop_keys, second_hop};
use crate::snippets::coverage;
use crate::sources::{gather_snippets, read_seed_sources, seed_mentions, Found};
use crate::{MemoryError, SearchConfig};

/// Whether the best lexical hits of a query that links no entity speak to enough of it to be a
/// hit: together they hold at least `min_text_coverage` of its content words. Below that the
/// matches are incidental ("Who won the World Cup?" against a memory where someone once "won"),
/// and the explicit miss lets an agent fall back to another source.
async fn strong_text_evidence(
    store: &dyn GraphStore,
    tenant: &Tenant,
    query: &str,
    lexical: &[TextHit],
    cfg: &SearchConfig,
) -> Result<bool, MemoryError> {
    if lexical.is_empty() {
        return Ok(false);
    }
    let mut words: Vec<String> = tokenize(query, LinkConfig::default().max_query_words)
        .into_iter()
        .filter(|t| !t.stop)
        .map(|t| t.key)
        .collect();
    words.sort();
    words.dedup();
    let ids: Vec<String> = lexical
        .iter()
        .take(COVERAGE_HITS)
        .map(|h| h.episode.clone())
        .collect();
    let episodes = store.get_episode_texts(tenant, &ids).await?;
    let texts: Vec<&str> = episodes.iter().map(|e| e.content.as_str()).collect();
    Ok(coverage(&words, &texts) >= cfg.min_text_coverage)
}

/// The hits among `hits` whose texts were recorded at `t` or before (an as-of search).
async fn recorded_by(
    store: &dyn GraphStore,
    tenant: &Tenant,
    hits: Vec<TextHit>,
    t: Timestamp,
) -> Result<Vec<TextHit>, MemoryError> {
    let ids: Vec<String> = hits.iter().map(|h| h.episode.clone()).collect();
    let early: HashSet<String> = store
        .get_episode_texts(tenant, &ids)
        .await?
        .into_iter()
        .filter(|e| e.created_at <= t)
        .map(|e| e.id)
        .collect();
    Ok(hits
        .into_iter()
        .filter(|h| early.contains(&h.episode))
        .collect())
}

/// Lexical hits whose texts are checked for the coverage of a query that links nothing.
const COVERAGE_HITS: usize = 3;

/// The query's content words other than its seeds' names: what the answer is about.
fn other_words(query: &str, seeds: &[LinkedEntity], max_words: usize) -> HashSet<String> {
    let mut words: HashSet<String> = tokenize(query, max_words)
        .into_iter()
        .filter(|t| !t.stop)
        .map(|t| t.key)
        .collect();
    for s in seeds {
        for w in content_words(&s.entity.name) {
            words.remove(&w);
        }
    }
    words
}

/// Searches memory for `query` and returns a ranked context within `cfg.budget_tokens`, or an
/// explicit miss. `history` may be empty; `now` is the clock recency is measured against.
pub async fn search(
    store: &dyn GraphStore,
    tenant: &Tenant,
    query: &str,
    cfg: &SearchConfig,
    history: &[ChatTurn],
    now: Timestamp,
) -> Result<SearchResult, MemoryError> {
    search_as_of(store, tenant, query, cfg, history, now, None).await
}

/// `search` as memory stood at `as_of` (when given): facts valid then, nothing recorded after it,
/// recency measured from it.
pub async fn search_as_of(
    store: &dyn GraphStore,
    tenant: &Tenant,
    query: &str,
    cfg: &SearchConfig,
    history: &[ChatTurn],
    now: Timestamp,
    as_of: Option<Timestamp>,
) -> Result<SearchResult, MemoryError> {
    cfg.validate()?;
    let now = as_of.map_or(now, |t| t.min(now));
    let rcfg = cfg.retrieve_config();
    let snippets_on = cfg.snippets && cfg.max_snippets > 0;
    // Three branches run together, each going on as soon as what it needs is read (on Neo4j,
    // statements in flight together; a branch never waits for a read it does not use):
    // - the graph: the query's entities, then their neighbourhoods, memory streams and the names
    //   in their sources;
    // - the texts: the lexical index's hits with the entities they mention (every stored text is
    //   a candidate; see `sources.rs`), then the turns around the best of them;
    // - the second hop, which needs both the entities and the hits.
    let (seeds_tx, seeds_rx) = futures::channel::oneshot::channel::<Vec<LinkedEntity>>();
    type Hits = std::sync::Arc<(Vec<TextHit>, Vec<EpisodeEntities>)>;
    let (hits_tx, hits_rx) = futures::channel::oneshot::channel::<Hits>();
    let graph = async {
        let seeds = link_entities(store, tenant, query, &rcfg.link).await?;
        // As of a time, names first seen later were not known yet.
        let seeds: Vec<LinkedEntity> = match as_of {
            Some(t) => seeds
                .into_iter()
                .filter(|s| s.entity.first_seen <= t)
                .collect(),
            None => seeds,
        };
        let _ = seeds_tx.send(seeds.clone());
        let seed_keys: Vec<EntityKey> = seeds.iter().map(|s| s.entity.key.clone()).collect();
        // The seeds' memory streams, the tenant's counts and the names in the seeds' sources
        // depend only on the seeds: they are read while the neighbourhoods are.
        futures::future::try_join(
            async {
                retrieve_around(store, tenant, seeds, &rcfg)
                    .await
                    .map_err(MemoryError::from)
            },
            async {
                if !snippets_on {
                    let stats = store.stats(tenant).await?;
                    return Ok((stats, Vec::new(), None));
                }
                let (stats, mentions) = futures::future::try_join(
                    async { store.stats(tenant).await.map_err(MemoryError::from) },
                    async {
                        seed_mentions(store, tenant, &seed_keys)
                            .await
                            .map_err(MemoryError::from)
                    },
                )
                .await?;
                let sources = read_seed_sources(store, tenant, &stats, &mentions).await?;
                Ok::<_, MemoryError>((stats, mentions, Some(sources)))
            },
        )
        .await
    };
    let texts = async {
        let (lexical, hit_entities) = store
            .search_text_entities(tenant, query, cfg.lexical_candidates)
            .await?;
        // As of a time, texts recorded later were not there yet.
        let (lexical, hit_entities) = match as_of {
            Some(t) => {
                let lexical = recorded_by(store, tenant, lexical, t).await?;
                let kept: HashSet<&str> = lexical.iter().map(|h| h.episode.as_str()).collect();
                let hit_entities: Vec<_> = hit_entities
                    .into_iter()
                    .filter(|e| kept.contains(e.episode.as_str()))
                    .collect();
                (lexical, hit_entities)
            }
            None => (lexical, hit_entities),
        };
        let hits: Hits = std::sync::Arc::new((lexical, hit_entities));
        let _ = hits_tx.send(std::sync::Arc::clone(&hits));
        let lexical = &hits.0;
        // The neighbours of the best lexical hits (the turns around them) depend on those hits only.
        let near: Vec<String> = lexical
            .iter()
            .take(cfg.neighbour_hits)
            .map(|h| h.episode.clone())
            .collect();
        let neighbours = if near.is_empty() || cfg.neighbour_window == 0 {
            Vec::new()
        } else {
            store
                .episode_neighbours(tenant, &near, cfg.neighbour_window)
                .await?
        };
        Ok::<_, MemoryError>((hits, neighbours))
    };
    // Words of the question other than the seeds' names (what the answer is about), found with
    // the seeds and used by the second hop and the ranking.
    let hop = async {
        // A branch that failed sends nothing; its error is the search's.
        let (Ok(seeds), Ok(hits)) = (seeds_rx.await, hits_rx.await) else {
            return Ok((HashSet::new(), None, Vec::new()));
        };
        let (lexical, hit_entities) = (&hits.0, &hits.1);
        let query_words = other_words(query, &seeds, rcfg.link.max_query_words);
        let mut words: Vec<&str> = query_words.iter().map(String::as_str).collect();
        words.sort_unstable();
        // The first hop's names are read here, beside the neighbourhoods, for the second hop and
        // the snippets' bridges alike.
        let keys = first_hop_keys(&seeds, lexical, hit_entities);
        let first = if keys.is_empty() {
            Vec::new()
        } else {
            store.get_entities(tenant, &keys).await?
        };
        let second = second_hop(store, tenant, &seeds, &first, &words).await?;
        Ok::<_, MemoryError>((query_words, second, first))
    };
    // The things of the kind the question asks for ("What European countries ...") depend on the
    // query only.
    let kinds = async {
        if !snippets_on {
            return Ok(Vec::new());
        }
        let mut mentions = crate::asked_kind::kind_mentions(store, tenant, query).await?;
        if let Some(t) = as_of {
            mentions.retain(|m| m.at <= t);
        }
        Ok::<_, MemoryError>(mentions)
    };
    // The texts first: a store that searches its index on another thread (the embedded one) then
    // does the graph's reads meanwhile; on Neo4j the slowest statement is sent first.
    let (
        (hits, neighbours),
        (mut retrieval, (stats, mut seed_mentions, sources)),
        (query_words, second, first_hop),
        kind_mentions,
    ) = futures::future::try_join4(texts, graph, hop, kinds).await?;
    let (lexical, hit_entities) = (&hits.0, &hits.1);
    // With nothing linked, only texts can answer: without snippets there is nothing to show.
    if retrieval.seeds.is_empty()
        && !(snippets_on && strong_text_evidence(store, tenant, query, lexical, cfg).await?)
    {
        tracing::debug!(tenant = %tenant, "search miss: nothing linked, no text says enough");
        return Ok(SearchResult::miss(query, cfg.budget_tokens));
    }
    if let Some(t) = as_of {
        crate::validity::restrict_to(&mut retrieval, t);
        for ms in &mut seed_mentions {
            ms.retain(|m| m.at <= t);
        }
    }
    let days = crate::when::query_days(query, now);
    let facts = rank_top_facts(
        &retrieval,
        &query_words,
        now,
        cfg.half_life_days,
        &cfg.validity,
        cfg.max_facts,
    );

    let relations = Relations {
        retrieval: &retrieval,
        facts: &facts,
        lexical,
        hit_entities,
    };
    // The related entities and the snippets depend on what is read so far only: read together.
    let (top, snippets) = futures::future::try_join(
        related_entities(
            store,
            tenant,
            &relations,
            now,
            cfg.half_life_days,
            cfg.top_entities,
        ),
        async {
            let Some(sources) = &sources else {
                return Ok(Vec::new());
            };
            let found = Found {
                retrieval: &retrieval,
                seed_mentions: &seed_mentions,
                sources,
                facts: &facts,
                lexical,
                neighbours: &neighbours,
                days: &days,
                hit_entities,
                second: second.as_ref(),
                first_hop: &first_hop,
                kind_mentions: &kind_mentions,
                as_of,
            };
            gather_snippets(store, tenant, &stats, &found, &query_words, cfg).await
        },
    )
    .await?;

    Ok(compose(
        query, &retrieval, &facts, &top, &snippets, history, cfg,
    ))
}
