//! Snapshot and property tests of ranking and context assembly on a small fixed graph with a fixed
//! clock (no store involved: these parts are pure).

use std::collections::HashSet;

use chrono::{TimeZone, Utc};
use expect_test::expect;
use mnemo_core::{Entity, EntityKey, EntityType, Fact, RelType, Subgraph, Timestamp};
use mnemo_retrieve::{join, JoinConfig, LinkedEntity, MatchKind, Retrieval};

use crate::{
    assemble, compose, rank_entities, rank_facts, ChatTurn, Line, Role, SearchConfig, Section,
    SectionKind, Snippet,
};

fn day(y: i32, m: u32, d: u32) -> Timestamp {
    Utc.with_ymd_and_hms(y, m, d, 12, 0, 0)
        .single()
        .expect("valid date")
}

fn now() -> Timestamp {
    day(2026, 6, 1)
}

fn key(name: &str) -> EntityKey {
    EntityKey::from_name(name).expect("name")
}

fn entity(name: &str, t: EntityType, mentions: u64, last: Timestamp) -> Entity {
    Entity {
        key: key(name),
        name: name.to_string(),
        entity_type: t,
        aliases: Vec::new(),
        mentions,
        first_seen: day(2025, 1, 1),
        last_seen: last,
    }
}

fn fact(s: &str, p: &str, o: &str, mentions: u64, eps: &[&str]) -> Fact {
    Fact {
        subject: key(s),
        rel_type: RelType::from_predicate(p),
        object: key(o),
        predicate: p.to_string(),
        mentions,
        confidence: 0.8,
        first_seen: day(2025, 1, 1),
        last_seen: day(2026, 5, 1),
        episodes: eps.iter().map(|e| e.to_string()).collect(),
        occurred: None,
    }
}

/// Ada and Paris are connected only through a 3-hop path (Ada - Acme - Bob - Paris).
fn fixture() -> Retrieval {
    use EntityType::*;
    let entities = vec![
        entity("Ada Lovelace", Person, 12, day(2026, 5, 30)),
        entity("Acme Corp", Organization, 30, day(2026, 5, 31)),
        entity("Bob Stone", Person, 3, day(2026, 4, 1)),
        entity("Paris", Location, 40, day(2026, 5, 1)),
        entity("France", Location, 25, day(2026, 1, 1)),
        entity("Tea", Concept, 2, day(2025, 1, 1)),
        entity("London", Location, 5, day(2026, 5, 20)),
    ];
    let facts = vec![
        fact(
            "Ada Lovelace",
            "works at",
            "Acme Corp",
            3,
            &["ep-1", "ep-2"],
        ),
        fact("Bob Stone", "works at", "Acme Corp", 1, &["ep-3"]),
        fact("Bob Stone", "lives in", "Paris", 2, &["ep-3", "ep-4"]),
        fact("Ada Lovelace", "likes", "Tea", 1, &["ep-5"]),
        fact("Paris", "capital of", "France", 4, &["ep-6"]),
        fact("Ada Lovelace", "born in", "London", 1, &["ep-1"]),
        fact("Acme Corp", "headquartered in", "London", 2, &["ep-7"]),
    ];
    let subgraph = Subgraph { entities, facts };
    let seeds: Vec<LinkedEntity> = ["Ada Lovelace", "Paris"]
        .iter()
        .map(|n| LinkedEntity {
            entity: subgraph
                .entities
                .iter()
                .find(|e| e.name == *n)
                .cloned()
                .expect("seed in fixture"),
            matched: key(n).to_string(),
            kind: MatchKind::Exact,
            score: 1.0,
            span: (0, 1),
        })
        .collect();
    let joined = join(
        &subgraph,
        &[key("Ada Lovelace"), key("Paris")],
        &JoinConfig::default(),
    );
    Retrieval {
        seeds,
        subgraph,
        paths: joined.paths,
        fact_hops: joined.fact_hops,
    }
}

fn query_words() -> HashSet<String> {
    ["connected".to_string()].into_iter().collect()
}

#[test]
fn a_fact_line_shows_its_event_time() {
    use EntityType::*;
    let told = day(2023, 5, 8);
    let timed = |s: &str, p: &str, o: &str, occurred: Option<&str>| Fact {
        first_seen: told,
        last_seen: told,
        occurred: occurred.map(str::to_string),
        ..fact(s, p, o, 1, &["ep-1"])
    };
    let retrieval = Retrieval {
        seeds: vec![],
        subgraph: Subgraph {
            entities: vec![
                entity("Caroline", Person, 3, told),
                entity("support group", Concept, 1, told),
                entity("painting", Concept, 1, told),
                entity("Paris", Location, 1, told),
                entity("Lyon", Location, 1, told),
            ],
            facts: vec![
                timed("Caroline", "went to", "support group", Some("2023-05-07")),
                timed("Caroline", "loves", "painting", None),
                // Replaced: the interval shows, on days.
                Fact {
                    first_seen: day(2020, 1, 1),
                    last_seen: day(2020, 1, 1),
                    ..timed("Caroline", "lives in", "Paris", Some("2019"))
                },
                timed("Caroline", "moved to", "Lyon", Some("2023-W18")),
            ],
        },
        fact_hops: vec![Some(1); 4],
        paths: vec![],
    };
    let mut lines: Vec<String> = rank_facts(&retrieval, &HashSet::new(), told, 30.0)
        .iter()
        .map(|f| f.render())
        .collect();
    lines.sort();
    expect![[r#"
        - Caroline lives in Paris (2019-01-01 – 2023-05-08)
        - Caroline loves painting
        - Caroline moved to Lyon (since 2023-W18)
        - Caroline went to support group (2023-05-07)"#]]
    .assert_eq(&lines.join("\n"));
    let json = serde_json::to_value(rank_facts(&retrieval, &HashSet::new(), told, 30.0)).unwrap();
    let occurred: Vec<&serde_json::Value> = json
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|f| f.get("occurred"))
        .collect();
    assert_eq!(
        occurred.len(),
        3,
        "facts without an event time carry no occurred: {json}"
    );
}

#[test]
fn ranking_snapshot_puts_the_connecting_path_first() {
    let r = fixture();
    let facts = rank_facts(&r, &query_words(), now(), 30.0);
    let lines: Vec<String> = facts
        .iter()
        .map(|f| format!("{:.3} {:?} {}", f.score, f.role, f.render()))
        .collect();
    expect![[r#"
        3.785 Path - Ada Lovelace works at Acme Corp (x3)
        3.609 Path - Bob Stone works at Acme Corp
        3.582 Path - Bob Stone lives in Paris (x2)
        3.452 Path - Acme Corp headquartered in London (x2)
        3.364 Path - Ada Lovelace born in London
        2.378 OneHop - Paris capital of France (x4)
        2.300 OneHop - Ada Lovelace likes Tea"#]]
    .assert_eq(&lines.join("\n"));
    // The 3-hop path's facts come first, then the 4-hop path's, then one-hop facts.
    let three_hop: HashSet<String> = r.paths[0]
        .steps
        .iter()
        .map(|s| format!("{} {}", s.fact.subject, s.fact.object))
        .collect();
    assert_eq!(r.paths[0].len(), 3);
    let first: HashSet<String> = facts[..3]
        .iter()
        .map(|f| format!("{} {}", f.subject, f.object))
        .collect();
    assert_eq!(first, three_hop);
    assert!(facts[..5].iter().all(|f| f.role == Role::Path));
    assert!(facts[5..].iter().all(|f| f.role == Role::OneHop));
}

fn snippets() -> Vec<Snippet> {
    vec![
        Snippet {
            episode_id: "ep-3".into(),
            source: "notes/bob.md".into(),
            document_id: Some("doc-bob".into()),
            at: now(),
            speaker: None,
            text: "Bob Stone works at Acme Corp and lives in Paris.".into(),
            score: 5.7,
        },
        Snippet {
            episode_id: "ep-1".into(),
            source: "chat".into(),
            document_id: None,
            at: now() - chrono::Duration::days(3),
            speaker: Some("Ada".into()),
            text: "Ada Lovelace was born in London and works at Acme Corp.".into(),
            score: 5.8,
        },
    ]
}

fn history() -> Vec<ChatTurn> {
    vec![
        ChatTurn::new("user", "Tell me about Acme. Long story please."),
        ChatTurn::new("assistant", "Acme Corp is a company in London."),
        ChatTurn::new("user", "How is Ada Lovelace connected to Paris?"),
    ]
}

fn compose_fixture(budget: usize) -> crate::SearchResult {
    let r = fixture();
    let facts = rank_facts(&r, &query_words(), now(), 30.0);
    let top = rank_entities(&r.subgraph.entities[4..], now(), 30.0, 2);
    let cfg = SearchConfig {
        budget_tokens: budget,
        recent_turns: 2,
        ..SearchConfig::default()
    };
    compose(
        "How is Ada Lovelace connected to Paris?",
        &r,
        &facts,
        &top,
        &snippets(),
        &history(),
        &cfg,
    )
}

#[test]
fn rendered_context_snapshot() {
    let res = compose_fixture(1000);
    expect![[r#"
        ## Sources
        - [notes/bob.md] Bob Stone works at Acme Corp and lives in Paris.
        - [2026-05-29 Ada] Ada Lovelace was born in London and works at Acme Corp.

        ## Connecting paths
        - Ada Lovelace -[works at]-> Acme Corp <-[works at]- Bob Stone -[lives in]-> Paris
        - Ada Lovelace -[born in]-> London <-[headquartered in]- Acme Corp <-[works at]- Bob Stone -[lives in]-> Paris

        ## Facts
        - Paris capital of France (x4)
        - Ada Lovelace likes Tea

        ## Key entities
        - Ada Lovelace (Person, 12 mentions, last seen 2026-05-30)
        - Paris (Location, 40 mentions, last seen 2026-05-01)

        ## Related entities
        - London (Location, 5 mentions, last seen 2026-05-20)
        - France (Location, 25 mentions, last seen 2026-01-01)

        ## Conversation
        - (earlier) user: Tell me about Acme.
        - assistant: Acme Corp is a company in London.
        - user: How is Ada Lovelace connected to Paris?
    "#]]
    .assert_eq(&res.context_text);
    assert!(res.hit);
    assert_eq!(res.tokens, crate::count_tokens(&res.context_text));
    let sections: Vec<String> = res
        .sections
        .iter()
        .map(|s| {
            format!(
                "{:?} {} {}/{}",
                s.kind, s.tokens, s.lines_kept, s.lines_offered
            )
        })
        .collect();
    expect![[r#"
        Snippets 49 2/2
        Paths 68 2/2
        Facts 22 2/2
        KeyEntities 48 2/2
        TopEntities 45 2/2
        History 45 3/3"#]]
    .assert_eq(&sections.join("\n"));
    // Path facts and listed facts are all reported, each with provenance.
    assert_eq!(res.facts.len(), 7);
    assert!(res.facts.iter().all(|f| !f.episodes.is_empty()));
    assert_eq!(res.paths[0].episodes, ["ep-1", "ep-2", "ep-3", "ep-4"]);
    let prov: Vec<&str> = res
        .provenance
        .iter()
        .map(|p| p.episode_id.as_str())
        .collect();
    // Snippet episodes first, in snippet order, then the other fact sources.
    assert_eq!(
        prov,
        ["ep-3", "ep-1", "ep-2", "ep-4", "ep-7", "ep-6", "ep-5"]
    );
    let json = serde_json::to_value(&res).expect("serialises");
    // Evidence leads: the sources, then what explains them.
    assert_eq!(json["sections"][0]["kind"], "snippets");
    assert_eq!(json["facts"][0]["role"], "path");
}

#[test]
fn budget_cuts_lowest_priority_first_in_whole_lines() {
    let full = compose_fixture(10_000);
    let all_lines: HashSet<String> = full.context_text.lines().map(str::to_string).collect();
    for budget in (0..=260).step_by(7) {
        let res = compose_fixture(budget);
        assert!(res.tokens <= budget, "{} > {budget}", res.tokens);
        for line in res.context_text.lines() {
            assert!(
                all_lines.contains(line),
                "partial line {line:?} at {budget}"
            );
        }
        // Once a section lost a line, every lower-priority section is empty.
        let mut cut = false;
        for s in &res.sections {
            if cut {
                assert_eq!(
                    s.lines_kept, 0,
                    "{:?} kept lines after a cut at {budget}",
                    s.kind
                );
            }
            cut |= s.lines_kept < s.lines_offered;
        }
    }
    let tight = compose_fixture(80);
    let kinds: Vec<SectionKind> = tight
        .sections
        .iter()
        .filter(|s| s.lines_kept > 0)
        .map(|s| s.kind)
        .collect();
    assert_eq!(kinds, [SectionKind::Snippets]);
    assert!(tight.facts.is_empty() && tight.entities.is_empty());
}

#[test]
fn within_a_section_higher_ranked_lines_survive() {
    let section = Section {
        kind: SectionKind::History,
        lines: vec![
            Line {
                text: "- old summary".into(),
                rank: 2,
                item: 0,
            },
            Line {
                text: "- newer turn".into(),
                rank: 1,
                item: 1,
            },
            Line {
                text: "- newest turn".into(),
                rank: 0,
                item: 2,
            },
        ],
    };
    let out = assemble(vec![section], 12);
    assert_eq!(out.text, "## Conversation\n- newer turn\n- newest turn\n");
    assert_eq!(out.kept(SectionKind::History), [1, 2]);
}
