//! Leads (functions/crm/src/leads.rs): created, shown, filtered, updated and deleted, their body
//! validation, conversion into a deal (once), another workspace's view, and staff and sandbox access.

use serde_json::{json, Value};

use super::*;
use crate::harness::{get, names, post, TestApp};
use crate::inventory::product;
use crate::on_both_stores;

async fn a_lead_with_just_name_and_email_lands_in_the_first_stage_and_can_be_filtered(app: TestApp) {
    let owner = app.owner_token().await;
    let lead = post(
        &app,
        &owner,
        "/api/lead/create",
        json!({"name": "Maria", "email": "Maria@Example.com"}),
        201,
    )
    .await;
    assert_eq!(lead["email"], "maria@example.com");
    assert_eq!(
        (
            lead["pipeline_id"].as_u64(),
            lead["stage_id"].as_u64(),
            lead["order"].as_u64()
        ),
        (Some(1), Some(1), Some(1))
    );
    assert_eq!(lead["user_id"], 1, "owned by its creator");
    let shown = get(&app, &owner, &format!("/api/lead/show/{}", id(&lead))).await;
    assert_eq!(shown, lead);
    let second = post(
        &app,
        &owner,
        "/api/lead/create",
        json!({"name": "Tom", "email": "tom@example.com", "stage_id": 3,
            "subject": "ERP", "phone": "+1 555", "follow_up_date": "2026-12-01", "labels": [1], "sources": [2]}),
        201,
    )
    .await;
    assert_eq!(get(&app, &owner, "/api/leads?stage_id=3").await["meta"]["total"], 1);
    assert_eq!(
        get(&app, &owner, "/api/leads?label_id=1").await["data"][0]["name"],
        "Tom"
    );
    assert_eq!(get(&app, &owner, "/api/leads?source_id=2").await["meta"]["total"], 1);
    assert_eq!(get(&app, &owner, "/api/leads?search=MARIA").await["meta"]["total"], 1);
    assert_eq!(
        get(&app, &owner, "/api/leads?user_id=1&pipeline_id=1").await["meta"]["total"],
        2
    );
    assert_eq!(
        names(&get(&app, &owner, "/api/leads?sort=-name").await),
        ["Tom", "Maria"]
    );

    let updated = post(
        &app,
        &owner,
        &format!("/api/lead/update/{}", id(&second)),
        json!({"stage_id": 4, "phone": null, "notes": "Call back"}),
        200,
    )
    .await;
    assert_eq!(
        (
            updated["stage_id"].as_u64(),
            updated["phone"].clone(),
            updated["version"].as_u64()
        ),
        (Some(4), Value::Null, Some(2))
    );
    assert_eq!(updated["subject"], "ERP", "absent fields stay");
    app.delete(&format!("/api/lead/delete/{}", id(&lead)))
        .token(&owner)
        .send()
        .await
        .expect(200);
    app.get(&format!("/api/lead/show/{}", id(&lead)))
        .token(&owner)
        .send()
        .await
        .expect_error(404, "not_found");
    app.get("/api/lead/show/abc")
        .token(&owner)
        .send()
        .await
        .expect_error(404, "not_found");
}

async fn lead_bodies_are_checked_field_by_field(app: TestApp) {
    let owner = app.owner_token().await;
    let resp = app
        .post("/api/lead/create")
        .token(&owner)
        .json(json!({}))
        .send()
        .await
        .expect_invalid("name");
    assert!(
        resp.body["errors"]["email"].is_array(),
        "every field at once: {}",
        resp.body
    );
    app.post("/api/lead/create")
        .token(&owner)
        .json(json!({"name": "A", "email": "nope"}))
        .send()
        .await
        .expect_invalid("email");
    app.post("/api/lead/create")
        .token(&owner)
        .json(json!({"name": "A", "email": "a@example.com", "follow_up_date": "12/01/2026"}))
        .send()
        .await
        .expect_invalid("follow_up_date");
    app.post("/api/lead/create")
        .token(&owner)
        .json(json!({"name": "A", "email": "a@example.com", "phone": "1".repeat(21)}))
        .send()
        .await
        .expect_invalid("phone");
    app.post("/api/lead/create")
        .token(&owner)
        .json(json!({"name": "A", "email": "a@example.com", "stage_id": 99}))
        .send()
        .await
        .expect_invalid("stage_id");
    app.post("/api/lead/create")
        .token(&owner)
        .json(json!({"name": "A", "email": "a@example.com", "labels": [99]}))
        .send()
        .await
        .expect_invalid("labels");
    app.post("/api/lead/create")
        .token(&owner)
        .json(json!({"name": "A", "email": "a@example.com", "users": [42]}))
        .send()
        .await
        .expect_invalid("users");
    app.post("/api/lead/create")
        .token(&owner)
        .json(json!({"name": "A", "email": "a@example.com", "user_id": 42}))
        .send()
        .await
        .expect_invalid("user_id");
    app.post("/api/lead/create")
        .token(&owner)
        .json(json!({"name": 5, "email": "a@example.com"}))
        .send()
        .await
        .expect_invalid("name");
    // A deal stage is not a lead stage of the pipeline.
    let other = post(&app, &owner, "/api/pipeline/create", json!({"name": "Other"}), 201).await;
    let foreign = post(
        &app,
        &owner,
        "/api/lead-stage/create",
        json!({"name": "Elsewhere", "pipeline_id": id(&other)}),
        201,
    )
    .await;
    app.post("/api/lead/create")
        .token(&owner)
        .json(json!({"name": "A", "email": "a@example.com", "stage_id": id(&foreign)}))
        .send()
        .await
        .expect_invalid("stage_id");
    assert_eq!(app.count(app.tenant, "crm_lead").await, 0, "nothing stored");
}

async fn converting_a_lead_creates_its_deal_once(app: TestApp) {
    let owner = app.owner_token().await;
    let (client_id, _) = app.user_with_role("client").await;
    let (staff_id, _) = app.user_with_role("staff").await;
    let nine = product(&app, &owner, "P-9").await;
    let lead = post(
        &app,
        &owner,
        "/api/lead/create",
        json!({"name": "ERP", "email": "erp@example.com",
            "users": [staff_id], "sources": [1], "products": [nine], "labels": [2], "notes": "Big one"}),
        201,
    )
    .await;
    let lead_id = id(&lead);
    app.post(&format!("/api/lead/convert-to-deal/{lead_id}"))
        .token(&owner)
        .json(json!({"client_id": staff_id}))
        .send()
        .await
        .expect_invalid("clients");
    let converted = post(
        &app,
        &owner,
        &format!("/api/lead/convert-to-deal/{lead_id}"),
        json!({"amount": "48000.5", "client_id": client_id}),
        201,
    )
    .await;
    let deal = &converted["deal"];
    assert_eq!(
        (deal["name"].as_str(), deal["amount"].as_f64(), deal["status"].as_str()),
        (Some("ERP"), Some(48000.5), Some("open"))
    );
    assert_eq!(deal["stage_id"], 1, "the first deal stage of the lead's pipeline");
    assert_eq!(
        (
            deal["users"].clone(),
            deal["sources"].clone(),
            deal["products"].clone(),
            deal["labels"].clone()
        ),
        (json!([staff_id]), json!([1]), json!([nine]), json!([2]))
    );
    assert_eq!(
        (
            deal["clients"].clone(),
            deal["lead_id"].as_u64(),
            deal["notes"].as_str()
        ),
        (json!([client_id]), Some(lead_id), Some("Big one"))
    );
    assert_eq!(converted["lead"]["converted_deal_id"], deal["id"]);
    assert_eq!(
        get(&app, &owner, &format!("/api/lead/show/{lead_id}")).await["converted_deal_id"],
        deal["id"]
    );
    app.post(&format!("/api/lead/convert-to-deal/{lead_id}"))
        .token(&owner)
        .send()
        .await
        .expect_error(409, "invalid_transition");
    assert_eq!(app.count(app.tenant, "crm_deal").await, 1, "one deal, not two");
    assert_eq!(get(&app, &owner, "/api/leads?converted=true").await["meta"]["total"], 1);
    app.post("/api/lead/convert-to-deal/999")
        .token(&owner)
        .send()
        .await
        .expect_error(404, "not_found");
}

async fn another_workspace_sees_none_of_these_records(app: TestApp) {
    let owner = app.owner_token().await;
    let lead = id(&post(
        &app,
        &owner,
        "/api/lead/create",
        json!({"name": "Mine", "email": "m@example.com"}),
        201,
    )
    .await);
    let deal = id(&post(&app, &owner, "/api/deal/create", json!({"name": "Mine"}), 201).await);
    let label = id(&post(&app, &owner, "/api/label/create", json!({"name": "Mine"}), 201).await);
    let (_, email, password) = app.second_workspace().await;
    let other = app.login(&email, &password).await;
    app.get(&format!("/api/lead/show/{lead}"))
        .token(&other)
        .send()
        .await
        .expect_error(404, "not_found");
    app.post(&format!("/api/lead/update/{lead}"))
        .token(&other)
        .json(json!({"name": "Theirs"}))
        .send()
        .await
        .expect_error(404, "not_found");
    app.delete(&format!("/api/deal/delete/{deal}"))
        .token(&other)
        .send()
        .await
        .expect_error(404, "not_found");
    app.post(&format!("/api/label/update/{label}"))
        .token(&other)
        .json(json!({"name": "Theirs"}))
        .send()
        .await
        .expect_error(404, "not_found");
    app.post("/api/lead/lead-details")
        .token(&other)
        .json(json!({"lead_id": lead}))
        .send()
        .await
        .expect_error(404, "not_found");
    assert_eq!(get(&app, &other, "/api/leads").await["meta"]["total"], 0);
    assert_eq!(
        names(&get(&app, &other, "/api/pipelines").await),
        ["Sales"],
        "its own defaults"
    );
    assert_eq!(
        get(&app, &owner, &format!("/api/lead/show/{lead}")).await["name"],
        "Mine",
        "unchanged"
    );
}

async fn staff_work_the_crm_and_the_sandbox_has_seeded_crm_data(app: TestApp) {
    let (_, staff) = app.user_with_role("staff").await;
    post(
        &app,
        &staff,
        "/api/lead/create",
        json!({"name": "By staff", "email": "s@example.com"}),
        201,
    )
    .await;
    let owner = app.owner_token().await;
    let test_key = app.api_key(&owner, "test").await;
    assert_eq!(get(&app, &test_key, "/api/leads").await["meta"]["total"], 8);
    assert_eq!(get(&app, &test_key, "/api/deals?status=won").await["meta"]["total"], 1);
    assert_eq!(get(&app, &test_key, "/api/v1/contacts").await["meta"]["total"], 5);
    assert_eq!(
        get(&app, &owner, "/api/leads").await["meta"]["total"],
        1,
        "live data only"
    );
}

on_both_stores!(
    a_lead_with_just_name_and_email_lands_in_the_first_stage_and_can_be_filtered,
    lead_bodies_are_checked_field_by_field,
    converting_a_lead_creates_its_deal_once,
    another_workspace_sees_none_of_these_records,
);

on_both_stores!(
    with_demo_data:
    staff_work_the_crm_and_the_sandbox_has_seeded_crm_data,
);
