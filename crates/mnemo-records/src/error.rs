//! The records error type, named by what the caller should do.

/// Errors from memory records: the records' own failures, and the facade's errors wrapped as they
/// are (`Mnemo`), so a caller still tells an LLM endpoint from a store outage or a full disk.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The input is unusable (a bad id, tag, confidence or policy): fix it, don't retry.
    #[error("{0}")]
    InvalidInput(String),
    /// The record (or archived record) asked for does not exist.
    #[error("not found: {0}")]
    NotFound(String),
    /// Stored record data is damaged.
    #[error("corrupt records: {0}")]
    Corrupt(String),
    /// A bug or an unexpected answer from a backend.
    #[error("internal error: {0}")]
    Internal(String),
    /// The graph under the records failed (the store is unreachable or its disk full, an LLM
    /// endpoint failed, the text was refused, ...); see `mnemo::Error` for what to do.
    #[error(transparent)]
    Mnemo(#[from] mnemo::Error),
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    /// The message of an error about the input or a missing record or episode, from the records
    /// or from the facade: the caller's problem, which batch operations report per item and go on.
    pub fn rejected_input(&self) -> Option<&str> {
        use mnemo::Error as M;
        match self {
            Error::InvalidInput(m)
            | Error::NotFound(m)
            | Error::Mnemo(M::InvalidInput(m) | M::NotFound(m)) => Some(m),
            _ => None,
        }
    }
}

impl From<mnemo_core::Error> for Error {
    fn from(e: mnemo_core::Error) -> Self {
        Error::Mnemo(mnemo::Error::from(e))
    }
}
