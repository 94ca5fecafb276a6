//! The Ollama_Agents layout: one JSON file per memory with `timestamp, username, model_name, type,
//! content{prompt,response} | content{text} | content "…" | text, access_count, permanent_marker,
//! embedding` (the embedding is ignored: mnemo searches its graph).

use mnemo_core::content_hash;
use serde_json::{Map, Value};

use super::{field_str, optional_u64, parse_json_object, parse_time, ImportedMemory};
use crate::model::{RecordInput, RecordType};
use crate::{Error, Result};

/// The source recorded for imported Ollama_Agents memories.
pub const SOURCE: &str = "import:ollama-agents";

/// Parses one Ollama_Agents memory file. Its id is derived from its content, so importing the
/// same memory again (from any path) finds the same record.
pub fn parse_ollama_agents(bytes: &[u8]) -> Result<ImportedMemory> {
    let obj = parse_json_object(bytes)?;
    let raw_time = field_str(&obj, "timestamp")?
        .ok_or_else(|| missing("timestamp"))?
        .to_string();
    let at = parse_time(&raw_time).map_err(|e| Error::InvalidInput(format!("timestamp: {e}")))?;
    let type_text = field_str(&obj, "type")?.ok_or_else(|| missing("type"))?;
    let record_type: RecordType = type_text.parse()?;
    let text = text_of(&obj)?;
    let user = field_str(&obj, "username")?
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_string);
    let model = field_str(&obj, "model_name")?
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_string);
    let access_count = optional_u64(&obj, "access_count")?.unwrap_or(0);
    let pinned = match obj.get("permanent_marker") {
        None | Some(Value::Null) => false,
        Some(Value::Bool(b)) => *b,
        Some(Value::Number(n)) if n.as_u64() == Some(0) => false,
        Some(Value::Number(n)) if n.as_u64() == Some(1) => true,
        Some(other) => {
            return Err(Error::InvalidInput(format!(
                "permanent_marker must be 0 or 1, got {other}"
            )))
        }
    };
    let id = format!(
        "oa:{}",
        &content_hash(&format!(
            "{raw_time}\u{1f}{type_text}\u{1f}{}\u{1f}{}\u{1f}{text}",
            user.as_deref().unwrap_or(""),
            model.as_deref().unwrap_or("")
        ))[..24]
    );
    Ok(ImportedMemory {
        text,
        input: RecordInput {
            id: Some(id),
            record_type,
            at: Some(at),
            // The prompt is the user's: "I" and "my" in it mean them.
            speaker: user.clone(),
            user,
            model,
            source: SOURCE.to_string(),
            pinned,
            access_count,
            ..RecordInput::default()
        },
        links: Vec::new(),
    })
}

fn missing(field: &str) -> Error {
    Error::InvalidInput(format!("missing field {field}"))
}

/// The memory's text: prompt and response of an interaction, or the text of a chunk.
fn text_of(obj: &Map<String, Value>) -> Result<String> {
    let text = match obj.get("content") {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Object(c)) => {
            let prompt = field_str(c, "prompt")?.unwrap_or("").trim();
            let response = field_str(c, "response")?.unwrap_or("").trim();
            let text = field_str(c, "text")?.unwrap_or("").trim();
            [prompt, response, text]
                .into_iter()
                .filter(|s| !s.is_empty())
                .collect::<Vec<_>>()
                .join("\n\n")
        }
        None | Some(Value::Null) => match field_str(obj, "text")? {
            Some(t) => t.to_string(),
            None => return Err(missing("content or text")),
        },
        Some(other) => {
            return Err(Error::InvalidInput(format!(
                "content must be an object or a string, got {}",
                kind(other)
            )))
        }
    };
    if text.trim().is_empty() {
        return Err(Error::InvalidInput("the memory has no text".into()));
    }
    Ok(text.trim().to_string())
}

fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interaction_and_chunk_shapes_parse() {
        let m = parse_ollama_agents(
            br#"{"timestamp":"2024-05-15T14:30:22.123456","username":"dana","model_name":"llama3.1:latest",
                "type":"interaction","content":{"prompt":"Where does Laura Chen work?","response":"At Acme Robotics."},
                "access_count":3,"permanent_marker":1,"embedding":[0.1,0.2]}"#,
        )
        .unwrap();
        assert_eq!(m.text, "Where does Laura Chen work?\n\nAt Acme Robotics.");
        assert_eq!(m.input.record_type, RecordType::Interaction);
        assert_eq!(m.input.user.as_deref(), Some("dana"));
        assert_eq!(m.input.model.as_deref(), Some("llama3.1:latest"));
        assert_eq!(m.input.access_count, 3);
        assert!(m.input.pinned);
        assert_eq!(
            m.input.at.unwrap().to_rfc3339(),
            "2024-05-15T14:30:22.123456+00:00"
        );
        let id = m.input.id.clone().unwrap();
        assert!(id.starts_with("oa:"), "{id}");
        crate::validate::validate_record_id(&id).unwrap();

        let c = parse_ollama_agents(
            br#"{"timestamp":"2024-05-16T09:00:00","type":"document_chunk","text":"Orion ships in May."}"#,
        )
        .unwrap();
        assert_eq!(c.text, "Orion ships in May.");
        assert!(!c.input.pinned);
        let s = parse_ollama_agents(
            br#"{"timestamp":"2024-05-16T09:00:00Z","type":"document_chunk","content":"Orion ships in May."}"#,
        )
        .unwrap();
        assert_eq!(s.text, "Orion ships in May.");
    }

    #[test]
    fn broken_files_say_why() {
        let cases: [(&[u8], &str); 7] = [
            (b"{not json", "JSON"),
            (b"[1,2]", "object"),
            (br#"{"type":"interaction","text":"x"}"#, "timestamp"),
            (br#"{"timestamp":"yesterday","type":"note","text":"x"}"#, "timestamp"),
            (br#"{"timestamp":"2024-01-01T00:00:00","type":"note"}"#, "content"),
            (br#"{"timestamp":"2024-01-01T00:00:00","type":"note","text":"x","permanent_marker":7}"#, "permanent_marker"),
            (b"{\"timestamp\":\"2024-01-01T00:00:00\",\"type\":\"note\",\"text\":\"caf\xe9\"}", "UTF-8"),
        ];
        for (bytes, want) in cases {
            let err = parse_ollama_agents(bytes).unwrap_err().to_string();
            assert!(err.contains(want), "{err:?} should mention {want}");
        }
    }
}
