//! Canonical entity keys, whitelisted relationship types and content hashes.

use serde::{Deserialize, Serialize};
use std::fmt;

use crate::{Error, Result};

/// Longest accepted relationship type, in bytes.
const MAX_REL_TYPE_LEN: usize = 64;
/// Longest accepted entity key, in bytes (longer names are cut at a char boundary).
const MAX_KEY_LEN: usize = 256;

/// Folds a name to its canonical form: lowercase, every run of non-alphanumeric chars (punctuation,
/// whitespace, control chars) becomes one space, trimmed, cut to 256 bytes. Apostrophes are dropped
/// rather than spaced so "O'Neil" and "ONeil" meet. Returns an empty string when nothing is left.
pub fn canonical_key(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut pending_space = false;
    for c in name.chars() {
        if c.is_alphanumeric() {
            if pending_space && !out.is_empty() {
                out.push(' ');
            }
            pending_space = false;
            // Lower-casing can yield a combining mark ('İ' is 'i' and U+0307), which the next
            // folding would read as a break: only letters and digits are kept, so that a key
            // folds to itself (stores read keys back through `EntityKey::from_canonical`).
            for l in c.to_lowercase().filter(|l| l.is_alphanumeric()) {
                out.push(l);
            }
            if out.len() >= MAX_KEY_LEN {
                break;
            }
        } else if matches!(c, '\'' | '\u{2019}') {
            continue;
        } else {
            pending_space = true;
        }
    }
    if out.len() > MAX_KEY_LEN {
        let mut cut = MAX_KEY_LEN;
        while !out.is_char_boundary(cut) {
            cut -= 1;
        }
        out.truncate(cut);
    }
    out
}

/// The canonical key of an entity, unique per tenant.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct EntityKey(String);

impl EntityKey {
    /// The key of a display name; fails when the name has no letters or digits.
    pub fn from_name(name: &str) -> Result<Self> {
        let key = canonical_key(name);
        if key.is_empty() {
            Err(Error::InvalidInput(format!(
                "entity name {name:?} has no letters or digits"
            )))
        } else {
            Ok(EntityKey(key))
        }
    }

    /// Wraps a string that is already canonical (e.g. read back from a store).
    pub fn from_canonical(key: impl Into<String>) -> Result<Self> {
        let key = key.into();
        if !key.is_empty() && canonical_key(&key) == key {
            Ok(EntityKey(key))
        } else {
            Err(Error::InvalidInput(format!(
                "{key:?} is not a canonical key"
            )))
        }
    }

    /// Wraps a key a store reads back from where it stored an `EntityKey`, without checking it
    /// again (folding every key a read returns costs ~3 % of a search). Only for keys that entered
    /// the store as `EntityKey`s; anything else goes through [`EntityKey::from_canonical`].
    pub fn from_stored(key: impl Into<String>) -> Self {
        EntityKey(key.into())
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for EntityKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A relationship type: `[A-Z0-9_]+`, starting with a letter, at most 64 bytes. Cypher cannot take a
/// relationship type as a parameter, so this whitelist is the only thing standing between a predicate
/// and the query text.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct RelType(String);

impl RelType {
    /// Validates an already-formed type.
    pub fn new(s: impl Into<String>) -> Result<Self> {
        let s = s.into();
        let ok = !s.is_empty()
            && s.len() <= MAX_REL_TYPE_LEN
            && s.as_bytes()[0].is_ascii_uppercase()
            && s.bytes()
                .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_');
        if ok {
            Ok(RelType(s))
        } else {
            Err(Error::InvalidInput(format!(
                "relationship type {s:?} must match [A-Z][A-Z0-9_]{{0,63}}"
            )))
        }
    }

    /// Derives the type from free-text predicate wording: ASCII letters and digits upper-cased, every
    /// other run of chars becomes `_`. Falls back to `RELATED_TO` when nothing usable is left and
    /// prefixes `REL_` when the result would start with a digit.
    pub fn from_predicate(predicate: &str) -> Self {
        let mut out = String::new();
        let mut pending = false;
        for c in predicate.chars() {
            if c.is_ascii_alphanumeric() {
                if pending && !out.is_empty() {
                    out.push('_');
                }
                pending = false;
                out.push(c.to_ascii_uppercase());
            } else if c != '\'' {
                pending = true;
            }
        }
        if out.is_empty() {
            return RelType("RELATED_TO".to_string());
        }
        if out.as_bytes()[0].is_ascii_digit() {
            out.insert_str(0, "REL_");
        }
        if out.len() > MAX_REL_TYPE_LEN {
            out.truncate(MAX_REL_TYPE_LEN);
            while out.ends_with('_') {
                out.pop();
            }
        }
        RelType(out)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for RelType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl TryFrom<String> for RelType {
    type Error = Error;
    fn try_from(s: String) -> Result<Self> {
        RelType::new(s)
    }
}

impl From<RelType> for String {
    fn from(t: RelType) -> String {
        t.0
    }
}

/// Hex BLAKE3 hash of content, used for idempotent document and episode ids.
pub fn content_hash(content: &str) -> String {
    blake3::hash(content.as_bytes()).to_hex().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_key_folds_case_space_and_punctuation() {
        assert_eq!(canonical_key("  Willi   Schneider "), "willi schneider");
        assert_eq!(canonical_key("O'Neil"), "oneil");
        assert_eq!(canonical_key("U.S.A."), "u s a");
        assert_eq!(canonical_key("Zürich\t\n(city)"), "zürich city");
        assert_eq!(canonical_key("}) DETACH DELETE n //"), "detach delete n");
        assert_eq!(canonical_key("!!!"), "");
        assert!(canonical_key(&"ab ".repeat(10_000)).len() <= 256);
        assert!(EntityKey::from_name("...").is_err());
    }

    /// Every key folds to itself, so a key read back from a store is accepted as canonical: a
    /// name with a Turkish dotted capital I ("İrşadi Aksun") once gave a key whose combining dot
    /// the next folding read as a break, and the Neo4j store failed every search reading it.
    #[test]
    fn every_key_folds_to_itself() {
        let key = EntityKey::from_name("İrşadi Aksun").expect("name");
        assert_eq!(key.as_str(), "irşadi aksun");
        assert!(EntityKey::from_canonical(key.as_str()).is_ok());
        for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
            let once = canonical_key(&format!("x{c}Y{c}"));
            assert_eq!(canonical_key(&once), once, "U+{:04X}", c as u32);
        }
    }

    #[test]
    fn rel_type_whitelist_rejects_injection() {
        assert!(RelType::new("WORKS_FOR").is_ok());
        for bad in [
            "",
            "works_for",
            "A`]->() DETACH DELETE n //",
            "1ABC",
            "A B",
            "ÄB",
        ] {
            assert!(RelType::new(bad).is_err(), "{bad:?} accepted");
        }
        assert_eq!(
            RelType::from_predicate("was born in").as_str(),
            "WAS_BORN_IN"
        );
        assert_eq!(
            RelType::from_predicate("`]->() DETACH DELETE n //").as_str(),
            "DETACH_DELETE_N"
        );
        assert_eq!(RelType::from_predicate("ünïcödé").as_str(), "N_C_D");
        assert_eq!(RelType::from_predicate("???").as_str(), "RELATED_TO");
        assert_eq!(RelType::from_predicate("2nd to").as_str(), "REL_2ND_TO");
        let long = RelType::from_predicate(&"word ".repeat(100));
        assert!(RelType::new(long.as_str()).is_ok());
    }
}
