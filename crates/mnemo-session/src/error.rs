//! The crate's one error enum, named by what the caller should do.

/// Why a session call failed.
#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    /// The input is unusable (a bad session id, role, tag or time, empty text, a bad setting):
    /// fix it, don't retry. Nothing was written.
    #[error("{0}")]
    InvalidInput(String),
    /// The store or an external service (the LLM) is unreachable: retry later. A flush that
    /// failed half-way is finished by the next call, without duplicates.
    #[error("unavailable: {0}")]
    Unavailable(String),
    /// Another compaction held the lock past the timeout, or the compaction itself ran out of
    /// time: retry later. Nothing was written.
    #[error("busy: {0}")]
    Busy(String),
    /// Stored session state is damaged or foreign.
    #[error("corrupt session state: {0}")]
    Corrupt(String),
    /// A bug or an unexpected answer from a backend.
    #[error("internal error: {0}")]
    Internal(String),
}

pub type Result<T, E = SessionError> = std::result::Result<T, E>;

impl From<mnemo::Error> for SessionError {
    fn from(e: mnemo::Error) -> Self {
        use mnemo::Error as M;
        match e {
            M::InvalidInput(m) => SessionError::InvalidInput(m),
            M::NotFound(m) => SessionError::InvalidInput(format!("not found: {m}")),
            M::Unavailable(m) | M::Llm(m) => SessionError::Unavailable(m),
            M::Corrupt(m) => SessionError::Corrupt(m),
            M::Internal(m) => SessionError::Internal(m),
        }
    }
}

impl From<mnemo_records::Error> for SessionError {
    fn from(e: mnemo_records::Error) -> Self {
        use mnemo_records::Error as R;
        match e {
            R::InvalidInput(m) => SessionError::InvalidInput(m),
            R::NotFound(m) => SessionError::InvalidInput(format!("not found: {m}")),
            R::Corrupt(m) => SessionError::Corrupt(m),
            R::Internal(m) => SessionError::Internal(m),
            R::Mnemo(e) => SessionError::from(e),
        }
    }
}

impl From<mnemo_core::Error> for SessionError {
    fn from(e: mnemo_core::Error) -> Self {
        SessionError::from(mnemo::Error::from(e))
    }
}

impl From<mnemo::llm::LlmError> for SessionError {
    fn from(e: mnemo::llm::LlmError) -> Self {
        match e {
            mnemo::llm::LlmError::InvalidConfig(m) => SessionError::InvalidInput(m),
            other => SessionError::Unavailable(other.to_string()),
        }
    }
}
