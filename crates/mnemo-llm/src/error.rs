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
    Rejected {
        endpoint: String,
        /// The HTTP status (400, 401, 404, ...).
        status: u16,
        reason: String,
    },
    /// The endpoint answered with something that is not a chat completion: report it.
    #[error("LLM endpoint {endpoint} answered malformed data: {reason}")]
    Malformed { endpoint: String, reason: String },
}

impl LlmError {
    /// True when the same call may succeed later.
    pub fn is_retryable(&self) -> bool {
        matches!(self, LlmError::Unavailable { .. })
    }

    /// True when the endpoint refused the request for what it holds (HTTP 400, 413, 422: a text
    /// too long for the model, content it will not take), so that another text may well succeed;
    /// false for a refusal of the caller (401, 403, 404: a bad key, an unknown model), which every
    /// later call would get too.
    pub fn is_about_the_input(&self) -> bool {
        matches!(
            self,
            LlmError::Rejected {
                status: 400 | 413 | 422,
                ..
            }
        )
    }
}

impl From<LlmError> for ExtractError {
    fn from(e: LlmError) -> Self {
        match e {
            LlmError::Malformed { .. } => ExtractError::Malformed(e.to_string()),
            // This text was refused: it is reported, and the next one may go through.
            _ if e.is_about_the_input() => ExtractError::Refused(e.to_string()),
            // A refused caller is as unusable as an unreachable endpoint: nothing can be
            // extracted now, and nothing must be written.
            other => ExtractError::Unavailable(other.to_string()),
        }
    }
}
