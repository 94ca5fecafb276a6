//! Predicates from sentence structure: the words between two names give a verb phrase ("works
//! for"), an apposition ("X, the chairman of Y"), a possessive role ("Acme's chief executive X"),
//! a passive ("was killed by") or a bare preposition, with a direction and a confidence.

use crate::gazetteer::{self as gz};

/// One argument of a candidate pair: word range in the sentence and a one-letter type code
/// (P person, O organisation, L location, X other, D date).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Arg {
    pub start: usize,
    pub end: usize,
    pub code: u8,
}

/// A predicate found by the structure rules.
#[derive(Debug, Clone, PartialEq)]
pub struct Rule {
    pub predicate: String,
    /// Whether the first arg is the subject.
    pub forward: bool,
    pub confidence: f32,
    /// Which rule fired (a feature of the scorer).
    pub pattern: &'static str,
}

fn is_breaker(w: &str) -> bool {
    matches!(
        w,
        "," | ";"
            | ":"
            | "("
            | ")"
            | "\""
            | "and"
            | "or"
            | "but"
            | "while"
            | "although"
            | "because"
            | "--"
            | "_"
            | "-"
            | "."
            | "?"
            | "!"
    )
}

/// Prepositions that put a place after them ("in Lyon", "to Oslo").
pub(crate) fn is_place_prep(w: &str) -> bool {
    matches!(
        w,
        "in" | "at" | "to" | "from" | "near" | "into" | "outside" | "inside" | "around" | "across"
    )
}

pub(crate) fn is_prep(w: &str) -> bool {
    matches!(
        w,
        "in" | "at"
            | "of"
            | "for"
            | "from"
            | "to"
            | "on"
            | "with"
            | "by"
            | "near"
            | "into"
            | "outside"
            | "inside"
    )
}

fn is_aux(w: &str) -> bool {
    matches!(
        w,
        "is" | "are"
            | "was"
            | "were"
            | "be"
            | "been"
            | "being"
            | "am"
            | "has"
            | "have"
            | "had"
            | "will"
            | "would"
            | "'s"
            | "'m"
            | "'re"
            | "'ve"
    )
}

fn is_droppable(w: &str) -> bool {
    matches!(
        w,
        "here"
            | "there"
            | "later"
            | "soon"
            | "finally"
            | "eventually"
            | "once"
            | "often"
            | "the"
            | "a"
            | "an"
            | "also"
            | "now"
            | "still"
            | "then"
            | "just"
            | "currently"
            | "recently"
            | "already"
    ) || (w.len() > 4 && w.ends_with("ly"))
}

/// Whether a phrase starts like a verb phrase (no tagger for parts of speech: an auxiliary, an
/// inflected form or a common base verb), so "Berlin office of" is not taken for one.
fn looks_verbal(ws: &[&str]) -> bool {
    // "no longer works at": a negated verb phrase (an ending of what the verb states).
    if let ["no", "longer", rest @ ..] = ws {
        return looks_verbal(rest);
    }
    let Some(first) = ws.first() else {
        return false;
    };
    is_aux(first)
        || ["s", "ed", "ing", "en"]
            .iter()
            .any(|e| first.len() > e.len() + 2 && first.ends_with(e))
        // Short pasts: "died in", "led", "won".
        || crate::verbs::is_irregular_past(first)
        || (first.ends_with("ied") && crate::verbs::is_verbish(first))
        || matches!(
            *first,
            "work"
                | "live"
                | "move"
                | "join"
                | "lead"
                | "own"
                | "run"
                | "head"
                | "found"
                | "visit"
                | "meet"
                | "met"
                | "marry"
                | "teach"
                | "study"
                | "attend"
                | "play"
                | "write"
                | "wrote"
                | "build"
                | "built"
                | "buy"
                | "bought"
                | "sell"
                | "sold"
                | "acquire"
                | "become"
                | "became"
                | "sworn"
                | "serve"
                | "win"
                | "won"
                | "lose"
                | "lost"
                | "leave"
                | "left"
                | "quit"
                | "resign"
                | "retire"
                | "hire"
                | "fire"
                | "divorce"
                | "wed"
                | "return"
                | "support"
                | "manage"
                | "direct"
                | "chair"
                | "coach"
                | "sign"
                | "graduate"
                | "grew"
                | "go"
                | "went"
                | "come"
                | "came"
                | "love"
                | "like"
                | "hate"
                | "know"
                | "knew"
                | "stay"
                | "get"
                | "got"
                | "make"
                | "made"
                | "take"
                | "took"
                | "led"
                | "ran"
                | "beat"
                | "kill"
                | "shot"
                | "hit"
                | "hold"
                | "held"
                | "rule"
                | "say"
                | "said"
                | "tell"
                | "told"
                | "call"
                | "use"
                | "need"
                | "want"
                | "prefer"
        )
}

/// Past participles that open a relation after a description: "born in", "based in".
fn is_participle(w: &str) -> bool {
    matches!(
        w,
        "born"
            | "based"
            | "located"
            | "founded"
            | "raised"
            | "buried"
            | "educated"
            | "known"
            | "situated"
            | "headquartered"
            | "owned"
            | "led"
            | "built"
            | "written"
            | "directed"
    ) || (w.len() > 5 && w.ends_with("ed") && gz::flags(w) & gz::STOPWORD == 0)
}

/// Whether a word can carry a predicate: a lower-case word that is not a function word.
fn is_content(w: &str) -> bool {
    w.chars().all(|c| c.is_alphabetic() || c == '-')
        && !w.is_empty()
        && gz::flags(w) & (gz::STOPWORD | gz::PRONOUN) == 0
}

/// The words without one saying which in a line of holders a role's is ("became the first
/// President of", "was the second female president of"): no part of the role.
fn without_rank<'a, 'b>(ws: &'b [&'a str]) -> std::borrow::Cow<'b, [&'a str]> {
    let rank = |k: usize| {
        matches!(
            ws[k],
            "first" | "second" | "third" | "fourth" | "fifth" | "last" | "sole" | "only"
        ) && ws[k + 1..]
            .iter()
            .take(2)
            .any(|w| gz::flags(w) & gz::ROLE != 0)
    };
    if (0..ws.len()).any(rank) {
        std::borrow::Cow::Owned((0..ws.len()).filter(|&k| !rank(k)).map(|k| ws[k]).collect())
    } else {
        std::borrow::Cow::Borrowed(ws)
    }
}

fn role_phrase(ws: &[&str]) -> Option<String> {
    let ws = &without_rank(ws)[..];
    if ws.is_empty() || ws.len() > 4 || !ws.iter().any(|w| gz::flags(w) & gz::ROLE != 0) {
        return None;
    }
    ws.iter()
        .all(|w| is_content(w) || *w == "and")
        .then(|| short_titles(&ws.join(" ")))
}

/// What the words after a possessive say the second name is of the first: "Acme's chief
/// executive John Smith", "Initech's CFO, Bill Lumbergh" (the comma opens the apposition),
/// "Bavaria's capital is Munich", "Its founder was Ann Lee".
fn possessive_role(role: &[&str]) -> Option<Rule> {
    let role = role.strip_suffix(&[","]).unwrap_or(role);
    let predicate = if let [noun @ .., "is" | "was"] = role {
        role_phrase(noun).or_else(|| relational_noun(noun))?
    } else {
        role_phrase(role)?
    };
    Some(Rule {
        predicate: format!("{predicate} of"),
        forward: false,
        confidence: 0.7,
        pattern: "possessive-role",
    })
}

/// A noun, not a role, that names what one thing is of another: "capital", "founder",
/// "husband" (of "Bavaria's capital is Munich", "The founder of Acme was Ann Lee").
fn relational_noun(ws: &[&str]) -> Option<String> {
    let [w] = ws else { return None };
    (gz::flags(w) & gz::KIN != 0
        || matches!(
            *w,
            "capital"
                | "founder"
                | "co-founder"
                | "cofounder"
                | "author"
                | "creator"
                | "owner"
                | "successor"
                | "predecessor"
                | "architect"
                | "designer"
                | "inventor"
        ))
    .then(|| w.to_string())
}

/// Chief officers by their usual short titles, so that "chief executive officer of", "chief
/// executive of" and "CEO of" state one relation (CEO_OF, a family whose facts change).
fn short_titles(phrase: &str) -> String {
    const TITLES: [(&[&str], &str); 5] = [
        (&["chief", "executive", "officer"], "ceo"),
        (&["chief", "executive"], "ceo"),
        (&["chief", "financial", "officer"], "cfo"),
        (&["chief", "operating", "officer"], "coo"),
        (&["chief", "technology", "officer"], "cto"),
    ];
    let words: Vec<&str> = phrase.split(' ').collect();
    let mut out: Vec<&str> = Vec::with_capacity(words.len());
    let mut i = 0;
    'words: while i < words.len() {
        for (long, short) in TITLES {
            // The whole title, not a "chief executive organ of".
            let ends = |k: usize| {
                words
                    .get(k)
                    .is_none_or(|w| matches!(*w, "and" | "of" | "at" | "for"))
            };
            if words[i..].starts_with(long) && ends(i + long.len()) {
                out.push(short);
                i += long.len();
                continue 'words;
            }
        }
        out.push(words[i]);
        i += 1;
    }
    out.join(" ")
}

/// A verb phrase that gives the subject a role of the object: "became CEO of", "was named
/// chairman of", "stepped down as chief executive of" (auxiliaries already dropped). A role after
/// a preposition ("spoke with the president of") is someone unnamed, not the subject.
fn verb_role(core: &[&str]) -> Option<String> {
    let core = &without_rank(core)[..];
    let r = core.iter().position(|w| gz::flags(w) & gz::ROLE != 0)?;
    let (verb, role) = core.split_at(r);
    let (last, role) = role.split_last()?;
    // "was sworn in as", "took over as": a particle before "as" is the verb's.
    let as_role = verb.last() == Some(&"as");
    let verb_ok = !verb.is_empty()
        && looks_verbal(verb)
        && verb.iter().all(|w| {
            (is_content(w) && !is_prep(w))
                || (as_role && matches!(*w, "in" | "over" | "on" | "up"))
                || matches!(*w, "as" | "no" | "longer")
        });
    (verb_ok && matches!(*last, "of" | "at" | "for") && role_phrase(role).is_some())
        .then(|| short_titles(&core.join(" ")))
}

/// The predicate between args `a` (first) and `b` from the words between them, if the sentence
/// structure states one.
pub fn rule(lower: &[String], a: Arg, b: Arg) -> Option<Rule> {
    let raw: Vec<&str> = lower[a.end..b.start].iter().map(String::as_str).collect();
    // An apposition first ("X, the most decorated rower of all time, moved to Y") may be longer.
    let apposition = raw.len() > 2 && raw[0] == "," && matches!(raw[1], "the" | "a" | "an");
    if raw.len() > if apposition { 14 } else { 10 } {
        return None;
    }
    if role_holders(lower, a, b) {
        return None;
    }
    // "The CEO of OpenAI, Sam Altman, spoke": the name set off after "the ROLE of X" holds it.
    if raw == [","] && a.start >= 2 && lower[a.start - 1] == "of" {
        let mut k = a.start - 1;
        while k > 0 && a.start - 1 - k < 3 && is_content(&lower[k - 1]) {
            k -= 1;
        }
        let role: Vec<&str> = lower[k..a.start - 1].iter().map(String::as_str).collect();
        let fronted = k == 0 || matches!(lower[k - 1].as_str(), "the" | "," | "former");
        let closed = lower.get(b.end).is_none_or(|w| is_breaker(w));
        if let Some(r) = role_phrase(&role).filter(|_| fronted && closed) {
            return Some(Rule {
                predicate: format!("{r} of"),
                forward: false,
                confidence: 0.7,
                pattern: "fronted-role",
            });
        }
    }
    // "Its capital is Munich": a possessive pronoun opening the sentence stands for the name
    // it was resolved to.
    if a.end == a.start + 1 && a.start == 0 && matches!(lower[a.start].as_str(), "its" | "their") {
        return possessive_role(&raw).filter(|r| r.predicate != "of");
    }
    // "The capital of Bavaria is Munich", "The founder of Acme was Ann Lee": the second name
    // is what the noun names of the first.
    if matches!(raw.as_slice(), ["is" | "was"]) && a.start >= 3 && lower[a.start - 1] == "of" {
        let noun = lower[a.start - 2].as_str();
        let opens = a.start == 3 || is_breaker(&lower[a.start - 4]);
        let closed = lower.get(b.end).is_none_or(|w| is_breaker(w) || w == ".");
        if lower[a.start - 3] == "the" && opens && closed {
            if let Some(r) = role_phrase(&[noun]).or_else(|| relational_noun(&[noun])) {
                return Some(Rule {
                    predicate: format!("{r} of"),
                    forward: false,
                    confidence: 0.7,
                    pattern: "fronted-role",
                });
            }
        }
    }
    // "X was born in A and worked in B": the verb after "and" is not A's but the clause
    // subject's (`relations::coordinated` finds it); A and B are not related by it.
    if raw.len() >= 2 && matches!(raw[0], "and" | "but") {
        return rule_words(&raw[1..], a, b)
            .filter(|r| r.forward && r.pattern == "verb-phrase")
            .map(|r| Rule {
                pattern: COORDINATED,
                confidence: r.confidence * 0.9,
                ..r
            });
    }
    // "Bill Lumbergh, Initech's CFO, resigned": the role after the second name is the first's.
    // "Peter Lind, Cobalt Systems' CEO,": a plural's possessive too.
    let plural_possessive = lower
        .get(b.end)
        .is_some_and(|w| matches!(w.as_str(), "'" | "\u{2019}"))
        && lower.get(b.end - 1).is_some_and(|w| w.ends_with('s'));
    if raw == [","] && (lower.get(b.end).is_some_and(|w| gz::is_possessive(w)) || plural_possessive)
    {
        let role: Vec<&str> = lower[b.end + 1..]
            .iter()
            .map(String::as_str)
            .take_while(|w| !is_breaker(w))
            .collect();
        let closed = lower
            .get(b.end + 1 + role.len())
            .is_none_or(|w| is_breaker(w));
        if let Some(r) = role_phrase(&role).filter(|_| closed) {
            return Some(Rule {
                predicate: format!("{r} of"),
                forward: true,
                confidence: 0.7,
                pattern: "apposition-possessive-role",
            });
        }
    }
    rule_words(&raw, a, b)
}

/// Whether `a` names what an unnamed role holder is of and a verb follows before `b`: "The
/// chairman of Toyota visited Detroit" says nothing of Toyota and Detroit, "the president of
/// France met the chancellor of Germany" nothing of France and Germany.
pub(crate) fn role_holders(lower: &[String], a: Arg, b: Arg) -> bool {
    let role_of = a.start >= 2
        && lower[a.start - 1] == "of"
        && gz::flags(&lower[a.start - 2]) & gz::ROLE != 0;
    // "Tim Cook, the chief executive of Apple, visited Beijing": after an apposition's comma the
    // verb is the named person's, which `after-apposition` passes on.
    let between = &lower[a.end..b.start];
    role_of
        && between.first().is_some_and(|w| w != ",")
        && between.iter().any(|w| is_content(w) && !is_prep(w))
}

/// `Rule::pattern` of a verb phrase after "and" whose subject is the clause's, not the name
/// before it.
pub const COORDINATED: &str = "coordinated-verb";

/// The predicate stated by the words between two args (see `rule`).
fn rule_words(raw: &[&str], a: Arg, b: Arg) -> Option<Rule> {
    let mk = |p: String, forward: bool, confidence: f32, pattern: &'static str| {
        Some(Rule {
            predicate: p,
            forward,
            confidence,
            pattern,
        })
    };
    // "Acme 's chief executive John Smith": b is a's role ("Stark Industries ' CEO" too).
    if matches!(raw.first(), Some(&("'s" | "'" | "\u{2019}s" | "\u{2019}"))) {
        return possessive_role(&raw[1..]);
    }
    // "Freddie Mercury, the singer, was born in": an apposition describing the first name (a
    // determiner, no verb, closed by its comma) leaves the verb phrase after it the first name's.
    if raw.len() >= 5 && raw[0] == "," && matches!(raw[1], "the" | "a" | "an") {
        if let Some(j) = raw[2..].iter().position(|w| *w == ",").map(|j| j + 2) {
            let inner = &raw[2..j];
            let verbless = !inner.iter().any(|w| {
                is_aux(w) || matches!(*w, "who" | "which" | "that" | "where" | "when" | "whose")
            });
            if inner.len() <= 8 && verbless && j + 1 < raw.len() {
                return rule_words(&raw[j + 1..], a, b)
                    .filter(|r| matches!(r.pattern, "verb-phrase" | "passive" | "role-of"));
            }
        }
    }
    // "married the muralist Diego Rivera", "designed by the Danish architect Jorn Utzon": what
    // the second name is, between a verb or preposition and it, is no part of the predicate.
    let described = raw
        .iter()
        .rposition(|w| matches!(*w, "the" | "a" | "an"))
        .filter(|&d| {
            d > 0
                && (1..=3).contains(&(raw.len() - d - 1))
                && !matches!(raw[d - 1], "," | "of" | "'s")
                && raw[d + 1..]
                    .iter()
                    .all(|w| is_content(w) && !is_prep(w) && !is_aux(w))
        });
    let raw = &raw[..described.unwrap_or(raw.len())];
    // Appositions: "X , (the) chairman of Y", "X , who works for Y", "X , Y" between places.
    let mut ws: Vec<&str> = raw.iter().copied().filter(|w| !is_droppable(w)).collect();
    let mut after_comma = false;
    if ws.first() == Some(&",") {
        if ws.len() == 1 {
            return (a.code == b'L' && b.code == b'L').then(|| Rule {
                predicate: "located in".into(),
                forward: true,
                confidence: 0.6,
                pattern: "place-comma",
            });
        }
        ws.remove(0);
        if matches!(ws.first(), Some(&("who" | "which" | "that"))) {
            ws.remove(0);
        } else {
            after_comma = true;
        }
        if let Some((last, head)) = ws.split_last() {
            if matches!(*last, "of" | "at" | "for" | "in") {
                if let Some(r) = role_phrase(head) {
                    return mk(format!("{r} {last}"), true, 0.7, "apposition-role");
                }
            }
        }
    }
    // "was a French physicist born in", "was a physicist and chemist born in": the description
    // is a fact of its own (IS_A, see `definitions::descriptions`); the verb after it relates
    // the two names.
    if !after_comma
        && ws
            .first()
            .is_some_and(|w| matches!(*w, "is" | "was" | "are" | "were"))
    {
        if let Some(p) = ws.iter().position(|w| is_participle(w)).filter(|&p| p > 1) {
            if !ws[p..].iter().any(|w| is_breaker(w)) {
                ws.drain(1..p);
            }
        }
    }
    // "is the co-founder and CEO of": two roles joined by "and" (a breaker elsewhere).
    if let Some((last, head)) = ws.split_last() {
        let head = &head[head.iter().take_while(|w| is_aux(w)).count()..];
        if matches!(*last, "of" | "at" | "for") && head.contains(&"and") {
            if let Some(r) = role_phrase(head) {
                return mk(format!("{r} {last}"), true, 0.7, "role-of");
            }
        }
    }
    if ws.is_empty() || ws.iter().any(|w| is_breaker(w)) {
        return None;
    }
    if ws.len() > 5 {
        // Long only when a role is spelt out: "was appointed chief executive officer of".
        let core: Vec<&str> = ws.iter().copied().filter(|w| !is_aux(w)).collect();
        return (ws.len() <= 7)
            .then(|| verb_role(&core))
            .flatten()
            .and_then(|r| mk(r, true, 0.65, "verb-phrase"));
    }
    if ws.len() == 1 && is_prep(ws[0]) {
        let p = match (a.code, b.code, ws[0]) {
            (b'L', b'L', "in" | "of") => "located in".to_string(),
            (b'O', b'L', "in" | "of") => "based in".to_string(),
            (_, _, p) => p.to_string(),
        };
        return mk(p, true, 0.5, "preposition");
    }
    if let Some((last, head)) = ws.split_last() {
        if matches!(*last, "of" | "at" | "for") {
            // "is (the) CEO of": the auxiliary says nothing the role does not.
            let head = &head[head.iter().take_while(|w| is_aux(w)).count()..];
            if let Some(r) = role_phrase(head) {
                return mk(format!("{r} {last}"), true, 0.7, "role-of");
            }
        }
    }
    // A verb phrase: optional auxiliaries, content words, an optional closing preposition. A role
    // noun inside ("spoke with the president of") means the object is someone unnamed.
    // A possessive before the verb's own noun says nothing about the two names: "moved its
    // headquarters to" is "moved headquarters to".
    let core: Vec<&str> = ws
        .iter()
        .copied()
        .filter(|w| !is_aux(w) && !matches!(*w, "its" | "their"))
        .collect();
    // "no longer" before a verb phrase negates it: its words stay in the predicate.
    let negated = core.starts_with(&["no", "longer"]);
    if let Some(r) = verb_role(&core) {
        return mk(r, true, 0.65, "verb-phrase");
    }
    let core_check = if negated { &core[2..] } else { &core[..] };
    let first = *core_check.first()?;
    // "flew in from", "moved out of", "came over to": a particle before the closing preposition
    // is the verb's, no second preposition.
    let particle_then_prep = matches!(
        core_check,
        [_, .., p, last] if matches!(*p, "in" | "out" | "up" | "down" | "over" | "off")
            && is_prep(last)
    );
    let preps = core_check.iter().filter(|w| is_prep(w)).count();
    if !is_content(first)
        || core_check
            .iter()
            .any(|w| (!is_content(w) && !is_prep(w)) || gz::flags(w) & gz::ROLE != 0)
        || preps > 1 + usize::from(particle_then_prep)
    {
        return None;
    }
    // Passive: "X was killed by Y" states "Y killed X".
    if ws.len() >= 3 && is_aux(ws[0]) && ws.last() == Some(&"by") && first.ends_with("ed") {
        let p: Vec<&str> = core[..core.len() - 1].to_vec();
        return mk(p.join(" "), false, 0.65, "passive");
    }
    if after_comma {
        // "Tim Cook, the chief executive of Apple, visited Beijing": the verb's subject is the
        // name before the apposition, not `a`.
        return mk(core.join(" "), true, 0.6, "after-apposition");
    }
    if !looks_verbal(&ws) {
        return None;
    }
    mk(core.join(" "), true, 0.65, "verb-phrase")
}
