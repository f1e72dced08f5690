//! Webhook subscriptions (`/api/v1/webhooks`): register an endpoint for event types, get a signing
//! secret once, read the delivery log, send a test, retry a delivery.

use axum::http::StatusCode;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::json;
use shared::events::{self, EventType, EventTypeName};
use shared::handlers::Caller;
use shared::http::Json;
use shared::http::{
    paginate, ApiError, FieldErrors, ListParams, ListResponse, Listing, ValidJson, ValidPath, ValidQuery,
};
use shared::module::Registry;
use shared::resource::index::{self, Tally};
use shared::resource::PatchJson;
use shared::resource::{ops, Meta};
use shared::store::StoreExt;
use shared::time::now_unix;
use shared::webhooks::delivery::{self, Delivery, DeliveryStatus};
use shared::webhooks::{self, Subscription, WebhookOut};
use shared::AppState;

/// Endpoints one workspace may register.
pub const MAX_SUBSCRIPTIONS: usize = 20;
/// How long the previous secret keeps signing after a rotation.
const ROTATION_OVERLAP_SECS: i64 = 24 * 3600;

/// `events` as stored (sorted, each once), if each names an event type of the deployment's
/// catalogue or is `*`.
fn check_events(errors: &mut FieldErrors, registry: &Registry, events: Option<Vec<String>>) -> Option<Vec<String>> {
    let events = events?;
    if events.is_empty() {
        errors.add("events", "Name at least one event type, or `*` for all.");
        return None;
    }
    for name in &events {
        if name != "*" && !registry.catalog().knows_event(name) {
            errors.add(
                "events",
                format!("`{name}` is not an event type; GET /api/v1/webhooks/event-types lists them."),
            );
        }
    }
    let mut events = events;
    events.sort();
    events.dedup();
    Some(events)
}

/// The URL's form, and (unless private targets are allowed) that its host resolves to public
/// addresses only. Delivery checks the address again on every attempt: DNS answers can change.
async fn check_url(errors: &mut FieldErrors, state: &AppState, url: Option<String>) -> Option<String> {
    let url = url?;
    let allow_private = state.config().webhook_allow_private;
    let checked = match events::check_url(&url, allow_private) {
        Ok(parsed) if allow_private => Ok(parsed),
        Ok(parsed) => events::check_target(&parsed, false).await.map(|_| parsed),
        Err(message) => Err(message),
    };
    match checked {
        Ok(parsed) => Some(parsed.to_string()),
        Err(message) => {
            errors.add("url", message);
            None
        }
    }
}

/// A subscription with its signing secret: the creation and rotation answers, the only ones that
/// show it.
#[derive(Debug, Serialize, JsonSchema)]
pub struct WebhookCreated {
    #[serde(flatten)]
    pub webhook: WebhookOut,
    /// `whsec_...`: verify deliveries with it (Standard Webhooks).
    pub secret: String,
    /// After a rotation: until when the previous secret also signs.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub previous_secret_valid_until: Option<String>,
}

/// The answer to a queued test.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Queued {
    pub message: String,
    pub event_id: String,
}

/// The data of a `webhook.test` event, the ping `POST
/// /api/v1/webhooks/{id}/test` sends: an envelope like any event's.
#[derive(Debug, Serialize, JsonSchema)]
#[schemars(example = serde_json::json!({"webhook_id": 7, "message": TEST_MESSAGE}))]
pub struct WebhookTest {
    /// The webhook the ping was sent to.
    pub webhook_id: u64,
    /// Always the same text.
    pub message: &'static str,
}

const TEST_MESSAGE: &str = "A test from Worktop.";

/// Body of `POST /api/v1/webhooks`.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(example = serde_json::json!({"url": "https://hooks.example.com/worktop", "events": ["contact.created", "deal.stage_changed"]}))]
pub struct WebhookIn {
    /// The receiving endpoint: https, on a public address.
    #[schemars(required, extend("format" = "uri"))]
    pub url: Option<String>,
    /// Event type names, or `["*"]`.
    #[schemars(required, length(min = 1), with = "Option<Vec<EventTypeName>>")]
    pub events: Option<Vec<String>>,
}

/// `POST /api/v1/webhooks` → 201 with the `whsec_...` signing secret, shown this once.
pub async fn create_webhook(
    caller: Caller,
    ValidJson(body): ValidJson<WebhookIn>,
) -> Result<(StatusCode, Json<WebhookCreated>), ApiError> {
    let mut errors = FieldErrors::default();
    let url = errors.required("url", body.url);
    let url = check_url(&mut errors, &caller.state, url).await;
    let events = errors.required("events", body.events);
    let events = check_events(&mut errors, caller.state.registry(), events);
    let (url, events) = errors.finish((url, events))?;
    let cx = caller.cx();
    if index::tallies::<Subscription>(cx, &[Tally::all()]).await?[0] >= MAX_SUBSCRIPTIONS as i64 {
        return Err(ApiError::limit_reached(format!(
            "A workspace may register at most {MAX_SUBSCRIPTIONS} webhooks; delete one first."
        )));
    }
    let subscription = Subscription {
        meta: Meta::default(),
        url,
        events,
        secret: webhooks::new_secret(),
        previous_secret: None,
        previous_secret_until: None,
        enabled: true,
        disabled_reason: None,
        failing_since: None,
    };
    let created = ops::insert_built(cx, subscription, Vec::new()).await?;
    let secret = created.secret.clone();
    Ok((
        StatusCode::CREATED,
        Json(WebhookCreated {
            webhook: created.into(),
            secret,
            previous_secret_valid_until: None,
        }),
    ))
}

/// Body of `PATCH /api/v1/webhooks/{id}`: every field optional.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(transform = shared::resource::patch_schema)]
pub struct WebhookPatch {
    #[schemars(extend("format" = "uri"))]
    pub url: Option<String>,
    #[schemars(length(min = 1), with = "Option<Vec<EventTypeName>>")]
    pub events: Option<Vec<String>>,
    /// `true` re-enables an endpoint the service disabled.
    pub enabled: Option<bool>,
    pub version: Option<u64>,
}

/// `PATCH /api/v1/webhooks/{id}`.
pub async fn update_webhook(
    caller: Caller,
    ValidPath(id): ValidPath<u64>,
    PatchJson(body): PatchJson<WebhookPatch>,
) -> Result<Json<WebhookOut>, ApiError> {
    let mut errors = FieldErrors::default();
    let url = check_url(&mut errors, &caller.state, body.url).await;
    let events = check_events(&mut errors, caller.state.registry(), body.events);
    errors.into_result(())?;
    let cx = caller.cx();
    let current = ops::load::<Subscription>(cx, id).await?;
    ops::check_version(&current, body.version)?;
    let mut updated = current.clone();
    if let Some(url) = url {
        updated.url = url;
    }
    if let Some(events) = events {
        updated.events = events;
    }
    if let Some(enabled) = body.enabled {
        updated.enabled = enabled;
        if enabled {
            updated.disabled_reason = None;
            updated.failing_since = None;
        }
    }
    Ok(Json(ops::save(cx, &current, updated, Vec::new()).await?.into()))
}

/// `POST /api/v1/webhooks/{id}/rotate-secret`: a new secret (shown once); the old one keeps signing
/// alongside it for 24 hours, so receivers can switch without missing a delivery.
pub async fn rotate_secret(caller: Caller, ValidPath(id): ValidPath<u64>) -> Result<Json<WebhookCreated>, ApiError> {
    let cx = caller.cx();
    let current = ops::load::<Subscription>(cx, id).await?;
    let overlap_until = now_unix() + ROTATION_OVERLAP_SECS;
    let mut updated = current.clone();
    updated.previous_secret = Some(current.secret.clone());
    updated.previous_secret_until = Some(overlap_until);
    updated.secret = webhooks::new_secret();
    let saved = ops::save(cx, &current, updated, Vec::new()).await?;
    let secret = saved.secret.clone();
    Ok(Json(WebhookCreated {
        webhook: saved.into(),
        secret,
        previous_secret_valid_until: Some(shared::time::unix_to_rfc3339(overlap_until)),
    }))
}

/// `POST /api/v1/webhooks/{id}/test`: a `webhook.test` event to this endpoint only (202: it is
/// delivered like any other; its outcome shows in the delivery log).
pub async fn send_test(caller: Caller, ValidPath(id): ValidPath<u64>) -> Result<(StatusCode, Json<Queued>), ApiError> {
    let subscription = ops::load::<Subscription>(caller.cx(), id).await?;
    if !subscription.enabled {
        return Err(ApiError::invalid_transition(
            "The webhook is disabled; enable it first.",
        ));
    }
    let event = events::Event::new(
        crate::WEBHOOK_TEST.name,
        json!(WebhookTest {
            webhook_id: id,
            message: TEST_MESSAGE,
        }),
    );
    // Through the outbox, like any event, so both the local worker and the cloud relay send it.
    let entry = events::OutboxEntry {
        tenant: caller.principal.tenant,
        event: event.clone(),
        subscription_id: Some(id),
        delivery_id: None,
    };
    caller.state.store().write(events::outbox_entry_write(entry)).await?;
    Ok((
        StatusCode::ACCEPTED,
        Json(Queued {
            message: "Test event queued.".into(),
            event_id: event.id,
        }),
    ))
}

/// Filters of the delivery log.
#[derive(Debug, Default, Serialize, Deserialize, JsonSchema)]
pub struct DeliveryFilters {
    /// `pending`, `delivered` or `failed` (the dead letters).
    pub status: Option<DeliveryStatus>,
}

/// The log's index filters: the endpoint's, or the endpoint's in one status.
#[derive(Serialize)]
struct DeliveryLog {
    subscription_id: Option<u64>,
    subscription_status: Option<String>,
}

/// `GET /api/v1/webhooks/{id}/deliveries`: the delivery log, one index query a page.
pub async fn list_deliveries(
    caller: Caller,
    ValidPath(id): ValidPath<u64>,
    Listing { params, filters }: Listing<DeliveryFilters>,
) -> Result<Json<ListResponse<Delivery>>, ApiError> {
    let cx = caller.cx();
    ops::load::<Subscription>(cx, id).await?;
    let listing = Listing {
        params,
        filters: match filters.status {
            Some(status) => DeliveryLog {
                subscription_id: None,
                subscription_status: Some(delivery::subscription_status(id, status)),
            },
            None => DeliveryLog {
                subscription_id: Some(id),
                subscription_status: None,
            },
        },
    };
    Ok(Json(index::list::<Delivery, _>(cx, &listing, None).await?.records()?))
}

/// `POST /api/v1/webhooks/deliveries/{id}/retry`: send again now (one more attempt).
pub async fn retry_delivery(
    Caller { state, principal }: Caller,
    ValidPath(id): ValidPath<u64>,
) -> Result<Json<Delivery>, ApiError> {
    let current: Delivery = state
        .store()
        .get_as(&delivery::delivery_key(principal.tenant, id))
        .await?
        .ok_or_else(|| ApiError::not_found("Delivery"))?;
    if current.status == DeliveryStatus::Pending && current.attempts.is_empty() {
        return Err(ApiError::invalid_transition(
            "The delivery has not been attempted yet; it is on its way.",
        ));
    }
    Ok(Json(delivery::retry_now(&state, principal.tenant, &current).await?))
}

/// An event type of the catalogue, with what its deliveries hold.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[schemars(rename = "EventType")]
pub struct EventTypeInfo {
    /// What a webhook's `events` names (`contact.created`).
    pub name: String,
    pub description: String,
    /// The JSON schema (OpenAPI 3.0's dialect, self-contained) of the `data` of this type's
    /// envelope.
    #[schemars(with = "serde_json::Map<String, serde_json::Value>")]
    pub schema: serde_json::Value,
    /// An example delivery of this type: its envelope, the `data` made from `schema` (the
    /// examples it gives, else placeholders of each field's type). Documentation, not an event
    /// that happened.
    pub sample: events::Event,
}

impl EventTypeInfo {
    /// `event_type` with the schema of its data and a sample made from that schema.
    pub fn of(event_type: &EventType) -> Self {
        let schema = shared::openapi::event_data_schema(event_type);
        Self {
            name: event_type.name.to_owned(),
            description: event_type.description.to_owned(),
            sample: event_type.sample(&schema),
            schema,
        }
    }
}

/// Each event type's entry, read once per process from `docs/event-types.json`, which
/// `monolith docs` writes from every module's event types (a test keeps it current): this
/// function serves the catalogue without linking the modules that emit the events.
fn catalogue() -> &'static [EventTypeInfo] {
    static CATALOGUE: std::sync::OnceLock<Vec<EventTypeInfo>> = std::sync::OnceLock::new();
    CATALOGUE.get_or_init(|| {
        serde_json::from_str(include_str!("../../../docs/event-types.json"))
            .expect("docs/event-types.json is the catalogue `monolith docs` writes")
    })
}

/// `GET /api/v1/webhooks/event-types`: each type with the schema of its data and a sample.
pub async fn list_event_types(
    ValidQuery(params): ValidQuery<ListParams>,
) -> Result<Json<ListResponse<&'static EventTypeInfo>>, ApiError> {
    Ok(Json(paginate(catalogue().iter().collect(), &params)?))
}
