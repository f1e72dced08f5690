//! Per-request context: the request id (echoed in `X-Request-Id` and every error body), the tenant
//! for the log line, and the one log line each request produces.

use std::net::SocketAddr;
use std::sync::{Arc, OnceLock};
use std::time::Instant;

use axum::extract::{ConnectInfo, FromRequestParts, MatchedPath, Request};
use axum::http::request::Parts;
use axum::http::HeaderValue;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::ApiError;

tokio::task_local! {
    static REQUEST_ID: String;
}

const REQUEST_ID_HEADER: &str = "x-request-id";

/// The current request's id, or an empty string outside a request.
pub fn current_request_id() -> String {
    REQUEST_ID.try_with(Clone::clone).unwrap_or_default()
}

/// Filled in by the principal extractor so the request's log line names its tenant.
#[derive(Clone, Default)]
pub struct RequestLog {
    tenant: Arc<OnceLock<u64>>,
}

impl RequestLog {
    pub fn set_tenant(&self, tenant: u64) {
        let _ = self.tenant.set(tenant);
    }
}

/// A client-supplied id is kept when it is short and plain, so callers can correlate; else a new
/// one, from the thread's generator: `Uuid::new_v4` asks the kernel (`getrandom`) each time, a
/// system call on every request.
fn request_id_from(req: &Request) -> String {
    req.headers()
        .get(REQUEST_ID_HEADER)
        .and_then(|v| v.to_str().ok())
        .filter(|v| {
            !v.is_empty() && v.len() <= 64 && v.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        })
        .map(str::to_owned)
        .unwrap_or_else(|| uuid::Builder::from_random_bytes(rand::random()).into_uuid().to_string())
}

/// The longest path and query read: 8 KiB, far below the HTTP library's own 64 KiB, so that a
/// longer one is answered here, as JSON with its request id, instead of by an empty 414.
const MAX_URI_BYTES: usize = 8 * 1024;
/// The most headers, and header bytes, read: below the HTTP library's 100 headers and 400 KiB,
/// for the same reason (431).
const MAX_HEADERS: usize = 64;
const MAX_HEADER_BYTES: usize = 32 * 1024;

/// The 414 or 431 for a request whose head is larger than the API reads.
fn oversized_head(req: &Request) -> Option<ApiError> {
    let uri = req.uri().path_and_query().map_or(0, |pq| pq.as_str().len());
    if uri > MAX_URI_BYTES {
        return Some(ApiError::UriTooLong(format!(
            "The path and query string are {uri} bytes; the most is {MAX_URI_BYTES}. Send long \
             filters in a request body, or fewer of them."
        )));
    }
    let headers = req.headers();
    let bytes: usize = headers
        .iter()
        .map(|(name, value)| name.as_str().len() + value.len())
        .sum();
    if headers.len() > MAX_HEADERS || bytes > MAX_HEADER_BYTES {
        return Some(ApiError::HeadersTooLarge(format!(
            "The request has {} headers of {bytes} bytes; the most is {MAX_HEADERS} headers of \
             {MAX_HEADER_BYTES} bytes in all.",
            headers.len()
        )));
    }
    None
}

/// Middleware: assigns the request id, runs the request inside it, sets `X-Request-Id` on the
/// response and writes the request's single log line (never headers or bodies, so no secrets).
pub async fn request_context(mut req: Request, next: Next) -> Response {
    let started = Instant::now();
    let request_id = request_id_from(&req);
    let log = RequestLog::default();
    req.extensions_mut().insert(log.clone());
    let method = req.method().clone();
    let route = req
        .extensions()
        .get::<MatchedPath>()
        .map(|p| p.as_str().to_owned())
        .unwrap_or_else(|| "(unmatched)".into());

    let mut response = match oversized_head(&req) {
        Some(refusal) => {
            REQUEST_ID
                .scope(request_id.clone(), async { refusal.into_response() })
                .await
        }
        None => REQUEST_ID.scope(request_id.clone(), next.run(req)).await,
    };

    if let Ok(value) = HeaderValue::from_str(&request_id) {
        response.headers_mut().insert(REQUEST_ID_HEADER, value);
    }
    let status = response.status().as_u16();
    let duration_ms = started.elapsed().as_secs_f64() * 1000.0;
    let tenant = log.tenant.get().copied();
    tracing::info!(
        request_id = %request_id,
        http.method = %method,
        http.route = %route,
        http.status = status,
        tenant.id = tenant,
        duration_ms,
        "request"
    );
    response
}

/// The caller's IP address: the socket peer locally, API Gateway's `sourceIp` inside Lambda.
#[derive(Clone, Debug)]
pub struct ClientIp(pub String);

/// Reads the client IP from request parts (see [`ClientIp`]).
pub fn client_ip(parts: &Parts) -> String {
    if let Some(ConnectInfo(addr)) = parts.extensions.get::<ConnectInfo<SocketAddr>>() {
        return addr.ip().to_string();
    }
    if let Some(ctx) = parts.extensions.get::<lambda_http::request::RequestContext>() {
        use lambda_http::request::RequestContext;
        let ip = match ctx {
            RequestContext::ApiGatewayV2(c) => c.http.source_ip.clone(),
            RequestContext::ApiGatewayV1(c) => c.identity.source_ip.clone(),
            _ => None,
        };
        if let Some(ip) = ip {
            return ip;
        }
    }
    "unknown".into()
}

impl<S: Send + Sync> FromRequestParts<S> for ClientIp {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        Ok(Self(client_ip(parts)))
    }
}
