//! Episode bodies kept in memory by an in-memory store, in a compact form: the record already has
//! the id, time and document, and a BLAKE3 content hash is kept as 32 bytes instead of 64 hex
//! characters, and the rarely present parts (span, speaker, session) share one optional box. About
//! 200 bytes less per episode than a boxed `Episode`.

use mnemo_core::{Episode, EpisodeKind, Timestamp};

/// What an `Episode` holds beyond its record (`EpisodeRec`: id, time, document).
#[derive(Debug)]
pub(crate) struct Body {
    pub kind: EpisodeKind,
    pub content: Box<str>,
    pub source: Box<str>,
    pub hash: StoredHash,
    pub extra: Option<Box<Extra>>,
}

/// The parts of an episode most have none of.
#[derive(Debug)]
pub(crate) struct Extra {
    pub span: Option<(u64, u64)>,
    pub speaker: Option<Box<str>>,
    pub session: Option<Box<str>>,
}

/// A content hash: lower-case 64-digit hex (what `mnemo_core::content_hash` makes) as its bytes,
/// anything else as written.
#[derive(Debug)]
pub(crate) enum StoredHash {
    Hex([u8; 32]),
    Text(Box<str>),
}

impl StoredHash {
    fn new(s: &str) -> StoredHash {
        let digit = |c: u8| match c {
            b'0'..=b'9' => Some(c - b'0'),
            b'a'..=b'f' => Some(c - b'a' + 10),
            _ => None,
        };
        let b = s.as_bytes();
        if b.len() == 64 {
            let mut out = [0u8; 32];
            let mut ok = true;
            for (i, pair) in b.chunks_exact(2).enumerate() {
                match (digit(pair[0]), digit(pair[1])) {
                    (Some(h), Some(l)) => out[i] = h << 4 | l,
                    _ => ok = false,
                }
            }
            if ok {
                return StoredHash::Hex(out);
            }
        }
        StoredHash::Text(s.into())
    }

    fn text(&self) -> String {
        match self {
            StoredHash::Hex(bytes) => {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                let mut s = String::with_capacity(64);
                for &x in bytes {
                    s.push(char::from(HEX[usize::from(x >> 4)]));
                    s.push(char::from(HEX[usize::from(x & 15)]));
                }
                s
            }
            StoredHash::Text(t) => t.to_string(),
        }
    }

    pub fn len(&self) -> usize {
        match self {
            StoredHash::Hex(_) => 0,
            StoredHash::Text(t) => t.len(),
        }
    }
}

impl Body {
    pub fn new(ep: &Episode) -> Body {
        Body {
            kind: ep.kind,
            content: ep.content.as_str().into(),
            source: ep.source.as_str().into(),
            hash: StoredHash::new(&ep.content_hash),
            extra: (ep.span.is_some() || ep.speaker.is_some() || ep.session.is_some()).then(|| {
                Box::new(Extra {
                    span: ep.span,
                    speaker: ep.speaker.as_deref().map(Box::from),
                    session: ep.session.as_deref().map(Box::from),
                })
            }),
        }
    }

    /// The episode as it was written, given what its record holds: id, time and document.
    pub fn episode(&self, id: &str, created_at: Timestamp, document: Option<&str>) -> Episode {
        Episode {
            id: id.to_string(),
            kind: self.kind,
            content: self.content.to_string(),
            created_at,
            source: self.source.to_string(),
            content_hash: self.hash.text(),
            document_id: document.map(str::to_string),
            span: self.extra.as_ref().and_then(|x| x.span),
            speaker: self
                .extra
                .as_ref()
                .and_then(|x| x.speaker.as_deref().map(str::to_string)),
            session: self
                .extra
                .as_ref()
                .and_then(|x| x.session.as_deref().map(str::to_string)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_round_trip_whatever_their_form() {
        for h in [
            mnemo_core::content_hash("some text"),
            "ABCDEF".repeat(10) + "0123",
            "not-a-hash".to_string(),
            String::new(),
            "0".repeat(63) + "g",
        ] {
            assert_eq!(StoredHash::new(&h).text(), h);
        }
        assert!(matches!(
            StoredHash::new(&mnemo_core::content_hash("x")),
            StoredHash::Hex(_)
        ));
    }
}
