//! The tools, made from the route tables and the OpenAPI document they describe, never written by
//! hand: a route added to a table is a tool at the next start.
//!
//! Each documented operation a token may call is one tool, named after its `operationId` in
//! snake_case (`listContactsV1` → `list_contacts_v1`), described by its summary and text, its
//! arguments the path and query parameters by name, `idempotency_key` and `if_match` for the
//! headers, and `body` for the JSON body. Left out: public routes (login, sign-up: no workspace to
//! act on), session-only ones (an API key or OAuth token may never change how an account logs
//! in), uploads (a multipart body) and routes answering bytes or a browser redirect.

use std::collections::HashMap;
use std::sync::Arc;

use axum::http::Method;
use rmcp::model::{Tool, ToolAnnotations};
use serde_json::{json, Map, Value};
use shared::auth::{Module, Permission, Principal};
use shared::policy::Credentials;
use shared::routes::{Body, CrudAction, Gate, Reply, RouteDoc};

use crate::schema;

/// Header parameters a tool takes as arguments: (argument, header).
const HEADER_ARGUMENTS: [(&str, &str); 2] = [("idempotency_key", "Idempotency-Key"), ("if_match", "If-Match")];

/// The argument holding a tool's JSON body.
pub const BODY_ARGUMENT: &str = "body";

/// One operation as a tool.
pub struct OperationTool {
    pub tool: Tool,
    pub method: Method,
    /// The route's path, `{name}` for each path parameter.
    pub path: &'static str,
    pub path_params: Vec<String>,
    /// (argument, header) for the headers the operation documents.
    pub headers: Vec<(&'static str, &'static str)>,
    pub takes_body: bool,
    pub permission: Permission,
    pub credentials: Credentials,
}

impl OperationTool {
    pub fn module(&self) -> Module {
        self.permission.module
    }

    /// Whether `principal` may call it: the module on its plan, the credential admitted, the
    /// permission held (the REST gate's checks, which run again on the call).
    pub fn offered_to(&self, principal: &Principal) -> bool {
        principal.has_module(self.permission.module)
            && self.credentials.admits(principal)
            && principal.can(self.permission)
    }
}

/// Every operation tool, by name.
pub struct Catalogue {
    tools: Vec<OperationTool>,
    by_name: HashMap<String, usize>,
}

impl Catalogue {
    /// The tools of `docs` (every route of the deployment), their schemas from `document` (the
    /// OpenAPI document made from the same rows).
    pub fn new(document: &Value, docs: &[RouteDoc]) -> Self {
        let empty = Map::new();
        let components = document["components"]["schemas"].as_object().unwrap_or(&empty);
        let shared_params = document["components"]["parameters"].as_object().unwrap_or(&empty);
        let tools: Vec<OperationTool> = docs
            .iter()
            .filter(|doc| is_tool(doc))
            .filter_map(|doc| {
                let method = doc.method.as_str().to_ascii_lowercase();
                let operation = document["paths"][doc.path].get(&method)?;
                Some(operation_tool(doc, operation, components, shared_params))
            })
            .collect();
        let by_name = tools
            .iter()
            .enumerate()
            .map(|(i, t)| (t.tool.name.to_string(), i))
            .collect();
        Self { tools, by_name }
    }

    pub fn get(&self, name: &str) -> Option<&OperationTool> {
        self.by_name.get(name).map(|&i| &self.tools[i])
    }

    pub fn all(&self) -> &[OperationTool] {
        &self.tools
    }
}

/// Whether a route is a tool (see the module).
fn is_tool(doc: &RouteDoc) -> bool {
    matches!(doc.gate, Gate::Permission(_))
        && doc.credentials != Credentials::SessionOnly
        && matches!(doc.body, Body::None | Body::Json(_))
        && !matches!(doc.reply, Reply::Bytes | Reply::Download | Reply::Found(_))
}

/// `listContactsV1` → `list_contacts_v1`.
pub fn tool_name(operation_id: &str) -> String {
    let mut name = String::with_capacity(operation_id.len() + 8);
    let mut previous: Option<char> = None;
    for c in operation_id.chars() {
        let boundary = match previous {
            // Digits stay with what they follow (`V1` → `v1`); an upper-case run is one word.
            Some(p) => c.is_ascii_uppercase() && !p.is_ascii_uppercase(),
            None => false,
        };
        if boundary && !name.ends_with('_') {
            name.push('_');
        }
        name.push(c.to_ascii_lowercase());
        previous = Some(c);
    }
    name
}

fn operation_tool(
    doc: &RouteDoc,
    operation: &Value,
    components: &Map<String, Value>,
    shared_params: &Map<String, Value>,
) -> OperationTool {
    let Gate::Permission(permission) = doc.gate else {
        unreachable!("only gated routes are tools")
    };
    let mut properties = Map::new();
    let mut required = Vec::new();
    let mut path_params = Vec::new();
    let mut headers = Vec::new();
    let params = operation["parameters"].as_array().cloned().unwrap_or_default();
    for param in &params {
        // A shared parameter (`Idempotency-Key`, `If-Match`) is a reference to the components.
        let param = match param["$ref"].as_str().and_then(|r| r.rsplit('/').next()) {
            Some(name) => shared_params.get(name).unwrap_or(param),
            None => param,
        };
        let name = param["name"].as_str().unwrap_or_default();
        let mut schema = schema::converted(&param["schema"]);
        if let (Some(text), Some(map)) = (param["description"].as_str(), schema.as_object_mut()) {
            map.entry("description").or_insert_with(|| text.into());
        }
        let argument = match param["in"].as_str() {
            Some("header") => match HEADER_ARGUMENTS
                .iter()
                .find(|(_, header)| header.eq_ignore_ascii_case(name))
            {
                Some(&(argument, header)) => {
                    headers.push((argument, header));
                    argument.to_owned()
                }
                None => continue,
            },
            Some("path") => {
                path_params.push(name.to_owned());
                name.to_owned()
            }
            _ => name.to_owned(),
        };
        if param["required"] == true {
            required.push(Value::String(argument.clone()));
        }
        properties.insert(argument, schema);
    }
    let body = &operation["requestBody"]["content"]["application/json"]["schema"];
    let takes_body = body.is_object();
    if takes_body {
        let mut schema = schema::converted(body);
        if let Some(map) = schema.as_object_mut() {
            map.entry("description")
                .or_insert_with(|| "The request's JSON body, as the REST operation takes it.".into());
        }
        properties.insert(BODY_ARGUMENT.into(), schema);
        if operation["requestBody"]["required"] == true {
            required.push(BODY_ARGUMENT.into());
        }
    }
    let mut input = json!({"type": "object", "properties": properties});
    if !required.is_empty() {
        input["required"] = Value::Array(required);
    }
    let defs = schema::definitions(&input, components);
    if !defs.is_empty() {
        input["$defs"] = Value::Object(defs);
    }
    let summary = operation["summary"].as_str().unwrap_or(doc.path);
    let description = match operation["description"].as_str() {
        Some(text) if !text.is_empty() => format!("{summary}.\n\n{text}\n\n`{} {}`", doc.method, doc.path),
        _ => format!("{summary}.\n\n`{} {}`", doc.method, doc.path),
    };
    let name = tool_name(operation["operationId"].as_str().unwrap_or_default());
    let Value::Object(input) = input else {
        unreachable!("made as an object")
    };
    let tool = Tool::new(name, description, Arc::new(input))
        .with_title(summary.to_owned())
        .annotate(annotations(doc));
    OperationTool {
        tool,
        method: doc.method.clone(),
        path: doc.path,
        path_params,
        headers,
        takes_body,
        permission,
        credentials: doc.credentials,
    }
}

/// What the protocol's hints say of an operation: a `GET` only reads; a delete destroys; `GET`,
/// `PUT` and `DELETE` may be repeated. The records are the workspace's own (a closed world).
fn annotations(doc: &RouteDoc) -> ToolAnnotations {
    let deletes = doc.method == Method::DELETE
        || doc.resource.is_some_and(|r| r.action == CrudAction::Delete)
        || doc.path.contains("/delete");
    let reads = doc.method == Method::GET;
    let mut hints = ToolAnnotations::new().read_only(reads).open_world(false);
    if !reads {
        hints = hints
            .destructive(deletes)
            .idempotent(matches!(doc.method, Method::PUT | Method::DELETE));
    }
    hints
}

#[cfg(test)]
mod tests {
    use super::*;
    use shared::auth::Module;
    use shared::routes::{Describe, Op, Routes};

    async fn handler() -> &'static str {
        ""
    }

    /// A row added to a table is a tool, with nothing else written: its name, arguments and
    /// hints come from the row.
    #[test]
    fn a_route_added_to_a_table_is_a_tool() {
        let table: Routes<Describe> = Routes::new("CRM")
            .row(
                Op::get("/api/gadgets/{id}", handler)
                    .read(Module::Crm)
                    .ok::<serde_json::Value>()
                    .summary("Show a gadget"),
            )
            .row(
                Op::post("/api/gadgets", handler)
                    .write(Module::Crm)
                    .body::<std::collections::BTreeMap<String, String>>()
                    .created::<serde_json::Value>()
                    .summary("Make a gadget"),
            )
            .row(
                Op::get("/api/gadget-catalogue", handler)
                    .public()
                    .ok::<serde_json::Value>()
                    .summary("Gadgets for sale"),
            );
        let docs = table.into_docs();
        let document = shared::openapi::document("Test", "1.0.0", &docs, &[]);
        let catalogue = Catalogue::new(&document, &docs);
        let names: Vec<&str> = catalogue.all().iter().map(|t| t.tool.name.as_ref()).collect();
        assert_eq!(names.len(), 2, "the public row is no tool: {names:?}");
        let show = catalogue
            .all()
            .iter()
            .find(|t| t.method == Method::GET)
            .expect("the show");
        assert_eq!(show.path_params, ["id"]);
        assert_eq!(show.tool.input_schema["required"], json!(["id"]));
        assert_eq!(
            show.tool.annotations.as_ref().and_then(|a| a.read_only_hint),
            Some(true)
        );
        let make = catalogue
            .all()
            .iter()
            .find(|t| t.method == Method::POST)
            .expect("the create");
        assert!(make.takes_body && make.tool.input_schema["properties"]["body"].is_object());
        assert!(make.tool.input_schema["properties"]["idempotency_key"].is_object());
        assert!(catalogue.get(&make.tool.name).is_some());
    }

    #[test]
    fn operation_ids_become_snake_case_names() {
        assert_eq!(tool_name("listContactsV1"), "list_contacts_v1");
        assert_eq!(tool_name("createAcknowledgmentsBatch"), "create_acknowledgments_batch");
        assert_eq!(tool_name("getHome"), "get_home");
        assert_eq!(tool_name("showGlAccount"), "show_gl_account");
        assert_eq!(tool_name("listFAQs"), "list_faqs");
    }
}
