//! Transfers between warehouses: both sides move together or not at all, and a delete reverses
//! them while the destination still holds the quantity.

use serde_json::json;

use super::*;
use crate::on_both_stores;

/// Two warehouses and a product with `held` units in the first; returns (from, to, product).
async fn stocked(app: &TestApp, token: &str, held: i64) -> (u64, u64, u64) {
    let from = warehouse(app, token, "Main").await;
    let to = warehouse(app, token, "Shop").await;
    let p = product(app, token, "TR-1").await;
    add_stock(app, token, p, from, held).await;
    (from, to, p)
}

/// A transfer of one line.
fn transfer_body(from: u64, to: u64, product: u64, quantity: i64) -> Value {
    json!({"from_warehouse_id": from, "to_warehouse_id": to, "lines": [{"product_id": product, "quantity": quantity}]})
}

/// `YYYY-MM-DD`.
fn is_date(value: &Value) -> bool {
    value.as_str().is_some_and(|d| {
        d.len() == 10
            && d.char_indices()
                .all(|(i, c)| if i == 4 || i == 7 { c == '-' } else { c.is_ascii_digit() })
    })
}

async fn a_transfer_moves_stock_out_of_one_warehouse_into_another(app: TestApp) {
    let owner = app.owner_token().await;
    let (from, to, p) = stocked(&app, &owner, 10).await;
    let mut body = transfer_body(from, to, p, 4);
    body["note"] = json!("Restock the shop");
    let transfer = create(&app, &owner, "/api/transfer/create", body).await;
    assert_eq!(transfer["from_warehouse_id"], from);
    assert_eq!(transfer["to_warehouse_id"], to);
    assert_eq!(transfer["lines"], json!([{"product_id": p, "quantity": 4}]));
    assert_eq!(transfer["note"], "Restock the shop");
    assert!(is_date(&transfer["date"]), "today by default: {}", transfer["date"]);
    assert_eq!(
        (
            stock_of(&app, &owner, p, from).await,
            stock_of(&app, &owner, p, to).await
        ),
        (6, 4)
    );
    let out = movements(&app, &owner, p, from).await;
    assert_eq!(
        (out[0]["reason"].as_str(), out[0]["quantity"].as_i64()),
        (Some("transfer_out"), Some(-4))
    );
    let into = movements(&app, &owner, p, to).await;
    assert_eq!(into.len(), 1);
    assert_eq!(
        (into[0]["reason"].as_str(), into[0]["quantity"].as_i64()),
        (Some("transfer_in"), Some(4))
    );

    let dated = create(&app, &owner, "/api/transfer/create", {
        let mut body = transfer_body(from, to, p, 1);
        body["date"] = json!("2026-03-01");
        body
    })
    .await;
    assert_eq!(dated["date"], "2026-03-01");
    let list = get(&app, &owner, &format!("/api/transfer?product_id={p}&sort=-id")).await;
    assert_eq!(ids(&list), [id(&dated), id(&transfer)], "newest first");
    let other = product(&app, &owner, "TR-2").await;
    assert_eq!(
        get(&app, &owner, &format!("/api/transfer?product_id={other}")).await["meta"]["total"],
        0
    );
    assert_ledger_balances(&app, &owner, p, from).await;
    assert_ledger_balances(&app, &owner, p, to).await;
}

async fn a_transfer_to_the_same_warehouse_is_422(app: TestApp) {
    let owner = app.owner_token().await;
    let (from, _, p) = stocked(&app, &owner, 10).await;
    app.post("/api/transfer/create")
        .token(&owner)
        .json(transfer_body(from, from, p, 2))
        .send()
        .await
        .expect_invalid("to_warehouse_id");
    assert_eq!(get(&app, &owner, "/api/transfer").await["meta"]["total"], 0);
    assert_eq!(stock_of(&app, &owner, p, from).await, 10);
    assert_ledger_balances(&app, &owner, p, from).await;
}

async fn transfer_bodies_are_checked_field_by_field(app: TestApp) {
    let owner = app.owner_token().await;
    let (from, to, p) = stocked(&app, &owner, 10).await;
    let path = "/api/transfer/create";
    for quantity in [0, -3] {
        try_post(&app, &owner, path, transfer_body(from, to, p, quantity))
            .await
            .expect_invalid("lines.0.quantity");
    }
    let twice = json!({"from_warehouse_id": from, "to_warehouse_id": to,
        "lines": [{"product_id": p, "quantity": 1}, {"product_id": p, "quantity": 2}]});
    try_post(&app, &owner, path, twice)
        .await
        .expect_invalid("lines.1.product_id");
    for lines in [json!([]), json!(null)] {
        try_post(
            &app,
            &owner,
            path,
            json!({"from_warehouse_id": from, "to_warehouse_id": to, "lines": lines}),
        )
        .await
        .expect_invalid("lines");
    }
    try_post(&app, &owner, path, transfer_body(999, to, p, 1))
        .await
        .expect_invalid("from_warehouse_id");
    try_post(&app, &owner, path, transfer_body(from, 999, p, 1))
        .await
        .expect_invalid("to_warehouse_id");
    app.post(path)
        .token(&owner)
        .json(transfer_body(from, to, 999, 1))
        .send()
        .await
        .expect_invalid("lines.0.product_id");
    let mut body = transfer_body(from, to, p, 1);
    body["date"] = json!("01/03/2026");
    app.post(path)
        .token(&owner)
        .json(body)
        .send()
        .await
        .expect_invalid("date");
    assert_eq!(
        get(&app, &owner, "/api/transfer").await["meta"]["total"],
        0,
        "nothing stored"
    );
    assert_eq!(
        (
            stock_of(&app, &owner, p, from).await,
            stock_of(&app, &owner, p, to).await
        ),
        (10, 0)
    );
    assert_ledger_balances(&app, &owner, p, from).await;
    assert_ledger_balances(&app, &owner, p, to).await;
}

async fn a_transfer_of_more_than_the_source_holds_is_409_and_moves_nothing(app: TestApp) {
    let owner = app.owner_token().await;
    let (from, to, p) = stocked(&app, &owner, 3).await;
    app.post("/api/transfer/create")
        .token(&owner)
        .json(transfer_body(from, to, p, 4))
        .send()
        .await
        .expect_error(409, "insufficient_stock");
    assert_eq!(
        (
            stock_of(&app, &owner, p, from).await,
            stock_of(&app, &owner, p, to).await
        ),
        (3, 0)
    );
    assert_eq!(movements(&app, &owner, p, to).await.len(), 0, "no half transfer");
    assert_eq!(movements(&app, &owner, p, from).await.len(), 1);
    assert_eq!(get(&app, &owner, "/api/transfer").await["meta"]["total"], 0);
    assert_ledger_balances(&app, &owner, p, from).await;
    assert_ledger_balances(&app, &owner, p, to).await;
}

async fn deleting_a_transfer_reverses_both_quantities(app: TestApp) {
    let owner = app.owner_token().await;
    let (from, to, p) = stocked(&app, &owner, 10).await;
    let transfer = id(&create(&app, &owner, "/api/transfer/create", transfer_body(from, to, p, 4)).await);
    delete(&app, &owner, &format!("/api/transfer/delete/{transfer}"), transfer).await;
    assert_eq!(
        (
            stock_of(&app, &owner, p, from).await,
            stock_of(&app, &owner, p, to).await
        ),
        (10, 0)
    );
    assert_eq!(get(&app, &owner, "/api/transfer").await["meta"]["total"], 0);
    try_delete(&app, &owner, &format!("/api/transfer/delete/{transfer}"))
        .await
        .expect_error(404, "not_found");
    assert_ledger_balances(&app, &owner, p, from).await;
    assert_ledger_balances(&app, &owner, p, to).await;
}

async fn a_transfer_whose_destination_no_longer_holds_it_cannot_be_deleted(app: TestApp) {
    let owner = app.owner_token().await;
    let (from, to, p) = stocked(&app, &owner, 10).await;
    let transfer = id(&create(&app, &owner, "/api/transfer/create", transfer_body(from, to, p, 4)).await);
    add_stock(&app, &owner, p, to, -2).await;
    app.delete(&format!("/api/transfer/delete/{transfer}"))
        .token(&owner)
        .send()
        .await
        .expect_error(409, "insufficient_stock");
    assert_eq!(
        (
            stock_of(&app, &owner, p, from).await,
            stock_of(&app, &owner, p, to).await
        ),
        (6, 2)
    );
    assert_eq!(
        ids(&get(&app, &owner, "/api/transfer").await),
        [transfer],
        "still there"
    );
    assert_ledger_balances(&app, &owner, p, from).await;
    assert_ledger_balances(&app, &owner, p, to).await;
}

async fn request_data_lists_the_active_warehouses_and_products_by_name(app: TestApp) {
    let owner = app.owner_token().await;
    let zeta = warehouse(&app, &owner, "Zeta").await;
    let alpha = warehouse(&app, &owner, "Alpha").await;
    create(
        &app,
        &owner,
        "/api/warehouse/create",
        json!({"name": "Closed", "is_active": false}),
    )
    .await;
    let saw = id(&create(
        &app,
        &owner,
        "/api/product/create",
        json!({"name": "Saw", "sku": "SAW-1"}),
    )
    .await);
    let axe = id(&create(
        &app,
        &owner,
        "/api/product/create",
        json!({"name": "Axe", "sku": "AXE-1"}),
    )
    .await);
    let body = json!({"name": "Old", "sku": "OLD-1", "is_active": false});
    create(&app, &owner, "/api/product/create", body).await;
    let data = get(&app, &owner, "/api/transfer/request-data").await;
    assert_eq!(
        data["warehouses"],
        json!([{"id": alpha, "name": "Alpha"}, {"id": zeta, "name": "Zeta"}])
    );
    let products = json!([{"id": axe, "name": "Axe", "sku": "AXE-1"}, {"id": saw, "name": "Saw", "sku": "SAW-1"}]);
    assert_eq!(data["products"], products);
}

/// The body the API took before `lines` (`product_id` and `quantity`) still moves one product,
/// as a one-line transfer; mixing both forms, or sending neither, is 422 naming `lines` in a
/// message that shows the current form, and moves nothing.
async fn the_single_product_body_is_still_a_one_line_transfer(app: TestApp) {
    let owner = app.owner_token().await;
    let (from, to, p) = stocked(&app, &owner, 10).await;
    let path = "/api/transfer/create";
    let single = json!({"from_warehouse_id": from, "to_warehouse_id": to, "product_id": p, "quantity": 3});
    let answer = try_post(&app, &owner, path, single).await.expect(201);
    // Deprecated (RFC 9745) with a sunset a year on (RFC 8594); the current form is not.
    assert_eq!(answer.header("deprecation"), Some("@1796515200"));
    assert_eq!(answer.header("sunset"), Some("Mon, 06 Dec 2027 00:00:00 GMT"));
    assert!(answer.header("link").is_some_and(|l| l.contains("rel=\"deprecation\"")));
    let current = try_post(&app, &owner, path, transfer_body(from, to, p, 1))
        .await
        .expect(201);
    assert_eq!(current.header("deprecation"), None);
    let transfer = answer.body;
    assert_eq!(transfer["lines"], json!([{"product_id": p, "quantity": 3}]));
    assert_eq!(
        (
            stock_of(&app, &owner, p, from).await,
            stock_of(&app, &owner, p, to).await
        ),
        (6, 4)
    );
    let both = json!({"from_warehouse_id": from, "to_warehouse_id": to, "product_id": p, "quantity": 1,
        "lines": [{"product_id": p, "quantity": 1}]});
    let refused = try_post(&app, &owner, path, both).await.expect_invalid("lines");
    assert!(
        refused.body["errors"]["lines"][0]
            .as_str()
            .unwrap()
            .contains("not both"),
        "{}",
        refused.body
    );
    let neither = json!({"from_warehouse_id": from, "to_warehouse_id": to});
    let refused = try_post(&app, &owner, path, neither).await.expect_invalid("lines");
    assert!(
        refused.body["errors"]["lines"][0]
            .as_str()
            .unwrap()
            .contains("\"product_id\": 3"),
        "{}",
        refused.body
    );
    let no_quantity = json!({"from_warehouse_id": from, "to_warehouse_id": to, "product_id": p});
    try_post(&app, &owner, path, no_quantity)
        .await
        .expect_invalid("quantity");
    let too_few = json!({"from_warehouse_id": from, "to_warehouse_id": to, "product_id": p, "quantity": 0});
    try_post(&app, &owner, path, too_few)
        .await
        .expect_invalid("lines.0.quantity");
    assert_eq!(get(&app, &owner, "/api/transfer").await["meta"]["total"], 2);
    assert_eq!(stock_of(&app, &owner, p, from).await, 6);
    assert_ledger_balances(&app, &owner, p, from).await;
}

/// The document offers both forms, the single-product one deprecated.
#[tokio::test]
async fn the_transfer_body_documents_the_single_product_form_as_deprecated() {
    let app = TestApp::sqlite().await;
    let doc = app.get("/api/openapi.json").send().await.expect(200).body;
    let body = &doc["paths"]["/api/transfer/create"]["post"]["requestBody"]["content"]["application/json"]["schema"];
    let body = &doc["components"]["schemas"][body["$ref"].as_str().unwrap().rsplit('/').next().unwrap()];
    assert_eq!(
        body["anyOf"],
        json!([{"$ref": "#/components/schemas/TransferIn"}, {"$ref": "#/components/schemas/SingleProductTransferIn"}])
    );
    let schemas = &doc["components"]["schemas"];
    assert_eq!(schemas["SingleProductTransferIn"]["deprecated"], true);
    assert_eq!(
        schemas["SingleProductTransferIn"]["required"],
        json!(["from_warehouse_id", "to_warehouse_id", "product_id", "quantity"])
    );
    assert!(schemas["TransferIn"]["properties"].get("product_id").is_none());
}

on_both_stores!(
    the_single_product_body_is_still_a_one_line_transfer,
    a_transfer_moves_stock_out_of_one_warehouse_into_another,
    a_transfer_to_the_same_warehouse_is_422,
    transfer_bodies_are_checked_field_by_field,
    a_transfer_of_more_than_the_source_holds_is_409_and_moves_nothing,
    deleting_a_transfer_reverses_both_quantities,
    a_transfer_whose_destination_no_longer_holds_it_cannot_be_deleted,
    request_data_lists_the_active_warehouses_and_products_by_name
);
