//! Pooled connections skip the RESET round trip only when they are known to be clean: the
//! vendored driver hands out a connection as it is after a statement read to its end or a
//! committed transaction, and resets it after a failure or an abandoned transaction. A server
//! that went away must never be reused. Watched through a loopback proxy that counts the RESET
//! messages the store sends.

mod common;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use mnemo_core::{GraphStore, Tenant};
use mnemo_neo4j::{Neo4jConfig, Neo4jStore};
use neo4rs::query;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;

/// A RESET message on the wire: chunk length 2, an empty struct with signature 0x0F, end marker.
const RESET: [u8; 6] = [0x00, 0x02, 0xb0, 0x0f, 0x00, 0x00];

/// A loopback proxy that counts RESET messages from the client and can drop every open
/// connection (as a restarting server would) while still accepting new ones.
struct Proxy {
    port: u16,
    resets: Arc<AtomicUsize>,
    generation: watch::Sender<u64>,
}

impl Proxy {
    async fn start(upstream: String) -> Proxy {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind proxy");
        let port = listener.local_addr().expect("addr").port();
        let resets = Arc::new(AtomicUsize::new(0));
        let (generation, gen_rx) = watch::channel(0u64);
        let counted = Arc::clone(&resets);
        tokio::spawn(async move {
            while let Ok((client, _)) = listener.accept().await {
                let Ok(server) = TcpStream::connect(&upstream).await else {
                    continue;
                };
                tokio::spawn(pump(client, server, Arc::clone(&counted), gen_rx.clone()));
            }
        });
        Proxy {
            port,
            resets,
            generation,
        }
    }

    fn uri(&self) -> String {
        format!("bolt://127.0.0.1:{}", self.port)
    }

    fn resets(&self) -> usize {
        self.resets.load(Ordering::SeqCst)
    }

    /// Closes every connection open now; later ones pass.
    fn drop_connections(&self) {
        self.generation.send_modify(|g| *g += 1);
    }
}

async fn pump(
    client: TcpStream,
    server: TcpStream,
    resets: Arc<AtomicUsize>,
    mut generation: watch::Receiver<u64>,
) {
    let _ = client.set_nodelay(true);
    let _ = server.set_nodelay(true);
    generation.borrow_and_update();
    let (mut cr, mut cw) = client.into_split();
    let (mut sr, mut sw) = server.into_split();
    let up = async {
        let mut buf = vec![0u8; 64 * 1024];
        // The tail of the previous read, so a RESET split across reads is still seen once.
        let mut tail: Vec<u8> = Vec::new();
        loop {
            let n = match cr.read(&mut buf).await {
                Ok(0) | Err(_) => return,
                Ok(n) => n,
            };
            let mut seen = std::mem::take(&mut tail);
            let carried = seen.len();
            seen.extend_from_slice(&buf[..n]);
            let found = seen
                .windows(RESET.len())
                .enumerate()
                .filter(|(i, w)| *w == RESET && i + RESET.len() > carried)
                .count();
            resets.fetch_add(found, Ordering::SeqCst);
            tail = seen[seen.len().saturating_sub(RESET.len() - 1)..].to_vec();
            if sw.write_all(&buf[..n]).await.is_err() {
                return;
            }
        }
    };
    let down = async {
        let mut buf = vec![0u8; 64 * 1024];
        loop {
            let n = match sr.read(&mut buf).await {
                Ok(0) | Err(_) => return,
                Ok(n) => n,
            };
            if cw.write_all(&buf[..n]).await.is_err() {
                return;
            }
        }
    };
    tokio::select! {
        _ = up => {}
        _ = down => {}
        _ = generation.changed() => {}
    }
}

fn tenant(tag: &str) -> Tenant {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    Tenant::new(format!("reuse-{tag}-{}-{nanos:x}", std::process::id())).expect("tenant")
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
    let addr = upstream
        .trim_start_matches("bolt://")
        .trim_start_matches("neo4j://")
        .to_string();
    let proxy = Proxy::start(addr).await;
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
    let addr = upstream
        .trim_start_matches("bolt://")
        .trim_start_matches("neo4j://")
        .to_string();
    let proxy = Proxy::start(addr).await;
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
