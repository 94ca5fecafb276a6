//! The record and session MCP tools through rmcp's client.

use rmcp::model::{CallToolRequestParams, CallToolResult};
use rmcp::ServiceExt;
use serde_json::{json, Value};

use super::common;

async fn mcp_call(
    client: &rmcp::service::RunningService<rmcp::RoleClient, ()>,
    name: &'static str,
    args: Value,
) -> CallToolResult {
    let args = args.as_object().expect("object").clone();
    client
        .call_tool(CallToolRequestParams::new(name).with_arguments(args))
        .await
        .expect("tools/call answered")
}

fn body(r: &CallToolResult) -> Value {
    r.structured_content.clone().unwrap_or(Value::Null)
}

#[tokio::test]
async fn record_and_session_tools() {
    let (server_io, client_io) = tokio::io::duplex(64 * 1024);
    let (r, w) = tokio::io::split(server_io);
    let server = tokio::spawn(mnemo_server::serve_mcp(common::mnemo(), r, w));
    let client = ().serve(client_io).await.expect("initialize");

    let a = mcp_call(
        &client,
        "remember",
        json!({"text": "Ada Lovelace was born in London.",
        "id": "ada", "session": "c1", "tags": ["history"], "type": "fact", "model": "m1"}),
    )
    .await;
    assert_eq!(a.is_error, Some(false), "{a:?}");
    assert_eq!(body(&a)["record"]["type"], "fact");
    mcp_call(
        &client,
        "remember",
        json!({"text": "Ada Lovelace lived in London.", "id": "ada2"}),
    )
    .await;

    let p = mcp_call(&client, "record_pin", json!({"id": "ada"})).await;
    assert_eq!(body(&p)["pinned"], true, "{p:?}");
    let l = mcp_call(
        &client,
        "record_link",
        json!({"from": "ada2", "kind": "contradicts", "target": "ada"}),
    )
    .await;
    assert_eq!(body(&l)["created"], true, "{l:?}");
    assert_eq!(body(&l)["target"], "ada", "{l:?}");
    // `to`, the argument's earlier name, still works: the same link, not created twice.
    let again = mcp_call(
        &client,
        "record_link",
        json!({"from": "ada2", "kind": "contradicts", "to": "ada"}),
    )
    .await;
    assert_eq!(body(&again)["created"], false, "{again:?}");
    let bad = mcp_call(
        &client,
        "record_link",
        json!({"from": "ada2", "kind": "follows", "to": "ada"}),
    )
    .await;
    assert_eq!(bad.is_error, Some(true));
    let missing = mcp_call(&client, "record_pin", json!({"id": "../x"})).await;
    assert_eq!(missing.is_error, Some(true));

    // Dry run by default: ada2 would go, pinned ada is kept, nothing is removed.
    let dry = mcp_call(&client, "prune", json!({"max_access": 10})).await;
    assert_eq!(body(&dry)["mode"], "dry_run", "{dry:?}");
    assert_eq!(body(&dry)["ids"], json!(["ada2"]));
    assert_eq!(body(&dry)["pinned_kept"], 1);
    let again = mcp_call(&client, "prune", json!({"max_access": 10})).await;
    assert_eq!(
        body(&again)["ids"],
        json!(["ada2"]),
        "dry run removed nothing"
    );
    let none = mcp_call(&client, "prune", json!({})).await;
    assert_eq!(none.is_error, Some(true));

    let put = mcp_call(
        &client,
        "session_put",
        json!({"session": "chat-1",
        "content": "Laura Chen works at Orion Labs in Lyon.", "tags": ["work"]}),
    )
    .await;
    assert_eq!(put.is_error, Some(false), "{put:?}");
    assert_eq!(body(&put)["seq"], 1);
    let ctx = mcp_call(
        &client,
        "session_context",
        json!({"session": "chat-1", "budget": 1000}),
    )
    .await;
    assert_eq!(ctx.is_error, Some(false), "{ctx:?}");
    assert!(body(&ctx)["messages"].to_string().contains("Orion Labs"));
    let bad = mcp_call(
        &client,
        "session_put",
        json!({"session": "a/b", "content": "x"}),
    )
    .await;
    assert_eq!(bad.is_error, Some(true));

    client.cancel().await.unwrap();
    server.await.unwrap().unwrap();
}
