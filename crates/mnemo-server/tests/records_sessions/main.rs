//! Memory records and sessions over HTTP and MCP: router-level tests of the endpoints (success
//! paths, bad JSON, missing and invalid keys, tenant isolation, oversized bodies, ids with path
//! characters), batched access counts (exact after a flush, written at shutdown), the MCP tools
//! through rmcp's client, and the OpenAPI schemas they reference.

#[path = "../common/mod.rs"]
mod common;

mod access;
mod http;
mod isolation;
mod mcp;

use std::time::Duration;

use axum::http::Method;
use mnemo_server::{AccessFlush, AppState};
use serde_json::Value;

/// Access counts are written only when the test flushes (or the server shuts down).
pub fn manual_flush(state: AppState) -> AppState {
    let services = state.services().clone().with_access_flush(AccessFlush {
        interval: Duration::from_secs(3600),
        max_pending: usize::MAX,
    });
    state.with_services(services)
}

pub async fn remember(app: &axum::Router, key: &str, body: Value) -> Value {
    let (s, b) = common::call(app, Method::POST, "/v1/remember", Some(key), Some(&body)).await;
    assert_eq!(s, axum::http::StatusCode::OK, "{b}");
    b
}

pub const NEW_ROUTES: &[(&str, &str)] = &[
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

pub fn method(m: &str) -> Method {
    Method::from_bytes(m.as_bytes()).unwrap()
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
