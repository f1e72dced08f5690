//! Customers and vendors: CRUD with every field, validation, the pickers, events.

use super::*;
use crate::on_both_stores;

async fn customers_are_created_listed_updated_and_deleted(app: TestApp) {
    let owner = app.owner_token().await;
    let body = json!({
        "name": "Acme Ltd", "email": "Billing@Acme.example", "phone": "+33 4 00 00 00 00",
        "tax_number": "FR123", "payment_terms": "net 15", "tags": ["wholesale", "eu"],
        "billing_address": {"line1": "1 Main St", "city": "Lyon", "country": "FR"},
        "shipping_address": {"line1": "2 Dock Rd", "city": "Marseille"}
    });
    let acme = create(&app, &owner, "/api/customers/create", body).await;
    assert_eq!(acme["email"], "billing@acme.example");
    assert_eq!(acme["payment_terms"], "net_15");
    assert_eq!(acme["billing_address"]["city"], "Lyon");
    assert_eq!(acme["shipping_address"]["line1"], "2 Dock Rd");
    assert_eq!(acme["tags"], json!(["wholesale", "eu"]));
    assert_eq!(
        (acme["is_active"].as_bool(), acme["version"].as_u64()),
        (Some(true), Some(1))
    );
    let beta = create(&app, &owner, "/api/customers/create", json!({"name": "Beta"})).await;
    assert_eq!(beta["payment_terms"], "net_30", "the default terms");

    assert_eq!(
        names(&get(&app, &owner, "/api/customers?sort=-name").await),
        ["Beta", "Acme Ltd"]
    );
    assert_eq!(names(&get(&app, &owner, "/api/customers?tag=eu").await), ["Acme Ltd"]);
    assert_eq!(
        names(&get(&app, &owner, "/api/customers?search=acm").await),
        ["Acme Ltd"]
    );

    let path = format!("/api/customers/update/{}", id(&acme));
    let body = json!({"name": "Acme Group", "phone": null, "shipping_address": null, "version": 1});
    let updated = post(&app, &owner, &path, body, 200).await;
    assert_eq!(
        (updated["name"].as_str(), updated["version"].as_u64()),
        (Some("Acme Group"), Some(2))
    );
    assert_eq!(
        (updated["phone"].clone(), updated["shipping_address"].clone()),
        (Value::Null, Value::Null)
    );
    assert_eq!(updated["billing_address"]["city"], "Lyon", "absent fields stay");
    assert_eq!(updated["tax_number"], "FR123");
    try_post(&app, &owner, &path, json!({"name": "Stale", "version": 1}))
        .await
        .expect_error(409, "version_conflict");

    let bid = id(&beta);
    let gone = app
        .delete(&format!("/api/customers/delete/{bid}"))
        .token(&owner)
        .send()
        .await
        .expect(200);
    assert_eq!(gone.body["id"], bid);
    try_delete(&app, &owner, &format!("/api/customers/delete/{bid}"))
        .await
        .expect_error(404, "not_found");
    assert_eq!(ids(&get(&app, &owner, "/api/customers").await), [id(&acme)]);
}

async fn party_bodies_are_checked_field_by_field(app: TestApp) {
    let owner = app.owner_token().await;
    for path in ["/api/customers/create", "/api/vendors/create"] {
        let body = json!({
            "email": "nope", "payment_terms": "net_90", "tags": [""],
            "billing_address": {"city": "x".repeat(81)}
        });
        let refused = try_post(&app, &owner, path, body).await.expect_invalid("name");
        for field in ["email", "payment_terms", "tags", "billing_address.city"] {
            assert!(refused.body["errors"][field].is_array(), "{field}: {}", refused.body);
        }
    }
    let vendor = create(&app, &owner, "/api/vendors/create", json!({"name": "Paper Co"})).await;
    let path = format!("/api/vendors/update/{}", id(&vendor));
    try_post(&app, &owner, &path, json!({"name": " ", "email": "bad"}))
        .await
        .expect_invalid("email")
        .expect_invalid("name");
    assert_eq!(
        get(&app, &owner, "/api/vendors").await["meta"]["total"],
        1,
        "nothing else stored"
    );
    assert_eq!(get(&app, &owner, "/api/customers").await["meta"]["total"], 0);
}

async fn pickers_list_active_records_by_name(app: TestApp) {
    let owner = app.owner_token().await;
    for name in ["Zeta", "Alpha", "Mid"] {
        create(&app, &owner, "/api/customers/create", json!({"name": name})).await;
        create(&app, &owner, "/api/vendors/create", json!({"name": name})).await;
    }
    create(
        &app,
        &owner,
        "/api/customers/create",
        json!({"name": "Old", "is_active": false}),
    )
    .await;
    let clients = get(&app, &owner, "/api/get-clients").await;
    assert_eq!(names(&clients), ["Alpha", "Mid", "Zeta"]);
    assert_eq!(clients["data"][0]["payment_terms"], "net_30");
    assert_eq!(
        names(&get(&app, &owner, "/api/get-vendors").await),
        ["Alpha", "Mid", "Zeta"]
    );
    assert_eq!(names(&get(&app, &owner, "/api/get-clients?search=ze").await), ["Zeta"]);
    assert_eq!(get(&app, &owner, "/api/customers").await["meta"]["total"], 4);
}

async fn customer_and_vendor_events_are_listed(app: TestApp) {
    let owner = app.owner_token().await;
    let types = get(&app, &owner, "/api/v1/webhooks/event-types?per_page=100").await;
    let listed: Vec<&str> = types["data"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|t| t["name"].as_str())
        .collect();
    for party in ["customer", "vendor"] {
        for change in ["created", "updated", "deleted"] {
            let event = format!("{party}.{change}");
            assert!(listed.contains(&event.as_str()), "{event} missing from {listed:?}");
        }
    }
}

on_both_stores!(
    customers_are_created_listed_updated_and_deleted,
    party_bodies_are_checked_field_by_field,
    pickers_list_active_records_by_name,
    customer_and_vendor_events_are_listed,
);
