//! MCP tools over memory records and chat sessions: `session_put`, `session_context`,
//! `record_pin`, `record_link` and `prune`, and the record path of `remember`.

use mnemo::Mnemo;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, ContentBlock, Extensions};
use rmcp::{tool, tool_router, ErrorData};
use schemars::JsonSchema;
use serde::Deserialize;

use super::args::{RememberArgs, RECORD_TYPES};
use super::schemas;
use super::tools::{failed, ok_json, MnemoMcp};
use crate::record_views::{ContextRequest, LinkResponse, MessageRequest, PruneRequest, PruneView};
use crate::routes::records::{
    mode_name, parse_link_kind, prune_policy, record_input, remember_response,
};
use crate::routes::sessions::new_message;
use crate::services::{records_error, session_error};
use crate::views::{DeleteView, RememberRequest, RememberResponse};
use crate::ApiError;

/// Arguments of `session_put`.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
pub struct SessionPutArgs {
    /// The conversation id: 1-64 letters, digits, `_` or `-`. Use the same id for every turn of
    /// one conversation.
    pub session: String,
    /// The message text.
    pub content: String,
    /// Who said it: "user" (default), "assistant" or "system".
    #[serde(default)]
    #[schemars(extend("enum" = ["user", "assistant", "system"]))]
    pub role: Option<String>,
    /// Optional topic tags, e.g. ["travel"]; topics are compacted separately (default "general").
    #[serde(default)]
    pub tags: Vec<String>,
}

/// Arguments of `session_context`.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
pub struct SessionContextArgs {
    /// The conversation id used with `session_put`.
    pub session: String,
    /// Optional: what to look up in long-term memory for the context (default: the latest user
    /// message).
    #[serde(default)]
    pub query: Option<String>,
    /// Optional size limit of the whole context in tokens, at least 100 (default: the server's
    /// setting, 30,000).
    #[serde(default)]
    #[schemars(range(min = 100))]
    pub budget: Option<usize>,
}

/// Arguments of `record_pin`.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
pub struct RecordPinArgs {
    /// The memory's id (the `episode_id` that `remember` returned).
    pub id: String,
    /// true (default) to pin: pinned memories are never pruned; false to unpin.
    #[serde(default)]
    pub pinned: Option<bool>,
}

/// Arguments of `record_link`.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
pub struct RecordLinkArgs {
    /// The memory the link starts from (an `episode_id` from `remember`).
    pub from: String,
    /// "supports" (it strengthens the other memory) or "contradicts" (it opposes it).
    #[schemars(extend("enum" = ["supports", "contradicts"]))]
    pub kind: String,
    /// The other memory's id.
    pub to: String,
}

/// Arguments of `prune`. Give at least one criterion; all given must hold.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
pub struct PruneArgs {
    /// Memories older than this: a number and s, m, h, d or w, e.g. "90d".
    #[serde(default)]
    pub older_than: Option<String>,
    /// Memories used in a search result at most this many times, e.g. 0 for never used.
    #[serde(default)]
    pub max_access: Option<u64>,
    /// Memories of these types (interaction, document_chunk, fact, preference, pattern, note,
    /// decision).
    #[serde(default)]
    #[schemars(extend("items" = {"type": "string", "enum": RECORD_TYPES}))]
    pub types: Vec<String>,
    /// Memories made with these models (exact names).
    #[serde(default)]
    pub models: Vec<String>,
    /// "dry_run" (default: only list what would go), "archive" (remove but keep restorable) or
    /// "permanent". Pinned memories are never pruned.
    #[serde(default)]
    #[schemars(extend("enum" = ["dry_run", "archive", "permanent"]))]
    pub mode: Option<String>,
}

impl MnemoMcp {
    /// `remember` through memory records (shared with the HTTP endpoint's rules).
    pub(super) async fn remember_record(
        &self,
        mnemo: &Mnemo,
        args: RememberArgs,
    ) -> Result<RememberResponse, ApiError> {
        let req = RememberRequest {
            text: args.text,
            kind: args.kind,
            source: args.source,
            speaker: args.speaker,
            listener: args.listener,
            at: None,
            id: args.id,
            session: args.session,
            tags: args.tags,
            pin: args.pin,
            record_type: args.record_type,
            user: args.user,
            model: args.model,
            confidence: args.confidence,
        };
        let (text, input) = record_input(req, "mcp")?;
        let r = self.services.records.get(mnemo.tenant(), "mcp");
        let w = self
            .spawn(async move { r.remember(&text, &input).await })
            .await?
            .map_err(records_error)?;
        Ok(remember_response(w))
    }

    /// Runs a write on the tracked tasks, so it finishes even if the session ends mid-call.
    async fn spawn<T: Send + 'static>(
        &self,
        fut: impl std::future::Future<Output = T> + Send + 'static,
    ) -> Result<T, ApiError> {
        self.writes.spawn(fut).await.map_err(|e| {
            tracing::error!(error = %e, "MCP write task failed");
            ApiError::internal()
        })
    }
}

#[tool_router(router = record_session_router, vis = "pub(super)")]
impl MnemoMcp {
    #[tool(
        input_schema = schemas::input::<SessionPutArgs>(),
        output_schema = schemas::output::<mnemo_session::PutReport>(),
        description = "Append one chat turn to a conversation's short-term memory. Call it for \
            every user message and every answer you give, with the same `session` id. Old turns \
            move into long-term memory automatically when the conversation grows past its token \
            limit, so nothing is lost. Returns the turn's number and the tokens held.",
        annotations(
            title = "Add to session",
            read_only_hint = false,
            idempotent_hint = false
        )
    )]
    async fn session_put(
        &self,
        Parameters(args): Parameters<SessionPutArgs>,
        ext: Extensions,
    ) -> Result<CallToolResult, ErrorData> {
        let mnemo = self.scoped(&ext)?;
        let run = async {
            let msg = new_message(MessageRequest {
                role: args.role,
                content: args.content,
                at: None,
                tags: args.tags,
            })?;
            let sessions = self.services.sessions.get(mnemo.tenant())?;
            let session = args.session;
            self.spawn(async move { sessions.put(&session, msg).await })
                .await?
                .map_err(session_error)
        };
        Ok(match run.await {
            Ok(r) => ok_json(&r),
            Err(e) => failed(e),
        })
    }

    #[tool(
        input_schema = schemas::input::<SessionContextArgs>(),
        output_schema = schemas::output::<mnemo_session::SessionContext>(),
        description = "Get the context to send to your model for a conversation: the recent \
            turns (older topics summarised), plus memory blocks with what long-term memory knows \
            about the latest user message, fitted to a token budget. Use `messages` as your \
            prompt's chat history; `memory` is the rendered memory text alone.",
        annotations(title = "Session context", read_only_hint = true)
    )]
    async fn session_context(
        &self,
        Parameters(args): Parameters<SessionContextArgs>,
        ext: Extensions,
    ) -> Result<CallToolResult, ErrorData> {
        let mnemo = self.scoped(&ext)?;
        let req = ContextRequest {
            query: args.query,
            budget: args.budget,
        };
        let ctx =
            match crate::routes::sessions::context_of(&self.services, &mnemo, &args.session, req)
                .await
            {
                Ok(c) => c,
                Err(e) => return Ok(failed(e)),
            };
        let text = ctx
            .messages
            .iter()
            .map(|m| format!("[{}] {}", m.role, m.content))
            .collect::<Vec<_>>()
            .join("\n\n");
        let mut out = ok_json(&ctx);
        out.content = vec![ContentBlock::text(text)];
        Ok(out)
    }

    #[tool(
        input_schema = schemas::input::<RecordPinArgs>(),
        output_schema = schemas::output::<crate::record_views::RecordView>(),
        description = "Pin a stored memory so that pruning never removes it (pinned=true, the \
            default), or unpin it (pinned=false). Takes the id `remember` returned.",
        annotations(title = "Pin memory", read_only_hint = false, idempotent_hint = true)
    )]
    async fn record_pin(
        &self,
        Parameters(args): Parameters<RecordPinArgs>,
        ext: Extensions,
    ) -> Result<CallToolResult, ErrorData> {
        let mnemo = self.scoped(&ext)?;
        let r = self.services.records.get(mnemo.tenant(), "mcp");
        let pinned = args.pinned.unwrap_or(true);
        let id = args.id;
        Ok(
            match self
                .spawn(async move { r.set_pinned(&id, pinned).await })
                .await
            {
                Ok(Ok(rec)) => ok_json(&crate::record_views::RecordView::from(rec)),
                Ok(Err(e)) => failed(records_error(e)),
                Err(e) => failed(e),
            },
        )
    }

    #[tool(
        input_schema = schemas::input::<RecordLinkArgs>(),
        output_schema = schemas::output::<LinkResponse>(),
        description = "Record that one stored memory supports or contradicts another (kind \
            \"supports\" or \"contradicts\"), e.g. when a new answer confirms or corrects an \
            older one. Both ids come from `remember`. Linking twice changes nothing.",
        annotations(
            title = "Link memories",
            read_only_hint = false,
            idempotent_hint = true
        )
    )]
    async fn record_link(
        &self,
        Parameters(args): Parameters<RecordLinkArgs>,
        ext: Extensions,
    ) -> Result<CallToolResult, ErrorData> {
        let mnemo = self.scoped(&ext)?;
        let kind = match parse_link_kind(&args.kind) {
            Ok(k) => k,
            Err(e) => return Ok(failed(e)),
        };
        let r = self.services.records.get(mnemo.tenant(), "mcp");
        let (from, to) = (args.from.clone(), args.to.clone());
        Ok(
            match self
                .spawn(async move { r.link(&from, kind, &to).await })
                .await
            {
                Ok(Ok(created)) => ok_json(&LinkResponse {
                    from: args.from,
                    kind: kind.as_str().to_string(),
                    target: args.to,
                    created,
                }),
                Ok(Err(e)) => failed(records_error(e)),
                Err(e) => failed(e),
            },
        )
    }

    #[tool(
        input_schema = schemas::input::<PruneArgs>(),
        output_schema = schemas::output::<PruneView>(),
        description = "Remove old or unused memories by criteria (age, times used, type, \
            model; all given must hold). By default a dry run that only lists what would be \
            removed: check it, then call again with mode \"archive\" (restorable) or \
            \"permanent\". Pinned memories are never removed.",
        annotations(
            title = "Prune memories",
            destructive_hint = true,
            idempotent_hint = true
        )
    )]
    async fn prune(
        &self,
        Parameters(args): Parameters<PruneArgs>,
        ext: Extensions,
    ) -> Result<CallToolResult, ErrorData> {
        let mnemo = self.scoped(&ext)?;
        let req = PruneRequest {
            older_than: args.older_than,
            max_access: args.max_access,
            types: args.types,
            models: args.models,
            mode: args.mode,
        };
        let (policy, mode) = match prune_policy(&req) {
            Ok(p) => p,
            Err(e) => return Ok(failed(e)),
        };
        let r = self.services.records.get(mnemo.tenant(), "mcp");
        Ok(
            match self
                .spawn(async move { r.prune(&policy, mode).await })
                .await
            {
                Ok(Ok(report)) => ok_json(&PruneView {
                    mode: mode_name(report.mode).to_string(),
                    count: report.records.len(),
                    ids: report.records.into_iter().map(|r| r.id).collect(),
                    pinned_kept: report.pinned_kept,
                    graph: DeleteView::from(report.graph),
                }),
                Ok(Err(e)) => failed(records_error(e)),
                Err(e) => failed(e),
            },
        )
    }
}
