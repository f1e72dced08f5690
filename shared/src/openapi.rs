//! The OpenAPI 3.0.3 document, generated from route-table rows ([`crate::routes`]): paths,
//! parameters, request and response schemas (from the wire types' `JsonSchema`), the error answers
//! each row can give, and the security schemes (session, API key, OAuth 2.0). No hand-kept copy
//! exists to drift.

use schemars::generate::{Contract, SchemaSettings};
use schemars::transform::{
    AddNullable, RemoveRefSiblings, ReplaceBoolSchemas, ReplaceConstValue, ReplacePrefixItems, SetSingleExample,
    Transform,
};
use schemars::{Schema, SchemaGenerator};
use serde_json::{json, Map, Value};

use crate::auth::oauth::{self, OAuthErrorBody};
use crate::auth::{Access, ALL_PERMISSIONS};
use crate::events::{EventType, EventTypeName};
use crate::http::{ErrorBody, ListParams, Since};
use crate::policy::Credentials;
use crate::routes::{Body, CrudAction, Gate, Reply, RouteDoc, SchemaFn};

/// A document in a format of its own (this OpenAPI document, the Postman collection): its own
/// specification types it.
pub struct JsonDocument;

impl schemars::JsonSchema for JsonDocument {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "JsonDocument".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        schemars::json_schema!({
            "type": "object",
            "additionalProperties": true,
            "description": "A JSON document in its own format: OpenAPI 3.0.3, or a Postman collection v2.1.",
        })
    }
}

/// The whole document for `rows`, whose bodies may name any of `event_types`.
pub fn document(title: &str, version: &str, rows: &[RouteDoc], event_types: &[EventType]) -> Value {
    // Bodies and query strings are schemas of what the server reads, answers of what it writes:
    // a field it always writes is `required` there, even where a body may leave it out.
    let mut generators = Generators {
        reads: settings(Contract::Deserialize).into_generator(),
        writes: settings(Contract::Serialize).into_generator(),
    };
    let mut operations = Vec::new();
    let mut operation_ids = std::collections::HashSet::new();
    for row in rows {
        let mut operation = operation(&mut generators, row);
        operation["operationId"] = json!(unique_operation_id(row, &mut operation_ids));
        operations.push((row, operation));
    }
    let error_schema = inline(&mut generators.writes, |g| g.subschema_for::<ErrorBody>());
    let oauth_error_schema = inline(&mut generators.writes, |g| g.subschema_for::<OAuthErrorBody>());
    let webhooks = webhooks_map(&mut generators.writes, event_types);
    let mut schemas = generators.writes.take_definitions(true);
    // A type read and written under one name whose two schemas differ: the read one is `…Input`.
    let read = generators.reads.take_definitions(true);
    let differing: Vec<String> = read
        .iter()
        .filter(|(name, schema)| schemas.get(*name).is_some_and(|written| written != *schema))
        .map(|(name, _)| name.clone())
        .collect();
    for (name, mut schema) in read {
        rename_refs(&mut schema, &differing);
        let name = if differing.contains(&name) {
            format!("{name}Input")
        } else {
            name
        };
        schemas.entry(name).or_insert(schema);
    }
    let mut paths = Map::new();
    for (row, mut operation) in operations {
        for part in ["requestBody", "parameters"] {
            if let Some(read_part) = operation.get_mut(part) {
                rename_refs(read_part, &differing);
            }
        }
        let item = paths
            .entry(row.path.to_string())
            .or_insert_with(|| json!({}))
            .as_object_mut()
            .expect("path items are objects");
        item.insert(row.method.as_str().to_lowercase(), operation);
    }
    schemas.sort_keys();
    schemas.values_mut().for_each(bound_unsigned);
    if let Some(names) = schemas.get_mut(EventTypeName::SCHEMA) {
        let all = std::iter::once("*").chain(event_types.iter().map(|t| t.name));
        names["enum"] = all.collect();
    }
    // Each tag once, in the order of its first row (a module's rows may be split by another's).
    let mut tags: Vec<&str> = Vec::new();
    for row in rows {
        if !tags.contains(&row.tag) {
            tags.push(row.tag);
        }
    }
    let mut doc = json!({
        "openapi": "3.0.3",
        "info": {
            "title": title,
            "version": version,
            "contact": {"name": "Worktop API support", "url": "https://github.com/worktop/worktop/issues"},
            "license": {"name": "Proprietary", "url": "https://worktop.example.com/terms"},
            "description": "Worktop's JSON API. Authenticate with `Authorization: Bearer <token>`: a session token from `POST /api/login`, an API key (`wt_live_...`, or `wt_test_...` for the sandbox), or an OAuth 2.0 access token (`wto_...`, from `POST /api/oauth/token`; see `/.well-known/oauth-authorization-server`). Lists answer `{data, meta}`; errors answer `{message, code, errors?, request_id}`. A query parameter a route does not take is a 422 naming it; add `unknown_params=ignore` to have unknown ones ignored.",
        },
        "servers": [{"url": "/"}],
        "tags": tags.iter().map(|t| json!({"name": t, "description": tag_description(t)})).collect::<Vec<_>>(),
        "security": [{"bearer": []}, {"apiKey": []}, {"oauth2": []}],
        "paths": paths,
        "components": {
            "securitySchemes": security_schemes(),
            "schemas": schemas,
            "responses": error_responses(error_schema, oauth_error_schema),
            "headers": headers(),
            "parameters": header_parameters(),
        },
        "x-webhooks": webhooks,
    });
    form_encodings(&mut doc);
    idioms(&mut doc);
    doc
}

/// What each tag (a route table's, [`crate::routes::Routes::new`]) holds, for the reference page
/// and generated clients' module docs.
const TAGS: &[(&str, &str)] = &[
    (
        "Identity",
        "Log in, sessions, the profile, API keys, users, roles, the activity log and OAuth 2.0.",
    ),
    (
        "Import and export",
        "Import records from CSV or JSON Lines and export lists, as background jobs.",
    ),
    (
        "Number series",
        "The numbering of invoices, quotes and other documents: prefixes, next numbers, gaps.",
    ),
    (
        "CRM",
        "Pipelines, stages, labels, sources, leads, deals and their calls, tasks, e-mails and files.",
    ),
    (
        "Accounting",
        "The chart of accounts, the journal, customers, vendors, banking, purchases, payments and notes.",
    ),
    (
        "Inventory",
        "Products, categories, taxes, units, warehouses, the stock ledger, transfers and point of sale.",
    ),
    (
        "Sales",
        "Sales invoices and returns, quotes, orders, proposals, opportunities, meetings, agents and commissions.",
    ),
    (
        "Projects",
        "Projects, task and bug boards, milestones, files, reports and time tracking.",
    ),
    (
        "Projects (lite)",
        "The simpler RPC-style project API over the same projects and tasks.",
    ),
    (
        "Support desk",
        "Tickets, replies, notes, categories, FAQs and the knowledge base.",
    ),
    (
        "HR and payroll",
        "The organisation, employees, leave, attendance, payroll and the other HR records.",
    ),
    (
        "v1",
        "The versioned REST slice: contacts, customers, invoices, projects, reports and webhooks.",
    ),
    (
        "Platform",
        "Public plans, this document, the sandbox, the lead-capture widget and account settings.",
    ),
    (
        "White-label",
        "Sub-tenants a reseller runs under its own brand, and their billing.",
    ),
    (
        "Integrations",
        "Connections to other systems: payment providers, mail and the automation platforms.",
    ),
];

fn tag_description(tag: &str) -> &'static str {
    TAGS.iter()
        .find(|(name, _)| *name == tag)
        .map(|(_, description)| *description)
        .unwrap_or_else(|| panic!("tag {tag:?} has no description in openapi::TAGS"))
}

/// Response headers, named once (`components/headers`) and referenced where they apply.
fn headers() -> Value {
    let integer =
        |description: &str| json!({"description": description, "schema": {"type": "integer", "format": "int64"}});
    json!({
        "X-Request-Id": {"description": "This request's id: quote it when asking about the request.",
            "schema": {"type": "string"}},
        "X-RateLimit-Limit": integer("Requests per hour the token's plan allows."),
        "X-RateLimit-Remaining": integer("Requests left in the token's bucket."),
        "X-RateLimit-Reset": integer("Unix seconds when the bucket is full again."),
        "Retry-After": integer("Seconds to wait before retrying."),
    })
}

/// Request headers that many operations take (`components/parameters`).
fn header_parameters() -> Value {
    json!({
        "IdempotencyKey": {"name": "Idempotency-Key", "in": "header", "required": false,
            "description": "Your own key (at most 255 characters) for this POST: a retry with the same key and body within 24 hours gets the first answer back (`Idempotent-Replayed: true`) and nothing runs twice.",
            "schema": {"type": "string", "minLength": 1, "maxLength": 255}},
        "IfMatch": {"name": "If-Match", "in": "header", "required": false,
            "description": "The record's `version` as read (`3`, `\"3\"` or `W/\"3\"`): 409 `version_conflict` if it changed since.",
            "schema": {"type": "string", "pattern": "^(W/)?\"?[0-9]{1,19}\"?$"}},
    })
}

fn header_ref(name: &str) -> Value {
    json!({"$ref": format!("#/components/headers/{name}")})
}

/// A multipart form's part media types (`x-content-type` on a field of its schema, where the
/// Rust type says them) become the form's `encoding`, where OpenAPI says them.
fn form_encodings(doc: &mut Value) {
    const KEY: &str = "x-content-type";
    let schemas = doc["components"]["schemas"].clone();
    let operations = doc["paths"]
        .as_object_mut()
        .into_iter()
        .flat_map(|paths| paths.values_mut())
        .filter_map(Value::as_object_mut)
        .flat_map(|item| item.values_mut());
    for operation in operations {
        let Some(media) = operation.pointer_mut("/requestBody/content/multipart~1form-data") else {
            continue;
        };
        let schema = media.get("schema").cloned().unwrap_or_default();
        let target = schema["$ref"]
            .as_str()
            .and_then(|r| r.strip_prefix("#/components/schemas/"));
        let schema = target.map_or(schema.clone(), |name| schemas[name].clone());
        let encoding: Map<String, Value> = schema["properties"]
            .as_object()
            .into_iter()
            .flatten()
            .filter_map(|(name, field)| Some((name.clone(), json!({"contentType": field.get(KEY)?}))))
            .collect();
        if !encoding.is_empty() {
            media["encoding"] = Value::Object(encoding);
        }
    }
    fn strip(value: &mut Value) {
        match value {
            Value::Object(map) => {
                map.remove(KEY);
                map.values_mut().for_each(strip);
            }
            Value::Array(items) => items.iter_mut().for_each(strip),
            _ => {}
        }
    }
    strip(&mut doc["components"]);
}

/// Rewrites schemars' OpenAPI 3.0 output into the idioms client generators and linters expect:
/// an optional reference `{allOf: [$ref], nullable, type}` (not `anyOf` with a null member); no
/// `null` in an `enum` nor as a `default`; no property that may only be null (a create variant's
/// `id`: absent is what it means); no length bound on binary; every integer `int32` or `int64`
/// and every number `double` (unsigned formats are not OpenAPI's).
fn idioms(doc: &mut Value) {
    let schemas = doc["components"]["schemas"].clone();
    rewrite(doc, &schemas);
}

fn rewrite(value: &mut Value, schemas: &Value) {
    match value {
        Value::Object(map) => {
            for key in ["anyOf", "oneOf"] {
                nullable_union(map, key, schemas);
            }
            if let Some(Value::Object(properties)) = map.get_mut("properties") {
                let null_only: Vec<String> = properties
                    .iter()
                    .filter(|(_, p)| p.get("enum") == Some(&json!([null])))
                    .map(|(name, _)| name.clone())
                    .collect();
                for name in &null_only {
                    properties.remove(name);
                }
                if let Some(Value::Array(required)) = map.get_mut("required") {
                    required.retain(|r| !null_only.iter().any(|n| r == n.as_str()));
                }
            }
            for (key, child) in map.iter_mut() {
                if key != "example" && key != "examples" {
                    rewrite(child, schemas);
                }
            }
            if let Some(Value::Array(values)) = map.get_mut("enum") {
                if values.contains(&Value::Null) {
                    values.retain(|v| !v.is_null());
                    map.insert("nullable".into(), json!(true));
                }
            }
            if map.get("default") == Some(&Value::Null) {
                map.remove("default");
            }
            if map.get("format").and_then(Value::as_str) == Some("binary") {
                map.remove("minLength");
                map.remove("maxLength");
            }
            match map.get("type").and_then(Value::as_str) {
                Some("integer") => {
                    let format = map.get("format").and_then(Value::as_str).unwrap_or("int64");
                    let format = if matches!(format, "uint8" | "uint16" | "int8" | "int16" | "int32") {
                        "int32"
                    } else {
                        "int64"
                    };
                    // An unsigned id keeps its own `maximum` (the server takes every u64): a
                    // client in int64 never comes near it.
                    map.insert("format".into(), json!(format));
                }
                Some("number") => {
                    map.entry("format").or_insert(json!("double"));
                }
                _ => {}
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|v| rewrite(v, schemas)),
        _ => {}
    }
}

/// `{key: [X, null]}` → `X` made nullable: a reference as `allOf: [X]` with its target's `type`;
/// a target of several types (a custom field's value) as their union, each nullable.
fn nullable_union(map: &mut Map<String, Value>, key: &str, schemas: &Value) {
    let is_null = |v: &Value| {
        v.get("enum") == Some(&json!([null]))
            || v.get("type") == Some(&json!("null"))
            || *v == json!({"nullable": true})
    };
    let Some(Value::Array(members)) = map.get(key) else {
        return;
    };
    if members.len() != 2 || !members.iter().any(is_null) {
        return;
    }
    let other = members.iter().find(|v| !is_null(v)).cloned().unwrap_or_default();
    map.remove(key);
    map.insert("nullable".into(), json!(true));
    let Some(reference) = other.get("$ref").and_then(Value::as_str) else {
        for (k, v) in other.as_object().into_iter().flatten() {
            map.entry(k.clone()).or_insert_with(|| v.clone());
        }
        return;
    };
    let target = &schemas[reference.trim_start_matches("#/components/schemas/")];
    match single_type(target, schemas) {
        Some(kind) => {
            map.insert("allOf".into(), json!([other]));
            map.insert("type".into(), json!(kind));
        }
        None => {
            map.remove("nullable");
            let variants = target["anyOf"]
                .as_array()
                .or(target["oneOf"].as_array())
                .cloned()
                .unwrap_or_default();
            let variants: Vec<Value> = variants
                .into_iter()
                .map(|mut v| {
                    v["nullable"] = json!(true);
                    v
                })
                .collect();
            map.insert("anyOf".into(), json!(variants));
        }
    }
}

/// The one JSON type every instance of `schema` has, when there is one.
fn single_type<'a>(schema: &'a Value, schemas: &'a Value) -> Option<&'a str> {
    if let Some(kind) = schema.get("type").and_then(Value::as_str) {
        return Some(kind);
    }
    if let Some(reference) = schema.get("$ref").and_then(Value::as_str) {
        return single_type(&schemas[reference.trim_start_matches("#/components/schemas/")], schemas);
    }
    let members = ["oneOf", "anyOf", "allOf"]
        .iter()
        .find_map(|k| schema.get(*k)?.as_array())?;
    let mut kinds = members.iter().map(|m| single_type(m, schemas));
    let first = kinds.next()??;
    kinds.all(|k| k == Some(first)).then_some(first)
}

/// The document's schema settings, for what the server reads or for what it writes.
fn settings(contract: Contract) -> SchemaSettings {
    SchemaSettings::openapi3().with(|s| {
        s.meta_schema = None;
        s.contract = contract;
    })
}

/// The names of the query parameters a route documents: a list's paging ones with its own `query`
/// (what [`crate::http::KnownParams`] takes before it refuses an unknown one).
pub fn query_param_names(query: Option<SchemaFn>, paged: bool, polled: bool) -> Vec<String> {
    let Some(query) = query else {
        return Vec::new();
    };
    let mut generator = settings(Contract::Deserialize).into_generator();
    let mut names = Vec::new();
    if paged {
        names.extend(param_names(&mut generator, query_schema::<ListParams>));
    }
    if polled {
        names.extend(param_names(&mut generator, query_schema::<Since>));
    }
    names.extend(param_names(&mut generator, query));
    names
}

fn param_names(generator: &mut SchemaGenerator, schema: SchemaFn) -> Vec<String> {
    query_params(generator, schema)
        .into_iter()
        .filter_map(|param| Some(param["name"].as_str()?.to_string()))
        .collect()
}

/// One generator for what the server reads (bodies, query strings), one for what it writes.
struct Generators {
    reads: SchemaGenerator,
    writes: SchemaGenerator,
}

/// Points every `$ref` to a schema named in `renamed` at its `…Input` twin.
fn rename_refs(value: &mut Value, renamed: &[String]) {
    match value {
        Value::Object(map) => {
            if let Some(Value::String(reference)) = map.get_mut("$ref") {
                let name = reference.trim_start_matches("#/components/schemas/");
                if renamed.iter().any(|r| r == name) {
                    reference.push_str("Input");
                }
            }
            map.values_mut().for_each(|v| rename_refs(v, renamed));
        }
        Value::Array(items) => items.iter_mut().for_each(|v| rename_refs(v, renamed)),
        _ => {}
    }
}

/// Schemas the generator returns inline (not as `$ref`) still need OpenAPI 3.0's dialect.
fn inline(generator: &mut SchemaGenerator, build: SchemaFn) -> Value {
    let mut schema: Schema = build(generator);
    if schema.as_bool().is_some() {
        return json!({});
    }
    let mut bools = ReplaceBoolSchemas::default();
    bools.skip_additional_properties = true;
    bools.transform(&mut schema);
    AddNullable::default().transform(&mut schema);
    RemoveRefSiblings::default().transform(&mut schema);
    SetSingleExample::default().transform(&mut schema);
    ReplaceConstValue::default().transform(&mut schema);
    ReplacePrefixItems::default().transform(&mut schema);
    let mut value = schema.to_value();
    bound_unsigned(&mut value);
    value
}

/// Gives every unsigned integer its type's `maximum` (schemars states only `minimum: 0`): the
/// server refuses a larger number as the wrong type.
fn bound_unsigned(value: &mut Value) {
    match value {
        Value::Object(map) => {
            let max = match map.get("format").and_then(Value::as_str) {
                Some("uint8") => Some(u64::from(u8::MAX)),
                Some("uint16") => Some(u64::from(u16::MAX)),
                Some("uint32") => Some(u64::from(u32::MAX)),
                Some("uint64" | "uint") => Some(u64::MAX),
                _ => None,
            };
            if let Some(max) = max {
                map.entry("maximum").or_insert(json!(max));
            }
            map.values_mut().for_each(bound_unsigned);
        }
        Value::Array(items) => items.iter_mut().for_each(bound_unsigned),
        _ => {}
    }
}

const ERRORS: &[(&str, &str, &str)] = &[
    ("BadRequest", "400", "The body is not JSON (`malformed_json`)."),
    ("Unauthenticated", "401", "No valid token (`unauthenticated`)."),
    (
        "PaymentRequired",
        "402",
        "The live workspace is read-only until it subscribes: its trial ended (`trial_ended`) or its subscription did (`subscription_ended`). Reads, exports, API keys, billing and the sandbox keep working; subscribe through `POST /api/billing/checkout`.",
    ),
    (
        "Forbidden",
        "403",
        "The caller lacks the permission (`forbidden`), the plan lacks the module (`module_disabled`), or the workspace is suspended (`tenant_suspended`).",
    ),
    ("NotFound", "404", "No such record in this workspace (`not_found`)."),
    (
        "Conflict",
        "409",
        "The record changed since it was read (`version_conflict`) or the change is not allowed in its state (`invalid_transition`, `in_use`, `limit_reached`), or the record lives in another region than this request can reach (`other_region`). On a POST, also an `Idempotency-Key` whose first request still runs (`idempotency_in_progress`, with `Retry-After`), whose answer went to another of your credentials (`idempotency_key_used`) or was lost in a crash after its writes (`idempotency_answer_lost`).",
    ),
    (
        "WrongRegion",
        "421",
        "The credential belongs to another of the platform's regions (`wrong_region`): `region` names it and `base_url` is where to send the request.",
    ),
    ("PayloadTooLarge", "413", "The body is over the limit (`payload_too_large`)."),
    ("UnsupportedMediaType", "415", "The body is not `application/json` (`unsupported_media_type`)."),
    (
        "ValidationFailed",
        "422",
        "A field is invalid; `errors` names each (`validation_failed`). On a POST, also an `Idempotency-Key` sent before with another request (`idempotency_mismatch`).",
    ),
    ("RateLimited", "429", "The token's hourly limit is used up (`rate_limited`); see `Retry-After`."),
    (
        "InternalError",
        "500",
        "The server failed to answer (`internal_error`); quote `request_id` when you report it.",
    ),
    (
        "Unavailable",
        "503",
        "A service the request depends on is briefly unavailable (`unavailable`); retry after `Retry-After`.",
    ),
];

/// How a caller authenticates: a session token, an API key (both `Authorization: Bearer`), or an
/// OAuth 2.0 access token (authorization code with PKCE S256, or client credentials).
fn security_schemes() -> Value {
    let scopes: Map<String, Value> = ALL_PERMISSIONS
        .iter()
        .map(|p| {
            let access = match p.access {
                Access::Read => "Read",
                Access::Write => "Change",
            };
            (
                oauth::scope_name(*p),
                json!(format!(
                    "{access} the {} module, as far as the user's role allows.",
                    p.module.as_str()
                )),
            )
        })
        .collect();
    json!({
        "bearer": {"type": "http", "scheme": "bearer", "bearerFormat": "JWT",
            "description": "A session token from `POST /api/login`."},
        "apiKey": {"type": "http", "scheme": "bearer",
            "description": "An API key (`wt_live_...`, `wt_test_...` for the sandbox) from `POST /api/v1/settings/api-keys`."},
        "oauth2": {"type": "oauth2",
            "description": "An OAuth 2.0 access token (`wto_...`), at most 1000 requests per hour. The authorization URL is where an app sends its user's browser (a 302 to the consent page, docs/oauth.md); PKCE S256 is required of public clients. Scopes are the permission names (`crm.read`); the old spelling `crm:read` is accepted in requests.",
            "flows": {
                "authorizationCode": {"authorizationUrl": "/api/oauth/authorize", "tokenUrl": "/api/oauth/token",
                    "refreshUrl": "/api/oauth/token", "scopes": scopes},
                "clientCredentials": {"tokenUrl": "/api/oauth/token", "scopes": scopes},
            }},
    })
}

fn error_responses(error_schema: Value, oauth_error_schema: Value) -> Value {
    let mut responses = Map::new();
    for (name, status, description) in ERRORS {
        let code = description.split('`').nth(1).unwrap_or("internal_error");
        let mut example = json!({"message": description, "code": code, "request_id": "01J9Z3Q4W5E6R7T8Y9U0I1O2P3"});
        if *status == "422" {
            example["errors"] = json!({"email": ["The email field must be a valid e-mail address."]});
        }
        if *status == "421" {
            example["region"] = json!("eu1");
            example["base_url"] = json!("https://eu1.api.example.com");
        }
        let mut headers = json!({"X-Request-Id": header_ref("X-Request-Id")});
        if matches!(*status, "429" | "503") {
            headers["Retry-After"] = header_ref("Retry-After");
        }
        if *status == "429" {
            for name in ["X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"] {
                headers[name] = header_ref(name);
            }
        }
        responses.insert(
            (*name).into(),
            json!({
                "description": description,
                "headers": headers,
                "content": {"application/json": {"schema": error_schema, "example": example}},
            }),
        );
    }
    for (name, status, error) in OAUTH_ERRORS {
        let description = format!("RFC 6749 §5.2: `error` is one of {error}; `code` repeats it.");
        let code = error.split('`').nth(1).unwrap_or("invalid_request");
        let example = json!({"error": code, "error_description": "The code is invalid or has expired.",
            "message": "The code is invalid or has expired.", "code": code, "request_id": "01J9Z3Q4W5E6R7T8Y9U0I1O2P3"});
        let mut response = json!({
            "description": description,
            "content": {"application/json": {"schema": oauth_error_schema, "example": example}},
        });
        response["headers"] = json!({"X-Request-Id": header_ref("X-Request-Id")});
        if *status == "401" {
            response["headers"]["WWW-Authenticate"] =
                json!({"schema": {"type": "string"}, "description": "`Basic realm=\"worktop\"`"});
        }
        responses.insert((*name).into(), response);
    }
    Value::Object(responses)
}

/// The OAuth endpoints' own error answers (RFC 6749 §5.2).
const OAUTH_ERRORS: &[(&str, &str, &str)] = &[
    (
        "OAuthBadRequest",
        "400",
        "`invalid_grant`, `invalid_request`, `invalid_scope`, `unauthorized_client`, `unsupported_grant_type`",
    ),
    ("OAuthInvalidClient", "401", "`invalid_client`"),
];

fn error_ref(name: &str) -> Value {
    json!({"$ref": format!("#/components/responses/{name}")})
}

/// Verbs a catalogue path ends with (`/api/deal-call/store`): the operation's id starts with it.
const PATH_VERBS: &[&str] = &[
    "store",
    "create",
    "upsert",
    "update",
    "delete",
    "show",
    "list",
    "upload",
    "assign",
    "convert",
    "pay",
    "approve",
    "reject",
    "complete",
    "cancel",
    "send",
    "retry",
    "test",
    "reset",
    "import",
    "export",
    "verify",
    "restore",
    "duplicate",
    "move",
    "sort",
    "revoke",
    "login",
    "logout",
    "refresh",
    "authorize",
    "token",
    "introspect",
];

/// `words` joined, each capitalised (`["deal", "stage"]`: `DealStage`); empty words dropped.
fn pascal(words: &[&str]) -> String {
    words
        .iter()
        .filter(|w| !w.is_empty())
        .map(|w| w[..1].to_uppercase() + &w[1..])
        .collect()
}

/// Stable, readable `operationId`s for a row, the first that no earlier row took its own: a
/// resource's generic route is its action and record name (`listContacts`, `createSalesProposal`),
/// or where that is taken its kind (`listProductCategories`); any other route the verb its path
/// ends with, or its method's, and the path's words (`storeDealCall`, `getUsersLog`; where the
/// path's verb is taken, its method's: `getOauthAuthorize`). Routes of
/// the `/api/v1` and `/api/lite` families say so last (`listContactsV1`).
fn operation_ids(row: &RouteDoc) -> Vec<String> {
    let mut segments: Vec<&str> = row
        .path
        .trim_start_matches("/api/")
        .split('/')
        .filter(|s| !s.is_empty() && !s.starts_with('{'))
        .collect();
    let family = match segments.first() {
        Some(&first @ ("v1" | "lite")) => {
            segments.remove(0);
            first
        }
        _ => "",
    };
    let ids = match row.resource {
        Some(resource) => {
            let by = |words: Vec<&str>| {
                let mut words: Vec<String> = words.into_iter().map(str::to_string).collect();
                if resource.action == CrudAction::List {
                    if let Some(last) = words.last_mut() {
                        *last = plural(last);
                    }
                }
                let words: Vec<&str> = words.iter().map(String::as_str).collect();
                format!("{}{}", resource.action.as_str(), pascal(&words))
            };
            let name = resource.name.split(|c: char| !c.is_ascii_alphanumeric()).collect();
            vec![by(name), by(resource.kind.split('_').collect())]
        }
        None => {
            let mut words: Vec<&str> = segments
                .iter()
                .flat_map(|s| s.split(|c: char| !c.is_ascii_alphanumeric()))
                .filter(|w| !w.is_empty())
                .collect();
            if words.is_empty() {
                // `/`: the site's home page.
                words.push("home");
            }
            let by_method = {
                let verb = match row.method.as_str() {
                    "GET" if row.path.ends_with('}') => "show",
                    method => &method.to_lowercase(),
                };
                format!("{verb}{}", pascal(&words))
            };
            match words.split_last() {
                // Where two methods share a path ending in a verb (the OAuth authorization
                // endpoint's GET and POST), the later row takes the method's name.
                Some((verb, rest)) if PATH_VERBS.contains(verb) => vec![format!("{verb}{}", pascal(rest)), by_method],
                _ => vec![by_method],
            }
        }
    };
    ids.into_iter().map(|id| format!("{id}{}", pascal(&[family]))).collect()
}

/// The first of [`operation_ids`] no earlier row took, or the last with the path's parameters
/// (`showProjectBugByProjectId`): rows come in route-table order, so each keeps its id.
fn unique_operation_id(row: &RouteDoc, taken: &mut std::collections::HashSet<String>) -> String {
    let ids = operation_ids(row);
    let id = ids.iter().find(|id| !taken.contains(*id)).cloned().unwrap_or_else(|| {
        let mut id = ids.last().cloned().unwrap_or_default();
        for param in crate::routes::path_params(row.path) {
            id.push_str("By");
            id.extend(param.split('_').map(|w| w[..1].to_uppercase() + &w[1..]));
        }
        id
    });
    assert!(
        taken.insert(id.clone()),
        "{} {}: operationId {id} is taken",
        row.method,
        row.path
    );
    id
}

/// `lead` → `leads`, `category` → `categories`, `tax` → `taxes`: English for a kind's list.
fn plural(word: &str) -> String {
    if word.ends_with('s') || word.ends_with('x') || word.ends_with("ch") || word.ends_with("sh") {
        format!("{word}es")
    } else if let Some(stem) = word
        .strip_suffix('y')
        .filter(|s| !s.ends_with(['a', 'e', 'i', 'o', 'u']))
    {
        format!("{stem}ies")
    } else {
        format!("{word}s")
    }
}

/// A summary for a row that has none: a resource's generic route says what it does to which kind.
fn summary(row: &RouteDoc) -> String {
    if !row.summary.is_empty() {
        return row.summary.to_string();
    }
    let Some(resource) = row.resource else {
        return format!("{} {}", row.method, row.path);
    };
    // "Sales proposal" → "sales proposal"; an acronym ("FAQ") stays as it is.
    let kind = match resource.name.chars().nth(1) {
        Some(second) if second.is_lowercase() => resource.name.to_lowercase(),
        _ => resource.name.to_string(),
    };
    let article = if kind.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    };
    match resource.action {
        CrudAction::List => format!("List {}", plural(&kind)),
        CrudAction::Create => format!("Create {article} {kind}"),
        CrudAction::Show => format!("Show {article} {kind}"),
        CrudAction::Update => format!("Update {article} {kind}"),
        CrudAction::Delete => format!("Delete {article} {kind}"),
    }
}

fn operation(generators: &mut Generators, row: &RouteDoc) -> Value {
    let generator = &mut generators.reads;
    let mut parameters: Vec<Value> = crate::routes::path_params(row.path)
        .map(|name| {
            // Ids are whole numbers from 1 (`ValidPath`); anything else (a widget's token) is text.
            let names_record = row.path_kinds.iter().any(|(param, _)| *param == name);
            let schema = if crate::http::is_id_param(name) || names_record {
                json!({"type": "integer", "format": "int64", "minimum": 1})
            } else {
                json!({"type": "string", "minLength": 1})
            };
            json!({"name": name, "in": "path", "required": true, "schema": schema})
        })
        .collect();
    if let Some(query) = row.query {
        if row.paged {
            let mut paging = query_params(generator, query_schema::<ListParams>);
            if let Some(fields) = &row.sorts {
                for param in paging.iter_mut().filter(|p| p["name"] == "sort") {
                    param["schema"] = json!({"type": "string", "enum": sort_values(fields)});
                }
            }
            parameters.extend(paging);
            if row.polled() {
                parameters.extend(query_params(generator, query_schema::<Since>));
            }
        }
        parameters.extend(query_params(generator, query));
    }
    if row.cached {
        parameters.push(json!({"name": "If-None-Match", "in": "header", "required": false,
            "description": "An `ETag` this route gave: 304 while it still holds.",
            "schema": {"type": "string"}}));
    }
    if row.method == axum::http::Method::POST && row.gate != Gate::Public {
        parameters.push(json!({"$ref": "#/components/parameters/IdempotencyKey"}));
    }
    if row
        .resource
        .is_some_and(|r| matches!(r.action, CrudAction::Update | CrudAction::Delete))
    {
        parameters.push(json!({"$ref": "#/components/parameters/IfMatch"}));
    }
    let mut op = json!({
        "tags": [row.tag],
        "summary": summary(row),
        "parameters": parameters,
        "responses": responses(&mut generators.writes, row),
    });
    if let Some(resource) = row.resource {
        let module = match row.gate {
            Gate::Permission(permission) => Some(permission.module.as_str()),
            Gate::Public => None,
        };
        op["x-worktop-resource"] = json!({"kind": resource.kind, "action": resource.action.as_str(), "module": module});
    }
    if !row.path_kinds.is_empty() {
        let kinds = row
            .path_kinds
            .iter()
            .map(|(param, kind)| (param.to_string(), json!(kind)));
        op["x-worktop-path-kinds"] = Value::Object(kinds.collect());
    }
    let mut description = Vec::new();
    if !row.details.is_empty() {
        description.push(row.details.to_string());
    }
    match row.gate {
        Gate::Permission(permission) => description.push(format!("Needs the `{}` permission.", permission.name())),
        Gate::Public => description.push("Public: it takes no token.".into()),
    }
    match row.credentials {
        Credentials::Any => {}
        Credentials::LiveOnly => description.push("Sandbox (test) keys get 403: it changes the live account.".into()),
        Credentials::SessionOnly => description.push("A login session only: API keys get 403.".into()),
    }
    if row.quirk {
        description.push(
            "One of the catalogue's odd paths, kept as the specification names it (docs/api-conventions.md: Known quirks of the catalogue).".into(),
        );
    }
    if !description.is_empty() {
        op["description"] = json!(description.join(" "));
    }
    match row.gate {
        Gate::Public => op["security"] = json!([]),
        Gate::Permission(_) if row.credentials == Credentials::SessionOnly => {
            op["security"] = json!([{"bearer": []}]);
        }
        Gate::Permission(permission) => {
            op["security"] = json!([{"bearer": []}, {"apiKey": []}, {"oauth2": [oauth::scope_name(permission)]}]);
        }
    }
    match row.body {
        Body::None => {}
        Body::Json(schema) => {
            op["requestBody"] = json!({"required": row.body_required,
                "content": {"application/json": {"schema": inline(generator, schema)}}});
            if let Some(example) = &row.example {
                op["requestBody"]["content"]["application/json"]["example"] =
                    crate::resource::example::concrete(example);
            }
        }
        Body::OAuthForm(schema) => {
            // RFC 6749's form only: the endpoints read a JSON body too, but a second media type
            // of one schema makes openapi-python-client emit a module that fails on import.
            op["requestBody"] = json!({"required": true, "content": {
                "application/x-www-form-urlencoded": {"schema": inline(generator, schema)},
            }});
        }
        Body::Multipart(fields) => {
            // The first field is the upload (not empty); any others are required text, or an id
            // when named `…_id` (documented as the integer it is, like every id, so a client or
            // fuzzer passing one from an answer sends what the form takes). Other parts are
            // ignored.
            let properties: Map<String, Value> = fields
                .iter()
                .enumerate()
                .map(|(i, f)| {
                    let schema = if i == 0 {
                        json!({"type": "string", "format": "binary", "minLength": 1})
                    } else if f.ends_with("_id") {
                        json!({"type": "integer", "format": "int64", "minimum": 1})
                    } else {
                        json!({"type": "string"})
                    };
                    ((*f).to_string(), schema)
                })
                .collect();
            op["requestBody"] = json!({"required": true, "content": {"multipart/form-data": {"schema":
                {"type": "object", "properties": properties, "required": fields}}}});
        }
        Body::Form(schema) => {
            op["requestBody"] = json!({"required": true, "content": {"multipart/form-data": {"schema":
                inline(generator, schema)}}});
        }
    }
    op
}

fn query_schema<T: schemars::JsonSchema>(generator: &mut SchemaGenerator) -> Schema {
    T::json_schema(generator)
}

fn query_params(generator: &mut SchemaGenerator, schema: SchemaFn) -> Vec<Value> {
    let schema = inline(generator, schema);
    let Some(properties) = schema.get("properties").and_then(Value::as_object) else {
        return Vec::new();
    };
    // A parameter the handler cannot do without is `required` in the type's schema.
    let required = |name: &str| {
        schema
            .get("required")
            .and_then(Value::as_array)
            .is_some_and(|names| names.iter().any(|n| n == name))
    };
    properties
        .iter()
        .map(|(name, prop)| {
            let mut prop = prop.clone();
            let description = prop.as_object_mut().and_then(|p| p.remove("description"));
            let mut param = json!({"name": name, "in": "query", "required": required(name), "schema": prop});
            if let Some(description) = description {
                param["description"] = description;
            }
            param
        })
        .collect()
}

fn responses(generator: &mut SchemaGenerator, row: &RouteDoc) -> Value {
    let mut responses = Map::new();
    let (successes, schema): (&[(&str, &str)], _) = match row.reply {
        Reply::Ok(schema) => (&[("200", "OK")], Some(schema)),
        Reply::Created(schema) => (&[("201", "Created")], Some(schema)),
        Reply::Accepted(schema) => (&[("202", "Accepted")], Some(schema)),
        Reply::OkOrCreated(schema) => (
            &[
                ("200", "Updated (the body named an existing record)"),
                ("201", "Created"),
            ],
            Some(schema),
        ),
        Reply::Batch { created, schema } => (
            if created {
                &[
                    ("201", "Every item was applied"),
                    ("207", "Some items were not applied: each item's result says why"),
                ]
            } else {
                &[
                    ("200", "Every item was applied"),
                    ("207", "Some items were not applied: each item's result says why"),
                ]
            },
            Some(schema),
        ),
        Reply::Bytes | Reply::Download => (&[("200", "The file's bytes, with its content type")], None),
        Reply::Found(location) => {
            responses.insert(
                "302".into(),
                json!({
                    "description": "Found: the browser goes on to `Location`.",
                    "headers": {
                        "Location": {"schema": {"type": "string"}, "description": location},
                        "X-Request-Id": header_ref("X-Request-Id"),
                    },
                }),
            );
            (&[], None)
        }
    };
    let content = match schema {
        Some(schema) => json!({"application/json": {"schema": inline(generator, schema)}}),
        // The stored file's own content type (a photo's `image/png`, ...).
        // `application/octet-stream` first: generated clients (openapi-python-client) read
        // bytes under it and drop a response documented as `*/*` only, which says the actual
        // type (a PNG logo, an SVG badge) may be any.
        None => json!({
            "application/octet-stream": {"schema": {"type": "string", "format": "binary"}},
            "*/*": {"schema": {"type": "string", "format": "binary"}},
        }),
    };
    let mut headers = json!({"X-Request-Id": header_ref("X-Request-Id")});
    if row.gate != Gate::Public {
        for name in ["X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"] {
            headers[name] = header_ref(name);
        }
    }
    for (status, description) in successes {
        responses.insert(
            (*status).into(),
            json!({"description": description, "headers": headers, "content": content}),
        );
    }
    if matches!(row.reply, Reply::Download) {
        responses.insert(
            "307".into(),
            json!({
                "description": "In the cloud: the file at a signed link, valid for a few minutes, that needs no token.",
                "headers": {"Location": {"schema": {"type": "string", "format": "uri"}, "description": "The signed link."}},
            }),
        );
    }
    if row.cached {
        let headers = json!({
            "ETag": {"schema": {"type": "string"}, "description": "The answer's version, for `If-None-Match`."},
            "Cache-Control": {"schema": {"type": "string"}, "description": "How long a cache may keep it."},
        });
        for (status, _) in successes {
            for (name, header) in headers.as_object().into_iter().flatten() {
                responses[*status]["headers"][name] = header.clone();
            }
        }
        responses.insert(
            "304".into(),
            json!({"description": "Not modified: the `If-None-Match` ETag is still current (no body).", "headers": headers}),
        );
    }
    if row.gate != Gate::Public {
        responses.insert("401".into(), error_ref("Unauthenticated"));
        responses.insert("403".into(), error_ref("Forbidden"));
        responses.insert("421".into(), error_ref("WrongRegion"));
        responses.insert("429".into(), error_ref("RateLimited"));
    }
    if row.refused_while_read_only() {
        responses.insert("402".into(), error_ref("PaymentRequired"));
    }
    if crate::routes::path_params(row.path).next().is_some() {
        responses.insert("404".into(), error_ref("NotFound"));
        if row.method != axum::http::Method::GET {
            responses.insert("409".into(), error_ref("Conflict"));
        }
    }
    match row.body {
        Body::Json(_) => {
            responses.insert("400".into(), error_ref("BadRequest"));
            responses.insert("413".into(), error_ref("PayloadTooLarge"));
            responses.insert("415".into(), error_ref("UnsupportedMediaType"));
            responses.insert("422".into(), error_ref("ValidationFailed"));
        }
        Body::Multipart(_) | Body::Form(_) => {
            responses.insert("413".into(), error_ref("PayloadTooLarge"));
            responses.insert("415".into(), error_ref("UnsupportedMediaType"));
            responses.insert("422".into(), error_ref("ValidationFailed"));
        }
        Body::OAuthForm(_) => {
            responses.insert("400".into(), error_ref("OAuthBadRequest"));
            responses.insert("401".into(), error_ref("OAuthInvalidClient"));
            responses.insert("413".into(), error_ref("PayloadTooLarge"));
        }
        // A faulty or unknown query parameter (`crate::http::KnownParams`); a browser's route
        // shows a faulty query where it lands.
        Body::None
            if row.refuses_unknown_params() || (row.query.is_some() && !matches!(row.reply, Reply::Found(_))) =>
        {
            responses.insert("422".into(), error_ref("ValidationFailed"));
        }
        Body::None => {}
    }
    // An `If-Match` that is not a version number is 422.
    if row
        .resource
        .is_some_and(|r| matches!(r.action, CrudAction::Update | CrudAction::Delete))
    {
        responses.entry("422").or_insert_with(|| error_ref("ValidationFailed"));
    }
    // An `Idempotency-Key` reused for another request is 422 `idempotency_mismatch`; one in use,
    // or whose answer another credential received or a crash lost, is 409.
    if row.method == axum::http::Method::POST && row.gate != Gate::Public {
        responses.entry("409").or_insert_with(|| error_ref("Conflict"));
        responses.entry("422").or_insert_with(|| error_ref("ValidationFailed"));
    }
    // Any request may meet a fault on the server's side or a dependency's.
    responses.insert("500".into(), error_ref("InternalError"));
    responses.insert("503".into(), error_ref("Unavailable"));
    for status in &row.statuses {
        let status = status.to_string();
        let (name, _, _) = ERRORS
            .iter()
            .find(|(_, code, _)| *code == status)
            .unwrap_or_else(|| panic!("{} {}: no documented error answer {status}", row.method, row.path));
        responses.insert(status, error_ref(name));
    }
    Value::Object(responses)
}

/// The document of one workspace: `generic` with each kind's `custom_fields` spelled out from
/// the workspace's `definitions` (in create bodies, update bodies and records, as components
/// `<Kind>CustomFieldsIn`, `...Patch` and `<Kind>CustomFields`), and on the kind's list its
/// filterable fields as `custom_fields.<key>` query parameters and sort values.
pub fn for_workspace(
    generic: &Value,
    registry: &crate::module::Registry,
    definitions: &[crate::resource::custom::CustomField],
) -> Value {
    use crate::resource::custom::{values_schema, Body as CustomBody, FieldType};
    let mut doc = generic.clone();
    let of_kind = |kind: &str| -> Vec<&crate::resource::custom::CustomField> {
        definitions.iter().filter(|d| d.resource == kind).collect()
    };
    let ref_name = |schema: &Value| -> Option<String> {
        schema["$ref"]
            .as_str()?
            .strip_prefix("#/components/schemas/")
            .map(str::to_string)
    };
    // Component schema name → (kind, which body; `None`: a record as answered).
    let mut uses: Vec<(String, String, Option<CustomBody>)> = Vec::new();
    let kinds = registry.catalog().customizable_kinds();
    if let Some(paths) = doc["paths"].as_object_mut() {
        for op in paths
            .values_mut()
            .filter_map(Value::as_object_mut)
            .flat_map(|item| item.values_mut())
        {
            let Some(kind) = op["x-worktop-resource"]["kind"].as_str().map(str::to_string) else {
                continue;
            };
            if !kinds.contains(&kind.as_str()) {
                continue;
            }
            let action = op["x-worktop-resource"]["action"]
                .as_str()
                .unwrap_or_default()
                .to_string();
            let body = match action.as_str() {
                "create" => Some(CustomBody::Create),
                _ => Some(CustomBody::Update),
            };
            if let Some(name) = ref_name(&op["requestBody"]["content"]["application/json"]["schema"]) {
                uses.push((name, kind.clone(), body));
            }
            for status in ["200", "201"] {
                if let Some(name) = ref_name(&op["responses"][status]["content"]["application/json"]["schema"]) {
                    uses.push((name, kind.clone(), None));
                }
            }
            if action != "list" {
                continue;
            }
            let filterable: Vec<_> = of_kind(&kind).into_iter().filter(|d| d.index.is_some()).collect();
            let Some(params) = op["parameters"].as_array_mut() else {
                continue;
            };
            for param in params.iter_mut().filter(|p| p["name"] == "sort") {
                if let Some(values) = param["schema"]["enum"].as_array_mut() {
                    for def in filterable.iter().filter(|d| d.field_type != FieldType::MultiSelect) {
                        values.push(json!(format!("custom_fields.{}", def.key)));
                        values.push(json!(format!("-custom_fields.{}", def.key)));
                    }
                }
            }
            for def in &filterable {
                let mut schema = crate::resource::custom::value_schema(def, false);
                if def.field_type == FieldType::MultiSelect {
                    schema = schema["items"].clone();
                }
                params.push(json!({
                    "name": format!("custom_fields.{}", def.key), "in": "query", "required": false,
                    "description": format!("Only records whose {} is this (an option it holds, for a multi-select).", def.label),
                    "schema": schema,
                }));
            }
        }
    }
    let schemas = &mut doc["components"]["schemas"];
    // A list's envelope names its records' schema.
    let lists: Vec<(String, String)> = uses
        .iter()
        .filter(|(_, _, body)| body.is_none())
        .filter_map(|(name, kind, _)| Some((ref_name(&schemas[name]["properties"]["data"]["items"])?, kind.clone())))
        .collect();
    uses.extend(lists.into_iter().map(|(name, kind)| (name, kind, None)));
    for (name, kind, body) in uses {
        if !schemas[&name]["properties"]["custom_fields"].is_object() {
            continue;
        }
        let camel = pascal(&kind.split('_').collect::<Vec<_>>());
        let component = match body {
            None => format!("{camel}CustomFields"),
            Some(CustomBody::Create) => format!("{camel}CustomFieldsIn"),
            Some(CustomBody::Update) => format!("{camel}CustomFieldsPatch"),
        };
        let values = values_schema(&kind, &of_kind(&kind), body);
        // A create's `custom_fields` may be null (no values) unless a field is required; an
        // update's may not (it would clear them all: 422).
        let nullable = body == Some(CustomBody::Create) && values.get("required").is_none();
        schemas[&component] = values;
        let named = json!({"$ref": format!("#/components/schemas/{component}")});
        schemas[&name]["properties"]["custom_fields"] = match nullable {
            false => named,
            true => json!({"allOf": [named], "type": "object", "nullable": true}),
        };
    }
    doc
}

/// What a list's `sort` takes for sortable `fields`: each, ascending (`name`) or descending
/// (`-name`).
pub fn sort_values(fields: &[&str]) -> Vec<String> {
    fields.iter().flat_map(|f| [f.to_string(), format!("-{f}")]).collect()
}

/// The schema of event type `event_type`'s `data` as the document writes schemas (OpenAPI 3.0,
/// of what the server writes), self-contained: each named type it uses is written out in place
/// (one that holds itself, once: within itself it is `{}`). `GET /api/v1/webhooks/event-types`
/// answers it; the document's `x-webhooks` ([`webhooks_map`]) names the components instead.
pub fn event_data_schema(event_type: &EventType) -> Value {
    let mut generator = SchemaSettings::openapi3()
        .with(|s| {
            s.meta_schema = None;
            s.contract = Contract::Serialize;
        })
        .into_generator();
    let mut schema = inline(&mut generator, event_type.data);
    let mut definitions = generator.take_definitions(true);
    definitions.values_mut().for_each(bound_unsigned);
    let schemas = Value::Object(definitions);
    // The document's idioms first, while the references they read are there.
    let mut written = schemas.clone();
    rewrite(&mut written, &schemas);
    rewrite(&mut schema, &schemas);
    write_out_refs(&mut schema, &written, &mut Vec::new());
    schema
}

/// Replaces each `$ref` to one of `schemas` with that schema, itself written out; one met again
/// inside itself (`within` holds the names being written) becomes `{}`, any value.
fn write_out_refs(value: &mut Value, schemas: &Value, within: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            let target = map
                .get("$ref")
                .and_then(Value::as_str)
                .and_then(|r| r.strip_prefix("#/components/schemas/"))
                .map(str::to_string);
            let Some(name) = target else {
                map.values_mut().for_each(|v| write_out_refs(v, schemas, within));
                return;
            };
            map.remove("$ref");
            if within.contains(&name) {
                return;
            }
            let mut target = schemas.get(&name).cloned().unwrap_or_else(|| json!({}));
            within.push(name);
            write_out_refs(&mut target, schemas, within);
            within.pop();
            map.values_mut().for_each(|v| write_out_refs(v, schemas, within));
            for (key, part) in target.as_object().into_iter().flatten() {
                map.entry(key.clone()).or_insert_with(|| part.clone());
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|v| write_out_refs(v, schemas, within)),
        _ => {}
    }
}

/// The document's `x-webhooks` (what OpenAPI 3.1 calls `webhooks`, as an extension of this 3.0
/// document): for each of `event_types`, by name, a Path Item whose `post` is the delivery a
/// subscribed endpoint receives, signed as Standard Webhooks says; its body is the envelope
/// ([`crate::events::Event`]) with that `type` and that type's `data`. The data's schemas name
/// components of `generator` (the one of what the server writes): call it before the
/// generator's definitions are taken, and put the map in the document before its idioms.
pub fn webhooks_map(generator: &mut SchemaGenerator, event_types: &[EventType]) -> Value {
    let header = |name: &str, description: &str| {
        json!({"name": name, "in": "header", "required": true, "description": description,
            "schema": {"type": "string"}})
    };
    let parameters = json!([
        header("webhook-id", "The event's `id`: the same on every attempt, to deduplicate on."),
        header("webhook-timestamp", "Unix seconds when this attempt was signed."),
        header(
            "webhook-signature",
            "`v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` with the endpoint's secret (the part after `whsec_`, base64-decoded); for a day after a rotation a second, space-separated, with the previous secret.",
        ),
    ]);
    let mut webhooks = Map::new();
    for event_type in event_types {
        let data = inline(generator, event_type.data);
        // `deal.stage_changed`: `dealStageChangedEvent`.
        let words: Vec<&str> = event_type.name.split(['.', '_']).filter(|w| !w.is_empty()).collect();
        let (first, rest) = words.split_first().map_or(("", &[][..]), |(f, r)| (*f, r));
        let operation_id = format!("{first}{}Event", pascal(rest));
        let envelope = json!({
            "type": "object",
            "required": ["id", "type", "timestamp", "data"],
            "properties": {
                "id": {"type": "string",
                    "description": "Unique per event (`msg_...`); also the `webhook-id` header, for receivers to deduplicate on."},
                "type": {"type": "string", "enum": [event_type.name]},
                "timestamp": {"type": "string", "format": "date-time",
                    "description": "RFC 3339, UTC: when the change happened."},
                "data": data,
            },
        });
        webhooks.insert(
            event_type.name.to_string(),
            json!({"post": {
                "summary": event_type.description,
                "operationId": operation_id,
                "parameters": parameters,
                "requestBody": {"required": true, "content": {"application/json": {"schema": envelope}}},
                "responses": {"2XX": {"description": "Received. A 410 disables the endpoint; any other answer (a redirect too), or none within 15 seconds, is retried later with backoff (the delivery log shows each attempt)."}},
            }}),
        );
    }
    Value::Object(webhooks)
}

#[cfg(test)]
mod tests {
    use super::*;
    use schemars::JsonSchema;

    #[derive(serde::Deserialize, JsonSchema)]
    #[allow(dead_code)]
    struct ByEmail {
        email: Option<String>,
        stage_id: Option<u64>,
    }

    fn by_email(generator: &mut SchemaGenerator) -> Schema {
        ByEmail::json_schema(generator)
    }

    #[test]
    fn a_routes_query_parameters_are_its_own_and_a_lists_paging() {
        let list = query_param_names(Some(by_email), true, false);
        for name in ["page", "per_page", "cursor", "sort", "search", "email", "stage_id"] {
            assert!(list.iter().any(|n| n == name), "{name} missing from {list:?}");
        }
        assert_eq!(query_param_names(Some(by_email), false, false), ["email", "stage_id"]);
        assert!(query_param_names(None, true, false).is_empty());
    }

    /// A type's `data` schema is its declared type's, written out whole (no `$ref`); its sample is
    /// an envelope of that type whose data has every field, with the example a field gives or a
    /// placeholder of its type, a nested record's fields too.
    #[test]
    fn an_event_types_schema_and_sample_are_its_datas() {
        #[derive(serde::Serialize, schemars::JsonSchema)]
        struct Moved<'a> {
            /// The event that moved it.
            event: &'a crate::events::Event,
            #[schemars(example = 3)]
            to: u64,
            from: Option<u64>,
            tags: Vec<String>,
        }
        const MOVED: EventType = EventType::new("thing.moved", "A thing moved.").with_data::<Moved<'static>>();
        let schema = event_data_schema(&MOVED);
        assert!(!schema.to_string().contains("$ref"), "{schema}");
        let sample = MOVED.sample(&schema);
        assert_eq!(sample.event_type, "thing.moved");
        assert_eq!(sample.id.len(), crate::events::new_message_id().len());
        assert_eq!(sample.data["to"], 3, "{schema}");
        assert_eq!(sample.data["from"], 1, "{schema}");
        assert_eq!(sample.data["tags"], serde_json::json!(["string"]), "{schema}");
        assert_eq!(sample.data["event"]["type"], "string", "{schema}");
        assert!(sample.data["event"]["data"].is_null(), "{schema}");
        // The fields of what is sent, each of them.
        let event = crate::events::Event::new("thing.happened", Value::Null);
        let sent = Moved {
            event: &event,
            to: 4,
            from: None,
            tags: Vec::new(),
        };
        let fields = |data: &Value| data.as_object().map(|o| o.keys().cloned().collect::<Vec<_>>());
        assert_eq!(fields(&sample.data), fields(&serde_json::to_value(&sent).unwrap()));
        let nullable_date = serde_json::json!({"allOf": [{"type": "object",
            "properties": {"on": {"type": "string", "format": "date"}}}], "nullable": true, "type": "object"});
        assert_eq!(
            crate::events::example_of(&nullable_date),
            serde_json::json!({"on": "2026-01-01"})
        );
        // An event type nobody described takes any JSON.
        let untyped = EventType::new("thing.untyped", "Anything.");
        assert_eq!(event_data_schema(&untyped), serde_json::json!({}));
    }
}
