//! JSON schemas of the MCP tools. Inputs come from the argument types (schemars), with optional
//! fields simply not required instead of typed `[..., "null"]`, which stricter hosts (function
//! declaration formats) reject. Outputs come from the same utoipa schemas the OpenAPI document
//! publishes for the types the tools serialise, with `$ref`s moved from
//! `#/components/schemas/` to the output schema's own `$defs`.

use std::sync::Arc;

use rmcp::model::JsonObject;
use schemars::generate::SchemaSettings;
use schemars::JsonSchema;
use serde_json::{Map, Value};
use utoipa::ToSchema;

const COMPONENTS: &str = "#/components/schemas/";
const DEFS: &str = "#/$defs/";

/// The input schema of a tool taking `T`.
pub(crate) fn input<T: JsonSchema>() -> Arc<JsonObject> {
    let schema = SchemaSettings::draft2020_12()
        .into_generator()
        .into_root_schema_for::<T>();
    let mut value = serde_json::to_value(schema).expect("a schema serialises");
    drop_null(&mut value);
    into_object(value)
}

/// The output schema of a tool whose structured result is a `T`.
pub(crate) fn output<T: ToSchema>() -> Arc<JsonObject> {
    let mut root = serde_json::to_value(T::schema()).expect("a schema serialises");
    let mut nested = Vec::new();
    T::schemas(&mut nested);
    let mut defs = Map::new();
    for (name, schema) in nested {
        defs.insert(
            name,
            serde_json::to_value(schema).expect("a schema serialises"),
        );
    }
    let mut defs = Value::Object(defs);
    local_refs(&mut root);
    local_refs(&mut defs);
    if defs.as_object().is_some_and(|d| !d.is_empty()) {
        root["$defs"] = defs;
    }
    into_object(root)
}

fn into_object(value: Value) -> Arc<JsonObject> {
    match value {
        Value::Object(map) => Arc::new(map),
        other => panic!("a tool schema must be an object, got {other}"),
    }
}

/// `"type": ["string", "null"]` becomes `"type": "string"`, `anyOf: [X, {"type": "null"}]` becomes
/// X, and `"default": null` goes: an absent optional field already means "not given".
fn drop_null(v: &mut Value) {
    match v {
        Value::Object(map) => {
            if let Some(Value::Array(types)) = map.get("type") {
                let kept: Vec<Value> = types
                    .iter()
                    .filter(|t| t.as_str() != Some("null"))
                    .cloned()
                    .collect();
                let kept = if kept.len() == 1 {
                    kept[0].clone()
                } else {
                    Value::Array(kept)
                };
                map.insert("type".into(), kept);
            }
            if map.get("default") == Some(&Value::Null) {
                map.remove("default");
            }
            for key in ["anyOf", "oneOf"] {
                let Some(Value::Array(alts)) = map.get(key) else {
                    continue;
                };
                let rest: Vec<Value> = alts
                    .iter()
                    .filter(|a| a.get("type").and_then(Value::as_str) != Some("null"))
                    .cloned()
                    .collect();
                if rest.len() == 1 && rest.len() < alts.len() {
                    map.remove(key);
                    if let Value::Object(only) = &rest[0] {
                        for (k, x) in only {
                            map.entry(k.clone()).or_insert_with(|| x.clone());
                        }
                    }
                }
            }
            map.values_mut().for_each(drop_null);
        }
        Value::Array(items) => items.iter_mut().for_each(drop_null),
        _ => {}
    }
}

fn local_refs(v: &mut Value) {
    match v {
        Value::Object(map) => {
            if let Some(Value::String(r)) = map.get_mut("$ref") {
                if let Some(name) = r.strip_prefix(COMPONENTS) {
                    *r = format!("{DEFS}{name}");
                }
            }
            map.values_mut().for_each(local_refs);
        }
        Value::Array(items) => items.iter_mut().for_each(local_refs),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn null_alternatives_are_dropped_and_the_rest_is_kept() {
        let mut v = json!({"type": "object", "properties": {
            "a": {"type": ["string", "null"], "default": null, "description": "d"},
            "b": {"anyOf": [{"$ref": "#/$defs/X"}, {"type": "null"}]},
            "c": {"type": ["integer", "string", "null"]}
        }});
        drop_null(&mut v);
        assert_eq!(
            v,
            json!({"type": "object", "properties": {
                "a": {"type": "string", "description": "d"},
                "b": {"$ref": "#/$defs/X"},
                "c": {"type": ["integer", "string"]}
            }})
        );
    }

    #[test]
    fn output_refs_point_into_the_schema_itself() {
        let s = serde_json::to_value(&*output::<crate::views::EntityLookup>()).unwrap();
        assert_eq!(s["type"], "object");
        assert_eq!(s["properties"]["entity"]["$ref"], "#/$defs/EntityView");
        assert!(s["$defs"]["EntityView"].is_object(), "{s}");
    }
}
