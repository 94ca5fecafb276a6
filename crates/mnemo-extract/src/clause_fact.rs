//! What a clause of conversation states: a fact between two ends (a mention, the speaker, a thing
//! named by a common noun, a time). Shared by the clause reader, the noun phrases that become its
//! objects and the facts placed into a text's mentions.

use mnemo_core::EntityType;

/// One end of a clause fact.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum End {
    /// A mention of the sentence (index into the slice given to `clauses::sentence_clauses`).
    Mention(usize),
    /// The speaker, unnamed ("Went hiking yesterday").
    Speaker,
    /// A thing named by a common noun phrase: sentence word range, text and type.
    Thing {
        start: usize,
        end: usize,
        text: String,
        entity_type: EntityType,
    },
    /// The time expression starting at this word of the sentence ("I graduated *last week*"),
    /// a Date once resolved against when the text was said.
    When(usize),
}

/// A fact read from a clause.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct ClauseFact {
    pub subject: End,
    pub predicate: String,
    pub object: End,
    pub confidence: f32,
}

pub(crate) fn fact(subject: End, predicate: String, object: End, confidence: f32) -> ClauseFact {
    ClauseFact {
        subject,
        predicate,
        object,
        confidence,
    }
}
