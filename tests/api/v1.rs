//! The versioned third-party slice's customers (`/api/v1/customers`): the accounting customers,
//! through the accounting library, with the envelope, paging, gates and events of the slice.

use serde_json::{json, Value};

use crate::harness::{disable_modules, id, TestApp};
use crate::on_both_stores;
use crate::webhooks::Receiver;

async fn create_customer(app: &TestApp, token: &str, body: Value) -> Value {
    app.post("/api/v1/customers")
        .token(token)
        .json(body)
        .send()
        .await
        .expect(201)
        .body
}

async fn v1_customers_are_created_listed_shown_and_updated(app: TestApp) {
    let owner = app.owner_token().await;
    let acme = create_customer(
        &app,
        &owner,
        json!({"name": "Acme Ltd", "email": "Billing@Acme.example", "payment_terms": "net_15",
            "billing_address": {"line1": "1 Main St", "city": "Lyon", "country": "FR"}, "tags": ["wholesale"]}),
    )
    .await;
    assert_eq!(
        (
            acme["email"].as_str(),
            acme["payment_terms"].as_str(),
            acme["version"].as_u64()
        ),
        (Some("billing@acme.example"), Some("net_15"), Some(1))
    );
    assert_eq!(acme["billing_address"]["city"], "Lyon");
    create_customer(&app, &owner, json!({"name": "Beta SARL"})).await;
    for n in 0..3 {
        create_customer(&app, &owner, json!({"name": format!("Gamma {n}")})).await;
    }

    let page = app
        .get("/api/v1/customers?per_page=2&sort=name")
        .token(&owner)
        .send()
        .await
        .expect(200)
        .body;
    assert_eq!(page["meta"]["total"], 5);
    assert_eq!(
        (page["meta"]["per_page"].as_u64(), page["meta"]["last_page"].as_u64()),
        (Some(2), Some(3))
    );
    assert_eq!(page["data"][0]["name"], "Acme Ltd");
    assert_eq!(page["data"][1]["name"], "Beta SARL");
    let tagged = app
        .get("/api/v1/customers?tag=wholesale")
        .token(&owner)
        .send()
        .await
        .expect(200)
        .body;
    assert_eq!(tagged["meta"]["total"], 1);
    // The same records as the accounting routes.
    let classic = app.get("/api/customers").token(&owner).send().await.expect(200).body;
    assert_eq!(classic["meta"]["total"], 5);

    let path = format!("/api/v1/customers/{}", id(&acme));
    let shown = app.get(&path).token(&owner).send().await.expect(200).body;
    assert_eq!(shown, acme);
    let updated = app
        .put(&path)
        .token(&owner)
        .json(json!({"phone": "+33 4 00", "email": null, "version": 1}))
        .send()
        .await
        .expect(200)
        .body;
    assert_eq!(
        (
            updated["phone"].as_str(),
            updated["email"].is_null(),
            updated["name"].as_str()
        ),
        (Some("+33 4 00"), true, Some("Acme Ltd")),
        "absent fields stay, null clears"
    );
    assert_eq!(updated["version"], 2);
    app.put(&path)
        .token(&owner)
        .json(json!({"name": "Stale", "version": 1}))
        .send()
        .await
        .expect_error(409, "version_conflict");
    assert_eq!(app.get(&path).token(&owner).send().await.expect(200).body, updated);
}

async fn v1_customers_refuse_bad_bodies_unknown_ids_and_other_workspaces(app: TestApp) {
    let owner = app.owner_token().await;
    app.post("/api/v1/customers")
        .token(&owner)
        .json(json!({"email": "not-an-email"}))
        .send()
        .await
        .expect_invalid("name")
        .expect_invalid("email");
    app.post("/api/v1/customers")
        .token(&owner)
        .json(json!({"name": "X", "payment_terms": "net_99"}))
        .send()
        .await
        .expect_invalid("payment_terms");
    let kept = create_customer(&app, &owner, json!({"name": "Kept"})).await;
    let path = format!("/api/v1/customers/{}", id(&kept));
    app.put(&path)
        .token(&owner)
        .json(json!({"name": ""}))
        .send()
        .await
        .expect_invalid("name");
    for unknown in ["/api/v1/customers/999"] {
        app.get(unknown)
            .token(&owner)
            .send()
            .await
            .expect_error(404, "not_found");
        app.put(unknown)
            .token(&owner)
            .json(json!({"name": "Y"}))
            .send()
            .await
            .expect_error(404, "not_found");
    }
    let (_, email, password) = app.second_workspace().await;
    let other = app.login(&email, &password).await;
    app.get(&path).token(&other).send().await.expect_error(404, "not_found");
    app.put(&path)
        .token(&other)
        .json(json!({"name": "Taken over"}))
        .send()
        .await
        .expect_error(404, "not_found");
    let theirs = app.get("/api/v1/customers").token(&other).send().await.expect(200).body;
    assert_eq!(theirs["meta"]["total"], 0);
    app.get("/api/v1/customers")
        .send()
        .await
        .expect_error(401, "unauthenticated");

    // The slice is gated by the accounting module like the classic routes.
    disable_modules(app.state.store(), app.tenant, &["accounting"]).await;
    app.get("/api/v1/customers")
        .token(&owner)
        .send()
        .await
        .expect_error(403, "module_disabled");
    assert_eq!(app.count(app.tenant, "acc_customer").await, 1);
}

async fn creating_a_v1_customer_sends_customer_created(app: TestApp) {
    let mut app = app;
    app.start_worker();
    let owner = app.owner_token().await;
    let (url, receiver) = Receiver::start(0, None).await;
    let sub = app
        .post("/api/v1/webhooks")
        .token(&owner)
        .json(json!({"url": url, "events": ["customer.created", "customer.updated"]}))
        .send()
        .await
        .expect(201)
        .body;
    let secret = sub["secret"].as_str().unwrap().to_owned();
    let acme = create_customer(&app, &owner, json!({"name": "Acme Ltd"})).await;
    app.put(&format!("/api/v1/customers/{}", id(&acme)))
        .token(&owner)
        .json(json!({"tags": ["vip"]}))
        .send()
        .await
        .expect(200);
    let got = receiver.wait_for(2).await;
    let mut types: Vec<String> = got
        .iter()
        .map(|r| r.json()["type"].as_str().unwrap().to_owned())
        .collect();
    types.sort();
    assert_eq!(types, ["customer.created", "customer.updated"]);
    for received in &got {
        assert!(received.signed_by(&secret));
        assert_eq!(received.json()["data"]["id"], acme["id"]);
    }
}

on_both_stores!(
    v1_customers_are_created_listed_shown_and_updated,
    v1_customers_refuse_bad_bodies_unknown_ids_and_other_workspaces,
    creating_a_v1_customer_sends_customer_created,
);
