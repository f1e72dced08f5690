//! White-label (functions/platform, issue 15): sub-tenants provisioned, invited, gated by the
//! platform's plans, suspended and resumed; isolation between sub-tenants over every module's
//! routes; branding, custom domain and SMTP with sealed passwords; integration helpers; the badge.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::{Arc, Mutex};

use rand::seq::{IndexedRandom, SliceRandom};
use rand::SeedableRng;
use serde_json::{json, Value};
use shared::auth::records::workspace_key;
use shared::store::{Key, Partition, StoreExt, TenantId};

use crate::harness::{create, get, id, post, try_post, Backend, TestApp};
use crate::on_both_stores;

/// A platform's white-label plan; returns its id.
async fn wl_plan(app: &TestApp, token: &str, name: &str, modules: Value, limit: u32) -> u64 {
    id(&create(
        app,
        token,
        "/api/wl/plans/create",
        json!({"name": name, "modules": modules, "requests_per_hour": limit, "price_monthly": 19.5, "currency": "eur"}),
    )
    .await)
}

/// Provisions a sub-tenant and has its owner accept the invitation and log in: (record, owner
/// token, owner e-mail).
async fn provision(app: &TestApp, platform: &str, name: &str, plan_id: Option<u64>) -> (Value, String, String) {
    let email = format!("owner-{}@customer.example", uuid::Uuid::new_v4().simple());
    let mut body = json!({"name": name, "owner_email": email, "owner_name": format!("Owner of {name}")});
    if let Some(plan) = plan_id {
        body["plan_id"] = json!(plan);
    }
    // Provisioning seeds the new sandbox (its demo data too in the `_demo` variants).
    let created = app
        .post("/api/wl/tenants")
        .token(platform)
        .json(body)
        .patient()
        .send()
        .await
        .expect(201)
        .body;
    let token = created["invitation"]["token"].as_str().unwrap().to_owned();
    post(
        app,
        "",
        "/api/wl/invitations/accept",
        json!({"token": token, "password": "customer-password-1"}),
        200,
    )
    .await;
    let owner = app.login(&email, "customer-password-1").await;
    (created["tenant"].clone(), owner, email)
}

async fn an_invitation_refuses_a_common_password_or_the_owners_own_words(app: TestApp) {
    let platform = app.owner_token().await;
    let email = format!("rosa-{}@clinic.example", uuid::Uuid::new_v4().simple());
    let created = app
        .post("/api/wl/tenants")
        .token(&platform)
        .json(json!({"name": "Clinic", "owner_email": email, "owner_name": "Rosa Martins"}))
        .patient()
        .send()
        .await
        .expect(201)
        .body;
    let token = created["invitation"]["token"].as_str().unwrap().to_owned();
    let local_part = email.split('@').next().unwrap().to_owned();
    for password in [
        "password1",
        "Football1",
        email.as_str(),
        local_part.as_str(),
        "rosa martins",
    ] {
        try_post(
            &app,
            "",
            "/api/wl/invitations/accept",
            json!({"token": token, "password": password}),
        )
        .await
        .expect_invalid("password");
    }
    app.post("/api/login")
        .json(json!({"email": email, "password": "password1"}))
        .send()
        .await
        .expect(401);
    // The refusals spent nothing: the invitation still sets an acceptable password.
    post(
        &app,
        "",
        "/api/wl/invitations/accept",
        json!({"token": token, "password": "customer-password-1"}),
        200,
    )
    .await;
    app.login(&email, "customer-password-1").await;
}

async fn sub_tenants_are_provisioned_invited_gated_suspended_and_resumed(app: TestApp) {
    let platform = app.owner_token().await;
    // Plans stay within the platform's own plan and carry a currency and a price.
    let basic = wl_plan(&app, &platform, "Basic", json!(["crm", "projects", "crm"]), 500).await;
    let plans = get(&app, &platform, "/api/wl/plans").await;
    assert_eq!(plans["data"][0]["modules"], json!(["crm", "projects"]));
    assert_eq!(plans["data"][0]["currency"], "EUR");
    assert_eq!(plans["data"][0]["price_monthly"], json!(19.5));
    try_post(
        &app,
        &platform,
        "/api/wl/plans/create",
        json!({"name": "X", "modules": ["platform"], "requests_per_hour": 10}),
    )
    .await
    .expect_invalid("modules[0]");
    try_post(
        &app,
        &platform,
        "/api/wl/plans/create",
        json!({"name": "X", "modules": ["crm"], "requests_per_hour": 20001}),
    )
    .await
    .expect_invalid("requests_per_hour");

    let email = format!("ana-{}@acme.example", uuid::Uuid::new_v4().simple());
    let created = create(
        &app,
        &platform,
        "/api/wl/tenants",
        json!({"name": "Acme Dental", "owner_email": email, "owner_name": "Ana Costa", "plan_id": basic}),
    )
    .await;
    let record = &created["tenant"];
    let sub_id = id(record);
    let sub_tenant = TenantId(record["tenant_id"].as_u64().unwrap());
    assert_eq!(record["invitation_status"], "pending");
    assert_eq!(record["status"], "active");
    assert_eq!(record["base_plan"], "business");
    let token = created["invitation"]["token"].as_str().unwrap().to_owned();
    assert!(token.starts_with("wt_inv_"));
    // The owner is mailed the same invitation, a link to the dashboard's page that accepts it.
    let mails = crate::signup::sent_mail(&app).await;
    let mailed: Vec<&String> = mails.iter().filter(|m| m.contains(&format!("To: {email}"))).collect();
    assert_eq!(mailed.len(), 1, "{mails:?}");
    assert!(
        mailed[0].contains("Subject: Your workspace Acme Dental is ready"),
        "{}",
        mailed[0]
    );
    assert!(
        mailed[0].contains(&format!("#/accept-invitation?token={token}")),
        "{}",
        mailed[0]
    );
    // The workspace is a real account: linked to its platform, gated by the plan.
    let workspace: Value = app
        .state
        .store()
        .get_as(&workspace_key(sub_tenant))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(workspace["platform_tenant"], json!(app.tenant.0));
    assert_eq!(workspace["rate_limit_per_hour"], 500);
    let disabled = workspace["disabled_modules"].as_array().unwrap();
    assert!(
        disabled.contains(&json!("hr")) && disabled.contains(&json!("platform")) && !disabled.contains(&json!("crm"))
    );
    // Only the token's hash is kept.
    let raw = serde_json::to_string(
        &app.state
            .store()
            .list_as::<Value>(Partition::tenant(app.tenant, "wl_tenant"))
            .await
            .unwrap(),
    )
    .unwrap();
    assert!(!raw.contains(&token));
    // The owner cannot log in before accepting; the invitation sets the password once.
    app.post("/api/login")
        .json(json!({"email": email, "password": "customer-password-1"}))
        .send()
        .await
        .expect(401);
    try_post(
        &app,
        "",
        "/api/wl/invitations/accept",
        json!({"token": token, "password": "short"}),
    )
    .await
    .expect_invalid("password");
    try_post(
        &app,
        "",
        "/api/wl/invitations/accept",
        json!({"token": "wt_inv_nope", "password": "customer-password-1"}),
    )
    .await
    .expect_error(404, "not_found");
    let accepted = post(
        &app,
        "",
        "/api/wl/invitations/accept",
        json!({"token": token, "password": "customer-password-1"}),
        200,
    )
    .await;
    assert_eq!(accepted["email"], email.as_str());
    try_post(
        &app,
        "",
        "/api/wl/invitations/accept",
        json!({"token": token, "password": "customer-password-2"}),
    )
    .await
    .expect_error(404, "not_found");
    let owner = app.login(&email, "customer-password-1").await;
    // Module gates and the limit follow the plan at once.
    let leads = app.get("/api/leads").token(&owner).send().await.expect(200);
    assert_eq!(leads.header("x-ratelimit-limit"), Some("500"));
    app.get("/api/employees")
        .token(&owner)
        .send()
        .await
        .expect_error(403, "module_disabled");
    app.get("/api/wl/tenants")
        .token(&owner)
        .send()
        .await
        .expect_error(403, "module_disabled");
    // The platform sees the sub-tenant and its usage, never its records.
    create(
        &app,
        &owner,
        "/api/user/store",
        json!({"name": "Staff", "email": format!("s-{email}"), "password": "staff-password-1", "role": "staff"}),
    )
    .await;
    let list = get(&app, &platform, "/api/wl/tenants?status=active").await;
    assert_eq!(list["meta"]["total"], 1);
    assert_eq!(list["data"][0]["invitation_status"], "accepted");
    let shown = get(&app, &platform, &format!("/api/wl/tenants/{sub_id}")).await;
    assert_eq!(shown["usage"]["users"], 2);
    assert_eq!(shown["usage"]["users_by_role"]["staff"], 1);
    assert_eq!(shown["usage"]["requests_per_hour"], 500);
    assert_eq!(
        shown["usage"]["modules"],
        json!(["users", "crm", "projects", "webhooks"])
    );
    // Renaming renames the workspace too.
    let renamed = app
        .patch(&format!("/api/wl/tenants/{sub_id}"))
        .token(&platform)
        .json(json!({"name": "Acme Dental Group"}))
        .send()
        .await
        .expect(200);
    assert_eq!(renamed.body["name"], "Acme Dental Group");
    let workspace: Value = app
        .state
        .store()
        .get_as(&workspace_key(sub_tenant))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(workspace["name"], "Acme Dental Group");
    // Suspending stops every credential of the sub-tenant at once; resuming restores them.
    let key = app.api_key(&owner, "test").await;
    let suspended = post(
        &app,
        &platform,
        &format!("/api/wl/tenants/{sub_id}/suspend"),
        json!({}),
        200,
    )
    .await;
    assert_eq!(suspended["status"], "suspended");
    app.get("/api/user")
        .token(&owner)
        .send()
        .await
        .expect_error(403, "tenant_suspended");
    app.get("/api/leads")
        .token(&key)
        .send()
        .await
        .expect_error(403, "tenant_suspended");
    try_post(&app, &platform, &format!("/api/wl/tenants/{sub_id}/suspend"), json!({}))
        .await
        .expect_error(409, "invalid_transition");
    post(
        &app,
        &platform,
        &format!("/api/wl/tenants/{sub_id}/resume"),
        json!({}),
        200,
    )
    .await;
    app.get("/api/user").token(&owner).send().await.expect(200);
    try_post(&app, &platform, &format!("/api/wl/tenants/{sub_id}/resume"), json!({}))
        .await
        .expect_error(409, "invalid_transition");
    // Another plan: HR on, a higher limit.
    let pro = wl_plan(&app, &platform, "Team", json!(["crm", "hr"]), 3000).await;
    let moved = post(
        &app,
        &platform,
        &format!("/api/wl/tenants/{sub_id}/plan"),
        json!({"plan_id": pro}),
        200,
    )
    .await;
    assert_eq!(moved["plan_id"], pro);
    let employees = app.get("/api/employees").token(&owner).send().await.expect(200);
    assert_eq!(employees.header("x-ratelimit-limit"), Some("3000"));
    app.get("/api/projects")
        .token(&owner)
        .send()
        .await
        .expect_error(403, "module_disabled");
    // A plan in use keeps its gates and is not deleted; its name may change.
    try_post(
        &app,
        &platform,
        &format!("/api/wl/plans/update/{pro}"),
        json!({"modules": ["crm"]}),
    )
    .await
    .expect_error(409, "in_use");
    post(
        &app,
        &platform,
        &format!("/api/wl/plans/update/{pro}"),
        json!({"name": "Team+"}),
        200,
    )
    .await;
    app.delete(&format!("/api/wl/plans/delete/{pro}"))
        .token(&platform)
        .send()
        .await
        .expect_error(409, "in_use");
    app.delete(&format!("/api/wl/plans/delete/{basic}"))
        .token(&platform)
        .send()
        .await
        .expect(200);
    // Addresses that are logins elsewhere (the first sub-tenant's owner, the platform's own owner)
    // open accounts as any other: the answer says nothing of other workspaces. Each owner's
    // password then logs in to their own workspace.
    let count = |list: Value| list["meta"]["total"].as_u64().unwrap();
    let before = count(get(&app, &platform, "/api/wl/tenants").await);
    for owner_email in [email.as_str(), crate::harness::OWNER_EMAIL] {
        let again = app
            .post("/api/wl/tenants")
            .token(&platform)
            .json(json!({"name": "Again", "owner_email": owner_email, "owner_name": "Ana"}))
            .patient()
            .send()
            .await
            .expect(201)
            .body;
        assert_eq!(again["tenant"]["owner_email"], owner_email);
        if owner_email == email {
            let token = again["invitation"]["token"].as_str().unwrap();
            let accept = json!({"token": token, "password": "again-password-1"});
            post(&app, "", "/api/wl/invitations/accept", accept, 200).await;
            for (password, workspace) in [
                ("customer-password-1", sub_tenant.0),
                ("again-password-1", again["tenant"]["tenant_id"].as_u64().unwrap()),
            ] {
                let session = app.login(&email, password).await;
                assert_eq!(get(&app, &session, "/api/user").await["workspace"]["id"], workspace);
            }
        }
    }
    assert_eq!(count(get(&app, &platform, "/api/wl/tenants").await), before + 2);
    // Another platform reaches none of it; a Pro workspace is no platform.
    let (_, other_email, other_password) = app.second_workspace().await;
    let other = app.login(&other_email, &other_password).await;
    for path in [
        format!("/api/wl/tenants/{sub_id}"),
        format!("/api/wl/tenants/{sub_id}/branding"),
    ] {
        app.get(&path).token(&other).send().await.expect_error(404, "not_found");
    }
    try_post(&app, &other, &format!("/api/wl/tenants/{sub_id}/suspend"), json!({}))
        .await
        .expect_error(404, "not_found");
    try_post(
        &app,
        &other,
        &format!("/api/wl/tenants/{sub_id}/plan"),
        json!({"plan_id": pro}),
    )
    .await
    .expect_error(404, "not_found");
    // Nor another platform's plan for its own sub-tenant.
    let (theirs, _, _) = provision(&app, &other, "Their customer", None).await;
    try_post(
        &app,
        &other,
        &format!("/api/wl/tenants/{}/plan", id(&theirs)),
        json!({"plan_id": pro}),
    )
    .await
    .expect_invalid("plan_id");
    assert_eq!(get(&app, &other, "/api/wl/tenants").await["meta"]["total"], 1);
    let (_, pro_email, pro_password) = app.workspace_on_plan("pro").await;
    let pro_owner = app.login(&pro_email, &pro_password).await;
    try_post(
        &app,
        &pro_owner,
        "/api/wl/tenants",
        json!({"name": "N", "owner_email": "n@n.example", "owner_name": "N"}),
    )
    .await
    .expect_error(403, "module_disabled");
    // A sandbox key provisions nothing.
    let test_key = app.api_key(&platform, "test").await;
    try_post(
        &app,
        &test_key,
        "/api/wl/tenants",
        json!({"name": "N", "owner_email": "n@n.example", "owner_name": "N"}),
    )
    .await
    .expect_error(403, "forbidden");
}

/// One resource of some module: where it is created (and with what), shown, updated, deleted
/// and listed. `{id}` stands for the record's id; `name` is the body field a list shows.
struct Row {
    module: &'static str,
    create: &'static str,
    body: fn(&str) -> Value,
    name: &'static str,
    show: Option<&'static str>,
    update: Option<(&'static str, &'static str)>,
    delete: Option<(&'static str, &'static str)>,
    list: &'static str,
}

const fn row(
    module: &'static str,
    create: &'static str,
    body: fn(&str) -> Value,
    show: Option<&'static str>,
    update: Option<(&'static str, &'static str)>,
    delete: Option<(&'static str, &'static str)>,
    list: &'static str,
) -> Row {
    Row {
        module,
        create,
        body,
        name: "name",
        show,
        update,
        delete,
        list,
    }
}

fn rows() -> Vec<Row> {
    vec![
        row(
            "crm",
            "/api/v1/contacts",
            |t| json!({"name": t, "email": format!("{}@contact.example", uuid::Uuid::new_v4().simple())}),
            Some("/api/v1/contacts/{id}"),
            Some(("PATCH", "/api/v1/contacts/{id}")),
            Some(("DELETE", "/api/v1/contacts/{id}")),
            "/api/v1/contacts",
        ),
        row(
            "crm",
            "/api/lead/create",
            |t| json!({"name": t, "email": "lead@example.com"}),
            Some("/api/lead/show/{id}"),
            Some(("POST", "/api/lead/update/{id}")),
            Some(("DELETE", "/api/lead/delete/{id}")),
            "/api/leads",
        ),
        row(
            "crm",
            "/api/deal/create",
            |t| json!({"name": t}),
            Some("/api/deal/show/{id}"),
            Some(("POST", "/api/deal/update/{id}")),
            Some(("DELETE", "/api/deal/delete/{id}")),
            "/api/deals",
        ),
        row(
            "crm",
            "/api/label/create",
            |t| json!({"name": t}),
            None,
            Some(("POST", "/api/label/update/{id}")),
            Some(("DELETE", "/api/label/delete/{id}")),
            "/api/labels",
        ),
        row(
            "crm",
            "/api/source/create",
            |t| json!({"name": t}),
            None,
            Some(("POST", "/api/source/update/{id}")),
            Some(("DELETE", "/api/source/delete/{id}")),
            "/api/sources",
        ),
        row(
            "crm",
            "/api/pipeline/create",
            |t| json!({"name": t}),
            None,
            Some(("POST", "/api/pipeline/update/{id}")),
            Some(("DELETE", "/api/pipeline/delete/{id}")),
            "/api/pipelines",
        ),
        row(
            "accounting",
            "/api/customers/create",
            |t| json!({"name": t}),
            Some("/api/v1/customers/{id}"),
            Some(("POST", "/api/customers/update/{id}")),
            Some(("DELETE", "/api/customers/delete/{id}")),
            "/api/customers",
        ),
        row(
            "accounting",
            "/api/vendors/create",
            |t| json!({"name": t}),
            None,
            Some(("POST", "/api/vendors/update/{id}")),
            Some(("DELETE", "/api/vendors/delete/{id}")),
            "/api/vendors",
        ),
        row(
            "inventory",
            "/api/product/create",
            |t| json!({"name": t, "sku": format!("SKU-{}", uuid::Uuid::new_v4().simple()), "sale_price": 10}),
            None,
            Some(("POST", "/api/product/update/{id}")),
            Some(("DELETE", "/api/product/delete/{id}")),
            "/api/products",
        ),
        row(
            "inventory",
            "/api/warehouse/create",
            |t| json!({"name": t}),
            None,
            Some(("POST", "/api/warehouse/update/{id}")),
            Some(("DELETE", "/api/warehouse/delete/{id}")),
            "/api/warehouse",
        ),
        row(
            "inventory",
            "/api/product/category/create",
            |t| json!({"name": t}),
            None,
            Some(("POST", "/api/product/category/update/{id}")),
            Some(("DELETE", "/api/product/category/delete/{id}")),
            "/api/product/category",
        ),
        row(
            "inventory",
            "/api/tax/create",
            |t| json!({"name": t, "rate": 20}),
            None,
            Some(("POST", "/api/tax/update/{id}")),
            Some(("DELETE", "/api/tax/delete/{id}")),
            "/api/tax",
        ),
        row(
            "inventory",
            "/api/unit/create",
            |t| json!({"name": t}),
            None,
            Some(("POST", "/api/unit/update/{id}")),
            Some(("DELETE", "/api/unit/delete/{id}")),
            "/api/units",
        ),
        row(
            "projects",
            "/api/projects/create",
            |t| json!({"name": t}),
            Some("/api/project/show/{id}"),
            Some(("POST", "/api/project/update/{id}")),
            Some(("DELETE", "/api/project/delete/{id}")),
            "/api/projects",
        ),
        Row {
            name: "subject",
            ..row(
                "support",
                "/api/support-ticket/ticket/store",
                |t| json!({"subject": t, "name": "Ada", "email": "ada@example.com"}),
                Some("/api/support-ticket/ticket/show/{id}"),
                Some(("POST", "/api/support-ticket/ticket/update/{id}")),
                None,
                "/api/support-ticket/tickets",
            )
        },
        Row {
            name: "title",
            ..row(
                "support",
                "/api/support-ticket/faqs/store",
                |t| json!({"title": t, "description": "An answer."}),
                Some("/api/support-ticket/faq/show/{id}"),
                Some(("POST", "/api/support-ticket/faq/update/{id}")),
                Some(("POST", "/api/support-ticket/faq/delete/{id}")),
                "/api/support-ticket/faqs",
            )
        },
        row(
            "support",
            "/api/support-ticket/category/create",
            |t| json!({"name": t}),
            None,
            Some(("POST", "/api/support-ticket/category/update/{id}")),
            Some(("POST", "/api/support-ticket/category/delete/{id}")),
            "/api/support-ticket/categories",
        ),
        row(
            "hr",
            "/api/branches/create",
            |t| json!({"name": t}),
            None,
            Some(("POST", "/api/branches/update/{id}")),
            Some(("DELETE", "/api/branches/delete/{id}")),
            "/api/branches",
        ),
        row(
            "hr",
            "/api/holidays/create",
            |t| json!({"name": t, "date": "2027-12-25"}),
            None,
            Some(("POST", "/api/holidays/update/{id}")),
            Some(("DELETE", "/api/holidays/delete/{id}")),
            "/api/holidays",
        ),
        row(
            "hr",
            "/api/document-types/create",
            |t| json!({"name": t}),
            None,
            Some(("POST", "/api/document-types/update/{id}")),
            Some(("DELETE", "/api/document-types/delete/{id}")),
            "/api/document-types",
        ),
        row(
            "hr",
            "/api/leave-types/create",
            |t| json!({"name": t, "days_per_year": 20}),
            None,
            Some(("POST", "/api/leave-types/update/{id}")),
            Some(("DELETE", "/api/leave-types/delete/{id}")),
            "/api/leave-types",
        ),
        row(
            "sales",
            "/api/sales/opportunitity/store",
            |t| json!({"name": t}),
            None,
            Some(("POST", "/api/sales/opportunities/update/{id}")),
            Some(("DELETE", "/api/sales/opportunities/delete/{id}")),
            "/api/sales/opportunities",
        ),
    ]
}

/// The tenant a test record's name says made it (`T2 record 0` → 2).
fn tag(name: &str) -> Option<usize> {
    let rest = name.strip_prefix('T')?;
    let (n, tail) = rest.split_once(' ')?;
    tail.starts_with("record ").then(|| n.parse().ok()).flatten()
}

/// Every record `token` can list at `path` (the first 100).
async fn listed(app: &TestApp, token: &str, path: &str) -> Vec<Value> {
    get(app, token, &format!("{path}?per_page=100")).await["data"]
        .as_array()
        .unwrap()
        .clone()
}

async fn sub_tenants_never_reach_one_another_s_records(app: TestApp) {
    let platform = app.owner_token().await;
    let mut owners = Vec::new();
    for n in 0..3 {
        let (_, owner, _) = provision(&app, &platform, &format!("Customer {n}"), None).await;
        owners.push(owner);
    }
    let rows = rows();
    // Tenant n creates n + 1 records of each kind, named after itself, so the last tenant holds
    // ids the others do not.
    let mut made: Vec<Vec<Vec<u64>>> = vec![Vec::new(); 3];
    for (n, owner) in owners.iter().enumerate() {
        for row in &rows {
            let mut ids = Vec::new();
            for k in 0..=n {
                let record = create(&app, owner, row.create, (row.body)(&format!("T{n} record {k}"))).await;
                ids.push(id(&record));
            }
            made[n].push(ids);
        }
    }
    let mut attempts = 0;
    for (r, row) in rows.iter().enumerate() {
        for (n, owner) in owners.iter().enumerate() {
            // No list shows another tenant's records.
            let mine = listed(&app, owner, row.list).await;
            for record in &mine {
                let name = record[row.name].as_str().unwrap_or_default();
                assert!(
                    tag(name).is_none_or(|t| t == n),
                    "{} lists {name} to tenant {n}",
                    row.list
                );
            }
            let own_ids: Vec<u64> = mine.iter().map(id).collect();
            // Every id of another tenant's record that this tenant does not have itself is 404
            // on show, update and delete.
            for (victim, owned) in made.iter().enumerate().filter(|(v, _)| *v != n) {
                for theirs in owned[r].iter().filter(|i| !own_ids.contains(i)) {
                    let at = |path: &str| path.replace("{id}", &theirs.to_string());
                    if let Some(show) = row.show {
                        app.get(&at(show))
                            .token(owner)
                            .send()
                            .await
                            .expect_error(404, "not_found");
                        attempts += 1;
                    }
                    if let Some((method, update)) = row.update {
                        let method = reqwest::Method::from_bytes(method.as_bytes()).unwrap();
                        app.call(method, &at(update))
                            .token(owner)
                            .json(json!({(row.name): "Hijacked"}))
                            .send()
                            .await
                            .expect_error(404, "not_found");
                        attempts += 1;
                    }
                    if let Some((method, delete)) = row.delete {
                        let method = reqwest::Method::from_bytes(method.as_bytes()).unwrap();
                        app.call(method, &at(delete))
                            .token(owner)
                            .send()
                            .await
                            .expect_error(404, "not_found");
                        attempts += 1;
                    }
                    let _ = victim;
                }
            }
        }
        // Another tenant's cursor is refused, never followed.
        let page = get(&app, &owners[2], &format!("{}?per_page=1", row.list)).await;
        let cursor = page["meta"]["next_cursor"].as_str().expect("a next page").to_owned();
        app.get(&format!("{}?per_page=1&cursor={cursor}", row.list))
            .token(&owners[0])
            .send()
            .await
            .expect_invalid("cursor");
        attempts += 1;
        // Nothing was changed or removed by the attempts.
        let theirs = listed(&app, &owners[2], row.list).await;
        for created in &made[2][r] {
            let found = theirs.iter().find(|x| id(x) == *created).expect("still there");
            assert!(
                found[row.name].as_str().unwrap().starts_with("T2 "),
                "{}: {found}",
                row.list
            );
        }
    }
    // The platform itself sees none of its customers' records.
    for row in &rows {
        let shown = listed(&app, &platform, row.list).await;
        assert!(
            shown
                .iter()
                .all(|r| tag(r[row.name].as_str().unwrap_or_default()).is_none()),
            "{}",
            row.list
        );
    }
    let modules: std::collections::BTreeSet<&str> = rows.iter().map(|r| r.module).collect();
    assert_eq!(modules.len(), 7, "{modules:?}");
    assert!(attempts > 150, "{attempts} attempts");
}

/// The generic routes of one resource, from the OpenAPI document's `x-worktop-resource`.
#[derive(Default)]
struct ResourceRoutes {
    module: String,
    /// action → (method, path)
    actions: BTreeMap<String, (reqwest::Method, String)>,
}

/// Every resource's generic routes, by kind.
async fn resource_routes(app: &TestApp) -> BTreeMap<String, ResourceRoutes> {
    let document = app.get("/api/openapi.json").send().await.expect(200).body;
    let mut kinds: BTreeMap<String, ResourceRoutes> = BTreeMap::new();
    for (path, operations) in document["paths"].as_object().unwrap() {
        for (method, operation) in operations.as_object().unwrap() {
            let Some(resource) = operation.get("x-worktop-resource") else {
                continue;
            };
            let method = reqwest::Method::from_bytes(method.to_uppercase().as_bytes()).unwrap();
            let routes = kinds.entry(resource["kind"].as_str().unwrap().to_owned()).or_default();
            routes.module = resource["module"].as_str().unwrap().to_owned();
            routes
                .actions
                .insert(resource["action"].as_str().unwrap().to_owned(), (method, path.clone()));
        }
    }
    kinds
}

/// Every list, show, update and delete route of every module, from the OpenAPI document, tried
/// by one sub-tenant's live owner with the ids of another sub-tenant's sandbox records (its
/// demo data, in every module): each attempt is 404, no list shows the other's records, the
/// other's cursor is refused, and the other's records are as they were.
async fn no_generic_route_of_any_module_reaches_another_sub_tenant(app: TestApp) {
    let platform = app.owner_token().await;
    let routes = resource_routes(&app).await;
    assert!(routes.len() > 60, "{} resources", routes.len());
    let lists = || {
        routes
            .values()
            .filter_map(|r| r.actions.get("list"))
            .map(|(_, path)| path)
    };
    let (_, attacker, _) = provision(&app, &platform, "Customer A", None).await;
    // What tenant A lists before tenant B exists is what it lists after.
    let mut before = BTreeMap::new();
    for list in lists() {
        before.insert(list.clone(), listed_if_enabled(&app, &attacker, list).await);
    }
    let (_, victim_owner, _) = provision(&app, &platform, "Customer B", None).await;
    let victim = app.api_key(&victim_owner, "test").await;
    let mut tried: BTreeMap<String, usize> = BTreeMap::new();
    let seed: u64 = rand::random();
    eprintln!("isolation sweep seed: {seed}");
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    for (kind, ResourceRoutes { actions, .. }) in &routes {
        let Some((_, list)) = actions.get("list") else {
            continue;
        };
        let Some(mine) = listed_if_enabled(&app, &attacker, list).await else {
            continue;
        };
        assert_eq!(
            Some(&mine),
            before[list].as_ref(),
            "{list} changed for tenant A once tenant B existed"
        );
        let theirs = listed_if_enabled(&app, &victim, list).await.unwrap();
        let own_ids: Vec<u64> = mine.iter().map(id).collect();
        // Two of tenant B's ids that tenant A lacks, picked at random (the seed is printed).
        let mut foreign: Vec<u64> = theirs.iter().map(id).filter(|i| !own_ids.contains(i)).collect();
        foreign.shuffle(&mut rng);
        foreign.truncate(2);
        for theirs_id in &foreign {
            for action in ["show", "update", "delete"] {
                let Some((method, path)) = actions.get(action) else {
                    continue;
                };
                let mut call = app
                    .call(method.clone(), &path.replace("{id}", &theirs_id.to_string()))
                    .token(&attacker);
                if action == "update" {
                    call = call.json(json!({}));
                }
                call.send().await.expect_error(404, "not_found");
                *tried.entry(kind.clone()).or_default() += 1;
            }
        }
        if theirs.len() > 1 {
            let page = get(&app, &victim, &format!("{list}?per_page=1")).await;
            let cursor = page["meta"]["next_cursor"].as_str().expect("a next page");
            app.get(&format!("{list}?per_page=1&cursor={cursor}"))
                .token(&attacker)
                .send()
                .await
                .expect_invalid("cursor");
        }
        assert_eq!(
            listed_if_enabled(&app, &victim, list).await.unwrap(),
            theirs,
            "{list} changed for tenant B"
        );
    }
    // Every module with resources a sub-tenant may use had records of most kinds tried.
    let modules = |kinds: &mut dyn Iterator<Item = &String>| -> BTreeSet<String> {
        kinds.map(|kind| routes[kind].module.clone()).collect()
    };
    let all_modules = modules(&mut routes.keys().filter(|k| routes[*k].module != "platform"));
    assert_eq!(modules(&mut tried.keys()), all_modules, "{tried:?}");
    assert!(tried.len() >= 45, "tried {} kinds: {tried:?}", tried.len());
    assert!(tried.values().sum::<usize>() >= 150, "{tried:?}");
}

/// Every module route whose path names records by id (a task of a project, a payroll to pay, a
/// ticket to reply to: the rows' `path_kinds`), tried by one sub-tenant's live owner with ids of
/// another sub-tenant's sandbox records of those kinds (its demo data) that the first lacks:
/// each attempt is 404, and the other's records of every kind named are as they were.
/// A stored record's id: a number, or a number as text where it may exceed what JSON's numbers
/// keep exactly (an activity log entry's).
fn stored_id(record: &Value) -> u64 {
    match record["id"].as_str() {
        Some(text) => text.parse().unwrap_or_else(|_| panic!("an id: {record}")),
        None => id(record),
    }
}

async fn no_module_route_with_record_ids_reaches_another_sub_tenant(mut app: TestApp) {
    use shared::routes::Body;
    let platform = app.owner_token().await;
    let (attacker_tenant, attacker, _) = provision(&app, &platform, "Customer A", None).await;
    let (victim_tenant, victim_owner, _) = provision(&app, &platform, "Customer B", None).await;
    let tenant_of = |field: &str| TenantId(victim_tenant[field].as_u64().unwrap());
    let mine = TenantId(attacker_tenant["tenant_id"].as_u64().unwrap());
    let theirs = [tenant_of("sandbox_tenant_id"), tenant_of("tenant_id")];
    app.start_worker();
    make_what_demo_data_lacks(&app, &victim_owner, theirs).await;
    let rows: Vec<_> = shared::module::all_routes(&modules::ALL)
        .into_docs()
        .into_iter()
        .filter(|row| !row.path_kinds.is_empty())
        .collect();
    assert!(rows.len() > 200, "{} rows name records by id", rows.len());
    let kinds: BTreeSet<&str> = rows.iter().flat_map(|r| r.path_kinds.iter().map(|(_, k)| *k)).collect();
    // Per kind: the victim's records (to compare afterwards) and the ids the attacker lacks.
    let mut before = BTreeMap::new();
    let mut foreign: BTreeMap<&str, Vec<u64>> = BTreeMap::new();
    for kind in &kinds {
        let own: BTreeSet<u64> = app.records(mine, kind).await.iter().map(stored_id).collect();
        for tenant in theirs {
            let records = app.records(tenant, kind).await;
            let ids = foreign.entry(kind).or_default();
            ids.extend(records.iter().map(stored_id).filter(|i| !own.contains(i)));
            before.insert((tenant, *kind), records);
        }
    }
    // White-label records live in the platform's workspace: its plan and the victim's own
    // sub-tenant record are the ones to try.
    foreign.insert("wl_tenant", vec![id(&victim_tenant)]);
    let plan = wl_plan(&app, &platform, "Sweep", json!(["crm"]), 100).await;
    foreign.insert("wl_plan", vec![plan]);
    // The platform's subscriptions: a sub-tenant is refused their routes whatever the id.
    foreign.insert("wl_subscription", vec![1]);
    let seed: u64 = rand::random();
    eprintln!("isolation sweep (module routes) seed: {seed}");
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let (mut tried, mut plan_gated, mut no_record) = (Vec::new(), Vec::new(), Vec::new());
    for row in &rows {
        let mut path = row.path.to_owned();
        let mut unmatched = Vec::new();
        for (param, kind) in &row.path_kinds {
            match foreign[kind].choose(&mut rng) {
                Some(theirs_id) => path = path.replace(&format!("{{{param}}}"), &theirs_id.to_string()),
                None => unmatched.push(*kind),
            }
        }
        let label = format!("{} {}", row.method, row.path);
        if !unmatched.is_empty() {
            no_record.push((label, unmatched));
            continue;
        }
        let method = reqwest::Method::from_bytes(row.method.as_str().as_bytes()).unwrap();
        let mut call = app.call(method, &path).token(&attacker);
        call = match row.body {
            // A body a handler could act on for the record (the link routes' `ids` included).
            Body::Json(_) => call.json(json!({"ids": [1]})),
            Body::Multipart(_) | Body::Form(_) => call.multipart(reqwest::multipart::Form::new().part(
                "file",
                reqwest::multipart::Part::bytes(b"hello".to_vec()).file_name("a.txt"),
            )),
            _ => call,
        };
        let answer = call.send().await;
        if answer.status == 403 && answer.body["code"] == "module_disabled" {
            plan_gated.push(label);
            continue;
        }
        assert_eq!(answer.status, 404, "{label} as {path}: {}", answer.body);
        assert_eq!(answer.body["code"], "not_found", "{label}");
        tried.push(label);
    }
    for ((tenant, kind), records) in &before {
        assert_eq!(
            &app.records(*tenant, kind).await,
            records,
            "tenant {tenant}'s {kind} records changed"
        );
    }
    eprintln!(
        "tried {}; plan-gated {plan_gated:?}; no foreign record {no_record:?}",
        tried.len()
    );
    // The white-label routes are the platform's own (403 to a sub-tenant); every other module's
    // routes found records of the other sub-tenant's to try.
    assert!(plan_gated.iter().all(|r| r.contains("/api/wl/")), "{plan_gated:?}");
    // A route goes untried only where the attacker holds every id the victim does: the records
    // each new workspace is seeded with (its pipeline, stages, labels, ...), which it may reach.
    for (label, kinds) in &no_record {
        for kind in kinds {
            let victims: Vec<_> = theirs
                .iter()
                .flat_map(|t| before[&(*t, *kind)].iter().map(id))
                .collect();
            assert!(!victims.is_empty(), "{label}: the victim has no {kind} record to try");
        }
    }
    assert!(tried.len() > 200, "tried {}", tried.len());
}

/// Records of the kinds a sandbox's demo data has none of, so that every route finds one of the
/// victim's to try: CRM activity and files, a sales agent and a payout of its commission, a
/// project file, a ticket reply's attachment, a widget, a
/// resignation and a termination in its sandbox (`tenants[0]`); an API key, an OAuth client and a
/// webhook with a failed delivery in its live workspace.
async fn make_what_demo_data_lacks(app: &TestApp, owner: &str, tenants: [TenantId; 2]) {
    let sandbox = app.api_key(owner, "test").await;
    let first = |records: Vec<Value>| id(&records[0]);
    let lead = first(app.records(tenants[0], "crm_lead").await);
    let deal = first(app.records(tenants[0], "crm_deal").await);
    let project = first(app.records(tenants[0], "project").await);
    for (path, body) in [
        ("/api/lead-task/create", json!({"lead_id": lead, "name": "Call back"})),
        (
            "/api/lead-call/store",
            json!({"lead_id": lead, "subject": "Intro", "call_type": "outbound"}),
        ),
        ("/api/deal-task/create", json!({"deal_id": deal, "name": "Kick-off"})),
        (
            "/api/deal-call/store",
            json!({"deal_id": deal, "subject": "Check-in", "call_type": "inbound"}),
        ),
    ] {
        create(app, &sandbox, path, body).await;
    }
    let file = || {
        reqwest::multipart::Form::new().part(
            "file",
            reqwest::multipart::Part::bytes(b"notes".to_vec()).file_name("notes.txt"),
        )
    };
    for path in [
        format!("/api/lead-file/store/{lead}"),
        format!("/api/deal-file/store/{deal}"),
    ] {
        app.post(&path)
            .token(&sandbox)
            .multipart(file())
            .send()
            .await
            .expect(201);
    }
    let project_file = file().text("project_id", project.to_string());
    app.post("/api/project/file/create")
        .token(&sandbox)
        .multipart(project_file)
        .send()
        .await
        .expect(201);
    let reply = first(app.records(tenants[0], "support_reply").await);
    app.post(&format!("/api/support-ticket/ticket/reply/{reply}/attachment"))
        .token(&sandbox)
        .multipart(file())
        .send()
        .await
        .expect(201);
    // An import and an export job (the job routes name them).
    app.post("/api/v1/contacts/import")
        .token(&sandbox)
        .multipart(reqwest::multipart::Form::new().part(
            "file",
            reqwest::multipart::Part::bytes(b"name\nImported\n".to_vec()).file_name("c.csv"),
        ))
        .send()
        .await
        .expect(202);
    app.post("/api/v1/contacts/export")
        .token(&sandbox)
        .json(json!({}))
        .send()
        .await
        .expect(202);
    let user = first(app.records(tenants[0], "user").await);
    let agent = id(&create(
        app,
        &sandbox,
        "/api/sales/agents/store",
        json!({"user_id": user, "commission_rate": 5}),
    )
    .await);
    // A commission payout: an invoice credited to the agent, paid, and its commission paid out.
    let made = |path: &'static str, body: Value| {
        let sandbox = &sandbox;
        async move { id(&create(app, sandbox, path, body).await) }
    };
    let customer = made("/api/customers/create", json!({"name": "Agent's client"})).await;
    let consulting = made(
        "/api/product/create",
        json!({"name": "Consulting", "sku": "WL-CONS", "type": "service", "sale_price": 100}),
    )
    .await;
    let bank = made("/api/bank-accounts/create", json!({"name": "Payouts"})).await;
    let invoice = made(
        "/api/sales-invoice/create",
        json!({"customer_id": customer, "type": "service", "agent_id": agent,
               "items": [{"product_id": consulting, "quantity": 1, "unit_price": "100.00"}]}),
    )
    .await;
    let posted = crate::harness::post(
        app,
        &sandbox,
        &format!("/api/sales-invoice/post/{invoice}"),
        json!({}),
        200,
    )
    .await;
    let total = posted["total_amount"].clone();
    create(
        app,
        &sandbox,
        "/api/customer-payments/create",
        json!({"customer_id": customer, "bank_account_id": bank, "amount": total,
               "allocations": [{"invoice_id": invoice, "amount": total}]}),
    )
    .await;
    crate::harness::post(
        app,
        &sandbox,
        &format!("/api/agents/{agent}/commissions/pay"),
        json!({"invoice_ids": [invoice], "bank_account_id": bank}),
        201,
    )
    .await;
    create(
        app,
        owner,
        "/api/oauth/clients",
        json!({
            "name": "B's app",
            "type": "confidential",
            "redirect_uris": ["https://app.example/cb"],
            "scopes": ["crm:read"],
        }),
    )
    .await;
    create(app, &sandbox, "/api/v1/widgets", json!({"name": "Site form"})).await;
    let employees = app.records(tenants[0], "hr_employee").await;
    let (leaving, let_go) = (id(&employees[0]), id(&employees[1]));
    create(
        app,
        &sandbox,
        "/api/resignations/create",
        json!({"employee_id": leaving, "notice_date": "2026-05-01", "resignation_date": "2026-05-31"}),
    )
    .await;
    create(
        app,
        &sandbox,
        "/api/terminations/create",
        json!({
            "employee_id": let_go,
            "termination_type": "Redundancy",
            "notice_date": "2026-05-01",
            "termination_date": "2026-06-30",
        }),
    )
    .await;
    let (webhook, _) =
        crate::harness::subscribe(app, owner, "http://127.0.0.1:9/hook", json!(["contact.created"])).await;
    // A delivery to retry: the test event, failed for good (nothing listens there).
    app.post(&format!("/api/v1/webhooks/{webhook}/test"))
        .token(owner)
        .send()
        .await
        .expect(202);
    app.wait_for_delivery_where(owner, webhook, |d| d["status"] == "failed")
        .await;
}

/// The first page (25) of what `token` lists at `path`, or `None` when its plan leaves the
/// module out (a sub-tenant is no platform: the white-label module's lists are 403 to it).
async fn listed_if_enabled(app: &TestApp, token: &str, path: &str) -> Option<Vec<Value>> {
    let response = app.get(&format!("{path}?per_page=25")).token(token).send().await;
    if response.status == 403 && response.body["code"] == "module_disabled" {
        return None;
    }
    Some(response.expect(200).body["data"].as_array().unwrap().clone())
}

/// What a platform sees of a sub-tenant: its users, its records by module and its requests
/// this hour, from counters (flushed on every request here).
async fn usage_counts_users_records_and_requests_this_hour(backend: Backend) {
    let Some(app) = TestApp::start(backend, &[("USAGE_FLUSH_SECONDS", "0")]).await else {
        return;
    };
    let platform = app.owner_token().await;
    let (tenant, owner, _) = provision(&app, &platform, "Metered", None).await;
    let show = format!("/api/wl/tenants/{}", id(&tenant));
    let first_hour = shared::usage::current_hour();
    let before = get(&app, &platform, &show).await["usage"].clone();
    assert_eq!(before["users"], 1);
    assert_eq!(before["users_by_role"]["owner"], 1);
    // Two contacts, a product and two reads: five requests, three records.
    for n in 0..2 {
        create(
            &app,
            &owner,
            "/api/v1/contacts",
            json!({"name": format!("C{n}"), "email": format!("c{n}@m.example")}),
        )
        .await;
    }
    create(
        &app,
        &owner,
        "/api/product/create",
        json!({"name": "P", "sku": "P-1", "sale_price": 3}),
    )
    .await;
    get(&app, &owner, "/api/v1/contacts").await;
    let key = app.api_key(&owner, "test").await;
    get(&app, &key, "/api/v1/contacts").await;
    let after = get(&app, &platform, &show).await["usage"].clone();
    let n = |v: &Value| v.as_u64().unwrap();
    // The API key's creation was a request too (six in all since `before`), all in this hour's
    // counter unless the clock hour turned meanwhile: then the new hour holds only some of them.
    if shared::usage::current_hour() == first_hour {
        assert_eq!(
            n(&after["requests_this_hour"]),
            n(&before["requests_this_hour"]) + 6,
            "{after}"
        );
    } else {
        assert!(n(&after["requests_this_hour"]) <= 6, "{after}");
    }
    assert_eq!(n(&after["records"]) - n(&before["records"]), 3, "{after}");
    let by_module = |v: &Value, m: &str| v["records_by_module"][m].as_u64().unwrap_or(0);
    assert_eq!(by_module(&after, "crm") - by_module(&before, "crm"), 2, "{after}");
    assert_eq!(
        by_module(&after, "inventory") - by_module(&before, "inventory"),
        1,
        "{after}"
    );
    assert_eq!(
        n(&after["records"]),
        after["records_by_module"]
            .as_object()
            .unwrap()
            .values()
            .map(n)
            .sum::<u64>()
    );
    // The platform's own requests are not its customer's.
    let again = get(&app, &platform, &show).await["usage"].clone();
    assert_eq!(again["requests_this_hour"], after["requests_this_hour"]);
}

on_both_stores!(
    sub_tenants_are_provisioned_invited_gated_suspended_and_resumed,
    sub_tenants_never_reach_one_another_s_records,
    an_invitation_refuses_a_common_password_or_the_owners_own_words,
);

on_both_stores!(
    with_demo_data: no_generic_route_of_any_module_reaches_another_sub_tenant,
);

/// The module-route sweep runs on SQLite only: what it proves is that every handler scopes the
/// ids of its path to the caller's workspace, which happens above the store (the same `Cx`
/// builds the keys for both); that the keys keep tenants apart on DynamoDB is proved there by
/// the generic sweep and `sub_tenants_never_reach_one_another_s_records`. On moto the two
/// tenants' per-kind snapshots alone took 200 s of a 350-s run.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_demo_no_module_route_with_record_ids_reaches_another_sub_tenant() {
    let app = TestApp::start(Backend::Sqlite, crate::harness::DEMO_DATA).await;
    no_module_route_with_record_ids_reaches_another_sub_tenant(app.expect("SQLite needs no service")).await
}

mod metered {
    use super::*;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn sqlite_usage() {
        usage_counts_users_records_and_requests_this_hour(Backend::Sqlite).await
    }
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn dynamodb_usage() {
        usage_counts_users_records_and_requests_this_hour(Backend::DynamoDb).await
    }
}

// ---------------------------------------------------------------------------------------------
// Settings with secrets: these run with a master key (required with STORE=dynamodb) and a
// DNS-over-HTTPS endpoint served by the test.

const SECRETS_KEY: &str = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";

/// A DNS-over-HTTPS JSON endpoint answering the TXT records of `records` for their names, like a
/// public resolver: NXDOMAIN (`Status` 3) for a name with none, SERVFAIL (2) for one under
/// `servfail.example` (its zone's servers down).
async fn fake_doh(records: Arc<Mutex<Vec<(String, String)>>>) -> String {
    use axum::extract::Query;
    use std::collections::HashMap;
    let router = axum::Router::new().route(
        "/dns-query",
        axum::routing::get(move |Query(q): Query<HashMap<String, String>>| {
            let records = records.clone();
            async move {
                let name = q.get("name").cloned().unwrap_or_default();
                let answer: Vec<Value> = records
                    .lock()
                    .unwrap()
                    .iter()
                    .filter(|(n, _)| *n == name)
                    .map(|(n, v)| json!({"name": n, "type": 16, "TTL": 60, "data": format!("\"{v}\"")}))
                    .collect();
                let status = match () {
                    _ if name.ends_with("servfail.example") => 2,
                    _ if answer.is_empty() => 3,
                    _ => 0,
                };
                axum::Json(json!({"Status": status, "Answer": answer}))
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/dns-query", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, router).await });
    url
}

async fn keyed_app(backend: Backend, doh: &str) -> Option<TestApp> {
    TestApp::start(
        backend,
        &[("WORKTOP_SECRETS_KEY", SECRETS_KEY), ("DNS_OVER_HTTPS_URL", doh)],
    )
    .await
}

async fn branding_domain_and_smtp_are_set_per_sub_tenant_with_the_password_sealed(backend: Backend) {
    let published = Arc::new(Mutex::new(Vec::new()));
    let doh = fake_doh(published.clone()).await;
    let Some(app) = keyed_app(backend, &doh).await else {
        return;
    };
    let platform = app.owner_token().await;
    let (record, owner, _) = provision(&app, &platform, "Acme & Co", None).await;
    let sub = id(&record);
    let sub_tenant = TenantId(record["tenant_id"].as_u64().unwrap());
    let base = format!("/api/wl/tenants/{sub}");

    // Branding: checked colours, a raster logo in the object store.
    let branding = post(
        &app,
        &platform,
        &format!("{base}/branding"),
        json!({"brand_name": "Acme <Cloud> & Co", "primary_color": "#1a2b3c", "support_email": "help@acme.example"}),
        200,
    )
    .await;
    assert_eq!(branding["primary_color"], "#1A2B3C");
    try_post(
        &app,
        &platform,
        &format!("{base}/branding"),
        json!({"secondary_color": "blue"}),
    )
    .await
    .expect_invalid("secondary_color");
    try_post(
        &app,
        &platform,
        &format!("{base}/branding"),
        json!({"brand_name": "X", "version": 7}),
    )
    .await
    .expect_error(409, "version_conflict");
    let svg = reqwest::multipart::Form::new().part(
        "logo",
        reqwest::multipart::Part::bytes(b"<svg onload=alert(1)>".to_vec()).file_name("logo.svg"),
    );
    app.post(&format!("{base}/branding/logo"))
        .token(&platform)
        .multipart(svg)
        .send()
        .await
        .expect_invalid("logo");
    let png = crate::harness::PNG.to_vec();
    let form = reqwest::multipart::Form::new().part(
        "logo",
        reqwest::multipart::Part::bytes(png.clone()).file_name("logo.png"),
    );
    let uploaded = app
        .post(&format!("{base}/branding/logo"))
        .token(&platform)
        .multipart(form)
        .send()
        .await
        .expect(200);
    assert_eq!(uploaded.body["logo_content_type"], "image/png");
    let logo = app
        .get(uploaded.body["logo_url"].as_str().unwrap())
        .token(&platform)
        .send()
        .await
        .expect(200);
    assert_eq!(logo.bytes, png);
    assert_eq!(logo.header("content-type"), Some("image/png"));

    // Domain: a TXT record to publish, verified only once it is.
    try_post(&app, &platform, &format!("{base}/domain/verify"), json!({}))
        .await
        .expect_error(409, "invalid_transition");
    try_post(
        &app,
        &platform,
        &format!("{base}/domain"),
        json!({"domain": "https://x.example/"}),
    )
    .await
    .expect_invalid("domain");
    // A resolver that cannot answer (SERVFAIL) is an outage: 503, and nothing is verified.
    let down = json!({"domain": "app.servfail.example"});
    post(&app, &platform, &format!("{base}/domain"), down, 200).await;
    try_post(&app, &platform, &format!("{base}/domain/verify"), json!({}))
        .await
        .expect_error(503, "unavailable");
    let domain = post(
        &app,
        &platform,
        &format!("{base}/domain"),
        json!({"domain": "App.Acme.example"}),
        200,
    )
    .await;
    assert_eq!(domain["domain"], "app.acme.example");
    assert_eq!(domain["verified"], false);
    assert_eq!(domain["txt_record"]["name"], "_worktop-challenge.app.acme.example");
    let value = domain["txt_record"]["value"].as_str().unwrap().to_owned();
    // A name not yet in DNS (NXDOMAIN) is not an outage: 422 naming the record to publish.
    let unpublished = try_post(&app, &platform, &format!("{base}/domain/verify"), json!({}))
        .await
        .expect_error(422, "domain_not_verified");
    let message = unpublished.body["message"].as_str().unwrap();
    assert!(
        message.contains("does not exist") && message.contains(&value),
        "{message}"
    );
    published
        .lock()
        .unwrap()
        .push(("_worktop-challenge.app.acme.example".into(), value));
    let verified = post(&app, &platform, &format!("{base}/domain/verify"), json!({}), 200).await;
    assert_eq!(verified["verified"], true);
    assert!(verified["verified_at"].is_string());

    // SMTP: the password is write-only, sealed with a data key under the master key.
    try_post(
        &app,
        &platform,
        &format!("{base}/smtp"),
        json!({"host": "smtp.acme.example"}),
    )
    .await
    .expect_invalid("from_address");
    let smtp = post(
        &app,
        &platform,
        &format!("{base}/smtp"),
        json!({
            "host": "smtp.acme.example",
            "port": 587,
            "username": "mailer",
            "password": "s3cret-smtp-pass",
            "from_address": "no-reply@acme.example",
        }),
        200,
    )
    .await;
    assert_eq!(smtp["password_set"], true);
    assert_eq!(smtp["security"], "starttls");
    assert!(!smtp.to_string().contains("s3cret-smtp-pass"));
    let shown = get(&app, &platform, &format!("{base}/smtp")).await;
    assert!(!shown.to_string().contains("s3cret-smtp-pass") && shown["password_set"] == true);
    let key = Key::new(Partition::tenant(sub_tenant, "wl_settings"), "settings");
    let stored: Value = app.state.store().get_as(&key).await.unwrap().unwrap();
    assert!(!stored.to_string().contains("s3cret-smtp-pass"));
    let sealed: shared::secrets::Sealed = serde_json::from_value(stored["smtp"]["password"].clone()).unwrap();
    let context = shared::white_label::smtp_context(sub_tenant);
    assert_eq!(
        shared::secrets::open(&app.state, &context, &sealed).unwrap(),
        "s3cret-smtp-pass"
    );
    assert!(shared::secrets::open(&app.state, "t/1/smtp/password", &sealed).is_err());
    // Changing the port keeps the password; null removes it.
    let moved = post(&app, &platform, &format!("{base}/smtp"), json!({"port": 2525}), 200).await;
    assert_eq!(
        (moved["port"].as_u64(), moved["password_set"].as_bool()),
        (Some(2525), Some(true))
    );
    let cleared = post(&app, &platform, &format!("{base}/smtp"), json!({"password": null}), 200).await;
    assert_eq!(cleared["password_set"], false);

    // The sub-tenant's badge shows its brand, escaped, in its colour.
    let badge = create(&app, &owner, "/api/wl/badge", json!({})).await;
    let url = badge["url"].as_str().unwrap().to_owned();
    let drawn = app.get(&url).send().await.expect(200);
    assert_eq!(drawn.header("content-type"), Some("image/svg+xml"));
    assert!(drawn.header("cache-control").unwrap().contains("max-age"));
    let svg = String::from_utf8(drawn.bytes.clone()).unwrap();
    assert!(
        svg.contains("Powered by Acme &lt;Cloud&gt; &amp; Co") && svg.contains("#1A2B3C"),
        "{svg}"
    );
    let etag = drawn.header("etag").unwrap().to_owned();
    let again = app.get(&url).header("if-none-match", &etag).send().await.expect(304);
    assert!(again.bytes.is_empty());
    // A new token replaces the old; a revoked one is 404.
    let renewed = create(&app, &owner, "/api/wl/badge", json!({})).await;
    app.get(&url).send().await.expect_error(404, "not_found");
    assert_eq!(get(&app, &owner, "/api/wl/badge").await["token"], renewed["token"]);
    app.delete("/api/wl/badge").token(&owner).send().await.expect(200);
    app.get(renewed["url"].as_str().unwrap())
        .send()
        .await
        .expect_error(404, "not_found");
    app.get("/api/wl/badge")
        .token(&owner)
        .send()
        .await
        .expect_error(404, "not_found");
}

async fn integration_helpers_keep_each_workspace_s_settings_with_write_only_secrets(backend: Backend) {
    let published = Arc::new(Mutex::new(Vec::new()));
    let doh = fake_doh(published).await;
    let Some(app) = keyed_app(backend, &doh).await else {
        return;
    };
    let owner = app.owner_token().await;
    let empty = get(&app, &owner, "/api/sms-gateway").await;
    assert_eq!(
        (empty["configured"].as_bool(), empty["version"].as_u64()),
        (Some(false), Some(0))
    );
    // A first configuration needs its fields and its secret.
    try_post(
        &app,
        &owner,
        "/api/sms-gateway",
        json!({"provider": "twilio", "from_number": "+14155550123"}),
    )
    .await
    .expect_invalid("auth_token")
    .expect_invalid("account_sid");
    try_post(&app, &owner, "/api/sms-gateway", json!({"from_number": "555-0123"}))
        .await
        .expect_invalid("from_number");
    let sms = post(
        &app,
        &owner,
        "/api/sms-gateway",
        json!({
            "provider": "twilio",
            "from_number": "+1 415 555 0123",
            "account_sid": "AC123",
            "auth_token": "sms-secret-token",
            "enabled": true,
        }),
        200,
    )
    .await;
    assert_eq!(sms["configured"], true);
    assert_eq!(sms["auth_token_set"], true);
    assert_eq!(sms["from_number"], "+14155550123");
    assert!(!sms.to_string().contains("sms-secret-token"));
    let later = post(
        &app,
        &owner,
        "/api/sms-gateway",
        json!({"enabled": false, "version": 1}),
        200,
    )
    .await;
    assert_eq!(
        (later["enabled"].as_bool(), later["auth_token_set"].as_bool()),
        (Some(false), Some(true))
    );
    try_post(&app, &owner, "/api/sms-gateway", json!({"enabled": true, "version": 1}))
        .await
        .expect_error(409, "version_conflict");
    let stored: Value = app
        .state
        .store()
        .get_as(&Key::new(
            Partition::tenant(app.tenant, "wl_integration"),
            "sms_gateway",
        ))
        .await
        .unwrap()
        .unwrap();
    assert!(!stored.to_string().contains("sms-secret-token"));
    assert!(stored["secret"]["ciphertext"].is_string());

    let social = post(
        &app,
        &owner,
        "/api/social-post",
        json!({"network": "twitter", "account": "acme", "access_token": "social-token"}),
        200,
    )
    .await;
    assert_eq!(
        (social["network"].as_str(), social["access_token_set"].as_bool()),
        (Some("x"), Some(true))
    );
    let todo = post(
        &app,
        &owner,
        "/api/todo-sync",
        json!({"provider": "todoist", "project": "Client work", "api_token": "todo-token"}),
        200,
    )
    .await;
    assert_eq!(
        (todo["direction"].as_str(), todo["configured"].as_bool()),
        (Some("both"), Some(true))
    );
    // Each workspace has its own; staff read them, only administrators change them.
    let (_, other_email, other_password) = app.second_workspace().await;
    let other = app.login(&other_email, &other_password).await;
    assert_eq!(get(&app, &other, "/api/todo-sync").await["configured"], false);
    let (_, staff) = app.user_with_role("staff").await;
    assert_eq!(get(&app, &staff, "/api/todo-sync").await["configured"], true);
    try_post(&app, &staff, "/api/todo-sync", json!({"enabled": true}))
        .await
        .expect_error(403, "forbidden");
}

/// The messages to `to` in the maildir of the test's SMTP server.
fn received_by(maildir: &std::path::Path, to: &str) -> Vec<String> {
    std::fs::read_dir(maildir.join("new"))
        .map(|dir| {
            dir.map(|e| std::fs::read_to_string(e.unwrap().path()).unwrap())
                .filter(|m| m.contains(&format!("To: {to}")))
                .collect()
        })
        .unwrap_or_default()
}

/// A sub-tenant's mail leaves through its own SMTP server (the test's aiosmtpd), from its own
/// address, drawn with its branding; when that server cannot be reached, through the
/// deployment's transport, from the deployment's address under the brand's name; nothing is lost
/// and nothing sent twice.
async fn a_sub_tenant_s_mail_goes_through_its_own_smtp_server_with_its_branding(backend: Backend) {
    use shared::mail::{send_pending, Transport};
    let Some((smtp_url, maildir)) = crate::signup::smtp_sink() else {
        return;
    };
    let Some(app) = TestApp::start(backend, &[("WORKTOP_SECRETS_KEY", SECRETS_KEY)]).await else {
        return;
    };
    let smtp_port: u16 = smtp_url.rsplit(':').next().unwrap().parse().unwrap();
    let platform = app.owner_token().await;
    let (record, _, owner_email) = provision(&app, &platform, "Acme & Co", None).await;
    let base = format!("/api/wl/tenants/{}", id(&record));
    crate::signup::sent_mail(&app).await;
    post(
        &app,
        &platform,
        &format!("{base}/branding"),
        json!({"brand_name": "Acme Cloud", "primary_color": "#FFD700", "support_email": "help@acme.example"}),
        200,
    )
    .await;
    let png = reqwest::multipart::Form::new().part(
        "logo",
        reqwest::multipart::Part::bytes(crate::harness::PNG.to_vec()).file_name("logo.png"),
    );
    app.post(&format!("{base}/branding/logo"))
        .token(&platform)
        .multipart(png)
        .send()
        .await
        .expect(200);
    post(
        &app,
        &platform,
        &format!("{base}/smtp"),
        json!({"host": "127.0.0.1", "port": smtp_port, "security": "none",
               "from_address": "no-reply@acme.example", "from_name": "Acme Cloud"}),
        200,
    )
    .await;

    let folder = tempfile::tempdir().unwrap();
    let deployment = Transport::Folder(folder.path().to_owned());
    let forgot = || {
        app.post("/api/forgot-password")
            .json(json!({"email": owner_email}))
            .send()
    };
    forgot().await.expect(202);
    assert_eq!(send_pending(&app.state, &deployment, 100).await.unwrap(), 1);
    assert_eq!(
        send_pending(&app.state, &deployment, 100).await.unwrap(),
        0,
        "sent once"
    );
    assert_eq!(
        std::fs::read_dir(folder.path()).map(|d| d.count()).unwrap_or(0),
        0,
        "not through the deployment's"
    );
    let received = received_by(&maildir, &owner_email);
    assert_eq!(received.len(), 1, "one message through the sub-tenant's server");
    let mail = &received[0];
    assert!(
        mail.contains("From: Acme Cloud <no-reply@acme.example>")
            || mail.contains("From: \"Acme Cloud\" <no-reply@acme.example>"),
        "{mail}"
    );
    assert!(mail.contains("Reply-To: help@acme.example"), "{mail}");
    let lines: Vec<&str> = mail.lines().map(str::trim_end).collect();
    assert!(
        lines.contains(&"Acme Cloud") && !lines.contains(&"Acme & Co"),
        "the brand heads the text, not the workspace's name"
    );
    // The HTML part as sent, quoted-printable undone.
    let html = mail.replace("=\r\n", "").replace("=\n", "").replace("=3D", "=");
    assert!(
        html.contains("Content-ID: <logo>") && html.contains("cid:logo"),
        "the logo inline"
    );
    assert!(
        html.contains("background:#FFD700;color:#000000"),
        "the brand's colour, readable"
    );
    assert!(mail.contains("#/reset-password?token="));

    // Its server down (nothing listens on the port): the deployment's transport takes the mail.
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let closed_port = closed.local_addr().unwrap().port();
    drop(closed);
    post(
        &app,
        &platform,
        &format!("{base}/smtp"),
        json!({"port": closed_port}),
        200,
    )
    .await;
    forgot().await.expect(202);
    assert_eq!(send_pending(&app.state, &deployment, 100).await.unwrap(), 1);
    let fallen_back: Vec<String> = std::fs::read_dir(folder.path())
        .unwrap()
        .map(|e| std::fs::read_to_string(e.unwrap().path()).unwrap())
        .collect();
    assert_eq!(fallen_back.len(), 1);
    let from = app.state.config().mail_from.clone();
    let address = from.rsplit('<').next().unwrap().trim_end_matches('>');
    assert!(
        fallen_back[0].contains(&format!("From: Acme Cloud <{address}>"))
            || fallen_back[0].contains(&format!("From: \"Acme Cloud\" <{address}>")),
        "{}",
        fallen_back[0]
    );
    assert_eq!(
        received_by(&maildir, &owner_email).len(),
        1,
        "nothing more through the closed server"
    );
    assert_eq!(
        send_pending(&app.state, &deployment, 100).await.unwrap(),
        0,
        "sent once"
    );
}

mod keyed {
    use super::*;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn sqlite_branding_domain_and_smtp() {
        branding_domain_and_smtp_are_set_per_sub_tenant_with_the_password_sealed(Backend::Sqlite).await
    }
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn dynamodb_branding_domain_and_smtp() {
        branding_domain_and_smtp_are_set_per_sub_tenant_with_the_password_sealed(Backend::DynamoDb).await
    }
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn sqlite_own_smtp() {
        a_sub_tenant_s_mail_goes_through_its_own_smtp_server_with_its_branding(Backend::Sqlite).await
    }
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn dynamodb_own_smtp() {
        a_sub_tenant_s_mail_goes_through_its_own_smtp_server_with_its_branding(Backend::DynamoDb).await
    }
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn sqlite_integration_helpers() {
        integration_helpers_keep_each_workspace_s_settings_with_write_only_secrets(Backend::Sqlite).await
    }
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn dynamodb_integration_helpers() {
        integration_helpers_keep_each_workspace_s_settings_with_write_only_secrets(Backend::DynamoDb).await
    }
}
