//! Real responses of every route validate against the served OpenAPI document: each request of a
//! realistic session (remember, search hit and miss, ingest sync and as a job, records, prune,
//! restore, sessions with a flush and a compaction, errors) is answered with a status the document
//! lists for that operation, and its body matches that status's schema. Every documented operation
//! must have been seen succeeding, so a new route without a schema-checked call fails here.

mod common;

use std::collections::BTreeSet;

use axum::body::Body;
use axum::http::{header, Method, Request, StatusCode};
use axum::Router;
use chrono::{Duration, Utc};
use common::schema::{assert_valid, validate};
use common::KEY_A;
use mnemo_server::{AppState, ServerConfig};
use mnemo_session::{CompactionConfig, SessionConfig};
use serde_json::{json, Value};
use tower::ServiceExt;

const METHODS: [&str; 5] = ["get", "post", "put", "patch", "delete"];

/// Sends requests, and checks each answer against the operation the document has for it.
struct Checker {
    app: Router,
    doc: Value,
    /// (method, path template, status) of every checked answer.
    seen: BTreeSet<(String, String, u16)>,
}

fn template_matches(template: &str, path: &str) -> bool {
    let (t, p): (Vec<_>, Vec<_>) = (template.split('/').collect(), path.split('/').collect());
    t.len() == p.len() && t.iter().zip(&p).all(|(a, b)| a.starts_with('{') || a == b)
}

impl Checker {
    async fn new(app: Router) -> Self {
        let req = Request::get("/openapi.json").body(Body::empty()).unwrap();
        let resp = app.clone().oneshot(req).await.unwrap();
        assert_eq!(resp.status(), StatusCode::OK);
        let bytes = axum::body::to_bytes(resp.into_body(), usize::MAX)
            .await
            .unwrap();
        let doc = serde_json::from_slice(&bytes).expect("the served document is JSON");
        Checker {
            app,
            doc,
            seen: BTreeSet::new(),
        }
    }

    /// The documented template of `path` for `method`; literal segments win over parameters
    /// (`/v1/records/restore` over `/v1/records/{id}`), as in the router.
    fn template(&self, method: &str, path: &str) -> String {
        let mut found: Vec<&String> = self.doc["paths"]
            .as_object()
            .unwrap()
            .iter()
            .filter(|(t, item)| item.get(method).is_some() && template_matches(t, path))
            .map(|(t, _)| t)
            .collect();
        found.sort_by_key(|t| t.matches('{').count());
        found
            .first()
            .unwrap_or_else(|| panic!("{method} {path} is not in the document"))
            .to_string()
    }

    async fn send(
        &mut self,
        method: Method,
        uri: &str,
        key: Option<&str>,
        body: Option<String>,
        content_type: Option<&str>,
    ) -> (StatusCode, Value) {
        let mut req = Request::builder().method(method.clone()).uri(uri);
        if let Some(k) = key {
            req = req.header(header::AUTHORIZATION, format!("Bearer {k}"));
        }
        if let Some(ct) = content_type {
            req = req.header(header::CONTENT_TYPE, ct);
        }
        let req = req.body(body.map_or_else(Body::empty, Body::from)).unwrap();
        let resp = self.app.clone().oneshot(req).await.unwrap();
        let status = resp.status();
        let declared = resp
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_string();
        let bytes = axum::body::to_bytes(resp.into_body(), usize::MAX)
            .await
            .unwrap();
        let value: Value = serde_json::from_slice(&bytes)
            .unwrap_or_else(|_| panic!("{method} {uri}: {status} body is not JSON"));

        let m = method.as_str().to_lowercase();
        let path = uri.split('?').next().unwrap();
        let template = self.template(&m, path);
        let op = &self.doc["paths"][&template][&m];
        let answer = &op["responses"][status.as_str()];
        assert!(
            answer.is_object(),
            "{m} {template} answered {status}, which the document does not list: {value}"
        );
        let content = answer["content"].as_object().unwrap_or_else(|| {
            panic!("{m} {template} {status} is documented without a body: {value}")
        });
        let media = content.keys().next().unwrap();
        assert!(
            declared.starts_with(media.as_str()),
            "{m} {template} {status}: content type {declared:?}, documented {media}"
        );
        let schema = &content[media]["schema"];
        assert_valid(&self.doc, schema, &value, &format!("{m} {uri} -> {status}"));
        self.seen.insert((m, template, status.as_u16()));
        (status, value)
    }

    async fn json(
        &mut self,
        method: Method,
        uri: &str,
        body: Option<Value>,
    ) -> (StatusCode, Value) {
        let ct = body.as_ref().map(|_| "application/json");
        self.send(method, uri, Some(KEY_A), body.map(|b| b.to_string()), ct)
            .await
    }

    /// Like `json`, asserting the status.
    async fn ok(&mut self, method: Method, uri: &str, body: Option<Value>) -> Value {
        let (s, b) = self.json(method.clone(), uri, body).await;
        assert!(s.is_success(), "{method} {uri}: {s} {b}");
        b
    }
}

/// Sessions flush past 120 tokens of history, so a few messages move into the graph, and compact
/// small topics (the defaults wait for more text than a test sends).
fn state() -> AppState {
    let cfg = ServerConfig {
        ingest_sync_max_docs: 2,
        ..common::keyed_config()
    };
    let state = common::state(cfg);
    let sessions = SessionConfig {
        token_limit: 200,
        token_flush_size: 20,
        chat_history_token_ratio: 0.6,
        compaction: CompactionConfig {
            min_gain_tokens: 10,
            ..CompactionConfig::default()
        },
        ..SessionConfig::default()
    };
    let services = state
        .services()
        .clone()
        .with_sessions(sessions, None)
        .unwrap();
    state.with_services(services)
}

#[tokio::test]
async fn every_route_answers_as_the_served_document_says() {
    let mut c = Checker::new(mnemo_server::router(state())).await;

    for path in ["/healthz", "/readyz", "/openapi.json"] {
        let (s, _) = c.send(Method::GET, path, None, None, None).await;
        assert_eq!(s, StatusCode::OK, "{path}");
    }

    // Memory: remember (with record fields, so the record and its links come back), answers.
    let first = c
        .ok(
            Method::POST,
            "/v1/remember",
            Some(
                json!({"text": "Ada Lovelace worked with Charles Babbage on the Analytical Engine.",
                "id": "r1", "session": "s1", "tags": ["math"], "speaker": "Mary", "type": "fact"}),
            ),
        )
        .await;
    assert!(first["record"].is_object(), "{first}");
    let second = c
        .ok(
            Method::POST,
            "/v1/remember",
            Some(
                json!({"text": "Charles Babbage designed the Difference Engine in London.",
                "id": "r2", "session": "s1", "tags": ["math"], "model": "m-1", "confidence": 0.5}),
            ),
        )
        .await;
    assert!(!second["links"].as_array().unwrap().is_empty(), "{second}");
    let answer = c
        .ok(
            Method::POST,
            "/v1/answers",
            Some(json!({"text": "Ada Lovelace was born in London.", "id": "a1"})),
        )
        .await;

    // Search: a hit that fills every list of the result, and a miss.
    let hit = c
        .ok(
            Method::POST,
            "/v1/search",
            Some(json!({"query": "How is Ada Lovelace connected to Charles Babbage?"})),
        )
        .await;
    assert_eq!(hit["hit"], true);
    for list in [
        "linked",
        "facts",
        "paths",
        "entities",
        "snippets",
        "sections",
        "provenance",
    ] {
        assert!(
            !hit[list].as_array().unwrap().is_empty(),
            "{list} is empty, so its schema went unchecked: {hit}"
        );
    }
    let miss = c
        .ok(
            Method::POST,
            "/v1/search",
            Some(json!({"query": "What is the capital of Australia?", "budget": 300})),
        )
        .await;
    assert_eq!(miss["hit"], false);
    // A fact with an event time ("yesterday", said on 2023-05-08) carries `occurred`.
    c.ok(
        Method::POST,
        "/v1/remember",
        Some(
            json!({"text": "I went to a support group yesterday.", "speaker": "Caroline",
            "at": "2023-05-08T10:00:00Z"}),
        ),
    )
    .await;
    let timed = c
        .ok(
            Method::POST,
            "/v1/search",
            Some(json!({"query": "Where did Caroline go?"})),
        )
        .await;
    assert!(
        timed["facts"]
            .as_array()
            .unwrap()
            .iter()
            .any(|f| f["occurred"] == "2023-05-07"),
        "no fact with its event time, so occurred went unchecked: {timed}"
    );

    // Ingest: a synchronous batch (one document fails), then one large enough for a job.
    let sync = c
        .ok(
            Method::POST,
            "/v1/ingest",
            Some(json!({"documents": [
                {"id": "d1", "title": "Babbage", "text": "Charles Babbage taught at the University of Cambridge."},
                {"text": "   "}]})),
        )
        .await;
    assert_eq!(
        (sync["ingested"].clone(), sync["failed"].clone()),
        (json!(1), json!(1))
    );
    let docs: Vec<Value> = (0..3)
        .map(|i| json!({"id": format!("job-{i}"), "text": format!("Grace Hopper wrote compiler number {i}.")}))
        .collect();
    let (s, accepted) = c
        .json(
            Method::POST,
            "/v1/ingest",
            Some(json!({ "documents": docs })),
        )
        .await;
    assert_eq!(s, StatusCode::ACCEPTED, "{accepted}");
    let status_url = accepted["status_url"].as_str().unwrap().to_string();
    let mut job = Value::Null;
    for _ in 0..200 {
        job = c.ok(Method::GET, &status_url, None).await;
        if job["status"] != "running" {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert_eq!(job["status"], "done", "{job}");

    // Graph reads.
    c.ok(Method::GET, "/v1/entities/ada%20lovelace", None).await;
    let hood = c
        .ok(
            Method::GET,
            "/v1/entities/charles%20babbage/neighbourhood?depth=2&fanout=16,4",
            None,
        )
        .await;
    assert!(!hood["facts"].as_array().unwrap().is_empty(), "{hood}");
    c.ok(Method::GET, "/v1/stats", None).await;

    // Records: list, page by session, one record, pin and unpin, link, prune, restore, audit.
    c.ok(Method::GET, "/v1/records?limit=1", None).await;
    c.ok(Method::GET, "/v1/records?session=s1", None).await;
    let detail = c.ok(Method::GET, "/v1/records/r1", None).await;
    assert!(!detail["links"].as_array().unwrap().is_empty(), "{detail}");
    c.ok(Method::PUT, "/v1/records/r1/pin", None).await;
    c.ok(Method::DELETE, "/v1/records/r1/pin", None).await;
    c.ok(
        Method::POST,
        "/v1/records/r1/links",
        Some(json!({"kind": "supports", "target": "r2"})),
    )
    .await;
    c.ok(Method::POST, "/v1/prune", Some(json!({"models": ["m-1"]})))
        .await;
    let archived = c
        .ok(
            Method::POST,
            "/v1/prune",
            Some(json!({"models": ["m-1"], "mode": "archive"})),
        )
        .await;
    assert_eq!(archived["ids"], json!(["r2"]), "{archived}");
    let restored = c
        .ok(
            Method::POST,
            "/v1/records/restore",
            Some(json!({"ids": ["r2", "never-was"]})),
        )
        .await;
    assert_eq!(
        restored["failed"].as_array().unwrap().len(),
        1,
        "{restored}"
    );
    let audit = c.ok(Method::GET, "/v1/audit?limit=5", None).await;
    assert!(audit["entries"][0]["detail"].is_string() || audit["entries"][0]["detail"].is_null());

    // Forgetting.
    let ep = answer["episode_id"].as_str().unwrap();
    c.ok(Method::DELETE, &format!("/v1/episodes/{ep}"), None)
        .await;
    c.ok(Method::DELETE, "/v1/documents/d1", None).await;

    // Sessions: old messages on one topic (so compaction has a target), then enough to flush.
    let old = Utc::now() - Duration::days(30);
    for i in 0..4 {
        c.ok(
            Method::POST,
            "/v1/sessions/chat-1/messages",
            Some(json!({"content": format!("We planned the trip to Lisbon, part {i}, with Laura Chen."),
                "tags": ["travel"], "at": (old + Duration::minutes(i)).to_rfc3339()})),
        )
        .await;
    }
    c.ok(Method::GET, "/v1/sessions/chat-1", None).await;
    let compacted = c
        .ok(Method::POST, "/v1/sessions/chat-1/compact", None)
        .await;
    assert!(
        compacted["tags"]
            .as_array()
            .unwrap()
            .iter()
            .any(|t| t["compaction"].is_object()),
        "no compaction was made, so its schema went unchecked: {compacted}"
    );
    let mut flushed = false;
    for i in 0..8 {
        let put = c
            .ok(
                Method::POST,
                "/v1/sessions/chat-1/messages",
                Some(json!({"role": if i % 2 == 0 { "user" } else { "assistant" },
                    "content": format!("Message {i}: Marie Curie moved to Paris and studied at the University of Paris.")})),
            )
            .await;
        flushed |= !put["flushed"]["seqs"].as_array().unwrap().is_empty();
    }
    assert!(flushed, "nothing flushed, so FlushReport went unchecked");
    let ctx = c
        .ok(
            Method::POST,
            "/v1/sessions/chat-1/context",
            Some(json!({"query": "Where did Marie Curie move?", "budget": 400})),
        )
        .await;
    assert!(!ctx["messages"].as_array().unwrap().is_empty(), "{ctx}");

    // Errors: each documented status answered with the error schema.
    let (s, _) = c
        .send(
            Method::POST,
            "/v1/search",
            None,
            Some("{}".into()),
            Some("application/json"),
        )
        .await;
    assert_eq!(s, StatusCode::UNAUTHORIZED);
    let (s, _) = c
        .send(
            Method::POST,
            "/v1/search",
            Some(KEY_A),
            Some("{\"query\": ".into()),
            Some("application/json"),
        )
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    let (s, _) = c
        .send(
            Method::POST,
            "/v1/remember",
            Some(KEY_A),
            Some("{\"text\": \"x\"}".into()),
            Some("text/plain"),
        )
        .await;
    assert_eq!(s, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    let (s, _) = c
        .json(Method::POST, "/v1/search", Some(json!({"query": "  "})))
        .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    let (s, _) = c.json(Method::GET, "/v1/entities/nobody", None).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    let big = json!({"text": "x".repeat(3 << 20)});
    let (s, _) = c.json(Method::POST, "/v1/remember", Some(big)).await;
    assert_eq!(s, StatusCode::PAYLOAD_TOO_LARGE);

    // Coverage: every documented operation was seen succeeding.
    let mut missing = Vec::new();
    for (path, item) in c.doc["paths"].as_object().unwrap() {
        for m in METHODS {
            if item.get(m).is_some()
                && !c
                    .seen
                    .iter()
                    .any(|(sm, sp, st)| sm == m && sp == path && (200..300).contains(st))
            {
                missing.push(format!("{m} {path}"));
            }
        }
    }
    assert!(missing.is_empty(), "never checked succeeding: {missing:?}");
    for status in [400, 401, 404, 413, 415, 422] {
        assert!(
            c.seen.iter().any(|(_, _, s)| *s == status),
            "no {status} was checked"
        );
    }
}

#[test]
fn success_bodies_have_real_schemas_and_json_bodies_document_415() {
    let doc = serde_json::to_value(mnemo_server::openapi()).unwrap();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (m, op) in item.as_object().unwrap() {
            let ok = &op["responses"]["200"]["content"]["application/json"]["schema"];
            let ok = if ok.is_null() {
                &op["responses"]["202"]["content"]["application/json"]["schema"]
            } else {
                ok
            };
            // The document itself is described by the OpenAPI 3.1 meta-schema, not by this one.
            if path != "/openapi.json" {
                assert!(
                    ok["$ref"].is_string(),
                    "{m} {path}: the success body has no named schema: {ok}"
                );
            }
            if op.get("requestBody").is_some() {
                assert!(
                    op["responses"]["415"].is_object(),
                    "{m} {path} reads JSON but does not document 415"
                );
            }
        }
    }
    let search = &doc["components"]["schemas"]["SearchResult"];
    for field in [
        "hit",
        "query",
        "context_text",
        "tokens",
        "linked",
        "facts",
        "paths",
        "entities",
        "snippets",
        "sections",
        "provenance",
    ] {
        assert!(
            search["required"]
                .as_array()
                .unwrap()
                .contains(&json!(field)),
            "SearchResult.{field} is not a required property: {search}"
        );
    }
}

#[test]
fn the_validator_rejects_what_it_should() {
    let root = json!({"$defs": {"N": {"type": "integer", "minimum": 0}}});
    let schema = json!({
        "type": "object",
        "required": ["n", "at"],
        "properties": {
            "n": {"$ref": "#/$defs/N"},
            "at": {"type": "string", "format": "date-time"},
            "kind": {"type": "string", "enum": ["a", "b"]},
            "opt": {"oneOf": [{"type": "null"}, {"type": "string", "pattern": "^[A-Z]+$"}]}
        },
        "additionalProperties": false
    });
    let good = json!({"n": 3, "at": "2026-01-01T00:00:00Z", "kind": "a", "opt": null});
    assert!(validate(&root, &schema, &good).is_ok());
    for bad in [
        json!({"at": "2026-01-01T00:00:00Z"}),
        json!({"n": -1, "at": "2026-01-01T00:00:00Z"}),
        json!({"n": 1, "at": "yesterday"}),
        json!({"n": 1, "at": "2026-01-01T00:00:00Z", "kind": "c"}),
        json!({"n": 1, "at": "2026-01-01T00:00:00Z", "opt": "abc"}),
        json!({"n": 1, "at": "2026-01-01T00:00:00Z", "extra": 1}),
        json!({"n": 1.5, "at": "2026-01-01T00:00:00Z"}),
        json!([1]),
    ] {
        assert!(validate(&root, &schema, &bad).is_err(), "{bad} passed");
    }
}
