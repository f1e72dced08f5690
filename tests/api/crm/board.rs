//! The CRM's RPC-style routes: dashboards, the lead board, details, upserts, stage moves and the
//! form helpers. They share the resource code with the REST-style routes, so these tests check
//! what each adds: aggregates, ordering, and their own body validation.

use serde_json::{json, Value};

use crate::harness::{post, TestApp};
use crate::on_both_stores;

fn ids(list: &Value) -> Vec<u64> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_u64().unwrap())
        .collect()
}

async fn home_counts_and_sums_per_stage_and_status(app: TestApp) {
    let owner = app.owner_token().await;
    for (name, stage) in [("A", 1), ("B", 1), ("C", 2)] {
        post(
            &app,
            &owner,
            "/api/lead/create",
            json!({"name": name, "email": "x@example.com", "stage_id": stage}),
            201,
        )
        .await;
    }
    let won = post(
        &app,
        &owner,
        "/api/deal/create",
        json!({"name": "W", "amount": 100.25, "stage_id": 5}),
        201,
    )
    .await;
    post(
        &app,
        &owner,
        &format!("/api/deal/update/{}", won["id"]),
        json!({"status": "won"}),
        200,
    )
    .await;
    let lost = post(
        &app,
        &owner,
        "/api/deal/create",
        json!({"name": "L", "amount": 50}),
        201,
    )
    .await;
    post(
        &app,
        &owner,
        &format!("/api/deal/update/{}", lost["id"]),
        json!({"status": "lost"}),
        200,
    )
    .await;
    post(
        &app,
        &owner,
        "/api/deal/create",
        json!({"name": "O1", "amount": 10.5}),
        201,
    )
    .await;
    post(
        &app,
        &owner,
        "/api/deal/create",
        json!({"name": "O2", "amount": "20.25"}),
        201,
    )
    .await;

    let home = post(&app, &owner, "/api/lead/home", json!({}), 200).await;
    assert_eq!(home["pipeline"]["name"], "Sales");
    assert_eq!(
        (home["leads_total"].as_u64(), home["deals_total"].as_u64()),
        (Some(3), Some(4))
    );
    assert_eq!(
        (
            home["deals_open"].as_u64(),
            home["deals_won"].as_u64(),
            home["deals_lost"].as_u64()
        ),
        (Some(2), Some(1), Some(1))
    );
    assert_eq!(
        (
            home["open_amount"].as_f64(),
            home["won_amount"].as_f64(),
            home["win_rate"].as_f64()
        ),
        (Some(30.75), Some(100.25), Some(50.0))
    );
    let counts: Vec<u64> = home["lead_stages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["count"].as_u64().unwrap())
        .collect();
    assert_eq!(counts, [2, 1, 0, 0, 0, 0]);
    assert_eq!(
        home["deal_stages"][0]["amount"], 80.75,
        "the three deals in Initial Contact"
    );
    assert_eq!(home["deal_stages"][4]["amount"], 100.25);
    assert_eq!(home["recent_leads"][0]["name"], "C", "newest first");
    // The same with no body at all, and a pipeline that does not exist is named.
    app.post("/api/lead/home").token(&owner).send().await.expect(200);
    app.post("/api/lead/home")
        .token(&owner)
        .json(json!({"pipeline_id": 99}))
        .send()
        .await
        .expect_invalid("pipeline_id");
}

async fn the_lead_board_shows_each_stage_in_order_and_moves_keep_positions(app: TestApp) {
    let owner = app.owner_token().await;
    let mut leads = Vec::new();
    for name in ["A", "B", "C"] {
        leads.push(
            post(
                &app,
                &owner,
                "/api/lead/create",
                json!({"name": name, "email": "x@example.com", "stage_id": 2}),
                201,
            )
            .await["id"]
                .as_u64()
                .unwrap(),
        );
    }
    let first = post(
        &app,
        &owner,
        "/api/lead/create",
        json!({"name": "D", "email": "x@example.com"}),
        201,
    )
    .await["id"]
        .as_u64()
        .unwrap();
    // D moves into stage 2 at position 2: A, D, B, C.
    let moved = post(
        &app,
        &owner,
        "/api/lead/lead-stage-update",
        json!({"lead_id": first, "stage_id": 2, "order": 2}),
        200,
    )
    .await;
    assert_eq!(
        (moved["stage_id"].as_u64(), moved["order"].as_u64()),
        (Some(2), Some(2))
    );
    let board = post(&app, &owner, "/api/lead/leadboard", json!({"pipeline_id": 1}), 200).await;
    assert_eq!(board["stages"].as_array().unwrap().len(), 6);
    assert_eq!(board["stages"][1]["stage"]["name"], "Sent");
    assert_eq!(ids(&board["stages"][1]["leads"]), [leads[0], first, leads[1], leads[2]]);
    let orders: Vec<u64> = board["stages"][1]["leads"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["order"].as_u64().unwrap())
        .collect();
    assert_eq!(orders, [1, 2, 3, 4], "positions stay dense");
    // To the end of another stage when no order is given.
    post(
        &app,
        &owner,
        "/api/lead/lead-stage-update",
        json!({"lead_id": leads[0], "stage_id": 3}),
        200,
    )
    .await;
    let board = post(&app, &owner, "/api/lead/leadboard", json!({}), 200).await;
    assert_eq!(ids(&board["stages"][2]["leads"]), [leads[0]]);
    app.post("/api/lead/lead-stage-update")
        .token(&owner)
        .json(json!({"lead_id": first}))
        .send()
        .await
        .expect_invalid("stage_id");
    app.post("/api/lead/lead-stage-update")
        .token(&owner)
        .json(json!({"lead_id": first, "stage_id": 99}))
        .send()
        .await
        .expect_invalid("stage_id");
    app.post("/api/lead/lead-stage-update")
        .token(&owner)
        .json(json!({"lead_id": 999, "stage_id": 1}))
        .send()
        .await
        .expect_error(404, "not_found");
}

async fn upserts_create_without_an_id_and_update_with_one(app: TestApp) {
    let owner = app.owner_token().await;
    let lead = post(
        &app,
        &owner,
        "/api/lead/lead-create-update",
        json!({"name": "Up", "email": "up@example.com"}),
        201,
    )
    .await;
    let updated = post(
        &app,
        &owner,
        "/api/lead/lead-create-update",
        json!({"id": lead["id"], "subject": "Now with a subject", "version": 1}),
        200,
    )
    .await;
    assert_eq!(
        (updated["subject"].as_str(), updated["version"].as_u64()),
        (Some("Now with a subject"), Some(2))
    );
    app.post("/api/lead/lead-create-update")
        .token(&owner)
        .json(json!({"id": lead["id"], "name": "Stale", "version": 1}))
        .send()
        .await
        .expect_error(409, "version_conflict");
    app.post("/api/lead/lead-create-update")
        .token(&owner)
        .json(json!({"name": "No email"}))
        .send()
        .await
        .expect_invalid("email");
    app.post("/api/lead/lead-create-update")
        .token(&owner)
        .json(json!({"id": "seven", "name": "X"}))
        .send()
        .await
        .expect_invalid("id");
    app.post("/api/lead/lead-create-update")
        .token(&owner)
        .json(json!({"id": 999, "name": "X"}))
        .send()
        .await
        .expect_error(404, "not_found");

    let pipeline = post(
        &app,
        &owner,
        "/api/lead/pipeline-create-update",
        json!({"name": "Upserted"}),
        201,
    )
    .await;
    let renamed = post(
        &app,
        &owner,
        "/api/lead/pipeline-create-update",
        json!({"id": pipeline["id"], "name": "Renamed"}),
        200,
    )
    .await;
    assert_eq!(renamed["name"], "Renamed");
    let stage = post(
        &app,
        &owner,
        "/api/lead/lead-stage-create-update",
        json!({"name": "Fresh", "pipeline_id": pipeline["id"]}),
        201,
    )
    .await;
    post(
        &app,
        &owner,
        "/api/lead/lead-stage-create-update",
        json!({"id": stage["id"], "name": "Fresher"}),
        200,
    )
    .await;
    app.post("/api/lead/lead-stage-create-update")
        .token(&owner)
        .json(json!({"pipeline_id": pipeline["id"]}))
        .send()
        .await
        .expect_invalid("name");

    let stages = post(
        &app,
        &owner,
        "/api/lead/lead-stages",
        json!({"pipeline_id": pipeline["id"]}),
        200,
    )
    .await;
    assert_eq!(stages["lead_stages"][0]["name"], "Fresher");
    assert_eq!(stages["deal_stages"].as_array().unwrap().len(), 0);
    app.post("/api/lead/lead-stages")
        .token(&owner)
        .json(json!({"pipeline_id": "x"}))
        .send()
        .await
        .expect_invalid("pipeline_id");

    let all = app
        .get("/api/lead/pipelines")
        .token(&owner)
        .send()
        .await
        .expect(200)
        .body;
    assert_eq!(all["data"].as_array().unwrap().len(), 2);
    assert_eq!(all["data"][0]["lead_stages"].as_array().unwrap().len(), 6);
    assert_eq!(all["data"][0]["deal_stages"].as_array().unwrap().len(), 5);

    let gone = post(
        &app,
        &owner,
        "/api/lead/lead-delete",
        json!({"lead_id": lead["id"]}),
        200,
    )
    .await;
    assert_eq!(gone["id"], lead["id"]);
    app.post("/api/lead/lead-delete")
        .token(&owner)
        .json(json!({"lead_id": lead["id"]}))
        .send()
        .await
        .expect_error(404, "not_found");
    app.post("/api/lead/lead-delete")
        .token(&owner)
        .json(json!({}))
        .send()
        .await
        .expect_invalid("lead_id");
    app.post("/api/lead/lead-details")
        .token(&owner)
        .json(json!({}))
        .send()
        .await
        .expect_invalid("lead_id");
}

async fn the_form_helpers_list_the_real_options(app: TestApp) {
    let owner = app.owner_token().await;
    let (staff_id, _) = app.user_with_role("staff").await;
    let (client_id, _) = app.user_with_role("client").await;
    let users = app
        .get("/api/lead/get-users")
        .token(&owner)
        .send()
        .await
        .expect(200)
        .body;
    assert_eq!(ids(&users["data"]), [1, staff_id], "clients cannot own leads");
    let data = app
        .get("/api/lead/get-request-data")
        .token(&owner)
        .send()
        .await
        .expect(200)
        .body;
    assert_eq!(data["pipelines"][0]["pipeline"]["name"], "Sales");
    assert_eq!(data["labels"].as_array().unwrap().len(), 3);
    assert_eq!(data["sources"].as_array().unwrap().len(), 4);
    assert_eq!(ids(&data["clients"]), [client_id]);
    assert_eq!(data["deal_statuses"], json!(["open", "won", "lost"]));
    assert_eq!(data["call_types"], json!(["outbound", "inbound"]));
}

on_both_stores!(
    home_counts_and_sums_per_stage_and_status,
    the_lead_board_shows_each_stage_in_order_and_moves_keep_positions,
    upserts_create_without_an_id_and_update_with_one,
    the_form_helpers_list_the_real_options
);
