//! What the search tests share: a fixed clock and a note episode that mentions given people.

#![allow(dead_code)]

use chrono::{TimeZone, Utc};
use mnemo_core::{
    content_hash, EntityInput, EntityType, Episode, EpisodeKind, EpisodeWrite, Timestamp,
    WriteBatch,
};

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
