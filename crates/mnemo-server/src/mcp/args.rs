//! Arguments of the MCP tools. Their doc comments become the JSON-schema descriptions an agent
//! reads, so they say what to pass and why, without referring to other docs.

use schemars::JsonSchema;
use serde::Deserialize;

/// Memory record types, as `remember` and `prune` take them (mnemo-records' `RecordType`).
pub(super) const RECORD_TYPES: [&str; 7] = [
    "interaction",
    "document_chunk",
    "fact",
    "preference",
    "pattern",
    "note",
    "decision",
];

/// Deepest `get_entity` neighbourhood (the store's capped depth-2 fetch).
pub(super) const MAX_ENTITY_DEPTH: u8 = 2;

/// Arguments of `search`.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
pub struct SearchArgs {
    /// The question or keywords to look up, in plain language, e.g. "Where was Ada Lovelace
    /// born?". Name the people, places and things you care about: memory is indexed by them.
    pub query: String,
    /// Optional size limit of the returned context, in tokens (default: the server's setting,
    /// usually about 1,500). Larger budgets return more facts and source snippets.
    #[serde(default)]
    pub budget: Option<usize>,
    /// Optional: answer as memory stood at this time, a date ("2023-05-01") or an RFC 3339 time.
    /// Facts that held then; nothing recorded later. Leave it out for the current state.
    #[serde(default)]
    pub as_of: Option<String>,
}

/// Arguments of `remember`.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
pub struct RememberArgs {
    /// The text to store: a fact, a chat turn, a final answer, a note. Write complete sentences
    /// that name their subjects ("Ada Lovelace was born in London."), not pronouns only.
    pub text: String,
    /// What the text is: "agent_answer" (your final answer to a question, e.g. after a `search`
    /// miss), "interaction" (a chat turn), "external" (something from another source, such as a
    /// web search) or "note" (default).
    #[serde(default)]
    #[schemars(extend("enum" = ["agent_answer", "interaction", "external", "note"]))]
    pub kind: Option<String>,
    /// Where the text came from, e.g. a URL or "chat" (default "mcp").
    #[serde(default)]
    pub source: Option<String>,
    /// Who said it; "I" and "my" in the text then refer to this person.
    #[serde(default)]
    pub speaker: Option<String>,
    /// Who it was said to; "you" and "your" in the text then refer to this person.
    #[serde(default)]
    pub listener: Option<String>,
    /// Optional stable id (letters, digits, `_ . : -`, at most 128): storing the same id again
    /// changes nothing, so retries are safe.
    #[serde(default)]
    pub id: Option<String>,
    /// Optional conversation id (same characters as `id`): memories of one conversation are
    /// linked to each other.
    #[serde(default)]
    pub session: Option<String>,
    /// Optional topic tags, e.g. ["project-orion", "travel"]; memories sharing a tag are linked.
    #[serde(default)]
    pub tags: Vec<String>,
    /// Set true to pin the memory: pinned memories are never pruned.
    #[serde(default)]
    pub pin: bool,
    /// Optional memory type: interaction, fact, preference, pattern, note, decision or
    /// document_chunk (default: interaction for kind "interaction", otherwise note).
    #[serde(default, rename = "type")]
    #[schemars(extend("enum" = RECORD_TYPES))]
    pub record_type: Option<String>,
    /// Optional: whose memory this is (a user name).
    #[serde(default)]
    pub user: Option<String>,
    /// Optional: the model that produced the text, e.g. your own model name.
    #[serde(default)]
    pub model: Option<String>,
    /// Optional confidence in the text, from 0 to 1 (default 1).
    #[serde(default)]
    #[schemars(range(min = 0.0, max = 1.0))]
    pub confidence: Option<f32>,
}

/// One document for `ingest`.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
pub struct IngestDoc {
    /// The full text of the document.
    pub text: String,
    /// Optional id of your choosing; ingesting the same id again replaces the old version.
    #[serde(default)]
    pub id: Option<String>,
    /// Optional title, prepended to the text.
    #[serde(default)]
    pub title: Option<String>,
    /// Optional origin (a path or URL).
    #[serde(default)]
    pub source: Option<String>,
}

/// Arguments of `ingest`.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
pub struct IngestArgs {
    /// The documents (at most 100 per call). Each is split into chunks whose entities and facts
    /// are stored; unchanged documents are skipped.
    #[schemars(length(min = 1, max = 100))]
    pub documents: Vec<IngestDoc>,
}

/// Arguments of `get_entity`.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
pub struct GetEntityArgs {
    /// The name of a person, place, organisation or thing, in any case, e.g. "ada lovelace".
    pub name: String,
    /// How far to follow relations: 0 = the entity only, 1 = its direct facts (default),
    /// 2 = also the facts of its neighbours.
    #[serde(default)]
    #[schemars(range(min = 0, max = 2))]
    pub depth: Option<u8>,
    /// Most facts to return (default 50, at most 500).
    #[serde(default)]
    #[schemars(range(min = 1, max = 500))]
    pub max_facts: Option<usize>,
}

/// Arguments of `forget`. Give exactly one of the two ids.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
pub struct ForgetArgs {
    /// The `episode_id` that `remember` returned.
    #[serde(default)]
    pub episode_id: Option<String>,
    /// The `document_id` that `ingest` returned, or the `id` you gave the document.
    #[serde(default)]
    pub document_id: Option<String>,
}
