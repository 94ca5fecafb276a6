//! Command-line arguments (clap). Global flags are accepted before or after the subcommand.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

#[derive(Debug, Parser)]
#[command(
    name = "mnemo",
    version,
    about = "Long-term knowledge memory for LLM agents",
    long_about = "mnemo turns text into a knowledge graph and answers queries with a small, ranked context window.\nRun `mnemo quickstart` to see it work on a sample corpus."
)]
pub struct Cli {
    #[command(flatten)]
    pub global: GlobalArgs,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Args)]
pub struct GlobalArgs {
    /// A TOML config file, layered over the defaults and config/local.toml.
    #[arg(long, global = true, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// Where the embedded store keeps its files (overrides `data_dir`).
    #[arg(long, global = true, value_name = "DIR")]
    pub data_dir: Option<PathBuf>,
    /// Which store to use (overrides `store.kind`).
    #[arg(long, global = true, value_enum)]
    pub store: Option<StoreKindArg>,
    /// Tenant to read and write (overrides `tenant`).
    #[arg(long, global = true)]
    pub tenant: Option<String>,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum StoreKindArg {
    Embedded,
    Neo4j,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Ingest documents: files or folders of .txt/.md/.jsonl, or `-` for stdin.
    Ingest(crate::ingest::IngestArgs),
    /// Remember one text (a chat turn, an agent answer, a note).
    Remember(RememberArgs),
    /// Print the ranked context window for a query.
    Search(SearchArgs),
    /// Counts of the stored graph.
    Stats(JsonFlag),
    /// Export the graph as Cypher, GraphML or DOT.
    Export(ExportArgs),
    /// Ingest a bundled sample corpus and run example searches.
    Quickstart(QuickstartArgs),
    /// Serve the HTTP API (and MCP over streamable HTTP at /mcp).
    Serve(ServeArgs),
    /// Serve MCP over stdio (for agent hosts that launch mnemo as a tool server).
    Mcp,
    /// Chat sessions: a token-limited message FIFO that flushes old turns into the graph.
    Session(crate::session_cmd::SessionArgs),
    /// Print the effective configuration (secrets masked).
    Config,
}

#[derive(Debug, Args)]
pub struct JsonFlag {
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct RememberArgs {
    /// The text; `-` reads it from stdin.
    pub text: String,
    /// Episode kind: interaction, agent_answer, external or note.
    #[arg(long, default_value = "note")]
    pub kind: String,
    /// Where the text came from.
    #[arg(long, default_value = "cli")]
    pub source: String,
    /// Who said it ("I"/"my" resolve to the speaker).
    #[arg(long)]
    pub speaker: Option<String>,
    /// When it was said (RFC 3339); default now.
    #[arg(long)]
    pub at: Option<String>,
    /// A stable episode id; remembering the same id again changes nothing.
    #[arg(long)]
    pub id: Option<String>,
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct SearchArgs {
    /// The query.
    pub query: String,
    /// Token budget of the context (default from config).
    #[arg(long)]
    pub budget: Option<usize>,
    /// Print the structured result as JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct ExportArgs {
    /// cypher, graphml or dot.
    #[arg(long, default_value = "cypher")]
    pub format: String,
    /// Write to a file instead of stdout.
    #[arg(long, short)]
    pub output: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct QuickstartArgs {
    /// Print the search results as JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Address to listen on (overrides `server.bind`). Without API keys only loopback is allowed.
    #[arg(long, value_name = "ADDR")]
    pub bind: Option<std::net::SocketAddr>,
}
