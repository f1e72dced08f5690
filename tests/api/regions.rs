//! Regions as cells (`shared::region`): two servers acting as two regions, each on a store of
//! its own. Every credential works at home; at the other region it is answered 421
//! `wrong_region` with its home's base URL, before anything is read, never with data or a 401.

use serde_json::{json, Value};
use shared::region::Regions;

use crate::harness::{Backend, TestApp};

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
    assert_eq!(whoami(&na1, &na1_session).await.0, 200);
    assert_eq!(whoami(&eu1, &eu1_session).await.0, 200);
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

mod sqlite {
    use super::*;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn each_credential_works_at_home_and_is_sent_home_elsewhere() {
        super::each_credential_works_at_home_and_is_sent_home_elsewhere(Backend::Sqlite).await
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_credential_from_before_regions_belongs_to_the_default_region() {
        super::a_credential_from_before_regions_belongs_to_the_default_region(Backend::Sqlite).await
    }
}

mod dynamodb {
    use super::*;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn each_credential_works_at_home_and_is_sent_home_elsewhere() {
        super::each_credential_works_at_home_and_is_sent_home_elsewhere(Backend::DynamoDb).await
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_credential_from_before_regions_belongs_to_the_default_region() {
        super::a_credential_from_before_regions_belongs_to_the_default_region(Backend::DynamoDb).await
    }
}
