//! Source snippets: the episodes behind the top facts and the seeds' latest mentions, excerpted
//! around the sentences that name the entities involved.

use std::collections::{BTreeMap, HashMap};

use mnemo_core::{canonical_key, Episode};
use serde::Serialize;

use crate::rank::ScoredFact;
use crate::tokens::{one_line, truncate_chars};

/// Provenance episodes used per fact: the newest few, as they reflect the current wording.
const EPISODES_PER_FACT: usize = 2;

/// An excerpt of an episode, shown as supporting source text.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Snippet {
    pub episode_id: String,
    pub source: String,
    pub document_id: Option<String>,
    pub text: String,
    pub score: f64,
}

impl Snippet {
    pub fn render(&self) -> String {
        format!("- [{}] {}", one_line(&self.source), self.text)
    }
}

/// Scores candidate episodes: each supporting fact adds its score, each seed mention adds
/// `seed_weight`. Returns (episode id, score), best first, ties by id.
pub fn candidate_episodes(
    facts: &[ScoredFact],
    seed_mentions: &[String],
    seed_weight: f64,
    limit: usize,
) -> Vec<(String, f64)> {
    let mut score: BTreeMap<&str, f64> = BTreeMap::new();
    for f in facts {
        for ep in f.episodes.iter().rev().take(EPISODES_PER_FACT) {
            *score.entry(ep.as_str()).or_default() += f.score;
        }
    }
    for ep in seed_mentions {
        *score.entry(ep.as_str()).or_default() += seed_weight;
    }
    let mut out: Vec<(String, f64)> = score.into_iter().map(|(k, v)| (k.to_string(), v)).collect();
    out.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    out.truncate(limit);
    out
}

/// Builds snippets for fetched episodes, in the order of `ranked`. `names` are the display names of
/// the entities the excerpt should be about.
pub fn build_snippets(
    ranked: &[(String, f64)],
    episodes: &[Episode],
    names: &[String],
    max_chars: usize,
) -> Vec<Snippet> {
    let by_id: HashMap<&str, &Episode> = episodes.iter().map(|e| (e.id.as_str(), e)).collect();
    let keys: Vec<String> = names
        .iter()
        .map(|n| canonical_key(n))
        .filter(|k| !k.is_empty())
        .collect();
    ranked
        .iter()
        .filter_map(|(id, score)| {
            let ep = by_id.get(id.as_str())?;
            let text = excerpt(&ep.content, &keys, max_chars);
            (!text.is_empty()).then(|| Snippet {
                episode_id: ep.id.clone(),
                source: ep.source.clone(),
                document_id: ep.document_id.clone(),
                text,
                score: *score,
            })
        })
        .collect()
}

/// The sentences of `content` that name one of `keys` (canonical match on word boundaries), in
/// their original order, up to `max_chars`; the start of the content when none does.
pub fn excerpt(content: &str, keys: &[String], max_chars: usize) -> String {
    let flat = one_line(content);
    let sentences = split_sentences(&flat);
    let mut picked = Vec::new();
    let mut len = 0usize;
    for s in &sentences {
        let k = format!(" {} ", canonical_key(s));
        if keys.iter().any(|key| k.contains(&format!(" {key} "))) {
            let n = s.chars().count() + 1;
            if len + n > max_chars && !picked.is_empty() {
                break;
            }
            picked.push(*s);
            len += n;
        }
    }
    let text = if picked.is_empty() {
        flat.clone()
    } else {
        picked.join(" ")
    };
    truncate_chars(&text, max_chars)
}

fn split_sentences(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        let end = i + c.len_utf8();
        let boundary = matches!(c, '.' | '?' | '!' | '。')
            && chars.peek().is_none_or(|(_, n)| n.is_whitespace());
        if boundary {
            let s = text[start..end].trim();
            if !s.is_empty() {
                out.push(s);
            }
            start = end;
        }
    }
    let rest = text[start..].trim();
    if !rest.is_empty() {
        out.push(rest);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn excerpt_keeps_sentences_naming_the_entities() {
        let content = "Acme is old. Ada founded Acme in 1990.\nBob likes tea. Ada moved to Paris.";
        let keys = vec!["ada".to_string()];
        assert_eq!(
            excerpt(content, &keys, 200),
            "Ada founded Acme in 1990. Ada moved to Paris."
        );
        assert_eq!(excerpt(content, &["zed".to_string()], 14), "Acme is old.…");
        // "adam" must not match the key "ada".
        assert_eq!(
            excerpt("Adam sings. Ada dances.", &keys, 100),
            "Ada dances."
        );
    }
}
