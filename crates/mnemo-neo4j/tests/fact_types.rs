//! Facts of many relationship types written by the one fact statement (the type is a row's value,
//! `$(row.rel)`): each fact is found again by its own type only, so two types between the same
//! entities stay two facts, a fact stated again gains provenance instead of a duplicate, and the
//! graph is the one the embedded store (the reference) holds.

mod common;

use mnemo_core::{EpisodeWrite, GraphStore, Tenant, WriteBatch};
use mnemo_store::EmbeddedStore;

/// Episode `id` stating `facts` (subject, predicate, object) between the people they name.
fn episode(id: &str, secs: i64, facts: &[(String, String, String)]) -> EpisodeWrite {
    let facts: Vec<(&str, &str, &str)> = facts
        .iter()
        .map(|(s, p, o)| (s.as_str(), p.as_str(), o.as_str()))
        .collect();
    common::stating(common::note(id, secs, "fact-types-test"), &facts)
}

/// Forty predicates over ten pairs of people, every pair with four (so several types join the
/// same two entities), in one batch.
fn first_batch() -> WriteBatch {
    let episodes = (0..10)
        .map(|pair| {
            let facts: Vec<(String, String, String)> = (0..4)
                .map(|k| {
                    (
                        format!("Person {pair}"),
                        format!("relation {} of", pair * 4 + k),
                        format!("Friend {pair}"),
                    )
                })
                .collect();
            episode(&format!("a{pair}"), pair, &facts)
        })
        .collect();
    WriteBatch {
        document: None,
        episodes,
    }
}

/// Half of the first batch's facts stated again by new episodes, and a new type on every pair.
fn second_batch() -> WriteBatch {
    let episodes = (0..10)
        .map(|pair| {
            let facts = vec![
                (
                    format!("Person {pair}"),
                    format!("relation {} of", pair * 4 + pair % 4),
                    format!("Friend {pair}"),
                ),
                (
                    format!("Person {pair}"),
                    format!("new relation {pair} of"),
                    format!("Friend {pair}"),
                ),
            ];
            episode(&format!("b{pair}"), 100 + pair, &facts)
        })
        .collect();
    WriteBatch {
        document: None,
        episodes,
    }
}

/// The facts of a tenant as (subject, type, object, mentions, episodes), sorted.
async fn facts_of(
    store: &dyn GraphStore,
    t: &Tenant,
) -> Vec<(String, String, String, u64, Vec<String>)> {
    let mut out: Vec<_> = store
        .export(t)
        .await
        .expect("export")
        .facts
        .into_iter()
        .map(|f| {
            (
                f.subject.to_string(),
                f.rel_type.to_string(),
                f.object.to_string(),
                f.mentions,
                f.episodes,
            )
        })
        .collect();
    out.sort();
    out
}

/// The Neo4j test store and an embedded one (the reference), each with a tenant for `check`;
/// None when no Neo4j server is configured outside CI.
async fn both(check: &str) -> Option<(mnemo_neo4j::Neo4jStore, EmbeddedStore, Tenant, Tenant)> {
    let neo = common::store().await?;
    Some((
        neo,
        EmbeddedStore::in_memory(),
        common::unique_tenant("facttypes", check),
        Tenant::new("embedded").expect("tenant"),
    ))
}

#[tokio::test]
async fn facts_of_many_types_are_found_again_by_their_own_type() {
    let Some((neo, emb, t, e)) = both("many").await else {
        return;
    };
    for b in [first_batch(), second_batch()] {
        let wrote = neo.write(&t, &b).await.expect("neo4j write");
        let want = emb.write(&e, &b).await.expect("embedded write");
        assert_eq!(wrote.facts_created, want.facts_created);
    }
    let facts = facts_of(&neo, &t).await;
    assert_eq!(facts.len(), 50, "40 + 10 new types, none merged: {facts:?}");
    let types: std::collections::HashSet<&str> = facts.iter().map(|f| f.1.as_str()).collect();
    assert_eq!(types.len(), 50, "one fact per type");
    let restated: Vec<_> = facts.iter().filter(|f| f.3 == 2).collect();
    assert_eq!(
        restated.len(),
        10,
        "each restated fact gained an episode: {facts:?}"
    );
    assert!(restated
        .iter()
        .all(|f| f.4.len() == 2 && f.4[0].starts_with('a') && f.4[1].starts_with('b')));
    assert_eq!(facts, facts_of(&emb, &e).await);
    // Written again, nothing changes.
    neo.write(&t, &second_batch()).await.expect("rewrite");
    assert_eq!(facts, facts_of(&neo, &t).await);
}

/// One episode per fact: a hub that knows twelve people, and twelve people who know another hub.
fn hub_batch(prefix: &str, secs: i64) -> WriteBatch {
    let episodes = (0..12)
        .flat_map(|i| {
            [
                episode(
                    &format!("{prefix}out{i}"),
                    secs + i,
                    &[("Hub Source".into(), "knows".into(), format!("Member {i}"))],
                ),
                episode(
                    &format!("{prefix}in{i}"),
                    secs + i,
                    &[(format!("Member {i}"), "admires".into(), "Hub Target".into())],
                ),
            ]
        })
        .collect();
    WriteBatch {
        document: None,
        episodes,
    }
}

/// The lookup starts from whichever end has fewer relationships (the subject's outgoing or the
/// object's incoming): a fact restated from a hub's side and one restated into a hub are each found
/// again, from the small end, and gain provenance instead of a duplicate.
#[tokio::test]
async fn a_fact_of_a_hub_is_found_again_from_either_end() {
    let Some((neo, emb, t, e)) = both("hub").await else {
        return;
    };
    for b in [hub_batch("a", 0), hub_batch("b", 100)] {
        neo.write(&t, &b).await.expect("neo4j write");
        emb.write(&e, &b).await.expect("embedded write");
    }
    let facts = facts_of(&neo, &t).await;
    assert_eq!(facts.len(), 24, "no duplicates: {facts:?}");
    assert!(
        facts.iter().all(|f| f.3 == 2 && f.4.len() == 2),
        "every fact restated once: {facts:?}"
    );
    assert_eq!(facts, facts_of(&emb, &e).await);
}
