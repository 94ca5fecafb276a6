//! `compact`: the chat history with compacted messages replaced by their tags' summaries. A pure
//! function of the FIFO and the tag states.

use std::collections::{BTreeMap, HashMap};

use serde::{Deserialize, Serialize};

use crate::{count_tokens, Importance, Message, SummaryRole, TagState};

/// One message of an assembled context: a FIFO message, a compaction summary or the memory blocks.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ContextMessage {
    /// "user", "assistant", "system" or "developer".
    pub role: String,
    pub content: String,
    /// The FIFO message it is (None for summaries and memory blocks).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seq: Option<u64>,
    /// For a summary: the tag whose compaction it is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub summary_of: Option<String>,
    pub tokens: usize,
}

/// The result of [`compact`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Compacted {
    pub messages: Vec<ContextMessage>,
    /// Sequence ids of the FIFO messages replaced by summaries.
    pub removed: Vec<u64>,
    /// Tokens of the removed messages minus the tokens of the summaries put in their place.
    pub saved_tokens: i64,
}

/// The text of a summary message.
pub fn summary_text(tag: &str, summary: &str) -> String {
    format!("Summary of earlier messages on \"{tag}\":\n{summary}")
}

/// Replaces compacted messages by summaries.
///
/// Each tag's active compaction (its newest; none for core tags) covers the tag's messages with
/// `seq <= compact_last_id`. A message is removed only if every one of its tags of equal or higher
/// importance than a tag that compacted it has compacted it too; equivalently, every tag at the
/// message's highest importance level has. So a core tag keeps its messages, and a low tag never
/// removes a message that a normal tag still wants verbatim. Tags missing from `tags` count as
/// normal and uncompacted.
///
/// A compaction that removed at least one message contributes its summary as a `summary_role`
/// message at the position of the first message it covers (replacing it when that message was
/// removed, just before it otherwise). Summaries at the same position go by importance
/// (highest first), then tag.
pub fn compact(
    messages: &[Message],
    tags: &BTreeMap<String, TagState>,
    summary_role: SummaryRole,
) -> Compacted {
    let importance = |t: &str| tags.get(t).map_or(Importance::Normal, |s| s.importance);
    let covers = |t: &str, m: &Message| {
        tags.get(t)
            .and_then(TagState::active)
            .is_some_and(|c| m.seq <= c.compact_last_id)
    };
    let removed: Vec<bool> = messages
        .iter()
        .map(|m| {
            let Some(top) = m.tags.iter().map(|t| importance(t)).max() else {
                return false;
            };
            top != Importance::Core
                && m.tags
                    .iter()
                    .filter(|t| importance(t) == top)
                    .all(|t| covers(t, m))
        })
        .collect();

    // For each tag with an active compaction that removed something: where its summary goes.
    let mut at: HashMap<usize, Vec<&str>> = HashMap::new();
    for (tag, state) in tags {
        if state.active().is_none() {
            continue;
        }
        let mine = |&(_, m): &(usize, &Message)| m.tags.iter().any(|t| t == tag) && covers(tag, m);
        let mut covered = messages.iter().enumerate().filter(mine);
        let Some((first, _)) = covered.next() else {
            continue;
        };
        let removed_any = removed[first] || covered.any(|(i, _)| removed[i]);
        if removed_any {
            at.entry(first).or_default().push(tag.as_str());
        }
    }
    let role = match summary_role {
        SummaryRole::System => "system",
        SummaryRole::Developer => "developer",
    };
    let mut out = Vec::with_capacity(messages.len());
    let mut removed_seqs = Vec::new();
    let mut saved: i64 = 0;
    for (i, m) in messages.iter().enumerate() {
        if let Some(here) = at.get_mut(&i) {
            here.sort_by(|a, b| importance(b).cmp(&importance(a)).then(a.cmp(b)));
            for tag in here.iter() {
                let Some(c) = tags.get(*tag).and_then(TagState::active) else {
                    continue;
                };
                let content = summary_text(tag, &c.summary);
                let tokens = count_tokens(&content);
                saved -= tokens as i64;
                out.push(ContextMessage {
                    role: role.to_string(),
                    content,
                    seq: None,
                    summary_of: Some((*tag).to_string()),
                    tokens,
                });
            }
        }
        if removed[i] {
            removed_seqs.push(m.seq);
            saved += m.tokens as i64;
        } else {
            out.push(ContextMessage {
                role: m.role.as_str().to_string(),
                content: m.content.clone(),
                seq: Some(m.seq),
                summary_of: None,
                tokens: m.tokens,
            });
        }
    }
    Compacted {
        messages: out,
        removed: removed_seqs,
        saved_tokens: saved,
    }
}
