//! `mnemo-bench latency`: search latency on synthetic power-law graphs of growing size (episodes
//! with everyday text around their facts, in chat and note sessions), for queries naming 1, 2 or 3
//! entities among ordinary words and for words-only queries, in the in-memory embedded store (with
//! resident memory per fact, text index included), the durable one (`--store durable`, texts in
//! memory as the CLI opens it; `durable-texts-on-disk` reads them back from the file) or on a Neo4j
//! server (`--store neo4j`, a fresh tenant per size, loaded through the store's batched writer and
//! purged afterwards). Each embedded size is measured in a fresh child process (this binary run again with its own
//! arguments and `--in-process FACTS`), so its resident bytes do not depend on what an earlier
//! size allocated and freed.

mod backend;
mod calls;
mod prose;
mod queries;
mod synth;
mod words;

use std::sync::Arc;
use std::time::Instant;

use anyhow::Context;
use mnemo_core::GraphStore;
use mnemo_memory::{search, SearchConfig};
use rand::rngs::StdRng;
use rand::SeedableRng;
use serde::{Deserialize, Serialize};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Graph sizes, in facts, comma-separated.
    #[arg(long, value_delimiter = ',', default_value = "10000,100000,1000000")]
    facts: Vec<usize>,
    /// Timed searches per query shape (1, 2 and 3 entities with words; words only) and size.
    #[arg(long, default_value_t = 300)]
    queries: usize,
    /// Facts per episode.
    #[arg(long, default_value_t = 8)]
    facts_per_episode: usize,
    /// Random seed.
    #[arg(long, default_value_t = 7)]
    seed: u64,
    /// Entities listed from the knowledge store per context (overrides the search default).
    #[arg(long)]
    top_entities: Option<usize>,
    /// Leave source snippets out of the contexts.
    #[arg(long)]
    no_snippets: bool,
    /// One JSON object per size (JSON Lines) instead of text.
    #[arg(long)]
    json: bool,
    /// The store to measure.
    #[arg(long, value_enum, default_value = "embedded")]
    store: backend::StoreKind,
    /// Bolt URI for `--store neo4j` (default: NEO4J_TEST_URI, else bolt://127.0.0.1:7687).
    #[arg(long)]
    neo4j_uri: Option<String>,
    /// Neo4j: one tenant per size, comma-separated, measured (loaded first only if empty) and
    /// kept, instead of fresh tenants purged afterwards. For re-measuring big graphs without
    /// loading them again.
    #[arg(long, value_delimiter = ',')]
    neo4j_tenant: Vec<String>,
    /// Neo4j: keep the fresh tenants after the run (their names are printed).
    #[arg(long)]
    keep: bool,
    /// Episodes per write batch while loading.
    #[arg(long, default_value_t = 250)]
    batch_episodes: usize,
    /// Also print (to stderr) the wall time of each kind of store call per search.
    #[arg(long)]
    calls: bool,
    /// Embedded: also print (to stderr) the store's estimated heap per structure after loading.
    #[arg(long)]
    heap: bool,
    /// Measure only this size, in this process, and print its JSON line: what the fresh child
    /// process of each embedded size runs (with the parent's other arguments unchanged).
    #[arg(long, hide = true, value_name = "FACTS")]
    in_process: Option<usize>,
}

#[derive(Debug, Serialize, Deserialize)]
struct Percentiles {
    p50_ms: f64,
    p95_ms: f64,
    p99_ms: f64,
    /// Share of the shape's searches that were hits (not the explicit miss).
    #[serde(default)]
    hit_rate: f64,
}

#[derive(Debug, Serialize, Deserialize)]
struct SizeReport {
    store: String,
    facts: u64,
    entities: u64,
    episodes: u64,
    p50_ms: f64,
    p95_ms: f64,
    p99_ms: f64,
    /// Resident bytes per fact (embedded only; null for Neo4j).
    bytes_per_fact: Option<f64>,
    /// Time to load the graph (0 when an already loaded Neo4j tenant was reused).
    write_seconds: f64,
    hit_rate: f64,
    one_entity: Percentiles,
    two_entities: Percentiles,
    three_entities: Percentiles,
    /// Queries naming no entity: three words of what a stored episode says.
    words_only: Percentiles,
}

/// Resident set size of this process, in bytes (Linux /proc; 0 elsewhere).
fn rss_bytes() -> u64 {
    let Ok(status) = std::fs::read_to_string("/proc/self/status") else {
        return 0;
    };
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next()?.parse::<u64>().ok())
        .map_or(0, |kb| kb * 1024)
}

fn percentiles(samples: &mut [f64]) -> Percentiles {
    samples.sort_by(f64::total_cmp);
    let at = |q: f64| {
        if samples.is_empty() {
            return 0.0;
        }
        let i = ((samples.len() as f64 - 1.0) * q).round() as usize;
        samples[i.min(samples.len() - 1)]
    };
    Percentiles {
        p50_ms: at(0.50),
        p95_ms: at(0.95),
        p99_ms: at(0.99),
        hit_rate: 0.0,
    }
}

pub fn run(args: Args) -> anyhow::Result<()> {
    if !args.neo4j_tenant.is_empty() && args.neo4j_tenant.len() != args.facts.len() {
        anyhow::bail!(
            "--neo4j-tenant names {} tenants for {} sizes; give one per size",
            args.neo4j_tenant.len(),
            args.facts.len()
        );
    }
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    if let Some(facts) = args.in_process {
        let report = rt.block_on(measure(&args, facts, None))?;
        println!("{}", serde_json::to_string(&report)?);
        return Ok(());
    }
    for (i, &facts) in args.facts.iter().enumerate() {
        let report = if args.store.is_embedded() {
            backend::measure_in_child(facts)?
        } else {
            rt.block_on(measure(&args, facts, args.neo4j_tenant.get(i)))?
        };
        if args.json {
            println!("{}", serde_json::to_string(&report)?);
        } else {
            let bytes = report
                .bytes_per_fact
                .map_or_else(|| "n/a".to_string(), |b| format!("{b:.0}"));
            println!(
                "{} {:>9} facts ({} entities, {} episodes, written in {:.1} s): search p50 {:.3} ms  p95 {:.3} ms  p99 {:.3} ms  ({bytes} bytes/fact, hits {:.2})",
                report.store, report.facts, report.entities, report.episodes, report.write_seconds,
                report.p50_ms, report.p95_ms, report.p99_ms, report.hit_rate
            );
            for (name, p) in [
                ("1-entity", &report.one_entity),
                ("2-entity", &report.two_entities),
                ("3-entity", &report.three_entities),
                ("words-only", &report.words_only),
            ] {
                println!(
                    "           {name:>10} queries: p50 {:.3} ms  p95 {:.3} ms  p99 {:.3} ms  (hits {:.2})",
                    p.p50_ms, p.p95_ms, p.p99_ms, p.hit_rate
                );
            }
        }
    }
    Ok(())
}

async fn measure(args: &Args, facts: usize, tenant: Option<&String>) -> anyhow::Result<SizeReport> {
    let neo4j = backend::Neo4jTarget {
        uri: args.neo4j_uri.clone().unwrap_or_else(backend::default_uri),
        tenant: tenant.cloned(),
        keep: args.keep,
    };
    let target = backend::Target::open(args.store, &neo4j, facts).await?;
    let result = measure_on(args, facts, &target).await;
    // Clean up even after a failed measurement.
    let finished = target.finish().await;
    let report = result?;
    finished?;
    Ok(report)
}

async fn measure_on(
    args: &Args,
    facts: usize,
    target: &backend::Target,
) -> anyhow::Result<SizeReport> {
    let tenant = &target.tenant;
    let timed = args
        .calls
        .then(|| calls::Timed::new(Arc::clone(&target.store)));
    let store: &dyn GraphStore = match &timed {
        Some(t) => t,
        None => target.store.as_ref(),
    };
    let mut rng = StdRng::seed_from_u64(args.seed ^ facts as u64);
    let per_episode = args.facts_per_episode.max(1);
    // About four facts per entity, as in extracted document graphs.
    let entities = (facts / 4).max(10);
    let episodes = facts.div_ceil(per_episode);
    let layout = synth::Layout {
        seed: args.seed ^ facts as u64,
        entities,
        facts_per_episode: per_episode,
    };

    let rss_before = rss_bytes();
    let started = Instant::now();
    let loaded = store.stats(tenant).await?.episodes > 0;
    if !loaded {
        let batch_episodes = args.batch_episodes.max(1);
        let mut next = 0;
        let mut reported = 0;
        while next < episodes {
            let n = batch_episodes.min(episodes - next);
            let batch = synth::batch(&mut rng, &layout, next, n)?;
            store
                .write(tenant, &batch)
                .await
                .with_context(|| format!("writing synthetic batch at episode {next}"))?;
            next += n;
            if args.store != backend::StoreKind::Embedded && next * 10 / episodes > reported {
                reported = next * 10 / episodes;
                eprintln!(
                    "loading {facts} facts into {tenant}: {}% after {:.0} s",
                    reported * 10,
                    started.elapsed().as_secs_f64()
                );
            }
        }
    }
    let write_seconds = if loaded {
        0.0
    } else {
        started.elapsed().as_secs_f64()
    };
    // A store in use has committed its text index (the embedded one commits before the first
    // text search): measured after one, the footprint is that of a store being searched.
    store.search_text(tenant, "warm", 1).await?;
    let stats = store.stats(tenant).await?;
    let rss_grown = rss_bytes().saturating_sub(rss_before);
    let bytes_per_fact = args
        .store
        .is_embedded()
        .then(|| rss_grown as f64 / stats.facts.max(1) as f64);
    if let (true, Some(embedded)) = (args.heap, &target.embedded) {
        let per_fact = |b: usize| b as f64 / stats.facts.max(1) as f64;
        let parts = embedded.heap_breakdown();
        eprintln!("estimated heap at {} facts (bytes/fact):", stats.facts);
        for (name, bytes) in &parts {
            eprintln!("  {name:<28} {:>7.1}", per_fact(*bytes));
        }
        let total: usize = parts.iter().map(|(_, b)| b).sum();
        eprintln!("  {:<28} {:>7.1}", "total", per_fact(total));
        eprintln!(
            "  {:<28} {:>7.1}",
            "RSS growth",
            per_fact(rss_grown as usize)
        );
    }
    // Queries draw from their own generator, so a reused tenant gets the same queries.
    let mut rng = StdRng::seed_from_u64(args.seed ^ facts as u64 ^ 0x5eed_f9e7);

    let mut cfg = SearchConfig::default();
    if let Some(n) = args.top_entities {
        cfg.top_entities = n;
    }
    cfg.snippets = !args.no_snippets;
    let now = synth::now();
    let mut all = Vec::new();
    let shapes = queries::SHAPES;
    let mut by_shape: Vec<Vec<f64>> = vec![Vec::new(); shapes.len()];
    let mut hits_by_shape = vec![0usize; shapes.len()];
    // Warm-up: the tokenizer table and caches load once per process, Neo4j plans once per
    // statement shape; neither is what a running service pays per query.
    for name in ["Anna Ka", "Ben Ka", "Clara Lo"] {
        for query in [
            format!("How is {name} connected to Grace Ka and the weather?"),
            format!("what did {name} say about the weather"),
        ] {
            search(store, tenant, &query, &cfg, &[], now).await?;
        }
    }
    if let Some(t) = &timed {
        t.reset();
    }
    let timed_from = Instant::now();
    let space = queries::Space {
        seed: layout.seed,
        entities,
        episodes,
    };
    let mut per_search: Vec<Vec<_>> = vec![Vec::new(); shapes.len()];
    for q in 0..args.queries * shapes.len() {
        let shape = q % shapes.len();
        let query = queries::query(&mut rng, &space, shapes[shape], q);
        let before = timed.as_ref().map(|t| t.snapshot());
        let t = Instant::now();
        let res = search(store, tenant, &query, &cfg, &[], now).await?;
        let ms = t.elapsed().as_secs_f64() * 1000.0;
        if let (Some(timed), Some(before)) = (&timed, before) {
            per_search[shape].push((ms, before, timed.snapshot()));
        }
        hits_by_shape[shape] += usize::from(res.hit);
        all.push(ms);
        by_shape[shape].push(ms);
    }
    if let Some(t) = &timed {
        eprintln!(
            "store calls at {facts} facts:\n{}",
            t.report(all.len(), timed_from.elapsed())
        );
        let pooled: Vec<_> = per_search.iter().flatten().cloned().collect();
        for share in [0.5, 0.05] {
            eprint!("{}", calls::Timed::tail_report(&pooled, share));
        }
        for (shape, searches) in shapes.iter().zip(&per_search) {
            eprint!(
                "{shape:?}, all: {}",
                calls::Timed::tail_report(searches, 1.0)
            );
        }
    }
    let hits: usize = hits_by_shape.iter().sum();
    let overall = percentiles(&mut all);
    let mut per_shape = by_shape.into_iter().zip(&hits_by_shape).map(|(mut s, &h)| {
        let n = s.len().max(1);
        Percentiles {
            hit_rate: h as f64 / n as f64,
            ..percentiles(&mut s)
        }
    });
    let mut next = |what: &str| per_shape.next().with_context(|| format!("shape {what}"));
    let (one, two, three, words) = (next("1")?, next("2")?, next("3")?, next("words")?);
    Ok(SizeReport {
        store: args.store.name().to_string(),
        facts: stats.facts,
        entities: stats.entities,
        episodes: stats.episodes,
        p50_ms: overall.p50_ms,
        p95_ms: overall.p95_ms,
        p99_ms: overall.p99_ms,
        bytes_per_fact,
        write_seconds,
        hit_rate: hits as f64 / (args.queries * shapes.len()).max(1) as f64,
        one_entity: one,
        two_entities: two,
        three_entities: three,
        words_only: words,
    })
}
