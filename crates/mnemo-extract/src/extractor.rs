//! The `Extractor` seam: what any extractor (rules, an LLM) takes and returns.

use async_trait::async_trait;
use mnemo_core::{EntityInput, FactInput, Timestamp};

use crate::ExtractError;

/// What an extractor needs to know besides the text.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ExtractContext {
    /// Who "I", "me" and "my" refer to (e.g. "user" or a person's name); "we" and "our" include
    /// them. Without it first-person pronouns are dropped. A named speaker is always a person.
    pub speaker: Option<String>,
    /// The other participant of a conversation: who "you" and "your" refer to. Without it
    /// second-person pronouns are dropped.
    pub listener: Option<String>,
    /// When the text was said or written: relative times ("yesterday", "last May") are resolved
    /// against it. Without it they are left unresolved.
    pub at: Option<Timestamp>,
}

impl ExtractContext {
    pub fn with_speaker(speaker: impl Into<String>) -> Self {
        ExtractContext {
            speaker: Some(speaker.into()),
            ..ExtractContext::default()
        }
    }

    /// The same context with `listener` as the one "you" refers to.
    pub fn listener(mut self, listener: impl Into<String>) -> Self {
        self.listener = Some(listener.into());
        self
    }

    /// The same context, said at `at`.
    pub fn at(mut self, at: Timestamp) -> Self {
        self.at = Some(at);
        self
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
