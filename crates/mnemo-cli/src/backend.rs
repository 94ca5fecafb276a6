//! Picks and opens the concrete store and extractor from the settings: the only place in mnemo that
//! names backends.

use std::sync::Arc;

use anyhow::{bail, Context};
use mnemo::{ChunkConfig, GraphStore, Mnemo, MnemoOptions, RuleExtractor};
use mnemo_store::EmbeddedStore;

use crate::settings::{Settings, StoreKind};

pub async fn open(settings: &Settings) -> anyhow::Result<Mnemo> {
    let store: Arc<dyn GraphStore> = match settings.store.kind {
        StoreKind::Embedded => {
            let dir = settings.data_dir.clone();
            let store = tokio::task::spawn_blocking(move || EmbeddedStore::open(&dir))
                .await
                .context("opening the embedded store")?
                .with_context(|| {
                    format!("cannot open the embedded store in {}", settings.data_dir.display())
                })?;
            Arc::new(store)
        }
        StoreKind::Neo4j => bail!("the Neo4j store is not available in this build yet"),
    };
    let options = MnemoOptions {
        chunk: ChunkConfig {
            max_tokens: settings.extract.chunk_tokens,
            overlap_tokens: settings.extract.chunk_overlap,
        },
        search: settings.search.clone(),
    };
    Ok(Mnemo::new(
        store,
        Arc::new(RuleExtractor::default()),
        settings.tenant(),
        options,
    ))
}
