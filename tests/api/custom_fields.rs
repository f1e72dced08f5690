//! Custom field definitions (shared/src/resource/custom.rs, routes in functions/identity): defined
//! per kind of record with a stable key, listed in position order, changed and deleted with their
//! events, each type's default parsed into its one stored form.

use serde_json::{json, Value};

use crate::harness::{id, post, TestApp};
use crate::on_both_stores;

async fn define(app: &TestApp, token: &str, body: Value) -> Value {
    post(app, token, "/api/custom-fields", body, 201).await
}

async fn custom_fields_are_defined_per_kind_listed_in_order_changed_and_deleted(app: TestApp) {
    app.keep_events().await;
    let owner = app.owner_token().await;
    let industry = define(
        &app,
        &owner,
        json!({"resource": "crm_contact", "key": "industry", "label": "Industry", "type": "select",
               "options": ["Retail", "Software"], "default": "Software", "filterable": true}),
    )
    .await;
    assert_eq!(
        (
            &industry["type"],
            &industry["options"],
            &industry["position"],
            &industry["required"]
        ),
        (
            &json!("select"),
            &json!(["Retail", "Software"]),
            &json!(1),
            &json!(false)
        )
    );
    let notes = define(
        &app,
        &owner,
        json!({"resource": "crm_contact", "key": "vip_notes", "label": "VIP notes", "type": "long_text"}),
    )
    .await;
    assert_eq!(notes["position"], 2, "after the kind's last field");
    // A key is unique per kind, not across kinds.
    app.post("/api/custom-fields")
        .token(&owner)
        .json(json!({"resource": "crm_contact", "key": "industry", "label": "Again", "type": "text"}))
        .send()
        .await
        .expect_invalid("key");
    define(
        &app,
        &owner,
        json!({"resource": "crm_deal", "key": "industry", "label": "Industry", "type": "text"}),
    )
    .await;

    let listed = app
        .get("/api/custom-fields?resource=crm_contact")
        .token(&owner)
        .send()
        .await
        .expect(200)
        .body;
    let keys: Vec<&str> = listed["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["key"].as_str().unwrap())
        .collect();
    assert_eq!(keys, ["industry", "vip_notes"]);

    // New options must still hold the default; the refused change stores nothing.
    let path = format!("/api/custom-fields/{}", id(&industry));
    app.patch(&path)
        .token(&owner)
        .json(json!({"options": ["Retail", "Hardware"]}))
        .send()
        .await
        .expect_invalid("default");
    let changed = app
        .patch(&path)
        .token(&owner)
        .json(json!({"label": "Sector", "options": ["Retail", "Hardware"], "default": "Hardware", "required": true}))
        .send()
        .await
        .expect(200)
        .body;
    assert_eq!(
        (
            &changed["label"],
            &changed["default"],
            &changed["key"],
            &changed["version"]
        ),
        (&json!("Sector"), &json!("Hardware"), &json!("industry"), &json!(2))
    );
    app.delete(&path).token(&owner).send().await.expect(200);
    app.get(&path).token(&owner).send().await.expect_error(404, "not_found");
    // The key is free again once its field is gone.
    define(
        &app,
        &owner,
        json!({"resource": "crm_contact", "key": "industry", "label": "Industry", "type": "text"}),
    )
    .await;

    let types: Vec<String> = app
        .outbox_types(app.tenant)
        .await
        .into_iter()
        .filter(|t| t.starts_with("custom_field."))
        .collect();
    assert_eq!(
        types,
        [
            "custom_field.created",
            "custom_field.created",
            "custom_field.created",
            "custom_field.created",
            "custom_field.deleted",
            "custom_field.updated"
        ]
    );
}

/// Each type's default is parsed into the one form it is stored in; a value of the wrong shape
/// is 422 on `default` and stores nothing.
async fn each_type_takes_a_default_of_its_own_shape(app: TestApp) {
    let owner = app.owner_token().await;
    let cases = [
        ("text", json!({}), json!("  Acme  "), json!("Acme"), json!(12)),
        (
            "long_text",
            json!({}),
            json!("Many words"),
            json!("Many words"),
            json!(""),
        ),
        ("number", json!({}), json!(2.5), json!(2.5), json!("two")),
        ("money", json!({}), json!("12.345"), json!(12.35), json!("twelve")),
        (
            "date",
            json!({}),
            json!("2026-05-01"),
            json!("2026-05-01"),
            json!("01/05/2026"),
        ),
        (
            "datetime",
            json!({}),
            json!("2026-05-01T11:30:00+02:00"),
            json!("2026-05-01T09:30:00Z"),
            json!("2026-05-01"),
        ),
        ("boolean", json!({}), json!(true), json!(true), json!("yes")),
        (
            "select",
            json!({"options": ["a", "b"]}),
            json!("b"),
            json!("b"),
            json!("c"),
        ),
        (
            "multi_select",
            json!({"options": ["a", "b", "c"]}),
            json!(["c", "a", "c"]),
            json!(["a", "c"]),
            json!(["a", "z"]),
        ),
        (
            "url",
            json!({}),
            json!("https://example.com/x"),
            json!("https://example.com/x"),
            json!("ftp://example.com"),
        ),
        (
            "email",
            json!({}),
            json!("Ann@Example.COM"),
            json!("ann@example.com"),
            json!("ann"),
        ),
        (
            "phone",
            json!({}),
            json!("+1 (555) 010-2030"),
            json!("+1 (555) 010-2030"),
            json!("call me"),
        ),
    ];
    for (n, (field_type, extra, given, stored, wrong)) in cases.into_iter().enumerate() {
        let mut body = json!({"resource": "crm_lead", "key": format!("f{n}"), "label": "F", "type": field_type});
        body.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        let mut bad = body.clone();
        bad["default"] = wrong;
        app.post("/api/custom-fields")
            .token(&owner)
            .json(bad)
            .send()
            .await
            .expect_invalid("default");
        body["default"] = given;
        let field = define(&app, &owner, body).await;
        assert_eq!(field["default"], stored, "{field_type}");
    }
    assert_eq!(
        app.count(app.tenant, "custom_field").await,
        12,
        "the refused ones stored nothing"
    );
}

/// What a definition must say, each refusal on its field, all at once.
async fn a_definition_says_what_its_type_needs(app: TestApp) {
    let owner = app.owner_token().await;
    let refused = |body: Value| {
        let (app, owner) = (&app, &owner);
        async move {
            app.post("/api/custom-fields")
                .token(owner)
                .json(body)
                .send()
                .await
                .expect(422)
                .body
        }
    };
    let all = refused(json!({"resource": "crm_pipeline", "key": "Bad Key", "type": "colour", "position": 0})).await;
    for field in ["resource", "key", "label", "type", "position"] {
        assert!(all["errors"][field].is_array(), "{field}: {all}");
    }
    assert!(
        all["errors"]["resource"][0].as_str().unwrap().contains("crm_contact"),
        "names the kinds that take custom fields: {all}"
    );
    let select = refused(json!({"resource": "crm_lead", "key": "k", "label": "K", "type": "select"})).await;
    assert!(select["errors"]["options"].is_array(), "{select}");
    let text =
        refused(json!({"resource": "crm_lead", "key": "k", "label": "K", "type": "text", "options": ["a"]})).await;
    assert!(text["errors"]["options"].is_array(), "{text}");
    let repeated =
        refused(json!({"resource": "crm_lead", "key": "k", "label": "K", "type": "select", "options": ["a", "a"]}))
            .await;
    assert!(repeated["errors"]["options"].is_array(), "{repeated}");
    let reference = refused(json!({"resource": "crm_lead", "key": "k", "label": "K", "type": "reference"})).await;
    assert!(reference["errors"]["reference_kind"].is_array(), "{reference}");
    let unknown = refused(
        json!({"resource": "crm_lead", "key": "k", "label": "K", "type": "reference", "reference_kind": "nothing"}),
    )
    .await;
    assert!(unknown["errors"]["reference_kind"].is_array(), "{unknown}");
    let user_default =
        refused(json!({"resource": "crm_lead", "key": "k", "label": "K", "type": "user", "default": 1})).await;
    assert!(user_default["errors"]["default"].is_array(), "{user_default}");
    let partner = define(
        &app,
        &owner,
        json!({"resource": "crm_deal", "key": "partner", "label": "Partner", "type": "reference",
               "reference_kind": "crm_contact"}),
    )
    .await;
    assert_eq!(partner["reference_kind"], "crm_contact");
    assert_eq!(app.count(app.tenant, "custom_field").await, 1);
}

/// Values live in `custom_fields` on the record: checked against the kind's definitions when it
/// is written (every error at once, keyed `custom_fields.<key>`), defaults filled in on a create,
/// stored in their parsed form, shown by show and list, changed key by key.
async fn values_are_checked_stored_and_shown_on_the_record(app: TestApp) {
    let owner = app.owner_token().await;
    for body in [
        json!({"key": "industry", "type": "select", "options": ["Retail", "Software"], "default": "Software"}),
        json!({"key": "renewal", "type": "date"}),
        json!({"key": "account_manager", "type": "user"}),
        json!({"key": "partner", "type": "reference", "reference_kind": "crm_contact"}),
        json!({"key": "vip", "type": "boolean", "required": true}),
    ] {
        let mut body = body;
        body["resource"] = json!("crm_contact");
        body["label"] = json!(body["key"].as_str().unwrap().replace('_', " "));
        define(&app, &owner, body).await;
    }
    let ada = post(
        &app,
        &owner,
        "/api/v1/contacts",
        json!({"name": "Ada", "custom_fields": {"vip": true, "renewal": "2027-01-31", "account_manager": 1}}),
        201,
    )
    .await;
    let expected = json!({"industry": "Software", "renewal": "2027-01-31", "account_manager": 1, "vip": true});
    assert_eq!(ada["custom_fields"], expected, "the default filled in");
    let shown = app
        .get(&format!("/api/v1/contacts/{}", id(&ada)))
        .token(&owner)
        .send()
        .await
        .expect(200)
        .body;
    assert_eq!(shown["custom_fields"], expected);
    let listed = app.get("/api/v1/contacts").token(&owner).send().await.expect(200).body;
    let row = listed["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == ada["id"])
        .cloned()
        .unwrap();
    assert_eq!(row["custom_fields"], expected);

    let before = app.count(app.tenant, "crm_contact").await;
    let refused = app
        .post("/api/v1/contacts")
        .token(&owner)
        .json(
            json!({"name": "Bad", "email": "not an address", "custom_fields": {"vip": "yes", "renewal": "soon",
                     "nope": 1, "account_manager": 999, "partner": 999}}),
        )
        .send()
        .await
        .expect(422)
        .body;
    for key in ["vip", "renewal", "nope", "account_manager", "partner"] {
        assert!(
            refused["errors"][format!("custom_fields.{key}")].is_array(),
            "{key}: {refused}"
        );
    }
    assert!(
        refused["errors"]["email"].is_array(),
        "a built-in field's error in the same answer: {refused}"
    );
    app.post("/api/v1/contacts")
        .token(&owner)
        .json(json!({"name": "No VIP flag"}))
        .send()
        .await
        .expect_invalid("custom_fields.vip");
    assert_eq!(
        app.count(app.tenant, "crm_contact").await,
        before,
        "a refused body stores nothing"
    );

    // An update changes the keys it gives; null clears one, but not a required one.
    let path = format!("/api/v1/contacts/{}", id(&ada));
    let changed = app
        .patch(&path)
        .token(&owner)
        .json(json!({"custom_fields": {"renewal": null, "industry": "Retail", "partner": id(&ada)}}))
        .send()
        .await
        .expect(200)
        .body;
    assert_eq!(
        changed["custom_fields"],
        json!({"industry": "Retail", "account_manager": 1, "partner": id(&ada), "vip": true})
    );
    let refused = app
        .patch(&path)
        .token(&owner)
        .json(json!({"phone": "9".repeat(31), "custom_fields": {"vip": null}}))
        .send()
        .await
        .expect(422)
        .body;
    assert!(
        refused["errors"]["phone"].is_array() && refused["errors"]["custom_fields.vip"].is_array(),
        "{refused}"
    );
    let renamed = app
        .patch(&path)
        .token(&owner)
        .json(json!({"name": "Ada L."}))
        .send()
        .await
        .expect(200)
        .body;
    assert_eq!(
        renamed["custom_fields"], changed["custom_fields"],
        "untouched by a change without them"
    );

    // Another kind, through its own create route: text is kept trimmed.
    define(
        &app,
        &owner,
        json!({"resource": "project", "key": "code", "label": "Code", "type": "text"}),
    )
    .await;
    let project = post(
        &app,
        &owner,
        "/api/projects/create",
        json!({"name": "Site", "custom_fields": {"code": "  P-1 "}}),
        201,
    )
    .await;
    assert_eq!(project["custom_fields"], json!({"code": "P-1"}));
}

/// A deleted field's values go as each record's custom fields are next written (they are no
/// longer a field's to check), and a key given after the delete is refused.
async fn a_deleted_fields_values_go_with_the_next_write(app: TestApp) {
    let owner = app.owner_token().await;
    let field = define(
        &app,
        &owner,
        json!({"resource": "crm_contact", "key": "tier", "label": "Tier", "type": "text"}),
    )
    .await;
    define(
        &app,
        &owner,
        json!({"resource": "crm_contact", "key": "region", "label": "Region", "type": "text"}),
    )
    .await;
    let contact = post(
        &app,
        &owner,
        "/api/v1/contacts",
        json!({"name": "Ada", "custom_fields": {"tier": "gold"}}),
        201,
    )
    .await;
    app.delete(&format!("/api/custom-fields/{}", id(&field)))
        .token(&owner)
        .send()
        .await
        .expect(200);
    let path = format!("/api/v1/contacts/{}", id(&contact));
    app.patch(&path)
        .token(&owner)
        .json(json!({"custom_fields": {"tier": "silver"}}))
        .send()
        .await
        .expect_invalid("custom_fields.tier");
    let written = app
        .patch(&path)
        .token(&owner)
        .json(json!({"custom_fields": {"region": "EU"}}))
        .send()
        .await
        .expect(200)
        .body;
    assert_eq!(written["custom_fields"], json!({"region": "EU"}));
}

/// A kind numbered as it is built (a ticket) checks its values before it draws a number, so a
/// refused value leaves no gap.
async fn a_refused_value_draws_no_number(app: TestApp) {
    let owner = app.owner_token().await;
    define(
        &app,
        &owner,
        json!({"resource": "support_ticket", "key": "order_number", "label": "Order", "type": "number"}),
    )
    .await;
    let ticket = |custom: Value| {
        json!({"subject": "Broken", "name": "Ann", "email": "ann@example.com",
                                        "custom_fields": custom})
    };
    let store = "/api/support-ticket/ticket/store";
    let first = post(&app, &owner, store, ticket(json!({"order_number": 1})), 201).await;
    app.post(store)
        .token(&owner)
        .json(ticket(json!({"order_number": "one"})))
        .send()
        .await
        .expect_invalid("custom_fields.order_number");
    let mut both = ticket(json!({"order_number": "two"}));
    both["subject"] = json!("");
    let refused = app.post(store).token(&owner).json(both).send().await.expect(422).body;
    assert!(
        refused["errors"]["subject"].is_array() && refused["errors"]["custom_fields.order_number"].is_array(),
        "one answer names both: {refused}"
    );
    let second = post(&app, &owner, store, ticket(json!({"order_number": 2})), 201).await;
    assert_eq!(id(&second), id(&first) + 1, "{second}");
    assert_eq!(second["custom_fields"], json!({"order_number": 2}));
}

/// The ids of a contacts list, in its order.
async fn contact_ids(app: &TestApp, token: &str, query: &str) -> Vec<u64> {
    let listed = app
        .get(&format!("/api/v1/contacts?{query}"))
        .token(token)
        .send()
        .await
        .expect(200)
        .body;
    listed["data"].as_array().unwrap().iter().map(id).collect()
}

/// Runs the index job as the scheduler would once the grace after each start has passed.
async fn build_indexes(app: &TestApp) -> String {
    let later =
        chrono::Utc::now() + shared::resource::custom::indexes::grace(&app.state) + chrono::Duration::seconds(1);
    shared::resource::custom::indexes::build_indexes(&app.state, later)
        .await
        .unwrap()
}

async fn filters_and_sorts_by_a_custom_field_once_its_index_is_built(app: TestApp) {
    app.keep_events().await;
    let owner = app.owner_token().await;
    let industry = define(
        &app,
        &owner,
        json!({"resource": "crm_contact", "key": "industry", "label": "Industry", "type": "select",
               "options": ["Retail", "Software", "Mining"]}),
    )
    .await;
    assert_eq!(industry["index"], Value::Null, "not filterable: no index");
    let mut made = Vec::new();
    for (name, custom) in [
        ("Ann", json!({"industry": "Retail"})),
        ("Bob", json!({})),
        ("Cy", json!({"industry": "Software"})),
        ("Di", json!({"industry": "Retail"})),
    ] {
        let contact = post(
            &app,
            &owner,
            "/api/v1/contacts",
            json!({"name": name, "custom_fields": custom}),
            201,
        )
        .await;
        made.push(id(&contact));
    }
    let (ann, bob, cy, di) = (made[0], made[1], made[2], made[3]);
    app.get("/api/v1/contacts?custom_fields.industry=Retail")
        .token(&owner)
        .send()
        .await
        .expect_invalid("custom_fields.industry");

    // Made filterable on a kind that holds records: built in the background.
    let path = format!("/api/custom-fields/{}", id(&industry));
    let building = app
        .patch(&path)
        .token(&owner)
        .json(json!({"filterable": true}))
        .send()
        .await
        .expect(200)
        .body;
    assert_eq!(building["index"]["status"], "building");
    assert_eq!(building["index"]["records_total"], 4);
    app.get("/api/v1/contacts?custom_fields.industry=Retail")
        .token(&owner)
        .send()
        .await
        .expect_error(409, "index_building");
    app.get("/api/v1/contacts?sort=custom_fields.industry")
        .token(&owner)
        .send()
        .await
        .expect_error(409, "index_building");
    // A record written meanwhile takes its entry with it.
    let ed = id(&post(
        &app,
        &owner,
        "/api/v1/contacts",
        json!({"name": "Ed", "custom_fields": {"industry": "Mining"}}),
        201,
    )
    .await);
    // Within the grace after the start, the job leaves it.
    shared::resource::custom::indexes::build_indexes(&app.state, chrono::Utc::now())
        .await
        .unwrap();
    let shown = app.get(&path).token(&owner).send().await.expect(200).body;
    assert_eq!(shown["index"]["status"], "building");

    let report = build_indexes(&app).await;
    assert!(report.contains("indexes built"), "{report}");
    let ready = app.get(&path).token(&owner).send().await.expect(200).body;
    assert_eq!(ready["index"]["status"], "ready", "{ready}");
    assert_eq!(ready["index"]["records_indexed"], 5, "{ready}");
    assert!(app
        .outbox_types(app.tenant)
        .await
        .contains(&"custom_field.updated".to_string()));

    assert_eq!(
        contact_ids(&app, &owner, "custom_fields.industry=Retail").await,
        [ann, di]
    );
    assert_eq!(
        contact_ids(&app, &owner, "custom_fields.industry=Retail&sort=-id").await,
        [di, ann]
    );
    assert_eq!(contact_ids(&app, &owner, "custom_fields.industry=Mining").await, [ed]);
    // Sorted by the field: by value, records without one last (first descending).
    assert_eq!(
        contact_ids(&app, &owner, "sort=custom_fields.industry").await,
        [ed, ann, di, cy, bob]
    );
    assert_eq!(
        contact_ids(&app, &owner, "sort=-custom_fields.industry").await,
        [bob, cy, di, ann, ed]
    );
    // With another sort, the filter is checked on the records read.
    assert_eq!(
        contact_ids(&app, &owner, "custom_fields.industry=Retail&sort=-name").await,
        [di, ann]
    );
    // A page and its cursor.
    let first = app
        .get("/api/v1/contacts?sort=custom_fields.industry&per_page=2")
        .token(&owner)
        .send()
        .await
        .expect(200)
        .body;
    assert_eq!(first["meta"]["total"], 5);
    let cursor = first["meta"]["next_cursor"].as_str().unwrap();
    let next = contact_ids(
        &app,
        &owner,
        &format!("sort=custom_fields.industry&per_page=2&cursor={cursor}"),
    )
    .await;
    assert_eq!(next, [di, cy]);

    // Changes and deletes move the entries in the record's own write.
    app.patch(&format!("/api/v1/contacts/{cy}"))
        .token(&owner)
        .json(json!({"custom_fields": {"industry": "Retail"}}))
        .send()
        .await
        .expect(200);
    app.delete(&format!("/api/v1/contacts/{ann}"))
        .token(&owner)
        .send()
        .await
        .expect(200);
    assert_eq!(
        contact_ids(&app, &owner, "custom_fields.industry=Retail").await,
        [cy, di]
    );
    assert_eq!(
        contact_ids(&app, &owner, "custom_fields.industry=Software").await,
        Vec::<u64>::new()
    );

    // What a filter takes, and which fields take one.
    app.get("/api/v1/contacts?custom_fields.industry=Farming")
        .token(&owner)
        .send()
        .await
        .expect_invalid("custom_fields.industry");
    app.get("/api/v1/contacts?custom_fields.nope=1")
        .token(&owner)
        .send()
        .await
        .expect_invalid("custom_fields.nope");
    app.get("/api/v1/contacts?sort=custom_fields.nope")
        .token(&owner)
        .send()
        .await
        .expect_invalid("sort");

    // No longer filterable: refused again, and its index is dropped in the background.
    app.patch(&path)
        .token(&owner)
        .json(json!({"filterable": false}))
        .send()
        .await
        .expect(200);
    app.get("/api/v1/contacts?custom_fields.industry=Retail")
        .token(&owner)
        .send()
        .await
        .expect_invalid("custom_fields.industry");
    let field_id = id(&industry);
    let entries = shared::store::Partition::tenant(
        app.tenant,
        &format!("crm_contact~x~{field_id}~{}", ready["index"]["generation"]),
    );
    let held = || async {
        let query = shared::store::Query::partition(entries.clone());
        app.state.store().query(query).await.unwrap().items.len()
    };
    assert_eq!(held().await, 4, "one entry per contact until the drop runs");
    let report = build_indexes(&app).await;
    assert!(report.ends_with("1 dropped") || report.contains("dropped"), "{report}");
    assert_eq!(held().await, 0, "{report}");
}

/// `search` finds a record by the words of its searchable custom fields, not its others'.
async fn search_covers_searchable_custom_fields(app: TestApp) {
    let owner = app.owner_token().await;
    let nickname = define(
        &app,
        &owner,
        json!({"resource": "crm_contact", "key": "nickname", "label": "Nickname", "type": "text", "searchable": true}),
    )
    .await;
    define(
        &app,
        &owner,
        json!({"resource": "crm_contact", "key": "secret", "label": "Secret", "type": "text"}),
    )
    .await;
    let ada = id(&post(
        &app,
        &owner,
        "/api/v1/contacts",
        json!({"name": "Ada", "custom_fields": {"nickname": "Zebulon", "secret": "Quixotic"}}),
        201,
    )
    .await);
    assert_eq!(contact_ids(&app, &owner, "search=zebul").await, [ada]);
    assert_eq!(contact_ids(&app, &owner, "search=ada%20zebulon").await, [ada]);
    assert_eq!(
        contact_ids(&app, &owner, "search=quixotic").await,
        Vec::<u64>::new(),
        "not searchable"
    );
    app.patch(&format!("/api/custom-fields/{}", id(&nickname)))
        .token(&owner)
        .json(json!({"searchable": false}))
        .send()
        .await
        .expect(200);
    assert_eq!(contact_ids(&app, &owner, "search=zebulon").await, Vec::<u64>::new());
}

/// A type changes only to one every stored value already is (a select to text): the records stay
/// as they are, a filterable field's index is built again for the new type, and any other change
/// is 422 on `type` and changes nothing.
async fn a_type_changes_only_to_one_every_stored_value_already_is(app: TestApp) {
    let owner = app.owner_token().await;
    let tier = define(
        &app,
        &owner,
        json!({"resource": "crm_contact", "key": "tier", "label": "Tier", "type": "select",
               "options": ["Gold", "Silver"], "default": "Gold", "filterable": true}),
    )
    .await;
    let gold = post(&app, &owner, "/api/v1/contacts", json!({"name": "Ann"}), 201).await;
    build_indexes(&app).await;
    let path = format!("/api/custom-fields/{}", id(&tier));
    let ready = app.get(&path).token(&owner).send().await.expect(200).body;
    for refused in ["number", "multi_select", "boolean"] {
        app.patch(&path)
            .token(&owner)
            .json(json!({"type": refused}))
            .send()
            .await
            .expect_invalid("type");
    }
    let unchanged = app.get(&path).token(&owner).send().await.expect(200).body;
    assert_eq!(unchanged, ready, "a refused change changes nothing");
    assert_eq!(ready["index"]["status"], "ready");

    let text = app
        .patch(&path)
        .token(&owner)
        .json(json!({"type": "text"}))
        .send()
        .await
        .expect(200)
        .body;
    assert_eq!(
        (
            &text["type"],
            &text["options"],
            &text["default"],
            &text["index"]["status"]
        ),
        (&json!("text"), &json!([]), &json!("Gold"), &json!("building"))
    );
    let platinum = post(
        &app,
        &owner,
        "/api/v1/contacts",
        json!({"name": "Bo", "custom_fields": {"tier": "Platinum"}}),
        201,
    )
    .await;
    let shown = app
        .get(&format!("/api/v1/contacts/{}", id(&gold)))
        .token(&owner)
        .send()
        .await
        .expect(200)
        .body;
    assert_eq!(
        shown["custom_fields"],
        json!({"tier": "Gold"}),
        "the stored value as it was"
    );
    build_indexes(&app).await;
    assert_eq!(contact_ids(&app, &owner, "custom_fields.tier=Gold").await, [id(&gold)]);
    assert_eq!(
        contact_ids(&app, &owner, "custom_fields.tier=Platinum").await,
        [id(&platinum)]
    );

    app.patch(&path)
        .token(&owner)
        .json(json!({"type": "long_text"}))
        .send()
        .await
        .expect(200);
    app.patch(&path)
        .token(&owner)
        .json(json!({"type": "text"}))
        .send()
        .await
        .expect_invalid("type");
}

/// A field on a kind whose module the workspace cannot use is refused as that module's routes
/// are: 403 `module_disabled` naming the module, whether the plan lacks it or the workspace
/// switched it off (a sandbox key follows its live workspace), and nothing is defined.
async fn a_field_on_a_kind_of_a_module_the_workspace_lacks_is_403_module_disabled(app: TestApp) {
    let field = |kind: &str| json!({"resource": kind, "key": "tier", "label": "Tier", "type": "text"});
    let defined = |token: String, kind: &'static str| {
        let app = &app;
        async move {
            let list = app
                .get(&format!("/api/custom-fields?resource={kind}"))
                .token(&token)
                .send()
                .await;
            list.expect(200).body["meta"]["total"].clone()
        }
    };
    // Starter has no HR, inventory or sales.
    let (_, email, password) = app.workspace_on_plan("starter").await;
    let starter = app.login(&email, &password).await;
    for kind in ["hr_employee", "inv_product", "sales_invoice"] {
        let refused = app
            .post("/api/custom-fields")
            .token(&starter)
            .json(field(kind))
            .send()
            .await;
        let body = refused.expect_error(403, "module_disabled").body;
        assert!(body["message"].as_str().unwrap().contains("Starter"), "{body}");
        assert_eq!(defined(starter.clone(), kind).await, 0, "{kind}: nothing defined");
    }
    define(&app, &starter, field("crm_contact")).await;

    // A module the workspace switched off, for a login and for a sandbox key.
    let owner = app.owner_token().await;
    let sandbox = app.api_key(&owner, "test").await;
    crate::harness::disable_modules(app.state.store(), app.tenant, &["crm"]).await;
    for token in [&owner, &sandbox] {
        let refused = app
            .post("/api/custom-fields")
            .token(token)
            .json(field("crm_contact"))
            .send()
            .await;
        let body = refused.expect_error(403, "module_disabled").body;
        assert!(body["message"].as_str().unwrap().contains("crm"), "{body}");
        assert_eq!(defined(token.clone(), "crm_contact").await, 0);
    }
    define(&app, &owner, field("project")).await;
    crate::harness::disable_modules(app.state.store(), app.tenant, &[]).await;
    define(&app, &owner, field("crm_contact")).await;
}

on_both_stores!(
    a_type_changes_only_to_one_every_stored_value_already_is,
    the_workspace_document_spells_out_its_custom_fields,
    filters_and_sorts_by_a_custom_field_once_its_index_is_built,
    search_covers_searchable_custom_fields,
    a_refused_value_draws_no_number,
    values_are_checked_stored_and_shown_on_the_record,
    a_deleted_fields_values_go_with_the_next_write,
    custom_fields_are_defined_per_kind_listed_in_order_changed_and_deleted,
    each_type_takes_a_default_of_its_own_shape,
    a_definition_says_what_its_type_needs,
    a_field_on_a_kind_of_a_module_the_workspace_lacks_is_403_module_disabled,
);

/// A kind has at most 100 custom fields: the 101st is 409 `limit_reached`, another kind is not
/// held back. (Above the store: SQLite only.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_kind_holds_at_most_100_custom_fields() {
    let app = TestApp::sqlite().await;
    let owner = app.owner_token().await;
    for n in 0..100 {
        define(
            &app,
            &owner,
            json!({"resource": "hr_employee", "key": format!("f{n}"), "label": "F", "type": "boolean"}),
        )
        .await;
    }
    app.post("/api/custom-fields")
        .token(&owner)
        .json(json!({"resource": "hr_employee", "key": "f100", "label": "F", "type": "boolean"}))
        .send()
        .await
        .expect_error(409, "limit_reached");
    define(
        &app,
        &owner,
        json!({"resource": "project", "key": "f100", "label": "F", "type": "boolean"}),
    )
    .await;
}

/// `GET /api/openapi.json` with a token is the workspace's own document: its custom fields
/// spelled out on the records, the bodies and the lists; without one, the generic document.
async fn the_workspace_document_spells_out_its_custom_fields(app: TestApp) {
    let owner = app.owner_token().await;
    define(
        &app,
        &owner,
        json!({"resource": "crm_contact", "key": "tier", "label": "Tier", "type": "select",
               "options": ["Gold", "Silver"], "required": true}),
    )
    .await;
    define(
        &app,
        &owner,
        json!({"resource": "crm_contact", "key": "score", "label": "Score", "type": "number", "filterable": true}),
    )
    .await;
    let generic = app.get("/api/openapi.json").send().await.expect(200).body;
    let mine = app.get("/api/openapi.json").token(&owner).send().await.expect(200).body;
    let schemas = &mine["components"]["schemas"];
    assert!(generic["components"]["schemas"]["CrmContactCustomFields"].is_null());
    assert_eq!(
        schemas["Contact"]["properties"]["custom_fields"]["$ref"],
        "#/components/schemas/CrmContactCustomFields"
    );
    assert_eq!(
        schemas["CrmContactCustomFields"]["properties"]["tier"]["enum"],
        json!(["Gold", "Silver"])
    );
    assert_eq!(
        schemas["CrmContactCustomFields"]["properties"]["score"]["type"],
        "number"
    );
    // A required field: a create must send the values (not null), and that field's not null;
    // the others may be null (no value).
    let given = &schemas["ContactIn"]["properties"]["custom_fields"];
    assert_eq!(
        given["$ref"], "#/components/schemas/CrmContactCustomFieldsIn",
        "{given}"
    );
    let values = &schemas["CrmContactCustomFieldsIn"]["properties"];
    assert!(values["tier"].get("nullable").is_none(), "{values}");
    assert_eq!(values["score"]["nullable"], true);
    // An update's `custom_fields` is never null (that would clear them all: 422).
    let patches: Vec<&Value> = schemas
        .as_object()
        .unwrap()
        .values()
        .map(|s| &s["properties"]["custom_fields"])
        .filter(|f| f.to_string().contains("CrmContactCustomFieldsPatch"))
        .collect();
    assert!(!patches.is_empty());
    assert!(patches.iter().all(|f| f.get("nullable").is_none()), "{patches:?}");
    assert_eq!(schemas["CrmContactCustomFieldsIn"]["required"], json!(["tier"]));
    assert_eq!(schemas["CrmContactCustomFieldsIn"]["additionalProperties"], false);
    assert!(
        schemas["CrmContactCustomFieldsPatch"]["required"].is_null(),
        "an update sends what it changes"
    );
    // Another kind without fields: an empty object, still its own.
    assert_eq!(schemas["CrmDealCustomFields"]["properties"], json!({}));
    // The contacts list takes the filterable field as a filter and a sort.
    let list = mine["paths"]
        .as_object()
        .unwrap()
        .values()
        .filter_map(|item| item.get("get"))
        .find(|op| op["x-worktop-resource"] == json!({"kind": "crm_contact", "action": "list", "module": "crm"}))
        .expect("the contacts list");
    let params = list["parameters"].as_array().unwrap();
    assert!(params
        .iter()
        .any(|p| p["name"] == "custom_fields.score" && p["schema"]["type"] == "number"));
    let sort = params.iter().find(|p| p["name"] == "sort").unwrap();
    assert!(sort["schema"]["enum"]
        .as_array()
        .unwrap()
        .contains(&json!("-custom_fields.score")));
    app.get("/api/openapi.json")
        .token("not-a-token")
        .send()
        .await
        .expect(401);
}

/// The plan caps a workspace's custom fields: on Starter the 21st is 403 `plan_limit`, naming
/// the plan and its limit. (Above the store: SQLite only.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_plan_caps_a_workspaces_custom_fields() {
    let app = TestApp::sqlite().await;
    let (_, email, password) = app.workspace_on_plan("starter").await;
    let owner = app.login(&email, &password).await;
    for n in 0..20 {
        let kind = if n % 2 == 0 { "crm_contact" } else { "project" };
        define(
            &app,
            &owner,
            json!({"resource": kind, "key": format!("f{n}"), "label": "F", "type": "boolean"}),
        )
        .await;
    }
    let refused = app
        .post("/api/custom-fields")
        .token(&owner)
        .json(json!({"resource": "support_ticket", "key": "f20", "label": "F", "type": "boolean"}))
        .send()
        .await
        .expect_error(403, "plan_limit")
        .body;
    let message = refused["message"].as_str().unwrap();
    assert!(
        message.contains("Starter") && message.contains("20 custom fields"),
        "{message}"
    );
}
