//! The activity log (`GET /api/users/log`): newest first, by user and by action, from indexes kept
//! with each entry.

use std::collections::HashSet;

use identity::activity::{self, Action};
use serde_json::{json, Value};

use crate::harness::TestApp;
use crate::on_both_stores;

/// Adds `n` entries alternating between user 7 logging out and user 8 updating a profile.
async fn seed_entries(app: &TestApp, n: u64) {
    for i in 0..n {
        let (actor, action) = if i % 2 == 0 {
            (7, Action::Logout)
        } else {
            (8, Action::ProfileUpdated)
        };
        activity::record(&app.state, app.tenant, actor, action, "10.0.0.1", json!({"n": i}))
            .await
            .unwrap();
    }
}

fn entry_ids(page: &Value) -> Vec<u64> {
    let entries = page["data"].as_array().unwrap();
    entries
        .iter()
        .map(|e| e["id"].as_str().unwrap().parse().unwrap())
        .collect()
}

async fn a_cursor_walks_the_whole_log_newest_first_once_each(app: TestApp) {
    let owner = app.owner_token().await;
    seed_entries(&app, 40).await;
    let first = app
        .get("/api/users/log?per_page=15&sort=-id")
        .token(&owner)
        .send()
        .await
        .expect(200);
    let total = first.body["meta"]["total"].as_u64().unwrap();
    assert!(total >= 40, "{}", first.body["meta"]);
    assert_eq!(first.body["meta"]["total_exact"], true);
    let (mut seen, mut page) = (Vec::new(), first.body);
    loop {
        seen.extend(entry_ids(&page));
        let Some(cursor) = page["meta"]["next_cursor"].as_str() else {
            break;
        };
        let path = format!("/api/users/log?per_page=15&sort=-id&cursor={cursor}");
        page = app.get(&path).token(&owner).send().await.expect(200).body;
    }
    assert_eq!(seen.len() as u64, total);
    assert!(seen.windows(2).all(|w| w[0] > w[1]), "strictly newest first: {seen:?}");
    assert_eq!(seen.iter().collect::<HashSet<_>>().len(), seen.len());
}

async fn the_log_filters_by_user_and_by_action_with_exact_totals(app: TestApp) {
    let owner = app.owner_token().await;
    seed_entries(&app, 30).await;
    let by_user = app
        .get("/api/users/log?user_id=7&per_page=10&sort=-id")
        .token(&owner)
        .send()
        .await
        .expect(200);
    assert_eq!(
        (
            by_user.body["meta"]["total"].as_u64(),
            by_user.body["meta"]["total_exact"].as_bool()
        ),
        (Some(15), Some(true))
    );
    assert!(by_user.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .all(|e| e["user_id"] == 7 && e["action"] == "logout"));
    let ids = entry_ids(&by_user.body);
    assert!(ids.windows(2).all(|w| w[0] > w[1]), "{ids:?}");
    let by_action = app
        .get("/api/users/log?action=profile_updated&sort=-id")
        .token(&owner)
        .send()
        .await
        .expect(200);
    assert_eq!(by_action.body["meta"]["total"], 15);
    assert!(by_action.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .all(|e| e["user_id"] == 8));
    let both = app
        .get("/api/users/log?action=logout&user_id=8")
        .token(&owner)
        .send()
        .await
        .expect(200);
    assert_eq!(both.body["data"], json!([]));
    let searched = app
        .get("/api/users/log?search=profile&per_page=100")
        .token(&owner)
        .send()
        .await
        .expect(200);
    assert_eq!(searched.body["data"].as_array().unwrap().len(), 15);
}

on_both_stores!(
    a_cursor_walks_the_whole_log_newest_first_once_each,
    the_log_filters_by_user_and_by_action_with_exact_totals
);
