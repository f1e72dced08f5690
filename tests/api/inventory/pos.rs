//! Point of sale: a sale's line and sale totals, its payments, the stock it takes (and gives back
//! when cancelled), its numbering, and 40 sales racing for 25 units.

use serde_json::json;

use super::*;
use crate::harness::Resp;
use crate::on_both_stores;

/// A warehouse and a product priced 10.00 with `held` units in it; returns (warehouse, product).
async fn shop(app: &TestApp, token: &str, held: i64) -> (u64, u64) {
    let w = warehouse(app, token, "Shop").await;
    let p = product(app, token, "POS-P").await;
    add_stock(app, token, p, w, held).await;
    (w, p)
}

fn sale_body(warehouse: u64, product: u64, quantity: i64) -> Value {
    json!({"warehouse_id": warehouse, "items": [{"product_id": product, "quantity": quantity}]})
}

async fn sell(app: &TestApp, token: &str, body: Value) -> Value {
    create(app, token, "/api/pos/create", body).await
}

async fn a_sale_totals_its_lines_with_discounts_and_taxes(app: TestApp) {
    let owner = app.owner_token().await;
    let (client_id, _) = app.user_with_role("client").await;
    let vat = tax(&app, &owner, "VAT", 20.0).await;
    let w = warehouse(&app, &owner, "Shop").await;
    let widget = json!({"name": "Widget", "sku": "W-1", "sale_price": 12.5, "tax_ids": [vat]});
    let widget = id(&create(&app, &owner, "/api/product/create", widget).await);
    let gadget = json!({"name": "Gadget", "sku": "G-1", "sale_price": 3.33, "tax_ids": [vat]});
    let gadget = id(&create(&app, &owner, "/api/product/create", gadget).await);
    let cable = json!({"name": "Cable", "sku": "C-1", "sale_price": 4.99});
    let cable = id(&create(&app, &owner, "/api/product/create", cable).await);
    for p in [widget, gadget, cable] {
        add_stock(&app, &owner, p, w, 10).await;
    }
    let sale = sell(
        &app,
        &owner,
        json!({"warehouse_id": w, "customer_id": client_id, "note": "Counter 1",
            "items": [
                {"product_id": widget, "quantity": 3, "discount": 2.5},
                {"product_id": gadget, "quantity": 1},
                {"product_id": cable, "quantity": 2, "price": 5.5}],
            "payments": [{"method": "card", "amount": 57.0}]}),
    )
    .await;
    assert_eq!(
        (sale["sale_number"].as_str(), sale["status"].as_str()),
        (Some("POS-000001"), Some("completed"))
    );
    assert_eq!(
        (sale["warehouse_id"].as_u64(), sale["customer_id"].as_u64()),
        (Some(w), Some(client_id))
    );
    assert_eq!(sale["note"], "Counter 1");
    let line = |i: usize| {
        let l = &sale["items"][i];
        (
            l["product_id"].as_u64().unwrap(),
            l["name"].as_str().unwrap().to_owned(),
            l["quantity"].as_i64().unwrap(),
            num(&l["price"]),
            num(&l["discount"]),
            num(&l["tax"]),
            num(&l["total"]),
        )
    };
    // 3 x 12.50 = 37.50, less 2.50 = 35.00 taxable, 20% = 7.00, total 42.00.
    assert_eq!(line(0), (widget, "Widget".to_owned(), 3, 12.5, 2.5, 7.0, 42.0));
    // 3.33 at 20% = 0.666, rounded to 0.67: total 4.00.
    assert_eq!(line(1), (gadget, "Gadget".to_owned(), 1, 3.33, 0.0, 0.67, 4.0));
    // The price given overrides the sale price; no tax.
    assert_eq!(line(2), (cable, "Cable".to_owned(), 2, 5.5, 0.0, 0.0, 11.0));
    assert_eq!(sale["items"].as_array().unwrap().len(), 3);
    let totals = (
        num(&sale["subtotal"]),
        num(&sale["discount"]),
        num(&sale["tax"]),
        num(&sale["total"]),
    );
    assert_eq!(totals, (51.83, 2.5, 7.67, 57.0));
    assert_eq!((num(&sale["paid"]), num(&sale["change_due"])), (57.0, 0.0));
    assert_eq!(sale["payments"].as_array().unwrap().len(), 1);
    assert_eq!(
        (
            sale["payments"][0]["method"].as_str(),
            num(&sale["payments"][0]["amount"])
        ),
        (Some("card"), 57.0)
    );

    // The stock went out as `pos` movements.
    let left = (
        stock_of(&app, &owner, widget, w).await,
        stock_of(&app, &owner, gadget, w).await,
        stock_of(&app, &owner, cable, w).await,
    );
    assert_eq!(left, (7, 9, 8));
    let path = format!("/api/stock-movements?product_id={widget}&reason=pos");
    let pos_moves = get(&app, &owner, &path).await;
    assert_eq!(pos_moves["meta"]["total"], 1);
    assert_eq!(pos_moves["data"][0]["quantity"], -3);
    for p in [widget, gadget, cable] {
        assert_ledger_balances(&app, &owner, p, w).await;
    }
}

async fn a_sale_without_payments_is_paid_in_cash_in_full(app: TestApp) {
    let owner = app.owner_token().await;
    let (w, p) = shop(&app, &owner, 5).await;
    let sale = sell(&app, &owner, sale_body(w, p, 2)).await;
    assert_eq!(num(&sale["total"]), 20.0);
    assert_eq!(sale["payments"].as_array().unwrap().len(), 1, "{}", sale["payments"]);
    assert_eq!(
        (
            sale["payments"][0]["method"].as_str(),
            num(&sale["payments"][0]["amount"])
        ),
        (Some("cash"), 20.0)
    );
    assert_eq!((num(&sale["paid"]), num(&sale["change_due"])), (20.0, 0.0));
    assert!(sale["customer_id"].is_null(), "{sale}");
    assert_ledger_balances(&app, &owner, p, w).await;
}

async fn payments_above_the_total_give_change_and_below_it_are_422(app: TestApp) {
    let owner = app.owner_token().await;
    let (w, p) = shop(&app, &owner, 5).await;
    let short = [
        json!([{"method": "cash", "amount": 19.99}]),
        json!([{"method": "cash", "amount": 10}, {"method": "card", "amount": 9.99}]),
    ];
    for payments in short {
        let mut body = sale_body(w, p, 2);
        body["payments"] = payments;
        app.post("/api/pos/create")
            .token(&owner)
            .json(body)
            .send()
            .await
            .expect_invalid("payments");
    }
    assert_eq!(
        get(&app, &owner, "/api/pos").await["meta"]["total"],
        0,
        "nothing stored"
    );
    assert_eq!(stock_of(&app, &owner, p, w).await, 5, "no stock taken");
    let mut body = sale_body(w, p, 2);
    body["payments"] = json!([{"method": "card", "amount": 5}, {"method": "cash", "amount": 20}]);
    let sale = sell(&app, &owner, body).await;
    assert_eq!(
        (num(&sale["total"]), num(&sale["paid"]), num(&sale["change_due"])),
        (20.0, 25.0, 5.0)
    );
    assert_eq!(sale["sale_number"], "POS-000001", "the refused sales took no number");
    assert_eq!(stock_of(&app, &owner, p, w).await, 3);
    assert_ledger_balances(&app, &owner, p, w).await;
}

async fn sale_bodies_are_checked_field_by_field(app: TestApp) {
    let owner = app.owner_token().await;
    let (w, p) = shop(&app, &owner, 5).await;
    let (staff_id, _) = app.user_with_role("staff").await;
    let path = "/api/pos/create";
    app.post(path)
        .token(&owner)
        .json(json!({"items": [{"product_id": p, "quantity": 1}]}))
        .send()
        .await
        .expect_invalid("warehouse_id");
    app.post(path)
        .token(&owner)
        .json(sale_body(999, p, 1))
        .send()
        .await
        .expect_invalid("warehouse_id");
    app.post(path)
        .token(&owner)
        .json(json!({"warehouse_id": w}))
        .send()
        .await
        .expect_invalid("items");
    app.post(path)
        .token(&owner)
        .json(json!({"warehouse_id": w, "items": []}))
        .send()
        .await
        .expect_invalid("items");
    let mut body = sale_body(w, p, 1);
    body["customer_id"] = json!(staff_id);
    app.post(path)
        .token(&owner)
        .json(body)
        .send()
        .await
        .expect_invalid("customer_id");
    let mut body = sale_body(w, p, 1);
    body["payments"] = json!([{"method": "cash", "amount": 0}]);
    let resp = app.post(path).token(&owner).json(body).send().await.expect(422);
    assert_eq!(resp.body["code"], "validation_failed");
    let bad_lines = [
        json!({"product_id": p, "quantity": 0}),
        json!({"product_id": p, "quantity": 1, "discount": -1}),
        json!({"product_id": 999, "quantity": 1}),
    ];
    for bad_line in bad_lines {
        let resp = try_post(
            &app,
            &owner,
            path,
            json!({"warehouse_id": w, "items": [bad_line.clone()]}),
        )
        .await;
        let code = resp.body["code"].as_str();
        assert_eq!(
            (resp.status, code),
            (422, Some("validation_failed")),
            "{bad_line}: {}",
            resp.body
        );
    }
    assert_eq!(
        get(&app, &owner, "/api/pos").await["meta"]["total"],
        0,
        "nothing stored"
    );
    assert_eq!(stock_of(&app, &owner, p, w).await, 5);
    assert_ledger_balances(&app, &owner, p, w).await;
}

async fn a_sale_of_more_than_is_held_is_409_and_takes_nothing(app: TestApp) {
    let owner = app.owner_token().await;
    let (w, p) = shop(&app, &owner, 2).await;
    let other = product(&app, &owner, "POS-Q").await;
    add_stock(&app, &owner, other, w, 5).await;
    try_post(&app, &owner, "/api/pos/create", sale_body(w, p, 3))
        .await
        .expect_error(409, "insufficient_stock");
    // One short line refuses the whole sale: the line that could be served is not taken either.
    let items = json!([{"product_id": other, "quantity": 1}, {"product_id": p, "quantity": 3}]);
    let body = json!({"warehouse_id": w, "items": items});
    app.post("/api/pos/create")
        .token(&owner)
        .json(body)
        .send()
        .await
        .expect_error(409, "insufficient_stock");
    assert_eq!(
        (
            stock_of(&app, &owner, p, w).await,
            stock_of(&app, &owner, other, w).await
        ),
        (2, 5)
    );
    assert_eq!(get(&app, &owner, "/api/pos").await["meta"]["total"], 0);
    let sale = sell(&app, &owner, sale_body(w, p, 2)).await;
    assert_eq!(sale["sale_number"], "POS-000001", "no number was used up");
    assert_eq!(stock_of(&app, &owner, p, w).await, 0);
    assert_ledger_balances(&app, &owner, p, w).await;
    assert_ledger_balances(&app, &owner, other, w).await;
}

async fn a_service_line_is_sold_without_moving_stock(app: TestApp) {
    let owner = app.owner_token().await;
    let (w, p) = shop(&app, &owner, 5).await;
    let svc = service(&app, &owner, "FIT-1").await;
    let items = json!([{"product_id": svc, "quantity": 2}, {"product_id": p, "quantity": 1}]);
    let body = json!({"warehouse_id": w, "items": items});
    let sale = sell(&app, &owner, body).await;
    assert_eq!(num(&sale["total"]), 110.0);
    assert_eq!(movements(&app, &owner, svc, w).await.len(), 0);
    assert_eq!(stock_of(&app, &owner, p, w).await, 4);
    assert_ledger_balances(&app, &owner, p, w).await;
    assert_ledger_balances(&app, &owner, svc, w).await;
}

async fn cancelling_a_sale_restores_its_stock_once(app: TestApp) {
    let owner = app.owner_token().await;
    let (w, p) = shop(&app, &owner, 10).await;
    let sale = sell(&app, &owner, sale_body(w, p, 3)).await;
    assert_eq!(stock_of(&app, &owner, p, w).await, 7);
    let sid = id(&sale);
    let cancelled = post(&app, &owner, &format!("/api/pos/cancel/{sid}"), json!({}), 200).await;
    assert_eq!(
        (cancelled["id"].as_u64(), cancelled["status"].as_str()),
        (Some(sid), Some("cancelled"))
    );
    assert_eq!(cancelled["sale_number"], sale["sale_number"]);
    assert_eq!(stock_of(&app, &owner, p, w).await, 10);
    app.post(&format!("/api/pos/cancel/{sid}"))
        .token(&owner)
        .json(json!({}))
        .send()
        .await
        .expect_error(409, "invalid_transition");
    assert_eq!(stock_of(&app, &owner, p, w).await, 10, "restored once");
    assert_eq!(
        get(&app, &owner, &format!("/api/pos/show/{sid}")).await["status"],
        "cancelled"
    );
    app.post("/api/pos/cancel/999")
        .token(&owner)
        .json(json!({}))
        .send()
        .await
        .expect_error(404, "not_found");
    assert_ledger_balances(&app, &owner, p, w).await;
}

async fn sales_are_listed_newest_first_filtered_and_shown(app: TestApp) {
    let owner = app.owner_token().await;
    let (w, p) = shop(&app, &owner, 10).await;
    let annex = warehouse(&app, &owner, "Annex").await;
    add_stock(&app, &owner, p, annex, 10).await;
    let first = sell(&app, &owner, sale_body(w, p, 1)).await;
    let second = sell(&app, &owner, sale_body(annex, p, 1)).await;
    let third = sell(&app, &owner, sale_body(w, p, 2)).await;
    post(&app, &owner, &format!("/api/pos/cancel/{}", id(&first)), json!({}), 200).await;
    let numbers = |list: &Value| -> Vec<String> {
        list["data"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["sale_number"].as_str().unwrap().to_owned())
            .collect()
    };
    assert_eq!(
        numbers(&get(&app, &owner, "/api/pos?sort=-id").await),
        ["POS-000003", "POS-000002", "POS-000001"]
    );
    assert_eq!(
        ids(&get(&app, &owner, &format!("/api/pos?warehouse_id={w}&sort=-id")).await),
        [id(&third), id(&first)]
    );
    assert_eq!(
        ids(&get(&app, &owner, &format!("/api/pos?warehouse_id={annex}")).await),
        [id(&second)]
    );
    assert_eq!(ids(&get(&app, &owner, "/api/pos?status=cancelled").await), [id(&first)]);
    assert_eq!(
        ids(&get(&app, &owner, "/api/pos?status=completed&sort=-id").await),
        [id(&third), id(&second)]
    );
    let shown = get(&app, &owner, &format!("/api/pos/show/{}", id(&third))).await;
    assert_eq!(
        (shown["sale_number"].as_str(), num(&shown["total"])),
        (Some("POS-000003"), 20.0)
    );
    assert_eq!(shown["items"], third["items"]);
    app.get("/api/pos/show/999")
        .token(&owner)
        .send()
        .await
        .expect_error(404, "not_found");
    assert_ledger_balances(&app, &owner, p, w).await;
    assert_ledger_balances(&app, &owner, p, annex).await;
}

async fn forty_simultaneous_sales_of_25_units_sell_exactly_25(app: TestApp) {
    let owner = app.owner_token().await;
    let (w, p) = shop(&app, &owner, 25).await;
    let body = sale_body(w, p, 1);
    let sales = (0..40).map(|_| app.post("/api/pos/create").token(&owner).json(body.clone()).send());
    let answers = futures::future::join_all(sales).await;
    let statuses: Vec<u16> = answers.iter().map(|r| r.status).collect();
    let sold: Vec<&Resp> = answers.iter().filter(|r| r.status == 201).collect();
    let refused: Vec<&Resp> = answers.iter().filter(|r| r.status == 409).collect();
    assert_eq!((sold.len(), refused.len()), (25, 15), "statuses: {statuses:?}");
    for r in &refused {
        assert_eq!(r.body["code"], "insufficient_stock", "{}", r.body);
    }
    let mut numbers: Vec<String> = sold
        .iter()
        .map(|r| r.body["sale_number"].as_str().unwrap().to_owned())
        .collect();
    numbers.sort();
    let expected: Vec<String> = (1..=25).map(|n| format!("POS-{n:06}")).collect();
    assert_eq!(numbers, expected, "distinct and without gaps");
    assert_eq!(stock_of(&app, &owner, p, w).await, 0);
    assert_eq!(get(&app, &owner, "/api/pos").await["meta"]["total"], 25);
    assert_ledger_balances(&app, &owner, p, w).await;
}

on_both_stores!(
    a_sale_totals_its_lines_with_discounts_and_taxes,
    a_sale_without_payments_is_paid_in_cash_in_full,
    payments_above_the_total_give_change_and_below_it_are_422,
    sale_bodies_are_checked_field_by_field,
    a_sale_of_more_than_is_held_is_409_and_takes_nothing,
    a_service_line_is_sold_without_moving_stock,
    cancelling_a_sale_restores_its_stock_once,
    sales_are_listed_newest_first_filtered_and_shown,
    forty_simultaneous_sales_of_25_units_sell_exactly_25
);
