//! mnemo-extract: chunking, the `Extractor` trait and the deterministic rule/perceptron extractor.
//!
//! The pipeline inside [`RuleExtractor`]: [`text`] splits sentences and words with byte offsets,
//! [`tagger`] labels names with an averaged perceptron, [`mentions`] adds rules (titles, dates,
//! events, capitalised runs, pronouns, the chat speaker and listener, "my sister", greetings and
//! vocatives), [`resolve`] merges mentions into entities (optionally against names known to the
//! store), and [`relations`] finds subject–predicate–object facts between names, worded by
//! [`predicate`]. Copular sentences give IS_A facts ("X was a French physicist" -> physicist).
//!
//! Conversation turns (`ExtractContext::speaker`, `listener`, `at`): the speaker and listener are
//! people and what "I"/"we" and "you" refer to; clauses (`clauses`, `phrases`, `verbs`) read each
//! sentence's subject, verb group and object, so first-person sentences state facts ("I'm trying
//! kundalini yoga" -> speaker -TRYING-> kundalini yoga) and everyday things named by common nouns
//! become Concept/Event entities with a WordNet category ([`lexicon`]: kundalini yoga IS_A
//! activity). [`times`] resolves relative times ("yesterday", "last May") against `at` (with no
//! `at`, a document, only absolute ones: "in 1976", "28 July 1750", "from 2005 to 2021"); a fact's
//! time is in [`Analysis::fact_times`] and in the fact itself (`FactInput::occurred`), which the stores
//! keep per supporting episode.
//!
//! The weights in `model/` are produced from the CoNLL04 train split only, reproducibly:
//! `cargo run --release -p mnemo-extract --example train -- --data
//! ../shared/datasets/conll04-train/docs.jsonl --out crates/mnemo-extract/model`.
//! Quality and throughput: `cargo run --release -p mnemo-bench -- extract --dataset PATH/docs.jsonl`.
//!
//! Work and memory are linear in the text given to one call (about 8 bytes per input byte at
//! peak, input included: words are tokenised in 64 KB blocks, mentions are kept for resolution);
//! callers feed chunks from [`chunk_text`], so memory stays flat over a corpus.

mod chat_facts;
mod chat_spelling;
mod chunk;
pub mod cl100k;
mod clause_fact;
mod clause_words;
mod clauses;
mod contests;
mod coordinated;
mod definitions;
mod demonyms;
mod double_object;
mod elided;
mod error;
mod extractor;
mod favourites;
mod features;
mod gazetteer;
mod headline;
mod hedges;
mod interjections;
pub mod kinds;
pub mod lexicon;
pub mod mentions;
mod months;
mod name_rules;
mod named_things;
mod object_lists;
mod perceptron;
mod phrases;
pub mod predicate;
pub mod quantities;
mod relation_lists;
pub mod relations;
pub mod resolve;
mod rule;
mod span_rules;
pub mod tagger;
pub mod text;
pub mod times;
mod to_me;
mod verbs;
mod workplaces;

pub use chunk::{chunk_text, count_tokens, Chunk, ChunkConfig};

/// Whether a lower-case word or two-word phrase is a demonym or adherent ("french", "south
/// korean", "catholic"): a query word that names a people rather than a thing.
pub fn is_demonym(lower: &str) -> bool {
    demonyms::lookup(lower).is_some()
}
pub use error::ExtractError;
pub use extractor::{ExtractContext, Extraction, Extractor};
pub use gazetteer::{is_given_name, named_after_place};
pub use kinds::{kinds_named, Kind};
pub use lexicon::{categories_of, category_named, category_of};
pub use mentions::{Mention, MentionKind, Owner, Participants};
pub use perceptron::Perceptron;
pub use quantities::Quantity;
pub use resolve::{resolve_mentions, Resolved, Resolver};
pub use rule::{analyse_with, Analysis, Models, RuleExtractor, SpanEntity, SpanFact};
pub use times::{absolute_times, iso_bounds, resolve_times, TimeMention};
pub use verbs::is_verb_form;
