//! A store wrapper that delays writes (timeouts, graceful shutdown with writes in flight) and can
//! be switched to fail every call (error mapping).

use std::sync::atomic::{AtomicU8, AtomicUsize, Ordering};
use std::time::Duration;

use async_trait::async_trait;
use mnemo_core::{
    DeleteReport, Document, Entity, EntityKey, EntityOrder, Episode, Error, GraphStore, KvEntry,
    MentionEvent, NeighbourhoodQuery, Result, StoreStats, Subgraph, Tenant, TextHit, WriteBatch,
    WriteReport,
};
use mnemo_store::EmbeddedStore;

#[derive(Debug)]
pub struct SlowStore {
    pub inner: EmbeddedStore,
    pub write_delay: Duration,
    /// Writes that have begun (tests wait on it before shutting down).
    pub writes_started: AtomicUsize,
    /// 0: work; 1: every call fails `Unavailable`; 2: every call fails `Internal`.
    pub failing: AtomicU8,
}

/// Detail that must never reach a client.
pub const SECRET_DETAIL: &str = "bolt://db-secret-host:7687 /var/lib/mnemo";

impl SlowStore {
    pub fn new(write_delay: Duration) -> Self {
        SlowStore {
            inner: EmbeddedStore::in_memory(),
            write_delay,
            writes_started: AtomicUsize::new(0),
            failing: AtomicU8::new(0),
        }
    }

    fn check(&self) -> Result<()> {
        match self.failing.load(Ordering::SeqCst) {
            0 => Ok(()),
            1 => Err(Error::Unavailable(SECRET_DETAIL.into())),
            _ => Err(Error::Internal(SECRET_DETAIL.into())),
        }
    }

    /// Waits (up to 10 s) until at least `n` writes have begun.
    pub async fn wait_for_writes(&self, n: usize) {
        for _ in 0..1000 {
            if self.writes_started.load(Ordering::SeqCst) >= n {
                return;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        panic!("no write started within 10 s");
    }
}

#[async_trait]
impl GraphStore for SlowStore {
    fn backend(&self) -> &'static str {
        "slow"
    }
    async fn write(&self, t: &Tenant, b: &WriteBatch) -> Result<WriteReport> {
        self.check()?;
        self.writes_started.fetch_add(1, Ordering::SeqCst);
        tokio::time::sleep(self.write_delay).await;
        self.inner.write(t, b).await
    }
    async fn write_with_kv(
        &self,
        t: &Tenant,
        b: &WriteBatch,
        ns: &str,
        e: &[KvEntry],
    ) -> Result<WriteReport> {
        self.check()?;
        self.writes_started.fetch_add(1, Ordering::SeqCst);
        tokio::time::sleep(self.write_delay).await;
        self.inner.write_with_kv(t, b, ns, e).await
    }
    async fn get_entities(&self, t: &Tenant, k: &[EntityKey]) -> Result<Vec<Entity>> {
        self.check()?;
        self.inner.get_entities(t, k).await
    }
    async fn lookup_names(&self, t: &Tenant, k: &[String]) -> Result<Vec<(String, Entity)>> {
        self.check()?;
        self.inner.lookup_names(t, k).await
    }
    async fn find_by_tokens(&self, t: &Tenant, k: &[String], l: usize) -> Result<Vec<Entity>> {
        self.check()?;
        self.inner.find_by_tokens(t, k, l).await
    }
    async fn neighbourhood(&self, t: &Tenant, q: &NeighbourhoodQuery) -> Result<Subgraph> {
        self.check()?;
        self.inner.neighbourhood(t, q).await
    }
    async fn top_entities(&self, t: &Tenant, o: EntityOrder, l: usize) -> Result<Vec<Entity>> {
        self.check()?;
        self.inner.top_entities(t, o, l).await
    }
    async fn mentions_of(&self, t: &Tenant, k: &EntityKey, l: usize) -> Result<Vec<MentionEvent>> {
        self.check()?;
        self.inner.mentions_of(t, k, l).await
    }
    async fn search_text(&self, t: &Tenant, q: &str, n: usize) -> Result<Vec<TextHit>> {
        self.check()?;
        self.inner.search_text(t, q, n).await
    }
    async fn search_text_naming(
        &self,
        t: &Tenant,
        names: &[String],
        q: &str,
        n: usize,
    ) -> Result<Vec<Vec<TextHit>>> {
        self.check()?;
        self.inner.search_text_naming(t, names, q, n).await
    }
    async fn episode_entities(
        &self,
        t: &Tenant,
        ids: &[String],
    ) -> Result<Vec<mnemo_core::EpisodeEntities>> {
        self.check()?;
        self.inner.episode_entities(t, ids).await
    }
    async fn episode_neighbours(
        &self,
        t: &Tenant,
        ids: &[String],
        window: usize,
    ) -> Result<Vec<mnemo_core::EpisodeNeighbours>> {
        self.check()?;
        self.inner.episode_neighbours(t, ids, window).await
    }
    async fn get_episodes(&self, t: &Tenant, ids: &[String]) -> Result<Vec<Episode>> {
        self.check()?;
        self.inner.get_episodes(t, ids).await
    }
    async fn get_document(&self, t: &Tenant, id: &str) -> Result<Option<Document>> {
        self.check()?;
        self.inner.get_document(t, id).await
    }
    async fn delete_episodes(&self, t: &Tenant, ids: &[String]) -> Result<DeleteReport> {
        self.check()?;
        self.inner.delete_episodes(t, ids).await
    }
    async fn delete_document(&self, t: &Tenant, id: &str) -> Result<DeleteReport> {
        self.check()?;
        self.inner.delete_document(t, id).await
    }
    async fn stats(&self, t: &Tenant) -> Result<StoreStats> {
        self.check()?;
        self.inner.stats(t).await
    }
    async fn export(&self, t: &Tenant) -> Result<Subgraph> {
        self.check()?;
        self.inner.export(t).await
    }
    // Memory records (every remember writes one) live in the key-value records.
    async fn kv_put(&self, t: &Tenant, ns: &str, e: &[KvEntry]) -> Result<()> {
        self.check()?;
        self.inner.kv_put(t, ns, e).await
    }
    async fn kv_get(&self, t: &Tenant, ns: &str, k: &[String]) -> Result<Vec<KvEntry>> {
        self.check()?;
        self.inner.kv_get(t, ns, k).await
    }
    async fn kv_scan(
        &self,
        t: &Tenant,
        ns: &str,
        prefix: &str,
        after: Option<&str>,
        limit: usize,
    ) -> Result<Vec<KvEntry>> {
        self.check()?;
        self.inner.kv_scan(t, ns, prefix, after, limit).await
    }
    async fn kv_delete(&self, t: &Tenant, ns: &str, k: &[String]) -> Result<u64> {
        self.check()?;
        self.inner.kv_delete(t, ns, k).await
    }
}
