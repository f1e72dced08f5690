//! The events' contract: every event type the server emits carries its record as the record's
//! `GET` answers it at that version (the record itself, or under the key the event names it by:
//! `task` for `task.assigned`), so a webhook receiver can store what it gets without calling
//! back. One scenario per store triggers every event type `GET /api/v1/webhooks/event-types`
//! lists, and each is compared with the record read right after the call that emitted it (or
//! right before, for a delete). Each event's data also conforms to the schema the catalogue
//! declares for its type, so what a receiver generates from the document is what it gets.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::{json, Value};

use crate::harness::{create, get, id, post, try_delete, try_post, TestApp};
use crate::on_both_stores;

/// Equal as JSON: numbers by value (`1200` is `1200.0`: the outbox on DynamoDB keeps a number
/// as its digits), everything else exactly.
fn same_json(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        (Value::Array(x), Value::Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same_json(x, y)),
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same_json(v, w)))
        }
        _ => a == b,
    }
}

/// Where `value` breaks `schema` (OpenAPI 3.0's dialect, self-contained as the event-type
/// catalogue writes it), each as `pointer: what`. Strict about objects: a field the schema does
/// not name is a break, since a generated receiver would drop it.
fn breaks(value: &Value, schema: &Value, at: &str, found: &mut Vec<String>) {
    let Some(rules) = schema.as_object() else { return };
    if value.is_null() {
        if !rules.contains_key("type") && !rules.contains_key("allOf") || rules.get("nullable") == Some(&json!(true)) {
            return;
        }
        found.push(format!("{at}: null where the schema is not nullable"));
        return;
    }
    if let Some(allowed) = rules.get("enum").and_then(Value::as_array) {
        if !allowed.iter().any(|a| same_json(a, value)) {
            found.push(format!("{at}: {value} is not one of {allowed:?}"));
        }
    }
    let type_ok = match rules.get("type").and_then(Value::as_str) {
        Some("object") => value.is_object(),
        Some("array") => value.is_array(),
        Some("string") => value.is_string(),
        // The outbox on DynamoDB keeps a number as its digits: `3` may come back `3.0`.
        Some("integer") => value.as_f64().is_some_and(|n| n.fract() == 0.0),
        Some("number") => value.is_number(),
        Some("boolean") => value.is_boolean(),
        _ => true,
    };
    if !type_ok {
        found.push(format!("{at}: {value} is not of type {}", rules["type"]));
        return;
    }
    for member in rules.get("allOf").and_then(Value::as_array).into_iter().flatten() {
        breaks(value, &without_extras_rule(member), at, found);
    }
    for key in ["oneOf", "anyOf"] {
        if let Some(members) = rules.get(key).and_then(Value::as_array) {
            let fits = |m: &Value| {
                let mut errors = Vec::new();
                breaks(value, m, at, &mut errors);
                errors.is_empty()
            };
            if !members.iter().any(fits) {
                found.push(format!("{at}: {value} fits no member of {key}"));
            }
        }
    }
    if let (Some(n), Some(least)) = (value.as_f64(), rules.get("minimum").and_then(Value::as_f64)) {
        if n < least {
            found.push(format!("{at}: {n} is below the minimum {least}"));
        }
    }
    if let (Some(n), Some(most)) = (value.as_f64(), rules.get("maximum").and_then(Value::as_f64)) {
        if n > most {
            found.push(format!("{at}: {n} is above the maximum {most}"));
        }
    }
    if let (Some(items), Some(schema)) = (value.as_array(), rules.get("items")) {
        for (i, item) in items.iter().enumerate() {
            breaks(item, schema, &format!("{at}/{i}"), found);
        }
    }
    if let Some(fields) = value.as_object() {
        let named = property_names(schema);
        for field in rules.get("required").and_then(Value::as_array).into_iter().flatten() {
            if !fields.contains_key(field.as_str().unwrap_or_default()) {
                found.push(format!("{at}: the required {field} is missing"));
            }
        }
        for (field, field_value) in fields {
            match rules.get("properties").and_then(|p| p.get(field)) {
                Some(field_schema) => breaks(field_value, field_schema, &format!("{at}/{field}"), found),
                None if rules.contains_key("additionalProperties") => breaks(
                    field_value,
                    &rules["additionalProperties"],
                    &format!("{at}/{field}"),
                    found,
                ),
                None if !named.is_empty() && !named.contains(field.as_str()) && !rules.contains_key("x-extras") => {
                    found.push(format!("{at}: {field} is not in the schema"))
                }
                None => {}
            }
        }
    }
}

/// The check finds what a generated receiver would trip on, and nothing in what fits.
#[test]
fn breaks_finds_a_missing_field_an_extra_field_a_wrong_type_and_a_stray_null() {
    let schema = json!({"type": "object", "required": ["id", "deal"], "properties": {
        "id": {"type": "integer", "format": "int64"},
        "note": {"type": "string", "nullable": true},
        "deal": {"allOf": [{"type": "object", "properties": {"stage": {"type": "string", "enum": ["open", "won"]}}}],
            "type": "object", "properties": {"tags": {"type": "array", "items": {"type": "string"}}}}}});
    let check = |value: Value| {
        let mut found = Vec::new();
        breaks(&value, &schema, "", &mut found);
        found
    };
    assert_eq!(
        check(json!({"id": 3.0, "note": null, "deal": {"stage": "won", "tags": ["a"]}})),
        Vec::<String>::new()
    );
    assert_eq!(check(json!({"deal": {}})), [": the required \"id\" is missing"]);
    assert_eq!(
        check(json!({"id": 1, "deal": {}, "size": 2})),
        [": size is not in the schema"]
    );
    assert_eq!(
        check(json!({"id": "1", "deal": {}})),
        ["/id: \"1\" is not of type \"integer\""]
    );
    assert_eq!(
        check(json!({"id": 1, "deal": null})),
        ["/deal: null where the schema is not nullable"]
    );
    assert_eq!(check(json!({"id": 1, "deal": {"stage": "lost", "tags": [1]}})).len(), 2);
    assert_eq!(
        check(json!({"id": 1, "deal": {"size": 1}})),
        ["/deal: size is not in the schema"]
    );
}

/// `schema` as a member of an `allOf`: fields its siblings name are not extra.
fn without_extras_rule(schema: &Value) -> Value {
    let mut member = schema.clone();
    if let Some(map) = member.as_object_mut() {
        map.insert("x-extras".into(), json!(true));
    }
    member
}

/// The properties `schema` names, its `allOf`, `oneOf` and `anyOf` members' too.
fn property_names(schema: &Value) -> BTreeSet<&str> {
    let mut names: BTreeSet<&str> = schema
        .get("properties")
        .and_then(Value::as_object)
        .map(|p| p.keys().map(String::as_str).collect())
        .unwrap_or_default();
    for key in ["allOf", "oneOf", "anyOf"] {
        for member in schema.get(key).and_then(Value::as_array).into_iter().flatten() {
            names.extend(property_names(member));
        }
    }
    names
}

/// The events written since a mark, compared with what the API answers.
struct Contract<'a> {
    app: &'a TestApp,
    token: String,
    mark: String,
    checked: BTreeSet<String>,
    /// Each event type's schema of its data, as the catalogue declares it.
    schemas: BTreeMap<String, Value>,
}

impl<'a> Contract<'a> {
    async fn new(app: &'a TestApp) -> Self {
        app.keep_events().await;
        let token = app.owner_token().await;
        let catalogue = get(app, &token, "/api/v1/webhooks/event-types?per_page=100").await;
        let schemas = catalogue["data"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| (t["name"].as_str().unwrap().to_owned(), t["schema"].clone()))
            .collect();
        Self {
            app,
            token,
            mark: app.outbox_mark(),
            checked: BTreeSet::new(),
            schemas,
        }
    }

    /// From now on: the events of the next call.
    fn mark(&mut self) {
        self.mark = self.app.outbox_mark();
    }

    /// The data of the one `event_type` event written since the mark.
    async fn data(&self, event_type: &str) -> Value {
        let events = self.app.outbox_events_since(self.app.tenant, &self.mark).await;
        let found: Vec<&Value> = events
            .iter()
            .filter(|(t, _)| t == event_type)
            .map(|(_, data)| data)
            .collect();
        assert_eq!(
            found.len(),
            1,
            "one {event_type} since the mark; written: {:?}",
            events.iter().map(|e| &e.0).collect::<Vec<_>>()
        );
        let schema = &self.schemas[event_type];
        let mut found_breaks = Vec::new();
        breaks(found[0], schema, "", &mut found_breaks);
        assert!(
            found_breaks.is_empty(),
            "{event_type}'s data conforms to its declared schema: {found_breaks:#?}\n data: {}",
            found[0]
        );
        found[0].clone()
    }

    /// Asserts the `event_type` event since the mark carries `record` at `pointer` (`""`: its
    /// data is the record).
    async fn carries(&mut self, event_type: &str, pointer: &str, record: &Value) {
        let data = self.data(event_type).await;
        let carried = data
            .pointer(pointer)
            .unwrap_or_else(|| panic!("{event_type} has {pointer:?}: {data}"));
        assert!(
            same_json(carried, record),
            "{event_type} carries the record as GET answers it:\n carried: {carried}\n     GET: {record}"
        );
        self.checked.insert(event_type.to_owned());
    }

    /// [`Contract::carries`] the record `GET path` answers now.
    async fn carries_get(&mut self, event_type: &str, pointer: &str, path: &str) {
        let record = get(self.app, &self.token, path).await;
        self.carries(event_type, pointer, &record).await;
    }

    /// [`Contract::carries_get`] for a show route that adds `detail` to the record (related
    /// records, figures derived from others): the record is its answer without them.
    async fn carries_detailed(&mut self, event_type: &str, pointer: &str, path: &str, detail: &[&str]) {
        let mut record = get(self.app, &self.token, path).await;
        for field in detail {
            assert!(
                record.as_object_mut().and_then(|r| r.remove(*field)).is_some(),
                "{path} has {field}: {record}"
            );
        }
        self.carries(event_type, pointer, &record).await;
    }

    /// The entry of list `path` with id `record_id`.
    async fn listed(&self, path: &str, record_id: u64) -> Value {
        let separator = if path.contains('?') { '&' } else { '?' };
        let page = get(self.app, &self.token, &format!("{path}{separator}per_page=100")).await;
        page["data"]
            .as_array()
            .and_then(|rows| rows.iter().find(|r| r["id"] == record_id))
            .unwrap_or_else(|| panic!("{path} lists {record_id}: {page}"))
            .clone()
    }

    /// [`Contract::carries`] the entry of list `path` with id `record_id`, for a kind without a
    /// show route.
    async fn carries_listed(&mut self, event_type: &str, pointer: &str, path: &str, record_id: u64) {
        let record = self.listed(path, record_id).await;
        self.carries(event_type, pointer, &record).await;
    }

    /// [`Contract::deleted`] for a kind without a show route.
    async fn deleted_listed(&mut self, event_type: &str, list_path: &str, record_id: u64, delete_path: &str) {
        let before = self.listed(list_path, record_id).await;
        self.mark();
        try_delete(self.app, &self.token, delete_path).await.expect(200);
        self.carries(event_type, "", &before).await;
    }

    /// Deletes with `DELETE delete_path` and asserts `event_type` carries the record as `GET
    /// show_path` answered just before.
    async fn deleted(&mut self, event_type: &str, show_path: &str, delete_path: &str) {
        let before = get(self.app, &self.token, show_path).await;
        self.mark();
        try_delete(self.app, &self.token, delete_path).await.expect(200);
        self.carries(event_type, "", &before).await;
    }

    async fn create(&mut self, path: &str, body: Value) -> Value {
        self.mark();
        create(self.app, &self.token, path, body).await
    }

    /// Runs the import and export worker until nothing is queued, its events after the mark.
    async fn run_jobs(&mut self) {
        self.mark();
        shared::resource::transfer::run_due(&self.app.state, std::time::Duration::ZERO)
            .await
            .expect("the jobs run");
    }

    async fn patch(&mut self, path: &str, body: Value) {
        self.mark();
        self.app
            .patch(path)
            .token(&self.token)
            .json(body)
            .send()
            .await
            .expect(200);
    }

    /// A call that changes something (200, or 201 where it makes a record).
    async fn post(&mut self, path: &str, body: Value) -> Value {
        self.mark();
        let answer = try_post(self.app, &self.token, path, body).await;
        assert!(
            matches!(answer.status, 200 | 201),
            "{path}: {} {}",
            answer.status,
            answer.body
        );
        answer.body
    }
}

async fn identity_and_platform_events(c: &mut Contract<'_>) {
    let user = c
        .create(
            "/api/user/store",
            json!({"name": "Sam Rivera", "email": "sam@example.com", "role": "staff"}),
        )
        .await;
    c.carries_listed("user.created", "", "/api/users?search=sam", id(&user))
        .await;
    let key = c.create("/api/v1/settings/api-keys", json!({"name": "Zapier"})).await;
    c.carries_listed("api_key.created", "", "/api/v1/settings/api-keys", id(&key))
        .await;
    let listed = get(c.app, &c.token, "/api/v1/settings/api-keys").await;
    c.mark();
    try_delete(c.app, &c.token, &format!("/api/v1/settings/api-keys/{}", id(&key)))
        .await
        .expect(200);
    let revoked = c.data("api_key.revoked").await;
    let entry = listed["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|k| k["id"] == key["id"])
        .unwrap()
        .clone();
    assert_eq!(
        (&revoked["id"], &revoked["name"]),
        (&entry["id"], &entry["name"]),
        "api_key.revoked names the key"
    );
    c.checked.insert("api_key.revoked".into());

    let field = c
        .create(
            "/api/custom-fields",
            json!({"resource": "crm_contact", "key": "tier", "label": "Tier", "type": "select",
                   "options": ["Gold", "Silver"]}),
        )
        .await;
    let path = format!("/api/custom-fields/{}", id(&field));
    c.carries_get("custom_field.created", "", &path).await;
    c.patch(&path, json!({"label": "Customer tier"})).await;
    c.carries_get("custom_field.updated", "", &path).await;
    c.deleted("custom_field.deleted", &path, &path).await;
}

/// A stage of `record`'s pipeline other than its own, from the stage list at `path`.
async fn other_stage(c: &Contract<'_>, path: &str, record: &Value) -> u64 {
    let stages = get(
        c.app,
        &c.token,
        &format!("{path}?pipeline_id={}", record["pipeline_id"]),
    )
    .await;
    let listed = stages["data"]
        .as_array()
        .or(stages.as_array())
        .cloned()
        .unwrap_or_default();
    listed
        .iter()
        .filter_map(|s| s["id"].as_u64())
        .find(|s| Some(*s) != record["stage_id"].as_u64())
        .unwrap_or_else(|| panic!("a second stage: {stages}"))
}

async fn crm_events(c: &mut Contract<'_>) {
    let contact = c
        .create(
            "/api/v1/contacts",
            json!({"name": "Ann Lee", "email": "ann@example.com"}),
        )
        .await;
    let path = format!("/api/v1/contacts/{}", id(&contact));
    c.carries_get("contact.created", "", &path).await;
    c.patch(&path, json!({"name": "Ann Lee-Smith"})).await;
    c.carries_get("contact.updated", "", &path).await;
    c.deleted("contact.deleted", &path, &path).await;

    let lead = c
        .create("/api/lead/create", json!({"name": "Kim", "email": "kim@example.com"}))
        .await;
    let lid = id(&lead);
    let show = format!("/api/lead/show/{lid}");
    c.carries_get("lead.created", "", &show).await;
    c.post(&format!("/api/lead/update/{lid}"), json!({"subject": "Website"}))
        .await;
    c.carries_get("lead.updated", "", &show).await;
    let next = other_stage(c, "/api/lead-stages", &lead).await;
    c.post(&format!("/api/lead/update/{lid}"), json!({"stage_id": next}))
        .await;
    c.carries_get("lead.stage_changed", "/lead", &show).await;
    c.post(&format!("/api/lead/convert-to-deal/{lid}"), json!({})).await;
    c.carries_get("lead.converted", "/lead", &show).await;
    let other = id(&create(
        c.app,
        &c.token,
        "/api/lead/create",
        json!({"name": "Lou", "email": "lou@example.com"}),
    )
    .await);
    let other_show = format!("/api/lead/show/{other}");
    c.deleted("lead.deleted", &other_show, &format!("/api/lead/delete/{other}"))
        .await;

    let deal = c
        .create("/api/deal/create", json!({"name": "Renewal", "amount": 1200}))
        .await;
    let did = id(&deal);
    let show = format!("/api/deal/show/{did}");
    c.carries_get("deal.created", "", &show).await;
    c.post(&format!("/api/deal/update/{did}"), json!({"amount": 1500}))
        .await;
    c.carries_get("deal.updated", "", &show).await;
    let next = other_stage(c, "/api/deal-stages", &deal).await;
    c.post(&format!("/api/deal/update/{did}"), json!({"stage_id": next}))
        .await;
    c.carries_get("deal.stage_changed", "/deal", &show).await;
    c.post(&format!("/api/deal/update/{did}"), json!({"status": "won"}))
        .await;
    c.carries_get("deal.status_changed", "/deal", &show).await;
    c.deleted("deal.deleted", &show, &format!("/api/deal/delete/{did}"))
        .await;
}

/// The trial's two events, from a trial put on the harness's workspace and moved to its end.
async fn trial_events(c: &mut Contract<'_>) {
    use identity::workspace::Workspace;
    use shared::auth::records::workspace_key;
    use shared::store::{Condition, Item, StoreExt, Write};
    let store = c.app.state.store();
    let mut workspace: Workspace = store.get_as(&workspace_key(c.app.tenant)).await.unwrap().unwrap();
    let before = workspace.version;
    let now = shared::time::now_unix();
    let plan = shared::plans::find(&workspace.plan).unwrap();
    let mut writes = identity::trial::start(&mut workspace, plan, now).unwrap();
    workspace.version += 1;
    writes.push(Write::put(
        Item::from_value(workspace_key(c.app.tenant), &workspace).unwrap(),
        Condition::Version(before),
    ));
    store.transact(writes).await.unwrap();
    let ends = now + i64::from(plan.trial_days) * 86_400;
    let shown = get(c.app, &c.token, "/api/workspace").await;
    for (event_type, at) in [("trial.will_end", ends - 3 * 86_400), ("trial.ended", ends)] {
        c.mark();
        identity::trial::advance(&c.app.state, at + 1).await.unwrap();
        let data = c.data(event_type).await;
        assert_eq!(data["workspace_id"], c.app.tenant.0, "{data}");
        assert_eq!(data["trial_ends_at"], shown["trial_ends_at"], "{data}");
        assert_eq!(data["plan"], shown["plan"]["id"], "{data}");
        c.checked.insert(event_type.into());
    }
}

on_both_stores!(every_event_type_carries_its_record_as_get_answers_it);

async fn every_event_type_carries_its_record_as_get_answers_it(app: TestApp) {
    let mut c = Contract::new(&app).await;
    identity_and_platform_events(&mut c).await;
    crm_events(&mut c).await;
    accounting_and_inventory_events(&mut c).await;
    work_events(&mut c).await;
    hr_events(&mut c).await;
    transfer_events(&mut c).await;
    webhook_test_event(&mut c).await;
    // Last: the workspace is read-only after it.
    trial_events(&mut c).await;

    let listed: BTreeSet<String> = get(&app, &c.token, "/api/v1/webhooks/event-types?per_page=100").await["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap().to_owned())
        .collect();
    let unchecked: Vec<&String> = listed.difference(&c.checked).collect();
    assert!(
        unchecked.is_empty(),
        "event types the contract does not check: {unchecked:?}"
    );
}

/// The catalogue gives each type a schema of its data (none is any JSON) and a sample delivery
/// of that type that conforms to it.
#[tokio::test]
async fn every_event_type_lists_a_schema_and_a_sample_that_fits_it() {
    let app = TestApp::sqlite().await;
    let token = app.owner_token().await;
    let catalogue = get(&app, &token, "/api/v1/webhooks/event-types?per_page=100").await;
    let types = catalogue["data"].as_array().unwrap();
    assert!(types.len() > 40, "{catalogue}");
    for listed in types {
        let name = listed["name"].as_str().unwrap();
        let schema = &listed["schema"];
        assert!(
            schema
                .as_object()
                .is_some_and(|s| s.contains_key("properties") || s.contains_key("allOf")),
            "{name} declares its data: {schema}"
        );
        assert!(
            !schema.to_string().contains("$ref"),
            "{name}'s schema is self-contained"
        );
        let sample = &listed["sample"];
        assert_eq!(sample["type"], name);
        assert!(sample["id"].as_str().unwrap().starts_with("msg_"));
        let mut found = Vec::new();
        breaks(&sample["data"], schema, "", &mut found);
        assert!(
            found.is_empty(),
            "{name}'s sample fits its schema: {found:#?}\n{sample}"
        );
    }
    let ping = types.iter().find(|t| t["name"] == "webhook.test").unwrap();
    assert_eq!(ping["sample"]["data"]["webhook_id"], 7, "{ping}");
}

async fn accounting_and_inventory_events(c: &mut Contract<'_>) {
    let customer = c.create("/api/customers/create", json!({"name": "Acme"})).await;
    let cid = id(&customer);
    let show = format!("/api/v1/customers/{cid}");
    c.carries_get("customer.created", "", &show).await;
    c.post(
        &format!("/api/customers/update/{cid}"),
        json!({"phone": "+33 1 23 45 67 89"}),
    )
    .await;
    c.carries_get("customer.updated", "", &show).await;
    let gone = id(&create(c.app, &c.token, "/api/customers/create", json!({"name": "Gone Ltd"})).await);
    c.deleted(
        "customer.deleted",
        &format!("/api/v1/customers/{gone}"),
        &format!("/api/customers/delete/{gone}"),
    )
    .await;

    let vendor = c.create("/api/vendors/create", json!({"name": "Supplier"})).await;
    let vid = id(&vendor);
    c.carries_listed("vendor.created", "", "/api/vendors", vid).await;
    c.post(
        &format!("/api/vendors/update/{vid}"),
        json!({"payment_terms": "net_30"}),
    )
    .await;
    c.carries_listed("vendor.updated", "", "/api/vendors", vid).await;
    let other = id(&create(c.app, &c.token, "/api/vendors/create", json!({"name": "Gone GmbH"})).await);
    c.deleted_listed(
        "vendor.deleted",
        "/api/vendors",
        other,
        &format!("/api/vendors/delete/{other}"),
    )
    .await;

    // A product's detail adds its stock, which is not the product's record (levels move without
    // a new version of it): its events carry the product as the list shows it.
    let shop = id(&create(c.app, &c.token, "/api/warehouse/create", json!({"name": "Shop"})).await);
    let lamp = c
        .create(
            "/api/product/create",
            json!({"name": "Lamp", "sku": "LAMP", "sale_price": 10, "purchase_price": 4, "reorder_level": 5}),
        )
        .await;
    let pid = id(&lamp);
    c.carries_listed("product.created", "", "/api/products", pid).await;
    c.post(&format!("/api/product/update/{pid}"), json!({"sale_price": 12}))
        .await;
    c.carries_listed("product.updated", "", "/api/products", pid).await;
    let show = format!("/api/product/detail/{pid}");
    let gone = id(&create(
        c.app,
        &c.token,
        "/api/product/create",
        json!({"name": "Gone", "sku": "GONE", "sale_price": 1}),
    )
    .await);
    c.deleted_listed(
        "product.deleted",
        "/api/products",
        gone,
        &format!("/api/product/delete/{gone}"),
    )
    .await;

    // A purchase of 8 lamps, then a sale of 4: the level falls from 8 to 4, under 5.
    let vat = id(&create(c.app, &c.token, "/api/tax/create", json!({"name": "VAT", "rate": 20})).await);
    let purchase = create(
        c.app,
        &c.token,
        "/api/purchase-invoice/create",
        json!({"vendor_id": vid, "warehouse_id": shop,
               "items": [{"product_id": pid, "quantity": 8, "unit_price": "4.00", "tax_ids": [vat]}]}),
    )
    .await;
    let path = format!("/api/purchase-invoice/show/{}", id(&purchase));
    c.post(&format!("/api/purchase-invoice/post/{}", id(&purchase)), json!({}))
        .await;
    c.carries_get("purchase_invoice.posted", "", &path).await;
    let sale = c
        .create(
            "/api/pos/create",
            json!({"warehouse_id": shop, "items": [{"product_id": pid, "quantity": 4}],
                   "payments": [{"amount": 100, "method": "cash"}]}),
        )
        .await;
    c.carries_get("pos.created", "", &format!("/api/pos/show/{}", id(&sale)))
        .await;
    let low = c.data("stock.low").await;
    let detail = get(c.app, &c.token, &show).await;
    assert_eq!(
        (&low["product_id"], &low["quantity"], &low["reorder_level"]),
        (&json!(pid), &json!(4), &detail["reorder_level"]),
        "stock.low names the product and its level as GET shows them: {detail}"
    );
    c.checked.insert("stock.low".into());

    let invoice = c
        .create(
            "/api/sales-invoice/create",
            json!({"customer_id": cid, "warehouse_id": shop, "invoice_date": "2026-01-02", "due_date": "2026-01-31",
                   "items": [{"product_id": pid, "quantity": 1, "unit_price": "10.00"}]}),
        )
        .await;
    let iid = id(&invoice);
    let show = format!("/api/sales-invoice/show/{iid}");
    c.carries_get("invoice.created", "", &show).await;
    // Due already: posted and overdue at once.
    c.post(&format!("/api/sales-invoice/post/{iid}"), json!({})).await;
    c.carries_get("invoice.posted", "", &show).await;
    c.carries_get("invoice.overdue", "", &show).await;
    let bank = id(&create(c.app, &c.token, "/api/bank-accounts/create", json!({"name": "Main"})).await);
    let total = get(c.app, &c.token, &show).await["total_amount"].clone();
    c.create(
        "/api/customer-payments/create",
        json!({"customer_id": cid, "bank_account_id": bank, "amount": total,
               "allocations": [{"invoice_id": iid, "amount": total}]}),
    )
    .await;
    c.carries_get("invoice.paid", "", &show).await;

    let proposal_body = json!({"customer_id": cid, "warehouse_id": shop, "proposal_date": "2026-03-01",
                               "items": [{"product_id": pid, "quantity": 1}]});
    let proposal = c.create("/api/sales-proposal/create", proposal_body.clone()).await;
    let show = format!("/api/sales-proposal/show/{}", id(&proposal));
    c.carries_get("proposal.created", "", &show).await;
    post(
        c.app,
        &c.token,
        &format!("/api/sales-proposal/sent/{}", id(&proposal)),
        json!({}),
        200,
    )
    .await;
    c.post(&format!("/api/sales-proposal/accept/{}", id(&proposal)), json!({}))
        .await;
    c.carries_get("proposal.accepted", "", &show).await;
    let declined = id(&create(c.app, &c.token, "/api/sales-proposal/create", proposal_body).await);
    post(
        c.app,
        &c.token,
        &format!("/api/sales-proposal/sent/{declined}"),
        json!({}),
        200,
    )
    .await;
    c.post(&format!("/api/sales-proposal/reject/{declined}"), json!({}))
        .await;
    c.carries_get("proposal.rejected", "", &format!("/api/sales-proposal/show/{declined}"))
        .await;
}

/// What a ticket's show adds to the ticket: its conversation and its internal notes.
const TICKET_DETAIL: &[&str] = &["replies", "notes"];

/// What a task's show adds to the task: its comments, subtasks, whether its stage is the last,
/// and the time logged on it.
const TASK_DETAIL: &[&str] = &["comments", "subtasks", "done", "seconds_logged"];

async fn work_events(c: &mut Contract<'_>) {
    let (member, _) = c.app.user_with_role("staff").await;
    let project = c
        .create(
            "/api/projects/create",
            json!({"name": "Relaunch", "start_date": "2026-01-05", "end_date": "2026-06-30", "members": [member]}),
        )
        .await;
    let pid = id(&project);
    let show = format!("/api/project/show/{pid}");
    c.carries_get("project.created", "", &show).await;

    let task = c
        .create(
            &format!("/api/project/{pid}/task/create"),
            json!({"title": "Checklist", "assigned_to": [member]}),
        )
        .await;
    let tid = id(&task);
    let task_show = format!("/api/project/task/show/{tid}");
    c.carries_detailed("task.created", "", &task_show, TASK_DETAIL).await;
    c.carries_detailed("task.assigned", "/task", &task_show, TASK_DETAIL)
        .await;
    assert_eq!(c.data("task.assigned").await["user_id"], member);
    let stages: Vec<u64> = get(c.app, &c.token, "/api/project/task-stages").await["data"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|s| s["id"].as_u64())
        .collect();
    let next = stages
        .iter()
        .find(|s| Some(**s) != task["stage_id"].as_u64())
        .expect("a second task stage");
    c.post(
        &format!("/api/project/{pid}/task/update/{tid}"),
        json!({"stage_id": next}),
    )
    .await;
    c.carries_detailed("task.stage_changed", "/task", &task_show, TASK_DETAIL)
        .await;

    let bug = c
        .create(
            &format!("/api/project/bug/create/{pid}"),
            json!({"title": "Broken link"}),
        )
        .await;
    c.carries_detailed(
        "bug.created",
        "",
        &format!("/api/project/bug/show/{}", id(&bug)),
        &["comments", "done"],
    )
    .await;
    c.post(&format!("/api/project/update/{pid}"), json!({"status": "finished"}))
        .await;
    c.carries_get("project.completed", "", &show).await;

    let ticket = c
        .create(
            "/api/support-ticket/ticket/store",
            json!({"subject": "Cannot log in", "description": "The page spins.", "name": "Sam", "email": "sam@example.com"}),
        )
        .await;
    let tid = id(&ticket);
    let show = format!("/api/support-ticket/ticket/show/{tid}");
    c.carries_detailed("ticket.created", "", &show, TICKET_DETAIL).await;
    c.create(
        &format!("/api/support-ticket/ticket/add-reply/{tid}"),
        json!({"description": "Try again now."}),
    )
    .await;
    let replied = c.data("ticket.replied").await;
    // The ticket shows each reply with its attachments (their own records).
    let mut reply = get(c.app, &c.token, &show).await["replies"]
        .as_array()
        .and_then(|r| r.last())
        .cloned()
        .expect("the reply on the ticket");
    reply.as_object_mut().unwrap().remove("attachments");
    c.carries("ticket.replied", "", &reply).await;
    assert_eq!(replied["ticket_id"], tid, "{replied}");
    c.post(
        &format!("/api/support-ticket/ticket/update/{tid}"),
        json!({"status": "closed"}),
    )
    .await;
    c.carries_detailed("ticket.closed", "", &show, TICKET_DETAIL).await;
}

async fn hr_events(c: &mut Contract<'_>) {
    let (branch, department, designation, shift) = crate::hr::organisation_working(
        c.app,
        &c.token,
        json!(["monday", "tuesday", "wednesday", "thursday", "friday"]),
    )
    .await;
    let _ = branch;
    let (user, _) = c.app.user_with_role("staff").await;
    let employee = c
        .create(
            "/api/employee/create",
            json!({"user_id": user, "department_id": department, "designation_id": designation,
                   "shift_id": shift, "date_of_joining": "2025-01-06", "basic_salary": 3000}),
        )
        .await;
    let eid = id(&employee);
    c.carries_get("employee.created", "", &format!("/api/employee/show/{eid}"))
        .await;
    let kind = id(&create(
        c.app,
        &c.token,
        "/api/leave-types/create",
        json!({"name": "Annual leave", "days_per_year": 20}),
    )
    .await);
    let mut decided = Vec::new();
    for (start, end, status, event) in [
        ("2026-08-03", "2026-08-04", "approved", "leave.approved"),
        ("2026-09-07", "2026-09-08", "rejected", "leave.rejected"),
    ] {
        let leave = c
            .create(
                "/api/leave-application/create",
                json!({"employee_id": eid, "leave_type_id": kind, "start_date": start, "end_date": end}),
            )
            .await;
        let lid = id(&leave);
        c.carries_listed(
            "leave.requested",
            "",
            &format!("/api/leave-applications?employee_id={eid}"),
            lid,
        )
        .await;
        c.post(
            &format!("/api/leave-application/update-status/{lid}"),
            json!({"status": status}),
        )
        .await;
        c.carries_listed(event, "", &format!("/api/leave-applications?employee_id={eid}"), lid)
            .await;
        decided.push(lid);
    }
    let payroll = create(
        c.app,
        &c.token,
        "/api/payrolls/create",
        json!({"title": "October 2026", "pay_period_start": "2026-10-01", "pay_period_end": "2026-10-31",
               "pay_date": "2026-10-30", "payroll_frequency": "monthly"}),
    )
    .await;
    let prid = id(&payroll);
    c.post(&format!("/api/payrolls/{prid}/process"), json!({})).await;
    // A payroll's show adds its payslips (records of their own).
    c.carries_detailed("payroll.completed", "", &format!("/api/payrolls/{prid}"), &["payslips"])
        .await;
}

async fn transfer_events(c: &mut Contract<'_>) {
    let form = reqwest::multipart::Form::new().part(
        "file",
        reqwest::multipart::Part::bytes(b"name,email\nIan Import,ian@import.example\n".to_vec())
            .file_name("contacts.csv"),
    );
    let queued = c
        .app
        .post("/api/v1/contacts/import")
        .token(&c.token)
        .multipart(form)
        .send()
        .await
        .expect(202)
        .body;
    c.run_jobs().await;
    c.carries_get("import.finished", "", &format!("/api/imports/{}", queued["id"]))
        .await;
    let export = c
        .app
        .post("/api/v1/contacts/export")
        .token(&c.token)
        .json(json!({}))
        .send()
        .await
        .expect(202)
        .body;
    c.run_jobs().await;
    // On S3 the job's `GET` hands its caller a download URL signed for an hour; the event, which
    // may be delivered (or retried) days later, names the API's download route, which signs a
    // fresh one. Everything else is the same.
    let path = format!("/api/exports/{}", export["id"]);
    let data = c.data("export.finished").await;
    assert_eq!(data["download_url"], format!("{path}/download"), "{data}");
    let mut job = get(c.app, &c.token, &path).await;
    job["download_url"] = data["download_url"].clone();
    c.carries("export.finished", "", &job).await;
}

/// `webhook.test` is the one event of no record: a ping sent to one endpoint on request, which
/// names the endpoint.
async fn webhook_test_event(c: &mut Contract<'_>) {
    let (webhook, _) = crate::harness::subscribe(c.app, &c.token, "http://127.0.0.1:9/hook", json!(["*"])).await;
    c.mark();
    let answer = c
        .app
        .post(&format!("/api/v1/webhooks/{webhook}/test"))
        .token(&c.token)
        .json(json!({}))
        .send()
        .await;
    assert!(answer.status < 300, "the test ping is queued: {}", answer.body);
    let ping = c.data("webhook.test").await;
    assert_eq!(ping["webhook_id"], webhook, "{ping}");
    c.checked.insert("webhook.test".into());
}
