//! Episode bodies kept in memory by an in-memory store, in a compact form: the record already has
//! the id, time, document and span start; the content hash is kept only when it is not the
//! content's own hash (recomputed on read, a fraction of a microsecond); source, speaker and
//! session repeat across many episodes and are interned in the tenant's string table (which never
//! shrinks: the source of a deleted episode stays interned). 64 bytes and the text per episode,
//! where a boxed `Episode` takes about 300 and the text.

use mnemo_core::{content_hash, Episode, EpisodeKind};

use crate::graph::Interner;
use crate::records::{EpisodeRec, NO_THREAD};

/// An interned label that is absent.
const NO_LABEL: u32 = u32::MAX;

/// The end in `Body::span` of an episode without a span.
const NO_SPAN: u64 = u64::MAX;

/// What an `Episode` holds beyond its record (`EpisodeRec`: id, time, document, span start).
#[derive(Debug)]
pub(crate) struct Body {
    pub content: Box<str>,
    /// The content hash as written, or None when it is `content_hash(content)`.
    pub hash: Option<Box<str>>,
    /// End of the span (its start is `EpisodeRec::span_start`), `NO_SPAN` for none; a span that
    /// really ends at `u64::MAX` keeps its whole value here.
    pub span: SpanEnd,
    /// Interned `source`.
    pub source: u32,
    /// Interned speaker, `NO_LABEL` for none. (The session is in the record's thread key.)
    pub speaker: u32,
    pub kind: EpisodeKind,
}

/// The end of an episode's span: nearly always a plain offset, boxed only in the impossible-looking
/// case that collides with the "none" marker.
#[derive(Debug)]
pub(crate) enum SpanEnd {
    End(u64),
    Whole(Box<(u64, u64)>),
}

impl Body {
    pub fn new(ep: &Episode, strings: &mut Interner) -> Body {
        let speaker = ep
            .speaker
            .as_deref()
            .map_or(NO_LABEL, |s| strings.intern(s));
        let source = strings.intern(&ep.source);
        Body {
            hash: (ep.content_hash != content_hash(&ep.content))
                .then(|| ep.content_hash.as_str().into()),
            span: match ep.span {
                None => SpanEnd::End(NO_SPAN),
                Some(s) if s.1 == NO_SPAN => SpanEnd::Whole(Box::new(s)),
                Some((_, end)) => SpanEnd::End(end),
            },
            content: ep.content.as_str().into(),
            source,
            speaker,
            kind: ep.kind,
        }
    }

    /// The episode as it was written, given what its record holds: id, time, document, span
    /// start and thread (`mnemo_core::thread_key`: a session's is `s:` and the session). Without
    /// `hashed` its content hash is left empty: a search never shows it and would otherwise pay
    /// for recomputing it on every read.
    pub fn episode(&self, strings: &Interner, rec: &EpisodeRec, hashed: bool) -> Episode {
        let (id, created_at, document, span_start) = (
            &*rec.id,
            rec.created_at,
            rec.document.as_deref(),
            rec.span_start,
        );
        let session = (rec.thread != NO_THREAD)
            .then(|| strings.resolve(rec.thread).strip_prefix("s:"))
            .flatten();
        Episode {
            id: id.to_string(),
            kind: self.kind,
            content: self.content.to_string(),
            created_at,
            source: strings.resolve(self.source).to_string(),
            content_hash: match &self.hash {
                _ if !hashed => String::new(),
                Some(h) => h.to_string(),
                None => content_hash(&self.content),
            },
            document_id: document.map(str::to_string),
            span: match &self.span {
                SpanEnd::End(NO_SPAN) => None,
                SpanEnd::End(end) => Some((span_start, *end)),
                SpanEnd::Whole(s) => Some(**s),
            },
            speaker: (self.speaker != NO_LABEL).then(|| strings.resolve(self.speaker).to_string()),
            session: session.map(str::to_string),
        }
    }

    /// The sizes of the body's own allocations beyond itself (the interned labels are shared):
    /// its text, a foreign hash, a boxed span.
    pub fn own_allocations(&self) -> [usize; 3] {
        [
            self.content.len(),
            self.hash.as_ref().map_or(0, |h| h.len()),
            match self.span {
                SpanEnd::Whole(_) => 16,
                SpanEnd::End(_) => 0,
            },
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mnemo_core::Timestamp;

    fn episode(content: &str) -> Episode {
        Episode {
            id: "e1".into(),
            kind: EpisodeKind::Note,
            content: content.into(),
            created_at: Timestamp::default(),
            source: "cli".into(),
            content_hash: content_hash(content),
            document_id: None,
            span: None,
            speaker: None,
            session: None,
        }
    }

    fn round_trip(ep: &Episode, strings: &mut Interner) -> Episode {
        let rec = EpisodeRec {
            id: ep.id.as_str().into(),
            seq: 0,
            created_at: ep.created_at,
            document: ep.document_id.as_deref().map(Into::into),
            thread: ep.thread().map_or(NO_THREAD, |t| strings.intern(&t)),
            span_start: ep.span.map_or(0, |s| s.0),
            entities: Box::new([]),
            facts: Box::new([]),
            body: None,
        };
        Body::new(ep, strings).episode(strings, &rec, true)
    }

    #[test]
    fn episodes_round_trip_whatever_their_hash_span_and_labels() {
        let mut strings = Interner::default();
        let plain = episode("Anna moved to Bergen.");
        assert_eq!(round_trip(&plain, &mut strings), plain);
        for hash in [
            "ABCDEF".repeat(10) + "0123",
            "not-a-hash".into(),
            String::new(),
        ] {
            let ep = Episode {
                content_hash: hash,
                ..plain.clone()
            };
            assert_eq!(round_trip(&ep, &mut strings), ep);
        }
        for span in [(0, 10), (5, u64::MAX), (u64::MAX - 1, u64::MAX - 1)] {
            let ep = Episode {
                span: Some(span),
                document_id: Some("doc".into()),
                ..plain.clone()
            };
            assert_eq!(round_trip(&ep, &mut strings), ep);
        }
        let spoken = Episode {
            speaker: Some("Lena".into()),
            session: Some("s1".into()),
            source: "http".into(),
            ..plain.clone()
        };
        assert_eq!(round_trip(&spoken, &mut strings), spoken);
        for (session, document) in [(Some("s:odd"), Some("doc")), (None, Some("doc"))] {
            let ep = Episode {
                session: session.map(Into::into),
                document_id: document.map(Into::into),
                ..spoken.clone()
            };
            assert_eq!(round_trip(&ep, &mut strings), ep);
        }
        // The same labels again are not interned twice.
        let before = strings.len();
        assert_eq!(round_trip(&spoken, &mut strings), spoken);
        assert_eq!(strings.len(), before);
    }

    #[test]
    fn a_body_without_a_foreign_hash_or_span_holds_only_its_text() {
        let mut strings = Interner::default();
        let body = Body::new(&episode("some text"), &mut strings);
        assert!(body.hash.is_none());
        assert_eq!(body.own_allocations(), ["some text".len(), 0, 0]);
        assert_eq!(std::mem::size_of::<Body>(), 64);
    }
}
