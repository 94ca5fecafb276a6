//! mnemo-neo4j: the mnemo `GraphStore` on Neo4j 5 (via neo4rs). Schema bootstrap on connect,
//! one transaction per write batch with batched `UNWIND ... MERGE` statements, and a capped
//! depth-2 neighbourhood fetched in one round trip. Two pieces of derived state keep reads cheap on
//! big graphs: each entity's top-edge list (`top_edges.rs`: a hop costs its fan-out cap, not the
//! node's degree) and per-tenant counts (`counts.rs`: `stats` reads one node). Episode text is
//! searched through a full-text index (`text.rs`).
//!
//! Data model (see docs/neo4j.md): `(:Entity:<Type> {tenant, key, ...})`, facts as relationships
//! typed by the whitelisted `RelType`, `(:Episode)-[:MENTIONS {at}]->(:Entity)` and
//! `(:Document)-[:HAS_CHUNK]->(:Episode)`; key-value records as unconnected
//! `(:KvRecord {tenant, ns, key, value})` nodes. Every node and relationship carries `tenant`.

mod config;
mod counts;
mod cypher_read;
mod cypher_write;
mod db;
mod deadline;
mod decode;
mod error;
mod folded_keys;
mod kv;
mod neighbours;
mod plan;
mod read;
mod store;
mod test_server;
mod text;
mod text_search;
mod top_edges;
mod tx;
mod validity;
mod write;

pub use config::Neo4jConfig;
pub use deadline::server_name;
pub use store::Neo4jStore;
pub use test_server::{test_server_config, test_server_uri, unique_test_tenant};
pub use text::indexed_terms;

#[cfg(test)]
mod cypher_snapshots;
#[cfg(test)]
mod cypher_write_snapshots;
