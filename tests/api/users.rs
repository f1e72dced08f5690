//! Users and roles: administration, permissions, owners, tenant isolation.

use serde_json::json;

use crate::harness::TestApp;
use crate::harness::{OWNER_EMAIL, OWNER_PASSWORD};
use crate::on_both_stores;

async fn an_owner_creates_a_user_who_can_log_in(app: TestApp) {
    let token = app.owner_token().await;
    let resp = app
        .post("/api/user/store")
        .token(&token)
        .json(json!({"name": "Ann Lee", "email": "Ann@Example.com", "password": "ann-password", "role": "staff"}))
        .send()
        .await
        .expect(201);
    assert_eq!(resp.body["email"], "ann@example.com");
    assert_eq!(resp.body["type"], "staff");
    assert_eq!(resp.body["verified"], false);
    assert!(resp.body.get("generated_password").is_none());
    assert!(resp.body.get("password_hash").is_none());
    let ann = app.login("ann@example.com", "ann-password").await;
    let me = app.get("/api/user").token(&ann).send().await.expect(200);
    assert_eq!(me.body["name"], "Ann Lee");
    assert!(me.body["permissions"].as_array().unwrap().contains(&json!("crm.write")));
}

async fn a_user_created_without_a_password_gets_one_generated_once(app: TestApp) {
    let token = app.owner_token().await;
    let resp = app
        .post("/api/user/store")
        .token(&token)
        .json(json!({"name": "Gen", "email": "gen@example.com"}))
        .send()
        .await
        .expect(201);
    let generated = resp.body["generated_password"].as_str().unwrap();
    app.login("gen@example.com", generated).await;
    let shown = app.get("/api/users?search=gen").token(&token).send().await.expect(200);
    assert!(!shown.body.to_string().contains(generated));
}

async fn a_duplicate_email_is_422_and_creates_nothing(app: TestApp) {
    let token = app.owner_token().await;
    let before = app.count(app.tenant, "user").await;
    app.post("/api/user/store")
        .token(&token)
        .json(json!({"name": "Dup", "email": OWNER_EMAIL.to_uppercase(), "password": "long-enough-1"}))
        .send()
        .await
        .expect_invalid("email");
    assert_eq!(app.count(app.tenant, "user").await, before);
}

/// Another workspace's user of an address neither blocks it nor shows: creating a user with it
/// answers as with a fresh address, and each logs in to their own workspace with their own password.
async fn an_address_held_in_another_workspace_answers_as_a_fresh_one(app: TestApp) {
    let (second, other_email, other_password) = app.second_workspace().await;
    let other = app.login(&other_email, &other_password).await;
    let create = |email: &str| {
        app.post("/api/user/store")
            .token(&other)
            .json(json!({"name": "Same", "email": email, "password": "second-password-1", "role": "staff"}))
            .send()
    };
    let held = create(OWNER_EMAIL).await.expect(201);
    let fresh = create("fresh@example.com").await.expect(201);
    let shape = |body: &serde_json::Value| {
        let mut keys: Vec<String> = body.as_object().unwrap().keys().cloned().collect();
        keys.sort();
        keys
    };
    assert_eq!(shape(&held.body), shape(&fresh.body));
    for field in ["name", "role", "verified", "version", "photo_url"] {
        assert_eq!(held.body[field], fresh.body[field], "{field}");
    }
    // Still one address per workspace.
    create(&OWNER_EMAIL.to_uppercase()).await.expect_invalid("email");
    for (password, workspace) in [(OWNER_PASSWORD, app.tenant), ("second-password-1", second)] {
        let token = app.login(OWNER_EMAIL, password).await;
        let me = app.get("/api/user").token(&token).send().await.expect(200);
        assert_eq!(me.body["workspace"]["id"], workspace.0);
        assert_eq!(me.body["email"], OWNER_EMAIL);
    }
}

/// An address is one address in any Unicode composition and case: `josé` typed precomposed, or as
/// `e` and a combining accent, or in capitals, is the same login.
async fn an_email_is_unique_whatever_its_unicode_composition(app: TestApp) {
    let token = app.owner_token().await;
    let created = app
        .post("/api/user/store")
        .token(&token)
        .json(json!({"name": "José", "email": "jos\u{e9}@example.com", "password": "long-enough-1"}))
        .send()
        .await
        .expect(201);
    let before = app.count(app.tenant, "user").await;
    for spelling in [
        "jose\u{301}@example.com",
        "JOSE\u{301}@EXAMPLE.COM",
        "JOS\u{c9}@example.com",
    ] {
        app.post("/api/user/store")
            .token(&token)
            .json(json!({"name": "Twin", "email": spelling, "password": "long-enough-1"}))
            .send()
            .await
            .expect_invalid("email");
    }
    assert_eq!(app.count(app.tenant, "user").await, before);
    // And logs in however it is typed.
    let login = app
        .post("/api/login")
        .json(json!({"email": "JOSE\u{301}@example.com", "password": "long-enough-1"}))
        .send()
        .await
        .expect(200);
    assert_eq!(login.body["user"]["id"], created.body["id"]);
}

async fn invalid_user_fields_are_all_reported(app: TestApp) {
    let token = app.owner_token().await;
    let resp = app
        .post("/api/user/store")
        .token(&token)
        .json(json!({"name": "", "email": "not-an-email", "password": "short", "role": "emperor"}))
        .send()
        .await
        .expect_invalid("email");
    for field in ["name", "password", "role"] {
        assert!(resp.body["errors"][field].is_array(), "{field}: {}", resp.body);
    }
}

async fn staff_clients_and_vendors_cannot_administer_users(app: TestApp) {
    let (_, staff) = app.user_with_role("staff").await;
    app.get("/api/users").token(&staff).send().await.expect(200);
    app.post("/api/user/store")
        .token(&staff)
        .json(json!({"name": "X", "email": "x@example.com", "password": "long-enough-1"}))
        .send()
        .await
        .expect_error(403, "forbidden");
    app.put("/api/user/verify/1")
        .token(&staff)
        .send()
        .await
        .expect_error(403, "forbidden");
    app.get("/api/users/log")
        .token(&staff)
        .send()
        .await
        .expect_error(403, "forbidden");
    for role in ["client", "vendor"] {
        let (_, token) = app.user_with_role(role).await;
        app.get("/api/users")
            .token(&token)
            .send()
            .await
            .expect_error(403, "forbidden");
        app.get("/api/roles")
            .token(&token)
            .send()
            .await
            .expect_error(403, "forbidden");
        app.get("/api/user").token(&token).send().await.expect(200);
    }
}

async fn only_owners_manage_owners(app: TestApp) {
    let (admin_id, admin) = app.user_with_role("admin").await;
    app.post("/api/user/store")
        .token(&admin)
        .json(json!({"name": "O2", "email": "o2@example.com", "password": "long-enough-1", "role": "owner"}))
        .send()
        .await
        .expect_error(403, "forbidden");
    app.post(&format!("/api/user/update/{admin_id}"))
        .token(&admin)
        .json(json!({"role": "owner"}))
        .send()
        .await
        .expect_error(403, "forbidden");
    app.delete("/api/user/delete/1")
        .token(&admin)
        .send()
        .await
        .expect_error(403, "forbidden");
    app.post("/api/user/reset-password/1")
        .token(&admin)
        .send()
        .await
        .expect_error(403, "forbidden");
    let owner = app.owner_token().await;
    app.post(&format!("/api/user/update/{admin_id}"))
        .token(&owner)
        .json(json!({"role": "owner"}))
        .send()
        .await
        .expect(200);
}

async fn update_changes_fields_and_a_stale_version_is_409(app: TestApp) {
    let token = app.owner_token().await;
    let (id, _, _) = app.create_user(&token, "staff").await;
    let resp = app
        .post(&format!("/api/user/update/{id}"))
        .token(&token)
        .json(json!({"name": "Renamed", "role": "admin", "version": 1}))
        .send()
        .await
        .expect(200);
    assert_eq!(resp.body["name"], "Renamed");
    assert_eq!(resp.body["role"], "admin");
    assert_eq!(resp.body["version"], 2);
    app.post(&format!("/api/user/update/{id}"))
        .token(&token)
        .json(json!({"name": "Lost update", "version": 1}))
        .send()
        .await
        .expect_error(409, "version_conflict");
    let list = app
        .get("/api/users?search=renamed")
        .token(&token)
        .send()
        .await
        .expect(200);
    assert_eq!(list.body["data"][0]["name"], "Renamed");
    app.post(&format!("/api/user/update/{id}"))
        .token(&token)
        .json(json!({"email": OWNER_EMAIL}))
        .send()
        .await
        .expect_invalid("email");
    app.post("/api/user/update/999")
        .token(&token)
        .json(json!({"name": "x"}))
        .send()
        .await
        .expect_error(404, "not_found");
}

async fn the_last_owner_cannot_be_demoted_or_deleted(app: TestApp) {
    let token = app.owner_token().await;
    app.post("/api/user/update/1")
        .token(&token)
        .json(json!({"role": "admin"}))
        .send()
        .await
        .expect_error(409, "last_owner");
    app.delete("/api/user/delete/1")
        .token(&token)
        .send()
        .await
        .expect_error(409, "last_owner");
    app.get("/api/user").token(&token).send().await.expect(200);
}

async fn deleting_a_user_ends_their_sessions_and_keys(app: TestApp) {
    let owner = app.owner_token().await;
    let (id, email, password) = app.create_user(&owner, "staff").await;
    let session = app.login(&email, &password).await;
    let key = app
        .post("/api/v1/settings/api-keys")
        .token(&session)
        .json(json!({"name": "k"}))
        .send()
        .await
        .expect(201);
    let key = key.body["key"].as_str().unwrap().to_owned();
    app.delete(&format!("/api/user/delete/{id}"))
        .token(&owner)
        .send()
        .await
        .expect(200);
    app.get("/api/user").token(&session).send().await.expect(401);
    app.get("/api/user").token(&key).send().await.expect(401);
    app.post("/api/login")
        .json(json!({"email": email, "password": password}))
        .send()
        .await
        .expect(401);
    app.delete(&format!("/api/user/delete/{id}"))
        .token(&owner)
        .send()
        .await
        .expect_error(404, "not_found");
    // The address is free again.
    app.post("/api/user/store")
        .token(&owner)
        .json(json!({"name": "Again", "email": email, "password": "long-enough-1"}))
        .send()
        .await
        .expect(201);
}

async fn reset_password_sets_a_new_one_and_ends_sessions(app: TestApp) {
    let owner = app.owner_token().await;
    let (id, email, password) = app.create_user(&owner, "staff").await;
    let session = app.login(&email, &password).await;
    let resp = app
        .post(&format!("/api/user/reset-password/{id}"))
        .token(&owner)
        .send()
        .await
        .expect(200);
    let generated = resp.body["generated_password"].as_str().unwrap();
    app.get("/api/user").token(&session).send().await.expect(401);
    app.login(&email, generated).await;
    app.post(&format!("/api/user/reset-password/{id}"))
        .token(&owner)
        .json(json!({"password": "chosen-password"}))
        .send()
        .await
        .expect(200);
    app.login(&email, "chosen-password").await;
    app.post(&format!("/api/user/reset-password/{id}"))
        .token(&owner)
        .json(json!({"password": "short"}))
        .send()
        .await
        .expect_invalid("password");
    app.login(&email, "chosen-password").await;
}

async fn verify_moves_unverified_to_verified_once(app: TestApp) {
    let owner = app.owner_token().await;
    let (id, _, _) = app.create_user(&owner, "client").await;
    let resp = app
        .put(&format!("/api/user/verify/{id}"))
        .token(&owner)
        .send()
        .await
        .expect(200);
    assert_eq!(resp.body["verified"], true);
    assert!(resp.body["email_verified_at"].is_string());
    app.put(&format!("/api/user/verify/{id}"))
        .token(&owner)
        .send()
        .await
        .expect_error(409, "invalid_transition");
    app.put("/api/user/verify/999")
        .token(&owner)
        .send()
        .await
        .expect_error(404, "not_found");
    let verified = app
        .get("/api/users?verified=true&role=client")
        .token(&owner)
        .send()
        .await
        .expect(200);
    assert_eq!(verified.body["meta"]["total"], 1);
}

async fn lists_filter_search_sort_and_page(app: TestApp) {
    let owner = app.owner_token().await;
    for role in ["client", "client", "staff", "vendor"] {
        app.create_user(&owner, role).await;
    }
    let all = app.get("/api/users").token(&owner).send().await.expect(200);
    assert_eq!(all.body["meta"]["total"], 5);
    assert_eq!(all.body["meta"]["per_page"], 15);
    assert_eq!(all.body["meta"]["next_cursor"], serde_json::Value::Null);
    assert_eq!(
        app.get("/api/client-user").token(&owner).send().await.expect(200).body["meta"]["total"],
        2
    );
    assert_eq!(
        app.get("/api/staff-user").token(&owner).send().await.expect(200).body["meta"]["total"],
        1
    );
    assert_eq!(
        app.get("/api/vendor-user").token(&owner).send().await.expect(200).body["meta"]["total"],
        1
    );
    assert_eq!(
        app.get("/api/users?role=client")
            .token(&owner)
            .send()
            .await
            .expect(200)
            .body["meta"]["total"],
        2
    );
    app.get("/api/users?role=emperor")
        .token(&owner)
        .send()
        .await
        .expect_invalid("role");

    let page1 = app
        .get("/api/users?per_page=2&sort=-id")
        .token(&owner)
        .send()
        .await
        .expect(200);
    assert_eq!(page1.body["data"][0]["id"], 5);
    assert_eq!(page1.body["meta"]["last_page"], 3);
    let cursor = page1.body["meta"]["next_cursor"].as_str().unwrap();
    let page2 = app
        .get(&format!("/api/users?per_page=2&sort=-id&cursor={cursor}"))
        .token(&owner)
        .send()
        .await
        .expect(200);
    assert_eq!(page2.body["data"][0]["id"], 3);
    let page3 = app
        .get("/api/users?per_page=2&sort=-id&page=3")
        .token(&owner)
        .send()
        .await
        .expect(200);
    assert_eq!(page3.body["data"].as_array().unwrap().len(), 1);
    let owner_only = app
        .get("/api/users?search=owner@")
        .token(&owner)
        .send()
        .await
        .expect(200);
    assert_eq!(owner_only.body["meta"]["total"], 1);
}

async fn another_workspaces_users_are_404_and_untouched(app: TestApp) {
    let (tenant, email, password) = app.second_workspace().await;
    let theirs = app.login(&email, &password).await;
    for _ in 0..3 {
        app.create_user(&theirs, "staff").await;
    }
    // Their user 4 exists; ours does not. Every route must answer 404, not act on theirs.
    let owner = app.owner_token().await;
    app.post("/api/user/update/4")
        .token(&owner)
        .json(json!({"name": "hijacked"}))
        .send()
        .await
        .expect_error(404, "not_found");
    app.put("/api/user/verify/4")
        .token(&owner)
        .send()
        .await
        .expect_error(404, "not_found");
    app.post("/api/user/reset-password/4")
        .token(&owner)
        .send()
        .await
        .expect_error(404, "not_found");
    app.delete("/api/user/delete/4")
        .token(&owner)
        .send()
        .await
        .expect_error(404, "not_found");
    app.get("/api/users/4/photo")
        .token(&owner)
        .send()
        .await
        .expect_error(404, "not_found");
    assert_eq!(app.count(tenant, "user").await, 4);
    let list = app.get("/api/users").token(&theirs).send().await.expect(200);
    assert!(!list.body.to_string().contains("hijacked"));
    let ours = app.get("/api/users").token(&owner).send().await.expect(200);
    assert_eq!(ours.body["meta"]["total"], 1, "our list never shows their users");
}

/// The reason given for a refused `password`.
#[track_caller]
fn refused_password(resp: &crate::harness::Resp, why: &str) {
    let message = resp.body["errors"]["password"][0].as_str().unwrap_or_default();
    assert!(message.contains(why), "{}", resp.body);
}

async fn common_passwords_and_a_users_own_words_are_refused_wherever_a_password_is_set(app: TestApp) {
    let owner = app.owner_token().await;
    let before = app.count(app.tenant, "user").await;
    let email = "Samuel.Rivera@example.com";
    for (password, why) in [
        ("12345678", "common"),
        ("PassWord", "common"),
        ("iloveyou", "common"),
        ("samuel.rivera@example.com", "e-mail"),
        ("SAMUEL.RIVERA", "e-mail"),
        ("samuel rivera", "name"),
    ] {
        let resp = app
            .post("/api/user/store")
            .token(&owner)
            .json(json!({"name": "Samuel Rivera", "email": email, "password": password}))
            .send()
            .await
            .expect_invalid("password");
        refused_password(&resp, why);
    }
    assert_eq!(app.count(app.tenant, "user").await, before, "nothing created");

    // Resetting another user's password: the same check, against that user's address and name.
    let (id, staff_email, staff_password) = app.create_user(&owner, "staff").await;
    for password in ["password1", staff_email.as_str()] {
        let resp = app
            .post(&format!("/api/user/reset-password/{id}"))
            .token(&owner)
            .json(json!({"password": password}))
            .send()
            .await
            .expect_invalid("password");
        assert!(resp.body["errors"]["password"][0].is_string(), "{}", resp.body);
    }
    let staff = app.login(&staff_email, &staff_password).await;

    // Changing one's own: the same again, and the old password still works.
    for password in ["qwertyuiop", staff_email.as_str()] {
        app.post("/api/change-password")
            .token(&staff)
            .json(json!({"current_password": staff_password, "password": password}))
            .send()
            .await
            .expect_invalid("password");
    }
    app.get("/api/user").token(&staff).send().await.expect(200);
    app.login(&staff_email, &staff_password).await;
    // An uncommon password that is nobody's name or address passes everywhere.
    app.post("/api/change-password")
        .token(&staff)
        .json(json!({"current_password": staff_password, "password": "violet-harbour-42"}))
        .send()
        .await
        .expect(200);
    app.login(&staff_email, "violet-harbour-42").await;
}

async fn roles_lists_each_role_with_its_permissions(app: TestApp) {
    let owner = app.owner_token().await;
    let resp = app.get("/api/roles").token(&owner).send().await.expect(200);
    let names: Vec<&str> = resp.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["owner", "admin", "staff", "client", "vendor"]);
    let staff = &resp.body["data"][2];
    assert!(staff["permissions"].as_array().unwrap().contains(&json!("crm.write")));
    assert!(!staff["permissions"].as_array().unwrap().contains(&json!("users.write")));
    assert_eq!(
        resp.body["data"][3]["permissions"],
        json!(["account.read", "account.write"]),
        "a client manages only its own account"
    );
}

on_both_stores!(
    an_owner_creates_a_user_who_can_log_in,
    a_user_created_without_a_password_gets_one_generated_once,
    a_duplicate_email_is_422_and_creates_nothing,
    an_address_held_in_another_workspace_answers_as_a_fresh_one,
    an_email_is_unique_whatever_its_unicode_composition,
    invalid_user_fields_are_all_reported,
    staff_clients_and_vendors_cannot_administer_users,
    only_owners_manage_owners,
    update_changes_fields_and_a_stale_version_is_409,
    the_last_owner_cannot_be_demoted_or_deleted,
    deleting_a_user_ends_their_sessions_and_keys,
    reset_password_sets_a_new_one_and_ends_sessions,
    verify_moves_unverified_to_verified_once,
    lists_filter_search_sort_and_page,
    another_workspaces_users_are_404_and_untouched,
    roles_lists_each_role_with_its_permissions,
    common_passwords_and_a_users_own_words_are_refused_wherever_a_password_is_set
);
