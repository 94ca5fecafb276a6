//! `mnemo-bench session` (being built).

#[derive(Debug, clap::Args)]
pub struct Args {}

pub fn run(_args: Args) -> anyhow::Result<()> {
    anyhow::bail!("mnemo-bench session is being built")
}
