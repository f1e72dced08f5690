//! Stock as a ledger: adjustments in and out, the refusal to go below zero (unless the workspace
//! allows it), the stock lists, and the records a movement keeps from being deleted.

use serde_json::json;

use super::*;
use crate::harness::TestApp;
use crate::on_both_stores;

async fn stock_is_added_and_removed_as_signed_movements(app: TestApp) {
    let owner = app.owner_token().await;
    let main = warehouse(&app, &owner, "Main").await;
    let p = product(&app, &owner, "STK-1").await;
    let body = json!({"product_id": p, "warehouse_id": main, "quantity": 10, "note": "Opening count"});
    let level = create(&app, &owner, "/api/product-stock/add", body).await;
    assert_eq!(
        (level["product_id"].as_u64(), level["warehouse_id"].as_u64()),
        (Some(p), Some(main))
    );
    assert_eq!(level["quantity"], 10);
    assert_eq!(
        (
            level["product_name"].as_str(),
            level["sku"].as_str(),
            level["warehouse_name"].as_str()
        ),
        (Some("Product STK-1"), Some("STK-1"), Some("Main"))
    );
    let level = add_stock(&app, &owner, p, main, -4).await;
    assert_eq!(level["quantity"], 6, "the quantity after the change");
    assert_eq!(stock_of(&app, &owner, p, main).await, 6);

    let moves = movements(&app, &owner, p, main).await;
    let signed: Vec<i64> = moves.iter().map(|m| m["quantity"].as_i64().unwrap()).collect();
    assert_eq!(signed, [-4, 10], "newest first");
    assert!(
        moves.iter().all(|m| m["reason"] == "adjustment" && m["user_id"] == 1),
        "{moves:?}"
    );
    assert_eq!(moves[1]["note"], "Opening count");
    let path = format!("/api/stock-movements?product_id={p}&reason=adjustment");
    assert_eq!(get(&app, &owner, &path).await["meta"]["total"], 2);
    let path = format!("/api/stock-movements?product_id={p}&reason=sale");
    assert_eq!(get(&app, &owner, &path).await["meta"]["total"], 0);
    assert_ledger_balances(&app, &owner, p, main).await;
}

async fn removing_more_than_is_held_is_409_and_changes_nothing(app: TestApp) {
    let owner = app.owner_token().await;
    let main = warehouse(&app, &owner, "Main").await;
    let p = product(&app, &owner, "STK-2").await;
    add_stock(&app, &owner, p, main, 3).await;
    let body = json!({"product_id": p, "warehouse_id": main, "quantity": -5});
    try_post(&app, &owner, "/api/product-stock/add", body)
        .await
        .expect_error(409, "insufficient_stock");
    assert_eq!(stock_of(&app, &owner, p, main).await, 3);
    assert_eq!(movements(&app, &owner, p, main).await.len(), 1, "no movement stored");
    // From a warehouse that never held it, too.
    let empty = warehouse(&app, &owner, "Empty").await;
    let body = json!({"product_id": p, "warehouse_id": empty, "quantity": -1});
    try_post(&app, &owner, "/api/product-stock/add", body)
        .await
        .expect_error(409, "insufficient_stock");
    assert_eq!(stock_of(&app, &owner, p, empty).await, 0);
    // Exactly what is held can be removed.
    assert_eq!(add_stock(&app, &owner, p, main, -3).await["quantity"], 0);
    assert_ledger_balances(&app, &owner, p, main).await;
    assert_ledger_balances(&app, &owner, p, empty).await;
}

async fn stock_bodies_are_checked_field_by_field(app: TestApp) {
    let owner = app.owner_token().await;
    let main = warehouse(&app, &owner, "Main").await;
    let p = product(&app, &owner, "STK-3").await;
    let svc = service(&app, &owner, "SVC-3").await;
    let path = "/api/product-stock/add";
    let call = |product: u64, warehouse: u64, quantity: serde_json::Value| {
        app.post(path)
            .token(&owner)
            .json(json!({"product_id": product, "warehouse_id": warehouse, "quantity": quantity}))
            .send()
    };
    call(svc, main, json!(5)).await.expect_invalid("product_id");
    call(999, main, json!(5)).await.expect_invalid("product_id");
    call(p, 999, json!(5)).await.expect_invalid("warehouse_id");
    call(p, main, json!(0)).await.expect_invalid("quantity");
    call(p, main, json!(1.5)).await.expect_invalid("quantity");
    try_post(&app, &owner, path, json!({"warehouse_id": main, "quantity": 1}))
        .await
        .expect_invalid("product_id");
    try_post(&app, &owner, path, json!({"product_id": p, "quantity": 1}))
        .await
        .expect_invalid("warehouse_id");
    try_post(&app, &owner, path, json!({"product_id": p, "warehouse_id": main}))
        .await
        .expect_invalid("quantity");
    assert_eq!(
        get(&app, &owner, "/api/stock-movements").await["meta"]["total"],
        0,
        "nothing stored"
    );
    assert_eq!(get(&app, &owner, "/api/product-stocks").await["meta"]["total"], 0);
    assert_ledger_balances(&app, &owner, p, main).await;
    assert_ledger_balances(&app, &owner, svc, main).await;
}

async fn allowing_negative_stock_lets_a_removal_go_below_zero(app: TestApp) {
    let owner = app.owner_token().await;
    assert_eq!(
        get(&app, &owner, "/api/inventory/settings").await,
        json!({"allow_negative_stock": false})
    );
    let main = warehouse(&app, &owner, "Main").await;
    let p = product(&app, &owner, "NEG-1").await;
    add_stock(&app, &owner, p, main, 2).await;
    let on = post(
        &app,
        &owner,
        "/api/inventory/settings",
        json!({"allow_negative_stock": true}),
        200,
    )
    .await;
    assert_eq!(on, json!({"allow_negative_stock": true}));
    assert_eq!(
        get(&app, &owner, "/api/inventory/settings").await,
        json!({"allow_negative_stock": true})
    );
    assert_eq!(add_stock(&app, &owner, p, main, -5).await["quantity"], -3);
    assert_eq!(stock_of(&app, &owner, p, main).await, -3);
    assert_ledger_balances(&app, &owner, p, main).await;
    // Switched off again, the next removal is refused.
    post(
        &app,
        &owner,
        "/api/inventory/settings",
        json!({"allow_negative_stock": false}),
        200,
    )
    .await;
    let body = json!({"product_id": p, "warehouse_id": main, "quantity": -1});
    try_post(&app, &owner, "/api/product-stock/add", body)
        .await
        .expect_error(409, "insufficient_stock");
    app.post("/api/inventory/settings")
        .token(&owner)
        .json(json!({"allow_negative_stock": "yes"}))
        .send()
        .await
        .expect_invalid("allow_negative_stock");
    assert_eq!(stock_of(&app, &owner, p, main).await, -3);
    assert_ledger_balances(&app, &owner, p, main).await;
}

async fn a_warehouse_lists_the_stock_it_holds(app: TestApp) {
    let owner = app.owner_token().await;
    let main = warehouse(&app, &owner, "Main").await;
    let annex = warehouse(&app, &owner, "Annex").await;
    let a = product(&app, &owner, "WH-A").await;
    let b = product(&app, &owner, "WH-B").await;
    add_stock(&app, &owner, a, main, 5).await;
    add_stock(&app, &owner, b, main, 8).await;
    add_stock(&app, &owner, a, annex, 1).await;
    let list = get(&app, &owner, &format!("/api/warehouse/product/{main}")).await;
    assert_eq!(list["meta"]["total"], 2, "{list}");
    let mut rows: Vec<(u64, u64, i64)> = list["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["product_id"].as_u64().unwrap(),
                r["warehouse_id"].as_u64().unwrap(),
                r["quantity"].as_i64().unwrap(),
            )
        })
        .collect();
    rows.sort();
    assert_eq!(rows, [(a, main, 5), (b, main, 8)]);
    assert!(
        list["data"]
            .as_array()
            .unwrap()
            .iter()
            .all(|r| r["warehouse_name"] == "Main"),
        "{list}"
    );
    let annex_list = get(&app, &owner, &format!("/api/warehouse/product/{annex}")).await;
    assert_eq!(annex_list["meta"]["total"], 1);
    assert_eq!(annex_list["data"][0]["quantity"], 1);
    app.get("/api/warehouse/product/999")
        .token(&owner)
        .send()
        .await
        .expect_error(404, "not_found");
    for (p, w) in [(a, main), (b, main), (a, annex)] {
        assert_ledger_balances(&app, &owner, p, w).await;
    }
}

async fn product_stocks_are_filtered_by_product_and_warehouse(app: TestApp) {
    let owner = app.owner_token().await;
    let main = warehouse(&app, &owner, "Main").await;
    let annex = warehouse(&app, &owner, "Annex").await;
    let a = product(&app, &owner, "PS-A").await;
    let b = product(&app, &owner, "PS-B").await;
    add_stock(&app, &owner, a, main, 5).await;
    add_stock(&app, &owner, a, annex, 2).await;
    add_stock(&app, &owner, b, annex, 9).await;
    assert_eq!(get(&app, &owner, "/api/product-stocks").await["meta"]["total"], 3);
    let of_a = get(&app, &owner, &format!("/api/product-stocks?product_id={a}")).await;
    assert_eq!(of_a["meta"]["total"], 2);
    assert!(
        of_a["data"].as_array().unwrap().iter().all(|r| r["product_id"] == a),
        "{of_a}"
    );
    let in_annex = get(&app, &owner, &format!("/api/product-stocks?warehouse_id={annex}")).await;
    assert_eq!(in_annex["meta"]["total"], 2);
    assert!(
        in_annex["data"]
            .as_array()
            .unwrap()
            .iter()
            .all(|r| r["warehouse_id"] == annex),
        "{in_annex}"
    );
    let one = get(
        &app,
        &owner,
        &format!("/api/product-stocks?product_id={b}&warehouse_id={annex}"),
    )
    .await;
    assert_eq!(
        (one["meta"]["total"].as_u64(), one["data"][0]["quantity"].as_i64()),
        (Some(1), Some(9))
    );
    let none = get(
        &app,
        &owner,
        &format!("/api/product-stocks?product_id={b}&warehouse_id={main}"),
    )
    .await;
    assert_eq!(none["meta"]["total"], 0);
    for (p, w) in [(a, main), (a, annex), (b, annex), (b, main)] {
        assert_ledger_balances(&app, &owner, p, w).await;
    }
}

async fn a_warehouse_or_product_with_stock_movements_cannot_be_deleted(app: TestApp) {
    let owner = app.owner_token().await;
    let main = warehouse(&app, &owner, "Main").await;
    let p = product(&app, &owner, "USED-1").await;
    add_stock(&app, &owner, p, main, 4).await;
    add_stock(&app, &owner, p, main, -4).await;
    // Even with nothing left in stock, the movements name both.
    app.delete(&format!("/api/warehouse/delete/{main}"))
        .token(&owner)
        .send()
        .await
        .expect_error(409, "in_use");
    app.delete(&format!("/api/product/delete/{p}"))
        .token(&owner)
        .send()
        .await
        .expect_error(409, "in_use");
    get(&app, &owner, &format!("/api/product/detail/{p}")).await;
    assert_eq!(names(&get(&app, &owner, "/api/warehouse").await), ["Main"]);
    // Unused ones go.
    let spare = warehouse(&app, &owner, "Spare").await;
    let unused = product(&app, &owner, "UNUSED-1").await;
    delete(&app, &owner, &format!("/api/warehouse/delete/{spare}"), spare).await;
    delete(&app, &owner, &format!("/api/product/delete/{unused}"), unused).await;
    assert_ledger_balances(&app, &owner, p, main).await;
}

on_both_stores!(
    stock_is_added_and_removed_as_signed_movements,
    removing_more_than_is_held_is_409_and_changes_nothing,
    stock_bodies_are_checked_field_by_field,
    allowing_negative_stock_lets_a_removal_go_below_zero,
    a_warehouse_lists_the_stock_it_holds,
    product_stocks_are_filtered_by_product_and_warehouse,
    a_warehouse_or_product_with_stock_movements_cannot_be_deleted
);
