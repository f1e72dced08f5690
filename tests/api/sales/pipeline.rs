//! The sales pipeline: opportunities (created at the catalogue's `opportunitity/store`) and the
//! meetings held about them; an opportunity with meetings is not deleted.

use super::*;

async fn opportunities_and_meetings_are_created_listed_updated_and_deleted(app: TestApp) {
    let owner = app.owner_token().await;
    let acme = customer(&app, &owner, "Acme").await;
    let body = json!({"name": "Acme fit-out", "customer_id": acme, "amount": 12000, "stage": "qualification",
        "probability": 40, "close_date": "2026-06-30"});
    let deal = create(&app, &owner, "/api/sales/opportunitity/store", body).await;
    let oid = id(&deal);
    assert_eq!(
        (
            deal["stage"].as_str(),
            cents(&deal["amount"]),
            deal["probability"].as_u64()
        ),
        (Some("qualification"), 1_200_000, Some(40))
    );
    let small = id(&create(
        &app,
        &owner,
        "/api/sales/opportunitity/store",
        json!({"name": "Spare parts"}),
    )
    .await);
    let fresh = get(&app, &owner, "/api/sales/opportunities?stage=prospecting").await;
    assert_eq!(ids(&fresh), vec![small], "the default stage");
    let won = post(
        &app,
        &owner,
        &format!("/api/sales/opportunities/update/{oid}"),
        json!({"stage": "closed_won", "probability": 100}),
        200,
    )
    .await;
    assert_eq!(
        (won["stage"].as_str(), won["name"].as_str()),
        (Some("closed_won"), Some("Acme fit-out"))
    );
    assert_eq!(
        ids(&get(&app, &owner, &format!("/api/sales/opportunities?customer_id={acme}")).await),
        vec![oid]
    );
    assert_eq!(
        ids(&get(&app, &owner, "/api/sales/opportunities?sort=-amount").await),
        vec![oid, small]
    );

    let body = json!({
        "subject": "Site visit",
        "opportunity_id": oid,
        "date": "2026-04-02",
        "duration_minutes": 60,
        "location": "Lyon",
    });
    let meeting = create(&app, &owner, "/api/sales/meeting/store", body).await;
    let mid = id(&meeting);
    assert_eq!(meeting["status"], "planned");
    let held = post(
        &app,
        &owner,
        &format!("/api/sales/meeting/update/{mid}"),
        json!({"status": "held"}),
        200,
    )
    .await;
    assert_eq!(
        (held["status"].as_str(), held["location"].as_str()),
        (Some("held"), Some("Lyon"))
    );
    assert_eq!(
        ids(&get(&app, &owner, &format!("/api/sales/meetings?opportunity_id={oid}")).await),
        vec![mid]
    );

    // The opportunity stays while a meeting names it.
    try_delete(&app, &owner, &format!("/api/sales/opportunities/delete/{oid}"))
        .await
        .expect_error(409, "in_use");
    app.delete(&format!("/api/sales/meeting/destroy/{mid}"))
        .token(&owner)
        .send()
        .await
        .expect(200);
    app.delete(&format!("/api/sales/opportunities/delete/{oid}"))
        .token(&owner)
        .send()
        .await
        .expect(200);
    assert_eq!(ids(&get(&app, &owner, "/api/sales/opportunities").await), vec![small]);
    assert_eq!(get(&app, &owner, "/api/sales/meetings").await["meta"]["total"], 0);
}

async fn pipeline_bodies_are_checked_and_refused_ones_store_nothing(app: TestApp) {
    let owner = app.owner_token().await;
    let store = "/api/sales/opportunitity/store";
    try_post(&app, &owner, store, json!({"amount": 5}))
        .await
        .expect_invalid("name");
    try_post(&app, &owner, store, json!({"name": "X", "amount": -1}))
        .await
        .expect_invalid("amount");
    try_post(&app, &owner, store, json!({"name": "X", "customer_id": 404}))
        .await
        .expect_invalid("customer_id");
    try_post(&app, &owner, store, json!({"name": "X", "stage": "won"}))
        .await
        .expect_invalid("stage");
    try_post(&app, &owner, store, json!({"name": "X", "probability": 101}))
        .await
        .expect_invalid("probability");
    assert_eq!(app.count(app.tenant, "sales_opportunity").await, 0);
    let meeting = "/api/sales/meeting/store";
    try_post(&app, &owner, meeting, json!({"subject": "Call"}))
        .await
        .expect_invalid("date");
    try_post(
        &app,
        &owner,
        meeting,
        json!({"subject": "Call", "date": "2026-04-02", "opportunity_id": 404}),
    )
    .await
    .expect_invalid("opportunity_id");
    try_post(
        &app,
        &owner,
        meeting,
        json!({"subject": "Call", "date": "2026-04-02", "duration_minutes": 0}),
    )
    .await
    .expect_invalid("duration_minutes");
    assert_eq!(app.count(app.tenant, "sales_meeting").await, 0);
}

on_both_stores!(
    opportunities_and_meetings_are_created_listed_updated_and_deleted,
    pipeline_bodies_are_checked_and_refused_ones_store_nothing,
);
