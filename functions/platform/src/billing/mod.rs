//! Billing through a payment provider ([`stripe::PaymentProvider`], Stripe over HTTP at
//! `STRIPE_API_BASE`): a workspace's own subscription to its plan ([`workspace`], through Stripe
//! Checkout), and white-label billing, where a platform bills its sub-tenants:
//!
//! - `POST /api/wl/checkout` subscribes a sub-tenant to a white-label plan: a provider customer
//!   for the sub-tenant, a recurring price for the plan, and the subscription, kept as a
//!   [`Subscription`] record in the platform's tenant (one live subscription per sub-tenant).
//! - `GET /api/wl/subscriptions` (designed) lists them, by sub-tenant or status.
//! - `POST /api/wl/subscription/{payment_subscription_id}/cancel` cancels it at the provider and
//!   records the provider's answer.
//! - `POST /api/wl/webhook-callback` is the provider's: authenticated only by `Stripe-Signature`
//!   ([`signature`]: the signing secret, a 5-minute timestamp tolerance, constant-time compare).
//!   Each event id is recorded in the transaction that applies it, so a replayed event changes
//!   nothing; a `customer.subscription.*` event makes billing read the subscription back from
//!   the provider and keep its status and period (events arrive in any order), on the
//!   white-label subscription or the workspace it belongs to; `checkout.session.completed`
//!   starts a workspace's subscription.
//! - `POST /api/wl/connect/onboard` and `GET /api/wl/connect/status`: the platform's own
//!   connected account (Stripe Connect, Express), to be paid out.

pub mod signature;
pub mod stripe;
pub mod workspace;

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use shared::auth::Module;
use shared::handlers::Caller;
use shared::http::Json;
use shared::http::{ApiError, FieldErrors, ValidJson, ValidPath};
use shared::money::Money;
use shared::resource::index::{self, IndexValue};
use shared::resource::unique::{self, Unique};
use shared::resource::{ops, Cx, Events, Filter, Lists, Meta, NoChange, Ref, Resource, Sort};
use shared::routes::{Build, Crud, Op, Routes};
use shared::store::{Condition, GlobalIndex, Item, Key, StoreExt, TenantId, Write};
use shared::time::{now_unix, unix_to_rfc3339};
use shared::AppState;

use crate::tenants::{SubTenant, WlPlan};
use stripe::{PaymentProvider, ProviderError, ProviderSubscription, RecurringPrice, Stripe};

/// The billing routes (white-label module, `platform.write`; the provider's callback is public).
pub fn routes<B: Build>(routes: Routes<B>) -> Routes<B> {
    routes
        .row(
            Op::get("/api/billing", workspace::show)
                .read(Module::Users)
                .ok::<workspace::BillingOut>()
                .summary("The workspace's plan, its trial or subscription, and whether it is read-only"),
        )
        .row(
            Op::post("/api/billing/checkout", workspace::checkout)
                .write(Module::Users)
                .live_only()
                .open_while_read_only()
                .body::<workspace::PlanCheckoutIn>()
                .created::<workspace::CheckoutOut>()
                .answers(&[409, 422, 503])
                .summary("Subscribe the workspace to a plan: a hosted checkout page to pay at")
                .details("Send the customer to `checkout_url`; the payment provider sends them back to the dashboard's billing page. The subscription starts when the provider reports the payment (usually within seconds) and lifts a read-only state at once. 409 `already_subscribed` while a subscription is live; 422 `billing_not_configured` on a deployment without a payment provider."),
        )
        .row(
            Op::post("/api/billing/cancel", workspace::cancel)
                .write(Module::Users)
                .live_only()
                .open_while_read_only()
                .ok::<workspace::BillingOut>()
                .answers(&[409, 422, 503])
                .summary("Cancel the subscription at the end of the paid period")
                .details("Writes go on until `current_period_end`; then the workspace becomes read-only (402 `subscription_ended` on writes), and nothing is deleted. `POST /api/billing/resume` takes the cancel back until then."),
        )
        .row(
            Op::post("/api/billing/resume", workspace::resume)
                .write(Module::Users)
                .live_only()
                .open_while_read_only()
                .ok::<workspace::BillingOut>()
                .answers(&[409, 422, 503])
                .summary("Take back a cancel before the paid period ends"),
        )
        .row(
            Op::get("/api/billing/invoices", workspace::invoices)
                .read(Module::Users)
                .ok::<workspace::BillingInvoices>()
                .answers(&[422, 503])
                .summary("The workspace's invoices from the payment provider, newest first"),
        )
        .row(
            Op::post("/api/wl/checkout", checkout)
                .write(Module::Platform)
                .body::<CheckoutIn>()
                .created::<Subscription>()
                .answers(&[409, 422, 503])
                .summary("Subscribe a sub-tenant to a white-label plan through the payment provider"),
        )
        .resource::<Subscription>(Crud::new().list("/api/wl/subscriptions").show("/api/wl/subscriptions/{id}"))
        .row(
            Op::post("/api/wl/subscription/{payment_subscription_id}/cancel", cancel)
                .write(Module::Platform)
                .ok::<Subscription>()
                .answers(&[404, 409, 422, 503])
                .summary("Cancel a sub-tenant's subscription at the payment provider"),
        )
        .row(
            Op::post("/api/wl/webhook-callback", webhook)
                .public()
                .body::<ProviderEvent>()
                .ok::<Received>()
                .answers(&[400])
                .summary("The payment provider's events, authenticated by their Stripe-Signature"),
        )
        .row(
            Op::post("/api/wl/connect/onboard", onboard)
                .write(Module::Platform)
                .body::<OnboardIn>()
                .ok::<Onboarding>()
                .answers(&[422, 503])
                .summary("Open (once) the platform's connected account and get an onboarding link"),
        )
        .row(
            Op::get("/api/wl/connect/status", connect_status)
                .read(Module::Platform)
                .ok::<ConnectStatus>()
                .answers(&[404, 422, 503])
                .summary("The platform's connected account as the payment provider reports it"),
        )
}

/// Longest free trial a checkout may start with.
const MAX_TRIAL_DAYS: u32 = 90;

/// A sub-tenant's subscription to a white-label plan, as the provider last reported it.
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
pub struct Subscription {
    #[serde(flatten)]
    pub meta: Meta,
    /// The sub-tenant (its record's id in `/api/wl/tenants`).
    pub tenant_id: u64,
    pub plan_id: u64,
    /// `stripe`.
    pub provider: String,
    pub payment_customer_id: String,
    pub payment_subscription_id: String,
    /// The provider's status: `incomplete`, `trialing`, `active`, `past_due`, `canceled`,
    /// `unpaid`, ...
    pub status: String,
    pub amount: Money,
    pub currency: String,
    /// Billed every month.
    pub interval: String,
    pub current_period_end: Option<String>,
    pub canceled_at: Option<String>,
    /// The id of the last provider event applied.
    pub last_event_id: Option<String>,
}

/// `?tenant_id=` and `?status=` on a listing.
#[derive(Debug, Default, Serialize, Deserialize, JsonSchema)]
pub struct SubscriptionFilters {
    pub tenant_id: Option<u64>,
    pub status: Option<String>,
}

impl Resource for Subscription {
    const KIND: &'static str = "wl_subscription";
    const NAME: &'static str = "Subscription";
    const MODULE: Module = Module::Platform;
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[Sort::new("status", |s| IndexValue::text(&s.status))],
        filters: &[
            Filter::<Self>::one("tenant_id", |s| IndexValue::id(s.tenant_id)),
            Filter::<Self>::one("status", |s| IndexValue::text(&s.status)),
        ],
        sums: &[],
    };
    const UNIQUE: &'static [Unique<Self>] = &[Unique::new("payment_subscription_id", |s| {
        Some(s.payment_subscription_id.clone())
    })];
    const REFS: &'static [Ref<Self>] = &[
        Ref::to(<SubTenant as Resource>::KIND, |s| vec![s.tenant_id]),
        Ref::to(<WlPlan as Resource>::KIND, |s| vec![s.plan_id]),
    ];
    const EVENTS: Events = Events::NONE;
    type In = NoChange;
    type Patch = NoChange;
    type Out = Subscription;
    type Filters = SubscriptionFilters;
    shared::meta_field!();

    fn search_text(&self) -> String {
        self.payment_subscription_id.clone()
    }
}

impl Subscription {
    fn is_live(&self) -> bool {
        !matches!(self.status.as_str(), "canceled" | "incomplete_expired")
    }

    /// Takes the provider's view of the subscription.
    fn follow(&mut self, reported: &ProviderSubscription) {
        self.status.clone_from(&reported.status);
        self.current_period_end = reported.current_period_end.map(unix_to_rfc3339);
        self.canceled_at = match (reported.canceled_at, self.is_live()) {
            (Some(at), _) => Some(unix_to_rfc3339(at)),
            // A provider that leaves the time out (localstripe): when we learnt of it.
            (None, false) => self.canceled_at.take().or_else(|| Some(unix_to_rfc3339(now_unix()))),
            (None, true) => None,
        };
    }
}

/// Where the provider's webhook finds a subscription: its tenant and record.
fn lookup_key(payment_subscription_id: &str) -> Key {
    Key::global(
        GlobalIndex::Platform,
        &format!("stripe-subscription#{payment_subscription_id}"),
    )
}

/// The marker of a provider event already applied.
fn event_key(event_id: &str) -> Key {
    Key::global(GlobalIndex::Platform, &format!("stripe-event#{event_id}"))
}

/// The configured provider, or 422 `billing_not_configured`.
fn provider(state: &AppState) -> Result<Stripe, ApiError> {
    let config = state.config();
    let key = config
        .stripe_secret_key
        .as_ref()
        .ok_or_else(|| ApiError::Unprocessable {
            code: "billing_not_configured",
            message: "Billing is not configured on this deployment (STRIPE_SECRET_KEY).".into(),
        })?;
    Ok(Stripe::new(&config.stripe_api_base, key.expose()))
}

/// The provider's failure as the caller sees it: a refusal is 422 with its message, an outage 503.
fn provider_failed(error: ProviderError) -> ApiError {
    match error {
        ProviderError::Refused(message) => ApiError::Unprocessable {
            code: "payment_provider_refused",
            message: format!("The payment provider refused: {message}"),
        },
        ProviderError::Unavailable(cause) => ApiError::Unavailable(anyhow::anyhow!(cause)),
    }
}

/// The longest payment method id the provider gives (`pm_...`).
const PAYMENT_METHOD_CHARS: usize = 255;

/// Body of `POST /api/wl/checkout`.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(example = json!({"tenant_id": 1, "plan_id": 1, "trial_days": 14}))]
pub struct CheckoutIn {
    /// The sub-tenant to bill.
    #[schemars(required, transform = shared::http::schema::id)]
    pub tenant_id: Option<u64>,
    /// A white-label plan with a price; defaults to the sub-tenant's assigned plan.
    #[schemars(transform = shared::http::schema::id)]
    pub plan_id: Option<u64>,
    /// A free trial before the first charge.
    #[schemars(range(max = 90))]
    pub trial_days: Option<u32>,
    /// The provider's payment method the platform's page collected (Stripe.js `pm_...`); without
    /// one or a trial, the provider refuses to start the subscription (422).
    #[schemars(length(min = 4, max = PAYMENT_METHOD_CHARS), regex(pattern = r"^pm_[A-Za-z0-9_]+$"))]
    pub payment_method: Option<String>,
}

/// `POST /api/wl/checkout` → 201 with the subscription.
pub async fn checkout(
    caller: Caller,
    ValidJson(input): ValidJson<CheckoutIn>,
) -> Result<(StatusCode, Json<Subscription>), ApiError> {
    let mut errors = FieldErrors::default();
    let tenant_id = errors.required("tenant_id", input.tenant_id);
    if input.trial_days.is_some_and(|d| d > MAX_TRIAL_DAYS) {
        errors.add("trial_days", format!("A trial lasts at most {MAX_TRIAL_DAYS} days."));
    }
    let well_formed = |m: &str| {
        m.len() <= PAYMENT_METHOD_CHARS
            && m.strip_prefix("pm_")
                .is_some_and(|rest| !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_'))
    };
    if input.payment_method.as_deref().is_some_and(|m| !well_formed(m)) {
        errors.add(
            "payment_method",
            "A payment method is the provider's id, `pm_` and letters or digits.",
        );
    }
    let tenant_id = errors.finish(tenant_id)?;
    let cx = caller.cx();
    let tenant = ops::check_reference::<SubTenant>(cx, "tenant_id", tenant_id).await?;
    let plan_id = input.plan_id.or(tenant.plan_id).ok_or_else(|| {
        ApiError::invalid(
            "plan_id",
            "The sub-tenant has no plan assigned: name the plan to bill (plan_id).",
        )
    })?;
    let plan = ops::check_reference::<WlPlan>(cx, "plan_id", plan_id).await?;
    if plan.price_monthly == Money::ZERO {
        return Err(ApiError::invalid(
            "plan_id",
            format!("Plan {} is free: there is nothing to bill.", plan.name),
        ));
    }
    let theirs = Some(("tenant_id", IndexValue::id(tenant_id)));
    let latest = index::top::<Subscription>(cx, theirs, "id", true, 1).await?.pop();
    if let Some(live) = latest.as_ref().filter(|s| s.is_live()) {
        return Err(ApiError::Conflict {
            code: "already_subscribed",
            message: format!(
                "Sub-tenant {tenant_id} already has subscription {} ({}); cancel it first.",
                live.payment_subscription_id, live.status
            ),
        });
    }
    let stripe = provider(&caller.state)?;
    // The same checkout asked again (after a provider failure midway, or a crash before the
    // record below was stored) sends the same keys, so the provider answers with what the first
    // attempt made instead of a second customer, price and subscription. What is asked and the
    // sub-tenant's latest subscription are in the key: a changed request, or a new checkout after
    // a cancel, is a new one.
    let asked = format!(
        "{}:{tenant_id}:{plan_id}:{:?}:{:?}:{}",
        cx.tenant(),
        input.trial_days,
        input.payment_method,
        latest.map_or(0, |s| s.meta.id)
    );
    let key = |call: &str| format!("worktop-checkout-{}-{call}", shared::auth::api_key::hash(&asked));
    // The provider's metadata names the platform and the sub-tenant billed: the same on a retry,
    // as a key's request must be.
    let reference = format!("{}:{tenant_id}", cx.tenant());
    let customer = stripe
        .create_customer(
            tenant.owner_email.as_str(),
            &tenant.name,
            &reference,
            input.payment_method.as_deref(),
            &key("customer"),
        )
        .await
        .map_err(provider_failed)?;
    let price = RecurringPrice {
        product_name: &plan.name,
        amount_minor: plan.price_monthly.cents(),
        currency: &plan.currency,
        interval: "month",
    };
    let price = stripe
        .create_price(&price, &key("price"))
        .await
        .map_err(provider_failed)?;
    let reported = stripe
        .create_subscription(&customer, &price, input.trial_days, &reference, &key("subscription"))
        .await
        .map_err(provider_failed)?;
    let id = ops::reserve_id::<Subscription>(cx).await?;
    let mut subscription = Subscription {
        meta: Meta { id, ..Meta::default() },
        tenant_id,
        plan_id,
        provider: "stripe".into(),
        payment_customer_id: customer,
        payment_subscription_id: reported.id.clone(),
        status: String::new(),
        amount: plan.price_monthly,
        currency: plan.currency.clone(),
        interval: "month".into(),
        current_period_end: None,
        canceled_at: None,
        last_event_id: None,
    };
    subscription.follow(&reported);
    let lookup = Item::from_value(lookup_key(&reported.id), &json!({"tenant": cx.tenant().0, "id": id}))?;
    let created = ops::insert_built(cx, subscription, vec![Write::put(lookup, Condition::Always)]).await?;
    Ok((StatusCode::CREATED, Json(created)))
}

/// The platform's subscription with this provider id (404 when it is another's or unknown).
async fn by_provider_id(cx: Cx<'_>, payment_subscription_id: &str) -> Result<Subscription, ApiError> {
    let id = unique::holder::<Subscription>(cx, "payment_subscription_id", payment_subscription_id)
        .await?
        .ok_or_else(|| ApiError::not_found("Subscription"))?;
    ops::load::<Subscription>(cx, id).await
}

/// `POST /api/wl/subscription/{payment_subscription_id}/cancel` → the cancelled subscription.
pub async fn cancel(
    caller: Caller,
    ValidPath(payment_subscription_id): ValidPath<String>,
) -> Result<Json<Subscription>, ApiError> {
    let cx = caller.cx();
    let current = by_provider_id(cx, &payment_subscription_id).await?;
    if !current.is_live() {
        return Err(ApiError::invalid_transition(format!(
            "Subscription {payment_subscription_id} is already {}.",
            current.status
        )));
    }
    let reported = provider(&caller.state)?
        .cancel_subscription(&payment_subscription_id)
        .await
        .map_err(provider_failed)?;
    let mut cancelled = current.clone();
    cancelled.follow(&reported);
    Ok(Json(ops::save(cx, &current, cancelled, Vec::new()).await?))
}

/// A provider event, as much of it as billing reads.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ProviderEvent {
    pub id: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub data: ProviderEventData,
}

#[derive(Debug, Deserialize, JsonSchema)]
pub struct ProviderEventData {
    pub object: Value,
}

/// Answer of `POST /api/wl/webhook-callback`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Received {
    pub received: bool,
    /// `applied`, `duplicate` (this event id was applied before) or `ignored` (not an event
    /// billing follows, or a subscription it does not know).
    pub outcome: String,
}

fn received(outcome: &str) -> Json<Received> {
    Json(Received {
        received: true,
        outcome: outcome.into(),
    })
}

/// `POST /api/wl/webhook-callback`: the provider's signed events. 400 `invalid_signature`
/// unless `Stripe-Signature` verifies; nothing changes then.
pub async fn webhook(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Json<Received>, ApiError> {
    let secret = state.config().stripe_webhook_secret.as_ref();
    let header = headers.get("stripe-signature").and_then(|v| v.to_str().ok());
    let verified = match secret {
        Some(secret) => signature::verify(secret.expose(), header, &body, now_unix()).map_err(|e| e.to_string()),
        None => Err("no webhook signing secret is configured (STRIPE_WEBHOOK_SECRET)".into()),
    };
    if let Err(why) = verified {
        return Err(ApiError::BadRequest {
            code: "invalid_signature",
            message: format!("The callback is refused: {why}."),
        });
    }
    let event: ProviderEvent =
        serde_json::from_slice(&body).map_err(|e| ApiError::MalformedJson(format!("The event does not parse: {e}")))?;
    let event_id = event.id.clone();
    let marker = Item::from_value(event_key(&event.id), &json!({"type": event.kind, "at": now_unix()}))?;
    if state.store().get(&marker.key).await?.is_some() {
        return Ok(received("duplicate"));
    }
    let marker_write = Write::put(marker, Condition::NotExists);
    let applied = match event.kind.as_str() {
        "checkout.session.completed" => {
            let session_id = event.data.object.get("id").and_then(Value::as_str).unwrap_or_default();
            workspace::checkout_completed(&state, &provider(&state)?, session_id, marker_write.clone())
                .await
                .map(|done| done.is_some())
        }
        kind if kind.starts_with("customer.subscription.") => {
            subscription_event(&state, event, marker_write.clone()).await
        }
        _ => Ok(false),
    };
    match applied {
        Ok(true) => Ok(received("applied")),
        // Recorded all the same, so a replay of it is a duplicate too.
        Ok(false) => match state.store().write(marker_write).await {
            Ok(()) => Ok(received("ignored")),
            Err(shared::store::StoreError::ConditionFailed { .. }) => Ok(received("duplicate")),
            Err(e) => Err(e.into()),
        },
        // The marker commits with the change: of two deliveries at once, one applies it.
        Err(ApiError::Conflict { .. }) if state.store().get(&event_key(&event_id)).await?.is_some() => {
            Ok(received("duplicate"))
        }
        Err(e) => Err(e),
    }
}

/// A `customer.subscription.*` event: the subscription it names, read back from the provider
/// (events arrive in any order: a `created` after the cancel that followed it, so the latest
/// state wins whatever the order), applied to the white-label subscription or the workspace it
/// belongs to. `false` for a subscription this deployment does not know.
async fn subscription_event(state: &AppState, event: ProviderEvent, marker: Write) -> Result<bool, ApiError> {
    let carried: ProviderSubscription = serde_json::from_value(event.data.object)
        .map_err(|e| ApiError::MalformedJson(format!("The event's subscription does not parse: {e}")))?;
    let Some(found) = state.store().get(&lookup_key(&carried.id)).await? else {
        return Ok(false);
    };
    // The provider down: 503, and it delivers the event again later.
    let reported = match provider(state) {
        Ok(stripe) => stripe.subscription(&carried.id).await.map_err(provider_failed)?,
        Err(_) => carried,
    };
    if let Some(tenant) = found.data.get("workspace").and_then(Value::as_u64) {
        workspace::subscription_changed(state, TenantId(tenant), &reported, marker).await?;
        return Ok(true);
    }
    let (tenant, id) = (
        found.data.get("tenant").and_then(Value::as_u64),
        found.data.get("id").and_then(Value::as_u64),
    );
    let (Some(tenant), Some(id)) = (tenant, id) else {
        return Err(ApiError::internal(anyhow::anyhow!("a malformed subscription lookup")));
    };
    let cx = Cx::system(state, TenantId(tenant), 0);
    let current = ops::load::<Subscription>(cx, id).await?;
    let mut next = current.clone();
    next.follow(&reported);
    next.last_event_id = Some(event.id.clone());
    ops::save(cx, &current, next, vec![marker]).await?;
    Ok(true)
}

/// The platform's connected account (one per platform workspace).
#[derive(Clone, Debug, Default, Serialize, Deserialize, JsonSchema)]
pub struct ConnectStatus {
    pub account_id: String,
    pub details_submitted: bool,
    pub charges_enabled: bool,
    pub payouts_enabled: bool,
}

fn connect_key(cx: Cx<'_>) -> Key {
    Key::new(shared::store::Partition::tenant(cx.tenant(), "wl_connect"), "account")
}

/// The longest URL the provider is sent back to.
const URL_CHARS: usize = 2000;

/// Body of `POST /api/wl/connect/onboard`.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(example = json!({"refresh_url": "https://platform.example/billing/retry", "return_url": "https://platform.example/billing/done"}))]
pub struct OnboardIn {
    /// Where the provider sends the user when the link expired.
    #[schemars(required, url, length(max = URL_CHARS))]
    pub refresh_url: Option<String>,
    /// Where the provider sends the user when onboarding is done.
    #[schemars(required, url, length(max = URL_CHARS))]
    pub return_url: Option<String>,
}

/// Answer of `POST /api/wl/connect/onboard`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Onboarding {
    pub account_id: String,
    /// The provider's onboarding page, for the platform's owner to open.
    pub onboarding_url: String,
}

fn https_url(errors: &mut FieldErrors, field: &str, value: Option<String>) -> Option<String> {
    let value = errors.required(field, value)?;
    match url::Url::parse(&value) {
        Ok(url) if matches!(url.scheme(), "https" | "http") && value.len() <= URL_CHARS => Some(value),
        _ => {
            errors.add(field, format!("The {field} must be an http(s) URL."));
            None
        }
    }
}

/// `POST /api/wl/connect/onboard`: the platform's connected account (made once) and a fresh
/// onboarding link.
pub async fn onboard(caller: Caller, ValidJson(input): ValidJson<OnboardIn>) -> Result<Json<Onboarding>, ApiError> {
    let mut errors = FieldErrors::default();
    let refresh_url = https_url(&mut errors, "refresh_url", input.refresh_url);
    let return_url = https_url(&mut errors, "return_url", input.return_url);
    let (refresh_url, return_url) = errors.finish((refresh_url, return_url))?;
    let cx = caller.cx();
    let stripe = provider(&caller.state)?;
    let account = match cx.store().get_as::<ConnectStatus>(&connect_key(cx)).await? {
        Some(known) => known.account_id,
        None => {
            let email = caller
                .principal
                .records
                .user_text("email")
                .unwrap_or_default()
                .to_owned();
            // Keyed by the platform: a retry after a crash before the write below gets the same
            // account from the provider.
            let key = format!("worktop-connect-account-{}", cx.tenant());
            let created = stripe.create_account(&email, &key).await.map_err(provider_failed)?;
            let status = ConnectStatus {
                account_id: created.id.clone(),
                details_submitted: created.details_submitted,
                charges_enabled: created.charges_enabled,
                payouts_enabled: created.payouts_enabled,
            };
            let item = Item::from_value(connect_key(cx), &status)?;
            // Two onboardings at once keep the first account.
            match cx.store().write(Write::put(item, Condition::NotExists)).await {
                Ok(()) => created.id,
                Err(shared::store::StoreError::ConditionFailed { .. }) => {
                    cx.store()
                        .get_as::<ConnectStatus>(&connect_key(cx))
                        .await?
                        .ok_or_else(|| ApiError::internal(anyhow::anyhow!("the connected account vanished")))?
                        .account_id
                }
                Err(e) => return Err(e.into()),
            }
        }
    };
    let onboarding_url = stripe
        .onboarding_link(&account, &refresh_url, &return_url)
        .await
        .map_err(provider_failed)?;
    Ok(Json(Onboarding {
        account_id: account,
        onboarding_url,
    }))
}

/// `GET /api/wl/connect/status`: the connected account as the provider reports it now (404
/// before onboarding).
pub async fn connect_status(caller: Caller) -> Result<Json<ConnectStatus>, ApiError> {
    let cx = caller.cx();
    let known = cx
        .store()
        .get_as::<ConnectStatus>(&connect_key(cx))
        .await?
        .ok_or_else(|| {
            ApiError::NotFound("This platform has no connected account yet: POST /api/wl/connect/onboard.".into())
        })?;
    let reported = provider(&caller.state)?
        .account(&known.account_id)
        .await
        .map_err(provider_failed)?;
    Ok(Json(ConnectStatus {
        account_id: reported.id,
        details_submitted: reported.details_submitted,
        charges_enabled: reported.charges_enabled,
        payouts_enabled: reported.payouts_enabled,
    }))
}
