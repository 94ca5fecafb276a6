//! Document batches over the API: request and result types, and the loop that ingests a batch one
//! document at a time. A bad document is reported and the batch goes on; each document is atomic.

use mnemo::{DocumentInput, IngestOutcome, Mnemo};
use mnemo_core::content_hash;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use tokio_util::sync::CancellationToken;
use utoipa::ToSchema;

use crate::error::ErrorDetail;
use crate::ApiError;

/// Documents to ingest (`POST /v1/ingest`, MCP `ingest`).
#[derive(Debug, Clone, Deserialize, ToSchema, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct IngestRequest {
    /// The documents, at least one. Each is split into chunks whose entities and facts are
    /// stored; unchanged documents are skipped. MCP takes at most 100 per call; over HTTP large
    /// batches run in the background (202 with a job id).
    #[schemars(length(min = 1, max = 100))]
    pub documents: Vec<DocumentBody>,
}

/// One document.
#[derive(Debug, Clone, Deserialize, ToSchema, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DocumentBody {
    /// The full text of the document; it is chunked, and each chunk becomes an episode.
    pub text: String,
    /// Optional stable id of your choosing: ingesting the same id again replaces that document
    /// (or changes nothing when the text is the same).
    #[serde(default)]
    pub id: Option<String>,
    /// Optional title, prepended to the text when the text does not start with it.
    #[serde(default)]
    pub title: Option<String>,
    /// Optional origin (a path or URL). Identifies the document when `id` is absent; without
    /// both, the document is identified by its content.
    #[serde(default)]
    pub source: Option<String>,
}

impl DocumentBody {
    pub fn into_input(self) -> DocumentInput {
        let source = match (self.source, &self.id) {
            (Some(s), _) if !s.trim().is_empty() => s,
            (_, Some(_)) => "api".to_string(),
            _ => format!("api:{}", &content_hash(&self.text)[..16]),
        };
        DocumentInput {
            source,
            id: self.id,
            title: self.title,
            text: self.text,
        }
    }
}

/// What happened to one document of a batch.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct DocResult {
    /// Position of the document in the request.
    pub index: usize,
    /// `ingested`, `unchanged` (same content already stored) or `failed`.
    pub outcome: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub document_id: Option<String>,
    #[serde(default)]
    pub episodes: u64,
    #[serde(default)]
    pub entities: u64,
    #[serde(default)]
    pub facts: u64,
    /// Episodes of an older version of the document that were replaced.
    #[serde(default)]
    pub replaced: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<ErrorDetail>,
}

impl DocResult {
    fn from_outcome(index: usize, r: Result<IngestOutcome, mnemo::Error>) -> Self {
        let mut d = DocResult {
            index,
            outcome: String::new(),
            document_id: None,
            episodes: 0,
            entities: 0,
            facts: 0,
            replaced: 0,
            error: None,
        };
        match r {
            Ok(IngestOutcome::Ingested {
                document_id,
                episodes,
                entities,
                facts,
                replaced,
            }) => {
                d.outcome = "ingested".into();
                d.document_id = Some(document_id);
                (d.episodes, d.entities, d.facts, d.replaced) =
                    (episodes, entities, facts, replaced);
            }
            Ok(IngestOutcome::Unchanged { document_id }) => {
                d.outcome = "unchanged".into();
                d.document_id = Some(document_id);
            }
            Err(e) => {
                d.outcome = "failed".into();
                d.error = Some(ApiError::from(e).body().error);
            }
        }
        d
    }
}

/// Result of a batch ingested synchronously.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
pub struct IngestResponse {
    pub ingested: u64,
    pub unchanged: u64,
    pub failed: u64,
    pub results: Vec<DocResult>,
}

impl IngestResponse {
    pub(crate) fn add(&mut self, r: DocResult) {
        match r.outcome.as_str() {
            "ingested" => self.ingested += 1,
            "unchanged" => self.unchanged += 1,
            _ => self.failed += 1,
        }
        self.results.push(r);
    }
}

/// Checks a batch before anything is written.
pub(crate) fn validate(req: &IngestRequest) -> Result<(), ApiError> {
    if req.documents.is_empty() {
        return Err(ApiError::invalid(
            "`documents` is empty: send at least one document",
        ));
    }
    Ok(())
}

/// Total text bytes of a batch (decides synchronous vs background).
pub(crate) fn batch_bytes(req: &IngestRequest) -> usize {
    req.documents
        .iter()
        .map(|d| d.text.len() + d.title.as_ref().map_or(0, String::len))
        .sum()
}

/// Ingests documents in order, calling `on_result` after each. Stops before the next document
/// once `cancel` fires (the document in progress is finished: documents are atomic).
/// Returns false when it stopped early.
pub(crate) async fn ingest_all(
    mnemo: &Mnemo,
    docs: Vec<DocumentBody>,
    cancel: &CancellationToken,
    mut on_result: impl FnMut(DocResult),
) -> bool {
    for (index, doc) in docs.into_iter().enumerate() {
        if cancel.is_cancelled() {
            return false;
        }
        let input = doc.into_input();
        let r = mnemo.ingest_document(&input).await;
        if let Err(e) = &r {
            tracing::debug!(index, source = %input.source, error = %e, "document failed");
        }
        on_result(DocResult::from_outcome(index, r));
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn documents_without_id_or_source_are_identified_by_content() {
        let body = |text: &str, id: Option<&str>, source: Option<&str>| DocumentBody {
            text: text.into(),
            id: id.map(Into::into),
            title: None,
            source: source.map(Into::into),
        };
        let a = body("Ada Lovelace wrote notes.", None, None).into_input();
        let b = body("Ada Lovelace wrote notes.", None, None).into_input();
        let c = body("Something else entirely.", None, None).into_input();
        assert_eq!(a.document_id(), b.document_id());
        assert_ne!(a.document_id(), c.document_id());
        let with_id = body("x", Some("doc-1"), None).into_input();
        let same_id = body("y", Some("doc-1"), Some("")).into_input();
        assert_eq!(with_id.document_id(), same_id.document_id());
        assert_eq!(
            body("x", None, Some("file.md")).into_input().source,
            "file.md"
        );
    }
}
