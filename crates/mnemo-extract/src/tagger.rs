//! The BIO name tagger: greedy left-to-right decoding with an averaged perceptron, its training
//! loop, and the shipped weights (trained on the CoNLL04 train split by `examples/train.rs`).

use std::sync::OnceLock;

use crate::features::{sentence_info, word_features, WordInfo, START_TAG};
use crate::{ExtractError, Perceptron};

/// Number of BIO tags: O plus B/I for four name types.
pub const N_TAGS: usize = 9;

/// The coarse name types the tagger knows (CoNLL04's Peop, Org, Loc, Other).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NameType {
    Person,
    Organization,
    Location,
    Other,
}

impl NameType {
    pub const ALL: [NameType; 4] = [
        NameType::Person,
        NameType::Organization,
        NameType::Location,
        NameType::Other,
    ];

    /// The B- tag index; the I- tag is one more.
    pub fn begin_tag(self) -> usize {
        1 + 2 * (self as usize)
    }

    fn of_tag(tag: usize) -> Option<NameType> {
        if tag == 0 || tag >= N_TAGS {
            None
        } else {
            Some(NameType::ALL[(tag - 1) / 2])
        }
    }
}

/// A tagged name: word indices `start..end` of the sentence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NameSpan {
    pub start: usize,
    pub end: usize,
    pub kind: NameType,
}

/// The shipped tagger weights.
static WEIGHTS: &[u8] = include_bytes!("../model/ner.bin");

/// A name tagger.
#[derive(Debug, Clone)]
pub struct Tagger {
    model: Perceptron,
}

impl Tagger {
    pub fn new(model: Perceptron) -> Result<Self, ExtractError> {
        if model.n_classes() != N_TAGS {
            return Err(ExtractError::Unavailable(format!(
                "tagger weights have {} classes, expected {N_TAGS}",
                model.n_classes()
            )));
        }
        Ok(Tagger { model })
    }

    /// The shipped tagger, loaded once.
    pub fn shipped() -> &'static Tagger {
        static TAGGER: OnceLock<Tagger> = OnceLock::new();
        TAGGER.get_or_init(|| {
            let model = Perceptron::from_bytes(WEIGHTS)
                .unwrap_or_else(|e| panic!("the shipped model/ner.bin is corrupt: {e}"));
            Tagger { model }
        })
    }

    pub fn model(&self) -> &Perceptron {
        &self.model
    }

    /// BIO tags of a sentence's words.
    pub fn tag(&self, info: &[WordInfo]) -> Vec<usize> {
        let mut tags = Vec::with_capacity(info.len());
        let mut feats = Vec::with_capacity(64);
        let mut scores = [0.0f32; N_TAGS];
        for i in 0..info.len() {
            let prev = if i > 0 { tags[i - 1] } else { START_TAG };
            let prev2 = if i > 1 { tags[i - 2] } else { START_TAG };
            word_features(info, i, prev, prev2, &mut feats);
            self.model.score_into(&feats, &mut scores);
            // An I- tag may only continue a name of the same type.
            for (t, s) in scores.iter_mut().enumerate() {
                if t > 0 && t % 2 == 0 && prev != t && prev != t - 1 {
                    *s = f32::NEG_INFINITY;
                }
            }
            tags.push(crate::perceptron::argmax(&scores));
        }
        tags
    }
}

/// Name spans of a BIO tag sequence.
pub fn spans(tags: &[usize]) -> Vec<NameSpan> {
    let mut out: Vec<NameSpan> = Vec::new();
    let mut open: Option<NameSpan> = None;
    for (i, &t) in tags.iter().enumerate() {
        let kind = NameType::of_tag(t);
        let is_inside = t > 0 && t % 2 == 0;
        match (&mut open, kind) {
            (Some(span), Some(k)) if is_inside && span.kind == k => span.end = i + 1,
            _ => {
                if let Some(span) = open.take() {
                    out.push(span);
                }
                if let Some(k) = kind {
                    open = Some(NameSpan {
                        start: i,
                        end: i + 1,
                        kind: k,
                    });
                }
            }
        }
    }
    out.extend(open);
    out
}

/// BIO tags of gold spans over `n` words.
pub fn tags_of(n: usize, gold: &[NameSpan]) -> Vec<usize> {
    let mut tags = vec![0; n];
    for s in gold {
        for (k, t) in tags.iter_mut().enumerate().take(s.end.min(n)).skip(s.start) {
            *t = s.kind.begin_tag() + usize::from(k > s.start);
        }
    }
    tags
}

/// Trains a tagger on (words, gold tags) sentences for `epochs` passes, shuffling with a fixed seed.
pub fn train(sentences: &[(Vec<String>, Vec<usize>)], epochs: usize) -> Perceptron {
    let infos: Vec<Vec<WordInfo>> = sentences
        .iter()
        .map(|(ws, _)| sentence_info(ws.iter().map(String::as_str)))
        .collect();
    let mut model = Perceptron::new(N_TAGS);
    let mut order: Vec<usize> = (0..sentences.len()).collect();
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut feats = Vec::new();
    let mut scores = [0.0f32; N_TAGS];
    for epoch in 0..epochs {
        // Fisher-Yates with a fixed LCG: training is reproducible.
        for i in (1..order.len()).rev() {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            order.swap(i, (seed >> 33) as usize % (i + 1));
        }
        let mut errors = 0usize;
        let mut total = 0usize;
        for &s in &order {
            let info = &infos[s];
            let gold = &sentences[s].1;
            let mut pred: Vec<usize> = Vec::with_capacity(info.len());
            for i in 0..info.len() {
                let prev = if i > 0 { pred[i - 1] } else { START_TAG };
                let prev2 = if i > 1 { pred[i - 2] } else { START_TAG };
                word_features(info, i, prev, prev2, &mut feats);
                let guess = model.predict(&feats, &mut scores);
                model.update(&feats, gold[i], guess);
                errors += usize::from(guess != gold[i]);
                total += 1;
                pred.push(guess);
            }
        }
        tracing::info!(epoch, errors, total, "tagger epoch");
    }
    model.average();
    model
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_and_tags_round_trip() {
        let gold = vec![
            NameSpan {
                start: 0,
                end: 2,
                kind: NameType::Person,
            },
            NameSpan {
                start: 3,
                end: 4,
                kind: NameType::Location,
            },
        ];
        assert_eq!(spans(&tags_of(5, &gold)), gold);
    }
}
