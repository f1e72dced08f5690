//! What the validators in [`super::validate`] enforce, said in a body type's JSON schema, so the
//! OpenAPI document tells a client what the server will accept. Used on fields as
//! `#[schemars(transform = shared::http::schema::date)]`; a field the handler requires also
//! carries `#[schemars(required)]` (it stays an `Option` so every error is reported at once). A
//! text field's bound is its type's, `Option<Text<190>>` ([`crate::domain::Text`]), which the
//! schema and the check both read.

use schemars::{Schema, SchemaGenerator};
use serde_json::json;

pub use crate::domain::{color_schema as color, date_schema as date, email_schema as email};

/// Builds a schema into a generator's components (a function pointer keeps rows non-generic).
pub type SchemaFn = fn(&mut SchemaGenerator) -> Schema;

/// [`super::FieldErrors::password`]: [`super::validate::PASSWORD_CHARS`] characters.
pub fn password(schema: &mut Schema) {
    let chars = super::validate::PASSWORD_CHARS;
    schema.insert("minLength".into(), json!(chars.start()));
    schema.insert("maxLength".into(), json!(chars.end()));
}

/// [`super::FieldErrors::choice`]: one of `T`'s written values, as `T` declares them.
pub fn one_of<T: crate::domain::Choice>(schema: &mut Schema) {
    values(schema, T::VALUES.iter().copied(), false);
}

/// [`one_of`], or `null` (a body field that may be cleared).
pub fn one_of_or_null<T: crate::domain::Choice>(schema: &mut Schema) {
    values(schema, T::VALUES.iter().copied(), true);
}

/// The field's `enum`: `written`, and `null` when `or_null`.
pub fn values<'a>(schema: &mut Schema, written: impl Iterator<Item = &'a str>, or_null: bool) {
    let mut all: Vec<serde_json::Value> = written.map(|v| json!(v)).collect();
    if or_null {
        all.push(serde_json::Value::Null);
    }
    schema.insert("enum".into(), serde_json::Value::Array(all));
}

/// An id: a whole number from 1.
pub fn id(schema: &mut Schema) {
    schema.insert("minimum".into(), json!(1));
}

/// A list of ids, each from 1.
pub fn ids(schema: &mut Schema) {
    if let Some(items) = schema.get_mut("items").and_then(|i| i.as_object_mut()) {
        items.insert("minimum".into(), json!(1));
    }
}

/// A list of at most `MAX` ids, each from 1: what [`crate::http::validate::distinct_ids`] takes.
pub fn ids_at_most<const MAX: usize>(schema: &mut Schema) {
    ids(schema);
    schema.insert("maxItems".into(), json!(MAX));
}
