//! Plans and modules, per-token rate limits, and idempotency keys.

use std::sync::atomic::Ordering;
use std::time::Duration;

use serde_json::json;

use crate::harness::{Backend, TestApp, PROBE_RUNS};
use crate::on_both_stores;

/// Authenticated routes with harmless arguments (unknown ids, empty bodies): each must pass the
/// gate and so carry the rate-limit headers, whatever its handler then answers.
const GATED_ROUTES: &[(&str, &str)] = &[
    ("POST", "/api/logout"),
    ("POST", "/api/refresh"),
    ("POST", "/api/change-password"),
    ("GET", "/api/user"),
    ("POST", "/api/edit-profile"),
    ("POST", "/api/upload-photos"),
    ("GET", "/api/users/999/photo"),
    ("DELETE", "/api/delete-account"),
    ("GET", "/api/client-user"),
    ("GET", "/api/staff-user"),
    ("GET", "/api/vendor-user"),
    ("GET", "/api/v1/settings/api-keys"),
    ("POST", "/api/v1/settings/api-keys"),
    ("DELETE", "/api/v1/settings/api-keys/999"),
    ("GET", "/api/users"),
    ("GET", "/api/users/log"),
    ("POST", "/api/user/store"),
    ("POST", "/api/user/update/999"),
    ("DELETE", "/api/user/delete/999"),
    ("POST", "/api/user/reset-password/999"),
    ("PUT", "/api/user/verify/999"),
    ("GET", "/api/roles"),
    ("POST", "/api/v1/sandbox/reset"),
];

async fn the_public_plan_catalogue_needs_no_token(app: TestApp) {
    let resp = app.get("/api/public/plans").send().await.expect(200);
    let plans = resp.body["data"].as_array().unwrap();
    let ids: Vec<&str> = plans.iter().map(|p| p["id"].as_str().unwrap()).collect();
    assert_eq!(ids, ["starter", "pro", "business"]);
    let limits: Vec<u64> = plans.iter().map(|p| p["requests_per_hour"].as_u64().unwrap()).collect();
    assert_eq!(limits, [1000, 5000, 20000]);
    assert_eq!(plans[0]["burst"], 2000);
    assert!(!plans[0]["modules"].as_array().unwrap().contains(&json!("hr")));
    assert!(plans[2]["modules"].as_array().unwrap().contains(&json!("hr")));
    assert!(
        resp.header("x-ratelimit-limit").is_none(),
        "public routes are not per-token limited"
    );
}

async fn every_gated_route_answers_with_rate_limit_headers(app: TestApp) {
    let owner = app.owner_token().await;
    // An API key, so that the sweep cannot end the session it runs on.
    let key = app.api_key(&owner, "live").await;
    for (method, path) in GATED_ROUTES {
        let method = reqwest::Method::from_bytes(method.as_bytes()).unwrap();
        let resp = app.call(method.clone(), path).token(&key).send().await;
        assert_ne!(resp.status, 401, "{method} {path}: {}", resp.body);
        assert_eq!(resp.header("x-ratelimit-limit"), Some("20000"), "{method} {path}");
        assert!(resp.header("x-ratelimit-remaining").is_some(), "{method} {path}");
        assert!(resp.header("x-ratelimit-reset").is_some(), "{method} {path}");
    }
}

async fn the_headers_count_down_per_token(app: TestApp) {
    // 10 per hour: a burst of 20, and one refill every six minutes, so none during the test
    // (at the Business plan's 20000 per hour a request comes back every 180 ms).
    app.set_rate_limit(app.tenant, 10).await;
    let owner = app.owner_token().await;
    let key = app.api_key(&owner, "live").await;
    let first = app.get("/api/user").token(&key).send().await.expect(200);
    let second = app.get("/api/user").token(&key).send().await.expect(200);
    let remaining = |r: &crate::harness::Resp| r.header("x-ratelimit-remaining").unwrap().parse::<u64>().unwrap();
    assert_eq!(first.header("x-ratelimit-limit"), Some("10"));
    assert_eq!(remaining(&first), 19, "a full bucket holds twice the limit");
    assert_eq!(remaining(&second), 18);
    let reset: i64 = second.header("x-ratelimit-reset").unwrap().parse().unwrap();
    let now = shared::time::now_unix();
    assert!(
        (now + 2 * 360 - 2..=now + 2 * 360 + 2).contains(&reset),
        "full again after two refills: {reset} vs {now}"
    );
    // Another token's requests come out of its own bucket, not this one.
    app.get("/api/user").token(&owner).send().await.expect(200);
    let third = app.get("/api/user").token(&key).send().await.expect(200);
    assert_eq!(remaining(&third), 17);
}

async fn a_starter_workspace_gets_module_disabled_before_any_work(app: TestApp) {
    let (_, email, password) = app.workspace_on_plan("starter").await;
    let token = app.login(&email, &password).await;
    let before = PROBE_RUNS.load(Ordering::SeqCst);
    let resp = app
        .get("/api/test/hr-probe")
        .token(&token)
        .send()
        .await
        .expect_error(403, "module_disabled");
    let message = resp.body["message"].as_str().unwrap();
    assert!(message.contains("hr") && message.contains("Starter"), "{message}");
    assert_eq!(resp.header("x-ratelimit-limit"), Some("1000"), "the Starter limit");
    // Core routes still work on Starter.
    app.get("/api/users").token(&token).send().await.expect(200);
    // The Business workspace reaches the same route, and its handler runs.
    let owner = app.owner_token().await;
    app.get("/api/test/hr-probe").token(&owner).send().await.expect(200);
    assert!(PROBE_RUNS.load(Ordering::SeqCst) > before);
}

async fn the_same_idempotency_key_replays_the_first_response_and_does_nothing_again(app: TestApp) {
    let owner = app.owner_token().await;
    let body = json!({"name": "Once", "email": "once@example.com", "password": "long-enough-1"});
    let first = app
        .post("/api/user/store")
        .token(&owner)
        .header("idempotency-key", "create-once-1")
        .json(body.clone())
        .send()
        .await
        .expect(201);
    let again = app
        .post("/api/user/store")
        .token(&owner)
        .header("idempotency-key", "create-once-1")
        .json(body.clone())
        .send()
        .await
        .expect(201);
    assert_eq!(again.body, first.body);
    assert_eq!(again.header("idempotent-replayed"), Some("true"));
    assert!(first.header("idempotent-replayed").is_none());
    assert_eq!(app.count(app.tenant, "user").await, 2, "the owner and one new user");
    // Without the key the same body is a new request (and here a duplicate e-mail).
    app.post("/api/user/store")
        .token(&owner)
        .json(body)
        .send()
        .await
        .expect_invalid("email");
}

async fn the_same_key_with_another_body_is_422_and_changes_nothing(app: TestApp) {
    let owner = app.owner_token().await;
    app.post("/api/user/store")
        .token(&owner)
        .header("idempotency-key", "k-2")
        .json(json!({"name": "A", "email": "a2@example.com", "password": "long-enough-1"}))
        .send()
        .await
        .expect(201);
    app.post("/api/user/store")
        .token(&owner)
        .header("idempotency-key", "k-2")
        .json(json!({"name": "B", "email": "b2@example.com", "password": "long-enough-1"}))
        .send()
        .await
        .expect_error(422, "idempotency_mismatch");
    assert_eq!(app.count(app.tenant, "user").await, 2);
    app.post("/api/user/store")
        .token(&owner)
        .header("idempotency-key", &"x".repeat(300))
        .json(json!({"name": "C", "email": "c2@example.com", "password": "long-enough-1"}))
        .send()
        .await
        .expect_invalid("Idempotency-Key");
}

async fn concurrent_requests_with_one_key_never_both_execute(app: TestApp) {
    let owner = app.owner_token().await;
    let body = json!({"name": "Race", "email": "race@example.com", "password": "long-enough-1"});
    let sends = (0..8).map(|_| {
        app.post("/api/user/store")
            .token(&owner)
            .header("idempotency-key", "race-key")
            .json(body.clone())
            .send()
    });
    let responses = futures::future::join_all(sends).await;
    let created: Vec<_> = responses.iter().filter(|r| r.status == 201).collect();
    assert!(!created.is_empty());
    assert!(
        responses
            .iter()
            .all(|r| r.status == 201 || (r.status == 409 && r.body["code"] == "idempotency_in_progress")),
        "{responses:?}"
    );
    for busy in responses.iter().filter(|r| r.status == 409) {
        let retry_after: u64 = busy.header("retry-after").expect("Retry-After").parse().unwrap();
        assert!((1..=60).contains(&retry_after), "{retry_after}");
    }
    assert!(
        created.iter().all(|r| r.body["id"] == created[0].body["id"]),
        "one user, one id"
    );
    assert_eq!(app.count(app.tenant, "user").await, 2, "exactly one execution");
    // Once the first finished, a retry gets its response.
    let retry = app
        .post("/api/user/store")
        .token(&owner)
        .header("idempotency-key", "race-key")
        .json(body)
        .send()
        .await
        .expect(201);
    assert_eq!(retry.body["id"], created[0].body["id"]);
}

async fn idempotency_keys_are_per_workspace(app: TestApp) {
    let owner = app.owner_token().await;
    let (_, email, password) = app.second_workspace().await;
    let other = app.login(&email, &password).await;
    app.post("/api/v1/settings/api-keys")
        .token(&owner)
        .header("idempotency-key", "shared-key")
        .json(json!({"name": "a"}))
        .send()
        .await
        .expect(201);
    let theirs = app
        .post("/api/v1/settings/api-keys")
        .token(&other)
        .header("idempotency-key", "shared-key")
        .json(json!({"name": "a"}))
        .send()
        .await
        .expect(201);
    assert!(
        theirs.header("idempotent-replayed").is_none(),
        "another workspace's key is its own"
    );
}

/// A stored answer belongs to the credential that made it: another user sending the same key text
/// gets a run of its own, and another credential of the same user (a second login, an API key) is
/// told the request ran, never shown its answer (a new session token, an API key's secret).
async fn another_callers_same_key_never_sees_the_first_answer(app: TestApp) {
    let owner = app.owner_token().await;
    let (_, client_token) = app.user_with_role("client").await;
    let refresh = |token: &str| {
        app.post("/api/refresh")
            .token(token)
            .header("idempotency-key", "job-7")
            .send()
    };
    let owners = refresh(&owner).await.expect(200);
    let theirs = refresh(&client_token).await.expect(200);
    assert!(theirs.header("idempotent-replayed").is_none());
    assert_ne!(
        theirs.body["token"], owners.body["token"],
        "the owner's new session never leaks"
    );
    let their_token = theirs.body["token"].as_str().unwrap();
    let me = app.get("/api/user").token(their_token).send().await.expect(200);
    assert_eq!(me.body["role"], "client", "the client's own session, refreshed");

    // The owner's new key is shown once, to the owner's session that made it.
    let owner = owners.body["token"].as_str().unwrap().to_owned();
    let make_key = |token: &str| {
        app.post("/api/v1/settings/api-keys")
            .token(token)
            .header("idempotency-key", "key-for-ci")
            .json(json!({"name": "ci"}))
            .send()
    };
    let first = make_key(&owner).await.expect(201);
    let same_session = make_key(&owner).await.expect(201);
    assert_eq!(same_session.header("idempotent-replayed"), Some("true"));
    assert_eq!(same_session.body, first.body);
    // The owner's other credentials: the request is not run again, and its answer is not theirs.
    let second_login = app.owner_token().await;
    let api_key = first.body["key"].as_str().unwrap();
    for other in [second_login.as_str(), api_key] {
        let used = make_key(other).await.expect_error(409, "idempotency_key_used");
        assert!(used.body.get("key").is_none() && !used.body.to_string().contains(api_key));
    }
    let keys = app
        .get("/api/v1/settings/api-keys")
        .token(&owner)
        .send()
        .await
        .expect(200);
    assert_eq!(keys.body["data"].as_array().unwrap().len(), 1, "one run: {}", keys.body);
    // Another user's key of the same text is theirs.
    let from_client = make_key(their_token).await.expect(201);
    assert!(from_client.header("idempotent-replayed").is_none());
    assert_ne!(from_client.body["key"], first.body["key"]);
}

/// A plan's limit is per token, and the workspace's ceiling is four tokens' worth each clock hour,
/// all its tokens together: minting more logins does not multiply it, and batch items and import
/// rows count as the requests they stand for. (A clock hour turning mid-test starts the counts
/// again: the scenario then runs once more.)
async fn a_workspace_ceiling_holds_however_many_tokens_and_counts_batch_items_and_import_rows(app: TestApp) {
    for _attempt in 0..2 {
        let hour = shared::usage::current_hour();
        let spent = spend_a_ceiling_and_a_batch_and_import_allowance(&app).await;
        if shared::usage::current_hour() == hour {
            return spent;
        }
    }
    panic!("two clock hours turned during the test");
}

async fn spend_a_ceiling_and_a_batch_and_import_allowance(app: &TestApp) {
    // 10 an hour a token (bursts of 20); the workspace 40 an hour.
    let (tenant, email, password) = app.second_workspace().await;
    app.set_rate_limit(tenant, 10).await;
    let tokens: Vec<String> = futures::future::join_all((0..5).map(|_| app.login(&email, &password))).await;
    let (mut served, mut refused) = (0, None);
    'spend: for _round in 0..20 {
        for token in &tokens {
            let resp = app.get("/api/user").token(token).send().await;
            match resp.status {
                200 => served += 1,
                429 => {
                    refused = Some(resp);
                    break 'spend;
                }
                other => panic!("unexpected {other}: {}", resp.body),
            }
        }
    }
    assert_eq!(served, 40, "five tokens' bursts are 100, the workspace's hour 40");
    let refused = refused.expect("a refusal");
    assert_eq!(refused.body["code"], "rate_limited");
    assert_eq!(refused.header("x-ratelimit-scope"), Some("workspace"));
    assert_eq!(refused.header("x-ratelimit-limit"), Some("40"));
    let wait: u64 = refused.header("retry-after").unwrap().parse().unwrap();
    assert!((1..=3600).contains(&wait), "{wait}");
    assert!(
        refused.body["message"].as_str().unwrap().contains("workspace"),
        "{}",
        refused.body
    );

    // A fresh workspace on the same limit: a batch counts as its items, an import as its rows.
    let (tenant, email, password) = app.second_workspace().await;
    app.set_rate_limit(tenant, 10).await;
    let owner = app.login(&email, &password).await;
    let batch = |n: usize| {
        let items: Vec<_> = (0..n).map(|i| json!({"name": format!("Item {i}")})).collect();
        app.post("/api/v1/contacts/batch/create")
            .token(&owner)
            .json(json!({"items": items}))
            .send()
    };
    let whole = batch(50).await.expect_error(422, "too_large");
    assert!(whole.body["message"].as_str().unwrap().contains("40"), "{}", whole.body);
    let first = batch(15).await;
    assert_eq!(first.status, 201, "{}", first.body);
    assert_eq!(first.header("x-ratelimit-scope"), Some("token"));
    let import = |rows: usize| {
        let rows: String = (0..rows).map(|i| format!("Row {i}\n")).collect();
        let file = reqwest::multipart::Part::bytes(format!("name\n{rows}").into_bytes()).file_name("contacts.csv");
        app.post("/api/v1/contacts/import")
            .token(&owner)
            .multipart(reqwest::multipart::Form::new().part("file", file))
            .send()
    };
    // 16 used (the refused batch's request, then 15); 30 rows would take it to 46.
    let over = import(30).await.expect_error(429, "rate_limited");
    assert!(
        over.body["message"].as_str().unwrap().contains("30 rows"),
        "{}",
        over.body
    );
    let contacts = app.get("/api/v1/contacts").token(&owner).send().await.expect(200);
    assert_eq!(
        contacts.body["meta"]["total"], 15,
        "the refused batch and import wrote nothing"
    );
    // 18 used; 20 rows take it to 38.
    import(20).await.expect(202);
}

on_both_stores!(
    the_public_plan_catalogue_needs_no_token,
    every_gated_route_answers_with_rate_limit_headers,
    the_headers_count_down_per_token,
    a_starter_workspace_gets_module_disabled_before_any_work,
    the_same_idempotency_key_replays_the_first_response_and_does_nothing_again,
    the_same_key_with_another_body_is_422_and_changes_nothing,
    concurrent_requests_with_one_key_never_both_execute,
    idempotency_keys_are_per_workspace,
    another_callers_same_key_never_sees_the_first_answer,
    a_workspace_ceiling_holds_however_many_tokens_and_counts_batch_items_and_import_rows
);

/// A server whose rate-limit window is `window_secs` instead of an hour, so buckets refill fast.
async fn app_with_window(backend: Backend, window_secs: &str) -> Option<TestApp> {
    TestApp::start(backend, &[("RATE_LIMIT_WINDOW_SECONDS", window_secs)]).await
}

async fn exhausting_a_bucket_is_429_with_an_honest_retry_after(app: TestApp) {
    // 2 per 10-second window: a burst of 4, then one more every 5 seconds (room enough for the burst
    // to be spent before anything refills, even on a busy machine).
    app.set_rate_limit(app.tenant, 2).await;
    let token = app.owner_token().await;
    for expected_remaining in (0..4).rev() {
        let resp = app.get("/api/user").token(&token).send().await.expect(200);
        assert_eq!(
            resp.header("x-ratelimit-remaining"),
            Some(expected_remaining.to_string().as_str())
        );
        assert_eq!(resp.header("x-ratelimit-limit"), Some("2"));
    }
    let users_before = app.count(app.tenant, "user").await;
    let refused = app
        .post("/api/user/store")
        .token(&token)
        .json(json!({"name": "Late", "email": "late@example.com", "password": "long-enough-1"}))
        .send()
        .await
        .expect_error(429, "rate_limited");
    assert_eq!(
        app.count(app.tenant, "user").await,
        users_before,
        "a refused request does nothing"
    );
    assert_eq!(refused.header("x-ratelimit-remaining"), Some("0"));
    let retry_after: u64 = refused.header("retry-after").unwrap().parse().unwrap();
    assert!((1..=5).contains(&retry_after), "{retry_after}");
    tokio::time::sleep(Duration::from_secs(retry_after)).await;
    app.get("/api/user").token(&token).send().await.expect(200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn exhausting_a_bucket_is_429_with_an_honest_retry_after_on_sqlite() {
    exhausting_a_bucket_is_429_with_an_honest_retry_after(app_with_window(Backend::Sqlite, "10").await.unwrap()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn exhausting_a_bucket_is_429_with_an_honest_retry_after_on_dynamodb() {
    let Some(app) = app_with_window(Backend::DynamoDb, "10").await else {
        return;
    };
    exhausting_a_bucket_is_429_with_an_honest_retry_after(app).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rate_limits_off_send_no_headers_and_never_refuse() {
    let app = TestApp::start(Backend::Sqlite, &[("RATE_LIMITS", "off")])
        .await
        .unwrap();
    app.set_rate_limit(app.tenant, 1).await;
    let token = app.owner_token().await;
    for _ in 0..5 {
        let resp = app.get("/api/user").token(&token).send().await.expect(200);
        assert!(resp.header("x-ratelimit-limit").is_none());
    }
}

/// Two real server processes share one DynamoDB (moto): a token's bucket is exact across them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_requests_across_two_server_processes_get_exactly_the_burst() {
    let Some(endpoint) = crate::harness::aws_endpoint() else {
        return;
    };
    let suffix = uuid::Uuid::new_v4().simple().to_string();
    let env = [
        ("STORE", "dynamodb".to_string()),
        ("DYNAMODB_CREATE_TABLES", "true".into()),
        ("RECORDS_TABLE", format!("cluster-records-{suffix}")),
        ("RATELIMITS_TABLE", format!("cluster-ratelimits-{suffix}")),
        ("FILES_BUCKET", format!("cluster-files-{suffix}")),
        ("AWS_ENDPOINT_URL", endpoint.clone()),
        // The first start seeds no demo data: under the whole suite's load on moto, seeding it
        // has kept a server from answering within the 90 s the test waits.
        ("SANDBOX_DEMO_DATA", "off".into()),
    ];
    let dir = tempfile::tempdir().unwrap();
    let mut servers = Vec::new();
    let mut bases = Vec::new();
    for _ in 0..2 {
        let port = crate::crash::free_port();
        servers.push(crate::crash::start_server_with(dir.path(), port, &env));
        bases.push(format!("http://127.0.0.1:{port}"));
    }
    let client = reqwest::Client::builder()
        .timeout(Duration::from_secs(30))
        .build()
        .unwrap();
    let token = crate::crash::login_when_up(&client, &bases[0]).await;
    crate::crash::login_when_up(&client, &bases[1]).await;

    // 5 per hour: a burst of 10, and no refill during the test.
    let me: serde_json::Value = client
        .get(format!("{}/api/user", bases[0]))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let tenant = shared::store::TenantId(me["workspace"]["id"].as_u64().unwrap());
    let sdk = shared::aws::aws_sdk_config(Some(&endpoint)).await;
    let store = shared::store::dynamo::DynamoStore::new(
        aws_sdk_dynamodb::Client::new(&sdk),
        format!("cluster-records-{suffix}"),
    );
    crate::harness::set_rate_limit(&store, tenant, 5).await;
    let created: serde_json::Value = client
        .post(format!("{}/api/v1/settings/api-keys", bases[0]))
        .bearer_auth(&token)
        .json(&json!({"name": "load"}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let key = created["key"].as_str().unwrap().to_owned();

    let sends = (0..30).map(|i| {
        let request = client.get(format!("{}/api/user", bases[i % 2])).bearer_auth(&key);
        async move { request.send().await.unwrap() }
    });
    let responses = futures::future::join_all(sends).await;
    let allowed = responses.iter().filter(|r| r.status() == 200).count();
    let refused: Vec<_> = responses.iter().filter(|r| r.status() == 429).collect();
    assert_eq!(
        allowed, 10,
        "exactly the burst (2 x 5) gets through, across both processes"
    );
    assert_eq!(refused.len(), 20);
    assert!(refused.iter().all(|r| r.headers().get("retry-after").is_some()));
    for mut server in servers {
        server.start_kill().unwrap();
    }
}

/// A rate-limit store that fails lets requests through (fail open): an outage of the limiter's
/// table must not turn into a 429 storm.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn requests_pass_when_the_rate_limit_store_fails() {
    let Some(app) = TestApp::dynamodb().await else { return };
    let token = app.owner_token().await;
    app.get("/api/user").token(&token).send().await.expect(200);
    let sdk = shared::aws::aws_sdk_config(app.state.config().aws_endpoint_url.as_deref()).await;
    aws_sdk_dynamodb::Client::new(&sdk)
        .delete_table()
        .table_name(&app.state.config().ratelimits_table)
        .send()
        .await
        .expect("the rate-limit table is deleted");
    for _ in 0..3 {
        app.get("/api/user").token(&token).send().await.expect(200);
    }
    let before = app.count(app.tenant, "user").await;
    app.post("/api/user/store")
        .token(&token)
        .json(json!({"name": "Still works", "email": "still@example.com", "password": "long-enough-1"}))
        .send()
        .await
        .expect(201);
    assert_eq!(app.count(app.tenant, "user").await, before + 1);
}
