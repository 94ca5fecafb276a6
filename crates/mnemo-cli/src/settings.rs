//! Effective configuration: embedded defaults < ./config/local.toml < --config FILE <
//! MNEMO__SECTION__KEY environment variables < command-line flags. Validated once at start.

use std::fmt;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use mnemo::sources::SourceOptions;
use mnemo::{SearchConfig, Tenant};
use serde::{Deserialize, Serialize, Serializer};

use crate::global::{GlobalArgs, StoreKindArg};

const DEFAULTS: &str = include_str!("../../../config/default.toml");

/// A secret: never shown by Debug or when the config is printed.
#[derive(Clone, Default, Deserialize)]
#[serde(transparent)]
pub struct Secret(String);

impl Secret {
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.0.is_empty() {
            "\"\""
        } else {
            "\"****\""
        })
    }
}

impl Serialize for Secret {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(if self.0.is_empty() { "" } else { "****" })
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum StoreKind {
    Embedded,
    Neo4j,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Neo4jSettings {
    pub uri: String,
    pub user: String,
    pub password: Secret,
    pub database: String,
    pub max_connections: usize,
    pub connection_timeout_secs: u64,
    /// Wall-clock bound on each store call, in seconds (see `Neo4jConfig::request_timeout_secs`).
    pub request_timeout_secs: u64,
    /// How long search reads (counts, episodes, entities) may be reused, in milliseconds.
    pub read_cache_ms: u64,
}

/// Settings of the embedded store (`[store.embedded]`).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct EmbeddedSettings {
    /// See `mnemo_store::EmbeddedOptions::texts_in_memory`.
    pub texts_in_memory: bool,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct StoreSettings {
    pub kind: StoreKind,
    pub embedded: EmbeddedSettings,
    pub neo4j: Neo4jSettings,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ExtractSettings {
    pub kind: String,
    pub chunk_tokens: usize,
    pub chunk_overlap: usize,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Settings {
    pub data_dir: PathBuf,
    pub tenant: String,
    pub store: StoreSettings,
    pub extract: ExtractSettings,
    pub ingest: SourceOptions,
    pub search: SearchConfig,
    #[serde(default)]
    pub llm: mnemo::LlmConfig,
    #[serde(default)]
    pub server: mnemo_server::ServerConfig,
    /// Chat sessions (`mnemo session`): FIFO limits, memory blocks, compaction. See docs/session.md.
    #[serde(default)]
    pub session: mnemo_session::SessionConfig,
}

impl Settings {
    /// Loads and validates the effective settings.
    pub fn load(global: &GlobalArgs) -> anyhow::Result<Settings> {
        Self::load_from(global, Path::new("config/local.toml"))
    }

    fn load_from(global: &GlobalArgs, local: &Path) -> anyhow::Result<Settings> {
        use config::{Config, Environment, File, FileFormat};
        let mut builder = Config::builder().add_source(File::from_str(DEFAULTS, FileFormat::Toml));
        if local.is_file() {
            builder = builder.add_source(File::from(local).format(FileFormat::Toml));
        }
        if let Some(path) = &global.config {
            if !path.is_file() {
                bail!("config file {} does not exist", path.display());
            }
            builder = builder.add_source(File::from(path.as_path()).format(FileFormat::Toml));
        }
        builder = builder.add_source(
            Environment::with_prefix("MNEMO")
                .prefix_separator("__")
                .separator("__")
                .try_parsing(true)
                .list_separator(",")
                // Lists given in one variable, comma-separated (so a glob cannot use `{a,b}`
                // there; give two patterns instead).
                .with_list_parse_key("ingest.extensions")
                .with_list_parse_key("ingest.include")
                .with_list_parse_key("ingest.exclude"),
        );
        let mut s: Settings = builder
            .build()
            .context("reading configuration")?
            .try_deserialize()
            .context("invalid configuration")?;
        if let Some(d) = &global.data_dir {
            s.data_dir = d.clone();
        }
        if let Some(k) = global.store {
            s.store.kind = match k {
                StoreKindArg::Embedded => StoreKind::Embedded,
                StoreKindArg::Neo4j => StoreKind::Neo4j,
            };
        }
        if let Some(t) = &global.tenant {
            s.tenant = t.clone();
        }
        s.validate()?;
        Ok(s)
    }

    fn validate(&self) -> anyhow::Result<()> {
        Tenant::new(self.tenant.clone()).context("invalid `tenant`")?;
        match self.extract.kind.as_str() {
            "rules" => {}
            "llm" | "hybrid" => self.llm.validate().context("invalid [llm] settings")?,
            other => bail!(
                "extract.kind = {other:?} is not available (supported: \"rules\", \"llm\", \"hybrid\")"
            ),
        }
        if self.extract.chunk_tokens < 16 {
            bail!("extract.chunk_tokens must be at least 16");
        }
        if self.extract.chunk_overlap >= self.extract.chunk_tokens {
            bail!("extract.chunk_overlap must be smaller than extract.chunk_tokens");
        }
        if self.search.budget_tokens == 0 {
            bail!("search.budget_tokens must be > 0");
        }
        // Every search would fail on a bad [search] table: say so once, at start.
        self.search
            .validate()
            .context("invalid [search] settings")?;
        if self.data_dir.as_os_str().is_empty() {
            bail!("data_dir must not be empty");
        }
        Ok(())
    }

    pub fn tenant(&self) -> Tenant {
        // Validated in `load`.
        Tenant::new(self.tenant.clone()).unwrap_or_default()
    }

    /// The configuration as TOML, secrets masked.
    pub fn to_toml(&self) -> anyhow::Result<String> {
        Ok(toml::to_string_pretty(self)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn no_flags() -> GlobalArgs {
        GlobalArgs {
            config: None,
            data_dir: None,
            store: None,
            tenant: None,
        }
    }

    #[test]
    fn layers_defaults_file_and_flags_and_masks_secrets() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("my.toml");
        std::fs::write(
            &file,
            "tenant = \"acme\"\n[store.neo4j]\npassword = \"hunter2\"\n[search]\nbudget_tokens = 321\n",
        )
        .unwrap();
        let mut flags = no_flags();
        flags.config = Some(file);
        flags.data_dir = Some(dir.path().join("data"));
        let s = Settings::load_from(&flags, Path::new("/nonexistent/local.toml")).unwrap();
        assert_eq!(s.tenant, "acme");
        assert_eq!(s.search.budget_tokens, 321);
        assert_eq!(s.data_dir, dir.path().join("data"));
        assert_eq!(s.store.kind, StoreKind::Embedded);
        assert_eq!(s.store.neo4j.password.expose(), "hunter2");
        let shown = s.to_toml().unwrap();
        assert!(!shown.contains("hunter2") && shown.contains("****"));
        assert!(!format!("{s:?}").contains("hunter2"));
    }

    #[test]
    fn the_shipped_defaults_are_the_code_defaults() {
        // config/default.toml documents the search settings; it must not drift from the code.
        let s = Settings::load_from(&no_flags(), Path::new("/nonexistent/local.toml")).unwrap();
        assert_eq!(s.search, mnemo::SearchConfig::default());
    }

    #[test]
    fn the_shipped_llm_defaults_are_the_code_defaults() {
        // config/default.toml documents the [llm] settings (retries, call bound, confidence
        // floor); it must not drift from LlmConfig::default().
        let s = Settings::load_from(&no_flags(), Path::new("/nonexistent/local.toml")).unwrap();
        assert_eq!(s.llm, mnemo::LlmConfig::default());
    }

    #[test]
    fn a_validity_family_can_be_replaced_and_a_bad_one_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("families.toml");
        std::fs::write(
            &file,
            "[search.validity.families]\nresidence = [\"LIVES_IN\", \"STAYS_IN\"]\n",
        )
        .unwrap();
        let mut flags = no_flags();
        flags.config = Some(file.clone());
        let s = Settings::load_from(&flags, Path::new("/nonexistent")).unwrap();
        let families = &s.search.validity.families;
        assert_eq!(families["residence"], ["LIVES_IN", "STAYS_IN"]);
        // The other families keep their defaults.
        assert_eq!(
            families["employer"],
            mnemo::SearchConfig::default().validity.families["employer"]
        );
        std::fs::write(
            &file,
            "[search.validity.families]\nresidence = [\"lives in') DELETE n\"]\n",
        )
        .unwrap();
        let e = Settings::load_from(&flags, Path::new("/nonexistent")).unwrap_err();
        assert!(
            format!("{e:#}").contains("not a relationship type"),
            "{e:#}"
        );
    }

    #[test]
    fn rejects_bad_values_with_a_clear_message() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("bad.toml");
        std::fs::write(&file, "tenant = \"a b\"\n").unwrap();
        let mut flags = no_flags();
        flags.config = Some(file);
        let e = Settings::load_from(&flags, Path::new("/nonexistent")).unwrap_err();
        assert!(format!("{e:#}").contains("tenant"), "{e:#}");
        flags.config = Some(dir.path().join("missing.toml"));
        let e = Settings::load_from(&flags, Path::new("/nonexistent")).unwrap_err();
        assert!(e.to_string().contains("does not exist"));
    }
}
