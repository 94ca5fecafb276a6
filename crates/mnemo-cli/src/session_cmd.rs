//! `mnemo session put|get|compact`: chat sessions over the `mnemo-session` crate.

use std::process::ExitCode;

use clap::{Args, Subcommand};
use mnemo::Mnemo;

use crate::settings::Settings;

#[derive(Debug, Args)]
pub struct SessionArgs {
    #[command(subcommand)]
    pub action: SessionAction,
}

#[derive(Debug, Subcommand)]
pub enum SessionAction {
    /// Append a message to a session.
    Put,
    /// Print a session's assembled context.
    Get,
    /// Compact a session's topics.
    Compact,
}

pub async fn run(
    _mnemo: &Mnemo,
    _settings: &Settings,
    args: SessionArgs,
) -> anyhow::Result<ExitCode> {
    anyhow::bail!("mnemo session {:?} is being built", args.action)
}
