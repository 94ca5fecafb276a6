//! Verbs with two objects: "my mom bought me a bike", "Jake gave us a book", "I baked my
//! neighbour a cake". The thing is what was bought, given or baked; the person right after the
//! verb is whom it was for or to, never the verb's object ("Jake gave me a book" once stated
//! that Jake gave the speaker).

use mnemo_core::EntityType;

use crate::clause_fact::{fact, ClauseFact, End};
use crate::clause_words::{is_determiner, is_time_word};
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
        | "written" | "read" | "reads" | "reading" | "mail" | "mailed" | "gifted" | "bring"
        | "brings" | "brought" => "to",
        "buy" | "buys" | "bought" | "buying" | "get" | "gets" | "got" | "getting" | "gotten"
        | "make" | "makes" | "made" | "making" | "bake" | "bakes" | "baked" | "cook" | "cooks"
        | "cooked" | "knit" | "knits" | "knitted" | "sew" | "sewed" | "build" | "builds"
        | "built" | "find" | "finds" | "found" | "order" | "ordered" | "pour" | "poured"
        | "paint" | "painted" | "draw" | "drew" | "pack" | "packed" | "grab" | "grabbed"
        | "throw" | "throws" | "threw" | "throwing" => "for",
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
    // "gave her brother a book": the owner's relative.
    let owner = matches!(s.lower(k), "her" | "his" | "their");
    if let Some(m) = s.mention_at(k + 1).filter(|_| owner) {
        if matches!(s.mentions[m].kind, MentionKind::Relative { .. }) {
            return Some((End::Mention(m), s.mentions[m].words.1 - s.offset));
        }
    }
    if let Some(m) = s
        .mention_at(k)
        .filter(|_| !owner || lexicon_person_after(s, k).is_none())
    {
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
    // "bought the kids a puppy", "gave her brother a book": people named by a common noun, and
    // a thing after them ("made some peach cobbler recently" is no cobbler's).
    if !matches!(s.lower(k), "the" | "her" | "his" | "their") {
        return None;
    }
    lexicon_person_after(s, k)
}

/// The common noun naming people right after a possessive at `k` ("her son", "his kids"), as a
/// thing and the word after it, when a thing follows it.
fn lexicon_person_after(s: &Sentence<'_>, k: usize) -> Option<(End, usize)> {
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
/// a thing ("bought me a bike"), or is a causative that states nothing of the receiver ("made
/// me nervous", "drove me crazy"); None when the words after the verb are not so read (the
/// clause is then read as before: "sent my mom home", "taught me how to cook").
pub(crate) fn double_object(s: &Sentence<'_>, predicate: &str, k: usize) -> Option<Double> {
    let verb = predicate.rsplit(' ').next()?;
    let causative = is_causative(verb);
    let prep = receiver_prep(verb);
    if prep.is_none() && !causative {
        return None;
    }
    let (to, after) = receiver(s, k)?;
    let next = s.lower(after);
    // "made me nervous", "drove me crazy", "kept us so busy", "made me a bit sad", "made me
    // laugh": what the receiver was made to be or do.
    if causative && caused(|i| s.lower(i), verb, after) {
        return Some(Double::Nothing);
    }
    let prep = prep?;
    // "gave her a book", not "gave her book away": after "her", a thing opens with a determiner.
    if after == k + 1 && matches!(s.lower(k), "her" | "his" | "their") && !is_determiner(next) {
        return None;
    }
    // "got me thinking", "gave me a minute": no thing given.
    if is_gerund(next) || is_time_word(next) {
        return Some(Double::Nothing);
    }
    match s.object(after) {
        Some(Object::Thing(a, e)) => {
            let head = s.lower(e - 1);
            // "it made me a better person", "made us a family": what the receiver became, not
            // a thing made; "a bit", "a call", "a hand", "the cold shoulder", "a piece of my
            // mind", "the riot act" give nothing.
            let light = matches!(
                head,
                "bit"
                    | "lot"
                    | "little"
                    | "tad"
                    | "call"
                    | "shout"
                    | "heads"
                    | "favor"
                    | "favour"
                    | "hand"
                    | "shoulder"
                    | "piece"
                    | "act"
                    | "hard"
            );
            // "gave me his old ps4": a word the phrase reader stops at (digits) is the thing's.
            let cut = s
                .info
                .get(e)
                .is_some_and(|w| w.lower.chars().any(|c| c.is_ascii_digit()));
            if e <= a
                || light
                || cut
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
        _ => return None,
    }
    Some(Double::Gives { to, after, prep })
}

/// Whether `verb` makes its object feel, be or do something ("made me laugh", "drives me
/// crazy", "kept us busy").
pub(crate) fn is_causative(verb: &str) -> bool {
    is_make(verb)
        || matches!(
            verb,
            "drive" | "drives" | "drove" | "driving" | "keep" | "keeps" | "kept" | "keeping"
        )
}

/// Whether the words from `after` on (`word(i)` the lower-case word `i`) say what a causative
/// verb's object was made to be or do: an adjective ("nervous"), also after an intensifier ("so
/// mad") or a degree ("a bit sad"), and after "make" a bare verb ("laugh").
pub(crate) fn caused<'a>(word: impl Fn(usize) -> &'a str, verb: &str, mut after: usize) -> bool {
    if word(after) == "a" && matches!(word(after + 1), "bit" | "little" | "lot" | "tad") {
        after += 2;
    } else if matches!(
        word(after),
        "so" | "really" | "very" | "super" | "too" | "totally" | "kinda" | "pretty"
    ) {
        after += 1;
    }
    let next = word(after);
    let adjective = lexicon::parts_of_speech(next).is_some_and(|p| p.starts_with('a'));
    // "made me a better person", "made her a star": what the object became.
    let became = is_make(verb)
        && matches!(next, "a" | "an")
        && (after + 1..after + 4)
            .map(&word)
            .find(|w| {
                !lexicon::parts_of_speech(w).is_some_and(|p| p.contains('a') || p.starts_with('r'))
            })
            .is_some_and(|w| matches!(lexicon::category_of(w), Some("person" | "family")));
    adjective || became || (is_make(verb) && made_to_do(next))
}

/// The receiver after a verb's thing ending at word `e`, through the verb's own preposition:
/// "gave my old laptop to Sam", "bought a gift for my mom", "read a story to the kids".
pub(crate) fn receiver_after(
    s: &Sentence<'_>,
    predicate: &str,
    e: usize,
) -> Option<(End, &'static str)> {
    let prep = receiver_prep(predicate.rsplit(' ').next()?)?;
    if s.lower(e) != prep {
        return None;
    }
    let (to, _) = receiver(s, e + 1)?;
    Some((to, prep))
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
