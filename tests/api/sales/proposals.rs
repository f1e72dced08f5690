//! Sales proposals: priced like invoices, `draft → sent → accepted | rejected`, converted once
//! into a draft invoice of the same lines; a converted proposal is neither changed nor deleted.

use super::*;

async fn proposal(app: &TestApp, token: &str, body: Value) -> Value {
    create(app, token, "/api/sales-proposal/create", body).await
}

fn path(action: &str, id: u64) -> String {
    format!("/api/sales-proposal/{action}/{id}")
}

async fn a_proposal_is_sent_accepted_and_converted_once(app: TestApp) {
    app.keep_events().await;
    let owner = app.owner_token().await;
    let acme = customer(&app, &owner, "Acme").await;
    let shop = warehouse(&app, &owner, "Shop").await;
    let vat = tax(&app, &owner, "VAT", 20.0).await;
    let lamp = product(&app, &owner, "LAMP").await;
    let body = json!({
        "customer_id": acme, "warehouse_id": shop, "proposal_date": "2026-03-01", "due_date": "2099-03-15",
        "items": [{"product_id": lamp, "quantity": 5, "discount_percentage": 10, "tax_ids": [vat]}],
    });
    let draft = proposal(&app, &owner, body).await;
    let pid = id(&draft);
    // 5 × 10.00 = 50.00; 10% off 5.00; 20% of 45.00 = 9.00; 54.00.
    assert_eq!(
        (
            draft["proposal_number"].as_str(),
            draft["status"].as_str(),
            totals(&draft)
        ),
        (Some("PROP-000001"), Some("draft"), (5000, 500, 900, 5400))
    );
    // Only a sent proposal is accepted, only an accepted one converts.
    for action in ["accept", "reject", "convert-to-invoice"] {
        try_post(&app, &owner, &path(action, pid), json!({}))
            .await
            .expect_error(409, "invalid_transition");
    }
    let changed = post(
        &app,
        &owner,
        &path("update", pid),
        json!({"notes": "Spring offer"}),
        200,
    )
    .await;
    assert_eq!(changed["notes"], "Spring offer");
    assert_eq!(
        post(&app, &owner, &path("sent", pid), json!({}), 200).await["status"],
        "sent"
    );
    try_post(&app, &owner, &path("sent", pid), json!({}))
        .await
        .expect_error(409, "invalid_transition");
    assert_eq!(
        post(&app, &owner, &path("accept", pid), json!({}), 200).await["status"],
        "accepted"
    );
    assert_eq!(
        ids(&get(&app, &owner, "/api/sales-proposal?status=accepted").await),
        vec![pid]
    );

    let converted = post(&app, &owner, &path("convert-to-invoice", pid), json!({}), 201).await;
    let invoice = &converted["invoice"];
    assert_eq!(
        (
            invoice["status"].as_str(),
            invoice["customer_id"].as_u64(),
            invoice["type"].as_str()
        ),
        (Some("draft"), Some(acme), Some("product"))
    );
    assert_eq!(totals(invoice), (5000, 500, 900, 5400));
    assert_eq!(invoice["due_date"], "2099-03-15");
    assert_eq!(
        (
            converted["proposal"]["converted_to_invoice"].as_bool(),
            converted["proposal"]["invoice_id"].clone()
        ),
        (Some(true), invoice["id"].clone())
    );
    assert_eq!(
        show(&app, &owner, id(invoice)).await["invoice_number"],
        invoice["invoice_number"]
    );
    // Once only; and a converted proposal stays as it is.
    try_post(&app, &owner, &path("convert-to-invoice", pid), json!({}))
        .await
        .expect_error(409, "invalid_transition");
    try_post(&app, &owner, &path("update", pid), json!({"notes": "late"}))
        .await
        .expect_error(409, "invalid_transition");
    try_delete(&app, &owner, &path("delete", pid))
        .await
        .expect_error(409, "invalid_transition");
    assert_eq!(get(&app, &owner, "/api/sales-invoice").await["meta"]["total"], 1);
    let mut events = app.outbox_types(app.tenant).await;
    events.retain(|t| t.starts_with("proposal.") || t.starts_with("invoice."));
    assert_eq!(events, ["invoice.created", "proposal.accepted", "proposal.created"]);
}

async fn a_rejected_proposal_is_deleted_and_bodies_are_checked(app: TestApp) {
    app.keep_events().await;
    let owner = app.owner_token().await;
    let acme = customer(&app, &owner, "Acme").await;
    let lamp = product(&app, &owner, "LAMP").await;
    let fit = service(&app, &owner, "FIT").await;
    let create_path = "/api/sales-proposal/create";
    let no_warehouse = json!({"customer_id": acme, "items": [{"product_id": lamp, "quantity": 1}]});
    try_post(&app, &owner, create_path, no_warehouse)
        .await
        .expect_invalid("warehouse_id");
    let unknown = json!({"customer_id": 404, "items": [{"product_id": fit, "quantity": 1}]});
    try_post(&app, &owner, create_path, unknown)
        .await
        .expect_invalid("customer_id");
    let early = json!({
        "customer_id": acme,
        "proposal_date": "2026-03-10",
        "due_date": "2026-03-01",
        "items": [{"product_id": fit, "quantity": 1}],
    });
    try_post(&app, &owner, create_path, early)
        .await
        .expect_invalid("due_date");
    assert_eq!(app.count(app.tenant, "sales_proposal").await, 0);

    let pid = id(&proposal(
        &app,
        &owner,
        json!({"customer_id": acme, "items": [{"product_id": fit, "quantity": 2}]}),
    )
    .await);
    post(&app, &owner, &path("sent", pid), json!({}), 200).await;
    assert_eq!(
        post(&app, &owner, &path("reject", pid), json!({}), 200).await["status"],
        "rejected"
    );
    for action in ["accept", "convert-to-invoice"] {
        try_post(&app, &owner, &path(action, pid), json!({}))
            .await
            .expect_error(409, "invalid_transition");
    }
    app.delete(&path("delete", pid)).token(&owner).send().await.expect(200);
    app.get(&path("show", pid))
        .token(&owner)
        .send()
        .await
        .expect_error(404, "not_found");
    let mut events = app.outbox_types(app.tenant).await;
    events.retain(|t| t.starts_with("proposal."));
    assert_eq!(events, ["proposal.created", "proposal.rejected"]);
}

async fn two_concurrent_converts_create_one_invoice(app: TestApp) {
    let owner = app.owner_token().await;
    let acme = customer(&app, &owner, "Acme").await;
    let fit = service(&app, &owner, "FIT").await;
    let pid = id(&proposal(
        &app,
        &owner,
        json!({"customer_id": acme, "items": [{"product_id": fit, "quantity": 1}]}),
    )
    .await);
    post(&app, &owner, &path("sent", pid), json!({}), 200).await;
    post(&app, &owner, &path("accept", pid), json!({}), 200).await;
    let convert = path("convert-to-invoice", pid);
    let calls = (0..2).map(|_| try_post(&app, &owner, &convert, json!({})));
    let mut statuses: Vec<u16> = futures::future::join_all(calls)
        .await
        .iter()
        .map(|r| r.status)
        .collect();
    statuses.sort();
    assert_eq!(statuses, [201, 409]);
    assert_eq!(app.count(app.tenant, "sales_invoice").await, 1);
    let invoice = get(&app, &owner, "/api/sales-invoice").await["data"][0].clone();
    assert_eq!(get(&app, &owner, &path("show", pid)).await["invoice_id"], invoice["id"]);
}

on_both_stores!(
    a_proposal_is_sent_accepted_and_converted_once,
    a_rejected_proposal_is_deleted_and_bodies_are_checked,
    two_concurrent_converts_create_one_invoice,
);
