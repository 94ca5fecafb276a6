//! Relative and partial times resolved against when the text was said: "yesterday", "two days
//! ago", "last week", "last Saturday", "this weekend", "next month", "in May", "in 2022", "May 7".
//! The resolution is an ISO 8601 date ("2023-05-07"), week ("2023-W18"), month ("2023-04"), year
//! ("2022") or interval of those ("2023-05-06/2023-05-07"), so that the event's time can be kept
//! apart from the time it was told. A text with no time it was told (a document) gives only its
//! absolute times (`absolute_times`).

use chrono::{Datelike, Duration, NaiveDate, Weekday};
use mnemo_core::Timestamp;
use std::borrow::Cow;

use crate::text;

/// A time expression of a text: byte offsets `start..end`, the words, and what they resolve to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimeMention {
    pub start: usize,
    pub end: usize,
    pub text: String,
    /// ISO 8601: a date, week, month, year, or an interval "a/b" of two of the same kind.
    pub resolved: String,
}

impl TimeMention {
    /// The days the resolution covers, as a half-open range `[first, end)`: what a fact's
    /// validity (`valid_from`, `valid_to`) needs. See [`iso_bounds`].
    pub fn bounds(&self) -> Option<(NaiveDate, NaiveDate)> {
        iso_bounds(&self.resolved)
    }
}

/// The half-open day range `[first, end)` of a resolution (kept in `mnemo-core`, where the stores
/// validate the event times they are given).
pub use mnemo_core::iso_bounds;

fn day(d: NaiveDate) -> String {
    d.format("%Y-%m-%d").to_string()
}

fn week(d: NaiveDate) -> String {
    let w = d.iso_week();
    format!("{}-W{:02}", w.year(), w.week())
}

fn month(y: i32, m: u32) -> String {
    format!("{y}-{m:02}")
}

/// The month `n` months after (negative: before) year `y` month `m`.
fn add_months(y: i32, m: u32, n: i32) -> (i32, u32) {
    let total = y * 12 + (m as i32 - 1) + n;
    (total.div_euclid(12), (total.rem_euclid(12) + 1) as u32)
}

fn number(w: &str) -> Option<i64> {
    let n = match w {
        "a" | "an" | "one" => 1,
        "two" | "couple" => 2,
        "three" => 3,
        "four" => 4,
        "five" => 5,
        "six" => 6,
        "seven" => 7,
        "eight" => 8,
        "nine" => 9,
        "ten" => 10,
        "eleven" => 11,
        "twelve" => 12,
        _ => return w.parse::<i64>().ok().filter(|n| (1..=100).contains(n)),
    };
    Some(n)
}

fn weekday(w: &str) -> Option<Weekday> {
    let w = w.trim_end_matches('.');
    Some(match w {
        "monday" | "mon" => Weekday::Mon,
        "tuesday" | "tue" | "tues" => Weekday::Tue,
        "wednesday" | "wed" => Weekday::Wed,
        "thursday" | "thu" | "thur" | "thurs" => Weekday::Thu,
        "friday" | "fri" => Weekday::Fri,
        "saturday" | "sat" => Weekday::Sat,
        "sunday" | "sun" => Weekday::Sun,
        _ => return None,
    })
}

fn month_number(w: &str) -> Option<u32> {
    let w = w.trim_end_matches('.');
    Some(match w {
        "january" | "jan" => 1,
        "february" | "feb" => 2,
        "march" | "mar" => 3,
        "april" | "apr" => 4,
        "may" => 5,
        "june" | "jun" => 6,
        "july" | "jul" => 7,
        "august" | "aug" => 8,
        "september" | "sep" | "sept" => 9,
        "october" | "oct" => 10,
        "november" | "nov" => 11,
        "december" | "dec" => 12,
        _ => return None,
    })
}

fn year(w: &str) -> Option<i32> {
    (w.len() == 4 && (w.starts_with("19") || w.starts_with("20")))
        .then(|| w.parse().ok())
        .flatten()
}

fn day_of_month(w: &str) -> Option<u32> {
    let d = w.trim_end_matches(|c: char| c.is_ascii_alphabetic());
    let suffix_ok = matches!(&w[d.len()..], "" | "st" | "nd" | "rd" | "th");
    d.parse().ok().filter(|n| (1..=31).contains(n) && suffix_ok)
}

/// Words that make a sentence speak of the future, for a bare weekday or month: a future's
/// words, or a present that plans ("I'm visiting Oslo in July", "Emma starts school in
/// September", "My exam is in June") where nothing says the past.
fn future(words: &[Cow<'_, str>]) -> bool {
    words.iter().any(|w| {
        matches!(
            w.as_ref(),
            "will" | "'ll" | "gonna" | "tomorrow" | "next" | "upcoming" | "planning" | "plan"
        )
    }) || words.windows(2).any(|p| p[0] == "going" && p[1] == "to")
        || (planned_present(words) && !past(words))
}

/// A present tense that speaks of what is planned: a progressive ("are getting married"), a
/// scheduling verb ("starts", "is due"), or a copula right before "in" / "on" ("is in June").
fn planned_present(words: &[Cow<'_, str>]) -> bool {
    let copula = |w: &str| matches!(w, "am" | "'m" | "is" | "'s" | "are" | "'re");
    // "-ing" nouns are no progressive ("is the morning", "'s a wedding").
    let progressive = |w: &str| {
        w.len() > 4
            && w.ends_with("ing")
            && !w.ends_with("thing")
            && !matches!(
                w,
                "morning" | "evening" | "wedding" | "spring" | "ceiling" | "building" | "meeting"
            )
            && crate::verbs::is_verbish(w)
    };
    words.iter().enumerate().any(|(k, w)| {
        let w = w.as_ref();
        (copula(w)
            && words
                .iter()
                .skip(k + 1)
                .take(2)
                .any(|x| progressive(x.as_ref()) || matches!(x.as_ref(), "in" | "on" | "due")))
            || matches!(
                w,
                "starts" | "begins" | "opens" | "arrives" | "leaves" | "launches" | "flies"
            )
    })
}

/// Words that put a sentence in the past: a past auxiliary or verb, a perfect, "ago", or a
/// past right after its pronoun ("we hiked on Saturday", "we bought a house in March").
fn past(words: &[Cow<'_, str>]) -> bool {
    words.iter().enumerate().any(|(k, w)| {
        let w = w.as_ref();
        matches!(
            w,
            "was"
                | "were"
                | "did"
                | "had"
                | "went"
                | "came"
                | "saw"
                | "took"
                | "made"
                | "been"
                | "ago"
                | "yesterday"
                | "last"
        ) || ((w.ends_with("ed") || mnemo_core::irregular_base(w).is_some_and(|b| b != w))
            && k > 0
            && matches!(
                words[k - 1].as_ref(),
                "i" | "we" | "you" | "he" | "she" | "they" | "just"
            ))
    })
}

/// The time expressions of `text`, resolved against `at` (the time it was said), in text order.
pub fn resolve_times(text: &str, at: Timestamp) -> Vec<TimeMention> {
    let today = at.date_naive();
    scan(text, false, |w, capital, i, words| {
        match_at(
            w,
            capital,
            i,
            today,
            *words.get_or_insert_with(|| future(w)),
        )
    })
}

/// The time expressions of `text` that need no clock, in text order: a full date ("28 July
/// 1750", "May 7, 2023"), a month of a year ("March 2016"), a year ("in 1976", "1685"), a span
/// of years ("from 2005 to 2021" gives "2005/2021"). What a document says, with no time it was
/// said at ("last year" in an encyclopedia is no date).
pub fn absolute_times(text: &str) -> Vec<TimeMention> {
    // Every absolute time has a digit: a document's sentences without one are not read.
    scan(text, true, |w, capital, i, _| match_absolute(w, capital, i))
}

/// The matches of `matcher` (lower-case words of a sentence, whether each is capitalised, the
/// word's index, a per-sentence cache of whether the sentence looks ahead) in each sentence of
/// `text` (only those holding a digit when `with_digits_only`), longest at each word, in text
/// order.
fn scan(
    text: &str,
    with_digits_only: bool,
    mut matcher: impl FnMut(
        &[Cow<'_, str>],
        &[bool],
        usize,
        &mut Option<bool>,
    ) -> Option<(usize, String)>,
) -> Vec<TimeMention> {
    let mut out = Vec::new();
    if with_digits_only && !text.bytes().any(|b| b.is_ascii_digit()) {
        return out;
    }
    for span in text::sentence_spans(text) {
        let sentence = &text[span.clone()];
        if with_digits_only && !sentence.bytes().any(|b| b.is_ascii_digit()) {
            continue;
        }
        let ws = text::words(sentence);
        // Most words are lower case already: only the others are copied.
        let lower: Vec<Cow<'_, str>> = ws
            .iter()
            .map(|w| {
                let t = w.text(sentence);
                // "yday", "tmrw": chat's spellings of the relative days.
                if let Some(full) = crate::chat_spelling::full_form(t) {
                    return Cow::Borrowed(full);
                }
                if t.bytes()
                    .all(|b| b.is_ascii_lowercase() || !b.is_ascii_alphabetic() && b.is_ascii())
                {
                    Cow::Borrowed(t)
                } else {
                    Cow::Owned(t.to_lowercase())
                }
            })
            .collect();
        let capital: Vec<bool> = ws
            .iter()
            .map(|w| w.text(sentence).starts_with(|c: char| c.is_uppercase()))
            .collect();
        let mut ahead = None;
        let mut i = 0;
        while i < ws.len() {
            match matcher(&lower, &capital, i, &mut ahead) {
                Some((len, resolved)) => {
                    let (s, e) = (span.start + ws[i].start, span.start + ws[i + len - 1].end);
                    out.push(TimeMention {
                        start: s,
                        end: e,
                        text: text[s..e].to_string(),
                        resolved,
                    });
                    i += len;
                }
                None => i += 1,
            }
        }
    }
    out
}

/// The time expression starting at word `i`: its length in words and its resolution.
fn match_at(
    w: &[Cow<'_, str>],
    capital: &[bool],
    i: usize,
    today: NaiveDate,
    ahead: bool,
) -> Option<(usize, String)> {
    let at = |k: usize| w.get(i + k).map_or("", |s| s.as_ref());
    let d = |n: i64| today + Duration::days(n);
    // Fixed phrases, longest first.
    match (at(0), at(1), at(2), at(3)) {
        ("the", "day", "before", "yesterday") => return Some((4, day(d(-2)))),
        ("the", "day", "after", "tomorrow") => return Some((4, day(d(2)))),
        ("the", "other", "day", _) => return Some((3, format!("{}/{}", day(d(-6)), day(d(-1))))),
        ("last", "night", _, _) => return Some((2, day(d(-1)))),
        ("this", "morning" | "afternoon" | "evening", _, _) => return Some((2, day(today))),
        _ => {}
    }
    match at(0) {
        "yesterday" => return Some((1, day(d(-1)))),
        "today" | "tonight" => return Some((1, day(today))),
        "tomorrow" => return Some((1, day(d(1)))),
        _ => {}
    }
    // "two days ago", "a few weeks ago", "a couple of months ago", "in three days".
    let (count, vague, len) = match (at(0), at(1), at(2)) {
        ("a", "couple", "of") => (Some(2), false, 3),
        ("a", "few", _) => (Some(3), true, 2),
        ("few" | "several", _, _) => (Some(3), true, 1),
        (n, _, _) => (number(n), false, 1),
    };
    if let Some(n) = count {
        let unit = at(len).trim_end_matches('s');
        let ago = at(len + 1) == "ago";
        // "in three days" looks ahead; "watched it all in one week" is how long it took.
        let ahead_in = i > 0 && w[i - 1] == "in" && !ago && !past(w);
        if matches!(unit, "day" | "week" | "month" | "year") && (ago || ahead_in) {
            let sign = if ago { -1 } else { 1 };
            let (lo, hi) = if vague { (2, 5) } else { (n, n) };
            let resolve = |k: i64| match unit {
                "day" => day(d(sign * k)),
                "week" => week(d(sign * 7 * k)),
                "month" => {
                    let (y, m) = add_months(today.year(), today.month(), (sign * k) as i32);
                    month(y, m)
                }
                _ => (today.year() + (sign * k) as i32).to_string(),
            };
            let (a, b) = (resolve(lo.max(1)), resolve(hi));
            let resolved = if a == b {
                a
            } else if sign < 0 {
                format!("{b}/{a}")
            } else {
                format!("{a}/{b}")
            };
            return Some((len + 1 + usize::from(ago), resolved));
        }
    }
    // "last week", "this weekend", "next month", "last Saturday", "this summer".
    let rel = match at(0) {
        "last" | "past" => Some(-1),
        "this" | "coming" => Some(0),
        "next" => Some(1),
        _ => None,
    };
    // "over the weekend", "the weekend": the latest one.
    if matches!((at(0), at(1)), ("the", "weekend")) {
        return Some((2, weekend(today, if ahead { 1 } else { -1 })));
    }
    if let Some(r) = rel {
        match at(1) {
            "week" => return Some((2, week(d(7 * r)))),
            "weekend" => return Some((2, weekend(today, r))),
            "month" => {
                let (y, m) = add_months(today.year(), today.month(), r as i32);
                return Some((2, month(y, m)));
            }
            "year" => return Some((2, (today.year() + r as i32).to_string())),
            "summer" | "winter" | "spring" | "fall" | "autumn" => {
                return Some((2, season(today, at(1), r)));
            }
            word => {
                if let Some(wd) = weekday(word) {
                    return Some((2, day(weekday_date(today, wd, r))));
                }
                if let Some(m) = month_number(word).filter(|_| capital.get(i + 1) == Some(&true)) {
                    let y = match r {
                        -1 if m >= today.month() => today.year() - 1,
                        1 if m <= today.month() => today.year() + 1,
                        _ => today.year(),
                    };
                    return Some((2, month(y, m)));
                }
            }
        }
    }
    // Dates: "May 7", "May 7th, 2023", "7 May 2023", "May 2022", "in May", a year.
    if let Some(m) = month_number(at(0)).filter(|_| capital[i]) {
        let prev = if i > 0 { w[i - 1].as_ref() } else { "" };
        if let Some(dd) = day_of_month(at(1)) {
            let (y, len) = match (at(2), at(3)) {
                (",", y) if year(y).is_some() => (year(y), 4),
                (y, _) if year(y).is_some() => (year(y), 3),
                _ => (None, 2),
            };
            let y = y.unwrap_or_else(|| today.year());
            return NaiveDate::from_ymd_opt(y, m, dd).map(|date| (len, day(date)));
        }
        if let Some(y) = year(at(1)) {
            return Some((2, month(y, m)));
        }
        let introduced = matches!(
            prev,
            "in" | "during" | "since" | "until" | "till" | "by" | "early" | "late" | "mid"
        );
        if introduced && (m != 5 || at(1) != "be") {
            let y = if ahead {
                if m < today.month() {
                    today.year() + 1
                } else {
                    today.year()
                }
            } else if m > today.month() {
                today.year() - 1
            } else {
                today.year()
            };
            return Some((1, month(y, m)));
        }
    }
    if let Some(dd) = day_of_month(at(0)) {
        if let Some(m) = month_number(at(1)).filter(|_| capital.get(i + 1) == Some(&true)) {
            let (y, len) = match year(at(2)) {
                Some(y) => (y, 3),
                None => (today.year(), 2),
            };
            return NaiveDate::from_ymd_opt(y, m, dd).map(|date| (len, day(date)));
        }
    }
    if let Some(y) = year(at(0)) {
        return Some((1, y.to_string()));
    }
    // "on Friday", "Friday": the latest one, or the coming one when the sentence looks ahead.
    if let Some(wd) = weekday(at(0)).filter(|_| capital[i]) {
        return Some((1, day(weekday_date(today, wd, if ahead { 1 } else { -1 }))));
    }
    None
}

/// A year as documents write it, from 1000 to 2099 ("1685", "1750", "2016").
fn document_year(w: &str) -> Option<i32> {
    (w.len() == 4 && w.bytes().all(|b| b.is_ascii_digit()))
        .then(|| w.parse().ok())
        .flatten()
        .filter(|y| (1000..=2099).contains(y))
}

/// The absolute time expression starting at word `i` (see `absolute_times`): its length in
/// words and its resolution.
fn match_absolute(w: &[Cow<'_, str>], capital: &[bool], i: usize) -> Option<(usize, String)> {
    let at = |k: usize| w.get(i + k).map_or("", |s| s.as_ref());
    let prev = if i > 0 { w[i - 1].as_ref() } else { "" };
    if let Some(m) = month_number(at(0)).filter(|_| capital[i]) {
        if let Some(dd) = day_of_month(at(1)) {
            let y = match (at(2), at(3)) {
                (",", y) => document_year(y).map(|y| (y, 4)),
                (y, _) => document_year(y).map(|y| (y, 3)),
            };
            let (y, len) = y?;
            return NaiveDate::from_ymd_opt(y, m, dd).map(|date| (len, day(date)));
        }
        return document_year(at(1)).map(|y| (2, month(y, m)));
    }
    if let Some(dd) = day_of_month(at(0)) {
        if let Some(m) = month_number(at(1)).filter(|_| capital.get(i + 1) == Some(&true)) {
            let y = document_year(at(2))?;
            return NaiveDate::from_ymd_opt(y, m, dd).map(|date| (3, day(date)));
        }
    }
    let y = document_year(at(0))?;
    // "from 2005 to 2021", "between 1939 and 1945": a span of years.
    let until = match prev {
        "from" => matches!(at(1), "to" | "until" | "till" | "-" | "–"),
        "between" => at(1) == "and",
        _ => false,
    };
    if let Some(z) = document_year(at(2)).filter(|z| until && *z > y) {
        return Some((3, format!("{y}/{z}")));
    }
    // A year before the 20th century only where a preposition introduces it: "1500 people".
    let introduced = matches!(
        prev,
        "in" | "since" | "until" | "till" | "by" | "during" | "from" | "of" | "circa" | "c." | ","
    );
    (introduced || year(at(0)).is_some()).then(|| (1, y.to_string()))
}

/// The weekday `wd` before (`r` < 0), in the week of (`r` == 0) or after (`r` > 0) `today`.
fn weekday_date(today: NaiveDate, wd: Weekday, r: i64) -> NaiveDate {
    let delta = wd.num_days_from_monday() as i64 - today.weekday().num_days_from_monday() as i64;
    match r {
        0 => today + Duration::days(delta),
        r if r < 0 => today + Duration::days(if delta < 0 { delta } else { delta - 7 }),
        _ => today + Duration::days(if delta > 0 { delta } else { delta + 7 }),
    }
}

/// Saturday to Sunday of the last (`r` < 0), this or next weekend.
fn weekend(today: NaiveDate, r: i64) -> String {
    let sat = if r < 0 && today.weekday().num_days_from_monday() >= 5 {
        // Said on a weekend, "last weekend" is the one before.
        weekday_date(today, Weekday::Sat, 0) - Duration::days(7)
    } else {
        weekday_date(today, Weekday::Sat, if r == 0 { 0 } else { r.signum() })
    };
    format!("{}/{}", day(sat), day(sat + Duration::days(1)))
}

/// A season as a month interval (northern hemisphere): summer Jun–Aug, autumn Sep–Nov, winter
/// Dec–Feb, spring Mar–May; the last one that ended, the current or coming one, or the next.
fn season(today: NaiveDate, name: &str, r: i64) -> String {
    let first = match name {
        "spring" => 3,
        "summer" => 6,
        "fall" | "autumn" => 9,
        _ => 12,
    };
    let (y, m) = (today.year(), today.month());
    // The season's occurrence starting in year `sy`: is it over, current or coming?
    let start_year = |sy: i32| {
        let (ey, em) = add_months(sy, first, 2);
        (sy * 12 + first as i32, ey * 12 + em as i32)
    };
    let now = y * 12 + m as i32;
    let mut sy = y - 1;
    while start_year(sy + 1).0 <= now {
        sy += 1;
    }
    // `sy`: the latest occurrence that has started.
    let (_, end) = start_year(sy);
    let current = end >= now;
    let pick = match r {
        r if r < 0 => {
            if current {
                sy - 1
            } else {
                sy
            }
        }
        0 => {
            if current {
                sy
            } else {
                sy + 1
            }
        }
        _ => sy + 1,
    };
    let (ey, em) = add_months(pick, first, 2);
    format!("{}/{}", month(pick, first), month(ey, em))
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    /// Monday 8 May 2023, ISO week 19.
    fn said() -> Timestamp {
        chrono::Utc.with_ymd_and_hms(2023, 5, 8, 13, 56, 0).unwrap()
    }

    fn resolved(text: &str) -> Vec<(String, String)> {
        resolve_times(text, said())
            .into_iter()
            .map(|t| (t.text, t.resolved))
            .collect()
    }

    fn one(text: &str) -> String {
        let r = resolved(text);
        assert_eq!(r.len(), 1, "{text}: {r:?}");
        r[0].1.clone()
    }

    #[test]
    fn days() {
        assert_eq!(one("I went to a support group yesterday."), "2023-05-07");
        assert_eq!(one("We met today"), "2023-05-08");
        assert_eq!(one("the day before yesterday"), "2023-05-06");
        assert_eq!(one("It happened two days ago."), "2023-05-06");
        assert_eq!(one("It happened 3 days ago."), "2023-05-05");
        assert_eq!(one("a few days ago"), "2023-05-03/2023-05-06");
        assert_eq!(one("We leave in three days"), "2023-05-11");
        assert_eq!(one("last night"), "2023-05-07");
        // Chat's spellings of the days.
        assert_eq!(one("went hiking yday"), "2023-05-07");
        assert_eq!(one("see u tmrw!"), "2023-05-09");
    }

    #[test]
    fn weeks_months_years() {
        assert_eq!(one("last week"), "2023-W18");
        assert_eq!(one("next week"), "2023-W20");
        assert_eq!(one("two weeks ago"), "2023-W17");
        assert_eq!(one("last month"), "2023-04");
        assert_eq!(one("next month"), "2023-06");
        assert_eq!(one("a month ago"), "2023-04");
        assert_eq!(one("last year"), "2022");
        assert_eq!(one("two years ago"), "2021");
        assert_eq!(one("We moved in 2022."), "2022");
    }

    #[test]
    fn weekdays_and_weekends() {
        assert_eq!(one("last Saturday"), "2023-05-06");
        assert_eq!(one("next Saturday"), "2023-05-13");
        assert_eq!(one("I ran on Friday."), "2023-05-05");
        assert_eq!(one("I will run on Friday."), "2023-05-12");
        assert_eq!(one("last Fri"), "2023-05-05");
        assert_eq!(one("this weekend"), "2023-05-13/2023-05-14");
        assert_eq!(one("last weekend"), "2023-05-06/2023-05-07");
        assert_eq!(one("over the weekend"), "2023-05-06/2023-05-07");
    }

    #[test]
    fn months_and_dates() {
        assert_eq!(one("We adopted him in May."), "2023-05");
        assert_eq!(one("We went in August."), "2022-08");
        assert_eq!(one("We will go in August."), "2023-08");
        assert_eq!(one("last May"), "2022-05");
        assert_eq!(one("She was born on May 7, 1990."), "1990-05-07");
        assert_eq!(one("on 3 June"), "2023-06-03");
        assert_eq!(one("in March 2021"), "2021-03");
        assert_eq!(one("last summer"), "2022-06/2022-08");
        assert_eq!(one("this summer"), "2023-06/2023-08");
    }

    #[test]
    fn a_present_that_plans_looks_ahead() {
        // Were the past year's months and the past week's days.
        assert_eq!(one("Emma starts kindergarten in September."), "2023-09");
        assert_eq!(
            one("Hannah and Luuk are getting married in June."),
            "2023-06"
        );
        assert_eq!(one("I am visiting Oslo in July."), "2023-07");
        assert_eq!(one("My exam is in June."), "2023-06");
        assert_eq!(one("My party is on Friday!"), "2023-05-12");
        // A past in the sentence, or a present that plans nothing, keeps the past.
        assert_eq!(one("I was visiting Oslo in July."), "2022-07");
        assert_eq!(one("We hiked on Saturday and I'm exhausted."), "2023-05-06");
        // An irregular past after its pronoun says the past too.
        assert_eq!(
            one("We bought a house in March and we're still painting it."),
            "2023-03"
        );
        // A form that is its own base ("read") says nothing of the time.
        assert_eq!(one("I read that we're moving in July."), "2023-07");
        assert_eq!(
            one("I'm still sore from the race on Saturday."),
            "2023-05-06"
        );
        assert_eq!(
            one("I'm so proud, she graduated on Saturday."),
            "2023-05-06"
        );
        assert_eq!(one("It's the evening of Saturday."), "2023-05-06");
        // A past's "in one week" is how long it took.
        assert!(resolved("I watched all of Succession in one week.").is_empty());
        assert_eq!(one("Our trip to Iceland is in three weeks."), "2023-W22");
    }

    #[test]
    fn bounds_of_resolutions() {
        // Each form's bounds are tested with `iso_bounds` in mnemo-core; here: every resolution
        // the resolver makes has them.
        for t in resolve_times(
            "yesterday, last week, a few days ago, this weekend, in May, last summer, 2021",
            said(),
        ) {
            assert!(t.bounds().is_some(), "{t:?}");
        }
    }

    #[test]
    fn words_that_only_look_like_times() {
        assert!(resolved("You may be right.").is_empty());
        assert!(resolved("I may go.").is_empty());
        assert!(resolved("a friday feeling, the march of time").is_empty());
        assert!(resolved("Two dogs and one cat").is_empty());
    }
}
