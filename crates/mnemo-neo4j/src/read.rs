//! The read side of the store: lookups, rankings, the memory stream, export and the capped
//! neighbourhood (fetched in one statement, then replayed here exactly as the contract says).

use std::collections::{BTreeMap, HashMap, HashSet};

use mnemo_core::{
    Entity, EntityKey, Fact, MentionEvent, NeighbourhoodQuery, Result, Subgraph, Tenant, MAX_DEPTH,
};
use neo4rs::{query, BoltType, Graph};

use crate::cypher_read as cy;
use crate::db::{column, list, read_rows};
use crate::decode::{EdgeRow, EntityRow, FactRow, FrontierRow, SeedRow};

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

pub(crate) async fn get_entities(
    graph: &Graph,
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
    let q = query(&cy::get_entities())
        .param("tenant", t.as_str())
        .param("keys", strings(distinct));
    // Sorted here too: Neo4j orders strings by UTF-16 units, Rust (and the contract) by bytes.
    let mut found = entities(graph, q).await?;
    found.sort_by(|a, b| a.key.cmp(&b.key));
    Ok(found)
}

pub(crate) async fn lookup_names(
    graph: &Graph,
    t: &Tenant,
    keys: &[String],
) -> Result<Vec<(String, Entity)>> {
    if keys.is_empty() {
        return Ok(Vec::new());
    }
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
    for row in read_rows(graph, q).await? {
        let matched: String = column(&row, "matched")?;
        let e = column::<EntityRow>(&row, "e")?;
        if seen.insert((matched.clone(), e.key().to_string())) {
            out.push((matched, e.into_entity()?));
        }
    }
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
    entities(graph, q).await
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

pub(crate) async fn mentions_of(
    graph: &Graph,
    t: &Tenant,
    key: &EntityKey,
    n: usize,
) -> Result<Vec<MentionEvent>> {
    let q = query(cy::MENTIONS_OF)
        .param("tenant", t.as_str())
        .param("key", key.as_str())
        .param("limit", limit(n))
        .param("recent", crate::top_edges::recent_param());
    read_rows(graph, q)
        .await?
        .iter()
        .map(|row| {
            let at: chrono::DateTime<chrono::FixedOffset> = column(row, "at")?;
            Ok(MentionEvent {
                entity: key.clone(),
                episode: column(row, "episode")?,
                at: at.with_timezone(&chrono::Utc),
            })
        })
        .collect()
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
/// at `max_facts`.
pub(crate) async fn neighbourhood(
    graph: &Graph,
    t: &Tenant,
    nq: &NeighbourhoodQuery,
) -> Result<Subgraph> {
    if nq.seeds.is_empty() {
        return Ok(Subgraph::default());
    }
    let depth = nq.depth.clamp(1, MAX_DEPTH);
    let q = query(&cy::neighbourhood(depth))
        .param("tenant", t.as_str())
        .param("seeds", strings(nq.seeds.iter().map(|k| k.as_str())))
        .param("cap1", limit(nq.fanout_at(1)))
        .param("cap2", limit(nq.fanout_at(2)))
        .param("top", crate::top_edges::top_param());
    let rows = read_rows(graph, q).await?;
    let Some(row) = rows.first() else {
        return Ok(Subgraph::default());
    };
    let mut hop1: Vec<SeedRow> = column(row, "hop1")?;
    hop1.sort_by_key(|s| s.pos);
    let hop2: Vec<FrontierRow> = column(row, "hop2")?;
    replay(hop1, hop2, depth, nq.max_facts)
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
