//! Token-bounded chunking on sentence and paragraph boundaries, counted with tiktoken's cl100k_base.

use std::ops::Range;

use crate::text;

/// Chunk size limits, in cl100k_base tokens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChunkConfig {
    /// Most tokens in one chunk (at least 1).
    pub max_tokens: usize,
    /// Tokens of trailing whole sentences repeated at the start of the next chunk (kept below
    /// `max_tokens`).
    pub overlap_tokens: usize,
}

impl Default for ChunkConfig {
    fn default() -> Self {
        ChunkConfig {
            max_tokens: 256,
            overlap_tokens: 32,
        }
    }
}

/// A piece of a text: `text == input[start..end]` (byte offsets).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chunk {
    pub index: u32,
    pub text: String,
    pub start: usize,
    pub end: usize,
}

fn bpe() -> &'static tiktoken_rs::CoreBPE {
    // The crate's singleton loads the table once per process.
    tiktoken_rs::cl100k_base_singleton()
}

/// Number of cl100k_base tokens of `text`: counted with the bundled rank table (`cl100k`), by
/// tiktoken's own encoder only for a text it leaves to it.
pub fn count_tokens(text: &str) -> usize {
    if text.is_empty() {
        return 0;
    }
    crate::cl100k::count(text).unwrap_or_else(|| bpe().encode_ordinary(text).len())
}

/// A unit the packer never splits: a sentence, or a token-bounded piece of an over-long one.
struct Unit {
    span: Range<usize>,
    tokens: usize,
}

/// Cuts an over-long sentence at BPE token boundaries into pieces of at most `max` tokens (a
/// piece is re-counted, since a substring can tokenise differently from its part of the whole).
fn split_long(text: &str, span: Range<usize>, max: usize, out: &mut Vec<Unit>) {
    let tokens = bpe().encode_ordinary(&text[span.clone()]);
    // Byte offset of each token boundary, moved forward to a char boundary.
    let mut bounds = Vec::with_capacity(tokens.len() + 1);
    let mut at = span.start;
    bounds.push(at);
    for t in &tokens {
        at += bpe().decode_bytes(&[*t]).map(|b| b.len()).unwrap_or(0);
        let mut b = at.min(span.end);
        while b < span.end && !text.is_char_boundary(b) {
            b += 1;
        }
        bounds.push(b);
    }
    let mut p = 0;
    while p < tokens.len() {
        let mut k = max.min(tokens.len() - p);
        let mut n = count_tokens(&text[bounds[p]..bounds[p + k]]);
        while k > 1 && n > max {
            k -= 1;
            n = count_tokens(&text[bounds[p]..bounds[p + k]]);
        }
        if bounds[p + k] > bounds[p] {
            out.push(Unit {
                span: bounds[p]..bounds[p + k],
                tokens: n,
            });
        }
        p += k;
    }
}

/// Splits `text` into chunks of at most `cfg.max_tokens` tokens, breaking between sentences (or,
/// for a sentence longer than the limit, between tokens), with whole trailing sentences of up to
/// `cfg.overlap_tokens` tokens repeated at the start of the next chunk.
pub fn chunk_text(text: &str, cfg: &ChunkConfig) -> Vec<Chunk> {
    let max = cfg.max_tokens.max(1);
    let overlap = cfg.overlap_tokens.min(max / 2);
    let mut units: Vec<Unit> = Vec::new();
    for span in text::sentence_spans(text) {
        let tokens = count_tokens(&text[span.clone()]);
        if tokens > max {
            split_long(text, span, max, &mut units);
        } else {
            units.push(Unit { span, tokens });
        }
    }
    let mut chunks = Vec::new();
    let mut i = 0;
    while i < units.len() {
        let mut j = i;
        let mut sum = 0;
        while j < units.len() && (j == i || sum + units[j].tokens <= max) {
            sum += units[j].tokens;
            j += 1;
        }
        // Joining sentences can tokenise differently from their sum: check the real count.
        while j > i + 1 && count_tokens(&text[units[i].span.start..units[j - 1].span.end]) > max {
            j -= 1;
        }
        let (start, end) = (units[i].span.start, units[j - 1].span.end);
        chunks.push(Chunk {
            index: chunks.len() as u32,
            text: text[start..end].to_string(),
            start,
            end,
        });
        if j >= units.len() {
            break;
        }
        // Step back over whole sentences that fit in the overlap, but always move forward.
        let mut next = j;
        let mut back = 0;
        while next > i + 1 && back + units[next - 1].tokens <= overlap {
            back += units[next - 1].tokens;
            next -= 1;
        }
        i = next;
    }
    chunks
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_text_has_no_chunks() {
        assert!(chunk_text("", &ChunkConfig::default()).is_empty());
        assert!(chunk_text(" \n\t ", &ChunkConfig::default()).is_empty());
    }
}
