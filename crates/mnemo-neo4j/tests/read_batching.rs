//! Reads made together share statements (memory streams, neighbourhoods, name lookups) and a
//! search's repeated reads are remembered briefly (counts, episodes). Neither may change an answer:
//! concurrent calls must give exactly what the same calls give one at a time, and a change made
//! through the store must be seen by the very next read.

mod common;

use chrono::TimeZone;
use mnemo_core::{
    content_hash, EntityKey, Episode, EpisodeKind, EpisodeWrite, GraphStore, NeighbourhoodQuery,
    Tenant, WriteBatch,
};
use mnemo_neo4j::{Neo4jConfig, Neo4jStore};
use neo4rs::query;

fn key(name: &str) -> EntityKey {
    EntityKey::from_name(name).expect("name")
}

fn tenant(tag: &str) -> Tenant {
    common::unique_tenant("batching", tag)
}

fn episode(id: &str, secs: i64, facts: &[(&str, &str)]) -> EpisodeWrite {
    let content = format!(
        "{id}: {}",
        facts
            .iter()
            .map(|(s, o)| format!("{s} knows {o}. "))
            .collect::<String>()
    );
    let facts: Vec<(&str, &str, &str)> = facts.iter().map(|(s, o)| (*s, "knows", *o)).collect();
    common::stating(
        Episode {
            id: id.into(),
            kind: EpisodeKind::Note,
            content_hash: content_hash(&content),
            content,
            created_at: chrono::Utc
                .timestamp_opt(1_700_000_000 + secs, 0)
                .single()
                .expect("ts"),
            source: "batching-test".into(),
            document_id: None,
            span: None,
            speaker: None,
            session: None,
        },
        &facts,
    )
}

/// A hub with 40 spokes stated by 1 to 5 episodes each (ranks differ and tie), spokes linked in
/// a ring, so neighbourhoods overlap and memory streams have different lengths.
fn graph_batch() -> WriteBatch {
    let mut eps = Vec::new();
    for i in 0..40i64 {
        let spoke = format!("Spoke {i}");
        let next = format!("Spoke {}", (i + 1) % 40);
        for j in 0..(i % 5 + 1) {
            eps.push(episode(
                &format!("e{i}.{j}"),
                i * 10 + j,
                &[("Hub", &spoke)],
            ));
        }
        eps.push(episode(&format!("r{i}"), 1_000 + i, &[(&spoke, &next)]));
    }
    WriteBatch {
        document: None,
        episodes: eps,
    }
}

async fn connect(uri: &str, read_cache_ms: u64) -> Neo4jStore {
    Neo4jStore::connect(Neo4jConfig {
        read_cache_ms,
        ..common::config(uri)
    })
    .await
    .expect("connect")
}

// One thread: the calls of a `try_join_all` are certain to be gathered into one statement.
#[tokio::test]
async fn concurrent_reads_answer_exactly_like_single_reads() {
    let Some(uri) = common::test_uri() else {
        return;
    };
    let store = connect(&uri, 1000).await;
    let t = tenant("same");
    store.write(&t, &graph_batch()).await.expect("write");

    let asks: Vec<(EntityKey, usize)> = vec![
        (key("Hub"), 4),
        (key("Spoke 3"), 2),
        (key("Nobody"), 4),
        (key("Spoke 4"), 10),
        (key("Hub"), 40),
        (key("Spoke 9"), 0),
    ];
    let mut alone = Vec::new();
    for (k, n) in &asks {
        alone.push(store.mentions_of(&t, k, *n).await.expect("alone"));
    }
    let together =
        futures::future::try_join_all(asks.iter().map(|(k, n)| store.mentions_of(&t, k, *n)))
            .await
            .expect("together");
    assert_eq!(together, alone);
    assert_eq!(alone[0].len(), 4);
    assert_eq!(
        alone[4].len(),
        40,
        "the hub has more mentions than its recent list holds"
    );
    assert!(alone[2].is_empty() && alone[5].is_empty());

    let queries: Vec<NeighbourhoodQuery> = ["Hub", "Spoke 7", "Nobody", "Spoke 20"]
        .iter()
        .enumerate()
        .map(|(i, s)| NeighbourhoodQuery {
            seeds: vec![key(s), key("Spoke 1")],
            depth: 2,
            fanout: vec![8, 4],
            max_facts: 10 + i * 7,
        })
        .collect();
    let mut alone = Vec::new();
    for q in &queries {
        alone.push(store.neighbourhood(&t, q).await.expect("alone"));
    }
    let together =
        futures::future::try_join_all(queries.iter().map(|q| store.neighbourhood(&t, q)))
            .await
            .expect("together");
    assert_eq!(together, alone);
    assert!(!alone[0].facts.is_empty());

    let lookups: Vec<Vec<String>> = vec![
        vec!["hub".into(), "spoke 2".into()],
        vec!["spoke 2".into(), "nobody".into()],
        vec!["nobody".into()],
    ];
    let mut alone = Vec::new();
    for l in &lookups {
        alone.push(store.lookup_names(&t, l).await.expect("alone"));
    }
    let together = futures::future::try_join_all(lookups.iter().map(|l| store.lookup_names(&t, l)))
        .await
        .expect("together");
    assert_eq!(together, alone);
    assert_eq!(alone[0].len(), 2);
    assert_eq!(alone[1].len(), 1);
    assert!(alone[2].is_empty());
    store.purge_tenant(&t).await.expect("purge");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn changes_through_the_store_are_seen_at_once_and_others_after_the_cache_time() {
    let Some(uri) = common::test_uri() else {
        return;
    };
    let store = connect(&uri, 60_000).await;
    let t = tenant("cache");
    store.write(&t, &graph_batch()).await.expect("write");
    let before = store.stats(&t).await.expect("stats");
    let eps = store
        .mentions_of(&t, &key("Spoke 3"), 4)
        .await
        .expect("mentions");
    let ids: Vec<String> = eps.iter().map(|m| m.episode.clone()).collect();
    assert_eq!(
        store.get_episodes(&t, &ids).await.expect("episodes").len(),
        ids.len()
    );

    // A write through the store: counts and episodes are read afresh.
    common::write(
        &store,
        &t,
        vec![episode("new", 9_000, &[("Hub", "Newcomer")])],
    )
    .await;
    let after = store.stats(&t).await.expect("stats");
    assert_eq!(
        (after.episodes, after.entities),
        (before.episodes + 1, before.entities + 1)
    );
    store.delete_episodes(&t, &ids[..1]).await.expect("delete");
    let left = store.get_episodes(&t, &ids).await.expect("episodes");
    assert_eq!(left.len(), ids.len() - 1);
    assert!(left.iter().all(|e| e.id != ids[0]));
    assert_eq!(
        store.stats(&t).await.expect("stats").episodes,
        after.episodes - 1
    );

    // A change the store cannot see (another process) is not seen while the cache holds ...
    let remembered = store.stats(&t).await.expect("stats");
    store
        .graph()
        .run(
            query("MATCH (s:TenantStats {tenant: $t}) SET s.episodes = s.episodes + 1000")
                .param("t", t.as_str()),
        )
        .await
        .expect("raw change");
    assert_eq!(store.stats(&t).await.expect("stats"), remembered);
    // ... but is by a store without the cache, and after a purge through the store.
    let uncached = connect(&uri, 0).await;
    assert_eq!(
        uncached.stats(&t).await.expect("stats").episodes,
        remembered.episodes + 1000
    );
    store.purge_tenant(&t).await.expect("purge");
    assert_eq!(store.stats(&t).await.expect("stats"), Default::default());
    assert!(store
        .get_episodes(&t, &ids)
        .await
        .expect("episodes")
        .is_empty());
}

#[tokio::test]
async fn entities_a_neighbourhood_brought_are_reused_until_the_store_changes_them() {
    let Some(uri) = common::test_uri() else {
        return;
    };
    let store = connect(&uri, 60_000).await;
    let uncached = connect(&uri, 0).await;
    let t = tenant("entities");
    store.write(&t, &graph_batch()).await.expect("write");
    let hood = store
        .neighbourhood(
            &t,
            &NeighbourhoodQuery {
                seeds: vec![key("Spoke 3")],
                depth: 1,
                fanout: vec![8],
                max_facts: 50,
            },
        )
        .await
        .expect("neighbourhood");
    let asked = [key("Spoke 4"), key("Hub"), key("Nobody"), key("Spoke 3")];
    let fresh = uncached.get_entities(&t, &asked).await.expect("uncached");
    assert_eq!(fresh.len(), 3);
    assert_eq!(store.get_entities(&t, &asked).await.expect("cached"), fresh);
    assert!(fresh.iter().all(|e| hood.entities.contains(e)));

    // Another process changes an entity: the store keeps the answer it read a moment ago ...
    store
        .graph()
        .run(
            query("MATCH (e:Entity {tenant: $t, key: 'hub'}) SET e.mentions = 999")
                .param("t", t.as_str()),
        )
        .await
        .expect("raw change");
    assert_eq!(store.get_entities(&t, &asked).await.expect("cached"), fresh);
    let seen_elsewhere = uncached.get_entities(&t, &asked).await.expect("uncached");
    assert_eq!(seen_elsewhere[0].mentions, 999, "{seen_elsewhere:?}");
    // ... until it changes the tenant itself: then every entity is read afresh.
    common::write(
        &store,
        &t,
        vec![episode("later", 9_000, &[("Spoke 4", "Newcomer")])],
    )
    .await;
    let after = store.get_entities(&t, &asked).await.expect("after write");
    assert_eq!(
        after,
        uncached.get_entities(&t, &asked).await.expect("uncached")
    );
    assert_eq!(after[0].mentions, 999);
    assert_ne!(after, fresh);
    store.purge_tenant(&t).await.expect("purge");
}
