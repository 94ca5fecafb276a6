//! mnemo agent sessions: a token-limited chat FIFO that flushes into the graph, memory blocks with priorities, deterministic topic compaction.
