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

/// How the message of an `Unavailable` error for a full disk begins (see `Error::disk_full`).
pub const DISK_FULL: &str = "disk full: ";

impl Error {
    /// True when retrying the same call later may succeed.
    pub fn is_retryable(&self) -> bool {
        matches!(self, Error::Unavailable(_))
    }

    /// The store's disk is full: `Unavailable` (retrying after space was freed succeeds, nothing
    /// was written), with a message starting with `DISK_FULL` and naming the file. A variant of
    /// its own would have to be added to every crate's error enum; the message survives every
    /// conversion, so `is_disk_full` (here and on the facade's error) recognises it anywhere.
    pub fn disk_full(path: &str, detail: &str) -> Error {
        Error::Unavailable(format!("{DISK_FULL}{path}: {detail}"))
    }

    /// True for an error made by `disk_full`: retrying at once will not help, freeing space will.
    pub fn is_disk_full(&self) -> bool {
        matches!(self, Error::Unavailable(m) if m.starts_with(DISK_FULL))
    }
}

pub type Result<T, E = Error> = std::result::Result<T, E>;
