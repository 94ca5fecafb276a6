//! Irregular past tenses and participles of English verbs with their base form ("went" -> "go",
//! "bought" -> "buy"): the text analysis indexes a verb's forms as one term, and the extractor
//! recognises them as verbs. General English; sorted by form for a binary search.

/// (form, base form), sorted by form, each form once.
pub const IRREGULAR_VERBS: &[(&str, &str)] = &[
    ("ate", "eat"),
    ("became", "become"),
    ("become", "become"),
    ("began", "begin"),
    ("begun", "begin"),
    ("bought", "buy"),
    ("broke", "break"),
    ("broken", "break"),
    ("brought", "bring"),
    ("built", "build"),
    ("came", "come"),
    ("caught", "catch"),
    ("chose", "choose"),
    ("chosen", "choose"),
    ("did", "do"),
    ("done", "do"),
    ("drank", "drink"),
    ("drawn", "draw"),
    ("drew", "draw"),
    ("driven", "drive"),
    ("drove", "drive"),
    ("drunk", "drink"),
    ("dug", "dig"),
    ("eaten", "eat"),
    ("fallen", "fall"),
    ("fed", "feed"),
    ("fell", "fall"),
    ("felt", "feel"),
    ("flew", "fly"),
    ("flown", "fly"),
    ("forgot", "forget"),
    ("forgotten", "forget"),
    ("fought", "fight"),
    ("found", "find"),
    ("gave", "give"),
    ("given", "give"),
    ("gone", "go"),
    ("got", "get"),
    ("gotten", "get"),
    ("grew", "grow"),
    ("grown", "grow"),
    ("had", "have"),
    ("heard", "hear"),
    ("held", "hold"),
    ("hid", "hide"),
    ("hung", "hang"),
    ("kept", "keep"),
    ("knew", "know"),
    ("known", "know"),
    ("led", "lead"),
    ("left", "leave"),
    ("lent", "lend"),
    ("let", "let"),
    ("lit", "light"),
    ("lost", "lose"),
    ("made", "make"),
    ("meant", "mean"),
    ("met", "meet"),
    ("paid", "pay"),
    ("put", "put"),
    ("quit", "quit"),
    ("ran", "run"),
    ("read", "read"),
    ("ridden", "ride"),
    ("rode", "ride"),
    ("said", "say"),
    ("sang", "sing"),
    ("sat", "sit"),
    ("saw", "see"),
    ("seen", "see"),
    ("sent", "send"),
    ("set", "set"),
    ("shook", "shake"),
    ("shot", "shoot"),
    ("slept", "sleep"),
    ("sold", "sell"),
    ("sought", "seek"),
    ("spent", "spend"),
    ("spoke", "speak"),
    ("spoken", "speak"),
    ("stood", "stand"),
    ("struck", "strike"),
    ("stuck", "stick"),
    ("sung", "sing"),
    ("swam", "swim"),
    ("swum", "swim"),
    ("swung", "swing"),
    ("taken", "take"),
    ("taught", "teach"),
    ("thought", "think"),
    ("threw", "throw"),
    ("thrown", "throw"),
    ("told", "tell"),
    ("took", "take"),
    ("tore", "tear"),
    ("understood", "understand"),
    ("went", "go"),
    ("woke", "wake"),
    ("won", "win"),
    ("wore", "wear"),
    ("worn", "wear"),
    ("wove", "weave"),
    ("written", "write"),
    ("wrote", "write"),
];

/// The base form of an irregular past tense or participle ("took" -> "take"); `None` for any
/// other word.
pub fn irregular_base(word: &str) -> Option<&'static str> {
    IRREGULAR_VERBS
        .binary_search_by(|(form, _)| (*form).cmp(word))
        .ok()
        .map(|i| IRREGULAR_VERBS[i].1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forms_are_sorted_once_each_and_found() {
        assert!(IRREGULAR_VERBS.windows(2).all(|w| w[0].0 < w[1].0));
        assert_eq!(irregular_base("went"), Some("go"));
        assert_eq!(irregular_base("bought"), Some("buy"));
        assert_eq!(irregular_base("walked"), None);
        assert_eq!(irregular_base(""), None);
    }
}
