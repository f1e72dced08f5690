//! Sales invoices (functions/sales, records and postings in functions/accounting) and the
//! customer payments that settle them: priced, numbered INV-000001 without gaps when posted, changed and
//! deleted only as drafts; posting writes one journal entry (receivables against sales and
//! output VAT, cost of goods against inventory) and takes the products' stock, in one
//! transaction; payments move invoices `posted → partially_paid → paid`, `invoice.paid` once;
//! returns raise credit notes, bring the stock back and undo the sale's entry.

use serde_json::{json, Value};

use crate::accounting::banking::bank;
use crate::accounting::purchases::{entry_of, lines_of, totals, MANY_STOCKED_PRODUCTS, MAX_LINES};
use crate::accounting::{assert_ledger_balances, balance, cents, journal};
use crate::harness::{create, get, id, ids, post, try_delete, try_post, TestApp};
use crate::inventory::{add_stock, movements, product, service, stock_of, tax, warehouse};
use crate::on_both_stores;

mod numbers;
mod orders;
mod overdue;
mod pipeline;
mod proposals;
mod revenue;
mod sandbox;

/// A customer named `name`; returns its id.
async fn customer(app: &TestApp, token: &str, name: &str) -> u64 {
    id(&create(app, token, "/api/customers/create", json!({"name": name})).await)
}

/// A draft sales invoice of `body` (customer, items, ...); returns it.
async fn draft(app: &TestApp, token: &str, body: Value) -> Value {
    create(app, token, "/api/sales-invoice/create", body).await
}

/// Posts invoice `id`; asserts 200 and returns it.
async fn post_invoice(app: &TestApp, token: &str, id: u64) -> Value {
    post(app, token, &format!("/api/sales-invoice/post/{id}"), json!({}), 200).await
}

async fn show(app: &TestApp, token: &str, id: u64) -> Value {
    get(app, token, &format!("/api/sales-invoice/show/{id}")).await
}

/// The invoice events of the app's workspace, sorted.
async fn invoice_events(app: &TestApp) -> Vec<String> {
    let mut types = app.outbox_types(app.tenant).await;
    types.retain(|t| t.starts_with("invoice."));
    types
}

async fn an_invoice_is_priced_changed_as_a_draft_and_posted_once(app: TestApp) {
    app.keep_events().await;
    let owner = app.owner_token().await;
    let acme = customer(&app, &owner, "Acme").await;
    let shop = warehouse(&app, &owner, "Shop").await;
    let vat = tax(&app, &owner, "VAT", 20.0).await;
    let lamp = product(&app, &owner, "LAMP").await;
    let setup = service(&app, &owner, "SETUP").await;
    // The lamp costs 4.00 to buy: its cost of goods.
    post(
        &app,
        &owner,
        &format!("/api/product/update/{lamp}"),
        json!({"purchase_price": 4}),
        200,
    )
    .await;
    add_stock(&app, &owner, lamp, shop, 10).await;

    let body = json!({
        "customer_id": acme, "warehouse_id": shop, "invoice_date": "2026-03-01", "due_date": "2099-03-31",
        "items": [{"product_id": lamp, "quantity": 1, "tax_ids": [vat]}]
    });
    let invoice = draft(&app, &owner, body).await;
    let iid = id(&invoice);
    assert_eq!(
        (
            invoice["invoice_number"].as_str(),
            invoice["status"].as_str(),
            invoice["type"].as_str()
        ),
        (None, Some("draft"), Some("product"))
    );
    // The sale price (10.00) is the line's default.
    assert_eq!(totals(&invoice), (1000, 0, 200, 1200));

    // Drafts change: three lamps at 10% off and an hour of set-up at 60.00, both taxed.
    let patch = json!({"items": [
        {"product_id": lamp, "quantity": 3, "discount_percentage": 10, "tax_ids": [vat]},
        {"product_id": setup, "quantity": 1, "unit_price": 60, "tax_ids": [vat]}
    ], "recurrence": "monthly"});
    let changed = post(&app, &owner, &format!("/api/sales-invoice/update/{iid}"), patch, 200).await;
    // 30.00 − 3.00 + 60.00 = 87.00 net; 20% tax 17.40; total 104.40.
    assert_eq!(totals(&changed), (9000, 300, 1740, 10440));
    assert_eq!(changed["recurrence"], "monthly");
    assert_eq!(cents(&changed["balance_amount"]), 10440);
    assert!(journal(&app, &owner).await.is_empty(), "a draft posts nothing");

    let posted = post_invoice(&app, &owner, iid).await;
    assert_eq!(posted["status"], "posted");
    assert_eq!(posted["invoice_number"], "INV-000001", "numbered when posted");
    assert!(posted["posted_at"].is_string());
    let entry = entry_of(&app, &owner, "sales_invoice", iid).await;
    assert_eq!(posted["journal_entry_id"], entry["id"]);
    assert_eq!(
        lines_of(&entry),
        vec![
            ("1100".to_owned(), 10440, 0),
            ("1200".to_owned(), 0, 1200),
            ("2100".to_owned(), 0, 1740),
            ("4100".to_owned(), 0, 2700),
            ("4200".to_owned(), 0, 6000),
            ("5100".to_owned(), 1200, 0),
        ]
    );
    assert_eq!(stock_of(&app, &owner, lamp, shop).await, 7);
    let moved = movements(&app, &owner, lamp, shop).await;
    assert_eq!(
        (moved[0]["reason"].as_str(), moved[0]["quantity"].as_i64()),
        (Some("sale"), Some(-3))
    );

    // Posted: no change, no delete, no second post; nothing moves.
    let update = format!("/api/sales-invoice/update/{iid}");
    try_post(&app, &owner, &update, json!({"notes": "late"}))
        .await
        .expect_error(409, "invalid_transition");
    try_delete(&app, &owner, &format!("/api/sales-invoice/delete/{iid}"))
        .await
        .expect_error(409, "invalid_transition");
    try_post(&app, &owner, &format!("/api/sales-invoice/post/{iid}"), json!({}))
        .await
        .expect_error(409, "invalid_transition");
    assert_eq!(show(&app, &owner, iid).await["notes"], Value::Null);
    assert_eq!(journal(&app, &owner).await.len(), 1);
    assert_eq!(stock_of(&app, &owner, lamp, shop).await, 7);

    // Lists filter by status and customer; a draft is deleted.
    let other = id(&draft(
        &app,
        &owner,
        json!({"customer_id": acme, "type": "service", "items": [{"product_id": setup, "quantity": 2}]}),
    )
    .await);
    let posted_list = get(
        &app,
        &owner,
        &format!("/api/sales-invoice?status=posted&customer_id={acme}"),
    )
    .await;
    assert_eq!(ids(&posted_list), vec![iid]);
    assert_eq!(
        ids(&get(&app, &owner, "/api/sales-invoice?status=draft").await),
        vec![other]
    );
    app.delete(&format!("/api/sales-invoice/delete/{other}"))
        .token(&owner)
        .send()
        .await
        .expect(200);
    assert_eq!(get(&app, &owner, "/api/sales-invoice").await["meta"]["total"], 1);
    assert_eq!(
        invoice_events(&app).await,
        ["invoice.created", "invoice.created", "invoice.posted"]
    );
    assert_ledger_balances(&app, &owner).await;
}

async fn bodies_are_checked_and_a_refused_one_stores_nothing(app: TestApp) {
    let owner = app.owner_token().await;
    let acme = customer(&app, &owner, "Acme").await;
    let lamp = product(&app, &owner, "LAMP").await;
    let setup = service(&app, &owner, "SETUP").await;
    let create_path = "/api/sales-invoice/create";
    // A service invoice holds services only; a product invoice's products need a warehouse.
    let service_with_lamp =
        json!({"customer_id": acme, "type": "service", "items": [{"product_id": lamp, "quantity": 1}]});
    try_post(&app, &owner, create_path, service_with_lamp)
        .await
        .expect_invalid("items");
    let no_warehouse = json!({"customer_id": acme, "items": [{"product_id": lamp, "quantity": 1}]});
    try_post(&app, &owner, create_path, no_warehouse)
        .await
        .expect_invalid("warehouse_id");
    let unknown = json!({"customer_id": 999, "items": [{"product_id": setup, "quantity": 1}]});
    try_post(&app, &owner, create_path, unknown)
        .await
        .expect_invalid("customer_id");
    let early = json!({
        "customer_id": acme,
        "invoice_date": "2026-03-10",
        "due_date": "2026-03-01",
        "items": [{"product_id": setup, "quantity": 1}],
    });
    try_post(&app, &owner, create_path, early)
        .await
        .expect_invalid("due_date");
    let bad_type = json!({"customer_id": acme, "type": "goods", "items": [{"product_id": setup, "quantity": 1}]});
    try_post(&app, &owner, create_path, bad_type)
        .await
        .expect_invalid("type");
    assert_eq!(app.count(app.tenant, "sales_invoice").await, 0);
    // Refused bodies stored nothing; a valid one is a draft, numbered only when posted.
    let first = draft(
        &app,
        &owner,
        json!({"customer_id": acme, "items": [{"product_id": setup, "quantity": 1}]}),
    )
    .await;
    assert_eq!(first["invoice_number"], Value::Null);
    // A customer with an invoice is not deleted.
    try_delete(&app, &owner, &format!("/api/customers/delete/{acme}"))
        .await
        .expect_error(409, "in_use");
}

async fn posting_more_than_the_warehouse_holds_is_refused_and_changes_nothing(app: TestApp) {
    app.keep_events().await;
    let owner = app.owner_token().await;
    let acme = customer(&app, &owner, "Acme").await;
    let shop = warehouse(&app, &owner, "Shop").await;
    let lamp = product(&app, &owner, "LAMP").await;
    add_stock(&app, &owner, lamp, shop, 2).await;
    let body = json!({"customer_id": acme, "warehouse_id": shop, "items": [{"product_id": lamp, "quantity": 3}]});
    let iid = id(&draft(&app, &owner, body).await);
    try_post(&app, &owner, &format!("/api/sales-invoice/post/{iid}"), json!({}))
        .await
        .expect_error(409, "insufficient_stock");
    assert_eq!(show(&app, &owner, iid).await["status"], "draft");
    assert!(journal(&app, &owner).await.is_empty());
    assert_eq!(stock_of(&app, &owner, lamp, shop).await, 2);
    assert_eq!(invoice_events(&app).await, ["invoice.created"]);
}

async fn concurrent_posts_of_one_invoice_post_once(app: TestApp) {
    let owner = app.owner_token().await;
    let acme = customer(&app, &owner, "Acme").await;
    let shop = warehouse(&app, &owner, "Shop").await;
    let lamp = product(&app, &owner, "LAMP").await;
    add_stock(&app, &owner, lamp, shop, 10).await;
    let body = json!({
        "customer_id": acme,
        "warehouse_id": shop,
        "items": [{"product_id": lamp, "quantity": 3, "unit_price": 10}],
    });
    let iid = id(&draft(&app, &owner, body).await);
    let path = format!("/api/sales-invoice/post/{iid}");
    let calls = (0..2).map(|_| try_post(&app, &owner, &path, json!({})));
    let mut statuses: Vec<u16> = futures::future::join_all(calls)
        .await
        .iter()
        .map(|r| r.status)
        .collect();
    statuses.sort();
    assert_eq!(statuses, [200, 409]);
    assert_eq!(journal(&app, &owner).await.len(), 1, "one journal entry");
    assert_eq!(stock_of(&app, &owner, lamp, shop).await, 7, "taken once");
    assert_eq!(balance(&app, &owner, "1100").await, 3000);
    assert_ledger_balances(&app, &owner).await;
}

async fn an_invoice_of_the_most_lines_and_products_each_falling_below_its_reorder_level_posts(app: TestApp) {
    app.keep_events().await;
    let owner = app.owner_token().await;
    let acme = customer(&app, &owner, "Acme").await;
    let shop = warehouse(&app, &owner, "Shop").await;
    let vat = tax(&app, &owner, "VAT", 20.0).await;
    let fee = service(&app, &owner, "FEE").await;
    // A large post: many stocked products (a change larger than one DynamoDB transaction), each costed, taxed,
    // discounted and falling below its reorder level (a `stock.low` event each), and services,
    // yearly recurring (counted in the revenue figures just after the posting's transaction).
    let mut items = Vec::new();
    let mut parts = Vec::new();
    for n in 0..MANY_STOCKED_PRODUCTS {
        let body = json!({
            "name": format!("Part {n}"),
            "sku": format!("PART-{n}"),
            "sale_price": 9,
            "purchase_price": 4,
            "reorder_level": 2,
        });
        let part = id(&create(&app, &owner, "/api/product/create", body).await);
        add_stock(&app, &owner, part, shop, 3).await;
        parts.push(part);
        items.push(json!({"product_id": part, "quantity": 2, "discount_percentage": 5, "tax_ids": [vat]}));
    }
    while items.len() < MAX_LINES {
        items.push(json!({"product_id": fee, "quantity": 1, "unit_price": 7, "tax_ids": [vat]}));
    }
    let body = json!({
        "customer_id": acme,
        "warehouse_id": shop,
        "items": items,
        "invoice_date": "2026-05-01",
        "recurrence": "yearly",
    });
    let iid = id(&draft(&app, &owner, body).await);
    assert_eq!(post_invoice(&app, &owner, iid).await["revenue_counted"], true);
    for part in &parts {
        assert_eq!(stock_of(&app, &owner, *part, shop).await, 1);
    }
    assert_eq!(
        balance(&app, &owner, "5100").await,
        4 * 2 * MANY_STOCKED_PRODUCTS as i64 * 100
    );
    // Each part fell below its reorder level: a `stock.low` event each, though the head of the
    // change had no room for them all on DynamoDB (they follow its commit).
    let low = app
        .outbox_types(app.tenant)
        .await
        .iter()
        .filter(|t| *t == "stock.low")
        .count();
    assert_eq!(low, MANY_STOCKED_PRODUCTS);
    assert_ledger_balances(&app, &owner).await;
}

/// A posted service invoice of `price` (no tax) to `customer`; returns its id.
async fn posted_invoice(app: &TestApp, token: &str, customer: u64, sku: &str, price: &str) -> u64 {
    let consulting = service(app, token, sku).await;
    let body = json!({
        "customer_id": customer,
        "type": "service",
        "items": [{"product_id": consulting, "quantity": 1, "unit_price": price, "tax_ids": []}],
    });
    let iid = id(&draft(app, token, body).await);
    id(&post_invoice(app, token, iid).await)
}

async fn customer_payments_settle_invoices_and_invoice_paid_fires_once(app: TestApp) {
    app.keep_events().await;
    let owner = app.owner_token().await;
    let acme = customer(&app, &owner, "Acme").await;
    let main = bank(&app, &owner, "Main").await;
    let (main_id, main_gl) = (id(&main), format!("1000-{}", id(&main)));
    let first = posted_invoice(&app, &owner, acme, "CONS-1", "100.00").await;
    let second = posted_invoice(&app, &owner, acme, "CONS-2", "50.00").await;
    let pay = |amount: &str, allocations: Value| {
        json!({
            "customer_id": acme,
            "bank_account_id": main_id,
            "amount": amount,
            "date": "2026-03-20",
            "allocations": allocations,
        })
    };

    let payment = create(
        &app,
        &owner,
        "/api/customer-payments/create",
        pay(
            "120.00",
            json!([{"invoice_id": first, "amount": "100.00"}, {"invoice_id": second, "amount": "20.00"}]),
        ),
    )
    .await;
    let pid = id(&payment);
    assert_eq!(
        (
            payment["number"].as_str(),
            payment["status"].as_str(),
            payment["customer_id"].as_u64()
        ),
        (Some("CPAY-000001"), Some("cleared"), Some(acme))
    );
    let (one, two) = (show(&app, &owner, first).await, show(&app, &owner, second).await);
    assert_eq!(
        (one["status"].as_str(), cents(&one["balance_amount"])),
        (Some("paid"), 0)
    );
    assert_eq!(
        (
            two["status"].as_str(),
            cents(&two["paid_amount"]),
            cents(&two["balance_amount"])
        ),
        (Some("partially_paid"), 2000, 3000)
    );
    // `partial` is the real product's word for it.
    assert_eq!(
        ids(&get(&app, &owner, "/api/sales-invoice?status=partial").await),
        vec![second]
    );
    let entry = entry_of(&app, &owner, "customer_payment", pid).await;
    assert_eq!(
        lines_of(&entry),
        vec![(main_gl.clone(), 12000, 0), ("1100".to_owned(), 0, 12000)]
    );
    assert_eq!(balance(&app, &owner, "1100").await, 15000 - 12000);
    let moved = get(
        &app,
        &owner,
        &format!("/api/bank-transactions?bank_account_id={main_id}"),
    )
    .await;
    assert_eq!(
        (moved["data"][0]["kind"].as_str(), cents(&moved["data"][0]["amount"])),
        (Some("deposit"), 12000)
    );

    // Over-allocation and a paid invoice are refused, and store nothing.
    let over = pay("40", json!([{"invoice_id": second, "amount": "30.01"}]));
    try_post(&app, &owner, "/api/customer-payments/create", over)
        .await
        .expect_invalid("allocations[0].amount");
    let paid = pay("1", json!([{"invoice_id": first, "amount": 1}]));
    try_post(&app, &owner, "/api/customer-payments/create", paid)
        .await
        .expect_invalid("allocations[0].invoice_id");
    assert_eq!(app.count(app.tenant, "acc_customer_payment").await, 1);

    // The rest pays the second invoice off: `invoice.paid` for each, once.
    create(
        &app,
        &owner,
        "/api/customer-payments/create",
        pay("30", json!([{"invoice_id": second, "amount": 30}])),
    )
    .await;
    assert_eq!(show(&app, &owner, second).await["status"], "paid");
    let paid_events = |types: Vec<String>| types.iter().filter(|t| *t == "invoice.paid").count();
    assert_eq!(paid_events(invoice_events(&app).await), 2);

    // Cancelling the first payment: the invoices owe again, the entry and deposit are reversed.
    let cancelled = post(
        &app,
        &owner,
        &format!("/api/customer-payments/cancel/{pid}"),
        json!({}),
        200,
    )
    .await;
    assert_eq!(cancelled["status"], "cancelled");
    let (one, two) = (show(&app, &owner, first).await, show(&app, &owner, second).await);
    assert_eq!(
        (one["status"].as_str(), cents(&one["balance_amount"])),
        (Some("posted"), 10000)
    );
    assert_eq!(
        (two["status"].as_str(), cents(&two["balance_amount"])),
        (Some("partially_paid"), 2000)
    );
    assert_eq!(balance(&app, &owner, "1100").await, 15000 - 3000);
    assert_eq!(
        cents(&get(&app, &owner, "/api/bank-accounts").await["data"][0]["balance"]),
        3000
    );
    try_post(&app, &owner, &format!("/api/customer-payments/clear/{pid}"), json!({}))
        .await
        .expect_error(409, "invalid_transition");
    let listed = get(
        &app,
        &owner,
        &format!("/api/customer-payments?customer_id={acme}&status=cancelled"),
    )
    .await;
    assert_eq!(ids(&listed), vec![pid]);
    assert_eq!(
        get(&app, &owner, &format!("/api/customer-payments/show/{pid}")).await["number"],
        "CPAY-000001"
    );
    // Paying the first invoice off again is a new episode: one more `invoice.paid`.
    create(
        &app,
        &owner,
        "/api/customer-payments/create",
        pay("100", json!([{"invoice_id": first, "amount": 100}])),
    )
    .await;
    assert_eq!(paid_events(invoice_events(&app).await), 3);
    assert_ledger_balances(&app, &owner).await;
}

async fn two_payments_racing_to_over_pay_one_invoice_one_is_refused(app: TestApp) {
    let owner = app.owner_token().await;
    let acme = customer(&app, &owner, "Acme").await;
    let main = id(&bank(&app, &owner, "Main").await);
    let invoice = posted_invoice(&app, &owner, acme, "CONS", "100").await;
    let body = json!({
        "customer_id": acme,
        "bank_account_id": main,
        "amount": 70,
        "allocations": [{"invoice_id": invoice, "amount": 70}],
    });
    let calls = (0..2).map(|_| try_post(&app, &owner, "/api/customer-payments/create", body.clone()));
    let mut statuses: Vec<u16> = futures::future::join_all(calls)
        .await
        .iter()
        .map(|r| r.status)
        .collect();
    statuses.sort();
    // The loser read the invoice before the winner committed (409) or after it (422).
    assert_eq!(statuses[0], 201, "{statuses:?}");
    assert!(matches!(statuses[1], 409 | 422), "{statuses:?}");
    let after = show(&app, &owner, invoice).await;
    assert_eq!(
        (cents(&after["paid_amount"]), cents(&after["balance_amount"])),
        (7000, 3000)
    );
    assert_eq!(get(&app, &owner, "/api/customer-payments").await["meta"]["total"], 1);
    assert_ledger_balances(&app, &owner).await;
}

async fn a_return_raises_a_credit_note_brings_the_stock_back_and_undoes_the_sale(app: TestApp) {
    let owner = app.owner_token().await;
    let acme = customer(&app, &owner, "Acme").await;
    let shop = warehouse(&app, &owner, "Shop").await;
    let vat = tax(&app, &owner, "VAT", 20.0).await;
    let body = json!({"name": "Lamp", "sku": "LAMP", "sale_price": 10, "purchase_price": 4});
    let lamp = id(&create(&app, &owner, "/api/product/create", body).await);
    add_stock(&app, &owner, lamp, shop, 10).await;
    let body = json!({
        "customer_id": acme,
        "warehouse_id": shop,
        "items": [{"product_id": lamp, "quantity": 3, "tax_ids": [vat]}],
    });
    let iid = id(&draft(&app, &owner, body).await);
    post_invoice(&app, &owner, iid).await;
    assert_eq!(stock_of(&app, &owner, lamp, shop).await, 7);

    // Two of the three lamps come back: priced as sold, 20.00 + 4.00 tax.
    let body = json!({
        "original_invoice_id": iid,
        "customer_id": acme,
        "reason": "damaged",
        "items": [{"product_id": lamp, "quantity": 2}],
    });
    let draft_return = create(&app, &owner, "/api/sales-invoice-return/create", body).await;
    let rid = id(&draft_return);
    assert_eq!(
        (
            draft_return["return_number"].as_str(),
            draft_return["status"].as_str(),
            draft_return["warehouse_id"].as_u64()
        ),
        (Some("SRET-000001"), Some("draft"), Some(shop))
    );
    assert_eq!(totals(&draft_return), (2000, 0, 400, 2400));
    // More than the invoice had, less what this return takes, is refused.
    let more = json!({
        "original_invoice_id": iid,
        "customer_id": acme,
        "reason": "other",
        "items": [{"product_id": lamp, "quantity": 2}],
    });
    try_post(&app, &owner, "/api/sales-invoice-return/create", more)
        .await
        .expect_invalid("items.0.quantity");
    let wrong_customer = customer(&app, &owner, "Other").await;
    let theirs = json!({
        "original_invoice_id": iid,
        "customer_id": wrong_customer,
        "reason": "other",
        "items": [{"product_id": lamp, "quantity": 1}],
    });
    try_post(&app, &owner, "/api/sales-invoice-return/create", theirs)
        .await
        .expect_invalid("customer_id");

    let approved = post(
        &app,
        &owner,
        &format!("/api/sales-invoice-return/approve/{rid}"),
        json!({}),
        200,
    )
    .await;
    assert_eq!(approved["status"], "approved");
    assert_eq!(stock_of(&app, &owner, lamp, shop).await, 9, "the goods are back");
    let notes = get(&app, &owner, &format!("/api/credit-notes?customer_id={acme}")).await;
    assert_eq!(ids(&notes), vec![approved["credit_note_id"].as_u64().unwrap()]);
    let note = &notes["data"][0];
    assert_eq!(
        (
            note["credit_note_number"].as_str(),
            note["status"].as_str(),
            cents(&note["balance_amount"]),
            note["return_id"].as_u64()
        ),
        (Some("CN-000001"), Some("approved"), 2400, Some(rid))
    );
    let entry = entry_of(&app, &owner, "sales_return", rid).await;
    assert_eq!(
        lines_of(&entry),
        vec![
            ("1100".to_owned(), 0, 2400),
            ("1200".to_owned(), 800, 0),
            ("2100".to_owned(), 400, 0),
            ("4100".to_owned(), 2000, 0),
            ("5100".to_owned(), 0, 800),
        ]
    );
    for (path, status) in [("approve", 409), ("delete", 409)] {
        let resp = match path {
            "delete" => try_delete(&app, &owner, &format!("/api/sales-invoice-return/delete/{rid}")).await,
            _ => {
                try_post(
                    &app,
                    &owner,
                    &format!("/api/sales-invoice-return/{path}/{rid}"),
                    json!({}),
                )
                .await
            }
        };
        resp.expect_error(status, "invalid_transition");
    }

    // The note is applied to the invoice (36.00 owed): 24.00 off, 12.00 left.
    let nid = id(note);
    let applied = post(
        &app,
        &owner,
        &format!("/api/credit-notes/apply/{nid}"),
        json!({"invoice_id": iid, "amount": 24}),
        200,
    )
    .await;
    assert_eq!(applied["credit_note"]["status"], "applied");
    assert_eq!(
        (
            applied["invoice"]["status"].as_str(),
            cents(&applied["invoice"]["credit_note_applied"]),
            cents(&applied["invoice"]["balance_amount"])
        ),
        (Some("partially_paid"), 2400, 1200)
    );
    // An applied note's return stays; it completes.
    try_post(
        &app,
        &owner,
        &format!("/api/sales-invoice-return/cancel/{rid}"),
        json!({}),
    )
    .await
    .expect_error(409, "invalid_transition");
    let completed = post(
        &app,
        &owner,
        &format!("/api/sales-invoice-return/complete/{rid}"),
        json!({}),
        200,
    )
    .await;
    assert_eq!(completed["status"], "completed");

    // The last lamp comes back too, and its return is cancelled once approved: stock, note and
    // entry undone.
    let body = json!({
        "original_invoice_id": iid,
        "customer_id": acme,
        "reason": "other",
        "items": [{"product_id": lamp, "quantity": 1}],
    });
    let last = id(&create(&app, &owner, "/api/sales-invoice-return/create", body).await);
    let approved = post(
        &app,
        &owner,
        &format!("/api/sales-invoice-return/approve/{last}"),
        json!({}),
        200,
    )
    .await;
    assert_eq!(stock_of(&app, &owner, lamp, shop).await, 10);
    let cancelled = post(
        &app,
        &owner,
        &format!("/api/sales-invoice-return/cancel/{last}"),
        json!({}),
        200,
    )
    .await;
    assert_eq!(cancelled["status"], "cancelled");
    assert_eq!(stock_of(&app, &owner, lamp, shop).await, 9);
    let note = get(&app, &owner, "/api/credit-notes?status=cancelled").await;
    assert_eq!(ids(&note), vec![approved["credit_note_id"].as_u64().unwrap()]);
    assert_eq!(
        get(&app, &owner, "/api/sales-invoice-return?status=completed").await["data"][0]["id"],
        json!(rid)
    );
    assert_eq!(balance(&app, &owner, "1100").await, 3600 - 2400);
    assert_ledger_balances(&app, &owner).await;
}

async fn a_credit_note_that_settles_an_invoice_sends_invoice_paid(app: TestApp) {
    app.keep_events().await;
    let owner = app.owner_token().await;
    let acme = customer(&app, &owner, "Acme").await;
    let iid = posted_invoice(&app, &owner, acme, "CONS", "50").await;
    let consulting = show(&app, &owner, iid).await["items"][0]["product_id"].clone();
    // A service comes back in full: no stock, no warehouse; the note pays the invoice off.
    let body = json!({
        "original_invoice_id": iid,
        "customer_id": acme,
        "reason": "other",
        "items": [{"product_id": consulting, "quantity": 1}],
    });
    let rid = id(&create(&app, &owner, "/api/sales-invoice-return/create", body).await);
    let approved = post(
        &app,
        &owner,
        &format!("/api/sales-invoice-return/approve/{rid}"),
        json!({}),
        200,
    )
    .await;
    let nid = approved["credit_note_id"].as_u64().unwrap();
    let entry = entry_of(&app, &owner, "sales_return", rid).await;
    assert_eq!(
        lines_of(&entry),
        vec![("1100".to_owned(), 0, 5000), ("4200".to_owned(), 5000, 0)]
    );
    let too_much = json!({"invoice_id": iid, "amount": "50.01"});
    try_post(&app, &owner, &format!("/api/credit-notes/apply/{nid}"), too_much)
        .await
        .expect_invalid("amount");
    let applied = post(
        &app,
        &owner,
        &format!("/api/credit-notes/apply/{nid}"),
        json!({"invoice_id": iid, "amount": 50}),
        200,
    )
    .await;
    assert_eq!(applied["invoice"]["status"], "paid");
    assert_eq!(
        invoice_events(&app).await,
        ["invoice.created", "invoice.paid", "invoice.posted"]
    );
    try_post(
        &app,
        &owner,
        &format!("/api/credit-notes/apply/{nid}"),
        json!({"invoice_id": iid, "amount": 1}),
    )
    .await
    .expect_error(409, "invalid_transition");
    assert_ledger_balances(&app, &owner).await;
}

on_both_stores!(
    an_invoice_is_priced_changed_as_a_draft_and_posted_once,
    bodies_are_checked_and_a_refused_one_stores_nothing,
    posting_more_than_the_warehouse_holds_is_refused_and_changes_nothing,
    concurrent_posts_of_one_invoice_post_once,
    an_invoice_of_the_most_lines_and_products_each_falling_below_its_reorder_level_posts,
    customer_payments_settle_invoices_and_invoice_paid_fires_once,
    two_payments_racing_to_over_pay_one_invoice_one_is_refused,
    a_return_raises_a_credit_note_brings_the_stock_back_and_undoes_the_sale,
    a_credit_note_that_settles_an_invoice_sends_invoice_paid,
);
