//! Webhooks: subscriptions, signed delivery to a real receiver on loopback, retries, the delivery
//! log, 410, SSRF rules, rotation, and sandbox separation.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use serde_json::{json, Value};

use shared::store::StoreExt;

use crate::harness::{local_host_name, subscribe, Backend, TestApp};
use crate::on_both_stores;

/// What a receiver got.
#[derive(Clone, Debug)]
pub struct Received {
    pub id: String,
    pub timestamp: i64,
    pub signature: String,
    pub body: Vec<u8>,
}

impl Received {
    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap()
    }

    /// Whether one of the `v1,` signatures is this secret's over `id.timestamp.body`.
    pub fn signed_by(&self, secret: &str) -> bool {
        let expected = shared::webhooks::sign(secret, &self.id, self.timestamp, &self.body).unwrap();
        self.signature.split(' ').any(|s| s == expected)
    }
}

#[derive(Default)]
struct Behaviour {
    requests: Vec<Received>,
    /// Answer 500 to this many requests first.
    fail_first: usize,
    /// Answer this to every request.
    always: Option<u16>,
}

/// An HTTP receiver on loopback that records what it gets and answers as told.
#[derive(Clone, Default)]
pub struct Receiver(Arc<Mutex<Behaviour>>);

async fn receive(State(receiver): State<Receiver>, headers: HeaderMap, body: Bytes) -> StatusCode {
    let header = |name: &str| {
        headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned()
    };
    let mut state = receiver.0.lock().unwrap();
    state.requests.push(Received {
        id: header("webhook-id"),
        timestamp: header("webhook-timestamp").parse().unwrap_or_default(),
        signature: header("webhook-signature"),
        body: body.to_vec(),
    });
    if let Some(status) = state.always {
        return StatusCode::from_u16(status).unwrap();
    }
    if state.requests.len() <= state.fail_first {
        StatusCode::INTERNAL_SERVER_ERROR
    } else {
        StatusCode::OK
    }
}

impl Receiver {
    pub async fn start(fail_first: usize, always: Option<u16>) -> (String, Self) {
        let receiver = Self(Arc::new(Mutex::new(Behaviour {
            fail_first,
            always,
            ..Default::default()
        })));
        let app = axum::Router::new()
            .route("/hook", axum::routing::post(receive))
            .with_state(receiver.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}/hook", listener.local_addr().unwrap());
        tokio::spawn(async move { axum::serve(listener, app).await });
        (url, receiver)
    }

    /// Changes the answer to every later request (`None`: the normal behaviour).
    pub fn answer_always(&self, status: Option<u16>) {
        self.0.lock().unwrap().always = status;
    }

    pub fn received(&self) -> Vec<Received> {
        self.0.lock().unwrap().requests.clone()
    }

    /// Waits until at least `n` requests arrived (at most 20 s).
    pub async fn wait_for(&self, n: usize) -> Vec<Received> {
        for _ in 0..400 {
            let got = self.received();
            if got.len() >= n {
                return got;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("expected {n} requests, got {}", self.received().len());
    }
}

/// Waits until the delivery log of `webhook` shows a delivery in `status`; returns the log.
async fn wait_for_delivery(app: &TestApp, token: &str, webhook: u64, status: &str) -> Value {
    app.wait_for_delivery_where(token, webhook, |d| d["status"] == status)
        .await;
    app.get(&format!("/api/v1/webhooks/{webhook}/deliveries"))
        .token(token)
        .send()
        .await
        .expect(200)
        .body
}

/// infra/test.sh hands one delivered request to an independent verifier (PyPI `standardwebhooks`).
fn keep_sample_for_independent_verification(secret: &str, received: &Received) {
    if let Ok(path) = std::env::var("WORKTOP_WEBHOOK_SAMPLE") {
        let sample = json!({
            "secret": secret,
            "headers": {
                "webhook-id": received.id,
                "webhook-timestamp": received.timestamp.to_string(),
                "webhook-signature": received.signature
            },
            "body": String::from_utf8(received.body.clone()).unwrap(),
        });
        std::fs::write(path, sample.to_string()).unwrap();
    }
}

async fn subscriptions_are_created_listed_changed_and_deleted(app: TestApp) {
    let token = app.owner_token().await;
    let resp = app
        .post("/api/v1/webhooks")
        .token(&token)
        .json(json!({"url": "https://hooks.example.com/in", "events": ["user.created", "api_key.created"]}))
        .send()
        .await
        .expect(201);
    assert!(resp.body["secret"].as_str().unwrap().starts_with("whsec_"));
    assert_eq!(resp.body["enabled"], true);
    let id = resp.body["id"].as_u64().unwrap();
    let list = app.get("/api/v1/webhooks").token(&token).send().await.expect(200);
    assert_eq!(list.body["meta"]["total"], 1);
    assert!(list.body["data"][0].get("secret").is_none(), "the secret is shown once");
    let show = app
        .get(&format!("/api/v1/webhooks/{id}"))
        .token(&token)
        .send()
        .await
        .expect(200);
    assert!(show.body.get("secret").is_none());
    let changed = app
        .call(reqwest::Method::PATCH, &format!("/api/v1/webhooks/{id}"))
        .token(&token)
        .json(json!({"events": ["*"], "enabled": false}))
        .send()
        .await
        .expect(200);
    assert_eq!(changed.body["events"], json!(["*"]));
    assert_eq!(changed.body["enabled"], false);
    app.delete(&format!("/api/v1/webhooks/{id}"))
        .token(&token)
        .send()
        .await
        .expect(200);
    app.get(&format!("/api/v1/webhooks/{id}"))
        .token(&token)
        .send()
        .await
        .expect_error(404, "not_found");
    let types = app
        .get("/api/v1/webhooks/event-types")
        .token(&token)
        .send()
        .await
        .expect(200);
    assert!(types.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .any(|t| t["name"] == "user.created"));
}

/// A workspace holds 20 webhooks (a counter, not a read of them all): the 21st is 409
/// `limit_reached`, the list pages through the 20, and a delete makes room again.
async fn a_workspace_holds_twenty_webhooks(app: TestApp) {
    let token = app.owner_token().await;
    let mut ids = Vec::new();
    for n in 1..=20 {
        ids.push(
            subscribe(&app, &token, &format!("https://hooks.example.com/in/{n}"), json!(["*"]))
                .await
                .0,
        );
    }
    app.post("/api/v1/webhooks")
        .token(&token)
        .json(json!({"url": "https://hooks.example.com/in/21", "events": ["*"]}))
        .send()
        .await
        .expect_error(409, "limit_reached");
    let first = app
        .get("/api/v1/webhooks?per_page=15")
        .token(&token)
        .send()
        .await
        .expect(200);
    assert_eq!(first.body["meta"]["total"], 20);
    let cursor = first.body["meta"]["next_cursor"]
        .as_str()
        .expect("a second page")
        .to_owned();
    let second = app
        .get(&format!("/api/v1/webhooks?per_page=15&cursor={cursor}"))
        .token(&token)
        .send()
        .await
        .expect(200);
    let listed: Vec<u64> = [&first.body, &second.body]
        .iter()
        .flat_map(|page| {
            page["data"]
                .as_array()
                .unwrap()
                .iter()
                .map(|w| w["id"].as_u64().unwrap())
        })
        .collect();
    assert_eq!(listed, ids);
    app.delete(&format!("/api/v1/webhooks/{}", ids[0]))
        .token(&token)
        .send()
        .await
        .expect(200);
    subscribe(&app, &token, "https://hooks.example.com/in/21", json!(["*"])).await;
}

async fn invalid_subscriptions_are_422_and_store_nothing(app: TestApp) {
    let token = app.owner_token().await;
    app.post("/api/v1/webhooks")
        .token(&token)
        .json(json!({"events": ["user.created"]}))
        .send()
        .await
        .expect_invalid("url");
    app.post("/api/v1/webhooks")
        .token(&token)
        .json(json!({"url": "ftp://x.example.com", "events": ["user.created"]}))
        .send()
        .await
        .expect_invalid("url");
    app.post("/api/v1/webhooks")
        .token(&token)
        .json(json!({"url": "https://x.example.com", "events": ["no.such"]}))
        .send()
        .await
        .expect_invalid("events");
    app.post("/api/v1/webhooks")
        .token(&token)
        .json(json!({"url": "https://x.example.com", "events": []}))
        .send()
        .await
        .expect_invalid("events");
    assert_eq!(app.count(app.tenant, "webhook").await, 0);
    let (_, staff) = app.user_with_role("staff").await;
    app.get("/api/v1/webhooks")
        .token(&staff)
        .send()
        .await
        .expect_error(403, "forbidden");
}

async fn an_event_arrives_signed_with_the_standard_webhooks_headers(mut app: TestApp) {
    app.start_worker();
    let token = app.owner_token().await;
    let (url, receiver) = Receiver::start(0, None).await;
    let (_, secret) = subscribe(&app, &token, &url, json!(["user.created"])).await;
    let created = app
        .post("/api/user/store")
        .token(&token)
        .json(json!({"name": "Hooked", "email": "hooked@example.com", "password": "long-enough-1"}))
        .send()
        .await
        .expect(201);
    let got = receiver.wait_for(1).await;
    let event = got[0].json();
    assert_eq!(event["type"], "user.created");
    assert_eq!(event["data"]["id"], created.body["id"]);
    assert_eq!(event["data"]["email"], "hooked@example.com");
    assert!(event["timestamp"].as_str().unwrap().ends_with('Z'));
    assert_eq!(event["id"], got[0].id.as_str());
    assert!(got[0].id.starts_with("msg_"));
    assert!(
        got[0].signed_by(&secret),
        "the signature verifies with the subscription's secret"
    );
    assert!(!got[0].signed_by(&shared::webhooks::new_secret()));
    assert!((shared::time::now_unix() - got[0].timestamp).abs() < 60);
    keep_sample_for_independent_verification(&secret, &got[0]);
    // Events it did not subscribe to do not come.
    app.post("/api/v1/settings/api-keys")
        .token(&token)
        .json(json!({"name": "k"}))
        .send()
        .await
        .expect(201);
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(receiver.received().len(), 1);
}

/// The log is read per endpoint and status from indexes that expire with their deliveries.
async fn the_delivery_log_filters_by_status_and_finished_deliveries_carry_their_expiry(mut app: TestApp) {
    app.start_worker();
    let token = app.owner_token().await;
    let (url, receiver) = Receiver::start(0, None).await;
    let (webhook, _) = subscribe(&app, &token, &url, json!(["user.created"])).await;
    for n in 0..2 {
        app.post("/api/user/store")
            .token(&token)
            .json(json!({
                "name": format!("Hooked {n}"), "email": format!("h{n}@example.com"), "password": "long-enough-1"
            }))
            .send()
            .await
            .expect(201);
    }
    receiver.wait_for(2).await;
    let log = format!("/api/v1/webhooks/{webhook}/deliveries");
    let delivered = loop {
        let page = app
            .get(&format!("{log}?status=delivered&sort=-id"))
            .token(&token)
            .send()
            .await
            .expect(200);
        if page.body["data"].as_array().unwrap().len() == 2 {
            break page.body;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    let retention = app.state.config().webhook_log_retention.as_secs() as i64;
    let leaves_at = shared::time::now_unix() + retention;
    for delivery in delivered["data"].as_array().unwrap() {
        assert_eq!(delivery["status"], "delivered");
        let expires_at = delivery["expires_at"].as_i64().unwrap();
        assert!((leaves_at - 60..=leaves_at).contains(&expires_at), "{delivery}");
    }
    let ids: Vec<u64> = delivered["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["id"].as_u64().unwrap())
        .collect();
    assert!(ids[0] > ids[1], "newest first: {ids:?}");
    let pending = app
        .get(&format!("{log}?status=pending"))
        .token(&token)
        .send()
        .await
        .expect(200);
    assert_eq!(
        pending.body["data"],
        json!([]),
        "a delivered delivery leaves the pending index"
    );
    app.get(&format!("{log}?status=lost"))
        .token(&token)
        .send()
        .await
        .expect_invalid("status");
    // Another endpoint's log is its own.
    let (other, _) = subscribe(&app, &token, &url, json!(["contact.created"])).await;
    let empty = app
        .get(&format!("/api/v1/webhooks/{other}/deliveries"))
        .token(&token)
        .send()
        .await
        .expect(200);
    assert_eq!(empty.body["data"], json!([]));
}

async fn a_receiver_failing_three_times_still_gets_the_event_on_the_fourth_attempt(mut app: TestApp) {
    app.start_worker();
    let token = app.owner_token().await;
    let (url, receiver) = Receiver::start(3, None).await;
    let (id, secret) = subscribe(&app, &token, &url, json!(["*"])).await;
    app.post("/api/v1/settings/api-keys")
        .token(&token)
        .json(json!({"name": "k"}))
        .send()
        .await
        .expect(201);
    let log = wait_for_delivery(&app, &token, id, "delivered").await;
    let got = receiver.received();
    assert_eq!(got.len(), 4);
    assert!(got.iter().all(|r| r.id == got[0].id), "one event id across attempts");
    assert!(got.iter().all(|r| r.signed_by(&secret)), "each attempt signed afresh");
    let attempts = log["data"][0]["attempts"].as_array().unwrap();
    assert_eq!(attempts.len(), 4);
    assert_eq!(attempts[0]["status_code"], 500);
    assert_eq!(attempts[3]["status_code"], 200);
    assert_eq!(attempts[3]["attempt"], 4);
    assert!(attempts.iter().all(|a| a["latency_ms"].is_u64() && a["at"].is_string()));
    assert_eq!(log["data"][0]["event"]["type"], "api_key.created");
    // A finished delivery leaves the log after the retention (30 days by default).
    let delivery_id = log["data"][0]["id"].as_u64().unwrap();
    let stored = app
        .state
        .store()
        .get(&shared::webhooks::delivery::delivery_key(app.tenant, delivery_id))
        .await
        .unwrap()
        .unwrap();
    let expected = shared::time::now_unix() + 30 * 86_400;
    assert!(
        stored.expires_at.is_some_and(|at| (at - expected).abs() < 120),
        "{:?}",
        stored.expires_at
    );
}

async fn a_receiver_down_for_good_gets_exactly_eleven_attempts_then_failed(mut app: TestApp) {
    app.start_worker();
    let token = app.owner_token().await;
    let (url, receiver) = Receiver::start(0, Some(503)).await;
    let (id, _) = subscribe(&app, &token, &url, json!(["api_key.created"])).await;
    app.post("/api/v1/settings/api-keys")
        .token(&token)
        .json(json!({"name": "k"}))
        .send()
        .await
        .expect(201);
    let log = wait_for_delivery(&app, &token, id, "failed").await;
    assert_eq!(log["data"][0]["attempts"].as_array().unwrap().len(), 11);
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(receiver.received().len(), 11, "1 attempt + 10 retries, then nothing");
    // A manual retry sends it once more.
    let delivery = log["data"][0]["id"].as_u64().unwrap();
    app.post(&format!("/api/v1/webhooks/deliveries/{delivery}/retry"))
        .token(&token)
        .send()
        .await
        .expect(200);
    receiver.wait_for(12).await;
    app.post("/api/v1/webhooks/deliveries/999/retry")
        .token(&token)
        .send()
        .await
        .expect_error(404, "not_found");
}

async fn a_410_disables_the_endpoint_until_re_enabled(mut app: TestApp) {
    app.start_worker();
    let token = app.owner_token().await;
    let (url, receiver) = Receiver::start(0, Some(410)).await;
    let (id, _) = subscribe(&app, &token, &url, json!(["*"])).await;
    app.post("/api/v1/settings/api-keys")
        .token(&token)
        .json(json!({"name": "k"}))
        .send()
        .await
        .expect(201);
    wait_for_delivery(&app, &token, id, "failed").await;
    let show = app
        .get(&format!("/api/v1/webhooks/{id}"))
        .token(&token)
        .send()
        .await
        .expect(200);
    assert_eq!(show.body["enabled"], false);
    assert_eq!(show.body["disabled_reason"], "gone");
    assert_eq!(receiver.received().len(), 1);
    app.post(&format!("/api/v1/webhooks/{id}/test"))
        .token(&token)
        .send()
        .await
        .expect_error(409, "invalid_transition");
    let enabled = app
        .call(reqwest::Method::PATCH, &format!("/api/v1/webhooks/{id}"))
        .token(&token)
        .json(json!({"enabled": true}))
        .send()
        .await
        .expect(200);
    assert_eq!(enabled.body["disabled_reason"], Value::Null);
}

async fn an_endpoint_failing_for_five_days_is_disabled(mut app: TestApp) {
    app.start_worker();
    let token = app.owner_token().await;
    let (url, _receiver) = Receiver::start(0, Some(500)).await;
    let (id, _) = subscribe(&app, &token, &url, json!(["api_key.created"])).await;
    // Its failures began six days ago (written directly: tests do not wait five days).
    let key = shared::store::Key::record(app.tenant, shared::webhooks::SUBSCRIPTION, id);
    let mut stored: shared::webhooks::Subscription = app.state.store().get_as(&key).await.unwrap().unwrap();
    stored.failing_since = Some(shared::time::now_unix() - 6 * 86_400);
    let item = shared::store::Item::from_value(key, &stored).unwrap();
    app.state
        .store()
        .write(shared::store::Write::put(item, shared::store::Condition::Always))
        .await
        .unwrap();
    app.post("/api/v1/settings/api-keys")
        .token(&token)
        .json(json!({"name": "k"}))
        .send()
        .await
        .expect(201);
    let log = wait_for_delivery(&app, &token, id, "failed").await;
    assert_eq!(
        log["data"][0]["attempts"].as_array().unwrap().len(),
        1,
        "no retries to a disabled endpoint"
    );
    let show = app
        .get(&format!("/api/v1/webhooks/{id}"))
        .token(&token)
        .send()
        .await
        .expect(200);
    assert_eq!(show.body["enabled"], false);
    assert_eq!(show.body["disabled_reason"], "failing");
}

async fn a_test_ping_arrives_and_a_rotated_secret_signs_beside_the_old_one(mut app: TestApp) {
    app.start_worker();
    let token = app.owner_token().await;
    let (url, receiver) = Receiver::start(0, None).await;
    let (id, old) = subscribe(&app, &token, &url, json!(["user.created"])).await;
    app.post(&format!("/api/v1/webhooks/{id}/test"))
        .token(&token)
        .send()
        .await
        .expect(202);
    let got = receiver.wait_for(1).await;
    assert_eq!(got[0].json()["type"], "webhook.test");
    let rotated = app
        .post(&format!("/api/v1/webhooks/{id}/rotate-secret"))
        .token(&token)
        .send()
        .await
        .expect(200);
    let new = rotated.body["secret"].as_str().unwrap().to_owned();
    assert_ne!(new, old);
    app.post(&format!("/api/v1/webhooks/{id}/test"))
        .token(&token)
        .send()
        .await
        .expect(202);
    let got = receiver.wait_for(2).await;
    assert!(
        got[1].signed_by(&new) && got[1].signed_by(&old),
        "both secrets sign during the overlap"
    );
    app.post("/api/v1/webhooks/999/test")
        .token(&token)
        .send()
        .await
        .expect_error(404, "not_found");
}

async fn sandbox_events_go_to_sandbox_subscriptions_only(mut app: TestApp) {
    app.start_worker();
    let token = app.owner_token().await;
    let test_key = app.api_key(&token, "test").await;
    let (live_url, live) = Receiver::start(0, None).await;
    let (sandbox_url, sandbox) = Receiver::start(0, None).await;
    subscribe(&app, &token, &live_url, json!(["user.created"])).await;
    subscribe(&app, &test_key, &sandbox_url, json!(["user.created"])).await;
    app.post("/api/user/store")
        .token(&test_key)
        .json(json!({"name": "Sandboxed", "email": "sandboxed@example.com", "password": "long-enough-1"}))
        .send()
        .await
        .expect(201);
    let got = sandbox.wait_for(1).await;
    assert_eq!(got[0].json()["data"]["email"], "sandboxed@example.com");
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert!(
        live.received().is_empty(),
        "a sandbox change never reaches a live endpoint"
    );
}

/// The local worker reads a workspace's subscriptions once per pass and deletes the outbox
/// entries no endpoint wants together: a pass over 1 or 40 contact events of a workspace whose
/// one endpoint wants other events costs the same round trips (the page, the subscriptions, one
/// transaction). An event the endpoint wants still becomes its delivery.
async fn entries_no_endpoint_wants_are_cleared_together(app: TestApp) {
    use shared::webhooks::delivery::drain_outbox;
    let owner = app.owner_token().await;
    let (webhook, _) = subscribe(&app, &owner, "http://127.0.0.1:9/hook", json!(["contact.updated"])).await;
    // What the start and the subscription left in the outbox goes first.
    while drain_outbox(&app.state, 100).await.unwrap() > 0 {}
    let store = || app.state.store().round_trips();
    let mut costs = Vec::new();
    let mut last = Value::Null;
    for contacts in [1, 40] {
        for n in 0..contacts {
            last = app
                .post("/api/v1/contacts")
                .token(&owner)
                .json(json!({"name": format!("Contact {n}")}))
                .send()
                .await
                .expect(201)
                .body;
        }
        let before = store();
        assert_eq!(drain_outbox(&app.state, 100).await.unwrap(), contacts);
        costs.push(store() - before);
        assert_eq!(app.outbox_types(app.tenant).await, Vec::<String>::new());
    }
    assert_eq!(
        costs,
        [3, 3],
        "the page, the workspace's subscriptions, one transaction"
    );

    app.patch(&format!("/api/v1/contacts/{}", last["id"]))
        .token(&owner)
        .json(json!({"name": "Renamed"}))
        .send()
        .await
        .expect(200);
    assert_eq!(drain_outbox(&app.state, 100).await.unwrap(), 1);
    let log = app
        .get(&format!("/api/v1/webhooks/{webhook}/deliveries"))
        .token(&owner)
        .send()
        .await
        .expect(200)
        .body;
    assert_eq!(log["data"].as_array().unwrap().len(), 1, "{log}");
    assert_eq!(log["data"][0]["event"]["type"], "contact.updated");
}

/// A workspace's events reach the outbox while it has a webhook. Without one, SQLite writes no
/// entry (the transaction reads the webhook count; the entry would be written and deleted again
/// for nothing), and DynamoDB writes it all the same (its relay drops it): before the first
/// webhook and after the last is deleted.
async fn a_workspace_without_webhooks_puts_no_events_in_the_outbox(app: TestApp) {
    let on_sqlite = app.state.config().store == shared::config::StoreKind::Embedded;
    let owner = app.owner_token().await;
    let create = |name: &'static str| {
        let (app, owner) = (&app, &owner);
        async move {
            app.post("/api/v1/contacts")
                .token(owner)
                .json(json!({"name": name}))
                .send()
                .await
                .expect(201);
        }
    };
    let created = |n: usize| vec!["contact.created".to_string(); n];
    create("Before any webhook").await;
    assert_eq!(
        app.outbox_types(app.tenant).await,
        created(if on_sqlite { 0 } else { 1 })
    );
    let (webhook, _) = subscribe(&app, &owner, "http://127.0.0.1:9/hook", json!(["contact.created"])).await;
    create("While there is one").await;
    assert_eq!(
        app.outbox_types(app.tenant).await,
        created(if on_sqlite { 1 } else { 2 })
    );
    app.delete(&format!("/api/v1/webhooks/{webhook}"))
        .token(&owner)
        .send()
        .await
        .expect(200);
    create("After it was deleted").await;
    assert_eq!(
        app.outbox_types(app.tenant).await,
        created(if on_sqlite { 1 } else { 3 })
    );
}

/// Event types of a module the workspace cannot use are refused as that module's routes are:
/// 403 `module_disabled`, on create and on a change that adds one; nothing is stored or
/// changed. Those it already named, its other modules' and `*` are accepted.
async fn subscribing_to_events_of_a_module_the_workspace_lacks_is_403_module_disabled(app: TestApp) {
    let url = "https://93.184.216.34/in";
    let (starter_tenant, email, password) = app.workspace_on_plan("starter").await;
    let starter = app.login(&email, &password).await;
    // Starter has no HR, sales, inventory or point of sale.
    for events in [
        json!(["employee.created"]),
        json!(["contact.created", "invoice.created"]),
        json!(["product.created"]),
        json!(["pos.created"]),
    ] {
        app.post("/api/v1/webhooks")
            .token(&starter)
            .json(json!({"url": url, "events": events}))
            .send()
            .await
            .expect_error(403, "module_disabled");
    }
    assert_eq!(app.count(starter_tenant, "webhook").await, 0, "nothing stored");
    let (id, _) = subscribe(
        &app,
        &starter,
        url,
        json!(["contact.created", "task.created", "user.created"]),
    )
    .await;
    let path = format!("/api/v1/webhooks/{id}");
    app.patch(&path)
        .token(&starter)
        .json(json!({"events": ["contact.created", "leave.requested"]}))
        .send()
        .await
        .expect_error(403, "module_disabled");
    let shown = app.get(&path).token(&starter).send().await.expect(200).body;
    assert_eq!(
        shown["events"],
        json!(["contact.created", "task.created", "user.created"])
    );
    assert_eq!(shown["version"], 1, "unchanged");
    subscribe(&app, &starter, url, json!(["*"])).await;

    // A module the workspace switched off: new names refused, names it held before kept.
    let owner = app.owner_token().await;
    let (held, _) = subscribe(&app, &owner, url, json!(["contact.created"])).await;
    crate::harness::disable_modules(app.state.store(), app.tenant, &["crm"]).await;
    let refused = app
        .post("/api/v1/webhooks")
        .token(&owner)
        .json(json!({"url": url, "events": ["deal.created"]}))
        .send()
        .await
        .expect_error(403, "module_disabled")
        .body;
    assert!(refused["message"].as_str().unwrap().contains("crm"), "{refused}");
    let moved = app
        .patch(&format!("/api/v1/webhooks/{held}"))
        .token(&owner)
        .json(json!({"events": ["contact.created", "project.created"]}))
        .send()
        .await
        .expect(200)
        .body;
    assert_eq!(moved["events"], json!(["contact.created", "project.created"]));
    assert_eq!(app.count(app.tenant, "webhook").await, 1);
    crate::harness::disable_modules(app.state.store(), app.tenant, &[]).await;
}

on_both_stores!(
    a_workspace_without_webhooks_puts_no_events_in_the_outbox,
    subscriptions_are_created_listed_changed_and_deleted,
    a_workspace_holds_twenty_webhooks,
    invalid_subscriptions_are_422_and_store_nothing,
    an_event_arrives_signed_with_the_standard_webhooks_headers,
    the_delivery_log_filters_by_status_and_finished_deliveries_carry_their_expiry,
    a_receiver_failing_three_times_still_gets_the_event_on_the_fourth_attempt,
    a_receiver_down_for_good_gets_exactly_eleven_attempts_then_failed,
    a_410_disables_the_endpoint_until_re_enabled,
    an_endpoint_failing_for_five_days_is_disabled,
    a_test_ping_arrives_and_a_rotated_secret_signs_beside_the_old_one,
    sandbox_events_go_to_sandbox_subscriptions_only,
    entries_no_endpoint_wants_are_cleared_together,
    subscribing_to_events_of_a_module_the_workspace_lacks_is_403_module_disabled
);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ssrf_targets_are_refused_without_the_development_flag() {
    let app = TestApp::start(Backend::Sqlite, &[("WEBHOOK_ALLOW_PRIVATE", "false")])
        .await
        .unwrap();
    let token = app.owner_token().await;
    for url in [
        "https://127.0.0.1/hook",
        "https://10.0.0.1/hook",
        "https://169.254.169.254/latest/meta-data",
        "https://localhost/hook",
        "https://[::1]/hook",
        "http://hooks.example.com/hook",
    ] {
        app.post("/api/v1/webhooks")
            .token(&token)
            .json(json!({"url": url, "events": ["*"]}))
            .send()
            .await
            .expect_invalid("url");
    }
    assert_eq!(app.count(app.tenant, "webhook").await, 0);
}

/// This machine's host name, which resolves to a loopback or private address (its /etc/hosts).
/// A name resolving to a local address is refused when subscribing, and again when delivering (the
/// address is checked on what is actually connected to, so a DNS answer changed later is caught).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_name_resolving_to_a_local_address_is_refused() {
    let name = local_host_name()
        .await
        .expect("this test needs the host name to resolve to local addresses only");
    let app = TestApp::start(Backend::Sqlite, &[("WEBHOOK_ALLOW_PRIVATE", "false")])
        .await
        .unwrap();
    let token = app.owner_token().await;
    app.post("/api/v1/webhooks")
        .token(&token)
        .json(json!({"url": format!("https://{name}/hook"), "events": ["*"]}))
        .send()
        .await
        .expect_invalid("url");

    let (url, receiver) = Receiver::start(0, None).await;
    let port = url
        .trim_start_matches("http://127.0.0.1:")
        .trim_end_matches("/hook")
        .to_owned();
    let subscription = shared::webhooks::Subscription {
        meta: shared::resource::Meta {
            id: 1,
            version: 1,
            ..Default::default()
        },
        url: format!("https://{name}:{port}/hook"),
        events: vec!["*".into()],
        secret: shared::webhooks::new_secret(),
        previous_secret: None,
        previous_secret_until: None,
        enabled: true,
        disabled_reason: None,
        failing_since: None,
    };
    let event = shared::events::Event::new("webhook.test", json!({}));
    let attempt = shared::webhooks::Deliverer::new(false)
        .attempt(&subscription, &event, 1)
        .await;
    assert!(attempt.status_code.is_none());
    assert!(
        attempt
            .error
            .as_deref()
            .unwrap_or_default()
            .contains("private or local"),
        "{attempt:?}"
    );
    assert!(receiver.received().is_empty());
}
