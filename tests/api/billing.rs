//! White-label billing (functions/platform, issue 15): the Stripe client and the billing routes
//! against `localstripe` (started by infra/test.sh, which sets `STRIPE_API_BASE`): a checkout
//! for a sub-tenant, its cancel, and the provider's callback refusing every unsigned, mis-signed,
//! stale or replayed event without a change.

use platform::billing::stripe::{PaymentProvider, ProviderError, RecurringPrice, Stripe};
use serde_json::{json, Value};

use crate::harness::{create, get, id, post, try_post, Backend, TestApp};
use crate::on_both_stores;

/// The localstripe base URL, or `None` (skip) when it is not running. With
/// `WORKTOP_REQUIRE_STRIPE=1` (set by infra/test.sh) a missing one fails the test instead.
pub(crate) fn localstripe() -> Option<String> {
    match std::env::var("STRIPE_API_BASE") {
        Ok(base) => Some(base),
        Err(_) => {
            assert!(
                std::env::var("WORKTOP_REQUIRE_STRIPE").is_err(),
                "WORKTOP_REQUIRE_STRIPE is set but STRIPE_API_BASE is not"
            );
            eprintln!("skipped: STRIPE_API_BASE is not set (infra/test.sh starts localstripe and sets it)");
            None
        }
    }
}

#[tokio::test]
async fn the_stripe_client_subscribes_a_customer_and_cancels() {
    let Some(base) = localstripe() else { return };
    let stripe = Stripe::new(&base, "sk_test_worktop");
    let customer = stripe
        .create_customer(
            "owner@acme.example",
            "Acme",
            "7",
            None,
            &uuid::Uuid::new_v4().to_string(),
        )
        .await
        .unwrap();
    assert!(customer.starts_with("cus_"), "{customer}");
    let price = RecurringPrice {
        product_name: "Acme Pro",
        amount_minor: 4900,
        currency: "EUR",
        interval: "month",
    };
    let plan = stripe
        .create_price(&price, &uuid::Uuid::new_v4().to_string())
        .await
        .unwrap();
    let subscription = stripe
        .create_subscription(&customer, &plan, Some(14), "1", &uuid::Uuid::new_v4().to_string())
        .await
        .unwrap();
    // Stripe answers `trialing`; localstripe leaves a new subscription `incomplete`.
    assert_eq!(subscription.customer, customer);
    assert!(
        ["trialing", "incomplete"].contains(&subscription.status.as_str()),
        "{subscription:?}"
    );
    assert!(subscription.current_period_end.is_some());
    let cancelled = stripe.cancel_subscription(&subscription.id).await.unwrap();
    assert_eq!(
        (cancelled.id.as_str(), cancelled.status.as_str()),
        (subscription.id.as_str(), "canceled")
    );
    // What Stripe refuses comes back as its message, not as an outage.
    match stripe.cancel_subscription("sub_unknown").await {
        Err(ProviderError::Refused(message)) => assert!(!message.is_empty()),
        other => panic!("expected a refusal, got {other:?}"),
    }
    match stripe
        .create_subscription("cus_unknown", &plan, None, "2", "worktop-test-unknown")
        .await
    {
        Err(ProviderError::Refused(_)) => {}
        other => panic!("expected a refusal, got {other:?}"),
    }
}

#[tokio::test]
async fn an_unreachable_provider_is_unavailable_not_refused() {
    let stripe = Stripe::new("http://127.0.0.1:9", "sk_test_worktop");
    match stripe
        .create_customer("a@b.example", "A", "1", None, "worktop-test-refused")
        .await
    {
        Err(ProviderError::Unavailable(_)) => {}
        other => panic!("expected unavailable, got {other:?}"),
    }
}

pub(crate) const WEBHOOK_SECRET: &str = "whsec_worktop_test";

/// A platform app billing through localstripe on `backend`.
/// Has localstripe deliver every event it makes to `app`'s callback, signed.
pub(crate) async fn deliver_events_to(app: &TestApp, base: &str) {
    let hook = format!("worktop-{}", uuid::Uuid::new_v4().simple());
    let registered = reqwest::Client::new()
        .post(format!("{base}/_config/webhooks/{hook}"))
        .form(&[
            ("url", format!("{}/api/wl/webhook-callback", app.base)),
            ("secret", WEBHOOK_SECRET.to_owned()),
        ])
        .send()
        .await
        .unwrap();
    assert!(registered.status().is_success(), "{registered:?}");
}

pub(crate) async fn billing_app(backend: Backend, base: &str) -> Option<TestApp> {
    TestApp::start(
        backend,
        &[
            ("STRIPE_API_BASE", base),
            ("STRIPE_SECRET_KEY", "sk_test_worktop"),
            ("STRIPE_WEBHOOK_SECRET", WEBHOOK_SECRET),
        ],
    )
    .await
}

/// A priced white-label plan and a sub-tenant on it: (sub-tenant record id, plan id).
async fn customer(app: &TestApp, platform: &str) -> (u64, u64) {
    let plan = id(&create(
        app,
        platform,
        "/api/wl/plans/create",
        json!({
            "name": "Growth",
            "modules": ["crm"],
            "requests_per_hour": 1000,
            "price_monthly": 49,
            "currency": "EUR",
        }),
    )
    .await);
    let email = format!("billing-{}@customer.example", uuid::Uuid::new_v4().simple());
    let made = create(
        app,
        platform,
        "/api/wl/tenants",
        json!({"name": "Acme Dental", "owner_email": email, "owner_name": "Ana", "plan_id": plan}),
    )
    .await;
    (id(&made["tenant"]), plan)
}

/// A provider event for subscription `sub`, signed at `at` with `secret`.
fn signed(event_id: &str, sub: &str, status: &str, secret: &str, at: i64) -> (Vec<u8>, String) {
    let body = json!({
        "id": event_id,
        "type": "customer.subscription.updated",
        "data": {"object": {"id": sub, "customer": "cus_x", "status": status, "current_period_end": 1_900_000_000}},
    });
    let body = serde_json::to_vec(&body).unwrap();
    let signature = platform::billing::signature::sign(secret, at, &body);
    (body, format!("t={at},v1={signature}"))
}

async fn callback(app: &TestApp, body: Vec<u8>, header: Option<&str>) -> crate::harness::Resp {
    let mut call = app.post("/api/wl/webhook-callback").raw("application/json", body);
    if let Some(header) = header {
        call = call.header("stripe-signature", header);
    }
    call.send().await
}

async fn subscription_of(app: &TestApp, token: &str, tenant: u64) -> Value {
    let listed = get(app, token, &format!("/api/wl/subscriptions?tenant_id={tenant}")).await;
    listed["data"][0].clone()
}

async fn a_sub_tenant_is_billed_and_only_signed_events_change_its_subscription(backend: Backend) {
    let Some(base) = localstripe() else { return };
    let Some(app) = billing_app(backend, &base).await else {
        return;
    };
    let owner = app.owner_token().await;
    let (tenant, _) = customer(&app, &owner).await;
    try_post(
        &app,
        &owner,
        "/api/wl/checkout",
        json!({"tenant_id": tenant, "trial_days": 91}),
    )
    .await
    .expect_invalid("trial_days");
    let made = post(
        &app,
        &owner,
        "/api/wl/checkout",
        json!({"tenant_id": tenant, "trial_days": 14}),
        201,
    )
    .await;
    let sub = made["payment_subscription_id"].as_str().unwrap().to_owned();
    assert!(
        sub.starts_with("sub_") && made["payment_customer_id"].as_str().unwrap().starts_with("cus_"),
        "{made}"
    );
    assert_eq!(
        (&made["amount"], &made["currency"], &made["tenant_id"]),
        (&json!(49.0), &json!("EUR"), &json!(tenant))
    );
    try_post(&app, &owner, "/api/wl/checkout", json!({"tenant_id": tenant}))
        .await
        .expect_error(409, "already_subscribed");

    // Refused, each without a change: no signature, a wrong one, another secret's, a stale one.
    let now = shared::time::now_unix();
    let before = subscription_of(&app, &owner, tenant).await;
    let (body, good) = signed("evt_a", &sub, "past_due", WEBHOOK_SECRET, now);
    callback(&app, body.clone(), None)
        .await
        .expect_error(400, "invalid_signature");
    callback(&app, body.clone(), Some(&good.replace("v1=", "v1=0")))
        .await
        .expect_error(400, "invalid_signature");
    let (_, foreign) = signed("evt_a", &sub, "past_due", "whsec_someone_else", now);
    callback(&app, body.clone(), Some(&foreign))
        .await
        .expect_error(400, "invalid_signature");
    let (stale_body, stale) = signed("evt_a", &sub, "past_due", WEBHOOK_SECRET, now - 600);
    callback(&app, stale_body, Some(&stale))
        .await
        .expect_error(400, "invalid_signature");
    assert_eq!(subscription_of(&app, &owner, tenant).await, before);

    // A signed event applies once (the subscription read back from the provider); the same
    // event id again changes nothing.
    let applied = callback(&app, body, Some(&good)).await.expect(200);
    assert_eq!(applied.body["outcome"], "applied");
    let after = subscription_of(&app, &owner, tenant).await;
    assert_eq!(after["last_event_id"], "evt_a");
    assert_eq!(after["version"].as_u64(), before["version"].as_u64().map(|v| v + 1));
    let (replay, replay_header) = signed("evt_a", &sub, "active", WEBHOOK_SECRET, now);
    assert_eq!(
        callback(&app, replay, Some(&replay_header)).await.expect(200).body["outcome"],
        "duplicate"
    );
    assert_eq!(subscription_of(&app, &owner, tenant).await, after);
    let (unknown, unknown_header) = signed("evt_b", "sub_nobody", "active", WEBHOOK_SECRET, now);
    assert_eq!(
        callback(&app, unknown, Some(&unknown_header)).await.expect(200).body["outcome"],
        "ignored"
    );

    // Cancelled at the provider; a second cancel is 409, another platform's id 404.
    let cancelled = post(
        &app,
        &owner,
        &format!("/api/wl/subscription/{sub}/cancel"),
        json!({}),
        200,
    )
    .await;
    assert_eq!(cancelled["status"], "canceled");
    assert!(cancelled["canceled_at"].is_string(), "{cancelled}");
    try_post(&app, &owner, &format!("/api/wl/subscription/{sub}/cancel"), json!({}))
        .await
        .expect_error(409, "invalid_transition");
    try_post(&app, &owner, "/api/wl/subscription/sub_unknown/cancel", json!({}))
        .await
        .expect_error(404, "not_found");
    // A new subscription once the old one is cancelled.
    post(
        &app,
        &owner,
        "/api/wl/checkout",
        json!({"tenant_id": tenant, "trial_days": 7}),
        201,
    )
    .await;
}

async fn the_provider_s_own_signed_deliveries_are_applied(backend: Backend) {
    let Some(base) = localstripe() else { return };
    let Some(app) = billing_app(backend, &base).await else {
        return;
    };
    let owner = app.owner_token().await;
    let (tenant, _) = customer(&app, &owner).await;
    deliver_events_to(&app, &base).await;
    // Without a trial the customer pays at once: a card as the platform's page would collect it.
    try_post(&app, &owner, "/api/wl/checkout", json!({"tenant_id": tenant}))
        .await
        .expect_error(422, "payment_provider_refused");
    let card: Value = reqwest::Client::new()
        .post(format!("{base}/v1/payment_methods"))
        .basic_auth("sk_test_worktop", None::<&str>)
        .form(&[
            ("type", "card"),
            ("card[number]", "4242424242424242"),
            ("card[exp_month]", "12"),
            ("card[exp_year]", "2030"),
            ("card[cvc]", "123"),
        ])
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let made = post(
        &app,
        &owner,
        "/api/wl/checkout",
        json!({"tenant_id": tenant, "payment_method": card["id"]}),
        201,
    )
    .await;
    assert_eq!(made["status"], "active", "{made}");
    let sub = made["payment_subscription_id"].as_str().unwrap().to_owned();
    post(
        &app,
        &owner,
        &format!("/api/wl/subscription/{sub}/cancel"),
        json!({}),
        200,
    )
    .await;
    // The provider's `customer.subscription.deleted` arrives about a second later.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    loop {
        let now = subscription_of(&app, &owner, tenant).await;
        if now["last_event_id"].as_str().is_some_and(|e| e.starts_with("evt_")) && now["status"] == "canceled" {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "no signed delivery applied: {now}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
}

/// What the Connect stand-in saw and holds: localstripe has no Connect (`/v1/accounts`), and no
/// emulator that has one installs from the package registries, so these tests serve Stripe's
/// documented Connect shapes themselves.
#[derive(Default)]
struct Connect {
    /// (id, email, idempotency key)
    accounts: Vec<(String, String, Option<String>)>,
    links: Vec<String>,
    charges_enabled: bool,
    /// Answer 500 to everything (an outage).
    down: bool,
    /// Customers, plans and subscriptions made: (path, id, idempotency key).
    made: Vec<(String, String, Option<String>)>,
    /// Answer 500 to this many subscription creates (an outage midway through a checkout).
    failing_subscriptions: usize,
}

type Shared = std::sync::Arc<std::sync::Mutex<Connect>>;

/// Serves `POST /v1/accounts` (honouring `Idempotency-Key`), `POST /v1/account_links` and
/// `GET /v1/accounts/{id}` for the secret key `sk_test_worktop`, and a checkout's
/// `POST /v1/customers`, `/v1/plans` and `/v1/subscriptions` (honouring `Idempotency-Key` as
/// Stripe does: the same key, the first answer); returns its base URL.
async fn connect_provider(connect: Shared) -> String {
    use axum::extract::{Form, Path, State};
    use axum::http::{HeaderMap, StatusCode};
    use axum::routing::{get, post};
    use std::collections::HashMap;
    fn refused(headers: &HeaderMap, connect: &Shared) -> Option<(StatusCode, axum::Json<Value>)> {
        if connect.lock().unwrap().down {
            return Some((StatusCode::INTERNAL_SERVER_ERROR, axum::Json(json!({}))));
        }
        let auth = headers.get("authorization").and_then(|v| v.to_str().ok());
        (auth != Some("Bearer sk_test_worktop")).then(|| {
            (
                StatusCode::UNAUTHORIZED,
                axum::Json(json!({"error": {"message": "Invalid API Key"}})),
            )
        })
    }
    fn account(id: &str, charges_enabled: bool) -> Value {
        json!({"id": id, "object": "account", "type": "express", "details_submitted": charges_enabled,
               "charges_enabled": charges_enabled, "payouts_enabled": charges_enabled})
    }
    type Fields = HashMap<String, String>;
    type Answer = (StatusCode, axum::Json<Value>);
    async fn open_account(State(connect): State<Shared>, headers: HeaderMap, Form(form): Form<Fields>) -> Answer {
        if let Some(refusal) = refused(&headers, &connect) {
            return refusal;
        }
        assert_eq!(form.get("type").map(String::as_str), Some("express"));
        let key = headers
            .get("idempotency-key")
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned);
        let mut c = connect.lock().unwrap();
        if let Some((id, ..)) = c.accounts.iter().find(|(.., k)| key.is_some() && *k == key) {
            return (StatusCode::OK, axum::Json(account(id, false)));
        }
        let id = format!("acct_{}", c.accounts.len() + 1);
        c.accounts
            .push((id.clone(), form.get("email").cloned().unwrap_or_default(), key));
        (StatusCode::OK, axum::Json(account(&id, false)))
    }
    /// Customers, plans and subscriptions, honouring `Idempotency-Key` as Stripe does.
    async fn create_object(
        State(connect): State<Shared>,
        Path(object): Path<String>,
        headers: HeaderMap,
        Form(form): Form<Fields>,
    ) -> Answer {
        if let Some(refusal) = refused(&headers, &connect) {
            return refusal;
        }
        let mut c = connect.lock().unwrap();
        let key = headers
            .get("idempotency-key")
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned);
        let answer = |id: &str| match object.as_str() {
            "subscriptions" => json!({
                "id": id,
                "object": "subscription",
                "customer": form["customer"],
                "status": "active",
                "current_period_end": 1_900_000_000,
            }),
            _ => json!({"id": id}),
        };
        let made_before = c
            .made
            .iter()
            .find(|(o, _, k)| *o == object && key.is_some() && *k == key);
        if let Some((_, id, _)) = made_before {
            return (StatusCode::OK, axum::Json(answer(id)));
        }
        if object == "subscriptions" && c.failing_subscriptions > 0 {
            c.failing_subscriptions -= 1;
            return (StatusCode::INTERNAL_SERVER_ERROR, axum::Json(json!({})));
        }
        let id = format!("{object}_{}", c.made.len() + 1);
        c.made.push((object.clone(), id.clone(), key));
        (StatusCode::OK, axum::Json(answer(&id)))
    }
    async fn read_account(State(connect): State<Shared>, headers: HeaderMap, Path(id): Path<String>) -> Answer {
        if let Some(refusal) = refused(&headers, &connect) {
            return refusal;
        }
        let c = connect.lock().unwrap();
        match c.accounts.iter().any(|(a, ..)| *a == id) {
            true => (StatusCode::OK, axum::Json(account(&id, c.charges_enabled))),
            false => (
                StatusCode::NOT_FOUND,
                axum::Json(json!({"error": {"message": "No such account"}})),
            ),
        }
    }
    async fn link_account(State(connect): State<Shared>, headers: HeaderMap, Form(form): Form<Fields>) -> Answer {
        if let Some(refusal) = refused(&headers, &connect) {
            return refusal;
        }
        assert_eq!(form.get("type").map(String::as_str), Some("account_onboarding"));
        let mut c = connect.lock().unwrap();
        let url = format!(
            "https://connect.stripe.example/setup/{}/{}",
            form["account"],
            c.links.len() + 1
        );
        c.links.push(form["return_url"].clone());
        (
            StatusCode::OK,
            axum::Json(json!({"object": "account_link", "url": url})),
        )
    }
    let router = axum::Router::new()
        .route("/v1/accounts", post(open_account))
        .route("/v1/{object}", post(create_object))
        .route("/v1/accounts/{id}", get(read_account))
        .route("/v1/account_links", post(link_account))
        .with_state(connect);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, router).await });
    base
}

/// A platform opens its connected account once, gets a new onboarding link each time, and reads
/// the account's state from the provider; bad URLs, other roles and an outage change nothing.
async fn a_platform_onboards_its_connected_account_once(backend: Backend) {
    let connect = Shared::default();
    let base = connect_provider(connect.clone()).await;
    let Some(app) = billing_app(backend, &base).await else {
        return;
    };
    let platform = app.owner_token().await;
    let urls = json!({"refresh_url": "https://platform.example/retry", "return_url": "https://platform.example/done"});
    app.get("/api/wl/connect/status")
        .token(&platform)
        .send()
        .await
        .expect_error(404, "not_found");
    // Both URLs wrong: one answer naming both, and the provider never called.
    let bad = try_post(
        &app,
        &platform,
        "/api/wl/connect/onboard",
        json!({"refresh_url": "ftp://x", "return_url": "nope"}),
    )
    .await;
    bad.expect_invalid("refresh_url").expect_invalid("return_url");
    assert!(connect.lock().unwrap().accounts.is_empty());
    // An outage is 503 and stores nothing.
    connect.lock().unwrap().down = true;
    try_post(&app, &platform, "/api/wl/connect/onboard", urls.clone())
        .await
        .expect_error(503, "unavailable");
    connect.lock().unwrap().down = false;
    app.get("/api/wl/connect/status")
        .token(&platform)
        .send()
        .await
        .expect_error(404, "not_found");
    // The first onboarding opens the account with the owner's address and a key per platform.
    let first = post(&app, &platform, "/api/wl/connect/onboard", urls.clone(), 200).await;
    let account = first["account_id"].as_str().unwrap().to_owned();
    assert!(first["onboarding_url"].as_str().unwrap().contains(&account), "{first}");
    {
        let c = connect.lock().unwrap();
        assert_eq!(c.accounts.len(), 1);
        assert_eq!(c.accounts[0].1, crate::harness::OWNER_EMAIL);
        assert!(c.accounts[0]
            .2
            .as_deref()
            .unwrap()
            .starts_with("worktop-connect-account-"));
        assert_eq!(c.links, vec!["https://platform.example/done".to_owned()]);
    }
    // Again: the same account, a fresh link.
    let second = post(&app, &platform, "/api/wl/connect/onboard", urls.clone(), 200).await;
    assert_eq!(second["account_id"], account.as_str());
    assert_ne!(second["onboarding_url"], first["onboarding_url"]);
    assert_eq!(connect.lock().unwrap().accounts.len(), 1);
    // The status is the provider's, read now.
    let status = get(&app, &platform, "/api/wl/connect/status").await;
    assert_eq!(status["charges_enabled"], false);
    connect.lock().unwrap().charges_enabled = true;
    let status = get(&app, &platform, "/api/wl/connect/status").await;
    assert_eq!(
        status,
        json!({"account_id": account, "details_submitted": true, "charges_enabled": true, "payouts_enabled": true})
    );
    // Staff may not onboard; another workspace has no account of its own.
    let (_, staff) = app.user_with_role("staff").await;
    try_post(&app, &staff, "/api/wl/connect/onboard", urls)
        .await
        .expect_error(403, "forbidden");
    assert_eq!(connect.lock().unwrap().links.len(), 2);
}

/// A checkout the provider failed midway (its subscription create answered 500) is 503 and
/// stores nothing; asked again, the customer and price the first attempt made are the ones used
/// (the same idempotency keys), so the provider holds one of each; a different request is a
/// new checkout with keys of its own.
async fn a_checkout_retried_after_a_provider_failure_opens_nothing_twice(backend: Backend) {
    let connect = Shared::default();
    let base = connect_provider(connect.clone()).await;
    let Some(app) = billing_app(backend, &base).await else {
        return;
    };
    let platform = app.owner_token().await;
    let (tenant, _) = customer(&app, &platform).await;
    let (other_tenant, _) = customer(&app, &platform).await;
    let made = |object: &str| -> Vec<(String, Option<String>)> {
        let c = connect.lock().unwrap();
        let of_kind = c.made.iter().filter(|(o, ..)| o == object);
        of_kind.map(|(_, id, key)| (id.clone(), key.clone())).collect()
    };
    connect.lock().unwrap().failing_subscriptions = 1;
    let body = json!({"tenant_id": tenant, "trial_days": 7});
    try_post(&app, &platform, "/api/wl/checkout", body.clone())
        .await
        .expect_error(503, "unavailable");
    assert_eq!(get(&app, &platform, "/api/wl/subscriptions").await["data"], json!([]));
    let (customers, plans) = (made("customers"), made("plans"));
    assert_eq!((customers.len(), plans.len(), made("subscriptions").len()), (1, 1, 0));
    assert!(
        customers[0].1.as_deref().unwrap().starts_with("worktop-checkout-"),
        "{customers:?}"
    );
    let subscription = create(&app, &platform, "/api/wl/checkout", body).await;
    assert_eq!(subscription["payment_customer_id"], customers[0].0.as_str());
    assert_eq!((made("customers"), made("plans")), (customers.clone(), plans.clone()));
    assert_eq!(made("subscriptions").len(), 1);
    // Another sub-tenant's checkout is its own: new keys, new objects.
    create(&app, &platform, "/api/wl/checkout", json!({"tenant_id": other_tenant})).await;
    assert_eq!((made("customers").len(), made("subscriptions").len()), (2, 2));
    let keys: std::collections::BTreeSet<_> = made("customers").into_iter().map(|(_, key)| key).collect();
    assert_eq!(keys.len(), 2);
}

on_both_stores!(by_backend:
    a_checkout_retried_after_a_provider_failure_opens_nothing_twice,
    a_sub_tenant_is_billed_and_only_signed_events_change_its_subscription,
    the_provider_s_own_signed_deliveries_are_applied,
    a_platform_onboards_its_connected_account_once,
);
