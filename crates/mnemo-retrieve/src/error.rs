//! The error type of mnemo-retrieve, named by what the caller should do.

/// Why a retrieval failed. Linking a query that matches nothing is not an error (it is a miss).
#[derive(Debug, thiserror::Error)]
pub enum RetrieveError {
    /// The request is wrong (e.g. a bad tenant): fix it, do not retry.
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

impl RetrieveError {
    /// True when retrying the same call later may succeed.
    pub fn is_retryable(&self) -> bool {
        matches!(self, RetrieveError::Unavailable(_))
    }
}

impl From<mnemo_core::Error> for RetrieveError {
    fn from(e: mnemo_core::Error) -> Self {
        use mnemo_core::Error as E;
        match e {
            E::InvalidInput(m) | E::NotFound(m) => RetrieveError::InvalidInput(m),
            E::Unavailable(m) => RetrieveError::Unavailable(m),
            E::Corrupt(m) => RetrieveError::Corrupt(m),
            E::Internal(m) => RetrieveError::Internal(m),
        }
    }
}
