//! Projects (functions/projects): projects with members and clients and their status moves,
//! `project.completed` once; the shaped `POST /api/v1/projects`; the task and bug boards' stages,
//! their done column and their order.

use serde_json::{json, Value};

use crate::harness::{create, get, id, ids, names, post, try_delete, try_post, TestApp};
use crate::on_both_stores;

async fn project(app: &TestApp, token: &str, body: Value) -> Value {
    create(app, token, "/api/projects/create", body).await
}

async fn project_events(app: &TestApp) -> Vec<String> {
    let mut types = app.outbox_types(app.tenant).await;
    types.retain(|t| t.starts_with("project."));
    types
}

async fn a_project_moves_ongoing_on_hold_finished_and_completes_once(app: TestApp) {
    let owner = app.owner_token().await;
    let created = project(
        &app,
        &owner,
        json!({"name": "Website relaunch", "budget": "12000.50", "start_date": "2026-04-01", "end_date": "2026-06-30"}),
    )
    .await;
    let pid = id(&created);
    assert_eq!(
        (
            created["status"].as_str(),
            created["budget"].as_f64(),
            created["end_date"].as_str()
        ),
        (Some("ongoing"), Some(12000.5), Some("2026-06-30"))
    );
    let update = |body: Value| {
        let app = &app;
        let owner = owner.clone();
        async move { try_post(app, &owner, &format!("/api/project/update/{pid}"), body).await }
    };
    // The real product's other spelling is read as the one status.
    assert_eq!(
        update(json!({"status": "Onhold"})).await.expect(200).body["status"],
        "on_hold"
    );
    assert_eq!(
        update(json!({"status": "ongoing"})).await.expect(200).body["status"],
        "ongoing"
    );
    update(json!({"end_date": "2026-03-01"}))
        .await
        .expect_invalid("end_date");
    update(json!({"budget": -1})).await.expect_invalid("budget");
    update(json!({"status": "paused"})).await.expect_invalid("status");
    let finished = update(json!({"status": "finished"})).await.expect(200).body;
    assert!(finished["finished_at"].is_string());
    // Finished for good; other fields still change, without a second event.
    update(json!({"status": "ongoing"}))
        .await
        .expect_error(409, "invalid_transition");
    assert_eq!(
        update(json!({"name": "Relaunch"})).await.expect(200).body["name"],
        "Relaunch"
    );
    assert_eq!(project_events(&app).await, ["project.completed", "project.created"]);

    let shown = get(&app, &owner, &format!("/api/project/show/{pid}")).await;
    assert_eq!(shown["name"], "Relaunch");
    let finished_list = get(&app, &owner, "/api/projects?status=finished").await;
    assert_eq!(ids(&finished_list), vec![pid]);
    assert_eq!(
        get(&app, &owner, "/api/projects?status=ongoing").await["meta"]["total"],
        0
    );
    try_post(&app, &owner, "/api/projects/create", json!({"budget": 5}))
        .await
        .expect_invalid("name");
    try_delete(&app, &owner, &format!("/api/project/delete/{pid}"))
        .await
        .expect(200);
    app.get(&format!("/api/project/show/{pid}"))
        .token(&owner)
        .send()
        .await
        .expect_error(404, "not_found");
}

async fn members_and_clients_are_users_of_the_workspace(app: TestApp) {
    let owner = app.owner_token().await;
    let (ann, ann_token) = app.user_with_role("staff").await;
    let (acme, _) = app.user_with_role("client").await;
    let (globex, _) = app.user_with_role("client").await;
    // A staff user is not a client; an unknown id is neither.
    try_post(
        &app,
        &owner,
        "/api/projects/create",
        json!({"name": "P", "clients": [ann]}),
    )
    .await
    .expect_invalid("clients");
    try_post(
        &app,
        &owner,
        "/api/projects/create",
        json!({"name": "P", "members": [ann, 999]}),
    )
    .await
    .expect_invalid("members");
    let p = project(
        &app,
        &owner,
        json!({"name": "Fit-out", "members": [ann, 1, ann], "clients": [acme]}),
    )
    .await;
    let pid = id(&p);
    assert_eq!(p["members"], json!([ann, 1]), "repeats dropped");
    let other = id(&project(&app, &owner, json!({"name": "Other", "members": [1]})).await);

    // Ann sees her project among hers; the owner both.
    assert_eq!(ids(&get(&app, &ann_token, "/api/get-projects").await), vec![pid]);
    assert_eq!(ids(&get(&app, &owner, "/api/get-projects").await), vec![other, pid]);
    assert_eq!(
        ids(&get(&app, &owner, &format!("/api/projects?client={acme}")).await),
        vec![pid]
    );

    let invite = |client: u64| json!({"project_id": pid, "client_id": client});
    let invited = post(&app, &owner, "/api/project/client/invite", invite(globex), 200).await;
    assert_eq!(invited["clients"], json!([acme, globex]));
    assert_eq!(
        post(&app, &owner, "/api/project/client/invite", invite(globex), 200).await["clients"],
        json!([acme, globex]),
        "once"
    );
    try_post(&app, &owner, "/api/project/client/invite", invite(ann))
        .await
        .expect_invalid("client_id");
    try_post(
        &app,
        &owner,
        "/api/project/client/invite",
        json!({"project_id": 999, "client_id": acme}),
    )
    .await
    .expect_invalid("project_id");

    let clients = get(&app, &owner, &format!("/api/project/clients?project_id={pid}")).await;
    assert_eq!(ids(&clients), vec![acme, globex]);
    assert_eq!(
        get(&app, &owner, "/api/project/clients").await["meta"]["total"],
        2,
        "the workspace's clients"
    );

    let removed = app
        .delete(&format!("/api/project/client/delete/{acme}?project_id={pid}"))
        .token(&owner)
        .send()
        .await
        .expect(200);
    assert_eq!(removed.body["clients"], json!([globex]));
    app.delete(&format!("/api/project/client/delete/{acme}?project_id={pid}"))
        .token(&owner)
        .send()
        .await
        .expect_error(404, "not_found");
    let left = app
        .delete(&format!("/api/project/member/delete/{ann}?project_id={pid}"))
        .token(&owner)
        .send()
        .await
        .expect(200);
    assert_eq!(left.body["members"], json!([1]));
    app.delete(&format!("/api/project/member/delete/{ann}"))
        .token(&owner)
        .send()
        .await
        .expect_invalid("project_id");
    app.delete(&format!("/api/project/member/delete/{ann}?project_id=999"))
        .token(&owner)
        .send()
        .await
        .expect_invalid("project_id");
    app.delete(&format!("/api/project/member/delete/9999?project_id={pid}"))
        .token(&owner)
        .send()
        .await
        .expect_error(404, "not_found");
    assert_eq!(get(&app, &ann_token, "/api/get-projects").await["meta"]["total"], 0);
}

async fn v1_creates_a_shaped_project(app: TestApp) {
    let owner = app.owner_token().await;
    let (client, _) = app.user_with_role("client").await;
    let (staff, _) = app.user_with_role("staff").await;
    let made = app
        .post("/api/v1/projects")
        .token(&owner)
        .json(json!({"name": "Launch", "client_id": client, "deadline": "2026-09-30", "members": [1, staff]}))
        .send()
        .await
        .expect(201)
        .body;
    assert_eq!(
        (
            made["end_date"].as_str(),
            made["clients"].clone(),
            made["members"].clone()
        ),
        (Some("2026-09-30"), json!([client]), json!([1, staff]))
    );
    assert_eq!(
        get(&app, &owner, &format!("/api/project/show/{}", id(&made))).await["name"],
        "Launch"
    );
    let bad = |body: Value| app.post("/api/v1/projects").token(&owner).json(body).send();
    bad(json!({"name": "X", "client_id": staff}))
        .await
        .expect_invalid("client_id");
    bad(json!({"name": "X", "start_date": "2026-10-01", "deadline": "2026-09-30"}))
        .await
        .expect_invalid("deadline");
    bad(json!({"client_id": client})).await.expect_invalid("name");
}

/// (name, complete) of a board in order.
async fn board(app: &TestApp, token: &str, list: &str) -> Vec<(String, bool)> {
    let stages = get(app, token, list).await;
    stages["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["name"].as_str().unwrap().to_owned(), s["complete"].as_bool().unwrap()))
        .collect()
}

fn columns(names: &[(&str, bool)]) -> Vec<(String, bool)> {
    names.iter().map(|(n, c)| (n.to_string(), *c)).collect()
}

async fn each_board_has_ordered_stages_and_one_done_column(app: TestApp) {
    let owner = app.owner_token().await;
    assert_eq!(
        board(&app, &owner, "/api/project/task-stages").await,
        columns(&[
            ("Todo", false),
            ("In Progress", false),
            ("Review", false),
            ("Done", true)
        ])
    );
    assert_eq!(
        names(&get(&app, &owner, "/api/project/bug-stages").await),
        ["Unconfirmed", "Confirmed", "In Progress", "Resolved", "Verified"]
    );
    let done = get(&app, &owner, "/api/project/task-stages?per_page=100").await["data"][3].clone();
    let testing = create(
        &app,
        &owner,
        "/api/project/task-stage/create",
        json!({"name": "Testing", "color": "#3cb8d9"}),
    )
    .await;
    assert_eq!(
        (testing["order"].as_u64(), testing["color"].as_str()),
        (Some(5), Some("#3CB8D9"))
    );
    // Taking the done flag takes it from Done.
    let shipped = create(
        &app,
        &owner,
        "/api/project/task-stage/create",
        json!({"name": "Shipped", "complete": true}),
    )
    .await;
    assert_eq!(
        board(&app, &owner, "/api/project/task-stages").await,
        columns(&[
            ("Todo", false),
            ("In Progress", false),
            ("Review", false),
            ("Done", false),
            ("Testing", false),
            ("Shipped", true)
        ])
    );
    let path = |s: &Value| format!("/api/project/task-stage/update/{}", id(s));
    post(&app, &owner, &path(&done), json!({"complete": true}), 200).await;
    assert_eq!(
        board(&app, &owner, "/api/project/task-stages")
            .await
            .iter()
            .filter(|c| c.1)
            .count(),
        1
    );
    try_post(&app, &owner, &path(&done), json!({"complete": false}))
        .await
        .expect_invalid("complete");
    try_post(&app, &owner, &path(&done), json!({"color": "blue"}))
        .await
        .expect_invalid("color");
    try_delete(&app, &owner, &format!("/api/project/task-stage/delete/{}", id(&done)))
        .await
        .expect_error(409, "in_use");
    try_delete(
        &app,
        &owner,
        &format!("/api/project/task-stage/delete/{}", id(&shipped)),
    )
    .await
    .expect(200);

    // A reorder names every stage once.
    let all = ids(&get(&app, &owner, "/api/project/task-stages").await);
    let mut reversed = all.clone();
    reversed.reverse();
    let order = |stages: Vec<u64>| json!({"stages": stages});
    try_post(&app, &owner, "/api/project/task-stage/order", order(all[1..].to_vec()))
        .await
        .expect_invalid("stages");
    try_post(
        &app,
        &owner,
        "/api/project/task-stage/order",
        order(vec![all[0], all[0], all[1], all[2], all[3]]),
    )
    .await
    .expect_invalid("stages");
    post(
        &app,
        &owner,
        "/api/project/task-stage/order",
        order(reversed.clone()),
        200,
    )
    .await;
    assert_eq!(ids(&get(&app, &owner, "/api/project/task-stages").await), reversed);
    assert_eq!(
        ids(&get(&app, &owner, "/api/project/bug-stages").await).len(),
        5,
        "the other board is its own"
    );
}

async fn concurrent_reorders_leave_every_position_once(app: TestApp) {
    let owner = app.owner_token().await;
    let all = ids(&get(&app, &owner, "/api/project/bug-stages").await);
    let mut reversed = all.clone();
    reversed.reverse();
    let mut rotated = all.clone();
    rotated.rotate_left(2);
    let calls = [reversed.clone(), rotated.clone(), reversed, rotated]
        .into_iter()
        .map(|stages| try_post(&app, &owner, "/api/project/bug-stage/order", json!({"stages": stages})));
    let answers = futures::future::join_all(calls).await;
    assert!(answers.iter().all(|a| a.status == 200 || a.status == 409));
    assert!(answers.iter().any(|a| a.status == 200));
    let stages = get(&app, &owner, "/api/project/bug-stages").await;
    let mut orders: Vec<u64> = stages["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["order"].as_u64().unwrap())
        .collect();
    orders.sort_unstable();
    assert_eq!(orders, [1, 2, 3, 4, 5], "no duplicate or missing position");
}

on_both_stores!(
    a_project_moves_ongoing_on_hold_finished_and_completes_once,
    members_and_clients_are_users_of_the_workspace,
    v1_creates_a_shaped_project,
    each_board_has_ordered_stages_and_one_done_column,
    concurrent_reorders_leave_every_position_once,
);
