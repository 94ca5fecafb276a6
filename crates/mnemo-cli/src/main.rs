//! The `mnemo` binary: the global allocator, then the whole program in the library
//! ([`mnemo_cli::main`]).

use std::process::ExitCode;

/// mimalloc: a search allocates many small, short-lived values; with glibc malloc a search on a
/// 1M-fact graph took about twice as long at p95 (docs/benchmarks.md).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    mnemo_cli::main()
}
