//! Ready-made triples (subject, predicate, object) written without extraction (being built).
