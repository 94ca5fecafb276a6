//! Two compact tables derived from WordNet 3.1 (`data/`, made by `scripts/wordnet_tables.py`, under
//! WordNet's licence in `data/WORDNET-LICENSE`): the parts of speech a word can take, and the
//! category of a common noun ("dog" -> pet, animal; "guitar" -> instrument). Both are compiled in;
//! nothing is read at run time.

// Static word tables: Fx hashing, as their keys are fixed and lookups are per word.
use rustc_hash::FxHashMap as HashMap;
use std::sync::OnceLock;

static POS: &str = include_str!("../data/wordnet-pos.txt");
static CATEGORIES: &str = include_str!("../data/wordnet-categories.txt");

/// The category labels [`category_of`] can return, most specific first.
pub const CATEGORY_LABELS: &[&str] = &[
    "pet",
    "animal",
    "plant",
    "instrument",
    "vehicle",
    "book",
    "movie",
    "show",
    "music",
    "art",
    "sport",
    "game",
    "exercise",
    "food",
    "drink",
    "clothing",
    "event",
    "class",
    "family",
    "person",
    "place",
    "device",
    "activity",
    // Any other act (a job, a talk, progress): a label of the extractor's, no category of things
    // people ask about.
    "act",
];

fn table(src: &'static str) -> HashMap<&'static str, &'static str> {
    src.lines()
        .filter_map(|l| l.rsplit_once(' '))
        .collect::<HashMap<_, _>>()
}

fn pos_table() -> &'static HashMap<&'static str, &'static str> {
    static T: OnceLock<HashMap<&'static str, &'static str>> = OnceLock::new();
    T.get_or_init(|| table(POS))
}

fn category_table() -> &'static HashMap<&'static str, &'static str> {
    static T: OnceLock<HashMap<&'static str, &'static str>> = OnceLock::new();
    T.get_or_init(|| table(CATEGORIES))
}

/// Parts of speech of a lower-case word, most frequent first: `n` noun, `v` verb, `a` adjective,
/// `r` adverb. `None` for a word WordNet does not know, or knows only as a rare noun (everyday
/// nouns are in: "life" -> "n").
pub fn parts_of_speech(lower: &str) -> Option<&'static str> {
    pos_table().get(lower).copied()
}

/// Whether a lower-case word is an adjective or adverb and never a noun in WordNet ("happy",
/// "really"): it cannot head a noun phrase.
pub fn is_modifier_only(lower: &str) -> bool {
    parts_of_speech(lower).is_some_and(|p| !p.contains('n') && !p.contains('v'))
}

/// Whether a lower-case word is mostly an adjective or adverb (its first part of speech).
pub fn is_mostly_modifier(lower: &str) -> bool {
    parts_of_speech(lower).is_some_and(|p| p.starts_with('a') || p.starts_with('r'))
}

/// Whether a lower-case word is a verb and never a noun ("adopt", "enjoy").
pub fn is_verb_only(lower: &str) -> bool {
    parts_of_speech(lower).is_some_and(|p| p.contains('v') && !p.contains('n'))
}

/// Singular candidates of an English plural noun, most likely first ("puppies" -> "puppy").
pub fn singulars(lower: &str) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(s) = lower.strip_suffix("ies").filter(|s| s.len() >= 2) {
        out.push(format!("{s}y"));
    }
    for suf in ["ches", "shes", "sses", "xes", "zes", "oes"] {
        if let Some(s) = lower.strip_suffix(suf) {
            out.push(format!("{s}{}", &suf[..suf.len() - 2]));
        }
    }
    // "buses", "gases" ("classes" above).
    if let Some(s) = lower
        .strip_suffix("ses")
        .filter(|s| s.len() >= 2 && !s.ends_with('s'))
    {
        out.push(format!("{s}s"));
    }
    if let Some(s) = lower.strip_suffix("ves") {
        out.push(format!("{s}f"));
        out.push(format!("{s}fe"));
    }
    if let Some(s) = lower
        .strip_suffix('s')
        .filter(|s| s.len() >= 2 && !s.ends_with('s') && !s.ends_with("u"))
    {
        out.push(s.to_string());
    }
    match lower {
        "children" => out.push("child".into()),
        "people" => out.push("person".into()),
        "men" => out.push("man".into()),
        "women" => out.push("woman".into()),
        "feet" => out.push("foot".into()),
        "teeth" => out.push("tooth".into()),
        "mice" => out.push("mouse".into()),
        "geese" => out.push("goose".into()),
        _ => {}
    }
    out
}

/// Whether a lower-case word is the plural of a noun the dictionary knows ("treats", "buses",
/// "dogs"), whatever else it may be (a verb's third person).
pub(crate) fn is_plural_of_noun(lower: &str) -> bool {
    singulars(lower)
        .iter()
        .any(|s| parts_of_speech(s).is_some_and(|p| p.contains('n')))
}

fn labels_of_word(lower: &str) -> Option<&'static str> {
    let t = category_table();
    t.get(lower).copied().or_else(|| {
        singulars(lower)
            .iter()
            .find_map(|s| t.get(s.as_str()).copied())
    })
}

/// The categories of a common noun or noun phrase, most specific first: "dog" -> ["pet",
/// "animal"], "an old guitar" -> ["instrument", "device"], "puppies" -> ["pet", "animal"]. A
/// phrase is looked up whole, then by its last word (its head). Empty for names and unknown words.
pub fn categories_of(phrase: &str) -> Vec<&'static str> {
    let lower = phrase.trim().to_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    let found = match words.as_slice() {
        [] => None,
        [w] => labels_of_word(w),
        [.., a, b] => category_table()
            .get(format!("{a} {b}").as_str())
            .copied()
            .or_else(|| labels_of_word(b)),
    };
    found.map(|l| l.split(',').collect()).unwrap_or_default()
}

/// The most specific category of a common noun or noun phrase ([`categories_of`]'s first).
pub fn category_of(phrase: &str) -> Option<&'static str> {
    categories_of(phrase).into_iter().next()
}

/// Whether two common nouns are of one category ("beans" and "squash" are food); never for a
/// word WordNet files under none.
pub(crate) fn same_category(a: &str, b: &str) -> bool {
    category_of(a).is_some_and(|c| category_of(b) == Some(c))
}

/// The category a query word names, if it names one: "pets" -> "pet", "instruments" ->
/// "instrument", "hobbies" -> "activity", "books" -> "book".
pub fn category_named(word: &str) -> Option<&'static str> {
    let lower = word.trim().to_lowercase();
    // "acts" names no category: no category fact is filed under it.
    let label = |w: &str| {
        CATEGORY_LABELS
            .iter()
            .copied()
            .find(|l| *l == w && *l != "act")
    };
    let synonym = |w: &str| match w {
        "hobby" | "pastime" | "activities" => Some("activity"),
        "animals" => Some("animal"),
        "novel" | "reading" => Some("book"),
        "film" => Some("movie"),
        "song" | "band" => Some("music"),
        "dish" | "meal" | "snack" => Some("food"),
        "beverage" => Some("drink"),
        "clothes" | "outfit" => Some("clothing"),
        "car" => Some("vehicle"),
        "relative" | "relatives" => Some("family"),
        "painting" | "artwork" => Some("art"),
        "course" | "lesson" => Some("class"),
        "gadget" => Some("device"),
        "workout" => Some("exercise"),
        _ => None,
    };
    label(&lower).or_else(|| synonym(&lower)).or_else(|| {
        singulars(&lower)
            .iter()
            .find_map(|s| label(s).or_else(|| synonym(s)))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_of_speech_come_from_wordnet() {
        assert_eq!(parts_of_speech("happy"), Some("a"));
        assert!(is_modifier_only("happy"));
        assert!(!is_modifier_only("love"));
        assert!(is_verb_only("adopt"));
        assert_eq!(parts_of_speech("guitar"), Some("n"));
        assert_eq!(parts_of_speech("zyxwv"), None);
    }

    #[test]
    fn categories_of_everyday_nouns() {
        assert_eq!(categories_of("dog"), vec!["pet", "animal"]);
        assert_eq!(category_of("puppies"), Some("pet"));
        assert_eq!(category_of("my old guitar"), Some("instrument"));
        assert_eq!(category_of("violins"), Some("instrument"));
        assert_eq!(category_of("novel"), Some("book"));
        assert_eq!(category_of("tennis"), Some("sport"));
        assert!(categories_of("yoga").contains(&"activity"));
        // An activity is a pursuit (for pleasure, exercise or craft); other acts are acts.
        for pursuit in [
            "camping",
            "hiking",
            "pottery",
            "cooking",
            "photography",
            "dancing",
        ] {
            assert_eq!(category_of(pursuit), Some("activity"), "{pursuit}");
        }
        for act in ["job", "work", "talk", "journey", "progress", "spending"] {
            assert_eq!(category_of(act), Some("act"), "{act}");
        }
        assert_eq!(category_of("charity race"), Some("event"));
        // A place is somewhere people go, live or work, the outdoors included; not any
        // "location" (a side, a top, a trend) nor any structure (a window).
        for place in [
            "beach",
            "mountains",
            "lake",
            "gym",
            "museum",
            "kitchen",
            "store",
            "shelter",
            "park",
            "town",
            "stadium",
            "street",
            "porch",
        ] {
            assert!(categories_of(place).contains(&"place"), "{place}");
        }
        // Nor a second sense's slope or terrace ("a raise", "a bench", "water"), nor the pipes and
        // networks WordNet files as facilities.
        for thing in [
            "side", "top", "trend", "window", "source", "space", "water", "raise", "bench",
            "network", "heating",
        ] {
            assert!(!categories_of(thing).contains(&"place"), "{thing}");
        }
        assert_eq!(category_of("Zyxwv"), None);
        // WordNet orders an untagged word's senses arbitrarily: when its first two disagree
        // (a grass and a game, a movie and a photograph) it has no category.
        assert_eq!(category_of("chess"), None);
        assert_eq!(category_of("pic"), None);
        // Unless the first has none and is a thing made or done or a location: "knitting" is
        // knitwork, then the craft; "mall" a promenade, then a shopping centre. A first sense
        // elsewhere ("ultrasound" a sound) or a word that is also a verb ("take") keeps none.
        assert_eq!(category_of("knitting"), Some("activity"));
        assert_eq!(category_of("crocheting"), Some("activity"));
        assert_eq!(category_of("mall"), Some("place"));
        assert_eq!(category_of("ultrasound"), None);
        // Such a second sense gives only a pursuit or a place ("solitaire" is a gem, then a bird).
        assert_eq!(category_of("solitaire"), None);
        assert_eq!(category_of("take"), None);
    }

    #[test]
    fn query_words_name_categories() {
        assert_eq!(category_named("pets"), Some("pet"));
        assert_eq!(category_named("Instruments"), Some("instrument"));
        assert_eq!(category_named("hobbies"), Some("activity"));
        assert_eq!(category_named("activities"), Some("activity"));
        assert_eq!(category_named("books"), Some("book"));
        assert_eq!(category_named("yesterday"), None);
        assert_eq!(category_named("acts"), None);
    }
}
