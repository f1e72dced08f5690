//! The caller's own account against its own keys: a scoped key holds only its scopes, a sandbox
//! key reaches only sandbox objects, and no API key changes how the account logs in.

use serde_json::{json, Value};

use crate::harness::{TestApp, OWNER_EMAIL, OWNER_PASSWORD};
use crate::on_both_stores;

/// Creates a key with `body` (name added) and returns (id, key).
async fn key_with(app: &TestApp, token: &str, body: Value) -> (u64, String) {
    let mut body = body;
    body["name"] = json!("a key");
    let resp = app
        .post("/api/v1/settings/api-keys")
        .token(token)
        .json(body)
        .send()
        .await
        .expect(201);
    (
        resp.body["id"].as_u64().unwrap(),
        resp.body["key"].as_str().unwrap().to_owned(),
    )
}

async fn owner_email(app: &TestApp, session: &str) -> Value {
    app.get("/api/user").token(session).send().await.expect(200).body["email"].clone()
}

async fn a_key_scoped_to_crm_read_cannot_change_the_login_email(app: TestApp) {
    let owner = app.owner_token().await;
    let (_, scoped) = key_with(&app, &owner, json!({"scopes": ["crm.read"]})).await;
    app.get("/api/leads").token(&scoped).send().await.expect(200);
    app.post("/api/edit-profile")
        .token(&scoped)
        .json(json!({"email": "attacker@evil.example"}))
        .send()
        .await
        .expect_error(403, "forbidden");
    assert_eq!(owner_email(&app, &owner).await, OWNER_EMAIL);
    app.login(OWNER_EMAIL, OWNER_PASSWORD).await;
}

async fn a_key_scoped_to_crm_read_cannot_change_the_password(app: TestApp) {
    let owner = app.owner_token().await;
    let (_, scoped) = key_with(&app, &owner, json!({"scopes": ["crm.read"]})).await;
    app.post("/api/change-password")
        .token(&scoped)
        .json(json!({"current_password": OWNER_PASSWORD, "password": "taken-over-1"}))
        .send()
        .await
        .expect_error(403, "forbidden");
    app.login(OWNER_EMAIL, OWNER_PASSWORD).await;
    app.get("/api/user").token(&owner).send().await.expect(200);
}

async fn a_key_scoped_to_crm_read_cannot_list_or_revoke_keys(app: TestApp) {
    let owner = app.owner_token().await;
    let (live_id, live) = key_with(&app, &owner, json!({})).await;
    let (_, scoped) = key_with(&app, &owner, json!({"scopes": ["crm.read"]})).await;
    app.get("/api/v1/settings/api-keys")
        .token(&scoped)
        .send()
        .await
        .expect_error(403, "forbidden");
    app.delete(&format!("/api/v1/settings/api-keys/{live_id}"))
        .token(&scoped)
        .send()
        .await
        .expect_error(403, "forbidden");
    app.get("/api/user").token(&live).send().await.expect(200);
}

async fn a_key_scoped_to_account_read_sees_itself_but_changes_nothing(app: TestApp) {
    let owner = app.owner_token().await;
    let (_, reader) = key_with(&app, &owner, json!({"scopes": ["account.read"]})).await;
    assert_eq!(
        app.get("/api/user").token(&reader).send().await.expect(200).body["permissions"],
        json!(["account.read"])
    );
    app.post("/api/edit-profile")
        .token(&reader)
        .json(json!({"name": "Renamed"}))
        .send()
        .await
        .expect_error(403, "forbidden");
    app.post("/api/v1/settings/api-keys")
        .token(&reader)
        .json(json!({"name": "wider"}))
        .send()
        .await
        .expect_error(403, "forbidden");
}

async fn a_sandbox_key_lists_and_revokes_test_keys_only(app: TestApp) {
    let owner = app.owner_token().await;
    let (live_id, live) = key_with(&app, &owner, json!({})).await;
    let (test_id, test) = key_with(&app, &owner, json!({"mode": "test"})).await;
    let listed = app
        .get("/api/v1/settings/api-keys")
        .token(&test)
        .send()
        .await
        .expect(200);
    let ids: Vec<u64> = listed.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| k["id"].as_u64().unwrap())
        .collect();
    assert_eq!(ids, [test_id], "{}", listed.body);
    app.delete(&format!("/api/v1/settings/api-keys/{live_id}"))
        .token(&test)
        .send()
        .await
        .expect_error(404, "not_found");
    app.get("/api/user").token(&live).send().await.expect(200);
    // Its own kind it manages: a new test key, then that key revoked.
    let (other_test_id, other_test) = key_with(&app, &test, json!({})).await;
    assert!(other_test.starts_with("wt_test_"));
    app.delete(&format!("/api/v1/settings/api-keys/{other_test_id}"))
        .token(&test)
        .send()
        .await
        .expect(200);
    app.get("/api/user").token(&other_test).send().await.expect(401);
}

async fn a_sandbox_key_cannot_edit_the_live_profile(app: TestApp) {
    let owner = app.owner_token().await;
    let (_, test) = key_with(&app, &owner, json!({"mode": "test"})).await;
    app.post("/api/edit-profile")
        .token(&test)
        .json(json!({"name": "Sandboxed"}))
        .send()
        .await
        .expect_error(403, "forbidden");
    let photo = reqwest::multipart::Form::new().part(
        "photo",
        reqwest::multipart::Part::bytes(b"\x89PNG\r\n\x1a\n0000".to_vec()).file_name("a.png"),
    );
    app.post("/api/upload-photos")
        .token(&test)
        .multipart(photo)
        .send()
        .await
        .expect_error(403, "forbidden");
    let me = app.get("/api/user").token(&owner).send().await.expect(200);
    assert_eq!(me.body["name"], "Owner");
    assert!(me.body["photo_url"].is_null(), "{}", me.body);
}

async fn an_unscoped_live_key_renames_but_never_changes_the_login(app: TestApp) {
    let owner = app.owner_token().await;
    let (_, key) = key_with(&app, &owner, json!({})).await;
    app.post("/api/edit-profile")
        .token(&key)
        .json(json!({"name": "Renamed by key"}))
        .send()
        .await
        .expect(200);
    app.post("/api/edit-profile")
        .token(&key)
        .json(json!({"email": "attacker@evil.example", "current_password": OWNER_PASSWORD}))
        .send()
        .await
        .expect_error(403, "forbidden");
    app.post("/api/change-password")
        .token(&key)
        .json(json!({"current_password": OWNER_PASSWORD, "password": "taken-over-1"}))
        .send()
        .await
        .expect_error(403, "forbidden");
    app.delete("/api/delete-account")
        .token(&key)
        .json(json!({"password": OWNER_PASSWORD}))
        .send()
        .await
        .expect_error(403, "forbidden");
    assert_eq!(owner_email(&app, &owner).await, OWNER_EMAIL);
    app.login(OWNER_EMAIL, OWNER_PASSWORD).await;
}

async fn an_unscoped_live_key_cannot_change_a_login_through_the_user_routes(app: TestApp) {
    let owner = app.owner_token().await;
    let (_, key) = key_with(&app, &owner, json!({})).await;
    let owner_id = app.get("/api/user").token(&owner).send().await.expect(200).body["id"]
        .as_u64()
        .unwrap();
    let (staff_id, staff_email, staff_password) = app.create_user(&owner, "staff").await;
    app.post(&format!("/api/user/update/{owner_id}"))
        .token(&key)
        .json(json!({"email": "attacker@evil.example"}))
        .send()
        .await
        .expect_error(403, "forbidden");
    app.post(&format!("/api/user/reset-password/{staff_id}"))
        .token(&key)
        .json(json!({"password": "taken-over-1"}))
        .send()
        .await
        .expect_error(403, "forbidden");
    app.login(OWNER_EMAIL, OWNER_PASSWORD).await;
    app.login(&staff_email, &staff_password).await;
    // Everything else about a user a key with `users.write` may change.
    let renamed = app
        .post(&format!("/api/user/update/{staff_id}"))
        .token(&key)
        .json(json!({"name": "Renamed", "email": staff_email}))
        .send()
        .await
        .expect(200);
    assert_eq!(renamed.body["name"], "Renamed");
}

async fn changing_the_login_email_needs_the_current_password(app: TestApp) {
    let session = app.owner_token().await;
    app.post("/api/edit-profile")
        .token(&session)
        .json(json!({"email": "new@example.com"}))
        .send()
        .await
        .expect_invalid("current_password");
    app.post("/api/edit-profile")
        .token(&session)
        .json(json!({"email": "new@example.com", "current_password": "wrong"}))
        .send()
        .await
        .expect_invalid("current_password");
    assert_eq!(owner_email(&app, &session).await, OWNER_EMAIL);
    app.post("/api/edit-profile")
        .token(&session)
        .json(json!({"email": "new@example.com", "current_password": OWNER_PASSWORD}))
        .send()
        .await
        .expect(200);
    app.login("new@example.com", OWNER_PASSWORD).await;
}

async fn a_session_changes_its_own_login_through_the_user_routes_only_with_the_current_password(app: TestApp) {
    let session = app.owner_token().await;
    let me = app.get("/api/user").token(&session).send().await.expect(200);
    let own = me.body["id"].as_u64().unwrap();
    let update = format!("/api/user/update/{own}");
    let reset = format!("/api/user/reset-password/{own}");
    for current in [None, Some("wrong-password")] {
        let with = |mut body: Value| {
            if let Some(current) = current {
                body["current_password"] = json!(current);
            }
            body
        };
        app.post(&update)
            .token(&session)
            .json(with(json!({"email": "stolen@evil.example"})))
            .send()
            .await
            .expect_invalid("current_password");
        app.post(&reset)
            .token(&session)
            .json(with(json!({"password": "taken-over-password"})))
            .send()
            .await
            .expect_invalid("current_password");
        app.post(&reset)
            .token(&session)
            .json(with(json!({})))
            .send()
            .await
            .expect_invalid("current_password");
    }
    // Nothing changed: the same address, the same password, the session still alive.
    let after = app.get("/api/user").token(&session).send().await.expect(200);
    assert_eq!(after.body["email"], OWNER_EMAIL);
    assert_eq!(after.body["version"], me.body["version"]);
    app.login(OWNER_EMAIL, OWNER_PASSWORD).await;
    // A rename of oneself needs no password; only the login does.
    app.post(&update)
        .token(&session)
        .json(json!({"name": "Owner renamed", "email": OWNER_EMAIL}))
        .send()
        .await
        .expect(200);
    // With it, both work, as edit-profile and change-password do.
    let changed = app
        .post(&update)
        .token(&session)
        .json(json!({"email": "owner-new@example.com", "current_password": OWNER_PASSWORD}))
        .send()
        .await
        .expect(200);
    assert_eq!(changed.body["email"], "owner-new@example.com");
    app.post(&reset)
        .token(&session)
        .json(json!({"password": "owner-password-2", "current_password": OWNER_PASSWORD}))
        .send()
        .await
        .expect(200);
    app.login("owner-new@example.com", "owner-password-2").await;
    // Another user's login an owner still resets without their own password.
    let fresh = app.login("owner-new@example.com", "owner-password-2").await;
    let (staff_id, staff_email, _) = app.create_user(&fresh, "staff").await;
    app.post(&format!("/api/user/reset-password/{staff_id}"))
        .token(&fresh)
        .json(json!({"password": "staff-password-2"}))
        .send()
        .await
        .expect(200);
    app.login(&staff_email, "staff-password-2").await;
}

async fn a_page_past_what_a_u32_holds_is_refused(app: TestApp) {
    let owner = app.owner_token().await;
    app.get("/api/leads?page=18446744073709551615")
        .token(&owner)
        .send()
        .await
        .expect_invalid("page");
    app.get("/api/leads?page=4294967296")
        .token(&owner)
        .send()
        .await
        .expect_invalid("page");
    let last = app
        .get("/api/leads?page=4294967295")
        .token(&owner)
        .send()
        .await
        .expect(200);
    assert_eq!(last.body["meta"]["current_page"], 4294967295u64, "{}", last.body);
    assert_eq!(last.body["data"], json!([]));
}

async fn ids_in_paths_are_canonical_decimals(app: TestApp) {
    let owner = app.owner_token().await;
    let created = app
        .post("/api/lead/create")
        .token(&owner)
        .json(json!({"name": "A", "email": "a@example.com"}))
        .send()
        .await
        .expect(201);
    let id = created.body["id"].as_u64().unwrap();
    app.get(&format!("/api/lead/show/{id}"))
        .token(&owner)
        .send()
        .await
        .expect(200);
    for other in [
        format!("0{id}"),
        format!("+{id}"),
        format!("%2B{id}"),
        format!("{id}.0"),
        "null%2Cnull".into(),
    ] {
        let resp = app
            .get(&format!("/api/lead/show/{other}"))
            .token(&owner)
            .send()
            .await
            .expect_error(404, "not_found");
        assert_eq!(resp.header("content-type"), Some("application/json"), "{other}");
    }
    app.post("/api/user/update/null%2Cnull")
        .token(&owner)
        .json(json!({}))
        .send()
        .await
        .expect_error(404, "not_found");
    app.delete(&format!("/api/v1/settings/api-keys/0{id}"))
        .token(&owner)
        .send()
        .await
        .expect_error(404, "not_found");
}

on_both_stores!(
    a_key_scoped_to_crm_read_cannot_change_the_login_email,
    a_key_scoped_to_crm_read_cannot_change_the_password,
    a_key_scoped_to_crm_read_cannot_list_or_revoke_keys,
    a_key_scoped_to_account_read_sees_itself_but_changes_nothing,
    a_sandbox_key_lists_and_revokes_test_keys_only,
    a_sandbox_key_cannot_edit_the_live_profile,
    an_unscoped_live_key_renames_but_never_changes_the_login,
    an_unscoped_live_key_cannot_change_a_login_through_the_user_routes,
    changing_the_login_email_needs_the_current_password,
    a_session_changes_its_own_login_through_the_user_routes_only_with_the_current_password,
    a_page_past_what_a_u32_holds_is_refused,
    ids_in_paths_are_canonical_decimals
);
