//! Declared references (`Resource::REFS`): a record another still names cannot be deleted, the
//! refusal says who names it, and the counts follow every change of the holders.

use serde_json::{json, Value};

use crate::harness::TestApp;
use crate::on_both_stores;

async fn create(app: &TestApp, token: &str, path: &str, body: Value) -> u64 {
    app.post(path).token(token).json(body).send().await.expect(201).body["id"]
        .as_u64()
        .unwrap()
}

async fn a_label_in_use_is_refused_naming_its_holders_until_they_let_go(app: TestApp) {
    let owner = app.owner_token().await;
    let label = create(
        &app,
        &owner,
        "/api/label/create",
        json!({"name": "Hot", "color": "#ff0000"}),
    )
    .await;
    let with_label = |n: u32| json!({"name": format!("L{n}"), "email": format!("l{n}@example.com"), "labels": [label]});
    let first = create(&app, &owner, "/api/lead/create", with_label(1)).await;
    let second = create(&app, &owner, "/api/lead/create", with_label(2)).await;
    let deal = create(
        &app,
        &owner,
        "/api/deal/create",
        json!({"name": "D", "labels": [label]}),
    )
    .await;

    let refused = app
        .delete(&format!("/api/label/delete/{label}"))
        .token(&owner)
        .send()
        .await
        .expect_error(409, "in_use");
    let message = refused.body["message"].as_str().unwrap();
    assert!(message.contains("2 leads") && message.contains("1 deal"), "{message}");

    // Each way a holder lets go counts: an update dropping the label, a delete.
    app.post(&format!("/api/lead/update/{first}"))
        .token(&owner)
        .json(json!({"labels": []}))
        .send()
        .await
        .expect(200);
    app.delete(&format!("/api/lead/delete/{second}"))
        .token(&owner)
        .send()
        .await
        .expect(200);
    let refused = app
        .delete(&format!("/api/label/delete/{label}"))
        .token(&owner)
        .send()
        .await
        .expect_error(409, "in_use");
    assert!(
        refused.body["message"].as_str().unwrap().contains("1 deal"),
        "{}",
        refused.body
    );
    assert!(
        !refused.body["message"].as_str().unwrap().contains("lead"),
        "{}",
        refused.body
    );
    app.delete(&format!("/api/deal/delete/{deal}"))
        .token(&owner)
        .send()
        .await
        .expect(200);
    app.delete(&format!("/api/label/delete/{label}"))
        .token(&owner)
        .send()
        .await
        .expect(200);
    app.delete(&format!("/api/label/delete/{label}"))
        .token(&owner)
        .send()
        .await
        .expect_error(404, "not_found");
}

/// The holder's transaction checks what it names exists, so a record deleted after a request
/// validated its body is never named: the write fails and stores nothing.
async fn a_holder_naming_a_record_that_is_gone_stores_nothing(app: TestApp) {
    use crm::leads::Lead;
    use shared::resource::{ops, Cx};
    let owner = app.owner_token().await;
    let lead = create(
        &app,
        &owner,
        "/api/lead/create",
        json!({"name": "L", "email": "l@example.com"}),
    )
    .await;
    let cx = Cx::system(&app.state, app.tenant, 1);
    let mut built: Lead = ops::load(cx, lead).await.unwrap();
    built.meta.id = 0;
    built.labels = vec![4242];
    let err = ops::insert_built(cx, built, Vec::new()).await.unwrap_err();
    assert_eq!(err.code(), "conflict", "{err:?}");
    let leads = app.get("/api/leads").token(&owner).send().await.expect(200);
    assert_eq!(leads.body["meta"]["total"], 1, "nothing stored: {}", leads.body);
}

on_both_stores!(
    a_label_in_use_is_refused_naming_its_holders_until_they_let_go,
    a_holder_naming_a_record_that_is_gone_stores_nothing
);
