//! mnemo-extract: chunking, the `Extractor` trait and the deterministic rule/perceptron extractor.
//!
//! The pipeline inside [`RuleExtractor`]: [`text`] splits sentences and words with byte offsets,
//! [`tagger`] labels names with an averaged perceptron (weights in `model/`, produced by
//! `cargo run --release -p mnemo-extract --example train`), [`mentions`] adds rules (titles, dates,
//! pronouns, chat speakers), [`resolve`] merges mentions into entities, and [`relations`] finds
//! subject–predicate–object facts between them.

mod chunk;
mod error;
mod extractor;
mod features;
mod gazetteer;
pub mod mentions;
mod name_rules;
mod perceptron;
pub mod predicate;
pub mod relations;
pub mod resolve;
mod rule;
pub mod tagger;
pub mod text;

pub use chunk::{chunk_text, count_tokens, Chunk, ChunkConfig};
pub use error::ExtractError;
pub use extractor::{ExtractContext, Extraction, Extractor};
pub use mentions::{Mention, MentionKind};
pub use perceptron::Perceptron;
pub use resolve::{resolve_mentions, Resolved, Resolver};
pub use rule::{analyse_with, Analysis, Models, RuleExtractor, SpanEntity, SpanFact};
