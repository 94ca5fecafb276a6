//! `Mnemo::remember`: one piece of text (a chat turn, an agent answer, a note) becomes an episode
//! with its entities and facts, written in one atomic batch.

use mnemo_core::{
    content_hash, Episode, EpisodeKind, EpisodeWrite, KvEntry, Timestamp, WriteBatch,
};
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

/// A text extracted and resolved, ready to be written (`Mnemo::prepare_remember`): what a caller
/// that stores something beside the episode (a memory record) needs before it writes both at once.
#[derive(Debug, Clone)]
pub struct PreparedRemember {
    batch: WriteBatch,
    entities: usize,
    facts: usize,
}

impl PreparedRemember {
    /// The episode that will be written.
    pub fn episode(&self) -> &Episode {
        &self.batch.episodes[0].episode
    }
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
        let prepared = self.prepare_remember(text, opts).await?;
        self.write_remembered(&prepared, None).await
    }

    /// Writes a prepared text; with `kv` (namespace, entries) the entries are written in the same
    /// transaction as the episode (`GraphStore::write_with_kv`), so neither lands without the
    /// other. The entries are written even when the episode was already stored.
    pub async fn write_remembered(
        &self,
        prepared: &PreparedRemember,
        kv: Option<(&str, &[KvEntry])>,
    ) -> Result<RememberReport> {
        let report = match kv {
            None => self.store.write(&self.tenant, &prepared.batch).await?,
            Some((ns, entries)) => {
                self.store
                    .write_with_kv(&self.tenant, &prepared.batch, ns, entries)
                    .await?
            }
        };
        let id = &prepared.episode().id;
        tracing::debug!(episode = %id, entities = prepared.entities, facts = prepared.facts, "remembered");
        Ok(RememberReport {
            episode_id: id.clone(),
            written: report.episodes_written > 0,
            entities: prepared.entities,
            facts: prepared.facts,
        })
    }

    /// The first half of `remember`: checks the text, extracts and resolves it (reading the store
    /// for names), and writes nothing.
    pub async fn prepare_remember(
        &self,
        text: &str,
        opts: &RememberOptions,
    ) -> Result<PreparedRemember> {
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
                    id,
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
        Ok(PreparedRemember {
            batch,
            entities,
            facts,
        })
    }
}
