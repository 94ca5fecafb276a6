//! Verbs with two objects: "my mom bought me a bike", "Jake gave us a book", "I baked my
//! neighbour a cake". The thing is what was bought, given or baked; the person right after the
//! verb is whom it was for or to, never the verb's object ("Jake gave me a book" once stated
//! that Jake gave the speaker).

use mnemo_core::EntityType;

use crate::clause_fact::{fact, ClauseFact, End};
use crate::clause_words::{is_determiner, is_particle, is_prep, is_time_word};
use crate::gazetteer as gz;
use crate::lexicon;
use crate::mentions::MentionKind;
use crate::phrases::{Object, Sentence};
use crate::verbs::is_gerund;

/// The preposition that names the receiver of a verb that takes two objects ("gave a book to
/// me", "bought a bike for me"), or None for any other verb.
fn receiver_prep(verb: &str) -> Option<&'static str> {
    Some(match verb {
        "give" | "gives" | "gave" | "giving" | "given" | "send" | "sends" | "sent" | "sending"
        | "hand" | "hands" | "handed" | "lend" | "lends" | "lent" | "show" | "shows" | "showed"
        | "shown" | "showing" | "teach" | "teaches" | "taught" | "teaching" | "offer"
        | "offers" | "offered" | "sell" | "sells" | "sold" | "write" | "writes" | "wrote"
        | "written" | "read" | "reads" | "reading" | "mail" | "mailed" | "gifted" => "to",
        "buy" | "buys" | "bought" | "buying" | "get" | "gets" | "got" | "getting" | "gotten"
        | "make" | "makes" | "made" | "making" | "bake" | "bakes" | "baked" | "cook" | "cooks"
        | "cooked" | "knit" | "knits" | "knitted" | "sew" | "sewed" | "build" | "builds"
        | "built" | "find" | "finds" | "found" | "order" | "ordered" | "pour" | "poured"
        | "paint" | "painted" | "draw" | "drew" | "bring" | "brings" | "brought" | "save"
        | "saved" | "pack" | "packed" | "grab" | "grabbed" => "for",
        _ => return None,
    })
}

/// Whether `verb` is a form of "make".
pub(crate) fn is_make(verb: &str) -> bool {
    matches!(verb, "make" | "makes" | "made" | "making")
}

/// Whether the bare word after "made me" is what the receiver was made to do ("laugh",
/// "smile", "cry"): a word that can be a verb, unless it is food ("made me toast").
pub(crate) fn made_to_do(word: &str) -> bool {
    lexicon::parts_of_speech(word).is_some_and(|p| p.contains('v') && !word.ends_with("ed"))
        && !matches!(lexicon::category_of(word), Some("food" | "drink"))
}

/// The receiver starting at word `k`: a person (the speaker, the listener, a pronoun, a relative,
/// a person's name) or a thing that names people ("the kids"), and the word after it.
fn receiver(s: &Sentence<'_>, k: usize) -> Option<(End, usize)> {
    if let Some(m) = s.mention_at(k) {
        let relative = matches!(s.mentions[m].kind, MentionKind::Relative { .. });
        // "we made our own pots": a possessive opens the thing.
        if matches!(s.lower(k), "my" | "our" | "your" | "his" | "their") && !relative {
            return None;
        }
        let person = match &s.mentions[m].kind {
            MentionKind::Speaker | MentionKind::Listener | MentionKind::Relative { .. } => true,
            MentionKind::Pronoun(_) => !matches!(s.lower(k), "it" | "myself" | "yourself"),
            MentionKind::Name(t) => *t == EntityType::Person,
            MentionKind::Thing(_) => false,
        };
        let end = s.mentions[m].words.1 - s.offset;
        // "gave Anna's kids ...": the owner is no receiver.
        return (person && !gz::is_possessive(s.lower(end - 1))).then_some((End::Mention(m), end));
    }
    // "bought the kids a puppy": people named by a common noun, and a thing after them ("made
    // some peach cobbler recently" is no cobbler's).
    if s.lower(k) != "the" {
        return None;
    }
    match s.object(k)? {
        Object::Thing(a, e)
            if matches!(
                lexicon::category_of(s.lower(e - 1)),
                Some("person" | "family")
            ) && is_determiner(s.lower(e)) =>
        {
            Some((s.thing(a, e), e))
        }
        _ => None,
    }
}

/// What follows a verb that can take two objects.
pub(crate) enum Double {
    /// A receiver ending before word `after`, where the thing given begins.
    Gives {
        to: End,
        after: usize,
        prep: &'static str,
    },
    /// A receiver and then no thing ("made my kids happy", "gave me a minute"): no fact.
    Nothing,
}

/// Whether the clause whose verb is `predicate`'s last word has a receiver at word `k` and then
/// a thing ("bought me a bike"); None when the words after the verb are not so read.
pub(crate) fn double_object(s: &Sentence<'_>, predicate: &str, k: usize) -> Option<Double> {
    let prep = receiver_prep(predicate.rsplit(' ').next()?)?;
    let (to, after) = receiver(s, k)?;
    // "gave her a book", not "gave her book away": after "her", a thing opens with a determiner.
    let next = s.lower(after);
    if matches!(s.lower(k), "her" | "his" | "their") && !is_determiner(next) {
        return None;
    }
    // "got me thinking", "gave me a minute", "made me laugh": no thing given.
    let made_to = predicate.rsplit(' ').next().is_some_and(is_make) && made_to_do(next);
    if is_gerund(next) || is_time_word(next) || made_to {
        return Some(Double::Nothing);
    }
    match s.object(after) {
        Some(Object::Thing(a, e)) => {
            let head = s.lower(e - 1);
            // "it made me a better person", "made us a family": what the receiver became, not
            // a thing made; "a bit", "a call" give nothing.
            let light = matches!(
                head,
                "bit"
                    | "lot"
                    | "little"
                    | "tad"
                    | "call"
                    | "shout"
                    | "ring"
                    | "heads"
                    | "favor"
                    | "favour"
            );
            if e <= a
                || light
                || is_time_word(head)
                || matches!(lexicon::category_of(head), Some("person" | "family"))
            {
                return Some(Double::Nothing);
            }
        }
        // "lent me Dune": a title.
        Some(Object::Mention(m))
            if matches!(
                s.mentions[m].kind,
                MentionKind::Name(t) if !matches!(t, EntityType::Person | EntityType::Date)
            ) => {}
        // "made my kids happy", "got me a little nervous": the receiver is no object either.
        _ if s
            .info
            .get(after)
            .is_some_and(|w| !crate::interjections::is_punct(w))
            && !is_prep(next)
            && !is_particle(next)
            && next != "and" =>
        {
            return Some(Double::Nothing)
        }
        _ => return None,
    }
    Some(Double::Gives { to, after, prep })
}

/// The subject's fact with the receiver ("bought for" the speaker), unless the subject gave to
/// itself ("I bought myself a treat").
pub(crate) fn receiver_fact(
    s: &Sentence<'_>,
    subject: &End,
    predicate: &str,
    to: &End,
    prep: &str,
    confidence: f32,
) -> Option<ClauseFact> {
    let speaker = |end: &End| match end {
        End::Speaker => true,
        End::Mention(m) => s.mentions[*m].kind == MentionKind::Speaker,
        _ => false,
    };
    let same = to == subject || (speaker(to) && speaker(subject));
    (!same).then(|| {
        fact(
            subject.clone(),
            format!("{predicate} {prep}"),
            to.clone(),
            confidence,
        )
    })
}
