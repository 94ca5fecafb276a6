//! Router-level tests of the endpoints (ingest: `http_ingest.rs`): success paths, bad JSON,
//! missing and invalid keys, oversized bodies, unknown routes and methods.

mod common;

use axum::http::{Method, StatusCode};
use common::*;
use mnemo_server::ServerConfig;
use serde_json::json;

const FACT: &str = "Ada Lovelace was born in London. Ada Lovelace worked with Charles Babbage.";

#[tokio::test]
async fn health_readiness_and_openapi_need_no_key() {
    let app = app(keyed_config());
    let (s, b) = call(&app, Method::GET, "/healthz", None, None).await;
    assert_eq!((s, b["status"].as_str()), (StatusCode::OK, Some("ok")));
    let (s, b) = call(&app, Method::GET, "/readyz", None, None).await;
    assert_eq!((s, b["status"].as_str()), (StatusCode::OK, Some("ok")));
    let (s, b) = call(&app, Method::GET, "/openapi.json", None, None).await;
    assert_eq!(s, StatusCode::OK);
    assert!(b["openapi"].as_str().unwrap().starts_with("3."));
    assert!(b["paths"]["/v1/search"]["post"].is_object());
}

#[tokio::test]
async fn every_v1_route_rejects_missing_and_invalid_keys() {
    let app = app(keyed_config());
    let routes: &[(Method, &str)] = &[
        (Method::POST, "/v1/search"),
        (Method::POST, "/v1/remember"),
        (Method::POST, "/v1/answers"),
        (Method::POST, "/v1/ingest"),
        (Method::GET, "/v1/jobs/job-1"),
        (Method::GET, "/v1/entities/ada"),
        (Method::GET, "/v1/entities/ada/neighbourhood"),
        (Method::GET, "/v1/stats"),
        (Method::DELETE, "/v1/episodes/ep1"),
        (Method::DELETE, "/v1/documents/doc1"),
        (Method::POST, "/mcp"),
    ];
    let body = json!({"query": "x", "text": "x", "documents": []});
    for (m, uri) in routes {
        for key in [None, Some("wrong-key"), Some("")] {
            let (s, b) = call(&app, m.clone(), uri, key, Some(&body)).await;
            assert_eq!(s, StatusCode::UNAUTHORIZED, "{m} {uri} with {key:?}: {b}");
            assert_eq!(error_code(&b), "unauthorized");
        }
    }
    // A non-Bearer scheme is rejected too.
    let (s, _) = send_raw(&app, Method::GET, "/v1/stats", None, None, None).await;
    assert_eq!(s, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn remember_then_search_entity_neighbourhood_stats() {
    let app = app(keyed_config());
    let k = Some(KEY_A);
    let (s, b) = call(
        &app,
        Method::POST,
        "/v1/remember",
        k,
        Some(&json!({"text": FACT})),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert!(b["written"].as_bool().unwrap());
    assert!(b["entities"].as_u64().unwrap() >= 2, "{b}");
    let episode = b["episode_id"].as_str().unwrap().to_string();

    let (s, b) = call(
        &app,
        Method::POST,
        "/v1/search",
        k,
        Some(&json!({"query": "Where was Ada Lovelace born?", "budget": 400})),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(b["hit"], json!(true), "{b}");
    assert!(
        b["context_text"].as_str().unwrap().contains("London"),
        "{b}"
    );
    assert!(b["tokens"].as_u64().unwrap() <= 400);

    let (s, b) = call(&app, Method::GET, "/v1/entities/ADA%20lovelace", k, None).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(b["entity"]["key"], json!("ada lovelace"));
    assert!(b["entity"]["mentions"].as_u64().unwrap() >= 1);

    let (s, b) = call(
        &app,
        Method::GET,
        "/v1/entities/ada%20lovelace/neighbourhood?depth=2&fanout=8,4&max_facts=50",
        k,
        None,
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(b["seed"], json!("ada lovelace"));
    let facts = b["facts"].as_array().unwrap();
    assert!(!facts.is_empty(), "{b}");
    assert!(facts.iter().all(|f| f["episodes"]
        .as_array()
        .unwrap()
        .iter()
        .any(|e| e == &json!(episode))));

    let (s, b) = call(&app, Method::GET, "/v1/stats", k, None).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(b["tenant"], json!("alpha"));
    assert_eq!(b["episodes"], json!(1));
    assert!(b["entities"].as_u64().unwrap() >= 2);

    let (s, b) = call(
        &app,
        Method::DELETE,
        &format!("/v1/episodes/{episode}"),
        k,
        None,
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(b["episodes"], json!(1));
    let (_, b) = call(&app, Method::GET, "/v1/stats", k, None).await;
    assert_eq!(
        (b["episodes"].as_u64(), b["entities"].as_u64()),
        (Some(0), Some(0)),
        "{b}"
    );
    let (s, b) = call(
        &app,
        Method::DELETE,
        &format!("/v1/episodes/{episode}"),
        k,
        None,
    )
    .await;
    assert_eq!((s, error_code(&b)), (StatusCode::NOT_FOUND, "not_found"));
}

#[tokio::test]
async fn search_miss_and_bad_search_input() {
    let app = app(keyed_config());
    let k = Some(KEY_A);
    let (s, b) = call(
        &app,
        Method::POST,
        "/v1/search",
        k,
        Some(&json!({"query": "Who is Zyx?"})),
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(b["hit"], json!(false), "{b}");
    for bad in [
        json!({"query": "  "}),
        json!({"query": "x", "budget": 0}),
        json!({"query": "x", "budget": 10_000_000}),
        json!({"query": 5}),
        json!({"q": "x"}),
        json!({"query": "x", "extra": 1}),
        json!({"query": "x", "as_of": "last week"}),
    ] {
        let (s, b) = call(&app, Method::POST, "/v1/search", k, Some(&bad)).await;
        assert_eq!(
            (s, error_code(&b)),
            (StatusCode::UNPROCESSABLE_ENTITY, "invalid_input"),
            "{bad}"
        );
    }
}

#[tokio::test]
async fn search_as_of_shows_memory_as_it_stood_then() {
    let app = app(keyed_config());
    let k = Some(KEY_A);
    for (text, at) in [
        ("Lena Vogt moved to Lyon.", "2024-06-01T09:00:00Z"),
        ("Lena Vogt lives in Paris.", "2020-04-01T09:00:00Z"),
    ] {
        let (s, b) = call(
            &app,
            Method::POST,
            "/v1/remember",
            k,
            Some(&json!({"text": text, "at": at})),
        )
        .await;
        assert_eq!(s, StatusCode::OK, "{b}");
    }
    let ask = |as_of: Option<&str>| {
        let mut q = json!({"query": "Where does Lena Vogt live?"});
        if let Some(t) = as_of {
            q["as_of"] = json!(t);
        }
        q
    };
    let (s, now) = call(&app, Method::POST, "/v1/search", k, Some(&ask(None))).await;
    assert_eq!(s, StatusCode::OK);
    let facts = now["facts"].as_array().unwrap();
    let paris = facts.iter().find(|f| f["object_name"] == "Paris").unwrap();
    assert_eq!(paris["valid_to"], json!("2024-06-01T09:00:00Z"), "{now}");
    assert_eq!(paris["valid_from"], json!("2020-04-01T09:00:00Z"));
    let (s, then) = call(
        &app,
        Method::POST,
        "/v1/search",
        k,
        Some(&ask(Some("2022-01-01"))),
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    let text = then["context_text"].as_str().unwrap();
    assert!(text.contains("Paris") && !text.contains("Lyon"), "{text}");
}

#[tokio::test]
async fn malformed_json_wrong_content_type_and_oversized_bodies() {
    let cfg = ServerConfig {
        body_limit_bytes: 1024,
        ingest_body_limit_bytes: 4096,
        ..keyed_config()
    };
    let app = app(cfg);
    let k = Some(KEY_A);
    for uri in ["/v1/search", "/v1/remember", "/v1/answers", "/v1/ingest"] {
        let (s, b) = send_raw(
            &app,
            Method::POST,
            uri,
            k,
            Some("{,}"),
            Some("application/json"),
        )
        .await;
        assert_eq!(
            (s, error_code(&b)),
            (StatusCode::BAD_REQUEST, "bad_json"),
            "{uri}"
        );
        let (s, b) = send_raw(&app, Method::POST, uri, k, Some("{}"), Some("text/plain")).await;
        assert_eq!(
            (s, error_code(&b)),
            (StatusCode::UNSUPPORTED_MEDIA_TYPE, "unsupported_media_type")
        );
    }
    let big = json!({"text": "a".repeat(2000)});
    let (s, b) = call(&app, Method::POST, "/v1/remember", k, Some(&big)).await;
    assert_eq!(
        (s, error_code(&b)),
        (StatusCode::PAYLOAD_TOO_LARGE, "body_too_large")
    );
    // Ingest has its own, larger limit.
    let doc = json!({"documents": [{"text": format!("Ada Lovelace met Charles Babbage. {}", "x ".repeat(900))}]});
    let (s, b) = call(&app, Method::POST, "/v1/ingest", k, Some(&doc)).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let huge = json!({"documents": [{"text": "a".repeat(5000)}]});
    let (s, b) = call(&app, Method::POST, "/v1/ingest", k, Some(&huge)).await;
    assert_eq!(
        (s, error_code(&b)),
        (StatusCode::PAYLOAD_TOO_LARGE, "body_too_large")
    );
}

#[tokio::test]
async fn remember_validates_kind_id_and_text() {
    let app = app(keyed_config());
    let k = Some(KEY_A);
    for bad in [
        json!({"text": ""}),
        json!({"text": "Ada", "kind": "document_chunk"}),
        json!({"text": "Ada", "kind": "gossip"}),
        json!({"text": "Ada", "id": "bad id!"}),
        json!({"text": "Ada", "at": "yesterday"}),
    ] {
        let (s, b) = call(&app, Method::POST, "/v1/remember", k, Some(&bad)).await;
        assert_eq!(
            (s, error_code(&b)),
            (StatusCode::UNPROCESSABLE_ENTITY, "invalid_input"),
            "{bad}: {b}"
        );
    }
    let body = json!({"text": FACT, "kind": "interaction", "id": "turn-1", "speaker": "Bob",
                      "source": "chat", "at": "2024-05-01T10:00:00Z"});
    let (s, b) = call(&app, Method::POST, "/v1/remember", k, Some(&body)).await;
    assert_eq!(
        (s, &b["episode_id"], &b["written"]),
        (StatusCode::OK, &json!("turn-1"), &json!(true)),
        "{b}"
    );
    let (s, b) = call(&app, Method::POST, "/v1/remember", k, Some(&body)).await;
    assert_eq!(
        (s, &b["written"]),
        (StatusCode::OK, &json!(false)),
        "same id again changes nothing"
    );
}

#[tokio::test]
async fn answers_are_stored_and_found() {
    let app = app(keyed_config());
    let k = Some(KEY_A);
    let body = json!({"text": "Grace Hopper worked for the United States Navy.", "id": "ans-1"});
    let (s, b) = call(&app, Method::POST, "/v1/answers", k, Some(&body)).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(b["episode_id"], json!("ans-1"));
    let (_, b) = call(
        &app,
        Method::POST,
        "/v1/search",
        k,
        Some(&json!({"query": "Grace Hopper"})),
    )
    .await;
    assert_eq!(b["hit"], json!(true), "{b}");
    let (s, b) = call(
        &app,
        Method::POST,
        "/v1/answers",
        k,
        Some(&json!({"text": "x", "kind": "note"})),
    )
    .await;
    assert_eq!(
        (s, error_code(&b)),
        (StatusCode::UNPROCESSABLE_ENTITY, "invalid_input"),
        "answers take no kind"
    );
}

#[tokio::test]
async fn entity_lookup_errors_and_neighbourhood_params() {
    let app = app(keyed_config());
    let k = Some(KEY_A);
    call(
        &app,
        Method::POST,
        "/v1/remember",
        k,
        Some(&json!({"text": FACT})),
    )
    .await;
    let (s, b) = call(&app, Method::GET, "/v1/entities/Nobody%20Here", k, None).await;
    assert_eq!((s, error_code(&b)), (StatusCode::NOT_FOUND, "not_found"));
    let (s, b) = call(&app, Method::GET, "/v1/entities/%21%21%21", k, None).await;
    assert_eq!(
        (s, error_code(&b)),
        (StatusCode::UNPROCESSABLE_ENTITY, "invalid_input")
    );
    for q in [
        "depth=3",
        "depth=0",
        "fanout=0",
        "fanout=a,b",
        "max_facts=0",
        "max_facts=99999",
    ] {
        let (s, b) = call(
            &app,
            Method::GET,
            &format!("/v1/entities/ada%20lovelace/neighbourhood?{q}"),
            k,
            None,
        )
        .await;
        assert_eq!(
            (s, error_code(&b)),
            (StatusCode::UNPROCESSABLE_ENTITY, "invalid_input"),
            "{q}"
        );
    }
    for q in ["depth=x", "nope=1"] {
        let (s, b) = call(
            &app,
            Method::GET,
            &format!("/v1/entities/ada%20lovelace/neighbourhood?{q}"),
            k,
            None,
        )
        .await;
        assert_eq!(
            (s, error_code(&b)),
            (StatusCode::BAD_REQUEST, "invalid_input"),
            "{q}"
        );
    }
    let (s, b) = call(
        &app,
        Method::GET,
        "/v1/entities/ada%20lovelace/neighbourhood?depth=1&max_facts=1",
        k,
        None,
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(b["facts"].as_array().unwrap().len(), 1, "{b}");
}

#[tokio::test]
async fn unknown_routes_and_methods_get_json_errors() {
    let app = app(keyed_config());
    let (s, b) = call(&app, Method::GET, "/v2/search", Some(KEY_A), None).await;
    assert_eq!(
        (s, error_code(&b)),
        (StatusCode::NOT_FOUND, "route_not_found")
    );
    let (s, b) = call(&app, Method::GET, "/v1/search", Some(KEY_A), None).await;
    assert_eq!(
        (s, error_code(&b)),
        (StatusCode::METHOD_NOT_ALLOWED, "method_not_allowed")
    );
    let (s, b) = call(&app, Method::DELETE, "/healthz", None, None).await;
    assert_eq!(
        (s, error_code(&b)),
        (StatusCode::METHOD_NOT_ALLOWED, "method_not_allowed")
    );
}

#[tokio::test]
async fn without_keys_requests_use_the_default_tenant() {
    let app = app(ServerConfig::default());
    let (s, b) = call(
        &app,
        Method::POST,
        "/v1/remember",
        None,
        Some(&json!({"text": FACT})),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let (_, b) = call(&app, Method::GET, "/v1/stats", None, None).await;
    assert_eq!(
        (b["tenant"].as_str(), b["episodes"].as_u64()),
        (Some("default"), Some(1))
    );
}
