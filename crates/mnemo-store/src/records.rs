//! The records of one tenant's in-memory graph: an entity node's weight, a fact edge's weight and
//! an episode's record, with the handles that link them. `graph.rs` (the tenant graph) and
//! `index.rs` (its lookup tables) are built from them.

use std::sync::Arc;

use mnemo_core::{EntityType, Timestamp};

use crate::body::Body;
use crate::handles::{Edge, Node, Slot};
use crate::supports::Supports;

#[derive(Debug)]
pub(crate) struct EntityRec {
    pub key: Box<str>,
    pub name: Box<str>,
    pub etype: EntityType,
    pub aliases: Box<[Box<str>]>,
    /// Mentioning episodes sorted by (created_at, id): first/last seen are the two ends.
    pub mentions: Vec<Slot>,
    /// Incident facts in both directions, best-ranked first.
    pub adj: Vec<Edge>,
}

#[derive(Debug)]
pub(crate) struct FactRec {
    pub rel: u32,
    pub predicate: u32,
    /// Supporting episodes with the confidence each stated, sorted by (created_at, id); the
    /// fact's confidence is the highest of theirs (`Supports::confidence`).
    pub supports: Supports,
}

#[derive(Debug)]
pub(crate) struct EpisodeRec {
    pub id: Arc<str>,
    /// Order of application; the key of the episode on disk.
    pub seq: u64,
    pub created_at: Timestamp,
    pub document: Option<Arc<str>>,
    /// The interned thread key (`Episode::thread`), its key in `threads`; `NO_THREAD` for none.
    pub thread: u32,
    /// Start of the episode's span in its document (0 without one): with `created_at` and the
    /// slot, its place in `threads`, found without scanning a document's chunks.
    pub span_start: u64,
    pub entities: Box<[Node]>,
    pub facts: Box<[Edge]>,
    /// The rest of the episode, or None when it lives on disk only.
    pub body: Option<Box<Body>>,
}

/// `EpisodeRec::thread` of an episode in no thread.
pub(crate) const NO_THREAD: u32 = u32::MAX;

/// An episode's place in its thread: time (microseconds), span start (document chunks), slot.
pub(crate) type ThreadPos = (i64, u64, Slot);
