//! Running the HTTP server: bind, serve until the shutdown future resolves, then let in-flight
//! requests and writes (including background ingest's current document) finish.

use std::future::Future;

use mnemo::Mnemo;
use tokio::net::TcpListener;

use crate::{router, AppState, ServerConfig, ServerError};

/// Serves the HTTP API (and MCP at `/mcp`) on `cfg.bind` until `shutdown` resolves.
///
/// Refuses to start on a non-loopback address without API keys. On shutdown it stops accepting
/// connections, waits for requests in flight, stops background ingest jobs between documents and
/// waits for every started write to finish.
pub async fn serve(
    mnemo: Mnemo,
    cfg: ServerConfig,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), ServerError> {
    let state = AppState::new(mnemo, cfg)?;
    let listener = TcpListener::bind(state.config().bind).await?;
    serve_on(listener, state, shutdown).await
}

/// Like [`serve`], on an already bound listener (tests bind 127.0.0.1:0).
pub async fn serve_on(
    listener: TcpListener,
    state: AppState,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), ServerError> {
    let addr = listener.local_addr()?;
    if !state.requires_keys() {
        if !addr.ip().is_loopback() {
            return Err(ServerError::InsecureBind(addr));
        }
        tracing::warn!(
            %addr,
            tenant = %state.mnemo.tenant(),
            "NO API KEYS CONFIGURED: every local process can read and write tenant {} without \
             authentication. Configure [[server.api_keys]] or MNEMO_API_KEYS before exposing \
             this server.",
            state.mnemo.tenant()
        );
    }
    tracing::info!(%addr, backend = state.mnemo.store().backend(), "mnemo HTTP server listening");
    let app = router(state.clone());
    let token = state.shutdown.clone();
    let result = axum::serve(listener, app)
        .with_graceful_shutdown(async move {
            shutdown.await;
            tracing::info!("shutting down: finishing requests in flight");
            // Ends MCP sessions and SSE streams, which would otherwise hold the server open.
            token.cancel();
        })
        .await;
    state.drain().await;
    tracing::info!("server stopped; all writes finished");
    result.map_err(ServerError::from)
}
