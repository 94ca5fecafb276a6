//! mnemo-store (placeholder until its issue lands).
