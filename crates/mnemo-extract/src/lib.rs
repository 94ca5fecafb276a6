//! mnemo-extract (placeholder until its issue lands).
