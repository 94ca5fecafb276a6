//! The crate's one error enum, named by what the caller should do.

/// Why an extraction failed.
#[derive(Debug, thiserror::Error)]
pub enum ExtractError {
    /// The input cannot be extracted from (e.g. larger than an extractor accepts); do not retry.
    #[error("invalid input: {0}")]
    InvalidInput(String),
    /// The extractor's backend (an LLM endpoint) refused this input for what it holds (too long, a
    /// content filter: HTTP 400/413/422): this input fails, the next one may go through. Many in a
    /// row mean the backend's settings are wrong (`mnemo` stops a run then).
    #[error("{0}")]
    Refused(String),
    /// The extractor's backend (an LLM endpoint, a model file) is not reachable now; retry later or
    /// fall back to the rule extractor.
    #[error("extractor unavailable: {0}")]
    Unavailable(String),
    /// The backend answered with something that is not a usable extraction; report it.
    #[error("malformed extractor output: {0}")]
    Malformed(String),
}
