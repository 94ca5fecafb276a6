//! The knowledge store's leaders, kept up to date by writes: the best entities by mentions and by
//! recency, so `top_entities` reads a short list instead of ranking every entity of the tenant.
//!
//! Invariant of a valid list: sorted by its order, and every entity not on it ranks below every
//! entity on it (a list shorter than `TOP_KEPT` holds every entity). A new mention only ever
//! improves an entity in both orders (more mentions, same or later last mention), so a write keeps
//! the invariant by moving the entity up or letting it in. A delete can worsen an entity; when one
//! on a list loses a mention the list is rebuilt from a full scan at the end of that change.

use std::cmp::Ordering;

use crate::graph::{Node, TenantGraph};

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

/// An entity order: `Less` means `a` ranks before `b`.
pub(crate) type Order = fn(&TenantGraph, Node, Node) -> Ordering;

impl TopList {
    /// `n` gained a mention (or was created): move it up or let it in.
    fn improved(&mut self, g: &TenantGraph, n: Node, cmp: Order) {
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
    fn worsened(&mut self, n: Node) {
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

impl TenantGraph {
    /// Call after `n` gained a mention.
    pub fn top_improved(&mut self, n: Node) {
        if self.bulk_loading {
            // Rebuilt once when the load finishes.
            self.tops.0.stale = true;
            self.tops.1.stale = true;
            return;
        }
        let mut lists = std::mem::take(&mut self.tops);
        lists.0.improved(self, n, TenantGraph::by_mentions);
        lists.1.improved(self, n, TenantGraph::by_recency);
        self.tops = lists;
    }

    /// Call after `n` lost a mention, and before it is removed.
    pub fn top_worsened(&mut self, n: Node) {
        self.tops.0.worsened(n);
        self.tops.1.worsened(n);
    }

    /// Rebuilds stale lists from a full scan (after a delete, and after a bulk load).
    pub fn rebuild_tops(&mut self) {
        if self.tops.0.stale {
            self.tops.0 = TopList {
                nodes: self.top_k_nodes(self.graph.node_indices(), TOP_KEPT, Self::by_mentions),
                stale: false,
            };
        }
        if self.tops.1.stale {
            self.tops.1 = TopList {
                nodes: self.top_k_nodes(self.graph.node_indices(), TOP_KEPT, Self::by_recency),
                stale: false,
            };
        }
    }
}
