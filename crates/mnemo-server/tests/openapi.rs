//! The served OpenAPI document matches the router: every documented operation is routed, and
//! probing the router with every method on every plausible path finds no undocumented route.

mod common;

use std::collections::BTreeSet;

use axum::http::{Method, StatusCode};
use common::*;
use serde_json::{json, Value};

const METHODS: [&str; 5] = ["get", "post", "put", "patch", "delete"];

/// (method, path template) of every documented operation.
fn documented(doc: &Value) -> BTreeSet<(String, String)> {
    let mut ops = BTreeSet::new();
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for m in METHODS {
            if item.get(m).is_some() {
                ops.insert((m.to_string(), path.clone()));
            }
        }
    }
    ops
}

fn concrete(template: &str) -> String {
    template
        .split('/')
        .map(|s| if s.starts_with('{') { "x" } else { s })
        .collect::<Vec<_>>()
        .join("/")
}

fn matches(template: &str, path: &str) -> bool {
    let (t, p): (Vec<_>, Vec<_>) = (template.split('/').collect(), path.split('/').collect());
    t.len() == p.len() && t.iter().zip(&p).all(|(a, b)| a.starts_with('{') || a == b)
}

/// True when the router has no route for this method and path (its fallbacks answered).
fn unrouted(status: StatusCode, body: &Value) -> bool {
    let code = body["error"]["code"].as_str().unwrap_or("");
    (status == StatusCode::NOT_FOUND && code == "route_not_found")
        || (status == StatusCode::METHOD_NOT_ALLOWED && code == "method_not_allowed")
}

#[tokio::test]
async fn the_document_is_served_and_equals_the_generated_one() {
    let app = app(keyed_config());
    let (s, served) = call(&app, Method::GET, "/openapi.json", None, None).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(
        served,
        serde_json::to_value(mnemo_server::openapi()).unwrap()
    );
    let expected: BTreeSet<(String, String)> = [
        ("post", "/v1/search"),
        ("post", "/v1/remember"),
        ("post", "/v1/answers"),
        ("post", "/v1/ingest"),
        ("get", "/v1/jobs/{id}"),
        ("get", "/v1/entities/{key}"),
        ("get", "/v1/entities/{key}/neighbourhood"),
        ("get", "/v1/stats"),
        ("delete", "/v1/episodes/{id}"),
        ("delete", "/v1/documents/{id}"),
        ("get", "/v1/records"),
        ("get", "/v1/records/{id}"),
        ("put", "/v1/records/{id}/pin"),
        ("delete", "/v1/records/{id}/pin"),
        ("post", "/v1/records/{id}/links"),
        ("post", "/v1/records/restore"),
        ("post", "/v1/prune"),
        ("get", "/v1/audit"),
        ("post", "/v1/sessions/{id}/messages"),
        ("get", "/v1/sessions/{id}"),
        ("post", "/v1/sessions/{id}/context"),
        ("post", "/v1/sessions/{id}/compact"),
        ("get", "/healthz"),
        ("get", "/readyz"),
        ("get", "/openapi.json"),
    ]
    .into_iter()
    .map(|(m, p)| (m.to_string(), p.to_string()))
    .collect();
    assert_eq!(documented(&served), expected);
    // Every /v1 operation declares the bearer scheme and documents 401.
    for (m, p) in documented(&served)
        .iter()
        .filter(|(_, p)| p.starts_with("/v1/"))
    {
        let op = &served["paths"][p][m];
        assert_eq!(op["security"], json!([{"api_key": []}]), "{m} {p}");
        for code in ["401", "500", "503"] {
            assert!(op["responses"][code].is_object(), "{m} {p} lacks {code}");
        }
        assert!(
            op["description"]
                .as_str()
                .or(op["summary"].as_str())
                .is_some(),
            "{m} {p}"
        );
    }
    assert!(served["components"]["securitySchemes"]["api_key"].is_object());
}

#[tokio::test]
async fn every_documented_operation_is_routed() {
    let app = app(keyed_config());
    let doc = serde_json::to_value(mnemo_server::openapi()).unwrap();
    for (m, template) in documented(&doc) {
        let method = Method::from_bytes(m.to_uppercase().as_bytes()).unwrap();
        let (s, b) = call(
            &app,
            method,
            &concrete(&template),
            Some(KEY_A),
            Some(&json!({})),
        )
        .await;
        assert!(
            !unrouted(s, &b),
            "{m} {template} is documented but not routed: {s} {b}"
        );
    }
}

#[tokio::test]
async fn no_route_is_missing_from_the_document() {
    let app = app(keyed_config());
    let doc = serde_json::to_value(mnemo_server::openapi()).unwrap();
    let ops = documented(&doc);
    // Segments of the documented paths plus names a new route would plausibly use.
    let mut segments: BTreeSet<String> = ops
        .iter()
        .flat_map(|(_, p)| p.split('/').map(str::to_string).collect::<Vec<_>>())
        .filter(|s| !s.is_empty() && !s.starts_with('{'))
        .collect();
    for extra in [
        "x",
        "facts",
        "export",
        "metrics",
        "tenants",
        "keys",
        "history",
        "recall",
        "admin",
        "debug",
        "health",
        "ready",
        "openapi",
        "docs",
        "jobs",
        "episodes",
        "documents",
    ] {
        segments.insert(extra.to_string());
    }
    let mut paths = BTreeSet::new();
    for a in &segments {
        paths.insert(format!("/{a}"));
        for b in &segments {
            paths.insert(format!("/{a}/{b}"));
            paths.insert(format!("/{a}/{b}/x"));
            for c in ["neighbourhood", "facts", "mentions", "x"] {
                paths.insert(format!("/{a}/{b}/x/{c}"));
            }
        }
    }
    let mut probed = 0;
    for path in paths.iter().filter(|p| !p.starts_with("/mcp")) {
        for m in METHODS {
            let method = Method::from_bytes(m.to_uppercase().as_bytes()).unwrap();
            let (s, b) = call(&app, method, path, Some(KEY_A), Some(&json!({}))).await;
            probed += 1;
            if unrouted(s, &b) {
                continue;
            }
            assert!(
                ops.iter().any(|(dm, t)| dm == m && matches(t, path)),
                "{m} {path} is routed ({s} {b}) but not in the OpenAPI document"
            );
        }
    }
    assert!(probed > 5000, "probed only {probed}");
}
