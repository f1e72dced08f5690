//! `GET /api/openapi.json`: the OpenAPI 3.0.3 document of every route table, built once per process.

use std::sync::OnceLock;

use axum::http::header;
use axum::response::IntoResponse;
use shared::routes::RouteDoc;

/// Every documented route of every module of the deployment.
pub fn route_docs() -> Vec<RouteDoc> {
    shared::module::all_routes(shared::module::installed()).into_docs()
}

/// The document, serialised once.
pub fn document() -> &'static str {
    static DOCUMENT: OnceLock<String> = OnceLock::new();
    DOCUMENT.get_or_init(|| {
        let document = shared::openapi::document("Worktop API", env!("CARGO_PKG_VERSION"), &route_docs());
        serde_json::to_string(&document).unwrap_or_else(|_| "{}".into())
    })
}

pub async fn serve() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "application/json")], document())
}
