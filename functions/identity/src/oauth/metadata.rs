//! `GET /.well-known/oauth-authorization-server` (RFC 8414): what a client library needs to find
//! the endpoints and what they support.

use axum::extract::State;
use axum::http::{header, HeaderMap};
use serde::Serialize;
use shared::auth::oauth;
use shared::domain::Choice;
use shared::http::Json;
use shared::AppState;

use super::{CodeChallengeMethod, GrantType, ResponseType};

/// The authorization server's metadata.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct ServerMetadata {
    /// This server's base URL (the request's scheme and host).
    pub issuer: String,
    /// The consent call a logged-in user makes (`POST`, JSON; docs/oauth.md): a client sends
    /// the user to its workspace's consent page, which calls it.
    pub authorization_endpoint: String,
    pub token_endpoint: String,
    pub revocation_endpoint: String,
    /// Dynamic client registration (RFC 7591), for public clients (an MCP client).
    pub registration_endpoint: String,
    pub response_types_supported: Vec<String>,
    pub grant_types_supported: Vec<String>,
    pub token_endpoint_auth_methods_supported: Vec<String>,
    pub revocation_endpoint_auth_methods_supported: Vec<String>,
    pub code_challenge_methods_supported: Vec<String>,
    pub scopes_supported: Vec<String>,
    pub service_documentation: String,
}

/// The base URL clients reach this server at: `X-Forwarded-Proto` (API Gateway, a proxy) or
/// `http` for a loopback host, else `https`; the `Host` header, when it is a plain host name.
fn issuer(headers: &HeaderMap) -> String {
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .filter(|h| {
            !h.is_empty()
                && h.len() <= 255
                && h.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b':' | b'[' | b']'))
        })
        .unwrap_or("localhost");
    let loopback = ["localhost", "127.0.0.1", "[::1]"]
        .iter()
        .any(|l| host == *l || host.starts_with(&format!("{l}:")));
    let scheme = headers
        .get("x-forwarded-proto")
        .and_then(|p| p.to_str().ok())
        .filter(|p| matches!(*p, "http" | "https"))
        .unwrap_or(if loopback { "http" } else { "https" });
    format!("{scheme}://{host}")
}

fn strings(values: &[&str]) -> Vec<String> {
    values.iter().map(|v| (*v).to_owned()).collect()
}

/// The base URL this server is reached at: the configured one, which is fixed (RFC 8414 §3.3:
/// clients compare the issuer), or for local development the one the request came to.
pub fn base_url(state: &AppState, headers: &HeaderMap) -> String {
    state
        .config()
        .public_base_url
        .clone()
        .unwrap_or_else(|| issuer(headers))
}

/// `GET /.well-known/oauth-authorization-server`.
pub async fn server_metadata(State(state): State<AppState>, headers: HeaderMap) -> Json<ServerMetadata> {
    let issuer = base_url(&state, &headers);
    let auth_methods = strings(&["client_secret_basic", "client_secret_post", "none"]);
    Json(ServerMetadata {
        authorization_endpoint: format!("{issuer}/api/oauth/authorize"),
        token_endpoint: format!("{issuer}/api/oauth/token"),
        revocation_endpoint: format!("{issuer}/api/oauth/revoke"),
        registration_endpoint: format!("{issuer}/api/oauth/register"),
        response_types_supported: strings(ResponseType::VALUES),
        grant_types_supported: strings(GrantType::VALUES),
        token_endpoint_auth_methods_supported: auth_methods.clone(),
        revocation_endpoint_auth_methods_supported: auth_methods,
        code_challenge_methods_supported: strings(CodeChallengeMethod::VALUES),
        scopes_supported: oauth::all_scopes(),
        service_documentation: format!("{issuer}/api/openapi.json"),
        issuer,
    })
}
