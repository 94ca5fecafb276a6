//! The store a retrieval-quality run (`locomo`, `recall`) writes into: the in-memory embedded
//! store, or with `--neo4j-uri` a Neo4j server, so that both stores' rankings are measured by the
//! same command. On Neo4j every tenant of the run is new (named after the run) and purged at the
//! end, also when the run fails.

use std::sync::{Arc, Mutex};

use anyhow::Context;
use mnemo_core::{GraphStore, Tenant};
use mnemo_neo4j::{Neo4jConfig, Neo4jStore};
use mnemo_store::EmbeddedStore;

pub struct QualityStore {
    pub store: Arc<dyn GraphStore>,
    neo4j: Option<Neo4jStore>,
    run: String,
    used: Mutex<Vec<Tenant>>,
}

impl QualityStore {
    /// The embedded store, or the Neo4j server at `uri`.
    pub async fn open(uri: Option<&str>) -> anyhow::Result<Self> {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0);
        let run = format!("{:x}", nanos & 0xffff_ffff_ffff);
        let Some(uri) = uri else {
            return Ok(QualityStore {
                store: Arc::new(EmbeddedStore::in_memory()),
                neo4j: None,
                run,
                used: Mutex::new(Vec::new()),
            });
        };
        let store = Neo4jStore::connect(Neo4jConfig::with_uri(uri))
            .await
            .with_context(|| format!("connecting to {uri}"))?;
        Ok(QualityStore {
            store: Arc::new(store.clone()),
            neo4j: Some(store),
            run,
            used: Mutex::new(Vec::new()),
        })
    }

    /// The store's name, for the report.
    pub fn backend(&self) -> &'static str {
        self.store.backend()
    }

    /// The tenant standing for `name` in this run: `name` itself in the embedded store, a new
    /// tenant of this run's on Neo4j.
    pub fn tenant(&self, name: &str) -> anyhow::Result<Tenant> {
        let t = match self.neo4j {
            None => Tenant::new(name)?,
            Some(_) => Tenant::new(format!("bench-q-{}-{name}", self.run))?,
        };
        self.used
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .push(t.clone());
        Ok(t)
    }

    /// Purges this run's tenants from Neo4j (nothing to do for the embedded store).
    pub async fn finish(self) -> anyhow::Result<()> {
        let Some(store) = self.neo4j else {
            return Ok(());
        };
        let used = self.used.into_inner().unwrap_or_else(|p| p.into_inner());
        for t in used {
            store
                .purge_tenant(&t)
                .await
                .with_context(|| format!("purging tenant {t}"))?;
        }
        Ok(())
    }
}
