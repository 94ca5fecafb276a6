//! A multi-class averaged perceptron over hashed features, with a compact binary weight format.
//!
//! Features are `u32` hashes (see [`crate::features::hash`]); weights live in one flat vector, a row
//! of `n_classes` per known feature, so scoring is one hash-map probe per feature.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crate::ExtractError;

const MAGIC: &[u8; 8] = b"MNEMOAP1";

/// Feature hashes are already well mixed, so the map only spreads them over 64 bits (hashbrown
/// reads its control bits from the top of the hash, which a bare u32 leaves at zero).
#[derive(Debug, Default, Clone, Copy)]
pub struct IdentityHasher(u64);

impl Hasher for IdentityHasher {
    fn finish(&self) -> u64 {
        self.0.wrapping_mul(0x9e37_79b9_7f4a_7c15)
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8) | u64::from(b);
        }
    }
    fn write_u32(&mut self, n: u32) {
        self.0 = u64::from(n);
    }
}

type FeatureMap = HashMap<u32, u32, BuildHasherDefault<IdentityHasher>>;

/// Averaged perceptron weights (trained or loaded).
#[derive(Debug, Clone)]
pub struct Perceptron {
    n_classes: usize,
    index: FeatureMap,
    weights: Vec<f32>,
    // Training-only state for lazy averaging.
    totals: Vec<f32>,
    stamps: Vec<u32>,
    step: u32,
}

impl Perceptron {
    pub fn new(n_classes: usize) -> Self {
        Perceptron {
            n_classes,
            index: FeatureMap::default(),
            weights: Vec::new(),
            totals: Vec::new(),
            stamps: Vec::new(),
            step: 0,
        }
    }

    pub fn n_classes(&self) -> usize {
        self.n_classes
    }

    pub fn n_features(&self) -> usize {
        self.index.len()
    }

    /// Adds the weight rows of `feats` into `scores` (length `n_classes`).
    pub fn score_into(&self, feats: &[u32], scores: &mut [f32]) {
        scores.iter_mut().for_each(|s| *s = 0.0);
        for f in feats {
            if let Some(&row) = self.index.get(f) {
                let row = row as usize * self.n_classes;
                for (s, w) in scores
                    .iter_mut()
                    .zip(&self.weights[row..row + self.n_classes])
                {
                    *s += *w;
                }
            }
        }
    }

    /// The best class and the score vector.
    pub fn predict(&self, feats: &[u32], scores: &mut [f32]) -> usize {
        self.score_into(feats, scores);
        argmax(scores)
    }

    /// The first weight of feature `f`'s row, and whether the row was just added (zeros).
    fn weight_row(&mut self, f: u32) -> (usize, bool) {
        let next = self.index.len() as u32;
        let row = *self.index.entry(f).or_insert(next) as usize;
        let added = row == next as usize;
        if added {
            self.weights
                .resize(self.weights.len() + self.n_classes, 0.0);
        }
        (row * self.n_classes, added)
    }

    fn row(&mut self, f: u32) -> usize {
        let (row, added) = self.weight_row(f);
        if added {
            self.totals.resize(self.totals.len() + self.n_classes, 0.0);
            self.stamps.resize(self.stamps.len() + self.n_classes, 0);
        }
        row
    }

    /// One training step: if `guess != truth`, moves weights towards `truth`.
    pub fn update(&mut self, feats: &[u32], truth: usize, guess: usize) {
        self.step += 1;
        if truth == guess {
            return;
        }
        for &f in feats {
            let row = self.row(f);
            for (class, delta) in [(truth, 1.0f32), (guess, -1.0f32)] {
                let i = row + class;
                let elapsed = (self.step - self.stamps[i]) as f32;
                self.totals[i] += elapsed * self.weights[i];
                self.stamps[i] = self.step;
                self.weights[i] += delta;
            }
        }
    }

    /// Replaces weights by their average over all steps (call once, after training).
    pub fn average(&mut self) {
        let step = self.step.max(1) as f32;
        for i in 0..self.weights.len() {
            let elapsed = self.step as f32 - self.stamps[i] as f32;
            let total = self.totals[i] + elapsed * self.weights[i];
            self.weights[i] = total / step;
        }
        self.totals = Vec::new();
        self.stamps = Vec::new();
    }

    /// Adds `scale` times an averaged model's weights to this averaged model's (features it lacks
    /// are added): averaging models trained on different orders of the same examples.
    pub fn add_scaled(&mut self, other: &Perceptron, scale: f32) {
        assert_eq!(
            self.n_classes, other.n_classes,
            "models of different shapes"
        );
        let mut rows: Vec<(u32, u32)> = other.index.iter().map(|(f, r)| (*f, *r)).collect();
        rows.sort_unstable();
        for (f, r) in rows {
            let (a, _) = self.weight_row(f);
            let b = r as usize * self.n_classes;
            for c in 0..self.n_classes {
                self.weights[a + c] += scale * other.weights[b + c];
            }
        }
    }

    /// Multiplies every weight by `scale`.
    pub fn scale(&mut self, scale: f32) {
        self.weights.iter_mut().for_each(|w| *w *= scale);
    }

    /// Serialises weights, dropping features whose weights are all below `prune` in magnitude and
    /// quantising to i16.
    pub fn to_bytes(&self, prune: f32) -> Vec<u8> {
        let max = self
            .weights
            .iter()
            .fold(0.0f32, |m, w| m.max(w.abs()))
            .max(1e-6);
        let scale = max / f32::from(i16::MAX);
        let mut rows: Vec<(u32, u32)> = self.index.iter().map(|(&f, &r)| (f, r)).collect();
        rows.sort_unstable();
        let mut body = Vec::new();
        let mut kept = 0u32;
        for (f, r) in rows {
            let row = &self.weights[r as usize * self.n_classes..(r as usize + 1) * self.n_classes];
            if row.iter().all(|w| w.abs() < prune) {
                continue;
            }
            kept += 1;
            body.extend_from_slice(&f.to_le_bytes());
            for w in row {
                body.extend_from_slice(&((w / scale).round() as i16).to_le_bytes());
            }
        }
        let mut out = Vec::with_capacity(body.len() + 20);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&(self.n_classes as u32).to_le_bytes());
        out.extend_from_slice(&kept.to_le_bytes());
        out.extend_from_slice(&scale.to_le_bytes());
        out.extend_from_slice(&body);
        out
    }

    /// Reads weights written by [`Perceptron::to_bytes`].
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, ExtractError> {
        let bad = |why: &str| ExtractError::Unavailable(format!("perceptron weights: {why}"));
        if bytes.len() < 20 || &bytes[..8] != MAGIC {
            return Err(bad("bad header"));
        }
        let u32_at =
            |i: usize| u32::from_le_bytes([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]);
        let n_classes = u32_at(8) as usize;
        let n = u32_at(12) as usize;
        let scale = f32::from_bits(u32_at(16));
        let rec = 4 + 2 * n_classes;
        if n_classes == 0 || bytes.len() != 20 + n * rec {
            return Err(bad("truncated"));
        }
        let mut p = Perceptron::new(n_classes);
        p.index.reserve(n);
        p.weights.reserve(n * n_classes);
        for k in 0..n {
            let at = 20 + k * rec;
            p.index.insert(u32_at(at), k as u32);
            for c in 0..n_classes {
                let j = at + 4 + 2 * c;
                p.weights
                    .push(f32::from(i16::from_le_bytes([bytes[j], bytes[j + 1]])) * scale);
            }
        }
        Ok(p)
    }
}

/// Index of the highest score (the first on ties, so results are deterministic).
pub fn argmax(scores: &[f32]) -> usize {
    let mut best = 0;
    for (i, s) in scores.iter().enumerate() {
        if *s > scores[best] {
            best = i;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn learns_and_round_trips() {
        let mut p = Perceptron::new(2);
        let data = [(vec![1u32, 10], 0usize), (vec![2, 10], 1)];
        let mut s = [0.0; 2];
        for _ in 0..5 {
            for (f, y) in &data {
                let g = p.predict(f, &mut s);
                p.update(f, *y, g);
            }
        }
        p.average();
        let q = Perceptron::from_bytes(&p.to_bytes(0.0)).expect("round trip");
        for (f, y) in &data {
            assert_eq!(q.predict(f, &mut s), *y);
        }
        assert!(Perceptron::from_bytes(b"garbage").is_err());
    }

    fn trained(data: &[(Vec<u32>, usize)]) -> Perceptron {
        let mut p = Perceptron::new(2);
        let mut s = [0.0; 2];
        for _ in 0..5 {
            for (f, y) in data {
                let g = p.predict(f, &mut s);
                p.update(f, *y, g);
            }
        }
        p.average();
        p
    }

    #[test]
    fn the_mean_of_two_models_scores_their_mean() {
        let a = trained(&[(vec![1u32, 10], 0usize), (vec![2, 10], 1)]);
        // The second model knows a feature the first never saw.
        let b = trained(&[(vec![2u32, 10], 1usize), (vec![3, 10], 0), (vec![1, 10], 0)]);
        let mut mean = a.clone();
        mean.scale(0.5);
        mean.add_scaled(&b, 0.5);
        assert_eq!(mean.n_features(), 4);
        let (mut sa, mut sb, mut sm) = ([0.0; 2], [0.0; 2], [0.0; 2]);
        for f in [vec![1u32], vec![2], vec![3], vec![1, 3, 10]] {
            a.score_into(&f, &mut sa);
            b.score_into(&f, &mut sb);
            mean.score_into(&f, &mut sm);
            for c in 0..2 {
                assert!(
                    (sm[c] - (sa[c] + sb[c]) / 2.0).abs() < 1e-6,
                    "{f:?} class {c}"
                );
            }
        }
        assert!(sm.iter().any(|s| s.abs() > 0.0));
    }
}
