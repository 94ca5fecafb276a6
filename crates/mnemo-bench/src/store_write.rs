//! `mnemo-bench store-write`: write throughput of the Neo4j store by batch size (synthetic facts on
//! a skewed entity pool, so hubs appear) and depth-2 neighbourhood latency on the graph written.

use std::collections::HashSet;
use std::time::{Duration, Instant};

use anyhow::Context;
use chrono::TimeZone;
use mnemo_core::{
    content_hash, EntityInput, EntityKey, EntityType, Episode, EpisodeKind, EpisodeWrite,
    FactInput, GraphStore, NeighbourhoodQuery, Tenant, WriteBatch,
};
use mnemo_neo4j::{Neo4jConfig, Neo4jStore};
use serde::Serialize;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Bolt URI of the Neo4j server (e.g. the one of `scripts/neo4j-dev start`).
    #[arg(long, default_value = "bolt://127.0.0.1:7687")]
    uri: String,
    #[arg(long, default_value = "neo4j")]
    user: String,
    #[arg(
        long,
        env = "NEO4J_PASSWORD",
        default_value = "",
        hide_env_values = true
    )]
    password: String,
    /// Facts per write batch, one measurement each.
    #[arg(long, value_delimiter = ',', default_value = "1,100,1000,10000")]
    batch_sizes: Vec<usize>,
    /// Facts written per batch size (at least 3 batches and at most 500 are run).
    #[arg(long, default_value_t = 20_000)]
    facts_per_size: usize,
    /// Size of the entity pool the synthetic facts pick their ends from.
    #[arg(long, default_value_t = 50_000)]
    entities: usize,
    /// Number of depth-2 neighbourhood queries timed.
    #[arg(long, default_value_t = 200)]
    queries: usize,
    /// Keep the benchmark tenant's data instead of deleting it at the end.
    #[arg(long)]
    keep: bool,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Serialize)]
struct WriteFigure {
    batch_size: usize,
    batches: usize,
    facts: usize,
    seconds: f64,
    facts_per_sec: f64,
}

#[derive(Debug, Serialize)]
struct QueryFigure {
    queries: usize,
    fanout: Vec<usize>,
    p50_ms: f64,
    p95_ms: f64,
    mean_facts: f64,
}

#[derive(Debug, Serialize)]
struct Report {
    backend: &'static str,
    uri: String,
    tenant: String,
    facts_per_episode: usize,
    write: Vec<WriteFigure>,
    neighbourhood: QueryFigure,
}

/// Facts one synthetic episode states.
const FACTS_PER_EPISODE: usize = 10;
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

/// xorshift64*: deterministic, dependency-free randomness for the synthetic data.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// An index in `0..n`, heavily skewed to small values (a few hubs, a long tail).
    fn skewed(&mut self, n: usize) -> usize {
        ((n as f64) * self.unit().powi(3)) as usize % n.max(1)
    }
}

fn entity_name(i: usize) -> String {
    format!("Entity {i}")
}

/// A batch of `facts` synthetic facts, `FACTS_PER_EPISODE` per episode; the entity indices used
/// are added to `used`.
fn synthetic_batch(
    rng: &mut Rng,
    facts: usize,
    pool: usize,
    first_episode: &mut usize,
    used: &mut HashSet<usize>,
) -> WriteBatch {
    let mut episodes = Vec::new();
    let mut left = facts;
    while left > 0 {
        let n = left.min(FACTS_PER_EPISODE);
        left -= n;
        let id = *first_episode;
        *first_episode += 1;
        let mut entities: Vec<EntityInput> = Vec::new();
        let mut fact_inputs = Vec::new();
        let add = |i: usize, entities: &mut Vec<EntityInput>| -> EntityKey {
            let name = entity_name(i);
            let ty = EntityType::ALL[i % EntityType::ALL.len()];
            let input = EntityInput::named(&name, ty).expect("synthetic names have letters");
            let key = input.key.clone();
            if !entities.iter().any(|e| e.key == key) {
                entities.push(input);
            }
            key
        };
        while fact_inputs.len() < n {
            let (a, b) = (rng.skewed(pool), rng.skewed(pool));
            if a == b {
                continue;
            }
            used.insert(a);
            used.insert(b);
            let (s, o) = (add(a, &mut entities), add(b, &mut entities));
            let predicate = PREDICATES[(rng.next() % PREDICATES.len() as u64) as usize];
            let fact = FactInput::new(s, predicate, o, 0.5 + (rng.unit() as f32) / 2.0);
            if !fact_inputs.iter().any(|f: &FactInput| {
                (&f.subject, &f.rel_type, &f.object)
                    == (&fact.subject, &fact.rel_type, &fact.object)
            }) {
                fact_inputs.push(fact);
            }
        }
        let content = format!("synthetic episode {id}");
        episodes.push(EpisodeWrite {
            episode: Episode {
                id: format!("bench-{id}"),
                kind: EpisodeKind::Note,
                content_hash: content_hash(&content),
                content,
                created_at: chrono::Utc
                    .timestamp_opt(1_700_000_000 + id as i64, 0)
                    .single()
                    .expect("valid time"),
                source: "mnemo-bench store-write".into(),
                document_id: None,
                span: None,
                speaker: None,
                session: None,
            },
            entities,
            facts: fact_inputs,
        });
    }
    WriteBatch {
        document: None,
        episodes,
    }
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let idx = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[idx.min(sorted.len() - 1)].as_secs_f64() * 1000.0
}

async fn bench(args: &Args) -> anyhow::Result<Report> {
    let config = Neo4jConfig {
        user: args.user.clone(),
        password: args.password.clone(),
        ..Neo4jConfig::with_uri(&args.uri)
    };
    let store = Neo4jStore::connect(config)
        .await
        .with_context(|| format!("connecting to {}", args.uri))?;
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    let tenant = Tenant::new(format!("bench-{nanos:x}"))?;
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut next_episode = 0usize;
    let mut used: HashSet<usize> = HashSet::new();
    let mut write = Vec::new();
    for &size in &args.batch_sizes {
        let size = size.max(1);
        let batches = (args.facts_per_size / size).clamp(3, 500);
        let prepared: Vec<WriteBatch> = (0..batches)
            .map(|_| synthetic_batch(&mut rng, size, args.entities, &mut next_episode, &mut used))
            .collect();
        let started = Instant::now();
        for b in &prepared {
            store.write(&tenant, b).await?;
        }
        let seconds = started.elapsed().as_secs_f64();
        let facts = batches * size;
        write.push(WriteFigure {
            batch_size: size,
            batches,
            facts,
            seconds,
            facts_per_sec: facts as f64 / seconds.max(1e-9),
        });
    }

    // Seeds are entities that exist, drawn uniformly: mostly ordinary nodes, sometimes a hub.
    let mut written: Vec<usize> = used.into_iter().collect();
    written.sort_unstable();
    anyhow::ensure!(!written.is_empty(), "no entity was written");
    let fanout = NeighbourhoodQuery::new(Vec::new()).fanout;
    let mut times = Vec::with_capacity(args.queries);
    let mut total_facts = 0usize;
    for _ in 0..args.queries {
        let pick = written[(rng.next() % written.len() as u64) as usize];
        let seed = EntityKey::from_name(&entity_name(pick))?;
        let q = NeighbourhoodQuery::new(vec![seed]);
        let started = Instant::now();
        let sub = store.neighbourhood(&tenant, &q).await?;
        times.push(started.elapsed());
        total_facts += sub.facts.len();
    }
    times.sort();
    let neighbourhood = QueryFigure {
        queries: args.queries,
        fanout,
        p50_ms: percentile(&times, 0.50),
        p95_ms: percentile(&times, 0.95),
        mean_facts: total_facts as f64 / args.queries.max(1) as f64,
    };

    if !args.keep {
        store
            .purge_tenant(&tenant)
            .await
            .context("deleting the benchmark tenant")?;
    }
    Ok(Report {
        backend: "neo4j",
        uri: args.uri.clone(),
        tenant: tenant.to_string(),
        facts_per_episode: FACTS_PER_EPISODE,
        write,
        neighbourhood,
    })
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let report = runtime.block_on(bench(&args))?;
    if args.json {
        println!("{}", serde_json::to_string(&report)?);
        return Ok(());
    }
    println!(
        "store-write on {} ({} facts per episode)",
        report.uri, FACTS_PER_EPISODE
    );
    println!(
        "{:>10} {:>8} {:>8} {:>9} {:>10}",
        "batch", "batches", "facts", "seconds", "facts/s"
    );
    for w in &report.write {
        println!(
            "{:>10} {:>8} {:>8} {:>9.2} {:>10.0}",
            w.batch_size, w.batches, w.facts, w.seconds, w.facts_per_sec
        );
    }
    let n = &report.neighbourhood;
    println!(
        "depth-2 neighbourhood, fan-out {:?}: p50 {:.1} ms, p95 {:.1} ms over {} queries ({:.1} facts each)",
        n.fanout, n.p50_ms, n.p95_ms, n.queries, n.mean_facts
    );
    Ok(())
}
