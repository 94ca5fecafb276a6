//! Conformance checks of `write_many`: a group of batches ends exactly as the same batches written
//! one by one (reports, aggregates, replaced documents), a re-run writes nothing, and an invalid
//! batch fails the whole call with nothing written. They hold whether a store commits the group at
//! once or writes it batch by batch.

use mnemo_core::{
    EntityInput, EntityType, Error, GraphStore, Subgraph, Tenant, WriteBatch, WriteReport,
};

use super::writes::doc_batch;
use super::{batch, episode, fact, fresh_tenant, key, write};

async fn sorted_export(store: &dyn GraphStore, t: &Tenant) -> Subgraph {
    let mut g = store.export(t).await.expect("export");
    g.entities.sort_by(|a, b| a.key.cmp(&b.key));
    g.facts.sort_by_key(|f| f.id());
    g
}

/// A stored starting point: document "r" (two chunks) and one loose episode.
fn base() -> Vec<WriteBatch> {
    vec![
        doc_batch("r", "v1", vec![r_c1(), r_c2()]),
        batch(vec![episode(
            "p1",
            5,
            &["Old", "Ann"],
            &[("Old", "likes", "Ann")],
        )]),
    ]
}

fn r_c1() -> mnemo_core::EpisodeWrite {
    episode("r.c1", 10, &["Ann", "Ben"], &[("Ann", "knows", "Ben")])
}

fn r_c2() -> mnemo_core::EpisodeWrite {
    episode("r.c2", 20, &["Ben", "Cat"], &[("Ben", "knows", "Cat")])
}

/// A group whose later batches depend on the earlier ones: an entity created and mentioned again,
/// a new document replaced inside the group, a stored document replaced and then restored (its
/// first chunk removed and written again), entities and facts orphaned and stated again.
fn group() -> Vec<WriteBatch> {
    let mut g2 = episode("g2", 40, &["Xeno", "Ann"], &[("Xeno", "knows", "Ann")]);
    g2.entities[0] = EntityInput {
        aliases: vec!["X.".into()],
        ..EntityInput::named("Xeno", EntityType::Person).expect("name")
    };
    let mut r_c4 = episode("r.c4", 60, &["Cat", "Eve"], &[]);
    r_c4.entities[0] = EntityInput {
        aliases: vec!["Catherine".into()],
        ..EntityInput::named("Cat", EntityType::Person).expect("name")
    };
    r_c4.facts.push(fact("Cat", "works with", "Eve", 0.9));
    vec![
        batch(vec![episode(
            "g1",
            30,
            &["Xeno", "Ann"],
            &[("Xeno", "knows", "Ann")],
        )]),
        batch(vec![g2]),
        doc_batch(
            "n",
            "v1",
            vec![
                episode("n.c1", 50, &["Nia", "Xeno"], &[("Nia", "helps", "Xeno")]),
                episode("n.c2", 51, &["Nia", "Oz"], &[("Nia", "knows", "Oz")]),
            ],
        ),
        doc_batch(
            "n",
            "v2",
            vec![
                episode("n.c1", 50, &["Nia", "Xeno"], &[("Nia", "helps", "Xeno")]),
                episode("n.c3", 52, &["Oz", "Pam"], &[("Oz", "knows", "Pam")]),
            ],
        ),
        doc_batch(
            "r",
            "v2",
            vec![episode(
                "r.c3",
                55,
                &["Ben", "Dan"],
                &[("Ben", "helps", "Dan")],
            )],
        ),
        doc_batch("r", "v3", vec![r_c1(), r_c4]),
        batch(vec![
            episode("g1", 30, &["Xeno", "Ann"], &[("Xeno", "knows", "Ann")]),
            episode("g3", 70, &["Dan", "Ann"], &[("Dan", "knows", "Ann")]),
        ]),
    ]
}

/// A group ends exactly where writing its batches one by one ends, with the same reports.
pub async fn write_many_equals_sequential(store: &dyn GraphStore) {
    let (one, many) = (fresh_tenant("wm-seq-one"), fresh_tenant("wm-seq-many"));
    for t in [&one, &many] {
        for b in base() {
            write(store, t, &b).await;
        }
    }
    let batches = group();
    let mut expected: Vec<WriteReport> = Vec::new();
    for b in &batches {
        expected.push(write(store, &one, b).await);
    }
    let got = store
        .write_many(&many, &batches)
        .await
        .expect("write_many rejected valid batches");
    assert_eq!(got.len(), batches.len(), "one report per batch");
    for (i, (g, e)) in got.iter().zip(&expected).enumerate() {
        assert_eq!(g, e, "report of batch {i} differs from a single write");
    }
    // The group is not trivial: the expected reports show the replacements happened.
    assert_eq!(
        expected[3].episodes_replaced, 1,
        "n.c2 replaced in the group"
    );
    assert_eq!(expected[4].episodes_replaced, 2, "r.c1 and r.c2 replaced");
    assert_eq!(
        (expected[5].episodes_replaced, expected[5].episodes_written),
        (1, 2),
        "r.c3 replaced, r.c1 written again"
    );
    assert_eq!(expected[6].entities_created, 1, "Dan created again by g3");

    assert_eq!(
        store.stats(&many).await.expect("stats"),
        store.stats(&one).await.expect("stats"),
        "stats differ"
    );
    assert_eq!(
        sorted_export(store, &many).await,
        sorted_export(store, &one).await,
        "graphs differ"
    );
    let ids: Vec<String> = [
        "r.c1", "r.c2", "r.c3", "r.c4", "p1", "g1", "g2", "g3", "n.c1", "n.c2", "n.c3",
    ]
    .map(String::from)
    .to_vec();
    let (a, b) = (
        store.get_episodes(&one, &ids).await.expect("episodes"),
        store.get_episodes(&many, &ids).await.expect("episodes"),
    );
    assert_eq!(b, a, "stored episodes differ");
    let kept: Vec<&str> = b.iter().map(|e| e.id.as_str()).collect();
    for gone in ["r.c2", "r.c3", "n.c2"] {
        assert!(!kept.contains(&gone), "{gone} must be replaced: {kept:?}");
    }
    for d in ["r", "n"] {
        let (x, y) = (
            store.get_document(&one, d).await.expect("document"),
            store.get_document(&many, d).await.expect("document"),
        );
        assert_eq!(y, x, "document {d} differs");
    }
    let n = store
        .get_document(&many, "n")
        .await
        .expect("doc")
        .expect("n");
    assert_eq!(
        n.content_hash, "hash-v2",
        "the group's last version of n wins"
    );
    let cat = store.get_entities(&many, &[key("Cat")]).await.expect("get");
    assert_eq!(
        cat.first().map(|c| c.entity_type),
        Some(EntityType::Person),
        "Cat was orphaned and created again from its new mention"
    );
}

/// Writing the same group again writes nothing and changes nothing.
pub async fn write_many_rerun_writes_nothing(store: &dyn GraphStore) {
    let t = fresh_tenant("wm-rerun");
    let batches: Vec<WriteBatch> = (0..6)
        .map(|i| {
            doc_batch(
                &format!("doc{i}"),
                "v1",
                vec![
                    episode(
                        &format!("doc{i}.c1"),
                        i,
                        &["Hub", &format!("Leaf {i}")],
                        &[("Hub", "knows", &format!("Leaf {i}"))],
                    ),
                    episode(&format!("doc{i}.c2"), i + 1, &["Hub", "Shared"], &[]),
                ],
            )
        })
        .collect();
    let first = store.write_many(&t, &batches).await.expect("write_many");
    let written: u64 = first.iter().map(|r| r.episodes_written).sum();
    assert_eq!(written, 12, "{first:?}");
    assert_eq!(
        first.iter().map(|r| r.entities_created).sum::<u64>(),
        8,
        "Hub and Shared once, six leaves: {first:?}"
    );
    let stats = store.stats(&t).await.expect("stats");
    let export = sorted_export(store, &t).await;
    let again = store.write_many(&t, &batches).await.expect("write_many");
    for r in &again {
        assert_eq!(
            *r,
            WriteReport {
                episodes_skipped: 2,
                ..WriteReport::default()
            },
            "a re-run must skip everything"
        );
    }
    assert_eq!(store.stats(&t).await.expect("stats"), stats);
    assert_eq!(sorted_export(store, &t).await, export);
    let hub = store.get_entities(&t, &[key("Hub")]).await.expect("get");
    assert_eq!(hub[0].mentions, 12, "Hub counted once per episode");
    assert!(
        store
            .write_many(&t, &[])
            .await
            .expect("empty call")
            .is_empty(),
        "no batches, no reports"
    );
}

/// One invalid batch anywhere in the group fails the call with InvalidInput; nothing is written.
pub async fn write_many_invalid_rejects_all(store: &dyn GraphStore) {
    let t = fresh_tenant("wm-invalid");
    write(store, &t, &batch(vec![episode("base", 1, &["Base"], &[])])).await;
    let before = store.stats(&t).await.expect("stats");
    let mut bad = episode("bad", 3, &["Gamma"], &[]);
    bad.facts.push(fact("Gamma", "knows", "Nobody", 0.5));
    let batches = vec![
        batch(vec![episode(
            "ok1",
            2,
            &["Alpha", "Base"],
            &[("Alpha", "knows", "Base")],
        )]),
        doc_batch("d", "v1", vec![episode("d.c1", 2, &["Beta"], &[])]),
        batch(vec![bad]),
        batch(vec![episode("ok2", 4, &["Delta"], &[])]),
    ];
    match store.write_many(&t, &batches).await {
        Err(Error::InvalidInput(_)) => {}
        other => panic!("a group with an invalid batch must fail with InvalidInput, got {other:?}"),
    }
    assert_eq!(
        store.stats(&t).await.expect("stats"),
        before,
        "an invalid group wrote something"
    );
    let keys = ["Alpha", "Beta", "Gamma", "Delta"].map(key).to_vec();
    assert!(
        store.get_entities(&t, &keys).await.expect("get").is_empty(),
        "entities of the group were written"
    );
    assert!(
        store.get_document(&t, "d").await.expect("get").is_none(),
        "the group's document was written"
    );
    let base = store.get_entities(&t, &[key("Base")]).await.expect("get");
    assert_eq!(base[0].mentions, 1, "Base gained a mention");
}
