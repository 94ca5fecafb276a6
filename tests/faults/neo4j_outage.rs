//! Neo4j going away in the middle of a big batch: the store talks to the server through a TCP
//! proxy on 127.0.0.1 that is cut while the batch is being sent. The write must fail fast with
//! `Unavailable`, leave nothing of the batch behind, and succeed idempotently when re-run.

/// mnemo-neo4j's own test set-up (the server, and the TCP proxy this test cuts).
#[path = "../../crates/mnemo-neo4j/tests/common/mod.rs"]
mod common;

use std::time::{Duration, Instant};

use chrono::TimeZone;
use mnemo_core::{
    content_hash, EntityInput, EntityKey, EntityType, Episode, EpisodeKind, EpisodeWrite, Error,
    FactInput, GraphStore, StoreStats, Tenant, WriteBatch,
};
use mnemo_neo4j::{Neo4jConfig, Neo4jStore};

use common::proxy::Proxy;

fn big_batch(episodes: usize) -> WriteBatch {
    let filler = "lorem ipsum dolor sit amet ".repeat(40);
    let eps = (0..episodes)
        .map(|i| {
            let names = [
                format!("Person {i}"),
                format!("Org {}", i % 97),
                format!("Place {}", i % 13),
            ];
            let keys: Vec<EntityKey> = names
                .iter()
                .map(|n| EntityKey::from_name(n).expect("key"))
                .collect();
            let content = format!("episode {i}: {filler}");
            EpisodeWrite {
                episode: Episode {
                    id: format!("big-{i}"),
                    kind: EpisodeKind::Note,
                    content_hash: content_hash(&content),
                    content,
                    created_at: chrono::Utc
                        .timestamp_opt(1_700_000_000 + i as i64, 0)
                        .unwrap(),
                    source: "outage-test".into(),
                    document_id: None,
                    span: None,
                    speaker: None,
                    session: None,
                },
                entities: names
                    .iter()
                    .map(|n| EntityInput::named(n, EntityType::Person).expect("name"))
                    .collect(),
                facts: vec![
                    FactInput::new(keys[0].clone(), "works for", keys[1].clone(), 0.7),
                    FactInput::new(keys[0].clone(), "lives in", keys[2].clone(), 0.6),
                    FactInput::new(keys[1].clone(), "based in", keys[2].clone(), 0.9),
                ],
            }
        })
        .collect();
    WriteBatch {
        document: None,
        episodes: eps,
    }
}

/// A direct connection to the test server, a proxy in front of it that a test can cut, and a
/// connection through the proxy that neither waits long nor retries a write.
async fn through_proxy(uri: &str) -> (Neo4jStore, Proxy, Neo4jStore) {
    let direct = Neo4jStore::connect(common::config(uri))
        .await
        .expect("direct connection");
    let proxy = Proxy::start(uri).await;
    let proxied = Neo4jStore::connect(Neo4jConfig {
        connection_timeout_secs: 10,
        write_retries: 0,
        ..common::config(&proxy.uri())
    })
    .await
    .expect("connection through the proxy");
    (direct, proxy, proxied)
}

/// A tenant no other run uses.
fn fresh_tenant(prefix: &str) -> Tenant {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    Tenant::new(format!("{prefix}-{}-{nanos:x}", std::process::id())).expect("tenant")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn losing_neo4j_mid_batch_is_unavailable_and_leaves_no_partial_batch() {
    let Some(uri) = common::test_uri() else {
        return;
    };
    let (direct, proxy, proxied) = through_proxy(&uri).await;

    let tenant = fresh_tenant("outage");
    let batch = big_batch(3_000);

    // Cut once a good part of the batch (several MB of parameters) has gone out: the transaction
    // is open and its statements are in flight, so COMMIT has certainly not been sent.
    let before = proxy.sent();
    let writer = {
        let (store, tenant, batch) = (proxied.clone(), tenant.clone(), batch.clone());
        tokio::spawn(async move { store.write(&tenant, &batch).await })
    };
    let deadline = Instant::now() + Duration::from_secs(60);
    while proxy.sent() < before + 1_000_000 {
        assert!(Instant::now() < deadline, "the batch never started flowing");
        assert!(
            !writer.is_finished(),
            "the batch finished before the cut; make it bigger"
        );
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
    proxy.cut();
    let cut_at = Instant::now();
    let result = writer.await.expect("writer task");
    match &result {
        Err(Error::Unavailable(msg)) => eprintln!("write failed as expected: {msg}"),
        other => panic!("a lost server must give Unavailable, got {other:?}"),
    }
    assert!(result.as_ref().err().is_some_and(Error::is_retryable));
    assert!(
        cut_at.elapsed() < Duration::from_secs(15),
        "the failure took {:?}",
        cut_at.elapsed()
    );

    // Nothing of the batch is visible through a direct connection.
    assert_eq!(
        direct.stats(&tenant).await.expect("stats"),
        StoreStats::default()
    );

    // The proxied store keeps failing cleanly while the server is unreachable.
    let again = proxied.stats(&tenant).await;
    assert!(matches!(again, Err(Error::Unavailable(_))), "{again:?}");

    // Re-running the same batch on a working connection writes it once, and only once.
    let report = direct
        .write(&tenant, &batch)
        .await
        .expect("retry after the outage");
    assert_eq!(report.episodes_written, 3_000);
    let stats = direct.stats(&tenant).await.expect("stats");
    assert_eq!(
        (stats.episodes, stats.entities, stats.facts),
        (3_000, 3_000 + 97 + 13, 3_000 + 3_000 + 97 * 13)
    );
    let report = direct
        .write(&tenant, &batch)
        .await
        .expect("idempotent rewrite");
    assert_eq!(
        (report.episodes_written, report.episodes_skipped),
        (0, 3_000)
    );
    assert_eq!(direct.stats(&tenant).await.expect("stats"), stats);
}

#[tokio::test]
async fn unreachable_server_is_unavailable_and_bad_uri_is_invalid_input() {
    // A port on loopback nobody listens on: bind one, then close it.
    let port = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
        l.local_addr().expect("addr").port()
    };
    let cfg = Neo4jConfig {
        connection_timeout_secs: 5,
        ..Neo4jConfig::with_uri(format!("bolt://127.0.0.1:{port}"))
    };
    let started = Instant::now();
    match Neo4jStore::connect(cfg).await {
        Err(Error::Unavailable(msg)) => assert!(!msg.is_empty()),
        other => panic!("no server must give Unavailable, got {other:?}"),
    }
    assert!(started.elapsed() < Duration::from_secs(10));
    match Neo4jStore::connect(Neo4jConfig::with_uri("http://127.0.0.1:7474")).await {
        Err(Error::InvalidInput(_)) => {}
        other => panic!("a non-Bolt URI must be InvalidInput, got {other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn losing_neo4j_mid_kv_put_is_unavailable_and_leaves_no_partial_records() {
    let Some(uri) = common::test_uri() else {
        return;
    };
    let (direct, proxy, proxied) = through_proxy(&uri).await;
    let tenant = fresh_tenant("outage-kv");
    // Several statements (1,000 rows each) in one transaction, about 8 MB of parameters.
    let value = "lorem ipsum dolor sit amet ".repeat(100);
    let entries: Vec<(String, String)> = (0..3_000)
        .map(|i| (format!("s1/{i:06}"), format!("{i} {value}")))
        .collect();

    let before = proxy.sent();
    let writer = {
        let (store, tenant, entries) = (proxied.clone(), tenant.clone(), entries.clone());
        tokio::spawn(async move { store.kv_put(&tenant, "sessions", &entries).await })
    };
    let deadline = Instant::now() + Duration::from_secs(60);
    while proxy.sent() < before + 3_000_000 {
        assert!(Instant::now() < deadline, "the put never started flowing");
        assert!(
            !writer.is_finished(),
            "the put finished before the cut; make it bigger"
        );
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
    proxy.cut();
    let result = writer.await.expect("writer task");
    assert!(
        matches!(result, Err(Error::Unavailable(_))),
        "a lost server must give Unavailable, got {result:?}"
    );
    let left = direct
        .kv_scan(&tenant, "sessions", "", None, 10)
        .await
        .expect("scan");
    assert!(left.is_empty(), "a failed put left {} records", left.len());

    direct
        .kv_put(&tenant, "sessions", &entries)
        .await
        .expect("retry after the outage");
    let all = direct
        .kv_scan(&tenant, "sessions", "s1/", None, usize::MAX)
        .await
        .expect("scan");
    assert_eq!(all, entries, "the retried put must store every record once");
    direct.purge_tenant(&tenant).await.expect("purge");
    let gone = direct
        .kv_scan(&tenant, "sessions", "", None, 10)
        .await
        .expect("scan");
    assert!(
        gone.is_empty(),
        "purge_tenant must remove key-value records"
    );
}
