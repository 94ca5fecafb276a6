//! The basic session scenario against a real Neo4j (the server named by `NEO4J_TEST_URI`): the
//! FIFO flush into the graph, search over flushed turns, and sessions isolated by tenant. Skipped
//! with a notice when the variable is unset, except under `CI=true`, where that is a failure.

mod common;

use std::sync::Arc;

use mnemo::GraphStore;
use mnemo_neo4j::{Neo4jConfig, Neo4jStore};

fn test_uri() -> Option<String> {
    mnemo_neo4j::test_server_uri("the Neo4j session test")
}

async fn store() -> Option<Arc<dyn GraphStore>> {
    let uri = test_uri()?;
    let config = Neo4jConfig {
        max_connections: 4,
        ..mnemo_neo4j::test_server_config(&uri)
    };
    let store = Neo4jStore::connect(config)
        .await
        .unwrap_or_else(|e| panic!("cannot connect to the Neo4j test server at {uri}: {e}"));
    Some(Arc::new(store))
}

/// A tenant of its own per run, so reruns and other engineers' data never interfere.
fn fresh_tenant() -> String {
    mnemo_neo4j::unique_test_tenant("session-test")
        .as_str()
        .to_string()
}

#[tokio::test]
async fn basic_session_on_neo4j() {
    let Some(store) = store().await else {
        return;
    };
    let tenant = fresh_tenant();
    let s = common::sessions(store.clone(), &tenant);
    common::flushed_turns_are_searchable(&s, "neo-1").await;
    let ctx = s
        .context("neo-1", Some("Grace Hopper"))
        .await
        .expect("context");
    assert!(ctx.total_tokens <= ctx.token_limit);
    assert!(ctx.memory.contains("Grace Hopper"), "{}", ctx.memory);
    let other = common::sessions(store, &format!("{tenant}_other"));
    assert!(other.messages("neo-1").await.expect("messages").is_empty());
}
