//! Crash-test helper (filled in with durability).

fn main() {}
