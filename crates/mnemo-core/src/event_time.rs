//! Event times: when a stated event happened, as the rule extractor resolves it against when the
//! text was said ("yesterday" said on 2023-05-08 -> "2023-05-07"). Beside the record times
//! (`first_seen`, `last_seen`: when a fact was told), a fact keeps the event time each supporting
//! episode gave (`FactInput::occurred`, `Fact::occurred`).
//!
//! The form is ISO 8601: a date ("2023-05-07"), a week ("2023-W18"), a month ("2023-04"), a year
//! ("2022") or an interval "a/b" of two of those.

use chrono::{Duration, NaiveDate, Weekday};

use crate::{Error, Result};

/// Longest event time accepted ("2023-05-06/2023-05-07" is 21 bytes).
pub const MAX_EVENT_TIME_BYTES: usize = 32;

/// The half-open day range `[first, end)` of an event time: "2023-05-07" -> that day, "2023-W18"
/// -> its Monday to the next Monday, "2023-04" -> April, "2022" -> the year, "a/b" -> from a's
/// first day to b's end. `None` for anything else.
pub fn iso_bounds(resolved: &str) -> Option<(NaiveDate, NaiveDate)> {
    if let Some((a, b)) = resolved.split_once('/') {
        return Some((iso_bounds(a)?.0, iso_bounds(b)?.1));
    }
    let parts: Vec<&str> = resolved.split('-').collect();
    let y: i32 = parts.first()?.parse().ok()?;
    match parts.as_slice() {
        [_] => Some((
            NaiveDate::from_ymd_opt(y, 1, 1)?,
            NaiveDate::from_ymd_opt(y + 1, 1, 1)?,
        )),
        [_, w] if w.starts_with('W') => {
            let monday = NaiveDate::from_isoywd_opt(y, w[1..].parse().ok()?, Weekday::Mon)?;
            Some((monday, monday + Duration::days(7)))
        }
        [_, m] => {
            let m: u32 = m.parse().ok()?;
            let (ny, nm) = if m == 12 { (y + 1, 1) } else { (y, m + 1) };
            Some((
                NaiveDate::from_ymd_opt(y, m, 1)?,
                NaiveDate::from_ymd_opt(ny, nm, 1)?,
            ))
        }
        [_, m, d] => {
            let day = NaiveDate::from_ymd_opt(y, m.parse().ok()?, d.parse().ok()?)?;
            Some((day, day + Duration::days(1)))
        }
        _ => None,
    }
}

/// Whether one side of an event time has a canonical shape: `YYYY`, `YYYY-Www`, `YYYY-MM` or
/// `YYYY-MM-DD`, ASCII digits only (so "+2023", "2023-5" or "２０２３" are refused even where
/// `iso_bounds` would read them).
fn canonical_part(s: &str) -> bool {
    let b = s.as_bytes();
    let digits = |r: std::ops::Range<usize>| b[r].iter().all(u8::is_ascii_digit);
    match b.len() {
        4 => digits(0..4),
        7 => digits(0..4) && b[4] == b'-' && digits(5..7),
        8 => digits(0..4) && b[4] == b'-' && b[5] == b'W' && digits(6..8),
        10 => digits(0..4) && b[4] == b'-' && digits(5..7) && b[7] == b'-' && digits(8..10),
        _ => false,
    }
}

/// Checks an event time given to a store (`FactInput::occurred`): the canonical ISO 8601 shapes
/// above, a real date, week or month, and an interval whose start is not after its end. A batch
/// with a bad one is rejected whole (`Error::InvalidInput`), like any other invalid batch.
pub fn validate_event_time(s: &str) -> Result<()> {
    let bad = |why: &str| {
        Err(Error::InvalidInput(format!(
            "event time {s:?} {why} (expected ISO 8601: 2023-05-07, 2023-W18, 2023-05, 2023 or an interval a/b of those)"
        )))
    };
    if s.len() > MAX_EVENT_TIME_BYTES {
        return bad("is too long");
    }
    let parts: Vec<&str> = s.split('/').collect();
    if parts.len() > 2 || !parts.iter().all(|p| canonical_part(p)) {
        return bad("is not of a known form");
    }
    let Some((first, _)) = iso_bounds(s) else {
        return bad("is no real date");
    };
    if let [_, b] = parts.as_slice() {
        if iso_bounds(b).is_some_and(|(b_first, _)| b_first < first) {
            return bad("ends before it starts");
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }

    #[test]
    fn bounds_of_each_form() {
        assert_eq!(
            iso_bounds("2023-05-07"),
            Some((d(2023, 5, 7), d(2023, 5, 8)))
        );
        assert_eq!(iso_bounds("2023-W18"), Some((d(2023, 5, 1), d(2023, 5, 8))));
        assert_eq!(iso_bounds("2023-12"), Some((d(2023, 12, 1), d(2024, 1, 1))));
        assert_eq!(iso_bounds("2022"), Some((d(2022, 1, 1), d(2023, 1, 1))));
        assert_eq!(
            iso_bounds("2022-06/2022-08"),
            Some((d(2022, 6, 1), d(2022, 9, 1)))
        );
        assert_eq!(iso_bounds("yesterday"), None);
    }

    #[test]
    fn only_canonical_real_times_are_accepted() {
        for ok in [
            "2023-05-07",
            "2023-W18",
            "2023-04",
            "2022",
            "2023-05-06/2023-05-07",
            "2022-06/2022-08",
        ] {
            assert!(validate_event_time(ok).is_ok(), "{ok}");
        }
        for bad in [
            "",
            "yesterday",
            "2023-5-7",
            "+2023",
            "2023-02-30",
            "2023-13",
            "2023-W54",
            "2023-05-07T10:00:00Z",
            "2023-05-08/2023-05-07",
            "2023/2024/2025",
            "２０２３",
            "2023-05-07/",
        ] {
            let err = validate_event_time(bad).unwrap_err().to_string();
            assert!(err.contains("event time"), "{bad}: {err}");
        }
    }
}
