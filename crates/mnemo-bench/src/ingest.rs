//! `mnemo-bench ingest`: batch ingestion figures (issue 7).
//!
//! 1. Writers, same rows, same store, one run: mnemo's batched triple writer (`facts_per_s`), and
//!    with `--store neo4j` a raw `UNWIND ... MERGE` of the same rows without mnemo logic
//!    (`raw_unwind_facts_per_s`), a raw `UNWIND` writing mnemo's whole data model
//!    (`raw_full_unwind_facts_per_s`) and a per-fact `MERGE` loop on a sample of each chunk
//!    (`per_fact_merge_facts_per_s`, a rate), taking turns chunk by chunk over `--rounds` after a
//!    warm-up round (medians of the rounds reported); each on a fresh tenant, purged afterwards.
//! 2. End to end on the durable embedded store with the deterministic extractor: the MuSiQue corpus,
//!    and a generated corpus (seeded realistic sentences, written to a temp dir, never kept) with
//!    RSS at 25/50/100 % of it (`corpus_mb_per_s`); each followed by a re-run over the unchanged
//!    corpus, which must write nothing.

mod corpus;
mod writers;

use std::path::PathBuf;
use std::sync::Arc;

use anyhow::Context;
use mnemo::{GraphStore, GroupLimits, Mnemo, MnemoOptions, RuleExtractor, Tenant};
use mnemo_neo4j::{Neo4jConfig, Neo4jStore};
use mnemo_store::EmbeddedStore;
use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum StoreArg {
    Embedded,
    Neo4j,
}

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Store of the writer comparison (the end-to-end runs always use the embedded store).
    #[arg(long, value_enum, default_value = "embedded")]
    store: StoreArg,
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
    /// Synthetic triples written by each batched writer.
    #[arg(long, default_value_t = 20_000)]
    facts: usize,
    /// Triples of the per-fact MERGE sample of each round, spread over the chunks (its rate is
    /// extrapolated).
    #[arg(long, default_value_t = 1_000)]
    per_fact_sample: usize,
    /// Rows per atomic batch.
    #[arg(long, default_value_t = 1_000)]
    batch_rows: usize,
    /// Neo4j: rounds of the three batched writers (each round on fresh tenants, the writers taking
    /// turns chunk by chunk); rates and ratios are the medians of the rounds.
    #[arg(long, default_value_t = 3)]
    rounds: usize,
    /// The MuSiQue corpus (skipped when missing).
    #[arg(long, default_value = "../shared/datasets/musique-100/corpus.jsonl")]
    corpus: PathBuf,
    /// Size of the generated corpus in MB (0: skip).
    #[arg(long, default_value_t = 100)]
    generated_mb: usize,
    /// Size of one generated document in bytes.
    #[arg(long, default_value_t = 16_384)]
    doc_bytes: usize,
    /// End to end: documents per group commit (`write_many` call); 1 writes each alone.
    #[arg(long, default_value_t = GroupLimits::default().max_documents)]
    group_docs: usize,
    /// End to end: a group is written once it holds this many extracted facts.
    #[arg(long, default_value_t = GroupLimits::default().max_facts)]
    group_facts: u64,
    /// End to end: a group is written at the latest this many milliseconds after it opened.
    #[arg(long, default_value_t = 200)]
    group_ms: u64,
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Serialize)]
struct Report {
    store: &'static str,
    facts: usize,
    batch_rows: usize,
    /// mnemo's batched writer, facts (input rows) per second (Neo4j: median of the rounds).
    facts_per_s: f64,
    raw_unwind_facts_per_s: Option<f64>,
    /// The raw `UNWIND` writing mnemo's whole data model (episodes, mentions, counts, provenance).
    raw_full_unwind_facts_per_s: Option<f64>,
    per_fact_merge_facts_per_s: Option<f64>,
    per_fact_sample: Option<usize>,
    /// Median over the rounds of mnemo's rate / the per-fact loop's rate in the same round
    /// (target >= 30).
    speedup_vs_per_fact: Option<f64>,
    /// Median over the rounds of mnemo's rate / raw UNWIND's rate in the same round.
    ratio_vs_raw_unwind: Option<f64>,
    /// Median over the rounds of mnemo's rate / the full-model raw UNWIND's rate in the same round
    /// (target >= 0.7).
    ratio_vs_raw_full_unwind: Option<f64>,
    /// Neo4j: each round's rates, side by side.
    rounds: Vec<Round>,
    musique: Option<Run2>,
    generated: Option<Run2>,
    /// MB per second of the generated corpus, end to end on the embedded store (target >= 1).
    corpus_mb_per_s: Option<f64>,
    /// Documents per group commit in the end-to-end runs.
    group_docs: usize,
    load: String,
}

/// One round of the batched writers on the same server, each on a fresh tenant.
#[derive(Debug, Serialize)]
struct Round {
    mnemo_facts_per_s: f64,
    raw_unwind_facts_per_s: f64,
    raw_full_unwind_facts_per_s: f64,
    per_fact_merge_facts_per_s: f64,
    ratio_vs_raw_unwind: f64,
    ratio_vs_raw_full_unwind: f64,
    speedup_vs_per_fact: f64,
}

/// A first run and a re-run over the unchanged corpus.
#[derive(Debug, Serialize)]
struct Run2 {
    first: corpus::Run,
    rerun: corpus::Run,
    /// rerun seconds / first seconds (target < 0.1).
    rerun_fraction: f64,
}

fn fresh_tenant(tag: &str) -> anyhow::Result<Tenant> {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    Ok(Tenant::new(format!("bench-ingest-{tag}-{nanos:x}"))?)
}

fn memory(store: Arc<dyn GraphStore>, tenant: Tenant) -> Mnemo {
    Mnemo::new(
        store,
        Arc::new(RuleExtractor),
        tenant,
        MnemoOptions::default(),
    )
}

async fn writers(args: &Args, report: &mut Report) -> anyhow::Result<()> {
    let rows = writers::synthetic(args.facts, args.facts.max(10) / 4, 0x9e37_79b9);
    let rate = |n: usize, s: f64| n as f64 / s.max(1e-9);
    match args.store {
        StoreArg::Embedded => {
            let dir = tempfile::tempdir()?;
            let store = Arc::new(EmbeddedStore::open(dir.path())?);
            let m = memory(store, fresh_tenant("mnemo")?);
            report.facts_per_s = rate(
                rows.len(),
                writers::mnemo_writer(&m, &rows, args.batch_rows).await?,
            );
        }
        StoreArg::Neo4j => {
            let config = Neo4jConfig {
                user: args.user.clone(),
                password: args.password.clone(),
                ..Neo4jConfig::with_uri(&args.uri)
            };
            let store = Arc::new(
                Neo4jStore::connect(config)
                    .await
                    .with_context(|| format!("connecting to {}", args.uri))?,
            );
            let graph = store.graph().clone();
            let chunks: Vec<&[writers::Row]> = rows.chunks(args.batch_rows.max(1)).collect();
            let mnemo_chunks = writers::mnemo_chunks(&rows, args.batch_rows);
            let per_chunk = args.per_fact_sample.div_ceil(chunks.len().max(1)).max(1);
            let sampled: usize = chunks.iter().map(|c| c.len().min(per_chunk)).sum();
            // Round 0 is a warm-up, not measured: query plans, page cache, and the replans Neo4j
            // makes once its statistics have moved (the first round on a fresh server ran the
            // writers 2-5x slower than the next ones).
            for round in 0..=args.rounds.max(1) {
                let tag =
                    |t: &str| fresh_tenant(&format!("{}{t}", if round == 0 { "warm" } else { "" }));
                let tenants = [tag("mnemo")?, tag("raw")?, tag("rawfull")?, tag("perfact")?];
                let m = memory(store.clone(), tenants[0].clone());
                let mut secs = [0.0f64; 4];
                let result = async {
                    // The writers take turns chunk by chunk, in an order that turns, so a stall
                    // of this shared server (a checkpoint, a GC pause, another process) falls on
                    // all three alike instead of on whichever wrote its whole run then.
                    for (i, chunk) in chunks.iter().enumerate() {
                        for w in (0..3).map(|k| (k + i + round) % 3) {
                            let start = std::time::Instant::now();
                            match w {
                                0 => writers::mnemo_chunk(&m, &mnemo_chunks[i]).await?,
                                1 => writers::raw_unwind_chunk(&graph, &tenants[1], chunk).await?,
                                _ => writers::raw_full_chunk(&graph, &tenants[2], i, chunk).await?,
                            }
                            secs[w] += start.elapsed().as_secs_f64();
                        }
                        // The per-fact loop's sample is spread over the chunks the same way.
                        let sample = &chunk[..chunk.len().min(per_chunk)];
                        secs[3] += writers::per_fact(&graph, &tenants[3], sample).await?;
                    }
                    anyhow::Ok(())
                }
                .await;
                purge(&store, &tenants).await?;
                result?;
                if round == 0 {
                    continue;
                }
                let [mnemo, raw, full] = [0, 1, 2].map(|w| rate(rows.len(), secs[w]));
                let per = rate(sampled, secs[3]);
                report.rounds.push(Round {
                    mnemo_facts_per_s: mnemo,
                    raw_unwind_facts_per_s: raw,
                    raw_full_unwind_facts_per_s: full,
                    per_fact_merge_facts_per_s: per,
                    ratio_vs_raw_unwind: mnemo / raw,
                    ratio_vs_raw_full_unwind: mnemo / full,
                    speedup_vs_per_fact: mnemo / per,
                });
            }
            let median_of = |f: fn(&Round) -> f64| median(report.rounds.iter().map(f).collect());
            report.facts_per_s = median_of(|r| r.mnemo_facts_per_s);
            report.raw_unwind_facts_per_s = Some(median_of(|r| r.raw_unwind_facts_per_s));
            report.raw_full_unwind_facts_per_s = Some(median_of(|r| r.raw_full_unwind_facts_per_s));
            report.ratio_vs_raw_unwind = Some(median_of(|r| r.ratio_vs_raw_unwind));
            report.ratio_vs_raw_full_unwind = Some(median_of(|r| r.ratio_vs_raw_full_unwind));
            report.per_fact_merge_facts_per_s = Some(median_of(|r| r.per_fact_merge_facts_per_s));
            report.per_fact_sample = Some(sampled);
            report.speedup_vs_per_fact = Some(median_of(|r| r.speedup_vs_per_fact));
        }
    }
    Ok(())
}

/// Purges benchmark tenants (also after a failed run, so nothing is left behind).
async fn purge(store: &Neo4jStore, tenants: &[Tenant]) -> anyhow::Result<()> {
    for t in tenants {
        store
            .purge_tenant(t)
            .await
            .context("purging a benchmark tenant")?;
    }
    Ok(())
}

/// The median (the mean of the middle two for an even count); 0 for none.
fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    match v.len() {
        0 => 0.0,
        n if n % 2 == 1 => v[n / 2],
        n => (v[n / 2 - 1] + v[n / 2]) / 2.0,
    }
}

/// A first run and a re-run of `paths` into a fresh durable embedded store.
async fn end_to_end(paths: &[PathBuf], marks: &[f64], limits: GroupLimits) -> anyhow::Result<Run2> {
    let dir = tempfile::tempdir()?;
    let store = Arc::new(EmbeddedStore::open(dir.path())?);
    let m = memory(store, Tenant::new("bench")?);
    let first = corpus::ingest(&m, paths, marks, limits).await?;
    let rerun = corpus::ingest(&m, paths, &[], limits).await?;
    anyhow::ensure!(
        rerun.documents_ingested == 0,
        "the re-run wrote {} documents",
        rerun.documents_ingested
    );
    Ok(Run2 {
        rerun_fraction: rerun.seconds / first.seconds.max(1e-9),
        first,
        rerun,
    })
}

async fn bench(args: &Args) -> anyhow::Result<Report> {
    let mut report = Report {
        store: match args.store {
            StoreArg::Embedded => "embedded",
            StoreArg::Neo4j => "neo4j",
        },
        facts: args.facts,
        batch_rows: args.batch_rows,
        facts_per_s: 0.0,
        raw_unwind_facts_per_s: None,
        raw_full_unwind_facts_per_s: None,
        per_fact_merge_facts_per_s: None,
        per_fact_sample: None,
        speedup_vs_per_fact: None,
        ratio_vs_raw_unwind: None,
        ratio_vs_raw_full_unwind: None,
        rounds: Vec::new(),
        musique: None,
        generated: None,
        corpus_mb_per_s: None,
        group_docs: args.group_docs.max(1),
        load: std::fs::read_to_string("/proc/loadavg")
            .unwrap_or_default()
            .trim()
            .to_string(),
    };
    writers(args, &mut report).await?;
    let limits = GroupLimits {
        max_documents: args.group_docs.max(1),
        max_facts: args.group_facts,
        max_wait: std::time::Duration::from_millis(args.group_ms),
    };
    if args.corpus.is_file() {
        report.musique = Some(end_to_end(std::slice::from_ref(&args.corpus), &[], limits).await?);
    } else {
        eprintln!(
            "note: {} not found; MuSiQue run skipped",
            args.corpus.display()
        );
    }
    if args.generated_mb > 0 {
        let dir = tempfile::tempdir()?;
        let file = corpus::generate(dir.path(), args.generated_mb, args.doc_bytes, 42)?;
        let mb = args.generated_mb as f64;
        let run = end_to_end(&[file], &[mb / 4.0, mb / 2.0, mb * 0.999], limits).await?;
        report.corpus_mb_per_s = Some(run.first.mb / run.first.seconds.max(1e-9));
        report.generated = Some(run);
    }
    Ok(report)
}

fn print(r: &Report) {
    println!("ingest benchmark (load average {})", r.load);
    println!(
        "writer on {}: {} synthetic facts, {} per batch",
        r.store, r.facts, r.batch_rows
    );
    for (i, round) in r.rounds.iter().enumerate() {
        println!(
            "  round {}: mnemo {:.0}, raw {:.0}, raw full model {:.0}, per-fact {:.0} facts/s (mnemo = {:.2}x raw, {:.2}x raw full, {:.1}x per-fact)",
            i + 1,
            round.mnemo_facts_per_s,
            round.raw_unwind_facts_per_s,
            round.raw_full_unwind_facts_per_s,
            round.per_fact_merge_facts_per_s,
            round.ratio_vs_raw_unwind,
            round.ratio_vs_raw_full_unwind,
            round.speedup_vs_per_fact
        );
    }
    let of_rounds = if r.rounds.is_empty() {
        ""
    } else {
        " (medians of the rounds)"
    };
    println!(
        "  mnemo batched writer     {:>10.0} facts/s{of_rounds}",
        r.facts_per_s
    );
    if let (Some(raw), Some(ratio)) = (r.raw_unwind_facts_per_s, r.ratio_vs_raw_unwind) {
        println!("  raw UNWIND ... MERGE     {raw:>10.0} facts/s  (mnemo = {ratio:.2}x: triples only, no episodes or provenance)");
    }
    if let (Some(raw), Some(ratio)) = (r.raw_full_unwind_facts_per_s, r.ratio_vs_raw_full_unwind) {
        println!("  raw UNWIND, full model   {raw:>10.0} facts/s  (mnemo = {ratio:.2}x; target >= 0.7: episodes, mentions, counts and provenance written raw)");
    }
    if let (Some(per), Some(x), Some(n)) = (
        r.per_fact_merge_facts_per_s,
        r.speedup_vs_per_fact,
        r.per_fact_sample,
    ) {
        println!("  per-fact MERGE loop      {per:>10.0} facts/s  (sample of {n}; mnemo {x:.1}x faster; target >= 30)");
    }
    for (name, run) in [("MuSiQue", &r.musique), ("generated", &r.generated)] {
        if let Some(run) = run {
            let f = &run.first;
            println!(
                "{name}: {} documents, {:.1} MB, {} facts in {:.2} s ({:.2} MB/s); re-run {:.2} s ({:.1}% of the first, {} written)",
                f.documents_ingested, f.mb, f.facts, f.seconds, f.mb / f.seconds.max(1e-9),
                run.rerun.seconds, run.rerun_fraction * 100.0, run.rerun.documents_ingested
            );
            println!(
                "  writer: {:.2} s writing in {} group commits (up to {} documents), {:.2} s waiting for extraction",
                f.write_seconds, f.groups, r.group_docs, f.wait_seconds
            );
            for (mark, now, peak) in &f.rss {
                println!("  at {mark:.0} MB: RSS {now:.0} MB, peak {peak:.0} MB");
            }
        }
    }
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let report = runtime.block_on(bench(&args))?;
    if args.json {
        println!("{}", serde_json::to_string(&report)?);
    } else {
        print(&report);
    }
    Ok(())
}
