//! A store wrapper that stops the process dead at a chosen point: after the n-th write call
//! (of any kind) returned, it says so on stdout and sleeps until the test SIGKILLs it. Reads pass
//! through. The store underneath is real (a durable embedded store or Neo4j).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use async_trait::async_trait;
use mnemo::core::{
    DeleteReport, Document, EntityOrder, Episode, KvEntry, MentionEvent, NeighbourhoodQuery,
    Result, TextHit, WriteBatch, WriteReport,
};
use mnemo::{Entity, EntityKey, GraphStore, StoreStats, Subgraph, Tenant};

/// What the child prints when it stops at the chosen write.
pub const STOPPED: &str = "CRASHTEST:STOPPED";

#[derive(Debug)]
pub struct StopAfter {
    pub inner: Arc<dyn GraphStore>,
    /// Stop after this many write calls returned (1 = after the first).
    pub writes: usize,
    pub done: AtomicUsize,
}

impl StopAfter {
    /// Counts a finished write; at the chosen one, announces it and waits to be killed.
    async fn after_write<T>(&self, r: Result<T>) -> Result<T> {
        if self.done.fetch_add(1, Ordering::SeqCst) + 1 == self.writes {
            announce();
            // Never returns: the caller's next step must not run before the SIGKILL.
            loop {
                tokio::time::sleep(std::time::Duration::from_secs(60)).await;
            }
        }
        r
    }
}

fn announce() {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{STOPPED}");
    let _ = out.flush();
}

#[async_trait]
impl GraphStore for StopAfter {
    fn backend(&self) -> &'static str {
        self.inner.backend()
    }
    async fn write(&self, t: &Tenant, b: &WriteBatch) -> Result<WriteReport> {
        let r = self.inner.write(t, b).await;
        self.after_write(r).await
    }
    async fn write_many(&self, t: &Tenant, b: &[WriteBatch]) -> Result<Vec<WriteReport>> {
        let r = self.inner.write_many(t, b).await;
        self.after_write(r).await
    }
    async fn write_with_kv(
        &self,
        t: &Tenant,
        b: &WriteBatch,
        ns: &str,
        e: &[KvEntry],
    ) -> Result<WriteReport> {
        let r = self.inner.write_with_kv(t, b, ns, e).await;
        self.after_write(r).await
    }
    async fn get_entities(&self, t: &Tenant, k: &[EntityKey]) -> Result<Vec<Entity>> {
        self.inner.get_entities(t, k).await
    }
    async fn lookup_names(&self, t: &Tenant, k: &[String]) -> Result<Vec<(String, Entity)>> {
        self.inner.lookup_names(t, k).await
    }
    async fn find_by_tokens(&self, t: &Tenant, k: &[String], n: usize) -> Result<Vec<Entity>> {
        self.inner.find_by_tokens(t, k, n).await
    }
    async fn neighbourhood(&self, t: &Tenant, q: &NeighbourhoodQuery) -> Result<Subgraph> {
        self.inner.neighbourhood(t, q).await
    }
    async fn top_entities(&self, t: &Tenant, o: EntityOrder, n: usize) -> Result<Vec<Entity>> {
        self.inner.top_entities(t, o, n).await
    }
    async fn mentions_of(&self, t: &Tenant, k: &EntityKey, n: usize) -> Result<Vec<MentionEvent>> {
        self.inner.mentions_of(t, k, n).await
    }
    async fn search_text(&self, t: &Tenant, q: &str, n: usize) -> Result<Vec<TextHit>> {
        self.inner.search_text(t, q, n).await
    }
    async fn search_text_naming(
        &self,
        t: &Tenant,
        names: &[String],
        q: &str,
        n: usize,
    ) -> Result<Vec<Vec<TextHit>>> {
        self.inner.search_text_naming(t, names, q, n).await
    }
    async fn episode_entities(
        &self,
        t: &Tenant,
        ids: &[String],
    ) -> Result<Vec<mnemo::core::EpisodeEntities>> {
        self.inner.episode_entities(t, ids).await
    }
    async fn episode_neighbours(
        &self,
        t: &Tenant,
        ids: &[String],
        window: usize,
    ) -> Result<Vec<mnemo::core::EpisodeNeighbours>> {
        self.inner.episode_neighbours(t, ids, window).await
    }
    async fn get_episodes(&self, t: &Tenant, ids: &[String]) -> Result<Vec<Episode>> {
        self.inner.get_episodes(t, ids).await
    }
    async fn get_document(&self, t: &Tenant, id: &str) -> Result<Option<Document>> {
        self.inner.get_document(t, id).await
    }
    async fn delete_episodes(&self, t: &Tenant, ids: &[String]) -> Result<DeleteReport> {
        let r = self.inner.delete_episodes(t, ids).await;
        self.after_write(r).await
    }
    async fn delete_document(&self, t: &Tenant, id: &str) -> Result<DeleteReport> {
        let r = self.inner.delete_document(t, id).await;
        self.after_write(r).await
    }
    async fn stats(&self, t: &Tenant) -> Result<StoreStats> {
        self.inner.stats(t).await
    }
    async fn export(&self, t: &Tenant) -> Result<Subgraph> {
        self.inner.export(t).await
    }
    async fn kv_put(&self, t: &Tenant, ns: &str, e: &[KvEntry]) -> Result<()> {
        let r = self.inner.kv_put(t, ns, e).await;
        self.after_write(r).await
    }
    async fn kv_get(&self, t: &Tenant, ns: &str, k: &[String]) -> Result<Vec<KvEntry>> {
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
        self.inner.kv_scan(t, ns, prefix, after, limit).await
    }
    async fn kv_delete(&self, t: &Tenant, ns: &str, k: &[String]) -> Result<u64> {
        let r = self.inner.kv_delete(t, ns, k).await;
        self.after_write(r).await
    }
}
