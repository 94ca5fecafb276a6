//! MCP tools over memory records and chat sessions: `session_put`, `session_context`,
//! `record_pin`, `record_link` and `prune`, and the record path of `remember`.

use mnemo::Mnemo;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, ContentBlock, Extensions};
use rmcp::{tool, tool_router, ErrorData};

use super::args::{RecordLinkArgs, RecordPinArgs, SessionContextArgs, SessionPutArgs};
use super::schemas;
use super::tools::{failed, ok_json, MnemoMcp};
use crate::record_views::{LinkResponse, PruneRequest, PruneView};
use crate::routes::records::{parse_link_kind, prune_policy, record_input};
use crate::routes::sessions::new_message;
use crate::views::{RememberRequest, RememberResponse};
use crate::ApiError;

impl MnemoMcp {
    /// `remember` through memory records (shared with the HTTP endpoint's rules).
    pub(super) async fn remember_record(
        &self,
        mnemo: &Mnemo,
        req: RememberRequest,
    ) -> Result<RememberResponse, ApiError> {
        let (text, input) = record_input(req, "mcp")?;
        let r = self.services.records.get(mnemo.tenant(), "mcp");
        let w = self
            .spawn(async move { r.remember(&text, &input).await })
            .await?
            .map_err(ApiError::from)?;
        Ok(w.into())
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
            let msg = new_message(args.message)?;
            let sessions = self.services.sessions.get(mnemo.tenant())?;
            let session = args.session;
            self.spawn(async move { sessions.put(&session, msg).await })
                .await?
                .map_err(ApiError::from)
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
        let ctx = match crate::routes::sessions::context_of(
            &self.services,
            &mnemo,
            &args.session,
            args.context,
        )
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
        output_schema = schemas::output::<mnemo_records::Record>(),
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
                Ok(Ok(rec)) => ok_json(&rec),
                Ok(Err(e)) => failed(ApiError::from(e)),
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
        let (from, to) = (args.from.clone(), args.target.clone());
        Ok(
            match self
                .spawn(async move { r.link(&from, kind, &to).await })
                .await
            {
                Ok(Ok(created)) => ok_json(&LinkResponse {
                    from: args.from,
                    kind: kind.as_str().to_string(),
                    target: args.target,
                    created,
                }),
                Ok(Err(e)) => failed(ApiError::from(e)),
                Err(e) => failed(e),
            },
        )
    }

    #[tool(
        input_schema = schemas::input::<PruneRequest>(),
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
        Parameters(req): Parameters<PruneRequest>,
        ext: Extensions,
    ) -> Result<CallToolResult, ErrorData> {
        let mnemo = self.scoped(&ext)?;
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
                Ok(Ok(report)) => ok_json(&PruneView::from(report)),
                Ok(Err(e)) => failed(ApiError::from(e)),
                Err(e) => failed(e),
            },
        )
    }
}
