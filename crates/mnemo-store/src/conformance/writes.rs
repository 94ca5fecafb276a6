//! Conformance checks of writes: idempotency, atomicity, document replacement and aggregate
//! merging.

use mnemo_core::{Document, EntityInput, EntityType, Error, GraphStore, WriteBatch, MAX_ALIASES};

use super::{at, batch, episode, fact, fact_ids, fresh_tenant, key, mentions, write};

/// Writing the same batch twice changes nothing the second time.
pub async fn idempotent_rewrite(store: &dyn GraphStore) {
    let t = fresh_tenant("idempotent");
    let b = batch(vec![
        episode("e1", 10, &["Ada", "Bob"], &[("Ada", "knows", "Bob")]),
        episode("e2", 20, &["Ada", "Cy"], &[("Ada", "likes", "Cy")]),
    ]);
    let first = write(store, &t, &b).await;
    assert_eq!(first.episodes_written, 2, "first write: {first:?}");
    assert_eq!(first.entities_created, 3, "first write: {first:?}");
    assert_eq!(first.facts_created, 2, "first write: {first:?}");
    assert_eq!(first.mentions_created, 4, "first write: {first:?}");
    let stats = store.stats(&t).await.expect("stats");
    let export = store.export(&t).await.expect("export");

    let second = write(store, &t, &b).await;
    assert_eq!(second.episodes_written, 0, "re-write: {second:?}");
    assert_eq!(second.episodes_skipped, 2, "re-write: {second:?}");
    assert_eq!(
        (
            second.entities_created,
            second.facts_created,
            second.mentions_created
        ),
        (0, 0, 0),
        "re-write created something: {second:?}"
    );
    assert_eq!(
        store.stats(&t).await.expect("stats"),
        stats,
        "stats changed on re-write"
    );
    assert_eq!(
        mentions(store, &t, "Ada").await,
        Some(2),
        "mentions doubled"
    );

    // Same id, other content: still the stored episode, nothing counted twice.
    let mut changed = b.clone();
    changed.episodes[0].episode.content = "different".into();
    changed.episodes[0]
        .facts
        .push(fact("Ada", "hates", "Bob", 0.9));
    let third = write(store, &t, &changed).await;
    assert_eq!(
        third.episodes_skipped, 2,
        "same ids must be skipped: {third:?}"
    );
    let mut after = store.export(&t).await.expect("export");
    let mut before = export;
    for g in [&mut after, &mut before] {
        g.entities.sort_by(|a, b| a.key.cmp(&b.key));
        g.facts.sort_by_key(|f| f.id());
    }
    assert_eq!(after, before, "graph changed on idempotent re-write");
}

/// An invalid batch writes nothing at all, even its valid episodes.
pub async fn atomic_batch(store: &dyn GraphStore) {
    let t = fresh_tenant("atomic");
    write(store, &t, &batch(vec![episode("base", 1, &["Base"], &[])])).await;
    let before = store.stats(&t).await.expect("stats");

    let mut bad_third = episode("b3", 4, &["Gamma"], &[]);
    bad_third.facts.push(fact("Gamma", "knows", "Delta", 0.5));
    let mut bad_conf = episode("c2", 6, &["Eps", "Zeta"], &[]);
    bad_conf.facts.push(fact("Eps", "knows", "Zeta", 1.5));
    let invalid = [
        batch(vec![
            episode("b1", 2, &["Alpha", "Base"], &[("Alpha", "knows", "Base")]),
            episode("b2", 3, &["Beta"], &[]),
            bad_third,
        ]),
        batch(vec![episode("c1", 5, &["Eps"], &[]), bad_conf]),
        batch(vec![
            episode("d1", 7, &["Eta"], &[]),
            episode("d1", 8, &["Theta"], &[]),
        ]),
    ];
    for b in &invalid {
        match store.write(&t, b).await {
            Err(Error::InvalidInput(_)) => {}
            other => panic!("invalid batch must fail with InvalidInput, got {other:?}"),
        }
    }
    assert_eq!(
        store.stats(&t).await.expect("stats"),
        before,
        "invalid batch wrote something"
    );
    let names = ["Alpha", "Beta", "Gamma", "Eps", "Eta", "Theta"];
    let keys: Vec<_> = names.iter().map(|n| key(n)).collect();
    assert!(
        store.get_entities(&t, &keys).await.expect("get").is_empty(),
        "partial entities"
    );
    let ids: Vec<String> = ["b1", "b2", "b3", "c1", "d1"].map(String::from).to_vec();
    assert!(
        store.get_episodes(&t, &ids).await.expect("get").is_empty(),
        "partial episodes"
    );
    assert_eq!(
        mentions(store, &t, "Base").await,
        Some(1),
        "partial mention of Base"
    );
}

pub(crate) fn doc_batch(
    doc: &str,
    version: &str,
    chunks: Vec<mnemo_core::EpisodeWrite>,
) -> WriteBatch {
    let episodes = chunks
        .into_iter()
        .map(|mut ew| {
            ew.episode.document_id = Some(doc.to_string());
            ew.episode.kind = mnemo_core::EpisodeKind::DocumentChunk;
            ew
        })
        .collect();
    WriteBatch {
        document: Some(Document {
            id: doc.to_string(),
            source: format!("{doc}.txt"),
            content_hash: format!("hash-{version}"),
            created_at: at(100),
        }),
        episodes,
    }
}

/// A changed document replaces its old episodes exactly; counts are not doubled.
pub async fn document_replacement(store: &dyn GraphStore) {
    let t = fresh_tenant("docreplace");
    let c1 = || episode("d.c1", 10, &["Ann", "Ben"], &[("Ann", "knows", "Ben")]);
    let v1 = doc_batch(
        "d",
        "v1",
        vec![
            c1(),
            episode("d.c2", 20, &["Ben", "Cat"], &[("Ben", "knows", "Cat")]),
        ],
    );
    write(store, &t, &v1).await;
    let v2 = doc_batch(
        "d",
        "v2",
        vec![
            c1(),
            episode("d.c3", 30, &["Ben", "Dan"], &[("Ben", "helps", "Dan")]),
        ],
    );
    let r = write(store, &t, &v2).await;
    assert_eq!(
        (r.episodes_written, r.episodes_skipped, r.episodes_replaced),
        (1, 1, 1),
        "v2 report: {r:?}"
    );
    for _ in 0..2 {
        let s = store.stats(&t).await.expect("stats");
        assert_eq!(
            (s.episodes, s.documents, s.entities, s.facts),
            (2, 1, 3, 2),
            "stats {s:?}"
        );
        assert_eq!(mentions(store, &t, "Ben").await, Some(2), "Ben: c1 and c3");
        assert_eq!(
            mentions(store, &t, "Cat").await,
            None,
            "Cat only in the replaced chunk"
        );
        let g = store.export(&t).await.expect("export");
        let want = vec![
            ("ann".into(), "KNOWS".into(), "ben".into()),
            ("ben".into(), "HELPS".into(), "dan".into()),
        ];
        assert_eq!(fact_ids(&g.facts), want);
        let gone = store
            .get_episodes(&t, &["d.c2".to_string()])
            .await
            .expect("get");
        assert!(gone.is_empty(), "replaced chunk still stored");
        let again = write(store, &t, &v2).await;
        assert_eq!(
            (again.episodes_written, again.episodes_replaced),
            (0, 0),
            "{again:?}"
        );
    }
    let doc = store
        .get_document(&t, "d")
        .await
        .expect("get")
        .expect("document stored");
    assert_eq!(doc.content_hash, "hash-v2", "document record not updated");
}

/// Type upgrades, alias union and cap, max confidence, provenance order and seen times.
pub async fn aggregates_merge(store: &dyn GraphStore) {
    let t = fresh_tenant("aggregates");
    let typed = |name: &str, ty: EntityType, aliases: &[&str]| EntityInput {
        aliases: aliases.iter().map(|a| a.to_string()).collect(),
        ..EntityInput::named(name, ty).expect("name")
    };
    let mut late = episode("late", 50, &[], &[]);
    late.entities = vec![
        typed("Kim", EntityType::Other, &["K."]),
        typed("Lab", EntityType::Concept, &[]),
    ];
    late.facts = vec![fact("Kim", "works at", "Lab", 0.3)];
    let mut early = episode("early", 10, &[], &[]);
    early.entities = vec![
        typed("Kim", EntityType::Person, &["Kimberly"]),
        typed("Lab", EntityType::Organization, &[]),
    ];
    early.facts = vec![fact("Kim", "works at", "Lab", 0.8)];
    let mut mid = episode("mid", 30, &[], &[]);
    mid.entities = vec![
        typed("Kim", EntityType::Concept, &[]),
        typed("Lab", EntityType::Other, &[]),
    ];
    mid.facts = vec![fact("Kim", "works at", "Lab", 0.5)];
    for ew in [late, early, mid] {
        write(store, &t, &batch(vec![ew])).await;
    }
    let got = store
        .get_entities(&t, &[key("Kim"), key("Lab")])
        .await
        .expect("get");
    assert_eq!(got.len(), 2);
    let kim = &got[0];
    assert_eq!(kim.name, "Kim");
    assert_eq!(
        kim.entity_type,
        EntityType::Person,
        "type must upgrade to the more specific"
    );
    assert_eq!(
        got[1].entity_type,
        EntityType::Organization,
        "type must never downgrade"
    );
    for a in ["K.", "Kimberly"] {
        assert!(
            kim.aliases.iter().any(|x| x == a),
            "alias {a} missing: {:?}",
            kim.aliases
        );
    }
    assert_eq!(
        (kim.mentions, kim.first_seen, kim.last_seen),
        (3, at(10), at(50))
    );
    let g = store.export(&t).await.expect("export");
    assert_eq!(g.facts.len(), 1);
    let f = &g.facts[0];
    assert_eq!((f.mentions, f.first_seen, f.last_seen), (3, at(10), at(50)));
    assert!(
        (f.confidence - 0.8).abs() < 1e-6,
        "confidence must be the max: {}",
        f.confidence
    );
    assert_eq!(
        f.episodes,
        vec!["early", "mid", "late"],
        "provenance oldest first"
    );
    assert_eq!(f.predicate, "works at");

    let many: Vec<_> = (0..MAX_ALIASES + 8)
        .map(|i| {
            let mut ew = episode(&format!("al{i}"), 100 + i as i64, &[], &[]);
            ew.entities = vec![typed("Kim", EntityType::Person, &[&format!("alias {i}")])];
            ew
        })
        .collect();
    write(store, &t, &batch(many)).await;
    let kim = &store.get_entities(&t, &[key("Kim")]).await.expect("get")[0];
    assert_eq!(
        kim.aliases.len(),
        MAX_ALIASES,
        "aliases must be capped: {:?}",
        kim.aliases
    );
    assert!(
        kim.aliases.iter().any(|a| a == "Kimberly"),
        "early aliases must be kept"
    );
}
