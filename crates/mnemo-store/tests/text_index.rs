//! The embedded store's text index is derived from redb: reopening finds what was written, and an
//! index that lags behind the store (a crash between the two commits), is damaged or is missing is
//! rebuilt on open, so no acknowledged episode is ever unsearchable and no deleted one is found.

use std::path::Path;

use chrono::TimeZone;
use mnemo_core::{
    content_hash, Episode, EpisodeKind, EpisodeWrite, GraphStore, Tenant, WriteBatch,
};
use mnemo_store::{EmbeddedStore, TEXT_INDEX_DIR};

fn said(id: &str, text: &str) -> WriteBatch {
    WriteBatch {
        document: None,
        episodes: vec![EpisodeWrite {
            episode: Episode {
                id: id.into(),
                kind: EpisodeKind::Interaction,
                content: text.into(),
                created_at: chrono::Utc
                    .timestamp_opt(1_700_000_000, 0)
                    .single()
                    .expect("ts"),
                source: "test".into(),
                content_hash: content_hash(text),
                document_id: None,
                span: None,
                speaker: None,
                session: None,
            },
            entities: Vec::new(),
            facts: Vec::new(),
        }],
    }
}

fn tenant() -> Tenant {
    Tenant::new("t").expect("tenant")
}

async fn found(store: &EmbeddedStore, q: &str) -> Vec<String> {
    store
        .search_text(&tenant(), q, 10)
        .await
        .expect("search_text")
        .into_iter()
        .map(|h| h.episode)
        .collect()
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("mkdir");
    for e in std::fs::read_dir(from).expect("read_dir") {
        let e = e.expect("entry");
        if e.file_type().expect("type").is_file() {
            std::fs::copy(e.path(), to.join(e.file_name())).expect("copy");
        }
    }
}

#[tokio::test]
async fn reopening_finds_what_was_written() {
    let dir = tempfile::tempdir().expect("tempdir");
    {
        let store = EmbeddedStore::open(dir.path()).expect("open");
        store
            .write(&tenant(), &said("e1", "Pottery class on Monday"))
            .await
            .expect("write");
    }
    let store = EmbeddedStore::open(dir.path()).expect("reopen");
    assert_eq!(found(&store, "pottery").await, vec!["e1"]);
    assert!(dir.path().join(TEXT_INDEX_DIR).is_dir());
}

#[tokio::test]
async fn a_lagging_index_is_brought_up_to_date_on_open() {
    let dir = tempfile::tempdir().expect("tempdir");
    let old = tempfile::tempdir().expect("tempdir");
    {
        let store = EmbeddedStore::open(dir.path()).expect("open");
        store
            .write(&tenant(), &said("e1", "Pottery class on Monday"))
            .await
            .expect("write");
    }
    // The index as it was before the next changes: what a crash between the redb commit and the
    // index commit leaves behind.
    copy_dir(&dir.path().join(TEXT_INDEX_DIR), old.path());
    {
        let store = EmbeddedStore::open(dir.path()).expect("open");
        store
            .write(&tenant(), &said("e2", "Violin lesson on Friday"))
            .await
            .expect("write");
        store
            .delete_episodes(&tenant(), &["e1".to_string()])
            .await
            .expect("delete");
    }
    std::fs::remove_dir_all(dir.path().join(TEXT_INDEX_DIR)).expect("rm");
    copy_dir(old.path(), &dir.path().join(TEXT_INDEX_DIR));
    let store = EmbeddedStore::open(dir.path()).expect("reopen with the old index");
    assert_eq!(
        found(&store, "violin").await,
        vec!["e2"],
        "the acknowledged episode is found"
    );
    assert!(
        found(&store, "pottery").await.is_empty(),
        "the deleted episode is not"
    );
}

#[tokio::test]
async fn a_damaged_or_missing_index_is_rebuilt() {
    let dir = tempfile::tempdir().expect("tempdir");
    {
        let store = EmbeddedStore::open(dir.path()).expect("open");
        store
            .write(&tenant(), &said("e1", "Pottery class on Monday"))
            .await
            .expect("write");
    }
    let index = dir.path().join(TEXT_INDEX_DIR);
    std::fs::write(index.join("meta.json"), b"{ not json").expect("damage");
    {
        let store = EmbeddedStore::open(dir.path()).expect("reopen with a damaged index");
        assert_eq!(found(&store, "pottery").await, vec!["e1"]);
    }
    std::fs::remove_dir_all(&index).expect("rm");
    let store = EmbeddedStore::open(dir.path()).expect("reopen without an index");
    assert_eq!(found(&store, "pottery").await, vec!["e1"]);
}

#[tokio::test]
async fn words_most_episodes_share_are_left_out_when_a_rarer_one_remains() {
    let store = EmbeddedStore::in_memory();
    let mut batch = WriteBatch {
        document: None,
        episodes: Vec::new(),
    };
    for i in 0..30 {
        let text = if i % 2 == 0 {
            format!("The garden looked lovely on day {i}.")
        } else {
            format!("Day {i} brought rain.")
        };
        batch
            .episodes
            .extend(said(&format!("g{i}"), &text).episodes);
    }
    batch
        .episodes
        .extend(said("kayak", "We took the kayak out past the garden.").episodes);
    store.write(&tenant(), &batch).await.expect("write");
    assert_eq!(
        found(&store, "garden kayak").await,
        vec!["kayak"],
        "'garden' (in half the episodes) only adds cost beside 'kayak'"
    );
    assert_eq!(
        found(&store, "garden").await.len(),
        10,
        "alone, a common word still finds (up to the limit)"
    );
}

/// A text search runs its index part on a blocking thread inside a tokio runtime and inline
/// outside one: the same hits either way, on either kind of runtime, also with writes committed
/// by the search itself in between (the store hands the thread one committed state).
#[test]
fn a_search_answers_alike_inside_and_outside_a_runtime() {
    let store = EmbeddedStore::default();
    let t = tenant();
    let search = |store: &EmbeddedStore, q: &str| {
        let q = q.to_string();
        let outside = futures::executor::block_on(found(store, &q));
        let current = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("runtime")
            .block_on(found(store, &q));
        let multi = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .expect("runtime")
            .block_on(found(store, &q));
        assert_eq!(outside, current, "{q}: outside a runtime vs current-thread");
        assert_eq!(outside, multi, "{q}: outside a runtime vs multi-thread");
        outside
    };
    futures::executor::block_on(async {
        for (id, text) in [
            ("a", "The alpaca farm sells wool."),
            ("b", "An alpaca escaped from the farm."),
            ("c", "Vicuna wool is rarer."),
        ] {
            store.write(&t, &said(id, text)).await.expect("write");
        }
    });
    let mut first = search(&store, "alpaca farm");
    first.sort();
    assert_eq!(first, vec!["a", "b"]);
    futures::executor::block_on(store.write(&t, &said("d", "The alpaca farm farm.")))
        .expect("write");
    let after = search(&store, "alpaca farm");
    assert_eq!(after.len(), 3, "{after:?}");
    assert!(after.contains(&"d".to_string()), "{after:?}");
    assert!(search(&store, "the of and").is_empty());
}
