//! OAuth 2.0: client registration, the code flow with PKCE, refresh rotation and reuse detection,
//! revocation, client credentials, scopes narrowing the user's permissions, the OAuth rate limit,
//! workspaces kept apart, and the server metadata.

use serde_json::{json, Value};

use crate::harness::{Backend, Resp, TestApp};
use crate::on_both_stores;

const REDIRECT: &str = "https://app.example.com/callback";

/// `pairs` form-encoded (every byte but the unreserved ones percent-encoded).
fn form(pairs: &[(&str, &str)]) -> String {
    let encode = |s: &str| -> String {
        s.bytes()
            .map(|b| match b {
                b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => (b as char).to_string(),
                _ => format!("%{b:02X}"),
            })
            .collect()
    };
    pairs
        .iter()
        .map(|(k, v)| format!("{}={}", encode(k), encode(v)))
        .collect::<Vec<_>>()
        .join("&")
}

/// POSTs a form to an OAuth endpoint (`/api/oauth/token`, `/api/oauth/revoke`).
pub(crate) async fn post_form(app: &TestApp, path: &str, pairs: &[(&str, &str)]) -> Resp {
    app.post(path)
        .raw("application/x-www-form-urlencoded", form(pairs))
        .send()
        .await
}

/// Asserts an RFC 6749 error answer: status, `error`, and the envelope's `code` beside it.
#[track_caller]
fn expect_oauth_error(resp: Resp, status: u16, error: &str) -> Resp {
    let resp = resp.expect(status);
    assert_eq!(resp.body["error"], error, "{}", resp.body);
    assert_eq!(resp.body["code"], error, "{}", resp.body);
    assert!(resp.body["error_description"].as_str().is_some_and(|d| !d.is_empty()));
    assert_eq!(resp.header("cache-control"), Some("no-store"));
    resp
}

/// Registers a client (201); returns (client_id, client_secret or empty, record id).
pub(crate) async fn register(app: &TestApp, token: &str, kind: &str, scopes: &[&str]) -> (String, String, u64) {
    let created = app
        .post("/api/oauth/clients")
        .token(token)
        .json(json!({
            "name": format!("{kind} app"),
            "type": kind,
            "redirect_uris": [REDIRECT, "http://127.0.0.1:8765/cb"],
            "scopes": scopes,
        }))
        .send()
        .await
        .expect(201);
    (
        created.body["client_id"].as_str().unwrap().to_owned(),
        created.body["client_secret"].as_str().unwrap_or_default().to_owned(),
        created.body["id"].as_u64().unwrap(),
    )
}

/// A PKCE verifier and its S256 challenge.
pub(crate) fn pkce() -> (String, String) {
    use rand::Rng;
    let verifier: String = (0..64)
        .map(|_| {
            let chars = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~";
            chars[rand::rng().random_range(0..chars.len())] as char
        })
        .collect();
    let challenge = shared::auth::oauth::s256(&verifier);
    (verifier, challenge)
}

/// The consent call with `overrides` on a valid request.
async fn consent(app: &TestApp, session: &str, client_id: &str, challenge: &str, overrides: Value) -> Resp {
    let mut body = json!({
        "client_id": client_id, "redirect_uri": REDIRECT, "response_type": "code",
        "scope": "crm:read account:read", "state": "xyz 1/2", "code_challenge": challenge,
        "code_challenge_method": "S256",
    });
    for (k, v) in overrides.as_object().unwrap() {
        body[k] = v.clone();
    }
    app.post("/api/oauth/authorize").token(session).json(body).send().await
}

/// The query parameter `name` of a URL.
pub(crate) fn query_param(url: &str, name: &str) -> Option<String> {
    let url = reqwest::Url::parse(url).expect("a URL");
    url.query_pairs().find(|(k, _)| k == name).map(|(_, v)| v.into_owned())
}

/// Approves a code for `client_id`; returns the code.
async fn code_for(app: &TestApp, session: &str, client_id: &str, challenge: &str) -> String {
    let resp = consent(app, session, client_id, challenge, json!({})).await.expect(200);
    let to = resp.body["redirect_to"].as_str().unwrap();
    assert!(to.starts_with(&format!("{REDIRECT}?")), "{to}");
    assert_eq!(query_param(to, "state").as_deref(), Some("xyz 1/2"));
    query_param(to, "code").expect("a code")
}

/// The code + PKCE exchange for a confidential client (body credentials); returns the answer.
async fn exchange(app: &TestApp, client_id: &str, secret: &str, code: &str, verifier: &str) -> Resp {
    post_form(
        app,
        "/api/oauth/token",
        &[
            ("grant_type", "authorization_code"),
            ("code", code),
            ("redirect_uri", REDIRECT),
            ("code_verifier", verifier),
            ("client_id", client_id),
            ("client_secret", secret),
        ],
    )
    .await
}

async fn refresh(app: &TestApp, client_id: &str, secret: &str, refresh_token: &str) -> Resp {
    post_form(
        app,
        "/api/oauth/token",
        &[
            ("grant_type", "refresh_token"),
            ("refresh_token", refresh_token),
            ("client_id", client_id),
            ("client_secret", secret),
        ],
    )
    .await
}

fn field(resp: &Resp, name: &str) -> String {
    resp.body[name]
        .as_str()
        .unwrap_or_else(|| panic!("{name}: {}", resp.body))
        .to_owned()
}

async fn registration_shows_the_secret_once_and_checks_uris_scopes_and_permission(app: TestApp) {
    let owner = app.owner_token().await;
    let created = app
        .post("/api/oauth/clients")
        .token(&owner)
        .json(json!({"name": "Reports", "redirect_uris": [REDIRECT], "scopes": ["crm:read", "sales:write"]}))
        .send()
        .await
        .expect(201);
    assert_eq!(created.body["type"], "confidential", "the default");
    let (client_id, secret, id) = (
        field(&created, "client_id"),
        field(&created, "client_secret"),
        created.body["id"].as_u64().unwrap(),
    );
    assert!(
        client_id.starts_with("wtc_") && secret.starts_with("wtcs_"),
        "{}",
        created.body
    );
    assert_eq!(created.body["redirect_uris"], json!([REDIRECT]));
    // The colon spelling of version 1.0 is read, and answered as the permission names.
    assert_eq!(created.body["scopes"], json!(["crm.read", "sales.write"]));
    // Only the secret's hash is stored, and no later answer shows it.
    let entry = app
        .state
        .store()
        .get(&shared::auth::oauth::client_index_key(&client_id))
        .await
        .unwrap()
        .expect("the client's entry");
    let stored = serde_json::to_string(&entry.data).unwrap();
    assert!(!stored.contains(&secret) && stored.contains(&shared::auth::oauth::hash(&secret)));
    let shown = app
        .get(&format!("/api/oauth/clients/{id}"))
        .token(&owner)
        .send()
        .await
        .expect(200);
    assert_eq!(shown.body["client_id"], client_id.as_str());
    assert!(shown.body.get("client_secret").is_none(), "{}", shown.body);
    let list = app.get("/api/oauth/clients").token(&owner).send().await.expect(200);
    assert_eq!(list.body["meta"]["total"], 1);
    assert!(!list.body.to_string().contains(&secret));
    // A public client has no secret.
    let (_, public_secret, _) = register(&app, &owner, "public", &["crm:read"]).await;
    assert!(public_secret.is_empty());

    for (body, field) in [
        (
            json!({"name": "x", "redirect_uris": ["http://app.example.com/cb"], "scopes": ["crm:read"]}),
            "redirect_uris",
        ),
        (
            json!({"name": "x", "redirect_uris": ["https://a.example.com/cb#frag"], "scopes": ["crm:read"]}),
            "redirect_uris",
        ),
        (
            json!({"name": "x", "redirect_uris": [], "scopes": ["crm:read"]}),
            "redirect_uris",
        ),
        (
            json!({"name": "x", "redirect_uris": [REDIRECT], "scopes": ["crm.delete"]}),
            "scopes",
        ),
        (
            json!({"name": "x", "redirect_uris": [REDIRECT], "scopes": ["crm:read"], "type": "plain"}),
            "type",
        ),
    ] {
        app.post("/api/oauth/clients")
            .token(&owner)
            .json(body)
            .send()
            .await
            .expect_invalid(field);
    }
    // Staff do not administer the workspace (`users.write`).
    let (_, staff) = app.user_with_role("staff").await;
    app.post("/api/oauth/clients")
        .token(&staff)
        .json(json!({"name": "x", "redirect_uris": [REDIRECT], "scopes": ["crm:read"]}))
        .send()
        .await
        .expect_error(403, "forbidden");
    app.delete(&format!("/api/oauth/clients/{id}"))
        .token(&owner)
        .send()
        .await
        .expect(200);
    app.get(&format!("/api/oauth/clients/{id}"))
        .token(&owner)
        .send()
        .await
        .expect_error(404, "not_found");
    let list = app.get("/api/oauth/clients").token(&owner).send().await.expect(200);
    assert_eq!(list.body["meta"]["total"], 1);
}

async fn the_code_flow_needs_pkce_s256_the_exact_redirect_and_spends_the_code_once(app: TestApp) {
    let owner = app.owner_token().await;
    let (client_id, secret, _) = register(&app, &owner, "confidential", &["crm:read", "account:read"]).await;
    let (verifier, challenge) = pkce();

    // The consent refuses what it must not pass on, naming the field; a key cannot consent.
    for (overrides, field) in [
        (
            json!({"code_challenge_method": "plain", "code_challenge": &verifier[..43]}),
            "code_challenge_method",
        ),
        (json!({"code_challenge_method": null}), "code_challenge_method"),
        // A method without its challenge (a confidential client may send neither).
        (json!({"code_challenge": null}), "code_challenge"),
        (
            json!({"redirect_uri": "https://app.example.com/callback/"}),
            "redirect_uri",
        ),
        // Matched exactly (RFC 9700 §2.1): white space around the registered URI is another URI.
        (json!({"redirect_uri": format!(" {REDIRECT}")}), "redirect_uri"),
        (json!({"redirect_uri": format!("{REDIRECT} ")}), "redirect_uri"),
        (json!({"redirect_uri": format!("{REDIRECT}\t")}), "redirect_uri"),
        (json!({"response_type": "token"}), "response_type"),
        (json!({"scope": "crm:write"}), "scope"),
        (json!({"client_id": "wtc_nope"}), "client_id"),
    ] {
        consent(&app, &owner, &client_id, &challenge, overrides)
            .await
            .expect_invalid(field);
    }
    let key = app.api_key(&owner, "live").await;
    consent(&app, &key, &client_id, &challenge, json!({}))
        .await
        .expect_error(403, "forbidden");
    let declined = consent(&app, &owner, &client_id, &challenge, json!({"approve": false}))
        .await
        .expect(200);
    let to = declined.body["redirect_to"].as_str().unwrap();
    assert_eq!(query_param(to, "error").as_deref(), Some("access_denied"));
    assert_eq!(query_param(to, "code"), None);

    let code = code_for(&app, &owner, &client_id, &challenge).await;
    let (wrong_verifier, _) = pkce();
    expect_oauth_error(
        exchange(&app, &client_id, &secret, &code, &wrong_verifier).await,
        400,
        "invalid_grant",
    );
    let wrong_secret = exchange(&app, &client_id, "wtcs_wrong", &code, &verifier).await;
    let wrong_secret = expect_oauth_error(wrong_secret, 401, "invalid_client");
    assert!(wrong_secret
        .header("www-authenticate")
        .is_some_and(|h| h.starts_with("Basic")));
    let mismatch = post_form(
        &app,
        "/api/oauth/token",
        &[
            ("grant_type", "authorization_code"),
            ("code", &code),
            ("redirect_uri", "http://127.0.0.1:8765/cb"),
            ("code_verifier", &verifier),
            ("client_id", &client_id),
            ("client_secret", &secret),
        ],
    )
    .await;
    expect_oauth_error(mismatch, 400, "invalid_grant");
    expect_oauth_error(
        post_form(
            &app,
            "/api/oauth/token",
            &[
                ("grant_type", "password"),
                ("client_id", &client_id),
                ("client_secret", &secret),
            ],
        )
        .await,
        400,
        "unsupported_grant_type",
    );

    // HTTP Basic client authentication, as most libraries send it.
    use base64::Engine;
    let basic = base64::engine::general_purpose::STANDARD.encode(format!("{client_id}:{secret}"));
    let tokens = app
        .post("/api/oauth/token")
        .header("authorization", &format!("Basic {basic}"))
        .raw(
            "application/x-www-form-urlencoded",
            form(&[
                ("grant_type", "authorization_code"),
                ("code", &code),
                ("redirect_uri", REDIRECT),
                ("code_verifier", &verifier),
            ]),
        )
        .send()
        .await
        .expect(200);
    assert_eq!(tokens.body["token_type"], "Bearer");
    assert_eq!(tokens.body["expires_in"], 3600);
    assert_eq!(tokens.body["scope"], "crm.read account.read");
    assert_eq!(tokens.header("cache-control"), Some("no-store"));
    let access = field(&tokens, "access_token");
    assert!(access.starts_with("wto_") && field(&tokens, "refresh_token").starts_with("wtr_"));

    // The token acts as the user, within its scopes, with the OAuth limit.
    let me = app.get("/api/user").token(&access).send().await.expect(200);
    assert_eq!(me.body["role"], "owner");
    assert_eq!(
        me.header("x-ratelimit-limit"),
        Some("1000"),
        "Business allows 20000; OAuth 1000"
    );
    app.get("/api/leads").token(&access).send().await.expect(200);
    app.post("/api/lead/create")
        .token(&access)
        .json(json!({"name": "Not allowed"}))
        .send()
        .await
        .expect_error(403, "forbidden");
    app.get("/api/departments")
        .token(&access)
        .send()
        .await
        .expect_error(403, "forbidden");
    // Nor can it mint credentials that would outlive the grant, or act as a session.
    app.post("/api/change-password")
        .token(&access)
        .json(json!({}))
        .send()
        .await
        .expect_error(403, "forbidden");

    // A spent code presented again revokes what it was exchanged for.
    expect_oauth_error(
        exchange(&app, &client_id, &secret, &code, &verifier).await,
        400,
        "invalid_grant",
    );
    app.get("/api/user")
        .token(&access)
        .send()
        .await
        .expect_error(401, "unauthenticated");
}

async fn a_refresh_rotates_both_tokens_and_a_reused_refresh_token_revokes_the_grant(app: TestApp) {
    let owner = app.owner_token().await;
    let (client_id, secret, _) = register(&app, &owner, "confidential", &["crm:read", "account:read"]).await;
    let (verifier, challenge) = pkce();
    let code = code_for(&app, &owner, &client_id, &challenge).await;
    let first = exchange(&app, &client_id, &secret, &code, &verifier).await.expect(200);
    let (access1, refresh1) = (field(&first, "access_token"), field(&first, "refresh_token"));

    // Narrowing on refresh is allowed; widening is not.
    let widened = post_form(
        &app,
        "/api/oauth/token",
        &[
            ("grant_type", "refresh_token"),
            ("refresh_token", &refresh1),
            ("scope", "crm:write"),
            ("client_id", &client_id),
            ("client_secret", &secret),
        ],
    )
    .await;
    expect_oauth_error(widened, 400, "invalid_scope");
    let second = refresh(&app, &client_id, &secret, &refresh1).await.expect(200);
    let (access2, refresh2) = (field(&second, "access_token"), field(&second, "refresh_token"));
    assert!(access2 != access1 && refresh2 != refresh1);
    app.get("/api/user").token(&access1).send().await.expect(401);
    app.get("/api/user").token(&access2).send().await.expect(200);
    // Another client cannot use the refresh token.
    let (other_id, other_secret, _) = register(&app, &owner, "confidential", &["crm:read"]).await;
    expect_oauth_error(
        refresh(&app, &other_id, &other_secret, &refresh2).await,
        400,
        "invalid_grant",
    );

    // The first refresh token again: someone kept a copy. The whole grant dies.
    expect_oauth_error(
        refresh(&app, &client_id, &secret, &refresh1).await,
        400,
        "invalid_grant",
    );
    app.get("/api/user")
        .token(&access2)
        .send()
        .await
        .expect_error(401, "unauthenticated");
    expect_oauth_error(
        refresh(&app, &client_id, &secret, &refresh2).await,
        400,
        "invalid_grant",
    );
}

async fn revocation_ends_tokens_and_answers_200_for_any_token(app: TestApp) {
    let owner = app.owner_token().await;
    // A public client: PKCE only, `client_id` in the body, no secret.
    let (client_id, _, _) = register(&app, &owner, "public", &["crm:read", "account:read"]).await;
    let (verifier, challenge) = pkce();
    let code = code_for(&app, &owner, &client_id, &challenge).await;
    let with_secret = exchange(&app, &client_id, "wtcs_anything", &code, &verifier).await;
    expect_oauth_error(with_secret, 401, "invalid_client");
    let tokens = post_form(
        &app,
        "/api/oauth/token",
        &[
            ("grant_type", "authorization_code"),
            ("code", &code),
            ("redirect_uri", REDIRECT),
            ("code_verifier", &verifier),
            ("client_id", &client_id),
        ],
    )
    .await
    .expect(200);
    let (access, refresh_token) = (field(&tokens, "access_token"), field(&tokens, "refresh_token"));

    let revoke = |token: String| {
        let app = &app;
        let client_id = client_id.clone();
        async move {
            post_form(
                app,
                "/api/oauth/revoke",
                &[("token", &token), ("client_id", &client_id)],
            )
            .await
        }
    };
    revoke(access.clone()).await.expect(200);
    app.get("/api/user").token(&access).send().await.expect(401);
    // Revoking an access token leaves the refresh token; revoking that ends the grant.
    let next = post_form(
        &app,
        "/api/oauth/token",
        &[
            ("grant_type", "refresh_token"),
            ("refresh_token", &refresh_token),
            ("client_id", &client_id),
        ],
    )
    .await
    .expect(200);
    let (access2, refresh2) = (field(&next, "access_token"), field(&next, "refresh_token"));
    app.get("/api/user").token(&access2).send().await.expect(200);
    revoke(refresh2.clone()).await.expect(200);
    app.get("/api/user").token(&access2).send().await.expect(401);
    let after = post_form(
        &app,
        "/api/oauth/token",
        &[
            ("grant_type", "refresh_token"),
            ("refresh_token", &refresh2),
            ("client_id", &client_id),
        ],
    )
    .await;
    expect_oauth_error(after, 400, "invalid_grant");
    revoke("wto_unknown".into()).await.expect(200);
    revoke(refresh2).await.expect(200);
    // As JSON, a parameter the endpoint does not know is ignored whatever its type.
    app.post("/api/oauth/revoke")
        .json(json!({"token": "wto_unknown", "client_id": client_id, "extra": [1, {"a": null}]}))
        .send()
        .await
        .expect(200);
    expect_oauth_error(
        post_form(
            &app,
            "/api/oauth/revoke",
            &[("token", "x"), ("client_id", "wtc_unknown")],
        )
        .await,
        401,
        "invalid_client",
    );
    expect_oauth_error(
        post_form(&app, "/api/oauth/revoke", &[("client_id", &client_id)]).await,
        400,
        "invalid_request",
    );
}

async fn client_credentials_act_as_the_registering_user_within_the_client_scopes(app: TestApp) {
    let owner = app.owner_token().await;
    let (client_id, secret, id) = register(&app, &owner, "confidential", &["crm:read", "account:write"]).await;
    let token = |scope: Option<&'static str>| {
        let (app, client_id, secret) = (&app, client_id.clone(), secret.clone());
        async move {
            let mut pairs = vec![
                ("grant_type", "client_credentials"),
                ("client_id", client_id.as_str()),
                ("client_secret", secret.as_str()),
            ];
            if let Some(scope) = scope {
                pairs.push(("scope", scope));
            }
            post_form(app, "/api/oauth/token", &pairs).await
        }
    };
    let issued = token(None).await.expect(200);
    assert_eq!(issued.body["scope"], "crm.read account.write");
    assert!(issued.body.get("refresh_token").is_none(), "{}", issued.body);
    let access = field(&issued, "access_token");
    app.get("/api/leads").token(&access).send().await.expect(200);
    app.post("/api/lead/create")
        .token(&access)
        .json(json!({"name": "No"}))
        .send()
        .await
        .expect_error(403, "forbidden");
    // An app may not mint a key that outlives its grant, even with `account:write`.
    app.post("/api/v1/settings/api-keys")
        .token(&access)
        .json(json!({"name": "escape"}))
        .send()
        .await
        .expect_error(403, "forbidden");
    let narrowed = token(Some("crm:read")).await.expect(200);
    assert_eq!(narrowed.body["scope"], "crm.read");
    expect_oauth_error(token(Some("hr:read")).await, 400, "invalid_scope");

    // Public clients have no secret to prove themselves with.
    let (public_id, _, _) = register(&app, &owner, "public", &["crm:read"]).await;
    expect_oauth_error(
        post_form(
            &app,
            "/api/oauth/token",
            &[("grant_type", "client_credentials"), ("client_id", &public_id)],
        )
        .await,
        400,
        "unauthorized_client",
    );

    // Deleting the client revokes its tokens and its credentials.
    app.delete(&format!("/api/oauth/clients/{id}"))
        .token(&owner)
        .send()
        .await
        .expect(200);
    app.get("/api/leads")
        .token(&access)
        .send()
        .await
        .expect_error(401, "unauthenticated");
    expect_oauth_error(token(None).await, 401, "invalid_client");
}

/// The client credentials grant for a confidential client.
async fn client_token(app: &TestApp, client_id: &str, secret: &str) -> Resp {
    post_form(
        app,
        "/api/oauth/token",
        &[
            ("grant_type", "client_credentials"),
            ("client_id", client_id),
            ("client_secret", secret),
        ],
    )
    .await
}

async fn no_token_is_minted_for_a_deleted_user(app: TestApp) {
    let owner = app.owner_token().await;
    let (admin_id, admin) = app.user_with_role("admin").await;
    let (client_id, secret, _) = register(&app, &admin, "confidential", &["crm:read", "account:read"]).await;
    let (verifier, challenge) = pkce();
    let code = code_for(&app, &admin, &client_id, &challenge).await;
    let issued = exchange(&app, &client_id, &secret, &code, &verifier).await.expect(200);
    let refresh_token = field(&issued, "refresh_token");
    let (verifier2, challenge2) = pkce();
    let unspent = code_for(&app, &admin, &client_id, &challenge2).await;
    client_token(&app, &client_id, &secret).await.expect(200);

    app.delete(&format!("/api/user/delete/{admin_id}"))
        .token(&owner)
        .send()
        .await
        .expect(200);
    expect_oauth_error(
        refresh(&app, &client_id, &secret, &refresh_token).await,
        400,
        "invalid_grant",
    );
    expect_oauth_error(
        exchange(&app, &client_id, &secret, &unspent, &verifier2).await,
        400,
        "invalid_grant",
    );
    // Client credentials act as the user who registered the client, who is gone.
    expect_oauth_error(client_token(&app, &client_id, &secret).await, 401, "invalid_client");
    // The client itself still serves the workspace's other users.
    let (verifier3, challenge3) = pkce();
    let code = code_for(&app, &owner, &client_id, &challenge3).await;
    exchange(&app, &client_id, &secret, &code, &verifier3).await.expect(200);
}

/// Sets or clears `suspended_at` on the test workspace, as its platform's suspension does.
async fn set_suspended(app: &TestApp, at: Value) {
    use shared::store::{Condition, Write};
    let key = shared::auth::records::workspace_key(app.tenant);
    let mut item = app.state.store().get(&key).await.unwrap().expect("the workspace");
    item.data.insert("suspended_at".into(), at);
    app.state
        .store()
        .write(Write::put(item, Condition::Exists))
        .await
        .unwrap();
}

async fn no_token_is_minted_for_a_suspended_workspace(app: TestApp) {
    let owner = app.owner_token().await;
    let (client_id, secret, _) = register(&app, &owner, "confidential", &["crm:read", "account:read"]).await;
    let (verifier, challenge) = pkce();
    let code = code_for(&app, &owner, &client_id, &challenge).await;
    let issued = exchange(&app, &client_id, &secret, &code, &verifier).await.expect(200);
    let refresh_token = field(&issued, "refresh_token");
    let (verifier2, challenge2) = pkce();
    let unspent = code_for(&app, &owner, &client_id, &challenge2).await;

    set_suspended(&app, json!("2026-01-01T00:00:00Z")).await;
    expect_oauth_error(
        refresh(&app, &client_id, &secret, &refresh_token).await,
        401,
        "invalid_client",
    );
    expect_oauth_error(
        exchange(&app, &client_id, &secret, &unspent, &verifier2).await,
        401,
        "invalid_client",
    );
    expect_oauth_error(client_token(&app, &client_id, &secret).await, 401, "invalid_client");

    // Resumed, the same refresh token and code work: the refusals spent nothing.
    set_suspended(&app, Value::Null).await;
    refresh(&app, &client_id, &secret, &refresh_token).await.expect(200);
    exchange(&app, &client_id, &secret, &unspent, &verifier2)
        .await
        .expect(200);
}

async fn registration_refuses_redirect_uris_without_a_host_with_userinfo_or_a_wildcard(app: TestApp) {
    let owner = app.owner_token().await;
    for uri in [
        "https:///cb",
        "https:/cb",
        "https:cb",
        "https://*.example.com/cb",
        "https://app.*/cb",
        "https://*/cb",
        "https://user@app.example.com/cb",
        "https://user:pass@app.example.com/cb",
        "https://@app.example.com/cb",
        "http://user@localhost/cb",
        "https://app.example.com/cb#",
    ] {
        let refused = app
            .post("/api/oauth/clients")
            .token(&owner)
            .json(json!({"name": "x", "redirect_uris": [uri], "scopes": ["crm:read"]}))
            .send()
            .await
            .expect_invalid("redirect_uris");
        assert!(
            refused.body["errors"]["redirect_uris"][0]
                .as_str()
                .unwrap()
                .contains(uri),
            "{uri}: {}",
            refused.body
        );
    }
    let list = app.get("/api/oauth/clients").token(&owner).send().await.expect(200);
    assert_eq!(list.body["meta"]["total"], 0, "nothing registered");
    // Exact hosts, ports and loopback development URIs stay accepted.
    let accepted = app
        .post("/api/oauth/clients")
        .token(&owner)
        .json(json!({"name": "ok", "redirect_uris": [
            "https://app.example.com:8443/cb?x=1", "http://localhost:3000/cb", "http://[::1]/cb"
        ], "scopes": ["crm:read"]}))
        .send()
        .await
        .expect(201);
    assert_eq!(accepted.body["redirect_uris"][0], "https://app.example.com:8443/cb?x=1");
}

async fn another_workspace_cannot_use_a_client_and_the_metadata_describes_the_server(app: TestApp) {
    let owner = app.owner_token().await;
    let (client_id, secret, id) = register(&app, &owner, "confidential", &["crm:read"]).await;
    let (_, email, password) = app.second_workspace().await;
    let other = app.login(&email, &password).await;
    let (verifier, challenge) = pkce();
    consent(&app, &other, &client_id, &challenge, json!({"scope": "crm:read"}))
        .await
        .expect_invalid("client_id");
    app.get(&format!("/api/oauth/clients/{id}"))
        .token(&other)
        .send()
        .await
        .expect_error(404, "not_found");
    // A code of the first workspace's user is not the other workspace's client's.
    let (other_client, other_secret, _) = register(&app, &other, "confidential", &["crm:read"]).await;
    let code = {
        let resp = consent(&app, &owner, &client_id, &challenge, json!({"scope": "crm:read"}))
            .await
            .expect(200);
        query_param(resp.body["redirect_to"].as_str().unwrap(), "code").unwrap()
    };
    expect_oauth_error(
        exchange(&app, &other_client, &other_secret, &code, &verifier).await,
        400,
        "invalid_grant",
    );
    exchange(&app, &client_id, &secret, &code, &verifier).await.expect(200);

    let meta = app
        .get("/.well-known/oauth-authorization-server")
        .send()
        .await
        .expect(200);
    let issuer = app.base.clone();
    assert_eq!(meta.body["issuer"], issuer.as_str());
    assert_eq!(meta.body["token_endpoint"], format!("{issuer}/api/oauth/token"));
    assert_eq!(meta.body["revocation_endpoint"], format!("{issuer}/api/oauth/revoke"));
    assert_eq!(
        meta.body["authorization_endpoint"],
        format!("{issuer}/api/oauth/authorize")
    );
    assert_eq!(meta.body["code_challenge_methods_supported"], json!(["S256"]));
    assert_eq!(meta.body["response_types_supported"], json!(["code"]));
    assert_eq!(
        meta.body["grant_types_supported"],
        json!(["authorization_code", "refresh_token", "client_credentials"])
    );
    let scopes = meta.body["scopes_supported"].as_array().unwrap();
    assert!(scopes.contains(&json!("crm.read")) && scopes.contains(&json!("sales.write")));
    // The contract's enums are the values the metadata names (one declaration of each).
    let doc = app.get("/api/openapi.json").send().await.expect(200).body;
    let schemas = doc["components"]["schemas"].as_object().unwrap();
    let enum_of = |field: &str| {
        let found: Vec<&Value> = schemas
            .values()
            .filter_map(|s| s["properties"][field].get("enum"))
            .collect();
        assert_eq!(found.len(), 1, "{field}: {found:?}");
        found[0].clone()
    };
    assert_eq!(enum_of("grant_type"), meta.body["grant_types_supported"]);
    assert_eq!(enum_of("response_type"), meta.body["response_types_supported"]);
    assert_eq!(
        enum_of("code_challenge_method"),
        meta.body["code_challenge_methods_supported"]
    );
}

/// Where `GET /api/oauth/authorize?query` sends a browser (the `Location` of its 302).
async fn browser_sent_to(app: &TestApp, query: &[(&str, &str)]) -> String {
    let browser = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let resp = browser
        .get(format!("{}/api/oauth/authorize?{}", app.base, form(query)))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 302);
    assert_eq!(resp.headers()["cache-control"], "no-store");
    resp.headers()["location"].to_str().unwrap().to_owned()
}

async fn a_browser_is_sent_to_the_consent_page_which_names_the_client_or_back_with_the_error(app: TestApp) {
    let owner = app.owner_token().await;
    let (client_id, _, _) = register(&app, &owner, "confidential", &["crm:read", "account:read"]).await;
    let (_, challenge) = pkce();
    let request = [
        ("response_type", "code"),
        ("client_id", client_id.as_str()),
        ("redirect_uri", REDIRECT),
        ("scope", "crm:read"),
        ("state", "s 1"),
        ("code_challenge", challenge.as_str()),
        ("code_challenge_method", "S256"),
    ];
    // A good request goes to the dashboard's consent page with its query unchanged.
    assert_eq!(
        browser_sent_to(&app, &request).await,
        format!("/#/oauth/authorize?{}", form(&request))
    );
    // Faulty, but naming a registered client and redirect URI: back to the client with the error
    // and the state (RFC 6749 §4.1.2.1).
    for (name, value, error) in [
        ("scope", "crm:write", "invalid_scope"),
        ("response_type", "token", "unsupported_response_type"),
        ("code_challenge_method", "plain", "invalid_request"),
    ] {
        let mut faulty = request.to_vec();
        faulty.retain(|(n, _)| *n != name);
        faulty.push((name, value));
        let to = browser_sent_to(&app, &faulty).await;
        assert!(to.starts_with(&format!("{REDIRECT}?")), "{name}: {to}");
        assert_eq!(query_param(&to, "error").as_deref(), Some(error), "{to}");
        assert!(query_param(&to, "error_description").is_some_and(|d| !d.is_empty()));
        assert_eq!(query_param(&to, "state").as_deref(), Some("s 1"));
        assert_eq!(query_param(&to, "code"), None);
    }
    // An unknown client or an unregistered redirect URI is never sent anything: the page shows it.
    for (name, value) in [("client_id", "wtc_nope"), ("redirect_uri", "https://evil.example/cb")] {
        let mut faulty = request.to_vec();
        faulty.retain(|(n, _)| *n != name);
        faulty.push((name, value));
        assert!(browser_sent_to(&app, &faulty).await.starts_with("/#/oauth/authorize?"));
    }

    // The page's description of the request, for the logged-in user of the client's workspace.
    let query = form(&request);
    let described = app
        .get(&format!("/api/oauth/consent?{query}"))
        .token(&owner)
        .send()
        .await
        .expect(200);
    assert_eq!(described.body["client"]["name"], "confidential app");
    assert_eq!(described.body["client"]["client_id"], client_id.as_str());
    assert_eq!(described.body["client"]["type"], "confidential");
    assert_eq!(described.body["scopes"], json!(["crm.read"]));
    assert_eq!(described.body["redirect_uri"], REDIRECT);
    let all = form(&request[..3]);
    let described = app
        .get(&format!("/api/oauth/consent?{all}"))
        .token(&owner)
        .send()
        .await
        .expect(200);
    assert_eq!(
        described.body["scopes"],
        json!(["crm.read", "account.read"]),
        "no scope: all of the client's"
    );
    let bad_scope = query.replace("crm%3Aread", "crm%3Awrite");
    app.get(&format!("/api/oauth/consent?{bad_scope}"))
        .token(&owner)
        .send()
        .await
        .expect_invalid("scope");
    // Another workspace's user sees no such client; a key cannot ask.
    let (_, email, password) = app.second_workspace().await;
    let other = app.login(&email, &password).await;
    app.get(&format!("/api/oauth/consent?{query}"))
        .token(&other)
        .send()
        .await
        .expect_invalid("client_id");
    let key = app.api_key(&owner, "live").await;
    app.get(&format!("/api/oauth/consent?{query}"))
        .token(&key)
        .send()
        .await
        .expect_error(403, "forbidden");
}

async fn pkce_is_required_of_public_clients_and_optional_for_confidential_ones(app: TestApp) {
    let owner = app.owner_token().await;
    let without_pkce = json!({"code_challenge": null, "code_challenge_method": null});
    let (public_id, _, _) = register(&app, &owner, "public", &["crm:read", "account:read"]).await;
    consent(&app, &owner, &public_id, "", without_pkce.clone())
        .await
        .expect_invalid("code_challenge");

    // A confidential client without PKCE: its secret proves the code is its own.
    let (client_id, secret, _) = register(&app, &owner, "confidential", &["crm:read", "account:read"]).await;
    let resp = consent(&app, &owner, &client_id, "", without_pkce).await.expect(200);
    let code = query_param(resp.body["redirect_to"].as_str().unwrap(), "code").unwrap();
    // A verifier for a code issued without a challenge is a downgrade: refused (RFC 9700 §2.1.1).
    let (verifier, _) = pkce();
    expect_oauth_error(
        exchange(&app, &client_id, &secret, &code, &verifier).await,
        400,
        "invalid_grant",
    );
    let no_verifier = [
        ("grant_type", "authorization_code"),
        ("code", code.as_str()),
        ("redirect_uri", REDIRECT),
        ("client_id", client_id.as_str()),
        ("client_secret", secret.as_str()),
    ];
    let tokens = post_form(&app, "/api/oauth/token", &no_verifier).await.expect(200);
    app.get("/api/user")
        .token(&field(&tokens, "access_token"))
        .send()
        .await
        .expect(200);

    // A code issued with a challenge needs its verifier.
    let (_, challenge) = pkce();
    let code = code_for(&app, &owner, &client_id, &challenge).await;
    let mut without = no_verifier.to_vec();
    without[1] = ("code", code.as_str());
    expect_oauth_error(
        post_form(&app, "/api/oauth/token", &without).await,
        400,
        "invalid_request",
    );
}

/// With `PUBLIC_BASE_URL` the issuer is fixed, whatever `Host` a request names.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_configured_public_url_is_the_issuer_whatever_the_host() {
    let app = TestApp::start(Backend::Sqlite, &[("PUBLIC_BASE_URL", "https://api.example.com")])
        .await
        .expect("SQLite needs no service");
    let meta = app
        .get("/.well-known/oauth-authorization-server")
        .header("host", "evil.example")
        .send()
        .await
        .expect(200);
    assert_eq!(meta.body["issuer"], "https://api.example.com");
    assert_eq!(meta.body["token_endpoint"], "https://api.example.com/api/oauth/token");
}

on_both_stores!(
    registration_shows_the_secret_once_and_checks_uris_scopes_and_permission,
    the_code_flow_needs_pkce_s256_the_exact_redirect_and_spends_the_code_once,
    a_refresh_rotates_both_tokens_and_a_reused_refresh_token_revokes_the_grant,
    revocation_ends_tokens_and_answers_200_for_any_token,
    client_credentials_act_as_the_registering_user_within_the_client_scopes,
    another_workspace_cannot_use_a_client_and_the_metadata_describes_the_server,
    no_token_is_minted_for_a_deleted_user,
    no_token_is_minted_for_a_suspended_workspace,
    registration_refuses_redirect_uris_without_a_host_with_userinfo_or_a_wildcard,
    a_browser_is_sent_to_the_consent_page_which_names_the_client_or_back_with_the_error,
    pkce_is_required_of_public_clients_and_optional_for_confidential_ones
);
