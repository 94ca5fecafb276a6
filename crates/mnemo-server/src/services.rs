//! The record and session services of the HTTP and MCP surfaces: the per-tenant pools
//! (`pools.rs`) and the batched access recorder (`access.rs`) one server shares.

use std::sync::Arc;

use mnemo::Mnemo;
use mnemo_session::{SessionConfig, SessionError, Summarizer};

use crate::access::{AccessFlush, AccessRecorder};
use crate::pools::{RecordsPool, SessionsPool};
use crate::ApiError;

/// The record and session services of every tenant, and the batched access recorder.
/// Cheap to clone.
#[derive(Clone, Debug)]
pub struct Services {
    pub(crate) records: RecordsPool,
    pub(crate) sessions: SessionsPool,
    pub(crate) access: AccessRecorder,
}

impl Services {
    /// Services over `base`'s store (each tenant gets `base.for_tenant`), with default session
    /// settings and the extractive summarizer.
    pub fn new(base: Mnemo) -> Self {
        let records = RecordsPool::new(base.clone());
        Services {
            access: AccessRecorder::new(records.clone(), AccessFlush::default()),
            sessions: SessionsPool::new(base, SessionConfig::default(), None),
            records,
        }
    }

    /// Replaces the session settings and (when given) the summarizer used by compactions.
    pub fn with_sessions(
        mut self,
        config: SessionConfig,
        summarizer: Option<Arc<dyn Summarizer>>,
    ) -> Result<Self, SessionError> {
        config.validate()?;
        self.sessions = SessionsPool::new(self.records.base(), config, summarizer);
        Ok(self)
    }

    /// Replaces when pending access counts are written.
    pub fn with_access_flush(mut self, flush: AccessFlush) -> Self {
        self.access = AccessRecorder::new(self.records.clone(), flush);
        self
    }

    pub fn access(&self) -> &AccessRecorder {
        &self.access
    }
}

impl crate::AppState {
    /// The record and session services (and the access recorder) of this server.
    pub fn services(&self) -> &Services {
        &self.services
    }

    /// Replaces the services, e.g. with the configured session settings and summarizer.
    pub fn with_services(mut self, services: Services) -> Self {
        self.services = services;
        self
    }

    /// Runs a write on a tracked task (it finishes even if the request is dropped, and shutdown
    /// waits for it) and returns its output.
    pub(crate) async fn run_task<F, T>(&self, task: F) -> Result<T, ApiError>
    where
        F: std::future::Future<Output = T> + Send + 'static,
        T: Send + 'static,
    {
        self.writes.spawn(task).await.map_err(|e| {
            tracing::error!(error = %e, "write task failed");
            ApiError::internal()
        })
    }
}
