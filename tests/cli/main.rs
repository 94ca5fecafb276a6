//! End-to-end tests of the `mnemo` binary as a user runs it: the CLI's subcommands on the embedded
//! store (and on Neo4j where `NEO4J_TEST_URI` is set; with `CI=true` a missing server fails), the
//! HTTP API from `mnemo serve` on a real socket, MCP from `mnemo mcp` over stdio, a full disk, an
//! LLM endpoint that fails, and the README's snippets. One module per area; every test starts the
//! binary in a fresh data directory.

mod cli;
mod disk_full;
mod ingest;
mod ingest_llm;
mod ingest_order;
mod ingest_resume_wiped;
mod ingest_special;
mod mcp_schema;
mod migrate;
mod readme;
mod records;
mod serve;
mod session;

/// The binary under test: `mnemo-e2e` (src/bin/mnemo-e2e.rs), the `mnemo` program built by this
/// package, because cargo gives a test only the paths of its own package's binaries.
const MNEMO: &str = env!("CARGO_BIN_EXE_mnemo-e2e");
