//! The chart of accounts: seeded per workspace (live and sandbox) with stable codes, listed with
//! balances, filtered by type and category; the account types and the (empty) journal.

use super::*;
use crate::on_both_stores;

const CODES: [&str; 10] = [
    "1000", "1100", "1200", "1300", "2000", "2100", "4100", "4200", "5100", "6000",
];

async fn every_workspace_starts_with_the_chart_of_accounts(app: TestApp) {
    let owner = app.owner_token().await;
    let all = accounts(&app, &owner).await;
    for code in CODES {
        let account = all.get(code).unwrap_or_else(|| panic!("account {code} is seeded"));
        assert_eq!(account["is_system"], true);
        assert_eq!(cents(&account["balance"]), 0, "{account}");
        assert_eq!(
            (cents(&account["debit_total"]), cents(&account["credit_total"])),
            (0, 0)
        );
    }
    assert_eq!(all["1100"]["name"], "Accounts receivable");
    assert_eq!(all["2000"]["account_type"], "liability");
    assert_eq!(all["4100"]["account_type"], "revenue");
    assert_eq!(all["5100"]["account_type"], "expense");

    let chart = get(&app, &owner, "/api/chart-of-accounts?per_page=100").await;
    let codes: Vec<&str> = chart["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["code"].as_str().unwrap())
        .collect();
    let mut sorted = codes.clone();
    sorted.sort_unstable();
    assert_eq!(codes, sorted, "the chart comes by code");
    assert_eq!(chart["meta"]["total"], all.len());

    let test_key = app.api_key(&owner, "test").await;
    let sandbox = accounts(&app, &test_key).await;
    assert!(
        CODES.iter().all(|c| sandbox.contains_key(*c)),
        "the sandbox has the chart too"
    );
    assert_ne!(id(&sandbox["1000"]), 0);
    assert_ledger_balances(&app, &owner).await;
}

async fn accounts_filter_by_type_and_category(app: TestApp) {
    let owner = app.owner_token().await;
    let liabilities = get(&app, &owner, "/api/gl-accounts?account_type=liability").await;
    let codes: Vec<&str> = liabilities["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["code"].as_str().unwrap())
        .collect();
    assert_eq!(codes, ["2000", "2100", "2200"]);
    assert_eq!(liabilities["meta"]["total"], 3);

    let expenses = get(&app, &owner, "/api/expense-categories?per_page=100").await;
    let rows = expenses["data"].as_array().unwrap();
    assert!(rows.len() >= 5, "{expenses}");
    for row in rows {
        assert_eq!(
            (row["account_type"].as_str(), row["category"].as_str()),
            (Some("expense"), Some("expense"))
        );
        assert!(row["code"].as_str().unwrap() >= "6000", "{row}");
    }
    let revenues = get(&app, &owner, "/api/revenue-categories?per_page=100").await;
    let rows = revenues["data"].as_array().unwrap();
    assert!(rows.iter().any(|r| r["code"] == "4100") && rows.iter().any(|r| r["code"] == "4200"));
    assert!(rows.iter().all(|r| r["account_type"] == "revenue"), "{revenues}");

    let found = get(&app, &owner, "/api/gl-accounts?search=receiv").await;
    assert_eq!(names(&found), ["Accounts receivable"]);
    app.get("/api/gl-accounts?account_type=cash")
        .token(&owner)
        .send()
        .await
        .expect_error(422, "validation_failed");
}

async fn account_types_list_the_five_types_with_their_totals(app: TestApp) {
    let owner = app.owner_token().await;
    let types = get(&app, &owner, "/api/account-types").await;
    let rows: Vec<(&str, &str)> = types["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| (t["id"].as_str().unwrap(), t["normal_side"].as_str().unwrap()))
        .collect();
    assert_eq!(
        rows,
        [
            ("asset", "debit"),
            ("liability", "credit"),
            ("equity", "credit"),
            ("revenue", "credit"),
            ("expense", "debit")
        ]
    );
    assert_eq!(types["meta"]["total"], 5);
    assert!(journal(&app, &owner).await.is_empty(), "no entry before any posting");
}

async fn the_sandbox_books_hold_a_posted_first_quarter(app: TestApp) {
    let owner = app.owner_token().await;
    let test_key = app.api_key(&owner, "test").await;
    assert_eq!(get(&app, &test_key, "/api/customers").await["meta"]["total"], 4);
    // The four of the quarter's expenses and the two suppliers of the purchases.
    assert_eq!(get(&app, &test_key, "/api/vendors").await["meta"]["total"], 6);
    let banks = get(&app, &test_key, "/api/bank-accounts?sort=name").await;
    let balances: Vec<(String, i64)> = banks["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| (b["name"].as_str().unwrap().to_owned(), cents(&b["balance"])))
        .collect();
    // In: 28,950.50 of sales to the current account, 42.17 of interest to savings, and 7,868.00
    // of customer payments (the sales seed's); out: 19,998.90 of posted expenses, 694.00 paid to
    // a supplier, and 5,000 moved to savings.
    assert_eq!(
        balances,
        [
            ("Business current account".to_owned(), 1112560),
            ("Reserve savings".to_owned(), 504217)
        ]
    );
    let expenses = get(&app, &test_key, "/api/expenses?per_page=100").await;
    let revenues = get(&app, &test_key, "/api/revenues?per_page=100").await;
    let statuses = |list: &Value| -> Vec<String> {
        let mut all: Vec<String> = list["data"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["status"].as_str().unwrap().to_owned())
            .collect();
        all.sort();
        all.dedup();
        all
    };
    assert_eq!(expenses["meta"]["total"], 10);
    assert_eq!(statuses(&expenses), ["draft", "posted"]);
    assert_eq!(revenues["meta"]["total"], 8);
    assert_eq!(statuses(&revenues), ["approved", "posted"]);
    let gl = accounts(&app, &test_key).await;
    let held = |code: &str| cents(&gl[code]["balance"]);
    assert_eq!(
        [
            held("4900"),
            held("6100"),
            held("6200"),
            held("6300"),
            held("6600"),
            held("6800"),
            held("6900")
        ],
        [4217, 660000, 61240, 1260000, 0, 3750, 14900]
    );
    // Purchases: 444.00, 506.40 and 354.00 posted (80.00 of it services, 217.40 input VAT), 694.00
    // paid, 52.20 returned (8.70 of it VAT): 558.20 still payable.
    assert_eq!([held("2000"), held("1300"), held("6000")], [55820, 20870, 8000]);
    assert_sandbox_purchases(&app, &test_key).await;
    let entries = journal(&app, &test_key).await;
    let sources = |kind: &str| entries.iter().filter(|e| e["source_type"] == kind).count();
    assert_eq!(
        (sources("expense"), sources("revenue"), sources("bank_transfer")),
        (9, 7, 1)
    );
    assert_eq!(
        (
            sources("purchase_invoice"),
            sources("vendor_payment"),
            sources("purchase_return")
        ),
        (3, 1, 2)
    );
    assert_ledger_balances(&app, &test_key).await;
}

/// The sandbox's purchase invoices (one in each state, their balances what the payment and the
/// returns left), its vendor payment, its returns and their debit notes.
async fn assert_sandbox_purchases(app: &TestApp, test_key: &str) {
    let mut owed = Vec::new();
    for status in ["draft", "posted", "partially_paid", "paid"] {
        let list = get(app, test_key, &format!("/api/purchase-invoice?status={status}")).await;
        assert_eq!(list["meta"]["total"], 1, "one {status} invoice: {list}");
        let invoice = &list["data"][0];
        assert_eq!(invoice["status"], status);
        owed.push(cents(&invoice["balance_amount"]));
    }
    assert_eq!(owed, [40248, 35400, 25640, 0]);
    let payments = get(app, test_key, "/api/vendor-payments").await;
    assert_eq!(payments["meta"]["total"], 1, "{payments}");
    let payment = &payments["data"][0];
    assert_eq!(payment["status"], "cleared");
    assert_eq!(cents(&payment["amount"]), 69400);
    assert_eq!(payment["allocations"].as_array().unwrap().len(), 2);
    let returns = get(app, test_key, "/api/purchase-return?sort=return_date").await;
    let returns = returns["data"].as_array().unwrap();
    let statuses: Vec<&str> = returns.iter().map(|r| r["status"].as_str().unwrap()).collect();
    assert_eq!(statuses, ["completed", "approved"]);
    let notes = get(app, test_key, "/api/debit-notes").await;
    let mut notes: Vec<(u64, &str, i64)> = notes["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| {
            (
                n["return_id"].as_u64().unwrap(),
                n["status"].as_str().unwrap(),
                cents(&n["balance_amount"]),
            )
        })
        .collect();
    notes.sort_unstable();
    assert_eq!(
        notes,
        [(id(&returns[0]), "approved", 3960), (id(&returns[1]), "approved", 1260)],
        "each return's debit note, not yet applied"
    );
}

on_both_stores!(
    every_workspace_starts_with_the_chart_of_accounts,
    accounts_filter_by_type_and_category,
    account_types_list_the_five_types_with_their_totals,
);

on_both_stores!(
    with_demo_data:
    the_sandbox_books_hold_a_posted_first_quarter,
);
