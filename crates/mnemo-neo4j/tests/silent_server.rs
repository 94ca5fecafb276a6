//! A server that accepts TCP connections but never speaks Bolt (a paused Neo4j, a wrong port
//! behind a proxy): connecting must fail with `Unavailable` naming the server within about the
//! connection timeout, never hang. Needs no Neo4j, so it always runs. And a server that stops
//! answering after a successful connect (through a proxy that holds its answers back): each call
//! must fail within the request timeout, and the store must work again once answers flow.

mod common;

use std::io::Read;
use std::net::{TcpListener, TcpStream};
use std::time::{Duration, Instant};

use mnemo_core::{Error, GraphStore, KvEntry};
use mnemo_neo4j::{Neo4jConfig, Neo4jStore};

use common::proxy::Proxy;

/// Accepts every connection and keeps it open without writing a byte (reads are drained so the
/// client's handshake is never refused by a full buffer). Returns the listening address.
fn silent_server() -> String {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
    let addr = listener.local_addr().expect("addr").to_string();
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            std::thread::spawn(move || hold(stream));
        }
    });
    addr
}

fn hold(mut stream: TcpStream) {
    let mut buf = [0u8; 1024];
    while matches!(stream.read(&mut buf), Ok(n) if n > 0) {}
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connecting_to_a_silent_server_fails_within_the_timeout_naming_it() {
    let addr = silent_server();
    let config = Neo4jConfig {
        connection_timeout_secs: 2,
        write_retries: 0,
        ..Neo4jConfig::with_uri(format!("bolt://{addr}"))
    };
    let started = Instant::now();
    // The guard turns a hang (the bug) into a failure instead of a test that never ends.
    let outcome = tokio::time::timeout(Duration::from_secs(20), Neo4jStore::connect(config)).await;
    let elapsed = started.elapsed();
    let result = outcome.unwrap_or_else(|_| panic!("connect still hanging after {elapsed:?}"));
    let err = result.expect_err("a server that never answers cannot be connected to");
    assert!(
        elapsed < Duration::from_secs(10),
        "connect took {elapsed:?} with a 2 s timeout"
    );
    assert!(matches!(err, Error::Unavailable(_)), "{err:?}");
    let shown = err.to_string();
    assert!(
        shown.contains(&addr),
        "error does not name the server: {shown}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn calls_to_a_server_that_stops_answering_fail_within_the_request_timeout() {
    let Some(uri) = common::test_uri() else {
        return;
    };
    let proxy = Proxy::start(&uri).await;
    let store = Neo4jStore::connect(Neo4jConfig {
        // Far above the request timeout, so only the request timeout can end the calls in time.
        connection_timeout_secs: 60,
        request_timeout_secs: 2,
        write_retries: 0,
        read_cache_ms: 0,
        ..common::config(&proxy.uri())
    })
    .await
    .expect("connect through the proxy");
    let tenant = common::unique_tenant("silent", "calls");
    store.stats(&tenant).await.expect("stats while answering");

    proxy.freeze(true);
    let started = Instant::now();
    let read = tokio::time::timeout(Duration::from_secs(20), store.stats(&tenant))
        .await
        .unwrap_or_else(|_| panic!("stats still hanging after {:?}", started.elapsed()));
    let read_took = started.elapsed();
    let entries: Vec<KvEntry> = (0..5).map(|i| (format!("k{i}"), format!("v{i}"))).collect();
    let started = Instant::now();
    let write = tokio::time::timeout(
        Duration::from_secs(20),
        store.kv_put(&tenant, "silent", &entries),
    )
    .await
    .unwrap_or_else(|_| panic!("kv_put still hanging after {:?}", started.elapsed()));
    let write_took = started.elapsed();
    proxy.freeze(false);

    for (what, took, outcome) in [
        ("stats", read_took, read.map(|_| ())),
        ("kv_put", write_took, write),
    ] {
        let err = outcome.expect_err(what);
        assert!(took < Duration::from_secs(6), "{what} took {took:?}");
        assert!(matches!(err, Error::Unavailable(_)), "{what}: {err:?}");
        let shown = err.to_string();
        assert!(
            shown.contains(&proxy.uri()),
            "{what} does not name the server: {shown}"
        );
    }

    // Once answers flow again the same store works, and the abandoned write landed whole or not at
    // all (its COMMIT may have reached the server before the answer was held back).
    let keys: Vec<String> = entries.iter().map(|(k, _)| k.clone()).collect();
    let landed = store
        .kv_get(&tenant, "silent", &keys)
        .await
        .expect("kv_get after the freeze");
    assert!(
        landed.is_empty() || landed.len() == entries.len(),
        "{landed:?}"
    );
    store
        .kv_put(&tenant, "silent", &entries)
        .await
        .expect("kv_put after the freeze");
    let landed = store
        .kv_get(&tenant, "silent", &keys)
        .await
        .expect("kv_get after the re-run");
    assert_eq!(landed.len(), entries.len());
    store.purge_tenant(&tenant).await.expect("clean up");
}
