//! The handles the in-memory graph is built from, 4 bytes each: an entity node, a fact edge, an
//! episode slot. The records, lookup tables and leader lists all hold them, so they sit below all
//! of those and use nothing of the crate.

use petgraph::stable_graph::{EdgeIndex, NodeIndex};

pub(crate) type Node = NodeIndex<u32>;
pub(crate) type Edge = EdgeIndex<u32>;
/// Index of an episode in `TenantGraph::episodes`.
pub(crate) type Slot = u32;
