//! `Mnemo::remember`: one piece of text (a chat turn, an agent answer, a note) becomes an episode
//! with its entities and facts, written in one atomic batch.

use mnemo_core::{content_hash, Episode, EpisodeKind, EpisodeWrite, Timestamp, WriteBatch};
use serde::{Deserialize, Serialize};

use crate::{Error, ExtractContext, Mnemo, Result};

/// Largest text `remember` takes in one call; longer input belongs in `ingest_document`.
pub const MAX_REMEMBER_BYTES: usize = 1 << 20;

/// How to record a remembered text.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct RememberOptions {
    pub kind: EpisodeKind,
    /// Where the text came from ("cli", "chat", "external", ...).
    pub source: String,
    /// Who said it: "I"/"my" resolve to the speaker.
    pub speaker: Option<String>,
    /// When it was said; defaults to now.
    pub at: Option<Timestamp>,
    /// A stable id: remembering the same id again changes nothing.
    pub id: Option<String>,
    /// The conversation it belongs to: turns of one session are neighbours in search.
    #[serde(default)]
    pub session: Option<String>,
    /// Who the speaker talks to: "you" and "your" resolve to the listener.
    #[serde(default)]
    pub listener: Option<String>,
}

impl Default for RememberOptions {
    fn default() -> Self {
        RememberOptions {
            kind: EpisodeKind::Note,
            source: "api".to_string(),
            speaker: None,
            at: None,
            id: None,
            session: None,
            listener: None,
        }
    }
}

/// What `remember` stored.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct RememberReport {
    pub episode_id: String,
    /// False when an episode with this id was already stored (nothing changed).
    pub written: bool,
    pub entities: usize,
    pub facts: usize,
}

/// A speaker or session as stored: trimmed, and absent when blank.
fn label(v: &Option<String>) -> Option<String> {
    v.as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_string)
}

impl Mnemo {
    /// Remembers a text as one episode: extracts its entities and facts and writes them atomically.
    pub async fn remember(&self, text: &str, opts: &RememberOptions) -> Result<RememberReport> {
        let text = text.trim();
        if text.is_empty() {
            return Err(Error::InvalidInput(
                "nothing to remember: the text is empty".into(),
            ));
        }
        if text.len() > MAX_REMEMBER_BYTES {
            return Err(Error::InvalidInput(format!(
                "text of {} bytes is over the {} byte limit of remember; ingest it as a document",
                text.len(),
                MAX_REMEMBER_BYTES
            )));
        }
        let at = opts.at.unwrap_or_else(|| self.now());
        let hash = content_hash(text);
        let id = match &opts.id {
            Some(id) => {
                Episode::validate_id(id)?;
                id.clone()
            }
            // Same text at the same instant from the same source is the same episode.
            None => format!(
                "ep:{}",
                &content_hash(&format!(
                    "{}|{}|{}",
                    hash,
                    at.timestamp_micros(),
                    opts.source
                ))[..24]
            ),
        };
        let ctx = ExtractContext {
            speaker: label(&opts.speaker),
            listener: label(&opts.listener),
            at: Some(at),
        };
        let mut extraction = self.extractor.extract(text, &ctx).await?;
        self.resolve_with_store(&mut extraction).await?;
        let (entities, facts) = (extraction.entities.len(), extraction.facts.len());
        let batch = WriteBatch {
            document: None,
            episodes: vec![EpisodeWrite {
                episode: Episode {
                    id: id.clone(),
                    kind: opts.kind,
                    content: text.to_string(),
                    created_at: at,
                    source: opts.source.clone(),
                    content_hash: hash,
                    document_id: None,
                    span: None,
                    speaker: label(&opts.speaker),
                    session: label(&opts.session),
                },
                entities: extraction.entities,
                facts: extraction.facts,
            }],
        };
        let report = self.store.write(&self.tenant, &batch).await?;
        tracing::debug!(episode = %id, entities, facts, "remembered");
        Ok(RememberReport {
            episode_id: id,
            written: report.episodes_written > 0,
            entities,
            facts,
        })
    }
}
