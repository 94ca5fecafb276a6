//! Wall-clock bounds on store calls: the driver bounds TCP connects and reads, not the Bolt
//! handshake or sends, so a server that accepts connections and then goes silent would hang us.

use std::future::Future;
use std::time::Duration;

use mnemo_core::{Error, Result};

/// Runs `fut`, or fails with `Unavailable` naming the server once `limit` has passed. Dropping
/// the future on timeout is safe: see the callers for why each kind of call may be abandoned.
pub(crate) async fn within<T>(
    limit: Duration,
    uri: &str,
    fut: impl Future<Output = Result<T>>,
) -> Result<T> {
    match tokio::time::timeout(limit, fut).await {
        Ok(done) => done,
        Err(_) => Err(Error::Unavailable(format!(
            "neo4j at {} did not answer within {} s",
            server_name(uri),
            limit.as_secs()
        ))),
    }
}

/// The URI without any `user:password@` part, which must not reach logs or error messages.
pub fn server_name(uri: &str) -> String {
    let uri = uri.trim();
    match uri.split_once("://") {
        Some((scheme, rest)) => match rest.rsplit_once('@') {
            Some((_, host)) => format!("{scheme}://{host}"),
            None => uri.to_string(),
        },
        None => uri.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn server_name_drops_credentials_only() {
        assert_eq!(server_name("bolt://db:7687"), "bolt://db:7687");
        assert_eq!(server_name("neo4j://u:p@ss@db:7687"), "neo4j://db:7687");
        assert_eq!(server_name(" db:7687 "), "db:7687");
    }

    #[tokio::test]
    async fn a_silent_call_becomes_unavailable_naming_the_server() {
        let e = within(
            Duration::from_secs(1),
            "bolt://db:7687",
            std::future::pending::<Result<()>>(),
        )
        .await
        .expect_err("must time out");
        assert!(e.is_retryable(), "{e:?}");
        let shown = e.to_string();
        assert!(
            shown.contains("bolt://db:7687") && shown.contains("within 1 s"),
            "{shown}"
        );
    }
}
