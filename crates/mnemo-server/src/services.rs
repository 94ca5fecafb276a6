//! Per-tenant memory records and chat sessions for the HTTP and MCP surfaces. One `Records` and
//! one `Sessions` per tenant, shared by every request of that tenant, because their locks (record
//! read-modify-writes, one compaction at a time, per-session order) only hold within one value.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use mnemo::Mnemo;
use mnemo_core::Tenant;
use mnemo_records::Records;
use mnemo_session::{SessionConfig, SessionError, Sessions, Summarizer};

use crate::access::{AccessFlush, AccessRecorder};
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
        self.sessions = SessionsPool::new(self.records.0.base.clone(), config, summarizer);
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

/// One `Records` per tenant. Clones share everything (the state is cloned for every request).
#[derive(Clone)]
pub(crate) struct RecordsPool(Arc<RecordsInner>);

struct RecordsInner {
    base: Mnemo,
    by_tenant: Mutex<HashMap<Tenant, Records>>,
}

impl std::fmt::Debug for RecordsPool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RecordsPool").finish_non_exhaustive()
    }
}

impl RecordsPool {
    fn new(base: Mnemo) -> Self {
        RecordsPool(Arc::new(RecordsInner {
            base,
            by_tenant: Mutex::default(),
        }))
    }

    /// The records of `tenant`, acting as `actor` in the audit log (clones share the lock).
    pub(crate) fn get(&self, tenant: &Tenant, actor: &str) -> Records {
        let mut map = self.0.by_tenant.lock().unwrap_or_else(|p| p.into_inner());
        map.entry(tenant.clone())
            .or_insert_with(|| Records::new(self.0.base.for_tenant(tenant.clone())))
            .clone()
            .with_actor(actor)
    }
}

/// One `Sessions` per tenant. Clones share everything.
#[derive(Clone)]
pub(crate) struct SessionsPool(Arc<SessionsInner>);

struct SessionsInner {
    base: Mnemo,
    config: SessionConfig,
    summarizer: Option<Arc<dyn Summarizer>>,
    by_tenant: Mutex<HashMap<Tenant, Sessions>>,
}

impl std::fmt::Debug for SessionsPool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SessionsPool")
            .field("config", &self.0.config)
            .finish_non_exhaustive()
    }
}

impl SessionsPool {
    fn new(base: Mnemo, config: SessionConfig, summarizer: Option<Arc<dyn Summarizer>>) -> Self {
        SessionsPool(Arc::new(SessionsInner {
            base,
            config,
            summarizer,
            by_tenant: Mutex::default(),
        }))
    }

    pub(crate) fn get(&self, tenant: &Tenant) -> Result<Sessions, ApiError> {
        let inner = &self.0;
        let mut map = inner.by_tenant.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(s) = map.get(tenant) {
            return Ok(s.clone());
        }
        let mut s = Sessions::new(inner.base.for_tenant(tenant.clone()), inner.config.clone())
            .map_err(session_error)?;
        if let Some(summarizer) = &inner.summarizer {
            s = s.with_summarizer(summarizer.clone());
        }
        map.insert(tenant.clone(), s.clone());
        Ok(s)
    }

    /// Sessions of `tenant` whose context is fitted to `budget` tokens instead of the configured
    /// `token_limit` (the flush size shrinks with it when it must). For reading contexts only.
    pub(crate) fn with_budget(&self, tenant: &Tenant, budget: usize) -> Result<Sessions, ApiError> {
        let mut config = self.0.config.clone();
        config.token_limit = budget;
        config.token_flush_size = config.token_flush_size.min(config.history_limit()).max(1);
        Sessions::new(self.0.base.for_tenant(tenant.clone()), config).map_err(session_error)
    }
}

/// A records error as an API error (4xx say what is wrong; 5xx details go to the log).
pub(crate) fn records_error(e: mnemo_records::Error) -> ApiError {
    use mnemo_records::Error as E;
    match e {
        E::InvalidInput(m) => ApiError::invalid(m),
        E::NotFound(m) => ApiError::not_found(m),
        E::Unavailable(m) => ApiError::from(mnemo::Error::Unavailable(m)),
        E::Corrupt(m) => ApiError::from(mnemo::Error::Corrupt(m)),
        E::Internal(m) => ApiError::from(mnemo::Error::Internal(m)),
    }
}

/// A session error as an API error; `busy` (a compaction already running) is a 409.
pub(crate) fn session_error(e: SessionError) -> ApiError {
    match e {
        SessionError::InvalidInput(m) => ApiError::invalid(m),
        SessionError::Busy(m) => ApiError::new(
            axum::http::StatusCode::CONFLICT,
            "busy",
            format!("{m}; retry later"),
        ),
        SessionError::Unavailable(m) => ApiError::from(mnemo::Error::Unavailable(m)),
        SessionError::Corrupt(m) => ApiError::from(mnemo::Error::Corrupt(m)),
        SessionError::Internal(m) => ApiError::from(mnemo::Error::Internal(m)),
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
