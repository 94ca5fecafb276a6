use std::time::Duration;

use crate::auth::ConnectionTLSConfig;
use crate::{
    config::Config,
    connection::{Connection, ConnectionInfo},
    errors::{Error, Result},
};
use backon::ExponentialBuilder;
use deadpool::managed::{Manager, Metrics, Object, Pool, RecycleResult};
use log::{info, trace};

pub type ConnectionPool = Pool<ConnectionManager>;
pub type ManagedConnection = Object<ConnectionManager>;

pub struct ConnectionManager {
    info: ConnectionInfo,
    backoff: ExponentialBuilder,
}

impl ConnectionManager {
    pub fn new(
        uri: &str,
        user: &str,
        password: &str,
        tls_config: &ConnectionTLSConfig,
        connection_timeout: Duration,
        tcp_keepalive: Option<Duration>,
    ) -> Result<Self> {
        let info = ConnectionInfo::new(
            uri,
            user,
            password,
            tls_config,
            connection_timeout,
            tcp_keepalive,
        )?;
        let backoff = backoff();
        Ok(ConnectionManager { info, backoff })
    }

    pub fn backoff(&self) -> ExponentialBuilder {
        self.backoff
    }
}

pub(crate) fn backoff() -> ExponentialBuilder {
    ExponentialBuilder::new()
        .with_jitter()
        .with_factor(2.0)
        .without_max_times()
        .with_min_delay(Duration::from_millis(1))
        .with_max_delay(Duration::from_secs(10))
        .with_total_delay(Some(Duration::from_secs(60)))
}

impl Manager for ConnectionManager {
    type Type = Connection;
    type Error = Error;

    async fn create(&self) -> Result<Self::Type, Self::Error> {
        trace!("creating new connection");
        Connection::new(&self.info).await
    }

    async fn recycle(&self, obj: &mut Self::Type, _: &Metrics) -> RecycleResult<Self::Error> {
        trace!("recycling connection");
        // mnemo patch: a connection returned in READY with a quiet socket is reused as it is; the
        // RESET below would cost a network round trip on every checkout. Anything else (a failed
        // or unfinished statement, an open transaction, data or EOF on the socket) is reset.
        if obj.is_idle_and_ready() {
            return Ok(());
        }
        // A stream dropped before it was consumed leaves its pipelined PULL in flight.
        // Its responses are drained here, so the connection can be reset and reused.
        // A connection with an interrupted read fails the drain and is discarded.
        let health_check = async {
            obj.drain_pending_responses().await?;
            obj.reset().await
        };
        match tokio::time::timeout(Duration::from_secs(5), health_check).await {
            Ok(Ok(())) => Ok(()),
            Ok(Err(e)) => Err(deadpool::managed::RecycleError::Backend(e)),
            Err(_) => Err(deadpool::managed::RecycleError::message(
                "Connection health check timed out",
            )),
        }
    }
}

pub fn create_pool(config: &Config) -> Result<ConnectionPool> {
    let mgr = ConnectionManager::new(
        &config.uri,
        &config.user,
        &config.password,
        &config.tls_config,
        config.connection_timeout,
        config.tcp_keepalive,
    )?;
    // Log the parsed host and port, not the URI: a URI can carry credentials.
    info!(
        "creating connection pool for node {}:{} with max size {}",
        mgr.info.prepare.host, mgr.info.prepare.port, config.max_connections
    );
    let mut builder = ConnectionPool::builder(mgr).max_size(config.max_connections);

    // Wire idle_timeout as the recycle timeout — connections idle longer than this
    // will fail the recycle check, causing deadpool to discard and recreate them.
    if let Some(idle_timeout) = config.idle_timeout {
        builder = builder
            .recycle_timeout(Some(idle_timeout))
            .runtime(deadpool::Runtime::Tokio1);
    }

    // Wire max_lifetime as the wait timeout — puts an upper bound on how long
    // a caller will wait for a connection from the pool.
    if let Some(max_lifetime) = config.max_lifetime {
        builder = builder
            .wait_timeout(Some(max_lifetime))
            .runtime(deadpool::Runtime::Tokio1);
    }

    Ok(builder.build().expect("Pool build failed"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::ConfigBuilder;
    use std::time::Duration;

    #[test]
    fn should_create_pool_with_default_config() {
        let config = ConfigBuilder::default()
            .uri("bolt://127.0.0.1:7687")
            .user("neo4j")
            .password("test")
            .build()
            .unwrap();
        let pool = create_pool(&config);
        assert!(pool.is_ok());
    }

    #[test]
    fn should_create_pool_with_idle_and_max_lifetime() {
        let config = ConfigBuilder::default()
            .uri("bolt://127.0.0.1:7687")
            .user("neo4j")
            .password("test")
            .idle_timeout(Some(Duration::from_secs(300)))
            .max_lifetime(Some(Duration::from_secs(3600)))
            .build()
            .unwrap();
        let pool = create_pool(&config);
        assert!(pool.is_ok());
    }
}
