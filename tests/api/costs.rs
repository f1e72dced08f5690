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

    /// The resource layer's cost beyond the gate: a page of contacts is one partition query; a
    /// create is one id increment and one transaction (the record with its outbox event).
    async fn contacts_cost_one_query_to_list_and_two_calls_to_create(app) {
        let owner = app.owner_token().await;
        let key = app.api_key(&owner, "live").await;
        for n in 0..20 {
            app.post("/api/v1/contacts").token(&key).json(serde_json::json!({"name": format!("C{n}")})).send().await.expect(201);
        }
        let store = || app.state.store().round_trips();
        let s0 = store();
        for _ in 0..5 {
            let page = app.get("/api/v1/contacts?per_page=15").token(&key).send().await.expect(200);
            assert_eq!(page.body["data"].as_array().unwrap().len(), 15);
        }
        let s1 = store();
        for n in 0..5 {
            app.post("/api/v1/contacts").token(&key).json(serde_json::json!({"name": format!("D{n}")})).send().await.expect(201);
        }
        let s2 = store();
        eprintln!(
            "contacts round trips per request ({:?}, API key): list {} store, create {} store (auth included: 2)",
            app.state.config().store, (s1 - s0) as f64 / 5.0, (s2 - s1) as f64 / 5.0
        );
        assert_eq!(s1 - s0, 5 * 3, "auth (2) + one query");
        assert_eq!(s2 - s1, 5 * 4, "auth (2) + id + one transaction");
    }
}
