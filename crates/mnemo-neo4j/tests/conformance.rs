//! The shared `GraphStore` conformance suite (mnemo_store::conformance) against a real Neo4j.

mod common;

mnemo_store::conformance_tests!(match common::store().await {
    Some(store) => std::sync::Arc::new(store),
    None => return,
});
