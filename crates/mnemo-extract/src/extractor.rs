//! The `Extractor` seam: what any extractor (rules, an LLM) takes and returns.

use async_trait::async_trait;
use mnemo_core::{EntityInput, FactInput};

use crate::ExtractError;

/// What an extractor needs to know besides the text.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ExtractContext {
    /// Who "I", "me" and "my" refer to (e.g. "user" or a person's name). Without it first-person
    /// pronouns are dropped.
    pub speaker: Option<String>,
}

impl ExtractContext {
    pub fn with_speaker(speaker: impl Into<String>) -> Self {
        ExtractContext {
            speaker: Some(speaker.into()),
        }
    }
}

/// The entities and facts of one piece of text. Every fact's ends are among `entities`, no fact
/// links an entity to itself, confidences are in 0..=1, and keys are unique.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Extraction {
    pub entities: Vec<EntityInput>,
    pub facts: Vec<FactInput>,
}

/// Turns text into entities and facts.
#[async_trait]
pub trait Extractor: Send + Sync + std::fmt::Debug {
    /// A short stable name for logs and provenance ("rules", "llm").
    fn name(&self) -> &'static str;
    async fn extract(&self, text: &str, ctx: &ExtractContext) -> Result<Extraction, ExtractError>;
}
