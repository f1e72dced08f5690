//! A tool call as the REST call it stands for, run in this process through the deployment's whole
//! router: the same gate (authentication, rate limits, plan modules, the credential, role and
//! scopes, `Idempotency-Key`), the same handler, the same answer. The caller's `Authorization`
//! and address go with it, so limits, allow-lists and logs see the caller, not this server.

use std::net::SocketAddr;
use std::sync::{Mutex, OnceLock};

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::request::Parts;
use axum::http::{header, HeaderValue, Method, Request, StatusCode};
use axum::Router;
use percent_encoding::{utf8_percent_encode, NON_ALPHANUMERIC};
use serde_json::{json, Map, Value};
use shared::http::{ApiError, FieldErrors};
use shared::AppState;
use tower::ServiceExt;

use crate::catalogue::{OperationTool, BODY_ARGUMENT};

/// The most of an answer a tool call reads back (a large export page is far below it).
const ANSWER_LIMIT: usize = 32 * 1024 * 1024;

/// A REST call a tool makes.
pub struct RestCall {
    pub method: Method,
    /// Path and query, encoded.
    pub uri: String,
    pub headers: Vec<(&'static str, String)>,
    pub body: Option<Value>,
}

/// What the REST call answered.
pub struct RestAnswer {
    pub status: StatusCode,
    /// The JSON body; `null` when there is none.
    pub body: Value,
}

impl RestAnswer {
    pub fn is_success(&self) -> bool {
        self.status.is_success()
    }
}

impl RestCall {
    /// The call `tool` makes with `arguments`: the path parameters put in the path, the header
    /// arguments as headers, `body` as the JSON body, every other argument in the query (where the
    /// route's strict query refuses one it does not take, naming it). A missing path parameter is
    /// the API's own 422.
    pub fn of(tool: &OperationTool, arguments: &Map<String, Value>) -> Result<Self, ApiError> {
        let mut path = tool.path.to_owned();
        let mut errors = FieldErrors::default();
        for name in &tool.path_params {
            match arguments.get(name).and_then(scalar) {
                Some(value) => {
                    let encoded = utf8_percent_encode(&value, NON_ALPHANUMERIC).to_string();
                    path = path.replace(&format!("{{{name}}}"), &encoded);
                }
                None => errors.add(name, format!("The {name} argument is required: it names the record.")),
            }
        }
        errors.into_result(())?;
        let mut query = url::form_urlencoded::Serializer::new(String::new());
        let mut headers = Vec::new();
        for (name, value) in arguments {
            if name == BODY_ARGUMENT && tool.takes_body || tool.path_params.contains(name) || value.is_null() {
                continue;
            }
            if let Some((_, header)) = tool.headers.iter().find(|(argument, _)| argument == name) {
                headers.extend(scalar(value).map(|v| (*header, v)));
                continue;
            }
            match value {
                Value::Array(items) => {
                    for item in items {
                        query.append_pair(name, &scalar(item).unwrap_or_else(|| item.to_string()));
                    }
                }
                other => {
                    query.append_pair(name, &scalar(other).unwrap_or_else(|| other.to_string()));
                }
            }
        }
        let query = query.finish();
        let uri = if query.is_empty() {
            path
        } else {
            format!("{path}?{query}")
        };
        let body = tool.takes_body.then(|| arguments.get(BODY_ARGUMENT).cloned()).flatten();
        Ok(Self {
            method: tool.method.clone(),
            uri,
            headers,
            body,
        })
    }

    /// A `GET` of `uri` (the search, the resources).
    pub fn get(uri: String) -> Self {
        Self {
            method: Method::GET,
            uri,
            headers: Vec::new(),
            body: None,
        }
    }

    /// Runs the call as the caller of `from` (the MCP request's parts).
    pub async fn run(self, state: &AppState, from: &Parts) -> RestAnswer {
        let mut request = Request::builder().method(self.method).uri(&self.uri);
        for name in [header::AUTHORIZATION, header::USER_AGENT] {
            if let Some(value) = from.headers.get(&name) {
                request = request.header(name, value.clone());
            }
        }
        for (name, value) in self.headers {
            if let Ok(value) = HeaderValue::from_str(&value) {
                request = request.header(name, value);
            }
        }
        let body = match self.body {
            Some(body) => {
                request = request.header(header::CONTENT_TYPE, "application/json");
                Body::from(body.to_string())
            }
            None => Body::empty(),
        };
        let mut request = match request.body(body) {
            Ok(request) => request,
            Err(refused) => {
                return RestAnswer::from(ApiError::invalid(
                    "arguments",
                    format!("The arguments do not make a request: {refused}."),
                ))
            }
        };
        // The caller's address, as the REST route would see it.
        if let Some(peer) = from.extensions.get::<ConnectInfo<SocketAddr>>() {
            request.extensions_mut().insert(*peer);
        }
        if let Some(context) = from.extensions.get::<lambda_http::request::RequestContext>() {
            request.extensions_mut().insert(context.clone());
        }
        let app = app_of(state);
        let response = match app.oneshot(request).await {
            Ok(response) => response,
            Err(never) => match never {},
        };
        let status = response.status();
        let bytes = match axum::body::to_bytes(response.into_body(), ANSWER_LIMIT).await {
            Ok(bytes) => bytes,
            Err(cause) => {
                return RestAnswer::from(ApiError::internal(anyhow::anyhow!("reading a tool's answer: {cause}")))
            }
        };
        let body = match bytes.is_empty() {
            true => Value::Null,
            false => {
                serde_json::from_slice(&bytes).unwrap_or_else(|_| json!({"text": String::from_utf8_lossy(&bytes)}))
            }
        };
        RestAnswer { status, body }
    }
}

/// The JSON answer `error` is over REST.
impl From<ApiError> for RestAnswer {
    fn from(error: ApiError) -> Self {
        Self {
            status: error.status(),
            body: serde_json::to_value(error.body()).unwrap_or(Value::Null),
        }
    }
}

/// An argument as it is written in a path, header or query.
fn scalar(value: &Value) -> Option<String> {
    match value {
        Value::String(text) => Some(text.clone()),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

/// Every module's routes, made once: the deployment's modules do not change in a process.
fn routes(state: &AppState) -> &'static Router<AppState> {
    static ROUTES: OnceLock<Router<AppState>> = OnceLock::new();
    ROUTES.get_or_init(|| shared::module::all_routes(state.registry().modules()).into_router())
}

/// The routes with `state` and the conventions every function adds, made once per state: giving
/// a router of every route its state walks every route. A process serves one state (tests start
/// many, one after another), so the last one is kept; it holds its state, so no other state can
/// take its registry's address while it is kept.
fn app_of(state: &AppState) -> Router {
    static APP: Mutex<Option<(usize, Router)>> = Mutex::new(None);
    let key = std::ptr::from_ref(state.registry()) as usize;
    let mut kept = APP.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    match kept.as_ref() {
        Some((made_for, app)) if *made_for == key => app.clone(),
        _ => {
            let app = shared::runtime::app(routes(state).clone(), state.clone());
            *kept = Some((key, app.clone()));
            app
        }
    }
}
