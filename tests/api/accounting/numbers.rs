//! Accounting's document numbers without gaps (`shared::resource::numbering`): debit and credit
//! notes are numbered when their returns are approved, expenses and revenues when posted, manual
//! journal entries when written; each kind one unbroken sequence across deleted drafts, refusals,
//! concurrent requests and a restart, under the prefix the workspace sets.

use std::time::Duration;

use super::banking::bank;
use super::purchases::{bill, vendor};
use super::*;
use crate::harness::{number_series, numbers_of, sequence, set_series_prefix};
use crate::inventory::service;
use crate::on_both_stores;

/// Three concurrent POSTs to `path`: one is taken, the others are refused (409).
async fn one_of_three_concurrent(app: &TestApp, token: &str, path: &str) {
    let calls = (0..3).map(|_| try_post(app, token, path, json!({})));
    let mut statuses: Vec<u16> = futures::future::join_all(calls)
        .await
        .iter()
        .map(|r| r.status)
        .collect();
    statuses.sort_unstable();
    assert_eq!(statuses, [200, 409, 409], "{path}");
}

/// POSTs to each path at once; asserts 200 for each.
async fn all_at_once(app: &TestApp, token: &str, paths: &[String]) {
    let calls = paths.iter().map(|path| try_post(app, token, path, json!({})));
    for answer in futures::future::join_all(calls).await {
        answer.expect(200);
    }
}

/// The record of the list at `path` (one page of up to 100) with id `id`.
async fn listed(app: &TestApp, token: &str, path: &str, id: u64) -> Value {
    let list = get(app, token, &format!("{path}?per_page=100")).await;
    let found = list["data"].as_array().unwrap().iter().find(|r| r["id"] == id);
    found
        .cloned()
        .unwrap_or_else(|| panic!("record {id} in {path}: {list}"))
}

/// One side's returns and the notes their approvals raise.
#[derive(Clone, Copy)]
enum Notes {
    /// Purchase returns: debit notes.
    Debit,
    /// Sales returns: credit notes.
    Credit,
}

impl Notes {
    fn series(self) -> &'static str {
        match self {
            Self::Debit => "debit_note",
            Self::Credit => "credit_note",
        }
    }

    fn prefix(self) -> &'static str {
        match self {
            Self::Debit => "DN-",
            Self::Credit => "CN-",
        }
    }

    fn returns(self) -> &'static str {
        match self {
            Self::Debit => "/api/purchase-return",
            Self::Credit => "/api/sales-invoice-return",
        }
    }

    fn party(self) -> &'static str {
        match self {
            Self::Debit => "vendor_id",
            Self::Credit => "customer_id",
        }
    }

    fn list(self) -> &'static str {
        match self {
            Self::Debit => "/api/debit-notes",
            Self::Credit => "/api/credit-notes",
        }
    }

    /// A note's number field, and a return's field naming its note.
    fn fields(self) -> (&'static str, &'static str) {
        match self {
            Self::Debit => ("debit_note_number", "debit_note_id"),
            Self::Credit => ("credit_note_number", "credit_note_id"),
        }
    }

    /// A posted invoice of ten units of a service on this side: (party, invoice, service).
    async fn posted_invoice(self, app: &TestApp, token: &str) -> (u64, u64, u64) {
        let fee = service(app, token, "FEE").await;
        let items = json!([{"product_id": fee, "quantity": 10, "unit_price": 50}]);
        let (party, invoice, post_path) = match self {
            Self::Debit => {
                let supplier = vendor(app, token, "Supplier").await;
                (
                    supplier,
                    bill(app, token, supplier, items).await,
                    "/api/purchase-invoice/post",
                )
            }
            Self::Credit => {
                let body = json!({"name": "Acme"});
                let acme = id(&create(app, token, "/api/customers/create", body).await);
                let body = json!({"customer_id": acme, "type": "service", "items": items});
                let invoice = create(app, token, "/api/sales-invoice/create", body).await;
                (acme, invoice, "/api/sales-invoice/post")
            }
        };
        post(app, token, &format!("{post_path}/{}", id(&invoice)), json!({}), 200).await;
        (party, id(&invoice), fee)
    }

    /// A draft return of one unit of `product` of `invoice`; its id.
    async fn draft_return(self, app: &TestApp, token: &str, (party, invoice, product): (u64, u64, u64)) -> u64 {
        let body = json!({"original_invoice_id": invoice, self.party(): party, "reason": "defective",
                          "items": [{"product_id": product, "quantity": 1}]});
        id(&create(app, token, &format!("{}/create", self.returns()), body).await)
    }

    fn approve(self, return_id: u64) -> String {
        format!("{}/approve/{return_id}", self.returns())
    }
}

async fn notes_are_numbered_without_gaps_when_returns_are_approved(app: TestApp, notes: Notes) {
    let owner = app.owner_token().await;
    let sold = notes.posted_invoice(&app, &owner).await;
    // A deleted draft return raises no note.
    let gone = notes.draft_return(&app, &owner, sold).await;
    try_delete(&app, &owner, &format!("{}/delete/{gone}", notes.returns()))
        .await
        .expect(200);
    // Concurrent approvals of one return raise one note; the refused ones take no number.
    let first = notes.draft_return(&app, &owner, sold).await;
    one_of_three_concurrent(&app, &owner, &notes.approve(first)).await;
    // Approvals of four returns at once: a number each.
    let mut approvals = Vec::new();
    for _ in 0..4 {
        approvals.push(notes.approve(notes.draft_return(&app, &owner, sold).await));
    }
    all_at_once(&app, &owner, &approvals).await;
    // A restart: another instance on the same store goes on with the sequence.
    let restarted = app.beside(Duration::ZERO).await;
    let last = notes.draft_return(&restarted, &owner, sold).await;
    post(&restarted, &owner, &notes.approve(last), json!({}), 200).await;
    let (number, note_id) = notes.fields();
    let path = format!("{}?", notes.list());
    assert_eq!(
        numbers_of(&restarted, &owner, &path, number).await,
        sequence(notes.prefix(), 1..=6)
    );

    // The workspace's prefix: the sequence goes on under it.
    let set = set_series_prefix(&restarted, &owner, notes.series(), "R/2027/").await;
    assert_eq!(set["next_number"], "R/2027/000007");
    let more = notes.draft_return(&restarted, &owner, sold).await;
    let approved = post(&restarted, &owner, &notes.approve(more), json!({}), 200).await;
    let note = listed(&restarted, &owner, notes.list(), approved[note_id].as_u64().unwrap()).await;
    assert_eq!(note[number], "R/2027/000007");
    assert_ledger_balances(&restarted, &owner).await;
    restarted.stop().await;
}

async fn debit_notes_are_numbered_without_gaps_when_purchase_returns_are_approved(app: TestApp) {
    notes_are_numbered_without_gaps_when_returns_are_approved(app, Notes::Debit).await;
}

async fn credit_notes_are_numbered_without_gaps_when_sales_returns_are_approved(app: TestApp) {
    notes_are_numbered_without_gaps_when_returns_are_approved(app, Notes::Credit).await;
}

/// Expenses or revenues.
#[derive(Clone, Copy)]
enum Flow {
    Expense,
    Revenue,
}

impl Flow {
    fn series(self) -> &'static str {
        match self {
            Self::Expense => "expense",
            Self::Revenue => "revenue",
        }
    }

    fn prefix(self) -> &'static str {
        match self {
            Self::Expense => "EXP-",
            Self::Revenue => "REV-",
        }
    }

    /// The base of its routes.
    fn base(self) -> &'static str {
        match self {
            Self::Expense => "/api/expenses",
            Self::Revenue => "/api/revenues",
        }
    }

    /// The journal's name of it, and the memo's.
    fn source(self) -> (&'static str, &'static str) {
        match self {
            Self::Expense => ("expense", "Expense"),
            Self::Revenue => ("revenue", "Revenue"),
        }
    }

    /// A body of 10.00 to bank account `bank` under the kind's first category.
    async fn body(self, app: &TestApp, token: &str, bank: u64) -> Value {
        let categories = match self {
            Self::Expense => "/api/expense-categories",
            Self::Revenue => "/api/revenue-categories",
        };
        let category = id(&get(app, token, categories).await["data"][0]);
        json!({"category_id": category, "bank_account_id": bank, "amount": 10})
    }

    /// A new draft of `body`, approved; its id.
    async fn approved(self, app: &TestApp, token: &str, body: &Value) -> u64 {
        let draft = id(&create(app, token, &format!("{}/create", self.base()), body.clone()).await);
        post(app, token, &format!("{}/approve/{draft}", self.base()), json!({}), 200).await;
        draft
    }

    fn post(self, id: u64) -> String {
        format!("{}/post/{id}", self.base())
    }
}

async fn entries_are_numbered_without_gaps_when_posted(app: TestApp, flow: Flow) {
    let owner = app.owner_token().await;
    let main = id(&bank(&app, &owner, "Main").await);
    let body = flow.body(&app, &owner, main).await;
    // A draft has no number, and a deleted draft leaves no hole.
    let first = create(&app, &owner, &format!("{}/create", flow.base()), body.clone()).await;
    assert_eq!((&first["number"], &first["status"]), (&Value::Null, &json!("draft")));
    let gone = id(&create(&app, &owner, &format!("{}/create", flow.base()), body.clone()).await);
    try_delete(&app, &owner, &format!("{}/delete/{gone}", flow.base()))
        .await
        .expect(200);
    // Nor does an approved one; posting a draft is refused and takes no number.
    try_post(&app, &owner, &flow.post(id(&first)), json!({}))
        .await
        .expect_error(409, "invalid_transition");
    let approved = post(
        &app,
        &owner,
        &format!("{}/approve/{}", flow.base(), id(&first)),
        json!({}),
        200,
    )
    .await;
    assert_eq!(approved["number"], Value::Null);
    let posted = post(&app, &owner, &flow.post(id(&first)), json!({}), 200).await;
    let one = format!("{}000001", flow.prefix());
    assert_eq!(posted["number"], one.as_str());
    // The journal entry names the number.
    let (source, memo) = flow.source();
    let entry = super::purchases::entry_of(&app, &owner, source, id(&first)).await;
    assert_eq!(
        (&entry["memo"], &entry["number"]),
        (&json!(format!("{memo} {one}")), &Value::Null)
    );

    // Concurrent posts of one: one number; postings of four at once: a number each.
    let contested = flow.approved(&app, &owner, &body).await;
    one_of_three_concurrent(&app, &owner, &flow.post(contested)).await;
    let mut postings = Vec::new();
    for _ in 0..4 {
        postings.push(flow.post(flow.approved(&app, &owner, &body).await));
    }
    all_at_once(&app, &owner, &postings).await;
    // A restart.
    let restarted = app.beside(Duration::ZERO).await;
    let last = flow.approved(&restarted, &owner, &body).await;
    post(&restarted, &owner, &flow.post(last), json!({}), 200).await;
    let path = format!("{}?", flow.base());
    assert_eq!(
        numbers_of(&restarted, &owner, &path, "number").await,
        sequence(flow.prefix(), 1..=7)
    );

    // The workspace's prefix.
    let set = set_series_prefix(&restarted, &owner, flow.series(), "F/2027/").await;
    assert_eq!(set["next_number"], "F/2027/000008");
    let more = flow.approved(&restarted, &owner, &body).await;
    let posted = post(&restarted, &owner, &flow.post(more), json!({}), 200).await;
    assert_eq!(posted["number"], "F/2027/000008");
    assert_ledger_balances(&restarted, &owner).await;
    restarted.stop().await;
}

async fn expenses_are_numbered_without_gaps_when_posted(app: TestApp) {
    entries_are_numbered_without_gaps_when_posted(app, Flow::Expense).await;
}

async fn revenues_are_numbered_without_gaps_when_posted(app: TestApp) {
    entries_are_numbered_without_gaps_when_posted(app, Flow::Revenue).await;
}

/// A manual entry of `amount` from `credit` to `debit` (account ids).
fn manual(debit: u64, credit: u64, amount: &str) -> Value {
    json!({"date": "2026-03-31", "memo": "Accrued rent",
           "lines": [{"account_id": debit, "debit": amount}, {"account_id": credit, "credit": amount}]})
}

async fn manual_journal_entries_are_numbered_without_gaps(app: TestApp) {
    let owner = app.owner_token().await;
    let chart = accounts(&app, &owner).await;
    let (rent, cash) = (id(&chart["6100"]), id(&chart["1000"]));
    let path = "/api/journal-entries/create";
    let first = create(&app, &owner, path, manual(rent, cash, "120.00")).await;
    assert_eq!(
        (&first["number"], &first["source_type"], &first["source_id"]),
        (&json!("JE-000001"), &json!("manual"), &first["id"])
    );
    assert_eq!(
        (cents(&first["total"]), balance(&app, &owner, "6100").await),
        (12000, 12000)
    );

    // Refused bodies write nothing and take no number.
    let unbalanced =
        json!({"memo": "Wrong", "lines": [{"account_id": rent, "debit": 5}, {"account_id": cash, "credit": 4}]});
    try_post(&app, &owner, path, unbalanced)
        .await
        .expect_error(422, "unbalanced_entry");
    try_post(&app, &owner, path, manual(rent, 999_999, "5"))
        .await
        .expect_invalid("account_id");
    let two_sided = json!({"memo": "Both", "lines": [{"account_id": rent, "debit": 5, "credit": 5}, {"account_id": cash, "credit": 5}]});
    try_post(&app, &owner, path, two_sided).await.expect_invalid("lines.0");
    try_post(&app, &owner, path, json!({"lines": [{"account_id": rent, "debit": 5}]}))
        .await
        .expect_invalid("memo")
        .expect_invalid("lines");
    // A document's entry carries no number of its own: its memo names the document's.
    let transfer = super::banking::transfer(
        &app,
        &owner,
        id(&bank(&app, &owner, "Main").await),
        id(&bank(&app, &owner, "Spare").await),
        "1.00",
    )
    .await;
    let entry = super::purchases::entry_of(&app, &owner, "bank_transfer", id(&transfer)).await;
    assert_eq!(entry["number"], Value::Null);

    // Concurrent entries, then a restart.
    let calls = (0..5).map(|_| try_post(&app, &owner, path, manual(rent, cash, "1")));
    for answer in futures::future::join_all(calls).await {
        answer.expect(201);
    }
    let restarted = app.beside(Duration::ZERO).await;
    create(&restarted, &owner, path, manual(rent, cash, "1")).await;
    let numbers = numbers_of(&restarted, &owner, "/api/journal-entries?source_type=manual&", "number").await;
    assert_eq!(numbers, sequence("JE-", 1..=7));

    // The workspace's prefix.
    assert_eq!(
        number_series(&restarted, &owner, "journal_entry").await["next_number"],
        "JE-000008"
    );
    set_series_prefix(&restarted, &owner, "journal_entry", "GJ-").await;
    let last = create(&restarted, &owner, path, manual(rent, cash, "1")).await;
    assert_eq!(last["number"], "GJ-000008");
    assert_ledger_balances(&restarted, &owner).await;
    restarted.stop().await;
}

/// Every series of the workspace's plan is listed, the new ones starting at their first number.
async fn the_number_series_list_names_the_accounting_and_payslip_series(app: TestApp) {
    let owner = app.owner_token().await;
    for (series, first) in [
        ("credit_note", "CN-000001"),
        ("debit_note", "DN-000001"),
        ("expense", "EXP-000001"),
        ("revenue", "REV-000001"),
        ("journal_entry", "JE-000001"),
        ("payslip", "PSL-000001"),
        ("commission_payout", "COM-000001"),
    ] {
        let listed = number_series(&app, &owner, series).await;
        assert_eq!(
            (&listed["next_number"], &listed["last_sequence"]),
            (&json!(first), &json!(0)),
            "{series}"
        );
    }
}

on_both_stores!(
    debit_notes_are_numbered_without_gaps_when_purchase_returns_are_approved,
    credit_notes_are_numbered_without_gaps_when_sales_returns_are_approved,
    expenses_are_numbered_without_gaps_when_posted,
    revenues_are_numbered_without_gaps_when_posted,
    manual_journal_entries_are_numbered_without_gaps,
    the_number_series_list_names_the_accounting_and_payslip_series,
);
