//! The MCP server: tools `search`, `remember`, `ingest`, `get_entity` and `forget` over the facade.
//! Over HTTP each call is scoped to the tenant of the request's API key; over stdio to the
//! tenant the server was started with.

use std::collections::HashMap;

use mnemo::Mnemo;
use mnemo_core::{EntityKey, Tenant};
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{
    CallToolResult, ContentBlock, Extensions, Implementation, ServerCapabilities, ServerConfig,
};
use rmcp::{tool, tool_handler, tool_router, ErrorData, ServerHandler};
use serde::Serialize;
use serde_json::json;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use utoipa::ToSchema;

use super::args::{ForgetArgs, GetEntityArgs, MAX_ENTITY_DEPTH};
use super::schemas;
use crate::ingest::{self, IngestRequest, IngestResponse};
use crate::routes::{forget_document, lookup, memory, neighbourhood_query};
use crate::views::{
    EntityLookup, NeighbourhoodParams, RememberRequest, RememberResponse, SearchRequest,
};
use crate::ApiError;

/// Most documents one `ingest` call takes (bigger batches belong to the HTTP API's jobs).
const MAX_TOOL_DOCS: usize = 100;

const INSTRUCTIONS: &str = "mnemo is long-term memory. Before answering a question about people, \
places, organisations or events, call `search` with the question: on a hit, use its context; on a \
miss (hit=false), find the answer elsewhere and then store it with `remember` (kind \
\"agent_answer\") so it is known next time. Store new facts the user tells you with `remember`, \
whole documents with `ingest`. `get_entity` shows what is known about one name; `forget` removes \
an episode or a document. For a conversation, append each turn with `session_put` and get the \
context to send to the model with `session_context`; `record_pin`, `record_link` and `prune` \
manage stored memories.";

/// The MCP server. Cheap to clone (one clone per MCP session).
#[derive(Debug, Clone)]
pub struct MnemoMcp {
    mnemo: Mnemo,
    /// Writes run as tracked tasks so they finish even if the session ends mid-call.
    pub(super) writes: TaskTracker,
    /// Memory records, sessions and access counts (tools in `session_tools.rs`).
    pub(super) services: crate::Services,
    tool_router: ToolRouter<Self>,
}

impl MnemoMcp {
    pub fn new(mnemo: Mnemo, writes: TaskTracker) -> Self {
        MnemoMcp {
            services: crate::Services::new(mnemo.clone()),
            mnemo,
            writes,
            tool_router: Self::tools(),
        }
    }

    /// Every tool, with its schemas (what `tools/list` answers).
    pub(crate) fn tools() -> ToolRouter<Self> {
        Self::tool_router() + Self::record_session_router()
    }

    /// Shares these record and session services (the HTTP server's, so both count the same).
    pub fn with_services(mut self, services: crate::Services) -> Self {
        self.services = services;
        self
    }

    pub fn services(&self) -> &crate::Services {
        &self.services
    }

    /// The facade for this call: the API key's tenant over HTTP (set by the auth layer on the
    /// HTTP request), the server's own tenant over stdio.
    pub(super) fn scoped(&self, ext: &Extensions) -> Result<Mnemo, ErrorData> {
        match ext.get::<axum::http::request::Parts>() {
            None => Ok(self.mnemo.clone()),
            Some(parts) => match parts.extensions.get::<Tenant>() {
                Some(t) => Ok(self.mnemo.for_tenant(t.clone())),
                None => Err(ErrorData::internal_error("request has no tenant", None)),
            },
        }
    }

    async fn write<T: Send + 'static>(
        &self,
        fut: impl std::future::Future<Output = Result<T, mnemo::Error>> + Send + 'static,
    ) -> Result<T, ApiError> {
        match self.writes.spawn(fut).await {
            Ok(r) => r.map_err(ApiError::from),
            Err(e) => {
                tracing::error!(error = %e, "MCP write task failed");
                Err(ApiError::internal())
            }
        }
    }
}

/// A tool-level error the agent sees (4xx-style messages; 5xx ones are generic): `isError` with
/// `{"error": {"code", "message"}}` as text. Not as `structuredContent`: a tool with an
/// `outputSchema` must return structured results that match it, and an error body does not.
pub(super) fn failed(e: ApiError) -> CallToolResult {
    CallToolResult::error(vec![ContentBlock::text(
        json!({ "error": e.body().error }).to_string(),
    )])
}

pub(super) fn ok_json<T: serde::Serialize>(v: &T) -> CallToolResult {
    match serde_json::to_value(v) {
        Ok(v) => CallToolResult::structured(v),
        Err(e) => {
            tracing::error!(error = %e, "tool result did not serialise");
            failed(ApiError::internal())
        }
    }
}

#[tool_router]
impl MnemoMcp {
    #[tool(
        input_schema = schemas::input::<SearchRequest>(),
        output_schema = schemas::output::<mnemo::SearchResult>(),
        description = "Search long-term memory. Returns `context_text`, a compact ready-to-use \
            context (key entities, facts, connecting paths, source snippets), or an explicit miss \
            (hit=false) when memory knows nothing relevant. Call it before answering questions \
            about people, places, organisations or events.",
        annotations(title = "Search memory", read_only_hint = true)
    )]
    async fn search(
        &self,
        Parameters(req): Parameters<SearchRequest>,
        ext: Extensions,
    ) -> Result<CallToolResult, ErrorData> {
        let mnemo = self.scoped(&ext)?;
        let as_of = match memory::validate_search(&req) {
            Ok(t) => t,
            Err(e) => return Ok(failed(e)),
        };
        let result = match mnemo.search_as_of(&req.query, req.budget, &[], as_of).await {
            Ok(r) => r,
            Err(e) => return Ok(failed(e.into())),
        };
        self.services.access.record_search(mnemo.tenant(), &result);
        let text = result.context_text.clone();
        let mut out = ok_json(&result);
        out.content = vec![ContentBlock::text(text)];
        Ok(out)
    }

    #[tool(
        input_schema = schemas::input::<RememberRequest>(),
        output_schema = schemas::output::<RememberResponse>(),
        description = "Store a text in long-term memory: its entities and facts are extracted \
            and linked into the knowledge graph. Use kind \"agent_answer\" to write back your \
            final answer after a search miss. Optional memory-record fields (session, tags, pin, \
            type, user, model, confidence) describe and link the memory. Returns the episode id \
            (for `forget`, `record_pin`, `record_link`).",
        annotations(title = "Remember", read_only_hint = false, idempotent_hint = false)
    )]
    async fn remember(
        &self,
        Parameters(args): Parameters<RememberRequest>,
        ext: Extensions,
    ) -> Result<CallToolResult, ErrorData> {
        let mnemo = self.scoped(&ext)?;
        Ok(match self.remember_record(&mnemo, args).await {
            Ok(r) => ok_json(&r),
            Err(e) => failed(e),
        })
    }

    #[tool(
        input_schema = schemas::input::<IngestRequest>(),
        output_schema = schemas::output::<IngestResponse>(),
        description = "Store whole documents (articles, notes, files) in long-term memory, at \
            most 100 per call. Each is chunked and its entities and facts extracted; documents \
            already stored unchanged are skipped. Returns one result per document with its \
            document_id (for `forget`).",
        annotations(
            title = "Ingest documents",
            read_only_hint = false,
            idempotent_hint = true
        )
    )]
    async fn ingest(
        &self,
        Parameters(args): Parameters<IngestRequest>,
        ext: Extensions,
    ) -> Result<CallToolResult, ErrorData> {
        let mnemo = self.scoped(&ext)?;
        if args.documents.is_empty() || args.documents.len() > MAX_TOOL_DOCS {
            return Ok(failed(ApiError::invalid(format!(
                "send 1 to {MAX_TOOL_DOCS} documents per call"
            ))));
        }
        let docs = args.documents;
        let resp = self
            .writes
            .spawn(async move {
                let mut resp = IngestResponse::default();
                let never = CancellationToken::new();
                ingest::ingest_all(&mnemo, docs, &never, |r| resp.add(r)).await;
                resp
            })
            .await;
        match resp {
            Ok(r) => Ok(ok_json(&r)),
            Err(e) => {
                tracing::error!(error = %e, "MCP ingest task failed");
                Ok(failed(ApiError::internal()))
            }
        }
    }

    #[tool(
        input_schema = schemas::input::<GetEntityArgs>(),
        output_schema = schemas::output::<EntityReport>(),
        description = "Show what memory knows about one name: the entity (type, aliases, how \
            often and when it was mentioned) and, with depth 1 or 2, the facts around it as \
            `subject -[predicate]-> object` lines.",
        annotations(title = "Get entity", read_only_hint = true)
    )]
    async fn get_entity(
        &self,
        Parameters(args): Parameters<GetEntityArgs>,
        ext: Extensions,
    ) -> Result<CallToolResult, ErrorData> {
        let mnemo = self.scoped(&ext)?;
        match entity_report(&mnemo, args).await {
            Ok(v) => Ok(v),
            Err(e) => Ok(failed(e)),
        }
    }

    #[tool(
        input_schema = schemas::input::<ForgetArgs>(),
        output_schema = schemas::output::<mnemo_core::DeleteReport>(),
        description = "Remove something from memory: an episode (by the episode_id from \
            `remember`) or a document (by the document_id from `ingest`), with every fact and \
            entity that only it supported. Give exactly one id.",
        annotations(title = "Forget", destructive_hint = true, idempotent_hint = true)
    )]
    async fn forget(
        &self,
        Parameters(args): Parameters<ForgetArgs>,
        ext: Extensions,
    ) -> Result<CallToolResult, ErrorData> {
        let mnemo = self.scoped(&ext)?;
        let result = match (args.episode_id, args.document_id) {
            (Some(ep), None) => {
                if let Err(e) = mnemo_core::Episode::validate_id(&ep) {
                    return Ok(failed(e.into()));
                }
                let ids = vec![ep.clone()];
                self.write(async move { mnemo.forget_episodes(&ids).await })
                    .await
                    .and_then(|r| {
                        if r.episodes == 0 {
                            Err(ApiError::not_found(format!("no episode {ep:?}")))
                        } else {
                            Ok(r)
                        }
                    })
            }
            (None, Some(doc)) => {
                let id = doc.clone();
                self.write(async move { forget_document(&mnemo, &id).await })
                    .await
                    .and_then(|r| {
                        r.ok_or_else(|| ApiError::not_found(format!("no document {doc:?}")))
                    })
            }
            _ => Err(ApiError::invalid(
                "give exactly one of episode_id and document_id",
            )),
        };
        match result {
            Ok(r) => Ok(ok_json(&r)),
            Err(e) => Ok(failed(e)),
        }
    }
}

/// The structured result of `get_entity`.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub(super) struct EntityReport {
    /// The entity found for the name, and other keys the name also matched.
    pub entity: EntityLookup,
    /// The facts around it (absent at depth 0).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub facts: Option<Vec<mnemo_core::Fact>>,
}

async fn entity_report(mnemo: &Mnemo, args: GetEntityArgs) -> Result<CallToolResult, ApiError> {
    let depth = args.depth.unwrap_or(1);
    if depth > MAX_ENTITY_DEPTH {
        return Err(ApiError::invalid(format!(
            "depth {depth}: use 0 (the entity only), 1 or 2"
        )));
    }
    let found = lookup(mnemo, &args.name).await?;
    let e = &found.entity;
    let mut text = format!(
        "{} ({}), key \"{}\", mentioned {} times, last {}",
        e.name,
        e.entity_type,
        e.key,
        e.mentions,
        e.last_seen.format("%Y-%m-%d")
    );
    if !e.aliases.is_empty() {
        text.push_str(&format!("; also called {}", e.aliases.join(", ")));
    }
    let mut report = EntityReport {
        entity: found.clone(),
        facts: None,
    };
    if depth > 0 {
        let params = NeighbourhoodParams {
            depth: Some(depth),
            fanout: None,
            max_facts: Some(args.max_facts.unwrap_or(50).min(500)),
        };
        let seed = e.key.clone();
        let q = neighbourhood_query(seed, &params)?;
        let g = mnemo.store().neighbourhood(mnemo.tenant(), &q).await?;
        let names: HashMap<&EntityKey, &str> = g
            .entities
            .iter()
            .map(|e| (&e.key, e.name.as_str()))
            .collect();
        let name = |k: &EntityKey| names.get(k).copied().unwrap_or(k.as_str()).to_string();
        text.push_str(&format!("\n{} facts:", g.facts.len()));
        for f in &g.facts {
            text.push_str(&format!(
                "\n{} -[{}]-> {}",
                name(&f.subject),
                f.predicate,
                name(&f.object)
            ));
        }
        report.facts = Some(g.facts);
    }
    let mut out = ok_json(&report);
    out.content = vec![ContentBlock::text(text)];
    Ok(out)
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for MnemoMcp {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new("mnemo", env!("CARGO_PKG_VERSION")))
            .with_instructions(INSTRUCTIONS)
    }
}
