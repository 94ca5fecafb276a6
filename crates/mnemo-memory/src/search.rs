//! `search`: the entry point the facade calls. Links the query, retrieves and joins, ranks facts and
//! entities, gathers snippets, and assembles the context under the token budget.

use std::collections::HashSet;

use mnemo_core::{EntityKey, GraphStore, Tenant, Timestamp};
use mnemo_retrieve::{link_entities, retrieve_around, tokenize};

use crate::compose::compose;
use crate::history::ChatTurn;
use crate::knowledge::top_entities_at;
use crate::rank::{content_words, rank_top_facts};
use crate::result::SearchResult;
use crate::sources::{gather_snippets, read_seed_sources, seed_mentions, Found};
use crate::{MemoryError, SearchConfig};

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
    cfg.validate()?;
    let rcfg = cfg.retrieve_config();
    let seeds = link_entities(store, tenant, query, &rcfg.link).await?;
    if seeds.is_empty() {
        tracing::debug!(tenant = %tenant, "search miss: nothing linked");
        return Ok(SearchResult::miss(query, cfg.budget_tokens));
    }
    // The seeds' memory streams, the tenant's counts and the names in the seeds' sources depend
    // only on the seeds: they are read while the neighbourhoods are (on Neo4j, statements in
    // flight together instead of in turn).
    let snippets_on = cfg.snippets && cfg.max_snippets > 0;
    let seed_keys: Vec<EntityKey> = seeds.iter().map(|s| s.entity.key.clone()).collect();
    let (retrieval, (stats, seed_mentions, sources)) = futures::future::try_join(
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
    .await?;

    let seed_keys: HashSet<EntityKey> = seed_keys.into_iter().collect();
    // Words of the question other than the seeds' names: what the answer is about.
    let mut query_words: HashSet<String> = tokenize(query, rcfg.link.max_query_words)
        .into_iter()
        .filter(|t| !t.stop)
        .map(|t| t.key)
        .collect();
    for s in &retrieval.seeds {
        for w in content_words(&s.entity.name) {
            query_words.remove(&w);
        }
    }
    let facts = rank_top_facts(
        &retrieval,
        &query_words,
        now,
        cfg.half_life_days,
        cfg.max_facts,
    );

    // Read once: both the knowledge-store list and the snippet caches are valid for these counts.
    let top = top_entities_at(
        store,
        tenant,
        &stats,
        now,
        cfg.half_life_days,
        cfg.top_entities,
        &seed_keys,
    )
    .await?;
    let snippets = match &sources {
        Some(sources) => {
            let found = Found {
                retrieval: &retrieval,
                seed_mentions: &seed_mentions,
                sources,
                facts: &facts,
            };
            gather_snippets(store, tenant, &stats, &found, &query_words, cfg).await?
        }
        None => Vec::new(),
    };

    Ok(compose(
        query, &retrieval, &facts, &top, &snippets, history, cfg,
    ))
}
