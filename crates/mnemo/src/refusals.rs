//! Refusals in a row: an LLM endpoint that refuses a text for what it holds (HTTP 400/413/422)
//! fails that text only, and ingestion goes on. But an endpoint that refuses *every* text (a model
//! name it does not serve under that route, a setting it rejects) would fail every document of a
//! run in turn; after `STREAK` refusals with no extraction between them the extractor reports the
//! endpoint unusable instead (`Error::Llm`), which stops a run with a resumable checkpoint. Only a
//! run wears the guard (`Mnemo::stopping_on_refusal_streaks`, `mnemo ingest`): on a server's shared
//! instance one client's refused texts would count against another's.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use async_trait::async_trait;
use mnemo_extract::{ExtractContext, ExtractError, Extraction, Extractor};

/// Refused texts in a row that make the endpoint count as unusable.
pub const STREAK: usize = 8;

/// An extractor whose refusals are counted (reset by every extraction that goes through).
#[derive(Debug)]
pub(crate) struct RefusalGuard {
    inner: Arc<dyn Extractor>,
    in_a_row: AtomicUsize,
}

impl RefusalGuard {
    pub(crate) fn new(inner: Arc<dyn Extractor>) -> Self {
        RefusalGuard {
            inner,
            in_a_row: AtomicUsize::new(0),
        }
    }
}

#[async_trait]
impl Extractor for RefusalGuard {
    fn name(&self) -> &'static str {
        self.inner.name()
    }

    async fn extract(&self, text: &str, ctx: &ExtractContext) -> Result<Extraction, ExtractError> {
        match self.inner.extract(text, ctx).await {
            Ok(x) => {
                self.in_a_row.store(0, Ordering::Relaxed);
                Ok(x)
            }
            Err(ExtractError::Refused(m)) => {
                let n = self.in_a_row.fetch_add(1, Ordering::Relaxed) + 1;
                if n >= STREAK {
                    Err(ExtractError::Unavailable(format!(
                        "the extractor's endpoint refused the last {n} texts in a row (the last: \
                         {m}); its settings (model, context length, JSON mode) are likely wrong"
                    )))
                } else {
                    Err(ExtractError::Refused(m))
                }
            }
            Err(e) => Err(e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicBool;

    /// Refuses while `refusing` is set, else extracts with the rules.
    #[derive(Debug, Default)]
    struct Switch {
        refusing: AtomicBool,
    }

    #[async_trait]
    impl Extractor for Switch {
        fn name(&self) -> &'static str {
            "switch"
        }
        async fn extract(
            &self,
            text: &str,
            ctx: &ExtractContext,
        ) -> Result<Extraction, ExtractError> {
            if self.refusing.load(Ordering::Relaxed) {
                return Err(ExtractError::Refused("HTTP 400: too long".into()));
            }
            mnemo_extract::RuleExtractor.extract(text, ctx).await
        }
    }

    #[tokio::test]
    async fn a_streak_of_refusals_makes_the_endpoint_unusable_and_a_success_resets_it() {
        let inner = Arc::new(Switch::default());
        let guard = RefusalGuard::new(inner.clone());
        let ctx = ExtractContext::default();
        inner.refusing.store(true, Ordering::Relaxed);
        for _ in 0..STREAK - 1 {
            let e = guard.extract("Ada met Bob.", &ctx).await.unwrap_err();
            assert!(matches!(e, ExtractError::Refused(_)), "{e:?}");
        }
        // A success between refusals starts the count again.
        inner.refusing.store(false, Ordering::Relaxed);
        guard.extract("Ada met Bob.", &ctx).await.expect("extracts");
        inner.refusing.store(true, Ordering::Relaxed);
        for _ in 0..STREAK - 1 {
            let e = guard.extract("Ada met Bob.", &ctx).await.unwrap_err();
            assert!(matches!(e, ExtractError::Refused(_)), "{e:?}");
        }
        let e = guard.extract("Ada met Bob.", &ctx).await.unwrap_err();
        assert!(
            matches!(&e, ExtractError::Unavailable(m) if m.contains("refused the last 8 texts in a row") && m.contains("too long")),
            "{e:?}"
        );
        assert_eq!(guard.name(), "switch");
    }
}
