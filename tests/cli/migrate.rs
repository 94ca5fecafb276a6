//! `mnemo migrate`: a no-op on the embedded store; on Neo4j (when `NEO4J_TEST_URI` is set; with
//! CI=true a missing server fails) it rebuilds the derived lists and counts without changing what
//! the store holds or finds.

use std::path::Path;
use std::process::{Command, Output};

use serde_json::Value;

fn mnemo(data: &Path, extra: &[(&str, String)], args: &[&str]) -> Output {
    let mut c = Command::new(crate::MNEMO);
    c.arg("--data-dir")
        .arg(data)
        .args(args)
        .env_remove("RUST_LOG")
        .env("NO_COLOR", "1");
    for (k, v) in extra {
        c.env(k, v);
    }
    c.output().expect("run mnemo")
}

fn json(o: &Output) -> Value {
    assert!(
        o.status.success(),
        "exit {:?}: {}",
        o.status.code(),
        String::from_utf8_lossy(&o.stderr)
    );
    serde_json::from_slice(&o.stdout).expect("json on stdout")
}

#[test]
fn migrate_on_the_embedded_store_has_nothing_to_do_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let remembered = mnemo(
        &data,
        &[],
        &[
            "remember",
            "Ada Lovelace worked with Charles Babbage in London.",
        ],
    );
    assert!(remembered.status.success());
    let before = json(&mnemo(&data, &[], &["stats", "--json"]));
    let out = json(&mnemo(&data, &[], &["migrate", "--json"]));
    assert_eq!(out["backend"], "embedded");
    assert_eq!(out["migrated"], serde_json::json!([]));
    assert_eq!(json(&mnemo(&data, &[], &["stats", "--json"])), before);
}

/// (subject, rel_type, object, episodes) of each fact: scores move with the clock between calls.
fn fact_ids(result: &Value) -> Vec<String> {
    let mut ids: Vec<String> = result["facts"]
        .as_array()
        .expect("facts")
        .iter()
        .map(|f| {
            format!(
                "{} {} {} {}",
                f["subject"], f["rel_type"], f["object"], f["episodes"]
            )
        })
        .collect();
    ids.sort();
    ids
}

fn neo4j_uri() -> Option<String> {
    mnemo_neo4j::test_server_uri("the Neo4j migrate test")
}

#[test]
fn migrate_on_neo4j_rebuilds_derived_state_and_keeps_counts_and_answers() {
    let Some(uri) = neo4j_uri() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let tenant = format!("migrate_{}", std::process::id());
    let env = vec![
        ("MNEMO__STORE__NEO4J__URI", uri.clone()),
        (
            "MNEMO__STORE__NEO4J__USER",
            std::env::var("NEO4J_TEST_USER").unwrap_or_else(|_| "neo4j".into()),
        ),
        (
            "MNEMO__STORE__NEO4J__PASSWORD",
            std::env::var("NEO4J_TEST_PASSWORD").unwrap_or_default(),
        ),
    ];
    let neo = |args: &[&str]| {
        let mut all = vec!["--store", "neo4j", "--tenant", tenant.as_str()];
        all.extend_from_slice(args);
        mnemo(&data, &env, &all)
    };
    for text in [
        "Ada Lovelace worked with Charles Babbage in London.",
        "Charles Babbage designed the Analytical Engine in London.",
    ] {
        let o = neo(&["remember", text]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    }
    let before = json(&neo(&["stats", "--json"]));
    let hit_before = json(&neo(&[
        "search",
        "Who worked with Charles Babbage?",
        "--json",
    ]));
    assert_eq!(hit_before["hit"], true, "{hit_before}");

    let out = json(&neo(&["migrate", "--json"]));
    assert_eq!(out["backend"], "neo4j");
    assert_eq!(out["tenant"], tenant.as_str());
    assert_eq!(
        out["migrated"],
        serde_json::json!([
            "top_edges",
            "stats",
            "text_index",
            "folded_keys",
            "validity"
        ])
    );
    // Idempotent, and nothing the store holds or answers changed.
    json(&neo(&["migrate", "--json"]));
    assert_eq!(json(&neo(&["stats", "--json"])), before);
    let hit_after = json(&neo(&[
        "search",
        "Who worked with Charles Babbage?",
        "--json",
    ]));
    assert_eq!(fact_ids(&hit_after), fact_ids(&hit_before));
    assert!(!fact_ids(&hit_after).is_empty(), "{hit_after}");

    // Leave the shared server clean.
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let config = mnemo_neo4j::Neo4jConfig {
            user: std::env::var("NEO4J_TEST_USER").unwrap_or_else(|_| "neo4j".into()),
            password: std::env::var("NEO4J_TEST_PASSWORD").unwrap_or_default(),
            ..mnemo_neo4j::Neo4jConfig::with_uri(&uri)
        };
        let store = mnemo_neo4j::Neo4jStore::connect(config).await.unwrap();
        store
            .purge_tenant(&mnemo::Tenant::new(tenant.clone()).unwrap())
            .await
            .unwrap();
    });
}
