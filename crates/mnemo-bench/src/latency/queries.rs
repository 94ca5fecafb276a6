//! The timed queries, in four shapes: one, two or three entity names with a few ordinary words (an
//! adjective drawn like the text's own, one of the most common nouns and one of the rarer half),
//! and words only: three words of what a stored episode says, the way a user asks about something
//! said without naming anyone. Every stage of a search runs on them: linking (names, and the
//! token index for a lower-case question), the lexical index (common and rare terms), thread
//! neighbours, the hits' entities, neighbourhoods and snippets.

use rand::rngs::StdRng;
use rand::Rng;

use super::prose::vocabulary;
use super::synth;

/// A query shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    Entities(usize),
    WordsOnly,
}

/// The shapes, in the order the timed queries take turns.
pub const SHAPES: [Shape; 4] = [
    Shape::Entities(1),
    Shape::Entities(2),
    Shape::Entities(3),
    Shape::WordsOnly,
];

/// What the queries draw from: the graph's size and the seed its text was written with.
#[derive(Debug, Clone, Copy)]
pub struct Space {
    pub seed: u64,
    pub entities: usize,
    pub episodes: usize,
}

/// The `q`-th timed query, of shape `shape`.
pub fn query(rng: &mut StdRng, space: &Space, shape: Shape, q: usize) -> String {
    let v = vocabulary();
    match shape {
        Shape::Entities(n) => {
            let names: Vec<String> = (0..n.clamp(1, 3))
                .map(|k| {
                    // Half the entities are drawn like the graph's own degrees (hubs included),
                    // half uniformly (mostly the long tail).
                    let i = if (q + k).is_multiple_of(2) {
                        synth::power_law(rng, space.entities)
                    } else {
                        rng.gen_range(0..space.entities)
                    };
                    synth::entity_name(i).0
                })
                .collect();
            let adj = v.adjectives.draw(rng);
            let common = v.nouns.common(rng);
            let rare = v.nouns.rare(rng);
            match names.as_slice() {
                [a] => format!("What did {a} say about the {adj} {common} and the {rare}?"),
                [a, b] => {
                    format!("When did {a} and {b} talk about the {adj} {common} or the {rare}?")
                }
                [a, b, c] => {
                    format!("What links {a}, {b} and {c} to the {adj} {common} and the {rare}?")
                }
                _ => unreachable!("1 to 3 names"),
            }
        }
        Shape::WordsOnly => {
            let said = synth::everyday(space.seed, rng.gen_range(0..space.episodes.max(1)));
            let mut words: Vec<&str> = Vec::new();
            let mut pool = said.words.clone();
            while words.len() < 3 && !pool.is_empty() {
                let w = pool.swap_remove(rng.gen_range(0..pool.len()));
                if !words.contains(&w) {
                    words.push(w);
                }
            }
            let (a, b, c) = match words.as_slice() {
                [a, b, c, ..] => (*a, *b, *c),
                [a, b] => (*a, *b, *b),
                [a] => (*a, *a, *a),
                [] => ("weather", "weather", "weather"),
            };
            match rng.gen_range(0..3) {
                0 => format!("What did we say about {a}, {b} and {c}?"),
                1 => format!("Who mentioned the {a} and the {b} {c}?"),
                _ => format!("anything on {a}, {b} or {c}"),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn queries_carry_names_and_words() {
        let space = Space {
            seed: 7,
            entities: 2_500,
            episodes: 1_250,
        };
        let mut rng = StdRng::seed_from_u64(1);
        let one = query(&mut rng, &space, Shape::Entities(1), 0);
        assert!(
            one.starts_with("What did ") && one.contains(" say about the "),
            "{one}"
        );
        let three = query(&mut rng, &space, Shape::Entities(3), 2);
        assert_eq!(three.matches(',').count(), 1, "{three}");
        let words = query(&mut rng, &space, Shape::WordsOnly, 3);
        assert!(!words.chars().any(|c| c.is_ascii_digit()), "{words}");
    }
}
