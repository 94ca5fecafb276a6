//! Cross-cutting layers: request tracing (one span per request, with the tenant once known), the
//! request timeout, answered with a structured 503 instead of a bare status, and body limits that
//! refuse a declared oversized body before reading it.

use std::time::Duration;

use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::{header, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::Router;
use tower_http::trace::{DefaultOnResponse, TraceLayer};
use tracing::Level;

use crate::{ApiError, ServerConfig};

/// Wraps the router in the timeout and tracing layers.
pub(crate) fn apply(router: Router, cfg: &ServerConfig) -> Router {
    let trace = TraceLayer::new_for_http()
        .make_span_with(|req: &Request| {
            // The path only: query strings and headers (Authorization) stay out of the logs.
            tracing::info_span!(
                "http",
                method = %req.method(),
                path = %req.uri().path(),
                tenant = tracing::field::Empty,
            )
        })
        .on_response(DefaultOnResponse::new().level(Level::INFO));
    router
        .layer(middleware::from_fn_with_state(cfg.request_timeout, timeout))
        .layer(trace)
}

/// Answers 503 `timeout` when the handler has not produced a response in time. Writes run on
/// tracked tasks (`AppState::run_write`), so a timed-out write still completes in the background.
async fn timeout(State(limit): State<Duration>, req: Request, next: Next) -> Response {
    match tokio::time::timeout(limit, next.run(req)).await {
        Ok(resp) => resp,
        Err(_) => {
            tracing::warn!(?limit, "request timed out");
            ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "timeout",
                format!(
                    "the request took longer than {:.1} s; a write it started still \
                     completes (give remember an `id` to make retries safe)",
                    limit.as_secs_f64()
                ),
            )
            .into_response()
        }
    }
}

/// Limits the request bodies of `router` to `limit` bytes. `DefaultBodyLimit` alone counts bytes
/// only as the body is read, so a client declaring 200 MB and then sending nothing held the request
/// until the timeout (503 after 30 s); a declared `Content-Length` over the limit is a 413 at once.
pub(crate) fn body_limit<S>(router: Router<S>, limit: usize) -> Router<S>
where
    S: Clone + Send + Sync + 'static,
{
    router
        .layer(DefaultBodyLimit::max(limit))
        .layer(middleware::from_fn_with_state(limit, declared_length))
}

async fn declared_length(State(limit): State<usize>, req: Request, next: Next) -> Response {
    // An unparsable Content-Length never gets here: hyper answers 400 itself.
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    match declared {
        Some(n) if n > limit as u64 => ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "body_too_large",
            format!(
                "the request declares a body of {n} bytes, over this endpoint's {limit} byte limit"
            ),
        )
        .into_response(),
        _ => next.run(req).await,
    }
}
