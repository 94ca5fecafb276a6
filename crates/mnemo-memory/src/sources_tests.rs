//! Which seed sources the snippet stage reads for further names: those holding the most seed
//! mentions first, whatever their position in each seed's memory stream.

use chrono::{TimeZone, Utc};
use mnemo_core::{
    content_hash, EntityInput, EntityKey, EntityType, Episode, EpisodeKind, EpisodeWrite,
    GraphStore, Tenant, WriteBatch,
};
use mnemo_store::EmbeddedStore;

use crate::sources::{read_seed_sources, seed_mentions};

fn episode(id: &str, minute: u32, text: &str, names: &[&str]) -> EpisodeWrite {
    EpisodeWrite {
        episode: Episode {
            id: id.to_string(),
            kind: EpisodeKind::Note,
            content: text.to_string(),
            created_at: Utc
                .with_ymd_and_hms(2026, 1, 1, 12, minute, 0)
                .single()
                .expect("valid date"),
            source: format!("notes/{id}.md"),
            content_hash: content_hash(text),
            document_id: None,
            span: None,
            speaker: None,
            session: None,
        },
        entities: names
            .iter()
            .map(|n| EntityInput::named(n, EntityType::Person).expect("entity"))
            .collect(),
        facts: Vec::new(),
    }
}

#[tokio::test]
async fn a_source_naming_two_seeds_is_read_first_even_when_it_is_the_oldest() {
    let store = EmbeddedStore::in_memory();
    let tenant = Tenant::default();
    // Ada's and Bob's newest mentions are one-seed notes naming someone each; the oldest note
    // names both seeds and Zed Quill.
    let mut eps = vec![episode(
        "n0-both",
        0,
        "Ada Lovelace and Bob Stone met Zed Quill.",
        &["Ada Lovelace", "Bob Stone", "Zed Quill"],
    )];
    for (i, (seed, other)) in [
        ("Ada Lovelace", "Cy Orr"),
        ("Ada Lovelace", "Di Tam"),
        ("Ada Lovelace", "Ed Vale"),
        ("Bob Stone", "Flo Wren"),
        ("Bob Stone", "Gus Yarr"),
        ("Bob Stone", "Hal Zorn"),
    ]
    .into_iter()
    .enumerate()
    {
        let text = format!("{seed} called {other}.");
        let minute = 10 + i as u32;
        eps.push(episode(
            &format!("n{}", i + 1),
            minute,
            &text,
            &[seed, other],
        ));
    }
    store
        .write(
            &tenant,
            &WriteBatch {
                document: None,
                episodes: eps,
            },
        )
        .await
        .expect("write");
    let seeds = [
        EntityKey::from_name("Ada Lovelace").expect("key"),
        EntityKey::from_name("Bob Stone").expect("key"),
    ];
    let stats = store.stats(&tenant).await.expect("stats");
    let mentions = seed_mentions(&store, &tenant, &seeds)
        .await
        .expect("mentions");
    let sources = read_seed_sources(&store, &tenant, &stats, &mentions)
        .await
        .expect("sources");
    assert_eq!(sources.texts.len(), 7, "every seed source is read");
    let named: Vec<Vec<String>> = sources
        .named
        .iter()
        .map(|n| {
            let mut keys: Vec<String> = n.iter().map(|e| e.key.to_string()).collect();
            keys.sort();
            keys
        })
        .collect();
    // Four sources are named: the two-seed note first, then the others by id.
    assert_eq!(named.len(), 4);
    assert_eq!(named[0], vec!["ada lovelace", "bob stone", "zed quill"]);
    assert_eq!(named[1], vec!["ada lovelace", "cy orr"]);
    assert_eq!(named[2], vec!["ada lovelace", "di tam"]);
    assert_eq!(named[3], vec!["ada lovelace", "ed vale"]);
}
