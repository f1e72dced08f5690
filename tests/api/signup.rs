//! Self-serve sign-up, address verification and password resets, with the mail they send read
//! back from the mail folder the local server writes to.

use serde_json::{json, Value};
use shared::mail::Transport;

use crate::harness::{TestApp, OWNER_EMAIL, OWNER_PASSWORD};
use crate::on_both_stores;

/// Sends what the mail outbox holds to a fresh folder; the messages, oldest first.
pub(crate) async fn sent_mail(app: &TestApp) -> Vec<String> {
    let folder = tempfile::tempdir().unwrap();
    let transport = Transport::Folder(folder.path().to_owned());
    shared::mail::send_pending(&app.state, &transport, 100).await.unwrap();
    let mut names: Vec<_> = std::fs::read_dir(folder.path())
        .map(|dir| dir.map(|e| e.unwrap().path()).collect())
        .unwrap_or_default();
    names.sort();
    names.iter().map(|p| std::fs::read_to_string(p).unwrap()).collect()
}

/// The token of the dashboard link `#/<route>?token=` in a mail.
fn token_in(mail: &str, route: &str) -> String {
    let marker = format!("#/{route}?token=");
    let start = mail
        .find(&marker)
        .unwrap_or_else(|| panic!("no {route} link in:\n{mail}"))
        + marker.len();
    mail[start..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .collect()
}

fn signup_body(email: &str) -> Value {
    json!({
        "name": "Ana Costa",
        "email": email,
        "password": "a long passphrase of hers",
        "workspace_name": "Acme Dental",
        "plan_id": "starter",
    })
}

async fn signing_up_answers_a_session_and_a_sandbox_key_and_live_keys_wait_for_the_mailed_link(app: TestApp) {
    let email = "ana@acme-dental.example";
    let signed = app
        .post("/api/signup")
        .json(signup_body(email))
        .send()
        .await
        .expect(201);
    let token = signed.body["token"].as_str().unwrap().to_owned();
    let me = app.get("/api/user").token(&token).send().await.expect(200);
    assert_eq!(me.body["email"], email);
    assert_eq!(me.body["role"], "owner");
    assert_eq!(me.body["workspace"]["plan"], "starter");
    assert_eq!(me.body["workspace"]["id"], signed.body["workspace_id"]);
    assert_ne!(signed.body["workspace_id"], app.tenant.0, "a workspace of its own");

    // The sandbox key works at once, on the seeded sandbox.
    let key = signed.body["sandbox_key"]["key"].as_str().unwrap();
    assert!(key.starts_with("wt_test_"), "{key}");
    let sandbox = app.get("/api/user").token(key).send().await.expect(200);
    assert_eq!(sandbox.body["workspace"]["mode"], "test", "{}", sandbox.body);
    app.get("/api/v1/contacts").token(key).send().await.expect(200);

    // A live key waits for the address.
    let live = json!({"name": "production", "mode": "live"});
    let refused = app
        .post("/api/v1/settings/api-keys")
        .token(&token)
        .json(live.clone())
        .send()
        .await
        .expect(403);
    assert!(
        refused.body["message"].as_str().unwrap().contains(email),
        "{}",
        refused.body
    );

    let mails = sent_mail(&app).await;
    assert_eq!(mails.len(), 1, "one verification mail");
    assert!(mails[0].contains(&format!("To: {email}")), "{}", mails[0]);
    assert!(mails[0].contains("Subject: Verify your e-mail address"));
    assert!(mails[0].contains("Acme Dental"), "the workspace's name brands it");
    let link = token_in(&mails[0], "verify");
    app.post("/api/verify-email")
        .json(json!({"token": link}))
        .send()
        .await
        .expect(200);
    app.post("/api/v1/settings/api-keys")
        .token(&token)
        .json(live)
        .send()
        .await
        .expect(201);
    let again = app.post("/api/verify-email").json(json!({"token": link})).send().await;
    again.expect_error(422, "validation_failed");
    let me = app.get("/api/user").token(&token).send().await.expect(200);
    assert!(me.body["email_verified_at"].is_string(), "{}", me.body);
}

async fn a_bad_sign_up_is_422_naming_its_fields_and_opens_nothing(app: TestApp) {
    let email = "bo@example.com";
    for (change, field) in [
        (json!({"email": "not an address"}), "email"),
        (json!({"password": "short"}), "password"),
        (json!({"password": "password123"}), "password"),
        (json!({"password": "bo@example.com"}), "password"),
        (json!({"plan_id": "platinum"}), "plan_id"),
        (json!({"workspace_name": null}), "workspace_name"),
    ] {
        let mut body = signup_body(email);
        for (k, v) in change.as_object().unwrap() {
            body[k] = v.clone();
        }
        let refused = app
            .post("/api/signup")
            .json(body)
            .send()
            .await
            .expect_error(422, "validation_failed");
        assert!(refused.body["errors"][field].is_array(), "{field}: {}", refused.body);
    }
    app.post("/api/login")
        .json(json!({"email": email, "password": "a long passphrase of hers"}))
        .send()
        .await
        .expect_error(401, "unauthenticated");
    assert!(sent_mail(&app).await.is_empty(), "no mail for a refused sign-up");
}

async fn a_forgotten_password_is_reset_once_by_its_link_and_every_session_ends(app: TestApp) {
    let session = app.owner_token().await;
    let asked = app
        .post("/api/forgot-password")
        .json(json!({"email": OWNER_EMAIL.to_uppercase()}))
        .send()
        .await
        .expect(202);
    let unknown = app
        .post("/api/forgot-password")
        .json(json!({"email": "nobody@example.com"}))
        .send()
        .await
        .expect(202);
    assert_eq!(
        asked.body, unknown.body,
        "the answer does not tell which addresses have accounts"
    );
    let mails = sent_mail(&app).await;
    assert_eq!(mails.len(), 1, "a mail to the account's address only");
    assert!(mails[0].contains(&format!("To: {OWNER_EMAIL}")));
    let link = token_in(&mails[0], "reset-password");

    let weak = json!({"token": link, "password": "password123"});
    app.post("/api/reset-password")
        .json(weak)
        .send()
        .await
        .expect_error(422, "validation_failed");
    let new_password = "a new and longer passphrase";
    app.post("/api/reset-password")
        .json(json!({"token": link, "password": new_password}))
        .send()
        .await
        .expect(200);
    app.get("/api/user")
        .token(&session)
        .send()
        .await
        .expect_error(401, "unauthenticated");
    app.post("/api/login")
        .json(json!({"email": OWNER_EMAIL, "password": OWNER_PASSWORD}))
        .send()
        .await
        .expect_error(401, "unauthenticated");
    app.login(OWNER_EMAIL, new_password).await;
    app.post("/api/reset-password")
        .json(json!({"token": link, "password": "yet another passphrase"}))
        .send()
        .await
        .expect_error(422, "validation_failed");
    app.post("/api/reset-password")
        .json(json!({"token": "made-up", "password": "yet another passphrase"}))
        .send()
        .await
        .expect_error(422, "validation_failed");
}

async fn reset_mails_to_one_address_stop_after_five_an_hour_and_the_answer_does_not_change(app: TestApp) {
    let mut answers = Vec::new();
    for _ in 0..7 {
        let asked = app
            .post("/api/forgot-password")
            .json(json!({"email": OWNER_EMAIL}))
            .send()
            .await
            .expect(202);
        answers.push(asked.body);
    }
    assert!(answers.windows(2).all(|w| w[0] == w[1]));
    assert_eq!(sent_mail(&app).await.len(), 5);
}

async fn the_workspace_shows_its_plan_its_verification_and_a_day_of_requests(app: TestApp) {
    let owner = app.owner_token().await;
    let me = app.get("/api/user").token(&owner).send().await.expect(200);
    let workspace = app.get("/api/workspace").token(&owner).send().await.expect(200);
    assert_eq!(workspace.body["id"], me.body["workspace"]["id"]);
    assert_eq!(workspace.body["plan"]["id"], me.body["workspace"]["plan"]);
    assert_eq!(workspace.body["email_verified"], true);
    assert_eq!(workspace.body["live_keys_need_verified_address"], false);
    let usage = &workspace.body["usage"];
    assert_eq!(usage["hours"].as_array().unwrap().len(), 24);
    assert_eq!(
        usage["limit_per_hour"].as_u64().unwrap(),
        4 * usage["token_limit_per_hour"].as_u64().unwrap()
    );
    app.get("/api/workspace")
        .send()
        .await
        .expect_error(401, "unauthenticated");
}

async fn an_unverified_user_asks_for_a_new_verification_mail_and_a_verified_one_is_409(app: TestApp) {
    let owner = app.owner_token().await;
    app.post("/api/verify-email/resend")
        .token(&owner)
        .send()
        .await
        .expect_error(409, "invalid_transition");
    let (_, email, password) = app.create_user(&owner, "staff").await;
    sent_mail(&app).await; // the invitation
    let staff = app.login(&email, &password).await;
    app.post("/api/verify-email/resend")
        .token(&staff)
        .send()
        .await
        .expect(202);
    let mails = sent_mail(&app).await;
    assert_eq!(mails.len(), 1);
    assert!(mails[0].contains(&format!("To: {email}")));
    let link = token_in(&mails[0], "verify");
    app.post("/api/verify-email")
        .json(json!({"token": link}))
        .send()
        .await
        .expect(200);
    let workspace = app.get("/api/workspace").token(&staff).send().await.expect(200);
    assert_eq!(workspace.body["email_verified"], true);
}

async fn a_user_added_to_the_live_workspace_is_invited_by_mail_to_choose_a_password(app: TestApp) {
    let owner = app.owner_token().await;
    sent_mail(&app).await;
    let email = "noor@example.com";
    app.post("/api/user/store")
        .token(&owner)
        .json(json!({"name": "Noor Haddad", "email": email, "role": "staff"}))
        .send()
        .await
        .expect(201);
    let mails = sent_mail(&app).await;
    assert_eq!(mails.len(), 1, "{mails:?}");
    assert!(mails[0].contains(&format!("To: {email}")), "{}", mails[0]);
    assert!(mails[0].contains("Subject: You are invited to"), "{}", mails[0]);
    let link = token_in(&mails[0], "reset-password");
    let chosen = "her own long passphrase";
    app.post("/api/reset-password")
        .json(json!({"token": link, "password": chosen}))
        .send()
        .await
        .expect(200);
    let session = app.login(email, chosen).await;
    let me = app.get("/api/user").token(&session).send().await.expect(200);
    assert_eq!(me.body["role"], "staff");
    assert!(
        !me.body["email_verified_at"].is_null(),
        "the link verified the address: {}",
        me.body
    );

    // The sandbox's users are test data: nobody is mailed.
    let test_key = app.api_key(&owner, "test").await;
    app.post("/api/user/store")
        .token(&test_key)
        .json(json!({"name": "Test Person", "email": "test.person@example.com"}))
        .send()
        .await
        .expect(201);
    assert!(sent_mail(&app).await.is_empty());
}

on_both_stores!(
    a_user_added_to_the_live_workspace_is_invited_by_mail_to_choose_a_password,
    the_workspace_shows_its_plan_its_verification_and_a_day_of_requests,
    an_unverified_user_asks_for_a_new_verification_mail_and_a_verified_one_is_409,
    signing_up_answers_a_session_and_a_sandbox_key_and_live_keys_wait_for_the_mailed_link,
    a_bad_sign_up_is_422_naming_its_fields_and_opens_nothing,
    a_forgotten_password_is_reset_once_by_its_link_and_every_session_ends,
    reset_mails_to_one_address_stop_after_five_an_hour_and_the_answer_does_not_change,
);

/// The local SMTP server infra/test.sh starts (aiosmtpd, writing a maildir): its URL and the
/// maildir, or `None` (skip) when it is not running; with `WORKTOP_REQUIRE_SMTP=1` a missing one
/// fails the test instead.
pub(crate) fn smtp_sink() -> Option<(String, std::path::PathBuf)> {
    match (std::env::var("WORKTOP_SMTP_URL"), std::env::var("WORKTOP_SMTP_MAILDIR")) {
        (Ok(url), Ok(dir)) => Some((url, dir.into())),
        _ => {
            assert!(
                std::env::var("WORKTOP_REQUIRE_SMTP").is_err(),
                "WORKTOP_REQUIRE_SMTP is set but WORKTOP_SMTP_URL or WORKTOP_SMTP_MAILDIR is not"
            );
            eprintln!("skipped: no SMTP server (infra/test.sh starts aiosmtpd and sets WORKTOP_SMTP_URL)");
            None
        }
    }
}

#[tokio::test]
async fn with_smtp_configured_the_mail_goes_out_through_the_smtp_server_once() {
    let Some((url, maildir)) = smtp_sink() else { return };
    let app = TestApp::sqlite().await;
    let address = format!("smtp-{}@example.com", uuid::Uuid::new_v4().simple());
    let owner = app.owner_token().await;
    app.post("/api/user/store")
        .token(&owner)
        .json(json!({"name": "Sam", "email": address, "password": "user-password-1", "role": "staff"}))
        .send()
        .await
        .expect(201);
    // The invitation goes out through the folder; the reset below through SMTP.
    sent_mail(&app).await;
    app.post("/api/forgot-password")
        .json(json!({"email": address}))
        .send()
        .await
        .expect(202);
    let transport = Transport::smtp(&url).unwrap();
    assert_eq!(
        shared::mail::send_pending(&app.state, &transport, 100).await.unwrap(),
        1
    );
    assert_eq!(
        shared::mail::send_pending(&app.state, &transport, 100).await.unwrap(),
        0,
        "sent mail leaves the outbox"
    );
    let received: Vec<String> = std::fs::read_dir(maildir.join("new"))
        .unwrap()
        .map(|e| std::fs::read_to_string(e.unwrap().path()).unwrap())
        .filter(|m| m.contains(&address))
        .collect();
    assert_eq!(received.len(), 1, "one message to {address}");
    assert!(received[0].contains("Subject: Reset your password"));
    let token = token_in(&received[0], "reset-password");
    app.post("/api/reset-password")
        .json(json!({"token": token, "password": "a new and longer passphrase"}))
        .send()
        .await
        .expect(200);
}
