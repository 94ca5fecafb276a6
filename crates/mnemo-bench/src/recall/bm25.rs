//! A plain Okapi BM25 passage ranker (k1 = 1.2, b = 0.75), the baseline of the recall benchmark.

use std::collections::HashMap;

use mnemo_retrieve::is_stop_word;

const K1: f64 = 1.2;
const B: f64 = 0.75;

/// Lower-cased alphanumeric words without stop-words.
pub fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .filter(|w| !is_stop_word(w))
        .collect()
}

/// An index over passages, each a bag of words.
#[derive(Debug)]
pub struct Bm25 {
    docs: Vec<HashMap<String, u32>>,
    lens: Vec<f64>,
    df: HashMap<String, u32>,
    avg_len: f64,
}

impl Bm25 {
    pub fn new(texts: &[String]) -> Self {
        let mut docs = Vec::with_capacity(texts.len());
        let mut lens = Vec::with_capacity(texts.len());
        let mut df: HashMap<String, u32> = HashMap::new();
        for t in texts {
            let mut tf: HashMap<String, u32> = HashMap::new();
            let ws = words(t);
            lens.push(ws.len() as f64);
            for w in ws {
                *tf.entry(w).or_default() += 1;
            }
            for w in tf.keys() {
                *df.entry(w.clone()).or_default() += 1;
            }
            docs.push(tf);
        }
        let avg_len = lens.iter().sum::<f64>() / lens.len().max(1) as f64;
        Bm25 {
            docs,
            lens,
            df,
            avg_len,
        }
    }

    /// Passage indices, best first (ties by index), at most `k`.
    pub fn top(&self, query: &str, k: usize) -> Vec<usize> {
        let n = self.docs.len() as f64;
        let mut q = words(query);
        q.sort();
        q.dedup();
        let mut scored: Vec<(f64, usize)> = self
            .docs
            .iter()
            .enumerate()
            .map(|(i, tf)| {
                let s: f64 = q
                    .iter()
                    .filter_map(|w| {
                        let f = f64::from(*tf.get(w)?);
                        let df = f64::from(self.df.get(w).copied().unwrap_or(0));
                        let idf = ((n - df + 0.5) / (df + 0.5) + 1.0).ln();
                        let norm = K1 * (1.0 - B + B * self.lens[i] / self.avg_len.max(1.0));
                        Some(idf * f * (K1 + 1.0) / (f + norm))
                    })
                    .sum();
                (s, i)
            })
            .filter(|(s, _)| *s > 0.0)
            .collect();
        scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        scored.truncate(k);
        scored.into_iter().map(|(_, i)| i).collect()
    }
}
