//! The HTTP conventions every route follows: one error type, one list envelope, extractors that turn
//! bad input into the documented errors, request ids and the JSON fallbacks.

mod context;
mod error;
mod extract;
mod list;
pub mod validate;

pub use context::{client_ip, current_request_id, request_context, ClientIp, RequestLog};
pub use error::{ApiError, ErrorBody};
pub use extract::{ValidJson, ValidQuery};
pub use list::{paginate, ListParams, ListResponse, Listing, Meta, SortOrder};
pub use validate::FieldErrors;

use axum::http::{Method, Uri};

/// Largest JSON body accepted (413 above it).
pub const JSON_BODY_LIMIT: usize = 1024 * 1024;
/// Largest upload accepted through the API (Lambda's payload limit is 6 MB).
pub const UPLOAD_BODY_LIMIT: usize = 5 * 1024 * 1024;

/// The JSON answer for a path no route serves.
pub async fn route_not_found(method: Method, uri: Uri) -> ApiError {
    ApiError::RouteNotFound(format!("No route for {method} {}.", uri.path()))
}

/// The JSON answer for a known path with a method it does not serve.
pub async fn method_not_allowed(method: Method, uri: Uri) -> ApiError {
    ApiError::MethodNotAllowed(format!("{} does not accept {method}.", uri.path()))
}
