//! Where an in-memory tenant graph's bytes go: an estimate of the heap each structure holds
//! (lengths and capacities times element sizes, allocations rounded up to mimalloc's size classes),
//! for finding what to shrink. It does not see allocator fragmentation or memory freed but kept.

use std::mem::size_of;

use crate::body::Body;
use crate::graph::TenantGraph;
use crate::handles::{Edge, Node, Slot};
use crate::records::{EntityRec, EpisodeRec, FactRec};

/// Bytes an allocation of `n` bytes takes: mimalloc's small size classes step by 8 bytes up to 64,
/// then by a quarter of the power of two below (four bins per doubling); allocations beyond its
/// medium size (128 KiB) get their own pages, in 64 KiB slices.
fn alloc(n: usize) -> usize {
    if n == 0 {
        return 0;
    }
    if n > 128 << 10 {
        return n.div_ceil(64 << 10) * (64 << 10);
    }
    let words = n.div_ceil(8);
    if words <= 8 {
        return words * 8;
    }
    let k = usize::BITS - 1 - (words - 1).leading_zeros();
    let step = (1usize << k) / 4;
    words.div_ceil(step) * step * 8
}

/// Bytes of a hashbrown table holding up to `capacity` entries of `entry` bytes: its buckets
/// (a power of two, at most 7/8 full) and one control byte per bucket plus a group of slack.
fn table(capacity: usize, entry: usize) -> usize {
    if capacity == 0 {
        return 0;
    }
    let buckets = if capacity < 8 {
        (capacity + 1).next_power_of_two()
    } else {
        (capacity * 8 / 7).next_power_of_two()
    };
    alloc(buckets * (entry + 1) + 16)
}

impl TenantGraph {
    /// Estimated heap bytes per structure, in a fixed order.
    pub fn heap_breakdown(&self) -> Vec<(&'static str, usize)> {
        let (node_cap, edge_cap) = self.graph.capacity();
        let mut keys = 0;
        let mut names = 0;
        let mut aliases = 0;
        let mut mentions = 0;
        let mut adj = 0;
        for n in self.graph.node_indices() {
            let e = &self.graph[n];
            keys += alloc(e.key.len());
            names += alloc(e.name.len());
            aliases += alloc(e.aliases.len() * 16)
                + e.aliases.iter().map(|a| alloc(a.len())).sum::<usize>();
            mentions += alloc(e.mentions.capacity() * size_of::<Slot>());
            adj += alloc(e.adj.capacity() * size_of::<Edge>());
        }
        let supports: usize = self
            .graph
            .edge_indices()
            .map(|e| {
                let [boxed, list] = self.graph[e].supports.heap_allocations();
                if boxed > 0 {
                    alloc(boxed) + alloc(list)
                } else {
                    0
                }
            })
            .sum();
        let terms = |index: &crate::graph::TermIndex| -> usize {
            table(index.capacity(), size_of::<(Box<str>, Vec<Node>)>())
                + index
                    .iter()
                    .map(|(k, v)| alloc(k.len()) + alloc(v.capacity() * size_of::<Node>()))
                    .sum::<usize>()
        };
        let mut ep_ids = 0;
        let mut ep_lists = 0;
        let mut bodies = 0;
        for ep in self.episodes.iter().flatten() {
            // An Arc<str> allocation holds two counters before the text.
            ep_ids += alloc(16 + ep.id.len());
            ep_lists += alloc(ep.entities.len() * 4) + alloc(ep.facts.len() * 4);
            if let Some(b) = &ep.body {
                bodies += alloc(size_of::<Body>())
                    + b.own_allocations().into_iter().map(alloc).sum::<usize>();
            }
        }
        vec![
            (
                "entity node slots",
                alloc(node_cap * (size_of::<Option<EntityRec>>() + 8)),
            ),
            ("entity keys", keys),
            ("entity names", names),
            ("entity aliases", aliases),
            ("mention lists", mentions),
            ("adjacency lists", adj),
            (
                "fact edge slots",
                alloc(edge_cap * (size_of::<Option<FactRec>>() + 16)),
            ),
            ("fact supports (spilled)", supports),
            (
                // Only supports with an event time have an entry (an interned string id).
                "fact event times",
                table(self.occurred.capacity(), size_of::<((Slot, Edge), u32)>()),
            ),
            ("key index", table(self.keys.capacity(), size_of::<Node>())),
            (
                "fact index",
                table(self.facts.capacity(), size_of::<Edge>()),
            ),
            ("alias index", terms(&self.alias_index)),
            ("token index", terms(&self.token_index)),
            (
                "episode slots",
                alloc(self.episodes.capacity() * size_of::<Option<EpisodeRec>>()),
            ),
            ("episode ids", ep_ids),
            (
                "episode id index",
                table(self.episode_ids.capacity(), size_of::<Slot>()),
            ),
            ("episode entity/fact lists", ep_lists),
            (
                "episode threads",
                // A B-tree entry is its key and about half a key of node overhead.
                self.threads.values().map(|s| s.len() * 36).sum::<usize>()
                    + table(self.threads.capacity(), 32),
            ),
            ("episode bodies", bodies),
            ("interned strings", self.strings.heap_bytes(alloc, table)),
        ]
    }

    /// Rough heap bytes of this graph: the structures and strings, not allocator overhead.
    pub fn approx_heap_bytes(&self) -> usize {
        self.heap_breakdown().iter().map(|(_, b)| b).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::{alloc, table};

    #[test]
    fn allocations_round_up_to_size_classes() {
        assert_eq!(alloc(0), 0);
        assert_eq!(alloc(1), 8);
        assert_eq!(alloc(64), 64);
        assert_eq!(alloc(65), 80);
        assert_eq!(alloc(129), 160);
        assert_eq!(alloc(1 << 20), 1 << 20);
        assert_eq!(alloc((1 << 20) + 1), (1 << 20) + (64 << 10));
        assert!(table(1000, 16) >= 1000 * 17);
    }
}
