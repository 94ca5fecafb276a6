//! Counters of LLM use (calls, tokens, time, retries, failures, what validation dropped), shared
//! by every clone of a client.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

use serde::{Deserialize, Serialize};

use crate::drops::DropCounts;

/// A snapshot of what a client has spent. `calls` counts finished logical calls (one per `chat`,
/// counted when it succeeds or fails; calls in flight are not yet counted), so retries show up in
/// `retries` and not twice in `calls`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LlmStats {
    pub calls: u64,
    pub prompt_tokens: u64,
    pub completion_tokens: u64,
    /// Extra attempts after a 429, a 5xx or a timeout.
    pub retries: u64,
    /// Calls that ended in an error after their retries.
    pub failures: u64,
    /// Time spent in calls, summed over calls (concurrent calls overlap), in milliseconds.
    #[serde(default)]
    pub call_ms: u64,
    /// Extraction replies with no usable JSON: they cost their call and nothing else.
    #[serde(default)]
    pub unusable_replies: u64,
    /// Extraction replies cut off at `max_tokens` (their complete items are kept).
    #[serde(default)]
    pub truncated_replies: u64,
    /// Items of extraction replies dropped by validation, per reason.
    #[serde(default)]
    pub dropped: DropCounts,
}

impl LlmStats {
    pub fn total_tokens(&self) -> u64 {
        self.prompt_tokens + self.completion_tokens
    }

    /// One line for people: calls, tokens in/out, time in calls, then retries, failures, unusable
    /// replies and dropped items when there are any, e.g. `LLM: 3 calls, 1200 tokens in / 310
    /// out, 4.2 s in calls; 12 reply items dropped (7 not among the entities, 5 self-link)`.
    pub fn report(&self) -> String {
        let mut out = format!(
            "LLM: {} call{}, {} tokens in / {} out, {:.1} s in calls",
            self.calls,
            if self.calls == 1 { "" } else { "s" },
            self.prompt_tokens,
            self.completion_tokens,
            self.call_ms as f64 / 1000.0
        );
        let mut extra = Vec::new();
        if self.retries > 0 {
            extra.push(format!("{} retried", self.retries));
        }
        if self.failures > 0 {
            extra.push(format!("{} failed", self.failures));
        }
        if self.unusable_replies > 0 {
            extra.push(format!("{} replies unusable", self.unusable_replies));
        }
        if self.truncated_replies > 0 {
            extra.push(format!("{} replies cut off", self.truncated_replies));
        }
        if self.dropped.total() > 0 {
            extra.push(format!(
                "{} reply items dropped ({})",
                self.dropped.total(),
                self.dropped.summary()
            ));
        }
        if !extra.is_empty() {
            out += "; ";
            out += &extra.join(", ");
        }
        out
    }

    /// What was spent between `earlier` and `self` (both snapshots of the same client).
    pub fn since(&self, earlier: &LlmStats) -> LlmStats {
        LlmStats {
            calls: self.calls.saturating_sub(earlier.calls),
            prompt_tokens: self.prompt_tokens.saturating_sub(earlier.prompt_tokens),
            completion_tokens: self
                .completion_tokens
                .saturating_sub(earlier.completion_tokens),
            retries: self.retries.saturating_sub(earlier.retries),
            failures: self.failures.saturating_sub(earlier.failures),
            call_ms: self.call_ms.saturating_sub(earlier.call_ms),
            unusable_replies: self
                .unusable_replies
                .saturating_sub(earlier.unusable_replies),
            truncated_replies: self
                .truncated_replies
                .saturating_sub(earlier.truncated_replies),
            dropped: self.dropped.since(&earlier.dropped),
        }
    }
}

/// The live counters behind [`LlmStats`].
#[derive(Debug, Default)]
pub(crate) struct StatsCell {
    calls: AtomicU64,
    prompt_tokens: AtomicU64,
    completion_tokens: AtomicU64,
    retries: AtomicU64,
    failures: AtomicU64,
    call_ms: AtomicU64,
    unusable_replies: AtomicU64,
    truncated_replies: AtomicU64,
    dropped: Mutex<DropCounts>,
}

impl StatsCell {
    pub(crate) fn call(&self) {
        self.calls.fetch_add(1, Ordering::Relaxed);
    }

    pub(crate) fn usage(&self, prompt: u64, completion: u64) {
        self.prompt_tokens.fetch_add(prompt, Ordering::Relaxed);
        self.completion_tokens
            .fetch_add(completion, Ordering::Relaxed);
    }

    pub(crate) fn retry(&self) {
        self.retries.fetch_add(1, Ordering::Relaxed);
    }

    pub(crate) fn failure(&self) {
        self.failures.fetch_add(1, Ordering::Relaxed);
    }

    pub(crate) fn elapsed(&self, d: std::time::Duration) {
        self.call_ms
            .fetch_add(d.as_millis() as u64, Ordering::Relaxed);
    }

    /// Records how an extraction reply fared in validation.
    pub(crate) fn reply(&self, usable: bool, truncated: bool, dropped: &DropCounts) {
        if !usable {
            self.unusable_replies.fetch_add(1, Ordering::Relaxed);
        }
        if truncated {
            self.truncated_replies.fetch_add(1, Ordering::Relaxed);
        }
        self.dropped
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .merge(dropped);
    }

    pub(crate) fn snapshot(&self) -> LlmStats {
        LlmStats {
            calls: self.calls.load(Ordering::Relaxed),
            prompt_tokens: self.prompt_tokens.load(Ordering::Relaxed),
            completion_tokens: self.completion_tokens.load(Ordering::Relaxed),
            retries: self.retries.load(Ordering::Relaxed),
            failures: self.failures.load(Ordering::Relaxed),
            call_ms: self.call_ms.load(Ordering::Relaxed),
            unusable_replies: self.unusable_replies.load(Ordering::Relaxed),
            truncated_replies: self.truncated_replies.load(Ordering::Relaxed),
            dropped: *self.dropped.lock().unwrap_or_else(|p| p.into_inner()),
        }
    }
}
