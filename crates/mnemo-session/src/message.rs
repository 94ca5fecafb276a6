//! Session messages: roles, validated session ids and topic tags, and the stored message record.

use mnemo_core::Timestamp;
use serde::{Deserialize, Serialize};

use crate::{Result, SessionError};

/// Longest session id, in bytes.
pub const MAX_SESSION_ID: usize = 64;
/// Longest topic tag, in bytes.
pub const MAX_TAG: usize = 64;
/// Most tags on one message.
pub const MAX_TAGS: usize = 16;
/// Largest message accepted, in bytes: the facade's `remember` limit (1 MiB), since a flushed
/// message is remembered as one episode.
pub const MAX_MESSAGE_BYTES: usize = 1 << 20;
/// The tag given to messages put without one.
pub const DEFAULT_TAG: &str = "general";

/// Who wrote a message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = MessageRole))]
#[serde(rename_all = "lowercase")]
pub enum Role {
    User,
    Assistant,
    System,
}

impl Role {
    pub fn as_str(self) -> &'static str {
        match self {
            Role::User => "user",
            Role::Assistant => "assistant",
            Role::System => "system",
        }
    }
}

impl std::str::FromStr for Role {
    type Err = SessionError;

    fn from_str(s: &str) -> Result<Role> {
        match s.trim().to_ascii_lowercase().as_str() {
            "user" => Ok(Role::User),
            "assistant" => Ok(Role::Assistant),
            "system" => Ok(Role::System),
            other => Err(SessionError::InvalidInput(format!(
                "unknown role {other:?}: expected user, assistant or system"
            ))),
        }
    }
}

/// A message as the caller hands it in.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NewMessage {
    pub role: Role,
    pub content: String,
    /// When it was said; defaults to the session clock's now.
    #[serde(default)]
    pub at: Option<Timestamp>,
    /// Topic tags; none means [`DEFAULT_TAG`].
    #[serde(default)]
    pub tags: Vec<String>,
}

impl NewMessage {
    pub fn new(role: Role, content: impl Into<String>) -> Self {
        NewMessage {
            role,
            content: content.into(),
            at: None,
            tags: Vec::new(),
        }
    }

    pub fn user(content: impl Into<String>) -> Self {
        Self::new(Role::User, content)
    }

    pub fn assistant(content: impl Into<String>) -> Self {
        Self::new(Role::Assistant, content)
    }

    pub fn at(mut self, at: Timestamp) -> Self {
        self.at = Some(at);
        self
    }

    pub fn tag(mut self, tag: impl Into<String>) -> Self {
        self.tags.push(tag.into());
        self
    }
}

/// A stored message of a session's FIFO.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Message {
    /// Position in the session, increasing from 1; never reused, even after a flush.
    pub seq: u64,
    pub role: Role,
    pub content: String,
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = DateTime))]
    pub at: Timestamp,
    /// Normalised topic tags (lowercase, sorted, unique, at least one).
    pub tags: Vec<String>,
    /// cl100k_base tokens of `content`, counted once when the message was put.
    pub tokens: usize,
}

/// Checks a session id: 1-64 characters of `[A-Za-z0-9_-]` (no path characters, no `:` or `.`,
/// so `session:<id>:<seq>` episode ids and store keys stay unambiguous).
pub fn validate_session_id(id: &str) -> Result<()> {
    let ok = !id.is_empty()
        && id.len() <= MAX_SESSION_ID
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
    if ok {
        Ok(())
    } else {
        Err(SessionError::InvalidInput(format!(
            "invalid session id {:?}: expected 1-{MAX_SESSION_ID} characters of [A-Za-z0-9_-]",
            id.chars().take(80).collect::<String>()
        )))
    }
}

/// Normalises one tag to lowercase and checks it: 1-64 characters of `[a-z0-9_.-]`.
pub fn normalize_tag(tag: &str) -> Result<String> {
    let t = tag.trim().to_ascii_lowercase();
    let ok = !t.is_empty()
        && t.len() <= MAX_TAG
        && t.bytes().all(|b| {
            b.is_ascii_lowercase() || b.is_ascii_digit() || matches!(b, b'_' | b'-' | b'.')
        });
    if ok {
        Ok(t)
    } else {
        Err(SessionError::InvalidInput(format!(
            "invalid tag {:?}: expected 1-{MAX_TAG} characters of [a-z0-9_.-]",
            tag.chars().take(80).collect::<String>()
        )))
    }
}

/// Normalised, sorted, de-duplicated tags; [`DEFAULT_TAG`] when none are given.
pub fn normalize_tags(tags: &[String]) -> Result<Vec<String>> {
    if tags.len() > MAX_TAGS {
        return Err(SessionError::InvalidInput(format!(
            "{} tags on one message; the limit is {MAX_TAGS}",
            tags.len()
        )));
    }
    let mut out = tags
        .iter()
        .map(|t| normalize_tag(t))
        .collect::<Result<Vec<_>>>()?;
    out.sort();
    out.dedup();
    if out.is_empty() {
        out.push(DEFAULT_TAG.to_string());
    }
    Ok(out)
}

/// The episode id a flushed message is remembered under: stable, so a retried flush changes
/// nothing in the graph.
pub fn episode_id(session: &str, seq: u64) -> String {
    format!("session:{session}:{seq}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn session_ids_are_whitelisted() {
        for good in ["s1", "chat-2026_11", &"a".repeat(64)] {
            assert!(validate_session_id(good).is_ok(), "{good}");
        }
        for bad in [
            "",
            "../etc",
            "a/b",
            "a:b",
            "a.b",
            "a b",
            "é",
            &"a".repeat(65),
        ] {
            let e = validate_session_id(bad).expect_err(bad);
            assert!(e.to_string().contains("invalid session id"), "{e}");
        }
        let long = episode_id(&"a".repeat(64), u64::MAX);
        assert!(mnemo_core::Episode::validate_id(&long).is_ok(), "{long}");
    }

    #[test]
    fn tags_are_normalised_and_checked() {
        let tags = normalize_tags(&["Work".into(), " work ".into(), "family".into()]).unwrap();
        assert_eq!(tags, ["family", "work"]);
        assert_eq!(normalize_tags(&[]).unwrap(), [DEFAULT_TAG]);
        assert!(normalize_tags(&["a/b".into()]).is_err());
        assert!(normalize_tags(&[String::new()]).is_err());
        assert!(normalize_tags(&vec!["t".to_string(); 17]).is_err());
        assert_eq!("Assistant".parse::<Role>().unwrap(), Role::Assistant);
        assert!("tool".parse::<Role>().is_err());
    }
}
