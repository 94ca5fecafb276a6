//! The error type of mnemo-memory, named by what the caller should do.

use mnemo_retrieve::RetrieveError;

/// Why a search failed. A query that matches nothing is not an error: it is a miss.
#[derive(Debug, thiserror::Error)]
pub enum MemoryError {
    /// The request or configuration is wrong (bad tenant, invalid config): fix it, do not retry.
    #[error("invalid input: {0}")]
    InvalidInput(String),
    /// The store could not be reached or timed out: retrying later may succeed.
    #[error("store unavailable: {0}")]
    Unavailable(String),
    /// The store's data is damaged: needs an operator.
    #[error("corrupt store: {0}")]
    Corrupt(String),
    /// A bug or an unexpected store answer.
    #[error("internal error: {0}")]
    Internal(String),
}

impl MemoryError {
    /// True when retrying the same call later may succeed.
    pub fn is_retryable(&self) -> bool {
        matches!(self, MemoryError::Unavailable(_))
    }
}

impl From<RetrieveError> for MemoryError {
    fn from(e: RetrieveError) -> Self {
        match e {
            RetrieveError::InvalidInput(m) => MemoryError::InvalidInput(m),
            RetrieveError::Unavailable(m) => MemoryError::Unavailable(m),
            RetrieveError::Corrupt(m) => MemoryError::Corrupt(m),
            RetrieveError::Internal(m) => MemoryError::Internal(m),
        }
    }
}

impl From<mnemo_core::Error> for MemoryError {
    fn from(e: mnemo_core::Error) -> Self {
        RetrieveError::from(e).into()
    }
}
