//! The record endpoints: keys, malformed requests, ids with path characters, the whole record life.

use axum::http::{Method, StatusCode};
use mnemo_server::ServerConfig;
use serde_json::json;

use super::common::*;
use super::*;

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
