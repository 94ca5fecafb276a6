//! Memory-record subcommands: prune, restore, import, audit and `record show|list|pin|unpin|link|
//! delete|archived`. Changes are audited as "cli:$USER".

use std::process::ExitCode;

use anyhow::{bail, Context};
use mnemo::Mnemo;
use mnemo_records::{
    parse_age, ImportFormat, PruneMode, PrunePolicy, PruneReport, Record, RecordType, Records,
};

use mnemo_server::{RecordDetail, RestoreView};

use crate::cli::{
    ImportArgs, ImportFormatArg, JsonFlag, PruneArgs, RecordCommand, RecordDeleteArgs, RestoreArgs,
};
use crate::output::outln;
use crate::EXIT_PARTIAL;

/// The records of the CLI's tenant, audited as the user running the CLI.
pub fn records(mnemo: &Mnemo) -> Records {
    let actor = match std::env::var("USER") {
        Ok(u) if !u.trim().is_empty() => format!("cli:{}", u.trim()),
        _ => "cli".to_string(),
    };
    Records::new(mnemo.clone()).with_actor(actor)
}

pub async fn prune(mnemo: &Mnemo, args: PruneArgs) -> anyhow::Result<ExitCode> {
    if args.permanent && args.dry_run {
        bail!("--dry-run and --permanent exclude each other: a dry run deletes nothing");
    }
    let policy = PrunePolicy {
        older_than: args
            .older_than
            .as_deref()
            .map(parse_age)
            .transpose()
            .context("--older-than")?,
        max_access: args.max_access,
        types: args
            .types
            .iter()
            .map(|t| t.parse::<RecordType>())
            .collect::<Result<_, _>>()?,
        models: args.models,
    };
    if policy.is_empty() {
        bail!("say what to prune: --older-than, --max-access, --type or --model");
    }
    let mode = if args.dry_run {
        PruneMode::DryRun
    } else if args.permanent {
        PruneMode::Permanent
    } else {
        PruneMode::Archive
    };
    let report = records(mnemo).prune(&policy, mode).await?;
    print_report(&report, args.json)?;
    Ok(ExitCode::SUCCESS)
}

fn print_report(report: &PruneReport, json: bool) -> anyhow::Result<()> {
    if json {
        // The same answer as HTTP and MCP give.
        let view = mnemo_server::PruneView::from(report.clone());
        outln!("{}", serde_json::to_string_pretty(&view)?);
        return Ok(());
    }
    let n = report.records.len();
    let what = match report.mode {
        PruneMode::DryRun => format!("dry run: {n} record(s) would be archived"),
        PruneMode::Archive => {
            format!("archived {n} record(s) (`mnemo restore ID` brings one back)")
        }
        PruneMode::Permanent => format!("deleted {n} record(s) for good"),
    };
    if report.pinned_kept > 0 {
        outln!("{what}; {} pinned record(s) kept", report.pinned_kept);
    } else {
        outln!("{what}");
    }
    for r in &report.records {
        outln!("  {}", summary(r));
    }
    if report.mode != PruneMode::DryRun {
        let g = &report.graph;
        outln!(
            "graph: {} episode(s), {} entities and {} fact(s) removed",
            g.episodes,
            g.entities,
            g.facts
        );
    }
    Ok(())
}

fn summary(r: &Record) -> String {
    let mut s = format!(
        "{}  {}  {}  accessed {}",
        r.id,
        r.record_type,
        r.at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
        r.access_count
    );
    if let Some(m) = &r.model {
        s.push_str(&format!("  model {m}"));
    }
    if let Some(sess) = &r.session {
        s.push_str(&format!("  session {sess}"));
    }
    if !r.tags.is_empty() {
        s.push_str(&format!("  tags {}", r.tags.join(",")));
    }
    if r.pinned {
        s.push_str("  pinned");
    }
    s
}

pub async fn restore(mnemo: &Mnemo, args: RestoreArgs) -> anyhow::Result<ExitCode> {
    let report = records(mnemo).restore(&args.ids).await?;
    if args.json {
        outln!(
            "{}",
            serde_json::to_string_pretty(&RestoreView::from(report.clone()))?
        );
    } else {
        for id in &report.restored {
            outln!("restored {id}");
        }
    }
    for (id, reason) in &report.failed {
        eprintln!("cannot restore {id}: {reason}");
    }
    Ok(partial(report.failed.is_empty()))
}

pub async fn import(mnemo: &Mnemo, args: ImportArgs) -> anyhow::Result<ExitCode> {
    let format = match args.format {
        ImportFormatArg::OllamaAgents => ImportFormat::OllamaAgents,
        ImportFormatArg::RlmMem => ImportFormat::RlmMem,
    };
    let report = records(mnemo).import(&args.path, format).await?;
    if args.json {
        outln!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        outln!(
            "{} file(s): {} imported, {} already present, {} failed, {} link(s) made",
            report.files,
            report.imported.len(),
            report.already_present.len(),
            report.failed.len(),
            report.links
        );
    }
    for f in &report.failed {
        eprintln!("skipped {}: {}", f.path.display(), f.reason);
    }
    Ok(partial(report.failed.is_empty()))
}

pub async fn audit(mnemo: &Mnemo, args: JsonFlag) -> anyhow::Result<ExitCode> {
    let entries = records(mnemo).audit_all().await?;
    if args.json {
        outln!("{}", serde_json::to_string_pretty(&entries)?);
        return Ok(ExitCode::SUCCESS);
    }
    for e in &entries {
        let detail = e
            .detail
            .as_deref()
            .map(|d| format!("  ({d})"))
            .unwrap_or_default();
        outln!(
            "{}  {}  {}  {}{}",
            e.at.to_rfc3339_opts(chrono::SecondsFormat::Millis, true),
            e.actor,
            e.action.as_str(),
            e.ids.join(","),
            detail
        );
    }
    Ok(ExitCode::SUCCESS)
}

pub async fn record(mnemo: &Mnemo, cmd: RecordCommand) -> anyhow::Result<ExitCode> {
    let rec = records(mnemo);
    match cmd {
        RecordCommand::Show(a) => {
            let Some(r) = rec.get(&a.id).await? else {
                bail!("no record {}", a.id);
            };
            let links = rec.links(&a.id, 1000).await?;
            if a.json {
                let v = RecordDetail { record: r, links };
                outln!("{}", serde_json::to_string_pretty(&v)?);
            } else {
                outln!("{}", summary(&r));
                for l in links {
                    let dir = if l.incoming { "<-" } else { "->" };
                    outln!("  {dir} {} {}", l.kind, l.target);
                }
            }
        }
        RecordCommand::List(a) => {
            let list = rec.list(a.after.as_deref(), a.limit).await?;
            print_records(&list, a.json)?;
        }
        RecordCommand::Archived(a) => {
            let list = rec.list_archived(a.after.as_deref(), a.limit).await?;
            if a.json {
                outln!("{}", serde_json::to_string_pretty(&list)?);
            } else {
                for x in list {
                    outln!(
                        "{}  archived {}  ({})",
                        summary(&x.record),
                        x.archived_at,
                        x.reason
                    );
                }
            }
        }
        RecordCommand::Pin(a) => pin(&rec, &a.id, true, a.json).await?,
        RecordCommand::Unpin(a) => pin(&rec, &a.id, false, a.json).await?,
        RecordCommand::Link(a) => {
            let kind = a.kind.parse()?;
            if rec.link(&a.from, kind, &a.to).await? {
                outln!("linked {} {} {}", a.from, kind, a.to);
            } else {
                outln!("{} {} {} was already linked", a.from, kind, a.to);
            }
        }
        RecordCommand::Delete(RecordDeleteArgs {
            ids,
            permanent,
            json,
        }) => {
            let mode = if permanent {
                PruneMode::Permanent
            } else {
                PruneMode::Archive
            };
            let report = rec.delete(&ids, mode).await?;
            print_report(&report, json)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

async fn pin(rec: &Records, id: &str, pinned: bool, json: bool) -> anyhow::Result<()> {
    let r = rec.set_pinned(id, pinned).await?;
    if json {
        outln!("{}", serde_json::to_string_pretty(&r)?);
    } else {
        outln!("{} {id}", if pinned { "pinned" } else { "unpinned" });
    }
    Ok(())
}

fn print_records(list: &[Record], json: bool) -> anyhow::Result<()> {
    if json {
        outln!("{}", serde_json::to_string_pretty(list)?);
    } else {
        for r in list {
            outln!("{}", summary(r));
        }
    }
    Ok(())
}

fn partial(ok: bool) -> ExitCode {
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(EXIT_PARTIAL)
    }
}
