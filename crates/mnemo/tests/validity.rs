//! Facts that change, end to end on both stores (Neo4j when `NEO4J_TEST_URI` is set; with CI=true a
//! missing server fails the test): supersession whatever the write order, endings, reopening when
//! the closing statement is forgotten, as-of search, and event times (`valid_from` from when it
//! happened, falling back when that statement is forgotten). Both stores give the same intervals.

use std::sync::Arc;

use chrono::TimeZone;
use mnemo::{parse_as_of, Mnemo, MnemoOptions, RememberOptions, RuleExtractor, Timestamp};
use mnemo_core::{GraphStore, Tenant};

fn day(y: i32, m: u32, d: u32) -> Timestamp {
    chrono::Utc.with_ymd_and_hms(y, m, d, 9, 0, 0).unwrap()
}

/// (subject, predicate, object, valid_from day, valid_to day) of every fact of a search.
type Interval = (String, String, String, String, Option<String>);

async fn facts_of(m: &Mnemo, query: &str, as_of: Option<&str>) -> (Vec<Interval>, String) {
    let as_of = as_of.map(|s| parse_as_of(s).unwrap());
    let r = m.search_as_of(query, None, &[], as_of).await.unwrap();
    let d = |t: &Timestamp| t.format("%Y-%m-%d").to_string();
    let facts = r
        .facts
        .iter()
        .map(|f| {
            (
                f.subject_name.clone(),
                f.predicate.clone(),
                f.object_name.clone(),
                d(&f.valid_from),
                f.valid_to.as_ref().map(d),
            )
        })
        .collect();
    (facts, r.context_text)
}

fn find<'a>(facts: &'a [Interval], object: &str) -> Option<&'a Interval> {
    facts.iter().find(|f| f.2 == object)
}

/// Runs the stories on one store; returns every search's facts, for comparing the stores.
async fn check(store: Arc<dyn GraphStore>, tenant: Tenant) -> Vec<Vec<Interval>> {
    let m = Mnemo::new(
        store,
        Arc::new(RuleExtractor),
        tenant,
        MnemoOptions::default(),
    )
    .with_clock(Arc::new(|| day(2025, 1, 1)));
    let said = |at: Timestamp| RememberOptions {
        at: Some(at),
        ..RememberOptions::default()
    };
    // The move is written before the older fact it replaces.
    let moved = m
        .remember("Lena Vogt moved to Lyon.", &said(day(2024, 6, 1)))
        .await
        .unwrap();
    for (text, at) in [
        ("Lena Vogt lives in Paris.", day(2020, 4, 1)),
        ("Anna Berg is married to Tom Keller.", day(2019, 5, 1)),
        ("Anna Berg divorced Tom Keller.", day(2022, 3, 1)),
        ("Tom Keller works for Acme Robotics.", day(2021, 1, 1)),
    ] {
        m.remember(text, &said(at)).await.unwrap();
    }
    let mut seen = Vec::new();

    let (facts, text) = facts_of(&m, "Where does Lena Vogt live?", None).await;
    let paris = find(&facts, "Paris").expect("Paris is still known");
    let lyon = find(&facts, "Lyon").expect("Lyon");
    assert_eq!(paris.3, "2020-04-01");
    assert_eq!(paris.4.as_deref(), Some("2024-06-01"), "{facts:?}");
    assert_eq!(lyon.4, None);
    let pos = |o: &str| facts.iter().position(|f| f.2 == o).unwrap();
    assert!(
        pos("Lyon") < pos("Paris"),
        "the current fact first: {facts:?}"
    );
    assert!(
        text.contains("Lena Vogt lives in Paris (2020-04-01 – 2024-06-01)"),
        "{text}"
    );
    assert!(
        text.contains("Lena Vogt moved to Lyon (since 2024-06-01)"),
        "{text}"
    );
    seen.push(facts);

    // As of 2022 the move had not happened and nothing said later is shown.
    let (facts, text) = facts_of(&m, "Where does Lena Vogt live?", Some("2022-01-01")).await;
    assert_eq!(find(&facts, "Paris").map(|f| f.4.clone()), Some(None));
    assert!(find(&facts, "Lyon").is_none(), "{facts:?}");
    assert!(!text.contains("Lyon"), "{text}");
    seen.push(facts);
    // Before anything was said about her, memory knew nothing.
    let r = m
        .search_as_of(
            "Where does Lena Vogt live?",
            None,
            &[],
            Some(day(2019, 1, 1)),
        )
        .await
        .unwrap();
    assert!(!r.hit, "{}", r.context_text);

    // An ending closes a fact without a replacement; the other family is untouched.
    let (facts, _) = facts_of(&m, "Who is Anna Berg married to?", None).await;
    let married = facts
        .iter()
        .find(|f| f.1 == "married to")
        .expect("the marriage is known");
    assert_eq!(married.4.as_deref(), Some("2022-03-01"), "{facts:?}");
    seen.push(facts);
    let (facts, _) = facts_of(&m, "Who does Tom Keller work for?", None).await;
    assert_eq!(
        find(&facts, "Acme Robotics").map(|f| f.4.clone()),
        Some(None)
    );
    seen.push(facts);

    // Event times: told on 2023-05-08 that it happened "yesterday", then again in June about "last
    // week". The fact holds from the oldest statement's event time, and forgetting that statement
    // falls back to the next one's.
    let turn = |at: Timestamp| RememberOptions {
        speaker: Some("Caroline".into()),
        ..said(at)
    };
    let first = m
        .remember(
            "I went to a support group yesterday.",
            &turn(chrono::Utc.with_ymd_and_hms(2023, 5, 8, 10, 0, 0).unwrap()),
        )
        .await
        .unwrap();
    m.remember(
        "I went to a support group last week.",
        &turn(chrono::Utc.with_ymd_and_hms(2023, 6, 20, 10, 0, 0).unwrap()),
    )
    .await
    .unwrap();
    let group = |r: &mnemo::SearchResult| {
        r.facts
            .iter()
            .find(|f| f.object_name == "support group")
            .map(|f| {
                (
                    f.occurred.clone(),
                    f.valid_from.format("%Y-%m-%d").to_string(),
                    f.mentions,
                )
            })
    };
    let r = m.search("Where did Caroline go?", None).await.unwrap();
    assert_eq!(
        group(&r),
        Some((Some("2023-05-07".into()), "2023-05-07".into(), 2)),
        "{}",
        r.context_text
    );
    assert!(
        r.context_text
            .contains("Caroline went to support group (x2) (2023-05-07)"),
        "{}",
        r.context_text
    );
    m.forget_episodes(std::slice::from_ref(&first.episode_id))
        .await
        .unwrap();
    let r = m.search("Where did Caroline go?", None).await.unwrap();
    assert_eq!(
        group(&r),
        Some((Some("2023-W24".into()), "2023-06-12".into(), 1)),
        "{}",
        r.context_text
    );
    seen.push(vec![(
        "event".into(),
        format!("{:?}", group(&r)),
        String::new(),
        String::new(),
        None,
    )]);

    // In conversation: a job started, then quit (`STARTED_JOB_AT` is of the employer family,
    // `QUIT_JOB_AT` ends it); and in first person, "I live in" (LIVES_IN) is of the residence family, so the
    // move closes it. Said on the first of the month given, in 2023.
    for (text, month) in [
        ("I started a new job at Initech last week.", 3),
        ("I quit my job at Initech.", 9),
        ("I live in Malmo.", 4),
        ("I moved to Uppsala.", 10),
    ] {
        let at = chrono::Utc
            .with_ymd_and_hms(2023, month, 1, 10, 0, 0)
            .unwrap();
        m.remember(text, &turn(at)).await.unwrap();
    }
    let (facts, _) = facts_of(&m, "Where does Caroline live in Malmo?", None).await;
    let home = facts
        .iter()
        .find(|f| f.0 == "Caroline" && f.1 == "lives in")
        .unwrap_or_else(|| panic!("the home is known: {facts:?}"));
    assert_eq!(home.4.as_deref(), Some("2023-10-01"), "{facts:?}");
    seen.push(facts);
    let (facts, _) = facts_of(&m, "Where did Caroline work at Initech?", None).await;
    let job = facts
        .iter()
        .find(|f| f.1 == "started job at" && f.2 == "Initech")
        .unwrap_or_else(|| panic!("the job is known: {facts:?}"));
    assert_eq!(job.0, "Caroline");
    assert_eq!(job.4.as_deref(), Some("2023-09-01"), "{facts:?}");
    seen.push(facts);

    // A document has no time it was told: its facts are dated by the absolute dates it gives,
    // one per sentence, and hold from them.
    m.ingest_document(&mnemo::DocumentInput {
        source: "history.txt".into(),
        id: None,
        title: None,
        text: "Greta Holm founded Nordbank in 1976. Later she moved to Uppsala.".into(),
    })
    .await
    .unwrap();
    let r = m.search("Who founded Nordbank?", None).await.unwrap();
    let founded = r
        .facts
        .iter()
        .find(|f| f.object_name == "Nordbank" && f.subject_name == "Greta Holm")
        .unwrap_or_else(|| panic!("the founding is known: {}", r.context_text));
    assert_eq!(
        founded.occurred.as_deref(),
        Some("1976"),
        "{}",
        r.context_text
    );
    assert_eq!(
        founded.valid_from.format("%Y-%m-%d").to_string(),
        "1976-01-01"
    );
    assert!(r.context_text.contains("(1976)"), "{}", r.context_text);
    seen.push(vec![(
        "document".into(),
        format!("{:?}", founded.occurred),
        String::new(),
        String::new(),
        None,
    )]);

    // Forgetting the move reopens the fact it closed.
    m.forget_episodes(std::slice::from_ref(&moved.episode_id))
        .await
        .unwrap();
    let (facts, text) = facts_of(&m, "Where does Lena Vogt live?", None).await;
    assert_eq!(find(&facts, "Paris").map(|f| f.4.clone()), Some(None));
    assert!(find(&facts, "Lyon").is_none());
    assert!(!text.contains("2024-06-01"), "{text}");
    seen.push(facts);
    seen
}

#[tokio::test]
async fn facts_change_the_same_way_on_both_stores() {
    let dir = tempfile::tempdir().unwrap();
    let embedded = Arc::new(mnemo_store::EmbeddedStore::open(dir.path()).unwrap());
    let tenant = Tenant::new("validity").unwrap();
    let on_embedded = check(embedded, tenant).await;

    let Some(uri) = mnemo_neo4j::test_server_uri("the Neo4j half of the validity test") else {
        return;
    };
    let config = mnemo_neo4j::test_server_config(&uri);
    let neo4j = Arc::new(mnemo_neo4j::Neo4jStore::connect(config).await.unwrap());
    let tenant = mnemo_neo4j::unique_test_tenant("validity");
    let on_neo4j = check(neo4j.clone(), tenant.clone()).await;
    neo4j.purge_tenant(&tenant).await.unwrap();
    assert_eq!(on_embedded, on_neo4j);
}
