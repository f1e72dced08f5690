//! Deals (functions/crm/src/deals.rs): amounts, statuses, clients, users, sources, products and
//! labels, and their own activity and files.

use serde_json::json;

use super::*;
use crate::harness::{get, post, TestApp};
use crate::inventory::product;
use crate::on_both_stores;

async fn deals_carry_amounts_statuses_clients_and_their_own_activity(app: TestApp) {
    let owner = app.owner_token().await;
    let (client_id, _) = app.user_with_role("client").await;
    let deal = post(
        &app,
        &owner,
        "/api/deal/create",
        json!({"name": "Support plan", "price": 1200.10, "close_date": "2027-01-31", "stage_id": 2}),
        201,
    )
    .await;
    let deal_id = id(&deal);
    assert_eq!(
        (
            deal["amount"].as_f64(),
            deal["stage_id"].as_u64(),
            deal["status"].as_str()
        ),
        (Some(1200.1), Some(2), Some("open"))
    );
    app.post("/api/deal/create")
        .token(&owner)
        .json(json!({"name": "X", "amount": -1}))
        .send()
        .await
        .expect_invalid("amount");
    app.post("/api/deal/create")
        .token(&owner)
        .json(json!({"name": "X", "amount": "lots"}))
        .send()
        .await
        .expect_invalid("amount");
    app.post("/api/deal/create")
        .token(&owner)
        .json(json!({"name": "X", "close_date": "soon"}))
        .send()
        .await
        .expect_invalid("close_date");
    let won = post(
        &app,
        &owner,
        &format!("/api/deal/update/{deal_id}"),
        json!({"status": "won"}),
        200,
    )
    .await;
    assert_eq!(won["status"], "won");
    app.post(&format!("/api/deal/update/{deal_id}"))
        .token(&owner)
        .json(json!({"status": "maybe"}))
        .send()
        .await
        .expect_invalid("status");
    assert_eq!(get(&app, &owner, "/api/deals?status=won").await["meta"]["total"], 1);
    assert_eq!(
        get(&app, &owner, &format!("/api/deal/show/{deal_id}")).await["amount"],
        1200.1
    );

    let with_client = post(
        &app,
        &owner,
        &format!("/api/deal-client/store/{deal_id}"),
        json!({"clients": [client_id]}),
        200,
    )
    .await;
    assert_eq!(with_client["clients"], json!([client_id]));
    app.post(&format!("/api/deal-client/store/{deal_id}"))
        .token(&owner)
        .json(json!({"clients": [1]}))
        .send()
        .await
        .expect_invalid("clients");
    assert_eq!(
        get(&app, &owner, &format!("/api/deals?client_id={client_id}")).await["meta"]["total"],
        1
    );
    app.delete(&format!("/api/deal-client/{deal_id}/delete/{client_id}"))
        .token(&owner)
        .send()
        .await
        .expect(200);
    post(
        &app,
        &owner,
        &format!("/api/deal-user/store/{deal_id}"),
        json!({"users": [1]}),
        200,
    )
    .await;
    app.delete(&format!("/api/deal-user/{deal_id}/delete/1"))
        .token(&owner)
        .send()
        .await
        .expect(200);
    post(
        &app,
        &owner,
        &format!("/api/deal-source/store/{deal_id}"),
        json!({"sources": [3]}),
        200,
    )
    .await;
    app.delete(&format!("/api/deal-source/{deal_id}/delete/3"))
        .token(&owner)
        .send()
        .await
        .expect(200);
    let four = product(&app, &owner, "P-4").await;
    post(
        &app,
        &owner,
        &format!("/api/deal/assign-products/{deal_id}"),
        json!({"products": [four]}),
        200,
    )
    .await;
    app.delete(&format!("/api/deal/{deal_id}/products/{four}"))
        .token(&owner)
        .send()
        .await
        .expect(200);
    app.delete(&format!("/api/deal/{deal_id}/products/{four}"))
        .token(&owner)
        .send()
        .await
        .expect_error(404, "not_found");
    assert_eq!(
        post(
            &app,
            &owner,
            &format!("/api/deal/add-label/{deal_id}"),
            json!({"labels": [1]}),
            200
        )
        .await["labels"],
        json!([1])
    );

    let task = post(
        &app,
        &owner,
        "/api/deal-task/create",
        json!({"deal_id": deal_id, "name": "Kick-off"}),
        201,
    )
    .await;
    post(
        &app,
        &owner,
        &format!("/api/deal-task/update/{}", id(&task)),
        json!({"priority": "low"}),
        200,
    )
    .await;
    app.post("/api/deal-task/create")
        .token(&owner)
        .json(json!({"lead_id": 1, "name": "Wrong parent"}))
        .send()
        .await
        .expect_invalid("deal_id");
    let call = post(
        &app,
        &owner,
        "/api/deal-call/store",
        json!({"deal_id": deal_id, "subject": "Check-in", "call_type": "inbound"}),
        201,
    )
    .await;
    post(
        &app,
        &owner,
        &format!("/api/deal-call/update/{}", id(&call)),
        json!({"duration": "5m"}),
        200,
    )
    .await;
    post(
        &app,
        &owner,
        &format!("/api/deal-email/store/{deal_id}"),
        json!({"to": "c@example.com", "subject": "Contract"}),
        201,
    )
    .await;
    post(
        &app,
        &owner,
        &format!("/api/deal-discussion/store/{deal_id}"),
        json!({"comment": "Signed"}),
        201,
    )
    .await;
    let form = reqwest::multipart::Form::new().part(
        "file",
        reqwest::multipart::Part::bytes(vec![1, 2, 3]).file_name("contract.pdf"),
    );
    let file = app
        .post(&format!("/api/deal-file/store/{deal_id}"))
        .token(&owner)
        .multipart(form)
        .send()
        .await
        .expect(201)
        .body;
    assert_eq!(file["deal_id"], deal_id);
    app.delete(&format!("/api/deal-file/{deal_id}/delete/{}", id(&file)))
        .token(&owner)
        .send()
        .await
        .expect(200);
    app.delete(&format!("/api/deal-call/delete/{}", id(&call)))
        .token(&owner)
        .send()
        .await
        .expect(200);
    app.delete(&format!("/api/deal-task/delete/{}", id(&task)))
        .token(&owner)
        .send()
        .await
        .expect(200);
    app.delete(&format!("/api/deal/delete/{deal_id}"))
        .token(&owner)
        .send()
        .await
        .expect(200);
    assert_eq!(
        app.count(app.tenant, "crm_deal").await + app.count(app.tenant, "crm_email").await,
        0
    );
}

on_both_stores!(deals_carry_amounts_statuses_clients_and_their_own_activity);
