//! Conformance checks of event times (`FactInput::occurred`): kept per supporting episode, a fact
//! shows the oldest support's, and they go with their episodes.

use mnemo_core::{Error, Fact, GraphStore, NeighbourhoodQuery, Tenant};

use super::{batch, episode, fact, fresh_tenant, key, write};

/// An episode stating `Ann visited Museum` with event time `occurred`.
fn visit(id: &str, secs: i64, occurred: Option<&str>) -> mnemo_core::EpisodeWrite {
    let mut ew = episode(id, secs, &["Ann", "Museum"], &[]);
    ew.facts
        .push(fact("Ann", "visited", "Museum", 0.5).with_occurred(occurred.map(str::to_string)));
    ew
}

/// The `Ann visited Museum` fact as export and a neighbourhood read return it.
async fn visited(store: &dyn GraphStore, t: &Tenant) -> Option<Fact> {
    let exported = store.export(t).await.expect("export");
    let from_export = exported
        .facts
        .iter()
        .find(|f| f.rel_type.as_str() == "VISITED")
        .cloned();
    let hood = store
        .neighbourhood(t, &NeighbourhoodQuery::new(vec![key("Ann")]))
        .await
        .expect("neighbourhood");
    let from_hood = hood
        .facts
        .iter()
        .find(|f| f.rel_type.as_str() == "VISITED")
        .cloned();
    assert_eq!(
        from_export.as_ref().map(|f| &f.occurred),
        from_hood.as_ref().map(|f| &f.occurred),
        "export and neighbourhood disagree on the event time"
    );
    from_export
}

async fn occurred(store: &dyn GraphStore, t: &Tenant) -> Option<String> {
    visited(store, t).await.expect("fact is stored").occurred
}

/// A fact carries the event time of its oldest supporting episode that gives one, whatever order
/// the episodes were written in; deleting that episode falls back to the next one's, then to none.
pub async fn event_times_per_support(store: &dyn GraphStore) {
    let t = fresh_tenant("eventtimes");
    // A fact without an event time has none, and a support without one gives none.
    write(store, &t, &batch(vec![visit("e3", 30, None)])).await;
    assert_eq!(
        occurred(store, &t).await,
        None,
        "an event time from nowhere"
    );
    // A newer support's time counts while no older one gives one.
    write(store, &t, &batch(vec![visit("e5", 50, Some("2024"))])).await;
    assert_eq!(occurred(store, &t).await.as_deref(), Some("2024"));
    // Older supports, written later (inserted before the stored ones): the oldest one's time wins.
    write(
        store,
        &t,
        &batch(vec![
            visit("e2", 20, Some("2023-W18")),
            visit("e1", 10, Some("2023-05-07")),
        ]),
    )
    .await;
    let f = visited(store, &t).await.expect("fact");
    assert_eq!(f.episodes, vec!["e1", "e2", "e3", "e5"]);
    assert_eq!(f.occurred.as_deref(), Some("2023-05-07"), "{f:?}");
    // Rewriting a stored episode with another time changes nothing (the episode is stored).
    write(store, &t, &batch(vec![visit("e1", 10, Some("2020"))])).await;
    assert_eq!(occurred(store, &t).await.as_deref(), Some("2023-05-07"));

    // Deletes take a support's time with it.
    for (gone, left) in [("e1", Some("2023-W18")), ("e2", Some("2024")), ("e5", None)] {
        store
            .delete_episodes(&t, &[gone.to_string()])
            .await
            .expect("delete");
        assert_eq!(
            occurred(store, &t).await.as_deref(),
            left,
            "after deleting {gone}"
        );
    }
    // A support given back its time after all others went: a fresh episode id.
    write(
        store,
        &t,
        &batch(vec![visit("e6", 60, Some("2023-05-06/2023-05-07"))]),
    )
    .await;
    assert_eq!(
        occurred(store, &t).await.as_deref(),
        Some("2023-05-06/2023-05-07")
    );
    store
        .delete_episodes(&t, &["e3".to_string(), "e6".to_string()])
        .await
        .expect("delete");
    assert!(
        visited(store, &t).await.is_none(),
        "fact outlived its supports"
    );
    // Written again after the fact was gone: a new fact, no leftover time from the old one.
    write(store, &t, &batch(vec![visit("e7", 70, None)])).await;
    assert_eq!(
        occurred(store, &t).await,
        None,
        "a deleted support's time came back"
    );
}

/// An episode stating a fact twice keeps the first event time it gives; an event time that is not
/// ISO 8601 (a date, week, month, year or interval of those) rejects the whole batch.
pub async fn event_times_validated(store: &dyn GraphStore) {
    let t = fresh_tenant("eventtimesbad");
    let mut twice = episode("d1", 10, &["Ann", "Museum"], &[]);
    for occ in [None, Some("2022-06"), Some("2021")] {
        twice
            .facts
            .push(fact("Ann", "visited", "Museum", 0.5).with_occurred(occ.map(str::to_string)));
    }
    write(store, &t, &batch(vec![twice])).await;
    assert_eq!(occurred(store, &t).await.as_deref(), Some("2022-06"));

    let before = store.stats(&t).await.expect("stats");
    for bad in [
        "yesterday",
        "2023-02-30",
        "2023-5-7",
        "2023-05-08/2023-05-07",
        "",
    ] {
        let b = batch(vec![
            episode("ok", 20, &["Ben", "Cat"], &[("Ben", "knows", "Cat")]),
            visit("bad", 30, Some(bad)),
        ]);
        match store.write(&t, &b).await {
            Err(Error::InvalidInput(m)) => assert!(m.contains("event time"), "{bad:?}: {m}"),
            other => panic!("event time {bad:?} accepted: {other:?}"),
        }
    }
    assert_eq!(
        store.stats(&t).await.expect("stats"),
        before,
        "a batch with a bad event time wrote something"
    );
}
