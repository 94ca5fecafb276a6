//! Helpers of the conversation tests: one turn extracted with its speaker and listener, and
//! whether it states a fact. A test file that declares `mod chat;` declares `mod common;` too.

use mnemo_extract::{ExtractContext, Extraction, RuleExtractor};

/// The extraction of `text` said by `speaker` to `listener`, checked to be writable.
pub fn turn(text: &str, speaker: &str, listener: &str) -> Extraction {
    let ctx = ExtractContext::with_speaker(speaker).listener(listener);
    let ex = RuleExtractor.extract_sync(text, &ctx);
    crate::common::assert_valid(&ex);
    ex
}

/// Whether `ex` states `subject -[rel]-> object` (keys and relationship type).
pub fn has_fact(ex: &Extraction, subject: &str, rel: &str, object: &str) -> bool {
    ex.facts.iter().any(|f| {
        f.subject.as_str() == subject && f.rel_type.as_str() == rel && f.object.as_str() == object
    })
}
