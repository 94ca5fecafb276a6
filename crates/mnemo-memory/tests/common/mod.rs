//! What the search tests share: a fixed clock, a note episode that mentions given people, a chat
//! turn, and an in-memory store holding given episodes.

#![allow(dead_code)]

use chrono::{TimeZone, Utc};
use mnemo_core::{
    content_hash, EntityInput, EntityType, Episode, EpisodeKind, EpisodeWrite, GraphStore, Tenant,
    Timestamp, WriteBatch,
};
use mnemo_store::EmbeddedStore;

/// The tests' clock.
pub fn now() -> Timestamp {
    Utc.with_ymd_and_hms(2026, 6, 1, 12, 0, 0)
        .single()
        .expect("valid date")
}

/// One note episode `id` saying `text`, at `now()`, mentioning `names` as people.
pub fn batch(id: &str, text: &str, names: &[&str]) -> WriteBatch {
    WriteBatch {
        document: None,
        episodes: vec![EpisodeWrite {
            episode: Episode {
                id: id.to_string(),
                kind: EpisodeKind::Note,
                content: text.to_string(),
                created_at: now(),
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
        }],
    }
}

/// Turn `t{i}` of session "s1", said by `speaker` at `at`, mentioning `entities`.
pub fn chat_turn(
    i: i64,
    at: Timestamp,
    speaker: &str,
    text: &str,
    entities: Vec<EntityInput>,
) -> EpisodeWrite {
    EpisodeWrite {
        episode: Episode {
            id: format!("t{i}"),
            kind: EpisodeKind::Interaction,
            content: text.to_string(),
            created_at: at,
            source: "chat".into(),
            content_hash: content_hash(text),
            document_id: None,
            span: None,
            speaker: Some(speaker.to_string()),
            session: Some("s1".into()),
        },
        entities,
        facts: Vec::new(),
    }
}

/// A new in-memory store holding `episodes` (one batch, no document) in the default tenant.
pub async fn stored(episodes: Vec<EpisodeWrite>) -> (EmbeddedStore, Tenant) {
    let store = EmbeddedStore::in_memory();
    let tenant = Tenant::default();
    let batch = WriteBatch {
        document: None,
        episodes,
    };
    store.write(&tenant, &batch).await.expect("writes");
    (store, tenant)
}
