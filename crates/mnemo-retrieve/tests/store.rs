//! Linking and retrieval through the `GraphStore` trait on the in-memory embedded store.

use chrono::{TimeZone, Utc};
use mnemo_core::{
    content_hash, EntityInput, EntityKey, EntityType, Episode, EpisodeKind, EpisodeWrite,
    FactInput, GraphStore, Tenant, WriteBatch,
};
use mnemo_retrieve::{
    entities_in_text, link_entities, retrieve, LinkConfig, MatchKind, RetrieveConfig,
};
use mnemo_store::EmbeddedStore;

fn key(n: &str) -> EntityKey {
    EntityKey::from_name(n).expect("key")
}

fn ep(id: &str, ents: &[(&str, &[&str])], facts: &[(&str, &str, &str)]) -> EpisodeWrite {
    let t = Utc
        .with_ymd_and_hms(2026, 1, 1, 0, 0, 0)
        .single()
        .expect("date");
    EpisodeWrite {
        episode: Episode {
            id: id.into(),
            kind: EpisodeKind::Note,
            content: id.into(),
            created_at: t,
            source: "test".into(),
            content_hash: content_hash(id),
            document_id: None,
            span: None,
            speaker: None,
            session: None,
        },
        entities: ents
            .iter()
            .map(|(n, aliases)| {
                let mut e = EntityInput::named(n, EntityType::Other).expect("entity");
                e.aliases = aliases.iter().map(|a| a.to_string()).collect();
                e
            })
            .collect(),
        facts: facts
            .iter()
            .map(|(s, p, o)| FactInput::new(key(s), p, key(o), 0.9))
            .collect(),
    }
}

async fn store() -> (EmbeddedStore, Tenant) {
    let store = EmbeddedStore::in_memory();
    let tenant = Tenant::default();
    let mut episodes = vec![
        ep(
            "e1",
            &[
                ("Hello Love (song)", &[]),
                ("Hank Snow", &["The Singing Ranger"]),
            ],
            &[("Hello Love (song)", "performed by", "Hank Snow")],
        ),
        ep(
            "e2",
            &[("Hank Snow", &[]), ("Nashville", &[])],
            &[("Hank Snow", "died in", "Nashville")],
        ),
        ep(
            "e3",
            &[("Nashville", &[]), ("Tennessee", &[])],
            &[("Nashville", "capital of", "Tennessee")],
        ),
    ];
    // A hub: many facts around Tennessee, which the fan-out caps must bound.
    for i in 0..200 {
        let town = format!("Town {i}");
        episodes.push(ep(
            &format!("hub{i}"),
            &[(town.as_str(), &[]), ("Tennessee", &[])],
            &[(town.as_str(), "located in", "Tennessee")],
        ));
    }
    let batch = WriteBatch {
        document: None,
        episodes,
    };
    store.write(&tenant, &batch).await.expect("writes");
    (store, tenant)
}

#[tokio::test]
async fn links_aliases_exactly_and_titles_by_token_overlap() {
    let (store, tenant) = store().await;
    let cfg = LinkConfig::default();
    let linked = link_entities(&store, &tenant, "Where did the singing ranger die?", &cfg)
        .await
        .expect("links");
    assert_eq!(linked[0].entity.key, key("Hank Snow"));
    assert_eq!(linked[0].kind, MatchKind::Exact);
    let linked = link_entities(&store, &tenant, "Who performed Hello Love?", &cfg)
        .await
        .expect("links");
    assert_eq!(linked[0].entity.key, key("Hello Love (song)"));
    assert_eq!(linked[0].kind, MatchKind::Tokens);
    let none = link_entities(&store, &tenant, "what about the weather", &cfg)
        .await
        .expect("links");
    assert!(none.is_empty());
}

#[tokio::test]
async fn three_hop_connection_is_joined_and_hub_is_capped() {
    let (store, tenant) = store().await;
    let cfg = RetrieveConfig {
        fanout: vec![16, 4],
        ..RetrieveConfig::default()
    };
    let r = retrieve(&store, &tenant, "Hello Love and Tennessee", &cfg)
        .await
        .expect("retrieves");
    assert_eq!(r.seeds.len(), 2);
    assert_eq!(r.paths.len(), 1);
    let mut names: Vec<&str> = r.paths[0].entities.iter().map(EntityKey::as_str).collect();
    if names[0] != "hello love song" {
        names.reverse();
    }
    assert_eq!(
        names,
        ["hello love song", "hank snow", "nashville", "tennessee"]
    );
    // The Tennessee hub has 201 facts; its hop-1 cap keeps the fetch small.
    assert!(
        r.subgraph.facts.len() <= 16 + 16 * 4 + 1 + 4,
        "{}",
        r.subgraph.facts.len()
    );
    assert_eq!(r.fact_hops.len(), r.subgraph.facts.len());
}

#[tokio::test]
async fn names_in_running_text_are_found_by_their_capitalised_words() {
    let (store, tenant) = store().await;
    let text = "After the war the singer Hank Snow moved to Nashville, a city in tennessee.";
    let found = entities_in_text(&store, &tenant, text, &LinkConfig::default(), 10)
        .await
        .expect("links");
    let mut keys: Vec<&str> = found.iter().map(|l| l.entity.key.as_str()).collect();
    keys.sort();
    // "tennessee" is written in lower case here: running text is read for names only.
    assert_eq!(keys, ["hank snow", "nashville"]);
}

#[tokio::test]
async fn names_in_running_text_do_not_run_over_a_sentence_end() {
    let (store, tenant) = store().await;
    let batch = WriteBatch {
        document: None,
        episodes: vec![ep(
            "e4",
            &[("St. Louis", &[]), ("Nashville Town", &[])],
            &[("Nashville Town", "near", "St. Louis")],
        )],
    };
    store.write(&tenant, &batch).await.expect("writes");
    let text = "Hank Snow sang in St. Louis and then moved to Nashville. Town 5 grew.";
    let found = entities_in_text(&store, &tenant, text, &LinkConfig::default(), 10)
        .await
        .expect("links");
    let mut keys: Vec<&str> = found.iter().map(|l| l.entity.key.as_str()).collect();
    keys.sort();
    // "St." does not end a sentence, so "St. Louis" is found whole; "Nashville. Town" spans one.
    assert_eq!(keys, ["hank snow", "nashville", "st louis", "town 5"]);
}
