//! The error type of every mnemo library crate's store-facing API, named by what the caller should do.

/// Errors returned by stores and the pipeline. Variants say what the caller should do about them.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The input is wrong (bad tenant, empty name, dangling fact, ...): fix the input, do not retry.
    #[error("invalid input: {0}")]
    InvalidInput(String),
    /// The thing asked for does not exist in this tenant.
    #[error("not found: {0}")]
    NotFound(String),
    /// The backend cannot be reached or timed out: retrying later may succeed. Nothing was written.
    #[error("store unavailable: {0}")]
    Unavailable(String),
    /// The data on disk is damaged or not a mnemo store: needs an operator, never silently ignored.
    #[error("corrupt store: {0}")]
    Corrupt(String),
    /// A bug or an unexpected backend answer.
    #[error("internal error: {0}")]
    Internal(String),
}

impl Error {
    /// True when retrying the same call later may succeed.
    pub fn is_retryable(&self) -> bool {
        matches!(self, Error::Unavailable(_))
    }
}

pub type Result<T, E = Error> = std::result::Result<T, E>;
