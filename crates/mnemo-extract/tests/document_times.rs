//! A document, extracted with no time it was said at, dates its facts by the absolute dates,
//! months and years it gives, and never by relative ones.

use mnemo_extract::{absolute_times, ExtractContext, RuleExtractor};

/// Each fact of `text` as (subject, relation, object, occurred).
fn dated(text: &str) -> Vec<(String, String, String, Option<String>)> {
    RuleExtractor
        .extract_sync(text, &ExtractContext::default())
        .facts
        .into_iter()
        .map(|f| {
            (
                f.subject.as_str().to_string(),
                f.rel_type.as_str().to_string(),
                f.object.as_str().to_string(),
                f.occurred,
            )
        })
        .collect()
}

fn occurred(text: &str, rel: &str, object: &str) -> Option<String> {
    let found = dated(text);
    found
        .iter()
        .find(|f| f.1 == rel && f.2 == object)
        .unwrap_or_else(|| panic!("no {rel} {object} in {found:?}"))
        .3
        .clone()
}

#[test]
fn a_sentence_with_one_date_dates_its_facts() {
    assert_eq!(
        occurred(
            "In 2016, Hexacorp acquired Brightlane.",
            "ACQUIRED",
            "brightlane"
        )
        .as_deref(),
        Some("2016")
    );
    assert_eq!(
        occurred(
            "Wolfgang Mozart moved to Vienna in March 1781.",
            "MOVED_TO",
            "vienna"
        )
        .as_deref(),
        Some("1781-03")
    );
    assert_eq!(
        occurred(
            "Bach died on 28 July 1750 in Leipzig.",
            "DIED_IN",
            "leipzig"
        )
        .as_deref(),
        Some("1750-07-28")
    );
    assert_eq!(
        occurred(
            "Greta Holm served as Chancellor of Sweden from 2005 to 2021.",
            "SERVED_AS_CHANCELLOR_OF",
            "sweden"
        )
        .as_deref(),
        Some("2005/2021")
    );
}

#[test]
fn two_dates_or_a_relative_one_date_nothing() {
    // Which fact each year dates is not known: neither is dated.
    let found = dated("Born in 1879 in Ulm, Albert Einstein moved to Switzerland in 1895.");
    let moved = found.iter().find(|f| f.1 == "MOVED_TO").expect("moved");
    assert_eq!(moved.3, None, "{found:?}");
    // "Last year" in a document has no clock to resolve against.
    assert_eq!(
        occurred(
            "Last year Greta Holm moved to Uppsala.",
            "MOVED_TO",
            "uppsala"
        ),
        None
    );
}

#[test]
fn absolute_times_need_no_clock_and_leave_counts_alone() {
    let resolved =
        |t: &str| -> Vec<String> { absolute_times(t).into_iter().map(|m| m.resolved).collect() };
    assert_eq!(
        resolved("It opened on May 7, 2023 and closed in 1685."),
        ["2023-05-07", "1685"]
    );
    assert_eq!(resolved("the war between 1939 and 1945"), ["1939/1945"]);
    // A number before a noun is a count; a relative time is no date here.
    assert!(resolved("The firm employs 1500 people.").is_empty());
    assert!(resolved("We met yesterday, last week and in May.").is_empty());
    // Hostile input: no panic, nothing found.
    assert!(resolved("9999 31 February 2023 ,,, from 2021 to 2005")
        .iter()
        .all(|r| r != "2021/2005"));
}
