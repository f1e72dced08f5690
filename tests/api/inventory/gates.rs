//! The gates of both modules (plan modules, roles), the events they declare, and the CRM's links
//! to products.

use reqwest::Method;
use serde_json::json;

use super::*;
use crate::harness::disable_modules;
use crate::on_both_stores;

/// Every inventory route, with ids no record needs to have (the gate answers before any work).
const INVENTORY_ROUTES: &[(&str, &str)] = &[
    ("GET", "/api/product/category"),
    ("POST", "/api/product/category/create"),
    ("POST", "/api/product/category/update/1"),
    ("DELETE", "/api/product/category/delete/1"),
    ("GET", "/api/tax"),
    ("POST", "/api/tax/create"),
    ("POST", "/api/tax/update/1"),
    ("DELETE", "/api/tax/delete/1"),
    ("GET", "/api/units"),
    ("POST", "/api/unit/create"),
    ("POST", "/api/unit/update/1"),
    ("DELETE", "/api/unit/delete/1"),
    ("GET", "/api/warehouse"),
    ("POST", "/api/warehouse/create"),
    ("POST", "/api/warehouse/update/1"),
    ("DELETE", "/api/warehouse/delete/1"),
    ("GET", "/api/warehouse/product/1"),
    ("GET", "/api/products"),
    ("POST", "/api/product/create"),
    ("POST", "/api/product/update/1"),
    ("DELETE", "/api/product/delete/1"),
    ("GET", "/api/product/detail/1"),
    ("GET", "/api/product-service/items"),
    ("POST", "/api/product-stock/add"),
    ("GET", "/api/product-stocks"),
    ("GET", "/api/stock-movements"),
    ("GET", "/api/inventory/settings"),
    ("POST", "/api/inventory/settings"),
    ("GET", "/api/transfer"),
    ("POST", "/api/transfer/create"),
    ("DELETE", "/api/transfer/delete/1"),
    ("GET", "/api/transfer/request-data"),
];

const POS_ROUTES: &[(&str, &str)] = &[
    ("POST", "/api/pos/create"),
    ("POST", "/api/pos/cancel/1"),
    ("GET", "/api/pos"),
    ("GET", "/api/pos/show/1"),
];

async fn call(app: &TestApp, token: &str, method: &str, path: &str) -> crate::harness::Resp {
    let method = Method::from_bytes(method.as_bytes()).unwrap();
    let call = app.call(method.clone(), path).token(token);
    if method == Method::POST {
        call.json(json!({})).send().await
    } else {
        call.send().await
    }
}

/// Asserts every route answers 403 `code`.
async fn assert_refused(app: &TestApp, token: &str, routes: &[(&str, &str)], code: &str) {
    for (method, path) in routes {
        let resp = call(app, token, method, path).await;
        assert_eq!(resp.status, 403, "{method} {path}: {}", resp.body);
        assert_eq!(resp.body["code"], code, "{method} {path}: {}", resp.body);
    }
}

async fn every_inventory_route_is_403_when_the_workspace_switches_inventory_off(app: TestApp) {
    let owner = app.owner_token().await;
    let p = product(&app, &owner, "GATE-1").await;
    disable_modules(app.state.store(), app.tenant, &["inventory"]).await;
    assert_refused(&app, &owner, INVENTORY_ROUTES, "module_disabled").await;
    // Nothing else was switched off.
    app.get("/api/leads").token(&owner).send().await.expect(200);
    disable_modules(app.state.store(), app.tenant, &[]).await;
    assert_eq!(
        ids(&get(&app, &owner, "/api/products").await),
        [p],
        "nothing changed behind the gate"
    );
    assert_eq!(get(&app, &owner, "/api/warehouse").await["meta"]["total"], 0);
}

async fn every_pos_route_is_403_when_the_workspace_switches_pos_off(app: TestApp) {
    let owner = app.owner_token().await;
    let w = warehouse(&app, &owner, "Shop").await;
    let p = product(&app, &owner, "GATE-2").await;
    add_stock(&app, &owner, p, w, 3).await;
    disable_modules(app.state.store(), app.tenant, &["pos"]).await;
    assert_refused(&app, &owner, POS_ROUTES, "module_disabled").await;
    let body = json!({"warehouse_id": w, "items": [{"product_id": p, "quantity": 1}]});
    app.post("/api/pos/create")
        .token(&owner)
        .json(body)
        .send()
        .await
        .expect_error(403, "module_disabled");
    // Inventory itself stays on.
    get(&app, &owner, "/api/products").await;
    assert_eq!(stock_of(&app, &owner, p, w).await, 3, "no sale went through");
    disable_modules(app.state.store(), app.tenant, &[]).await;
    assert_eq!(get(&app, &owner, "/api/pos").await["meta"]["total"], 0);
    assert_ledger_balances(&app, &owner, p, w).await;
}

async fn a_client_login_is_403_forbidden_on_inventory_and_pos_routes(app: TestApp) {
    let (_, client) = app.user_with_role("client").await;
    assert_refused(&app, &client, INVENTORY_ROUTES, "forbidden").await;
    assert_refused(&app, &client, POS_ROUTES, "forbidden").await;
}

async fn staff_work_inventory_and_pos(app: TestApp) {
    let (_, staff) = app.user_with_role("staff").await;
    let w = warehouse(&app, &staff, "Shop").await;
    let p = product(&app, &staff, "STAFF-1").await;
    add_stock(&app, &staff, p, w, 2).await;
    let body = json!({"warehouse_id": w, "items": [{"product_id": p, "quantity": 1}]});
    let sale = create(&app, &staff, "/api/pos/create", body).await;
    assert_eq!(sale["status"], "completed");
    assert_ledger_balances(&app, &staff, p, w).await;
}

async fn the_inventory_and_pos_events_are_listed(app: TestApp) {
    let owner = app.owner_token().await;
    let types = get(&app, &owner, "/api/v1/webhooks/event-types?per_page=100").await;
    assert_eq!(types["meta"]["last_page"], 1, "one page: {}", types["meta"]);
    let listed: Vec<&str> = types["data"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|t| t["name"].as_str())
        .collect();
    for event in [
        "product.created",
        "product.updated",
        "product.deleted",
        "stock.low",
        "pos.created",
    ] {
        assert!(listed.contains(&event), "{event} missing from {listed:?}");
    }
}

async fn crm_leads_and_deals_may_name_only_existing_products(app: TestApp) {
    let owner = app.owner_token().await;
    let p = product(&app, &owner, "CRM-1").await;
    let lead = json!({"name": "L", "email": "l@example.com", "products": [p, 999]});
    app.post("/api/lead/create")
        .token(&owner)
        .json(lead)
        .send()
        .await
        .expect_invalid("products");
    app.post("/api/deal/create")
        .token(&owner)
        .json(json!({"name": "D", "products": [999]}))
        .send()
        .await
        .expect_invalid("products");
    let body = json!({"name": "L", "email": "l@example.com", "products": [p]});
    let lead = id(&create(&app, &owner, "/api/lead/create", body).await);
    let deal = id(&create(&app, &owner, "/api/deal/create", json!({"name": "D", "products": [p]})).await);
    for path in [
        format!("/api/lead/update/{lead}"),
        format!("/api/lead/assign-products/{lead}"),
        format!("/api/deal/update/{deal}"),
        format!("/api/deal/assign-products/{deal}"),
    ] {
        let resp = app
            .post(&path)
            .token(&owner)
            .json(json!({"products": [999]}))
            .send()
            .await;
        assert_eq!(resp.status, 422, "{path}: {}", resp.body);
        resp.expect_invalid("products");
    }
    assert_eq!(
        get(&app, &owner, &format!("/api/lead/show/{lead}")).await["products"],
        json!([p]),
        "unchanged"
    );
    assert_eq!(
        get(&app, &owner, &format!("/api/deal/show/{deal}")).await["products"],
        json!([p]),
        "unchanged"
    );
    assert_eq!(get(&app, &owner, "/api/leads").await["meta"]["total"], 1);
}

async fn a_product_named_by_a_crm_lead_or_deal_cannot_be_deleted(app: TestApp) {
    let owner = app.owner_token().await;
    let p = product(&app, &owner, "CRM-2").await;
    let body = json!({"name": "L", "email": "l@example.com", "products": [p]});
    let lead = id(&create(&app, &owner, "/api/lead/create", body).await);
    let deal = id(&create(&app, &owner, "/api/deal/create", json!({"name": "D", "products": [p]})).await);
    app.delete(&format!("/api/product/delete/{p}"))
        .token(&owner)
        .send()
        .await
        .expect_error(409, "in_use");
    app.delete(&format!("/api/lead/{lead}/products/{p}"))
        .token(&owner)
        .send()
        .await
        .expect(200);
    app.delete(&format!("/api/product/delete/{p}"))
        .token(&owner)
        .send()
        .await
        .expect_error(409, "in_use");
    app.delete(&format!("/api/deal/delete/{deal}"))
        .token(&owner)
        .send()
        .await
        .expect(200);
    delete(&app, &owner, &format!("/api/product/delete/{p}"), p).await;
}

on_both_stores!(
    every_inventory_route_is_403_when_the_workspace_switches_inventory_off,
    every_pos_route_is_403_when_the_workspace_switches_pos_off,
    a_client_login_is_403_forbidden_on_inventory_and_pos_routes,
    staff_work_inventory_and_pos,
    the_inventory_and_pos_events_are_listed,
    crm_leads_and_deals_may_name_only_existing_products,
    a_product_named_by_a_crm_lead_or_deal_cannot_be_deleted
);
