//! What to do about a failed attempt (retry, give up, report) and how long to wait before the next.

use std::time::Duration;

use async_openai::error::OpenAIError;

/// Longest backoff between two attempts.
pub(crate) const MAX_BACKOFF: Duration = Duration::from_secs(30);

/// How one attempt failed.
pub(crate) enum Attempt {
    /// Worth another attempt after a backoff (429, 5xx, timeout, reset connection).
    Retry(String),
    /// HTTP 4xx other than 429: the request itself is wrong.
    Rejected {
        status: u16,
        reason: String,
    },
    /// The endpoint cannot be reached at all (connection refused, unknown host).
    Unreachable(String),
    Malformed(String),
}

/// Sorts an async-openai error into what to do about it.
pub(crate) fn classify(e: OpenAIError) -> Attempt {
    match e {
        OpenAIError::Reqwest(e) => {
            let cause = root_cause(&e);
            if e.is_timeout() {
                Attempt::Retry(format!("timed out ({cause})"))
            } else if e.is_connect() {
                Attempt::Unreachable(cause)
            } else {
                // A reset or half-read response: the server is there, try again.
                Attempt::Retry(cause)
            }
        }
        OpenAIError::ApiError(r) => {
            let status = r.status_code.as_u16();
            let mut msg = one_line(&r.api_error.message, 200);
            if msg.is_empty() {
                msg = r.status_code.canonical_reason().unwrap_or("").to_string();
            }
            // An exhausted quota is a 429 too, but waiting will not refill it.
            let quota = r.api_error.r#type.as_deref() == Some("insufficient_quota")
                || r.api_error.code.as_deref() == Some("insufficient_quota");
            if (status == 429 && !quota) || status == 408 || status >= 500 {
                Attempt::Retry(format!("HTTP {status}: {msg}"))
            } else {
                Attempt::Rejected {
                    status,
                    reason: msg,
                }
            }
        }
        OpenAIError::JSONDeserialize(err, content) => {
            Attempt::Malformed(format!("{err}; body starts {:?}", one_line(&content, 120)))
        }
        other => Attempt::Malformed(one_line(&other.to_string(), 200)),
    }
}

/// The innermost cause of an error, as one short lowercase line ("connection refused").
fn root_cause(e: &(dyn std::error::Error + 'static)) -> String {
    let mut cur = e;
    while let Some(next) = cur.source() {
        cur = next;
    }
    let mut s = cur.to_string();
    if let Some(i) = s.find(" (os error") {
        s.truncate(i);
    }
    let mut chars = s.chars();
    match chars.next() {
        Some(c) => c.to_lowercase().chain(chars).collect(),
        None => "unknown error".into(),
    }
}

fn one_line(s: &str, max_chars: usize) -> String {
    let flat: String = s.split_whitespace().collect::<Vec<_>>().join(" ");
    flat.chars().take(max_chars).collect()
}

/// Exponential backoff with ±25% jitter so that concurrent callers do not retry in lockstep.
pub(crate) fn backoff(base_ms: u64, attempt: u32) -> Duration {
    let exp = base_ms.saturating_mul(1u64 << (attempt - 1).min(16));
    let capped = Duration::from_millis(exp).min(MAX_BACKOFF);
    let jitter = rand::Rng::gen_range(&mut rand::thread_rng(), 0.75..=1.25);
    capped.mul_f64(jitter)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_and_is_capped() {
        let d1 = backoff(100, 1).as_millis();
        let d3 = backoff(100, 3).as_millis();
        assert!((75..=125).contains(&d1), "{d1}");
        assert!((300..=500).contains(&d3), "{d3}");
        assert!(backoff(10_000, 10) <= MAX_BACKOFF.mul_f64(1.25));
    }

    #[test]
    fn one_line_flattens_and_cuts() {
        assert_eq!(one_line("a\n  b\tc", 10), "a b c");
        assert_eq!(one_line("abcdef", 3), "abc");
    }
}
