//! What an API key is: the key (a secret never printed) or its hash, and the tenant it scopes every
//! request to. Shared by the configuration (`config.rs`) and the request check (`auth.rs`).

use std::fmt;

use serde::{Deserialize, Serialize};

/// Prefix of a hashed key in config (`key_hash = "blake3:<64 hex>"`).
pub const KEY_HASH_PREFIX: &str = "blake3:";

/// A secret string: never printed by `Debug`, and serialised as `"***"` (so printing the effective
/// config cannot leak it).
#[derive(Clone, PartialEq, Eq, Deserialize)]
#[serde(transparent)]
pub struct Secret(String);

impl Serialize for Secret {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str("***")
    }
}

impl Secret {
    pub fn new(s: impl Into<String>) -> Self {
        Secret(s.into())
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("\"***\"")
    }
}

/// One API key and the tenant every request made with it is scoped to. Give either the key itself
/// (`key`) or its hash (`key_hash = "blake3:<hex>"`, see [`hash_api_key`]) so the config file need
/// not hold the secret.
#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct ApiKey {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key: Option<Secret>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key_hash: Option<String>,
    pub tenant: String,
}

impl ApiKey {
    /// A key given in clear text.
    pub fn new(key: impl Into<String>, tenant: impl Into<String>) -> Self {
        ApiKey {
            key: Some(Secret::new(key)),
            key_hash: None,
            tenant: tenant.into(),
        }
    }
}

/// The `key_hash` form of a key: `blake3:` and the hex BLAKE3 hash of the key's bytes.
pub fn hash_api_key(key: &str) -> String {
    format!("{KEY_HASH_PREFIX}{}", blake3::hash(key.as_bytes()).to_hex())
}
