//! Before a resumed `mnemo ingest` skips what its checkpoint calls done, it checks that the store
//! still holds it: every document the checkpoint recorded (id and content hash) is looked up, and
//! a file any of whose documents is missing or different is read again from its start (its
//! documents are then checked by hash as in any re-run, so nothing is written twice).
//!
//! Why: the checkpoint lives in the data folder, the store may not (a Neo4j server that restarted
//! empty) or may have been replaced; trusting the checkpoint then skipped finished files that the
//! store no longer had.

use std::collections::HashMap;

use futures::{StreamExt, TryStreamExt};
use mnemo::sources::Resume;
use mnemo::Mnemo;

/// Document lookups in flight at once (one round trip each on Neo4j).
const LOOKUPS_IN_FLIGHT: usize = 16;

/// What the check found.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Verified {
    /// Documents the checkpoint called done, looked up in the store.
    pub checked: u64,
    /// Of those, documents the store lacks or holds with other content: written again.
    pub missing: u64,
    /// Input files to read again from the start because of them.
    pub redo: Vec<String>,
}

/// Checks every recorded document of a file in `resume`; files that gave a missing one are in
/// `redo` (the caller drops them from `resume`).
pub async fn verify(
    mnemo: &Mnemo,
    resume: &Resume,
    done: &HashMap<String, Vec<(String, String)>>,
) -> Result<Verified, mnemo::Error> {
    // The latest hash per document: a file rewritten during the run recorded it twice.
    let mut docs: HashMap<(&str, &str), &str> = HashMap::new();
    for (file, list) in done {
        if resume.contains_key(file) {
            for (id, hash) in list {
                docs.insert((file, id), hash);
            }
        }
    }
    let store = mnemo.store();
    let tenant = mnemo.tenant();
    let checked = docs.len() as u64;
    let mut missing: Vec<&str> = futures::stream::iter(docs)
        .map(|((file, id), hash)| async move {
            let stored = store.get_document(tenant, id).await?;
            let present = stored.is_some_and(|d| d.content_hash == hash);
            Ok::<_, mnemo::core::Error>((!present).then_some(file))
        })
        .buffer_unordered(LOOKUPS_IN_FLIGHT)
        .try_filter_map(|f| async move { Ok(f) })
        .try_collect()
        .await?;
    let count = missing.len() as u64;
    missing.sort_unstable();
    missing.dedup();
    Ok(Verified {
        checked,
        missing: count,
        redo: missing.into_iter().map(str::to_string).collect(),
    })
}
