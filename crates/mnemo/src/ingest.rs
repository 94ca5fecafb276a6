//! `Mnemo::ingest_document`: a document is chunked, each chunk extracted into an episode, and the
//! whole document written in one atomic batch. Re-ingesting unchanged content writes nothing; changed
//! content replaces the document's old episodes exactly. Consecutive documents may be written as one
//! group (`group.rs`), each still atomic.

use mnemo_core::{content_hash, WriteBatch};
use serde::{Deserialize, Serialize};

use crate::{Error, Mnemo, Result};

/// A document to ingest.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DocumentInput {
    /// Where it came from (a path, a URL, "stdin", ...). Identifies the document when `id` is None.
    pub source: String,
    /// An explicit id (e.g. a JSONL row's id); any string, hashed into a store id.
    pub id: Option<String>,
    pub title: Option<String>,
    pub text: String,
}

impl DocumentInput {
    /// The stable store id: a hash of the explicit id, or else of the source.
    pub fn document_id(&self) -> String {
        let basis = match &self.id {
            Some(id) => format!("id|{id}"),
            None => format!("source|{}", self.source),
        };
        format!("doc:{}", &content_hash(&basis)[..24])
    }
}

impl DocumentInput {
    /// The text that is chunked: the title as a first line when the text does not already start
    /// with it (JSONL passages usually don't), so the document's subject is part of its content.
    pub fn full_text(&self) -> String {
        match &self.title {
            Some(t) if !t.trim().is_empty() => {
                let head = self.text.trim_start().trim_start_matches('#').trim_start();
                if head.starts_with(t.trim()) {
                    self.text.clone()
                } else {
                    format!("{}\n\n{}", t.trim(), self.text)
                }
            }
            _ => self.text.clone(),
        }
    }
}

/// What happened to one document.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "outcome", rename_all = "snake_case")]
pub enum IngestOutcome {
    Ingested {
        document_id: String,
        episodes: u64,
        entities: u64,
        facts: u64,
        /// Episodes of an older version of the document that were replaced.
        replaced: u64,
    },
    /// Same content as stored: nothing written.
    Unchanged { document_id: String },
}

/// A document made ready for writing: extraction done, nothing written yet. Preparing is the
/// CPU-heavy part and may run for several documents in parallel; writing is one atomic batch.
#[derive(Debug, Clone)]
pub enum PreparedDocument {
    /// Same content as stored: nothing to write.
    Unchanged {
        document_id: String,
        /// The hash of the content (equal to the stored one).
        content_hash: String,
    },
    Ready {
        document_id: String,
        batch: WriteBatch,
        entities: u64,
        facts: u64,
    },
}

impl PreparedDocument {
    /// The document's id and the hash of its content: what a resumed ingest checks the store for.
    pub fn identity(&self) -> (&str, &str) {
        match self {
            PreparedDocument::Unchanged {
                document_id,
                content_hash,
            } => (document_id, content_hash),
            PreparedDocument::Ready {
                document_id, batch, ..
            } => (
                document_id,
                batch
                    .document
                    .as_ref()
                    .map_or("", |d| d.content_hash.as_str()),
            ),
        }
    }
}

impl Mnemo {
    /// Ingests one document atomically (see the module docs).
    pub async fn ingest_document(&self, doc: &DocumentInput) -> Result<IngestOutcome> {
        let prepared = self.prepare_document(doc).await?;
        self.write_prepared(&prepared).await
    }

    /// Chunks, extracts and plans a document on its own, against the store as it is now, without
    /// writing it (skips it if stored unchanged). To ingest many documents, extract them in
    /// parallel (`extract_document`) and plan them in order (`plan_document`) instead.
    pub async fn prepare_document(&self, doc: &DocumentInput) -> Result<PreparedDocument> {
        let extracted = self.extract_document(doc).await?;
        let alone: WriteGroup<()> = WriteGroup::new(GroupLimits::default());
        match self.plan_document(&extracted, &alone).await? {
            Some(planned) => Ok(planned.doc),
            None => Err(Error::Internal(
                "planning against an empty group never waits".into(),
            )),
        }
    }

    /// Writes a prepared document in one atomic batch. Idempotent: safe to retry after a failure.
    pub async fn write_prepared(&self, prepared: &PreparedDocument) -> Result<IngestOutcome> {
        match prepared {
            PreparedDocument::Unchanged { document_id, .. } => Ok(IngestOutcome::Unchanged {
                document_id: document_id.clone(),
            }),
            PreparedDocument::Ready { batch, .. } => {
                let report = self.store.write(&self.tenant, batch).await?;
                Ok(group::outcome(prepared, report))
            }
        }
    }
}

mod group;
pub(crate) mod overlay;
mod plan;
#[cfg(test)]
mod tests;

pub use group::{GroupLimits, WriteGroup};
pub use plan::{ExtractedDocument, PlannedDocument};
