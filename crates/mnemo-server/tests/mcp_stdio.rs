//! Drives the MCP server (the same code as `mnemo mcp` over stdio) with rmcp's client over an
//! in-process pipe: initialize, list tools, and calls of every tool.

mod common;

use std::collections::BTreeSet;

use rmcp::model::{CallToolRequestParams, CallToolResult};
use rmcp::service::RunningService;
use rmcp::{RoleClient, ServiceExt};
use serde_json::{json, Value};

type Client = RunningService<RoleClient, ()>;

async fn connect() -> (
    Client,
    tokio::task::JoinHandle<Result<(), mnemo_server::ServerError>>,
) {
    let (server_io, client_io) = tokio::io::duplex(64 * 1024);
    let (r, w) = tokio::io::split(server_io);
    let server = tokio::spawn(mnemo_server::serve_mcp(common::mnemo(), r, w));
    let client = ().serve(client_io).await.expect("initialize");
    (client, server)
}

async fn call(client: &Client, name: &'static str, args: Value) -> CallToolResult {
    let args = args.as_object().expect("object").clone();
    client
        .call_tool(CallToolRequestParams::new(name).with_arguments(args))
        .await
        .expect("tools/call answered")
}

fn text(r: &CallToolResult) -> String {
    r.content
        .first()
        .and_then(|c| c.as_text())
        .map(|t| t.text.clone())
        .unwrap_or_default()
}

#[tokio::test]
async fn initialize_list_tools_and_search() {
    let (client, server) = connect().await;
    let info = client.peer_info().expect("server info after initialize");
    assert_eq!(
        info.server_info.as_ref().map(|i| i.name.as_str()),
        Some("mnemo")
    );
    assert!(info
        .instructions
        .as_deref()
        .unwrap_or("")
        .contains("search"));

    let tools = client.list_all_tools().await.unwrap();
    let names: BTreeSet<&str> = tools.iter().map(|t| t.name.as_ref()).collect();
    let expected: BTreeSet<&str> = [
        "search",
        "remember",
        "ingest",
        "get_entity",
        "forget",
        "session_put",
        "session_context",
        "record_pin",
        "record_link",
        "prune",
    ]
    .into();
    assert_eq!(names, expected);
    for t in &tools {
        let desc = t.description.as_deref().unwrap_or("");
        assert!(desc.len() > 80, "{} needs a usable description", t.name);
        let schema = serde_json::to_value(&*t.input_schema).unwrap();
        assert_eq!(schema["type"], json!("object"), "{}", t.name);
        let props = schema["properties"].as_object().unwrap();
        for (p, s) in props {
            assert!(
                s["description"].as_str().is_some_and(|d| d.len() > 10),
                "{}.{p} has no description: {schema}",
                t.name
            );
        }
    }
    let search = tools.iter().find(|t| t.name == "search").unwrap();
    let schema = serde_json::to_value(&*search.input_schema).unwrap();
    assert_eq!(schema["required"], json!(["query"]));

    let miss = call(
        &client,
        "search",
        json!({"query": "Where was Ada Lovelace born?"}),
    )
    .await;
    assert_eq!(miss.is_error, Some(false));
    assert_eq!(
        miss.structured_content.as_ref().unwrap()["hit"],
        json!(false)
    );

    let stored = call(
        &client,
        "remember",
        json!({
        "text": "Ada Lovelace was born in London.", "kind": "agent_answer"}),
    )
    .await;
    assert_eq!(stored.is_error, Some(false), "{stored:?}");
    let hit = call(
        &client,
        "search",
        json!({"query": "Where was Ada Lovelace born?"}),
    )
    .await;
    assert!(text(&hit).contains("London"), "{}", text(&hit));
    assert_eq!(hit.structured_content.as_ref().unwrap()["hit"], json!(true));

    client.cancel().await.unwrap();
    server.await.unwrap().unwrap();
}

#[tokio::test]
async fn ingest_get_entity_and_forget() {
    let (client, _server) = connect().await;
    let r = call(&client, "ingest", json!({"documents": [
        {"id": "d1", "text": "Charles Babbage designed the Analytical Engine. Charles Babbage lived in London."},
        {"text": ""}]})).await;
    let body = r.structured_content.clone().unwrap();
    assert_eq!(
        (body["ingested"].clone(), body["failed"].clone()),
        (json!(1), json!(1)),
        "{body}"
    );

    let e = call(&client, "get_entity", json!({"name": "charles BABBAGE"})).await;
    assert_eq!(e.is_error, Some(false), "{e:?}");
    let t = text(&e);
    assert!(t.starts_with("Charles Babbage"), "{t}");
    assert!(t.contains("-["), "facts listed: {t}");
    let missing = call(&client, "get_entity", json!({"name": "Nobody At All"})).await;
    assert_eq!(missing.is_error, Some(true));
    assert!(text(&missing).contains("not_found"), "{}", text(&missing));

    let bad = call(&client, "forget", json!({})).await;
    assert_eq!(bad.is_error, Some(true));
    let gone = call(&client, "forget", json!({"document_id": "d1"})).await;
    assert_eq!(gone.is_error, Some(false), "{gone:?}");
    assert_eq!(gone.structured_content.unwrap()["documents"], json!(1));
    let e = call(&client, "get_entity", json!({"name": "Charles Babbage"})).await;
    assert_eq!(e.is_error, Some(true), "forgotten");

    let bad_kind = call(
        &client,
        "remember",
        json!({"text": "x", "kind": "document_chunk"}),
    )
    .await;
    assert_eq!(bad_kind.is_error, Some(true));
    let too_many: Vec<Value> = (0..101)
        .map(|i| json!({"text": format!("doc {i}")}))
        .collect();
    let r = call(&client, "ingest", json!({"documents": too_many})).await;
    assert_eq!(r.is_error, Some(true));
}
