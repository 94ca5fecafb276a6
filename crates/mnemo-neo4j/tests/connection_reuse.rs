//! Pooled connections skip the RESET round trip only when they are known to be clean: the
//! vendored driver hands out a connection as it is after a statement read to its end or a
//! committed transaction, and resets it after a failure or an abandoned transaction. A server
//! that went away must never be reused. Watched through a loopback proxy that counts the RESET
//! messages the store sends.

mod common;

use std::time::{Duration, Instant};

use mnemo_core::{GraphStore, Tenant};
use mnemo_neo4j::{Neo4jConfig, Neo4jStore};
use neo4rs::query;

use common::proxy::Proxy;

fn tenant(tag: &str) -> Tenant {
    common::unique_tenant("reuse", tag)
}

/// A store through the proxy with one pooled connection (every statement reuses it) and no read
/// cache (every read goes to the server).
async fn store_via(proxy: &Proxy, uri: &str) -> Neo4jStore {
    Neo4jStore::connect(Neo4jConfig {
        max_connections: 1,
        read_cache_ms: 0,
        ..common::config(uri)
    })
    .await
    .unwrap_or_else(|e| panic!("connect through the proxy at {}: {e}", proxy.uri()))
}

#[tokio::test]
async fn clean_connections_skip_reset_and_others_are_reset_before_reuse() {
    let Some(upstream) = common::test_uri() else {
        return;
    };
    let proxy = Proxy::start(&upstream).await;
    let store = store_via(&proxy, &proxy.uri()).await;
    let t = tenant("clean");
    // The schema bootstrap of `connect` may end on a statement the server refused.
    store.stats(&t).await.expect("stats");

    let before = proxy.resets();
    for _ in 0..10 {
        store.stats(&t).await.expect("stats");
        store
            .lookup_names(&t, &["nobody".to_string()])
            .await
            .expect("lookup");
    }
    assert_eq!(
        proxy.resets() - before,
        0,
        "statements read to their end leave the connection clean"
    );

    // A failed statement leaves the server in FAILED: the next checkout resets it, and works.
    let failed = store.graph().run(query("RETURN nothing(")).await;
    assert!(failed.is_err(), "a syntax error fails");
    store.stats(&t).await.expect("stats after a failure");
    assert_eq!(proxy.resets() - before, 1);

    // A transaction dropped without commit or rollback is reset too.
    {
        let mut tx = store.graph().start_txn().await.expect("begin");
        tx.run(query("RETURN 1 AS x")).await.expect("run in tx");
    }
    store
        .stats(&t)
        .await
        .expect("stats after a dropped transaction");
    assert_eq!(proxy.resets() - before, 2);

    // A committed transaction and a stream read to its end are clean again.
    let mut tx = store.graph().start_txn().await.expect("begin");
    tx.run(query("RETURN 1 AS x")).await.expect("run in tx");
    tx.commit().await.expect("commit");
    store.stats(&t).await.expect("stats after a commit");
    assert_eq!(proxy.resets() - before, 2);

    // A stream abandoned half-way is drained and reset before the connection is used again.
    {
        let mut rows = store
            .graph()
            .execute(query("UNWIND range(1, 5000) AS i RETURN i"))
            .await
            .expect("execute");
        assert!(rows.next().await.expect("first row").is_some());
    }
    store
        .stats(&t)
        .await
        .expect("stats after an abandoned stream");
    assert_eq!(proxy.resets() - before, 3);
}

#[tokio::test]
async fn a_connection_the_server_closed_is_replaced_not_used() {
    let Some(upstream) = common::test_uri() else {
        return;
    };
    let proxy = Proxy::start(&upstream).await;
    let store = store_via(&proxy, &proxy.uri()).await;
    let t = tenant("closed");
    store.stats(&t).await.expect("stats");

    proxy.drop_connections();
    tokio::time::sleep(Duration::from_millis(50)).await;
    let started = Instant::now();
    for _ in 0..3 {
        store.stats(&t).await.expect("stats on a fresh connection");
    }
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "no retry back-off on a dead pooled connection: {:?}",
        started.elapsed()
    );
}
