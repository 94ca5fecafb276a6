//! The `mnemo` binary.

fn main() {}
