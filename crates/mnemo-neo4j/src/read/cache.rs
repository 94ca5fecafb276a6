//! Short-lived memory of reads that a search repeats, so it need not ask the server again: a
//! tenant's counts (read once per search), whole episodes (the memory-stream read returns them
//! and the search asks for the same episodes right after) and entities (a neighbourhood returns
//! every entity at its facts' ends, and the search then asks for some of them by key).
//!
//! Exact for this process: every write, delete, purge or rebuild through the store forgets the
//! tenant. Changes made by other processes become visible after at most `read_cache_ms` (0 turns
//! the cache off). Episodes are immutable per id, so for them the bound only concerns deletions.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use mnemo_core::{Entity, Episode, StoreStats, Tenant};

/// Most episodes, and separately entities, remembered per tenant; a full map is dropped whole (a
/// search reads a few dozen episodes and a few hundred entities, so this never bites within one).
const MAX_ITEMS: usize = 4096;

/// Values by id, each with the moment the read that brought it was sent.
#[derive(Debug)]
struct Items<V>(HashMap<String, (V, Instant)>);

impl<V> Default for Items<V> {
    fn default() -> Self {
        Items(HashMap::new())
    }
}

impl<V: Clone> Items<V> {
    fn fresh(&self, ids: &[&str], ttl: Duration) -> HashMap<String, V> {
        ids.iter()
            .filter_map(|id| {
                let (v, at) = self.0.get(*id)?;
                (at.elapsed() < ttl).then(|| (id.to_string(), v.clone()))
            })
            .collect()
    }

    fn put(&mut self, id: &str, v: &V, read_at: Instant) {
        if self.0.len() >= MAX_ITEMS && !self.0.contains_key(id) {
            self.0.clear();
        }
        self.0.insert(id.to_string(), (v.clone(), read_at));
    }
}

#[derive(Debug, Default)]
struct TenantMemory {
    /// When this process last changed the tenant: answers to reads sent before it are stale.
    changed: Option<Instant>,
    stats: Option<(StoreStats, Instant)>,
    episodes: Items<Episode>,
    entities: Items<Entity>,
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
        self.with_tenant(t, read_at, |m| {
            if m.stats.as_ref().is_none_or(|(_, at)| *at < read_at) {
                m.stats = Some((s, read_at));
            }
        });
    }

    /// The remembered episodes among `ids` (fresh ones only), by id.
    pub(crate) fn episodes(&self, t: &Tenant, ids: &[String]) -> HashMap<String, Episode> {
        let ids: Vec<&str> = ids.iter().map(String::as_str).collect();
        let map = self.lock();
        map.get(t)
            .map(|m| m.episodes.fresh(&ids, self.ttl))
            .unwrap_or_default()
    }

    pub(crate) fn put_episodes<'a>(
        &self,
        t: &Tenant,
        eps: impl IntoIterator<Item = &'a Episode>,
        read_at: Instant,
    ) {
        self.with_tenant(t, read_at, |m| {
            for ep in eps {
                m.episodes.put(&ep.id, ep, read_at);
            }
        });
    }

    /// The remembered entities among `keys` (fresh ones only), by key.
    pub(crate) fn entities(&self, t: &Tenant, keys: &[&str]) -> HashMap<String, Entity> {
        let map = self.lock();
        map.get(t)
            .map(|m| m.entities.fresh(keys, self.ttl))
            .unwrap_or_default()
    }

    /// Remembers entities read in full (every property the domain type has) at `read_at`.
    pub(crate) fn put_entities<'a>(
        &self,
        t: &Tenant,
        ents: impl IntoIterator<Item = &'a Entity>,
        read_at: Instant,
    ) {
        self.with_tenant(t, read_at, |m| {
            for e in ents {
                m.entities.put(e.key.as_str(), e, read_at);
            }
        });
    }

    /// Runs `f` on the tenant's memory if the cache is on and a read sent at `read_at` may still
    /// be remembered (no change of this process since).
    fn with_tenant(&self, t: &Tenant, read_at: Instant, f: impl FnOnce(&mut TenantMemory)) {
        if !self.on() {
            return;
        }
        let mut map = self.lock();
        let m = map.entry(t.clone()).or_default();
        if m.takes(read_at) {
            f(m);
        }
    }
}
