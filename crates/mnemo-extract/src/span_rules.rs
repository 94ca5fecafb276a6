//! Rules over whole capitalised names, applied to the tagger's spans: a list hit inside a longer
//! name never cuts it ("Acme Robotics", not "Acme"), given names that are also places ("Sofia
//! Marin") stay people, chat speaker labels ("Tom Keller:") and "X said" name people, "the
//! Orion project" names the project, and "works for Initech" names an employer.

use mnemo_core::EntityType;

use crate::features::WordInfo;
use crate::gazetteer::{self as gz};

/// A span before it becomes a mention: (name start, end, type, title, mention start incl. a
/// written title), relative word indices.
pub(crate) type RawSpan = (usize, usize, EntityType, Option<String>, usize);

/// A word that may continue a name: capitalised, not a function word, title, month or list word
/// that would rather start something of its own.
pub(crate) fn name_word(w: &WordInfo) -> bool {
    w.is_capitalised()
        && w.flags
            & (gz::PRONOUN
                | gz::STOPWORD
                | gz::MONTH
                | gz::WEEKDAY
                | gz::TITLE
                | gz::ROLE
                | gz::NATIONALITY)
            == 0
        && !gz::is_function_word(&w.lower)
        && w.lower.chars().any(char::is_alphabetic)
}

/// Whether a capitalised word is the plural of a noun for people ("Witnesses", "Officials",
/// "Neighbors") that no list knows as a name: a plural surname is no kind of person ("Banks",
/// "Brooks").
fn plural_people(w: &WordInfo) -> bool {
    w.is_title
        && w.lower.ends_with('s')
        && w.flags & (gz::FIRST_NAME | gz::PLACE | gz::ORG_NAME | gz::ORG_WORD) == 0
        && !gz::is_census_given_name(&w.lower)
        && crate::lexicon::singulars(&w.lower).iter().any(|s| {
            crate::lexicon::categories_of(s)
                .first()
                .is_some_and(|c| matches!(*c, "person" | "family"))
        })
}

/// A capitalised plural of a common noun that no list knows as a name: "Stocks", "Prices".
fn plural_thing(w: &WordInfo) -> bool {
    w.is_title
        && w.lower.ends_with('s')
        && w.flags & (gz::FIRST_NAME | gz::PLACE | gz::ORG_NAME | gz::ORG_WORD | gz::NATIONALITY)
            == 0
        && !gz::is_census_given_name(&w.lower)
        && crate::lexicon::parts_of_speech(&w.lower).is_none()
        && crate::lexicon::is_plural_of_noun(&w.lower)
}

fn free(spans: &[RawSpan], a: usize, b: usize, except: usize) -> bool {
    spans
        .iter()
        .enumerate()
        .all(|(k, s)| k == except || s.1 <= a || b <= s.4)
}

/// Widens tagger spans to the capitalised name they sit in, when the rest of the name is plain
/// name words that no other span claims: "Acme" of "Acme Robotics" becomes the whole name.
pub(crate) fn widen_to_names(spans: &mut [RawSpan], info: &[WordInfo]) {
    for k in 0..spans.len() {
        let (a, b, t, ..) = spans[k].clone();
        if b <= a || t == EntityType::Date {
            continue;
        }
        let mut e = b;
        while e < info.len() && e < a + 6 && name_word(&info[e]) {
            e += 1;
        }
        if e > b && free(spans, b, e, k) {
            let last = info[e - 1].flags;
            spans[k].1 = e;
            // The added words say what the name is: "Lyon Airport", "Acme Robotics".
            if last & gz::LOC_WORD != 0 {
                spans[k].2 = EntityType::Location;
            } else if last & gz::ORG_WORD != 0 || gz::is_org_suffix(&info[e - 1].lower) {
                spans[k].2 = EntityType::Organization;
            }
        }
        widen_after_the(spans, k, info);
    }
}

/// Names the tagger split at a possessive or left an ordinal out of: "King's College London"
/// (was "King" and "College London"), "St John's College", a name whose part after the
/// possessive holds an organisation's word, is one organisation; "21st Century Fox", "the Second
/// World War": an ordinal written before the name (a number with its suffix, or a capitalised
/// ordinal word not opening the sentence) is the name's.
pub(crate) fn join_possessive_and_ordinal_names(spans: &mut Vec<RawSpan>, info: &[WordInfo]) {
    let mut k = 0;
    while k < spans.len() {
        let (a, b, t) = (spans[k].0, spans[k].1, spans[k].2);
        let joined = (t != EntityType::Date && spans[k].3.is_none())
            .then(|| {
                info.get(b)
                    .filter(|w| gz::is_possessive(&w.lower))
                    .and_then(|_| spans.iter().position(|s| s.0 == b + 1 && s.4 == b + 1))
            })
            .flatten()
            .filter(|&m| {
                spans[m].2 != EntityType::Date
                    && (spans[m].0..spans[m].1).any(|i| info[i].flags & gz::ORG_WORD != 0)
            });
        if let Some(m) = joined {
            spans[k].1 = spans[m].1;
            spans[k].2 = EntityType::Organization;
            spans.remove(m);
            continue;
        }
        if t != EntityType::Date && spans[k].3.is_none() && spans[k].4 == a && a > 0 {
            let w = &info[a - 1];
            let digits = w.lower.trim_end_matches(|c: char| c.is_ascii_alphabetic());
            let numbered = !digits.is_empty()
                && digits.bytes().all(|c| c.is_ascii_digit())
                && matches!(&w.lower[digits.len()..], "st" | "nd" | "rd" | "th");
            let worded = a >= 2 && w.is_capitalised() && crate::phrases::is_ordinal(&w.lower);
            if (numbered || worded) && free(spans, a - 1, a, k) {
                spans[k].0 = a - 1;
                spans[k].4 = a - 1;
            }
        }
        k += 1;
    }
}

/// "The Great Barrier Reef", "the Grand Old Duke": capitalised words between "the" and a tagger
/// span are the name's own (the tagger left "Great" out after a sentence's opening "The" and
/// typed "Barrier Reef" a person). Not roles, titles or peoples ("the CEO Tim Cook", "the Briton
/// Andy Murray"), nor a name the lists know ("the Paris Louvre"), nor before a given name.
fn widen_after_the(spans: &mut [RawSpan], k: usize, info: &[WordInfo]) {
    let (a, b, t) = (spans[k].0, spans[k].1, spans[k].2);
    // "the Reverend Joseph Brewster", "the Opposition Khaleda Zia": before a person's given name
    // the words say what the person is.
    let given = |w: &WordInfo| w.flags & gz::FIRST_NAME != 0 || gz::is_census_given_name(&w.lower);
    if t == EntityType::Date
        || spans[k].3.is_some()
        || spans[k].4 != a
        || info.get(a).is_some_and(given)
    {
        return;
    }
    let mut s = a;
    while s > 1
        && a - s < 3
        && name_word(&info[s - 1])
        && info[s - 1].flags & (gz::FIRST_NAME | gz::PLACE | gz::ORG_NAME) == 0
    {
        s -= 1;
    }
    if s == a || info[s - 1].lower != "the" || !free(spans, s, a, k) {
        return;
    }
    spans[k].0 = s;
    spans[k].4 = s;
    if t == EntityType::Person {
        // A person's name follows no "the Great": what the name is says its last word.
        let last = info[b - 1].flags;
        spans[k].2 = if last & gz::LOC_WORD != 0 {
            EntityType::Location
        } else if last & gz::ORG_WORD != 0 || gz::is_org_suffix(&info[b - 1].lower) {
            EntityType::Organization
        } else {
            EntityType::Other
        };
    }
}

/// Cuts a lower-case place or organisation word the tagger left at the end of a name: in
/// "Konkan, Maharashtra state, India" the name is Maharashtra, and "state" says what it is (a
/// capitalised "Washington State" stays whole).
pub(crate) fn trim_common_tails(spans: &mut [RawSpan], info: &[WordInfo]) {
    for s in spans.iter_mut() {
        // "the University of Michigan on Saturday": a day or month after "on" is when, no part
        // of the name.
        if let Some(on) = (s.0 + 1..s.1.saturating_sub(1))
            .find(|&k| info[k].lower == "on" && info[k + 1].flags & (gz::WEEKDAY | gz::MONTH) != 0)
        {
            s.1 = on;
        }
        let (a, b) = (s.0, s.1);
        if b < a + 2 || b > info.len() {
            continue;
        }
        let last = &info[b - 1];
        if !last.is_capitalised()
            && last.flags & (gz::LOC_WORD | gz::ORG_WORD) != 0
            && (a..b - 1).all(|j| info[j].is_capitalised())
        {
            s.1 = b - 1;
            if last.flags & gz::LOC_WORD != 0 && s.2 != EntityType::Person {
                s.2 = EntityType::Location;
            }
        }
    }
}

/// Splits a span of two languages or peoples joined by "&" or "and" ("French & German"), and a
/// person's span joining two names so into two people when both sides open with a given name
/// ("Congratulations Andrew & Audrey!", "Mark & Lisa Thompson run the farm", "Emma & Liam's
/// wedding"). In a document another person's span holding "&" is a firm's
/// ("Marks & Spencer"); in conversation it is left as the tagger typed it (a couple as often, and
/// the clause reader reads what a person does: "Smith & Wesson makes guns").
pub(crate) fn split_name_pairs(spans: &mut Vec<RawSpan>, info: &[WordInfo], chat: bool) {
    let given = |w: &WordInfo| {
        w.is_title
            && (gz::is_listed_given_name(w.flags, &w.lower) || gz::is_census_given_word(&w.lower))
    };
    let mut k = 0;
    while k < spans.len() {
        let (a, b, t, ref title, from) = spans[k];
        let join = (a + 1..b.saturating_sub(1)).find(|&j| {
            matches!(info[j].lower.as_str(), "&" | "and") && given(&info[a]) && given(&info[j + 1])
        });
        // "French & German", "Spanish and Italian": two languages (or peoples), never one name.
        let nations = b == a + 3
            && matches!(info[a + 1].lower.as_str(), "&" | "and")
            && [a, a + 2]
                .iter()
                .all(|&i| info[i].is_title && info[i].flags & gz::NATIONALITY != 0);
        if let Some(j) = join.filter(|&j| {
            t == EntityType::Person && title.is_none() && from == a && info[j + 1].is_title
        }) {
            spans[k] = (a, j, EntityType::Person, None, a);
            spans.insert(k + 1, (j + 1, b, EntityType::Person, None, j + 1));
            k += 1;
        } else if nations && title.is_none() && from == a {
            spans[k] = (a, a + 1, t, None, a);
            spans.insert(k + 1, (a + 2, b, t, None, a + 2));
            k += 1;
        } else if !chat
            && t == EntityType::Person
            && title.is_none()
            && (a + 1..b.saturating_sub(1)).any(|j| info[j].lower == "&")
        {
            // "Marks & Spencer", "Smith & Wesson": in a document a firm's name.
            spans[k].2 = EntityType::Organization;
        }
        k += 1;
    }
}

/// "University of Oregon", "Bank of America", "Gulf of Mexico": the tagger sometimes splits the
/// name at "of" ("University of" and "Oregon", or "University" and "Oregon"); a capitalised
/// organisation's or place's word before "of" and the name after it are one name, of the type
/// that word gives.
fn join_x_of_y(spans: &mut Vec<RawSpan>, info: &[WordInfo]) {
    // The head word the tagger left out of every span ("The Republic of Ireland beat ..."): a
    // span of its own, for the loop below to join.
    for i in 0..info.len().saturating_sub(2) {
        let w = &info[i];
        let head = w.is_title && w.flags & (gz::LOC_WORD | gz::ORG_WORD) != 0;
        if head
            && info[i + 1].lower == "of"
            && spans.iter().any(|s| s.4 == i + 2 && s.3.is_none())
            && free(spans, i, i + 1, usize::MAX)
        {
            spans.push((i, i + 1, EntityType::Other, None, i));
        }
    }
    let mut k = 0;
    while k < spans.len() {
        let (a, b) = (spans[k].0, spans[k].1);
        let of_inside = b > a + 1 && info[b - 1].lower == "of";
        let of_at = if of_inside {
            b - 1
        } else if info.get(b).is_some_and(|w| w.lower == "of") {
            b
        } else {
            k += 1;
            continue;
        };
        let head = &info[of_at - 1];
        let next = spans
            .iter()
            .position(|s| s.4 == of_at + 1 && s.3.is_none() && s.1 > s.0);
        // Not a ruler's title ("the Queen of England"): as one person's name, every later
        // "England" would be taken for that person.
        let kind = if head.flags & gz::LOC_WORD != 0 {
            Some(EntityType::Location)
        } else if head.flags & gz::ORG_WORD != 0 {
            Some(EntityType::Organization)
        } else if of_inside && matches!(spans[k].2, EntityType::Location | EntityType::Organization)
        {
            // The tagger's own name ran on past "of" ("Republic of"): its type stands.
            Some(spans[k].2)
        } else {
            None
        };
        // "Avis Bourg Co. of Folsom", "TSW Meats Ltd. of Liverpool": a company of a place,
        // as news writes where a company is.
        let company = head.flags & gz::ORG_NAME != 0
            || gz::is_corporate_designator(&head.lower)
            || gz::is_org_suffix(&head.lower)
            || gz::is_corporate_designator(head.lower.trim_end_matches('.'));
        // "Central Province of Solomon Islands", "Kotayk Province of Armenia": a named place
        // or body of a known place, which it lies in; "University of Oregon", "Metropolitan
        // Museum of Art" are one name.
        let named_of_place = spans[k].4 + 1 < of_at
            && (kind == Some(EntityType::Location)
                || next.is_some_and(|j| {
                    (spans[j].0..spans[j].1).any(|i| info[i].flags & gz::PLACE != 0)
                }));
        let joins = head.is_title && spans[k].3.is_none() && !company && !named_of_place;
        match (joins, next, kind) {
            (true, Some(j), Some(t)) if j != k => {
                spans[k].1 = spans[j].1;
                spans[k].2 = t;
                spans.remove(j);
                if j < k {
                    k -= 1;
                }
            }
            _ => k += 1,
        }
    }
    // "the CEO of Acme Corp." tagged "CEO of" a firm: a name left ending in "of" ends before
    // it, and a role alone is no name.
    // "returned as CEO of Disney" tagged "CEO of Disney": the role and "of" open no name.
    for s in spans.iter_mut() {
        let from = s.0.min(s.4);
        let roles = (from..s.1)
            .take_while(|&i| info[i].flags & (gz::ROLE | gz::TITLE) != 0)
            .count();
        let of = from + roles;
        if roles > 0 && of + 1 < s.1 && info[of].lower == "of" {
            s.0 = of + 1;
            s.4 = of + 1;
            s.3 = None;
        }
    }
    spans.retain_mut(|s| {
        if s.1 <= s.4 + 1 || info[s.1 - 1].lower != "of" || s.3.is_some() {
            return true;
        }
        s.1 -= 1;
        s.0 = s.0.min(s.4);
        !(s.4..s.1).all(|i| info[i].flags & (gz::ROLE | gz::TITLE) != 0)
    });
    // "the Art Institute of Chicago", "Bank of England" typed a place by the tagger: an
    // institution's word before "of" makes the name an organisation's.
    for s in spans.iter_mut() {
        if s.2 == EntityType::Location && s.3.is_none() {
            if let Some(p) = (s.0 + 1..s.1.saturating_sub(1)).find(|&p| info[p].lower == "of") {
                let head = info[p - 1].flags;
                if head & gz::ORG_WORD != 0 && head & gz::LOC_WORD == 0 {
                    s.2 = EntityType::Organization;
                }
            }
        }
    }
}

/// Span `k` takes in span `j` right after it, as one name of type `t`; `k` keeps pointing at it.
fn absorb(spans: &mut Vec<RawSpan>, k: &mut usize, j: usize, t: EntityType) {
    spans[*k].1 = spans[j].1;
    spans[*k].2 = t;
    spans.remove(j);
    if j < *k {
        *k -= 1;
    }
}

/// Completes a list the tagger cut short: a capitalised word no list or dictionary knows, right
/// after "and" or "or" that follows a name, is a name of the same kind ("Google acquired Waze
/// and Fitbit": the last name before the full stop was left out). Not "Tom and I", nor a word
/// the dictionary knows ("Smith and Wesson" aside, "Anna and Then ...").
pub(crate) fn complete_lists(spans: &mut Vec<RawSpan>, info: &[WordInfo]) {
    let mut added = Vec::new();
    for s in spans.iter() {
        let b = s.1;
        if s.2 == EntityType::Date
            || !info
                .get(b)
                .is_some_and(|w| matches!(w.lower.as_str(), "and" | "or"))
        {
            continue;
        }
        let j = b + 1;
        let Some(w) = info.get(j) else {
            continue;
        };
        let unknown = name_word(w)
            && w.is_title
            && crate::lexicon::parts_of_speech(&w.lower).is_none()
            && w.flags & (gz::ORG_WORD | gz::LOC_WORD) == 0;
        let next_free = info.get(j + 1).is_none_or(|n| !name_word(n));
        if unknown && next_free && free(spans, j, j + 1, usize::MAX) {
            added.push((j, j + 1, s.2, None, j));
        }
    }
    spans.extend(added);
    spans.sort_by_key(|s| (s.0, s.1));
}

/// Joins what the tagger split where one name is written: a given name that is also a place
/// ("Sofia", typed a place) right before a person's name ("Rossi") is one person, "Sofia Rossi";
/// and capitalised words right before an organisation's last word ("Prestige" before "Worldwide",
/// "Nakatomi" before "Trading") belong to its name, as "Acme" does to "Acme Robotics".
pub(crate) fn join_split_names(spans: &mut Vec<RawSpan>, info: &[WordInfo]) {
    join_x_of_y(spans, info);
    join_possessive_sites(spans, info);
    let mut k = 0;
    while k < spans.len() {
        let (a, b, t) = (spans[k].0, spans[k].1, spans[k].2);
        let given_place = b == a + 1
            && spans[k].3.is_none()
            && matches!(t, EntityType::Location | EntityType::Other)
            && gz::is_given_name_place(&info[a].lower);
        let next = given_place
            .then(|| {
                spans.iter().position(|s| {
                    s.0 == b
                        && s.4 == b
                        && s.3.is_none()
                        && s.2 == EntityType::Person
                        && s.1 <= b + 2
                })
            })
            .flatten();
        if let Some(j) = next {
            absorb(spans, &mut k, j, EntityType::Person);
            continue;
        }
        k += 1;
    }
    for k in 0..spans.len() {
        let (a, b) = (spans[k].4, spans[k].1);
        if b <= a || spans[k].3.is_some() || !gz::is_org_suffix(&info[b - 1].lower) {
            continue;
        }
        let mut start = a;
        while start > 0
            && a - start < 3
            && name_word(&info[start - 1])
            && info[start - 1].flags & (gz::FIRST_NAME | gz::PLACE) == 0
            // Not a sentence's opening adverb, adjective or verb ("Yesterday Acme Robotics").
            && crate::lexicon::parts_of_speech(&info[start - 1].lower)
                .is_none_or(|p| !p.contains(['a', 'r', 'v']))
        {
            start -= 1;
        }
        if start < a && free(spans, start, a, k) {
            spans[k].0 = start;
            spans[k].4 = start;
            spans[k].2 = EntityType::Organization;
        }
    }
}

/// Names the tagger cut at a place's or an institution's first word: "Mount Kilimanjaro" (the
/// tagger kept "Kilimanjaro", a person), "Lake Geneva"; "Massachusetts Institute of Technology"
/// (a place, then "Institute of Technology"), "California State University".
/// "St. Mary's Hospital", "Ford's Theatre", "St. Paul's Cathedral": a site named for someone,
/// whose possessive cut the tagger's name ("St. Mary" a place, "Hospital" lost). One capitalised
/// place or institution word after the "'s"; not a country's or a city's ("Britain's National
/// Gallery" is Britain's), nor a people's.
fn join_possessive_sites(spans: &mut Vec<RawSpan>, info: &[WordInfo]) {
    let mut k = 0;
    while k < spans.len() {
        let (a, b) = (spans[k].0, spans[k].1);
        let mut at = k;
        k += 1;
        // "St. Mary" keeps its saint's title.
        let saint = spans[at]
            .3
            .as_deref()
            .is_some_and(|t| matches!(t, "St." | "St" | "Saint"));
        if b <= a
            || b + 2 > info.len()
            || (spans[at].3.is_some() && !saint)
            || !matches!(info[b].lower.as_str(), "'s" | "\u{2019}s")
            || info[a..b]
                .iter()
                .any(|w| w.flags & gz::NATIONALITY != 0 || gz::is_region(&w.lower))
        {
            continue;
        }
        let site = &info[b + 1];
        let one_word = info.get(b + 2).is_none_or(|w| !w.is_capitalised());
        if !(site.is_title && one_word && site.flags & (gz::LOC_WORD | gz::ORG_WORD) != 0) {
            continue;
        }
        let t = if site.flags & gz::LOC_WORD != 0 {
            EntityType::Location
        } else {
            EntityType::Organization
        };
        // The site word the tagger made a name of its own ("Theatre") is taken in.
        match spans.iter().position(|s| s.4 == b + 1 && s.1 == b + 2) {
            Some(j) => {
                absorb(spans, &mut at, j, t);
                k = at + 1;
            }
            None if free(spans, b, b + 2, at) => {
                spans[at].1 = b + 2;
                spans[at].2 = t;
            }
            None => {}
        }
    }
}

pub(crate) fn join_place_openers(spans: &mut Vec<RawSpan>, info: &[WordInfo]) {
    let mut k = 0;
    while k < spans.len() {
        let (a, b) = (spans[k].4, spans[k].1);
        // "Mount Kilimanjaro": the landform's word before the name is the place's.
        let opener = a > 0
            && info[a - 1].is_title
            && matches!(
                info[a - 1].lower.as_str(),
                "mount" | "mt." | "mt" | "lake" | "cape" | "fort" | "port"
            )
            && spans[k].3.is_none()
            && free(spans, a - 1, a, k);
        if opener {
            spans[k].0 = a - 1;
            spans[k].4 = a - 1;
            spans[k].2 = EntityType::Location;
        }
        // "General Motors", "General Dynamics": a title before a firm's word names the firm, no
        // general.
        let (a0, b0) = (spans[k].0, spans[k].1);
        let firm_word = |w: &WordInfo| w.flags & gz::ORG_WORD != 0 || gz::is_org_suffix(&w.lower);
        if b0 == a0 + 1 && firm_word(&info[a0]) {
            let t = if spans[k].3.is_some() {
                Some(spans[k].4)
            } else {
                (a0 > 0 && info[a0 - 1].is_title && info[a0 - 1].flags & gz::TITLE != 0)
                    .then(|| a0 - 1)
                    .filter(|&t| free(spans, t, a0, k))
            };
            if let Some(t) = t {
                spans[k] = (t, b0, EntityType::Organization, None, t);
            }
        }
        // "Massachusetts Institute of Technology": a place right before an institution's name
        // that opens with its word is the institution's.
        // Institutions named for where they are, not a place's radio or paper ("Paris Radio
        // France International" is a dateline and a station).
        let institution = |w: &str| {
            matches!(
                w,
                "institute"
                    | "university"
                    | "college"
                    | "academy"
                    | "museum"
                    | "library"
                    | "hospital"
                    | "school"
                    | "department"
                    | "council"
                    | "court"
                    | "police"
            )
        };
        let next = spans.iter().position(|s| {
            s.4 == b
                && s.3.is_none()
                && s.2 == EntityType::Organization
                && institution(&info[b].lower)
        });
        if let Some(j) = next.filter(|_| spans[k].2 == EntityType::Location && spans[k].3.is_none())
        {
            absorb(spans, &mut k, j, EntityType::Organization);
            continue;
        }
        k += 1;
    }
}

/// Whether a lower-case word joins a person's given name to a surname ("Guido van Rossum",
/// "Ludwig van Beethoven", "Charles de Gaulle", "Leonardo da Vinci").
fn name_particle(lower: &str) -> bool {
    matches!(
        lower,
        "van"
            | "von"
            | "de"
            | "da"
            | "di"
            | "del"
            | "della"
            | "der"
            | "den"
            | "ter"
            | "ten"
            | "du"
            | "dos"
            | "das"
            | "le"
            | "la"
            | "bin"
            | "ibn"
            | "al"
            | "el"
    )
}

/// Joins a given name, a name particle and the surname after it into one person, which the
/// tagger split or cut ("Guido van Rossum" gave "Guido" and a place "Rossum"; "Ludwig van
/// Beethoven" gave "Beethoven"). The given name must be one the lists know or a person's span;
/// a surname span ending with an organisation or place word keeps its type ("Charles de Gaulle
/// Airport").
pub(crate) fn join_name_particles(spans: &mut Vec<RawSpan>, info: &[WordInfo]) {
    let n = info.len();
    let mut p = 1;
    while p + 1 < n {
        // "van der", "von der", "de la": two particles are one.
        let first = p;
        if name_particle(&info[p].lower)
            && !info[p].is_capitalised()
            && p + 2 < n
            && name_particle(&info[p + 1].lower)
            && !info[p + 1].is_capitalised()
        {
            p += 1;
        }
        if !name_particle(&info[p].lower) || info[p].is_capitalised() || !name_word(&info[p + 1]) {
            p = first + 1;
            continue;
        }
        let before = spans.iter().position(|s| s.1 == first);
        let after = spans.iter().position(|s| s.4 == p + 1);
        // A listed given name, or a capitalised word no dictionary knows before a surname the
        // tagger took for a person's ("Ludwig van Beethoven", "Osama bin Laden").
        let surname_person = after.is_some_and(|j| spans[j].2 == EntityType::Person);
        let g = first - 1;
        let given = name_word(&info[g])
            && (gz::is_given_name(&info[g].lower)
                || (surname_person && crate::lexicon::parts_of_speech(&info[g].lower).is_none()));
        let start = match before {
            Some(k)
                if spans[k].2 == EntityType::Person || (given && spans[k].1 == spans[k].4 + 1) =>
            {
                spans[k].4
            }
            None if given && !spans.iter().any(|s| s.4 < first && g < s.1) => g,
            _ => {
                p += 1;
                continue;
            }
        };
        // The surname: the span after the particle, or the capitalised words there.
        let (end, t) = match after {
            Some(j) if spans[j].3.is_none() => {
                // "Paul van Gogh Museum", "the Hassan bin Talal Foundation": an institution's
                // or a place's word ends the name, which is that institution's.
                let last = &info[spans[j].1 - 1];
                let keeps = spans[j].1 > p + 2
                    && (gz::is_org_suffix(&last.lower)
                        || last.flags & (gz::LOC_WORD | gz::ORG_WORD) != 0
                        || spans[j].2 == EntityType::Organization);
                let t = match spans[j].2 {
                    EntityType::Person if keeps => institution_kind(last),
                    t if keeps => t,
                    _ => EntityType::Person,
                };
                (spans[j].1, t)
            }
            Some(_) => {
                p += 1;
                continue;
            }
            None => {
                let mut e = p + 1;
                while e < n
                    && e < p + 3
                    && name_word(&info[e])
                    && !spans.iter().any(|s| s.4 <= e && e < s.1)
                {
                    e += 1;
                }
                // "Charles de Gaulle Airport": a place's or an institution's word ends it.
                let last = &info[e - 1];
                let t = if e > p + 2
                    && (gz::is_org_suffix(&last.lower)
                        || last.flags & (gz::LOC_WORD | gz::ORG_WORD) != 0)
                {
                    institution_kind(last)
                } else {
                    EntityType::Person
                };
                (e, t)
            }
        };
        spans.retain(|s| !(s.4 >= start && s.1 <= end));
        spans.push((start, end, t, None, start));
        spans.sort_by_key(|s| s.4);
        p = end;
    }
}

/// The kind a name ending in `last`, an institution's or a place's word, names: a place for
/// "Airport", "Bridge", "Street"; an organisation for "Museum", "Foundation".
fn institution_kind(last: &WordInfo) -> EntityType {
    if last.flags & gz::LOC_WORD != 0 && last.flags & gz::ORG_WORD == 0 {
        EntityType::Location
    } else {
        EntityType::Organization
    }
}

/// Retypes names by the clause around them: a place before ", who" is a person ("Satya Nadella,
/// who joined Microsoft in 1992, ..."; not a thing, "the Christian Bible, who" speaks of someone
/// in it, nor a team or a band, "the Nets, who won"); the name a sentence opening with an
/// organisation's participle is about is an organisation's ("Headquartered in Seattle, Starbucks
/// operates ..."; not "Founded in 1867, Gujranwala", a city); what a firm owns or buys is a firm unless a list knows it for a place
/// ("Volkswagen owns Audi, Porsche and Lamborghini"; "Acme bought Greenland"). The tagger,
/// trained on news, often takes an unknown name for a place; the clause says what it is.
pub(crate) fn retype_by_clause(spans: &mut [RawSpan], info: &[WordInfo]) {
    let listed = |s: &RawSpan| {
        (s.0..s.1).any(|i| info[i].flags & (gz::ORG_NAME | gz::ORG_WORD | gz::LOC_WORD) != 0)
    };
    // The participle's clause: its first word, a preposition, up to the first comma.
    let org_participle = matches!(
        info.first().map(|w| w.lower.as_str()),
        Some("headquartered" | "incorporated")
    ) && info
        .get(1)
        .is_some_and(|w| matches!(w.lower.as_str(), "in" | "on" | "by" | "at"));
    let comma = info.iter().position(|w| w.lower == ",");
    // "Volkswagen owns Audi, Porsche and Lamborghini": what a firm buys or owns, when no list
    // knows it for a place, is a firm (they were places to the tagger).
    let mut owned: Vec<usize> = Vec::new();
    for (k, w) in info.iter().enumerate() {
        let buys = matches!(
            w.lower.as_str(),
            "owns"
                | "owned"
                | "acquired"
                | "acquires"
                | "bought"
                | "buys"
                | "purchased"
                | "purchases"
        );
        if !buys {
            continue;
        }
        // The firm's name may not be a span yet: a listed firm's word opening the sentence.
        let by_firm = spans
            .iter()
            .any(|s| s.1 == k && s.2 == EntityType::Organization)
            || (k > 0
                && info[k - 1].is_capitalised()
                && info[k - 1].flags & gz::ORG_NAME != 0
                && !spans.iter().any(|s| s.1 == k));
        if !by_firm {
            continue;
        }
        let mut j = k + 1;
        while let Some(s) = spans.iter().position(|s| s.0 == j) {
            owned.push(s);
            j = spans[s].1;
            match info.get(j).map(|w| w.lower.as_str()) {
                Some(",") if info.get(j + 1).is_some_and(|w| w.lower == "and") => j += 2,
                Some("," | "and") => j += 1,
                _ => break,
            }
        }
    }
    for &o in &owned {
        let s = &mut spans[o];
        let place = (s.0..s.1).any(|i| info[i].flags & (gz::PLACE | gz::LOC_WORD) != 0);
        if s.2 == EntityType::Location && !place {
            s.2 = EntityType::Organization;
        }
    }
    for s in spans.iter_mut() {
        if s.3.is_some() || listed(s) {
            continue;
        }
        let who = info.get(s.1).is_some_and(|w| w.lower == ",")
            && info.get(s.1 + 1).is_some_and(|w| w.lower == "who");
        // Not a name holding a place's word: "the New York Nets, who shared ..." is a team.
        let place_word = (s.0..s.1).any(|i| info[i].flags & gz::PLACE != 0);
        if who && s.2 == EntityType::Location && !place_word {
            s.2 = EntityType::Person;
            continue;
        }
        let about = org_participle && comma.is_some_and(|c| s.0 == c + 1);
        if about
            && matches!(
                s.2,
                EntityType::Person | EntityType::Location | EntityType::Other
            )
        {
            s.2 = EntityType::Organization;
        }
    }
}

/// Retypes names by their words: an organisation's last word makes an organisation ("Nimbus
/// Sensors"); a first word that is a given name and also a place ("Sofia Marin", "Paris Hilton")
/// makes a person, unless a later word makes a place or organisation ("Sofia Airport").
pub(crate) fn retype_by_words(spans: &mut [RawSpan], info: &[WordInfo]) {
    for s in spans.iter_mut() {
        let (a, b) = (s.0, s.1);
        if b >= a + 2 && s.3.is_none() && gz::is_org_suffix(&info[b - 1].lower) {
            s.2 = EntityType::Organization;
            continue;
        }
        // "the Difference Engine": a name after "the" ending in a machine's noun (WordNet:
        // device, vehicle, instrument) is a thing, not a person ("Lucille Ball" is one).
        if b >= a + 2
            && a > 0
            && info[a - 1].lower == "the"
            && s.2 == EntityType::Person
            && s.3.is_none()
            && info[a].flags & gz::FIRST_NAME == 0
            && matches!(
                crate::lexicon::category_of(&info[b - 1].lower),
                Some("device" | "vehicle" | "instrument")
            )
        {
            s.2 = EntityType::Other;
            continue;
        }
        // "Charles de Gaulle Airport", "John Radcliffe Hospital": a person's name given to a place
        // or an institution, whose word ends the name, is that place's.
        if b >= a + 2 && s.2 == EntityType::Person && s.3.is_none() {
            let kind = match info[b - 1].lower.as_str() {
                "airport" | "station" | "avenue" | "boulevard" | "canyon" | "peninsula"
                | "harbor" | "harbour" | "strait" | "canal" => Some(EntityType::Location),
                "museum" | "foundation" | "university" | "hospital" | "institute" | "library"
                | "academy" => Some(EntityType::Organization),
                _ => None,
            };
            if let Some(t) = kind {
                s.2 = t;
                continue;
            }
        }
        if b < a + 2 || b > a + 3 || !matches!(s.2, EntityType::Location | EntityType::Other) {
            continue;
        }
        let placeish = |w: &WordInfo| {
            w.flags & (gz::PLACE | gz::LOC_WORD | gz::ORG_WORD | gz::EVENT_WORD | gz::NATIONALITY)
                != 0
                || gz::is_org_suffix(&w.lower)
        };
        if gz::is_given_name_place(&info[a].lower)
            && info[a + 1..b].iter().all(|w| name_word(w) && !placeish(w))
        {
            s.2 = EntityType::Person;
        }
    }
}

/// What people do in the news, which firms, parties and unions do too ("Tesco warned",
/// "Labour accused"): a person's verb only after a word no dictionary or list knows
/// ("Zelensky thanked Biden", "Putin warned NATO").
pub(crate) fn news_person_verb(lower: &str) -> bool {
    matches!(
        lower,
        "warned"
            | "warns"
            | "thanked"
            | "urged"
            | "urges"
            | "praised"
            | "praises"
            | "criticised"
            | "criticized"
            | "criticises"
            | "criticizes"
            | "accused"
            | "accuses"
            | "vowed"
            | "vows"
            | "apologised"
            | "apologized"
            | "congratulated"
            | "condemned"
            | "condemns"
            | "testified"
            | "died"
    )
}

/// Verbs that, right after a name, say the name is a person's ("Schneider said").
pub(crate) fn person_verb(lower: &str) -> bool {
    matches!(
        lower,
        "said"
            | "says"
            | "told"
            | "tells"
            | "added"
            | "explained"
            | "replied"
            | "asked"
            | "wrote"
            | "argued"
            | "insisted"
            | "recalled"
            | "admitted"
            | "thinks"
            | "thought"
            | "believes"
            | "married"
            | "smiled"
            | "laughed"
            | "adopted"
            | "divorced"
            | "hugged"
            | "cried"
            | "texted"
            | "whispered"
            | "shouted"
            | "graduated"
    )
}

/// Whether the words from `j` give the name before them a person's role: "became CEO of", "is the
/// chairman", ", the president of", "stepped down as chief executive".
pub(crate) fn role_follows(info: &[WordInfo], j: usize) -> bool {
    info.iter()
        .skip(j)
        .take(4)
        .take_while(|w| {
            w.flags & gz::ROLE != 0
                || matches!(
                    w.lower.as_str(),
                    "," | "is"
                        | "was"
                        | "became"
                        | "becomes"
                        | "has"
                        | "been"
                        | "named"
                        | "appointed"
                        | "the"
                        | "a"
                        | "an"
                        | "as"
                        | "new"
                        | "former"
                        | "stepped"
                        | "down"
                        | "resigned"
                        | "serves"
                        | "served"
                )
        })
        .any(|w| w.flags & gz::ROLE != 0)
}

/// Whether the sentence's first `e` words are described as one person between commas, with no
/// verb in the plural after: an age ("Sanders, 45, was found") or a role in the singular
/// ("Masters, the coach, said", "Parker, the mayor of Springfield, resigned"). Not "Residents,
/// the mayor said,", "Officials, the governor's aides, declined", "Lakers, the hosts, won",
/// "Survivors, 14, were rescued".
fn described_person(info: &[WordInfo], e: usize) -> bool {
    let word = |k: usize| info.get(k).map_or("", |w| w.lower.as_str());
    if word(e) != "," {
        return false;
    }
    let first = word(e + 1);
    if !first.is_empty() && first.chars().all(|c| c.is_ascii_digit()) {
        // "Sanders, 45, was found guilty"; not a count, "Survivors, 14, were rescued".
        return word(e + 2) == "," && !matches!(word(e + 3), "were" | "are" | "have");
    }
    if !matches!(first, "the" | "a" | "an") {
        return false;
    }
    let Some(close) = (e + 2..e + 8).find(|&k| word(k) == ",") else {
        return false;
    };
    // The head noun: before "of" / "from" ("the mayor of Springfield"), else the last word.
    let head = (e + 2..close)
        .find(|&k| matches!(word(k), "of" | "from"))
        .unwrap_or(close)
        - 1;
    let head = &info[head];
    (e + 2..close).all(|k| !person_verb(word(k)))
        && crate::lexicon::singulars(&head.lower).is_empty()
        && (head.flags & gz::ROLE != 0
            || crate::lexicon::categories_of(&head.lower)
                .first()
                .is_some_and(|c| *c == "person"))
        && !matches!(word(close + 1), "were" | "are" | "have")
}

/// Whether the word at `k` is a given name that is also a word ("Lily", "Ruby") used as a
/// name: a person's verb follows ("Lily lives in Oregon", "Ruby said", "Lily was born in",
/// "Ivy and I went"), not "Lily is a flower".
pub(crate) fn given_word_as_name(info: &[WordInfo], k: usize) -> bool {
    let word = |i: usize| info.get(i).map_or("", |w| w.lower.as_str());
    info[k].is_title
        && gz::is_census_given_word(word(k))
        && (person_verb(word(k + 1))
            || matches!(
                word(k + 1),
                "lives"
                    | "lived"
                    | "moved"
                    | "works"
                    | "worked"
                    | "studies"
                    | "studied"
                    | "visited"
                    | "met"
                    | "called"
                    | "texted"
                    | "married"
            )
            // What people do ("Caroline went home", "Ruby loves painting"); not a season's
            // name, which goes and begins too ("Summer went by").
            || (!matches!(word(k), "summer" | "autumn" | "dawn" | "easter")
                && everyday_person_verb(word(k + 1)))
            || (matches!(word(k + 1), "was" | "is") && word(k + 2) == "born")
            || (word(k + 1) == "and" && matches!(word(k + 2), "i" | "me")))
}

/// A verb of what people do every day, which a place or a thing seldom does as a sentence's
/// subject: "Caroline went home", "Madison loves painting".
pub(crate) fn everyday_person_verb(lower: &str) -> bool {
    matches!(
        lower,
        "went"
            | "loves"
            | "loved"
            | "likes"
            | "liked"
            | "wants"
            | "wanted"
            | "started"
            | "joined"
            | "plays"
            | "played"
            | "scored"
            | "bought"
            | "decided"
            | "learned"
            | "teaches"
            | "taught"
            | "enjoys"
            | "enjoyed"
            | "helped"
            | "won"
    )
}

/// Whether the words from `end` say a person's life event: "got fired", "got married", "got
/// engaged", "got promoted" (a place gets none of them).
pub(crate) fn life_event_after(info: &[WordInfo], end: usize) -> bool {
    let word = |i: usize| info.get(i).map_or("", |w| w.lower.as_str());
    matches!(word(end), "got" | "gets" | "is" | "was")
        && matches!(
            word(end + 1),
            "fired"
                | "married"
                | "engaged"
                | "divorced"
                | "promoted"
                | "hired"
                | "pregnant"
                | "dumped"
                | "laid"
        )
}

/// Whether a word after a possessive name is someone's home or do: "Sarah's house", "at
/// Tom's place", "Jo's party".
pub(crate) fn someones_home_word(w: &str) -> bool {
    matches!(
        w,
        "house"
            | "place"
            | "apartment"
            | "flat"
            | "home"
            | "room"
            | "party"
            | "wedding"
            | "birthday"
            | "funeral"
            | "parents"
            | "mom"
            | "dad"
    )
}

/// Whether the words from `end` say where someone lives, works or moved ("lives in", "works
/// at", "moved to Denver"): what a person does and a place does not. Not "moved to expand", a
/// state's or a firm's move.
pub(crate) fn residence_after(info: &[WordInfo], end: usize) -> bool {
    let word = |i: usize| info.get(i).map_or("", |w| w.lower.as_str());
    // A place named after it: "lives in Ohio", "works at Initech", "moved back to Leeds" (not
    // "lives in fear", "works for me").
    let named = |i: usize| {
        info.get(i)
            .is_some_and(|w| w.is_capitalised() && w.lower != "i")
    };
    // "works at a bakery": a workplace named by a common noun.
    let workplace = |i: usize| {
        matches!(word(i), "a" | "an" | "the")
            && crate::lexicon::category_of(word(i + 1)) == Some("place")
            && info.get(i + 2).is_none_or(|w| {
                !w.lower.chars().any(char::is_alphanumeric) || crate::predicate::is_prep(&w.lower)
            })
    };
    match (word(end), word(end + 1)) {
        ("works" | "worked", "at") => named(end + 2) || workplace(end + 2),
        ("lives" | "lived", "in" | "near") | ("works" | "worked", "for") => named(end + 2),
        // "lives with her grandmother", not "lives with the consequences".
        ("lives" | "lived", "with") => {
            named(end + 2)
                || (matches!(word(end + 2), "her" | "his" | "their" | "my")
                    && info.get(end + 3).is_some_and(|w| w.flags & gz::KIN != 0))
        }
        // "works as a nurse", not "works as a base".
        ("works" | "worked", "as") => {
            let k = if matches!(word(end + 2), "a" | "an") {
                end + 3
            } else {
                end + 2
            };
            // A role of the news' lists, or any noun for people ("a nurse", "a barista").
            info.get(k).is_some_and(|w| {
                w.flags & gz::ROLE != 0 || crate::lexicon::category_of(&w.lower) == Some("person")
            })
        }
        ("moved", "to") => named(end + 2),
        ("moved", "back") => word(end + 2) == "to" && named(end + 3),
        _ => false,
    }
}

/// `sentence_start_people` at the sentence's start and again after the words that open it
/// before its subject ("Yesterday Tobias played the cello", "Last week, Pat moved to Oslo").
pub(crate) fn opening_people(spans: &mut Vec<RawSpan>, info: &[WordInfo]) {
    sentence_start_people(spans, info);
    let o = opener_len(info);
    if o == 0 || !info.get(o).is_some_and(|w| w.is_capitalised()) {
        return;
    }
    let shift = |s: &RawSpan, by: isize| -> RawSpan {
        let at = |i: usize| i.saturating_add_signed(by);
        (at(s.0), at(s.1), s.2, s.3.clone(), at(s.4))
    };
    let before: Vec<RawSpan> = spans
        .iter()
        .filter(|s| s.4 >= o)
        .map(|s| shift(s, -(o as isize)))
        .collect();
    let mut rest = before.clone();
    sentence_start_people(&mut rest, &info[o..]);
    if rest != before {
        spans.retain(|s| s.4 < o);
        spans.extend(rest.iter().map(|s| shift(s, o as isize)));
    }
}

/// How many words open a sentence before its subject: time adverbs and connectives
/// ("Yesterday", "Then", "So", "Last week", "On Monday"), each perhaps followed by a comma.
pub(crate) fn opener_len(info: &[WordInfo]) -> usize {
    let word = |i: usize| info.get(i).map_or("", |w| w.lower.as_str());
    let mut k = 0;
    for _ in 0..3 {
        let len = match word(k) {
            "yesterday" | "today" | "tonight" | "tomorrow" | "recently" | "lately" | "then"
            | "now" | "finally" | "eventually" | "meanwhile" | "sometimes" | "also" | "so"
            | "and" | "but" | "well" | "anyway" | "actually" | "apparently" | "luckily"
            | "sadly" | "unfortunately" | "honestly" | "afterwards" | "later" | "earlier"
            | "plus" | "still" | "oh" => 1,
            "last" | "this" | "next"
                if matches!(
                    word(k + 1),
                    "week"
                        | "weekend"
                        | "month"
                        | "year"
                        | "night"
                        | "morning"
                        | "evening"
                        | "summer"
                        | "winter"
                        | "spring"
                        | "fall"
                        | "autumn"
                ) || info
                    .get(k + 1)
                    .is_some_and(|w| w.flags & (gz::WEEKDAY | gz::MONTH) != 0) =>
            {
                2
            }
            "on" if info.get(k + 1).is_some_and(|w| w.flags & gz::WEEKDAY != 0) => 2,
            _ => 0,
        };
        if len == 0 {
            break;
        }
        k += len;
        if word(k) == "," {
            k += 1;
        }
    }
    k
}

/// Names the tagger missed at the start of a sentence or line: a speaker label ("Tom Keller: ..."),
/// the subject of a person's verb ("Schneider said ..."), or a listed given name that is no
/// common word, subject of any verb when another name follows ("Anna loves Porto", "Anna Berg
/// visited Oslo": the tagger sometimes gives the opening word up then).
pub(crate) fn sentence_start_people(spans: &mut Vec<RawSpan>, info: &[WordInfo]) {
    // "Witnesses told reporters", "Officials said": people named by what they are, no name.
    // "Sisters Anna and Maria run the bakery": the relatives' plural is no part of the name.
    if info.first().is_some_and(plural_people)
        && info.get(1).is_some_and(|w| w.flags & gz::FIRST_NAME != 0)
        && crate::lexicon::singulars(&info[0].lower)
            .iter()
            .any(|s| crate::lexicon::categories_of(s).first() == Some(&"family"))
    {
        for s in spans.iter_mut().filter(|s| s.0 == 0 && s.1 > 1) {
            s.0 = 1;
            s.4 = 1;
        }
        // The names listed after it are the relatives, people whatever the tagger said.
        // A comma goes on with the list only before a name that "and" or another comma follows
        // ("Sisters Anna and Maria, Lisbon natives, run a bakery": Lisbon is no sister).
        let sep = |k: usize| info.get(k).map_or("", |w| w.lower.as_str());
        let mut k = 1;
        let mut after_comma = false;
        while let Some(i) = spans.iter().position(|s| s.0 == k) {
            let end = spans[i].1;
            if after_comma && !matches!(sep(end), "and" | "," | "&") {
                break;
            }
            spans[i].2 = EntityType::Person;
            k = end;
            if !matches!(sep(k), "and" | "," | "&") {
                break;
            }
            after_comma = sep(k) == ",";
            k += 1;
        }
        return;
    }
    if info.first().is_some_and(plural_people)
        && !info.get(1).is_some_and(|w| w.is_title)
        && !described_person(info, 1)
    {
        spans.retain(|s| s.0 > 0);
        return;
    }
    // "Stocks fell.", "Prices rose": a common noun's plural opening a sentence, alone, before
    // what it does is no name ("Brooks said" is: a person's verb follows).
    if info.first().is_some_and(plural_thing)
        && info
            .get(1)
            .is_some_and(|w| !w.is_capitalised() && !person_verb(&w.lower))
        // "Stocks was sentenced": a singular's verb, a surname.
        && !matches!(
            info.get(1).map(|w| w.lower.as_str()),
            Some("and" | "&" | "'s" | "was" | "is" | "has")
        )
    {
        spans.retain(|s| !(s.0 == 0 && s.1 == 1 && s.3.is_none()));
    }
    // "Will lives in Oslo": a modal is followed by a bare verb, never by what a person does.
    if will_as_name(info, 0) {
        if let Some(s) = spans.iter_mut().find(|s| s.0 == 0 && s.1 == 1) {
            s.2 = EntityType::Person;
        } else if free(spans, 0, 1, usize::MAX) {
            spans.push((0, 1, EntityType::Person, None, 0));
        }
        return;
    }
    let mut e = 0;
    while e < info.len() && e < 3 && name_word(&info[e]) {
        e += 1;
    }
    if e == 0 {
        return;
    }
    if !free(spans, 0, e, usize::MAX) {
        // "Oksana studies French": a lone word the tagger took for a place or a thing, doing
        // what only people do.
        if let Some(s) = spans.iter_mut().find(|s| s.0 == 0 && s.1 == 1) {
            if e == 1 && s.2 != EntityType::Person && unknown_word_as_name(info) {
                s.2 = EntityType::Person;
            }
        }
        return;
    }
    let next = info.get(e).map(|w| w.lower.as_str());
    let label = next == Some(":") && (e >= 2 || info[0].flags & gz::FIRST_NAME != 0);
    let listed = info[..e]
        .iter()
        .any(|w| w.flags & (gz::PLACE | gz::ORG_NAME) != 0);
    // When another name follows, as the tagger then misses the first, or when a lone given
    // name does something to something ("Anna uses Slack at work"; "Max barked" is left to the
    // tagger: pets have given names too).
    let given_name = (info[0].flags & gz::FIRST_NAME != 0
        || gz::is_census_given_name(&info[0].lower))
        && (spans.iter().any(|s| s.0 > e)
            || (e == 1
                && info
                    .get(e + 1)
                    .is_some_and(|w| w.lower.chars().any(char::is_alphanumeric))))
        && crate::lexicon::parts_of_speech(&info[0].lower).is_none()
        && next.is_some_and(|w| {
            crate::verbs::is_irregular_past(w)
                || ((w.ends_with('s') || w.ends_with("ed")) && crate::verbs::is_verbish(w))
        });
    let described = described_person(info, e)
        || (e == 1 && (given_word_as_name(info, 0) || unknown_word_as_name(info)));
    // "Austin moved to Denver": a given name that is a place's too, living or moving.
    let resident = e == 1 && gz::is_given_name_place(&info[0].lower) && residence_after(info, 1);
    let unknown_word = e == 1
        && crate::lexicon::parts_of_speech(&info[0].lower).is_none()
        && !crate::lexicon::is_plural_of_noun(&info[0].lower)
        && info[0].flags & (gz::ORG_WORD | gz::LOC_WORD) == 0
        // "Chelsea thanked ...": a name that is a place's too is a club's as often.
        && !gz::is_given_name_place(&info[0].lower);
    // "Bach died in Leipzig": a word the lists know as a noun, but WordNet as a person too.
    let known_person = e == 1
        && info[0].flags & (gz::PLACE | gz::ORG_NAME) == 0
        // "Banks warned of defaults": a common noun's plural, though Joseph Banks is a person.
        && !crate::lexicon::is_plural_of_noun(&info[0].lower)
        && crate::kinds::names_a_person(&info[0].lower);
    let news = next.is_some_and(news_person_verb) && unknown_word;
    // "Mozart moved to Vienna": such a word doing what people do, a move included.
    let known = known_person
        && (next.is_some_and(|w| news_person_verb(w) || person_verb(w) || w == "moved")
            || personal_verb_phrase(info, 1, true));
    if label
        || resident
        || ((next.is_some_and(person_verb) || news || known || given_name || described) && !listed)
    {
        spans.push((0, e, EntityType::Person, None, 0));
    }
}

/// A lone opening word that no word list knows ("Tobias", a name the tagger never saw), or a
/// listed given name that is a word too ("Mark", "Pat"), doing what only people do: "Tobias
/// plays the cello", "Pat works at Amazon". Not a company's or a team's name ("Nvidia bought
/// Arm", "Arsenal plays Chelsea"), whose verbs are not these.
pub(crate) fn unknown_word_as_name(info: &[WordInfo]) -> bool {
    let w = &info[0];
    let l = w.lower.as_str();
    let unknown = crate::lexicon::parts_of_speech(l).is_none()
        && w.flags & (gz::PLACE | gz::ORG_NAME | gz::ORG_WORD | gz::LOC_WORD | gz::KIN) == 0
        && !brand_shaped(w)
        // "Everybody", "Sociology", "Lakers" and "Celtics" (a plural's "s" after a consonant;
        // "Tobias", "Marcus" and "Jonas" end in a vowel's).
        && !matches!(l, "everybody" | "anybody" | "somebody" | "nobody")
        && !["ology", "ism", "ics"].iter().any(|s| l.ends_with(s))
        && l.strip_suffix('s')
            .and_then(|r| r.chars().last())
            .is_none_or(|c| "aeiou".contains(c));
    let word_name = w.flags & gz::FIRST_NAME != 0;
    w.is_title
        && l.chars().count() >= 3
        && l.chars().all(char::is_alphabetic)
        && ((unknown && personal_verb_phrase(info, 1, false))
            || (word_name && personal_verb_phrase(info, 1, true))
            // "Frank and I went hiking".
            || (word_name
                && info.get(1).is_some_and(|w| w.lower == "and")
                && info.get(2).is_some_and(|w| matches!(w.lower.as_str(), "i" | "me"))))
}

/// "Will lives in Oslo", "Will loves pizza": the capitalised modal at `k` is a name, as a bare
/// verb, not what a person does, follows a modal ("Will studies show a benefit?" asks).
pub(crate) fn will_as_name(info: &[WordInfo], k: usize) -> bool {
    let word = |i: usize| info.get(i).map_or("", |w| w.lower.as_str());
    info.get(k).is_some_and(|w| w.is_title && w.lower == "will")
        && personal_verb_phrase(info, k + 1, true)
        && !info.iter().any(|w| w.lower == "?")
        // "Will studies show results": the noun before a verb.
        && !crate::lexicon::parts_of_speech(word(k + 2)).is_some_and(|p| p.starts_with('v'))
        && !crate::clause_words::is_aux(word(k + 2))
}

/// Whether the words from `k` say what a person does: likes, lives, studies, plays an
/// instrument, works at a named place or as a role; with `named` (the word before is known as
/// a name), also plays a sport and moves to a place, as teams and firms do too.
fn personal_verb_phrase(info: &[WordInfo], k: usize, named: bool) -> bool {
    let word = |i: usize| info.get(i).map_or("", |w| w.lower.as_str());
    match word(k) {
        "loves" | "loved" | "likes" | "liked" | "hates" | "hated" | "enjoys" | "enjoyed"
        | "adores" | "studies" | "studied" | "teaches" | "taught" | "learns" | "learned"
        | "married" => info
            .get(k + 1)
            .is_some_and(|w| w.lower.chars().any(char::is_alphabetic)),
        // "plays the cello", "plays tennis"; not "plays Chelsea".
        "plays" | "played" => {
            let n = if matches!(word(k + 1), "the" | "a" | "an" | "his" | "her" | "their") {
                k + 2
            } else {
                k + 1
            };
            crate::lexicon::categories_of(word(n))
                .iter()
                .any(|c| *c == "instrument" || (named && *c == "sport"))
        }
        "moved" if !named => false,
        // A listed name meets, calls and tells people: "Frank met Tom", "Bill texted me".
        "met" | "meets" | "called" | "calls" | "texted" | "texts" | "told" | "tells" | "hugged"
            if named =>
        {
            info.get(k + 1)
                .is_some_and(|w| w.is_capitalised() || w.flags & (gz::PRONOUN | gz::KIN) != 0)
        }
        // Any name visits a named place or meets a named person: "Obama visited Kenya", "Merkel
        // met Macron" (firms meet expectations, in lower case).
        // Not a name before the noun it modifies ("Stellantis met Renault executives").
        "visited" | "visits" | "met" | "meets" => {
            // "met with Netanyahu".
            let k = if word(k) != "visited" && word(k) != "visits" && word(k + 1) == "with" {
                k + 1
            } else {
                k
            };
            info.get(k + 1).is_some_and(|w| {
                w.is_title && w.flags & (gz::STOPWORD | gz::PRONOUN | gz::MONTH | gz::WEEKDAY) == 0
            }) && !info.get(k + 2).is_some_and(|n| {
                !n.is_capitalised() && crate::lexicon::category_of(&n.lower).is_some()
            })
        }
        _ => residence_after(info, k),
    }
}

/// "the Orion project", "the Apollo program": the capitalised words name a project (type Other),
/// and the mention covers the noun. Returns (start, end, name end) of each, so that the entity is
/// named by the capitalised words alone ("Orion") and later mentions of them join it.
pub(crate) fn project_names(
    spans: &mut Vec<RawSpan>,
    info: &[WordInfo],
) -> Vec<(usize, usize, usize)> {
    let mut named = Vec::new();
    for j in 1..info.len() {
        if !matches!(
            info[j].lower.as_str(),
            "project" | "projects" | "program" | "programme" | "initiative" | "mission"
        ) {
            continue;
        }
        let mut a = j;
        while a > 0 && j - a < 4 && name_word(&info[a - 1]) {
            a -= 1;
        }
        if a == j || a == 0 || info[a - 1].lower != "the" {
            continue;
        }
        // A span already on the name (and nothing past it) grows to cover the noun.
        let overlapping: Vec<usize> = (0..spans.len())
            .filter(|&k| spans[k].4 <= j && a < spans[k].1)
            .collect();
        match overlapping.as_slice() {
            [] => {
                spans.push((a, j + 1, EntityType::Other, None, a));
                named.push((a, j + 1, j));
            }
            [k] if spans[*k].4 >= a && spans[*k].1 <= j => {
                let s = &mut spans[*k];
                s.1 = j + 1;
                s.2 = EntityType::Other;
                named.push((s.0, j + 1, j));
            }
            _ => {}
        }
    }
    named
}

/// Words after which a name is whom someone works for ("works for Initech", "joined Globex",
/// "hired by Hooli", "left Initech"), what a company acquires or merges with ("acquired
/// Postmates", "merged with Compaq") or what someone founded ("founded Initech"): (words before
/// the name, counted back from it).
fn employer_cue(info: &[WordInfo], a: usize) -> bool {
    let w = |k: usize| info.get(a.wrapping_sub(k)).map(|w| w.lower.as_str());
    matches!(
        (w(2), w(1)),
        (
            Some("works" | "work" | "worked" | "working" | "employed" | "hired" | "resigned"),
            Some("for" | "at" | "by" | "from")
        ) | (
            // "lost my job at Door Dash", "an internship with Globex".
            Some("job" | "jobs" | "internship" | "position" | "shift" | "shifts"),
            Some("at" | "with")
        ) | (
            _,
            Some(
                "joined"
                    | "quit"
                    | "acquired"
                    | "acquires"
                    | "acquire"
                    | "acquiring"
                    | "founded"
                    | "co-founded"
                    | "cofounded"
            )
        ) | (
            Some("merged" | "merge" | "merges" | "merging"),
            Some("with")
        )
    )
    // "returned as CEO of Disney": a firm's officer (a president's may be a country's).
    || (w(1) == Some("of") && w(2).is_some_and(firm_officer))
}

/// A firm's officer: "CEO", "chairman", "co-founder" (a president's may be a country's).
fn firm_officer(w: &str) -> bool {
    matches!(
        w,
        "ceo"
            | "cfo"
            | "cto"
            | "coo"
            | "chairman"
            | "chairwoman"
            | "founder"
            | "co-founder"
            | "cofounder"
    )
}

/// Names of employers the tagger (trained on news, where employers are well known) misses or
/// types as a person or place: a capitalised name after an employment or acquisition cue ("works
/// for Initech", "joined Globex", "quit Hooli", "acquired Postmates") or before "hired",
/// "employs", "acquired", "merged" or "is based" at the start of a sentence ("Globex hired Priya
/// Nair", "Broadcom acquired VMware", "Globex is based in Oslo") is an organisation, unless a
/// word of it is a known given name or place.
pub(crate) fn employer_names(spans: &mut Vec<RawSpan>, info: &[WordInfo]) {
    let personal = |a: usize, b: usize| {
        info[a..b]
            .iter()
            .any(|w| w.flags & (gz::FIRST_NAME | gz::PLACE) != 0)
    };
    let mut found: Vec<(usize, usize)> = Vec::new();
    // A firm buys firms: "AT&T bought Time Warner" (a person buys things, in lower case).
    let bought_by_firm = |a: usize| {
        a >= 2
            && matches!(info[a - 1].lower.as_str(), "bought" | "buys")
            && spans
                .iter()
                .any(|s| s.1 == a - 1 && s.2 == EntityType::Organization)
    };
    for a in 1..info.len() {
        if (employer_cue(info, a) || bought_by_firm(a)) && name_word(&info[a]) {
            let mut b = a;
            // "joined Procter & Gamble": names joined by "&" are one firm's.
            while b < info.len()
                && b < a + 4
                && (name_word(&info[b])
                    || (info[b].lower == "&" && info.get(b + 1).is_some_and(name_word)))
            {
                b += 1;
            }
            found.push((a, b));
        }
    }
    // "Initech's CEO Bill Lumbergh", "Bill Lumbergh, Initech's CFO": a firm's officers.
    for p in 1..info.len().saturating_sub(1) {
        let officer = firm_officer(&info[p + 1].lower);
        // "Stark Industries' CEO": the plural's possessive too.
        let possessive = gz::is_possessive(&info[p].lower)
            || (matches!(info[p].lower.as_str(), "'" | "\u{2019}")
                && info[p - 1].lower.ends_with('s'));
        if !officer || !possessive || !name_word(&info[p - 1]) {
            continue;
        }
        let mut a = p - 1;
        while a > 0 && p - a < 3 && name_word(&info[a - 1]) {
            a -= 1;
        }
        found.push((a, p));
    }
    let mut e = 0;
    while e < info.len() && e < 3 && name_word(&info[e]) {
        e += 1;
    }
    // "Globex is based in Oslo", "Initech is headquartered in Austin", "Royal Dutch Shell moved
    // its headquarters to London".
    let word = |k: usize| info.get(k).map(|w| w.lower.as_str());
    let based = (matches!(word(e), Some("is" | "was"))
        && matches!(word(e + 1), Some("based" | "headquartered")))
        || (matches!(word(e), Some("moved" | "moves" | "relocated"))
            && matches!(word(e + 1), Some("its" | "their"))
            && word(e + 2) == Some("headquarters"));
    if e > 0
        && (based
            || matches!(
                info.get(e).map(|w| w.lower.as_str()),
                Some("hired" | "employs" | "acquired" | "acquires" | "merged")
            ))
    {
        found.push((0, e));
    }
    for (a, b) in found {
        if personal(a, b) {
            continue;
        }
        let overlapping: Vec<usize> = (0..spans.len())
            .filter(|&k| spans[k].4 < b && a < spans[k].1)
            .collect();
        match overlapping.as_slice() {
            [] => spans.push((a, b, EntityType::Organization, None, a)),
            [k] if spans[*k].0 == a
                && spans[*k].1 == b
                && spans[*k].3.is_none()
                && matches!(
                    spans[*k].2,
                    EntityType::Person | EntityType::Location | EntityType::Other
                ) =>
            {
                spans[*k].2 = EntityType::Organization;
            }
            _ => {}
        }
    }
}

/// Words a title may keep in lower case ("Charlotte's Web", "The Lord of the Rings").
fn title_small_word(w: &str) -> bool {
    matches!(
        w,
        "a" | "an"
            | "the"
            | "of"
            | "and"
            | "or"
            | "in"
            | "on"
            | "to"
            | "for"
            | "with"
            | "at"
            | "by"
            | "from"
            | "'s"
            | "\u{2019}s"
            | "&"
            | "-"
            | ":"
    )
}

/// How surely the words before a capitalised run make it a work's title (`work_cue`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Cue {
    None,
    /// Whatever the run's words: "wrote To Kill a Mockingbird", "reading Dune".
    Sure,
    /// In conversation, unless a word of the run is a given name or a place's: "we saw
    /// Oppenheimer", "obsessed with Minecraft", "tickets for Hamilton" (not "saw Anna",
    /// "obsessed with Taylor Swift").
    Unless,
}

/// Words after which a capitalised run is a work's title: "wrote To Kill a Mockingbird",
/// "directed Pulp Fiction", "painted the Mona Lisa", "the novel One Hundred Years of Solitude",
/// "reading Dune", "hooked on Wordle"; in conversation "we played Mario Kart", and less surely
/// "we saw Oppenheimer".
fn work_cue(info: &[WordInfo], a: usize, chat: bool) -> Cue {
    let w = |k: usize| a.checked_sub(k).map_or("", |i| info[i].lower.as_str());
    if chat
        && (matches!(w(1), "saw" | "seen")
            || matches!(
                (w(2), w(1)),
                ("obsessed", "with") | ("tickets", "for" | "to") | ("fan", "of")
            ))
    {
        return Cue::Unless;
    }
    // "we played Mario Kart", "I play Fortnite": said of oneself in conversation, what one
    // plays is a game (documents write "Nadal played Federer"; a given name alone stays a
    // person, "I played Anna at chess").
    if chat
        && matches!(w(1), "played" | "play")
        && matches!(
            w(2),
            "i" | "we" | "'ve" | "\u{2019}ve" | "just" | "also" | "finally" | "all" | "often"
        )
    {
        return Cue::Sure;
    }
    let verb = |v: &str| {
        matches!(
            v,
            "wrote"
                | "writes"
                | "authored"
                | "directed"
                | "directs"
                | "painted"
                | "composed"
                | "published"
                | "reading"
                | "read"
                | "watching"
                | "watched"
                | "rewatching"
                | "rewatched"
                | "binge-watching"
                | "binge-watched"
                | "binged"
                | "binging"
                | "bingeing"
                | "streaming"
                | "finished"
        )
    };
    // "hooked on Wordle", "addicted to Candy Crush": a habit, not a person.
    let habit = matches!((w(2), w(1)), ("hooked", "on") | ("addicted", "to"));
    // A game one plays or likes playing ("I love playing Minecraft", "we were playing
    // Monopoly"); not "Nadal is playing Federer" nor "played", a match's opponent.
    let game = w(1) == "playing"
        && (matches!(
            w(2),
            "'m" | "am"
                | "'re"
                | "been"
                | "love"
                | "loves"
                | "loved"
                | "like"
                | "likes"
                | "enjoy"
                | "enjoys"
                | "enjoyed"
                | "started"
                | "keep"
                | "kept"
                | "i"
        ) || (w(2) == "were" && matches!(w(3), "we" | "you" | "they")));
    let work_noun = |v: &str| {
        matches!(
            v,
            "novel"
                | "book"
                | "film"
                | "movie"
                | "song"
                | "album"
                | "painting"
                | "poem"
                | "play"
                | "opera"
                | "series"
                | "show"
                | "musical"
                | "memoir"
                | "documentary"
                | "game"
        )
    };
    // "watched all of Succession".
    let all_of = verb(w(3)) && w(2) == "all" && w(1) == "of";
    if game
        || habit
        || all_of
        || verb(w(1))
        || (verb(w(2)) && w(1) == "the")
        || (work_noun(w(1)) && w(2) == "the")
    {
        Cue::Sure
    } else {
        Cue::None
    }
}

/// Whether the word after a capitalised run makes the run someone seen doing it: "watched
/// Taylor Swift perform", "watching Serena play".
fn performer_follows(next: Option<&WordInfo>) -> bool {
    next.is_some_and(|w| {
        matches!(
            w.lower.as_str(),
            "perform"
                | "performing"
                | "play"
                | "playing"
                | "sing"
                | "singing"
                | "dance"
                | "dancing"
                | "speak"
                | "speaking"
                | "compete"
                | "competing"
                | "win"
                | "winning"
                | "run"
                | "running"
        )
    })
}

/// A work's title after a word that names one (`work_cue`): its title-cased run, small words
/// inside it included, is one name of type Other ("To Kill a Mockingbird" was dropped, "One
/// Hundred Years of Solitude" a place "Solitude", "Pulp Fiction" a person). A name a list knows as
/// a person's or a firm's (the "reading Harry Potter" kind excepted) is left to the tagger.
pub(crate) fn work_titles(spans: &mut Vec<RawSpan>, info: &[WordInfo], chat: bool) {
    let n = info.len();
    let mut a = 1;
    while a < n {
        let cue = work_cue(info, a, chat);
        if cue == Cue::None || !info[a].is_title {
            a += 1;
            continue;
        }
        let mut e = a;
        // Small words inside it, one or two before the next capitalised one ("The Old Man and
        // the Sea").
        // "Project Hail Mary by Andy Weir": the author is no word of the title.
        let small_then_title = |e: usize| {
            (e..(e + 2).min(n))
                .take_while(|&k| title_small_word(&info[k].lower) && info[k].lower != "by")
                .last()
                .is_some_and(|k| info.get(k + 1).is_some_and(|x| x.is_title))
        };
        while e < n
            && (info[e].is_title
                || info[e].lower.chars().all(|c| c.is_ascii_digit())
                || small_then_title(e))
        {
            e += 1;
        }
        // A person is no title: one with a written title ("painted Mr. Brown") or a given name
        // alone ("wrote Anna a letter").
        let person = spans
            .iter()
            .any(|s| s.4 == a && s.1 == e && s.2 == EntityType::Person && s.3.is_some());
        let one_given = e == a + 1 && gz::is_given_name(&info[a].lower);
        let unsure = cue == Cue::Unless
            && (a..e).any(|k| {
                gz::is_listed_given_name(info[k].flags, &info[k].lower)
                    || info[k].flags & (gz::PLACE | gz::ORG_NAME) != 0
            });
        if e > a && !person && !one_given && !unsure && !performer_follows(info.get(e)) {
            spans.retain(|s| s.1 <= a || s.4 >= e);
            spans.push((a, e, EntityType::Other, None, a));
            spans.sort_by_key(|s| s.4);
        }
        a = e.max(a + 1);
    }
}

/// A title in quotes ("Becoming Nicole", "Charlotte's Web", "The Lion King") is one name, a work
/// (type Other): the names the tagger found in it are words of the title, not names of their own.
/// Only a short run in title case counts; a quoted saying ("Always look on the bright side") or
/// speech keeps its words' own names.
pub(crate) fn quoted_titles(spans: &mut Vec<RawSpan>, texts: &[&str], info: &[WordInfo]) {
    let n = texts.len();
    let mut j = 0;
    while j < n {
        if !matches!(texts[j], "\"" | "\u{201C}") {
            j += 1;
            continue;
        }
        let close = (j + 1..n.min(j + 10)).find(|&k| matches!(texts[k], "\"" | "\u{201D}"));
        let Some(e) = close else {
            j += 1;
            continue;
        };
        let (a, b) = (j + 1, e);
        let title_case = b > a
            && (info[a].is_capitalised() || texts[a].starts_with(|c: char| c.is_ascii_digit()))
            && (a..b).all(|k| {
                let w = texts[k];
                info[k].is_capitalised()
                    || w.starts_with(|c: char| c.is_ascii_digit())
                    || title_small_word(&info[k].lower)
            });
        if title_case {
            spans.retain(|s| s.1 <= a || s.4 >= b);
            spans.push((a, b, EntityType::Other, None, a));
            spans.sort_by_key(|s| s.4);
        }
        j = e + 1;
    }
}

/// "Anna, Ben and Carla went": a listed given name the tagger missed, joined to a person's span by
/// "and", "&" or a comma, is a person too (the list's members are alike).
pub(crate) fn listed_people(spans: &mut Vec<RawSpan>, info: &[WordInfo]) {
    let word = |i: usize| info.get(i).map_or("", |w| w.lower.as_str());
    let free = |spans: &[RawSpan], k: usize| !spans.iter().any(|s| s.4 <= k && k < s.1);
    let given = |k: usize| {
        info.get(k).is_some_and(|w| {
            w.is_title
                && gz::is_listed_given_name(w.flags, &w.lower)
                && !info.get(k + 1).is_some_and(|x| x.is_title)
        })
    };
    let mut found = Vec::new();
    for s in spans.iter().filter(|s| s.2 == EntityType::Person) {
        // After the span: ", Carla", "and Carla", ", and Carla".
        let mut e = s.1;
        loop {
            let k = match (word(e), word(e + 1)) {
                (",", "and" | "&") => e + 2,
                ("," | "and" | "&", _) => e + 1,
                _ => break,
            };
            if !given(k) || !free(spans, k) || found.contains(&k) {
                break;
            }
            found.push(k);
            e = k + 1;
        }
        // Before it: "Carla and Ben".
        if s.4 >= 2
            && matches!(word(s.4 - 1), "and" | "&")
            && given(s.4 - 2)
            && free(spans, s.4 - 2)
        {
            found.push(s.4 - 2);
        }
    }
    found.sort_unstable();
    found.dedup();
    for k in found {
        spans.push((k, k + 1, EntityType::Person, None, k));
    }
    // "Anna, Ben and Carla": a listed given name the tagger typed a place beside a person.
    let people: Vec<(usize, usize)> = spans
        .iter()
        .filter(|s| s.2 == EntityType::Person)
        .map(|s| (s.4, s.1))
        .collect();
    for s in spans.iter_mut() {
        let one_given = s.1 == s.0 + 1
            && matches!(s.2, EntityType::Location | EntityType::Other)
            && s.3.is_none()
            && gz::is_listed_given_name(info[s.0].flags, &info[s.0].lower)
            && !gz::is_given_name_place(&info[s.0].lower);
        let joined = |gap: &[WordInfo]| {
            matches!(
                gap.iter()
                    .map(|w| w.lower.as_str())
                    .collect::<Vec<_>>()
                    .as_slice(),
                ["," | "and" | "&"] | [",", "and" | "&"]
            )
        };
        let beside = people.iter().any(|&(a, b)| {
            (b <= s.4 && joined(&info[b..s.4])) || (s.1 <= a && joined(&info[s.1..a]))
        });
        if one_given && beside {
            s.2 = EntityType::Person;
        }
    }
}

/// "Bach and Mozart", "Instagram and TikTok": two one-word names joined by "and" are alike, so a
/// word no list or dictionary knows takes the kind of the person or organisation beside it when
/// the tagger typed it otherwise (Mozart a place, Instagram a person). A word a list knows keeps
/// its kind ("Anna and Paris" stays a person and a city). The organisation beside it must be one
/// the lists or its spelling know ("TikTok"); a person beside it counts in conversation only, where
/// the news-trained tagger types unknown words badly (in news "Fuzhou and ..." are places).
pub(crate) fn coordinated_kinds(spans: &mut [RawSpan], info: &[WordInfo], chat: bool) {
    let unknown = |s: &RawSpan| {
        let w = &info[s.0];
        s.1 == s.0 + 1
            && s.4 == s.0
            && s.3.is_none()
            && w.is_title
            && w.flags & (gz::PLACE | gz::FIRST_NAME | gz::ORG_NAME | gz::NATIONALITY) == 0
            && !gz::is_census_given_name(&w.lower)
            && !gz::is_region(&w.lower)
            && crate::lexicon::parts_of_speech(&w.lower).is_none()
    };
    let and = |k: usize| matches!(info.get(k).map(|w| w.lower.as_str()), Some("and" | "&"));
    let mut changes = Vec::new();
    for (i, s) in spans.iter().enumerate() {
        if !unknown(s) {
            continue;
        }
        let partner = spans.iter().find(|p| {
            p.1 == p.0 + 1
                && p.3.is_none()
                && ((p.1 + 1 == s.0 && and(p.1)) || (s.1 + 1 == p.0 && and(s.1)))
        });
        let Some(p) = partner else { continue };
        // "Johnson, PayPal and Nguyen": members of a longer list are not alike enough.
        let first = p.0.min(s.0);
        if first > 0 && matches!(info[first - 1].lower.as_str(), "," | "and" | "&") {
            continue;
        }
        let known_firm = info[p.0].flags & gz::ORG_NAME != 0 || brand_shaped(&info[p.0]);
        let fits = match (p.2, s.2) {
            (EntityType::Person, EntityType::Location | EntityType::Other) => chat,
            (EntityType::Organization, EntityType::Person | EntityType::Location) => known_firm,
            _ => false,
        };
        if fits {
            changes.push((i, p.2));
        }
    }
    for (i, t) in changes {
        spans[i].2 = t;
    }
}

/// "We have two cats, Luna and Pepper", "my sons, Leo and Max": capitalised words listed after a
/// plural noun for people or animals and a comma name them, dictionary words included ("Pepper",
/// "Cookie"): people for people's nouns, named things for animals (as "a dog named Biscuit").
pub(crate) fn names_after_plural(spans: &mut Vec<RawSpan>, info: &[WordInfo]) {
    let n = info.len();
    for c in 1..n {
        if info[c].lower != "," || !crate::phrases::is_plural_noun(&info[c - 1].lower) {
            continue;
        }
        let kind = crate::lexicon::singulars(&info[c - 1].lower)
            .iter()
            .chain(std::iter::once(&info[c - 1].lower))
            .find_map(|w| crate::lexicon::category_of(w));
        let t = match kind {
            Some("person" | "family") => EntityType::Person,
            Some("pet" | "animal") => EntityType::Other,
            _ => continue,
        };
        // The names: one capitalised word each, joined by commas and a last "and".
        let mut names = Vec::new();
        let mut k = c + 1;
        while k < n && info[k].is_title && info[k].flags & (gz::PRONOUN | gz::STOPWORD) == 0 {
            names.push(k);
            match (info.get(k + 1).map(|w| w.lower.as_str()), info.get(k + 2)) {
                (Some("and" | "&"), Some(_)) => k += 2,
                (Some(","), Some(w)) if w.lower == "and" => k += 3,
                (Some(","), Some(_)) => k += 2,
                _ => break,
            }
        }
        let last = names.last().copied().unwrap_or(0);
        let closes = info
            .get(last + 1)
            .is_none_or(|w| !w.lower.chars().any(char::is_alphanumeric));
        // Two names need their "and" ("two cats, Luna, Pepper" may go on with a clause).
        if names.len() < 2 || !closes || (names.len() == 2 && info[names[0] + 1].lower == ",") {
            continue;
        }
        for &j in &names {
            match spans.iter().position(|s| s.4 <= j && j < s.1) {
                Some(i) if spans[i].0 == j && spans[i].1 == j + 1 && spans[i].3.is_none() => {
                    spans[i].2 = t;
                }
                Some(_) => {}
                None => spans.push((j, j + 1, t, None, j)),
            }
        }
        spans.sort_by_key(|s| s.4);
    }
}

/// "I just got a kitten, her name is Pixel", "we have a new nephew, his name is Leo": the name
/// given after "her / his / its name is" is the animal's or the person's named just before it (a
/// pet's name is a named thing, as "a dog named Biscuit"; the tagger made Pixel a place).
pub(crate) fn named_by_name_is(spans: &mut Vec<RawSpan>, info: &[WordInfo]) {
    let n = info.len();
    for k in 1..n.saturating_sub(3) {
        let w = |i: usize| info[i].lower.as_str();
        if !(matches!(w(k), "her" | "his" | "its")
            && w(k + 1) == "name"
            && matches!(w(k + 2), "is" | "'s" | "was")
            && info[k + 3].is_title)
        {
            continue;
        }
        let Some(t) = (0..k).rev().find_map(|p| {
            match crate::lexicon::categories_of(&info[p].lower)
                .first()
                .copied()
            {
                Some("pet" | "animal") => Some(EntityType::Other),
                Some("person" | "family") => Some(EntityType::Person),
                _ => None,
            }
        }) else {
            continue;
        };
        let j = k + 3;
        match spans.iter().position(|s| s.4 <= j && j < s.1) {
            Some(i) if spans[i].0 == j && spans[i].1 == j + 1 && spans[i].3.is_none() => {
                spans[i].2 = t;
            }
            Some(_) => {}
            None => {
                spans.push((j, j + 1, t, None, j));
                spans.sort_by_key(|s| s.4);
            }
        }
    }
}

/// Whether a word is written as brands are, with a capital inside ("GitHub", "LinkedIn",
/// "YouTube", "iPhone", "eBay"): not a surname's prefix ("McDonald", "MacArthur", "DeVito",
/// "LeBron", whose capital comes after two letters or "Mac").
pub(crate) fn brand_shaped(w: &WordInfo) -> bool {
    if w.is_upper || !w.shape.contains("xX") || !w.lower.chars().all(char::is_alphabetic) {
        return false;
    }
    let before_inner_capital = w.shape.find("xX").map_or(0, |k| k + 1);
    if w.is_title {
        // The shape squeezes a run of lower-case letters to two: "Xxx" is three or more.
        // Surnames: "McDonald", "MacArthur", "VanDyke", "VonTrapp", "DelVecchio", "DeLuca".
        let surname = [
            "mc", "mac", "van", "von", "del", "der", "den", "ter", "ten", "bin",
        ]
        .iter()
        .any(|p| w.lower.starts_with(p) && before_inner_capital == p.len());
        before_inner_capital >= 3 && !surname && w.shape.starts_with("Xxx")
    } else {
        // "iPhone", "eBay": one lower-case letter first.
        w.shape.starts_with("xX")
    }
}

/// Brand-shaped names ("Microsoft acquired GitHub", "LinkedIn") the tagger, trained on news of
/// the 1990s, misses or takes for a person: a company's, or a product's when it opens in lower
/// case ("iPhone"). A span holding other words is left alone.
/// "Procter & Gamble", "Marks & Spencer": two names joined by "&" in one name are a firm's (or a
/// duo's, which the types file with organisations), not a person's or a thing's.
pub(crate) fn ampersand_names(spans: &mut [RawSpan], info: &[WordInfo]) {
    for s in spans.iter_mut() {
        let (a, b) = (s.0, s.1);
        // Not a title of two common words ("Pride & Prejudice", "War & Peace", "Law & Order").
        let word = |w: &WordInfo| {
            crate::lexicon::parts_of_speech(&w.lower).is_some()
                || crate::lexicon::is_plural_of_noun(&w.lower)
        };
        if b >= a + 3
            && s.3.is_none()
            && matches!(s.2, EntityType::Other | EntityType::Person)
            && (a + 1..b - 1).any(|k| {
                info[k].lower == "&"
                    && info[k - 1].is_capitalised()
                    && info[k + 1].is_capitalised()
                    && !(word(&info[k - 1]) && word(&info[k + 1]))
            })
        {
            s.2 = EntityType::Organization;
        }
    }
}

/// "AT&T", "H&M", "S&P": capitals joined by "&" in one word are a firm's initials; not the
/// common nouns written so ("Q&A", "R&B", "R&D", "B&B").
pub(crate) fn ampersand_initials(spans: &mut Vec<RawSpan>, info: &[WordInfo]) {
    for (k, w) in info.iter().enumerate() {
        let common = matches!(
            w.lower.as_str(),
            "q&a"
                | "r&b"
                | "r&d"
                | "b&b"
                | "m&a"
                | "d&d"
                | "pb&j"
                | "b&w"
                | "p&l"
                | "c&w"
                | "s&m"
                | "f&b"
                | "g&t"
                | "r&r"
                | "t&c"
                | "t&cs"
                | "a&e"
                | "e&o"
        );
        // "AT&T Stadium", "the AT&T Building": a longer name's first word is left to it.
        let initials = !common
            && w.run.1 <= w.run.0 + 1
            && w.lower.contains('&')
            && w.shape.chars().all(|c| c == 'X' || c == '&')
            && !w.shape.starts_with('&')
            && !w.shape.ends_with('&');
        if !initials {
            continue;
        }
        match spans.iter().position(|s| s.4 <= k && k < s.1) {
            None => spans.push((k, k + 1, EntityType::Organization, None, k)),
            Some(i) if spans[i].0 == k && spans[i].1 == k + 1 => {
                spans[i].2 = EntityType::Organization
            }
            Some(_) => {}
        }
    }
}

pub(crate) fn brand_names(spans: &mut Vec<RawSpan>, info: &[WordInfo], chat: bool) {
    // "my new iPhone", "a used PlayStation": in conversation the thing owned or bought, which
    // the phrase reader takes as a thing with its fact; a name there would cut the phrase.
    let owned = |k: usize| {
        let mut j = k;
        while j > 0 && k - j < 3 {
            j -= 1;
            let w = info[j].lower.as_str();
            if crate::clause_words::is_determiner(w) {
                return true;
            }
            let adjective = !info[j].is_capitalised()
                && (crate::lexicon::is_mostly_modifier(w)
                    || crate::lexicon::parts_of_speech(w).is_some_and(|p| p.starts_with('a'))
                    || (w.ends_with("ed") && crate::verbs::is_verbish(w)));
            if !adjective {
                return false;
            }
        }
        false
    };
    for (k, w) in info.iter().enumerate() {
        if !brand_shaped(w) || w.flags & (gz::FIRST_NAME | gz::PLACE) != 0 || (chat && owned(k)) {
            continue;
        }
        let t = if w.is_title {
            EntityType::Organization
        } else {
            EntityType::Other
        };
        match spans.iter().position(|s| s.4 <= k && k < s.1) {
            None => {
                spans.push((k, k + 1, t, None, k));
                // "TikTok and Instagram": the other names of the run the brand is in, joined to
                // it by "and" or "&", are names of their own (the run would have been one).
                let (a, b) = w.run;
                // One-word names and joiners in turn: "A and B", "A & B and C".
                let joined = (b - a) % 2 == 1
                    && (a..b).all(|j| {
                        if (j - a) % 2 == 0 {
                            info[j].is_capitalised()
                        } else {
                            matches!(info[j].lower.as_str(), "and" | "&")
                        }
                    });
                if b > a + 1 && joined {
                    for j in (a..b).filter(|&j| j != k && info[j].is_capitalised()) {
                        if !spans.iter().any(|s| s.4 <= j && j < s.1) {
                            spans.push((j, j + 1, EntityType::Organization, None, j));
                        }
                    }
                }
            }
            Some(s) if spans[s].0 == k && spans[s].1 == k + 1 && spans[s].3.is_none() => {
                // No list knows it as a place: "integrates with GitHub" names no place.
                if matches!(spans[s].2, EntityType::Person | EntityType::Location) {
                    spans[s].2 = t;
                }
            }
            Some(_) => {}
        }
    }
}

/// "LinkedIn, GitHub and Nuance": a one-word name the tagger took for a person, in a list (closed
/// by "and") with a name known as a company's (brand-shaped or listed, not the tagger's guess), is
/// a company too when nothing makes it a person's (no given name, no title).
pub(crate) fn listed_organizations(spans: &mut [RawSpan], info: &[WordInfo]) {
    let word = |i: usize| info.get(i).map_or("", |w| w.lower.as_str());
    let runs = span_runs(spans, info);
    let known = |s: &RawSpan| {
        s.1 == s.0 + 1
            && s.2 == EntityType::Organization
            && (brand_shaped(&info[s.0]) || info[s.0].flags & gz::ORG_NAME != 0)
    };
    let unnamed = |s: &RawSpan| {
        let w = &info[s.0];
        s.1 == s.0 + 1
            && s.2 == EntityType::Person
            && s.3.is_none()
            && w.flags & gz::FIRST_NAME == 0
            && !gz::is_census_given_name(&w.lower)
            && !gz::is_given_name(&w.lower)
    };
    for run in runs.iter().filter(|r| r.len() >= 2) {
        let last = &spans[run[run.len() - 1]];
        let before_last = &spans[run[run.len() - 2]];
        let closed = (before_last.1..last.4).any(|i| word(i) == "and");
        // As many known companies as unknown "people" ("LinkedIn, GitHub and Nuance"; not "the
        // guests were Johnson, PayPal and Nguyen", surnames), or what a company acquires
        // ("acquired YouTube, Fitbit and Waze").
        let known_n = run.iter().filter(|&&k| known(&spans[k])).count();
        let unnamed_n = run.iter().filter(|&&k| unnamed(&spans[k])).count();
        let acquired = crate::name_rules::acquisition_context(&info[..spans[run[0]].4]);
        if !closed || (known_n <= unnamed_n && !acquired) {
            continue;
        }
        for &k in run {
            // What is acquired is no place either, unless a known one ("acquired Wyeth and
            // Hospira"); nor is a name no list knows listed with companies ("GitHub, Jira and
            // Trello").
            let unknown_place = (acquired || known_n > 0)
                && spans[k].2 == EntityType::Location
                && spans[k].1 == spans[k].0 + 1
                && info[spans[k].0].flags & (gz::PLACE | gz::NATIONALITY) == 0;
            if unnamed(&spans[k]) || unknown_place {
                spans[k].2 = EntityType::Organization;
            }
        }
    }
}

/// Lists as runs of spans (indices into `spans`) in text order, each joined to the next by ",",
/// "and" or ", and"; a span in no list is a run of its own.
fn span_runs(spans: &[RawSpan], info: &[WordInfo]) -> Vec<Vec<usize>> {
    let word = |i: usize| info.get(i).map_or("", |w| w.lower.as_str());
    let mut order: Vec<usize> = (0..spans.len()).collect();
    order.sort_by_key(|&k| spans[k].4);
    let mut runs: Vec<Vec<usize>> = Vec::new();
    for &k in &order {
        let joined = runs.last().and_then(|r| r.last()).is_some_and(|&p| {
            let gap: Vec<&str> = (spans[p].1..spans[k].4).map(word).collect();
            matches!(gap.as_slice(), [","] | ["and"] | [",", "and"])
        });
        match runs.last_mut() {
            Some(run) if joined => run.push(k),
            _ => runs.push(vec![k]),
        }
    }
    runs
}

/// "He met Obama, Merkel and Macron", "I met Ferreira": one meets people, so the names right
/// after a verb of meeting, and the others of their list, that the tagger took for places or
/// things and no list knows as either, are people.
/// Whether the meeting verb at `verb` has a person before it: "He met ...", "Harris met ..."
/// (a name no list knows as a place or a company, typed a person only later); teams meet too
/// ("New Zealand met Fiji"), and hikers run into winds.
fn is_meeting(lower: &str) -> bool {
    matches!(lower, "met" | "meets")
}

/// A verb whose object, when a person does it, is a person: "thanked Biden", "warned Putin"
/// (the news verbs that take an object, and marrying and hugging).
fn person_object_verb(lower: &str) -> bool {
    (news_person_verb(lower)
        && !matches!(
            lower,
            "vowed" | "vows" | "apologised" | "apologized" | "testified"
        ))
        || matches!(lower, "married" | "hugged")
}

fn met_by_person(spans: &[RawSpan], info: &[WordInfo], verb: usize) -> bool {
    verb > 0
        && (matches!(
            info[verb - 1].lower.as_str(),
            "i" | "he" | "she" | "we" | "they" | "you"
        ) || spans.iter().any(|s| {
            s.1 == verb
                && (s.2 == EntityType::Person
                    || (s.2 != EntityType::Organization
                        && (s.0..s.1).all(|k| {
                            info[k].flags & (gz::PLACE | gz::NATIONALITY | gz::ORG_NAME) == 0
                                && !brand_shaped(&info[k])
                        })))
        }))
}

pub(crate) fn met_people(spans: &mut Vec<RawSpan>, info: &[WordInfo]) {
    // A capitalised name the tagger left out right after a person's "met" ("Biden met Xi in
    // Bali", "Frank met Rose in Dublin") or another verb whose object is a person ("Zelensky
    // thanked Biden for the aid") is that person.
    for k in 2..info.len() {
        let w = &info[k];
        // "met Xi", "met with Xi".
        let verb = if info[k - 1].lower == "with" && k >= 3 && is_meeting(&info[k - 2].lower) {
            k - 2
        } else {
            k - 1
        };
        if (is_meeting(&info[verb].lower) || person_object_verb(&info[verb].lower))
            && met_by_person(spans, info, verb)
            && w.is_title
            && name_word(w)
            && w.flags & (gz::PLACE | gz::ORG_NAME | gz::NATIONALITY | gz::MONTH | gz::WEEKDAY) == 0
            && free(spans, k, k + 1, usize::MAX)
        {
            let mut e = k + 1;
            while e < info.len()
                && e < k + 3
                && info[e].is_title
                && name_word(&info[e])
                && free(spans, e, e + 1, usize::MAX)
            {
                e += 1;
            }
            spans.push((k, e, EntityType::Person, None, k));
        }
    }
    for run in span_runs(spans, info) {
        let at = spans[run[0]].4;
        if at == 0 || !crate::name_rules::meeting_context(&info[..at]) {
            continue;
        }
        // "met with ...": the verb is before "with".
        let verb = if info[at - 1].lower == "with" && at >= 2 {
            at - 2
        } else {
            at - 1
        };
        if !met_by_person(spans, info, verb) {
            continue;
        }
        for k in run {
            let w = &info[spans[k].0];
            // Not a name before the noun it modifies ("met Tuvalu delegates").
            let modifier = info.get(spans[k].1).is_some_and(|n| {
                !n.is_capitalised() && crate::lexicon::category_of(&n.lower).is_some()
            });
            if matches!(spans[k].2, EntityType::Location | EntityType::Other)
                && spans[k].1 == spans[k].0 + 1
                && spans[k].3.is_none()
                && w.is_title
                && w.flags & (gz::PLACE | gz::NATIONALITY | gz::ORG_NAME) == 0
                && !brand_shaped(w)
                && !modifier
            {
                spans[k].2 = EntityType::Person;
            }
        }
    }
}

/// "offices in Stockholm, Gothenburg and Malmo": a list after a place's preposition that
/// opens with a known place lists places; a one-word "person" in it that is no given name, or
/// "company" no list knows, is one too.
pub(crate) fn listed_places(spans: &mut [RawSpan], info: &[WordInfo]) {
    for run in span_runs(spans, info).iter().filter(|r| r.len() >= 2) {
        let first = &spans[run[0]];
        let opens = first.2 == EntityType::Location
            && first.4 > 0
            && crate::predicate::is_place_prep(&info[first.4 - 1].lower)
            && (first.0..first.1).any(|k| info[k].flags & gz::PLACE != 0);
        let closed = {
            let (a, b) = (&spans[run[run.len() - 2]], &spans[run[run.len() - 1]]);
            (a.1..b.4).any(|i| info[i].lower == "and")
        };
        if !opens || !closed {
            continue;
        }
        for &k in &run[1..] {
            let w = &info[spans[k].0];
            let retype = match spans[k].2 {
                EntityType::Person => {
                    !gz::is_listed_given_name(w.flags, &w.lower)
                        && !gz::is_given_name(&w.lower)
                        && !gz::is_census_given_word(&w.lower)
                }
                // "in Paris, Lyon and Nantes": no company a list knows.
                EntityType::Organization | EntityType::Other => {
                    w.flags & (gz::ORG_NAME | gz::ORG_WORD) == 0
                        && !brand_shaped(w)
                        && !gz::is_org_suffix(&w.lower)
                }
                _ => false,
            };
            // An acronym is rather a station's or a company's ("in Edmonton, Alberta, and
            // CKRX-FM in Fort Nelson").
            if retype && w.is_title && spans[k].1 == spans[k].0 + 1 && spans[k].3.is_none() {
                spans[k].2 = EntityType::Location;
            }
        }
    }
}

/// "born on 31 March 1685 in Eisenach", "In 1905 in Bern, Einstein ...": a capitalised run the
/// tagger left out after "in" right after a date is where it happened, a place. Not a month or a
/// weekday ("in 1998 in May"), nor a run inside a name.
pub(crate) fn places_after_dates(spans: &mut Vec<RawSpan>, info: &[WordInfo]) {
    let n = info.len();
    let mut added = false;
    for k in 1..n.saturating_sub(1) {
        if info[k].lower != "in" || !info[k + 1].is_title {
            continue;
        }
        let after_date = crate::name_rules::is_year(&info[k - 1].lower)
            || spans.iter().any(|s| s.1 == k && s.2 == EntityType::Date);
        let a = k + 1;
        let mut b = a;
        while b < n
            && b < a + 4
            && info[b].is_title
            && info[b].flags & (gz::MONTH | gz::WEEKDAY) == 0
        {
            b += 1;
            // "Saint - Petersburg" written with a spaced hyphen.
            if info.get(b).is_some_and(|w| w.lower == "-")
                && info.get(b + 1).is_some_and(|w| w.is_title)
            {
                b += 1;
            }
        }
        let free = !spans.iter().any(|s| s.4 < b && a < s.1);
        if after_date && b > a && free {
            spans.push((a, b, EntityType::Location, None, a));
            added = true;
        }
    }
    if added {
        spans.sort_by_key(|s| s.4);
    }
}

/// "Mark my words", "Bill the client", "May the best team win": a given name that is a verb,
/// opening the sentence before a determiner, is the verb of an imperative or a wish, no name.
pub(crate) fn imperative_openers(spans: &mut Vec<RawSpan>, info: &[WordInfo]) {
    let [first, next, ..] = info else {
        return;
    };
    // "Mark the plumber fixed our sink", "Rob the guy from accounting quit": a person described
    // after the name, then what the person did ("Bill the client for the hours" bills).
    let described = info.get(2).is_some_and(|w| {
        crate::lexicon::category_of(&w.lower).is_some_and(|c| c == "person" || c == "family")
            || w.flags & (gz::ROLE | gz::KIN) != 0
    }) && info
        .iter()
        .skip(3)
        .take(4)
        .any(|w| crate::clause_words::finite_verb(&w.lower));
    let determiner = matches!(
        next.lower.as_str(),
        "my" | "your" | "his" | "her" | "our" | "their" | "the" | "a" | "an" | "this" | "that"
    ) && !described;
    if determiner
        && first.is_title
        && gz::is_given_name(&first.lower)
        && crate::verbs::is_verbish(&first.lower)
    {
        spans.retain(|s| !(s.0 == 0 && s.1 == 1 && s.3.is_none()));
    }
}

/// Holidays written as names ("New Year's Eve", "Valentine's Day", "Thanksgiving" opening a
/// sentence, where the tagger drops or cuts them): the longest run of capitalised words (and
/// "'s") that `gazetteer::is_holiday` knows is one Event, over the spans inside it.
pub(crate) fn occasions(spans: &mut Vec<RawSpan>, info: &[WordInfo]) {
    let n = info.len();
    let mut k = 0;
    while k < n {
        if !info[k].is_title
            || info[k].flags & (gz::WEEKDAY | gz::MONTH) != 0
            || !gz::may_start_holiday(&info[k].lower)
        {
            k += 1;
            continue;
        }
        let mut b = k + 1;
        while b < n
            && b < k + 6
            && (info[b].is_title || (gz::is_possessive(&info[b].lower) && b + 1 < n))
        {
            b += 1;
        }
        let found = (k + 1..=b).rev().find(|&e| {
            info[e - 1].is_title && {
                let words: Vec<&str> = info[k..e].iter().map(|w| w.lower.as_str()).collect();
                gz::is_holiday(&words.join(" "))
            }
        });
        let Some(e) = found else {
            k += 1;
            continue;
        };
        // Only over spans inside the run ("Easter Island" stays a place, "Mr. Christmas" a
        // person), or a greeting before it ("Happy Valentine" was a person).
        let greeting = |s: &RawSpan| {
            s.1 <= e && (s.0..k).all(|j| matches!(info[j].lower.as_str(), "happy" | "merry"))
        };
        let overlaps = |s: &RawSpan| s.0 < e && k < s.1;
        if spans
            .iter()
            .any(|s| overlaps(s) && (s.3.is_some() || ((s.0 < k || s.1 > e) && !greeting(s))))
        {
            k = e;
            continue;
        }
        spans.retain(|s| !overlaps(s));
        spans.push((k, e, EntityType::Event, None, k));
        spans.sort_by_key(|s| s.4);
        k = e;
    }
}

/// "The Hobbit was written by J. R. R. Tolkien", "The Godfather was directed by ...": a run of
/// capitalised words right before a passive that says what it is (`passive_subject_type`), which
/// the tagger left out, is a name of that type ("The" opening the sentence left out of it).
pub(crate) fn passive_subjects(spans: &mut Vec<RawSpan>, info: &[WordInfo]) {
    let n = info.len();
    for e in 1..n {
        if !info[e - 1].is_title {
            continue;
        }
        let Some(t) = crate::name_rules::passive_subject_type(info, e) else {
            continue;
        };
        if spans.iter().any(|s| s.0 < e && e - 1 < s.1) {
            continue;
        }
        let mut a = e - 1;
        while a > 0
            && e - a < 5
            && info[a - 1].is_title
            && !spans.iter().any(|s| s.1 >= a && s.0 < a)
        {
            a -= 1;
        }
        if a == 0 && info[0].lower == "the" {
            a = 1;
        }
        // One capitalised word opening the sentence is as often a common noun ("Insulin was
        // isolated"): only after "The" or inside the sentence.
        if a >= e
            || (a == 0 && e == 1)
            || info[a..e]
                .iter()
                .any(|w| w.flags & (gz::PRONOUN | gz::MONTH | gz::WEEKDAY) != 0)
        {
            continue;
        }
        spans.push((a, e, t, None, a));
        spans.sort_by_key(|s| s.4);
    }
}
