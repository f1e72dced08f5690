//! What the gate and the resource layer cost per request in store round trips (a property, not a
//! timing).

use crate::on_both_stores;

on_both_stores! {
    /// The per-request cost of the gate, measured on a route that does no store work of its own.
    /// `infra/bench.sh` prints these figures.
    async fn the_gate_costs_one_store_call_for_a_session_and_two_for_an_api_key(app) {
        let owner = app.owner_token().await;
        let key = app.api_key(&owner, "live").await;
        // Warm-up: a key's first use records its last-used time (at most once a minute).
        app.get("/api/roles").token(&key).send().await.expect(200);
        app.get("/api/roles").token(&owner).send().await.expect(200);
        let store = || app.state.store().round_trips();
        let limiter = || app.state.limiter().round_trips();
        let dynamo = app.state.config().store == shared::config::StoreKind::DynamoDb;

        let (s0, l0) = (store(), limiter());
        for _ in 0..5 {
            app.get("/api/roles").token(&owner).send().await.expect(200);
        }
        let (s1, l1) = (store(), limiter());
        for _ in 0..5 {
            app.get("/api/roles").token(&key).send().await.expect(200);
        }
        let (s2, l2) = (store(), limiter());
        eprintln!(
            "round trips per request ({:?}): session {} store + {} rate-limit; API key {} store + {} rate-limit",
            app.state.config().store, (s1 - s0) as f64 / 5.0, (l1 - l0) as f64 / 5.0, (s2 - s1) as f64 / 5.0, (l2 - l1) as f64 / 5.0
        );
        assert_eq!(s1 - s0, 5, "a session: one batched read of session, user and workspace");
        assert_eq!(s2 - s1, 10, "an API key: its index entry, then user and workspace batched");
        let expected_limiter = if dynamo { 5 } else { 0 };
        assert_eq!(l1 - l0, expected_limiter, "one conditional write per request on DynamoDB, none locally");
        assert_eq!(l2 - l1, expected_limiter);
    }

    /// The resource layer's cost beyond the gate, at 1,000 contacts (far more than a page): every
    /// kind of page is one query and one batch read (the page's records and the total's counter);
    /// a create is one id increment and one transaction (the record, its event, its index entries).
    async fn a_page_costs_two_store_calls_whatever_the_tenant_holds(app) {
        let owner = app.owner_token().await;
        let key = app.api_key(&owner, "live").await;
        app.seed_contacts(1000).await;
        let store = || app.state.store().round_trips();
        let first = app.get("/api/v1/contacts?per_page=15").token(&key).send().await.expect(200);
        assert_eq!(first.body["meta"]["total"], 1000);
        let cursor = first.body["meta"]["next_cursor"].as_str().unwrap().to_owned();
        for (what, path) in [
            ("first page", "/api/v1/contacts?per_page=15".to_string()),
            ("next page by cursor", format!("/api/v1/contacts?per_page=15&cursor={cursor}")),
            ("sorted", "/api/v1/contacts?per_page=15&sort=-name".to_string()),
            ("filtered", "/api/v1/contacts?per_page=15&tag=even".to_string()),
            ("searched", "/api/v1/contacts?per_page=15&search=person".to_string()),
        ] {
            let before = store();
            let page = app.get(&path).token(&key).send().await.expect(200);
            assert_eq!(page.body["data"].as_array().unwrap().len(), 15, "{what}: {}", page.body);
            let cost = store() - before;
            eprintln!("contacts, {what}, 1000 records ({:?}): {cost} round trips (auth included: 2)", app.state.config().store);
            assert_eq!(cost, 2 + 2, "{what}: auth (2) + one query + one batch read");
        }
        let before = store();
        for n in 0..5 {
            app.post("/api/v1/contacts").token(&key).json(serde_json::json!({"name": format!("D{n}")})).send().await.expect(201);
        }
        assert_eq!(store() - before, 5 * 4, "auth (2) + id + one transaction");
    }
}
