//! The principal cache (shared/src/auth/cache.rs): a warm token reads nothing from the store,
//! yet what ends or narrows a token takes effect at once on the instance that made the change,
//! and on another instance within `AUTH_CACHE_SECONDS`; and what else an instance keeps on the
//! same change counts (`shared::resource::kept`).

use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::harness::{Backend, TestApp};
use crate::on_both_stores;

/// Requests `path` with `token` twice, so the second answer comes from the cache (the store-cost
/// tests pin that a warm token reads nothing).
async fn warm(app: &TestApp, token: &str, path: &str) {
    for _ in 0..2 {
        app.get(path).token(token).send().await.expect(200);
    }
}

/// Each change is made through the API (or, for the plan's modules, in the store, as the
/// platform does) after the token is cached, and the very next request sees it.
async fn changes_take_effect_at_once_on_the_instance_that_made_them(app: TestApp) {
    let owner = app.owner_token().await;
    let (staff_id, email, password) = app.create_user(&owner, "staff").await;
    let staff = app.login(&email, &password).await;
    let second = app.login(&email, &password).await;

    // A role change.
    warm(&app, &staff, "/api/v1/contacts").await;
    app.post(&format!("/api/user/update/{staff_id}"))
        .token(&owner)
        .json(json!({"role": "client", "version": 1}))
        .send()
        .await
        .expect(200);
    app.get("/api/v1/contacts").token(&staff).send().await.expect(403);
    let me = app.get("/api/user").token(&staff).send().await.expect(200);
    assert_eq!(me.body["role"], "client");

    // A module switched off for the workspace.
    warm(&app, &owner, "/api/v1/contacts").await;
    crate::harness::disable_modules(app.state.store(), app.tenant, &["crm"]).await;
    app.get("/api/v1/contacts")
        .token(&owner)
        .send()
        .await
        .expect_error(403, "module_disabled");
    crate::harness::disable_modules(app.state.store(), app.tenant, &[]).await;
    app.get("/api/v1/contacts").token(&owner).send().await.expect(200);

    // A revoked key.
    let created = app
        .post("/api/v1/settings/api-keys")
        .token(&owner)
        .json(json!({"name": "cached"}))
        .send()
        .await
        .expect(201);
    let key = created.body["key"].as_str().unwrap().to_owned();
    warm(&app, &key, "/api/user").await;
    app.delete(&format!("/api/v1/settings/api-keys/{}", created.body["id"]))
        .token(&owner)
        .send()
        .await
        .expect(200);
    app.get("/api/user")
        .token(&key)
        .send()
        .await
        .expect_error(401, "unauthenticated");

    // A password change ends the other sessions; a logout ends its own.
    warm(&app, &second, "/api/user").await;
    app.post("/api/change-password")
        .token(&staff)
        .json(json!({"current_password": password, "password": "a-new-password-1"}))
        .send()
        .await
        .expect(200);
    app.get("/api/user").token(&second).send().await.expect(401);
    warm(&app, &staff, "/api/user").await;
    app.post("/api/logout").token(&staff).send().await.expect(200);
    app.get("/api/user").token(&staff).send().await.expect(401);
}

on_both_stores!(changes_take_effect_at_once_on_the_instance_that_made_them);

/// Polls `path` with `token` on `app` until it answers `status`; how long that took.
async fn until_status(app: &TestApp, token: &str, path: &str, status: u16, bound: Duration) -> Duration {
    let start = Instant::now();
    loop {
        let got = app.get(path).token(token).send().await.status;
        if got == status {
            return start.elapsed();
        }
        assert!(
            start.elapsed() < bound,
            "{path} still answered {got} after {bound:?}, past the cache's bound"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Two instances on one store: a key revoked, a role changed and a required custom field
/// defined on one apply at once there, and on the other once its cached entry expires (within `AUTH_CACHE_SECONDS`, 1 here,
/// plus a request's time).
async fn another_instance_sees_a_change_within_the_cache_time(backend: Backend) {
    let Some(one) = TestApp::start(backend, &[("AUTH_CACHE_SECONDS", "1")]).await else {
        return;
    };
    let other = one.beside(Duration::from_secs(1)).await;
    let bound = Duration::from_secs(1) + Duration::from_secs(3);
    let owner = one.owner_token().await;
    let created = one
        .post("/api/v1/settings/api-keys")
        .token(&owner)
        .json(json!({"name": "two instances"}))
        .send()
        .await
        .expect(201);
    let key = created.body["key"].as_str().unwrap().to_owned();
    warm(&one, &key, "/api/user").await;
    warm(&other, &key, "/api/user").await;
    let (staff_id, email, password) = one.create_user(&owner, "staff").await;
    let staff = one.login(&email, &password).await;
    warm(&other, &staff, "/api/v1/contacts").await;

    one.delete(&format!("/api/v1/settings/api-keys/{}", created.body["id"]))
        .token(&owner)
        .send()
        .await
        .expect(200);
    one.post(&format!("/api/user/update/{staff_id}"))
        .token(&owner)
        .json(json!({"role": "client", "version": 1}))
        .send()
        .await
        .expect(200);
    one.get("/api/user").token(&key).send().await.expect(401);
    one.get("/api/v1/contacts").token(&staff).send().await.expect(403);
    let revoked = until_status(&other, &key, "/api/user", 401, bound).await;
    let narrowed = until_status(&other, &staff, "/api/v1/contacts", 403, bound).await;
    eprintln!("the other instance refused the revoked key after {revoked:?}, the narrowed role after {narrowed:?}");

    // Each instance keeps a kind's custom field definitions too: a required field defined on one
    // applies there at once, and on the other within the same bound.
    async fn contact(app: &TestApp, token: &str, name: &str) -> crate::harness::Resp {
        app.post("/api/v1/contacts")
            .token(token)
            .json(json!({"name": name}))
            .send()
            .await
    }
    contact(&other, &owner, "before").await.expect(201);
    one.post("/api/custom-fields")
        .token(&owner)
        .json(json!({"resource": "crm_contact", "key": "vip", "label": "VIP", "type": "boolean", "required": true}))
        .send()
        .await
        .expect(201);
    contact(&one, &owner, "at once")
        .await
        .expect_invalid("custom_fields.vip");
    let start = Instant::now();
    loop {
        let answer = contact(&other, &owner, "meanwhile").await;
        if answer.status == 422 {
            answer.expect_invalid("custom_fields.vip");
            break;
        }
        answer.expect(201);
        assert!(
            start.elapsed() < bound,
            "the other instance still took contacts without the required field after {bound:?}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    eprintln!("the other instance required the new field after {:?}", start.elapsed());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn another_instance_sees_a_change_within_the_cache_time_on_sqlite() {
    another_instance_sees_a_change_within_the_cache_time(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn another_instance_sees_a_change_within_the_cache_time_on_dynamodb() {
    another_instance_sees_a_change_within_the_cache_time(Backend::DynamoDb).await;
}

/// With `AUTH_CACHE_SECONDS=0` every request reads its token from the store: another instance's
/// change applies on the next request.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cache_time_of_zero_reads_every_request() {
    let one = TestApp::start(Backend::Sqlite, &[("AUTH_CACHE_SECONDS", "0")])
        .await
        .unwrap();
    let other = one.beside(Duration::ZERO).await;
    let owner = one.owner_token().await;
    let created = one
        .post("/api/v1/settings/api-keys")
        .token(&owner)
        .json(json!({"name": "uncached"}))
        .send()
        .await
        .expect(201);
    let key = created.body["key"].as_str().unwrap().to_owned();
    warm(&other, &key, "/api/roles").await;
    let before = other.state.store().round_trips();
    other.get("/api/roles").token(&key).send().await.expect(200);
    assert_eq!(
        other.state.store().round_trips() - before,
        2,
        "the key's entry, then user and workspace"
    );
    one.delete(&format!("/api/v1/settings/api-keys/{}", created.body["id"]))
        .token(&owner)
        .send()
        .await
        .expect(200);
    other.get("/api/user").token(&key).send().await.expect(401);
}

/// An instance keeps where a new deal goes by default (the first pipeline's first stage). When
/// another instance deletes that stage, the kept one fails the create's check that its stage
/// exists: that one create is refused, nothing is written, and the instance reads the default
/// again for the next. (A kept entry may also miss by chance, its change-count slot shared with
/// a key written meanwhile: then even the first create reads the default again.) No deal is ever
/// placed in the deleted stage.
async fn a_kept_default_stage_deleted_elsewhere_is_read_again_after_one_refusal(backend: Backend) {
    let Some(one) = TestApp::start(backend, &[("AUTH_CACHE_SECONDS", "3600")]).await else {
        return;
    };
    let other = one.beside(Duration::from_secs(3600)).await;
    let owner = one.owner_token().await;
    async fn deal(app: &TestApp, token: &str) -> crate::harness::Resp {
        app.post("/api/deal/create")
            .token(token)
            .json(json!({"name": "Renewal"}))
            .send()
            .await
    }
    let first = deal(&one, &owner).await.expect(201);
    let kept_stage = first.body["stage_id"].as_u64().unwrap();
    one.delete(&format!("/api/deal/delete/{}", first.body["id"]))
        .token(&owner)
        .send()
        .await
        .expect(200);
    other
        .delete(&format!("/api/deal-stage/delete/{kept_stage}"))
        .token(&owner)
        .send()
        .await
        .expect(200);
    let total = |body: &Value| body["meta"]["total"].as_u64().unwrap();
    let stages = one.get("/api/deal-stages").token(&owner).send().await.expect(200);
    let first_stage = stages.body["data"][0]["id"].as_u64().unwrap();
    assert_ne!(first_stage, kept_stage);
    let before = total(&one.get("/api/deals").token(&owner).send().await.expect(200).body);
    let stale = deal(&one, &owner).await;
    let placed = match stale.status {
        409 => {
            let after = total(&one.get("/api/deals").token(&owner).send().await.expect(200).body);
            assert_eq!(after, before, "the refused create wrote nothing");
            deal(&one, &owner).await.expect(201)
        }
        _ => stale.expect(201),
    };
    assert_eq!(placed.body["stage_id"].as_u64(), Some(first_stage), "{}", placed.body);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_kept_default_stage_deleted_elsewhere_is_read_again_after_one_refusal_on_sqlite() {
    a_kept_default_stage_deleted_elsewhere_is_read_again_after_one_refusal(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_kept_default_stage_deleted_elsewhere_is_read_again_after_one_refusal_on_dynamodb() {
    a_kept_default_stage_deleted_elsewhere_is_read_again_after_one_refusal(Backend::DynamoDb).await;
}
