//! Projects (functions/projects): projects with members and clients and their status moves,
//! `project.completed` once; the shaped `POST /api/v1/projects`; the task and bug boards' stages,
//! their done column and their order.

use serde_json::{json, Value};

use crate::harness::{create, get, id, ids, names, post, try_delete, try_post, TestApp};
use crate::on_both_stores;

async fn project(app: &TestApp, token: &str, body: Value) -> Value {
    create(app, token, "/api/projects/create", body).await
}

/// The workspace's outbox event types that start with `prefix` (`task.`).
pub(crate) async fn events(app: &TestApp, prefix: &str) -> Vec<String> {
    let mut types = app.outbox_types(app.tenant).await;
    types.retain(|t| t.starts_with(prefix));
    types
}

/// The stage ids of a task or bug board's columns, in order.
pub(crate) fn stage_ids(board: &Value) -> Vec<u64> {
    board["columns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| id(&c["stage"]))
        .collect()
}

async fn a_project_moves_ongoing_on_hold_finished_and_completes_once(app: TestApp) {
    app.keep_events().await;
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
    assert_eq!(events(&app, "project.").await, ["project.completed", "project.created"]);

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
    assert_eq!(
        ids(&get(&app, &owner, "/api/get-projects?sort=-id").await),
        vec![other, pid]
    );
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
        board(&app, &owner, "/api/project/task-stages?sort=order").await,
        columns(&[
            ("Todo", false),
            ("In Progress", false),
            ("Review", false),
            ("Done", true)
        ])
    );
    assert_eq!(
        names(&get(&app, &owner, "/api/project/bug-stages?sort=order").await),
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
        board(&app, &owner, "/api/project/task-stages?sort=order").await,
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
        board(&app, &owner, "/api/project/task-stages?sort=order")
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
    let all = ids(&get(&app, &owner, "/api/project/task-stages?sort=order").await);
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
    assert_eq!(
        ids(&get(&app, &owner, "/api/project/task-stages?sort=order").await),
        reversed
    );
    assert_eq!(
        ids(&get(&app, &owner, "/api/project/bug-stages?sort=order").await).len(),
        5,
        "the other board is its own"
    );

    // A board holds 20 stages: the 21st is refused as a conflict with the board (the body is
    // fine), and nothing is stored.
    for n in 6..=20 {
        create(
            &app,
            &owner,
            "/api/project/bug-stage/create",
            json!({"name": format!("Bug stage {n}")}),
        )
        .await;
    }
    try_post(
        &app,
        &owner,
        "/api/project/bug-stage/create",
        json!({"name": "One too many"}),
    )
    .await
    .expect_error(409, "limit_reached");
    assert_eq!(
        ids(&get(&app, &owner, "/api/project/bug-stages?per_page=100").await).len(),
        20
    );
}

async fn concurrent_reorders_leave_every_position_once(app: TestApp) {
    let owner = app.owner_token().await;
    let all = ids(&get(&app, &owner, "/api/project/bug-stages?sort=order").await);
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
    let stages = get(&app, &owner, "/api/project/bug-stages?sort=order").await;
    let mut orders: Vec<u64> = stages["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["order"].as_u64().unwrap())
        .collect();
    orders.sort_unstable();
    assert_eq!(orders, [1, 2, 3, 4, 5], "no duplicate or missing position");
}

/// `null` clears a project's, a milestone's, a subtask's and a bug's optional fields (with the
/// project's place in the `end_date` sort), leaving the others; `null` on a field every record has
/// is 422 naming it and changes nothing.
async fn null_clears_every_optional_field_of_project_records(app: TestApp) {
    let owner = app.owner_token().await;
    let (ann, _) = app.user_with_role("staff").await;
    let created = project(
        &app,
        &owner,
        json!({"name": "Launch", "description": "The big one.", "budget": "900.00", "start_date": "2026-04-01", "end_date": "2026-04-30", "members": [1]}),
    )
    .await;
    let pid = id(&created);
    let later = id(&project(&app, &owner, json!({"name": "Later", "end_date": "2027-01-01"})).await);
    let milestone = create(
        &app,
        &owner,
        "/api/project/milestone/create",
        json!({"project_id": pid, "title": "Beta", "cost": "250.00", "start_date": "2026-04-01", "end_date": "2026-04-15", "summary": "First users."}),
    )
    .await;
    let task = id(&create(
        &app,
        &owner,
        &format!("/api/project/{pid}/task/create"),
        json!({"title": "Ship", "description": "Ready to go.", "start_date": "2026-04-02", "due_date": "2026-04-20"}),
    )
    .await);
    let subtask = create(
        &app,
        &owner,
        &format!("/api/project/task-subtask/create/{task}"),
        json!({"name": "Book the venue", "due_date": "2026-04-10", "user_id": ann}),
    )
    .await;
    let bug = create(
        &app,
        &owner,
        &format!("/api/project/bug/create/{pid}"),
        json!({"title": "Crash", "priority": "high", "description": "On start."}),
    )
    .await;
    for (record, field) in [
        (&created, "description"),
        (&created, "start_date"),
        (&created, "end_date"),
        (&milestone, "start_date"),
        (&milestone, "end_date"),
        (&milestone, "summary"),
        (&subtask, "due_date"),
        (&subtask, "user_id"),
        (&bug, "description"),
    ] {
        assert!(!record[field].is_null(), "`{field}` set on create: {record}");
    }
    let project_path = format!("/api/project/update/{pid}");
    let milestone_path = format!("/api/project/milestone/update/{}", id(&milestone));
    let subtask_path = format!("/api/project/task-subtask/update/{}", id(&subtask));
    let bug_path = format!("/api/project/{pid}/bug/update/{}", id(&bug));
    let task_path = format!("/api/project/{pid}/task/update/{task}");
    let shown_project = || async { get(&app, &owner, &format!("/api/project/show/{pid}")).await };
    let shown_milestone =
        || async { get(&app, &owner, &format!("/api/project/milestones?project_id={pid}")).await["data"][0].clone() };
    let shown_subtask =
        || async { get(&app, &owner, &format!("/api/project/task/show/{task}")).await["subtasks"][0].clone() };
    let shown_bug = || async { get(&app, &owner, &format!("/api/project/bug/show/{}", id(&bug))).await };
    let shown_task = || async {
        let mut task = get(&app, &owner, &format!("/api/project/task/show/{task}")).await;
        task.as_object_mut().unwrap().remove("subtasks");
        task
    };

    let cleared = [
        post(
            &app,
            &owner,
            &project_path,
            json!({"description": null, "start_date": null, "end_date": null}),
            200,
        )
        .await,
        post(
            &app,
            &owner,
            &milestone_path,
            json!({"start_date": null, "end_date": null, "summary": null}),
            200,
        )
        .await,
        post(
            &app,
            &owner,
            &subtask_path,
            json!({"due_date": null, "user_id": null}),
            200,
        )
        .await,
        post(&app, &owner, &bug_path, json!({"description": null}), 200).await,
        post(
            &app,
            &owner,
            &task_path,
            json!({"description": null, "start_date": null, "due_date": null}),
            200,
        )
        .await,
    ];
    let shown = [
        shown_project().await,
        shown_milestone().await,
        shown_subtask().await,
        shown_bug().await,
        shown_task().await,
    ];
    let nulls: [&[&str]; 5] = [
        &["description", "start_date", "end_date"],
        &["start_date", "end_date", "summary"],
        &["due_date", "user_id"],
        &["description"],
        &["description", "start_date", "due_date"],
    ];
    let kept: [&[(&str, Value)]; 5] = [
        &[
            ("name", json!("Launch")),
            ("budget", json!(900.0)),
            ("members", json!([1])),
            ("status", json!("ongoing")),
        ],
        &[
            ("title", json!("Beta")),
            ("cost", json!(250.0)),
            ("status", json!("incomplete")),
        ],
        &[("name", json!("Book the venue")), ("is_completed", json!(false))],
        &[
            ("title", json!("Crash")),
            ("priority", json!("high")),
            ("stage_id", bug["stage_id"].clone()),
        ],
        &[("title", json!("Ship"))],
    ];
    for (((answer, shown), nulls), kept) in cleared.iter().zip(&shown).zip(nulls).zip(kept) {
        for record in [answer, shown] {
            for field in nulls {
                assert!(record[*field].is_null(), "`{field}` cleared: {record}");
            }
            for (field, value) in kept {
                assert_eq!(&record[*field], value, "`{field}` unchanged: {record}");
            }
        }
    }
    // Without an end date the project sorts last by it, as on create.
    assert_eq!(
        ids(&get(&app, &owner, "/api/projects?sort=end_date").await),
        vec![later, pid]
    );
    // The date order still holds on the cleared records.
    try_post(
        &app,
        &owner,
        &project_path,
        json!({"start_date": "2026-05-01", "end_date": "2026-04-01"}),
    )
    .await
    .expect_invalid("end_date");
    try_post(
        &app,
        &owner,
        &milestone_path,
        json!({"start_date": "2026-05-01", "end_date": "2026-04-01"}),
    )
    .await
    .expect_invalid("end_date");

    // A field every record has: 422 naming it, and nothing of the body is saved.
    for (path, field, other) in [
        (&project_path, "name", "description"),
        (&milestone_path, "title", "summary"),
        (&subtask_path, "name", "due_date"),
        (&bug_path, "title", "description"),
        (&task_path, "title", "description"),
    ] {
        let value = if other == "due_date" {
            json!("2026-04-20")
        } else {
            json!("Again")
        };
        try_post(&app, &owner, path, json!({field: null, other: value}))
            .await
            .expect_invalid(field);
    }
    let after = [
        shown_project().await,
        shown_milestone().await,
        shown_subtask().await,
        shown_bug().await,
        shown_task().await,
    ];
    for (before, after) in shown.iter().zip(&after) {
        assert_eq!(before, after, "a refused update changes nothing");
    }
}

on_both_stores!(
    null_clears_every_optional_field_of_project_records,
    a_project_moves_ongoing_on_hold_finished_and_completes_once,
    members_and_clients_are_users_of_the_workspace,
    v1_creates_a_shaped_project,
    each_board_has_ordered_stages_and_one_done_column,
    concurrent_reorders_leave_every_position_once,
);

mod tasks {
    use super::*;

    /// A project with `members`; returns its id.
    async fn project_with(app: &TestApp, token: &str, members: Value) -> u64 {
        id(&project(app, token, json!({"name": "Board", "members": members})).await)
    }

    async fn tasks_sit_on_the_board_and_count_as_done_in_the_done_column(app: TestApp) {
        app.keep_events().await;
        let owner = app.owner_token().await;
        let (ann, _) = app.user_with_role("staff").await;
        let (bob, _) = app.user_with_role("staff").await;
        let pid = project_with(&app, &owner, json!([1, ann, bob])).await;
        let other = project_with(&app, &owner, json!([1])).await;
        let board_path = format!("/api/project/{pid}/task-board");
        let stages = stage_ids(&get(&app, &owner, &board_path).await);
        let (todo, done) = (stages[0], stages[3]);
        let create = |body: Value| {
            let (app, owner) = (&app, owner.clone());
            async move { try_post(app, &owner, &format!("/api/project/{pid}/task/create"), body).await }
        };
        let first = create(json!({"title": "Sitemap", "priority": "High", "assigned_to": [ann]}))
            .await
            .expect(201)
            .body;
        assert_eq!(
            (
                first["stage_id"].as_u64(),
                first["priority"].as_str(),
                first["project_id"].as_u64()
            ),
            (Some(todo), Some("high"), Some(pid))
        );
        create(json!({"title": "Copy", "stage_id": done})).await.expect(201);
        create(json!({"title": "Logo"})).await.expect(201);
        create(json!({"title": "X", "assigned_to": [999]}))
            .await
            .expect_invalid("assigned_to");
        let (carol, _) = app.user_with_role("staff").await;
        create(json!({"title": "X", "assigned_to": [carol]}))
            .await
            .expect_invalid("assigned_to");
        create(json!({"title": "X", "stage_id": 999}))
            .await
            .expect_invalid("stage_id");
        create(json!({"title": "X", "start_date": "2026-05-02", "due_date": "2026-05-01"}))
            .await
            .expect_invalid("due_date");
        create(json!({"priority": "low"})).await.expect_invalid("title");
        app.post("/api/project/999/task/create")
            .token(&owner)
            .json(json!({"title": "X"}))
            .send()
            .await
            .expect_error(404, "not_found");

        let board = get(&app, &owner, &board_path).await;
        let counts: Vec<u64> = board["columns"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["count"].as_u64().unwrap())
            .collect();
        assert_eq!(counts, [2, 0, 0, 1]);
        assert_eq!((board["total"].as_u64(), board["done"].as_u64()), (Some(3), Some(1)));
        assert_eq!(board["columns"][0]["tasks"][0]["title"], "Sitemap");
        assert_eq!(
            get(&app, &owner, &format!("/api/project/{other}/task-board")).await["total"],
            0
        );

        // Moving it: task.stage_changed; adding Bob: task.assigned for Bob only.
        let update = format!("/api/project/{pid}/task/update/{}", id(&first));
        let moved = post(
            &app,
            &owner,
            &update,
            json!({"stage_id": done, "assigned_to": [ann, bob]}),
            200,
        )
        .await;
        assert_eq!(moved["assigned_to"], json!([ann, bob]));
        let shown = get(&app, &owner, &format!("/api/project/task/show/{}", id(&first))).await;
        assert_eq!(shown["done"], true);
        assert_eq!(
            events(&app, "task.").await,
            [
                "task.assigned",
                "task.assigned",
                "task.created",
                "task.created",
                "task.created",
                "task.stage_changed"
            ],
            "Ann when created, Bob when added"
        );
        let board = get(&app, &owner, &board_path).await;
        assert_eq!((board["total"].as_u64(), board["done"].as_u64()), (Some(3), Some(2)));
        // The task is this project's, not the other's; a stage holding tasks stays.
        try_post(
            &app,
            &owner,
            &format!("/api/project/{other}/task/update/{}", id(&first)),
            json!({"title": "Y"}),
        )
        .await
        .expect_error(404, "not_found");
        try_delete(&app, &owner, &format!("/api/project/task-stage/delete/{todo}"))
            .await
            .expect_error(409, "in_use");
        try_delete(&app, &owner, &format!("/api/project/delete/{pid}"))
            .await
            .expect_error(409, "in_use");
    }

    async fn a_task_has_subtasks_and_comments_that_go_with_it(app: TestApp) {
        let owner = app.owner_token().await;
        let mut people = vec![1];
        for _ in 0..9 {
            people.push(app.user_with_role("staff").await.0);
        }
        let pid = project_with(&app, &owner, json!(people)).await;
        // The costliest task: the most assignees (a `task.assigned` each), a title of the most
        // words searched; more subtasks and comments than its delete's own transaction holds.
        let title: Vec<String> = (0..32).map(|n| format!("w{n}")).collect();
        let body = json!({"title": title.join(" "), "assigned_to": people});
        let tid = id(&create(&app, &owner, &format!("/api/project/{pid}/task/create"), body).await);
        let subtasks = format!("/api/project/task-subtask/create/{tid}");
        let comments = format!("/api/project/task/{tid}/comment/create");
        let subtask = create(&app, &owner, &subtasks, json!({"name": "DNS", "user_id": 1})).await;
        assert_eq!(subtask["is_completed"], false);
        let update = format!("/api/project/task-subtask/update/{}", id(&subtask));
        let finished = post(&app, &owner, &update, json!({"is_completed": true}), 200).await;
        assert_eq!(finished["is_completed"], true);
        try_post(&app, &owner, &subtasks, json!({"name": "X", "user_id": 999}))
            .await
            .expect_invalid("user_id");
        for n in 1..20 {
            create(&app, &owner, &subtasks, json!({"name": format!("Step {n}")})).await;
        }
        let comment = create(&app, &owner, &comments, json!({"comment": "Booked."})).await;
        assert_eq!(comment["user_id"], 1);
        for n in 1..30 {
            create(&app, &owner, &comments, json!({"comment": format!("Note {n}")})).await;
        }
        try_post(&app, &owner, &comments, json!({"comment": ""}))
            .await
            .expect_invalid("comment");
        try_delete(
            &app,
            &owner,
            &format!("/api/project/task/comment/delete/{}", id(&comment)),
        )
        .await
        .expect(200);
        let shown = get(&app, &owner, &format!("/api/project/task/show/{tid}")).await;
        assert_eq!(
            (
                shown["subtasks"].as_array().map(Vec::len),
                shown["comments"].as_array().map(Vec::len)
            ),
            (Some(20), Some(29))
        );
        try_delete(&app, &owner, &format!("/api/project/{pid}/task/delete/{tid}"))
            .await
            .expect(200);
        assert_eq!(app.count(app.tenant, "project_subtask").await, 0);
        assert_eq!(app.count(app.tenant, "project_task_comment").await, 0);
        assert_eq!(app.count(app.tenant, "project_task").await, 0);
        app.get(&format!("/api/project/task/show/{tid}"))
            .token(&owner)
            .send()
            .await
            .expect_error(404, "not_found");
        // The project holds nothing now: it goes.
        try_delete(&app, &owner, &format!("/api/project/delete/{pid}"))
            .await
            .expect(200);
    }

    /// A task holds 50 subtasks: the 51st is 409 `limit_reached` (the body is fine, the task is
    /// full) and stores nothing.
    async fn a_full_task_refuses_a_51st_subtask(app: TestApp) {
        let owner = app.owner_token().await;
        let pid = project_with(&app, &owner, json!([1])).await;
        let tid = id(&create(
            &app,
            &owner,
            &format!("/api/project/{pid}/task/create"),
            json!({"title": "Launch"}),
        )
        .await);
        let subtasks = format!("/api/project/task-subtask/create/{tid}");
        for n in 1..=50 {
            create(&app, &owner, &subtasks, json!({"name": format!("Step {n}")})).await;
        }
        try_post(&app, &owner, &subtasks, json!({"name": "Step 51"}))
            .await
            .expect_error(409, "limit_reached");
        assert_eq!(app.count(app.tenant, "project_subtask").await, 50);
        let shown = get(&app, &owner, &format!("/api/project/task/show/{tid}")).await;
        assert_eq!(shown["subtasks"].as_array().map(Vec::len), Some(50));
    }

    on_both_stores!(
        tasks_sit_on_the_board_and_count_as_done_in_the_done_column,
        a_task_has_subtasks_and_comments_that_go_with_it,
        a_full_task_refuses_a_51st_subtask,
    );
}

mod milestones {
    use super::*;

    async fn a_milestone_shows_its_progress_from_its_tasks(app: TestApp) {
        let owner = app.owner_token().await;
        let pid = id(&project(&app, &owner, json!({"name": "Launch", "members": [1]})).await);
        let other = id(&project(&app, &owner, json!({"name": "Other"})).await);
        let beta = create(
            &app,
            &owner,
            "/api/project/milestone/create",
            json!({
                "project_id": pid,
                "title": "Beta",
                "cost": "2500.00",
                "start_date": "2026-04-01",
                "end_date": "2026-04-30",
            }),
        )
        .await;
        assert_eq!(
            (beta["status"].as_str(), beta["cost"].as_f64()),
            (Some("incomplete"), Some(2500.0))
        );
        let elsewhere = id(&create(
            &app,
            &owner,
            "/api/project/milestone/create",
            json!({"project_id": other, "title": "X"}),
        )
        .await);
        let bad = |body: Value| try_post(&app, &owner, "/api/project/milestone/create", body);
        bad(json!({"project_id": 999, "title": "X"}))
            .await
            .expect_invalid("project_id");
        bad(json!({"project_id": pid, "title": "X", "cost": -1}))
            .await
            .expect_invalid("cost");
        bad(json!({"project_id": pid, "title": "X", "start_date": "2026-05-01", "end_date": "2026-04-01"}))
            .await
            .expect_invalid("end_date");

        let done = get(&app, &owner, "/api/project/task-stages?sort=order").await["data"][3].clone();
        let tasks = format!("/api/project/{pid}/task/create");
        let in_beta = |title: &str| json!({"title": title, "milestone_id": id(&beta)});
        let first = create(&app, &owner, &tasks, in_beta("Copy")).await;
        create(&app, &owner, &tasks, in_beta("Logo")).await;
        create(&app, &owner, &tasks, in_beta("Fonts")).await;
        create(&app, &owner, &tasks, json!({"title": "Outside"})).await;
        try_post(&app, &owner, &tasks, json!({"title": "X", "milestone_id": elsewhere}))
            .await
            .expect_invalid("milestone_id");
        post(
            &app,
            &owner,
            &format!("/api/project/{pid}/task/update/{}", id(&first)),
            json!({"stage_id": id(&done)}),
            200,
        )
        .await;
        let listed = get(&app, &owner, &format!("/api/project/milestones?project_id={pid}")).await;
        let beta_row = &listed["data"][0];
        assert_eq!(
            (
                beta_row["tasks"].as_u64(),
                beta_row["tasks_done"].as_u64(),
                beta_row["progress"].as_u64()
            ),
            (Some(3), Some(1), Some(33))
        );
        assert_eq!(listed["meta"]["total"], 1);

        // Complete for good; a milestone holding tasks stays.
        let path = format!("/api/project/milestone/update/{}", id(&beta));
        assert_eq!(
            post(&app, &owner, &path, json!({"status": "Complete"}), 200).await["status"],
            "complete"
        );
        try_post(&app, &owner, &path, json!({"status": "incomplete"}))
            .await
            .expect_error(409, "invalid_transition");
        try_delete(&app, &owner, &format!("/api/project/milestone/delete/{}", id(&beta)))
            .await
            .expect_error(409, "in_use");
        // Out of the milestone: it no longer counts there.
        post(
            &app,
            &owner,
            &format!("/api/project/{pid}/task/update/{}", id(&first)),
            json!({"milestone_id": null}),
            200,
        )
        .await;
        let listed = get(&app, &owner, &format!("/api/project/milestones?project_id={pid}")).await;
        assert_eq!(
            (
                listed["data"][0]["tasks"].as_u64(),
                listed["data"][0]["progress"].as_u64()
            ),
            (Some(2), Some(0))
        );
        try_delete(&app, &owner, &format!("/api/project/milestone/delete/{elsewhere}"))
            .await
            .expect(200);
    }

    on_both_stores!(a_milestone_shows_its_progress_from_its_tasks);
}
