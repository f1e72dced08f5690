//! Regions as cells (`shared::region`): two servers acting as two regions, each on a store of
//! its own. Every credential works at home; at the other region it is answered 421
//! `wrong_region` with its home's base URL, before anything is read, never with data or a 401.

use serde_json::{json, Value};
use shared::region::Regions;
use shared::store::StoreExt;

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
    assert_sent_to(answer, home, &format!("https://{home}.worktop.test"));
}

/// [`assert_sent_home`] for regions served at `base_url`.
fn assert_sent_to(answer: (u16, Value), home: &str, base_url: &str) {
    let (status, body) = answer;
    assert_eq!(status, 421, "{body}");
    assert_eq!(body["code"], "wrong_region", "{body}");
    assert_eq!(body["region"], home);
    assert_eq!(body["base_url"], base_url);
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
    eu1.stop().await;
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
/// answered as the home answers it (the home's token, or its refusal), an address may be a login
/// in both regions (each password reaching its own account), and a deleted user's login is gone.
async fn logins_reach_their_home_region(backend: Backend) {
    // Each region's first workspace claims its owner's address in the shared directory.
    let Some(TwoRegions { na1, eu1, _directory }) = two_regions(backend, None).await else {
        return;
    };
    let eu1_owner = EU1_OWNER;

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

    // An address may be a login in both regions, each with its own password: a login with either
    // reaches its account from either region (this region's accounts first, then the others).
    let na1_session = na1.owner_token().await;
    let eu1_session = eu1.login(eu1_owner, crate::harness::OWNER_PASSWORD).await;
    let alice =
        |password: &str| json!({"name": "Alice", "email": "alice@example.com", "password": password, "role": "staff"});
    let created = eu1
        .post("/api/user/store")
        .token(&eu1_session)
        .json(alice("alice-eu1-password"))
        .send()
        .await
        .expect(201);
    na1.post("/api/user/store")
        .token(&na1_session)
        .json(alice("alice-na1-password"))
        .send()
        .await
        .expect(201);
    for app in [&na1, &eu1] {
        for (password, home) in [("alice-eu1-password", &eu1), ("alice-na1-password", &na1)] {
            let session = login(app, "alice@example.com", password).await.expect(200);
            let (status, me) = whoami(home, session.body["token"].as_str().unwrap()).await;
            assert_eq!((status, &me["email"]), (200, &json!("alice@example.com")), "{me}");
        }
    }
    // Once eu1's is deleted, its password logs in nowhere; na1's still does from eu1.
    let alice_id = created.body["id"].as_u64().unwrap();
    eu1.delete(&format!("/api/user/delete/{alice_id}"))
        .token(&eu1_session)
        .send()
        .await
        .expect(200);
    login(&na1, "alice@example.com", "alice-eu1-password").await.expect(401);
    login(&eu1, "alice@example.com", "alice-eu1-password").await.expect(401);
    login(&eu1, "alice@example.com", "alice-na1-password").await.expect(200);

    // A home that does not answer: 503, not a refusal.
    na1.stop().await;
    login(&eu1, crate::harness::OWNER_EMAIL, crate::harness::OWNER_PASSWORD)
        .await
        .expect_error(503, "unavailable");
    // eu1's own logins are not held up by it.
    login(&eu1, eu1_owner, crate::harness::OWNER_PASSWORD).await.expect(200);
}

/// Two regions sharing a directory (and `cell_secret`), each on a store of its own, with
/// `REGIONS` naming their real addresses so that calls between them arrive.
struct TwoRegions {
    na1: TestApp,
    eu1: TestApp,
    _directory: tempfile::TempDir,
}

const EU1_OWNER: &str = "owner@eu1.example.com";
const CELL_SECRET: &str = "cells-secret-shared-by-every-region-0123";

async fn two_regions(backend: Backend, cell_secret: Option<&str>) -> Option<TwoRegions> {
    let shared_dir = tempfile::tempdir().unwrap();
    let directory_path = shared_dir.path().join("directory.sqlite3");
    let directory_path = directory_path.to_string_lossy().into_owned();
    let directory_table = format!("directory-{}", uuid::Uuid::new_v4().simple());
    let directory = match backend {
        Backend::Sqlite => ("DIRECTORY_PATH", directory_path.as_str()),
        Backend::DynamoDb => ("DIRECTORY_TABLE", directory_table.as_str()),
    };
    let (na1_listener, eu1_listener) = (crate::harness::bind().await, crate::harness::bind().await);
    let urls = format!(
        "na1=http://{},eu1=http://{}",
        na1_listener.local_addr().unwrap(),
        eu1_listener.local_addr().unwrap()
    );
    let mut common = vec![("REGIONS", urls.as_str()), directory];
    if let Some(secret) = cell_secret {
        common.push(("CELL_SECRET", secret));
    }
    let na1_overrides: Vec<_> = common.iter().copied().chain([("REGION", "na1")]).collect();
    let na1 = TestApp::start_on(na1_listener, backend, &na1_overrides).await?;
    let eu1_overrides: Vec<_> = common
        .iter()
        .copied()
        .chain([
            ("REGION", "eu1"),
            ("JWT_SECRET", EU1_JWT_SECRET),
            ("ADMIN_EMAIL", EU1_OWNER),
        ])
        .collect();
    let eu1 = TestApp::start_on(eu1_listener, backend, &eu1_overrides).await?;
    Some(TwoRegions {
        na1,
        eu1,
        _directory: shared_dir,
    })
}

/// `POST /internal/cells/{op}` at `app` with `body`, signed as na1 signs its calls.
async fn signed_cell_call(app: &TestApp, op: &str, body: &Value) -> crate::harness::Resp {
    let body = serde_json::to_vec(body).unwrap();
    let signature = shared::cell::sign(CELL_SECRET, shared::time::now_unix(), "na1", op, &body);
    app.post(&format!("/internal/cells/{op}"))
        .header(shared::cell::HEADER, &signature)
        .raw("application/json", body)
        .send()
        .await
}

/// `POST /api/wl/tenants` at `app`.
async fn provision(app: &TestApp, platform: &str, body: Value) -> crate::harness::Resp {
    app.post("/api/wl/tenants").token(platform).json(body).send().await
}

/// A platform in na1 provisions one sub-tenant in each region. Each account lives in its home:
/// its credentials work there and are sent home from the other region, its owner's login
/// reaches it from either, the platform's listing shows both with their regions, and the
/// platform manages the one in eu1 (rename, suspend, resume, usage, invitations) through calls
/// between the cells. Stopping eu1 leaves na1's tenants working and the platform's listing
/// readable; what needs eu1 answers 503.
async fn a_platform_provisions_a_sub_tenant_in_each_region(backend: Backend) {
    let Some(TwoRegions { na1, eu1, _directory }) = two_regions(backend, Some(CELL_SECRET)).await else {
        return;
    };
    let platform = na1.owner_token().await;
    let near = provision(
        &na1,
        &platform,
        json!({"name": "Near Co", "owner_email": "near@customer.example", "owner_name": "Nia"}),
    )
    .await
    .expect(201)
    .body;
    assert_eq!(near["tenant"]["region"], "na1");
    let far = provision(
        &na1,
        &platform,
        json!({"name": "Far GmbH", "owner_email": "far@customer.example", "owner_name": "Fritz", "region": "eu1"}),
    )
    .await
    .expect(201)
    .body;
    assert_eq!(far["tenant"]["region"], "eu1");
    assert_eq!(far["tenant"]["invitation_status"], "pending");
    let far_id = far["tenant"]["id"].as_u64().unwrap();
    let far_tenant = far["tenant"]["tenant_id"].as_u64().unwrap();
    let token = far["invitation"]["token"].as_str().unwrap();
    assert!(token.starts_with("wt_inv_eu1_"), "{token}");
    assert_eq!(
        far["invitation"]["accept_url"],
        format!("{}/api/wl/invitations/accept", eu1.base)
    );
    // The account is eu1's: na1's store has no workspace of that id with that name.
    let na1_workspace: Option<Value> = na1
        .state
        .store()
        .get_as(&shared::auth::records::workspace_key(shared::store::TenantId(
            far_tenant,
        )))
        .await
        .unwrap();
    assert_ne!(na1_workspace.map(|w| w["name"].clone()), Some(json!("Far GmbH")));

    // Bad regions change nothing.
    for (region, hint) in [("mars1", "na1, eu1"), ("x", "")] {
        let refused = provision(
            &na1,
            &platform,
            json!({"name": "X", "owner_email": "x@customer.example", "owner_name": "X", "region": region}),
        )
        .await
        .expect_invalid("region");
        assert!(refused.body.to_string().contains(hint), "{}", refused.body);
    }
    // An address one region has may open an account in the other too; the platform has one
    // account per owner address at a home it provisions in from afar (its own records decide).
    provision(
        &na1,
        &platform,
        json!({"name": "Again", "owner_email": "far@customer.example", "owner_name": "F", "region": "eu1"}),
    )
    .await
    .expect_invalid("owner_email");
    provision(
        &na1,
        &platform,
        json!({"name": "Again", "owner_email": "far@customer.example", "owner_name": "F"}),
    )
    .await
    .expect(201);

    // A provisioning whose answer was lost: the home opened the account, the platform stored no
    // record of it. Asked again, the platform gets that same account (no "address taken"), and
    // the lost invitation no longer works.
    let lost = json!({
        "platform_tenant": na1.tenant.0, "sub_tenant": 9_999, "name": "Lost Ltd",
        "base_plan": far["tenant"]["base_plan"], "gates": [[], null],
        "owner_name": "Lou", "owner_email": "lost@customer.example", "replaces": null,
    });
    let lost = signed_cell_call(&eu1, "provision", &lost).await.expect(200).body;
    let again = provision(
        &na1,
        &platform,
        json!({"name": "Lost Ltd", "owner_email": "lost@customer.example", "owner_name": "Lou", "region": "eu1"}),
    )
    .await
    .expect(201)
    .body;
    assert_eq!(again["tenant"]["tenant_id"], lost["tenant_id"], "{again}");
    eu1.post("/api/wl/invitations/accept")
        .json(json!({"token": lost["issued"]["invitation"]["token"], "password": "lost-owner-password-1"}))
        .send()
        .await
        .expect_error(404, "not_found");

    // The owner accepts at the home; the token is sent home from the other region.
    let accept = json!({"token": token, "password": "far-owner-password-1"});
    let elsewhere = na1.post("/api/wl/invitations/accept").json(accept.clone()).send().await;
    assert_sent_to((elsewhere.status, elsewhere.body), "eu1", &eu1.base);
    eu1.post("/api/wl/invitations/accept")
        .json(accept)
        .send()
        .await
        .expect(200);
    // The home told the platform's region.
    let record = na1
        .get(&format!("/api/wl/tenants/{far_id}"))
        .token(&platform)
        .send()
        .await
        .expect(200)
        .body;
    assert_eq!(record["invitation_status"], "accepted", "{record}");
    assert_eq!(record["usage"]["users"], 1, "{record}");

    // The listing shows both, each with its region.
    let listing = na1
        .get("/api/wl/tenants")
        .token(&platform)
        .send()
        .await
        .expect(200)
        .body;
    let regions: Vec<(&str, &str)> = listing["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| (t["name"].as_str().unwrap(), t["region"].as_str().unwrap()))
        .collect();
    assert_eq!(
        regions,
        [
            ("Near Co", "na1"),
            ("Far GmbH", "eu1"),
            ("Again", "na1"),
            ("Lost Ltd", "eu1")
        ]
    );

    // The owner logs in from either region and lands home (na1's account of the address, whose
    // owner has not joined, does not take the password).
    let far_session = login(&na1, "far@customer.example", "far-owner-password-1")
        .await
        .expect(200)
        .body["token"]
        .as_str()
        .unwrap()
        .to_owned();
    let (status, me) = whoami(&eu1, &far_session).await;
    assert_eq!((status, &me["workspace"]["region"]), (200, &json!("eu1")), "{me}");
    assert_eq!(me["workspace"]["name"], "Far GmbH");
    assert_sent_to(whoami(&na1, &far_session).await, "eu1", &eu1.base);
    let far_key = eu1.api_key(&far_session, "live").await;
    assert!(far_key.starts_with("wt_live_eu1_"), "{far_key}");
    assert_eq!(contacts(&eu1, &far_key).await.0, 200);
    assert_sent_to(contacts(&na1, &far_key).await, "eu1", &eu1.base);

    // The platform manages it from na1: each change lands in eu1.
    let renamed = na1
        .patch(&format!("/api/wl/tenants/{far_id}"))
        .token(&platform)
        .json(json!({"name": "Far AG"}))
        .send()
        .await
        .expect(200);
    assert_eq!(renamed.body["name"], "Far AG");
    assert_eq!(whoami(&eu1, &far_session).await.1["workspace"]["name"], "Far AG");
    let suspend = format!("/api/wl/tenants/{far_id}/suspend");
    na1.post(&suspend).token(&platform).send().await.expect(200);
    eu1.get("/api/v1/contacts")
        .token(&far_key)
        .send()
        .await
        .expect_error(403, "tenant_suspended");
    na1.post(&suspend)
        .token(&platform)
        .send()
        .await
        .expect_error(409, "invalid_transition");
    na1.post(&format!("/api/wl/tenants/{far_id}/resume"))
        .token(&platform)
        .send()
        .await
        .expect(200);
    let resumed = contacts(&eu1, &far_key).await;
    assert_eq!(resumed.0, 200, "{}", resumed.1);
    // Its owner joined, so no new invitation; its branding is not reachable from here yet.
    na1.post(&format!("/api/wl/tenants/{far_id}/invitation"))
        .token(&platform)
        .send()
        .await
        .expect_error(409, "invalid_transition");
    na1.get(&format!("/api/wl/tenants/{far_id}/branding"))
        .token(&platform)
        .send()
        .await
        .expect_error(409, "other_region");

    // The home acts only for the platform that provisioned it, and only on signed calls.
    let unsigned = eu1
        .post("/internal/cells/usage")
        .json(json!({"platform_tenant": na1.tenant.0, "tenant": far_tenant}))
        .send()
        .await;
    assert_eq!(unsigned.status, 401, "{}", unsigned.body);
    signed_cell_call(
        &eu1,
        "usage",
        &json!({"platform_tenant": na1.tenant.0 + 1, "tenant": far_tenant}),
    )
    .await
    .expect_error(404, "not_found");

    // eu1 stops: na1's tenants work, the listing reads, what needs eu1 is 503.
    let near_session = {
        let invitation = near["invitation"]["token"].as_str().unwrap();
        na1.post("/api/wl/invitations/accept")
            .json(json!({"token": invitation, "password": "near-owner-password-1"}))
            .send()
            .await
            .expect(200);
        login(&na1, "near@customer.example", "near-owner-password-1")
            .await
            .expect(200)
            .body["token"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    eu1.stop().await;
    assert_eq!(whoami(&na1, &near_session).await.0, 200);
    assert_eq!(whoami(&na1, &platform).await.0, 200);
    na1.get("/api/wl/tenants").token(&platform).send().await.expect(200);
    na1.get(&format!("/api/wl/tenants/{far_id}"))
        .token(&platform)
        .send()
        .await
        .expect_error(503, "unavailable");
}

/// Without `CELL_SECRET` a platform provisions in its own region only, and a cell has no route
/// for calls between cells.
async fn without_a_cell_secret_sub_tenants_stay_home(backend: Backend) {
    let Some(TwoRegions { na1, eu1, _directory }) = two_regions(backend, None).await else {
        return;
    };
    let platform = na1.owner_token().await;
    let refused = provision(
        &na1,
        &platform,
        json!({"name": "Far", "owner_email": "far@customer.example", "owner_name": "F", "region": "eu1"}),
    )
    .await
    .expect_invalid("region");
    assert!(refused.body.to_string().contains("CELL_SECRET"), "{}", refused.body);
    let here = provision(
        &na1,
        &platform,
        json!({"name": "Here", "owner_email": "here@customer.example", "owner_name": "H", "region": "na1"}),
    )
    .await
    .expect(201);
    assert_eq!(here.body["tenant"]["region"], "na1");
    signed_cell_call(&eu1, "usage", &json!({}))
        .await
        .expect_error(404, "route_not_found");
}

on_both_stores!(by_backend:
    each_credential_works_at_home_and_is_sent_home_elsewhere,
    a_credential_from_before_regions_belongs_to_the_default_region,
    logins_reach_their_home_region,
    a_platform_provisions_a_sub_tenant_in_each_region,
    without_a_cell_secret_sub_tenants_stay_home,
);
