//! The read side of the store: lookups, rankings, the memory stream, export and the capped
//! neighbourhood (fetched in one statement, then replayed here exactly as the contract says).
//! Concurrent memory-stream and neighbourhood reads share one statement (`batch.rs`); counts and
//! episodes a search asks for again are remembered briefly (`cache.rs`).

mod batch;
mod cache;

use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::Arc;
use std::time::{Duration, Instant};

use mnemo_core::{
    Entity, EntityKey, Episode, Fact, MentionEvent, NeighbourhoodQuery, Result, StoreStats,
    Subgraph, Tenant, MAX_DEPTH,
};
use neo4rs::{query, BoltType, Graph};

use crate::cypher_read as cy;
use crate::db::{column, list, read_rows};
use crate::decode::{EdgeRow, EntityRow, EpisodeRow, FactRow, FrontierRow, MentionRow, SeedRow};
use batch::Coalescer;
use cache::ReadCache;

/// Neighbourhood reads are grouped by what their statement shares: tenant, depth and caps.
type HoodGroup = (Tenant, u8, usize, usize);
type HoodRows = (Vec<SeedRow>, Vec<FrontierRow>);
/// Name lookups answer (matched key, entity) pairs.
type NamePairs = Vec<(String, Entity)>;

/// Read-side state shared by the clones of a store.
#[derive(Debug)]
pub(crate) struct Reads {
    pub(crate) cache: ReadCache,
    mentions: Arc<Coalescer<Tenant, (EntityKey, usize), Vec<MentionEvent>>>,
    hoods: Arc<Coalescer<HoodGroup, Vec<EntityKey>, HoodRows>>,
    names: Arc<Coalescer<Tenant, Vec<String>, NamePairs>>,
}

impl Reads {
    pub(crate) fn new(cache_ttl: Duration) -> Self {
        Reads {
            cache: ReadCache::new(cache_ttl),
            mentions: Arc::default(),
            hoods: Arc::default(),
            names: Arc::default(),
        }
    }
}

fn strings(values: impl IntoIterator<Item = impl Into<String>>) -> BoltType {
    list(
        values
            .into_iter()
            .map(|s| BoltType::from(s.into()))
            .collect(),
    )
}

fn limit(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

async fn entities(graph: &Graph, q: neo4rs::Query) -> Result<Vec<Entity>> {
    read_rows(graph, q)
        .await?
        .iter()
        .map(|row| column::<EntityRow>(row, "e")?.into_entity())
        .collect()
}

/// Entities by key, in key order; those a neighbourhood or lookup of this search returned a
/// moment ago come from the cache (a search asks for the far ends of its top facts).
pub(crate) async fn get_entities(
    graph: &Graph,
    cache: &ReadCache,
    t: &Tenant,
    keys: &[EntityKey],
) -> Result<Vec<Entity>> {
    let distinct: Vec<&str> = {
        let mut seen = HashSet::new();
        keys.iter()
            .map(|k| k.as_str())
            .filter(|k| seen.insert(*k))
            .collect()
    };
    if distinct.is_empty() {
        return Ok(Vec::new());
    }
    let known = cache.entities(t, &distinct);
    let missing: Vec<&str> = distinct
        .into_iter()
        .filter(|k| !known.contains_key(*k))
        .collect();
    let mut found: Vec<Entity> = known.into_values().collect();
    if !missing.is_empty() {
        let q = query(&cy::get_entities())
            .param("tenant", t.as_str())
            .param("keys", strings(missing));
        let read_at = Instant::now();
        let fetched = entities(graph, q).await?;
        cache.put_entities(t, &fetched, read_at);
        found.extend(fetched);
    }
    // Sorted here too: Neo4j orders strings by UTF-16 units, Rust (and the contract) by bytes.
    found.sort_by(|a, b| a.key.cmp(&b.key));
    Ok(found)
}

/// Exact name and alias matches. Lookups made together share one statement over the union of
/// their keys; each gets the pairs whose matched key it asked for, in the statement's order.
pub(crate) async fn lookup_names(
    graph: &Graph,
    reads: &Arc<Reads>,
    t: &Tenant,
    keys: &[String],
) -> Result<Vec<(String, Entity)>> {
    if keys.is_empty() {
        return Ok(Vec::new());
    }
    let (graph, state, tenant) = (graph.clone(), Arc::clone(reads), t.clone());
    reads
        .names
        .call(t.clone(), keys.to_vec(), move |asks| async move {
            let cache = &state.cache;
            if let [only] = asks.as_slice() {
                return Ok(vec![lookup_names_once(&graph, cache, &tenant, only).await?]);
            }
            let all: Vec<String> = asks.iter().flatten().cloned().collect();
            let found = lookup_names_once(&graph, cache, &tenant, &all).await?;
            Ok(asks
                .iter()
                .map(|ask| {
                    let asked: HashSet<&str> = ask.iter().map(String::as_str).collect();
                    found
                        .iter()
                        .filter(|(k, _)| asked.contains(k.as_str()))
                        .cloned()
                        .collect()
                })
                .collect())
        })
        .await
}

async fn lookup_names_once(
    graph: &Graph,
    cache: &ReadCache,
    t: &Tenant,
    keys: &[String],
) -> Result<Vec<(String, Entity)>> {
    let distinct: Vec<&str> = {
        let mut seen = HashSet::new();
        keys.iter()
            .map(String::as_str)
            .filter(|k| seen.insert(*k))
            .collect()
    };
    let lucenes: Vec<BoltType> = distinct
        .chunks(cy::MAX_QUERY_WORDS)
        .map(|chunk| cy::alias_query(t.as_str(), chunk).into())
        .collect();
    let q = query(&cy::lookup_names())
        .param("tenant", t.as_str())
        .param("keys", strings(distinct.iter().copied()))
        .param("lucenes", list(lucenes));
    let mut out = Vec::new();
    let mut seen = HashSet::new();
    let read_at = Instant::now();
    for row in read_rows(graph, q).await? {
        let matched: String = column(&row, "matched")?;
        let e = column::<EntityRow>(&row, "e")?;
        if seen.insert((matched.clone(), e.key().to_string())) {
            out.push((matched, e.into_entity()?));
        }
    }
    cache.put_entities(t, out.iter().map(|(_, e)| e), read_at);
    // A fixed order, so that an answer never depends on which lookups happened to share a statement.
    out.sort_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1.key.cmp(&b.1.key)));
    Ok(out)
}

pub(crate) async fn find_by_tokens(
    graph: &Graph,
    t: &Tenant,
    tokens: &[String],
    n: usize,
) -> Result<Vec<Entity>> {
    let Some(lucene) = cy::token_query(t.as_str(), tokens) else {
        return Ok(Vec::new());
    };
    if n == 0 {
        return Ok(Vec::new());
    }
    let q = query(&cy::find_by_tokens())
        .param("tenant", t.as_str())
        .param("lucene", lucene)
        .param("limit", limit(n));
    // The statement returns whole mention-count groups (ties past the cut included), unordered.
    let mut found = entities(graph, q).await?;
    found.sort_by(|a, b| {
        b.mentions
            .cmp(&a.mentions)
            .then_with(|| b.last_seen.cmp(&a.last_seen))
            .then_with(|| a.key.cmp(&b.key))
    });
    found.truncate(n);
    Ok(found)
}

pub(crate) async fn top_entities(
    graph: &Graph,
    t: &Tenant,
    most_mentioned: bool,
    n: usize,
) -> Result<Vec<Entity>> {
    let q = query(&cy::top_entities(most_mentioned))
        .param("tenant", t.as_str())
        .param("limit", limit(n));
    entities(graph, q).await
}

/// The memory stream of one entity. Calls made together are answered by one statement, which
/// also brings the episodes (remembered for the `get_episodes` call a search makes next).
pub(crate) async fn mentions_of(
    graph: &Graph,
    reads: &Arc<Reads>,
    t: &Tenant,
    key: &EntityKey,
    n: usize,
) -> Result<Vec<MentionEvent>> {
    if n == 0 {
        return Ok(Vec::new());
    }
    let (graph, state, tenant) = (graph.clone(), Arc::clone(reads), t.clone());
    reads
        .mentions
        .call(t.clone(), (key.clone(), n), move |asks| async move {
            mentions_many(&graph, &state.cache, &tenant, asks).await
        })
        .await
}

async fn mentions_many(
    graph: &Graph,
    cache: &ReadCache,
    t: &Tenant,
    asks: Vec<(EntityKey, usize)>,
) -> Result<Vec<Vec<MentionEvent>>> {
    let q = query(&cy::mentions_of())
        .param("tenant", t.as_str())
        .param("keys", strings(asks.iter().map(|(k, _)| k.as_str())))
        .param(
            "limits",
            list(asks.iter().map(|(_, n)| limit(*n).into()).collect()),
        )
        .param("recent", crate::top_edges::recent_param());
    let read_at = Instant::now();
    let rows = read_rows(graph, q).await?;
    let mut out: Vec<Vec<MentionEvent>> = vec![Vec::new(); asks.len()];
    let mut episodes: Vec<Episode> = Vec::new();
    for row in rows {
        let i: i64 = column(&row, "i")?;
        let Some((key, _)) = usize::try_from(i).ok().and_then(|i| asks.get(i)) else {
            continue;
        };
        let ms: Vec<MentionRow> = column(&row, "ms")?;
        let slot = &mut out[i as usize];
        for m in ms {
            let ep = m.ep.into_episode()?;
            slot.push(MentionEvent {
                entity: key.clone(),
                episode: ep.id.clone(),
                at: m.at.with_timezone(&chrono::Utc),
            });
            episodes.push(ep);
        }
        // Newest first, as the statement collected them; sorted here too because Cypher only
        // promises `collect` order right after an ORDER BY, and the statement cuts in between.
        slot.sort_by(|a, b| b.at.cmp(&a.at).then_with(|| b.episode.cmp(&a.episode)));
    }
    cache.put_episodes(t, &episodes, read_at);
    Ok(out)
}

/// Episodes by id in the order asked; those a search read a moment ago come from the cache.
pub(crate) async fn get_episodes(
    graph: &Graph,
    cache: &ReadCache,
    t: &Tenant,
    ids: &[String],
) -> Result<Vec<Episode>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let mut found = cache.episodes(t, ids);
    let missing: Vec<&str> = {
        let mut seen = HashSet::new();
        ids.iter()
            .map(String::as_str)
            .filter(|id| !found.contains_key(*id) && seen.insert(*id))
            .collect()
    };
    if !missing.is_empty() {
        let q = query(&cy::get_episodes())
            .param("tenant", t.as_str())
            .param("ids", strings(missing));
        let read_at = Instant::now();
        let mut fetched = Vec::new();
        for row in read_rows(graph, q).await? {
            fetched.push(column::<EpisodeRow>(&row, "ep")?.into_episode()?);
        }
        cache.put_episodes(t, &fetched, read_at);
        found.extend(fetched.into_iter().map(|ep| (ep.id.clone(), ep)));
    }
    Ok(ids.iter().filter_map(|id| found.get(id).cloned()).collect())
}

/// The tenant's counts, remembered briefly (a search reads them every time).
pub(crate) async fn stats(graph: &Graph, cache: &ReadCache, t: &Tenant) -> Result<StoreStats> {
    if let Some(s) = cache.stats(t) {
        return Ok(s);
    }
    let read_at = Instant::now();
    let s = crate::counts::stats(graph, t).await?;
    cache.put_stats(t, s.clone(), read_at);
    Ok(s)
}

pub(crate) async fn export(graph: &Graph, t: &Tenant) -> Result<Subgraph> {
    let ents = entities(
        graph,
        query(&cy::export_entities()).param("tenant", t.as_str()),
    )
    .await?;
    let facts = read_rows(
        graph,
        query(&cy::export_facts()).param("tenant", t.as_str()),
    )
    .await?
    .iter()
    .map(|row| column::<FactRow>(row, "f")?.into_fact())
    .collect::<Result<Vec<Fact>>>()?;
    Ok(Subgraph {
        entities: ents,
        facts,
    })
}

/// Fetches the capped neighbourhood and replays the traversal of the contract: frontier nodes in
/// discovery order, each contributing a prefix of its ranked edges, duplicates skipped, stopping
/// at `max_facts`. Queries made together with the same depth and caps share one statement.
pub(crate) async fn neighbourhood(
    graph: &Graph,
    reads: &Arc<Reads>,
    t: &Tenant,
    nq: &NeighbourhoodQuery,
) -> Result<Subgraph> {
    if nq.seeds.is_empty() {
        return Ok(Subgraph::default());
    }
    let depth = nq.depth.clamp(1, MAX_DEPTH);
    let group = (t.clone(), depth, nq.fanout_at(1), nq.fanout_at(2));
    let (graph, g) = (graph.clone(), group.clone());
    // Taken before the statement is sent (it may be a shared one started a moment later).
    let read_at = Instant::now();
    let (mut hop1, hop2) = reads
        .hoods
        .call(group, nq.seeds.clone(), move |queries| async move {
            neighbourhoods(&graph, &g, queries).await
        })
        .await?;
    hop1.sort_by_key(|s| s.pos);
    let sub = replay(hop1, hop2, depth, nq.max_facts)?;
    reads.cache.put_entities(t, &sub.entities, read_at);
    Ok(sub)
}

async fn neighbourhoods(
    graph: &Graph,
    (t, depth, cap1, cap2): &HoodGroup,
    queries: Vec<Vec<EntityKey>>,
) -> Result<Vec<HoodRows>> {
    let seeds: Vec<BoltType> = queries
        .iter()
        .map(|q| strings(q.iter().map(|k| k.as_str())))
        .collect();
    let q = query(&cy::neighbourhood(*depth))
        .param("tenant", t.as_str())
        .param("queries", list(seeds))
        .param("cap1", limit(*cap1))
        .param("cap2", limit(*cap2))
        .param("top", crate::top_edges::top_param());
    let mut out: Vec<HoodRows> = (0..queries.len()).map(|_| Default::default()).collect();
    for row in read_rows(graph, q).await? {
        let qi: i64 = column(&row, "qi")?;
        if let Some(slot) = usize::try_from(qi).ok().and_then(|i| out.get_mut(i)) {
            *slot = (column(&row, "hop1")?, column(&row, "hop2")?);
        }
    }
    Ok(out)
}

fn replay(
    hop1: Vec<SeedRow>,
    hop2: Vec<FrontierRow>,
    depth: u8,
    max_facts: usize,
) -> Result<Subgraph> {
    let mut nodes: BTreeMap<String, EntityRow> = BTreeMap::new();
    let mut facts: Vec<Fact> = Vec::new();
    let mut fact_ids: HashSet<(String, String, String)> = HashSet::new();
    let mut seeds: Vec<(String, Vec<EdgeRow>)> = Vec::new();
    for s in hop1 {
        let key = s.node.key().to_string();
        if !nodes.contains_key(&key) {
            nodes.insert(key.clone(), s.node);
            seeds.push((key, s.edges));
        }
    }
    let mut expansions: HashMap<String, Vec<EdgeRow>> = hop2
        .into_iter()
        .map(|f| (f.node.key().to_string(), f.edges))
        .collect();

    let mut frontier = seeds;
    'hops: for hop in 1..=depth {
        let mut next: Vec<(String, Vec<EdgeRow>)> = Vec::new();
        for (_, edges) in frontier {
            for edge in edges {
                if facts.len() >= max_facts {
                    break 'hops;
                }
                let (s, r, o) = edge.fact.id();
                if !fact_ids.insert((s.to_string(), r.to_string(), o.to_string())) {
                    continue;
                }
                facts.push(edge.fact.into_fact()?);
                let other = edge.other.key().to_string();
                if !nodes.contains_key(&other) {
                    nodes.insert(other.clone(), edge.other);
                    if hop < depth {
                        let edges = expansions.remove(&other).unwrap_or_default();
                        next.push((other, edges));
                    }
                }
            }
        }
        frontier = next;
    }
    Ok(Subgraph {
        entities: nodes
            .into_values()
            .map(EntityRow::into_entity)
            .collect::<Result<_>>()?,
        facts,
    })
}
