//! mnemo-memory (placeholder until its issue lands).
