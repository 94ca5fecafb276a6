//! Entities named in a stored text (a retrieved source passage): the text's name n-grams, cut at
//! sentence ends and at lower-case content words, looked up exactly and resolved like a query.

use mnemo_core::{GraphStore, Tenant};

use crate::link::{resolve, LinkConfig, LinkedEntity};
use crate::text::{tokenize, Token};
use crate::RetrieveError;

/// Longest name looked up in running text, in words.
const TEXT_NGRAM: usize = 6;

/// Entities named in a stored text (e.g. a retrieved source passage): exact canonical matches of
/// n-grams that contain a capitalised word or a number, longest and rarest first, non-overlapping,
/// at most `limit`. Used to follow the entities a source mentions to further sources.
pub async fn entities_in_text(
    store: &dyn GraphStore,
    tenant: &Tenant,
    text: &str,
    cfg: &LinkConfig,
    limit: usize,
) -> Result<Vec<LinkedEntity>, RetrieveError> {
    let (tokens, keys) = text_name_keys(text, cfg.max_query_words);
    if keys.is_empty() || limit == 0 {
        return Ok(Vec::new());
    }
    let exact = store.lookup_names(tenant, &keys).await?;
    let cfg = LinkConfig {
        max_seeds: limit,
        ..cfg.clone()
    };
    let mut linked = resolve(&tokens, &exact, &[], &cfg);
    linked.retain(|l| {
        tokens[l.span.0..l.span.1]
            .iter()
            .any(|t| t.marked && !t.stop)
    });
    Ok(linked)
}

/// The text's tokens (the first `max_words`) and the n-grams of them that could be names, sorted
/// and distinct. Names in running text start and end with a capitalised word or a number ("Bank
/// of England"), do not run over the end of a sentence, nor through a lower-case content word
/// (`breaks_name`): only such n-grams are looked up, which keeps a passage to a few dozen keys.
/// Tokens carry no context, so the sentences' tokens in a row are the text's tokens.
fn text_name_keys(text: &str, max_words: usize) -> (Vec<Token>, Vec<String>) {
    let name_edge = |t: &Token| t.marked && !t.stop;
    let mut tokens: Vec<Token> = Vec::new();
    let mut keys: Vec<String> = Vec::new();
    for sentence in sentences(text) {
        let budget = max_words - tokens.len();
        if budget == 0 {
            break;
        }
        let from = tokens.len();
        tokens.extend(tokenize(sentence, budget));
        let words = &tokens[from..];
        for start in (0..words.len()).filter(|&i| name_edge(&words[i])) {
            let mut key = String::new();
            for (end, t) in words.iter().enumerate().skip(start).take(TEXT_NGRAM) {
                if end > start {
                    if breaks_name(t) {
                        break;
                    }
                    key.push(' ');
                }
                key.push_str(&t.key);
                if name_edge(t) {
                    keys.push(key.clone());
                }
            }
        }
    }
    keys.sort();
    keys.dedup();
    (tokens, keys)
}

/// Lower-case words longer than three letters that still occur inside names ("Piero della
/// Francesca", "Kingston upon Hull", "Weston-super-Mare").
const NAME_PARTICLES: &[&str] = &[
    "dalla", "degli", "della", "delle", "dello", "delli", "upon", "sous", "super", "without",
    "among", "within", "toward", "towards", "beyond", "across",
];

/// True for a word no name of running text continues through: a lower-case content word longer
/// than three letters ("Anna Ka works at Kalo Group": no name starts at "Anna" and runs past
/// "works"). Short lower-case words ("da", "van", "de", "al") and stop-words do occur inside
/// names. About 40% of the n-grams of the latency benchmark's texts ran through such a word.
fn breaks_name(t: &Token) -> bool {
    !t.marked && !t.stop && t.key.len() > 3 && !NAME_PARTICLES.contains(&t.key.as_str())
}

/// Words that end with a full stop without ending a sentence (besides those with fewer than two
/// lower-case letters at the end, "Mr.", "St.", "U.S.", which never end one here).
const ABBREVIATIONS: &[&str] = &[
    "mrs", "ms", "inc", "ltd", "corp", "bros", "gen", "col", "capt", "sgt", "lieut", "rev", "prof",
    "hon", "gov", "sen", "rep", "pres", "ave", "blvd", "rd", "etc", "vs", "vol", "ch", "fig",
    "dept", "univ", "est", "approx", "jan", "feb", "mar", "apr", "aug", "sept", "oct", "nov",
    "dec", "op", "no", "nos", "pp", "ed", "eds", "al", "ca", "cf",
];

/// `text` cut after each sentence end: a full stop followed by white space, after a word that
/// ends with two lower-case letters and is not a known abbreviation. Initials, "St." or "U.S."
/// never cut, so a name written with them stays whole; a cut is only ever made where no name of
/// the graph plausibly runs on.
fn sentences(text: &str) -> Vec<&str> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut from = 0;
    for (i, c) in text.char_indices() {
        if c != '.' || !bytes.get(i + 1).is_some_and(u8::is_ascii_whitespace) {
            continue;
        }
        let word_start = text[..i]
            .char_indices()
            .rev()
            .take_while(|(_, c)| c.is_alphanumeric())
            .last()
            .map_or(i, |(j, _)| j);
        let word = &text[word_start..i];
        let lower_end = word
            .chars()
            .rev()
            .take(2)
            .filter(|c| c.is_lowercase())
            .count()
            == 2;
        if lower_end && !ABBREVIATIONS.contains(&word.to_lowercase().as_str()) {
            out.push(&text[from..=i]);
            from = i + 1;
        }
    }
    out.push(&text[from..]);
    out
}

#[cfg(test)]
mod tests {
    use super::{sentences, text_name_keys};

    #[test]
    fn name_keys_do_not_run_through_lower_case_content_words() {
        let (tokens, keys) = text_name_keys(
            "Anna Ka works at Kalo Group. Piero della Francesca met Leonardo da Vinci in \
             Kingston upon Hull.",
            256,
        );
        assert_eq!(tokens.len(), 17);
        assert_eq!(
            keys,
            vec![
                "anna",
                "anna ka",
                "francesca",
                "francesca met leonardo",
                "francesca met leonardo da vinci",
                "group",
                "hull",
                "ka",
                "kalo",
                "kalo group",
                "kingston",
                "kingston upon hull",
                "leonardo",
                "leonardo da vinci",
                "leonardo da vinci in kingston",
                "piero",
                "piero della francesca",
                "piero della francesca met leonardo",
                "vinci",
                "vinci in kingston",
                "vinci in kingston upon hull",
            ]
        );
    }

    #[test]
    fn sentences_end_at_full_stops_after_words_but_not_after_initials_or_abbreviations() {
        let text = "Umar Ka. Maya Vinka founded Sa Group. Dr. No met J. R. Tolkien in St. Louis. \
                    Acme Inc. hired Mrs. Dalloway in Washington, D.C. today. 3.5 percent.";
        assert_eq!(
            sentences(text),
            vec![
                "Umar Ka. Maya Vinka founded Sa Group.",
                " Dr. No met J. R. Tolkien in St. Louis.",
                " Acme Inc. hired Mrs. Dalloway in Washington, D.C. today.",
                " 3.5 percent.",
            ]
        );
        assert_eq!(sentences("no stop at all"), vec!["no stop at all"]);
        assert_eq!(sentences(""), vec![""]);
    }
}
