//! The sandbox: test keys see seeded data and nothing live, live keys nothing of the sandbox; a
//! reset restores the seed.

use serde_json::json;

use crate::harness::TestApp;
use crate::on_both_stores;

async fn test_keys_see_the_seeded_sandbox_and_live_keys_only_live_data(app: TestApp) {
    let owner = app.owner_token().await;
    let live_key = app.api_key(&owner, "live").await;
    let test_key = app.api_key(&owner, "test").await;
    assert!(live_key.starts_with("wt_live_") && test_key.starts_with("wt_test_"));

    let sandbox_users = app.get("/api/users").token(&test_key).send().await.expect(200);
    assert_eq!(sandbox_users.body["meta"]["total"], 7, "the seeded team");
    assert!(sandbox_users.body.to_string().contains("priya.nair@example.com"));
    assert!(!sandbox_users.body.to_string().contains(crate::harness::OWNER_EMAIL));

    let live_users = app.get("/api/users").token(&live_key).send().await.expect(200);
    assert_eq!(live_users.body["meta"]["total"], 1);
    assert!(!live_users.body.to_string().contains("priya.nair@example.com"));

    let me = app.get("/api/user").token(&test_key).send().await.expect(200);
    assert_eq!(me.body["workspace"]["mode"], "test");
    assert_eq!(
        me.body["email"],
        crate::harness::OWNER_EMAIL,
        "the same person, in their sandbox"
    );
    let me_live = app.get("/api/user").token(&owner).send().await.expect(200);
    assert_eq!(me_live.body["workspace"]["mode"], "live");
}

async fn writes_with_a_test_key_stay_in_the_sandbox(app: TestApp) {
    let owner = app.owner_token().await;
    let test_key = app.api_key(&owner, "test").await;
    let created = app
        .post("/api/user/store")
        .token(&test_key)
        .json(json!({"name": "Sandbox Sally", "email": "sally@example.com", "password": "long-enough-1"}))
        .send()
        .await
        .expect(201);
    assert_eq!(created.body["id"], 8, "after the seven seeded users");
    assert_eq!(
        app.get("/api/users").token(&test_key).send().await.expect(200).body["meta"]["total"],
        8
    );
    assert_eq!(
        app.get("/api/users").token(&owner).send().await.expect(200).body["meta"]["total"],
        1
    );
    // A sandbox user is a fixture: it claims no real address and cannot log in.
    app.post("/api/login")
        .json(json!({"email": "sally@example.com", "password": "long-enough-1"}))
        .send()
        .await
        .expect(401);
    app.post("/api/user/store")
        .token(&owner)
        .json(json!({"name": "Real Sally", "email": "sally@example.com", "password": "long-enough-1"}))
        .send()
        .await
        .expect(201);
    // Live ids are untouched by sandbox ones.
    assert_eq!(
        app.get("/api/users?search=sally")
            .token(&owner)
            .send()
            .await
            .expect(200)
            .body["data"][0]["id"],
        2
    );
    // Duplicates are still refused inside the sandbox.
    app.post("/api/user/store")
        .token(&test_key)
        .json(json!({"name": "Dup", "email": "priya.nair@example.com", "password": "long-enough-1"}))
        .send()
        .await
        .expect_invalid("email");
}

async fn a_test_key_cannot_mint_a_live_key(app: TestApp) {
    let owner = app.owner_token().await;
    let test_key = app.api_key(&owner, "test").await;
    app.post("/api/v1/settings/api-keys")
        .token(&test_key)
        .json(json!({"name": "escape", "mode": "live"}))
        .send()
        .await
        .expect_invalid("mode");
    let child = app
        .post("/api/v1/settings/api-keys")
        .token(&test_key)
        .json(json!({"name": "child"}))
        .send()
        .await
        .expect(201);
    assert_eq!(child.body["mode"], "test");
    assert!(child.body["key"].as_str().unwrap().starts_with("wt_test_"));
    app.post("/api/v1/settings/api-keys")
        .token(&owner)
        .json(json!({"name": "x", "mode": "staging"}))
        .send()
        .await
        .expect_invalid("mode");
}

async fn a_test_key_never_changes_a_sandbox_users_login(app: TestApp) {
    let owner = app.owner_token().await;
    let test_key = app.api_key(&owner, "test").await;
    let created = app
        .post("/api/user/store")
        .token(&test_key)
        .json(json!({"name": "Sandbox Sam", "email": "sam@example.com", "password": "long-enough-1"}))
        .send()
        .await
        .expect(201);
    let id = created.body["id"].as_u64().unwrap();
    for email in ["moved@example.com", crate::harness::OWNER_EMAIL] {
        app.post(&format!("/api/user/update/{id}"))
            .token(&test_key)
            .json(json!({"email": email}))
            .send()
            .await
            .expect_error(403, "forbidden");
    }
    for body in [json!({"password": "reset-by-key-1"}), json!({})] {
        app.post(&format!("/api/user/reset-password/{id}"))
            .token(&test_key)
            .json(body)
            .send()
            .await
            .expect_error(403, "forbidden");
    }
    let shown = app
        .get("/api/users?search=sam")
        .token(&test_key)
        .send()
        .await
        .expect(200);
    assert_eq!(shown.body["data"][0]["email"], "sam@example.com", "{}", shown.body);
    assert_eq!(shown.body["data"][0]["version"], 1, "{}", shown.body);
    // Everything else about a sandbox user the key may still change.
    let renamed = app
        .post(&format!("/api/user/update/{id}"))
        .token(&test_key)
        .json(json!({"name": "Sandbox Samuel", "email": "sam@example.com"}))
        .send()
        .await
        .expect(200);
    assert_eq!(renamed.body["name"], "Sandbox Samuel");
}

async fn reset_restores_the_seed_and_test_keys_keep_working(app: TestApp) {
    let owner = app.owner_token().await;
    let test_key = app.api_key(&owner, "test").await;
    app.post("/api/user/store")
        .token(&test_key)
        .json(json!({"name": "Temp", "email": "temp@example.com", "password": "long-enough-1"}))
        .send()
        .await
        .expect(201);
    app.post("/api/user/delete/2")
        .token(&test_key)
        .send()
        .await
        .expect_error(405, "method_not_allowed");
    app.delete("/api/user/delete/2")
        .token(&test_key)
        .send()
        .await
        .expect(200);
    assert_eq!(
        app.get("/api/users").token(&test_key).send().await.expect(200).body["meta"]["total"],
        7
    );

    let reset = app
        .post("/api/v1/sandbox/reset")
        .patient()
        .token(&test_key)
        .send()
        .await
        .expect(200);
    assert_eq!(
        reset.body["sandbox"]["seeded"],
        json!([
            "identity",
            "crm",
            "accounting",
            "inventory",
            "sales",
            "projects",
            "support",
            "hr"
        ])
    );
    let users = app.get("/api/users").token(&test_key).send().await.expect(200);
    assert_eq!(users.body["meta"]["total"], 7);
    assert!(
        users.body.to_string().contains("priya.nair@example.com"),
        "the deleted seed user is back"
    );
    assert!(!users.body.to_string().contains("temp@example.com"));
    // Live data is untouched by a reset.
    assert_eq!(
        app.get("/api/users").token(&owner).send().await.expect(200).body["meta"]["total"],
        1
    );
}

async fn only_administrators_reset_the_sandbox(app: TestApp) {
    let (_, staff) = app.user_with_role("staff").await;
    app.post("/api/v1/sandbox/reset")
        .token(&staff)
        .send()
        .await
        .expect_error(403, "forbidden");
}

async fn each_account_has_its_own_sandbox(app: TestApp) {
    let owner = app.owner_token().await;
    let ours = app.api_key(&owner, "test").await;
    let (_, email, password) = app.second_workspace().await;
    let other = app.login(&email, &password).await;
    let theirs = app.api_key(&other, "test").await;
    app.post("/api/user/store")
        .token(&ours)
        .json(json!({"name": "Ours", "email": "ours@example.com", "password": "long-enough-1"}))
        .send()
        .await
        .expect(201);
    let their_users = app.get("/api/users").token(&theirs).send().await.expect(200);
    assert_eq!(their_users.body["meta"]["total"], 7);
    assert!(!their_users.body.to_string().contains("ours@example.com"));
}

on_both_stores!(
    a_test_key_cannot_mint_a_live_key,
    only_administrators_reset_the_sandbox,
    a_test_key_never_changes_a_sandbox_users_login,
);

on_both_stores!(
    with_demo_data:
    test_keys_see_the_seeded_sandbox_and_live_keys_only_live_data,
    writes_with_a_test_key_stay_in_the_sandbox,
    reset_restores_the_seed_and_test_keys_keep_working,
    each_account_has_its_own_sandbox,
);
