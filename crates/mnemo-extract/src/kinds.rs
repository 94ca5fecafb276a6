//! WordNet 3.1's noun hierarchy (`data/wordnet-nouns.txt`, made by `scripts/wordnet_tables.py`,
//! under WordNet's licence): the kinds of things a noun names. "European countries" names a kind
//! whose members include Spain and England, "martial arts" one with taekwondo and judo, "cities"
//! one with Rome and Paris: a question asking for a kind reaches the things of that kind that a
//! memory holds, whatever words their texts use. Compiled in; nothing is read at run time.

use std::borrow::Cow;
use std::sync::OnceLock;

static NOUNS: &str = include_str!("../data/wordnet-nouns.txt");

/// The hierarchy, indexed once on first use (about 20 ms and 3.3 MB): where each synset's line
/// starts, its children (hyponyms and instances), and each lemma's senses by its hash.
struct Hierarchy {
    line_start: Vec<u32>,
    child_start: Vec<u32>,
    children: Vec<u32>,
    /// (hash of the lemma, sense number, synset), sorted.
    senses: Vec<(u64, u32, u32)>,
}

/// A lemma as the table writes it, with its sense number: "instrument~6" is the sixth sense.
fn sense_of(written: &str) -> (&str, u32) {
    match written.split_once('~') {
        Some((lemma, n)) => (lemma, n.parse().unwrap_or(u32::MAX)),
        None => (written, 1),
    }
}

fn hash(s: &str) -> u64 {
    // FNV-1a: stable, and enough for 120k lemmas (a collision is checked against the line).
    s.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

fn hierarchy() -> &'static Hierarchy {
    static H: OnceLock<Hierarchy> = OnceLock::new();
    H.get_or_init(|| {
        // Sized exactly by a first pass: grown by doubling they peaked at several times the size.
        let (mut lines, mut lemmas_n, mut parents_n) = (0usize, 0usize, 0usize);
        for line in NOUNS.split_terminator('\n') {
            let (lemmas, ups) = line.split_once('|').unwrap_or((line, ""));
            lines += 1;
            lemmas_n += lemmas.split(' ').filter(|l| !l.is_empty()).count();
            parents_n += ups.split(' ').filter(|p| !p.is_empty()).count();
        }
        let mut line_start = Vec::with_capacity(lines);
        let mut parents: Vec<(u32, u32)> = Vec::with_capacity(parents_n);
        let mut senses = Vec::with_capacity(lemmas_n);
        let mut at = 0usize;
        for (k, line) in NOUNS.split_terminator('\n').enumerate() {
            line_start.push(at as u32);
            at += line.len() + 1;
            let (lemmas, ups) = line.split_once('|').unwrap_or((line, ""));
            for l in lemmas.trim_start_matches('*').split(' ') {
                if !l.is_empty() {
                    let (lemma, n) = sense_of(l);
                    senses.push((hash(lemma), n, k as u32));
                }
            }
            for p in ups.split(' ').filter_map(|p| p.parse::<u32>().ok()) {
                parents.push((p, k as u32));
            }
        }
        parents.sort_unstable();
        let mut child_start = vec![0u32; line_start.len() + 1];
        for (p, _) in &parents {
            child_start[*p as usize + 1] += 1;
        }
        for i in 1..child_start.len() {
            child_start[i] += child_start[i - 1];
        }
        senses.sort_unstable();
        let children: Vec<u32> = parents.iter().map(|(_, c)| *c).collect();
        Hierarchy {
            line_start,
            child_start,
            children,
            senses,
        }
    })
}

impl Hierarchy {
    fn line(&self, synset: u32) -> &'static str {
        let start = self.line_start[synset as usize] as usize;
        let rest = &NOUNS[start..];
        &rest[..rest.find('\n').unwrap_or(rest.len())]
    }

    /// The synsets of a lemma's senses ("martial_art", "instrument"), first sense first.
    fn senses(&self, lemma: &str) -> Vec<u32> {
        let h = hash(lemma);
        let i = self.senses.partition_point(|(x, _, _)| *x < h);
        self.senses[i..]
            .iter()
            .take_while(|(x, _, _)| *x == h)
            .map(|(_, _, s)| *s)
            .filter(|s| {
                let (lemmas, _) = self.line(*s).split_once('|').unwrap_or_default();
                lemmas
                    .trim_start_matches('*')
                    .split(' ')
                    .any(|l| sense_of(l).0 == lemma)
            })
            .collect()
    }

    fn children(&self, synset: u32) -> &[u32] {
        let s = synset as usize;
        &self.children[self.child_start[s] as usize..self.child_start[s + 1] as usize]
    }
}

/// A kind of thing and the names of its members.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Kind {
    /// The WordNet lemma the phrase named, words joined by spaces ("european country").
    pub lemma: String,
    /// The lemmas under it (words joined by spaces, lower case), each with whether it names only
    /// instances of the kind (named things: "spain", "rome"), which a text writes capitalised;
    /// sorted, each once.
    pub members: Vec<(Cow<'static, str>, bool)>,
}

impl Kind {
    /// Whether `key` (a canonical, lower-case name) is a member, and if so whether only as a
    /// named thing.
    pub fn member(&self, key: &str) -> Option<bool> {
        self.members
            .binary_search_by(|(m, _)| m.as_ref().cmp(key))
            .ok()
            .map(|i| self.members[i].1)
    }
}

/// Whether WordNet knows `lemma` (lower case, words joined by `_`: "rock_climbing") as a noun.
pub(crate) fn is_noun_lemma(lemma: &str) -> bool {
    !hierarchy().senses(lemma).is_empty()
}

/// The kinds a noun phrase can name ("European countries", "martial arts", "instruments"), one
/// per WordNet sense of its last two words as one lemma, else of its last word, plural or
/// singular, in sense order ("instruments": a device needing skill, ..., a musical instrument),
/// each with every lemma below it. Empty for a phrase WordNet does not know as a noun, or one whose
/// first sense has more than `max_members` lemmas below it ("activities", "events": almost
/// anything is one); a later sense that broad is left out.
pub fn kinds_named(phrase: &str, max_members: usize) -> Vec<Kind> {
    let words: Vec<String> = phrase
        .split_whitespace()
        .map(|w| {
            w.trim_matches(|c: char| !c.is_alphanumeric())
                .to_lowercase()
        })
        .filter(|w| !w.is_empty())
        .collect();
    let Some(last) = words.last() else {
        return Vec::new();
    };
    let mut heads = vec![last.clone()];
    heads.extend(crate::lexicon::singulars(last));
    let h = hierarchy();
    let mut found = None;
    if let [.., before, _] = words.as_slice() {
        found = heads
            .iter()
            .map(|w| format!("{before}_{w}"))
            .map(|l| (h.senses(&l), l))
            .find(|(s, _)| !s.is_empty());
    }
    let Some((senses, lemma)) = found.or_else(|| {
        heads
            .iter()
            .map(|l| (h.senses(l), l.clone()))
            .find(|(s, _)| !s.is_empty())
    }) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (k, root) in senses.into_iter().enumerate() {
        match members_below(h, root, max_members) {
            Some(members) => out.push(Kind {
                lemma: lemma.replace('_', " "),
                members,
            }),
            None if k == 0 => return Vec::new(),
            None => {}
        }
    }
    out
}

/// What a name WordNet lists only as named things is ("Galway" a city and a port, "Zanzibar" an
/// island): `Location`, `Person` or `Organization` when every instance sense of the name falls
/// under WordNet's location, person or organisation, None for names it does not list, lists as
/// a common noun too ("Turkey") or as things of different kinds ("Lincoln", a president and a
/// city).
pub fn instance_type(name: &str) -> Option<mnemo_core::EntityType> {
    use mnemo_core::EntityType;
    let mut lemma = String::with_capacity(name.len());
    for w in name.split_whitespace() {
        if !lemma.is_empty() {
            lemma.push('_');
        }
        lemma.extend(w.chars().flat_map(char::to_lowercase));
    }
    if lemma.is_empty() || lemma.len() > 60 {
        return None;
    }
    let h = hierarchy();
    let senses = h.senses(&lemma);
    if senses.is_empty() || senses.iter().any(|&s| !h.line(s).starts_with('*')) {
        return None;
    }
    let kinds = synset_kinds(h);
    let mut found = None;
    for s in senses {
        let kind = match kinds[s as usize] {
            KIND_LOCATION => EntityType::Location,
            KIND_PERSON => EntityType::Person,
            KIND_ORGANIZATION => EntityType::Organization,
            _ => return None,
        };
        match found {
            Some(f) if f != kind => return None,
            _ => found = Some(kind),
        }
    }
    found
}

/// Whether one of WordNet's named-thing senses of a one-word `lemma` (lower case) is a person
/// ("bach": Johann Sebastian Bach, beside the music of Bach), so that the word opening a sentence
/// before what people do names that person.
pub(crate) fn names_a_person(lemma: &str) -> bool {
    let h = hierarchy();
    let kinds = synset_kinds(h);
    h.senses(lemma)
        .iter()
        .any(|&s| h.line(s).starts_with('*') && kinds[s as usize] == KIND_PERSON)
}

const KIND_NONE: u8 = 1;
const KIND_LOCATION: u8 = 2;
const KIND_PERSON: u8 = 3;
const KIND_ORGANIZATION: u8 = 4;

/// For every synset, which of WordNet's location, person or organisation it falls under
/// (through its first hypernym that falls under one), computed once for all: searches ask it of
/// every name.
fn synset_kinds(h: &'static Hierarchy) -> &'static [u8] {
    static KINDS: OnceLock<Vec<u8>> = OnceLock::new();
    KINDS.get_or_init(|| {
        let first = |l: &str| h.senses(l).first().copied().unwrap_or(u32::MAX);
        // Islands, rivers and mountains are no "location" in WordNet but places all the same.
        let roots = [
            (first("location"), KIND_LOCATION),
            (first("dry_land"), KIND_LOCATION),
            (first("body_of_water"), KIND_LOCATION),
            (first("geological_formation"), KIND_LOCATION),
            (first("person"), KIND_PERSON),
            (first("organization"), KIND_ORGANIZATION),
        ];
        let n = h.line_start.len();
        let mut kinds = vec![0u8; n];
        for (r, k) in roots {
            if let Some(slot) = kinds.get_mut(r as usize) {
                *slot = k;
            }
        }
        // Depth first with an explicit stack: a synset is settled once its parents are.
        for s in 0..n {
            if kinds[s] != 0 {
                continue;
            }
            let mut stack = vec![(s as u32, false)];
            while let Some((x, expanded)) = stack.pop() {
                if kinds[x as usize] != 0 && !expanded {
                    continue;
                }
                let (_, ups) = h.line(x).split_once('|').unwrap_or_default();
                let parents = ups.split(' ').filter_map(|p| p.parse::<u32>().ok());
                if expanded {
                    let k = parents
                        .map(|p| kinds[p as usize])
                        .find(|&k| k > KIND_NONE)
                        .unwrap_or(KIND_NONE);
                    kinds[x as usize] = k;
                } else {
                    // Marked before its parents are settled, so a cycle ends.
                    kinds[x as usize] = KIND_NONE;
                    stack.push((x, true));
                    for p in parents {
                        if kinds[p as usize] == 0 {
                            stack.push((p, false));
                        }
                    }
                }
            }
        }
        kinds
    })
}

/// The lemmas below `root` (sorted, each once, with whether only as a named thing), or None when
/// there are more than `max_members`.
fn members_below(
    h: &Hierarchy,
    root: u32,
    max_members: usize,
) -> Option<Vec<(Cow<'static, str>, bool)>> {
    let mut seen = std::collections::HashSet::from([root]);
    let mut stack = vec![root];
    let mut members: Vec<(Cow<'static, str>, bool)> = Vec::new();
    while let Some(s) = stack.pop() {
        for &c in h.children(s) {
            if !seen.insert(c) {
                continue;
            }
            stack.push(c);
            let line = h.line(c);
            let instance = line.starts_with('*');
            let (lemmas, _) = line.split_once('|').unwrap_or_default();
            for l in lemmas.trim_start_matches('*').split(' ') {
                let l = sense_of(l).0;
                if l.contains('_') {
                    members.push((Cow::Owned(l.replace('_', " ")), instance));
                } else if !l.is_empty() {
                    members.push((Cow::Borrowed(l), instance));
                }
            }
            if members.len() > max_members {
                return None;
            }
        }
    }
    members.sort();
    // A lemma both named and common ("bath", a city and a washing) is a member as a common noun.
    let mut out: Vec<(Cow<'static, str>, bool)> = Vec::with_capacity(members.len());
    for (m, instance) in members {
        match out.last_mut() {
            Some((last, named)) if *last == m => *named &= instance,
            _ => out.push((m, instance)),
        }
    }
    (out.len() <= max_members).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_things_have_the_type_of_their_kind() {
        use mnemo_core::EntityType;
        assert_eq!(instance_type("Galway"), Some(EntityType::Location));
        assert_eq!(instance_type("Zanzibar"), Some(EntityType::Location));
        assert_eq!(
            instance_type("Ludwig van Beethoven"),
            Some(EntityType::Person)
        );
        // Common nouns too, things of two kinds, and names WordNet does not list.
        assert_eq!(instance_type("Turkey"), None);
        assert_eq!(instance_type("Lincoln"), None);
        assert_eq!(instance_type("Radiohead"), None);
        assert_eq!(instance_type(""), None);
    }

    #[test]
    fn a_kind_has_its_named_and_common_members() {
        let first = |p: &str| kinds_named(p, 2000).into_iter().next().expect("a kind");
        let countries = first("European countries");
        assert_eq!(countries.lemma, "european country");
        assert_eq!(countries.member("spain"), Some(true));
        assert_eq!(countries.member("england"), Some(true));
        assert_eq!(countries.member("japan"), None);

        let arts = first("martial arts");
        assert_eq!(arts.lemma, "martial art");
        assert_eq!(arts.member("taekwondo"), Some(false));
        assert_eq!(arts.member("judo"), Some(false));

        let cities = first("cities");
        assert_eq!(cities.lemma, "city");
        assert_eq!(cities.member("rome"), Some(true));
        assert_eq!(cities.member("paris"), Some(true));

        let desserts = first("desserts");
        assert_eq!(desserts.member("sundae"), Some(false));
        assert_eq!(desserts.member("banana split"), Some(false));

        // Every sense, in order: the sixth of "instrument" is the musical one.
        let instruments = kinds_named("instruments", 2000);
        assert!(instruments.len() >= 2, "{}", instruments.len());
        assert_eq!(instruments[0].member("clarinet"), None);
        assert!(instruments
            .iter()
            .any(|k| k.member("clarinet") == Some(false)));
    }

    #[test]
    fn broad_and_unknown_phrases_name_no_kind() {
        for broad in ["activities", "events", "zyxwvs", "", "🙂 !!"] {
            assert!(kinds_named(broad, 2000).is_empty(), "{broad}");
        }
        // A kind with fewer members than the cap is kept, with more is not.
        let n = kinds_named("martial arts", 2000)[0].members.len();
        assert!(kinds_named("martial arts", n - 1).is_empty());
    }
}
