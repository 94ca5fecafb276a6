//! Shared set-up: records over a store with the rule extractor and a clock the test moves, and
//! one record round trip run against every store.

#![allow(dead_code)]

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;

use chrono::TimeZone;
use mnemo::{GraphStore, Mnemo, MnemoOptions, RuleExtractor, Tenant, Timestamp};
use mnemo_records::{
    AuditAction, LinkKind, PruneMode, PrunePolicy, RecordInput, RecordType, Records,
};

/// A clock the test sets, in seconds since the epoch.
#[derive(Clone)]
pub struct TestClock(Arc<AtomicI64>);

impl TestClock {
    pub fn at(secs: i64) -> Self {
        TestClock(Arc::new(AtomicI64::new(secs)))
    }
    pub fn set(&self, secs: i64) {
        self.0.store(secs, Ordering::SeqCst);
    }
    pub fn advance(&self, secs: i64) {
        self.0.fetch_add(secs, Ordering::SeqCst);
    }
    pub fn now(&self) -> Timestamp {
        ts(self.0.load(Ordering::SeqCst))
    }
    pub fn clock(&self) -> mnemo::Clock {
        let c = self.clone();
        Arc::new(move || c.now())
    }
}

/// 2026-01-01T00:00:00Z plus `secs`.
pub const T0: i64 = 1_767_225_600;

pub fn ts(secs: i64) -> Timestamp {
    chrono::Utc
        .timestamp_opt(secs, 0)
        .single()
        .expect("valid time")
}

pub fn records_on(store: Arc<dyn GraphStore>, tenant: &str, clock: &TestClock) -> Records {
    let mnemo = Mnemo::new(
        store,
        Arc::new(RuleExtractor),
        Tenant::new(tenant).expect("tenant"),
        MnemoOptions::default(),
    )
    .with_clock(clock.clock());
    Records::new(mnemo)
        .with_clock(clock.clock())
        .with_actor("test")
}

pub fn embedded(clock: &TestClock) -> Records {
    records_on(
        Arc::new(mnemo_store::EmbeddedStore::in_memory()),
        "records-test",
        clock,
    )
}

pub fn note(id: &str) -> RecordInput {
    RecordInput {
        id: Some(id.to_string()),
        ..RecordInput::default()
    }
}

/// The basic life of records on any store: write with automatic links, search counting accesses,
/// archive and restore with the graph's counts unchanged, audit entries for each step, and
/// another tenant seeing none of it.
pub async fn round_trip(store: Arc<dyn GraphStore>, tenant: &str) {
    let clock = TestClock::at(T0);
    let rec = records_on(store.clone(), tenant, &clock);
    let first = rec
        .remember(
            "Laura Chen works for Acme Robotics.",
            &RecordInput {
                id: Some("rt-1".into()),
                session: Some("conv-1".into()),
                speaker: Some("Ana".into()),
                tags: vec!["work".into()],
                model: Some("llama3".into()),
                ..RecordInput::default()
            },
        )
        .await
        .expect("first record");
    assert!(first.written);
    clock.advance(60);
    let second = rec
        .remember(
            "Tom Keller lives in Lyon.",
            &RecordInput {
                id: Some("rt-2".into()),
                session: Some("conv-1".into()),
                speaker: Some("Ben".into()),
                record_type: RecordType::Fact,
                ..RecordInput::default()
            },
        )
        .await
        .expect("second record");
    // Said in Ana's session without a listener: to Ana.
    assert_eq!(second.record.listener.as_deref(), Some("Ana"));
    let kinds: Vec<(LinkKind, &str, bool)> = second
        .links
        .iter()
        .map(|l| (l.kind, l.target.as_str(), l.incoming))
        .collect();
    assert!(
        kinds.contains(&(LinkKind::ContextOf, "rt-1", false)),
        "{kinds:?}"
    );
    assert!(
        kinds.contains(&(LinkKind::Follows, "rt-1", false)),
        "{kinds:?}"
    );
    let back = rec.links("rt-1", 100).await.unwrap();
    assert!(
        back.iter()
            .any(|l| l.kind == LinkKind::Follows && l.target == "rt-2" && l.incoming),
        "{back:?}"
    );

    let result = rec
        .search("Where does Laura Chen work?", None)
        .await
        .unwrap();
    assert!(result.hit);
    assert!(result.provenance.iter().any(|p| p.episode_id == "rt-1"));
    let touched = rec.get("rt-1").await.unwrap().unwrap();
    assert_eq!(touched.access_count, 1);
    assert_eq!(touched.last_access, Some(clock.now()));

    let before = rec.mnemo().stats().await.unwrap();
    let policy = PrunePolicy {
        models: vec!["llama3".into()],
        ..PrunePolicy::default()
    };
    let pruned = rec.prune(&policy, PruneMode::Archive).await.unwrap();
    assert_eq!(pruned.records.len(), 1);
    assert!(rec.get("rt-1").await.unwrap().is_none());
    assert!(rec.archived("rt-1").await.unwrap().is_some());
    assert!(rec.mnemo().stats().await.unwrap().episodes < before.episodes);
    let restored = rec.restore(&["rt-1".to_string()]).await.unwrap();
    assert_eq!(restored.restored, vec!["rt-1".to_string()], "{restored:?}");
    assert_eq!(rec.mnemo().stats().await.unwrap(), before);
    let back = rec.get("rt-1").await.unwrap().unwrap();
    assert_eq!(back, touched, "the metadata comes back as it was");

    let actions: Vec<AuditAction> = rec
        .audit_all()
        .await
        .unwrap()
        .iter()
        .map(|e| e.action)
        .collect();
    assert_eq!(
        actions,
        vec![
            AuditAction::Write,
            AuditAction::Write,
            AuditAction::Archive,
            AuditAction::Restore
        ]
    );

    let other = records_on(store, &format!("{tenant}-other"), &clock);
    assert!(other.get("rt-1").await.unwrap().is_none());
    assert!(other.all().await.unwrap().is_empty());
    assert!(other.audit_all().await.unwrap().is_empty());
    assert!(other
        .restore(&["rt-1".into()])
        .await
        .unwrap()
        .restored
        .is_empty());
}
