//! Helpers shared by the extraction tests: a stable text rendering and a store-validity check.

use mnemo_core::{Episode, EpisodeKind, EpisodeWrite, WriteBatch};
use mnemo_extract::Extraction;

/// Checks that an extraction is accepted by `WriteBatch::validate` as one episode's content.
pub fn assert_valid(ex: &Extraction) {
    let episode = Episode {
        id: "ep-1".into(),
        kind: EpisodeKind::Note,
        content: String::new(),
        created_at: chrono::DateTime::UNIX_EPOCH,
        source: "test".into(),
        content_hash: String::new(),
        document_id: None,
        span: None,
        speaker: None,
        session: None,
    };
    let batch = WriteBatch {
        document: None,
        episodes: vec![EpisodeWrite {
            episode,
            entities: ex.entities.clone(),
            facts: ex.facts.clone(),
        }],
    };
    if let Err(e) = batch.validate() {
        panic!("extraction does not validate: {e}\n{ex:#?}");
    }
    for e in &ex.entities {
        assert!(
            !matches!(
                e.name.to_lowercase().as_str(),
                "he" | "she" | "i" | "my" | "me" | "him" | "her" | "his"
            ),
            "pronoun became an entity: {e:?}"
        );
    }
}
