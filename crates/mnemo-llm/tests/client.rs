//! The client against recorded responses: retries on 429/5xx/timeouts, no retry on other 4xx,
//! one-line errors naming the endpoint, JSON-mode step-down, token accounting, concurrency limit.

mod common;

use std::sync::Arc;

use common::{client, config, dead_endpoint, server};
use mnemo_extract::{ExtractContext, Extractor};
use mnemo_llm::{JsonMode, LlmClient, LlmError, LlmExtractor, LlmStats};
use serde_json::{json, Value};

#[tokio::test]
async fn rate_limit_is_retried_and_tokens_are_counted() {
    let srv = server("rate_limited").await;
    let c = client(srv.base_url());
    let reply = c
        .complete("sys", "hello")
        .await
        .expect("succeeds after one 429");
    assert!(reply.contains("Grace Hopper"), "{reply}");
    assert_eq!(srv.requests().len(), 2);
    let s = c.stats();
    assert_eq!(
        LlmStats { call_ms: 0, ..s },
        LlmStats {
            calls: 1,
            prompt_tokens: 380,
            completion_tokens: 52,
            retries: 1,
            failures: 0,
            ..LlmStats::default()
        }
    );
    assert!(s.call_ms > 0, "time in calls is counted: {s:?}");
    let body = &srv.requests()[0];
    assert_eq!(body["model"], "gpt-4o-mini");
    assert_eq!(body["messages"][0]["content"], "sys");
    assert_eq!(body["stream"], false);
}

#[tokio::test]
async fn server_errors_are_retried_then_reported_with_the_endpoint() {
    let srv = server("server_error").await;
    let c = client(srv.base_url());
    let err = c.complete("sys", "hi").await.expect_err("500 every time");
    let msg = err.to_string();
    assert!(matches!(err, LlmError::Unavailable { .. }), "{err:?}");
    assert!(
        msg.starts_with(&format!(
            "LLM endpoint {} unreachable: HTTP 500",
            srv.base_url()
        )),
        "{msg}"
    );
    assert!(
        msg.contains("after 3 attempts") && !msg.contains('\n'),
        "{msg}"
    );
    assert_eq!(srv.requests().len(), 3, "1 attempt + max_retries 2");
    let s = c.stats();
    assert_eq!((s.calls, s.retries, s.failures), (1, 2, 1));

    let once = server("server_error_once").await;
    let c = client(once.base_url());
    assert!(
        c.complete("sys", "hi").await.is_ok(),
        "a single 503 is retried"
    );
    assert_eq!(c.stats().retries, 1);
}

#[tokio::test]
async fn timeouts_are_retried_then_unavailable() {
    let srv = server("timeout").await;
    let cfg = mnemo_llm::LlmConfig {
        timeout_s: 0.2,
        max_retries: 1,
        ..config(srv.base_url())
    };
    let c = LlmClient::new(cfg).expect("valid");
    let started = std::time::Instant::now();
    let err = c
        .complete("sys", "hi")
        .await
        .expect_err("never answers in time");
    assert!(started.elapsed() < std::time::Duration::from_secs(3));
    assert!(err.is_retryable());
    assert!(err.to_string().contains("timed out after 0.2s"), "{err}");
    assert_eq!(c.stats().retries, 1);
}

#[tokio::test]
async fn other_client_errors_are_not_retried() {
    let srv = server("unauthorized").await;
    let c = client(srv.base_url());
    let err = c.complete("sys", "hi").await.expect_err("401");
    assert!(
        matches!(err, LlmError::Rejected { status: 401, .. }),
        "{err:?}"
    );
    assert!(
        err.to_string().contains("HTTP 401: Incorrect API key"),
        "{err}"
    );
    assert!(
        !err.is_about_the_input(),
        "a bad key is the caller's, every text would get it"
    );
    assert!(matches!(
        mnemo_extract::ExtractError::from(err),
        mnemo_extract::ExtractError::Unavailable(_)
    ));
    assert_eq!(srv.requests().len(), 1);
    assert_eq!(c.stats().retries, 0);
}

#[tokio::test]
async fn exhausted_quota_is_not_retried() {
    let srv = server("quota").await;
    let c = client(srv.base_url());
    let err = c
        .complete("sys", "hi")
        .await
        .expect_err("429 insufficient_quota");
    assert!(matches!(err, LlmError::Rejected { .. }), "{err:?}");
    assert!(
        err.to_string()
            .contains("HTTP 429: You exceeded your current quota"),
        "{err}"
    );
    assert_eq!(srv.requests().len(), 1);
}

#[tokio::test]
async fn unreachable_endpoint_is_one_line_naming_it() {
    let url = dead_endpoint();
    let c = client(&url);
    let err = c.complete("sys", "hi").await.expect_err("nothing listens");
    assert_eq!(
        err.to_string(),
        format!("LLM endpoint {url} unreachable: connection refused")
    );
    // Through the extractor the message survives as ExtractError::Unavailable.
    let x = LlmExtractor::new(c);
    let err = x
        .extract(
            "Ada Lovelace was born in London.",
            &ExtractContext::default(),
        )
        .await
        .expect_err("unavailable");
    assert!(
        matches!(err, mnemo_extract::ExtractError::Unavailable(_)),
        "{err:?}"
    );
    assert!(err.to_string().contains(&url), "{err}");
}

#[tokio::test]
async fn rejected_json_schema_steps_down_to_json_object_and_stays_there() {
    let srv = server("json_schema_rejected").await;
    let c = client(srv.base_url());
    assert_eq!(c.json_mode(), JsonMode::Schema);
    let x = LlmExtractor::new(c.clone());
    let out = x
        .extract(
            "Grace Hopper helped design COBOL.",
            &ExtractContext::default(),
        )
        .await
        .expect("falls back to json_object");
    assert_eq!(out.facts.len(), 1);
    assert_eq!(c.json_mode(), JsonMode::Object);
    let reqs = srv.requests();
    assert_eq!(reqs.len(), 2);
    assert_eq!(reqs[0]["response_format"]["type"], "json_schema");
    assert_eq!(reqs[1]["response_format"]["type"], "json_object");
    assert_eq!(
        c.stats().failures,
        1,
        "the rejected attempt counts as a failed call"
    );
}

#[tokio::test]
async fn a_text_refused_in_every_mode_is_refused_and_keeps_the_mode() {
    let srv = server("context_too_long").await;
    let c = client(srv.base_url());
    let x = LlmExtractor::new(c.clone());
    let err = x
        .extract(
            "Ada Lovelace wrote the first program.",
            &ExtractContext::default(),
        )
        .await
        .expect_err("refused");
    assert!(
        matches!(&err, mnemo_extract::ExtractError::Refused(m) if m.contains("maximum context length")),
        "a refusal of this text is about the input: {err:?}"
    );
    assert_eq!(
        c.json_mode(),
        JsonMode::Schema,
        "no lower mode went through: the mode was not the problem"
    );
    let modes: Vec<Value> = srv
        .requests()
        .iter()
        .map(|r| r["response_format"]["type"].clone())
        .collect();
    assert_eq!(
        modes,
        vec![json!("json_schema"), json!("json_object"), Value::Null],
        "each mode tried once"
    );
    // The next text goes out in the schema mode and is answered.
    let out = x
        .extract(
            "Grace Hopper helped design COBOL.",
            &ExtractContext::default(),
        )
        .await
        .expect("the next text is answered");
    assert_eq!(out.facts.len(), 1);
}

#[tokio::test]
async fn concurrency_never_exceeds_the_limit() {
    let srv = server("slow_repeat").await;
    let cfg = mnemo_llm::LlmConfig {
        max_concurrency: 3,
        ..config(srv.base_url())
    };
    let x = Arc::new(LlmExtractor::new(LlmClient::new(cfg).expect("valid")));
    let tasks: Vec<_> = (0..10)
        .map(|i| {
            let x = x.clone();
            tokio::spawn(async move {
                x.extract(
                    &format!("Grace Hopper text {i}"),
                    &ExtractContext::default(),
                )
                .await
            })
        })
        .collect();
    for t in tasks {
        let out = t.await.expect("joins").expect("extracts");
        assert_eq!(out.entities.len(), 2);
    }
    assert_eq!(srv.requests().len(), 10);
    assert_eq!(srv.max_concurrent(), 3, "limit reached but never exceeded");
    assert_eq!(x.client().stats().calls, 10);
}
