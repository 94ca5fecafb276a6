//! The store conformance suite on a durable embedded store in a temporary directory.

fn durable() -> (mnemo_store::EmbeddedStore, tempfile::TempDir) {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = mnemo_store::EmbeddedStore::open(dir.path()).expect("open durable store");
    assert!(store.is_durable());
    (store, dir)
}

mnemo_store::conformance_tests!(durable());

/// Durable writes on a multi-threaded runtime step aside for the fsync and still succeed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn durable_checks_on_a_multi_threaded_runtime() {
    let (store, _dir) = durable();
    let store = std::sync::Arc::new(store);
    let a = tokio::spawn({
        let s = store.clone();
        async move { mnemo_store::conformance::idempotent_rewrite(&*s).await }
    });
    let b = tokio::spawn({
        let s = store.clone();
        async move { mnemo_store::conformance::delete_by_document(&*s).await }
    });
    mnemo_store::conformance::document_replacement(&*store).await;
    a.await.expect("idempotent_rewrite");
    b.await.expect("delete_by_document");
}
