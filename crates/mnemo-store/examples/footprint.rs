//! Measures the embedded store's memory per fact and hub query latency on a synthetic graph.
//!
//! `cargo run --release -p mnemo-store --example footprint -- [facts] [dir] [--texts-on-disk]`:
//! with `dir` the store is durable there (its episode texts kept in memory, as by default, or left
//! on disk with `--texts-on-disk`), otherwise in memory. Prints RSS growth per fact,
//! `approx_heap_bytes` per fact, write throughput and neighbourhood latency on a 100k-edge hub.
//! With `facts` = 0 it only opens `dir` (measuring load time and RSS of a reopened store) and times
//! the hub query.

use std::time::Instant;

use chrono::TimeZone;
use mnemo_core::{
    content_hash, EntityInput, EntityKey, EntityType, Episode, EpisodeKind, EpisodeWrite,
    FactInput, GraphStore, NeighbourhoodQuery, Tenant, WriteBatch,
};
use mnemo_store::{EmbeddedOptions, EmbeddedStore};

fn rss_bytes() -> usize {
    std::fs::read_to_string("/proc/self/statm")
        .ok()
        .and_then(|s| s.split_whitespace().nth(1)?.parse::<usize>().ok())
        .map_or(0, |pages| pages * 4096)
}

fn name(i: u64) -> String {
    format!("Entity {i}")
}

/// Times a depth-2 neighbourhood of the hub "Entity 0" (every 10th fact hangs off it).
fn hub_query(store: &EmbeddedStore, t: &Tenant) -> Result<(), Box<dyn std::error::Error>> {
    let hub =
        futures::executor::block_on(store.get_entities(t, &[EntityKey::from_name(&name(0))?]))?;
    println!("hub mentions: {}", hub.first().map_or(0, |e| e.mentions));
    let q = NeighbourhoodQuery {
        seeds: vec![EntityKey::from_name(&name(0))?],
        depth: 2,
        fanout: vec![32, 8],
        max_facts: 512,
    };
    let runs: u32 = std::env::var("FOOTPRINT_RUNS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2000);
    let start = Instant::now();
    let mut n = 0;
    for _ in 0..runs {
        n = futures::executor::block_on(store.neighbourhood(t, &q))?
            .facts
            .len();
    }
    println!(
        "hub neighbourhood depth 2 fanout [32, 8]: {n} facts, {:.3} ms/query",
        start.elapsed().as_secs_f64() * 1000.0 / runs as f64
    );
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let facts: u64 = args.next().map_or(Ok(1_000_000), |s| s.parse())?;
    let dir = args.next();
    let options = EmbeddedOptions {
        texts_in_memory: args.next().as_deref() != Some("--texts-on-disk"),
    };
    let start_all = Instant::now();
    let store = match &dir {
        Some(d) => EmbeddedStore::open_with(std::path::Path::new(d), options)?,
        None => EmbeddedStore::in_memory(),
    };
    let t = Tenant::default();
    if facts == 0 {
        let stats = futures::executor::block_on(store.stats(&t))?;
        println!(
            "opened in {:.1}s: {stats:?}",
            start_all.elapsed().as_secs_f64()
        );
        println!(
            "rss: {:.0} bytes/fact",
            rss_bytes() as f64 / stats.facts.max(1) as f64
        );
        return hub_query(&store, &t);
    }
    let entities = (facts / 10).max(10);
    let per_episode = 4u64;
    let per_batch = 256u64;
    let base = rss_bytes();
    let start = Instant::now();
    let mut f = 0u64;
    let mut ep = 0u64;
    while f < facts {
        let mut episodes = Vec::new();
        for _ in 0..per_batch {
            if f >= facts {
                break;
            }
            let mut ents = Vec::new();
            let mut fs = Vec::new();
            for _ in 0..per_episode {
                // A deterministic spread; every 10th fact hangs off the hub "Entity 0".
                let (s, o) = if f.is_multiple_of(10) {
                    (0, 1 + (f / 10) % (entities - 1))
                } else {
                    let s = f % entities;
                    (s, (s + 1 + f / entities) % entities)
                };
                for n in [s, o] {
                    ents.push(EntityInput::named(&name(n), EntityType::Concept)?);
                }
                fs.push(FactInput::new(
                    EntityKey::from_name(&name(s))?,
                    ["knows", "works with", "is part of", "mentions"][(f % 4) as usize],
                    EntityKey::from_name(&name(o))?,
                    (f % 100) as f32 / 100.0,
                ));
                f += 1;
            }
            let content = format!("episode {ep}: a sentence of about this length for content.");
            episodes.push(EpisodeWrite {
                episode: Episode {
                    id: format!("ep{ep}"),
                    kind: EpisodeKind::Note,
                    content_hash: content_hash(&content),
                    content,
                    created_at: chrono::Utc
                        .timestamp_opt(1_700_000_000 + ep as i64, 0)
                        .single()
                        .ok_or("ts")?,
                    source: "footprint".into(),
                    document_id: None,
                    span: None,
                    speaker: None,
                    session: None,
                },
                entities: ents,
                facts: fs,
            });
            ep += 1;
        }
        futures::executor::block_on(store.write(
            &t,
            &WriteBatch {
                document: None,
                episodes,
            },
        ))?;
    }
    let secs = start.elapsed().as_secs_f64();
    let stats = futures::executor::block_on(store.stats(&t))?;
    let grown = rss_bytes().saturating_sub(base);
    println!("stats: {stats:?}");
    println!(
        "write: {:.1}s, {:.0} facts/s ({} episodes/batch)",
        secs,
        stats.facts as f64 / secs,
        per_batch
    );
    println!(
        "rss growth: {:.1} MiB, {:.0} bytes/fact",
        grown as f64 / 1048576.0,
        grown as f64 / stats.facts as f64
    );
    let approx = store.approx_heap_bytes();
    println!(
        "approx_heap_bytes: {:.1} MiB, {:.0} bytes/fact",
        approx as f64 / 1048576.0,
        approx as f64 / stats.facts as f64
    );
    hub_query(&store, &t)?;
    Ok(())
}
