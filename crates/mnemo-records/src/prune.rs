//! Pruning policies (by age, access count, type, model name; combined with AND; pinned records
//! never match) and explicit deletes, each as a dry run, a soft delete into the archive, or a
//! permanent delete.

use chrono::Duration;
use mnemo::Timestamp;
use mnemo_core::DeleteReport;
use serde::{Deserialize, Serialize};

use crate::model::{Record, RecordType};
use crate::validate::validate_record_id;
use crate::{Error, Records, Result};

/// Which records to prune. Every criterion given must hold; at least one must be given.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct PrunePolicy {
    /// Records whose timestamp is more than this long before now.
    #[serde(default, with = "opt_secs")]
    pub older_than: Option<Duration>,
    /// Records used in a returned context at most this many times.
    pub max_access: Option<u64>,
    /// Records of one of these types.
    #[serde(default)]
    pub types: Vec<RecordType>,
    /// Records made with one of these models (exact name).
    #[serde(default)]
    pub models: Vec<String>,
}

impl PrunePolicy {
    pub fn is_empty(&self) -> bool {
        self.older_than.is_none()
            && self.max_access.is_none()
            && self.types.is_empty()
            && self.models.is_empty()
    }

    /// Whether the policy removes `r` at `now`. Pinned records never match.
    pub fn matches(&self, r: &Record, now: Timestamp) -> bool {
        !r.pinned && self.matches_unpinned(r, now)
    }

    fn matches_unpinned(&self, r: &Record, now: Timestamp) -> bool {
        !self.is_empty()
            && self.older_than.is_none_or(|age| now - r.at > age)
            && self.max_access.is_none_or(|n| r.access_count <= n)
            && (self.types.is_empty() || self.types.contains(&r.record_type))
            && (self.models.is_empty() || r.model.as_ref().is_some_and(|m| self.models.contains(m)))
    }

    /// A one-line description for reports and the audit log.
    pub fn describe(&self) -> String {
        let mut parts = Vec::new();
        if let Some(d) = self.older_than {
            parts.push(format!("older than {}", format_age(d)));
        }
        if let Some(n) = self.max_access {
            parts.push(format!("accessed at most {n} times"));
        }
        if !self.types.is_empty() {
            let t: Vec<&str> = self.types.iter().map(|t| t.as_str()).collect();
            parts.push(format!("type {}", t.join("|")));
        }
        if !self.models.is_empty() {
            parts.push(format!("model {}", self.models.join("|")));
        }
        parts.join(", ")
    }
}

/// An age in its largest whole unit, as `parse_age` reads it (`30d`, `90m`).
pub fn format_age(d: Duration) -> String {
    let secs = d.num_seconds();
    for (unit, n) in [('w', 604_800), ('d', 86_400), ('h', 3_600), ('m', 60)] {
        if secs != 0 && secs % n == 0 {
            return format!("{}{unit}", secs / n);
        }
    }
    format!("{secs}s")
}

/// Parses an age like `30d`, `12h`, `45m`, `90s` or `2w`.
pub fn parse_age(s: &str) -> Result<Duration> {
    let s = s.trim();
    let bad = || {
        Error::InvalidInput(format!(
            "age {s:?} must be a number followed by s, m, h, d or w (e.g. 30d)"
        ))
    };
    let unit = s.chars().last().ok_or_else(bad)?;
    let n: i64 = s[..s.len() - unit.len_utf8()].parse().map_err(|_| bad())?;
    if n < 0 {
        return Err(bad());
    }
    let secs = match unit {
        's' => 1,
        'm' => 60,
        'h' => 3_600,
        'd' => 86_400,
        'w' => 7 * 86_400,
        _ => return Err(bad()),
    };
    n.checked_mul(secs)
        .and_then(Duration::try_seconds)
        .ok_or_else(bad)
}

/// What to do with the records a prune or delete selects.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PruneMode {
    /// List them; change nothing.
    DryRun,
    /// Move them into the archive (restorable) and forget their episodes.
    Archive,
    /// Forget them and their episodes for good.
    Permanent,
}

/// What a prune did (or, in a dry run, would do).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PruneReport {
    pub mode: PruneMode,
    /// The records selected, in id order.
    pub records: Vec<Record>,
    /// Pinned records the policy would otherwise have selected (kept).
    pub pinned_kept: usize,
    /// What left the graph (zero in a dry run).
    pub graph: DeleteReport,
}

impl Records {
    /// Prunes the records `policy` selects. Pinned records are never touched.
    pub async fn prune(&self, policy: &PrunePolicy, mode: PruneMode) -> Result<PruneReport> {
        if policy.is_empty() {
            return Err(Error::InvalidInput(
                "a prune policy needs at least one criterion (age, access count, type or model)"
                    .into(),
            ));
        }
        let now = self.now();
        let all = self.all().await?;
        let pinned_kept = all
            .iter()
            .filter(|r| r.pinned && policy.matches_unpinned(r, now))
            .count();
        let records: Vec<Record> = all.into_iter().filter(|r| policy.matches(r, now)).collect();
        let graph = match mode {
            PruneMode::DryRun => DeleteReport::default(),
            _ => {
                let detail = format!("prune: {}", policy.describe());
                self.remove(&records, mode == PruneMode::Permanent, &detail)
                    .await?
            }
        };
        tracing::info!(mode = ?mode, records = records.len(), pinned_kept, "pruned records");
        Ok(PruneReport {
            mode,
            records,
            pinned_kept,
            graph,
        })
    }

    /// Deletes these records (into the archive unless `mode` is `Permanent`). Unknown ids are
    /// `NotFound` and pinned ones `InvalidInput` (unpin first); then nothing is deleted.
    pub async fn delete(&self, ids: &[String], mode: PruneMode) -> Result<PruneReport> {
        ids.iter().try_for_each(|id| validate_record_id(id))?;
        let records = self.get_many(ids).await?;
        if let Some(missing) = ids.iter().find(|id| !records.iter().any(|r| &r.id == *id)) {
            return Err(Error::NotFound(format!("record {missing}")));
        }
        if let Some(p) = records.iter().find(|r| r.pinned) {
            return Err(Error::InvalidInput(format!(
                "record {} is pinned; unpin it before deleting it",
                p.id
            )));
        }
        let graph = match mode {
            PruneMode::DryRun => DeleteReport::default(),
            _ => {
                self.remove(&records, mode == PruneMode::Permanent, "delete")
                    .await?
            }
        };
        Ok(PruneReport {
            mode,
            records,
            pinned_kept: 0,
            graph,
        })
    }
}

/// Durations as whole seconds in JSON.
mod opt_secs {
    use chrono::Duration;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(d: &Option<Duration>, s: S) -> Result<S::Ok, S::Error> {
        match d {
            Some(d) => s.serialize_some(&d.num_seconds()),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Duration>, D::Error> {
        let secs: Option<i64> = Option::deserialize(d)?;
        Ok(secs.and_then(Duration::try_seconds))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn record(id: &str, days_ago: i64, access: u64, t: RecordType, model: Option<&str>) -> Record {
        Record {
            id: id.into(),
            record_type: t,
            at: now() - Duration::days(days_ago),
            user: None,
            model: model.map(str::to_string),
            session: None,
            speaker: None,
            listener: None,
            source: "test".into(),
            tags: vec![],
            pinned: false,
            confidence: 1.0,
            access_count: access,
            last_access: None,
        }
    }

    fn now() -> Timestamp {
        chrono::Utc.with_ymd_and_hms(2026, 1, 31, 12, 0, 0).unwrap()
    }

    #[test]
    fn ages_parse() {
        assert_eq!(parse_age("30d").unwrap(), Duration::days(30));
        assert_eq!(parse_age("2w").unwrap(), Duration::days(14));
        assert_eq!(parse_age("90s").unwrap(), Duration::seconds(90));
        for s in ["30d", "2w", "90s", "36h", "0s"] {
            assert_eq!(format_age(parse_age(s).unwrap()), s);
        }
        for bad in ["", "d", "30", "-3d", "3y", "1.5d", "99999999999999999w"] {
            assert!(parse_age(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn criteria_combine_with_and_and_pins_always_win() {
        let old_rare = record("a", 40, 0, RecordType::Note, Some("llama3"));
        let old_used = record("b", 40, 9, RecordType::Note, Some("llama3"));
        let new_rare = record("c", 1, 0, RecordType::Fact, None);
        let p = PrunePolicy {
            older_than: Some(Duration::days(30)),
            max_access: Some(2),
            ..PrunePolicy::default()
        };
        assert!(p.matches(&old_rare, now()));
        assert!(!p.matches(&old_used, now()));
        assert!(!p.matches(&new_rare, now()));
        let by_model = PrunePolicy {
            models: vec!["llama3".into()],
            ..PrunePolicy::default()
        };
        assert!(by_model.matches(&old_used, now()));
        assert!(
            !by_model.matches(&new_rare, now()),
            "no model never matches a model policy"
        );
        let by_type = PrunePolicy {
            types: vec![RecordType::Fact],
            ..PrunePolicy::default()
        };
        assert!(by_type.matches(&new_rare, now()));
        assert!(!by_type.matches(&old_rare, now()));
        assert!(
            !PrunePolicy::default().matches(&old_rare, now()),
            "empty policy matches nothing"
        );
        for policy in [p, by_model, by_type] {
            for mut r in [old_rare.clone(), old_used.clone(), new_rare.clone()] {
                r.pinned = true;
                assert!(
                    !policy.matches(&r, now()),
                    "pinned {} matched {policy:?}",
                    r.id
                );
            }
        }
    }
}
