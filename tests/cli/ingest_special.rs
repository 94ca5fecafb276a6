//! `mnemo ingest` over files that are not regular files: a FIFO (opening it for reading blocks
//! until a writer comes, so the run used to hang), a socket and a symlink to /dev/zero (read until
//! memory ran out). They are reported with path and kind and the rest is ingested. Every run has a
//! 20 s guard, so a regression fails instead of hanging the test run.
#![cfg(unix)]

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

/// `mnemo --data-dir DATA ingest ARGS --json`, killed after 20 s: the exit code and the summary.
fn ingest(data: &Path, args: &[&str]) -> (Option<i32>, Value) {
    let mut child = Command::new(crate::MNEMO)
        .arg("--data-dir")
        .arg(data)
        .arg("ingest")
        .args(args)
        .arg("--json")
        .env_remove("RUST_LOG")
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run mnemo");
    let start = Instant::now();
    // The summary is small, so the pipes cannot fill up while we poll.
    while child.try_wait().expect("poll mnemo").is_none() {
        if start.elapsed() > Duration::from_secs(20) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("`mnemo ingest {args:?}` did not finish within 20 s");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let out = child.wait_with_output().expect("mnemo output");
    let summary = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "no JSON summary ({e}): {}",
            String::from_utf8_lossy(&out.stderr)
        )
    });
    (out.status.code(), summary)
}

fn reported(summary: &Value, file: &str, kind: &str) -> bool {
    summary["failures"].as_array().is_some_and(|all| {
        all.iter().any(|f| {
            let reason = f["reason"].as_str().unwrap_or("");
            f["location"].as_str().unwrap_or("").ends_with(file)
                && reason.contains("not a regular file")
                && reason.contains(kind)
        })
    })
}

#[test]
fn fifos_sockets_and_devices_are_reported_and_skipped_unread() {
    let dir = tempfile::tempdir().unwrap();
    let docs = dir.path().join("docs");
    std::fs::create_dir_all(&docs).unwrap();
    std::fs::write(
        docs.join("good.txt"),
        "Ada Lovelace worked with Charles Babbage.",
    )
    .unwrap();
    for fifo in ["pipe.txt", "rows.jsonl"] {
        let ok = Command::new("mkfifo")
            .arg(docs.join(fifo))
            .status()
            .unwrap();
        assert!(ok.success(), "mkfifo {fifo}");
    }
    std::os::unix::fs::symlink("/dev/zero", docs.join("zero.txt")).unwrap();
    let _socket = std::os::unix::net::UnixListener::bind(docs.join("sock.md")).unwrap();
    let data = dir.path().join("data");

    let (code, s) = ingest(&data, &[docs.to_str().unwrap()]);
    assert_eq!(code, Some(3), "partial failure: {s}");
    assert_eq!(s["documents_ingested"], 1, "good.txt only: {s}");
    assert_eq!(s["documents_failed"], 4, "{s}");
    for (file, kind) in [
        ("pipe.txt", "FIFO"),
        ("rows.jsonl", "FIFO"),
        ("sock.md", "socket"),
        ("zero.txt", "character device"),
    ] {
        assert!(
            reported(&s, file, kind),
            "{file} ({kind}) not reported: {s}"
        );
    }

    // Named on the command line, alone: refused at once, not waited on.
    for (file, kind, format) in [
        ("pipe.txt", "FIFO", "documents"),
        ("zero.txt", "character device", "documents"),
        ("rows.jsonl", "FIFO", "triples"),
    ] {
        let path = docs.join(file);
        let (code, s) = ingest(&data, &[path.to_str().unwrap(), "--format", format]);
        assert_eq!(code, Some(3), "{file}: {s}");
        assert_eq!(s["documents_ingested"], 0, "{file}: {s}");
        assert!(
            reported(&s, file, kind),
            "{file} ({kind}) not reported: {s}"
        );
    }
}
