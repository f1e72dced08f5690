//! The caller's own account: profile, photo upload and download, account deletion.

use reqwest::multipart::{Form, Part};
use serde_json::json;

use crate::harness::{TestApp, GIF, OWNER_EMAIL, OWNER_PASSWORD, PNG};
use crate::on_both_stores;

fn photo_form(bytes: Vec<u8>, declared: &str) -> Form {
    Form::new().part(
        "photo",
        Part::bytes(bytes).file_name("me.png").mime_str(declared).unwrap(),
    )
}

async fn current_user_shows_the_workspace_and_permissions(app: TestApp) {
    let token = app.owner_token().await;
    let me = app.get("/api/user").token(&token).send().await.expect(200);
    assert_eq!(me.body["workspace"]["id"], app.tenant.0);
    assert_eq!(me.body["workspace"]["name"], "My workspace");
    assert!(me.body["permissions"]
        .as_array()
        .unwrap()
        .contains(&json!("users.write")));
}

async fn edit_profile_changes_name_and_email_and_the_new_email_logs_in(app: TestApp) {
    let token = app.owner_token().await;
    let resp = app
        .post("/api/edit-profile")
        .token(&token)
        .json(json!({"name": "New Name", "email": "new@example.com", "current_password": OWNER_PASSWORD}))
        .send()
        .await
        .expect(200);
    assert_eq!(resp.body["name"], "New Name");
    assert_eq!(resp.body["email"], "new@example.com");
    assert_eq!(resp.body["verified"], false, "a new address starts unverified");
    app.login("new@example.com", OWNER_PASSWORD).await;
    app.post("/api/login")
        .json(json!({"email": OWNER_EMAIL, "password": OWNER_PASSWORD}))
        .send()
        .await
        .expect(401);
}

async fn edit_profile_refuses_a_taken_email_and_empty_bodies(app: TestApp) {
    let token = app.owner_token().await;
    let (_, other_email, _) = app.create_user(&token, "staff").await;
    app.post("/api/edit-profile")
        .token(&token)
        .json(json!({"email": other_email, "current_password": OWNER_PASSWORD}))
        .send()
        .await
        .expect_invalid("email");
    app.post("/api/edit-profile")
        .token(&token)
        .json(json!({}))
        .send()
        .await
        .expect_invalid("name");
    app.post("/api/edit-profile")
        .token(&token)
        .json(json!({"email": "nope"}))
        .send()
        .await
        .expect_invalid("email");
    let me = app.get("/api/user").token(&token).send().await.expect(200);
    assert_eq!(me.body["email"], OWNER_EMAIL);
    app.login(&other_email, "user-password-1").await;
}

async fn an_uploaded_photo_is_stored_and_read_back_byte_for_byte(app: TestApp) {
    let token = app.owner_token().await;
    let resp = app
        .post("/api/upload-photos")
        .token(&token)
        .multipart(photo_form(PNG.to_vec(), "image/png"))
        .send()
        .await
        .expect(200);
    assert_eq!(resp.body["photo_url"], "/api/users/1/photo");
    let photo = app.get("/api/users/1/photo").token(&token).send().await.expect(200);
    assert_eq!(photo.header("content-type"), Some("image/png"));
    assert_eq!(photo.bytes, PNG);
    // A second upload replaces the first.
    let gif = GIF.to_vec();
    app.post("/api/upload-photos")
        .token(&token)
        .multipart(photo_form(gif.clone(), "image/gif"))
        .send()
        .await
        .expect(200);
    let photo = app.get("/api/users/1/photo").token(&token).send().await.expect(200);
    assert_eq!(photo.header("content-type"), Some("image/gif"));
    assert_eq!(photo.bytes, gif);
}

async fn uploads_that_are_not_images_are_refused_and_change_nothing(app: TestApp) {
    let token = app.owner_token().await;
    // Declared as PNG but not one: the bytes decide.
    app.post("/api/upload-photos")
        .token(&token)
        .multipart(photo_form(b"<script>alert(1)</script>".to_vec(), "image/png"))
        .send()
        .await
        .expect_invalid("photo");
    app.post("/api/upload-photos")
        .token(&token)
        .multipart(Form::new().text("other", "x"))
        .send()
        .await
        .expect_invalid("photo");
    app.post("/api/upload-photos")
        .token(&token)
        .json(json!({"photo": "base64?"}))
        .send()
        .await
        .expect_error(415, "unsupported_media_type");
    let mut big = PNG.to_vec();
    big.resize(6 * 1024 * 1024, 0);
    app.post("/api/upload-photos")
        .token(&token)
        .multipart(photo_form(big, "image/png"))
        .send()
        .await
        .expect_error(413, "payload_too_large");
    app.get("/api/users/1/photo")
        .token(&token)
        .send()
        .await
        .expect_error(404, "not_found");
    let me = app.get("/api/user").token(&token).send().await.expect(200);
    assert!(me.body["photo_url"].is_null());
}

async fn another_users_photo_needs_users_read(app: TestApp) {
    let owner = app.owner_token().await;
    app.post("/api/upload-photos")
        .token(&owner)
        .multipart(photo_form(PNG.to_vec(), "image/png"))
        .send()
        .await
        .expect(200);
    let (client_id, client) = app.user_with_role("client").await;
    app.get("/api/users/1/photo")
        .token(&client)
        .send()
        .await
        .expect_error(403, "forbidden");
    app.get(&format!("/api/users/{client_id}/photo"))
        .token(&client)
        .send()
        .await
        .expect_error(404, "not_found");
    let (_, staff) = app.user_with_role("staff").await;
    app.get("/api/users/1/photo").token(&staff).send().await.expect(200);
}

async fn delete_account_needs_the_password_and_removes_every_way_in(app: TestApp) {
    let owner = app.owner_token().await;
    let (_, email, password) = app.create_user(&owner, "staff").await;
    let session = app.login(&email, &password).await;
    let key = app
        .post("/api/v1/settings/api-keys")
        .token(&session)
        .json(json!({"name": "k"}))
        .send()
        .await
        .expect(201);
    let key = key.body["key"].as_str().unwrap().to_owned();
    app.delete("/api/delete-account")
        .token(&session)
        .json(json!({"password": "wrong-password"}))
        .send()
        .await
        .expect_invalid("password");
    app.delete("/api/delete-account")
        .token(&session)
        .json(json!({}))
        .send()
        .await
        .expect_invalid("password");
    app.get("/api/user").token(&session).send().await.expect(200);
    app.delete("/api/delete-account")
        .token(&session)
        .json(json!({"password": password}))
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
}

async fn the_last_owner_cannot_delete_their_account(app: TestApp) {
    let owner = app.owner_token().await;
    app.delete("/api/delete-account")
        .token(&owner)
        .json(json!({"password": OWNER_PASSWORD}))
        .send()
        .await
        .expect_error(409, "last_owner");
    app.get("/api/user").token(&owner).send().await.expect(200);
    // With a second owner, the first may go.
    let (_, email, password) = app.create_user(&owner, "owner").await;
    app.delete("/api/delete-account")
        .token(&owner)
        .json(json!({"password": OWNER_PASSWORD}))
        .send()
        .await
        .expect(200);
    app.login(&email, &password).await;
}

/// Moving one's login to an address another workspace's user has is allowed: each workspace's
/// address is its own, and the answer does not tell that the address is held elsewhere.
async fn edit_profile_takes_an_address_another_workspace_has(app: TestApp) {
    let token = app.owner_token().await;
    let (second, other_email, other_password) = app.second_workspace().await;
    let changed = app
        .post("/api/edit-profile")
        .token(&token)
        .json(json!({"email": other_email, "current_password": OWNER_PASSWORD}))
        .send()
        .await
        .expect(200);
    assert_eq!(changed.body["email"], other_email.as_str());
    for (password, workspace) in [(OWNER_PASSWORD, app.tenant), (other_password.as_str(), second)] {
        let session = app.login(&other_email, password).await;
        let me = app.get("/api/user").token(&session).send().await.expect(200);
        assert_eq!(me.body["workspace"]["id"], workspace.0);
    }
    // The old address logs in nowhere now.
    app.post("/api/login")
        .json(json!({"email": OWNER_EMAIL, "password": OWNER_PASSWORD}))
        .send()
        .await
        .expect(401);
}

on_both_stores!(
    current_user_shows_the_workspace_and_permissions,
    edit_profile_changes_name_and_email_and_the_new_email_logs_in,
    edit_profile_refuses_a_taken_email_and_empty_bodies,
    edit_profile_takes_an_address_another_workspace_has,
    an_uploaded_photo_is_stored_and_read_back_byte_for_byte,
    uploads_that_are_not_images_are_refused_and_change_nothing,
    another_users_photo_needs_users_read,
    delete_account_needs_the_password_and_removes_every_way_in,
    the_last_owner_cannot_delete_their_account
);
