//! `kill -9` of the real server binary while it posts sales invoices of 1,000 lines, at moments
//! spread over a posting's length, on both stores: after the restart and one recovery pass
//! (`Store::recover`, the scheduler's sweep, run here at once) each invoice is whole (posted,
//! numbered in one unbroken sequence, its stock taken and its journal entry written) or absent
//! (a draft, nothing moved). On DynamoDB a posting of this size is a large change
//! (`shared::store::large`), its stock stored in chunks ahead of its commit point.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::crash::{environment, free_port, login_when_up, start_server_with};
use crate::harness::{Backend, JWT_SECRET};
use crate::on_both_stores;

/// Kills per store.
const KILLS: u32 = 10;
/// Products the invoices take, each on 10 lines of one unit: 1,000 lines.
const PRODUCTS: usize = 100;

/// A client of the server at `base` acting as its owner.
struct Owner {
    client: reqwest::Client,
    base: String,
    token: String,
}

impl Owner {
    async fn send(&self, method: reqwest::Method, path: &str, body: Option<Value>) -> (u16, Value) {
        let mut request = self
            .client
            .request(method, format!("{}{path}", self.base))
            .bearer_auth(&self.token);
        if let Some(body) = body {
            request = request.json(&body);
        }
        let resp = request.send().await.expect("the server answers");
        let status = resp.status().as_u16();
        (status, resp.json().await.unwrap_or(Value::Null))
    }

    async fn post(&self, path: &str, body: Value, expected: u16) -> Value {
        let (status, body) = self.send(reqwest::Method::POST, path, Some(body)).await;
        assert_eq!(status, expected, "POST {path}: {body}");
        body
    }

    async fn get(&self, path: &str) -> Value {
        let (status, body) = self.send(reqwest::Method::GET, path, None).await;
        assert_eq!(status, 200, "GET {path}: {body}");
        body
    }

    async fn levels(&self, warehouse: u64) -> HashMap<u64, i64> {
        let mut levels = HashMap::new();
        for page in 1.. {
            let list = self
                .get(&format!(
                    "/api/product-stocks?warehouse_id={warehouse}&per_page=100&page={page}"
                ))
                .await;
            for row in list["data"].as_array().unwrap() {
                levels.insert(row["product_id"].as_u64().unwrap(), row["quantity"].as_i64().unwrap());
            }
            if list["meta"]["last_page"].as_u64().is_none_or(|last| page >= last) {
                return levels;
            }
        }
        unreachable!()
    }
}

/// The recovery pass over the server's store, from this process (the server's scheduler would
/// run it only once an unfinished change is older than any request can be).
async fn recover(dir: &std::path::Path, env: &[(&str, String)]) -> usize {
    if env.is_empty() {
        return 0; // SQLite: every change is one transaction.
    }
    let data_dir = dir.to_string_lossy().to_string();
    let config = shared::config::Config::from_lookup(|name| match name {
        "DATA_DIR" => Some(data_dir.clone()),
        "JWT_SECRET" => Some(JWT_SECRET.into()),
        "DYNAMODB_CREATE_TABLES" => Some("false".into()),
        _ => env.iter().find(|(k, _)| *k == name).map(|(_, v)| v.clone()),
    })
    .expect("a configuration");
    let state = shared::AppState::from_config(config, &modules::ALL)
        .await
        .expect("the store connects");
    state.store().recover(0).await.expect("the sweep runs")
}

async fn a_1000_line_posting_killed_at_any_moment_is_whole_or_absent_after_recovery(backend: Backend) {
    let Some(env) = environment(backend) else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let port = free_port();
    let base = format!("http://127.0.0.1:{port}");
    let client = reqwest::Client::builder()
        .timeout(Duration::from_secs(60))
        .build()
        .unwrap();
    let mut server = start_server_with(dir.path(), port, &env);
    let mut owner = Owner {
        token: login_when_up(&client, &base).await,
        client: client.clone(),
        base: base.clone(),
    };

    // 100 products with 1,000 units each in the depot, and a customer.
    let depot = owner.post("/api/warehouse/create", json!({"name": "Depot"}), 201).await["id"]
        .as_u64()
        .unwrap();
    let mut products = Vec::new();
    let items: Vec<Value> = (0..PRODUCTS)
        .map(
            |i| json!({"name": format!("Part {i}"), "sku": format!("PART-{i}"), "sale_price": 10, "purchase_price": 4}),
        )
        .collect();
    let created = owner
        .post("/api/product/batch/create", json!({"items": items}), 201)
        .await;
    products.extend(
        created["results"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["data"]["id"].as_u64().unwrap()),
    );
    let vendor = owner
        .post("/api/vendors/create", json!({"name": "Supplier"}), 201)
        .await["id"]
        .clone();
    let lines: Vec<Value> = products
        .iter()
        .map(|p| json!({"product_id": p, "quantity": 1000, "unit_price": 4}))
        .collect();
    let purchase = owner
        .post(
            "/api/purchase-invoice/create",
            json!({"vendor_id": vendor, "warehouse_id": depot, "items": lines}),
            201,
        )
        .await;
    owner
        .post(
            &format!("/api/purchase-invoice/post/{}", purchase["id"]),
            json!({}),
            200,
        )
        .await;
    let customer = owner
        .post("/api/customers/create", json!({"name": "Wholesale"}), 201)
        .await["id"]
        .clone();
    let invoice: Value = json!({
        "customer_id": customer,
        "warehouse_id": depot,
        "items": products.iter().flat_map(|p| vec![json!({"product_id": p, "quantity": 1}); 10]).collect::<Vec<_>>(),
    });

    // One posting to measure, so the kills fall all along one.
    let mut expected = owner.levels(depot).await;
    let draft = owner.post("/api/sales-invoice/create", invoice.clone(), 201).await;
    let started = Instant::now();
    owner
        .post(&format!("/api/sales-invoice/post/{}", draft["id"]), json!({}), 200)
        .await;
    let length = started.elapsed();
    expected.values_mut().for_each(|level| *level -= 10);
    let mut posted = 1;

    let (mut whole, mut absent) = (0, 0);
    for kill in 1..=KILLS {
        let draft = owner.post("/api/sales-invoice/create", invoice.clone(), 201).await;
        let path = format!("{base}/api/sales-invoice/post/{}", draft["id"]);
        let request = client.post(path).bearer_auth(&owner.token).json(&json!({})).send();
        let posting = tokio::spawn(request);
        // The moment of the kill: a share of a posting's length, a little more each time.
        tokio::time::sleep(length.mul_f64(f64::from(kill) / f64::from(KILLS + 1))).await;
        server.start_kill().unwrap();
        server.wait().await.unwrap();
        let _ = posting.await;

        server = start_server_with(dir.path(), port, &env);
        owner.token = login_when_up(&client, &base).await;
        recover(dir.path(), &env).await;
        let shown = owner.get(&format!("/api/sales-invoice/show/{}", draft["id"])).await;
        match shown["status"].as_str() {
            Some("posted") => {
                posted += 1;
                whole += 1;
                expected.values_mut().for_each(|level| *level -= 10);
                assert_eq!(shown["invoice_number"], format!("INV-{posted:06}"), "{shown}");
            }
            Some("draft") => {
                absent += 1;
                assert_eq!(shown["invoice_number"], Value::Null, "{shown}");
            }
            other => panic!("an invoice is posted or a draft, not {other:?}"),
        }
        assert_eq!(
            owner.levels(depot).await,
            expected,
            "after kill {kill}: stock moved exactly with the invoices posted"
        );
        let entries = owner
            .get("/api/journal-entries?source_type=sales_invoice&per_page=1")
            .await;
        assert_eq!(entries["meta"]["total"], posted, "one journal entry per posted invoice");
    }
    eprintln!(
        "{backend:?}: {whole} postings whole and {absent} absent after {KILLS} kills (a posting took {length:?})"
    );
    server.start_kill().unwrap();
}

on_both_stores!(by_backend: a_1000_line_posting_killed_at_any_moment_is_whole_or_absent_after_recovery);
