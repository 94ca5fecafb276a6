//! `POST /v1/search`, `POST /v1/remember` and `POST /v1/answers`: the agent's read and write-back.

use std::str::FromStr;

use axum::extract::State;
use axum::Json;
use mnemo::EpisodeKind;

use crate::error::ErrorBody;
use crate::extract::{ApiJson, Scoped};
use crate::views::{AnswerRequest, RememberRequest, RememberResponse, SearchRequest};
use crate::{ApiError, AppState};

/// Largest budget a caller may ask for; the server default applies when absent.
pub(crate) const MAX_BUDGET_TOKENS: usize = 100_000;

/// Search memory: a ranked, token-budgeted context, or an explicit miss (`hit: false`).
#[utoipa::path(
    post, path = "/v1/search", tag = "memory",
    request_body = SearchRequest,
    responses(
        (status = 200, description = "The search result: `hit`, `context_text` (ready to paste \
            into a prompt), and the structured entities, facts, paths and provenance behind it",
            body = mnemo::SearchResult),
        (status = 400, description = "Malformed JSON", body = ErrorBody),
        (status = 401, description = "Missing or invalid API key", body = ErrorBody),
        (status = 422, description = "Empty query or bad budget", body = ErrorBody),
    ),
    security(("api_key" = []))
)]
pub async fn search(
    State(state): State<AppState>,
    Scoped(mnemo): Scoped,
    ApiJson(req): ApiJson<SearchRequest>,
) -> Result<Json<mnemo::SearchResult>, ApiError> {
    let as_of = validate_search(&req)?;
    let result = mnemo
        .search_as_of(&req.query, req.budget, &[], as_of)
        .await?;
    state.services.access.record_search(mnemo.tenant(), &result);
    Ok(Json(result))
}

/// Checks a search request; returns its `as_of` time, parsed.
pub(crate) fn validate_search(req: &SearchRequest) -> Result<Option<mnemo::Timestamp>, ApiError> {
    if req.query.trim().is_empty() {
        return Err(ApiError::invalid("`query` is empty"));
    }
    match req.budget {
        Some(0) => return Err(ApiError::invalid("`budget` must be > 0")),
        Some(b) if b > MAX_BUDGET_TOKENS => {
            return Err(ApiError::invalid(format!(
                "`budget` must be at most {MAX_BUDGET_TOKENS} tokens"
            )))
        }
        _ => {}
    }
    req.as_of
        .as_deref()
        .map(mnemo::parse_as_of)
        .transpose()
        .map_err(|e| ApiError::invalid(e.to_string()))
}

/// Remember a text (chat turn, note, fact) as one episode with its entities and facts, and its
/// memory record (type, session, tags, pin, user, model, confidence; access counts start at 0).
#[utoipa::path(
    post, path = "/v1/remember", tag = "memory",
    request_body = RememberRequest,
    responses(
        (status = 200, description = "Stored (or already stored with this id)", body = RememberResponse),
        (status = 400, description = "Malformed JSON", body = ErrorBody),
        (status = 401, description = "Missing or invalid API key", body = ErrorBody),
        (status = 413, description = "Body over the size limit", body = ErrorBody),
        (status = 422, description = "Empty text, unknown kind or type, bad id, session, tag \
            or confidence", body = ErrorBody),
        (status = 503, description = "Store unavailable; nothing written", body = ErrorBody),
    ),
    security(("api_key" = []))
)]
pub async fn remember(
    State(state): State<AppState>,
    Scoped(mnemo): Scoped,
    ApiJson(req): ApiJson<RememberRequest>,
) -> Result<Json<RememberResponse>, ApiError> {
    let resp = super::records::remember_record(&state, &mnemo, req).await?;
    Ok(Json(resp))
}

/// Kinds a caller may give to remember (document chunks come only from ingest).
pub(crate) fn parse_kind(k: &str) -> Result<EpisodeKind, ApiError> {
    match EpisodeKind::from_str(k) {
        Ok(EpisodeKind::DocumentChunk) | Err(_) => Err(ApiError::invalid(format!(
            "unknown kind {k:?}: use interaction, agent_answer, external or note"
        ))),
        Ok(kind) => Ok(kind),
    }
}

/// Write an agent's final answer back into memory (kind agent_answer), so the next search finds it.
#[utoipa::path(
    post, path = "/v1/answers", tag = "memory",
    request_body = AnswerRequest,
    responses(
        (status = 200, description = "Stored", body = RememberResponse),
        (status = 400, description = "Malformed JSON", body = ErrorBody),
        (status = 401, description = "Missing or invalid API key", body = ErrorBody),
        (status = 422, description = "Empty text or bad id", body = ErrorBody),
        (status = 503, description = "Store unavailable; nothing written", body = ErrorBody),
    ),
    security(("api_key" = []))
)]
pub async fn answers(
    State(state): State<AppState>,
    Scoped(mnemo): Scoped,
    ApiJson(req): ApiJson<AnswerRequest>,
) -> Result<Json<RememberResponse>, ApiError> {
    // A memory record too (type note, episode kind agent_answer), so searches count its uses.
    let req = RememberRequest {
        text: req.text,
        kind: Some("agent_answer".into()),
        source: req.source,
        speaker: req.speaker,
        listener: None,
        at: req.at,
        id: req.id,
        session: None,
        tags: Vec::new(),
        pin: false,
        record_type: None,
        user: None,
        model: None,
        confidence: None,
    };
    let resp = super::records::remember_record(&state, &mnemo, req).await?;
    Ok(Json(resp))
}
