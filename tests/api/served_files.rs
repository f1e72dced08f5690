//! Stored files served back (issue #60): every answer carrying a file's bytes says
//! `X-Content-Type-Options: nosniff` and a `Content-Security-Policy` that runs no script, and an
//! upload that must be an image is one: it decodes whole as the type its bytes say, and that is
//! the type it was sent as.

use reqwest::multipart::{Form, Part};
use serde_json::{json, Value};

use crate::harness::TestApp;
use crate::on_both_stores;

/// A 1x1 transparent PNG.
const PNG: &[u8] = &[
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00,
    0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4, 0x89, 0x00, 0x00, 0x00, 0x0A, 0x49,
    0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0x00, 0x01, 0x00, 0x00, 0x05, 0x00, 0x01, 0x0D, 0x0A, 0x2D, 0xB4, 0x00, 0x00,
    0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
];

/// A 1x1 GIF.
const GIF: &[u8] = &[
    0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00,
    0x21, 0xF9, 0x04, 0x01, 0x00, 0x00, 0x00, 0x00, 0x2C, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0x02,
    0x02, 0x44, 0x01, 0x00, 0x3B,
];

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
        .reseeding()
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
    assert_eq!(served.header("content-type"), Some("image/png"));
    assert_eq!(served.header("x-content-type-options"), Some("nosniff"));
    let policy = served.header("content-security-policy").unwrap_or_default();
    assert!(
        policy.contains("default-src 'none'") && policy.contains("sandbox"),
        "{policy}"
    );
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
);
