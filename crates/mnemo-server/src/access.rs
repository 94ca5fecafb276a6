//! Batched access counting for searches: each search adds to in-memory counts (per tenant and
//! record: how many accesses, and the latest), and a background task writes them through
//! `Records::touch_many`, one atomic put per tenant, every `interval` or as soon as `max_pending`
//! accesses are waiting, and once more at shutdown. A search never waits for a durable write.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;

use mnemo::{SearchResult, Timestamp};
use mnemo_core::Tenant;
use mnemo_records::Touch;
use tokio::sync::Notify;

use crate::pools::RecordsPool;

/// When pending access counts are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AccessFlush {
    /// Longest time counts wait in memory (default 1 s).
    pub interval: Duration,
    /// Accesses that trigger a write before the interval is up (default 1,000).
    pub max_pending: usize,
}

impl Default for AccessFlush {
    fn default() -> Self {
        AccessFlush {
            interval: Duration::from_secs(1),
            max_pending: 1_000,
        }
    }
}

/// Distinct records kept waiting at most when writes keep failing; beyond it, new counts are
/// dropped (with a warning) rather than growing memory without bound.
const MAX_HELD: usize = 1_000_000;

#[derive(Debug, Clone, Copy)]
struct Pending {
    count: u64,
    last: Timestamp,
}

type PendingMap = HashMap<Tenant, HashMap<String, Pending>>;

/// Gathers record accesses and writes them in batches. Cheap to clone.
#[derive(Clone)]
pub struct AccessRecorder {
    inner: Arc<Inner>,
}

struct Inner {
    records: RecordsPool,
    flush: AccessFlush,
    pending: Mutex<PendingMap>,
    touches: AtomicUsize,
    wake: Notify,
    started: AtomicBool,
    /// One flush at a time, so two writers never read-modify-write the same record.
    writing: tokio::sync::Mutex<()>,
    /// Flushes finished, and a signal for each (tests and embedders can wait for one).
    flushes: std::sync::atomic::AtomicU64,
    flushed: Notify,
}

impl std::fmt::Debug for AccessRecorder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AccessRecorder")
            .field("flush", &self.inner.flush)
            .field("pending", &self.inner.touches.load(Ordering::Relaxed))
            .finish()
    }
}

impl AccessRecorder {
    pub(crate) fn new(records: RecordsPool, flush: AccessFlush) -> Self {
        AccessRecorder {
            inner: Arc::new(Inner {
                records,
                flush,
                pending: Mutex::new(HashMap::new()),
                touches: AtomicUsize::new(0),
                wake: Notify::new(),
                started: AtomicBool::new(false),
                writing: tokio::sync::Mutex::new(()),
                flushes: std::sync::atomic::AtomicU64::new(0),
                flushed: Notify::new(),
            }),
        }
    }

    /// Counts one access, now, for every episode in the result's provenance (each once).
    pub fn record_search(&self, tenant: &Tenant, result: &SearchResult) {
        if result.provenance.is_empty() {
            return;
        }
        let ids = result.provenance.iter().map(|p| p.episode_id.as_str());
        self.record(tenant, ids, chrono::Utc::now());
    }

    /// Counts one access at `at` for each id (repeats within one call count once).
    pub fn record<'a>(
        &self,
        tenant: &Tenant,
        ids: impl IntoIterator<Item = &'a str>,
        at: Timestamp,
    ) {
        let mut added = 0;
        {
            let mut pending = self.inner.pending.lock().unwrap_or_else(|p| p.into_inner());
            let held: usize = pending.values().map(HashMap::len).sum();
            let of_tenant = pending.entry(tenant.clone()).or_default();
            let mut seen: Vec<&str> = Vec::new();
            for id in ids {
                if seen.contains(&id) {
                    continue;
                }
                seen.push(id);
                match of_tenant.get_mut(id) {
                    Some(p) => {
                        p.count += 1;
                        p.last = p.last.max(at);
                    }
                    None if held + added >= MAX_HELD => {
                        tracing::warn!("access counts are not being written; dropping some");
                        continue;
                    }
                    None => {
                        of_tenant.insert(id.to_string(), Pending { count: 1, last: at });
                    }
                }
                added += 1;
            }
        }
        let total = self.inner.touches.fetch_add(added, Ordering::Relaxed) + added;
        self.start();
        if total >= self.inner.flush.max_pending {
            self.inner.wake.notify_one();
        }
    }

    /// Accesses counted but not yet written, for one record.
    pub fn pending(&self, tenant: &Tenant, id: &str) -> Option<(u64, Timestamp)> {
        let pending = self.inner.pending.lock().unwrap_or_else(|p| p.into_inner());
        pending
            .get(tenant)
            .and_then(|m| m.get(id))
            .map(|p| (p.count, p.last))
    }

    /// Writes every pending count now. Counts whose write fails stay pending for the next flush.
    /// Returns how many records were counted.
    pub async fn flush(&self) -> usize {
        let _one = self.inner.writing.lock().await;
        let taken: PendingMap = {
            let mut pending = self.inner.pending.lock().unwrap_or_else(|p| p.into_inner());
            self.inner.touches.store(0, Ordering::Relaxed);
            std::mem::take(&mut *pending)
        };
        let mut counted = 0;
        for (tenant, of_tenant) in taken {
            let touches: Vec<Touch> = of_tenant
                .iter()
                .map(|(id, p)| Touch {
                    id: id.clone(),
                    count: p.count,
                    last: p.last,
                })
                .collect();
            let records = self.inner.records.get(&tenant, "api");
            match records.touch_many(&touches).await {
                Ok(n) => counted += n,
                Err(e) => {
                    tracing::warn!(error = %e, %tenant, "could not write access counts; keeping them");
                    self.put_back(tenant, of_tenant);
                }
            }
        }
        self.inner.flushes.fetch_add(1, Ordering::AcqRel);
        self.inner.flushed.notify_waiters();
        counted
    }

    /// Flushes finished so far (explicit and background ones).
    pub fn flushes(&self) -> u64 {
        self.inner.flushes.load(Ordering::Acquire)
    }

    /// Waits until at least `n` flushes have finished.
    pub async fn wait_for_flushes(&self, n: u64) {
        loop {
            let next = self.inner.flushed.notified();
            tokio::pin!(next);
            // Registered before checking, so a flush finishing in between is not missed.
            next.as_mut().enable();
            if self.flushes() >= n {
                return;
            }
            next.await;
        }
    }

    fn put_back(&self, tenant: Tenant, counts: HashMap<String, Pending>) {
        let mut pending = self.inner.pending.lock().unwrap_or_else(|p| p.into_inner());
        let of_tenant = pending.entry(tenant).or_default();
        for (id, p) in counts {
            let e = of_tenant.entry(id).or_insert(Pending {
                count: 0,
                last: p.last,
            });
            e.count += p.count;
            e.last = e.last.max(p.last);
        }
    }

    /// Starts the background writer on first use (inside the runtime that serves requests). It
    /// holds only a weak reference, so it ends when the server's state is dropped.
    fn start(&self) {
        if self.inner.started.swap(true, Ordering::AcqRel) {
            return;
        }
        let Ok(rt) = tokio::runtime::Handle::try_current() else {
            self.inner.started.store(false, Ordering::Release);
            return;
        };
        let weak: Weak<Inner> = Arc::downgrade(&self.inner);
        let interval = self.inner.flush.interval;
        rt.spawn(async move {
            loop {
                let Some(inner) = weak.upgrade() else { return };
                let woke = inner.wake.notified();
                tokio::select! {
                    _ = woke => {}
                    _ = tokio::time::sleep(interval) => {}
                }
                AccessRecorder { inner }.flush().await;
            }
        });
    }
}
