//! Title-case lines ("Yeltsin Orders Audit of Ostankino Finances", "Meeting Notes: Project Falcon
//! Kickoff With Dana Reyes") and shouted ones ("MY SISTER JESS MOVED TO BERLIN"): their capitals
//! say nothing of names, so the tagger reads them as running text would write them, common words
//! in lower case and names as written (or, shouted, as a list writes them).

use crate::gazetteer::{self as gz};
use crate::lexicon;

/// Fewest words with a letter for a line to be read as a title: shorter ones are mostly a name
/// ("New York Stock Exchange").
const MIN_WORDS: usize = 5;
/// Fewest capitalised dictionary words after the first for a line to be read as a title.
const MIN_COMMON: usize = 2;

/// Lists that name things whatever the case: such a word stays capitalised.
const NAME_LISTS: u32 = gz::FIRST_NAME
    | gz::PLACE
    | gz::NATIONALITY
    | gz::ORG_NAME
    | gz::MONTH
    | gz::WEEKDAY
    | gz::TITLE;

fn lettered(w: &str) -> bool {
    w.chars().any(char::is_alphabetic)
}

fn function_word(w: &str) -> bool {
    let l = w.to_lowercase();
    gz::flags(&l) & (gz::STOPWORD | gz::PRONOUN) != 0 || gz::is_function_word(&l)
}

fn capitalised(w: &str) -> bool {
    w.chars().next().is_some_and(char::is_uppercase)
}

/// Whether `w` (capitalised) is a dictionary word no list knows as a name: what a title
/// capitalises though running text would not ("Orders", "Kickoff", "With").
fn common(w: &str) -> bool {
    let lower = w.to_lowercase();
    let upper = w
        .chars()
        .filter(|c| c.is_alphabetic())
        .all(char::is_uppercase);
    !upper
        && !w.chars().any(|c| c.is_ascii_digit())
        && gz::flags(&lower) & NAME_LISTS == 0
        && !gz::is_census_given_name(&lower)
        && (lexicon::parts_of_speech(&lower).is_some()
            || lexicon::singulars(&lower)
                .iter()
                .any(|s| lexicon::parts_of_speech(s).is_some())
            || crate::verbs::is_verb_form(&lower)
            || function_word(w))
}

/// Whether a sentence's words are a title-case line: every lower-case word a function word, a
/// function word at least after the first word, at least `MIN_COMMON` dictionary words
/// capitalised after the first, and a word only a title capitalises. Not a list of people
/// ("Attendees: Anna Rose, Jon Smith"): a comma before a given name says it is one.
pub(crate) fn is_title_case(words: &[&str]) -> bool {
    let with_letters: Vec<&str> = words.iter().copied().filter(|w| lettered(w)).collect();
    if with_letters.len() < MIN_WORDS {
        return false;
    }
    // A title joins its words with function words ("of", "To", "With"); a name rarely does.
    if !with_letters
        .iter()
        .all(|w| capitalised(w) || function_word(w))
        || !with_letters[1..].iter().any(|w| function_word(w))
    {
        return false;
    }
    let people_listed = words.windows(2).any(|p| {
        p[0] == "," && {
            let l = p[1].to_lowercase();
            gz::is_listed_given_name(gz::flags(&l), &l)
        }
    });
    let common_after_first = with_letters[1..]
        .iter()
        .filter(|w| capitalised(w) && common(w))
        .count();
    // What only a title capitalises: a function word ("With", "To", "Our") or a verb's form
    // ("Migrated", "Greet"). A line of names ("Paris Radio France International in French")
    // has neither.
    let title_only = with_letters[1..].iter().any(|w| {
        let l = w.to_lowercase();
        capitalised(w)
            && (function_word(w)
                || (crate::verbs::is_verb_form(&l)
                    && (l.ends_with("ed") || lexicon::is_verb_only(&l))))
    });
    !people_listed && title_only && common_after_first >= MIN_COMMON
}

/// The words of a title-case line as running text writes them: dictionary words in lower case,
/// names (words no dictionary knows, listed names, acronyms) as written.
pub(crate) fn running_case(words: &[&str]) -> Vec<String> {
    words
        .iter()
        .enumerate()
        .map(|(i, w)| {
            // A surname after a given name stays one ("Carol Brown", "Bill Gates").
            let after_given = i > 0 && {
                let l = words[i - 1].to_lowercase();
                capitalised(words[i - 1]) && gz::is_listed_given_name(gz::flags(&l), &l)
            };
            if capitalised(w) && common(w) && !after_given {
                w.to_lowercase()
            } else {
                w.to_string()
            }
        })
        .collect()
}

/// The words of a shouted sentence as running text writes them: the participants' own names
/// (`own_names`, lower case), and a word the name lists know and the dictionary does not, are
/// names ("JESS" -> "Jess", "BERLIN" -> "Berlin"), short ones no given name are acronyms ("USA",
/// "NASA"); a surname after a given name stays one ("JOHN SMITH"); everything else is in lower
/// case ("PUPPY", "NICE", "I").
pub(crate) fn shouted_case(words: &[&str], own_names: &[String]) -> Vec<String> {
    // A dictionary word, inflected too ("LOVES", "RAISES", "HORSES").
    let common = |l: &str| {
        lexicon::parts_of_speech(l).is_some()
            || crate::verbs::is_verb_form(l)
            || lexicon::singulars(l)
                .iter()
                .any(|s| lexicon::parts_of_speech(s).is_some())
            || gz::flags(l) & (gz::STOPWORD | gz::PRONOUN) != 0
            || gz::is_function_word(l)
            || crate::interjections::always(l)
            || crate::interjections::colloquial(l)
    };
    let place = |l: &str| gz::flags(l) & gz::PLACE != 0 && !common(l);
    let lower: Vec<String> = words.iter().map(|w| w.to_lowercase()).collect();
    let mut out: Vec<String> = Vec::with_capacity(words.len());
    let mut given_before = false;
    for (i, w) in words.iter().enumerate() {
        let l = &lower[i];
        let f = gz::flags(l);
        let prev = i.checked_sub(1).map_or("", |p| lower[p].as_str());
        let next = lower.get(i + 1).map_or("", String::as_str);
        // A verb's form after the word, and one that is no auxiliary ("LOVES", "MOVED").
        let finite_next = crate::clause_words::finite_verb(next);
        let verb_next = finite_next && !crate::clause_words::is_aux(next);
        let given = gz::is_listed_given_name(f, l)
            || gz::is_census_given_name(l)
            || gz::is_census_given_word(l);
        let listed = given || f & (NAME_LISTS & !gz::TITLE) != 0;
        // A place's name that is a thing's too ("TURKEY", "CHINA") is read as the thing; a
        // given name keeps its person ("JOHN").
        let common = common(l) || (!given && lexicon::category_of(l).is_some());
        let letters = l.chars().filter(|c| c.is_alphabetic()).count();
        // "SMITH", "NGUYEN", "KING" after a given name, a word that is a verb's base form too
        // when a verb follows it; not "LOVES", "TODAY", nor a word at the end ("I LOVE TAYLOR
        // SWIFT" keeps Taylor only: "TELL TOM HI" is not told from it).
        let surname = given_before
            && letters >= 2
            && f & (gz::STOPWORD | gz::PRONOUN) == 0
            && !gz::is_function_word(l)
            && !crate::clause_words::is_time_word(l)
            && !crate::interjections::always(l)
            && ((!crate::verbs::is_verb_form(l)
                && lexicon::parts_of_speech(l).is_none_or(|p| p == "n"))
                // "TIM COOK RUNS", "TAYLOR SWIFT ROCKS": a base form before the verb.
                || (!l.ends_with('s')
                    && !l.ends_with("ed")
                    && !crate::verbs::is_irregular_past(l)
                    && finite_next));
        // "OBAMA VISITS KENYA", "TOBIAS LOVES JAZZ": a word no list or dictionary knows before
        // a verb's third person or past, or after "met", is a name.
        let unknown_subject = f == 0
            && !common
            && letters >= 3
            && l.chars().all(char::is_alphabetic)
            // "MACRON MET PUTIN": whom one meets.
            && (verb_next || matches!(prev, "met" | "meets" | "meet"));
        // "ELON MUSK BUYS TWITTER": a word no list or dictionary knows before another word and a
        // verb is a first name (the next word is read as its surname).
        let after_next = lower.get(i + 2).map_or("", String::as_str);
        let unknown_first = f == 0
            && !common
            && letters >= 3
            && l.chars().all(char::is_alphabetic)
            && next.chars().all(char::is_alphabetic)
            && gz::flags(next) & (gz::STOPWORD | gz::PRONOUN) == 0
            && !gz::is_function_word(next)
            // "KUNDALINI YOGA CHANGED ...": not before a kind of thing.
            && lexicon::category_of(next).is_none()
            && crate::clause_words::finite_verb(after_next)
            && !crate::clause_words::is_aux(after_next);
        // "ROSE LOVES DOGS", "LILY MOVED TO OSLO": a given name that is a word too, before a
        // verb's third person or past (not "GRACE IS ...", "MARK MY WORDS").
        // "MY DAUGHTER LILY": a relative's name.
        let given_subject = given && (verb_next || gz::flags(prev) & gz::KIN != 0);
        // "NEW YORK", "SAN FRANCISCO": a listed place's first word that is a word too.
        let place_opening = f & gz::PLACE != 0 && place(next);
        // "AMAZON RIVER", "NEW YORK TIMES", "MANCHESTER CITY": an institution's or a place's
        // word after a place's or company's name written as one; "BANK OF ENGLAND" before
        // "of" and one.
        let institution = f & (gz::ORG_WORD | gz::LOC_WORD) != 0
            && ((i > 0
                && out
                    .last()
                    .is_some_and(|p| p.chars().next().is_some_and(char::is_uppercase))
                && gz::flags(prev) & (gz::PLACE | gz::ORG_NAME) != 0)
                || (next == "of"
                    && lower
                        .get(i + 2)
                        .is_some_and(|n| gz::flags(n) & (gz::PLACE | gz::ORG_NAME) != 0)));
        // "QUEEN ELIZABETH II": a ruler's number.
        let numeral = i > 0
            && matches!(
                l.as_str(),
                "ii" | "iii" | "iv" | "vi" | "vii" | "viii" | "ix" | "xi" | "xii"
            );
        let cased = if letters == 0 || numeral {
            w.to_string()
        } else if own_names.contains(l) || place_opening || institution {
            title_word(l)
        } else if listed && !common {
            let acronym = !given && (letters <= 3 || (f & gz::ORG_NAME != 0 && letters <= 4));
            if acronym {
                w.to_string()
            } else {
                title_word(l)
            }
        } else if surname || unknown_subject || given_subject || unknown_first {
            title_word(l)
        } else {
            l.clone()
        };
        given_before = (given && !common && letters > 0) || unknown_first;
        out.push(cased);
    }
    out
}

/// A lower-case word with its first letter in capitals.
fn title_word(l: &str) -> String {
    let mut cs = l.chars();
    cs.next()
        .map(|c| c.to_uppercase().chain(cs).collect())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<&str> {
        s.split_whitespace().collect()
    }

    fn shouted_case_of(words: &[&str]) -> Vec<String> {
        shouted_case(words, &["bram".to_string()])
    }

    #[test]
    fn titles_are_told_from_sentences_and_lists_of_people() {
        assert!(is_title_case(&words(
            "Yeltsin Ordered Audit of Ostankino Finances"
        )));
        assert!(is_title_case(&words(
            "How We Migrated Our Billing System To Postgres"
        )));
        assert!(is_title_case(&words(
            "Meeting Notes : Project Falcon Kickoff With Dana Reyes"
        )));
        assert!(!is_title_case(&words("Anna Berg moved to Bergen .")));
        assert!(!is_title_case(&words(
            "Attendees : Anna Rose , Jon Smith , Mark Hill"
        )));
        assert!(!is_title_case(&words("New York Stock Exchange")));
        assert!(!is_title_case(&words("Royal Botanic Gardens Kew Richmond")));
        assert!(!is_title_case(&words(
            "Paris Radio France International in French 1830 GMT"
        )));
        assert!(!is_title_case(&words("Hi Jon !")));
    }

    #[test]
    fn an_unknown_first_name_before_a_surname_and_a_verb_is_a_name() {
        assert_eq!(
            shouted_case_of(&words("ELON MUSK BUYS TWITTER")).join(" "),
            "Elon Musk buys twitter"
        );
        assert_eq!(
            shouted_case_of(&words("OKSANA PETRENKO WINS GOLD")).join(" "),
            "Oksana Petrenko wins gold"
        );
        // Not before a kind of thing, nor before a verb's form.
        assert_eq!(
            shouted_case_of(&words("KUNDALINI YOGA CHANGED MY LIFE")).join(" "),
            "kundalini yoga changed my life"
        );
        assert_eq!(
            shouted_case_of(&words("ZELENSKY ALLIES WARN OF DELAYS")).join(" "),
            "Zelensky allies warn of delays"
        );
    }

    #[test]
    fn shouted_words_are_names_only_where_a_name_list_says_so() {
        assert_eq!(
            shouted_case_of(&words("MY SISTER JESS MOVED TO BERLIN")).join(" "),
            "my sister Jess moved to Berlin"
        );
        assert_eq!(
            shouted_case_of(&words("I LOVE THE USA AND NASA")).join(" "),
            "i love the USA and NASA"
        );
        assert_eq!(
            shouted_case_of(&words("RIP JOHN SMITH")).join(" "),
            "rip John Smith"
        );
        assert_eq!(
            shouted_case_of(&words("I LOVE NEW YORK")).join(" "),
            "i love New York"
        );
        assert_eq!(
            shouted_case_of(&words("WE FLEW TO LOS ANGELES")).join(" "),
            "we flew to Los Angeles"
        );
        assert_eq!(
            shouted_case_of(&words("JESS LOVES JAZZ TODAY")).join(" "),
            "Jess loves jazz today"
        );
        assert_eq!(
            shouted_case_of(&words("TIM COOK RUNS APPLE")).join(" "),
            "Tim Cook runs apple"
        );
        assert_eq!(
            shouted_case_of(&words("THE NEW YORK TIMES REPORTED")).join(" "),
            "the New York Times reported"
        );
        assert_eq!(
            shouted_case_of(&words("BANK OF ENGLAND RAISES RATES")).join(" "),
            "Bank of England raises rates"
        );
        assert_eq!(
            shouted_case_of(&words("QUEEN ELIZABETH II DIES")).join(" "),
            "queen Elizabeth II dies"
        );
        assert_eq!(
            shouted_case_of(&words("ROSE LOVES DOGS")).join(" "),
            "Rose loves dogs"
        );
        assert_eq!(
            shouted_case_of(&words("MARK MY WORDS")).join(" "),
            "mark my words"
        );
        assert_eq!(
            shouted_case_of(&words("HAPPY BIRTHDAY BRAM")).join(" "),
            "happy birthday Bram"
        );
        assert_eq!(
            shouted_case_of(&words("OBAMA VISITS KENYA")).join(" "),
            "Obama visits Kenya"
        );
        assert_eq!(
            shouted_case_of(&words("WE ATE TURKEY AT CHRISTMAS")).join(" "),
            "we ate turkey at christmas"
        );
        assert_eq!(
            shouted_case_of(&words("THAT IS SO NICE !")).join(" "),
            "that is so nice !"
        );
    }

    #[test]
    fn running_case_keeps_names_as_written() {
        assert_eq!(
            running_case(&words("Yeltsin Orders Audit of Ostankino Finances")).join(" "),
            "Yeltsin orders audit of Ostankino finances"
        );
        assert_eq!(
            running_case(&words("Kickoff With Dana Reyes At NASA")).join(" "),
            "kickoff with Dana Reyes at NASA"
        );
        assert_eq!(
            running_case(&words("Sprint Planning With Carol Brown")).join(" "),
            "sprint planning with Carol Brown"
        );
    }
}
