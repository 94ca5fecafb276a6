//! `Sessions`: durable chat sessions over a `Mnemo`: putting messages, the FIFO flush into the
//! graph, tag importance. Context assembly and compaction live in `context.rs` and `run.rs`.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex};

use mnemo::{EpisodeKind, Mnemo};
use serde::{Deserialize, Serialize};

use crate::state::{self, Meta, StoredTag, NS};
use crate::{
    count_tokens, episode_id, fifo, normalize_tag, normalize_tags, validate_session_id,
    ExtractiveSummarizer, Importance, Message, NewMessage, Result, Role, SessionConfig,
    SessionError, Summarizer, TagState, MAX_MESSAGE_BYTES,
};

/// Session locks kept before idle ones are forgotten.
const MAX_IDLE_LOCKS: usize = 1024;

/// What one flush moved from the FIFO into the graph.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct FlushReport {
    /// Sequence ids of the flushed messages, oldest first.
    pub seqs: Vec<u64>,
    pub tokens: usize,
    /// Episode ids they were remembered under (`session:<sid>:<seq>`).
    pub episodes: Vec<String>,
    pub entities: usize,
    pub facts: usize,
}

/// What `put` stored.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PutReport {
    pub session: String,
    pub seq: u64,
    pub tokens: usize,
    /// Tokens of the FIFO after the put and any flush.
    pub history_tokens: usize,
    pub flushed: FlushReport,
}

/// Chat sessions of one tenant (the `Mnemo`'s), kept in its store.
///
/// Calls on one session are serialised within this value (clone it freely: clones share the
/// locks); two processes writing the same session at once may race on sequence ids.
#[derive(Clone)]
pub struct Sessions {
    pub(crate) mnemo: Mnemo,
    pub(crate) config: SessionConfig,
    pub(crate) summarizer: Arc<dyn Summarizer>,
    pub(crate) extra_blocks: Vec<crate::Block>,
    pub(crate) clock: mnemo::Clock,
    locks: Arc<Mutex<HashMap<String, Arc<tokio::sync::Mutex<()>>>>>,
    pub(crate) compaction: Arc<tokio::sync::Mutex<()>>,
}

impl std::fmt::Debug for Sessions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Sessions")
            .field("mnemo", &self.mnemo)
            .field("config", &self.config)
            .field("summarizer", &self.summarizer)
            .finish_non_exhaustive()
    }
}

impl Sessions {
    /// Sessions over `mnemo` with validated settings, the extractive summarizer and the system clock.
    pub fn new(mnemo: Mnemo, config: SessionConfig) -> Result<Sessions> {
        config.validate()?;
        Ok(Sessions {
            mnemo,
            config,
            summarizer: Arc::new(ExtractiveSummarizer),
            extra_blocks: Vec::new(),
            clock: Arc::new(chrono::Utc::now),
            locks: Arc::default(),
            compaction: Arc::default(),
        })
    }

    /// Replaces the summarizer used by compactions (e.g. `LlmSummarizer`).
    pub fn with_summarizer(mut self, summarizer: Arc<dyn Summarizer>) -> Self {
        self.summarizer = summarizer;
        self
    }

    /// Replaces the clock (tests, replays): default message times and compaction targets use it.
    pub fn with_clock(mut self, clock: mnemo::Clock) -> Self {
        self.clock = clock;
        self
    }

    /// Adds a static block of your own beside the configured ones.
    pub fn with_block(mut self, block: crate::Block) -> Self {
        self.extra_blocks.push(block);
        self
    }

    pub fn config(&self) -> &SessionConfig {
        &self.config
    }

    pub fn mnemo(&self) -> &Mnemo {
        &self.mnemo
    }

    pub(crate) fn now(&self) -> mnemo::Timestamp {
        (self.clock)()
    }

    pub(crate) async fn lock(&self, sid: &str) -> tokio::sync::OwnedMutexGuard<()> {
        let m = {
            let mut map = self.locks.lock().unwrap_or_else(|p| p.into_inner());
            if map.len() >= MAX_IDLE_LOCKS {
                // Forget the locks nobody holds or waits for, so the map stays small.
                map.retain(|_, l| Arc::strong_count(l) > 1);
            }
            map.entry(sid.to_string()).or_default().clone()
        };
        m.lock_owned().await
    }

    /// Appends a message, then flushes the oldest messages into the graph if the chat history
    /// passed its share of the token limit.
    pub async fn put(&self, session: &str, msg: NewMessage) -> Result<PutReport> {
        validate_session_id(session)?;
        let content = msg.content.trim();
        if content.is_empty() {
            return Err(SessionError::InvalidInput(
                "empty message: nothing to put".into(),
            ));
        }
        if content.len() > MAX_MESSAGE_BYTES {
            return Err(SessionError::InvalidInput(format!(
                "message of {} bytes is over the {MAX_MESSAGE_BYTES} byte limit",
                content.len()
            )));
        }
        let tags = normalize_tags(&msg.tags)?;
        let at = msg.at.unwrap_or_else(|| self.now());
        let _guard = self.lock(session).await;
        let (store, tenant) = (self.mnemo.store().as_ref(), self.mnemo.tenant());
        let meta = state::load_meta(store, tenant, session).await?;
        let keys: Vec<String> = tags.iter().map(|t| state::tag_key(session, t)).collect();
        let existing: HashMap<String, StoredTag> = store
            .kv_get(tenant, NS, &keys)
            .await?
            .into_iter()
            .map(|(k, v)| {
                serde_json::from_str(&v)
                    .map(|t| (k.clone(), t))
                    .map_err(|e| SessionError::Corrupt(format!("session record {k}: {e}")))
            })
            .collect::<Result<_>>()?;
        let message = Message {
            seq: meta.next_seq,
            role: msg.role,
            content: content.to_string(),
            at,
            tags,
            tokens: count_tokens(content),
        };
        let mut entries = vec![
            state::encode(
                state::meta_key(session),
                &Meta {
                    next_seq: meta.next_seq + 1,
                    fifo_tokens_hint: meta.fifo_tokens_hint.map(|t| t + message.tokens),
                },
            )?,
            state::encode(state::msg_key(session, message.seq), &message)?,
        ];
        for key in keys {
            let tag = match existing.get(&key) {
                Some(t) => StoredTag {
                    last_update: t.last_update.max(at),
                    ..t.clone()
                },
                None => StoredTag {
                    importance: None,
                    last_update: at,
                    compactions: Vec::new(),
                },
            };
            entries.push(state::encode(key, &tag)?);
        }
        store.kv_put(tenant, NS, &entries).await?;
        let (flushed, history_tokens) = match meta.fifo_tokens_hint {
            Some(t) if t + message.tokens <= self.config.history_limit() => {
                (FlushReport::default(), t + message.tokens)
            }
            _ => self.flush_locked(session).await?,
        };
        Ok(PutReport {
            session: session.to_string(),
            seq: message.seq,
            tokens: message.tokens,
            history_tokens,
            flushed,
        })
    }

    /// Runs the flush rule now (it also runs after every `put`); finishes a flush that failed
    /// half-way.
    pub async fn flush(&self, session: &str) -> Result<FlushReport> {
        validate_session_id(session)?;
        let _guard = self.lock(session).await;
        Ok(self.flush_locked(session).await?.0)
    }

    /// The flush, with the session lock held. Returns the report and the FIFO's tokens after it.
    async fn flush_locked(&self, session: &str) -> Result<(FlushReport, usize)> {
        let (store, tenant) = (self.mnemo.store().as_ref(), self.mnemo.tenant());
        let messages = state::load_messages(store, tenant, session).await?;
        let n = fifo::flush_count(&messages, &self.config);
        let total: usize = messages.iter().map(|m| m.tokens).sum();
        let mut report = FlushReport::default();
        if n == 0 {
            self.write_hint(session, total).await?;
            return Ok((report, total));
        }
        let (gone, kept) = messages.split_at(n);
        // Graph first, FIFO second: a crash in between leaves the messages in the FIFO, and the
        // retry remembers them again under the same episode ids, which changes nothing.
        // Through memory records, so flushed turns carry their session, time and speaker, get
        // `context_of`/`follows` links, and are seen by access counting and pruning.
        let records = mnemo_records::Records::new(self.mnemo.clone())
            .with_clock(self.clock.clone())
            .with_actor(format!("session:{session}"));
        for m in gone {
            let speaker = match m.role {
                Role::User => Some(self.config.user_name().to_string()),
                Role::Assistant => self.config.assistant_name().map(str::to_string),
                Role::System => None,
            };
            let input = mnemo_records::RecordInput {
                id: Some(episode_id(session, m.seq)),
                record_type: mnemo_records::RecordType::Interaction,
                episode_kind: Some(EpisodeKind::Interaction),
                at: Some(m.at),
                user: speaker.clone(),
                session: Some(session.to_string()),
                speaker,
                source: format!("session:{session}"),
                tags: m.tags.clone(),
                ..mnemo_records::RecordInput::default()
            };
            let r = records.remember(&m.content, &input).await?;
            report.seqs.push(m.seq);
            report.tokens += m.tokens;
            report.episodes.push(r.record.id);
            report.entities += r.entities;
            report.facts += r.facts;
        }
        let keys: Vec<String> = gone
            .iter()
            .map(|m| state::msg_key(session, m.seq))
            .collect();
        store.kv_delete(tenant, NS, &keys).await?;
        // Compactions whose messages all left the FIFO are dropped with them.
        let mut stored = state::load_stored_tags(store, tenant, session).await?;
        let mut changed = Vec::new();
        for (tag, s) in stored.iter_mut() {
            if state::prune_compactions(tag, s, kept) {
                changed.push(state::encode(state::tag_key(session, tag), &*s)?);
            }
        }
        if !changed.is_empty() {
            store.kv_put(tenant, NS, &changed).await?;
        }
        tracing::debug!(
            session,
            messages = n,
            tokens = report.tokens,
            "flushed into the graph"
        );
        let left = total - report.tokens;
        self.write_hint(session, left).await?;
        Ok((report, left))
    }

    /// Records the exact FIFO token count after a flush (or a count that found nothing to flush).
    async fn write_hint(&self, session: &str, tokens: usize) -> Result<()> {
        let (store, tenant) = (self.mnemo.store().as_ref(), self.mnemo.tenant());
        let mut meta = state::load_meta(store, tenant, session).await?;
        if meta.fifo_tokens_hint == Some(tokens) {
            return Ok(());
        }
        meta.fifo_tokens_hint = Some(tokens);
        store
            .kv_put(
                tenant,
                NS,
                &[state::encode(state::meta_key(session), &meta)?],
            )
            .await?;
        Ok(())
    }

    /// The session's FIFO, oldest first (empty for an unknown session).
    pub async fn messages(&self, session: &str) -> Result<Vec<Message>> {
        validate_session_id(session)?;
        state::load_messages(self.mnemo.store().as_ref(), self.mnemo.tenant(), session).await
    }

    /// The session's tags with their effective importance and compactions.
    pub async fn tags(&self, session: &str) -> Result<BTreeMap<String, TagState>> {
        validate_session_id(session)?;
        let stored =
            state::load_stored_tags(self.mnemo.store().as_ref(), self.mnemo.tenant(), session)
                .await?;
        Ok(state::resolve_tags(&stored, &self.config))
    }

    /// Sets a tag's importance for this session (overriding the configured one). The tag need not
    /// have messages yet.
    pub async fn set_importance(
        &self,
        session: &str,
        tag: &str,
        importance: Importance,
    ) -> Result<()> {
        validate_session_id(session)?;
        let tag = normalize_tag(tag)?;
        let _guard = self.lock(session).await;
        let (store, tenant) = (self.mnemo.store().as_ref(), self.mnemo.tenant());
        let key = state::tag_key(session, &tag);
        let current = store.kv_get(tenant, NS, std::slice::from_ref(&key)).await?;
        let mut stored = match current.first() {
            Some((k, v)) => serde_json::from_str::<StoredTag>(v)
                .map_err(|e| SessionError::Corrupt(format!("session record {k}: {e}")))?,
            None => StoredTag {
                importance: None,
                last_update: self.now(),
                compactions: Vec::new(),
            },
        };
        stored.importance = Some(importance);
        store
            .kv_put(tenant, NS, &[state::encode(key, &stored)?])
            .await?;
        Ok(())
    }
}
