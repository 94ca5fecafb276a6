//! Reads over one tenant graph: lookups, the capped neighbourhood, top entities and the memory stream.

use std::borrow::Cow;
use std::cmp::Ordering;
use std::collections::BinaryHeap;

use rustc_hash::FxHashSet as HashSet;

use mnemo_core::{
    canonical_key, Entity, EntityKey, EntityOrder, EpisodeEntities, EpisodeNeighbours, Fact,
    MentionEvent, NeighbourhoodQuery, StoreStats, Subgraph, MAX_DEPTH,
};

use crate::graph::TenantGraph;
use crate::handles::{Edge, Node};

impl TenantGraph {
    pub fn get_entities(&self, keys: &[EntityKey]) -> Vec<Entity> {
        let mut nodes: Vec<Node> = keys.iter().filter_map(|k| self.node(k.as_str())).collect();
        nodes.sort_by(|&a, &b| self.graph[a].key.cmp(&self.graph[b].key));
        nodes.dedup();
        nodes.into_iter().map(|n| self.entity(n)).collect()
    }

    pub fn lookup_names(&self, keys: &[String]) -> Vec<(String, Entity)> {
        let mut out = Vec::new();
        for asked in keys {
            // Linkers send n-grams that are canonical already; folding them again is most of the
            // cost of a lookup that misses.
            let key: Cow<'_, str> = if is_plain_canonical(asked) {
                Cow::Borrowed(asked)
            } else {
                Cow::Owned(canonical_key(asked))
            };
            if key.is_empty() {
                continue;
            }
            let direct = self.node(&key);
            let aliases = self.alias_index.get(&*key);
            // Most hits are one entity's own key: no list to sort.
            let mut nodes: Vec<Node> = match (direct, aliases) {
                (None, None) => continue,
                (Some(n), None) => {
                    out.push((asked.clone(), self.entity(n)));
                    continue;
                }
                (direct, aliases) => direct
                    .into_iter()
                    .chain(aliases.into_iter().flatten().copied())
                    .collect(),
            };
            nodes.sort_by(|&a, &b| self.graph[a].key.cmp(&self.graph[b].key));
            nodes.dedup();
            out.extend(nodes.into_iter().map(|n| (asked.clone(), self.entity(n))));
        }
        out
    }

    /// Most mentioned first, then most recent, then key.
    pub(crate) fn by_mentions(&self, a: Node, b: Node) -> Ordering {
        let (ea, eb) = (&self.graph[a], &self.graph[b]);
        eb.mentions
            .len()
            .cmp(&ea.mentions.len())
            .then_with(|| self.last_seen_cmp(b, a))
            .then_with(|| ea.key.cmp(&eb.key))
    }

    /// Most recent first, then most mentioned, then key.
    pub(crate) fn by_recency(&self, a: Node, b: Node) -> Ordering {
        let (ea, eb) = (&self.graph[a], &self.graph[b]);
        self.last_seen_cmp(b, a)
            .then_with(|| eb.mentions.len().cmp(&ea.mentions.len()))
            .then_with(|| ea.key.cmp(&eb.key))
    }

    fn last_seen_cmp(&self, a: Node, b: Node) -> Ordering {
        let last = |n: Node| {
            self.graph[n]
                .mentions
                .last()
                .map(|&s| self.ep(s).created_at)
        };
        last(a).cmp(&last(b))
    }

    /// The best `limit` of `nodes` under `cmp`, as entities.
    fn top_k(
        &self,
        nodes: impl Iterator<Item = Node>,
        limit: usize,
        cmp: fn(&Self, Node, Node) -> Ordering,
    ) -> Vec<Entity> {
        self.top_k_nodes(nodes, limit, cmp)
            .into_iter()
            .map(|n| self.entity(n))
            .collect()
    }

    /// The best `limit` of `nodes` under `cmp`, in order, without sorting them all.
    pub(crate) fn top_k_nodes(
        &self,
        nodes: impl Iterator<Item = Node>,
        limit: usize,
        cmp: fn(&Self, Node, Node) -> Ordering,
    ) -> Vec<Node> {
        if limit == 0 {
            return Vec::new();
        }
        struct Ranked<'g>(
            &'g TenantGraph,
            Node,
            fn(&TenantGraph, Node, Node) -> Ordering,
        );
        impl PartialEq for Ranked<'_> {
            fn eq(&self, o: &Self) -> bool {
                self.1 == o.1
            }
        }
        impl Eq for Ranked<'_> {}
        impl PartialOrd for Ranked<'_> {
            fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
                Some(self.cmp(o))
            }
        }
        impl Ord for Ranked<'_> {
            fn cmp(&self, o: &Self) -> Ordering {
                (self.2)(self.0, self.1, o.1)
            }
        }
        // A max-heap on rank order keeps the worst kept entity on top, ready to be evicted.
        let mut heap: BinaryHeap<Ranked<'_>> = BinaryHeap::with_capacity(limit.min(4096) + 1);
        for n in nodes {
            heap.push(Ranked(self, n, cmp));
            if heap.len() > limit {
                heap.pop();
            }
        }
        let mut kept: Vec<Node> = heap.into_iter().map(|r| r.1).collect();
        kept.sort_by(|&a, &b| cmp(self, a, b));
        kept
    }

    pub fn find_by_tokens(&self, tokens: &[String], limit: usize) -> Vec<Entity> {
        let mut nodes: Vec<Node> = Vec::new();
        let mut lists = 0;
        for t in tokens {
            for part in canonical_key(t).split(' ').filter(|p| !p.is_empty()) {
                if let Some(list) = self.token_index.get(part) {
                    nodes.extend_from_slice(list);
                    lists += 1;
                }
            }
        }
        // A list holds each entity once; only several lists can repeat one.
        if lists > 1 {
            nodes.sort_unstable();
            nodes.dedup();
        }
        self.most_mentioned(nodes, limit)
            .into_iter()
            .map(|n| self.entity(n))
            .collect()
    }

    /// The best `limit` of `nodes` by mentions (`by_mentions` order). A common token matches
    /// thousands of entities at 1M facts, and the full order reads each one's last mention (two
    /// more cache misses each: ~2.4 ms for "group"); mention counts alone settle all but the ties
    /// at the cut, so only those are compared in full.
    pub(crate) fn most_mentioned(&self, mut nodes: Vec<Node>, limit: usize) -> Vec<Node> {
        if limit == 0 || nodes.is_empty() {
            return Vec::new();
        }
        if nodes.len() > limit {
            let mut counted: Vec<(usize, Node)> = nodes
                .iter()
                .map(|&n| (self.graph[n].mentions.len(), n))
                .collect();
            counted.select_nth_unstable_by(limit - 1, |a, b| b.0.cmp(&a.0));
            // At least `limit` entities have this many mentions or more; fewer rank below them all.
            let cut = counted[limit - 1].0;
            nodes = counted
                .into_iter()
                .filter(|&(c, _)| c >= cut)
                .map(|(_, n)| n)
                .collect();
        }
        self.top_k_nodes(nodes.into_iter(), limit, Self::by_mentions)
    }

    /// Served from the leader lists writes keep (`top.rs`); a full scan only for long lists.
    pub fn top_entities(&self, order: EntityOrder, limit: usize) -> Vec<Entity> {
        let (list, cmp): (_, fn(&Self, Node, Node) -> Ordering) = match order {
            EntityOrder::MostMentioned => (&self.tops.0, Self::by_mentions),
            EntityOrder::MostRecent => (&self.tops.1, Self::by_recency),
        };
        match list.prefix(limit) {
            Some(nodes) => nodes.iter().map(|&n| self.entity(n)).collect(),
            None => self.top_k(self.graph.node_indices(), limit, cmp),
        }
    }

    /// The entities each of `ids` mentions, keys in key order.
    pub fn episode_entities(&self, ids: &[String]) -> Vec<EpisodeEntities> {
        ids.iter()
            .filter_map(|i| {
                let rec = self.ep(self.episode_slot(i)?);
                let mut entities: Vec<EntityKey> =
                    rec.entities.iter().map(|&n| self.entity_key(n)).collect();
                // Written in key order (`apply.rs`); checked, as a check costs less than a sort.
                if !entities.is_sorted() {
                    entities.sort();
                }
                Some(EpisodeEntities {
                    episode: i.clone(),
                    entities,
                })
            })
            .collect()
    }

    /// The neighbours of each of `ids` in its thread (see `GraphStore::episode_neighbours`).
    pub fn episode_neighbours(&self, ids: &[String], window: usize) -> Vec<EpisodeNeighbours> {
        let id = |p: &crate::records::ThreadPos| self.ep(p.2).id.to_string();
        ids.iter()
            .filter_map(|i| {
                let slot = self.episode_slot(i)?;
                let rec = self.ep(slot);
                let Some(set) = self.threads.get(&rec.thread) else {
                    // In no thread: no neighbours.
                    return Some(EpisodeNeighbours {
                        episode: i.clone(),
                        ..EpisodeNeighbours::default()
                    });
                };
                let here = self.thread_pos(slot);
                let window = window.min(mnemo_core::MAX_NEIGHBOUR_WINDOW);
                Some(EpisodeNeighbours {
                    episode: i.clone(),
                    before: set.range(..here).rev().take(window).map(id).collect(),
                    after: set
                        .range((std::ops::Bound::Excluded(here), std::ops::Bound::Unbounded))
                        .take(window)
                        .map(id)
                        .collect(),
                })
            })
            .collect()
    }

    pub fn mentions_of(&self, key: &EntityKey, limit: usize) -> Vec<MentionEvent> {
        let Some(n) = self.node(key.as_str()) else {
            return Vec::new();
        };
        self.graph[n]
            .mentions
            .iter()
            .rev()
            .take(limit)
            .map(|&s| {
                let ep = self.ep(s);
                MentionEvent {
                    entity: key.clone(),
                    episode: ep.id.to_string(),
                    at: ep.created_at,
                }
            })
            .collect()
    }

    /// Expands hop by hop; each frontier node contributes a prefix of its rank-sorted adjacency.
    pub fn neighbourhood(&self, q: &NeighbourhoodQuery) -> Subgraph {
        let mut nodes: Vec<Node> = Vec::new();
        let mut node_set: HashSet<Node> = HashSet::default();
        for s in &q.seeds {
            if let Some(n) = self.node(s.as_str()) {
                if node_set.insert(n) {
                    nodes.push(n);
                }
            }
        }
        let mut edges: Vec<Edge> = Vec::new();
        let mut edge_set: HashSet<Edge> = HashSet::default();
        let mut frontier = nodes.clone();
        'hops: for hop in 1..=q.depth.clamp(1, MAX_DEPTH) {
            let cap = q.fanout_at(hop);
            let mut next = Vec::new();
            for &n in &frontier {
                for &e in self.graph[n].adj.iter().take(cap) {
                    if edges.len() >= q.max_facts {
                        break 'hops;
                    }
                    if !edge_set.insert(e) {
                        continue;
                    }
                    edges.push(e);
                    if let Some((s, o)) = self.graph.edge_endpoints(e) {
                        let other = if s == n { o } else { s };
                        if node_set.insert(other) {
                            nodes.push(other);
                            next.push(other);
                        }
                    }
                }
            }
            frontier = next;
        }
        let facts: Vec<Fact> = edges.iter().filter_map(|&e| self.fact(e)).collect();
        nodes.sort_by(|&a, &b| self.graph[a].key.cmp(&self.graph[b].key));
        Subgraph {
            entities: nodes.into_iter().map(|n| self.entity(n)).collect(),
            facts,
        }
    }

    pub fn stats(&self) -> StoreStats {
        StoreStats {
            entities: self.graph.node_count() as u64,
            facts: self.graph.edge_count() as u64,
            episodes: self.episode_ids.len() as u64,
            documents: self.documents.len() as u64,
            mentions: self.mention_count,
        }
    }

    pub fn export(&self) -> Subgraph {
        let mut nodes: Vec<Node> = self.graph.node_indices().collect();
        nodes.sort_by(|&a, &b| self.graph[a].key.cmp(&self.graph[b].key));
        let mut facts: Vec<Fact> = self
            .graph
            .edge_indices()
            .filter_map(|e| self.fact(e))
            .collect();
        facts.sort_by_key(|f| f.id());
        Subgraph {
            entities: nodes.into_iter().map(|n| self.entity(n)).collect(),
            facts,
        }
    }
}

/// True for ASCII text that `canonical_key` leaves unchanged: lower-case letters and digits in
/// words separated by single spaces, at most 256 bytes (the key length limit).
pub(crate) fn is_plain_canonical(s: &str) -> bool {
    let b = s.as_bytes();
    !b.is_empty()
        && b.len() <= 256
        && b[0] != b' '
        && b[b.len() - 1] != b' '
        && b.iter()
            .all(|&c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == b' ')
        && !b.windows(2).any(|w| w == b"  ")
}

#[cfg(test)]
mod tests {
    use super::is_plain_canonical;
    use mnemo_core::canonical_key;

    #[test]
    fn plain_canonical_text_is_what_canonical_key_leaves_alone() {
        let long = "a".repeat(257);
        for s in [
            "ada lovelace",
            "x1 2y",
            "a",
            "Ada",
            " ada",
            "ada ",
            "ada  b",
            "zoë",
            "o'neil",
            "",
            "a-b",
            &long,
        ] {
            if is_plain_canonical(s) {
                assert_eq!(canonical_key(s), s, "{s:?}");
            }
        }
        assert!(is_plain_canonical("ada lovelace 1815"));
        assert!(!is_plain_canonical("Ada") && !is_plain_canonical("ada  b"));
        assert!(!is_plain_canonical(&long) && !is_plain_canonical("zoë"));
    }
}
