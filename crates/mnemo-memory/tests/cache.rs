//! Searches reuse episodes and text linkings from earlier searches only while the store's counts
//! are unchanged: a rewritten episode is read afresh, and repeated searches answer the same.

use chrono::{TimeZone, Utc};
use mnemo_core::{
    content_hash, EntityInput, EntityType, Episode, EpisodeKind, EpisodeWrite, GraphStore, Tenant,
    Timestamp, WriteBatch,
};
use mnemo_memory::{search, SearchConfig};
use mnemo_store::EmbeddedStore;

fn now() -> Timestamp {
    Utc.with_ymd_and_hms(2026, 6, 1, 12, 0, 0)
        .single()
        .expect("valid date")
}

fn batch(id: &str, text: &str, names: &[&str]) -> WriteBatch {
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

#[tokio::test]
async fn a_rewritten_episode_is_read_afresh_and_repeats_answer_the_same() {
    let store = EmbeddedStore::in_memory();
    let tenant = Tenant::default();
    let cfg = SearchConfig::default();
    store
        .write(
            &tenant,
            &batch(
                "ep-1",
                "Ada Lovelace met Bob Stone in Turin.",
                &["Ada Lovelace", "Bob Stone"],
            ),
        )
        .await
        .expect("write");
    let first = search(
        &store,
        &tenant,
        "Who did Ada Lovelace meet?",
        &cfg,
        &[],
        now(),
    )
    .await
    .expect("search");
    let again = search(
        &store,
        &tenant,
        "Who did Ada Lovelace meet?",
        &cfg,
        &[],
        now(),
    )
    .await
    .expect("search");
    assert_eq!(first.context_text, again.context_text);
    assert!(
        first.context_text.contains("Turin"),
        "{}",
        first.context_text
    );

    // Same id, new text and one more entity: the counts change, so nothing cached is used.
    store
        .delete_episodes(&tenant, &["ep-1".to_string()])
        .await
        .expect("delete");
    store
        .write(
            &tenant,
            &batch(
                "ep-1",
                "Ada Lovelace met Carl Brant in Vienna.",
                &["Ada Lovelace", "Carl Brant", "Bob Stone"],
            ),
        )
        .await
        .expect("rewrite");
    let after = search(
        &store,
        &tenant,
        "Who did Ada Lovelace meet?",
        &cfg,
        &[],
        now(),
    )
    .await
    .expect("search");
    assert!(
        after.context_text.contains("Vienna"),
        "{}",
        after.context_text
    );
    assert!(
        !after.context_text.contains("Turin"),
        "{}",
        after.context_text
    );
}
