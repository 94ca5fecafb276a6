//! Writer comparison on the same rows: mnemo's batched triple writer (validation, provenance
//! episodes, mention counts, one transaction per chunk) against a raw `UNWIND ... MERGE` of the
//! same rows without any mnemo logic, and against a per-fact `MERGE` loop (one auto-commit
//! statement per fact, as memary and LlamaIndex write), each on a fresh tenant of the same server.

use std::collections::BTreeMap;
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

/// mnemo's writer: chunks of `chunk` rows, each validated and written as one atomic batch.
/// Returns the seconds taken.
pub async fn mnemo_writer(m: &Mnemo, rows: &[Row], chunk: usize) -> anyhow::Result<f64> {
    let chunks: Vec<TripleChunk> = rows
        .chunks(chunk.max(1))
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
        .collect();
    let start = Instant::now();
    for c in &chunks {
        let (prepared, bad) = m.prepare_triples(c).await?;
        anyhow::ensure!(bad.is_empty(), "synthetic rows rejected: {bad:?}");
        m.write_prepared(&prepared).await?;
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

/// The same rows as a raw `UNWIND ... MERGE`: one transaction per chunk, one statement per
/// relationship type. Returns the seconds taken.
pub async fn raw_unwind(
    graph: &Graph,
    tenant: &Tenant,
    rows: &[Row],
    chunk: usize,
) -> anyhow::Result<f64> {
    let start = Instant::now();
    for c in rows.chunks(chunk.max(1)) {
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
    }
    Ok(start.elapsed().as_secs_f64())
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
