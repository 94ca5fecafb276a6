//! The crate's one error enum, named by what the caller should do. Messages are one line and name
//! the endpoint, so a CLI can print them as they are.

use mnemo_extract::ExtractError;

/// Why an LLM call failed.
#[derive(Debug, thiserror::Error)]
pub enum LlmError {
    /// The `[llm]` settings are unusable: fix the configuration.
    #[error("invalid LLM configuration: {0}")]
    InvalidConfig(String),
    /// The endpoint cannot be reached, timed out, or kept answering 429/5xx after every retry:
    /// retry later, or run without the LLM.
    #[error("LLM endpoint {endpoint} unreachable: {reason}")]
    Unavailable { endpoint: String, reason: String },
    /// The endpoint refused the request (4xx other than 429: bad key, unknown model, ...):
    /// fix the configuration; retrying the same call will not help.
    #[error("LLM endpoint {endpoint} rejected the request: {reason}")]
    Rejected { endpoint: String, reason: String },
    /// The endpoint answered with something that is not a chat completion: report it.
    #[error("LLM endpoint {endpoint} answered malformed data: {reason}")]
    Malformed { endpoint: String, reason: String },
}

impl LlmError {
    /// True when the same call may succeed later.
    pub fn is_retryable(&self) -> bool {
        matches!(self, LlmError::Unavailable { .. })
    }
}

impl From<LlmError> for ExtractError {
    fn from(e: LlmError) -> Self {
        match e {
            LlmError::Malformed { .. } => ExtractError::Malformed(e.to_string()),
            // A refused request is as unusable as an unreachable endpoint for the caller: nothing
            // can be extracted now, and nothing must be written.
            other => ExtractError::Unavailable(other.to_string()),
        }
    }
}
