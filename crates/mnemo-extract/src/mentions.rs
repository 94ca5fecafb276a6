//! Mentions of one sentence: tagger names corrected by rules (titles, dates, capitalised runs),
//! pronouns, the chat speaker ("I", "my") and relatives ("my sister").

use mnemo_core::EntityType;

use crate::features::WordInfo;
use crate::gazetteer::{self as gz};
use crate::interjections;
use crate::months;
use crate::name_rules::{
    self, context_type, date_spans, demonym_spans, is_personal_title, title_in_span,
};
use crate::span_rules::{self, RawSpan};
use crate::tagger::{NameSpan, NameType};
use crate::text::Word;

/// Grammatical gender of a third-person pronoun, when it says one; `Plural` for "they".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Gender {
    Male,
    Female,
    Plural,
    /// "the company", "the firm": an organisation named before.
    Firm,
    /// "It" or "Its" opening a sentence of a document: the place, organisation or thing the
    /// sentence before opened with.
    Thing,
}

/// What a mention refers to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MentionKind {
    /// A name (or date) of the given type.
    Name(EntityType),
    /// "he", "she", ... (never an entity itself; resolved to a person or dropped).
    Pronoun(Gender),
    /// "I", "me", "my" (and "we", "our"): the speaker of a chat turn.
    Speaker,
    /// "you", "your": the other participant of a conversation.
    Listener,
    /// "my sister", "your boss", "John's boss": a relative of `owner`. `named_by` is the name
    /// mention said to be the relative before it ("Ana is my friend"); `named_next` is how many
    /// mentions right after it name it: one ("my sister Jess", "my boss, Tom Baker,"), a plural's
    /// list ("my parents Linda and Mark"), none for a name one verb later ("my dad said Jake was
    /// coming"). Mention indices (here and
    /// in [`Owner::Mention`]) count from the sentence's first mention in [`sentence_mentions`]'s
    /// result, and from the text's first once the extractor has gathered every sentence's.
    Relative {
        noun: String,
        owner: Owner,
        named_by: Option<usize>,
        named_next: usize,
    },
    /// An everyday thing named by a common noun ("a pottery class", "kundalini yoga"): a Concept or
    /// an Event, found as the object of a clause (see `clauses`); Other when written as a name
    /// ("My favourite band is Queen"). `text` is the phrase without its determiner.
    Thing(EntityType),
}

/// Whose relative a [`MentionKind::Relative`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Owner {
    Speaker,
    Listener,
    /// The person named by the mention with this index.
    Mention(usize),
}

/// Who the first- and second-person pronouns of a text can refer to.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Participants {
    pub speaker: bool,
    pub listener: bool,
}

/// A mention: absolute word indices `words.0..words.1` and byte offsets `start..end`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mention {
    pub sentence: usize,
    pub words: (usize, usize),
    pub start: usize,
    pub end: usize,
    pub text: String,
    pub kind: MentionKind,
    /// A title written before a person's name ("Mr.", "Sen."), kept for aliases.
    pub title: Option<String>,
    /// A people's or faith's adjective standing for its country or church ("a German racer"), or
    /// a name addressed ("Thanks, Mel"): it mentions the entity but states no relation between it
    /// and its neighbours.
    pub adjective: bool,
    /// The mention opens its sentence (after "The" at most).
    pub opens: bool,
}

impl Mention {
    pub fn entity_type(&self) -> Option<EntityType> {
        match &self.kind {
            MentionKind::Name(t) | MentionKind::Thing(t) => Some(*t),
            MentionKind::Speaker | MentionKind::Listener | MentionKind::Relative { .. } => {
                Some(EntityType::Person)
            }
            MentionKind::Pronoun(_) => None,
        }
    }
}

fn entity_type(k: NameType) -> EntityType {
    match k {
        NameType::Person => EntityType::Person,
        NameType::Organization => EntityType::Organization,
        NameType::Location => EntityType::Location,
        NameType::Other => EntityType::Other,
    }
}

/// One sentence as the mention finder sees it.
#[derive(Debug, Clone, Copy)]
pub struct SentenceInput<'a> {
    pub text: &'a str,
    /// Sentence number in the text.
    pub sent: usize,
    /// The sentence's words, and the index of its first word in the text.
    pub words: &'a [Word],
    pub offset: usize,
    pub info: &'a [WordInfo],
    /// Tagger names over `words`.
    pub names: &'a [NameSpan],
}

/// Finds the mentions of one sentence. `people` says whether "I"/"my" and "you"/"your" have a
/// referent; `known` types names already known (from the store, or earlier in the text: then
/// `true`, a short form such as a surname).
pub fn sentence_mentions(
    input: SentenceInput<'_>,
    people: Participants,
    known: &dyn Fn(&str) -> Option<(EntityType, bool)>,
) -> Vec<Mention> {
    let SentenceInput {
        text,
        sent,
        words,
        offset,
        info,
        names,
    } = input;
    let texts: Vec<&str> = words.iter().map(|w| w.text(text)).collect();
    let n = texts.len();
    // Spans (relative start, end, type, title) before they become mentions.
    // (name start, end, type, title, mention start incl. a written title)
    let mut spans: Vec<RawSpan> = Vec::new();
    let is_name_word = |j: usize| {
        info[j].is_capitalised()
            && info[j].flags & (gz::PRONOUN | gz::STOPWORD | gz::MONTH | gz::WEEKDAY) == 0
    };
    for s in names {
        let (mut a, b) = (s.start, s.end.min(n));
        let mut title = None;
        while s.kind == NameType::Person && a < b && info[a].flags & gz::TITLE != 0 && b - a > 1 {
            title = Some(texts[a].to_string());
            a += 1;
        }
        // "Unless Ben quits", "Whether Anna stays": a conjunction the tagger took into a name
        // opening the sentence is no part of it.
        while a == 0 && b - a > 1 && matches!(info[a].lower.as_str(), "unless" | "whether" | "if") {
            a += 1;
        }
        // "Again Spurs beat ...", "However Biden said ...": an adverb opening the sentence (one
        // that is no noun nor a listed name) is no part of the name after it.
        if a == 0 && b - a > 1 && info[a].flags & (gz::FIRST_NAME | gz::PLACE | gz::ORG_NAME) == 0 {
            let pos = crate::lexicon::parts_of_speech(&info[a].lower);
            // "Big Tractor", "Outright Distribution": an adjective's own words stay.
            let adverb = pos.is_some_and(|p| {
                p == "r" || (p.contains('r') && !p.contains('n') && info[a].lower.ends_with("ly"))
            });
            if adverb {
                a += 1;
            }
        }
        // A weekday names no lasting thing ("on Sunday", "every Saturday", "on Saturdays"): when
        // it was is the time of the fact, not an entity.
        if (a..b).all(|j| gz::is_weekday(&info[j].lower)) {
            continue;
        }
        // "I bought 2 tickets": in conversation a bare count is no thing of its own (the thing
        // counted is the object); a year stays a date.
        let chat = people.speaker || people.listener;
        if chat
            && (a..b).all(|j| {
                texts[j]
                    .bytes()
                    .all(|c| c.is_ascii_digit() || matches!(c, b'.' | b','))
                    && !crate::name_rules::is_year(texts[j])
            })
        {
            continue;
        }
        // "Kickboxing is a great way to stay fit": in conversation a gerund opening the sentence
        // is an activity even where the dictionary lacks it, not a person.
        if chat
            && a == 0
            && b == 1
            && info[0].lower.len() > 6
            && compound_gerund(&info[0].lower)
            && !info[0].is_upper
            && info[0].flags & (gz::FIRST_NAME | gz::PLACE | gz::ORG_NAME) == 0
            && !gz::is_census_given_name(&info[0].lower)
            && info.get(1).is_some_and(|w| {
                crate::clause_words::is_aux(&w.lower)
                    || (w.lower.ends_with('s') && crate::verbs::is_verbish(&w.lower))
            })
        {
            continue;
        }
        // Pronouns and function words alone are never names.
        if (a..b).all(|j| {
            info[j].flags & (gz::PRONOUN | gz::STOPWORD) != 0
                || gz::is_function_word(&info[j].lower)
                || !texts[j].chars().any(char::is_alphanumeric)
        }) {
            continue;
        }
        let is_role =
            |j: usize| info[j].flags & gz::ROLE != 0 && info[j].flags & gz::FIRST_NAME == 0;
        // A role alone ("the CEO of Acme", "Chief Executive") is what someone is, not a name.
        if (a..b).all(is_role) {
            continue;
        }
        // "CEO of Arclight Systems": the role is said of the name after it.
        let roles = (a..b).take_while(|&j| is_role(j)).count();
        if roles > 0
            && a + roles + 1 < b
            && texts[a + roles] == "of"
            && info[a + roles + 1].is_capitalised()
        {
            a += roles + 1;
        }
        let mut t = entity_type(s.kind);
        // "Mayor of Uppsala", "Governor of Texas": an office, whose title is said of the place or
        // body after "of", not of a person named "of Uppsala".
        if title.is_some() && a + 1 < b && texts[a] == "of" && info[a + 1].is_capitalised() {
            a += 1;
            title = None;
            t = if info[a].flags & gz::ORG_NAME != 0 {
                EntityType::Organization
            } else {
                crate::kinds::instance_type(&texts[a..b].join(" "))
                    .filter(|t| *t != EntityType::Person)
                    .unwrap_or(EntityType::Location)
            };
        }
        if title.is_some() {
            t = EntityType::Person;
        } else if info[b - 1].flags & gz::EVENT_WORD != 0
            || (b - a >= 2 && info[b - 2].lower == "war" && matches!(texts[b - 1], "I" | "II"))
            // "Pride Month", "Fashion Week": a named month or week is an occasion.
            || (b - a >= 2 && matches!(texts[b - 1], "Month" | "Week"))
        {
            t = EntityType::Event;
        }
        let from = if title.as_deref().is_some_and(title_in_span) {
            s.start
        } else {
            a
        };
        spans.push((a, b, t, title, from));
    }
    span_rules::trim_common_tails(&mut spans, info);
    span_rules::widen_to_names(&mut spans, info);
    span_rules::join_possessive_and_ordinal_names(&mut spans, info);
    span_rules::complete_lists(&mut spans, info);
    span_rules::join_split_names(&mut spans, info);
    span_rules::join_name_particles(&mut spans, info);
    span_rules::join_place_openers(&mut spans, info);
    span_rules::split_name_pairs(&mut spans, info, people.speaker || people.listener);
    span_rules::retype_by_words(&mut spans, info);
    span_rules::retype_by_clause(&mut spans, info);
    span_rules::opening_people(&mut spans, info);
    span_rules::listed_people(&mut spans, info);
    span_rules::ampersand_initials(&mut spans, info);
    span_rules::employer_names(&mut spans, info);
    span_rules::brand_names(&mut spans, info, people.speaker || people.listener);
    span_rules::occasions(&mut spans, info);
    span_rules::passive_subjects(&mut spans, info);
    span_rules::listed_organizations(&mut spans, info);
    span_rules::listed_places(&mut spans, info);
    span_rules::places_after_dates(&mut spans, info);
    span_rules::coordinated_kinds(&mut spans, info, people.speaker || people.listener);
    span_rules::names_after_plural(&mut spans, info);
    span_rules::named_by_name_is(&mut spans, info);
    span_rules::met_people(&mut spans, info);
    crate::contests::contest_names(&mut spans, info);
    span_rules::imperative_openers(&mut spans, info);
    span_rules::work_titles(&mut spans, info, people.speaker || people.listener);
    span_rules::quoted_titles(&mut spans, &texts, info);
    // Names written as a people's, language's or faith's adjective: "a German racer" mentions
    // Germany, "in English" the language, "Catholic" the church.
    let mut renamed: Vec<(usize, usize, String)> = Vec::new();
    let mut adjectives: Vec<(usize, usize)> = Vec::new();
    for (a, b, t, name) in demonym_spans(info) {
        let inside = spans.iter().position(|s| s.4 < b && a < s.1);
        match inside {
            Some(k) if spans[k].4 == a && spans[k].1 == b => spans[k].2 = t,
            Some(_) => continue,
            None => spans.push((a, b, t, None, a)),
        }
        if let Some(name) = name {
            renamed.push((a, b, name));
            adjectives.push((a, b));
        }
    }
    for (a, b, name_end) in span_rules::project_names(&mut spans, info) {
        renamed.push((
            a,
            b,
            text[words[a].start..words[name_end - 1].end].to_string(),
        ));
    }
    // A title before capitalised words the tagger missed: "Mr. Schneider".
    let mut j = 0;
    while j + 1 < n {
        if is_personal_title(texts[j]) && is_name_word(j + 1) {
            let mut e = j + 1;
            while e < n && is_name_word(e) {
                e += 1;
            }
            if !spans.iter().any(|s| s.0 < e && j + 1 < s.1) {
                let from = if title_in_span(texts[j]) { j } else { j + 1 };
                spans.push((
                    j + 1,
                    e,
                    EntityType::Person,
                    Some(texts[j].to_string()),
                    from,
                ));
            }
            j = e;
        } else {
            j += 1;
        }
    }
    // Single capitalised words the tagger missed but the lists know.
    for (j, w) in info.iter().enumerate() {
        let f = w.flags;
        // "Who supports you?": a listed firm that is also a function word ("who", "un") is the
        // firm only in capitals ("the WHO said").
        let function_word = f & gz::STOPWORD != 0 && !w.is_upper;
        let known = if f & gz::ORG_NAME != 0 && !function_word {
            Some(EntityType::Organization)
        } else if f & gz::PLACE != 0 && f & (gz::STOPWORD | gz::FIRST_NAME) == 0 {
            Some(EntityType::Location)
        } else if (f == gz::FIRST_NAME || (f == 0 && gz::is_census_given_name(&w.lower)))
            && w.is_capitalised()
            && crate::lexicon::parts_of_speech(&w.lower).is_none()
            && !j
                .checked_sub(1)
                .is_some_and(|k| crate::clause_words::is_determiner(&info[k].lower))
            && !info.get(j + 1).is_some_and(|x| {
                !x.is_capitalised()
                    && (crate::lexicon::parts_of_speech(&x.lower)
                        .is_some_and(|p| p.starts_with('n'))
                        || crate::lexicon::category_of(&x.lower).is_some())
            })
        {
            // "Caleb and I went hiking": a given name that is no English word ("Mark", "Bill"
            // are) is a person wherever it stands; not a brand before its thing ("a Chanel
            // bag", "my Kirby plush").
            Some(EntityType::Person)
        } else {
            None
        };
        // Chat is often lower-case: "i moved to paris", "i work at google" count when the verb
        // before the word asks for that kind of name.
        // "i'm going to italy", "i've been to japan": a place travelled to too.
        let travelled = known == Some(EntityType::Location)
            && (name_rules::travel_destination(&info[..j])
                || (j >= 2
                    && info[j - 2].lower == "been"
                    && matches!(info[j - 1].lower.as_str(), "to" | "in")));
        let lower_ok = !w.is_capitalised()
            && known.is_some()
            && (context_type(&info[..j]) == known || travelled);
        // A sentence's first word is capitalised anyway: "Nice to hear from you" names no city.
        let known = known.filter(|_| j > 0 || !crate::lexicon::is_mostly_modifier(&w.lower));
        if let Some(t) = known.filter(|_| (w.is_capitalised() || lower_ok) && w.run == (j, j + 1)) {
            if !spans.iter().any(|s| s.4 <= j && j < s.1) {
                spans.push((j, j + 1, t, None, j));
            }
        }
    }
    // Capitalised runs the tagger missed that name something already known (from the store or
    // earlier in the text), and one word the tagger typed otherwise ("Zorvex Robotics ...
    // Zorvex opened an office" made a person of "Zorvex").
    let mut j = 0;
    while j < n {
        let (a, b) = info[j].run;
        if b > a && info[j].is_capitalised() {
            let inside: Vec<usize> = (0..spans.len())
                .filter(|&k| spans[k].4 < b && a < spans[k].1)
                .collect();
            // A short form the text used that is a word of the language too is a name only
            // before a verb ("Page served as CEO", "Cook said"; not "Green energy is growing"
            // after "Sarah Green").
            let worded = b == a + 1
                && crate::lexicon::parts_of_speech(&info[a].lower).is_some()
                && !info.get(b).is_some_and(|w| {
                    let v = w.lower.as_str();
                    crate::verbs::is_irregular_past(v)
                        || (v.ends_with("ed") && crate::verbs::is_verbish(v))
                        || (v.ends_with('s')
                            && crate::lexicon::parts_of_speech(v)
                                .is_none_or(|p| !p.starts_with('n'))
                            && crate::verbs::is_verbish(v))
                        || matches!(v, "is" | "was" | "has" | "had" | "will" | "would" | "said")
                });
            let t = known(&text[words[a].start..words[b - 1].end])
                .filter(|&(_, short)| !(short && worded))
                .map(|(t, _)| t);
            match (t, inside.as_slice()) {
                (Some(t), []) => spans.push((a, b, t, None, a)),
                (Some(t), [k])
                    if b == a + 1
                        && spans[*k].4 == a
                        && spans[*k].1 == b
                        && spans[*k].3.is_none()
                        && t != EntityType::Date =>
                {
                    spans[*k].2 = t;
                }
                _ => {}
            }
        }
        j = b.max(j + 1);
    }
    // Runs of two or more capitalised words the tagger missed ("The Eiffel Tower is ..."): typed
    // by their last or first word where the lists know it.
    let mut j = 0;
    while j < n {
        let (mut a, b) = info[j].run;
        while a < b && info[a].flags & (gz::STOPWORD | gz::PRONOUN) != 0 {
            a += 1;
        }
        let free = !spans.iter().any(|s| s.4 < b && a < s.1);
        if b >= a + 2
            && free
            && info[a..b]
                .iter()
                .all(|w| w.flags & (gz::MONTH | gz::WEEKDAY) == 0)
        {
            let last = info[b - 1].flags;
            let t = if last & gz::ORG_WORD != 0 || gz::is_org_suffix(&info[b - 1].lower) {
                EntityType::Organization
            } else if last & gz::LOC_WORD != 0 {
                EntityType::Location
            } else if info[a].flags & gz::FIRST_NAME != 0 {
                EntityType::Person
            } else {
                EntityType::Other
            };
            spans.push((a, b, t, None, a));
        }
        j = b.max(j + 1);
    }
    span_rules::ampersand_names(&mut spans, info);
    for s in spans.iter_mut() {
        // The lists override the tagger on a single known word ("Apple" is no place).
        if s.1 == s.0 + 1 && info[s.0].flags & gz::ORG_NAME != 0 && s.2 != EntityType::Person {
            s.2 = EntityType::Organization;
        }
        // "Caroline said", "Quinn became CEO": what follows the name is a person's.
        let person_follows = s.1 < n
            && (span_rules::person_verb(&info[s.1].lower) || span_rules::role_follows(info, s.1));
        // A name WordNet lists as named things of one kind only ("Galway", a city and a port;
        // "Zanzibar", an island; "Beethoven", a composer) is of that kind where the tagger
        // guessed a person or a thing. Not over a given name ("Jordan said"), a title's person
        // or a person's verb.
        let given = || {
            gz::is_listed_given_name(info[s.0].flags, &info[s.0].lower)
                || gz::is_census_given_name(&info[s.0].lower)
        };
        // "bought a new Kindle Paperwhite", "got a Roomba", "my new Dyson vacuum": in
        // conversation a name after "a" or a possessive (and an adjective or two) is a thing
        // the speaker has, not a person or a place the tagger guessed; not a given name ("met a
        // John"), nor a place or a firm the lists know ("a Paris hotel").
        // Two words or more make a product or a breed of a listed name ("a Honda Civic", "a
        // German Shepherd"), unless the last is a firm's or a place's word ("a Rotary Club") or
        // the name modifies a noun after it ("a Paris hotel", "my Goldman Sachs account").
        let multi = s.1 >= s.0 + 2
            && info[s.1 - 1].flags & (gz::ORG_WORD | gz::LOC_WORD) == 0
            && !gz::is_org_suffix(&info[s.1 - 1].lower)
            && info.get(s.1).is_none_or(|w| {
                w.is_capitalised()
                    || !crate::lexicon::parts_of_speech(&w.lower)
                        .is_some_and(|p| p.starts_with('n'))
            });
        if (people.speaker || people.listener)
            && s.3.is_none()
            && (matches!(s.2, EntityType::Person | EntityType::Location)
                || (multi && s.2 == EntityType::Organization))
            && !given()
            && (multi || info[s.0].flags & (gz::PLACE | gz::ORG_NAME | gz::NATIONALITY) == 0)
        {
            let mut d = s.4;
            while d > 0
                && s.4 - d < 2
                && !info[d - 1].is_capitalised()
                && crate::lexicon::is_mostly_modifier(&info[d - 1].lower)
            {
                d -= 1;
            }
            let owned = d > 0
                && matches!(
                    info[d - 1].lower.as_str(),
                    "a" | "an" | "my" | "our" | "your" | "his" | "her" | "their"
                );
            if owned {
                s.2 = EntityType::Other;
            }
        }
        // (Asked only where the answer can change the type: a thing, or a person whose name is
        // no given name.)
        if s.3.is_none() && (s.2 == EntityType::Other || (s.2 == EntityType::Person && !given())) {
            let given = given();
            if let Some(t) = crate::kinds::instance_type(&texts[s.0..s.1].join(" ")) {
                let place = t == EntityType::Location && !given && !person_follows;
                // Not over a place: many towns are named after people ("Edison, New Jersey").
                // Nor a name before a noun it modifies ("Marley flooring": a brand).
                let modifies = info.get(s.1).is_some_and(|w| {
                    !w.is_capitalised()
                        && crate::lexicon::parts_of_speech(&w.lower)
                            .is_some_and(|p| p.starts_with('n'))
                });
                // Nor a work watched or read ("watched Oppenheimer": the film).
                let work = s.0 > 0
                    && matches!(
                        info[s.0 - 1].lower.as_str(),
                        "watched"
                            | "watch"
                            | "watching"
                            | "saw"
                            | "seen"
                            | "read"
                            | "reading"
                            | "finished"
                            | "binged"
                            | "streamed"
                            | "played"
                            | "playing"
                    );
                let person =
                    t == EntityType::Person && s.2 == EntityType::Other && !modifies && !work;
                if (place && s.2 != EntityType::Location) || person {
                    s.2 = t;
                }
            }
        }
        // "Stripe was founded by ...", "Breaking Bad was created by ...": what the passive
        // after a name says it is, where the tagger guessed a person and no word is a given
        // name (nor a place's: "Lincoln was founded in 1864" is a town).
        if s.3.is_none()
            && matches!(s.2, EntityType::Person | EntityType::Other)
            && info[s.0..s.1].iter().all(|w| {
                w.flags & (gz::PLACE | gz::FIRST_NAME) == 0
                    && !gz::is_listed_given_name(w.flags, &w.lower)
                    && !gz::is_census_given_name(&w.lower)
            })
        {
            if let Some(t) = name_rules::passive_subject_type(info, s.1) {
                if !(t == EntityType::Other && s.2 == EntityType::Other) {
                    s.2 = t;
                }
            }
        }
        // "We celebrated Diwali", "over Christmas": a holiday is an occasion, not a person or
        // a place the tagger guessed.
        if s.3.is_none()
            && s.2 != EntityType::Date
            && info[s.0..s.1]
                .iter()
                .all(|w| w.flags & (gz::WEEKDAY | gz::MONTH) == 0)
            && gz::is_holiday(&texts[s.0..s.1].join(" "))
        {
            s.2 = EntityType::Event;
        }
        if s.2 != EntityType::Person
            && s.1 == s.0 + 1
            && (gz::is_listed_given_name(info[s.0].flags, &info[s.0].lower)
                || gz::is_given_name_place(&info[s.0].lower))
            && !possessive(info.get(s.1))
            && name_rules::meeting_context(&info[..s.4])
        {
            s.2 = EntityType::Person;
        } else if name_rules::acquisition_context(&info[..s.4])
            && s.3.is_none()
            && (matches!(s.2, EntityType::Person | EntityType::Other)
                || (s.1 == s.0 + 1
                    && s.2 == EntityType::Location
                    && info[s.0].flags & (gz::PLACE | gz::NATIONALITY) == 0
                    && !adjectives.contains(&(s.0, s.1))))
            // One word that is no given name, or plainly acquired ("merged with Heinz",
            // "acquired McDonnell Douglas").
            && ((s.1 == s.0 + 1 && !given()) || name_rules::plain_acquisition(&info[..s.4]))
            && !person_follows
            && !possessive(info.get(s.1))
        {
            // "Microsoft acquired Zendesk": companies buy and merge with companies. Not a
            // place ("acquired Spanish" is the language) nor a person's possessive ("acquired
            // Jennifer's shares").
            s.2 = EntityType::Organization;
        } else if let Some(t) = context_type(&info[..s.4]).or_else(|| {
            ((people.speaker || people.listener)
                && name_rules::workplace_context(&info[..s.4])
                && s.2 != EntityType::Date)
                .then_some(EntityType::Organization)
        }) {
            // "moved to Bergen": a destination is a place even when the name looked like a
            // person's. A possessive name is an owner ("moved to John's house", "a job at Anna's
            // bakery"): the context says nothing of it.
            let owner = possessive(info.get(s.1));
            let place_over_person = t == EntityType::Location && s.3.is_none();
            // "plays for Santos": one word that is no given name is the team, not a person.
            // "a barista at Blue Bottle": nor several words none of which is a given name.
            let org_over_person = t == EntityType::Organization
                && s.3.is_none()
                && (s.0..s.1).all(|k| {
                    !gz::is_listed_given_name(info[k].flags, &info[k].lower)
                        && !gz::is_census_given_name(&info[k].lower)
                })
                && !person_follows;
            // "moved from BlackBerry devices to iPhones": a brand is what it is.
            let brand = s.1 == s.0 + 1 && span_rules::brand_shaped(&info[s.0]);
            if !owner
                && !brand
                && s.2 != EntityType::Date
                && (s.2 != EntityType::Person || place_over_person || org_over_person)
            {
                s.2 = t;
            }
        } else if matches!(s.2, EntityType::Person | EntityType::Other)
            && s.3.is_none()
            && s.1 == s.0 + 1
            && info[s.0].flags & gz::FIRST_NAME == 0
            && !person_follows
            && name_rules::travel_destination(&info[..s.4])
            && !possessive(info.get(s.1))
            && !info
                .get(s.1)
                .is_some_and(|w| matches!(w.lower.as_str(), "and" | "&"))
        {
            // "went to Porto", "a trip to Bergen": where someone travelled is a place, even when
            // the one word looked like a person's name; not a listed given name ("the prize went
            // to Maria", "went to Anna for advice"), nor "went to Jo's party", "to Jo and Sam's".
            s.2 = EntityType::Location;
        } else if s.2 == EntityType::Location
            && s.1 == s.0 + 1
            && gz::is_given_name_place(&info[s.0].lower)
            // A city wins and plays as its team does ("Denver won").
            && ((people.speaker || people.listener) && info.get(s.1).is_some_and(|w| {
                // A city goes wild and wins as its people and team do ("Paris went wild").
                span_rules::everyday_person_verb(&w.lower)
                    && !matches!(
                        w.lower.as_str(),
                        "won" | "scored" | "played" | "plays" | "went"
                    )
            })
                // In any text a place lives, works and moves nowhere ("Sydney moved to London").
                || span_rules::residence_after(info, s.1)
                // Nor gets fired or married ("Charlotte got fired").
                || span_rules::life_event_after(info, s.1))
            && (s.4 == 0
                || matches!(
                    info[s.4 - 1].lower.as_str(),
                    "," | "and" | "but" | "so" | "then" | "because" | "when" | "-"
                )
                || crate::clause_words::is_time_word(&info[s.4 - 1].lower))
        {
            // In conversation, "Madison loves painting", "and Austin went home": a given name
            // that is a place's too, subject of what people do, is a person.
            s.2 = EntityType::Person;
        } else if matches!(s.2, EntityType::Location | EntityType::Other)
            && person_follows
            // "a German coach": a people's adjective before a role still names its country.
            && !adjectives.contains(&(s.0, s.1))
            && (s.0..s.1).all(|k| {
                info[k].flags & (gz::LOC_WORD | gz::ORG_WORD | gz::PLACE | gz::ORG_NAME) == 0
            })
        {
            // "Caroline said", "Maria adopted", "Quinn became CEO": a person's verb or role
            // makes a person.
            s.2 = EntityType::Person;
        } else if matches!(s.2, EntityType::Location | EntityType::Other)
            && s.3.is_none()
            && s.1 == s.0 + 1
            && info[s.0].flags == 0
            && gz::is_census_given_name(&info[s.0].lower)
            && !adjectives.contains(&(s.0, s.1))
        {
            // "I told Ava", "hung out with Mia": a census given name no list knows otherwise,
            // where nothing around it asks for a place, is a person.
            s.2 = EntityType::Person;
        } else if (people.speaker || people.listener)
            && s.2 == EntityType::Location
            && s.3.is_none()
            && s.1 == s.0 + 1
            && info[s.0].flags & (gz::PLACE | gz::NATIONALITY | gz::LOC_WORD) == 0
            && !adjectives.contains(&(s.0, s.1))
            && (s.4 > 0 && info[s.4 - 1].lower == "with"
                || possessive(info.get(s.1))
                    && info
                        .get(s.1 + 1)
                        .is_some_and(|w| span_rules::someones_home_word(&w.lower)))
        {
            // In conversation, "went climbing with Pieter", "dinner at Sarah's house": one
            // word no list knows as a place, with whom one went or whose home it is, is a
            // person the tagger took for a place.
            s.2 = EntityType::Person;
        } else if s.1 >= s.0 + 2
            && name_rules::opens_place_name(&info[s.0].lower)
            && info[s.1 - 1].flags & gz::ORG_WORD == 0
            && !gz::is_org_suffix(&info[s.1 - 1].lower)
            && !matches!(s.2, EntityType::Date | EntityType::Event)
            && !person_follows
        {
            // "Lake Tahoe", "Mount Kilimanjaro": the first word says what the name is, whatever
            // the tagger made of it ("Mount Sinai Hospital" stays an organisation, "Lake Bell
            // said" a person).
            s.2 = EntityType::Location;
        }
    }
    for s in spans.iter_mut() {
        if s.2 == EntityType::Person && gz::is_corporate_designator(&info[s.1 - 1].lower) {
            // "Larami Corp.": a legal form ends a company's name, never a person's.
            s.2 = EntityType::Organization;
        } else if matches!(s.2, EntityType::Person | EntityType::Other)
            && s.3.is_none()
            // One word, not a listed given name: "Roger Federer, Switzerland" and "Emily,
            // Georgia, and Paul" are people.
            && s.1 == s.0 + 1
            && (info[s.0].flags & gz::FIRST_NAME == 0 || gz::is_given_name_place(&info[s.0].lower))
            && name_rules::region_follows(info, s.1)
        {
            // "Bethany, Conn., was ...", "born in Niles, Ohio.": a name the region after it
            // places is a town, even when it is a given name too.
            s.2 = EntityType::Location;
        }
    }
    for (a, b) in date_spans(&texts, info) {
        // "April was born in Boston", "I met June at the gym", "June and I moved": a month
        // that is a given name too, doing or met as people are, is a person.
        if b == a + 1 && months::as_person(info, a) {
            months::person_span(&mut spans, a);
            continue;
        }
        // "2002 Winter Olympics": a year opening an event's name.
        let event = spans.iter().position(|s| {
            b == a + 1 && s.4 == b && s.1 > b && info[s.1 - 1].flags & gz::EVENT_WORD != 0
        });
        if let Some(k) = event {
            spans[k] = (a, spans[k].1, EntityType::Event, None, a);
            continue;
        }
        match spans.iter().position(|s| s.0 < b && a < s.1) {
            Some(k) if spans[k].2 == EntityType::Other => {
                spans[k] = (a, b, EntityType::Date, None, a)
            }
            // "born in March", "in March 1990 in Boston": a month the tagger took for a place
            // after a preposition of time (or with a day or year, for anything) is a date; "I
            // met April" is left to the tagger.
            Some(k)
                if spans[k].0 >= a
                    && spans[k].1 <= b
                    && (b > a + 1
                        || (spans[k].2 == EntityType::Location
                            && a > 0
                            && matches!(
                                info[a - 1].lower.as_str(),
                                "in" | "since"
                                    | "until"
                                    | "till"
                                    | "by"
                                    | "last"
                                    | "next"
                                    | "this"
                                    | "early"
                                    | "late"
                                    | "mid"
                                    | "during"
                                    | "through"
                                    | "before"
                                    | "after"
                            ))) =>
            {
                spans[k] = (a, b, EntityType::Date, None, a)
            }
            // "In April Anna moved": the date opens a name the tagger ran on from it.
            Some(k)
                if spans[k].0 == a
                    && spans[k].1 > b
                    && a > 0
                    && matches!(info[a - 1].lower.as_str(), "in" | "since" | "until" | "by")
                    && info[b].is_title =>
            {
                spans[k].0 = b;
                spans[k].4 = b;
                spans.push((a, b, EntityType::Date, None, a));
            }
            Some(_) => {}
            None => {
                spans.push((a, b, EntityType::Date, None, a));
                // "In April Anna moved": the given name the date's capitals ran into.
                let given = info
                    .get(b)
                    .is_some_and(|w| w.is_title && gz::is_listed_given_name(w.flags, &w.lower))
                    && !info.get(b + 1).is_some_and(|w| w.is_title);
                if given && !spans.iter().any(|s| s.0 <= b && b < s.1) {
                    spans.push((b, b + 1, EntityType::Person, None, b));
                }
            }
        }
    }
    // "May" alone is no date (it is more often the verb), but can be a person as the others.
    for k in 0..n {
        if info[k].lower == "may"
            && info[k].is_title
            && months::as_person(info, k)
            && !spans
                .iter()
                .any(|s| s.0 <= k && k < s.1 && s.2 == EntityType::Date)
        {
            months::person_span(&mut spans, k);
        }
    }
    // Greetings and interjections are never names; a name they address is a person's.
    let chat = people.speaker || people.listener;
    let (inter, voc) = interjections::mark(info, chat);
    // The first word after greetings and punctuation: capitalised whatever it is. In chat a
    // clause after a dash or colon opens capitalised too ("... - Let's go").
    let opening = (0..n)
        .find(|&k| !inter[k] && texts[k].chars().any(char::is_alphanumeric))
        .unwrap_or(n);
    let opens = |k: usize| {
        k == opening
            || (chat
                && k > 0
                && matches!(
                    texts[k - 1],
                    "-" | "--" | ":" | ";" | "\u{2013}" | "\u{2014}"
                ))
    };
    spans.retain_mut(|s| {
        while s.4 < s.1 && inter[s.4] {
            s.4 += 1;
        }
        s.0 = s.0.max(s.4);
        while s.1 > s.0 && (inter[s.1 - 1] || !texts[s.1 - 1].chars().any(char::is_alphanumeric)) {
            s.1 -= 1;
        }
        // A span of interjections alone ("OK", "NO WAY" shouted) is left empty: no name.
        if s.0 >= s.1 {
            return false;
        }
        // A quote or dash inside ends the name: '"Summer Sounds"- The ...'.
        if let Some(cut) = (s.0 + 1..s.1).filter(|_| chat).find(|&k| {
            !texts[k].chars().any(char::is_alphanumeric)
                && texts[k]
                    .chars()
                    .any(|c| "\"\u{201C}\u{201D}-\u{2013}\u{2014}".contains(c))
        }) {
            s.1 = cut;
        }
        // In conversation, a listed given name the tagger took for a place, with no place
        // context around it ("Laura and I"), is a person.
        if chat
            && s.2 == EntityType::Location
            && s.1 == s.0 + 1
            && info[s.0].flags & gz::FIRST_NAME != 0
            && info[s.0].flags & gz::PLACE == 0
            && context_type(&info[..s.4]).is_none()
            && !(s.4 > 0 && crate::predicate::is_place_prep(&info[s.4 - 1].lower))
        {
            s.2 = EntityType::Person;
        }
        // In conversation, "Remember Jon, ...": an opening verb or adverb is no part of a name.
        if chat
            && opens(s.4)
            && s.1 > s.0 + 1
            && s.3.is_none()
            && info[s.0].flags & gz::FIRST_NAME == 0
            && (crate::lexicon::parts_of_speech(&info[s.0].lower)
                .is_some_and(|p| p.starts_with('v') || p.starts_with('r'))
                || interjections::colloquial(&info[s.0].lower))
        {
            s.0 += 1;
            s.4 = s.0;
        }
        // "Nice to hear from you", "Great, thanks": an adjective opening a sentence is no name.
        let exclaimed = s.4 == 0
            && s.1 == 1
            && !months::as_person(info, 0)
            && crate::lexicon::is_mostly_modifier(&info[0].lower)
            && info.get(1).is_none_or(|w| {
                !w.is_capitalised()
                    && !matches!(
                        w.lower.as_str(),
                        "is" | "was" | "has" | "'s" | "are" | "were" | "had" | "will"
                    )
                    && !said_by_it(info, 1)
            })
            && !span_rules::given_word_as_name(info, 0)
            // "Frank lives in Dublin": a listed given name doing what people do.
            && !span_rules::unknown_word_as_name(info)
            // "Frank and Rose live ...", "Frank and I went ...": with another person.
            && !(info[0].flags & gz::FIRST_NAME != 0
                && info.get(1).is_some_and(|w| matches!(w.lower.as_str(), "and" | "&"))
                && info.get(2).is_some_and(|w| {
                    matches!(w.lower.as_str(), "i" | "me")
                        || (w.is_title && gz::is_listed_given_name(w.flags, &w.lower))
                }));
        // In conversation, "Guitar's my thing", "Look at this!": a common English word opening a
        // sentence is no name unless it is a given name.
        let common = chat
            && opens(s.4)
            && s.1 == s.0 + 1
            && !months::as_person(info, s.0)
            && s.3.is_none()
            && info[s.0].flags & (gz::FIRST_NAME | gz::PLACE | gz::ORG_NAME) == 0
            && (crate::lexicon::parts_of_speech(&info[s.0].lower).is_some()
                || crate::lexicon::category_of(&info[s.0].lower).is_some()
                || crate::verbs::is_verbish(&info[s.0].lower)
                // "Startin' out": a dropped g.
                || (info[s.0].lower.ends_with("in")
                    && crate::verbs::is_verbish(&format!("{}g", info[s.0].lower))))
            && !said_by_it(info, s.1)
            && !span_rules::given_word_as_name(info, s.0)
            && !span_rules::will_as_name(info, s.0)
            // "Thanksgiving was great": a holiday is one.
            && !(s.2 == EntityType::Event && gz::is_holiday(&info[s.0].lower))
            && known(texts[s.0]).is_none();
        let word = info[s.0].lower.as_str();
        let interjection = s.1 == s.0 + 1
            && (interjections::always(word)
                || interjections::colloquial(word)
                || interjections::laughter(word)
                || (chat && matches!(word, "fri" | "tues" | "thurs" | "weds")));
        // In conversation a run of common words in capitals is emphasis ("I'm DOING IT").
        let shouted = chat
            && (s.0..s.1).all(|k| {
                info[k].is_upper
                    && info[k].lower.chars().count() > 1
                    && (crate::lexicon::parts_of_speech(&info[k].lower).is_some()
                        || crate::verbs::is_verbish(&info[k].lower)
                        || info[k].flags & (gz::STOPWORD | gz::PRONOUN) != 0)
            });
        s.0 < s.1 && !(exclaimed || common || interjection || shouted)
    });
    let mut j = 0;
    while j < n {
        if !voc[j] {
            j += 1;
            continue;
        }
        let mut e = j;
        while e < n && voc[e] {
            e += 1;
        }
        spans.retain(|s| s.1 <= j || e <= s.4);
        spans.push((j, e, EntityType::Person, None, j));
        adjectives.push((j, e));
        j = e;
    }
    // Chat is often written in lower case: "i met ingrid yesterday" names Ingrid, "a puppy named
    // biscuit" Biscuit.
    if chat {
        let named = named_in_lower_case(info)
            .into_iter()
            .chain(pets_named(info).into_iter().map(|k| (k, EntityType::Other)))
            .map(|(k, t)| (k, k + 1, t));
        for (a, b, t) in lower_case_names(info, &inter)
            .into_iter()
            .map(|(a, b)| (a, b, EntityType::Person))
            .chain(named)
        {
            if !spans.iter().any(|s| s.4 < b && a < s.1) {
                let name = (a..b).map(|k| as_name(&info[k].lower)).collect::<Vec<_>>();
                spans.push((a, b, t, None, a));
                renamed.push((a, b, name.join(" ")));
            }
        }
    }
    spans.sort_by_key(|s| (s.4, s.1));
    spans.dedup_by(|later, earlier| later.4 < earlier.1);
    // "Mom said": the speaker's mom, found below as "my mom" is. Addressed ("Thanks, Mom!"),
    // the word names whoever is spoken to, not a person called Mom; also below.
    let parent_word = |k: usize| chat && people.speaker && is_parent_word(&info[k].lower);
    spans.retain(|s| !(s.1 == s.0 + 1 && s.3.is_none() && parent_word(s.0)));

    let mut out: Vec<Mention> = Vec::new();
    // The mention covers a written title ("Mr. Tavaya"); its text, the name, does not.
    let mk_titled =
        |from: usize, a: usize, b: usize, kind: MentionKind, title: Option<String>| Mention {
            sentence: sent,
            words: (offset + from, offset + b),
            start: words[from].start,
            end: words[b - 1].end,
            text: renamed
                .iter()
                .find(|r| r.0 == a && r.1 == b)
                .map(|r| r.2.clone())
                .unwrap_or_else(|| {
                    // A shouted sentence was read as running text writes it: its names are
                    // written so ("BERLIN" -> "Berlin", "BANK OF ENGLAND" -> "Bank of England",
                    // "ELIZABETH II" -> "Elizabeth II").
                    let mut name = String::new();
                    for k in a..b {
                        if k > a {
                            name.push_str(&text[words[k - 1].end..words[k].start]);
                        }
                        let w = words[k].text(text);
                        if !crate::phrases::shouted_word(w, &info[k]) {
                            name.push_str(w);
                        } else if info[k].is_title {
                            name.push_str(&title_cased(w));
                        } else {
                            name.push_str(&info[k].lower);
                        }
                    }
                    // "i moved to paris": a name the lists know, written in lower case, is
                    // shown as names are written ("Paris", "Bank of America").
                    let proper = matches!(
                        kind,
                        MentionKind::Name(
                            EntityType::Location | EntityType::Organization | EntityType::Person
                        )
                    );
                    if proper && !name.chars().any(char::is_uppercase) {
                        name = name
                            .split(' ')
                            .map(|w| {
                                if matches!(w, "of" | "the" | "and" | "de" | "la" | "del") {
                                    w.to_string()
                                } else {
                                    title_cased(w)
                                }
                            })
                            .collect::<Vec<_>>()
                            .join(" ");
                    }
                    name
                }),
            kind,
            title,
            adjective: adjectives.contains(&(a, b)),
            opens: from == 0 || (from == 1 && info[0].lower == "the"),
        };
    let mk = |a: usize, b: usize, kind: MentionKind, title: Option<String>| {
        mk_titled(a, a, b, kind, title)
    };
    let mut next_span = 0;
    let mut j = 0;
    while j < n {
        if next_span < spans.len() && spans[next_span].4 == j {
            let (a, b, t, title, from) = spans[next_span].clone();
            next_span += 1;
            out.push(mk_titled(from, a, b, MentionKind::Name(t), title));
            j = b;
            continue;
        }
        let lower = info[j].lower.as_str();
        let relative =
            j + 1 < n && info[j + 1].flags & gz::KIN != 0 && !info[j + 1].is_capitalised();
        if inter[j] {
            j += 1;
            continue;
        }
        // "my brother Tom and sister Jess", "my brother Tom, sister Jess and cousin Max": a
        // relative noun after "and" or a comma right after a named relative is the same owner's.
        // Not a partner or a child, who is more likely the named one's ("my friend Tom and
        // wife Jess", "my uncle Pete and son Max").
        let carried = (matches!(lower, "and" | ",")
            && !info.get(j + 1).is_some_and(|w| {
                matches!(
                    w.lower.as_str(),
                    "wife"
                        | "husband"
                        | "partner"
                        | "girlfriend"
                        | "boyfriend"
                        | "fiance"
                        | "fiancee"
                        | "fiancé"
                        | "fiancée"
                        | "spouse"
                        | "son"
                        | "daughter"
                        | "kid"
                        | "kids"
                        | "child"
                        | "children"
                        | "baby"
                )
            }))
        .then(|| {
            // "my cousin Max, aunt Rita, and uncle Bob": the comma before "and" too.
            let at = if lower == "and" && j > 0 && info[j - 1].lower == "," {
                j - 1
            } else {
                j
            };
            named_relative_owner(&out, offset + at)
        })
        .flatten();
        let owner = match lower {
            "my" | "our" if people.speaker => Some(Owner::Speaker),
            "your" if people.listener => Some(Owner::Listener),
            _ => carried,
        };
        // In conversation any person noun after "my"/"your" is a relative or acquaintance,
        // through one adjective: "my kids", "my best friend", "your little brother".
        let kin_at = |k: usize| {
            k < n
                // "my mom and Dad": a parent's word is written capitalised too.
                && (!info[k].is_capitalised() || parent_word(k))
                // "my favourite city": an adjective here, whatever WordNet's noun says.
                && !matches!(info[k].lower.as_str(), "favourite" | "favorite")
                // "Ben was my best man", "you're my guy": a person, no relation named.
                && !matches!(
                    info[k].lower.as_str(),
                    "man" | "woman" | "person" | "guy" | "dude" | "lady"
                )
                && (info[k].flags & gz::KIN != 0
                    || (chat
                        // "my coworkers": a plural's singular.
                        && std::iter::once(info[k].lower.clone())
                            .chain(crate::lexicon::singulars(&info[k].lower))
                            .any(|w| {
                                crate::lexicon::category_of(&w)
                                    .is_some_and(|c| c == "family" || c == "person")
                            })
                        && !crate::lexicon::is_mostly_modifier(&info[k].lower)))
        };
        // "my twin brother Felix", "my baby sister": the relative is the second noun's, and
        // the first says which.
        let paired =
            chat && matches!(
                info.get(j + 1).map(|w| w.lower.as_str()),
                Some("twin" | "baby" | "step" | "half" | "foster")
            ) && kin_at(j + 2)
                && info[j + 2].flags & gz::KIN != 0;
        let noun_at = if relative {
            Some(j + 1)
        } else if !chat {
            None
        } else if paired {
            Some(j + 2)
        } else if kin_at(j + 1) {
            Some(j + 1)
        } else if j + 2 < n
            && (crate::lexicon::is_mostly_modifier(&info[j + 1].lower)
                || matches!(
                    info[j + 1].lower.as_str(),
                    "best"
                        | "oldest"
                        | "youngest"
                        | "ex"
                        | "two"
                        | "three"
                        | "four"
                        | "five"
                        | "six"
                        | "2"
                        | "3"
                        | "4"
                        | "5"
                        | "6"
                ))
            && kin_at(j + 2)
        {
            Some(j + 2)
        } else {
            None
        };
        if let (Some(owner), Some(k)) = (owner, noun_at) {
            // "Ana is my friend": the name just before the copula is the relative.
            // Only a name opening its clause, and not "my mom's favourite city".
            // "Sophie, my niece, won": the relative set off by commas after a name is that
            // name's ("Thanks Anna, my sister is fine" is not: a verb follows the noun).
            let set_off = j >= 1
                && info[j - 1].lower == ","
                && matches!(
                    info.get(k + 1).map(|w| w.lower.as_str()),
                    None | Some("," | "." | "!" | "?" | ";")
                );
            let named_by = (j >= 2
                && (matches!(info[j - 1].lower.as_str(), "is" | "was")
                    || possessive(info.get(j - 1))
                    || set_off)
                && !possessive(info.get(k + 1)))
            .then(|| out.len().checked_sub(1))
            .flatten()
            .filter(|&m| {
                // A place is someone only when the noun is a relative's ("Sydney is my sister").
                let kin = info[k].flags & gz::KIN != 0;
                let from = out[m].words.0 - offset;
                let opens = from == 0
                    || matches!(
                        info[from - 1].lower.as_str(),
                        "," | "and" | "but" | "!" | "-"
                    );
                out[m].words.1 == offset + j - 1
                    && opens
                    && match out[m].kind {
                        MentionKind::Name(EntityType::Person) => true,
                        MentionKind::Name(EntityType::Location | EntityType::Other) => kin,
                        _ => false,
                    }
            });
            let noun = if paired {
                format!("{} {}", info[j + 1].lower, kin_noun(&info[k].lower))
            } else {
                kin_noun(&info[k].lower)
            };
            out.push(mk(
                if carried.is_some() { j + 1 } else { j },
                k + 1,
                MentionKind::Relative {
                    noun,
                    owner,
                    named_by,
                    named_next: 0,
                },
                None,
            ));
            j = k + 1;
            // "my husband and kids", "my mom & dad": a relative noun coordinated right after
            // is the same owner's relative too ("my wife and my son" repeats the owner anyway).
            // Not "my friend and mentor Ana", one person named after both nouns.
            while j + 1 < n
                && matches!(info[j].lower.as_str(), "and" | "&" | "or")
                && kin_at(j + 1)
                && !info.get(j + 2).is_some_and(|w| w.is_title)
            {
                out.push(mk(
                    j + 1,
                    j + 2,
                    MentionKind::Relative {
                        noun: kin_noun(&info[j + 1].lower),
                        owner,
                        named_by: None,
                        named_next: 0,
                    },
                    None,
                ));
                j += 2;
            }
            // "my friend Ines": a capitalised word right after names the relative, even when
            // the tagger missed it.
            let free = next_span >= spans.len() || spans[next_span].4 > j;
            // Chat is often lower-case or shouted: "my sister jess", "MY SISTER JESS" when the
            // word is a listed given name.
            let listed_given = |w: &WordInfo| gz::is_listed_given_name(w.flags, &w.lower);
            let written_as_name = |w: &WordInfo| {
                w.is_title
                    || (chat && !w.is_capitalised() && listed_given(w))
                    || (chat && w.is_upper && listed_given(w))
            };
            let name = j < n
                && free
                && written_as_name(&info[j])
                && info[j].flags & (gz::PRONOUN | gz::STOPWORD | gz::MONTH | gz::WEEKDAY) == 0
                && !interjections::always(&info[j].lower)
                && crate::lexicon::parts_of_speech(&info[j].lower).is_none()
                && crate::lexicon::category_of(&info[j].lower).is_none();
            let named_next = if chat && name {
                1
            } else {
                names_following(&spans[next_span..], info, j)
            };
            if let Some(MentionKind::Relative { named_next: nx, .. }) =
                out.last_mut().map(|m| &mut m.kind)
            {
                *nx = named_next;
            }
            if chat && name {
                let mut m = mk(j, j + 1, MentionKind::Name(EntityType::Person), None);
                if !info[j].is_title {
                    m.text = as_name(&m.text);
                }
                out.push(m);
                j += 1;
            }
            continue;
        }
        // "Mom said I should call", "Grandma texted me": in conversation a parent's or
        // grandparent's word used as a name is the speaker's, as "my mom" is. Not after a
        // determiner or an owner ("his mom", "Jon's dad"), before a name ("Grandma Rose") or as
        // a modifier ("Mom guilt"). Addressed ("Thanks, Mom!") it is the listener, mentioned.
        if parent_word(j) {
            let after = info.get(j + 1);
            // "his mom", "Jon's dad", "the best Dad ever", "such a good Mom": someone's, or a
            // kind of parent.
            let mut k = j;
            // A superlative WordNet lists under its stem: "the coolest Dad".
            let superlative = |w: &str| {
                w.len() > 5
                    && w.ends_with("est")
                    && crate::lexicon::parts_of_speech(w).is_none_or(|p| p.starts_with('a'))
            };
            while k > 0
                && j - k < 2
                && (crate::lexicon::is_mostly_modifier(&info[k - 1].lower)
                    || superlative(&info[k - 1].lower)
                    || matches!(
                        info[k - 1].lower.as_str(),
                        "best" | "good" | "great" | "new"
                    ))
            {
                k -= 1;
            }
            let owned = k > 0
                && (crate::clause_words::is_determiner(&info[k - 1].lower)
                    || possessive(Some(&info[k - 1])));
            // "Dad's Army", "Mom's Kitchen": a title, no relative.
            let titled = possessive(after) && info.get(j + 2).is_some_and(|w| w.is_title);
            // "Dad, can you ...", "Mom?", "love you mom", "THANKS MOM!!": addressed.
            let addressed = voc[j]
                || (after.is_none_or(|w| matches!(w.lower.as_str(), "," | "?" | "!" | ":" | "."))
                    && (j == 0
                        || matches!(
                            info[j - 1].lower.as_str(),
                            "you" | "ya" | "u" | "thanks" | "thank" | "ok" | "okay" | "hi" | "hey"
                                | "bye" | "night" | "birthday" | "morning" | "sure" | "yes"
                                | "yeah" | "yep" | "no" | "nope" | "sorry" | "please"
                                | "alright" | "congrats"
                        )
                        || interjections::always(&info[j - 1].lower)))
                // A sentence opened by the word and a comma or question mark; not a list of
                // people opening it ("Mom, Jess and I baked", "Mom, Dad and I went").
                && !(j == 0 && after.is_some_and(|w| w.lower == "."))
                && !(j == 0
                    && after.is_some_and(|w| w.lower == ",")
                    && info.get(j + 2).is_some_and(|w| w.is_title || parent_word(j + 2)));
            // A noun after it makes it a modifier ("Mom guilt"), and so does one that could be a
            // verb when the word opens no clause ("I love Dad jokes"; not "Dad jokes about it").
            let opens = j == 0
                || matches!(
                    info[j - 1].lower.as_str(),
                    "," | "and" | "but" | "so" | "then" | "because" | "when" | "if" | "that" | "-"
                );
            let modifier = after.is_some_and(|w| {
                let noun = std::iter::once(w.lower.clone())
                    .chain(crate::lexicon::singulars(&w.lower))
                    .any(|x| {
                        crate::lexicon::parts_of_speech(&x).is_some_and(|p| p.starts_with('n'))
                    });
                let time = crate::clause_words::is_time_word(&w.lower)
                    || matches!(w.lower.as_str(), "tomorrow" | "afternoon" | "evening");
                // "I bought Mom flowers": the word is the verb's first object.
                let given = j
                    .checked_sub(1)
                    .is_some_and(|k| is_giving_verb(&info[k].lower));
                // "Dad jokes are the worst": a verb after the two words makes them one noun.
                let compound = info
                    .get(j + 2)
                    .is_some_and(|x| crate::clause_words::is_aux(&x.lower));
                !w.is_capitalised()
                    && noun
                    && !time
                    && !given
                    && (!opens || !crate::verbs::is_verbish(&w.lower) || compound)
            });
            if titled {
                // The whole title is one name ("at Mom's Kitchen"), not a person "Kitchen".
                let mut e = j + 2;
                let mut t = EntityType::Other;
                if next_span < spans.len() && spans[next_span].4 == j + 2 {
                    e = e.max(spans[next_span].1);
                    if spans[next_span].2 != EntityType::Person {
                        t = spans[next_span].2;
                    }
                    next_span += 1;
                }
                while e < n && info[e].is_title && !spans[next_span..].iter().any(|s| s.4 == e) {
                    e += 1;
                }
                out.push(mk(j, e, MentionKind::Name(t), None));
                j = e;
                continue;
            }
            if addressed {
                if people.listener {
                    let mut m = mk(j, j + 1, MentionKind::Listener, None);
                    m.adjective = true;
                    out.push(m);
                }
                j += 1;
                continue;
            }
            if !owned && !modifier && !after.is_some_and(|w| w.is_title) {
                out.push(mk(
                    j,
                    j + 1,
                    MentionKind::Relative {
                        noun: lower.to_string(),
                        owner: Owner::Speaker,
                        named_by: None,
                        named_next: 0,
                    },
                    None,
                ));
                j += 1;
                continue;
            }
        }
        let last_person = |end: usize, relatives: bool| {
            out.last().is_some_and(|m| {
                m.words.1 == offset + end
                    && (matches!(m.kind, MentionKind::Name(EntityType::Person))
                        || (relatives && matches!(m.kind, MentionKind::Relative { .. })))
            })
        };
        let owned_by_last = relative
            && ((possessive(Some(&info[j])) && last_person(j, true))
                || (matches!(lower, "his" | "her" | "their")
                    && j >= 2
                    && info[j - 1].lower == "and"
                    && last_person(j - 1, true)));
        // "Jonas met his girlfriend Amira": the pronoun's owner is the one person the sentence
        // has named so far (with two, "Tom told Anna about his sister", it is the resolver's),
        // when the relative is named (an unnamed "his aunt" would pair with every place).
        let sole_owner = (relative
            && !owned_by_last
            && matches!(lower, "his" | "her")
            && names_following(&spans[next_span..], info, j + 2) > 0)
            .then(|| {
                let mut people = out
                    .iter()
                    .enumerate()
                    .filter(|(_, m)| matches!(m.kind, MentionKind::Name(EntityType::Person)));
                let first = people.next().map(|(i, _)| i);
                first.filter(|_| people.next().is_none())
            })
            .flatten();
        match lower {
            "i" | "me" | "myself" | "my" | "mine" | "we" | "us" | "our" | "ours" | "ourselves"
                if people.speaker =>
            {
                out.push(mk(j, j + 1, MentionKind::Speaker, None))
            }
            "you" | "your" | "yours" | "yourself" | "u" if people.listener => {
                // Clauses state the listener's facts; the name-pair scorer (trained on news)
                // would pair "you" with everything around it.
                let mut m = mk(j, j + 1, MentionKind::Listener, None);
                m.adjective = true;
                out.push(m)
            }
            // "Anna's sister", and "Sara and her husband" (a pronoun's owner is otherwise the
            // resolver's to find): the relative of the person just named.
            _ if owned_by_last || sole_owner.is_some() => {
                let owner = sole_owner.unwrap_or(out.len() - 1);
                out.push(mk(
                    j + 1,
                    j + 2,
                    MentionKind::Relative {
                        noun: kin_noun(&info[j + 1].lower),
                        owner: Owner::Mention(owner),
                        named_by: None,
                        named_next: names_following(&spans[next_span..], info, j + 2),
                    },
                    None,
                ));
                j += 2;
                continue;
            }
            "he" | "him" | "his" | "himself" => {
                out.push(mk(j, j + 1, MentionKind::Pronoun(Gender::Male), None))
            }
            "she" | "her" | "hers" | "herself" => {
                out.push(mk(j, j + 1, MentionKind::Pronoun(Gender::Female), None))
            }
            // "My kids are so creative. They made a volcano": only as a subject ("them" and
            // "their" would make the relatives their own objects).
            "they" if people.speaker => {
                out.push(mk(j, j + 1, MentionKind::Pronoun(Gender::Plural), None))
            }
            // "Bavaria is a state in Germany. Its capital is Munich": in a document, the thing
            // the sentence before opened with.
            "it" | "its" if j == 0 && !people.speaker && info[0].is_title => {
                out.push(mk(j, j + 1, MentionKind::Pronoun(Gender::Thing), None))
            }
            // "Acme Robotics was founded in 2015. The company is headquartered in Oslo": the
            // organisation named before (not "the company of ...", "the company Acme"). In
            // conversation "the company" is mostly one never named ("I just joined the
            // company"), a thing of its own.
            _ if firm_noun(lower)
                && !people.speaker
                && j > 0
                && info[j - 1].lower == "the"
                && !info
                    .get(j + 1)
                    .is_some_and(|w| w.is_capitalised() || w.lower == "of")
                && out.last().is_none_or(|m| m.words.1 < offset + j) =>
            {
                out.push(mk(j - 1, j + 1, MentionKind::Pronoun(Gender::Firm), None))
            }
            _ => {}
        }
        j += 1;
    }
    out
}

/// Nouns that stand for an organisation after "the": "the company", "the firm".
/// A relative's noun as the graph names it: chat's short forms are the words they stand for
/// ("my sis" is a sister, "my hubby" a husband), so both say one relation (SISTER) and one
/// entity ("Odile's sister").
fn kin_noun(lower: &str) -> String {
    match lower {
        "sis" | "sissy" => "sister",
        "bro" => "brother",
        "hubby" => "husband",
        "wifey" => "wife",
        "mommy" | "mama" | "momma" => "mom",
        "daddy" | "papa" => "dad",
        "granny" | "nana" => "grandma",
        "gramps" => "grandpa",
        "bf" => "boyfriend",
        "gf" => "girlfriend",
        "bestie" | "bff" => "best friend",
        other => other,
    }
    .to_string()
}

/// Whether a word is a gerund written as one word of two, a word of the language and a verb's
/// "-ing" ("kick" + "boxing", "snow" + "boarding", "paddle" + "boarding"): a surname like
/// "Manning" or "Browning" is not.
fn compound_gerund(lower: &str) -> bool {
    let Some(stem) = lower.strip_suffix("ing") else {
        return false;
    };
    let verb = |v: &str| {
        crate::lexicon::parts_of_speech(v).is_some_and(|p| p.contains('v'))
            || crate::lexicon::parts_of_speech(&format!("{v}e")).is_some_and(|p| p.contains('v'))
    };
    (3..stem.len().saturating_sub(2)).any(|i| {
        stem.is_char_boundary(i)
            && crate::lexicon::parts_of_speech(&stem[..i]).is_some()
            && verb(&stem[i..])
    })
}

fn firm_noun(lower: &str) -> bool {
    matches!(
        lower,
        "company"
            | "firm"
            | "corporation"
            | "startup"
            | "start-up"
            | "automaker"
            | "carmaker"
            | "retailer"
            | "conglomerate"
            | "airline"
            | "organization"
            | "organisation"
    )
}

/// Whether the next name span (the first of `spans`) names a relative noun ending before word
/// `k`: right after it ("my sister Jess"), or a person's name set off by commas ("my boss, Tom
/// Baker,"). Not an owner set off ("my boss, Tom's brother,"), nor a verb's object ("my husband called
/// Dave"), nor a place in a description ("my neighbour, London born and bred").
fn name_follows(spans: &[RawSpan], info: &[WordInfo], k: usize) -> bool {
    spans.first().is_some_and(|s| {
        let after = info.get(s.1).map(|w| w.lower.as_str());
        // "my friend Tom's house": Tom is the friend; set off, a name must end its phrase.
        // A one-word given name the tagger typed otherwise counts ("my grandma, Rosa, is").
        let person = s.2 == EntityType::Person
            || (s.1 == s.0 + 1
                && (gz::is_listed_given_name(info[s.0].flags, &info[s.0].lower)
                    || gz::is_census_given_word(&info[s.0].lower)));
        let set_off = s.4 == k + 1
            && info.get(k).is_some_and(|w| w.lower == ",")
            && person
            && after.is_none_or(|w| matches!(w, "," | "." | "!" | "?" | ";"));
        // "my best friend named Lily"; not "my sister named Leo as godfather".
        let named = s.4 == k + 1
            && info.get(k).is_some_and(|w| w.lower == "named")
            && !after.is_some_and(|w| {
                matches!(
                    w,
                    "as" | "after" | "the" | "a" | "her" | "his" | "their" | "my" | "our"
                )
            });
        // "My wife's name is Sarah", "my wife is named Sarah" (and she is a nurse).
        let word = |i: usize| info.get(i).map_or("", |w| w.lower.as_str());
        let ends = after.is_none_or(|w| {
            !w.chars().any(char::is_alphanumeric) || matches!(w, "and" | "but" | "so")
        });
        let name_is = ends
            && ((s.4 == k + 3
                && matches!(word(k), "'s" | "’s")
                && word(k + 1) == "name"
                && matches!(word(k + 2), "is" | "was" | "'s"))
                || (s.4 == k + 2
                    && matches!(word(k), "is" | "was")
                    && matches!(word(k + 1), "named" | "called")));
        s.4 == k || set_off || named || name_is
    })
}

/// The owner of the relative named by the last two mentions ("my brother Tom") when the name
/// ends at word `at` (sentence-independent index).
fn named_relative_owner(out: &[Mention], at: usize) -> Option<Owner> {
    let [.., rel, name] = out else {
        return None;
    };
    match (&rel.kind, &name.kind) {
        (
            MentionKind::Relative { owner, .. },
            MentionKind::Name(EntityType::Person | EntityType::Location | EntityType::Other),
        ) if name.words.0 == rel.words.1 && name.words.1 == at => Some(*owner),
        _ => None,
    }
}

/// How many of the spans from `spans` name a relative noun ending at word `k`: none, the first
/// ([`name_follows`]), or after a plural noun the people listed ("my parents Linda and Mark", "my
/// kids Liam, Noah and Emma"), joined by "and", "&" or commas.
fn names_following(spans: &[RawSpan], info: &[WordInfo], k: usize) -> usize {
    let noun = info.get(k.wrapping_sub(1)).map_or("", |w| w.lower.as_str());
    let plural = (noun.ends_with('s') && !noun.ends_with("ss"))
        || matches!(noun, "children" | "grandchildren" | "people" | "folks");
    // "My parents, Linda and Mark, live in Ohio": a list set off by commas.
    let set_off = plural
        && info.get(k).is_some_and(|w| w.lower == ",")
        && spans.first().is_some_and(|s| s.4 == k + 1);
    // "Marie Curie's husband was Pierre Curie.": a person's name after the copula, closing
    // the clause, names a singular relative.
    let said_to_be = !plural
        && info
            .get(k)
            .is_some_and(|w| matches!(w.lower.as_str(), "is" | "was"))
        && spans
            .first()
            .is_some_and(|s| s.4 == k + 1 && s.2 == EntityType::Person)
        && info
            .get(spans[0].1)
            .is_none_or(|w| matches!(w.lower.as_str(), "," | "." | "!" | "?" | ";"));
    if said_to_be {
        return 1;
    }
    let next_to = name_follows(spans, info, k);
    if !set_off && !next_to {
        return 0;
    }
    // One word the tagger typed otherwise is a name in a list of people all the same.
    let person = |s: &RawSpan| {
        s.2 == EntityType::Person
            || (s.1 == s.0 + 1 && matches!(s.2, EntityType::Location | EntityType::Other))
    };
    let mut count = 1;
    while plural && count < spans.len() && count < 8 {
        let (prev, next) = (&spans[count - 1], &spans[count]);
        let gap: Vec<&str> = info[prev.1..next.4.min(info.len()).max(prev.1)]
            .iter()
            .map(|w| w.lower.as_str())
            .collect();
        let joined = matches!(gap.as_slice(), ["and" | "&" | ","] | [",", "and" | "&"]);
        if !joined || !person(next) {
            break;
        }
        count += 1;
    }
    // Set off, the list must close its phrase ("my kids, Liam and Noah, are").
    let closed = info
        .get(spans[count - 1].1)
        .is_none_or(|w| matches!(w.lower.as_str(), "," | "." | "!" | "?" | ";"));
    if !next_to && (count < 2 || !closed) {
        return 0;
    }
    count
}

/// Whether a word is the possessive "'s".
fn possessive(w: Option<&WordInfo>) -> bool {
    w.is_some_and(|w| gz::is_possessive(&w.lower))
}

/// Whether the word at `k` is a person's verb said by the word before it ("Caroline said hi"),
/// which makes that word a name; not a quote's inversion ("Awesome said Mel", "Nice said the
/// man", "Sweet, says she").
fn said_by_it(info: &[WordInfo], k: usize) -> bool {
    let Some(verb) = info.get(k) else {
        return false;
    };
    // Only a word that can be nothing but an adjective ("Caroline"): not an adverb ("Sadly
    // divorced"), a noun ("Witnesses told"), a kin word ("Mom said") or a people's word
    // ("Christian told").
    let opener = k.checked_sub(1).map(|o| &info[o]);
    let name_like = opener.is_some_and(|o| {
        crate::lexicon::parts_of_speech(&o.lower) == Some("a")
            && !o.lower.ends_with("ly")
            && o.flags & gz::KIN == 0
            && crate::demonyms::lookup(&o.lower).is_none()
    });
    let after = info.get(k + 1);
    let inverted = after.is_some_and(|w| {
        w.is_capitalised()
            || w.flags & gz::KIN != 0
            || matches!(
                w.lower.as_str(),
                "the"
                    | "a"
                    | "an"
                    | "my"
                    | "his"
                    | "her"
                    | "everyone"
                    | "everybody"
                    | "someone"
                    | "somebody"
                    | "nobody"
                    | "people"
            )
            || (w.flags & gz::PRONOUN != 0
                && info
                    .get(k + 2)
                    .is_none_or(|x| !x.lower.chars().any(char::is_alphanumeric)))
    });
    name_like && span_rules::person_verb(&verb.lower) && !inverted
}

/// A parent's or grandparent's word that conversation uses as a name ("Mom said"); not "mother"
/// or "father" ("Father Murphy"), nor "papa" ("Papa John's").
fn is_parent_word(lower: &str) -> bool {
    matches!(
        lower,
        "mom" | "dad" | "mum" | "mommy" | "daddy" | "grandma" | "grandpa" | "granny" | "nana"
    )
}

/// A verb form taking two objects, the first a person ("bought Mom flowers").
fn is_giving_verb(lower: &str) -> bool {
    let base = [
        "give", "buy", "send", "show", "bring", "get", "make", "tell", "ask", "wish", "owe",
        "teach", "offer", "pay", "lend", "cook", "read", "write",
    ];
    let irregular = [
        "gave", "given", "bought", "sent", "shown", "brought", "got", "gotten", "made", "told",
        "owed", "taught", "paid", "lent", "wrote", "written",
    ];
    irregular.contains(&lower)
        || base.iter().any(|b| {
            lower == *b
                || lower.strip_suffix('s') == Some(b)
                || lower.strip_suffix("ing").is_some_and(|x| {
                    x == *b || x.strip_suffix('e').is_none() && format!("{x}e") == *b
                })
                || lower
                    .strip_suffix("ed")
                    .is_some_and(|x| x == *b || format!("{x}e") == *b)
        })
}

/// Lower-case names given with "named" or "called" after a noun: "a puppy named biscuit", "my
/// friend called jess" (a person's when the noun names people, else of no known type); not "the
/// guy called me", "my mom called dad", "the store called back", "the kid called dibs".
fn named_in_lower_case(info: &[WordInfo]) -> Vec<(usize, EntityType)> {
    let word = |i: usize| info.get(i).map_or("", |w| w.lower.as_str());
    let mut out = Vec::new();
    for k in 2..info.len() {
        let w = &info[k];
        let before = word(k - 2);
        let name_like = !w.is_capitalised()
            && !w.is_upper
            && w.lower.chars().count() >= 2
            && w.lower.chars().all(char::is_alphabetic)
            && w.flags & (gz::STOPWORD | gz::PRONOUN | gz::KIN) == 0
            && !gz::is_function_word(&w.lower)
            && !crate::clause_words::is_time_word(&w.lower)
            && !crate::clause_words::is_particle(&w.lower)
            && !crate::lexicon::is_mostly_modifier(&w.lower)
            && !interjections::always(&w.lower);
        let after_noun = before.chars().all(char::is_alphabetic)
            && gz::flags(before) & (gz::STOPWORD | gz::PRONOUN) == 0
            && crate::lexicon::parts_of_speech(before).is_some_and(|p| p.contains('n'));
        // The name ends there: "named biscuit!", "called jess and ..."; not "called dinner off".
        let ends = !info.get(k + 1).is_some_and(|n| {
            n.lower.chars().any(char::is_alphanumeric)
                && gz::flags(&n.lower) & (gz::STOPWORD | gz::PRONOUN) == 0
                && !crate::predicate::is_prep(&n.lower)
                && !crate::clause_words::is_time_word(&n.lower)
        });
        // Naming takes an article before its noun, "called" an indefinite one ("the kid called
        // dibs", "my wife called uber" are calls), maybe with an adjective between.
        let det = |i: usize| match word(k - 1) {
            "called" => matches!(word(i), "a" | "an"),
            _ => matches!(
                word(i),
                "a" | "an" | "the" | "my" | "our" | "your" | "his" | "her" | "their"
            ),
        };
        let article = k >= 3
            && (det(k - 3)
                || (k >= 4 && det(k - 4) && crate::lexicon::is_mostly_modifier(word(k - 3))));
        let person = crate::lexicon::categories_of(before)
            .iter()
            .any(|c| matches!(*c, "person" | "family"));
        // A dictionary word names a thing or an animal ("a book called dune", "a puppy named
        // biscuit"), not what a person calls ("a coach called timeout", "a friend called
        // shotgun") nor a plural ("the report named names"); a given name names anyone.
        let given = gz::is_listed_given_name(w.flags, &w.lower);
        let dictionary = crate::lexicon::parts_of_speech(&w.lower).is_some()
            || crate::verbs::is_verb_form(&w.lower);
        let plural_word = w.lower.ends_with('s') && dictionary;
        let plausible = given
            || (!person && !crate::clause_words::is_empty_noun(before) && !plural_word)
            || (person && !dictionary && word(k - 1) == "named");
        if matches!(word(k - 1), "named" | "called")
            && name_like
            && after_noun
            && ends
            && article
            && plausible
        {
            out.push((
                k,
                if person {
                    EntityType::Person
                } else {
                    EntityType::Other
                },
            ));
        }
    }
    out
}

/// A capitalised word right after an owner's animal, which the tagger took for a common word:
/// "My dog Pretzel is afraid of storms", "our cat Mango" (not a place or a name it tagged).
fn pets_named(info: &[WordInfo]) -> Vec<usize> {
    (2..info.len())
        .filter(|&k| {
            info[k].is_title
                && matches!(
                    info[k - 2].lower.as_str(),
                    "my" | "our" | "your" | "his" | "her" | "their"
                )
                && crate::lexicon::categories_of(&info[k - 1].lower)
                    .iter()
                    .any(|c| matches!(*c, "pet" | "animal"))
                && info[k].flags & (gz::PLACE | gz::MONTH | gz::WEEKDAY | gz::PRONOUN) == 0
                && info[k].lower.chars().all(char::is_alphabetic)
        })
        .collect()
}

/// Assistants and brands named like people.
const CALLED_BY_NAME: &[&str] = &["alexa", "siri", "cortana", "chanel"];

/// Lower-case names in chat, as word ranges: a listed given name that is no English word, place
/// or company, where what is around it says a person: opening the sentence before a verb ("ingrid
/// taught me chess", "ingrid and i went"), or after a verb people are the object of or "with"
/// ("i met ingrid yesterday"), and not before a noun it would modify ("max capacity", "a hugo
/// boss suit"). An unknown word after it, then the same, is the surname ("max verstappen won").
fn lower_case_names(info: &[WordInfo], inter: &[bool]) -> Vec<(usize, usize)> {
    let word = |i: usize| info.get(i).map_or("", |w| w.lower.as_str());
    let given = |w: &WordInfo| {
        !w.is_capitalised()
            && !w.is_upper
            && gz::is_listed_given_name(w.flags, &w.lower)
            && w.flags & (gz::PLACE | gz::ORG_NAME | gz::STOPWORD | gz::PRONOUN | gz::KIN) == 0
            && crate::lexicon::parts_of_speech(&w.lower).is_none()
            && crate::lexicon::category_of(&w.lower).is_none()
            && !interjections::always(&w.lower)
            // Assistants and brands named like people.
            && !CALLED_BY_NAME.contains(&w.lower.as_str())
    };
    let alnum = |i: usize| word(i).chars().any(char::is_alphanumeric);
    let opens = |k: usize| {
        (0..k).all(|i| inter[i] || !alnum(i))
            || k == crate::span_rules::opener_len(info)
            || matches!(word(k.wrapping_sub(1)), "and" | "but" | "so" | "then")
                && (0..k - 1).any(|i| !alnum(i) && word(i) != "'")
    };
    // "and" joins a person to a person: "ben and ingrid", "me and ingrid" (not "min and max").
    let person_at = |i: usize| {
        info.get(i).is_some_and(|w| {
            w.is_capitalised()
                || matches!(w.lower.as_str(), "i" | "me" | "you" | "him" | "her" | "us")
                || given(w)
        })
    };
    let person_before = |k: usize| {
        k > 0
            && match word(k - 1) {
                "and" | "&" => k >= 2 && person_at(k - 2),
                w => matches!(
                    w,
                    "met"
                        | "meet"
                        | "meeting"
                        | "saw"
                        | "see"
                        | "seeing"
                        | "called"
                        | "call"
                        | "texted"
                        | "text"
                        | "told"
                        | "tell"
                        | "asked"
                        | "ask"
                        | "visited"
                        | "visit"
                        | "hugged"
                        | "miss"
                        | "missed"
                        | "married"
                        | "dating"
                        | "invited"
                        | "helped"
                        | "introduced"
                        | "with"
                        | "thank"
                        | "thanks"
                        | "hey"
                        | "hi"
                        | "hello"
                        | "bye"
                        | "congrats"
                ),
            }
    };
    // What may follow a name: the end, punctuation, a verb of its own, a joiner, a time word, a
    // preposition or a function word; not a noun or an adjective it would modify.
    let after_name = |i: usize, opening: bool| {
        let w = word(i);
        if opening {
            // "ingrid's brother": whose, not who; "max speed is", "hugo boss suits": a noun
            // with a verb's ending.
            (crate::clause_words::finite_verb(w)
                && !matches!(w, "'s" | "’s")
                && (crate::clause_words::is_aux(w)
                    || crate::verbs::is_irregular_past(w)
                    // An inflected form or a participle ("married"), no verb's own lemma
                    // that a noun shares ("speed", "boss").
                    || !crate::lexicon::parts_of_speech(w).is_some_and(|p| p.contains('v'))))
                || matches!(w, "and" | "&")
        } else {
            !alnum(i)
                || crate::clause_words::finite_verb(w)
                || crate::clause_words::is_time_word(w)
                || crate::predicate::is_prep(w)
                || gz::flags(w) & (gz::STOPWORD | gz::PRONOUN) != 0
                || gz::is_function_word(w)
        }
    };
    // Greeting someone by name, "hey john!", "thanks max,": a listed given name that is a
    // word too is the one greeted (not "hey man", "thanks dude": no given names).
    let greeted = |k: usize, w: &WordInfo| {
        k > 0
            && matches!(
                word(k - 1),
                "hey" | "hi" | "hello" | "bye" | "thanks" | "congrats"
            )
            && !alnum(k + 1)
            && !w.is_capitalised()
            && !w.is_upper
            && gz::is_listed_given_name(w.flags, &w.lower)
            && w.flags & (gz::PLACE | gz::ORG_NAME | gz::STOPWORD | gz::PRONOUN | gz::KIN) == 0
            && !interjections::always(&w.lower)
            && !CALLED_BY_NAME.contains(&w.lower.as_str())
    };
    let mut out = Vec::new();
    for (k, w) in info.iter().enumerate() {
        if greeted(k, w) {
            out.push((k, k + 1));
            continue;
        }
        if !given(w) {
            continue;
        }
        let opening = opens(k);
        if !opening && !person_before(k) {
            continue;
        }
        // "everything", "goodbye": words no word list has that are no surnames.
        let surname = info.get(k + 1).is_some_and(|n| {
            !n.is_capitalised()
                && n.lower.chars().count() >= 3
                && n.lower.chars().all(char::is_alphabetic)
                && n.flags == 0
                && crate::lexicon::parts_of_speech(&n.lower).is_none()
                && !crate::verbs::is_verbish(&n.lower)
                && !gz::is_function_word(&n.lower)
                && !interjections::always(&n.lower)
                && !interjections::colloquial(&n.lower)
        });
        if surname && after_name(k + 2, opening) {
            out.push((k, k + 2));
        } else if after_name(k + 1, opening) {
            out.push((k, k + 1));
        }
    }
    out
}

/// Every word of a name written as names are: "NEW YORK" -> "New York", "SAINT-DENIS" ->
/// "Saint-Denis".
fn title_cased(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut in_word = false;
    for c in name.chars() {
        if c.is_alphabetic() {
            if in_word {
                out.extend(c.to_lowercase());
            } else {
                out.extend(c.to_uppercase());
            }
            in_word = true;
        } else {
            out.push(c);
            // "O'BRIEN" -> "O'Brien", "JOHN'S" is cut before this.
            in_word = false;
        }
    }
    out
}

/// A name written as names are: "jess", "JESS" -> "Jess".
fn as_name(word: &str) -> String {
    let mut cs = word.chars();
    cs.next()
        .map(|c| {
            c.to_uppercase()
                .chain(cs.flat_map(char::to_lowercase))
                .collect()
        })
        .unwrap_or_default()
}
