//! `search`: the entry point the facade calls. Links the query, retrieves and joins, ranks facts and
//! entities, gathers snippets, and assembles the context under the token budget.

use std::collections::HashSet;

use mnemo_core::{EntityKey, GraphStore, Tenant, Timestamp};
use mnemo_retrieve::{retrieve, tokenize};

use crate::compose::compose;
use crate::history::ChatTurn;
use crate::knowledge::top_entities_at;
use crate::rank::{content_words, rank_top_facts};
use crate::result::SearchResult;
use crate::sources::gather_snippets;
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
    let retrieval = retrieve(store, tenant, query, &rcfg).await?;
    if retrieval.is_miss() {
        tracing::debug!(tenant = %tenant, "search miss: nothing linked");
        return Ok(SearchResult::miss(query, cfg.budget_tokens));
    }

    let seed_keys: HashSet<EntityKey> = retrieval.seed_keys().into_iter().collect();
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
    let stats = store.stats(tenant).await?;
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
    let snippets = if cfg.snippets && cfg.max_snippets > 0 {
        gather_snippets(store, tenant, &stats, &retrieval, &facts, &query_words, cfg).await?
    } else {
        Vec::new()
    };

    Ok(compose(
        query, &retrieval, &facts, &top, &snippets, history, cfg,
    ))
}
