//! Per-tenant memory records and chat sessions: one `Records` and one `Sessions` per tenant,
//! shared by every request of that tenant, because their locks (record read-modify-writes, one
//! compaction at a time, per-session order) only hold within one value.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use mnemo::Mnemo;
use mnemo_core::Tenant;
use mnemo_records::Records;
use mnemo_session::{SessionConfig, Sessions, Summarizer};

use crate::ApiError;

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
    pub(crate) fn new(base: Mnemo) -> Self {
        RecordsPool(Arc::new(RecordsInner {
            base,
            by_tenant: Mutex::default(),
        }))
    }

    /// The facade every tenant's records are made from.
    pub(crate) fn base(&self) -> Mnemo {
        self.0.base.clone()
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
    pub(crate) fn new(
        base: Mnemo,
        config: SessionConfig,
        summarizer: Option<Arc<dyn Summarizer>>,
    ) -> Self {
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
            .map_err(ApiError::from)?;
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
        Sessions::new(self.0.base.for_tenant(tenant.clone()), config).map_err(ApiError::from)
    }
}
