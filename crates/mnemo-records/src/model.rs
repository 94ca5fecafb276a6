//! Record types: what a memory record holds, how it is written, its links, and input validation.

use std::fmt;
use std::str::FromStr;

use mnemo::{EpisodeKind, Timestamp};
use serde::{Deserialize, Serialize};

use crate::validate::{
    normalize_tag, validate_confidence, validate_record_id, validate_session_id,
};
use crate::{Error, Result};

/// Most tags one record keeps.
pub const MAX_TAGS: usize = 32;
/// Longest user or model name, in characters.
pub const MAX_NAME_CHARS: usize = 256;

/// What a record is. Interactions and document chunks keep their episode kind; the other types are
/// stored as `note` episodes in the graph and keep their type here.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum RecordType {
    Interaction,
    DocumentChunk,
    Fact,
    Preference,
    Pattern,
    Note,
    Decision,
}

impl RecordType {
    pub const ALL: [RecordType; 7] = [
        RecordType::Interaction,
        RecordType::DocumentChunk,
        RecordType::Fact,
        RecordType::Preference,
        RecordType::Pattern,
        RecordType::Note,
        RecordType::Decision,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            RecordType::Interaction => "interaction",
            RecordType::DocumentChunk => "document_chunk",
            RecordType::Fact => "fact",
            RecordType::Preference => "preference",
            RecordType::Pattern => "pattern",
            RecordType::Note => "note",
            RecordType::Decision => "decision",
        }
    }

    /// The kind of the graph episode behind a record of this type.
    pub fn episode_kind(self) -> EpisodeKind {
        match self {
            RecordType::Interaction => EpisodeKind::Interaction,
            RecordType::DocumentChunk => EpisodeKind::DocumentChunk,
            _ => EpisodeKind::Note,
        }
    }
}

impl fmt::Display for RecordType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for RecordType {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        let t = s.trim().to_ascii_lowercase().replace('-', "_");
        RecordType::ALL
            .into_iter()
            .find(|r| r.as_str() == t)
            .ok_or_else(|| {
                Error::InvalidInput(format!(
                    "unknown record type {s:?}: expected one of interaction, document_chunk, \
                     fact, preference, pattern, note, decision"
                ))
            })
    }
}

/// How two records are linked. `context_of`, `follows` and `related_to` are made automatically
/// when a record is written; `supports` and `contradicts` only when asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum LinkKind {
    /// Same conversation (session).
    ContextOf,
    /// Next in the same conversation, within five minutes of the other record.
    Follows,
    /// Shares a tag.
    RelatedTo,
    /// Strengthens the other record.
    Supports,
    /// Opposes the other record.
    Contradicts,
}

impl LinkKind {
    pub const ALL: [LinkKind; 5] = [
        LinkKind::ContextOf,
        LinkKind::Follows,
        LinkKind::RelatedTo,
        LinkKind::Supports,
        LinkKind::Contradicts,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            LinkKind::ContextOf => "context_of",
            LinkKind::Follows => "follows",
            LinkKind::RelatedTo => "related_to",
            LinkKind::Supports => "supports",
            LinkKind::Contradicts => "contradicts",
        }
    }

    /// Whether the link reads the same from both ends (then `incoming` is always false).
    pub fn is_symmetric(self) -> bool {
        matches!(self, LinkKind::ContextOf | LinkKind::RelatedTo)
    }
}

impl fmt::Display for LinkKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for LinkKind {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        let t = s.trim().to_ascii_lowercase().replace('-', "_");
        LinkKind::ALL
            .into_iter()
            .find(|k| k.as_str() == t)
            .ok_or_else(|| {
                Error::InvalidInput(format!(
                    "unknown link kind {s:?}: expected context_of, follows, related_to, supports \
                     or contradicts"
                ))
            })
    }
}

/// One link as seen from a record. The API serves it as it is (schema `LinkView`).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = LinkView))]
pub struct Link {
    pub kind: LinkKind,
    /// The record at the other end.
    pub target: String,
    /// For directed kinds: true when the other record points at this one ("B follows this").
    pub incoming: bool,
}

/// The metadata of one remembered episode (same id). The text, entities and facts stay in the graph.
/// The API and the CLI serve it as it is (schema `RecordView`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = RecordView))]
pub struct Record {
    pub id: String,
    #[serde(rename = "type")]
    pub record_type: RecordType,
    /// When it was said or written.
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = DateTime))]
    pub at: Timestamp,
    pub user: Option<String>,
    pub model: Option<String>,
    /// The conversation it belongs to.
    pub session: Option<String>,
    /// Who said it ("I"/"my" resolved to them at extraction; kept so a restore extracts the same).
    pub speaker: Option<String>,
    /// Who it was said to ("you"/"your" resolved to them; kept for the same reason).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub listener: Option<String>,
    pub source: String,
    pub tags: Vec<String>,
    /// Pinned (permanent) records are never pruned.
    pub pinned: bool,
    /// 0..=1.
    pub confidence: f32,
    /// Times the record stood behind a returned search context (counts written about once a
    /// second; reading one record includes those not yet written).
    pub access_count: u64,
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>, format = DateTime))]
    pub last_access: Option<Timestamp>,
}

/// How to write a record. `Default` is a note from "api" at full confidence, written now.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RecordInput {
    /// A stable id (see [`validate_record_id`]); derived from the text, time and source when absent.
    pub id: Option<String>,
    #[serde(rename = "type")]
    pub record_type: RecordType,
    /// The kind of the graph episode; defaults to the type's (`RecordType::episode_kind`).
    pub episode_kind: Option<EpisodeKind>,
    /// Defaults to now.
    pub at: Option<Timestamp>,
    pub user: Option<String>,
    pub model: Option<String>,
    pub session: Option<String>,
    pub speaker: Option<String>,
    /// Who it was said to: "you" and "your" resolve to them.
    pub listener: Option<String>,
    pub source: String,
    /// Normalised with [`normalize_tag`]; duplicates dropped.
    pub tags: Vec<String>,
    pub pinned: bool,
    pub confidence: f32,
    /// Carried over by imports; 0 for new memories.
    pub access_count: u64,
    pub last_access: Option<Timestamp>,
}

impl Default for RecordInput {
    fn default() -> Self {
        RecordInput {
            id: None,
            record_type: RecordType::Note,
            episode_kind: None,
            at: None,
            user: None,
            model: None,
            session: None,
            speaker: None,
            listener: None,
            source: "api".to_string(),
            tags: Vec::new(),
            pinned: false,
            confidence: 1.0,
            access_count: 0,
            last_access: None,
        }
    }
}

impl RecordInput {
    /// Checks every field and normalises the tags; returns the cleaned input.
    pub fn validated(&self) -> Result<RecordInput> {
        if let Some(id) = &self.id {
            validate_record_id(id)?;
        }
        if let Some(s) = &self.session {
            validate_session_id(s)?;
        }
        validate_confidence(self.confidence)?;
        for (what, v) in [
            ("user", &self.user),
            ("model", &self.model),
            ("speaker", &self.speaker),
            ("listener", &self.listener),
        ] {
            if let Some(v) = v {
                if v.trim().is_empty() || v.chars().count() > MAX_NAME_CHARS {
                    return Err(Error::InvalidInput(format!(
                        "{what} must be 1..={MAX_NAME_CHARS} characters, got {} characters",
                        v.chars().count()
                    )));
                }
            }
        }
        let mut tags: Vec<String> = Vec::new();
        for t in &self.tags {
            let t = normalize_tag(t)?;
            if !tags.contains(&t) {
                tags.push(t);
            }
        }
        if tags.len() > MAX_TAGS {
            return Err(Error::InvalidInput(format!(
                "{} tags; a record keeps at most {MAX_TAGS}",
                tags.len()
            )));
        }
        Ok(RecordInput {
            tags,
            user: self.user.as_ref().map(|s| s.trim().to_string()),
            model: self.model.as_ref().map(|s| s.trim().to_string()),
            speaker: self.speaker.as_ref().map(|s| s.trim().to_string()),
            listener: self.listener.as_ref().map(|s| s.trim().to_string()),
            ..self.clone()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn input_validation_catches_each_field() {
        let ok = RecordInput {
            tags: vec!["Rust".into(), "rust".into(), "graph db".into()],
            ..RecordInput::default()
        };
        assert_eq!(ok.validated().unwrap().tags, vec!["rust", "graph-db"]);
        for bad in [
            RecordInput {
                confidence: 1.5,
                ..RecordInput::default()
            },
            RecordInput {
                confidence: f32::NAN,
                ..RecordInput::default()
            },
            RecordInput {
                id: Some("../x".into()),
                ..RecordInput::default()
            },
            RecordInput {
                session: Some("a b".into()),
                ..RecordInput::default()
            },
            RecordInput {
                user: Some(" ".into()),
                ..RecordInput::default()
            },
            RecordInput {
                tags: (0..40).map(|i| format!("t{i}")).collect(),
                ..RecordInput::default()
            },
        ] {
            assert!(bad.validated().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn types_and_kinds_round_trip() {
        for t in RecordType::ALL {
            assert_eq!(t.as_str().parse::<RecordType>().unwrap(), t);
        }
        assert_eq!(
            "Document-Chunk".parse::<RecordType>().unwrap(),
            RecordType::DocumentChunk
        );
        assert!("memo".parse::<RecordType>().is_err());
        assert_eq!(RecordType::Decision.episode_kind(), EpisodeKind::Note);
        for k in LinkKind::ALL {
            assert_eq!(k.as_str().parse::<LinkKind>().unwrap(), k);
        }
    }
}
