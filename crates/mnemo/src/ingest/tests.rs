//! Per-document atomicity with a failure injected in the middle of a document, on both stores
//! (Neo4j when `NEO4J_TEST_URI` is set; with CI=true a missing server fails the test).

use std::sync::Arc;

use async_trait::async_trait;
use mnemo_core::{GraphStore, StoreStats, Tenant};
use mnemo_extract::{ExtractError, Extraction};

use crate::{
    ChunkConfig, DocumentInput, ExtractContext, Extractor, Mnemo, MnemoOptions, RuleExtractor,
};

/// The rule extractor, except that it fails on any chunk containing "POISON".
#[derive(Debug)]
struct Poisoned;

#[async_trait]
impl Extractor for Poisoned {
    fn name(&self) -> &'static str {
        "poisoned"
    }

    async fn extract(&self, text: &str, ctx: &ExtractContext) -> Result<Extraction, ExtractError> {
        if text.contains("POISON") {
            return Err(ExtractError::Unavailable("injected failure".into()));
        }
        RuleExtractor.extract(text, ctx).await
    }
}

fn doc(text: &str) -> DocumentInput {
    DocumentInput {
        source: "report.md".into(),
        id: Some("report".into()),
        title: None,
        text: text.into(),
    }
}

/// Five chunks of one sentence each; `poison` marks the third.
fn text(city: &str, poison: bool) -> String {
    let third = if poison { "POISON " } else { "" };
    format!(
        "Laura Chen works for Acme Robotics in {city}.\n\nTom Keller works for Globex in Paris.\n\n\
         {third}Paul Martin works for Orion Labs in Berlin.\n\nAda Lovelace worked with Charles Babbage in London.\n\n\
         Sofia Marin works for Nimbus Sensors in Madrid."
    )
}

async fn check_store(store: Arc<dyn GraphStore>, tenant: Tenant) {
    let options = MnemoOptions {
        chunk: ChunkConfig {
            max_tokens: 16,
            overlap_tokens: 0,
        },
        ..MnemoOptions::default()
    };
    let m = Mnemo::new(store.clone(), Arc::new(Poisoned), tenant.clone(), options);
    let empty = m.stats().await.unwrap();

    // A document failing at its third chunk leaves nothing behind, not even its first chunks.
    let e = m.ingest_document(&doc(&text("Lyon", true))).await;
    assert!(e.is_err(), "{e:?}");
    assert_eq!(m.stats().await.unwrap(), empty);
    assert!(store
        .get_document(&tenant, &doc("").document_id())
        .await
        .unwrap()
        .is_none());

    // The good version lands whole; a changed version failing mid-document leaves it intact.
    m.ingest_document(&doc(&text("Lyon", false))).await.unwrap();
    let stored: StoreStats = m.stats().await.unwrap();
    assert!(stored.episodes >= 5, "{stored:?}");
    assert!(m
        .ingest_document(&doc(&text("Grenoble", true)))
        .await
        .is_err());
    assert_eq!(m.stats().await.unwrap(), stored);
    let hit = m
        .search("Who works for Acme Robotics?", None)
        .await
        .unwrap();
    assert!(format!("{hit:?}").contains("Lyon"), "{hit:?}");
}

#[tokio::test]
async fn a_failure_mid_document_writes_none_of_it_embedded() {
    let store = Arc::new(mnemo_store::EmbeddedStore::in_memory());
    check_store(store, Tenant::new("atomic").unwrap()).await;
}

#[tokio::test]
async fn a_failure_mid_document_writes_none_of_it_neo4j() {
    let Some((store, nanos)) = neo4j_test_store("atomicity").await else {
        return;
    };
    let tenant = Tenant::new(format!("atomic-{}-{nanos:x}", std::process::id())).unwrap();
    check_store(store.clone(), tenant.clone()).await;
    store.purge_tenant(&tenant).await.unwrap();
}

/// The Neo4j store of `NEO4J_TEST_URI` and a clock reading for unique tenant names, or None (with
/// a notice) when the variable is unset; with CI=true an unset variable fails the test.
pub(crate) async fn neo4j_test_store(what: &str) -> Option<(Arc<mnemo_neo4j::Neo4jStore>, u128)> {
    let uri = mnemo_neo4j::test_server_uri(&format!("the Neo4j {what} test"))?;
    let config = mnemo_neo4j::Neo4jConfig {
        user: std::env::var("NEO4J_TEST_USER").unwrap_or_else(|_| "neo4j".into()),
        password: std::env::var("NEO4J_TEST_PASSWORD").unwrap_or_default(),
        ..mnemo_neo4j::Neo4jConfig::with_uri(uri.trim())
    };
    let store = Arc::new(
        mnemo_neo4j::Neo4jStore::connect(config)
            .await
            .expect("connect"),
    );
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    Some((store, nanos))
}
