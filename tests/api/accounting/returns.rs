//! Purchase returns: draft → approved → completed; approving raises the debit note, takes the
//! goods out of stock and reverses the purchase in the journal, all at once or not at all. Debit
//! notes are applied to the vendor's open invoices. A return is cancelled as a draft, or once
//! approved while its debit note is untouched (then everything its approval did is undone).

use super::purchases::{bill, entry_of, invoice, lines_of, post_invoice, totals, vendor, MANY_STOCKED_PRODUCTS};
use super::*;
use crate::inventory::{add_stock, movements, product, service, stock_of, tax, warehouse};
use crate::on_both_stores;

/// A posted invoice of 10 lamps at 4.50 (20% VAT) and a 100.00 service; returns
/// `(vendor, warehouse, lamp, service, invoice)`.
async fn posted_purchase(app: &TestApp, token: &str) -> (u64, u64, u64, u64, Value) {
    let supplier = vendor(app, token, "Supplier").await;
    let depot = warehouse(app, token, "Depot").await;
    let vat = tax(app, token, "VAT", 20.0).await;
    let lamp = product(app, token, "LAMP").await;
    let fitting = service(app, token, "FIT").await;
    let items = json!([
        {"product_id": lamp, "quantity": 10, "unit_price": "4.50", "tax_ids": [vat]},
        {"product_id": fitting, "quantity": 1, "unit_price": 100}
    ]);
    let draft = invoice(app, token, supplier, depot, items).await;
    let posted = post_invoice(app, token, id(&draft)).await;
    (supplier, depot, lamp, fitting, posted)
}

async fn a_return_goes_draft_approved_completed_with_its_debit_note_stock_and_entry(app: TestApp) {
    let owner = app.owner_token().await;
    let (supplier, depot, lamp, _, purchase) = posted_purchase(&app, &owner).await;
    let iid = id(&purchase);
    let body = json!({"original_invoice_id": iid, "vendor_id": supplier, "reason": "defective",
                      "return_date": "2026-03-05", "items": [{"product_id": lamp, "quantity": 3}]});
    let draft = create(&app, &owner, "/api/purchase-return/create", body).await;
    let rid = id(&draft);
    assert_eq!(
        (
            draft["return_number"].as_str(),
            draft["status"].as_str(),
            draft["warehouse_id"].as_u64()
        ),
        (Some("PRET-000001"), Some("draft"), Some(depot))
    );
    // Priced as bought: 3 × 4.50 = 13.50, 20% VAT 2.70, total 16.20.
    assert_eq!(totals(&draft), (1350, 0, 270, 1620));
    assert_eq!(
        get(&app, &owner, &format!("/api/purchase-return/show/{rid}")).await["items"],
        draft["items"]
    );
    try_post(&app, &owner, &format!("/api/purchase-return/complete/{rid}"), json!({}))
        .await
        .expect_error(409, "invalid_transition");
    // A draft moves nothing: no stock, no note, no entry.
    assert_eq!(stock_of(&app, &owner, lamp, depot).await, 10);
    assert_eq!(get(&app, &owner, "/api/debit-notes").await["meta"]["total"], 0);
    assert_eq!(balance(&app, &owner, "2000").await, 15400);

    let approved = post(
        &app,
        &owner,
        &format!("/api/purchase-return/approve/{rid}"),
        json!({}),
        200,
    )
    .await;
    assert_eq!(approved["status"], "approved");
    assert_eq!(stock_of(&app, &owner, lamp, depot).await, 7);
    let moved = movements(&app, &owner, lamp, depot).await;
    assert_eq!(
        (
            moved[0]["quantity"].as_i64(),
            moved[0]["reason"].as_str(),
            moved[0]["source_type"].as_str()
        ),
        (Some(-3), Some("return"), Some("purchase_return"))
    );
    let entry = entry_of(&app, &owner, "purchase_return", rid).await;
    assert_eq!(entry["id"], approved["journal_entry_id"]);
    assert_eq!(
        lines_of(&entry),
        [
            ("1200".into(), 0, 1350),
            ("1300".into(), 0, 270),
            ("2000".into(), 1620, 0)
        ]
    );
    // Payables: 145.00 + 9.00 VAT billed, 16.20 returned.
    assert_eq!(balance(&app, &owner, "2000").await, 15400 - 1620);
    let notes = get(&app, &owner, "/api/debit-notes").await;
    assert_eq!(notes["meta"]["total"], 1);
    let note = &notes["data"][0];
    assert_eq!(id(note), approved["debit_note_id"].as_u64().unwrap());
    assert_eq!(
        (
            note["debit_note_number"].as_str(),
            note["status"].as_str(),
            note["reason"].as_str()
        ),
        (Some("DN-000001"), Some("approved"), Some("defective"))
    );
    assert_eq!(
        (
            note["vendor_id"].as_u64(),
            note["invoice_id"].as_u64(),
            note["return_id"].as_u64()
        ),
        (Some(supplier), Some(iid), Some(rid))
    );
    assert_eq!(totals(note), (1350, 0, 270, 1620));
    assert_eq!(
        (cents(&note["applied_amount"]), cents(&note["balance_amount"])),
        (0, 1620)
    );
    assert_eq!(
        ids(&get(
            &app,
            &owner,
            &format!("/api/debit-notes?vendor_id={supplier}&status=approved")
        )
        .await),
        [id(note)]
    );
    assert_eq!(
        get(&app, &owner, "/api/debit-notes?status=applied").await["meta"]["total"],
        0
    );

    for refused in [
        try_post(&app, &owner, &format!("/api/purchase-return/approve/{rid}"), json!({})).await,
        try_delete(&app, &owner, &format!("/api/purchase-return/delete/{rid}")).await,
    ] {
        refused.expect_error(409, "invalid_transition");
    }
    let completed = post(
        &app,
        &owner,
        &format!("/api/purchase-return/complete/{rid}"),
        json!({}),
        200,
    )
    .await;
    assert_eq!(completed["status"], "completed");
    assert!(completed["completed_at"].is_string());
    // Completing closes the return; everything moved at approval.
    assert_eq!(stock_of(&app, &owner, lamp, depot).await, 7);
    assert_eq!(balance(&app, &owner, "2000").await, 15400 - 1620);
    assert_eq!(
        cents(&get(&app, &owner, "/api/debit-notes").await["data"][0]["balance_amount"]),
        1620
    );
    for refused in [
        try_post(&app, &owner, &format!("/api/purchase-return/complete/{rid}"), json!({})).await,
        try_post(&app, &owner, &format!("/api/purchase-return/approve/{rid}"), json!({})).await,
        try_delete(&app, &owner, &format!("/api/purchase-return/delete/{rid}")).await,
    ] {
        refused.expect_error(409, "invalid_transition");
    }
    assert_eq!(
        ids(&get(&app, &owner, "/api/purchase-return?status=completed").await),
        [rid]
    );
    assert_eq!(
        ids(&get(&app, &owner, &format!("/api/purchase-return?original_invoice_id={iid}")).await),
        [rid]
    );
    assert_eq!(
        get(&app, &owner, "/api/purchase-return?status=draft").await["meta"]["total"],
        0
    );
    crate::inventory::assert_ledger_balances(&app, &owner, lamp, depot).await;
    assert_ledger_balances(&app, &owner).await;
}

async fn a_debit_note_is_applied_to_the_vendors_open_invoices(app: TestApp) {
    let owner = app.owner_token().await;
    let (supplier, _, lamp, _, purchase) = posted_purchase(&app, &owner).await;
    let iid = id(&purchase);
    let body = json!({"original_invoice_id": iid, "vendor_id": supplier, "reason": "excess_quantity",
                      "items": [{"product_id": lamp, "quantity": 10}]});
    let rid = id(&create(&app, &owner, "/api/purchase-return/create", body).await);
    let approved = post(
        &app,
        &owner,
        &format!("/api/purchase-return/approve/{rid}"),
        json!({}),
        200,
    )
    .await;
    let nid = approved["debit_note_id"].as_u64().unwrap();
    let path = format!("/api/debit-notes/apply/{nid}");
    // The note is 54.00 (45.00 + 9.00 VAT); the invoice's balance 154.00.
    try_post(&app, &owner, &path, json!({"invoice_id": iid, "amount": "54.01"}))
        .await
        .expect_invalid("amount");
    try_post(&app, &owner, &path, json!({"invoice_id": iid, "amount": 0}))
        .await
        .expect_invalid("amount");
    try_post(&app, &owner, &path, json!({"invoice_id": 999, "amount": 1}))
        .await
        .expect_invalid("invoice_id");
    let other = vendor(&app, &owner, "Other").await;
    let fee = service(&app, &owner, "FEE").await;
    let foreign = bill(
        &app,
        &owner,
        other,
        json!([{"product_id": fee, "quantity": 1, "unit_price": 5}]),
    )
    .await;
    try_post(&app, &owner, &path, json!({"invoice_id": id(&foreign), "amount": 1}))
        .await
        .expect_invalid("invoice_id");

    let applied = post(&app, &owner, &path, json!({"invoice_id": iid, "amount": 20}), 200).await;
    assert_eq!(
        (
            applied["debit_note"]["status"].as_str(),
            applied["invoice"]["status"].as_str()
        ),
        (Some("partial"), Some("partially_paid"))
    );
    assert_eq!(
        (
            cents(&applied["debit_note"]["applied_amount"]),
            cents(&applied["debit_note"]["balance_amount"])
        ),
        (2000, 3400)
    );
    assert_eq!(
        (
            cents(&applied["invoice"]["debit_note_applied"]),
            cents(&applied["invoice"]["balance_amount"])
        ),
        (2000, 13400)
    );
    let shown = get(&app, &owner, &format!("/api/purchase-invoice/show/{iid}")).await;
    assert_eq!(
        (shown["status"].as_str(), cents(&shown["balance_amount"])),
        (Some("partially_paid"), 13400)
    );
    assert_eq!(
        ids(&get(&app, &owner, "/api/purchase-invoice?status=partial").await),
        [iid]
    );
    let applied = post(&app, &owner, &path, json!({"invoice_id": iid, "amount": 34}), 200).await;
    assert_eq!(
        (
            applied["debit_note"]["status"].as_str(),
            cents(&applied["debit_note"]["balance_amount"])
        ),
        (Some("applied"), 0)
    );
    assert_eq!(cents(&applied["invoice"]["balance_amount"]), 10000);
    try_post(&app, &owner, &path, json!({"invoice_id": iid, "amount": 1}))
        .await
        .expect_error(409, "invalid_transition");
    assert_eq!(ids(&get(&app, &owner, "/api/debit-notes?status=applied").await), [nid]);
    // Applying writes no entry: payables were debited when the return was approved.
    assert_eq!(journal(&app, &owner).await.len(), 2);

    // An invoice whose balance a note covers is paid.
    let body = json!({"vendor_id": supplier, "items": [{"product_id": fee, "quantity": 1, "unit_price": 5}]});
    let small = id(&create(&app, &owner, "/api/purchase-invoice/create", body).await);
    try_post(
        &app,
        &owner,
        &format!("/api/debit-notes/apply/{nid}"),
        json!({"invoice_id": small, "amount": 1}),
    )
    .await
    .expect_error(409, "invalid_transition");
    post_invoice(&app, &owner, small).await;
    let body = json!({"original_invoice_id": small, "vendor_id": supplier, "reason": "other",
                      "items": [{"product_id": fee, "quantity": 1}]});
    let second = id(&create(&app, &owner, "/api/purchase-return/create", body).await);
    let approved = post(
        &app,
        &owner,
        &format!("/api/purchase-return/approve/{second}"),
        json!({}),
        200,
    )
    .await;
    let note = approved["debit_note_id"].as_u64().unwrap();
    let draft = bill(
        &app,
        &owner,
        supplier,
        json!([{"product_id": fee, "quantity": 1, "unit_price": 9}]),
    )
    .await;
    try_post(
        &app,
        &owner,
        &format!("/api/debit-notes/apply/{note}"),
        json!({"invoice_id": id(&draft), "amount": 1}),
    )
    .await
    .expect_invalid("invoice_id");
    let paid = post(
        &app,
        &owner,
        &format!("/api/debit-notes/apply/{note}"),
        json!({"invoice_id": small, "amount": 5}),
        200,
    )
    .await;
    assert_eq!(
        (
            paid["invoice"]["status"].as_str(),
            cents(&paid["invoice"]["balance_amount"])
        ),
        (Some("paid"), 0)
    );
    // A service return reverses general expenses.
    let entry = entry_of(&app, &owner, "purchase_return", second).await;
    assert_eq!(lines_of(&entry), [("2000".into(), 500, 0), ("6000".into(), 0, 500)]);
    assert_ledger_balances(&app, &owner).await;
}

async fn return_bodies_are_checked_against_the_invoice(app: TestApp) {
    let owner = app.owner_token().await;
    let (supplier, _, lamp, fitting, purchase) = posted_purchase(&app, &owner).await;
    let iid = id(&purchase);
    let other = vendor(&app, &owner, "Other").await;
    let stranger = product(&app, &owner, "OTHER").await;
    let refused = try_post(&app, &owner, "/api/purchase-return/create", json!({"reason": "broken"}))
        .await
        .expect_invalid("original_invoice_id");
    for field in ["vendor_id", "items", "reason"] {
        assert!(refused.body["errors"][field].is_array(), "{field}: {}", refused.body);
    }
    let body = json!({"original_invoice_id": iid, "vendor_id": other, "reason": "damaged",
                      "items": [{"product_id": lamp, "quantity": 11}, {"product_id": stranger, "quantity": 1}]});
    let refused = try_post(&app, &owner, "/api/purchase-return/create", body)
        .await
        .expect_invalid("vendor_id");
    for field in ["items.0.quantity", "items.1.product_id"] {
        assert!(refused.body["errors"][field].is_array(), "{field}: {}", refused.body);
    }
    // The party's field, each side's own, is named in its error.
    let body = json!({"original_invoice_id": iid, "vendor_id": "Other", "reason": "damaged",
                      "items": [{"product_id": lamp, "quantity": 1}]});
    let refused = try_post(&app, &owner, "/api/purchase-return/create", body)
        .await
        .expect_invalid("vendor_id");
    assert_eq!(
        refused.body["errors"]["vendor_id"][0],
        "The vendor_id field must be a whole number."
    );
    let draft_bill = bill(&app, &owner, supplier, json!([{"product_id": fitting, "quantity": 1}])).await;
    let body = json!({"original_invoice_id": id(&draft_bill), "vendor_id": supplier, "reason": "other",
                      "items": [{"product_id": fitting, "quantity": 1}]});
    try_post(&app, &owner, "/api/purchase-return/create", body)
        .await
        .expect_invalid("original_invoice_id");
    // Refused bodies used no number; a draft is deleted.
    let body = json!({"original_invoice_id": iid, "vendor_id": supplier, "reason": "wrong_item",
                      "items": [{"product_id": fitting, "quantity": 1}]});
    let draft = create(&app, &owner, "/api/purchase-return/create", body).await;
    assert_eq!(draft["return_number"], "PRET-000001");
    let gone = app
        .delete(&format!("/api/purchase-return/delete/{}", id(&draft)))
        .token(&owner)
        .send()
        .await
        .expect(200);
    assert_eq!(gone.body["id"], id(&draft));
    assert_eq!(get(&app, &owner, "/api/purchase-return").await["meta"]["total"], 0);
}

async fn approving_without_the_stock_changes_nothing(app: TestApp) {
    let owner = app.owner_token().await;
    let (supplier, depot, lamp, _, purchase) = posted_purchase(&app, &owner).await;
    add_stock(&app, &owner, lamp, depot, -8).await;
    let body = json!({"original_invoice_id": id(&purchase), "vendor_id": supplier, "reason": "damaged",
                      "items": [{"product_id": lamp, "quantity": 3}]});
    let rid = id(&create(&app, &owner, "/api/purchase-return/create", body).await);
    try_post(&app, &owner, &format!("/api/purchase-return/approve/{rid}"), json!({}))
        .await
        .expect_error(409, "insufficient_stock");
    let shown = get(&app, &owner, &format!("/api/purchase-return/show/{rid}")).await;
    assert_eq!(
        (shown["status"].as_str(), shown["debit_note_id"].as_u64()),
        (Some("draft"), None)
    );
    assert_eq!(get(&app, &owner, "/api/debit-notes").await["meta"]["total"], 0);
    assert_eq!(journal(&app, &owner).await.len(), 1, "only the invoice's entry");
    assert_eq!(stock_of(&app, &owner, lamp, depot).await, 2);
    add_stock(&app, &owner, lamp, depot, 1).await;
    post(
        &app,
        &owner,
        &format!("/api/purchase-return/approve/{rid}"),
        json!({}),
        200,
    )
    .await;
    assert_eq!(stock_of(&app, &owner, lamp, depot).await, 0);
    crate::inventory::assert_ledger_balances(&app, &owner, lamp, depot).await;
    assert_ledger_balances(&app, &owner).await;
}

async fn returns_take_at_most_what_is_left_and_are_cancelled_until_their_note_is_applied(app: TestApp) {
    let owner = app.owner_token().await;
    let (supplier, depot, lamp, _, purchase) = posted_purchase(&app, &owner).await;
    let iid = id(&purchase);
    let body = |quantity: i64| {
        json!({"original_invoice_id": iid, "vendor_id": supplier, "reason": "damaged",
               "items": [{"product_id": lamp, "quantity": quantity}]})
    };
    // Drafts count against what is left to return; cancelled returns do not.
    let first = id(&create(&app, &owner, "/api/purchase-return/create", body(8)).await);
    try_post(&app, &owner, "/api/purchase-return/create", body(3))
        .await
        .expect_invalid("items.0.quantity");
    let cancelled = post(
        &app,
        &owner,
        &format!("/api/purchase-return/cancel/{first}"),
        json!({}),
        200,
    )
    .await;
    assert_eq!(cancelled["status"], "cancelled");
    for refused in [
        try_post(&app, &owner, &format!("/api/purchase-return/cancel/{first}"), json!({})).await,
        try_post(
            &app,
            &owner,
            &format!("/api/purchase-return/approve/{first}"),
            json!({}),
        )
        .await,
        try_delete(&app, &owner, &format!("/api/purchase-return/delete/{first}")).await,
    ] {
        refused.expect_error(409, "invalid_transition");
    }

    // An approved return is cancelled while its note is untouched: note, stock and entry undone.
    let all = id(&create(&app, &owner, "/api/purchase-return/create", body(10)).await);
    let approved = post(
        &app,
        &owner,
        &format!("/api/purchase-return/approve/{all}"),
        json!({}),
        200,
    )
    .await;
    assert_eq!(stock_of(&app, &owner, lamp, depot).await, 0);
    assert_eq!(balance(&app, &owner, "2000").await, 15400 - 5400);
    let undone = post(
        &app,
        &owner,
        &format!("/api/purchase-return/cancel/{all}"),
        json!({}),
        200,
    )
    .await;
    assert_eq!(undone["status"], "cancelled");
    assert_eq!(stock_of(&app, &owner, lamp, depot).await, 10);
    assert_eq!(balance(&app, &owner, "2000").await, 15400);
    assert_eq!(balance(&app, &owner, "1200").await, 4500);
    let nid = approved["debit_note_id"].as_u64().unwrap();
    assert_eq!(
        ids(&get(&app, &owner, "/api/debit-notes?status=cancelled").await),
        [nid]
    );
    try_post(
        &app,
        &owner,
        &format!("/api/debit-notes/apply/{nid}"),
        json!({"invoice_id": iid, "amount": 1}),
    )
    .await
    .expect_error(409, "invalid_transition");

    // Once part of its note is applied, a return stays.
    let last = id(&create(&app, &owner, "/api/purchase-return/create", body(1)).await);
    let approved = post(
        &app,
        &owner,
        &format!("/api/purchase-return/approve/{last}"),
        json!({}),
        200,
    )
    .await;
    let nid = approved["debit_note_id"].as_u64().unwrap();
    post(
        &app,
        &owner,
        &format!("/api/debit-notes/apply/{nid}"),
        json!({"invoice_id": iid, "amount": 1}),
        200,
    )
    .await;
    try_post(&app, &owner, &format!("/api/purchase-return/cancel/{last}"), json!({}))
        .await
        .expect_error(409, "invalid_transition");
    assert_eq!(stock_of(&app, &owner, lamp, depot).await, 9);
    crate::inventory::assert_ledger_balances(&app, &owner, lamp, depot).await;
    assert_ledger_balances(&app, &owner).await;
}

async fn a_return_of_many_products_each_falling_below_its_reorder_level_commits_as_one_change(app: TestApp) {
    let owner = app.owner_token().await;
    let supplier = vendor(&app, &owner, "Supplier").await;
    let depot = warehouse(&app, &owner, "Depot").await;
    let vat = tax(&app, &owner, "VAT", 20.0).await;
    // A large approval and cancellation: many products (a change larger than one DynamoDB
    // transaction), each falling below its reorder level (a `stock.low` event each).
    let mut items = Vec::new();
    for n in 0..MANY_STOCKED_PRODUCTS {
        let body =
            json!({"name": format!("Part {n}"), "sku": format!("PART-{n}"), "sale_price": 9, "reorder_level": 2});
        let part = id(&create(&app, &owner, "/api/product/create", body).await);
        items.push(json!({"product_id": part, "quantity": 3, "unit_price": 2, "tax_ids": [vat]}));
    }
    let iid = id(&post_invoice(
        &app,
        &owner,
        id(&invoice(&app, &owner, supplier, depot, json!(items)).await),
    )
    .await);
    let returned: Vec<Value> = items
        .iter()
        .map(|i| json!({"product_id": i["product_id"], "quantity": 2}))
        .collect();
    let body = json!({"original_invoice_id": iid, "vendor_id": supplier, "reason": "damaged", "items": returned});
    let rid = id(&create(&app, &owner, "/api/purchase-return/create", body).await);
    post(
        &app,
        &owner,
        &format!("/api/purchase-return/approve/{rid}"),
        json!({}),
        200,
    )
    .await;
    for item in &items {
        assert_eq!(
            stock_of(&app, &owner, id(&json!({"id": item["product_id"]})), depot).await,
            1
        );
    }
    post(
        &app,
        &owner,
        &format!("/api/purchase-return/cancel/{rid}"),
        json!({}),
        200,
    )
    .await;
    for item in &items {
        assert_eq!(
            stock_of(&app, &owner, id(&json!({"id": item["product_id"]})), depot).await,
            3
        );
    }
    assert_ledger_balances(&app, &owner).await;
}

on_both_stores!(
    a_return_of_many_products_each_falling_below_its_reorder_level_commits_as_one_change,
    a_return_goes_draft_approved_completed_with_its_debit_note_stock_and_entry,
    a_debit_note_is_applied_to_the_vendors_open_invoices,
    return_bodies_are_checked_against_the_invoice,
    approving_without_the_stock_changes_nothing,
    returns_take_at_most_what_is_left_and_are_cancelled_until_their_note_is_applied,
);

/// The states and what moves at each are stated where clients read them: the return's `status`
/// and the descriptions of its state-changing routes, on both sides.
#[tokio::test]
async fn the_contract_states_that_approval_moves_the_stock_note_and_entry() {
    let app = TestApp::sqlite().await;
    let doc = app.get("/api/openapi.json").send().await.expect(200).body;
    for side in ["purchase-return", "sales-invoice-return"] {
        let described = |verb: &str| {
            doc["paths"][format!("/api/{side}/{verb}/{{return_id}}")]["post"]["description"]
                .as_str()
                .unwrap_or_else(|| panic!("{side}/{verb} has a description"))
                .to_owned()
        };
        let approve = described("approve");
        for moved in ["note", "stock", "journal entry", "one transaction"] {
            assert!(approve.contains(moved), "{side}/approve names {moved}: {approve}");
        }
        assert!(described("complete").contains("no stock, note or journal entry moves"));
        assert!(described("cancel").contains("the stock moves back"));
    }
    let status = serde_json::to_string(&doc["components"]["schemas"]["ReturnStatus"]).unwrap();
    for state in ["`draft` (nothing has moved", "`approved`", "`completed`", "`cancelled`"] {
        assert!(status.contains(state), "ReturnStatus describes {state}: {status}");
    }
}
