//! What the speaker holds dear, read beside the clauses of a sentence: "Dance is my passion",
//! "Guitar's my thing", "My favorite sport is tennis".

use crate::clause_fact::{fact, ClauseFact, End};
use crate::clause_words::*;
use crate::lexicon;
use crate::phrases::{Object, Sentence};

/// "Dance is my passion", "Guitar's my thing", "My favorite sport is tennis": what the speaker
/// holds dear, worded by the noun after "my".
pub(crate) fn favourites(s: &Sentence<'_>, opening: usize, out: &mut Vec<ClauseFact>) {
    let n = s.info.len();
    let copula_at = |k: usize| matches!(s.lower(k), "is" | "'s" | "was" | "are");
    let skip_adverbs = |mut k: usize| {
        while k < n && is_skipped_adverb(s.lower(k)) {
            k += 1;
        }
        k
    };
    // "My favorite sport is tennis".
    if let Some(m) = s.mention_at(opening).filter(|_| s.lower(opening) == "my") {
        let mut e = opening + 1;
        while e < n && e < opening + 4 && np_word(&s.info[e]) {
            e += 1;
        }
        if e > opening + 1 && copula_at(e) {
            let noun = s.texts[opening + 1..e].join(" ").to_lowercase();
            if let Some(obj) = s.object(skip_adverbs(e + 1)) {
                let end = match obj {
                    Object::Mention(k) => End::Mention(k),
                    Object::Thing(a, b) => s.thing(a, b),
                };
                if noun
                    .split(' ')
                    .any(|w| matches!(w, "favorite" | "favourite" | "hobby"))
                {
                    out.push(fact(End::Mention(m), noun, end, 0.6));
                }
            }
        }
        return;
    }
    // "Dance is my passion", "Guitar's my thing".
    // "Quillfire is my favorite band": a name the tagger found opens it.
    let named = s
        .mention_at(opening)
        .filter(|&m| matches!(s.mentions[m].kind, crate::mentions::MentionKind::Name(_)));
    let (a, mut e) = (opening, opening);
    if let Some(m) = named {
        e = s.mentions[m].words.1 - s.offset;
    }
    while named.is_none() && e < n && e < opening + 3 && np_word(&s.info[e]) && s.at[e].is_none() {
        e += 1;
    }
    if e == a
        || (named.is_none()
            && (is_empty_noun(s.lower(e - 1)) || lexicon::is_mostly_modifier(s.lower(e - 1))))
    {
        return;
    }
    let k = skip_adverbs(e);
    if !copula_at(k) {
        return;
    }
    let mut k = skip_adverbs(k + 1);
    // "one of my faves", "pretty much my go-to".
    if matches!(
        (s.lower(k), s.lower(k + 1)),
        ("one", "of") | ("pretty", "much")
    ) {
        k += 2;
    } else if s.lower(k) == "much" {
        k += 1;
    }
    let Some(m) = s
        .mention_at(k)
        .filter(|_| matches!(s.lower(k), "my" | "our"))
    else {
        return;
    };
    let mut b = k + 1;
    while b < n && b < k + 4 && np_word(&s.info[b]) {
        b += 1;
    }
    let ends = s.info.get(b).is_none_or(|w| {
        !w.lower.chars().any(char::is_alphanumeric) || matches!(w.lower.as_str(), "for" | "when")
    });
    if b > k + 1 && ends {
        let noun = s.texts[k + 1..b].join(" ").to_lowercase();
        // A name is what it is only as a favourite ("Anna is my best friend" names a friend,
        // which the relatives' reading gives).
        let favourite = noun
            .split(' ')
            .any(|w| matches!(w, "favorite" | "favourite" | "fave" | "fav"));
        match named {
            Some(nm) if favourite => out.push(fact(End::Mention(m), noun, End::Mention(nm), 0.6)),
            Some(_) => {}
            None => out.push(fact(End::Mention(m), noun, s.thing(a, e), 0.6)),
        }
    }
}
