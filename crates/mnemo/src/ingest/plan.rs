//! Ingesting in two steps, so that the result does not depend on timing: `extract_document`
//! (chunking and extraction, the CPU-heavy part, which reads nothing but the stored content hash)
//! runs for many documents in parallel and in any order; `plan_document` (name resolution and the
//! batch) runs in input order, against the store plus the documents planned before and not yet
//! written (the write group's overlay). Each document is thus planned exactly as if it were
//! written alone after the ones before it: same input in the same order, same graph, whatever the
//! grouping, the number of threads, or where an earlier run was interrupted.

use std::collections::HashMap;

use futures::{StreamExt, TryStreamExt};
use mnemo_core::{
    content_hash, Document, Entity, EntityKey, Episode, EpisodeKind, EpisodeWrite, WriteBatch,
};
use mnemo_extract::{Chunk, Extraction};

use super::{DocumentInput, PreparedDocument, WriteGroup};
use crate::{Error, ExtractContext, Mnemo, Result};

/// A document chunked and extracted, its names not resolved yet (see `Mnemo::plan_document`).
#[derive(Debug, Clone)]
pub struct ExtractedDocument {
    document_id: String,
    source: String,
    /// Hash of the text that is chunked.
    hash: String,
    /// The hash of the version stored when it was extracted (None: not stored).
    stored: Option<String>,
    /// Empty when the stored version was the same: an unchanged document is not chunked.
    chunks: Vec<Chunk>,
    /// One per chunk; None when the stored version was the same (nothing was extracted).
    extractions: Option<Vec<Extraction>>,
    /// The text of a document that was not chunked, in case planning finds it changed after all
    /// (a version of it written earlier in the same run).
    unchunked: Option<String>,
}

impl ExtractedDocument {
    pub fn document_id(&self) -> &str {
        &self.document_id
    }
}

/// A document planned on top of a write group: push it into that group
/// (`WriteGroup::push_planned`).
#[derive(Debug, Clone)]
pub struct PlannedDocument {
    pub(super) doc: PreparedDocument,
    /// The stored state of the entities it mentions, as planning read it.
    pub(super) stored: HashMap<EntityKey, Entity>,
    /// It replaces a stored version: later documents are planned after it is written.
    pub(super) replaces: bool,
}

impl PlannedDocument {
    pub fn document(&self) -> &PreparedDocument {
        &self.doc
    }
}

impl Mnemo {
    /// Chunks and extracts a document; reads only the stored content hash, resolves nothing.
    /// Safe to run for many documents at once, in any order.
    pub async fn extract_document(&self, doc: &DocumentInput) -> Result<ExtractedDocument> {
        if doc.text.trim().is_empty() {
            return Err(Error::InvalidInput(format!(
                "{}: document is empty",
                doc.source
            )));
        }
        let document_id = doc.document_id();
        let text = doc.full_text();
        let hash = content_hash(&text);
        let stored = self
            .store
            .get_document(&self.tenant, &document_id)
            .await?
            .map(|d| d.content_hash);
        // Most documents of a re-run are unchanged: chunking them (tokenizing every word) was
        // most of such a run's time.
        if stored.as_deref() == Some(hash.as_str()) {
            return Ok(ExtractedDocument {
                document_id,
                source: doc.source.clone(),
                hash,
                stored,
                chunks: Vec::new(),
                extractions: None,
                unchunked: Some(text),
            });
        }
        let chunks = mnemo_extract::chunk_text(&text, &self.options.chunk);
        let extractions = Some(self.extract_chunks(&chunks).await?);
        Ok(ExtractedDocument {
            document_id,
            source: doc.source.clone(),
            hash,
            stored,
            chunks,
            extractions,
            unchunked: None,
        })
    }

    async fn extract_chunks(&self, chunks: &[Chunk]) -> Result<Vec<Extraction>> {
        let ctx = ExtractContext::default();
        let extractor = &self.extractor;
        // Futures collected first: a closure inside the stream would make the future non-Send.
        let calls: Vec<_> = chunks
            .iter()
            .map(|chunk| extractor.extract(&chunk.text, &ctx))
            .collect();
        Ok(futures::stream::iter(calls)
            .buffered(self.options.extract_concurrency.max(1))
            .try_collect()
            .await?)
    }

    /// Plans an extracted document as if every document of `group` were written: resolves its
    /// names against the store seen through the group's overlay and builds its batch, timed now.
    /// Call in input order. Returns None when the group must be written first: the document
    /// appeared before in this run (what is stored of it is only known once the group is
    /// written), the group holds a document the overlay cannot model (one replacing a stored
    /// version: the documents after it wait until it is written), or a name matches a planned
    /// one only through accent folding. Never None for an empty group. A batch
    /// that fails validation is an error here, so a group never plans on a document that cannot
    /// be written.
    pub async fn plan_document<T>(
        &self,
        doc: &ExtractedDocument,
        group: &WriteGroup<T>,
    ) -> Result<Option<PlannedDocument>> {
        let again = group.has_planned(&doc.document_id);
        if !group.is_empty() && (again || group.overlay().opaque) {
            return Ok(None);
        }
        // Written earlier in this run: what is stored now is that version.
        let stored = match again {
            true => self
                .store
                .get_document(&self.tenant, &doc.document_id)
                .await?
                .map(|d| d.content_hash),
            false => doc.stored.clone(),
        };
        if stored.as_deref() == Some(doc.hash.as_str()) {
            return Ok(Some(PlannedDocument {
                doc: PreparedDocument::Unchanged {
                    document_id: doc.document_id.clone(),
                    content_hash: doc.hash.clone(),
                },
                stored: HashMap::new(),
                replaces: false,
            }));
        }
        let chunked;
        let doc = match &doc.unchunked {
            Some(text) => {
                chunked = ExtractedDocument {
                    chunks: mnemo_extract::chunk_text(text, &self.options.chunk),
                    unchunked: None,
                    ..doc.clone()
                };
                &chunked
            }
            None => doc,
        };
        let mut extractions = match &doc.extractions {
            Some(x) => x.clone(),
            None => self.extract_chunks(&doc.chunks).await?,
        };
        let resolution = self
            .resolve_all(&mut extractions, Some(group.overlay()))
            .await?;
        if resolution.unsure {
            return Ok(None);
        }
        let (document, n_entities, n_facts) = self.batch(doc, extractions);
        document.validate()?;
        Ok(Some(PlannedDocument {
            doc: PreparedDocument::Ready {
                document_id: doc.document_id.clone(),
                batch: document,
                entities: n_entities,
                facts: n_facts,
            },
            stored: resolution.stored,
            replaces: stored.is_some(),
        }))
    }

    /// The batch of a resolved document: one episode per chunk, all timed now.
    fn batch(
        &self,
        doc: &ExtractedDocument,
        extractions: Vec<Extraction>,
    ) -> (WriteBatch, u64, u64) {
        let now = self.now();
        let mut episodes = Vec::with_capacity(doc.chunks.len());
        let (mut n_entities, mut n_facts) = (0u64, 0u64);
        for (chunk, extraction) in doc.chunks.iter().zip(extractions) {
            n_entities += extraction.entities.len() as u64;
            n_facts += extraction.facts.len() as u64;
            let chunk_hash = content_hash(&chunk.text);
            episodes.push(EpisodeWrite {
                episode: Episode {
                    // Content in the id: a changed chunk is a new episode, an unchanged one is kept.
                    id: format!("{}:{}:{}", doc.document_id, chunk.index, &chunk_hash[..16]),
                    kind: EpisodeKind::DocumentChunk,
                    content: chunk.text.clone(),
                    created_at: now,
                    source: doc.source.clone(),
                    content_hash: chunk_hash,
                    document_id: Some(doc.document_id.clone()),
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
                id: doc.document_id.clone(),
                source: doc.source.clone(),
                content_hash: doc.hash.clone(),
                created_at: now,
            }),
            episodes,
        };
        (batch, n_entities, n_facts)
    }
}

#[cfg(test)]
mod tests;
