//! Vendor payments: cleared at once (or pending, then cleared), settling posted purchase invoices
//! `posted → partially_paid → paid`; the journal debits payables and credits the bank; cancelling
//! reverses both and the invoices owe again.

use super::banking::bank;
use super::purchases::{bill, lines_of, post_invoice, vendor};
use super::*;
use crate::inventory::service;
use crate::on_both_stores;

/// A posted bill of one service line at `price` (no tax) from `vendor`; returns its id.
async fn posted_bill(app: &TestApp, token: &str, vendor: u64, sku: &str, price: &str) -> u64 {
    let consulting = service(app, token, sku).await;
    let items = json!([{"product_id": consulting, "quantity": 1, "unit_price": price, "tax_ids": []}]);
    let draft = bill(app, token, vendor, items).await;
    id(&post_invoice(app, token, id(&draft)).await)
}

async fn invoice(app: &TestApp, token: &str, id: u64) -> Value {
    get(app, token, &format!("/api/purchase-invoice/show/{id}")).await
}

async fn pay(app: &TestApp, token: &str, body: Value) -> Value {
    create(app, token, "/api/vendor-payments/create", body).await
}

async fn payments_settle_invoices_and_a_cancel_gives_the_balance_back(app: TestApp) {
    let owner = app.owner_token().await;
    let acme = vendor(&app, &owner, "Acme").await;
    let main = bank(&app, &owner, "Main").await;
    let (main_id, main_gl) = (id(&main), format!("1000-{}", id(&main)));
    let first = posted_bill(&app, &owner, acme, "CONS-1", "100.00").await;
    let second = posted_bill(&app, &owner, acme, "CONS-2", "50.00").await;

    let body = json!({
        "vendor_id": acme, "bank_account_id": main_id, "amount": "120.00", "date": "2026-03-20",
        "reference_number": "TRF-1",
        "allocations": [{"invoice_id": first, "amount": "100.00"}, {"invoice_id": second, "amount": "20.00"}]
    });
    let payment = pay(&app, &owner, body).await;
    let pid = id(&payment);
    assert_eq!(
        (payment["number"].as_str(), payment["status"].as_str()),
        (Some("VPAY-000001"), Some("cleared"))
    );
    assert_eq!(cents(&payment["unallocated_amount"]), 0);
    let (one, two) = (invoice(&app, &owner, first).await, invoice(&app, &owner, second).await);
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
    let entry = get(&app, &owner, "/api/journal-entries?source_type=vendor_payment").await;
    assert_eq!(entry["meta"]["total"], 1);
    assert_eq!(
        lines_of(&entry["data"][0]),
        vec![(main_gl.clone(), 0, 12000), ("2000".to_owned(), 12000, 0)]
    );
    assert_eq!(balance(&app, &owner, "2000").await, 15000 - 12000);
    assert_eq!(
        cents(&get(&app, &owner, "/api/bank-accounts").await["data"][0]["balance"]),
        -12000
    );
    let moved = get(
        &app,
        &owner,
        &format!("/api/bank-transactions?bank_account_id={main_id}"),
    )
    .await;
    assert_eq!(
        (moved["data"][0]["kind"].as_str(), cents(&moved["data"][0]["amount"])),
        (Some("withdrawal"), -12000)
    );

    // More than an invoice still owes is refused, and nothing changes.
    let over = json!({
        "vendor_id": acme,
        "bank_account_id": main_id,
        "amount": 40,
        "allocations": [{"invoice_id": second, "amount": "30.01"}],
    });
    try_post(&app, &owner, "/api/vendor-payments/create", over)
        .await
        .expect_invalid("allocations[0].amount");
    // A paid invoice takes no more.
    let paid = json!({
        "vendor_id": acme,
        "bank_account_id": main_id,
        "amount": 1,
        "allocations": [{"invoice_id": first, "amount": 1}],
    });
    try_post(&app, &owner, "/api/vendor-payments/create", paid)
        .await
        .expect_invalid("allocations[0].invoice_id");

    let cancelled = post(
        &app,
        &owner,
        &format!("/api/vendor-payments/cancel/{pid}"),
        json!({}),
        200,
    )
    .await;
    assert_eq!(cancelled["status"], "cancelled");
    assert!(cancelled["reversal_journal_entry_id"].as_u64().is_some());
    let (one, two) = (invoice(&app, &owner, first).await, invoice(&app, &owner, second).await);
    assert_eq!(
        (one["status"].as_str(), cents(&one["balance_amount"])),
        (Some("posted"), 10000)
    );
    assert_eq!(
        (two["status"].as_str(), cents(&two["balance_amount"])),
        (Some("posted"), 5000)
    );
    assert_eq!(balance(&app, &owner, "2000").await, 15000);
    assert_eq!(
        cents(&get(&app, &owner, "/api/bank-accounts").await["data"][0]["balance"]),
        0
    );
    for refused in ["cancel", "clear"] {
        try_post(
            &app,
            &owner,
            &format!("/api/vendor-payments/{refused}/{pid}"),
            json!({}),
        )
        .await
        .expect_error(409, "invalid_transition");
    }
    let listed = get(
        &app,
        &owner,
        &format!("/api/vendor-payments?vendor_id={acme}&status=cancelled"),
    )
    .await;
    assert_eq!(ids(&listed), vec![pid]);
    assert_ledger_balances(&app, &owner).await;
}

async fn a_pending_payment_posts_nothing_until_cleared(app: TestApp) {
    let owner = app.owner_token().await;
    let acme = vendor(&app, &owner, "Acme").await;
    let main = id(&bank(&app, &owner, "Main").await);
    let first = posted_bill(&app, &owner, acme, "CONS-1", "80").await;
    let body = json!({"vendor_id": acme, "bank_account_id": main, "amount": 100, "status": "pending",
        "allocations": [{"invoice_id": first, "amount": 80}]});
    let pending = pay(&app, &owner, body).await;
    assert_eq!(
        (pending["status"].as_str(), cents(&pending["unallocated_amount"])),
        (Some("pending"), 2000)
    );
    assert!(pending["journal_entry_id"].is_null());
    assert_eq!(invoice(&app, &owner, first).await["status"], "posted");
    assert_eq!(balance(&app, &owner, "2000").await, 8000);

    let cleared = post(
        &app,
        &owner,
        &format!("/api/vendor-payments/clear/{}", id(&pending)),
        json!({}),
        200,
    )
    .await;
    assert_eq!(cleared["status"], "cleared");
    assert_eq!(invoice(&app, &owner, first).await["status"], "paid");
    // The 20 paid on account leaves payables in debit.
    assert_eq!(balance(&app, &owner, "2000").await, -2000);

    // A pending payment cancelled moves nothing.
    let body = json!({"vendor_id": acme, "bank_account_id": main, "amount": 5, "status": "pending"});
    let other = pay(&app, &owner, body).await;
    let gone = post(
        &app,
        &owner,
        &format!("/api/vendor-payments/cancel/{}", id(&other)),
        json!({}),
        200,
    )
    .await;
    assert!(gone["reversal_journal_entry_id"].is_null() && gone["journal_entry_id"].is_null());
    assert_eq!(journal(&app, &owner).await.len(), 2, "the bill and the cleared payment");
    assert_ledger_balances(&app, &owner).await;
}

async fn payment_bodies_are_checked_and_a_refused_one_stores_nothing(app: TestApp) {
    let owner = app.owner_token().await;
    let acme = vendor(&app, &owner, "Acme").await;
    let other = vendor(&app, &owner, "Other").await;
    let main = id(&bank(&app, &owner, "Main").await);
    let theirs = posted_bill(&app, &owner, other, "CONS-1", "10").await;
    let ours = posted_bill(&app, &owner, acme, "CONS-2", "10").await;
    let consulting = service(&app, &owner, "CONS-3").await;
    let items = json!([{"product_id": consulting, "quantity": 1, "unit_price": 5}]);
    let draft = id(&bill(&app, &owner, acme, items).await);

    let resp = try_post(&app, &owner, "/api/vendor-payments/create", json!({})).await;
    resp.expect_invalid("vendor_id")
        .expect_invalid("bank_account_id")
        .expect_invalid("amount");
    for (body, field) in [
        (
            json!({"vendor_id": 999, "bank_account_id": main, "amount": 1}),
            "vendor_id",
        ),
        // The party's field is the one each kind has of its own: still named in the error.
        (
            json!({"vendor_id": "Acme", "bank_account_id": main, "amount": 1}),
            "vendor_id",
        ),
        (
            json!({"vendor_id": 1.5, "bank_account_id": main, "amount": 1}),
            "vendor_id",
        ),
        (
            json!({"vendor_id": acme, "bank_account_id": 999, "amount": 1}),
            "bank_account_id",
        ),
        (
            json!({"vendor_id": acme, "bank_account_id": main, "amount": 0}),
            "amount",
        ),
        (
            json!({"vendor_id": acme, "bank_account_id": main, "amount": 1, "status": "cancelled"}),
            "status",
        ),
        (
            json!({
                "vendor_id": acme,
                "bank_account_id": main,
                "amount": 5,
                "allocations": [{"invoice_id": theirs, "amount": 5}],
            }),
            "allocations[0].invoice_id",
        ),
        (
            json!({
                "vendor_id": acme,
                "bank_account_id": main,
                "amount": 5,
                "allocations": [{"invoice_id": draft, "amount": 5}],
            }),
            "allocations[0].invoice_id",
        ),
        (
            json!({
                "vendor_id": acme,
                "bank_account_id": main,
                "amount": 5,
                "allocations": [{"invoice_id": ours, "amount": 3}, {"invoice_id": ours, "amount": 1}],
            }),
            "allocations[1].invoice_id",
        ),
        (
            json!({
                "vendor_id": acme,
                "bank_account_id": main,
                "amount": 5,
                "allocations": [{"invoice_id": ours, "amount": 6}],
            }),
            "allocations",
        ),
        (
            json!({"vendor_id": acme, "bank_account_id": main, "amount": 5, "allocations": [{"amount": 1}]}),
            "allocations[0].invoice_id",
        ),
    ] {
        try_post(&app, &owner, "/api/vendor-payments/create", body.clone())
            .await
            .expect_invalid(field);
    }
    assert_eq!(get(&app, &owner, "/api/vendor-payments").await["meta"]["total"], 0);
    let first = pay(
        &app,
        &owner,
        json!({"vendor_id": acme, "bank_account_id": main, "amount": 1}),
    )
    .await;
    assert_eq!(first["number"], "VPAY-000001", "refused bodies use no number");
    // A vendor with payments is in use.
    try_delete(&app, &owner, &format!("/api/vendors/delete/{acme}"))
        .await
        .expect_error(409, "in_use");
}

on_both_stores!(
    payments_settle_invoices_and_a_cancel_gives_the_balance_back,
    a_pending_payment_posts_nothing_until_cleared,
    payment_bodies_are_checked_and_a_refused_one_stores_nothing,
);
