//! The record round trip (links, access counts, archive and restore with equal graph counts,
//! audit, tenant isolation), an import and a permanent delete against the Neo4j server named by `NEO4J_TEST_URI`. Outside CI a
//! missing variable skips with a notice; with `CI=true` it fails.

mod common;

use std::sync::Arc;

use mnemo_neo4j::{Neo4jConfig, Neo4jStore};
use mnemo_records::{ImportFormat, PruneMode};

fn test_uri() -> Option<String> {
    mnemo_neo4j::test_server_uri("the Neo4j records test")
}

#[tokio::test]
async fn round_trip_on_neo4j() {
    let Some(uri) = test_uri() else { return };
    let config = Neo4jConfig {
        max_connections: 4,
        ..mnemo_neo4j::test_server_config(&uri)
    };
    let store = Neo4jStore::connect(config)
        .await
        .unwrap_or_else(|e| panic!("cannot connect to the Neo4j test server at {uri}: {e}"));
    let tenant = mnemo_neo4j::unique_test_tenant("records")
        .as_str()
        .to_string();
    let store: Arc<dyn mnemo::GraphStore> = Arc::new(store);
    common::round_trip(store.clone(), &tenant).await;

    // Imports with links, and a permanent delete, on the same server.
    let clock = common::TestClock::at(common::T0);
    let rec = common::records_on(store, &format!("{tenant}-import"), &clock);
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/rlm");
    let report = rec.import(&dir, ImportFormat::RlmMem).await.unwrap();
    assert_eq!(report.imported.len(), 3, "{report:?}");
    assert_eq!(report.failed.len(), 4, "{report:?}");
    assert_eq!(report.links, 2, "{report:?}");
    let again = rec.import(&dir, ImportFormat::RlmMem).await.unwrap();
    assert_eq!(again.already_present.len(), 3);
    let id = "chunk-2026-02-09-p4q5r6s7".to_string();
    rec.delete(std::slice::from_ref(&id), PruneMode::Permanent)
        .await
        .unwrap();
    assert!(rec.get(&id).await.unwrap().is_none());
    let links = rec.links("chunk-2026-02-10-a1b2c3d4", 100).await.unwrap();
    assert!(links.iter().all(|l| l.target != id), "{links:?}");
    assert_eq!(rec.mnemo().stats().await.unwrap().episodes, 2);
}
