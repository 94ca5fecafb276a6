//! Router-level tests of document ingestion: per-document results, idempotence, deletion by
//! either id, and background jobs with progress polling and tenant scoping.

mod common;

use axum::http::{Method, StatusCode};
use common::*;
use mnemo_server::ServerConfig;
use serde_json::{json, Value};

#[tokio::test]
async fn ingest_sync_reports_each_document_and_is_idempotent() {
    let app = app(keyed_config());
    let k = Some(KEY_A);
    let body = json!({"documents": [
        {"id": "d1", "title": "Lovelace", "text": "Ada Lovelace was born in London."},
        {"text": "   "},
        {"source": "notes/babbage.md", "text": "Charles Babbage designed the Analytical Engine."},
    ]});
    let (s, b) = call(&app, Method::POST, "/v1/ingest", k, Some(&body)).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    assert_eq!(
        (b["ingested"].as_u64(), b["failed"].as_u64()),
        (Some(2), Some(1)),
        "{b}"
    );
    let results = b["results"].as_array().unwrap();
    assert_eq!(results[1]["outcome"], json!("failed"));
    assert_eq!(results[1]["error"]["code"], json!("invalid_input"));
    let doc_id = results[0]["document_id"].as_str().unwrap().to_string();

    let (_, again) = call(&app, Method::POST, "/v1/ingest", k, Some(&body)).await;
    assert_eq!(again["unchanged"], json!(2), "{again}");
    let (_, stats) = call(&app, Method::GET, "/v1/stats", k, None).await;
    assert_eq!(stats["documents"], json!(2));

    // Deletable by the store id and by the caller's own id.
    let (s, b) = call(
        &app,
        Method::DELETE,
        &format!("/v1/documents/{doc_id}"),
        k,
        None,
    )
    .await;
    assert_eq!((s, &b["documents"]), (StatusCode::OK, &json!(1)), "{b}");
    let (s, _) = call(&app, Method::DELETE, "/v1/documents/d1", k, None).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    let (_, b) = call(
        &app,
        Method::POST,
        "/v1/ingest",
        k,
        Some(&json!({"documents": [{"id": "d1", "text": "Ada Lovelace was born in London."}]})),
    )
    .await;
    assert_eq!(b["ingested"], json!(1));
    let (s, _) = call(&app, Method::DELETE, "/v1/documents/d1", k, None).await;
    assert_eq!(s, StatusCode::OK);

    let (s, b) = call(
        &app,
        Method::POST,
        "/v1/ingest",
        k,
        Some(&json!({"documents": []})),
    )
    .await;
    assert_eq!(
        (s, error_code(&b)),
        (StatusCode::UNPROCESSABLE_ENTITY, "invalid_input")
    );
}

#[tokio::test]
async fn large_ingest_runs_as_a_job_that_can_be_polled() {
    let cfg = ServerConfig {
        ingest_sync_max_docs: 2,
        ..keyed_config()
    };
    let app = app(cfg);
    let docs: Vec<Value> = (0..7)
        .map(|i| json!({"id": format!("doc-{i}"), "text": format!("Person{i} Smith lives in Town{i}. ")}))
        .chain([json!({"text": ""})])
        .collect();
    let (s, b) = call(
        &app,
        Method::POST,
        "/v1/ingest",
        Some(KEY_A),
        Some(&json!({"documents": docs})),
    )
    .await;
    assert_eq!(s, StatusCode::ACCEPTED, "{b}");
    assert_eq!(b["total"], json!(8));
    let url = b["status_url"].as_str().unwrap().to_string();
    let job = loop {
        let (s, job) = call(&app, Method::GET, &url, Some(KEY_A), None).await;
        assert_eq!(s, StatusCode::OK, "{job}");
        if job["status"] != json!("running") {
            break job;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    };
    assert_eq!(job["status"], json!("done"), "{job}");
    assert_eq!(
        (
            job["processed"].as_u64(),
            job["ingested"].as_u64(),
            job["failed"].as_u64()
        ),
        (Some(8), Some(7), Some(1))
    );
    assert_eq!(job["errors"][0]["index"], json!(7));
    // Another tenant cannot see the job.
    let (s, b) = call(&app, Method::GET, &url, Some(KEY_B), None).await;
    assert_eq!((s, error_code(&b)), (StatusCode::NOT_FOUND, "not_found"));
    let (_, stats) = call(&app, Method::GET, "/v1/stats", Some(KEY_A), None).await;
    assert_eq!(stats["documents"], json!(7));
}
