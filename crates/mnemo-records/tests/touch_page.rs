//! Batched access counts (`touch_many`) and paged listings by session and tag.

mod common;

use common::*;
use mnemo_records::{RecordFilter, RecordInput, Touch};

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
