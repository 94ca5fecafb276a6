//! Records on the embedded store: writes, automatic and explicit links, access counting through
//! search and in batches (`touch_many`), paged listings, pins, id validation and tenant isolation.

mod common;

use std::sync::Arc;

use common::{embedded, note, records_on, ts, TestClock, T0};
use mnemo_records::{AuditAction, LinkKind, RecordFilter, RecordInput, RecordType, Touch};

#[tokio::test]
async fn round_trip_on_the_embedded_store() {
    common::round_trip(Arc::new(mnemo_store::EmbeddedStore::in_memory()), "rt").await;
}

#[tokio::test]
async fn a_record_keeps_its_fields_and_rewriting_its_id_changes_nothing() {
    let clock = TestClock::at(T0);
    let rec = embedded(&clock);
    let input = RecordInput {
        id: Some("pref-1".into()),
        record_type: RecordType::Preference,
        user: Some("dana".into()),
        model: Some("qwen2.5".into()),
        session: Some("s-9".into()),
        speaker: Some("Dana Smith".into()),
        tags: vec!["Food".into(), "food".into(), "Italian Cuisine".into()],
        pinned: true,
        confidence: 0.8,
        ..RecordInput::default()
    };
    let w = rec
        .remember("My favourite city is Rome.", &input)
        .await
        .unwrap();
    assert!(w.written);
    let r = rec.get("pref-1").await.unwrap().unwrap();
    assert_eq!(r.record_type, RecordType::Preference);
    assert_eq!(r.tags, vec!["food", "italian-cuisine"]);
    assert_eq!(r.at, clock.now());
    assert!(r.pinned);
    assert_eq!(r.access_count, 0);
    let stats = rec.mnemo().stats().await.unwrap();
    assert_eq!(stats.episodes, 1);

    clock.advance(10);
    let again = rec
        .remember("Different text entirely.", &input)
        .await
        .unwrap();
    assert!(!again.written);
    assert_eq!(again.record, r);
    assert_eq!(rec.mnemo().stats().await.unwrap(), stats);
    let audit = rec.audit_all().await.unwrap();
    assert_eq!(audit.len(), 1, "{audit:?}");
    assert_eq!(audit[0].action, AuditAction::Write);
    assert_eq!(audit[0].actor, "test");
    assert_eq!(audit[0].ids, vec!["pref-1".to_string()]);
}

#[tokio::test]
async fn bad_ids_tags_and_confidences_are_refused_before_anything_is_written() {
    let clock = TestClock::at(T0);
    let rec = embedded(&clock);
    for input in [
        note("../../etc/passwd"),
        note("a/b"),
        note(".."),
        RecordInput {
            confidence: 2.0,
            ..note("ok-1")
        },
        RecordInput {
            tags: vec!["no/slash".into()],
            ..note("ok-2")
        },
        RecordInput {
            session: Some("../s".into()),
            ..note("ok-3")
        },
    ] {
        let err = rec.remember("Laura Chen lives in Lyon.", &input).await;
        assert!(
            matches!(err, Err(mnemo_records::Error::InvalidInput(_))),
            "{input:?}: {err:?}"
        );
    }
    assert_eq!(rec.mnemo().stats().await.unwrap().episodes, 0);
    assert!(rec.audit_all().await.unwrap().is_empty());
    assert!(rec.get("../x").await.is_err());
}

#[tokio::test]
async fn follows_only_within_five_minutes_and_context_spans_the_session() {
    let clock = TestClock::at(T0);
    let rec = embedded(&clock);
    let in_session = |id: &str| RecordInput {
        session: Some("conv-a".into()),
        ..note(id)
    };
    rec.remember("Laura Chen lives in Lyon.", &in_session("a1"))
        .await
        .unwrap();
    clock.advance(4 * 60);
    let a2 = rec
        .remember("Tom Keller works for Acme Robotics.", &in_session("a2"))
        .await
        .unwrap();
    clock.advance(10 * 60);
    let a3 = rec
        .remember("Maria Rossi visited Paris.", &in_session("a3"))
        .await
        .unwrap();
    // Another session at the same time: never linked.
    rec.remember(
        "Ivan Petrov studies in Berlin.",
        &RecordInput {
            session: Some("conv-b".into()),
            ..note("b1")
        },
    )
    .await
    .unwrap();

    let has = |links: &[mnemo_records::Link], k: LinkKind, t: &str| {
        links.iter().any(|l| l.kind == k && l.target == t)
    };
    assert!(has(&a2.links, LinkKind::Follows, "a1"));
    assert!(has(&a3.links, LinkKind::ContextOf, "a1"));
    assert!(has(&a3.links, LinkKind::ContextOf, "a2"));
    assert!(
        !has(&a3.links, LinkKind::Follows, "a2"),
        "ten minutes apart"
    );
    let a1 = rec.links("a1", 100).await.unwrap();
    assert!(
        has(&a1, LinkKind::ContextOf, "a3"),
        "links are seen from both ends"
    );
    assert!(!has(&a1, LinkKind::ContextOf, "b1"));

    // A record written late but dated between a1 and a2 links to both neighbours in time.
    let mid = rec
        .remember(
            "Laura Chen met Tom Keller.",
            &RecordInput {
                at: Some(common::ts(T0 + 60)),
                ..in_session("a-mid")
            },
        )
        .await
        .unwrap();
    assert!(has(&mid.links, LinkKind::Follows, "a1"));
    assert!(mid
        .links
        .iter()
        .any(|l| l.kind == LinkKind::Follows && l.target == "a2" && l.incoming));
}

#[tokio::test]
async fn shared_tags_make_bounded_related_links() {
    let clock = TestClock::at(T0);
    let rec = embedded(&clock);
    for i in 0..30 {
        clock.advance(1);
        rec.remember(
            &format!("Project number {i} started in Lyon."),
            &RecordInput {
                tags: vec!["projects".into()],
                ..note(&format!("p{i:02}"))
            },
        )
        .await
        .unwrap();
    }
    let last = rec
        .remember(
            "Laura Chen leads the projects.",
            &RecordInput {
                tags: vec!["Projects".into(), "people".into()],
                ..note("lead")
            },
        )
        .await
        .unwrap();
    let related: Vec<&str> = last
        .links
        .iter()
        .filter(|l| l.kind == LinkKind::RelatedTo)
        .map(|l| l.target.as_str())
        .collect();
    assert_eq!(related.len(), mnemo_records::RELATED_PER_TAG);
    assert!(related.contains(&"p29"), "newest first: {related:?}");
    assert!(!related.contains(&"p00"), "{related:?}");
    let untagged = rec
        .remember("Tom Keller lives in Lyon.", &note("plain"))
        .await
        .unwrap();
    assert!(untagged.links.is_empty());
}

#[tokio::test]
async fn explicit_links_need_both_records_and_are_audited_once() {
    let clock = TestClock::at(T0);
    let rec = embedded(&clock);
    rec.remember("Laura Chen lives in Lyon.", &note("claim"))
        .await
        .unwrap();
    rec.remember("Laura Chen moved to Paris.", &note("counter"))
        .await
        .unwrap();
    assert!(rec
        .link("counter", LinkKind::Contradicts, "claim")
        .await
        .unwrap());
    assert!(!rec
        .link("counter", LinkKind::Contradicts, "claim")
        .await
        .unwrap());
    assert!(matches!(
        rec.link("counter", LinkKind::Supports, "ghost").await,
        Err(mnemo_records::Error::NotFound(_))
    ));
    assert!(rec
        .link("claim", LinkKind::Supports, "claim")
        .await
        .is_err());
    let seen = rec.links("claim", 10).await.unwrap();
    assert_eq!(seen.len(), 1);
    assert_eq!(seen[0].kind, LinkKind::Contradicts);
    assert!(seen[0].incoming);
    let links = rec
        .audit_all()
        .await
        .unwrap()
        .into_iter()
        .filter(|e| e.action == AuditAction::Link)
        .count();
    assert_eq!(links, 1);
}

#[tokio::test]
async fn search_counts_an_access_for_each_record_behind_the_context() {
    let clock = TestClock::at(T0);
    let rec = embedded(&clock);
    rec.remember("Laura Chen works for Acme Robotics.", &note("laura"))
        .await
        .unwrap();
    rec.remember("Tom Keller lives in Berlin.", &note("tom"))
        .await
        .unwrap();
    // An episode written without a record is found by search but has nothing to count.
    rec.mnemo()
        .remember(
            "Laura Chen lives in Lyon.",
            &mnemo::RememberOptions {
                id: Some("bare".into()),
                ..Default::default()
            },
        )
        .await
        .unwrap();
    for i in 1..=3 {
        clock.advance(30);
        let r = rec.search("Laura Chen", None).await.unwrap();
        assert!(r.provenance.iter().any(|p| p.episode_id == "laura"));
        let laura = rec.get("laura").await.unwrap().unwrap();
        assert_eq!(laura.access_count, i);
        assert_eq!(laura.last_access, Some(clock.now()));
    }
    let miss = rec.search("Quantum chromodynamics", None).await.unwrap();
    assert!(!miss.hit);
    let tom = rec.get("tom").await.unwrap().unwrap();
    assert_eq!(tom.access_count, 0, "not behind any returned context");
    assert!(rec.get("bare").await.unwrap().is_none());
}

#[tokio::test]
async fn pins_toggle_and_are_audited() {
    let clock = TestClock::at(T0);
    let rec = embedded(&clock);
    rec.remember("Laura Chen lives in Lyon.", &note("n1"))
        .await
        .unwrap();
    assert!(rec.set_pinned("n1", true).await.unwrap().pinned);
    assert!(rec.set_pinned("n1", true).await.unwrap().pinned);
    assert!(!rec.set_pinned("n1", false).await.unwrap().pinned);
    assert!(matches!(
        rec.set_pinned("nope", true).await,
        Err(mnemo_records::Error::NotFound(_))
    ));
    let pins: Vec<Option<String>> = rec
        .audit_all()
        .await
        .unwrap()
        .into_iter()
        .filter(|e| e.action == AuditAction::Pin)
        .map(|e| e.detail)
        .collect();
    assert_eq!(pins, vec![Some("pinned".into()), Some("unpinned".into())]);
}

#[tokio::test]
async fn tenants_never_see_each_others_records() {
    let clock = TestClock::at(T0);
    let store: Arc<dyn mnemo::GraphStore> = Arc::new(mnemo_store::EmbeddedStore::in_memory());
    let a = records_on(store.clone(), "tenant-a", &clock);
    let b = records_on(store, "tenant-b", &clock);
    a.remember(
        "Laura Chen lives in Lyon.",
        &RecordInput {
            session: Some("s".into()),
            tags: vec!["t".into()],
            ..note("same-id")
        },
    )
    .await
    .unwrap();
    let wb = b
        .remember(
            "Tom Keller lives in Berlin.",
            &RecordInput {
                session: Some("s".into()),
                tags: vec!["t".into()],
                ..note("other-id")
            },
        )
        .await
        .unwrap();
    assert!(
        wb.links.is_empty(),
        "no links across tenants: {:?}",
        wb.links
    );
    assert!(b.get("same-id").await.unwrap().is_none());
    assert_eq!(b.all().await.unwrap().len(), 1);
    assert_eq!(b.audit_all().await.unwrap().len(), 1);
    let pruned = b
        .prune(
            &mnemo_records::PrunePolicy {
                max_access: Some(0),
                ..Default::default()
            },
            mnemo_records::PruneMode::Archive,
        )
        .await
        .unwrap();
    assert_eq!(pruned.records.len(), 1);
    assert!(a.get("same-id").await.unwrap().is_some());
}

#[tokio::test]
async fn an_episode_stored_without_a_record_is_adopted_with_its_own_time() {
    let clock = TestClock::at(T0);
    let rec = embedded(&clock);
    rec.mnemo()
        .remember(
            "Laura Chen lives in Lyon.",
            &mnemo::RememberOptions {
                id: Some("legacy".into()),
                at: Some(common::ts(T0 - 3_600)),
                ..Default::default()
            },
        )
        .await
        .unwrap();
    let stats = rec.mnemo().stats().await.unwrap();
    clock.advance(60);
    let w = rec
        .remember("Laura Chen lives in Lyon.", &note("legacy"))
        .await
        .unwrap();
    assert!(
        w.written,
        "the record is new even though the episode is not"
    );
    assert_eq!(w.record.at, common::ts(T0 - 3_600));
    assert_eq!(rec.mnemo().stats().await.unwrap(), stats);
}

#[tokio::test]
async fn touch_many_adds_counts_in_one_go_and_skips_unknown_ids() {
    let clock = TestClock::at(T0);
    let r = embedded(&clock);
    r.remember("Ada Lovelace was born in London.", &note("n1"))
        .await
        .unwrap();
    r.remember("Charles Babbage lived in London.", &note("n2"))
        .await
        .unwrap();
    let touches = vec![
        Touch {
            id: "n1".into(),
            count: 3,
            last: ts(T0 + 10),
        },
        Touch {
            id: "n1".into(),
            count: 2,
            last: ts(T0 + 5),
        },
        Touch {
            id: "n2".into(),
            count: 1,
            last: ts(T0 + 7),
        },
        Touch {
            id: "ghost".into(),
            count: 9,
            last: ts(T0 + 9),
        },
        Touch {
            id: "../bad".into(),
            count: 9,
            last: ts(T0 + 9),
        },
    ];
    assert_eq!(r.touch_many(&touches).await.unwrap(), 2);
    let n1 = r.get("n1").await.unwrap().unwrap();
    assert_eq!((n1.access_count, n1.last_access), (5, Some(ts(T0 + 10))));
    let n2 = r.get("n2").await.unwrap().unwrap();
    assert_eq!((n2.access_count, n2.last_access), (1, Some(ts(T0 + 7))));
    // An older batch adds its count but never moves last_access back.
    let old = [Touch {
        id: "n1".into(),
        count: 1,
        last: ts(T0 + 1),
    }];
    r.touch_many(&old).await.unwrap();
    let n1 = r.get("n1").await.unwrap().unwrap();
    assert_eq!((n1.access_count, n1.last_access), (6, Some(ts(T0 + 10))));
    assert!(r.get("ghost").await.unwrap().is_none());
    assert_eq!(r.touch_many(&[]).await.unwrap(), 0);
}

#[tokio::test]
async fn pages_by_session_tag_and_id_follow_their_cursors() {
    let clock = TestClock::at(T0);
    let r = embedded(&clock);
    for i in 0..5 {
        let input = RecordInput {
            id: Some(format!("m{i}")),
            session: Some(if i % 2 == 0 { "even" } else { "odd" }.into()),
            tags: vec![if i < 3 { "low" } else { "high" }.into()],
            at: Some(ts(T0 + 100 - i * 10)),
            ..RecordInput::default()
        };
        r.remember(&format!("Note number {i} about Paris."), &input)
            .await
            .unwrap();
    }
    let ids = |p: &mnemo_records::RecordPage| -> Vec<String> {
        p.records.iter().map(|r| r.id.clone()).collect()
    };
    // Session: oldest first (m4 is the oldest of the even ones).
    let even = RecordFilter::Session("even".into());
    let p1 = r.page(&even, None, 2).await.unwrap();
    assert_eq!(ids(&p1), ["m4", "m2"]);
    let p2 = r.page(&even, p1.next.as_deref(), 2).await.unwrap();
    assert_eq!(ids(&p2), ["m0"]);
    assert!(p2.next.is_none());
    // Tag: newest first.
    let low = RecordFilter::Tag("LOW".into());
    let p = r.page(&low, None, 10).await.unwrap();
    assert_eq!(ids(&p), ["m0", "m1", "m2"]);
    // All: id order.
    let p = r.page(&RecordFilter::All, None, 3).await.unwrap();
    assert_eq!(ids(&p), ["m0", "m1", "m2"]);
    let p = r
        .page(&RecordFilter::All, p.next.as_deref(), 3)
        .await
        .unwrap();
    assert_eq!(ids(&p), ["m3", "m4"]);
    // A cursor of another listing, a bad session or a bad limit is refused.
    assert!(r.page(&low, p1.next.as_deref(), 2).await.is_err());
    assert!(r
        .page(&RecordFilter::Session("a/b".into()), None, 2)
        .await
        .is_err());
    assert!(r.page(&RecordFilter::All, None, 0).await.is_err());
    assert!(r.page(&RecordFilter::All, None, 1_001).await.is_err());
}

/// A turn sent without a listener is said to the session's other participant when the turns before
/// it have exactly one: "your" in Omar's reply is Dana's. The first turn has no one yet, a third
/// voice makes it ambiguous, and a listener given is kept.
#[tokio::test]
async fn a_turn_without_a_listener_is_said_to_the_sessions_other_participant() {
    let clock = TestClock::at(T0);
    let rec = embedded(&clock);
    let turn = |speaker: &str| RecordInput {
        record_type: RecordType::Interaction,
        session: Some("talk-1".into()),
        speaker: Some(speaker.into()),
        ..RecordInput::default()
    };
    let dana_mentions = |rec: &mnemo_records::Records| {
        let rec = rec.clone();
        async move {
            let key = mnemo::EntityKey::from_name("Dana").unwrap();
            let found = rec
                .mnemo()
                .store()
                .get_entities(rec.mnemo().tenant(), &[key])
                .await
                .unwrap();
            found.first().map_or(0, |e| e.mentions)
        }
    };
    let first = rec
        .remember("I finally signed up for a pottery class.", &turn("Dana"))
        .await
        .unwrap();
    assert_eq!(first.record.listener, None);
    let before = dana_mentions(&rec).await;
    clock.advance(30);
    let reply = rec
        .remember("Your bowls look amazing, I love your glaze.", &turn("Omar"))
        .await
        .unwrap();
    assert_eq!(reply.record.listener.as_deref(), Some("Dana"));
    assert!(
        dana_mentions(&rec).await > before,
        "\"your\" resolved to Dana"
    );
    clock.advance(30);
    let back = rec.remember("Thanks, Omar!", &turn("dana")).await.unwrap();
    assert_eq!(back.record.listener.as_deref(), Some("Omar"), "case-blind");

    clock.advance(30);
    rec.remember("Hi both, I'm late.", &turn("Lena"))
        .await
        .unwrap();
    clock.advance(30);
    let three = rec.remember("Welcome, Lena!", &turn("Omar")).await.unwrap();
    assert_eq!(
        three.record.listener, None,
        "two others: no one in particular"
    );

    clock.advance(30);
    let given = RecordInput {
        listener: Some("Lena".into()),
        ..turn("Dana")
    };
    let w = rec.remember("Good to see you.", &given).await.unwrap();
    assert_eq!(w.record.listener.as_deref(), Some("Lena"));
}
