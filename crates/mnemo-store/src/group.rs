//! Planning a group of write batches as if they were written one after the other, into one `Plan`
//! that is committed in one transaction and then applied to memory.
//!
//! Each batch is planned against the graph as the earlier batches of the group left it: a shadow
//! (`Shadow`) records what the group changed so far (episodes added or removed, documents, entity
//! attributes and mention counts, fact supports) over the untouched graph, so reports are those
//! sequential writes would give. The combined plan only keeps the net effect: an episode added and
//! then replaced inside the group is never written, an entity orphaned and mentioned again keeps
//! its node. A single `write` is a group of one, so every write takes this path.

use std::collections::{HashMap, HashSet};

use mnemo_core::{Document, EpisodeWrite, WriteBatch, WriteReport};

use crate::graph::{Attrs, TenantGraph};
use crate::handles::Slot;
use crate::plan::{doomed, merge_attrs, FactKey, Plan};

/// The combined plan and one report per batch, in batch order.
pub(crate) struct GroupPlan<'a> {
    pub plan: Plan<'a>,
    pub reports: Vec<WriteReport>,
}

struct NewEp<'a> {
    seq: u64,
    ew: &'a EpisodeWrite,
    alive: bool,
}

/// An entity as the group sees it: `attrs` is None while it does not exist.
struct EntState {
    start: Option<Attrs>,
    attrs: Option<Attrs>,
    mentions: usize,
}

/// A fact as the group sees it; `created` is the wording when the group (re)created it.
struct FactState {
    existed: bool,
    supports: usize,
    created: Option<String>,
}

/// An episode the group removes: one that was stored before, or one the group added itself.
enum Gone {
    Stored(Slot),
    New(usize),
}

struct Shadow<'g, 'a> {
    g: Option<&'g TenantGraph>,
    next_seq: u64,
    new_eps: Vec<NewEp<'a>>,
    new_ids: HashMap<&'a str, usize>,
    /// Alive and dead new episodes per document id (dead ones are filtered when read).
    doc_new: HashMap<&'a str, Vec<usize>>,
    gone: HashSet<Slot>,
    docs: HashMap<&'a str, &'a Document>,
    ents: HashMap<String, EntState>,
    facts: HashMap<FactKey, FactState>,
    deleted: Vec<Slot>,
}

fn fact_key(f: &mnemo_core::FactInput) -> FactKey {
    (
        f.subject.to_string(),
        f.rel_type.to_string(),
        f.object.to_string(),
    )
}

impl<'g, 'a> Shadow<'g, 'a> {
    fn episode_exists(&self, id: &str) -> bool {
        self.new_ids.contains_key(id)
            || self
                .g
                .and_then(|g| g.episode_slot(id))
                .is_some_and(|s| !self.gone.contains(&s))
    }

    fn document(&self, id: &str) -> Option<&Document> {
        match self.docs.get(id) {
            Some(d) => Some(*d),
            None => self.g.and_then(|g| g.documents.get(id)),
        }
    }

    fn ent(&mut self, key: &str) -> &mut EntState {
        let g = self.g;
        self.ents.entry(key.to_string()).or_insert_with(|| {
            match g.and_then(|g| g.node(key).map(|n| (g, n))) {
                Some((g, n)) => EntState {
                    start: Some(g.attrs_of(n)),
                    attrs: Some(g.attrs_of(n)),
                    mentions: g.graph[n].mentions.len(),
                },
                None => EntState {
                    start: None,
                    attrs: None,
                    mentions: 0,
                },
            }
        })
    }

    fn fact(&mut self, fk: FactKey) -> &mut FactState {
        let g = self.g;
        self.facts.entry(fk).or_insert_with_key(|fk| {
            match g.and_then(|g| g.fact_edge(&fk.0, &fk.1, &fk.2).map(|e| (g, e))) {
                Some((g, e)) => FactState {
                    existed: true,
                    supports: g.graph[e].supports.len(),
                    created: None,
                },
                None => FactState {
                    existed: false,
                    supports: 0,
                    created: None,
                },
            }
        })
    }

    /// Plans one batch on top of the earlier ones, in the order a single write applies it:
    /// the new episodes first, then the removal of the document's episodes it no longer has.
    fn batch(&mut self, batch: &'a WriteBatch) -> WriteReport {
        let mut r = WriteReport::default();
        if let Some(d) = &batch.document {
            if self.document(&d.id) != Some(d) {
                self.docs.insert(d.id.as_str(), d);
            }
        }
        let mut added = Vec::new();
        for ew in &batch.episodes {
            if self.episode_exists(&ew.episode.id) {
                r.episodes_skipped += 1;
                continue;
            }
            let idx = self.new_eps.len();
            self.new_eps.push(NewEp {
                seq: self.next_seq,
                ew,
                alive: true,
            });
            self.next_seq += 1;
            self.new_ids.insert(ew.episode.id.as_str(), idx);
            if let Some(d) = &ew.episode.document_id {
                self.doc_new.entry(d.as_str()).or_default().push(idx);
            }
            added.push(idx);
        }
        r.episodes_written = added.len() as u64;
        // The document's episodes as they were before this batch, minus those it still has.
        let doomed: Vec<Gone> = match &batch.document {
            None => Vec::new(),
            Some(doc) => {
                let in_batch: HashSet<&str> = batch
                    .episodes
                    .iter()
                    .map(|e| e.episode.id.as_str())
                    .collect();
                let stored = self
                    .g
                    .and_then(|g| g.doc_episodes.get(doc.id.as_str()).map(|s| (g, s)))
                    .into_iter()
                    .flat_map(|(g, slots)| slots.iter().map(move |&s| (g, s)))
                    .filter(|&(g, s)| !self.gone.contains(&s) && !in_batch.contains(&*g.ep(s).id))
                    .map(|(_, s)| Gone::Stored(s));
                let fresh = self
                    .doc_new
                    .get(doc.id.as_str())
                    .into_iter()
                    .flatten()
                    .filter(|&&i| {
                        let ep = &self.new_eps[i];
                        ep.alive && !in_batch.contains(ep.ew.episode.id.as_str())
                    })
                    .map(|&i| Gone::New(i));
                stored.chain(fresh).collect()
            }
        };
        for idx in added {
            let ew = self.new_eps[idx].ew;
            let mut seen: Vec<&str> = Vec::with_capacity(ew.entities.len());
            for e in &ew.entities {
                let key = e.key.as_str();
                let st = self.ent(key);
                if st.attrs.is_none() {
                    r.entities_created += 1;
                }
                st.attrs = Some(merge_attrs(st.attrs.take(), e));
                if !seen.contains(&key) {
                    seen.push(key);
                    st.mentions += 1;
                    r.mentions_created += 1;
                }
            }
            let mut stated: Vec<FactKey> = Vec::with_capacity(ew.facts.len());
            for f in &ew.facts {
                let fk = fact_key(f);
                if stated.contains(&fk) {
                    continue;
                }
                let st = self.fact(fk.clone());
                if st.supports == 0 {
                    r.facts_created += 1;
                    st.created = Some(f.predicate.clone());
                }
                st.supports += 1;
                stated.push(fk);
            }
        }
        r.episodes_replaced = doomed.len() as u64;
        for d in doomed {
            self.remove(d);
        }
        r
    }

    /// Takes an episode's mentions and fact supports away; what loses its last one stops existing.
    fn remove(&mut self, d: Gone) {
        let (keys, fks): (Vec<String>, Vec<FactKey>) = match d {
            Gone::Stored(slot) => {
                let Some(g) = self.g else { return };
                self.gone.insert(slot);
                self.deleted.push(slot);
                let ep = g.ep(slot);
                (
                    ep.entities
                        .iter()
                        .map(|&n| g.graph[n].key.to_string())
                        .collect(),
                    ep.facts.iter().filter_map(|&e| g.fact_key(e)).collect(),
                )
            }
            Gone::New(i) => {
                let ew = self.new_eps[i].ew;
                self.new_eps[i].alive = false;
                self.new_ids.remove(ew.episode.id.as_str());
                let mut keys: Vec<String> = ew.entities.iter().map(|e| e.key.to_string()).collect();
                keys.sort_unstable();
                keys.dedup();
                let mut fks: Vec<FactKey> = ew.facts.iter().map(fact_key).collect();
                fks.sort_unstable();
                fks.dedup();
                (keys, fks)
            }
        };
        for k in keys {
            let st = self.ent(&k);
            st.mentions = st.mentions.saturating_sub(1);
            if st.mentions == 0 {
                st.attrs = None;
            }
        }
        for fk in fks {
            let st = self.fact(fk);
            st.supports = st.supports.saturating_sub(1);
            if st.supports == 0 {
                st.created = None;
            }
        }
    }

    /// The net effect of the group as one plan.
    fn finish(self) -> Plan<'a> {
        let g = self.g;
        let mut plan = Plan {
            new_episodes: self
                .new_eps
                .iter()
                .filter(|e| e.alive)
                .map(|e| (e.seq, e.ew))
                .collect(),
            upsert_documents: self.docs.into_values().collect(),
            ..Plan::default()
        };
        if let Some(g) = g {
            plan.deleted = self.deleted.iter().map(|&s| doomed(g, s)).collect();
        }
        let mut mentioned: HashSet<&str> = HashSet::new();
        for &(_, ew) in &plan.new_episodes {
            mentioned.extend(ew.entities.iter().map(|e| e.key.as_str()));
        }
        for (key, st) in self.ents {
            match st.attrs {
                None if st.start.is_some() => plan.orphan_entities.push(key),
                None => {}
                Some(a) if st.start.as_ref() != Some(&a) => {
                    // Sticky attributes an episode added and a later batch of the group removed
                    // stay; no kept episode mentions the entity, so apply sets them by name.
                    if !mentioned.contains(key.as_str()) {
                        plan.attrs_only.push(key.clone());
                    }
                    plan.entity_attrs.insert(key, a);
                }
                Some(_) => {}
            }
        }
        for (fk, st) in self.facts {
            match (st.supports, st.created) {
                (0, _) if st.existed => plan.orphan_facts.push(fk),
                (0, _) | (_, None) => {}
                (_, Some(wording)) => {
                    if st.existed {
                        // Orphaned and stated again inside the group: its wording is the new one.
                        plan.revived_facts.push(fk.clone());
                    }
                    plan.new_facts.insert(fk, wording);
                }
            }
        }
        plan
    }
}

/// Plans `batches` in order against `g` (None: the tenant has no data yet).
pub(crate) fn plan_group<'a>(g: Option<&TenantGraph>, batches: &'a [WriteBatch]) -> GroupPlan<'a> {
    let mut shadow = Shadow {
        g,
        next_seq: g.map_or(0, |g| g.next_seq),
        new_eps: Vec::new(),
        new_ids: HashMap::new(),
        doc_new: HashMap::new(),
        gone: HashSet::new(),
        docs: HashMap::new(),
        ents: HashMap::new(),
        facts: HashMap::new(),
        deleted: Vec::new(),
    };
    let reports = batches.iter().map(|b| shadow.batch(b)).collect();
    let mut plan = shadow.finish();
    plan.skipped = 0;
    GroupPlan { plan, reports }
}
