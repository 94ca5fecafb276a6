//! The `mnemo` program under the name `mnemo-e2e`, for the end-to-end suite (tests/cli): cargo
//! tells a test the path of its own package's binaries only (`CARGO_BIN_EXE_<name>`), so this
//! package builds the program from the same entry point as crates/mnemo-cli/src/main.rs, with the
//! same allocator. A distinct name keeps the two files apart in target/.

use std::process::ExitCode;

/// The shipped binary's allocator (crates/mnemo-cli/src/main.rs), so the suite runs what ships.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    mnemo_cli::main()
}
