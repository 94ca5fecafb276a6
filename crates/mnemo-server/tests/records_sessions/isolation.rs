//! Tenant isolation of records and sessions, and the session endpoints.

use axum::http::{Method, StatusCode};
use serde_json::json;

use super::common::*;
use super::*;

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
