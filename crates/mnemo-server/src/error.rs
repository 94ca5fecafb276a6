//! Errors: `ServerError` for starting and running the server, and `ApiError`, the structured JSON
//! error body `{"error": {"code", "message"}}` every failed request gets. 4xx messages say what is
//! wrong; 5xx messages are generic and the details go to the log only.

use std::net::SocketAddr;

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use mnemo_session::SessionError;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Errors from configuring or running the server.
#[derive(Debug, thiserror::Error)]
pub enum ServerError {
    /// The configuration is unusable: fix it.
    #[error("invalid server config: {0}")]
    Config(String),
    /// No API key is configured, so the server would be open to anyone who can reach it.
    #[error(
        "refusing to listen on {0} without API keys: anyone on the network could read and write \
         the memory. Configure [[server.api_keys]] or MNEMO_API_KEYS, or bind to 127.0.0.1"
    )]
    InsecureBind(SocketAddr),
    /// The socket could not be bound or the server failed while running.
    #[error("server I/O failed: {0}")]
    Io(#[from] std::io::Error),
    /// The MCP session failed (transport closed during initialisation, protocol error).
    #[error("MCP server failed: {0}")]
    Mcp(String),
}

/// The JSON body of an error response.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct ErrorBody {
    pub error: ErrorDetail,
}

/// What went wrong: a stable machine-readable `code` and a human-readable `message`.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct ErrorDetail {
    /// One of: bad_json, invalid_input, unsupported_media_type, body_too_large, unauthorized,
    /// not_found, route_not_found, method_not_allowed, timeout, unavailable, internal.
    pub code: String,
    pub message: String,
}

/// A failed request: status, code and message.
#[derive(Debug, Clone)]
pub struct ApiError {
    pub status: StatusCode,
    pub code: &'static str,
    pub message: String,
}

impl ApiError {
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> Self {
        ApiError {
            status,
            code,
            message: message.into(),
        }
    }

    pub fn invalid(message: impl Into<String>) -> Self {
        Self::new(StatusCode::UNPROCESSABLE_ENTITY, "invalid_input", message)
    }

    pub fn bad_json(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, "bad_json", message)
    }

    pub fn not_found(message: impl Into<String>) -> Self {
        Self::new(StatusCode::NOT_FOUND, "not_found", message)
    }

    pub fn unauthorized(message: impl Into<String>) -> Self {
        Self::new(StatusCode::UNAUTHORIZED, "unauthorized", message)
    }

    pub fn unavailable() -> Self {
        Self::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "unavailable",
            "the memory store is unavailable; nothing was written, retry later",
        )
    }

    pub fn internal() -> Self {
        Self::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal",
            "internal server error; the details are in the server log",
        )
    }

    pub fn body(&self) -> ErrorBody {
        ErrorBody {
            error: ErrorDetail {
                code: self.code.to_string(),
                message: self.message.clone(),
            },
        }
    }
}

impl From<mnemo::Error> for ApiError {
    fn from(e: mnemo::Error) -> Self {
        match e {
            mnemo::Error::InvalidInput(m) => ApiError::invalid(m),
            mnemo::Error::NotFound(m) => ApiError::not_found(m),
            mnemo::Error::Unavailable(m) if m.starts_with(mnemo::core::DISK_FULL) => {
                // The path stays in the log; the client learns what happened and that waiting helps.
                tracing::error!(error = %m, "store disk full");
                ApiError::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    "disk_full",
                    "the memory store's disk is full; nothing was written, retry once space is freed",
                )
            }
            mnemo::Error::Unavailable(m) => {
                tracing::warn!(error = %m, "store unavailable");
                ApiError::unavailable()
            }
            // Not the store: an LLM endpoint (named in the log, not to the client).
            mnemo::Error::Llm(m) => {
                tracing::warn!(error = %m, "extractor unavailable");
                ApiError::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    "llm_unavailable",
                    "the LLM endpoint failed; nothing was written, retry later",
                )
            }
            other @ (mnemo::Error::Corrupt(_) | mnemo::Error::Internal(_)) => {
                tracing::error!(error = %other, "request failed");
                ApiError::internal()
            }
        }
    }
}

impl From<mnemo_core::Error> for ApiError {
    fn from(e: mnemo_core::Error) -> Self {
        ApiError::from(mnemo::Error::from(e))
    }
}

/// A records error (4xx say what is wrong; 5xx details go to the log). The facade's errors it
/// wraps answer as they would without the records (an LLM failure stays `llm_unavailable`).
impl From<mnemo_records::Error> for ApiError {
    fn from(e: mnemo_records::Error) -> Self {
        use mnemo_records::Error as E;
        match e {
            E::InvalidInput(m) => ApiError::invalid(m),
            E::NotFound(m) => ApiError::not_found(m),
            E::Corrupt(m) => ApiError::from(mnemo::Error::Corrupt(m)),
            E::Internal(m) => ApiError::from(mnemo::Error::Internal(m)),
            E::Mnemo(e) => ApiError::from(e),
        }
    }
}

/// A session error; `busy` (a compaction already running) is a 409.
impl From<SessionError> for ApiError {
    fn from(e: SessionError) -> Self {
        match e {
            SessionError::InvalidInput(m) => ApiError::invalid(m),
            SessionError::Busy(m) => {
                ApiError::new(StatusCode::CONFLICT, "busy", format!("{m}; retry later"))
            }
            SessionError::Unavailable(m) => ApiError::from(mnemo::Error::Unavailable(m)),
            SessionError::Corrupt(m) => ApiError::from(mnemo::Error::Corrupt(m)),
            SessionError::Internal(m) => ApiError::from(mnemo::Error::Internal(m)),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut resp = (self.status, Json(self.body())).into_response();
        let headers = resp.headers_mut();
        match self.status {
            StatusCode::UNAUTHORIZED => {
                headers.insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
            }
            StatusCode::SERVICE_UNAVAILABLE => {
                headers.insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
            }
            _ => {}
        }
        resp
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn facade_errors_map_to_statuses_without_leaking_internals() {
        let cases = [
            (
                mnemo::Error::InvalidInput("empty".into()),
                422,
                "invalid_input",
            ),
            (mnemo::Error::NotFound("doc".into()), 404, "not_found"),
            (
                mnemo::Error::Unavailable("bolt://secret-host".into()),
                503,
                "unavailable",
            ),
            (mnemo::Error::Corrupt("/var/lib/x".into()), 500, "internal"),
            (
                mnemo::Error::Internal("panic at foo.rs".into()),
                500,
                "internal",
            ),
        ];
        for (err, status, code) in cases {
            let text = err.to_string();
            let api = ApiError::from(err);
            assert_eq!(api.status.as_u16(), status);
            assert_eq!(api.code, code);
            if status >= 500 {
                assert!(!api.message.contains("secret-host"));
                assert!(!api.message.contains("/var/lib"));
                assert!(!api.message.contains("foo.rs"));
            } else {
                assert!(text.contains(&api.message), "{text} vs {}", api.message);
            }
        }
    }

    #[test]
    fn records_errors_keep_what_the_facade_said() {
        let llm = mnemo_records::Error::from(mnemo::Error::Llm("http://llm:8000 down".into()));
        assert_eq!(ApiError::from(llm).code, "llm_unavailable");
        let full = mnemo::Error::from(mnemo_core::Error::disk_full(
            "/data/store.redb",
            "no space left",
        ));
        let api = ApiError::from(mnemo_records::Error::from(full));
        assert_eq!((api.status.as_u16(), api.code), (503, "disk_full"));
        let missing = ApiError::from(mnemo_records::Error::NotFound("record r1".into()));
        assert_eq!((missing.status.as_u16(), missing.code), (404, "not_found"));
    }
}
