//! Crash-test helper: writes batches of `EPISODES_PER_BATCH` episodes to a durable store in a loop
//! and prints the number of each acknowledged batch on stdout. A test kills it with SIGKILL and then
//! checks that every acknowledged batch is stored whole and no batch is stored in part.
//!
//! Usage: `mnemo-store-crashtest <dir> <first batch number> <batch count>`.

use std::io::Write;
use std::path::PathBuf;

use chrono::TimeZone;
use mnemo_core::{
    content_hash, EntityInput, EntityKey, EntityType, Episode, EpisodeKind, EpisodeWrite,
    FactInput, GraphStore, Tenant, WriteBatch,
};
use mnemo_store::EmbeddedStore;

/// Episodes in every batch the helper writes.
const EPISODES_PER_BATCH: usize = 4;

fn batch(n: u64) -> Result<WriteBatch, mnemo_core::Error> {
    let mut episodes = Vec::new();
    for j in 0..EPISODES_PER_BATCH {
        // `m{n}q` is a word only this batch's episodes have: the test finds them by text search.
        let content = format!("batch {n} episode {j} m{n}q {}", "filler ".repeat(40));
        let created_at = chrono::Utc
            .timestamp_opt(1_700_000_000 + n as i64, 0)
            .single()
            .ok_or_else(|| mnemo_core::Error::Internal("bad timestamp".into()))?;
        let node = format!("Node {n} {j}");
        episodes.push(EpisodeWrite {
            episode: Episode {
                id: format!("b{n}.e{j}"),
                kind: EpisodeKind::Note,
                content_hash: content_hash(&content),
                content,
                created_at,
                source: "crashtest".into(),
                document_id: None,
                span: None,
                speaker: None,
                session: None,
            },
            entities: vec![
                EntityInput::named(&node, EntityType::Concept)?,
                EntityInput::named("Hub", EntityType::Concept)?,
            ],
            facts: vec![FactInput::new(
                EntityKey::from_name(&node)?,
                "links to",
                EntityKey::from_name("Hub")?,
                0.5,
            )],
        });
    }
    Ok(WriteBatch {
        document: None,
        episodes,
    })
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let usage = "usage: mnemo-store-crashtest <dir> <first batch> <batch count>";
    let dir = PathBuf::from(args.next().ok_or(usage)?);
    let first: u64 = args.next().ok_or(usage)?.parse()?;
    let count: u64 = args.next().ok_or(usage)?.parse()?;
    let store = EmbeddedStore::open(&dir)?;
    let tenant = Tenant::new("crash")?;
    let mut out = std::io::stdout().lock();
    for n in first..first + count {
        let b = batch(n)?;
        futures::executor::block_on(store.write(&tenant, &b))?;
        writeln!(out, "{n}")?;
        out.flush()?;
    }
    Ok(())
}
