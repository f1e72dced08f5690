//! The Postman collection (v2.1), generated from the route-table rows and the OpenAPI document
//! built from them: one folder per module, in it one folder per resource with its happy path
//! (Create, List, Show, Update, Delete, each with tests on what it answers) and a folder of the
//! module's other operations. A collection-level script logs in with `{{email}}` and
//! `{{password}}` when `{{token}}` is empty; `{{baseUrl}}` says where the server is.
//!
//! Resources come in an order where every record an example names is made first (modules by the
//! kinds they name, then resources within a module), so running the resource folders in order
//! is a tour of the whole API that `infra/test.sh` runs with newman.

use std::collections::BTreeMap;

use serde_json::{json, Map, Value};

use crate::resource::example;
use crate::routes::RouteDoc;

const SCHEMA: &str = "https://schema.getpostman.com/json/collection/v2.1.0/collection.json";
/// The name of each module's folder of operations outside the resources' happy paths.
pub const OTHER_OPERATIONS: &str = "Other operations";

/// The collection for `rows`, whose OpenAPI document is `document`.
pub fn collection(title: &str, document: &Value, rows: &[RouteDoc]) -> Value {
    let resources = resources_in_order(rows);
    let makers = makers(rows);
    let mut modules: Vec<(&str, Vec<Value>)> = Vec::new();
    for resource in &resources {
        let i = folder_of(resource.tag, &mut modules);
        modules[i].1.push(resource_folder(document, &makers, resource));
    }
    let in_folders: Vec<&RouteDoc> = resources.iter().flat_map(|r| r.rows.values().copied()).collect();
    let mut others: BTreeMap<&str, Vec<Value>> = BTreeMap::new();
    // A kind's second generic routes (`/api/v1/...`) are among the other operations.
    for row in rows
        .iter()
        .filter(|r| !in_folders.iter().any(|used| std::ptr::eq(*used, *r)))
    {
        folder_of(row.tag, &mut modules);
        others.entry(row.tag).or_default().push(request_item(document, row));
    }
    let item: Vec<Value> = modules
        .into_iter()
        .map(|(tag, mut items)| {
            if let Some(rest) = others.remove(tag) {
                items.push(json!({"name": OTHER_OPERATIONS, "item": rest}));
            }
            json!({"name": tag, "item": items})
        })
        .collect();
    json!({
        "info": {
            "name": title,
            "schema": SCHEMA,
            "description": "Every operation of the API, one folder per module. Set `baseUrl`, then either `email` and `password` (the collection logs in before the first request) or `token` (an API key). Each resource's folder runs its happy path in order: Create stores the new record's id and version (or List the first one listed, for a kind made elsewhere), Show and Update use them, and Delete removes a second record it creates first. Generated from the route tables; `GET /api/postman.json` serves the same.",
        },
        "auth": {"type": "bearer", "bearer": [{"key": "token", "value": "{{token}}", "type": "string"}]},
        "event": [script("prerequest", PRE_REQUEST)],
        "variable": [
            {"key": "baseUrl", "value": "http://localhost:8080"},
            {"key": "email", "value": ""},
            {"key": "password", "value": ""},
            {"key": "token", "value": ""},
        ],
        "item": item,
    })
}

/// The index of module `tag`'s folder in `modules`, added at the end the first time.
fn folder_of(tag: &'static str, modules: &mut Vec<(&'static str, Vec<Value>)>) -> usize {
    match modules.iter().position(|(t, _)| *t == tag) {
        Some(i) => i,
        None => {
            modules.push((tag, Vec::new()));
            modules.len() - 1
        }
    }
}

/// Before every request: a value for `{{unique}}`, and a login when there is no token.
const PRE_REQUEST: &str = r#"pm.variables.set("unique", Date.now().toString(36) + Math.random().toString(36).slice(2, 7));
if (!pm.variables.get("token")) {
    pm.sendRequest({
        url: pm.variables.get("baseUrl") + "/api/login",
        method: "POST",
        header: { "Content-Type": "application/json" },
        body: { mode: "raw", raw: JSON.stringify({ email: pm.variables.get("email"), password: pm.variables.get("password") }) }
    }, function (err, res) {
        if (err || res.code !== 200) { throw new Error("login failed: " + (err || res.code + " " + res.text())); }
        const body = res.json();
        pm.collectionVariables.set("token", body.token);
        pm.collectionVariables.set("user_id", body.user.id);
    });
} else if (!pm.variables.get("user_id")) {
    pm.sendRequest({ url: pm.variables.get("baseUrl") + "/api/user", header: { Authorization: "Bearer " + pm.variables.get("token") } },
        function (err, res) { if (!err && res.code === 200) { pm.collectionVariables.set("user_id", res.json().id); } });
}"#;

/// One resource's generic rows.
struct ResourceRows<'a> {
    kind: &'static str,
    tag: &'static str,
    rows: BTreeMap<&'static str, &'a RouteDoc>,
}

impl ResourceRows<'_> {
    fn example(&self) -> Option<&Value> {
        self.rows.get("create").and_then(|row| row.example.as_ref())
    }
    /// The kinds its create names, by id or as fresh records.
    fn needs(&self) -> Vec<String> {
        let Some(create) = self.rows.get("create") else {
            return Vec::new();
        };
        let texts = example_texts(create);
        let mut kinds: Vec<String> = Vec::new();
        for kind in texts
            .iter()
            .flat_map(example::referenced_kinds)
            .chain(example::fresh_kinds(&texts))
        {
            if !kinds.contains(&kind) {
                kinds.push(kind);
            }
        }
        kinds
    }
}

/// Everything a row's example call sends: its body, path and preparing steps.
fn example_texts(row: &RouteDoc) -> Vec<Value> {
    let mut texts: Vec<Value> = row.example.iter().cloned().collect();
    texts.extend(row.example_path.clone().map(Value::String));
    for step in &row.example_steps {
        texts.push(Value::String(step.path.clone()));
        texts.extend(step.body.clone());
    }
    texts
}

/// For each kind, the row that makes one (its generic create, or a row marked `makes`).
fn makers(rows: &[RouteDoc]) -> BTreeMap<&'static str, &RouteDoc> {
    let mut makers = BTreeMap::new();
    for row in rows {
        let kind = match (row.makes, row.resource) {
            (Some(kind), _) => kind,
            (None, Some(resource)) if resource.action == crate::routes::CrudAction::Create => resource.kind,
            _ => continue,
        };
        makers.entry(kind).or_insert(row);
    }
    makers
}

/// One request a prerequest script sends, storing the answer's id in `store` when set.
struct Prepare {
    method: String,
    path: String,
    body: Option<String>,
    store: Option<String>,
}

/// What the collection sends before `row`'s example call: each fresh record it names (after
/// those that record's own example names), then the row's own steps.
fn preparation(makers: &BTreeMap<&'static str, &RouteDoc>, row: &RouteDoc, made: &mut Vec<String>) -> Vec<Prepare> {
    let mut out = Vec::new();
    for kind in example::fresh_kinds(&example_texts(row)) {
        if made.contains(&kind) {
            continue;
        }
        made.push(kind.clone());
        let Some(maker) = makers.get(kind.as_str()) else {
            continue;
        };
        out.extend(preparation(makers, maker, made));
        // A fresh record names the fresh records made before it where its example names a
        // kind (a fresh designation is one of the fresh department).
        let mut body = maker
            .example
            .as_ref()
            .map(example::postman_raw)
            .unwrap_or_else(|| "{}".into());
        for earlier in made.iter().filter(|k| **k != kind) {
            body = body.replace(
                &format!("{{{{{earlier}_id}}}}"),
                &format!("{{{{{}}}}}", example::fresh_variable(earlier)),
            );
        }
        out.push(Prepare {
            method: maker.method.to_string(),
            path: example_call_path(maker, None),
            body: Some(body),
            store: Some(example::fresh_variable(&kind)),
        });
    }
    for step in &row.example_steps {
        out.push(Prepare {
            method: step.method.to_string(),
            path: example::postman_text(&step.path),
            body: step.body.as_ref().map(example::postman_raw),
            store: None,
        });
    }
    out
}

/// The path `row`'s example call sends: its `example_path`, or its own with its one parameter
/// as `{{id_var}}`.
fn example_call_path(row: &RouteDoc, id_var: Option<&str>) -> String {
    match (&row.example_path, id_var) {
        (Some(path), _) => example::postman_text(path),
        (None, Some(id_var)) => path_for(row.path, id_var),
        (None, None) => row.path.to_string(),
    }
}

/// A prerequest script that sends `steps` one after the other, each only once the one before
/// it succeeded; each step is a test, so a failed one says what it answered.
fn prepare_script(steps: &[Prepare]) -> String {
    let steps: Vec<Value> = steps
        .iter()
        .map(|s| json!({"method": s.method, "path": s.path, "body": s.body, "store": s.store}))
        .collect();
    format!(
        r#"const steps = {steps};
(function next(i) {{
    if (i === steps.length) {{ return; }}
    const step = steps[i];
    const request = {{
        url: pm.variables.get("baseUrl") + pm.variables.replaceIn(step.path),
        method: step.method,
        header: {{ "Content-Type": "application/json", Authorization: "Bearer " + pm.variables.get("token") }}
    }};
    if (step.body !== null) {{ request.body = {{ mode: "raw", raw: pm.variables.replaceIn(step.body) }}; }}
    pm.sendRequest(request, function (err, res) {{
        const ok = !err && res.code >= 200 && res.code < 300;
        pm.test("prepared: " + step.method + " " + step.path, function () {{
            pm.expect(ok, err ? String(err) : res.code + " " + res.text()).to.eql(true);
        }});
        if (!ok) {{ return; }}
        if (step.store) {{
            const answer = res.json();
            const record = answer.id !== undefined ? answer : (Object.values(answer).find(function (v) {{ return v && v.id !== undefined; }}) || {{}});
            pm.variables.set(step.store, record.id);
        }}
        next(i + 1);
    }});
}})(0);"#,
        steps = serde_json::to_string_pretty(&steps).unwrap_or_default()
    )
}

/// Each kind once (its first rows: the designed paths before `/api/v1`), modules ordered so
/// that the kinds an example names come earlier, then resources likewise within each module.
fn resources_in_order(rows: &[RouteDoc]) -> Vec<ResourceRows<'_>> {
    let mut resources: Vec<ResourceRows> = Vec::new();
    for row in rows {
        let Some(resource) = row.resource else { continue };
        let i = match resources.iter().position(|r| r.kind == resource.kind) {
            Some(i) => i,
            None => {
                resources.push(ResourceRows {
                    kind: resource.kind,
                    tag: row.tag,
                    rows: BTreeMap::new(),
                });
                resources.len() - 1
            }
        };
        if resources[i].tag == row.tag {
            resources[i].rows.entry(resource.action.as_str()).or_insert(row);
        }
    }
    let tag_of: BTreeMap<&str, &str> = resources.iter().map(|r| (r.kind, r.tag)).collect();
    let mut tags: Vec<&str> = Vec::new();
    for r in &resources {
        if !tags.contains(&r.tag) {
            tags.push(r.tag);
        }
    }
    let tag_needs = |tag: &str| -> Vec<&str> {
        resources
            .iter()
            .filter(|r| r.tag == tag)
            .flat_map(|r| r.needs())
            .filter_map(|kind| tag_of.get(kind.as_str()).copied())
            .filter(|t| *t != tag)
            .collect()
    };
    let tags = stable_topological(&tags, tag_needs);
    let mut ordered = Vec::new();
    for tag in tags {
        let (mine, rest): (Vec<_>, Vec<_>) = resources.into_iter().partition(|r| r.tag == tag);
        resources = rest;
        let kinds: Vec<&str> = mine.iter().map(|r| r.kind).collect();
        let needs: BTreeMap<&str, Vec<String>> = mine.iter().map(|r| (r.kind, r.needs())).collect();
        let order = stable_topological(&kinds, |k| {
            needs[k]
                .iter()
                .filter_map(|n| kinds.iter().copied().find(|x| x == n))
                .collect()
        });
        let mut mine: Vec<Option<ResourceRows>> = mine.into_iter().map(Some).collect();
        for kind in order {
            let i = kinds.iter().position(|k| *k == kind).expect("a kind of this module");
            ordered.extend(mine[i].take());
        }
    }
    ordered
}

/// `items` ordered so each comes after what `needs` names, otherwise as given (a cycle keeps
/// the given order for what is left).
fn stable_topological<'a>(items: &[&'a str], needs: impl Fn(&'a str) -> Vec<&'a str>) -> Vec<&'a str> {
    let mut placed: Vec<&str> = Vec::new();
    let mut left: Vec<&str> = items.to_vec();
    while !left.is_empty() {
        let ready = left.iter().position(|item| {
            needs(item)
                .iter()
                .all(|n| placed.contains(n) || !items.contains(n) || n == item)
        });
        let next = left.remove(ready.unwrap_or(0));
        placed.push(next);
    }
    placed
}

/// A resource's folder: its happy path in order.
fn resource_folder(document: &Value, makers: &BTreeMap<&'static str, &RouteDoc>, resource: &ResourceRows) -> Value {
    let kind = resource.kind;
    let id_var = format!("{kind}_id");
    let version_var = format!("{kind}_version");
    let create_raw = resource.example().map(example::postman_raw);
    let mut items = Vec::new();
    for (path, variable) in resource.example().map(example::lookups).unwrap_or_default() {
        items.push(lookup_request(&path, &variable));
    }
    if let Some(row) = resource.rows.get("create") {
        let body = create_raw.clone().unwrap_or_else(|| sample_raw(document, row));
        let test = format!(
            r#"pm.test("201 Created", function () {{ pm.response.to.have.status(201); }});
// The new record is the answer, or the one field of it that holds a record (a sub-tenant
// comes with its owner's invitation).
const answer = pm.response.json();
const body = answer.id !== undefined ? answer : (Object.values(answer).find(function (v) {{ return v && v.id !== undefined; }}) || {{}});
pm.test("answers the new record", function () {{ pm.expect(body.id).to.be.a("number"); pm.expect(body.version).to.eql(1); }});
pm.collectionVariables.set("{id_var}", body.id);
pm.collectionVariables.set("{version_var}", body.version);"#
        );
        let steps = preparation(makers, row, &mut Vec::new());
        let pre = (!steps.is_empty()).then(|| prepare_script(&steps));
        items.push(request(
            row,
            &format!("Create {kind}"),
            example_call_path(row, Some(&id_var)),
            Some(body),
            &test,
            pre.as_deref(),
        ));
    }
    if let Some(row) = resource.rows.get("list") {
        // A kind the collection cannot create is referred to by the first record listed.
        let test = format!(
            r#"pm.test("200 OK", function () {{ pm.response.to.have.status(200); }});
const body = pm.response.json();
pm.test("answers a page", function () {{ pm.expect(body.data).to.be.an("array"); pm.expect(body.meta).to.be.an("object"); }});
if (!pm.variables.get("{id_var}") && body.data.length > 0) {{ pm.collectionVariables.set("{id_var}", body.data[0].id); pm.collectionVariables.set("{version_var}", body.data[0].version); }}"#
        );
        items.push(request(
            row,
            &format!("List {kind}"),
            format!("{}?per_page=10", row.path),
            None,
            &test,
            None,
        ));
    }
    if let Some(row) = resource.rows.get("show") {
        let test = format!(
            r#"pm.test("200 OK", function () {{ pm.response.to.have.status(200); }});
pm.test("answers the record asked for", function () {{ pm.expect(String(pm.response.json().id)).to.eql(String(pm.variables.get("{id_var}"))); }});"#
        );
        items.push(request(
            row,
            &format!("Show {kind}"),
            path_for(row.path, &id_var),
            None,
            &test,
            None,
        ));
    }
    if let Some(row) = resource.rows.get("update") {
        let mut patch = row
            .example
            .clone()
            .or_else(|| derived_update(document, row, resource.example()))
            .unwrap_or_else(|| json!({}));
        let checks: Vec<String> = patch
            .as_object()
            .into_iter()
            .flatten()
            .filter(|(_, v)| v.as_str().is_some_and(|s| !s.contains("{{")))
            .map(|(k, v)| {
                format!(
                    "pm.test(\"stores {k}\", function () {{ pm.expect(body[{key}]).to.eql({value}); }});",
                    key = json!(k),
                    value = v
                )
            })
            .collect();
        if let Some(map) = patch.as_object_mut() {
            map.insert("version".into(), json!(format!("{{{{{version_var}}}}}")));
        }
        let raw = example::postman_raw(&patch)
            .replace(&format!("\"{{{{{version_var}}}}}\""), &format!("{{{{{version_var}}}}}"));
        let test = format!(
            r#"pm.test("200 OK", function () {{ pm.response.to.have.status(200); }});
const body = pm.response.json();
pm.test("the version went up by one", function () {{ pm.expect(body.version).to.eql(Number(pm.variables.get("{version_var}")) + 1); }});
{checks}
pm.collectionVariables.set("{version_var}", body.version);"#,
            checks = checks.join("\n")
        );
        items.push(request(
            row,
            &format!("Update {kind}"),
            path_for(row.path, &id_var),
            Some(raw),
            &test,
            None,
        ));
    }
    if let (Some(row), Some(create)) = (resource.rows.get("delete"), resource.rows.get("create")) {
        // Deletes a record of its own, so the one Create made stays for the kinds that name it.
        let throwaway = format!("{kind}_throwaway_id");
        let mut steps = preparation(makers, create, &mut Vec::new());
        steps.push(Prepare {
            method: create.method.to_string(),
            path: example_call_path(create, None),
            body: Some(create_raw.unwrap_or_else(|| sample_raw(document, create))),
            store: Some(throwaway.clone()),
        });
        let pre = prepare_script(&steps);
        let test = format!(
            r#"pm.test("200 OK", function () {{ pm.response.to.have.status(200); }});
pm.test("answers the deleted id", function () {{ pm.expect(String(pm.response.json().id)).to.eql(String(pm.variables.get("{throwaway}"))); }});"#
        );
        let test = match resource.rows.get("show") {
            Some(show) => format!(
                r#"{test}
pm.sendRequest({{ url: pm.variables.get("baseUrl") + {show_path}.replace(/\{{[a-z_]+\}}/, pm.variables.get("{throwaway}")), header: {{ Authorization: "Bearer " + pm.variables.get("token") }} }},
    function (err, res) {{ pm.test("it is gone", function () {{ pm.expect(err).to.eql(null); pm.expect(res.code).to.eql(404); }}); }});"#,
                show_path = json!(show.path),
            ),
            None => test,
        };
        items.push(request(
            row,
            &format!("Delete {kind}"),
            path_for(row.path, &throwaway),
            None,
            &test,
            Some(&pre),
        ));
    }
    json!({"name": kind, "item": items})
}

/// A GET of the list at `path` that stores its first record's id in `variable`.
fn lookup_request(path: &str, variable: &str) -> Value {
    let test = format!(
        r#"pm.test("200 OK", function () {{ pm.response.to.have.status(200); }});
const body = pm.response.json();
pm.test("lists a record", function () {{ pm.expect(body.data.length).to.be.above(0); }});
pm.collectionVariables.set("{variable}", body.data[0].id);"#
    );
    let segments: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    json!({
        "name": format!("Find the first of {path}"),
        "event": [script("test", &test)],
        "request": {
            "method": "GET",
            "header": [{"key": "Accept", "value": "application/json"}],
            "url": {"raw": format!("{{{{baseUrl}}}}{path}"), "host": ["{{baseUrl}}"], "path": segments},
        },
    })
}

/// A generic route's `path` with its one parameter (`{id}`, `{invoice_id}`, ...) as `{{id_var}}`.
fn path_for(path: &str, id_var: &str) -> String {
    match (path.find('{'), path.find('}')) {
        (Some(start), Some(end)) if start < end => format!("{}{{{{{id_var}}}}}{}", &path[..start], &path[end + 1..]),
        _ => path.to_string(),
    }
}

/// The update a resource without its own update example makes: the create example's first
/// plain text field that the update takes, edited.
fn derived_update(document: &Value, row: &RouteDoc, create: Option<&Value>) -> Option<Value> {
    let schema = body_schema(document, row)?;
    let properties = schema.get("properties")?.as_object()?;
    let (field, value) = create?.as_object()?.iter().find(|(field, value)| {
        let plain = properties.get(*field).is_some_and(|p| {
            let p = resolve(document, p);
            p.get("enum").is_none() && p.get("format").is_none() && p.get("pattern").is_none()
        });
        plain && value.as_str().is_some_and(|s| !s.contains("{{"))
    })?;
    Some(json!({field.clone(): format!("{} (edited)", value.as_str().unwrap_or_default())}))
}

/// A request item for a row outside the happy paths: its success status is tested.
fn request_item(document: &Value, row: &RouteDoc) -> Value {
    let body = has_json_body(document, row).then(|| {
        row.example
            .as_ref()
            .map(example::postman_raw)
            .unwrap_or_else(|| sample_raw(document, row))
    });
    let status = success_status(document, row);
    let test = format!("pm.test(\"{status}\", function () {{ pm.response.to.have.status({status}); }});");
    let name = if row.summary.is_empty() {
        format!("{} {}", row.method, row.path)
    } else {
        row.summary.to_string()
    };
    request(row, &name, row.path.to_string(), body, &test, None)
}

fn operation<'a>(document: &'a Value, row: &RouteDoc) -> &'a Value {
    &document["paths"][row.path][row.method.as_str().to_lowercase()]
}

fn has_json_body(document: &Value, row: &RouteDoc) -> bool {
    operation(document, row)["requestBody"]["content"]["application/json"].is_object()
}

fn body_schema<'a>(document: &'a Value, row: &RouteDoc) -> Option<&'a Value> {
    let schema = operation(document, row)["requestBody"]["content"]["application/json"].get("schema")?;
    Some(resolve(document, schema))
}

/// The lowest 2xx status the document gives the row.
fn success_status(document: &Value, row: &RouteDoc) -> u16 {
    operation(document, row)["responses"]
        .as_object()
        .into_iter()
        .flat_map(|r| r.keys())
        .filter_map(|k| k.parse::<u16>().ok())
        .filter(|s| (200..300).contains(s))
        .min()
        .unwrap_or(200)
}

fn resolve<'a>(document: &'a Value, schema: &'a Value) -> &'a Value {
    let mut schema = schema;
    for _ in 0..8 {
        let Some(name) = schema
            .get("$ref")
            .and_then(Value::as_str)
            .and_then(|r| r.rsplit('/').next())
        else {
            break;
        };
        schema = &document["components"]["schemas"][name];
    }
    schema
}

/// A body built from the row's schema: its required fields with plausible values.
fn sample_raw(document: &Value, row: &RouteDoc) -> String {
    let body = body_schema(document, row)
        .map(|s| sample(document, s, 0))
        .unwrap_or(json!({}));
    serde_json::to_string_pretty(&body).unwrap_or_default()
}

fn sample(document: &Value, schema: &Value, depth: usize) -> Value {
    let schema = resolve(document, schema);
    if depth > 6 {
        return Value::Null;
    }
    if let Some(value) = schema.get("example").or_else(|| schema.get("default")) {
        return value.clone();
    }
    if let Some(first) = schema.get("enum").and_then(|e| e.get(0)) {
        return first.clone();
    }
    for combinator in ["allOf", "oneOf", "anyOf"] {
        if let Some(first) = schema.get(combinator).and_then(|s| s.get(0)) {
            return sample(document, first, depth + 1);
        }
    }
    let number = |key: &str| schema.get(key).and_then(Value::as_f64);
    match schema.get("type").and_then(Value::as_str) {
        Some("object") | None if schema.get("properties").is_some() => {
            let required: Vec<&str> = schema
                .get("required")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .filter_map(Value::as_str)
                .collect();
            let mut map = Map::new();
            for (name, property) in schema["properties"].as_object().into_iter().flatten() {
                if required.contains(&name.as_str()) {
                    map.insert(name.clone(), sample(document, property, depth + 1));
                }
            }
            Value::Object(map)
        }
        Some("array") => {
            let count = schema.get("minItems").and_then(Value::as_u64).unwrap_or(0).max(1);
            let items = schema.get("items").cloned().unwrap_or(json!({}));
            Value::Array((0..count).map(|_| sample(document, &items, depth + 1)).collect())
        }
        Some("integer") => json!(number("minimum").unwrap_or(1.0).max(1.0) as i64),
        Some("number") => json!(number("minimum").unwrap_or(1.0).max(1.0)),
        Some("boolean") => json!(false),
        Some("string") => json!(match schema.get("format").and_then(Value::as_str) {
            Some("date") => "2026-01-15".to_string(),
            Some("date-time") => "2026-01-15T09:00:00Z".to_string(),
            Some("email") => "someone@example.com".to_string(),
            Some("uri") => "https://example.com/".to_string(),
            _ => "Example".to_string(),
        }),
        _ => json!({}),
    }
}

fn script(listen: &str, source: &str) -> Value {
    json!({"listen": listen, "script": {"type": "text/javascript", "exec": source.lines().collect::<Vec<_>>()}})
}

fn request(row: &RouteDoc, name: &str, path: String, body: Option<String>, test: &str, pre: Option<&str>) -> Value {
    let (path, query) = match path.split_once('?') {
        Some((path, query)) => (path.to_string(), Some(query.to_string())),
        None => (path, None),
    };
    // Postman writes a path parameter `:name`; the happy paths' ids are already variables.
    let segments: Vec<String> = path
        .trim_start_matches('/')
        .split('/')
        .map(|s| match s.strip_prefix('{').and_then(|s| s.strip_suffix('}')) {
            Some(name) if !s.starts_with("{{") => format!(":{name}"),
            _ => s.to_string(),
        })
        .collect();
    let variables: Vec<Value> = segments
        .iter()
        .filter_map(|s| s.strip_prefix(':'))
        .map(|name| json!({"key": name, "value": ""}))
        .collect();
    let mut url = json!({
        "raw": format!("{{{{baseUrl}}}}/{}{}", segments.join("/"), query.as_ref().map(|q| format!("?{q}")).unwrap_or_default()),
        "host": ["{{baseUrl}}"],
        "path": segments,
    });
    if !variables.is_empty() {
        url["variable"] = json!(variables);
    }
    if let Some(query) = &query {
        url["query"] = json!(query
            .split('&')
            .filter_map(|pair| pair.split_once('='))
            .map(|(k, v)| json!({"key": k, "value": v}))
            .collect::<Vec<_>>());
    }
    let mut request = json!({
        "method": row.method.as_str(),
        "header": [{"key": "Accept", "value": "application/json"}],
        "url": url,
        "description": row.summary,
    });
    if row.gate == crate::routes::Gate::Public {
        request["auth"] = json!({"type": "noauth"});
    }
    if let Some(raw) = body {
        request["header"]
            .as_array_mut()
            .expect("headers are a list")
            .push(json!({"key": "Content-Type", "value": "application/json"}));
        request["body"] = json!({"mode": "raw", "raw": raw, "options": {"raw": {"language": "json"}}});
    }
    let mut events = vec![script("test", test)];
    if let Some(pre) = pre {
        events.insert(0, script("prerequest", pre));
    }
    json!({"name": name, "event": events, "request": request})
}

/// The resource folders' kinds in collection order, and what each one's example names (for
/// the contract test that checks every name is made first).
/// (A kind made by a row marked `makes`, like a user, has no folder: it is made when needed.)
pub fn happy_path_order(rows: &[RouteDoc]) -> Vec<(&'static str, Vec<String>)> {
    let makers = makers(rows);
    let folderless = |kind: &String| makers.get(kind.as_str()).is_some_and(|m| m.makes.is_some());
    resources_in_order(rows)
        .into_iter()
        .map(|r| (r.kind, r.needs().into_iter().filter(|k| !folderless(k)).collect()))
        .collect()
}

/// The kinds examples ask a fresh record of that no row makes (the contract test wants none).
pub fn unmade_fresh_kinds(rows: &[RouteDoc]) -> Vec<String> {
    let makers = makers(rows);
    let mut unmade: Vec<String> = rows
        .iter()
        .flat_map(|row| example::fresh_kinds(&example_texts(row)))
        .filter(|kind| !makers.contains_key(kind.as_str()))
        .collect();
    unmade.sort();
    unmade.dedup();
    unmade
}

#[cfg(test)]
mod tests {
    use super::stable_topological;

    #[test]
    fn needs_come_first_and_order_is_otherwise_kept() {
        let items = ["invoice", "contact", "tax", "product"];
        let needs = |item: &str| match item {
            "invoice" => vec!["contact", "product"],
            "product" => vec!["tax"],
            _ => vec![],
        };
        assert_eq!(
            stable_topological(&items, needs),
            vec!["contact", "tax", "product", "invoice"]
        );
    }
}
