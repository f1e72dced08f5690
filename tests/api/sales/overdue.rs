//! Overdue invoices and `/api/v1/invoices`: an open invoice past its due date with a balance
//! becomes `overdue` once per episode (`invoice.overdue` once), at its posting when posted
//! already past due, else when the overdue job runs; it stays so while partly paid, and the v1
//! list carries the workspace's overdue total.

use super::*;

/// Runs the overdue job as the scheduler does; returns its report.
async fn run_overdue_job(app: &TestApp) -> String {
    accounting::sales_invoices::mark_overdue(&app.state)
        .await
        .expect("the job runs")
}

/// A posted service invoice of `price` to `customer`, dated 2026-03-01 and due on `due`.
async fn posted_due(app: &TestApp, token: &str, customer: u64, service: u64, price: &str, due: &str) -> u64 {
    let body = json!({"customer_id": customer, "type": "service", "invoice_date": "2026-03-01", "due_date": due,
        "items": [{"product_id": service, "quantity": 1, "unit_price": price, "tax_ids": []}]});
    let iid = id(&draft(app, token, body).await);
    id(&post_invoice(app, token, iid).await)
}

async fn overdue_events(app: &TestApp) -> usize {
    invoice_events(app)
        .await
        .iter()
        .filter(|t| *t == "invoice.overdue")
        .count()
}

async fn open_invoices_past_due_fall_overdue_once_per_episode(app: TestApp) {
    app.keep_events().await;
    let owner = app.owner_token().await;
    let acme = customer(&app, &owner, "Acme").await;
    let consulting = service(&app, &owner, "CONS").await;
    let bank_id = id(&bank(&app, &owner, "Main").await);
    let pay = |invoice: u64, amount: &str| {
        json!({
            "customer_id": acme,
            "bank_account_id": bank_id,
            "amount": amount,
            "allocations": [{"invoice_id": invoice, "amount": amount}],
        })
    };
    // Posted already past their due dates: overdue at once, `invoice.overdue` right after
    // `invoice.posted`, in the posting's transaction.
    let late = posted_due(&app, &owner, acme, consulting, "100.00", "2026-03-31").await;
    assert_eq!(show(&app, &owner, late).await["status"], "overdue");
    let mut written = app.outbox_types_in_order(app.tenant).await;
    written.retain(|t| t.starts_with("invoice."));
    assert_eq!(written, ["invoice.created", "invoice.posted", "invoice.overdue"]);
    let later = posted_due(&app, &owner, acme, consulting, "80.00", "2026-04-30").await;
    let settled = posted_due(&app, &owner, acme, consulting, "20.00", "2026-03-31").await;
    let future = posted_due(&app, &owner, acme, consulting, "50.00", "2099-01-01").await;
    assert_eq!(show(&app, &owner, future).await["status"], "posted");
    create(&app, &owner, "/api/customer-payments/create", pay(settled, "20.00")).await;
    create(&app, &owner, "/api/customer-payments/create", pay(later, "30.00")).await;
    assert_eq!(show(&app, &owner, settled).await["status"], "paid");

    let overdue = get(&app, &owner, "/api/v1/invoices?status=overdue&sort=-id").await;
    assert_eq!(ids(&overdue), vec![later, late]);
    assert_eq!(
        (
            overdue["meta"]["total"].as_u64(),
            overdue["meta"]["overdue_count"].as_u64(),
            cents(&overdue["meta"]["overdue_amount"])
        ),
        (Some(2), Some(2), 15000),
        "100.00 and the 50.00 left of 80.00"
    );
    assert_eq!(
        ids(&get(&app, &owner, "/api/sales-invoice?status=overdue&sort=due_date").await),
        vec![late, later],
        "the catalogue list filters the same way"
    );
    assert_eq!(overdue_events(&app).await, 3, "one each, the settled one's too");
    assert_eq!(
        run_overdue_job(&app).await,
        "0 invoices fell overdue (0 left for the next run)",
        "nothing left for the job"
    );

    // Partly paid it stays overdue (the same episode: no second event); paid, it leaves.
    create(&app, &owner, "/api/customer-payments/create", pay(late, "40.00")).await;
    assert_eq!(show(&app, &owner, late).await["status"], "overdue");
    let payment = create(&app, &owner, "/api/customer-payments/create", pay(late, "60.00")).await;
    assert_eq!(show(&app, &owner, late).await["status"], "paid");
    let left = get(&app, &owner, "/api/v1/invoices?status=overdue").await;
    assert_eq!(
        (ids(&left), cents(&left["meta"]["overdue_amount"])),
        (vec![later], 5000)
    );
    run_overdue_job(&app).await;
    assert_eq!(overdue_events(&app).await, 3);

    // A cancelled payment reopens it: a new episode, which the job finds, a new event.
    post(
        &app,
        &owner,
        &format!("/api/customer-payments/cancel/{}", id(&payment)),
        json!({}),
        200,
    )
    .await;
    assert_eq!(show(&app, &owner, late).await["status"], "partially_paid");
    assert_eq!(
        run_overdue_job(&app).await,
        "1 invoices fell overdue (0 left for the next run)"
    );
    assert_eq!(overdue_events(&app).await, 4);
    assert_eq!(
        cents(&get(&app, &owner, "/api/v1/invoices").await["meta"]["overdue_amount"]),
        11000,
        "every list carries the total: 60.00 and 50.00"
    );

    // An invoice posted before its due date falls overdue when the job runs after it.
    let after_due = shared::domain::Date::parse("2099-01-02").unwrap();
    assert_eq!(
        accounting::sales_invoices::mark_overdue_on(&app.state, &after_due)
            .await
            .unwrap(),
        "1 invoices fell overdue (0 left for the next run)"
    );
    assert_eq!(show(&app, &owner, future).await["status"], "overdue");
    assert_eq!(overdue_events(&app).await, 5);
}

async fn v1_invoices_are_created_shown_and_listed(app: TestApp) {
    let owner = app.owner_token().await;
    let acme = customer(&app, &owner, "Acme").await;
    let consulting = service(&app, &owner, "CONS").await;
    let body = json!({
        "customer_id": acme,
        "type": "service",
        "items": [{"product_id": consulting, "quantity": 2, "unit_price": "25.00", "tax_ids": []}],
    });
    let created = create(&app, &owner, "/api/v1/invoices", body).await;
    let iid = id(&created);
    assert_eq!(
        (
            created["invoice_number"].as_str(),
            created["status"].as_str(),
            cents(&created["total_amount"])
        ),
        (None, Some("draft"), 5000)
    );
    // The v1 invoice answers its customer beside `customer_id`, listed or shown.
    let mut shown = get(&app, &owner, &format!("/api/v1/invoices/{iid}")).await;
    let billed = json!({"id": acme, "name": "Acme", "email": null});
    assert_eq!(shown.as_object_mut().unwrap().remove("customer"), Some(billed.clone()));
    assert_eq!(shown, created);
    let listed = get(&app, &owner, "/api/v1/invoices?status=draft").await;
    assert_eq!(
        (ids(&listed), listed["meta"]["per_page"].as_u64()),
        (vec![iid], Some(15))
    );
    assert_eq!(listed["data"][0]["customer"], billed);
    try_post(&app, &owner, "/api/v1/invoices", json!({"customer_id": acme}))
        .await
        .expect_invalid("items");
    app.get("/api/v1/invoices?status=late")
        .token(&owner)
        .send()
        .await
        .expect_invalid("status");
    app.get("/api/v1/invoices/404")
        .token(&owner)
        .send()
        .await
        .expect_error(404, "not_found");
}

on_both_stores!(
    open_invoices_past_due_fall_overdue_once_per_episode,
    v1_invoices_are_created_shown_and_listed,
);
