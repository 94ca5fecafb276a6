//! Chunker: token bounds, overlap between consecutive chunks, and exact byte offsets.

use mnemo_extract::{chunk_text, count_tokens, ChunkConfig};

fn sample() -> String {
    let mut s = String::new();
    for i in 0..60 {
        s.push_str(&format!(
            "Sentence number {i} talks about Acme Corp and its office in Paris. "
        ));
        if i % 7 == 6 {
            s.push_str("\n\n");
        }
    }
    s
}

#[test]
fn chunks_respect_the_token_bound() {
    let text = sample();
    let cfg = ChunkConfig {
        max_tokens: 64,
        overlap_tokens: 16,
    };
    let chunks = chunk_text(&text, &cfg);
    assert!(chunks.len() > 5);
    for c in &chunks {
        assert!(
            count_tokens(&c.text) <= 64,
            "chunk {} has {} tokens",
            c.index,
            count_tokens(&c.text)
        );
    }
}

#[test]
fn offsets_point_to_the_exact_text_and_indices_are_sequential() {
    let text = format!("Zürich — naïve café. {}", sample());
    let chunks = chunk_text(
        &text,
        &ChunkConfig {
            max_tokens: 50,
            overlap_tokens: 10,
        },
    );
    for (i, c) in chunks.iter().enumerate() {
        assert_eq!(c.index as usize, i);
        assert_eq!(&text[c.start..c.end], c.text);
    }
    assert_eq!(chunks.first().map(|c| c.start), Some(0));
    assert_eq!(chunks.last().map(|c| c.end), Some(text.trim_end().len()));
}

#[test]
fn consecutive_chunks_overlap_by_whole_sentences() {
    let text = sample();
    let chunks = chunk_text(
        &text,
        &ChunkConfig {
            max_tokens: 64,
            overlap_tokens: 20,
        },
    );
    for w in chunks.windows(2) {
        assert!(
            w[1].start < w[0].end,
            "no overlap between {} and {}",
            w[0].index,
            w[1].index
        );
        assert!(w[1].start > w[0].start, "no progress at {}", w[1].index);
        // The overlap starts at a sentence start.
        assert!(text[w[1].start..].starts_with("Sentence"));
    }
    let no_overlap = chunk_text(
        &text,
        &ChunkConfig {
            max_tokens: 64,
            overlap_tokens: 0,
        },
    );
    for w in no_overlap.windows(2) {
        assert!(w[1].start >= w[0].end);
    }
}

#[test]
fn a_sentence_longer_than_the_bound_is_split_at_tokens() {
    let text = "word ".repeat(3000);
    let chunks = chunk_text(
        &text,
        &ChunkConfig {
            max_tokens: 100,
            overlap_tokens: 0,
        },
    );
    assert!(chunks.len() >= 15);
    for c in &chunks {
        assert!(count_tokens(&c.text) <= 100);
        assert_eq!(&text[c.start..c.end], c.text);
    }
    let covered: usize = chunks.iter().map(|c| c.end - c.start).sum();
    assert!(covered >= text.trim_end().len() - chunks.len());
}

#[test]
fn default_config_matches_the_documented_values() {
    assert_eq!(
        ChunkConfig::default(),
        ChunkConfig {
            max_tokens: 256,
            overlap_tokens: 32
        }
    );
}
