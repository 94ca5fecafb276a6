//! The MCP tools and the HTTP routes that take and return the same types describe the same fields:
//! each tool's outputSchema against its route's 200 response in the OpenAPI document, and each
//! tool's inputSchema against its route's request body (plus the path parameter MCP takes as an
//! argument). Both are generated from one type per shape; this keeps it so (the OpenAPI document
//! and the MCP schemas once disagreed on what a search returns).

use std::collections::BTreeSet;

use serde_json::Value;

use super::MnemoMcp;

/// (tool, HTTP method, path, the tool's extra argument that HTTP takes in the path).
const PAIRS: [(&str, &str, &str, Option<&str>); 9] = [
    ("search", "post", "/v1/search", None),
    ("remember", "post", "/v1/remember", None),
    ("ingest", "post", "/v1/ingest", None),
    ("forget", "delete", "/v1/episodes/{id}", None),
    ("record_pin", "put", "/v1/records/{id}/pin", None),
    (
        "record_link",
        "post",
        "/v1/records/{id}/links",
        Some("from"),
    ),
    ("prune", "post", "/v1/prune", None),
    (
        "session_put",
        "post",
        "/v1/sessions/{id}/messages",
        Some("session"),
    ),
    (
        "session_context",
        "post",
        "/v1/sessions/{id}/context",
        Some("session"),
    ),
];

/// Tools whose arguments are the route's body (the others take ids HTTP has in the path).
const SAME_INPUT: [&str; 7] = [
    "record_link",
    "search",
    "remember",
    "ingest",
    "prune",
    "session_put",
    "session_context",
];

/// Follows `$ref`s (`#/components/schemas/X` or `#/$defs/X`) within `root`.
fn resolve<'a>(root: &'a Value, mut v: &'a Value) -> &'a Value {
    while let Some(r) = v.get("$ref").and_then(Value::as_str) {
        let path = r.trim_start_matches('#');
        v = root.pointer(path).unwrap_or_else(|| panic!("dangling {r}"));
    }
    v
}

/// Every property path of a schema, with `!` after required ones, through references, arrays,
/// nullable alternatives and `allOf`, to `depth` levels of objects.
fn fields(root: &Value, schema: &Value, at: &str, depth: usize, out: &mut BTreeSet<String>) {
    let s = resolve(root, schema);
    for key in ["oneOf", "anyOf", "allOf"] {
        for alt in s.get(key).and_then(Value::as_array).into_iter().flatten() {
            fields(root, alt, at, depth, out);
        }
    }
    if let Some(items) = s.get("items") {
        fields(root, items, &format!("{at}[]"), depth, out);
    }
    if depth == 0 {
        return;
    }
    let required: BTreeSet<&str> = s
        .get("required")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .collect();
    for (name, sub) in s
        .get("properties")
        .and_then(Value::as_object)
        .into_iter()
        .flatten()
    {
        let mark = if required.contains(name.as_str()) {
            "!"
        } else {
            ""
        };
        let path = format!("{at}.{name}");
        out.insert(format!("{path}{mark}"));
        fields(root, sub, &path, depth - 1, out);
    }
}

fn field_set(root: &Value, schema: &Value, with_required: bool) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    fields(root, schema, "", 4, &mut out);
    if with_required {
        out
    } else {
        out.into_iter()
            .map(|f| f.trim_end_matches('!').to_string())
            .collect()
    }
}

#[test]
fn tools_and_routes_of_one_type_describe_the_same_fields() {
    let doc = serde_json::to_value(crate::openapi()).unwrap();
    let tools = MnemoMcp::tools().list_all();
    for (name, method, path, path_arg) in PAIRS {
        let tool = tools
            .iter()
            .find(|t| t.name == name)
            .unwrap_or_else(|| panic!("no tool {name}"));
        let op = &doc["paths"][path][method];
        assert!(op.is_object(), "no {method} {path}");

        let http_out = &op["responses"]["200"]["content"]["application/json"]["schema"];
        let mcp_out = Value::Object((*tool.output_schema.clone().unwrap()).clone());
        let (h, m) = (
            field_set(&doc, http_out, true),
            field_set(&mcp_out, &mcp_out, true),
        );
        assert!(h.len() > 2, "{method} {path}: {h:?}");
        assert_eq!(h, m, "{name}: outputSchema vs {method} {path} 200");

        if SAME_INPUT.contains(&name) {
            let body = &op["requestBody"]["content"]["application/json"]["schema"];
            let mcp_in = Value::Object((*tool.input_schema).clone());
            let mut h = field_set(&doc, body, false);
            if let Some(arg) = path_arg {
                h.insert(format!(".{arg}"));
            }
            let m = field_set(&mcp_in, &mcp_in, false);
            assert_eq!(h, m, "{name}: inputSchema vs {method} {path} body");
        }
    }
}

#[test]
fn search_returns_the_same_fields_over_http_and_mcp() {
    let doc = serde_json::to_value(crate::openapi()).unwrap();
    let http = &doc["paths"]["/v1/search"]["post"]["responses"]["200"]["content"]
        ["application/json"]["schema"];
    let tool = MnemoMcp::tools()
        .list_all()
        .into_iter()
        .find(|t| t.name == "search")
        .unwrap();
    let mcp = Value::Object((*tool.output_schema.unwrap()).clone());
    let top = |root: &Value, s: &Value| -> BTreeSet<String> {
        let mut out = BTreeSet::new();
        fields(root, s, "", 1, &mut out);
        out
    };
    let fields_http = top(&doc, http);
    for f in [".hit!", ".context_text!", ".facts!", ".provenance!"] {
        assert!(fields_http.contains(f), "{f} not in {fields_http:?}");
    }
    assert_eq!(fields_http, top(&mcp, &mcp));
}
