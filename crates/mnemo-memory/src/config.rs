//! Search configuration: budget, recency half-life, fan-out caps, seeds, section sizes.

use mnemo_retrieve::{JoinConfig, LinkConfig, RetrieveConfig};
use serde::{Deserialize, Serialize};

use crate::validity::ValidityConfig;
use crate::MemoryError;
use mnemo_core::{MAX_NEIGHBOUR_WINDOW, MAX_TEXT_HITS};

/// Most items of one kind a context may list (entities, snippets, facts, paths, seeds, turns).
pub const MAX_LISTED: usize = 1000;

/// How `search` retrieves, ranks and assembles. Every field has a default, so a config file may set
/// only what it changes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SearchConfig {
    /// Token budget of the assembled context (cl100k_base tokens).
    pub budget_tokens: usize,
    /// Days after which an entity's importance has halved since its last mention.
    pub half_life_days: f64,
    /// Neighbourhood depth, 1 or 2.
    pub depth: u8,
    /// Fan-out cap per hop, highest-ranked edges first.
    pub fanout: Vec<usize>,
    /// Most facts fetched around each seed.
    pub max_facts_per_seed: usize,
    /// Most entities linked from the query.
    pub max_seeds: usize,
    /// Entities listed as related to the query (those its best text hits mention and those at the
    /// ends of its best facts, seeds left out), most related first, ties by importance
    /// (frequency x recency).
    pub top_entities: usize,
    /// Most facts offered to the assembler (the budget usually cuts earlier).
    pub max_facts: usize,
    /// Most connecting paths offered.
    pub max_paths: usize,
    /// Whether to add source snippets (episode excerpts) when budget is left.
    pub snippets: bool,
    /// Most snippets offered.
    pub max_snippets: usize,
    /// Longest snippet excerpt, in characters.
    pub snippet_chars: usize,
    /// Chat turns kept verbatim; older ones are summarised to one short line each.
    pub recent_turns: usize,
    /// Episodes asked from the lexical (full-text) index; all of them are candidates (at most
    /// `MAX_TEXT_HITS`).
    pub lexical_candidates: usize,
    /// Best lexical hits whose thread neighbours (the turns or chunks around them) are candidates.
    pub neighbour_hits: usize,
    /// Neighbours taken on each side of such a hit (at most `MAX_NEIGHBOUR_WINDOW`).
    pub neighbour_window: usize,
    /// Weight of an episode's lexical (BM25) score, relative to the best hit's, in its rank.
    pub text_weight: f64,
    /// Weight of the lexical score a thread neighbour inherits from its hit.
    pub neighbour_weight: f64,
    /// The same for a chunk of a document, whose neighbours are chunks of that document: a chunk
    /// is no reply to the one before it, and the hit already brings its document in, so an
    /// inheriting neighbour mostly takes another source's place.
    pub document_neighbour_weight: f64,
    /// A query that links no entity is a hit only when its best lexical hits hold at least this
    /// share of its content words; below it the search is an explicit miss.
    pub min_text_coverage: f64,
    /// Which facts replace or end each other (functional predicate families and endings).
    pub validity: ValidityConfig,
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            budget_tokens: 1000,
            half_life_days: 30.0,
            depth: 2,
            fanout: vec![16, 4],
            max_facts_per_seed: 128,
            max_seeds: 4,
            top_entities: 5,
            max_facts: 20,
            max_paths: 8,
            snippets: true,
            max_snippets: 10,
            snippet_chars: 480,
            recent_turns: 4,
            lexical_candidates: 50,
            neighbour_hits: 10,
            neighbour_window: 2,
            text_weight: 6.0,
            neighbour_weight: 6.0,
            document_neighbour_weight: 0.0,
            min_text_coverage: 0.5,
            validity: ValidityConfig::default(),
        }
    }
}

impl SearchConfig {
    /// Rejects settings that cannot work (checked once, at start).
    pub fn validate(&self) -> Result<(), MemoryError> {
        let bad = |m: &str| Err(MemoryError::InvalidInput(format!("search config: {m}")));
        if !(self.half_life_days.is_finite() && self.half_life_days > 0.0) {
            return bad("half_life_days must be a positive number");
        }
        if !(1..=mnemo_core::MAX_DEPTH).contains(&self.depth) {
            return bad("depth must be 1 or 2");
        }
        if self.fanout.is_empty() || self.fanout.contains(&0) {
            return bad("fanout needs at least one cap, all above 0");
        }
        if self.max_seeds == 0 {
            return bad("max_seeds must be at least 1");
        }
        for (name, w) in [
            ("text_weight", self.text_weight),
            ("neighbour_weight", self.neighbour_weight),
            ("document_neighbour_weight", self.document_neighbour_weight),
        ] {
            if !(w.is_finite() && w >= 0.0) {
                return bad(&format!("{name} must be a number of 0 or more"));
            }
        }
        if let Err(m) = self.validity.validate() {
            return bad(&m);
        }
        if !(0.0..=1.0).contains(&self.min_text_coverage) {
            return bad("min_text_coverage must be between 0 and 1");
        }
        // Bounds that keep one search's work (and its arithmetic) small, far above useful values.
        for (name, value, max) in [
            ("lexical_candidates", self.lexical_candidates, MAX_TEXT_HITS),
            ("neighbour_hits", self.neighbour_hits, MAX_TEXT_HITS),
            (
                "neighbour_window",
                self.neighbour_window,
                MAX_NEIGHBOUR_WINDOW,
            ),
            ("top_entities", self.top_entities, MAX_LISTED),
            ("max_snippets", self.max_snippets, MAX_LISTED),
            ("max_facts", self.max_facts, MAX_LISTED),
            ("max_paths", self.max_paths, MAX_LISTED),
            ("max_seeds", self.max_seeds, MAX_LISTED),
            ("recent_turns", self.recent_turns, MAX_LISTED),
        ] {
            if value > max {
                return bad(&format!("{name} must be at most {max} (got {value})"));
            }
        }
        Ok(())
    }

    /// The retrieval settings these search settings imply.
    pub fn retrieve_config(&self) -> RetrieveConfig {
        RetrieveConfig {
            link: LinkConfig {
                max_seeds: self.max_seeds,
                ..LinkConfig::default()
            },
            depth: self.depth,
            fanout: self.fanout.clone(),
            max_facts_per_seed: self.max_facts_per_seed,
            join: JoinConfig {
                max_paths: self.max_paths,
                ..JoinConfig::default()
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partial_config_fills_defaults_and_validates() {
        let cfg: SearchConfig =
            serde_json::from_str(r#"{"budget_tokens": 500, "fanout": [10, 4]}"#).expect("parses");
        assert_eq!(cfg.budget_tokens, 500);
        assert_eq!(cfg.half_life_days, 30.0);
        assert!(cfg.validate().is_ok());
        assert_eq!(SearchConfig::default().budget_tokens, 1000);
        let bad = SearchConfig {
            half_life_days: 0.0,
            ..SearchConfig::default()
        };
        assert!(bad.validate().is_err());
        assert!(serde_json::from_str::<SearchConfig>(r#"{"budget": 5}"#).is_err());
    }

    #[test]
    fn weights_coverage_and_sizes_are_checked() {
        let ok = SearchConfig::default();
        let cases = [
            SearchConfig {
                text_weight: f64::NAN,
                ..ok.clone()
            },
            SearchConfig {
                neighbour_weight: -1.0,
                ..ok.clone()
            },
            SearchConfig {
                text_weight: f64::INFINITY,
                ..ok.clone()
            },
            SearchConfig {
                min_text_coverage: 1.5,
                ..ok.clone()
            },
            SearchConfig {
                min_text_coverage: f64::NAN,
                ..ok.clone()
            },
            SearchConfig {
                lexical_candidates: MAX_TEXT_HITS + 1,
                ..ok.clone()
            },
            SearchConfig {
                neighbour_window: MAX_NEIGHBOUR_WINDOW + 1,
                ..ok.clone()
            },
            SearchConfig {
                top_entities: usize::MAX,
                ..ok.clone()
            },
        ];
        for bad in cases {
            let err = bad.validate().expect_err("rejected").to_string();
            assert!(err.contains("search config"), "{err}");
        }
        let edge = SearchConfig {
            text_weight: 0.0,
            min_text_coverage: 1.0,
            neighbour_window: MAX_NEIGHBOUR_WINDOW,
            lexical_candidates: MAX_TEXT_HITS,
            ..ok
        };
        assert!(edge.validate().is_ok());
    }
}
