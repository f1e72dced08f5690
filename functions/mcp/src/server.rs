//! The MCP server a request speaks to: its tools (the catalogue's, as the caller may call them,
//! and `search`), its resources (the OpenAPI document, the workspace's settings), each call run
//! as the REST call it stands for ([`crate::call`]).

use std::sync::{Arc, OnceLock};

use axum::http::request::Parts;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ErrorData, Implementation, ListResourcesResult,
    ListToolsResult, PaginatedRequestParams, ReadResourceRequestParams, ReadResourceResponse, ReadResourceResult,
    Resource, ResourceContents, ServerCapabilities, ServerConfig,
};
use rmcp::service::RequestContext;
use rmcp::{RoleServer, ServerHandler};
use serde_json::{json, Value};
use shared::auth::{Module, Principal};
use shared::AppState;

use crate::call::{RestAnswer, RestCall};
use crate::catalogue::Catalogue;
use crate::search;

/// Who called `/mcp` and what they asked to be offered, put in the request by
/// [`crate::endpoint`] once it authenticated them.
#[derive(Clone)]
pub struct McpCaller {
    pub principal: Principal,
    /// The modules whose tools the client asked for (`/mcp?modules=crm,sales`); `None`: all.
    pub modules: Option<Vec<Module>>,
}

impl McpCaller {
    fn wants(&self, module: Module) -> bool {
        self.modules.as_ref().is_none_or(|m| m.contains(&module))
    }
}

const OPENAPI_URI: &str = "worktop://openapi.json";
const WORKSPACE_URI: &str = "worktop://workspace";
/// The REST route the workspace resource reads.
const WORKSPACE_PATH: &str = "/api/workspace";

/// The tools and the search's lists, made once from the deployment's route tables.
struct Made {
    catalogue: Catalogue,
    targets: Vec<search::Target>,
    document: Arc<String>,
}

fn made(state: &AppState) -> &'static Made {
    static MADE: OnceLock<Made> = OnceLock::new();
    MADE.get_or_init(|| {
        let registry = state.registry();
        let document = platform::openapi::document_value(registry);
        Made {
            catalogue: Catalogue::new(&document, registry.route_docs()),
            targets: search::targets(registry.route_docs()),
            document: Arc::new(document.to_string()),
        }
    })
}

/// The tools of the deployment (for the tests and `docs/mcp.md`).
pub fn catalogue(state: &AppState) -> &'static Catalogue {
    &made(state).catalogue
}

#[derive(Clone)]
pub struct WorkspaceServer {
    pub state: AppState,
}

/// The MCP request's HTTP parts and its caller.
fn request_of(context: &RequestContext<RoleServer>) -> Result<(&Parts, &McpCaller), ErrorData> {
    let parts = context
        .extensions
        .get::<Parts>()
        .ok_or_else(|| ErrorData::internal_error("the HTTP request is not in the MCP context", None))?;
    let caller = parts
        .extensions
        .get::<McpCaller>()
        .ok_or_else(|| ErrorData::internal_error("the caller was not authenticated", None))?;
    Ok((parts, caller))
}

/// A tool's result from the REST answer: the JSON as structured content (an object: a bare
/// array or value goes under `result`) and as text; an error answer is a tool error carrying
/// the API's `code`, `message` and `errors`, with its HTTP `status`.
fn tool_result(answer: RestAnswer) -> CallToolResult {
    let body = match answer.body {
        Value::Object(map) => Value::Object(map),
        Value::Null => json!({}),
        other => json!({"result": other}),
    };
    match answer.status.is_success() {
        true => CallToolResult::structured(body),
        false => {
            let mut body = body;
            body["status"] = json!(answer.status.as_u16());
            CallToolResult::structured_error(body)
        }
    }
}

impl ServerHandler for WorkspaceServer {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().enable_resources().build())
            .with_server_info(
                Implementation::new("worktop", platform::openapi::contract_version()).with_title("Worktop"),
            )
            .with_instructions(
                "Worktop's business workspace: CRM, sales, invoicing, accounting, inventory, projects, point of \
                 sale, support and HR. Each tool is one REST operation of the API (its description names it) and \
                 answers what the API answers; `search` finds contacts, customers, deals, invoices, products and \
                 tickets by name, e-mail or number. Lists take `cursor` from the previous page's `meta.next_cursor`. \
                 Errors carry the API's `code`, `message` and field `errors`.",
            )
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let (_, caller) = request_of(&context)?;
        let made = made(&self.state);
        let mut tools: Vec<_> = made
            .catalogue
            .all()
            .iter()
            .filter(|t| caller.wants(t.module()) && t.offered_to(&caller.principal))
            .map(|t| t.tool.clone())
            .collect();
        tools.extend(search::tool(&made.targets, &caller.principal, |m| caller.wants(m)));
        Ok(ListToolsResult::with_all_items(tools))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let (parts, caller) = request_of(&context)?;
        let made = made(&self.state);
        let arguments = request.arguments.unwrap_or_default();
        if request.name == search::NAME {
            let offered = |m: Module| caller.wants(m) && caller.principal.has_module(m);
            let result = match search::run(&self.state, parts, &made.targets, offered, &arguments).await {
                Ok(found) => CallToolResult::structured(found),
                Err(refused) => tool_result(refused.into()),
            };
            return Ok(result.into());
        }
        // A tool of a module the client did not ask for is unknown to it, as in the list; one the
        // caller may not call is still called, so the answer is the REST route's own refusal.
        let tool = made
            .catalogue
            .get(&request.name)
            .filter(|t| caller.wants(t.module()))
            .ok_or_else(|| ErrorData::invalid_params(format!("There is no tool named {}.", request.name), None))?;
        let answer = match RestCall::of(tool, &arguments) {
            Ok(call) => call.run(&self.state, parts).await,
            Err(refused) => refused.into(),
        };
        Ok(tool_result(answer).into())
    }

    async fn list_resources(
        &self,
        _request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, ErrorData> {
        request_of(&context)?;
        Ok(ListResourcesResult::with_all_items(vec![
            Resource::new(OPENAPI_URI, "openapi.json")
                .with_title("The OpenAPI document")
                .with_description("The REST API every tool calls: each operation, its parameters, bodies and answers.")
                .with_mime_type("application/json"),
            Resource::new(WORKSPACE_URI, "workspace")
                .with_title("The workspace's settings")
                .with_description(
                    "The caller's workspace: its name, plan, modules, currency and settings (GET /api/workspace).",
                )
                .with_mime_type("application/json"),
        ]))
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        let (parts, _) = request_of(&context)?;
        let text = match request.uri.as_str() {
            OPENAPI_URI => made(&self.state).document.as_str().to_owned(),
            WORKSPACE_URI => {
                let answer = RestCall::get(WORKSPACE_PATH.into()).run(&self.state, parts).await;
                if !answer.is_success() {
                    return Err(ErrorData::invalid_request(
                        answer.body["message"]
                            .as_str()
                            .unwrap_or("The workspace could not be read.")
                            .to_owned(),
                        Some(answer.body),
                    ));
                }
                answer.body.to_string()
            }
            other => {
                return Err(ErrorData::resource_not_found(
                    format!("There is no resource {other}; there are {OPENAPI_URI} and {WORKSPACE_URI}."),
                    None,
                ))
            }
        };
        let contents = ResourceContents::text(text, request.uri).with_mime_type("application/json");
        Ok(ReadResourceResult::new(vec![contents]).into())
    }
}
