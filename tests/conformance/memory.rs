//! The store conformance suite on the in-memory embedded store.

mnemo_store::conformance_tests!(mnemo_store::EmbeddedStore::in_memory());

/// All checks in sequence on one shared store: tenants must keep them apart.
#[tokio::test]
async fn all_checks_share_one_store() {
    let store = mnemo_store::EmbeddedStore::in_memory();
    mnemo_store::conformance::run_all(&store).await;
}
