//! Tallies and the report of `mnemo-bench locomo`: evidence recall per category for mnemo and the
//! BM25 baseline, context coverage, tokens, latency and what extraction made of the turns.

use std::collections::BTreeMap;

use serde::Serialize;

use super::data::Conversation;
use super::recall_at;

/// Running sums over the questions of one category (or of several, merged).
#[derive(Debug, Default, Clone)]
pub struct Tally {
    questions: usize,
    r5: f64,
    r10: f64,
    bm5: f64,
    bm10: f64,
    all_in_context: usize,
    tokens: usize,
    misses: usize,
}

impl Tally {
    pub fn add(
        &mut self,
        cited: &[String],
        bm25: &[String],
        evidence: &[String],
        tokens: usize,
        hit: bool,
    ) {
        self.questions += 1;
        self.r5 += recall_at(cited, evidence, 5);
        self.r10 += recall_at(cited, evidence, 10);
        self.bm5 += recall_at(bm25, evidence, 5);
        self.bm10 += recall_at(bm25, evidence, 10);
        self.all_in_context += usize::from(evidence.iter().all(|e| cited.contains(e)));
        self.tokens += tokens;
        self.misses += usize::from(!hit);
    }

    pub fn merge(&mut self, o: &Tally) {
        self.questions += o.questions;
        self.r5 += o.r5;
        self.r10 += o.r10;
        self.bm5 += o.bm5;
        self.bm10 += o.bm10;
        self.all_in_context += o.all_in_context;
        self.tokens += o.tokens;
        self.misses += o.misses;
    }

    pub fn figures(&self) -> CategoryFigures {
        let n = self.questions.max(1) as f64;
        CategoryFigures {
            questions: self.questions,
            recall_at_5: self.r5 / n,
            recall_at_10: self.r10 / n,
            bm25_recall_at_5: self.bm5 / n,
            bm25_recall_at_10: self.bm10 / n,
            all_evidence_in_context: self.all_in_context as f64 / n,
            tokens_per_query: self.tokens as f64 / n,
            miss_rate: self.misses as f64 / n,
        }
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct CategoryFigures {
    pub questions: usize,
    pub recall_at_5: f64,
    pub recall_at_10: f64,
    pub bm25_recall_at_5: f64,
    pub bm25_recall_at_10: f64,
    pub all_evidence_in_context: f64,
    pub tokens_per_query: f64,
    pub miss_rate: f64,
}

/// What extraction made of the turns.
#[derive(Debug, Default, Clone, Serialize)]
pub struct Extraction {
    pub turns: usize,
    /// Turns whose extraction gave at least one fact.
    pub turns_with_fact: usize,
    /// Turns whose extraction gave at most one entity.
    pub turns_with_at_most_one_entity: usize,
    pub extracted_entities: usize,
    pub extracted_facts: usize,
    /// Distinct entities and facts in the stored graphs.
    pub entities: u64,
    pub facts: u64,
    pub speakers: usize,
    pub speakers_person: usize,
    /// Stored entities whose name opens with a greeting or interjection.
    pub greeting_entities: usize,
}

impl Extraction {
    pub fn add_turn(&mut self, entities: usize, facts: usize) {
        self.turns += 1;
        self.turns_with_fact += usize::from(facts > 0);
        self.turns_with_at_most_one_entity += usize::from(entities <= 1);
        self.extracted_entities += entities;
        self.extracted_facts += facts;
    }
}

#[derive(Debug, Serialize)]
pub struct Report {
    /// The store remembered into and searched (`embedded` or `neo4j`).
    pub store: &'static str,
    pub conversations: usize,
    pub turns: usize,
    pub budget_tokens: usize,
    /// Categories 1-4.
    pub questions: usize,
    pub recall_at_5: f64,
    pub recall_at_10: f64,
    pub bm25_recall_at_5: f64,
    pub bm25_recall_at_10: f64,
    pub all_evidence_in_context: f64,
    pub tokens_per_query: f64,
    pub miss_rate: f64,
    /// Categories 1-5.
    pub all_categories: CategoryFigures,
    pub by_category: BTreeMap<String, CategoryFigures>,
    pub search_ms_p50: f64,
    pub search_ms_p95: f64,
    pub ingest_seconds: f64,
    pub fact_turn_share: f64,
    pub entities_per_turn: f64,
    pub facts_per_turn: f64,
    pub extraction: Extraction,
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

impl Report {
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        conversations: &[Conversation],
        core: CategoryFigures,
        all: CategoryFigures,
        by_category: BTreeMap<String, CategoryFigures>,
        extraction: Extraction,
        latencies: &mut [f64],
        ingest_seconds: f64,
        budget_tokens: usize,
    ) -> Report {
        latencies.sort_by(f64::total_cmp);
        let turns = extraction.turns.max(1) as f64;
        Report {
            store: "embedded",
            conversations: conversations.len(),
            turns: extraction.turns,
            budget_tokens,
            questions: core.questions,
            recall_at_5: core.recall_at_5,
            recall_at_10: core.recall_at_10,
            bm25_recall_at_5: core.bm25_recall_at_5,
            bm25_recall_at_10: core.bm25_recall_at_10,
            all_evidence_in_context: core.all_evidence_in_context,
            tokens_per_query: core.tokens_per_query,
            miss_rate: core.miss_rate,
            all_categories: all,
            by_category,
            search_ms_p50: percentile(latencies, 0.5),
            search_ms_p95: percentile(latencies, 0.95),
            ingest_seconds,
            fact_turn_share: extraction.turns_with_fact as f64 / turns,
            entities_per_turn: extraction.extracted_entities as f64 / turns,
            facts_per_turn: extraction.extracted_facts as f64 / turns,
            extraction,
        }
    }

    pub fn print(&self) {
        println!(
            "locomo: {} conversations, {} turns, {} questions in categories 1-4 (budget {} tokens; ingest {:.1} s; {} store)",
            self.conversations, self.turns, self.questions, self.budget_tokens, self.ingest_seconds, self.store
        );
        println!(
            "  category  questions  mnemo R@5  R@10   BM25 R@5  R@10   all-in-context  tokens"
        );
        let row = |name: &str, f: &CategoryFigures| {
            println!(
                "  {name:<8}  {:>9}  {:>9.3}  {:.3}  {:>8.3}  {:.3}  {:>14.3}  {:>6.0}",
                f.questions,
                f.recall_at_5,
                f.recall_at_10,
                f.bm25_recall_at_5,
                f.bm25_recall_at_10,
                f.all_evidence_in_context,
                f.tokens_per_query
            );
        };
        for (c, f) in &self.by_category {
            row(c, f);
        }
        let core = CategoryFigures {
            questions: self.questions,
            recall_at_5: self.recall_at_5,
            recall_at_10: self.recall_at_10,
            bm25_recall_at_5: self.bm25_recall_at_5,
            bm25_recall_at_10: self.bm25_recall_at_10,
            all_evidence_in_context: self.all_evidence_in_context,
            tokens_per_query: self.tokens_per_query,
            miss_rate: self.miss_rate,
        };
        row("1-4", &core);
        row("1-5", &self.all_categories);
        println!(
            "  search p50 {:.2} ms  p95 {:.2} ms  misses (1-4) {:.3}",
            self.search_ms_p50, self.search_ms_p95, self.miss_rate
        );
        let x = &self.extraction;
        println!(
            "  extraction: turns with a fact {:.1}%  entities/turn {:.2}  facts/turn {:.2}  stored {} entities, {} facts  speakers typed Person {}/{}  greeting entities {}",
            100.0 * self.fact_turn_share,
            self.entities_per_turn,
            self.facts_per_turn,
            x.entities,
            x.facts,
            x.speakers_person,
            x.speakers,
            x.greeting_entities
        );
    }
}
