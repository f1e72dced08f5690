//! Inventory and point of sale (functions/inventory), against the contract in the API notes:
//! the catalog (categories, taxes, units, warehouses, products), stock as a ledger of movements,
//! transfers, POS sales, and the gates and events of both modules.
//!
//! Every test that moves stock ends with [`assert_ledger_balances`]: a stock level is always the
//! sum of its movements.

use serde_json::{json, Value};

use crate::harness::TestApp;
pub(crate) use crate::harness::{create, get, id, ids, names, post, try_delete, try_post};

mod catalog;
mod gates;
mod pos;
mod stock;
mod transfers;

/// DELETEs `path`, asserts 200 and the shape of a delete's answer.
pub(crate) async fn delete(app: &TestApp, token: &str, path: &str, id: u64) {
    let body = app.delete(path).token(token).send().await.expect(200).body;
    assert_eq!(body["id"], id, "{body}");
    assert!(
        body["message"].as_str().is_some_and(|m| m.contains("deleted")),
        "{body}"
    );
}

/// A money or rate field as a number (the contract: a JSON number, not a string).
pub(crate) fn num(value: &Value) -> f64 {
    value.as_f64().unwrap_or_else(|| panic!("a number, got {value}"))
}

/// A product named `Product {sku}` priced 10.00; returns its id.
pub(crate) async fn product(app: &TestApp, token: &str, sku: &str) -> u64 {
    let body = json!({"name": format!("Product {sku}"), "sku": sku, "sale_price": 10.0});
    id(&create(app, token, "/api/product/create", body).await)
}

/// A service (holds no stock); returns its id.
pub(crate) async fn service(app: &TestApp, token: &str, sku: &str) -> u64 {
    let body = json!({"name": format!("Service {sku}"), "sku": sku, "type": "service", "sale_price": 50.0});
    id(&create(app, token, "/api/product/create", body).await)
}

/// An active warehouse; returns its id.
pub(crate) async fn warehouse(app: &TestApp, token: &str, name: &str) -> u64 {
    id(&create(app, token, "/api/warehouse/create", json!({"name": name})).await)
}

/// A tax of `rate` percent; returns its id.
pub(crate) async fn tax(app: &TestApp, token: &str, name: &str, rate: f64) -> u64 {
    id(&create(app, token, "/api/tax/create", json!({"name": name, "rate": rate})).await)
}

/// Adds (or, negative, removes) stock; asserts 201 and returns the StockLevel after the change.
pub(crate) async fn add_stock(app: &TestApp, token: &str, product: u64, warehouse: u64, quantity: i64) -> Value {
    let body = json!({"product_id": product, "warehouse_id": warehouse, "quantity": quantity});
    create(app, token, "/api/product-stock/add", body).await
}

/// The quantity of `product` held in `warehouse` (0 when it never held any).
pub(crate) async fn stock_of(app: &TestApp, token: &str, product: u64, warehouse: u64) -> i64 {
    let path = format!("/api/product-stocks?product_id={product}&warehouse_id={warehouse}");
    let list = get(app, token, &path).await;
    let rows = list["data"].as_array().unwrap();
    assert!(rows.len() <= 1, "one stock level per product and warehouse: {list}");
    match rows.first() {
        Some(row) => {
            assert_eq!(
                (row["product_id"].as_u64(), row["warehouse_id"].as_u64()),
                (Some(product), Some(warehouse))
            );
            row["quantity"]
                .as_i64()
                .unwrap_or_else(|| panic!("a whole quantity: {row}"))
        }
        None => 0,
    }
}

/// The movements of `product` in `warehouse`, newest first (all of them: fewer than 100).
pub(crate) async fn movements(app: &TestApp, token: &str, product: u64, warehouse: u64) -> Vec<Value> {
    let path = format!("/api/stock-movements?product_id={product}&warehouse_id={warehouse}&per_page=100&sort=-id");
    let list = get(app, token, &path).await;
    let rows = list["data"].as_array().unwrap().clone();
    assert_eq!(
        list["meta"]["total"],
        rows.len(),
        "every movement on one page: {}",
        list["meta"]
    );
    for row in &rows {
        assert_eq!(
            (row["product_id"].as_u64(), row["warehouse_id"].as_u64()),
            (Some(product), Some(warehouse))
        );
    }
    rows
}

/// The ledger invariant: the StockLevel quantity equals the sum of the movements' quantities.
pub(crate) async fn assert_ledger_balances(app: &TestApp, token: &str, product: u64, warehouse: u64) {
    let held = stock_of(app, token, product, warehouse).await;
    let moved: i64 = movements(app, token, product, warehouse)
        .await
        .iter()
        .map(|m| {
            m["quantity"]
                .as_i64()
                .unwrap_or_else(|| panic!("a signed whole quantity: {m}"))
        })
        .sum();
    assert_eq!(
        held, moved,
        "product {product} in warehouse {warehouse}: stock level {held} but movements sum to {moved}"
    );
}
