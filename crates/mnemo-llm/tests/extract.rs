//! The LLM and hybrid extractors against recorded replies: what is extracted, repaired, dropped,
//! and what a store ends up holding (nothing at all when the endpoint is unreachable).

mod common;

use std::sync::Arc;

use common::{client, dead_endpoint, server};
use expect_test::expect;
use mnemo_core::{
    content_hash, Episode, EpisodeKind, EpisodeWrite, GraphStore, Tenant, WriteBatch,
};
use mnemo_extract::{ExtractContext, Extraction, Extractor};
use mnemo_llm::{HybridExtractor, LlmExtractor, ScaledConfidence};
use mnemo_store::EmbeddedStore;

const TEXT: &str =
    "Ada Lovelace, born in London in 1815, worked with Charles Babbage, who designed \
the Analytical Engine. She was the daughter of Lord Byron.";

fn render(x: &Extraction) -> String {
    let mut out = String::new();
    for e in &x.entities {
        out += &format!("entity {} [{}] {:?}\n", e.name, e.entity_type, e.aliases);
    }
    for f in &x.facts {
        out += &format!(
            "fact {} -{}-> {} ({:.2})\n",
            f.subject, f.rel_type, f.object, f.confidence
        );
    }
    out
}

/// The pipeline's write step: one episode with the extraction, validated, written atomically.
fn batch(id: &str, text: &str, x: Extraction) -> WriteBatch {
    WriteBatch {
        document: None,
        episodes: vec![EpisodeWrite {
            episode: Episode {
                id: id.to_string(),
                kind: EpisodeKind::Note,
                content: text.to_string(),
                created_at: chrono::DateTime::from_timestamp(1_763_800_000, 0).expect("ts"),
                source: "test".to_string(),
                content_hash: content_hash(text),
                document_id: None,
                span: None,
                speaker: None,
                session: None,
            },
            entities: x.entities,
            facts: x.facts,
        }],
    }
}

/// Extract-then-write, as `Mnemo::remember` does: an extraction error means no write.
async fn remember(
    store: &EmbeddedStore,
    x: &dyn Extractor,
    id: &str,
    text: &str,
) -> Result<(), String> {
    let out = x
        .extract(text, &ExtractContext::default())
        .await
        .map_err(|e| e.to_string())?;
    let b = batch(id, text, out);
    b.validate().map_err(|e| e.to_string())?;
    store
        .write(&Tenant::new("t").expect("tenant"), &b)
        .await
        .map_err(|e| e.to_string())?;
    Ok(())
}

#[tokio::test]
async fn imperfect_reply_is_repaired_item_by_item_and_stores() {
    let srv = server("success").await;
    let x = LlmExtractor::new(client(srv.base_url()));
    let out = x
        .extract(TEXT, &ExtractContext::default())
        .await
        .expect("extracts");
    expect![[r#"
        entity Ada Lovelace [Person] ["Ada", "Countess of Lovelace", "A. Lovelace"]
        entity Charles Babbage [Person] ["Babbage"]
        entity London [Location] []
        entity Analytical Engine [Concept] ["the Engine"]
        entity 1815 [Date] []
        entity Lord Byron [Concept] []
        fact ada lovelace -WORKED_WITH-> charles babbage (0.90)
        fact ada lovelace -BORN_IN-> london (1.00)
        fact charles babbage -DESIGNED-> analytical engine (0.85)
        fact ada lovelace -DAUGHTER_OF-> lord byron (0.95)
        fact ada lovelace -BORN_IN-> 1815 (0.70)
    "#]]
    .assert_eq(&render(&out));
    let b = batch("ep1", TEXT, out);
    b.validate()
        .expect("a store accepts the repaired extraction");
    let store = EmbeddedStore::in_memory();
    let tenant = Tenant::new("t").expect("tenant");
    store.write(&tenant, &b).await.expect("writes");
    let stats = store.stats(&tenant).await.expect("stats");
    assert_eq!((stats.entities, stats.facts, stats.episodes), (6, 5, 1));
    let g = store.export(&tenant).await.expect("export");
    for e in &g.entities {
        assert!(
            !e.name.contains('{') && e.name != "She",
            "raw output stored: {e:?}"
        );
    }
}

#[tokio::test]
async fn prose_reply_gives_an_empty_extraction_not_an_error() {
    let srv = server("malformed").await;
    let x = LlmExtractor::new(client(srv.base_url()));
    let out = x
        .extract(TEXT, &ExtractContext::default())
        .await
        .expect("unusable output is not an error");
    assert_eq!(out, Extraction::default());
    assert_eq!(x.client().stats().completion_tokens, 41);
}

#[tokio::test]
async fn truncated_reply_keeps_its_complete_items() {
    let srv = server("truncated").await;
    let x = LlmExtractor::new(client(srv.base_url()));
    let out = x
        .extract(TEXT, &ExtractContext::default())
        .await
        .expect("extracts");
    expect![[r#"
        entity Ada Lovelace [Person] ["Ada"]
        entity Charles Babbage [Person] []
        entity London [Location] []
        fact ada lovelace -WORKED_WITH-> charles babbage (0.90)
    "#]]
    .assert_eq(&render(&out));
    batch("ep", TEXT, out).validate().expect("valid");
}

#[tokio::test]
async fn unreachable_endpoint_stores_nothing() {
    let store = EmbeddedStore::in_memory();
    let tenant = Tenant::new("t").expect("tenant");
    let url = dead_endpoint();
    let llm = LlmExtractor::new(client(&url));
    let err = remember(&store, &llm, "ep1", TEXT)
        .await
        .expect_err("no endpoint");
    assert!(err.contains(&url) && err.contains("unreachable"), "{err}");
    let hybrid = HybridExtractor::new(client(&url));
    let err = remember(&store, &hybrid, "ep2", TEXT)
        .await
        .expect_err("no endpoint");
    assert!(err.contains(&url), "{err}");
    let stats = store.stats(&tenant).await.expect("stats");
    assert_eq!((stats.entities, stats.facts, stats.episodes), (0, 0, 0));
}

#[tokio::test]
async fn hybrid_keeps_rule_entities_and_only_relations_between_them() {
    let srv = server("relations").await;
    let x = HybridExtractor::new(client(srv.base_url()));
    let text = "Ada Lovelace worked with Charles Babbage in London.";
    #[allow(clippy::default_constructed_unit_structs)]
    let rules = mnemo_extract::RuleExtractor::default()
        .extract(text, &ExtractContext::default())
        .await
        .expect("rules");
    let out = x
        .extract(text, &ExtractContext::default())
        .await
        .expect("extracts");
    assert_eq!(out.entities, rules.entities, "entities come from the rules");
    let keys: Vec<_> = out.entities.iter().map(|e| e.key.as_str()).collect();
    for f in &out.facts {
        assert!(keys.contains(&f.subject.as_str()) && keys.contains(&f.object.as_str()));
        assert_ne!(f.subject, f.object);
    }
    assert!(
        !out.facts.iter().any(|f| f.object.as_str() == "lord byron"),
        "an entity outside the list is never introduced"
    );
    assert!(out
        .facts
        .iter()
        .any(|f| f.rel_type.as_str() == "WORKED_WITH" && f.confidence == 0.9));
    let sent = srv.requests();
    let user = sent[0]["messages"][1]["content"]
        .as_str()
        .unwrap_or_default();
    assert!(user.contains("- Ada Lovelace"), "{user}");
    batch("ep", text, out).validate().expect("valid");
}

#[tokio::test]
async fn hybrid_falls_back_to_rule_facts_when_the_reply_is_unusable() {
    let srv = server("malformed").await;
    let x = HybridExtractor::new(client(srv.base_url()));
    let text = "Ada Lovelace worked with Charles Babbage in London.";
    #[allow(clippy::default_constructed_unit_structs)]
    let rules = mnemo_extract::RuleExtractor::default()
        .extract(text, &ExtractContext::default())
        .await
        .expect("rules");
    assert!(
        rules.entities.len() >= 2,
        "the rules find the names: {rules:?}"
    );
    let out = x
        .extract(text, &ExtractContext::default())
        .await
        .expect("prose reply is not an error");
    assert_eq!(out, rules);
    assert_eq!(srv.requests().len(), 1);
}

#[tokio::test]
async fn scaled_confidence_lowers_every_fact() {
    let srv = server("rate_limited").await;
    let inner: Arc<dyn Extractor> = Arc::new(LlmExtractor::new(client(srv.base_url())));
    let x = ScaledConfidence::new(inner, 0.5);
    let out = x
        .extract(
            "Grace Hopper helped design COBOL.",
            &ExtractContext::default(),
        )
        .await
        .expect("extracts after a 429");
    assert_eq!(out.facts.len(), 1);
    assert!((out.facts[0].confidence - 0.45).abs() < 1e-6);
}
