//! The records error type, named by what the caller should do.

/// Errors from memory records.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The input is unusable (a bad id, tag, confidence or policy): fix it, don't retry.
    #[error("{0}")]
    InvalidInput(String),
    /// The record (or archived record) asked for does not exist.
    #[error("not found: {0}")]
    NotFound(String),
    /// The store is unreachable or does not keep key-value records; retry later or use another store.
    #[error("unavailable: {0}")]
    Unavailable(String),
    /// Stored record data is damaged.
    #[error("corrupt records: {0}")]
    Corrupt(String),
    /// A bug or an unexpected answer from a backend.
    #[error("internal error: {0}")]
    Internal(String),
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

impl From<mnemo::Error> for Error {
    fn from(e: mnemo::Error) -> Self {
        use mnemo::Error as M;
        match e {
            M::InvalidInput(m) => Error::InvalidInput(m),
            M::NotFound(m) => Error::NotFound(m),
            M::Unavailable(m) | M::Llm(m) => Error::Unavailable(m),
            M::Corrupt(m) => Error::Corrupt(m),
            M::Internal(m) => Error::Internal(m),
        }
    }
}

impl From<mnemo_core::Error> for Error {
    fn from(e: mnemo_core::Error) -> Self {
        Error::from(mnemo::Error::from(e))
    }
}
