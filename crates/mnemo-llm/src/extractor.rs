//! The LLM-backed extractors behind `mnemo_extract::Extractor`: `LlmExtractor` (entities and facts
//! from the model), `HybridExtractor` (the rule extractor's entities and facts plus the model's
//! validated relations) and `ScaledConfidence` (a wrapper that lowers fact confidence, for answers
//! from external sources).

use std::sync::Arc;

use async_trait::async_trait;
use mnemo_extract::{ExtractContext, ExtractError, Extraction, Extractor, RuleExtractor};

use crate::client::{ChatMessage, ChatReply, LlmClient};
use crate::drops::DropCounts;
use crate::parse::{recover_json, Recovered};
use crate::prompt;
use crate::validate::{Builder, MissingEnds};

/// Largest text sent in one extraction call. Documents are chunked far below this by the
/// pipeline; a bigger single text is refused rather than silently overflowing the model's context.
pub const MAX_LLM_INPUT_BYTES: usize = 48 * 1024;

/// Entities and facts from one LLM call per text. Missing fact ends that are acceptable names are
/// added as `Concept` entities (models often state facts about things they forgot to list);
/// pronouns, self-loops and malformed items are dropped with a warning. A reply with no usable
/// JSON gives an empty extraction and a warning; an unreachable endpoint is an error, so nothing
/// is stored for that text.
#[derive(Debug, Clone)]
pub struct LlmExtractor {
    client: LlmClient,
}

impl LlmExtractor {
    pub fn new(client: LlmClient) -> Self {
        LlmExtractor { client }
    }

    pub fn client(&self) -> &LlmClient {
        &self.client
    }
}

fn check_size(text: &str) -> Result<(), ExtractError> {
    if text.len() > MAX_LLM_INPUT_BYTES {
        return Err(ExtractError::InvalidInput(format!(
            "text of {} bytes is over the LLM extractor's {} byte limit; ingest it as a document \
             so that it is chunked",
            text.len(),
            MAX_LLM_INPUT_BYTES
        )));
    }
    Ok(())
}

/// The JSON of a reply, or `None` when there is none to use (counted in the client's stats).
/// Logged at debug only: a run reports these once, from `LlmStats`, instead of a line per chunk.
fn usable_json(client: &LlmClient, reply: &ChatReply, extractor: &str) -> Option<Recovered> {
    match recover_json(&reply.content) {
        Some(rec) => {
            if rec.repaired || reply.truncated() {
                tracing::debug!(
                    extractor,
                    finish_reason = reply.finish_reason.as_deref().unwrap_or(""),
                    "the LLM reply was cut off; kept its complete items"
                );
            }
            Some(rec)
        }
        None => {
            tracing::debug!(
                extractor,
                reply_chars = reply.content.chars().count(),
                finish_reason = reply.finish_reason.as_deref().unwrap_or(""),
                "the LLM reply holds no usable JSON object; nothing extracted from it"
            );
            client.record_reply(false, reply.truncated(), &DropCounts::default());
            None
        }
    }
}

#[async_trait]
impl Extractor for LlmExtractor {
    fn name(&self) -> &'static str {
        "llm"
    }

    async fn extract(&self, text: &str, ctx: &ExtractContext) -> Result<Extraction, ExtractError> {
        if text.trim().is_empty() {
            return Ok(Extraction::default());
        }
        check_size(text)?;
        let speaker = ctx.speaker.as_deref();
        let (system, user) = prompt::extraction_messages(text, speaker);
        let schema = prompt::extraction_schema();
        let reply = self
            .client
            .chat_limited(
                &[ChatMessage::system(system), ChatMessage::user(user)],
                Some(&schema),
                prompt::EXTRACTION_MAX_TOKENS,
            )
            .await?;
        let Some(rec) = usable_json(&self.client, &reply, "llm") else {
            return Ok(Extraction::default());
        };
        let mut b = Builder::new(speaker).with_min_confidence(self.client.config().min_confidence);
        b.add_entities(&rec.value);
        b.add_facts(&rec.value, MissingEnds::AddAsConcept);
        self.client.record_reply(true, reply.truncated(), &b.drops);
        Ok(b.finish())
    }
}

/// The deterministic `RuleExtractor`'s entities and facts, plus the LLM's relations between those
/// entities that pass validation (`Builder::add_facts`: ends among the entities, no self-links,
/// a predicate with a verb that is no entity's name, a confidence at or above
/// `llm.min_confidence`). The LLM only ever adds: whatever it answers, the result holds every
/// rule entity and fact, so hybrid is never worse than the rules. Texts with fewer than two
/// entities make no LLM call; an unusable reply costs its call and nothing else.
#[derive(Debug)]
pub struct HybridExtractor {
    rules: RuleExtractor,
    client: LlmClient,
}

impl HybridExtractor {
    // `default()` rather than the unit literal: the rule extractor may grow settings.
    #[allow(clippy::default_constructed_unit_structs)]
    pub fn new(client: LlmClient) -> Self {
        HybridExtractor {
            rules: RuleExtractor::default(),
            client,
        }
    }

    pub fn with_rules(rules: RuleExtractor, client: LlmClient) -> Self {
        HybridExtractor { rules, client }
    }

    pub fn client(&self) -> &LlmClient {
        &self.client
    }
}

#[async_trait]
impl Extractor for HybridExtractor {
    fn name(&self) -> &'static str {
        "hybrid"
    }

    async fn extract(&self, text: &str, ctx: &ExtractContext) -> Result<Extraction, ExtractError> {
        check_size(text)?;
        let base = self.rules.extract(text, ctx).await?;
        if base.entities.len() < 2 {
            return Ok(base);
        }
        let speaker = ctx.speaker.as_deref();
        let mut b = Builder::with_extraction(speaker, base.clone())
            .with_min_confidence(self.client.config().min_confidence);
        let (system, user) = prompt::relations_messages(text, &b.entity_names(), speaker);
        let schema = prompt::relations_schema();
        let reply = self
            .client
            .chat_limited(
                &[ChatMessage::system(system), ChatMessage::user(user)],
                Some(&schema),
                prompt::RELATIONS_MAX_TOKENS,
            )
            .await?;
        let Some(rec) = usable_json(&self.client, &reply, "hybrid") else {
            return Ok(base);
        };
        b.add_facts(&rec.value, MissingEnds::Drop);
        self.client.record_reply(true, reply.truncated(), &b.drops);
        Ok(b.finish())
    }
}

/// Wraps an extractor and multiplies every fact confidence by `factor` (0..=1): what an external
/// source (an LLM's answer) says is kept, but ranks below what the user's own data states.
#[derive(Debug, Clone)]
pub struct ScaledConfidence {
    inner: Arc<dyn Extractor>,
    factor: f32,
}

impl ScaledConfidence {
    /// `factor` is clamped to 0..=1.
    pub fn new(inner: Arc<dyn Extractor>, factor: f32) -> Self {
        let factor = if factor.is_finite() {
            factor.clamp(0.0, 1.0)
        } else {
            1.0
        };
        ScaledConfidence { inner, factor }
    }
}

#[async_trait]
impl Extractor for ScaledConfidence {
    fn name(&self) -> &'static str {
        self.inner.name()
    }

    async fn extract(&self, text: &str, ctx: &ExtractContext) -> Result<Extraction, ExtractError> {
        let mut x = self.inner.extract(text, ctx).await?;
        for f in &mut x.facts {
            f.confidence = (f.confidence * self.factor).clamp(0.0, 1.0);
        }
        Ok(x)
    }
}
