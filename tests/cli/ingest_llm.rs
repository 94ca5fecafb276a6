//! `mnemo ingest` and `mnemo remember` with an LLM extractor against a replay server on
//! 127.0.0.1: an unreachable endpoint ends the run at once naming it (not "store unavailable"),
//! a slow one costs each call at most `timeout_s` × attempts with no second retry by ingest,
//! finished extractions are kept when the run stops, the first Ctrl-C stops a run waiting on a
//! slow model, and the cost (calls, tokens, time) is printed and in `--json`, without a WARN
//! line per dropped reply item.

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use mnemo::llm::replay::{ReplayServer, Script};
use serde_json::{json, Value};

/// A chat completion whose content is `content`, served to requests containing `matches`.
fn reply(matches: &str, content: &str, extra: Value) -> Value {
    let mut r = json!({
        "match": matches,
        "status": 200,
        "body": {
            "id": "chatcmpl-handmade", "object": "chat.completion", "created": 1763800000,
            "model": "smollm2-135m-instruct",
            "choices": [{"index": 0, "message": {"role": "assistant", "content": content},
                         "finish_reason": "stop"}],
            "usage": {"prompt_tokens": 300, "completion_tokens": 40, "total_tokens": 340}
        }
    });
    if let (Some(r), Some(extra)) = (r.as_object_mut(), extra.as_object()) {
        r.extend(extra.clone());
    }
    r
}

async fn replay(responses: Vec<Value>) -> ReplayServer {
    let script: Script =
        serde_json::from_value(json!({ "responses": responses })).expect("a valid script");
    ReplayServer::start(script).await.expect("replay server")
}

fn mnemo(data: &Path, url: &str, extra_env: &[(&str, &str)]) -> Command {
    let mut c = Command::new(crate::MNEMO);
    c.arg("--data-dir")
        .arg(data)
        .env_remove("RUST_LOG")
        .env("NO_COLOR", "1")
        .env("MNEMO__EXTRACT__KIND", "hybrid")
        .env("MNEMO__LLM__BASE_URL", url)
        .env("MNEMO__LLM__MODEL", "smollm2")
        .env("MNEMO__LLM__RETRY_BASE_MS", "10");
    for (k, v) in extra_env {
        c.env(k, v);
    }
    c
}

/// Runs `cmd` off the runtime's threads, so the replay server keeps answering.
async fn run(mut cmd: Command) -> (Output, Duration) {
    tokio::task::spawn_blocking(move || {
        let started = Instant::now();
        let out = cmd.output().expect("run mnemo");
        (out, started.elapsed())
    })
    .await
    .expect("joined")
}

fn text(o: &Output) -> (String, String) {
    (
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

fn docs(dir: &Path, texts: &[(&str, &str)]) -> std::path::PathBuf {
    let folder = dir.join("docs");
    std::fs::create_dir_all(&folder).expect("mkdir");
    for (name, body) in texts {
        std::fs::write(folder.join(name), body).expect("write doc");
    }
    folder
}

const A: &str = "Laura Chen founded Acme Robotics in Berlin.";
const B: &str = "Tom Keller joined Globex Systems in Paris.";
const C: &str = "Sofia Marin works for Nimbus Sensors in Madrid.";
const USABLE: &str = r#"{"facts": [{"subject": "Laura Chen", "predicate": "lives in", "object": "Berlin", "confidence": 0.8}]}"#;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unreachable_endpoint_stops_ingest_at_once_naming_it() {
    let dir = tempfile::tempdir().expect("tempdir");
    let folder = docs(dir.path(), &[("a.txt", A), ("b.txt", B), ("c.txt", C)]);
    // Port 1 (tcpmux) is closed on any test machine; a port freed a moment ago could be taken
    // by another test's replay server in this process, which then answers.
    let url = "http://127.0.0.1:1/v1".to_string();
    assert!(
        std::net::TcpStream::connect("127.0.0.1:1").is_err(),
        "port 1 is closed"
    );
    let mut cmd = mnemo(&dir.path().join("data"), &url, &[]);
    cmd.arg("ingest").arg(&folder).arg("--json");
    let (o, took) = run(cmd).await;
    let (out, err) = text(&o);
    assert!(!o.status.success(), "{out}\n{err}");
    assert!(took < Duration::from_secs(10), "{took:?}");
    assert!(
        err.contains(&format!("LLM endpoint {url} unreachable")),
        "{err}"
    );
    assert!(
        !err.contains("store unavailable") && !err.contains("retry 1/"),
        "{err}"
    );
    let summary: Value = serde_json::from_str(&out).expect("json summary");
    assert_eq!(summary["documents_ingested"], 0, "{summary}");
    assert!(summary["error"].as_str().unwrap_or("").contains(&url));
    // Documents are extracted ahead in parallel: each that started failed once, none again.
    let llm = &summary["llm"];
    assert!(llm["failures"].as_u64() >= Some(1), "{summary}");
    assert_eq!(llm["failures"], llm["calls"], "{summary}");
    assert_eq!(
        llm["retries"], 0,
        "a refused connection is not retried: {summary}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_endpoint_costs_each_call_its_budget_once() {
    let srv = replay(vec![reply(
        "Laura Chen",
        USABLE,
        json!({"delay_ms": 5000, "repeat": true}),
    )])
    .await;
    let dir = tempfile::tempdir().expect("tempdir");
    let folder = docs(dir.path(), &[("a.txt", A)]);
    let mut cmd = mnemo(
        &dir.path().join("data"),
        srv.base_url(),
        &[
            ("MNEMO__LLM__TIMEOUT_S", "0.5"),
            ("MNEMO__LLM__MAX_RETRIES", "1"),
        ],
    );
    cmd.arg("ingest").arg(&folder).arg("--json");
    let (o, took) = run(cmd).await;
    let (out, err) = text(&o);
    assert!(!o.status.success(), "{out}\n{err}");
    // 0.5 s x 2 attempts, plus the process's start and stop.
    assert!(took < Duration::from_secs(4), "{took:?}");
    assert_eq!(
        srv.requests().len(),
        2,
        "the client's 2 attempts, no retry by ingest"
    );
    assert!(
        err.contains("timed out") && err.contains(srv.base_url()),
        "{err}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_llm_error_keeps_every_finished_extraction() {
    // b.txt is refused (HTTP 401 is not retried) after the others are extracted.
    let srv = replay(vec![
        reply("Laura Chen", USABLE, json!({})),
        json!({"match": "Tom Keller", "status": 401, "delay_ms": 400,
               "body": {"error": {"message": "Incorrect API key provided", "type": "invalid_request_error"}}}),
        reply("Sofia Marin", r#"{"facts": []}"#, json!({})),
    ])
    .await;
    let dir = tempfile::tempdir().expect("tempdir");
    let folder = docs(dir.path(), &[("a.txt", A), ("b.txt", B), ("c.txt", C)]);
    let data = dir.path().join("data");
    let mut cmd = mnemo(&data, srv.base_url(), &[]);
    cmd.arg("ingest").arg(&folder).arg("--json");
    let (o, _) = run(cmd).await;
    let (out, err) = text(&o);
    assert!(!o.status.success(), "{out}\n{err}");
    assert!(err.contains("rejected the request: HTTP 401"), "{err}");
    let summary: Value = serde_json::from_str(&out).expect("json summary");
    assert_eq!(summary["documents_ingested"], 2, "a and c: {summary}");
    assert_eq!(summary["kept_after_stop"], 1, "c: {summary}");
    assert_eq!(srv.requests().len(), 3, "no call is repeated");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_first_ctrl_c_stops_a_run_waiting_on_a_slow_model() {
    let srv = replay(vec![
        reply("Laura Chen", USABLE, json!({})),
        reply("Tom Keller", r#"{"facts": []}"#, json!({"delay_ms": 30000})),
    ])
    .await;
    let dir = tempfile::tempdir().expect("tempdir");
    let folder = docs(dir.path(), &[("a.txt", A), ("b.txt", B)]);
    let mut cmd = mnemo(
        &dir.path().join("data"),
        srv.base_url(),
        &[("MNEMO__LLM__TIMEOUT_S", "60")],
    );
    cmd.arg("ingest")
        .arg(&folder)
        .arg("--json")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let child = cmd.spawn().expect("spawn");
    let pid = child.id().to_string();
    // Both requests are in: a.txt is extracted, b.txt waits on the model.
    let deadline = Instant::now() + Duration::from_secs(20);
    while srv.requests().len() < 2 && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    let killed = Command::new("kill")
        .args(["-INT", &pid])
        .status()
        .expect("kill");
    assert!(killed.success());
    let started = Instant::now();
    let o = tokio::task::spawn_blocking(move || child.wait_with_output())
        .await
        .expect("joined")
        .expect("output");
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(130), "{out}\n{err}");
    let summary: Value = serde_json::from_str(&out).expect("json summary");
    assert_eq!(summary["interrupted"], true, "{summary}");
    assert_eq!(summary["documents_ingested"], 1, "a.txt is kept: {summary}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn remember_prints_its_llm_cost_and_no_warn_line_per_dropped_item() {
    let bad = r#"{"facts": [{"subject": "Acme Robotics", "predicate": "Laura Chen", "object": "Berlin", "confidence": 0.0}, {"subject": "Laura Chen", "predicate": "robotics", "object": "Berlin", "confidence": 1}, {"subject": "Berlin", "predicate": "is", "object": "Berlin"}, {"subject": "Laura Chen", "predicate": "lives in", "object": "Berlin", "confidence": 0.8}]}"#;
    let srv = replay(vec![reply("Laura Chen", bad, json!({"repeat": true}))]).await;
    let dir = tempfile::tempdir().expect("tempdir");
    let data = dir.path().join("data");
    let mut cmd = mnemo(&data, srv.base_url(), &[]);
    cmd.args(["remember", A]);
    let (o, _) = run(cmd).await;
    let (out, err) = text(&o);
    assert!(o.status.success(), "{out}\n{err}");
    assert!(out.contains("LLM: 1 call, 300 tokens in / 40 out"), "{out}");
    assert!(out.contains("3 reply items dropped"), "{out}");
    assert!(!err.contains("WARN"), "{err}");

    let mut cmd = mnemo(&data, srv.base_url(), &[]);
    cmd.args(["remember", "--json", "Laura Chen met Tom Keller in Berlin."]);
    let (o, _) = run(cmd).await;
    let (out, err) = text(&o);
    assert!(o.status.success(), "{out}\n{err}");
    let v: Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["llm"]["calls"], 1, "{v}");
    assert_eq!(v["llm"]["prompt_tokens"], 300, "{v}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_document_the_endpoint_refuses_is_reported_and_the_run_goes_on() {
    // b.txt is refused for what it holds (HTTP 400): that document fails, the others are written.
    let srv = replay(vec![
        reply("Laura Chen", USABLE, json!({})),
        json!({"match": "Tom Keller", "status": 400, "repeat": true,
               "body": {"error": {"message": "This model's maximum context length is 8192 tokens",
                                  "type": "invalid_request_error"}}}),
        reply("Sofia Marin", r#"{"facts": []}"#, json!({})),
    ])
    .await;
    let dir = tempfile::tempdir().expect("tempdir");
    let folder = docs(dir.path(), &[("a.txt", A), ("b.txt", B), ("c.txt", C)]);
    let data = dir.path().join("data");
    let mut cmd = mnemo(&data, srv.base_url(), &[]);
    cmd.arg("ingest").arg(&folder).arg("--json");
    let (o, _) = run(cmd).await;
    let (out, err) = text(&o);
    let summary: Value = serde_json::from_str(&out).expect("json summary");
    assert_eq!(
        summary["documents_ingested"], 2,
        "a and c: {summary}\n{err}"
    );
    assert_eq!(summary["documents_failed"], 1, "b: {summary}");
    let failure = summary["failures"][0].to_string();
    assert!(
        failure.contains("b.txt") && failure.contains("maximum context length"),
        "the failure names the document and the endpoint's reason: {failure}"
    );
    assert!(!err.contains("resume"), "the run was not stopped: {err}");
    // The refused document is not stored; the others are.
    let mut stats = Command::new(crate::MNEMO);
    stats.arg("--data-dir").arg(&data).args(["stats", "--json"]);
    let (so, _) = run(stats).await;
    let stats: Value = serde_json::from_slice(&so.stdout).expect("stats json");
    assert_eq!(stats["documents"], 2, "{stats}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_endpoint_that_refuses_every_text_stops_the_run_naming_its_reason() {
    // Every request is refused as if the model's context were tiny: a setting, not the texts.
    let srv = replay(vec![
        json!({"match": "messages", "status": 400, "repeat": true,
        "body": {"error": {"message": "This model's maximum context length is 16 tokens",
                           "type": "invalid_request_error"}}}),
    ])
    .await;
    let dir = tempfile::tempdir().expect("tempdir");
    let names: Vec<String> = (0..16).map(|i| format!("doc{i:02}.txt")).collect();
    let texts: Vec<String> = (0..16)
        .map(|i| format!("Person{i} Vantor joined Company{i} Labs in Oslo."))
        .collect();
    let pairs: Vec<(&str, &str)> = names
        .iter()
        .zip(&texts)
        .map(|(n, t)| (n.as_str(), t.as_str()))
        .collect();
    let folder = docs(dir.path(), &pairs);
    let mut cmd = mnemo(&dir.path().join("data"), srv.base_url(), &[]);
    cmd.arg("ingest").arg(&folder).arg("--json");
    let (o, _) = run(cmd).await;
    let (out, err) = text(&o);
    assert!(!o.status.success(), "the run stops: {out}\n{err}");
    let summary: Value = serde_json::from_str(&out).expect("json summary");
    let error = summary["error"].as_str().unwrap_or("");
    // Texts are extracted in parallel: the streak may pass its threshold by a few.
    let streak: usize = error
        .split("refused the last ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    assert!(
        streak >= mnemo::REFUSAL_STREAK
            && error.contains("texts in a row")
            && error.contains("maximum context length"),
        "the error says why: {summary}\n{err}"
    );
    assert_eq!(summary["documents_ingested"], 0, "{summary}");
    let failed = summary["documents_failed"].as_u64().unwrap_or(0);
    // How many were reported before the stop depends on what was in flight; never all of them.
    assert!(
        failed < 16,
        "the run stopped before every document failed: {summary}"
    );
    assert!(
        err.contains("resume"),
        "a stopped run says how to go on: {err}"
    );
}
