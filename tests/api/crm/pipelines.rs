//! Pipelines and their ordered lead and deal stages (functions/crm/src/pipelines.rs): the defaults
//! of a new workspace, and pipelines, stages, labels and sources created, updated and deleted, with
//! validation, version conflicts and records in use.

use serde_json::json;

use super::*;
use crate::harness::{get, names, post, TestApp};
use crate::on_both_stores;

async fn a_new_workspace_starts_with_the_sales_pipeline_its_stages_sources_and_labels(app: TestApp) {
    let owner = app.owner_token().await;
    assert_eq!(names(&get(&app, &owner, "/api/pipelines").await), ["Sales"]);
    assert_eq!(
        names(&get(&app, &owner, "/api/lead-stages").await),
        ["Draft", "Sent", "Open", "Revised", "Declined", "Accepted"]
    );
    assert_eq!(
        names(&get(&app, &owner, "/api/deal-stages").await),
        ["Initial Contact", "Qualification", "Meeting", "Proposal", "Close"]
    );
    assert_eq!(get(&app, &owner, "/api/sources").await["meta"]["total"], 4);
    let labels = get(&app, &owner, "/api/labels").await;
    assert_eq!(labels["data"][0]["color"], "#EF4444");
}

async fn pipelines_stages_labels_and_sources_are_created_updated_and_deleted(app: TestApp) {
    let owner = app.owner_token().await;
    let pipeline = post(&app, &owner, "/api/pipeline/create", json!({"name": "Partners"}), 201).await;
    let pid = id(&pipeline);
    let renamed = post(
        &app,
        &owner,
        &format!("/api/pipeline/update/{pid}"),
        json!({"name": "Resellers", "version": 1}),
        200,
    )
    .await;
    assert_eq!(
        (renamed["name"].as_str(), renamed["version"].as_u64()),
        (Some("Resellers"), Some(2))
    );
    // A stale version is refused and changes nothing.
    app.post(&format!("/api/pipeline/update/{pid}"))
        .token(&owner)
        .json(json!({"name": "Lost", "version": 1}))
        .send()
        .await
        .expect_error(409, "version_conflict");
    app.post(&format!("/api/pipeline/update/{pid}"))
        .token(&owner)
        .header("if-match", "\"1\"")
        .json(json!({"name": "Lost"}))
        .send()
        .await
        .expect_error(409, "version_conflict");

    let first = post(
        &app,
        &owner,
        "/api/lead-stage/create",
        json!({"name": "New", "pipeline_id": pid}),
        201,
    )
    .await;
    let second = post(
        &app,
        &owner,
        "/api/lead-stage/create",
        json!({"name": "Talking", "pipeline_id": pid}),
        201,
    )
    .await;
    assert_eq!(
        (first["order"].as_u64(), second["order"].as_u64()),
        (Some(1), Some(2)),
        "appended in order"
    );
    post(
        &app,
        &owner,
        &format!("/api/lead-stage/update/{}", id(&second)),
        json!({"name": "Negotiating"}),
        200,
    )
    .await;
    let stages = get(&app, &owner, &format!("/api/lead-stages?pipeline_id={pid}")).await;
    assert_eq!(names(&stages), ["New", "Negotiating"]);
    let deal_stage = post(
        &app,
        &owner,
        "/api/deal-stage/create",
        json!({"name": "Signed", "pipeline_id": pid}),
        201,
    )
    .await;
    post(
        &app,
        &owner,
        &format!("/api/deal-stage/update/{}", id(&deal_stage)),
        json!({"order": 4}),
        200,
    )
    .await;
    let label = post(
        &app,
        &owner,
        "/api/label/create",
        json!({"name": "VIP", "color": "#00ff00", "pipeline_id": pid}),
        201,
    )
    .await;
    assert_eq!(label["color"], "#00FF00");
    post(
        &app,
        &owner,
        &format!("/api/label/update/{}", id(&label)),
        json!({"color": "#123456"}),
        200,
    )
    .await;
    let source = post(&app, &owner, "/api/source/create", json!({"name": "Trade fair"}), 201).await;
    post(
        &app,
        &owner,
        &format!("/api/source/update/{}", id(&source)),
        json!({"name": "Trade show"}),
        200,
    )
    .await;
    assert!(names(&get(&app, &owner, "/api/sources?search=trade").await).contains(&"Trade show".to_string()));

    // Validation names the field and stores nothing.
    app.post("/api/pipeline/create")
        .token(&owner)
        .json(json!({}))
        .send()
        .await
        .expect_invalid("name");
    app.post("/api/lead-stage/create")
        .token(&owner)
        .json(json!({"name": "X", "pipeline_id": 999}))
        .send()
        .await
        .expect_invalid("pipeline_id");
    app.post("/api/label/create")
        .token(&owner)
        .json(json!({"name": "X", "color": "green"}))
        .send()
        .await
        .expect_invalid("color");
    app.post("/api/source/create")
        .token(&owner)
        .json(json!({"name": "  "}))
        .send()
        .await
        .expect_invalid("name");
    app.post("/api/deal-stage/create")
        .token(&owner)
        .json(json!({"name": "X", "order": 0}))
        .send()
        .await
        .expect_invalid("order");
    assert_eq!(app.count(app.tenant, "crm_pipeline").await, 2);

    // A stage holding a lead, a pipeline with leads and a label in use are refused.
    let lead = post(
        &app,
        &owner,
        "/api/lead/create",
        json!({"name": "L", "email": "l@example.com", "pipeline_id": pid, "labels": [id(&label)]}),
        201,
    )
    .await;
    assert_eq!(lead["stage_id"], first["id"]);
    app.delete(&format!("/api/lead-stage/delete/{}", id(&first)))
        .token(&owner)
        .send()
        .await
        .expect_error(409, "in_use");
    app.delete(&format!("/api/pipeline/delete/{pid}"))
        .token(&owner)
        .send()
        .await
        .expect_error(409, "in_use");
    app.delete(&format!("/api/label/delete/{}", id(&label)))
        .token(&owner)
        .send()
        .await
        .expect_error(409, "in_use");
    app.delete(&format!("/api/lead/delete/{}", id(&lead)))
        .token(&owner)
        .send()
        .await
        .expect(200);
    // Now free: the stage goes; the pipeline takes its remaining stages and labels with it.
    app.delete(&format!("/api/lead-stage/delete/{}", id(&first)))
        .token(&owner)
        .send()
        .await
        .expect(200);
    app.delete(&format!("/api/source/delete/{}", id(&source)))
        .token(&owner)
        .send()
        .await
        .expect(200);
    app.delete(&format!("/api/deal-stage/delete/{}", id(&deal_stage)))
        .token(&owner)
        .send()
        .await
        .expect(200);
    app.delete(&format!("/api/deal-stage/delete/{}", id(&deal_stage)))
        .token(&owner)
        .send()
        .await
        .expect_error(404, "not_found");
    app.delete(&format!("/api/pipeline/delete/{pid}"))
        .token(&owner)
        .send()
        .await
        .expect(200);
    assert_eq!(
        get(&app, &owner, &format!("/api/lead-stages?pipeline_id={pid}")).await["meta"]["total"],
        0
    );
    assert_eq!(
        get(&app, &owner, &format!("/api/deal-stages?pipeline_id={pid}")).await["meta"]["total"],
        0
    );
    assert_eq!(
        get(&app, &owner, &format!("/api/labels?pipeline_id={pid}")).await["meta"]["total"],
        0
    );
    app.delete(&format!("/api/label/delete/{}", id(&label)))
        .token(&owner)
        .send()
        .await
        .expect_error(404, "not_found");
}

on_both_stores!(
    a_new_workspace_starts_with_the_sales_pipeline_its_stages_sources_and_labels,
    pipelines_stages_labels_and_sources_are_created_updated_and_deleted
);
