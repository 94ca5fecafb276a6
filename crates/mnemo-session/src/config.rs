//! Session settings (config section `[session]`): FIFO limits, memory blocks, compaction policy.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::{normalize_tag, Result, SessionError};

/// Importance of a topic tag: how much of it may be compacted, and how fast.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum Importance {
    // Declared lowest first, so `Ord` compares importance.
    Low,
    Normal,
    High,
    /// Never compacted; a message with a core tag is always kept verbatim.
    Core,
}

impl Importance {
    pub fn as_str(self) -> &'static str {
        match self {
            Importance::Low => "low",
            Importance::Normal => "normal",
            Importance::High => "high",
            Importance::Core => "core",
        }
    }
}

impl std::str::FromStr for Importance {
    type Err = SessionError;

    fn from_str(s: &str) -> Result<Importance> {
        match s.trim().to_ascii_lowercase().as_str() {
            "low" => Ok(Importance::Low),
            "normal" => Ok(Importance::Normal),
            "high" => Ok(Importance::High),
            "core" => Ok(Importance::Core),
            other => Err(SessionError::InvalidInput(format!(
                "unknown importance {other:?}: expected core, high, normal or low"
            ))),
        }
    }
}

/// How the target compaction of one importance level grows with the time since the tag's last
/// update: `floor + (cap - floor) * (1 - 2^(-age / half_life_s))` percent, rounded.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TargetCurve {
    /// Target (percent) of a tag updated just now.
    pub floor: u8,
    /// Target (percent) the curve approaches as the tag ages.
    pub cap: u8,
    /// Seconds after which the target is half-way from `floor` to `cap`.
    pub half_life_s: f64,
}

/// The target curves of the non-core levels (core is always 0%).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct TargetPolicy {
    pub high: TargetCurve,
    pub normal: TargetCurve,
    pub low: TargetCurve,
}

impl Default for TargetPolicy {
    fn default() -> Self {
        TargetPolicy {
            high: TargetCurve {
                floor: 0,
                cap: 50,
                half_life_s: 3600.0,
            },
            normal: TargetCurve {
                floor: 20,
                cap: 80,
                half_life_s: 1800.0,
            },
            low: TargetCurve {
                floor: 50,
                cap: 100,
                half_life_s: 600.0,
            },
        }
    }
}

/// Where the summary of a compaction goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SummaryRole {
    System,
    Developer,
}

/// Which summarizer compactions use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SummarizerKind {
    /// Deterministic extractive summary: the highest-ranked sentences, no LLM.
    Extractive,
    /// The configured LLM; falls back to the extractive summary when the LLM fails.
    Llm,
}

/// Topic compaction settings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct CompactionConfig {
    /// Importance of tags not listed in `importance`.
    pub default_importance: Importance,
    /// Importance per tag (tags are lowercase).
    pub importance: BTreeMap<String, Importance>,
    pub targets: TargetPolicy,
    /// A tag is considered once its messages exceed this many tokens ...
    pub min_tokens: usize,
    /// ... or its last message is older than this many seconds.
    pub min_age_s: f64,
    /// No new compaction when an existing one is within this many percentage points of the target;
    /// a new compaction covers target + this much.
    pub tolerance_pct: u8,
    /// A compaction covering within this many tokens of the previous one is skipped.
    pub min_gain_tokens: usize,
    /// Longest summary, as a share of the tokens it replaces (at least 32 tokens).
    pub summary_ratio: f64,
    pub summary_role: SummaryRole,
    pub summarizer: SummarizerKind,
    /// Seconds to wait for another compaction to finish before failing with `Busy`.
    pub lock_timeout_s: f64,
    /// Seconds one compaction (all its summaries) may take before it is abandoned, unwritten.
    pub timeout_s: f64,
}

impl Default for CompactionConfig {
    fn default() -> Self {
        CompactionConfig {
            default_importance: Importance::Normal,
            importance: BTreeMap::new(),
            targets: TargetPolicy::default(),
            min_tokens: 100,
            min_age_s: 100.0,
            tolerance_pct: 10,
            min_gain_tokens: 100,
            summary_ratio: 0.2,
            summary_role: SummaryRole::System,
            summarizer: SummarizerKind::Extractive,
            lock_timeout_s: 5.0,
            timeout_s: 120.0,
        }
    }
}

/// Where the memory blocks go.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum BlockPlacement {
    /// A system message before the chat history.
    System,
    /// Prepended to the latest user message (a system message when there is none).
    LatestUser,
}

/// Priorities of the built-in blocks: 0 is never truncated; otherwise the larger the number, the
/// sooner the block is truncated (as in LlamaIndex).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct BlockPriorities {
    pub persona: u32,
    pub user_profile: u32,
    pub user_facts: u32,
    pub graph_context: u32,
    pub top_entities: u32,
}

impl Default for BlockPriorities {
    fn default() -> Self {
        BlockPriorities {
            persona: 0,
            user_profile: 0,
            user_facts: 1,
            graph_context: 2,
            top_entities: 3,
        }
    }
}

/// The memory blocks assembled around the chat history.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct BlocksConfig {
    /// Static text: who the agent is. Empty = no block.
    pub persona: String,
    /// Static text about the user. Empty = no block.
    pub user_profile: String,
    /// The knowledge-graph context for the latest user message.
    pub graph_context: bool,
    /// Token budget of the graph-context search (the block budget may cut it further).
    pub graph_context_tokens: usize,
    /// Entities listed from the entity knowledge store; 0 = no block.
    pub top_entities: usize,
    /// Facts about the user entity listed; 0 = no block.
    pub user_facts: usize,
    pub priorities: BlockPriorities,
    pub placement: BlockPlacement,
}

impl Default for BlocksConfig {
    fn default() -> Self {
        BlocksConfig {
            persona: String::new(),
            user_profile: String::new(),
            graph_context: true,
            graph_context_tokens: 1000,
            top_entities: 10,
            user_facts: 20,
            priorities: BlockPriorities::default(),
            placement: BlockPlacement::System,
        }
    }
}

/// Every session setting. Every field has a default, so a config file may set only what it changes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SessionConfig {
    /// Tokens of the whole context: memory blocks plus chat history.
    pub token_limit: usize,
    /// Least tokens moved from the FIFO into the graph by one flush (whole messages).
    pub token_flush_size: usize,
    /// Share of `token_limit` the chat history may use before the oldest messages are flushed.
    pub chat_history_token_ratio: f64,
    /// The user's name: the speaker of user messages ("I"/"my" resolve to it) and the subject of
    /// the user-facts block. Empty = "user".
    pub user_name: String,
    /// The speaker of assistant messages ("I" in them resolves to it). Empty = none: otherwise
    /// every "I" of the assistant piles onto one entity that crowds the top-entities lists.
    pub assistant_name: String,
    pub blocks: BlocksConfig,
    pub compaction: CompactionConfig,
}

impl Default for SessionConfig {
    fn default() -> Self {
        SessionConfig {
            token_limit: 30_000,
            token_flush_size: 3_000,
            chat_history_token_ratio: 0.7,
            user_name: String::new(),
            assistant_name: String::new(),
            blocks: BlocksConfig::default(),
            compaction: CompactionConfig::default(),
        }
    }
}

impl SessionConfig {
    /// Rejects settings that cannot work (checked once, at start).
    pub fn validate(&self) -> Result<()> {
        let bad = |m: String| Err(SessionError::InvalidInput(format!("session config: {m}")));
        if self.token_limit < 100 {
            return bad("token_limit must be at least 100".into());
        }
        if !(self.chat_history_token_ratio > 0.0 && self.chat_history_token_ratio <= 1.0) {
            return bad("chat_history_token_ratio must be in (0, 1]".into());
        }
        if self.token_flush_size == 0 || self.token_flush_size > self.history_limit() {
            return bad(format!(
                "token_flush_size must be between 1 and token_limit * chat_history_token_ratio ({})",
                self.history_limit()
            ));
        }
        let c = &self.compaction;
        for (name, curve) in [
            ("high", c.targets.high),
            ("normal", c.targets.normal),
            ("low", c.targets.low),
        ] {
            if curve.floor > curve.cap || curve.cap > 100 {
                return bad(format!(
                    "compaction.targets.{name}: need floor <= cap <= 100"
                ));
            }
            if !(curve.half_life_s.is_finite() && curve.half_life_s > 0.0) {
                return bad(format!(
                    "compaction.targets.{name}.half_life_s must be a positive number"
                ));
            }
        }
        if c.tolerance_pct > 50 {
            return bad("compaction.tolerance_pct must be at most 50".into());
        }
        if !(c.summary_ratio > 0.0 && c.summary_ratio <= 1.0) {
            return bad("compaction.summary_ratio must be in (0, 1]".into());
        }
        for (name, v) in [
            ("min_age_s", c.min_age_s),
            ("lock_timeout_s", c.lock_timeout_s),
            ("timeout_s", c.timeout_s),
        ] {
            if !(v.is_finite() && v >= 0.0) {
                return bad(format!("compaction.{name} must be a number >= 0"));
            }
        }
        for tag in c.importance.keys() {
            if normalize_tag(tag)? != *tag {
                return bad(format!(
                    "compaction.importance: tag {tag:?} must be lowercase"
                ));
            }
        }
        Ok(())
    }

    /// Tokens the chat history may hold before a flush: `token_limit * chat_history_token_ratio`.
    pub fn history_limit(&self) -> usize {
        (self.token_limit as f64 * self.chat_history_token_ratio).floor() as usize
    }

    /// The importance of a tag under these settings (before any per-session override).
    pub fn importance_of(&self, tag: &str) -> Importance {
        self.compaction
            .importance
            .get(tag)
            .copied()
            .unwrap_or(self.compaction.default_importance)
    }

    pub(crate) fn user_name(&self) -> &str {
        match self.user_name.trim() {
            "" => "user",
            n => n,
        }
    }

    pub(crate) fn assistant_name(&self) -> Option<&str> {
        match self.assistant_name.trim() {
            "" => None,
            n => Some(n),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_match_llamaindex_and_validate() {
        let c = SessionConfig::default();
        assert_eq!(
            (c.token_limit, c.token_flush_size, c.history_limit()),
            (30_000, 3_000, 21_000)
        );
        assert!(c.validate().is_ok());
        let partial: SessionConfig = serde_json::from_str(
            r#"{"token_limit": 1000, "compaction": {"importance": {"work": "high"}}}"#,
        )
        .unwrap();
        assert_eq!(partial.token_limit, 1000);
        assert_eq!(partial.importance_of("work"), Importance::High);
        assert_eq!(partial.importance_of("other"), Importance::Normal);
        assert!(serde_json::from_str::<SessionConfig>(r#"{"token_limt": 5}"#).is_err());
        let bad = SessionConfig {
            chat_history_token_ratio: 1.5,
            ..SessionConfig::default()
        };
        assert!(bad.validate().unwrap_err().to_string().contains("ratio"));
        let bad = SessionConfig {
            token_flush_size: 25_000,
            ..SessionConfig::default()
        };
        assert!(bad.validate().is_err());
        assert!(Importance::Core > Importance::High && Importance::Normal > Importance::Low);
    }
}
