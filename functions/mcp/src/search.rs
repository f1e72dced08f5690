//! The `search` tool: one question across the records an agent looks for first (contacts,
//! customers, deals, sales invoices, products, tickets), each kind through its REST list with
//! `search`, so each answers only what the caller may read. A kind the caller may not read is
//! named under `skipped` with the API's refusal, never an error of the whole search.

use std::sync::Arc;

use axum::http::request::Parts;
use futures::future::join_all;
use rmcp::model::{Tool, ToolAnnotations};
use serde_json::{json, Map, Value};
use shared::auth::{Module, Principal};
use shared::http::ApiError;
use shared::routes::{CrudAction, Gate, RouteDoc};
use shared::AppState;

use crate::call::RestCall;

pub const NAME: &str = "search";

/// The kinds searched: (the name a caller gives, the record kind whose list is read).
const KINDS: [(&str, &str); 6] = [
    ("contacts", "crm_contact"),
    ("customers", "acc_customer"),
    ("deals", "crm_deal"),
    ("invoices", "sales_invoice"),
    ("products", "inv_product"),
    ("tickets", "support_ticket"),
];

const DEFAULT_PER_KIND: u64 = 5;
const MAX_PER_KIND: u64 = 20;

/// A searched kind's list route.
pub struct Target {
    name: &'static str,
    path: &'static str,
    module: Module,
}

/// The search's lists, found in the route tables by their records' kind.
pub fn targets(docs: &[RouteDoc]) -> Vec<Target> {
    KINDS
        .iter()
        .filter_map(|&(name, kind)| {
            docs.iter().find_map(|doc| match (doc.resource, doc.gate) {
                (Some(r), Gate::Permission(p)) if r.kind == kind && r.action == CrudAction::List => Some(Target {
                    name,
                    path: doc.path,
                    module: p.module,
                }),
                _ => None,
            })
        })
        .collect()
}

/// The tool, when one of `targets` is among `modules` and on the caller's plan.
pub fn tool(targets: &[Target], principal: &Principal, offered: impl Fn(Module) -> bool) -> Option<Tool> {
    let names: Vec<&str> = targets
        .iter()
        .filter(|t| offered(t.module) && principal.has_module(t.module))
        .map(|t| t.name)
        .collect();
    if names.is_empty() {
        return None;
    }
    let schema = json!({
        "type": "object",
        "properties": {
            "query": {"type": "string", "minLength": 1, "maxLength": 100, "description": "What to look for: a name, an e-mail, a number, words of a subject."},
            "kinds": {"type": "array", "items": {"type": "string", "enum": names}, "uniqueItems": true, "description": "The kinds to search (all of them when left out)."},
            "per_kind": {"type": "integer", "minimum": 1, "maximum": MAX_PER_KIND, "default": DEFAULT_PER_KIND, "description": "At most this many records of each kind."},
        },
        "required": ["query"],
    });
    let Value::Object(schema) = schema else {
        unreachable!("made as an object")
    };
    let description = format!(
        "Search {} at once by name, e-mail, number or subject. Each result names its kind, id and title, with the record as the kind's list answers it; read or change it with the kind's own tools.",
        names.join(", ")
    );
    Some(
        Tool::new(NAME, description, Arc::new(schema))
            .with_title("Search the workspace")
            .annotate(ToolAnnotations::new().read_only(true).open_world(false)),
    )
}

/// Runs the search: every chosen kind's list at once.
pub async fn run(
    state: &AppState,
    from: &Parts,
    targets: &[Target],
    offered: impl Fn(Module) -> bool,
    arguments: &Map<String, Value>,
) -> Result<Value, ApiError> {
    let query = arguments
        .get("query")
        .and_then(Value::as_str)
        .map(str::trim)
        .filter(|q| !q.is_empty() && q.chars().count() <= 100)
        .ok_or_else(|| ApiError::invalid("query", "The query argument is required: 1 to 100 characters."))?;
    let per_kind = match arguments.get("per_kind") {
        None | Some(Value::Null) => DEFAULT_PER_KIND,
        Some(value) => value
            .as_u64()
            .filter(|n| (1..=MAX_PER_KIND).contains(n))
            .ok_or_else(|| {
                ApiError::invalid(
                    "per_kind",
                    format!("The per_kind argument is a whole number from 1 to {MAX_PER_KIND}."),
                )
            })?,
    };
    let available: Vec<&Target> = targets.iter().filter(|t| offered(t.module)).collect();
    let chosen: Vec<&Target> = match arguments.get("kinds") {
        None | Some(Value::Null) => available,
        Some(Value::Array(kinds)) => {
            let mut chosen = Vec::new();
            for kind in kinds {
                let name = kind.as_str().unwrap_or_default();
                match available.iter().find(|t| t.name == name) {
                    Some(target) => chosen.push(*target),
                    None => {
                        let known: Vec<&str> = available.iter().map(|t| t.name).collect();
                        return Err(ApiError::invalid(
                            "kinds",
                            format!(
                                "The kind {kind} is not searched here; the kinds are: {}.",
                                known.join(", ")
                            ),
                        ));
                    }
                }
            }
            chosen
        }
        Some(_) => {
            return Err(ApiError::invalid(
                "kinds",
                "The kinds argument is a list of kind names.",
            ))
        }
    };
    let encoded: String = url::form_urlencoded::byte_serialize(query.as_bytes()).collect();
    let answers =
        join_all(chosen.iter().map(|target| {
            RestCall::get(format!("{}?search={encoded}&per_page={per_kind}", target.path)).run(state, from)
        }))
        .await;
    let mut results = Vec::new();
    let mut skipped = Vec::new();
    for (target, answer) in chosen.iter().zip(answers) {
        if !answer.is_success() {
            skipped.push(json!({"kind": target.name, "status": answer.status.as_u16(), "error": answer.body}));
            continue;
        }
        for record in answer.body["data"].as_array().into_iter().flatten() {
            results.push(json!({
                "kind": target.name,
                "id": record["id"],
                "title": title(record),
                "record": record,
            }));
        }
    }
    Ok(json!({"query": query, "results": results, "skipped": skipped}))
}

/// What a person calls a record: its name, number or subject.
fn title(record: &Value) -> Value {
    ["name", "number", "invoice_number", "subject", "title", "email"]
        .iter()
        .find_map(|field| record.get(*field).filter(|v| v.is_string()).cloned())
        .unwrap_or(Value::Null)
}
