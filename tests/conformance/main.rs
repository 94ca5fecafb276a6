//! The store conformance suite: the one list of checks in `mnemo_store::conformance` (every
//! property of the `GraphStore` contract), run against every store, the way tantivy runs its
//! `Directory` tests and ripgrep its per-engine tests over each implementation. Each module below
//! is one store; `conformance_tests!` expands to one `#[tokio::test]` per check, so a test is named
//! `<store>::<check>` (`cargo test -p mnemo-tests --test conformance neo4j::`).
//!
//! A new check goes into `crates/mnemo-store/src/conformance/` and its name into the list of
//! `conformance_tests!` (and `run_all`); a new store gets a module here.

mod durable;
mod durable_texts_on_disk;
mod memory;
mod neo4j;
