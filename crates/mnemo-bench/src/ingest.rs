//! `mnemo-bench ingest` (being built).

#[derive(Debug, clap::Args)]
pub struct Args {}

pub fn run(_args: Args) -> anyhow::Result<()> {
    anyhow::bail!("mnemo-bench ingest is being built")
}
