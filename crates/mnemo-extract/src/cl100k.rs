//! Exact cl100k_base token counts, faster than tiktoken's own `count_ordinary`.
//!
//! tiktoken splits text with a backtracking regex (fancy-regex) before its byte-pair merges, and on
//! a search that split was most of the time spent counting tokens. This module splits with a
//! hand-written scanner that follows the same pattern,
//!
//! `'(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}++|\p{N}{1,3}+| ?[^\s\p{L}\p{N}]++[\r\n]*+|\s++$|\s*[\r\n]|\s+(?!\S)|\s`
//!
//! alternative by alternative (leftmost alternative wins at each position), and then does the same
//! merges as tiktoken's `byte_pair_split` over the same ranks. The ranks come from
//! `data/cl100k-tokens.bin` (made by `scripts/cl100k_table.py` from the tiktoken-rs crate's own
//! `cl100k_base.tiktoken`), read in place: loading tiktoken's whole encoder took 60 ms and 26 MB,
//! most of a one-shot `mnemo search`. Character classes of non-ASCII characters come from the
//! `regex` crate, the engine tiktoken's pattern runs on. Texts with a piece of 100 bytes or more
//! (tiktoken merges those with another algorithm) are handed to tiktoken whole. The tests compare
//! both counters on many generated texts, and the table with tiktoken's encoder.

use std::sync::OnceLock;

use regex::Regex;
use rustc_hash::FxHashMap;
use tiktoken_rs::Rank;

/// Pieces at least this long go through tiktoken (it switches merge algorithms there).
const LONG_PIECE: usize = 100;
/// Number of cl100k_base's ordinary tokens, ranked 0 to 100,255 (its special tokens start at
/// 100,257).
const ORDINARY: Rank = 100_256;
/// Most pieces whose merged count a thread remembers (a few hundred kB); the memo is emptied
/// when full, which keeps it bounded without bookkeeping.
const MERGED_CAP: usize = 8192;

/// Most classified characters a thread keeps room for between counts.
const CHARS_CAP: usize = 16 * 1024;

thread_local! {
    /// Token counts of multi-token pieces (shorter than `LONG_PIECE`) this thread has merged.
    static MERGED: std::cell::RefCell<FxHashMap<Box<[u8]>, u32>> =
        std::cell::RefCell::new(FxHashMap::default());
    /// Scratch space for the classified characters of the text being counted.
    static CHARS: std::cell::RefCell<Vec<(usize, char, Class)>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// What the splitting pattern distinguishes about a character.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Class {
    /// `\p{L}`
    Letter,
    /// `\p{N}`
    Number,
    /// `\r` or `\n`
    Newline,
    /// Any other `\s`.
    Space,
    /// Everything else (punctuation, symbols, marks, control characters).
    Other,
}

/// cl100k_base's ordinary tokens in rank order, each as its length byte and its bytes.
static TOKENS: &[u8] = include_bytes!("../data/cl100k-tokens.bin");

struct Tables {
    ranks: FxHashMap<&'static [u8], Rank>,
    letter: Regex,
    number: Regex,
    space: Regex,
}

fn tables() -> Option<&'static Tables> {
    static TABLES: OnceLock<Option<Tables>> = OnceLock::new();
    TABLES
        .get_or_init(|| {
            let ranks = token_ranks(TOKENS)?;
            let re = |p: &str| Regex::new(p).ok();
            Some(Tables {
                ranks,
                letter: re(r"^\p{L}$")?,
                number: re(r"^\p{N}$")?,
                space: re(r"^\s$")?,
            })
        })
        .as_ref()
}

impl Tables {
    fn class(&self, c: char) -> Class {
        if c.is_ascii() {
            return match c {
                'a'..='z' | 'A'..='Z' => Class::Letter,
                '0'..='9' => Class::Number,
                '\r' | '\n' => Class::Newline,
                ' ' | '\t' | '\u{b}' | '\u{c}' => Class::Space,
                _ => Class::Other,
            };
        }
        let mut buf = [0u8; 4];
        let s: &str = c.encode_utf8(&mut buf);
        if self.letter.is_match(s) {
            Class::Letter
        } else if self.number.is_match(s) {
            Class::Number
        } else if self.space.is_match(s) {
            Class::Space
        } else {
            Class::Other
        }
    }

    /// Tokens of one piece, or None when tiktoken must count it.
    fn piece_tokens(&self, piece: &[u8]) -> Option<usize> {
        if piece.len() >= LONG_PIECE {
            return None;
        }
        if piece.len() == 1 || self.ranks.contains_key(piece) {
            return Some(1);
        }
        // Byte-pair merging is the expensive step, and the same words recur in every context
        // (names, predicates, source text), so merged counts are remembered per thread.
        Some(MERGED.with(|m| {
            let mut m = m.borrow_mut();
            if let Some(&n) = m.get(piece) {
                return n as usize;
            }
            let n = merged_len(piece, &self.ranks);
            if m.len() >= MERGED_CAP {
                m.clear();
            }
            m.insert(piece.into(), n as u32);
            n
        }))
    }
}

/// The rank of every token of a table in `TOKENS`' format, or None when it is not one (a cut or
/// corrupt table: counting falls back to tiktoken).
fn token_ranks(table: &'static [u8]) -> Option<FxHashMap<&'static [u8], Rank>> {
    let mut ranks = FxHashMap::with_capacity_and_hasher(ORDINARY as usize, Default::default());
    let mut at = 0;
    let mut rank: Rank = 0;
    while at < table.len() {
        let len = usize::from(table[at]);
        let token = table.get(at + 1..at + 1 + len)?;
        ranks.insert(token, rank);
        at += 1 + len;
        rank += 1;
    }
    (rank == ORDINARY).then_some(ranks)
}

/// How many tokens byte-pair merging makes of `piece` (at least two bytes, shorter than
/// `LONG_PIECE`): tiktoken's `_byte_pair_merge`, which merges the adjacent pair of lowest rank
/// until no pair is a token, counting the parts instead of listing them.
fn merged_len(piece: &[u8], ranks: &FxHashMap<&'static [u8], Rank>) -> usize {
    let rank_of = |bytes: &[u8]| ranks.get(bytes).copied().unwrap_or(Rank::MAX);
    // (start of the part, rank of the part merged with the next one).
    let mut parts: Vec<(usize, Rank)> = Vec::with_capacity(piece.len() + 1);
    for i in 0..piece.len() - 1 {
        parts.push((i, rank_of(&piece[i..i + 2])));
    }
    parts.push((piece.len() - 1, Rank::MAX));
    parts.push((piece.len(), Rank::MAX));
    let lowest = |parts: &[(usize, Rank)]| {
        parts[..parts.len() - 1]
            .iter()
            .enumerate()
            .min_by_key(|(i, p)| (p.1, *i))
            .filter(|(_, p)| p.1 != Rank::MAX)
            .map(|(i, _)| i)
    };
    // The rank of part i merged with the next one once part i + 1 is gone.
    let merged_rank = |parts: &[(usize, Rank)], i: usize| {
        if i + 3 < parts.len() {
            rank_of(&piece[parts[i].0..parts[i + 3].0])
        } else {
            Rank::MAX
        }
    };
    while let Some(i) = lowest(&parts) {
        if i > 0 {
            parts[i - 1].1 = merged_rank(&parts, i - 1);
        }
        parts[i].1 = merged_rank(&parts, i);
        parts.remove(i + 1);
    }
    parts.len() - 1
}

/// `c` folded as the pattern's case-insensitive contraction group folds it.
fn fold(c: char) -> char {
    match c {
        '\u{17f}' => 's',
        c => c.to_ascii_lowercase(),
    }
}

/// End (index into `cs`) of the piece starting at `i`.
fn piece_end(cs: &[(usize, char, Class)], i: usize) -> usize {
    let n = cs.len();
    let class = |k: usize| cs[k].2;
    let (_, c, cl) = cs[i];
    // '(?i:[sdmt]|ll|ve|re)
    if c == '\'' && i + 1 < n {
        let d = fold(cs[i + 1].1);
        if matches!(d, 's' | 'd' | 'm' | 't') {
            return i + 2;
        }
        if i + 2 < n {
            let e = fold(cs[i + 2].1);
            if matches!((d, e), ('l', 'l') | ('v', 'e') | ('r', 'e')) {
                return i + 3;
            }
        }
    }
    // [^\r\n\p{L}\p{N}]?+\p{L}++ (the optional character, once taken, is never given back)
    let mut j = i;
    if matches!(cl, Class::Space | Class::Other) {
        j += 1;
    }
    if j < n && class(j) == Class::Letter {
        while j < n && class(j) == Class::Letter {
            j += 1;
        }
        return j;
    }
    // \p{N}{1,3}+
    if cl == Class::Number {
        let mut j = i;
        while j < n && j - i < 3 && class(j) == Class::Number {
            j += 1;
        }
        return j;
    }
    // ` ?[^\s\p{L}\p{N}]++[\r\n]*+`
    let mut j = i;
    if c == ' ' && i + 1 < n && class(i + 1) == Class::Other {
        j += 1;
    }
    if class(j) == Class::Other {
        while j < n && class(j) == Class::Other {
            j += 1;
        }
        while j < n && class(j) == Class::Newline {
            j += 1;
        }
        return j;
    }
    // `i` starts a whitespace run.
    let mut run = i;
    while run < n && matches!(class(run), Class::Space | Class::Newline) {
        run += 1;
    }
    // \s++$
    if run == n {
        return n;
    }
    // \s*[\r\n]: the longest prefix of the run ending in a newline
    if let Some(k) = (i..run).rev().find(|&k| class(k) == Class::Newline) {
        return k + 1;
    }
    // \s+(?!\S): the run but its last character, which stays to prefix the next word
    if run - i >= 2 {
        return run - 1;
    }
    // \s
    i + 1
}

/// Tokens of `text` as cl100k_base counts them, or None when tiktoken must count it.
pub fn count(text: &str) -> Option<usize> {
    Some(pieces(text)?.0)
}

/// Tokens of `text` and where its last piece starts (`text.len()` when it is empty).
fn pieces(text: &str) -> Option<(usize, usize)> {
    let t = tables()?;
    // The classified characters go in a buffer the thread keeps: a source line of a few hundred
    // characters made a fresh allocation large enough to send malloc into its slow path.
    CHARS.with(|buf| match buf.try_borrow_mut() {
        Ok(mut cs) => pieces_in(t, text, &mut cs),
        Err(_) => pieces_in(t, text, &mut Vec::new()),
    })
}

fn pieces_in(t: &Tables, text: &str, cs: &mut Vec<(usize, char, Class)>) -> Option<(usize, usize)> {
    cs.clear();
    cs.extend(text.char_indices().map(|(o, c)| (o, c, t.class(c))));
    if cs.capacity() > CHARS_CAP {
        cs.shrink_to(CHARS_CAP);
    }
    let cs = &cs[..];
    let mut tokens = 0;
    let mut i = 0;
    let mut last = text.len();
    while i < cs.len() {
        let end = piece_end(cs, i);
        let to = cs.get(end).map_or(text.len(), |x| x.0);
        last = cs[i].0;
        tokens += t.piece_tokens(&text.as_bytes()[last..to])?;
        i = end;
    }
    Some((tokens, last))
}

/// Tokens of `line`, of `line + "\n"` and of `line + "\n\n"`, for a line that does not end in
/// whitespace, splitting it once: appending newlines can only change its last piece (a trailing
/// punctuation run takes them in), so only that piece is counted again. None when tiktoken must
/// count.
pub fn count_line(line: &str) -> Option<[usize; 3]> {
    if line.ends_with(char::is_whitespace) {
        return None;
    }
    let (tokens, last) = pieces(line)?;
    let tail = &line[last..];
    let before = tokens - count(tail)?;
    let mut with = String::with_capacity(tail.len() + 2);
    with.push_str(tail);
    with.push('\n');
    let one = before + count(&with)?;
    with.push('\n');
    let two = before + count(&with)?;
    Some([tokens, one, two])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiktoken(text: &str) -> usize {
        tiktoken_rs::cl100k_base_singleton().count_ordinary(text)
    }

    /// A small deterministic generator, so failures reproduce.
    struct Gen(u64);
    impl Gen {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
        fn pick<'a>(&mut self, xs: &[&'a str]) -> &'a str {
            xs[(self.next() % xs.len() as u64) as usize]
        }
    }

    #[test]
    fn matches_tiktoken_on_generated_text() {
        // Fragments chosen to hit every alternative of the pattern and their boundaries.
        let parts = [
            "a", "Word", "the", "ZOË", "café", "e\u{301}", "東京", "Straße", "ſ", "123", "4",
            "2024", "Ⅻ", "½", "٣", " ", "  ", "   ", "\t", "\n", "\r\n", "\n\n", " \n", "\u{a0}",
            "\u{2003}", "\u{85}", "\u{b}", "'s", "'S", "'ll", "'LL", "'ve", "'re", "'d", "'m",
            "'t", "'x", "'", "'ſ", "’s", ".", ",", "!?", "(", ")", "- ", "—", "…", "$", "#", "##",
            "->", "<-[", "]-", "\"", "😀", "\u{0}", "\u{1f}", "x\u{7f}", "ok",
        ];
        let mut g = Gen(0x9e37_79b9_7f4a_7c15);
        for round in 0..3000 {
            let len = 1 + (g.next() % 24) as usize;
            let text: String = (0..len).map(|_| g.pick(&parts)).collect();
            assert_eq!(
                count(&text).unwrap_or_else(|| tiktoken(&text)),
                tiktoken(&text),
                "round {round}: {text:?}"
            );
        }
    }

    #[test]
    fn matches_tiktoken_on_context_like_text() {
        let text = "## Key entities\n- Ada Lovelace (person, 3 mentions, last seen 2026-05-30); \
                    also: Ada, Countess of Lovelace\n\n## Connecting paths\n- Ada Lovelace \
                    -[works at]-> Acme Corp <-[founded]- Bob\n\n## Sources\n- [notes/ep-1.md] \
                    She was born in London. It's 1.355 (2018).\n";
        assert_eq!(count(text), Some(tiktoken(text)));
        assert_eq!(count(""), Some(0));
        assert_eq!(count("   trailing   "), Some(tiktoken("   trailing   ")));
    }

    #[test]
    fn line_counts_match_tiktoken_with_newlines_appended() {
        let parts = [
            "a",
            "Word",
            "- ",
            "Ada",
            " (person, 3 mentions)",
            ".",
            "!?",
            "…",
            "2024",
            "-[",
            "]->",
            " ",
            "'s",
            "😀",
            "東京",
            "\u{a0}",
            ":",
            "\"",
            ")",
            "; also: ",
            "1.5",
        ];
        let mut g = Gen(0x2545_f491_4f6c_dd1d);
        for round in 0..3000 {
            let len = 1 + (g.next() % 12) as usize;
            let line: String = (0..len).map(|_| g.pick(&parts)).collect();
            let Some(counts) = count_line(&line) else {
                assert!(line.ends_with(char::is_whitespace), "{line:?}");
                continue;
            };
            let expected = [
                tiktoken(&line),
                tiktoken(&format!("{line}\n")),
                tiktoken(&format!("{line}\n\n")),
            ];
            assert_eq!(counts, expected, "round {round}: {line:?}");
        }
    }

    #[test]
    fn long_pieces_are_left_to_tiktoken() {
        assert_eq!(count(&"x".repeat(150)), None);
        // " " + 98 letters is one 99-byte piece: still counted here.
        let short = format!("a {}", "y".repeat(98));
        assert_eq!(count(&short), Some(tiktoken(&short)));
    }

    #[test]
    fn the_table_holds_tiktokens_ranks() {
        let bpe = tiktoken_rs::cl100k_base_singleton();
        let ranks = &tables().expect("the bundled table loads").ranks;
        assert_eq!(ranks.len(), ORDINARY as usize);
        for rank in 0..ORDINARY {
            let bytes = bpe.decode_bytes(&[rank]).expect("an ordinary rank");
            assert_eq!(ranks.get(bytes.as_slice()), Some(&rank), "rank {rank}");
        }
    }

    #[test]
    fn a_cut_or_short_table_is_refused() {
        // The last token cut short, a length byte that runs past the end, nothing at all.
        assert!(token_ranks(&TOKENS[..TOKENS.len() - 1]).is_none());
        assert!(token_ranks(b"\x03ab").is_none());
        assert!(token_ranks(b"").is_none());
        // One token too many.
        let longer: &'static [u8] = [TOKENS, b"\x01z"].concat().leak();
        assert!(token_ranks(longer).is_none());
    }

    #[test]
    fn merges_match_tiktoken_on_odd_bytes() {
        let bpe = tiktoken_rs::cl100k_base_singleton();
        let t = tables().expect("the bundled table loads");
        let mut g = Gen(0x5eed_cafe);
        for _ in 0..3000 {
            let len = 2 + (g.next() % 60) as usize;
            let piece: Vec<u8> = (0..len)
                .map(|_| match g.next() % 4 {
                    0 => b"etaoinshr"[(g.next() % 9) as usize],
                    1 => b" .,'!"[(g.next() % 5) as usize],
                    2 => (g.next() % 256) as u8,
                    _ => b"ETAOIN"[(g.next() % 6) as usize],
                })
                .collect();
            let expected = tiktoken_rs::byte_pair_split(&piece, bpe_ranks(bpe)).len();
            assert_eq!(merged_len(&piece, &t.ranks), expected, "{piece:?}");
        }
    }

    /// tiktoken's own rank map, for its `byte_pair_split`.
    fn bpe_ranks(bpe: &tiktoken_rs::CoreBPE) -> &'static FxHashMap<Vec<u8>, Rank> {
        static MAP: OnceLock<FxHashMap<Vec<u8>, Rank>> = OnceLock::new();
        MAP.get_or_init(|| {
            (0..ORDINARY)
                .filter_map(|r| Some((bpe.decode_bytes(&[r]).ok()?, r)))
                .collect()
        })
    }
}
