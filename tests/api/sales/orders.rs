//! Quotes and sales orders (priced, `open` until cancelled), the sales home's figures, the sales
//! forms' lookups, and sales agents with the commissions they are owed.

use super::*;

async fn quotes_and_orders_are_priced_numbered_cancelled_for_good_and_deleted(app: TestApp) {
    let owner = app.owner_token().await;
    let acme = id(&create(
        &app,
        &owner,
        "/api/customers/create",
        json!({"name": "Acme", "billing_address": {"line1": "1 Main St", "city": "Lyon"}}),
    )
    .await);
    let other = customer(&app, &owner, "Globex").await;
    let vat = tax(&app, &owner, "VAT", 20.0).await;
    let desk = product(&app, &owner, "DESK").await;
    let deal = id(&create(
        &app,
        &owner,
        "/api/sales/opportunitity/store",
        json!({"name": "Fit-out", "customer_id": acme}),
    )
    .await);

    let body = json!({
        "name": "Fit-out, phase 1", "customer_id": acme, "opportunity_id": deal, "date": "2026-04-01",
        "items": [{"product_id": desk, "quantity": 4, "discount_percentage": 10, "tax_ids": [vat]}],
        "shipping_provider": "DHL",
    });
    let quote = create(&app, &owner, "/api/sales/quotes/store", body.clone()).await;
    let qid = id(&quote);
    // 4 × 10.00 = 40.00, less 10 % = 36.00, plus 20 % VAT = 43.20.
    assert_eq!(
        (
            quote["quote_number"].as_str(),
            quote["status"].as_str(),
            cents(&quote["subtotal"]),
            cents(&quote["discount_amount"]),
            cents(&quote["tax_amount"]),
            cents(&quote["total_amount"]),
        ),
        (Some("QUO-000001"), Some("open"), 4000, 400, 720, 4320)
    );
    assert_eq!(
        quote["billing_address"]["city"], "Lyon",
        "the customer's address by default"
    );
    assert_eq!(get(&app, &owner, &format!("/api/sales/quotes/{qid}")).await, quote);

    let order = create(&app, &owner, "/api/sales/sales-order/store", body).await;
    let oid = id(&order);
    assert_eq!(
        (order["order_number"].as_str(), cents(&order["total_amount"])),
        (Some("SO-000001"), 4320)
    );
    assert_eq!(
        ids(&get(&app, &owner, &format!("/api/sales/sales-orders?opportunity_id={deal}")).await),
        vec![oid]
    );

    // An opportunity of another customer is refused; the quote stays as it was.
    let theirs = id(&create(
        &app,
        &owner,
        "/api/sales/opportunitity/store",
        json!({"name": "Globex deal", "customer_id": other}),
    )
    .await);
    try_post(
        &app,
        &owner,
        &format!("/api/sales/quotes/update/{qid}"),
        json!({"opportunity_id": theirs}),
    )
    .await
    .expect_invalid("opportunity_id");
    let changed = post(
        &app,
        &owner,
        &format!("/api/sales/quotes/update/{qid}"),
        json!({"items": [{"product_id": desk, "quantity": 1, "tax_ids": []}], "shipping_address": {"city": "Paris"}}),
        200,
    )
    .await;
    assert_eq!(
        (
            cents(&changed["total_amount"]),
            changed["shipping_address"]["city"].as_str(),
            changed["opportunity_id"].as_u64()
        ),
        (1000, Some("Paris"), Some(deal))
    );
    let cancelled = post(
        &app,
        &owner,
        &format!("/api/sales/quotes/update/{qid}"),
        json!({"status": "cancelled"}),
        200,
    )
    .await;
    assert_eq!(cancelled["status"], "cancelled");
    try_post(
        &app,
        &owner,
        &format!("/api/sales/quotes/update/{qid}"),
        json!({"status": "open"}),
    )
    .await
    .expect_error(409, "invalid_transition");
    assert_eq!(
        ids(&get(&app, &owner, "/api/sales/quotes?status=cancelled").await),
        vec![qid]
    );
    assert_eq!(
        get(&app, &owner, "/api/sales/quotes?status=open").await["meta"]["total"],
        0
    );

    // The opportunity stays while an order names it.
    try_delete(&app, &owner, &format!("/api/sales/opportunities/delete/{deal}"))
        .await
        .expect_error(409, "in_use");
    for path in [
        format!("/api/sales/quotes/destroy/{qid}"),
        format!("/api/sales/sales-order/delete/{oid}"),
    ] {
        app.delete(&path).token(&owner).send().await.expect(200);
    }
    app.get(&format!("/api/sales/sales-orders/{oid}"))
        .token(&owner)
        .send()
        .await
        .expect_error(404, "not_found");
    app.delete(&format!("/api/sales/opportunities/delete/{deal}"))
        .token(&owner)
        .send()
        .await
        .expect(200);
}

async fn offer_bodies_are_checked_and_refused_ones_store_nothing(app: TestApp) {
    let owner = app.owner_token().await;
    let acme = customer(&app, &owner, "Acme").await;
    let desk = product(&app, &owner, "DESK").await;
    let line = json!([{"product_id": desk, "quantity": 1}]);
    for path in ["/api/sales/quotes/store", "/api/sales/sales-order/store"] {
        try_post(&app, &owner, path, json!({"customer_id": acme, "items": line}))
            .await
            .expect_invalid("name");
        try_post(
            &app,
            &owner,
            path,
            json!({"name": "Q", "customer_id": 404, "items": line}),
        )
        .await
        .expect_invalid("customer_id");
        try_post(
            &app,
            &owner,
            path,
            json!({"name": "Q", "customer_id": acme, "items": []}),
        )
        .await
        .expect_invalid("items");
        try_post(
            &app,
            &owner,
            path,
            json!({"name": "Q", "customer_id": acme, "items": [{"product_id": 404, "quantity": 1}]}),
        )
        .await
        .expect_invalid("items.0.product_id");
        try_post(
            &app,
            &owner,
            path,
            json!({"name": "Q", "customer_id": acme, "items": line, "opportunity_id": 404}),
        )
        .await
        .expect_invalid("opportunity_id");
        try_post(
            &app,
            &owner,
            path,
            json!({"name": "Q", "customer_id": acme, "items": line, "billing_address": {"planet": "Mars"}}),
        )
        .await
        .expect_invalid("billing_address");
    }
    assert_eq!(app.count(app.tenant, "sales_quote").await, 0);
    assert_eq!(app.count(app.tenant, "sales_order").await, 0);
    // No number was drawn by the refused bodies.
    let first = create(
        &app,
        &owner,
        "/api/sales/quotes/store",
        json!({"name": "Q", "customer_id": acme, "items": line}),
    )
    .await;
    assert_eq!(first["quote_number"], "QUO-000001");
}

async fn the_sales_home_counts_and_sums_every_state(app: TestApp) {
    let owner = app.owner_token().await;
    let acme = customer(&app, &owner, "Acme").await;
    let opportunity = |name: &str, amount: i64, stage: &str| {
        json!({
            "name": name,
            "customer_id": acme,
            "amount": amount,
            "stage": stage,
        })
    };
    for body in [
        opportunity("A", 1000, "prospecting"),
        opportunity("B", 2500, "negotiation"),
        opportunity("C", 4000, "closed_won"),
        opportunity("D", 300, "closed_lost"),
        opportunity("E", 700, "closed_won"),
    ] {
        create(&app, &owner, "/api/sales/opportunitity/store", body).await;
    }
    create(
        &app,
        &owner,
        "/api/sales/meeting/store",
        json!({"subject": "Call", "date": "2026-05-01"}),
    )
    .await;
    let desk = product(&app, &owner, "DESK").await;
    let quote = |n: i64| {
        json!({
            "name": "Q",
            "customer_id": acme,
            "items": [{"product_id": desk, "quantity": n, "tax_ids": []}],
        })
    };
    create(&app, &owner, "/api/sales/quotes/store", quote(2)).await;
    let dropped = id(&create(&app, &owner, "/api/sales/quotes/store", quote(5)).await);
    post(
        &app,
        &owner,
        &format!("/api/sales/quotes/update/{dropped}"),
        json!({"status": "cancelled"}),
        200,
    )
    .await;
    create(&app, &owner, "/api/sales/sales-order/store", quote(3)).await;
    posted_invoice(&app, &owner, acme, "CONS-1", "80.00").await;
    let consulting = service(&app, &owner, "CONS-2").await;
    draft(
        &app,
        &owner,
        json!({
            "customer_id": acme,
            "type": "service",
            "items": [{"product_id": consulting, "quantity": 1, "unit_price": "15.00", "tax_ids": []}],
        }),
    )
    .await;

    let home = get(&app, &owner, "/api/sales/home").await;
    let figure = |list: &str, state: &str| -> (u64, i64) {
        let found = home[list]
            .as_array()
            .unwrap()
            .iter()
            .find(|f| f["state"] == state)
            .unwrap_or_else(|| panic!("{list} has no {state}: {home}"));
        (found["count"].as_u64().unwrap(), cents(&found["amount"]))
    };
    assert_eq!(figure("opportunities", "closed_won"), (2, 470_000));
    assert_eq!(figure("opportunities", "negotiation"), (1, 250_000));
    assert_eq!(figure("opportunities", "qualification"), (0, 0));
    assert_eq!(cents(&home["pipeline_amount"]), 350_000, "prospecting and negotiation");
    assert_eq!(home["win_rate"], 66.7, "2 won of 3 closed");
    assert_eq!(figure("quotes", "open"), (1, 2000));
    assert_eq!(figure("quotes", "cancelled"), (1, 5000));
    assert_eq!(figure("sales_orders", "open"), (1, 3000));
    assert_eq!(figure("invoices", "posted"), (1, 8000));
    assert_eq!(figure("invoices", "draft"), (1, 1500));
    assert_eq!(cents(&home["receivable_amount"]), 8000, "the draft owes nothing yet");
    assert_eq!(home["meetings_planned"], 1);
    assert_eq!(names_of(&home["recent_opportunities"]), ["E", "D", "C", "B", "A"]);
}

fn names_of(list: &Value) -> Vec<String> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|r| r["name"].as_str().unwrap().to_string())
        .collect()
}

async fn the_sales_forms_lookups_answer_real_records(app: TestApp) {
    let owner = app.owner_token().await;
    let acme = customer(&app, &owner, "Acme").await;
    let globex = customer(&app, &owner, "Globex").await;
    post(
        &app,
        &owner,
        &format!("/api/customers/update/{globex}"),
        json!({"is_active": false}),
        200,
    )
    .await;
    let lyon = warehouse(&app, &owner, "Lyon").await;
    let annecy = warehouse(&app, &owner, "Annecy").await;
    let desk = product(&app, &owner, "DESK").await;
    let chair = product(&app, &owner, "CHAIR").await;
    add_stock(&app, &owner, desk, lyon, 7).await;
    add_stock(&app, &owner, chair, annecy, 2).await;
    let deal = id(&create(
        &app,
        &owner,
        "/api/sales/opportunitity/store",
        json!({"name": "Acme fit-out", "customer_id": acme}),
    )
    .await);

    let data = get(&app, &owner, "/api/sales/RequestData").await;
    assert_eq!(names_of(&data["customers"]), ["Acme"], "active customers only");
    assert_eq!(names_of(&data["warehouses"]), ["Annecy", "Lyon"]);
    assert_eq!(names_of(&data["opportunities"]), ["Acme fit-out"]);
    assert_eq!(names_of(&data["products"]), ["Product CHAIR", "Product DESK"]);
    assert_eq!(data["opportunity_stages"][0], "prospecting");
    assert_eq!(data["offer_statuses"], json!(["open", "cancelled"]));
    assert_eq!(
        names_of(&get(&app, &owner, "/api/sales/warehouses").await["data"]),
        ["Annecy", "Lyon"]
    );

    let held = post(
        &app,
        &owner,
        "/api/sales/get-warehouse-products",
        json!({"warehouse_id": lyon}),
        200,
    )
    .await;
    assert_eq!(
        (
            held["data"][0]["product_id"].as_u64(),
            held["data"][0]["quantity"].as_i64(),
            held["meta"]["total"].as_u64()
        ),
        (Some(desk), Some(7), Some(1))
    );
    try_post(&app, &owner, "/api/sales/get-warehouse-products", json!({}))
        .await
        .expect_invalid("warehouse_id");
    try_post(
        &app,
        &owner,
        "/api/sales/get-warehouse-products",
        json!({"warehouse_id": 404}),
    )
    .await
    .expect_invalid("warehouse_id");

    let parents = post(
        &app,
        &owner,
        "/api/sales/parent-records",
        json!({"parent_type": "opportunity"}),
        200,
    )
    .await;
    assert_eq!(parents["data"], json!([{"id": deal, "name": "Acme fit-out"}]));
    let found = post(
        &app,
        &owner,
        "/api/sales/parent-records",
        json!({"parent_type": "customer", "search": "glob"}),
        200,
    )
    .await;
    assert_eq!(found["data"], json!([{"id": globex, "name": "Globex"}]));
    try_post(
        &app,
        &owner,
        "/api/sales/parent-records",
        json!({"parent_type": "planet"}),
    )
    .await
    .expect_invalid("parent_type");
}

async fn an_agent_is_owed_commission_on_paid_invoices_until_it_is_paid(app: TestApp) {
    let owner = app.owner_token().await;
    let (seller, _) = app.user_with_role("staff").await;
    let agent = create(
        &app,
        &owner,
        "/api/sales/agents/store",
        json!({"user_id": seller, "commission_rate": 5}),
    )
    .await;
    let aid = id(&agent);
    assert_eq!(
        (agent["name"].as_str(), agent["commission_rate"].as_f64()),
        (Some("A staff"), Some(5.0))
    );
    try_post(
        &app,
        &owner,
        "/api/sales/agents/store",
        json!({"user_id": seller, "commission_rate": 7}),
    )
    .await
    .expect_invalid("user_id");

    let acme = customer(&app, &owner, "Acme").await;
    let vat = tax(&app, &owner, "VAT", 20.0).await;
    let consulting = service(&app, &owner, "CONS").await;
    let invoice = |price: &str| {
        json!({
            "customer_id": acme,
            "type": "service",
            "agent_id": aid,
            "items": [{"product_id": consulting, "quantity": 1, "unit_price": price, "tax_ids": [vat]}],
        })
    };
    let bank_id = id(&bank(&app, &owner, "Main").await);
    let mut paid = Vec::new();
    // Net 200.00 and 60.00 (plus VAT): 5 % is 10.00 and 3.00. A third stays unpaid.
    for price in ["200.00", "60.00", "1000.00"] {
        let draft_invoice = draft(&app, &owner, invoice(price)).await;
        let iid = id(&post_invoice(&app, &owner, id(&draft_invoice)).await);
        paid.push((iid, cents(&draft_invoice["total_amount"])));
    }
    assert_eq!(cents(&show(&app, &owner, paid[0].0).await["commission_amount"]), 1000);
    for (iid, total) in &paid[..2] {
        let amount = format!("{}.{:02}", total / 100, total % 100);
        create(
            &app,
            &owner,
            "/api/customer-payments/create",
            json!({
                "customer_id": acme,
                "bank_account_id": bank_id,
                "amount": amount,
                "allocations": [{"invoice_id": iid, "amount": amount}],
            }),
        )
        .await;
    }

    let owed = get(&app, &owner, &format!("/api/agents/{aid}/outstanding-commissions")).await;
    assert_eq!(cents(&owed["total_amount"]), 1300);
    let rows: Vec<(u64, i64, i64)> = owed["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["invoice_id"].as_u64().unwrap(),
                cents(&r["net_amount"]),
                cents(&r["commission_amount"]),
            )
        })
        .collect();
    assert_eq!(rows, [(paid[0].0, 20000, 1000), (paid[1].0, 6000, 300)]);

    // An unpaid invoice owes nothing yet, a payout needs an active bank account, and a paid
    // commission is paid out once.
    let pay = |invoices: Vec<u64>| json!({"invoice_ids": invoices, "bank_account_id": bank_id, "date": "2026-04-30"});
    let pay_path = format!("/api/agents/{aid}/commissions/pay");
    try_post(&app, &owner, &pay_path, pay(vec![paid[0].0, paid[2].0]))
        .await
        .expect_invalid("invoice_ids.1");
    try_post(&app, &owner, &pay_path, json!({"invoice_ids": [paid[0].0]}))
        .await
        .expect_invalid("bank_account_id");
    try_post(
        &app,
        &owner,
        &pay_path,
        json!({"invoice_ids": [paid[0].0], "bank_account_id": 404}),
    )
    .await
    .expect_invalid("bank_account_id");
    let bank_before = balance(&app, &owner, &format!("1000-{bank_id}")).await;
    let settled = post(&app, &owner, &pay_path, pay(vec![paid[0].0]), 201).await;
    let payout = &settled["payout"];
    let pid = id(payout);
    assert_eq!(
        (
            payout["payout_number"].as_str(),
            payout["status"].as_str(),
            cents(&payout["amount"]),
            cents(&settled["outstanding_amount"])
        ),
        (Some("COM-000001"), Some("paid"), 1000, 300)
    );
    assert_eq!(payout["commissions"][0]["invoice_id"], paid[0].0);
    // Paid like any other payment: commission expense against the bank account, and the bank's
    // withdrawal.
    let entry = entry_of(&app, &owner, "commission_payout", pid).await;
    assert_eq!(entry["id"], payout["journal_entry_id"]);
    assert_eq!(entry["date"], "2026-04-30");
    assert_eq!(
        lines_of(&entry),
        [(format!("1000-{bank_id}"), 0, 1000), ("6350".to_owned(), 1000, 0)]
    );
    assert_eq!(
        balance(&app, &owner, &format!("1000-{bank_id}")).await,
        bank_before - 1000
    );
    assert_eq!(balance(&app, &owner, "6350").await, 1000);
    let withdrawals = get(
        &app,
        &owner,
        &format!("/api/bank-transactions?bank_account_id={bank_id}&kind=withdrawal"),
    )
    .await;
    assert_eq!(
        (
            withdrawals["data"][0]["id"].as_u64(),
            cents(&withdrawals["data"][0]["amount"]),
            withdrawals["data"][0]["source_type"].as_str()
        ),
        (payout["bank_transaction_id"].as_u64(), -1000, Some("commission_payout"))
    );
    assert_eq!(show(&app, &owner, paid[0].0).await["commission_payout_id"], pid);
    try_post(&app, &owner, &pay_path, pay(vec![paid[0].0]))
        .await
        .expect_invalid("invoice_ids.0");
    let owed = get(&app, &owner, &format!("/api/agents/{aid}/outstanding-commissions")).await;
    assert_eq!((cents(&owed["total_amount"]), ids_of(&owed)), (300, vec![paid[1].0]));
    assert_eq!(
        ids(&get(
            &app,
            &owner,
            &format!("/api/commission-payouts?agent_id={aid}&status=paid")
        )
        .await),
        [pid]
    );
    assert_eq!(
        get(&app, &owner, &format!("/api/commission-payouts/show/{pid}")).await,
        *payout
    );

    // Cancelling reverses the entry and the withdrawal, and the commission is owed again, once.
    let cancelled = post(
        &app,
        &owner,
        &format!("/api/commission-payouts/cancel/{pid}"),
        json!({}),
        200,
    )
    .await;
    assert_eq!(cancelled["status"], "cancelled");
    let reversal = journal(&app, &owner)
        .await
        .into_iter()
        .find(|e| e["id"] == cancelled["reversal_journal_entry_id"])
        .expect("the reversing entry");
    assert_eq!(
        lines_of(&reversal),
        [(format!("1000-{bank_id}"), 1000, 0), ("6350".to_owned(), 0, 1000)]
    );
    assert_eq!(balance(&app, &owner, &format!("1000-{bank_id}")).await, bank_before);
    assert_eq!(balance(&app, &owner, "6350").await, 0);
    try_post(
        &app,
        &owner,
        &format!("/api/commission-payouts/cancel/{pid}"),
        json!({}),
    )
    .await
    .expect_error(409, "invalid_transition");
    let owed = get(&app, &owner, &format!("/api/agents/{aid}/outstanding-commissions")).await;
    assert_eq!(
        (cents(&owed["total_amount"]), ids_of(&owed)),
        (1300, vec![paid[0].0, paid[1].0])
    );
    assert_eq!(show(&app, &owner, paid[0].0).await["commission_payout_id"], Value::Null);
    let again = post(&app, &owner, &pay_path, pay(vec![paid[0].0, paid[1].0]), 201).await;
    assert_eq!(
        (
            again["payout"]["payout_number"].as_str(),
            cents(&again["payout"]["amount"]),
            cents(&again["outstanding_amount"])
        ),
        (Some("COM-000002"), 1300, 0)
    );
    assert_ledger_balances(&app, &owner).await;

    // The agent stays while invoices name them; an inactive one is credited with no new invoice.
    try_delete(&app, &owner, &format!("/api/sales/agents/delete/{aid}"))
        .await
        .expect_error(409, "in_use");
    post(
        &app,
        &owner,
        &format!("/api/sales/agents/update/{aid}"),
        json!({"is_active": false}),
        200,
    )
    .await;
    try_post(&app, &owner, "/api/sales-invoice/create", invoice("10.00"))
        .await
        .expect_invalid("agent_id");
    app.get("/api/agents/404/outstanding-commissions")
        .token(&owner)
        .send()
        .await
        .expect_error(404, "not_found");
}

fn ids_of(owed: &Value) -> Vec<u64> {
    owed["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["invoice_id"].as_u64().unwrap())
        .collect()
}

on_both_stores!(
    quotes_and_orders_are_priced_numbered_cancelled_for_good_and_deleted,
    offer_bodies_are_checked_and_refused_ones_store_nothing,
    the_sales_home_counts_and_sums_every_state,
    the_sales_forms_lookups_answer_real_records,
    an_agent_is_owed_commission_on_paid_invoices_until_it_is_paid,
);
