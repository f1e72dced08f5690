//! A workspace's own subscription to its Worktop plan, through Stripe Checkout.
//!
//! - `POST /api/billing/checkout` makes a hosted checkout page for a plan's monthly price (one
//!   provider price per plan and amount, made once) and answers its address; the customer pays
//!   there and comes back to the dashboard's billing page.
//! - The provider's `checkout.session.completed` (at the one callback, [`super::webhook`]) puts
//!   the subscription on the workspace, which lifts its read-only state at once; each later
//!   `customer.subscription.*` event follows it, and one that ends it makes the workspace
//!   read-only again (`subscription_ended`), nothing deleted.
//! - `POST /api/billing/cancel` cancels at the period's end (writes go on until then);
//!   `POST /api/billing/resume` takes that back.
//!
//! The workspace record holds the subscription, so the request gate reads it with the workspace
//! it reads anyway: no store call of its own on any request.

use axum::http::StatusCode;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::json;
use shared::auth::records::{ReadOnly, ReadOnlyCode};
use shared::auth::Principal;
use shared::handlers::Caller;
use shared::http::{ApiError, FieldErrors, Json, ValidJson};
use shared::plans::Plan;
use shared::store::{Condition, GlobalIndex, Item, Key, StoreError, StoreExt, TenantId, Write};
use shared::time::{now_rfc3339, unix_to_rfc3339};
use shared::AppState;

use identity::workspace::{PlanStanding, PlanSubscription, Workspace};

use super::stripe::{CheckoutRequest, PaymentProvider, ProviderSubscription, RecurringPrice};
use super::{provider, provider_failed};
use crate::tenants::{load_workspace, workspace_write};

/// `GET /api/billing` and what the billing routes answer.
#[derive(Debug, Serialize, JsonSchema)]
pub struct BillingOut {
    pub plan: identity::profile::WorkspacePlan,
    #[serde(flatten)]
    pub standing: PlanStanding,
    /// Its subscription, once a checkout completed; null before.
    pub subscription: Option<WorkspaceSubscription>,
    /// Whether this deployment bills through a payment provider; without one a checkout answers
    /// 422 `billing_not_configured`.
    pub configured: bool,
}

/// A workspace's subscription as the provider last reported it.
#[derive(Debug, Serialize, JsonSchema)]
pub struct WorkspaceSubscription {
    /// A plan id of `GET /api/public/plans`.
    pub plan_id: String,
    /// The provider's status: `active`, `trialing`, `past_due`, `canceled`, `unpaid`, ...
    pub status: String,
    /// RFC 3339: when the paid period ends (and a cancelled subscription with it).
    pub current_period_end: Option<String>,
    pub cancel_at_period_end: bool,
}

fn billing_out(state: &AppState, workspace: &Workspace) -> BillingOut {
    BillingOut {
        plan: identity::profile::WorkspacePlan::of(&workspace.plan),
        standing: PlanStanding::from(workspace),
        subscription: workspace.subscription.as_ref().map(|s| WorkspaceSubscription {
            plan_id: s.plan.clone(),
            status: s.status.clone(),
            current_period_end: s.current_period_end.clone(),
            cancel_at_period_end: s.cancel_at_period_end,
        }),
        configured: state.config().stripe_secret_key.is_some(),
    }
}

/// `GET /api/billing`: the plan, its state and the subscription.
pub async fn show(Caller { state, principal }: Caller) -> Result<Json<BillingOut>, ApiError> {
    let workspace: Workspace = principal.records.workspace.parse()?;
    Ok(Json(billing_out(&state, &workspace)))
}

/// Body of `POST /api/billing/checkout`.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(example = json!({"plan_id": "pro"}))]
pub struct PlanCheckoutIn {
    /// A plan of `GET /api/public/plans`, billed monthly.
    #[schemars(required, transform = plan_ids)]
    pub plan_id: Option<String>,
}

/// One of the plan ids.
fn plan_ids(schema: &mut schemars::Schema) {
    shared::http::schema::values(schema, shared::plans::PLANS.iter().map(|p| p.id), false);
    schema.insert("type".into(), json!("string"));
}

/// Answer of `POST /api/billing/checkout`.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
pub struct CheckoutOut {
    /// The provider's checkout session.
    pub session_id: String,
    /// The hosted payment page to send the customer to; it sends them back to the dashboard.
    pub checkout_url: String,
}

/// The marker of a checkout this deployment opened: which workspace and plan it is for.
fn checkout_key(session_id: &str) -> Key {
    Key::global(GlobalIndex::Platform, &format!("stripe-checkout#{session_id}"))
}

/// Where the provider's subscription events find the workspace (beside the white-label
/// subscriptions' entries, [`super::lookup_key`], under the same key).
fn subscription_lookup(subscription_id: &str, tenant: TenantId) -> Result<Write, StoreError> {
    let item = Item::from_value(super::lookup_key(subscription_id), &json!({"workspace": tenant.0}))?;
    Ok(Write::put(item, Condition::Always))
}

/// The provider's monthly price of `plan`, made once per plan and amount and kept.
async fn price_of(state: &AppState, stripe: &dyn PaymentProvider, plan: &Plan) -> Result<String, ApiError> {
    let key = Key::global(
        GlobalIndex::Platform,
        &format!("stripe-price#{}#{}#{}", plan.id, plan.price_monthly, plan.currency),
    );
    if let Some(known) = state.store().get(&key).await? {
        if let Some(id) = known.data.get("id").and_then(|v| v.as_str()) {
            return Ok(id.to_owned());
        }
    }
    let price = RecurringPrice {
        product_name: &format!("Worktop {}", plan.name),
        amount_minor: i64::from(plan.price_monthly) * 100,
        currency: plan.currency,
        interval: "month",
    };
    // Two first checkouts at once send the same key and get the same price.
    let idempotency_key = format!(
        "worktop-plan-price-{}-{}-{}",
        plan.id, plan.price_monthly, plan.currency
    );
    let id = stripe
        .create_price(&price, &idempotency_key)
        .await
        .map_err(provider_failed)?;
    let item = Item::from_value(key, &json!({"id": id}))?;
    state.store().write(Write::put(item, Condition::Always)).await?;
    Ok(id)
}

/// `POST /api/billing/checkout` → 201 with the hosted page to pay at.
pub async fn checkout(
    Caller { state, principal }: Caller,
    ValidJson(input): ValidJson<PlanCheckoutIn>,
) -> Result<(StatusCode, Json<CheckoutOut>), ApiError> {
    let mut errors = FieldErrors::default();
    let plan_id = errors.required("plan_id", input.plan_id);
    let plan_id = errors.finish(plan_id)?;
    let plan = shared::plans::find(&plan_id).ok_or_else(|| {
        let ids: Vec<&str> = shared::plans::PLANS.iter().map(|p| p.id).collect();
        ApiError::invalid(
            "plan_id",
            format!("`{plan_id}` is not a plan; choose one of: {}.", ids.join(", ")),
        )
    })?;
    let workspace: Workspace = principal.records.workspace.parse()?;
    if let Some(live) = workspace.subscription.as_ref().filter(|s| s.is_live()) {
        return Err(ApiError::Conflict {
            code: "already_subscribed",
            message: format!(
                "This workspace is subscribed to {} already ({}); cancel it first, or resume it if it is ending.",
                live.plan, live.status
            ),
        });
    }
    // A double click (or a retry) before anything changed gets the page made first, not a second
    // one that could be paid for too; it is kept while Stripe keeps a page open (24 hours).
    let open_key = Key::global(
        GlobalIndex::Platform,
        &format!(
            "stripe-open-checkout#{}#{}#{}",
            workspace.id, plan.id, workspace.version
        ),
    );
    if let Some(open) = state.store().get_as::<CheckoutOut>(&open_key).await? {
        return Ok((StatusCode::CREATED, Json(open)));
    }
    let stripe = provider(&state)?;
    let price = price_of(&state, &stripe, plan).await?;
    let email = principal.records.user_text("email").unwrap_or_default().to_owned();
    let success_url = identity::email::dashboard_link(&state, "billing?checkout=success");
    let cancel_url = identity::email::dashboard_link(&state, "billing?checkout=canceled");
    let reference = workspace.id.0.to_string();
    let request = CheckoutRequest {
        price: &price,
        customer: workspace.subscription.as_ref().map(|s| s.customer_id.as_str()),
        email: &email,
        reference: &reference,
        success_url: &success_url,
        cancel_url: &cancel_url,
    };
    let session = stripe
        .create_checkout(
            &request,
            &format!("worktop-plan-checkout-{}", shared::events::new_message_id()),
        )
        .await
        .map_err(provider_failed)?;
    let opened = CheckoutOut {
        checkout_url: session
            .url
            .clone()
            .ok_or_else(|| ApiError::Unavailable(anyhow::anyhow!("the provider's checkout has no page")))?,
        session_id: session.id,
    };
    let marker = Item::from_value(
        checkout_key(&opened.session_id),
        &json!({"workspace": workspace.id.0, "plan": plan.id}),
    )?;
    let mut open = Item::from_value(open_key.clone(), &opened)?;
    open.expires_at = Some(shared::time::now_unix() + 23 * 3600);
    let writes = vec![
        Write::put(open, Condition::NotExists),
        Write::put(marker, Condition::Always),
    ];
    match state.store().transact(writes).await {
        Ok(()) => Ok((StatusCode::CREATED, Json(opened))),
        // Two clicks at once: the first page stays the one; the other is left to expire.
        Err(StoreError::ConditionFailed { .. }) => match state.store().get_as::<CheckoutOut>(&open_key).await? {
            Some(first) => Ok((StatusCode::CREATED, Json(first))),
            None => Err(ApiError::concurrent_change()),
        },
        Err(e) => Err(e.into()),
    }
}

/// The caller's live subscription, or 409.
fn live_subscription(workspace: &Workspace) -> Result<&PlanSubscription, ApiError> {
    workspace
        .subscription
        .as_ref()
        .filter(|s| s.is_live())
        .ok_or_else(|| ApiError::invalid_transition("This workspace has no subscription to change; subscribe first."))
}

/// `POST /api/billing/cancel`: the subscription ends at the end of the paid period.
pub async fn cancel(Caller { state, principal }: Caller) -> Result<Json<BillingOut>, ApiError> {
    set_cancel(&state, &principal, true).await
}

/// `POST /api/billing/resume`: a cancelled subscription goes on after all.
pub async fn resume(Caller { state, principal }: Caller) -> Result<Json<BillingOut>, ApiError> {
    set_cancel(&state, &principal, false).await
}

async fn set_cancel(state: &AppState, principal: &Principal, cancel: bool) -> Result<Json<BillingOut>, ApiError> {
    let workspace: Workspace = principal.records.workspace.parse()?;
    let subscription = live_subscription(&workspace)?;
    if subscription.cancel_at_period_end == cancel {
        return Err(ApiError::invalid_transition(match cancel {
            true => "The subscription is cancelled already; it ends at the period's end.",
            false => "The subscription is not cancelled; there is nothing to resume.",
        }));
    }
    let reported = provider(state)?
        .cancel_at_period_end(&subscription.subscription_id, cancel)
        .await
        .map_err(provider_failed)?;
    let updated = follow(state, principal.account_tenant, &reported, None, Vec::new()).await?;
    Ok(Json(billing_out(state, &updated)))
}

/// A checkout the provider reports complete: the workspace takes its subscription (the plan of
/// the checkout), in the transaction of `marker` (the event's). `None` when no checkout of this
/// deployment's has that id.
pub(super) async fn checkout_completed(
    state: &AppState,
    stripe: &dyn PaymentProvider,
    session_id: &str,
    marker: Write,
) -> Result<Option<()>, ApiError> {
    let Some(opened) = state.store().get(&checkout_key(session_id)).await? else {
        return Ok(None);
    };
    let tenant = opened.data.get("workspace").and_then(|v| v.as_u64());
    let plan = opened.data.get("plan").and_then(|v| v.as_str());
    let (Some(tenant), Some(plan)) = (tenant, plan) else {
        return Err(ApiError::internal(anyhow::anyhow!("a malformed checkout marker")));
    };
    let session = stripe.checkout(session_id).await.map_err(provider_failed)?;
    let (Some(customer), Some(subscription_id)) = (session.customer, session.subscription) else {
        return Err(ApiError::Unavailable(anyhow::anyhow!(
            "checkout {session_id} completed without a customer and subscription"
        )));
    };
    let reported = stripe.subscription(&subscription_id).await.map_err(provider_failed)?;
    let tenant = TenantId(tenant);
    let started = PlanSubscription {
        plan: plan.to_owned(),
        customer_id: customer,
        subscription_id: subscription_id.clone(),
        status: String::new(),
        current_period_end: None,
        cancel_at_period_end: false,
    };
    let extra = vec![marker, subscription_lookup(&subscription_id, tenant)?];
    follow(state, tenant, &reported, Some(started), extra).await?;
    Ok(Some(()))
}

/// A subscription event for workspace `tenant`: it follows the provider's report, in the
/// transaction of `marker` (the event's).
pub(super) async fn subscription_changed(
    state: &AppState,
    tenant: TenantId,
    reported: &ProviderSubscription,
    marker: Write,
) -> Result<(), ApiError> {
    follow(state, tenant, reported, None, vec![marker]).await.map(|_| ())
}

/// The workspace as the provider reports its subscription (`start`: a new one), with `extra`
/// in the same transaction; read again and retried when the workspace changed meanwhile. A
/// report of another subscription than the workspace's (an earlier one) changes nothing but
/// `extra`.
async fn follow(
    state: &AppState,
    tenant: TenantId,
    reported: &ProviderSubscription,
    start: Option<PlanSubscription>,
    extra: Vec<Write>,
) -> Result<Workspace, ApiError> {
    let mut attempts = 0;
    loop {
        let before = load_workspace(state, tenant).await?;
        let mut after = before.clone();
        if let Some(started) = start.clone() {
            after.plan.clone_from(&started.plan);
            after.subscription = Some(started);
        }
        let Some(subscription) = after.subscription.as_mut().filter(|s| s.subscription_id == reported.id) else {
            if !extra.is_empty() {
                state.store().transact(extra).await?;
            }
            return Ok(before);
        };
        subscription.status.clone_from(&reported.status);
        subscription.current_period_end = reported.current_period_end.map(unix_to_rfc3339);
        subscription.cancel_at_period_end = reported.cancel_at_period_end;
        // A subscription that ends while the trial still runs leaves the trial to end by itself.
        let on_trial = before
            .trial_ends_at
            .as_deref()
            .and_then(shared::time::rfc3339_to_unix)
            .is_some_and(|end| end > identity::trial::clock(state));
        after.read_only = match (subscription.is_live(), before.read_only.clone()) {
            (true, _) => None,
            // Read-only already: for the reason it became so.
            (false, Some(read_only)) => Some(read_only),
            (false, None) if on_trial => None,
            (false, None) => Some(ReadOnly {
                since: now_rfc3339(),
                code: ReadOnlyCode::SubscriptionEnded,
            }),
        };
        let mut writes = extra.clone();
        writes.push(workspace_write(&before, after.clone())?);
        match state.store().transact(writes).await {
            Ok(()) => return Ok(after),
            Err(StoreError::ConditionFailed { .. }) if attempts < 3 => attempts += 1,
            Err(e) => return Err(e.into()),
        }
    }
}

/// Answer of `GET /api/billing/invoices`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct BillingInvoices {
    /// The provider's invoices of the workspace, newest first (the latest 100).
    pub data: Vec<BillingInvoice>,
}

/// One invoice, as the payment provider issued it.
#[derive(Debug, Serialize, JsonSchema)]
pub struct BillingInvoice {
    /// The provider's id (`in_...`).
    pub id: String,
    pub number: Option<String>,
    /// `draft`, `open`, `paid`, `uncollectible` or `void`.
    pub status: Option<String>,
    /// In the currency's minor unit (cents).
    pub amount_due: i64,
    pub amount_paid: i64,
    /// ISO 4217, lower case as the provider writes it.
    pub currency: String,
    pub created_at: String,
    /// The provider's page of the invoice, to view and pay it.
    pub hosted_invoice_url: Option<String>,
}

/// `GET /api/billing/invoices`: none before the first checkout.
pub async fn invoices(Caller { state, principal }: Caller) -> Result<Json<BillingInvoices>, ApiError> {
    let workspace: Workspace = principal.records.workspace.parse()?;
    let Some(subscription) = workspace.subscription else {
        return Ok(Json(BillingInvoices { data: Vec::new() }));
    };
    let invoices = provider(&state)?
        .invoices(&subscription.customer_id)
        .await
        .map_err(provider_failed)?;
    Ok(Json(BillingInvoices {
        data: invoices
            .into_iter()
            .map(|i| BillingInvoice {
                id: i.id,
                number: i.number,
                status: i.status,
                amount_due: i.amount_due,
                amount_paid: i.amount_paid,
                currency: i.currency,
                created_at: unix_to_rfc3339(i.created),
                hosted_invoice_url: i.hosted_invoice_url,
            })
            .collect(),
    }))
}
