//! mnemo-retrieve: entity linking from a query, capped depth-2 neighbourhood fetch through the
//! `GraphStore` trait, and the multi-hop join (petgraph) that finds paths connecting the seeds.
//!
//! Stores fetch, this crate joins, so the join is identical on every store.

mod error;
mod join;
mod link;
mod retrieve;
mod text;
mod text_names;

pub use error::RetrieveError;
pub use join::{join, JoinConfig, Joined, Path, PathStep};
pub use link::{link_entities, resolve, LinkConfig, LinkedEntity, MatchKind};
pub use retrieve::{merge, retrieve, retrieve_around, Retrieval, RetrieveConfig};
pub use text::{is_stop_word, tokenize, Token};
pub use text_names::entities_in_text;

#[cfg(test)]
mod tests;
