//! The days a query asks about: the dates and short periods it names ("on October 13, 2023",
//! "yesterday", "last weekend"), resolved against the search's clock as the extractor resolves a
//! turn's times against when it was said. Texts stored on those days are evidence: a question about
//! a day is about what was said that day.

use chrono::NaiveDate;
use mnemo_core::Timestamp;
use mnemo_extract::times::resolve_times;

/// Longest period, in days, that still points at particular texts ("in 2022" does not).
const MAX_DAYS: i64 = 14;

/// The half-open day ranges `[first, end)` the query names, each at most `MAX_DAYS` long.
pub(crate) fn query_days(query: &str, now: Timestamp) -> Vec<(NaiveDate, NaiveDate)> {
    resolve_times(query, now)
        .iter()
        .filter_map(|t| t.bounds())
        .filter(|(a, b)| (*b - *a).num_days() <= MAX_DAYS)
        .collect()
}

/// Whether `at` falls on one of `days`.
pub(crate) fn on_days(days: &[(NaiveDate, NaiveDate)], at: Timestamp) -> bool {
    let d = at.date_naive();
    days.iter().any(|(a, b)| *a <= d && d < *b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{TimeZone, Utc};

    #[test]
    fn named_days_and_short_periods_only() {
        let now = Utc
            .with_ymd_and_hms(2024, 3, 1, 12, 0, 0)
            .single()
            .expect("date");
        let d = |y, m, dd| NaiveDate::from_ymd_opt(y, m, dd).expect("date");
        assert_eq!(
            query_days("What did Ann show Bo on October 13, 2023?", now),
            vec![(d(2023, 10, 13), d(2023, 10, 14))]
        );
        assert_eq!(
            query_days("What did we plan yesterday?", now),
            vec![(d(2024, 2, 29), d(2024, 3, 1))]
        );
        assert!(query_days("What happened in 2022?", now).is_empty());
        assert!(query_days("Where does Ann live?", now).is_empty());
        let at = |y, m, dd, h| {
            Utc.with_ymd_and_hms(y, m, dd, h, 0, 0)
                .single()
                .expect("date")
        };
        let days = query_days("on October 13, 2023", now);
        assert!(on_days(&days, at(2023, 10, 13, 23)));
        assert!(!on_days(&days, at(2023, 10, 14, 0)));
    }
}
