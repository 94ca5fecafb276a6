//! API-key authentication: keys are kept only as BLAKE3 hashes and compared in constant time; the
//! middleware resolves `Authorization: Bearer KEY` to the key's tenant and puts it in the request.

use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::header::AUTHORIZATION;
use axum::middleware::Next;
use axum::response::Response;
use mnemo_core::Tenant;

use crate::keys::{ApiKey, KEY_HASH_PREFIX};
use crate::{ApiError, AppState, ServerError};

/// The accepted keys, as hashes, each with its tenant.
#[derive(Clone, Default)]
pub struct KeyRing {
    entries: Arc<[(blake3::Hash, Tenant)]>,
}

impl std::fmt::Debug for KeyRing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("KeyRing")
            .field("keys", &self.entries.len())
            .finish()
    }
}

impl KeyRing {
    /// Builds the ring from config entries; rejects entries with neither or both of key/key_hash,
    /// malformed hashes, invalid tenants and duplicate keys (one key cannot serve two tenants).
    pub fn from_config(keys: &[ApiKey]) -> Result<Self, ServerError> {
        let mut entries: Vec<(blake3::Hash, Tenant)> = Vec::with_capacity(keys.len());
        for (i, k) in keys.iter().enumerate() {
            let n = i + 1;
            let tenant = Tenant::new(k.tenant.clone())
                .map_err(|e| ServerError::Config(format!("api key {n}: {e}")))?;
            let hash = match (&k.key, &k.key_hash) {
                (Some(key), None) => {
                    if key.expose().trim().is_empty() {
                        return Err(ServerError::Config(format!("api key {n}: empty key")));
                    }
                    blake3::hash(key.expose().as_bytes())
                }
                (None, Some(h)) => parse_hash(h).ok_or_else(|| {
                    ServerError::Config(format!(
                        "api key {n}: key_hash must be \"{KEY_HASH_PREFIX}\" and 64 hex digits"
                    ))
                })?,
                _ => {
                    return Err(ServerError::Config(format!(
                        "api key {n}: give exactly one of `key` and `key_hash`"
                    )))
                }
            };
            if entries.iter().any(|(h, _)| *h == hash) {
                return Err(ServerError::Config(format!(
                    "api key {n}: the same key is configured twice"
                )));
            }
            entries.push((hash, tenant));
        }
        Ok(KeyRing {
            entries: entries.into(),
        })
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The tenant of a presented key. Every entry is compared (blake3's `Hash` equality is constant
    /// time), so the time taken does not tell which entry, if any, came close.
    pub fn tenant_of(&self, presented: &str) -> Option<Tenant> {
        let hash = blake3::hash(presented.as_bytes());
        let mut found = None;
        for (h, tenant) in self.entries.iter() {
            if *h == hash {
                found = Some(tenant.clone());
            }
        }
        found
    }
}

fn parse_hash(s: &str) -> Option<blake3::Hash> {
    let hex = s.trim().strip_prefix(KEY_HASH_PREFIX)?;
    blake3::Hash::from_hex(hex).ok()
}

/// Resolves the caller's tenant and stores it in the request extensions. Without configured keys
/// every request gets the server's default tenant (the server then only listens on loopback).
pub async fn require_key(
    State(state): State<AppState>,
    mut req: Request,
    next: Next,
) -> Result<Response, ApiError> {
    let tenant = tenant_of_request(&state, &req)?;
    tracing::Span::current().record("tenant", tenant.as_str());
    req.extensions_mut().insert(tenant);
    Ok(next.run(req).await)
}

/// [`require_key`] for `/mcp`: an MCP host shows the 401 body to a person configuring it, so the
/// message says where the key goes in the host's configuration.
pub async fn require_key_mcp(
    State(state): State<AppState>,
    mut req: Request,
    next: Next,
) -> Result<Response, ApiError> {
    let tenant = tenant_of_request(&state, &req).map_err(|e| {
        ApiError::unauthorized(format!(
            "{}: /mcp takes the same API key as /v1; set the header \
             `Authorization: Bearer <key>` in the MCP client's configuration (`headers`)",
            e.message
        ))
    })?;
    tracing::Span::current().record("tenant", tenant.as_str());
    req.extensions_mut().insert(tenant);
    Ok(next.run(req).await)
}

fn tenant_of_request(state: &AppState, req: &Request) -> Result<Tenant, ApiError> {
    Ok(if state.keys.is_empty() {
        state.mnemo.tenant().clone()
    } else {
        let header = req
            .headers()
            .get(AUTHORIZATION)
            .ok_or_else(|| ApiError::unauthorized("missing Authorization: Bearer <key> header"))?;
        let token = header.to_str().ok().and_then(bearer_token).ok_or_else(|| {
            ApiError::unauthorized("the Authorization header must be `Bearer <key>`")
        })?;
        state
            .keys
            .tenant_of(token)
            .ok_or_else(|| ApiError::unauthorized("invalid API key"))?
    })
}

/// The token of a `Bearer` credential (scheme case-insensitive, RFC 7235).
fn bearer_token(value: &str) -> Option<&str> {
    let (scheme, token) = value.trim().split_once(' ')?;
    let token = token.trim();
    (scheme.eq_ignore_ascii_case("bearer") && !token.is_empty()).then_some(token)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::keys::hash_api_key;

    #[test]
    fn ring_matches_clear_and_hashed_keys() {
        let ring = KeyRing::from_config(&[
            ApiKey::new("alpha", "ta"),
            ApiKey {
                key: None,
                key_hash: Some(hash_api_key("beta")),
                tenant: "tb".into(),
            },
        ])
        .unwrap();
        assert_eq!(ring.tenant_of("alpha").unwrap().as_str(), "ta");
        assert_eq!(ring.tenant_of("beta").unwrap().as_str(), "tb");
        assert!(ring.tenant_of("alph").is_none());
        assert!(ring.tenant_of("").is_none());
    }

    #[test]
    fn ring_rejects_bad_entries() {
        let dup = [ApiKey::new("k", "a"), ApiKey::new("k", "b")];
        assert!(KeyRing::from_config(&dup).is_err());
        let bad_hash = ApiKey {
            key: None,
            key_hash: Some("blake3:nothex".into()),
            tenant: "a".into(),
        };
        assert!(KeyRing::from_config(&[bad_hash]).is_err());
        let neither = ApiKey {
            key: None,
            key_hash: None,
            tenant: "a".into(),
        };
        assert!(KeyRing::from_config(&[neither]).is_err());
        assert!(KeyRing::from_config(&[ApiKey::new("k", "bad tenant")]).is_err());
    }

    #[test]
    fn bearer_parsing() {
        assert_eq!(bearer_token("Bearer abc"), Some("abc"));
        assert_eq!(bearer_token("bearer   abc "), Some("abc"));
        assert_eq!(bearer_token("Basic abc"), None);
        assert_eq!(bearer_token("Bearer "), None);
        assert_eq!(bearer_token("abc"), None);
    }
}
