//! The text analysis of both stores' full-text indexes: words of letters and digits, lower-cased,
//! Latin accents folded, English stop words removed, English (Snowball) stemming. Both stores index
//! and query the terms made here, so a text is found by the same words, and ranked by the same
//! terms, whichever store holds it.

use frostem::{Algorithm, Stemmer};
use unicode_normalization::char::{decompose_canonical, is_combining_mark};

use crate::{irregular_base, STOP_WORDS};

/// Words of this many bytes or more are no terms (a run of letters that long is no word anyone
/// searches for; tantivy's `RemoveLongFilter` drops them the same way).
pub const MAX_WORD_BYTES: usize = 40;

/// Names the analysis: a store that keeps analyzed terms records it, and re-analyzes what an
/// earlier version made. Change it with anything that changes the terms of a text.
pub const ANALYSIS_VERSION: &str = "a6";

/// A query word found in more than this share of a tenant's episodes is left out of a search when
/// a rarer word of the query is in a text: it says little about which text is meant, and costs the
/// most to score (both stores; LoCoMo-dev R@5 0.683 without the rule, 0.704 with it).
pub const COMMON_SHARE: f64 = 0.1;

/// BM25's idf of a term found in `df` of `docs` documents, as Lucene and tantivy compute it.
fn idf(df: u64, docs: u64) -> f64 {
    let (df, docs) = (df as f64, docs.max(df) as f64);
    (1.0 + (docs - df + 0.5) / (df + 0.5)).ln()
}

/// The boost that makes a text index's score of a tenant's word count the word's idf over the
/// tenant's own episodes. Terms are kept per tenant, so a word's document frequency in the index is
/// the tenant's, but the document count is the whole index's: other tenants' texts raised every
/// idf and flattened the difference between rare and common words (LoCoMo-dev on a Neo4j server
/// that also held the writer benchmark's tenant: R@5 0.685 against 0.704 alone). Both stores
/// boost each word of a search found in 1 to `COMMON_SHARE` of the tenant's `tenant_docs`
/// episodes by this, rounded to 6 decimals (the Neo4j statement computes the same in Cypher); 1
/// when the index holds no other tenant's texts. Lengths are still normalised by the whole
/// index's average.
pub fn tenant_idf_boost(df: u64, tenant_docs: u64, all_docs: u64) -> f64 {
    if df == 0 || tenant_docs == 0 || all_docs <= tenant_docs {
        return 1.0;
    }
    (idf(df, tenant_docs) / idf(df, all_docs) * 1e6).round() / 1e6
}

/// Every term of `text`, in order, repeats kept (a term's frequency counts in BM25).
pub fn text_terms(text: &str) -> impl Iterator<Item = String> + '_ {
    let stemmer = Stemmer::new(Algorithm::English);
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty() && w.len() < MAX_WORD_BYTES)
        .filter_map(move |w| term_of(&stemmer, w))
}

/// The distinct terms of `query`, in order of first appearance, at most `max`.
pub fn query_terms(query: &str, max: usize) -> Vec<String> {
    let mut terms: Vec<String> = Vec::new();
    for t in text_terms(query) {
        if terms.len() == max {
            break;
        }
        if !terms.contains(&t) {
            terms.push(t);
        }
    }
    terms
}

/// Irregular verb forms that are as often a noun or an adjective, and keep their own term: "a
/// flu shot", "the left side", "I'm broke", "in the fall", "felt". Sorted.
const NOUN_HOMOGRAPHS: &[&str] = &[
    "broke", "fell", "felt", "left", "lit", "saw", "shot", "spoke", "tore",
];

/// Irregular verb forms that are also names or acronyms: written with a capital ("Drew", "LED
/// lights", "SAT scores", "the Fed") they keep their own term. Sorted.
const NAME_FORMS: &[&str] = &["drew", "fed", "hung", "led", "sat", "sung", "won"];

/// The term of one word, or None for a stop word.
fn term_of(stemmer: &Stemmer, word: &str) -> Option<String> {
    let lower = if word.is_ascii() {
        word.to_ascii_lowercase()
    } else if word.chars().any(is_latin_with_marks) {
        fold_latin(word)
    } else {
        word.to_lowercase()
    };
    let is_stop = |w: &str| STOP_WORDS.binary_search(&w).is_ok();
    if lower.is_empty() || is_stop(&lower) {
        return None;
    }
    // An irregular form is its verb's term ("went hiking" is found by "go hiking"; the stemmer
    // only undoes regular endings), unless that verb is a stop word: "done" says more than "do"
    // ("What has John done?" finds "I've done weight training").
    let name_like =
        NAME_FORMS.binary_search(&lower.as_str()).is_ok() && word.chars().any(char::is_uppercase);
    let base = irregular_base(&lower)
        .filter(|b| {
            !is_stop(b) && !name_like && NOUN_HOMOGRAPHS.binary_search(&lower.as_str()).is_err()
        })
        .unwrap_or(&lower);
    Some(stemmer.stem(base).into_owned())
}

/// `word` lower-cased, with the accents of Latin letters removed ("Zoë" -> "zoe", "Straße" ->
/// "strasse", "Łódź" -> "lodz", "İ" -> "i"). Letters of other scripts keep their marks: they can be
/// part of the letter (Devanagari vowel signs), and removing them would merge distinct words.
fn fold_latin(word: &str) -> String {
    let mut out = String::with_capacity(word.len());
    for c in word.chars() {
        if !is_latin_with_marks(c) {
            out.extend(c.to_lowercase());
            continue;
        }
        let mut base = String::new();
        for lower in c.to_lowercase() {
            decompose_canonical(lower, |d| {
                if !is_combining_mark(d) {
                    base.push(d);
                }
            });
        }
        match crate::fold::fold_accents(&base) {
            Some(folded) => out.push_str(&folded),
            None => out.push_str(&base),
        }
    }
    out
}

/// Latin letters beyond ASCII: Latin-1 Supplement, Extended-A and -B, Extended Additional.
fn is_latin_with_marks(c: char) -> bool {
    matches!(c, '\u{c0}'..='\u{24f}' | '\u{1e00}'..='\u{1eff}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_idf_boost_restores_the_tenants_idf() {
        // Alone in the index, or nothing to say: no boost.
        assert_eq!(tenant_idf_boost(3, 100, 100), 1.0);
        assert_eq!(tenant_idf_boost(0, 100, 5_000), 1.0);
        assert_eq!(tenant_idf_boost(3, 0, 5_000), 1.0);
        // The boosted index idf is the tenant's idf (to the rounding).
        for (df, n, all) in [(1, 100, 3_100), (10, 100, 3_100), (7, 419, 1_451)] {
            let boosted = tenant_idf_boost(df, n, all) * idf(df, all);
            assert!((boosted - idf(df, n)).abs() < 1e-4, "{df} {n} {all}");
        }
        // A rare word keeps more of its weight over a common one than the whole index gives it.
        let ratio = |n| idf(1, n) / idf(10, n);
        let boosted = tenant_idf_boost(1, 100, 3_100) * idf(1, 3_100)
            / (tenant_idf_boost(10, 100, 3_100) * idf(10, 3_100));
        assert!(ratio(3_100) < 1.4 && boosted > 1.8, "{boosted}");
        assert!((boosted - ratio(100)).abs() < 1e-4);
    }

    fn terms(text: &str) -> Vec<String> {
        text_terms(text).collect()
    }

    #[test]
    fn words_are_lower_cased_stemmed_and_stop_words_dropped() {
        assert_eq!(
            terms("The Cats were RUNNING to the cat's garden, running!"),
            vec!["cat", "run", "cat", "s", "garden", "run"]
        );
        assert_eq!(
            terms("don't (stop) me now: 3.5 kg"),
            vec!["don", "t", "stop", "3", "5", "kg"]
        );
        assert!(terms("+-&&||!(){}[]^\"~*?:\\/ \u{1F600}").is_empty());
    }

    #[test]
    fn irregular_verb_forms_share_their_verbs_term() {
        assert_eq!(terms("went"), terms("go"));
        assert_eq!(terms("bought shoes"), terms("buy shoes"));
        assert_eq!(terms("she took it"), terms("taking"));
        // A form whose verb is a stop word keeps its own term, and so does one that is as often
        // a noun or a name.
        assert_eq!(terms("done"), vec!["done"]);
        assert_eq!(terms("a flu shot"), terms("flu shots"));
        assert_ne!(terms("Drew"), terms("draw"));
        assert_eq!(terms("I drew it"), terms("drawing"));
        assert!(NOUN_HOMOGRAPHS.windows(2).all(|w| w[0] < w[1]));
        assert!(NAME_FORMS.windows(2).all(|w| w[0] < w[1]));
        // Regular forms still go to the stemmer.
        assert_eq!(terms("walked"), vec!["walk"]);
    }

    #[test]
    fn latin_accents_fold_and_other_scripts_keep_their_marks() {
        assert_eq!(
            terms("Zoë Straße Łódź Ørsted"),
            vec!["zoe", "strass", "lodz", "orst"]
        );
        assert_eq!(terms("Nguyễn"), terms("nguyen"));
        assert_eq!(terms("İrşadi"), terms("irsadi"));
        // Devanagari: the vowel sign is part of the word.
        assert_eq!(terms("किताब"), vec!["किताब"]);
        assert_ne!(terms("किताब"), terms("कतब"));
    }

    #[test]
    fn long_runs_are_no_terms_and_queries_keep_each_term_once() {
        assert!(terms(&"a".repeat(MAX_WORD_BYTES)).is_empty());
        assert_eq!(terms(&"b".repeat(MAX_WORD_BYTES - 1)).len(), 1);
        assert_eq!(
            query_terms("tea, tea and TEAS; cake", 10),
            vec!["tea", "cake"]
        );
        let many: String = (0..500).map(|i| format!("w{i} ")).collect();
        assert_eq!(query_terms(&many, 64).len(), 64);
    }

    #[test]
    fn every_term_is_made_of_letters_and_digits() {
        let text = "Ça va? ÉCOLE, naïve façade — 東京 Καλημέρα мир ǅemal ﬁne";
        for t in text_terms(text) {
            assert!(
                !t.is_empty() && t.chars().all(char::is_alphanumeric),
                "{t:?}"
            );
        }
    }
}
