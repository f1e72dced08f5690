//! Stored files served back (issue #60): every answer carrying a file's bytes says
//! `X-Content-Type-Options: nosniff` and a `Content-Security-Policy` that runs no script, and an
//! upload that must be an image is one: it decodes whole as the type its bytes say, and that is
//! the type it was sent as.

use reqwest::multipart::{Form, Part};
use serde_json::{json, Value};

use crate::harness::{Resp, TestApp, GIF, PNG};
use crate::on_both_stores;

/// A PNG signature, then a page: sniffed as HTML by a browser left to guess.
const PNG_POLYGLOT: &[u8] = b"\x89PNG\r\n\x1a\n<html><script>alert(document.cookie)</script></html>";

fn logo_form(bytes: &[u8], declared: &str) -> Form {
    Form::new().part(
        "logo",
        Part::bytes(bytes.to_vec())
            .file_name("logo.png")
            .mime_str(declared)
            .unwrap(),
    )
}

/// A provisioned sub-tenant's branding path.
async fn sub_tenant(app: &TestApp, platform: &str) -> String {
    let email = format!("owner-{}@customer.example", uuid::Uuid::new_v4().simple());
    let created = app
        .post("/api/wl/tenants")
        .token(platform)
        .json(json!({"name": "Logo Co", "owner_email": email, "owner_name": "Owner"}))
        .patient()
        .send()
        .await
        .expect(201)
        .body;
    format!("/api/wl/tenants/{}/branding", created["tenant"]["id"])
}

async fn a_logo_is_served_with_nosniff_and_a_policy_that_runs_no_script(app: TestApp) {
    let platform = app.owner_token().await;
    let branding = sub_tenant(&app, &platform).await;
    let logo = format!("{branding}/logo");
    app.post(&logo)
        .token(&platform)
        .multipart(logo_form(PNG, "image/png"))
        .send()
        .await
        .expect(200);
    let served = app.get(&logo).token(&platform).send().await.expect(200);
    assert_eq!(served.bytes, PNG);
    assert_served(&served, "image/png", None);
}

/// The headers every served file carries, its type, and whether it is an attachment.
fn assert_served(served: &Resp, content_type: &str, attachment: Option<&str>) {
    assert_eq!(served.header("content-type"), Some(content_type));
    assert_eq!(served.header("x-content-type-options"), Some("nosniff"));
    let policy = served.header("content-security-policy").unwrap_or_default();
    assert!(
        policy.contains("default-src 'none'") && policy.contains("sandbox"),
        "{policy}"
    );
    let disposition = attachment.map(|name| format!("attachment; filename=\"{name}\""));
    assert_eq!(served.header("content-disposition"), disposition.as_deref());
}

fn photo_form(bytes: &[u8], declared: &str) -> Form {
    Form::new().part(
        "photo",
        Part::bytes(bytes.to_vec())
            .file_name("me.png")
            .mime_str(declared)
            .unwrap(),
    )
}

async fn a_photo_must_decode_as_its_type_and_is_served_with_nosniff(app: TestApp) {
    let owner = app.owner_token().await;
    let me = app.get("/api/user").token(&owner).send().await.expect(200).body;
    let photo = format!("/api/users/{}/photo", me["id"]);
    app.post("/api/upload-photos")
        .token(&owner)
        .multipart(photo_form(PNG, "image/png"))
        .send()
        .await
        .expect(200);
    for (bytes, declared) in [(PNG_POLYGLOT, "image/png"), (GIF, "image/png")] {
        app.post("/api/upload-photos")
            .token(&owner)
            .multipart(photo_form(bytes, declared))
            .send()
            .await
            .expect_invalid("photo");
    }
    let served = app.get(&photo).token(&owner).send().await.expect(200);
    assert_eq!(served.bytes, PNG, "the refused uploads replaced nothing");
    assert_served(&served, "image/png", None);
}

async fn export_and_failed_rows_files_are_served_with_nosniff(app: TestApp) {
    let owner = app.owner_token().await;
    let file = b"name,email\n<script>alert(1)</script>,not-an-email\n".to_vec();
    let form = Form::new().part("file", Part::bytes(file).file_name("contacts.csv"));
    let import = app
        .post("/api/v1/contacts/import")
        .token(&owner)
        .multipart(form)
        .send()
        .await
        .expect(202)
        .body;
    let export = app
        .post("/api/v1/contacts/export")
        .token(&owner)
        .json(json!({"format": "csv"}))
        .send()
        .await
        .expect(202)
        .body;
    shared::resource::transfer::run_due(&app.state, std::time::Duration::ZERO)
        .await
        .unwrap();
    let import = app
        .get(&format!("/api/imports/{}", import["id"]))
        .token(&owner)
        .send()
        .await
        .expect(200)
        .body;
    let failed_rows = import["failed_rows_url"].as_str().expect("a failed row");
    let served = app.get(failed_rows).token(&owner).send().await.expect(200);
    let name = format!("import-{}-failed-rows.csv", import["id"]);
    assert_served(&served, "text/csv; charset=utf-8", Some(&name));
    let download = format!("/api/exports/{}/download", export["id"]);
    let served = app.get(&download).token(&owner).send().await.expect(200);
    let content_type = served.header("content-type").unwrap_or_default();
    assert!(content_type.starts_with("text/csv"), "{content_type}");
    let name = format!("crm_contact-export-{}.csv", export["id"]);
    assert_served(&served, content_type, Some(&name));
}

async fn a_logo_that_does_not_decode_as_its_declared_type_is_422_and_changes_nothing(app: TestApp) {
    let platform = app.owner_token().await;
    let branding = sub_tenant(&app, &platform).await;
    let logo = format!("{branding}/logo");
    app.post(&logo)
        .token(&platform)
        .multipart(logo_form(PNG, "image/png"))
        .send()
        .await
        .expect(200);
    let before: Value = app.get(&branding).token(&platform).send().await.expect(200).body;
    for (bytes, declared, why) in [
        (PNG_POLYGLOT, "image/png", "HTML behind a PNG signature"),
        (
            PNG_POLYGLOT,
            "application/octet-stream",
            "HTML behind a PNG signature, no type declared",
        ),
        (GIF, "image/png", "a GIF sent as a PNG"),
        (PNG, "text/html", "a PNG sent as HTML"),
        (&PNG[..40], "image/png", "a truncated PNG"),
    ] {
        let resp = app
            .post(&logo)
            .token(&platform)
            .multipart(logo_form(bytes, declared))
            .send()
            .await;
        assert_eq!(resp.status, 422, "{why}: {}", resp.body);
        resp.expect_invalid("logo");
    }
    let after = app.get(&branding).token(&platform).send().await.expect(200).body;
    assert_eq!(after, before, "nothing changed");
    assert_eq!(app.get(&logo).token(&platform).send().await.expect(200).bytes, PNG);
    // A real GIF, declared as one or not at all, is accepted and served as a GIF.
    for declared in ["image/gif", "application/octet-stream"] {
        app.post(&logo)
            .token(&platform)
            .multipart(logo_form(GIF, declared))
            .send()
            .await
            .expect(200);
        let served = app.get(&logo).token(&platform).send().await.expect(200);
        assert_eq!(
            (served.header("content-type"), served.bytes.as_slice()),
            (Some("image/gif"), GIF)
        );
    }
}

on_both_stores!(
    a_logo_is_served_with_nosniff_and_a_policy_that_runs_no_script,
    a_logo_that_does_not_decode_as_its_declared_type_is_422_and_changes_nothing,
    a_photo_must_decode_as_its_type_and_is_served_with_nosniff,
    export_and_failed_rows_files_are_served_with_nosniff,
);
