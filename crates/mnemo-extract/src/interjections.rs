//! Greetings, interjections and vocatives of conversation: "Hey John!", "Thanks, Mel", "Aww",
//! "Guess what", "Wow". They are never part of a name; a name they address (a vocative) is a
//! person's, and states no relation with the rest of the sentence.

use crate::features::WordInfo;

/// Words that open a greeting or an interjection wherever they start a sentence or clause (and
/// alone never name anything).
pub(crate) fn always(lower: &str) -> bool {
    listed(lower) || elongated(lower).iter().any(|w| listed(w))
}

/// A word written with a letter drawn out ("Heyyy", "Omggg", "Yaaay"): the word with each run of
/// three or more letters cut to one, and to two ("Ahhhh" is "ah" and "ahh"). Nothing when no
/// letter runs three times.
fn elongated(lower: &str) -> Vec<String> {
    let chars: Vec<char> = lower.chars().collect();
    if chars.len() > 24 || !chars.windows(3).any(|w| w[0] == w[1] && w[1] == w[2]) {
        return Vec::new();
    }
    let cut = |keep: usize| {
        let mut out = String::new();
        let mut run = 0;
        for (i, &c) in chars.iter().enumerate() {
            run = if i > 0 && chars[i - 1] == c {
                run + 1
            } else {
                1
            };
            let long = chars[i + 1 - run..].iter().take_while(|&&x| x == c).count() >= 3;
            if !long || run <= keep {
                out.push(c);
            }
        }
        out
    };
    vec![cut(1), cut(2)]
}

fn listed(lower: &str) -> bool {
    matches!(
        lower,
        "hey"
            | "alright"
            | "aight"
            | "welp"
            | "wowza"
            | "okie"
            | "sup"
            | "wassup"
            | "whassup"
            | "heya"
            | "hi"
            | "hiya"
            | "hello"
            | "howdy"
            | "yo"
            | "thanks"
            | "thx"
            | "ty"
            | "congrats"
            | "congratulations"
            | "bye"
            | "goodbye"
            | "cheers"
            | "wow"
            | "woah"
            | "whoa"
            | "aw"
            | "aww"
            | "awww"
            | "omg"
            | "omfg"
            | "oh"
            | "ohh"
            | "ooh"
            | "oooh"
            | "ah"
            | "ahh"
            | "aha"
            | "haha"
            | "hahaha"
            | "hehe"
            | "lol"
            | "lmao"
            | "yay"
            | "yeah"
            | "yep"
            | "yup"
            | "nah"
            | "nope"
            | "ugh"
            | "hmm"
            | "hm"
            | "um"
            | "umm"
            | "uh"
            | "oops"
            | "phew"
            | "gosh"
            | "geez"
            | "jeez"
            | "yikes"
            | "hooray"
            | "btw"
            | "fyi"
            | "tbh"
            | "imo"
            | "idk"
            | "ok"
            | "okay"
            | "k"
            | "welcome"
            | "hola"
            | "salut"
            | "bonjour"
            | "ciao"
            | "hallo"
            | "hej"
            | "ola"
            | "namaste"
            | "servus"
            | "moin"
            | "woohoo"
            | "kudos"
            | "woo"
            | "yippee"
            | "oof"
            | "ouch"
            | "gotcha"
            | "hah"
            | "ha"
            | "meh"
            | "whew"
            | "aye"
            | "ahoy"
    )
}

/// Colloquial contractions that open chat sentences and name nothing: "Gonna", "Lemme".
pub(crate) fn colloquial(lower: &str) -> bool {
    matches!(
        lower,
        "gonna" | "gotta" | "wanna" | "lemme" | "gimme" | "kinda" | "sorta" | "dunno" | "y'all"
    )
}

/// Written laughter: "haha", "Ahhahha", "hehehe".
pub(crate) fn laughter(lower: &str) -> bool {
    lower.len() >= 3
        && lower.matches('h').count() >= 2
        && lower.chars().all(|c| matches!(c, 'a' | 'h' | 'e'))
}

/// Words that are interjections only when they stand alone: followed by punctuation, a vocative
/// or the end ("Nice!", "Sure, Tom", "Great job" is not one of them).
fn when_alone(lower: &str) -> bool {
    matches!(
        lower,
        "yes"
            | "no"
            | "sure"
            | "cool"
            | "nice"
            | "great"
            | "awesome"
            | "amazing"
            | "sweet"
            | "wonderful"
            | "fantastic"
            | "brilliant"
            | "excellent"
            | "perfect"
            | "lovely"
            | "beautiful"
            | "right"
            | "well"
            | "dear"
            | "sorry"
            | "please"
            | "absolutely"
            | "definitely"
            | "totally"
            | "exactly"
            | "indeed"
            | "true"
            | "agreed"
            | "damn"
            | "man"
            | "dude"
            | "guess"
            | "listen"
            | "look"
            | "morning"
            | "evening"
            | "night"
            | "good"
            | "thank"
            | "same"
            | "seriously"
            | "really"
            | "wait"
    )
}

/// Second words of two-word formulas: "thank you", "guess what", "good morning".
fn formula(first: &str, second: &str) -> bool {
    matches!(
        (first, second),
        ("thank", "you" | "u" | "goodness")
            | ("guess", "what")
            | (
                "good",
                "morning" | "evening" | "night" | "luck" | "job" | "afternoon"
            )
            | ("oh", "my" | "no" | "wow" | "man" | "dear")
            | ("my", "god" | "gosh" | "goodness")
            | ("no", "way")
            | (
                "great" | "nice" | "good" | "cool",
                "job" | "work" | "news" | "idea" | "one" | "point" | "question"
            )
            | ("of", "course")
            | ("take", "care")
            | ("see", "ya" | "you")
            | ("miss", "you")
            | ("merry", "christmas" | "xmas")
            | (
                "happy",
                "holidays" | "birthday" | "anniversary" | "thanksgiving"
            )
            | ("love", "you")
    )
}

pub(crate) fn is_punct(w: &WordInfo) -> bool {
    !w.lower.chars().any(char::is_alphanumeric)
}

/// A capitalised name word that may be addressed ("Mel", "John").
fn name_like(w: &WordInfo) -> bool {
    w.is_title
        && w.lower
            .chars()
            .all(|c| c.is_alphabetic() || c == '-' || c == '\'')
        && !always(&w.lower)
}

/// Marks the words of a sentence that are greetings, interjections or formulas, and the words of
/// vocatives (names addressed: "Hey *John*", "Thanks, *Mel*!", and in a conversation (`chat`)
/// "That's great, *Anna*."; in other text "..., Ohio." closes a place). Returns (interjection,
/// vocative) flags per word.
pub(crate) fn mark(info: &[WordInfo], chat: bool) -> (Vec<bool>, Vec<bool>) {
    let n = info.len();
    let mut inter = vec![false; n];
    let mut voc = vec![false; n];
    // The sentence's opening (and every clause opening after a comma or dash).
    let mut j = 0;
    let mut at_start = true;
    while j < n {
        if !at_start {
            at_start = matches!(info[j].lower.as_str(), "," | "-" | "--" | ";" | "!" | "...");
            j += 1;
            continue;
        }
        let w = info[j].lower.as_str();
        let next = info.get(j + 1);
        let alone = next.is_none_or(|x| is_punct(x) || name_like(x) && ends_vocative(info, j + 2));
        let len = if next.is_some_and(|x| formula(w, &x.lower)) {
            2
        } else if always(w) || (when_alone(w) && alone) {
            1
        } else {
            0
        };
        if len == 0 {
            at_start = is_punct(&info[j]);
            j += 1;
            continue;
        }
        for f in inter.iter_mut().skip(j).take(len) {
            *f = true;
        }
        j += len;
        // A name addressed right after: "Hey John!", "Thanks, Mel, ...".
        let comma = j < n && info[j].lower == ",";
        let mut e = j + usize::from(comma);
        let from = e;
        while e < n && e < from + 3 && name_like(&info[e]) {
            e += 1;
        }
        if e > from && ends_vocative(info, e) {
            for f in voc.iter_mut().take(e).skip(from) {
                *f = true;
            }
            j = e;
        }
        at_start = true;
    }
    // A name closing the sentence after a comma: "That's wonderful, Anna!".
    let mut e = n;
    while e > 0 && is_punct(&info[e - 1]) {
        e -= 1;
    }
    let mut a = e;
    while a > 0 && e - a < 3 && name_like(&info[a - 1]) {
        a -= 1;
    }
    let opened = inter.first() == Some(&true);
    // "my home country, Sweden.": a listed place or organisation is in apposition, not addressed.
    let listed = info[a..e]
        .iter()
        .any(|w| w.flags & (crate::gazetteer::PLACE | crate::gazetteer::ORG_NAME) != 0);
    if a < e && a > 0 && info[a - 1].lower == "," && !listed && (opened || (chat && e < n)) {
        for f in voc.iter_mut().take(e).skip(a) {
            *f = true;
        }
    }
    (inter, voc)
}

/// The one name a text addresses ("Hey Mel! ... Thanks, Mel."), if it addresses exactly one;
/// texts longer than a chat turn (4 KB) are not looked at.
pub(crate) fn addressed(text: &str) -> Option<String> {
    if text.len() > 4096 {
        return None;
    }
    let mut found: Option<String> = None;
    let mut clash = false;
    crate::text::for_each_sentence(text, |_, ws, _| {
        let words: Vec<&str> = ws.iter().map(|w| w.text(text)).collect();
        let info = crate::features::sentence_info(words.iter().copied());
        let (_, voc) = mark(&info, true);
        let mut j = 0;
        while j < voc.len() {
            if !voc[j] {
                j += 1;
                continue;
            }
            let mut e = j;
            while e < voc.len() && voc[e] {
                e += 1;
            }
            let name = words[j..e].join(" ");
            match &found {
                Some(f) if f != &name => clash = true,
                _ => found = Some(name),
            }
            j = e;
        }
    });
    found.filter(|_| !clash)
}

/// Whether word `k` ends an address: the sentence ends or punctuation follows.
fn ends_vocative(info: &[WordInfo], k: usize) -> bool {
    info.get(k)
        .is_none_or(|w| matches!(w.lower.as_str(), "," | "!" | "." | "?" | "..." | ":" | "-"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drawn_out_greetings_are_greetings() {
        assert!(always("heyyy"));
        assert!(always("omggg"));
        assert!(always("yaaay"));
        assert!(always("ahhhh"));
        assert!(always("sup"));
        assert!(!always("jessie"));
        assert!(!always("anna"));
        assert!(elongated("hello").is_empty());
        assert_eq!(
            elongated("heyyy"),
            vec!["hey".to_string(), "heyy".to_string()]
        );
    }
    use crate::features::sentence_info;

    fn marks(s: &str) -> (Vec<&str>, Vec<&str>) {
        let ws: Vec<&str> = s.split(' ').collect();
        let info = sentence_info(ws.iter().copied());
        let (i, v) = mark(&info, true);
        let pick = |f: &[bool]| {
            ws.iter()
                .zip(f)
                .filter(|(_, f)| **f)
                .map(|(w, _)| *w)
                .collect()
        };
        (pick(&i), pick(&v))
    }

    #[test]
    fn greetings_and_vocatives() {
        assert_eq!(marks("Hey John !"), (vec!["Hey"], vec!["John"]));
        assert_eq!(marks("Thanks , Mel !"), (vec!["Thanks"], vec!["Mel"]));
        assert_eq!(marks("Guess what ?"), (vec!["Guess", "what"], vec![]));
        assert_eq!(marks("Aww , that is sweet"), (vec!["Aww"], vec![]));
        assert_eq!(
            marks("That is wonderful , Anna Berg !"),
            (vec![], vec!["Anna", "Berg"])
        );
    }

    #[test]
    fn a_name_after_a_comma_is_addressed_only_at_the_end() {
        assert_eq!(marks("Oh , Paris is lovely .").1, Vec::<&str>::new());
        assert_eq!(marks("Thanks , Mel , I will").1, vec!["Mel"]);
        assert_eq!(marks("I visited Rome , Paris").1, Vec::<&str>::new());
    }

    #[test]
    fn words_that_also_name_things_need_to_stand_alone() {
        assert_eq!(marks("Nice !").0, vec!["Nice"]);
        assert_eq!(marks("Nice is a city in France .").0, Vec::<&str>::new());
        assert_eq!(marks("Great job , Tom").0, vec!["Great", "job"]);
        assert_eq!(marks("Sure thing").0, Vec::<&str>::new());
    }
}
