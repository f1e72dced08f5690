//! `GET /api/openapi.json`: the OpenAPI 3.0.3 document of every route table, and
//! `GET /api/postman.json`: the Postman collection made from it; each built once per process.

use std::sync::OnceLock;

use axum::extract::{FromRequestParts, Request, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use shared::auth::{Module, Permission, Principal};
use shared::http::ApiError;
use shared::module::Registry;
use shared::resource::custom::{CustomField, MAX_FIELDS_PER_KIND};
use shared::resource::{index, Cx};
use shared::AppState;

const TITLE: &str = "Worktop API";

/// The document of every module of `registry`.
pub fn document_value(registry: &Registry) -> serde_json::Value {
    shared::openapi::document(
        TITLE,
        env!("CARGO_PKG_VERSION"),
        registry.route_docs(),
        registry.event_types(),
    )
}

/// The collection (`docs/postman.json` holds a copy, kept current by a contract test).
pub fn collection_value(registry: &Registry) -> serde_json::Value {
    shared::postman::collection(TITLE, &document_value(registry), registry.route_docs())
}

// Built once per process: a process serves one deployment, whose modules do not change.

/// The document, built once.
fn generic(registry: &Registry) -> &'static serde_json::Value {
    static DOCUMENT: OnceLock<serde_json::Value> = OnceLock::new();
    DOCUMENT.get_or_init(|| document_value(registry))
}

/// The document, serialised once.
fn document(registry: &Registry) -> &'static str {
    static DOCUMENT: OnceLock<String> = OnceLock::new();
    DOCUMENT.get_or_init(|| serde_json::to_string(generic(registry)).unwrap_or_else(|_| "{}".into()))
}

/// The collection, serialised once.
fn collection(registry: &Registry) -> &'static str {
    static COLLECTION: OnceLock<String> = OnceLock::new();
    COLLECTION.get_or_init(|| serde_json::to_string(&collection_value(registry)).unwrap_or_else(|_| "{}".into()))
}

/// Without a token, the generic document; with one whose holder may read the workspace's
/// settings (`users:read`), the workspace's own, its custom fields spelled out. A token that is
/// not valid is 401.
pub async fn serve(State(state): State<AppState>, request: Request) -> Result<Response, ApiError> {
    let json = [(header::CONTENT_TYPE, "application/json")];
    if !request.headers().contains_key(header::AUTHORIZATION) {
        return Ok((json, document(state.registry())).into_response());
    }
    let (mut parts, _) = request.into_parts();
    let principal = Principal::from_request_parts(&mut parts, &state).await?;
    if !principal.can(Permission::read(Module::Users)) {
        return Ok((json, document(state.registry())).into_response());
    }
    let cx = Cx::new(&state, &principal);
    let registry = state.registry();
    let most = registry.customizable_kinds().len() * MAX_FIELDS_PER_KIND;
    let definitions = index::top::<CustomField>(cx, None, "position", false, most).await?;
    let document = shared::openapi::for_workspace(generic(registry), registry, &definitions);
    Ok(shared::http::Json(document).into_response())
}

pub async fn serve_collection(State(state): State<AppState>) -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "application/json")],
        collection(state.registry()),
    )
}
