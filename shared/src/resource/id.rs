//! Typed ids: a number on the wire and in the store, but in code an id of one kind of record, so
//! a lead's stage id does not type-check where a deal's stage or a pipeline belongs.

use std::marker::PhantomData;

use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The id of a record of kind `R`.
pub struct Id<R> {
    id: u64,
    kind: PhantomData<fn() -> R>,
}

impl<R> Id<R> {
    pub const fn new(id: u64) -> Self {
        Self { id, kind: PhantomData }
    }

    pub const fn get(self) -> u64 {
        self.id
    }
}

impl<R: super::Resource> Id<R> {
    /// `record`'s own id.
    pub fn of(record: &R) -> Self {
        Self::new(record.meta().id)
    }
}

impl<R> From<Id<R>> for u64 {
    fn from(id: Id<R>) -> u64 {
        id.id
    }
}

impl<R> Clone for Id<R> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<R> Copy for Id<R> {}
impl<R> Default for Id<R> {
    fn default() -> Self {
        Self::new(0)
    }
}
impl<R> PartialEq for Id<R> {
    fn eq(&self, other: &Self) -> bool {
        self.id == other.id
    }
}
impl<R> Eq for Id<R> {}
impl<R> PartialOrd for Id<R> {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl<R> Ord for Id<R> {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.id.cmp(&other.id)
    }
}
impl<R> std::hash::Hash for Id<R> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.id.hash(state);
    }
}
impl<R> std::fmt::Debug for Id<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.id.fmt(f)
    }
}
impl<R> std::fmt::Display for Id<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.id.fmt(f)
    }
}

impl<R> Serialize for Id<R> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.id.serialize(serializer)
    }
}

impl<'de, R> Deserialize<'de> for Id<R> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        u64::deserialize(deserializer).map(Self::new)
    }
}

/// Documented as the number it is.
impl<R> JsonSchema for Id<R> {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        u64::schema_name()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        u64::json_schema(generator)
    }

    fn inline_schema() -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Pipeline;

    #[test]
    fn an_id_is_its_number_on_the_wire() {
        let id = Id::<Pipeline>::new(7);
        assert_eq!(serde_json::to_value(id).unwrap(), serde_json::json!(7));
        assert_eq!(
            serde_json::from_value::<Id<Pipeline>>(serde_json::json!(7)).unwrap(),
            id
        );
        assert!(serde_json::from_value::<Id<Pipeline>>(serde_json::json!("7")).is_err());
    }
}
