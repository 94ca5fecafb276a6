//! Picks and opens the concrete store and extractor from the settings: the only place in mnemo that
//! names backends.

use std::sync::Arc;

use anyhow::Context;
use mnemo::{ChunkConfig, GraphStore, Mnemo, MnemoOptions, RuleExtractor};
use mnemo_neo4j::{Neo4jConfig, Neo4jStore};
use mnemo_store::{EmbeddedOptions, EmbeddedStore};

use crate::settings::{Settings, StoreKind};

/// Opens the configured store. A `read_only` command (search, stats, export) on an embedded data
/// dir that does not exist reads an empty store instead of creating the directory: a mistyped
/// `--data-dir` must not leave empty stores behind.
pub async fn open(settings: &Settings, read_only: bool) -> anyhow::Result<Mnemo> {
    let store: Arc<dyn GraphStore> = match settings.store.kind {
        StoreKind::Embedded if read_only && !settings.data_dir.exists() => {
            eprintln!(
                "note: no mnemo data in {} (nothing stored yet); the store is empty",
                settings.data_dir.display()
            );
            Arc::new(EmbeddedStore::in_memory())
        }
        StoreKind::Embedded => {
            let dir = settings.data_dir.clone();
            let options = EmbeddedOptions {
                texts_in_memory: settings.store.embedded.texts_in_memory,
            };
            let store =
                tokio::task::spawn_blocking(move || EmbeddedStore::open_with(&dir, options))
                    .await
                    .context("opening the embedded store")?
                    .with_context(|| {
                        format!(
                            "cannot open the embedded store in {}",
                            settings.data_dir.display()
                        )
                    })?;
            Arc::new(store)
        }
        StoreKind::Neo4j => Arc::new(connect_neo4j(settings).await?),
    };
    let options = MnemoOptions {
        chunk: ChunkConfig {
            max_tokens: settings.extract.chunk_tokens,
            overlap_tokens: settings.extract.chunk_overlap,
        },
        search: settings.search.clone(),
        extract_concurrency: settings.llm.max_concurrency.max(1),
    };
    // Only "llm" and "hybrid" build an LLM client; "rules" never reaches an LLM.
    let (extractor, client): (Arc<dyn mnemo::Extractor>, _) = match settings.extract.kind.as_str() {
        "llm" => {
            let client = mnemo::LlmClient::new(settings.llm.clone())?;
            (
                Arc::new(mnemo::llm::LlmExtractor::new(client.clone())),
                Some(client),
            )
        }
        "hybrid" => {
            let client = mnemo::LlmClient::new(settings.llm.clone())?;
            (
                Arc::new(mnemo::llm::HybridExtractor::new(client.clone())),
                Some(client),
            )
        }
        _ => (Arc::new(RuleExtractor), None),
    };
    let mnemo = Mnemo::new(store, extractor, settings.tenant(), options);
    Ok(match client {
        Some(c) => mnemo.with_llm_client(c),
        None => mnemo,
    })
}

/// Connects to the configured Neo4j server (schema bootstrapped on connect).
pub async fn connect_neo4j(settings: &Settings) -> anyhow::Result<Neo4jStore> {
    let n = &settings.store.neo4j;
    let config = Neo4jConfig {
        uri: n.uri.clone(),
        user: n.user.clone(),
        password: n.password.expose().to_string(),
        database: (!n.database.trim().is_empty()).then(|| n.database.trim().to_string()),
        max_connections: n.max_connections,
        connection_timeout_secs: n.connection_timeout_secs,
        request_timeout_secs: n.request_timeout_secs,
        read_cache_ms: n.read_cache_ms,
        validity: settings.search.validity.clone(),
        ..Neo4jConfig::default()
    };
    Neo4jStore::connect(config).await.with_context(|| {
        format!(
            "cannot use the Neo4j store at {}",
            mnemo_neo4j::server_name(&n.uri)
        )
    })
}
