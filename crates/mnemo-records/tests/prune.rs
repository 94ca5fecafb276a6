//! Pruning on the embedded store: pinned records survive every policy, dry runs change nothing,
//! soft delete and restore leave the graph's counts as they were, permanent deletes cannot be
//! restored, and every step is in the audit log.

mod common;

use chrono::Duration;
use common::{embedded, note, TestClock, T0};
use mnemo_records::{AuditAction, PruneMode, PrunePolicy, RecordInput, RecordType, Records};

const DAY: i64 = 86_400;

/// id, text, day, type, model, pinned.
type Row<'a> = (&'a str, &'a str, i64, RecordType, Option<&'a str>, bool);

/// Six records over 60 days: old/new, used/unused, several types and models, two pinned.
async fn seeded(clock: &TestClock) -> Records {
    let rec = embedded(clock);
    let rows: [Row; 6] = [
        (
            "old-note",
            "Laura Chen works for Acme Robotics.",
            0,
            RecordType::Note,
            Some("llama2"),
            false,
        ),
        (
            "old-pinned",
            "Tom Keller lives in Berlin.",
            0,
            RecordType::Note,
            Some("llama2"),
            true,
        ),
        (
            "old-fact",
            "Maria Rossi works for Acme Robotics.",
            5,
            RecordType::Fact,
            None,
            false,
        ),
        (
            "mid-chat",
            "Laura Chen visited Paris with Tom Keller.",
            30,
            RecordType::Interaction,
            Some("llama3"),
            false,
        ),
        (
            "new-pref",
            "Ivan Petrov lives in Lyon.",
            58,
            RecordType::Preference,
            Some("llama3"),
            false,
        ),
        (
            "new-pinned",
            "Ivan Petrov works for Orion Labs.",
            59,
            RecordType::Decision,
            Some("llama2"),
            true,
        ),
    ];
    for (id, text, day, t, model, pinned) in rows {
        rec.remember(
            text,
            &RecordInput {
                record_type: t,
                at: Some(common::ts(T0 + day * DAY)),
                model: model.map(str::to_string),
                pinned,
                session: Some("conv".into()),
                tags: vec!["people".into()],
                ..note(id)
            },
        )
        .await
        .unwrap();
    }
    clock.set(T0 + 60 * DAY);
    rec
}

fn ids(report: &mnemo_records::PruneReport) -> Vec<&str> {
    report.records.iter().map(|r| r.id.as_str()).collect()
}

#[tokio::test]
async fn each_policy_selects_what_it_says_and_never_a_pinned_record() {
    let clock = TestClock::at(T0);
    let rec = seeded(&clock).await;
    rec.touch(&["mid-chat".into(), "mid-chat".into()])
        .await
        .unwrap();
    rec.touch(&["mid-chat".into()]).await.unwrap();
    let cases: Vec<(PrunePolicy, Vec<&str>, usize)> = vec![
        (
            PrunePolicy {
                older_than: Some(Duration::days(40)),
                ..Default::default()
            },
            vec!["old-fact", "old-note"],
            1,
        ),
        (
            PrunePolicy {
                max_access: Some(0),
                ..Default::default()
            },
            vec!["new-pref", "old-fact", "old-note"],
            2,
        ),
        (
            PrunePolicy {
                types: vec![RecordType::Note, RecordType::Decision],
                ..Default::default()
            },
            vec!["old-note"],
            2,
        ),
        (
            PrunePolicy {
                models: vec!["llama2".into()],
                ..Default::default()
            },
            vec!["old-note"],
            2,
        ),
        (
            PrunePolicy {
                older_than: Some(Duration::days(20)),
                max_access: Some(0),
                models: vec!["llama2".into(), "llama3".into()],
                ..Default::default()
            },
            vec!["old-note"],
            1,
        ),
    ];
    for (policy, want, pinned) in cases {
        let dry = rec.prune(&policy, PruneMode::DryRun).await.unwrap();
        assert_eq!(ids(&dry), want, "{policy:?}");
        assert_eq!(dry.pinned_kept, pinned, "{policy:?}");
    }
    assert!(rec
        .prune(&PrunePolicy::default(), PruneMode::DryRun)
        .await
        .is_err());

    // Every policy at once, for real: both pinned records are still there.
    for policy in [
        PrunePolicy {
            older_than: Some(Duration::seconds(0)),
            ..Default::default()
        },
        PrunePolicy {
            max_access: Some(u64::MAX),
            ..Default::default()
        },
        PrunePolicy {
            types: RecordType::ALL.to_vec(),
            ..Default::default()
        },
        PrunePolicy {
            models: vec!["llama2".into(), "llama3".into()],
            ..Default::default()
        },
    ] {
        rec.prune(&policy, PruneMode::Archive).await.unwrap();
        rec.prune(&policy, PruneMode::Permanent).await.unwrap();
    }
    let left: Vec<String> = rec.all().await.unwrap().into_iter().map(|r| r.id).collect();
    assert_eq!(left, vec!["new-pinned", "old-pinned"]);
    assert_eq!(rec.mnemo().stats().await.unwrap().episodes, 2);
    assert!(matches!(
        rec.delete(&["old-pinned".into()], PruneMode::Archive).await,
        Err(mnemo_records::Error::InvalidInput(_))
    ));
}

#[tokio::test]
async fn a_dry_run_changes_nothing() {
    let clock = TestClock::at(T0);
    let rec = seeded(&clock).await;
    let stats = rec.mnemo().stats().await.unwrap();
    let records = rec.all().await.unwrap();
    let audit = rec.audit_all().await.unwrap();
    let policy = PrunePolicy {
        max_access: Some(10),
        ..Default::default()
    };
    let dry = rec.prune(&policy, PruneMode::DryRun).await.unwrap();
    assert_eq!(dry.records.len(), 4);
    assert_eq!(dry.graph, Default::default());
    assert_eq!(rec.mnemo().stats().await.unwrap(), stats);
    assert_eq!(rec.all().await.unwrap(), records);
    assert_eq!(rec.audit_all().await.unwrap(), audit);
    assert!(rec.list_archived(None, 10).await.unwrap().is_empty());
}

#[tokio::test]
async fn archive_then_restore_brings_back_the_graph_records_and_links() {
    let clock = TestClock::at(T0);
    let rec = seeded(&clock).await;
    rec.touch(&["old-note".into()]).await.unwrap();
    let stats = rec.mnemo().stats().await.unwrap();
    let entities = rec.mnemo().export().await.unwrap();
    let records = rec.all().await.unwrap();
    let mut links_before = Vec::new();
    for r in &records {
        links_before.push(rec.links(&r.id, 1000).await.unwrap());
    }

    let policy = PrunePolicy {
        older_than: Some(Duration::days(20)),
        ..Default::default()
    };
    let report = rec.prune(&policy, PruneMode::Archive).await.unwrap();
    assert_eq!(ids(&report), vec!["mid-chat", "old-fact", "old-note"]);
    assert_eq!(report.graph.episodes, 3);
    let after = rec.mnemo().stats().await.unwrap();
    assert_eq!(after.episodes, 3);
    assert!(after.facts < stats.facts, "{after:?} vs {stats:?}");
    // Links of the live records no longer point at archived ones.
    for l in rec.links("new-pref", 1000).await.unwrap() {
        assert!(
            !["mid-chat", "old-fact", "old-note"].contains(&l.target.as_str()),
            "{l:?}"
        );
    }
    let archived = rec.archived("old-note").await.unwrap().unwrap();
    assert_eq!(
        archived.episode.as_ref().unwrap().content,
        "Laura Chen works for Acme Robotics."
    );
    assert_eq!(archived.record.access_count, 1);

    let restored = rec
        .restore(&[
            "old-note".into(),
            "mid-chat".into(),
            "old-fact".into(),
            "never".into(),
        ])
        .await
        .unwrap();
    assert_eq!(restored.restored, vec!["old-note", "mid-chat", "old-fact"]);
    assert_eq!(restored.failed.len(), 1);
    assert_eq!(restored.failed[0].0, "never");

    assert_eq!(rec.mnemo().stats().await.unwrap(), stats);
    let mut export = rec.mnemo().export().await.unwrap();
    let mut before = entities.clone();
    for g in [&mut export, &mut before] {
        g.entities.sort_by(|a, b| a.key.cmp(&b.key));
        g.facts.sort_by_key(|f| f.id());
    }
    assert_eq!(export, before, "entities and facts exactly as before");
    assert_eq!(rec.all().await.unwrap(), records);
    for (r, want) in records.iter().zip(&links_before) {
        assert_eq!(
            &rec.links(&r.id, 1000).await.unwrap(),
            want,
            "links of {}",
            r.id
        );
    }
    assert!(rec.list_archived(None, 10).await.unwrap().is_empty());
    let actions: Vec<AuditAction> = rec
        .audit_all()
        .await
        .unwrap()
        .iter()
        .map(|e| e.action)
        .skip(6)
        .collect();
    assert_eq!(
        actions,
        vec![
            AuditAction::Archive,
            AuditAction::Restore,
            AuditAction::Restore,
            AuditAction::Restore
        ]
    );
}

#[tokio::test]
async fn a_permanent_delete_cannot_be_restored_and_purge_empties_the_archive() {
    let clock = TestClock::at(T0);
    let rec = seeded(&clock).await;
    let before = rec.mnemo().stats().await.unwrap();
    let report = rec
        .delete(&["old-fact".into()], PruneMode::Permanent)
        .await
        .unwrap();
    assert_eq!(report.graph.episodes, 1);
    assert!(rec.get("old-fact").await.unwrap().is_none());
    assert!(rec.archived("old-fact").await.unwrap().is_none());
    let r = rec.restore(&["old-fact".into()]).await.unwrap();
    assert!(r.restored.is_empty());
    assert_eq!(
        rec.mnemo().stats().await.unwrap().episodes,
        before.episodes - 1
    );

    rec.delete(&["new-pref".into()], PruneMode::Archive)
        .await
        .unwrap();
    assert_eq!(
        rec.purge(&["new-pref".into(), "other".into()])
            .await
            .unwrap(),
        1
    );
    assert!(rec
        .restore(&["new-pref".into()])
        .await
        .unwrap()
        .restored
        .is_empty());
    assert!(matches!(
        rec.delete(&["ghost".into()], PruneMode::Archive).await,
        Err(mnemo_records::Error::NotFound(_))
    ));

    let log = rec.audit_all().await.unwrap();
    let tail: Vec<(AuditAction, Vec<String>)> = log
        .iter()
        .skip(6)
        .map(|e| (e.action, e.ids.clone()))
        .collect();
    assert_eq!(
        tail,
        vec![
            (AuditAction::Delete, vec!["old-fact".to_string()]),
            (AuditAction::Archive, vec!["new-pref".to_string()]),
            (AuditAction::Purge, vec!["new-pref".to_string()]),
        ]
    );
    assert!(log.windows(2).all(|w| w[0].key < w[1].key), "in order");
    assert!(log.iter().all(|e| e.actor == "test" && e.at <= clock.now()));
}
