//! The OpenAPI 3.0.3 document, generated from route-table rows ([`crate::routes`]): paths,
//! parameters, request and response schemas (from the wire types' `JsonSchema`), the error answers
//! each row can give, and the security schemes (session, API key, OAuth 2.0). No hand-kept copy
//! exists to drift.

use schemars::generate::SchemaSettings;
use schemars::transform::{
    AddNullable, RemoveRefSiblings, ReplaceBoolSchemas, ReplaceConstValue, ReplacePrefixItems, SetSingleExample,
    Transform,
};
use schemars::{Schema, SchemaGenerator};
use serde_json::{json, Map, Value};

use crate::auth::oauth::{self, OAuthErrorBody};
use crate::auth::{Access, ALL_PERMISSIONS};
use crate::events::{EventType, EventTypeName};
use crate::http::{ErrorBody, ListParams};
use crate::policy::Credentials;
use crate::routes::{Body, Gate, Reply, RouteDoc, SchemaFn};

/// The whole document for `rows`, whose bodies may name any of `event_types`.
pub fn document(title: &str, version: &str, rows: &[RouteDoc], event_types: &[EventType]) -> Value {
    let mut generator = SchemaSettings::openapi3()
        .with(|s| s.meta_schema = None)
        .into_generator();
    let mut paths = Map::new();
    for row in rows {
        let operation = operation(&mut generator, row);
        let item = paths
            .entry(row.path.to_string())
            .or_insert_with(|| json!({}))
            .as_object_mut()
            .expect("path items are objects");
        item.insert(row.method.as_str().to_lowercase(), operation);
    }
    let error_schema = inline(&mut generator, |g| g.subschema_for::<ErrorBody>());
    let oauth_error_schema = inline(&mut generator, |g| g.subschema_for::<OAuthErrorBody>());
    let mut schemas = generator.take_definitions(true);
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
    json!({
        "openapi": "3.0.3",
        "info": {
            "title": title,
            "version": version,
            "description": "Worktop's JSON API. Authenticate with `Authorization: Bearer <token>`: a session token from `POST /api/login`, an API key (`wt_live_...`, or `wt_test_...` for the sandbox), or an OAuth 2.0 access token (`wto_...`, from `POST /api/oauth/token`; see `/.well-known/oauth-authorization-server`). Lists answer `{data, meta}`; errors answer `{message, code, errors?, request_id}`.",
        },
        "servers": [{"url": "/"}],
        "tags": tags.iter().map(|t| json!({"name": t})).collect::<Vec<_>>(),
        "security": [{"bearer": []}, {"apiKey": []}, {"oauth2": []}],
        "paths": paths,
        "components": {
            "securitySchemes": security_schemes(),
            "schemas": schemas,
            "responses": error_responses(error_schema, oauth_error_schema),
        },
    })
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
        "Forbidden",
        "403",
        "The caller lacks the permission (`forbidden`), the plan lacks the module (`module_disabled`), or the workspace is suspended (`tenant_suspended`).",
    ),
    ("NotFound", "404", "No such record in this workspace (`not_found`)."),
    (
        "Conflict",
        "409",
        "The record changed since it was read (`version_conflict`) or the change is not allowed in its state (`invalid_transition`, `in_use`, `limit_reached`), or the record lives in another region than this request can reach (`other_region`).",
    ),
    (
        "WrongRegion",
        "421",
        "The credential belongs to another of the platform's regions (`wrong_region`): `region` names it and `base_url` is where to send the request.",
    ),
    ("PayloadTooLarge", "413", "The body is over the limit (`payload_too_large`)."),
    ("UnsupportedMediaType", "415", "The body is not `application/json` (`unsupported_media_type`)."),
    ("ValidationFailed", "422", "A field is invalid; `errors` names each (`validation_failed`)."),
    ("RateLimited", "429", "The token's hourly limit is used up (`rate_limited`); see `Retry-After`."),
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
            "description": "An OAuth 2.0 access token (`wto_...`), at most 1000 requests per hour. The authorization URL is the consent call a logged-in user makes (`POST`, docs/oauth.md); PKCE S256 is required.",
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
        responses.insert(
            (*name).into(),
            json!({
                "description": description,
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
        if *status == "401" {
            response["headers"] =
                json!({"WWW-Authenticate": {"schema": {"type": "string"}, "description": "`Basic realm=\"worktop\"`"}});
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

fn operation_id(row: &RouteDoc) -> String {
    let path: String = row
        .path
        .trim_start_matches("/api/")
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    format!("{}_{}", row.method.as_str().to_lowercase(), path.trim_matches('_'))
}

fn operation(generator: &mut SchemaGenerator, row: &RouteDoc) -> Value {
    let mut parameters: Vec<Value> = crate::routes::path_params(row.path)
        .map(|name| {
            // Ids are whole numbers from 1 (`ValidPath`); anything else (a widget's token) is text.
            let schema = if crate::http::is_id_param(name) {
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
                let values: Vec<String> = fields.iter().flat_map(|f| [f.to_string(), format!("-{f}")]).collect();
                for param in paging.iter_mut().filter(|p| p["name"] == "sort") {
                    param["schema"] = json!({"type": "string", "enum": values});
                }
            }
            parameters.extend(paging);
        }
        parameters.extend(query_params(generator, query));
    }
    if row.cached {
        parameters.push(json!({"name": "If-None-Match", "in": "header", "required": false,
            "description": "An `ETag` this route gave: 304 while it still holds.",
            "schema": {"type": "string"}}));
    }
    let mut op = json!({
        "operationId": operation_id(row),
        "tags": [row.tag],
        "summary": if row.summary.is_empty() { format!("{} {}", row.method, row.path) } else { row.summary.to_string() },
        "parameters": parameters,
        "responses": responses(generator, row),
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
    if let Gate::Permission(permission) = row.gate {
        description.push(format!("Needs the `{}` permission.", permission.name()));
    }
    match row.credentials {
        Credentials::Any => {}
        Credentials::LiveOnly => description.push("Sandbox (test) keys get 403: it changes the live account.".into()),
        Credentials::SessionOnly => description.push("A login session only: API keys get 403.".into()),
    }
    if row.quirk {
        description.push(
            "One of the catalogue's odd paths, kept as the specification names it (README: Known quirks).".into(),
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
            let schema = inline(generator, schema);
            op["requestBody"] = json!({"required": true, "content": {
                "application/x-www-form-urlencoded": {"schema": schema},
                "application/json": {"schema": schema},
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
    properties
        .iter()
        .map(|(name, prop)| {
            let mut prop = prop.clone();
            let description = prop.as_object_mut().and_then(|p| p.remove("description"));
            let mut param = json!({"name": name, "in": "query", "required": false, "schema": prop});
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
    for (status, description) in successes {
        responses.insert(
            (*status).into(),
            json!({"description": description, "content": content}),
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
            responses[*status]["headers"] = headers.clone();
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
        Body::None if row.query.is_some() => {
            responses.insert("422".into(), error_ref("ValidationFailed"));
        }
        Body::None => {}
    }
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
    let kinds = registry.customizable_kinds();
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
        let camel: String = kind.split('_').map(|w| w[..1].to_uppercase() + &w[1..]).collect();
        let component = match body {
            None => format!("{camel}CustomFields"),
            Some(CustomBody::Create) => format!("{camel}CustomFieldsIn"),
            Some(CustomBody::Update) => format!("{camel}CustomFieldsPatch"),
        };
        schemas[&component] = values_schema(&kind, &of_kind(&kind), body);
        let named = json!({"$ref": format!("#/components/schemas/{component}")});
        schemas[&name]["properties"]["custom_fields"] = match body {
            None => named,
            // A body's `custom_fields` may be null (no values; on an update, no change).
            Some(_) => json!({"allOf": [named], "nullable": true}),
        };
    }
    doc
}
