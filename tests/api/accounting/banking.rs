//! Bank accounts (each with its own GL account), bank transactions with running balances, and
//! transfers: one journal entry between the two accounts' GL accounts.

use super::*;
use crate::on_both_stores;

/// A bank account named `name`; returns it.
pub(crate) async fn bank(app: &TestApp, token: &str, name: &str) -> Value {
    create(app, token, "/api/bank-accounts/create", json!({"name": name})).await
}

/// Moves `amount` from one bank account to another; asserts 201 and returns the transfer.
pub(crate) async fn transfer(app: &TestApp, token: &str, from: u64, to: u64, amount: &str) -> Value {
    let body = json!({"from_bank_account_id": from, "to_bank_account_id": to, "amount": amount});
    create(app, token, "/api/bank-transfers/create", body).await
}

async fn bank_accounts_are_created_with_their_own_gl_account(app: TestApp) {
    let owner = app.owner_token().await;
    let body = json!({"name": "Main", "bank_name": "First Bank", "account_number": "FR76 0001"});
    let main = create(&app, &owner, "/api/bank-accounts/create", body).await;
    assert_eq!((cents(&main["balance"]), main["is_active"].as_bool()), (0, Some(true)));
    let gl = accounts(&app, &owner).await;
    let own = gl
        .get(&format!("1000-{}", id(&main)))
        .unwrap_or_else(|| panic!("a GL account for the bank account: {main}"));
    assert_eq!(id(own), main["gl_account_id"].as_u64().unwrap());
    assert_eq!(
        (own["account_type"].as_str(), own["parent_code"].as_str()),
        (Some("asset"), Some("1000"))
    );
    assert_eq!(own["name"], "Main");

    let path = format!("/api/bank-accounts/update/{}", id(&main));
    let renamed = post(&app, &owner, &path, json!({"name": "Main EUR", "version": 1}), 200).await;
    assert_eq!(
        (renamed["name"].as_str(), renamed["bank_name"].as_str()),
        (Some("Main EUR"), Some("First Bank"))
    );
    try_post(&app, &owner, "/api/bank-accounts/create", json!({"bank_name": "x"}))
        .await
        .expect_invalid("name");
    try_post(&app, &owner, &path, json!({"name": ""}))
        .await
        .expect_invalid("name");

    let spare = bank(&app, &owner, "Spare").await;
    let gone = format!("/api/bank-accounts/delete/{}", id(&spare));
    assert_eq!(
        app.delete(&gone).token(&owner).send().await.expect(200).body["id"],
        id(&spare)
    );
    let gl = accounts(&app, &owner).await;
    assert!(
        !gl.contains_key(&format!("1000-{}", id(&spare))),
        "its GL account went with it"
    );
    assert_eq!(names(&get(&app, &owner, "/api/bank-accounts").await), ["Main EUR"]);
}

async fn a_transfer_is_one_balanced_entry_and_two_movements(app: TestApp) {
    let owner = app.owner_token().await;
    let (main, savings) = (bank(&app, &owner, "Main").await, bank(&app, &owner, "Savings").await);
    let (m, s) = (id(&main), id(&savings));
    let first = transfer(&app, &owner, m, s, "100.10").await;
    assert_eq!(cents(&first["amount"]), 10010);
    transfer(&app, &owner, s, m, "30.05").await;

    let entries = journal(&app, &owner).await;
    assert_eq!(entries.len(), 2);
    let entry = entries.iter().find(|e| e["id"] == first["journal_entry_id"]).unwrap();
    assert_eq!(
        (entry["source_type"].as_str(), entry["source_id"].as_u64()),
        (Some("bank_transfer"), Some(id(&first)))
    );
    let gl = accounts(&app, &owner).await;
    let (main_gl, savings_gl) = (&gl[&format!("1000-{m}")], &gl[&format!("1000-{s}")]);
    assert_eq!(
        (cents(&main_gl["balance"]), cents(&savings_gl["balance"])),
        (-7005, 7005)
    );

    let list = get(&app, &owner, &format!("/api/bank-transactions?bank_account_id={m}")).await;
    let rows: Vec<(String, i64, i64)> = list["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                t["kind"].as_str().unwrap().to_owned(),
                cents(&t["amount"]),
                cents(&t["running_balance"]),
            )
        })
        .collect();
    assert_eq!(
        rows,
        [
            ("transfer_in".into(), 3005, -7005),
            ("transfer_out".into(), -10010, -10010)
        ],
        "newest first, each with the balance after it"
    );
    let accounts_now = get(&app, &owner, "/api/bank-accounts?sort=name").await;
    let balances: Vec<i64> = accounts_now["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| cents(&b["balance"]))
        .collect();
    assert_eq!(balances, [-7005, 7005]);
    let transfers = get(&app, &owner, &format!("/api/bank-transfers?from_bank_account_id={m}")).await;
    assert_eq!(ids(&transfers), [id(&first)]);
    assert_eq!(get(&app, &owner, "/api/bank-transfers").await["meta"]["total"], 2);

    try_delete(&app, &owner, &format!("/api/bank-accounts/delete/{m}"))
        .await
        .expect_error(409, "in_use");
    assert_ledger_balances(&app, &owner).await;
}

async fn transfer_bodies_are_checked(app: TestApp) {
    let owner = app.owner_token().await;
    let main = id(&bank(&app, &owner, "Main").await);
    let path = "/api/bank-transfers/create";
    let refused = try_post(&app, &owner, path, json!({"amount": -5, "date": "2026-02-30"}))
        .await
        .expect_invalid("from_bank_account_id");
    for field in ["to_bank_account_id", "amount", "date"] {
        assert!(refused.body["errors"][field].is_array(), "{field}: {}", refused.body);
    }
    let same = json!({"from_bank_account_id": main, "to_bank_account_id": main, "amount": 5});
    try_post(&app, &owner, path, same)
        .await
        .expect_invalid("to_bank_account_id");
    let unknown = json!({"from_bank_account_id": main, "to_bank_account_id": 999, "amount": 5});
    try_post(&app, &owner, path, unknown)
        .await
        .expect_invalid("to_bank_account_id");
    let closed = create(
        &app,
        &owner,
        "/api/bank-accounts/create",
        json!({"name": "Old", "is_active": false}),
    )
    .await;
    let body = json!({"from_bank_account_id": id(&closed), "to_bank_account_id": main, "amount": 5});
    try_post(&app, &owner, path, body)
        .await
        .expect_invalid("from_bank_account_id");
    assert_eq!(get(&app, &owner, "/api/bank-transfers").await["meta"]["total"], 0);
    assert!(journal(&app, &owner).await.is_empty(), "nothing posted");
    assert_ledger_balances(&app, &owner).await;
}

on_both_stores!(
    bank_accounts_are_created_with_their_own_gl_account,
    a_transfer_is_one_balanced_entry_and_two_movements,
    transfer_bodies_are_checked,
);
