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

/// Record `id` as `read` answers it: a show route's body, or its entry in a list.
async fn read_record(app: &TestApp, token: &str, read: &str, id: u64) -> Value {
    let body = get(app, token, read).await;
    match body["data"].as_array() {
        Some(list) => {
            (list.iter().find(|r| r["id"] == id).cloned()).unwrap_or_else(|| panic!("{id} is not in {read}: {body}"))
        }
        None => body,
    }
}

/// Sends every field of `optional` as `null` to `update`: the answer and `read` show each of them
/// null and every other field as it was. Then `required` sent as `null` is 422 naming it and
/// changes nothing.
async fn assert_null_clears(
    app: &TestApp,
    token: &str,
    update: &str,
    read: &str,
    id: u64,
    optional: &[&str],
    required: &str,
) {
    let before = read_record(app, token, read, id).await;
    for field in optional {
        assert!(!before[field].is_null(), "{update}: {field} is set before: {before}");
    }
    let nulls = optional.iter().map(|f| (f.to_string(), Value::Null)).collect();
    let cleared = post(app, token, update, Value::Object(nulls), 200).await;
    let after = read_record(app, token, read, id).await;
    for record in [&cleared, &after] {
        assert_eq!(
            record["version"],
            before["version"].as_u64().unwrap() + 1,
            "{update}: {record}"
        );
        for (field, was) in before.as_object().unwrap() {
            if optional.contains(&field.as_str()) {
                assert!(record[field].is_null(), "{update}: {field} is cleared: {record}");
            } else if !["version", "updated_at"].contains(&field.as_str()) {
                assert_eq!(&record[field], was, "{update}: {field} is unchanged");
            }
        }
    }
    try_post(app, token, update, json!({required: null}))
        .await
        .expect_invalid(required);
    assert_eq!(
        read_record(app, token, read, id).await,
        after,
        "{update}: a refused null changes nothing"
    );
}

async fn null_clears_every_optional_field_of_sales_records(app: TestApp) {
    let owner = app.owner_token().await;
    let acme = customer(&app, &owner, "Acme").await;
    let shop = warehouse(&app, &owner, "Shop").await;
    let setup = service(&app, &owner, "SETUP").await;
    let body = json!({"name": "Acme fit-out", "customer_id": acme, "amount": 12000, "stage": "qualification",
        "probability": 40, "close_date": "2026-06-30", "description": "Budget approved."});
    let oid = id(&create(&app, &owner, "/api/sales/opportunitity/store", body).await);
    let body = json!({"subject": "Site visit", "opportunity_id": oid, "date": "2026-04-02",
        "duration_minutes": 60, "location": "Lyon", "description": "Measure the rooms."});
    let mid = id(&create(&app, &owner, "/api/sales/meeting/store", body).await);
    let address = json!({"line1": "1 Main St", "city": "Lyon"});
    let offer = json!({"name": "Fit-out, phase 1", "customer_id": acme, "opportunity_id": oid, "date": "2026-04-01",
        "items": [{"product_id": setup, "quantity": 1}], "billing_address": address, "shipping_address": address,
        "shipping_provider": "DHL", "description": "Phase 1."});
    let qid = id(&create(&app, &owner, "/api/sales/quotes/store", offer.clone()).await);
    let soid = id(&create(&app, &owner, "/api/sales/sales-order/store", offer).await);
    let body = json!({"customer_id": acme, "warehouse_id": shop, "due_date": "2099-03-15",
        "items": [{"product_id": setup, "quantity": 2}], "payment_terms": "Net 30", "notes": "Installation included."});
    let pid = id(&create(&app, &owner, "/api/sales-proposal/create", body).await);

    let opportunity = ["close_date", "customer_id", "description", "probability"];
    let update = format!("/api/sales/opportunities/update/{oid}");
    assert_null_clears(
        &app,
        &owner,
        &update,
        "/api/sales/opportunities",
        oid,
        &opportunity,
        "name",
    )
    .await;
    let meeting = ["description", "duration_minutes", "location", "opportunity_id"];
    let update = format!("/api/sales/meeting/update/{mid}");
    assert_null_clears(&app, &owner, &update, "/api/sales/meetings", mid, &meeting, "subject").await;
    let offer = [
        "billing_address",
        "description",
        "opportunity_id",
        "shipping_address",
        "shipping_provider",
    ];
    for (update, read, rid) in [
        ("/api/sales/quotes/update", "/api/sales/quotes", qid),
        ("/api/sales/sales-order/update", "/api/sales/sales-orders", soid),
    ] {
        let (update, read) = (format!("{update}/{rid}"), format!("{read}/{rid}"));
        assert_null_clears(&app, &owner, &update, &read, rid, &offer, "name").await;
    }
    let update = format!("/api/sales-proposal/update/{pid}");
    let read = format!("/api/sales-proposal/show/{pid}");
    let proposal = ["notes", "payment_terms", "warehouse_id"];
    assert_null_clears(&app, &owner, &update, &read, pid, &proposal, "customer_id").await;

    // The lists' filters follow, and nothing names the opportunity any more: it is deleted.
    for list in [
        format!("/api/sales/opportunities?customer_id={acme}"),
        format!("/api/sales/meetings?opportunity_id={oid}"),
        format!("/api/sales/quotes?opportunity_id={oid}"),
        format!("/api/sales/sales-orders?opportunity_id={oid}"),
    ] {
        assert_eq!(ids(&get(&app, &owner, &list).await), Vec::<u64>::new(), "{list}");
    }
    app.delete(&format!("/api/sales/opportunities/delete/{oid}"))
        .token(&owner)
        .send()
        .await
        .expect(200);

    // A proposal with a stocked product keeps the warehouse that ships it.
    let lamp = product(&app, &owner, "LAMP").await;
    let body = json!({"customer_id": acme, "warehouse_id": shop, "items": [{"product_id": lamp, "quantity": 1}]});
    let stocked = id(&create(&app, &owner, "/api/sales-proposal/create", body).await);
    let update = format!("/api/sales-proposal/update/{stocked}");
    try_post(&app, &owner, &update, json!({"warehouse_id": null}))
        .await
        .expect_invalid("warehouse_id");
    let shown = get(&app, &owner, &format!("/api/sales-proposal/show/{stocked}")).await;
    assert_eq!(
        (shown["warehouse_id"].as_u64(), shown["version"].as_u64()),
        (Some(shop), Some(1))
    );
}

on_both_stores!(
    opportunities_and_meetings_are_created_listed_updated_and_deleted,
    pipeline_bodies_are_checked_and_refused_ones_store_nothing,
    null_clears_every_optional_field_of_sales_records,
);
