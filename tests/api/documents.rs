//! Documents of real size (issue #61): a purchase of 500 products, a sales invoice of 1,000
//! lines and a POS sale of 200 lines post whole on both stores (on DynamoDB as large changes,
//! `shared::store::large`), with exact effects; a shortage on the last of 500 products refuses a
//! document whole; concurrent large sales over shared products never take a level below zero;
//! stock adjustments and transfers of 1,000 products move whole or not at all.

use std::collections::HashMap;
use std::time::Duration;

use serde_json::{json, Value};

use crate::accounting::assert_ledger_balances;
use crate::accounting::purchases::{entry_of, invoice as purchase, lines_of, vendor};
use crate::harness::{create, get, id, post, try_post, TestApp};
use crate::inventory::warehouse;
use crate::on_both_stores;

/// `n` new stocked products `<prefix>-<i>` (sale price 10, purchase price 4), created in batches
/// of 100; their ids in order.
pub(crate) async fn products(app: &TestApp, token: &str, prefix: &str, n: usize) -> Vec<u64> {
    let mut ids = Vec::with_capacity(n);
    for start in (0..n).step_by(100) {
        let items: Vec<Value> = (start..(start + 100).min(n))
            .map(|i| json!({"name": format!("{prefix} {i}"), "sku": format!("{prefix}-{i}"), "sale_price": 10, "purchase_price": 4}))
            .collect();
        let answer = post(app, token, "/api/product/batch/create", json!({"items": items}), 201).await;
        assert_eq!(answer["failed"], 0, "{answer}");
        ids.extend(answer["results"].as_array().unwrap().iter().map(|r| id(&r["data"])));
    }
    ids
}

/// POSTs `body` to `path` with a longer wait than usual: a document of hundreds of lines is a
/// great deal of store work on moto, which answers one call at a time.
pub(crate) async fn patient_post(app: &TestApp, token: &str, path: &str, body: Value) -> crate::harness::Resp {
    app.post(path).token(token).json(body).patient().send().await
}

/// Receives `quantity` of each of `products` into `warehouse` by one posted purchase invoice.
pub(crate) async fn receive(app: &TestApp, token: &str, warehouse: u64, products: &[u64], quantity: i64) {
    let supplier = vendor(app, token, &format!("Supplier {}", products[0])).await;
    let lines: Vec<Value> = products
        .iter()
        .map(|p| json!({"product_id": p, "quantity": quantity, "unit_price": 4}))
        .collect();
    let draft = purchase(app, token, supplier, warehouse, json!(lines)).await;
    patient_post(
        app,
        token,
        &format!("/api/purchase-invoice/post/{}", id(&draft)),
        json!({}),
    )
    .await
    .expect(200);
}

/// Every stock level of `warehouse`, by product.
pub(crate) async fn levels(app: &TestApp, token: &str, warehouse: u64) -> HashMap<u64, i64> {
    let mut levels = HashMap::new();
    for page in 1.. {
        let path = format!("/api/product-stocks?warehouse_id={warehouse}&per_page=100&page={page}");
        let list = get(app, token, &path).await;
        for row in list["data"].as_array().unwrap() {
            levels.insert(row["product_id"].as_u64().unwrap(), row["quantity"].as_i64().unwrap());
        }
        if list["meta"]["last_page"].as_u64().is_none_or(|last| page >= last) {
            return levels;
        }
    }
    unreachable!()
}

/// How many stock movements of `reason` there are, counted page by page (the reason is checked on
/// the movements read, so the list's total is a lower bound).
async fn movements_of(app: &TestApp, token: &str, reason: &str) -> u64 {
    let mut counted = 0;
    let mut path = format!("/api/stock-movements?reason={reason}&per_page=100");
    loop {
        let list = get(app, token, &path).await;
        let rows = list["data"].as_array().unwrap();
        assert!(rows.iter().all(|m| m["reason"] == reason), "{list}");
        counted += rows.len() as u64;
        match list["meta"]["next_cursor"].as_str() {
            Some(cursor) => path = format!("/api/stock-movements?reason={reason}&per_page=100&cursor={cursor}"),
            None => return counted,
        }
    }
}

async fn customer(app: &TestApp, token: &str) -> u64 {
    id(&create(app, token, "/api/customers/create", json!({"name": "Wholesale Ltd"})).await)
}

async fn a_purchase_of_500_products_an_invoice_of_1000_lines_and_a_sale_of_200_post_whole(app: TestApp) {
    let owner = app.owner_token().await;
    let depot = warehouse(&app, &owner, "Depot").await;
    let stocked = products(&app, &owner, "P", 500).await;
    receive(&app, &owner, depot, &stocked, 10).await;
    let received = levels(&app, &owner, depot).await;
    assert_eq!(received.len(), 500);
    assert!(
        stocked.iter().all(|p| received[p] == 10),
        "every product received whole"
    );

    // A sales invoice of 1,000 lines: each product twice.
    let buyer = customer(&app, &owner).await;
    let lines: Vec<Value> = stocked
        .iter()
        .chain(&stocked)
        .map(|p| json!({"product_id": p, "quantity": 1}))
        .collect();
    let body = json!({"customer_id": buyer, "warehouse_id": depot, "items": lines});
    let draft = patient_post(&app, &owner, "/api/sales-invoice/create", body)
        .await
        .expect(201)
        .body;
    assert_eq!(draft["items"].as_array().unwrap().len(), 1000);
    let path = format!("/api/sales-invoice/post/{}", id(&draft));
    let posted = patient_post(&app, &owner, &path, json!({})).await.expect(200).body;
    assert_eq!(posted["invoice_number"], "INV-000001");
    let after = levels(&app, &owner, depot).await;
    assert!(stocked.iter().all(|p| after[p] == 8), "two of each taken");
    assert_eq!(
        movements_of(&app, &owner, "sale").await,
        500,
        "one movement per product"
    );
    // A balanced entry with one line per account: receivables and sales, cost against stock.
    let entry = entry_of(&app, &owner, "sales_invoice", id(&draft)).await;
    let lines = lines_of(&entry);
    let accounts: Vec<&str> = lines.iter().map(|(code, ..)| code.as_str()).collect();
    assert_eq!(accounts, ["1100", "1200", "4100", "5100"], "{entry}");
    assert_eq!(lines[0].1, 1000 * 1000, "1,000 units at 10.00");
    assert_eq!(lines[3].1, 1000 * 400, "their cost at 4.00");

    // A POS sale of 200 lines over 200 products.
    let basket: Vec<Value> = stocked[..200]
        .iter()
        .map(|p| json!({"product_id": p, "quantity": 1}))
        .collect();
    let sale = patient_post(
        &app,
        &owner,
        "/api/pos/create",
        json!({"warehouse_id": depot, "items": basket}),
    )
    .await
    .expect(201)
    .body;
    assert_eq!(sale["sale_number"], "POS-000001");
    assert_eq!(sale["items"].as_array().unwrap().len(), 200);
    let after = levels(&app, &owner, depot).await;
    for (n, p) in stocked.iter().enumerate() {
        assert_eq!(after[p], if n < 200 { 7 } else { 8 }, "product {n}");
    }
    assert_ledger_balances(&app, &owner).await;
}

async fn stock_short_on_the_last_of_500_products_refuses_the_document_whole(app: TestApp) {
    app.keep_events().await;
    let owner = app.owner_token().await;
    let depot = warehouse(&app, &owner, "Depot").await;
    let stocked = products(&app, &owner, "P", 500).await;
    receive(&app, &owner, depot, &stocked, 5).await;
    let buyer = customer(&app, &owner).await;
    let mut lines: Vec<Value> = stocked
        .iter()
        .map(|p| json!({"product_id": p, "quantity": 1}))
        .collect();
    lines[499] = json!({"product_id": stocked[499], "quantity": 6});
    let body = json!({"customer_id": buyer, "warehouse_id": depot, "items": lines});
    let draft = id(&patient_post(&app, &owner, "/api/sales-invoice/create", body)
        .await
        .expect(201)
        .body);
    let before = levels(&app, &owner, depot).await;
    let mark = app.outbox_mark();
    let journal_before = crate::accounting::journal(&app, &owner).await.len();
    let refused = patient_post(&app, &owner, &format!("/api/sales-invoice/post/{draft}"), json!({}))
        .await
        .expect_error(409, "insufficient_stock");
    assert!(
        refused.body["message"].as_str().unwrap().contains("P 499"),
        "{}",
        refused.body
    );
    let shown = get(&app, &owner, &format!("/api/sales-invoice/show/{draft}")).await;
    assert_eq!(
        (&shown["status"], &shown["invoice_number"]),
        (&json!("draft"), &Value::Null)
    );

    // The same of a POS sale of 200 lines.
    let mut basket: Vec<Value> = stocked[300..]
        .iter()
        .map(|p| json!({"product_id": p, "quantity": 1}))
        .collect();
    basket[199] = json!({"product_id": stocked[499], "quantity": 6});
    try_post(
        &app,
        &owner,
        "/api/pos/create",
        json!({"warehouse_id": depot, "items": basket}),
    )
    .await
    .expect_error(409, "insufficient_stock");

    // Nothing of either stayed: every level, the journal, the movements, the events.
    assert_eq!(levels(&app, &owner, depot).await, before);
    assert_eq!(crate::accounting::journal(&app, &owner).await.len(), journal_before);
    assert_eq!(movements_of(&app, &owner, "sale").await, 0);
    assert_eq!(movements_of(&app, &owner, "pos").await, 0);
    assert_eq!(app.outbox_types_since(app.tenant, &mark).await, Vec::<String>::new());
    assert_eq!(
        app.state.store().recover(0).await.unwrap(),
        0,
        "nothing left for the sweep"
    );
    // The numbers were not used: the next sale is the first.
    let one = json!({"warehouse_id": depot, "items": [{"product_id": stocked[0], "quantity": 1}]});
    assert_eq!(
        create(&app, &owner, "/api/pos/create", one).await["sale_number"],
        "POS-000001"
    );
}

async fn concurrent_sales_of_100_products_over_10_tight_ones_never_go_below_zero(app: TestApp) {
    let owner = app.owner_token().await;
    let shop = warehouse(&app, &owner, "Shop").await;
    let tight = products(&app, &owner, "T", 10).await;
    let plenty = products(&app, &owner, "Q", 90).await;
    receive(&app, &owner, shop, &tight, 7).await;
    receive(&app, &owner, shop, &plenty, 25).await;
    let basket: Vec<Value> = tight
        .iter()
        .chain(&plenty)
        .map(|p| json!({"product_id": p, "quantity": 1}))
        .collect();
    let body = json!({"warehouse_id": shop, "items": basket});
    // Two servers on the store, as two instances would be: each numbers its sales in turn, so
    // the two race each other.
    let other = app.beside(Duration::ZERO).await;
    let sales = (0..20).map(|n| {
        let server = if n % 2 == 0 { &app } else { &other };
        server
            .post("/api/pos/create")
            .token(&owner)
            .json(body.clone())
            .patient()
            .send()
    });
    let answers = futures::future::join_all(sales).await;
    let mut numbers = Vec::new();
    for answer in &answers {
        match answer.status {
            201 => numbers.push(answer.body["sale_number"].as_str().unwrap().to_owned()),
            _ => assert_eq!(answer.body["code"], "insufficient_stock", "{}", answer.body),
        }
    }
    let accepted = numbers.len() as i64;
    assert!((1..=7).contains(&accepted), "{accepted} sales accepted");
    let after = levels(&app, &owner, shop).await;
    assert!(
        tight.iter().all(|p| after[p] == 7 - accepted),
        "every accepted sale whole: {after:?}"
    );
    assert!(
        plenty.iter().all(|p| after[p] == 25 - accepted),
        "every refused sale without effect"
    );
    numbers.sort();
    let expected: Vec<String> = (1..=accepted).map(|n| format!("POS-{n:06}")).collect();
    assert_eq!(numbers, expected);
    assert_eq!(movements_of(&app, &owner, "pos").await, 100 * accepted as u64);
    other.stop().await;
    assert_ledger_balances(&app, &owner).await;
}

/// Stock documents of 1,000 products: an adjustment brings them in, a transfer moves them on, a
/// transfer short on its last product is refused whole, and deleting the transfer moves every
/// line back.
async fn an_adjustment_and_a_transfer_of_1000_products_move_whole(app: TestApp) {
    let owner = app.owner_token().await;
    let depot = warehouse(&app, &owner, "Depot").await;
    let shop = warehouse(&app, &owner, "Shop").await;
    let stocked = products(&app, &owner, "S", 1000).await;
    let counted: Vec<Value> = stocked
        .iter()
        .enumerate()
        .map(|(i, p)| json!({"product_id": p, "quantity": 5 + (i % 3) as i64}))
        .collect();
    let body = json!({"warehouse_id": depot, "lines": counted, "note": "Opening count"});
    // A first stock of 1,000 products takes moto (one call at a time) longer than a request's
    // usual wait: these requests wait longer.
    let send = |path: &'static str, body: Value| patient_post(&app, &owner, path, body);
    let adjustment = send("/api/stock-adjustment/create", body).await.expect(201).body;
    assert_eq!(adjustment["lines"].as_array().unwrap().len(), 1000);
    let shown = get(&app, &owner, &format!("/api/stock-adjustment/show/{}", id(&adjustment))).await;
    assert_eq!(shown["lines"], adjustment["lines"]);
    let held = levels(&app, &owner, depot).await;
    assert!(
        stocked.iter().enumerate().all(|(i, p)| held[p] == 5 + (i % 3) as i64),
        "every line applied"
    );
    assert_eq!(movements_of(&app, &owner, "adjustment").await, 1000);

    let moving = |last: i64| {
        let mut lines: Vec<Value> = stocked
            .iter()
            .map(|p| json!({"product_id": p, "quantity": 2}))
            .collect();
        lines[999] = json!({"product_id": stocked[999], "quantity": last});
        json!({"from_warehouse_id": depot, "to_warehouse_id": shop, "lines": lines})
    };
    // The last product holds 5 + 999 % 3 = 5: 6 is one too many, and nothing moves.
    send("/api/transfer/create", moving(6))
        .await
        .expect_error(409, "insufficient_stock");
    assert_eq!(levels(&app, &owner, depot).await, held);
    // The destination's levels were made ahead of the change (`stock::Ledger::writes`); they
    // hold nothing.
    assert!(levels(&app, &owner, shop).await.values().all(|q| *q == 0));
    assert_eq!(movements_of(&app, &owner, "transfer_out").await, 0);

    let transfer = send("/api/transfer/create", moving(5)).await.expect(201).body;
    let (after, into) = (levels(&app, &owner, depot).await, levels(&app, &owner, shop).await);
    for (i, p) in stocked.iter().enumerate() {
        let moved = if i == 999 { 5 } else { 2 };
        assert_eq!((after[p], into[p]), (held[p] - moved, moved), "product {i}");
    }
    assert_eq!(movements_of(&app, &owner, "transfer_in").await, 1000);
    let listed = get(&app, &owner, &format!("/api/transfer?product_id={}", stocked[500])).await;
    assert_eq!(crate::harness::ids(&listed), [id(&transfer)]);

    let path = format!("/api/transfer/delete/{}", id(&transfer));
    app.delete(&path).token(&owner).patient().send().await.expect(200);
    assert_eq!(levels(&app, &owner, depot).await, held, "every line moved back");
    assert!(levels(&app, &owner, shop).await.values().all(|q| *q == 0));
    assert_eq!(
        app.state.store().recover(0).await.unwrap(),
        0,
        "nothing left for the sweep"
    );
}

on_both_stores!(
    an_adjustment_and_a_transfer_of_1000_products_move_whole,
    a_purchase_of_500_products_an_invoice_of_1000_lines_and_a_sale_of_200_post_whole,
    stock_short_on_the_last_of_500_products_refuses_the_document_whole,
    concurrent_sales_of_100_products_over_10_tight_ones_never_go_below_zero,
);
