//! The store conformance suite on a durable embedded store opened with `texts_in_memory = false`
//! (episodes read back from the redb file), and the two ways of opening a store agreeing.

use mnemo_store::{EmbeddedOptions, EmbeddedStore};

fn on_disk(dir: &std::path::Path) -> EmbeddedStore {
    EmbeddedStore::open_with(
        dir,
        EmbeddedOptions {
            texts_in_memory: false,
        },
    )
    .expect("open durable store")
}

fn durable_texts_on_disk() -> (EmbeddedStore, tempfile::TempDir) {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = on_disk(dir.path());
    assert!(store.is_durable());
    (store, dir)
}

mnemo_store::conformance_tests!(durable_texts_on_disk());

/// The same file gives the same episodes (content hash, speaker, session and all) and the same
/// text hits whether its texts are kept in memory or read from disk, after writes and a delete,
/// reopened either way.
#[tokio::test]
async fn texts_in_memory_and_on_disk_read_the_same_episodes() {
    use mnemo_core::{
        content_hash, EntityInput, EntityType, Episode, EpisodeKind, EpisodeWrite, GraphStore,
        Tenant, WriteBatch,
    };
    let turn = |id: &str, text: &str, speaker: Option<&str>| EpisodeWrite {
        episode: Episode {
            id: id.to_string(),
            kind: EpisodeKind::Note,
            content_hash: content_hash(text),
            content: text.to_string(),
            created_at: chrono::DateTime::from_timestamp(1_700_000_000 + id.len() as i64, 0)
                .expect("time"),
            source: "texts".into(),
            document_id: None,
            span: None,
            speaker: speaker.map(str::to_string),
            session: Some("s1".into()),
        },
        entities: vec![EntityInput::named("Lena", EntityType::Person).expect("name")],
        facts: Vec::new(),
    };
    let t = Tenant::new("texts-both-ways").expect("tenant");
    let ids: Vec<String> = ["a", "bb", "ccc"].iter().map(|s| s.to_string()).collect();
    let dir = tempfile::tempdir().expect("tempdir");
    let read_all = |store: EmbeddedStore| {
        let (t, ids) = (t.clone(), ids.clone());
        async move {
            let episodes = store.get_episodes(&t, &ids).await.expect("read");
            let hits = store.search_text(&t, "kayak", 10).await.expect("search");
            (
                episodes,
                hits.into_iter().map(|h| h.episode).collect::<Vec<_>>(),
            )
        }
    };
    {
        let store = EmbeddedStore::open(dir.path()).expect("open");
        let batch = WriteBatch {
            document: None,
            episodes: vec![
                turn("a", "Lena bought a kayak.", Some("Lena")),
                turn("bb", "The kayak is red, Lena says.", None),
                turn("ccc", "Nothing about boats here.", Some("Tom")),
            ],
        };
        store.write(&t, &batch).await.expect("write");
        store
            .delete_episodes(&t, &["ccc".into()])
            .await
            .expect("delete");
        let (episodes, hits) = read_all(store).await;
        assert_eq!(episodes.len(), 2, "{episodes:?}");
        assert_eq!(episodes[1].content, "The kayak is red, Lena says.");
        assert_eq!(episodes[0].speaker.as_deref(), Some("Lena"));
        assert!(episodes
            .iter()
            .all(|e| e.content_hash == content_hash(&e.content)));
        assert_eq!(hits.len(), 2, "{hits:?}");
    }
    let from_memory = read_all(EmbeddedStore::open(dir.path()).expect("reopen")).await;
    let from_disk = read_all(on_disk(dir.path())).await;
    assert_eq!(from_memory, from_disk);
    assert_eq!(from_memory.0.len(), 2);
}
