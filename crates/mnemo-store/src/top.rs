//! The knowledge store's leaders, kept up to date by writes: the best entities by mentions and by
//! recency, so `top_entities` reads a short list instead of ranking every entity of the tenant.
//!
//! Invariant of a valid list: sorted by its order, and every entity not on it ranks below every
//! entity on it (a list shorter than `TOP_KEPT` holds every entity). A new mention only ever
//! improves an entity in both orders (more mentions, same or later last mention), so a write keeps
//! the invariant by moving the entity up or letting it in. A delete can worsen an entity; when one
//! on a list loses a mention the list is rebuilt from a full scan at the end of that change.
//!
//! A list only holds entity handles and is ordered by a function of the graph passed in, so it
//! knows nothing of the tenant graph; the graph's upkeep of its two lists (`top_improved`,
//! `top_worsened`, `rebuild_tops`) is in `graph.rs`.

use std::cmp::Ordering;

use crate::handles::Node;

/// Entities kept per list; `top_entities` asks a few dozen (the search asks 4 x its limit plus the
/// seeds). Small in tests, so that eviction is exercised by the invariant checks.
#[cfg(not(test))]
pub(crate) const TOP_KEPT: usize = 128;
#[cfg(test)]
pub(crate) const TOP_KEPT: usize = 8;

/// One leader list.
#[derive(Debug, Default)]
pub(crate) struct TopList {
    pub nodes: Vec<Node>,
    /// Set when a delete may have broken the invariant; cleared by `rebuild_tops`.
    pub stale: bool,
}

/// An entity order over the graph `G` the entities live in: `Less` means `a` ranks before `b`.
pub(crate) type Order<G> = fn(&G, Node, Node) -> Ordering;

impl TopList {
    /// `n` gained a mention (or was created): move it up or let it in.
    pub fn improved<G>(&mut self, g: &G, n: Node, cmp: Order<G>) {
        if self.stale {
            return;
        }
        if let Some(pos) = self.nodes.iter().position(|&x| x == n) {
            self.nodes.remove(pos);
        } else if self.nodes.len() >= TOP_KEPT {
            match self.nodes.last() {
                Some(&last) if cmp(g, n, last).is_lt() => {}
                _ => return,
            }
        }
        let pos = self
            .nodes
            .binary_search_by(|&x| cmp(g, x, n))
            .unwrap_or_else(|p| p);
        self.nodes.insert(pos, n);
        self.nodes.truncate(TOP_KEPT);
    }

    /// `n` lost a mention or is being removed.
    pub fn worsened(&mut self, n: Node) {
        if self.nodes.contains(&n) {
            self.stale = true;
        }
    }

    /// The first `limit` entities in order, when the list can answer that.
    pub fn prefix(&self, limit: usize) -> Option<&[Node]> {
        let complete = self.nodes.len() < TOP_KEPT;
        (!self.stale && (limit <= self.nodes.len() || complete))
            .then(|| &self.nodes[..limit.min(self.nodes.len())])
    }
}
