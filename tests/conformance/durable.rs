//! The store conformance suite on a durable embedded store in a temporary directory.

fn durable() -> (mnemo_store::EmbeddedStore, tempfile::TempDir) {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = mnemo_store::EmbeddedStore::open(dir.path()).expect("open durable store");
    assert!(store.is_durable());
    (store, dir)
}

mnemo_store::conformance_tests!(durable());

/// Durable writes on a multi-threaded runtime step aside for the fsync and still succeed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn durable_checks_on_a_multi_threaded_runtime() {
    let (store, _dir) = durable();
    let store = std::sync::Arc::new(store);
    let a = tokio::spawn({
        let s = store.clone();
        async move { mnemo_store::conformance::idempotent_rewrite(&*s).await }
    });
    let b = tokio::spawn({
        let s = store.clone();
        async move { mnemo_store::conformance::delete_by_document(&*s).await }
    });
    mnemo_store::conformance::document_replacement(&*store).await;
    a.await.expect("idempotent_rewrite");
    b.await.expect("delete_by_document");
}

/// Event times are kept per support on disk: a reopened store shows the same ones, and a delete
/// after reopening falls back as it does live.
#[tokio::test]
async fn event_times_survive_reopening() {
    use mnemo_core::{
        content_hash, EntityInput, EntityKey, EntityType, Episode, EpisodeKind, EpisodeWrite,
        FactInput, GraphStore, Tenant, WriteBatch,
    };
    let visit = |id: &str, day: u32, occurred: Option<&str>| {
        let content = format!("visit {id}");
        let key = |n: &str| EntityKey::from_name(n).expect("key");
        EpisodeWrite {
            episode: Episode {
                id: id.to_string(),
                kind: EpisodeKind::Note,
                content_hash: content_hash(&content),
                content,
                created_at: chrono::DateTime::from_timestamp(
                    1_700_000_000 + i64::from(day) * 86_400,
                    0,
                )
                .expect("time"),
                source: "durable".into(),
                document_id: None,
                span: None,
                speaker: None,
                session: None,
            },
            entities: ["Ann", "Museum"]
                .iter()
                .map(|n| EntityInput::named(n, EntityType::Concept).expect("name"))
                .collect(),
            facts: vec![FactInput::new(key("Ann"), "visited", key("Museum"), 0.5)
                .with_occurred(occurred.map(str::to_string))],
        }
    };
    let t = Tenant::new("durable-event-times").expect("tenant");
    let dir = tempfile::tempdir().expect("tempdir");
    {
        let store = mnemo_store::EmbeddedStore::open(dir.path()).expect("open");
        let b = WriteBatch {
            document: None,
            episodes: vec![
                visit("a", 1, None),
                visit("b", 2, Some("2023-05-07")),
                visit("c", 3, Some("2023-W18")),
            ],
        };
        store.write(&t, &b).await.expect("write");
    }
    let store = mnemo_store::EmbeddedStore::open(dir.path()).expect("reopen");
    let facts = store.export(&t).await.expect("export").facts;
    assert_eq!(facts.len(), 1);
    assert_eq!(
        facts[0].occurred.as_deref(),
        Some("2023-05-07"),
        "{facts:?}"
    );
    store
        .delete_episodes(&t, &["b".into()])
        .await
        .expect("delete");
    drop(store);
    let store = mnemo_store::EmbeddedStore::open(dir.path()).expect("reopen");
    let facts = store.export(&t).await.expect("export").facts;
    assert_eq!(facts[0].occurred.as_deref(), Some("2023-W18"), "{facts:?}");
}
