//! `--calls`: a store wrapper that records the wall time of each `GraphStore` call a search makes,
//! so that a latency run can say where a search's time goes (per call kind: calls per search, the
//! time at least one such call was in flight, and the summed time of all of them).

use std::collections::BTreeMap;
use std::future::Future;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use async_trait::async_trait;
use mnemo_core::{
    DeleteReport, Document, Entity, EntityKey, EntityOrder, Episode, EpisodeEntities, GraphStore,
    KvEntry, MentionEvent, NeighbourhoodQuery, Result, StoreStats, Subgraph, Tenant, TextHit,
    WriteBatch, WriteReport,
};

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

#[async_trait]
impl GraphStore for Timed {
    fn backend(&self) -> &'static str {
        self.inner.backend()
    }

    async fn write(&self, tenant: &Tenant, batch: &WriteBatch) -> Result<WriteReport> {
        self.inner.write(tenant, batch).await
    }

    async fn write_with_kv(
        &self,
        tenant: &Tenant,
        batch: &WriteBatch,
        ns: &str,
        entries: &[KvEntry],
    ) -> Result<WriteReport> {
        self.inner.write_with_kv(tenant, batch, ns, entries).await
    }

    async fn write_many(
        &self,
        tenant: &Tenant,
        batches: &[WriteBatch],
    ) -> Result<Vec<WriteReport>> {
        self.inner.write_many(tenant, batches).await
    }

    async fn get_entities(&self, tenant: &Tenant, keys: &[EntityKey]) -> Result<Vec<Entity>> {
        self.time("get_entities", self.inner.get_entities(tenant, keys))
            .await
    }

    async fn lookup_names(
        &self,
        tenant: &Tenant,
        keys: &[String],
    ) -> Result<Vec<(String, Entity)>> {
        self.time("lookup_names", self.inner.lookup_names(tenant, keys))
            .await
    }

    async fn find_by_tokens(
        &self,
        tenant: &Tenant,
        tokens: &[String],
        limit: usize,
    ) -> Result<Vec<Entity>> {
        self.time(
            "find_by_tokens",
            self.inner.find_by_tokens(tenant, tokens, limit),
        )
        .await
    }

    async fn neighbourhood(&self, tenant: &Tenant, query: &NeighbourhoodQuery) -> Result<Subgraph> {
        self.time("neighbourhood", self.inner.neighbourhood(tenant, query))
            .await
    }

    async fn top_entities(
        &self,
        tenant: &Tenant,
        order: EntityOrder,
        limit: usize,
    ) -> Result<Vec<Entity>> {
        self.time(
            "top_entities",
            self.inner.top_entities(tenant, order, limit),
        )
        .await
    }

    async fn mentions_of(
        &self,
        tenant: &Tenant,
        key: &EntityKey,
        limit: usize,
    ) -> Result<Vec<MentionEvent>> {
        self.time("mentions_of", self.inner.mentions_of(tenant, key, limit))
            .await
    }

    async fn search_text(
        &self,
        tenant: &Tenant,
        query: &str,
        limit: usize,
    ) -> Result<Vec<TextHit>> {
        self.time("search_text", self.inner.search_text(tenant, query, limit))
            .await
    }

    async fn search_text_entities(
        &self,
        tenant: &Tenant,
        query: &str,
        limit: usize,
    ) -> Result<(Vec<TextHit>, Vec<EpisodeEntities>)> {
        self.time(
            "search_text_entities",
            self.inner.search_text_entities(tenant, query, limit),
        )
        .await
    }

    async fn search_text_naming(
        &self,
        tenant: &Tenant,
        names: &[String],
        query: &str,
        limit: usize,
    ) -> Result<Vec<Vec<TextHit>>> {
        self.time(
            "search_text_naming",
            self.inner.search_text_naming(tenant, names, query, limit),
        )
        .await
    }

    async fn episode_entities(
        &self,
        tenant: &Tenant,
        ids: &[String],
    ) -> Result<Vec<mnemo_core::EpisodeEntities>> {
        self.time("episode_entities", self.inner.episode_entities(tenant, ids))
            .await
    }

    async fn episode_neighbours(
        &self,
        tenant: &Tenant,
        ids: &[String],
        window: usize,
    ) -> Result<Vec<mnemo_core::EpisodeNeighbours>> {
        self.time(
            "episode_neighbours",
            self.inner.episode_neighbours(tenant, ids, window),
        )
        .await
    }

    async fn get_episodes(&self, tenant: &Tenant, ids: &[String]) -> Result<Vec<Episode>> {
        self.time("get_episodes", self.inner.get_episodes(tenant, ids))
            .await
    }

    async fn get_episode_texts(&self, tenant: &Tenant, ids: &[String]) -> Result<Vec<Episode>> {
        self.time(
            "get_episode_texts",
            self.inner.get_episode_texts(tenant, ids),
        )
        .await
    }

    async fn get_document(&self, tenant: &Tenant, id: &str) -> Result<Option<Document>> {
        self.inner.get_document(tenant, id).await
    }

    async fn delete_episodes(&self, tenant: &Tenant, ids: &[String]) -> Result<DeleteReport> {
        self.inner.delete_episodes(tenant, ids).await
    }

    async fn delete_document(&self, tenant: &Tenant, id: &str) -> Result<DeleteReport> {
        self.inner.delete_document(tenant, id).await
    }

    async fn stats(&self, tenant: &Tenant) -> Result<StoreStats> {
        self.time("stats", self.inner.stats(tenant)).await
    }

    async fn export(&self, tenant: &Tenant) -> Result<Subgraph> {
        self.inner.export(tenant).await
    }

    async fn kv_put(&self, tenant: &Tenant, ns: &str, entries: &[KvEntry]) -> Result<()> {
        self.inner.kv_put(tenant, ns, entries).await
    }

    async fn kv_get(&self, tenant: &Tenant, ns: &str, keys: &[String]) -> Result<Vec<KvEntry>> {
        self.inner.kv_get(tenant, ns, keys).await
    }

    async fn kv_scan(
        &self,
        tenant: &Tenant,
        ns: &str,
        prefix: &str,
        after: Option<&str>,
        limit: usize,
    ) -> Result<Vec<KvEntry>> {
        self.inner.kv_scan(tenant, ns, prefix, after, limit).await
    }

    async fn kv_delete(&self, tenant: &Tenant, ns: &str, keys: &[String]) -> Result<u64> {
        self.inner.kv_delete(tenant, ns, keys).await
    }
}
