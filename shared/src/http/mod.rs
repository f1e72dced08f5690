//! The HTTP conventions every route follows: one error type, one list envelope, extractors that turn
//! bad input into the documented errors, request ids and the JSON fallbacks.

mod cached;
mod context;
mod deprecation;
mod error;
mod extract;
mod json;
mod list;
pub mod schema;
mod served;
mod strict_query;
mod unread_body;
mod upload;
pub mod validate;

pub use cached::{compression, etag_of, revalidated, COMPRESS_ABOVE_BYTES};
pub use context::{client_ip, current_request_id, request_context, ClientIp, RequestLog};
pub use deprecation::Deprecated;
pub use error::{ApiError, ErrorBody};
pub use extract::{is_id_param, parse_value, take_u64, BodyLimit, IfMatch, ValidJson, ValidPath, ValidQuery};
pub use json::{Json, ListedJson, PageJson};
pub use list::{paginate, ListParams, ListResponse, Listing, Meta, Since, SortOrder, MAX_PER_PAGE};
pub use served::{download, served_file};
pub use strict_query::{refuse_unknown_params, KnownParams, OPT_OUT as UNKNOWN_PARAMS_OPT_OUT};
pub use unread_body::finish_request_body;
pub use upload::{
    discard_upload, read_upload, read_upload_within, store_upload, sweep_orphan_uploads, FileInfo, PendingUpload,
    ReleasedUpload, StoredUpload, Upload,
};
pub use validate::FieldErrors;

use axum::http::{Method, Uri};

/// Largest JSON body accepted (413 above it).
pub const JSON_BODY_LIMIT: usize = 1024 * 1024;
/// Largest upload accepted through the API (Lambda's payload limit is 6 MB).
pub const UPLOAD_BODY_LIMIT: usize = 5 * 1024 * 1024;

/// How much of a body the server reads before it gives up on it: twice the limit. A body over the
/// limit but under this is read to its end before the 413, because answering early and closing a
/// socket with unread data makes the kernel reset the connection, and the client may then never
/// see the 413.
pub const fn transport_cap(limit: usize) -> usize {
    limit * 2
}

/// The JSON answer for a path no route serves.
pub async fn route_not_found(method: Method, uri: Uri) -> ApiError {
    ApiError::RouteNotFound(format!("No route for {method} {}.", uri.path()))
}

/// The JSON answer for a known path with a method it does not serve.
pub async fn method_not_allowed(method: Method, uri: Uri) -> ApiError {
    ApiError::MethodNotAllowed(format!("{} does not accept {method}.", uri.path()))
}
