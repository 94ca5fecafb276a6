//! Query tokenisation for entity linking: canonical word tokens with case hints, and stop-words.

use mnemo_core::STOP_WORDS;

/// A word of the query, folded the way `mnemo_core::canonical_key` folds names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    /// Canonical form with a trailing possessive ("Love's" -> "love") removed.
    pub key: String,
    /// Canonical form as written, apostrophes dropped ("Love's" -> "loves").
    pub raw: String,
    /// Written with an upper-case first letter or containing a digit: a proper-noun hint.
    pub marked: bool,
    /// A function word that cannot carry a match on its own.
    pub stop: bool,
}

/// Splits text into word tokens, at most `max_words` of them. Word characters are alphanumerics;
/// apostrophes are dropped inside a word (as in canonical keys); everything else separates words.
pub fn tokenize(text: &str, max_words: usize) -> Vec<Token> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut first: Option<char> = None;
    let mut digit = false;
    let mut possessive_at: Option<usize> = None;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if out.len() >= max_words {
            break;
        }
        if c.is_alphanumeric() {
            if first.is_none() {
                first = Some(c);
            }
            digit |= c.is_numeric();
            word.extend(c.to_lowercase());
            continue;
        }
        if matches!(c, '\'' | '\u{2019}') && !word.is_empty() {
            // "'s" closing a word is a possessive: remember where the stem ends.
            if matches!(chars.peek(), Some('s') | Some('S')) {
                possessive_at = Some(word.len());
            }
            continue;
        }
        flush(
            &mut out,
            &mut word,
            &mut first,
            &mut digit,
            &mut possessive_at,
        );
    }
    if out.len() < max_words {
        flush(
            &mut out,
            &mut word,
            &mut first,
            &mut digit,
            &mut possessive_at,
        );
    }
    out
}

fn flush(
    out: &mut Vec<Token>,
    word: &mut String,
    first: &mut Option<char>,
    digit: &mut bool,
    possessive_at: &mut Option<usize>,
) {
    if word.is_empty() {
        return;
    }
    let raw = std::mem::take(word);
    let key = match possessive_at.take() {
        Some(at) if at > 0 && raw.len() == at + 1 => raw[..at].to_string(),
        _ => raw.clone(),
    };
    let marked = first.take().is_some_and(char::is_uppercase) || *digit;
    *digit = false;
    let stop = is_stop_word(&key);
    out.push(Token {
        key,
        raw,
        marked,
        stop,
    });
}

/// English function words and question words. A match made only of these is never a seed.
pub fn is_stop_word(word: &str) -> bool {
    // Asked for every word of every text linked; a hash probe beats a binary search of string
    // comparisons. No stop-word is longer than MAX_STOP bytes.
    static SET: std::sync::OnceLock<rustc_hash::FxHashSet<&'static str>> =
        std::sync::OnceLock::new();
    word.len() <= MAX_STOP
        && SET
            .get_or_init(|| STOP_WORDS.iter().copied().collect())
            .contains(word)
}

/// Length of the longest stop-word, in bytes.
const MAX_STOP: usize = 10;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stop_words_are_sorted_and_found() {
        assert!(STOP_WORDS.windows(2).all(|w| w[0] < w[1]));
        assert!(is_stop_word("the") && is_stop_word("whose"));
        assert!(!is_stop_word("tennessee"));
        assert!(STOP_WORDS
            .iter()
            .all(|w| w.len() <= MAX_STOP && is_stop_word(w)));
    }

    #[test]
    fn tokens_fold_like_canonical_keys_and_strip_possessives() {
        let t = tokenize(
            "Where did Hello Love's performer (Hank-Snow) live in 1950?",
            100,
        );
        let keys: Vec<&str> = t.iter().map(|t| t.key.as_str()).collect();
        assert_eq!(
            keys,
            [
                "where",
                "did",
                "hello",
                "love",
                "performer",
                "hank",
                "snow",
                "live",
                "in",
                "1950"
            ]
        );
        assert_eq!(t[3].raw, "loves");
        assert!(t[2].marked && t[5].marked && t[9].marked && !t[4].marked);
        assert!(t[0].stop && !t[2].stop);
        assert_eq!(
            tokenize("O'Neil", 10)[0].key,
            mnemo_core::canonical_key("O'Neil")
        );
    }

    #[test]
    fn tokenize_caps_words_and_handles_other_scripts() {
        assert_eq!(tokenize(&"word ".repeat(1000), 7).len(), 7);
        let t = tokenize("東京 は 日本の首都", 10);
        assert_eq!(t.len(), 3);
        assert_eq!(t[0].key, "東京");
        assert!(tokenize("?!  ...", 10).is_empty());
    }
}
