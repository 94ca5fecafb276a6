//! OpenAPI schemas (feature `openapi`) of the core types that serialise as something other than
//! their Rust shape: keys and relationship types are plain strings on the wire.

use utoipa::openapi::{ObjectBuilder, RefOr, Schema, Type};
use utoipa::{PartialSchema, ToSchema};

use crate::{EntityKey, RelType};

fn string(description: &str, pattern: Option<&str>) -> RefOr<Schema> {
    let mut b = ObjectBuilder::new()
        .schema_type(Type::String)
        .description(Some(description));
    if let Some(p) = pattern {
        b = b.pattern(Some(p));
    }
    b.into()
}

impl PartialSchema for EntityKey {
    fn schema() -> RefOr<Schema> {
        string(
            "Canonical key of an entity (its name lower-cased, punctuation and spacing folded), \
             unique per tenant",
            None,
        )
    }
}

impl ToSchema for EntityKey {}

impl PartialSchema for RelType {
    fn schema() -> RefOr<Schema> {
        string(
            "Relationship type: the predicate in UPPER_SNAKE_CASE",
            Some("^[A-Z][A-Z0-9_]{0,63}$"),
        )
    }
}

impl ToSchema for RelType {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_and_types_are_strings_and_the_pattern_matches_the_whitelist() {
        let key = serde_json::to_value(EntityKey::schema()).unwrap();
        assert_eq!(key["type"], "string");
        let rel = serde_json::to_value(RelType::schema()).unwrap();
        assert_eq!(rel["type"], "string");
        assert_eq!(rel["pattern"], "^[A-Z][A-Z0-9_]{0,63}$");
        assert_eq!(<EntityKey as ToSchema>::name(), "EntityKey");
    }
}
