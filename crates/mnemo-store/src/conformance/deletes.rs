//! Conformance checks of deletes (by episode, by document, with cascades) and of stats.

use mnemo_core::{Error, GraphStore, StoreStats};

use super::writes::doc_batch;
use super::{at, batch, episode, fact, fresh_tenant, key, mentions, write};

/// Deleting episodes updates aggregates and removes what only they supported.
pub async fn delete_by_episode(store: &dyn GraphStore) {
    let t = fresh_tenant("delepisode");
    let mut e1 = episode("e1", 10, &["Ann", "Ben"], &[]);
    e1.facts.push(fact("Ann", "knows", "Ben", 0.9));
    let e2 = episode("e2", 20, &["Ann", "Ben"], &[("Ann", "knows", "Ben")]);
    let e3 = episode("e3", 30, &["Ann", "Cat"], &[("Ann", "sees", "Cat")]);
    write(store, &t, &batch(vec![e1, e2, e3])).await;

    let r = store
        .delete_episodes(&t, &["e3".into()])
        .await
        .expect("delete");
    assert_eq!(
        (r.episodes, r.entities, r.facts),
        (1, 1, 1),
        "delete e3: {r:?}"
    );
    let ann = &store.get_entities(&t, &[key("Ann")]).await.expect("get")[0];
    assert_eq!(
        (ann.mentions, ann.first_seen, ann.last_seen),
        (2, at(10), at(20))
    );
    assert_eq!(mentions(store, &t, "Cat").await, None, "orphan entity kept");

    let r = store
        .delete_episodes(&t, &["e2".into(), "missing".into()])
        .await
        .expect("delete");
    assert_eq!(
        (r.episodes, r.entities, r.facts),
        (1, 0, 0),
        "delete e2: {r:?}"
    );
    let g = store.export(&t).await.expect("export");
    assert_eq!(g.facts.len(), 1);
    let f = &g.facts[0];
    assert_eq!(
        (f.mentions, f.first_seen, f.last_seen),
        (1, at(10), at(10)),
        "{f:?}"
    );
    assert_eq!(f.episodes, vec!["e1"]);
    let ann = &store.get_entities(&t, &[key("Ann")]).await.expect("get")[0];
    assert_eq!((ann.mentions, ann.last_seen), (1, at(10)));
    let mine = store
        .mentions_of(&t, &key("Ann"), 10)
        .await
        .expect("mentions");
    assert_eq!(
        mine.len(),
        1,
        "memory stream keeps deleted mentions: {mine:?}"
    );

    let r = store
        .delete_episodes(&t, &["e1".into()])
        .await
        .expect("delete");
    assert_eq!(
        (r.episodes, r.entities, r.facts),
        (1, 2, 1),
        "delete e1: {r:?}"
    );
    assert_eq!(store.stats(&t).await.expect("stats"), StoreStats::default());
    let none = store
        .delete_episodes(&t, &["e1".into()])
        .await
        .expect("delete missing");
    assert_eq!(none.episodes, 0);
}

/// Deleting a document removes its episodes and their orphans; a missing document is NotFound.
pub async fn delete_by_document(store: &dyn GraphStore) {
    let t = fresh_tenant("deldocument");
    let doc = doc_batch(
        "doc",
        "v1",
        vec![
            episode("doc.1", 10, &["Ann", "Ben"], &[("Ann", "knows", "Ben")]),
            episode("doc.2", 20, &["Ben", "Cat"], &[("Ben", "knows", "Cat")]),
        ],
    );
    write(store, &t, &doc).await;
    write(
        store,
        &t,
        &batch(vec![episode(
            "solo",
            30,
            &["Ben", "Dan"],
            &[("Ben", "helps", "Dan")],
        )]),
    )
    .await;
    let r = store.delete_document(&t, "doc").await.expect("delete");
    assert_eq!(
        (r.episodes, r.documents, r.entities, r.facts),
        (2, 1, 2, 2),
        "{r:?}"
    );
    assert!(store.get_document(&t, "doc").await.expect("get").is_none());
    assert_eq!(mentions(store, &t, "Ben").await, Some(1));
    let s = store.stats(&t).await.expect("stats");
    assert_eq!(
        (s.entities, s.facts, s.episodes, s.documents, s.mentions),
        (2, 1, 1, 0, 2)
    );
    for id in ["doc", "never"] {
        match store.delete_document(&t, id).await {
            Err(Error::NotFound(_)) => {}
            other => panic!("deleting missing document {id:?} must be NotFound, got {other:?}"),
        }
    }
}

/// Stats count entities, facts, episodes, documents and mention events.
pub async fn stats_counts(store: &dyn GraphStore) {
    let t = fresh_tenant("stats");
    assert_eq!(store.stats(&t).await.expect("stats"), StoreStats::default());
    write(
        store,
        &t,
        &doc_batch(
            "d",
            "v1",
            vec![episode(
                "d.1",
                1,
                &["A1", "B1", "C1"],
                &[("A1", "r", "B1"), ("B1", "r", "C1")],
            )],
        ),
    )
    .await;
    write(
        store,
        &t,
        &batch(vec![episode(
            "x",
            2,
            &["A1", "B1"],
            &[("A1", "r", "B1"), ("B1", "s", "A1")],
        )]),
    )
    .await;
    let s = store.stats(&t).await.expect("stats");
    let want = StoreStats {
        entities: 3,
        facts: 3,
        episodes: 2,
        documents: 1,
        mentions: 5,
    };
    assert_eq!(s, want);
}
