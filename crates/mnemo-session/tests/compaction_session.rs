//! Compaction through `Sessions` on the embedded store with a controllable clock: new compactions
//! by the rule, the summary in the context, the ±10 % rule on a second run, one compaction at a
//! time, the time limit, and the LLM summarizer against recorded responses on 127.0.0.1.

mod common;

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;

use async_trait::async_trait;
use chrono::Duration;
use common::{mnemo, t0};
use mnemo::llm::replay::{ReplayServer, Script};
use mnemo::{LlmClient, LlmConfig};
use mnemo_session::{
    Importance, LlmSummarizer, Message, NewMessage, SessionConfig, SessionError, Sessions, Skip,
    Summarizer, Summary,
};
use mnemo_store::EmbeddedStore;
use tokio::sync::Notify;

/// A clock at `t0 + offset seconds`, movable by the test.
fn clock() -> (Arc<AtomicI64>, mnemo::Clock) {
    let offset = Arc::new(AtomicI64::new(0));
    let o = offset.clone();
    (
        offset,
        Arc::new(move || t0() + Duration::seconds(o.load(Ordering::SeqCst))),
    )
}

fn config() -> SessionConfig {
    let mut c = SessionConfig {
        user_name: "Ada Lovelace".into(),
        ..SessionConfig::default()
    };
    c.compaction
        .importance
        .insert("chat".into(), Importance::Low);
    c
}

async fn filled(cfg: SessionConfig) -> (Sessions, Arc<AtomicI64>) {
    let (offset, clk) = clock();
    let s = Sessions::new(mnemo(Arc::new(EmbeddedStore::in_memory()), "t"), cfg)
        .unwrap()
        .with_clock(clk);
    for (i, m) in common::turns().into_iter().enumerate() {
        let m = NewMessage {
            at: Some(t0() + Duration::seconds(i as i64)),
            ..m
        };
        s.put("s", m).await.unwrap();
    }
    s.set_importance("s", "work", Importance::High)
        .await
        .unwrap();
    (s, offset)
}

#[tokio::test]
async fn old_low_topics_are_compacted_and_their_summary_takes_their_place() {
    // The whole chat topic is 266 tokens: a smaller least gain lets the full compaction follow
    // the 60 % one (171 tokens).
    let mut cfg = config();
    cfg.compaction.min_gain_tokens = 50;
    let (s, offset) = filled(cfg).await;
    // Right after the conversation: chat (low) is at its 50 % floor and big enough; work (high) is
    // fresh: 0 %.
    offset.store(20, Ordering::SeqCst);
    let r = s.compact("s").await.unwrap();
    let chat = r.tags.iter().find(|t| t.tag == "chat").unwrap();
    assert_eq!(chat.target_pct, 50);
    let first = chat.compaction.clone().expect("chat compacted");
    // 50 % + 10 of 14 messages of about equal size: 60 % of the tokens = 9 whole messages.
    assert_eq!(first.compacted_messages, 9, "{first:?}");
    assert_eq!(first.compact_last_id, 4 + 9);
    let work = r.tags.iter().find(|t| t.tag == "work").unwrap();
    assert_eq!(work.skipped, Some(Skip::ZeroTarget));
    assert!(r.history_tokens_after < r.history_tokens_before, "{r:?}");

    // The same clock again: the new compaction is within ±10 % of the target, nothing new.
    let again = s.compact("s").await.unwrap();
    let chat = again.tags.iter().find(|t| t.tag == "chat").unwrap();
    assert!(
        matches!(chat.skipped, Some(Skip::WithinTolerance { .. })),
        "{chat:?}"
    );

    // Two hours later chat is at 100 %: a full compaction; work (high, 38 %) is too small to gain.
    offset.store(7200, Ordering::SeqCst);
    let r = s.compact("s").await.unwrap();
    let chat = r.tags.iter().find(|t| t.tag == "chat").unwrap();
    assert_eq!(chat.target_pct, 100);
    let full = chat
        .compaction
        .clone()
        .unwrap_or_else(|| panic!("{chat:?}"));
    assert_eq!(full.compacted_messages, 14);
    assert_eq!(full.summarizer, "extractive");
    let work = r.tags.iter().find(|t| t.tag == "work").unwrap();
    assert!(
        matches!(work.skipped, Some(Skip::SmallGain { .. })),
        "{work:?}"
    );
    assert_eq!(s.tags("s").await.unwrap()["chat"].compactions.len(), 2);

    let ctx = s.context("s", None).await.unwrap();
    let roles: Vec<(&str, Option<u64>)> = ctx
        .messages
        .iter()
        .filter(|m| !m.content.starts_with("<memory>"))
        .map(|m| (m.role.as_str(), m.seq))
        .collect();
    // The four work turns verbatim, then the chat summary where chat began.
    assert_eq!(
        roles,
        [
            ("user", Some(1)),
            ("assistant", Some(2)),
            ("user", Some(3)),
            ("assistant", Some(4)),
            ("system", None)
        ]
    );
    let summary = ctx
        .messages
        .iter()
        .find(|m| m.summary_of.is_some())
        .unwrap();
    assert!(
        summary
            .content
            .starts_with("Summary of earlier messages on \"chat\":\n- user: "),
        "{}",
        summary.content
    );
    assert!(ctx.history_tokens < ctx.fifo_tokens);
    // Making chat core brings every message back verbatim.
    s.set_importance("s", "chat", Importance::Core)
        .await
        .unwrap();
    let ctx = s.context("s", None).await.unwrap();
    assert_eq!(ctx.history_tokens, ctx.fifo_tokens);
}

/// A summarizer that waits until released, telling the test when it started.
#[derive(Debug, Default)]
struct Gate {
    entered: Notify,
    release: Notify,
}

#[async_trait]
impl Summarizer for Gate {
    async fn summarize(&self, _: &str, _: &[Message], _: usize) -> mnemo_session::Result<Summary> {
        self.entered.notify_one();
        self.release.notified().await;
        Ok(Summary {
            text: "gated".into(),
            by: "gate".into(),
        })
    }
}

#[tokio::test]
async fn one_compaction_at_a_time_and_a_time_limit() {
    let mut cfg = config();
    cfg.compaction.lock_timeout_s = 0.05;
    let (s, offset) = filled(cfg.clone()).await;
    offset.store(20, Ordering::SeqCst);
    let gate = Arc::new(Gate::default());
    let s = s.with_summarizer(gate.clone());
    let first = tokio::spawn({
        let s = s.clone();
        async move { s.compact("s").await }
    });
    gate.entered.notified().await;
    match s.compact("s").await {
        Err(SessionError::Busy(m)) => assert!(m.contains("another compaction"), "{m}"),
        other => panic!("expected Busy, got {other:?}"),
    }
    gate.release.notify_one();
    let r = first.await.unwrap().unwrap();
    assert_eq!(
        r.tags
            .iter()
            .find(|t| t.tag == "chat")
            .unwrap()
            .compaction
            .as_ref()
            .unwrap()
            .summary,
        "gated"
    );

    // A compaction that outlives its time limit writes nothing.
    cfg.compaction.timeout_s = 0.05;
    let (s, offset) = filled(cfg).await;
    offset.store(20, Ordering::SeqCst);
    let s = s.with_summarizer(Arc::new(Gate::default()));
    match s.compact("s").await {
        Err(SessionError::Busy(m)) => assert!(m.contains("nothing was written"), "{m}"),
        other => panic!("expected Busy, got {other:?}"),
    }
    assert!(s
        .tags("s")
        .await
        .unwrap()
        .values()
        .all(|t| t.compactions.is_empty()));
}

fn llm_config(base_url: &str) -> LlmConfig {
    LlmConfig {
        api_key: mnemo::llm::ApiKey::new("sk-test"),
        timeout_s: 0.5,
        max_retries: 0,
        retry_base_ms: 10,
        ..LlmConfig::new(base_url, "gpt-4o-mini")
    }
}

#[tokio::test]
async fn the_llm_summarizer_uses_the_model_and_falls_back_without_it() {
    let path = format!("{}/tests/fixtures/summary.json", env!("CARGO_MANIFEST_DIR"));
    let script = Script::from_json(&std::fs::read_to_string(path).unwrap()).unwrap();
    let srv = ReplayServer::start(script).await.unwrap();
    let (s, offset) = filled(config()).await;
    offset.store(20, Ordering::SeqCst);
    let client = LlmClient::new(llm_config(srv.base_url())).unwrap();
    let s = s.with_summarizer(Arc::new(LlmSummarizer::new(client)));
    let r = s.compact("s").await.unwrap();
    let c = r
        .tags
        .iter()
        .find(|t| t.tag == "chat")
        .unwrap()
        .compaction
        .clone()
        .unwrap();
    assert_eq!(c.summarizer, "llm");
    assert_eq!(
        c.summary,
        "The user kept remarking on grey weather and a noisy coffee machine."
    );
    let sent = srv.requests();
    assert_eq!(sent.len(), 1);
    let prompt = sent[0]["messages"][1]["content"].as_str().unwrap();
    assert!(
        prompt.contains("Small talk number 0") && prompt.starts_with("Topic: chat"),
        "{prompt}"
    );

    // Nothing listening: the extractive summary stands in, and says so.
    let dead = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        format!("http://{}/v1", l.local_addr().unwrap())
    };
    let (s, offset) = filled(config()).await;
    offset.store(20, Ordering::SeqCst);
    let s = s.with_summarizer(Arc::new(LlmSummarizer::new(
        LlmClient::new(llm_config(&dead)).unwrap(),
    )));
    let r = s.compact("s").await.unwrap();
    let c = r
        .tags
        .iter()
        .find(|t| t.tag == "chat")
        .unwrap()
        .compaction
        .clone()
        .unwrap();
    assert_eq!(c.summarizer, "extractive (LLM failed)");
    assert!(c.summary.starts_with("- user: "), "{}", c.summary);
}
