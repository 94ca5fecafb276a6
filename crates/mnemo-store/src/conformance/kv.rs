//! Conformance checks of the key-value records: round trips of hostile text, replace, ordered gets,
//! prefix scans with paging in byte order, delete counts, atomicity, validation, tenant isolation,
//! and independence from the graph's deletes.

use mnemo_core::{validate_kv_key, Error, GraphStore, KvEntry, Tenant, MAX_KV_VALUE_BYTES};

use super::hostile::hostile_samples;
use super::writes::doc_batch;
use super::{batch, episode, fresh_tenant, write};

fn entries(pairs: &[(&str, &str)]) -> Vec<KvEntry> {
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

fn strings(keys: &[&str]) -> Vec<String> {
    keys.iter().map(|k| k.to_string()).collect()
}

async fn put(store: &dyn GraphStore, t: &Tenant, ns: &str, e: &[KvEntry]) {
    store
        .kv_put(t, ns, e)
        .await
        .expect("kv_put of valid entries");
}

async fn scan_all(store: &dyn GraphStore, t: &Tenant, ns: &str, prefix: &str) -> Vec<KvEntry> {
    store
        .kv_scan(t, ns, prefix, None, usize::MAX)
        .await
        .expect("kv_scan")
}

fn assert_invalid<T: std::fmt::Debug>(what: &str, r: mnemo_core::Result<T>) {
    match r {
        Err(Error::InvalidInput(_)) => {}
        other => panic!("{what}: expected InvalidInput, got {other:?}"),
    }
}

/// Values and keys come back byte for byte (unicode, quotes, backslashes, Cypher-like text), a put
/// replaces, the last of repeated keys in one put wins, and gets answer in the order asked.
pub async fn kv_round_trip(store: &dyn GraphStore) {
    let t = fresh_tenant("kvroundtrip");
    let ns = "conformance";
    let samples = hostile_samples();
    let mut hostile: Vec<KvEntry> = samples
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let k: String = s.chars().filter(|c| !c.is_control()).take(200).collect();
            (format!("{k} #{i}"), s.clone())
        })
        .collect();
    hostile.push((
        "}) DETACH DELETE n //".into(),
        "'; MATCH (n) DETACH DELETE n; //".into(),
    ));
    hostile.push((
        "back\\slash \"q\" 'q'".into(),
        "{\"json\": \"va\\\"lue\"}".into(),
    ));
    hostile.push(("$key {key} `key`".into(), String::new()));
    for (k, _) in &hostile {
        validate_kv_key(k).expect("sample keys are valid");
    }
    put(store, &t, ns, &hostile).await;
    let keys: Vec<String> = hostile.iter().map(|(k, _)| k.clone()).collect();
    let got = store.kv_get(&t, ns, &keys).await.expect("kv_get");
    assert_eq!(
        got, hostile,
        "hostile keys/values did not read back exactly"
    );

    // Replace, and a key repeated in one put: the last value wins.
    put(
        store,
        &t,
        ns,
        &entries(&[
            ("a", "1"),
            ("b", "2"),
            ("a", "3"),
            ("}) DETACH DELETE n //", "safe"),
        ]),
    )
    .await;
    let got = store
        .kv_get(
            &t,
            ns,
            &strings(&["b", "missing", "}) DETACH DELETE n //", "a", "b"]),
        )
        .await
        .expect("kv_get");
    assert_eq!(
        got,
        entries(&[
            ("b", "2"),
            ("}) DETACH DELETE n //", "safe"),
            ("a", "3"),
            ("b", "2")
        ]),
        "get must answer in the order asked (repeats repeated), missing keys left out, last put wins"
    );
    assert!(
        store
            .kv_get(&t, ns, &[])
            .await
            .expect("empty get")
            .is_empty(),
        "empty get"
    );
    store
        .kv_put(&t, ns, &[])
        .await
        .expect("empty put is a no-op");
    assert_eq!(scan_all(store, &t, ns, "").await.len(), hostile.len() + 2);
    // The graph is untouched by key-value records.
    assert_eq!(store.stats(&t).await.expect("stats").entities, 0);
}

/// Scans return keys with the prefix in ascending byte order, page with `after`, stop at `limit`,
/// and stay inside their namespace.
pub async fn kv_scan_paging(store: &dyn GraphStore) {
    let t = fresh_tenant("kvscan");
    // Byte order: "A" < "a" < "a/" < "a/b" < "a0" < "b" < "é" (C3 A9) < U+FFFD (EF BF BD) < 😀 (F0 ..).
    // UTF-16 order would put 😀 before U+FFFD; code-point (= UTF-8 byte) order is the contract.
    let shuffled = [
        "😀", "a/b", "é", "b", "A", "a0", "\u{fffd}", "a", "a/", "a/c/d", "a/c", "ê", "é/1", "😀😀",
    ];
    let e: Vec<KvEntry> = shuffled
        .iter()
        .map(|k| (k.to_string(), format!("v:{k}")))
        .collect();
    put(store, &t, "scan", &e).await;
    put(store, &t, "other", &entries(&[("a/zz", "elsewhere")])).await;

    let mut expected: Vec<String> = strings(&shuffled);
    expected.sort();
    let all: Vec<String> = scan_all(store, &t, "scan", "")
        .await
        .into_iter()
        .map(|(k, v)| {
            assert_eq!(v, format!("v:{k}"), "scan returned a wrong value");
            k
        })
        .collect();
    assert_eq!(all, expected, "scan order must be byte order of the keys");

    let keys = |r: Vec<KvEntry>| r.into_iter().map(|(k, _)| k).collect::<Vec<_>>();
    assert_eq!(
        keys(scan_all(store, &t, "scan", "a/").await),
        strings(&["a/", "a/b", "a/c", "a/c/d"]),
        "prefix scan"
    );
    assert_eq!(
        keys(scan_all(store, &t, "scan", "é").await),
        strings(&["é", "é/1"]),
        "prefix scan ending in a multi-byte character"
    );
    assert_eq!(
        keys(scan_all(store, &t, "scan", "😀").await),
        strings(&["😀", "😀😀"]),
        "prefix scan of a character outside the BMP"
    );
    // Paging through "a/" two at a time.
    let page1 = keys(
        store
            .kv_scan(&t, "scan", "a/", None, 2)
            .await
            .expect("scan"),
    );
    assert_eq!(page1, strings(&["a/", "a/b"]), "first page");
    let page2 = keys(
        store
            .kv_scan(&t, "scan", "a/", Some("a/b"), 2)
            .await
            .expect("scan"),
    );
    assert_eq!(page2, strings(&["a/c", "a/c/d"]), "second page");
    let page3 = store
        .kv_scan(&t, "scan", "a/", Some("a/c/d"), 2)
        .await
        .expect("scan");
    assert!(page3.is_empty(), "past the last page: {page3:?}");
    // `after` before the prefix starts at the prefix; `after` need not be a stored key.
    assert_eq!(
        keys(
            store
                .kv_scan(&t, "scan", "a/", Some("0"), 10)
                .await
                .expect("scan")
        ),
        strings(&["a/", "a/b", "a/c", "a/c/d"]),
    );
    assert_eq!(
        keys(
            store
                .kv_scan(&t, "scan", "", Some("a/bz"), 3)
                .await
                .expect("scan")
        ),
        strings(&["a/c", "a/c/d", "a0"]),
    );
    assert!(store
        .kv_scan(&t, "scan", "", None, 0)
        .await
        .expect("limit 0")
        .is_empty());
    assert!(scan_all(store, &t, "scan", "zz").await.is_empty());
    assert!(scan_all(store, &t, "nothing_here", "").await.is_empty());
    assert_eq!(
        scan_all(store, &t, "other", "").await,
        entries(&[("a/zz", "elsewhere")]),
        "namespaces are separate"
    );
}

/// Deletes count the keys that existed; a put with one invalid entry writes nothing; bad namespaces
/// and keys are `InvalidInput` on every method.
pub async fn kv_delete_and_validation(store: &dyn GraphStore) {
    let t = fresh_tenant("kvdelete");
    let ns = "del";
    put(
        store,
        &t,
        ns,
        &entries(&[("k1", "1"), ("k2", "2"), ("k3", "3")]),
    )
    .await;
    let n = store
        .kv_delete(&t, ns, &strings(&["k1", "missing", "k3", "k1"]))
        .await
        .expect("kv_delete");
    assert_eq!(n, 2, "delete must count the distinct keys that existed");
    assert_eq!(scan_all(store, &t, ns, "").await, entries(&[("k2", "2")]));
    assert_eq!(
        store
            .kv_delete(&t, ns, &strings(&["k1"]))
            .await
            .expect("delete"),
        0
    );
    assert_eq!(store.kv_delete(&t, ns, &[]).await.expect("delete"), 0);

    let huge = "x".repeat(MAX_KV_VALUE_BYTES + 1);
    let bad_puts: Vec<Vec<KvEntry>> = vec![
        vec![
            ("new1".into(), "v".into()),
            (String::new(), "empty key".into()),
        ],
        vec![
            ("new2".into(), "v".into()),
            ("a\nb".into(), "control".into()),
        ],
        vec![
            ("new3".into(), "v".into()),
            ("k".repeat(513), "long".into()),
        ],
        vec![("new4".into(), "v".into()), ("big".into(), huge)],
        vec![
            ("k2".into(), "overwritten?".into()),
            ("\u{0}".into(), "nul".into()),
        ],
    ];
    for b in &bad_puts {
        assert_invalid("put with an invalid entry", store.kv_put(&t, ns, b).await);
    }
    assert_eq!(
        scan_all(store, &t, ns, "").await,
        entries(&[("k2", "2")]),
        "an invalid put wrote something"
    );

    for bad_ns in [
        "",
        "Upper",
        "a-b",
        "x}) DETACH DELETE n //",
        &"n".repeat(65),
    ] {
        let e = entries(&[("k", "v")]);
        assert_invalid("put, bad namespace", store.kv_put(&t, bad_ns, &e).await);
        let k = strings(&["k"]);
        assert_invalid("get, bad namespace", store.kv_get(&t, bad_ns, &k).await);
        assert_invalid(
            "scan, bad namespace",
            store.kv_scan(&t, bad_ns, "", None, 10).await,
        );
        assert_invalid(
            "delete, bad namespace",
            store.kv_delete(&t, bad_ns, &k).await,
        );
    }
    let bad_keys = strings(&["k2", ""]);
    assert_invalid("get, bad key", store.kv_get(&t, ns, &bad_keys).await);
    assert_invalid("delete, bad key", store.kv_delete(&t, ns, &bad_keys).await);
    assert_eq!(
        scan_all(store, &t, ns, "").await,
        entries(&[("k2", "2")]),
        "a rejected delete deleted something"
    );
}

/// Another tenant never sees, scans, replaces or deletes a tenant's records.
pub async fn kv_tenant_isolation(store: &dyn GraphStore) {
    let a = fresh_tenant("kvtenanta");
    let b = fresh_tenant("kvtenantb");
    let ns = "iso";
    put(
        store,
        &a,
        ns,
        &entries(&[("shared", "a's"), ("only_a", "a")]),
    )
    .await;
    let k = strings(&["shared", "only_a"]);
    assert!(store.kv_get(&b, ns, &k).await.expect("get").is_empty());
    assert!(scan_all(store, &b, ns, "").await.is_empty());
    assert_eq!(store.kv_delete(&b, ns, &k).await.expect("delete"), 0);
    put(store, &b, ns, &entries(&[("shared", "b's")])).await;
    assert_eq!(
        store.kv_get(&a, ns, &k).await.expect("get"),
        entries(&[("shared", "a's"), ("only_a", "a")]),
        "tenant B changed tenant A's records"
    );
    assert_eq!(
        scan_all(store, &b, ns, "").await,
        entries(&[("shared", "b's")])
    );
    assert_eq!(store.kv_delete(&b, ns, &k).await.expect("delete"), 1);
    assert_eq!(scan_all(store, &a, ns, "").await.len(), 2, "A lost records");
}

/// Graph deletes (episodes, documents) leave key-value records alone, and records do not show in
/// the graph's stats or export.
pub async fn kv_survive_graph_deletes(store: &dyn GraphStore) {
    let t = fresh_tenant("kvgraph");
    let kv = entries(&[("e1", "about episode e1"), ("doc", "about the document")]);
    put(store, &t, "meta", &kv).await;
    write(
        store,
        &t,
        &batch(vec![episode(
            "e1",
            1,
            &["Ada", "Bob"],
            &[("Ada", "knows", "Bob")],
        )]),
    )
    .await;
    let doc = doc_batch("doc", "v1", vec![episode("doc.1", 2, &["Cy"], &[])]);
    write(store, &t, &doc).await;
    let export = store.export(&t).await.expect("export");
    assert_eq!(
        export.entities.len(),
        3,
        "key-value records leaked into export"
    );

    store
        .delete_episodes(&t, &strings(&["e1"]))
        .await
        .expect("delete_episodes");
    store
        .delete_document(&t, "doc")
        .await
        .expect("delete_document");
    assert_eq!(store.stats(&t).await.expect("stats").episodes, 0);
    let mut expected = kv.clone();
    expected.sort();
    assert_eq!(
        scan_all(store, &t, "meta", "").await,
        expected,
        "graph deletes touched key-value records"
    );
}
