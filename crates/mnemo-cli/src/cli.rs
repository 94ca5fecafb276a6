//! Command-line arguments (clap). Global flags are accepted before or after the subcommand.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::global::GlobalArgs;

#[derive(Debug, Parser)]
#[command(
    name = "mnemo",
    // Help and errors name the program `mnemo` whatever its file is called (the end-to-end suite
    // runs it as `mnemo-e2e`).
    bin_name = "mnemo",
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

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Ingest documents: files or folders of .txt/.md/.jsonl/.csv, or `-` for stdin.
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
    /// Prune memory records by age, access count, type or model (pinned records are kept).
    Prune(PruneArgs),
    /// Restore archived (pruned or deleted) records.
    Restore(RestoreArgs),
    /// Import memories: a folder of Ollama_Agents or RLM-MEM JSON files.
    Import(ImportArgs),
    /// Print the audit log of record writes, deletes and restores, oldest first.
    Audit(JsonFlag),
    /// Show, list, pin, link or delete memory records.
    #[command(subcommand)]
    Record(RecordCommand),
    /// Bring the tenant's data written by an older mnemo up to date (Neo4j: each entity's top-edge
    /// and recent-mention lists, the tenant's counts, the text-index terms and thread key of older
    /// episodes, accent-free alias keys of older entities, and family facts' validity intervals on their
    /// relationships). Runs for one tenant (--tenant); idempotent; the embedded store needs none
    /// (it rebuilds its text index when it opens).
    Migrate(JsonFlag),
    /// Print the effective configuration (secrets masked).
    Config,
    /// GET a plain-HTTP URL and exit 0 on a 2xx answer (a container health check of `serve`'s
    /// /readyz; touches no store).
    Probe(ProbeArgs),
}

impl Command {
    /// Commands that only read the graph store (they never create a data dir).
    pub fn read_only(&self) -> bool {
        matches!(
            self,
            Command::Search(_) | Command::Stats(_) | Command::Export(_)
        )
    }
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
    /// Episode kind: interaction, agent_answer, external or note (default: from --type).
    #[arg(long)]
    pub kind: Option<String>,
    /// Record type: interaction, document_chunk, fact, preference, pattern, note or decision
    /// (default: interaction for --kind interaction, else note).
    #[arg(long = "type", value_name = "TYPE")]
    pub record_type: Option<String>,
    /// Where the text came from.
    #[arg(long, default_value = "cli")]
    pub source: String,
    /// Who said it ("I"/"my" resolve to the speaker).
    #[arg(long)]
    pub speaker: Option<String>,
    /// Who it was said to ("you"/"your" resolve to the listener). Default with --session and
    /// --speaker: the session's other speaker, when its latest turns have exactly one.
    #[arg(long)]
    pub listener: Option<String>,
    /// When it was said (RFC 3339); default now.
    #[arg(long)]
    pub at: Option<String>,
    /// A stable episode id; remembering the same id again changes nothing.
    #[arg(long)]
    pub id: Option<String>,
    /// The conversation it belongs to (links it to the session's other records).
    #[arg(long)]
    pub session: Option<String>,
    /// A tag (repeatable); records sharing a tag are linked.
    #[arg(long = "tag", value_name = "TAG")]
    pub tags: Vec<String>,
    /// Pin the record: pruning never removes it.
    #[arg(long)]
    pub pin: bool,
    /// The user the memory belongs to.
    #[arg(long)]
    pub user: Option<String>,
    /// The model that produced or used it.
    #[arg(long)]
    pub model: Option<String>,
    /// Confidence, 0 to 1.
    #[arg(long, default_value_t = 1.0)]
    pub confidence: f32,
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
    /// Answer as memory stood then (a date such as 2023-05-01, or an RFC 3339 time): facts valid
    /// then, nothing recorded after it.
    #[arg(long)]
    pub as_of: Option<String>,
    /// Print the structured result as JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct ExportArgs {
    /// cypher, graphml or dot.
    #[arg(long, default_value = "cypher")]
    pub format: String,
    /// Write to a file instead of stdout (`-` is stdout); the file appears whole or not at all.
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
pub struct ProbeArgs {
    /// The URL, e.g. http://127.0.0.1:7700/readyz.
    pub url: String,
    /// Seconds to wait for the answer.
    #[arg(long, default_value_t = 5)]
    pub timeout_secs: u64,
}

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Address to listen on (overrides `server.bind`). Without API keys only loopback is allowed.
    #[arg(long, value_name = "ADDR")]
    pub bind: Option<std::net::SocketAddr>,
}

#[derive(Debug, Args)]
pub struct PruneArgs {
    /// Records older than this (e.g. 30d, 12h, 2w).
    #[arg(long, value_name = "AGE")]
    pub older_than: Option<String>,
    /// Records used in a returned context at most N times.
    #[arg(long, value_name = "N")]
    pub max_access: Option<u64>,
    /// Records of this type (repeatable).
    #[arg(long = "type", value_name = "TYPE")]
    pub types: Vec<String>,
    /// Records made with this model (repeatable).
    #[arg(long = "model", value_name = "MODEL")]
    pub models: Vec<String>,
    /// Delete for good instead of archiving (cannot be restored).
    #[arg(long)]
    pub permanent: bool,
    /// List what would be pruned; change nothing.
    #[arg(long)]
    pub dry_run: bool,
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct RestoreArgs {
    /// Ids of archived records.
    #[arg(required = true, value_name = "ID")]
    pub ids: Vec<String>,
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum ImportFormatArg {
    /// Per-memory JSON files of Ollama_Agents (data/json_history).
    OllamaAgents,
    /// RLM-MEM chunk files (brain/memory).
    RlmMem,
}

#[derive(Debug, Args)]
pub struct ImportArgs {
    /// The layout of the files.
    #[arg(long, value_enum)]
    pub format: ImportFormatArg,
    /// A folder (walked recursively) or one JSON file.
    pub path: PathBuf,
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Subcommand)]
pub enum RecordCommand {
    /// Show one record with its links.
    Show(RecordIdArgs),
    /// List records (id order).
    List(RecordListArgs),
    /// Pin a record: pruning never removes it.
    Pin(RecordIdArgs),
    /// Unpin a record.
    Unpin(RecordIdArgs),
    /// Link two records explicitly: FROM supports|contradicts|related_to|... TO.
    Link(RecordLinkArgs),
    /// Delete records (into the archive unless --permanent). Pinned records are refused.
    Delete(RecordDeleteArgs),
    /// List archived records.
    Archived(RecordListArgs),
}

#[derive(Debug, Args)]
pub struct RecordIdArgs {
    pub id: String,
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct RecordListArgs {
    /// Start after this id.
    #[arg(long)]
    pub after: Option<String>,
    /// At most this many.
    #[arg(long, default_value_t = 100)]
    pub limit: usize,
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct RecordLinkArgs {
    pub from: String,
    /// supports, contradicts, related_to, context_of or follows.
    pub kind: String,
    pub to: String,
}

#[derive(Debug, Args)]
pub struct RecordDeleteArgs {
    #[arg(required = true, value_name = "ID")]
    pub ids: Vec<String>,
    /// Delete for good (cannot be restored).
    #[arg(long)]
    pub permanent: bool,
    #[arg(long)]
    pub json: bool,
}
