//! The README's snippets for agent builders work as written. Each is the fenced block after a
//! `<!-- readme-test: NAME -->` marker: the serve command, the curl calls and the Python search
//! tool run against a live `mnemo serve` on a free port (only the port is rewritten), both MCP host
//! configurations connect, the LLM settings load as a config file, and the install, compose and
//! agent commands are the ones of the files they come from (the package manifest, the compose
//! file's header, the agent example, whose demo runs in `crates/mnemo/tests/agent_example.rs`).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

/// The address the README's snippets use; tests swap in their own port.
const README_ADDR: &str = "127.0.0.1:7700";

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn read(path: &str) -> String {
    std::fs::read_to_string(repo().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The body of the fenced block after `<!-- readme-test: NAME -->`.
fn block(name: &str) -> String {
    let readme = read("README.md");
    let marker = format!("<!-- readme-test: {name} -->");
    let after = readme
        .split_once(&marker)
        .unwrap_or_else(|| panic!("README has no {marker}"))
        .1;
    let mut lines = after.lines().skip_while(|l| l.trim().is_empty());
    let fence = lines.next().unwrap();
    assert!(
        fence.starts_with("```"),
        "{marker} is not followed by a block"
    );
    lines
        .take_while(|l| !l.starts_with("```"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Non-empty lines, trimmed.
fn lines(text: &str) -> Vec<String> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect()
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// `mnemo serve` as the README starts it; killed on drop.
struct Server {
    child: Child,
    addr: String,
}

impl Server {
    fn start(data: &Path) -> Server {
        let snippet = block("serve");
        let keys = snippet
            .lines()
            .find_map(|l| l.trim().strip_prefix("export MNEMO_API_KEYS="))
            .expect("the serve snippet exports MNEMO_API_KEYS")
            .split('#')
            .next()
            .unwrap()
            .trim()
            .trim_matches('"')
            .to_string();
        let command = snippet
            .lines()
            .find(|l| l.trim().starts_with("mnemo serve"))
            .expect("the serve snippet runs mnemo serve");
        let port = free_port();
        let addr = format!("127.0.0.1:{port}");
        let args: Vec<String> = command
            .split('#')
            .next()
            .unwrap()
            .split_whitespace()
            .skip(1)
            .map(|a| a.replace(README_ADDR, &addr))
            .collect();
        let mut child = Command::new(crate::MNEMO)
            .args(&args)
            .arg("--data-dir")
            .arg(data)
            .env("MNEMO_API_KEYS", keys)
            .env_remove("RUST_LOG")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let start = Instant::now();
        while TcpStream::connect(&addr).is_err() {
            assert!(child.try_wait().unwrap().is_none(), "mnemo serve exited");
            assert!(start.elapsed() < Duration::from_secs(60), "no server");
            std::thread::sleep(Duration::from_millis(50));
        }
        Server { child, addr }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Runs a snippet with `program` (bash or python3) and returns its standard output.
fn run(program: &[&str], code: &str) -> String {
    let o = Command::new(program[0])
        .args(&program[1..])
        .arg(code)
        .output()
        .unwrap_or_else(|e| panic!("{} is needed for the README test: {e}", program[0]));
    let (out, err) = (
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr),
    );
    assert!(o.status.success(), "{code}\nfailed: {err}\n{out}");
    out
}

/// One HTTP/1.1 POST: (status, body).
fn post(url: &str, headers: &[(String, String)], body: &str) -> (u16, String) {
    let rest = url.strip_prefix("http://").expect("an http URL");
    let (host, path) = rest.split_at(rest.find('/').unwrap());
    let mut s = TcpStream::connect(host).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let mut req = format!(
        "POST {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n",
        body.len()
    );
    for (k, v) in headers {
        req.push_str(&format!("{k}: {v}\r\n"));
    }
    req.push_str("\r\n");
    req.push_str(body);
    s.write_all(req.as_bytes()).unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).unwrap();
    let status = out[9..12].parse().unwrap();
    (status, out.split_once("\r\n\r\n").unwrap().1.to_string())
}

#[test]
fn serve_curl_python_and_mcp_http_snippets_work_against_a_live_server() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("data"));

    let curl = block("curl").replace(README_ADDR, &server.addr);
    let out = run(&["bash", "-euo", "pipefail", "-c"], &curl);
    let answers: Vec<Value> = serde_json::Deserializer::from_str(&out)
        .into_iter::<Value>()
        .map(Result::unwrap)
        .collect();
    assert_eq!(answers.len(), 3, "{out}");
    assert_eq!(answers[0]["written"], true, "remember: {out}");
    assert_eq!(answers[1]["hit"], true, "acme's search: {out}");
    assert!(
        answers[1]["context_text"]
            .as_str()
            .unwrap()
            .contains("Grenoble"),
        "{out}"
    );
    assert_eq!(answers[2]["hit"], false, "beta sees nothing of acme: {out}");

    let python = block("python").replace(README_ADDR, &server.addr);
    let out = run(&["python3", "-c"], &python);
    let (before, after) = out
        .split_once("\nMISS\n")
        .unwrap_or_else(|| panic!("no MISS line: {out}"));
    assert!(before.contains("Grenoble"), "{out}");
    assert!(after.contains("Charles Babbage"), "{out}");

    let config: Value = serde_json::from_str(&block("mcp-http")).expect("JSON");
    let mnemo = &config["mcpServers"]["mnemo"];
    let url = mnemo["url"]
        .as_str()
        .unwrap()
        .replace(README_ADDR, &server.addr);
    let mut headers: Vec<(String, String)> = mnemo["headers"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(k, v)| (k.clone(), v.as_str().unwrap().to_string()))
        .collect();
    headers.push((
        "Accept".into(),
        "application/json, text/event-stream".into(),
    ));
    let init = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {},
        "clientInfo": {"name": "readme", "version": "0"}}});
    let (status, body) = post(&url, &headers, &init.to_string());
    assert_eq!(status, 200, "{body}");
    assert!(
        body.contains("\"serverInfo\"") && body.contains("mnemo"),
        "{body}"
    );
    let (status, body) = post(&url, &headers[1..], &init.to_string());
    assert_eq!(status, 401, "without the configured key: {body}");
}

#[test]
fn the_mcp_stdio_configuration_starts_a_working_server() {
    let dir = tempfile::tempdir().unwrap();
    let config: Value = serde_json::from_str(&block("mcp-stdio")).expect("JSON");
    let mnemo = &config["mcpServers"]["mnemo"];
    assert_eq!(mnemo["command"], "mnemo");
    let data = dir.path().join("data");
    let args: Vec<String> = mnemo["args"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| {
            a.as_str()
                .unwrap()
                .replace("/home/me/.mnemo", data.to_str().unwrap())
        })
        .collect();
    let mut child = Command::new(crate::MNEMO)
        .args(&args)
        .env_remove("RUST_LOG")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut ask = |id: u64, method: &str, params: Value| -> Value {
        let msg = json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params});
        writeln!(stdin, "{msg}").unwrap();
        if id == 1 {
            let note = json!({"jsonrpc": "2.0", "method": "notifications/initialized"});
            writeln!(stdin, "{note}").unwrap();
        }
        stdin.flush().unwrap();
        let mut line = String::new();
        stdout.read_line(&mut line).unwrap();
        serde_json::from_str(&line).unwrap()
    };
    let init = ask(
        1,
        "initialize",
        json!({"protocolVersion": "2025-06-18", "capabilities": {},
            "clientInfo": {"name": "readme", "version": "0"}}),
    );
    assert_eq!(init["result"]["serverInfo"]["name"], "mnemo", "{init}");
    let stored = ask(
        2,
        "tools/call",
        json!({"name": "remember", "arguments": {"text": "Ada Lovelace worked with Charles Babbage."}}),
    );
    assert_eq!(stored["result"]["isError"], false, "{stored}");
    let found = ask(
        3,
        "tools/call",
        json!({"name": "search", "arguments": {"query": "Who did Ada Lovelace work with?"}}),
    );
    assert_eq!(found["result"]["structuredContent"]["hit"], true, "{found}");
    let _ = child.kill();
    let _ = child.wait();
    // The configured --tenant got the write: the default tenant of the same store has nothing.
    let o = Command::new(crate::MNEMO)
        .args(["--data-dir", data.to_str().unwrap(), "stats", "--json"])
        .output()
        .unwrap();
    let stats: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(stats["episodes"], 0, "{stats}");
    let o = Command::new(crate::MNEMO)
        .args(["--data-dir", data.to_str().unwrap(), "--tenant", "acme"])
        .args(["stats", "--json"])
        .output()
        .unwrap();
    let stats: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(stats["episodes"], 1, "{stats}");
}

#[test]
fn the_llm_settings_load_as_a_config_file() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("llm.toml");
    std::fs::write(&file, block("llm")).unwrap();
    let o = Command::new(crate::MNEMO)
        .arg("--config")
        .arg(&file)
        .args([
            "--data-dir",
            dir.path().join("data").to_str().unwrap(),
            "config",
        ])
        .env_remove("MNEMO__EXTRACT__KIND")
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let shown = String::from_utf8_lossy(&o.stdout);
    for setting in [
        "kind = \"hybrid\"",
        "base_url = \"http://127.0.0.1:11434/v1\"",
        "model = \"qwen2.5:7b\"",
    ] {
        assert!(shown.contains(setting), "{setting} not in:\n{shown}");
    }
}

#[test]
fn install_compose_and_agent_commands_are_those_of_their_files() {
    // Install: the package path holds the `mnemo` binary.
    let install = block("install");
    assert!(
        install.starts_with("cargo install --path crates/mnemo-cli "),
        "{install}"
    );
    let manifest: toml::Value = read("crates/mnemo-cli/Cargo.toml").parse().unwrap();
    assert_eq!(manifest["bin"][0]["name"].as_str(), Some("mnemo"));

    // Compose: the commands at the top of the compose file, which say how to use it.
    let compose = read("docker/docker-compose.yml");
    let header: Vec<String> = compose
        .lines()
        .take_while(|l| l.starts_with('#'))
        .map(|l| l.trim_start_matches('#').trim().to_string())
        .collect();
    for line in lines(&block("compose")) {
        assert!(
            header.contains(&line),
            "{line:?} is not in docker-compose.yml's header"
        );
    }

    // The agent example: its commands as its own header gives them (the demo has a test).
    let example = read("crates/mnemo/examples/agent.rs");
    let documented: Vec<String> = example
        .lines()
        .filter_map(|l| l.strip_prefix("//!"))
        .map(|l| l.trim().to_string())
        .collect();
    for line in lines(&block("agent")) {
        assert!(
            documented.contains(&line),
            "{line:?} is not in examples/agent.rs"
        );
    }

    // Every document in docs/ is linked.
    let readme = read("README.md");
    for entry in std::fs::read_dir(repo().join("docs")).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        assert!(
            readme.contains(&format!("](docs/{name})")),
            "README does not link docs/{name}"
        );
    }
    // The words a newcomer looks for.
    for word in ["mnemo serve", "mnemo mcp", "MCP", "HTTP", "Docker", "LLM"] {
        assert!(readme.contains(word), "README never says {word}");
    }
}
