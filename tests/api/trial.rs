//! Sign-up's trial: its notice three days ahead, its end (writes 402 while reads, exports, keys,
//! billing and the sandbox go on), and a subscription through Stripe Checkout (localstripe)
//! lifting it, whose cancel makes the workspace read-only again when the period ends.

use identity::trial;
use identity::workspace::Workspace;
use serde_json::{json, Value};
use shared::auth::records::workspace_key;
use shared::store::{StoreExt, TenantId};
use shared::time::{now_unix, rfc3339_to_unix};

use crate::billing::{billing_app, deliver_events_to, localstripe, WEBHOOK_SECRET};
use crate::harness::{Backend, TestApp};
use crate::on_both_stores;
use crate::signup::sent_mail;

/// A new account on the Starter trial: the owner's session, its workspace and a sandbox key.
async fn sign_up(app: &TestApp, email: &str) -> (String, TenantId, String) {
    let signed = app
        .post("/api/signup")
        .json(json!({
            "name": "Rui Lopes",
            "email": email,
            "password": "a long passphrase of his",
            "workspace_name": "Lopes Bakery",
            "plan_id": "starter",
        }))
        .send()
        .await
        .expect(201);
    (
        signed.body["token"].as_str().unwrap().to_owned(),
        TenantId(signed.body["workspace_id"].as_u64().unwrap()),
        signed.body["sandbox_key"]["key"].as_str().unwrap().to_owned(),
    )
}

async fn workspace(app: &TestApp, token: &str) -> Value {
    app.get("/api/workspace").token(token).send().await.expect(200).body
}

async fn add_contact(app: &TestApp, token: &str, name: &str) -> crate::harness::Resp {
    app.post("/api/v1/contacts")
        .token(token)
        .json(json!({"name": name, "email": format!("{}@example.com", name.to_lowercase())}))
        .send()
        .await
}

/// The trial's end as `GET /api/workspace` shows it, in Unix seconds.
async fn trial_end(app: &TestApp, token: &str) -> i64 {
    let shown = workspace(app, token).await;
    rfc3339_to_unix(shown["trial_ends_at"].as_str().unwrap()).unwrap()
}

/// The trial events of `tenant` since `mark`: (type, data).
async fn trial_events(app: &TestApp, tenant: TenantId, mark: &str) -> Vec<(String, Value)> {
    let mut events = app.outbox_events_since(tenant, mark).await;
    events.retain(|(kind, _)| kind.starts_with("trial."));
    events
}

async fn a_trial_warns_three_days_ahead_then_leaves_the_workspace_read_only(backend: Backend) {
    let Some(app) = TestApp::start(backend, &[]).await else {
        return;
    };
    let (token, tenant, sandbox_key) = sign_up(&app, "rui@lopes-bakery.example").await;
    app.keep_events_of(tenant).await;
    sent_mail(&app).await; // the verification mail
    let shown = workspace(&app, &token).await;
    assert_eq!(shown["plan_state"], "trialing", "{shown}");
    assert!(shown["read_only"].is_null(), "{shown}");
    let ends = trial_end(&app, &token).await;
    assert!((ends - now_unix() - 14 * 86_400).abs() < 120, "14 days: {shown}");

    // Eleven days in, nothing is due; three days before the end, one notice and one mail.
    let mark = app.outbox_mark();
    let report = trial::advance(&app.state, ends - 4 * 86_400).await.unwrap();
    assert!(report.starts_with("0 trial notices sent, 0 trials ended"), "{report}");
    assert!(trial_events(&app, tenant, &mark).await.is_empty());
    trial::advance(&app.state, ends - 3 * 86_400 + 60).await.unwrap();
    trial::advance(&app.state, ends - 3 * 86_400 + 120).await.unwrap();
    let events = trial_events(&app, tenant, &mark).await;
    assert_eq!(events.len(), 1, "one notice however often the job runs: {events:?}");
    assert_eq!(events[0].0, "trial.will_end");
    assert_eq!(events[0].1["workspace_id"], tenant.0);
    assert_eq!(events[0].1["plan"], "starter");
    assert_eq!(
        events[0].1["trial_ends_at"],
        workspace(&app, &token).await["trial_ends_at"]
    );
    let mails = sent_mail(&app).await;
    assert_eq!(mails.len(), 1, "{mails:?}");
    assert!(
        mails[0].contains("Subject: Your trial ends in three days"),
        "{}",
        mails[0]
    );
    assert!(mails[0].contains("rui@lopes-bakery.example"), "{}", mails[0]);
    assert!(mails[0].contains("#/billing"), "a link to choose a plan: {}", mails[0]);
    add_contact(&app, &token, "Before").await.expect(201);

    // At the end: read-only, told once by an event and a mail.
    let mark = app.outbox_mark();
    trial::advance(&app.state, ends + 1).await.unwrap();
    trial::advance(&app.state, ends + 60).await.unwrap();
    let events = trial_events(&app, tenant, &mark).await;
    assert_eq!(events.len(), 1, "{events:?}");
    assert_eq!(events[0].0, "trial.ended");
    let mails = sent_mail(&app).await;
    assert_eq!(mails.len(), 1, "{mails:?}");
    assert!(mails[0].contains("Subject: Your trial has ended"), "{}", mails[0]);
    let shown = workspace(&app, &token).await;
    assert_eq!(shown["plan_state"], "trial_ended", "{shown}");
    assert_eq!(shown["read_only"]["code"], "trial_ended", "{shown}");
    assert_eq!(shown["read_only"]["since"], shown["trial_ends_at"], "{shown}");

    // Writes are refused with a way out, and change nothing.
    let contacts = |listed: Value| listed["data"].as_array().unwrap().len();
    let before = contacts(app.get("/api/v1/contacts").token(&token).send().await.expect(200).body);
    let refused = add_contact(&app, &token, "After")
        .await
        .expect_error(402, "trial_ended");
    let message = refused.body["message"].as_str().unwrap();
    assert!(message.contains("POST /api/billing/checkout"), "{message}");
    // Reads, exports, key management, billing and the sandbox go on.
    let listed = app.get("/api/v1/contacts").token(&token).send().await.expect(200);
    assert_eq!(contacts(listed.body), before, "the refused write stored nothing");
    app.post("/api/deal/export")
        .token(&token)
        .json(json!({}))
        .send()
        .await
        .expect(202);
    let key = app
        .post("/api/v1/settings/api-keys")
        .token(&token)
        .json(json!({"name": "reporting", "mode": "test"}))
        .send()
        .await
        .expect(201);
    let key_id = key.body["id"].as_u64().unwrap();
    app.delete(&format!("/api/v1/settings/api-keys/{key_id}"))
        .token(&token)
        .send()
        .await
        .expect(200);
    let billing = app.get("/api/billing").token(&token).send().await.expect(200);
    assert_eq!(billing.body["plan_state"], "trial_ended", "{}", billing.body);
    assert_eq!(billing.body["configured"], false, "{}", billing.body);
    app.post("/api/billing/checkout")
        .token(&token)
        .json(json!({"plan_id": "starter"}))
        .send()
        .await
        .expect_error(422, "billing_not_configured");
    add_contact(&app, &sandbox_key, "Sandboxed").await.expect(201);

    // The job has nothing left to do for it.
    let mark = app.outbox_mark();
    trial::advance(&app.state, ends + 30 * 86_400).await.unwrap();
    assert!(trial_events(&app, tenant, &mark).await.is_empty());
}

/// Pays a checkout on localstripe's hosted page, as the customer's browser would: the 303 back
/// to the dashboard.
async fn pay(checkout_url: &str) -> String {
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let paid = client
        .post(checkout_url)
        .form(&[("cardnumber", "4242 4242 4242 4242"), ("exp", "12/30"), ("cvc", "123")])
        .send()
        .await
        .unwrap();
    assert_eq!(paid.status(), 303, "{paid:?}");
    paid.headers()["location"].to_str().unwrap().to_owned()
}

/// `GET /api/billing` once `done` holds of it (the provider's events arrive within seconds).
async fn billing_once(app: &TestApp, token: &str, done: impl Fn(&Value) -> bool) -> Value {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    loop {
        let billing = app.get("/api/billing").token(token).send().await.expect(200).body;
        if done(&billing) {
            return billing;
        }
        assert!(std::time::Instant::now() < deadline, "not yet: {billing}");
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
}

async fn a_checkout_lifts_the_read_only_state_and_a_cancel_brings_it_back_at_the_period_end(backend: Backend) {
    let Some(base) = localstripe() else { return };
    // The trial clock moved past the end, as the server keeps it: a subscription's end is judged
    // by it.
    let clock = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(clock.path(), "0").unwrap();
    let overrides = [
        ("STRIPE_API_BASE", base.as_str()),
        ("STRIPE_SECRET_KEY", "sk_test_worktop"),
        ("STRIPE_WEBHOOK_SECRET", WEBHOOK_SECRET),
        ("CLOCK_OFFSET_FILE", clock.path().to_str().unwrap()),
    ];
    let Some(app) = TestApp::start(backend, &overrides).await else {
        return;
    };
    deliver_events_to(&app, &base).await;
    let (token, tenant, _) = sign_up(&app, "rui@lopes-bakery.example").await;
    std::fs::write(clock.path(), (15 * 86_400).to_string()).unwrap();
    trial::advance(&app.state, trial::clock(&app.state)).await.unwrap();
    add_contact(&app, &token, "Refused")
        .await
        .expect_error(402, "trial_ended");

    let opened = app
        .post("/api/billing/checkout")
        .token(&token)
        .json(json!({"plan_id": "pro"}))
        .send()
        .await
        .expect(201);
    let checkout_url = opened.body["checkout_url"].as_str().unwrap().to_owned();
    // A second click before paying gets the same page.
    let again = app
        .post("/api/billing/checkout")
        .token(&token)
        .json(json!({"plan_id": "pro"}))
        .send()
        .await
        .expect(201);
    assert_eq!(again.body["session_id"], opened.body["session_id"]);
    let back = pay(&checkout_url).await;
    assert!(back.ends_with("/#/billing?checkout=success"), "{back}");

    let billing = billing_once(&app, &token, |b| b["plan_state"] == "active").await;
    assert_eq!(billing["plan"]["id"], "pro", "{billing}");
    assert_eq!(billing["subscription"]["status"], "active", "{billing}");
    assert!(billing["read_only"].is_null(), "{billing}");
    add_contact(&app, &token, "Restored").await.expect(201);
    let invoices = app.get("/api/billing/invoices").token(&token).send().await.expect(200);
    let invoices = invoices.body["data"].as_array().unwrap().clone();
    assert_eq!(invoices.len(), 1, "{invoices:?}");
    assert_eq!(invoices[0]["amount_paid"], 7900, "{invoices:?}");
    assert_eq!(invoices[0]["currency"], "usd", "{invoices:?}");
    app.post("/api/billing/checkout")
        .token(&token)
        .json(json!({"plan_id": "business"}))
        .send()
        .await
        .expect_error(409, "already_subscribed");

    // A cancel ends at the period's end; until then writes go on, and it can be taken back.
    let cancelled = app.post("/api/billing/cancel").token(&token).send().await.expect(200);
    assert_eq!(cancelled.body["plan_state"], "canceling", "{}", cancelled.body);
    assert_eq!(cancelled.body["subscription"]["cancel_at_period_end"], true);
    app.post("/api/billing/cancel")
        .token(&token)
        .send()
        .await
        .expect_error(409, "invalid_transition");
    let resumed = app.post("/api/billing/resume").token(&token).send().await.expect(200);
    assert_eq!(resumed.body["plan_state"], "active", "{}", resumed.body);
    app.post("/api/billing/cancel").token(&token).send().await.expect(200);
    add_contact(&app, &token, "StillWriting").await.expect(201);

    // The period ends: the provider ends the subscription and says so.
    let stored: Workspace = app.state.store().get_as(&workspace_key(tenant)).await.unwrap().unwrap();
    let subscription = stored.subscription.unwrap().subscription_id;
    let ended = reqwest::Client::new()
        .delete(format!("{base}/v1/subscriptions/{subscription}"))
        .basic_auth("sk_test_worktop", None::<&str>)
        .send()
        .await
        .unwrap();
    assert!(ended.status().is_success(), "{ended:?}");
    let billing = billing_once(&app, &token, |b| b["plan_state"] == "canceled").await;
    assert_eq!(billing["read_only"]["code"], "subscription_ended", "{billing}");
    add_contact(&app, &token, "TooLate")
        .await
        .expect_error(402, "subscription_ended");
    app.get("/api/v1/contacts").token(&token).send().await.expect(200);
}

async fn a_subscription_ending_during_the_trial_leaves_the_trial_to_end_by_itself(backend: Backend) {
    let Some(base) = localstripe() else { return };
    let Some(app) = billing_app(backend, &base).await else {
        return;
    };
    deliver_events_to(&app, &base).await;
    let (token, tenant, _) = sign_up(&app, "ines@lopes-bakery.example").await;
    let ends = trial_end(&app, &token).await;
    let opened = app
        .post("/api/billing/checkout")
        .token(&token)
        .json(json!({"plan_id": "starter"}))
        .send()
        .await
        .expect(201);
    pay(opened.body["checkout_url"].as_str().unwrap()).await;
    billing_once(&app, &token, |b| b["plan_state"] == "active").await;
    let stored: Workspace = app.state.store().get_as(&workspace_key(tenant)).await.unwrap().unwrap();
    let subscription = stored.subscription.unwrap().subscription_id;
    reqwest::Client::new()
        .delete(format!("{base}/v1/subscriptions/{subscription}"))
        .basic_auth("sk_test_worktop", None::<&str>)
        .send()
        .await
        .unwrap()
        .error_for_status()
        .unwrap();
    let billing = billing_once(&app, &token, |b| b["subscription"]["status"] == "canceled").await;
    assert_eq!(billing["plan_state"], "trialing", "{billing}");
    assert!(billing["read_only"].is_null(), "{billing}");
    add_contact(&app, &token, "DuringTrial").await.expect(201);
    // The trial still ends when it ends.
    trial::advance(&app.state, ends + 1).await.unwrap();
    add_contact(&app, &token, "AfterTrial")
        .await
        .expect_error(402, "trial_ended");
}

on_both_stores!(
    by_backend:
    a_subscription_ending_during_the_trial_leaves_the_trial_to_end_by_itself,
    a_trial_warns_three_days_ahead_then_leaves_the_workspace_read_only,
    a_checkout_lifts_the_read_only_state_and_a_cancel_brings_it_back_at_the_period_end,
);
