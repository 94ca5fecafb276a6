//! Access counts from searches: exact after a flush, written at shutdown.

use axum::http::{Method, StatusCode};
use std::time::Duration;

use mnemo_server::{AccessFlush, AppState};
use serde_json::json;

use super::common::*;
use super::*;

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

#[tokio::test]
async fn counts_survive_a_failed_write_and_the_background_writer_flushes_at_max_pending() {
    use std::sync::atomic::Ordering;
    use std::sync::Arc;

    let store = Arc::new(slow::SlowStore::new(Duration::ZERO));
    let mnemo = mnemo::Mnemo::new(
        store.clone(),
        Arc::new(mnemo::RuleExtractor),
        mnemo::Tenant::default(),
        mnemo::MnemoOptions::default(),
    );
    let state = manual_flush(AppState::new(mnemo.clone(), keyed_config()).unwrap());
    let app = mnemo_server::router(state.clone());
    remember(
        &app,
        KEY_A,
        json!({"text": "Ada Lovelace was born in London.", "id": "ada"}),
    )
    .await;
    let alpha = mnemo::Tenant::new("alpha").unwrap();
    let access = state.services().access().clone();
    access.record(&alpha, ["ada", "ada", "ghost"], chrono::Utc::now());
    access.record(&alpha, ["ada"], chrono::Utc::now());
    // The store is down: nothing is written and nothing is lost.
    store.failing.store(1, Ordering::SeqCst);
    assert_eq!(access.flush().await, 0);
    assert_eq!(access.pending(&alpha, "ada").map(|p| p.0), Some(2));
    store.failing.store(0, Ordering::SeqCst);
    assert_eq!(access.flush().await, 1, "ghost has no record");
    assert_eq!(access.pending(&alpha, "ada"), None);
    let records = mnemo_records::Records::new(mnemo.for_tenant(alpha.clone()));
    assert_eq!(records.get("ada").await.unwrap().unwrap().access_count, 2);

    // With a threshold of 3 accesses the background writer runs without an explicit flush.
    let eager = state.services().clone().with_access_flush(AccessFlush {
        interval: Duration::from_secs(3600),
        max_pending: 3,
    });
    let done = eager.access().flushes() + 1;
    for _ in 0..3 {
        eager.access().record(&alpha, ["ada"], chrono::Utc::now());
    }
    // A safety net only: the writer is woken by the third access, not by time.
    tokio::time::timeout(
        Duration::from_secs(60),
        eager.access().wait_for_flushes(done),
    )
    .await
    .expect("the background writer flushed at max_pending");
    assert_eq!(records.get("ada").await.unwrap().unwrap().access_count, 5);
}
