//! Per-request context: the request id (echoed in `X-Request-Id` and every error body), the tenant
//! for the log line, and the one log line each request produces.

use std::net::SocketAddr;
use std::sync::{Arc, OnceLock};
use std::time::Instant;

use axum::extract::{ConnectInfo, FromRequestParts, MatchedPath, Request};
use axum::http::request::Parts;
use axum::http::HeaderValue;
use axum::middleware::Next;
use axum::response::Response;

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

    let mut response = REQUEST_ID.scope(request_id.clone(), next.run(req)).await;

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
