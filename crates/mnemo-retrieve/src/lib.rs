//! mnemo-retrieve (placeholder until its issue lands).
