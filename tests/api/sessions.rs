//! Login, refresh, logout, password change and token validation.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use serde_json::json;
use shared::auth::session::Claims;

use crate::harness::{TestApp, OWNER_EMAIL, OWNER_PASSWORD};
use crate::on_both_stores;

async fn login_returns_a_bearer_token_that_opens_the_api(app: TestApp) {
    let resp = app
        .post("/api/login")
        .json(json!({"email": OWNER_EMAIL, "password": OWNER_PASSWORD}))
        .send()
        .await
        .expect(200);
    assert_eq!(resp.body["token_type"], "Bearer");
    assert_eq!(resp.body["expires_in"], 3600);
    assert_eq!(resp.body["user"]["email"], OWNER_EMAIL);
    assert!(resp.body["user"].get("password_hash").is_none(), "never the hash");
    let token = resp.body["token"].as_str().unwrap();
    let me = app.get("/api/user").token(token).send().await.expect(200);
    assert_eq!(me.body["email"], OWNER_EMAIL);
    assert_eq!(me.body["role"], "owner");
}

async fn login_is_case_insensitive_on_the_email(app: TestApp) {
    app.login(&OWNER_EMAIL.to_uppercase(), OWNER_PASSWORD).await;
}

async fn wrong_credentials_are_401_with_one_message_whether_or_not_the_email_exists(app: TestApp) {
    let wrong_password = app
        .post("/api/login")
        .json(json!({"email": OWNER_EMAIL, "password": "nope-nope"}))
        .send()
        .await
        .expect_error(401, "unauthenticated");
    let unknown = app
        .post("/api/login")
        .json(json!({"email": "nobody@example.com", "password": "nope-nope"}))
        .send()
        .await
        .expect_error(401, "unauthenticated");
    assert_eq!(wrong_password.body["message"], unknown.body["message"]);
    assert!(wrong_password.body.get("token").is_none());
}

async fn repeated_failures_for_one_email_are_throttled_with_retry_after(app: TestApp) {
    // Five failures answer 401; the sixth attempt is 429.
    for attempt in 1..=5 {
        let resp = app
            .post("/api/login")
            .json(json!({"email": OWNER_EMAIL, "password": "wrong-password"}))
            .send()
            .await;
        assert_eq!(resp.status, 401, "attempt {attempt}: {}", resp.body);
    }
    // Even the right password waits out the window: the throttle guards the account.
    let resp = app
        .post("/api/login")
        .json(json!({"email": OWNER_EMAIL, "password": OWNER_PASSWORD}))
        .send()
        .await
        .expect_error(429, "rate_limited");
    // Until the estimate of the last 15 minutes' failures drops under five: about a fifth of the
    // window (less this test's own seconds if it straddled a window's edge) at the soonest, the
    // rest of this window and a fifth of the next at the latest.
    let retry_after: u64 = resp.header("retry-after").unwrap().parse().unwrap();
    assert!((150..=1080).contains(&retry_after), "{retry_after}");
}

async fn the_throttle_answers_alike_whether_or_not_the_address_has_an_account(app: TestApp) {
    let mut answers = Vec::new();
    for email in [OWNER_EMAIL, "ghost@example.com"] {
        let mut seen = Vec::new();
        for _ in 0..6 {
            let resp = app
                .post("/api/login")
                .json(json!({"email": email, "password": "wrong-password"}))
                .send()
                .await;
            seen.push((resp.status, resp.body["code"].clone(), resp.body["message"].clone()));
        }
        answers.push(seen);
    }
    let statuses: Vec<u16> = answers[0].iter().map(|(status, _, _)| *status).collect();
    assert_eq!(statuses, [401, 401, 401, 401, 401, 429]);
    assert_eq!(
        answers[0], answers[1],
        "an unknown address gets the same count, statuses and messages"
    );
}

async fn logging_in_again_revokes_neither_api_keys_nor_other_sessions(app: TestApp) {
    let first = app.owner_token().await;
    let key = app
        .post("/api/v1/settings/api-keys")
        .token(&first)
        .json(json!({"name": "ci"}))
        .send()
        .await
        .expect(201);
    let key = key.body["key"].as_str().unwrap().to_owned();
    let _second = app.owner_token().await;
    app.get("/api/user").token(&first).send().await.expect(200);
    app.get("/api/user").token(&key).send().await.expect(200);
}

async fn refresh_returns_a_new_token_and_the_old_one_stops_working(app: TestApp) {
    let old = app.owner_token().await;
    let resp = app.post("/api/refresh").token(&old).send().await.expect(200);
    let new = resp.body["token"].as_str().unwrap().to_owned();
    assert_ne!(new, old);
    assert_eq!(resp.body["token_type"], "Bearer");
    app.get("/api/user").token(&new).send().await.expect(200);
    app.get("/api/user")
        .token(&old)
        .send()
        .await
        .expect_error(401, "unauthenticated");
}

async fn presenting_a_rotated_token_revokes_the_whole_session(app: TestApp) {
    let old = app.owner_token().await;
    let new = app.post("/api/refresh").token(&old).send().await.expect(200).body["token"]
        .as_str()
        .unwrap()
        .to_owned();
    // The stale token is replayed (stolen?): the session dies, so the new token dies with it.
    app.post("/api/refresh").token(&old).send().await.expect(401);
    app.get("/api/user").token(&new).send().await.expect(401);
}

async fn refresh_refuses_api_keys(app: TestApp) {
    let token = app.owner_token().await;
    let key = app
        .post("/api/v1/settings/api-keys")
        .token(&token)
        .json(json!({"name": "k"}))
        .send()
        .await
        .expect(201);
    app.post("/api/refresh")
        .token(key.body["key"].as_str().unwrap())
        .send()
        .await
        .expect_error(422, "not_a_session");
}

async fn logout_ends_the_session_at_once_and_only_that_session(app: TestApp) {
    let token = app.owner_token().await;
    let other = app.owner_token().await;
    app.post("/api/logout").token(&token).send().await.expect(200);
    app.get("/api/user")
        .token(&token)
        .send()
        .await
        .expect_error(401, "unauthenticated");
    app.post("/api/refresh").token(&token).send().await.expect(401);
    app.get("/api/user").token(&other).send().await.expect(200);
}

async fn logout_with_an_api_key_is_refused_and_the_key_keeps_working(app: TestApp) {
    let token = app.owner_token().await;
    let key = app
        .post("/api/v1/settings/api-keys")
        .token(&token)
        .json(json!({"name": "k"}))
        .send()
        .await
        .expect(201);
    let key = key.body["key"].as_str().unwrap();
    app.post("/api/logout")
        .token(key)
        .send()
        .await
        .expect_error(422, "not_a_session");
    app.get("/api/user").token(key).send().await.expect(200);
}

async fn expired_tampered_foreign_and_alg_none_tokens_are_401(app: TestApp) {
    let token = app.owner_token().await;
    let claims: Claims = {
        let body = token.split('.').nth(1).unwrap();
        serde_json::from_slice(&URL_SAFE_NO_PAD.decode(body).unwrap()).unwrap()
    };
    // Expired: same session, signed by us, but past its expiry.
    let mut expired = claims.clone();
    expired.exp = shared::time::now_unix() - 10;
    let expired = app.state.jwt().sign(&expired).unwrap();
    app.get("/api/user")
        .token(&expired)
        .send()
        .await
        .expect_error(401, "unauthenticated");
    // Tampered: the payload claims another user, the signature is the original's.
    let mut parts: Vec<String> = token.split('.').map(str::to_owned).collect();
    let mut forged = claims.clone();
    forged.sub = "2".into();
    parts[1] = URL_SAFE_NO_PAD.encode(serde_json::to_vec(&forged).unwrap());
    app.get("/api/user").token(&parts.join(".")).send().await.expect(401);
    // alg none.
    let header = URL_SAFE_NO_PAD.encode(br#"{"alg":"none","typ":"JWT"}"#);
    let none = format!(
        "{header}.{}.",
        URL_SAFE_NO_PAD.encode(serde_json::to_vec(&claims).unwrap())
    );
    app.get("/api/user").token(&none).send().await.expect(401);
    // Signed with another secret.
    let foreign = shared::auth::session::JwtKeys::new(b"some-other-secret-some-other-secret!!")
        .sign(&claims)
        .unwrap();
    app.get("/api/user").token(&foreign).send().await.expect(401);
    // The genuine token still works.
    app.get("/api/user").token(&token).send().await.expect(200);
}

async fn change_password_needs_the_current_one_and_ends_other_sessions(app: TestApp) {
    let token = app.owner_token().await;
    let other = app.owner_token().await;
    let key = app
        .post("/api/v1/settings/api-keys")
        .token(&token)
        .json(json!({"name": "k"}))
        .send()
        .await
        .expect(201);
    let key = key.body["key"].as_str().unwrap().to_owned();

    app.post("/api/change-password")
        .token(&token)
        .json(json!({"current_password": "wrong", "password": "brand-new-pass"}))
        .send()
        .await
        .expect_invalid("current_password");
    app.post("/api/change-password")
        .token(&token)
        .json(json!({"current_password": OWNER_PASSWORD, "password": "short"}))
        .send()
        .await
        .expect_invalid("password");
    app.post("/api/change-password")
        .token(&token)
        .json(json!({
            "current_password": OWNER_PASSWORD, "password": "brand-new-pass", "password_confirmation": "different"
        }))
        .send()
        .await
        .expect_invalid("password_confirmation");
    // Nothing changed by the refusals: the old password still logs in.
    app.login(OWNER_EMAIL, OWNER_PASSWORD).await;

    app.post("/api/change-password")
        .token(&token)
        .json(json!({"current_password": OWNER_PASSWORD, "password": "brand-new-pass"}))
        .send()
        .await
        .expect(200);
    app.get("/api/user").token(&token).send().await.expect(200);
    app.get("/api/user").token(&other).send().await.expect(401);
    app.get("/api/user").token(&key).send().await.expect(200);
    app.post("/api/login")
        .json(json!({"email": OWNER_EMAIL, "password": OWNER_PASSWORD}))
        .send()
        .await
        .expect(401);
    app.login(OWNER_EMAIL, "brand-new-pass").await;
}

async fn logins_and_failures_appear_in_the_activity_log(app: TestApp) {
    app.post("/api/login")
        .json(json!({"email": OWNER_EMAIL, "password": "wrong-password"}))
        .send()
        .await
        .expect(401);
    let token = app.owner_token().await;
    let log = app
        .get("/api/users/log?sort=-id")
        .token(&token)
        .send()
        .await
        .expect(200);
    let actions: Vec<&str> = log.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["action"].as_str().unwrap())
        .collect();
    assert_eq!(actions[0], "login", "newest first: {actions:?}");
    assert!(actions.contains(&"login_failed"), "{actions:?}");
    assert_eq!(log.body["data"][0]["ip"], "127.0.0.1");
    assert!(log.body["data"][0]["created_at"].as_str().unwrap().ends_with('Z'));
    let failed = app
        .get("/api/users/log?action=login_failed")
        .token(&token)
        .send()
        .await
        .expect(200);
    assert_eq!(failed.body["meta"]["total"], 1);
    app.get("/api/users/log?action=bogus")
        .token(&token)
        .send()
        .await
        .expect_invalid("action");
}

/// The workspace a login's token works in (`GET /api/user`).
async fn workspace_of(app: &TestApp, login: &crate::harness::Resp) -> serde_json::Value {
    let token = login.body["token"].as_str().expect("a token");
    app.get("/api/user").token(token).send().await.expect(200).body["workspace"]["id"].clone()
}

/// The first workspace's owner is also a user of a second workspace, with another password.
async fn owner_also_in_a_second_workspace(app: &TestApp, password: &str) -> shared::store::TenantId {
    let (second, other_email, other_password) = app.second_workspace().await;
    let other = app.login(&other_email, &other_password).await;
    app.post("/api/user/store")
        .token(&other)
        .json(json!({"name": "Owner elsewhere", "email": OWNER_EMAIL, "password": password}))
        .send()
        .await
        .expect(201);
    second
}

fn login_body(password: &str, workspace_id: Option<u64>) -> serde_json::Value {
    let mut body = json!({"email": OWNER_EMAIL, "password": password});
    if let Some(id) = workspace_id {
        body["workspace_id"] = json!(id);
    }
    body
}

async fn an_address_in_two_workspaces_logs_in_to_the_one_whose_password_it_is(app: TestApp) {
    let second = owner_also_in_a_second_workspace(&app, "second-password-1").await;
    for (password, workspace) in [(OWNER_PASSWORD, app.tenant), ("second-password-1", second)] {
        let login = app
            .post("/api/login")
            .json(login_body(password, None))
            .send()
            .await
            .expect(200);
        assert_eq!(workspace_of(&app, &login).await, json!(workspace.0));
    }
    // A wrong password is the one 401, with a failure logged in each workspace it was tried in.
    let wrong = app
        .post("/api/login")
        .json(login_body("neither-password", None))
        .send()
        .await
        .expect_error(401, "unauthenticated");
    let unknown = app
        .post("/api/login")
        .json(json!({"email": "nobody@example.com", "password": "neither-password"}))
        .send()
        .await
        .expect_error(401, "unauthenticated");
    assert_eq!(wrong.body["message"], unknown.body["message"]);
    let owner = app.owner_token().await;
    let failed = app
        .get("/api/users/log?action=login_failed")
        .token(&owner)
        .send()
        .await
        .expect(200);
    assert_eq!(failed.body["meta"]["total"], 1);
}

async fn one_password_in_two_workspaces_asks_which_and_workspace_id_picks(app: TestApp) {
    let second = owner_also_in_a_second_workspace(&app, OWNER_PASSWORD).await;
    let asked = app
        .post("/api/login")
        .json(login_body(OWNER_PASSWORD, None))
        .send()
        .await
        .expect_error(409, "workspace_required");
    assert!(asked.body.get("token").is_none(), "{}", asked.body);
    let mut listed: Vec<(u64, String)> = asked.body["workspaces"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| (w["id"].as_u64().unwrap(), w["name"].as_str().unwrap().to_owned()))
        .collect();
    listed.sort();
    assert_eq!(
        listed,
        [
            (app.tenant.0, "My workspace".to_owned()),
            (second.0, "Other workspace".to_owned())
        ]
    );
    for workspace in [app.tenant, second] {
        let login = app
            .post("/api/login")
            .json(login_body(OWNER_PASSWORD, Some(workspace.0)))
            .send()
            .await
            .expect(200);
        assert_eq!(workspace_of(&app, &login).await, json!(workspace.0));
    }
    // A workspace the address has no login in, or a wrong password for the one picked: the one
    // 401 any failed login gets.
    let unknown = app
        .post("/api/login")
        .json(json!({"email": "nobody@example.com", "password": "nope-nope"}))
        .send()
        .await
        .expect_error(401, "unauthenticated");
    for body in [
        login_body(OWNER_PASSWORD, Some(second.0 + 1000)),
        login_body("not-the-password", Some(second.0)),
    ] {
        let refused = app
            .post("/api/login")
            .json(body)
            .send()
            .await
            .expect_error(401, "unauthenticated");
        assert_eq!(refused.body["message"], unknown.body["message"]);
        assert!(refused.body.get("workspaces").is_none());
    }
}

on_both_stores!(
    login_returns_a_bearer_token_that_opens_the_api,
    login_is_case_insensitive_on_the_email,
    wrong_credentials_are_401_with_one_message_whether_or_not_the_email_exists,
    repeated_failures_for_one_email_are_throttled_with_retry_after,
    the_throttle_answers_alike_whether_or_not_the_address_has_an_account,
    logging_in_again_revokes_neither_api_keys_nor_other_sessions,
    refresh_returns_a_new_token_and_the_old_one_stops_working,
    presenting_a_rotated_token_revokes_the_whole_session,
    refresh_refuses_api_keys,
    logout_ends_the_session_at_once_and_only_that_session,
    logout_with_an_api_key_is_refused_and_the_key_keeps_working,
    expired_tampered_foreign_and_alg_none_tokens_are_401,
    change_password_needs_the_current_one_and_ends_other_sessions,
    logins_and_failures_appear_in_the_activity_log,
    an_address_in_two_workspaces_logs_in_to_the_one_whose_password_it_is,
    one_password_in_two_workspaces_asks_which_and_workspace_id_picks
);
