//! Events: what the modules emit, and the outbox that carries them to webhooks
//! ([`crate::webhooks`]).
//!
//! - The envelope is `{type, timestamp, data}` with a unique id (`msg_...`), sent as the
//!   `webhook-id` header.
//! - Each event type declares the type of its `data` ([`EventType::with_data`],
//!   [`EventType::with_record`]), which the emitting code serialises: its schema is the catalogue's
//!   (`GET /api/v1/webhooks/event-types`) and the OpenAPI document's (`x-webhooks`).
//! - An event is written to the outbox in the same store transaction as the change that causes it
//!   ([`outbox_write`]), so no committed change loses its event and no event leaves for a change
//!   that failed. A workspace without webhooks gets no entry on SQLite (the transaction reads its
//!   webhook count).
//! - Targets (of webhooks and every other user-set host): https only, never an address that is
//!   not globally routable unicast, checked when set ([`check_url`]) and on the addresses
//!   actually connected to ([`check_target`]); the rules are in `ssrf.rs`.

mod ssrf;

pub use ssrf::{check_host, check_target, check_url, is_forbidden_address};

use rand::Rng;
use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::http::schema::SchemaFn;
use crate::store::{Condition, GlobalIndex, Item, Key, Partition, TenantId, Write};

/// An event type a webhook can subscribe to.
#[derive(Clone, Copy)]
pub struct EventType {
    pub name: &'static str,
    pub description: &'static str,
    /// The schema of its envelope's `data`: of the type the emitting code serialises
    /// ([`EventType::with_data`]), a reference to its component where it is named.
    pub data: SchemaFn,
}

impl std::fmt::Debug for EventType {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EventType")
            .field("name", &self.name)
            .field("description", &self.description)
            .finish_non_exhaustive()
    }
}

/// The name of an event type in a request body (a webhook's `events`), or `*` for all: in the
/// OpenAPI document a string schema of its own, which the document completes with every name of
/// the deployment's catalogue ([`crate::openapi::document`]), the one list the API checks against.
pub struct EventTypeName;

impl EventTypeName {
    pub const SCHEMA: &'static str = "EventTypeName";
}

impl schemars::JsonSchema for EventTypeName {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        Self::SCHEMA.into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "string",
            "description": "An event type's name (`GET /api/v1/webhooks/event-types` lists them), or `*` for all.",
        })
    }
}

impl EventType {
    /// Declared once as a constant by the module that emits it; the code emits `TYPE.name` and the
    /// module definition lists the constant, so the catalogue cannot drift from what is sent. Its
    /// `data` is any JSON until [`EventType::with_data`] or [`EventType::with_record`] says what.
    pub const fn new(name: &'static str, description: &'static str) -> Self {
        Self {
            name,
            description,
            data: data_schema::<Value>,
        }
    }

    /// This type with `data` a `T` as serialised: the emitting code builds a `T` and sends
    /// `json!(t)`, so the schema is that of what is sent.
    pub const fn with_data<T: JsonSchema>(self) -> Self {
        Self {
            data: data_schema::<T>,
            ..self
        }
    }

    /// An example delivery of this type, its `data` made from `data_schema` (this type's, as
    /// `crate::openapi::event_data_schema` writes it) by [`example_of`]. Documentation, not an
    /// event that happened: its id and time are fixed placeholders.
    pub fn sample(&self, data_schema: &Value) -> Event {
        Event {
            id: SAMPLE_ID.to_owned(),
            event_type: self.name.to_owned(),
            timestamp: SAMPLE_TIMESTAMP.to_owned(),
            data: example_of(data_schema),
        }
    }
}

fn data_schema<T: JsonSchema>(generator: &mut SchemaGenerator) -> Schema {
    generator.subschema_for::<T>()
}

/// The id of an [`EventType::sample`]: a message id's form ([`new_message_id`]), no event's.
const SAMPLE_ID: &str = "msg_0176722560000000000000000000";
/// The time of an [`EventType::sample`].
const SAMPLE_TIMESTAMP: &str = "2026-01-01T00:00:00Z";
/// How deep [`example_of`] goes into nested schemas.
const SAMPLE_DEPTH: usize = 24;

/// An example value of `schema` (OpenAPI 3.0, self-contained: no `$ref`), for documentation: the
/// `example` (or first of `examples`) it or a part of it gives, else its `default` or first
/// `enum` value, else a placeholder of its type (`"string"`, `1`, `0`, `false`, a date for a
/// date), an object with every property and a list of one item. A nullable part shows a value.
pub fn example_of(schema: &Value) -> Value {
    example_at(schema, 0)
}

fn example_at(schema: &Value, depth: usize) -> Value {
    let Some(map) = schema.as_object() else {
        return Value::Null;
    };
    if depth > SAMPLE_DEPTH {
        return Value::Null;
    }
    let given = map
        .get("example")
        .or_else(|| map.get("examples").and_then(Value::as_array).and_then(|e| e.first()))
        .or_else(|| map.get("default").filter(|d| !d.is_null()))
        .or_else(|| {
            map.get("enum")
                .and_then(Value::as_array)
                .and_then(|values| values.iter().find(|v| !v.is_null()))
        });
    if let Some(given) = given {
        return given.clone();
    }
    if let Some(members) = map.get("allOf").and_then(Value::as_array) {
        // The parts of one object, or a single schema wrapped (a nullable reference).
        let mut merged = Map::new();
        let mut other = Value::Null;
        for member in members {
            match example_at(member, depth + 1) {
                Value::Object(part) => merged.extend(part),
                value => other = value,
            }
        }
        let own = match map.get("properties") {
            Some(_) => example_of_type(map, depth),
            None => Value::Null,
        };
        if let Value::Object(part) = own {
            merged.extend(part);
        }
        return match (merged.is_empty(), other) {
            (true, other) if !other.is_null() => other,
            _ => Value::Object(merged),
        };
    }
    for key in ["oneOf", "anyOf"] {
        if let Some(members) = map.get(key).and_then(Value::as_array) {
            let first = members.iter().map(|m| example_at(m, depth + 1)).find(|v| !v.is_null());
            return first.unwrap_or(Value::Null);
        }
    }
    example_of_type(map, depth)
}

fn example_of_type(map: &Map<String, Value>, depth: usize) -> Value {
    let number = |key: &str| map.get(key).and_then(Value::as_f64);
    match map.get("type").and_then(Value::as_str) {
        Some("object") => match map.get("properties").and_then(Value::as_object) {
            Some(properties) => properties
                .iter()
                .map(|(name, property)| (name.clone(), example_at(property, depth + 1)))
                .collect(),
            None => Value::Object(Map::new()),
        },
        Some("array") => match map.get("items") {
            Some(items) => Value::Array(vec![example_at(items, depth + 1)]),
            None => Value::Array(Vec::new()),
        },
        Some("string") => Value::from(match map.get("format").and_then(Value::as_str) {
            Some("date-time") => SAMPLE_TIMESTAMP,
            Some("date") => "2026-01-01",
            Some("email") => "user@example.com",
            Some("uri" | "url") => "https://example.com",
            Some("uuid") => "00000000-0000-0000-0000-000000000000",
            _ => "string",
        }),
        // An id's or a count's 1, or the least allowed.
        Some("integer") => Value::from(number("minimum").unwrap_or(1.0).max(1.0) as i64),
        Some("number") => Value::from(number("minimum").unwrap_or(0.0).max(0.0)),
        Some("boolean") => Value::Bool(false),
        _ => Value::Null,
    }
}

/// The envelope a receiver gets as the request body.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Event {
    /// Unique per event; also the `webhook-id` header, for receivers to deduplicate on.
    pub id: String,
    #[serde(rename = "type")]
    pub event_type: String,
    /// RFC 3339, UTC: when the change happened.
    pub timestamp: String,
    pub data: Value,
}

impl Event {
    pub fn new(event_type: &str, data: Value) -> Self {
        Self {
            id: new_message_id(),
            event_type: event_type.to_owned(),
            timestamp: crate::time::now_rfc3339(),
            data,
        }
    }
}

/// A time-ordered, unique message id: `msg_` + nanoseconds + random bits.
pub fn new_message_id() -> String {
    // Built by hand, as the store's keys are (see `Partition::tenant_index`): every event makes one.
    let nanos = chrono::Utc::now().timestamp_nanos_opt().unwrap_or_default();
    let mut id = String::with_capacity(32);
    id.push_str("msg_");
    crate::store::push_id_sort_key(&mut id, u64::try_from(nanos).unwrap_or_default());
    id.push_str(&hex::encode(rand::rng().random::<u32>().to_be_bytes()));
    id
}

/// An event waiting in the outbox, with the tenant whose subscriptions receive it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct OutboxEntry {
    pub tenant: TenantId,
    pub event: Event,
    /// Only this endpoint (a test ping), instead of every subscribed one.
    #[serde(default)]
    pub subscription_id: Option<u64>,
    /// Not a new event: one more attempt of this existing delivery (a manual retry).
    #[serde(default)]
    pub delivery_id: Option<u64>,
}

/// How long an outbox entry is kept.
const OUTBOX_KEEP_SECS: i64 = 30 * 24 * 3600;

/// The outbox partition. Outbox entries are global (the delivery side serves every tenant), keyed
/// by the time-ordered event id so they drain in order.
pub fn outbox_partition() -> Partition {
    Partition::global(GlobalIndex::Outbox, "0")
}

/// The record kind of webhook subscriptions ([`crate::webhooks::Subscription`]): the outbox is
/// written only while a tenant has one.
pub const SUBSCRIPTION: &str = "webhook";

/// The write that puts `event` in the outbox; add it to the transaction of the change it reports.
/// Only while `tenant` has a webhook (`webhooks` is its count of [`SUBSCRIPTION`] records, which
/// the resource layer keeps: `crate::resource::ops::outbox_write`): an entry no endpoint can want
/// would be written and deleted again for nothing (SQLite decides inside the transaction; DynamoDB
/// always writes it, see [`Write::PutIfCounted`]).
pub fn outbox_write(tenant: TenantId, event: Event, webhooks: Key) -> Write {
    Write::PutIfCounted {
        item: outbox_item(OutboxEntry {
            tenant,
            event,
            subscription_id: None,
            delivery_id: None,
        }),
        condition: Condition::NotExists,
        counted: webhooks,
    }
}

/// The outbox write of an outbox entry. Every runner (the local worker, the cloud relay) starts
/// from the outbox, so a test ping or a retry reaches the receiver the same way an event does.
pub fn outbox_entry_write(entry: OutboxEntry) -> Write {
    Write::put(outbox_item(entry), Condition::NotExists)
}

fn outbox_item(entry: OutboxEntry) -> Item {
    // Unique even for a retry of an old event: the entry's key is a fresh message-style id.
    let key = Key::new(outbox_partition(), new_message_id());
    let item = Item {
        key,
        data: entry.into_document(),
        expires_at: None,
        api_form: None,
    };
    // In the cloud the stream carries entries away and TTL removes them; locally the worker
    // deletes each as it fans it out.
    item.expiring_at(crate::time::now_unix() + OUTBOX_KEEP_SECS)
}

impl OutboxEntry {
    /// The entry's stored document, as `serde_json::to_value` makes it, built from its parts: the
    /// event's data (a whole record, on every create and update) is moved in, not serialised a
    /// second time (a test pins the two alike).
    fn into_document(self) -> Map<String, Value> {
        let Event {
            id,
            event_type,
            timestamp,
            data,
        } = self.event;
        let event = Map::from_iter([
            ("id".to_owned(), Value::String(id)),
            ("type".to_owned(), Value::String(event_type)),
            ("timestamp".to_owned(), Value::String(timestamp)),
            ("data".to_owned(), data),
        ]);
        Map::from_iter([
            ("tenant".to_owned(), Value::from(self.tenant.0)),
            ("event".to_owned(), Value::Object(event)),
            ("subscription_id".to_owned(), Value::from(self.subscription_id)),
            ("delivery_id".to_owned(), Value::from(self.delivery_id)),
        ])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An outbox entry's document, built from its parts, is what serialising the entry makes
    /// (what the relay and the local worker parse back), with or without a subscription and a
    /// delivery; and it parses back to the same entry.
    #[test]
    fn an_outbox_entrys_document_is_its_serialisation() {
        let event = Event::new(
            "contact.created",
            serde_json::json!({"id": 7, "name": "Ada", "tags": ["vip"], "custom_fields": {}, "phone": null}),
        );
        for (subscription_id, delivery_id) in [(None, None), (Some(3), None), (Some(3), Some(9))] {
            let entry = OutboxEntry {
                tenant: TenantId(42),
                event: event.clone(),
                subscription_id,
                delivery_id,
            };
            let serialised = serde_json::to_value(&entry).unwrap();
            let document = Value::Object(entry.clone().into_document());
            assert_eq!(document, serialised);
            let parsed: OutboxEntry = serde_json::from_value(document).unwrap();
            assert_eq!(serde_json::to_value(parsed).unwrap(), serialised);
        }
        let item = outbox_item(OutboxEntry {
            tenant: TenantId(42),
            event: event.clone(),
            subscription_id: None,
            delivery_id: None,
        });
        assert_eq!(item.data["event"]["data"], event.data);
        assert!(item.expires_at.is_some_and(|at| at > crate::time::now_unix()));
    }

    /// `msg_`, 20 digits of nanoseconds, 8 hex digits: ordered by time, and unique.
    #[test]
    fn a_message_id_is_time_ordered_and_unique() {
        let (first, second) = (new_message_id(), new_message_id());
        for id in [&first, &second] {
            assert_eq!(id.len(), 32, "{id}");
            assert!(id.starts_with("msg_"), "{id}");
            assert!(id[4..24].bytes().all(|b| b.is_ascii_digit()), "{id}");
            assert!(id[24..].bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')), "{id}");
        }
        assert!(first[..24] <= second[..24] && first != second, "{first} {second}");
    }
}
