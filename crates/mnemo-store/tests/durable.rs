//! Durability of the embedded store: reopening preserves everything, damaged or foreign files are
//! `Corrupt`, a second open is refused, and a SIGKILLed writer loses no acknowledged batch and
//! leaves no partial one.

use std::path::Path;

use chrono::TimeZone;
use mnemo_core::{
    Document, EntityInput, EntityKey, EntityOrder, EntityType, Error, GraphStore,
    NeighbourhoodQuery, Subgraph, Tenant, WriteBatch,
};
use mnemo_store::{EmbeddedStore, FILE_NAME};

fn key(name: &str) -> EntityKey {
    EntityKey::from_name(name).expect("name")
}

fn episode(
    id: &str,
    secs: i64,
    names: &[&str],
    facts: &[(&str, &str, &str)],
) -> mnemo_core::EpisodeWrite {
    let content = format!("content of {id}");
    mnemo_core::EpisodeWrite {
        episode: mnemo_core::Episode {
            id: id.into(),
            kind: mnemo_core::EpisodeKind::Interaction,
            content_hash: mnemo_core::content_hash(&content),
            content,
            created_at: chrono::Utc
                .timestamp_opt(1_700_000_000 + secs, 7)
                .single()
                .expect("ts"),
            source: "test".into(),
            document_id: None,
            span: Some((1, 2)),
            speaker: None,
            session: None,
        },
        entities: names
            .iter()
            .map(|n| EntityInput {
                aliases: vec![format!("{n} alias")],
                ..EntityInput::named(n, EntityType::Person).expect("name")
            })
            .collect(),
        facts: facts
            .iter()
            .map(|(s, p, o)| mnemo_core::FactInput::new(key(s), p, key(o), 0.7))
            .collect(),
    }
}

fn sorted(mut g: Subgraph) -> Subgraph {
    g.entities.sort_by(|a, b| a.key.cmp(&b.key));
    g.facts.sort_by_key(|f| f.id());
    g
}

/// Everything a reader can observe about a tenant, for before/after comparisons.
async fn snapshot(store: &EmbeddedStore, t: &Tenant) -> String {
    let mut out = String::new();
    out += &format!("{:?}\n", store.stats(t).await.expect("stats"));
    out += &format!("{:?}\n", sorted(store.export(t).await.expect("export")));
    let ids: Vec<String> = ["a1", "a2", "a3", "d.1", "d.2", "d.3"]
        .map(String::from)
        .to_vec();
    out += &format!(
        "{:?}\n",
        store.get_episodes(t, &ids).await.expect("episodes")
    );
    out += &format!("{:?}\n", store.get_document(t, "d").await.expect("doc"));
    out += &format!(
        "{:?}\n",
        store.mentions_of(t, &key("Ann"), 10).await.expect("stream")
    );
    out += &format!(
        "{:?}\n",
        store
            .top_entities(t, EntityOrder::MostRecent, 10)
            .await
            .expect("top")
    );
    out += &format!(
        "{:?}\n",
        store
            .lookup_names(t, &["ann alias".into()])
            .await
            .expect("lookup")
    );
    let q = NeighbourhoodQuery::new(vec![key("Ann")]);
    out += &format!("{:?}\n", store.neighbourhood(t, &q).await.expect("nb"));
    out
}

#[tokio::test]
async fn reopen_preserves_everything() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (t, other) = (Tenant::new("t1").expect("t"), Tenant::new("t2").expect("t"));
    let before = {
        let store = EmbeddedStore::open(dir.path()).expect("open");
        let mut b = WriteBatch {
            document: None,
            episodes: vec![
                episode("a1", 1, &["Ann", "Ben"], &[("Ann", "knows", "Ben")]),
                episode("a2", 2, &["Ann", "Cat"], &[("Ann", "likes", "Cat")]),
                episode("a3", 3, &["Cat", "Dan"], &[("Cat", "knows", "Dan")]),
            ],
        };
        store.write(&t, &b).await.expect("write");
        store.write(&other, &b).await.expect("write other tenant");
        store
            .delete_episodes(&t, &["a3".into()])
            .await
            .expect("delete");
        let doc = |v: &str, eps: Vec<mnemo_core::EpisodeWrite>| WriteBatch {
            document: Some(Document {
                id: "d".into(),
                source: "d.md".into(),
                content_hash: v.into(),
                created_at: chrono::Utc
                    .timestamp_opt(1_700_000_100, 0)
                    .single()
                    .expect("ts"),
            }),
            episodes: eps
                .into_iter()
                .map(|mut e| {
                    e.episode.document_id = Some("d".into());
                    e
                })
                .collect(),
        };
        let v1 = doc(
            "v1",
            vec![
                episode("d.1", 4, &["Ann", "Eve"], &[("Eve", "met", "Ann")]),
                episode("d.2", 5, &["Fay"], &[]),
            ],
        );
        store.write(&t, &v1).await.expect("doc v1");
        let v2 = doc(
            "v2",
            vec![
                episode("d.1", 4, &["Ann", "Eve"], &[("Eve", "met", "Ann")]),
                episode("d.3", 6, &["Gus", "Ann"], &[]),
            ],
        );
        store.write(&t, &v2).await.expect("doc v2");
        b.episodes.truncate(1);
        b.episodes[0].entities[0].entity_type = EntityType::Organization;
        store.write(&t, &b).await.expect("idempotent");
        snapshot(&store, &t).await
    };
    assert!(
        !before.contains("Fay") && before.contains("Gus"),
        "{before}"
    );
    let store = EmbeddedStore::open(dir.path()).expect("reopen");
    assert_eq!(snapshot(&store, &t).await, before, "reopened store differs");
    assert_eq!(store.stats(&other).await.expect("stats").episodes, 3);
    // Writes after a reopen continue the same history.
    let more = WriteBatch {
        document: None,
        episodes: vec![episode("a9", 9, &["Ann"], &[])],
    };
    store.write(&t, &more).await.expect("write after reopen");
    let after = snapshot(&store, &t).await;
    drop(store);
    let store = EmbeddedStore::open(dir.path()).expect("reopen twice");
    assert_eq!(snapshot(&store, &t).await, after);
}

fn assert_corrupt(dir: &Path, what: &str) {
    match EmbeddedStore::open(dir) {
        Err(Error::Corrupt(msg)) => {
            assert!(
                msg.contains(FILE_NAME),
                "{what}: message must name the file: {msg}"
            );
        }
        Err(e) => panic!("{what}: expected Corrupt, got {e:?}"),
        Ok(_) => panic!("{what}: opened as a store"),
    }
}

#[test]
fn damaged_or_foreign_files_are_corrupt() {
    let random = tempfile::tempdir().expect("tempdir");
    let bytes: Vec<u8> = (0..70_000u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect();
    std::fs::write(random.path().join(FILE_NAME), bytes).expect("write");
    assert_corrupt(random.path(), "random bytes");

    let text = tempfile::tempdir().expect("tempdir");
    std::fs::write(
        text.path().join(FILE_NAME),
        "hello, I am a text file\n".repeat(100),
    )
    .expect("write");
    assert_corrupt(text.path(), "text file");

    let empty = tempfile::tempdir().expect("tempdir");
    std::fs::write(empty.path().join(FILE_NAME), b"").expect("write");
    assert_corrupt(empty.path(), "empty file");

    let truncated = tempfile::tempdir().expect("tempdir");
    {
        let store = EmbeddedStore::open(truncated.path()).expect("open");
        let b = WriteBatch {
            document: None,
            episodes: (0..50)
                .map(|i| {
                    episode(
                        &format!("e{i}"),
                        i,
                        &["Ann", "Ben"],
                        &[("Ann", "knows", "Ben")],
                    )
                })
                .collect(),
        };
        futures_block_on(store.write(&Tenant::default(), &b)).expect("write");
    }
    let path = truncated.path().join(FILE_NAME);
    let len = std::fs::metadata(&path).expect("meta").len();
    let file = std::fs::OpenOptions::new()
        .write(true)
        .open(&path)
        .expect("open");
    file.set_len(len / 3).expect("truncate");
    drop(file);
    assert_corrupt(truncated.path(), "truncated store");

    let foreign = tempfile::tempdir().expect("tempdir");
    {
        let db = redb::Database::create(foreign.path().join(FILE_NAME)).expect("create");
        let tx = db.begin_write().expect("tx");
        let def: redb::TableDefinition<&str, &str> = redb::TableDefinition::new("something_else");
        tx.open_table(def)
            .expect("table")
            .insert("k", "v")
            .expect("insert");
        tx.commit().expect("commit");
    }
    assert_corrupt(foreign.path(), "foreign redb file");

    let future = tempfile::tempdir().expect("tempdir");
    drop(EmbeddedStore::open(future.path()).expect("create"));
    {
        let db = redb::Database::open(future.path().join(FILE_NAME)).expect("open");
        let tx = db.begin_write().expect("tx");
        let meta: redb::TableDefinition<&str, u64> = redb::TableDefinition::new("meta");
        tx.open_table(meta)
            .expect("meta")
            .insert("mnemo_store_format", 99)
            .expect("insert");
        tx.commit().expect("commit");
    }
    assert_corrupt(future.path(), "future format version");
}

fn futures_block_on<F: std::future::Future>(f: F) -> F::Output {
    tokio::runtime::Builder::new_current_thread()
        .build()
        .expect("runtime")
        .block_on(f)
}

#[test]
fn a_second_open_is_refused_while_the_first_is_alive() {
    let dir = tempfile::tempdir().expect("tempdir");
    let first = EmbeddedStore::open(dir.path()).expect("open");
    match EmbeddedStore::open(dir.path()) {
        Err(Error::Unavailable(msg)) => assert!(msg.contains("already open"), "{msg}"),
        other => panic!("second open must be Unavailable, got {other:?}"),
    }
    drop(first);
    EmbeddedStore::open(dir.path()).expect("open after the first closed");
}
