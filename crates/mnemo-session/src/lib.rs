//! mnemo agent sessions: a token-limited chat FIFO that flushes into the graph, memory blocks with
//! priorities, deterministic topic compaction. See `docs/session.md`.
//!
//! ```text
//! put ─► FIFO (durable, per session) ──over token_limit × ratio──► Mnemo::remember (graph)
//! context ─► compact(FIFO, tag compactions) + memory blocks fitted to token_limit ─► messages
//! compact ─► per tag: target(importance, age) ─► rule ─► Summarizer ─► new compaction
//! ```

mod blocks;
mod compact;
mod config;
mod context;
mod error;
mod fifo;
mod message;
mod run;
mod session;
mod state;
mod summarize;
mod target;

pub use blocks::{fit, render, Block, BlockReport, FittedBlocks};
pub use compact::{compact, summary_text, Compacted, ContextMessage};
pub use config::{
    BlockPlacement, BlockPriorities, BlocksConfig, CompactionConfig, Importance, SessionConfig,
    SummarizerKind, SummaryRole, TargetCurve, TargetPolicy,
};
pub use context::SessionContext;
pub use error::{Result, SessionError};
pub use fifo::flush_count;
pub use message::{
    episode_id, normalize_tag, normalize_tags, validate_session_id, Message, NewMessage, Role,
    DEFAULT_TAG, MAX_MESSAGE_BYTES, MAX_SESSION_ID, MAX_TAG, MAX_TAGS,
};
/// Tokens of a text as OpenAI's cl100k_base encoding counts them: the counter the context uses.
pub use mnemo_extract::count_tokens;
pub use run::{CompactionReport, TagOutcome};
pub use session::{FlushReport, PutReport, Sessions};
pub use summarize::{sentences, ExtractiveSummarizer, LlmSummarizer, Summarizer, Summary};
pub use target::{plan, target_pct, Compaction, Decision, Plan, Skip, TagState};
