//! Lexical evidence of the snippet stage: an episode's BM25 score relative to the best hit, what
//! its thread neighbours inherit from it, and the conversation's question-and-answer shape: a hit
//! that asks a question lends its relevance to the reply that follows it (the question rarely holds
//! the answer; the next turn, by someone else, rarely repeats the question's words).

use std::sync::Arc;

use mnemo_core::{Episode, TextHit};
use rustc_hash::FxHashMap;

use crate::found::Found;
use crate::SearchConfig;

/// Share of `text_weight` a reply inherits from the question it follows.
const ANSWER_SHARE: f64 = 0.5;
/// Share of its own lexical evidence a question keeps.
const QUESTION_KEEP: f64 = 0.7;

/// Whether a text asks something.
fn is_question(text: &str) -> bool {
    text.contains('?')
}

/// The best score of hits sorted best first, never 0: what relative scores divide by.
pub(crate) fn best_score(hits: &[TextHit]) -> f64 {
    hits.first()
        .map_or(1.0, |h| f64::from(h.score))
        .max(f64::MIN_POSITIVE)
}

/// Relative BM25 score (0..=1, the best hit 1) of each lexical hit.
fn relative_scores<'a>(found: &Found<'a>) -> FxHashMap<&'a str, f64> {
    let best = best_score(found.lexical);
    found
        .lexical
        .iter()
        .map(|h| (h.episode.as_str(), f64::from(h.score) / best))
        .collect()
}

/// Lexical evidence per episode: (its own BM25 score relative to the best hit's, times
/// `text_weight`; the best relative score of a lexical hit it neighbours in a thread, which the
/// caller weighs by `neighbour_weight` or, for a document's chunk, `document_neighbour_weight`).
/// A question and its answer are often two turns that share few words.
pub(crate) fn lexical_evidence(
    found: &Found<'_>,
    cfg: &SearchConfig,
) -> FxHashMap<String, (f64, f64)> {
    let best = best_score(found.lexical);
    let mut out: FxHashMap<String, (f64, f64)> = FxHashMap::default();
    let mut own: FxHashMap<&str, f64> = FxHashMap::default();
    for h in found.lexical {
        let l = f64::from(h.score) / best;
        own.insert(&h.episode, l);
        out.entry(h.episode.clone()).or_default().0 = cfg.text_weight * l;
    }
    for n in found.neighbours {
        let l = own.get(n.episode.as_str()).copied().unwrap_or(0.0);
        for id in n.before.iter().chain(&n.after) {
            let e = &mut out.entry(id.clone()).or_default().1;
            *e = e.max(l);
        }
    }
    out
}

/// Evidence of the replies to questions among the best hits: the next episode of a question's
/// thread, said by someone else (both speakers known: document chunks and notes are no dialogue),
/// gets `ANSWER_SHARE` of `text_weight` times the question's relative score, and the question
/// itself then loses `1 - QUESTION_KEEP` of its own lexical evidence (negative entries): its place
/// goes to the answer. `episodes` must hold the hits and their neighbours.
pub(crate) fn answer_evidence(
    found: &Found<'_>,
    episodes: &[Arc<Episode>],
    cfg: &SearchConfig,
) -> FxHashMap<String, f64> {
    let by_id: FxHashMap<&str, &Episode> = episodes.iter().map(|e| (e.id.as_str(), &**e)).collect();
    let rel = relative_scores(found);
    let mut out: FxHashMap<String, f64> = FxHashMap::default();
    for n in found.neighbours {
        let (Some(q), Some(&l)) = (by_id.get(n.episode.as_str()), rel.get(n.episode.as_str()))
        else {
            continue;
        };
        if !is_question(&q.content) {
            continue;
        }
        let Some(reply) = n.after.first() else {
            continue;
        };
        let answered = by_id
            .get(reply.as_str())
            .is_some_and(|r| matches!((&q.speaker, &r.speaker), (Some(a), Some(b)) if a != b));
        if !answered {
            continue;
        }
        let e = out.entry(reply.clone()).or_default();
        *e = e.max(ANSWER_SHARE * cfg.text_weight * l);
        *out.entry(n.episode.clone()).or_default() -= (1.0 - QUESTION_KEEP) * cfg.text_weight * l;
    }
    out
}
