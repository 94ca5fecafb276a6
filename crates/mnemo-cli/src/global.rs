//! The global flags, accepted before or after any subcommand: the command line's layer of the
//! settings (`Settings::load` lays them over the config files and the environment). Below both
//! `cli.rs`, which parses them, and `settings.rs`, which applies them.

use std::path::PathBuf;

use clap::{Args, ValueEnum};

#[derive(Debug, Args)]
pub struct GlobalArgs {
    /// A TOML config file, layered over the defaults and config/local.toml.
    #[arg(long, global = true, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// Where the embedded store keeps its files (overrides `data_dir`).
    #[arg(long, global = true, value_name = "DIR")]
    pub data_dir: Option<PathBuf>,
    /// Which store to use (overrides `store.kind`).
    #[arg(long, global = true, value_enum)]
    pub store: Option<StoreKindArg>,
    /// Tenant to read and write (overrides `tenant`).
    #[arg(long, global = true)]
    pub tenant: Option<String>,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum StoreKindArg {
    Embedded,
    Neo4j,
}
