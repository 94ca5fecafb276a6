//! `mnemo-bench session`: a generated conversation of many turns through one session on the
//! in-memory embedded store (rule extractor, default session settings, compaction every
//! `--compact-every` turns): time to assemble the session context (p50/p95), tokens saved by
//! compaction, and the share of facts from flushed turns still answerable by search.
//!
//! "Answerable": for each distinct fact stated in a flushed turn (e.g. "Maya Novak lives in
//! Porto."), the question about its subject ("Where does Maya Novak live?") is searched with the
//! default budget; *loose* counts the fact when its object appears anywhere in the returned
//! context, *strict* only when it appears on a line that also names the subject.

mod gen;

use std::collections::BTreeSet;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;
use std::time::Instant;

use anyhow::Context;
use chrono::{Duration, TimeZone, Utc};
use mnemo::{Mnemo, MnemoOptions, RuleExtractor, Tenant};
use mnemo_session::{Importance, NewMessage, SessionConfig, Sessions};
use mnemo_store::EmbeddedStore;
use serde::Serialize;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Turns in the conversation (user and assistant alternating).
    #[arg(long, default_value_t = 10_000)]
    turns: usize,
    /// Seconds between turns.
    #[arg(long, default_value_t = 30)]
    turn_seconds: i64,
    /// Assemble (and time) the context every this many turns.
    #[arg(long, default_value_t = 20)]
    sample_every: usize,
    /// Run a compaction every this many turns.
    #[arg(long, default_value_t = 100)]
    compact_every: usize,
    /// Random seed of the conversation.
    #[arg(long, default_value_t = 7)]
    seed: u64,
    /// One JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// List the flushed facts search could not answer (on stderr).
    #[arg(long)]
    show_misses: bool,
}

#[derive(Debug, Serialize)]
struct Report {
    turns: usize,
    seed: u64,
    token_limit: usize,
    conversation_tokens: usize,
    flushed_turns: usize,
    flushed_tokens: usize,
    fifo_turns_at_end: usize,
    /// Wall time of the whole conversation: puts (with flushes), compactions and context samples.
    run_s: f64,
    context_samples: usize,
    context_p50_ms: f64,
    context_p95_ms: f64,
    compactions: usize,
    compact_p50_ms: f64,
    /// Mean over the context samples of (uncompacted FIFO tokens - history tokens shown).
    mean_tokens_saved: f64,
    /// The same as a share of the uncompacted FIFO.
    mean_saved_share: f64,
    end_fifo_tokens: usize,
    end_history_tokens: usize,
    flushed_facts: usize,
    answerable_loose: usize,
    answerable_strict: usize,
    answerable_loose_share: f64,
    answerable_strict_share: f64,
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("starting the async runtime")?;
    let report = rt.block_on(measure(&args))?;
    if args.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        print(&report);
    }
    Ok(())
}

async fn measure(args: &Args) -> anyhow::Result<Report> {
    let t0 = Utc
        .with_ymd_and_hms(2026, 1, 5, 9, 0, 0)
        .single()
        .context("start time")?;
    let offset = Arc::new(AtomicI64::new(0));
    let clock: mnemo::Clock = {
        let o = offset.clone();
        Arc::new(move || t0 + Duration::seconds(o.load(Ordering::SeqCst)))
    };
    let mnemo = Mnemo::new(
        Arc::new(EmbeddedStore::in_memory()),
        Arc::new(RuleExtractor),
        Tenant::new("bench")?,
        MnemoOptions::default(),
    )
    .with_clock(clock.clone());
    let mut cfg = SessionConfig {
        user_name: "Sam Carter".into(),
        ..SessionConfig::default()
    };
    cfg.compaction
        .importance
        .insert("chat".into(), Importance::Low);
    cfg.compaction
        .importance
        .insert("projects".into(), Importance::High);
    let token_limit = cfg.token_limit;
    let sessions = Sessions::new(mnemo.clone(), cfg)?.with_clock(clock);
    let sid = "bench";
    let turns = gen::conversation(args.turns, args.seed);

    let mut context_ms = Vec::new();
    let mut compact_ms = Vec::new();
    let mut saved = Vec::new();
    let mut flushed: BTreeSet<u64> = BTreeSet::new();
    let mut flushed_tokens = 0;
    let mut conversation_tokens = 0;
    let started = Instant::now();
    for (i, t) in turns.iter().enumerate() {
        offset.store(i as i64 * args.turn_seconds, Ordering::SeqCst);
        let msg = if t.user {
            NewMessage::user(t.text.clone())
        } else {
            NewMessage::assistant(t.text.clone())
        };
        let r = sessions.put(sid, msg.tag(t.tag)).await?;
        conversation_tokens += r.tokens;
        flushed_tokens += r.flushed.tokens;
        flushed.extend(r.flushed.seqs);
        if (i + 1) % args.compact_every.max(1) == 0 {
            let c = Instant::now();
            sessions.compact(sid).await?;
            compact_ms.push(c.elapsed().as_secs_f64() * 1e3);
        }
        if (i + 1) % args.sample_every.max(1) == 0 {
            let c = Instant::now();
            let ctx = sessions.context(sid, None).await?;
            context_ms.push(c.elapsed().as_secs_f64() * 1e3);
            saved.push((ctx.fifo_tokens, ctx.history_tokens));
        }
    }
    let put_total_s = started.elapsed().as_secs_f64();
    let end = sessions.context(sid, None).await?;

    // Distinct facts stated by flushed turns (seq = turn index + 1).
    let facts: BTreeSet<(String, String, String)> = turns
        .iter()
        .enumerate()
        .filter(|(i, _)| flushed.contains(&(*i as u64 + 1)))
        .filter_map(|(_, t)| t.fact.clone())
        .map(|f| (f.subject, f.object, f.question))
        .collect();
    let (mut loose, mut strict) = (0, 0);
    for (subject, object, question) in &facts {
        let r = mnemo.search(question, None).await?;
        if r.context_text.contains(object.as_str()) {
            loose += 1;
        } else if args.show_misses {
            eprintln!("miss: {question} (expected {object})\n{}\n", r.context_text);
        }
        if r.context_text
            .lines()
            .any(|l| l.contains(object.as_str()) && l.contains(subject.as_str()))
        {
            strict += 1;
        }
    }
    context_ms.sort_by(f64::total_cmp);
    compact_ms.sort_by(f64::total_cmp);
    let n = saved.len().max(1) as f64;
    let mean_saved = saved
        .iter()
        .map(|(f, h)| *f as f64 - *h as f64)
        .sum::<f64>()
        / n;
    let mean_share = saved
        .iter()
        .map(|(f, h)| {
            if *f == 0 {
                0.0
            } else {
                (*f as f64 - *h as f64) / *f as f64
            }
        })
        .sum::<f64>()
        / n;
    let share = |k: usize| {
        if facts.is_empty() {
            0.0
        } else {
            k as f64 / facts.len() as f64
        }
    };
    Ok(Report {
        turns: turns.len(),
        seed: args.seed,
        token_limit,
        conversation_tokens,
        flushed_turns: flushed.len(),
        flushed_tokens,
        fifo_turns_at_end: sessions.messages(sid).await?.len(),
        run_s: put_total_s,
        context_samples: context_ms.len(),
        context_p50_ms: percentile(&context_ms, 0.5),
        context_p95_ms: percentile(&context_ms, 0.95),
        compactions: compact_ms.len(),
        compact_p50_ms: percentile(&compact_ms, 0.5),
        mean_tokens_saved: mean_saved,
        mean_saved_share: mean_share,
        end_fifo_tokens: end.fifo_tokens,
        end_history_tokens: end.history_tokens,
        flushed_facts: facts.len(),
        answerable_loose: loose,
        answerable_strict: strict,
        answerable_loose_share: share(loose),
        answerable_strict_share: share(strict),
    })
}

fn print(r: &Report) {
    println!(
        "session: {} turns (seed {}), {} tokens; token_limit {}",
        r.turns, r.seed, r.conversation_tokens, r.token_limit
    );
    println!(
        "  flushed into the graph: {} turns, {} tokens; {} turns left in the FIFO; the run took {:.1} s",
        r.flushed_turns, r.flushed_tokens, r.fifo_turns_at_end, r.run_s
    );
    println!(
        "  context assembly: p50 {:.2} ms, p95 {:.2} ms over {} samples",
        r.context_p50_ms, r.context_p95_ms, r.context_samples
    );
    println!(
        "  compaction: {} runs, p50 {:.2} ms; saved {:.0} tokens per context on average ({:.1}% of the FIFO); at the end {} -> {} tokens",
        r.compactions,
        r.compact_p50_ms,
        r.mean_tokens_saved,
        r.mean_saved_share * 100.0,
        r.end_fifo_tokens,
        r.end_history_tokens
    );
    println!(
        "  facts from flushed turns answerable by search: {}/{} loose ({:.1}%), {}/{} strict ({:.1}%)",
        r.answerable_loose,
        r.flushed_facts,
        r.answerable_loose_share * 100.0,
        r.answerable_strict,
        r.flushed_facts,
        r.answerable_strict_share * 100.0
    );
}
