//! A loopback TCP proxy between a store and the test server, for the tests that must watch or
//! break the connection: it counts the bytes the client sends and the RESET messages among them,
//! can drop every open connection (as a restarting server would), can go silent with every
//! connection left open (as a paused server does), and can be cut for good.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::tcp::{OwnedReadHalf, OwnedWriteHalf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;

/// A RESET message on the wire: chunk length 2, an empty struct with signature 0x0F, end marker.
const RESET: [u8; 6] = [0x00, 0x02, 0xb0, 0x0f, 0x00, 0x00];

/// What the proxy counted, shared with its connections.
#[derive(Default)]
struct Counters {
    sent: AtomicU64,
    resets: AtomicUsize,
    /// Set by `cut`: new connections are refused.
    dead: AtomicBool,
    /// Set by `freeze`: nothing more reaches the clients (held, not lost) until it is cleared.
    frozen: AtomicBool,
}

pub struct Proxy {
    port: u16,
    counters: Arc<Counters>,
    /// Bumped to close every connection open at that moment.
    generation: watch::Sender<u64>,
}

impl Proxy {
    /// Listens on a free loopback port and forwards each connection to `upstream` (`host:port`,
    /// or a `bolt://` / `neo4j://` URI).
    pub async fn start(upstream: &str) -> Proxy {
        let upstream = upstream
            .split("://")
            .last()
            .unwrap_or(upstream)
            .trim_end_matches('/')
            .to_string();
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind proxy");
        let port = listener.local_addr().expect("addr").port();
        let counters = Arc::new(Counters::default());
        let (generation, gen_rx) = watch::channel(0u64);
        let shared = Arc::clone(&counters);
        tokio::spawn(async move {
            while let Ok((client, _)) = listener.accept().await {
                if shared.dead.load(Ordering::SeqCst) {
                    continue;
                }
                let Ok(server) = TcpStream::connect(&upstream).await else {
                    continue;
                };
                tokio::spawn(pump(client, server, Arc::clone(&shared), gen_rx.clone()));
            }
        });
        Proxy {
            port,
            counters,
            generation,
        }
    }

    pub fn uri(&self) -> String {
        format!("bolt://127.0.0.1:{}", self.port)
    }

    /// Bytes sent by clients so far.
    pub fn sent(&self) -> u64 {
        self.counters.sent.load(Ordering::SeqCst)
    }

    /// RESET messages sent by clients so far.
    pub fn resets(&self) -> usize {
        self.counters.resets.load(Ordering::SeqCst)
    }

    /// Closes every connection open now; later ones pass.
    pub fn drop_connections(&self) {
        self.generation.send_modify(|g| *g += 1);
    }

    /// While `on`, the server's answers are held back and every connection stays open, as with a
    /// paused server; clearing it delivers what was held, in order.
    pub fn freeze(&self, on: bool) {
        self.counters.frozen.store(on, Ordering::SeqCst);
    }

    /// Closes every connection and refuses new ones.
    pub fn cut(&self) {
        self.counters.dead.store(true, Ordering::SeqCst);
        self.drop_connections();
    }
}

/// Copies both ways until either side closes or the connection's generation ends (then both
/// sockets are dropped).
async fn pump(
    client: TcpStream,
    server: TcpStream,
    counters: Arc<Counters>,
    mut generation: watch::Receiver<u64>,
) {
    let _ = client.set_nodelay(true);
    let _ = server.set_nodelay(true);
    generation.borrow_and_update();
    let (cr, cw) = client.into_split();
    let (sr, sw) = server.into_split();
    tokio::select! {
        _ = upstream(cr, sw, &counters) => {}
        _ = downstream(sr, cw, &counters) => {}
        _ = generation.changed() => {}
    }
}

/// Client to server, counting bytes and RESETs (one split across reads is still seen once).
async fn upstream(mut from: OwnedReadHalf, mut to: OwnedWriteHalf, counters: &Counters) {
    let mut buf = vec![0u8; 64 * 1024];
    let mut tail: Vec<u8> = Vec::new();
    loop {
        let n = match from.read(&mut buf).await {
            Ok(0) | Err(_) => return,
            Ok(n) => n,
        };
        counters.sent.fetch_add(n as u64, Ordering::SeqCst);
        let mut seen = std::mem::take(&mut tail);
        let carried = seen.len();
        seen.extend_from_slice(&buf[..n]);
        let found = seen
            .windows(RESET.len())
            .enumerate()
            .filter(|(i, w)| *w == RESET && i + RESET.len() > carried)
            .count();
        counters.resets.fetch_add(found, Ordering::SeqCst);
        tail = seen[seen.len().saturating_sub(RESET.len() - 1)..].to_vec();
        if to.write_all(&buf[..n]).await.is_err() {
            return;
        }
    }
}

/// Server to client; while frozen, what was read is held (not lost) until the freeze ends.
async fn downstream(mut from: OwnedReadHalf, mut to: OwnedWriteHalf, counters: &Counters) {
    let mut buf = vec![0u8; 64 * 1024];
    loop {
        let n = match from.read(&mut buf).await {
            Ok(0) | Err(_) => return,
            Ok(n) => n,
        };
        while counters.frozen.load(Ordering::SeqCst) {
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
        if to.write_all(&buf[..n]).await.is_err() {
            return;
        }
    }
}
