//! The sandbox's sales seed: the revenue report and the overdue list show real figures, every
//! proposal and invoice state is there, and the books still balance.

use std::collections::BTreeSet;

use super::*;

/// The distinct values of `field` over the first page of `path`.
async fn values(app: &TestApp, token: &str, path: &str, field: &str) -> BTreeSet<String> {
    get(app, token, &format!("{path}?per_page=100")).await["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r[field].as_str().unwrap_or_default().to_owned())
        .collect()
}

async fn the_sandbox_shows_a_live_sales_picture(app: TestApp) {
    let owner = app.owner_token().await;
    let test_key = app.api_key(&owner, "test").await;

    // Last month: Fabrikam 850 + Northwind 850 (upgraded from 425) + Tailspin 650 (7,800 a
    // year); the month before also had Contoso's 255 (765 a quarter, not renewed).
    let report = get(&app, &test_key, "/api/v1/reports/revenue?period=monthly").await;
    assert_eq!(
        (
            cents(&report["mrr"]),
            cents(&report["arr"]),
            cents(&report["previous_mrr"])
        ),
        (235000, 2820000, 218000)
    );
    assert_eq!(
        (report["growth_rate"].as_f64(), report["churn_rate"].as_f64()),
        (Some(7.8), Some(25.0))
    );
    assert_eq!(
        (
            report["customers_at_start"].as_u64(),
            report["customers_at_end"].as_u64(),
            report["churned_customers"].as_u64()
        ),
        (Some(4), Some(3), Some(1))
    );

    // Fabrikam's last month and Tailspin's monitors (partly paid) are overdue.
    let overdue = get(&app, &test_key, "/api/v1/invoices?status=overdue").await;
    let listed: i64 = overdue["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| cents(&i["balance_amount"]))
        .sum();
    assert_eq!(overdue["meta"]["overdue_count"], 2);
    assert!(listed > 0);
    assert_eq!(cents(&overdue["meta"]["overdue_amount"]), listed);

    let states = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<BTreeSet<_>>();
    assert_eq!(
        values(&app, &test_key, "/api/sales-invoice", "status").await,
        states(&["draft", "overdue", "paid", "partially_paid", "posted"])
    );
    assert_eq!(
        values(&app, &test_key, "/api/sales-proposal", "status").await,
        states(&["accepted", "draft", "rejected", "sent"])
    );
    assert_eq!(
        values(&app, &test_key, "/api/sales/opportunities", "stage").await.len(),
        6,
        "every stage"
    );
    assert_eq!(get(&app, &test_key, "/api/sales/quotes").await["meta"]["total"], 1);
    assert_eq!(
        get(&app, &test_key, "/api/sales/sales-orders").await["meta"]["total"],
        1
    );
    assert_eq!(
        values(&app, &test_key, "/api/sales-invoice-return", "status").await,
        states(&["approved"])
    );
    assert_eq!(get(&app, &test_key, "/api/credit-notes").await["meta"]["total"], 1);
    assert!(cents(&get(&app, &test_key, "/api/sales/home").await["receivable_amount"]) > 0);
    assert_ledger_balances(&app, &test_key).await;
    // The live workspace has none of it.
    assert_eq!(get(&app, &owner, "/api/sales-invoice").await["meta"]["total"], 0);
}

on_both_stores!(
    with_demo_data:
    the_sandbox_shows_a_live_sales_picture,
);
