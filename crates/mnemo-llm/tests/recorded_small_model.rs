//! Replies recorded once from a real small model on a CPU (SmolLM2-135M-Instruct Q4_1 under
//! llama.cpp's llama-server, captured with scripts/record_llm_replies.py while `mnemo ingest`
//! ran the three documents below): the hybrid extractor keeps every rule fact and stores none of
//! the model's confidence-0, name-predicate or verbless facts; the llm extractor stores none
//! either.

mod common;

use std::collections::BTreeSet;

use common::{client, server};
use mnemo_core::canonical_key;
use mnemo_extract::{ExtractContext, Extraction, Extractor, RuleExtractor};
use mnemo_llm::{predicate_has_verb, HybridExtractor, LlmExtractor};

const DOCS: [&str; 3] = [
    "Laura Chen founded Acme Robotics in Berlin in 2015. Tom Keller is the chief engineer of Acme Robotics.",
    "Tom Keller joined Acme Robotics in 2019. Laura Chen hired Tom Keller.",
    "In 2022 Tom Keller moved to Munich. Laura Chen stayed in Berlin.",
];

fn facts(x: &Extraction) -> BTreeSet<(String, String, String)> {
    x.facts
        .iter()
        .map(|f| {
            (
                f.subject.as_str().to_string(),
                f.rel_type.as_str().to_string(),
                f.object.as_str().to_string(),
            )
        })
        .collect()
}

/// No stored fact has confidence 0, a predicate naming an entity, or no verb.
fn assert_clean(out: &Extraction, base: Option<&Extraction>) {
    let names: BTreeSet<String> = out
        .entities
        .iter()
        .flat_map(|e| std::iter::once(e.name.clone()).chain(e.aliases.clone()))
        .map(|n| canonical_key(&n))
        .collect();
    let rule_facts = base.map(facts).unwrap_or_default();
    for f in &out.facts {
        let key = (
            f.subject.as_str().to_string(),
            f.rel_type.as_str().to_string(),
            f.object.as_str().to_string(),
        );
        if rule_facts.contains(&key) {
            continue; // the rules' own facts are not the model's to judge
        }
        assert!(f.confidence > 0.0, "confidence-0 fact: {f:?}");
        assert!(
            !names.contains(&canonical_key(&f.predicate)),
            "name predicate: {f:?}"
        );
        assert!(predicate_has_verb(&f.predicate), "no verb: {f:?}");
    }
}

#[tokio::test]
async fn hybrid_on_real_small_model_replies_keeps_the_rules_and_adds_only_valid_facts() {
    let srv = server("smollm2_hybrid").await;
    let x = HybridExtractor::new(client(srv.base_url()));
    for text in DOCS {
        #[allow(clippy::default_constructed_unit_structs)]
        let base = RuleExtractor::default()
            .extract(text, &ExtractContext::default())
            .await
            .expect("rules");
        let out = x
            .extract(text, &ExtractContext::default())
            .await
            .expect("a recorded reply");
        assert!(facts(&out).is_superset(&facts(&base)), "{text}: {out:?}");
        assert_clean(&out, Some(&base));
    }
    assert_eq!(srv.unused(), 0, "every recorded reply was served");
    // What the 135M model proposed was all nonsense; validation dropped every item.
    let s = x.client().stats();
    assert_eq!(
        s.truncated_replies, 2,
        "two replies repeat to the 512-token limit: {s:?}"
    );
    let d = s.dropped;
    assert_eq!((d.name_predicate, d.no_verb), (18, 14), "{d:?}");
    assert_eq!(d.total(), 32, "{d:?}");
}

#[tokio::test]
async fn llm_extractor_on_real_small_model_replies_stores_no_invalid_fact() {
    let srv = server("smollm2_llm").await;
    let x = LlmExtractor::new(client(srv.base_url()));
    for text in DOCS {
        let out = x
            .extract(text, &ExtractContext::default())
            .await
            .expect("a recorded reply");
        assert_clean(&out, None);
    }
    assert_eq!(srv.unused(), 0, "every recorded reply was served");
    let s = x.client().stats();
    assert_eq!(
        s.truncated_replies, 3,
        "every reply repeats to the 1024-token limit: {s:?}"
    );
}
