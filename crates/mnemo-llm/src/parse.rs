//! Lenient JSON recovery from model output: code fences, prose around the object, trailing commas
//! and output cut off at the token limit (the last complete items are kept).

use serde_json::Value;

/// What could be recovered from a reply.
#[derive(Debug, Clone, PartialEq)]
pub struct Recovered {
    pub value: Value,
    /// True when the JSON was cut off and closed by repair; its last item may be missing.
    pub repaired: bool,
}

/// Finds the outermost JSON object in `text` and parses it, repairing what is cheap to repair.
/// `None` when no object can be recovered.
pub fn recover_json(text: &str) -> Option<Recovered> {
    let body = strip_fences(text);
    if let Ok(v @ Value::Object(_)) = serde_json::from_str::<Value>(body.trim()) {
        return Some(Recovered {
            value: v,
            repaired: false,
        });
    }
    let start = body.find('{')?;
    let scan = scan_object(&body[start..]);
    let value: Value = serde_json::from_str(&scan.text).ok()?;
    value.is_object().then_some(Recovered {
        value,
        repaired: scan.repaired,
    })
}

/// The inside of the first ``` fence, or the text itself when there is none.
fn strip_fences(text: &str) -> &str {
    let Some(open) = text.find("```") else {
        return text;
    };
    let after = &text[open + 3..];
    // Skip a language tag such as `json` up to the end of the line.
    let body = match after.find('\n') {
        Some(nl)
            if after[..nl]
                .trim()
                .chars()
                .all(|c| c.is_ascii_alphanumeric()) =>
        {
            &after[nl + 1..]
        }
        _ => after,
    };
    match body.find("```") {
        Some(close) => &body[..close],
        None => body,
    }
}

struct Scan {
    text: String,
    repaired: bool,
}

/// Copies the object starting at `s[0] == '{'` up to its matching brace, dropping commas that
/// precede a closing bracket. When the input ends first, cuts back to the last complete item and
/// closes the open brackets.
fn scan_object(s: &str) -> Scan {
    let mut out = String::with_capacity(s.len());
    let mut stack: Vec<char> = Vec::new();
    let mut in_string = false;
    let mut escaped = false;
    // The output length and open brackets right after the last complete value inside a container.
    let mut last_cut: Option<(usize, Vec<char>)> = None;
    for c in s.chars() {
        if in_string {
            out.push(c);
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                in_string = false;
            }
            continue;
        }
        match c {
            '"' => {
                in_string = true;
                out.push(c);
            }
            '{' | '[' => {
                let whole_item = is_cut_point(&stack);
                stack.push(if c == '{' { '}' } else { ']' });
                out.push(c);
                if c == '[' && whole_item {
                    // An empty array is complete: a cut here keeps the key with no items.
                    last_cut = Some((out.len(), stack.clone()));
                }
            }
            '}' | ']' => {
                drop_trailing_comma(&mut out);
                // A mismatched closer is taken as the expected one: models rarely get this wrong
                // and guessing is no worse than dropping the whole reply.
                stack.pop();
                out.push(if c == '}' { '}' } else { ']' });
                if stack.is_empty() {
                    return Scan {
                        text: out,
                        repaired: false,
                    };
                }
                if is_cut_point(&stack) {
                    last_cut = Some((out.len(), stack.clone()));
                }
            }
            ',' => {
                if is_cut_point(&stack) {
                    last_cut = Some((out.len(), stack.clone()));
                }
                out.push(c);
            }
            _ => out.push(c),
        }
    }
    // Cut off: keep everything up to the last complete item and close what is open there.
    let (len, open) = last_cut.unwrap_or((0, Vec::new()));
    out.truncate(len);
    drop_trailing_comma(&mut out);
    for closer in open.iter().rev() {
        out.push(*closer);
    }
    Scan {
        text: out,
        repaired: true,
    }
}

/// Whether a value that just ended inside the container on top of `stack` is a whole item worth
/// keeping: an array element, or a member of the outermost object. A member of a nested object
/// is only part of an item (a fact without its object), so cutting there would keep half a fact.
fn is_cut_point(stack: &[char]) -> bool {
    stack.last() == Some(&']') || stack.len() == 1
}

fn drop_trailing_comma(out: &mut String) {
    let trimmed = out.trim_end().len();
    if out[..trimmed].ends_with(',') {
        out.truncate(trimmed - 1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn rec(s: &str) -> Option<(Value, bool)> {
        recover_json(s).map(|r| (r.value, r.repaired))
    }

    #[test]
    fn plain_fenced_and_wrapped_objects_parse() {
        let want = json!({"a": [1, 2]});
        assert_eq!(rec(r#"{"a":[1,2]}"#), Some((want.clone(), false)));
        assert_eq!(
            rec("```json\n{\"a\":[1,2]}\n```"),
            Some((want.clone(), false))
        );
        assert_eq!(
            rec("Sure! Here is the JSON:\n{\"a\": [1, 2]}\nHope it helps {:)"),
            Some((want.clone(), false))
        );
        assert_eq!(rec("{\"a\": [1, 2,],}"), Some((want, false)));
        assert_eq!(
            rec(r#"{"s": "a } ] , \" tricky"}"#),
            Some((json!({"s": "a } ] , \" tricky"}), false))
        );
    }

    #[test]
    fn truncated_output_keeps_complete_items() {
        let cut = r#"{"entities": [{"name": "Ada", "type": "Person"}, {"name": "Lond"#;
        assert_eq!(
            rec(cut),
            Some((
                json!({"entities": [{"name": "Ada", "type": "Person"}]}),
                true
            ))
        );
        let cut2 = r#"{"entities": [{"name": "Ada"}], "facts": [{"subject": "Ada", "pred"#;
        assert_eq!(
            rec(cut2),
            Some((json!({"entities": [{"name": "Ada"}], "facts": []}), true))
        );
    }

    #[test]
    fn hopeless_output_is_none() {
        assert_eq!(rec(""), None);
        assert_eq!(rec("I cannot help with that."), None);
        assert_eq!(rec("[1, 2, 3]"), None);
        assert_eq!(rec("{\"entities"), None);
    }
}
