//! Searches reuse episodes and text linkings from earlier searches only while the store's counts
//! are unchanged: a rewritten episode is read afresh, and repeated searches answer the same.

mod common;

use common::{batch, now};
use mnemo_core::{GraphStore, Tenant};
use mnemo_memory::{search, SearchConfig};
use mnemo_store::EmbeddedStore;

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
