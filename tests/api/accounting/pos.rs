//! Point-of-sale sales post to the ledger in their own transaction: cash in for the total, sales
//! (4100 products, 4200 services) net of discounts, output VAT (2100), and the cost of the stock
//! sold (5100 against 1200) at the products' purchase prices; a cancellation posts the reversal.

use super::purchases::lines_of as lines;
use super::*;
use crate::on_both_stores;

/// The balances (cents) of the accounts a sale moves, in the order of `CODES`.
const CODES: [&str; 6] = ["1000", "4100", "4200", "2100", "5100", "1200"];

/// Stocked products enough that a sale's change is larger than one DynamoDB transaction.
const MANY_STOCKED: usize = 40;
/// Most lines one sale holds (functions/inventory/src/pos.rs).
const MAX_LINES: usize = 500;

async fn balances(app: &TestApp, token: &str) -> Vec<i64> {
    let all = accounts(app, token).await;
    CODES.iter().map(|code| cents(&all[*code]["balance"])).collect()
}

/// The entries of POS sales, newest first.
async fn pos_entries(app: &TestApp, token: &str) -> Vec<Value> {
    let list = get(app, token, "/api/journal-entries?source_type=pos&per_page=100&sort=-id").await;
    list["data"].as_array().unwrap().clone()
}

async fn a_pos_sale_posts_cash_sales_vat_and_cost_of_goods_and_its_cancel_reverses_them(app: TestApp) {
    let owner = app.owner_token().await;
    let vat = id(&create(&app, &owner, "/api/tax/create", json!({"name": "VAT", "rate": 20})).await);
    let shop = id(&create(&app, &owner, "/api/warehouse/create", json!({"name": "Shop"})).await);
    let widget = json!({"name": "Widget", "sku": "W-1", "sale_price": 12.5, "purchase_price": 7, "tax_ids": [vat]});
    let widget = id(&create(&app, &owner, "/api/product/create", widget).await);
    let install = json!({"name": "Install", "sku": "S-1", "type": "service", "sale_price": 40, "purchase_price": 15});
    let install = id(&create(&app, &owner, "/api/product/create", install).await);
    let stock = json!({"product_id": widget, "warehouse_id": shop, "quantity": 10});
    create(&app, &owner, "/api/product-stock/add", stock).await;
    assert_eq!(
        balances(&app, &owner).await,
        [0; 6],
        "adding stock by hand posts nothing"
    );

    let body = json!({"warehouse_id": shop, "items": [
        {"product_id": widget, "quantity": 3, "discount": 2.5},
        {"product_id": install, "quantity": 1}]});
    let sale = create(&app, &owner, "/api/pos/create", body).await;
    // Widgets: 3 x 12.50 - 2.50 = 35.00, VAT 7.00; the service 40.00 untaxed: total 82.00.
    assert_eq!(cents(&sale["total"]), 8200);
    let entries = pos_entries(&app, &owner).await;
    assert_eq!(entries.len(), 1, "{entries:?}");
    let entry = &entries[0];
    assert_eq!(
        (entry["source_id"].as_u64(), sale["journal_entry_id"].as_u64()),
        (Some(id(&sale)), entry["id"].as_u64())
    );
    assert_eq!(entry["date"], sale["pos_date"]);
    assert_eq!(
        entry["memo"],
        format!("POS sale {}", sale["sale_number"].as_str().unwrap())
    );
    assert_eq!(
        lines(entry),
        [
            ("1000".to_owned(), 8200, 0),
            ("1200".to_owned(), 0, 2100),
            ("2100".to_owned(), 0, 700),
            ("4100".to_owned(), 0, 3500),
            ("4200".to_owned(), 0, 4000),
            // 3 widgets at their purchase price of 7.00; the service keeps no stock.
            ("5100".to_owned(), 2100, 0),
        ]
    );
    assert_eq!(cents(&entry["total"]), 10300);
    // Inventory was stocked without a purchase, so taking its cost leaves it below zero.
    assert_eq!(balances(&app, &owner).await, [8200, 3500, 4000, 700, 2100, -2100]);
    assert_ledger_balances(&app, &owner).await;

    let cancelled = post(&app, &owner, &format!("/api/pos/cancel/{}", id(&sale)), json!({}), 200).await;
    assert_eq!(cancelled["status"], "cancelled");
    let entries = pos_entries(&app, &owner).await;
    assert_eq!(entries.len(), 2, "the sale's entry stays; its reversal is added");
    let reversal = &entries[0];
    assert_eq!(reversal["source_id"].as_u64(), Some(id(&sale)));
    assert!(
        reversal["memo"].as_str().is_some_and(|m| m.contains("cancelled")),
        "{reversal}"
    );
    let flipped: Vec<(String, i64, i64)> = lines(&entries[1]).into_iter().map(|(c, d, k)| (c, k, d)).collect();
    assert_eq!(lines(reversal), flipped);
    assert_eq!(balances(&app, &owner).await, [0; 6]);
    assert_ledger_balances(&app, &owner).await;
}

async fn a_sale_without_cost_posts_no_cost_of_goods_and_a_free_one_posts_nothing(app: TestApp) {
    let owner = app.owner_token().await;
    let shop = id(&create(&app, &owner, "/api/warehouse/create", json!({"name": "Shop"})).await);
    let body = json!({"name": "Sample", "sku": "F-1", "sale_price": 5});
    let sample = id(&create(&app, &owner, "/api/product/create", body).await);
    let stock = json!({"product_id": sample, "warehouse_id": shop, "quantity": 5});
    create(&app, &owner, "/api/product-stock/add", stock).await;

    let sold = json!({"warehouse_id": shop, "items": [{"product_id": sample, "quantity": 2}]});
    let sale = create(&app, &owner, "/api/pos/create", sold).await;
    let entries = pos_entries(&app, &owner).await;
    assert_eq!(
        lines(&entries[0]),
        [("1000".to_owned(), 1000, 0), ("4100".to_owned(), 0, 1000)],
        "no purchase price: no cost of goods"
    );
    assert_eq!(sale["journal_entry_id"], entries[0]["id"]);

    let free = json!({"warehouse_id": shop, "items": [{"product_id": sample, "quantity": 1, "price": 0}]});
    let free = create(&app, &owner, "/api/pos/create", free).await;
    assert!(free["journal_entry_id"].is_null(), "{free}");
    assert_eq!(pos_entries(&app, &owner).await.len(), 1);
    post(&app, &owner, &format!("/api/pos/cancel/{}", id(&free)), json!({}), 200).await;
    assert_eq!(pos_entries(&app, &owner).await.len(), 1, "nothing to reverse");
    assert_eq!(balances(&app, &owner).await, [1000, 1000, 0, 0, 0, 0]);
    assert_ledger_balances(&app, &owner).await;
}

async fn the_sandbox_seeds_pos_sales_with_their_entries(app: TestApp) {
    let owner = app.owner_token().await;
    let test_key = app.api_key(&owner, "test").await;
    let sales = get(&app, &test_key, "/api/pos?per_page=100").await;
    let mut completed: Vec<u64> = sales["data"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["status"] == "completed")
        .map(id)
        .collect();
    completed.sort_unstable();
    assert!(!completed.is_empty(), "the sandbox has POS sales: {sales}");
    let entries = pos_entries(&app, &test_key).await;
    let mut posted: Vec<u64> = entries.iter().map(|e| e["source_id"].as_u64().unwrap()).collect();
    posted.sort_unstable();
    assert_eq!(posted, completed, "one entry per seeded sale");
    assert!(balances(&app, &test_key).await[0] > 0, "cash came in");
    assert_ledger_balances(&app, &test_key).await;
}

async fn a_sale_of_many_stocked_products_posts_and_one_of_too_many_lines_is_refused(app: TestApp) {
    let owner = app.owner_token().await;
    let vat = id(&create(&app, &owner, "/api/tax/create", json!({"name": "VAT", "rate": 20})).await);
    let shop = id(&create(&app, &owner, "/api/warehouse/create", json!({"name": "Shop"})).await);
    let install = json!({"name": "Install", "sku": "S-1", "type": "service", "sale_price": 40, "purchase_price": 15});
    let install = id(&create(&app, &owner, "/api/product/create", install).await);
    let (client_id, _) = app.user_with_role("client").await;
    // A large sale: a customer, a service beside many stocked products, each taxed, costed and
    // falling below its reorder level (a `stock.low` event each).
    let mut items = vec![json!({"product_id": install, "quantity": 1})];
    for n in 0..MANY_STOCKED {
        let body = json!({"name": format!("Part {n}"), "sku": format!("P-{n}"), "sale_price": 12.5,
                          "purchase_price": 7, "tax_ids": [vat], "reorder_level": 9});
        let part = id(&create(&app, &owner, "/api/product/create", body).await);
        let stock = json!({"product_id": part, "warehouse_id": shop, "quantity": 10});
        create(&app, &owner, "/api/product-stock/add", stock).await;
        items.push(json!({"product_id": part, "quantity": 2, "discount": 1}));
    }
    let too_many = vec![json!({"product_id": install, "quantity": 1}); MAX_LINES + 1];
    let too_many = json!({"warehouse_id": shop, "customer_id": client_id, "items": too_many});
    try_post(&app, &owner, "/api/pos/create", too_many)
        .await
        .expect_invalid("items");
    let body = json!({"warehouse_id": shop, "customer_id": client_id, "items": items});
    let sale = create(&app, &owner, "/api/pos/create", body).await;
    assert!(sale["journal_entry_id"].as_u64().is_some(), "{sale}");
    post(&app, &owner, &format!("/api/pos/cancel/{}", id(&sale)), json!({}), 200).await;
    assert_eq!(pos_entries(&app, &owner).await.len(), 2, "the sale and its reversal");
    assert_ledger_balances(&app, &owner).await;
}

on_both_stores!(
    a_sale_of_many_stocked_products_posts_and_one_of_too_many_lines_is_refused,
    a_pos_sale_posts_cash_sales_vat_and_cost_of_goods_and_its_cancel_reverses_them,
    a_sale_without_cost_posts_no_cost_of_goods_and_a_free_one_posts_nothing,
);

on_both_stores!(
    with_demo_data:
    the_sandbox_seeds_pos_sales_with_their_entries,
);
