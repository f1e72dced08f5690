//! Bank accounts (each with its own GL account), bank transactions with running balances, and
//! transfers: one journal entry between the two accounts' GL accounts.

use super::*;
use crate::on_both_stores;

/// A bank account named `name`; returns it.
pub(crate) async fn bank(app: &TestApp, token: &str, name: &str) -> Value {
    create(app, token, "/api/bank-accounts/create", json!({"name": name})).await
}

/// Moves `amount` from one bank account to another; asserts 201 and returns the transfer.
pub(crate) async fn transfer(app: &TestApp, token: &str, from: u64, to: u64, amount: &str) -> Value {
    let body = json!({"from_bank_account_id": from, "to_bank_account_id": to, "amount": amount});
    create(app, token, "/api/bank-transfers/create", body).await
}

async fn bank_accounts_are_created_with_their_own_gl_account(app: TestApp) {
    let owner = app.owner_token().await;
    let body = json!({"name": "Main", "bank_name": "First Bank", "account_number": "FR76 0001"});
    let main = create(&app, &owner, "/api/bank-accounts/create", body).await;
    assert_eq!((cents(&main["balance"]), main["is_active"].as_bool()), (0, Some(true)));
    let gl = accounts(&app, &owner).await;
    let own = gl
        .get(&format!("1000-{}", id(&main)))
        .unwrap_or_else(|| panic!("a GL account for the bank account: {main}"));
    assert_eq!(id(own), main["gl_account_id"].as_u64().unwrap());
    assert_eq!(
        (own["account_type"].as_str(), own["parent_code"].as_str()),
        (Some("asset"), Some("1000"))
    );
    assert_eq!(own["name"], "Main");

    let path = format!("/api/bank-accounts/update/{}", id(&main));
    let renamed = post(&app, &owner, &path, json!({"name": "Main EUR", "version": 1}), 200).await;
    assert_eq!(
        (renamed["name"].as_str(), renamed["bank_name"].as_str()),
        (Some("Main EUR"), Some("First Bank"))
    );
    try_post(&app, &owner, "/api/bank-accounts/create", json!({"bank_name": "x"}))
        .await
        .expect_invalid("name");
    try_post(&app, &owner, &path, json!({"name": ""}))
        .await
        .expect_invalid("name");

    let spare = bank(&app, &owner, "Spare").await;
    let gone = format!("/api/bank-accounts/delete/{}", id(&spare));
    assert_eq!(
        app.delete(&gone).token(&owner).send().await.expect(200).body["id"],
        id(&spare)
    );
    let gl = accounts(&app, &owner).await;
    assert!(
        !gl.contains_key(&format!("1000-{}", id(&spare))),
        "its GL account went with it"
    );
    assert_eq!(names(&get(&app, &owner, "/api/bank-accounts").await), ["Main EUR"]);
}

async fn a_transfer_is_one_balanced_entry_and_two_movements(app: TestApp) {
    let owner = app.owner_token().await;
    let (main, savings) = (bank(&app, &owner, "Main").await, bank(&app, &owner, "Savings").await);
    let (m, s) = (id(&main), id(&savings));
    let first = transfer(&app, &owner, m, s, "100.10").await;
    assert_eq!(cents(&first["amount"]), 10010);
    transfer(&app, &owner, s, m, "30.05").await;

    let entries = journal(&app, &owner).await;
    assert_eq!(entries.len(), 2);
    let entry = entries.iter().find(|e| e["id"] == first["journal_entry_id"]).unwrap();
    assert_eq!(
        (entry["source_type"].as_str(), entry["source_id"].as_u64()),
        (Some("bank_transfer"), Some(id(&first)))
    );
    let gl = accounts(&app, &owner).await;
    let (main_gl, savings_gl) = (&gl[&format!("1000-{m}")], &gl[&format!("1000-{s}")]);
    assert_eq!(
        (cents(&main_gl["balance"]), cents(&savings_gl["balance"])),
        (-7005, 7005)
    );

    let list = get(
        &app,
        &owner,
        &format!("/api/bank-transactions?bank_account_id={m}&sort=-id"),
    )
    .await;
    let rows: Vec<(String, i64, i64)> = list["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                t["kind"].as_str().unwrap().to_owned(),
                cents(&t["amount"]),
                cents(&t["running_balance"]),
            )
        })
        .collect();
    assert_eq!(
        rows,
        [
            ("transfer_in".into(), 3005, -7005),
            ("transfer_out".into(), -10010, -10010)
        ],
        "newest first, each with the balance after it"
    );
    let accounts_now = get(&app, &owner, "/api/bank-accounts?sort=name").await;
    let balances: Vec<i64> = accounts_now["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| cents(&b["balance"]))
        .collect();
    assert_eq!(balances, [-7005, 7005]);
    let transfers = get(&app, &owner, &format!("/api/bank-transfers?from_bank_account_id={m}")).await;
    assert_eq!(ids(&transfers), [id(&first)]);
    assert_eq!(get(&app, &owner, "/api/bank-transfers").await["meta"]["total"], 2);

    try_delete(&app, &owner, &format!("/api/bank-accounts/delete/{m}"))
        .await
        .expect_error(409, "in_use");
    assert_ledger_balances(&app, &owner).await;
}

async fn transfer_bodies_are_checked(app: TestApp) {
    let owner = app.owner_token().await;
    let main = id(&bank(&app, &owner, "Main").await);
    let path = "/api/bank-transfers/create";
    let refused = try_post(&app, &owner, path, json!({"amount": -5, "date": "2026-02-30"}))
        .await
        .expect_invalid("from_bank_account_id");
    for field in ["to_bank_account_id", "amount", "date"] {
        assert!(refused.body["errors"][field].is_array(), "{field}: {}", refused.body);
    }
    let same = json!({"from_bank_account_id": main, "to_bank_account_id": main, "amount": 5});
    try_post(&app, &owner, path, same)
        .await
        .expect_invalid("to_bank_account_id");
    let unknown = json!({"from_bank_account_id": main, "to_bank_account_id": 999, "amount": 5});
    try_post(&app, &owner, path, unknown)
        .await
        .expect_invalid("to_bank_account_id");
    let closed = create(
        &app,
        &owner,
        "/api/bank-accounts/create",
        json!({"name": "Old", "is_active": false}),
    )
    .await;
    let body = json!({"from_bank_account_id": id(&closed), "to_bank_account_id": main, "amount": 5});
    try_post(&app, &owner, path, body)
        .await
        .expect_invalid("from_bank_account_id");
    assert_eq!(get(&app, &owner, "/api/bank-transfers").await["meta"]["total"], 0);
    assert!(journal(&app, &owner).await.is_empty(), "nothing posted");
    assert_ledger_balances(&app, &owner).await;
}

/// `record` (as `read` answers it: a show route, or a list holding it) after one update to
/// `path` of every field of `cleared` as `null`: 200, each of them `null` in the answer and in a
/// following read, every other field as it was; then `required` as `null` (beside a value for
/// the first cleared field) is 422 naming it and changes nothing.
async fn assert_null_clears(app: &TestApp, token: &str, path: &str, read: &str, cleared: &[&str], required: &str) {
    let reread = || async {
        let found = get(app, token, read).await;
        match found["data"].as_array() {
            Some(rows) => {
                let wanted = path.rsplit('/').next().unwrap().parse::<u64>().unwrap();
                rows.iter()
                    .find(|r| id(r) == wanted)
                    .cloned()
                    .unwrap_or_else(|| panic!("{wanted} in {found}"))
            }
            None => found,
        }
    };
    let before = reread().await;
    for field in cleared {
        assert!(
            !before[field].is_null(),
            "{path}: `{field}` is set before the update: {before}"
        );
    }
    let body: serde_json::Map<String, Value> = cleared.iter().map(|f| (f.to_string(), Value::Null)).collect();
    let answer = post(app, token, path, Value::Object(body), 200).await;
    let shown = reread().await;
    for record in [&answer, &shown] {
        for (field, value) in before.as_object().unwrap() {
            if cleared.contains(&field.as_str()) {
                assert!(record[field].is_null(), "{path}: `{field}` cleared: {record}");
            } else if !["version", "updated_at"].contains(&field.as_str()) {
                assert_eq!(&record[field], value, "{path}: `{field}` unchanged: {record}");
            }
        }
    }
    let refused = try_post(
        app,
        token,
        path,
        json!({required: null, cleared[0]: before[cleared[0]]}),
    )
    .await
    .expect_invalid(required);
    assert!(
        refused.body["errors"][cleared[0]].is_null(),
        "only {required} is named: {}",
        refused.body
    );
    assert_eq!(reread().await, shown, "{path}: a refused update changes nothing");
}

/// On the update routes of accounting, inventory and white-label records, `null` clears each
/// field a record may be without (and what goes with it: an expense's vendor, a draft invoice's
/// warehouse), leaves every other field, and is 422 on a field every record has; a draft whose
/// product lines need its warehouse keeps it (422).
async fn null_clears_every_optional_field_of_accounting_inventory_and_plan_records(app: TestApp) {
    let owner = app.owner_token().await;
    let body = json!({"name": "Main", "bank_name": "First Bank", "account_number": "FR76 0001"});
    let main = id(&create(&app, &owner, "/api/bank-accounts/create", body).await);
    let update = format!("/api/bank-accounts/update/{main}");
    assert_null_clears(
        &app,
        &owner,
        &update,
        "/api/bank-accounts?per_page=100",
        &["bank_name", "account_number"],
        "name",
    )
    .await;

    let gl = accounts(&app, &owner).await;
    let (rent, sales) = (id(&gl["6100"]), id(&gl["4100"]));
    let landlord = super::purchases::vendor(&app, &owner, "Landlord").await;
    let client = id(&create(&app, &owner, "/api/customers/create", json!({"name": "Client"})).await);
    let entry = |category: u64| {
        json!({
            "date": "2026-03-01", "category_id": category, "bank_account_id": main, "amount": 120,
            "reference_number": "REF-1", "description": "March"
        })
    };
    let mut body = entry(rent);
    body["vendor_id"] = json!(landlord);
    let expense = id(&create(&app, &owner, "/api/expenses/create", body).await);
    let fields = ["description", "reference_number", "vendor_id"];
    let update = format!("/api/expenses/update/{expense}");
    assert_null_clears(&app, &owner, &update, "/api/expenses?per_page=100", &fields, "amount").await;
    let mut body = entry(sales);
    body["customer_id"] = json!(client);
    let revenue = id(&create(&app, &owner, "/api/revenues/create", body).await);
    let fields = ["customer_id", "description", "reference_number"];
    let update = format!("/api/revenues/update/{revenue}");
    assert_null_clears(
        &app,
        &owner,
        &update,
        "/api/revenues?per_page=100",
        &fields,
        "category_id",
    )
    .await;
    // Without its vendor and customer, nothing names the parties any more.
    for party in [
        format!("/api/vendors/delete/{landlord}"),
        format!("/api/customers/delete/{client}"),
    ] {
        app.delete(&party).token(&owner).send().await.expect(200);
    }

    let depot = crate::inventory::warehouse(&app, &owner, "Depot").await;
    let fitting = crate::inventory::service(&app, &owner, "FIT").await;
    let lamp = crate::inventory::product(&app, &owner, "LAMP").await;
    let supplier = super::purchases::vendor(&app, &owner, "Supplier").await;
    let buyer = id(&create(&app, &owner, "/api/customers/create", json!({"name": "Buyer"})).await);
    let fields = ["notes", "payment_terms", "warehouse_id"];
    for (kind, party, party_id) in [("purchase", "vendor_id", supplier), ("sales", "customer_id", buyer)] {
        let document = |product: u64| {
            json!({
                party: party_id, "warehouse_id": depot, "invoice_date": "2026-03-01",
                "payment_terms": "Net 30", "notes": "Spring order",
                "items": [{"product_id": product, "quantity": 1, "unit_price": 100}]
            })
        };
        let create_path = format!("/api/{kind}-invoice/create");
        let services = id(&create(&app, &owner, &create_path, document(fitting)).await);
        let update = format!("/api/{kind}-invoice/update/{services}");
        let show = format!("/api/{kind}-invoice/show/{services}");
        assert_null_clears(&app, &owner, &update, &show, &fields, party).await;
        // A draft with a product line keeps the warehouse its stock moves through.
        let products = id(&create(&app, &owner, &create_path, document(lamp)).await);
        let update = format!("/api/{kind}-invoice/update/{products}");
        try_post(&app, &owner, &update, json!({"warehouse_id": null}))
            .await
            .expect_invalid("warehouse_id");
        let shown = get(&app, &owner, &format!("/api/{kind}-invoice/show/{products}")).await;
        assert_eq!(shown["warehouse_id"], depot, "{shown}");
    }

    let body = json!({
        "name": "North", "address": "1 Dock Street", "city": "Leeds", "zip_code": "LS1 4AP",
        "phone": "+44 113 000 0000", "email": "north@example.com"
    });
    let north = id(&create(&app, &owner, "/api/warehouse/create", body).await);
    let fields = ["address", "city", "email", "phone", "zip_code"];
    let update = format!("/api/warehouse/update/{north}");
    assert_null_clears(&app, &owner, &update, "/api/warehouse?per_page=100", &fields, "name").await;

    let body =
        json!({"name": "Growth", "description": "CRM for small teams.", "modules": ["crm"], "requests_per_hour": 500});
    let plan = id(&create(&app, &owner, "/api/wl/plans/create", body).await);
    let update = format!("/api/wl/plans/update/{plan}");
    assert_null_clears(
        &app,
        &owner,
        &update,
        "/api/wl/plans?per_page=100",
        &["description"],
        "name",
    )
    .await;
}

on_both_stores!(
    null_clears_every_optional_field_of_accounting_inventory_and_plan_records,
    bank_accounts_are_created_with_their_own_gl_account,
    a_transfer_is_one_balanced_entry_and_two_movements,
    transfer_bodies_are_checked,
);
