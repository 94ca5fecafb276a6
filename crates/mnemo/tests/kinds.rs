//! A question asking for a kind of thing, end to end on both stores (Neo4j when `NEO4J_TEST_URI`
//! is set; with CI=true a missing server fails the test): the extractor types the places a
//! conversation names, and "What European countries has Maria been to?" cites the turns where
//! Maria names Spain and England, which say neither "European" nor "countries". Both stores cite
//! the same first three turns.

use std::sync::Arc;

use chrono::TimeZone;
use mnemo::{Mnemo, MnemoOptions, RememberOptions, RuleExtractor, Timestamp};
use mnemo_core::{GraphStore, Tenant};

fn at(minute: u32) -> Timestamp {
    chrono::Utc
        .with_ymd_and_hms(2024, 3, 2, 10, minute, 0)
        .unwrap()
}

/// The turns cited by the question, best first, on one store.
async fn cited(store: Arc<dyn GraphStore>, tenant: Tenant) -> Vec<String> {
    let m = Mnemo::new(
        store,
        Arc::new(RuleExtractor),
        tenant,
        MnemoOptions::default(),
    )
    .with_clock(Arc::new(|| at(59)));
    // Maria's Spain and England turns are far from the turns saying "countries" (a turn's thread
    // neighbours inherit its words' evidence) and follow no question.
    let turns = [
        (
            "Maria",
            "Last year I took a solo trip and took this pic in Spain. It reminded me that life \
             is hard but there is still hope and beauty everywhere, even on the worst days.",
        ),
        ("John", "We went to Japan for my brother's wedding."),
        (
            "Maria",
            "I have been volunteering at the shelter every weekend.",
        ),
        (
            "John",
            "I want to see Spain one day, the beaches look amazing.",
        ),
        (
            "Maria",
            "Have you been to the new bakery downtown? It has been busy.",
        ),
        (
            "Maria",
            "My sister has been to every museum in town, she loves them.",
        ),
        (
            "Maria",
            "I got the idea from that trip to England a few years ago - I was mesmerized by the \
             castles and wanted to bring that same magic to my home, like a reminder of beauty.",
        ),
        ("John", "I love the pictures you take."),
        (
            "Maria",
            "It has been a long week, I have been baking bread since spring.",
        ),
        (
            "John",
            "I have been to so many countries for work, it gets tiring.",
        ),
        (
            "Maria",
            "Countries with good bread have always been my favourites.",
        ),
        (
            "John",
            "That's a great pic, Maria. Which countries are next?",
        ),
    ];
    for (i, (speaker, text)) in turns.iter().enumerate() {
        let opts = RememberOptions {
            speaker: Some(speaker.to_string()),
            at: Some(at(i as u32)),
            id: Some(format!("d1-{i}")),
            session: Some("d1".into()),
            ..RememberOptions::default()
        };
        m.remember(text, &opts).await.unwrap();
    }
    let r = m
        .search_as_of(
            "What European countries has Maria been to?",
            None,
            &[],
            None,
        )
        .await
        .unwrap();
    let mut ids: Vec<String> = Vec::new();
    for p in &r.provenance {
        if !ids.contains(&p.episode_id) {
            ids.push(p.episode_id.clone());
        }
    }
    ids
}

fn check(ids: &[String]) {
    let rank = |id: &str| ids.iter().position(|x| x == id).unwrap_or(usize::MAX);
    // Maria's Spain and England are among the first three (with the best match of the words: her
    // "Countries with good bread ..."); John's Spain (not hers) and Japan (not European) follow.
    assert!(rank("d1-0") < 3 && rank("d1-6") < 3, "cited {ids:?}");
    for other in ["d1-1", "d1-3"] {
        assert!(
            rank(other) > rank("d1-0").max(rank("d1-6")),
            "cited {ids:?}"
        );
    }
}

#[tokio::test]
async fn a_kind_question_cites_the_same_turns_on_both_stores() {
    let dir = tempfile::tempdir().unwrap();
    let embedded = Arc::new(mnemo_store::EmbeddedStore::open(dir.path()).unwrap());
    let on_embedded = cited(embedded, Tenant::new("kinds").unwrap()).await;
    check(&on_embedded);

    let Some(uri) = mnemo_neo4j::test_server_uri("the Neo4j half of the kinds test") else {
        return;
    };
    let config = mnemo_neo4j::test_server_config(&uri);
    let neo4j = Arc::new(mnemo_neo4j::Neo4jStore::connect(config).await.unwrap());
    let tenant = mnemo_neo4j::unique_test_tenant("kinds");
    let on_neo4j = cited(neo4j.clone(), tenant.clone()).await;
    neo4j.purge_tenant(&tenant).await.unwrap();
    check(&on_neo4j);
    // The stores' BM25 differ in detail (tantivy, Lucene): the first three are the same turns.
    let top = |ids: &[String]| {
        let mut t = ids[..3.min(ids.len())].to_vec();
        t.sort();
        t
    };
    assert_eq!(top(&on_embedded), top(&on_neo4j));
}
