//! The MCP (Model Context Protocol) server: `POST /mcp`, the Streamable HTTP transport, stateless
//! (each request stands alone, so any Lambda instance answers any of them), JSON answers. Its
//! tools are the route tables' operations ([`catalogue`]), called through the REST routes' own
//! gate ([`call`]); see docs/mcp.md.
//!
//! Authorization is the protected resource's side of OAuth 2.1 (the MCP specification's): a
//! request without a valid bearer token is 401 with `WWW-Authenticate` naming this resource's
//! metadata (RFC 9728), which names Worktop's own authorization server; API keys are bearer
//! tokens too.

pub mod call;
pub mod catalogue;
pub mod schema;
pub mod search;
pub mod server;

use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, HeaderValue};
use axum::response::{IntoResponse, Response};
use rmcp::transport::streamable_http_server::session::never::NeverSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use serde::Serialize;
use shared::auth::{Module, Principal};
use shared::http::{ApiError, Json};
use shared::module::ModuleDef;
use shared::routes::{Build, Op, Routes};
use shared::AppState;

use server::{McpCaller, WorkspaceServer};

/// The endpoint's path.
pub const PATH: &str = "/mcp";
/// Where this resource's metadata is (RFC 9728 §3.1: the well-known prefix, then the resource's
/// path), and the bare well-known path clients also try.
const METADATA_PATH: &str = "/.well-known/oauth-protected-resource/mcp";
const METADATA_ROOT_PATH: &str = "/.well-known/oauth-protected-resource";

shared::route_table!(routes);

/// Served by a function of its own: a tool call runs the REST route in this process, so its binary
/// links every module's handlers, which the others leave out.
pub const MODULE: ModuleDef = ModuleDef::routes("mcp", served_routes, transfer_routes);

pub fn routes<B: Build>() -> Routes<B> {
    // Documented with the other OAuth metadata.
    Routes::new("Identity")
        .protocol(PATH, endpoint)
        .row(
            Op::get(METADATA_PATH, resource_metadata)
                .public()
                .ok::<ResourceMetadata>()
                .summary("OAuth 2.0 protected resource metadata of the MCP server (RFC 9728)")
                .details("What an MCP client reads after a 401 from `POST /mcp`: the resource's URL and the authorization server that issues its tokens (this server: `/.well-known/oauth-authorization-server`)."),
        )
        .row(
            Op::get(METADATA_ROOT_PATH, resource_metadata)
                .public()
                .ok::<ResourceMetadata>()
                .summary("OAuth 2.0 protected resource metadata (RFC 9728), at the well-known root")
                .details("The same document as `/.well-known/oauth-protected-resource/mcp`, for clients that look at the root."),
        )
}

/// The protected resource's metadata (RFC 9728 §2).
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct ResourceMetadata {
    /// The MCP server's URL, which tokens are for.
    pub resource: String,
    /// The issuers whose tokens it takes: this server's.
    pub authorization_servers: Vec<String>,
    /// Tokens go in the `Authorization` header only.
    pub bearer_methods_supported: Vec<String>,
    pub scopes_supported: Vec<String>,
    pub resource_name: String,
    pub resource_documentation: String,
}

/// `GET /.well-known/oauth-protected-resource[/mcp]`.
async fn resource_metadata(State(state): State<AppState>, headers: HeaderMap) -> Json<ResourceMetadata> {
    let base = identity::oauth::metadata::base_url(&state, &headers);
    Json(ResourceMetadata {
        resource: format!("{base}{PATH}"),
        authorization_servers: vec![base.clone()],
        bearer_methods_supported: vec!["header".into()],
        scopes_supported: shared::auth::oauth::all_scopes(),
        resource_name: "Worktop".into(),
        resource_documentation: format!("{base}/docs"),
    })
}

/// `POST /mcp`: authenticates the caller, reads which modules' tools they want, and hands the
/// request to the protocol's transport.
async fn endpoint(State(state): State<AppState>, request: Request) -> Response {
    let (mut parts, body) = request.into_parts();
    let principal = match Principal::authenticate(&parts, &state).await {
        Ok(principal) => principal,
        Err(refused) => return challenge(&state, &parts.headers, refused),
    };
    let modules = match modules_asked(parts.uri.query()) {
        Ok(modules) => modules,
        Err(refused) => return refused.into_response(),
    };
    parts.extensions.insert(McpCaller { principal, modules });
    let server = WorkspaceServer { state };
    let transport = StreamableHttpService::new(
        move || Ok(server.clone()),
        Arc::new(NeverSessionManager::default()),
        transport_config(),
    );
    transport
        .handle(Request::from_parts(parts, body))
        .await
        .map(axum::body::Body::new)
}

/// Stateless, JSON answers. The host is not checked: the token is what admits a request (no
/// browser's ambient credential can reach it), and the deployment's hosts are its own.
fn transport_config() -> StreamableHttpServerConfig {
    StreamableHttpServerConfig::default()
        .with_legacy_session_mode(false)
        .with_json_response(true)
        .with_sse_keep_alive(None)
        .disable_allowed_hosts()
}

/// The 401 for a request without a valid token: `WWW-Authenticate` names the resource metadata,
/// and `invalid_token` when a token was sent (RFC 6750 §3).
fn challenge(state: &AppState, headers: &HeaderMap, refused: ApiError) -> Response {
    let mut response = refused.into_response();
    if response.status() == axum::http::StatusCode::UNAUTHORIZED {
        let base = identity::oauth::metadata::base_url(state, headers);
        let invalid = match headers.contains_key(header::AUTHORIZATION) {
            true => ", error=\"invalid_token\"",
            false => "",
        };
        let value = format!("Bearer resource_metadata=\"{base}{METADATA_PATH}\"{invalid}");
        if let Ok(value) = HeaderValue::from_str(&value) {
            response.headers_mut().insert(header::WWW_AUTHENTICATE, value);
        }
    }
    response
}

/// The modules of `?modules=crm,sales`; `None` when not given. An unknown name is 422 naming the
/// modules there are.
fn modules_asked(query: Option<&str>) -> Result<Option<Vec<Module>>, ApiError> {
    let Some(list) = url::form_urlencoded::parse(query.unwrap_or_default().as_bytes())
        .find(|(name, _)| name == "modules")
        .map(|(_, value)| value.into_owned())
    else {
        return Ok(None);
    };
    let mut modules = Vec::new();
    for name in list.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        match Module::ALL.iter().find(|m| m.as_str() == name) {
            Some(module) => modules.push(*module),
            None => {
                let known: Vec<&str> = Module::ALL.iter().map(|m| m.as_str()).collect();
                return Err(ApiError::invalid(
                    "modules",
                    format!("There is no module {name}; the modules are: {}.", known.join(", ")),
                ));
            }
        }
    }
    Ok(Some(modules))
}
