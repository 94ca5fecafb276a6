//! The `mnemo` command as a library: the only place that picks concrete backends, loads
//! configuration and installs the tracing subscriber. [`main`] is the whole program; the `mnemo`
//! binary (src/main.rs) calls it, and so does the end-to-end suite's copy of the binary (mnemo-tests),
//! which is why it lives in a library. Errors are printed as one line and exit non-zero.

mod backend;
mod cli;
mod commands;
mod global;
mod ingest;
mod output;
mod probe;
mod quickstart;
mod records_cmd;
mod session_cmd;
mod settings;

use std::process::ExitCode;

use clap::Parser;

use crate::cli::{Cli, Command};
use crate::settings::Settings;

/// Exit code when some inputs of a batch failed but the rest was processed.
pub const EXIT_PARTIAL: u8 = 3;

/// Runs the `mnemo` command on the process's arguments: parses them, installs the tracing
/// subscriber, runs the subcommand on a multi-threaded runtime and returns the exit code. Call it
/// once per process (it installs the global subscriber).
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn")),
        )
        .with_writer(std::io::stderr)
        .init();
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: cannot start the async runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(run(cli)) {
        Ok(code) => code,
        Err(e) => {
            // One line: the chain of causes joined, no backtrace.
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}

async fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    if let Command::Probe(args) = &cli.command {
        let timeout = std::time::Duration::from_secs(args.timeout_secs.max(1));
        return probe::run(&args.url, timeout).await;
    }
    let settings = Settings::load(&cli.global)?;
    if let Command::Config = cli.command {
        output::write_all(settings.to_toml()?.as_bytes());
        return Ok(ExitCode::SUCCESS);
    }
    if let Command::Migrate(args) = &cli.command {
        return commands::migrate(&settings, args).await;
    }
    let mnemo = backend::open(&settings, cli.command.read_only()).await?;
    match cli.command {
        Command::Ingest(args) => {
            // One run over many documents: an endpoint refusing every text stops it.
            let mnemo = mnemo.clone().stopping_on_refusal_streaks();
            ingest::run(&mnemo, &settings, args).await
        }
        Command::Remember(args) => commands::remember(&mnemo, args).await,
        Command::Search(args) => commands::search(&mnemo, args).await,
        Command::Stats(args) => commands::stats(&mnemo, args).await,
        Command::Export(args) => commands::export(&mnemo, args).await,
        Command::Quickstart(args) => quickstart::run(&mnemo, args).await,
        Command::Serve(args) => commands::serve(mnemo, &settings, args).await,
        Command::Mcp => {
            let services = commands::server_services(&mnemo, &settings)?;
            mnemo_server::serve_mcp_stdio_with(mnemo, services).await?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Session(args) => session_cmd::run(&mnemo, &settings, args).await,
        Command::Prune(args) => records_cmd::prune(&mnemo, args).await,
        Command::Restore(args) => records_cmd::restore(&mnemo, args).await,
        Command::Import(args) => records_cmd::import(&mnemo, args).await,
        Command::Audit(args) => records_cmd::audit(&mnemo, args).await,
        Command::Record(cmd) => records_cmd::record(&mnemo, cmd).await,
        Command::Config | Command::Migrate(_) | Command::Probe(_) => {
            unreachable!("handled above")
        }
    }
}
