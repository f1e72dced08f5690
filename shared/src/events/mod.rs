//! Events and their webhook form, following the Standard Webhooks specification
//! (<https://www.standardwebhooks.com>), so receivers verify with any of its libraries.
//!
//! - The envelope is `{type, timestamp, data}` with a unique id (`msg_...`), sent as the
//!   `webhook-id` header.
//! - An event is written to the outbox in the same store transaction as the change that causes it
//!   ([`outbox_write`]), so no committed change loses its event and no event leaves for a change
//!   that failed. A workspace without webhooks gets no entry on SQLite (the transaction reads its
//!   webhook count).
//! - Signatures: `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, keyed by the
//!   base64 part of the `whsec_...` secret ([`sign`]).
//! - Retries: attempt n + 1 waits `min(base x 4^(n-1), max)` with +-20% jitter ([`retry_delay`]).
//! - Targets: https only, never an address that is not globally routable unicast, checked at
//!   registration ([`check_url`]) and on the addresses actually connected to ([`check_target`]);
//!   the rules are in `ssrf.rs`.

pub mod delivery;
mod ssrf;

pub use ssrf::{check_host, check_target, check_url, is_forbidden_address};

use std::time::Duration;

use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use hmac::{Hmac, Mac};
use rand::Rng;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use sha2::Sha256;

use crate::store::{Condition, GlobalIndex, Item, Key, Partition, TenantId, Write};

/// An event type a webhook can subscribe to.
#[derive(Clone, Copy, Debug, Serialize, schemars::JsonSchema)]
pub struct EventType {
    pub name: &'static str,
    pub description: &'static str,
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
    /// module definition lists the constant, so the catalogue cannot drift from what is sent.
    pub const fn new(name: &'static str, description: &'static str) -> Self {
        Self { name, description }
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

/// The write that puts `event` in the outbox; add it to the transaction of the change it reports.
/// Only while `tenant` has a webhook: an entry no endpoint can want would be written and deleted
/// again for nothing (SQLite decides inside the transaction; DynamoDB always writes it, see
/// [`Write::PutIfCounted`]).
pub fn outbox_write(tenant: TenantId, event: Event) -> Write {
    Write::PutIfCounted {
        item: outbox_item(OutboxEntry {
            tenant,
            event,
            subscription_id: None,
            delivery_id: None,
        }),
        condition: Condition::NotExists,
        counted: crate::resource::index::kind_count_key(tenant, SUBSCRIPTION),
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

const SECRET_PREFIX: &str = "whsec_";

/// A new signing secret: `whsec_` + base64 of 24 random bytes.
pub fn new_secret() -> String {
    let bytes: [u8; 24] = rand::rng().random();
    format!("{SECRET_PREFIX}{}", STANDARD.encode(bytes))
}

/// The `webhook-signature` value for one attempt: `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`.
pub fn sign(secret: &str, message_id: &str, timestamp: i64, body: &[u8]) -> anyhow::Result<String> {
    let key = STANDARD.decode(secret.strip_prefix(SECRET_PREFIX).unwrap_or(secret))?;
    let mut mac = Hmac::<Sha256>::new_from_slice(&key)?;
    mac.update(message_id.as_bytes());
    mac.update(b".");
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(body);
    Ok(format!("v1,{}", STANDARD.encode(mac.finalize().into_bytes())))
}

/// Most retries after the first attempt.
pub const MAX_RETRIES: u32 = 10;

/// How long to wait before retry `n` (1 to [`MAX_RETRIES`]): `min(base x 4^(n-1), max)`, then
/// +-20% jitter so failed deliveries to one receiver do not return in lockstep.
pub fn retry_delay(n: u32, base: Duration, max: Duration) -> Duration {
    let exponent = n.saturating_sub(1).min(30);
    let nominal = base.saturating_mul(4u32.saturating_pow(exponent)).min(max);
    let jitter = rand::rng().random_range(-0.2..=0.2);
    nominal.mul_f64(1.0 + jitter)
}

/// Record kind of webhook subscriptions.
pub const SUBSCRIPTION: &str = "webhook";

/// A webhook endpoint of a tenant. The secret signs deliveries; during a rotation the previous one
/// signs too, until `previous_secret_until`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Subscription {
    #[serde(flatten)]
    pub meta: crate::resource::Meta,
    pub url: String,
    /// Event type names, or `*` for all.
    pub events: Vec<String>,
    pub secret: String,
    #[serde(default)]
    pub previous_secret: Option<String>,
    #[serde(default)]
    pub previous_secret_until: Option<i64>,
    pub enabled: bool,
    /// Why it was disabled, when it was not by its owner (`gone`: the receiver answered 410;
    /// `failing`: every delivery failed for five days).
    #[serde(default)]
    pub disabled_reason: Option<String>,
    /// When the current run of failed deliveries began.
    #[serde(default)]
    pub failing_since: Option<i64>,
}

/// A subscription as the API shows it: never its secrets (the creation and rotation answers add
/// the new one, once).
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct WebhookOut {
    pub id: u64,
    pub url: String,
    pub events: Vec<String>,
    pub enabled: bool,
    /// `gone` (the receiver answered 410) or `failing` (five days of failed deliveries).
    pub disabled_reason: Option<String>,
    pub created_at: String,
    pub updated_at: String,
    pub version: u64,
}

impl From<Subscription> for WebhookOut {
    fn from(s: Subscription) -> Self {
        Self {
            id: s.meta.id,
            url: s.url,
            events: s.events,
            enabled: s.enabled,
            disabled_reason: s.disabled_reason,
            created_at: s.meta.created_at,
            updated_at: s.meta.updated_at,
            version: s.meta.version,
        }
    }
}

/// Subscriptions are records of the resource layer (paged lists, a count for the limit,
/// versioned writes); their routes are `functions/v1`'s own, since a URL is checked against
/// the network and a secret is shown once.
impl crate::resource::Resource for Subscription {
    const KIND: &'static str = SUBSCRIPTION;
    const NAME: &'static str = "Webhook";
    const MODULE: crate::auth::Module = crate::auth::Module::Webhooks;
    const LISTS: &'static crate::resource::Lists<Self> = &crate::resource::Lists::sorted(&[]);
    type In = crate::resource::NoChange;
    type Patch = crate::resource::NoChange;
    type Out = WebhookOut;
    type Filters = crate::resource::NoFilters;
    crate::meta_field!();

    /// Not searched.
    fn search_text(&self) -> String {
        String::new()
    }

    /// Event types it newly names must come from modules the workspace may use, as their routes
    /// would answer (403 `module_disabled`); `*` names only what the workspace's modules send.
    async fn before_save(
        &self,
        cx: crate::resource::Cx<'_>,
        before: Option<&Self>,
    ) -> Result<Vec<crate::store::Write>, crate::http::ApiError> {
        let mut modules: Vec<crate::auth::Module> = self
            .events
            .iter()
            .filter(|name| before.is_none_or(|b| !b.events.contains(name)))
            .filter_map(|name| cx.registry().module_of_event(name))
            .collect();
        modules.dedup();
        crate::resource::custom::require_modules(cx, &modules).await?;
        Ok(Vec::new())
    }
}

impl Subscription {
    pub fn wants(&self, event_type: &str) -> bool {
        self.enabled && self.events.iter().any(|e| e == "*" || e == event_type)
    }

    /// The `webhook-signature` header: one signature per live secret, space-separated.
    pub fn signature_header(&self, message_id: &str, timestamp: i64, body: &[u8]) -> anyhow::Result<String> {
        let mut signatures = vec![sign(&self.secret, message_id, timestamp, body)?];
        if let (Some(previous), Some(until)) = (&self.previous_secret, self.previous_secret_until) {
            if until > timestamp {
                signatures.push(sign(previous, message_id, timestamp, body)?);
            }
        }
        Ok(signatures.join(" "))
    }
}

/// How one delivery attempt ended.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Attempt {
    /// 1 for the first attempt, up to 1 + [`MAX_RETRIES`].
    pub attempt: u32,
    pub at: String,
    pub status_code: Option<u16>,
    pub latency_ms: u64,
    pub error: Option<String>,
    /// The first 1000 characters of the receiver's answer.
    pub response_excerpt: Option<String>,
}

impl Attempt {
    pub fn succeeded(&self) -> bool {
        self.status_code.is_some_and(|s| (200..300).contains(&s))
    }
    /// 410 Gone: the receiver asks never to be called again.
    pub fn gone(&self) -> bool {
        self.status_code == Some(410)
    }
}

/// Delivery attempts: 15 s timeout, no redirects, connections pinned to checked addresses.
#[derive(Clone)]
pub struct Deliverer {
    allow_private: bool,
}

const TIMEOUT: Duration = Duration::from_secs(15);
const EXCERPT_CHARS: usize = 1000;

impl Deliverer {
    pub fn new(allow_private: bool) -> Self {
        Self { allow_private }
    }

    /// Sends `event` to `subscription` once, signed afresh with the current time.
    pub async fn attempt(&self, subscription: &Subscription, event: &Event, attempt: u32) -> Attempt {
        let started = std::time::Instant::now();
        let at = crate::time::now_rfc3339();
        let outcome = self.send(subscription, event).await;
        let latency_ms = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
        match outcome {
            Ok((status, excerpt)) => Attempt {
                attempt,
                at,
                status_code: Some(status),
                latency_ms,
                error: None,
                response_excerpt: Some(excerpt),
            },
            Err(error) => Attempt {
                attempt,
                at,
                status_code: None,
                latency_ms,
                error: Some(error),
                response_excerpt: None,
            },
        }
    }

    async fn send(&self, subscription: &Subscription, event: &Event) -> Result<(u16, String), String> {
        let url = check_url(&subscription.url, self.allow_private)?;
        let addresses = check_target(&url, self.allow_private).await?;
        let host = url.host_str().unwrap_or_default().to_owned();
        // Pinned to the addresses just checked: DNS cannot answer differently for the connection.
        let client = reqwest::Client::builder()
            .timeout(TIMEOUT)
            .redirect(reqwest::redirect::Policy::none())
            .resolve_to_addrs(&host, &addresses)
            .build()
            .map_err(|e| format!("client: {e}"))?;
        let body = serde_json::to_vec(event).map_err(|e| e.to_string())?;
        let timestamp = crate::time::now_unix();
        let signature = subscription
            .signature_header(&event.id, timestamp, &body)
            .map_err(|e| format!("signing: {e}"))?;
        let response = client
            .post(url)
            .header("content-type", "application/json")
            .header("user-agent", "Worktop-Webhooks/1")
            .header("webhook-id", &event.id)
            .header("webhook-timestamp", timestamp.to_string())
            .header("webhook-signature", signature)
            .body(body)
            .send()
            .await
            .map_err(|e| {
                if e.is_timeout() {
                    "timed out after 15 s".to_string()
                } else {
                    format!("{e}")
                }
            })?;
        let status = response.status().as_u16();
        let text = response.text().await.unwrap_or_default();
        Ok((status, text.chars().take(EXCERPT_CHARS).collect()))
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

    /// The Standard Webhooks test vector, as DESIGN.md gives it.
    #[test]
    fn signing_matches_the_standard_webhooks_test_vector() {
        let signature = sign(
            "whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD",
            "msg_27UH4WbU6Z5A5EzD8u03UvzRbpk",
            1649367553,
            br#"{"email":"test@example.com","username":"test_user"}"#,
        )
        .unwrap();
        assert_eq!(signature, "v1,tZ1I4/hDygAJgO5TYxiSd6Sd0kDW6hPenDe+bTa3Kkw=");
    }

    #[test]
    fn new_secrets_are_whsec_and_sign() {
        let secret = new_secret();
        assert!(secret.starts_with("whsec_"));
        assert_ne!(secret, new_secret());
        assert!(sign(&secret, "msg_1", 1, b"{}").unwrap().starts_with("v1,"));
    }

    #[test]
    fn retry_delays_grow_by_four_within_jitter_and_stop_at_the_maximum() {
        let base = Duration::from_secs(5);
        let max = Duration::from_secs(12 * 3600);
        for (n, nominal) in [
            (1, 5.0),
            (2, 20.0),
            (3, 80.0),
            (4, 320.0),
            (7, 20_480.0),
            (8, 43_200.0),
            (10, 43_200.0),
        ] {
            let got = retry_delay(n, base, max).as_secs_f64();
            assert!(
                (nominal * 0.8..=nominal * 1.2).contains(&got),
                "retry {n}: {got} vs {nominal}"
            );
        }
    }
}
