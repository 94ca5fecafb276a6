//! Process kills and server outages: a durable store's writer and a `remember` are SIGKILLed at
//! every point (the store reopens with each acknowledged batch whole, every episode with its
//! record), and a Neo4j connection cut mid-batch fails fast and leaves nothing of the batch.

mod neo4j_outage;
mod records_crash;
mod store_crash;
