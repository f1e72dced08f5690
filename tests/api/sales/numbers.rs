//! Document numbers without gaps (`shared::resource::numbering`): posted invoices and tickets
//! are numbered in the transaction that stores them, one unbroken sequence per series across
//! deleted drafts, refusals, concurrent requests and a restart; a workspace sets each series'
//! prefix and the sequence goes on.

use std::time::Duration;

use serde_json::{json, Value};

use super::{customer, draft, post_invoice};
use crate::harness::{
    create, id, number_series, numbers_of, sequence, set_series_prefix, try_delete, try_post, TestApp,
};
use crate::inventory::{add_stock, product, service, warehouse};
use crate::on_both_stores;

/// The numbers of the posted invoices, sorted.
async fn posted_numbers(app: &TestApp, token: &str) -> Vec<String> {
    numbers_of(app, token, "/api/sales-invoice?status=posted&", "invoice_number").await
}

async fn posted_invoices_are_numbered_without_gaps_across_deleted_drafts_refusals_and_a_restart(app: TestApp) {
    let owner = app.owner_token().await;
    let acme = customer(&app, &owner, "Acme").await;
    let fee = service(&app, &owner, "FEE").await;
    let shop = warehouse(&app, &owner, "Shop").await;
    let lamp = product(&app, &owner, "LAMP").await;
    add_stock(&app, &owner, lamp, shop, 1).await;
    let fee_body = json!({"customer_id": acme, "type": "service", "items": [{"product_id": fee, "quantity": 1}]});

    // A draft has no number; a deleted draft and a refused posting take none.
    let first = draft(&app, &owner, fee_body.clone()).await;
    assert_eq!(first["invoice_number"], Value::Null, "{first}");
    let deleted = id(&draft(&app, &owner, fee_body.clone()).await);
    try_delete(&app, &owner, &format!("/api/sales-invoice/delete/{deleted}"))
        .await
        .expect(200);
    let short = json!({"customer_id": acme, "warehouse_id": shop, "items": [{"product_id": lamp, "quantity": 5}]});
    let short = id(&draft(&app, &owner, short).await);
    try_post(&app, &owner, &format!("/api/sales-invoice/post/{short}"), json!({}))
        .await
        .expect_error(409, "insufficient_stock");
    let posted = post_invoice(&app, &owner, id(&first)).await;
    assert_eq!(posted["invoice_number"], "INV-000001", "{posted}");
    // The journal entry names the number.
    let journal = crate::accounting::journal(&app, &owner).await;
    assert_eq!(journal.len(), 1);
    assert!(
        journal[0]["memo"].as_str().unwrap().contains("INV-000001"),
        "{journal:?}"
    );

    for _ in 2..=30 {
        let draft = draft(&app, &owner, fee_body.clone()).await;
        post_invoice(&app, &owner, id(&draft)).await;
    }
    // A restart: another instance on the same store (on SQLite its own blocks of record ids,
    // which skip ahead of the first instance's).
    let restarted = app.beside(Duration::ZERO).await;
    for _ in 31..=35 {
        let draft = draft(&restarted, &owner, fee_body.clone()).await;
        post_invoice(&restarted, &owner, id(&draft)).await;
    }
    assert_eq!(posted_numbers(&restarted, &owner).await, sequence("INV-", 1..=35));
    restarted.stop().await;
}

async fn fifty_concurrent_postings_in_one_series_get_exactly_1_to_50(app: TestApp) {
    let owner = app.owner_token().await;
    let acme = customer(&app, &owner, "Acme").await;
    let fee = service(&app, &owner, "FEE").await;
    let body = json!({"customer_id": acme, "type": "service", "items": [{"product_id": fee, "quantity": 1}]});
    let drafts = (0..50).map(|_| draft(&app, &owner, body.clone()));
    let drafts: Vec<u64> = futures::future::join_all(drafts).await.iter().map(id).collect();
    let paths: Vec<String> = drafts.iter().map(|d| format!("/api/sales-invoice/post/{d}")).collect();
    let posts = paths.iter().map(|path| try_post(&app, &owner, path, json!({})));
    let mut numbers: Vec<String> = futures::future::join_all(posts)
        .await
        .into_iter()
        .map(|r| r.expect(200).body["invoice_number"].as_str().unwrap().to_owned())
        .collect();
    numbers.sort();
    assert_eq!(numbers, sequence("INV-", 1..=50));
}

async fn a_workspace_sets_a_series_prefix_and_its_sequence_goes_on(app: TestApp) {
    let owner = app.owner_token().await;
    let invoices = number_series(&app, &owner, "sales_invoice").await;
    assert_eq!(
        (
            &invoices["prefix"],
            &invoices["next_number"],
            &invoices["last_sequence"]
        ),
        (&json!("INV-"), &json!("INV-000001"), &json!(0))
    );
    let acme = customer(&app, &owner, "Acme").await;
    let fee = service(&app, &owner, "FEE").await;
    let body = json!({"customer_id": acme, "type": "service", "items": [{"product_id": fee, "quantity": 1}]});
    let one = draft(&app, &owner, body.clone()).await;
    assert_eq!(
        post_invoice(&app, &owner, id(&one)).await["invoice_number"],
        "INV-000001"
    );

    let path = "/api/settings/number-series/sales_invoice";
    let set = set_series_prefix(&app, &owner, "sales_invoice", "F/2027/").await;
    assert_eq!(
        (&set["prefix"], &set["next_number"]),
        (&json!("F/2027/"), &json!("F/2027/000002"))
    );
    let two = draft(&app, &owner, body).await;
    assert_eq!(
        post_invoice(&app, &owner, id(&two)).await["invoice_number"],
        "F/2027/000002"
    );

    // Refusals change nothing.
    app.put(path)
        .token(&owner)
        .json(json!({"prefix": "no spaces"}))
        .send()
        .await
        .expect_invalid("prefix");
    app.put("/api/settings/number-series/nonsense")
        .token(&owner)
        .json(json!({"prefix": "X-"}))
        .send()
        .await
        .expect_error(404, "not_found");
    let (_, staff) = app.user_with_role("staff").await;
    app.put(path)
        .token(&staff)
        .json(json!({"prefix": "X-"}))
        .send()
        .await
        .expect_error(403, "forbidden");
    let after = number_series(&app, &owner, "sales_invoice").await;
    assert_eq!(after["next_number"], "F/2027/000003");
}

/// Every ticket's number, sorted.
async fn ticket_numbers(app: &TestApp, token: &str) -> Vec<String> {
    numbers_of(app, token, "/api/support-ticket/tickets?", "ticket_number").await
}

fn ticket(subject: &str) -> Value {
    json!({"subject": subject, "name": "Sam", "email": "sam@example.com"})
}

async fn tickets_are_numbered_without_gaps_across_batches_an_import_concurrency_and_a_restart(app: TestApp) {
    let owner = app.owner_token().await;
    let store = "/api/support-ticket/ticket/store";
    let first = create(&app, &owner, store, ticket("One")).await;
    assert_eq!(first["ticket_number"], "TKT-000001");
    // A refused body takes no number.
    try_post(&app, &owner, store, json!({"name": "Sam"}))
        .await
        .expect_invalid("subject");

    // An atomic batch with a refused item stores nothing; a whole one takes its numbers in order.
    let batch = "/api/support-ticket/ticket/batch/create";
    let refused = json!({"atomic": true, "items": [ticket("A"), {"name": "no subject"}, ticket("C")]});
    try_post(&app, &owner, batch, refused)
        .await
        .expect_invalid("items[1].subject");
    let whole = json!({"atomic": true, "items": [ticket("A"), ticket("B"), ticket("C")]});
    let whole = try_post(&app, &owner, batch, whole).await.expect(201).body;
    let numbers: Vec<&Value> = whole["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| &r["data"]["ticket_number"])
        .collect();
    assert_eq!(
        numbers,
        [&json!("TKT-000002"), &json!("TKT-000003"), &json!("TKT-000004")]
    );
    // Another batch: each item takes its number as it is stored; the refused one none.
    let partial = json!({"items": [ticket("D"), {"name": "no subject"}, ticket("E")]});
    let partial = try_post(&app, &owner, batch, partial).await.body;
    assert_eq!(partial["succeeded"], 2, "{partial}");

    // An import numbers its rows in its chunks' transactions.
    let file = "subject,name,email\nImported 1,Ann,ann@example.com\n,No subject,x@example.com\nImported 2,Bob,bob@example.com\n";
    let form = reqwest::multipart::Form::new().part(
        "file",
        reqwest::multipart::Part::bytes(file.as_bytes().to_vec()).file_name("tickets.csv"),
    );
    app.post("/api/support-ticket/ticket/import")
        .token(&owner)
        .multipart(form)
        .send()
        .await
        .expect(202);
    shared::resource::transfer::run_due(&app.state, Duration::ZERO)
        .await
        .unwrap();

    // Concurrent creates, then a restart.
    let calls = (0..20).map(|n| try_post(&app, &owner, store, ticket(&format!("Busy {n}"))));
    for answer in futures::future::join_all(calls).await {
        answer.expect(201);
    }
    let restarted = app.beside(Duration::ZERO).await;
    create(&restarted, &owner, store, ticket("After the restart")).await;
    assert_eq!(ticket_numbers(&restarted, &owner).await, sequence("TKT-", 1..=29));
    restarted.stop().await;
}

on_both_stores!(
    posted_invoices_are_numbered_without_gaps_across_deleted_drafts_refusals_and_a_restart,
    fifty_concurrent_postings_in_one_series_get_exactly_1_to_50,
    a_workspace_sets_a_series_prefix_and_its_sequence_goes_on,
    tickets_are_numbered_without_gaps_across_batches_an_import_concurrency_and_a_restart,
);
