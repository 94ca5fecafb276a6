//! `mnemo session put|get|compact` end to end on the embedded store: a small FIFO configured through
//! the `[session]` section flushes into the graph, the context shows the memory blocks, compaction
//! reports, and bad input fails with one clear line.

use std::path::Path;
use std::process::{Command, Output, Stdio};

fn mnemo(dir: &Path, args: &[&str], stdin: Option<&str>) -> Output {
    let mut cmd = Command::new(crate::MNEMO);
    cmd.arg("--data-dir")
        .arg(dir.join("data"))
        .arg("--config")
        .arg(dir.join("session.toml"))
        .args(args)
        .env_remove("RUST_LOG")
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = cmd.spawn().expect("run mnemo");
    if let Some(text) = stdin {
        use std::io::Write;
        child
            .stdin
            .take()
            .expect("stdin")
            .write_all(text.as_bytes())
            .expect("write stdin");
    }
    drop(child.stdin.take());
    child.wait_with_output().expect("mnemo output")
}

fn ok(o: &Output) -> String {
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn put_flushes_into_the_graph_and_get_and_compact_report() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("session.toml"),
        "[session]\ntoken_limit = 400\ntoken_flush_size = 40\nchat_history_token_ratio = 0.25\n\
         user_name = \"Ada Lovelace\"\n[session.blocks]\npersona = \"You are Ada's assistant.\"\n\
         [session.compaction.importance]\nchat = \"low\"\n",
    )
    .unwrap();
    let d = dir.path();
    let out = ok(&mnemo(
        d,
        &[
            "session",
            "put",
            "s1",
            "--tag",
            "work",
            "--at",
            "2026-11-22T09:00:00Z",
            "Grace Hopper manages the Orion project.",
        ],
        None,
    ));
    assert!(out.starts_with("put message 1 ("), "{out}");
    let mut flushed = String::new();
    for i in 0..8 {
        let text = format!(
            "Chat line {i}: the coffee machine in the hall made odd noises again this morning."
        );
        flushed.push_str(&ok(&mnemo(
            d,
            &[
                "session",
                "put",
                "s1",
                "--role",
                "assistant",
                "--tag",
                "chat",
                "--at",
                "2026-11-22T09:01:00Z",
                "-",
            ],
            Some(&text),
        )));
    }
    assert!(flushed.contains("flushed "), "{flushed}");
    // The flushed first turn is reachable through a search of the graph.
    let search = ok(&mnemo(d, &["search", "Grace Hopper"], None));
    assert!(
        search.contains("Grace Hopper manages the Orion project."),
        "{search}"
    );

    let ctx: serde_json::Value = serde_json::from_str(&ok(&mnemo(
        d,
        &["session", "get", "s1", "--query", "Grace Hopper", "--json"],
        None,
    )))
    .unwrap();
    assert!(ctx["total_tokens"].as_u64().unwrap() <= 400, "{ctx}");
    let memory = ctx["memory"].as_str().unwrap();
    assert!(
        memory.contains("<persona>\nYou are Ada's assistant.") && memory.contains("Grace Hopper"),
        "{memory}"
    );
    assert_eq!(ctx["messages"][0]["role"], "system");
    let text = ok(&mnemo(d, &["session", "get", "s1"], None));
    assert!(text.contains("--- assistant #9 ---"), "{text}");

    let report: serde_json::Value = serde_json::from_str(&ok(&mnemo(
        d,
        &["session", "compact", "s1", "--json"],
        None,
    )))
    .unwrap();
    let chat = report["tags"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["tag"] == "chat")
        .unwrap();
    assert_eq!(chat["importance"], "low");
    assert!(chat["target_pct"].as_u64().unwrap() >= 50, "{report}");
}

#[test]
fn bad_session_input_fails_with_one_line() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("session.toml"), "").unwrap();
    for (args, expect) in [
        (vec!["session", "put", "../etc", "hi"], "invalid session id"),
        (
            vec!["session", "put", "s", "--role", "robot", "hi"],
            "unknown role",
        ),
        (
            vec!["session", "put", "s", "--at", "yesterday", "hi"],
            "RFC 3339",
        ),
        (
            vec!["session", "put", "s", "--tag", "a/b", "hi"],
            "invalid tag",
        ),
        (vec!["session", "get", "a:b"], "invalid session id"),
    ] {
        let o = mnemo(dir.path(), &args, None);
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            !o.status.success() && err.contains(expect),
            "{args:?}: {err}"
        );
        assert_eq!(err.trim().lines().count(), 1, "{err}");
    }
    std::fs::write(
        dir.path().join("session.toml"),
        "[session]\nchat_history_token_ratio = 2.0\n",
    )
    .unwrap();
    let o = mnemo(dir.path(), &["session", "get", "s"], None);
    assert!(String::from_utf8_lossy(&o.stderr).contains("chat_history_token_ratio"));
}
