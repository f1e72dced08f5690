//! `GET /api/openapi.json`: the OpenAPI 3.0.3 document of every route table, and
//! `GET /api/postman.json`: the Postman collection made from it; each built once per process.

use std::sync::OnceLock;

use axum::http::header;
use axum::response::IntoResponse;
use shared::routes::RouteDoc;

/// Every documented route of every module of the deployment.
pub fn route_docs() -> Vec<RouteDoc> {
    shared::module::all_routes(shared::module::installed()).into_docs()
}

const TITLE: &str = "Worktop API";

/// The document.
pub fn document_value() -> serde_json::Value {
    shared::openapi::document(TITLE, env!("CARGO_PKG_VERSION"), &route_docs())
}

/// The collection (`docs/postman.json` holds a copy, kept current by a contract test).
pub fn collection_value() -> serde_json::Value {
    shared::postman::collection(TITLE, &document_value(), &route_docs())
}

/// The document, serialised once.
pub fn document() -> &'static str {
    static DOCUMENT: OnceLock<String> = OnceLock::new();
    DOCUMENT.get_or_init(|| serde_json::to_string(&document_value()).unwrap_or_else(|_| "{}".into()))
}

/// The collection, serialised once.
pub fn collection() -> &'static str {
    static COLLECTION: OnceLock<String> = OnceLock::new();
    COLLECTION.get_or_init(|| serde_json::to_string(&collection_value()).unwrap_or_else(|_| "{}".into()))
}

pub async fn serve() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "application/json")], document())
}

pub async fn serve_collection() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "application/json")], collection())
}
