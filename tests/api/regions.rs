//! Regions as cells (`shared::region`): two servers acting as two regions, each on a store of
//! its own. Every credential works at home; at the other region it is answered 421
//! `wrong_region` with its home's base URL, before anything is read, never with data or a 401.

use serde_json::{json, Value};
use shared::region::Regions;

use crate::harness::{Backend, TestApp};
use crate::on_both_stores;

const REGIONS: &str = "na1=https://na1.worktop.test,eu1=https://eu1.worktop.test";
/// Each regional stack generates its own JWT secret.
const EU1_JWT_SECRET: &str = "eu1-secret-eu1-secret-eu1-secret-0123456";

async fn region(backend: Backend, name: &str, jwt_secret: Option<&str>) -> Option<TestApp> {
    let mut overrides = vec![("REGION", name), ("REGIONS", REGIONS)];
    if let Some(secret) = jwt_secret {
        overrides.push(("JWT_SECRET", secret));
    }
    TestApp::start(backend, &overrides).await
}

/// `GET /api/user` with `token` at `app`: the status and body.
async fn whoami(app: &TestApp, token: &str) -> (u16, Value) {
    let resp = app.get("/api/user").token(token).send().await;
    (resp.status, resp.body)
}

/// `GET /api/v1/contacts` with `key` at `app`: the status and body.
async fn contacts(app: &TestApp, key: &str) -> (u16, Value) {
    let resp = app.get("/api/v1/contacts").token(key).send().await;
    (resp.status, resp.body)
}

fn assert_sent_home(answer: (u16, Value), home: &str) {
    let (status, body) = answer;
    assert_eq!(status, 421, "{body}");
    assert_eq!(body["code"], "wrong_region", "{body}");
    assert_eq!(body["region"], home);
    assert_eq!(body["base_url"], format!("https://{home}.worktop.test"));
    assert!(body["message"].as_str().unwrap().contains(home), "{body}");
    assert!(body.get("email").is_none() && body.get("data").is_none(), "{body}");
}

async fn each_credential_works_at_home_and_is_sent_home_elsewhere(backend: Backend) {
    let Some(na1) = region(backend, "na1", None).await else {
        return;
    };
    let Some(eu1) = region(backend, "eu1", Some(EU1_JWT_SECRET)).await else {
        return;
    };

    // Session tokens carry their region in a claim.
    let na1_session = na1.owner_token().await;
    let eu1_session = eu1.owner_token().await;
    // A workspace's home is the region it was created in.
    let (status, me) = whoami(&na1, &na1_session).await;
    assert_eq!((status, &me["workspace"]["region"]), (200, &json!("na1")));
    let (status, me) = whoami(&eu1, &eu1_session).await;
    assert_eq!((status, &me["workspace"]["region"]), (200, &json!("eu1")));
    assert_sent_home(whoami(&eu1, &na1_session).await, "na1");
    assert_sent_home(whoami(&na1, &eu1_session).await, "eu1");

    // API keys and sandbox keys name it after their kind.
    let eu1_key = eu1.api_key(&eu1_session, "live").await;
    let na1_sandbox_key = na1.api_key(&na1_session, "test").await;
    assert!(eu1_key.starts_with("wt_live_eu1_"), "{eu1_key}");
    assert!(na1_sandbox_key.starts_with("wt_test_na1_"), "{na1_sandbox_key}");
    assert_eq!(contacts(&eu1, &eu1_key).await.0, 200);
    assert_eq!(contacts(&na1, &na1_sandbox_key).await.0, 200);
    assert_sent_home(contacts(&na1, &eu1_key).await, "eu1");
    assert_sent_home(contacts(&eu1, &na1_sandbox_key).await, "na1");
    // The key list shows the region in each key's recognisable start.
    let keys = eu1
        .get("/api/v1/settings/api-keys")
        .token(&eu1_session)
        .send()
        .await
        .expect(200);
    assert!(keys.body.to_string().contains("wt_live_eu1_"), "{}", keys.body);

    // A region the platform does not have is no region: the usual 401.
    let unknown = format!("wt_live_zz9_{}", &eu1_key["wt_live_eu1_".len()..]);
    assert_eq!(contacts(&eu1, &unknown).await.0, 401);

    // An OAuth client of eu1: its id names the region, its token endpoint and its tokens are eu1's.
    let client = eu1
        .post("/api/oauth/clients")
        .token(&eu1_session)
        .json(json!({"name": "Sync app", "type": "confidential", "redirect_uris": ["https://app.example.com/cb"], "scopes": ["crm:read"]}))
        .send()
        .await
        .expect(201)
        .body;
    let client_id = client["client_id"].as_str().unwrap();
    assert!(client_id.starts_with("wtc_eu1_"), "{client_id}");
    let grant = format!(
        "grant_type=client_credentials&client_id={client_id}&client_secret={}",
        client["client_secret"].as_str().unwrap()
    );
    let elsewhere = na1
        .post("/api/oauth/token")
        .raw("application/x-www-form-urlencoded", grant.clone())
        .send()
        .await;
    assert_sent_home((elsewhere.status, elsewhere.body), "eu1");
    let issued = eu1
        .post("/api/oauth/token")
        .raw("application/x-www-form-urlencoded", grant)
        .send()
        .await
        .expect(200)
        .body;
    let access = issued["access_token"].as_str().unwrap();
    assert!(access.starts_with("wto_eu1_"), "{access}");
    assert_eq!(contacts(&eu1, access).await.0, 200);
    assert_sent_home(contacts(&na1, access).await, "eu1");

    // A public route's token is sent home the same way: a lead-capture widget of eu1.
    let widget = eu1
        .post("/api/v1/widgets")
        .token(&eu1_session)
        .json(json!({"name": "Site form", "stage_id": 2}))
        .send()
        .await
        .expect(201)
        .body;
    let token = widget["token"].as_str().unwrap();
    assert!(token.starts_with("wgt_eu1_"), "{token}");
    eu1.get(&format!("/api/widget/{token}")).send().await.expect(200);
    let elsewhere = na1.get(&format!("/api/widget/{token}")).send().await;
    assert_sent_home((elsewhere.status, elsewhere.body), "eu1");

    // A region that stops leaves the other's tenants working.
    drop(eu1);
    assert_eq!(contacts(&na1, &na1_sandbox_key).await.0, 200);
    assert_eq!(whoami(&na1, &na1_session).await.0, 200);
}

/// A key issued before the platform had regions names none: it belongs to the default region
/// (the first of `REGIONS`) and is sent there from any other, although the other cell here shares
/// its store (so the 421 comes before any read).
async fn a_credential_from_before_regions_belongs_to_the_default_region(backend: Backend) {
    let Some(before) = TestApp::start(backend, &[]).await else {
        return;
    };
    let session = before.owner_token().await;
    let key = before.api_key(&session, "live").await;
    assert!(key.starts_with("wt_live_") && key["wt_live_".len()..].chars().all(char::is_alphanumeric));
    let regions = |here: &str| Regions::parse(Some(here.into()), Some(REGIONS.into())).unwrap();
    let na1 = before.beside_configured(|c| c.regions = regions("na1")).await;
    let eu1 = before.beside_configured(|c| c.regions = regions("eu1")).await;
    assert_eq!(whoami(&na1, &key).await.0, 200);
    assert_eq!(whoami(&na1, &session).await.0, 200);
    assert_sent_home(whoami(&eu1, &key).await, "na1");
    assert_sent_home(whoami(&eu1, &session).await, "na1");
}

/// `POST /api/login` at `app`.
async fn login(app: &TestApp, email: &str, password: &str) -> crate::harness::Resp {
    app.post("/api/login")
        .json(json!({"email": email, "password": password}))
        .send()
        .await
}

/// Logins reach their home through the regions' shared directory: a login at another region is
/// answered as the home answers it (the home's token, or its refusal), an address one region has
/// cannot be taken in another, and a deleted user's address is free again.
async fn logins_reach_their_home_region(backend: Backend) {
    let shared_dir = tempfile::tempdir().unwrap();
    let directory_path = shared_dir.path().join("directory.sqlite3");
    let directory_path = directory_path.to_string_lossy();
    let directory_table = format!("directory-{}", uuid::Uuid::new_v4().simple());
    let directory = match backend {
        Backend::Sqlite => ("DIRECTORY_PATH", &*directory_path),
        Backend::DynamoDb => ("DIRECTORY_TABLE", directory_table.as_str()),
    };
    // Each region's first workspace claims its owner's address in the shared directory.
    let Some(na1_home) = TestApp::start(backend, &[("REGION", "na1"), ("REGIONS", REGIONS), directory]).await else {
        return;
    };
    let eu1_owner = "owner@eu1.example.com";
    let eu1_overrides = [
        ("REGION", "eu1"),
        ("REGIONS", REGIONS),
        directory,
        ("JWT_SECRET", EU1_JWT_SECRET),
        ("ADMIN_EMAIL", eu1_owner),
    ];
    let Some(eu1_home) = TestApp::start(backend, &eu1_overrides).await else {
        return;
    };
    // The regions' base URLs are known once both listen: each region is served again beside
    // itself (same store and directory) with `REGIONS` naming the real addresses.
    let urls = format!("na1={},eu1={}", na1_home.base, eu1_home.base);
    let regions = |here: &str| Regions::parse(Some(here.into()), Some(urls.clone())).unwrap();
    let na1 = na1_home.beside_configured(|c| c.regions = regions("na1")).await;
    let eu1 = eu1_home.beside_configured(|c| c.regions = regions("eu1")).await;

    // na1's owner logs in at eu1 and gets na1's token.
    let at_eu1 = login(&eu1, crate::harness::OWNER_EMAIL, crate::harness::OWNER_PASSWORD)
        .await
        .expect(200);
    let token = at_eu1.body["token"].as_str().unwrap().to_owned();
    assert_eq!(at_eu1.body["user"]["email"], crate::harness::OWNER_EMAIL);
    assert_eq!(whoami(&na1, &token).await.0, 200);
    let elsewhere = whoami(&eu1, &token).await;
    assert_eq!(elsewhere.0, 421);
    assert_eq!(elsewhere.1["region"], "na1");
    // And eu1's owner at na1.
    let at_na1 = login(&na1, eu1_owner, crate::harness::OWNER_PASSWORD).await.expect(200);
    assert_eq!(whoami(&eu1, at_na1.body["token"].as_str().unwrap()).await.0, 200);

    // A wrong password is refused as at home, and as an unknown address is: no hint of where
    // (or whether) the address lives.
    let wrong = login(&eu1, crate::harness::OWNER_EMAIL, "not-the-password").await;
    let at_home = login(&na1, crate::harness::OWNER_EMAIL, "not-the-password").await;
    let unknown = login(&eu1, "nobody@example.com", "not-the-password").await;
    assert_eq!((wrong.status, at_home.status, unknown.status), (401, 401, 401));
    assert_eq!(wrong.body["code"], unknown.body["code"]);
    assert_eq!(wrong.body["message"], unknown.body["message"]);

    // An address one region has cannot be taken in the other; once deleted it can.
    let na1_session = na1.owner_token().await;
    let eu1_session = eu1.login(eu1_owner, crate::harness::OWNER_PASSWORD).await;
    let alice = json!({"name": "Alice", "email": "alice@example.com", "password": "alice-password-1", "role": "staff"});
    let created = eu1
        .post("/api/user/store")
        .token(&eu1_session)
        .json(alice.clone())
        .send()
        .await
        .expect(201);
    na1.post("/api/user/store")
        .token(&na1_session)
        .json(alice.clone())
        .send()
        .await
        .expect_invalid("email");
    login(&na1, "alice@example.com", "alice-password-1").await.expect(200);
    let alice_id = created.body["id"].as_u64().unwrap();
    eu1.delete(&format!("/api/user/delete/{alice_id}"))
        .token(&eu1_session)
        .send()
        .await
        .expect(200);
    na1.post("/api/user/store")
        .token(&na1_session)
        .json(alice)
        .send()
        .await
        .expect(201);
    login(&eu1, "alice@example.com", "alice-password-1").await.expect(200);

    // A home that does not answer: 503, not a refusal.
    drop(na1);
    drop(na1_home);
    login(&eu1, crate::harness::OWNER_EMAIL, crate::harness::OWNER_PASSWORD)
        .await
        .expect_error(503, "unavailable");
    // eu1's own logins are not held up by it.
    login(&eu1, eu1_owner, crate::harness::OWNER_PASSWORD).await.expect(200);
}

on_both_stores!(by_backend:
    each_credential_works_at_home_and_is_sent_home_elsewhere,
    a_credential_from_before_regions_belongs_to_the_default_region,
    logins_reach_their_home_region,
);
