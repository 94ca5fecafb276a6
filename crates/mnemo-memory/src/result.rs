//! The structured search result: what the context holds, with scores, provenance and token counts.

use mnemo_core::{EntityKey, Timestamp};
use mnemo_retrieve::{LinkedEntity, MatchKind, Path};
use serde::Serialize;

use crate::assemble::SectionReport;
use crate::importance::RankedEntity;
use crate::rank::ScoredFact;
use crate::snippets::Snippet;

/// The text of a miss, so an agent reading only the context knows to fall back.
pub const MISS_TEXT: &str = "No stored knowledge matches this query.";

/// Longest query echoed back in the result, in characters.
pub const QUERY_ECHO_CHARS: usize = 500;

/// A query entity the linker found.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Linked {
    pub key: EntityKey,
    pub name: String,
    #[serde(rename = "type")]
    pub entity_type: String,
    pub mentions: u64,
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = DateTime))]
    pub last_seen: Timestamp,
    pub matched: String,
    pub kind: MatchKind,
    pub score: f64,
}

impl From<&LinkedEntity> for Linked {
    fn from(l: &LinkedEntity) -> Self {
        Linked {
            key: l.entity.key.clone(),
            name: l.entity.name.clone(),
            entity_type: l.entity.entity_type.as_str().to_string(),
            mentions: l.entity.mentions,
            last_seen: l.entity.last_seen,
            matched: l.matched.clone(),
            kind: l.kind,
            score: l.score,
        }
    }
}

/// A connecting path as shown in the context.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PathView {
    pub text: String,
    pub path: Path,
    /// Provenance of the path's facts.
    pub episodes: Vec<String>,
}

/// How an episode stands behind the context.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum ProvenanceVia {
    /// Shown as a source snippet.
    Snippet,
    /// States facts in the context (paths or the fact list).
    Fact,
}

/// An episode behind the context: a snippet's score, or the summed score of its facts.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Provenance {
    pub episode_id: String,
    pub score: f64,
    pub via: ProvenanceVia,
}

/// The answer of `search`: rendered context plus its structured form.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SearchResult {
    /// False on a miss: nothing in the store matched the query.
    pub hit: bool,
    /// The query, cut to `QUERY_ECHO_CHARS` characters.
    pub query: String,
    /// Ready-to-paste context; on a miss it says so (`MISS_TEXT`).
    pub context_text: String,
    /// cl100k_base tokens of `context_text`.
    pub tokens: usize,
    pub budget_tokens: usize,
    /// Every linked query entity, best first (all of them, whether or not the budget kept them).
    pub linked: Vec<Linked>,
    /// Facts in the context, best first.
    pub facts: Vec<ScoredFact>,
    /// Connecting paths in the context.
    pub paths: Vec<PathView>,
    /// Entities from the knowledge store in the context.
    pub entities: Vec<RankedEntity>,
    /// Source snippets in the context.
    pub snippets: Vec<Snippet>,
    /// Token counts and kept lines per section.
    pub sections: Vec<SectionReport>,
    /// Every episode behind the context: snippets first, in order, then fact sources by score.
    pub provenance: Vec<Provenance>,
}

impl SearchResult {
    /// The explicit miss for a query.
    pub fn miss(query: &str, budget_tokens: usize) -> Self {
        SearchResult {
            hit: false,
            query: crate::tokens::truncate_chars(query, QUERY_ECHO_CHARS),
            context_text: MISS_TEXT.to_string(),
            tokens: crate::count_tokens(MISS_TEXT),
            budget_tokens,
            linked: Vec::new(),
            facts: Vec::new(),
            paths: Vec::new(),
            entities: Vec::new(),
            snippets: Vec::new(),
            sections: Vec::new(),
            provenance: Vec::new(),
        }
    }
}
