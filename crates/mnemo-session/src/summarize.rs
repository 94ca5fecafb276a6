//! Summaries of compacted messages: the `Summarizer` trait, the deterministic extractive default
//! and the LLM summarizer (which falls back to the extractive one when the LLM fails).

use std::collections::HashMap;

use async_trait::async_trait;
use mnemo::LlmClient;

use crate::{count_tokens, Message, Result, SessionError};

/// A summary and who wrote it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Summary {
    pub text: String,
    /// "extractive", "llm", ...: recorded with the compaction.
    pub by: String,
}

/// Writes the summary that replaces compacted messages.
#[async_trait]
pub trait Summarizer: Send + Sync + std::fmt::Debug {
    /// A summary of `messages` (oldest first) of topic `tag`, at most about `max_tokens` tokens.
    async fn summarize(
        &self,
        tag: &str,
        messages: &[Message],
        max_tokens: usize,
    ) -> Result<Summary>;
}

/// The deterministic default: the highest-ranked sentences of the messages, in their original
/// order, each as `- role: sentence`, within `max_tokens`.
///
/// A sentence scores the summed frequency (over all the messages) of its content words, divided by
/// the square root of its word count so long sentences do not win by length alone, plus a bonus for
/// each capitalised word inside the sentence and each number (names, places, dates: what facts
/// are made of). Ties go to the earlier sentence; repeated sentences count once.
#[derive(Debug, Clone, Copy, Default)]
pub struct ExtractiveSummarizer;

const STOPWORDS: &[&str] = &[
    "the", "and", "for", "are", "but", "not", "you", "your", "all", "any", "can", "had", "her",
    "was", "one", "our", "out", "has", "have", "his", "how", "its", "may", "she", "who", "did",
    "get", "him", "let", "say", "too", "use", "that", "this", "with", "from", "they", "them",
    "then", "than", "what", "when", "will", "would", "could", "should", "there", "their", "about",
    "just", "into", "also", "been", "were", "which", "while", "some", "very", "much", "like",
    "yes", "okay", "sure", "thanks", "thank", "please", "well", "here", "where", "does", "doing",
];

fn words(s: &str) -> impl Iterator<Item = String> + '_ {
    s.split(|c: char| !c.is_alphanumeric())
        .filter(|w| w.chars().count() >= 3)
        .map(str::to_lowercase)
        .filter(|w| !STOPWORDS.contains(&w.as_str()))
}

/// Splits text into sentences at `.`, `?`, `!` followed by whitespace, and at line ends.
pub fn sentences(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in text.lines() {
        let mut start = 0;
        let chars: Vec<(usize, char)> = line.char_indices().collect();
        for (k, &(i, c)) in chars.iter().enumerate() {
            let ends = matches!(c, '.' | '?' | '!')
                && chars.get(k + 1).is_none_or(|&(_, n)| n.is_whitespace());
            if ends {
                let s = line[start..i + c.len_utf8()].trim();
                if !s.is_empty() {
                    out.push(s.to_string());
                }
                start = i + c.len_utf8();
            }
        }
        let rest = line[start..].trim();
        if !rest.is_empty() {
            out.push(rest.to_string());
        }
    }
    out
}

impl ExtractiveSummarizer {
    /// The summary, synchronously (the trait method only wraps this).
    pub fn summarize_now(&self, messages: &[Message], max_tokens: usize) -> String {
        let mut units: Vec<(String, String)> = Vec::new();
        for m in messages {
            for s in sentences(&m.content) {
                if !units.iter().any(|(_, u)| *u == s) {
                    units.push((m.role.as_str().to_string(), s));
                }
            }
        }
        let mut freq: HashMap<String, usize> = HashMap::new();
        for (_, s) in &units {
            for w in words(s) {
                *freq.entry(w).or_default() += 1;
            }
        }
        let score = |s: &str| -> f64 {
            let ws: Vec<String> = words(s).collect();
            if ws.is_empty() {
                return 0.0;
            }
            let tf: usize = ws.iter().map(|w| freq.get(w).copied().unwrap_or(0)).sum();
            let named = s
                .split_whitespace()
                .skip(1)
                .filter(|w| {
                    w.chars()
                        .next()
                        .is_some_and(|c| c.is_uppercase() || c.is_ascii_digit())
                })
                .count();
            tf as f64 / (ws.len() as f64).sqrt() + named as f64
        };
        let mut order: Vec<(usize, f64)> = units
            .iter()
            .enumerate()
            .map(|(i, (_, s))| (i, score(s)))
            .collect();
        order.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        let line = |i: usize| format!("- {}: {}", units[i].0, units[i].1);
        let mut chosen = Vec::new();
        let mut used = 0;
        // Sentences of filler words only ("Sure.", "Okay thanks.") carry nothing worth keeping.
        order.retain(|&(_, sc)| sc > 0.0);
        for &(i, _) in &order {
            let t = count_tokens(&line(i)) + 1;
            if used + t <= max_tokens {
                chosen.push(i);
                used += t;
            }
        }
        if chosen.is_empty() {
            // Not even the best sentence fits: keep its first words.
            let Some(&(best, _)) = order.first() else {
                return String::new();
            };
            let full = line(best);
            let mut cut = String::new();
            for w in full.split_whitespace() {
                let next = if cut.is_empty() {
                    w.to_string()
                } else {
                    format!("{cut} {w}")
                };
                if count_tokens(&next) + 1 > max_tokens.max(1) {
                    break;
                }
                cut = next;
            }
            return if cut.is_empty() {
                cut
            } else {
                format!("{cut} …")
            };
        }
        chosen.sort_unstable();
        chosen.into_iter().map(line).collect::<Vec<_>>().join("\n")
    }
}

#[async_trait]
impl Summarizer for ExtractiveSummarizer {
    async fn summarize(
        &self,
        _tag: &str,
        messages: &[Message],
        max_tokens: usize,
    ) -> Result<Summary> {
        Ok(Summary {
            text: self.summarize_now(messages, max_tokens),
            by: "extractive".into(),
        })
    }
}

/// Largest transcript sent to the LLM in one call, in bytes (older messages are cut first).
const MAX_TRANSCRIPT_BYTES: usize = 48 * 1024;

/// Summaries from the configured LLM. When the LLM is unreachable, refuses or answers nothing,
/// the extractive summary is used instead (with a warning), so compaction works without the LLM.
#[derive(Debug, Clone)]
pub struct LlmSummarizer {
    client: LlmClient,
}

impl LlmSummarizer {
    pub fn new(client: LlmClient) -> Self {
        LlmSummarizer { client }
    }

    async fn ask(&self, tag: &str, messages: &[Message], max_tokens: usize) -> Result<String> {
        let words = (max_tokens * 3 / 4).max(16);
        let system = format!(
            "You summarise part of a conversation for an assistant's long-term memory. Keep names, \
             numbers, dates, decisions, preferences and open questions; drop greetings and filler. \
             Write plain sentences, at most {words} words. Answer with the summary only."
        );
        let mut lines: Vec<String> = messages
            .iter()
            .map(|m| {
                format!(
                    "{} ({}): {}",
                    m.role.as_str(),
                    m.at.to_rfc3339(),
                    m.content.trim()
                )
            })
            .collect();
        let mut bytes: usize = lines.iter().map(|l| l.len() + 1).sum();
        while bytes > MAX_TRANSCRIPT_BYTES && lines.len() > 1 {
            bytes -= lines.remove(0).len() + 1;
        }
        let user = format!("Topic: {tag}\n\nConversation:\n{}", lines.join("\n"));
        let reply = self.client.complete(&system, &user).await?;
        let reply = reply.trim();
        if reply.is_empty() {
            return Err(SessionError::Unavailable(format!(
                "LLM endpoint {} answered an empty summary",
                self.client.endpoint()
            )));
        }
        Ok(reply.to_string())
    }
}

#[async_trait]
impl Summarizer for LlmSummarizer {
    async fn summarize(
        &self,
        tag: &str,
        messages: &[Message],
        max_tokens: usize,
    ) -> Result<Summary> {
        match self.ask(tag, messages, max_tokens).await {
            Ok(text) => Ok(Summary {
                text,
                by: "llm".into(),
            }),
            Err(e) => {
                tracing::warn!(error = %e, tag, "LLM summary failed; using the extractive summary");
                Ok(Summary {
                    text: ExtractiveSummarizer.summarize_now(messages, max_tokens),
                    by: "extractive (LLM failed)".into(),
                })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Role;

    fn m(seq: u64, role: Role, content: &str) -> Message {
        Message {
            seq,
            role,
            content: content.into(),
            at: chrono::DateTime::UNIX_EPOCH,
            tags: vec!["t".into()],
            tokens: count_tokens(content),
        }
    }

    #[test]
    fn extractive_summary_keeps_the_richest_sentences_in_order_within_budget() {
        assert_eq!(
            sentences("Hi there. Is v1.2 out? Yes!\nNext line"),
            ["Hi there.", "Is v1.2 out?", "Yes!", "Next line"]
        );
        let msgs = vec![
            m(
                1,
                Role::User,
                "Okay thanks. Grace Hopper moved the Orion launch to March 2027.",
            ),
            m(
                2,
                Role::Assistant,
                "Sure. The Orion launch in March 2027 needs Grace Hopper's sign-off.",
            ),
            m(3, Role::User, "Sure."),
        ];
        let s = ExtractiveSummarizer.summarize_now(&msgs, 40);
        assert_eq!(
            s,
            "- user: Grace Hopper moved the Orion launch to March 2027.\n\
             - assistant: The Orion launch in March 2027 needs Grace Hopper's sign-off."
        );
        assert_eq!(
            s,
            ExtractiveSummarizer.summarize_now(&msgs, 40),
            "deterministic"
        );
        let short = ExtractiveSummarizer.summarize_now(&msgs, 20);
        assert!(count_tokens(&short) <= 20, "{short}");
        assert!(short.contains("Orion launch"), "{short}");
        let tiny = ExtractiveSummarizer.summarize_now(&msgs, 6);
        assert!(tiny.ends_with('…') && count_tokens(&tiny) <= 8, "{tiny}");
        assert_eq!(ExtractiveSummarizer.summarize_now(&[], 50), "");
    }
}
