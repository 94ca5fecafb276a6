//! A `remember` killed at any point leaves its episode and its record together, or neither: a
//! child process (this test binary run again, test `crash_child`) remembers a record over a
//! real store and is SIGKILLed right after its n-th write call returned, for n = 1, 2, ... until
//! the remember finishes; after each kill the store is opened again and every episode written must
//! have its record, listed under its session and tag. Run on the durable embedded store and on
//! the Neo4j server named by `NEO4J_TEST_URI` (outside CI a missing variable skips; with
//! `CI=true` it fails).

mod stop_after;

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::sync::Arc;
use std::time::Duration;

use mnemo::{GraphStore, Mnemo, MnemoOptions, RuleExtractor, Tenant};
use mnemo_neo4j::{Neo4jConfig, Neo4jStore};
use mnemo_records::{RecordFilter, RecordInput, Records};
use mnemo_store::EmbeddedStore;

use stop_after::{StopAfter, STOPPED};

/// What the child prints when its remember returned before the chosen write.
const DONE: &str = "CRASHTEST:DONE";
/// Records each run writes, one after another (the later ones link to the earlier ones).
const RECORDS: usize = 3;
const SESSION: &str = "conv-crash";
const TAG: &str = "crash";

/// The child's store: `embedded:<dir>` or `neo4j:<uri>`.
const ENV_STORE: &str = "MNEMO_CRASH_STORE";
const ENV_TENANT: &str = "MNEMO_CRASH_TENANT";
const ENV_ID: &str = "MNEMO_CRASH_ID";
const ENV_STOP: &str = "MNEMO_CRASH_STOP";

fn neo4j_config(uri: &str) -> Neo4jConfig {
    Neo4jConfig {
        user: std::env::var("NEO4J_TEST_USER").unwrap_or_else(|_| "neo4j".into()),
        password: std::env::var("NEO4J_TEST_PASSWORD").unwrap_or_default(),
        max_connections: 4,
        ..Neo4jConfig::with_uri(uri)
    }
}

async fn open(spec: &str) -> Arc<dyn GraphStore> {
    if let Some(dir) = spec.strip_prefix("embedded:") {
        Arc::new(EmbeddedStore::open(Path::new(dir)).expect("open the embedded store"))
    } else if let Some(uri) = spec.strip_prefix("neo4j:") {
        Arc::new(
            Neo4jStore::connect(neo4j_config(uri))
                .await
                .unwrap_or_else(|e| {
                    panic!("cannot connect to the Neo4j test server at {uri}: {e}")
                }),
        )
    } else {
        panic!("unknown store {spec}")
    }
}

fn records(store: Arc<dyn GraphStore>, tenant: &str) -> Records {
    let tenant = Tenant::new(tenant).expect("tenant");
    Records::new(Mnemo::new(
        store,
        Arc::new(RuleExtractor),
        tenant,
        MnemoOptions::default(),
    ))
}

fn input(id: &str) -> RecordInput {
    RecordInput {
        id: Some(id.to_string()),
        session: Some(SESSION.into()),
        tags: vec![TAG.into()],
        ..RecordInput::default()
    }
}

/// The child's side: does nothing unless the parent set `MNEMO_CRASH_STORE`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn crash_child() {
    let Ok(spec) = std::env::var(ENV_STORE) else {
        return;
    };
    let var = |k: &str| std::env::var(k).unwrap_or_else(|_| panic!("{k} is not set"));
    let store = Arc::new(StopAfter {
        inner: open(&spec).await,
        writes: var(ENV_STOP).parse().expect("a number"),
        done: Default::default(),
    });
    let id = var(ENV_ID);
    records(store, &var(ENV_TENANT))
        .remember(
            &format!("Laura Chen met Tom Keller in Lyon ({id})."),
            &input(&id),
        )
        .await
        .expect("remember");
    println!("{DONE}");
}

/// Runs the child; returns true when it stopped at its `stop`-th write (and was killed), false
/// when the remember finished first.
fn run_child(spec: &str, tenant: &str, id: &str, stop: usize) -> bool {
    let mut child = Command::new(std::env::current_exe().expect("test binary"))
        .args([
            "--exact",
            // The test's path in this binary (tests/faults/main.rs).
            "records_crash::crash_child",
            "--nocapture",
            "--test-threads",
            "1",
        ])
        .env(ENV_STORE, spec)
        .env(ENV_TENANT, tenant)
        .env(ENV_ID, id)
        .env(ENV_STOP, stop.to_string())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("spawn the child");
    let stdout = child.stdout.take().expect("stdout");
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if line.contains(STOPPED) || line.contains(DONE) {
                let _ = tx.send(line);
                return;
            }
        }
    });
    let outcome = rx.recv_timeout(Duration::from_secs(120));
    // SIGKILL: no destructor, no flush, as a crash or `kill -9` would.
    let _ = child.kill();
    let _ = child.wait();
    match outcome {
        Ok(line) => line.contains(STOPPED),
        Err(_) => panic!("the child ({id}, stop after write {stop}) neither stopped nor finished"),
    }
}

/// Every episode of `ids` has its record, and the records are listed under the session and tag.
async fn check(store: Arc<dyn GraphStore>, tenant: &str, ids: &[String], at: &str) {
    let rec = records(store.clone(), tenant);
    let t = Tenant::new(tenant).expect("tenant");
    let mut with_record = 0;
    for id in ids {
        let episode = !store
            .get_episodes(&t, std::slice::from_ref(id))
            .await
            .expect("episodes")
            .is_empty();
        let record = rec.get(id).await.expect("record").is_some();
        assert_eq!(
            episode, record,
            "{at}: episode {id} stored: {episode}, its record stored: {record}"
        );
        with_record += usize::from(record);
    }
    for filter in [
        RecordFilter::Session(SESSION.into()),
        RecordFilter::Tag(TAG.into()),
    ] {
        let page = rec.page(&filter, None, 100).await.expect("page");
        assert_eq!(page.records.len(), with_record, "{at}: {filter:?}");
    }
}

/// Kills a remember after each of its writes in turn, for `RECORDS` records, checking the store
/// after every kill. Returns how many kills there were.
async fn kill_at_every_write(
    spec: &str,
    tenant: &str,
    reopen: impl AsyncFn() -> Arc<dyn GraphStore>,
) -> usize {
    let mut kills = 0;
    let mut ids = Vec::new();
    for k in 1..=RECORDS {
        let id = format!("crash-{k}");
        ids.push(id.clone());
        for stop in 1.. {
            let stopped = run_child(spec, tenant, &id, stop);
            let at = format!("record {id}, killed after write {stop}");
            check(reopen().await, tenant, &ids, &at).await;
            if !stopped {
                break;
            }
            kills += 1;
        }
        let rec = records(reopen().await, tenant);
        assert!(
            rec.get(&id).await.expect("record").is_some(),
            "{id} finished"
        );
    }
    kills
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_remember_killed_after_any_write_leaves_episode_and_record_or_neither_embedded() {
    let dir = tempfile::tempdir().expect("temp dir");
    let spec = format!("embedded:{}", dir.path().display());
    // Each check opens the store and drops it before the next child takes the file lock.
    let kills = kill_at_every_write(&spec, "crash", || open(&spec)).await;
    assert!(kills >= RECORDS, "{kills} kills");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_remember_killed_after_any_write_leaves_episode_and_record_or_neither_on_neo4j() {
    let Some(uri) = mnemo_neo4j::test_server_uri("the Neo4j crash test") else {
        return;
    };
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    let tenant = format!("crash-{}-{nanos:x}", std::process::id());
    let spec = format!("neo4j:{uri}");
    let store = open(&spec).await;
    let kills = kill_at_every_write(&spec, &tenant, || {
        let s = store.clone();
        async move { s }
    })
    .await;
    assert!(kills >= RECORDS, "{kills} kills");
}
