//! Crash safety on the embedded store: every user whose creation was acknowledged is there after a
//! `kill -9` of the real server binary and a restart.

use std::process::Stdio;
use std::sync::Arc;
use std::time::Duration;

use serde_json::{json, Value};
use tokio::process::{Child, Command};
use tokio::sync::Mutex;

use crate::harness::{JWT_SECRET, OWNER_EMAIL, OWNER_PASSWORD};

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
    email: String,
    answered: Option<Value>,
}

/// The creates of 32 clients with an `Idempotency-Key` each are cut by a `kill -9`; after the
/// restart every client retries whatever it got no answer to, with the same key and body,
/// honouring `Retry-After`. No contact is written twice: a write that committed before the kill
/// answers 409 `idempotency_answer_lost` (its answer was not kept), one that did not runs now,
/// and an acknowledged one replays its first answer.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_retried_idempotency_key_never_writes_twice_across_a_kill_9() {
    let dir = tempfile::tempdir().unwrap();
    let port = free_port();
    let base = format!("http://127.0.0.1:{port}");
    let client = reqwest::Client::builder()
        .timeout(Duration::from_secs(30))
        .build()
        .unwrap();
    // A claim whose process died lapses after a second, so the retries need not wait a minute.
    let env = [("IDEMPOTENCY_CLAIM_SECONDS", "1".to_string())];
    let mut server = start_server_with(dir.path(), port, &env);
    let token = login_when_up(&client, &base).await;
    let sent: Arc<Mutex<Vec<Sent>>> = Arc::default();
    let mut tasks = Vec::new();
    for writer in 0..32 {
        let (client, url, token, sent) = (
            client.clone(),
            format!("{base}/api/v1/contacts"),
            token.clone(),
            Arc::clone(&sent),
        );
        tasks.push(tokio::spawn(async move {
            for n in 0.. {
                let (key, email) = (format!("key-{writer}-{n}"), format!("once-{writer}-{n}@example.com"));
                let resp = client
                    .post(&url)
                    .bearer_auth(&token)
                    .header("idempotency-key", &key)
                    .json(&json!({"name": "Once", "email": email}))
                    .send()
                    .await;
                let answered = match resp {
                    Ok(resp) if resp.status() == 201 => Some(resp.json::<Value>().await.unwrap()),
                    Ok(resp) => panic!("unexpected status {} before the crash", resp.status()),
                    Err(_) => None,
                };
                let done = answered.is_none();
                sent.lock().await.push(Sent { key, email, answered });
                if done {
                    return; // the server is gone
                }
            }
        }));
    }
    kill_9_after(&mut server, tasks, &sent, 200).await;
    let sent = sent.lock().await.clone();

    // The client goes on with its session (a new login would be another credential, which is
    // told a request ran but never shown its answer).
    let mut restarted = start_server_with(dir.path(), port, &env);
    login_when_up(&client, &base).await;
    let retry = |s: &Sent| {
        client
            .post(format!("{base}/api/v1/contacts"))
            .bearer_auth(&token)
            .header("idempotency-key", &s.key)
            .json(&json!({"name": "Once", "email": s.email}))
            .send()
    };
    let (mut ran_now, mut lost_answers) = (0, 0);
    for s in sent.iter().filter(|s| s.answered.is_none()) {
        loop {
            let resp = retry(s).await.unwrap();
            let status = resp.status().as_u16();
            let retry_after = resp
                .headers()
                .get("retry-after")
                .map(|v| v.to_str().unwrap().parse::<u64>().unwrap());
            let body: Value = resp.json().await.unwrap();
            match (status, body["code"].as_str()) {
                (201, _) => ran_now += 1,
                (409, Some("idempotency_answer_lost")) => lost_answers += 1,
                (409, Some("idempotency_in_progress")) => {
                    let wait = retry_after.expect("an in-progress answer says when to retry");
                    assert!((1..=2).contains(&wait), "{wait}");
                    tokio::time::sleep(Duration::from_secs(wait)).await;
                    continue;
                }
                other => panic!("{}: unexpected answer {other:?}: {body}", s.key),
            }
            break;
        }
    }
    // An acknowledged create replays its answer, after the restart too.
    let acknowledged = sent.iter().find(|s| s.answered.is_some()).unwrap();
    let replayed = retry(acknowledged).await.unwrap();
    assert_eq!(replayed.headers().get("idempotent-replayed").unwrap(), "true");
    assert_eq!(
        &replayed.json::<Value>().await.unwrap(),
        acknowledged.answered.as_ref().unwrap()
    );

    let mut stored: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    for record in every_record(&client, &base, &token, "/api/v1/contacts").await {
        *stored
            .entry(record["email"].as_str().unwrap_or_default().to_owned())
            .or_default() += 1;
    }
    let twice: Vec<_> = stored.iter().filter(|(_, n)| **n > 1).collect();
    assert!(twice.is_empty(), "written twice: {twice:?}");
    for s in &sent {
        assert_eq!(
            stored.get(&s.email),
            Some(&1),
            "{}: every request ran exactly once",
            s.key
        );
    }
    eprintln!(
        "{} sent, {} unanswered at the kill: {ran_now} ran on retry, {lost_answers} had committed",
        sent.len(),
        ran_now + lost_answers
    );
    restarted.start_kill().unwrap();
}

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
