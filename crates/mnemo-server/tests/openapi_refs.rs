//! Every `$ref` in the OpenAPI document points at a schema the document defines.

use serde_json::Value;

fn refs(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                match (k.as_str(), x) {
                    ("$ref", Value::String(r)) => out.push(r.clone()),
                    _ => refs(x, out),
                }
            }
        }
        Value::Array(a) => a.iter().for_each(|x| refs(x, out)),
        _ => {}
    }
}

#[test]
fn every_schema_reference_resolves() {
    let doc = serde_json::to_value(mnemo_server::openapi()).unwrap();
    let mut all = Vec::new();
    refs(&doc, &mut all);
    assert!(all.len() > 20, "{}", all.len());
    let schemas = doc["components"]["schemas"].as_object().unwrap();
    for r in all {
        let name = r
            .strip_prefix("#/components/schemas/")
            .unwrap_or_else(|| panic!("{r}"));
        assert!(schemas.contains_key(name), "dangling {r}");
    }
    for name in [
        "RecordView",
        "LinkView",
        "PruneRequest",
        "MessageRequest",
        "AuditPage",
    ] {
        assert!(schemas.contains_key(name), "{name} missing");
    }
}
