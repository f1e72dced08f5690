//! `GET /api/v1/reports/revenue`: MRR, ARR, growth and churn from posted recurring invoices,
//! checked against an example computed by hand.

use super::*;

/// One unit of `service` at `net`, with the taxes `tax_ids`.
fn line(service: u64, net: &str, tax_ids: Value) -> Value {
    json!({"product_id": service, "quantity": 1, "unit_price": net, "tax_ids": tax_ids})
}

/// Posts a service invoice of `line` to `customer`, dated `date`, recurring `recurrence` (or
/// one-off for `null`).
async fn billed(app: &TestApp, token: &str, customer: u64, date: &str, recurrence: Value, line: Value) {
    let body = json!({
        "customer_id": customer,
        "type": "service",
        "invoice_date": date,
        "recurrence": recurrence,
        "items": [line],
    });
    let iid = id(&draft(app, token, body).await);
    post_invoice(app, token, iid).await;
}

/// The report's figures: (period_start, period_end, mrr, arr, previous_mrr, growth_rate,
/// churn_rate, customers_at_start, customers_at_end, churned_customers), money in cents.
type Figures = (String, String, i64, i64, i64, Value, Value, u64, u64, u64);

async fn report(app: &TestApp, token: &str, period: &str, as_of: &str) -> Figures {
    let r = get(
        app,
        token,
        &format!("/api/v1/reports/revenue?period={period}&as_of={as_of}"),
    )
    .await;
    assert_eq!(r["period"], period);
    (
        r["period_start"].as_str().unwrap().to_owned(),
        r["period_end"].as_str().unwrap().to_owned(),
        cents(&r["mrr"]),
        cents(&r["arr"]),
        cents(&r["previous_mrr"]),
        r["growth_rate"].clone(),
        r["churn_rate"].clone(),
        r["customers_at_start"].as_u64().unwrap(),
        r["customers_at_end"].as_u64().unwrap(),
        r["churned_customers"].as_u64().unwrap(),
    )
}

fn figures(start: &str, end: &str, money: [i64; 3], growth: Value, churn: Value, customers: [u64; 3]) -> Figures {
    (
        start.into(),
        end.into(),
        money[0],
        money[1],
        money[2],
        growth,
        churn,
        customers[0],
        customers[1],
        customers[2],
    )
}

/// Three customers:
/// - Ada pays 1,200.00 a year from January 2026: 100.00 a month, January to December 2026;
/// - Bob pays 50.00 for February 2026, then upgrades: 120.00 (plus 20% VAT, which does not
///   count) for March;
/// - Cy pays 90.00 a quarter from December 2025 (30.00 a month, December to February) and does
///   not renew: he churns in March.
///
/// Ada also buys a one-off 500.00 in March and has a draft recurring invoice; neither counts.
///
/// | month    | Ada | Bob | Cy | MRR | customers  |
/// |----------|-----|-----|----|-----|------------|
/// | Dec 2025 |     |     | 30 |  30 | Cy         |
/// | Jan 2026 | 100 |     | 30 | 130 | Ada, Cy    |
/// | Feb 2026 | 100 |  50 | 30 | 180 | Ada, Bob, Cy |
/// | Mar 2026 | 100 | 120 |    | 220 | Ada, Bob   |
async fn the_revenue_report_matches_an_example_computed_by_hand(app: TestApp) {
    let owner = app.owner_token().await;
    let subscription = service(&app, &owner, "SUB").await;
    let vat = tax(&app, &owner, "VAT", 20.0).await;
    let (ada, bob, cy) = (
        customer(&app, &owner, "Ada").await,
        customer(&app, &owner, "Bob").await,
        customer(&app, &owner, "Cy").await,
    );
    let none = json!([]);
    billed(
        &app,
        &owner,
        cy,
        "2025-12-05",
        json!("quarterly"),
        line(subscription, "90.00", none.clone()),
    )
    .await;
    billed(
        &app,
        &owner,
        ada,
        "2026-01-10",
        json!("yearly"),
        line(subscription, "1200.00", none.clone()),
    )
    .await;
    billed(
        &app,
        &owner,
        bob,
        "2026-02-01",
        json!("monthly"),
        line(subscription, "50.00", none.clone()),
    )
    .await;
    billed(
        &app,
        &owner,
        bob,
        "2026-03-01",
        json!("monthly"),
        line(subscription, "120.00", json!([vat])),
    )
    .await;
    billed(
        &app,
        &owner,
        ada,
        "2026-03-15",
        Value::Null,
        line(subscription, "500.00", none.clone()),
    )
    .await;
    let body = json!({"customer_id": cy, "type": "service", "invoice_date": "2026-03-01", "recurrence": "monthly",
        "items": [{"product_id": subscription, "quantity": 1, "unit_price": 999}]});
    draft(&app, &owner, body).await;

    // March against February: 220 vs 180 is +22.22%; of Ada, Bob and Cy, Cy left: 33.33%.
    assert_eq!(
        report(&app, &owner, "monthly", "2026-04-15").await,
        figures(
            "2026-03-01",
            "2026-03-31",
            [22000, 264000, 18000],
            json!(22.22),
            json!(33.33),
            [3, 2, 1]
        ),
    );
    // February against January: 180 vs 130 is +38.46%; Ada and Cy stayed: no churn.
    assert_eq!(
        report(&app, &owner, "monthly", "2026-03-01").await,
        figures(
            "2026-02-01",
            "2026-02-28",
            [18000, 216000, 13000],
            json!(38.46),
            json!(0.0),
            [2, 3, 0]
        ),
    );
    // The first quarter against the last: 220 vs 30 is +633.33%; Cy, the only customer in
    // December, left.
    assert_eq!(
        report(&app, &owner, "quarterly", "2026-05-20").await,
        figures(
            "2026-01-01",
            "2026-03-31",
            [22000, 264000, 3000],
            json!(633.33),
            json!(100.0),
            [1, 2, 1]
        ),
    );
    // 2025 against 2024: nothing recurring before, so neither growth nor churn is defined.
    assert_eq!(
        report(&app, &owner, "yearly", "2026-04-15").await,
        figures(
            "2025-01-01",
            "2025-12-31",
            [3000, 36000, 0],
            Value::Null,
            Value::Null,
            [0, 1, 0]
        ),
    );
    // April: Ada alone (Bob did not renew); 100 vs 220 is −54.55%; Bob churned: 1 of 2.
    assert_eq!(
        report(&app, &owner, "monthly", "2026-05-01").await,
        figures(
            "2026-04-01",
            "2026-04-30",
            [10000, 120000, 22000],
            json!(-54.55),
            json!(50.0),
            [2, 1, 1]
        ),
    );
    // Renewing Bob for April brings him back: no churn, MRR 100 + 120 = 220, no change.
    billed(
        &app,
        &owner,
        bob,
        "2026-04-02",
        json!("monthly"),
        line(subscription, "120.00", none.clone()),
    )
    .await;
    assert_eq!(
        report(&app, &owner, "monthly", "2026-05-01").await,
        figures(
            "2026-04-01",
            "2026-04-30",
            [22000, 264000, 22000],
            json!(0.0),
            json!(0.0),
            [2, 2, 0]
        ),
    );
    // 2026 against 2025: Ada's 100 in December against Cy's 30; Cy, the only customer in
    // December 2025, left.
    assert_eq!(
        report(&app, &owner, "yearly", "2027-02-01").await,
        figures(
            "2026-01-01",
            "2026-12-31",
            [10000, 120000, 3000],
            json!(233.33),
            json!(100.0),
            [1, 1, 1]
        ),
    );
}

/// A yearly 1,000.00 is 83.33 a month, but 1,000.00 a year exactly; a bad period or date is 422.
async fn shares_are_exact_and_bad_queries_are_refused(app: TestApp) {
    let owner = app.owner_token().await;
    let subscription = service(&app, &owner, "SUB").await;
    let ada = customer(&app, &owner, "Ada").await;
    billed(
        &app,
        &owner,
        ada,
        "2026-01-31",
        json!("yearly"),
        line(subscription, "1000.00", json!([])),
    )
    .await;
    assert_eq!(
        report(&app, &owner, "monthly", "2026-02-01").await,
        figures(
            "2026-01-01",
            "2026-01-31",
            [8333, 100000, 0],
            Value::Null,
            Value::Null,
            [0, 1, 0]
        ),
    );
    app.get("/api/v1/reports/revenue?period=weekly")
        .token(&owner)
        .send()
        .await
        .expect_invalid("period");
    app.get("/api/v1/reports/revenue?as_of=2026-02-30")
        .token(&owner)
        .send()
        .await
        .expect_invalid("as_of");
    // Without a query: the last complete month before today.
    let today = get(&app, &owner, "/api/v1/reports/revenue").await;
    assert_eq!(today["period"], "monthly");
}

/// Six customers' yearly invoices posted at once all count: postings that lose the race to the
/// figures are tried again, and none is lost.
async fn concurrent_recurring_postings_all_count(app: TestApp) {
    let owner = app.owner_token().await;
    let subscription = service(&app, &owner, "SUB").await;
    let mut paths = Vec::new();
    for n in 0..6 {
        let who = customer(&app, &owner, &format!("Customer {n}")).await;
        let body = json!({"customer_id": who, "type": "service", "invoice_date": "2026-01-20", "recurrence": "yearly",
            "items": [{"product_id": subscription, "quantity": 1, "unit_price": "120.00", "tax_ids": []}]});
        paths.push(format!(
            "/api/sales-invoice/post/{}",
            id(&draft(&app, &owner, body).await)
        ));
    }
    let posts = paths.iter().map(|path| try_post(&app, &owner, path, json!({})));
    for answer in futures::future::join_all(posts).await {
        answer.expect(200);
    }
    assert_eq!(
        report(&app, &owner, "monthly", "2026-03-01").await,
        figures(
            "2026-02-01",
            "2026-02-28",
            [6000, 72000, 6000],
            json!(0.0),
            json!(0.0),
            [6, 6, 0]
        ),
    );
}

/// A recurring invoice posted but not yet counted (the process stopped between the posting and
/// the counting) is counted by the daily job, once.
async fn the_daily_job_counts_an_invoice_a_crash_left_uncounted(app: TestApp) {
    let owner = app.owner_token().await;
    let subscription = service(&app, &owner, "SUB").await;
    let ada = customer(&app, &owner, "Ada").await;
    let body = json!({
        "customer_id": ada, "type": "service", "invoice_date": "2026-01-10", "due_date": "2099-01-01",
        "recurrence": "monthly",
        "items": [{"product_id": subscription, "quantity": 1, "unit_price": "40.00", "tax_ids": []}],
    });
    let iid = id(&draft(&app, &owner, body).await);
    // The posting alone, as the handler does before counting.
    let cx = shared::resource::Cx::system(&app.state, app.tenant, 0);
    let posted = accounting::invoices::post::<accounting::sales_invoices::SalesInvoice>(cx, iid)
        .await
        .expect("posts");
    assert!(!posted.revenue_counted);
    let nothing = figures(
        "2026-01-01",
        "2026-01-31",
        [0, 0, 0],
        Value::Null,
        Value::Null,
        [0, 0, 0],
    );
    assert_eq!(report(&app, &owner, "monthly", "2026-02-01").await, nothing);

    let job = || accounting::sales_invoices::mark_overdue(&app.state);
    assert_eq!(
        job().await.expect("the job runs"),
        "0 invoices fell overdue (0 left for the next run); 1 recurring invoices added to the revenue figures"
    );
    let counted = figures(
        "2026-01-01",
        "2026-01-31",
        [4000, 48000, 0],
        Value::Null,
        Value::Null,
        [0, 1, 0],
    );
    assert_eq!(report(&app, &owner, "monthly", "2026-02-01").await, counted);
    assert_eq!(show(&app, &owner, iid).await["revenue_counted"], true);
    // Once: the next run finds nothing to do.
    assert_eq!(
        job().await.expect("the job runs"),
        "0 invoices fell overdue (0 left for the next run)"
    );
    assert_eq!(report(&app, &owner, "monthly", "2026-02-01").await, counted);
}

on_both_stores!(
    the_daily_job_counts_an_invoice_a_crash_left_uncounted,
    the_revenue_report_matches_an_example_computed_by_hand,
    concurrent_recurring_postings_all_count,
    shares_are_exact_and_bad_queries_are_refused,
);
