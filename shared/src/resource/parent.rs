//! The record a child lives in (a lead's task, a project's file, a task's comment), named by the
//! parent's kind and id rather than by a module's own enum, so activity, comments and files are
//! written once for any parent ([`files`](super::files) holds the shared file records).
//!
//! A child's module declares which kinds of parent it may have ([`Parents`]); the child stores one
//! [`ParentRef`], written in bodies and answers as the parent's id field (`"lead_id": 3`), kept in
//! the child's `parent` index (one query lists a parent's children) and declared as a reference
//! ([`cascade_from`], [`restricted_by`]) so the layer handles the parent's delete.

use std::marker::PhantomData;

use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};
use serde::de::Error as _;
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::index::{self, Filter, IndexValue};
use super::{Cx, Ref, Resource};
use crate::http::ApiError;

/// The index filter every child keeps its parent in.
pub const PARENT_FILTER: &str = "parent";

/// A kind of record children live in, and the field that names one (`lead_id`).
pub struct ParentKind {
    pub kind: &'static str,
    /// What a person calls one ([`Resource::NAME`]), for the field's description.
    pub name: &'static str,
    pub field: &'static str,
}

impl ParentKind {
    pub const fn of<R: Resource>(field: &'static str) -> Self {
        Self {
            kind: R::KIND,
            name: R::NAME,
            field,
        }
    }
}

/// The kinds of parent one kind of child may live in, as its module declares them.
pub trait Parents: Clone + std::fmt::Debug + Send + Sync + 'static {
    const ALL: &'static [ParentKind];
}

/// The parent of a child: which of `S`'s kinds, and its id.
pub struct ParentRef<S> {
    /// Position of the parent's kind in `S::ALL`.
    which: usize,
    pub id: u64,
    set: PhantomData<S>,
}

impl<S> Clone for ParentRef<S> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<S> Copy for ParentRef<S> {}
impl<S> PartialEq for ParentRef<S> {
    fn eq(&self, other: &Self) -> bool {
        (self.which, self.id) == (other.which, other.id)
    }
}
impl<S> Eq for ParentRef<S> {}

impl<S: Parents> std::fmt::Debug for ParentRef<S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}={}", self.kind().field, self.id)
    }
}

impl<S: Parents> ParentRef<S> {
    /// Record `id` of the `which`-th kind of `S::ALL`.
    pub const fn new(which: usize, id: u64) -> Self {
        Self {
            which,
            id,
            set: PhantomData,
        }
    }

    /// Record `id` of `S`'s only kind.
    pub const fn only(id: u64) -> Self {
        Self::new(0, id)
    }

    pub fn kind(&self) -> &'static ParentKind {
        &S::ALL[self.which]
    }

    /// The parent's id when it is of the `which`-th kind.
    pub fn id_if(&self, which: usize) -> Option<u64> {
        (self.which == which).then_some(self.id)
    }

    /// The value of the children's `parent` index: kind and id, so a lead and a deal of the same
    /// id hold different children.
    pub fn index_value(&self) -> IndexValue {
        IndexValue::text(&format!("{}-{}", self.kind().kind, self.id))
    }
}

impl<S: Parents> Serialize for ParentRef<S> {
    fn serialize<Z: Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        let mut map = serializer.serialize_map(Some(1))?;
        map.serialize_entry(self.kind().field, &self.id)?;
        map.end()
    }
}

/// Read from a flattened record: the first field of `S`'s kinds it holds.
impl<'de, S: Parents> Deserialize<'de> for ParentRef<S> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let map = serde_json::Map::<String, serde_json::Value>::deserialize(deserializer)?;
        S::ALL
            .iter()
            .enumerate()
            .find_map(|(which, kind)| map.get(kind.field)?.as_u64().map(|id| Self::new(which, id)))
            .ok_or_else(|| D::Error::missing_field(S::ALL[0].field))
    }
}

/// `{"lead_id": 3}` or `{"deal_id": 3}`: one object per kind, exactly one of them.
impl<S: Parents> JsonSchema for ParentRef<S> {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        let fields: Vec<&str> = S::ALL.iter().map(|k| k.field).collect();
        format!("Parent_{}", fields.join("_or_")).into()
    }

    /// One kind: its field, required. Several: each field optional, the "exactly one" rule in
    /// their descriptions, not a `oneOf` beside the child's own properties (which generated
    /// clients drop: openapi-generator keeps only the branch).
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        let id = json_schema!({"type": "integer", "format": "int64", "minimum": 1});
        match S::ALL {
            [only] => json_schema!({
                "type": "object",
                "properties": {only.field: id},
                "required": [only.field],
            }),
            all => {
                let fields: Vec<String> = all.iter().map(|k| format!("`{}`", k.field)).collect();
                let properties: serde_json::Map<String, serde_json::Value> = all
                    .iter()
                    .map(|kind| {
                        let mut field = id.clone();
                        field.insert(
                            "description".into(),
                            format!(
                                "The {} it belongs to. A record has exactly one of {}.",
                                kind.name.to_lowercase(),
                                fields.join(" and ")
                            )
                            .into(),
                        );
                        (kind.field.to_owned(), field.to_value())
                    })
                    .collect();
                json_schema!({"type": "object", "properties": properties})
            }
        }
    }

    fn inline_schema() -> bool {
        true
    }
}

/// A record that lives in another, of one of [`Attached::Parents`]' kinds.
pub trait Attached: Resource {
    type Parents: Parents;
    fn parent(&self) -> ParentRef<Self::Parents>;
}

/// The `parent` filter an attached record declares in its `LISTS`.
pub const fn parent_filter<C: Attached>() -> Filter<C> {
    Filter::one(PARENT_FILTER, |c| c.parent().index_value())
}

/// A child's reference to a parent of its `WHICH`-th kind: it goes when the parent goes.
pub const fn cascade_from<C: Attached, const WHICH: usize>() -> Ref<C> {
    Ref::cascade_by(
        <C::Parents as Parents>::ALL[WHICH].kind,
        PARENT_FILTER,
        parent_value::<C, WHICH>,
        parent_id::<C, WHICH>,
    )
}

/// A child's reference to a parent of its `WHICH`-th kind that holds the parent's delete back
/// (409 `in_use`) while the child stands (a project's files, whose bytes go with them).
pub const fn restricted_by<C: Attached, const WHICH: usize>() -> Ref<C> {
    Ref::to(<C::Parents as Parents>::ALL[WHICH].kind, parent_id::<C, WHICH>)
}

fn parent_value<C: Attached, const WHICH: usize>(id: u64) -> IndexValue {
    ParentRef::<C::Parents>::new(WHICH, id).index_value()
}

fn parent_id<C: Attached, const WHICH: usize>(child: &C) -> Vec<u64> {
    child.parent().id_if(WHICH).into_iter().collect()
}

/// The first `max` children of `parent`, oldest first: one read of the `parent` index.
pub async fn children_of<C: Attached>(
    cx: Cx<'_>,
    parent: ParentRef<C::Parents>,
    max: usize,
) -> Result<Vec<C>, ApiError> {
    index::top::<C>(cx, Some((PARENT_FILTER, parent.index_value())), "id", false, max).await
}

/// 409 `limit_reached` when `parent` already holds `max` children: one counter read.
pub async fn ensure_room_in<C: Attached>(
    cx: Cx<'_>,
    parent: ParentRef<C::Parents>,
    max: usize,
) -> Result<(), ApiError> {
    index::ensure_room::<C>(cx, PARENT_FILTER, parent.index_value(), max, || {
        let parent_name = parent.kind().field.trim_end_matches("_id").replace('_', " ");
        let article = if parent_name.starts_with(['a', 'e', 'i', 'o', 'u']) {
            "An"
        } else {
            "A"
        };
        format!(
            "{article} {parent_name} holds at most {max} {}s; delete one first.",
            C::NAME.to_lowercase()
        )
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Debug)]
    struct LeadOrDeal;
    impl Parents for LeadOrDeal {
        const ALL: &'static [ParentKind] = &[
            ParentKind {
                kind: "crm_lead",
                name: "Lead",
                field: "lead_id",
            },
            ParentKind {
                kind: "crm_deal",
                name: "Deal",
                field: "deal_id",
            },
        ];
    }

    #[test]
    fn a_parent_is_written_as_its_kinds_field_and_read_back_by_it() {
        let deal = ParentRef::<LeadOrDeal>::new(1, 7);
        assert_eq!(serde_json::to_value(deal).unwrap(), serde_json::json!({"deal_id": 7}));
        let read: ParentRef<LeadOrDeal> =
            serde_json::from_value(serde_json::json!({"deal_id": 7, "name": "x"})).unwrap();
        assert_eq!(read, deal);
        assert_eq!((read.id_if(0), read.id_if(1)), (None, Some(7)));
        let missing = serde_json::from_value::<ParentRef<LeadOrDeal>>(serde_json::json!({"name": "x"}));
        assert!(missing.unwrap_err().to_string().contains("lead_id"));
    }

    /// Several kinds: each field optional and described, no `oneOf` (generated clients would keep
    /// only its branch and drop the child's own fields).
    #[test]
    fn a_parent_of_several_kinds_is_documented_as_optional_fields() {
        let schema = schemars::SchemaGenerator::default().into_root_schema_for::<ParentRef<LeadOrDeal>>();
        let schema = schema.as_value();
        assert!(
            schema.get("oneOf").is_none() && schema.get("required").is_none(),
            "{schema}"
        );
        assert_eq!(
            schema["properties"]["deal_id"]["description"],
            "The deal it belongs to. A record has exactly one of `lead_id` and `deal_id`."
        );
        assert_eq!(schema["properties"]["lead_id"]["minimum"], 1);
    }

    #[test]
    fn a_lead_and_a_deal_of_one_id_index_apart() {
        let lead = ParentRef::<LeadOrDeal>::new(0, 7);
        let deal = ParentRef::<LeadOrDeal>::new(1, 7);
        assert_ne!(lead, deal);
        assert_ne!(lead.index_value(), deal.index_value());
    }
}
