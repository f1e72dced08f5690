//! One rule for every update body: a field left out is unchanged; `null` clears a field the record
//! may be without; `null` on a field every record has is 422 naming it. A patch says which of its
//! fields `null` clears by their one attribute,
//! `#[serde(default, with = "Clearable::<String>")] notes: Option<Option<String>>`, and says it
//! follows the rule with `#[schemars(transform = shared::resource::patch_schema)]` on the struct:
//! the schema then marks exactly the clearable fields nullable, and [`parse_patch`] (every update
//! route's reading of its body) refuses `null` on the others from that same schema.

use std::any::TypeId;
use std::borrow::Cow;
use std::collections::{BTreeSet, HashMap};
use std::marker::PhantomData;
use std::sync::{Arc, LazyLock, RwLock};

use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer, Serializer};
use serde_json::{Map, Value};

use axum::extract::{FromRequest, Request};

use crate::http::{parse_value, ApiError, FieldErrors, ValidJson};

/// Marks a clearable field's schema until [`patch_schema`] reads it (never in the document).
const CLEARABLE: &str = "x-worktop-clearable";

/// The reading and schema of a patch field that `null` clears (see the module): absent is `None`,
/// `null` is `Some(None)`, a value is `Some(Some(value))`.
pub struct Clearable<T>(PhantomData<T>);

impl<T> Clearable<T> {
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Option<T>>, D::Error>
    where
        T: Deserialize<'de>,
    {
        Option::<T>::deserialize(d).map(Some)
    }

    /// A patch is read, never written: the one write is the schema's `default` (a field left out),
    /// which is `null`.
    pub fn serialize<S: Serializer>(value: &Option<Option<T>>, s: S) -> Result<S::Ok, S::Error> {
        debug_assert!(value.is_none(), "a patch field is never written with a value");
        s.serialize_none()
    }
}

impl<T: JsonSchema> JsonSchema for Clearable<T> {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> Cow<'static, str> {
        format!("Clearable_{}", T::schema_name()).into()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        let mut schema = Option::<T>::json_schema(generator);
        schema.insert(CLEARABLE.into(), Value::Bool(true));
        schema
    }
}

/// The container transform of an update body: its clearable fields stay nullable, and `null`
/// leaves the schema of every other field (the server refuses it there).
pub fn patch_schema(schema: &mut Schema) {
    let Some(properties) = schema.get_mut("properties").and_then(Value::as_object_mut) else {
        return;
    };
    for property in properties.values_mut() {
        let Some(object) = property.as_object_mut() else {
            continue;
        };
        if object.remove(CLEARABLE).is_none() {
            strip_null(object);
        }
    }
}

/// `object` (a property's schema) without its `null` alternative.
fn strip_null(object: &mut Map<String, Value>) {
    if let Some(Value::Array(types)) = object.get_mut("type") {
        types.retain(|t| t != "null");
        if types.len() == 1 {
            let only = types.remove(0);
            object.insert("type".into(), only);
        }
    }
    if let Some(Value::Array(values)) = object.get_mut("enum") {
        values.retain(|v| !v.is_null());
    }
    if let Some(Value::Array(alternatives)) = object.get_mut("anyOf") {
        alternatives.retain(|a| !is_null_schema(a));
        if alternatives.len() == 1 {
            if let Some(Value::Object(only)) = object.remove("anyOf").and_then(|mut a| a.as_array_mut()?.pop()) {
                for (key, value) in only {
                    object.entry(key).or_insert(value);
                }
            }
        }
    }
    object.remove("nullable");
}

fn is_null_schema(value: &Value) -> bool {
    value.get("type").and_then(Value::as_str) == Some("null")
}

/// Whether a property's schema takes `null` (JSON Schema's forms, and OpenAPI 3.0's `nullable`).
fn allows_null(schema: &Value) -> bool {
    let Some(object) = schema.as_object() else {
        return schema.as_bool() == Some(true);
    };
    let typed_null = match object.get("type") {
        Some(Value::String(t)) => t == "null",
        Some(Value::Array(types)) => types.iter().any(|t| t == "null"),
        _ => false,
    };
    typed_null
        || object.get("nullable") == Some(&Value::Bool(true))
        || object
            .get("anyOf")
            .and_then(Value::as_array)
            .is_some_and(|a| a.iter().any(allows_null))
}

/// An update body's fields, from its schema: which there are, and which of them `null` clears.
#[derive(Debug, Default)]
pub struct PatchFields {
    pub fields: BTreeSet<String>,
    pub clearable: BTreeSet<String>,
}

impl PatchFields {
    fn of(schema: &Schema) -> Self {
        let mut found = PatchFields::default();
        if let Some(properties) = schema.get("properties").and_then(Value::as_object) {
            for (name, property) in properties {
                found.fields.insert(name.clone());
                if allows_null(property) {
                    found.clearable.insert(name.clone());
                }
            }
        }
        found
    }
}

/// `P`'s fields, read from its schema once per process.
pub fn patch_fields<P: JsonSchema + 'static>() -> Arc<PatchFields> {
    static KNOWN: LazyLock<RwLock<HashMap<TypeId, Arc<PatchFields>>>> = LazyLock::new(Default::default);
    let key = TypeId::of::<P>();
    if let Some(fields) = KNOWN.read().unwrap_or_else(|e| e.into_inner()).get(&key) {
        return fields.clone();
    }
    let fields = Arc::new(PatchFields::of(&P::json_schema(&mut SchemaGenerator::default())));
    KNOWN
        .write()
        .unwrap_or_else(|e| e.into_inner())
        .insert(key, fields.clone());
    fields
}

/// An update body read by the rule (see the module): `null` on a field it cannot clear is 422
/// naming every such field, before anything else is read.
pub fn parse_patch<P: DeserializeOwned + JsonSchema + 'static>(body: Value) -> Result<P, ApiError> {
    refuse_uncleared::<P>(&body)?;
    parse_value(body)
}

/// A clearable field's change, from what was `sent` and what the field's check made of the value
/// given (`None` when it refused it, its error reported): left out keeps (`None`), `null` clears
/// (`Some(None)`), a value sets the checked one. For a field checked by a helper that takes the
/// plain value (a document's head, a warehouse's contact); the caller returns the errors first,
/// so a refused value is never saved as a clear.
pub fn patched<T, U>(sent: &Option<Option<T>>, checked: Option<U>) -> Option<Option<U>> {
    sent.as_ref().map(|given| given.as_ref().and(checked))
}

/// An update body without a `version` of the layer's (a settings page's, a profile's), read by
/// [`parse_patch`] after [`ValidJson`]'s checks.
pub struct PatchJson<P>(pub P);

impl<P: DeserializeOwned + JsonSchema + 'static, S: Send + Sync> FromRequest<S> for PatchJson<P> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        let ValidJson(body) = ValidJson::<Value>::from_request(req, state).await?;
        parse_patch(body).map(PatchJson)
    }
}

/// `body` without the `null`s on fields `P` cannot clear: a create-or-update body is a create's,
/// where `null` means "not given", so on the update such a field keeps its value.
pub fn without_uncleared_nulls<P: JsonSchema + 'static>(mut body: Value) -> Value {
    if let Some(map) = body.as_object_mut() {
        let fields = patch_fields::<P>();
        map.retain(|name, value| {
            !(value.is_null() && fields.fields.contains(name) && !fields.clearable.contains(name))
        });
    }
    body
}

/// 422 for each field of `body` that is `null` where `P` cannot clear it.
pub fn refuse_uncleared<P: JsonSchema + 'static>(body: &Value) -> Result<(), ApiError> {
    let Some(map) = body.as_object() else { return Ok(()) };
    let fields = patch_fields::<P>();
    let mut errors = FieldErrors::default();
    for (name, value) in map {
        if value.is_null() && fields.fields.contains(name) && !fields.clearable.contains(name) {
            errors.add(
                name,
                format!(
                    "The {name} field cannot be cleared (null): every record has one. Leave it out to keep its value."
                ),
            );
        }
    }
    errors.into_result(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::Text;
    use serde_json::json;

    #[derive(Debug, Deserialize, JsonSchema)]
    #[schemars(transform = patch_schema)]
    #[allow(dead_code)]
    struct NotePatch {
        title: Option<Text<190>>,
        #[serde(default, with = "Clearable::<String>")]
        notes: Option<Option<String>>,
        #[serde(default, with = "Clearable::<crate::money::Money>")]
        amount: Option<Option<crate::money::Money>>,
        pinned: Option<bool>,
        #[schemars(extend("enum" = ["open", "done", null]))]
        status: Option<String>,
    }

    #[test]
    fn only_clearable_fields_are_nullable_in_the_schema() {
        let fields = patch_fields::<NotePatch>();
        let all: Vec<&str> = fields.fields.iter().map(String::as_str).collect();
        let clearable: Vec<&str> = fields.clearable.iter().map(String::as_str).collect();
        assert_eq!(all, ["amount", "notes", "pinned", "status", "title"]);
        assert_eq!(clearable, ["amount", "notes"]);
        let schema = schemars::schema_for!(NotePatch).to_value();
        assert_eq!(schema["properties"]["title"]["type"], "string");
        assert_eq!(schema["properties"]["status"]["enum"], json!(["open", "done"]));
        assert!(!schema.to_string().contains(CLEARABLE));
    }

    #[test]
    fn null_clears_a_clearable_field_and_is_refused_elsewhere() {
        let patch: NotePatch = parse_patch(json!({"notes": null})).unwrap();
        assert_eq!((patch.notes, patch.title), (Some(None), None));
        let patch: NotePatch = parse_patch(json!({"title": "T"})).unwrap();
        assert_eq!((patch.notes, patch.title), (None, Some("T".into())));
        let Err(ApiError::Validation(errors)) = parse_patch::<NotePatch>(json!({"title": null, "pinned": null})) else {
            panic!("null on required fields must be refused");
        };
        let named: Vec<String> = errors.into_entries().map(|(field, _)| field).collect();
        assert_eq!(named, ["pinned", "title"]);
    }

    #[test]
    fn a_create_body_read_as_a_patch_keeps_what_it_left_null() {
        let body =
            without_uncleared_nulls::<NotePatch>(json!({"title": null, "notes": null, "pinned": true, "other": null}));
        assert_eq!(body, json!({"notes": null, "pinned": true, "other": null}));
        let patch: NotePatch = parse_patch(body).unwrap();
        assert_eq!((patch.title, patch.notes, patch.pinned), (None, Some(None), Some(true)));
    }
}
