//! Optional LLM query expansion: the names and synonyms a question is about, to help entity
//! linking on a search miss. Off by default (`llm.query_expansion`); search never needs it.

use serde_json::Value;

use crate::client::{ChatMessage, LlmClient};
use crate::parse::recover_json;
use crate::{prompt, LlmError};

/// Most keywords kept from one expansion.
pub const MAX_KEYWORDS: usize = 8;

/// Keywords and synonyms for `query`, deduplicated, at most [`MAX_KEYWORDS`]. An unusable reply
/// gives an empty list (with a warning); only transport failures are errors.
pub async fn expand_query(client: &LlmClient, query: &str) -> Result<Vec<String>, LlmError> {
    let (system, user) = prompt::expansion_messages(query);
    let schema = prompt::expansion_schema();
    let reply = client
        .chat_limited(
            &[ChatMessage::system(system), ChatMessage::user(user)],
            Some(&schema),
            prompt::EXPANSION_MAX_TOKENS,
        )
        .await?;
    let Some(rec) = recover_json(&reply.content) else {
        tracing::warn!("query expansion reply holds no JSON object; searching without it");
        return Ok(Vec::new());
    };
    Ok(keywords(&rec.value))
}

fn keywords(v: &Value) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let items = v.get("keywords").and_then(Value::as_array);
    for k in items.into_iter().flatten().filter_map(Value::as_str) {
        let k = k.split_whitespace().collect::<Vec<_>>().join(" ");
        let ok = !k.is_empty() && k.chars().count() <= 80 && k.chars().any(char::is_alphanumeric);
        if ok && !out.iter().any(|o| o.eq_ignore_ascii_case(&k)) {
            out.push(k);
        }
        if out.len() == MAX_KEYWORDS {
            break;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn keywords_are_cleaned_deduplicated_and_capped() {
        let v = json!({"keywords": ["Ada  Lovelace", "ada lovelace", "", "!!", 7,
            "a","b","c","d","e","f","g","h"]});
        let k = keywords(&v);
        assert_eq!(k.len(), MAX_KEYWORDS);
        assert_eq!(k[0], "Ada Lovelace");
        assert_eq!(k[1], "a");
        assert!(keywords(&json!({"other": 1})).is_empty());
    }
}
