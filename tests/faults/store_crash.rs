//! Crash safety: a writer process is SIGKILLed mid-stream several times; after each kill the store
//! reopens with every acknowledged batch whole and no batch in part.

use std::collections::BTreeSet;
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};

use mnemo_core::{EntityKey, GraphStore, Tenant};
use mnemo_store::EmbeddedStore;

const HELPER: &str = env!("CARGO_BIN_EXE_mnemo-store-crashtest");
/// Must match the helper's batch shape.
const EPISODES_PER_BATCH: u64 = 4;

/// Runs the helper from batch `first` and kills it after `acks_before_kill` acknowledgements.
/// Returns every batch number it acknowledged.
fn run_and_kill(dir: &Path, first: u64, acks_before_kill: usize) -> Vec<u64> {
    let mut child = Command::new(HELPER)
        .arg(dir)
        .arg(first.to_string())
        .arg("100000")
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("spawn crash-test helper");
    let stdout = child.stdout.take().expect("stdout");
    let mut lines = BufReader::new(stdout).lines();
    let mut acked = Vec::new();
    while acked.len() < acks_before_kill {
        match lines.next() {
            Some(Ok(l)) => acked.push(l.trim().parse::<u64>().expect("batch number")),
            other => panic!("helper ended early: {other:?}"),
        }
    }
    child.kill().expect("SIGKILL the helper");
    // Acknowledgements already in the pipe were acknowledged before the kill.
    for l in lines.map_while(Result::ok) {
        if let Ok(n) = l.trim().parse::<u64>() {
            acked.push(n);
        }
    }
    let status = child.wait().expect("wait");
    assert!(!status.success(), "the helper must have been killed");
    acked
}

/// Batch numbers stored whole; panics on any batch stored in part.
async fn stored_batches(store: &EmbeddedStore, upto: u64) -> BTreeSet<u64> {
    let t = Tenant::new("crash").expect("tenant");
    let mut whole = BTreeSet::new();
    for n in 0..upto {
        let ids: Vec<String> = (0..EPISODES_PER_BATCH)
            .map(|j| format!("b{n}.e{j}"))
            .collect();
        let got = store.get_episodes(&t, &ids).await.expect("episodes").len() as u64;
        assert!(
            got == 0 || got == EPISODES_PER_BATCH,
            "batch {n} stored in part: {got} episodes"
        );
        let mut found: Vec<String> = store
            .search_text(&t, &format!("m{n}q"), 10)
            .await
            .expect("search_text")
            .into_iter()
            .map(|h| h.episode)
            .collect();
        found.sort();
        if got == EPISODES_PER_BATCH {
            let node = EntityKey::from_name(&format!("Node {n} 0")).expect("key");
            let e = store.get_entities(&t, &[node]).await.expect("entities");
            assert_eq!(e.len(), 1, "batch {n}: episodes without their entities");
            assert_eq!(
                found, ids,
                "batch {n}: stored episodes the text index misses"
            );
            whole.insert(n);
        } else {
            assert!(
                found.is_empty(),
                "batch {n}: the text index finds unstored episodes"
            );
        }
    }
    whole
}

#[tokio::test]
async fn killed_writer_loses_no_acknowledged_batch_and_leaves_no_partial_one() {
    let dir = tempfile::tempdir().expect("tempdir");
    let t = Tenant::new("crash").expect("tenant");
    let mut acked_all: BTreeSet<u64> = BTreeSet::new();
    let mut next = 0u64;
    for acks in [7usize, 23, 3, 41] {
        let acked = run_and_kill(dir.path(), next, acks);
        acked_all.extend(acked);
        let store = EmbeddedStore::open(dir.path()).expect("reopen after kill");
        let stats = store.stats(&t).await.expect("stats");
        assert_eq!(
            stats.episodes % EPISODES_PER_BATCH,
            0,
            "partial batch: {stats:?}"
        );
        let upto = acked_all.last().copied().unwrap_or(0) + 3;
        let stored = stored_batches(&store, upto).await;
        let lost: Vec<_> = acked_all.difference(&stored).collect();
        assert!(lost.is_empty(), "acknowledged batches lost: {lost:?}");
        assert_eq!(
            stats.episodes,
            stored.len() as u64 * EPISODES_PER_BATCH,
            "unexpected batches"
        );
        let hub = store
            .get_entities(&t, &[EntityKey::from_name("Hub").expect("key")])
            .await
            .expect("hub");
        assert_eq!(
            hub[0].mentions, stats.episodes,
            "hub mentions disagree with episodes"
        );
        next = stored.last().map_or(0, |n| n + 1);
    }
}

#[test]
fn another_process_cannot_open_an_open_store() {
    let dir = tempfile::tempdir().expect("tempdir");
    let _store = EmbeddedStore::open(dir.path()).expect("open");
    let out = Command::new(HELPER)
        .arg(dir.path())
        .args(["0", "1"])
        .output()
        .expect("run helper");
    assert!(
        !out.status.success(),
        "second process opened a store in use"
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("already open"), "unclear error: {err}");
    assert!(out.stdout.is_empty(), "second process acknowledged a write");
}
