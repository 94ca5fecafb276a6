//! Accent folding for the name indexes of the stores (and the ingest overlay that stands in for them): "zoë" is also indexed as "zoe", so a query typed without
//! accents still finds the entity. Canonical keys keep their accents (`canonical_key`
//! does not fold them); folding only adds index terms, always derived from a canonical key, so a
//! folded term is itself canonical and what a plain query's n-gram folds to.

/// `key` (canonical: lower-case) with Latin diacritics removed, or None when nothing changes.
/// Covers Latin-1 and Latin Extended-A lower-case letters, the accented letters of European names.
pub fn fold_accents(key: &str) -> Option<String> {
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
    use crate::canonical_key;

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
}
