//! Durability of the embedded store's key-value records: they survive reopening beside the graph,
//! deletes are durable, and a store file written before key-value records existed (no `kv` table)
//! opens with no records and accepts new ones.

use mnemo_core::{GraphStore, KvEntry, Tenant};
use mnemo_store::{EmbeddedStore, FILE_NAME};

fn e(k: &str, v: &str) -> KvEntry {
    (k.to_string(), v.to_string())
}

async fn all(store: &EmbeddedStore, t: &Tenant, ns: &str) -> Vec<KvEntry> {
    store
        .kv_scan(t, ns, "", None, usize::MAX)
        .await
        .expect("kv_scan")
}

#[tokio::test]
async fn kv_records_survive_reopen_and_deletes_are_durable() {
    let dir = tempfile::tempdir().expect("tempdir");
    let a = Tenant::new("kv-a").expect("tenant");
    let b = Tenant::new("kv-b").expect("tenant");
    let big = "ü".repeat(300_000);
    {
        let store = EmbeddedStore::open(dir.path()).expect("open");
        store
            .kv_put(
                &a,
                "sessions",
                &[e("s1/0001", "{\"role\":\"user\"}"), e("s1/0002", &big)],
            )
            .await
            .expect("put");
        store
            .kv_put(&a, "other", &[e("x", "1"), e("y", "2")])
            .await
            .expect("put");
        store
            .kv_put(&b, "sessions", &[e("s1/0001", "b")])
            .await
            .expect("put");
        assert_eq!(
            store
                .kv_delete(&a, "other", &["x".to_string()])
                .await
                .expect("delete"),
            1
        );
    }
    let store = EmbeddedStore::open(dir.path()).expect("reopen");
    assert_eq!(
        all(&store, &a, "sessions").await,
        vec![e("s1/0001", "{\"role\":\"user\"}"), e("s1/0002", &big)]
    );
    assert_eq!(
        all(&store, &a, "other").await,
        vec![e("y", "2")],
        "delete lost on reopen"
    );
    assert_eq!(all(&store, &b, "sessions").await, vec![e("s1/0001", "b")]);
    assert_eq!(store.stats(&a).await.expect("stats").entities, 0);
}

#[tokio::test]
async fn a_store_file_without_the_kv_table_reads_empty_and_accepts_puts() {
    let dir = tempfile::tempdir().expect("tempdir");
    let t = Tenant::new("old").expect("tenant");
    drop(EmbeddedStore::open(dir.path()).expect("create"));
    {
        // Make the file look like one written before key-value records existed.
        let db = redb::Database::open(dir.path().join(FILE_NAME)).expect("redb open");
        let tx = db.begin_write().expect("write tx");
        let kv: redb::TableDefinition<(&str, &str, &str), &str> = redb::TableDefinition::new("kv");
        assert!(
            tx.delete_table(kv).expect("delete table"),
            "the kv table existed"
        );
        tx.commit().expect("commit");
    }
    let store = EmbeddedStore::open(dir.path()).expect("reopen");
    assert!(all(&store, &t, "ns").await.is_empty());
    assert!(store
        .kv_get(&t, "ns", &["k".to_string()])
        .await
        .expect("get")
        .is_empty());
    assert_eq!(
        store
            .kv_delete(&t, "ns", &["k".to_string()])
            .await
            .expect("delete"),
        0
    );
    store.kv_put(&t, "ns", &[e("k", "v")]).await.expect("put");
    drop(store);
    let store = EmbeddedStore::open(dir.path()).expect("reopen");
    assert_eq!(all(&store, &t, "ns").await, vec![e("k", "v")]);
}
