//! `search` end to end on the in-memory embedded store: hits, misses and hostile queries.

use chrono::{Duration, TimeZone, Utc};
use mnemo_core::{
    content_hash, EntityInput, EntityType, Episode, EpisodeKind, EpisodeWrite, FactInput,
    GraphStore, Tenant, Timestamp, WriteBatch,
};
use mnemo_memory::{search, ChatTurn, SearchConfig, MISS_TEXT};
use mnemo_store::EmbeddedStore;

fn now() -> Timestamp {
    Utc.with_ymd_and_hms(2026, 6, 1, 12, 0, 0)
        .single()
        .expect("valid date")
}

/// One episode stating `facts` (subject, predicate, object) among `entities`.
fn episode(
    id: &str,
    days_ago: i64,
    text: &str,
    entities: &[(&str, EntityType)],
    facts: &[(&str, &str, &str)],
) -> EpisodeWrite {
    let ents: Vec<EntityInput> = entities
        .iter()
        .map(|(n, t)| EntityInput::named(n, *t).expect("entity"))
        .collect();
    let key = |n: &str| mnemo_core::EntityKey::from_name(n).expect("key");
    EpisodeWrite {
        episode: Episode {
            id: id.to_string(),
            kind: EpisodeKind::Note,
            content: text.to_string(),
            created_at: now() - Duration::days(days_ago),
            source: format!("notes/{id}.md"),
            content_hash: content_hash(text),
            document_id: None,
            span: None,
            speaker: None,
            session: None,
        },
        entities: ents,
        facts: facts
            .iter()
            .map(|(s, p, o)| FactInput::new(key(s), p, key(o), 0.9))
            .collect(),
    }
}

async fn fixture_store() -> (EmbeddedStore, Tenant) {
    use EntityType::*;
    let store = EmbeddedStore::in_memory();
    let tenant = Tenant::default();
    let batch = WriteBatch {
        document: None,
        episodes: vec![
            episode(
                "ep-1",
                2,
                "Ada Lovelace works at Acme Corp. She was born in London.",
                &[
                    ("Ada Lovelace", Person),
                    ("Acme Corp", Organization),
                    ("London", Location),
                ],
                &[
                    ("Ada Lovelace", "works at", "Acme Corp"),
                    ("Ada Lovelace", "born in", "London"),
                ],
            ),
            episode(
                "ep-2",
                40,
                "Bob Stone works at Acme Corp and lives in Paris.",
                &[
                    ("Bob Stone", Person),
                    ("Acme Corp", Organization),
                    ("Paris", Location),
                ],
                &[
                    ("Bob Stone", "works at", "Acme Corp"),
                    ("Bob Stone", "lives in", "Paris"),
                ],
            ),
            episode(
                "ep-3",
                300,
                "Paris is the capital of France.",
                &[("Paris", Location), ("France", Location)],
                &[("Paris", "capital of", "France")],
            ),
            episode(
                "ep-4",
                1,
                "Ada Lovelace likes tea from Darjeeling.",
                &[("Ada Lovelace", Person), ("Darjeeling", Location)],
                &[("Ada Lovelace", "likes tea from", "Darjeeling")],
            ),
        ],
    };
    store.write(&tenant, &batch).await.expect("fixture writes");
    (store, tenant)
}

#[tokio::test]
async fn connected_seeds_yield_the_path_first_with_provenance() {
    let (store, tenant) = fixture_store().await;
    let cfg = SearchConfig::default();
    let res = search(
        &store,
        &tenant,
        "How is Ada Lovelace connected to Paris?",
        &cfg,
        &[ChatTurn::new("user", "hello")],
        now(),
    )
    .await
    .expect("search works");
    assert!(res.hit);
    let linked: Vec<&str> = res.linked.iter().map(|l| l.name.as_str()).collect();
    assert_eq!(linked, ["Ada Lovelace", "Paris"]);
    assert_eq!(res.paths.len(), 1);
    assert_eq!(
        res.paths[0].text,
        "- Ada Lovelace -[works at]-> Acme Corp <-[works at]- Bob Stone -[lives in]-> Paris"
    );
    assert!(res.context_text.contains("## Connecting paths"));
    assert!(res.context_text.contains("- user: hello"));
    assert!(res.tokens <= cfg.budget_tokens);
    // Every fact has provenance; snippets come from the stored episodes.
    assert!(res.facts.iter().all(|f| !f.episodes.is_empty()));
    assert!(!res.snippets.is_empty());
    assert!(res.snippets.iter().all(|s| s.episode_id.starts_with("ep-")));
    // The connecting path's own episodes lead.
    let mut first: Vec<&str> = res.provenance[..2]
        .iter()
        .map(|p| p.episode_id.as_str())
        .collect();
    first.sort_unstable();
    assert_eq!(first, ["ep-1", "ep-2"]);
    serde_json::to_string(&res).expect("serialises");
}

#[tokio::test]
async fn misses_are_explicit_and_never_errors() {
    let (store, tenant) = fixture_store().await;
    let empty = EmbeddedStore::in_memory();
    let cfg = SearchConfig::default();
    let huge = "lorem ipsum dolor sit amet ".repeat(4_000);
    assert!(huge.len() >= 100_000);
    let cases: Vec<(&dyn GraphStore, &str)> = vec![
        (&empty, "Who is Ada Lovelace?"),
        (&store, "what is the meaning of all this?"),
        (&store, ""),
        (&store, "?!.. ,,,"),
        (&store, &huge),
        (&store, "東京は日本の首都です"),
        (&store, "Кто такая Ада Лавлейс?"),
    ];
    for (s, q) in cases {
        let res = search(s, &tenant, q, &cfg, &[], now())
            .await
            .expect("a miss is not an error");
        assert!(!res.hit, "{:?} linked {:?}", q.get(..40), res.linked);
        assert_eq!(res.context_text, MISS_TEXT);
        assert!(res.query.chars().count() <= 500);
    }
}

#[tokio::test]
async fn long_queries_and_other_scripts_still_link_what_they_name() {
    let (store, tenant) = fixture_store().await;
    let cfg = SearchConfig::default();
    let long = format!("Tell me about Ada Lovelace. {}", "blah ".repeat(25_000));
    let res = search(&store, &tenant, &long, &cfg, &[], now())
        .await
        .expect("long query works");
    assert!(res.hit);
    assert!(res.tokens <= cfg.budget_tokens);
    let mixed = "Ада Лавлейс = Ada Lovelace?";
    let res = search(&store, &tenant, mixed, &cfg, &[], now())
        .await
        .expect("mixed script works");
    assert_eq!(res.linked[0].name, "Ada Lovelace");
}

#[tokio::test]
async fn tight_budgets_hold_and_invalid_config_is_rejected() {
    let (store, tenant) = fixture_store().await;
    for budget in [1, 20, 50, 120, 400] {
        let cfg = SearchConfig {
            budget_tokens: budget,
            ..SearchConfig::default()
        };
        let res = search(&store, &tenant, "Ada Lovelace and Paris", &cfg, &[], now())
            .await
            .expect("search works");
        assert!(res.hit);
        assert!(res.tokens <= budget, "{} > {budget}", res.tokens);
    }
    let bad = SearchConfig {
        fanout: vec![],
        ..SearchConfig::default()
    };
    let err = search(&store, &tenant, "Ada", &bad, &[], now()).await;
    assert!(matches!(
        err,
        Err(mnemo_memory::MemoryError::InvalidInput(_))
    ));
}

/// The entity section lists what relates to this query, not the tenant's most mentioned entities.
#[tokio::test]
async fn entity_section_lists_what_relates_to_the_query() {
    use EntityType::*;
    let (store, tenant) = fixture_store().await;
    let cfg = SearchConfig::default();
    let before = search(&store, &tenant, "Ada Lovelace", &cfg, &[], now())
        .await
        .expect("search works");
    assert!(before.entities.iter().all(|e| e.name != "Zephyr Labs"));
    // Zephyr Labs becomes the most mentioned, most recent entity of the store.
    let episodes = (0..6)
        .map(|i| {
            episode(
                &format!("z-{i}"),
                0,
                "Zephyr Labs ships.",
                &[("Zephyr Labs", Organization)],
                &[],
            )
        })
        .collect();
    let batch = WriteBatch {
        document: None,
        episodes,
    };
    store.write(&tenant, &batch).await.expect("writes");
    let after = search(&store, &tenant, "Ada Lovelace", &cfg, &[], now())
        .await
        .expect("search works");
    assert!(
        after.entities.iter().all(|e| e.name != "Zephyr Labs"),
        "the store's most mentioned entity is unrelated to Ada Lovelace: {:?}",
        after.entities
    );
    assert!(
        after.entities.iter().any(|e| e.name == "Acme Corp"),
        "{:?}",
        after.entities
    );
    let ships = search(&store, &tenant, "Which company ships?", &cfg, &[], now())
        .await
        .expect("search works");
    assert!(
        ships.hit,
        "the words of a stored text make a hit without a linked name"
    );
    assert!(ships.linked.is_empty());
    assert_eq!(ships.entities[0].name, "Zephyr Labs");
}
