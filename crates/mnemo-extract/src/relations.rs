//! Relations between the mentions of one sentence: a pair scorer (averaged perceptron trained on
//! CoNLL04 train, `model/rel.bin`) decides whether and in which direction two mentions are related,
//! and sentence-structure rules (verb phrases, appositions, "X of Y", possessives, passives) give the
//! predicate wording and let clear verb-phrase relations through in any domain.

use std::sync::OnceLock;

use crate::features::hash;
use crate::perceptron::argmax;
pub use crate::predicate::Arg;
use crate::predicate::{is_prep, rule, Rule};
use crate::tagger::{NameSpan, NameType};
use crate::Perceptron;

/// Mentions further apart than this (in mentions) are not paired: bounds work per sentence.
pub const MAX_PAIR_GAP: usize = 4;

/// Between-words beyond this are not paired.
const MAX_BETWEEN_WORDS: usize = 20;

static WEIGHTS: &[u8] = include_bytes!("../model/rel.bin");

/// The shipped pair scorer.
pub fn shipped() -> &'static Perceptron {
    static MODEL: OnceLock<Perceptron> = OnceLock::new();
    MODEL.get_or_init(|| {
        Perceptron::from_bytes(WEIGHTS)
            .unwrap_or_else(|e| panic!("the shipped model/rel.bin is corrupt: {e}"))
    })
}

/// A relation found between two args (indices into the sentence's args).
#[derive(Debug, Clone, PartialEq)]
pub struct PairRelation {
    pub head: usize,
    pub tail: usize,
    pub predicate: String,
    pub confidence: f32,
}

pub fn code_of(kind: NameType) -> u8 {
    match kind {
        NameType::Person => b'P',
        NameType::Organization => b'O',
        NameType::Location => b'L',
        NameType::Other => b'X',
    }
}

fn pair_features(
    lower: &[String],
    a: Arg,
    b: Arg,
    n_between_args: usize,
    rule: Option<&Rule>,
    out: &mut Vec<u32>,
) {
    out.clear();
    let types = [a.code, b'-', b.code];
    let between = &lower[a.end..b.start];
    let nb = between.len();
    out.push(hash(100, &[&types]));
    out.push(hash(101, &[&types, &[nb.min(8) as u8]]));
    out.push(hash(102, &[&types, &[n_between_args.min(3) as u8]]));
    let take: Vec<&String> = if nb <= 8 {
        between.iter().collect()
    } else {
        between[..4].iter().chain(&between[nb - 4..]).collect()
    };
    for w in &take {
        out.push(hash(103, &[w.as_bytes()]));
        out.push(hash(104, &[&types, w.as_bytes()]));
    }
    for pair in take.windows(2) {
        out.push(hash(105, &[pair[0].as_bytes(), pair[1].as_bytes()]));
    }
    if let (Some(f), Some(l)) = (between.first(), between.last()) {
        out.push(hash(106, &[&types, f.as_bytes()]));
        out.push(hash(107, &[&types, l.as_bytes()]));
        out.push(hash(108, &[f.as_bytes(), l.as_bytes()]));
    } else {
        out.push(hash(106, &[&types, b"<adjacent>"]));
    }
    if nb <= 4 {
        let joined = between.join(" ");
        out.push(hash(109, &[&types, joined.as_bytes()]));
    }
    let before = if a.start > 0 {
        lower[a.start - 1].as_str()
    } else {
        "<s>"
    };
    let after = lower.get(b.end).map_or("</s>", String::as_str);
    out.push(hash(110, &[&types, before.as_bytes()]));
    out.push(hash(111, &[&types, after.as_bytes()]));
    for w in &lower[a.start..a.end] {
        out.push(hash(112, &[&types, w.as_bytes()]));
    }
    for w in &lower[b.start..b.end] {
        out.push(hash(113, &[&types, w.as_bytes()]));
    }
    if let Some(r) = rule {
        out.push(hash(
            114,
            &[&types, r.pattern.as_bytes(), &[u8::from(r.forward)]],
        ));
    }
}

/// Finds relations among the args of one sentence (args sorted by position). `lower` are the
/// sentence's lower-cased words.
pub fn sentence_relations(model: &Perceptron, lower: &[String], args: &[Arg]) -> Vec<PairRelation> {
    let mut out = Vec::new();
    let mut feats = Vec::with_capacity(64);
    let mut scores = vec![0.0f32; model.n_classes().max(3)];
    // The rule of each pair of neighbouring args (`adjacent[i]`: args i and i + 1), computed once
    // for the coordination pass and the pair loop.
    let adjacent: Vec<Option<Rule>> = args
        .windows(2)
        .map(|w| {
            (w[1].start >= w[0].end)
                .then(|| rule(lower, w[0], w[1]))
                .flatten()
        })
        .collect();
    let (coordinated, skip) = coordinated(lower, args, &adjacent);
    out.extend(coordinated);
    for i in 0..args.len() {
        for j in i + 1..args.len().min(i + 1 + MAX_PAIR_GAP) {
            let (a, b) = (args[i], args[j]);
            // A date is a subject's only as the last word of a relative clause ("Siemens,
            // which bought Acme in 2003, moved to Munich"), for the clause's subject.
            let date_ends_clause = j == i + 1
                && adjacent[i]
                    .as_ref()
                    .is_some_and(|r| r.pattern == "after-apposition");
            if b.start < a.end
                || b.start - a.end > MAX_BETWEEN_WORDS
                || (a.code == b'D' && !date_ends_clause)
                || skip.contains(&(i, j))
            {
                continue;
            }
            // Another name between the two: the words between are no predicate of this pair.
            let r = if j == i + 1 {
                adjacent[i].clone()
            } else {
                through_date(lower, args, &adjacent, i, j)
                    .or_else(|| from_to(lower, args, &adjacent, i, j))
                    .or_else(|| agent_after_places(lower, args, &adjacent, i, j))
            };
            // "Its capital is Munich": "its" relates by its noun alone ("Its seat is located in
            // Elblag" locates the seat).
            let its =
                |x: Arg| x.end == x.start + 1 && matches!(lower[x.start].as_str(), "its" | "their");
            if (its(a) || its(b)) && r.as_ref().is_none_or(|r| r.pattern != "possessive-role") {
                continue;
            }
            let next = j == i + 1 || r.is_some();
            // "signed between France and Germany in Paris": a name of a "between" phrase
            // modifies what comes before it; it is no subject of what follows.
            if between_member(lower, args, i) && !between_member(lower, args, j) {
                continue;
            }
            // "Lena, whose dad works at Siemens, ...": the clause is about someone of Lena's,
            // not Lena ("Apple, whose headquarters are in Cupertino": about Apple's place).
            let whose_at = |k: usize| {
                lower.get(k).is_some_and(|w| w == "whose")
                    && lower.iter().skip(k + 1).take(2).any(|w| {
                        crate::gazetteer::flags(w)
                            & (crate::gazetteer::KIN | crate::gazetteer::ROLE)
                            != 0
                            || matches!(crate::lexicon::category_of(w), Some("person" | "family"))
                    })
            };
            if whose_at(a.end)
                || (lower.get(a.end).is_some_and(|w| w == ",") && whose_at(a.end + 1))
            {
                continue;
            }
            if in_restrictive_clause(lower, a.start, b.start) {
                continue;
            }
            // "Anna studied at Harvard, which is located in Cambridge": a name inside a relative
            // clause about a later name than `a` is that name's, not `a`'s.
            let clause_of_other = (a.end..b.start).any(|k| {
                lower[k] == ","
                    && relative_pronoun(lower, k + 1)
                    && args[i + 1..j].iter().any(|h| h.end == k)
            });
            if clause_of_other {
                continue;
            }
            // "Tim Cook, the chief executive of Apple, visited Beijing".
            let after_role = j == i + 1
                && i > 0
                && adjacent[i - 1]
                    .as_ref()
                    .is_some_and(|p| p.pattern == "apposition-role");
            // "Jeff Bezos, who founded Amazon, lives in Miami": a name inside a relative clause
            // relates to no name after the clause's closing comma; the verb there is the
            // clause subject's (or an unnamed one's: "The company, which Jobs founded, is ...").
            // The comma that closes the clause; one opening a clause nested in it ("Sarah Lee,
            // who works at Google") closes nothing.
            let closes =
                (a.end..b.start).any(|k| lower[k] == "," && !relative_pronoun(lower, k + 1));
            let clause =
                (!after_role && closes && r.as_ref().is_none_or(|r| r.pattern != "place-comma"))
                    .then(|| relative_clause_subject(lower, args, i))
                    .flatten();
            let subject = if after_role {
                Some(i - 1)
            } else {
                clause.flatten()
            };
            // "TSMC, headquartered in Hsinchu, was founded by Morris Chang": a passive after
            // the closing comma is the clause subject's too.
            let after_comma = lower.get(a.end).is_some_and(|w| w == ",");
            if let Some(r) = r.as_ref().filter(|r| {
                r.pattern == "after-apposition" || (r.pattern == "passive" && after_comma)
            }) {
                if let Some(h) = subject.filter(|_| j == i + 1) {
                    // A passive's agent is the head.
                    let (head, tail) = if r.forward { (h, j) } else { (j, h) };
                    out.push(PairRelation {
                        head,
                        tail,
                        predicate: r.predicate.clone(),
                        confidence: r.confidence,
                    });
                    continue;
                }
            }
            if clause.is_some() {
                continue;
            }
            if a.code == b'D' {
                continue;
            }
            // A name right after a preposition modifies the name before it ("Koch of New York
            // spoke"): it is not the subject of the verb that follows.
            // "works at Globex, which is based in Oslo": a relative clause right after the name
            // is about it, whatever governs it.
            let described =
                lower.get(a.end).is_some_and(|w| w == ",") && relative_pronoun(lower, a.end + 1);
            let modifier = a.start > 0 && is_prep(&lower[a.start - 1]) && !described;
            // "Guadalajara, Monterrey, Tijuana and Puebla" is a list, not "X, Y" nesting.
            let in_list = (a.start > 0 && lower[a.start - 1] == ",")
                || lower.get(b.end).is_some_and(|w| w == "and" || w == "or");
            if in_list && r.as_ref().is_some_and(|r| r.pattern == "place-comma") {
                continue;
            }
            if b.code == b'D' {
                // Dates take part only as stated objects ("founded on April 1, 1976").
                if let Some(r) =
                    r.filter(|r| r.forward && r.pattern == "verb-phrase" && j == i + 1 && !modifier)
                {
                    if matches!(r.predicate.rsplit(' ').next(), Some("on" | "in" | "since")) {
                        out.push(PairRelation {
                            head: i,
                            tail: j,
                            predicate: r.predicate,
                            confidence: 0.6,
                        });
                    }
                }
                continue;
            }
            if crate::predicate::role_holders(lower, a, b) {
                continue;
            }
            // "Amazon was founded by Jeff Bezos in Seattle": the place after a person agent of a
            // passive is where the passive's subject was founded, not where the agent is.
            // An organisation agent is often where it stands: "processed by Cox Packing Co. in
            // Devine".
            let agent_then_place = j == i + 1
                && b.code == b'L'
                && a.code == b'P'
                && a.start > 0
                && lower[a.start - 1] == "by"
                && matches!(&lower[a.end..b.start], [p] if p == "in" || p == "at");
            if let Some((h, verb)) = agent_then_place
                .then(|| agent_of_passive(lower, args, &adjacent, i))
                .flatten()
            {
                out.push(PairRelation {
                    head: h,
                    tail: j,
                    predicate: format!("{verb} {}", lower[a.end]),
                    confidence: 0.6,
                });
                continue;
            }
            pair_features(lower, a, b, j - i - 1, r.as_ref(), &mut feats);
            model.score_into(&feats, &mut scores[..model.n_classes()]);
            let best = argmax(&scores[..3]);
            let margin = scores[best] - scores[0];
            let (forward, confidence) = if best != 0 {
                (
                    best == 1,
                    (1.0 / (1.0 + (-margin / 4.0).exp())).clamp(0.5, 0.99),
                )
            } else if let Some(r) = r.as_ref().filter(|r| {
                // "The CEO of OpenAI, Sam Altman,": the name after "of" is the role's firm.
                (!matches!(r.pattern, "preposition" | "after-apposition") && next && !modifier)
                    || (r.pattern == "fronted-role" && next)
            }) {
                // Clear sentence structure holds even where the scorer (trained on news) says no.
                (r.forward, r.confidence * 0.8)
            } else {
                continue;
            };
            let mut forward = forward;
            let predicate = match &r {
                Some(r) if r.forward == forward => r.predicate.clone(),
                // "Kubernetes is maintained by Google": the passive says which way it goes.
                Some(r) if matches!(r.pattern, "passive" | "possessive-role" | "fronted-role") => {
                    forward = r.forward;
                    r.predicate.clone()
                }
                // The scorer (trained on news: people work for organisations) can find the pair
                // related but turn it around; a verb between the two names says which way it goes
                // ("Cyberdyne hired David Cohen").
                Some(r) if r.pattern == "verb-phrase" && next && !modifier => {
                    forward = r.forward;
                    r.predicate.clone()
                }
                _ => default_predicate(if forward {
                    (a.code, b.code)
                } else {
                    (b.code, a.code)
                }),
            };
            // An organisation is based where the words between say nothing else: "NATO over
            // Ukraine", "Tesla shares fall after Musk" place nothing.
            if predicate == "based in" && forward && !base_between(&lower[a.end..b.start]) {
                continue;
            }
            // A relation the scorer saw but no wording states ranks below stated ones.
            let confidence = if predicate == "related to" {
                confidence * 0.7
            } else {
                confidence
            };
            let (head, tail) = if forward { (i, j) } else { (j, i) };
            out.push(PairRelation {
                head,
                tail,
                predicate,
                confidence,
            });
        }
    }
    fronted_participle(lower, args, &mut out);
    succession_roles(lower, args, &mut out);
    crate::relation_lists::spread_over_lists(lower, args, &mut out);
    // "born in Yate, England": the scorer relates the person to the country too; a birth or a
    // death in a place was in the larger one it lies in, so the wording is the city's. (Not a
    // residence: "lives in Portland, Oregon" would give two homes a family of facts that holds
    // one at a time.)
    let worded: Vec<(usize, usize, String)> = out
        .iter()
        .filter(|r| {
            matches!(
                r.predicate.as_str(),
                "born in" | "was born in" | "died in" | "grew up in" | "raised in"
            )
        })
        .map(|r| (r.head, r.tail, r.predicate.clone()))
        .collect();
    let within: Vec<(usize, usize)> = out
        .iter()
        .filter(|r| r.predicate == "located in")
        .map(|r| (r.head, r.tail))
        .collect();
    for r in out.iter_mut().filter(|r| r.predicate == "related to") {
        let via = worded.iter().find(|(h, c, _)| {
            *h == r.head && within.iter().any(|&(from, to)| from == *c && to == r.tail)
        });
        if let Some((_, _, p)) = via {
            r.predicate = p.clone();
        }
    }
    // A place lies in a larger one. "Argentina and Brazil", "signed between France and
    // Germany in Paris" relate two places but put neither in the other (a city in a city may
    // be: "Brooklyn, New York").
    let name = |a: Arg| lower[a.start..a.end].join(" ");
    let rank = |a: Arg| crate::gazetteer::place_rank(&name(a));
    for r in out.iter_mut().filter(|r| r.predicate == "located in") {
        let (h, t) = (args[r.head], args[r.tail]);
        let (Some((head, _)), Some((_, tail))) = (rank(h), rank(t)) else {
            continue;
        };
        // A state lies in its country: "U.S. Rep. Kate Ryan of Oregon" (the states listed are
        // the United States'); a country in its continent ("Sweden and the rest of Europe").
        if (head == 2 && tail == 1 && crate::gazetteer::is_united_states(&name(h)))
            || (head == 3 && tail == 2)
        {
            std::mem::swap(&mut r.head, &mut r.tail);
        } else if head > tail || (head == tail && head >= 1) {
            r.predicate = "related to".to_string();
            r.confidence *= 0.7;
        }
    }
    out
}

/// "Tim Cook succeeded Steve Jobs as CEO of Apple", "Jobs was replaced by Cook as chief executive
/// of Apple": whoever takes the role holds it at the organisation after it ("ceo of"), over the
/// scorer's guess for the pair (it related both men to Apple by nothing).
fn succession_roles(lower: &[String], args: &[Arg], out: &mut Vec<PairRelation>) {
    for i in 0..args.len().saturating_sub(2) {
        let (a, mid, b) = (args[i], args[i + 1], args[i + 2]);
        if a.code != b'P' || mid.code != b'P' || !matches!(b.code, b'O' | b'L') {
            continue;
        }
        let before: Vec<&str> = lower[a.end..mid.start].iter().map(String::as_str).collect();
        let successor = match before.as_slice() {
            [.., "succeeded" | "succeeds" | "replaced" | "replaces"] => i,
            [.., "was" | "is" | "were", "succeeded" | "replaced", "by"] => i + 1,
            _ => continue,
        };
        let after: Vec<&str> = lower[mid.end..b.start].iter().map(String::as_str).collect();
        let ["as", role @ .., "of" | "at"] = after.as_slice() else {
            continue;
        };
        if role.len() > 3
            || role
                .last()
                .is_none_or(|w| crate::gazetteer::flags(w) & crate::gazetteer::ROLE == 0)
        {
            continue;
        }
        let predicate = format!("{} {}", role.join(" "), after[after.len() - 1]);
        restate(out, successor, i + 2, predicate);
    }
}

/// A preposition of where or when after a fronted participle ("Born in", "Educated at"; not
/// "Raised to the rank of").
fn fronted_prep(w: &str) -> bool {
    matches!(w, "in" | "at" | "on" | "near" | "from")
}

/// "Born in Stratford in 1564, William Shakespeare married Anne Hathaway", "Founded in Oslo,
/// Zorvex builds robots": a participle clause opening the sentence is said of the name right after
/// its comma. Each place, organisation or date the participle's preposition governs in the
/// clause relates to that name by the participle and preposition ("born in"), over whatever the
/// scorer made of the pair.
fn fronted_participle(lower: &[String], args: &[Arg], out: &mut Vec<PairRelation>) {
    const MAX_CLAUSE_WORDS: usize = 12;
    let Some(first) = lower.first() else {
        return;
    };
    if !matches!(
        first.as_str(),
        "born"
            | "raised"
            | "founded"
            | "established"
            | "based"
            | "headquartered"
            | "located"
            | "educated"
            | "built"
    ) || !lower.get(1).is_some_and(|p| fronted_prep(p))
    {
        return;
    }
    // The clause's comma; "Paris, France" inside it does not close it.
    let Some(comma) =
        (2..lower.len().min(MAX_CLAUSE_WORDS)).find(|&k| lower[k] == "," && !place_comma(args, k))
    else {
        return;
    };
    let Some(subject) = args
        .iter()
        .position(|x| x.start == comma + 1 && matches!(x.code, b'P' | b'O'))
    else {
        return;
    };
    for (tail, x) in args.iter().enumerate().take_while(|(_, x)| x.end <= comma) {
        let Some(prep) = x.start.checked_sub(1).map(|k| lower[k].as_str()) else {
            continue;
        };
        if !fronted_prep(prep) || x.code == b'P' {
            continue;
        }
        restate(out, subject, tail, format!("{first} {prep}"));
    }
}

/// Whether the comma at word `k` sits between two places ("Paris, France"), opening no clause.
fn place_comma(args: &[Arg], k: usize) -> bool {
    args.iter().any(|x| x.end == k && x.code == b'L')
        && args.iter().any(|x| x.start == k + 1 && x.code == b'L')
}

/// States `predicate` from arg `head` to arg `tail` in place of whatever relation of the pair,
/// either way round, `out` held (a structure rule's wording over the scorer's guess).
fn restate(out: &mut Vec<PairRelation>, head: usize, tail: usize, predicate: String) {
    out.retain(|r| !((r.head, r.tail) == (head, tail) || (r.head, r.tail) == (tail, head)));
    out.push(PairRelation {
        head,
        tail,
        predicate,
        confidence: 0.6,
    });
}

/// Whether word `k` opens a relative clause after a comma: "who", "which", "whose".
fn relative_pronoun(lower: &[String], k: usize) -> bool {
    lower
        .get(k)
        .is_some_and(|w| matches!(w.as_str(), "who" | "which" | "whose"))
}

/// "The woman who founded Etsy lives in Brooklyn": the name at `start` is the object of a
/// relative clause that a verb before `next` (the next name) closes; that verb is the clause
/// head's, a person or thing before "who" / "that", not the name's.
fn in_restrictive_clause(lower: &[String], start: usize, next: usize) -> bool {
    let finite = |k: usize| crate::clause_words::finite_verb(&lower[k]);
    // "The woman that Amazon hired lives in Seattle": the name is the clause's subject, its
    // verb and the main clause's both before the next name.
    let noun =
        |k: usize| crate::lexicon::parts_of_speech(&lower[k]).is_some_and(|p| p.contains('n'));
    // The head is a thing or a person the clause's verb did something to, with its article
    // ("the woman that", not "the fact that", "warned staff that"), and that verb is past: "hired
    // lives", not "builds planes".
    let complement = matches!(
        lower.get(start.wrapping_sub(2)).map(String::as_str),
        Some(
            "fact"
                | "news"
                | "evidence"
                | "idea"
                | "claim"
                | "belief"
                | "hope"
                | "notion"
                | "announcement"
                | "rumor"
                | "rumour"
                | "sign"
                | "possibility"
                | "chance"
                | "suggestion"
                | "assumption"
                | "feeling"
                | "impression"
                | "conclusion"
                | "proof"
                | "statement"
                | "word"
                | "view"
                | "argument"
                | "fear"
                | "worry"
        )
    );
    let past = |k: usize| lower[k].ends_with("ed") || crate::verbs::is_irregular_past(&lower[k]);
    if start >= 3
        && matches!(lower[start - 1].as_str(), "that" | "who" | "whom")
        && noun(start - 2)
        && !complement
        && crate::clause_words::is_determiner(&lower[start - 3])
        && (start..next).all(|k| lower[k] != ",")
        && (start..next).find(|&k| finite(k)).is_some_and(past)
        && (start..next).filter(|&k| finite(k)).count() >= 2
    {
        return true;
    }
    // "The man Anna married lives in Prague", "the company Tom founded moved to Berlin": the same
    // clause with no pronoun, right after its head and article.
    // A present verb there too when the main verb comes right after it ("The girl Tom likes
    // lives in Rome"); the head may be a plural ("The players Klopp signed came from Porto").
    let head_noun = |k: usize| noun(k) || crate::lexicon::is_plural_of_noun(&lower[k]);
    if start >= 2
        && head_noun(start - 1)
        && !crate::clause_words::is_determiner(&lower[start - 1])
        && crate::clause_words::is_determiner(&lower[start - 2])
        && (start..next).all(|k| lower[k] != ",")
        && (start..next).find(|&k| finite(k)).is_some_and(|k| {
            // "The first Battle of Homs was fought on ...": an auxiliary is the main verb's.
            (past(k)
                && !crate::clause_words::is_aux(&lower[k])
                && crate::clause_words::main_verb_follows(lower, k + 1))
                || crate::clause_words::present_then_main_verb(lower, k)
        })
    {
        return true;
    }
    // The pronoun, a verb after it, and no comma or other clause before the name.
    crate::clause_words::relative_pronoun_before(lower, start, 6).is_some()
        && (start..next).all(|k| lower[k] != ",")
        && (start..next).any(finite)
}

/// Whether arg `i` is one of the two names of "between A and B".
fn between_member(lower: &[String], args: &[Arg], i: usize) -> bool {
    let before = |k: usize| (k > 0).then(|| lower[k - 1].as_str());
    let a = args[i];
    let joined_next = lower.get(a.end).is_some_and(|w| w == "and")
        && args.get(i + 1).is_some_and(|b| b.start == a.end + 1);
    (before(a.start) == Some("between") && joined_next)
        || (before(a.start) == Some("and")
            && i > 0
            && args[i - 1].end + 1 == a.start
            && before(args[i - 1].start) == Some("between"))
}

/// "Jeff Bezos, who founded Amazon, lives in Miami": the name before a relative clause set off by
/// commas is the subject of the verb after it, not `a`, the clause's last arg. `Some(Some(h))`
/// when the clause (", who / which / whose", no comma inside, a few words) opens right after arg
/// `h`; `Some(None)` when it opens after no name ("The company, which Steve Jobs founded, is
/// based in Cupertino": the subject is unnamed); `None` when `a` is in no such clause.
fn relative_clause_subject(lower: &[String], args: &[Arg], a: usize) -> Option<Option<usize>> {
    const MAX_CLAUSE_WORDS: usize = 14;
    let end = args[a].start;
    let from = end.saturating_sub(MAX_CLAUSE_WORDS);
    // The comma of "Paris, France" inside the clause does not open it.
    let open = (from..end)
        .rev()
        .find(|&k| lower[k] == "," && !place_comma(args, k))?;
    // "TSMC, headquartered in Hsinchu, was founded by Morris Chang", "Jeff Bezos, born in
    // Albuquerque, founded Amazon": a participle clause is set off the same way.
    let participle = |k: usize| {
        let w = lower.get(k).map_or("", String::as_str);
        ((w.ends_with("ed") && crate::verbs::is_verbish(w))
            || matches!(w, "born" | "built" | "known" | "written" | "run"))
            && lower
                .get(k + 1)
                .is_some_and(|p| matches!(p.as_str(), "in" | "at" | "by" | "on" | "near" | "from"))
    };
    if !relative_pronoun(lower, open + 1) && !participle(open + 1) {
        return None;
    }
    let Some(mut h) = args[..a]
        .iter()
        .rposition(|s| s.end == open)
        .filter(|&h| args[h].code != b'D')
    else {
        return Some(None);
    };
    // "John Park, who met Sarah Lee, who works at Google, moved to Seoul": one comma closes
    // both clauses; the verb after it is the outermost subject's.
    for _ in 0..3 {
        match relative_clause_subject(lower, args, h) {
            Some(Some(outer)) => h = outer,
            _ => break,
        }
    }
    Some(Some(h))
}

/// The verb phrase arg `i` states of the arg right after it ("born in", "moved from", "founded
/// in"), which the rules reaching past that arg extend.
fn verb_phrase_after(adjacent: &[Option<Rule>], i: usize) -> Option<&Rule> {
    adjacent[i]
        .as_ref()
        .filter(|r| r.forward && r.pattern == "verb-phrase")
}

/// "Boeing moved its headquarters from Seattle to Chicago": the verb before "from X" also
/// relates the subject to the place after "to" (the words between them name another place).
fn from_to(
    lower: &[String],
    args: &[Arg],
    adjacent: &[Option<Rule>],
    i: usize,
    j: usize,
) -> Option<Rule> {
    let place = args.get(i + 1).filter(|p| p.code == b'L' && j == i + 2)?;
    let r = verb_phrase_after(adjacent, i)?;
    let verb = r.predicate.strip_suffix(" from")?;
    let after = lower.get(place.end..args[j].start)?;
    (after.len() == 1 && after[0] == "to" && args[j].code == b'L').then(|| Rule {
        predicate: format!("{verb} to"),
        ..r.clone()
    })
}

/// "Anna was born in March 1990 in Boston": the verb phrase before a date, with the preposition
/// after the date, relates the subject and the name after it ("born in"), as if the date were
/// not there.
fn through_date(
    lower: &[String],
    args: &[Arg],
    adjacent: &[Option<Rule>],
    i: usize,
    j: usize,
) -> Option<Rule> {
    let date = args.get(i + 1).filter(|d| d.code == b'D' && j == i + 2)?;
    let r = verb_phrase_after(adjacent, i)?;
    // "born in March 1990 in", "founded on April 1, 1976 in", "born March 3, 1990, in".
    let verb = match r.predicate.rsplit_once(' ') {
        Some((verb, "in" | "on" | "since")) => verb,
        Some(_) => return None,
        None => r.predicate.as_str(),
    };
    let after = lower.get(date.end..args[j].start)?;
    // "Acme was founded in 2015 by Priya Nair": a passive's agent after its time.
    // "was founded", "had been founded", "is owned".
    let passive = lower.get(args[i].end..date.start).is_some_and(|ws| {
        ws.iter()
            .take(3)
            .any(|w| matches!(w.as_str(), "was" | "were" | "is" | "are" | "been"))
    });
    if after.len() == 1 && after[0] == "by" && passive && verb.ends_with("ed") {
        let verb = verb.rsplit(' ').next().unwrap_or(verb);
        return Some(Rule {
            predicate: verb.to_string(),
            forward: false,
            confidence: 0.65,
            pattern: "passive",
        });
    }
    match after {
        [p] | [_, p]
            if matches!(p.as_str(), "in" | "at") && (after.len() == 1 || after[0] == ",") =>
        {
            Some(Rule {
                predicate: format!("{verb} {p}"),
                ..r.clone()
            })
        }
        _ => None,
    }
}

/// "The Red Cross was founded in Geneva in 1863 by Henry Dunant": a passive's agent after the
/// places and times it happened in (through_date takes one time alone).
fn agent_after_places(
    lower: &[String],
    args: &[Arg],
    adjacent: &[Option<Rule>],
    i: usize,
    j: usize,
) -> Option<Rule> {
    if j < i + 2 || j > i + 4 {
        return None;
    }
    let r = verb_phrase_after(adjacent, i)?;
    let verb = match r.predicate.rsplit_once(' ') {
        Some((verb, "in" | "on" | "at")) if verb.ends_with("ed") && !verb.contains(' ') => verb,
        _ => return None,
    };
    let passive = lower[args[i].end..args[i + 1].start]
        .iter()
        .take(3)
        .any(|w| matches!(w.as_str(), "was" | "were" | "is" | "are" | "been"));
    // The names between are places and times, each after "in", "on", "at" or a comma.
    let between_ok = (i + 1..j - 1).all(|k| {
        matches!(args[k + 1].code, b'L' | b'D')
            && lower[args[k].end..args[k + 1].start]
                .iter()
                .all(|w| matches!(w.as_str(), "in" | "on" | "at" | ","))
    }) && matches!(args[i + 1].code, b'L' | b'D');
    let by = lower.get(args[j - 1].end..args[j].start)? == ["by"];
    (passive && between_ok && by).then(|| Rule {
        predicate: verb.to_string(),
        forward: false,
        confidence: 0.65,
        pattern: "passive",
    })
}

/// The subject and verb of the passive whose agent is arg `i` ("Amazon was founded by *Jeff
/// Bezos*"): the arg before it, when the words between say "was VERBed by".
fn agent_of_passive(
    lower: &[String],
    args: &[Arg],
    adjacent: &[Option<Rule>],
    i: usize,
) -> Option<(usize, String)> {
    // "IKEA was founded in 1943 by Ingvar Kamprad in Almhult": times and places may come
    // between the subject and the agent.
    (i.saturating_sub(4)..i).rev().find_map(|h| {
        let r = if h + 1 == i {
            adjacent[h].clone()
        } else {
            through_date(lower, args, adjacent, h, i)
                .or_else(|| agent_after_places(lower, args, adjacent, h, i))
        }?;
        (r.pattern == "passive" && !r.forward && !r.predicate.contains(' '))
            .then_some((h, r.predicate))
    })
}

/// Coordinated verb phrases sharing the clause's subject: in "Marie Curie was born in Warsaw and
/// worked in Paris" the second verb relates Marie Curie and Paris, and Warsaw and Paris are not
/// related. Returns those relations and the pairs the scorer must leave alone (the pair around
/// "and", and the subject's pair with the second object, stated here). A verb phrase after "and"
/// whose subject is not a name before it (a pronoun, an unnamed noun) relates nothing.
fn coordinated(
    lower: &[String],
    args: &[Arg],
    adjacent: &[Option<Rule>],
) -> (Vec<PairRelation>, std::collections::HashSet<(usize, usize)>) {
    let mut out = Vec::new();
    let mut skip = std::collections::HashSet::new();
    // The subject found for each object so far: "born in A and grew up in B and worked in C"
    // carries X from A to B to C.
    let mut subject_of: std::collections::HashMap<usize, usize> = Default::default();
    for j in 1..args.len() {
        let b = args[j];
        // The rule joining `b` to what comes before it, and the name before "and": a date
        // between is looked through ("born in Warsaw in 1867 and died in Passy").
        let r = adjacent[j - 1]
            .as_ref()
            .filter(|r| r.pattern == crate::predicate::COORDINATED);
        let i = match j.checked_sub(2) {
            Some(p) if args[j - 1].code == b'D' && date_after_object(lower, args, p) => p,
            _ => j - 1,
        };
        let a = args[i];
        // Dates take part only through the main loop's stated-object rule.
        if b.start < a.end || a.code == b'D' || b.code == b'D' {
            continue;
        }
        let Some(r) = r else {
            continue;
        };
        skip.insert((i, j));
        // The subject: the name before `a` whose own verb phrase reaches `a`, unless a
        // preposition makes that name a modifier ("Anna Koch of New York was born in ..."),
        // or the subject `a` itself was given by an earlier "and".
        let direct = (i > 0).then(|| i - 1).filter(|&h| {
            let s = args[h];
            s.code != b'D'
                && !(s.start > 0 && is_prep(&lower[s.start - 1]))
                && adjacent[h]
                    .as_ref()
                    .is_some_and(|p| p.forward && p.pattern == "verb-phrase")
        });
        if let Some(h) = direct.or_else(|| subject_of.get(&i).copied()) {
            skip.insert((h, j));
            subject_of.insert(j, h);
            out.push(PairRelation {
                head: h,
                tail: j,
                predicate: r.predicate.clone(),
                confidence: r.confidence,
            });
        }
    }
    (out, skip)
}

/// Whether the date after `args[p]` only dates its clause: one preposition between them ("in
/// Warsaw in 1867", "in Warsaw on 7 November 1867") or none.
fn date_after_object(lower: &[String], args: &[Arg], p: usize) -> bool {
    let (a, d) = (args[p], args[p + 1]);
    a.code != b'D'
        && lower.get(a.end..d.start).is_some_and(|ws| {
            ws.is_empty() || (ws.len() == 1 && matches!(ws[0].as_str(), "in" | "on"))
        })
}

/// Whether the words between an organisation and a place can leave its base unsaid: not when
/// a preposition that places nothing joins them ("NATO over Ukraine", "Tesla shares fall after
/// Musk"); datelines, "of", "in" and commas do ("BANGKOK, Thailand (AP)", "Acme of Boston").
fn base_between(between: &[String]) -> bool {
    !between.iter().any(|w| {
        matches!(
            w.as_str(),
            "over"
                | "after"
                | "against"
                | "with"
                | "for"
                | "to"
                | "on"
                | "about"
                | "into"
                | "toward"
                | "towards"
                | "amid"
                | "despite"
                | "than"
                | "by"
                | "before"
        )
    })
}

fn default_predicate(types: (u8, u8)) -> String {
    match types {
        (b'L', b'L') => "located in",
        (b'O', b'L') => "based in",
        _ => "related to",
    }
    .to_string()
}

/// A training sentence: words, gold name spans and (head, tail) span pairs.
#[derive(Debug, Clone)]
pub struct TrainSentence {
    pub words: Vec<String>,
    pub spans: Vec<NameSpan>,
    pub pairs: Vec<(usize, usize)>,
}

/// Trains the pair scorer (classes: none, first-is-head, second-is-head) on gold spans.
pub fn train(sentences: &[TrainSentence], epochs: usize) -> Perceptron {
    let mut examples: Vec<(Vec<u32>, usize)> = Vec::new();
    for s in sentences {
        let lower: Vec<String> = s.words.iter().map(|w| w.to_lowercase()).collect();
        let mut order: Vec<usize> = (0..s.spans.len()).collect();
        order.sort_by_key(|&k| (s.spans[k].start, s.spans[k].end));
        let args: Vec<Arg> = order
            .iter()
            .map(|&k| Arg {
                start: s.spans[k].start,
                end: s.spans[k].end,
                code: code_of(s.spans[k].kind),
            })
            .collect();
        for i in 0..args.len() {
            for j in i + 1..args.len().min(i + 1 + MAX_PAIR_GAP) {
                let (a, b) = (args[i], args[j]);
                if b.start < a.end || b.start - a.end > MAX_BETWEEN_WORDS {
                    continue;
                }
                let (oi, oj) = (order[i], order[j]);
                let label = if s.pairs.contains(&(oi, oj)) {
                    1
                } else if s.pairs.contains(&(oj, oi)) {
                    2
                } else {
                    0
                };
                let r = rule(&lower, a, b);
                let mut feats = Vec::new();
                pair_features(&lower, a, b, j - i - 1, r.as_ref(), &mut feats);
                examples.push((feats, label));
            }
        }
    }
    // One perceptron's weights depend on the order it saw the examples in (CoNLL04 dev pairs
    // moved by 0.02 with unrelated feature changes); the mean of several orders' models does
    // not. Pairs F1 in five-fold cross-validation on CoNLL04 train, at 12 / 6 epochs: one order
    // 0.481 / 0.486, ten orders 0.495 / 0.496 (five 0.493, twenty 0.496 at 6).
    let mut out = train_once(&examples, epochs, FIRST_ORDER);
    out.scale(1.0 / ORDERS as f32);
    for k in 1..ORDERS {
        let seed = FIRST_ORDER ^ (k as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        out.add_scaled(&train_once(&examples, epochs, seed), 1.0 / ORDERS as f32);
    }
    out
}

/// How many orders of the examples the pair scorer is trained on, and the first's shuffle seed.
const ORDERS: usize = 10;
const FIRST_ORDER: u64 = 0x2545_f491_4f6c_dd1d;

/// One averaged perceptron over `examples`, shuffled each epoch from `seed`.
fn train_once(examples: &[(Vec<u32>, usize)], epochs: usize, mut seed: u64) -> Perceptron {
    let mut model = Perceptron::new(3);
    let mut scores = [0.0f32; 3];
    let mut order: Vec<usize> = (0..examples.len()).collect();
    for _ in 0..epochs {
        for i in (1..order.len()).rev() {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            order.swap(i, (seed >> 33) as usize % (i + 1));
        }
        for &k in &order {
            let (f, y) = &examples[k];
            let g = model.predict(f, &mut scores);
            model.update(f, *y, g);
        }
    }
    model.average();
    model
}
