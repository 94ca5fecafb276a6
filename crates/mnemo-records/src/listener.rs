//! Who a turn sent without a listener is said to: the session's other participant, when the turns
//! just before it have exactly one. "You" and "your" then resolve to that person, as they do when
//! the caller names the listener.

use mnemo_core::{canonical_key, Timestamp};

use crate::{Records, Result};

/// Turns of the session read before the new one (newest first): a two-person conversation names
/// both speakers within a few turns.
pub const LISTENER_TURNS: usize = 8;

impl Records {
    /// The other participant of `session` before `at`, seen from `speaker`: the one speaker or
    /// listener of its `LISTENER_TURNS` latest earlier records who is not `speaker` (compared by
    /// canonical key), or None when there is none or more than one.
    pub(crate) async fn session_listener(
        &self,
        session: &str,
        speaker: &str,
        at: Timestamp,
    ) -> Result<Option<String>> {
        // The new turn has no id yet: records of the same time count as earlier.
        let ids = self
            .earlier_in_session(session, at, "", LISTENER_TURNS)
            .await?;
        if ids.is_empty() {
            return Ok(None);
        }
        let me = canonical_key(speaker);
        let mut others: Vec<(String, &str)> = Vec::new();
        let records = self.get_many(&ids).await?;
        for r in &records {
            for name in [&r.speaker, &r.listener].into_iter().flatten() {
                let key = canonical_key(name);
                if !key.is_empty() && key != me && !others.iter().any(|(k, _)| *k == key) {
                    others.push((key, name));
                }
            }
        }
        Ok(match others.as_slice() {
            [(_, name)] => Some(name.to_string()),
            _ => None,
        })
    }
}
