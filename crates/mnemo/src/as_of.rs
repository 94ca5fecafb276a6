//! The time an as-of search is asked for, as people write it: an RFC 3339 instant or a calendar
//! day (`2023-05-01`, the end of that day in UTC, so what was said that day counts).

use chrono::{NaiveDate, TimeZone, Utc};

use crate::{Error, Result, Timestamp};

/// Parses `2023-05-01` or `2023-05-01T09:00:00Z` (any RFC 3339 offset).
pub fn parse_as_of(s: &str) -> Result<Timestamp> {
    let s = s.trim();
    if let Ok(t) = chrono::DateTime::parse_from_rfc3339(s) {
        return Ok(t.with_timezone(&Utc));
    }
    if let Ok(d) = NaiveDate::parse_from_str(s, "%Y-%m-%d") {
        if let Some(end) = d.and_hms_opt(23, 59, 59) {
            return Ok(Utc.from_utc_datetime(&end));
        }
    }
    Err(Error::InvalidInput(format!(
        "as_of: {s:?} is neither a date (2023-05-01) nor an RFC 3339 time (2023-05-01T09:00:00Z)"
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_end_at_midnight_and_instants_keep_their_offset() {
        assert_eq!(
            parse_as_of("2023-05-01").unwrap().to_rfc3339(),
            "2023-05-01T23:59:59+00:00"
        );
        assert_eq!(
            parse_as_of("2023-05-01T09:00:00+02:00")
                .unwrap()
                .to_rfc3339(),
            "2023-05-01T07:00:00+00:00"
        );
        for bad in ["", "yesterday", "2023-13-01", "01/05/2023"] {
            let e = parse_as_of(bad).unwrap_err().to_string();
            assert!(e.contains("as_of"), "{e}");
        }
    }
}
