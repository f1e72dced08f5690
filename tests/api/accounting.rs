//! Accounting (functions/accounting): the chart of accounts and the journal, customers and
//! vendors, bank accounts with their transactions and transfers, expenses and revenues, purchase
//! invoices, returns and debit notes.
//!
//! Every test that posts ends with [`assert_ledger_balances`]: each account's balance equals the
//! sum of its journal lines, and over all accounts debits equal credits (the trial balance).

use std::collections::HashMap;

use serde_json::{json, Value};

use crate::harness::TestApp;
pub(crate) use crate::harness::{create, get, id, ids, names, post, try_delete, try_post};

pub(crate) mod banking;
mod entries;
mod ledger;
mod numbers;
mod parties;
mod payments;
mod pos;
mod property;
pub(crate) mod purchases;
mod returns;

/// An amount as cents (the contract: a JSON number with two decimals).
pub(crate) fn cents(value: &Value) -> i64 {
    let amount = value.as_f64().unwrap_or_else(|| panic!("a number, got {value}"));
    (amount * 100.0).round() as i64
}

/// Every GL account by code (the seeded chart holds fewer than 100).
pub(crate) async fn accounts(app: &TestApp, token: &str) -> HashMap<String, Value> {
    let list = get(app, token, "/api/gl-accounts?per_page=100").await;
    list["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| (a["code"].as_str().unwrap().to_owned(), a.clone()))
        .collect()
}

/// The balance of the account with `code`, in cents, on its normal side.
pub(crate) async fn balance(app: &TestApp, token: &str, code: &str) -> i64 {
    let all = accounts(app, token).await;
    cents(&all.get(code).unwrap_or_else(|| panic!("an account {code}"))["balance"])
}

/// Every journal entry, newest first, page by page.
pub(crate) async fn journal(app: &TestApp, token: &str) -> Vec<Value> {
    let (mut rows, mut page) = (Vec::new(), 1);
    loop {
        let list = get(app, token, &format!("/api/journal-entries?per_page=100&page={page}")).await;
        rows.extend(list["data"].as_array().unwrap().iter().cloned());
        if list["meta"]["last_page"].as_u64().is_none_or(|last| page >= last) {
            assert_eq!(list["meta"]["total"], rows.len(), "{}", list["meta"]);
            return rows;
        }
        page += 1;
    }
}

/// The ledger invariants: every entry balances, every account's debit and credit totals equal
/// the sums of its lines, and over all accounts (and over the account types) debits equal credits.
pub(crate) async fn assert_ledger_balances(app: &TestApp, token: &str) {
    let mut sums: HashMap<u64, (i64, i64)> = HashMap::new();
    for entry in journal(app, token).await {
        let (mut debit, mut credit) = (0, 0);
        for line in entry["lines"].as_array().unwrap() {
            let (d, c) = (cents(&line["debit"]), cents(&line["credit"]));
            assert!((d > 0) != (c > 0), "one side per line: {line}");
            let sum = sums.entry(line["account_id"].as_u64().unwrap()).or_default();
            *sum = (sum.0 + d, sum.1 + c);
            (debit, credit) = (debit + d, credit + c);
        }
        assert_eq!(debit, credit, "an entry balances: {entry}");
        assert_eq!(cents(&entry["total"]), debit, "{entry}");
    }
    let (mut debits, mut credits) = (0, 0);
    for account in accounts(app, token).await.values() {
        let (d, c) = (cents(&account["debit_total"]), cents(&account["credit_total"]));
        let lines = sums.get(&id(account)).copied().unwrap_or_default();
        assert_eq!((d, c), lines, "account {} totals equal its lines", account["code"]);
        let normal = matches!(account["account_type"].as_str(), Some("asset" | "expense"));
        let balance = if normal { d - c } else { c - d };
        assert_eq!(cents(&account["balance"]), balance, "{account}");
        (debits, credits) = (debits + d, credits + c);
    }
    assert_eq!(debits, credits, "the trial balance sums to zero");
    let types = get(app, token, "/api/account-types").await;
    let (mut type_debits, mut type_credits) = (0, 0);
    for t in types["data"].as_array().unwrap() {
        (type_debits, type_credits) = (
            type_debits + cents(&t["debit_total"]),
            type_credits + cents(&t["credit_total"]),
        );
    }
    assert_eq!(
        (type_debits, type_credits),
        (debits, credits),
        "the types add up the accounts"
    );
}
