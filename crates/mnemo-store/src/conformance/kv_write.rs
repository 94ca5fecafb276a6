//! `write_with_kv`: a batch and key-value entries in one transaction (a memory record beside its
//! episode): both land, or, when either is invalid, neither.

use mnemo_core::{GraphStore, KvEntry, Tenant};

use super::{batch, episode, fresh_tenant};

fn entry(k: &str, v: &str) -> KvEntry {
    (k.to_string(), v.to_string())
}

async fn has_episode(store: &dyn GraphStore, t: &Tenant, id: &str) -> bool {
    !store
        .get_episodes(t, &[id.to_string()])
        .await
        .expect("get_episodes")
        .is_empty()
}

async fn kv(store: &dyn GraphStore, t: &Tenant, key: &str) -> Option<String> {
    store
        .kv_get(t, "meta", &[key.to_string()])
        .await
        .expect("kv_get")
        .pop()
        .map(|(_, v)| v)
}

pub async fn kv_with_write(store: &dyn GraphStore) {
    let t = fresh_tenant("kvwrite");
    let e1 = batch(vec![episode(
        "e1",
        1,
        &["Ada", "Bob"],
        &[("Ada", "knows", "Bob")],
    )]);
    let r = store
        .write_with_kv(&t, &e1, "meta", &[entry("r/e1", "record of e1")])
        .await
        .expect("write_with_kv");
    assert_eq!(r.episodes_written, 1, "{r:?}");
    assert!(
        has_episode(store, &t, "e1").await,
        "the episode was not written"
    );
    assert_eq!(kv(store, &t, "r/e1").await.as_deref(), Some("record of e1"));
    assert_eq!(store.stats(&t).await.expect("stats").facts, 1);

    // The episode stored already: nothing changes in the graph, the entries are still written.
    let r = store
        .write_with_kv(&t, &e1, "meta", &[entry("r/e1", "adopted")])
        .await
        .expect("write_with_kv of a stored episode");
    assert_eq!((r.episodes_written, r.episodes_skipped), (0, 1), "{r:?}");
    assert_eq!(kv(store, &t, "r/e1").await.as_deref(), Some("adopted"));
    assert_eq!(store.stats(&t).await.expect("stats").episodes, 1);

    // An invalid batch writes no entry; invalid entries write no episode.
    let mut bad = batch(vec![episode("e2", 2, &["Cy"], &[])]);
    bad.episodes[0].facts = episode("x", 2, &["Cy", "Dee"], &[("Cy", "knows", "Dee")]).facts;
    assert!(store
        .write_with_kv(&t, &bad, "meta", &[entry("r/e2", "never")])
        .await
        .is_err());
    assert_eq!(
        kv(store, &t, "r/e2").await,
        None,
        "entries of an invalid batch"
    );
    let e3 = batch(vec![episode("e3", 3, &["Eve"], &[])]);
    assert!(store
        .write_with_kv(&t, &e3, "Bad-NS", &[entry("r/e3", "never")])
        .await
        .is_err());
    assert!(store
        .write_with_kv(&t, &e3, "meta", &[entry("", "empty key")])
        .await
        .is_err());
    assert!(
        !has_episode(store, &t, "e3").await,
        "the episode of invalid entries was written"
    );

    // The text index follows the episode as after any write.
    store
        .write_with_kv(&t, &e3, "meta", &[entry("r/e3", "record of e3")])
        .await
        .expect("write_with_kv");
    let hits = store
        .search_text(&t, "content e3", 5)
        .await
        .expect("search");
    assert!(hits.iter().any(|h| h.episode == "e3"), "{hits:?}");
}
