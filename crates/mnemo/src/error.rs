//! The facade's error type: store, extraction and search failures, named by what the caller should do.

/// Errors from the `Mnemo` facade.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The input is unusable (empty text, a binary or non-UTF-8 file, a bad id): fix it, don't retry.
    #[error("{0}")]
    InvalidInput(String),
    /// The thing asked for does not exist.
    #[error("not found: {0}")]
    NotFound(String),
    /// The store or an external service is unreachable; nothing was written. Retry later.
    #[error("unavailable: {0}")]
    Unavailable(String),
    /// An LLM endpoint (named in the message: the extractor's or the agent's) failed after the
    /// LLM client's own retries; nothing was written for this input. Not the store: do not retry
    /// at once (the client already did); fix the endpoint or its settings, or use the rules.
    #[error("{0}")]
    Llm(String),
    /// Stored data is damaged or foreign.
    #[error("corrupt store: {0}")]
    Corrupt(String),
    /// A bug or an unexpected answer from a backend.
    #[error("internal error: {0}")]
    Internal(String),
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    /// The store's disk is full (see `mnemo_core::Error::disk_full`): stop and free space rather
    /// than retry at once.
    pub fn is_disk_full(&self) -> bool {
        matches!(self, Error::Unavailable(m) if m.starts_with(mnemo_core::DISK_FULL))
    }
}

impl From<mnemo_core::Error> for Error {
    fn from(e: mnemo_core::Error) -> Self {
        use mnemo_core::Error as C;
        match e {
            C::InvalidInput(m) => Error::InvalidInput(m),
            C::NotFound(m) => Error::NotFound(m),
            C::Unavailable(m) => Error::Unavailable(m),
            C::Corrupt(m) => Error::Corrupt(m),
            C::Internal(m) => Error::Internal(m),
        }
    }
}

impl From<mnemo_extract::ExtractError> for Error {
    fn from(e: mnemo_extract::ExtractError) -> Self {
        use mnemo_extract::ExtractError as X;
        match e {
            // A refused text is that input's failure (`refusals.rs` stops a streak of them).
            X::InvalidInput(m) | X::Refused(m) => Error::InvalidInput(m),
            // The messages of mnemo-llm name the endpoint ("LLM endpoint http://... unreachable").
            X::Unavailable(m) | X::Malformed(m) => Error::Llm(m),
        }
    }
}

impl From<mnemo_memory::MemoryError> for Error {
    fn from(e: mnemo_memory::MemoryError) -> Self {
        use mnemo_memory::MemoryError as M;
        match e {
            M::InvalidInput(m) => Error::InvalidInput(m),
            M::Unavailable(m) => Error::Unavailable(m),
            M::Corrupt(m) => Error::Corrupt(m),
            M::Internal(m) => Error::Internal(m),
        }
    }
}
