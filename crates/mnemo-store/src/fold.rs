//! Accent folding for the name indexes: `mnemo_core::fold_accents`, kept in mnemo-core because
//! ingest planning (`mnemo`) must index planned names exactly as this store does.

pub(crate) use mnemo_core::fold_accents;

#[cfg(test)]
mod tests {
    #[test]
    fn an_accented_name_is_found_without_its_accents() {
        use crate::graph::{Attrs, TenantGraph};
        use mnemo_core::{EntityKey, EntityType};
        let mut g = TenantGraph::default();
        let attrs = Attrs {
            name: "Zoë Dvořák".into(),
            etype: EntityType::Person,
            aliases: vec!["Zoë D.".into()],
        };
        g.add_entity(&EntityKey::from_name("Zoë Dvořák").expect("key"), &attrs);
        for asked in ["zoe dvorak", "Zoe Dvorak", "zoë dvořák", "zoe d"] {
            let found = g.lookup_names(&[asked.to_string()]);
            assert_eq!(found.len(), 1, "{asked}");
            assert_eq!(found[0].1.name, "Zoë Dvořák");
        }
        assert_eq!(g.find_by_tokens(&["Zoe".to_string()], 10).len(), 1);
        assert!(g.lookup_names(&["zoey dvorak".to_string()]).is_empty());
    }
}
