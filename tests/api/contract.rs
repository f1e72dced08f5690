//! Contract tests generated from the route tables: every row of every function's table (and every
//! list) is checked for the same conventions, so a new route cannot skip them. Also: the OpenAPI
//! document covers every catalogue row the built functions serve.

use std::collections::hash_map::Entry;
use std::collections::HashMap;

use reqwest::Method;
use serde_json::{json, Value};
use shared::auth::{Module, ALL_PERMISSIONS};
use shared::policy::Credentials;
use shared::routes::{Body, Gate, RouteDoc};

use crate::harness::{disable_modules, TestApp};
use crate::on_both_stores;

/// The rows whose contract is checked here: every registered module's.
fn rows() -> Vec<RouteDoc> {
    shared::module::all_routes(&modules::ALL).into_docs()
}

fn gated_by(row: &RouteDoc, module: Module) -> bool {
    matches!(row.gate, Gate::Permission(p) if p.module == module)
}

/// The row's path with every `{param}` replaced by an id no record has.
fn concrete(path: &str) -> String {
    path.split('/')
        .map(|s| if s.starts_with('{') { "999999" } else { s })
        .collect::<Vec<_>>()
        .join("/")
}

async fn call(app: &TestApp, row: &RouteDoc, token: Option<&str>, body: Option<Value>) -> crate::harness::Resp {
    let method = Method::from_bytes(row.method.as_str().as_bytes()).unwrap();
    let mut call = app.call(method, &concrete(row.path));
    if let Some(token) = token {
        call = call.token(token);
    }
    match (body, row.body) {
        (Some(body), Body::Json(_)) => call = call.json(body),
        (_, Body::Multipart(_) | Body::Form(_)) => {
            let form = reqwest::multipart::Form::new().part(
                "file",
                reqwest::multipart::Part::bytes(b"hello".to_vec()).file_name("a.txt"),
            );
            call = call.multipart(form);
        }
        _ => {}
    }
    call.send().await
}

async fn every_gated_route_is_401_without_a_token(app: TestApp) {
    for row in rows().iter().filter(|r| r.gate != Gate::Public) {
        let resp = call(&app, row, None, Some(json!({}))).await;
        assert_eq!(resp.status, 401, "{} {}: {}", row.method, row.path, resp.body);
        assert_eq!(resp.body["code"], "unauthenticated", "{} {}", row.method, row.path);
    }
}

async fn every_gated_route_is_403_for_a_key_without_its_permission(app: TestApp) {
    let owner = app.owner_token().await;
    // One key per permission: every scope but that one.
    let mut keys: HashMap<String, String> = HashMap::new();
    for needed in rows().iter().filter_map(|r| match r.gate {
        Gate::Permission(p) => Some(p),
        Gate::Public => None,
    }) {
        if let Entry::Vacant(slot) = keys.entry(needed.name()) {
            let scopes: Vec<String> = ALL_PERMISSIONS
                .iter()
                .filter(|p| **p != needed)
                .map(|p| p.name())
                .collect();
            let created = app
                .post("/api/v1/settings/api-keys")
                .token(&owner)
                .json(json!({"name": format!("all but {}", needed.name()), "scopes": scopes}))
                .send()
                .await
                .expect(201);
            slot.insert(created.body["key"].as_str().unwrap().to_owned());
        }
    }
    let mut checked = 0;
    for row in rows() {
        let Gate::Permission(needed) = row.gate else { continue };
        let resp = call(&app, &row, Some(&keys[&needed.name()]), Some(json!({}))).await;
        assert_eq!(
            resp.status,
            403,
            "{} {} without `{}`: {}",
            row.method,
            row.path,
            needed.name(),
            resp.body
        );
        assert_eq!(resp.body["code"], "forbidden", "{} {}", row.method, row.path);
        checked += 1;
    }
    assert!(checked >= 120, "only {checked} gated rows");
}

async fn every_live_only_route_is_403_for_a_sandbox_key(app: TestApp) {
    let owner = app.owner_token().await;
    let sandbox_key = app.api_key(&owner, "test").await;
    let live_only: Vec<RouteDoc> = rows()
        .into_iter()
        .filter(|r| r.credentials != Credentials::Any)
        .collect();
    assert!(live_only.len() >= 4, "profile, photo, password and account deletion");
    for row in &live_only {
        let resp = call(&app, row, Some(&sandbox_key), Some(json!({}))).await;
        assert_eq!(resp.status, 403, "{} {}: {}", row.method, row.path, resp.body);
        assert_eq!(resp.body["code"], "forbidden", "{} {}", row.method, row.path);
    }
    app.get("/api/user").token(&owner).send().await.expect(200);
}

async fn every_session_only_route_is_403_for_a_live_key(app: TestApp) {
    let owner = app.owner_token().await;
    let live_key = app.api_key(&owner, "live").await;
    let session_only: Vec<RouteDoc> = rows()
        .into_iter()
        .filter(|r| r.credentials == Credentials::SessionOnly)
        .collect();
    assert!(session_only.len() >= 2, "password and account deletion");
    for row in &session_only {
        let resp = call(
            &app,
            row,
            Some(&live_key),
            Some(json!({"password": crate::harness::OWNER_PASSWORD})),
        )
        .await;
        assert_eq!(resp.status, 403, "{} {}: {}", row.method, row.path, resp.body);
        assert_eq!(resp.body["code"], "forbidden", "{} {}", row.method, row.path);
    }
    app.get("/api/user").token(&owner).send().await.expect(200);
}

async fn every_crm_route_is_403_module_disabled_when_the_workspace_switches_crm_off(app: TestApp) {
    let owner = app.owner_token().await;
    disable_modules(app.state.store(), app.tenant, &["crm"]).await;
    let crm_rows: Vec<RouteDoc> = rows().into_iter().filter(|r| gated_by(r, Module::Crm)).collect();
    assert!(crm_rows.len() >= 79 + 5, "the CRM rows and v1 contacts/deals");
    for row in &crm_rows {
        let resp = call(&app, row, Some(&owner), Some(json!({}))).await;
        assert_eq!(resp.status, 403, "{} {}: {}", row.method, row.path, resp.body);
        assert_eq!(resp.body["code"], "module_disabled", "{} {}", row.method, row.path);
    }
    // Nothing else was switched off.
    app.get("/api/users").token(&owner).send().await.expect(200);
}

async fn a_client_login_is_403_forbidden_on_every_crm_route(app: TestApp) {
    let (_, client) = app.user_with_role("client").await;
    for row in rows().iter().filter(|r| gated_by(r, Module::Crm)) {
        let resp = call(&app, row, Some(&client), Some(json!({}))).await;
        assert_eq!(resp.status, 403, "{} {}: {}", row.method, row.path, resp.body);
        assert_eq!(resp.body["code"], "forbidden", "{} {}", row.method, row.path);
    }
}

async fn every_route_with_an_id_is_404_for_an_id_no_record_has(app: TestApp) {
    let owner = app.owner_token().await;
    let with_ids = rows()
        .into_iter()
        .filter(|r| r.path.contains('{') && r.gate != Gate::Public);
    let mut checked = 0;
    for row in with_ids {
        let resp = call(&app, &row, Some(&owner), Some(json!({"ids": [1]}))).await;
        assert_eq!(resp.status, 404, "{} {}: {}", row.method, row.path, resp.body);
        assert_eq!(resp.body["code"], "not_found", "{} {}", row.method, row.path);
        checked += 1;
    }
    assert!(checked >= 60, "only {checked} rows have ids");
}

/// The isolation sweep tries every route with another tenant's records of the kinds its path
/// names: a row whose path id names no kind would be left out of it silently.
#[test]
fn every_path_id_says_which_kind_of_record_it_names() {
    let mut unnamed = Vec::new();
    for row in rows() {
        let ids = shared::routes::path_params(row.path).filter(|p| shared::http::is_id_param(p));
        for param in ids {
            if !row.path_kinds.iter().any(|(named, _)| *named == param) {
                unnamed.push(format!("{} {} {{{param}}}", row.method, row.path));
            }
        }
    }
    assert!(unnamed.is_empty(), "name their kinds with Op::names: {unnamed:#?}");
}

async fn every_json_body_route_is_422_for_a_body_that_is_not_an_object(app: TestApp) {
    let owner = app.owner_token().await;
    for row in rows()
        .iter()
        .filter(|r| matches!(r.body, Body::Json(_)) && !r.path.contains('{') && r.gate != Gate::Public)
    {
        let resp = call(&app, row, Some(&owner), Some(json!([1, 2]))).await;
        assert_eq!(resp.status, 422, "{} {}: {}", row.method, row.path, resp.body);
        assert!(
            resp.body["errors"]["body"].is_array(),
            "{} {}: {}",
            row.method,
            row.path,
            resp.body
        );
    }
}

async fn every_list_honours_the_envelope_and_paging(app: TestApp) {
    let owner = app.owner_token().await;
    // Something in every CRM list, so paging has two pages to show.
    for (path, body) in [
        ("/api/pipeline/create", json!({"name": "Second"})),
        ("/api/source/create", json!({"name": "Fair"})),
        ("/api/lead/create", json!({"name": "A", "email": "a@example.com"})),
        ("/api/lead/create", json!({"name": "B", "email": "b@example.com"})),
        ("/api/deal/create", json!({"name": "A"})),
        ("/api/deal/create", json!({"name": "B"})),
        ("/api/v1/contacts", json!({"name": "A"})),
        ("/api/v1/contacts", json!({"name": "B"})),
        ("/api/v1/widgets", json!({"name": "A"})),
        ("/api/v1/widgets", json!({"name": "B"})),
    ] {
        app.post(path).token(&owner).json(body).send().await.expect(201);
    }
    let lists = rows()
        .into_iter()
        .filter(|r| r.query.is_some() && gated_by(r, Module::Crm));
    let mut checked = 0;
    for row in lists {
        let page = app
            .get(&format!("{}?per_page=1", row.path))
            .token(&owner)
            .send()
            .await
            .expect(200);
        let meta = &page.body["meta"];
        assert_eq!(
            page.body["data"].as_array().map(Vec::len),
            Some(1),
            "{}: {}",
            row.path,
            page.body
        );
        assert_eq!(meta["per_page"], 1, "{}", row.path);
        assert!(meta["total"].as_u64().unwrap() >= 2, "{}: {}", row.path, page.body);
        let cursor = meta["next_cursor"].as_str().expect("a next page").to_owned();
        let next = app
            .get(&format!("{}?per_page=1&cursor={cursor}", row.path))
            .token(&owner)
            .send()
            .await
            .expect(200);
        assert_eq!(next.body["meta"]["current_page"], 2, "{}", row.path);
        assert_ne!(next.body["data"][0]["id"], page.body["data"][0]["id"], "{}", row.path);
        app.get(&format!("{}?per_page=0", row.path))
            .token(&owner)
            .send()
            .await
            .expect_invalid("per_page");
        app.get(&format!("{}?sort=nonsense", row.path))
            .token(&owner)
            .send()
            .await
            .expect_invalid("sort");
        checked += 1;
    }
    assert_eq!(
        checked, 9,
        "pipelines, both stage lists, labels, sources, leads, deals, contacts, widgets"
    );
}

async fn every_json_body_route_names_a_field_of_the_wrong_type(app: TestApp) {
    let owner = app.owner_token().await;
    let doc = app.get("/api/openapi.json").send().await.expect(200).body;
    let mut checked = 0;
    for row in rows()
        .iter()
        .filter(|r| matches!(r.body, Body::Json(_)) && r.gate != Gate::Public)
    {
        let op = &doc["paths"][row.path][row.method.as_str().to_lowercase()];
        let Some((field, _)) = body_properties(&doc, op)
            .into_iter()
            .find(|(name, _)| name != "version" && name != "custom_fields")
        else {
            continue;
        };
        let resp = call(
            &app,
            row,
            Some(&owner),
            Some(json!({ field.as_str(): {"not": "this"} })),
        )
        .await;
        assert_eq!(
            resp.status, 422,
            "{} {} with a bad `{field}`: {}",
            row.method, row.path, resp.body
        );
        assert!(
            resp.body["errors"][field.as_str()].is_array(),
            "{} {} names `{field}`: {}",
            row.method,
            row.path,
            resp.body
        );
        checked += 1;
    }
    assert!(checked >= 40, "only {checked} rows checked");
}

/// A query parameter a route does not take is a 422 naming it and listing those it takes (a
/// misspelt filter is not read as no filter), on every route but OAuth's; the documented opt-out
/// lets it through.
async fn every_route_refuses_a_query_parameter_it_does_not_take(app: TestApp) {
    let owner = app.owner_token().await;
    let mut checked = 0;
    for row in rows() {
        let method = Method::from_bytes(row.method.as_str().as_bytes()).unwrap();
        let path = format!("{}?emial=ann%40example.com", concrete(row.path));
        let resp = app.call(method, &path).token(&owner).send().await;
        let named = resp.body["errors"]["emial"][0].as_str().unwrap_or_default();
        if !row.refuses_unknown_params() {
            assert!(
                named.is_empty(),
                "{} {} ignores it: {}",
                row.method,
                row.path,
                resp.body
            );
            continue;
        }
        if resp.status == 403 {
            // A permission the owner's login does not carry (the operator's): refused before.
            continue;
        }
        assert_eq!(resp.status, 422, "{} {}: {}", row.method, row.path, resp.body);
        assert!(
            named.starts_with("Unknown query parameter."),
            "{} {}: {named}",
            row.method,
            row.path
        );
        assert!(named.contains("unknown_params=ignore"), "{named}");
        checked += 1;
    }
    assert!(checked >= 800, "only {checked} routes checked");

    let contacts = app
        .get("/api/v1/contacts?emial=ann%40example.com")
        .token(&owner)
        .send()
        .await
        .expect_invalid("emial");
    let named = contacts.body["errors"]["emial"][0].as_str().unwrap();
    for param in [
        "email",
        "page",
        "per_page",
        "cursor",
        "sort",
        "search",
        "custom_fields.<key>",
    ] {
        assert!(named.contains(param), "{param} is not listed: {named}");
    }
    let ignored = app
        .get("/api/v1/contacts?emial=ann%40example.com&unknown_params=ignore")
        .token(&owner)
        .send()
        .await
        .expect(200);
    assert!(ignored.body["data"].is_array());
    app.get("/api/v1/contacts?unknown_params=yes")
        .token(&owner)
        .send()
        .await
        .expect_invalid("unknown_params");
}

/// The lists that are not of records with times a poller follows: fixed catalogues (account
/// types, plans, roles, event types) and views made of other records (stock levels, an agent's
/// outstanding commissions, the products a sale picks from), which a poller follows through the
/// records they are made of.
const UNPOLLED: &[&str] = &[
    "GET /api/account-types",
    "GET /api/agents/{agent}/outstanding-commissions",
    "GET /api/product-stocks",
    "GET /api/public/plans",
    "GET /api/roles",
    "POST /api/sales/get-warehouse-products",
    "GET /api/v1/webhooks/event-types",
    "GET /api/warehouse/product/{warehouse_id}",
];

/// Lists of options made of another kind's records (a customer as a choice in a form), whose GET
/// by id is that kind's.
const OPTIONS: &[&str] = &[
    "GET /api/get-clients",
    "GET /api/get-vendors",
    "GET /api/product-service/items",
];

/// Every paged list in the document: (`METHOD /path`, operation).
fn paged_lists(doc: &Value) -> Vec<(String, &Value)> {
    let mut lists = Vec::new();
    for (path, operations) in doc["paths"].as_object().unwrap() {
        for (method, op) in operations.as_object().unwrap() {
            let params = op["parameters"].as_array().into_iter().flatten();
            if params.clone().any(|p| p["name"] == "per_page") {
                lists.push((format!("{} {path}", method.to_uppercase()), op));
            }
        }
    }
    lists
}

fn takes(op: &Value, name: &str) -> bool {
    op["parameters"]
        .as_array()
        .into_iter()
        .flatten()
        .any(|p| p["name"] == name)
}

/// Every list of records takes `updated_since`, `created_since` and `sort=-updated_at`, and a
/// bound before any record leaves it whole (each served by an index, which this walks on every
/// kind); only the declared views do not.
async fn every_list_of_records_polls_by_its_times(app: TestApp) {
    let owner = app.owner_token().await;
    let doc = app.get("/api/openapi.json").send().await.expect(200).body;
    let mut checked = 0;
    for (name, op) in paged_lists(&doc) {
        let polled = takes(op, "updated_since") && takes(op, "created_since");
        assert_eq!(polled, !UNPOLLED.contains(&name.as_str()), "{name} polls by its times");
        let sorts = op["parameters"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["name"] == "sort");
        if polled {
            let sorts = &sorts.expect("a sort")["schema"]["enum"];
            assert!(
                sorts.as_array().unwrap().contains(&json!("-updated_at")),
                "{name}: {sorts}"
            );
        }
        let required = op["parameters"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["required"] == true);
        let Some(path) = name
            .strip_prefix("GET ")
            .filter(|p| polled && !p.contains('{') && !required)
        else {
            continue;
        };
        let all = app
            .get(&format!("{path}?per_page=100&sort=-updated_at"))
            .token(&owner)
            .send()
            .await;
        if all.status == 422 && all.body["code"] != "validation_failed" {
            // The caller's own records, which the owner has none of (`not_an_employee`).
            continue;
        }
        assert_eq!(all.status, 200, "{name}: {}", all.body);
        let bounded = app
            .get(&format!(
                "{path}?per_page=100&sort=-updated_at&updated_since=2000-01-01T00:00:00Z&created_since=2000-01-01T00:00:00Z"
            ))
            .token(&owner)
            .send()
            .await
            .expect(200);
        assert_eq!(bounded.body["data"], all.body["data"], "{name}");
        let none = app
            .get(&format!("{path}?created_since=2999-01-01T00:00:00Z"))
            .token(&owner)
            .send()
            .await
            .expect(200);
        assert_eq!(none.body["data"], json!([]), "{name}");
        checked += 1;
    }
    assert!(checked >= 70, "only {checked} lists checked");
}

/// Every kind a list shows has a `GET` by id (what a platform's "find" and "update" steps read),
/// which answers a listed record as the list shows it.
async fn every_kind_listed_has_a_get_by_id(app: TestApp) {
    let owner = app.owner_token().await;
    let doc = app.get("/api/openapi.json").send().await.expect(200).body;
    let schema_name = |schema: &Value| {
        schema["$ref"]
            .as_str()
            .map(|r| r.trim_start_matches("#/components/schemas/").to_owned())
    };
    // (item schema, kind) of each GET whose path ends in a parameter, and its path.
    let mut shows: Vec<(Option<String>, Option<String>, String)> = Vec::new();
    for (path, operations) in doc["paths"].as_object().unwrap() {
        let Some(op) = operations.get("get").filter(|_| path.ends_with('}')) else {
            continue;
        };
        let last = path.rsplit('{').next().unwrap().trim_end_matches('}');
        let kind = op["x-worktop-path-kinds"][last].as_str().map(str::to_owned);
        let schema = schema_name(&op["responses"]["200"]["content"]["application/json"]["schema"]);
        shows.push((schema, kind, path.clone()));
    }
    let mut compared = 0;
    for (name, op) in paged_lists(&doc) {
        if UNPOLLED.contains(&name.as_str()) || OPTIONS.contains(&name.as_str()) {
            continue;
        }
        let list_schema = schema_name(&op["responses"]["200"]["content"]["application/json"]["schema"]).unwrap();
        let item = schema_name(&doc["components"]["schemas"][&list_schema]["properties"]["data"]["items"]);
        let kind = op["x-worktop-resource"]["kind"].as_str().map(str::to_owned);
        let show = shows
            .iter()
            .find(|(_, show_kind, _)| kind.is_some() && *show_kind == kind)
            .or_else(|| shows.iter().find(|(schema, _, _)| schema.is_some() && *schema == item))
            // A record shown with what hangs off it (a task's subtasks and comments).
            .or_else(|| {
                let detail = item.as_ref().map(|item| format!("{item}Detail"));
                shows
                    .iter()
                    .find(|(schema, _, _)| schema.is_some() && *schema == detail)
            });
        let Some((show_schema, _, show_path)) = show else {
            panic!("{name} lists {item:?} ({kind:?}), which no GET by id shows");
        };
        // A record on the list's first page is what its GET answers.
        let Some(path) = name.strip_prefix("GET ").filter(|p| !p.contains('{')) else {
            continue;
        };
        let page = app.get(&format!("{path}?per_page=1")).token(&owner).send().await;
        let Some(listed) = page.body["data"]
            .get(0)
            .filter(|_| page.status == 200 && *show_schema == item)
        else {
            continue;
        };
        let id = listed["id"].to_string();
        let at = show_path.rsplit_once('{').unwrap().0.to_owned() + id.trim_matches('"');
        let shown = app.get(&at).token(&owner).send().await.expect(200).body;
        assert_eq!(&shown, listed, "{at} answers what {name} lists");
        compared += 1;
    }
    assert!(compared >= 10, "only {compared} records compared");
}

on_both_stores!(
    every_list_of_records_polls_by_its_times,
    every_kind_listed_has_a_get_by_id,
    every_route_refuses_a_query_parameter_it_does_not_take,
    every_gated_route_is_401_without_a_token,
    every_gated_route_is_403_for_a_key_without_its_permission,
    every_live_only_route_is_403_for_a_sandbox_key,
    every_session_only_route_is_403_for_a_live_key,
    every_crm_route_is_403_module_disabled_when_the_workspace_switches_crm_off,
    a_client_login_is_403_forbidden_on_every_crm_route,
    every_route_with_an_id_is_404_for_an_id_no_record_has,
    every_json_body_route_is_422_for_a_body_that_is_not_an_object,
    every_list_honours_the_envelope_and_paging,
    every_json_body_route_names_a_field_of_the_wrong_type
);

/// A body property's schema with a `$ref` resolved, and the one-member `allOf` a documented
/// `$ref` sibling makes.
fn property_schema(doc: &Value, schema: &Value) -> Value {
    let target = schema["$ref"].as_str().or_else(|| schema["allOf"][0]["$ref"].as_str());
    match target {
        Some(r) => doc["components"]["schemas"][r.trim_start_matches("#/components/schemas/")].clone(),
        None => schema.clone(),
    }
}

/// The JSON-body routes without path parameters (the record a body changes needs no making
/// first) and their documented body properties, each with its schema resolved.
fn documented_body_fields(doc: &Value) -> Vec<(RouteDoc, String, Value)> {
    let mut fields = Vec::new();
    for row in rows()
        .into_iter()
        .filter(|r| matches!(r.body, Body::Json(_)) && r.gate != Gate::Public && !r.path.contains('{'))
    {
        let op = &doc["paths"][row.path][row.method.as_str().to_lowercase()];
        for (name, schema) in body_properties(doc, op) {
            let schema = property_schema(doc, &schema);
            fields.push((row.clone(), name, schema));
        }
    }
    fields
}

/// Fails listing every disagreement between the document and the API, out of `checked`.
fn assert_none_disagree(disagree: &[String], checked: usize) {
    assert!(
        disagree.is_empty(),
        "{} of {checked}:\n{}",
        disagree.len(),
        disagree.join("\n")
    );
}

/// A text one character over `max` in the format `schema` documents (an address, a link).
fn over_long(max: u64, schema: &Value) -> String {
    let over = usize::try_from(max).unwrap() + 1;
    match schema["format"].as_str() {
        Some("email") => format!("{}@example.com", "a".repeat(over.saturating_sub(12).max(1))),
        Some("uri") => format!("https://example.com/{}", "a".repeat(over.saturating_sub(20).max(1))),
        _ => "a".repeat(over),
    }
}

/// Every documented `maxLength` of a body's text field is the bound the API holds to: one
/// character more is 422 naming the field. A lead's and a deal's activities are checked once
/// their parent is found, so the body names one. Routes whose path names records (every update
/// body among them) are called with the ids of the sandbox's demo records of the kinds their
/// paths name, with a test key.
#[tokio::test]
async fn every_documented_text_bound_refuses_one_character_more() {
    let app = TestApp::start(crate::harness::Backend::Sqlite, crate::harness::DEMO_DATA)
        .await
        .expect("SQLite needs no service");
    let owner = app.owner_token().await;
    let doc = app.get("/api/openapi.json").send().await.expect(200).body;
    let lead = crate::harness::create(
        &app,
        &owner,
        "/api/lead/create",
        json!({"name": "Lead", "email": "lead@example.com"}),
    )
    .await;
    let deal = crate::harness::create(&app, &owner, "/api/deal/create", json!({"name": "Deal"})).await;
    let fields = documented_body_fields(&doc);
    let mut checked = 0;
    let mut disagree = Vec::new();
    for (row, field, schema) in &fields {
        let names = |name: &str| fields.iter().any(|(r, f, _)| r.path == row.path && f == name);
        let parent = if names("lead_id") {
            json!({"lead_id": lead["id"]})
        } else if names("deal_id") {
            json!({"deal_id": deal["id"]})
        } else {
            json!({})
        };
        let Some(max) = schema["maxLength"].as_u64() else {
            continue;
        };
        let mut body = parent;
        body[field.as_str()] = json!(over_long(max, schema));
        let resp = call(&app, row, Some(&owner), Some(body)).await;
        if resp.status != 422 || !resp.body["errors"][field.as_str()].is_array() {
            disagree.push(format!(
                "{} {} `{field}` (maxLength {max}): {} {}",
                row.method, row.path, resp.status, resp.body
            ));
        }
        checked += 1;
    }

    let test_key = app.api_key(&owner, "test").await;
    let workspace = app
        .state
        .store()
        .get(&shared::auth::records::workspace_key(app.tenant))
        .await
        .unwrap()
        .expect("the workspace");
    let sandbox = shared::store::TenantId(workspace.data["sandbox_tenant"].as_u64().expect("a sandbox"));
    let made = records_every_update_takes(&app, &owner, &test_key, sandbox).await;
    let mut demo_ids: HashMap<&str, Option<u64>> = HashMap::new();
    let (mut reached, mut unreached) = (0, Vec::new());
    for row in rows()
        .into_iter()
        .filter(|r| matches!(r.body, Body::Json(_)) && r.gate != Gate::Public && r.path.contains('{'))
    {
        let mut path = row.path.to_owned();
        let mut token = test_key.as_str();
        if let Some((id, as_owner)) = made.get(row.path) {
            let (param, _) = row.path_kinds.first().expect("a route naming a record");
            path = path.replace(&format!("{{{param}}}"), &id.to_string());
            token = if *as_owner { owner.as_str() } else { test_key.as_str() };
        }
        for (param, kind) in &row.path_kinds {
            let id = match demo_ids.entry(kind) {
                Entry::Occupied(known) => *known.get(),
                Entry::Vacant(slot) => {
                    let first = app.records(sandbox, kind).await.iter().find_map(|r| r["id"].as_u64());
                    *slot.insert(first)
                }
            };
            if let Some(id) = id {
                path = path.replace(&format!("{{{param}}}"), &id.to_string());
            }
        }
        let op = &doc["paths"][row.path][row.method.as_str().to_lowercase()];
        for (field, schema) in body_properties(&doc, op) {
            let schema = property_schema(&doc, &schema);
            let Some(max) = schema["maxLength"].as_u64() else {
                continue;
            };
            let label = format!("{} {} `{field}` (maxLength {max})", row.method, row.path);
            if path.contains('{') {
                unreached.push(format!("{label}: no record"));
                continue;
            }
            let method = Method::from_bytes(row.method.as_str().as_bytes()).unwrap();
            let body = json!({ field.as_str(): over_long(max, &schema) });
            let resp = app.call(method, &path).token(token).json(body).send().await;
            match resp.status {
                422 if resp.body["errors"][field.as_str()].is_array() => reached += 1,
                // Not for this credential or this record (live only, another state): not reached.
                403 | 404 | 409 => unreached.push(format!("{label}: {}", resp.status)),
                _ => disagree.push(format!("{label} as {path}: {} {}", resp.status, resp.body)),
            }
        }
    }
    assert_none_disagree(&disagree, checked + reached);
    assert!(checked >= 100, "only {checked} bounds checked");
    assert!(
        unreached.is_empty(),
        "{} bounds of routes naming records not checked (the update takes no record at hand):\n{}",
        unreached.len(),
        unreached.join("\n")
    );
    assert!(reached >= 170, "only {reached} bounds of routes naming records checked");
}

/// For each update route whose record the sandbox's demo has none of, or none the update takes
/// (its expenses are posted, its payroll paid), one made by its own create route: the route's
/// path and (the record's id, whether it is the live workspace's, for the owner's session).
/// Sandbox records are made with the test key, live ones (a sub-tenant, a plan, a user whose
/// password is reset) with the owner's session.
async fn records_every_update_takes(
    app: &TestApp,
    owner: &str,
    test_key: &str,
    sandbox: shared::store::TenantId,
) -> HashMap<&'static str, (u64, bool)> {
    let demo = |kind: &'static str| async move {
        let records = app.records(sandbox, kind).await;
        records
            .iter()
            .find_map(|r| r["id"].as_u64())
            .unwrap_or_else(|| panic!("no demo {kind}"))
    };
    let first_listed = |path: &'static str| async move {
        let list = app.get(path).token(test_key).send().await.expect(200).body;
        list["data"][0]["id"]
            .as_u64()
            .unwrap_or_else(|| panic!("{path} lists nothing"))
    };
    let (lead, deal) = (demo("crm_lead").await, demo("crm_deal").await);
    let (bank, vendor, product) = (
        demo("acc_bank_account").await,
        demo("acc_vendor").await,
        demo("inv_product").await,
    );
    let (warehouse, leave_type) = (demo("inv_warehouse").await, demo("hr_leave_type").await);
    // One employee resigns, another is let go, a third asks for leave.
    let employees: Vec<u64> = app
        .records(sandbox, "hr_employee")
        .await
        .iter()
        .filter_map(|r| r["id"].as_u64())
        .collect();
    let [resigning, dismissed, on_leave, ..] = employees[..] else {
        panic!("the demo has fewer than three employees")
    };
    let sandboxed: [(&'static str, &'static str, Value); 12] = [
        (
            "/api/lead-task/update/{id}",
            "/api/lead-task/create",
            json!({"lead_id": lead, "name": "Call back"}),
        ),
        (
            "/api/deal-task/update/{id}",
            "/api/deal-task/create",
            json!({"deal_id": deal, "name": "Call back"}),
        ),
        (
            "/api/lead-call/update/{call_id}",
            "/api/lead-call/store",
            json!({"lead_id": lead, "subject": "Intro call", "call_type": "outbound"}),
        ),
        (
            "/api/deal-call/update/{call_id}",
            "/api/deal-call/store",
            json!({"deal_id": deal, "subject": "Intro call", "call_type": "outbound"}),
        ),
        (
            "/api/expenses/update/{id}",
            "/api/expenses/create",
            json!({"category_id": first_listed("/api/expense-categories").await, "bank_account_id": bank, "amount": 10}),
        ),
        (
            "/api/revenues/update/{id}",
            "/api/revenues/create",
            json!({"category_id": first_listed("/api/revenue-categories").await, "bank_account_id": bank, "amount": 10}),
        ),
        (
            "/api/purchase-invoice/update/{invoice_id}",
            "/api/purchase-invoice/create",
            json!({"vendor_id": vendor, "warehouse_id": warehouse, "items": [{"product_id": product, "quantity": 1}]}),
        ),
        (
            "/api/resignations/update/{id}",
            "/api/resignations/create",
            json!({"employee_id": resigning, "notice_date": "2031-11-02", "resignation_date": "2031-11-30"}),
        ),
        (
            "/api/terminations/update/{id}",
            "/api/terminations/create",
            json!({"employee_id": dismissed, "termination_type": "Redundancy", "notice_date": "2031-11-02", "termination_date": "2031-12-31"}),
        ),
        (
            "/api/payrolls/update/{payroll_id}",
            "/api/payrolls/create",
            json!({"title": "Bonus run", "pay_period_start": "2031-10-01", "pay_period_end": "2031-10-31"}),
        ),
        (
            "/api/leave-application/update/{leaveapplication_id}",
            "/api/leave-application/create",
            json!({"employee_id": on_leave, "leave_type_id": leave_type, "start_date": "2031-08-04", "end_date": "2031-08-06"}),
        ),
        ("/api/v1/widgets/{id}", "/api/v1/widgets", json!({"name": "Contact us"})),
    ];
    let mut made = HashMap::new();
    for (update, create, body) in sandboxed {
        let record = crate::harness::create(app, test_key, create, body).await;
        made.insert(update, (crate::harness::id(&record), false));
    }
    let (user, _, _) = app.create_user(owner, "staff").await;
    made.insert("/api/user/reset-password/{id}", (user, true));
    let plan = crate::harness::create(
        app,
        owner,
        "/api/wl/plans/create",
        json!({"name": "Growth", "modules": ["crm"], "requests_per_hour": 500}),
    )
    .await;
    made.insert("/api/wl/plans/update/{id}", (crate::harness::id(&plan), true));
    let email = format!("owner-{}@customer.example", uuid::Uuid::new_v4().simple());
    let provisioned = app
        .post("/api/wl/tenants")
        .token(owner)
        .json(json!({"name": "Northwind", "owner_email": email, "owner_name": "Nora Diaz"}))
        .patient()
        .send()
        .await
        .expect(201)
        .body;
    let sub_tenant = provisioned["tenant"]["id"].as_u64().expect("the sub-tenant's id");
    for update in [
        "/api/wl/tenants/{id}",
        "/api/wl/tenants/{id}/branding",
        "/api/wl/tenants/{id}/domain",
        "/api/wl/tenants/{id}/smtp",
    ] {
        made.insert(update, (sub_tenant, true));
    }
    made
}

/// Every value a body's documented `enum` lists is one the API accepts for that field: the
/// answer may refuse the body for another reason, never for that field.
#[tokio::test]
async fn every_documented_enum_value_is_accepted() {
    let app = TestApp::sqlite().await;
    let owner = app.owner_token().await;
    let doc = app.get("/api/openapi.json").send().await.expect(200).body;
    let mut checked = 0;
    let mut disagree = Vec::new();
    for (row, field, schema) in documented_body_fields(&doc) {
        let Some(values) = schema["enum"].as_array() else {
            continue;
        };
        for value in values.iter().filter(|v| v.is_string()) {
            let resp = call(&app, &row, Some(&owner), Some(json!({ field.as_str(): value }))).await;
            if resp.status == 422 && !resp.body["errors"][field.as_str()].is_null() {
                disagree.push(format!(
                    "{} {} `{field}` = {value}: {}",
                    row.method, row.path, resp.body
                ));
            }
            checked += 1;
        }
    }
    assert_none_disagree(&disagree, checked);
    assert!(checked >= 90, "only {checked} enum values checked");
}

/// Every catalogue row, as `(METHOD, path)`: all of them are built.
fn catalogue_rows() -> Vec<(String, String)> {
    include_str!("../../docs/catalogue.tsv")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty() && !l.starts_with("method\t"))
        .map(|line| {
            let cols: Vec<&str> = line.split('\t').collect();
            (cols[0].to_string(), cols[1].to_string())
        })
        .collect()
}

#[tokio::test]
async fn the_openapi_document_covers_every_built_catalogue_row_and_is_3_0_3() {
    let app = TestApp::sqlite().await;
    let doc = app.get("/api/openapi.json").send().await.expect(200).body;
    assert_eq!(doc["openapi"], "3.0.3");
    // infra/test.sh validates the served document with `openapi-spec-validator`.
    if let Ok(path) = std::env::var("WORKTOP_OPENAPI_OUT") {
        std::fs::write(path, doc.to_string()).unwrap();
    }
    let rows = catalogue_rows();
    assert_eq!(
        rows.len(),
        22 + 79 + 31 + 49 + 45 + 66 + 16 + 44 + 13 + 13,
        "identity, crm, inventory, accounting, sales, projects, support, hr, platform, v1: the whole catalogue"
    );
    for (method, path) in &rows {
        let op = &doc["paths"][path][method.to_lowercase()];
        assert!(op.is_object(), "{method} {path} is not in the document");
        assert!(
            op["responses"].as_object().is_some_and(|r| !r.is_empty()),
            "{method} {path}"
        );
    }
    // Every documented operation names its errors and its security.
    let lead_create = &doc["paths"]["/api/lead/create"]["post"];
    assert_eq!(
        lead_create["requestBody"]["content"]["application/json"]["schema"]["$ref"],
        "#/components/schemas/LeadIn"
    );
    assert_eq!(
        lead_create["responses"]["201"]["content"]["application/json"]["schema"]["$ref"],
        "#/components/schemas/Lead"
    );
    assert_eq!(
        lead_create["responses"]["422"]["$ref"],
        "#/components/responses/ValidationFailed"
    );
    assert_eq!(doc["paths"]["/api/login"]["post"]["security"], json!([]));
}

/// A webhook's `events` are documented as the catalogue's names (a generated client's enum),
/// from the same registry the API checks them against.
#[tokio::test]
async fn the_webhook_bodies_name_every_event_type_of_the_catalogue() {
    let app = TestApp::sqlite().await;
    let doc = app.get("/api/openapi.json").send().await.expect(200).body;
    let schemas = &doc["components"]["schemas"];
    for body in ["WebhookIn", "WebhookPatch"] {
        assert_eq!(
            schemas[body]["properties"]["events"]["items"]["$ref"], "#/components/schemas/EventTypeName",
            "{body}"
        );
    }
    let registry = shared::module::Registry::new(&modules::ALL);
    let mut expected = vec!["*"];
    expected.extend(registry.event_types().iter().map(|t| t.name));
    assert!(expected.contains(&"contact.created") && expected.contains(&"webhook.test"));
    assert_eq!(schemas["EventTypeName"]["type"], "string");
    assert_eq!(schemas["EventTypeName"]["enum"], json!(expected));
}

/// What generated clients stumble on, found nowhere in the document: `properties` beside a
/// `oneOf`/`anyOf` (clients keep only the branches), an inline object branch of a union (numbered
/// names), a schema named after a TypeScript built-in, and Rust's own doc syntax in a description.
#[tokio::test]
async fn the_document_has_nothing_generated_clients_stumble_on() {
    fn walk(value: &Value, at: &str, found: &mut Vec<String>) {
        match value {
            Value::Object(map) => {
                for union in ["oneOf", "anyOf"] {
                    let Some(members) = map.get(union).and_then(Value::as_array) else {
                        continue;
                    };
                    if map.contains_key("properties") {
                        found.push(format!("{at}: properties beside {union}"));
                    }
                    if members.iter().any(|m| m.get("properties").is_some()) {
                        found.push(format!("{at}: an inline object in {union}"));
                    }
                }
                if let Some(text) = map.get("description").and_then(Value::as_str) {
                    if text.contains("[`") || text.contains("crate::") {
                        found.push(format!("{at}: Rust doc syntax in {text:?}"));
                    }
                }
                for (key, inner) in map {
                    walk(inner, &format!("{at}/{key}"), found);
                }
            }
            Value::Array(items) => items.iter().for_each(|item| walk(item, at, found)),
            _ => {}
        }
    }
    let app = TestApp::sqlite().await;
    let doc = app.get("/api/openapi.json").send().await.expect(200).body;
    let mut found = Vec::new();
    walk(&doc, "", &mut found);
    for built_in in [
        "Date", "Object", "Array", "String", "Number", "Boolean", "Error", "Promise", "Record",
    ] {
        if doc["components"]["schemas"].get(built_in).is_some() {
            found.push(format!("a schema named {built_in}"));
        }
    }
    assert!(found.is_empty(), "{found:#?}");
    let upsert =
        &doc["paths"]["/api/lead/lead-create-update"]["post"]["requestBody"]["content"]["application/json"]["schema"];
    assert_eq!(
        upsert["anyOf"],
        json!([{"$ref": "#/components/schemas/UpsertLeadIn"}, {"$ref": "#/components/schemas/UpsertLeadPatch"}])
    );
}

/// A query parameter the handler cannot do without is `required` in the document (the project of
/// a member's removal), and the others are not.
#[tokio::test]
async fn a_query_parameter_is_required_where_the_handler_requires_it() {
    let app = TestApp::sqlite().await;
    let doc = app.get("/api/openapi.json").send().await.expect(200).body;
    let param = |path: &str, method: &str, name: &str| {
        doc["paths"][path][method]["parameters"]
            .as_array()
            .and_then(|ps| ps.iter().find(|p| p["name"] == name && p["in"] == "query"))
            .cloned()
            .unwrap_or_else(|| panic!("{method} {path} has ?{name}"))
    };
    for path in ["/api/project/client/delete/{id}", "/api/project/member/delete/{id}"] {
        assert_eq!(param(path, "delete", "project_id")["required"], true, "{path}");
    }
    assert_eq!(param("/api/project/clients", "get", "project_id")["required"], false);
    // An import's file is CSV or JSON Lines, stated as the part's media types.
    let form = &doc["paths"]["/api/v1/contacts/import"]["post"]["requestBody"]["content"]["multipart/form-data"];
    assert_eq!(
        form["encoding"]["file"]["contentType"], "text/csv, application/x-ndjson",
        "{form}"
    );
    assert!(!doc.to_string().contains("x-content-type"));
}

/// Each event type is a delivery in the document's `x-webhooks`: a signed POST whose body is the
/// envelope with that `type` and a typed `data` (a named component, or a schema of its own).
#[tokio::test]
async fn the_document_types_the_delivery_of_every_event_type() {
    let app = TestApp::sqlite().await;
    let doc = app.get("/api/openapi.json").send().await.expect(200).body;
    let registry = shared::module::Registry::new(&modules::ALL);
    let webhooks = doc["x-webhooks"].as_object().expect("x-webhooks is a map");
    assert_eq!(webhooks.len(), registry.event_types().len());
    for event_type in registry.event_types() {
        let delivery = &webhooks[event_type.name]["post"];
        let envelope = &delivery["requestBody"]["content"]["application/json"]["schema"];
        assert_eq!(envelope["properties"]["type"]["enum"], json!([event_type.name]));
        let data = &envelope["properties"]["data"];
        assert!(
            data.get("$ref").is_some() || data.get("allOf").is_some() || data.get("properties").is_some(),
            "{}'s data is typed: {data}",
            event_type.name
        );
        let headers: Vec<&str> = delivery["parameters"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["name"].as_str().unwrap())
            .collect();
        assert_eq!(headers, ["webhook-id", "webhook-timestamp", "webhook-signature"]);
    }
    let deal_moved = &webhooks["deal.stage_changed"]["post"]["requestBody"]["content"]["application/json"]["schema"];
    assert_eq!(
        deal_moved["properties"]["data"]["$ref"],
        "#/components/schemas/DealStageChanged"
    );
}

#[tokio::test]
async fn every_built_catalogue_row_is_routed() {
    let app = TestApp::sqlite().await;
    for (method, path) in catalogue_rows() {
        let resp = app
            .call(Method::from_bytes(method.as_bytes()).unwrap(), &concrete(&path))
            .send()
            .await;
        assert!(
            !matches!(
                resp.body["code"].as_str(),
                Some("route_not_found" | "method_not_allowed")
            ),
            "{method} {path}: {}",
            resp.body
        );
    }
}

/// The request schema's properties of a documented operation, `$ref`s resolved (one level of
/// `allOf`, as flattened bodies give).
fn body_properties(doc: &Value, op: &Value) -> Vec<(String, Value)> {
    let resolve = |schema: &Value| -> Value {
        match schema["$ref"].as_str() {
            Some(r) => doc["components"]["schemas"][r.trim_start_matches("#/components/schemas/")].clone(),
            None => schema.clone(),
        }
    };
    let schema = resolve(&op["requestBody"]["content"]["application/json"]["schema"]);
    let mut parts = vec![schema.clone()];
    if let Some(all) = schema["allOf"].as_array() {
        parts.extend(all.iter().map(resolve));
    }
    parts
        .iter()
        .filter_map(|p| p["properties"].as_object())
        .flat_map(|props| props.iter().map(|(k, v)| (k.clone(), v.clone())))
        .collect()
}

/// `docs/postman.json` is the collection the server serves (`cargo run -p monolith -- docs`
/// rewrites it), so the copy integrators download from the repository is never stale.
#[test]
fn the_postman_collection_in_docs_is_current() {
    assert_committed_doc_is("postman.json", &monolith::postman_file());
}

/// `docs/event-types.json` is the webhook catalogue the v1 function serves, made from every
/// module's event types.
#[test]
fn the_event_catalogue_in_docs_is_current() {
    assert_committed_doc_is("event-types.json", &monolith::event_types_file());
}

/// `shared/src/module/described.rs` is what every module declares, as the code declares it: each
/// Lambda function knows the kinds and event types of the modules it does not link from it.
#[test]
fn the_modules_description_is_current() {
    let path = format!("{}/../../{}", env!("CARGO_MANIFEST_DIR"), monolith::DESCRIBED_PATH);
    let committed = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        committed == monolith::described_file(),
        "{} differs from what the modules declare: run `cargo run -p monolith -- docs`",
        monolith::DESCRIBED_PATH
    );
}

/// `docs/mcp-tools.md` lists the MCP server's tools as the server makes them.
#[test]
fn the_mcp_tool_list_in_docs_is_current() {
    assert_committed_doc_is("mcp-tools.md", &monolith::mcp_tools_file());
}

/// Every operation a token can call is an MCP tool, made from its row with no code of its own:
/// every gated route with a JSON body or none that answers JSON, except the session-only ones.
#[test]
fn every_operation_a_token_calls_is_an_mcp_tool() {
    use shared::routes::{Body, Gate, Reply};
    let registry = shared::module::Registry::new(&modules::ALL);
    let document = platform::openapi::document_value(&registry);
    let catalogue = mcp::catalogue::Catalogue::new(&document, registry.route_docs());
    let mut expected = 0;
    for doc in registry.route_docs() {
        let callable = matches!(doc.gate, Gate::Permission(_))
            && doc.credentials != shared::policy::Credentials::SessionOnly
            && matches!(doc.body, Body::None | Body::Json(_))
            && !matches!(doc.reply, Reply::Bytes | Reply::Download | Reply::Found(_));
        if !callable {
            continue;
        }
        expected += 1;
        let operation_id = document["paths"][doc.path][doc.method.as_str().to_ascii_lowercase()]["operationId"]
            .as_str()
            .expect("an operationId");
        let tool = catalogue
            .get(&mcp::catalogue::tool_name(operation_id))
            .unwrap_or_else(|| panic!("{} {} is no tool", doc.method, doc.path));
        assert_eq!((&tool.method, tool.path), (&doc.method, doc.path));
    }
    assert_eq!(
        catalogue.all().len(),
        expected,
        "tool names are unique, one per operation"
    );
    assert!(expected > 700, "{expected} tools");
}

/// `docs/<name>` as committed, asserted equal to `generated` (what `monolith docs` writes there);
/// returns it.
fn assert_committed_doc_is(name: &str, generated: &str) -> String {
    let path = format!("{}/../../docs/{name}", env!("CARGO_MANIFEST_DIR"));
    let committed = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        committed == generated,
        "docs/{name} differs from what the server makes: run `cargo run -p monolith -- docs`"
    );
    committed
}

/// `docs/openapi.json` is the document the server serves (`cargo run -p monolith -- docs`
/// rewrites it): the committed contract the breaking-change check compares against.
#[test]
fn the_openapi_document_in_docs_is_current() {
    let generated = assert_committed_doc_is("openapi.json", &monolith::openapi_file());
    // Its version is the changelog's latest release.
    let version = platform::openapi::contract_version();
    let changelog = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/changelog.md")).unwrap();
    let first_release = changelog
        .lines()
        .find(|l| l.starts_with("## ") && !l.contains("Unreleased"));
    assert!(
        first_release.is_some_and(|l| l.starts_with(&format!("## {version} ("))),
        "{first_release:?}"
    );
    assert!(generated.contains(&format!("\"version\": \"{version}\"")));
}

/// `docs/routes.txt` lists every served route once, as the route tables serve them (the batch and
/// transfer routes built beside each resource included), so grep finds every path.
#[test]
fn the_route_list_in_docs_is_current() {
    let committed = assert_committed_doc_is("routes.txt", &monolith::routes_file());
    let served = shared::module::all_routes(&modules::ALL);
    let listed: Vec<&str> = committed.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(listed.len(), served.docs().len() + served.undocumented_routes().len());
    for doc in served.docs() {
        let line = format!("{:<6} {}  ", doc.method.as_str(), doc.path);
        assert_eq!(listed.iter().filter(|l| l.starts_with(&line)).count(), 1, "{line}");
    }
    assert!(
        listed
            .iter()
            .any(|l| l.starts_with("POST   /api/v1/contacts/import  crm.write  v1")),
        "{committed}"
    );
}

/// Every resource with a generic create has an example, and every kind an example names comes
/// earlier in the collection's run, so the happy path never sends an id it has not made.
#[test]
fn every_create_has_an_example_naming_only_kinds_made_before_it() {
    let rows = rows();
    let missing: Vec<&str> = rows
        .iter()
        .filter(|r| {
            r.resource
                .is_some_and(|res| res.action == shared::routes::CrudAction::Create)
        })
        .filter(|r| r.example.is_none())
        .map(|r| r.path)
        .collect();
    assert!(missing.is_empty(), "creates without an example: {missing:?}");
    let unmade = shared::postman::unmade_fresh_kinds(&rows);
    assert!(
        unmade.is_empty(),
        "examples ask for fresh records no row makes: {unmade:?}"
    );
    let order = shared::postman::happy_path_order(&rows);
    for (i, (kind, needs)) in order.iter().enumerate() {
        for need in needs {
            assert!(
                order[..i].iter().any(|(earlier, _)| earlier == need),
                "{kind}'s example names {need}, which the collection does not make before it"
            );
        }
    }
}
