//! mnemo-llm: mnemo's optional LLM path. An OpenAI-compatible chat client over async-openai
//! (OpenAI, Ollama `/v1`, vLLM, llama.cpp server) with a concurrency limit, timeouts, retries and
//! token accounting; the `llm` and `hybrid` extractors behind `mnemo_extract::Extractor`, which
//! repair or drop bad model output item by item; query expansion; and a replay server of recorded
//! responses so that everything is testable offline.
//!
//! Nothing here runs unless a caller builds an [`LlmClient`]: with no LLM configured, mnemo never
//! tries to reach one.

mod client;
mod config;
mod drops;
mod error;
mod expand;
mod extractor;
pub mod parse;
pub mod prompt;
pub mod replay;
mod retry;
mod stats;
mod validate;

/// The async-openai version mnemo-llm is built on, for typed requests (`LlmClient::create_chat`).
pub use async_openai;
pub use client::{ChatMessage, ChatReply, JsonSchema, LlmClient};
pub use config::{ApiKey, JsonMode, LlmConfig};
pub use drops::{predicate_has_verb, DropCounts, DropReason};
pub use error::LlmError;
pub use expand::{expand_query, MAX_KEYWORDS};
pub use extractor::{HybridExtractor, LlmExtractor, ScaledConfidence, MAX_LLM_INPUT_BYTES};
pub use stats::LlmStats;
pub use validate::{confidence, Builder as ExtractionBuilder, MissingEnds, DEFAULT_CONFIDENCE};
