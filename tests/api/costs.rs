//! What the gate and the resource layer cost per request in store round trips (a property, not a
//! timing).

use crate::harness::{Backend, TestApp};
use crate::on_both_stores;

/// A server whose principal cache outlives the test: these tests count what a warm request
/// costs, and a slow run (a loaded machine, moto answering one call at a time) must not let a
/// session's entry expire between two of its requests.
async fn warm_app(backend: Backend) -> Option<TestApp> {
    TestApp::start(backend, &[("AUTH_CACHE_SECONDS", "3600")]).await
}

/// Items one page of 15 may read: 16 index entries (one to know there is more), 15 records and
/// the count.
const PAGE_ITEMS: u64 = 16 + 15 + 1;

/// The per-request cost of the gate, measured on a route that does no store work of its own:
/// a token's first request reads the store (a session: one batched read of session, user and
/// workspace; an API key: its index entry, then user and workspace batched); a warm one reads
/// nothing (the instance's principal cache), and the rate limit is one conditional write on
/// DynamoDB, none locally. A warm create reads no custom field definitions (the instance keeps
/// them too). `infra/bench.sh` prints these figures.
async fn the_gate_reads_the_store_on_a_tokens_first_request_only(backend: Backend) {
    let Some(app) = warm_app(backend).await else { return };
    let owner = app.owner_token().await;
    let key = app.api_key(&owner, "live").await;
    let store = || app.state.store().round_trips();
    let limiter = || app.state.limiter().round_trips();
    let dynamo = app.state.config().store == shared::config::StoreKind::DynamoDb;

    let fresh = app
        .login(crate::harness::OWNER_EMAIL, crate::harness::OWNER_PASSWORD)
        .await;
    let s0 = store();
    app.get("/api/roles").token(&fresh).send().await.expect(200);
    assert_eq!(store() - s0, 1, "a new session: one batched read");
    let s0 = store();
    app.get("/api/roles").token(&key).send().await.expect(200);
    // Its first use also records the key's last use (at most once a minute), which changes the
    // key's entry, so the next request reads the key once more.
    assert_eq!(
        store() - s0,
        3,
        "a new API key: its entry, user and workspace, its last use"
    );
    let s0 = store();
    app.get("/api/roles").token(&key).send().await.expect(200);
    assert_eq!(
        store() - s0,
        2,
        "the API key read again after its last use was recorded"
    );

    let (s0, l0) = (store(), limiter());
    for _ in 0..5 {
        app.get("/api/roles").token(&fresh).send().await.expect(200);
    }
    let (s1, l1) = (store(), limiter());
    for _ in 0..5 {
        app.get("/api/roles").token(&key).send().await.expect(200);
    }
    let (s2, l2) = (store(), limiter());
    eprintln!(
        "warm round trips per request ({:?}): session {} store + {} rate-limit; API key {} store + {} rate-limit",
        app.state.config().store,
        (s1 - s0) as f64 / 5.0,
        (l1 - l0) as f64 / 5.0,
        (s2 - s1) as f64 / 5.0,
        (l2 - l1) as f64 / 5.0
    );
    assert_eq!(s1 - s0, 0, "a warm session reads nothing");
    assert_eq!(s2 - s1, 0, "a warm API key reads nothing");
    let expected_limiter = if dynamo { 5 } else { 0 };
    assert_eq!(
        l1 - l0,
        expected_limiter,
        "one conditional write per request on DynamoDB, none locally"
    );
    assert_eq!(l2 - l1, expected_limiter);

    // A warm point read: the rate limit (on DynamoDB) and one read of the record.
    let contact = app
        .post("/api/v1/contacts")
        .token(&key)
        .json(serde_json::json!({"name": "Point Read"}))
        .send()
        .await
        .expect(201);
    let path = format!("/api/v1/contacts/{}", contact.body["id"]);
    app.get(&path).token(&key).send().await.expect(200);
    let (s0, l0) = (store(), limiter());
    app.get(&path).token(&key).send().await.expect(200);
    assert_eq!(
        (store() - s0, limiter() - l0),
        (1, u64::from(dynamo)),
        "a warm point read: one store read (and the rate limit on DynamoDB)"
    );

    // A warm create: the id and one transaction; the kind's custom field definitions were kept
    // by the first create, and on SQLite its id's block too (no call for the id).
    let s0 = store();
    app.post("/api/v1/contacts")
        .token(&key)
        .json(serde_json::json!({"name": "Warm Create"}))
        .send()
        .await
        .expect(201);
    let expected = if dynamo { 2 } else { 1 };
    assert_eq!(
        store() - s0,
        expected,
        "a warm create: one transaction, and the id's increment on DynamoDB"
    );
}

/// The resource layer's cost beyond the gate, at 1,000 contacts (far more than a page): every
/// kind of page is one query and one batch read (the page's records and the total's counter;
/// on SQLite a page in id order reads its counter with the query);
/// a create is one id increment (none on SQLite, whose store hands ids out of a block it
/// reserved) and one transaction (the record, its event, its index entries).
///
/// With the principal cache off, so that the gate costs exactly one read per request: a warm
/// entry misses now and then after writes (change counts share 65,536 slots, and a create writes
/// a dozen keys), which would make the creates' count a matter of luck. A session, not a key: a
/// key also records its use once a minute. The warm gate's cost is the test above.
async fn a_page_costs_two_store_calls_whatever_the_tenant_holds(backend: Backend) {
    let Some(app) = TestApp::start(backend, &[("AUTH_CACHE_SECONDS", "0")]).await else {
        return;
    };
    let owner = app.owner_token().await;
    app.seed_contacts(1000).await;
    let store = || app.state.store().round_trips();
    let items = || app.state.store().items_read();
    /// What the gate reads per request: the session, user and workspace in one batch.
    const GATE: u64 = 1;
    let token = owner.clone();
    app.get("/api/roles").token(&token).send().await.expect(200);
    let first = app
        .get("/api/v1/contacts?per_page=15")
        .token(&token)
        .send()
        .await
        .expect(200);
    assert_eq!(first.body["meta"]["total"], 1000);
    let cursor = first.body["meta"]["next_cursor"].as_str().unwrap().to_owned();
    // A page of the records in id order needs no batch read of them: on SQLite its query and
    // the total's counter are one read transaction; DynamoDB has no such call.
    let by_id = match backend {
        Backend::Sqlite => 1,
        Backend::DynamoDb => 2,
    };
    for (what, path, reads) in [
        ("first page", "/api/v1/contacts?per_page=15".to_string(), by_id),
        (
            "next page by cursor",
            format!("/api/v1/contacts?per_page=15&cursor={cursor}"),
            by_id,
        ),
        ("sorted", "/api/v1/contacts?per_page=15&sort=-name".to_string(), 2),
        ("filtered", "/api/v1/contacts?per_page=15&tag=even".to_string(), 2),
        ("searched", "/api/v1/contacts?per_page=15&search=person".to_string(), 2),
    ] {
        let (before, items_before) = (store(), items());
        let page = app.get(&path).token(&token).send().await.expect(200);
        assert_eq!(page.body["data"].as_array().unwrap().len(), 15, "{what}: {}", page.body);
        let (cost, read) = (store() - before, items() - items_before);
        eprintln!(
            "contacts, {what}, 1000 records ({:?}): {cost} round trips with the gate's, {read} items",
            app.state.config().store
        );
        assert_eq!(cost, GATE + reads, "{what}: the gate, one query, one batch read");
        // The gate's batch: the session, the user and the workspace.
        assert!(read <= PAGE_ITEMS + 3, "{what}: {read} items read for a page of 15");
    }
    // A search in id order reads the records' own partition and checks the records its query
    // returns, with no second read of them: the gate and one query, on both stores (a scan
    // reads a hundred entries at a time; "person" is in every name).
    let before = store();
    let page = app
        .get("/api/v1/contacts?per_page=15&sort=id&search=person")
        .token(&token)
        .send()
        .await
        .expect(200);
    let ids: Vec<u64> = page.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_u64().unwrap())
        .collect();
    assert_eq!(ids.len(), 15, "{}", page.body);
    assert!(ids.windows(2).all(|w| w[0] < w[1]), "in id order: {ids:?}");
    assert!(page.body["meta"]["next_cursor"].is_string(), "{}", page.body["meta"]);
    assert_eq!(
        store() - before,
        GATE + 1,
        "a search in id order: the gate and one query"
    );
    let before = store();
    for n in 0..5 {
        app.post("/api/v1/contacts")
            .token(&token)
            .json(serde_json::json!({"name": format!("D{n}")}))
            .send()
            .await
            .expect(201);
    }
    // On SQLite the ids come from the block `seed_contacts` reserved with its own.
    let id = u64::from(backend == Backend::DynamoDb);
    assert_eq!(
        store() - before,
        5 * (GATE + id + 2),
        "the gate, the id (on DynamoDB), the kind's custom field definitions (one query), one transaction"
    );
}

/// The logs and the key list read one index page too, whatever they hold: the activity log
/// (one query, one batch read for the count; one read on SQLite in time order), the delivery log (the endpoint, one index query,
/// one batch read; it keeps no count, as its entries expire) and the key list (one query, one
/// batch read, and the page's last-use times).
async fn log_and_key_pages_cost_the_same_whatever_they_hold(backend: Backend) {
    let Some(app) = warm_app(backend).await else { return };
    use identity::activity::{self, Action};
    let owner = app.owner_token().await;
    for n in 0..60 {
        activity::record(
            &app.state,
            app.tenant,
            7,
            Action::Logout,
            "10.0.0.1",
            serde_json::json!({"n": n}),
        )
        .await
        .unwrap();
    }
    let webhook = app
        .post("/api/v1/webhooks")
        .token(&owner)
        .json(serde_json::json!({"url": "http://127.0.0.1:9/hook", "events": ["*"]}))
        .send()
        .await
        .expect(201);
    let webhook = webhook.body["id"].as_u64().unwrap();
    let event = shared::events::Event::new("contact.created", serde_json::json!({}));
    for _ in 0..40 {
        let (_, writes) = shared::webhooks::delivery::delivery_record(&app.state, app.tenant, webhook, &event)
            .await
            .unwrap();
        app.state.store().transact(writes).await.unwrap();
    }
    for n in 0..20 {
        app.post("/api/v1/settings/api-keys")
            .token(&owner)
            .json(serde_json::json!({"name": format!("key {n}")}))
            .send()
            .await
            .expect(201);
    }
    let store = || app.state.store().round_trips();
    let items = || app.state.store().items_read();
    let log_cursor = app
        .get("/api/users/log?per_page=15")
        .token(&owner)
        .send()
        .await
        .expect(200);
    let log_cursor = log_cursor.body["meta"]["next_cursor"].as_str().unwrap().to_owned();
    // The log in time order is a page of the records themselves: on SQLite its query and the
    // total's counter are one read (see `a_page_costs…`).
    let by_time = match backend {
        Backend::Sqlite => 1,
        Backend::DynamoDb => 2,
    };
    for (what, path, cost) in [
        ("activity log", "/api/users/log?per_page=15".to_string(), by_time),
        (
            "activity log by cursor",
            format!("/api/users/log?per_page=15&cursor={log_cursor}"),
            by_time,
        ),
        (
            "activity log by user",
            "/api/users/log?per_page=15&user_id=7".to_string(),
            2,
        ),
        (
            "delivery log",
            format!("/api/v1/webhooks/{webhook}/deliveries?per_page=15"),
            3,
        ),
        (
            "pending deliveries",
            format!("/api/v1/webhooks/{webhook}/deliveries?per_page=15&status=pending"),
            3,
        ),
        ("API keys", "/api/v1/settings/api-keys?per_page=15".to_string(), 3),
    ] {
        let (before, items_before) = (store(), items());
        let page = app.get(&path).token(&owner).send().await.expect(200);
        assert_eq!(page.body["data"].as_array().unwrap().len(), 15, "{what}: {}", page.body);
        assert!(page.body["meta"]["next_cursor"].is_string(), "{what}: more than a page");
        assert_eq!(store() - before, cost, "{what}: {cost} (the warm session: none)");
        // Beyond the page: the endpoint (delivery log) or the page's last-use entries (keys).
        let read = items() - items_before;
        assert!(read <= PAGE_ITEMS + 15, "{what}: {read} items read for a page of 15");
    }
}

/// Ending every session of a user (a new password) and deleting an OAuth client (which ends its
/// tokens) cost the same however many sessions or tokens they end: the sessions' epoch moves on
/// with the user's record, and a token's authentication reads its client's record.
async fn ending_sessions_and_tokens_costs_the_same_whatever_they_end(backend: Backend) {
    use crate::harness::{OWNER_EMAIL, OWNER_PASSWORD};
    // The cache off: the gate costs one read for a session, so the two counts can be compared.
    let Some(app) = TestApp::start(backend, &[("AUTH_CACHE_SECONDS", "0")]).await else {
        return;
    };
    let store = || app.state.store().round_trips();
    let keeper = app.owner_token().await;
    let mut password = OWNER_PASSWORD.to_string();
    let mut costs = Vec::new();
    for (round, sessions) in [2, 10].into_iter().enumerate() {
        let mut others = Vec::new();
        for _ in 0..sessions {
            others.push(app.login(OWNER_EMAIL, &password).await);
        }
        let next = format!("new-password-{round}");
        let before = store();
        app.post("/api/change-password")
            .token(&keeper)
            .json(serde_json::json!({"current_password": password, "password": next}))
            .send()
            .await
            .expect(200);
        costs.push(store() - before);
        password = next;
        for other in &others {
            app.get("/api/user").token(other).send().await.expect(401);
        }
        app.get("/api/user").token(&keeper).send().await.expect(200);
    }
    assert_eq!(
        costs,
        [2, 2],
        "the gate's read and one transaction, for 2 sessions and for 10"
    );

    let mut costs = Vec::new();
    for tokens in [1, 6] {
        let (client_id, secret, id) = crate::oauth::register(&app, &keeper, "confidential", &["crm:read"]).await;
        let mut issued = Vec::new();
        for _ in 0..tokens {
            let granted = crate::oauth::post_form(
                &app,
                "/api/oauth/token",
                &[
                    ("grant_type", "client_credentials"),
                    ("client_id", &client_id),
                    ("client_secret", &secret),
                ],
            )
            .await
            .expect(200);
            let access = granted.body["access_token"].as_str().unwrap().to_owned();
            app.get("/api/leads").token(&access).send().await.expect(200);
            issued.push(access);
        }
        let before = store();
        app.delete(&format!("/api/oauth/clients/{id}"))
            .token(&keeper)
            .send()
            .await
            .expect(200);
        costs.push(store() - before);
        for access in &issued {
            app.get("/api/leads")
                .token(access)
                .send()
                .await
                .expect_error(401, "unauthenticated");
        }
    }
    assert_eq!(
        costs[0], costs[1],
        "deleting a client with 1 token and with 6: {costs:?}"
    );
}

/// What storing a document costs as its lines grow: store calls and items written by a POS sale
/// and by posting a sales invoice of 1, 10 and 100 stocked lines (and a 1,000-line invoice), each
/// line a product of its own with stock on hand. A document's calls do not grow with its lines
/// on SQLite (one batch read, one transaction); on DynamoDB they grow by one a transaction's or a
/// batch read's worth of items (a large change stores its bulk in chunks of 98 writes, a batch
/// read takes 100 keys). Each stocked line writes four items: its movement and the movement's
/// entry in its product's index, the level's conditional take and the product's total.
async fn a_documents_cost_grows_by_a_few_items_per_line(backend: Backend) {
    let Some(app) = warm_app(backend).await else { return };
    let owner = app.owner_token().await;
    let depot = crate::inventory::warehouse(&app, &owner, "Depot").await;
    let buyer = crate::harness::id(
        &app.post("/api/customers/create")
            .token(&owner)
            .json(serde_json::json!({"name": "Costs Ltd"}))
            .send()
            .await
            .expect(201)
            .body,
    );
    let store = || (app.state.store().round_trips(), app.state.store().items_written());
    let mut sales = Vec::new();
    let mut postings = Vec::new();
    for (round, lines) in [1usize, 10, 100, 1000].into_iter().enumerate() {
        let stocked = crate::documents::products(&app, &owner, &format!("C{round}"), lines).await;
        let counted: Vec<serde_json::Value> = stocked
            .iter()
            .map(|p| serde_json::json!({"product_id": p, "quantity": 5}))
            .collect();
        // A thousand lines take moto (one call at a time) longer than a request's usual wait.
        app.post("/api/stock-adjustment/create")
            .token(&owner)
            .json(serde_json::json!({"warehouse_id": depot, "lines": counted}))
            .patient()
            .send()
            .await
            .expect(201);
        let items: Vec<serde_json::Value> = stocked
            .iter()
            .map(|p| serde_json::json!({"product_id": p, "quantity": 1}))
            .collect();
        if lines <= 100 {
            let body = serde_json::json!({"warehouse_id": depot, "items": items});
            let before = store();
            app.post("/api/pos/create")
                .token(&owner)
                .json(body)
                .send()
                .await
                .expect(201);
            let after = store();
            sales.push((lines, after.0 - before.0, after.1 - before.1));
        }
        let body = serde_json::json!({"customer_id": buyer, "warehouse_id": depot, "items": items});
        let draft = app
            .post("/api/sales-invoice/create")
            .token(&owner)
            .json(body)
            .patient()
            .send()
            .await
            .expect(201);
        let path = format!("/api/sales-invoice/post/{}", draft.body["id"]);
        let before = store();
        app.post(&path)
            .token(&owner)
            .json(serde_json::json!({}))
            .patient()
            .send()
            .await
            .expect(200);
        let after = store();
        postings.push((lines, after.0 - before.0, after.1 - before.1));
    }
    eprintln!("document costs ({backend:?}), (lines, calls, items written): POS sales {sales:?}, invoice postings {postings:?}");
    for (what, costs) in [("POS sale", &sales), ("invoice posting", &postings)] {
        let (_, calls_one, items_one) = costs[0];
        for &(lines, calls, items) in costs.iter() {
            // On DynamoDB a change that outgrows one transaction writes its intent once (put and
            // delete): a posting of 10 lines is near that edge (98 writes with its counters and
            // checks), which one of 1 line is not.
            let large_change = match backend {
                Backend::DynamoDb if lines > 1 => 2,
                _ => 0,
            };
            let more = (items - items_one - large_change) as f64;
            let added = (lines - 1) as f64;
            // A posting changes its invoice, whose `updated_at` sort entry moves (a delete and a
            // put) only when a second has turned since the draft was written: on a loaded machine
            // one posting may move it and the next not.
            let moved = match what {
                "invoice posting" => 2.0,
                _ => 0.0,
            };
            // Four a line. On SQLite at most two more in all: at 100 lines one more than 4 x 99,
            // and the item of a new block of ids when the movements need one (the call allowed
            // below; whether a document is the one to need it depends on what took ids before,
            // so a 10-line one may or may not). On DynamoDB a large change adds its undo records
            // per chunk of 98: about 4% more.
            let most = moved
                + match backend {
                    Backend::Sqlite => 4.0 * added + 2.0,
                    Backend::DynamoDb => 4.2 * added,
                };
            if lines > 1 {
                assert!(
                    more <= most,
                    "{what} of {lines} lines: {more} items more than of one line, at most {most} ({costs:?})"
                );
            }
            // On SQLite one more call at most: a new block of ids for the movements.
            let most_calls = match backend {
                Backend::Sqlite => calls_one + 1,
                // A chunk of the bulk and a batch read per 100 items, and the protocol's intent.
                Backend::DynamoDb => calls_one + 3 + 2 * items.div_ceil(98),
            };
            assert!(
                calls <= most_calls,
                "{what} of {lines} lines: {calls} calls ({costs:?})"
            );
        }
    }
}

/// One row of the table of a request's whole cost: DynamoDB calls (the store's and the rate
/// limit's) and items written (the rate limit's conditional write is one).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Cost {
    calls: u64,
    items_written: u64,
}

/// Each request of [`a_requests_whole_cost_is_a_handful_of_calls`], with its cost on DynamoDB
/// and on SQLite: the calls it makes exactly, the items it writes at most (an update's `updated_at`
/// sort entry moves, two items, only when the second turned since the record was written, and
/// SQLite may take a new block of ids, one item and one call), and issue #83's goal on DynamoDB.
/// The goals for items are not reached: see `docs/performance.md`.
const TABLE: [(&str, [Cost; 2], Cost); 8] = {
    const fn c(calls: u64, items_written: u64) -> Cost {
        Cost { calls, items_written }
    }
    [
        ("POST a contact (2 tags)", [c(3, 16), c(1, 14)], c(3, 10)),
        ("GET a contact", [c(2, 1), c(1, 0)], c(2, 1)),
        ("GET a page of 15 contacts", [c(3, 1), c(1, 0)], c(3, 1)),
        ("POST a lead", [c(5, 32), c(3, 30)], c(5, 12)),
        ("POST a POS sale of 1 stocked product", [c(6, 48), c(2, 44)], c(6, 14)),
        ("POST a POS sale of 4 stocked products", [c(6, 60), c(2, 56)], c(6, 20)),
        (
            "POST a sales invoice of 7 products (draft)",
            [c(4, 23), c(2, 21)],
            c(5, 10),
        ),
        ("POST post that invoice", [c(6, 71), c(3, 68)], c(6, 26)),
    ]
};

/// What the requests an integration makes most cost, warm (each measured after one of its kind,
/// the cheaper of two), with an API key and the rate limit on: every store and rate-limit call,
/// authentication included, and the items written ([`TABLE`]). Warm, a posting reads no
/// account (the instance keeps the seeded chart: `resource::kept`) and reads its number series
/// with its products and stock; a lead's default stage is kept too; and a document's party,
/// warehouse and products are one batch read. `infra/bench.sh` part 3 prints the table.
async fn a_requests_whole_cost_is_a_handful_of_calls(backend: Backend) {
    let Some(app) = warm_app(backend).await else { return };
    let owner = app.owner_token().await;
    let key = app.api_key(&owner, "live").await;
    let depot = crate::inventory::warehouse(&app, &owner, "Depot").await;
    let stocked = crate::documents::products(&app, &owner, "K", 8).await;
    let counted: Vec<serde_json::Value> = stocked
        .iter()
        .map(|p| serde_json::json!({"product_id": p, "quantity": 100}))
        .collect();
    app.post("/api/stock-adjustment/create")
        .token(&owner)
        .json(serde_json::json!({"warehouse_id": depot, "lines": counted}))
        .send()
        .await
        .expect(201);
    let buyer = crate::harness::id(
        &app.post("/api/customers/create")
            .token(&owner)
            .json(serde_json::json!({"name": "Costs Ltd"}))
            .send()
            .await
            .expect(201)
            .body,
    );
    app.seed_contacts(20).await;
    // The key's first use records it (its entry changes, so the next request reads it again).
    for _ in 0..2 {
        app.get("/api/roles").token(&key).send().await.expect(200);
    }
    // Each of the rate limit's calls writes its one item (none locally: it makes no call).
    let cost = || {
        let limiter = app.state.limiter().round_trips();
        (
            app.state.store().round_trips() + limiter,
            app.state.store().items_written() + limiter,
        )
    };
    let lines = |n: usize| -> Vec<serde_json::Value> {
        stocked[..n]
            .iter()
            .map(|p| serde_json::json!({"product_id": p, "quantity": 1}))
            .collect()
    };
    let mut table: Vec<(&str, Cost)> = Vec::new();
    // Each request three times: the first warms what the kind reads, the cheaper of the other two
    // is its cost. What an instance keeps is stamped with change counts that keys share by hash
    // (see `the_gate_reads…`), so a write now and then makes a kept entry miss by chance: a
    // needless read, seldom twice in a row.
    let mut measure =
        async |what: &'static str, method: &str, path: &dyn Fn() -> String, body: serde_json::Value, status: u16| {
            let (mut costs, mut body_of_last) = (Vec::new(), serde_json::Value::Null);
            for _ in 0..3 {
                let before = cost();
                let request = match method {
                    "GET" => app.get(&path()),
                    _ => app.post(&path()).json(body.clone()),
                };
                body_of_last = request.token(&key).send().await.expect(status).body;
                let after = cost();
                costs.push(Cost {
                    calls: after.0 - before.0,
                    items_written: after.1 - before.1,
                });
            }
            let row = *costs[1..].iter().min_by_key(|c| (c.calls, c.items_written)).unwrap();
            table.push((what, row));
            body_of_last
        };
    let contact = measure(
        "POST a contact (2 tags)",
        "POST",
        &|| "/api/v1/contacts".into(),
        serde_json::json!({"name": "Ada", "tags": ["vip", "new"]}),
        201,
    )
    .await;
    let contact_path = format!("/api/v1/contacts/{}", contact["id"]);
    let created = 201;
    // A body: a POST; none: a GET.
    let requests = [
        ("GET a contact", contact_path, None, 200),
        (
            "GET a page of 15 contacts",
            "/api/v1/contacts?per_page=15".into(),
            None,
            200,
        ),
        (
            "POST a lead",
            "/api/lead/create".into(),
            Some(serde_json::json!({"name": "Lea", "email": "lea@example.com"})),
            created,
        ),
        (
            "POST a POS sale of 1 stocked product",
            "/api/pos/create".into(),
            Some(serde_json::json!({"warehouse_id": depot, "items": lines(1)})),
            created,
        ),
        (
            "POST a POS sale of 4 stocked products",
            "/api/pos/create".into(),
            Some(serde_json::json!({"warehouse_id": depot, "items": lines(4)})),
            created,
        ),
        (
            "POST a sales invoice of 7 products (draft)",
            "/api/sales-invoice/create".into(),
            Some(serde_json::json!({"customer_id": buyer, "warehouse_id": depot, "items": lines(7)})),
            created,
        ),
    ];
    // The last answer is the draft's, which is posted below.
    let mut invoice = serde_json::Value::Null;
    for (what, path, body, status) in requests {
        let (method, body) = match body {
            Some(body) => ("POST", body),
            None => ("GET", serde_json::Value::Null),
        };
        invoice = measure(what, method, &|| path.clone(), body, status).await;
    }
    // Posting: two drafts of the same kind, then the one measured above.
    let mut drafts = Vec::new();
    for _ in 0..2 {
        let draft = app
            .post("/api/sales-invoice/create")
            .token(&key)
            .json(serde_json::json!({"customer_id": buyer, "warehouse_id": depot, "items": lines(7)}))
            .send()
            .await
            .expect(201);
        drafts.push(draft.body["id"].clone());
    }
    drafts.push(invoice["id"].clone());
    let next = std::cell::Cell::new(0);
    measure(
        "POST post that invoice",
        "POST",
        &|| {
            let n = next.get();
            next.set(n + 1);
            format!("/api/sales-invoice/post/{}", drafts[n])
        },
        serde_json::json!({}),
        200,
    )
    .await;
    eprintln!("whole request costs ({backend:?}), warm, with an API key:");
    eprintln!("| request | calls | items written | goal on DynamoDB: calls | goal: items |");
    for ((what, row), (name, _, goal)) in table.iter().zip(TABLE) {
        assert_eq!(*what, name);
        eprintln!(
            "| {what} | {} | {} | {} | {} |",
            row.calls, row.items_written, goal.calls, goal.items_written
        );
    }
    // SQLite hands ids out of blocks: a request that needs a new one makes a call and writes an
    // item more.
    let (store, slack) = match backend {
        Backend::DynamoDb => (0, 0),
        Backend::Sqlite => (1, 1),
    };
    for ((what, row), (_, pinned, _)) in table.iter().zip(TABLE) {
        let pinned = pinned[store];
        assert!(
            (pinned.calls..=pinned.calls + slack).contains(&row.calls),
            "{what}: {} calls, pinned at {} ({row:?})",
            row.calls,
            pinned.calls
        );
        assert!(
            row.items_written <= pinned.items_written + slack,
            "{what}: {} items written, at most {} ({row:?})",
            row.items_written,
            pinned.items_written
        );
    }
}

on_both_stores!(by_backend:
    a_requests_whole_cost_is_a_handful_of_calls,
    a_documents_cost_grows_by_a_few_items_per_line,
    the_gate_reads_the_store_on_a_tokens_first_request_only,
    a_page_costs_two_store_calls_whatever_the_tenant_holds,
    log_and_key_pages_cost_the_same_whatever_they_hold,
    ending_sessions_and_tokens_costs_the_same_whatever_they_end
);
