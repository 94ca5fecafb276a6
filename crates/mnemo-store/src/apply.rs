//! Applying a `Plan` to a tenant graph: inserting episodes with their mentions and fact supports,
//! deleting episodes and whatever only they supported, keeping aggregates and adjacency order exact.

use std::collections::HashMap;
use std::sync::Arc;

use mnemo_core::{DeleteReport, EpisodeWrite, WriteReport};

use crate::body::Body;
use crate::graph::{Attrs, TenantGraph};
use crate::handles::Slot;
use crate::plan::{merge_attrs, FactKey, Plan};
use crate::records::{EpisodeRec, FactRec, NO_THREAD};
use crate::supports::Supports;

/// What applying a plan changed.
#[derive(Debug, Default)]
pub(crate) struct Applied {
    pub write: WriteReport,
    pub delete: DeleteReport,
}

impl TenantGraph {
    /// Applies a plan. `keep_bodies` keeps full episodes in memory (no disk to read them back from).
    pub fn apply(&mut self, plan: &Plan<'_>, keep_bodies: bool) -> Applied {
        let mut out = Applied::default();
        for doc in &plan.upsert_documents {
            self.documents
                .insert(Arc::from(doc.id.as_str()), (*doc).clone());
        }
        for &(seq, ew) in &plan.new_episodes {
            self.insert_episode(
                seq,
                ew,
                &plan.entity_attrs,
                &plan.new_facts,
                keep_bodies,
                &mut out.write,
            );
        }
        for key in &plan.attrs_only {
            if let (Some(n), Some(a)) = (self.node(key), plan.entity_attrs.get(key)) {
                self.set_attrs(n, a);
            }
        }
        for fk in &plan.revived_facts {
            if let (Some(e), Some(w)) =
                (self.fact_edge(&fk.0, &fk.1, &fk.2), plan.new_facts.get(fk))
            {
                self.graph[e].predicate = self.strings.intern(w);
            }
        }
        out.write.episodes_written = plan.new_episodes.len() as u64;
        out.write.episodes_skipped = plan.skipped;
        for d in &plan.deleted {
            self.remove_episode(d.slot, &mut out.delete);
        }
        out.write.episodes_replaced = out.delete.episodes;
        if let Some(id) = &plan.remove_document {
            if self.documents.remove(id.as_str()).is_some() {
                out.delete.documents += 1;
            }
        }
        self.rebuild_tops();
        out
    }

    /// Inserts one episode. Used both for live writes and for replaying the disk log on open.
    pub fn insert_episode(
        &mut self,
        seq: u64,
        ew: &EpisodeWrite,
        attrs: &HashMap<String, Attrs>,
        predicates: &HashMap<FactKey, String>,
        keep_body: bool,
        report: &mut WriteReport,
    ) {
        let ep = &ew.episode;
        let id: Arc<str> = Arc::from(ep.id.as_str());
        let document: Option<Arc<str>> = ep.document_id.as_deref().map(Arc::from);
        let thread = ep.thread().map_or(NO_THREAD, |t| self.strings.intern(&t));
        let rec = EpisodeRec {
            id: id.clone(),
            seq,
            created_at: ep.created_at,
            document: document.clone(),
            thread,
            span_start: ep.span.map_or(0, |s| s.0),
            entities: Box::new([]),
            facts: Box::new([]),
            body: keep_body.then(|| Box::new(Body::new(ep, &mut self.strings))),
        };
        let slot = match self.free_slots.pop() {
            Some(s) => {
                self.episodes[s as usize] = Some(rec);
                s
            }
            None => {
                self.episodes.push(Some(rec));
                Slot::try_from(self.episodes.len() - 1).unwrap_or(Slot::MAX)
            }
        };
        self.episode_ids.insert(&self.episodes, slot);
        if thread != NO_THREAD {
            let pos = self.thread_pos(slot);
            self.threads.entry(thread).or_default().insert(pos);
        }
        if let Some(d) = document {
            self.doc_episodes.entry(d).or_default().push(slot);
        }
        self.next_seq = self.next_seq.max(seq + 1);

        let mut nodes = Vec::with_capacity(ew.entities.len());
        for e in &ew.entities {
            let key = e.key.as_str();
            let n = match self.node(key) {
                Some(n) => {
                    if let Some(a) = attrs.get(key) {
                        self.set_attrs(n, a);
                    }
                    n
                }
                None => {
                    let a = attrs
                        .get(key)
                        .cloned()
                        .unwrap_or_else(|| merge_attrs(None, e));
                    report.entities_created += 1;
                    self.add_entity(&e.key, &a)
                }
            };
            if nodes.contains(&n) {
                continue;
            }
            nodes.push(n);
            let pos = self.graph[n]
                .mentions
                .binary_search_by(|&x| self.ep_cmp(x, slot))
                .unwrap_or_else(|p| p);
            self.graph[n].mentions.insert(pos, slot);
            self.top_improved(n);
            self.mention_count += 1;
            report.mentions_created += 1;
        }

        let mut edges = Vec::with_capacity(ew.facts.len());
        for f in &ew.facts {
            let (Some(s), Some(o)) = (self.node(f.subject.as_str()), self.node(f.object.as_str()))
            else {
                // `WriteBatch::validate` guarantees both ends are among the episode's entities.
                tracing::error!(episode = %ep.id, "fact end missing after validation");
                continue;
            };
            let rel = self.strings.intern(f.rel_type.as_str());
            if let Some(e) = self.facts.get(&self.graph, s, rel, o) {
                self.unlink_adj(e);
                if edges.contains(&e) {
                    // The same episode states the fact twice: keep its higher confidence.
                    self.graph[e].supports.raise(slot, f.confidence);
                } else {
                    let pos = self.graph[e]
                        .supports
                        .binary_search_by(|&(x, _)| self.ep_cmp(x, slot))
                        .unwrap_or_else(|p| p);
                    self.graph[e].supports.insert(pos, (slot, f.confidence));
                    edges.push(e);
                }
                self.link_adj(e);
                self.set_occurred(slot, e, f.occurred.as_deref());
            } else {
                let fk: FactKey = (
                    f.subject.to_string(),
                    f.rel_type.to_string(),
                    f.object.to_string(),
                );
                let wording = predicates.get(&fk).unwrap_or(&f.predicate);
                let predicate = self.strings.intern(wording);
                let e = self.graph.add_edge(
                    s,
                    o,
                    FactRec {
                        rel,
                        predicate,
                        supports: Supports::one((slot, f.confidence)),
                    },
                );
                self.facts.insert(&self.graph, e);
                self.link_adj(e);
                self.set_occurred(slot, e, f.occurred.as_deref());
                report.facts_created += 1;
                edges.push(e);
            }
        }
        // In key order, so readers of an episode's entities (`episode_entities`) need not sort.
        nodes.sort_by(|&a, &b| self.graph[a].key.cmp(&self.graph[b].key));
        if let Some(Some(rec)) = self.episodes.get_mut(slot as usize) {
            rec.entities = nodes.into_boxed_slice();
            rec.facts = edges.into_boxed_slice();
        }
    }

    /// Records the event time episode `slot` gives fact `e`; an episode stating a fact twice
    /// keeps the first time it gives.
    fn set_occurred(&mut self, slot: Slot, e: crate::handles::Edge, occurred: Option<&str>) {
        if let Some(t) = occurred {
            if !self.occurred.contains_key(&(slot, e)) {
                let t = self.strings.intern(t);
                self.occurred.insert((slot, e), t);
            }
        }
    }

    /// Removes one episode, its mentions and fact supports (with their event times), and
    /// whatever is left unsupported.
    pub fn remove_episode(&mut self, slot: Slot, report: &mut DeleteReport) {
        let Some(Some(rec)) = self.episodes.get(slot as usize) else {
            return;
        };
        let (nodes, edges) = (rec.entities.clone(), rec.facts.clone());
        for &e in edges.iter() {
            self.unlink_adj(e);
            self.occurred.remove(&(slot, e));
            let fr = &mut self.graph[e];
            fr.supports.retain(|sp| sp.0 != slot);
            if fr.supports.is_empty() {
                self.facts.remove(&self.graph, e);
                self.graph.remove_edge(e);
                report.facts += 1;
            } else {
                self.link_adj(e);
            }
        }
        for &n in nodes.iter() {
            let pos = self.graph[n]
                .mentions
                .binary_search_by(|&x| self.ep_cmp(x, slot));
            let mentions = &mut self.graph[n].mentions;
            match pos {
                // An equal neighbour may be another slot holding the same episode id (a group of
                // writes that replaced an episode and wrote it again), hence the check.
                Ok(p) if mentions[p] == slot => {
                    mentions.remove(p);
                }
                _ => mentions.retain(|&x| x != slot),
            }
            self.top_worsened(n);
            self.mention_count = self.mention_count.saturating_sub(1);
            if self.graph[n].mentions.is_empty() {
                self.remove_entity(n);
                report.entities += 1;
            }
        }
        if let Some(rec) = self.episodes.get_mut(slot as usize).and_then(Option::take) {
            // A group of writes may have stored the same id again in another slot already.
            self.episode_ids.remove(&rec.id, slot);
            if let Some(set) = self.threads.get_mut(&rec.thread) {
                set.remove(&(rec.created_at.timestamp_micros(), rec.span_start, slot));
                if set.is_empty() {
                    self.threads.remove(&rec.thread);
                }
            }
            if let Some(d) = &rec.document {
                if let Some(list) = self.doc_episodes.get_mut(d) {
                    list.retain(|&x| x != slot);
                    if list.is_empty() {
                        self.doc_episodes.remove(d);
                    }
                }
            }
            self.free_slots.push(slot);
            report.episodes += 1;
        }
    }
}
