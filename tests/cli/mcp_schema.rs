//! MCP tool schemas as a host sees them from `mnemo mcp` over stdio: fixed choices are enums that
//! the tools accept (and nothing else), `get_entity.depth` is bounded 0-2 in the schema and at call
//! time, no input schema types a field as an array (`["string", "null"]`), every tool declares an
//! `outputSchema`, and every structured result validates against it.

#[path = "../../crates/mnemo-server/tests/common/schema.rs"]
mod schema;

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use serde_json::{json, Value};

/// A JSON-RPC client over the child's stdin and stdout.
struct Mcp {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    next_id: u64,
}

impl Mcp {
    fn start(data: &std::path::Path) -> Mcp {
        let mut child = Command::new(crate::MNEMO)
            .arg("--data-dir")
            .arg(data)
            .arg("mcp")
            .env_remove("RUST_LOG")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start mnemo mcp");
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        let mut mcp = Mcp {
            child,
            stdin,
            stdout,
            next_id: 1,
        };
        let init = mcp.request(
            "initialize",
            json!({"protocolVersion": "2025-06-18", "capabilities": {},
                "clientInfo": {"name": "schema-test", "version": "0"}}),
        );
        assert!(init["capabilities"]["tools"].is_object(), "{init}");
        mcp.send(json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
        mcp
    }

    fn send(&mut self, msg: Value) {
        writeln!(self.stdin, "{msg}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// Sends a request and returns its `result` (skipping any notification in between).
    fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        loop {
            let mut line = String::new();
            assert!(
                self.stdout.read_line(&mut line).unwrap() > 0,
                "mnemo mcp closed stdout"
            );
            let msg: Value = serde_json::from_str(&line).expect("a JSON-RPC line");
            if msg["id"] == json!(id) {
                assert!(msg["error"].is_null(), "{method}: {msg}");
                return msg["result"].clone();
            }
        }
    }

    fn call(&mut self, tool: &str, args: Value) -> Value {
        self.request("tools/call", json!({"name": tool, "arguments": args}))
    }
}

impl Drop for Mcp {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn is_error(result: &Value) -> bool {
    result["isError"] == json!(true)
}

/// Every `type` keyword anywhere in a schema, with its path (a property named `type` is a name,
/// not the keyword).
fn types(v: &Value, at: &str, out: &mut Vec<(String, Value)>) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                if k == "properties" || k == "$defs" {
                    for (name, sub) in x.as_object().into_iter().flatten() {
                        types(sub, &format!("{at}.{k}.{name}"), out);
                    }
                    continue;
                }
                if k == "type" {
                    out.push((at.to_string(), x.clone()));
                }
                types(x, &format!("{at}.{k}"), out);
            }
        }
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                types(x, &format!("{at}[{i}]"), out);
            }
        }
        _ => {}
    }
}

#[test]
fn tool_schemas_are_strict_and_results_match_their_output_schemas() {
    let dir = tempfile::tempdir().unwrap();
    let mut mcp = Mcp::start(&dir.path().join("data"));
    let tools = mcp.request("tools/list", json!({}))["tools"]
        .as_array()
        .unwrap()
        .clone();
    assert_eq!(tools.len(), 10, "{tools:?}");
    let tool = |name: &str| -> Value {
        tools
            .iter()
            .find(|t| t["name"] == name)
            .unwrap_or_else(|| panic!("no tool {name}"))
            .clone()
    };

    for t in &tools {
        let name = t["name"].as_str().unwrap();
        let mut found = Vec::new();
        types(&t["inputSchema"], name, &mut found);
        for (at, ty) in &found {
            assert!(ty.is_string(), "{at}: input type {ty} is not a single type");
            assert_ne!(ty, "null", "{at}: a null type in an input schema");
        }
        assert!(
            !t["inputSchema"].to_string().contains("\"null\""),
            "{name}: null in the input schema: {}",
            t["inputSchema"]
        );
        assert_eq!(
            t["outputSchema"]["type"], "object",
            "{name} declares no object outputSchema: {t}"
        );
    }

    let prop =
        |tool_name: &str, field: &str| tool(tool_name)["inputSchema"]["properties"][field].clone();
    let enumeration = |v: Value| -> Vec<String> {
        v["enum"]
            .as_array()
            .unwrap_or_else(|| panic!("no enum: {v}"))
            .iter()
            .map(|x| x.as_str().unwrap().to_string())
            .collect()
    };
    let kinds = enumeration(prop("remember", "kind"));
    assert_eq!(kinds, ["agent_answer", "interaction", "external", "note"]);
    let record_types = enumeration(prop("remember", "type"));
    assert_eq!(record_types.len(), 7, "{record_types:?}");
    assert_eq!(
        enumeration(prop("prune", "types")["items"].clone()),
        record_types
    );
    let modes = enumeration(prop("prune", "mode"));
    assert_eq!(modes, ["dry_run", "archive", "permanent"]);
    let roles = enumeration(prop("session_put", "role"));
    assert_eq!(roles, ["user", "assistant", "system"]);
    let link_kinds = enumeration(prop("record_link", "kind"));
    assert_eq!(link_kinds, ["supports", "contradicts"]);
    let depth = prop("get_entity", "depth");
    assert_eq!(
        (depth["minimum"].clone(), depth["maximum"].clone()),
        (json!(0), json!(2)),
        "{depth}"
    );
    assert_eq!(
        tool("get_entity")["inputSchema"]["required"],
        json!(["name"]),
        "optional fields are simply not required"
    );

    // Calls: each result's structuredContent validates against the tool's outputSchema.
    let check = |mcp: &mut Mcp, name: &str, args: Value| -> Value {
        let r = mcp.call(name, args.clone());
        assert!(!is_error(&r), "{name} {args}: {r}");
        let out = tool(name)["outputSchema"].clone();
        let structured = &r["structuredContent"];
        assert!(structured.is_object(), "{name}: no structuredContent: {r}");
        schema::assert_valid(&out, &out, structured, &format!("tool {name}"));
        structured.clone()
    };
    for (i, kind) in kinds.iter().enumerate() {
        check(
            &mut mcp,
            "remember",
            json!({"text": format!("Ada Lovelace worked with Charles Babbage, note {i}."),
                "kind": kind, "id": format!("m{i}"), "session": "s1", "tags": ["math"],
                "type": record_types[i]}),
        );
    }
    let hit = check(
        &mut mcp,
        "search",
        json!({"query": "Who did Ada Lovelace work with?"}),
    );
    assert_eq!(hit["hit"], true, "{hit}");
    assert!(!hit["facts"].as_array().unwrap().is_empty(), "{hit}");
    let miss = check(
        &mut mcp,
        "search",
        json!({"query": "What is the capital of Australia?"}),
    );
    assert_eq!(miss["hit"], false);
    // As of a day before anything was remembered, nothing is known; a time that is no time is an
    // error result.
    let before = check(
        &mut mcp,
        "search",
        json!({"query": "Who did Ada Lovelace work with?", "as_of": "1999-01-01"}),
    );
    assert_eq!(before["hit"], false, "{before}");
    assert!(is_error(&mcp.call(
        "search",
        json!({"query": "Who did Ada Lovelace work with?", "as_of": "soon"})
    )));
    check(
        &mut mcp,
        "ingest",
        json!({"documents": [{"id": "d1", "text": "Grace Hopper wrote the first compiler."}]}),
    );
    for d in 0..=2 {
        let e = check(
            &mut mcp,
            "get_entity",
            json!({"name": "ada lovelace", "depth": d}),
        );
        assert_eq!(e["facts"].is_array(), d > 0, "{e}");
    }
    for role in &roles {
        check(
            &mut mcp,
            "session_put",
            json!({"session": "chat", "content": "I moved to Lyon.", "role": role}),
        );
    }
    check(
        &mut mcp,
        "session_context",
        json!({"session": "chat", "query": "Lyon"}),
    );
    check(&mut mcp, "record_pin", json!({"id": "m0"}));
    for kind in &link_kinds {
        check(
            &mut mcp,
            "record_link",
            json!({"from": "m1", "kind": kind, "target": "m2"}),
        );
    }
    for mode in &modes {
        check(
            &mut mcp,
            "prune",
            json!({"models": ["no-such-model"], "mode": mode}),
        );
    }
    check(&mut mcp, "forget", json!({"document_id": "d1"}));

    // Outside the schema: refused at call time, as an error result the agent can read.
    let too_deep = mcp.call("get_entity", json!({"name": "ada lovelace", "depth": 3}));
    assert!(is_error(&too_deep), "{too_deep}");
    let text = too_deep["content"][0]["text"].as_str().unwrap();
    assert!(
        text.contains("invalid_input") && text.contains("depth"),
        "{text}"
    );
    assert!(
        too_deep["structuredContent"].is_null(),
        "an error is no result of the output schema: {too_deep}"
    );
    for (name, args) in [
        (
            "remember",
            json!({"text": "x y z", "kind": "document_chunk"}),
        ),
        (
            "session_put",
            json!({"session": "chat", "content": "x", "role": "robot"}),
        ),
        (
            "record_link",
            json!({"from": "m1", "kind": "related_to", "to": "m2"}),
        ),
        ("prune", json!({"models": ["x"], "mode": "shred"})),
    ] {
        let r = mcp.call(name, args.clone());
        assert!(is_error(&r), "{name} {args} was accepted: {r}");
    }
}
