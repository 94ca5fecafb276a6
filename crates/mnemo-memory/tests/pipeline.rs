//! A search reads what each of its stages needs as soon as that is known: the linked entities'
//! neighbourhoods do not wait for the text index (on Neo4j every read is a round trip, and a slow
//! full-text query used to hold up the whole graph side). Checked with a store whose text search
//! answers only after a neighbourhood has been asked for: a search that waited for the text hits
//! before reading any neighbourhood would never finish. And the text index is asked first, so that
//! a store searching it on another thread (the embedded one) does the graph's reads meanwhile.
//! Nor does a search ask the store again for entities its neighbourhoods returned.

mod common;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;

use async_trait::async_trait;
use mnemo_core::{
    DeleteReport, Document, Entity, EntityKey, EntityOrder, Episode, EpisodeEntities,
    EpisodeNeighbours, FactInput, GraphStore, KvEntry, MentionEvent, NeighbourhoodQuery, Result,
    StoreStats, Subgraph, Tenant, TextHit, WriteBatch, WriteReport,
};
use mnemo_memory::{search, SearchConfig};
use mnemo_store::EmbeddedStore;
use tokio::sync::Notify;

/// The embedded store, with text searches held until a neighbourhood read has begun (unless
/// `open`), recording which reads were asked for in what order.
#[derive(Debug, Default)]
struct GatedStore {
    inner: EmbeddedStore,
    hood_asked: Notify,
    hoods: AtomicUsize,
    open: bool,
    reads: Mutex<Vec<&'static str>>,
    /// The keys of every entity a neighbourhood returned, and every key asked of `get_entities`.
    held: Mutex<Vec<EntityKey>>,
    asked: Mutex<Vec<EntityKey>>,
}

impl GatedStore {
    fn read(&self, what: &'static str) {
        self.reads.lock().expect("reads").push(what);
    }
}

#[async_trait]
impl GraphStore for GatedStore {
    fn backend(&self) -> &'static str {
        "gated"
    }
    async fn write(&self, t: &Tenant, b: &WriteBatch) -> Result<WriteReport> {
        self.inner.write(t, b).await
    }
    async fn write_with_kv(
        &self,
        t: &Tenant,
        b: &WriteBatch,
        ns: &str,
        e: &[KvEntry],
    ) -> Result<WriteReport> {
        self.inner.write_with_kv(t, b, ns, e).await
    }
    async fn get_entities(&self, t: &Tenant, keys: &[EntityKey]) -> Result<Vec<Entity>> {
        self.asked.lock().expect("asked").extend_from_slice(keys);
        self.inner.get_entities(t, keys).await
    }
    async fn lookup_names(&self, t: &Tenant, keys: &[String]) -> Result<Vec<(String, Entity)>> {
        self.read("lookup_names");
        self.inner.lookup_names(t, keys).await
    }
    async fn find_by_tokens(&self, t: &Tenant, w: &[String], n: usize) -> Result<Vec<Entity>> {
        self.read("find_by_tokens");
        self.inner.find_by_tokens(t, w, n).await
    }
    async fn neighbourhood(&self, t: &Tenant, q: &NeighbourhoodQuery) -> Result<Subgraph> {
        self.read("neighbourhood");
        self.hoods.fetch_add(1, Ordering::SeqCst);
        self.hood_asked.notify_waiters();
        self.hood_asked.notify_one();
        let sub = self.inner.neighbourhood(t, q).await?;
        let mut held = self.held.lock().expect("held");
        held.extend(sub.entities.iter().map(|e| e.key.clone()));
        Ok(sub)
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
    async fn episode_neighbours(
        &self,
        t: &Tenant,
        ids: &[String],
        w: usize,
    ) -> Result<Vec<EpisodeNeighbours>> {
        self.inner.episode_neighbours(t, ids, w).await
    }
    async fn episode_entities(&self, t: &Tenant, ids: &[String]) -> Result<Vec<EpisodeEntities>> {
        self.inner.episode_entities(t, ids).await
    }
    async fn search_text_entities(
        &self,
        t: &Tenant,
        q: &str,
        n: usize,
    ) -> Result<(Vec<TextHit>, Vec<EpisodeEntities>)> {
        self.read("search_text_entities");
        if !self.open && self.hoods.load(Ordering::SeqCst) == 0 {
            self.hood_asked.notified().await;
        }
        self.inner.search_text_entities(t, q, n).await
    }
    async fn get_episodes(&self, t: &Tenant, ids: &[String]) -> Result<Vec<Episode>> {
        self.inner.get_episodes(t, ids).await
    }
    async fn get_document(&self, t: &Tenant, id: &str) -> Result<Option<Document>> {
        self.inner.get_document(t, id).await
    }
    async fn delete_episodes(&self, t: &Tenant, ids: &[String]) -> Result<DeleteReport> {
        self.inner.delete_episodes(t, ids).await
    }
    async fn delete_document(&self, t: &Tenant, id: &str) -> Result<DeleteReport> {
        self.inner.delete_document(t, id).await
    }
    async fn stats(&self, t: &Tenant) -> Result<StoreStats> {
        self.inner.stats(t).await
    }
    async fn export(&self, t: &Tenant) -> Result<Subgraph> {
        self.inner.export(t).await
    }
    async fn kv_put(&self, t: &Tenant, ns: &str, e: &[KvEntry]) -> Result<()> {
        self.inner.kv_put(t, ns, e).await
    }
    async fn kv_get(&self, t: &Tenant, ns: &str, keys: &[String]) -> Result<Vec<KvEntry>> {
        self.inner.kv_get(t, ns, keys).await
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
    async fn kv_delete(&self, t: &Tenant, ns: &str, keys: &[String]) -> Result<u64> {
        self.inner.kv_delete(t, ns, keys).await
    }
}

/// Writes the two turns both checks search, then asks who Ada Lovelace met.
async fn ask_who_ada_met(store: &GatedStore) -> mnemo_memory::SearchResult {
    let tenant = Tenant::default();
    for (id, text, names) in [
        (
            "ep-1",
            "Ada Lovelace met Bob Stone in Turin.",
            &["Ada Lovelace", "Bob Stone"][..],
        ),
        ("ep-2", "Bob Stone builds looms.", &["Bob Stone"][..]),
    ] {
        store
            .write(&tenant, &common::batch(id, text, names))
            .await
            .expect("write");
    }
    ask_who_ada_lovelace_met(store).await
}

/// "Who did Ada Lovelace meet?", asked of the default tenant.
async fn ask_who_ada_lovelace_met(store: &GatedStore) -> mnemo_memory::SearchResult {
    search(
        store,
        &Tenant::default(),
        "Who did Ada Lovelace meet?",
        &SearchConfig::default(),
        &[],
        common::now(),
    )
    .await
    .expect("search")
}

#[tokio::test]
async fn neighbourhoods_are_read_while_the_text_index_is() {
    let store = GatedStore::default();
    let found = tokio::time::timeout(Duration::from_secs(10), ask_who_ada_met(&store))
        .await
        .expect("the graph side waited for the text index");
    assert!(found.hit);
    assert!(
        found.context_text.contains("Turin"),
        "{}",
        found.context_text
    );
}

#[tokio::test]
async fn the_text_index_is_asked_before_the_graph() {
    let store = GatedStore {
        open: true,
        ..GatedStore::default()
    };
    let found = ask_who_ada_met(&store).await;
    assert!(found.hit);
    let reads = store.reads.lock().expect("reads").clone();
    assert_eq!(reads.first(), Some(&"search_text_entities"), "{reads:?}");
    assert!(
        reads.contains(&"lookup_names") && reads.contains(&"neighbourhood"),
        "{reads:?}"
    );
}

/// The entities the neighbourhoods hold are not asked of the store again: the snippets take the top
/// facts' far ends from them (on Neo4j each ask was one more round trip at the end of the search,
/// after everything else), and no entity is asked for twice. Ada's facts reach Carl Berg over Bob
/// Stone (two hops), and no text of Ada's names Carl: only the neighbourhood holds him.
#[tokio::test]
async fn entities_the_neighbourhoods_hold_are_not_read_again() {
    let store = GatedStore {
        open: true,
        ..GatedStore::default()
    };
    let tenant = Tenant::default();
    let key = |n: &str| EntityKey::from_name(n).expect("key");
    for (id, text, names, fact) in [
        (
            "ep-1",
            "Ada Lovelace met Bob Stone in Turin.",
            &["Ada Lovelace", "Bob Stone"][..],
            ("Ada Lovelace", "met", "Bob Stone"),
        ),
        (
            "ep-2",
            "Bob Stone works with Carl Berg on looms.",
            &["Bob Stone", "Carl Berg"][..],
            ("Bob Stone", "works with", "Carl Berg"),
        ),
    ] {
        let mut b = common::batch(id, text, names);
        b.episodes[0]
            .facts
            .push(FactInput::new(key(fact.0), fact.1, key(fact.2), 0.9));
        store.write(&tenant, &b).await.expect("write");
    }
    let found = ask_who_ada_lovelace_met(&store).await;
    assert!(found.hit);
    let held = store.held.lock().expect("held").clone();
    assert!(held.contains(&key("Carl Berg")), "{held:?}");
    assert!(
        found.context_text.contains("Carl Berg"),
        "{}",
        found.context_text
    );
    let asked = store.asked.lock().expect("asked").clone();
    assert!(!asked.contains(&key("Carl Berg")), "{asked:?}");
    let mut distinct = asked.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), asked.len(), "asked twice: {asked:?}");
}
