//! Maps neo4rs errors onto `mnemo_core::Error`: what the caller can retry becomes `Unavailable`.

use mnemo_core::Error;
use neo4rs::{Error as DriverError, Neo4jClientErrorKind, Neo4jErrorKind};

/// Classifies a driver error. Connection, IO, timeout and transient server errors are
/// `Unavailable` (retrying later may succeed); anything else is `Internal` (a bug in a statement or
/// an unexpected answer).
pub(crate) fn map_err(e: DriverError) -> Error {
    if is_unavailable(&e) {
        Error::Unavailable(format!("neo4j: {e}"))
    } else {
        Error::Internal(format!("neo4j: {e}"))
    }
}

/// Classifies an error from setting up the driver: a bad URI or setting is the caller's to fix.
pub(crate) fn map_setup_err(e: DriverError) -> Error {
    match e {
        DriverError::UrlParseError(_)
        | DriverError::UnsupportedScheme(_)
        | DriverError::InvalidConfig => Error::InvalidInput(format!("neo4j configuration: {e}")),
        other => map_err(other),
    }
}

/// A row whose shape does not match what the statement returns.
pub(crate) fn decode_err(what: &str, e: impl std::fmt::Display) -> Error {
    Error::Internal(format!("neo4j: cannot decode {what}: {e}"))
}

fn is_unavailable(e: &DriverError) -> bool {
    match e {
        DriverError::IOError { .. }
        | DriverError::ConnectionError
        | DriverError::ConnectionTimedOut
        | DriverError::IncompleteBoltExchange
        | DriverError::ServerUnavailableError(_)
        | DriverError::RoutingTableError(_)
        | DriverError::RoutingTableRefreshFailed(_)
        | DriverError::RequestIgnoredError
        | DriverError::AuthenticationError(_)
        | DriverError::UnsupportedVersion(..)
        | DriverError::ProtocolMismatch(_)
        | DriverError::InvalidDnsName(_) => true,
        DriverError::Neo4j(n) => matches!(
            n.kind(),
            Neo4jErrorKind::Transient
                | Neo4jErrorKind::Client(
                    Neo4jClientErrorKind::SessionExpired
                        | Neo4jClientErrorKind::Security(_)
                        | Neo4jClientErrorKind::TransactionTerminated
                )
        ),
        _ => false,
    }
}

/// True for errors after which the same write may simply be run again (deadlocks and other
/// transient server conditions; not lost connections, which are reported to the caller).
pub(crate) fn is_transient(e: &DriverError) -> bool {
    matches!(e, DriverError::Neo4j(n) if n.kind() == Neo4jErrorKind::Transient)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn connection_failures_are_retryable_and_others_are_not() {
        let io = DriverError::IOError {
            detail: std::io::Error::new(std::io::ErrorKind::ConnectionReset, "reset"),
        };
        assert!(map_err(io).is_retryable());
        assert!(map_err(DriverError::ConnectionTimedOut).is_retryable());
        assert!(map_err(DriverError::ConnectionError).is_retryable());
        let conv = map_err(DriverError::ConversionError);
        assert!(matches!(conv, Error::Internal(_)), "{conv:?}");
        let scheme = map_setup_err(DriverError::UnsupportedScheme("http".into()));
        assert!(matches!(scheme, Error::InvalidInput(_)), "{scheme:?}");
    }
}
