//! mnemo: long-term knowledge memory for LLM agents. The `Mnemo` facade wires chunking, extraction,
//! a `GraphStore` and search into `remember`, `ingest_document`, `search` and friends. Concrete
//! stores are chosen by the caller (the CLI or your program), never here.

mod agent;
mod as_of;
mod error;
pub mod export;
mod ingest;
mod refusals;
mod remember;
mod resolve;
pub mod sources;
mod triples;

use std::sync::Arc;

pub use agent::{AgentAnswer, AnswerSource, EXTERNAL_CONFIDENCE, EXTERNAL_SOURCE};
pub use as_of::parse_as_of;
pub use error::{Error, Result};
pub use ingest::{
    DocumentInput, ExtractedDocument, GroupLimits, IngestOutcome, PlannedDocument,
    PreparedDocument, WriteGroup,
};
pub use mnemo_core::{
    self as core, Entity, EntityKey, EpisodeKind, GraphStore, StoreStats, Subgraph, Tenant,
    Timestamp,
};
pub use mnemo_extract::{ChunkConfig, ExtractContext, Extractor, RuleExtractor};
pub use mnemo_llm::{self as llm, LlmClient, LlmConfig};
pub use mnemo_memory::{mentions_phrase, ChatTurn, SearchConfig, SearchResult};
pub use refusals::STREAK as REFUSAL_STREAK;
pub use remember::{PreparedRemember, RememberOptions, RememberReport};
pub use triples::{TripleChunk, TripleInput, TripleItem, TripleReader, TripleRow};

/// A clock, injectable so that tests and replays are deterministic.
pub type Clock = Arc<dyn Fn() -> Timestamp + Send + Sync>;

/// Settings of the pipeline (not of the store, which the caller builds).
#[derive(Debug, Clone)]
pub struct MnemoOptions {
    pub chunk: ChunkConfig,
    pub search: SearchConfig,
    /// Chunks of one document extracted concurrently (matters for LLM extractors, whose calls
    /// wait on the network; the client's own limit still applies).
    pub extract_concurrency: usize,
}

impl Default for MnemoOptions {
    fn default() -> Self {
        MnemoOptions {
            chunk: ChunkConfig::default(),
            search: SearchConfig::default(),
            extract_concurrency: 4,
        }
    }
}

/// Long-term memory for one tenant over a `GraphStore`.
#[derive(Clone)]
pub struct Mnemo {
    store: Arc<dyn GraphStore>,
    extractor: Arc<dyn Extractor>,
    tenant: Tenant,
    options: MnemoOptions,
    clock: Clock,
    /// The LLM client behind the extractor, when it has one: what ingest and remember report.
    llm: Option<LlmClient>,
}

impl std::fmt::Debug for Mnemo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Mnemo")
            .field("store", &self.store.backend())
            .field("extractor", &self.extractor.name())
            .field("tenant", &self.tenant)
            .finish_non_exhaustive()
    }
}

impl Mnemo {
    /// Memory over `store` for `tenant`, extracting with `extractor`, on the system clock.
    pub fn new(
        store: Arc<dyn GraphStore>,
        extractor: Arc<dyn Extractor>,
        tenant: Tenant,
        options: MnemoOptions,
    ) -> Self {
        Mnemo {
            store,
            extractor,
            tenant,
            options,
            clock: Arc::new(chrono::Utc::now),
            llm: None,
        }
    }

    /// Names the LLM client the extractor calls, so that `llm_stats` can report its cost.
    pub fn with_llm_client(mut self, client: LlmClient) -> Self {
        self.llm = Some(client);
        self
    }

    /// What the extractor's LLM client spent so far (calls, tokens, time, dropped items); `None`
    /// when the extractor makes no LLM calls.
    pub fn llm_stats(&self) -> Option<llm::LlmStats> {
        self.llm.as_ref().map(LlmClient::stats)
    }

    /// The same memory, with an extractor that counts refused texts in a row and reports its
    /// endpoint unusable after `REFUSAL_STREAK` of them (`refusals.rs`): for one run over many
    /// inputs (an ingest), which then stops instead of failing every input in turn. Not for a
    /// server's shared instance: one client's refused texts would count against another's.
    pub fn stopping_on_refusal_streaks(mut self) -> Self {
        self.extractor = Arc::new(refusals::RefusalGuard::new(self.extractor));
        self
    }

    /// Replaces the clock (tests, replays of recorded conversations).
    pub fn with_clock(mut self, clock: Clock) -> Self {
        self.clock = clock;
        self
    }

    /// The same memory (store, extractor, options, clock) scoped to another tenant. Cheap: it
    /// clones `Arc`s. Servers use it to scope each request to its API key's tenant.
    pub fn for_tenant(&self, tenant: Tenant) -> Mnemo {
        Mnemo {
            tenant,
            ..self.clone()
        }
    }

    pub fn tenant(&self) -> &Tenant {
        &self.tenant
    }

    pub fn store(&self) -> &Arc<dyn GraphStore> {
        &self.store
    }

    pub fn options(&self) -> &MnemoOptions {
        &self.options
    }

    pub(crate) fn now(&self) -> Timestamp {
        (self.clock)()
    }

    /// Searches memory: a hit with a ranked, token-budgeted context, or an explicit miss.
    /// `budget` overrides the configured token budget.
    pub async fn search(&self, query: &str, budget: Option<usize>) -> Result<SearchResult> {
        self.search_with_history(query, budget, &[]).await
    }

    /// Like `search`, with chat history to place in the context (older turns summarised).
    pub async fn search_with_history(
        &self,
        query: &str,
        budget: Option<usize>,
        history: &[ChatTurn],
    ) -> Result<SearchResult> {
        self.search_as_of(query, budget, history, None).await
    }

    /// Like `search_with_history`, as memory stood at `as_of` when given: facts valid then,
    /// nothing recorded after it (see `parse_as_of`).
    pub async fn search_as_of(
        &self,
        query: &str,
        budget: Option<usize>,
        history: &[ChatTurn],
        as_of: Option<Timestamp>,
    ) -> Result<SearchResult> {
        let mut cfg = self.options.search.clone();
        if let Some(b) = budget {
            if b == 0 {
                return Err(Error::InvalidInput("the token budget must be > 0".into()));
            }
            cfg.budget_tokens = b;
        }
        let result = mnemo_memory::search_as_of(
            self.store.as_ref(),
            &self.tenant,
            query,
            &cfg,
            history,
            self.now(),
            as_of,
        )
        .await?;
        Ok(result)
    }

    /// Counts of the tenant's graph.
    pub async fn stats(&self) -> Result<StoreStats> {
        Ok(self.store.stats(&self.tenant).await?)
    }

    /// The tenant's whole graph.
    pub async fn export(&self) -> Result<Subgraph> {
        Ok(self.store.export(&self.tenant).await?)
    }

    /// Forgets a document and everything only it supported.
    pub async fn forget_document(&self, id: &str) -> Result<mnemo_core::DeleteReport> {
        Ok(self.store.delete_document(&self.tenant, id).await?)
    }

    /// Forgets episodes and everything only they supported.
    pub async fn forget_episodes(&self, ids: &[String]) -> Result<mnemo_core::DeleteReport> {
        Ok(self.store.delete_episodes(&self.tenant, ids).await?)
    }
}
