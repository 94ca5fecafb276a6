//! Short-lived memory of reads that a search repeats, so it need not ask the server again: a
//! tenant's counts (read once per search) and whole episodes (the memory-stream read returns them
//! and the search asks for the same episodes right after).
//!
//! Exact for this process: every write, delete, purge or rebuild through the store forgets the
//! tenant. Changes made by other processes become visible after at most `read_cache_ms` (0 turns
//! the cache off). Episodes are immutable per id, so for them the bound only concerns deletions.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use mnemo_core::{Episode, StoreStats, Tenant};

/// Most episodes remembered per store; the whole map is dropped when it is full (a search reads
/// a few dozen, so this never bites within one).
const MAX_EPISODES: usize = 4096;

#[derive(Debug, Default)]
struct TenantMemory {
    /// When this process last changed the tenant: answers to reads sent before it are stale.
    changed: Option<Instant>,
    stats: Option<(StoreStats, Instant)>,
    episodes: HashMap<String, (Episode, Instant)>,
}

impl TenantMemory {
    fn takes(&self, read_at: Instant) -> bool {
        self.changed.is_none_or(|c| read_at >= c)
    }
}

#[derive(Debug)]
pub(crate) struct ReadCache {
    ttl: Duration,
    tenants: Mutex<HashMap<Tenant, TenantMemory>>,
}

impl ReadCache {
    pub(crate) fn new(ttl: Duration) -> Self {
        ReadCache {
            ttl,
            tenants: Mutex::new(HashMap::new()),
        }
    }

    fn on(&self) -> bool {
        !self.ttl.is_zero()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<Tenant, TenantMemory>> {
        // Values are replaced whole, so a panic elsewhere cannot leave one half-made.
        self.tenants.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Forgets everything about the tenant; called when a change of it by this process has
    /// finished (or failed), so that no answer read before that moment is remembered later.
    pub(crate) fn forget(&self, t: &Tenant) {
        if self.on() {
            self.lock().insert(
                t.clone(),
                TenantMemory {
                    changed: Some(Instant::now()),
                    ..TenantMemory::default()
                },
            );
        }
    }

    pub(crate) fn stats(&self, t: &Tenant) -> Option<StoreStats> {
        let map = self.lock();
        let (s, at) = map.get(t)?.stats.as_ref()?;
        (at.elapsed() < self.ttl).then(|| s.clone())
    }

    /// Remembers counts from a read sent at `read_at` (taken before sending, so that the answer
    /// of a read that overlapped a change of this process is never remembered).
    pub(crate) fn put_stats(&self, t: &Tenant, s: StoreStats, read_at: Instant) {
        if !self.on() {
            return;
        }
        let mut map = self.lock();
        let m = map.entry(t.clone()).or_default();
        if m.takes(read_at) && m.stats.as_ref().is_none_or(|(_, at)| *at < read_at) {
            m.stats = Some((s, read_at));
        }
    }

    /// The remembered episodes among `ids` (fresh ones only), by id.
    pub(crate) fn episodes(&self, t: &Tenant, ids: &[String]) -> HashMap<String, Episode> {
        let map = self.lock();
        let Some(m) = map.get(t) else {
            return HashMap::new();
        };
        ids.iter()
            .filter_map(|id| {
                let (ep, at) = m.episodes.get(id)?;
                (at.elapsed() < self.ttl).then(|| (id.clone(), ep.clone()))
            })
            .collect()
    }

    pub(crate) fn put_episodes<'a>(
        &self,
        t: &Tenant,
        eps: impl IntoIterator<Item = &'a Episode>,
        read_at: Instant,
    ) {
        if !self.on() {
            return;
        }
        let mut map = self.lock();
        let m = map.entry(t.clone()).or_default();
        if !m.takes(read_at) {
            return;
        }
        for ep in eps {
            if m.episodes.len() >= MAX_EPISODES {
                m.episodes.clear();
            }
            m.episodes.insert(ep.id.clone(), (ep.clone(), read_at));
        }
    }
}
