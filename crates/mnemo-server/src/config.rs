//! Server configuration: bind address, API keys (secret, masked in Debug), limits and timeouts,
//! the `MNEMO_API_KEYS` env parser, and the start-up validation that refuses unsafe setups.

use std::net::SocketAddr;
use std::time::Duration;

use mnemo_core::Tenant;
use serde::{Deserialize, Serialize};

pub use crate::keys::{hash_api_key, ApiKey, Secret, KEY_HASH_PREFIX};
use crate::ServerError;

/// Settings of the HTTP server (`[server]` in mnemo's config).
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields)]
pub struct ServerConfig {
    /// Address to listen on. Without API keys only loopback addresses are accepted.
    pub bind: SocketAddr,
    /// Accepted keys; empty means no authentication (loopback only, default tenant).
    pub api_keys: Vec<ApiKey>,
    /// Largest request body of every endpoint but ingest.
    pub body_limit_bytes: usize,
    /// Largest request body of `POST /v1/ingest` (and of an MCP request).
    pub ingest_body_limit_bytes: usize,
    /// Time a request may take before it is answered 503 `timeout`. Writes still finish.
    /// In config files: `request_timeout_secs` (a number of seconds, fractions allowed).
    #[serde(with = "secs", rename = "request_timeout_secs")]
    pub request_timeout: Duration,
    /// Ingest batches with more documents than this run as a background job.
    pub ingest_sync_max_docs: usize,
    /// Ingest batches with more text bytes than this run as a background job.
    pub ingest_sync_max_bytes: usize,
    /// Finished jobs kept for polling; the oldest finished ones are dropped first.
    pub max_jobs_kept: usize,
    /// Serve MCP over streamable HTTP at `/mcp`.
    pub mcp_http: bool,
    /// `Host` header values accepted at `/mcp` (DNS-rebinding guard); empty accepts any.
    pub mcp_allowed_hosts: Vec<String>,
}

impl Default for ServerConfig {
    fn default() -> Self {
        ServerConfig {
            bind: SocketAddr::from(([127, 0, 0, 1], 7700)),
            api_keys: Vec::new(),
            body_limit_bytes: 2 << 20,
            ingest_body_limit_bytes: 64 << 20,
            request_timeout: Duration::from_secs(30),
            ingest_sync_max_docs: 16,
            ingest_sync_max_bytes: 256 << 10,
            max_jobs_kept: 1000,
            mcp_http: true,
            mcp_allowed_hosts: vec!["localhost".into(), "127.0.0.1".into(), "::1".into()],
        }
    }
}

impl ServerConfig {
    /// Checks the config once at start: key entries are well formed and unique, tenants valid,
    /// limits non-zero, and an unauthenticated server only binds to loopback.
    pub fn validate(&self) -> Result<(), ServerError> {
        if self.api_keys.is_empty() && !self.bind.ip().is_loopback() {
            return Err(ServerError::InsecureBind(self.bind));
        }
        if self.body_limit_bytes == 0 || self.ingest_body_limit_bytes == 0 {
            return Err(ServerError::Config("body limits must be > 0".into()));
        }
        if self.request_timeout.is_zero() {
            return Err(ServerError::Config("request_timeout must be > 0".into()));
        }
        crate::auth::KeyRing::from_config(&self.api_keys).map(|_| ())
    }

    /// Adds the keys of a `MNEMO_API_KEYS` value (see [`parse_api_keys`]).
    pub fn with_env_keys(mut self, value: &str) -> Result<Self, ServerError> {
        self.api_keys.extend(parse_api_keys(value)?);
        Ok(self)
    }
}

/// Parses `key1=tenantA,key2=tenantB` (whitespace around entries ignored, empty entries skipped).
/// Keys may contain `=`: the tenant is what follows the last `=`.
pub fn parse_api_keys(value: &str) -> Result<Vec<ApiKey>, ServerError> {
    let mut keys = Vec::new();
    for (i, entry) in value.split(',').map(str::trim).enumerate() {
        if entry.is_empty() {
            continue;
        }
        let Some((key, tenant)) = entry.rsplit_once('=') else {
            return Err(ServerError::Config(format!(
                "MNEMO_API_KEYS entry {} has no '=': expected key=tenant",
                i + 1
            )));
        };
        let (key, tenant) = (key.trim(), tenant.trim());
        if key.is_empty() {
            return Err(ServerError::Config(format!(
                "MNEMO_API_KEYS entry {} has an empty key",
                i + 1
            )));
        }
        Tenant::new(tenant)
            .map_err(|e| ServerError::Config(format!("MNEMO_API_KEYS entry {}: {e}", i + 1)))?;
        keys.push(ApiKey::new(key, tenant));
    }
    Ok(keys)
}

/// Durations as (fractional) seconds in config files.
mod secs {
    use serde::{Deserialize, Deserializer, Serializer};
    use std::time::Duration;

    pub fn serialize<S: Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f64(d.as_secs_f64())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Duration, D::Error> {
        let v = f64::deserialize(d)?;
        Duration::try_from_secs_f64(v).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn env_keys_parse_and_reject_garbage() {
        let keys = parse_api_keys(" k1=acme , k=2=beta,,").unwrap();
        assert_eq!(keys.len(), 2);
        assert_eq!(keys[0].key.as_ref().unwrap().expose(), "k1");
        assert_eq!(keys[0].tenant, "acme");
        assert_eq!(keys[1].key.as_ref().unwrap().expose(), "k=2");
        assert_eq!(keys[1].tenant, "beta");
        assert!(parse_api_keys("nokey").is_err());
        assert!(parse_api_keys("=acme").is_err());
        assert!(parse_api_keys("k=bad tenant").is_err());
        assert!(parse_api_keys("").unwrap().is_empty());
    }

    #[test]
    fn debug_and_serialisation_never_show_the_secret() {
        let cfg = ServerConfig {
            api_keys: vec![ApiKey::new("sup3r-s3cret", "acme")],
            ..ServerConfig::default()
        };
        let dbg = format!("{cfg:?}");
        assert!(!dbg.contains("sup3r-s3cret"), "{dbg}");
        assert!(dbg.contains("acme"));
        let toml = toml::to_string(&cfg).unwrap();
        assert!(!toml.contains("sup3r-s3cret"), "{toml}");
        assert!(toml.contains("request_timeout_secs"), "{toml}");
    }

    #[test]
    fn unauthenticated_server_refuses_public_bind() {
        let mut cfg = ServerConfig {
            bind: "0.0.0.0:7700".parse().unwrap(),
            ..ServerConfig::default()
        };
        let err = cfg.validate().unwrap_err();
        assert!(matches!(err, ServerError::InsecureBind(_)), "{err}");
        cfg.api_keys.push(ApiKey::new("k", "acme"));
        cfg.validate().unwrap();
        cfg.bind = "[::1]:0".parse().unwrap();
        cfg.api_keys.clear();
        cfg.validate().unwrap();
    }

    #[test]
    fn deserializes_from_toml_with_hashed_keys() {
        let cfg: ServerConfig = toml::from_str(
            r#"
            bind = "127.0.0.1:9000"
            request_timeout_secs = 2.5
            [[api_keys]]
            key_hash = "blake3:00"
            tenant = "acme"
            [[api_keys]]
            key = "x"
            tenant = "b"
            "#,
        )
        .unwrap();
        assert_eq!(cfg.request_timeout, Duration::from_millis(2500));
        assert_eq!(cfg.api_keys.len(), 2);
        assert_eq!(cfg.api_keys[1].key.as_ref().unwrap().expose(), "x");
        assert_eq!(
            cfg.body_limit_bytes,
            ServerConfig::default().body_limit_bytes
        );
        assert!(toml::from_str::<ServerConfig>("bindd = \"127.0.0.1:1\"").is_err());
    }
}
