//! `mnemo-bench llm-cost`: LLM calls and tokens per ingested document and per agent turn, on a
//! recorded corpus replayed by a local OpenAI-compatible server, beside memary's 12–16 calls per
//! turn. No model and no network are needed; the figures count requests and the `usage` the
//! recorded replies report.

use std::path::PathBuf;
use std::sync::Arc;

use anyhow::Context;
use mnemo::llm::replay::{ReplayServer, Script};
use mnemo::llm::{HybridExtractor, LlmExtractor, LlmStats};
use mnemo::{AnswerSource, DocumentInput, Extractor, IngestOutcome, LlmClient, LlmConfig, Mnemo};
use mnemo::{MnemoOptions, Tenant};
use mnemo_store::EmbeddedStore;
use serde::{Deserialize, Serialize};

/// The committed corpus: documents, agent questions and the recorded replies to every request.
const DEFAULT_CORPUS: &str = include_str!("../../mnemo-llm/tests/fixtures/corpus.json");
/// memary's LLM calls per agent turn (routing, tool use, entity extraction, summarisation).
const MEMARY_CALLS_PER_TURN: [u32; 2] = [12, 16];

#[derive(Debug, clap::Args)]
pub struct Args {
    /// A corpus file with `documents`, `questions` and recorded `responses` (default: the
    /// committed one in crates/mnemo-llm/tests/fixtures/corpus.json).
    #[arg(long)]
    corpus: Option<PathBuf>,
    /// Print one JSON object instead of a table.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Deserialize)]
struct Corpus {
    #[serde(default)]
    description: String,
    documents: Vec<CorpusDoc>,
    questions: Vec<String>,
}

#[derive(Debug, Deserialize)]
struct CorpusDoc {
    id: String,
    #[serde(default)]
    title: Option<String>,
    text: String,
}

#[derive(Debug, Serialize)]
struct Turn {
    question: String,
    source: AnswerSource,
    calls: u64,
    tokens: u64,
}

#[derive(Debug, Serialize)]
struct Report {
    extractor: &'static str,
    documents: usize,
    chunks: u64,
    calls_per_document: f64,
    tokens_per_document: f64,
    calls_per_chunk: f64,
    turns: usize,
    hits: usize,
    misses: usize,
    calls_per_turn_mean: f64,
    calls_per_turn_max: u64,
    calls_per_miss_turn: f64,
    tokens_per_turn_mean: f64,
    ingest: LlmStats,
    agent: LlmStats,
    per_turn: Vec<Turn>,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let text = match &args.corpus {
        Some(p) => {
            std::fs::read_to_string(p).with_context(|| format!("reading {}", p.display()))?
        }
        None => DEFAULT_CORPUS.to_string(),
    };
    let script = Script::from_json(&text).context("the corpus's recorded responses")?;
    let corpus: Corpus = serde_json::from_str(&text).context("the corpus's documents")?;
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    let reports = rt.block_on(async {
        let server = ReplayServer::start(script).await?;
        let mut reports = Vec::new();
        for kind in ["llm", "hybrid"] {
            reports.push(measure(kind, &corpus, server.base_url()).await?);
        }
        anyhow::Ok(reports)
    })?;
    if args.json {
        let out = serde_json::json!({
            "benchmark": "llm-cost",
            "corpus": corpus.description,
            "memary_calls_per_turn": MEMARY_CALLS_PER_TURN,
            "results": reports,
        });
        println!("{}", serde_json::to_string_pretty(&out)?);
    } else {
        print_table(&corpus, &reports);
    }
    Ok(())
}

async fn measure(kind: &'static str, corpus: &Corpus, base_url: &str) -> anyhow::Result<Report> {
    let llm = LlmClient::new(LlmConfig {
        max_retries: 0,
        timeout_s: 30.0,
        ..LlmConfig::new(base_url, "gpt-4o-mini")
    })?;
    let extractor: Arc<dyn Extractor> = match kind {
        "llm" => Arc::new(LlmExtractor::new(llm.clone())),
        _ => Arc::new(HybridExtractor::new(llm.clone())),
    };
    let memory = Mnemo::new(
        Arc::new(EmbeddedStore::in_memory()),
        extractor,
        Tenant::new("bench")?,
        MnemoOptions::default(),
    );
    let start = llm.stats();
    let mut chunks = 0;
    for d in &corpus.documents {
        let doc = DocumentInput {
            source: format!("corpus:{}", d.id),
            id: Some(d.id.clone()),
            title: d.title.clone(),
            text: d.text.clone(),
        };
        match memory.ingest_document(&doc).await? {
            IngestOutcome::Ingested { episodes, .. } => chunks += episodes,
            IngestOutcome::Unchanged { .. } => {}
        }
    }
    let ingest = llm.stats().since(&start);
    let mut per_turn = Vec::new();
    let before_agent = llm.stats();
    for q in &corpus.questions {
        let a = memory.answer_with_fallback(&llm, q).await?;
        per_turn.push(Turn {
            question: q.clone(),
            source: a.source,
            calls: a.llm.calls,
            tokens: a.llm.total_tokens(),
        });
    }
    let agent = llm.stats().since(&before_agent);
    let n_docs = corpus.documents.len().max(1) as f64;
    let n_turns = per_turn.len().max(1) as f64;
    let misses: Vec<&Turn> = per_turn
        .iter()
        .filter(|t| t.source == AnswerSource::External)
        .collect();
    Ok(Report {
        extractor: kind,
        documents: corpus.documents.len(),
        chunks,
        calls_per_document: ingest.calls as f64 / n_docs,
        tokens_per_document: ingest.total_tokens() as f64 / n_docs,
        calls_per_chunk: ingest.calls as f64 / chunks.max(1) as f64,
        turns: per_turn.len(),
        hits: per_turn.len() - misses.len(),
        misses: misses.len(),
        calls_per_turn_mean: agent.calls as f64 / n_turns,
        calls_per_turn_max: per_turn.iter().map(|t| t.calls).max().unwrap_or(0),
        calls_per_miss_turn: misses.iter().map(|t| t.calls).sum::<u64>() as f64
            / misses.len().max(1) as f64,
        tokens_per_turn_mean: agent.total_tokens() as f64 / n_turns,
        ingest,
        agent,
        per_turn,
    })
}

fn print_table(corpus: &Corpus, reports: &[Report]) {
    println!(
        "LLM cost on the recorded corpus ({} documents, {} agent questions), replayed on 127.0.0.1",
        corpus.documents.len(),
        corpus.questions.len()
    );
    println!();
    println!(
        "{:<9} {:>6} {:>9} {:>10} {:>6} {:>5} {:>6} {:>10} {:>9} {:>10} {:>11}",
        "extractor",
        "chunks",
        "calls/doc",
        "tokens/doc",
        "turns",
        "hits",
        "misses",
        "calls/turn",
        "max/turn",
        "calls/miss",
        "tokens/turn"
    );
    for r in reports {
        println!(
            "{:<9} {:>6} {:>9.2} {:>10.0} {:>6} {:>5} {:>6} {:>10.2} {:>9} {:>10.2} {:>11.0}",
            r.extractor,
            r.chunks,
            r.calls_per_document,
            r.tokens_per_document,
            r.turns,
            r.hits,
            r.misses,
            r.calls_per_turn_mean,
            r.calls_per_turn_max,
            r.calls_per_miss_turn,
            r.tokens_per_turn_mean
        );
    }
    println!(
        "{:<9} {:>66}",
        "memary",
        format!(
            "{}-{} calls/turn (serial)",
            MEMARY_CALLS_PER_TURN[0], MEMARY_CALLS_PER_TURN[1]
        )
    );
    println!();
    println!(
        "A hit costs no LLM call; a miss costs the external answer plus the extraction of its"
    );
    println!(
        "write-back. Token counts are the recorded replies' `usage`, estimates for this corpus."
    );
}
