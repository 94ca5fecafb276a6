//! The small subcommands: remember (as a memory record), search (counting record accesses),
//! stats, export and serve.

use std::io::Read;
use std::process::ExitCode;

use anyhow::{bail, Context};
use mnemo::export::{render, ExportFormat};
use mnemo::{EpisodeKind, Mnemo};
use mnemo_records::{RecordInput, RecordType};
use mnemo_server::{RememberResponse, StatsView};

use crate::cli::{ExportArgs, JsonFlag, RememberArgs, SearchArgs};
use crate::output::outln;
use crate::settings::{Settings, StoreKind};

/// Largest text `remember -` reads from stdin.
const MAX_STDIN_BYTES: u64 = 1 << 20;

/// `remember --json`: the API's remember response, plus this command's LLM cost.
#[derive(serde::Serialize)]
struct RememberOutput {
    #[serde(flatten)]
    response: RememberResponse,
    llm: Option<mnemo::llm::LlmStats>,
}

pub async fn remember(mnemo: &Mnemo, args: RememberArgs) -> anyhow::Result<ExitCode> {
    let text = if args.text == "-" {
        let mut bytes = Vec::new();
        std::io::stdin()
            .lock()
            .take(MAX_STDIN_BYTES + 1)
            .read_to_end(&mut bytes)
            .context("reading stdin")?;
        if bytes.len() as u64 > MAX_STDIN_BYTES {
            bail!("stdin is over {MAX_STDIN_BYTES} bytes; use `mnemo ingest -` for documents");
        }
        String::from_utf8(bytes).map_err(|e| {
            anyhow::anyhow!(
                "stdin is not valid UTF-8 (first bad byte at offset {})",
                e.utf8_error().valid_up_to()
            )
        })?
    } else {
        args.text
    };
    let kind: Option<EpisodeKind> = args.kind.as_deref().map(str::parse).transpose()?;
    let record_type: RecordType = match (&args.record_type, kind) {
        (Some(t), _) => t.parse()?,
        (None, Some(EpisodeKind::Interaction)) => RecordType::Interaction,
        (None, Some(EpisodeKind::DocumentChunk)) => RecordType::DocumentChunk,
        (None, _) => RecordType::Note,
    };
    let at = match &args.at {
        Some(s) => Some(
            chrono::DateTime::parse_from_rfc3339(s)
                .with_context(|| format!("--at {s:?} is not an RFC 3339 time"))?
                .with_timezone(&chrono::Utc),
        ),
        None => None,
    };
    let input = RecordInput {
        id: args.id,
        record_type,
        episode_kind: kind,
        at,
        user: args.user,
        model: args.model,
        session: args.session,
        speaker: args.speaker,
        listener: args.listener,
        source: args.source,
        tags: args.tags,
        pinned: args.pin,
        confidence: args.confidence,
        ..RecordInput::default()
    };
    let w = crate::records_cmd::records(mnemo)
        .remember(&text, &input)
        .await?;
    // One process, one remember: the client's totals are this command's cost.
    let llm = mnemo.llm_stats();
    if args.json {
        let out = RememberOutput {
            response: w.into(),
            llm,
        };
        outln!("{}", serde_json::to_string_pretty(&out)?);
    } else if w.written {
        outln!(
            "remembered episode {} ({} entities, {} facts, {} links)",
            w.record.id,
            w.entities,
            w.facts,
            w.links.len()
        );
    } else {
        outln!(
            "episode {} was already stored: nothing changed",
            w.record.id
        );
    }
    if let (Some(llm), false) = (llm, args.json) {
        outln!("{}", llm.report());
    }
    Ok(ExitCode::SUCCESS)
}

pub async fn search(mnemo: &Mnemo, args: SearchArgs) -> anyhow::Result<ExitCode> {
    if args.query.trim().is_empty() {
        bail!("the query is empty");
    }
    let as_of = args.as_of.as_deref().map(mnemo::parse_as_of).transpose()?;
    // Through the records, so each record behind the context counts an access.
    let result = crate::records_cmd::records(mnemo)
        .search_as_of(&args.query, args.budget, &[], as_of)
        .await?;
    if args.json {
        outln!("{}", serde_json::to_string_pretty(&result)?);
    } else {
        outln!("{}", result.context_text.trim_end());
    }
    Ok(ExitCode::SUCCESS)
}

pub async fn stats(mnemo: &Mnemo, args: JsonFlag) -> anyhow::Result<ExitCode> {
    let stats = mnemo.stats().await?;
    if args.json {
        let v = StatsView::new(
            mnemo.tenant().to_string(),
            mnemo.store().backend().to_string(),
            stats,
        );
        outln!("{}", serde_json::to_string_pretty(&v)?);
    } else {
        outln!(
            "store:     {} (tenant {})",
            mnemo.store().backend(),
            mnemo.tenant()
        );
        outln!("entities:  {}", stats.entities);
        outln!("facts:     {}", stats.facts);
        outln!("episodes:  {}", stats.episodes);
        outln!("documents: {}", stats.documents);
        outln!("mentions:  {}", stats.mentions);
    }
    Ok(ExitCode::SUCCESS)
}

/// `mnemo migrate`: the derived state a newer mnemo keeps beside old Neo4j data, for the tenant it
/// runs for (run it once per tenant). Graph reads work without it (slower: hubs are expanded edge
/// by edge, `stats` counts the tenant), but text search does not see episodes written before the
/// text index until their token is backfilled; family facts written before their validity
/// intervals were kept on relationships (for Neo4j Browser) get them. The embedded store rebuilds
/// its derived state (the text index) by itself when it opens, so it needs no step.
pub async fn migrate(settings: &Settings, args: &JsonFlag) -> anyhow::Result<ExitCode> {
    let tenant = settings.tenant();
    let steps: Vec<&str> = match settings.store.kind {
        StoreKind::Embedded => Vec::new(),
        StoreKind::Neo4j => {
            let store = crate::backend::connect_neo4j(settings).await?;
            let started = std::time::Instant::now();
            store
                .rebuild_top_edges(&tenant)
                .await
                .context("rebuilding the top-edge and recent-mention lists")?;
            store
                .rebuild_stats(&tenant)
                .await
                .context("recounting the tenant")?;
            store
                .backfill_text_index(&tenant)
                .await
                .context("adding older episodes to the text index")?;
            store
                .backfill_folded_keys(&tenant)
                .await
                .context("adding accent-free alias keys to older entities")?;
            store
                .rebuild_validity(&tenant)
                .await
                .context("giving family facts their validity intervals")?;
            tracing::info!(seconds = started.elapsed().as_secs_f64(), "migrated");
            vec![
                "top_edges",
                "stats",
                "text_index",
                "folded_keys",
                "validity",
            ]
        }
    };
    if args.json {
        let v = serde_json::json!({
            "backend": match settings.store.kind { StoreKind::Embedded => "embedded", StoreKind::Neo4j => "neo4j" },
            "tenant": tenant.as_str(),
            "migrated": steps,
        });
        outln!("{}", serde_json::to_string_pretty(&v)?);
    } else if steps.is_empty() {
        outln!(
            "nothing to migrate: the embedded store brings its text index up to date when it opens"
        );
    } else {
        outln!("migrated tenant {tenant}: {}", steps.join(", "));
    }
    Ok(ExitCode::SUCCESS)
}

pub async fn export(mnemo: &Mnemo, args: ExportArgs) -> anyhow::Result<ExitCode> {
    let format: ExportFormat = args.format.parse()?;
    let graph = mnemo.export().await?;
    let out = render(
        &graph,
        mnemo.tenant(),
        format,
        &mnemo.options().search.validity,
    );
    // `-o -` is standard output, as for most tools.
    match args.output.filter(|p| p.as_os_str() != "-") {
        Some(path) => {
            // Write beside the target and rename, so a failed export never leaves half a file.
            let tmp = path.with_extension("mnemo-tmp");
            std::fs::write(&tmp, out.as_bytes())
                .with_context(|| format!("writing {}", tmp.display()))?;
            std::fs::rename(&tmp, &path).with_context(|| format!("writing {}", path.display()))?;
            eprintln!(
                "exported {} entities and {} facts to {}",
                graph.entities.len(),
                graph.facts.len(),
                path.display()
            );
        }
        None => {
            crate::output::write_all(out.as_bytes());
        }
    }
    Ok(ExitCode::SUCCESS)
}

pub async fn serve(
    mnemo: Mnemo,
    settings: &crate::settings::Settings,
    args: crate::cli::ServeArgs,
) -> anyhow::Result<ExitCode> {
    let mut cfg = settings.server.clone();
    if let Some(bind) = args.bind {
        cfg.bind = bind;
    }
    if let Ok(keys) = std::env::var(mnemo_server::API_KEYS_ENV) {
        cfg = cfg
            .with_env_keys(&keys)
            .with_context(|| format!("invalid {}", mnemo_server::API_KEYS_ENV))?;
    }
    let services = server_services(&mnemo, settings)?;
    let state = mnemo_server::AppState::new(mnemo, cfg)?.with_services(services);
    let listener = tokio::net::TcpListener::bind(state.config().bind)
        .await
        .with_context(|| format!("cannot listen on {}", state.config().bind))?;
    // Said only once the address is ours: a failed bind must not look like a running server.
    eprintln!(
        "mnemo: serving HTTP on http://{} (Ctrl-C to stop)",
        listener.local_addr().unwrap_or(state.config().bind)
    );
    mnemo_server::serve_on(listener, state, shutdown_signal()).await?;
    Ok(ExitCode::SUCCESS)
}

/// The per-tenant record and session services of `serve` and `mcp`: sessions use the [session]
/// settings (and the LLM summarizer if chosen).
pub fn server_services(
    mnemo: &Mnemo,
    settings: &crate::settings::Settings,
) -> anyhow::Result<mnemo_server::Services> {
    let summarizer: Option<std::sync::Arc<dyn mnemo_session::Summarizer>> =
        if settings.session.compaction.summarizer == mnemo_session::SummarizerKind::Llm {
            settings.llm.validate().context("invalid [llm] settings")?;
            let client = mnemo::LlmClient::new(settings.llm.clone())?;
            Some(std::sync::Arc::new(mnemo_session::LlmSummarizer::new(
                client,
            )))
        } else {
            None
        };
    mnemo_server::Services::new(mnemo.clone())
        .with_sessions(settings.session.clone(), summarizer)
        .context("invalid [session] settings")
}

/// Resolves on Ctrl-C or SIGTERM.
async fn shutdown_signal() {
    let ctrl_c = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        let mut term =
            match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
                Ok(s) => s,
                Err(_) => {
                    let _ = ctrl_c.await;
                    return;
                }
            };
        tokio::select! {
            _ = ctrl_c => {}
            _ = term.recv() => {}
        }
    }
    #[cfg(not(unix))]
    {
        let _ = ctrl_c.await;
    }
}
