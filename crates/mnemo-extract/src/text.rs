//! Word tokenisation and sentence splitting with byte offsets into the original text.
//!
//! Words follow news-style tokenisation (punctuation split off, "'s" separate, abbreviations such as
//! "Sen.", "U.S." and "D-Ariz." kept whole) so that a text made by joining CoNLL-style tokens with
//! spaces gives those tokens back.

use std::ops::Range;

use crate::gazetteer;

/// Longest sentence, in words, before it is cut: keeps per-sentence work bounded on text without
/// punctuation (a 1 MB single line must not become one sentence).
pub const MAX_SENTENCE_WORDS: usize = 120;

/// A word: a byte range of the text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Word {
    pub start: usize,
    pub end: usize,
}

impl Word {
    pub fn text<'a>(&self, src: &'a str) -> &'a str {
        &src[self.start..self.end]
    }
}

fn is_break(c: char) -> bool {
    c.is_whitespace() || c.is_control()
}

/// Chars split off the front of a word.
fn is_leading_punct(c: char) -> bool {
    matches!(
        c,
        '"' | '\''
            | '('
            | '['
            | '{'
            | '<'
            | '`'
            | '\u{201C}'
            | '\u{2018}'
            | '\u{00AB}'
            | '*'
            | '#'
            | '\u{2013}'
            | '\u{2014}'
    )
}

/// Chars split off the end of a word ('.' is handled separately, for abbreviations).
fn is_trailing_punct(c: char) -> bool {
    matches!(
        c,
        ',' | ';'
            | ':'
            | '!'
            | '?'
            | '"'
            | '\''
            | ')'
            | ']'
            | '}'
            | '>'
            | '`'
            | '\u{201D}'
            | '\u{2019}'
            | '\u{00BB}'
            | '*'
            | '\u{2026}'
            | '\u{2013}'
            | '\u{2014}'
    )
}

/// Splits `text` into words. Never panics; every word is non-empty and on char boundaries.
pub fn words(text: &str) -> Vec<Word> {
    let mut out = Vec::new();
    let mut i = 0;
    let bytes_len = text.len();
    while i < bytes_len {
        let rest = &text[i..];
        let Some(c) = rest.chars().next() else { break };
        if is_break(c) {
            i += c.len_utf8();
            continue;
        }
        let len = rest.find(is_break).unwrap_or(rest.len());
        split_chunk(text, i, i + len, &mut out);
        i += len;
    }
    out
}

/// Splits one whitespace-free chunk into words.
fn split_chunk(text: &str, mut start: usize, mut end: usize, out: &mut Vec<Word>) {
    // Leading punctuation, one char each.
    while start < end {
        let c = text[start..end].chars().next().unwrap_or(' ');
        if is_leading_punct(c) && end - start > c.len_utf8() {
            out.push(Word {
                start,
                end: start + c.len_utf8(),
            });
            start += c.len_utf8();
        } else {
            break;
        }
    }
    // Trailing punctuation, collected in reverse.
    let mut tail: Vec<Word> = Vec::new();
    loop {
        let s = &text[start..end];
        let Some(c) = s.chars().next_back() else {
            break;
        };
        if s.len() == c.len_utf8() {
            break;
        }
        // '"Summer Sounds"- The band': a dash after a closing quote or bracket is no part of
        // the word before them.
        let dash_after_close = c == '-'
            && s[..s.len() - 1]
                .chars()
                .next_back()
                .is_some_and(is_trailing_punct);
        if is_trailing_punct(c) || dash_after_close {
            // Keep a possessive "s'" apostrophe as its own word too; both cases split.
            tail.push(Word {
                start: end - c.len_utf8(),
                end,
            });
            end -= c.len_utf8();
            continue;
        }
        if c == '.' && !keeps_period(s) {
            tail.push(Word {
                start: end - 1,
                end,
            });
            end -= 1;
            continue;
        }
        break;
    }
    if start < end {
        let s = &text[start..end];
        // "Acme's" -> "Acme" "'s"; "n't" stays with its verb's split: "don't" -> "do" "n't".
        let lower_tail = |suf: &str| {
            s.len() > suf.len()
                && s.is_char_boundary(s.len() - suf.len())
                && s[s.len() - suf.len()..].eq_ignore_ascii_case(suf)
        };
        let cut = ["'s", "\u{2019}s", "n't", "'re", "'ve", "'ll", "'m", "'d"]
            .iter()
            .find(|suf| lower_tail(suf))
            .map(|suf| end - suf.len())
            .or_else(|| bare_contraction(s).map(|k| start + k));
        match cut {
            Some(c) => {
                out.push(Word { start, end: c });
                out.push(Word { start: c, end });
            }
            None => out.push(Word { start, end }),
        }
    }
    out.extend(tail.into_iter().rev());
}

/// Where a contraction typed without its apostrophe splits, as chat writes them ("im", "ive",
/// "dont", "thats"): "do" | "nt" as "don't" gives "do" | "n't". Only lower-case forms that are no
/// English word themselves ("ill", "well", "were", "its", "id" and "lets" are), and the n't family
/// capitalised too ("Dont worry"). The part after the cut reads as its apostrophe form in
/// [`contraction_form`].
fn bare_contraction(w: &str) -> Option<usize> {
    if w.len() > 8 || w.len() < 2 {
        return None;
    }
    // Every word passes here: most are let go by their first and last letters.
    let (first, last) = (w.as_bytes()[0] | 0x20, w.as_bytes()[w.len() - 1] | 0x20);
    if !matches!(
        first,
        b'i' | b'y' | b't' | b'w' | b's' | b'd' | b'h' | b'c' | b'a'
    ) || !matches!(last, b'm' | b'e' | b'l' | b's' | b't')
        || !w.is_ascii()
    {
        return None;
    }
    let mut buf = [0u8; 8];
    for (b, c) in buf.iter_mut().zip(w.bytes()) {
        *b = c.to_ascii_lowercase();
    }
    let lower = std::str::from_utf8(&buf[..w.len()]).ok()?;
    let capital_ok = w[1..] == lower[1..];
    let k = match lower {
        "im" | "ive" if w == lower => 1,
        "youre" | "youve" | "youll" => 3,
        "theyre" | "theyve" | "theyll" => 4,
        "weve" => 2,
        "thats" | "whats" => 4,
        "shes" => 3,
        "dont" | "didnt" | "doesnt" | "isnt" | "wasnt" | "arent" | "werent" | "havent"
        | "hasnt" | "hadnt" | "couldnt" | "wouldnt" | "shouldnt" | "cant" | "wont" => {
            lower.len() - 2
        }
        _ => return None,
    };
    (w == lower || capital_ok).then_some(k)
}

/// The word a split-off part of an apostrophe-less contraction stands for ("nt" -> "n't"), when
/// `word` directly follows `before` with nothing between (as [`bare_contraction`] cuts them).
pub fn contraction_form(before: &str, word: &str) -> Option<&'static str> {
    if !before
        .chars()
        .last()
        .is_some_and(|c| c.is_ascii_alphabetic())
    {
        return None;
    }
    Some(match word {
        "m" => "'m",
        "ve" => "'ve",
        "re" => "'re",
        "ll" => "'ll",
        "s" => "'s",
        "nt" => "n't",
        _ => return None,
    })
}

/// Whether a word ending in '.' keeps it: known abbreviations, initials, "U.S.", "D-Ariz.".
fn keeps_period(s: &str) -> bool {
    let body = &s[..s.len() - 1];
    if body.is_empty() {
        return false;
    }
    if gazetteer::is_abbreviation(body) {
        return true;
    }
    let mut chars = body.chars();
    let first = chars.next().unwrap_or(' ');
    // "J." initials.
    if body.chars().count() == 1 && first.is_alphabetic() {
        return true;
    }
    // "U.S.", "a.m.", "D-Ariz." (state abbreviations after a party letter).
    if body.contains('.') && body.chars().all(|c| c.is_alphabetic() || c == '.') {
        return true;
    }
    if let Some((party, state)) = body.split_once('-') {
        return party.len() == 1 && gazetteer::is_abbreviation(state);
    }
    false
}

/// Whether a word ends a sentence.
fn is_terminal(w: &str) -> bool {
    matches!(w, "." | "!" | "?" | "..." | "\u{2026}")
        || (w.len() > 1 && w.bytes().all(|b| b == b'!' || b == b'?'))
}

/// Splits words into sentences: ranges of word indices. A sentence ends at '.', '!' or '?' (with
/// closing quotes/brackets kept), at a blank line, or after [`MAX_SENTENCE_WORDS`] words.
pub fn sentences(text: &str, words: &[Word]) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut i = 0;
    while i < words.len() {
        let w = words[i].text(text);
        let mut end_here = false;
        let mut next = i + 1;
        if is_terminal(w) {
            while next < words.len()
                && matches!(words[next].text(text), "\"" | "'" | ")" | "\u{201D}" | "]")
            {
                next += 1;
            }
            end_here = true;
        } else if next < words.len() {
            let gap = &text[words[i].end..words[next].start];
            if gap.matches('\n').count() >= 2 {
                end_here = true;
            } else if gap.contains('\n') && !w.ends_with(',') {
                // A single newline ends a chat line or a heading when the next line starts fresh.
                let nxt = words[next].text(text);
                end_here = nxt
                    .chars()
                    .next()
                    .is_some_and(|c| c.is_uppercase() || c == '-' || c == '*');
            }
        }
        if next - start >= MAX_SENTENCE_WORDS {
            end_here = true;
        }
        if end_here {
            out.push(start..next.min(words.len()));
            start = next.min(words.len());
        }
        i = next;
    }
    if start < words.len() {
        out.push(start..words.len());
    }
    out
}

/// Largest piece of text tokenised at once, so word buffers stay bounded on huge inputs.
pub const BLOCK_BYTES: usize = 1 << 16;

/// Where the block starting at `pos` ends: at a paragraph or sentence end, else at a space,
/// else (one huge word) at a char boundary.
fn block_end(text: &str, pos: usize) -> usize {
    if text.len() - pos <= BLOCK_BYTES {
        return text.len();
    }
    let mut limit = pos + BLOCK_BYTES;
    while !text.is_char_boundary(limit) {
        limit -= 1;
    }
    let window = &text[pos..limit];
    for pat in ["\n\n", ". ", "\n", " "] {
        if let Some(i) = window.rfind(pat).filter(|&i| i > 0) {
            return pos + i + pat.len();
        }
    }
    limit
}

/// Calls `f(sentence number, words, index of the first word in the text)` for each sentence,
/// tokenising block by block ([`BLOCK_BYTES`]); word offsets are into `text`.
pub fn for_each_sentence(text: &str, mut f: impl FnMut(usize, &[Word], usize)) {
    let (mut pos, mut sent, mut base) = (0, 0, 0);
    while pos < text.len() {
        let end = block_end(text, pos);
        let mut ws = words(&text[pos..end]);
        for w in &mut ws {
            w.start += pos;
            w.end += pos;
        }
        for r in sentences(text, &ws) {
            f(sent, &ws[r.clone()], base + r.start);
            sent += 1;
        }
        base += ws.len();
        pos = end;
    }
}

/// Byte ranges of the sentences of `text` (from the first to the last word of each sentence).
pub fn sentence_spans(text: &str) -> Vec<Range<usize>> {
    let ws = words(text);
    sentences(text, &ws)
        .into_iter()
        .map(|r| ws[r.start].start..ws[r.end - 1].end)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(s: &str) -> Vec<&str> {
        words(s).iter().map(|w| w.text(s)).collect()
    }

    #[test]
    fn a_dash_after_a_closing_quote_is_split_off() {
        assert_eq!(
            toks("\"Summer Sounds\"- The band. A well- and ill-kept (rule)-"),
            vec![
                "\"", "Summer", "Sounds", "\"", "-", "The", "band", ".", "A", "well-", "and",
                "ill-kept", "(", "rule", ")", "-"
            ]
        );
    }

    #[test]
    fn contractions_typed_without_apostrophes_split_as_with_them() {
        assert_eq!(
            toks("im sure ive seen it, dont worry. Thats fine, Dont"),
            vec![
                "i", "m", "sure", "i", "ve", "seen", "it", ",", "do", "nt", "worry", ".", "That",
                "s", "fine", ",", "Do", "nt"
            ]
        );
        // Words of their own, names and capitalised "Im" / "Ive" stay whole.
        assert_eq!(
            toks("ill well were its id Jony Ive Im IM DONT – ét"),
            vec![
                "ill", "well", "were", "its", "id", "Jony", "Ive", "Im", "IM", "DONT", "–", "ét"
            ]
        );
        let (a, b) = ("did", "nt");
        assert_eq!(contraction_form(a, b), Some("n't"));
        assert_eq!(contraction_form("(", "s"), None);
        assert_eq!(contraction_form("i", "x"), None);
    }

    #[test]
    fn splits_news_style() {
        assert_eq!(
            toks("Sen. Dennis DeConcini, D-Ariz., said (Monday) Acme's U.S. unit didn't."),
            vec![
                "Sen.",
                "Dennis",
                "DeConcini",
                ",",
                "D-Ariz.",
                ",",
                "said",
                "(",
                "Monday",
                ")",
                "Acme",
                "'s",
                "U.S.",
                "unit",
                "did",
                "n't",
                "."
            ]
        );
    }

    #[test]
    fn sentences_end_at_terminals_and_blank_lines() {
        let t = "He left. She stayed!\n\nNew para here";
        let spans: Vec<&str> = sentence_spans(t).into_iter().map(|r| &t[r]).collect();
        assert_eq!(spans, vec!["He left.", "She stayed!", "New para here"]);
    }

    #[test]
    fn blocks_give_the_same_words_as_one_pass() {
        let t = "Alice met Bob. ".repeat(BLOCK_BYTES / 5) + &"x".repeat(BLOCK_BYTES + 10);
        let mut got = Vec::new();
        let mut last_sent = None;
        for_each_sentence(&t, |s, ws, base| {
            assert_eq!(Some(s), last_sent.map_or(Some(0), |l: usize| Some(l + 1)));
            last_sent = Some(s);
            assert_eq!(base, got.len());
            got.extend_from_slice(ws);
        });
        let whole = words(&t);
        assert_eq!(
            got.len(),
            whole.len() + 1,
            "only the huge word is cut, once"
        );
        assert_eq!(got[..whole.len() - 1], whole[..whole.len() - 1]);
    }

    #[test]
    fn long_runs_are_cut() {
        let t = "word ".repeat(1000);
        let ws = words(&t);
        assert!(sentences(&t, &ws)
            .iter()
            .all(|r| r.len() <= MAX_SENTENCE_WORDS));
    }
}
