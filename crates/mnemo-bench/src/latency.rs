//! `mnemo-bench latency` (not built yet: its issue fills this module in).

#[derive(Debug, clap::Args)]
pub struct Args {}

pub fn run(_args: Args) -> anyhow::Result<()> {
    anyhow::bail!("the latency benchmark is not implemented yet")
}
