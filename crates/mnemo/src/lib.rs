//! mnemo (placeholder until its issue lands).
