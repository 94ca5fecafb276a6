//! A full disk under the embedded store, as a user meets it: `mnemo ingest` stops at once saying
//! "disk full" with the file, the input, the count and the resume command (also in `--json`), and
//! finishes when resumed after space is freed; `mnemo serve` refuses writes with `disk_full`,
//! says so on `/readyz`, and takes writes again once space is back, without a restart and
//! without losing an acknowledged write.
//!
//! The disk is filled by the store's test-only hook (feature `fault-injection`, enabled for these
//! tests' binary): while the file named by `MNEMO_FAULT_DISK_FULL` exists, every write of the store
//! file fails with ENOSPC. A real small file system needs root (tmpfs, loop mounts), which CI
//! does not give.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

fn mnemo(data: &Path, flag: &Path) -> Command {
    let mut c = Command::new(crate::MNEMO);
    c.arg("--data-dir")
        .arg(data)
        .env("MNEMO_FAULT_DISK_FULL", flag)
        .env_remove("RUST_LOG")
        .env("NO_COLOR", "1");
    c
}

fn corpus(dir: &Path, n: usize) {
    std::fs::create_dir_all(dir).unwrap();
    for i in 0..n {
        let text = format!("Person{i} works for Company{i} in Lyon. Company{i} makes sensors.");
        std::fs::write(dir.join(format!("doc{i:03}.txt")), text).unwrap();
    }
}

/// `mnemo ingest ARGS --json`: exit code, summary, stderr and how long it took.
fn ingest(data: &Path, flag: &Path, args: &[&str]) -> (Option<i32>, Value, String, Duration) {
    let start = Instant::now();
    let o = mnemo(data, flag)
        .arg("ingest")
        .args(args)
        .arg("--json")
        .output()
        .expect("run mnemo ingest");
    let stderr = String::from_utf8_lossy(&o.stderr).to_string();
    let summary = serde_json::from_slice(&o.stdout)
        .unwrap_or_else(|e| panic!("no JSON summary ({e}); stderr: {stderr}"));
    (o.status.code(), summary, stderr, start.elapsed())
}

#[test]
fn ingest_on_a_full_disk_stops_at_once_says_so_and_resumes_once_space_is_back() {
    let dir = tempfile::tempdir().unwrap();
    let (data, flag, docs) = (
        dir.path().join("data"),
        dir.path().join("disk-is-full"),
        dir.path().join("docs"),
    );
    corpus(&docs, 12);
    // The store exists and holds the first documents before the disk fills up.
    let first = docs.join("doc000.txt");
    let (code, _, stderr, _) = ingest(&data, &flag, &[first.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{stderr}");

    std::fs::write(&flag, "").unwrap();
    let args = [docs.to_str().unwrap(), "--no-progress", "--group-docs", "4"];
    let (code, s, stderr, took) = ingest(&data, &flag, &args);
    assert_eq!(code, Some(1), "{stderr}");
    let error = s["error"]
        .as_str()
        .unwrap_or_else(|| panic!("no error in {s}"));
    let store_file = data.join(mnemo_store::FILE_NAME);
    for needle in [
        "disk full: ",
        store_file.to_str().unwrap(),
        "ingest stopped at ",
        "after 0 documents",
        "resume with: ",
        "--group-docs 4",
    ] {
        assert!(error.contains(needle), "{needle:?} not in {error:?}");
        assert!(
            stderr.contains(needle),
            "{needle:?} not in stderr: {stderr}"
        );
    }
    assert_eq!(s["documents_ingested"], 0, "{s}");
    assert_eq!(s["documents_skipped"], 1, "doc000 was there already: {s}");
    // No retries: five with backoff from 0.5 s took over 15 s.
    assert!(!stderr.contains("retry"), "{stderr}");
    assert!(took < Duration::from_secs(10), "took {took:?}");

    std::fs::remove_file(&flag).unwrap();
    let (code, s, stderr, _) = ingest(&data, &flag, &args);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(s["resumed"], true, "{s}");
    assert_eq!(s["error"], Value::Null, "{s}");
    let stats = mnemo(&data, &flag)
        .args(["stats", "--json"])
        .output()
        .unwrap();
    let stats: Value = serde_json::from_slice(&stats.stdout).unwrap();
    assert_eq!(stats["documents"], 12, "{stats}");
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// A minimal HTTP/1.1 client: (status, body).
fn http(port: u16, method: &str, path: &str, body: &str) -> (u16, Value) {
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).unwrap();
    let status = out[9..12].parse().unwrap();
    let body = out.split_once("\r\n\r\n").map_or("", |x| x.1);
    (status, serde_json::from_str(body).unwrap_or(Value::Null))
}

fn serve(data: &Path, flag: &Path, port: u16) -> Child {
    let mut child = mnemo(data, flag)
        .args(["serve", "--bind", &format!("127.0.0.1:{port}")])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(child.try_wait().unwrap().is_none(), "server exited early");
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "server did not start"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    child
}

fn remember(port: u16, id: &str) -> (u16, Value) {
    let body = format!(r#"{{"text": "Ada Lovelace wrote note {id} in London.", "id": "{id}"}}"#);
    http(port, "POST", "/v1/remember", &body)
}

#[test]
fn a_server_on_a_full_disk_is_not_ready_and_recovers_when_space_is_back() {
    let dir = tempfile::tempdir().unwrap();
    let (data, flag) = (dir.path().join("data"), dir.path().join("disk-is-full"));
    let port = free_port();
    let mut child = serve(&data, &flag, port);
    assert_eq!(remember(port, "before").0, 200);
    assert_eq!(http(port, "GET", "/readyz", "").0, 200);

    std::fs::write(&flag, "").unwrap();
    let (status, body) = remember(port, "during");
    assert_eq!(status, 503, "{body}");
    assert_eq!(body["error"]["code"], "disk_full", "{body}");
    let (status, body) = http(port, "GET", "/readyz", "");
    assert_eq!((status, &body["status"]), (503, &Value::from("disk_full")));
    // Reads go on.
    assert_eq!(http(port, "GET", "/v1/records/before", "").0, 200);

    std::fs::remove_file(&flag).unwrap();
    let (status, body) = http(port, "GET", "/readyz", "");
    assert_eq!(status, 200, "ready again once space is back: {body}");
    let (status, body) = remember(port, "after");
    assert_eq!(status, 200, "writes again: {body}");
    let (_, body) = http(port, "GET", "/v1/records", "");
    let ids: Vec<&str> = body["records"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|r| r["id"].as_str())
        .collect();
    assert_eq!(ids, ["after", "before"], "{body}");

    // After a restart, everything acknowledged is there, and nothing else.
    let sent = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let mut log = String::new();
    if let Some(mut e) = child.stderr.take() {
        let _ = e.read_to_string(&mut log);
    }
    assert!(child.wait().unwrap().success(), "{log}");
    let mut child = serve(&data, &flag, port);
    let (_, body) = http(port, "GET", "/v1/stats", "");
    assert_eq!(body["episodes"], 2, "{body}");
    child.kill().unwrap();
    let _ = child.wait();
}
