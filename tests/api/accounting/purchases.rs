//! Purchase invoices: priced by the server line by line, numbered PINV-000001 without gaps when posted,
//! changed and deleted only as drafts; posting writes one journal entry (inventory, services,
//! input VAT against payables) and receives the products' stock, in one transaction.

use super::*;
use crate::inventory::{movements, product, service, stock_of, tax, warehouse};
use crate::on_both_stores;

/// The most lines a purchase document holds, and the most different stocked products among
/// them (functions/accounting/src/documents.rs).
/// Most lines one document holds (functions/accounting/src/documents.rs).
pub(crate) const MAX_LINES: usize = 1000;
/// Stocked products enough that a posting's change is larger than one DynamoDB transaction
/// (about eight writes each), so it commits as a large change (`shared::store::large`).
pub(crate) const MANY_STOCKED_PRODUCTS: usize = 40;

/// A vendor named `name`; returns its id.
pub(crate) async fn vendor(app: &TestApp, token: &str, name: &str) -> u64 {
    id(&create(app, token, "/api/vendors/create", json!({"name": name})).await)
}

/// A draft purchase invoice of `items` from `vendor` into `warehouse`; returns it.
pub(crate) async fn invoice(app: &TestApp, token: &str, vendor: u64, warehouse: u64, items: Value) -> Value {
    let body = json!({"vendor_id": vendor, "warehouse_id": warehouse, "invoice_date": "2026-03-01", "items": items});
    create(app, token, "/api/purchase-invoice/create", body).await
}

/// A draft purchase invoice of services only (no warehouse); returns it.
pub(crate) async fn bill(app: &TestApp, token: &str, vendor: u64, items: Value) -> Value {
    let body = json!({"vendor_id": vendor, "items": items});
    create(app, token, "/api/purchase-invoice/create", body).await
}

/// Posts invoice `id`; asserts 200 and returns it.
pub(crate) async fn post_invoice(app: &TestApp, token: &str, id: u64) -> Value {
    post(app, token, &format!("/api/purchase-invoice/post/{id}"), json!({}), 200).await
}

/// The journal entry of a document, by its source.
pub(crate) async fn entry_of(app: &TestApp, token: &str, source_type: &str, source_id: u64) -> Value {
    let found: Vec<Value> = journal(app, token)
        .await
        .into_iter()
        .filter(|e| e["source_type"] == source_type && e["source_id"] == source_id)
        .collect();
    assert_eq!(found.len(), 1, "one entry for {source_type} {source_id}: {found:?}");
    found[0].clone()
}

/// An entry's lines as `(code, debit cents, credit cents)`, by code.
pub(crate) fn lines_of(entry: &Value) -> Vec<(String, i64, i64)> {
    let mut lines: Vec<(String, i64, i64)> = entry["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                l["account_code"].as_str().unwrap().to_owned(),
                cents(&l["debit"]),
                cents(&l["credit"]),
            )
        })
        .collect();
    lines.sort();
    lines
}

/// `(subtotal, discount_amount, tax_amount, total_amount)` of a document, in cents.
pub(crate) fn totals(doc: &Value) -> (i64, i64, i64, i64) {
    (
        cents(&doc["subtotal"]),
        cents(&doc["discount_amount"]),
        cents(&doc["tax_amount"]),
        cents(&doc["total_amount"]),
    )
}

async fn an_invoice_is_priced_changed_as_a_draft_and_posted_once(app: TestApp) {
    let owner = app.owner_token().await;
    let supplier = vendor(&app, &owner, "Supplier").await;
    let depot = warehouse(&app, &owner, "Depot").await;
    let vat = tax(&app, &owner, "VAT", 20.0).await;
    let lamp = product(&app, &owner, "LAMP").await;
    let fitting = service(&app, &owner, "FIT").await;
    let items = json!([
        {"product_id": lamp, "quantity": 10, "unit_price": "4.50", "discount_percentage": 10, "tax_ids": [vat]},
        {"product_id": fitting, "quantity": 1, "unit_price": 100}
    ]);
    let draft = invoice(&app, &owner, supplier, depot, items).await;
    let iid = id(&draft);
    assert_eq!(
        (draft["invoice_number"].as_str(), draft["status"].as_str()),
        (None, Some("draft"))
    );
    // Lamp: 45.00, 10% off = 4.50, net 40.50, 20% VAT = 8.10, total 48.60; fitting: 100.00.
    let line = &draft["items"][0];
    assert_eq!(
        [
            &line["subtotal"],
            &line["discount_amount"],
            &line["tax_amount"],
            &line["total"]
        ]
        .map(cents),
        [4500, 450, 810, 4860]
    );
    assert_eq!(
        (line["type"].as_str(), line["taxes"][0]["tax_id"].as_u64()),
        (Some("product"), Some(vat))
    );
    assert_eq!(totals(&draft), (14500, 450, 810, 14860));
    assert_eq!(
        (cents(&draft["balance_amount"]), cents(&draft["paid_amount"])),
        (14860, 0)
    );
    assert_eq!(
        draft["due_date"], "2026-03-01",
        "the due date defaults to the invoice date"
    );
    let shown = get(&app, &owner, &format!("/api/purchase-invoice/show/{iid}")).await;
    assert_eq!(shown["items"], draft["items"]);

    // A draft changes: new lines are priced again, the totals follow.
    let path = format!("/api/purchase-invoice/update/{iid}");
    let items = json!([
        {"product_id": lamp, "quantity": 12, "unit_price": "4.50", "discount_percentage": 10, "tax_ids": [vat]},
        {"product_id": fitting, "quantity": 1, "unit_price": 100}
    ]);
    let body = json!({"items": items, "due_date": "2026-03-31", "notes": "March delivery", "version": 1});
    let edited = post(&app, &owner, &path, body, 200).await;
    // Lamp: 54.00, 5.40 off, net 48.60, VAT 9.72, total 58.32.
    assert_eq!(totals(&edited), (15400, 540, 972, 15832));
    assert_eq!(
        (edited["due_date"].as_str(), edited["version"].as_u64()),
        (Some("2026-03-31"), Some(2))
    );
    assert!(journal(&app, &owner).await.is_empty(), "a draft posts nothing");
    assert_eq!(stock_of(&app, &owner, lamp, depot).await, 0);

    let posted = post_invoice(&app, &owner, iid).await;
    assert_eq!(posted["status"], "posted");
    assert!(posted["posted_at"].is_string());
    assert_eq!(cents(&posted["balance_amount"]), 15832);
    let entry = entry_of(&app, &owner, "purchase_invoice", iid).await;
    assert_eq!(entry["id"], posted["journal_entry_id"]);
    assert_eq!(
        lines_of(&entry),
        [
            ("1200".into(), 4860, 0),
            ("1300".into(), 972, 0),
            ("2000".into(), 0, 15832),
            ("6000".into(), 10000, 0),
        ]
    );
    assert_eq!(balance(&app, &owner, "2000").await, 15832);
    assert_eq!(balance(&app, &owner, "1200").await, 4860);
    // The products came in; the service keeps no stock.
    assert_eq!(stock_of(&app, &owner, lamp, depot).await, 12);
    let moved = movements(&app, &owner, lamp, depot).await;
    assert_eq!(moved.len(), 1);
    assert_eq!(
        (
            moved[0]["reason"].as_str(),
            moved[0]["source_type"].as_str(),
            moved[0]["source_id"].as_u64()
        ),
        (Some("purchase"), Some("purchase_invoice"), Some(iid))
    );
    assert_eq!(stock_of(&app, &owner, fitting, depot).await, 0);
    crate::inventory::assert_ledger_balances(&app, &owner, lamp, depot).await;

    for refused in [
        try_post(&app, &owner, &format!("/api/purchase-invoice/post/{iid}"), json!({})).await,
        try_post(&app, &owner, &path, json!({"notes": "late"})).await,
        try_delete(&app, &owner, &format!("/api/purchase-invoice/delete/{iid}")).await,
    ] {
        refused.expect_error(409, "invalid_transition");
    }
    // The vendor and warehouse are named by the invoice.
    try_delete(&app, &owner, &format!("/api/vendors/delete/{supplier}"))
        .await
        .expect_error(409, "in_use");

    // Lists filter by status (`partial` read as `partially_paid`) and vendor.
    let other = vendor(&app, &owner, "Other").await;
    let second = invoice(&app, &owner, other, depot, json!([{"product_id": lamp, "quantity": 1}])).await;
    assert_eq!(
        ids(&get(&app, &owner, "/api/purchase-invoice?sort=-id").await),
        [id(&second), iid]
    );
    assert_eq!(
        ids(&get(&app, &owner, "/api/purchase-invoice?status=posted").await),
        [iid]
    );
    assert_eq!(
        ids(&get(&app, &owner, "/api/purchase-invoice?status=draft").await),
        [id(&second)]
    );
    assert_eq!(
        get(&app, &owner, "/api/purchase-invoice?status=partial").await["meta"]["total"],
        0
    );
    assert_eq!(
        ids(&get(&app, &owner, &format!("/api/purchase-invoice?vendor_id={other}")).await),
        [id(&second)]
    );
    let by_total = get(&app, &owner, "/api/purchase-invoice?sort=-total_amount").await;
    assert_eq!(ids(&by_total), [iid, id(&second)]);
    // The product's purchase price (0 here) is the default.
    assert_eq!(cents(&second["total_amount"]), 0);
    // A draft is deleted.
    let gone = app
        .delete(&format!("/api/purchase-invoice/delete/{}", id(&second)))
        .token(&owner)
        .send()
        .await
        .expect(200);
    assert_eq!(gone.body["id"], id(&second));
    app.get(&format!("/api/purchase-invoice/show/{}", id(&second)))
        .token(&owner)
        .send()
        .await
        .expect_error(404, "not_found");
    assert_ledger_balances(&app, &owner).await;
}

async fn three_lines_at_0_333_with_20_percent_tax_give_the_hand_computed_cents(app: TestApp) {
    let owner = app.owner_token().await;
    let supplier = vendor(&app, &owner, "Supplier").await;
    let depot = warehouse(&app, &owner, "Depot").await;
    let vat = tax(&app, &owner, "VAT", 20.0).await;
    let mut items = Vec::new();
    for sku in ["A", "B", "C"] {
        let p = product(&app, &owner, sku).await;
        items.push(json!({"product_id": p, "quantity": 1, "unit_price": 0.333, "tax_ids": [vat]}));
    }
    let draft = invoice(&app, &owner, supplier, depot, json!(items)).await;
    // By hand: a price is kept to the cent, 0.333 → 0.33. Each line: 0.33 × 20% = 0.066 → 0.07
    // tax, 0.40 total. The invoice: 0.99 + 3 × 0.07 = 0.99 + 0.21 = 1.20 (not 0.99 × 1.2 = 1.19).
    let line_tax = 7;
    let line_total = 33 + line_tax;
    for line in draft["items"].as_array().unwrap() {
        assert_eq!(
            (
                cents(&line["unit_price"]),
                cents(&line["tax_amount"]),
                cents(&line["total"])
            ),
            (33, line_tax, line_total)
        );
    }
    assert_eq!(totals(&draft), (99, 0, 3 * line_tax, 3 * line_total));
    assert_eq!(totals(&draft).3, 120);
    let posted = post_invoice(&app, &owner, id(&draft)).await;
    let entry = entry_of(&app, &owner, "purchase_invoice", id(&posted)).await;
    assert_eq!(
        lines_of(&entry),
        [("1200".into(), 99, 0), ("1300".into(), 21, 0), ("2000".into(), 0, 120)]
    );
    assert_ledger_balances(&app, &owner).await;
}

async fn invoice_bodies_are_checked_and_refused_bodies_use_no_number(app: TestApp) {
    let owner = app.owner_token().await;
    let supplier = vendor(&app, &owner, "Supplier").await;
    let depot = warehouse(&app, &owner, "Depot").await;
    let lamp = product(&app, &owner, "LAMP").await;
    let refused = try_post(
        &app,
        &owner,
        "/api/purchase-invoice/create",
        json!({"invoice_date": "soon"}),
    )
    .await
    .expect_invalid("vendor_id");
    for field in ["items", "invoice_date"] {
        assert!(refused.body["errors"][field].is_array(), "{field}: {}", refused.body);
    }
    let body = json!({
        "vendor_id": 999, "warehouse_id": 999,
        "items": [{"product_id": 999, "quantity": 0, "unit_price": -1, "tax_ids": [999]}]
    });
    let refused = try_post(&app, &owner, "/api/purchase-invoice/create", body)
        .await
        .expect_invalid("vendor_id");
    for field in [
        "warehouse_id",
        "items.0.product_id",
        "items.0.quantity",
        "items.0.unit_price",
        "items.0.tax_ids",
    ] {
        assert!(refused.body["errors"][field].is_array(), "{field}: {}", refused.body);
    }
    // Products need a warehouse to be received in; the due date is not before the invoice date.
    let body = json!({"vendor_id": supplier, "items": [{"product_id": lamp, "quantity": 1}],
                      "invoice_date": "2026-03-10", "due_date": "2026-03-01"});
    let refused = try_post(&app, &owner, "/api/purchase-invoice/create", body)
        .await
        .expect_invalid("warehouse_id");
    assert!(refused.body["errors"]["due_date"].is_array(), "{}", refused.body);
    // The bound on lines (a product decision).
    let many: Vec<Value> = (0..=MAX_LINES)
        .map(|_| json!({"product_id": lamp, "quantity": 1}))
        .collect();
    let body = json!({"vendor_id": supplier, "warehouse_id": depot, "items": many});
    let refused = try_post(&app, &owner, "/api/purchase-invoice/create", body)
        .await
        .expect_invalid("items");
    assert!(refused.body["errors"]["items"][0]
        .as_str()
        .unwrap()
        .contains(&MAX_LINES.to_string()));
    let draft = invoice(
        &app,
        &owner,
        supplier,
        depot,
        json!([{"product_id": lamp, "quantity": 1}]),
    )
    .await;
    assert_eq!(draft["invoice_number"], Value::Null, "numbered when posted");
    let path = format!("/api/purchase-invoice/update/{}", id(&draft));
    try_post(&app, &owner, &path, json!({"items": []}))
        .await
        .expect_invalid("items");
    try_post(&app, &owner, &path, json!({"vendor_id": 999}))
        .await
        .expect_invalid("vendor_id");
    try_post(&app, &owner, &path, json!({"notes": "x", "version": 7}))
        .await
        .expect_error(409, "version_conflict");
    // A product deleted after the draft was written: the posting is refused, nothing changes.
    let gone = product(&app, &owner, "GONE").await;
    let draft = invoice(
        &app,
        &owner,
        supplier,
        depot,
        json!([{"product_id": gone, "quantity": 1}]),
    )
    .await;
    app.delete(&format!("/api/product/delete/{gone}"))
        .token(&owner)
        .send()
        .await
        .expect(200);
    try_post(
        &app,
        &owner,
        &format!("/api/purchase-invoice/post/{}", id(&draft)),
        json!({}),
    )
    .await
    .expect_invalid("items");
    let shown = get(&app, &owner, &format!("/api/purchase-invoice/show/{}", id(&draft))).await;
    assert_eq!(shown["status"], "draft");
    assert!(journal(&app, &owner).await.is_empty());
}

async fn concurrent_posts_of_one_invoice_post_once(app: TestApp) {
    let owner = app.owner_token().await;
    let supplier = vendor(&app, &owner, "Supplier").await;
    let depot = warehouse(&app, &owner, "Depot").await;
    let lamp = product(&app, &owner, "LAMP").await;
    let items = json!([{"product_id": lamp, "quantity": 3, "unit_price": 10}]);
    let iid = id(&invoice(&app, &owner, supplier, depot, items).await);
    let path = format!("/api/purchase-invoice/post/{iid}");
    let calls = (0..2).map(|_| try_post(&app, &owner, &path, json!({})));
    let mut statuses: Vec<u16> = futures::future::join_all(calls)
        .await
        .iter()
        .map(|r| r.status)
        .collect();
    statuses.sort();
    assert_eq!(statuses, [200, 409]);
    assert_eq!(journal(&app, &owner).await.len(), 1, "one journal entry");
    assert_eq!(stock_of(&app, &owner, lamp, depot).await, 3, "received once");
    assert_eq!(balance(&app, &owner, "2000").await, 3000);
    assert_ledger_balances(&app, &owner).await;
}

async fn fifty_concurrent_postings_are_numbered_1_to_50(app: TestApp) {
    let owner = app.owner_token().await;
    let supplier = vendor(&app, &owner, "Supplier").await;
    let fee = service(&app, &owner, "FEE").await;
    let body = json!({"vendor_id": supplier, "items": [{"product_id": fee, "quantity": 1, "unit_price": 5}]});
    let drafts = (0..50).map(|_| try_post(&app, &owner, "/api/purchase-invoice/create", body.clone()));
    let drafts: Vec<u64> = futures::future::join_all(drafts)
        .await
        .into_iter()
        .map(|r| id(&r.expect(201).body))
        .collect();
    let paths: Vec<String> = drafts
        .iter()
        .map(|d| format!("/api/purchase-invoice/post/{d}"))
        .collect();
    let posts = paths.iter().map(|path| try_post(&app, &owner, path, json!({})));
    let mut numbers: Vec<String> = futures::future::join_all(posts)
        .await
        .into_iter()
        .map(|r| r.expect(200).body["invoice_number"].as_str().unwrap().to_owned())
        .collect();
    numbers.sort();
    let expected: Vec<String> = (1..=50).map(|n| format!("PINV-{n:06}")).collect();
    assert_eq!(numbers, expected);
}

async fn an_invoice_of_the_most_lines_and_many_new_products_posts_as_one_change(app: TestApp) {
    let owner = app.owner_token().await;
    let supplier = vendor(&app, &owner, "Supplier").await;
    let depot = warehouse(&app, &owner, "Depot").await;
    let vat = tax(&app, &owner, "VAT", 20.0).await;
    let fee = service(&app, &owner, "FEE").await;
    // The worst case: every stocked product new to the warehouse, every account of the entry used.
    let mut products = Vec::new();
    let mut items = Vec::new();
    for n in 0..MANY_STOCKED_PRODUCTS {
        let p = product(&app, &owner, &format!("P{n}")).await;
        products.push(p);
        items.push(
            json!({"product_id": p, "quantity": n + 1, "unit_price": 2, "discount_percentage": 5, "tax_ids": [vat]}),
        );
    }
    while items.len() < MAX_LINES {
        items.push(json!({"product_id": fee, "quantity": 1, "unit_price": 7, "tax_ids": [vat]}));
    }
    let iid = id(&invoice(&app, &owner, supplier, depot, json!(items)).await);
    post_invoice(&app, &owner, iid).await;
    for (n, p) in products.iter().enumerate() {
        assert_eq!(stock_of(&app, &owner, *p, depot).await, n as i64 + 1);
    }
    assert_ledger_balances(&app, &owner).await;
}

on_both_stores!(
    an_invoice_is_priced_changed_as_a_draft_and_posted_once,
    three_lines_at_0_333_with_20_percent_tax_give_the_hand_computed_cents,
    invoice_bodies_are_checked_and_refused_bodies_use_no_number,
    concurrent_posts_of_one_invoice_post_once,
    fifty_concurrent_postings_are_numbered_1_to_50,
    an_invoice_of_the_most_lines_and_many_new_products_posts_as_one_change,
);
