//! End-to-end tests of `mnemo serve` (HTTP on a real socket, graceful SIGTERM shutdown, API keys
//! from MNEMO_API_KEYS) and `mnemo mcp` (JSON-RPC over stdio) as a user would launch them.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// A minimal HTTP/1.1 client: returns (status, body).
fn http(port: u16, method: &str, path: &str, key: Option<&str>, body: &str) -> (u16, String) {
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let auth = key
        .map(|k| format!("Authorization: Bearer {k}\r\n"))
        .unwrap_or_default();
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n{auth}Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).unwrap();
    let status = out[9..12].parse().unwrap();
    let body = out
        .split_once("\r\n\r\n")
        .map(|x| x.1)
        .unwrap_or("")
        .to_string();
    (status, body)
}

fn wait_ready(child: &mut Child, port: u16) {
    let start = Instant::now();
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(child.try_wait().unwrap().is_none(), "server exited early");
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "server did not start"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn serve_answers_with_keys_and_stops_gracefully_on_sigterm() {
    let dir = tempfile::tempdir().unwrap();
    let port = free_port();
    let mut child = Command::new(crate::MNEMO)
        .args([
            "--data-dir",
            dir.path().to_str().unwrap(),
            "serve",
            "--bind",
        ])
        .arg(format!("127.0.0.1:{port}"))
        .env("MNEMO_API_KEYS", "key-a=tenant-a,key-b=tenant-b")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    wait_ready(&mut child, port);

    assert_eq!(http(port, "GET", "/healthz", None, "").0, 200);
    assert_eq!(
        http(port, "POST", "/v1/search", None, r#"{"query":"x"}"#).0,
        401
    );
    let (status, _) = http(
        port,
        "POST",
        "/v1/remember",
        Some("key-a"),
        r#"{"text":"Ada Lovelace worked with Charles Babbage."}"#,
    );
    assert!(status == 200 || status == 201, "remember: {status}");
    let (status, body) = http(
        port,
        "POST",
        "/v1/search",
        Some("key-a"),
        r#"{"query":"Ada Lovelace"}"#,
    );
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("Charles Babbage"), "{body}");
    // Tenant B sees nothing of tenant A.
    let (status, body) = http(
        port,
        "POST",
        "/v1/search",
        Some("key-b"),
        r#"{"query":"Ada Lovelace"}"#,
    );
    assert_eq!(status, 200, "{body}");
    assert!(!body.contains("Charles Babbage"), "{body}");

    let pid = child.id().to_string();
    assert!(Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .unwrap()
        .success());
    let start = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "no graceful stop"
        );
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(status.success(), "exit status {status:?}");
}

#[test]
fn serve_refuses_a_public_bind_without_keys() {
    let dir = tempfile::tempdir().unwrap();
    let o = Command::new(crate::MNEMO)
        .args([
            "--data-dir",
            dir.path().to_str().unwrap(),
            "serve",
            "--bind",
            "0.0.0.0:0",
        ])
        .env_remove("MNEMO_API_KEYS")
        .output()
        .unwrap();
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("error:"), "{err}");
}

#[test]
fn mcp_over_stdio_initializes_and_lists_tools() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = Command::new(crate::MNEMO)
        .args(["--data-dir", dir.path().to_str().unwrap(), "mcp"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut send = |v: serde_json::Value| {
        writeln!(stdin, "{v}").unwrap();
        stdin.flush().unwrap();
    };
    send(
        serde_json::json!({"jsonrpc":"2.0","id":1,"method":"initialize","params":{
        "protocolVersion":"2025-03-26","capabilities":{},"clientInfo":{"name":"cli-test","version":"0"}}}),
    );
    let mut line = String::new();
    stdout.read_line(&mut line).unwrap();
    let init: serde_json::Value = serde_json::from_str(&line).unwrap();
    assert_eq!(init["id"], 1, "{init}");
    assert!(
        init["result"]["capabilities"]["tools"].is_object(),
        "{init}"
    );
    send(serde_json::json!({"jsonrpc":"2.0","method":"notifications/initialized"}));
    send(serde_json::json!({"jsonrpc":"2.0","id":2,"method":"tools/list"}));
    line.clear();
    stdout.read_line(&mut line).unwrap();
    let tools: serde_json::Value = serde_json::from_str(&line).unwrap();
    let names: Vec<&str> = tools["result"]["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    for t in ["search", "remember", "ingest", "get_entity", "forget"] {
        assert!(names.contains(&t), "{t} missing from {names:?}");
    }
    let _ = child.kill();
    let _ = child.wait();
}
