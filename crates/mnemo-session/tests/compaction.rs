//! Pure-function tests of topic compaction with a fixed clock: the target curve, the trigger and
//! ±10 % rule, the 0 %/100 % edges, the multiple-tag rule and where the summary goes.

use std::collections::BTreeMap;

use chrono::{DateTime, Duration, TimeZone, Utc};
use mnemo_session::{
    compact, plan, target_pct, Compaction, CompactionConfig, Decision, Importance, Message, Role,
    Skip, SummaryRole, TagState, TargetPolicy,
};

fn t0() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 22, 12, 0, 0).unwrap()
}

fn msg(seq: u64, tags: &[&str], tokens: usize, secs: i64) -> Message {
    Message {
        seq,
        role: if seq % 2 == 1 {
            Role::User
        } else {
            Role::Assistant
        },
        content: format!("message {seq}"),
        at: t0() + Duration::seconds(secs),
        tags: tags.iter().map(|t| t.to_string()).collect(),
        tokens,
    }
}

fn tag(name: &str, importance: Importance, last_update: DateTime<Utc>) -> TagState {
    TagState {
        tag: name.into(),
        importance,
        last_update,
        compactions: Vec::new(),
    }
}

fn compaction(last: u64, tokens: usize, summary: &str) -> Compaction {
    Compaction {
        compacted_messages: last as usize,
        compacted_tokens: tokens,
        compact_last_id: last,
        summary: summary.into(),
        summary_tokens: 3,
        target_pct: 50,
        created_at: t0(),
        summarizer: "test".into(),
    }
}

#[test]
fn target_grows_with_age_and_depends_on_importance() {
    let p = TargetPolicy::default();
    let at = |secs: i64| t0() + Duration::seconds(secs);
    // Core never compacts, whatever the age.
    assert_eq!(target_pct(Importance::Core, t0(), at(10_000_000), &p), 0);
    // Fresh tags sit at their floor.
    assert_eq!(target_pct(Importance::High, t0(), t0(), &p), 0);
    assert_eq!(target_pct(Importance::Normal, t0(), t0(), &p), 20);
    assert_eq!(target_pct(Importance::Low, t0(), t0(), &p), 50);
    // One half-life: half-way from floor to cap.
    assert_eq!(target_pct(Importance::High, t0(), at(3600), &p), 25);
    assert_eq!(target_pct(Importance::Normal, t0(), at(1800), &p), 50);
    assert_eq!(target_pct(Importance::Low, t0(), at(600), &p), 75);
    // Long idle: the cap, and 100 % for low tags.
    assert_eq!(target_pct(Importance::High, t0(), at(86_400), &p), 50);
    assert_eq!(target_pct(Importance::Low, t0(), at(86_400), &p), 100);
    // A clock behind the last update counts as age 0.
    assert_eq!(target_pct(Importance::Normal, t0(), at(-500), &p), 20);
    // Monotonic in age, and ordered by importance at every age.
    let mut last = 0;
    for s in (0..20_000).step_by(250) {
        let n = target_pct(Importance::Normal, t0(), at(s), &p);
        assert!(n >= last);
        last = n;
        assert!(target_pct(Importance::High, t0(), at(s), &p) <= n);
        assert!(target_pct(Importance::Low, t0(), at(s), &p) >= n);
    }
}

#[test]
fn small_fresh_tags_wait_and_core_or_zero_never_compacts() {
    let cfg = CompactionConfig::default();
    let msgs = vec![msg(1, &["a"], 40, 0), msg(2, &["a"], 40, 10)];
    // 80 tokens, last message 50 s old: not due.
    let d = plan(
        &tag("a", Importance::Low, t0()),
        &msgs,
        t0() + Duration::seconds(60),
        &cfg,
    );
    assert!(
        matches!(
            d,
            Decision::Skip {
                skip: Skip::NotDue { tokens: 80, .. },
                ..
            }
        ),
        "{d:?}"
    );
    // Same tag, last message 101 s old: due, and low's 50 % floor + 10 covers 60 % = both messages
    // (40 tokens is 50 %, not enough), but 80 tokens gain over nothing is under 100: skipped.
    let d = plan(
        &tag("a", Importance::Low, t0()),
        &msgs,
        t0() + Duration::seconds(111),
        &cfg,
    );
    assert!(
        matches!(
            d,
            Decision::Skip {
                skip: Skip::SmallGain {
                    covered_tokens: 80,
                    previous_tokens: 0
                },
                ..
            }
        ),
        "{d:?}"
    );
    // Core: 0 % whatever the size and age.
    let big: Vec<Message> = (1..=10).map(|i| msg(i, &["c"], 200, i as i64)).collect();
    let d = plan(
        &tag("c", Importance::Core, t0()),
        &big,
        t0() + Duration::days(30),
        &cfg,
    );
    assert!(
        matches!(
            d,
            Decision::Skip {
                target_pct: 0,
                skip: Skip::ZeroTarget
            }
        ),
        "{d:?}"
    );
    // A fresh high tag has a 0 % target too.
    let d = plan(
        &tag("c", Importance::High, t0() + Duration::seconds(10)),
        &big,
        t0() + Duration::seconds(10),
        &cfg,
    );
    assert!(
        matches!(
            d,
            Decision::Skip {
                target_pct: 0,
                skip: Skip::ZeroTarget
            }
        ),
        "{d:?}"
    );
}

#[test]
fn coverage_is_target_plus_ten_rounded_up_to_whole_messages() {
    let cfg = CompactionConfig::default();
    // Ten messages of 100 tokens; normal tag updated now: target 20 %, coverage 30 % = 3 messages.
    let msgs: Vec<Message> = (1..=10).map(|i| msg(i, &["n"], 100, i as i64)).collect();
    let now = t0() + Duration::seconds(10);
    let d = plan(&tag("n", Importance::Normal, now), &msgs, now, &cfg);
    let Decision::Compact(p) = d else {
        panic!("{d:?}")
    };
    assert_eq!(
        (p.target_pct, p.seqs.clone(), p.tokens, p.total_tokens),
        (20, vec![1, 2, 3], 300, 1000)
    );
    // 31 % of 1000 is 310 tokens: rounded up to the 4th whole message.
    let cfg31 = CompactionConfig {
        tolerance_pct: 11,
        ..cfg.clone()
    };
    let Decision::Compact(p) = plan(&tag("n", Importance::Normal, now), &msgs, now, &cfg31) else {
        panic!()
    };
    assert_eq!(p.seqs, vec![1, 2, 3, 4]);
    // 100 % target: full compaction, every message.
    let old = t0() - Duration::days(2);
    let Decision::Compact(p) = plan(&tag("n", Importance::Low, old), &msgs, now, &cfg) else {
        panic!()
    };
    assert_eq!((p.target_pct, p.seqs.len(), p.tokens), (100, 10, 1000));
}

#[test]
fn an_existing_compaction_within_ten_points_blocks_a_new_one() {
    let cfg = CompactionConfig::default();
    let msgs: Vec<Message> = (1..=10).map(|i| msg(i, &["n"], 100, i as i64)).collect();
    // Normal tag one half-life old: target 50 %.
    let now = t0() + Duration::seconds(10 + 1800);
    let mut state = tag("n", Importance::Normal, t0() + Duration::seconds(10));
    // An existing compaction covering 40 % (4 of 10 messages) is within ±10: nothing new.
    state.compactions = vec![compaction(4, 400, "s")];
    let d = plan(&state, &msgs, now, &cfg);
    assert!(
        matches!(d, Decision::Skip { target_pct: 50, skip: Skip::WithinTolerance { existing_pct } } if existing_pct == 40.0),
        "{d:?}"
    );
    // 60 % is within too (the rule is symmetric) ...
    state.compactions = vec![compaction(6, 600, "s")];
    assert!(matches!(
        plan(&state, &msgs, now, &cfg),
        Decision::Skip {
            skip: Skip::WithinTolerance { .. },
            ..
        }
    ));
    // ... 30 % is not: a new compaction covering 60 % is made.
    state.compactions = vec![compaction(3, 300, "s")];
    let Decision::Compact(p) = plan(&state, &msgs, now, &cfg) else {
        panic!()
    };
    assert_eq!(p.seqs, (1..=6).collect::<Vec<u64>>());
    // Coverage is measured on the FIFO as it is now: after the first 5 messages were flushed, a
    // compaction up to seq 6 covers 1 of 5 remaining messages = 20 %, far from 50 %: a new one
    // covers 60 % of the 500 tokens left.
    state.compactions = vec![compaction(6, 600, "s")];
    let Decision::Compact(p) = plan(&state, &msgs[5..], now, &cfg) else {
        panic!()
    };
    assert_eq!(
        (p.seqs, p.tokens, p.total_tokens),
        (vec![6, 7, 8], 300, 500)
    );
}

#[test]
fn a_compaction_within_100_tokens_of_the_last_is_skipped() {
    let cfg = CompactionConfig::default();
    let msgs: Vec<Message> = (1..=20).map(|i| msg(i, &["n"], 30, i as i64)).collect();
    let now = t0() + Duration::seconds(20 + 1800);
    let mut state = tag("n", Importance::Normal, t0() + Duration::seconds(20));
    // Total 600, target 50 → goal 60 % = 360 tokens = 12 messages. The last compaction covered 7
    // (210 tokens = 35 %, outside ±10): gain 150 > 100 → compact.
    state.compactions = vec![compaction(7, 210, "s")];
    let Decision::Compact(p) = plan(&state, &msgs, now, &cfg) else {
        panic!()
    };
    assert_eq!(p.tokens, 360);
    // With tolerance 5 a previous one at 8 messages (240 = 40 %) is outside the tolerance, and the
    // new one (55 % = 330 tokens = 11 messages) gains 90 ≤ 100 → skipped.
    let cfg5 = CompactionConfig {
        tolerance_pct: 5,
        ..cfg
    };
    state.compactions = vec![compaction(8, 240, "s")];
    let d = plan(&state, &msgs, now, &cfg5);
    assert!(
        matches!(
            d,
            Decision::Skip {
                skip: Skip::SmallGain {
                    covered_tokens: 330,
                    previous_tokens: 240
                },
                ..
            }
        ),
        "{d:?}"
    );
}

fn tags(list: Vec<TagState>) -> BTreeMap<String, TagState> {
    list.into_iter().map(|t| (t.tag.clone(), t)).collect()
}

#[test]
fn summary_replaces_compacted_messages_at_the_first_ones_position() {
    let msgs = vec![
        msg(1, &["work"], 10, 1),
        msg(2, &["food"], 10, 2),
        msg(3, &["work"], 10, 3),
        msg(4, &["work"], 10, 4),
        msg(5, &["food"], 10, 5),
    ];
    let mut work = tag("work", Importance::Normal, t0());
    work.compactions = vec![
        compaction(1, 10, "old"),
        compaction(3, 20, "Ada leads Orion."),
    ];
    let out = compact(
        &msgs,
        &tags(vec![work, tag("food", Importance::Normal, t0())]),
        SummaryRole::System,
    );
    assert_eq!(out.removed, [1, 3]);
    let shape: Vec<(String, Option<u64>)> = out
        .messages
        .iter()
        .map(|m| (m.role.clone(), m.seq))
        .collect();
    assert_eq!(
        shape,
        [
            ("system".into(), None),
            ("assistant".into(), Some(2)),
            ("assistant".into(), Some(4)),
            ("user".into(), Some(5))
        ]
    );
    // Only the newest compaction applies.
    assert!(
        out.messages[0].content.contains("Ada leads Orion.")
            && !out.messages[0].content.contains("old")
    );
    assert_eq!(out.messages[0].summary_of.as_deref(), Some("work"));
    assert_eq!(out.saved_tokens, 20 - out.messages[0].tokens as i64);
    // Developer role when asked; nothing compacted gives the messages unchanged.
    let mut w = tag("work", Importance::Normal, t0());
    w.compactions = vec![compaction(3, 20, "s")];
    let dev = compact(&msgs, &tags(vec![w]), SummaryRole::Developer);
    assert_eq!(dev.messages[0].role, "developer");
    let none = compact(&msgs, &BTreeMap::new(), SummaryRole::System);
    assert_eq!(none.messages.len(), 5);
    assert!(none.removed.is_empty());
}

#[test]
fn a_message_leaves_only_when_every_tag_of_its_top_importance_compacted_it() {
    // 1: work(high)+chat(low)   2: work+family(high)   3: family+core   4: chat only
    let msgs = vec![
        msg(1, &["chat", "work"], 10, 1),
        msg(2, &["family", "work"], 10, 2),
        msg(3, &["family", "me"], 10, 3),
        msg(4, &["chat"], 10, 4),
    ];
    let mut work = tag("work", Importance::High, t0());
    work.compactions = vec![compaction(2, 20, "work summary")];
    let family = tag("family", Importance::High, t0());
    let mut chat = tag("chat", Importance::Low, t0());
    chat.compactions = vec![compaction(1, 10, "chat summary")];
    let mut me = tag("me", Importance::Core, t0());
    me.compactions = vec![compaction(3, 10, "never applied")];
    let mut all = tags(vec![work, family.clone(), chat, me]);
    let out = compact(&msgs, &all, SummaryRole::System);
    // 1: its top level (high) is work alone, which compacted it: removed (chat's low tag does not
    //    hold it back). 2: family is as important as work and has not compacted it: kept.
    // 3: a core tag keeps it. 4: chat compacted only up to 1: kept.
    assert_eq!(out.removed, [1]);
    // Both summaries sit at message 1's place, the more important tag first.
    let summaries: Vec<&str> = out
        .messages
        .iter()
        .filter_map(|m| m.summary_of.as_deref())
        .collect();
    assert_eq!(summaries, ["work", "chat"]);
    assert_eq!(out.messages[2].seq, Some(2));
    // Once family compacts message 2 as well, it goes; the family summary is placed at message 2,
    // the first message it covers.
    let mut fam = family;
    fam.compactions = vec![compaction(3, 20, "family summary")];
    all.insert("family".into(), fam);
    let out = compact(&msgs, &all, SummaryRole::System);
    assert_eq!(out.removed, [1, 2]);
    let order: Vec<String> = out
        .messages
        .iter()
        .map(|m| {
            m.summary_of
                .clone()
                .unwrap_or_else(|| format!("#{}", m.seq.unwrap_or(0)))
        })
        .collect();
    assert_eq!(order, ["work", "chat", "family", "#3", "#4"]);
}
