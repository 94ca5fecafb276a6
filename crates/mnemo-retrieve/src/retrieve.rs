//! The retrieval pipeline: link the query, fetch each seed's capped depth-2 neighbourhood, merge them
//! into one subgraph and join it.

use mnemo_core::{EntityKey, Fact, GraphStore, NeighbourhoodQuery, Subgraph, Tenant};
use serde::{Deserialize, Serialize};

use crate::join::{join, JoinConfig, Path};
use crate::link::{link_entities, LinkConfig, LinkedEntity};
use crate::RetrieveError;

/// Everything retrieval can be tuned by; the defaults suit a 1,000-token context.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct RetrieveConfig {
    pub link: LinkConfig,
    /// Neighbourhood depth, 1 or 2.
    pub depth: u8,
    /// Fan-out cap per hop (highest-ranked edges first); a missing entry repeats the last.
    pub fanout: Vec<usize>,
    /// Most facts fetched per seed.
    pub max_facts_per_seed: usize,
    pub join: JoinConfig,
}

impl Default for RetrieveConfig {
    fn default() -> Self {
        RetrieveConfig {
            link: LinkConfig::default(),
            depth: 2,
            fanout: vec![32, 8],
            max_facts_per_seed: 256,
            join: JoinConfig::default(),
        }
    }
}

/// What retrieval found for a query. No seeds means a miss.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Retrieval {
    /// Linked query entities, best first.
    pub seeds: Vec<LinkedEntity>,
    /// The union of the seeds' neighbourhoods; entities and facts in key order.
    pub subgraph: Subgraph,
    /// Paths connecting pairs of seeds, shortest and strongest first.
    pub paths: Vec<Path>,
    /// Per fact of `subgraph.facts`: hop distance from the nearest seed (1 = touches a seed).
    pub fact_hops: Vec<Option<u8>>,
}

impl Retrieval {
    /// True when nothing in the store matched the query.
    pub fn is_miss(&self) -> bool {
        self.seeds.is_empty()
    }

    pub fn seed_keys(&self) -> Vec<EntityKey> {
        self.seeds.iter().map(|s| s.entity.key.clone()).collect()
    }
}

/// Links the query and retrieves around what it links to.
pub async fn retrieve(
    store: &dyn GraphStore,
    tenant: &Tenant,
    query: &str,
    cfg: &RetrieveConfig,
) -> Result<Retrieval, RetrieveError> {
    let seeds = link_entities(store, tenant, query, &cfg.link).await?;
    retrieve_around(store, tenant, seeds, cfg).await
}

/// Retrieves the joined neighbourhood of already-linked seeds.
pub async fn retrieve_around(
    store: &dyn GraphStore,
    tenant: &Tenant,
    seeds: Vec<LinkedEntity>,
    cfg: &RetrieveConfig,
) -> Result<Retrieval, RetrieveError> {
    if seeds.is_empty() {
        return Ok(Retrieval::default());
    }
    // One query per seed, so each seed gets its own fact budget and a hub seed cannot starve the
    // others; the queries run concurrently.
    let queries: Vec<NeighbourhoodQuery> = seeds
        .iter()
        .map(|s| NeighbourhoodQuery {
            seeds: vec![s.entity.key.clone()],
            depth: cfg.depth.clamp(1, mnemo_core::MAX_DEPTH),
            fanout: cfg.fanout.clone(),
            max_facts: cfg.max_facts_per_seed,
        })
        .collect();
    let parts =
        futures::future::try_join_all(queries.iter().map(|q| store.neighbourhood(tenant, q)))
            .await?;
    let mut subgraph = merge(parts);
    // A seed always appears, even if the store left it out.
    for s in &seeds {
        if !subgraph.entities.iter().any(|e| e.key == s.entity.key) {
            subgraph.entities.push(s.entity.clone());
        }
    }
    subgraph.entities.sort_by(|a, b| a.key.cmp(&b.key));
    let keys: Vec<EntityKey> = seeds.iter().map(|s| s.entity.key.clone()).collect();
    let joined = join(&subgraph, &keys, &cfg.join);
    tracing::debug!(
        seeds = seeds.len(),
        entities = subgraph.entities.len(),
        facts = subgraph.facts.len(),
        paths = joined.paths.len(),
        "retrieved neighbourhood"
    );
    Ok(Retrieval {
        seeds,
        subgraph,
        paths: joined.paths,
        fact_hops: joined.fact_hops,
    })
}

/// Unions subgraphs: entities by key, facts by (subject, type, object), both in key order. The
/// first occurrence wins (a stable sort keeps parts in order).
pub fn merge(parts: Vec<Subgraph>) -> Subgraph {
    let mut entities = Vec::new();
    let mut facts = Vec::new();
    for part in parts {
        entities.extend(part.entities);
        facts.extend(part.facts);
    }
    entities.sort_by(|a, b| a.key.cmp(&b.key));
    entities.dedup_by(|later, first| later.key == first.key);
    facts.sort_by(|a, b| id(a).cmp(&id(b)));
    facts.dedup_by(|later, first| id(later) == id(first));
    Subgraph { entities, facts }
}

fn id(f: &Fact) -> (&EntityKey, &str, &EntityKey) {
    (&f.subject, f.rel_type.as_str(), &f.object)
}
