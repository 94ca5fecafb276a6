//! The Neo4j server tests run against: the one `NEO4J_TEST_URI` names. One definition for every
//! crate's Neo4j tests, so that none of them can skip silently in CI.

/// The test server's bolt URI, trimmed. When `NEO4J_TEST_URI` is unset or empty: in CI
/// (`CI=true`) a panic, since a Neo4j test must fail there rather than skip; elsewhere `None`,
/// after a notice on stderr naming `what` is skipped and how to start the server.
pub fn test_server_uri(what: &str) -> Option<String> {
    match std::env::var("NEO4J_TEST_URI") {
        Ok(uri) if !uri.trim().is_empty() => Some(uri.trim().to_string()),
        _ => {
            if std::env::var("CI").is_ok_and(|v| v == "true") {
                panic!(
                    "NEO4J_TEST_URI is not set but CI=true: start the server with \
                     `scripts/neo4j-dev start` and export NEO4J_TEST_URI=bolt://127.0.0.1:7687 \
                     ({what})"
                );
            }
            eprintln!(
                "notice: NEO4J_TEST_URI is not set; skipping {what} (run scripts/neo4j-dev start \
                 and export NEO4J_TEST_URI=bolt://127.0.0.1:7687)"
            );
            None
        }
    }
}

/// The test server's configuration for `uri`: user `NEO4J_TEST_USER` (default "neo4j") and
/// password `NEO4J_TEST_PASSWORD` (default empty), the rest the defaults.
pub fn test_server_config(uri: &str) -> crate::Neo4jConfig {
    crate::Neo4jConfig {
        user: std::env::var("NEO4J_TEST_USER").unwrap_or_else(|_| "neo4j".into()),
        password: std::env::var("NEO4J_TEST_PASSWORD").unwrap_or_default(),
        ..crate::Neo4jConfig::with_uri(uri.trim())
    }
}

/// A tenant of its own for one test run on the shared server (`prefix-<pid>-<nanoseconds>`), so
/// that reruns and other runs never see each other's data.
pub fn unique_test_tenant(prefix: &str) -> mnemo_core::Tenant {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    mnemo_core::Tenant::new(format!("{prefix}-{}-{nanos:x}", std::process::id()))
        .expect("a valid tenant name")
}
