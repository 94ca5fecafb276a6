//! The graph's lookup tables (entity by key, fact by (subject, rel, object), episode by id), kept
//! as hash tables of bare 4-byte handles: the key of each entry is read from the graph it points
//! into instead of being stored beside it. At 1M facts a `HashMap<(Node, u32, Node), Edge>` held
//! 17 bytes per bucket and a `HashMap<Arc<str>, Node>` 25; these hold 5.

use std::hash::BuildHasher;

use hashbrown::hash_table::{Entry, HashTable};
use petgraph::stable_graph::StableDiGraph;
use rustc_hash::FxBuildHasher;

use crate::handles::{Edge, Node, Slot};
use crate::records::{EntityRec, EpisodeRec, FactRec};

type Graph = StableDiGraph<EntityRec, FactRec, u32>;

/// The hash of a key or episode id in the indexes (and, for an episode id, in the text index's
/// `key_hash` column: a change of it must change `text::ANALYSIS`).
pub(crate) fn hash_key(key: &str) -> u64 {
    FxBuildHasher.hash_one(key)
}

fn hash_fact(s: Node, rel: u32, o: Node) -> u64 {
    FxBuildHasher.hash_one((s.index() as u32, rel, o.index() as u32))
}

/// Entities by canonical key.
#[derive(Debug, Default)]
pub(crate) struct KeyIndex(HashTable<Node>);

impl KeyIndex {
    pub fn get(&self, graph: &Graph, key: &str) -> Option<Node> {
        self.0
            .find(hash_key(key), |&n| *graph[n].key == *key)
            .copied()
    }

    /// Indexes `n` (already in `graph`) under its key, which no other indexed node has.
    pub fn insert(&mut self, graph: &Graph, n: Node) {
        self.0
            .insert_unique(hash_key(&graph[n].key), n, |&m| hash_key(&graph[m].key));
    }

    /// Drops `n`, indexed under `key` (callable after `n` left the graph).
    pub fn remove(&mut self, key: &str, n: Node) {
        if let Ok(entry) = self.0.find_entry(hash_key(key), |&m| m == n) {
            entry.remove();
        }
    }

    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn capacity(&self) -> usize {
        self.0.capacity()
    }
}

/// Fact edges by (subject, relationship type id, object).
#[derive(Debug, Default)]
pub(crate) struct FactIndex(HashTable<Edge>);

fn fact_hash_of(graph: &Graph, e: Edge) -> u64 {
    match graph.edge_endpoints(e) {
        Some((s, o)) => hash_fact(s, graph[e].rel, o),
        // Indexed edges are live; a dead one hashes anywhere and is never found.
        None => 0,
    }
}

impl FactIndex {
    pub fn get(&self, graph: &Graph, s: Node, rel: u32, o: Node) -> Option<Edge> {
        self.0
            .find(hash_fact(s, rel, o), |&e| {
                graph[e].rel == rel && graph.edge_endpoints(e) == Some((s, o))
            })
            .copied()
    }

    /// Indexes `e` (already in `graph`), whose (subject, rel, object) no other indexed edge has.
    pub fn insert(&mut self, graph: &Graph, e: Edge) {
        self.0
            .insert_unique(fact_hash_of(graph, e), e, |&x| fact_hash_of(graph, x));
    }

    /// Drops `e`; call while it is still in the graph.
    pub fn remove(&mut self, graph: &Graph, e: Edge) {
        if let Ok(entry) = self.0.find_entry(fact_hash_of(graph, e), |&x| x == e) {
            entry.remove();
        }
    }

    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn capacity(&self) -> usize {
        self.0.capacity()
    }
}

/// Episode slots by episode id. The same id can sit in two slots for a moment (a group of writes
/// that replaced an episode and wrote it again); the newest slot indexed wins.
#[derive(Debug, Default)]
pub(crate) struct EpisodeIndex(HashTable<Slot>);

fn episode_id(episodes: &[Option<EpisodeRec>], slot: Slot) -> &str {
    match episodes.get(slot as usize) {
        Some(Some(rec)) => &rec.id,
        // Indexed slots are live; reaching this is a bug, and the entry is simply never found.
        _ => "",
    }
}

impl EpisodeIndex {
    pub fn get(&self, episodes: &[Option<EpisodeRec>], id: &str) -> Option<Slot> {
        self.0
            .find(hash_key(id), |&s| episode_id(episodes, s) == id)
            .copied()
    }

    /// The one episode whose id hashes to `hash`, if exactly one does (None for none or several).
    pub fn by_hash(&self, episodes: &[Option<EpisodeRec>], hash: u64) -> Option<Slot> {
        let mut found = self
            .0
            .iter_hash(hash)
            .copied()
            .filter(|&s| hash_key(episode_id(episodes, s)) == hash);
        let first = found.next()?;
        found.next().is_none().then_some(first)
    }

    /// Points the id of `slot` (already filled) at `slot`, replacing an older slot with that id.
    pub fn insert(&mut self, episodes: &[Option<EpisodeRec>], slot: Slot) {
        let id = episode_id(episodes, slot);
        match self.0.entry(
            hash_key(id),
            |&s| episode_id(episodes, s) == id,
            |&s| hash_key(episode_id(episodes, s)),
        ) {
            Entry::Occupied(mut o) => *o.get_mut() = slot,
            Entry::Vacant(v) => {
                v.insert(slot);
            }
        }
    }

    /// Drops the entry of `slot` if the id `id` still points at it.
    pub fn remove(&mut self, id: &str, slot: Slot) {
        if let Ok(entry) = self.0.find_entry(hash_key(id), |&s| s == slot) {
            entry.remove();
        }
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn capacity(&self) -> usize {
        self.0.capacity()
    }
}

#[cfg(test)]
mod hash_tests {
    /// The text index stores `hash_key` of every episode id on disk: if the hash function ever
    /// changes (a rustc-hash upgrade), this fails, and `text::ANALYSIS` must change with it so
    /// that indexes written with the old hashes are rebuilt.
    #[test]
    fn the_id_hash_is_stable() {
        let got: Vec<u64> = ["", "e1", "D1:3", "conv-26/q0"]
            .iter()
            .map(|k| super::hash_key(k))
            .collect();
        assert_eq!(
            got, PINNED,
            "hash_key changed: bump text::ANALYSIS and these values"
        );
    }

    const PINNED: [u64; 4] = [
        13933120620573868840,
        18325539365503063896,
        7900569805993174923,
        15362976246933490527,
    ];
}
