//! The store a latency run measures: a fresh in-memory embedded store per size (in a fresh child
//! process), a fresh durable embedded store (the CLI's default: redb files in a temporary
//! directory, removed afterwards), or a fresh tenant on a Neo4j server per size (purged afterwards
//! unless kept for a later run).

use std::sync::Arc;

use anyhow::Context;
use mnemo_core::{GraphStore, Tenant};
use mnemo_neo4j::{Neo4jConfig, Neo4jStore};
use mnemo_store::{EmbeddedOptions, EmbeddedStore};

/// Which store to measure.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum StoreKind {
    /// The in-memory embedded store (also reports resident bytes per fact).
    Embedded,
    /// The durable embedded store, as `mnemo` runs by default (redb files in a temporary
    /// directory, episode texts kept in memory too).
    Durable,
    /// The durable embedded store opened with `texts_in_memory = false`: a search reads the
    /// episodes it shows back from the redb file.
    DurableTextsOnDisk,
    /// A Neo4j server (`--neo4j-uri`).
    Neo4j,
}

impl StoreKind {
    pub fn name(self) -> &'static str {
        match self {
            StoreKind::Embedded => "embedded",
            StoreKind::Durable => "durable",
            StoreKind::DurableTextsOnDisk => "durable, texts on disk",
            StoreKind::Neo4j => "neo4j",
        }
    }

    /// An embedded store, measured in a child process of its own (with its resident size).
    pub fn is_embedded(self) -> bool {
        self != StoreKind::Neo4j
    }
}

/// Neo4j settings of a run.
#[derive(Debug, Clone)]
pub struct Neo4jTarget {
    pub uri: String,
    /// Use this tenant instead of a fresh one; an already loaded tenant is not loaded again.
    pub tenant: Option<String>,
    /// Leave the tenant's data on the server after the run.
    pub keep: bool,
}

/// A store ready for one size: the store, the tenant, and what to do afterwards.
pub struct Target {
    pub store: Arc<dyn GraphStore>,
    /// The same store when it is the embedded one (for its heap breakdown).
    pub embedded: Option<Arc<EmbeddedStore>>,
    pub tenant: Tenant,
    neo4j: Option<(Neo4jStore, bool)>,
    /// The durable store's directory, removed when the target is dropped.
    _dir: Option<tempfile::TempDir>,
}

impl Target {
    pub async fn open(kind: StoreKind, neo4j: &Neo4jTarget, facts: usize) -> anyhow::Result<Self> {
        match kind {
            StoreKind::Embedded => {
                let store = Arc::new(EmbeddedStore::in_memory());
                Ok(Target {
                    store: store.clone(),
                    embedded: Some(store),
                    tenant: Tenant::default(),
                    neo4j: None,
                    _dir: None,
                })
            }
            StoreKind::Durable | StoreKind::DurableTextsOnDisk => {
                let dir = tempfile::tempdir().context("creating a directory for the store")?;
                let options = EmbeddedOptions {
                    texts_in_memory: kind == StoreKind::Durable,
                };
                let store = EmbeddedStore::open_with(dir.path(), options)
                    .with_context(|| format!("opening a store in {}", dir.path().display()))?;
                Ok(Target {
                    store: Arc::new(store),
                    embedded: None,
                    tenant: Tenant::default(),
                    neo4j: None,
                    _dir: Some(dir),
                })
            }
            StoreKind::Neo4j => {
                let store = Neo4jStore::connect(Neo4jConfig {
                    // One write in flight at a time; long batches need more than the default.
                    connection_timeout_secs: 120,
                    ..Neo4jConfig::with_uri(&neo4j.uri)
                })
                .await
                .with_context(|| format!("connecting to {}", neo4j.uri))?;
                let name = match &neo4j.tenant {
                    Some(t) => t.clone(),
                    None => {
                        let nanos = std::time::SystemTime::now()
                            .duration_since(std::time::UNIX_EPOCH)
                            .map(|d| d.as_nanos())
                            .unwrap_or(0);
                        format!("bench-latency-{facts}-{nanos:x}")
                    }
                };
                let tenant = Tenant::new(name)?;
                if neo4j.tenant.is_some() {
                    // A kept tenant may come from an older writer: give it the derived state
                    // (top-edge lists, counts) that writes now keep (idempotent).
                    store.rebuild_top_edges(&tenant).await?;
                    store.rebuild_stats(&tenant).await?;
                }
                let keep = neo4j.keep || neo4j.tenant.is_some();
                Ok(Target {
                    store: Arc::new(store.clone()),
                    embedded: None,
                    tenant,
                    neo4j: Some((store, keep)),
                    _dir: None,
                })
            }
        }
    }

    /// Removes the tenant's data from Neo4j unless it is to be kept.
    pub async fn finish(self) -> anyhow::Result<()> {
        if let Some((store, keep)) = self.neo4j {
            if keep {
                eprintln!("kept Neo4j tenant {}", self.tenant);
            } else {
                store
                    .purge_tenant(&self.tenant)
                    .await
                    .with_context(|| format!("purging tenant {}", self.tenant))?;
            }
        }
        Ok(())
    }
}

/// Measures one embedded size in a fresh run of this binary and reads back its JSON line. A fresh
/// process because the resident-bytes figure is an RSS delta: in a process that already built and
/// dropped smaller graphs, the allocator hands their freed pages to the big one and the figure
/// comes out ~15 % low.
pub(super) fn measure_in_child(facts: usize) -> anyhow::Result<super::SizeReport> {
    let exe = std::env::current_exe().context("locating this binary to run a size in")?;
    // The child gets this run's own arguments, so no flag can be forgotten on the way; `--in-process`
    // narrows it to the one size.
    let mut cmd = std::process::Command::new(&exe);
    cmd.args(std::env::args_os().skip(1))
        .args(["--in-process", &facts.to_string()]);
    let out = cmd
        .stdin(std::process::Stdio::null())
        .stderr(std::process::Stdio::inherit())
        .output()
        .with_context(|| format!("running {}", exe.display()))?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    if !out.status.success() {
        anyhow::bail!(
            "measuring {facts} facts in a child process failed ({})",
            out.status
        );
    }
    let line = stdout
        .lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .with_context(|| format!("the child measuring {facts} facts printed nothing"))?;
    serde_json::from_str(line).with_context(|| format!("reading the child's report: {line}"))
}

/// `--neo4j-uri`'s default: `NEO4J_TEST_URI`, else the dev server.
pub fn default_uri() -> String {
    std::env::var("NEO4J_TEST_URI")
        .ok()
        .filter(|u| !u.trim().is_empty())
        .unwrap_or_else(|| "bolt://127.0.0.1:7687".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_durable_target_is_a_fresh_store_on_disk_removed_afterwards() {
        for kind in [StoreKind::Durable, StoreKind::DurableTextsOnDisk] {
            fresh_store_on_disk_removed_afterwards(kind).await;
        }
    }

    async fn fresh_store_on_disk_removed_afterwards(kind: StoreKind) {
        assert!(kind.is_embedded());
        let neo4j = Neo4jTarget {
            uri: String::new(),
            tenant: None,
            keep: false,
        };
        let target = Target::open(kind, &neo4j, 10).await.expect("opens");
        let dir = target
            ._dir
            .as_ref()
            .expect("a directory")
            .path()
            .to_path_buf();
        assert!(
            dir.read_dir().expect("listed").next().is_some(),
            "store files"
        );
        let stats = target.store.stats(&target.tenant).await.expect("stats");
        assert_eq!(stats.episodes, 0);
        target.finish().await.expect("finished");
        assert!(!dir.exists(), "removed with the target");
    }

    #[test]
    fn embedded_kinds_run_in_a_child_and_neo4j_here() {
        assert!(StoreKind::Embedded.is_embedded());
        assert!(!StoreKind::Neo4j.is_embedded());
    }
}
