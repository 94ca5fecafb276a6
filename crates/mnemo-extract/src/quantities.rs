//! Numbers and durations in running text ("two", "1.5 million", "40 miles", "four years"). They
//! are found and reported with their spans (for evaluation and highlighting), but never become
//! entities: a count is an attribute of a fact, not a thing to remember.

use crate::features::WordInfo;
use crate::gazetteer::{self as gz};
use crate::name_rules::is_year;

/// A number or duration found in a text: byte offsets `start..end`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Quantity {
    pub start: usize,
    pub end: usize,
    pub duration: bool,
}

/// A number or duration: relative word indices `start..end` of a sentence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct QuantitySpan {
    pub start: usize,
    pub end: usize,
    /// "four years", "two-week": a length of time rather than a count.
    pub duration: bool,
}

fn is_numeral(w: &WordInfo, text: &str) -> bool {
    if w.flags & gz::NUMBER_WORD != 0 {
        return !matches!(
            w.lower.as_str(),
            "hundred" | "thousand" | "million" | "billion"
        );
    }
    let digits = text.bytes().filter(u8::is_ascii_digit).count();
    digits > 0
        && text
            .bytes()
            .all(|b| b.is_ascii_digit() || matches!(b, b'.' | b','))
        && text.as_bytes()[0].is_ascii_digit()
}

fn is_scale(lower: &str) -> bool {
    matches!(
        lower,
        "hundred" | "thousand" | "million" | "millions" | "billion" | "billions" | "trillion"
    )
}

fn is_unit(lower: &str) -> bool {
    matches!(
        lower,
        "percent"
            | "per cent"
            | "%"
            | "miles"
            | "mile"
            | "mi"
            | "km"
            | "kilometres"
            | "kilometers"
            | "kilometre"
            | "kilometer"
            | "metres"
            | "meters"
            | "m"
            | "ft"
            | "feet"
            | "kg"
            | "tons"
            | "tonnes"
            | "mw"
            | "kw"
            | "acres"
            | "hectares"
            | "ha"
            | "km2"
            | "sq"
    )
}

fn is_time_unit(lower: &str) -> bool {
    matches!(
        lower,
        "year"
            | "years"
            | "month"
            | "months"
            | "week"
            | "weeks"
            | "day"
            | "days"
            | "hour"
            | "hours"
            | "minute"
            | "minutes"
            | "decade"
            | "decades"
            | "century"
            | "centuries"
            | "season"
            | "seasons"
    )
}

/// Numbers and durations of one sentence, skipping words in `taken` (already part of a mention).
/// Years are dates, not numbers, and are left to the date rules.
pub fn quantity_spans(texts: &[&str], info: &[WordInfo], taken: &[bool]) -> Vec<QuantitySpan> {
    let mut out = Vec::new();
    let n = info.len();
    let mut i = 0;
    while i < n {
        if taken[i] || !is_numeral(&info[i], texts[i]) || is_year(texts[i]) {
            i += 1;
            continue;
        }
        let mut e = i + 1;
        // "1.5 million", "two hundred"
        while e < n && !taken[e] && is_scale(&info[e].lower) {
            e += 1;
        }
        let mut duration = false;
        // "two - year", "two-year"
        let hyphen = e + 1 < n && texts[e] == "-" && !taken[e + 1];
        if e < n && !taken[e] && is_time_unit(&info[e].lower) {
            e += 1;
            duration = true;
        } else if hyphen && is_time_unit(&info[e + 1].lower) {
            e += 2;
            duration = true;
        } else if e < n && !taken[e] && is_unit(&info[e].lower) {
            e += 1;
        }
        out.push(QuantitySpan {
            start: i,
            end: e,
            duration,
        });
        i = e;
    }
    out
}
