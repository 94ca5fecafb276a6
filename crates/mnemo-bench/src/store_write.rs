//! `mnemo-bench store_write` (not built yet: its issue fills this module in).

#[derive(Debug, clap::Args)]
pub struct Args {}

pub fn run(_args: Args) -> anyhow::Result<()> {
    anyhow::bail!("the store_write benchmark is not implemented yet")
}
