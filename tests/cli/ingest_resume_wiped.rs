//! A resumed `mnemo ingest` checks that what its checkpoint calls done is still in the store: a
//! run is interrupted (Ctrl-C) part-way, the store is wiped (embedded: its files deleted, the
//! checkpoint kept in the data folder; Neo4j: the tenant purged, as when the server restarted
//! empty), and the same command resumes: every document ends up stored, and the summary says how
//! many the checkpoint called done but the store had lost. On the embedded store always, on Neo4j
//! when `NEO4J_TEST_URI` is set (with CI=true a missing server fails the test).

use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::Value;

const DOCS: usize = 40;

/// The store under test: an embedded data dir, or a tenant on the Neo4j test server.
struct Target {
    data: PathBuf,
    neo4j: Option<(String, String)>,
}

impl Target {
    fn command(&self, args: &[&str]) -> Command {
        let mut c = Command::new(crate::MNEMO);
        c.arg("--data-dir").arg(&self.data);
        if let Some((uri, tenant)) = &self.neo4j {
            c.args(["--store", "neo4j", "--tenant", tenant])
                .env("MNEMO__STORE__NEO4J__URI", uri)
                .env(
                    "MNEMO__STORE__NEO4J__USER",
                    std::env::var("NEO4J_TEST_USER").unwrap_or_else(|_| "neo4j".into()),
                )
                .env(
                    "MNEMO__STORE__NEO4J__PASSWORD",
                    std::env::var("NEO4J_TEST_PASSWORD").unwrap_or_default(),
                );
        }
        c.args(args).env_remove("RUST_LOG").env("NO_COLOR", "1");
        c
    }

    fn documents(&self) -> u64 {
        let o = self.command(&["stats", "--json"]).output().expect("stats");
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let v: Value = serde_json::from_slice(&o.stdout).expect("stats json");
        v["documents"].as_u64().expect("documents")
    }

    /// Deletes everything the store holds, leaving the data folder (and its checkpoints).
    fn wipe(&self) {
        match &self.neo4j {
            None => {
                std::fs::remove_file(self.data.join(mnemo_store::FILE_NAME)).expect("rm store");
                std::fs::remove_dir_all(self.data.join(mnemo_store::TEXT_INDEX_DIR))
                    .expect("rm text index");
            }
            Some((uri, tenant)) => purge(uri, tenant),
        }
    }
}

impl Drop for Target {
    fn drop(&mut self) {
        if let Some((uri, tenant)) = &self.neo4j {
            purge(uri, tenant);
        }
    }
}

fn purge(uri: &str, tenant: &str) {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    rt.block_on(async {
        let config = mnemo_neo4j::Neo4jConfig {
            user: std::env::var("NEO4J_TEST_USER").unwrap_or_else(|_| "neo4j".into()),
            password: std::env::var("NEO4J_TEST_PASSWORD").unwrap_or_default(),
            ..mnemo_neo4j::Neo4jConfig::with_uri(uri)
        };
        let store = mnemo_neo4j::Neo4jStore::connect(config)
            .await
            .expect("connect to the Neo4j test server");
        let t = mnemo::Tenant::new(tenant.to_string()).expect("tenant");
        store.purge_tenant(&t).await.expect("purge the tenant");
    });
}

fn targets(dir: &Path) -> Vec<Target> {
    let mut out = vec![Target {
        data: dir.join("data-embedded"),
        neo4j: None,
    }];
    if let Some(uri) = mnemo_neo4j::test_server_uri("the Neo4j half of this test") {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0);
        out.push(Target {
            data: dir.join("data-neo4j"),
            neo4j: Some((uri, format!("wiped-{}-{nanos:x}", std::process::id()))),
        });
    }
    out
}

fn corpus(dir: &Path) {
    std::fs::create_dir_all(dir).unwrap();
    let cities = ["Lyon", "Paris", "Berlin", "Grenoble", "Madrid"];
    for i in 0..DOCS {
        let text: Vec<String> = (0..10)
            .map(|j| format!("Person{i} Number{j} lives in {}.", cities[(i + j) % 5]))
            .collect();
        std::fs::write(dir.join(format!("doc{i:03}.txt")), text.join(" ")).unwrap();
    }
}

/// Runs the ingest and sends Ctrl-C once `n` documents are written; returns its JSON summary.
fn interrupted_run(t: &Target, args: &[&str], n: usize) -> Value {
    let mut all = vec!["ingest"];
    all.extend_from_slice(args);
    all.push("--json");
    let mut child = t
        .command(&all)
        .env("RUST_LOG", "mnemo::ingest=debug")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn mnemo ingest");
    let mut lines = BufReader::new(child.stderr.take().expect("stderr"));
    let (mut seen, mut line) = (0, String::new());
    while seen < n {
        line.clear();
        if lines.read_line(&mut line).unwrap_or(0) == 0 {
            panic!("mnemo ingest ended after {seen} documents");
        }
        seen += usize::from(line.contains("ingested"));
    }
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let mut rest = String::new();
    lines.read_to_string(&mut rest).unwrap();
    let out = child.wait_with_output().expect("wait");
    assert_eq!(out.status.code(), Some(130), "{rest}");
    serde_json::from_slice(&out.stdout).expect("JSON summary of the interrupted run")
}

#[test]
fn a_resume_after_the_store_was_wiped_writes_everything_again() {
    let dir = tempfile::tempdir().unwrap();
    let docs = dir.path().join("docs");
    corpus(&docs);
    let args = [docs.to_str().unwrap(), "--no-progress", "--group-docs", "4"];
    for t in targets(dir.path()) {
        let who = if t.neo4j.is_some() {
            "neo4j"
        } else {
            "embedded"
        };
        let first = interrupted_run(&t, &args, 8);
        let done = first["documents_ingested"].as_u64().expect("count");
        assert!(
            done >= 8 && done < DOCS as u64,
            "{who}: {done} documents before the interruption"
        );
        t.wipe();
        assert_eq!(t.documents(), 0, "{who}: the store was wiped");

        let mut all = vec!["ingest"];
        all.extend_from_slice(&args);
        all.push("--json");
        let o = t.command(&all).output().expect("resume");
        let stderr = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(0), "{who}: {stderr}");
        let s: Value = serde_json::from_slice(&o.stdout).expect("JSON summary");
        assert_eq!(s["resumed"], true, "{who}: {s}");
        assert_eq!(s["resume_checked"], done, "{who}: {s}");
        assert_eq!(s["resume_missing"], done, "{who}: {s}");
        assert_eq!(s["documents_ingested"], DOCS as u64, "{who}: {s}");
        assert!(
            stderr.contains("are not in the store"),
            "{who}: the run says what it redoes: {stderr}"
        );
        assert_eq!(t.documents(), DOCS as u64, "{who}: every document stored");
    }
}
