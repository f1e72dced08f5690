//! Declared ranges. Money (`shared::money`): every amount within ±9,999,999,999,999.99, refused
//! beyond it with 422 and nothing stored, documents whose lines or totals come to more refused
//! too, and amounts at the edge written back exactly. Dates (`shared::domain::Date`): written
//! `YYYY-MM-DD`, from 1900-01-01 to 2999-12-31.

use serde_json::json;

use crate::harness::{create, get, id, try_post, TestApp};
use crate::inventory::{add_stock, product, warehouse};
use crate::on_both_stores;

const LARGEST: &str = "9999999999999.99";

async fn amounts_beyond_the_range_are_refused_and_the_largest_come_back_exactly(app: TestApp) {
    let owner = app.owner_token().await;
    let largest: f64 = LARGEST.parse().unwrap();
    // The largest price is kept and written to the cent.
    let body = json!({"name": "Tower", "sku": "TOWER", "type": "service", "sale_price": largest});
    let tower = create(&app, &owner, "/api/product/create", body).await;
    assert_eq!(tower["sale_price"].to_string(), LARGEST);
    let shown = get(&app, &owner, &format!("/api/product/detail/{}", id(&tower))).await;
    assert_eq!(shown["sale_price"].to_string(), LARGEST);
    let exact = json!({"name": "Exact", "sku": "EXACT", "type": "service", "sale_price": "123456789012.67"});
    assert_eq!(
        create(&app, &owner, "/api/product/create", exact).await["sale_price"].to_string(),
        "123456789012.67"
    );

    // Beyond it, as a number or a numeric string, either way: 422 on the field, nothing stored.
    for beyond in [
        json!(1e18),
        json!(10_000_000_000_000.0_f64),
        json!("-10000000000000"),
        json!("5e16"),
    ] {
        let body = json!({"name": "Too much", "sku": "MUCH", "sale_price": beyond});
        let refused = try_post(&app, &owner, "/api/product/create", body)
            .await
            .expect_invalid("sale_price");
        let message = refused.body["errors"]["sale_price"].to_string();
        assert!(message.contains(LARGEST), "{message}");
    }
    assert_eq!(app.count(app.tenant, "inv_product").await, 2);

    // Two of the largest on one invoice come to more than an amount holds: refused whole.
    let acme = id(&create(&app, &owner, "/api/customers/create", json!({"name": "Acme"})).await);
    let twice = json!({"customer_id": acme, "type": "service",
        "items": [{"product_id": id(&tower), "quantity": 2}]});
    let refused = try_post(&app, &owner, "/api/sales-invoice/create", twice)
        .await
        .expect_invalid("items");
    assert!(
        refused.body["errors"]["items"].to_string().contains(LARGEST),
        "{}",
        refused.body
    );
    let two_lines = json!({"customer_id": acme, "type": "service", "items": [
        {"product_id": id(&tower), "quantity": 1}, {"product_id": id(&tower), "quantity": 1}]});
    try_post(&app, &owner, "/api/sales-invoice/create", two_lines)
        .await
        .expect_invalid("items");
    assert_eq!(app.count(app.tenant, "sales_invoice").await, 0);
    // One of the largest is an invoice like any other.
    let once = json!({"customer_id": acme, "type": "service", "items": [{"product_id": id(&tower), "quantity": 1}]});
    let invoice = create(&app, &owner, "/api/sales-invoice/create", once).await;
    assert_eq!(invoice["total_amount"].to_string(), LARGEST);

    // A point-of-sale sale likewise.
    let shop = warehouse(&app, &owner, "Shop").await;
    let lamp = product(&app, &owner, "LAMP").await;
    add_stock(&app, &owner, lamp, shop, 10).await;
    let sale = json!({"warehouse_id": shop, "items": [{"product_id": lamp, "quantity": 2, "price": largest}]});
    try_post(&app, &owner, "/api/pos/create", sale)
        .await
        .expect_invalid("items");
    assert_eq!(get(&app, &owner, "/api/pos").await["meta"]["total"], 0);
}

async fn dates_are_four_digit_years_within_the_declared_range(app: TestApp) {
    let owner = app.owner_token().await;
    let acme = id(&create(&app, &owner, "/api/customers/create", json!({"name": "Acme"})).await);
    let setup = id(&create(
        &app,
        &owner,
        "/api/product/create",
        json!({"name": "Setup", "sku": "SETUP", "type": "service", "sale_price": 10}),
    )
    .await);
    let invoice = |date: &str| {
        json!({"customer_id": acme, "type": "service", "invoice_date": date,
            "items": [{"product_id": setup, "quantity": 1}]})
    };
    for outside in [
        "0000-01-01",
        "-0001-01-01",
        "+10000-01-01",
        "1899-12-31",
        "3000-01-01",
        "2026-1-05",
    ] {
        let refused = try_post(&app, &owner, "/api/sales-invoice/create", invoice(outside))
            .await
            .expect_invalid("invoice_date");
        let message = refused.body["errors"]["invoice_date"].to_string();
        assert!(
            message.contains("from 1900-01-01 to 2999-12-31"),
            "{outside}: {message}"
        );
    }
    assert_eq!(app.count(app.tenant, "sales_invoice").await, 0);
    for edge in ["1900-01-01", "2999-12-31"] {
        let mut body = invoice(edge);
        body["due_date"] = json!("2999-12-31");
        assert_eq!(
            create(&app, &owner, "/api/sales-invoice/create", body).await["invoice_date"],
            edge
        );
    }
}

/// A balance is a sum of amounts and may pass the bound one amount has: the records and totals
/// that hold it still read (schemathesis found a bank account that did not, answering 500).
async fn balances_summed_past_an_amounts_bound_still_read(app: TestApp) {
    let owner = app.owner_token().await;
    let from = id(&crate::accounting::banking::bank(&app, &owner, "From").await);
    let to = id(&crate::accounting::banking::bank(&app, &owner, "To").await);
    for _ in 0..2 {
        crate::accounting::banking::transfer(&app, &owner, from, to, LARGEST).await;
    }
    let listed = get(&app, &owner, "/api/bank-accounts").await;
    let balance = |bank: u64| {
        let account = listed["data"]
            .as_array()
            .unwrap()
            .iter()
            .find(|a| id(a) == bank)
            .unwrap();
        account["balance"].as_f64().unwrap()
    };
    assert_eq!(
        (balance(from), balance(to)),
        (-19_999_999_999_999.98, 19_999_999_999_999.98)
    );
    get(&app, &owner, "/api/chart-of-accounts").await;
}

on_both_stores!(
    amounts_beyond_the_range_are_refused_and_the_largest_come_back_exactly,
    balances_summed_past_an_amounts_bound_still_read,
    dates_are_four_digit_years_within_the_declared_range
);
