//! A resumed `mnemo ingest` checks that what its checkpoint calls done is still in the store: a
//! run is interrupted (Ctrl-C) part-way, the store is wiped (embedded: its files deleted, the
//! checkpoint kept in the data folder; Neo4j: the tenant purged, as when the server restarted
//! empty), and the same command resumes: every document ends up stored, and the summary says how
//! many the checkpoint called done but the store had lost. On the embedded store always, on Neo4j
//! when `NEO4J_TEST_URI` is set (with CI=true a missing server fails the test).

use std::io::{BufRead, BufReader, Read};
use std::path::Path;
use std::process::{Command, Stdio};

use serde_json::Value;

use crate::ingest::Target;

const DOCS: usize = 40;

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
    for t in Target::all(dir.path(), "wiped") {
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
