//! The token-limited FIFO rule (LlamaIndex `Memory` semantics), as a pure function.

use crate::{Message, SessionConfig};

/// How many of the oldest `messages` a flush moves into the graph: none while the chat history is
/// within `token_limit * chat_history_token_ratio`; otherwise whole messages, oldest first, at
/// least `token_flush_size` tokens and as many more as it takes to get back within the limit. The
/// newest message always stays, so the latest turn is never only in the graph.
pub fn flush_count(messages: &[Message], cfg: &SessionConfig) -> usize {
    let limit = cfg.history_limit();
    let total: usize = messages.iter().map(|m| m.tokens).sum();
    if total <= limit {
        return 0;
    }
    let mut n = 0;
    let mut moved = 0usize;
    while n + 1 < messages.len() && (moved < cfg.token_flush_size || total - moved > limit) {
        moved += messages[n].tokens;
        n += 1;
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Role;

    fn msgs(tokens: &[usize]) -> Vec<Message> {
        tokens
            .iter()
            .enumerate()
            .map(|(i, &t)| Message {
                seq: i as u64 + 1,
                role: Role::User,
                content: "x".into(),
                at: chrono::DateTime::UNIX_EPOCH,
                tags: vec!["general".into()],
                tokens: t,
            })
            .collect()
    }

    #[test]
    fn flushes_whole_messages_past_the_ratio_only() {
        let cfg = SessionConfig {
            token_limit: 1000,
            token_flush_size: 300,
            chat_history_token_ratio: 0.7,
            ..SessionConfig::default()
        };
        // 700 is the limit: exactly at it, nothing moves.
        assert_eq!(flush_count(&msgs(&[100; 7]), &cfg), 0);
        // 800 > 700: at least 300 tokens, whole messages: 3 of 100.
        assert_eq!(flush_count(&msgs(&[100; 8]), &cfg), 3);
        // 250 + 100 reaches the flush size in two messages.
        assert_eq!(flush_count(&msgs(&[250, 100, 100, 100, 100, 100]), &cfg), 2);
        // 1500 tokens: the flush size is not enough, keep going until within 700.
        assert_eq!(flush_count(&msgs(&[100; 15]), &cfg), 8);
        // One huge newest message stays, everything before it goes.
        assert_eq!(flush_count(&msgs(&[50, 50, 5000]), &cfg), 2);
        assert_eq!(flush_count(&msgs(&[5000]), &cfg), 0);
    }
}
