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
