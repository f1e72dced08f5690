//! The specification's 4.2 contact and deal routes under `/api/v1`, the lead-capture widget, and
//! signed webhooks for contact and deal changes.

use serde_json::{json, Value};

use crate::harness::{disable_modules, TestApp};
use crate::on_both_stores;
use crate::webhooks::Receiver;

pub async fn create_contact(app: &TestApp, token: &str, body: Value) -> Value {
    app.post("/api/v1/contacts")
        .token(token)
        .json(body)
        .send()
        .await
        .expect(201)
        .body
}

async fn contacts_are_created_listed_shown_patched_and_deleted(app: TestApp) {
    let owner = app.owner_token().await;
    let ada = create_contact(
        &app,
        &owner,
        json!({"name": "Ada", "email": "Ada@Example.com", "phone": "+44 1", "tags": ["vip", "vip", "math"]}),
    )
    .await;
    assert_eq!(ada["email"], "ada@example.com");
    assert_eq!(ada["tags"], json!(["vip", "math"]));
    create_contact(&app, &owner, json!({"name": "Grace"})).await;
    let list = app.get("/api/v1/contacts").token(&owner).send().await.expect(200).body;
    assert_eq!(list["meta"]["total"], 2);
    let first = &list["data"][0];
    for field in ["id", "name", "email", "phone", "tags"] {
        assert!(first.get(field).is_some(), "{field} in {first}");
    }
    let id = ada["id"].as_u64().unwrap();
    assert_eq!(
        app.get("/api/v1/contacts?tag=VIP")
            .token(&owner)
            .send()
            .await
            .expect(200)
            .body["meta"]["total"],
        1
    );
    assert_eq!(
        app.get("/api/v1/contacts?search=grace")
            .token(&owner)
            .send()
            .await
            .expect(200)
            .body["data"][0]["name"],
        "Grace"
    );
    let patched = app
        .patch(&format!("/api/v1/contacts/{id}"))
        .token(&owner)
        .json(json!({"phone": null, "tags": ["customer"]}))
        .send()
        .await
        .expect(200)
        .body;
    assert_eq!(
        (
            patched["phone"].clone(),
            patched["tags"].clone(),
            patched["name"].as_str()
        ),
        (Value::Null, json!(["customer"]), Some("Ada"))
    );
    app.patch(&format!("/api/v1/contacts/{id}"))
        .token(&owner)
        .header("if-match", "1")
        .json(json!({"name": "Stale"}))
        .send()
        .await
        .expect_error(409, "version_conflict");
    app.patch(&format!("/api/v1/contacts/{id}"))
        .token(&owner)
        .header("if-match", "soon")
        .json(json!({"name": "X"}))
        .send()
        .await
        .expect_invalid("If-Match");
    assert_eq!(
        app.get(&format!("/api/v1/contacts/{id}"))
            .token(&owner)
            .send()
            .await
            .expect(200)
            .body["version"],
        2
    );
    app.delete(&format!("/api/v1/contacts/{id}"))
        .token(&owner)
        .send()
        .await
        .expect(200);
    app.get(&format!("/api/v1/contacts/{id}"))
        .token(&owner)
        .send()
        .await
        .expect_error(404, "not_found");
}

async fn contact_bodies_are_checked_and_change_nothing_when_bad(app: TestApp) {
    let owner = app.owner_token().await;
    app.post("/api/v1/contacts")
        .token(&owner)
        .json(json!({"email": "a@example.com"}))
        .send()
        .await
        .expect_invalid("name");
    app.post("/api/v1/contacts")
        .token(&owner)
        .json(json!({"name": "A", "email": "not-an-address"}))
        .send()
        .await
        .expect_invalid("email");
    app.post("/api/v1/contacts")
        .token(&owner)
        .json(json!({"name": "A", "tags": "vip"}))
        .send()
        .await
        .expect_invalid("tags");
    app.post("/api/v1/contacts")
        .token(&owner)
        .json(json!({"name": "A", "tags": [""]}))
        .send()
        .await
        .expect_invalid("tags");
    app.post("/api/v1/contacts")
        .token(&owner)
        .raw("text/plain", "name=A")
        .send()
        .await
        .expect_error(415, "unsupported_media_type");
    app.post("/api/v1/contacts")
        .token(&owner)
        .raw("application/json", "{oops")
        .send()
        .await
        .expect_error(400, "malformed_json");
    let id = create_contact(&app, &owner, json!({"name": "Kept"})).await["id"]
        .as_u64()
        .unwrap();
    app.patch(&format!("/api/v1/contacts/{id}"))
        .token(&owner)
        .json(json!({"email": "bad"}))
        .send()
        .await
        .expect_invalid("email");
    assert_eq!(app.count(app.tenant, "crm_contact").await, 1);
    let (_, email, password) = app.second_workspace().await;
    let other = app.login(&email, &password).await;
    app.get(&format!("/api/v1/contacts/{id}"))
        .token(&other)
        .send()
        .await
        .expect_error(404, "not_found");
    app.delete(&format!("/api/v1/contacts/{id}"))
        .token(&other)
        .send()
        .await
        .expect_error(404, "not_found");
}

async fn a_deal_stage_is_patched_by_name_or_id_within_its_pipeline(app: TestApp) {
    let owner = app.owner_token().await;
    let deal = app
        .post("/api/deal/create")
        .token(&owner)
        .json(json!({"name": "Deal"}))
        .send()
        .await
        .expect(201)
        .body;
    let id = deal["id"].as_u64().unwrap();
    let patched = app
        .patch(&format!("/api/v1/deals/{id}"))
        .token(&owner)
        .json(json!({"stage": "proposal", "amount": 999.99, "close_date": "2027-02-28"}))
        .send()
        .await
        .expect(200)
        .body;
    assert_eq!(
        (
            patched["stage_id"].as_u64(),
            patched["amount"].as_f64(),
            patched["close_date"].as_str()
        ),
        (Some(4), Some(999.99), Some("2027-02-28"))
    );
    let by_id = app
        .patch(&format!("/api/v1/deals/{id}"))
        .token(&owner)
        .json(json!({"stage": 2}))
        .send()
        .await
        .expect(200)
        .body;
    assert_eq!(by_id["stage_id"], 2);
    let resp = app
        .patch(&format!("/api/v1/deals/{id}"))
        .token(&owner)
        .json(json!({"stage": "Nowhere"}))
        .send()
        .await
        .expect_invalid("stage");
    assert!(
        resp.body["errors"]["stage"][0]
            .as_str()
            .unwrap()
            .contains("Initial Contact"),
        "names the choices"
    );
    // A stage of another pipeline is not this deal's.
    let other = app
        .post("/api/pipeline/create")
        .token(&owner)
        .json(json!({"name": "Other"}))
        .send()
        .await
        .expect(201)
        .body;
    let foreign = app
        .post("/api/deal-stage/create")
        .token(&owner)
        .json(json!({"name": "Foreign", "pipeline_id": other["id"]}))
        .send()
        .await
        .expect(201)
        .body;
    app.patch(&format!("/api/v1/deals/{id}"))
        .token(&owner)
        .json(json!({"stage": foreign["id"]}))
        .send()
        .await
        .expect_invalid("stage");
    app.patch(&format!("/api/v1/deals/{id}"))
        .token(&owner)
        .json(json!({"close_date": "tomorrow"}))
        .send()
        .await
        .expect_invalid("close_date");
    app.patch(&format!("/api/v1/deals/{id}"))
        .token(&owner)
        .json(json!({"amount": -5}))
        .send()
        .await
        .expect_invalid("amount");
    app.patch(&format!("/api/v1/deals/{id}"))
        .token(&owner)
        .json(json!({"stage": "Close", "version": 1}))
        .send()
        .await
        .expect_error(409, "version_conflict");
    app.patch("/api/v1/deals/999")
        .token(&owner)
        .json(json!({"stage": "Close"}))
        .send()
        .await
        .expect_error(404, "not_found");
    assert_eq!(
        app.get(&format!("/api/deal/show/{id}"))
            .token(&owner)
            .send()
            .await
            .expect(200)
            .body["stage_id"],
        2,
        "the failures changed nothing"
    );
}

async fn a_deal_patch_answers_its_stage_by_id_and_name(app: TestApp) {
    let owner = app.owner_token().await;
    let deal = app
        .post("/api/deal/create")
        .token(&owner)
        .json(json!({"name": "Deal"}))
        .send()
        .await
        .expect(201)
        .body;
    let id = deal["id"].as_u64().unwrap();
    let by_name = app
        .patch(&format!("/api/v1/deals/{id}"))
        .token(&owner)
        .json(json!({"stage": "proposal"}))
        .send()
        .await
        .expect(200)
        .body;
    assert_eq!(by_name["stage"], json!({"id": 4, "name": "Proposal"}), "{by_name}");
    assert_eq!(by_name["stage_id"], 4);
    assert_eq!(by_name["name"], "Deal", "the deal's own fields are still there");
    let by_id = app
        .patch(&format!("/api/v1/deals/{id}"))
        .token(&owner)
        .json(json!({"stage": 2}))
        .send()
        .await
        .expect(200)
        .body;
    assert_eq!(
        (by_id["stage"]["id"].as_u64(), by_id["stage_id"].as_u64()),
        (Some(2), Some(2))
    );
    // Without a stage in the body the answer still names the deal's current one.
    let unchanged = app
        .patch(&format!("/api/v1/deals/{id}"))
        .token(&owner)
        .json(json!({"amount": 5}))
        .send()
        .await
        .expect(200)
        .body;
    assert_eq!(unchanged["stage"], by_id["stage"]);
}

async fn a_subscriber_receives_signed_contact_and_deal_stage_events(app: TestApp) {
    let mut app = app;
    app.start_worker();
    let owner = app.owner_token().await;
    let (url, receiver) = Receiver::start(0, None).await;
    let sub = app
        .post("/api/v1/webhooks")
        .token(&owner)
        .json(json!({"url": url, "events": ["contact.created", "contact.updated", "deal.stage_changed"]}))
        .send()
        .await
        .expect(201)
        .body;
    let secret = sub["secret"].as_str().unwrap().to_owned();
    let contact = create_contact(&app, &owner, json!({"name": "Ada", "email": "ada@example.com"})).await;
    app.patch(&format!("/api/v1/contacts/{}", contact["id"]))
        .token(&owner)
        .json(json!({"tags": ["vip"]}))
        .send()
        .await
        .expect(200);
    let deal = app
        .post("/api/deal/create")
        .token(&owner)
        .json(json!({"name": "Deal"}))
        .send()
        .await
        .expect(201)
        .body;
    app.patch(&format!("/api/v1/deals/{}", deal["id"]))
        .token(&owner)
        .json(json!({"stage": "Meeting"}))
        .send()
        .await
        .expect(200);
    // A deal change without a stage change sends no stage event.
    app.patch(&format!("/api/v1/deals/{}", deal["id"]))
        .token(&owner)
        .json(json!({"amount": 5}))
        .send()
        .await
        .expect(200);
    let got = receiver.wait_for(3).await;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert_eq!(receiver.received().len(), 3, "only the subscribed events");
    let mut types: Vec<String> = got
        .iter()
        .map(|r| r.json()["type"].as_str().unwrap().to_owned())
        .collect();
    types.sort();
    assert_eq!(types, ["contact.created", "contact.updated", "deal.stage_changed"]);
    for received in &got {
        assert!(received.signed_by(&secret), "signed: {}", received.json());
    }
    let stage_event = got
        .iter()
        .map(|r| r.json())
        .find(|e| e["type"] == "deal.stage_changed")
        .unwrap();
    assert_eq!(
        (
            stage_event["data"]["from_stage_id"].as_u64(),
            stage_event["data"]["to_stage_id"].as_u64()
        ),
        (Some(1), Some(3))
    );
    assert_eq!(stage_event["data"]["deal"]["id"], deal["id"]);
    let updated = got
        .iter()
        .map(|r| r.json())
        .find(|e| e["type"] == "contact.updated")
        .unwrap();
    assert_eq!(updated["data"]["tags"], json!(["vip"]));
}

async fn a_widget_turns_a_public_form_into_a_lead_and_refuses_abuse(app: TestApp) {
    let owner = app.owner_token().await;
    let widget = app
        .post("/api/v1/widgets")
        .token(&owner)
        .json(json!({"name": "Site form", "fields": ["phone", "notes"], "stage_id": 2, "color": "#112233"}))
        .send()
        .await
        .expect(201)
        .body;
    let token = widget["token"].as_str().unwrap().to_owned();
    assert!(token.starts_with("wgt_"));
    let config = app.get(&format!("/api/widget/{token}")).send().await.expect(200).body;
    let fields: Vec<&str> = config["fields"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["name"].as_str().unwrap())
        .collect();
    assert_eq!(fields, ["name", "email", "phone", "notes"]);
    assert_eq!(
        (config["color"].as_str(), config["submit_url"].as_str()),
        (Some("#112233"), Some("/api/widget/lead"))
    );

    let thanks = app
        .post("/api/widget/lead")
        .json(json!({
            "token": token, "name": "Visitor", "email": "v@example.com", "phone": "+1 5",
            "subject": "ignored, not asked"
        }))
        .send()
        .await
        .expect(201)
        .body;
    assert_eq!(thanks["message"], "Thank you, we will be in touch.");
    let leads = app.get("/api/leads").token(&owner).send().await.expect(200).body;
    assert_eq!(leads["meta"]["total"], 1);
    let lead = &leads["data"][0];
    assert_eq!(
        (lead["name"].as_str(), lead["stage_id"].as_u64(), lead["phone"].as_str()),
        (Some("Visitor"), Some(2), Some("+1 5"))
    );
    assert_eq!(lead["subject"], "From the Site form form");

    // A bot filling the honeypot is thanked and nothing is stored; bad fields are named.
    app.post("/api/widget/lead")
        .json(json!({"token": token, "name": "Bot", "email": "b@example.com", "website": "http://spam"}))
        .send()
        .await
        .expect(201);
    app.post("/api/widget/lead")
        .json(json!({"token": token, "name": "No email"}))
        .send()
        .await
        .expect_invalid("email");
    app.post("/api/widget/lead")
        .json(json!({"name": "No token", "email": "n@example.com"}))
        .send()
        .await
        .expect_invalid("token");
    app.post("/api/widget/lead")
        .json(json!({"token": token, "name": "x".repeat(20_000), "email": "big@example.com"}))
        .send()
        .await
        .expect_error(413, "payload_too_large");
    assert_eq!(app.count(app.tenant, "crm_lead").await, 1);

    // Disabled, unknown, or in a workspace without the CRM: 404.
    let id = widget["id"].as_u64().unwrap();
    app.patch(&format!("/api/v1/widgets/{id}"))
        .token(&owner)
        .json(json!({"active": false}))
        .send()
        .await
        .expect(200);
    app.get(&format!("/api/widget/{token}"))
        .send()
        .await
        .expect_error(404, "not_found");
    app.post("/api/widget/lead")
        .json(json!({"token": token, "name": "Late", "email": "l@example.com"}))
        .send()
        .await
        .expect_error(404, "not_found");
    app.get("/api/widget/wgt_0000")
        .send()
        .await
        .expect_error(404, "not_found");
    app.patch(&format!("/api/v1/widgets/{id}"))
        .token(&owner)
        .json(json!({"active": true}))
        .send()
        .await
        .expect(200);
    disable_modules(app.state.store(), app.tenant, &["crm"]).await;
    app.get(&format!("/api/widget/{token}"))
        .send()
        .await
        .expect_error(404, "not_found");
    disable_modules(app.state.store(), app.tenant, &[]).await;
    app.delete(&format!("/api/v1/widgets/{id}"))
        .token(&owner)
        .send()
        .await
        .expect(200);
    app.get(&format!("/api/widget/{token}"))
        .send()
        .await
        .expect_error(404, "not_found");
}

async fn widget_submissions_are_limited_per_ip(app: TestApp) {
    let owner = app.owner_token().await;
    let widget = app
        .post("/api/v1/widgets")
        .token(&owner)
        .json(json!({"name": "Form"}))
        .send()
        .await
        .expect(201)
        .body;
    let token = widget["token"].as_str().unwrap();
    let mut statuses = Vec::new();
    for n in 0..45 {
        let resp = app
            .post("/api/widget/lead")
            .json(json!({"token": token, "name": format!("V{n}"), "email": "v@example.com"}))
            .send()
            .await;
        statuses.push(resp.status);
    }
    let created = statuses.iter().filter(|s| **s == 201).count();
    assert_eq!(created, 40, "a burst of twice the hourly 20, then 429: {statuses:?}");
    assert_eq!(statuses.last(), Some(&429));
    assert_eq!(app.count(app.tenant, "crm_lead").await, 40);
}

/// A "find or create" step: the upsert finds a contact by its address (in any case) and updates
/// the fields it gives, the others kept; with no contact at that address it creates one. Six
/// upserts racing with a new address make one contact; a create or a patch to a taken address is
/// 422, and a deleted contact's address is free again.
async fn an_upsert_by_email_finds_or_creates_one_contact(app: TestApp) {
    let owner = app.owner_token().await;
    let upsert = |body: Value| {
        let (app, owner) = (&app, &owner);
        async move { app.post("/api/v1/contacts/upsert").token(owner).json(body).send().await }
    };
    let made = upsert(json!({"name": "Grace", "email": "grace@example.com", "tags": ["lead"]}))
        .await
        .expect(201)
        .body;
    let again = upsert(json!({"name": "Grace Hopper", "email": " GRACE@example.com"}))
        .await
        .expect(200)
        .body;
    assert_eq!(again["id"], made["id"]);
    assert_eq!(again["name"], "Grace Hopper");
    assert_eq!(again["tags"], json!(["lead"]), "a field the body leaves out stays");
    assert_eq!(again["version"], 2);

    let racers = (0..6).map(|n| upsert(json!({"name": format!("Racer {n}"), "email": "race@example.com"})));
    let answers = futures::future::join_all(racers).await;
    let mut statuses: Vec<u16> = answers.iter().map(|a| a.status).collect();
    statuses.sort_unstable();
    assert_eq!(
        statuses,
        [200, 200, 200, 200, 200, 201],
        "{:?}",
        answers.iter().map(|a| &a.body).collect::<Vec<_>>()
    );
    assert!(answers.iter().all(|a| a.body["id"] == answers[0].body["id"]));
    let listed = app
        .get("/api/v1/contacts?email=race%40example.com")
        .token(&owner)
        .send()
        .await
        .expect(200);
    assert_eq!(listed.body["meta"]["total"], 1, "{}", listed.body);

    let before = app.count(app.tenant, "crm_contact").await;
    upsert(json!({"name": "Nobody"})).await.expect_invalid("email");
    upsert(json!({"name": "Nobody", "email": "not an address"}))
        .await
        .expect_invalid("email");
    let twin = app
        .post("/api/v1/contacts")
        .token(&owner)
        .json(json!({"name": "Twin", "email": "Grace@Example.com"}))
        .send()
        .await
        .expect_invalid("email");
    assert!(
        twin.body["errors"]["email"][0]
            .as_str()
            .unwrap()
            .contains("already has"),
        "{}",
        twin.body
    );
    let other = create_contact(&app, &owner, json!({"name": "Other", "email": "other@example.com"})).await;
    app.patch(&format!("/api/v1/contacts/{}", other["id"]))
        .token(&owner)
        .json(json!({"email": "grace@example.com"}))
        .send()
        .await
        .expect_invalid("email");
    assert_eq!(app.count(app.tenant, "crm_contact").await, before + 1);

    app.delete(&format!("/api/v1/contacts/{}", made["id"]))
        .token(&owner)
        .send()
        .await
        .expect(200);
    let reborn = upsert(json!({"name": "Grace", "email": "grace@example.com"}))
        .await
        .expect(201)
        .body;
    assert_ne!(reborn["id"], made["id"]);
}

/// Customers and vendors are found by their address, products by their SKU.
async fn customers_vendors_and_products_upsert_by_their_unique_field(app: TestApp) {
    let owner = app.owner_token().await;
    for (path, field, value, changed) in [
        (
            "/api/v1/customers/upsert",
            "email",
            "buyer@northwind.example",
            "payment_terms",
        ),
        ("/api/vendors/upsert", "email", "sales@bright.example", "payment_terms"),
    ] {
        let made = app
            .post(path)
            .token(&owner)
            .json(json!({"name": "Party", field: value}))
            .send()
            .await
            .expect(201)
            .body;
        let again = app
            .post(path)
            .token(&owner)
            .json(json!({"name": "Party", field: value.to_uppercase(), changed: "net_45"}))
            .send()
            .await
            .expect(200)
            .body;
        assert_eq!(
            (&again["id"], &again[changed]),
            (&made["id"], &json!("net_45")),
            "{path}"
        );
    }
    let product = json!({"name": "Desk lamp", "sku": "LAMP-9", "sale_price": 49.0, "purchase_price": 21.5});
    let made = app
        .post("/api/product/upsert")
        .token(&owner)
        .json(product)
        .send()
        .await
        .expect(201)
        .body;
    let again = app
        .post("/api/product/upsert")
        .token(&owner)
        .json(json!({"name": "Desk lamp", "sku": "lamp-9", "sale_price": 55.0, "purchase_price": 21.5, "description": "Brass"}))
        .send()
        .await
        .expect(200)
        .body;
    assert_eq!(again["id"], made["id"]);
    assert_ne!(again["sale_price"], made["sale_price"]);
    assert_eq!(
        (&again["sku"], &again["description"]),
        (&json!("lamp-9"), &json!("Brass")),
        "as the body spells it"
    );
    // `null` is a create's "not given": on the update it keeps a field every product has and
    // clears one a product may be without, as the create would have left it.
    let nulls = app
        .post("/api/product/upsert")
        .token(&owner)
        .json(
            json!({"name": "Desk lamp", "sku": "LAMP-9", "sale_price": 55.0, "purchase_price": 21.5,
            "type": null, "is_active": null, "description": null}),
        )
        .send()
        .await
        .expect(200)
        .body;
    assert_eq!(
        (&nulls["id"], &nulls["type"], &nulls["is_active"], &nulls["description"]),
        (&made["id"], &made["type"], &made["is_active"], &Value::Null)
    );
}

on_both_stores!(
    an_upsert_by_email_finds_or_creates_one_contact,
    customers_vendors_and_products_upsert_by_their_unique_field,
    contacts_are_created_listed_shown_patched_and_deleted,
    contact_bodies_are_checked_and_change_nothing_when_bad,
    a_deal_stage_is_patched_by_name_or_id_within_its_pipeline,
    a_deal_patch_answers_its_stage_by_id_and_name,
    a_subscriber_receives_signed_contact_and_deal_stage_events,
    a_widget_turns_a_public_form_into_a_lead_and_refuses_abuse,
    widget_submissions_are_limited_per_ip
);
