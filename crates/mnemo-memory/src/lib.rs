//! mnemo-memory: the memory stream and entity knowledge store ranking (frequency with recency
//! decay), fact ranking, context assembly under a token budget, and `search`, the entry point the
//! facade calls. Ranking and assembly are pure functions of their inputs and a clock passed in.

mod asked_kind;
mod assemble;
mod cache;
mod compose;
mod config;
mod error;
mod found;
mod history;
mod importance;
mod knowledge;
mod lexical;
mod rank;
mod related;
mod result;
mod search;
mod second_hop;
mod snippets;
mod sources;
#[cfg(test)]
mod sources_tests;
mod tokens;
mod validity;
mod when;

pub use assemble::{assemble, Assembled, Line, Section, SectionKind, SectionReport};
pub use compose::{compose, mentions_phrase};
pub use config::SearchConfig;
pub use error::MemoryError;
pub use history::{history_lines, ChatTurn, HistoryLine};
pub use importance::{importance, rank_entities, RankedEntity};
pub use knowledge::top_entities;
/// Tokens of a text as OpenAI's cl100k_base encoding counts them.
pub use mnemo_extract::count_tokens;
pub use rank::{rank_facts, Role, ScoredFact};
pub use result::{Linked, PathView, Provenance, ProvenanceVia, SearchResult, MISS_TEXT};
pub use search::{search, search_as_of};
pub use snippets::{excerpt, Snippet};
pub use validity::{validity, Dated, Validity, ValidityConfig};

#[cfg(test)]
mod tests;
