//! `--calls`: a store wrapper that records the wall time of each `GraphStore` call a search makes,
//! so that a latency run can say where a search's time goes (per call kind: calls per search, the
//! time at least one such call was in flight, and the summed time of all of them).
//!
//! The trait is implemented by hand in the form `async_trait` gives it (a boxed future per call)
//! because the bench does not otherwise depend on `async_trait`.

use std::collections::BTreeMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use mnemo_core::{
    DeleteReport, Document, Entity, EntityKey, EntityOrder, Episode, GraphStore, KvEntry,
    MentionEvent, NeighbourhoodQuery, Result, StoreStats, Subgraph, Tenant, WriteBatch,
    WriteReport,
};

type BoxFut<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;
/// Wall time per call kind at one moment.
pub type Snapshot = BTreeMap<&'static str, Duration>;

/// What was recorded for one kind of call.
#[derive(Debug, Default, Clone)]
struct Kind {
    calls: u64,
    inflight: u64,
    since: Option<Instant>,
    /// Time during which at least one call of this kind was in flight.
    wall: Duration,
    /// Summed duration of every call.
    sum: Duration,
}

/// Wraps a store and times its read calls; writes and kv calls pass through untimed.
#[derive(Debug)]
pub struct Timed {
    inner: Arc<dyn GraphStore>,
    kinds: Mutex<BTreeMap<&'static str, Kind>>,
}

impl Timed {
    pub fn new(inner: Arc<dyn GraphStore>) -> Self {
        Timed {
            inner,
            kinds: Mutex::new(BTreeMap::new()),
        }
    }

    /// Forgets what was recorded (after the warm-up).
    pub fn reset(&self) {
        self.lock().clear();
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, BTreeMap<&'static str, Kind>> {
        self.kinds.lock().unwrap_or_else(|p| p.into_inner())
    }

    async fn time<T>(&self, name: &'static str, fut: impl Future<Output = T>) -> T {
        let started = Instant::now();
        {
            let mut kinds = self.lock();
            let k = kinds.entry(name).or_default();
            k.calls += 1;
            if k.inflight == 0 {
                k.since = Some(started);
            }
            k.inflight += 1;
        }
        let out = fut.await;
        let mut kinds = self.lock();
        let k = kinds.entry(name).or_default();
        k.sum += started.elapsed();
        k.inflight = k.inflight.saturating_sub(1);
        if k.inflight == 0 {
            if let Some(since) = k.since.take() {
                k.wall += since.elapsed();
            }
        }
        out
    }

    /// Wall time per kind so far, to diff around one search.
    pub fn snapshot(&self) -> Snapshot {
        self.lock().iter().map(|(k, v)| (*k, v.wall)).collect()
    }

    /// Per kind, the mean wall ms of the slowest `share` of searches, each given as its duration
    /// and the snapshots taken before and after it: what makes the tail slow.
    pub fn tail_report(slow: &[(f64, Snapshot, Snapshot)], share: f64) -> String {
        let mut by_ms: Vec<&(f64, Snapshot, Snapshot)> = slow.iter().collect();
        by_ms.sort_by(|a, b| b.0.total_cmp(&a.0));
        let n = ((by_ms.len() as f64 * share).ceil() as usize).clamp(1, by_ms.len().max(1));
        let tail = &by_ms[..n.min(by_ms.len())];
        let mut kinds: BTreeMap<&'static str, f64> = BTreeMap::new();
        for (_, before, after) in tail {
            for (k, w) in after {
                let d = w.saturating_sub(before.get(k).copied().unwrap_or_default());
                *kinds.entry(k).or_default() += d.as_secs_f64() * 1000.0;
            }
        }
        let mean = tail.iter().map(|t| t.0).sum::<f64>() / tail.len().max(1) as f64;
        let mut out = format!(
            "slowest {} searches (mean {mean:.2} ms), wall ms per search by call:",
            tail.len()
        );
        for (k, sum) in kinds {
            out.push_str(&format!(" {k} {:.2}", sum / tail.len().max(1) as f64));
        }
        out.push('\n');
        out
    }

    /// A table of the recorded calls per search (`searches` timed searches taking `total`).
    pub fn report(&self, searches: usize, total: Duration) -> String {
        let n = searches.max(1) as f64;
        let ms = |d: Duration| d.as_secs_f64() * 1000.0 / n;
        let mut out = format!(
            "{:<15} {:>8} {:>10} {:>10} {:>13}\n",
            "call", "calls/q", "wall ms/q", "sum ms/q", "mean ms/call"
        );
        let mut wall = 0.0;
        for (name, k) in self.lock().iter() {
            wall += ms(k.wall);
            out.push_str(&format!(
                "{:<15} {:>8.2} {:>10.2} {:>10.2} {:>13.2}\n",
                name,
                k.calls as f64 / n,
                ms(k.wall),
                ms(k.sum),
                k.sum.as_secs_f64() * 1000.0 / k.calls.max(1) as f64
            ));
        }
        out.push_str(&format!(
            "store calls in flight {wall:.2} ms/q (kinds summed) of {:.2} ms/q per search\n",
            ms(total)
        ));
        out
    }
}

// Signatures as `async_trait` expands the trait's (one lifetime per reference, then the future's).
impl GraphStore for Timed {
    fn backend(&self) -> &'static str {
        self.inner.backend()
    }

    fn write<'l0, 'l1, 'l2, 'a>(
        &'l0 self,
        tenant: &'l1 Tenant,
        batch: &'l2 WriteBatch,
    ) -> BoxFut<'a, Result<WriteReport>>
    where
        'l0: 'a,
        'l1: 'a,
        'l2: 'a,
        Self: 'a,
    {
        self.inner.write(tenant, batch)
    }

    fn write_many<'l0, 'l1, 'l2, 'a>(
        &'l0 self,
        tenant: &'l1 Tenant,
        batches: &'l2 [WriteBatch],
    ) -> BoxFut<'a, Result<Vec<WriteReport>>>
    where
        'l0: 'a,
        'l1: 'a,
        'l2: 'a,
        Self: 'a,
    {
        self.inner.write_many(tenant, batches)
    }

    fn get_entities<'l0, 'l1, 'l2, 'a>(
        &'l0 self,
        tenant: &'l1 Tenant,
        keys: &'l2 [EntityKey],
    ) -> BoxFut<'a, Result<Vec<Entity>>>
    where
        'l0: 'a,
        'l1: 'a,
        'l2: 'a,
        Self: 'a,
    {
        Box::pin(self.time("get_entities", self.inner.get_entities(tenant, keys)))
    }

    fn lookup_names<'l0, 'l1, 'l2, 'a>(
        &'l0 self,
        tenant: &'l1 Tenant,
        keys: &'l2 [String],
    ) -> BoxFut<'a, Result<Vec<(String, Entity)>>>
    where
        'l0: 'a,
        'l1: 'a,
        'l2: 'a,
        Self: 'a,
    {
        Box::pin(self.time("lookup_names", self.inner.lookup_names(tenant, keys)))
    }

    fn find_by_tokens<'l0, 'l1, 'l2, 'a>(
        &'l0 self,
        tenant: &'l1 Tenant,
        tokens: &'l2 [String],
        limit: usize,
    ) -> BoxFut<'a, Result<Vec<Entity>>>
    where
        'l0: 'a,
        'l1: 'a,
        'l2: 'a,
        Self: 'a,
    {
        Box::pin(self.time(
            "find_by_tokens",
            self.inner.find_by_tokens(tenant, tokens, limit),
        ))
    }

    fn neighbourhood<'l0, 'l1, 'l2, 'a>(
        &'l0 self,
        tenant: &'l1 Tenant,
        query: &'l2 NeighbourhoodQuery,
    ) -> BoxFut<'a, Result<Subgraph>>
    where
        'l0: 'a,
        'l1: 'a,
        'l2: 'a,
        Self: 'a,
    {
        Box::pin(self.time("neighbourhood", self.inner.neighbourhood(tenant, query)))
    }

    fn top_entities<'l0, 'l1, 'a>(
        &'l0 self,
        tenant: &'l1 Tenant,
        order: EntityOrder,
        limit: usize,
    ) -> BoxFut<'a, Result<Vec<Entity>>>
    where
        'l0: 'a,
        'l1: 'a,
        Self: 'a,
    {
        Box::pin(self.time(
            "top_entities",
            self.inner.top_entities(tenant, order, limit),
        ))
    }

    fn mentions_of<'l0, 'l1, 'l2, 'a>(
        &'l0 self,
        tenant: &'l1 Tenant,
        key: &'l2 EntityKey,
        limit: usize,
    ) -> BoxFut<'a, Result<Vec<MentionEvent>>>
    where
        'l0: 'a,
        'l1: 'a,
        'l2: 'a,
        Self: 'a,
    {
        Box::pin(self.time("mentions_of", self.inner.mentions_of(tenant, key, limit)))
    }

    fn get_episodes<'l0, 'l1, 'l2, 'a>(
        &'l0 self,
        tenant: &'l1 Tenant,
        ids: &'l2 [String],
    ) -> BoxFut<'a, Result<Vec<Episode>>>
    where
        'l0: 'a,
        'l1: 'a,
        'l2: 'a,
        Self: 'a,
    {
        Box::pin(self.time("get_episodes", self.inner.get_episodes(tenant, ids)))
    }

    fn get_document<'l0, 'l1, 'l2, 'a>(
        &'l0 self,
        tenant: &'l1 Tenant,
        id: &'l2 str,
    ) -> BoxFut<'a, Result<Option<Document>>>
    where
        'l0: 'a,
        'l1: 'a,
        'l2: 'a,
        Self: 'a,
    {
        self.inner.get_document(tenant, id)
    }

    fn delete_episodes<'l0, 'l1, 'l2, 'a>(
        &'l0 self,
        tenant: &'l1 Tenant,
        ids: &'l2 [String],
    ) -> BoxFut<'a, Result<DeleteReport>>
    where
        'l0: 'a,
        'l1: 'a,
        'l2: 'a,
        Self: 'a,
    {
        self.inner.delete_episodes(tenant, ids)
    }

    fn delete_document<'l0, 'l1, 'l2, 'a>(
        &'l0 self,
        tenant: &'l1 Tenant,
        id: &'l2 str,
    ) -> BoxFut<'a, Result<DeleteReport>>
    where
        'l0: 'a,
        'l1: 'a,
        'l2: 'a,
        Self: 'a,
    {
        self.inner.delete_document(tenant, id)
    }

    fn stats<'l0, 'l1, 'a>(&'l0 self, tenant: &'l1 Tenant) -> BoxFut<'a, Result<StoreStats>>
    where
        'l0: 'a,
        'l1: 'a,
        Self: 'a,
    {
        Box::pin(self.time("stats", self.inner.stats(tenant)))
    }

    fn export<'l0, 'l1, 'a>(&'l0 self, tenant: &'l1 Tenant) -> BoxFut<'a, Result<Subgraph>>
    where
        'l0: 'a,
        'l1: 'a,
        Self: 'a,
    {
        self.inner.export(tenant)
    }

    fn kv_put<'l0, 'l1, 'l2, 'l3, 'a>(
        &'l0 self,
        tenant: &'l1 Tenant,
        ns: &'l2 str,
        entries: &'l3 [KvEntry],
    ) -> BoxFut<'a, Result<()>>
    where
        'l0: 'a,
        'l1: 'a,
        'l2: 'a,
        'l3: 'a,
        Self: 'a,
    {
        self.inner.kv_put(tenant, ns, entries)
    }

    fn kv_get<'l0, 'l1, 'l2, 'l3, 'a>(
        &'l0 self,
        tenant: &'l1 Tenant,
        ns: &'l2 str,
        keys: &'l3 [String],
    ) -> BoxFut<'a, Result<Vec<KvEntry>>>
    where
        'l0: 'a,
        'l1: 'a,
        'l2: 'a,
        'l3: 'a,
        Self: 'a,
    {
        self.inner.kv_get(tenant, ns, keys)
    }

    fn kv_scan<'l0, 'l1, 'l2, 'l3, 'l4, 'a>(
        &'l0 self,
        tenant: &'l1 Tenant,
        ns: &'l2 str,
        prefix: &'l3 str,
        after: Option<&'l4 str>,
        limit: usize,
    ) -> BoxFut<'a, Result<Vec<KvEntry>>>
    where
        'l0: 'a,
        'l1: 'a,
        'l2: 'a,
        'l3: 'a,
        'l4: 'a,
        Self: 'a,
    {
        self.inner.kv_scan(tenant, ns, prefix, after, limit)
    }

    fn kv_delete<'l0, 'l1, 'l2, 'l3, 'a>(
        &'l0 self,
        tenant: &'l1 Tenant,
        ns: &'l2 str,
        keys: &'l3 [String],
    ) -> BoxFut<'a, Result<u64>>
    where
        'l0: 'a,
        'l1: 'a,
        'l2: 'a,
        'l3: 'a,
        Self: 'a,
    {
        self.inner.kv_delete(tenant, ns, keys)
    }
}
