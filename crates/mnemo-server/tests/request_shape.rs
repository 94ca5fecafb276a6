//! Request bodies of the wrong shape or size: a JSON array (or other non-object) where a request
//! object is expected is a 422, never read as the struct's fields in order; a body declared larger
//! than the limit is a 413 at once, before any of it is read (a client that declares 200 MB and
//! then stalls used to hold the request until the 30 s timeout).

mod common;

use std::net::SocketAddr;
use std::time::Duration;

use axum::http::{Method, StatusCode};
use common::*;
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

#[tokio::test]
async fn non_object_bodies_are_rejected_and_write_nothing() {
    let app = app(keyed_config());
    let k = Some(KEY_A);
    let cases = [
        // serde's derived struct visitor takes a sequence as the fields in declaration order, so
        // this was stored as an episode with the text "Ada Lovelace ...".
        ("/v1/remember", json!(["Ada Lovelace was born in London."])),
        ("/v1/remember", json!("Ada Lovelace was born in London.")),
        ("/v1/search", json!(["Ada Lovelace"])),
        ("/v1/answers", json!(["Who?", "Ada Lovelace"])),
        (
            "/v1/ingest",
            json!([[{"text": "Ada Lovelace met Babbage."}]]),
        ),
        ("/v1/prune", json!([])),
        ("/v1/records/restore", json!([])),
        ("/v1/records/r1/links", json!([])),
        ("/v1/sessions/s1/messages", json!(["user", "Ada Lovelace"])),
        ("/v1/sessions/s1/context", json!([42])),
    ];
    for (uri, body) in &cases {
        let (s, b) = call(&app, Method::POST, uri, k, Some(body)).await;
        assert_eq!(
            (s, error_code(&b)),
            (StatusCode::UNPROCESSABLE_ENTITY, "invalid_input"),
            "{uri} {body}: {b}"
        );
        let msg = b["error"]["message"].as_str().unwrap_or("");
        assert!(
            msg.contains("expected a JSON object"),
            "{uri} {body}: {msg}"
        );
    }
    let (s, stats) = call(&app, Method::GET, "/v1/stats", k, None).await;
    assert_eq!(s, StatusCode::OK, "{stats}");
    assert_eq!(stats["episodes"], 0, "nothing was written: {stats}");
    // An object is still taken.
    let ok = json!({"text": "Ada Lovelace was born in London."});
    let (s, b) = call(&app, Method::POST, "/v1/remember", k, Some(&ok)).await;
    assert_eq!(s, StatusCode::OK, "{b}");
}

/// Sends only the head of a request declaring `length` body bytes, then waits (at most 5 s) for
/// the answer: the status and the JSON body.
async fn declare_and_stall(addr: SocketAddr, path: &str, length: u64) -> (u16, Value) {
    let mut s = TcpStream::connect(addr).await.unwrap();
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {KEY_A}\r\n\
         Content-Type: application/json\r\nContent-Length: {length}\r\n\r\n"
    );
    s.write_all(head.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    let read = async {
        let mut buf = [0u8; 4096];
        // Until the connection closes or the whole response (head and JSON body) is in.
        loop {
            let n = s.read(&mut buf).await.unwrap();
            raw.extend_from_slice(&buf[..n]);
            let text = String::from_utf8_lossy(&raw);
            if n == 0
                || text
                    .split_once("\r\n\r\n")
                    .is_some_and(|(_, b)| b.ends_with('}'))
            {
                break;
            }
        }
    };
    tokio::time::timeout(Duration::from_secs(5), read)
        .await
        .unwrap_or_else(|_| panic!("{path}: no answer within 5 s to a declared {length} bytes"));
    let text = String::from_utf8_lossy(&raw).to_string();
    let (head, body) = text.split_once("\r\n\r\n").expect("complete head");
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    (status, serde_json::from_str(body).unwrap_or(Value::Null))
}

#[tokio::test]
async fn a_declared_oversized_body_is_refused_before_it_is_read() {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    // The default limits (2 MiB, ingest 64 MiB) and the default 30 s request timeout.
    let state = mnemo_server::AppState::new(mnemo(), keyed_config()).unwrap();
    let server = tokio::spawn(async move {
        mnemo_server::serve_on(listener, state, std::future::pending())
            .await
            .unwrap();
    });
    for path in ["/v1/remember", "/v1/ingest"] {
        let (status, body) = declare_and_stall(addr, path, 200 << 20).await;
        assert_eq!(status, 413, "{path}: {body}");
        assert_eq!(error_code(&body), "body_too_large", "{path}: {body}");
    }
    server.abort();
}
