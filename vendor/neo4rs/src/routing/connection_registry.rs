use crate::config::ImpersonateUser;
use crate::connection::NeoUrl;
use crate::pool::{ConnectionPool, create_pool};
use crate::routing::RoutingTable;
use crate::routing::routing_table_provider::RoutingTableProvider;
use crate::routing::types::{BoltServer, DatabaseServerMap, DatabaseTable, PoolRegistry};
use crate::utils::ConcurrentHashMap;
use crate::{Config, Database, Error};
use log::{debug, error};
use std::sync::Arc;

#[derive(Clone)]
pub(crate) struct ConnectionRegistry {
    config: Config,
    /// A map of connection registries, where each registry corresponds to a specific database.
    databases: DatabaseServerMap,
    pool_registry: PoolRegistry,
    provider: Arc<dyn RoutingTableProvider>,
    scheme: String,
}

impl ConnectionRegistry {
    pub fn new(config: &Config, provider: Arc<dyn RoutingTableProvider>) -> Self {
        let url = NeoUrl::parse(config.uri.as_str()).expect("Failed to parse BoltServer to NeoUrl");
        // Convert neo4j scheme to bolt scheme to create connection pools.
        // We need to use the bolt scheme since we don't want new connections to be routed.
        let scheme = match url.scheme() {
            "neo4j" => "bolt",
            "neo4j+s" => "bolt+s",
            "neo4j+ssc" => "bolt+ssc",
            _ => panic!("Unsupported URL scheme: {}", url.scheme()),
        };

        ConnectionRegistry {
            config: config.clone(),
            databases: ConcurrentHashMap::new(),
            pool_registry: ConcurrentHashMap::new(),
            provider,
            scheme: scheme.to_string(),
        }
    }

    /// Retrieve the pool for a specific server and database.
    pub(crate) fn get_server_pool(&self, server: &BoltServer) -> Option<ConnectionPool> {
        self.pool_registry
            .get(&server.to_neo_url(self.scheme.as_str()))
    }

    /// Mark a server as unavailable for a specific database.
    pub(crate) fn mark_unavailable(&self, server: &BoltServer) {
        for db_name in self.databases.keys() {
            debug!("Marking server as unavailable: {server:?}");
            let mut table = self.databases.get(&db_name).unwrap();
            if table.mark_server_unavailable(server) {
                self.databases.insert(db_name, table);
                self.pool_registry
                    .remove(&server.to_neo_url(self.scheme.as_str()));
            } else {
                debug!("Server not found in the registry: {server:?}");
            }
        }
    }

    /// Get all available Bolt servers for a specific database or the default database if none is provided.
    pub async fn servers(
        &self,
        db: Option<Database>,
        imp_user: Option<ImpersonateUser>,
        bookmarks: &[String],
        router: Option<ConnectionPool>,
    ) -> Vec<BoltServer> {
        if let Some(db_name) = db.as_deref() {
            if let Some(table) = self.databases.get(db_name) {
                if !table.is_expired() {
                    return table.resolve();
                }
                debug!("Routing table for database {db_name} is expired");
            }
        }
        self.refresh_servers(db, imp_user, bookmarks, router).await
    }

    pub async fn refresh_servers(
        &self,
        db: Option<Database>,
        imp_user: Option<ImpersonateUser>,
        bookmarks: &[String],
        router: Option<ConnectionPool>,
    ) -> Vec<BoltServer> {
        match self
            .fetch_routing_table(db.clone(), imp_user, bookmarks, router)
            .await
        {
            Ok(new_table) => {
                let db_name = new_table.db.as_deref().unwrap_or("").to_owned();
                let database_table: DatabaseTable = new_table.into();
                let servers = database_table.resolve();
                debug!("Routing table for database {db_name} refreshed");
                servers
            }
            Err(e) => {
                error!("Failed to refresh routing table for database {db:?}: {e}");
                vec![]
            }
        }
    }

    pub fn all_servers(&self) -> Vec<BoltServer> {
        self.databases
            .values()
            .iter()
            .flat_map(|dt| dt.resolve())
            .collect()
    }

    pub fn update(&self, config: &Config, routing_table: &RoutingTable) -> Result<(), Error> {
        let servers = routing_table.resolve();

        for server in servers.iter() {
            let neo_url = server.to_neo_url(self.scheme.as_str());
            if self.pool_registry.contains_key(&neo_url) {
                debug!("Server already exists in the registry: {server:?}");
                continue;
            }
            let uri = format!("{}://{}:{}", self.scheme, server.address, server.port);
            debug!("Creating pool for server: {uri}");
            self.pool_registry.insert(
                neo_url,
                create_pool(&Config {
                    uri,
                    ..config.clone()
                })?,
            );
        }
        let db_name = routing_table.db.as_deref().unwrap_or("");
        debug!(
            "Registry updated for database {}. New size is {} with TTL {}s",
            db_name,
            self.pool_registry.len(),
            routing_table.ttl
        );
        let database_table: DatabaseTable = routing_table.into();
        self.databases.insert(db_name.to_owned(), database_table);
        Ok(())
    }

    pub async fn fetch_routing_table(
        &self,
        db: Option<Database>,
        imp_user: Option<ImpersonateUser>,
        bookmarks: &[String],
        router: Option<ConnectionPool>,
    ) -> Result<RoutingTable, Error> {
        let table = self
            .provider
            .fetch_routing_table(bookmarks, db, imp_user, router)
            .await?;
        self.update(&self.config, &table)?;
        Ok(table)
    }

    pub async fn get_default_db(
        &self,
        imp_user: Option<ImpersonateUser>,
        bookmarks: &[String],
        router: Option<ConnectionPool>,
    ) -> Result<Option<Database>, Error> {
        let routing_table = self
            .fetch_routing_table(None, imp_user, bookmarks, router)
            .await?;
        Ok(routing_table.db)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::auth::ConnectionTLSConfig;
    use crate::routing::RoutingTable;
    use crate::routing::Server;
    use std::collections::VecDeque;
    use std::future::Future;
    use std::pin::Pin;
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicUsize, Ordering};

    fn make_config() -> Config {
        Config {
            uri: "neo4j://localhost:7687".to_string(),
            user: "user".to_string(),
            password: "password".to_string(),
            max_connections: 10,
            db: None,
            fetch_size: 200,
            tls_config: ConnectionTLSConfig::None,
            imp_user: None,
            connection_timeout: std::time::Duration::from_secs(30),
            tcp_keepalive: Some(std::time::Duration::from_secs(60)),
            idle_timeout: None,
            max_lifetime: None,
        }
    }

    struct TestRoutingTableProvider {
        routing_tables: Vec<RoutingTable>,
    }

    impl TestRoutingTableProvider {
        fn new(routing_tables: &[RoutingTable]) -> Self {
            TestRoutingTableProvider {
                routing_tables: routing_tables.to_vec(),
            }
        }
    }

    impl RoutingTableProvider for TestRoutingTableProvider {
        fn fetch_routing_table(
            &self,
            _bookmarks: &[String],
            db: Option<Database>,
            _imp_user: Option<ImpersonateUser>,
            _router: Option<ConnectionPool>,
        ) -> Pin<Box<dyn Future<Output = Result<RoutingTable, Error>> + Send>> {
            let vec = self.routing_tables.clone();
            if let Some(db) = db {
                if let Some(table) = vec.iter().find(|t| t.db.as_ref() == Some(&db)) {
                    let t = table.clone();
                    return Box::pin(async move { Ok(t) });
                }
            }
            Box::pin(async move {
                if let Some(table) = vec.first() {
                    Ok(table.clone())
                } else {
                    Err(Error::RoutingTableRefreshFailed(
                        "No routing table available".to_string(),
                    ))
                }
            })
        }
    }

    #[tokio::test]
    async fn test_available_servers() {
        let readers = vec![
            Server {
                addresses: vec!["host1:7687".to_string()],
                role: "READ".to_string(),
            },
            Server {
                addresses: vec!["host2:7688".to_string()],
                role: "READ".to_string(),
            },
        ];
        let writers = vec![
            Server {
                addresses: vec!["host1:7687".to_string()],
                role: "WRITE".to_string(),
            },
            Server {
                addresses: vec!["host2:7688".to_string()],
                role: "WRITE".to_string(),
            },
        ];
        let routers = vec![Server {
            addresses: vec!["host0:7687".to_string()],
            role: "ROUTE".to_string(),
        }];
        let cluster_routing_table = RoutingTable {
            ttl: 300,
            db: Some("neo4j".into()),
            servers: readers
                .clone()
                .into_iter()
                .chain(writers.clone())
                .chain(routers.clone())
                .collect(),
        };
        let config = make_config();
        let registry = Arc::new(ConnectionRegistry::new(
            &config,
            Arc::new(TestRoutingTableProvider::new(std::slice::from_ref(
                &cluster_routing_table,
            ))),
        ));

        let db = Some(Database::from("neo4j"));
        let servers = registry.servers(None, None, &[], None).await;
        assert_eq!(servers.len(), 5);
        assert_eq!(registry.pool_registry.keys().len(), 3);
        registry.mark_unavailable(&BoltServer {
            address: "host1".to_string(),
            port: 7687,
            role: "WRITE".to_string(),
        });
        let servers = registry.servers(db, None, &[], None).await;
        assert_eq!(servers.len(), 3);
        assert_eq!(registry.pool_registry.keys().len(), 2);
    }

    #[tokio::test]
    async fn test_available_servers_multi_db() {
        let readers1 = vec![
            Server {
                addresses: vec!["host1:7687".to_string()],
                role: "READ".to_string(),
            },
            Server {
                addresses: vec!["host2:7688".to_string()],
                role: "READ".to_string(),
            },
        ];
        let writers1 = vec![
            Server {
                addresses: vec!["host3:7687".to_string()],
                role: "WRITE".to_string(),
            },
            Server {
                addresses: vec!["host4:7688".to_string()],
                role: "WRITE".to_string(),
            },
        ];
        let readers2 = vec![
            Server {
                addresses: vec!["host5:7687".to_string()],
                role: "READ".to_string(),
            },
            Server {
                addresses: vec!["host6:7688".to_string()],
                role: "READ".to_string(),
            },
        ];
        let writers2 = vec![
            Server {
                addresses: vec!["host7:7687".to_string()],
                role: "WRITE".to_string(),
            },
            Server {
                addresses: vec!["host8:7688".to_string()],
                role: "WRITE".to_string(),
            },
        ];
        let routers = vec![Server {
            addresses: vec!["host0:7687".to_string()],
            role: "ROUTE".to_string(),
        }];
        let cluster_routing_table_default = RoutingTable {
            ttl: 300,
            db: Some("".into()),
            servers: readers1
                .clone()
                .into_iter()
                .chain(writers1.clone())
                .chain(routers.clone())
                .collect(),
        };
        let cluster_routing_table_1 = RoutingTable {
            ttl: 300,
            db: Some("db1".into()),
            servers: readers1
                .clone()
                .into_iter()
                .chain(writers1.clone())
                .chain(routers.clone())
                .collect(),
        };
        let cluster_routing_table_2 = RoutingTable {
            ttl: 200,
            db: Some("db2".into()),
            servers: readers2
                .clone()
                .into_iter()
                .chain(writers2.clone())
                .chain(routers.clone())
                .collect(),
        };
        let config = make_config();
        let registry = Arc::new(ConnectionRegistry::new(
            &config,
            Arc::new(TestRoutingTableProvider::new(&[
                cluster_routing_table_default.clone(),
                cluster_routing_table_1.clone(),
                cluster_routing_table_2.clone(),
            ])),
        ));

        let db = Some(Database::from(""));
        let db1 = Some(Database::from("db1"));
        let db2 = Some(Database::from("db2"));

        let servers = registry.servers(None, None, &[], None).await;
        assert_eq!(servers.len(), 5);

        let servers = registry.servers(db1.clone(), None, &[], None).await;
        assert_eq!(servers.len(), 5);

        let servers = registry.servers(db2.clone(), None, &[], None).await;
        assert_eq!(servers.len(), 5);

        assert_eq!(registry.pool_registry.keys().len(), 9);

        registry.mark_unavailable(&BoltServer {
            address: "host1".to_string(),
            port: 7687,
            role: "READ".to_string(),
        });

        let servers = registry.servers(db, None, &[], None).await;
        assert_eq!(servers.len(), 4);
        let servers = registry.servers(db1, None, &[], None).await;
        assert_eq!(servers.len(), 4);
        let servers = registry.servers(db2, None, &[], None).await;
        assert_eq!(servers.len(), 5);
        assert_eq!(registry.pool_registry.keys().len(), 8);
    }

    struct SequentialRoutingTableProvider {
        tables: Mutex<VecDeque<RoutingTable>>,
        fetch_count: AtomicUsize,
    }

    impl SequentialRoutingTableProvider {
        fn new(tables: Vec<RoutingTable>) -> Self {
            Self {
                tables: Mutex::new(tables.into()),
                fetch_count: AtomicUsize::new(0),
            }
        }

        fn fetch_count(&self) -> usize {
            self.fetch_count.load(Ordering::SeqCst)
        }
    }

    impl RoutingTableProvider for SequentialRoutingTableProvider {
        fn fetch_routing_table(
            &self,
            _bookmarks: &[String],
            _db: Option<Database>,
            _imp_user: Option<ImpersonateUser>,
            _router: Option<ConnectionPool>,
        ) -> Pin<Box<dyn Future<Output = Result<RoutingTable, Error>> + Send>> {
            self.fetch_count.fetch_add(1, Ordering::SeqCst);
            let table = self.tables.lock().unwrap().pop_front();
            Box::pin(async move {
                table.ok_or_else(|| Error::RoutingTableRefreshFailed("no routing table".into()))
            })
        }
    }

    fn single_writer_table(writer: &str) -> RoutingTable {
        RoutingTable {
            ttl: 300,
            db: Some("neo4j".into()),
            servers: vec![
                Server {
                    addresses: vec![writer.to_string()],
                    role: "WRITE".to_string(),
                },
                Server {
                    addresses: vec!["host0:7687".to_string()],
                    role: "ROUTE".to_string(),
                },
            ],
        }
    }

    #[tokio::test]
    async fn test_refresh_servers_ignores_ttl() {
        let provider = Arc::new(SequentialRoutingTableProvider::new(vec![
            single_writer_table("host1:7687"),
            single_writer_table("host2:7687"),
        ]));
        let config = make_config();
        let registry = ConnectionRegistry::new(&config, provider.clone());

        let db = Some(Database::from("neo4j"));
        let servers = registry.servers(db.clone(), None, &[], None).await;
        assert_eq!(provider.fetch_count(), 1);
        assert!(
            servers
                .iter()
                .any(|s| s.role == "WRITE" && s.address == "host1")
        );

        registry.mark_unavailable(&BoltServer {
            address: "host1".to_string(),
            port: 7687,
            role: "WRITE".to_string(),
        });
        let servers = registry.servers(db.clone(), None, &[], None).await;
        assert_eq!(provider.fetch_count(), 1);
        assert!(!servers.iter().any(|s| s.role == "WRITE"));

        let servers = registry.refresh_servers(db.clone(), None, &[], None).await;
        assert_eq!(provider.fetch_count(), 2);
        assert!(
            servers
                .iter()
                .any(|s| s.role == "WRITE" && s.address == "host2")
        );

        let servers = registry.servers(db, None, &[], None).await;
        assert_eq!(provider.fetch_count(), 2);
        assert!(
            servers
                .iter()
                .any(|s| s.role == "WRITE" && s.address == "host2")
        );
    }
}
