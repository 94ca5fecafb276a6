//! The entity knowledge store's ranking: frequency with recency decay,
//! `ln(1 + mentions) * 0.5^(age / half_life)`, most important first.

use std::collections::HashSet;

use mnemo_core::{Entity, EntityKey, Timestamp};
use serde::Serialize;

/// Importance of an entity mentioned `mentions` times, last at `last_seen`, seen from `now`.
/// A last mention in the future (clock skew) counts as now.
pub fn importance(mentions: u64, last_seen: Timestamp, now: Timestamp, half_life_days: f64) -> f64 {
    let age_days = (now - last_seen).num_seconds().max(0) as f64 / 86_400.0;
    let decay = 0.5f64.powf(age_days / half_life_days.max(f64::MIN_POSITIVE));
    (1.0 + mentions as f64).ln() * decay
}

/// An entity with its importance score.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RankedEntity {
    pub key: EntityKey,
    pub name: String,
    #[serde(rename = "type")]
    pub entity_type: String,
    pub mentions: u64,
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = DateTime))]
    pub last_seen: Timestamp,
    pub score: f64,
}

impl RankedEntity {
    pub fn new(e: &Entity, now: Timestamp, half_life_days: f64) -> Self {
        RankedEntity {
            key: e.key.clone(),
            name: e.name.clone(),
            entity_type: e.entity_type.as_str().to_string(),
            mentions: e.mentions,
            last_seen: e.last_seen,
            score: importance(e.mentions, e.last_seen, now, half_life_days),
        }
    }
}

/// Ranks entities by importance, most important first; ties go to more mentions, then more
/// recent, then key order. Duplicate keys are kept once. (memary sorts counts ascending and so
/// injects the least frequent entities; this is the opposite on purpose.)
pub fn rank_entities(
    candidates: &[Entity],
    now: Timestamp,
    half_life_days: f64,
    limit: usize,
) -> Vec<RankedEntity> {
    let mut seen = HashSet::new();
    let mut ranked: Vec<RankedEntity> = candidates
        .iter()
        .filter(|e| seen.insert(&e.key))
        .map(|e| RankedEntity::new(e, now, half_life_days))
        .collect();
    ranked.sort_by(|a, b| {
        b.score
            .total_cmp(&a.score)
            .then(b.mentions.cmp(&a.mentions))
            .then(b.last_seen.cmp(&a.last_seen))
            .then(a.key.cmp(&b.key))
    });
    ranked.truncate(limit);
    ranked
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{Duration, TimeZone, Utc};
    use mnemo_core::EntityType;

    fn at(days_ago: i64) -> Timestamp {
        now() - Duration::days(days_ago)
    }

    fn now() -> Timestamp {
        Utc.with_ymd_and_hms(2026, 6, 1, 12, 0, 0)
            .single()
            .expect("valid date")
    }

    fn entity(name: &str, mentions: u64, last_seen: Timestamp) -> Entity {
        Entity {
            key: EntityKey::from_name(name).expect("name"),
            name: name.to_string(),
            entity_type: EntityType::Person,
            aliases: Vec::new(),
            mentions,
            first_seen: last_seen - Duration::days(400),
            last_seen,
        }
    }

    #[test]
    fn importance_decays_by_half_each_half_life() {
        let fresh = importance(9, at(0), now(), 30.0);
        assert!((fresh - 10f64.ln()).abs() < 1e-9);
        assert!((importance(9, at(30), now(), 30.0) - fresh / 2.0).abs() < 1e-9);
        assert!((importance(9, at(60), now(), 30.0) - fresh / 4.0).abs() < 1e-9);
        // Future timestamps do not inflate the score.
        assert_eq!(importance(9, now() + Duration::days(5), now(), 30.0), fresh);
        assert_eq!(importance(0, at(0), now(), 30.0), 0.0);
    }

    #[test]
    fn frequent_and_recent_outrank_rare_and_stale() {
        let entities = vec![
            entity("Rare Stale", 1, at(200)),
            entity("Rare Fresh", 1, at(0)),
            entity("Frequent Stale", 50, at(200)),
            entity("Frequent Fresh", 50, at(1)),
            entity("Middling", 8, at(10)),
        ];
        let ranked = rank_entities(&entities, now(), 30.0, 10);
        let names: Vec<&str> = ranked.iter().map(|r| r.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "Frequent Fresh",
                "Middling",
                "Rare Fresh",
                "Frequent Stale",
                "Rare Stale"
            ]
        );
        // The opposite of memary: the least frequent entity is never injected first.
        assert_ne!(
            ranked[0].mentions,
            entities.iter().map(|e| e.mentions).min().unwrap_or(0)
        );
        assert_eq!(rank_entities(&entities, now(), 30.0, 2).len(), 2);
    }

    #[test]
    fn ties_break_deterministically() {
        let t = at(3);
        let a = vec![
            entity("Bravo", 4, t),
            entity("Alpha", 4, t),
            entity("Alpha", 4, t),
        ];
        let ranked = rank_entities(&a, now(), 30.0, 10);
        let names: Vec<&str> = ranked.iter().map(|r| r.name.as_str()).collect();
        assert_eq!(names, ["Alpha", "Bravo"]);
    }
}
