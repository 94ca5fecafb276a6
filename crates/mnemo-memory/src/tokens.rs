//! Token counts of context lines (`mnemo_extract::cl100k`), and the text helpers that fit
//! snippets into lines.

use mnemo_extract::count_tokens;

/// Tokens of `line`, of `line + "\n"` and of `line + "\n\n"`.
pub(crate) fn count_line_tokens(line: &str) -> [usize; 3] {
    mnemo_extract::cl100k::count_line(line).unwrap_or_else(|| {
        [
            count_tokens(line),
            count_tokens(&format!("{line}\n")),
            count_tokens(&format!("{line}\n\n")),
        ]
    })
}

/// `text` cut to at most `max_chars` characters at a word boundary when there is one, with an
/// ellipsis when something was cut.
pub fn truncate_chars(text: &str, max_chars: usize) -> String {
    if text.chars().count() <= max_chars {
        return text.to_string();
    }
    let cut: String = text.chars().take(max_chars.saturating_sub(1)).collect();
    let cut = match cut.rfind(char::is_whitespace) {
        Some(i) if i > cut.len() / 2 => &cut[..i],
        _ => cut.as_str(),
    };
    format!("{}…", cut.trim_end())
}

/// Collapses all whitespace (including newlines) to single spaces, so any text fits on one line.
pub fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_real_bpe_tokens() {
        assert_eq!(count_tokens(""), 0);
        assert_eq!(count_tokens("hello world"), 2);
        assert!(count_tokens(&"memory ".repeat(100)) >= 100);
    }

    #[test]
    fn truncation_respects_chars_and_words() {
        assert_eq!(truncate_chars("short", 10), "short");
        assert_eq!(truncate_chars("alpha beta gamma delta", 13), "alpha beta…");
        let cut = truncate_chars(&"東京".repeat(50), 11);
        assert_eq!(cut.chars().count(), 11);
        assert_eq!(one_line(" a\n\tb  c\n"), "a b c");
    }
}
