//! Tests on a real socket (127.0.0.1:0): requests over TCP, request timeouts that let the write
//! finish, graceful shutdown that waits for writes in flight, and MCP over streamable HTTP with
//! tenant scoping.

mod common;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use common::slow::SlowStore;
use common::*;
use mnemo::{GraphStore, Mnemo, MnemoOptions, RuleExtractor, Tenant};
use mnemo_server::{AppState, ServerConfig};
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

struct Resp {
    status: u16,
    headers: Vec<(String, String)>,
    body: String,
}

impl Resp {
    fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or(Value::Null)
    }
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// A minimal HTTP/1.1 client: one request per connection (`Connection: close`).
async fn http(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<&str>,
) -> Resp {
    let mut s = TcpStream::connect(addr).await.unwrap();
    let mut req = format!("{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n");
    for (k, v) in headers {
        req.push_str(&format!("{k}: {v}\r\n"));
    }
    if let Some(b) = body {
        req.push_str(&format!(
            "Content-Type: application/json\r\nContent-Length: {}\r\n",
            b.len()
        ));
    }
    req.push_str("\r\n");
    req.push_str(body.unwrap_or(""));
    s.write_all(req.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    tokio::time::timeout(Duration::from_secs(20), s.read_to_end(&mut raw))
        .await
        .expect("response within 20 s")
        .unwrap();
    let text = String::from_utf8_lossy(&raw).to_string();
    let (head, rest) = text.split_once("\r\n\r\n").expect("complete head");
    let mut lines = head.lines();
    let status = lines
        .next()
        .unwrap()
        .split(' ')
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
        .collect();
    let chunked = headers
        .iter()
        .any(|(k, v)| k.eq_ignore_ascii_case("transfer-encoding") && v.contains("chunked"));
    let body = if chunked {
        dechunk(rest)
    } else {
        rest.to_string()
    };
    Resp {
        status,
        headers,
        body,
    }
}

fn dechunk(mut s: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = s.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 || rest.len() < n {
            break;
        }
        out.push_str(&rest[..n]);
        s = rest[n..].trim_start_matches("\r\n");
    }
    out
}

async fn start(
    mnemo: Mnemo,
    cfg: ServerConfig,
) -> (SocketAddr, oneshot::Sender<()>, JoinHandle<()>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let state = AppState::new(mnemo, cfg).unwrap();
    let (tx, rx) = oneshot::channel::<()>();
    let handle = tokio::spawn(async move {
        mnemo_server::serve_on(listener, state, async {
            let _ = rx.await;
        })
        .await
        .unwrap();
    });
    (addr, tx, handle)
}

fn slow_mnemo(delay: Duration) -> (Mnemo, Arc<SlowStore>) {
    let store = Arc::new(SlowStore::new(delay));
    let mnemo = Mnemo::new(
        store.clone(),
        Arc::new(RuleExtractor),
        Tenant::default(),
        MnemoOptions::default(),
    );
    (mnemo, store)
}

const AUTH_A: (&str, &str) = ("Authorization", "Bearer key-alpha-0123456789");
const AUTH_B: (&str, &str) = ("Authorization", "Bearer key-bravo-9876543210");

#[tokio::test]
async fn serves_over_tcp_and_shuts_down_cleanly() {
    let (addr, stop, handle) = start(mnemo(), keyed_config()).await;
    let r = http(addr, "GET", "/healthz", &[], None).await;
    assert_eq!((r.status, r.json()["status"].clone()), (200, json!("ok")));
    let r = http(addr, "GET", "/v1/stats", &[], None).await;
    assert_eq!(r.status, 401);
    assert_eq!(r.header("www-authenticate"), Some("Bearer"));
    let body = json!({"text": "Ada Lovelace was born in London."}).to_string();
    let r = http(addr, "POST", "/v1/remember", &[AUTH_A], Some(&body)).await;
    assert_eq!(r.status, 200, "{}", r.body);
    let q = json!({"query": "Where was Ada Lovelace born?"}).to_string();
    let r = http(addr, "POST", "/v1/search", &[AUTH_A], Some(&q)).await;
    assert_eq!(r.json()["hit"], json!(true), "{}", r.body);
    let r = http(addr, "POST", "/v1/search", &[AUTH_B], Some(&q)).await;
    assert_eq!(r.json()["hit"], json!(false), "{}", r.body);
    stop.send(()).unwrap();
    tokio::time::timeout(Duration::from_secs(10), handle)
        .await
        .expect("server stops")
        .unwrap();
    assert!(TcpStream::connect(addr).await.is_err(), "listener closed");
}

#[tokio::test]
async fn graceful_shutdown_finishes_writes_in_flight() {
    let (mnemo, store) = slow_mnemo(Duration::from_millis(600));
    let (addr, stop, handle) = start(mnemo, keyed_config()).await;
    let body = json!({"text": "Grace Hopper worked for the Navy.", "id": "inflight-1"}).to_string();
    let req =
        tokio::spawn(
            async move { http(addr, "POST", "/v1/remember", &[AUTH_A], Some(&body)).await },
        );
    store.wait_for_writes(1).await;
    stop.send(()).unwrap();
    let r = req.await.unwrap();
    assert_eq!(
        r.status, 200,
        "the request in flight is answered: {}",
        r.body
    );
    tokio::time::timeout(Duration::from_secs(10), handle)
        .await
        .expect("server stops")
        .unwrap();
    let alpha = Tenant::new("alpha").unwrap();
    let eps = store
        .get_episodes(&alpha, &["inflight-1".to_string()])
        .await
        .unwrap();
    assert_eq!(
        eps.len(),
        1,
        "the write finished before the server returned"
    );
}

#[tokio::test]
async fn timed_out_request_gets_503_and_its_write_still_completes() {
    let (mnemo, store) = slow_mnemo(Duration::from_millis(500));
    let cfg = ServerConfig {
        request_timeout: Duration::from_millis(100),
        ..keyed_config()
    };
    let (addr, stop, handle) = start(mnemo, cfg).await;
    let body = json!({"text": "Alan Turing was born in London.", "id": "slow-1"}).to_string();
    let r = http(addr, "POST", "/v1/remember", &[AUTH_A], Some(&body)).await;
    assert_eq!(r.status, 503, "{}", r.body);
    assert_eq!(r.json()["error"]["code"], json!("timeout"));
    stop.send(()).unwrap();
    handle.await.unwrap();
    let alpha = Tenant::new("alpha").unwrap();
    let eps = store
        .get_episodes(&alpha, &["slow-1".to_string()])
        .await
        .unwrap();
    assert_eq!(eps.len(), 1, "the timed-out write completed");
}

#[tokio::test]
async fn unauthenticated_server_refuses_public_listener() {
    let listener = TcpListener::bind("0.0.0.0:0").await.unwrap();
    let state = AppState::new(mnemo(), ServerConfig::default()).unwrap();
    let err = mnemo_server::serve_on(listener, state, async {})
        .await
        .unwrap_err();
    assert!(err.to_string().contains("without API keys"), "{err}");
    let cfg = ServerConfig {
        bind: "0.0.0.0:0".parse().unwrap(),
        ..ServerConfig::default()
    };
    assert!(mnemo_server::serve(mnemo(), cfg, async {}).await.is_err());
}

/// Posts one JSON-RPC message to /mcp and returns the response and the JSON-RPC payloads in it
/// (plain JSON or SSE `data:` lines).
async fn mcp_post(
    addr: SocketAddr,
    auth: (&str, &str),
    session: Option<&str>,
    msg: Value,
) -> (Resp, Vec<Value>) {
    let mut headers = vec![auth, ("Accept", "application/json, text/event-stream")];
    if let Some(s) = session {
        headers.push(("Mcp-Session-Id", s));
    }
    headers.push(("Mcp-Protocol-Version", "2025-06-18"));
    let r = http(addr, "POST", "/mcp", &headers, Some(&msg.to_string())).await;
    let mut payloads = Vec::new();
    for line in r.body.lines() {
        let data = line
            .strip_prefix("data:")
            .map(str::trim)
            .unwrap_or(line.trim());
        if let Ok(v) = serde_json::from_str::<Value>(data) {
            if v.is_object() {
                payloads.push(v);
            }
        }
    }
    (r, payloads)
}

async fn mcp_session(addr: SocketAddr, auth: (&str, &str)) -> Option<String> {
    let init = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {},
        "clientInfo": {"name": "test", "version": "1"}}});
    let (r, msgs) = mcp_post(addr, auth, None, init).await;
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(
        msgs[0]["result"]["serverInfo"]["name"],
        json!("mnemo"),
        "{}",
        r.body
    );
    let session = r.header("mcp-session-id").map(str::to_string);
    let note = json!({"jsonrpc": "2.0", "method": "notifications/initialized"});
    let (r, _) = mcp_post(addr, auth, session.as_deref(), note).await;
    assert!(
        r.status == 202 || r.status == 200,
        "{} {}",
        r.status,
        r.body
    );
    session
}

#[tokio::test]
async fn mcp_over_http_is_scoped_to_the_key_tenant() {
    let (addr, stop, handle) = start(mnemo(), keyed_config()).await;
    let (r, _) = mcp_post(
        addr,
        ("X-None", "x"),
        None,
        json!({"jsonrpc": "2.0", "id": 1, "method": "ping"}),
    )
    .await;
    assert_eq!(r.status, 401);
    // The body says what is wrong and where the key goes, for a missing and a wrong key.
    let body: Value = serde_json::from_str(&r.body).expect("a JSON body");
    assert_eq!(body["error"]["code"], "unauthorized", "{body}");
    let message = body["error"]["message"].as_str().unwrap();
    assert!(
        message.contains("missing Authorization") && message.contains("MCP client"),
        "{message}"
    );
    let (r, _) = mcp_post(
        addr,
        ("Authorization", "Bearer not-a-key"),
        None,
        json!({"jsonrpc": "2.0", "id": 1, "method": "ping"}),
    )
    .await;
    assert_eq!(r.status, 401);
    let body: Value = serde_json::from_str(&r.body).expect("a JSON body");
    let message = body["error"]["message"].as_str().unwrap();
    assert!(
        message.contains("invalid API key") && message.contains("/mcp"),
        "{message}"
    );

    let sa = mcp_session(addr, AUTH_A).await;
    let call = |id: u64, name: &str, args: Value| json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {"name": name, "arguments": args}});
    let (r, msgs) = mcp_post(
        addr,
        AUTH_A,
        sa.as_deref(),
        call(
            2,
            "remember",
            json!({"text": "Ada Lovelace was born in London."}),
        ),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(
        msgs.last().unwrap()["result"]["isError"],
        json!(false),
        "{}",
        r.body
    );

    let search = call(
        3,
        "search",
        json!({"query": "Where was Ada Lovelace born?"}),
    );
    let (_, msgs) = mcp_post(addr, AUTH_A, sa.as_deref(), search.clone()).await;
    let text = msgs.last().unwrap()["result"]["content"][0]["text"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(text.contains("London"), "{text}");

    let sb = mcp_session(addr, AUTH_B).await;
    let (_, msgs) = mcp_post(addr, AUTH_B, sb.as_deref(), search).await;
    let result = &msgs.last().unwrap()["result"];
    assert_eq!(result["structuredContent"]["hit"], json!(false), "{result}");
    assert!(!result.to_string().contains("London"));
    stop.send(()).unwrap();
    tokio::time::timeout(Duration::from_secs(10), handle)
        .await
        .expect("MCP sessions end on shutdown")
        .unwrap();
}
