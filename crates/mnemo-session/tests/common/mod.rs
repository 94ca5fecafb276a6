//! Shared scenarios of the store-backed session tests, run on the embedded store and on Neo4j.

#![allow(dead_code)] // each test binary uses a different subset

use std::sync::Arc;

use chrono::{DateTime, Duration, TimeZone, Utc};
use mnemo::{GraphStore, Mnemo, MnemoOptions, RuleExtractor, Tenant};
use mnemo_session::{NewMessage, SessionConfig, Sessions};

pub fn t0() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 22, 9, 0, 0).unwrap()
}

pub fn mnemo(store: Arc<dyn GraphStore>, tenant: &str) -> Mnemo {
    Mnemo::new(
        store,
        Arc::new(RuleExtractor),
        Tenant::new(tenant).unwrap(),
        MnemoOptions::default(),
    )
    .with_clock(Arc::new(|| t0() + Duration::hours(1)))
}

/// A small FIFO: 200 tokens of history, flushes of at least 60.
pub fn small_config() -> SessionConfig {
    SessionConfig {
        token_limit: 400,
        token_flush_size: 60,
        chat_history_token_ratio: 0.5,
        user_name: "Ada Lovelace".into(),
        ..SessionConfig::default()
    }
}

pub fn sessions(store: Arc<dyn GraphStore>, tenant: &str) -> Sessions {
    Sessions::new(mnemo(store, tenant), small_config())
        .unwrap()
        .with_clock(Arc::new(|| t0() + Duration::hours(1)))
}

/// A conversation whose early turns state facts, then small talk pushes them out of the FIFO.
pub fn turns() -> Vec<NewMessage> {
    let mut out = vec![
        NewMessage::user("I work at Acme Robotics in Lyon.").tag("work"),
        NewMessage::assistant("Noted: you work at Acme Robotics.").tag("work"),
        NewMessage::user("Grace Hopper manages the Orion project.").tag("work"),
        NewMessage::assistant("Grace Hopper runs Orion, understood.").tag("work"),
    ];
    for i in 0..14 {
        out.push(
            NewMessage::user(format!(
                "Small talk number {i}: the weather was grey and the coffee machine made noises again today."
            ))
            .tag("chat"),
        );
    }
    out.into_iter()
        .enumerate()
        .map(|(i, m)| m.at(t0() + Duration::minutes(i as i64)))
        .collect()
}

/// Puts the conversation and checks the flush: the first turns leave the FIFO, are in the graph
/// under stable episode ids, and are found by search; the FIFO stays within its limit.
pub async fn flushed_turns_are_searchable(s: &Sessions, sid: &str) {
    let mut flushed = Vec::new();
    for m in turns() {
        let r = s.put(sid, m).await.expect("put");
        assert!(r.history_tokens <= s.config().history_limit(), "{r:?}");
        flushed.extend(r.flushed.seqs.clone());
    }
    assert!(flushed.starts_with(&[1, 2, 3, 4]), "{flushed:?}");
    let fifo = s.messages(sid).await.expect("messages");
    assert!(fifo.iter().all(|m| !flushed.contains(&m.seq)));
    let fifo_tokens: usize = fifo.iter().map(|m| m.tokens).sum();
    assert!(fifo_tokens <= 200, "{fifo_tokens}");
    assert_eq!(fifo.last().map(|m| m.seq), Some(18));

    let m = s.mnemo();
    let eps = m
        .store()
        .get_episodes(m.tenant(), &["session:".to_string() + sid + ":3"])
        .await
        .expect("episodes");
    assert_eq!(eps.len(), 1);
    assert_eq!(eps[0].content, "Grace Hopper manages the Orion project.");
    assert_eq!(eps[0].created_at, t0() + Duration::minutes(2));
    assert_eq!(eps[0].source, format!("session:{sid}"));

    // Flushed turns are memory records of their session, linked to their neighbours.
    let records = mnemo_records::Records::new(m.clone());
    let id = format!("session:{sid}:3");
    let rec = records.get(&id).await.expect("record").expect("a record");
    assert_eq!(rec.session.as_deref(), Some(sid));
    assert_eq!(rec.speaker.as_deref(), Some("Ada Lovelace"));
    assert_eq!(rec.tags, vec!["work".to_string()]);
    assert_eq!(rec.at, t0() + Duration::minutes(2));
    let links = records.links(&id, 50).await.expect("links");
    let prev = format!("session:{sid}:2");
    assert!(
        links
            .iter()
            .any(|l| l.target == prev && l.kind == mnemo_records::LinkKind::Follows && !l.incoming),
        "{links:?}"
    );

    let hit = m.search("Who manages Orion?", None).await.expect("search");
    assert!(hit.hit, "{hit:?}");
    assert!(
        hit.context_text.contains("Grace Hopper"),
        "{}",
        hit.context_text
    );
    let hit = m
        .search("Where does Ada Lovelace work?", None)
        .await
        .expect("search");
    assert!(
        hit.context_text.contains("Acme Robotics"),
        "{}",
        hit.context_text
    );
}
