//! Scheduled jobs, run as the scheduler runs them.

use serde_json::json;
use shared::store::{Condition, Item, Key, Partition, Query, Write};

use crate::harness::TestApp;
use crate::on_both_stores;

async fn the_purge_job_removes_expired_records_and_keeps_live_ones(app: TestApp) {
    let pk = Partition::tenant(app.tenant, "idempotency");
    let past = shared::time::now_unix() - 60;
    for (sk, expires_at) in [("old-1", past), ("old-2", past), ("fresh", past + 7200)] {
        let item = Item::from_value(Key::new(pk.clone(), sk), &json!({"kept": sk}))
            .unwrap()
            .expiring_at(expires_at);
        app.state
            .store()
            .write(Write::put(item, Condition::Always))
            .await
            .unwrap();
    }
    let reports = shared::jobs::run_all(&app.state, &scheduler::jobs()).await;
    let names: Vec<&str> = reports.iter().map(|r| r.0).collect();
    assert_eq!(
        names,
        [
            "purge_expired",
            "recover_large_changes",
            "sweep_orphan_uploads",
            "build_custom_field_indexes",
            "mark_overdue_invoices",
            "advance_trials",
            "close_open_attendance"
        ]
    );
    let (_, outcome) = &reports[0];
    let report = outcome.as_ref().unwrap();
    let on_sqlite = app.state.config().store == shared::config::StoreKind::Embedded;
    // SQLite deletes them now; DynamoDB's TTL deletes them in its own time (reads skip them).
    let expected = if on_sqlite {
        "2 expired records deleted"
    } else {
        "0 expired records deleted"
    };
    assert_eq!(report, expected);
    let left: Vec<String> = app
        .state
        .store()
        .query(Query::partition(pk))
        .await
        .unwrap()
        .items
        .into_iter()
        .map(|i| i.key.sk)
        .collect();
    assert_eq!(left, ["fresh"]);
}

on_both_stores!(the_purge_job_removes_expired_records_and_keeps_live_ones);
