//! A development server until `mnemo serve` is wired in the CLI: the HTTP API (and MCP at /mcp)
//! over an in-memory embedded store with the rule extractor. For local trials and load tests only;
//! nothing is persisted.
//!
//! `cargo run --release -p mnemo-server --example dev_server -- [BIND]` (default 127.0.0.1:7700).
//! API keys come from `MNEMO_API_KEYS="key=tenant,..."`; without them it serves the default
//! tenant on loopback only. No tracing subscriber is installed, so it logs nothing.

use std::sync::Arc;

use mnemo::{Mnemo, MnemoOptions, RuleExtractor, Tenant};
use mnemo_server::{ServerConfig, API_KEYS_ENV};
use mnemo_store::EmbeddedStore;

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut cfg = ServerConfig::default();
    if let Some(bind) = std::env::args().nth(1) {
        cfg.bind = bind.parse()?;
    }
    if let Ok(keys) = std::env::var(API_KEYS_ENV) {
        cfg = cfg.with_env_keys(&keys)?;
    }
    let mnemo = Mnemo::new(
        Arc::new(EmbeddedStore::in_memory()),
        Arc::new(RuleExtractor),
        Tenant::default(),
        MnemoOptions::default(),
    );
    eprintln!(
        "dev_server: listening on http://{} (Ctrl-C stops)",
        cfg.bind
    );
    mnemo_server::serve(mnemo, cfg, async {
        let _ = tokio::signal::ctrl_c().await;
    })
    .await?;
    eprintln!("dev_server: stopped");
    Ok(())
}
