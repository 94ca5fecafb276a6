//! Accent folding for the name indexes: "zoë" is also indexed as "zoe", so a query typed without
//! accents still finds the entity. Canonical keys keep their accents (`mnemo_core::canonical_key`
//! does not fold them); folding only adds index terms, always derived from a canonical key, so a
//! folded term is itself canonical and what a plain query's n-gram folds to.

/// `key` (canonical: lower-case) with Latin diacritics removed, or None when nothing changes.
/// Covers Latin-1 and Latin Extended-A lower-case letters, the accented letters of European names.
pub(crate) fn fold_accents(key: &str) -> Option<String> {
    if key.is_ascii() {
        return None;
    }
    let mut out = String::with_capacity(key.len());
    let mut changed = false;
    for c in key.chars() {
        match base_of(c) {
            Some(base) => {
                out.push_str(base);
                changed = true;
            }
            None => out.push(c),
        }
    }
    changed.then_some(out)
}

fn base_of(c: char) -> Option<&'static str> {
    Some(match c {
        'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' | 'ā' | 'ă' | 'ą' => "a",
        'æ' => "ae",
        'ç' | 'ć' | 'ĉ' | 'ċ' | 'č' => "c",
        'ď' | 'đ' | 'ð' => "d",
        'è' | 'é' | 'ê' | 'ë' | 'ē' | 'ĕ' | 'ė' | 'ę' | 'ě' => "e",
        'ĝ' | 'ğ' | 'ġ' | 'ģ' => "g",
        'ĥ' | 'ħ' => "h",
        'ì' | 'í' | 'î' | 'ï' | 'ĩ' | 'ī' | 'ĭ' | 'į' | 'ı' => "i",
        'ĵ' => "j",
        'ķ' => "k",
        'ĺ' | 'ļ' | 'ľ' | 'ŀ' | 'ł' => "l",
        'ñ' | 'ń' | 'ņ' | 'ň' => "n",
        'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' | 'ō' | 'ŏ' | 'ő' => "o",
        'œ' => "oe",
        'ŕ' | 'ŗ' | 'ř' => "r",
        'ś' | 'ŝ' | 'ş' | 'š' => "s",
        'ß' => "ss",
        'ţ' | 'ť' | 'ŧ' => "t",
        'ù' | 'ú' | 'û' | 'ü' | 'ũ' | 'ū' | 'ŭ' | 'ů' | 'ű' | 'ų' => "u",
        'ŵ' => "w",
        'ý' | 'ÿ' | 'ŷ' => "y",
        'ź' | 'ż' | 'ž' => "z",
        'þ' => "th",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::fold_accents;
    use mnemo_core::canonical_key;

    #[test]
    fn folds_latin_accents_into_canonical_terms() {
        assert_eq!(fold_accents("zoë"), Some("zoe".to_string()));
        assert_eq!(fold_accents("zoe"), None);
        assert_eq!(fold_accents("東京"), None);
        assert_eq!(
            fold_accents("łódź straße"),
            Some("lodz strasse".to_string())
        );
        for key in ["zoë", "josé núñez", "ångström 2", "dvořák"] {
            let folded = fold_accents(key).expect("changes");
            assert_eq!(
                canonical_key(&folded),
                folded,
                "folded terms stay canonical"
            );
        }
    }

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
