//! Chat sessions over HTTP: append messages (old ones flush into the graph past the token limit),
//! read the FIFO, assemble the context, compact topics. Scoped to the API key's tenant.

use axum::extract::State;
use axum::Json;
use mnemo_session::{
    validate_session_id, CompactionReport, Message, NewMessage, PutReport, Role, SessionContext,
};
use serde::Serialize;
use utoipa::ToSchema;

use crate::error::ErrorBody;
use crate::extract::{ApiJson, ApiPath, Scoped};
use crate::record_views::{ContextRequest, MessageRequest};
use crate::{ApiError, AppState};

/// Largest context budget a caller may ask for.
const MAX_CONTEXT_BUDGET: usize = 1_000_000;

/// A session's FIFO: the messages not yet flushed into the graph, oldest first.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SessionView {
    pub session: String,
    pub messages: Vec<Message>,
}

fn valid_session(id: &str) -> Result<(), ApiError> {
    validate_session_id(id).map_err(ApiError::from)
}

pub(crate) fn new_message(req: MessageRequest) -> Result<NewMessage, ApiError> {
    let role: Role = match req.role.as_deref() {
        None => Role::User,
        Some(r) => r
            .parse()
            .map_err(|_| ApiError::invalid(format!("role {r:?}: use user, assistant or system")))?,
    };
    Ok(NewMessage {
        role,
        content: req.content,
        at: req.at,
        tags: req.tags,
    })
}

/// Append a message to a session; the oldest messages move into the graph past the token limit.
#[utoipa::path(
    post, path = "/v1/sessions/{id}/messages", tag = "sessions",
    params(("id" = String, Path, description = "Session id: 1-64 characters of [A-Za-z0-9_-]")),
    request_body = MessageRequest,
    responses(
        (status = 200, description = "Stored: seq, tokens, history_tokens and what was flushed \
            into the graph", body = PutReport),
        (status = 400, description = "Malformed JSON", body = ErrorBody),
        (status = 401, description = "Missing or invalid API key", body = ErrorBody),
        (status = 413, description = "Body over the size limit", body = ErrorBody),
        (status = 422, description = "Invalid session id, role, tag or empty content", body = ErrorBody),
    ),
    security(("api_key" = []))
)]
pub async fn put_message(
    State(state): State<AppState>,
    Scoped(mnemo): Scoped,
    ApiPath(id): ApiPath<String>,
    ApiJson(req): ApiJson<MessageRequest>,
) -> Result<Json<PutReport>, ApiError> {
    valid_session(&id)?;
    let msg = new_message(req)?;
    let sessions = state.services.sessions.get(mnemo.tenant())?;
    let report = state
        .run_task(async move { sessions.put(&id, msg).await })
        .await?
        .map_err(ApiError::from)?;
    Ok(Json(report))
}

/// Read a session's messages (the FIFO not yet flushed into the graph), oldest first.
#[utoipa::path(
    get, path = "/v1/sessions/{id}", tag = "sessions",
    params(("id" = String, Path, description = "Session id")),
    responses(
        (status = 200, description = "The messages (empty for an unknown session)", body = SessionView),
        (status = 401, description = "Missing or invalid API key", body = ErrorBody),
        (status = 422, description = "Invalid session id", body = ErrorBody),
    ),
    security(("api_key" = []))
)]
pub async fn get_session(
    State(state): State<AppState>,
    Scoped(mnemo): Scoped,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<SessionView>, ApiError> {
    valid_session(&id)?;
    let sessions = state.services.sessions.get(mnemo.tenant())?;
    let messages = sessions.messages(&id).await.map_err(ApiError::from)?;
    Ok(Json(SessionView {
        session: id,
        messages,
    }))
}

/// Assemble the session's context: memory blocks and the (compacted) chat history, fitted to the
/// token limit.
#[utoipa::path(
    post, path = "/v1/sessions/{id}/context", tag = "sessions",
    params(("id" = String, Path, description = "Session id")),
    request_body = ContextRequest,
    responses(
        (status = 200, description = "The context: `messages` ready to send to a model, the \
            rendered `memory`, block reports and token counts", body = SessionContext),
        (status = 400, description = "Malformed JSON", body = ErrorBody),
        (status = 401, description = "Missing or invalid API key", body = ErrorBody),
        (status = 422, description = "Invalid session id or budget", body = ErrorBody),
    ),
    security(("api_key" = []))
)]
pub async fn context(
    State(state): State<AppState>,
    Scoped(mnemo): Scoped,
    ApiPath(id): ApiPath<String>,
    ApiJson(req): ApiJson<ContextRequest>,
) -> Result<Json<SessionContext>, ApiError> {
    valid_session(&id)?;
    Ok(Json(context_of(&state.services, &mnemo, &id, req).await?))
}

/// The assembled context of session `id` (HTTP and MCP).
pub(crate) async fn context_of(
    services: &crate::Services,
    mnemo: &mnemo::Mnemo,
    id: &str,
    req: ContextRequest,
) -> Result<SessionContext, ApiError> {
    valid_session(id)?;
    let sessions = match req.budget {
        None => services.sessions.get(mnemo.tenant())?,
        Some(b) if (100..=MAX_CONTEXT_BUDGET).contains(&b) => {
            services.sessions.with_budget(mnemo.tenant(), b)?
        }
        Some(b) => {
            return Err(ApiError::invalid(format!(
                "`budget` must be 100..={MAX_CONTEXT_BUDGET} tokens, got {b}"
            )))
        }
    };
    let query = req.query.filter(|q| !q.trim().is_empty());
    sessions
        .context(id, query.as_deref())
        .await
        .map_err(ApiError::from)
}

/// Compact the session's topics by their deterministic targets (importance and age).
#[utoipa::path(
    post, path = "/v1/sessions/{id}/compact", tag = "sessions",
    params(("id" = String, Path, description = "Session id")),
    responses(
        (status = 200, description = "Per tag: the target, the new compaction or why none was \
            made; history tokens before and after", body = CompactionReport),
        (status = 401, description = "Missing or invalid API key", body = ErrorBody),
        (status = 409, description = "Another compaction is running; retry later", body = ErrorBody),
        (status = 422, description = "Invalid session id", body = ErrorBody),
    ),
    security(("api_key" = []))
)]
pub async fn compact(
    State(state): State<AppState>,
    Scoped(mnemo): Scoped,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<CompactionReport>, ApiError> {
    valid_session(&id)?;
    let sessions = state.services.sessions.get(mnemo.tenant())?;
    let report = state
        .run_task(async move { sessions.compact(&id).await })
        .await?
        .map_err(ApiError::from)?;
    Ok(Json(report))
}

/// The session routes, with their OpenAPI operations.
pub(crate) fn routes() -> utoipa_axum::router::OpenApiRouter<AppState> {
    use utoipa_axum::routes;
    utoipa_axum::router::OpenApiRouter::new()
        .routes(routes!(get_session))
        .routes(routes!(put_message))
        .routes(routes!(context))
        .routes(routes!(compact))
}
