//! Cross-cutting layers: request tracing (one span per request, with the tenant once known) and
//! the request timeout, answered with a structured 503 instead of a bare status.

use std::time::Duration;

use axum::extract::{Request, State};
use axum::http::StatusCode;
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
