//! End-to-end tests of the memory-record commands on the embedded store: `remember` with record
//! flags, `search --json` provenance and access counts, `prune`, `restore`, `record`, `import` and
//! `audit`, each in a fresh data directory.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

fn mnemo(data: &Path, args: &[&str]) -> Output {
    Command::new(crate::MNEMO)
        .arg("--data-dir")
        .arg(data)
        .args(args)
        .env_remove("RUST_LOG")
        .env("NO_COLOR", "1")
        .env("USER", "tester")
        .output()
        .expect("run mnemo")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn json(data: &Path, args: &[&str]) -> Value {
    let o = mnemo(data, args);
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("{args:?}: {e}"))
}

fn ok(data: &Path, args: &[&str]) -> String {
    let o = mnemo(data, args);
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn fixtures(sub: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../crates/mnemo-records/tests/fixtures")
        .join(sub)
}

#[test]
fn remember_keeps_record_fields_and_search_reports_provenance_and_counts_accesses() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let first = json(
        &data,
        &[
            "remember",
            "Laura Chen works for Acme Robotics.",
            "--id",
            "r1",
            "--session",
            "conv-7",
            "--tag",
            "Work",
            "--tag",
            "people",
            "--type",
            "fact",
            "--user",
            "dana",
            "--model",
            "llama3",
            "--confidence",
            "0.7",
            "--pin",
            "--at",
            "2026-01-01T10:00:00Z",
            "--json",
        ],
    );
    assert_eq!(first["episode_id"], "r1");
    assert_eq!(first["written"], true);
    assert_eq!(first["record"]["type"], "fact");
    assert_eq!(
        first["record"]["tags"],
        serde_json::json!(["work", "people"])
    );
    assert_eq!(first["record"]["pinned"], true);
    let second = json(
        &data,
        &[
            "remember",
            "Tom Keller lives in Berlin.",
            "--id",
            "r2",
            "--session",
            "conv-7",
            "--kind",
            "interaction",
            "--at",
            "2026-01-01T10:02:00Z",
            "--json",
        ],
    );
    assert_eq!(second["record"]["type"], "interaction");
    let links = second["links"].as_array().unwrap();
    assert!(
        links
            .iter()
            .any(|l| l["kind"] == "follows" && l["target"] == "r1"),
        "{links:?}"
    );

    let found = json(&data, &["search", "Where does Laura Chen work?", "--json"]);
    assert_eq!(found["hit"], true);
    let provenance: Vec<&str> = found["provenance"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["episode_id"].as_str().unwrap())
        .collect();
    assert!(provenance.contains(&"r1"), "{found}");
    for f in found["facts"].as_array().unwrap() {
        assert!(!f["episodes"].as_array().unwrap().is_empty(), "{f}");
    }
    for s in found["snippets"].as_array().unwrap() {
        assert!(s["episode_id"].is_string(), "{s}");
    }
    let shown = json(&data, &["record", "show", "r1", "--json"]);
    assert_eq!(shown["record"]["access_count"], 1);
    assert!(shown["record"]["last_access"].is_string());
    assert_eq!(shown["record"]["user"], "dana");
    assert_eq!(shown["record"]["model"], "llama3");
    assert!(shown["links"].as_array().unwrap().len() >= 2, "{shown}");

    // Bad record input is one clear line and writes nothing.
    let before = json(&data, &["stats", "--json"]);
    for args in [
        vec!["remember", "x", "--tag", "a/b"],
        vec!["remember", "x", "--confidence", "2"],
        vec!["remember", "x", "--type", "gossip"],
        vec!["remember", "x", "--session", "../up"],
        vec!["prune"],
        vec!["prune", "--older-than", "3y"],
        vec!["prune", "--older-than", "3d", "--dry-run", "--permanent"],
        vec!["record", "link", "r1", "cites", "r2"],
        vec!["record", "show", "nope"],
    ] {
        let o = mnemo(&data, &args);
        assert!(!o.status.success(), "{args:?} succeeded");
        let err = stderr(&o);
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("error: "), "{args:?}: {err}");
    }
    assert_eq!(json(&data, &["stats", "--json"]), before);
}

#[test]
fn prune_dry_run_archive_restore_permanent_and_audit() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    for (id, text, at, extra) in [
        (
            "old",
            "Laura Chen works for Acme Robotics.",
            "2020-01-01T00:00:00Z",
            None,
        ),
        (
            "old-pinned",
            "Tom Keller lives in Berlin.",
            "2020-01-02T00:00:00Z",
            Some("--pin"),
        ),
        (
            "old-2",
            "Maria Rossi visited Paris.",
            "2020-01-03T00:00:00Z",
            None,
        ),
        (
            "fresh",
            "Ivan Petrov works for Orion Labs.",
            "2099-01-01T00:00:00Z",
            None,
        ),
    ] {
        let mut args = vec![
            "remember", text, "--id", id, "--at", at, "--model", "llama2",
        ];
        args.extend(extra);
        ok(&data, &args);
    }
    let stats = json(&data, &["stats", "--json"]);

    let dry = json(
        &data,
        &["prune", "--older-than", "365d", "--dry-run", "--json"],
    );
    // The same answer as HTTP's and MCP's prune.
    assert_eq!(dry["ids"], serde_json::json!(["old", "old-2"]), "{dry}");
    assert_eq!(dry["count"], 2);
    assert_eq!(dry["mode"], "dry_run");
    assert_eq!(dry["pinned_kept"], 1);
    assert_eq!(
        json(&data, &["stats", "--json"]),
        stats,
        "a dry run changes nothing"
    );

    let text = ok(
        &data,
        &["prune", "--older-than", "365d", "--model", "llama2"],
    );
    assert!(text.contains("archived 2 record(s)"), "{text}");
    assert!(text.contains("1 pinned record(s) kept"), "{text}");
    let after: Value = json(&data, &["stats", "--json"]);
    assert_eq!(after["episodes"], 2);
    let archived = json(&data, &["record", "archived", "--json"]);
    assert_eq!(archived.as_array().unwrap().len(), 2);

    let o = mnemo(&data, &["restore", "old", "old-2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        json(&data, &["stats", "--json"]),
        stats,
        "restore brings back the same graph"
    );

    let o = mnemo(&data, &["restore", "never-archived"]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert!(stderr(&o).contains("never-archived"));

    let gone = json(
        &data,
        &[
            "prune",
            "--type",
            "note",
            "--max-access",
            "0",
            "--permanent",
            "--json",
        ],
    );
    assert_eq!(gone["count"], 3, "{gone}");
    assert_eq!(gone["mode"], "permanent");
    assert_eq!(gone["ids"].as_array().unwrap().len(), 3);
    assert!(gone["graph"]["episodes"].as_u64().unwrap() >= 1, "{gone}");
    assert_eq!(json(&data, &["stats", "--json"])["episodes"], 1);
    assert_eq!(mnemo(&data, &["restore", "old"]).status.code(), Some(3));

    let audit = json(&data, &["audit", "--json"]);
    let actions: Vec<&str> = audit
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["action"].as_str().unwrap())
        .collect();
    assert_eq!(
        actions,
        vec!["write", "write", "write", "write", "archive", "restore", "restore", "delete"]
    );
    assert!(audit
        .as_array()
        .unwrap()
        .iter()
        .all(|e| e["actor"] == "cli:tester"));
    let text = ok(&data, &["audit"]);
    assert_eq!(text.lines().count(), 8, "{text}");
}

#[test]
fn record_subcommands_pin_link_and_delete() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    ok(
        &data,
        &["remember", "Laura Chen lives in Lyon.", "--id", "a"],
    );
    ok(
        &data,
        &["remember", "Laura Chen moved to Paris.", "--id", "b"],
    );
    ok(&data, &["record", "link", "b", "contradicts", "a"]);
    let shown = json(&data, &["record", "show", "a", "--json"]);
    assert_eq!(shown["links"][0]["kind"], "contradicts");
    assert_eq!(shown["links"][0]["incoming"], true);
    ok(&data, &["record", "pin", "a"]);
    let o = mnemo(&data, &["record", "delete", "a"]);
    assert!(!o.status.success(), "a pinned record is not deleted");
    ok(&data, &["record", "unpin", "a"]);
    ok(&data, &["record", "delete", "a", "b", "--permanent"]);
    assert_eq!(json(&data, &["stats", "--json"])["episodes"], 0);
    assert_eq!(
        json(&data, &["record", "list", "--json"]),
        serde_json::json!([])
    );
}

#[test]
fn import_reports_bad_files_exits_partial_and_is_idempotent() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let folder = fixtures("ollama");
    let folder = folder.to_str().unwrap();
    let o = mnemo(
        &data,
        &["import", "--format", "ollama-agents", folder, "--json"],
    );
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    let report: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(report["imported"].as_array().unwrap().len(), 4);
    assert_eq!(report["failed"].as_array().unwrap().len(), 3);
    let err = stderr(&o);
    assert!(err.contains("20240521_080000_latin1.json"), "{err}");
    assert!(err.contains("UTF-8"), "{err}");
    let stats = json(&data, &["stats", "--json"]);
    assert_eq!(stats["episodes"], 4);

    let again = mnemo(&data, &["import", "--format", "ollama-agents", folder]);
    assert_eq!(again.status.code(), Some(3));
    let out = String::from_utf8_lossy(&again.stdout);
    assert!(
        out.contains("0 imported, 4 already present, 3 failed"),
        "{out}"
    );
    assert_eq!(json(&data, &["stats", "--json"]), stats);

    let rlm = fixtures("rlm/chunks/2026-02/chunk-2026-02-09-p4q5r6s7.json");
    let o = mnemo(
        &data,
        &["import", "--format", "rlm-mem", rlm.to_str().unwrap()],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let o = mnemo(&data, &["import", "--format", "csv", folder]);
    assert!(!o.status.success());
}
