//! The client's one retry policy: a call ends by `timeout_s` × attempts (or `max_call_s`),
//! backoffs included, and each task asks for a completion sized to it.

mod common;

use std::time::{Duration, Instant};

use common::{config, server};
use mnemo_extract::{ExtractContext, Extractor};
use mnemo_llm::{HybridExtractor, LlmClient, LlmConfig, LlmExtractor};

#[tokio::test]
async fn a_slow_endpoint_call_ends_by_timeout_times_attempts_backoffs_included() {
    let srv = server("timeout").await;
    // A backoff longer than what is left of the budget is not waited out.
    let cfg = LlmConfig {
        timeout_s: 0.3,
        max_retries: 3,
        retry_base_ms: 2_000,
        ..config(srv.base_url())
    };
    let c = LlmClient::new(cfg.clone()).expect("valid");
    let started = Instant::now();
    let err = c.complete("sys", "hi").await.expect_err("never answers");
    let took = started.elapsed();
    assert!(
        took <= cfg.call_budget() + Duration::from_millis(200),
        "{took:?} over {:?}",
        cfg.call_budget()
    );
    assert!(err.to_string().contains("timed out"), "{err}");
    assert!(c.stats().call_ms >= 250, "{:?}", c.stats());
}

#[tokio::test]
async fn max_call_s_bounds_a_call_below_timeout_times_attempts() {
    let srv = server("timeout").await;
    let cfg = LlmConfig {
        timeout_s: 0.4,
        max_retries: 5,
        max_call_s: 0.6,
        ..config(srv.base_url())
    };
    let c = LlmClient::new(cfg).expect("valid");
    let started = Instant::now();
    let err = c.complete("sys", "hi").await.expect_err("never answers");
    let took = started.elapsed();
    assert!(took < Duration::from_millis(800), "{took:?}");
    assert!(took >= Duration::from_millis(550), "{took:?}");
    assert!(err.to_string().contains("after 2 attempts"), "{err}");
    assert_eq!(srv.requests().len(), 2);
}

#[tokio::test]
async fn each_task_asks_for_a_completion_sized_to_it() {
    let srv = server("slow_repeat").await;
    let text = "Ada Lovelace worked with Charles Babbage in London.";
    let ctx = ExtractContext::default();
    let llm = LlmExtractor::new(LlmClient::new(config(srv.base_url())).expect("valid"));
    llm.extract(text, &ctx).await.expect("extracts");
    let hybrid = HybridExtractor::new(LlmClient::new(config(srv.base_url())).expect("valid"));
    hybrid.extract(text, &ctx).await.expect("extracts");
    let capped = LlmClient::new(LlmConfig {
        max_tokens: 300,
        ..config(srv.base_url())
    })
    .expect("valid");
    HybridExtractor::new(capped)
        .extract(text, &ctx)
        .await
        .expect("extracts");
    let sizes: Vec<_> = srv
        .requests()
        .iter()
        .map(|r| r["max_tokens"].as_u64())
        .collect();
    assert_eq!(sizes, [Some(1024), Some(512), Some(300)]);
}
