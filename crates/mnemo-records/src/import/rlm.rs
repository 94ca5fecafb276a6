//! The RLM-MEM chunk layout: one JSON file per chunk with `id, content, tokens, type,
//! metadata{created, conversation_id, source, confidence, access_count, last_accessed},
//! links{context_of, follows, related_to, supports, contradicts}, tags`.

use serde_json::Value;

use super::{field_str, optional_u64, parse_json_object, parse_time, ImportedMemory};
use crate::model::{LinkKind, RecordInput, RecordType};
use crate::validate::{
    normalize_tag, validate_confidence, validate_record_id, validate_session_id,
};
use crate::{Error, Result};

/// The source recorded for imported RLM-MEM chunks.
pub const SOURCE: &str = "import:rlm-mem";

/// Parses one RLM-MEM chunk file. `context_of` names conversations (the record's session when
/// `metadata.conversation_id` is absent); the other link lists name chunks.
pub fn parse_rlm_mem(bytes: &[u8]) -> Result<ImportedMemory> {
    let obj = parse_json_object(bytes)?;
    let id = field_str(&obj, "id")?
        .ok_or_else(|| missing("id"))?
        .to_string();
    validate_record_id(&id)?;
    let text = field_str(&obj, "content")?
        .ok_or_else(|| missing("content"))?
        .trim()
        .to_string();
    if text.is_empty() {
        return Err(Error::InvalidInput("content is empty".into()));
    }
    optional_u64(&obj, "tokens")?.ok_or_else(|| missing("tokens"))?;
    let record_type: RecordType = field_str(&obj, "type")?
        .ok_or_else(|| missing("type"))?
        .parse()?;
    let meta = match obj.get("metadata") {
        Some(Value::Object(m)) => m,
        Some(_) => return Err(Error::InvalidInput("metadata must be an object".into())),
        None => return Err(missing("metadata")),
    };
    let created = field_str(meta, "created")?.ok_or_else(|| missing("metadata.created"))?;
    let at =
        parse_time(created).map_err(|e| Error::InvalidInput(format!("metadata.created: {e}")))?;
    let last_access = match field_str(meta, "last_accessed")? {
        Some(t) => Some(
            parse_time(t)
                .map_err(|e| Error::InvalidInput(format!("metadata.last_accessed: {e}")))?,
        ),
        None => None,
    };
    let confidence = match meta.get("confidence") {
        None | Some(Value::Null) => 1.0,
        Some(Value::Number(n)) => n.as_f64().unwrap_or(f64::NAN) as f32,
        Some(_) => {
            return Err(Error::InvalidInput(
                "metadata.confidence must be a number".into(),
            ))
        }
    };
    validate_confidence(confidence)?;
    let access_count = optional_u64(meta, "access_count")?.unwrap_or(0);

    let mut session = field_str(meta, "conversation_id")?.map(str::to_string);
    let mut links = Vec::new();
    match obj.get("links") {
        None | Some(Value::Null) => {}
        Some(Value::Object(l)) => {
            for (name, targets) in l {
                let kind: LinkKind = name.parse()?;
                let targets = string_list(targets, &format!("links.{name}"))?;
                if kind == LinkKind::ContextOf {
                    if session.is_none() {
                        session = targets.into_iter().next();
                    }
                    continue;
                }
                for t in targets {
                    validate_record_id(&t)?;
                    if t != id {
                        links.push((kind, t));
                    }
                }
            }
        }
        Some(_) => return Err(Error::InvalidInput("links must be an object".into())),
    }
    if let Some(s) = &session {
        validate_session_id(s)?;
    }
    let tags = match obj.get("tags") {
        None | Some(Value::Null) => Vec::new(),
        Some(v) => string_list(v, "tags")?
            .iter()
            .map(|t| normalize_tag(t))
            .collect::<Result<Vec<_>>>()?,
    };
    Ok(ImportedMemory {
        text,
        input: RecordInput {
            id: Some(id),
            record_type,
            at: Some(at),
            session,
            source: SOURCE.to_string(),
            tags,
            confidence,
            access_count,
            last_access,
            ..RecordInput::default()
        },
        links,
    })
}

fn missing(field: &str) -> Error {
    Error::InvalidInput(format!("missing field {field}"))
}

fn string_list(v: &Value, what: &str) -> Result<Vec<String>> {
    let bad = || Error::InvalidInput(format!("{what} must be an array of strings"));
    v.as_array()
        .ok_or_else(bad)?
        .iter()
        .map(|x| x.as_str().map(str::to_string).ok_or_else(bad))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const CHUNK: &str = r#"{
      "id": "chunk-2026-02-10-a1b2c3d4",
      "content": "The team decided to keep the Orion project in Lyon.",
      "tokens": 12,
      "type": "decision",
      "metadata": {"created": "2026-02-10T21:37:00Z", "conversation_id": "conv-abc123",
                   "source": "interaction", "confidence": 0.9, "access_count": 3,
                   "last_accessed": "2026-02-10T22:15:00Z"},
      "links": {"context_of": ["conv-abc123"], "follows": ["chunk-2026-02-10-x9y8z7w6"],
                "related_to": [], "supports": ["chunk-2026-02-09-p4q5r6s7"], "contradicts": []},
      "tags": ["Architecture", "orion"]
    }"#;

    #[test]
    fn a_chunk_parses_with_metadata_links_and_tags() {
        let m = parse_rlm_mem(CHUNK.as_bytes()).unwrap();
        assert_eq!(m.input.id.as_deref(), Some("chunk-2026-02-10-a1b2c3d4"));
        assert_eq!(m.input.record_type, RecordType::Decision);
        assert_eq!(m.input.session.as_deref(), Some("conv-abc123"));
        assert_eq!(m.input.access_count, 3);
        assert!((m.input.confidence - 0.9).abs() < 1e-6);
        assert_eq!(m.input.tags, vec!["architecture", "orion"]);
        assert!(m.input.last_access.is_some());
        assert_eq!(
            m.links,
            vec![
                (LinkKind::Follows, "chunk-2026-02-10-x9y8z7w6".to_string()),
                (LinkKind::Supports, "chunk-2026-02-09-p4q5r6s7".to_string()),
            ]
        );
    }

    type Edit = Box<dyn Fn(&mut Value)>;

    #[test]
    fn broken_chunks_say_why() {
        let base: Value = serde_json::from_str(CHUNK).unwrap();
        let variants: Vec<(Edit, &str)> = vec![
            (
                Box::new(|v| drop(v.as_object_mut().unwrap().remove("id"))),
                "id",
            ),
            (
                Box::new(|v| v["id"] = "../../etc/passwd".into()),
                "record id",
            ),
            (
                Box::new(|v| drop(v.as_object_mut().unwrap().remove("tokens"))),
                "tokens",
            ),
            (Box::new(|v| v["type"] = "gossip".into()), "record type"),
            (
                Box::new(|v| v["metadata"]["created"] = "soon".into()),
                "metadata.created",
            ),
            (
                Box::new(|v| v["metadata"]["confidence"] = 3.into()),
                "confidence",
            ),
            (
                Box::new(|v| v["links"]["follows"] = "x".into()),
                "links.follows",
            ),
            (
                Box::new(|v| v["links"]["cites"] = Value::Array(vec![])),
                "link kind",
            ),
            (Box::new(|v| v["tags"] = serde_json::json!(["a/b"])), "tag"),
        ];
        for (edit, want) in variants {
            let mut v = base.clone();
            edit(&mut v);
            let err = parse_rlm_mem(v.to_string().as_bytes())
                .unwrap_err()
                .to_string();
            assert!(err.contains(want), "{err:?} should mention {want}");
        }
    }
}
