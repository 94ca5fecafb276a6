//! Source snippets, pure part: scoring candidate episodes by the evidence that led to them and by
//! their overlap with the query, and excerpting the sentences that matter.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use mnemo_core::{canonical_key, Episode, Timestamp};
use serde::Serialize;

use crate::tokens::{one_line, truncate_chars};

/// An excerpt of an episode, shown as supporting source text.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Snippet {
    pub episode_id: String,
    pub source: String,
    pub document_id: Option<String>,
    /// When the episode was said or written.
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = DateTime))]
    pub at: Timestamp,
    /// Who said it, for a conversation turn.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub speaker: Option<String>,
    pub text: String,
    pub score: f64,
}

impl Snippet {
    /// `- [2023-05-08 Caroline] text` for a turn, `- [title] text` for a document chunk, the
    /// date and source otherwise.
    pub fn render(&self) -> String {
        let date = self.at.format("%Y-%m-%d");
        match (&self.speaker, &self.document_id) {
            (Some(who), _) => format!("- [{date} {}] {}", one_line(who), self.text),
            (None, Some(_)) => format!("- [{}] {}", one_line(&self.source), self.text),
            (None, None) => format!("- [{date} {}] {}", one_line(&self.source), self.text),
        }
    }
}

/// `canonical_key(text)`, with a byte loop for ASCII text (every source text is folded on every
/// search, so this is a hot path). Same output, including the 256-byte cut.
pub(crate) fn fold(text: &str) -> String {
    const MAX: usize = 256;
    if !text.is_ascii() {
        return canonical_key(text);
    }
    let mut out = String::with_capacity(text.len().min(MAX + 2));
    let mut pending_space = false;
    for &b in text.as_bytes() {
        if b.is_ascii_alphanumeric() {
            if pending_space && !out.is_empty() {
                out.push(' ');
            }
            pending_space = false;
            out.push(char::from(b.to_ascii_lowercase()));
            if out.len() >= MAX {
                break;
            }
        } else if b != b'\'' {
            pending_space = true;
        }
    }
    out.truncate(MAX);
    out
}

/// Calls `f` with each word of `fold(text)` in order (its bytes: ASCII letters and digits, lower
/// case), without building the folded text (every candidate source is matched against the query
/// on every search). None for non-ASCII text, whose folding is `canonical_key`'s.
fn folded_words(text: &str, mut f: impl FnMut(&[u8])) -> Option<()> {
    const MAX: usize = 256;
    if !text.is_ascii() {
        return None;
    }
    // Bytes `fold` would have written so far, spaces included: it cuts its output at MAX.
    let mut written = 0usize;
    let mut word = [0u8; MAX];
    let mut len = 0usize;
    let mut flush = |word: &[u8], written: &mut usize| {
        let space = usize::from(*written > 0);
        let room = MAX.saturating_sub(*written + space);
        let take = word.len().min(room);
        if take > 0 {
            f(&word[..take]);
        }
        *written += space + word.len();
        *written < MAX
    };
    for &b in text.as_bytes() {
        if b.is_ascii_alphanumeric() {
            if len < MAX {
                word[len] = b.to_ascii_lowercase();
            }
            len += 1;
        } else if b != b'\'' && len > 0 {
            if !flush(&word[..len.min(MAX)], &mut written) {
                return Some(());
            }
            len = 0;
        }
    }
    if len > 0 {
        flush(&word[..len.min(MAX)], &mut written);
    }
    Some(())
}

/// Query words sorted, with a mask of their lengths: most words of a text are told apart from
/// all of them by length alone.
struct QueryWords<'a> {
    words: &'a [&'a str],
    lengths: u64,
}

impl<'a> QueryWords<'a> {
    fn new(words: &'a [&'a str]) -> Self {
        let lengths = words.iter().fold(0u64, |m, w| {
            m | 1u64.checked_shl(w.len() as u32).unwrap_or(0)
        });
        QueryWords { words, lengths }
    }

    /// The index of `w` among the words.
    fn position(&self, w: &[u8]) -> Option<usize> {
        let bit = 1u64.checked_shl(w.len() as u32).unwrap_or(0);
        if bit != 0 && self.lengths & bit == 0 {
            return None;
        }
        self.words.iter().position(|q| q.as_bytes() == w)
    }
}

/// Indices (into `q`) of the query words that occur in a text, whole-word, sorted.
fn matching_in(text: &str, q: &QueryWords<'_>) -> Vec<usize> {
    let mut found = Vec::new();
    let mut add = |w: &[u8]| {
        if let Some(i) = q.position(w) {
            if !found.contains(&i) {
                found.push(i);
            }
        }
    };
    if folded_words(text, &mut add).is_none() {
        for w in fold(text).split(' ') {
            add(w.as_bytes());
        }
    }
    found.sort_unstable();
    found
}

/// Whether a text only asks about the query's words: they occur in its questions ("Cool! What
/// kind of yoga is it?") and in none of its statements. Such a turn rarely holds its own answer.
pub fn only_asks(text: &str, words: &HashSet<String>) -> bool {
    if words.is_empty() || !text.contains('?') {
        return false;
    }
    let mut sorted: Vec<&str> = words.iter().map(String::as_str).collect();
    sorted.sort_unstable();
    let q = QueryWords::new(&sorted);
    let (mut asked, mut told) = (false, false);
    for sentence in text.split_inclusive(['?', '!', '.', '\n']) {
        if matching_in(sentence, &q).is_empty() {
            continue;
        }
        if sentence.trim_end().ends_with('?') {
            asked = true;
        } else {
            told = true;
        }
    }
    asked && !told
}

/// Query words that occur in text already folded by `fold` (whole-word match).
fn matching_folded<'q>(folded: &str, query_words: &'q HashSet<String>) -> HashSet<&'q str> {
    folded
        .split(' ')
        .filter_map(|w| query_words.get(w).map(String::as_str))
        .collect()
}

/// Whether two folded words are the same word up to an ending ("painting" / "painted"): equal, or
/// sharing a prefix of at least 4 letters that leaves at most 3 of the shorter one.
fn same_stem(a: &str, b: &str) -> bool {
    if a == b {
        return true;
    }
    let common = a.bytes().zip(b.bytes()).take_while(|(x, y)| x == y).count();
    let shorter = a.len().min(b.len());
    common >= 4 && common + 3 >= shorter
}

/// The share of `words` (folded content words of a query) that occur in at least one of `texts`,
/// up to an ending: how much of the question the best lexical hits speak to.
pub fn coverage(words: &[String], texts: &[&str]) -> f64 {
    if words.is_empty() {
        return 0.0;
    }
    let folded: Vec<String> = texts.iter().map(|t| canonical_key_full(t)).collect();
    let found = words
        .iter()
        .filter(|w| folded.iter().any(|t| t.split(' ').any(|x| same_stem(w, x))))
        .count();
    found as f64 / words.len() as f64
}

/// Every word of a text folded like `canonical_key`, without its length cut.
fn canonical_key_full(text: &str) -> String {
    text.split_whitespace()
        .map(canonical_key)
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Query-word overlap of each episode (in `episodes` order), 0..=1: the share of the query words'
/// weight it contains, a word weighing less the more candidates contain it (rarity within the
/// candidates).
pub fn lexical_scores(query_words: &HashSet<String>, episodes: &[Arc<Episode>]) -> Vec<f64> {
    // Sorted, so sums run in one order whatever the set's hashing.
    let mut words: Vec<&str> = query_words.iter().map(String::as_str).collect();
    words.sort_unstable();
    let q = QueryWords::new(&words);
    let found: Vec<Vec<usize>> = episodes
        .iter()
        .map(|e| {
            if words.is_empty() {
                Vec::new()
            } else {
                matching_in(&e.content, &q)
            }
        })
        .collect();
    let n = episodes.len() as f64;
    let mut df = vec![0usize; words.len()];
    for f in &found {
        for &i in f {
            df[i] += 1;
        }
    }
    let weight: Vec<f64> = df
        .iter()
        .map(|&d| (1.0 + n / (1.0 + d as f64)).ln())
        .collect();
    let total: f64 = weight.iter().sum::<f64>().max(f64::MIN_POSITIVE);
    found
        .iter()
        .map(|f| f.iter().map(|&i| weight[i]).sum::<f64>() / total)
        .collect()
}

/// Builds snippets for `ranked` (episode id, score) in that order, excerpting around `names` (entity
/// display names) and `query_words`.
pub fn build_snippets(
    ranked: &[(String, f64)],
    episodes: &[Arc<Episode>],
    names: &[&str],
    query_words: &HashSet<String>,
    max_chars: usize,
) -> Vec<Snippet> {
    let by_id: HashMap<&str, &Episode> = episodes.iter().map(|e| (e.id.as_str(), &**e)).collect();
    // The same few entities end many facts: each name is folded once.
    let mut names = names.to_vec();
    names.sort_unstable();
    names.dedup();
    // Padded with spaces for whole-word containment checks.
    let mut keys: Vec<String> = names
        .iter()
        .map(|n| canonical_key(n))
        .filter(|k| !k.is_empty())
        .map(|k| format!(" {k} "))
        .collect();
    keys.sort();
    keys.dedup();
    ranked
        .iter()
        .filter_map(|(id, score)| {
            let ep = by_id.get(id.as_str())?;
            // A conversation turn that fits is shown whole: its sentences make sense together.
            let flat = one_line(&ep.content);
            let text = if ep.speaker.is_some() && flat.chars().count() <= max_chars {
                flat
            } else {
                excerpt(&ep.content, &keys, query_words, max_chars)
            };
            // A document chunk's time is when it was ingested, not when it was written: its
            // relative times are left as written.
            let text = if ep.document_id.is_none() {
                with_dates(&text, ep.created_at)
            } else {
                text
            };
            (!text.is_empty()).then(|| Snippet {
                episode_id: ep.id.clone(),
                source: ep.source.clone(),
                document_id: ep.document_id.clone(),
                at: ep.created_at,
                speaker: ep.speaker.clone(),
                text,
                score: *score,
            })
        })
        .collect()
}

/// `text` with each relative time it holds followed by the date it resolves to, against `at` (when
/// it was said): "I went there yesterday (2023-05-07)". Two clocks: the snippet's own date says when
/// it was said, this says when what it tells happened.
pub fn with_dates(text: &str, at: Timestamp) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let mut last = 0;
    for m in mnemo_extract::resolve_times(text, at) {
        if m.end > text.len() || m.start < last || m.text.contains(&m.resolved) {
            continue;
        }
        out.push_str(&text[last..m.end]);
        out.push_str(&format!(" ({})", m.resolved));
        last = m.end;
    }
    out.push_str(&text[last..]);
    out
}

/// The most telling sentences of `content`, in their original order, up to `max_chars`. A sentence
/// scores 1 per entity key it names (`keys` are canonical keys padded with one space each side, for
/// whole-word matching), 0.5 per query word, and the opening sentence (which usually says what the
/// text is about) 0.5 more.
pub fn excerpt(
    content: &str,
    keys: &[String],
    query_words: &HashSet<String>,
    max_chars: usize,
) -> String {
    let flat = one_line(content);
    let sentences = split_sentences(&flat);
    let mut scored: Vec<(f64, usize)> = sentences
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let mut canon = String::with_capacity(s.len() + 2);
            canon.push(' ');
            canon.push_str(&fold(s));
            canon.push(' ');
            let folded = &canon[1..canon.len() - 1];
            let names = keys.iter().filter(|k| canon.contains(k.as_str())).count() as f64;
            let qw = if query_words.is_empty() {
                0.0
            } else {
                matching_folded(folded, query_words).len() as f64
            };
            let first = if i == 0 { 0.5 } else { 0.0 };
            (names + 0.5 * qw + first, i)
        })
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    let mut picked = Vec::new();
    let mut len = 0usize;
    for (score, i) in scored {
        let n = sentences[i].chars().count() + 1;
        if score <= 0.0 || (len + n > max_chars && !picked.is_empty()) {
            continue;
        }
        picked.push(i);
        len += n;
    }
    if picked.is_empty() {
        return truncate_chars(&flat, max_chars);
    }
    picked.sort_unstable();
    let text: Vec<&str> = picked.iter().map(|&i| sentences[i]).collect();
    truncate_chars(&text.join(" "), max_chars)
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

    fn qw(words: &[&str]) -> HashSet<String> {
        words.iter().map(|w| w.to_string()).collect()
    }

    #[test]
    fn excerpt_keeps_the_sentences_naming_entities_and_query_words() {
        let content = "Acme is old. Ada founded Acme in 1990.\nBob likes tea. Ada moved to Paris.";
        let keys = vec![" ada ".to_string()];
        assert_eq!(
            excerpt(content, &keys, &qw(&[]), 200),
            "Acme is old. Ada founded Acme in 1990. Ada moved to Paris."
        );
        assert_eq!(
            excerpt(content, &keys, &qw(&["tea"]), 40),
            "Acme is old. Ada founded Acme in 1990."
        );
        // "adam" must not match the key "ada".
        assert_eq!(
            excerpt("Adam sings. Ada dances.", &keys, &qw(&[]), 100),
            "Adam sings. Ada dances."
        );
        assert_eq!(
            excerpt("Adam sings. Ada dances.", &keys, &qw(&[]), 12),
            "Ada dances."
        );
    }

    #[test]
    fn fold_is_canonical_key() {
        let long = format!("{} Tail", "ab ".repeat(85));
        for text in [
            "",
            "Ada Lovelace",
            "  O'Neil's  café -- 2024!",
            "x".repeat(300).as_str(),
            &long,
            &format!("{}b", "a".repeat(255)),
            &format!("{} b", "a".repeat(255)),
            "Zoë",
            "tab\tnew\nline",
            "’s",
        ] {
            assert_eq!(fold(text), canonical_key(text), "{text:?}");
        }
    }

    #[test]
    fn folded_words_are_the_words_of_fold() {
        let long = format!("{} Tail", "ab ".repeat(85));
        let cut = format!("{} abcdefgh", "x".repeat(250));
        for text in [
            "",
            "Ada Lovelace",
            "  O'Neil's  -- 2024!",
            "x".repeat(300).as_str(),
            &long,
            &cut,
            &format!("{}b", "a".repeat(255)),
            &format!("{} b", "a".repeat(255)),
            &format!("{} bc d", "a".repeat(253)),
            "tab\tnew\nline",
            "'lead' trail'",
        ] {
            let mut words = Vec::new();
            assert!(folded_words(text, |w| words
                .push(String::from_utf8_lossy(w).into_owned()))
            .is_some());
            let folded = fold(text);
            let expected: Vec<&str> = folded.split(' ').filter(|w| !w.is_empty()).collect();
            assert_eq!(words, expected, "{text:?}");
        }
        assert!(folded_words("Zoë", |_| ()).is_none());
    }

    #[test]
    fn relative_times_are_shown_resolved() {
        let at = chrono::TimeZone::with_ymd_and_hms(&chrono::Utc, 2023, 5, 8, 13, 0, 0)
            .single()
            .expect("date");
        assert_eq!(
            with_dates("I went to a support group yesterday.", at),
            "I went to a support group yesterday (2023-05-07)."
        );
        assert_eq!(
            with_dates("Back in 2022 it rained.", at),
            "Back in 2022 it rained."
        );
        assert_eq!(with_dates("Nothing timed here.", at), "Nothing timed here.");
    }

    #[test]
    fn only_said_text_gets_its_relative_times_resolved() {
        let at = chrono::TimeZone::with_ymd_and_hms(&chrono::Utc, 2023, 5, 8, 13, 0, 0)
            .single()
            .expect("date");
        let ep = |id: &str, doc: Option<&str>, speaker: Option<&str>| {
            Arc::new(Episode {
                id: id.into(),
                kind: mnemo_core::EpisodeKind::Interaction,
                content: "We met yesterday.".into(),
                created_at: at,
                source: "t".into(),
                content_hash: String::new(),
                document_id: doc.map(str::to_string),
                span: None,
                speaker: speaker.map(str::to_string),
                session: None,
            })
        };
        let eps = vec![ep("turn", None, Some("Ada")), ep("chunk", Some("d"), None)];
        let ranked = vec![("turn".to_string(), 2.0), ("chunk".to_string(), 1.0)];
        let snippets = build_snippets(&ranked, &eps, &[], &qw(&[]), 200);
        assert_eq!(snippets[0].text, "We met yesterday (2023-05-07).");
        assert_eq!(
            snippets[1].text, "We met yesterday.",
            "a chunk's time is its ingestion, not its writing"
        );
        assert_eq!(
            snippets[0].render(),
            "- [2023-05-08 Ada] We met yesterday (2023-05-07)."
        );
        assert_eq!(snippets[1].render(), "- [t] We met yesterday.");
    }

    #[test]
    fn a_text_only_asks_when_the_words_are_in_its_questions_alone() {
        let words: HashSet<String> = ["yoga", "practice"].iter().map(|w| w.to_string()).collect();
        assert!(only_asks(
            "Cool! What kind of yoga do you practice?",
            &words
        ));
        assert!(!only_asks("I practice yoga. Do you?", &words));
        assert!(!only_asks("Yoga? I practice it daily.", &words));
        assert!(!only_asks("Is it raining? I stayed home.", &words));
        assert!(!only_asks("What kind of yoga?", &HashSet::new()));
        assert!(!only_asks("", &words));
    }

    #[test]
    fn coverage_counts_query_words_up_to_their_endings() {
        let w = |xs: &[&str]| xs.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        let texts = ["I was painting a sunset yesterday.", "Pottery is fun"];
        assert_eq!(coverage(&w(&["painted", "sunset"]), &texts), 1.0);
        assert_eq!(coverage(&w(&["paint", "quantum"]), &texts), 0.5);
        assert_eq!(
            coverage(&w(&["pot"]), &texts),
            0.0,
            "a short prefix is not a stem"
        );
        assert_eq!(coverage(&w(&["potteries"]), &texts), 1.0);
        assert_eq!(coverage(&[], &texts), 0.0);
        assert!(!same_stem("pain", "spain"));
    }

    #[test]
    fn lexical_scores_favour_rare_query_words() {
        let ep = |id: &str, text: &str| {
            Arc::new(Episode {
                id: id.into(),
                kind: mnemo_core::EpisodeKind::Note,
                content: text.into(),
                created_at: chrono::DateTime::UNIX_EPOCH,
                source: "t".into(),
                content_hash: String::new(),
                document_id: None,
                span: None,
                speaker: None,
                session: None,
            })
        };
        let eps = vec![
            ep("a", "He died in Nashville, a city."),
            ep("b", "The city is large."),
            ep("c", "Another city."),
        ];
        let s = lexical_scores(&qw(&["died", "city"]), &eps);
        assert!(s[0] > s[1] && s[1] == s[2]);
        assert!((s[0] - 1.0).abs() < 1e-9);
    }
}
