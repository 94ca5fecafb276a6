//! A JSON-schema validator for the subset of JSON Schema 2020-12 that mnemo's OpenAPI document and
//! MCP output schemas use, for tests that check real responses against the published schemas.
//!
//! Why not the `jsonschema` crate: it would add a few dozen crates (its own regex engine, URL and
//! e-mail parsers, an HTTP resolver unless configured off) to check a dozen keywords. This one is
//! strict where a general validator is lenient: a keyword it does not implement fails the check
//! instead of being ignored, so a schema cannot pass by using something unchecked.

use serde_json::Value;

/// Keywords that only annotate (never constrain) a value.
const ANNOTATIONS: &[&str] = &[
    "description",
    "title",
    "example",
    "examples",
    "default",
    "deprecated",
    "readOnly",
    "writeOnly",
    "$schema",
    "$defs",
    "definitions",
];

/// Validates `value` against `schema`; `$ref`s are JSON pointers into `root` (`#/components/...`
/// in an OpenAPI document, `#/$defs/...` in an MCP output schema). Returns every violation, each
/// with the path of the offending value.
pub fn validate(root: &Value, schema: &Value, value: &Value) -> Result<(), Vec<String>> {
    let mut errors = Vec::new();
    check(root, schema, value, "$", &mut errors);
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// Panics with every violation unless `value` matches.
pub fn assert_valid(root: &Value, schema: &Value, value: &Value, what: &str) {
    if let Err(errors) = validate(root, schema, value) {
        panic!(
            "{what}: the response does not match its schema:\n  {}\nvalue: {value}",
            errors.join("\n  ")
        );
    }
}

fn resolve<'a>(root: &'a Value, reference: &str) -> &'a Value {
    let pointer = reference
        .strip_prefix('#')
        .unwrap_or_else(|| panic!("only local references are supported: {reference}"));
    root.pointer(pointer)
        .unwrap_or_else(|| panic!("dangling reference {reference}"))
}

fn type_matches(name: &str, v: &Value) -> bool {
    match name {
        "object" => v.is_object(),
        "array" => v.is_array(),
        "string" => v.is_string(),
        "boolean" => v.is_boolean(),
        "null" => v.is_null(),
        "number" => v.is_number(),
        "integer" => v.as_i64().is_some() || v.as_u64().is_some(),
        other => panic!("unknown type {other:?}"),
    }
}

fn check(root: &Value, schema: &Value, v: &Value, at: &str, errors: &mut Vec<String>) {
    let schema = match schema {
        Value::Bool(true) => return,
        Value::Bool(false) => return errors.push(format!("{at}: no value is allowed here")),
        Value::Object(m) => m,
        other => panic!("not a schema: {other}"),
    };
    for (keyword, arg) in schema {
        match keyword.as_str() {
            "$ref" => check(root, resolve(root, arg.as_str().unwrap()), v, at, errors),
            "type" => {
                let names: Vec<&str> = match arg {
                    Value::String(s) => vec![s.as_str()],
                    Value::Array(a) => a.iter().map(|t| t.as_str().unwrap()).collect(),
                    other => panic!("bad type {other}"),
                };
                if !names.iter().any(|n| type_matches(n, v)) {
                    errors.push(format!("{at}: expected {names:?}, got {v}"));
                }
            }
            "enum" => {
                if !arg.as_array().unwrap().contains(v) {
                    errors.push(format!("{at}: {v} is not one of {arg}"));
                }
            }
            "const" => {
                if arg != v {
                    errors.push(format!("{at}: {v} is not {arg}"));
                }
            }
            "required" => {
                if let Some(obj) = v.as_object() {
                    for name in arg.as_array().unwrap() {
                        let name = name.as_str().unwrap();
                        if !obj.contains_key(name) {
                            errors.push(format!("{at}: required field {name:?} is missing"));
                        }
                    }
                }
            }
            "properties" => {
                if let Some(obj) = v.as_object() {
                    for (name, sub) in arg.as_object().unwrap() {
                        if let Some(x) = obj.get(name) {
                            check(root, sub, x, &format!("{at}.{name}"), errors);
                        }
                    }
                }
            }
            "additionalProperties" => {
                if let Some(obj) = v.as_object() {
                    let declared = schema.get("properties").and_then(Value::as_object);
                    for (name, x) in obj {
                        if !declared.is_some_and(|d| d.contains_key(name)) {
                            check(root, arg, x, &format!("{at}.{name}"), errors);
                        }
                    }
                }
            }
            "items" => {
                if let Some(items) = v.as_array() {
                    for (i, x) in items.iter().enumerate() {
                        check(root, arg, x, &format!("{at}[{i}]"), errors);
                    }
                }
            }
            "minItems" | "maxItems" => {
                if let Some(items) = v.as_array() {
                    let n = arg.as_u64().unwrap() as usize;
                    let ok = if keyword == "minItems" {
                        items.len() >= n
                    } else {
                        items.len() <= n
                    };
                    if !ok {
                        errors.push(format!("{at}: {} items breaks {keyword} {n}", items.len()));
                    }
                }
            }
            "minimum" | "maximum" => {
                if let Some(x) = v.as_f64() {
                    let bound = arg.as_f64().unwrap();
                    let ok = if keyword == "minimum" {
                        x >= bound
                    } else {
                        x <= bound
                    };
                    if !ok {
                        errors.push(format!("{at}: {x} breaks {keyword} {bound}"));
                    }
                }
            }
            "pattern" => {
                if let Some(s) = v.as_str() {
                    let re = regex::Regex::new(arg.as_str().unwrap()).expect("valid pattern");
                    if !re.is_match(s) {
                        errors.push(format!("{at}: {s:?} does not match {arg}"));
                    }
                }
            }
            "format" => check_format(arg.as_str().unwrap(), v, at, errors),
            "oneOf" | "anyOf" | "allOf" => {
                let passing = arg
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter(|sub| validate(root, sub, v).is_ok())
                    .count();
                let n = arg.as_array().unwrap().len();
                let ok = match keyword.as_str() {
                    "oneOf" => passing == 1,
                    "anyOf" => passing >= 1,
                    _ => passing == n,
                };
                if !ok {
                    errors.push(format!(
                        "{at}: {passing} of {n} alternatives match ({keyword}): {v}"
                    ));
                }
            }
            k if ANNOTATIONS.contains(&k) => {}
            other => panic!("the test validator does not implement keyword {other:?}"),
        }
    }
}

fn check_format(format: &str, v: &Value, at: &str, errors: &mut Vec<String>) {
    match format {
        "date-time" => {
            if let Some(s) = v.as_str() {
                if chrono::DateTime::parse_from_rfc3339(s).is_err() {
                    errors.push(format!("{at}: {s:?} is not an RFC 3339 date-time"));
                }
            }
        }
        "int32" | "int64" | "uint" | "uint8" | "uint16" | "uint32" | "uint64" => {
            if v.is_number() && v.as_i64().is_none() && v.as_u64().is_none() {
                errors.push(format!("{at}: {v} is not an integer ({format})"));
            }
            if format == "int32" {
                if let Some(i) = v.as_i64() {
                    if i32::try_from(i).is_err() {
                        errors.push(format!("{at}: {i} is out of int32 range"));
                    }
                }
            }
        }
        "float" | "double" => {}
        other => panic!("the test validator does not implement format {other:?}"),
    }
}
