//! Conformance checks of what is read around episodes: speaker and session read back as written,
//! `episode_entities` lists what an episode mentions, and `episode_neighbours` walks each thread
//! (session, else document, else neither) in time order, document chunks by position, whatever the
//! order of the writes, follows deletes and caps the window.

use mnemo_core::{
    content_hash, Document, EpisodeWrite, GraphStore, Tenant, WriteBatch, MAX_NEIGHBOUR_WINDOW,
};

use super::{at, batch, episode, fresh_tenant, write};

fn turn(id: &str, secs: i64, session: Option<&str>, speaker: Option<&str>) -> EpisodeWrite {
    let mut ew = episode(id, secs, &[], &[]);
    ew.episode.session = session.map(str::to_string);
    ew.episode.speaker = speaker.map(str::to_string);
    ew
}

type Sides = (Vec<String>, Vec<String>);

async fn sides(store: &dyn GraphStore, t: &Tenant, id: &str, window: usize) -> Sides {
    let got = store
        .episode_neighbours(t, &[id.to_string()], window)
        .await
        .expect("episode_neighbours");
    assert_eq!(got.len(), 1, "one answer for {id}: {got:?}");
    (got[0].before.clone(), got[0].after.clone())
}

fn v(ids: &[&str]) -> Vec<String> {
    ids.iter().map(|s| s.to_string()).collect()
}

/// Speaker and session are stored and read back exactly, and absent ones stay absent.
pub async fn episode_labels_round_trip(store: &dyn GraphStore) {
    let t = fresh_tenant("labels");
    write(
        store,
        &t,
        &batch(vec![
            turn(
                "l1",
                1,
                Some("session 1 \"quoted\" ünï"),
                Some("Ada O'Brien"),
            ),
            turn("l2", 2, None, None),
        ]),
    )
    .await;
    let eps = store
        .get_episodes(&t, &v(&["l1", "l2"]))
        .await
        .expect("get_episodes");
    assert_eq!(eps[0].speaker.as_deref(), Some("Ada O'Brien"));
    assert_eq!(eps[0].session.as_deref(), Some("session 1 \"quoted\" ünï"));
    assert_eq!(
        (eps[1].speaker.as_deref(), eps[1].session.as_deref()),
        (None, None)
    );
    let mut blank = turn("l3", 3, Some("  "), None);
    blank.episode.speaker = Some("x".repeat(300));
    assert!(
        store.write(&t, &batch(vec![blank])).await.is_err(),
        "blank or oversized labels are refused"
    );
}

/// Neighbours follow the thread in time order, not the order of the writes; threads never mix;
/// episodes outside any thread have none.
pub async fn episode_neighbours_in_threads(store: &dyn GraphStore) {
    let t = fresh_tenant("threads");
    // Session A's turns written out of order, session B's interleaved in time, notes with no
    // session between them.
    write(
        store,
        &t,
        &batch(vec![
            turn("a3", 30, Some("A"), Some("Ann")),
            turn("a1", 10, Some("A"), Some("Ann")),
            turn("b1", 15, Some("B"), Some("Bob")),
            turn("n1", 12, None, Some("Nia")),
        ]),
    )
    .await;
    write(
        store,
        &t,
        &batch(vec![
            turn("a5", 50, Some("A"), Some("Ann")),
            turn("a2", 20, Some("A"), Some("Cy")),
            turn("b2", 25, Some("B"), Some("Bob")),
            turn("n2", 22, None, Some("Nia")),
            turn("alone", 23, None, None),
            turn("a4", 40, Some("A"), Some("Cy")),
            turn("n3", 60, None, Some("Ann")),
        ]),
    )
    .await;
    assert_eq!(sides(store, &t, "a3", 1).await, (v(&["a2"]), v(&["a4"])));
    assert_eq!(
        sides(store, &t, "a3", 2).await,
        (v(&["a2", "a1"]), v(&["a4", "a5"])),
        "nearest first on both sides"
    );
    assert_eq!(
        sides(store, &t, "a1", 3).await,
        (v(&[]), v(&["a2", "a3", "a4"]))
    );
    assert_eq!(sides(store, &t, "b1", 5).await, (v(&[]), v(&["b2"])));
    assert_eq!(
        sides(store, &t, "n2", 5).await,
        (v(&["n1"]), v(&["n3"])),
        "turns with a speaker and no session are the tenant's conversation"
    );
    assert_eq!(
        sides(store, &t, "alone", 5).await,
        (v(&[]), v(&[])),
        "a note with no speaker, session or document stands alone"
    );
    assert_eq!(sides(store, &t, "a3", 0).await, (v(&[]), v(&[])));

    // Asked together, in the order asked; unknown ids are left out.
    let many = store
        .episode_neighbours(&t, &v(&["n3", "missing", "a5"]), 1)
        .await
        .expect("episode_neighbours");
    let got: Vec<(&str, Vec<String>, Vec<String>)> = many
        .iter()
        .map(|n| (n.episode.as_str(), n.before.clone(), n.after.clone()))
        .collect();
    assert_eq!(
        got,
        vec![("n3", v(&["n2"]), v(&[])), ("a5", v(&["a4"]), v(&[]))]
    );

    // Document chunks share one time: their position orders them.
    let chunk = |i: u64| {
        let mut ew = episode(&format!("d:{i}"), 100, &[], &[]);
        ew.episode.document_id = Some("doc".into());
        ew.episode.span = Some((i * 100, i * 100 + 99));
        ew
    };
    write(
        store,
        &t,
        &WriteBatch {
            document: Some(Document {
                id: "doc".into(),
                source: "doc.txt".into(),
                content_hash: content_hash("doc"),
                created_at: at(100),
            }),
            episodes: vec![chunk(2), chunk(0), chunk(1), chunk(10)],
        },
    )
    .await;
    assert_eq!(sides(store, &t, "d:1", 1).await, (v(&["d:0"]), v(&["d:2"])));
    assert_eq!(
        sides(store, &t, "d:2", 1).await,
        (v(&["d:1"]), v(&["d:10"]))
    );
    assert_eq!(
        sides(store, &t, "n3", 5).await,
        (v(&["n2", "n1"]), v(&[])),
        "chunks are in their document's thread, not the tenant's"
    );

    // A deleted episode is no one's neighbour, a chunk among its document's included.
    store
        .delete_episodes(&t, &v(&["a2", "d:1"]))
        .await
        .expect("delete_episodes");
    assert_eq!(sides(store, &t, "a3", 1).await, (v(&["a1"]), v(&["a4"])));
    assert_eq!(
        sides(store, &t, "d:2", 1).await,
        (v(&["d:0"]), v(&["d:10"]))
    );

    // However large the window asked, at most MAX_NEIGHBOUR_WINDOW on each side.
    let long: Vec<EpisodeWrite> = (0..MAX_NEIGHBOUR_WINDOW as i64 + 3)
        .map(|i| turn(&format!("L{i:03}"), 1_000 + i, Some("long"), Some("Lu")))
        .collect();
    write(store, &t, &batch(long)).await;
    let last = format!("L{:03}", MAX_NEIGHBOUR_WINDOW + 2);
    let (before, after) = sides(store, &t, &last, usize::MAX).await;
    assert_eq!((before.len(), after.len()), (MAX_NEIGHBOUR_WINDOW, 0));
    assert_eq!(before[0], format!("L{:03}", MAX_NEIGHBOUR_WINDOW + 1));
    let stranger = fresh_tenant("threadsstranger");
    assert!(store
        .episode_neighbours(&stranger, &v(&["a3"]), 2)
        .await
        .expect("episode_neighbours")
        .is_empty());
}

/// `episode_entities` lists what each episode mentions, in key order, follows deletes of the
/// entities' other episodes, and stays in its tenant.
pub async fn episode_entities_read(store: &dyn GraphStore) {
    let t = fresh_tenant("epentities");
    write(
        store,
        &t,
        &batch(vec![
            episode(
                "m1",
                1,
                &["Zeta", "Alpha", "Mid"],
                &[("Alpha", "knows", "Zeta")],
            ),
            episode("m2", 2, &["Alpha"], &[]),
            episode("m3", 3, &[], &[]),
        ]),
    )
    .await;
    let got = store
        .episode_entities(&t, &v(&["m2", "missing", "m1", "m3"]))
        .await
        .expect("episode_entities");
    let got: Vec<(&str, Vec<&str>)> = got
        .iter()
        .map(|e| {
            (
                e.episode.as_str(),
                e.entities.iter().map(|k| k.as_str()).collect(),
            )
        })
        .collect();
    assert_eq!(
        got,
        vec![
            ("m2", vec!["alpha"]),
            ("m1", vec!["alpha", "mid", "zeta"]),
            ("m3", vec![])
        ]
    );
    store
        .delete_episodes(&t, &v(&["m2"]))
        .await
        .expect("delete_episodes");
    let after = store
        .episode_entities(&t, &v(&["m1", "m2"]))
        .await
        .expect("episode_entities");
    assert_eq!(after.len(), 1, "a deleted episode is left out: {after:?}");
    assert_eq!(after[0].entities.len(), 3);
    let stranger = fresh_tenant("epentitiesstranger");
    assert!(store
        .episode_entities(&stranger, &v(&["m1"]))
        .await
        .expect("episode_entities")
        .is_empty());
}
