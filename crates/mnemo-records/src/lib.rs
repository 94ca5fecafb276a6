//! mnemo memory records: per-episode metadata, links, pruning with archive and restore, an audit log, and imports of existing memories.
