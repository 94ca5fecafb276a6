//! `Sessions::compact`: evaluates every tag of a session against the compaction rule and writes the
//! new compactions. One compaction runs at a time per `Sessions` (a mutex with a timeout), and the
//! whole run has a time limit; a run that fails or times out writes nothing.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::state::{self, NS};
use crate::target::{plan, Decision, Skip};
use crate::{
    compact, count_tokens, validate_session_id, Compaction, Importance, Result, SessionError,
    Sessions,
};

/// Least tokens a summary may use, whatever `summary_ratio` says.
const MIN_SUMMARY_TOKENS: usize = 32;

/// The outcome for one tag.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TagOutcome {
    pub tag: String,
    pub importance: Importance,
    pub target_pct: u8,
    /// The new compaction, if one was made.
    pub compaction: Option<Compaction>,
    /// Why none was made.
    pub skipped: Option<Skip>,
}

/// What `compact` did.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CompactionReport {
    pub session: String,
    pub tags: Vec<TagOutcome>,
    /// Tokens of the chat history as the context shows it, before and after this run.
    pub history_tokens_before: usize,
    pub history_tokens_after: usize,
    /// Tokens of the FIFO messages, uncompacted.
    pub fifo_tokens: usize,
}

fn secs(s: f64) -> Duration {
    Duration::try_from_secs_f64(s).unwrap_or(Duration::MAX)
}

impl Sessions {
    /// Makes the compactions the rule calls for, on every tag of the session.
    pub async fn compact(&self, session: &str) -> Result<CompactionReport> {
        validate_session_id(session)?;
        let cfg = &self.config.compaction;
        let _one = tokio::time::timeout(secs(cfg.lock_timeout_s), self.compaction.lock())
            .await
            .map_err(|_| {
                SessionError::Busy(format!(
                    "another compaction is still running after {} s",
                    cfg.lock_timeout_s
                ))
            })?;
        let _guard = self.lock(session).await;
        match tokio::time::timeout(secs(cfg.timeout_s), self.compact_locked(session)).await {
            Ok(r) => r,
            Err(_) => Err(SessionError::Busy(format!(
                "compaction of session {session} took longer than {} s; nothing was written",
                cfg.timeout_s
            ))),
        }
    }

    async fn compact_locked(&self, session: &str) -> Result<CompactionReport> {
        let cfg = &self.config.compaction;
        let (store, tenant) = (self.mnemo.store().as_ref(), self.mnemo.tenant());
        let messages = state::load_messages(store, tenant, session).await?;
        let mut stored = state::load_stored_tags(store, tenant, session).await?;
        let resolved = state::resolve_tags(&stored, &self.config);
        let now = self.now();
        let before = compact(&messages, &resolved, cfg.summary_role);
        let mut outcomes = Vec::new();
        let mut changed = Vec::new();
        for (tag, ts) in &resolved {
            let mut outcome = TagOutcome {
                tag: tag.clone(),
                importance: ts.importance,
                target_pct: 0,
                compaction: None,
                skipped: None,
            };
            match plan(ts, &messages, now, cfg) {
                Decision::Skip { target_pct, skip } => {
                    outcome.target_pct = target_pct;
                    outcome.skipped = Some(skip);
                }
                Decision::Compact(p) => {
                    outcome.target_pct = p.target_pct;
                    let covered: Vec<_> = messages
                        .iter()
                        .filter(|m| p.seqs.contains(&m.seq))
                        .cloned()
                        .collect();
                    let max_tokens =
                        ((p.tokens as f64 * cfg.summary_ratio) as usize).max(MIN_SUMMARY_TOKENS);
                    let mut summary = self.summarizer.summarize(tag, &covered, max_tokens).await?;
                    if summary.text.trim().is_empty() {
                        // Only filler ("Sure.", "Thanks!"): say so rather than leave a blank.
                        summary.text = "(small talk, nothing of note)".into();
                    }
                    let c = Compaction {
                        compacted_messages: covered.len(),
                        compacted_tokens: p.tokens,
                        compact_last_id: covered.last().map_or(0, |m| m.seq),
                        summary_tokens: count_tokens(&summary.text),
                        summary: summary.text,
                        target_pct: p.target_pct,
                        created_at: now,
                        summarizer: summary.by,
                    };
                    if let Some(s) = stored.get_mut(tag) {
                        s.compactions.push(c.clone());
                        state::prune_compactions(tag, s, &messages);
                        changed.push(state::encode(state::tag_key(session, tag), &*s)?);
                    }
                    outcome.compaction = Some(c);
                }
            }
            outcomes.push(outcome);
        }
        if !changed.is_empty() {
            store.kv_put(tenant, NS, &changed).await?;
        }
        let after = compact(
            &messages,
            &state::resolve_tags(&stored, &self.config),
            cfg.summary_role,
        );
        let sum = |c: &crate::Compacted| c.messages.iter().map(|m| m.tokens).sum();
        Ok(CompactionReport {
            session: session.to_string(),
            tags: outcomes,
            history_tokens_before: sum(&before),
            history_tokens_after: sum(&after),
            fifo_tokens: messages.iter().map(|m| m.tokens).sum(),
        })
    }
}
