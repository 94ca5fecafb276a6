//! MCP (Model Context Protocol) access: the stdio server for `mnemo mcp`, a server over any byte
//! stream (tests, pipes), and the streamable-HTTP service mounted at `/mcp` under `serve`.

#[cfg(test)]
mod agreement;
mod args;
mod schemas;
mod session_tools;
mod tools;

use std::sync::Arc;

use mnemo::Mnemo;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use rmcp::ServiceExt;
use tokio::io::{AsyncRead, AsyncWrite};
use tokio_util::task::TaskTracker;

pub use tools::MnemoMcp;

use crate::{AppState, ServerError};

/// Serves MCP over stdin/stdout until the client closes them, scoped to `mnemo`'s tenant.
/// Stdout carries the protocol: logs must go to stderr.
pub async fn serve_mcp_stdio(mnemo: Mnemo) -> Result<(), ServerError> {
    serve_mcp(mnemo, tokio::io::stdin(), tokio::io::stdout()).await
}

/// Like [`serve_mcp_stdio`], with these record and session services (e.g. built with the
/// configured `[session]` settings through `Services::with_sessions`).
pub async fn serve_mcp_stdio_with(
    mnemo: Mnemo,
    services: crate::Services,
) -> Result<(), ServerError> {
    serve_mcp_with(mnemo, services, tokio::io::stdin(), tokio::io::stdout()).await
}

/// Serves MCP over a byte stream pair until the peer closes it; then waits for writes in flight.
pub async fn serve_mcp<R, W>(mnemo: Mnemo, reader: R, writer: W) -> Result<(), ServerError>
where
    R: AsyncRead + Send + Unpin + 'static,
    W: AsyncWrite + Send + Unpin + 'static,
{
    let services = crate::Services::new(mnemo.clone());
    serve_mcp_with(mnemo, services, reader, writer).await
}

/// Like [`serve_mcp`], with these record and session services.
pub async fn serve_mcp_with<R, W>(
    mnemo: Mnemo,
    services: crate::Services,
    reader: R,
    writer: W,
) -> Result<(), ServerError>
where
    R: AsyncRead + Send + Unpin + 'static,
    W: AsyncWrite + Send + Unpin + 'static,
{
    let writes = TaskTracker::new();
    tracing::info!(tenant = %mnemo.tenant(), "MCP server starting");
    let mcp = MnemoMcp::new(mnemo, writes.clone()).with_services(services);
    let services = mcp.services().clone();
    let server = mcp
        .serve((reader, writer))
        .await
        .map_err(|e| ServerError::Mcp(e.to_string()))?;
    let quit = server.waiting().await;
    writes.close();
    writes.wait().await;
    services.access().flush().await;
    match quit {
        Ok(reason) => {
            tracing::info!(?reason, "MCP server stopped");
            Ok(())
        }
        Err(e) => Err(ServerError::Mcp(e.to_string())),
    }
}

/// The streamable-HTTP MCP service for `/mcp`. Sessions end when the server shuts down; writes
/// run on the server's tracked tasks.
pub(crate) fn http_service(
    state: &AppState,
) -> StreamableHttpService<MnemoMcp, LocalSessionManager> {
    let cfg = state.config();
    let config = StreamableHttpServerConfig::default()
        .with_allowed_hosts(cfg.mcp_allowed_hosts.clone())
        .with_max_request_body_bytes(cfg.ingest_body_limit_bytes)
        .with_cancellation_token(state.shutdown.child_token());
    let (mnemo, writes) = (state.mnemo.clone(), state.writes.clone());
    let services = state.services.clone();
    StreamableHttpService::new(
        move || Ok(MnemoMcp::new(mnemo.clone(), writes.clone()).with_services(services.clone())),
        Arc::new(LocalSessionManager::default()),
        config,
    )
}
