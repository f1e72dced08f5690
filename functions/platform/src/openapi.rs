//! `GET /api/openapi.json`: the OpenAPI 3.0.3 document of every route table, built once per process.

use std::sync::OnceLock;

use axum::http::header;
use axum::response::IntoResponse;
use shared::routes::RouteDoc;

/// Every documented route of every function.
pub fn route_docs() -> Vec<RouteDoc> {
    let mut docs = identity::routes().into_docs();
    docs.extend(crm::routes().into_docs());
    docs.extend(v1::routes().into_docs());
    docs.extend(crate::routes().into_docs());
    docs
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
