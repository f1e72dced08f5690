//! The MCP server (`POST /mcp`, functions/mcp) spoken to as a client does, JSON-RPC over HTTP:
//! the tools are the REST operations a token may call, each call answers what the REST call
//! answers (records written, errors with the API's code and field errors, refusals, paging,
//! the sandbox), and an app that registers itself reaches it through OAuth with PKCE.

use serde_json::{json, Value};

use crate::harness::{Resp, TestApp};
use crate::oauth::{pkce, post_form, query_param};
use crate::on_both_stores;

const PROTOCOL: &str = "2025-06-18";

/// One JSON-RPC request to `/mcp` (with `query`, `?modules=…`) as `token`.
async fn rpc(app: &TestApp, token: &str, query: &str, method: &str, params: Value) -> Resp {
    app.post(&format!("/mcp{query}"))
        .token(token)
        .header("Accept", "application/json, text/event-stream")
        .header("MCP-Protocol-Version", PROTOCOL)
        .json(json!({"jsonrpc": "2.0", "id": 1, "method": method, "params": params}))
        .send()
        .await
}

/// The JSON-RPC result of a request that must succeed.
async fn result(app: &TestApp, token: &str, query: &str, method: &str, params: Value) -> Value {
    let resp = rpc(app, token, query, method, params).await.expect(200);
    assert!(resp.body["error"].is_null(), "{method}: {}", resp.body);
    resp.body["result"].clone()
}

async fn tool_names(app: &TestApp, token: &str, query: &str) -> Vec<String> {
    let listed = result(app, token, query, "tools/list", json!({})).await;
    listed["tools"]
        .as_array()
        .expect("tools")
        .iter()
        .map(|t| t["name"].as_str().expect("a name").to_owned())
        .collect()
}

/// A tool call's result: (is an error, the structured content).
async fn call(app: &TestApp, token: &str, tool: &str, arguments: Value) -> (bool, Value) {
    let called = result(
        app,
        token,
        "",
        "tools/call",
        json!({"name": tool, "arguments": arguments}),
    )
    .await;
    let text: Value =
        serde_json::from_str(called["content"][0]["text"].as_str().expect("a text part")).expect("JSON text");
    assert_eq!(text, called["structuredContent"], "the text is the structured answer");
    (called["isError"] == true, called["structuredContent"].clone())
}

/// Initialize, list and call: a create is visible through REST, bad input is the API's 422 with
/// its field errors, a list pages with its cursor, and `search` finds what was made.
async fn tools_are_the_rest_operations_and_answer_what_they_answer(app: TestApp) {
    let owner = app.owner_token().await;
    let key = app.api_key(&owner, "live").await;
    let init = result(
        &app,
        &key,
        "",
        "initialize",
        json!({"protocolVersion": PROTOCOL, "capabilities": {}, "clientInfo": {"name": "test", "version": "1"}}),
    )
    .await;
    assert_eq!(init["serverInfo"]["name"], "worktop");
    assert!(init["capabilities"]["tools"].is_object() && init["capabilities"]["resources"].is_object());

    let listed = result(&app, &key, "", "tools/list", json!({})).await;
    let tools = listed["tools"].as_array().unwrap();
    let mut names: Vec<&str> = tools.iter().map(|t| t["name"].as_str().unwrap()).collect();
    let count = names.len();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), count, "tool names are unique");
    for tool in tools {
        assert_eq!(tool["inputSchema"]["type"], "object", "{}", tool["name"]);
        assert!(
            tool["description"].as_str().is_some_and(|d| !d.is_empty()),
            "{}",
            tool["name"]
        );
    }
    let named = |name: &str| {
        tools
            .iter()
            .find(|t| t["name"] == name)
            .unwrap_or_else(|| panic!("{name}"))
    };
    assert_eq!(named("list_contacts_v1")["annotations"]["readOnlyHint"], true);
    assert_eq!(named("delete_contact_v1")["annotations"]["destructiveHint"], true);
    assert_eq!(named("create_contact_v1")["inputSchema"]["required"], json!(["body"]));
    assert!(named("search")["inputSchema"]["properties"]["query"].is_object());
    // Session-only and public routes are not tools.
    for absent in ["change_password", "login", "signup"] {
        assert!(!names.contains(&absent), "{absent}");
    }

    let (failed, made) = call(
        &app,
        &key,
        "create_contact_v1",
        json!({"body": {"name": "Grace Hopper", "email": "grace@navy.example"}}),
    )
    .await;
    assert!(!failed, "{made}");
    let id = made["id"].as_u64().expect("an id");
    let shown = app
        .get(&format!("/api/v1/contacts/{id}"))
        .token(&owner)
        .send()
        .await
        .expect(200);
    assert_eq!(shown.body["email"], "grace@navy.example");

    let (failed, refused) = call(
        &app,
        &key,
        "create_contact_v1",
        json!({"body": {"email": "not an address"}}),
    )
    .await;
    assert!(failed);
    assert_eq!(
        (refused["status"].as_u64(), refused["code"].as_str()),
        (Some(422), Some("validation_failed"))
    );
    assert!(
        refused["errors"]["email"].is_array() && refused["errors"]["name"].is_array(),
        "{refused}"
    );
    let (failed, refused) = call(&app, &key, "show_contact_v1", json!({})).await;
    assert!(
        failed && refused["errors"]["id"].is_array(),
        "a missing path parameter is named: {refused}"
    );
    let (failed, refused) = call(&app, &key, "list_contacts_v1", json!({"colour": "red"})).await;
    assert!(
        failed && refused["errors"]["colour"].is_array(),
        "an unknown argument is the strict query's 422: {refused}"
    );

    call(
        &app,
        &key,
        "create_contact_v1",
        json!({"body": {"name": "Ada Lovelace"}}),
    )
    .await;
    let (_, first) = call(&app, &key, "list_contacts_v1", json!({"per_page": 1})).await;
    let cursor = first["meta"]["next_cursor"].as_str().expect("a next page").to_owned();
    let (_, second) = call(&app, &key, "list_contacts_v1", json!({"per_page": 1, "cursor": cursor})).await;
    assert_eq!(first["data"].as_array().unwrap().len(), 1);
    assert_ne!(first["data"][0]["id"], second["data"][0]["id"]);

    let (failed, found) = call(&app, &key, "search", json!({"query": "grace"})).await;
    assert!(!failed, "{found}");
    assert_eq!(found["results"][0]["kind"], "contacts");
    assert_eq!(found["results"][0]["id"], id);
    assert_eq!(found["results"][0]["title"], "Grace Hopper");
    let (failed, _) = call(&app, &key, "search", json!({"query": "grace", "kinds": ["spaceships"]})).await;
    assert!(failed);

    let read = result(&app, &key, "", "resources/read", json!({"uri": "worktop://workspace"})).await;
    let workspace: Value = serde_json::from_str(read["contents"][0]["text"].as_str().unwrap()).unwrap();
    assert_eq!(workspace["id"], app.tenant.0);
    let read = result(
        &app,
        &key,
        "",
        "resources/read",
        json!({"uri": "worktop://openapi.json"}),
    )
    .await;
    let document: Value = serde_json::from_str(read["contents"][0]["text"].as_str().unwrap()).unwrap();
    assert!(document["paths"]["/api/v1/contacts"].is_object());
}

/// A key scoped to reading is offered no write tool, and calling one anyway is the REST route's
/// own 403; a sandbox key's tools act on the sandbox.
async fn the_gate_of_each_rest_route_holds_for_its_tool(app: TestApp) {
    let owner = app.owner_token().await;
    let live = app.api_key(&owner, "live").await;
    let reader = app
        .post("/api/v1/settings/api-keys")
        .token(&owner)
        .json(json!({"name": "reader", "scopes": ["crm.read"]}))
        .send()
        .await
        .expect(201)
        .body["key"]
        .as_str()
        .unwrap()
        .to_owned();
    let offered = tool_names(&app, &reader, "").await;
    assert!(offered.contains(&"list_contacts_v1".to_owned()));
    assert!(!offered.contains(&"create_contact_v1".to_owned()));
    assert!(
        !offered.contains(&"list_products".to_owned()),
        "inventory is not in the key's scopes"
    );
    let (failed, refused) = call(&app, &reader, "create_contact_v1", json!({"body": {"name": "Nobody"}})).await;
    assert!(failed);
    assert_eq!(
        (refused["status"].as_u64(), refused["code"].as_str()),
        (Some(403), Some("forbidden"))
    );
    assert_eq!(
        app.count(app.tenant, "crm_contact").await,
        0,
        "the refused call wrote nothing"
    );

    // A sandbox key's tools read and write the sandbox, and the live key does not see them.
    call(&app, &live, "create_contact_v1", json!({"body": {"name": "Live Only"}})).await;
    let sandbox = app.api_key(&owner, "test").await;
    let (failed, _) = call(
        &app,
        &sandbox,
        "create_contact_v1",
        json!({"body": {"name": "Sandbox Only"}}),
    )
    .await;
    assert!(!failed);
    let names_seen = |listed: &Value| -> Vec<String> {
        listed["data"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["name"].as_str().unwrap().to_owned())
            .collect()
    };
    let (_, in_sandbox) = call(&app, &sandbox, "list_contacts_v1", json!({})).await;
    assert!(
        names_seen(&in_sandbox).contains(&"Sandbox Only".to_owned()),
        "{in_sandbox}"
    );
    assert!(!names_seen(&in_sandbox).contains(&"Live Only".to_owned()));
    let (_, in_live) = call(&app, &live, "list_contacts_v1", json!({})).await;
    assert_eq!(names_seen(&in_live), ["Live Only"]);

    // Only the modules asked for; an unknown one is named.
    let crm = tool_names(&app, &live, "?modules=crm").await;
    assert!(crm.contains(&"list_contacts_v1".to_owned()) && !crm.contains(&"list_products".to_owned()));
    rpc(&app, &live, "?modules=crm,spaceships", "tools/list", json!({}))
        .await
        .expect_invalid("modules");
}

/// Without a token the answer points to the resource's metadata, which names this server as its
/// authorization server, whose metadata names the registration endpoint.
async fn a_client_without_a_token_finds_how_to_get_one(app: TestApp) {
    let refused = app
        .post("/mcp")
        .json(json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}))
        .send()
        .await
        .expect_error(401, "unauthenticated");
    let challenge = refused.header("www-authenticate").expect("a challenge").to_owned();
    let metadata_url = format!("{}/.well-known/oauth-protected-resource/mcp", app.base);
    assert_eq!(challenge, format!("Bearer resource_metadata=\"{metadata_url}\""));
    let wrong = app
        .post("/mcp")
        .token("wt_live_nonsense")
        .json(json!({}))
        .send()
        .await
        .expect(401);
    assert!(wrong
        .header("www-authenticate")
        .unwrap()
        .ends_with("error=\"invalid_token\""));
    let metadata = app
        .get("/.well-known/oauth-protected-resource/mcp")
        .send()
        .await
        .expect(200);
    assert_eq!(metadata.body["resource"], format!("{}/mcp", app.base));
    assert_eq!(metadata.body["authorization_servers"], json!([app.base]));
    let server = app
        .get("/.well-known/oauth-authorization-server")
        .send()
        .await
        .expect(200);
    assert_eq!(
        server.body["registration_endpoint"],
        format!("{}/api/oauth/register", app.base)
    );
}

const APP_REDIRECT: &str = "http://127.0.0.1:33418/callback";

/// Dynamic registration, a user's consent (with PKCE), the token, tool calls, the client listed in
/// the workspace, a second workspace's own consent, and revocation ending access.
async fn an_app_that_registers_itself_reaches_mcp_with_a_users_consent(app: TestApp) {
    let registered = app
        .post("/api/oauth/register")
        .json(json!({"client_name": "Desk assistant", "redirect_uris": [APP_REDIRECT], "token_endpoint_auth_method": "none",
            "grant_types": ["authorization_code", "refresh_token"], "response_types": ["code"], "logo_uri": "https://x.example/l.png"}))
        .send()
        .await
        .expect(201);
    let client_id = registered.body["client_id"].as_str().unwrap().to_owned();
    assert_eq!(registered.body["token_endpoint_auth_method"], "none");
    for (body, error) in [
        (
            json!({"redirect_uris": ["http://evil.example/cb"]}),
            "invalid_redirect_uri",
        ),
        (
            json!({"redirect_uris": [APP_REDIRECT], "token_endpoint_auth_method": "client_secret_basic"}),
            "invalid_client_metadata",
        ),
        (
            json!({"redirect_uris": [APP_REDIRECT], "grant_types": ["client_credentials"]}),
            "invalid_client_metadata",
        ),
        (
            json!({"redirect_uris": [APP_REDIRECT], "grant_types": []}),
            "invalid_client_metadata",
        ),
        (
            json!({"redirect_uris": [format!("https://app.example/{}", "a".repeat(2000))]}),
            "invalid_redirect_uri",
        ),
        (
            json!({"redirect_uris": [APP_REDIRECT], "response_types": []}),
            "invalid_client_metadata",
        ),
    ] {
        let refused = app.post("/api/oauth/register").json(body).send().await.expect(400);
        assert_eq!(refused.body["error"], error);
    }

    let owner = app.owner_token().await;
    let token = authorized(&app, &owner, &client_id).await;
    let (failed, listed) = call(&app, &token, "list_contacts_v1", json!({})).await;
    assert!(!failed, "{listed}");
    let clients = app.get("/api/oauth/clients").token(&owner).send().await.expect(200);
    let listed = clients.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["client_id"] == client_id.as_str())
        .cloned();
    let listed = listed.expect("the consent lists the client in the workspace");
    assert_eq!(
        (listed["name"].as_str(), listed["registered_itself"].as_bool()),
        (Some("Desk assistant"), Some(true))
    );

    // Another workspace's user consents to the same client: its token acts in their workspace.
    let (other_tenant, email, password) = app.second_workspace().await;
    let other = app.login(&email, &password).await;
    let other_token = authorized(&app, &other, &client_id).await;
    let workspace = app.get("/api/workspace").token(&other_token).send().await.expect(200);
    assert_eq!(workspace.body["id"], other_tenant.0);

    let revoked = post_form(
        &app,
        "/api/oauth/revoke",
        &[("token", &token), ("client_id", &client_id)],
    )
    .await;
    revoked.expect(200);
    rpc(&app, &token, "", "tools/list", json!({})).await.expect(401);
    rpc(&app, &other_token, "", "tools/list", json!({})).await.expect(200);
    // Removing the client from a workspace ends its tokens there, not the registration.
    let removed = app
        .delete(&format!("/api/oauth/clients/{}", listed["id"]))
        .token(&owner)
        .send()
        .await;
    removed.expect(200);
    authorized(&app, &owner, &client_id).await;
}

/// A user's consent to `client_id` and the code's exchange; returns the access token.
async fn authorized(app: &TestApp, session: &str, client_id: &str) -> String {
    let (verifier, challenge) = pkce();
    let request = [
        ("client_id", client_id),
        ("redirect_uri", APP_REDIRECT),
        ("response_type", "code"),
        ("scope", "crm.read account.read"),
        ("code_challenge", &challenge),
        ("code_challenge_method", "S256"),
    ];
    let query = reqwest::Url::parse_with_params("http://consent.invalid/", request).expect("a query");
    let query = query.query().unwrap_or_default();
    let shown = app
        .get(&format!("/api/oauth/consent?{query}"))
        .token(session)
        .send()
        .await
        .expect(200);
    assert_eq!(
        (
            shown.body["client"]["name"].as_str(),
            shown.body["client"]["registered_itself"].as_bool()
        ),
        (Some("Desk assistant"), Some(true))
    );
    let mut body = json!({"approve": true});
    for (name, value) in request {
        body[name] = json!(value);
    }
    let approved = app
        .post("/api/oauth/authorize")
        .token(session)
        .json(body)
        .send()
        .await
        .expect(200);
    let code = query_param(approved.body["redirect_to"].as_str().unwrap(), "code").expect("a code");
    let exchanged = post_form(
        app,
        "/api/oauth/token",
        &[
            ("grant_type", "authorization_code"),
            ("code", &code),
            ("redirect_uri", APP_REDIRECT),
            ("code_verifier", &verifier),
            ("client_id", client_id),
        ],
    )
    .await
    .expect(200);
    exchanged.body["access_token"].as_str().unwrap().to_owned()
}

on_both_stores!(
    tools_are_the_rest_operations_and_answer_what_they_answer,
    the_gate_of_each_rest_route_holds_for_its_tool,
    a_client_without_a_token_finds_how_to_get_one,
    an_app_that_registers_itself_reaches_mcp_with_a_users_consent,
);
