//! mnemo-neo4j (placeholder until its issue lands).
