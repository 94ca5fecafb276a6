//! End-to-end tests of the `mnemo` binary on the embedded store: the quickstart, bad input, search,
//! stats, export and configuration, each in a fresh data directory (ingest: ingest.rs).

use std::path::Path;
use std::process::{Command, Output};

fn mnemo(data: &Path, args: &[&str]) -> Output {
    mnemo_with_env(data, args, &[])
}

/// `mnemo` with environment variables set (settings given as `MNEMO__SECTION__KEY`).
fn mnemo_with_env(data: &Path, args: &[&str], env: &[(&str, &str)]) -> Output {
    Command::new(crate::MNEMO)
        .arg("--data-dir")
        .arg(data)
        .args(args)
        .envs(env.iter().copied())
        .env_remove("RUST_LOG")
        .env("NO_COLOR", "1")
        .output()
        .expect("run mnemo")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn stats(data: &Path) -> serde_json::Value {
    let o = mnemo(data, &["stats", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    serde_json::from_slice(&o.stdout).expect("stats json")
}

#[test]
fn quickstart_prints_ranked_context_and_a_miss_and_is_idempotent() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let o = mnemo(&data, &["quickstart"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("7 sample documents ingested"), "{out}");
    assert!(out.contains("Marie Curie"), "{out}");
    assert!(out.contains("Charles Babbage"), "{out}");
    let first = stats(&data);
    assert!(first["facts"].as_u64().unwrap() > 5, "{first}");

    let again = mnemo(&data, &["quickstart", "--json"]);
    assert!(again.status.success(), "{}", stderr(&again));
    let results: serde_json::Value = serde_json::from_slice(&again.stdout).unwrap();
    let results = results.as_array().unwrap();
    assert_eq!(results.len(), 5);
    // Every demo question but the last is answered by the context the sample gives it (the
    // words of the answer are in it); the last is the deliberate miss.
    let answers = [
        ("What did Marie Curie discover?", "polonium and radium"),
        (
            "How is Ada Lovelace connected to Charles Babbage?",
            "worked with",
        ),
        (
            "Where is the company that Sofia Marin founded based?",
            "Acme Robotics is a robotics company based in Lyon",
        ),
        ("Who manages the Orion project?", "Laura Chen manages"),
    ];
    for (r, (question, answer)) in results.iter().zip(answers) {
        assert_eq!(r["query"], question);
        assert_eq!(r["hit"], true, "{question}");
        let context = r["context_text"].as_str().unwrap();
        assert!(
            context.contains(answer),
            "{question}: {answer:?} is not in the context:\n{context}"
        );
    }
    assert_eq!(
        results[4]["hit"], false,
        "the Australia question must be a miss"
    );
    assert_eq!(
        stats(&data),
        first,
        "a second quickstart must not change the store"
    );
}

#[test]
fn bad_input_gets_one_line_errors_and_loses_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let o = mnemo(
        &data,
        &["remember", "Ada Lovelace worked with Charles Babbage."],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let before = stats(&data);

    for args in [
        vec!["search", "   "],
        vec!["remember", ""],
        vec!["remember", "x", "--at", "yesterday"],
        vec!["remember", "x", "--kind", "poem"],
        vec!["remember", "x", "--id", "../../etc/passwd"],
        vec!["export", "--format", "svg"],
        vec!["search", "Ada", "--budget", "0"],
    ] {
        let o = mnemo(&data, &args);
        assert!(!o.status.success(), "{args:?} succeeded");
        let err = stderr(&o);
        assert_eq!(
            err.trim().lines().count(),
            1,
            "{args:?}: not one line: {err}"
        );
        assert!(err.starts_with("error: "), "{args:?}: {err}");
    }
    assert_eq!(stats(&data), before);
}

#[test]
fn corrupt_data_dir_is_a_clear_error_and_is_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let o = mnemo(&data, &["remember", "Sofia Marin founded Acme Robotics."]);
    assert!(o.status.success(), "{}", stderr(&o));
    // Overwrite every file of the store with garbage.
    let mut files = Vec::new();
    for entry in walk(&data) {
        std::fs::write(
            &entry,
            b"this is not a mnemo store, just garbage bytes \x00\x01",
        )
        .unwrap();
        files.push(entry);
    }
    assert!(!files.is_empty());
    let o = mnemo(&data, &["stats"]);
    assert!(!o.status.success());
    let err = stderr(&o);
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(
        err.contains("corrupt") || err.contains("not a mnemo"),
        "{err}"
    );
    for f in files {
        assert!(std::fs::read(&f)
            .unwrap()
            .starts_with(b"this is not a mnemo store"));
    }
}

fn walk(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else {
            out.push(p);
        }
    }
    out
}

/// An event time the text gives ("yesterday", said on 2023-05-08) is kept with the fact: the
/// context's fact line shows it, `--json` carries it as `occurred`, exports include it.
#[test]
fn remember_keeps_the_event_time_a_text_gives() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let o = mnemo(
        &data,
        &[
            "remember",
            "--at",
            "2023-05-08T10:00:00Z",
            "--speaker",
            "Caroline",
            "I went to a support group yesterday.",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let query = "Where did Caroline go?";
    let o = mnemo(&data, &["search", query]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.lines().any(|l| l.starts_with("- Caroline")
            && l.contains("support group")
            && l.ends_with("(2023-05-07)")),
        "no fact line with the event time:\n{out}"
    );
    let o = mnemo(&data, &["search", query, "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let facts = v["facts"].as_array().expect("facts");
    let went = facts
        .iter()
        .find(|f| {
            f["object_name"]
                .as_str()
                .is_some_and(|n| n.contains("support group"))
        })
        .unwrap_or_else(|| panic!("no support group fact: {v}"));
    assert_eq!(went["occurred"], "2023-05-07", "{went}");
    // Told on 2023-05-08, held since the day it happened.
    assert_eq!(went["valid_from"], "2023-05-07T00:00:00Z", "{went}");
    let o = mnemo(&data, &["export", "--format", "cypher"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("r.occurred = '2023-05-07'"),
        "{}",
        stdout(&o)
    );
}

/// `[store.embedded] texts_in_memory = false` opens the same data dir with its texts left on disk:
/// a search answers exactly as with the texts in memory (the default), cited texts and all.
#[test]
fn texts_left_on_disk_answer_as_texts_in_memory() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    for (speaker, text) in [
        ("Lena", "I finally signed up for a pottery class in Bergen."),
        ("Tom", "Nice! My sister Jess teaches pottery there."),
    ] {
        let o = mnemo(&data, &["remember", "--speaker", speaker, text]);
        assert!(o.status.success(), "{}", stderr(&o));
    }
    const SETTING: &str = "MNEMO__STORE__EMBEDDED__TEXTS_IN_MEMORY";
    let search = |texts_in_memory: &str| {
        let args = ["search", "Who teaches pottery?", "--json"];
        let o = mnemo_with_env(&data, &args, &[(SETTING, texts_in_memory)]);
        assert!(o.status.success(), "{}", stderr(&o));
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("json");
        v
    };
    let (in_memory, on_disk) = (search("true"), search("false"));
    let cited = in_memory["provenance"].as_array().expect("provenance");
    assert!(
        cited.len() >= 2 && in_memory.to_string().contains("sister Jess"),
        "{in_memory}"
    );
    assert_eq!(in_memory["provenance"], on_disk["provenance"]);
    assert_eq!(
        in_memory["context_text"], on_disk["context_text"],
        "{on_disk}"
    );
    let o = mnemo_with_env(&data, &["search", "pottery"], &[(SETTING, "sometimes")]);
    assert!(!o.status.success(), "a bad value is refused");
    assert!(stderr(&o).contains("texts_in_memory"), "{}", stderr(&o));
}

#[test]
fn search_json_and_export_formats() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let o = mnemo(
        &data,
        &[
            "remember",
            "Ada Lovelace worked with Charles Babbage in London.",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let o = mnemo(
        &data,
        &["search", "Who did Ada Lovelace work with?", "--json"],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["hit"], true, "{v}");
    assert!(
        v["context_text"]
            .as_str()
            .unwrap()
            .contains("Charles Babbage"),
        "{v}"
    );

    let o = mnemo(
        &data,
        &["search", "Quelle est la capitale de l'Australie ?"],
    );
    assert!(o.status.success(), "{}", stderr(&o));

    for (format, needle) in [
        ("cypher", "MERGE (e:Entity"),
        ("graphml", "<graphml"),
        ("dot", "digraph mnemo"),
    ] {
        let o = mnemo(&data, &["export", "--format", format]);
        assert!(o.status.success(), "{}", stderr(&o));
        let out = stdout(&o);
        assert!(
            out.contains(needle) && out.contains("ada lovelace"),
            "{format}: {out}"
        );
    }
    let file = dir.path().join("g.dot");
    let o = mnemo(
        &data,
        &["export", "--format", "dot", "-o", file.to_str().unwrap()],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(std::fs::read_to_string(&file)
        .unwrap()
        .starts_with("digraph mnemo"));
    // `-o -` is standard output, not a file named "-".
    let o = Command::new(crate::MNEMO)
        .current_dir(dir.path())
        .arg("--data-dir")
        .arg(&data)
        .args(["export", "--format", "dot", "-o", "-"])
        .env_remove("RUST_LOG")
        .output()
        .expect("run mnemo");
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("digraph mnemo"), "{}", stdout(&o));
    assert!(!dir.path().join("-").exists(), "a file named '-' was made");
}

#[test]
fn serve_on_a_taken_address_fails_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = taken.local_addr().unwrap().to_string();
    let o = mnemo(&dir.path().join("data"), &["serve", "--bind", &addr]);
    assert!(!o.status.success(), "serve must fail: {}", stderr(&o));
    let err = stderr(&o);
    assert!(err.contains(&addr), "the address is named: {err}");
    assert!(!err.contains("serving HTTP"), "no 'serving' line: {err}");
}

#[test]
fn config_layers_env_and_flags_and_masks_the_password() {
    let dir = tempfile::tempdir().unwrap();
    let o = Command::new(crate::MNEMO)
        .args(["config", "--tenant", "from-flag"])
        .env("MNEMO__STORE__NEO4J__PASSWORD", "s3cret-pw")
        .env("MNEMO__SEARCH__BUDGET_TOKENS", "777")
        .env("MNEMO__STORE__NEO4J__READ_CACHE_MS", "250")
        .env("MNEMO__DATA_DIR", dir.path())
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("tenant = \"from-flag\""), "{out}");
    assert!(out.contains("budget_tokens = 777"), "{out}");
    assert!(out.contains("read_cache_ms = 250"), "{out}");
    assert!(
        out.contains(&format!("data_dir = \"{}\"", dir.path().display())),
        "{out}"
    );
    assert!(!out.contains("s3cret-pw") && out.contains("****"), "{out}");

    let o = Command::new(crate::MNEMO)
        .args(["config"])
        .env("MNEMO__TENANT", "bad tenant!")
        .output()
        .unwrap();
    assert!(!o.status.success());
    assert!(stderr(&o).contains("tenant"), "{}", stderr(&o));
}

#[test]
fn config_reads_ingest_glob_lists_from_the_environment() {
    let o = Command::new(crate::MNEMO)
        .args(["config"])
        .env("MNEMO__INGEST__INCLUDE", "**/*.md,notes/**")
        .env("MNEMO__INGEST__EXCLUDE", "drafts/**")
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    let shown: toml::Value = toml::from_str(&stdout(&o)).expect("config prints TOML");
    let list = |k: &str| -> Vec<String> {
        shown["ingest"][k]
            .as_array()
            .unwrap_or_else(|| panic!("ingest.{k} is a list: {shown}"))
            .iter()
            .map(|v| v.as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(list("include"), ["**/*.md", "notes/**"]);
    assert_eq!(list("exclude"), ["drafts/**"]);
}

#[test]
fn read_only_commands_on_a_missing_data_dir_report_an_empty_store_and_create_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("typo").join("data");
    let counts = stats(&data);
    assert_eq!(counts["facts"].as_u64(), Some(0), "{counts}");
    assert_eq!(counts["entities"].as_u64(), Some(0), "{counts}");
    let o = mnemo(&data, &["search", "--json", "Who founded Acme Robotics?"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let result: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(result["hit"], false, "{result}");
    assert!(stderr(&o).contains("no mnemo data"), "{}", stderr(&o));
    let o = mnemo(&data, &["export", "--format", "dot"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        !dir.path().join("typo").exists(),
        "a read-only command created the data dir"
    );
    // A write still creates it.
    let o = mnemo(&data, &["remember", "Sofia Marin founded Acme Robotics."]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stats(&data)["facts"].as_u64(), Some(1));
}

/// `probe` (the container health check) exits 0 for a serving `/readyz` and fails for a port
/// where nothing listens, without opening any store.
#[test]
fn probe_reports_a_ready_server_and_a_dead_port() {
    let dir = tempfile::tempdir().unwrap();
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let addr = format!("127.0.0.1:{port}");
    let mut server = Command::new(crate::MNEMO)
        .arg("--data-dir")
        .arg(dir.path().join("data"))
        .args(["serve", "--bind", &addr])
        .env_remove("RUST_LOG")
        .env_remove("MNEMO_API_KEYS")
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("start serve");
    let url = format!("http://{addr}/readyz");
    let probe = |url: &str| {
        Command::new(crate::MNEMO)
            .args(["probe", url, "--timeout-secs", "2"])
            .output()
            .expect("run probe")
    };
    let mut ready = false;
    for _ in 0..100 {
        if probe(&url).status.success() {
            ready = true;
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    let _ = server.kill();
    let _ = server.wait();
    assert!(ready, "probe never saw {url} ready");
    let dead = probe(&url);
    assert!(!dead.status.success(), "nothing listens any more");
    assert!(stderr(&dead).contains(&addr), "{}", stderr(&dead));
    let https = probe("https://127.0.0.1:1/readyz");
    assert!(!https.status.success() && stderr(&https).contains("http://"));
}
