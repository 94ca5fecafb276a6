//! mnemo-bench: benchmarks and quality evaluations. Each subcommand lives in its own module and
//! prints human-readable figures, or one JSON object with `--json`.

use clap::{Parser, Subcommand};

/// mimalloc, as in the `mnemo` binary: the benchmarks measure what users run.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod extract;
mod ingest;
mod latency;
mod llm_cost;
mod locomo;
mod quality_store;
mod recall;
mod session;
mod store_write;
mod validity;

#[derive(Debug, Parser)]
#[command(
    name = "mnemo-bench",
    about = "mnemo benchmarks and quality evaluations"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Entity/relation extraction quality (P/R/F1) and throughput on a docs.jsonl data set.
    Extract(extract::Args),
    /// Supporting-passage recall and answer-in-context on a corpus/questions data set, with BM25.
    Recall(recall::Args),
    /// Evidence recall on LoCoMo-style conversations (one tenant each, one episode per turn), with BM25.
    Locomo(locomo::Args),
    /// Search latency on synthetic power-law graphs of growing size.
    Latency(latency::Args),
    /// LLM calls and tokens per ingested document and per agent turn, on a recorded corpus.
    LlmCost(llm_cost::Args),
    /// Store write throughput by batch size and depth-2 query latency.
    StoreWrite(store_write::Args),
    /// Batch ingestion: mnemo's writer vs per-fact MERGE and raw UNWIND, and corpus MB/s end to end.
    Ingest(ingest::Args),
    /// Session memory on a generated long conversation: context assembly time, compaction savings,
    /// recall of flushed turns.
    Session(session::Args),
    /// Facts that change: current-fact and as-of accuracy on short stories of moves, job changes,
    /// marriages and endings.
    Validity(validity::Args),
}

fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    match cli.command {
        Command::Extract(args) => extract::run(args),
        Command::Recall(args) => recall::run(args),
        Command::Latency(args) => latency::run(args),
        Command::Locomo(args) => locomo::run(args),
        Command::LlmCost(args) => llm_cost::run(args),
        Command::StoreWrite(args) => store_write::run(args),
        Command::Ingest(args) => ingest::run(args),
        Command::Session(args) => session::run(args),
        Command::Validity(args) => validity::run(args),
    }
}
