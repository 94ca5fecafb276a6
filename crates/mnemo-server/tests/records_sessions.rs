//! Memory records and sessions over HTTP and MCP: router-level tests of the endpoints (success
//! paths, bad JSON, missing and invalid keys, tenant isolation, oversized bodies, ids with path
//! characters), batched access counts (exact after a flush, written at shutdown), the MCP tools
//! through rmcp's client, and the OpenAPI schemas they reference.

mod common;

use std::time::Duration;

use axum::http::{Method, StatusCode};
use common::*;
use mnemo_server::{AccessFlush, AppState, ServerConfig};
use rmcp::model::{CallToolRequestParams, CallToolResult};
use rmcp::ServiceExt;
use serde_json::{json, Value};

/// Access counts are written only when the test flushes (or the server shuts down).
fn manual_flush(state: AppState) -> AppState {
    let services = state.services().clone().with_access_flush(AccessFlush {
        interval: Duration::from_secs(3600),
        max_pending: usize::MAX,
    });
    state.with_services(services)
}

async fn remember(app: &axum::Router, key: &str, body: Value) -> Value {
    let (s, b) = call(app, Method::POST, "/v1/remember", Some(key), Some(&body)).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    b
}

const NEW_ROUTES: &[(&str, &str)] = &[
    ("GET", "/v1/records"),
    ("GET", "/v1/records/r1"),
    ("PUT", "/v1/records/r1/pin"),
    ("DELETE", "/v1/records/r1/pin"),
    ("POST", "/v1/records/r1/links"),
    ("POST", "/v1/records/restore"),
    ("POST", "/v1/prune"),
    ("GET", "/v1/audit"),
    ("POST", "/v1/sessions/s1/messages"),
    ("GET", "/v1/sessions/s1"),
    ("POST", "/v1/sessions/s1/context"),
    ("POST", "/v1/sessions/s1/compact"),
];

fn method(m: &str) -> Method {
    Method::from_bytes(m.as_bytes()).unwrap()
}

#[tokio::test]
async fn new_routes_reject_missing_and_invalid_keys() {
    let app = app(keyed_config());
    for (m, uri) in NEW_ROUTES {
        for key in [None, Some("wrong-key")] {
            let (s, b) = call(&app, method(m), uri, key, Some(&json!({}))).await;
            assert_eq!(s, StatusCode::UNAUTHORIZED, "{m} {uri} {key:?}: {b}");
            assert_eq!(error_code(&b), "unauthorized");
        }
    }
}

#[tokio::test]
async fn bad_json_oversized_bodies_and_path_characters_get_structured_errors() {
    let cfg = ServerConfig {
        body_limit_bytes: 4096,
        ..keyed_config()
    };
    let app = app(cfg);
    let k = Some(KEY_A);
    // Every POST with a body (compact takes none).
    for (m, uri) in NEW_ROUTES
        .iter()
        .filter(|(m, u)| *m == "POST" && !u.ends_with("/compact"))
    {
        let (s, b) = send_raw(
            &app,
            method(m),
            uri,
            k,
            Some("{not json"),
            Some("application/json"),
        )
        .await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{uri}: {b}");
        assert_eq!(error_code(&b), "bad_json");
        let big =
            json!({"content": "x".repeat(10_000), "ids": ["a"], "kind": "supports", "target": "b"});
        let (s, b) = call(&app, method(m), uri, k, Some(&big)).await;
        assert_eq!(s, StatusCode::PAYLOAD_TOO_LARGE, "{uri}: {b}");
        assert_eq!(error_code(&b), "body_too_large");
    }
    // Ids with path characters (percent-encoded so they reach the handler) are refused.
    for uri in [
        "/v1/records/..%2Fetc",
        "/v1/records/a%20b",
        "/v1/records/..",
        "/v1/sessions/a.b",
        "/v1/sessions/..%2F..",
    ] {
        let (s, b) = call(&app, Method::GET, uri, k, None).await;
        assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{uri}: {b}");
        assert_eq!(error_code(&b), "invalid_input");
    }
    for (uri, body) in [
        (
            "/v1/records/a..b/links",
            json!({"kind": "supports", "target": "x"}),
        ),
        (
            "/v1/records/ok/links",
            json!({"kind": "supports", "target": "../x"}),
        ),
        (
            "/v1/records/ok/links",
            json!({"kind": "follows", "target": "x"}),
        ),
        ("/v1/records/restore", json!({"ids": ["a/b"]})),
        ("/v1/records/restore", json!({"ids": []})),
        ("/v1/sessions/a%2Fb/messages", json!({"content": "hi"})),
        ("/v1/sessions/s1/messages", json!({"content": "  "})),
        (
            "/v1/sessions/s1/messages",
            json!({"content": "hi", "role": "robot"}),
        ),
        ("/v1/sessions/s1/context", json!({"budget": 5})),
        ("/v1/prune", json!({})),
        ("/v1/prune", json!({"older_than": "soon"})),
        ("/v1/prune", json!({"types": ["memo"]})),
        ("/v1/prune", json!({"max_access": 0, "mode": "shred"})),
        ("/v1/remember", json!({"text": "x", "session": "a/b"})),
        ("/v1/remember", json!({"text": "x", "confidence": 2.0})),
        ("/v1/remember", json!({"text": "x", "type": "memo"})),
    ] {
        let (s, b) = call(&app, Method::POST, uri, k, Some(&body)).await;
        assert!(
            s == StatusCode::UNPROCESSABLE_ENTITY
                || (s == StatusCode::NOT_FOUND && uri.contains("/ok/")),
            "{uri} {body}: {s} {b}"
        );
    }
    let (s, b) = call(&app, Method::GET, "/v1/records?limit=0", k, None).await;
    assert_eq!(
        (s, error_code(&b)),
        (StatusCode::UNPROCESSABLE_ENTITY, "invalid_input")
    );
    let (s, _) = call(&app, Method::GET, "/v1/records?session=a&tag=b", k, None).await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    let (s, _) = call(&app, Method::GET, "/v1/audit?after=r/x", k, None).await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    let (s, _) = call(&app, Method::GET, "/v1/records?bogus=1", k, None).await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn records_pin_link_list_prune_restore_and_audit() {
    let app = app(keyed_config());
    let k = KEY_A;
    let a = remember(
        &app,
        k,
        json!({"text": "Ada Lovelace was born in London.", "id": "ada",
        "session": "conv-1", "tags": ["History"], "type": "fact", "user": "sam", "model": "m1",
        "confidence": 0.8, "at": "2020-01-01T10:00:00Z"}),
    )
    .await;
    assert_eq!(a["record"]["type"], "fact");
    assert_eq!(a["record"]["tags"], json!(["history"]));
    let b = remember(
        &app,
        k,
        json!({"text": "Ada Lovelace lived in London.", "id": "ada2",
        "session": "conv-1", "at": "2020-01-01T10:01:00Z"}),
    )
    .await;
    let kinds: Vec<&str> = b["links"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["kind"].as_str().unwrap())
        .collect();
    assert!(
        kinds.contains(&"follows") && kinds.contains(&"context_of"),
        "{b}"
    );
    // Backwards compatible: a plain remember still answers the old fields.
    let plain = remember(&app, k, json!({"text": "Charles Babbage lived in London."})).await;
    assert!(plain["written"].as_bool().unwrap() && plain["episode_id"].is_string());

    // Answers written back are records too.
    let ans = json!({"text": "Charles Babbage was born in London.", "id": "answer-1"});
    let (s, r) = call(&app, Method::POST, "/v1/answers", Some(k), Some(&ans)).await;
    assert_eq!(
        (s, r["record"]["id"].as_str()),
        (StatusCode::OK, Some("answer-1")),
        "{r}"
    );
    let (s, d) = call(&app, Method::GET, "/v1/records/ada", Some(k), None).await;
    assert_eq!(s, StatusCode::OK, "{d}");
    assert_eq!(d["record"]["user"], "sam");
    assert!((d["record"]["confidence"].as_f64().unwrap() - 0.8).abs() < 1e-6);
    let (s, d) = call(&app, Method::GET, "/v1/records/nope", Some(k), None).await;
    assert_eq!((s, error_code(&d)), (StatusCode::NOT_FOUND, "not_found"));

    let (s, p) = call(
        &app,
        Method::GET,
        "/v1/records?session=conv-1&limit=1",
        Some(k),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{p}");
    assert_eq!(p["records"][0]["id"], "ada");
    let next = p["next"].as_str().unwrap().to_string();
    let uri = format!(
        "/v1/records?session=conv-1&limit=1&after={}",
        next.replace('/', "%2F")
    );
    let (_, p) = call(&app, Method::GET, &uri, Some(k), None).await;
    assert_eq!(p["records"][0]["id"], "ada2", "{p}");
    let (_, p) = call(&app, Method::GET, "/v1/records?tag=history", Some(k), None).await;
    assert_eq!(p["records"].as_array().unwrap().len(), 1);

    let (s, r) = call(&app, Method::PUT, "/v1/records/ada/pin", Some(k), None).await;
    assert_eq!(
        (s, r["pinned"].as_bool()),
        (StatusCode::OK, Some(true)),
        "{r}"
    );
    let link = json!({"kind": "supports", "target": "ada"});
    let (s, l) = call(
        &app,
        Method::POST,
        "/v1/records/ada2/links",
        Some(k),
        Some(&link),
    )
    .await;
    assert_eq!(
        (s, l["created"].as_bool()),
        (StatusCode::OK, Some(true)),
        "{l}"
    );
    let (_, l) = call(
        &app,
        Method::POST,
        "/v1/records/ada2/links",
        Some(k),
        Some(&link),
    )
    .await;
    assert_eq!(l["created"], false);

    // Dry run by default: lists, keeps; the pinned record is spared.
    let policy = json!({"older_than": "1d"});
    let (s, p) = call(&app, Method::POST, "/v1/prune", Some(k), Some(&policy)).await;
    assert_eq!(s, StatusCode::OK, "{p}");
    assert_eq!(
        (
            p["mode"].as_str(),
            p["ids"].clone(),
            p["pinned_kept"].as_u64()
        ),
        (Some("dry_run"), json!(["ada2"]), Some(1))
    );
    let (s, _) = call(&app, Method::GET, "/v1/records/ada2", Some(k), None).await;
    assert_eq!(s, StatusCode::OK);
    let archive = json!({"older_than": "1d", "types": ["note"], "mode": "archive"});
    let (_, p) = call(&app, Method::POST, "/v1/prune", Some(k), Some(&archive)).await;
    assert_eq!(p["ids"], json!(["ada2"]), "{p}");
    let (s, _) = call(&app, Method::GET, "/v1/records/ada2", Some(k), None).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    let (s, r) = call(
        &app,
        Method::POST,
        "/v1/records/restore",
        Some(k),
        Some(&json!({"ids": ["ada2", "never"]})),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{r}");
    assert_eq!(r["restored"], json!(["ada2"]));
    assert_eq!(r["failed"][0]["id"], "never");
    let (s, _) = call(&app, Method::GET, "/v1/records/ada2", Some(k), None).await;
    assert_eq!(s, StatusCode::OK);

    let (s, log) = call(&app, Method::GET, "/v1/audit?limit=3", Some(k), None).await;
    assert_eq!(s, StatusCode::OK, "{log}");
    assert_eq!(log["entries"].as_array().unwrap().len(), 3);
    let after = log["next"].as_str().unwrap();
    let (_, rest) = call(
        &app,
        Method::GET,
        &format!("/v1/audit?after={}", after.replace('/', "%2F")),
        Some(k),
        None,
    )
    .await;
    let actions: Vec<&str> = log["entries"]
        .as_array()
        .unwrap()
        .iter()
        .chain(rest["entries"].as_array().unwrap())
        .map(|e| e["action"].as_str().unwrap())
        .collect();
    assert_eq!(
        actions,
        ["write", "write", "write", "write", "pin", "link", "archive", "restore"]
    );
}

#[tokio::test]
async fn tenants_never_see_each_others_records_or_sessions() {
    let app = app(keyed_config());
    remember(
        &app,
        KEY_A,
        json!({"text": "Ada Lovelace was born in London.", "id": "secret",
        "session": "conv-a", "tags": ["private"]}),
    )
    .await;
    let msg = json!({"content": "My name is Ada and I live in London."});
    let (s, _) = call(
        &app,
        Method::POST,
        "/v1/sessions/chat/messages",
        Some(KEY_A),
        Some(&msg),
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    let b = Some(KEY_B);
    let (s, _) = call(&app, Method::GET, "/v1/records/secret", b, None).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    for uri in [
        "/v1/records",
        "/v1/records?session=conv-a",
        "/v1/records?tag=private",
    ] {
        let (_, p) = call(&app, Method::GET, uri, b, None).await;
        assert_eq!(p["records"], json!([]), "{uri}: {p}");
    }
    let (_, log) = call(&app, Method::GET, "/v1/audit", b, None).await;
    assert_eq!(log["entries"], json!([]));
    for (m, uri, body) in [
        (Method::PUT, "/v1/records/secret/pin", json!({})),
        (
            Method::POST,
            "/v1/records/secret/links",
            json!({"kind": "supports", "target": "secret2"}),
        ),
    ] {
        let (s, _) = call(&app, m, uri, b, Some(&body)).await;
        assert_eq!(s, StatusCode::NOT_FOUND, "{uri}");
    }
    let (_, p) = call(
        &app,
        Method::POST,
        "/v1/prune",
        b,
        Some(&json!({"max_access": 100, "mode": "permanent"})),
    )
    .await;
    assert_eq!(p["count"], 0, "{p}");
    let (_, r) = call(
        &app,
        Method::POST,
        "/v1/records/restore",
        b,
        Some(&json!({"ids": ["secret"]})),
    )
    .await;
    assert_eq!(r["restored"], json!([]));
    let (_, sess) = call(&app, Method::GET, "/v1/sessions/chat", b, None).await;
    assert_eq!(sess["messages"], json!([]), "{sess}");
    let (_, ctx) = call(
        &app,
        Method::POST,
        "/v1/sessions/chat/context",
        b,
        Some(&json!({})),
    )
    .await;
    assert!(!ctx.to_string().contains("London"), "{ctx}");
    // Tenant A still has everything.
    let (s, _) = call(&app, Method::GET, "/v1/records/secret", Some(KEY_A), None).await;
    assert_eq!(s, StatusCode::OK);
    let (_, sess) = call(&app, Method::GET, "/v1/sessions/chat", Some(KEY_A), None).await;
    assert_eq!(sess["messages"].as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn session_messages_context_and_compact() {
    let app = app(keyed_config());
    let k = Some(KEY_A);
    for (role, text) in [
        ("user", "Laura Chen works at Orion Labs in Lyon."),
        ("assistant", "Noted: Laura Chen works at Orion Labs."),
    ] {
        let body = json!({"role": role, "content": text, "tags": ["work"]});
        let (s, r) = call(
            &app,
            Method::POST,
            "/v1/sessions/s-1/messages",
            k,
            Some(&body),
        )
        .await;
        assert_eq!(s, StatusCode::OK, "{r}");
        assert!(r["seq"].as_u64().unwrap() >= 1);
    }
    let (s, sess) = call(&app, Method::GET, "/v1/sessions/s-1", k, None).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(sess["messages"].as_array().unwrap().len(), 2);
    assert_eq!(sess["messages"][1]["role"], "assistant");
    let (s, ctx) = call(
        &app,
        Method::POST,
        "/v1/sessions/s-1/context",
        k,
        Some(&json!({"budget": 2000})),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{ctx}");
    assert_eq!(ctx["token_limit"], 2000);
    assert!(ctx["messages"].to_string().contains("Laura Chen"), "{ctx}");
    let (s, c) = call(&app, Method::POST, "/v1/sessions/s-1/compact", k, None).await;
    assert_eq!(s, StatusCode::OK, "{c}");
    assert_eq!(c["session"], "s-1");
}

#[tokio::test]
async fn search_counts_accesses_in_batches_exactly() {
    let state = manual_flush(AppState::new(mnemo(), keyed_config()).unwrap());
    let app = mnemo_server::router(state.clone());
    remember(
        &app,
        KEY_A,
        json!({"text": "Ada Lovelace was born in London.", "id": "ada"}),
    )
    .await;
    let n = 7;
    for _ in 0..n {
        let q = json!({"query": "Where was Ada Lovelace born?"});
        let (s, r) = call(&app, Method::POST, "/v1/search", Some(KEY_A), Some(&q)).await;
        assert_eq!(s, StatusCode::OK, "{r}");
        assert!(r["provenance"].to_string().contains("ada"), "{r}");
    }
    // Tenant B's searches count for B only (B has no such record).
    let q = json!({"query": "Where was Ada Lovelace born?"});
    call(&app, Method::POST, "/v1/search", Some(KEY_B), Some(&q)).await;
    // Nothing written yet, but reading the record includes what is pending.
    let records =
        mnemo_records::Records::new(state.mnemo.for_tenant(mnemo::Tenant::new("alpha").unwrap()));
    assert_eq!(records.get("ada").await.unwrap().unwrap().access_count, 0);
    let (_, d) = call(&app, Method::GET, "/v1/records/ada", Some(KEY_A), None).await;
    assert_eq!(d["record"]["access_count"], n);
    assert_eq!(state.services().access().flush().await, 1);
    let stored = records.get("ada").await.unwrap().unwrap();
    assert_eq!(stored.access_count, n);
    assert!(stored.last_access.is_some());
    let (_, d) = call(&app, Method::GET, "/v1/records/ada", Some(KEY_A), None).await;
    assert_eq!(d["record"]["access_count"], n, "not counted twice");
}

#[tokio::test]
async fn shutdown_writes_pending_access_counts() {
    let state = manual_flush(AppState::new(mnemo(), keyed_config()).unwrap());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(mnemo_server::serve_on(
        listener,
        state.clone(),
        async move {
            let _ = stopped.await;
        },
    ));
    let app = mnemo_server::router(state.clone());
    remember(
        &app,
        KEY_A,
        json!({"text": "Ada Lovelace was born in London.", "id": "ada"}),
    )
    .await;
    for _ in 0..3 {
        call(
            &app,
            Method::POST,
            "/v1/search",
            Some(KEY_A),
            Some(&json!({"query": "Ada Lovelace"})),
        )
        .await;
    }
    let records =
        mnemo_records::Records::new(state.mnemo.for_tenant(mnemo::Tenant::new("alpha").unwrap()));
    assert_eq!(records.get("ada").await.unwrap().unwrap().access_count, 0);
    stop.send(()).unwrap();
    server.await.unwrap().unwrap();
    assert_eq!(records.get("ada").await.unwrap().unwrap().access_count, 3);
}

async fn mcp_call(
    client: &rmcp::service::RunningService<rmcp::RoleClient, ()>,
    name: &'static str,
    args: Value,
) -> CallToolResult {
    let args = args.as_object().expect("object").clone();
    client
        .call_tool(CallToolRequestParams::new(name).with_arguments(args))
        .await
        .expect("tools/call answered")
}

fn body(r: &CallToolResult) -> Value {
    r.structured_content.clone().unwrap_or(Value::Null)
}

#[tokio::test]
async fn record_and_session_tools() {
    let (server_io, client_io) = tokio::io::duplex(64 * 1024);
    let (r, w) = tokio::io::split(server_io);
    let server = tokio::spawn(mnemo_server::serve_mcp(common::mnemo(), r, w));
    let client = ().serve(client_io).await.expect("initialize");

    let a = mcp_call(
        &client,
        "remember",
        json!({"text": "Ada Lovelace was born in London.",
        "id": "ada", "session": "c1", "tags": ["history"], "type": "fact", "model": "m1"}),
    )
    .await;
    assert_eq!(a.is_error, Some(false), "{a:?}");
    assert_eq!(body(&a)["record"]["type"], "fact");
    mcp_call(
        &client,
        "remember",
        json!({"text": "Ada Lovelace lived in London.", "id": "ada2"}),
    )
    .await;

    let p = mcp_call(&client, "record_pin", json!({"id": "ada"})).await;
    assert_eq!(body(&p)["pinned"], true, "{p:?}");
    let l = mcp_call(
        &client,
        "record_link",
        json!({"from": "ada2", "kind": "contradicts", "to": "ada"}),
    )
    .await;
    assert_eq!(body(&l)["created"], true, "{l:?}");
    let bad = mcp_call(
        &client,
        "record_link",
        json!({"from": "ada2", "kind": "follows", "to": "ada"}),
    )
    .await;
    assert_eq!(bad.is_error, Some(true));
    let missing = mcp_call(&client, "record_pin", json!({"id": "../x"})).await;
    assert_eq!(missing.is_error, Some(true));

    // Dry run by default: ada2 would go, pinned ada is kept, nothing is removed.
    let dry = mcp_call(&client, "prune", json!({"max_access": 10})).await;
    assert_eq!(body(&dry)["mode"], "dry_run", "{dry:?}");
    assert_eq!(body(&dry)["ids"], json!(["ada2"]));
    assert_eq!(body(&dry)["pinned_kept"], 1);
    let again = mcp_call(&client, "prune", json!({"max_access": 10})).await;
    assert_eq!(
        body(&again)["ids"],
        json!(["ada2"]),
        "dry run removed nothing"
    );
    let none = mcp_call(&client, "prune", json!({})).await;
    assert_eq!(none.is_error, Some(true));

    let put = mcp_call(
        &client,
        "session_put",
        json!({"session": "chat-1",
        "content": "Laura Chen works at Orion Labs in Lyon.", "tags": ["work"]}),
    )
    .await;
    assert_eq!(put.is_error, Some(false), "{put:?}");
    assert_eq!(body(&put)["seq"], 1);
    let ctx = mcp_call(
        &client,
        "session_context",
        json!({"session": "chat-1", "budget": 1000}),
    )
    .await;
    assert_eq!(ctx.is_error, Some(false), "{ctx:?}");
    assert!(body(&ctx)["messages"].to_string().contains("Orion Labs"));
    let bad = mcp_call(
        &client,
        "session_put",
        json!({"session": "a/b", "content": "x"}),
    )
    .await;
    assert_eq!(bad.is_error, Some(true));

    client.cancel().await.unwrap();
    server.await.unwrap().unwrap();
}

fn refs(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                match (k.as_str(), x) {
                    ("$ref", Value::String(r)) => out.push(r.clone()),
                    _ => refs(x, out),
                }
            }
        }
        Value::Array(a) => a.iter().for_each(|x| refs(x, out)),
        _ => {}
    }
}

#[test]
fn every_schema_reference_resolves() {
    let doc = serde_json::to_value(mnemo_server::openapi()).unwrap();
    let mut all = Vec::new();
    refs(&doc, &mut all);
    assert!(all.len() > 20, "{}", all.len());
    let schemas = doc["components"]["schemas"].as_object().unwrap();
    for r in all {
        let name = r
            .strip_prefix("#/components/schemas/")
            .unwrap_or_else(|| panic!("{r}"));
        assert!(schemas.contains_key(name), "dangling {r}");
    }
    for name in [
        "RecordView",
        "LinkView",
        "PruneRequest",
        "MessageRequest",
        "AuditPage",
    ] {
        assert!(schemas.contains_key(name), "{name} missing");
    }
}
