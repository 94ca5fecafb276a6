//! Group commit for ingestion: consecutive prepared documents are written with one
//! `GraphStore::write_many` call (one transaction and one fsync on the embedded store) instead of
//! one write each. Each document stays atomic; when the group fails, its documents are written one
//! by one so that a bad document is isolated and reported while the others land.

use std::collections::HashSet;
use std::time::{Duration, Instant};

use mnemo_core::WriteBatch;

use super::overlay::Overlay;
use super::{IngestOutcome, PlannedDocument, PreparedDocument};
use crate::{Mnemo, Result};

/// When a group of prepared documents is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GroupLimits {
    /// At most this many documents per group (1: every document alone).
    pub max_documents: usize,
    /// A group is written once its documents hold this many extracted facts.
    pub max_facts: u64,
    /// A group is written at the latest this long after its first document joined it, so a slow
    /// extractor does not hold finished documents back.
    pub max_wait: Duration,
}

impl Default for GroupLimits {
    fn default() -> Self {
        GroupLimits {
            max_documents: 64,
            max_facts: 20_000,
            max_wait: Duration::from_millis(200),
        }
    }
}

/// Prepared documents waiting to be written together, each with the caller's `T` (e.g. where it
/// came from and its position in the input, to checkpoint once the group is durable). Documents
/// planned with `Mnemo::plan_document` see the group's documents as written (its overlay); keep
/// one group for a whole run, since it also remembers which documents the run planned.
#[derive(Debug)]
pub struct WriteGroup<T> {
    limits: GroupLimits,
    items: Vec<(PreparedDocument, T)>,
    facts: u64,
    opened: Option<Instant>,
    overlay: Overlay,
    /// Ids of the documents planned for writing in this run (a later version must be planned
    /// against what the store then holds).
    planned: HashSet<String>,
}

impl<T> WriteGroup<T> {
    pub fn new(limits: GroupLimits) -> Self {
        WriteGroup {
            limits,
            items: Vec::new(),
            facts: 0,
            opened: None,
            overlay: Overlay::default(),
            planned: HashSet::new(),
        }
    }

    /// Adds a document planned on top of this group (`Mnemo::plan_document`); documents planned
    /// after it see it as written.
    pub fn push_planned(&mut self, planned: PlannedDocument, tag: T) {
        if let PreparedDocument::Ready {
            document_id, batch, ..
        } = &planned.doc
        {
            self.overlay.add(batch, &planned.stored);
            self.overlay.opaque |= planned.replaces;
            self.planned.insert(document_id.clone());
        }
        self.push_prepared(planned.doc, tag);
    }

    /// Adds a document prepared on its own (`Mnemo::prepare_document`): its effect on later
    /// documents is unknown, so the next one is planned after the group is written.
    pub fn push(&mut self, doc: PreparedDocument, tag: T) {
        if let PreparedDocument::Ready { document_id, .. } = &doc {
            self.overlay.opaque = true;
            self.planned.insert(document_id.clone());
        }
        self.push_prepared(doc, tag);
    }

    fn push_prepared(&mut self, doc: PreparedDocument, tag: T) {
        if let PreparedDocument::Ready { facts, .. } = &doc {
            self.facts += facts;
        }
        self.opened.get_or_insert_with(Instant::now);
        self.items.push((doc, tag));
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// True when the group must be written now: full, or open for `max_wait`.
    pub fn is_due(&self) -> bool {
        !self.items.is_empty()
            && (self.items.len() >= self.limits.max_documents.max(1)
                || self.facts >= self.limits.max_facts
                || self.remaining() == Some(Duration::ZERO))
    }

    /// Time left before the group is due by age; None while it is empty.
    pub fn remaining(&self) -> Option<Duration> {
        self.opened
            .map(|t| self.limits.max_wait.saturating_sub(t.elapsed()))
    }

    /// Forgets the store reads remembered while the group is open: call after writing anything
    /// to the store other than through this group (written groups forget them themselves).
    pub fn forget_reads(&mut self) {
        if let Ok(mut reads) = self.overlay.reads.lock() {
            *reads = Default::default();
        }
    }

    pub(super) fn overlay(&self) -> &Overlay {
        &self.overlay
    }

    /// Whether this run planned a version of the document for writing.
    pub(super) fn has_planned(&self, document_id: &str) -> bool {
        self.planned.contains(document_id)
    }

    /// Empties the group, handing back its documents in order (to be written now: documents
    /// planned next see them in the store).
    pub fn take(&mut self) -> Vec<(PreparedDocument, T)> {
        self.facts = 0;
        self.opened = None;
        self.overlay.clear();
        std::mem::take(&mut self.items)
    }
}

impl Mnemo {
    /// Writes prepared documents in order with one `write_many` call; returns one outcome per
    /// document. When that call fails, the documents are written one by one, so each outcome is
    /// that document's own (a bad document fails alone; the others land). Every write is
    /// idempotent, so documents a partial group already wrote are simply skipped the second time.
    pub async fn write_prepared_group(
        &self,
        docs: &[PreparedDocument],
    ) -> Vec<Result<IngestOutcome>> {
        let batches: Vec<WriteBatch> = docs
            .iter()
            .filter_map(|d| match d {
                PreparedDocument::Ready { batch, .. } => Some(batch.clone()),
                PreparedDocument::Unchanged { .. } => None,
            })
            .collect();
        if batches.len() <= 1 {
            return self.one_by_one(docs).await;
        }
        match self.store.write_many(&self.tenant, &batches).await {
            Ok(reports) if reports.len() == batches.len() => {
                let mut reports = reports.into_iter();
                docs.iter()
                    .map(|d| Ok(outcome(d, reports.next().unwrap_or_default())))
                    .collect()
            }
            Ok(reports) => {
                tracing::error!(
                    expected = batches.len(),
                    got = reports.len(),
                    "write_many returned the wrong number of reports; writing one by one"
                );
                self.one_by_one(docs).await
            }
            Err(e) => {
                tracing::warn!(error = %e, documents = batches.len(), "group write failed; writing its documents one by one");
                self.one_by_one(docs).await
            }
        }
    }

    async fn one_by_one(&self, docs: &[PreparedDocument]) -> Vec<Result<IngestOutcome>> {
        let mut out = Vec::with_capacity(docs.len());
        for d in docs {
            out.push(self.write_prepared(d).await);
        }
        out
    }
}

#[cfg(test)]
mod tests;

/// The outcome of a prepared document written with `report`.
pub(super) fn outcome(doc: &PreparedDocument, report: mnemo_core::WriteReport) -> IngestOutcome {
    match doc {
        PreparedDocument::Unchanged { document_id, .. } => IngestOutcome::Unchanged {
            document_id: document_id.clone(),
        },
        PreparedDocument::Ready {
            document_id,
            entities,
            facts,
            ..
        } => {
            tracing::debug!(document = %document_id, ?report, "ingested");
            IngestOutcome::Ingested {
                document_id: document_id.clone(),
                episodes: report.episodes_written,
                entities: *entities,
                facts: *facts,
                replaced: report.episodes_replaced,
            }
        }
    }
}
