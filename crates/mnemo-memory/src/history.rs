//! Chat history for the context: recent turns verbatim, older turns summarised to one short line.

use mnemo_core::Timestamp;
use serde::{Deserialize, Serialize};

use crate::tokens::{one_line, truncate_chars};

/// Characters kept of an older turn's summary line.
const SUMMARY_CHARS: usize = 100;

/// One turn of the conversation, passed in by the caller.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ChatTurn {
    /// "user", "assistant", "tool", ...
    pub role: String,
    pub content: String,
    #[serde(default)]
    pub at: Option<Timestamp>,
}

impl ChatTurn {
    pub fn new(role: &str, content: &str) -> Self {
        ChatTurn {
            role: role.to_string(),
            content: content.to_string(),
            at: None,
        }
    }
}

/// A history line and how much it is worth keeping (lower rank = kept longer).
#[derive(Debug, Clone, PartialEq)]
pub struct HistoryLine {
    pub text: String,
    pub rank: usize,
}

/// Lines for the history section in chronological order. The newest turn has rank 0; summaries of
/// older turns rank after every verbatim turn, so a tight budget drops summaries first.
pub fn history_lines(history: &[ChatTurn], recent_turns: usize) -> Vec<HistoryLine> {
    let split = history.len().saturating_sub(recent_turns);
    let (older, recent) = history.split_at(split);
    let mut lines = Vec::with_capacity(history.len());
    for (i, turn) in older.iter().enumerate() {
        let text = one_line(&turn.content);
        if text.is_empty() {
            continue;
        }
        lines.push(HistoryLine {
            text: format!(
                "- (earlier) {}: {}",
                role(turn),
                truncate_chars(first_sentence(&text), SUMMARY_CHARS)
            ),
            // Newer summaries are worth more than older ones.
            rank: recent.len() + (older.len() - i),
        });
    }
    for (i, turn) in recent.iter().enumerate() {
        let text = one_line(&turn.content);
        if text.is_empty() {
            continue;
        }
        lines.push(HistoryLine {
            text: format!("- {}: {}", role(turn), text),
            rank: recent.len() - 1 - i,
        });
    }
    lines
}

fn role(turn: &ChatTurn) -> String {
    let r = one_line(&turn.role);
    if r.is_empty() {
        "unknown".to_string()
    } else {
        truncate_chars(&r, 20)
    }
}

/// The text up to and including the first sentence end, or all of it.
fn first_sentence(text: &str) -> &str {
    let end = text
        .char_indices()
        .find(|&(i, c)| {
            matches!(c, '.' | '?' | '!' | '。')
                && text[i + c.len_utf8()..]
                    .chars()
                    .next()
                    .is_none_or(char::is_whitespace)
        })
        .map(|(i, c)| i + c.len_utf8());
    match end {
        Some(e) => &text[..e],
        None => text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn older_turns_are_summarised_and_rank_below_recent_ones() {
        let history = vec![
            ChatTurn::new("user", "Who founded Acme? I need it for a report. Thanks."),
            ChatTurn::new(
                "assistant",
                "Acme was founded by Ada in 1990.\nIt is in Paris.",
            ),
            ChatTurn::new("user", "And where does Ada live?"),
        ];
        let lines = history_lines(&history, 2);
        let texts: Vec<&str> = lines.iter().map(|l| l.text.as_str()).collect();
        assert_eq!(
            texts,
            [
                "- (earlier) user: Who founded Acme?",
                "- assistant: Acme was founded by Ada in 1990. It is in Paris.",
                "- user: And where does Ada live?",
            ]
        );
        let ranks: Vec<usize> = lines.iter().map(|l| l.rank).collect();
        assert_eq!(ranks, [3, 1, 0]);
        assert!(history_lines(&[], 4).is_empty());
    }
}
