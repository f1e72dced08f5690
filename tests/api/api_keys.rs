//! API keys: shown once, stored hashed, listed without the secret, revoked at once, narrowed by scopes.

use serde_json::{json, Value};

use crate::harness::TestApp;
use crate::on_both_stores;

/// Creates a key named `name` in `mode`; returns (id, key).
async fn create_key(app: &TestApp, token: &str, name: &str, mode: &str) -> (u64, String) {
    let created = app
        .post("/api/v1/settings/api-keys")
        .token(token)
        .json(json!({"name": name, "mode": mode}))
        .send()
        .await
        .expect(201);
    (
        created.body["id"].as_u64().unwrap(),
        created.body["key"].as_str().unwrap().to_owned(),
    )
}

/// The names a key list shows, and its total (checked exact).
async fn listed(app: &TestApp, token: &str, query: &str) -> (Vec<String>, u64) {
    let list = app
        .get(&format!("/api/v1/settings/api-keys{query}"))
        .token(token)
        .send()
        .await
        .expect(200);
    assert_eq!(list.body["meta"]["total_exact"], true, "{}", list.body);
    let names = list.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| k["name"].as_str().unwrap().to_owned())
        .collect();
    (names, list.body["meta"]["total"].as_u64().unwrap())
}

fn names(expected: &[&str]) -> (Vec<String>, u64) {
    (expected.iter().map(|n| n.to_string()).collect(), expected.len() as u64)
}

async fn a_created_key_is_shown_once_and_authenticates(app: TestApp) {
    let token = app.owner_token().await;
    let resp = app
        .post("/api/v1/settings/api-keys")
        .token(&token)
        .json(json!({"name": "Zapier"}))
        .send()
        .await
        .expect(201);
    let key = resp.body["key"].as_str().unwrap().to_owned();
    assert!(key.starts_with("wt_live_") && key.len() == 48, "{key}");
    assert_eq!(resp.body["prefix"], &key[..12]);
    assert_eq!(resp.body["last_four"], &key[key.len() - 4..]);
    assert_eq!(resp.body["mode"], "live");
    let me = app.get("/api/user").token(&key).send().await.expect(200);
    assert_eq!(me.body["role"], "owner");
    // The store holds only the key's hash.
    let stored = app
        .state
        .store()
        .get(&shared::auth::records::api_key_index_key(&shared::auth::api_key::hash(
            &key,
        )))
        .await
        .unwrap();
    assert!(stored.is_some());
    let list = app
        .get("/api/v1/settings/api-keys")
        .token(&token)
        .send()
        .await
        .expect(200);
    assert!(!list.body.to_string().contains(&key), "the list never shows the key");
    assert!(
        !list.body.to_string().contains(&shared::auth::api_key::hash(&key)),
        "nor its hash"
    );
}

async fn the_list_shows_name_prefix_last_four_and_last_use(app: TestApp) {
    let token = app.owner_token().await;
    let created = app
        .post("/api/v1/settings/api-keys")
        .token(&token)
        .json(json!({"name": "reporting"}))
        .send()
        .await
        .expect(201);
    let list = app
        .get("/api/v1/settings/api-keys")
        .token(&token)
        .send()
        .await
        .expect(200);
    assert_eq!(list.body["meta"]["total"], 1);
    let row = &list.body["data"][0];
    assert_eq!(row["name"], "reporting");
    assert_eq!(row["prefix"], created.body["prefix"]);
    assert_eq!(row["last_four"], created.body["last_four"]);
    assert!(row["last_used_at"].is_null());
    assert!(row.get("key").is_none());
    app.get("/api/user")
        .token(created.body["key"].as_str().unwrap())
        .send()
        .await
        .expect(200);
    let list = app
        .get("/api/v1/settings/api-keys")
        .token(&token)
        .send()
        .await
        .expect(200);
    assert!(
        list.body["data"][0]["last_used_at"]
            .as_str()
            .is_some_and(|t| t.ends_with('Z')),
        "{}",
        list.body
    );
}

async fn a_revoked_key_is_refused_at_once(app: TestApp) {
    let token = app.owner_token().await;
    let created = app
        .post("/api/v1/settings/api-keys")
        .token(&token)
        .json(json!({"name": "old"}))
        .send()
        .await
        .expect(201);
    let key = created.body["key"].as_str().unwrap();
    let id = created.body["id"].as_u64().unwrap();
    app.get("/api/user").token(key).send().await.expect(200);
    app.delete(&format!("/api/v1/settings/api-keys/{id}"))
        .token(&token)
        .send()
        .await
        .expect(200);
    app.get("/api/user")
        .token(key)
        .send()
        .await
        .expect_error(401, "unauthenticated");
    app.delete(&format!("/api/v1/settings/api-keys/{id}"))
        .token(&token)
        .send()
        .await
        .expect_error(404, "not_found");
    let list = app
        .get("/api/v1/settings/api-keys")
        .token(&token)
        .send()
        .await
        .expect(200);
    assert_eq!(list.body["meta"]["total"], 0);
    let with_revoked = app
        .get("/api/v1/settings/api-keys?include_revoked=true")
        .token(&token)
        .send()
        .await
        .expect(200);
    assert!(with_revoked.body["data"][0]["revoked_at"].is_string());
    let log = app.get("/api/users/log").token(&token).send().await.expect(200);
    let actions: Vec<&str> = log.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["action"].as_str().unwrap())
        .collect();
    assert!(
        actions.contains(&"api_key_created") && actions.contains(&"api_key_revoked"),
        "{actions:?}"
    );
}

async fn scopes_narrow_what_a_key_can_do(app: TestApp) {
    let token = app.owner_token().await;
    let created = app
        .post("/api/v1/settings/api-keys")
        .token(&token)
        .json(json!({"name": "read-only", "scopes": ["users.read", "account.write"]}))
        .send()
        .await
        .expect(201);
    assert_eq!(created.body["scopes"], json!(["account.write", "users.read"]));
    let key = created.body["key"].as_str().unwrap();
    app.get("/api/users").token(key).send().await.expect(200);
    app.post("/api/user/store")
        .token(key)
        .json(json!({"name": "X", "email": "x@example.com", "password": "long-enough-1"}))
        .send()
        .await
        .expect_error(403, "forbidden");
    // A key made by a scoped key cannot widen itself.
    let child = app
        .post("/api/v1/settings/api-keys")
        .token(key)
        .json(json!({"name": "child"}))
        .send()
        .await
        .expect(201);
    assert_eq!(child.body["scopes"], json!(["account.write", "users.read"]));
    app.post("/api/v1/settings/api-keys")
        .token(key)
        .json(json!({"name": "wider", "scopes": ["users.write"]}))
        .send()
        .await
        .expect_invalid("scopes");
}

async fn scopes_must_be_known_and_held(app: TestApp) {
    let (_, staff) = app.user_with_role("staff").await;
    app.post("/api/v1/settings/api-keys")
        .token(&staff)
        .json(json!({"name": "x", "scopes": ["users.write"]}))
        .send()
        .await
        .expect_invalid("scopes");
    app.post("/api/v1/settings/api-keys")
        .token(&staff)
        .json(json!({"name": "x", "scopes": ["crm.delete"]}))
        .send()
        .await
        .expect_invalid("scopes");
    app.post("/api/v1/settings/api-keys")
        .token(&staff)
        .json(json!({"name": "x", "scopes": ["crm.write"]}))
        .send()
        .await
        .expect(201);
}

async fn creating_a_key_without_a_name_is_422_and_stores_nothing(app: TestApp) {
    let token = app.owner_token().await;
    app.post("/api/v1/settings/api-keys")
        .token(&token)
        .json(json!({}))
        .send()
        .await
        .expect_invalid("name");
    app.post("/api/v1/settings/api-keys")
        .token(&token)
        .json(json!({"name": "   "}))
        .send()
        .await
        .expect_invalid("name");
    app.post("/api/v1/settings/api-keys")
        .token(&token)
        .json(json!({"name": "x".repeat(101)}))
        .send()
        .await
        .expect_invalid("name");
    assert_eq!(app.count(app.tenant, "apikey").await, 0);
}

async fn staff_cannot_see_or_revoke_someone_elses_key(app: TestApp) {
    let owner = app.owner_token().await;
    let created = app
        .post("/api/v1/settings/api-keys")
        .token(&owner)
        .json(json!({"name": "owner's"}))
        .send()
        .await
        .expect(201);
    let id = created.body["id"].as_u64().unwrap();
    let (_, staff) = app.user_with_role("staff").await;
    let list = app
        .get("/api/v1/settings/api-keys")
        .token(&staff)
        .send()
        .await
        .expect(200);
    assert_eq!(list.body["meta"]["total"], 0);
    app.get("/api/v1/settings/api-keys?all=true")
        .token(&staff)
        .send()
        .await
        .expect_error(403, "forbidden");
    app.delete(&format!("/api/v1/settings/api-keys/{id}"))
        .token(&staff)
        .send()
        .await
        .expect_error(404, "not_found");
    app.get("/api/user")
        .token(created.body["key"].as_str().unwrap())
        .send()
        .await
        .expect(200);
    let all = app
        .get("/api/v1/settings/api-keys?all=true")
        .token(&owner)
        .send()
        .await
        .expect(200);
    assert_eq!(all.body["meta"]["total"], 1);
}

async fn another_workspaces_key_id_is_404(app: TestApp) {
    let (_, email, password) = app.second_workspace().await;
    let other = app.login(&email, &password).await;
    let created = app
        .post("/api/v1/settings/api-keys")
        .token(&other)
        .json(json!({"name": "theirs"}))
        .send()
        .await
        .expect(201);
    let id = created.body["id"].as_u64().unwrap();
    let owner = app.owner_token().await;
    app.delete(&format!("/api/v1/settings/api-keys/{id}"))
        .token(&owner)
        .send()
        .await
        .expect_error(404, "not_found");
    app.get("/api/user")
        .token(created.body["key"].as_str().unwrap())
        .send()
        .await
        .expect(200);
}

/// Each list a caller can ask for (own or all, with or without revoked keys, a sandbox key's
/// test keys only) is one index with its exact count; deleting a user revokes their keys.
async fn each_view_of_the_key_list_shows_and_counts_exactly_its_keys(app: TestApp) {
    let owner = app.owner_token().await;
    let (staff_id, staff) = app.user_with_role("staff").await;
    create_key(&app, &owner, "a", "live").await;
    let (b, _) = create_key(&app, &owner, "b", "live").await;
    let (_, test_key) = create_key(&app, &owner, "c", "test").await;
    create_key(&app, &staff, "s", "live").await;
    app.delete(&format!("/api/v1/settings/api-keys/{b}"))
        .token(&owner)
        .send()
        .await
        .expect(200);

    assert_eq!(listed(&app, &owner, "").await, names(&["a", "c"]));
    assert_eq!(
        listed(&app, &owner, "?include_revoked=true").await,
        names(&["a", "b", "c"])
    );
    assert_eq!(listed(&app, &owner, "?all=true").await, names(&["a", "c", "s"]));
    assert_eq!(
        listed(&app, &owner, "?all=true&include_revoked=true").await,
        names(&["a", "b", "c", "s"])
    );
    assert_eq!(
        listed(&app, &owner, "?all=true&sort=-id&per_page=2").await.0,
        ["s", "c"]
    );
    assert_eq!(
        listed(&app, &test_key, "?all=true&include_revoked=true").await,
        names(&["c"])
    );
    assert_eq!(listed(&app, &staff, "").await, names(&["s"]));

    app.delete(&format!("/api/user/delete/{staff_id}"))
        .token(&owner)
        .send()
        .await
        .expect(200);
    assert_eq!(listed(&app, &owner, "?all=true").await, names(&["a", "c"]));
    let with_revoked = app
        .get("/api/v1/settings/api-keys?all=true&include_revoked=true&search=s")
        .token(&owner)
        .send()
        .await
        .expect(200);
    let staff_key: &Value = &with_revoked.body["data"][0];
    assert_eq!(staff_key["name"], "s");
    assert!(
        staff_key["revoked_at"].is_string(),
        "the deleted user's key is revoked: {staff_key}"
    );
}

on_both_stores!(
    a_created_key_is_shown_once_and_authenticates,
    the_list_shows_name_prefix_last_four_and_last_use,
    a_revoked_key_is_refused_at_once,
    scopes_narrow_what_a_key_can_do,
    scopes_must_be_known_and_held,
    creating_a_key_without_a_name_is_422_and_stores_nothing,
    staff_cannot_see_or_revoke_someone_elses_key,
    another_workspaces_key_id_is_404,
    each_view_of_the_key_list_shows_and_counts_exactly_its_keys
);
