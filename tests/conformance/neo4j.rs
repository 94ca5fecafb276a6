//! The shared `GraphStore` conformance suite (mnemo_store::conformance) against a real Neo4j: the
//! server named by `NEO4J_TEST_URI`; without it a check prints a notice and passes, except under
//! `CI=true`, where it fails.

/// mnemo-neo4j's own test set-up, so these checks connect (and fail in CI) exactly as its tests do.
#[path = "../../crates/mnemo-neo4j/tests/common/mod.rs"]
mod common;

mnemo_store::conformance_tests!(match common::store().await {
    Some(store) => std::sync::Arc::new(store),
    None => return,
});
