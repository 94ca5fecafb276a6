//! The LoCoMo-style data set of `mnemo-bench locomo`: conversations of timed, attributed turns and
//! questions citing the turns that answer them.

use std::path::Path;

use anyhow::Context;
use mnemo_core::Timestamp;
use serde::Deserialize;

/// One conversation between two speakers, its turns in order.
#[derive(Debug, Deserialize)]
pub struct Conversation {
    pub id: String,
    pub speakers: Vec<String>,
    pub turns: Vec<Turn>,
}

/// One turn: what a speaker said, when, in which session of the conversation.
#[derive(Debug, Deserialize)]
pub struct Turn {
    pub id: String,
    pub speaker: String,
    pub text: String,
    pub at: Timestamp,
    pub session: String,
    /// The caption of a photo shared with the turn, if any.
    #[serde(default)]
    pub caption: Option<String>,
}

impl Turn {
    /// What is remembered of the turn: its text, and with `captions` the photo it shared as
    /// LoCoMo's own prompts give it ("[shares a photo of a dog on a beach]").
    pub fn remembered(&self, captions: bool) -> String {
        match (&self.caption, captions) {
            (Some(c), true) if !c.trim().is_empty() => {
                format!("{} [shares {}]", self.text, c.trim())
            }
            _ => self.text.clone(),
        }
    }
}

/// A question with its category and the ids of the turns that hold its answer.
#[derive(Debug, Deserialize)]
pub struct LoQuestion {
    pub conversation: String,
    pub id: String,
    pub question: String,
    pub category: u8,
    pub evidence: Vec<String>,
}

pub fn read_jsonl<T: for<'de> Deserialize<'de>>(path: &Path) -> anyhow::Result<Vec<T>> {
    let text = std::fs::read_to_string(path).with_context(|| format!("reading {path:?}"))?;
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| serde_json::from_str(l).with_context(|| format!("{path:?} line {}", i + 1)))
        .collect()
}

/// Words that open greetings and interjections; an entity named like "Hey Tom" or "Wow" is an
/// extraction error the report counts.
const GREETINGS: &[&str] = &[
    "hey",
    "hi",
    "hello",
    "thanks",
    "thank",
    "wow",
    "aww",
    "aw",
    "oh",
    "omg",
    "yay",
    "bye",
    "congrats",
    "congratulations",
    "haha",
    "lol",
    "ooh",
    "whoa",
    "yeah",
    "yes",
    "no",
    "guess",
    "sure",
    "cool",
    "great",
    "awesome",
    "nice",
    "hmm",
    "ah",
    "ugh",
    "welcome",
    "good",
];

pub fn starts_with_greeting(name: &str) -> bool {
    let first = name
        .split(|c: char| !c.is_alphanumeric())
        .find(|w| !w.is_empty())
        .unwrap_or("")
        .to_lowercase();
    GREETINGS.contains(&first.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn greetings_are_recognised_by_their_first_word() {
        assert!(starts_with_greeting("Hey Tom"));
        assert!(starts_with_greeting("Wow"));
        assert!(!starts_with_greeting("Heyerdahl"));
        assert!(!starts_with_greeting("Tom Hey"));
    }
}
