//! Conformance checks of `neighbourhood`: depth, fan-out caps and rank order, both edge directions,
//! and the total fact cap.

use mnemo_core::{EpisodeWrite, GraphStore, NeighbourhoodQuery, Tenant};

use super::{batch, entity_keys, episode, fact, fact_ids, fresh_tenant, key, write};

fn query(seeds: &[&str], depth: u8, fanout: Vec<usize>, max_facts: usize) -> NeighbourhoodQuery {
    NeighbourhoodQuery {
        seeds: seeds.iter().map(|s| key(s)).collect(),
        depth,
        fanout,
        max_facts,
    }
}

fn owned(ids: &[(&str, &str, &str)]) -> Vec<(String, String, String)> {
    let mut v: Vec<_> = ids
        .iter()
        .map(|(s, r, o)| (s.to_string(), r.to_string(), o.to_string()))
        .collect();
    v.sort();
    v
}

/// Depth 1 returns the seed's own facts; depth 2 adds the facts of its neighbours, no further.
pub async fn neighbourhood_depth(store: &dyn GraphStore) {
    let t = fresh_tenant("nbdepth");
    write(
        store,
        &t,
        &batch(vec![
            episode("e1", 1, &["Ann", "Ben"], &[("Ann", "knows", "Ben")]),
            episode("e2", 2, &["Ben", "Cat"], &[("Ben", "knows", "Cat")]),
            episode("e3", 3, &["Cat", "Dan"], &[("Cat", "knows", "Dan")]),
        ]),
    )
    .await;
    let d1 = store
        .neighbourhood(&t, &query(&["Ann"], 1, vec![10], 100))
        .await
        .expect("d1");
    assert_eq!(fact_ids(&d1.facts), owned(&[("ann", "KNOWS", "ben")]));
    assert_eq!(entity_keys(&d1.entities), vec!["ann", "ben"]);
    let d2 = store
        .neighbourhood(&t, &query(&["Ann"], 2, vec![10], 100))
        .await
        .expect("d2");
    assert_eq!(
        fact_ids(&d2.facts),
        owned(&[("ann", "KNOWS", "ben"), ("ben", "KNOWS", "cat")])
    );
    assert_eq!(entity_keys(&d2.entities), vec!["ann", "ben", "cat"]);
    let lonely = store
        .neighbourhood(&t, &query(&["Ann", "Nobody"], 1, vec![10], 100))
        .await
        .expect("missing seed");
    assert_eq!(
        entity_keys(&lonely.entities),
        vec!["ann", "ben"],
        "missing seeds are ignored"
    );
}

fn spoke(id: &str, secs: i64, hub: &str, other: &str, confidence: f32) -> EpisodeWrite {
    let mut ew = episode(id, secs, &[hub, other], &[]);
    ew.facts.push(fact(hub, "links", other, confidence));
    ew
}

async fn top_objects(store: &dyn GraphStore, t: &Tenant, hub: &str, fanout: usize) -> Vec<String> {
    let q = query(&[hub], 1, vec![fanout], 1000);
    let sub = store.neighbourhood(t, &q).await.expect("neighbourhood");
    assert_eq!(sub.facts.len(), fanout, "fan-out cap not applied to {hub}");
    assert_eq!(
        sub.entities.len(),
        fanout + 1,
        "entities must be the seed and the facts' ends"
    );
    let mut objects: Vec<String> = sub.facts.iter().map(|f| f.object.to_string()).collect();
    objects.sort();
    objects
}

/// A hub's expansion keeps only the highest-ranked edges: mentions, confidence, last_seen, ids.
pub async fn neighbourhood_fanout_caps(store: &dyn GraphStore) {
    let t = fresh_tenant("nbcaps");
    // 100 spokes with rising confidence; s00 is stated three times so mentions beat confidence.
    let mut eps: Vec<EpisodeWrite> = (0..100)
        .map(|i| {
            spoke(
                &format!("h{i}"),
                1,
                "Hub",
                &format!("s{i:02}"),
                i as f32 / 100.0,
            )
        })
        .collect();
    eps.push(spoke("h-extra1", 2, "Hub", "s00", 0.0));
    eps.push(spoke("h-extra2", 3, "Hub", "s00", 0.0));
    // Equal mentions and confidence: the most recent edges win.
    eps.extend((0..10).map(|i| spoke(&format!("g{i}"), 10 + i, "Gate", &format!("t{i}"), 0.5)));
    // Complete ties: (subject, rel_type, object) ascending.
    eps.extend((0..10).map(|i| spoke(&format!("k{i}"), 5, "Knot", &format!("u{}", 9 - i), 0.5)));
    write(store, &t, &batch(eps)).await;

    assert_eq!(
        top_objects(store, &t, "Hub", 5).await,
        vec!["s00", "s96", "s97", "s98", "s99"]
    );
    assert_eq!(
        top_objects(store, &t, "Gate", 3).await,
        vec!["t7", "t8", "t9"]
    );
    assert_eq!(
        top_objects(store, &t, "Knot", 3).await,
        vec!["u0", "u1", "u2"]
    );

    // The hop-2 cap applies to each hop-1 entity. Gate's best edge leads to t9, whose own best
    // edges are these newer, more confident ones.
    let eps = (0..20)
        .map(|i| {
            spoke(
                &format!("m{i}"),
                20,
                "t9",
                &format!("w{i:02}"),
                i as f32 / 20.0,
            )
        })
        .collect();
    write(store, &t, &batch(eps)).await;
    let q = query(&["Gate"], 2, vec![1, 3], 1000);
    let sub = store.neighbourhood(&t, &q).await.expect("depth 2");
    assert_eq!(
        fact_ids(&sub.facts),
        owned(&[
            ("gate", "LINKS", "t9"),
            ("t9", "LINKS", "w17"),
            ("t9", "LINKS", "w18"),
            ("t9", "LINKS", "w19"),
        ]),
        "hop-2 cap"
    );
}

/// Edges are followed whichever way they point.
pub async fn neighbourhood_both_directions(store: &dyn GraphStore) {
    let t = fresh_tenant("nbdirections");
    write(
        store,
        &t,
        &batch(vec![
            episode("e1", 1, &["Ann", "Ben"], &[("Ann", "knows", "Ben")]),
            episode("e2", 2, &["Cat", "Ann"], &[("Cat", "knows", "Ann")]),
        ]),
    )
    .await;
    let out = store
        .neighbourhood(&t, &query(&["Ann"], 1, vec![10], 100))
        .await
        .expect("nb");
    assert_eq!(
        fact_ids(&out.facts),
        owned(&[("ann", "KNOWS", "ben"), ("cat", "KNOWS", "ann")])
    );
    let inc = store
        .neighbourhood(&t, &query(&["Ben"], 2, vec![10], 100))
        .await
        .expect("nb");
    assert_eq!(
        entity_keys(&inc.entities),
        vec!["ann", "ben", "cat"],
        "incoming edge not followed"
    );
}

/// `max_facts` caps the total over all seeds and hops.
pub async fn neighbourhood_max_facts(store: &dyn GraphStore) {
    let t = fresh_tenant("nbmax");
    let mut eps: Vec<EpisodeWrite> = (0..20)
        .map(|i| spoke(&format!("a{i}"), 1, "Star", &format!("p{i:02}"), 0.5))
        .collect();
    eps.extend((0..20).map(|i| spoke(&format!("b{i}"), 1, "p00", &format!("q{i:02}"), 0.5)));
    write(store, &t, &batch(eps)).await;
    for (depth, max) in [(1u8, 7usize), (2, 25), (2, 0)] {
        let sub = store
            .neighbourhood(&t, &query(&["Star"], depth, vec![50], max))
            .await
            .expect("nb");
        assert_eq!(sub.facts.len(), max, "depth {depth} max_facts {max}");
        let keys = entity_keys(&sub.entities);
        for f in &sub.facts {
            for end in [&f.subject, &f.object] {
                assert!(
                    keys.contains(&end.to_string()),
                    "fact end {end} missing from entities"
                );
            }
        }
        assert!(
            keys.contains(&"star".to_string()),
            "the seed must be returned"
        );
    }
}
