//! One rule for every update route (`shared::resource::patch`): a field left out is unchanged,
//! `null` clears a field the record may be without, and `null` on a field every record has is
//! 422 naming it. Checked over every update body of the document against the record it answers
//! with, then against the server on both stores.

use serde_json::{json, Value};
use shared::routes::{Body, Gate, RouteDoc};

use crate::harness::TestApp;
use crate::on_both_stores;

fn rows() -> Vec<RouteDoc> {
    shared::module::all_routes(&modules::ALL).into_docs()
}

fn document() -> Value {
    let registry = shared::module::Registry::new(&modules::ALL);
    shared::openapi::document("Worktop", "test", &rows(), registry.event_types())
}

fn definition<'a>(doc: &'a Value, schema: &'a Value) -> (&'a str, &'a Value) {
    match schema["$ref"].as_str() {
        Some(r) => {
            let name = r.trim_start_matches("#/components/schemas/");
            (name, &doc["components"]["schemas"][name])
        }
        None => ("", schema),
    }
}

/// Whether a property's schema takes `null` (OpenAPI 3.0: `nullable`, beside a `$ref` in `allOf`;
/// or no constraint at all, any JSON value, as a custom field's `default`).
fn nullable(doc: &Value, property: &Value) -> bool {
    if property["nullable"] == json!(true) {
        return true;
    }
    let constraints = ["type", "$ref", "allOf", "anyOf", "oneOf", "enum"];
    if constraints.iter().all(|c| property.get(c).is_none()) {
        return true;
    }
    if property["anyOf"]
        .as_array()
        .is_some_and(|a| a.iter().any(|s| s["nullable"] == json!(true)))
    {
        return true;
    }
    let target = property["allOf"].get(0).unwrap_or(property);
    target["$ref"].is_string() && definition(doc, target).1["nullable"] == json!(true)
}

/// An update route: its body, and the record it answers with.
struct Update<'a> {
    row: &'a RouteDoc,
    body: &'a Value,
    record: &'a Value,
}

/// Every route whose body is an update body (the layer's `Versioned{Patch}`, a module's `...Patch`)
/// and that answers with the record.
fn updates<'a>(doc: &'a Value, rows: &'a [RouteDoc]) -> Vec<Update<'a>> {
    rows.iter()
        .filter(|row| matches!(row.body, Body::Json(_)) && row.gate != Gate::Public)
        .filter_map(|row| {
            let op = &doc["paths"][row.path][row.method.as_str().to_lowercase()];
            let (name, body) = definition(doc, &op["requestBody"]["content"]["application/json"]["schema"]);
            let is_patch = name.starts_with("Versioned") || name.ends_with("Patch") || name.ends_with("Change");
            let (_, record) = definition(doc, &op["responses"]["200"]["content"]["application/json"]["schema"]);
            (is_patch && record["properties"].is_object()).then_some(Update { row, body, record })
        })
        .collect()
}

fn properties(schema: &Value) -> impl Iterator<Item = (&String, &Value)> {
    schema["properties"].as_object().into_iter().flatten()
}

/// The body's fields that name one of the record's: `(field, clearable in the body, optional in
/// the record)`.
fn shared_fields(doc: &Value, update: &Update) -> Vec<(String, bool, bool)> {
    let required: Vec<&str> = update.record["required"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .collect();
    properties(update.body)
        // A custom field is cleared by `null` as its own value (`{"custom_fields": {"key": null}}`).
        .filter(|(name, _)| *name != "version" && *name != "custom_fields")
        .filter_map(|(name, schema)| {
            let stored = update.record["properties"].get(name)?;
            let optional = nullable(doc, stored) || !required.contains(&name.as_str());
            Some((name.clone(), nullable(doc, schema), optional))
        })
        .collect()
}

/// The document says `null` clears exactly the fields a record may be without.
#[test]
fn every_update_body_clears_exactly_the_fields_a_record_may_be_without() {
    let doc = document();
    let rows = rows();
    let updates = updates(&doc, &rows);
    assert!(updates.len() >= 80, "only {} update routes found", updates.len());
    let mut wrong = Vec::new();
    for update in &updates {
        for (field, clearable, optional) in shared_fields(&doc, update) {
            if clearable != optional {
                let what = if optional {
                    "optional in the record, not clearable"
                } else {
                    "required in the record, clearable"
                };
                wrong.push(format!("{} {} `{field}`: {what}", update.row.method, update.row.path));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{} fields break the rule:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

/// The path of `row` with every id one no record has: the body is read before any record is.
fn concrete(path: &str) -> String {
    path.split('/')
        .map(|s| if s.starts_with('{') { "999999" } else { s })
        .collect::<Vec<_>>()
        .join("/")
}

/// On every update route, `null` on a field the body cannot clear is 422 naming that field, before
/// the record is even looked up; and a field that `null` clears is not refused.
async fn null_on_a_field_every_record_has_is_422_naming_it_on_every_update_route(app: TestApp) {
    let owner = app.owner_token().await;
    let doc = document();
    let rows = rows();
    let mut refused = 0;
    for update in updates(&doc, &rows) {
        let method = reqwest::Method::from_bytes(update.row.method.as_str().as_bytes()).unwrap();
        let path = concrete(update.row.path);
        let fields: Vec<(&String, bool)> = properties(update.body)
            .filter(|(name, _)| *name != "version")
            .map(|(name, schema)| (name, nullable(&doc, schema)))
            .collect();
        for (field, clearable) in fields {
            let resp = app
                .call(method.clone(), &path)
                .token(&owner)
                .json(json!({ field.as_str(): null }))
                .send()
                .await;
            let named = resp.body["errors"][field.as_str()].is_array();
            if clearable {
                assert!(
                    !(resp.status == 422 && named),
                    "{} {path}: `{field}` is clearable but null was refused: {}",
                    update.row.method,
                    resp.body
                );
            } else {
                assert!(
                    resp.status == 422 && named,
                    "{} {path}: null on `{field}` answered {}: {}",
                    update.row.method,
                    resp.status,
                    resp.body
                );
                refused += 1;
            }
        }
    }
    assert!(refused >= 200, "only {refused} required fields tried");
}

/// The integration settings read `version` beside their own fields: `null` there, as on `enabled`,
/// is 422 naming each, and the settings stay as they were.
async fn null_is_refused_where_an_integration_body_cannot_clear(app: TestApp) {
    let owner = app.owner_token().await;
    for path in ["/api/social-post", "/api/todo-sync", "/api/sms-gateway"] {
        let before = app.get(path).token(&owner).send().await.expect(200).body;
        let resp = app
            .post(path)
            .token(&owner)
            .json(json!({"version": null, "enabled": null}))
            .send()
            .await;
        assert_eq!(resp.status, 422, "{path}: {}", resp.body);
        for field in ["version", "enabled"] {
            assert!(
                resp.body["errors"][field].is_array(),
                "{path} names `{field}`: {}",
                resp.body
            );
        }
        assert_eq!(
            app.get(path).token(&owner).send().await.expect(200).body,
            before,
            "{path} unchanged"
        );
    }
}

on_both_stores!(
    null_on_a_field_every_record_has_is_422_naming_it_on_every_update_route,
    null_is_refused_where_an_integration_body_cannot_clear
);
