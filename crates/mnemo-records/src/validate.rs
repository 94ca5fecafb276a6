//! Input validation: the id whitelist (no path characters), tag normalisation and confidences.

use crate::{Error, Result};

/// Longest record or session id.
pub const MAX_ID_CHARS: usize = 128;
/// Longest tag, in characters.
pub const MAX_TAG_CHARS: usize = 64;

/// Checks a record id: 1-128 characters of `[A-Za-z0-9_.:-]`, not starting with `.` and without
/// `..`, so an id can never name a path outside where it is used.
pub fn validate_record_id(id: &str) -> Result<()> {
    validate_id("record id", id)
}

/// Checks a session (conversation) id with the same whitelist as record ids.
pub fn validate_session_id(id: &str) -> Result<()> {
    validate_id("session id", id)
}

fn validate_id(what: &str, id: &str) -> Result<()> {
    let ok = !id.is_empty()
        && id.chars().count() <= MAX_ID_CHARS
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | ':'))
        && !id.starts_with('.')
        && !id.contains("..");
    if ok {
        Ok(())
    } else {
        Err(Error::InvalidInput(format!(
            "{what} {:?} must be 1-{MAX_ID_CHARS} characters of [A-Za-z0-9_.:-], not starting \
             with '.' and without '..'",
            id.chars().take(64).collect::<String>()
        )))
    }
}

/// A tag in canonical form: trimmed, lower-case, inner whitespace as `-`; then 1-64 characters of
/// letters, digits and `_.:-`.
pub fn normalize_tag(tag: &str) -> Result<String> {
    let t = tag
        .split_whitespace()
        .collect::<Vec<_>>()
        .join("-")
        .to_lowercase();
    let ok = !t.is_empty()
        && t.chars().count() <= MAX_TAG_CHARS
        && t.chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '.' | ':'));
    if ok {
        Ok(t)
    } else {
        Err(Error::InvalidInput(format!(
            "tag {:?} must be 1-{MAX_TAG_CHARS} characters of letters, digits and _.:-",
            tag.chars().take(64).collect::<String>()
        )))
    }
}

/// Checks a confidence: a finite number in 0..=1.
pub fn validate_confidence(c: f32) -> Result<()> {
    if c.is_finite() && (0.0..=1.0).contains(&c) {
        Ok(())
    } else {
        Err(Error::InvalidInput(format!(
            "confidence {c} must be between 0 and 1"
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_whitelisted() {
        for ok in ["chunk-2026-02-10-a1b2c3d4", "ep:abc", "a.b_c-d:e", "x"] {
            assert!(validate_record_id(ok).is_ok(), "{ok}");
        }
        for bad in [
            "", "../etc", "a/b", "a\\b", "..", ".hidden", "a..b", "sp ace", "ü", "a\nb",
        ] {
            assert!(validate_record_id(bad).is_err(), "{bad:?}");
        }
        assert!(validate_record_id(&"a".repeat(129)).is_err());
        assert!(validate_session_id(&"a".repeat(128)).is_ok());
    }

    #[test]
    fn tags_are_normalised_or_rejected() {
        assert_eq!(
            normalize_tag("  Machine  Learning ").unwrap(),
            "machine-learning"
        );
        assert_eq!(normalize_tag("Café").unwrap(), "café");
        assert!(normalize_tag("a/b").is_err());
        assert!(normalize_tag("  ").is_err());
        assert!(normalize_tag(&"t".repeat(65)).is_err());
    }
}
