//! Tests of the Neo4j group commit (`write::write_many`) against the real server named by
//! `NEO4J_TEST_URI` (skipped with a notice when it is unset): the shared `write_many` conformance
//! checks through a store whose `write_many` is the group commit, and a group of independent
//! document batches, which takes the one-statement-per-step path, against the same batches written
//! one by one.

use async_trait::async_trait;
use chrono::TimeZone;
use mnemo_core::{
    content_hash, DeleteReport, Document, Entity, EntityInput, EntityKey, EntityOrder, EntityType,
    Episode, EpisodeKind, EpisodeWrite, FactInput, GraphStore, KvEntry, MentionEvent,
    NeighbourhoodQuery, Result, StoreStats, Subgraph, Tenant, TextHit, WriteBatch, WriteReport,
};

use crate::{Neo4jConfig, Neo4jStore};

/// The Neo4j store calling the group commit directly, so these checks pin `write::write_many`
/// itself whatever `Neo4jStore` delegates to.
#[derive(Debug)]
struct Grouped(Neo4jStore);

#[async_trait]
impl GraphStore for Grouped {
    fn backend(&self) -> &'static str {
        "neo4j-grouped"
    }
    async fn write(&self, t: &Tenant, b: &WriteBatch) -> Result<WriteReport> {
        self.0.write(t, b).await
    }
    async fn write_with_kv(
        &self,
        t: &Tenant,
        b: &WriteBatch,
        ns: &str,
        e: &[KvEntry],
    ) -> Result<WriteReport> {
        self.0.write_with_kv(t, b, ns, e).await
    }
    async fn write_many(&self, t: &Tenant, b: &[WriteBatch]) -> Result<Vec<WriteReport>> {
        crate::write::write_many(
            self.0.graph(),
            self.0.config().write_retries,
            t,
            b,
            &self.0.config().validity,
        )
        .await
    }
    async fn get_entities(&self, t: &Tenant, k: &[EntityKey]) -> Result<Vec<Entity>> {
        self.0.get_entities(t, k).await
    }
    async fn lookup_names(&self, t: &Tenant, k: &[String]) -> Result<Vec<(String, Entity)>> {
        self.0.lookup_names(t, k).await
    }
    async fn find_by_tokens(&self, t: &Tenant, k: &[String], n: usize) -> Result<Vec<Entity>> {
        self.0.find_by_tokens(t, k, n).await
    }
    async fn neighbourhood(&self, t: &Tenant, q: &NeighbourhoodQuery) -> Result<Subgraph> {
        self.0.neighbourhood(t, q).await
    }
    async fn top_entities(&self, t: &Tenant, o: EntityOrder, n: usize) -> Result<Vec<Entity>> {
        self.0.top_entities(t, o, n).await
    }
    async fn mentions_of(&self, t: &Tenant, k: &EntityKey, n: usize) -> Result<Vec<MentionEvent>> {
        self.0.mentions_of(t, k, n).await
    }
    async fn search_text(&self, t: &Tenant, q: &str, n: usize) -> Result<Vec<TextHit>> {
        self.0.search_text(t, q, n).await
    }
    async fn search_text_naming(
        &self,
        t: &Tenant,
        names: &[String],
        q: &str,
        n: usize,
    ) -> Result<Vec<Vec<TextHit>>> {
        self.0.search_text_naming(t, names, q, n).await
    }
    async fn episode_entities(
        &self,
        t: &Tenant,
        ids: &[String],
    ) -> Result<Vec<mnemo_core::EpisodeEntities>> {
        self.0.episode_entities(t, ids).await
    }
    async fn episode_neighbours(
        &self,
        t: &Tenant,
        ids: &[String],
        window: usize,
    ) -> Result<Vec<mnemo_core::EpisodeNeighbours>> {
        self.0.episode_neighbours(t, ids, window).await
    }
    async fn get_episodes(&self, t: &Tenant, ids: &[String]) -> Result<Vec<Episode>> {
        self.0.get_episodes(t, ids).await
    }
    async fn get_document(&self, t: &Tenant, id: &str) -> Result<Option<Document>> {
        self.0.get_document(t, id).await
    }
    async fn delete_episodes(&self, t: &Tenant, ids: &[String]) -> Result<DeleteReport> {
        self.0.delete_episodes(t, ids).await
    }
    async fn delete_document(&self, t: &Tenant, id: &str) -> Result<DeleteReport> {
        self.0.delete_document(t, id).await
    }
    async fn stats(&self, t: &Tenant) -> Result<StoreStats> {
        self.0.stats(t).await
    }
    async fn export(&self, t: &Tenant) -> Result<Subgraph> {
        self.0.export(t).await
    }
    async fn kv_put(&self, t: &Tenant, ns: &str, e: &[KvEntry]) -> Result<()> {
        self.0.kv_put(t, ns, e).await
    }
    async fn kv_get(&self, t: &Tenant, ns: &str, k: &[String]) -> Result<Vec<KvEntry>> {
        self.0.kv_get(t, ns, k).await
    }
    async fn kv_scan(
        &self,
        t: &Tenant,
        ns: &str,
        prefix: &str,
        after: Option<&str>,
        limit: usize,
    ) -> Result<Vec<KvEntry>> {
        self.0.kv_scan(t, ns, prefix, after, limit).await
    }
    async fn kv_delete(&self, t: &Tenant, ns: &str, k: &[String]) -> Result<u64> {
        self.0.kv_delete(t, ns, k).await
    }
}

async fn store() -> Option<Grouped> {
    let uri = crate::test_server_uri("a Neo4j group-commit test")?;
    let config = Neo4jConfig {
        max_connections: 4,
        ..Neo4jConfig::with_uri(uri.trim())
    };
    Some(Grouped(Neo4jStore::connect(config).await.expect("connect")))
}

fn tenant(tag: &str) -> Tenant {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    Tenant::new(format!("group-{tag}-{}-{nanos:x}", std::process::id())).expect("tenant")
}

#[tokio::test]
async fn conformance_write_many_equals_sequential() {
    if let Some(s) = store().await {
        mnemo_store::conformance::write_many_equals_sequential(&s).await;
    }
}

#[tokio::test]
async fn conformance_write_many_rerun_writes_nothing() {
    if let Some(s) = store().await {
        mnemo_store::conformance::write_many_rerun_writes_nothing(&s).await;
    }
}

#[tokio::test]
async fn conformance_write_many_invalid_rejects_all() {
    if let Some(s) = store().await {
        mnemo_store::conformance::write_many_invalid_rejects_all(&s).await;
    }
}

/// A chunk of document `doc` at time `secs` mentioning `names` and stating `facts`.
fn chunk(
    doc: &str,
    i: usize,
    secs: i64,
    names: &[(&str, EntityType)],
    facts: &[(&str, &str, &str)],
) -> EpisodeWrite {
    let content = format!("{doc} chunk {i} {names:?} {facts:?}");
    let key = |n: &str| EntityKey::from_name(n).expect("key");
    EpisodeWrite {
        episode: Episode {
            id: format!("{doc}.{i}"),
            kind: EpisodeKind::DocumentChunk,
            content_hash: content_hash(&content),
            content,
            created_at: chrono::Utc
                .timestamp_opt(1_700_000_000 + secs, 0)
                .single()
                .expect("ts"),
            source: format!("{doc}.txt"),
            document_id: Some(doc.into()),
            span: None,
            speaker: None,
            session: None,
        },
        entities: names
            .iter()
            .map(|(n, t)| EntityInput::named(n, *t).expect("name"))
            .collect(),
        facts: facts
            .iter()
            .map(|(s, p, o)| FactInput::new(key(s), p, key(o), 0.4 + 0.1 * i as f32))
            .collect(),
    }
}

fn doc(id: &str, chunks: Vec<EpisodeWrite>) -> WriteBatch {
    WriteBatch {
        document: Some(Document {
            id: id.into(),
            source: format!("{id}.txt"),
            content_hash: content_hash(&format!("{chunks:?}")),
            created_at: chrono::Utc
                .timestamp_opt(1_700_000_000, 0)
                .single()
                .expect("ts"),
        }),
        episodes: chunks,
    }
}

/// Independent documents sharing entities and facts, out of time order across batches (so
/// provenance lists are merged, not appended), with a type upgrade, an alias, a hub past the
/// top-edge list length, and a stored document replaced by a shorter version.
fn independent_group() -> (Vec<WriteBatch>, Vec<WriteBatch>) {
    use EntityType::{Concept, Organization, Person};
    let mut alias = chunk(
        "a",
        1,
        50,
        &[("Ann", Person), ("Acme", Organization)],
        &[("Ann", "works for", "Acme")],
    );
    alias.entities[0].aliases = vec!["Annie".into()];
    let stored = vec![doc(
        "old",
        vec![
            chunk(
                "old",
                0,
                5,
                &[("Ann", Concept), ("Bob", Person)],
                &[("Ann", "knows", "Bob")],
            ),
            chunk(
                "old",
                1,
                6,
                &[("Bob", Person), ("Cy", Person)],
                &[("Bob", "knows", "Cy")],
            ),
        ],
    )];
    let hub: Vec<(String, EntityType)> = (0..70).map(|i| (format!("Spoke {i}"), Person)).collect();
    let mut hub_chunk = chunk("h", 0, 30, &[("Hub", Organization)], &[]);
    for (n, t) in &hub {
        hub_chunk
            .entities
            .push(EntityInput::named(n, *t).expect("name"));
        let k = |n: &str| EntityKey::from_name(n).expect("key");
        hub_chunk
            .facts
            .push(FactInput::new(k("Hub"), "employs", k(n), 0.5));
    }
    let group = vec![
        doc(
            "a",
            vec![
                chunk(
                    "a",
                    0,
                    40,
                    &[("Ann", Person), ("Bob", Person)],
                    &[("Ann", "knows", "Bob")],
                ),
                alias,
            ],
        ),
        doc(
            "b",
            vec![chunk(
                "b",
                0,
                20,
                &[("Ann", Person), ("Bob", Person)],
                &[("Ann", "knows", "Bob"), ("Bob", "knows", "Ann")],
            )],
        ),
        doc("h", vec![hub_chunk]),
        doc(
            "old",
            vec![chunk(
                "old",
                0,
                5,
                &[("Ann", Concept), ("Bob", Person)],
                &[("Ann", "knows", "Bob")],
            )],
        ),
    ];
    (stored, group)
}

async fn sorted_export(s: &dyn GraphStore, t: &Tenant) -> Subgraph {
    let mut g = s.export(t).await.expect("export");
    g.entities.sort_by(|a, b| a.key.cmp(&b.key));
    g.facts.sort_by_key(|f| f.id());
    g
}

#[tokio::test]
async fn independent_group_equals_sequential_writes() {
    let Some(s) = store().await else {
        return;
    };
    let (one, many) = (tenant("one"), tenant("many"));
    let (stored, group) = independent_group();
    for t in [&one, &many] {
        for b in &stored {
            s.write(t, b).await.expect("stored");
        }
    }
    let mut expected = Vec::new();
    for b in &group {
        expected.push(s.write(&one, b).await.expect("write"));
    }
    let got = s.write_many(&many, &group).await.expect("write_many");
    assert_eq!(got, expected, "each batch's report as if written alone");
    assert_eq!(
        expected[3].episodes_replaced, 1,
        "the shorter version replaced a chunk"
    );
    assert!(expected[2].facts_created >= 70, "the hub's facts are new");
    let (a, b) = (
        sorted_export(&s, &one).await,
        sorted_export(&s, &many).await,
    );
    assert_eq!(a.entities, b.entities);
    assert_eq!(a.facts, b.facts);
    assert_eq!(
        s.stats(&one).await.expect("stats"),
        s.stats(&many).await.expect("stats")
    );
    let hub = EntityKey::from_name("Hub").expect("key");
    let q = NeighbourhoodQuery {
        seeds: vec![hub.clone()],
        depth: 1,
        fanout: vec![10],
        max_facts: 50,
    };
    let ids = |g: Subgraph| -> Vec<String> {
        g.facts
            .iter()
            .map(|f| format!("{}-{}-{}", f.subject, f.rel_type, f.object))
            .collect()
    };
    assert_eq!(
        ids(s.neighbourhood(&one, &q).await.expect("hop")),
        ids(s.neighbourhood(&many, &q).await.expect("hop"))
    );
    let ann = EntityKey::from_name("Ann").expect("key");
    assert_eq!(
        s.mentions_of(&one, &ann, 10).await.expect("mentions"),
        s.mentions_of(&many, &ann, 10).await.expect("mentions")
    );
    // Writing the group again changes nothing.
    let again = s.write_many(&many, &group).await.expect("write_many");
    assert!(again
        .iter()
        .all(|r| r.episodes_written == 0 && r.entities_created == 0));
    assert_eq!(
        s.stats(&one).await.expect("stats"),
        s.stats(&many).await.expect("stats")
    );
    for t in [&one, &many] {
        s.0.purge_tenant(t).await.expect("purge");
    }
}
