//! Entity resolution against the store: names in new text that refer to entities already known
//! (a surname, a title plus surname, an alias) are mapped onto the stored entity's key.

use mnemo_extract::Extraction;

use crate::{Mnemo, Result};

impl Mnemo {
    /// Rewrites `extraction` so that its entities reuse stored keys where the store supports it.
    /// Being built: currently leaves the extraction as it is.
    pub(crate) async fn resolve_with_store(&self, extraction: &mut Extraction) -> Result<()> {
        let _ = extraction;
        Ok(())
    }
}
