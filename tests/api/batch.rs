//! Batch create, update and delete (shared/src/resource/batch.rs): up to 100 records of one
//! resource per request, each item applied on its own and answered in order (207 when some
//! failed), or all or nothing with `atomic`; their store cost.

use serde_json::{json, Value};

use crate::harness::{id, post, TestApp};
use crate::on_both_stores;

const CREATE: &str = "/api/v1/contacts/batch/create";
const UPDATE: &str = "/api/v1/contacts/batch/update";
const DELETE: &str = "/api/v1/contacts/batch/delete";

fn statuses(answer: &Value) -> Vec<u64> {
    answer["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["status"].as_u64().unwrap())
        .collect()
}

/// Each item is validated and applied on its own; the answer lists every item's result in
/// request order, 207 when some failed, 201 when all were created; each created record fires
/// its own event, with its custom fields.
async fn a_batch_create_applies_each_item_on_its_own(app: TestApp) {
    app.keep_events().await;
    let owner = app.owner_token().await;
    post(
        &app,
        &owner,
        "/api/custom-fields",
        json!({"resource": "crm_contact", "key": "tier", "label": "Tier", "type": "select", "options": ["Gold", "Silver"]}),
        201,
    )
    .await;
    let before = app.count(app.tenant, "crm_contact").await;
    let answer = app
        .post(CREATE)
        .token(&owner)
        .json(json!({"items": [
            {"name": "Ann", "custom_fields": {"tier": "Gold"}},
            {"email": "no-name@example.com", "custom_fields": {"tier": "Bronze"}},
            {"name": "Cy", "tags": ["vip"]},
        ]}))
        .send()
        .await
        .expect(207)
        .body;
    assert_eq!(statuses(&answer), [201, 422, 201], "{answer}");
    assert_eq!(
        (answer["succeeded"].as_u64(), answer["failed"].as_u64()),
        (Some(2), Some(1))
    );
    let results = answer["results"].as_array().unwrap();
    assert_eq!(results[0]["data"]["name"], "Ann");
    assert_eq!(results[0]["data"]["custom_fields"], json!({"tier": "Gold"}));
    assert_eq!(results[1]["error"]["code"], "validation_failed", "{answer}");
    for field in ["name", "custom_fields.tier"] {
        assert!(results[1]["error"]["errors"][field].is_array(), "{field}: {answer}");
    }
    assert_eq!(results[2]["index"], 2);
    assert_eq!(app.count(app.tenant, "crm_contact").await, before + 2);
    let shown = app
        .get(&format!("/api/v1/contacts/{}", id(&results[2]["data"])))
        .token(&owner)
        .send()
        .await
        .expect(200)
        .body;
    assert_eq!(shown["tags"], json!(["vip"]));
    let created = app
        .outbox_types(app.tenant)
        .await
        .into_iter()
        .filter(|t| t == "contact.created")
        .count();
    assert_eq!(created, 2, "one event per created item");

    // Replayed whole under one Idempotency-Key: the same answer, nothing stored twice.
    let send = || {
        app.post(CREATE)
            .token(&owner)
            .header("Idempotency-Key", "batch-di-ed")
            .json(json!({"items": [{"name": "Di"}, {"name": "Ed"}]}))
            .send()
    };
    let all = send().await.expect(201).body;
    assert_eq!(statuses(&all), [201, 201]);
    assert_ne!(id(&all["results"][0]["data"]), id(&all["results"][1]["data"]));
    let stored = app.count(app.tenant, "crm_contact").await;
    let replayed = send().await.expect(201).body;
    assert_eq!(replayed, all);
    assert_eq!(app.count(app.tenant, "crm_contact").await, stored);
}

/// Updates carry each record's version: a stale one, a record of another workspace and a record
/// named twice fail their own items only; deletes go the same way.
async fn batch_updates_and_deletes_check_each_item(app: TestApp) {
    app.keep_events().await;
    let owner = app.owner_token().await;
    let made = post(
        &app,
        &owner,
        CREATE,
        json!({"items": [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}]}),
        201,
    )
    .await;
    let ids: Vec<u64> = made["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| id(&r["data"]))
        .collect();
    let (_, email, password) = app.second_workspace().await;
    let other = app.login(&email, &password).await;
    // Ids count per workspace: the other's fifth contact has an id none of ours has.
    let mut theirs = Value::Null;
    for n in 0..5 {
        theirs = post(
            &app,
            &other,
            "/api/v1/contacts",
            json!({"name": format!("Theirs {n}")}),
            201,
        )
        .await;
    }

    let answer = app
        .post(UPDATE)
        .token(&owner)
        .json(json!({"items": [
            {"id": ids[0], "version": 1, "name": "Ann B."},
            {"id": ids[1], "version": 7, "name": "Stale"},
            {"id": id(&theirs), "version": 1, "name": "Not mine"},
            {"id": ids[0], "version": 1, "name": "Twice"},
            {"id": ids[2], "version": 1, "phone": "9".repeat(31)},
        ]}))
        .send()
        .await
        .expect(207)
        .body;
    assert_eq!(statuses(&answer), [200, 409, 404, 422, 422], "{answer}");
    assert_eq!(answer["results"][0]["data"]["version"], 2);
    assert_eq!(answer["results"][1]["error"]["code"], "version_conflict");
    let other_side = app
        .get(&format!("/api/v1/contacts/{}", id(&theirs)))
        .token(&other)
        .send()
        .await
        .expect(200)
        .body;
    assert_eq!(
        other_side["name"], "Theirs 4",
        "another workspace's record is untouched"
    );
    let bob = app
        .get(&format!("/api/v1/contacts/{}", ids[1]))
        .token(&owner)
        .send()
        .await
        .expect(200)
        .body;
    assert_eq!((&bob["name"], &bob["version"]), (&json!("Bob"), &json!(1)));

    let deleted = app
        .post(DELETE)
        .token(&owner)
        .json(json!({"items": [{"id": ids[1]}, {"id": ids[2], "version": 5}, {"id": id(&theirs)}]}))
        .send()
        .await
        .expect(207)
        .body;
    assert_eq!(statuses(&deleted), [200, 409, 404], "{deleted}");
    assert_eq!(deleted["results"][0]["data"]["id"], ids[1]);
    app.get(&format!("/api/v1/contacts/{}", ids[1]))
        .token(&owner)
        .send()
        .await
        .expect(404);
    app.get(&format!("/api/v1/contacts/{}", ids[2]))
        .token(&owner)
        .send()
        .await
        .expect(200);
    let deleted_events = app
        .outbox_types(app.tenant)
        .await
        .into_iter()
        .filter(|t| t == "contact.deleted")
        .count();
    assert_eq!(deleted_events, 1);
}

/// `atomic`: all or nothing. A refused item refuses the whole (422 naming its fields as
/// `items[<i>].<field>`, nothing stored); a batch over the store's transaction limit is 422
/// `too_large` naming it. A malformed body is refused whole, atomic or not.
async fn an_atomic_batch_is_all_or_nothing(app: TestApp) {
    let owner = app.owner_token().await;
    let before = app.count(app.tenant, "crm_contact").await;
    let refused = app
        .post(CREATE)
        .token(&owner)
        .json(json!({"atomic": true, "items": [{"name": "Ann"}, {"email": "x@example.com"}]}))
        .send()
        .await
        .expect(422)
        .body;
    assert!(refused["errors"]["items[1].name"].is_array(), "{refused}");
    assert_eq!(app.count(app.tenant, "crm_contact").await, before);

    let done = post(
        &app,
        &owner,
        CREATE,
        json!({"atomic": true, "items": [{"name": "Ann"}, {"name": "Bob"}]}),
        201,
    )
    .await;
    assert_eq!(statuses(&done), [201, 201]);
    assert_eq!(app.count(app.tenant, "crm_contact").await, before + 2);

    let many: Vec<Value> = (0..100).map(|n| json!({"name": format!("C{n}")})).collect();
    let too_large = app
        .post(CREATE)
        .token(&owner)
        .json(json!({"atomic": true, "items": many}))
        .send()
        .await
        .expect_error(422, "too_large")
        .body;
    assert!(
        too_large["message"].as_str().unwrap().contains("100 writes"),
        "{too_large}"
    );
    assert_eq!(app.count(app.tenant, "crm_contact").await, before + 2);

    let malformed = app
        .post(CREATE)
        .token(&owner)
        .json(json!({"items": [{"name": "Fine"}, {"name": 5}]}))
        .send()
        .await
        .expect(422)
        .body;
    assert!(malformed["errors"]["items[1].name"].is_array(), "{malformed}");
    let over: Vec<Value> = (0..101).map(|n| json!({"name": format!("D{n}")})).collect();
    app.post(CREATE)
        .token(&owner)
        .json(json!({"items": over}))
        .send()
        .await
        .expect_invalid("items");
    app.post(CREATE)
        .token(&owner)
        .json(json!({"items": []}))
        .send()
        .await
        .expect_invalid("items");
    assert_eq!(app.count(app.tenant, "crm_contact").await, before + 2);

    // Updates and deletes too: one stale item refuses the batch, and nothing changes.
    let ids: Vec<u64> = done["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| id(&r["data"]))
        .collect();
    let stale = app
        .post(UPDATE)
        .token(&owner)
        .json(json!({"atomic": true, "items": [
            {"id": ids[0], "version": 1, "name": "Ann B."},
            {"id": ids[1], "version": 9, "name": "Bob B."},
        ]}))
        .send()
        .await
        .expect(422)
        .body;
    assert!(stale["errors"]["items[1]"].is_array(), "{stale}");
    let ann = app
        .get(&format!("/api/v1/contacts/{}", ids[0]))
        .token(&owner)
        .send()
        .await
        .expect(200)
        .body;
    assert_eq!((&ann["name"], &ann["version"]), (&json!("Ann"), &json!(1)));
    let renamed = post(
        &app,
        &owner,
        UPDATE,
        json!({"atomic": true, "items": [{"id": ids[0], "version": 1, "name": "Ann B."}, {"id": ids[1], "version": 1, "name": "Bob B."}]}),
        200,
    )
    .await;
    assert_eq!(statuses(&renamed), [200, 200]);
    app.post(DELETE)
        .token(&owner)
        .json(json!({"atomic": true, "items": [{"id": ids[0]}, {"id": 999_999}]}))
        .send()
        .await
        .expect_invalid("items[1]");
    assert_eq!(app.count(app.tenant, "crm_contact").await, before + 2);
    post(
        &app,
        &owner,
        DELETE,
        json!({"atomic": true, "items": [{"id": ids[0]}, {"id": ids[1], "version": 2}]}),
        200,
    )
    .await;
    assert_eq!(app.count(app.tenant, "crm_contact").await, before);
}

/// A batch is gated like its single routes: a role without the module's write permission is
/// 403 and stores nothing.
async fn a_batch_needs_the_write_permission(app: TestApp) {
    let (_, client) = app.user_with_role("client").await;
    let before = app.count(app.tenant, "crm_contact").await;
    app.post(CREATE)
        .token(&client)
        .json(json!({"items": [{"name": "Ann"}]}))
        .send()
        .await
        .expect(403);
    assert_eq!(app.count(app.tenant, "crm_contact").await, before);
}

/// A batch of 100 creates is a few store transactions, never 100 round trips: the gate, one
/// read of the custom field definitions, one draw of 100 ids and the commits.
async fn a_batch_of_100_creates_costs_a_few_round_trips(app: TestApp) {
    let owner = app.owner_token().await;
    app.get("/api/roles").token(&owner).send().await.expect(200);
    let items: Vec<Value> = (0..100)
        .map(|n| json!({"name": format!("Contact {n}"), "email": format!("c{n}@example.com"), "tags": ["batch"]}))
        .collect();
    let count_before = app.count(app.tenant, "crm_contact").await;
    let before = app.state.store().round_trips();
    let answer = post(&app, &owner, CREATE, json!({"items": items}), 201).await;
    let spent = app.state.store().round_trips() - before;
    assert_eq!(answer["succeeded"], 100);
    eprintln!("a batch of 100 contact creates: {spent} store round trips");
    // The session from the instance's cache (none), the definitions, the 100 ids in one draw,
    // the addresses' claims read at once, then 15 transactions of up to 100 writes (a contact is
    // its record, its event, its address's claim and about eleven index entries and counts:
    // lists, its last change, tags, search words).
    assert_eq!(spent, 18, "round trips for 100 creates");
    assert_eq!(app.count(app.tenant, "crm_contact").await, count_before + 100);
}

/// Unique values are checked for the whole batch at once: a value another record holds, or an
/// earlier item of the batch takes, fails that item on its field.
async fn unique_values_are_checked_across_the_batch(app: TestApp) {
    let owner = app.owner_token().await;
    post(
        &app,
        &owner,
        "/api/product/create",
        json!({"name": "Lamp", "sku": "LAMP-1"}),
        201,
    )
    .await;
    let answer = app
        .post("/api/product/batch/create")
        .token(&owner)
        .json(json!({"items": [
            {"name": "Desk", "sku": "DESK-1"},
            {"name": "Lamp again", "sku": "lamp-1"},
            {"name": "Desk again", "sku": "DESK-1"},
            {"name": "Chair", "sku": "CHAIR-1"},
        ]}))
        .send()
        .await
        .expect(207)
        .body;
    assert_eq!(statuses(&answer), [201, 422, 422, 201], "{answer}");
    for i in [1, 2] {
        assert!(answer["results"][i]["error"]["errors"]["sku"].is_array(), "{answer}");
    }
    assert_eq!(app.count(app.tenant, "inv_product").await, 3);
}

on_both_stores!(
    unique_values_are_checked_across_the_batch,
    a_batch_create_applies_each_item_on_its_own,
    batch_updates_and_deletes_check_each_item,
    an_atomic_batch_is_all_or_nothing,
    a_batch_needs_the_write_permission,
    a_batch_of_100_creates_costs_a_few_round_trips,
);
