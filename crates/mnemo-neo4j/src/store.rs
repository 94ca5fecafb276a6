//! `Neo4jStore`: the `GraphStore` on Neo4j, one shared connection pool, schema bootstrap on connect.

use std::future::Future;
use std::sync::Arc;

use async_trait::async_trait;
use mnemo_core::{
    validate_kv_put, DeleteReport, Document, Entity, EntityKey, EntityOrder, Episode,
    EpisodeEntities, EpisodeNeighbours, Error, GraphStore, KvEntry, MentionEvent,
    NeighbourhoodQuery, Result, StoreStats, Subgraph, Tenant, TextHit, WriteBatch, WriteReport,
};
use neo4rs::{query, Graph};
use tracing::Instrument;

use crate::config::Neo4jConfig;
use crate::cypher_read as cyr;
use crate::cypher_write::SCHEMA;
use crate::db::{column, read_rows};
use crate::deadline::{server_name, within};
use crate::decode::DocumentRow;
use crate::error::{map_err, map_setup_err};
use crate::kv;
use crate::read::{self, Reads};
use crate::write::{self, in_transaction};

/// A knowledge graph stored in Neo4j 5. Cheap to clone: clones share one connection pool.
#[derive(Clone)]
pub struct Neo4jStore {
    graph: Graph,
    config: Neo4jConfig,
    reads: Arc<Reads>,
}

impl std::fmt::Debug for Neo4jStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Neo4jStore")
            .field("uri", &crate::deadline::server_name(&self.config.uri))
            .field("database", &self.config.database)
            .finish_non_exhaustive()
    }
}

impl Neo4jStore {
    /// Connects, checks the server answers, and creates the constraints and indexes that are
    /// missing (idempotent; safe when several processes connect at once). The first statement
    /// (which opens a connection: TCP, Bolt handshake, HELLO) must answer within the connection
    /// timeout, the schema bootstrap within the request timeout; either failing is `Unavailable`.
    pub async fn connect(config: Neo4jConfig) -> Result<Self> {
        let graph = Graph::connect(config.driver_config()?).map_err(map_setup_err)?;
        let reads = Arc::new(Reads::new(config.read_cache_ttl()));
        let store = Neo4jStore {
            graph,
            config,
            reads,
        };
        within(
            store.config.connection_timeout(),
            &store.config.uri,
            read_rows(&store.graph, query("RETURN 1 AS ok")),
        )
        .await?;
        // Schema statements are idempotent: a bootstrap abandoned half way is finished by the next.
        store.bounded(store.bootstrap_schema()).await?;
        tracing::info!(uri = %server_name(&store.config.uri), "neo4j store connected");
        Ok(store)
    }

    /// Runs one store call within the request timeout; running out is `Unavailable` naming the
    /// server. Dropping a call half way is safe: reads change nothing, and every write is one
    /// transaction of idempotent MERGEs on stable keys, so an abandoned write leaves the whole
    /// batch (its COMMIT reached the server) or none of it (the server rolls the open transaction
    /// back when the pool resets or closes the connection), and re-running it is harmless.
    async fn bounded<T>(&self, call: impl Future<Output = Result<T>>) -> Result<T> {
        within(self.config.request_timeout(), &self.config.uri, call).await
    }

    /// The shared driver handle, for tools and tests that need raw Cypher.
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    pub fn config(&self) -> &Neo4jConfig {
        &self.config
    }

    /// Deletes every node and relationship of a tenant (benchmarks, test clean-up, off-boarding).
    /// Runs in chunks of committed transactions, so it is not atomic: re-run it after a failure.
    pub async fn purge_tenant(&self, tenant: &Tenant) -> Result<()> {
        for label in ["Episode", "Document", "Entity", "KvRecord", "TenantStats"] {
            let text = format!(
                "MATCH (n:{label} {{tenant: $tenant}}) \
                 CALL (n) {{ DETACH DELETE n }} IN TRANSACTIONS OF 5000 ROWS"
            );
            self.graph
                .run(query(&text).param("tenant", tenant.as_str()))
                .await
                .map_err(map_err)?;
        }
        self.reads.cache.forget(tenant);
        Ok(())
    }

    /// Gives the tenant's hubs that have none their lists of top edges and recent mentions (see
    /// the crate docs on hop cost): the entities writes would have given them, with more than 64
    /// relationships or 32 mentions; smaller ones stay without, as writes leave them. Only needed
    /// for graphs written by versions before the lists existed: until then their hubs are expanded
    /// by reading all their edges. Idempotent; runs in committed chunks.
    pub async fn rebuild_top_edges(&self, tenant: &Tenant) -> Result<()> {
        self.graph
            .run(
                query(&crate::top_edges::backfill_top())
                    .param("tenant", tenant.as_str())
                    .param("top", crate::top_edges::top_param())
                    .param("recent", crate::top_edges::recent_param()),
            )
            .await
            .map_err(map_err)
    }

    /// Counts the tenant in full and stores the counts `stats` reads. Only needed for graphs written
    /// by versions before the counts existed (the first write that changes such a tenant does it
    /// too); until then `stats` counts the whole tenant on every call.
    pub async fn rebuild_stats(&self, tenant: &Tenant) -> Result<()> {
        let done = in_transaction!(self.graph, self.config.write_retries, |tx| {
            crate::counts::recount(&mut tx, tenant)
        });
        self.reads.cache.forget(tenant);
        done
    }

    /// Gives every fact of the validity table's families and endings its interval on the
    /// relationship (`valid_from`, `valid_to`), as writes and deletes keep it: for data written
    /// before intervals were kept, or after the table changed. Idempotent; committed in pages.
    pub async fn rebuild_validity(&self, tenant: &Tenant) -> Result<()> {
        crate::validity::rebuild(
            &self.graph,
            self.config.write_retries,
            tenant,
            &self.config.validity,
        )
        .await
    }

    /// Tenants (at most 20) with episodes an older mnemo's text analysis indexed: text search can
    /// miss them (a query's irregular verb form, say, is searched by its verb's term) until
    /// `mnemo migrate` (`backfill_text_index`) has run for each. Connecting warns when there are.
    pub async fn tenants_with_older_text_analysis(&self) -> Result<Vec<String>> {
        let rows = read_rows(
            &self.graph,
            query(crate::text::OLDER_ANALYSIS_TENANTS)
                .param("analysis", mnemo_core::analysis::ANALYSIS_VERSION)
                .param("limit", 20_i64),
        )
        .await?;
        match rows.first() {
            Some(row) => column(row, "tenants"),
            None => Ok(Vec::new()),
        }
    }

    /// Gives the tenant's episodes written before the episode text index existed, or by an
    /// earlier analysis, the terms that index finds them by (until then `search_text` does not
    /// see them). Idempotent; runs in committed chunks.
    pub async fn backfill_text_index(&self, tenant: &Tenant) -> Result<()> {
        crate::text::backfill(&self.graph, tenant).await
    }

    /// Gives the tenant's entities written before writes added them the accent-free forms of
    /// their keys as alias keys, so a query typed without accents finds them. Idempotent; runs in
    /// committed chunks.
    pub async fn backfill_folded_keys(&self, tenant: &Tenant) -> Result<()> {
        crate::folded_keys::backfill(&self.graph, tenant).await?;
        self.reads.cache.forget(tenant);
        Ok(())
    }

    async fn bootstrap_schema(&self) -> Result<()> {
        // Only a warning rides on this: a server that refuses `SHOW INDEXES` still connects.
        let old = read_rows(
            &self.graph,
            query(crate::text::OLD_TEXT_INDEXES_FOUND)
                .param("names", crate::text::OLD_TEXT_INDEX_NAMES.to_vec()),
        )
        .await
        .unwrap_or_default();
        if let Some(names) = old.first() {
            let names: Vec<String> = column(names, "names").unwrap_or_default();
            if !names.is_empty() {
                tracing::warn!(
                    ?names,
                    "the episode text index of an older mnemo is replaced: episodes written \
                     before are not found by text search until `mnemo migrate --tenant T` \
                     has run for each tenant"
                );
            }
        }
        // The read schema first: the write schema ends by waiting for every index to be online.
        for stmt in cyr::READ_SCHEMA.iter().chain(SCHEMA) {
            // Two processes creating the same index at once: the loser reports an equivalent
            // rule; the schema is what we want either way.
            match self.graph.run(query(stmt)).await {
                Ok(_) => {}
                Err(neo4rs::Error::Neo4j(e)) if e.code().contains("AlreadyExists") => {}
                Err(e) => return Err(map_err(e)),
            }
        }
        // Only a warning again: the check must never keep a store from connecting.
        match self.tenants_with_older_text_analysis().await {
            Ok(tenants) if !tenants.is_empty() => tracing::warn!(
                ?tenants,
                "episodes of these tenants were indexed by an older mnemo's text analysis: text \
                 search can miss them until `mnemo migrate --tenant T` has run for each tenant"
            ),
            Ok(_) => {}
            Err(e) => {
                tracing::debug!(error = %e, "could not look for episodes of an older analysis")
            }
        }
        Ok(())
    }
}

#[async_trait]
impl GraphStore for Neo4jStore {
    fn backend(&self) -> &'static str {
        "neo4j"
    }

    async fn write(&self, tenant: &Tenant, batch: &WriteBatch) -> Result<WriteReport> {
        batch.validate()?;
        if batch.is_empty() {
            return Ok(WriteReport::default());
        }
        let fact_sql = write::fact_statement(batch)?;
        let span =
            tracing::debug_span!("neo4j.write", tenant = %tenant, episodes = batch.episodes.len());
        let done = self
            .bounded(
                async {
                    in_transaction!(self.graph, self.config.write_retries, |tx| write::write_tx(
                        &mut tx,
                        tenant,
                        batch,
                        &fact_sql,
                        &self.config.validity
                    ))
                }
                .instrument(span),
            )
            .await;
        // Also after a failure: a commit whose answer was lost may have landed.
        self.reads.cache.forget(tenant);
        done
    }

    /// The batch's statements and the key-value put in one transaction, retried whole.
    async fn write_with_kv(
        &self,
        tenant: &Tenant,
        batch: &WriteBatch,
        ns: &str,
        entries: &[KvEntry],
    ) -> Result<WriteReport> {
        batch.validate()?;
        validate_kv_put(ns, entries)?;
        let fact_sql = write::fact_statement(batch)?;
        let span = tracing::debug_span!("neo4j.write_with_kv", tenant = %tenant, episodes = batch.episodes.len(), entries = entries.len());
        let done = self
            .bounded(
                async {
                    in_transaction!(self.graph, self.config.write_retries, |tx| async {
                        let report = if batch.is_empty() {
                            WriteReport::default()
                        } else {
                            write::write_tx(
                                &mut tx,
                                tenant,
                                batch,
                                &fact_sql,
                                &self.config.validity,
                            )
                            .await?
                        };
                        kv::put_tx(&mut tx, tenant, ns, entries).await?;
                        Ok::<_, crate::tx::TxError>(report)
                    })
                }
                .instrument(span),
            )
            .await;
        // Also after a failure: a commit whose answer was lost may have landed.
        self.reads.cache.forget(tenant);
        done
    }

    async fn write_many(
        &self,
        tenant: &Tenant,
        batches: &[WriteBatch],
    ) -> Result<Vec<WriteReport>> {
        let span =
            tracing::debug_span!("neo4j.write_many", tenant = %tenant, batches = batches.len());
        let done = self
            .bounded(
                write::write_many(
                    &self.graph,
                    self.config.write_retries,
                    tenant,
                    batches,
                    &self.config.validity,
                )
                .instrument(span),
            )
            .await;
        // Also after a failure: a commit whose answer was lost may have landed.
        self.reads.cache.forget(tenant);
        done
    }

    async fn get_entities(&self, tenant: &Tenant, keys: &[EntityKey]) -> Result<Vec<Entity>> {
        self.bounded(read::get_entities(
            &self.graph,
            &self.reads.cache,
            tenant,
            keys,
        ))
        .await
    }

    async fn lookup_names(
        &self,
        tenant: &Tenant,
        keys: &[String],
    ) -> Result<Vec<(String, Entity)>> {
        self.bounded(read::lookup_names(&self.graph, &self.reads, tenant, keys))
            .await
    }

    async fn find_by_tokens(
        &self,
        tenant: &Tenant,
        tokens: &[String],
        limit: usize,
    ) -> Result<Vec<Entity>> {
        self.bounded(read::find_by_tokens(&self.graph, tenant, tokens, limit))
            .await
    }

    async fn neighbourhood(&self, tenant: &Tenant, query: &NeighbourhoodQuery) -> Result<Subgraph> {
        self.bounded(read::neighbourhood(&self.graph, &self.reads, tenant, query))
            .await
    }

    async fn top_entities(
        &self,
        tenant: &Tenant,
        order: EntityOrder,
        limit: usize,
    ) -> Result<Vec<Entity>> {
        let most_mentioned = matches!(order, EntityOrder::MostMentioned);
        self.bounded(read::top_entities(
            &self.graph,
            tenant,
            most_mentioned,
            limit,
        ))
        .await
    }

    async fn mentions_of(
        &self,
        tenant: &Tenant,
        key: &EntityKey,
        limit: usize,
    ) -> Result<Vec<MentionEvent>> {
        self.bounded(read::mentions_of(
            &self.graph,
            &self.reads,
            tenant,
            key,
            limit,
        ))
        .await
    }

    async fn search_text(
        &self,
        tenant: &Tenant,
        query: &str,
        limit: usize,
    ) -> Result<Vec<TextHit>> {
        self.bounded(crate::text_search::search_text(
            &self.graph,
            tenant,
            query,
            limit,
        ))
        .await
    }

    async fn search_text_entities(
        &self,
        tenant: &Tenant,
        query: &str,
        limit: usize,
    ) -> Result<(Vec<TextHit>, Vec<EpisodeEntities>)> {
        self.bounded(crate::text_search::search_text_entities(
            &self.graph,
            tenant,
            query,
            limit,
        ))
        .await
    }

    async fn search_text_naming(
        &self,
        tenant: &Tenant,
        names: &[String],
        query: &str,
        limit: usize,
    ) -> Result<Vec<Vec<TextHit>>> {
        self.bounded(crate::text_search::search_text_naming(
            &self.graph,
            tenant,
            names,
            query,
            limit,
        ))
        .await
    }

    async fn episode_entities(
        &self,
        tenant: &Tenant,
        ids: &[String],
    ) -> Result<Vec<EpisodeEntities>> {
        self.bounded(crate::neighbours::episode_entities(
            &self.graph,
            tenant,
            ids,
        ))
        .await
    }

    async fn episode_neighbours(
        &self,
        tenant: &Tenant,
        ids: &[String],
        window: usize,
    ) -> Result<Vec<EpisodeNeighbours>> {
        self.bounded(crate::neighbours::episode_neighbours(
            &self.graph,
            tenant,
            ids,
            window,
        ))
        .await
    }

    async fn get_episodes(&self, tenant: &Tenant, ids: &[String]) -> Result<Vec<Episode>> {
        self.bounded(read::get_episodes(
            &self.graph,
            &self.reads.cache,
            tenant,
            ids,
        ))
        .await
    }

    async fn get_document(&self, tenant: &Tenant, id: &str) -> Result<Option<Document>> {
        let q = query(cyr::GET_DOCUMENT)
            .param("tenant", tenant.as_str())
            .param("id", id);
        let rows = self.bounded(read_rows(&self.graph, q)).await?;
        match rows.first() {
            Some(row) => Ok(Some(column::<DocumentRow>(row, "d")?.into_document())),
            None => Ok(None),
        }
    }

    async fn delete_episodes(&self, tenant: &Tenant, ids: &[String]) -> Result<DeleteReport> {
        if ids.is_empty() {
            return Ok(DeleteReport::default());
        }
        let done = self
            .bounded(async {
                in_transaction!(self.graph, self.config.write_retries, |tx| {
                    write::delete_tx(&mut tx, tenant, ids, &self.config.validity)
                })
            })
            .await;
        self.reads.cache.forget(tenant);
        done
    }

    async fn delete_document(&self, tenant: &Tenant, id: &str) -> Result<DeleteReport> {
        Episode::validate_id(id).map_err(|_| Error::NotFound(format!("document {id:?}")))?;
        let done = self
            .bounded(async {
                in_transaction!(self.graph, self.config.write_retries, |tx| {
                    write::delete_document_tx(&mut tx, tenant, id, &self.config.validity)
                })
            })
            .await;
        self.reads.cache.forget(tenant);
        done
    }

    async fn stats(&self, tenant: &Tenant) -> Result<StoreStats> {
        self.bounded(read::stats(&self.graph, &self.reads.cache, tenant))
            .await
    }

    async fn export(&self, tenant: &Tenant) -> Result<Subgraph> {
        self.bounded(read::export(&self.graph, tenant)).await
    }

    async fn kv_put(&self, tenant: &Tenant, ns: &str, entries: &[KvEntry]) -> Result<()> {
        validate_kv_put(ns, entries)?;
        if entries.is_empty() {
            return Ok(());
        }
        self.bounded(async {
            in_transaction!(self.graph, self.config.write_retries, |tx| kv::put_tx(
                &mut tx, tenant, ns, entries
            ))
        })
        .await
    }

    async fn kv_get(&self, tenant: &Tenant, ns: &str, keys: &[String]) -> Result<Vec<KvEntry>> {
        self.bounded(kv::get(&self.graph, tenant, ns, keys)).await
    }

    async fn kv_scan(
        &self,
        tenant: &Tenant,
        ns: &str,
        prefix: &str,
        after: Option<&str>,
        limit: usize,
    ) -> Result<Vec<KvEntry>> {
        self.bounded(kv::scan(&self.graph, tenant, ns, prefix, after, limit))
            .await
    }

    async fn kv_delete(&self, tenant: &Tenant, ns: &str, keys: &[String]) -> Result<u64> {
        kv::validate_keys(ns, keys)?;
        if keys.is_empty() {
            return Ok(0);
        }
        self.bounded(async {
            in_transaction!(self.graph, self.config.write_retries, |tx| kv::delete_tx(
                &mut tx, tenant, ns, keys
            ))
        })
        .await
    }
}
