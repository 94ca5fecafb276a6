//! The shared state of every request: the facade, the key ring, the config, the ingest jobs and
//! the tracker of writes that must finish even when their request is dropped or the server stops.

use std::future::Future;
use std::sync::Arc;

use mnemo::Mnemo;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

use crate::auth::KeyRing;
use crate::jobs::JobRegistry;
use crate::services::Services;
use crate::{ApiError, ServerConfig, ServerError};

/// State shared by all handlers. Cheap to clone.
#[derive(Clone, Debug)]
pub struct AppState {
    /// The facade; its tenant is the one used when no API keys are configured.
    pub mnemo: Mnemo,
    pub(crate) keys: KeyRing,
    pub(crate) cfg: Arc<ServerConfig>,
    pub(crate) jobs: JobRegistry,
    /// Writes run as tracked tasks: a client that disconnects or a request that times out does
    /// not cancel a write half-way, and shutdown waits for them.
    pub(crate) writes: TaskTracker,
    /// Cancelled when the server starts shutting down (stops background jobs between documents
    /// and ends MCP sessions).
    pub(crate) shutdown: CancellationToken,
    /// Memory records, sessions and batched access counts, per tenant.
    pub(crate) services: Services,
}

impl AppState {
    /// Validates `cfg` and builds the state.
    pub fn new(mnemo: Mnemo, cfg: ServerConfig) -> Result<Self, ServerError> {
        cfg.validate()?;
        let keys = KeyRing::from_config(&cfg.api_keys)?;
        let jobs = JobRegistry::new(cfg.max_jobs_kept);
        Ok(AppState {
            services: Services::new(mnemo.clone()),
            mnemo,
            keys,
            cfg: Arc::new(cfg),
            jobs,
            writes: TaskTracker::new(),
            shutdown: CancellationToken::new(),
        })
    }

    pub fn config(&self) -> &ServerConfig {
        &self.cfg
    }

    /// True when requests need an API key.
    pub fn requires_keys(&self) -> bool {
        !self.keys.is_empty()
    }

    /// Runs a write to completion on a tracked task and returns its result.
    pub(crate) async fn run_write<F, T>(&self, write: F) -> Result<T, ApiError>
    where
        F: Future<Output = Result<T, mnemo::Error>> + Send + 'static,
        T: Send + 'static,
    {
        match self.writes.spawn(write).await {
            Ok(result) => result.map_err(ApiError::from),
            Err(join) => {
                tracing::error!(error = %join, "write task failed");
                Err(ApiError::internal())
            }
        }
    }

    /// Stops background work and waits until every tracked write has finished, then writes the
    /// access counts still held in memory.
    pub(crate) async fn drain(&self) {
        self.shutdown.cancel();
        self.writes.close();
        self.writes.wait().await;
        self.services.access.flush().await;
    }
}
