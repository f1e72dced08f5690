//! The Postman collection (v2.1), generated from the route-table rows and the OpenAPI document
//! built from them: one folder per module, in it one folder per resource with its happy path
//! (Create, List, Show, Update, Delete, each with tests on what it answers) and a folder of the
//! module's other operations, each with its path values, body or form, what it needs made first
//! (its `recipe`) and a test of the statuses its operation documents. A collection-level script
//! logs in with `{{email}}` and `{{password}}` when `{{token}}` is empty (or `{{token}}` is an API
//! key); `{{baseUrl}}` says where the server is.
//!
//! The collection runs whole, in order, with a login or with an API key (`infra/postman_run.sh`
//! runs it both ways in the test command):
//! - what an API key may not do, and what rotates or ends a session (refresh, logout, a password
//!   change, deleting one's account), is sent with the login session of a user the collection
//!   makes for it (`{{session_token}}`), so the caller's own token is never rotated or revoked;
//! - a request that deletes a record, or moves it on for good (a cancel, a rejection), does it to
//!   a fresh one it makes first ([`example::fresh`]), so the records later requests name stay;
//! - uploads send `PIXEL`, an image whose bytes a form's text field carries.
//!
//! Modules come in an order where every record a request names is made first (modules by the
//! kinds their requests name, then resources within a module), so running the collection is a
//! tour of the whole API.

use std::collections::BTreeMap;

use serde_json::{json, Map, Value};

use crate::policy::Credentials;
use crate::resource::example;
use crate::routes::{batch_base, CrudAction, Reply, RouteDoc};

const SCHEMA: &str = "https://schema.getpostman.com/json/collection/v2.1.0/collection.json";
/// The name of each module's folder of operations outside the resources' happy paths.
pub const OTHER_OPERATIONS: &str = "Other operations";

/// A 1x1 WebP image whose bytes are all ASCII, so that a form's text field carries it whole: the
/// file every upload sends (a photo, a logo, an attachment), as a collection holds no files.
/// Forms and steps name it `PIXEL`.
const PIXEL: &str = "RIFF\u{16}\0\0\0WEBPVP8L\t\0\0\0/\0\0\0\0(@D\u{4}\0";

/// The collection for `rows`, whose OpenAPI document is `document`.
pub fn collection(title: &str, document: &Value, rows: &[RouteDoc]) -> Value {
    let makers = makers(rows);
    let resources = resources_in_order(rows);
    let mut modules: Vec<(&str, Vec<Value>)> = Vec::new();
    for resource in &resources {
        let i = folder_of(resource.tag, &mut modules);
        let folder = resource_folder(document, &makers, resource);
        // A kind with only a delete (a comment's) has no happy path: its delete is another operation.
        if folder["item"].as_array().is_some_and(|items| !items.is_empty()) {
            modules[i].1.push(folder);
        }
    }
    let in_folders: Vec<&RouteDoc> = resources.iter().flat_map(|r| r.in_folder()).collect();
    let cx = Context {
        document,
        rows,
        makers: &makers,
        resources: &resources,
    };
    let mut others: BTreeMap<&str, Vec<Value>> = BTreeMap::new();
    // A kind's second generic routes (`/api/v1/...`), and a delete of a kind the collection
    // cannot create, are among the other operations.
    for row in rows
        .iter()
        .filter(|r| !in_folders.iter().any(|used| std::ptr::eq(*used, *r)))
    {
        folder_of(row.tag, &mut modules);
        others.entry(row.tag).or_default().push(other_item(&cx, row));
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
            "description": "Every operation of the API, one folder per module, in an order that runs whole. Set `baseUrl`, then either `email` and `password` (the collection logs in before the first request) or `token` (an API key). Each resource's folder runs its happy path in order: Create stores the new record's id and version (or List the first one listed, for a kind made elsewhere), Show and Update use them, and Delete removes a second record it creates first. The other operations make what they act on first; what an API key may not do, and what rotates or ends a session, is sent with the session of a user the collection makes (`session_token`). `webhookUrl` is where the webhook the collection registers points, `smtpHost` the mail host it sets, and `stripeWebhookSecret` (the server's `STRIPE_WEBHOOK_SECRET`) lets it sign a payment provider's event. Generated from the route tables; `GET /api/postman.json` serves the same.",
        },
        "auth": {"type": "bearer", "bearer": [{"key": "token", "value": "{{token}}", "type": "string"}]},
        "event": [script("prerequest", PRE_REQUEST)],
        "variable": [
            {"key": "baseUrl", "value": "http://localhost:8080"},
            {"key": "email", "value": ""},
            {"key": "password", "value": ""},
            {"key": "token", "value": ""},
            {"key": "webhookUrl", "value": "https://example.com/worktop-webhooks"},
            {"key": "smtpHost", "value": "example.com"},
            {"key": "stripeWebhookSecret", "value": ""},
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

impl<'a> ResourceRows<'a> {
    /// The rows its folder sends (a delete only beside a create: it deletes a record it makes).
    fn in_folder(&self) -> impl Iterator<Item = &'a RouteDoc> + '_ {
        let creates = self.rows.contains_key("create");
        self.rows
            .iter()
            .filter(move |(action, _)| creates || **action != "delete")
            .map(|(_, row)| *row)
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

/// How the collection makes a record of a kind, for a request that asks for a fresh one: the
/// request, with [`example`] placeholders, and what it sends first.
struct Maker {
    method: String,
    path: String,
    body: Option<Value>,
    /// Form fields sent instead of a JSON body (`PIXEL` for the file).
    form: Vec<(String, String)>,
    steps: Vec<example::Step>,
}

impl Maker {
    /// A row's own example call (a generic create, or a row marked `makes`).
    fn of_row(row: &RouteDoc) -> Self {
        Maker {
            method: row.method.to_string(),
            path: row.example_path.clone().unwrap_or_else(|| row.path.to_string()),
            body: row.example.clone(),
            form: Vec::new(),
            steps: row.example_steps.clone(),
        }
    }

    /// Everything it sends, for the records it names.
    fn texts(&self) -> Vec<Value> {
        let mut texts: Vec<Value> = self.body.iter().cloned().collect();
        texts.push(Value::String(self.path.clone()));
        texts.extend(self.form.iter().map(|(_, value)| Value::String(value.clone())));
        for step in &self.steps {
            texts.push(Value::String(step.path.clone()));
            texts.extend(step.body.clone());
        }
        texts
    }
}

/// For each kind, how the collection makes one: its generic create, or a row marked `makes`, or
/// one of [`extra_makers`].
fn makers(rows: &[RouteDoc]) -> BTreeMap<String, Maker> {
    let mut makers = BTreeMap::new();
    for row in rows {
        let kind = match (row.makes, row.resource) {
            (Some(kind), _) => kind,
            (None, Some(resource)) if resource.action == CrudAction::Create => resource.kind,
            _ => continue,
        };
        makers.entry(kind.to_string()).or_insert_with(|| Maker::of_row(row));
    }
    for (kind, maker) in extra_makers() {
        makers.insert(kind.to_string(), maker);
    }
    makers
}

/// One request a prerequest script sends before the item's own.
#[derive(Clone, Debug, Default)]
struct Prepare {
    method: String,
    path: String,
    body: Option<String>,
    /// Form fields sent instead of a body (`PIXEL` for the file).
    form: Vec<(String, String)>,
    /// The variable (of this request) the answer's record id goes in.
    store: Option<String>,
    /// Collection variables set from fields of the answer (`token`, `data.0.id`, `data.*.id`).
    keep: Vec<(String, String)>,
    /// Not sent while this variable is set (the session user, made once).
    unless: Option<String>,
    /// Collection variables set before it is sent (`{{unique}}` filled in).
    set: Vec<(String, String)>,
    /// The variable holding its token (`token` when `None`); `none` sends no token.
    auth: Option<String>,
    /// Sent again, for up to ten seconds, until its answer has this field (a record the server
    /// makes in the background).
    until: Option<String>,
}

impl Prepare {
    fn to_json(&self) -> Value {
        let pairs = |list: &[(String, String)]| json!(list.iter().map(|(a, b)| [a, b]).collect::<Vec<_>>());
        let mut step = json!({"method": self.method, "path": self.path, "body": self.body, "store": self.store});
        if !self.form.is_empty() {
            step["form"] = pairs(self.form.as_slice());
        }
        if !self.keep.is_empty() {
            step["keep"] = pairs(self.keep.as_slice());
        }
        if !self.set.is_empty() {
            step["set"] = pairs(self.set.as_slice());
        }
        for (key, value) in [("unless", &self.unless), ("auth", &self.auth), ("until", &self.until)] {
            if let Some(value) = value {
                step[key] = json!(value);
            }
        }
        step
    }
}

/// What the collection sends before a request that sends `texts`: each fresh record they name
/// (after those that record's own maker names), then `steps`.
fn preparation(
    makers: &BTreeMap<String, Maker>,
    texts: &[Value],
    steps: &[example::Step],
    made: &mut Vec<String>,
) -> Vec<Prepare> {
    let mut out = Vec::new();
    for kind in example::fresh_kinds(texts) {
        if made.contains(&kind) {
            continue;
        }
        made.push(kind.clone());
        let Some(maker) = makers.get(kind.as_str()) else {
            continue;
        };
        out.extend(preparation(makers, &maker.texts(), &maker.steps, made));
        // A fresh record names the fresh records made before it where its example names a
        // kind (a fresh designation is one of the fresh department), unless the example names
        // both that kind's record and a fresh one (a transfer between two warehouses).
        let names_fresh = example::fresh_kinds(&maker.texts());
        let body = maker.form.is_empty().then(|| {
            let mut body = maker
                .body
                .as_ref()
                .map(example::postman_raw)
                .unwrap_or_else(|| "{}".into());
            for earlier in made.iter().filter(|k| **k != kind && !names_fresh.contains(k)) {
                body = body.replace(
                    &format!("{{{{{earlier}_id}}}}"),
                    &format!("{{{{{}}}}}", example::fresh_variable(earlier)),
                );
            }
            body
        });
        out.push(Prepare {
            method: maker.method.clone(),
            path: example::postman_text(&maker.path),
            body,
            form: maker
                .form
                .iter()
                .map(|(key, value)| (key.clone(), example::postman_text(value)))
                .collect(),
            store: Some(example::fresh_variable(&kind)),
            ..Prepare::default()
        });
    }
    for step in steps {
        out.push(Prepare {
            method: step.method.to_string(),
            path: example::postman_text(&step.path),
            body: step.body.as_ref().map(example::postman_raw),
            ..Prepare::default()
        });
    }
    out
}

/// What the collection sends before `row`'s example call.
fn row_preparation(makers: &BTreeMap<String, Maker>, row: &RouteDoc, made: &mut Vec<String>) -> Vec<Prepare> {
    preparation(makers, &example_texts(row), &row.example_steps, made)
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

/// `pick(answer, "data.0.id")`: a field of an answer; `data.*.id` lists every item's; objects and
/// lists as JSON (a variable holds text).
const PICK: &str = r#"function pick(value, path) {
    const get = function (v, p) { return p.split(".").reduce(function (x, k) { return x === undefined || x === null ? undefined : x[k]; }, v); };
    const parts = path.split(".*.");
    const found = parts.length === 2 ? (get(value, parts[0]) || []).map(function (x) { return get(x, parts[1]); }) : get(value, path);
    return found !== null && typeof found === "object" ? JSON.stringify(found) : found;
}"#;

/// Sends `steps` one after the other, each only once the one before it succeeded; each step is a
/// test, so a failed one says what it answered.
const STEP_RUNNER: &str = r#"const pixel = "RIFF\u0016\u0000\u0000\u0000WEBPVP8L\t\u0000\u0000\u0000/\u0000\u0000\u0000\u0000(@D\u0004\u0000";
(function next(i, tries) {
    if (i === steps.length) { return; }
    const step = steps[i];
    if (step.unless && pm.variables.get(step.unless)) { next(i + 1, 0); return; }
    (step.set || []).forEach(function (pair) { pm.collectionVariables.set(pair[0], pm.variables.replaceIn(pair[1])); });
    const request = {
        url: pm.variables.get("baseUrl") + pm.variables.replaceIn(step.path),
        method: step.method,
        header: { Authorization: "Bearer " + pm.variables.get(step.auth || "token") }
    };
    if (step.auth === "none") { delete request.header.Authorization; }
    if (step.body !== null) {
        request.header["Content-Type"] = "application/json";
        request.body = { mode: "raw", raw: pm.variables.replaceIn(step.body) };
    }
    if (step.form) {
        request.body = { mode: "formdata", formdata: step.form.map(function (f) {
            return { key: f[0], type: "text", value: f[1] === "PIXEL" ? pixel : pm.variables.replaceIn(f[1]), contentType: f[1] === "PIXEL" ? "image/webp" : undefined };
        }) };
    }
    pm.sendRequest(request, function (err, res) {
        const ok = !err && res.code >= 200 && res.code < 300;
        let answer = {};
        try { answer = res.json(); } catch (e) { answer = {}; }
        // A list the server fills in the background: asked again until it shows the record.
        if (ok && step.until && pick(answer, step.until) === undefined && tries < 40) {
            setTimeout(function () { next(i, tries + 1); }, 250);
            return;
        }
        pm.test("prepared: " + step.method + " " + step.path, function () {
            pm.expect(ok, err ? String(err) : res.code + " " + res.text()).to.eql(true);
        });
        if (!ok) { return; }
        if (step.store) {
            const record = answer.id !== undefined ? answer : (Object.values(answer).find(function (v) { return v && v.id !== undefined; }) || {});
            pm.variables.set(step.store, record.id);
        }
        (step.keep || []).forEach(function (pair) { pm.collectionVariables.set(pair[0], pick(answer, pair[1])); });
        next(i + 1, 0);
    });
})(0, 0);"#;

/// A prerequest script that sends `steps` ([`STEP_RUNNER`]).
fn prepare_script(steps: &[Prepare]) -> String {
    let steps: Vec<Value> = steps.iter().map(Prepare::to_json).collect();
    let steps = serde_json::to_string_pretty(&steps).unwrap_or_default();
    [PICK, "\nconst steps = ", steps.as_str(), ";\n", STEP_RUNNER].concat()
}

/// Each kind once (its first rows: the designed paths before `/api/v1`), modules ordered so
/// that the kinds their requests name come earlier, then resources likewise within each module
/// (by the kinds their examples name).
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
    let makers = makers(rows);
    let needs_of_tag: BTreeMap<&str, Vec<&str>> = tags
        .iter()
        .map(|tag| {
            let needs = resources
                .iter()
                .filter(|r| r.tag == *tag)
                .flat_map(|r| r.needs())
                .chain(
                    rows.iter()
                        .filter(|r| r.tag == *tag)
                        .flat_map(|r| named_kinds(&makers, r)),
                )
                .filter_map(|kind| tag_of.get(kind.as_str()).copied())
                .filter(|t| t != tag)
                .collect();
            (*tag, needs)
        })
        .collect();
    let tag_needs = |tag: &str| -> Vec<&str> { needs_of_tag.get(tag).cloned().unwrap_or_default() };
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
fn resource_folder(document: &Value, makers: &BTreeMap<String, Maker>, resource: &ResourceRows) -> Value {
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
        let steps = row_preparation(makers, row, &mut Vec::new());
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
        // A kind made elsewhere that nothing has made yet (none listed): no id, so 404.
        let test = format!(
            r#"if (pm.variables.get("{id_var}")) {{
    pm.test("200 OK", function () {{ pm.response.to.have.status(200); }});
    pm.test("answers the record asked for", function () {{ pm.expect(String(pm.response.json().id)).to.eql(String(pm.variables.get("{id_var}"))); }});
}} else {{
    pm.test("404 while none is listed", function () {{ pm.response.to.have.status(404); }});
}}"#
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
        let mut steps = row_preparation(makers, create, &mut Vec::new());
        steps.push(Prepare {
            method: create.method.to_string(),
            path: example_call_path(create, None),
            body: Some(create_raw.unwrap_or_else(|| sample_raw(document, create))),
            store: Some(throwaway.clone()),
            ..Prepare::default()
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

/// What the other operations' requests are made from.
struct Context<'a> {
    document: &'a Value,
    rows: &'a [RouteDoc],
    makers: &'a BTreeMap<String, Maker>,
    resources: &'a [ResourceRows<'a>],
}

/// The suffixes of a resource's batch and transfer routes, after its base ([`batch_base`]).
const BULK: [&str; 5] = ["/batch/create", "/batch/update", "/batch/delete", "/import", "/export"];

/// The resource whose batch or transfer route `row` is, with which one it is (`/batch/update`).
fn bulk_of<'a>(cx: &'a Context, row: &RouteDoc) -> Option<(&'a ResourceRows<'a>, &'static str)> {
    let suffix = BULK.into_iter().find(|suffix| row.path.ends_with(suffix))?;
    let base = &row.path[..row.path.len() - suffix.len()];
    let kind = cx.rows.iter().find_map(|r| {
        let resource = r.resource?;
        let changes = matches!(resource.action, CrudAction::Update | CrudAction::Delete);
        (changes && batch_base(r.path).as_deref() == Some(base)).then_some(resource.kind)
    })?;
    let resource = cx.resources.iter().find(|r| r.kind == kind)?;
    Some((resource, suffix))
}

/// The path a row's request sends: its `example_path`, or its own with each id as the variable
/// of the kind it names (`{{crm_lead_id}}`), in [`example`] placeholders.
fn default_path(row: &RouteDoc) -> String {
    if let Some(path) = &row.example_path {
        return path.clone();
    }
    let mut path = row.path.to_string();
    for (param, kind) in &row.path_kinds {
        path = path.replace(&format!("{{{param}}}"), &format!("{{{{{kind}_id}}}}"));
    }
    path
}

/// The form of an upload: [`PIXEL`] in each file field, the recipe's values in the others.
fn upload_form(document: &Value, row: &RouteDoc, recipe: &Recipe) -> Option<Vec<(String, String)>> {
    let schema = operation(document, row)["requestBody"]["content"]["multipart/form-data"].get("schema")?;
    let schema = resolve(document, schema);
    let fields = schema["properties"].as_object().into_iter().flatten();
    Some(
        fields
            .filter_map(|(name, property)| {
                if property.get("format").and_then(Value::as_str) == Some("binary") {
                    return Some((name.clone(), "PIXEL".to_string()));
                }
                let (_, value) = recipe.form.iter().find(|(field, _)| *field == name.as_str())?;
                Some((name.clone(), example::postman_text(value)))
            })
            .collect(),
    )
}

fn form_field(key: &str, value: &str) -> Value {
    if value == "PIXEL" {
        json!({"key": key, "type": "text", "value": PIXEL, "contentType": "image/webp"})
    } else {
        json!({"key": key, "type": "text", "value": value})
    }
}

/// A request item for a row outside the happy paths: sent with its path values, body or form
/// and what it needs made first, and tested on the statuses its operation documents.
fn other_item(cx: &Context, row: &RouteDoc) -> Value {
    let recipe = recipe(row.method.as_str(), row.path);
    let mut made: Vec<String> = Vec::new();
    let mut steps: Vec<Prepare> = Vec::new();
    let mut body: Option<String> = None;
    let mut form: Option<Vec<(String, String)>> = None;
    let mut makes = recipe.makes;
    // A resource's batch and transfer routes act on records of their own: a batch update or
    // delete on one it makes first, an import of its create's example.
    if let Some((resource, suffix)) = bulk_of(cx, row) {
        let kind = resource.kind;
        let create = resource.rows.get("create").copied();
        let throwaway = format!("{kind}_throwaway_id");
        let throwaway_steps = |made: &mut Vec<String>| {
            let Some(create) = create else {
                return Vec::new();
            };
            let mut steps = row_preparation(cx.makers, create, made);
            steps.push(Prepare {
                method: create.method.to_string(),
                path: example_call_path(create, None),
                body: Some(create_raw(cx.document, create)),
                store: Some(throwaway.clone()),
                ..Prepare::default()
            });
            steps
        };
        match suffix {
            "/batch/create" => {
                if let Some(create) = create {
                    steps = row_preparation(cx.makers, create, &mut made);
                }
            }
            "/batch/update" => {
                steps = throwaway_steps(&mut made);
                let mut patch = resource
                    .rows
                    .get("update")
                    .and_then(|update| {
                        update
                            .example
                            .clone()
                            .or_else(|| derived_update(cx.document, update, resource.example()))
                    })
                    .unwrap_or_else(|| json!({}));
                if let Some(map) = patch.as_object_mut() {
                    map.insert("id".into(), json!(format!("{{{{{throwaway}}}}}")));
                    map.insert("version".into(), json!(1));
                }
                body = Some(example::postman_raw(&json!({"items": [patch]})));
            }
            "/batch/delete" => {
                steps = throwaway_steps(&mut made);
                body = Some(example::postman_raw(
                    &json!({"items": [{"id": format!("{{{{{throwaway}}}}}")}]}),
                ));
            }
            "/import" => {
                if let Some(create) = create {
                    steps = row_preparation(cx.makers, create, &mut made);
                    // One JSON Lines row: the create's example.
                    let line: Vec<String> = create_raw(cx.document, create)
                        .lines()
                        .map(|l| l.trim().to_string())
                        .collect();
                    form = Some(vec![
                        ("file".to_string(), line.join(" ")),
                        ("format".to_string(), "jsonl".to_string()),
                    ]);
                }
                makes = makes.or(Some("import_job"));
            }
            _ => makes = makes.or(Some("export_job")),
        }
    }
    if recipe.own_steps {
        steps.clear();
    }
    let path = recipe.path.map_or_else(|| default_path(row), str::to_string);
    if let Some(raw) = recipe.raw {
        body = Some(raw.to_string());
    } else if let Some(value) = &recipe.body {
        body = Some(example::postman_raw(value));
    } else if body.is_none() && form.is_none() && has_json_body(cx.document, row) {
        body = Some(
            row.example
                .as_ref()
                .map(example::postman_raw)
                .unwrap_or_else(|| sample_raw(cx.document, row)),
        );
    }
    if form.is_none() {
        form = upload_form(cx.document, row, &recipe);
    }
    if form.is_some() {
        body = None;
    }
    // What it names fresh is made first (after a batch's own record), then the recipe's steps.
    let mut texts = recipe.texts();
    texts.push(Value::String(path.clone()));
    texts.extend(example_texts(row));
    steps.extend(preparation(cx.makers, &texts, &row.example_steps, &mut made));
    steps.extend(recipe.steps.iter().map(Call::prepare));
    // Sent with the session user's session: it is made and logged in first.
    let session = recipe.session || recipe.employee || row.credentials == Credentials::SessionOnly;
    let mut first = Vec::new();
    if session {
        first.extend([session_user(), session_login()]);
    } else if recipe.login {
        first.push(session_user());
    }
    if recipe.employee {
        first.extend(employee_steps());
    }
    first.append(&mut steps);
    let steps = first;

    let mut path = example::postman_text(&path);
    if let Some(query) = recipe.query {
        path = format!("{path}?{query}");
    }
    let test = other_test(cx.document, row, &recipe, makes);
    let mut pre = recipe.pre.map(str::to_string).unwrap_or_default();
    if !steps.is_empty() {
        if !pre.is_empty() {
            pre.push('\n');
        }
        pre.push_str(&prepare_script(&steps));
    }
    let name = if row.summary.is_empty() {
        format!("{} {}", row.method, row.path)
    } else {
        row.summary.to_string()
    };
    let mut item = request(row, &name, path, body, &test, (!pre.is_empty()).then_some(pre.as_str()));
    if let Some(form) = form {
        let fields: Vec<Value> = form.iter().map(|(key, value)| form_field(key, value)).collect();
        item["request"]["body"] = json!({"mode": "formdata", "formdata": fields});
    }
    if session {
        item["request"]["auth"] =
            json!({"type": "bearer", "bearer": [{"key": "token", "value": "{{session_token}}", "type": "string"}]});
    }
    if recipe.no_auth {
        item["request"]["auth"] = json!({"type": "noauth"});
    }
    item
}

/// The body a create's example call sends (a body built from its schema without one).
fn create_raw(document: &Value, create: &RouteDoc) -> String {
    create
        .example
        .as_ref()
        .map(example::postman_raw)
        .unwrap_or_else(|| sample_raw(document, create))
}

/// An other operation's tests: it answers one of the statuses its operation documents, or an
/// alternative of its recipe's; then what it made and the fields later requests use are kept.
fn other_test(document: &Value, row: &RouteDoc, recipe: &Recipe, makes: Option<&str>) -> String {
    let statuses = success_statuses(document, row);
    let mut name = format!(
        "answers {}",
        statuses.iter().map(u16::to_string).collect::<Vec<_>>().join(" or ")
    );
    for (status, code, when, _) in recipe.or {
        name.push_str(&format!(" (or {status} {code} when {when})"));
    }
    let alternatives: Vec<Value> = recipe
        .or
        .iter()
        .map(|(status, code, _, unless)| json!([status, code, unless]))
        .collect();
    let mut test = format!(
        r#"const statuses = {statuses};
// An alternative counts unless its variable is set (what it stands in for is there).
const alternatives = {alternatives};
pm.test({name}, function () {{
    let code = null;
    try {{ code = pm.response.json().code; }} catch (e) {{ code = null; }}
    const alternative = alternatives.some(function (a) {{ return a[0] === pm.response.code && a[1] === code && !(a[2] && pm.variables.get(a[2])); }});
    pm.expect(statuses.includes(pm.response.code) || alternative, pm.response.code + " " + pm.response.text()).to.eql(true);
}});"#,
        statuses = json!(statuses),
        alternatives = json!(alternatives),
        name = json!(name),
    );
    if let Some(kind) = makes {
        test.push_str(&format!(
            r#"
if (pm.response.code < 300) {{
    const made = pm.response.json();
    const record = made.id !== undefined ? made : (Object.values(made).find(function (v) {{ return v && v.id !== undefined; }}) || {{}});
    pm.collectionVariables.set("{kind}_id", record.id);
}}"#
        ));
    }
    if !recipe.keep.is_empty() {
        test = format!("{PICK}\n{test}");
    }
    for (variable, field) in recipe.keep {
        test.push_str(&format!(
            "\nif (pm.response.code < 300) {{ pm.collectionVariables.set({}, pick(pm.response.json(), {})); }}",
            json!(variable),
            json!(field)
        ));
    }
    if let Some(after) = recipe.after {
        test.push('\n');
        test.push_str(after);
    }
    test
}

/// The 2xx statuses the document gives the row, but 207 (some items of a batch refused): the
/// collection's batches send items that all apply. A browser's route: its 302.
fn success_statuses(document: &Value, row: &RouteDoc) -> Vec<u16> {
    let redirects = matches!(row.reply, Reply::Found(_));
    let mut statuses: Vec<u16> = operation(document, row)["responses"]
        .as_object()
        .into_iter()
        .flat_map(|r| r.keys())
        .filter_map(|k| k.parse::<u16>().ok())
        .filter(|s| ((200..300).contains(s) && *s != 207) || (redirects && *s == 302))
        .collect();
    statuses.sort_unstable();
    if statuses.is_empty() {
        statuses.push(200);
    }
    statuses
}

/// The kinds a row's request names, by id or through the fresh records it asks for (whose
/// makers' requests name them): a module comes after those whose records its requests name.
fn named_kinds(makers: &BTreeMap<String, Maker>, row: &RouteDoc) -> Vec<String> {
    let mut texts = recipe(row.method.as_str(), row.path).texts();
    texts.push(Value::String(default_path(row)));
    texts.extend(example_texts(row));
    let mut fresh: Vec<String> = Vec::new();
    loop {
        let new: Vec<String> = example::fresh_kinds(&texts)
            .into_iter()
            .filter(|kind| !fresh.contains(kind))
            .collect();
        if new.is_empty() {
            break;
        }
        for kind in new {
            if let Some(maker) = makers.get(kind.as_str()) {
                texts.extend(maker.texts());
            }
            fresh.push(kind);
        }
    }
    let mut kinds: Vec<String> = Vec::new();
    for kind in texts.iter().flat_map(example::referenced_kinds) {
        if !kinds.contains(&kind) {
            kinds.push(kind);
        }
    }
    kinds
}

// ---------------------------------------------------------------------------- the session user

/// Makes the user whose login session the collection sends what an API key may not (once a
/// run, and again once it deleted its account): an admin with a password the collection chose.
fn session_user() -> Prepare {
    Prepare {
        method: "POST".into(),
        path: "/api/user/store".into(),
        body: Some(
            r#"{"name": "Session user", "email": "session-{{unique}}@example.com", "password": "{{session_password}}", "role": "admin"}"#
                .into(),
        ),
        keep: vec![
            ("session_email".into(), "email".into()),
            ("session_user_id".into(), "id".into()),
        ],
        unless: Some("session_email".into()),
        set: vec![("session_password".into(), "Session-{{unique}}-pw".into())],
        ..Prepare::default()
    }
}

/// Logs the session user in (again after a logout).
fn session_login() -> Prepare {
    Prepare {
        method: "POST".into(),
        path: "/api/login".into(),
        body: Some(r#"{"email": "{{session_email}}", "password": "{{session_password}}"}"#.into()),
        keep: vec![("session_token".into(), "token".into())],
        unless: Some("session_token".into()),
        auth: Some("none".into()),
        ..Prepare::default()
    }
}

/// Makes the session user an employee, on a shift that works every day (clocking in is refused
/// on a day the shift does not work), for the self-service HR routes.
fn employee_steps() -> Vec<Prepare> {
    let shift = json!({"name": "Every day {{unique}}", "start_time": "00:00", "end_time": "23:59", "break_minutes": 0,
        "working_days": ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]});
    let employee = json!({"user_id": "{{session_user_id}}", "department_id": example::id("hr_department"),
        "designation_id": example::id("hr_designation"), "shift_id": "{{session_shift_id}}", "basic_salary": 3200,
        "date_of_joining": "2026-01-05", "employment_type": "full_time"});
    vec![
        Prepare {
            method: "POST".into(),
            path: "/api/shifts/create".into(),
            body: Some(example::postman_raw(&shift)),
            store: Some("session_shift_id".into()),
            unless: Some("session_employee_id".into()),
            ..Prepare::default()
        },
        Prepare {
            method: "POST".into(),
            path: "/api/employee/create".into(),
            body: Some(example::postman_raw(&employee)),
            keep: vec![("session_employee_id".into(), "id".into())],
            unless: Some("session_employee_id".into()),
            ..Prepare::default()
        },
    ]
}

// ---------------------------------------------------------------------------- what recipes say

/// A request a recipe sends before its own, with [`example`] placeholders.
struct Call {
    method: &'static str,
    path: &'static str,
    body: Option<Value>,
    store: Option<&'static str>,
    keep: &'static [(&'static str, &'static str)],
    until: Option<&'static str>,
}

impl Call {
    fn get(path: &'static str) -> Self {
        Call {
            method: "GET",
            path,
            body: None,
            store: None,
            keep: &[],
            until: None,
        }
    }
    fn post(path: &'static str, body: Option<Value>) -> Self {
        Call {
            method: "POST",
            body,
            ..Call::get(path)
        }
    }
    /// The answer's record id goes in variable `name` (of this request).
    fn store(mut self, name: &'static str) -> Self {
        self.store = Some(name);
        self
    }
    /// Collection variables set from fields of the answer.
    fn keep(mut self, fields: &'static [(&'static str, &'static str)]) -> Self {
        self.keep = fields;
        self
    }
    /// Sent again until the answer has `field` (a record made in the background).
    fn until(mut self, field: &'static str) -> Self {
        self.until = Some(field);
        self
    }
    fn texts(&self) -> Vec<Value> {
        let mut texts = vec![Value::String(self.path.to_string())];
        texts.extend(self.body.clone());
        texts
    }
    fn prepare(&self) -> Prepare {
        Prepare {
            method: self.method.to_string(),
            path: example::postman_text(self.path),
            body: self.body.as_ref().map(example::postman_raw),
            store: self.store.map(str::to_string),
            keep: self.keep.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect(),
            until: self.until.map(str::to_string),
            ..Prepare::default()
        }
    }
}

/// A `GET` by id of a kind the collection makes nowhere: the first record its list answers, or
/// the 404 `or` allows while there is none (`or` names the variable that rules it out).
fn shown_from_list(
    list: &'static str,
    keep: &'static [(&'static str, &'static str)],
    path: &'static str,
    or: &'static [(u16, &'static str, &'static str, &'static str)],
) -> Recipe {
    Recipe {
        steps: vec![Call::get(list).keep(keep)],
        path: Some(path),
        or,
        ..Recipe::default()
    }
}

/// What the collection sends for an operation outside the happy paths that its row does not
/// say (a route table could: `.example()`, `.example_path()`, `.example_step()`, `.makes()`).
/// Paths and bodies use [`example`] placeholders (`{{fresh:kind}}`, `{{kind_id}}`) and the
/// collection's variables.
#[derive(Default)]
struct Recipe {
    path: Option<&'static str>,
    query: Option<&'static str>,
    body: Option<Value>,
    /// A body that is JSON once its variables are filled in (`{"stages": {{task_stage_ids}}}`).
    raw: Option<&'static str>,
    /// The values of a form's fields other than its files.
    form: &'static [(&'static str, &'static str)],
    /// Sent first, after the fresh records it names.
    steps: Vec<Call>,
    /// Without the steps a batch route sends first (its own record).
    own_steps: bool,
    /// Sent with the session user's login session (beside the rows only a session may call).
    session: bool,
    /// Sent by the session user as an employee (self-service HR); with its session.
    employee: bool,
    /// The login: of the session user, made first.
    login: bool,
    no_auth: bool,
    /// The kind of the record it makes: its id goes in `{{kind_id}}`.
    makes: Option<&'static str>,
    /// Collection variables set from fields of its answer.
    keep: &'static [(&'static str, &'static str)],
    /// Another answer its operation documents that the collection takes: (status, `code`, when,
    /// and a variable whose value rules it out, or "").
    or: &'static [(u16, &'static str, &'static str, &'static str)],
    /// A script run before it (before its steps).
    pre: Option<&'static str>,
    /// Test script lines run after its tests.
    after: Option<&'static str>,
}

impl Recipe {
    /// Everything it sends, for the records it names.
    fn texts(&self) -> Vec<Value> {
        let mut texts: Vec<Value> = self.body.iter().cloned().collect();
        texts.extend(self.path.map(|path| Value::String(path.to_string())));
        texts.extend(self.raw.map(|raw| Value::String(raw.to_string())));
        texts.extend(self.form.iter().map(|(_, value)| Value::String(value.to_string())));
        for call in &self.steps {
            texts.extend(call.texts());
        }
        texts
    }
}

/// The PKCE verifier and challenge of the consent (S256).
const PKCE: &str = r#"const verifier = "collection-verifier-" + pm.variables.get("unique") + "-0123456789abcdefghijklmnop";
pm.collectionVariables.set("pkce_verifier", verifier);
pm.collectionVariables.set("pkce_challenge", CryptoJS.SHA256(verifier).toString(CryptoJS.enc.Base64).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, ""));"#;

/// A confidential client's authorization request without PKCE, as a platform's connector sends it.
const OAUTH_REQUEST: &str =
    "client_id={{oauth_client}}&redirect_uri=https%3A%2F%2Fexample.com%2Fcallback&response_type=code&scope=crm.read&state=collection";

/// Signs the payment provider's event with `{{stripeWebhookSecret}}`, as Stripe does.
const STRIPE_SIGNATURE: &str = r#"const secret = pm.variables.get("stripeWebhookSecret");
if (secret) {
    const at = Math.floor(Date.now() / 1000);
    const payload = pm.variables.replaceIn(pm.request.body.raw);
    pm.request.body.raw = payload;
    pm.request.headers.upsert({ key: "Stripe-Signature", value: "t=" + at + ",v1=" + CryptoJS.HmacSHA256(at + "." + payload, secret).toString(CryptoJS.enc.Hex) });
}"#;

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
    let mut item = json!({"name": name, "event": events, "request": request});
    if matches!(row.reply, Reply::Found(_)) {
        // The redirect is the answer; followed, the test would see the page it leads to.
        item["protocolProfileBehavior"] = json!({"followRedirects": false});
    }
    item
}

/// The resource folders' kinds in collection order, and what each one's example names (for
/// the contract test that checks every name is made first).
/// (A kind made by a row marked `makes`, like a user, has no folder: it is made when needed.)
pub fn happy_path_order(rows: &[RouteDoc]) -> Vec<(&'static str, Vec<String>)> {
    let folderless = |kind: &String| rows.iter().any(|r| r.makes == Some(kind.as_str()));
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

// ---------------------------------------------------------------------------- the recipes

/// The recipe of operation `method path`: what its row does not say (empty for the others).
fn recipe(method: &str, path: &str) -> Recipe {
    match (method, path) {
        ("POST", "/api/login") => Recipe {
            login: true,
            body: Some(json!({"email": "{{session_email}}", "password": "{{session_password}}"})),
            keep: &[("session_token", "token")],
            ..Recipe::default()
        },
        ("POST", "/api/refresh") => Recipe {
            session: true,
            keep: &[("session_token", "token")],
            ..Recipe::default()
        },
        ("POST", "/api/logout") => Recipe {
            session: true,
            after: Some(r#"pm.collectionVariables.unset("session_token");"#),
            ..Recipe::default()
        },
        ("POST", "/api/change-password") => Recipe {
            body: Some(json!({"current_password": "{{session_password}}", "password": "Changed-{{unique}}-pw"})),
            after: Some(
                r#"pm.collectionVariables.set("session_password", JSON.parse(pm.variables.replaceIn(pm.request.body.raw)).password);"#,
            ),
            ..Recipe::default()
        },
        ("DELETE", "/api/delete-account") => Recipe {
            body: Some(json!({"password": "{{session_password}}"})),
            after: Some(
                r#"["session_token", "session_email", "session_password", "session_user_id", "session_employee_id"].forEach(function (v) { pm.collectionVariables.unset(v); });"#,
            ),
            ..Recipe::default()
        },
        ("POST", "/api/v1/settings/api-keys") => Recipe {
            body: Some(json!({"name": "Collection key {{unique}}"})),
            makes: Some("apikey"),
            ..Recipe::default()
        },
        ("POST", "/api/oauth/clients") => Recipe {
            body: Some(json!({
                "name": "Collection client",
                "redirect_uris": [
                    "https://example.com/callback"
                ],
                "scopes": [
                    "crm.read",
                    "account.read"
                ]
            })),
            makes: Some("oauthclient"),
            keep: &[("oauth_client", "client_id"), ("oauth_client_secret", "client_secret")],
            ..Recipe::default()
        },
        ("DELETE", "/api/oauth/clients/{id}") => Recipe {
            path: Some("/api/oauth/clients/{{fresh:oauthclient}}"),
            ..Recipe::default()
        },
        ("GET", "/api/oauth/authorize") => Recipe {
            query: Some(OAUTH_REQUEST),
            after: Some(
                r#"pm.test("sends the browser to the consent page", function () { pm.expect(pm.response.headers.get("Location")).to.match(/^\/#\/oauth\/authorize\?client_id=/); });"#,
            ),
            ..Recipe::default()
        },
        ("GET", "/api/oauth/consent") => Recipe {
            query: Some(OAUTH_REQUEST),
            after: Some(
                r#"pm.test("names the client", function () { pm.expect(pm.response.json().client.name).to.eql("Collection client"); });"#,
            ),
            ..Recipe::default()
        },
        ("POST", "/api/oauth/authorize") => Recipe {
            body: Some(json!({
                "client_id": "{{oauth_client}}",
                "redirect_uri": "https://example.com/callback",
                "response_type": "code",
                "code_challenge": "{{pkce_challenge}}",
                "code_challenge_method": "S256",
                "state": "collection"
            })),
            pre: Some(PKCE),
            after: Some(
                r#"pm.collectionVariables.set("oauth_code", (pm.response.json().redirect_to.match(/[?&]code=([^&]+)/) || [])[1]);"#,
            ),
            ..Recipe::default()
        },
        ("POST", "/api/oauth/token") => Recipe {
            body: Some(json!({
                "grant_type": "authorization_code",
                "code": "{{oauth_code}}",
                "code_verifier": "{{pkce_verifier}}",
                "redirect_uri": "https://example.com/callback",
                "client_id": "{{oauth_client}}",
                "client_secret": "{{oauth_client_secret}}"
            })),
            no_auth: true,
            keep: &[
                ("oauth_access_token", "access_token"),
                ("oauth_refresh_token", "refresh_token"),
            ],
            ..Recipe::default()
        },
        ("POST", "/api/oauth/revoke") => Recipe {
            body: Some(json!({
                "token": "{{oauth_refresh_token}}",
                "client_id": "{{oauth_client}}",
                "client_secret": "{{oauth_client_secret}}"
            })),
            no_auth: true,
            ..Recipe::default()
        },
        ("POST", "/api/user/update/{id}") => Recipe {
            path: Some("/api/user/update/{{fresh:user}}"),
            body: Some(json!({"name": "Sam Rivera (edited)"})),
            ..Recipe::default()
        },
        ("DELETE", "/api/user/delete/{id}") => Recipe {
            path: Some("/api/user/delete/{{fresh:user}}"),
            ..Recipe::default()
        },
        ("POST", "/api/user/reset-password/{id}") => Recipe {
            session: true,
            path: Some("/api/user/reset-password/{{fresh:user}}"),
            body: Some(json!({})),
            ..Recipe::default()
        },
        ("PUT", "/api/user/verify/{id}") => Recipe {
            path: Some("/api/user/verify/{{fresh:user}}"),
            ..Recipe::default()
        },
        ("POST", "/api/lead/convert-to-deal/{id}") => Recipe {
            path: Some("/api/lead/convert-to-deal/{{fresh:crm_lead}}"),
            body: Some(json!({"amount": 12500, "client_id": "{{fresh:client_user}}"})),
            ..Recipe::default()
        },
        ("POST", "/api/lead/add-label/{id}") => Recipe {
            body: Some(json!({"ids": ["{{crm_label_id}}"]})),
            ..Recipe::default()
        },
        ("POST", "/api/lead/assign-products/{lead_id}") => Recipe {
            body: Some(json!({"ids": ["{{inv_product_id}}"]})),
            ..Recipe::default()
        },
        ("POST", "/api/lead-source/store/{lead_id}") => Recipe {
            body: Some(json!({"ids": ["{{crm_source_id}}"]})),
            ..Recipe::default()
        },
        ("POST", "/api/lead-user/store/{lead_id}") => Recipe {
            body: Some(json!({"ids": ["{{user_id}}"]})),
            ..Recipe::default()
        },
        ("POST", "/api/lead-task/create") => Recipe {
            body: Some(json!({
                "lead_id": "{{crm_lead_id}}",
                "name": "Send the offer",
                "date": "2026-12-01",
                "time": "09:30",
                "priority": "high"
            })),
            makes: Some("crm_task"),
            ..Recipe::default()
        },
        ("POST", "/api/lead-task/update/{id}") => Recipe {
            body: Some(json!({"priority": "low"})),
            ..Recipe::default()
        },
        ("POST", "/api/lead-call/store") => Recipe {
            body: Some(json!({
                "lead_id": "{{crm_lead_id}}",
                "subject": "Intro call",
                "call_type": "outbound",
                "duration": "00:12:30"
            })),
            makes: Some("crm_call"),
            ..Recipe::default()
        },
        ("POST", "/api/lead-call/update/{call_id}") => Recipe {
            body: Some(json!({"call_result": "Interested"})),
            ..Recipe::default()
        },
        ("POST", "/api/lead-file/store/{lead_id}") => Recipe {
            makes: Some("crm_file"),
            ..Recipe::default()
        },
        ("DELETE", "/api/lead-file/{lead_id}/delete/{file_id}") => Recipe {
            path: Some("/api/lead-file/{{crm_lead_id}}/delete/{{fresh:crm_file}}"),
            ..Recipe::default()
        },
        ("POST", "/api/lead/lead-details") => Recipe {
            body: Some(json!({"lead_id": "{{crm_lead_id}}"})),
            ..Recipe::default()
        },
        ("POST", "/api/lead/lead-delete") => Recipe {
            body: Some(json!({"lead_id": "{{fresh:crm_lead}}"})),
            ..Recipe::default()
        },
        ("POST", "/api/lead/lead-stage-update") => Recipe {
            body: Some(json!({"lead_id": "{{crm_lead_id}}", "stage_id": "{{crm_lead_stage_id}}", "order": 1})),
            ..Recipe::default()
        },
        ("POST", "/api/lead/lead-create-update") => Recipe {
            body: Some(json!({
                "name": "Dana Reyes",
                "email": "dana@example.com",
                "pipeline_id": "{{crm_pipeline_id}}",
                "stage_id": "{{crm_lead_stage_id}}"
            })),
            ..Recipe::default()
        },
        ("POST", "/api/lead/lead-stage-create-update") => Recipe {
            body: Some(json!({"name": "Qualified {{unique}}", "pipeline_id": "{{crm_pipeline_id}}"})),
            ..Recipe::default()
        },
        ("POST", "/api/lead/pipeline-create-update") => Recipe {
            body: Some(json!({"name": "Partners {{unique}}"})),
            ..Recipe::default()
        },
        ("POST", "/api/deal/add-label/{id}") => Recipe {
            body: Some(json!({"ids": ["{{crm_label_id}}"]})),
            ..Recipe::default()
        },
        ("POST", "/api/deal/assign-products/{deal_id}") => Recipe {
            body: Some(json!({"ids": ["{{inv_product_id}}"]})),
            ..Recipe::default()
        },
        ("POST", "/api/deal-source/store/{deal_id}") => Recipe {
            body: Some(json!({"ids": ["{{crm_source_id}}"]})),
            ..Recipe::default()
        },
        ("POST", "/api/deal-user/store/{deal_id}") => Recipe {
            body: Some(json!({"ids": ["{{user_id}}"]})),
            ..Recipe::default()
        },
        ("POST", "/api/deal-client/store/{deal_id}") => Recipe {
            body: Some(json!({"ids": ["{{fresh:client_user}}"]})),
            after: Some(r#"pm.collectionVariables.set("client_user_id", pm.variables.get("fresh_client_user_id"));"#),
            ..Recipe::default()
        },
        ("DELETE", "/api/deal-client/{deal_id}/delete/{client_id}") => Recipe {
            path: Some("/api/deal-client/{{crm_deal_id}}/delete/{{client_user_id}}"),
            ..Recipe::default()
        },
        ("POST", "/api/deal-task/create") => Recipe {
            body: Some(json!({
                "deal_id": "{{crm_deal_id}}",
                "name": "Send the contract",
                "date": "2026-12-01",
                "time": "09:30",
                "priority": "high"
            })),
            makes: Some("crm_task"),
            ..Recipe::default()
        },
        ("POST", "/api/deal-task/update/{id}") => Recipe {
            body: Some(json!({"priority": "low"})),
            ..Recipe::default()
        },
        ("POST", "/api/deal-call/store") => Recipe {
            body: Some(json!({
                "deal_id": "{{crm_deal_id}}",
                "subject": "Contract call",
                "call_type": "outbound",
                "duration": "00:10:00"
            })),
            makes: Some("crm_call"),
            ..Recipe::default()
        },
        ("POST", "/api/deal-call/update/{call_id}") => Recipe {
            body: Some(json!({"call_result": "Signed"})),
            ..Recipe::default()
        },
        ("POST", "/api/deal-file/store/{deal_id}") => Recipe {
            makes: Some("crm_file"),
            ..Recipe::default()
        },
        ("DELETE", "/api/deal-file/{deal_id}/delete/{file_id}") => Recipe {
            path: Some("/api/deal-file/{{crm_deal_id}}/delete/{{fresh:crm_deal_file}}"),
            ..Recipe::default()
        },
        ("POST", "/api/product-stock/add") => Recipe {
            body: Some(json!({
                "product_id": "{{inv_product_id}}",
                "warehouse_id": "{{inv_warehouse_id}}",
                "quantity": 25,
                "note": "Delivery"
            })),
            ..Recipe::default()
        },
        ("DELETE", "/api/transfer/delete/{transfer_id}") => Recipe {
            path: Some("/api/transfer/delete/{{fresh:inv_transfer}}"),
            ..Recipe::default()
        },
        ("POST", "/api/pos/cancel/{id}") => Recipe {
            path: Some("/api/pos/cancel/{{fresh:inv_pos_sale}}"),
            ..Recipe::default()
        },
        ("POST", "/api/inventory/settings") => Recipe {
            body: Some(json!({"allow_negative_stock": false})),
            ..Recipe::default()
        },
        ("POST", "/api/bank-transfers/create") => Recipe {
            body: Some(json!({
                "from_bank_account_id": "{{acc_bank_account_id}}",
                "to_bank_account_id": "{{fresh:acc_bank_account}}",
                "amount": 25,
                "date": "2026-03-01"
            })),
            ..Recipe::default()
        },
        ("POST", "/api/purchase-return/cancel/{return_id}") => Recipe {
            path: Some("/api/purchase-return/cancel/{{fresh:acc_purchase_return}}"),
            ..Recipe::default()
        },
        ("POST", "/api/debit-notes/apply/{id}") => Recipe {
            steps: vec![
                Call::post("/api/purchase-return/approve/{{fresh:acc_purchase_return}}", None).keep(&[
                    ("debit_note_id", "debit_note_id"),
                    ("debit_note_invoice_id", "original_invoice_id"),
                ]),
            ],
            path: Some("/api/debit-notes/apply/{{debit_note_id}}"),
            body: Some(json!({"invoice_id": "{{debit_note_invoice_id}}", "amount": 1})),
            ..Recipe::default()
        },
        ("POST", "/api/credit-notes/apply/{id}") => Recipe {
            steps: vec![
                Call::post("/api/sales-invoice-return/approve/{{fresh:sales_return}}", None).keep(&[
                    ("credit_note_id", "credit_note_id"),
                    ("credit_note_invoice_id", "original_invoice_id"),
                ]),
            ],
            path: Some("/api/credit-notes/apply/{{credit_note_id}}"),
            body: Some(json!({"invoice_id": "{{credit_note_invoice_id}}", "amount": 1})),
            ..Recipe::default()
        },
        ("POST", "/api/vendor-payments/clear/{id}") => Recipe {
            steps: vec![Call::post(
                "/api/vendor-payments/create",
                Some(json!({
                    "vendor_id": "{{acc_vendor_id}}",
                    "bank_account_id": "{{acc_bank_account_id}}",
                    "amount": 10,
                    "status": "pending"
                })),
            )
            .store("pending_payment_id")],
            path: Some("/api/vendor-payments/clear/{{pending_payment_id}}"),
            ..Recipe::default()
        },
        ("POST", "/api/vendor-payments/cancel/{id}") => Recipe {
            path: Some("/api/vendor-payments/cancel/{{fresh:acc_vendor_payment}}"),
            ..Recipe::default()
        },
        ("POST", "/api/customer-payments/clear/{id}") => Recipe {
            steps: vec![Call::post(
                "/api/customer-payments/create",
                Some(json!({
                    "customer_id": "{{acc_customer_id}}",
                    "bank_account_id": "{{acc_bank_account_id}}",
                    "amount": 10,
                    "status": "pending"
                })),
            )
            .store("pending_payment_id")],
            path: Some("/api/customer-payments/clear/{{pending_payment_id}}"),
            ..Recipe::default()
        },
        ("POST", "/api/customer-payments/cancel/{id}") => Recipe {
            path: Some("/api/customer-payments/cancel/{{fresh:acc_customer_payment}}"),
            ..Recipe::default()
        },
        ("POST", "/api/sales/get-warehouse-products") => Recipe {
            body: Some(json!({"warehouse_id": "{{inv_warehouse_id}}"})),
            ..Recipe::default()
        },
        ("POST", "/api/agents/{agent}/commissions/pay") => Recipe {
            steps: vec![
                Call::post(
                    "/api/sales-invoice/create",
                    Some(json!({
                        "customer_id": "{{acc_customer_id}}",
                        "agent_id": "{{sales_agent_id}}",
                        "warehouse_id": "{{inv_warehouse_id}}",
                        "items": [
                            {
                                "product_id": "{{inv_product_id}}",
                                "quantity": 1,
                                "unit_price": 100,
                                "tax_ids": []
                            }
                        ]
                    })),
                )
                .store("agent_invoice_id"),
                Call::post("/api/sales-invoice/post/{{agent_invoice_id}}", None),
                Call::post(
                    "/api/customer-payments/create",
                    Some(json!({
                        "customer_id": "{{acc_customer_id}}",
                        "bank_account_id": "{{acc_bank_account_id}}",
                        "amount": 100,
                        "allocations": [
                            {
                                "invoice_id": "{{agent_invoice_id}}",
                                "amount": 100
                            }
                        ]
                    })),
                ),
            ],
            body: Some(json!({"invoice_ids": ["{{agent_invoice_id}}"], "bank_account_id": "{{acc_bank_account_id}}"})),
            keep: &[("commission_payout_id", "payout.id")],
            ..Recipe::default()
        },
        ("GET", "/api/commission-payouts/show/{id}") => Recipe {
            path: Some("/api/commission-payouts/show/{{commission_payout_id}}"),
            ..Recipe::default()
        },
        ("POST", "/api/commission-payouts/cancel/{id}") => Recipe {
            path: Some("/api/commission-payouts/cancel/{{commission_payout_id}}"),
            ..Recipe::default()
        },
        ("POST", "/api/sales-proposal/reject/{proposal_id}") => Recipe {
            steps: vec![Call::post("/api/sales-proposal/sent/{{fresh:sales_proposal}}", None)],
            path: Some("/api/sales-proposal/reject/{{fresh:sales_proposal}}"),
            ..Recipe::default()
        },
        ("POST", "/api/sales-invoice-return/cancel/{return_id}") => Recipe {
            path: Some("/api/sales-invoice-return/cancel/{{fresh:sales_return}}"),
            ..Recipe::default()
        },
        ("POST", "/api/project/client/invite") => Recipe {
            body: Some(json!({"project_id": "{{project_id}}", "client_id": "{{fresh:client_user}}"})),
            after: Some(
                r#"pm.collectionVariables.set("project_client_id", pm.variables.get("fresh_client_user_id"));"#,
            ),
            ..Recipe::default()
        },
        ("DELETE", "/api/project/client/delete/{id}") => Recipe {
            path: Some("/api/project/client/delete/{{project_client_id}}"),
            query: Some("project_id={{project_id}}"),
            ..Recipe::default()
        },
        ("DELETE", "/api/project/member/delete/{id}") => Recipe {
            steps: vec![Call::post(
                "/api/projects/create",
                Some(json!({"name": "Members {{unique}}", "members": ["{{user_id}}", "{{fresh:user}}"]})),
            )
            .store("member_project_id")],
            path: Some("/api/project/member/delete/{{fresh:user}}"),
            query: Some("project_id={{member_project_id}}"),
            ..Recipe::default()
        },
        ("POST", "/api/project/task-stage/order") => Recipe {
            steps: vec![Call::get("/api/project/task-stages?per_page=100").keep(&[("task_stage_ids", "data.*.id")])],
            raw: Some(r#"{"stages": {{task_stage_ids}}}"#),
            ..Recipe::default()
        },
        ("POST", "/api/project/bug-stage/order") => Recipe {
            steps: vec![Call::get("/api/project/bug-stages?per_page=100").keep(&[("bug_stage_ids", "data.*.id")])],
            raw: Some(r#"{"stages": {{bug_stage_ids}}}"#),
            ..Recipe::default()
        },
        ("POST", "/api/project/{id}/task/update/{task_id}") => Recipe {
            body: Some(json!({"priority": "low"})),
            ..Recipe::default()
        },
        ("DELETE", "/api/project/{project_id}/task/delete/{task_id}") => Recipe {
            path: Some("/api/project/{{project_id}}/task/delete/{{fresh:project_task}}"),
            ..Recipe::default()
        },
        ("POST", "/api/project/bug/create/{project_id}") => Recipe {
            body: Some(json!({
                "title": "Login button does nothing on Safari",
                "priority": "high",
                "assigned_to": [
                    "{{user_id}}"
                ]
            })),
            makes: Some("project_bug"),
            ..Recipe::default()
        },
        ("POST", "/api/project/{project_id}/bug/update/{bug_id}") => Recipe {
            body: Some(json!({"priority": "low"})),
            ..Recipe::default()
        },
        ("DELETE", "/api/project/{project_id}/bug/delete/{bug_id}") => Recipe {
            path: Some("/api/project/{{project_id}}/bug/delete/{{fresh:project_bug}}"),
            ..Recipe::default()
        },
        ("POST", "/api/project/file/create") => Recipe {
            form: &[("project_id", "{{project_id}}")],
            makes: Some("project_file"),
            ..Recipe::default()
        },
        ("DELETE", "/api/project/file/delete/{id}") => Recipe {
            path: Some("/api/project/file/delete/{{fresh:project_file}}"),
            ..Recipe::default()
        },
        ("POST", "/api/project/task/comment/batch/delete") => Recipe {
            steps: vec![Call::post(
                "/api/project/task/{{project_task_id}}/comment/create",
                Some(json!({"comment": "To be deleted."})),
            )
            .store("comment_id")],
            body: Some(json!({"items": [{"id": "{{comment_id}}"}]})),
            ..Recipe::default()
        },
        ("DELETE", "/api/project/task/comment/delete/{comment_id}") => Recipe {
            steps: vec![Call::post(
                "/api/project/task/{{project_task_id}}/comment/create",
                Some(json!({"comment": "To be deleted."})),
            )
            .store("comment_id")],
            path: Some("/api/project/task/comment/delete/{{comment_id}}"),
            ..Recipe::default()
        },
        ("DELETE", "/api/project/bug/{id}/comment/delete") => Recipe {
            steps: vec![Call::post(
                "/api/project/bug/{{fresh:project_bug}}/comment/create",
                Some(json!({"comment": "To be deleted."})),
            )
            .store("comment_id")],
            path: Some("/api/project/bug/{{comment_id}}/comment/delete"),
            ..Recipe::default()
        },
        ("POST", "/api/add-tracker") => Recipe {
            body: Some(json!({"task_id": "{{project_task_id}}", "note": "Sitemap review"})),
            ..Recipe::default()
        },
        ("POST", "/api/stop-tracker") => Recipe {
            body: Some(json!({})),
            ..Recipe::default()
        },
        ("POST", "/api/support-ticket/ticket/delete/{ticket_id}") => Recipe {
            path: Some("/api/support-ticket/ticket/delete/{{fresh:support_ticket}}"),
            ..Recipe::default()
        },
        ("POST", "/api/support-ticket/ticket/add-reply/{ticket_id}") => Recipe {
            makes: Some("support_reply"),
            ..Recipe::default()
        },
        ("POST", "/api/support-ticket/ticket/reply/{reply_id}/attachment") => Recipe {
            makes: Some("support_attachment"),
            ..Recipe::default()
        },
        ("GET", "/dashboard/{file}") => Recipe {
            path: Some("/dashboard/app.js"),
            ..Recipe::default()
        },
        ("GET", "/dashboard/pages/{file}") => Recipe {
            path: Some("/dashboard/pages/keys.js"),
            ..Recipe::default()
        },
        // The token of these two comes by mail, which a collection cannot read: the link the
        // collection sends is refused as no link, which is what the operation answers then.
        ("POST", "/api/verify-email") => Recipe {
            body: Some(json!({"token": "the-token-of-the-verification-mail"})),
            or: &[(
                422,
                "validation_failed",
                "the token comes by mail, which the collection cannot read",
                "",
            )],
            ..Recipe::default()
        },
        ("POST", "/api/reset-password") => Recipe {
            body: Some(json!({"token": "the-token-of-the-reset-mail", "password": "New-{{unique}}-passphrase"})),
            or: &[(
                422,
                "validation_failed",
                "the token comes by mail, which the collection cannot read",
                "",
            )],
            ..Recipe::default()
        },
        ("POST", "/api/billing/checkout") => Recipe {
            or: &[(
                422,
                "billing_not_configured",
                "no payment provider on this deployment",
                "",
            )],
            ..Recipe::default()
        },
        ("POST", "/api/billing/cancel") | ("POST", "/api/billing/resume") => Recipe {
            or: &[(
                409,
                "invalid_transition",
                "the collection's workspace has no subscription (subscribing takes a payment page)",
                "",
            )],
            ..Recipe::default()
        },
        ("POST", "/api/verify-email/resend") => Recipe {
            or: &[(
                409,
                "invalid_transition",
                "the collection's user is verified already",
                "",
            )],
            ..Recipe::default()
        },
        ("POST", "/api/hrm/clock-in-out") => Recipe {
            employee: true,
            body: Some(json!({"type": "clockin"})),
            or: &[(422, "holiday", "today is one of the workspace's holidays", "")],
            ..Recipe::default()
        },
        ("POST", "/api/hrm/attendence-history") => Recipe {
            employee: true,
            body: Some(json!({"start_date": "2026-01-01", "end_date": "2026-12-31"})),
            ..Recipe::default()
        },
        ("POST", "/api/hrm/settings") => Recipe {
            body: Some(json!({"ip_allow_list": [], "utc_offset_minutes": 0})),
            ..Recipe::default()
        },
        ("POST", "/api/payrolls/{payroll_id}/process") => Recipe {
            keep: &[("payslip_id", "payslips.0.id")],
            ..Recipe::default()
        },
        ("POST", "/api/payrolls/{payroll_id}/cancel") => Recipe {
            path: Some("/api/payrolls/{{fresh:hr_payroll}}/cancel"),
            ..Recipe::default()
        },
        ("POST", "/api/payrolls/{payroll_id}/pay") => Recipe {
            body: Some(json!({"bank_account_id": "{{acc_bank_account_id}}", "paid_on": "2026-10-30"})),
            ..Recipe::default()
        },
        ("GET", "/api/payslip/{payroll_entry_id}") => Recipe {
            path: Some("/api/payslip/{{payslip_id}}"),
            ..Recipe::default()
        },
        ("POST", "/api/leave-application/batch/update") => Recipe {
            body: Some(json!({
                "items": [
                    {
                        "id": "{{fresh:hr_leave}}",
                        "version": 1,
                        "reason": "Family holiday (edited)"
                    }
                ]
            })),
            own_steps: true,
            ..Recipe::default()
        },
        ("DELETE", "/api/leave-application/delete/{leaveapplication_id}") => Recipe {
            path: Some("/api/leave-application/delete/{{fresh:hr_leave}}"),
            ..Recipe::default()
        },
        ("GET", "/api/leave-balances") => Recipe {
            employee: true,
            ..Recipe::default()
        },
        ("POST", "/api/hrm/leave-request") => Recipe {
            employee: true,
            body: Some(json!({
                "leave_type_id": "{{hr_leave_type_id}}",
                "start_date": "2026-08-03",
                "end_date": "2026-08-07",
                "reason": "Family holiday"
            })),
            ..Recipe::default()
        },
        ("GET", "/api/hrm/get-leaves") => Recipe {
            employee: true,
            ..Recipe::default()
        },
        ("GET", "/api/hrm/get-leaves-types") => Recipe {
            employee: true,
            ..Recipe::default()
        },
        ("POST", "/api/v1/projects") => Recipe {
            body: Some(json!({
                "name": "Website relaunch",
                "deadline": "2026-06-30",
                "members": [
                    "{{user_id}}"
                ],
                "client_id": "{{fresh:client_user}}"
            })),
            ..Recipe::default()
        },
        ("PATCH", "/api/v1/deals/{id}") => Recipe {
            body: Some(json!({"amount": 48000, "close_date": "2027-02-28", "stage": "{{crm_deal_stage_id}}"})),
            ..Recipe::default()
        },
        ("POST", "/api/v1/webhooks") => Recipe {
            body: Some(json!({"url": "{{webhookUrl}}", "events": ["contact.created", "deal.stage_changed"]})),
            makes: Some("webhook"),
            ..Recipe::default()
        },
        ("PATCH", "/api/v1/webhooks/{id}") => Recipe {
            body: Some(json!({"events": ["contact.created"]})),
            ..Recipe::default()
        },
        ("DELETE", "/api/v1/webhooks/{id}") => Recipe {
            path: Some("/api/v1/webhooks/{{fresh:webhook}}"),
            ..Recipe::default()
        },
        ("GET", "/api/v1/webhooks/deliveries/{id}") => Recipe {
            steps: vec![Call::get("/api/v1/webhooks/{{webhook_id}}/deliveries")
                .keep(&[("webhook_delivery_id", "data.0.id")])
                .until("data.0.id")],
            path: Some("/api/v1/webhooks/deliveries/{{webhook_delivery_id}}"),
            ..Recipe::default()
        },
        ("GET", "/api/stock-movements/{id}") => shown_from_list(
            "/api/stock-movements",
            &[("stock_movement_id", "data.0.id")],
            "/api/stock-movements/{{stock_movement_id}}",
            &[(404, "not_found", "no stock has moved yet", "stock_movement_id")],
        ),
        ("GET", "/api/journal-entries/{id}") => shown_from_list(
            "/api/journal-entries",
            &[("journal_entry_id", "data.0.id")],
            "/api/journal-entries/{{journal_entry_id}}",
            &[(404, "not_found", "nothing is posted yet", "journal_entry_id")],
        ),
        ("GET", "/api/bank-transactions/{id}") => shown_from_list(
            "/api/bank-transactions",
            &[("bank_transaction_id", "data.0.id")],
            "/api/bank-transactions/{{bank_transaction_id}}",
            &[(404, "not_found", "no money has moved yet", "bank_transaction_id")],
        ),
        ("GET", "/api/gl-accounts/{id}") => shown_from_list(
            "/api/gl-accounts",
            &[("gl_account_id", "data.0.id")],
            "/api/gl-accounts/{{gl_account_id}}",
            &[],
        ),
        ("GET", "/api/users/log/{id}") => shown_from_list(
            "/api/users/log",
            &[("activity_id", "data.0.id")],
            "/api/users/log/{{activity_id}}",
            &[],
        ),
        ("GET", "/api/v1/settings/api-keys/{id}") => shown_from_list(
            "/api/v1/settings/api-keys",
            &[("api_key_id", "data.0.id")],
            "/api/v1/settings/api-keys/{{api_key_id}}",
            &[(404, "not_found", "the caller has no key yet", "api_key_id")],
        ),
        ("GET", "/api/public/plans/{plan}") => shown_from_list(
            "/api/public/plans",
            &[("plan_id", "data.0.id")],
            "/api/public/plans/{{plan_id}}",
            &[],
        ),
        ("POST", "/api/v1/webhooks/deliveries/{id}/retry") => Recipe {
            steps: vec![Call::get("/api/v1/webhooks/{{webhook_id}}/deliveries")
                .keep(&[("webhook_delivery_id", "data.0.id")])
                .until("data.0.id")],
            path: Some("/api/v1/webhooks/deliveries/{{webhook_delivery_id}}/retry"),
            or: &[(409, "invalid_transition", "the delivery is not attempted yet", "")],
            ..Recipe::default()
        },
        ("POST", "/api/wl/checkout") => Recipe {
            body: Some(json!({"tenant_id": "{{wl_tenant_id}}", "plan_id": "{{wl_plan_id}}", "trial_days": 14})),
            keep: &[("payment_subscription", "payment_subscription_id")],
            or: &[(
                422,
                "billing_not_configured",
                "no payment provider on this deployment",
                "",
            )],
            ..Recipe::default()
        },
        ("POST", "/api/wl/subscription/{payment_subscription_id}/cancel") => Recipe {
            path: Some("/api/wl/subscription/{{payment_subscription}}/cancel"),
            or: &[(
                404,
                "not_found",
                "no checkout made a subscription (no payment provider)",
                "payment_subscription",
            )],
            ..Recipe::default()
        },
        ("POST", "/api/wl/webhook-callback") => Recipe {
            body: Some(json!({
                "id": "evt_{{unique}}",
                "type": "customer.subscription.updated",
                "data": {
                    "object": {
                        "id": "{{payment_subscription}}",
                        "customer": "cus_collection",
                        "status": "active",
                        "current_period_end": 1900000000
                    }
                }
            })),
            no_auth: true,
            or: &[(
                400,
                "invalid_signature",
                "stripeWebhookSecret is not set",
                "stripeWebhookSecret",
            )],
            pre: Some(STRIPE_SIGNATURE),
            ..Recipe::default()
        },
        ("POST", "/api/wl/connect/onboard") => Recipe {
            body: Some(json!({
                "refresh_url": "https://platform.example/billing/retry",
                "return_url": "https://platform.example/billing/done"
            })),
            or: &[
                (
                    422,
                    "billing_not_configured",
                    "no payment provider on this deployment",
                    "",
                ),
                (
                    422,
                    "payment_provider_refused",
                    "the provider has no connected accounts (an emulator)",
                    "",
                ),
            ],
            ..Recipe::default()
        },
        ("GET", "/api/wl/connect/status") => Recipe {
            or: &[(404, "not_found", "the platform has no connected account yet", "")],
            ..Recipe::default()
        },
        ("GET", "/api/widget/{token}") => Recipe {
            steps: vec![Call::get("/api/v1/widgets/{{crm_widget_id}}").keep(&[("widget_token", "token")])],
            path: Some("/api/widget/{{widget_token}}"),
            ..Recipe::default()
        },
        ("POST", "/api/widget/lead") => Recipe {
            body: Some(json!({
                "token": "{{widget_token}}",
                "name": "Visitor",
                "email": "visitor-{{unique}}@example.com"
            })),
            ..Recipe::default()
        },
        ("GET", "/api/badge/{token}") => Recipe {
            steps: vec![Call::post("/api/wl/badge", None).keep(&[("badge_token", "token")])],
            path: Some("/api/badge/{{badge_token}}"),
            ..Recipe::default()
        },
        ("GET", "/api/wl/badge") => Recipe {
            steps: vec![Call::post("/api/wl/badge", None)],
            ..Recipe::default()
        },
        ("POST", "/api/wl/tenants/{id}/plan") => Recipe {
            body: Some(json!({"plan_id": "{{wl_plan_id}}"})),
            ..Recipe::default()
        },
        ("POST", "/api/wl/tenants/{id}/invitation") => Recipe {
            keep: &[("invitation_token", "token")],
            ..Recipe::default()
        },
        ("POST", "/api/wl/invitations/accept") => Recipe {
            body: Some(json!({"token": "{{invitation_token}}", "password": "Owner-{{unique}}-pw"})),
            ..Recipe::default()
        },
        ("POST", "/api/wl/tenants/{id}/domain") => Recipe {
            body: Some(json!({"domain": "app-{{unique}}.acme.example"})),
            ..Recipe::default()
        },
        ("POST", "/api/wl/tenants/{id}/domain/verify") => Recipe {
            or: &[(422, "domain_not_verified", "the TXT record is not published", "")],
            ..Recipe::default()
        },
        ("POST", "/api/wl/tenants/{id}/smtp") => Recipe {
            body: Some(json!({
                "from_address": "no-reply@acme.example",
                "from_name": "Acme Cloud",
                "host": "{{smtpHost}}",
                "port": 587,
                "username": "mailer",
                "password": "app-password",
                "security": "starttls"
            })),
            ..Recipe::default()
        },
        ("GET", "/api/imports/{id}") => Recipe {
            path: Some("/api/imports/{{import_job_id}}"),
            ..Recipe::default()
        },
        ("POST", "/api/imports/{id}/cancel") => Recipe {
            path: Some("/api/imports/{{import_job_id}}/cancel"),
            or: &[(409, "invalid_transition", "the import had finished already", "")],
            ..Recipe::default()
        },
        ("GET", "/api/imports/{id}/failed-rows") => Recipe {
            path: Some("/api/imports/{{import_job_id}}/failed-rows"),
            ..Recipe::default()
        },
        ("GET", "/api/exports/{id}") => Recipe {
            path: Some("/api/exports/{{export_job_id}}"),
            ..Recipe::default()
        },
        ("GET", "/api/exports/{id}/download") => Recipe {
            path: Some("/api/exports/{{export_job_id}}/download"),
            ..Recipe::default()
        },
        ("GET", "/api/settings/number-series") => Recipe {
            keep: &[("series", "data.0.series")],
            ..Recipe::default()
        },
        ("PUT", "/api/settings/number-series/{series}") => Recipe {
            path: Some("/api/settings/number-series/{{series}}"),
            body: Some(json!({"prefix": "INV-2027-"})),
            ..Recipe::default()
        },
        ("POST", "/api/lite/project-activity") => Recipe {
            body: Some(json!({"project_id": "{{project_id}}"})),
            ..Recipe::default()
        },
        ("POST", "/api/lite/project-delete") => Recipe {
            body: Some(json!({"id": "{{fresh:project}}"})),
            ..Recipe::default()
        },
        ("POST", "/api/lite/project-details") => Recipe {
            body: Some(json!({"id": "{{project_id}}"})),
            ..Recipe::default()
        },
        ("DELETE", "/api/lite/project-file-delete/{id}") => Recipe {
            path: Some("/api/lite/project-file-delete/{{fresh:project_file}}"),
            ..Recipe::default()
        },
        ("POST", "/api/lite/project-file-upload") => Recipe {
            form: &[("project_id", "{{project_id}}")],
            ..Recipe::default()
        },
        ("POST", "/api/lite/project-status-update") => Recipe {
            body: Some(json!({"id": "{{fresh:project}}", "status": "on_hold"})),
            ..Recipe::default()
        },
        ("POST", "/api/lite/task-create-update") => Recipe {
            body: Some(json!({"project_id": "{{project_id}}", "title": "Draft the sitemap", "priority": "high"})),
            ..Recipe::default()
        },
        ("POST", "/api/lite/task-delete") => Recipe {
            body: Some(json!({"id": "{{fresh:project_task}}"})),
            ..Recipe::default()
        },
        ("POST", "/api/lite/task-details") => Recipe {
            body: Some(json!({"id": "{{project_task_id}}"})),
            ..Recipe::default()
        },
        ("POST", "/api/lite/task-stage-update") => Recipe {
            body: Some(json!({"id": "{{project_task_id}}", "stage_id": "{{project_task_stage_id}}"})),
            ..Recipe::default()
        },
        ("POST", "/api/lite/taskboard") => Recipe {
            body: Some(json!({"project_id": "{{project_id}}"})),
            ..Recipe::default()
        },
        _ => Recipe::default(),
    }
}

/// The records requests ask for fresh that no row makes with an example of its own (a client
/// user, a bug, an uploaded file), or that are made otherwise here (a leave application of a
/// fresh employee, whose dates no other application overlaps).
fn extra_makers() -> Vec<(&'static str, Maker)> {
    fn made(method: &str, path: &str, body: Option<Value>, form: &[(&str, &str)]) -> Maker {
        Maker {
            method: method.to_string(),
            path: path.to_string(),
            body,
            form: form.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
            steps: Vec::new(),
        }
    }
    vec![
        (
            "client_user",
            made(
                "POST",
                "/api/user/store",
                Some(json!({"name": "Client {{unique}}", "email": "client-{{unique}}@example.com", "role": "client"})),
                &[],
            ),
        ),
        (
            "project_bug",
            made(
                "POST",
                "/api/project/bug/create/{{project_id}}",
                Some(json!({"title": "Typo on the pricing page"})),
                &[],
            ),
        ),
        (
            "project_file",
            made(
                "POST",
                "/api/project/file/create",
                None,
                &[("project_id", "{{project_id}}"), ("file", "PIXEL")],
            ),
        ),
        (
            "crm_file",
            made(
                "POST",
                "/api/lead-file/store/{{crm_lead_id}}",
                None,
                &[("file", "PIXEL")],
            ),
        ),
        (
            "crm_deal_file",
            made(
                "POST",
                "/api/deal-file/store/{{crm_deal_id}}",
                None,
                &[("file", "PIXEL")],
            ),
        ),
        (
            "hr_leave",
            made(
                "POST",
                "/api/leave-application/create",
                Some(json!({
                    "employee_id": "{{fresh:hr_employee}}",
                    "leave_type_id": "{{hr_leave_type_id}}",
                    "start_date": "2026-08-03",
                    "end_date": "2026-08-07",
                    "reason": "Family holiday."
                })),
                &[],
            ),
        ),
        (
            "webhook",
            made(
                "POST",
                "/api/v1/webhooks",
                Some(json!({"url": "{{webhookUrl}}", "events": ["contact.created"]})),
                &[],
            ),
        ),
        (
            "oauthclient",
            made(
                "POST",
                "/api/oauth/clients",
                Some(json!({
                    "name": "Throwaway client",
                    "redirect_uris": [
                        "https://example.com/callback"
                    ],
                    "scopes": [
                        "crm.read"
                    ]
                })),
                &[],
            ),
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::{batch_base, stable_topological, PIXEL};

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

    #[test]
    fn batch_routes_live_under_the_update_path() {
        assert_eq!(batch_base("/api/label/update/{id}").as_deref(), Some("/api/label"));
        assert_eq!(batch_base("/api/v1/contacts/{id}").as_deref(), Some("/api/v1/contacts"));
        assert_eq!(batch_base("/api/project/{project_id}/task/delete/{task_id}"), None);
    }

    /// A form's text field carries the upload's bytes as UTF-8: they must all be ASCII.
    #[test]
    fn the_pixel_is_an_ascii_webp() {
        assert!(PIXEL.is_ascii());
        assert!(PIXEL.starts_with("RIFF") && PIXEL.get(8..16) == Some("WEBPVP8L"));
        assert_eq!(PIXEL.len(), 30);
    }
}
