//! Deterministic compaction targets and the rule deciding whether a tag gets a new compaction.
//! Pure functions of their inputs and a clock passed in: no LLM, no IO.

use mnemo_core::Timestamp;
use serde::{Deserialize, Serialize};

use crate::{CompactionConfig, Importance, Message, TargetPolicy};

/// One compaction of a tag: the tag's oldest messages up to `compact_last_id` replaced by `summary`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Compaction {
    /// Messages of the tag it covered when it was made.
    pub compacted_messages: usize,
    /// Tokens of those messages.
    pub compacted_tokens: usize,
    /// Sequence id of the newest message it covers; it covers every message of the tag up to it.
    pub compact_last_id: u64,
    pub summary: String,
    pub summary_tokens: usize,
    /// The target (percent) it was made for.
    pub target_pct: u8,
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = DateTime))]
    pub created_at: Timestamp,
    /// The summarizer that wrote `summary` ("extractive", "llm", ...).
    pub summarizer: String,
}

/// A topic tag of a session: its importance, last update and compactions (oldest first).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TagState {
    pub tag: String,
    pub importance: Importance,
    /// Time of the newest message put with this tag.
    pub last_update: Timestamp,
    pub compactions: Vec<Compaction>,
}

impl TagState {
    /// The compaction `compact` applies: the newest, unless the tag is core (never compacted).
    pub fn active(&self) -> Option<&Compaction> {
        if self.importance == Importance::Core {
            None
        } else {
            self.compactions.last()
        }
    }
}

/// Target compaction (0-100 %) of a tag from its importance and the time since its last update:
/// core is always 0; other levels follow `floor + (cap - floor) * (1 - 2^(-age / half_life))`,
/// rounded to the nearest percent. A clock before the last update counts as age 0.
pub fn target_pct(
    importance: Importance,
    last_update: Timestamp,
    now: Timestamp,
    policy: &TargetPolicy,
) -> u8 {
    let curve = match importance {
        Importance::Core => return 0,
        Importance::High => policy.high,
        Importance::Normal => policy.normal,
        Importance::Low => policy.low,
    };
    let age = ((now - last_update).num_milliseconds().max(0) as f64) / 1000.0;
    let grown = 1.0 - (-age / curve.half_life_s).exp2();
    let pct = f64::from(curve.floor) + f64::from(curve.cap.saturating_sub(curve.floor)) * grown;
    pct.round().clamp(0.0, 100.0) as u8
}

/// Why a tag got no new compaction.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case", tag = "reason")]
pub enum Skip {
    /// The target is 0 % (core tags, or a fresh tag whose curve starts at 0).
    ZeroTarget,
    /// The tag has no message in the FIFO.
    NoMessages,
    /// At most `min_tokens` tokens and the last message is at most `min_age_s` old.
    NotDue { tokens: usize, age_s: f64 },
    /// An existing compaction already covers within the tolerance of the target.
    WithinTolerance { existing_pct: f64 },
    /// The new compaction would cover at most `min_gain_tokens` more than the newest one.
    SmallGain {
        covered_tokens: usize,
        previous_tokens: usize,
    },
}

impl std::fmt::Display for Skip {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Skip::ZeroTarget => write!(f, "target is 0%"),
            Skip::NoMessages => write!(f, "no messages in the FIFO"),
            Skip::NotDue { tokens, age_s } => {
                write!(f, "only {tokens} tokens, last message {age_s:.0} s old")
            }
            Skip::WithinTolerance { existing_pct } => {
                write!(f, "a compaction already covers {existing_pct:.0}%")
            }
            Skip::SmallGain {
                covered_tokens,
                previous_tokens,
            } => write!(
                f,
                "would cover {covered_tokens} tokens, the last one {previous_tokens}"
            ),
        }
    }
}

/// What a new compaction of a tag will cover.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Plan {
    pub target_pct: u8,
    /// Sequence ids of the covered messages, oldest first.
    pub seqs: Vec<u64>,
    pub tokens: usize,
    /// Tokens of the tag's messages in the FIFO.
    pub total_tokens: usize,
}

/// The decision for one tag.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "snake_case", tag = "decision")]
pub enum Decision {
    Compact(Plan),
    Skip { target_pct: u8, skip: Skip },
}

/// Decides whether `tag` gets a new compaction over the FIFO `messages` (in sequence order).
///
/// The rule: the target must be above 0 %; the tag's messages must exceed `min_tokens` or its last
/// message be older than `min_age_s`; no existing compaction may cover (today, over the messages
/// still in the FIFO) within `tolerance_pct` points of the target, up to whole messages (its
/// coverage without its newest message is at most target + tolerance, and with it at least
/// target - tolerance). The new compaction covers
/// `target + tolerance_pct` percent of the tag's tokens (all of them at a 100 % target), rounded up
/// to whole messages, oldest first; it is skipped when it would cover at most `min_gain_tokens`
/// more than the newest existing compaction.
pub fn plan(
    tag: &TagState,
    messages: &[Message],
    now: Timestamp,
    cfg: &CompactionConfig,
) -> Decision {
    let target = target_pct(tag.importance, tag.last_update, now, &cfg.targets);
    let skip = |skip| Decision::Skip {
        target_pct: target,
        skip,
    };
    if target == 0 {
        return skip(Skip::ZeroTarget);
    }
    let own: Vec<&Message> = messages
        .iter()
        .filter(|m| m.tags.contains(&tag.tag))
        .collect();
    let Some(last) = own.last() else {
        return skip(Skip::NoMessages);
    };
    let total: usize = own.iter().map(|m| m.tokens).sum();
    let age_s = ((now - last.at).num_milliseconds().max(0) as f64) / 1000.0;
    if total <= cfg.min_tokens && age_s <= cfg.min_age_s {
        return skip(Skip::NotDue {
            tokens: total,
            age_s,
        });
    }
    let covered_by = |c: &Compaction| -> usize {
        own.iter()
            .filter(|m| m.seq <= c.compact_last_id)
            .map(|m| m.tokens)
            .sum()
    };
    let pct_of = |tokens: usize| {
        if total == 0 {
            0.0
        } else {
            tokens as f64 * 100.0 / total as f64
        }
    };
    // A compaction's coverage, as a range: without and with its newest message. Compactions are
    // rounded up to whole messages, so one made for this very target covers a little more than
    // target + tolerance; the range lets it count as within the tolerance.
    let coverage = |c: &Compaction| -> (f64, f64) {
        let hi = covered_by(c);
        let last = own
            .iter()
            .rev()
            .find(|m| m.seq <= c.compact_last_id)
            .map_or(0, |m| m.tokens);
        (pct_of(hi - last), pct_of(hi))
    };
    let (t, tolerance) = (f64::from(target), f64::from(cfg.tolerance_pct));
    if let Some((_, hi)) = tag
        .compactions
        .iter()
        .map(coverage)
        .find(|&(lo, hi)| lo <= t + tolerance && hi >= t - tolerance)
    {
        return skip(Skip::WithinTolerance { existing_pct: hi });
    }
    let goal_pct = if target >= 100 {
        100
    } else {
        (u32::from(target) + u32::from(cfg.tolerance_pct)).min(100)
    };
    // Ceiling of total * goal / 100, in integers so the boundary is exact.
    let goal = (total * goal_pct as usize).div_ceil(100);
    let mut seqs = Vec::new();
    let mut tokens = 0usize;
    for m in &own {
        if tokens >= goal && !seqs.is_empty() {
            break;
        }
        seqs.push(m.seq);
        tokens += m.tokens;
    }
    let previous = tag.compactions.last().map(covered_by).unwrap_or(0);
    if tokens <= previous + cfg.min_gain_tokens {
        return skip(Skip::SmallGain {
            covered_tokens: tokens,
            previous_tokens: previous,
        });
    }
    Decision::Compact(Plan {
        target_pct: target,
        seqs,
        tokens,
        total_tokens: total,
    })
}
