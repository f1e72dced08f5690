//! Expenses and revenues: draft → approved → posted, each step only from the one before; drafts
//! only are changed and deleted; posting writes the journal entry and the bank transaction.

use super::banking::bank;
use super::*;
use crate::on_both_stores;

/// The id of the category account with `code`.
async fn category(app: &TestApp, token: &str, code: &str) -> u64 {
    id(&accounts(app, token).await[code])
}

async fn an_expense_goes_draft_approved_posted(app: TestApp) {
    let owner = app.owner_token().await;
    let main = id(&bank(&app, &owner, "Main").await);
    let rent = category(&app, &owner, "6100").await;
    let vendor = id(&create(&app, &owner, "/api/vendors/create", json!({"name": "Landlord"})).await);
    let body = json!({
        "date": "2026-03-01", "category_id": rent, "bank_account_id": main, "amount": "1200.50",
        "description": "March rent", "vendor_id": vendor
    });
    let expense = create(&app, &owner, "/api/expenses/create", body).await;
    let eid = id(&expense);
    assert_eq!(
        (&expense["status"], &expense["number"]),
        (&json!("draft"), &Value::Null),
        "numbered when posted"
    );
    assert_eq!(cents(&expense["amount"]), 120050);

    // Posting a draft is refused: approve comes first.
    try_post(&app, &owner, &format!("/api/expenses/post/{eid}"), json!({}))
        .await
        .expect_error(409, "invalid_transition");
    let edited = post(
        &app,
        &owner,
        &format!("/api/expenses/update/{eid}"),
        json!({"amount": 1250}),
        200,
    )
    .await;
    assert_eq!(cents(&edited["amount"]), 125000);
    let approved = post(&app, &owner, &format!("/api/expenses/approve/{eid}"), json!({}), 200).await;
    assert_eq!(approved["status"], "approved");
    assert!(approved["approved_by"].as_u64().is_some() && approved["approved_at"].is_string());
    for refused in [
        try_post(&app, &owner, &format!("/api/expenses/approve/{eid}"), json!({})).await,
        try_post(
            &app,
            &owner,
            &format!("/api/expenses/update/{eid}"),
            json!({"amount": 1}),
        )
        .await,
        try_delete(&app, &owner, &format!("/api/expenses/delete/{eid}")).await,
    ] {
        refused.expect_error(409, "invalid_transition");
    }
    assert!(journal(&app, &owner).await.is_empty(), "approving posts nothing");

    let posted = post(&app, &owner, &format!("/api/expenses/post/{eid}"), json!({}), 200).await;
    assert_eq!(
        (&posted["status"], &posted["number"]),
        (&json!("posted"), &json!("EXP-000001"))
    );
    for refused in [
        try_post(&app, &owner, &format!("/api/expenses/post/{eid}"), json!({})).await,
        try_post(&app, &owner, &format!("/api/expenses/approve/{eid}"), json!({})).await,
        try_post(
            &app,
            &owner,
            &format!("/api/expenses/update/{eid}"),
            json!({"amount": 1}),
        )
        .await,
        try_delete(&app, &owner, &format!("/api/expenses/delete/{eid}")).await,
    ] {
        refused.expect_error(409, "invalid_transition");
    }
    let entries = journal(&app, &owner).await;
    assert_eq!(entries.len(), 1, "posted once");
    assert_eq!(
        (entries[0]["id"].clone(), entries[0]["source_type"].as_str()),
        (posted["journal_entry_id"].clone(), Some("expense"))
    );
    assert_eq!(balance(&app, &owner, "6100").await, 125000);
    assert_eq!(balance(&app, &owner, &format!("1000-{main}")).await, -125000);
    let txns = get(
        &app,
        &owner,
        &format!("/api/bank-transactions?bank_account_id={main}&sort=-id"),
    )
    .await;
    let txn = &txns["data"][0];
    assert_eq!(
        (
            txn["kind"].as_str(),
            cents(&txn["amount"]),
            cents(&txn["running_balance"])
        ),
        (Some("withdrawal"), -125000, -125000)
    );
    assert_eq!(txn["id"], posted["bank_transaction_id"]);
    assert_eq!(ids(&get(&app, &owner, "/api/expenses?status=posted").await), [eid]);

    // The vendor, category and bank account are named by a posted expense.
    try_delete(&app, &owner, &format!("/api/vendors/delete/{vendor}"))
        .await
        .expect_error(409, "in_use");
    try_delete(&app, &owner, &format!("/api/bank-accounts/delete/{main}"))
        .await
        .expect_error(409, "in_use");
    assert_ledger_balances(&app, &owner).await;
}

async fn revenues_post_into_the_bank_and_the_trial_balance_holds(app: TestApp) {
    let owner = app.owner_token().await;
    let main = id(&bank(&app, &owner, "Main").await);
    let services = category(&app, &owner, "4200").await;
    let supplies = category(&app, &owner, "6400").await;
    let customer = id(&create(&app, &owner, "/api/customers/create", json!({"name": "Client"})).await);
    let mut expected_bank = 0;
    for (amount, cents_in) in [("500.00", 50000), ("0.10", 10), ("99.99", 9999)] {
        let body = json!({"category_id": services, "bank_account_id": main, "amount": amount, "customer_id": customer});
        let revenue = create(&app, &owner, "/api/revenues/create", body).await;
        let rid = id(&revenue);
        post(&app, &owner, &format!("/api/revenues/approve/{rid}"), json!({}), 200).await;
        let posted = post(&app, &owner, &format!("/api/revenues/post/{rid}"), json!({}), 200).await;
        assert_eq!(posted["status"], "posted");
        expected_bank += cents_in;
        assert_ledger_balances(&app, &owner).await;
    }
    let body = json!({"category_id": supplies, "bank_account_id": main, "amount": 42.42});
    let expense = id(&create(&app, &owner, "/api/expenses/create", body).await);
    post(
        &app,
        &owner,
        &format!("/api/expenses/approve/{expense}"),
        json!({}),
        200,
    )
    .await;
    post(&app, &owner, &format!("/api/expenses/post/{expense}"), json!({}), 200).await;
    expected_bank -= 4242;

    assert_eq!(balance(&app, &owner, "4200").await, 60009);
    assert_eq!(balance(&app, &owner, "6400").await, 4242);
    assert_eq!(balance(&app, &owner, &format!("1000-{main}")).await, expected_bank);
    let account = get(&app, &owner, "/api/bank-accounts").await;
    assert_eq!(cents(&account["data"][0]["balance"]), expected_bank);
    let txns = get(&app, &owner, "/api/bank-transactions?sort=-id").await;
    assert_eq!(
        cents(&txns["data"][0]["running_balance"]),
        expected_bank,
        "the newest carries the balance"
    );
    assert_eq!(txns["meta"]["total"], 4);
    let revenue_types = get(&app, &owner, "/api/account-types").await;
    let revenue = revenue_types["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["id"] == "revenue")
        .unwrap();
    assert_eq!(cents(&revenue["balance"]), 60009);
    try_delete(&app, &owner, &format!("/api/customers/delete/{customer}"))
        .await
        .expect_error(409, "in_use");
    assert_ledger_balances(&app, &owner).await;
}

async fn drafts_are_checked_changed_and_deleted(app: TestApp) {
    let owner = app.owner_token().await;
    let main = id(&bank(&app, &owner, "Main").await);
    let rent = category(&app, &owner, "6100").await;
    let sales = category(&app, &owner, "4100").await;
    let refused = try_post(
        &app,
        &owner,
        "/api/expenses/create",
        json!({"amount": 0, "date": "soon"}),
    )
    .await
    .expect_invalid("category_id");
    for field in ["bank_account_id", "amount", "date"] {
        assert!(refused.body["errors"][field].is_array(), "{field}: {}", refused.body);
    }
    let body = json!({"category_id": sales, "bank_account_id": 999, "amount": 5, "vendor_id": 999, "customer_id": 1});
    let refused = try_post(&app, &owner, "/api/expenses/create", body)
        .await
        .expect_invalid("category_id");
    for field in ["bank_account_id", "vendor_id", "customer_id"] {
        assert!(refused.body["errors"][field].is_array(), "{field}: {}", refused.body);
    }
    let body = json!({"category_id": rent, "bank_account_id": main, "amount": 5});
    try_post(&app, &owner, "/api/revenues/create", body.clone())
        .await
        .expect_invalid("category_id");
    let draft = create(&app, &owner, "/api/expenses/create", body).await;
    assert_eq!(draft["number"], Value::Null, "a draft has no number");
    let path = format!("/api/expenses/update/{}", id(&draft));
    try_post(&app, &owner, &path, json!({"amount": -1}))
        .await
        .expect_invalid("amount");
    let body = json!({"description": "Deposit", "version": 1});
    assert_eq!(post(&app, &owner, &path, body, 200).await["description"], "Deposit");
    let gone = app
        .delete(&format!("/api/expenses/delete/{}", id(&draft)))
        .token(&owner)
        .send()
        .await
        .expect(200);
    assert_eq!(gone.body["id"], id(&draft));
    assert_eq!(get(&app, &owner, "/api/expenses").await["meta"]["total"], 0);
    // Nothing names the bank account any more.
    let deleted = app
        .delete(&format!("/api/bank-accounts/delete/{main}"))
        .token(&owner)
        .send()
        .await;
    deleted.expect(200);
    assert!(journal(&app, &owner).await.is_empty());
}

async fn concurrent_posts_of_one_expense_post_once(app: TestApp) {
    let owner = app.owner_token().await;
    let main = id(&bank(&app, &owner, "Main").await);
    let travel = category(&app, &owner, "6500").await;
    let body = json!({"category_id": travel, "bank_account_id": main, "amount": 80});
    let eid = id(&create(&app, &owner, "/api/expenses/create", body).await);
    post(&app, &owner, &format!("/api/expenses/approve/{eid}"), json!({}), 200).await;
    let path = format!("/api/expenses/post/{eid}");
    let calls = (0..4).map(|_| try_post(&app, &owner, &path, json!({})));
    let statuses: Vec<u16> = futures::future::join_all(calls)
        .await
        .iter()
        .map(|r| r.status)
        .collect();
    assert_eq!(statuses.iter().filter(|s| **s == 200).count(), 1, "{statuses:?}");
    assert!(statuses.iter().all(|s| [200, 409].contains(s)), "{statuses:?}");
    assert_eq!(journal(&app, &owner).await.len(), 1, "one journal entry");
    assert_eq!(get(&app, &owner, "/api/bank-transactions").await["meta"]["total"], 1);
    assert_eq!(balance(&app, &owner, "6500").await, 8000);
    assert_ledger_balances(&app, &owner).await;
}

on_both_stores!(
    an_expense_goes_draft_approved_posted,
    revenues_post_into_the_bank_and_the_trial_balance_holds,
    drafts_are_checked_changed_and_deleted,
    concurrent_posts_of_one_expense_post_once,
);
