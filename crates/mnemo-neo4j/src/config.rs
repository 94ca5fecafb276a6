//! Connection settings of the Neo4j store; the password never appears in Debug output.

use std::fmt;
use std::time::Duration;

use mnemo_core::validity::ValidityConfig;
use mnemo_core::{Error, Result};
use serde::Deserialize;

/// How to reach Neo4j and how hard to use it.
#[derive(Clone, Deserialize)]
#[serde(default)]
pub struct Neo4jConfig {
    /// `bolt://host:7687` (or `neo4j://`, `bolt+s://`, ...).
    pub uri: String,
    pub user: String,
    /// Ignored by servers with authentication disabled (the dev server of `scripts/neo4j-dev`).
    pub password: String,
    /// The database to use; `None` is the server's default database.
    pub database: Option<String>,
    /// Size of the shared connection pool.
    pub max_connections: usize,
    /// Rows fetched per network round trip when streaming results.
    pub fetch_size: usize,
    /// Timeout for opening a connection and for each read from it, in seconds. It also bounds how
    /// long one statement may run; writes send at most 1000 rows per statement to stay well below.
    pub connection_timeout_secs: u64,
    /// Wall-clock bound on each store call (a read, or a write transaction with its retries), in
    /// seconds. The driver's timeouts miss the Bolt handshake and sends, so a server that accepts
    /// connections but stops answering is caught only by this. A call that runs out fails with
    /// `Unavailable`; raise it for very large single writes on slow servers.
    pub request_timeout_secs: u64,
    /// How often a write batch is retried after a transient Neo4j error (deadlock, leader switch).
    /// Safe because writes are idempotent.
    pub write_retries: u32,
    /// How long a tenant's counts and episodes read by a search may be reused, in milliseconds
    /// (0: never). Changes made through this store are seen at once; changes by other processes
    /// after at most this long.
    pub read_cache_ms: u64,
    /// The functional families and endings whose facts' intervals are kept on relationships for
    /// Neo4j Browser: the search's table (`search.validity`), set by whoever opens the store.
    #[serde(skip)]
    pub validity: ValidityConfig,
}

impl Default for Neo4jConfig {
    fn default() -> Self {
        Neo4jConfig {
            uri: "bolt://127.0.0.1:7687".to_string(),
            user: "neo4j".to_string(),
            password: String::new(),
            database: None,
            max_connections: 16,
            fetch_size: 500,
            connection_timeout_secs: 10,
            request_timeout_secs: 60,
            write_retries: 3,
            read_cache_ms: 1000,
            validity: ValidityConfig::default(),
        }
    }
}

impl Neo4jConfig {
    /// The defaults with another URI.
    pub fn with_uri(uri: impl Into<String>) -> Self {
        Neo4jConfig {
            uri: uri.into(),
            ..Default::default()
        }
    }

    pub fn connection_timeout(&self) -> Duration {
        Duration::from_secs(self.connection_timeout_secs.max(1))
    }

    pub fn request_timeout(&self) -> Duration {
        Duration::from_secs(self.request_timeout_secs.max(1))
    }

    pub fn read_cache_ttl(&self) -> Duration {
        Duration::from_millis(self.read_cache_ms)
    }

    /// Checks the settings and builds the driver configuration.
    pub(crate) fn driver_config(&self) -> Result<neo4rs::Config> {
        if self.uri.trim().is_empty() {
            return Err(Error::InvalidInput("neo4j uri is empty".into()));
        }
        if self.max_connections == 0 || self.fetch_size == 0 {
            return Err(Error::InvalidInput(
                "neo4j max_connections and fetch_size must be at least 1".into(),
            ));
        }
        let mut builder = neo4rs::ConfigBuilder::default()
            .uri(self.uri.trim())
            .user(self.user.as_str())
            .password(self.password.as_str())
            .max_connections(self.max_connections)
            .fetch_size(self.fetch_size)
            .connection_timeout(self.connection_timeout());
        if let Some(db) = self.database.as_deref().filter(|d| !d.trim().is_empty()) {
            builder = builder.db(db.trim());
        }
        builder
            .build()
            .map_err(|e| Error::InvalidInput(format!("neo4j configuration: {e}")))
    }
}

impl fmt::Debug for Neo4jConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Neo4jConfig")
            .field("uri", &crate::deadline::server_name(&self.uri))
            .field("user", &self.user)
            .field(
                "password",
                &if self.password.is_empty() {
                    "<empty>"
                } else {
                    "<redacted>"
                },
            )
            .field("database", &self.database)
            .field("max_connections", &self.max_connections)
            .field("fetch_size", &self.fetch_size)
            .field("connection_timeout_secs", &self.connection_timeout_secs)
            .field("request_timeout_secs", &self.request_timeout_secs)
            .field("write_retries", &self.write_retries)
            .field("read_cache_ms", &self.read_cache_ms)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_never_prints_the_password() {
        let cfg = Neo4jConfig {
            password: "hunter2-secret".into(),
            ..Neo4jConfig::with_uri("bolt://db:7687")
        };
        let shown = format!("{cfg:?}");
        assert!(!shown.contains("hunter2"), "{shown}");
        assert!(
            shown.contains("<redacted>") && shown.contains("bolt://db:7687"),
            "{shown}"
        );
        // Nor one written into the URI.
        let in_uri = format!("{:?}", Neo4jConfig::with_uri("bolt://ann:hunter3@db:7687"));
        assert!(
            !in_uri.contains("hunter3") && in_uri.contains("bolt://db:7687"),
            "{in_uri}"
        );
    }

    #[test]
    fn rejects_unusable_settings() {
        assert!(Neo4jConfig::with_uri(" ").driver_config().is_err());
        let zero = Neo4jConfig {
            max_connections: 0,
            ..Default::default()
        };
        assert!(zero.driver_config().is_err());
        assert!(Neo4jConfig::default().driver_config().is_ok());
    }
}
