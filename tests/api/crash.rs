//! Crash safety: every user whose creation was acknowledged is there after a `kill -9` of the real
//! server binary and a restart (the embedded store), and keyed creates cut by one replay or run
//! once on retry (both stores).

use std::process::Stdio;
use std::sync::Arc;
use std::time::Duration;

use serde_json::{json, Value};
use tokio::process::{Child, Command};
use tokio::sync::Mutex;

use crate::harness::{aws_endpoint, Backend, JWT_SECRET, OWNER_EMAIL, OWNER_PASSWORD};
use crate::on_both_stores;

pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

fn start_server(data_dir: &std::path::Path, port: u16) -> Child {
    start_server_with(data_dir, port, &[])
}

/// Starts the real server binary with a clean environment plus `extra`.
pub fn start_server_with(data_dir: &std::path::Path, port: u16, extra: &[(&str, String)]) -> Child {
    server_command(data_dir, port, extra)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the monolith binary starts")
}

/// The real server binary on `data_dir` and `port`, with a clean environment plus `extra`.
fn server_command(data_dir: &std::path::Path, port: u16, extra: &[(&str, String)]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_monolith"));
    command.env_clear();
    for name in ["AWS_REGION", "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"] {
        if let Ok(value) = std::env::var(name) {
            command.env(name, value);
        }
    }
    for (name, value) in extra {
        command.env(name, value);
    }
    command
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("DATA_DIR", data_dir)
        .env("PORT", port.to_string())
        .env("JWT_SECRET", JWT_SECRET)
        .env("ADMIN_EMAIL", OWNER_EMAIL)
        .env("ADMIN_PASSWORD", OWNER_PASSWORD)
        .env("RUST_LOG", "error")
        .kill_on_drop(true);
    command
}

/// Logs the owner in once the server answers. A first start creates the tables and seeds the
/// owner's live workspace and sandbox (the accounting sandbox posts a quarter of documents), which
/// on moto under the whole suite's load has taken over 10 s; the wait ends as soon as it is up.
pub async fn login_when_up(client: &reqwest::Client, base: &str) -> String {
    let deadline = std::time::Instant::now() + Duration::from_secs(90);
    while std::time::Instant::now() < deadline {
        if let Ok(resp) = client
            .post(format!("{base}/api/login"))
            .json(&json!({"email": OWNER_EMAIL, "password": OWNER_PASSWORD}))
            .send()
            .await
        {
            if resp.status() == 200 {
                let body: Value = resp.json().await.unwrap();
                return body["token"].as_str().unwrap().to_owned();
            }
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the server did not come up");
}

/// A fresh data directory with the real server started on it and its owner logged in.
struct Started {
    dir: tempfile::TempDir,
    port: u16,
    base: String,
    client: reqwest::Client,
    server: Child,
    token: String,
}

async fn start_fresh() -> Started {
    let dir = tempfile::tempdir().unwrap();
    let port = free_port();
    let base = format!("http://127.0.0.1:{port}");
    let client = reqwest::Client::builder()
        .timeout(Duration::from_secs(30))
        .build()
        .unwrap();
    let server = start_server(dir.path(), port);
    let token = login_when_up(&client, &base).await;
    Started {
        dir,
        port,
        base,
        client,
        server,
        token,
    }
}

/// Once `log` holds `at_least` entries, kills the server with `kill -9`, without warning, and waits
/// for the writers (`tasks`, which stop when the server is gone).
async fn kill_9_after<T>(
    server: &mut Child,
    tasks: Vec<tokio::task::JoinHandle<()>>,
    log: &Mutex<Vec<T>>,
    at_least: usize,
) {
    while log.lock().await.len() < at_least {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    server.start_kill().unwrap();
    server.wait().await.unwrap();
    for task in tasks {
        task.await.unwrap();
    }
}

/// Every record of the list at `list`, page by page.
async fn every_record(client: &reqwest::Client, base: &str, token: &str, list: &str) -> Vec<Value> {
    let mut records = Vec::new();
    let mut cursor: Option<String> = None;
    loop {
        let mut url = format!("{base}{list}?per_page=100");
        if let Some(c) = &cursor {
            url.push_str(&format!("&cursor={c}"));
        }
        let resp = client.get(url).bearer_auth(token).send().await.unwrap();
        assert_eq!(resp.status(), 200);
        let page: Value = resp.json().await.unwrap();
        let data = page["data"].as_array().unwrap();
        records.extend(data.iter().cloned());
        match page["meta"]["next_cursor"].as_str() {
            Some(next) if !data.is_empty() => cursor = Some(next.to_owned()),
            _ => break,
        }
    }
    records
}

/// `writers` clients create records at `path` as fast as they can (each with a unique `email`
/// made by `body`), the server is killed with `kill -9` mid-write, restarted, and every record
/// whose creation was acknowledged must be in the list at `list`.
async fn every_acknowledged_create_survives_a_kill_9(writers: usize, path: &str, list: &str, body: fn(&str) -> Value) {
    let Started {
        dir,
        port,
        base,
        client,
        mut server,
        token,
    } = start_fresh().await;

    // Each writer remembers what the server acknowledged.
    let acknowledged: Arc<Mutex<Vec<String>>> = Arc::default();
    let mut tasks = Vec::new();
    for writer in 0..writers {
        let (client, url, token, acknowledged) = (
            client.clone(),
            format!("{base}{path}"),
            token.clone(),
            Arc::clone(&acknowledged),
        );
        tasks.push(tokio::spawn(async move {
            for n in 0.. {
                let email = format!("crash-{writer}-{n}@example.com");
                let sent = client.post(&url).bearer_auth(&token).json(&body(&email)).send().await;
                match sent {
                    Ok(resp) if resp.status() == 201 => acknowledged.lock().await.push(email),
                    Ok(resp) => panic!("unexpected status {} before the crash", resp.status()),
                    Err(_) => return, // the server is gone
                }
            }
        }));
    }
    // Let the writers get going, then kill the server mid-write, without warning.
    kill_9_after(&mut server, tasks, &acknowledged, 30).await;
    let acknowledged = acknowledged.lock().await.clone();

    let mut restarted = start_server(dir.path(), port);
    let token = login_when_up(&client, &base).await;
    let records = every_record(&client, &base, &token, list).await;
    let stored: std::collections::HashSet<String> = records
        .iter()
        .filter_map(|r| r["email"].as_str())
        .map(str::to_owned)
        .collect();
    let highest_id = records.iter().filter_map(|r| r["id"].as_u64()).fold(0, u64::max);
    let lost: Vec<&String> = acknowledged.iter().filter(|e| !stored.contains(*e)).collect();
    assert!(
        lost.is_empty(),
        "{} of {} acknowledged records were lost: {lost:?}",
        lost.len(),
        acknowledged.len()
    );
    // And the restarted server did not run the first start again.
    assert!(!stored.contains("admin@example.com"));
    // No id is handed out twice across the crash (the embedded store reserves ids in blocks that
    // a restart leaves behind): a create now is stored under an id above every one stored.
    let after = client
        .post(format!("{base}{path}"))
        .bearer_auth(&token)
        .json(&body("after-the-restart@example.com"))
        .send()
        .await
        .unwrap();
    assert_eq!(after.status(), 201);
    let after: Value = after.json().await.unwrap();
    let id = after["id"].as_u64().unwrap();
    assert!(id > highest_id, "id {id} after the restart, {highest_id} stored before");
    restarted.start_kill().unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_acknowledged_user_survives_a_kill_9_of_the_server() {
    every_acknowledged_create_survives_a_kill_9(
        4,
        "/api/user/store",
        "/api/users",
        |email| json!({"name": "Crash Test", "email": email, "password": "crash-password"}),
    )
    .await;
}

/// 48 writers at once: the SQLite writer commits their creates in groups (one fsync a group),
/// and the kill lands while groups are being committed. None acknowledged is lost: a caller
/// is answered only after its group is on disk.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_acknowledged_create_of_a_commit_group_survives_a_kill_9() {
    every_acknowledged_create_survives_a_kill_9(
        48,
        "/api/v1/contacts",
        "/api/v1/contacts",
        |email| json!({"name": "Grouped Crash", "email": email}),
    )
    .await;
}

/// What a client that sent a create with an `Idempotency-Key` heard before the crash.
#[derive(Clone, Debug)]
struct Sent {
    key: String,
    /// The text telling the request's record apart (an e-mail, a payment's reference).
    tag: String,
    answered: Option<Value>,
}

/// A create retried with its `Idempotency-Key` across a crash: where it posts, the list showing
/// its records, the field a record's tag is in, and the body of a tag.
struct KeyedCreate {
    path: &'static str,
    list: &'static str,
    tag_field: &'static str,
    body: Box<dyn Fn(&str) -> Value + Send + Sync>,
}

/// The server's environment on `backend` (tables of their own on DynamoDB), or `None` when
/// DynamoDB is not there.
pub fn environment(backend: Backend) -> Option<Vec<(&'static str, String)>> {
    Some(match backend {
        Backend::Sqlite => Vec::new(),
        Backend::DynamoDb => {
            let endpoint = aws_endpoint()?;
            let suffix = uuid::Uuid::new_v4().simple().to_string();
            vec![
                ("STORE", "dynamodb".into()),
                ("AWS_ENDPOINT_URL", endpoint),
                ("RECORDS_TABLE", format!("records-{suffix}")),
                ("RATELIMITS_TABLE", format!("ratelimits-{suffix}")),
                ("FILES_BUCKET", format!("files-{suffix}")),
                ("DYNAMODB_CREATE_TABLES", "true".into()),
                ("SANDBOX_DEMO_DATA", "off".into()),
            ]
        }
    })
}

/// Between the server and moto: forwards every call and, once armed, holds the first transaction
/// carrying an idempotency record beside writes of its own (a keyed request's commit). The commit
/// reaches moto; the server never hears so, and is killed: a create cut between its commit and
/// its answer, at every kill (left to chance, a numbered create's moment is one store call in ten).
struct CommitCutter {
    endpoint: String,
    armed: std::sync::atomic::AtomicBool,
    cut: tokio::sync::Notify,
}

impl CommitCutter {
    async fn start(moto: String) -> Arc<Self> {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let cutter = Arc::new(Self {
            endpoint: format!("http://{}", listener.local_addr().unwrap()),
            armed: Default::default(),
            cut: tokio::sync::Notify::new(),
        });
        let (state, client) = (Arc::clone(&cutter), reqwest::Client::new());
        let app = axum::Router::new().fallback(move |req: axum::extract::Request| {
            let (cutter, client, moto) = (Arc::clone(&state), client.clone(), moto.clone());
            async move { cutter.forward(&client, &moto, req).await }
        });
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        cutter
    }

    async fn forward(
        &self,
        client: &reqwest::Client,
        moto: &str,
        req: axum::extract::Request,
    ) -> axum::response::Response {
        let (parts, body) = req.into_parts();
        let body = axum::body::to_bytes(body, usize::MAX).await.unwrap();
        let path = parts.uri.path_and_query().map_or("/", |p| p.as_str());
        let mut headers = parts.headers.clone();
        headers.remove(axum::http::header::HOST);
        let answer = client
            .request(parts.method.clone(), format!("{moto}{path}"))
            .headers(headers)
            .body(body.clone())
            .send()
            .await
            .unwrap();
        let is_marked_commit = || {
            let target = parts.headers.get("x-amz-target").and_then(|t| t.to_str().ok());
            let call: Value = serde_json::from_slice(&body).unwrap_or_default();
            target == Some("DynamoDB_20120810.TransactWriteItems")
                && call["TransactItems"].as_array().is_some_and(|items| items.len() > 1)
                && call.to_string().contains("idempotency")
        };
        if is_marked_commit() && self.armed.swap(false, std::sync::atomic::Ordering::SeqCst) {
            self.cut.notify_one();
            std::future::pending::<()>().await;
        }
        let mut response = axum::response::Response::builder().status(answer.status().as_u16());
        for (name, value) in answer.headers() {
            response = response.header(name, value);
        }
        response
            .body(axum::body::Body::from(answer.bytes().await.unwrap()))
            .unwrap()
    }
}

/// Kills of [`keyed_creates_cut_by_a_kill_9_replay_or_run_once_on_retry`] on SQLite at most, until
/// one has cut a create between its commit and its answer (on DynamoDB each kill does:
/// [`CommitCutter`]).
const KEYED_KILLS: usize = 12;

/// The creates of 16 clients with an `Idempotency-Key` each are cut by a `kill -9`; after the
/// restart every client retries whatever it got no answer to, with the same key and body,
/// honouring `Retry-After`. A create that committed before the kill replays its answer (committed
/// with it) at the first retry; one that did not runs once, within the `Retry-After` it was given;
/// an acknowledged one replays its first answer; nothing is written twice. Killed again until a
/// kill has cut a committed create.
async fn keyed_creates_cut_by_a_kill_9_replay_or_run_once_on_retry(
    backend: Backend,
    target: fn(u64, u64) -> KeyedCreate,
) {
    let Some(mut env) = environment(backend) else {
        return;
    };
    // A claim whose process died lapses after a second, so the retries need not wait a minute.
    env.push(("IDEMPOTENCY_CLAIM_SECONDS", "1".to_string()));
    let mut cutter = None;
    if let Some((_, endpoint)) = env.iter_mut().find(|(name, _)| *name == "AWS_ENDPOINT_URL") {
        let started = CommitCutter::start(endpoint.clone()).await;
        *endpoint = started.endpoint.clone();
        cutter = Some(started);
    }
    let dir = tempfile::tempdir().unwrap();
    let port = free_port();
    let base = format!("http://127.0.0.1:{port}");
    let client = reqwest::Client::builder()
        .timeout(Duration::from_secs(30))
        .build()
        .unwrap();
    let mut server = start_server_with(dir.path(), port, &env);
    // The client keeps its session across the restarts (a new login would be another credential,
    // which is told a request ran but never shown its answer).
    let token = login_when_up(&client, &base).await;
    let made = |path: &str, body: Value| {
        let request = client.post(format!("{base}{path}")).bearer_auth(&token).json(&body);
        let path = path.to_owned();
        async move {
            let resp = request.send().await.unwrap();
            assert_eq!(resp.status(), 201, "{path}");
            resp.json::<Value>().await.unwrap()["id"].as_u64().unwrap()
        }
    };
    let customer = made("/api/customers/create", json!({"name": "Acme"})).await;
    let bank = made("/api/bank-accounts/create", json!({"name": "Main"})).await;
    let target = Arc::new(target(customer, bank));
    let stored_now = || async {
        let mut stored: std::collections::HashMap<String, Vec<Value>> = std::collections::HashMap::new();
        for record in every_record(&client, &base, &token, target.list).await {
            let tag = record[target.tag_field].as_str().unwrap_or_default().to_owned();
            stored.entry(tag).or_default().push(record);
        }
        stored
    };
    let retry = |s: &Sent| {
        client
            .post(format!("{base}{}", target.path))
            .bearer_auth(&token)
            .header("idempotency-key", &s.key)
            .json(&(target.body)(&s.tag))
            .send()
    };

    let (mut all_sent, mut kills, mut replayed_at_once, mut ran_now) = (Vec::new(), 0, 0, 0);
    while replayed_at_once == 0 && kills < KEYED_KILLS {
        kills += 1;
        let sent: Arc<Mutex<Vec<Sent>>> = Arc::default();
        let mut tasks = Vec::new();
        for writer in 0..16 {
            let (client, url, token, sent, target) = (
                client.clone(),
                format!("{base}{}", target.path),
                token.clone(),
                Arc::clone(&sent),
                Arc::clone(&target),
            );
            tasks.push(tokio::spawn(async move {
                for n in 0.. {
                    let (key, tag) = (
                        format!("key-{kills}-{writer}-{n}"),
                        format!("once-{kills}-{writer}-{n}@example.com"),
                    );
                    let resp = client
                        .post(&url)
                        .bearer_auth(&token)
                        .header("idempotency-key", &key)
                        .json(&(target.body)(&tag))
                        .send()
                        .await;
                    let answered = match resp {
                        Ok(resp) if resp.status() == 201 => Some(resp.json::<Value>().await.unwrap()),
                        Ok(resp) => panic!("unexpected status {} before the crash", resp.status()),
                        Err(_) => None,
                    };
                    let done = answered.is_none();
                    sent.lock().await.push(Sent { key, tag, answered });
                    if done {
                        return; // the server is gone
                    }
                }
            }));
        }
        match &cutter {
            Some(cutter) => {
                while sent.lock().await.len() < 40 {
                    tokio::time::sleep(Duration::from_millis(20)).await;
                }
                cutter.armed.store(true, std::sync::atomic::Ordering::SeqCst);
                cutter.cut.notified().await;
                kill_9_after(&mut server, tasks, &sent, 0).await;
            }
            None => kill_9_after(&mut server, tasks, &sent, 40).await,
        }
        let sent = sent.lock().await.clone();
        server = start_server_with(dir.path(), port, &env);
        login_when_up(&client, &base).await;

        let committed = stored_now().await;
        for s in sent.iter().filter(|s| s.answered.is_none()) {
            let resp = retry(s).await.unwrap();
            let (status, replayed) = (
                resp.status().as_u16(),
                resp.headers().contains_key("idempotent-replayed"),
            );
            let retry_after = resp
                .headers()
                .get("retry-after")
                .map(|v| v.to_str().unwrap().parse::<u64>().unwrap());
            let body: Value = resp.json().await.unwrap();
            if let Some(records) = committed.get(&s.tag) {
                // Its write committed before the kill: its answer was committed with it.
                assert_eq!((status, replayed), (201, true), "{}: {body}", s.key);
                assert_eq!(body["id"], records[0]["id"], "{}: the stored record's answer", s.key);
                assert_eq!(body[target.tag_field], s.tag.as_str());
                replayed_at_once += 1;
                continue;
            }
            // It did not commit: it runs now, or once the claim its first try took lapses.
            let body = match (status, body["code"].as_str()) {
                (201, _) => body,
                (409, Some("idempotency_in_progress")) => {
                    let wait = retry_after.expect("an in-progress answer says when to retry");
                    assert!((1..=2).contains(&wait), "{wait}");
                    tokio::time::sleep(Duration::from_secs(wait)).await;
                    let again = retry(s).await.unwrap();
                    assert_eq!(again.status(), 201, "{}: runs once its Retry-After has passed", s.key);
                    again.json().await.unwrap()
                }
                other => panic!("{}: unexpected answer {other:?}: {body}", s.key),
            };
            assert_eq!(body[target.tag_field], s.tag.as_str());
            ran_now += 1;
        }
        all_sent.extend(sent);
    }
    assert!(
        replayed_at_once > 0,
        "none of {kills} kills cut a create between its commit and its answer: the replay was not exercised"
    );
    // An acknowledged create replays its answer, after the restarts too.
    let acknowledged = all_sent.iter().find(|s| s.answered.is_some()).unwrap();
    let replayed = retry(acknowledged).await.unwrap();
    assert_eq!(replayed.headers().get("idempotent-replayed").unwrap(), "true");
    assert_eq!(
        &replayed.json::<Value>().await.unwrap(),
        acknowledged.answered.as_ref().unwrap()
    );

    let stored = stored_now().await;
    let twice: Vec<_> = stored
        .iter()
        .filter(|(_, records)| records.len() > 1)
        .map(|(tag, _)| tag)
        .collect();
    assert!(twice.is_empty(), "written twice: {twice:?}");
    for s in &all_sent {
        assert_eq!(
            stored.get(&s.tag).map(Vec::len),
            Some(1),
            "{}: every request ran exactly once",
            s.key
        );
    }
    eprintln!(
        "{} sent over {kills} kills: {replayed_at_once} had committed unanswered and replayed at once, {ran_now} ran on retry",
        all_sent.len()
    );
    server.start_kill().unwrap();
}

fn contacts(_customer: u64, _bank: u64) -> KeyedCreate {
    KeyedCreate {
        path: "/api/v1/contacts",
        list: "/api/v1/contacts",
        tag_field: "email",
        body: Box::new(|tag| json!({"name": "Once", "email": tag})),
    }
}

fn customer_payments(customer: u64, bank: u64) -> KeyedCreate {
    KeyedCreate {
        path: "/api/customer-payments/create",
        list: "/api/customer-payments",
        tag_field: "reference_number",
        body: Box::new(
            move |tag| json!({"customer_id": customer, "bank_account_id": bank, "amount": "12.50", "reference_number": tag}),
        ),
    }
}

async fn keyed_contacts_cut_by_a_kill_9_replay_or_run_once_on_retry(backend: Backend) {
    keyed_creates_cut_by_a_kill_9_replay_or_run_once_on_retry(backend, contacts).await;
}

async fn keyed_customer_payments_cut_by_a_kill_9_replay_or_run_once_on_retry(backend: Backend) {
    keyed_creates_cut_by_a_kill_9_replay_or_run_once_on_retry(backend, customer_payments).await;
}

on_both_stores!(by_backend:
    keyed_contacts_cut_by_a_kill_9_replay_or_run_once_on_retry,
    keyed_customer_payments_cut_by_a_kill_9_replay_or_run_once_on_retry,
);

/// Events committed before a `kill -9` are delivered after the restart, each exactly once to a
/// receiver that deduplicates on `webhook-id` (delivery is at-least-once; nothing is lost).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn events_committed_before_a_kill_9_are_delivered_after_the_restart() {
    let dir = tempfile::tempdir().unwrap();
    let port = free_port();
    let base = format!("http://127.0.0.1:{port}");
    // Retries slow enough that no delivery uses up its 11 attempts before the crash.
    let env = [
        ("WEBHOOK_ALLOW_PRIVATE", "true".to_string()),
        ("WEBHOOK_RETRY_BASE_MS", "500".into()),
        ("WEBHOOK_RETRY_MAX_MS", "1000".into()),
    ];
    let client = reqwest::Client::builder()
        .timeout(Duration::from_secs(10))
        .build()
        .unwrap();
    let mut server = start_server_with(dir.path(), port, &env);
    let token = login_when_up(&client, &base).await;
    // The receiver is down while the events are made: none can be delivered before the crash.
    let (url, receiver) = crate::webhooks::Receiver::start(0, Some(503)).await;
    let subscribed = client
        .post(format!("{base}/api/v1/webhooks"))
        .bearer_auth(&token)
        .json(&json!({"url": url, "events": ["user.created"]}))
        .send()
        .await
        .unwrap();
    assert_eq!(subscribed.status(), 201);
    let mut acknowledged = Vec::new();
    for n in 0..10 {
        let email = format!("evented-{n}@example.com");
        let resp = client
            .post(format!("{base}/api/user/store"))
            .bearer_auth(&token)
            .json(&json!({"name": "Evented", "email": email, "password": "crash-password"}))
            .send()
            .await
            .unwrap();
        assert_eq!(resp.status(), 201);
        acknowledged.push(email);
    }
    server.start_kill().unwrap();
    server.wait().await.unwrap();

    receiver.answer_always(None);
    let mut restarted = start_server_with(dir.path(), port, &env);
    login_when_up(&client, &base).await;
    let mut delivered: std::collections::HashMap<String, String> = std::collections::HashMap::new();
    // An attempt the killed process had claimed comes back when its 60 s lease (webhooks::delivery)
    // runs out, so wait past that; the loop ends as soon as everything has arrived.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(90);
    while tokio::time::Instant::now() < deadline {
        for r in receiver.received() {
            let body: Value = serde_json::from_slice(&r.body).unwrap();
            delivered.insert(
                r.id.clone(),
                body["data"]["email"].as_str().unwrap_or_default().to_owned(),
            );
        }
        if acknowledged.iter().all(|e| delivered.values().any(|d| d == e)) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    for email in &acknowledged {
        let ids = delivered.values().filter(|d| *d == email).count();
        assert_eq!(ids, 1, "{email}: one event id, delivered (deduplicated on webhook-id)");
    }
    restarted.start_kill().unwrap();
}

/// SIGTERM (what Lambda, containers and `kill` send) stops the server cleanly: exit status 0, and
/// what it acknowledged is there after a restart.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_shuts_the_server_down_cleanly() {
    let Started {
        dir,
        port,
        base,
        client,
        mut server,
        token,
    } = start_fresh().await;
    let resp = client
        .post(format!("{base}/api/user/store"))
        .bearer_auth(&token)
        .json(&json!({"name": "Before shutdown", "email": "before@example.com", "password": "long-enough-1"}))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 201);
    let pid = server.id().expect("a running server").to_string();
    let sent = std::process::Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .unwrap();
    assert!(sent.success());
    let status = tokio::time::timeout(Duration::from_secs(10), server.wait())
        .await
        .expect("it exits")
        .unwrap();
    assert!(status.success(), "exit status {status:?}");

    let mut restarted = start_server(dir.path(), port);
    let token = login_when_up(&client, &base).await;
    let users: Value = client
        .get(format!("{base}/api/users?search=before"))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(users["meta"]["total"], 1);
    restarted.start_kill().unwrap();
}

/// An import of 20,000 rows killed part way resumes after the restart from its checkpoint: every
/// row is imported exactly once (the workspace's contact count is exact, from its counters).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_import_killed_part_way_resumes_with_no_row_twice_and_none_lost() {
    const ROWS: u64 = 20_000;
    let Started {
        dir,
        port,
        base,
        client,
        mut server,
        token,
    } = start_fresh().await;
    let contacts = |client: reqwest::Client, token: String| {
        let base = base.clone();
        async move {
            let list: Value = client
                .get(format!("{base}/api/v1/contacts?per_page=1"))
                .bearer_auth(&token)
                .send()
                .await
                .unwrap()
                .json()
                .await
                .unwrap();
            list["meta"]["total"].as_u64().unwrap()
        }
    };
    let before = contacts(client.clone(), token.clone()).await;
    let mut file = String::from("name,email,tags\n");
    for n in 0..ROWS {
        file.push_str(&format!("Row {n},row-{n}@crash.example,imported;batch-{}\n", n % 7));
    }
    let form = reqwest::multipart::Form::new().part(
        "file",
        reqwest::multipart::Part::bytes(file.into_bytes()).file_name("big.csv"),
    );
    let queued: Value = client
        .post(format!("{base}/api/v1/contacts/import"))
        .bearer_auth(&token)
        .multipart(form)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(queued["rows_total"], ROWS, "{queued}");
    let job = format!("{base}/api/imports/{}", queued["id"]);
    let show = |client: reqwest::Client, token: String, job: String| async move {
        let shown: Value = client
            .get(job)
            .bearer_auth(token)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        shown
    };
    // Kill the server once the worker is part way through.
    loop {
        let shown = show(client.clone(), token.clone(), job.clone()).await;
        let done = shown["rows_done"].as_u64().unwrap();
        assert!(done < ROWS, "the import finished before the crash: {shown}");
        if done >= 500 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    server.start_kill().unwrap();
    server.wait().await.unwrap();

    let mut restarted = start_server(dir.path(), port);
    let token = login_when_up(&client, &base).await;
    let deadline = std::time::Instant::now() + Duration::from_secs(300);
    let finished = loop {
        let shown = show(client.clone(), token.clone(), job.clone()).await;
        if shown["state"] == "completed" {
            break shown;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the import did not finish: {shown}"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    assert_eq!(
        (
            &finished["rows_done"],
            &finished["rows_created"],
            &finished["rows_failed"]
        ),
        (&json!(ROWS), &json!(ROWS), &json!(0)),
        "{finished}"
    );
    assert_eq!(contacts(client.clone(), token.clone()).await, before + ROWS);
    // The first and last rows, once each.
    for n in [0, ROWS - 1] {
        let found: Value = client
            .get(format!("{base}/api/v1/contacts?email=row-{n}@crash.example"))
            .bearer_auth(&token)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(found["data"].as_array().unwrap().len(), 1, "row {n}: {found}");
    }
    restarted.start_kill().unwrap();
}

/// The server opens its data directory alone (SQLite's `unix-excl`): a second server on the same
/// directory stops at once and says why, and the first one goes on answering as before.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_server_on_a_data_directory_in_use_is_refused_and_says_why() {
    let first = start_fresh().await;
    let second = server_command(first.dir.path(), free_port(), &[])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output();
    let second = tokio::time::timeout(Duration::from_secs(60), second)
        .await
        .expect("the second server stops on its own")
        .unwrap();
    assert!(!second.status.success(), "the second server exits with an error");
    let said = String::from_utf8_lossy(&second.stderr);
    assert!(said.contains("is in use by another process"), "{said}");
    assert!(said.contains("worktop.sqlite3"), "it names the file: {said}");
    let resp = first
        .client
        .get(format!("{}/api/v1/contacts", first.base))
        .bearer_auth(&first.token)
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 200);
}
