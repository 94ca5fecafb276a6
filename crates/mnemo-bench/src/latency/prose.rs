//! Everyday English for the synthetic episodes and the timed queries: short sentences from a few
//! templates over the vocabulary of `words.rs`, each word drawn with a Zipf-like frequency by its
//! rank in its list (Zipf–Mandelbrot, p(r) ∝ 1/(r + `ZIPF_OFFSET`)), so that the text index holds a
//! realistic term distribution: the most common noun in a few percent of the episodes, the rarest
//! words in a few per hundred thousand. Everything is a pure function of the seed it is given.

use std::sync::OnceLock;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::words;

/// Flattens the head of the Zipf curve: without it the most common noun would be in ~40 % of the
/// episodes; with it ~5 %, about what "time" or "day" are in chat turns.
const ZIPF_OFFSET: f64 = 10.0;
/// Ranks counted as common words for the queries (uniform among them).
const COMMON_RANKS: usize = 50;

/// One part of speech: its words by rank and their cumulative Zipf weights.
#[derive(Debug)]
pub struct List {
    words: Vec<&'static str>,
    cdf: Vec<f64>,
}

impl List {
    fn new(src: &'static str) -> List {
        let words: Vec<&'static str> = src.split_whitespace().collect();
        let mut total = 0.0;
        let cdf = (0..words.len())
            .map(|r| {
                total += 1.0 / (r as f64 + 1.0 + ZIPF_OFFSET);
                total
            })
            .collect();
        List { words, cdf }
    }

    /// A word drawn with the list's Zipf-like frequency.
    pub fn draw(&self, rng: &mut StdRng) -> &'static str {
        let total = self.cdf.last().copied().unwrap_or(0.0);
        let u = rng.gen::<f64>() * total;
        let i = self.cdf.partition_point(|&c| c <= u);
        self.words[i.min(self.words.len() - 1)]
    }

    /// One of the most common words, uniformly.
    pub fn common(&self, rng: &mut StdRng) -> &'static str {
        self.words[rng.gen_range(0..COMMON_RANKS.min(self.words.len()))]
    }

    /// One of the rarer half of the list, uniformly.
    pub fn rare(&self, rng: &mut StdRng) -> &'static str {
        self.words[rng.gen_range(self.words.len() / 2..self.words.len())]
    }
}

/// The vocabulary, by part of speech.
#[derive(Debug)]
pub struct Vocabulary {
    pub nouns: List,
    pub verbs: List,
    pub adjectives: List,
    pub adverbs: List,
}

/// The vocabulary (built once).
pub fn vocabulary() -> &'static Vocabulary {
    static V: OnceLock<Vocabulary> = OnceLock::new();
    V.get_or_init(|| Vocabulary {
        nouns: List::new(words::NOUNS),
        verbs: List::new(words::VERBS),
        adjectives: List::new(words::ADJECTIVES),
        adverbs: List::new(words::ADVERBS),
    })
}

const SUBJECTS: &[&str] = &["I", "we", "they", "you"];
const MODALS: &[&str] = &[
    "will",
    "want to",
    "need to",
    "should",
    "might",
    "can",
    "plan to",
    "tried to",
    "would like to",
];
const DETERMINERS: &[&str] = &[
    "the", "a", "my", "our", "your", "this", "that", "their", "some",
];
const PREPOSITIONS: &[&str] = &[
    "at", "in", "near", "with", "for", "from", "behind", "after", "before", "on", "by", "without",
];
const TIMES: &[&str] = &[
    "yesterday",
    "today",
    "last week",
    "this weekend",
    "next month",
    "on Sunday",
    "on Friday night",
    "tonight",
    "every morning",
    "after work",
    "last summer",
    "in two weeks",
];

/// One or more sentences of everyday text and the vocabulary words they hold (in order).
#[derive(Debug, Default)]
pub struct Prose {
    pub sentences: Vec<String>,
    pub words: Vec<&'static str>,
}

/// Writes one sentence, recording the vocabulary words it draws.
struct Sentence<'a> {
    rng: &'a mut StdRng,
    v: &'static Vocabulary,
    text: String,
    words: Vec<&'static str>,
}

impl Sentence<'_> {
    fn lit(&mut self, s: &str) -> &mut Self {
        if !self.text.is_empty() && !s.starts_with([',', '.', '?', ';']) {
            self.text.push(' ');
        }
        self.text.push_str(s);
        self
    }

    fn pick(&mut self, from: &[&str]) -> &mut Self {
        let s = from[self.rng.gen_range(0..from.len())];
        self.lit(s)
    }

    fn word(&mut self, list: fn(&Vocabulary) -> &List) -> &mut Self {
        let w = list(self.v).draw(self.rng);
        self.words.push(w);
        self.lit(w)
    }

    fn noun(&mut self) -> &mut Self {
        self.word(|v| &v.nouns)
    }
    fn verb(&mut self) -> &mut Self {
        self.word(|v| &v.verbs)
    }
    fn adj(&mut self) -> &mut Self {
        self.word(|v| &v.adjectives)
    }
    fn adv(&mut self) -> &mut Self {
        self.word(|v| &v.adverbs)
    }

    /// A determiner, "a" made "an" by the word that follows (written by `then`).
    fn det(&mut self, then: impl FnOnce(&mut Self) -> &mut Self) -> &mut Self {
        let d = DETERMINERS[self.rng.gen_range(0..DETERMINERS.len())];
        self.lit(d);
        let at = self.text.len();
        then(self);
        if d == "a"
            && self.text[at..]
                .trim_start()
                .starts_with(['a', 'e', 'i', 'o', 'u'])
        {
            self.text.insert(at, 'n');
        }
        self
    }

    fn finish(mut self) -> (String, Vec<&'static str>) {
        let mut c = self.text.chars();
        if let Some(f) = c.next() {
            self.text = f.to_uppercase().chain(c).collect();
        }
        (self.text, self.words)
    }
}

/// One sentence from one of the templates.
fn sentence(rng: &mut StdRng) -> (String, Vec<&'static str>) {
    let template = rng.gen_range(0..8);
    let mut s = Sentence {
        rng,
        v: vocabulary(),
        text: String::new(),
        words: Vec::new(),
    };
    match template {
        0 => s
            .pick(SUBJECTS)
            .pick(MODALS)
            .verb()
            .det(|s| s.adj().noun())
            .pick(PREPOSITIONS)
            .det(Sentence::noun)
            .pick(TIMES)
            .lit("."),
        1 => s
            .lit("did you")
            .verb()
            .det(Sentence::noun)
            .pick(PREPOSITIONS)
            .det(|s| s.adj().noun())
            .lit("?"),
        2 => s
            .lit("the")
            .noun()
            .lit("was")
            .adv()
            .adj()
            .lit(", so")
            .pick(SUBJECTS)
            .pick(MODALS)
            .verb()
            .det(Sentence::noun)
            .lit("."),
        3 => s
            .pick(SUBJECTS)
            .adv()
            .verb()
            .det(|s| s.adj().noun())
            .lit("and")
            .det(Sentence::noun)
            .lit("."),
        4 => s
            .lit("I think")
            .det(Sentence::noun)
            .lit("is")
            .adj()
            .pick(PREPOSITIONS)
            .det(Sentence::noun)
            .pick(TIMES)
            .lit("."),
        5 => s
            .pick(TIMES)
            .lit(",")
            .pick(SUBJECTS)
            .lit("went to")
            .det(Sentence::noun)
            .lit("to")
            .verb()
            .det(|s| s.adj().noun())
            .lit("."),
        6 => s
            .lit("thanks for the")
            .noun()
            .lit(";")
            .pick(SUBJECTS)
            .lit("will")
            .verb()
            .lit("it")
            .adv()
            .lit("."),
        _ => s
            .lit("my")
            .noun()
            .lit("wants to")
            .verb()
            .det(Sentence::noun)
            .pick(PREPOSITIONS)
            .det(|s| s.adj().noun())
            .lit("."),
    };
    s.finish()
}

/// `n` sentences of everyday text.
pub fn prose(rng: &mut StdRng, n: usize) -> Prose {
    let mut out = Prose::default();
    for _ in 0..n {
        let (text, words) = sentence(rng);
        out.sentences.push(text);
        out.words.extend(words);
    }
    out
}

/// A generator of its own for each episode (or session), so that the text of episode `n` can be
/// written again from the seed alone (the words-only queries ask about what an episode says)
/// and the graph's own generator draws what it drew before the episodes had text.
pub fn rng_for(seed: u64, salt: u64, n: usize) -> StdRng {
    let mix = (n as u64 ^ salt.rotate_left(17)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    StdRng::seed_from_u64(seed.rotate_left(29) ^ mix)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn vocabulary_is_a_few_thousand_distinct_content_words() {
        let v = vocabulary();
        let mut all = HashSet::new();
        for list in [&v.nouns, &v.verbs, &v.adjectives, &v.adverbs] {
            let distinct: HashSet<&str> = list.words.iter().copied().collect();
            assert_eq!(distinct.len(), list.words.len(), "a word twice in one list");
            for w in &list.words {
                assert!(!mnemo_core::STOP_WORDS.contains(w), "stop word {w}");
                assert!(w.chars().all(|c| c.is_ascii_lowercase()), "{w}");
            }
            all.extend(distinct);
        }
        assert!(all.len() >= 2_500, "{} words", all.len());
    }

    #[test]
    fn words_follow_a_zipf_like_curve_and_text_repeats() {
        let v = vocabulary();
        let mut rng = StdRng::seed_from_u64(1);
        let mut counts = vec![0usize; v.nouns.words.len()];
        let draws = 200_000;
        for _ in 0..draws {
            let w = v.nouns.draw(&mut rng);
            let r = v.nouns.words.iter().position(|x| *x == w).unwrap_or(0);
            counts[r] += 1;
        }
        let top = counts[0] as f64 / draws as f64;
        assert!((0.01..0.03).contains(&top), "top noun share {top}");
        assert!(counts[0] > 20 * counts[counts.len() - 1].max(1));
        let a = prose(&mut rng_for(7, 1, 42), 2);
        let b = prose(&mut rng_for(7, 1, 42), 2);
        assert_eq!(a.sentences, b.sentences);
        assert_eq!(a.sentences.len(), 2);
        assert!(a.sentences[0].ends_with(['.', '?']), "{}", a.sentences[0]);
        assert!(!a.words.is_empty());
    }
}
