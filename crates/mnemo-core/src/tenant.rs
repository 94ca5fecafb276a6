//! Tenant ids: every node, relationship and read in mnemo is scoped by one.

use serde::{Deserialize, Serialize};
use std::fmt;

use crate::{Error, Result};

/// A validated tenant id: 1–64 chars of `[A-Za-z0-9_.-]`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Tenant(String);

impl Tenant {
    pub const DEFAULT: &'static str = "default";

    pub fn new(id: impl Into<String>) -> Result<Self> {
        let id = id.into();
        let ok = !id.is_empty()
            && id.len() <= 64
            && id
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'));
        if ok {
            Ok(Tenant(id))
        } else {
            Err(Error::InvalidInput(format!(
                "tenant id {id:?} must be 1-64 characters of [A-Za-z0-9_.-]"
            )))
        }
    }

    pub fn default_tenant() -> Self {
        Tenant(Self::DEFAULT.to_string())
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl Default for Tenant {
    fn default() -> Self {
        Self::default_tenant()
    }
}

impl fmt::Display for Tenant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl TryFrom<String> for Tenant {
    type Error = Error;
    fn try_from(s: String) -> Result<Self> {
        Tenant::new(s)
    }
}

impl From<Tenant> for String {
    fn from(t: Tenant) -> String {
        t.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_simple_ids_and_rejects_hostile_ones() {
        assert!(Tenant::new("acme-prod_1").is_ok());
        for bad in [
            "",
            "a b",
            "x'}) DETACH DELETE n //",
            "../etc",
            &"a".repeat(65),
        ] {
            assert!(Tenant::new(bad).is_err(), "{bad:?} accepted");
        }
    }
}
