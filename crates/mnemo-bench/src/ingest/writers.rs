//! Writer comparison on the same rows: mnemo's batched triple writer (validation, provenance
//! episodes, mention counts, one transaction per chunk) against a raw `UNWIND ... MERGE` of the
//! same rows without any mnemo logic, against a raw `UNWIND` that writes the rest of mnemo's graph
//! too (documents, episodes, `MENTIONS`, counts, provenance lists; still no mnemo logic), and
//! against a per-fact `MERGE` loop (one auto-commit statement per fact, as memary and LlamaIndex
//! write), each on a fresh tenant of the same server.

use std::collections::{BTreeMap, HashSet};
use std::time::Instant;

use anyhow::Context;
use mnemo::{Mnemo, TripleChunk, TripleInput, TripleRow};
use mnemo_core::{canonical_key, RelType, Tenant};
use neo4rs::{query, BoltType, Graph};

use super::corpus::Rng;

/// Predicates of the synthetic triples (12 relationship types).
const PREDICATES: [&str; 12] = [
    "works for",
    "lives in",
    "knows",
    "founded",
    "part of",
    "located in",
    "met",
    "wrote",
    "owns",
    "leads",
    "studied at",
    "visited",
];
const TYPES: [&str; 4] = ["Person", "Organization", "Location", "Concept"];

/// One synthetic triple with its canonical keys (computed once, outside every timing).
#[derive(Debug, Clone)]
pub struct Row {
    pub subject: String,
    pub object: String,
    pub predicate: &'static str,
    s_key: String,
    o_key: String,
    rel: RelType,
    s_type: &'static str,
    o_type: &'static str,
}

/// `n` triples between entities of a skewed pool of `pool` names (a few hubs, a long tail).
pub fn synthetic(n: usize, pool: usize, seed: u64) -> Vec<Row> {
    let mut rng = Rng::new(seed);
    let mut rows = Vec::with_capacity(n);
    while rows.len() < n {
        let (a, b) = (rng.skewed(pool), rng.skewed(pool));
        if a == b {
            continue;
        }
        let predicate = PREDICATES[rng.below(PREDICATES.len())];
        let (subject, object) = (format!("Entity {a}"), format!("Entity {b}"));
        rows.push(Row {
            s_key: canonical_key(&subject),
            o_key: canonical_key(&object),
            rel: RelType::from_predicate(predicate),
            s_type: TYPES[a % TYPES.len()],
            o_type: TYPES[b % TYPES.len()],
            subject,
            object,
            predicate,
        });
    }
    rows
}

/// mnemo's input: chunks of `chunk` rows, each to be validated and written as one atomic batch
/// (built outside every timing, as the rows' keys are).
pub fn mnemo_chunks(rows: &[Row], chunk: usize) -> Vec<TripleChunk> {
    rows.chunks(chunk.max(1))
        .enumerate()
        .map(|(i, c)| TripleChunk {
            source: "bench-triples.jsonl".into(),
            index: i as u64,
            rows: c
                .iter()
                .enumerate()
                .map(|(j, r)| TripleRow {
                    location: format!("bench-triples.jsonl:{}", i * chunk + j + 1),
                    triple: TripleInput {
                        subject: r.subject.clone(),
                        predicate: r.predicate.to_string(),
                        object: r.object.clone(),
                        subject_type: Some(r.s_type.into()),
                        object_type: Some(r.o_type.into()),
                        source: None,
                        confidence: None,
                    },
                })
                .collect(),
        })
        .collect()
}

/// mnemo's writer on one chunk: validation, preparation and the atomic write.
pub async fn mnemo_chunk(m: &Mnemo, chunk: &TripleChunk) -> anyhow::Result<()> {
    let (prepared, bad) = m.prepare_triples(chunk).await?;
    anyhow::ensure!(bad.is_empty(), "synthetic rows rejected: {bad:?}");
    m.write_prepared(&prepared).await?;
    Ok(())
}

/// mnemo's writer: chunks of `chunk` rows, each validated and written as one atomic batch.
/// Returns the seconds taken.
pub async fn mnemo_writer(m: &Mnemo, rows: &[Row], chunk: usize) -> anyhow::Result<f64> {
    let chunks = mnemo_chunks(rows, chunk);
    let start = Instant::now();
    for c in &chunks {
        mnemo_chunk(m, c).await?;
    }
    Ok(start.elapsed().as_secs_f64())
}

fn raw_statement(rel: &RelType) -> String {
    format!(
        "UNWIND $rows AS row \
         MERGE (s:Entity {{tenant: $tenant, key: row.s}}) ON CREATE SET s.name = row.sn \
         MERGE (o:Entity {{tenant: $tenant, key: row.o}}) ON CREATE SET o.name = row.on \
         MERGE (s)-[r:`{rel}`]->(o) ON CREATE SET r.tenant = $tenant, r.predicate = row.p"
    )
}

fn raw_row(r: &Row) -> BoltType {
    let m: std::collections::HashMap<&'static str, BoltType> = [
        ("s", BoltType::from(r.s_key.as_str())),
        ("sn", BoltType::from(r.subject.as_str())),
        ("o", BoltType::from(r.o_key.as_str())),
        ("on", BoltType::from(r.object.as_str())),
        ("p", BoltType::from(r.predicate)),
    ]
    .into_iter()
    .collect();
    BoltType::from(m)
}

/// One chunk of the same rows as a raw `UNWIND ... MERGE`: one transaction, one statement per
/// relationship type.
pub async fn raw_unwind_chunk(graph: &Graph, tenant: &Tenant, c: &[Row]) -> anyhow::Result<()> {
    let mut by_type: BTreeMap<&RelType, Vec<BoltType>> = BTreeMap::new();
    for r in c {
        by_type.entry(&r.rel).or_default().push(raw_row(r));
    }
    let mut tx = graph.start_txn().await.context("raw: start transaction")?;
    for (rel, list) in by_type {
        let list: BoltType = list.into_iter().collect();
        tx.run(
            query(&raw_statement(rel))
                .param("tenant", tenant.as_str())
                .param("rows", list),
        )
        .await
        .context("raw UNWIND")?;
    }
    tx.commit().await.context("raw: commit")?;
    Ok(())
}

/// The chunk's document and its one episode, linked.
const FULL_EPISODE: &str = "\
MERGE (d:Document {tenant: $tenant, id: $doc})
SET d.source = $source, d.content_hash = $hash, d.created_at = $now
CREATE (ep:Episode {tenant: $tenant, id: $ep, kind: 'document_chunk', content: $content,
  created_at: $now, source: $source, content_hash: $hash, document_id: $doc, terms: $terms,
  analysis: $analysis})
CREATE (d)-[:HAS_CHUNK {tenant: $tenant}]->(ep)";

/// The chunk's distinct entities with their counts and times, each mentioned by the episode.
const FULL_ENTITIES: &str = "\
MATCH (ep:Episode {tenant: $tenant, id: $ep})
USING INDEX ep:Episode(tenant, id)
UNWIND $rows AS row
MERGE (e:Entity {tenant: $tenant, key: row.key})
ON CREATE SET e.name = row.name, e.type = row.type, e.aliases = [], e.alias_keys = [],
  e.mentions = 0, e.first_seen = $now
SET e.mentions = e.mentions + 1, e.last_seen = $now
CREATE (ep)-[:MENTIONS {tenant: $tenant, at: $now}]->(e)";

/// One relationship type's distinct facts of the chunk, each with the episode appended to its
/// provenance lists.
fn full_facts_statement(rel: &RelType) -> String {
    format!(
        "UNWIND $rows AS row \
         MATCH (s:Entity {{tenant: $tenant, key: row.s}}) USING INDEX s:Entity(tenant, key) \
         MATCH (o:Entity {{tenant: $tenant, key: row.o}}) USING INDEX o:Entity(tenant, key) \
         MERGE (s)-[r:`{rel}`]->(o) ON CREATE SET r.tenant = $tenant, r.predicate = row.p, \
           r.episodes = [], r.episode_times = [], r.episode_confidences = [], r.mentions = 0, \
           r.first_seen = $now \
         SET r.episodes = r.episodes + $ep, r.episode_times = r.episode_times + $now, \
           r.episode_confidences = r.episode_confidences + 1.0, r.mentions = r.mentions + 1, \
           r.last_seen = $now, r.confidence = 1.0"
    )
}

fn map_of(pairs: [(&'static str, BoltType); 3]) -> BoltType {
    let m: std::collections::HashMap<&'static str, BoltType> = pairs.into_iter().collect();
    BoltType::from(m)
}

/// The same rows written as the graph mnemo writes (a document and an episode per chunk with the
/// terms the episode text index reads, `MENTIONS` from the episode to each entity, entity mention
/// counts and first/last seen, fact provenance lists and counts) by plain `UNWIND` statements: one
/// transaction per chunk, the entities and facts made distinct and the text's terms made per chunk
/// (the only client-side work), none of mnemo's
/// validation, type and alias rules, top-edge and recent-mention lists, or tenant counts. The
/// floor of what writing mnemo's data model costs on this server. Returns the seconds taken.
#[cfg(test)]
pub async fn raw_full(
    graph: &Graph,
    tenant: &Tenant,
    rows: &[Row],
    chunk: usize,
) -> anyhow::Result<f64> {
    let start = Instant::now();
    for (i, c) in rows.chunks(chunk.max(1)).enumerate() {
        raw_full_chunk(graph, tenant, i, c).await?;
    }
    Ok(start.elapsed().as_secs_f64())
}

/// Chunk `i` of [`raw_full`]: its document, episode, entities and facts in one transaction.
pub async fn raw_full_chunk(
    graph: &Graph,
    tenant: &Tenant,
    i: usize,
    c: &[Row],
) -> anyhow::Result<()> {
    let now = chrono::Utc::now();
    let doc = format!("raw|bench-triples.jsonl|{i}");
    let ep = format!("{doc}:0");
    let content: String = c
        .iter()
        .map(|r| format!("{} {} {}.\n", r.subject, r.predicate, r.object))
        .collect();
    let mut seen = HashSet::new();
    let mut entities = Vec::new();
    for r in c {
        for (key, name, ty) in [
            (&r.s_key, &r.subject, r.s_type),
            (&r.o_key, &r.object, r.o_type),
        ] {
            if seen.insert(key.as_str()) {
                entities.push(map_of([
                    ("key", key.as_str().into()),
                    ("name", name.as_str().into()),
                    ("type", ty.into()),
                ]));
            }
        }
    }
    let mut facts = HashSet::new();
    let mut by_type: BTreeMap<&RelType, Vec<BoltType>> = BTreeMap::new();
    for r in c {
        if facts.insert((r.s_key.as_str(), &r.rel, r.o_key.as_str())) {
            by_type.entry(&r.rel).or_default().push(map_of([
                ("s", r.s_key.as_str().into()),
                ("o", r.o_key.as_str().into()),
                ("p", r.predicate.into()),
            ]));
        }
    }
    let mut tx = graph
        .start_txn()
        .await
        .context("raw full: start transaction")?;
    // Every statement of the chunk names the tenant, the episode and the time.
    let q = |text: &str| {
        query(text)
            .param("tenant", tenant.as_str())
            .param("ep", ep.as_str())
            .param("now", now)
    };
    tx.run(
        q(FULL_EPISODE)
            .param("doc", doc.as_str())
            .param("source", "bench-triples.jsonl")
            .param("hash", mnemo_core::content_hash(&content))
            .param("content", content.as_str())
            .param("terms", mnemo_neo4j::indexed_terms(tenant, &content))
            .param("analysis", mnemo_core::analysis::ANALYSIS_VERSION),
    )
    .await
    .context("raw full: episode")?;
    tx.run(q(FULL_ENTITIES).param("rows", entities.into_iter().collect::<BoltType>()))
        .await
        .context("raw full: entities")?;
    for (rel, list) in by_type {
        tx.run(q(&full_facts_statement(rel)).param("rows", list.into_iter().collect::<BoltType>()))
            .await
            .context("raw full: facts")?;
    }
    tx.commit().await.context("raw full: commit")?;
    Ok(())
}

/// One auto-commit `MERGE` statement per fact. Returns the seconds taken.
pub async fn per_fact(graph: &Graph, tenant: &Tenant, rows: &[Row]) -> anyhow::Result<f64> {
    let start = Instant::now();
    for r in rows {
        let text = format!(
            "MERGE (s:Entity {{tenant: $tenant, key: $s}}) ON CREATE SET s.name = $sn \
             MERGE (o:Entity {{tenant: $tenant, key: $o}}) ON CREATE SET o.name = $on \
             MERGE (s)-[r:`{}`]->(o) ON CREATE SET r.tenant = $tenant, r.predicate = $p",
            r.rel
        );
        graph
            .run(
                query(&text)
                    .param("tenant", tenant.as_str())
                    .param("s", r.s_key.as_str())
                    .param("sn", r.subject.as_str())
                    .param("o", r.o_key.as_str())
                    .param("on", r.object.as_str())
                    .param("p", r.predicate),
            )
            .await
            .context("per-fact MERGE")?;
    }
    Ok(start.elapsed().as_secs_f64())
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use mnemo::{MnemoOptions, RuleExtractor};
    use mnemo_core::{EntityOrder, GraphStore};
    use mnemo_neo4j::{Neo4jConfig, Neo4jStore};

    use super::*;

    /// The test server's URI; `None` (skip) outside CI when it is not set, a failure in CI.
    fn test_uri() -> Option<String> {
        mnemo_neo4j::test_server_uri("the writer baseline test")
    }

    fn tenant(tag: &str) -> Tenant {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0);
        Tenant::new(format!("writers-{tag}-{}-{nanos:x}", std::process::id())).unwrap()
    }

    /// The full-model baseline is only a fair floor if it writes the graph mnemo writes: the same
    /// entities, facts, episodes, documents and mentions, and the same mention counts.
    #[tokio::test]
    async fn the_full_model_baseline_writes_the_graph_mnemo_writes() {
        let Some(uri) = test_uri() else { return };
        let config = Neo4jConfig {
            user: std::env::var("NEO4J_TEST_USER").unwrap_or_else(|_| "neo4j".into()),
            password: std::env::var("NEO4J_TEST_PASSWORD").unwrap_or_default(),
            ..Neo4jConfig::with_uri(&uri)
        };
        let store = Arc::new(Neo4jStore::connect(config).await.unwrap());
        let rows = synthetic(1_200, 300, 11);
        let (ours, raw) = (tenant("mnemo"), tenant("rawfull"));
        let m = Mnemo::new(
            store.clone(),
            Arc::new(RuleExtractor),
            ours.clone(),
            MnemoOptions::default(),
        );
        mnemo_writer(&m, &rows, 500).await.unwrap();
        raw_full(store.graph(), &raw, &rows, 500).await.unwrap();
        let (a, b) = (
            store.stats(&ours).await.unwrap(),
            store.stats(&raw).await.unwrap(),
        );
        let top = |t: Tenant| {
            let store = store.clone();
            async move {
                let mut v: Vec<(String, u64)> = store
                    .top_entities(&t, EntityOrder::MostMentioned, 20)
                    .await
                    .unwrap()
                    .into_iter()
                    .map(|e| (e.key.as_str().to_string(), e.mentions))
                    .collect();
                v.sort();
                v
            }
        };
        let (top_ours, top_raw) = (top(ours.clone()).await, top(raw.clone()).await);
        // The baseline's episodes are in the text index as mnemo's are.
        let word = rows[0].subject.clone();
        let (text_ours, text_raw) = (
            store.search_text(&ours, &word, 10).await.unwrap().len(),
            store.search_text(&raw, &word, 10).await.unwrap().len(),
        );
        for t in [&ours, &raw] {
            store.purge_tenant(t).await.unwrap();
        }
        assert!(a.facts > 500 && a.entities > 100, "{a:?}");
        assert_eq!((a.documents, a.episodes), (3, 3), "{a:?}");
        assert_eq!(a, b);
        assert_eq!(top_ours.len(), 20);
        assert_eq!(top_ours, top_raw);
        assert!(text_ours > 0, "{word:?} is in mnemo's texts");
        assert_eq!(text_ours, text_raw, "{word:?}");
    }
}
