//! `Mnemo::ingest_document`: a document is chunked, each chunk extracted into an episode, and the
//! whole document written in one atomic batch. Re-ingesting unchanged content writes nothing; changed
//! content replaces the document's old episodes exactly. Consecutive documents may be written as one
//! group (`group.rs`), each still atomic.

use futures::{StreamExt, TryStreamExt};
use mnemo_core::{content_hash, Document, Episode, EpisodeKind, EpisodeWrite, WriteBatch};
use serde::{Deserialize, Serialize};

use crate::{Error, ExtractContext, Mnemo, Result};

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

    /// Chunks and extracts a document without writing it (skips it if stored unchanged).
    pub async fn prepare_document(&self, doc: &DocumentInput) -> Result<PreparedDocument> {
        if doc.text.trim().is_empty() {
            return Err(Error::InvalidInput(format!(
                "{}: document is empty",
                doc.source
            )));
        }
        let document_id = doc.document_id();
        let text = doc.full_text();
        let hash = content_hash(&text);
        if let Some(stored) = self.store.get_document(&self.tenant, &document_id).await? {
            if stored.content_hash == hash {
                return Ok(PreparedDocument::Unchanged {
                    document_id,
                    content_hash: hash,
                });
            }
        }
        let now = self.now();
        let chunks = mnemo_extract::chunk_text(&text, &self.options.chunk);
        let ctx = ExtractContext::default();
        let extractor = &self.extractor;
        // Futures collected first: a closure inside the stream would make the future non-Send.
        let calls: Vec<_> = chunks
            .iter()
            .map(|chunk| extractor.extract(&chunk.text, &ctx))
            .collect();
        let mut extractions: Vec<_> = futures::stream::iter(calls)
            .buffered(self.options.extract_concurrency.max(1))
            .try_collect()
            .await?;
        for extraction in &mut extractions {
            self.resolve_with_store(extraction).await?;
        }
        let mut episodes = Vec::with_capacity(chunks.len());
        let (mut n_entities, mut n_facts) = (0u64, 0u64);
        for (chunk, extraction) in chunks.into_iter().zip(extractions) {
            n_entities += extraction.entities.len() as u64;
            n_facts += extraction.facts.len() as u64;
            let chunk_hash = content_hash(&chunk.text);
            episodes.push(EpisodeWrite {
                episode: Episode {
                    // Content in the id: a changed chunk is a new episode, an unchanged one is kept.
                    id: format!("{document_id}:{}:{}", chunk.index, &chunk_hash[..16]),
                    kind: EpisodeKind::DocumentChunk,
                    content: chunk.text,
                    created_at: now,
                    source: doc.source.clone(),
                    content_hash: chunk_hash,
                    document_id: Some(document_id.clone()),
                    span: Some((chunk.start as u64, chunk.end as u64)),
                    speaker: None,
                    session: None,
                },
                entities: extraction.entities,
                facts: extraction.facts,
            });
        }
        let batch = WriteBatch {
            document: Some(Document {
                id: document_id.clone(),
                source: doc.source.clone(),
                content_hash: hash,
                created_at: now,
            }),
            episodes,
        };
        Ok(PreparedDocument::Ready {
            document_id,
            batch,
            entities: n_entities,
            facts: n_facts,
        })
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
#[cfg(test)]
mod tests;

pub use group::{GroupLimits, WriteGroup};
