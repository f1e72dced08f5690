//! Faults on the cloud path: with `infra/fault_proxy.py` between the server and moto injecting
//! throttling, 500s, slow answers and connections dropped before and after a request reached
//! moto, concurrent writes from clients that retry what failed lose nothing and double nothing.
//!
//! These tests need the proxy: `infra/test.sh` runs them in its fault phase, with
//! `AWS_ENDPOINT_URL` pointing at the proxy and `WORKTOP_FAULT_PROXY` at its control routes.
//! Elsewhere they skip (and fail with `WORKTOP_REQUIRE_FAULTS=1`, which that phase sets).

use std::time::Duration;

use futures::stream::{self, StreamExt};
use serde_json::{json, Value};

use crate::harness::{create, id, Backend, Resp, TestApp};

/// The proxy's control URL, or `None` (skip) outside the fault phase.
fn fault_proxy() -> Option<String> {
    match std::env::var("WORKTOP_FAULT_PROXY") {
        Ok(url) => Some(url),
        Err(_) => {
            assert!(
                std::env::var("WORKTOP_REQUIRE_FAULTS").is_err(),
                "WORKTOP_REQUIRE_FAULTS is set but WORKTOP_FAULT_PROXY is not"
            );
            eprintln!("skipped: no fault proxy (infra/test.sh runs these tests in its fault phase)");
            None
        }
    }
}

/// Sets the proxy's fault rate; returns what it has injected so far.
async fn set_fault_rate(proxy: &str, rate: f64) -> Value {
    reqwest::Client::new()
        .post(format!("{proxy}/fault-proxy/rate?value={rate}"))
        .send()
        .await
        .expect("the fault proxy answers")
        .json()
        .await
        .expect("its counts")
}

/// Sends what `request` builds until the server acknowledges it, as a careful client does: a
/// 503 (which must carry `Retry-After`) or a 409 `idempotency_in_progress` is tried again with
/// the same `Idempotency-Key`. Any other answer is returned. A 500 fails the test: a fault must
/// never surface as one.
async fn until_acknowledged<'a>(app: &'a TestApp, what: &str, request: impl Fn() -> crate::harness::Call<'a>) -> Resp {
    for _ in 0..40 {
        let answer = request().send().await;
        match (answer.status, answer.body["code"].as_str()) {
            (503, _) => {
                assert!(
                    answer.headers.contains_key("retry-after"),
                    "{what}: 503 without Retry-After"
                );
                assert_eq!(answer.body["code"], "unavailable", "{what}: {}", answer.body);
            }
            (409, Some("idempotency_in_progress")) => {}
            (500, _) => panic!("{what}: a fault surfaced as a 500: {}", answer.body),
            _ => return answer,
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("{what}: not acknowledged after 40 tries ({})", app.base);
}

/// Under a high fault rate, concurrent contact creates and updates, lead conversions and invoice
/// postings, each retried by its client until acknowledged, leave the store exactly as if no
/// fault had happened: every create there once (by its unique name), with its list entry and its
/// one event; every update visible; every lead converted into one deal; every invoice posted once,
/// with one journal entry and one event.
#[tokio::test]
async fn under_heavy_faults_every_acknowledged_write_is_there_exactly_once() {
    let Some(proxy) = fault_proxy() else { return };
    set_fault_rate(&proxy, 0.0).await;
    let app = TestApp::start(Backend::DynamoDb, &[])
        .await
        .expect("the fault phase runs against moto");
    let owner = app.owner_token().await;
    const CONTACTS: usize = 48;
    const LEADS: usize = 12;
    const INVOICES: usize = 12;
    let mut leads = Vec::new();
    for n in 0..LEADS {
        let body = json!({"name": format!("Lead {n}"), "email": format!("lead-{n}@example.com")});
        let lead = create(&app, &owner, "/api/lead/create", body).await;
        leads.push(id(&lead));
    }
    let customer = id(&create(&app, &owner, "/api/customers/create", json!({"name": "Acme"})).await);
    let consulting = crate::inventory::service(&app, &owner, "CONS-F").await;
    let mut invoices = Vec::new();
    for n in 0..INVOICES {
        let body = json!({
            "customer_id": customer,
            "type": "service",
            "items": [{"product_id": consulting, "quantity": 1, "unit_price": format!("{}.00", 100 + n), "tax_ids": []}],
        });
        invoices.push(id(&create(&app, &owner, "/api/sales-invoice/create", body).await));
    }

    let injected_before = set_fault_rate(&proxy, 0.25).await;
    enum Work {
        Create(usize),
        Convert(u64),
        Post(u64),
    }
    let work: Vec<Work> = (0..CONTACTS)
        .map(Work::Create)
        .chain(leads.iter().copied().map(Work::Convert))
        .chain(invoices.iter().copied().map(Work::Post))
        .collect();
    let (app_ref, owner_ref) = (&app, owner.as_str());
    let answers: Vec<(String, Resp)> = stream::iter(work)
        .map(|item| async move {
            let (what, path, body) = match item {
                Work::Create(n) => (
                    format!("create {n}"),
                    "/api/v1/contacts".to_string(),
                    json!({"name": format!("Faulted {n}"), "email": format!("faulted-{n}@example.com")}),
                ),
                Work::Convert(lead) => (
                    format!("convert {lead}"),
                    format!("/api/lead/convert-to-deal/{lead}"),
                    json!({}),
                ),
                Work::Post(invoice) => (
                    format!("post {invoice}"),
                    format!("/api/sales-invoice/post/{invoice}"),
                    json!({}),
                ),
            };
            let key = format!("faults-{what}");
            let answer = until_acknowledged(app_ref, &what, || {
                app_ref
                    .post(&path)
                    .token(owner_ref)
                    .header("idempotency-key", &key)
                    .json(body.clone())
            })
            .await;
            (what, answer)
        })
        .buffer_unordered(8)
        .collect()
        .await;
    for (what, answer) in &answers {
        assert!(
            matches!(answer.status, 200 | 201),
            "{what}: {} {}",
            answer.status,
            answer.body
        );
    }

    // Updates by version: a retry of an update that reached the store before its answer was lost
    // meets its own new version (409), and the change is there to read.
    let contacts: Vec<(u64, String)> = answers
        .iter()
        .filter(|(what, _)| what.starts_with("create"))
        .map(|(_, answer)| (id(&answer.body), answer.body["name"].as_str().unwrap().to_owned()))
        .collect();
    stream::iter(&contacts)
        .for_each_concurrent(8, |(contact, name)| {
            let app = &app;
            let owner = owner.as_str();
            async move {
                let renamed = format!("{name} v2");
                let what = format!("update {contact}");
                let answer = until_acknowledged(app, &what, || {
                    app.patch(&format!("/api/v1/contacts/{contact}"))
                        .token(owner)
                        .header("if-match", "1")
                        .json(json!({"name": renamed}))
                })
                .await;
                match answer.status {
                    200 => assert_eq!(answer.body["name"], renamed.as_str()),
                    409 => assert_eq!(answer.body["code"], "version_conflict", "{what}: {}", answer.body),
                    other => panic!("{what}: {other} {}", answer.body),
                }
            }
        })
        .await;
    let injected = set_fault_rate(&proxy, 0.0).await;

    // The faults happened: each kind at least once during the writes.
    for kind in ["throttle", "error", "slow", "drop-before", "drop-after"] {
        let before = injected_before["counts"][format!("dynamodb:{kind}")]
            .as_u64()
            .unwrap_or(0);
        let after = injected["counts"][format!("dynamodb:{kind}")].as_u64().unwrap_or(0);
        assert!(after > before, "no DynamoDB {kind} was injected: {injected}");
    }

    // Every contact once, renamed, listed, with one event.
    let stored = app.records(app.tenant, "crm_contact").await;
    let mut names: Vec<String> = stored.iter().map(|c| c["name"].as_str().unwrap().to_owned()).collect();
    names.sort();
    let mut expected: Vec<String> = (0..CONTACTS).map(|n| format!("Faulted {n} v2")).collect();
    expected.sort();
    assert_eq!(names, expected);
    let listed = app
        .get("/api/v1/contacts?per_page=100")
        .token(&owner)
        .send()
        .await
        .expect(200)
        .body;
    assert_eq!(listed["data"].as_array().unwrap().len(), CONTACTS, "{listed}");
    let events = app.outbox_types(app.tenant).await;
    let count = |event: &str| events.iter().filter(|t| *t == event).count();
    assert_eq!(count("contact.created"), CONTACTS);

    // Every lead converted into one deal, named by the lead, with one event each.
    let deals = app.records(app.tenant, "crm_deal").await;
    assert_eq!(deals.len(), LEADS, "one deal per lead");
    let mut converted: Vec<u64> = deals.iter().map(|d| d["lead_id"].as_u64().unwrap()).collect();
    converted.sort();
    assert_eq!(converted, leads);
    assert_eq!(count("lead.converted"), LEADS);

    // Every invoice posted once: one journal entry and one event each.
    for invoice in &invoices {
        let shown = app
            .get(&format!("/api/sales-invoice/show/{invoice}"))
            .token(&owner)
            .send()
            .await
            .expect(200)
            .body;
        assert_ne!(shown["status"], "draft", "{shown}");
    }
    let entries = app.records(app.tenant, "acc_journal_entry").await;
    let mut posted: Vec<u64> = entries
        .iter()
        .filter(|e| e["source_type"] == "sales_invoice")
        .map(|e| e["source_id"].as_u64().unwrap())
        .collect();
    posted.sort();
    assert_eq!(posted, invoices, "one journal entry per invoice");
    assert_eq!(count("invoice.posted"), INVOICES);
}
