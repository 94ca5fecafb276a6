//! A write costs the same whatever the size of memory: the key-value calls (and entries read) of
//! one `Records::remember` are counted through a store wrapper, once early and once after many
//! records share its session and tags.

mod common;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use async_trait::async_trait;
use common::{note, records_on, TestClock, T0};
use mnemo::core::{
    DeleteReport, Document, EntityOrder, Episode, KvEntry, MentionEvent, NeighbourhoodQuery,
    TextHit, WriteBatch, WriteReport,
};
use mnemo::{Entity, EntityKey, GraphStore, StoreStats, Subgraph, Tenant};
use mnemo_records::RecordInput;

type CoreResult<T> = mnemo::core::Result<T>;

/// The embedded store, counting key-value calls and the entries they read.
#[derive(Debug, Default)]
struct Counting {
    inner: mnemo_store::EmbeddedStore,
    calls: AtomicUsize,
    read: AtomicUsize,
}

impl Counting {
    fn take(&self) -> (usize, usize) {
        (
            self.calls.swap(0, Ordering::SeqCst),
            self.read.swap(0, Ordering::SeqCst),
        )
    }
}

#[async_trait]
impl GraphStore for Counting {
    fn backend(&self) -> &'static str {
        "counting"
    }
    async fn write(&self, t: &Tenant, b: &WriteBatch) -> CoreResult<WriteReport> {
        self.inner.write(t, b).await
    }
    /// A key-value put too (the record beside its episode): counted as one call.
    async fn write_with_kv(
        &self,
        t: &Tenant,
        b: &WriteBatch,
        ns: &str,
        e: &[KvEntry],
    ) -> CoreResult<WriteReport> {
        self.calls.fetch_add(1, Ordering::SeqCst);
        self.inner.write_with_kv(t, b, ns, e).await
    }
    async fn get_entities(&self, t: &Tenant, k: &[EntityKey]) -> CoreResult<Vec<Entity>> {
        self.inner.get_entities(t, k).await
    }
    async fn lookup_names(&self, t: &Tenant, k: &[String]) -> CoreResult<Vec<(String, Entity)>> {
        self.inner.lookup_names(t, k).await
    }
    async fn find_by_tokens(&self, t: &Tenant, k: &[String], n: usize) -> CoreResult<Vec<Entity>> {
        self.inner.find_by_tokens(t, k, n).await
    }
    async fn neighbourhood(&self, t: &Tenant, q: &NeighbourhoodQuery) -> CoreResult<Subgraph> {
        self.inner.neighbourhood(t, q).await
    }
    async fn top_entities(&self, t: &Tenant, o: EntityOrder, n: usize) -> CoreResult<Vec<Entity>> {
        self.inner.top_entities(t, o, n).await
    }
    async fn mentions_of(
        &self,
        t: &Tenant,
        k: &EntityKey,
        n: usize,
    ) -> CoreResult<Vec<MentionEvent>> {
        self.inner.mentions_of(t, k, n).await
    }
    async fn search_text(&self, t: &Tenant, q: &str, n: usize) -> CoreResult<Vec<TextHit>> {
        self.inner.search_text(t, q, n).await
    }
    async fn search_text_naming(
        &self,
        t: &Tenant,
        names: &[String],
        q: &str,
        n: usize,
    ) -> CoreResult<Vec<Vec<TextHit>>> {
        self.inner.search_text_naming(t, names, q, n).await
    }
    async fn episode_entities(
        &self,
        t: &Tenant,
        ids: &[String],
    ) -> CoreResult<Vec<mnemo::core::EpisodeEntities>> {
        self.inner.episode_entities(t, ids).await
    }
    async fn episode_neighbours(
        &self,
        t: &Tenant,
        ids: &[String],
        window: usize,
    ) -> CoreResult<Vec<mnemo::core::EpisodeNeighbours>> {
        self.inner.episode_neighbours(t, ids, window).await
    }
    async fn get_episodes(&self, t: &Tenant, ids: &[String]) -> CoreResult<Vec<Episode>> {
        self.inner.get_episodes(t, ids).await
    }
    async fn get_document(&self, t: &Tenant, id: &str) -> CoreResult<Option<Document>> {
        self.inner.get_document(t, id).await
    }
    async fn delete_episodes(&self, t: &Tenant, ids: &[String]) -> CoreResult<DeleteReport> {
        self.inner.delete_episodes(t, ids).await
    }
    async fn delete_document(&self, t: &Tenant, id: &str) -> CoreResult<DeleteReport> {
        self.inner.delete_document(t, id).await
    }
    async fn stats(&self, t: &Tenant) -> CoreResult<StoreStats> {
        self.inner.stats(t).await
    }
    async fn export(&self, t: &Tenant) -> CoreResult<Subgraph> {
        self.inner.export(t).await
    }
    async fn kv_put(&self, t: &Tenant, ns: &str, e: &[KvEntry]) -> CoreResult<()> {
        self.calls.fetch_add(1, Ordering::SeqCst);
        self.inner.kv_put(t, ns, e).await
    }
    async fn kv_get(&self, t: &Tenant, ns: &str, k: &[String]) -> CoreResult<Vec<KvEntry>> {
        self.calls.fetch_add(1, Ordering::SeqCst);
        let out = self.inner.kv_get(t, ns, k).await?;
        self.read.fetch_add(out.len(), Ordering::SeqCst);
        Ok(out)
    }
    async fn kv_scan(
        &self,
        t: &Tenant,
        ns: &str,
        prefix: &str,
        after: Option<&str>,
        limit: usize,
    ) -> CoreResult<Vec<KvEntry>> {
        self.calls.fetch_add(1, Ordering::SeqCst);
        let out = self.inner.kv_scan(t, ns, prefix, after, limit).await?;
        self.read.fetch_add(out.len(), Ordering::SeqCst);
        Ok(out)
    }
    async fn kv_delete(&self, t: &Tenant, ns: &str, k: &[String]) -> CoreResult<u64> {
        self.calls.fetch_add(1, Ordering::SeqCst);
        self.inner.kv_delete(t, ns, k).await
    }
}

#[tokio::test]
async fn a_write_reads_the_same_few_entries_at_10_and_at_300_records() {
    let clock = TestClock::at(T0);
    let store = Arc::new(Counting::default());
    let rec = records_on(store.clone(), "bounded", &clock);
    let input = |i: usize| RecordInput {
        session: Some("one-long-conversation".into()),
        tags: vec!["shared".into(), "also-shared".into()],
        ..note(&format!("m{i:04}"))
    };
    let mut costs = Vec::new();
    for i in 0..300 {
        clock.advance(30);
        store.take();
        rec.remember(&format!("Turn {i} mentions Lyon."), &input(i))
            .await
            .unwrap();
        if i == 10 || i == 299 {
            costs.push(store.take());
        }
    }
    assert_eq!(
        costs[0], costs[1],
        "(calls, entries read) at 10 and at 300 records"
    );
    let (calls, read) = costs[1];
    // get (exists?), 2 session scans, 2 tag scans, get of the candidates, get (still absent?), put.
    assert!(calls <= 8, "{calls} key-value calls");
    let bound = 2 * mnemo_records::CONTEXT_EACH_SIDE * 2 + 2 * mnemo_records::RELATED_PER_TAG * 2;
    assert!(read <= bound, "{read} entries read");
    assert_eq!(rec.all().await.unwrap().len(), 300);
}
