//! Prompts and JSON schemas of the LLM extractors and of query expansion.

use serde_json::{json, Value};

use crate::client::JsonSchema;

/// The entity types the model may use (the closed set of `mnemo_core::EntityType`).
pub const ENTITY_TYPES: [&str; 7] = [
    "Person",
    "Organization",
    "Location",
    "Event",
    "Date",
    "Concept",
    "Other",
];

const EXTRACT_SYSTEM: &str = "You extract a knowledge graph from text. Reply with one JSON object \
and nothing else:
{\"entities\": [{\"name\": str, \"type\": str, \"aliases\": [str]}],
 \"facts\": [{\"subject\": str, \"predicate\": str, \"object\": str, \"confidence\": number}]}
Rules:
- entities: the specific people, organizations, places, events, dates and named concepts the text \
mentions. type is one of Person, Organization, Location, Event, Date, Concept, Other. name is the \
fullest form used in the text; aliases are other forms used for the same entity (short names, \
abbreviations). Never list pronouns (he, she, it, they, I, we) as entities.
- facts: relations stated by the text, as subject - predicate - object. subject and object are \
names from entities. predicate is a short verb phrase in lower case (\"works for\", \"born in\", \
\"located in\"). confidence is 0 to 1: how clearly the text states the fact.
- Extract only what the text says; do not add outside knowledge. No fact may link an entity to \
itself. If there is nothing to extract, reply {\"entities\": [], \"facts\": []}.";

const RELATIONS_SYSTEM: &str = "You find relations between given entities in a text. Reply with \
one JSON object and nothing else:
{\"facts\": [{\"subject\": str, \"predicate\": str, \"object\": str, \"confidence\": number}]}
Rules:
- subject and object must be copied exactly from the list of entities; never use other names.
- predicate is a short verb phrase in lower case (\"works for\", \"born in\", \"located in\").
- confidence is 0 to 1: how clearly the text states the fact.
- Only relations the text states; no fact may link an entity to itself. If there are none, reply \
{\"facts\": []}.";

const EXPAND_SYSTEM: &str = "You help search a knowledge graph. Given a question, reply with one \
JSON object and nothing else: {\"keywords\": [str]} listing the names of the people, \
organizations, places and things the question is about, with common synonyms or alternative \
names, at most 8 in all.";

/// Completion sizes per task: enough for the reply a task needs, so a small model that never
/// stops (or repeats itself) costs a bounded time on a CPU. All are capped by `llm.max_tokens`.
/// A full extraction of one chunk: some 20 entities and 20 facts.
pub const EXTRACTION_MAX_TOKENS: u32 = 1024;
/// Relations between given entities: some 20 facts.
pub const RELATIONS_MAX_TOKENS: u32 = 512;
/// Query keywords: at most 8 short names.
pub const EXPANSION_MAX_TOKENS: u32 = 128;
/// A precise, concise answer of the external fallback.
pub const ANSWER_MAX_TOKENS: u32 = 512;

/// The system prompt of the external-answer fallback (kept verbatim: agents compare against it).
pub const EXTERNAL_SYSTEM: &str = "Be precise and concise.";

fn fact_schema() -> Value {
    json!({
        "type": "object",
        "properties": {
            "subject": {"type": "string"},
            "predicate": {"type": "string"},
            "object": {"type": "string"},
            "confidence": {"type": "number", "minimum": 0, "maximum": 1}
        },
        "required": ["subject", "predicate", "object", "confidence"]
    })
}

/// Schema of the full extraction reply.
pub fn extraction_schema() -> JsonSchema {
    JsonSchema {
        name: "knowledge_graph",
        schema: json!({
            "type": "object",
            "properties": {
                "entities": {"type": "array", "items": {
                    "type": "object",
                    "properties": {
                        "name": {"type": "string"},
                        "type": {"type": "string", "enum": ENTITY_TYPES},
                        "aliases": {"type": "array", "items": {"type": "string"}}
                    },
                    "required": ["name", "type"]
                }},
                "facts": {"type": "array", "items": fact_schema()}
            },
            "required": ["entities", "facts"]
        }),
    }
}

/// Schema of the relations-only reply of the hybrid extractor.
pub fn relations_schema() -> JsonSchema {
    JsonSchema {
        name: "relations",
        schema: json!({
            "type": "object",
            "properties": {"facts": {"type": "array", "items": fact_schema()}},
            "required": ["facts"]
        }),
    }
}

pub fn expansion_schema() -> JsonSchema {
    JsonSchema {
        name: "query_keywords",
        schema: json!({
            "type": "object",
            "properties": {"keywords": {"type": "array", "items": {"type": "string"}}},
            "required": ["keywords"]
        }),
    }
}

fn speaker_note(speaker: Option<&str>) -> String {
    match speaker {
        Some(s) => format!(
            "The text was written by {s:?}: \"I\", \"me\" and \"my\" refer to {s:?}; use that \
             name for them.\n"
        ),
        None => String::new(),
    }
}

/// System and user messages of a full extraction.
pub fn extraction_messages(text: &str, speaker: Option<&str>) -> (String, String) {
    (
        EXTRACT_SYSTEM.to_string(),
        format!("{}Text:\n\"\"\"\n{text}\n\"\"\"", speaker_note(speaker)),
    )
}

/// System and user messages of a relations-only extraction between `entities`.
pub fn relations_messages(
    text: &str,
    entities: &[String],
    speaker: Option<&str>,
) -> (String, String) {
    let list = entities
        .iter()
        .map(|e| format!("- {e}"))
        .collect::<Vec<_>>()
        .join("\n");
    (
        RELATIONS_SYSTEM.to_string(),
        format!(
            "{}Entities:\n{list}\n\nText:\n\"\"\"\n{text}\n\"\"\"",
            speaker_note(speaker)
        ),
    )
}

pub fn expansion_messages(query: &str) -> (String, String) {
    (EXPAND_SYSTEM.to_string(), format!("Question: {query}"))
}
