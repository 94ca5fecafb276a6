//! The in-memory graph of one tenant: entity nodes, fact edges, episodes, documents, and the indexes
//! (key, alias key, token, fact id) the reads need. Each node's adjacency is kept sorted by edge rank
//! so a capped neighbourhood reads a prefix instead of sorting a hub's edges on every query.

use std::cmp::Ordering;
use std::sync::Arc;

use mnemo_core::{
    canonical_key, Document, Entity, EntityKey, EntityType, Episode, Fact, Timestamp,
};
use petgraph::stable_graph::StableDiGraph;
use petgraph::visit::EdgeRef;
use rustc_hash::FxHashMap as HashMap;
use serde::{Deserialize, Serialize};

use crate::fold::fold_accents;
use crate::handles::{Edge, Node, Slot};
use crate::index::{EpisodeIndex, FactIndex, KeyIndex};
use crate::records::{EntityRec, EpisodeRec, FactRec, ThreadPos};
use crate::top::{TopList, TOP_KEPT};

/// The descriptive attributes of an entity (everything but the mention aggregates). They are sticky:
/// deleting an episode does not take back a name, type or alias it contributed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct Attrs {
    pub name: String,
    #[serde(rename = "type")]
    pub etype: EntityType,
    pub aliases: Vec<String>,
}

/// Entities by a term they are found by (alias key or token).
pub(crate) type TermIndex = HashMap<Box<str>, Vec<Node>>;

/// Interned strings (relationship types, predicate wordings, thread keys and episode labels repeat
/// across many facts and episodes). Never shrinks: a label outlives its last episode.
#[derive(Debug, Default)]
pub(crate) struct Interner {
    ids: HashMap<Arc<str>, u32>,
    strings: Vec<Arc<str>>,
}

impl Interner {
    pub fn intern(&mut self, s: &str) -> u32 {
        if let Some(&id) = self.ids.get(s) {
            return id;
        }
        let id = u32::try_from(self.strings.len()).unwrap_or(u32::MAX);
        let arc: Arc<str> = Arc::from(s);
        self.strings.push(arc.clone());
        self.ids.insert(arc, id);
        id
    }

    pub fn get(&self, s: &str) -> Option<u32> {
        self.ids.get(s).copied()
    }

    pub fn resolve(&self, id: u32) -> &str {
        self.strings.get(id as usize).map(|s| &**s).unwrap_or("")
    }

    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.strings.len()
    }

    /// Estimated heap bytes, given the footprint's allocation and hash-table size rules: each
    /// string once (an `Arc` allocation: two counters and the text), the list and the lookup table.
    pub fn heap_bytes(&self, alloc: fn(usize) -> usize, table: fn(usize, usize) -> usize) -> usize {
        self.strings
            .iter()
            .map(|s| alloc(16 + s.len()))
            .sum::<usize>()
            + alloc(self.strings.capacity() * 16)
            + table(self.ids.capacity(), std::mem::size_of::<(Arc<str>, u32)>())
    }
}

#[derive(Debug, Default)]
pub(crate) struct TenantGraph {
    pub graph: StableDiGraph<EntityRec, FactRec, u32>,
    pub keys: KeyIndex,
    pub facts: FactIndex,
    pub alias_index: TermIndex,
    pub token_index: TermIndex,
    pub episodes: Vec<Option<EpisodeRec>>,
    pub free_slots: Vec<Slot>,
    pub episode_ids: EpisodeIndex,
    pub documents: HashMap<Arc<str>, Document>,
    /// Episodes per document id (whether or not the Document record exists).
    pub doc_episodes: HashMap<Arc<str>, Vec<Slot>>,
    /// Episodes in time order per thread (interned `Episode::thread`): (created_at in
    /// microseconds, span start, slot). Neighbour reads walk it.
    pub threads: HashMap<u32, std::collections::BTreeSet<ThreadPos>>,
    pub strings: Interner,
    /// Event times of the fact supports that have one (`FactInput::occurred`): (episode slot,
    /// fact edge) -> the interned ISO 8601 time. A side table, so `Supports` stays 16 bytes and a
    /// fact without an event time costs nothing more; an entry goes with its support.
    pub occurred: HashMap<(Slot, Edge), u32>,
    pub mention_count: u64,
    /// The next free episode sequence number.
    pub next_seq: u64,
    /// While replaying the disk on open, adjacency is left unsorted and sorted once at the end.
    pub bulk_loading: bool,
    /// Leaders by mentions and by recency (see `top.rs`).
    pub tops: (TopList, TopList),
}

impl TenantGraph {
    /// The episode's place in its thread's order.
    pub fn thread_pos(&self, slot: Slot) -> ThreadPos {
        let rec = self.ep(slot);
        (rec.created_at.timestamp_micros(), rec.span_start, slot)
    }

    pub fn ep(&self, slot: Slot) -> &EpisodeRec {
        match self.episodes.get(slot as usize) {
            Some(Some(e)) => e,
            // Slots referenced from the graph are always live; reaching this is a bug.
            _ => panic!("dangling episode slot {slot}"),
        }
    }

    /// The full episode in a slot (its content hash left empty without `hashed`, see
    /// `Body::episode`), when its body is kept in memory.
    pub fn episode_body(&self, slot: Slot, hashed: bool) -> Option<Episode> {
        let rec = self.episodes.get(slot as usize)?.as_ref()?;
        Some(rec.body.as_ref()?.episode(&self.strings, rec, hashed))
    }

    /// Episode order: (created_at, id) ascending.
    pub fn ep_cmp(&self, a: Slot, b: Slot) -> Ordering {
        let (ea, eb) = (self.ep(a), self.ep(b));
        ea.created_at
            .cmp(&eb.created_at)
            .then_with(|| ea.id.cmp(&eb.id))
    }

    pub fn node(&self, key: &str) -> Option<Node> {
        self.keys.get(&self.graph, key)
    }

    /// The slot of a live episode by id.
    pub fn episode_slot(&self, id: &str) -> Option<Slot> {
        self.episode_ids.get(&self.episodes, id)
    }

    pub fn fact_edge(&self, subject: &str, rel: &str, object: &str) -> Option<Edge> {
        let s = self.node(subject)?;
        let o = self.node(object)?;
        let r = self.strings.get(rel)?;
        self.facts.get(&self.graph, s, r, o)
    }

    pub fn attrs_of(&self, n: Node) -> Attrs {
        let e = &self.graph[n];
        Attrs {
            name: e.name.to_string(),
            etype: e.etype,
            aliases: e.aliases.iter().map(|a| a.to_string()).collect(),
        }
    }

    fn fact_last_seen(&self, f: &FactRec) -> Option<Timestamp> {
        f.supports.last().map(|&(s, _)| self.ep(s).created_at)
    }

    /// Edge rank: mentions, confidence, last_seen descending, then (subject, rel_type, object).
    pub fn rank_cmp(&self, a: Edge, b: Edge) -> Ordering {
        let (fa, fb) = (&self.graph[a], &self.graph[b]);
        fb.supports
            .len()
            .cmp(&fa.supports.len())
            .then_with(|| {
                fb.supports
                    .confidence()
                    .total_cmp(&fa.supports.confidence())
            })
            .then_with(|| self.fact_last_seen(fb).cmp(&self.fact_last_seen(fa)))
            .then_with(|| self.edge_ids_cmp(a, b))
    }

    fn edge_ids_cmp(&self, a: Edge, b: Edge) -> Ordering {
        let ends = |e: Edge| self.graph.edge_endpoints(e);
        match (ends(a), ends(b)) {
            (Some((sa, oa)), Some((sb, ob))) => self.graph[sa]
                .key
                .cmp(&self.graph[sb].key)
                .then_with(|| {
                    let (ra, rb) = (self.graph[a].rel, self.graph[b].rel);
                    self.strings.resolve(ra).cmp(self.strings.resolve(rb))
                })
                .then_with(|| self.graph[oa].key.cmp(&self.graph[ob].key)),
            _ => a.cmp(&b),
        }
    }

    /// Takes an edge out of both ends' adjacency; call before changing anything its rank uses.
    pub fn unlink_adj(&mut self, e: Edge) {
        if self.bulk_loading {
            return;
        }
        let Some((s, o)) = self.graph.edge_endpoints(e) else {
            return;
        };
        for n in [s, o] {
            let pos = self.graph[n]
                .adj
                .binary_search_by(|&x| self.rank_cmp(x, e))
                .or_else(|_| self.graph[n].adj.iter().position(|&x| x == e).ok_or(()));
            if let Ok(pos) = pos {
                self.graph[n].adj.remove(pos);
            }
        }
    }

    /// Puts an edge back into both ends' adjacency at its rank.
    pub fn link_adj(&mut self, e: Edge) {
        if self.bulk_loading {
            return;
        }
        let Some((s, o)) = self.graph.edge_endpoints(e) else {
            return;
        };
        for n in [s, o] {
            let pos = self.graph[n]
                .adj
                .binary_search_by(|&x| self.rank_cmp(x, e))
                .unwrap_or_else(|p| p);
            self.graph[n].adj.insert(pos, e);
        }
    }

    /// Ends a bulk load: every node's adjacency becomes its incident edges in rank order.
    pub fn finish_bulk_load(&mut self) {
        self.bulk_loading = false;
        let nodes: Vec<Node> = self.graph.node_indices().collect();
        for n in nodes {
            let mut adj: Vec<Edge> = self
                .graph
                .edges_directed(n, petgraph::Direction::Outgoing)
                .chain(self.graph.edges_directed(n, petgraph::Direction::Incoming))
                .map(|e| e.id())
                .collect();
            adj.sort_by(|&a, &b| self.rank_cmp(a, b));
            adj.shrink_to_fit();
            self.graph[n].adj = adj;
        }
        self.rebuild_tops();
    }

    /// The alias keys and tokens an entity is found by. Keys and tokens with accents are also
    /// indexed folded ("zoë" as "zoe"), so queries typed without accents find them.
    fn index_terms(rec: &EntityRec) -> (Vec<String>, Vec<String>) {
        let mut alias_keys = Vec::new();
        let mut tokens: Vec<String> = rec.key.split(' ').map(str::to_string).collect();
        if let Some(folded) = fold_accents(&rec.key) {
            tokens.extend(folded.split(' ').map(str::to_string));
            alias_keys.push(folded);
        }
        for surface in std::iter::once(&rec.name).chain(rec.aliases.iter()) {
            let k = canonical_key(surface);
            if k.is_empty() {
                continue;
            }
            tokens.extend(k.split(' ').map(str::to_string));
            if let Some(folded) = fold_accents(&k) {
                tokens.extend(folded.split(' ').map(str::to_string));
                if *folded != *rec.key {
                    alias_keys.push(folded);
                }
            }
            if *k != *rec.key {
                alias_keys.push(k);
            }
        }
        alias_keys.sort();
        alias_keys.dedup();
        tokens.sort();
        tokens.dedup();
        (alias_keys, tokens)
    }

    /// Adds (`add`) or removes the index entries of terms for node `n`. Callers add only terms
    /// the node is not yet indexed under, so adding is a push, not a scan of a common token's list.
    fn update_index(&mut self, n: Node, alias_keys: &[String], tokens: &[String], add: bool) {
        for (index, terms) in [
            (&mut self.alias_index, alias_keys),
            (&mut self.token_index, tokens),
        ] {
            for t in terms {
                if add {
                    index.entry(t.as_str().into()).or_default().push(n);
                } else if let Some(list) = index.get_mut(t.as_str()) {
                    if let Some(pos) = list.iter().position(|&x| x == n) {
                        list.swap_remove(pos);
                    }
                    if list.is_empty() {
                        index.remove(t.as_str());
                    }
                }
            }
        }
    }

    pub fn add_entity(&mut self, key: &EntityKey, attrs: &Attrs) -> Node {
        let rec = EntityRec {
            key: key.as_str().into(),
            name: attrs.name.as_str().into(),
            etype: attrs.etype,
            aliases: attrs.aliases.iter().map(|a| a.as_str().into()).collect(),
            mentions: Vec::new(),
            adj: Vec::new(),
        };
        let (alias_keys, tokens) = Self::index_terms(&rec);
        let n = self.graph.add_node(rec);
        self.keys.insert(&self.graph, n);
        self.update_index(n, &alias_keys, &tokens, true);
        n
    }

    /// Replaces an entity's attributes, keeping the indexes in step.
    pub fn set_attrs(&mut self, n: Node, attrs: &Attrs) {
        let rec = &self.graph[n];
        if *rec.name == *attrs.name
            && rec.etype == attrs.etype
            && rec.aliases.len() == attrs.aliases.len()
            && rec
                .aliases
                .iter()
                .zip(&attrs.aliases)
                .all(|(a, b)| **a == **b)
        {
            return;
        }
        let (old_a, old_t) = Self::index_terms(rec);
        let rec = &mut self.graph[n];
        rec.name = attrs.name.as_str().into();
        rec.etype = attrs.etype;
        rec.aliases = attrs.aliases.iter().map(|a| a.as_str().into()).collect();
        let (new_a, new_t) = Self::index_terms(&self.graph[n]);
        // Both term lists are sorted and deduplicated.
        let minus = |a: &[String], b: &[String]| -> Vec<String> {
            a.iter()
                .filter(|t| b.binary_search(t).is_err())
                .cloned()
                .collect()
        };
        let (gone_a, gone_t) = (minus(&old_a, &new_a), minus(&old_t, &new_t));
        let (added_a, added_t) = (minus(&new_a, &old_a), minus(&new_t, &old_t));
        self.update_index(n, &gone_a, &gone_t, false);
        self.update_index(n, &added_a, &added_t, true);
    }

    pub fn remove_entity(&mut self, n: Node) {
        self.top_worsened(n);
        let (alias_keys, tokens) = Self::index_terms(&self.graph[n]);
        self.update_index(n, &alias_keys, &tokens, false);
        if let Some(rec) = self.graph.remove_node(n) {
            self.keys.remove(&rec.key, n);
        }
    }

    pub fn entity(&self, n: Node) -> Entity {
        let e = &self.graph[n];
        let first = e.mentions.first().map(|&s| self.ep(s).created_at);
        let last = e.mentions.last().map(|&s| self.ep(s).created_at);
        let epoch = Timestamp::default();
        Entity {
            key: EntityKey::from_stored(&*e.key),
            name: e.name.to_string(),
            entity_type: e.etype,
            aliases: e.aliases.iter().map(|a| a.to_string()).collect(),
            mentions: e.mentions.len() as u64,
            first_seen: first.unwrap_or(epoch),
            last_seen: last.unwrap_or(epoch),
        }
    }

    pub fn fact(&self, e: Edge) -> Option<Fact> {
        let (s, o) = self.graph.edge_endpoints(e)?;
        let f = &self.graph[e];
        let epoch = Timestamp::default();
        Some(Fact {
            subject: self.entity_key(s),
            rel_type: mnemo_core::RelType::new(self.strings.resolve(f.rel)).ok()?,
            object: self.entity_key(o),
            predicate: self.strings.resolve(f.predicate).to_string(),
            mentions: f.supports.len() as u64,
            confidence: f.supports.confidence(),
            first_seen: f
                .supports
                .first()
                .map(|&(s, _)| self.ep(s).created_at)
                .unwrap_or(epoch),
            last_seen: self.fact_last_seen(f).unwrap_or(epoch),
            episodes: f
                .supports
                .iter()
                .map(|&(s, _)| self.ep(s).id.to_string())
                .collect(),
            occurred: self.fact_occurred(e),
        })
    }

    /// The event time of the oldest support of fact `e` that gives one.
    pub fn fact_occurred(&self, e: Edge) -> Option<String> {
        if self.occurred.is_empty() {
            return None;
        }
        self.graph[e]
            .supports
            .iter()
            .find_map(|&(s, _)| self.occurred.get(&(s, e)))
            .map(|&t| self.strings.resolve(t).to_string())
    }

    pub fn fact_key(&self, e: Edge) -> Option<(String, String, String)> {
        let (s, o) = self.graph.edge_endpoints(e)?;
        Some((
            self.graph[s].key.to_string(),
            self.strings.resolve(self.graph[e].rel).to_string(),
            self.graph[o].key.to_string(),
        ))
    }

    pub fn entity_key(&self, n: Node) -> EntityKey {
        EntityKey::from_stored(&*self.graph[n].key)
    }
}

/// Upkeep of the leader lists (`top.rs`).
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

#[cfg(test)]
mod tests {
    use mnemo_core::EntityKey;

    #[test]
    fn stored_keys_wrap_what_from_canonical_accepts() {
        for k in ["ada lovelace", "x1 2y", "zoë", "東京"] {
            assert_eq!(
                EntityKey::from_stored(k),
                EntityKey::from_canonical(k).unwrap()
            );
        }
    }
}
