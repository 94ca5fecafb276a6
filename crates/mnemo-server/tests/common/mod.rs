//! Shared test helpers: an in-memory mnemo, a router with keys, and one-shot JSON requests.
#![allow(dead_code)]

pub mod schema;
pub mod slow;

use std::sync::Arc;

use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use axum::Router;
use mnemo::{Mnemo, MnemoOptions, RuleExtractor, Tenant};
use mnemo_server::{ApiKey, AppState, ServerConfig};
use mnemo_store::EmbeddedStore;
use serde_json::Value;
use tower::ServiceExt;

pub const KEY_A: &str = "key-alpha-0123456789";
pub const KEY_B: &str = "key-bravo-9876543210";

pub fn mnemo() -> Mnemo {
    Mnemo::new(
        Arc::new(EmbeddedStore::in_memory()),
        Arc::new(RuleExtractor),
        Tenant::default(),
        MnemoOptions::default(),
    )
}

/// Two keys: KEY_A for tenant "alpha", KEY_B for tenant "bravo".
pub fn keyed_config() -> ServerConfig {
    ServerConfig {
        api_keys: vec![ApiKey::new(KEY_A, "alpha"), ApiKey::new(KEY_B, "bravo")],
        ..ServerConfig::default()
    }
}

pub fn state(cfg: ServerConfig) -> AppState {
    AppState::new(mnemo(), cfg).expect("valid config")
}

pub fn app(cfg: ServerConfig) -> Router {
    mnemo_server::router(state(cfg))
}

/// Sends one request; returns the status and the body parsed as JSON (Null when empty or not JSON).
pub async fn call(
    app: &Router,
    method: Method,
    uri: &str,
    key: Option<&str>,
    body: Option<&Value>,
) -> (StatusCode, Value) {
    let raw = body.map(|b| b.to_string());
    send_raw(
        app,
        method,
        uri,
        key,
        raw.as_deref(),
        Some("application/json"),
    )
    .await
}

pub async fn send_raw(
    app: &Router,
    method: Method,
    uri: &str,
    key: Option<&str>,
    body: Option<&str>,
    content_type: Option<&str>,
) -> (StatusCode, Value) {
    let mut req = Request::builder().method(method).uri(uri);
    if let Some(k) = key {
        req = req.header("authorization", format!("Bearer {k}"));
    }
    if body.is_some() {
        if let Some(ct) = content_type {
            req = req.header("content-type", ct);
        }
    }
    let req = req
        .body(body.map_or_else(Body::empty, |b| Body::from(b.to_string())))
        .unwrap();
    let resp = app.clone().oneshot(req).await.unwrap();
    let status = resp.status();
    let bytes = axum::body::to_bytes(resp.into_body(), usize::MAX)
        .await
        .unwrap();
    let json = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
    (status, json)
}

/// Asserts the structured error shape and returns its code.
pub fn error_code(body: &Value) -> &str {
    let err = &body["error"];
    assert!(
        err["message"].as_str().is_some_and(|m| !m.is_empty()),
        "no message: {body}"
    );
    err["code"]
        .as_str()
        .unwrap_or_else(|| panic!("no error code: {body}"))
}
