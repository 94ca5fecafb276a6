//! `mnemo session put|get|compact`: chat sessions over the `mnemo-session` crate, configured by the
//! `[session]` section.

use std::io::Read;
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::{bail, Context};
use clap::{Args, Subcommand};
use mnemo::Mnemo;
use mnemo_session::{
    CompactionReport, LlmSummarizer, NewMessage, Role, SessionContext, Sessions, SummarizerKind,
};

use crate::output::outln;
use crate::settings::Settings;

/// Largest message read from stdin (the session's own limit is checked after).
const MAX_STDIN_BYTES: u64 = 1 << 20;

#[derive(Debug, Args)]
pub struct SessionArgs {
    #[command(subcommand)]
    pub action: SessionAction,
}

#[derive(Debug, Subcommand)]
pub enum SessionAction {
    /// Append a message to a session; old messages flush into the graph past the token limit.
    Put(PutArgs),
    /// Print a session's assembled context: memory blocks and the (compacted) chat history.
    Get(GetArgs),
    /// Compact a session's topics by the deterministic targets.
    Compact(CompactArgs),
}

#[derive(Debug, Args)]
pub struct PutArgs {
    /// Session id: 1-64 characters of [A-Za-z0-9_-].
    pub session: String,
    /// The message text, or `-` to read it from stdin.
    pub text: String,
    /// user, assistant or system.
    #[arg(long, default_value = "user")]
    pub role: String,
    /// A topic tag (repeatable); none = "general".
    #[arg(long = "tag", value_name = "TAG")]
    pub tags: Vec<String>,
    /// When it was said (RFC 3339); default now.
    #[arg(long, value_name = "RFC3339")]
    pub at: Option<String>,
    /// Print the report as JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct GetArgs {
    pub session: String,
    /// Search the graph context for this instead of the latest user message.
    #[arg(long, value_name = "Q")]
    pub query: Option<String>,
    /// Print the context as JSON (messages, block reports, token counts).
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct CompactArgs {
    pub session: String,
    /// Print the report as JSON.
    #[arg(long)]
    pub json: bool,
}

pub async fn run(
    mnemo: &Mnemo,
    settings: &Settings,
    args: SessionArgs,
) -> anyhow::Result<ExitCode> {
    let mut sessions = Sessions::new(mnemo.clone(), settings.session.clone())
        .context("invalid [session] settings")?;
    if settings.session.compaction.summarizer == SummarizerKind::Llm {
        settings.llm.validate().context("invalid [llm] settings")?;
        let client = mnemo::LlmClient::new(settings.llm.clone())?;
        sessions = sessions.with_summarizer(Arc::new(LlmSummarizer::new(client)));
    }
    match args.action {
        SessionAction::Put(a) => put(&sessions, a).await,
        SessionAction::Get(a) => get(&sessions, a).await,
        SessionAction::Compact(a) => compact(&sessions, a).await,
    }
}

fn read_text(text: String) -> anyhow::Result<String> {
    if text != "-" {
        return Ok(text);
    }
    let mut bytes = Vec::new();
    std::io::stdin()
        .lock()
        .take(MAX_STDIN_BYTES + 1)
        .read_to_end(&mut bytes)
        .context("reading stdin")?;
    if bytes.len() as u64 > MAX_STDIN_BYTES {
        bail!("stdin is over {MAX_STDIN_BYTES} bytes; a session message must be smaller");
    }
    String::from_utf8(bytes).map_err(|e| {
        anyhow::anyhow!(
            "stdin is not valid UTF-8 (first bad byte at offset {})",
            e.utf8_error().valid_up_to()
        )
    })
}

async fn put(sessions: &Sessions, a: PutArgs) -> anyhow::Result<ExitCode> {
    let role: Role = a.role.parse()?;
    let at = match &a.at {
        Some(s) => Some(
            chrono::DateTime::parse_from_rfc3339(s)
                .with_context(|| format!("--at {s:?} is not an RFC 3339 time"))?
                .with_timezone(&chrono::Utc),
        ),
        None => None,
    };
    let msg = NewMessage {
        role,
        content: read_text(a.text)?,
        at,
        tags: a.tags,
    };
    let r = sessions.put(&a.session, msg).await?;
    if a.json {
        outln!("{}", serde_json::to_string_pretty(&r)?);
    } else {
        outln!(
            "put message {} ({} tokens) in session {}; history {} of {} tokens",
            r.seq,
            r.tokens,
            r.session,
            r.history_tokens,
            sessions.config().history_limit()
        );
        if !r.flushed.seqs.is_empty() {
            outln!(
                "flushed {} messages ({} tokens) into the graph: {} entities, {} facts",
                r.flushed.seqs.len(),
                r.flushed.tokens,
                r.flushed.entities,
                r.flushed.facts
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}

async fn get(sessions: &Sessions, a: GetArgs) -> anyhow::Result<ExitCode> {
    let ctx = sessions.context(&a.session, a.query.as_deref()).await?;
    if a.json {
        outln!("{}", serde_json::to_string_pretty(&ctx)?);
    } else {
        print_context(&ctx);
    }
    Ok(ExitCode::SUCCESS)
}

fn print_context(ctx: &SessionContext) {
    for m in &ctx.messages {
        let label = match (m.seq, &m.summary_of) {
            (Some(seq), _) => format!("{} #{seq}", m.role),
            (None, Some(tag)) => format!("{} (summary of {tag})", m.role),
            (None, None) => m.role.clone(),
        };
        outln!("--- {label} ---");
        outln!("{}", m.content);
    }
    outln!(
        "--- {} tokens of {}: history {} (uncompacted {}), blocks {} ---",
        ctx.total_tokens,
        ctx.token_limit,
        ctx.history_tokens,
        ctx.fifo_tokens,
        ctx.block_tokens
    );
}

async fn compact(sessions: &Sessions, a: CompactArgs) -> anyhow::Result<ExitCode> {
    let r = sessions.compact(&a.session).await?;
    if a.json {
        outln!("{}", serde_json::to_string_pretty(&r)?);
    } else {
        print_compaction(&r);
    }
    Ok(ExitCode::SUCCESS)
}

fn print_compaction(r: &CompactionReport) {
    for t in &r.tags {
        match (&t.compaction, &t.skipped) {
            (Some(c), _) => outln!(
                "{} ({}, target {}%): compacted {} messages ({} tokens) into {} tokens",
                t.tag,
                t.importance.as_str(),
                t.target_pct,
                c.compacted_messages,
                c.compacted_tokens,
                c.summary_tokens
            ),
            (None, Some(skip)) => outln!(
                "{} ({}, target {}%): no new compaction: {skip}",
                t.tag,
                t.importance.as_str(),
                t.target_pct
            ),
            (None, None) => {}
        }
    }
    outln!(
        "session {}: history {} -> {} tokens ({} uncompacted)",
        r.session,
        r.history_tokens_before,
        r.history_tokens_after,
        r.fifo_tokens
    );
}
