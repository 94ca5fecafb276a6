//! The store conformance suite on a durable embedded store in a temporary directory.

fn durable() -> (mnemo_store::EmbeddedStore, tempfile::TempDir) {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = mnemo_store::EmbeddedStore::open(dir.path()).expect("open durable store");
    assert!(store.is_durable());
    (store, dir)
}

mnemo_store::conformance_tests!(durable());
