//! Chat's short spellings of common words ("rly", "u", "ppl"), read as the words they stand for
//! so that a casually typed turn states what its spelled-out form would.

/// The word a chat spelling stands for. Only lower-case forms that are no English word of their
/// own ("ur" is left alone: your or you're).
pub(crate) fn full_form(w: &str) -> Option<&'static str> {
    Some(match w {
        "u" => "you",
        "rly" | "realy" | "rlly" => "really",
        "ppl" => "people",
        "bf" => "boyfriend",
        "gf" => "girlfriend",
        "bday" => "birthday",
        "tmrw" | "tmr" | "tmrow" | "2morrow" => "tomorrow",
        "tonite" => "tonight",
        "yday" => "yesterday",
        "cuz" | "coz" => "because",
        "pls" | "plz" => "please",
        "thx" | "thnx" => "thanks",
        "prolly" => "probably",
        "def" | "defo" => "definitely",
        "fav" | "fave" => "favorite",
        "abt" => "about",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::full_form;

    #[test]
    fn spellings_stand_for_their_words_and_words_for_themselves() {
        assert_eq!(full_form("rly"), Some("really"));
        assert_eq!(full_form("u"), Some("you"));
        assert_eq!(full_form("fave"), Some("favorite"));
        for w in ["ur", "U", "really", "ill", "def.", "your"] {
            assert_eq!(full_form(w), None, "{w}");
        }
    }
}
