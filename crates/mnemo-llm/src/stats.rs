//! Counters of LLM use (calls, tokens, retries, failures), shared by every clone of a client.

use std::sync::atomic::{AtomicU64, Ordering};

use serde::{Deserialize, Serialize};

/// A snapshot of what a client has spent. `calls` counts logical calls (one per `chat`), so
/// retries show up in `retries` and not twice in `calls`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LlmStats {
    pub calls: u64,
    pub prompt_tokens: u64,
    pub completion_tokens: u64,
    /// Extra attempts after a 429, a 5xx or a timeout.
    pub retries: u64,
    /// Calls that ended in an error after their retries.
    pub failures: u64,
}

impl LlmStats {
    pub fn total_tokens(&self) -> u64 {
        self.prompt_tokens + self.completion_tokens
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

    pub(crate) fn snapshot(&self) -> LlmStats {
        LlmStats {
            calls: self.calls.load(Ordering::Relaxed),
            prompt_tokens: self.prompt_tokens.load(Ordering::Relaxed),
            completion_tokens: self.completion_tokens.load(Ordering::Relaxed),
            retries: self.retries.load(Ordering::Relaxed),
            failures: self.failures.load(Ordering::Relaxed),
        }
    }
}
