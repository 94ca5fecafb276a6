//! English verb forms without a part-of-speech tagger: whether a word can be a verb (its lemma is
//! a WordNet verb after regular or irregular inflection is undone), gerunds, and which verbs take
//! an infinitive ("want to learn") or a gerund ("started painting") after them.

use crate::lexicon;

/// Whether a word is an irregular past or participle ("went", "bought"), or one of two regular
/// pasts that read as a verb wherever they stand ("baked", "joined").
pub(crate) fn is_irregular_past(w: &str) -> bool {
    mnemo_core::irregular_base(w).is_some() || matches!(w, "baked" | "joined")
}

/// Base-form candidates of an inflected verb, the word itself first.
fn lemmas(w: &str) -> Vec<String> {
    let mut out = vec![w.to_string()];
    if let Some(base) = mnemo_core::irregular_base(w) {
        out.push(base.to_string());
    }
    let undouble = |s: &str| {
        let b = s.as_bytes();
        (b.len() >= 3 && b[b.len() - 1] == b[b.len() - 2]).then(|| s[..s.len() - 1].to_string())
    };
    for suf in ["ing", "ed"] {
        if let Some(stem) = w.strip_suffix(suf).filter(|s| s.len() >= 2) {
            out.push(stem.to_string());
            out.push(format!("{stem}e"));
            out.extend(undouble(stem));
            if suf == "ed" {
                if let Some(y) = stem.strip_suffix('i') {
                    out.push(format!("{y}y"));
                }
            }
        }
    }
    if let Some(stem) = w.strip_suffix("ies") {
        out.push(format!("{stem}y"));
    }
    if let Some(stem) = w.strip_suffix("es") {
        out.push(stem.to_string());
    }
    if let Some(stem) = w.strip_suffix('s').filter(|s| s.len() >= 2) {
        out.push(stem.to_string());
    }
    out
}

/// Whether a lower-case word can be a verb form.
pub(crate) fn is_verbish(w: &str) -> bool {
    if w.len() < 2 || !w.chars().all(|c| c.is_ascii_alphabetic()) {
        return false;
    }
    lemmas(w)
        .iter()
        .any(|l| lexicon::parts_of_speech(l).is_some_and(|p| p.contains('v')))
}

/// Whether a lower-case word can be a verb form (its lemma is a WordNet verb after regular or
/// irregular inflection is undone): public for checking the predicates an LLM proposes.
pub fn is_verb_form(w: &str) -> bool {
    is_verbish(w)
}

/// The "-ing" form of a present verb ("run" / "runs" -> "running", "meditate" -> "meditating",
/// "ski" -> "skiing"), when it is one WordNet knows.
pub(crate) fn gerund_of(w: &str) -> Option<String> {
    if w.len() < 2 || !w.chars().all(|c| c.is_ascii_lowercase()) || w.ends_with("ing") {
        return None;
    }
    let verb = |v: &str| lexicon::parts_of_speech(v).is_some_and(|p| p.contains('v'));
    let base = if verb(w) {
        w.to_string()
    } else {
        let b = w
            .strip_suffix("es")
            .filter(|b| verb(b))
            .or_else(|| w.strip_suffix('s'));
        b.filter(|b| verb(b))?.to_string()
    };
    let bytes = base.as_bytes();
    let vowel = |c: u8| matches!(c, b'a' | b'e' | b'i' | b'o' | b'u');
    let n = bytes.len();
    let g = if let Some(stem) = base.strip_suffix("ie") {
        format!("{stem}ying")
    } else if base.ends_with('e') && !base.ends_with("ee") && !base.ends_with("ye") && n > 2 {
        format!("{}ing", &base[..n - 1])
    } else if (3..=4).contains(&n)
        && !vowel(bytes[n - 1])
        && !matches!(bytes[n - 1], b'w' | b'x' | b'y')
        && vowel(bytes[n - 2])
        && !vowel(bytes[n - 3])
    {
        format!("{base}{}ing", bytes[n - 1] as char)
    } else {
        format!("{base}ing")
    };
    is_gerund(&g).then_some(g)
}

/// Whether a word is an "-ing" form of a verb.
pub(crate) fn is_gerund(w: &str) -> bool {
    w.len() > 4 && w.ends_with("ing") && is_verbish(w)
}

fn base(w: &str) -> String {
    lemmas(w)
        .into_iter()
        .find(|l| lexicon::parts_of_speech(l).is_some_and(|p| p.contains('v')))
        .unwrap_or_else(|| w.to_string())
}

/// Verbs followed by "to" + a verb: "want to learn", "decided to try".
pub(crate) fn takes_infinitive(w: &str) -> bool {
    matches!(
        base(w).as_str(),
        "want"
            | "need"
            | "decide"
            | "plan"
            | "try"
            | "start"
            | "begin"
            | "love"
            | "like"
            | "hope"
            | "go"
            | "learn"
            | "use"
            | "get"
            | "have"
            | "choose"
            | "manage"
            | "promise"
            | "forget"
            | "remember"
            | "continue"
            | "prefer"
            | "hate"
            | "wish"
            | "intend"
            | "agree"
            | "afford"
            | "refuse"
            | "expect"
            | "aim"
            | "volunteer"
            | "offer"
            | "prepare"
            | "tend"
            | "come"
            | "wait"
            | "help"
            | "attempt"
            | "seem"
            | "dream"
            | "mean"
    )
}

/// Verbs followed by an "-ing" activity: "started painting", "went hiking", "love running".
pub(crate) fn takes_gerund(w: &str) -> bool {
    matches!(
        base(w).as_str(),
        "start"
            | "begin"
            | "love"
            | "enjoy"
            | "like"
            | "hate"
            | "try"
            | "keep"
            | "quit"
            | "stop"
            | "practice"
            | "practise"
            | "finish"
            | "miss"
            | "avoid"
            | "consider"
            | "go"
            | "adore"
            | "continue"
            | "prefer"
            | "recommend"
            | "suggest"
            | "resume"
            | "take"
    )
}

/// Verbs of thinking and saying, followed by a clause rather than an object: "I think that
/// ...", "I hope you ...".
pub(crate) fn takes_clause(w: &str) -> bool {
    matches!(
        base(w).as_str(),
        "think"
            | "know"
            | "say"
            | "hope"
            | "guess"
            | "believe"
            | "feel"
            | "mean"
            | "realize"
            | "realise"
            | "wish"
            | "bet"
            | "suppose"
            | "imagine"
            | "picture"
            | "envision"
            | "wonder"
            | "figure"
            | "reckon"
            | "doubt"
            | "agree"
            | "remember"
            | "forget"
    )
}

/// A present verb's third person: "love" -> "loves", "have" -> "has", "watch" -> "watches",
/// "study" -> "studies", "go" -> "goes".
pub(crate) fn third_person(w: &str) -> String {
    match w {
        "have" => return "has".into(),
        "be" => return "is".into(),
        _ => {}
    }
    let vowel = |c: char| matches!(c, 'a' | 'e' | 'i' | 'o' | 'u');
    if let Some(stem) = w.strip_suffix('y') {
        if stem.chars().last().is_some_and(|c| !vowel(c)) {
            return format!("{stem}ies");
        }
    }
    if ["s", "sh", "ch", "x", "z", "o"]
        .iter()
        .any(|e| w.ends_with(e))
    {
        return format!("{w}es");
    }
    format!("{w}s")
}

/// A past spelt as its base ("I read a book and watched TV", "I hurt my back"): read as a past
/// after another past, never as a present.
pub(crate) fn same_form_past(w: &str) -> bool {
    matches!(
        w,
        "read"
            | "put"
            | "cut"
            | "hit"
            | "set"
            | "quit"
            | "let"
            | "shut"
            | "hurt"
            | "spread"
            | "split"
            | "bet"
    )
}

/// Whether `w` is a verb's present base form that takes "-s" in the third person: "love",
/// "live", "miss"; not a past that is spelt like its base ("read", "put", "let"), a past or
/// participle ("loved", "gone"), a gerund, a third person already ("loves") or an auxiliary.
pub(crate) fn present_base(w: &str) -> bool {
    w.len() > 1
        && w.chars().all(|c| c.is_ascii_lowercase())
        && !crate::clause_words::is_aux(w)
        && !same_form_past(w)
        && !matches!(
            w,
            "cost" | "beat" | "come" | "become" | "run" | "gonna" | "wanna" | "gotta"
        )
        && !is_irregular_past(w)
        && !w.ends_with("ed")
        && !w.ends_with("ing")
        && (!w.ends_with('s') || w.ends_with("ss"))
        && lexicon::parts_of_speech(w).is_some_and(|p| p.contains('v'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gerunds_of_present_verbs() {
        for (v, g) in [
            ("run", "running"),
            ("runs", "running"),
            ("swim", "swimming"),
            ("meditate", "meditating"),
            ("dances", "dancing"),
            ("cook", "cooking"),
            ("knit", "knitting"),
            ("draw", "drawing"),
            ("ski", "skiing"),
        ] {
            assert_eq!(gerund_of(v).as_deref(), Some(g), "{v}");
        }
        assert_eq!(gerund_of("running"), None);
        assert_eq!(gerund_of("zorvex"), None);
    }

    #[test]
    fn verb_forms() {
        for w in [
            "adopted", "trying", "went", "signed", "stopped", "tried", "loves",
        ] {
            assert!(is_verbish(w), "{w}");
        }
        for w in ["happy", "guitar", "the", "yesterday"] {
            assert!(!is_verbish(w), "{w}");
        }
        assert!(takes_infinitive("wanted"));
        assert!(takes_gerund("started"));
        assert!(is_gerund("painting"));
    }

    #[test]
    fn third_person_forms() {
        for (base, third) in [
            ("love", "loves"),
            ("have", "has"),
            ("watch", "watches"),
            ("study", "studies"),
            ("play", "plays"),
            ("go", "goes"),
            ("miss", "misses"),
            ("fix", "fixes"),
        ] {
            assert_eq!(third_person(base), third);
        }
        assert!(present_base("love") && present_base("miss"));
        for w in [
            "loved", "loves", "read", "let", "going", "gone", "is", "gonna", "sister",
        ] {
            assert!(!present_base(w), "{w}");
        }
    }
}
