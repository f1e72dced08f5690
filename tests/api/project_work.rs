//! Projects (functions/projects), the rest of issue 13: bugs on the bug board with comments,
//! project files in the object store, time tracking (one running timer per user, logged time on
//! the task and project), the project reports, and the lite module on the same records.

use serde_json::{json, Value};

use crate::harness::{create, get, id, ids, post, try_delete, try_post, Resp, TestApp};
use crate::on_both_stores;
use crate::projects::{events, stage_ids};

async fn project_with(app: &TestApp, token: &str, body: Value) -> u64 {
    id(&create(app, token, "/api/projects/create", body).await)
}

fn counts(board: &Value) -> Vec<u64> {
    board["columns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["count"].as_u64().unwrap())
        .collect()
}

async fn bugs_sit_on_the_bug_board_with_comments(app: TestApp) {
    app.keep_events().await;
    let owner = app.owner_token().await;
    let (ann, _) = app.user_with_role("staff").await;
    let (stranger, _) = app.user_with_role("staff").await;
    let pid = project_with(&app, &owner, json!({"name": "App", "members": [1, ann]})).await;
    let other = project_with(&app, &owner, json!({"name": "Other"})).await;
    let statuses = get(&app, &owner, "/api/bug-status-list").await;
    let names: Vec<&str> = statuses
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        ["Unconfirmed", "Confirmed", "In Progress", "Resolved", "Verified"]
    );
    let stages = ids(&json!({"data": statuses}));
    let create_path = format!("/api/project/bug/create/{pid}");
    let first = create(
        &app,
        &owner,
        &create_path,
        json!({"title": "Login fails", "priority": "High", "assigned_to": [ann]}),
    )
    .await;
    assert_eq!(
        (first["stage_id"].as_u64(), first["priority"].as_str()),
        (Some(stages[0]), Some("high"))
    );
    try_post(
        &app,
        &owner,
        &create_path,
        json!({"title": "X", "assigned_to": [stranger]}),
    )
    .await
    .expect_invalid("assigned_to");
    try_post(&app, &owner, &create_path, json!({"priority": "low"}))
        .await
        .expect_invalid("title");
    try_post(&app, &owner, "/api/project/bug/create/999999", json!({"title": "X"}))
        .await
        .expect_error(404, "not_found");
    create(
        &app,
        &owner,
        &create_path,
        json!({"title": "Typo", "stage_id": stages[4]}),
    )
    .await;
    let board = get(&app, &owner, &format!("/api/project/bug/{pid}")).await;
    assert_eq!(counts(&board), [1, 0, 0, 0, 1]);
    assert_eq!((board["total"].as_u64(), board["done"].as_u64()), (Some(2), Some(1)));
    assert_eq!(board["columns"][0]["bugs"][0]["title"], "Login fails");
    // Moved to Resolved through its own project only.
    let bid = id(&first);
    let moved = post(
        &app,
        &owner,
        &format!("/api/project/{pid}/bug/update/{bid}"),
        json!({"stage_id": stages[3]}),
        200,
    )
    .await;
    assert_eq!(moved["stage_id"], stages[3]);
    try_post(
        &app,
        &owner,
        &format!("/api/project/{other}/bug/update/{bid}"),
        json!({"title": "Y"}),
    )
    .await
    .expect_error(404, "not_found");
    let comment = create(
        &app,
        &owner,
        &format!("/api/project/bug/{bid}/comment/create"),
        json!({"comment": "Seen on Safari only."}),
    )
    .await;
    assert_eq!(
        (comment["bug_id"].as_u64(), comment["user_id"].as_u64()),
        (Some(bid), Some(1))
    );
    create(
        &app,
        &owner,
        &format!("/api/project/bug/{bid}/comment/create"),
        json!({"comment": "Fixed in 1.2."}),
    )
    .await;
    let shown = get(&app, &owner, &format!("/api/project/bug/show/{bid}")).await;
    assert_eq!(
        (shown["done"].as_bool(), shown["comments"].as_array().map(Vec::len)),
        (Some(false), Some(2))
    );
    try_delete(
        &app,
        &owner,
        &format!("/api/project/bug/{}/comment/delete", id(&comment)),
    )
    .await
    .expect(200);
    assert_eq!(app.count(app.tenant, "project_bug_comment").await, 1);
    assert_eq!(events(&app, "bug.").await, ["bug.created", "bug.created"]);
    // A stage holding bugs stays; a bug goes with its comments.
    try_delete(&app, &owner, &format!("/api/project/bug-stage/delete/{}", stages[3]))
        .await
        .expect_error(409, "in_use");
    try_delete(&app, &owner, &format!("/api/project/{other}/bug/delete/{bid}"))
        .await
        .expect_error(404, "not_found");
    try_delete(&app, &owner, &format!("/api/project/{pid}/bug/delete/{bid}"))
        .await
        .expect(200);
    assert_eq!(app.count(app.tenant, "project_bug_comment").await, 0);
    assert_eq!(get(&app, &owner, &format!("/api/project/bug/{pid}")).await["total"], 1);
}

fn file_form(project_id: Option<&str>, bytes: &[u8]) -> reqwest::multipart::Form {
    let mut form = reqwest::multipart::Form::new().part(
        "file",
        reqwest::multipart::Part::bytes(bytes.to_vec())
            .file_name("brief.txt")
            .mime_str("text/plain")
            .unwrap(),
    );
    if let Some(project_id) = project_id {
        form = form.text("project_id", project_id.to_owned());
    }
    form
}

async fn upload(app: &TestApp, token: &str, path: &str, form: reqwest::multipart::Form) -> Resp {
    app.post(path).token(token).multipart(form).send().await
}

async fn project_files_live_in_the_object_store(app: TestApp) {
    let owner = app.owner_token().await;
    let pid = project_with(&app, &owner, json!({"name": "Files"})).await;
    let full = "/api/project/file/create";
    let file = upload(&app, &owner, full, file_form(Some(&pid.to_string()), b"the brief"))
        .await
        .expect(201)
        .body;
    assert_eq!(
        (
            file["project_id"].as_u64(),
            file["size"].as_u64(),
            file["file_name"].as_str()
        ),
        (Some(pid), Some(9), Some("brief.txt"))
    );
    assert!(file.get("object_key").is_none(), "internal: {file}");
    upload(&app, &owner, full, file_form(None, b"x"))
        .await
        .expect_invalid("project_id");
    upload(&app, &owner, full, file_form(Some("999999"), b"x"))
        .await
        .expect_invalid("project_id");
    upload(&app, &owner, full, file_form(Some("abc"), b"x"))
        .await
        .expect_invalid("project_id");
    // The lite upload is the same operation; the lite details list both.
    let lite = upload(
        &app,
        &owner,
        "/api/lite/project-file-upload",
        file_form(Some(&pid.to_string()), b"v2"),
    )
    .await
    .expect(201)
    .body;
    let details = post(&app, &owner, "/api/lite/project-details", json!({"id": pid}), 200).await;
    assert_eq!(ids(&json!({"data": details["files"]})), [id(&file), id(&lite)]);
    try_delete(&app, &owner, &format!("/api/project/delete/{pid}"))
        .await
        .expect_error(409, "in_use");
    try_delete(&app, &owner, &format!("/api/project/file/delete/{}", id(&file)))
        .await
        .expect(200);
    try_delete(&app, &owner, &format!("/api/lite/project-file-delete/{}", id(&lite)))
        .await
        .expect(200);
    try_delete(&app, &owner, &format!("/api/project/file/delete/{}", id(&file)))
        .await
        .expect_error(404, "not_found");
    assert_eq!(app.count(app.tenant, "project_file").await, 0);
    try_delete(&app, &owner, &format!("/api/project/delete/{pid}"))
        .await
        .expect(200);
}

/// An RFC 3339 time `minutes` ago.
fn minutes_ago(minutes: i64) -> String {
    (chrono::Utc::now() - chrono::Duration::minutes(minutes)).to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

async fn a_user_has_one_running_timer_and_its_time_adds_up(app: TestApp) {
    let owner = app.owner_token().await;
    let pid = project_with(&app, &owner, json!({"name": "Timed", "members": [1]})).await;
    let task = |title: &str| {
        let (app, owner) = (&app, owner.clone());
        let body = json!({"title": title, "assigned_to": [1]});
        async move { id(&create(app, &owner, &format!("/api/project/{pid}/task/create"), body).await) }
    };
    let (design, build) = (task("Design").await, task("Build").await);
    let session = post(&app, &owner, "/api/tracker-login", json!({}), 200).await;
    assert_eq!(session["user"]["id"], 1);
    assert!(session["running"].is_null());
    assert_eq!(ids(&json!({"data": session["projects"]})), [pid]);
    assert_eq!(ids(&json!({"data": session["tasks"]})), [build, design]);

    let first = create(
        &app,
        &owner,
        "/api/add-tracker",
        json!({"task_id": design, "started_at": minutes_ago(90)}),
    )
    .await;
    assert_eq!(
        (first["tracker"]["status"].as_str(), first["stopped"].is_null()),
        (Some("running"), true)
    );
    // Starting another stops the first: 90 minutes on Design.
    let second = create(
        &app,
        &owner,
        "/api/add-tracker",
        json!({"task_id": build, "started_at": minutes_ago(30), "note": "API"}),
    )
    .await;
    assert_eq!(second["stopped"]["id"], first["tracker"]["id"]);
    assert_eq!(second["stopped"]["status"], "stopped");
    let design_seconds = second["stopped"]["seconds"].as_u64().unwrap();
    assert!((5400..5460).contains(&design_seconds), "{design_seconds}");
    let running = post(&app, &owner, "/api/tracker-login", json!({}), 200).await;
    assert_eq!(running["running"]["id"], second["tracker"]["id"]);
    let stopped = post(&app, &owner, "/api/stop-tracker", json!({}), 200).await;
    let build_seconds = stopped["seconds"].as_u64().unwrap();
    assert!((1800..1860).contains(&build_seconds), "{build_seconds}");
    try_post(&app, &owner, "/api/stop-tracker", json!({}))
        .await
        .expect_error(409, "not_running");
    for bad in [
        json!({}),
        json!({"task_id": 999_999}),
        json!({"task_id": design, "started_at": minutes_ago(-60)}),
        json!({"task_id": design, "started_at": minutes_ago(25 * 60)}),
        json!({"task_id": design, "started_at": "yesterday"}),
    ] {
        let field = if bad.get("started_at").is_some() {
            "started_at"
        } else {
            "task_id"
        };
        try_post(&app, &owner, "/api/add-tracker", bad)
            .await
            .expect_invalid(field);
    }
    // Logged time adds to the task and the project.
    let shown = get(&app, &owner, &format!("/api/project/task/show/{design}")).await;
    assert_eq!(shown["seconds_logged"], design_seconds);
    let report = get(&app, &owner, &format!("/api/project/report/{pid}")).await;
    assert_eq!(report["seconds_logged"], design_seconds + build_seconds);
    // Another user's timer is theirs: Ann cannot stop the owner's.
    let (_, ann) = app.user_with_role("staff").await;
    create(&app, &owner, "/api/add-tracker", json!({"task_id": design})).await;
    try_post(&app, &ann, "/api/stop-tracker", json!({}))
        .await
        .expect_error(409, "not_running");
    // A task's logged time goes with it.
    try_delete(&app, &owner, &format!("/api/project/{pid}/task/delete/{design}"))
        .await
        .expect(200);
    let report = get(&app, &owner, &format!("/api/project/report/{pid}")).await;
    assert_eq!(report["seconds_logged"], build_seconds);
    try_post(&app, &owner, "/api/stop-tracker", json!({}))
        .await
        .expect_error(409, "not_running");
}

async fn two_starts_at_once_leave_one_running_timer(app: TestApp) {
    let owner = app.owner_token().await;
    let pid = project_with(&app, &owner, json!({"name": "Race"})).await;
    let tid = id(&create(
        &app,
        &owner,
        &format!("/api/project/{pid}/task/create"),
        json!({"title": "T"}),
    )
    .await);
    let start = || try_post(&app, &owner, "/api/add-tracker", json!({"task_id": tid}));
    let (a, b) = tokio::join!(start(), start());
    let statuses = [a.status, b.status];
    assert!(statuses.contains(&201), "{statuses:?}");
    assert!(statuses.iter().all(|s| [201, 409].contains(s)), "{statuses:?}");
    // One timer runs: stopping it leaves none.
    post(&app, &owner, "/api/stop-tracker", json!({}), 200).await;
    let session = post(&app, &owner, "/api/tracker-login", json!({}), 200).await;
    assert!(session["running"].is_null(), "{session}");
    try_post(&app, &owner, "/api/stop-tracker", json!({}))
        .await
        .expect_error(409, "not_running");
}

async fn a_report_counts_stages_overdue_tasks_hours_and_budget(app: TestApp) {
    let owner = app.owner_token().await;
    let pid = project_with(&app, &owner, json!({"name": "Report", "budget": 10000, "members": [1]})).await;
    let quiet = project_with(&app, &owner, json!({"name": "Quiet", "budget": 50})).await;
    let board = get(&app, &owner, &format!("/api/project/{pid}/task-board")).await;
    let stages = stage_ids(&board);
    let done = *stages.last().unwrap();
    let task = |body: Value| {
        let (app, owner) = (&app, owner.clone());
        async move { create(app, &owner, &format!("/api/project/{pid}/task/create"), body).await }
    };
    task(json!({"title": "Late", "due_date": "2020-01-01"})).await;
    task(json!({"title": "Late but done", "due_date": "2020-01-01", "stage_id": done})).await;
    task(json!({"title": "Later", "due_date": "2099-01-01", "stage_id": stages[1]})).await;
    task(json!({"title": "Undated"})).await;
    create(
        &app,
        &owner,
        &format!("/api/project/bug/create/{pid}"),
        json!({"title": "B"}),
    )
    .await;
    let milestone = |title: &str, cost: u64| {
        let (app, owner) = (&app, owner.clone());
        let body = json!({"project_id": pid, "title": title, "cost": cost});
        async move { id(&create(app, &owner, "/api/project/milestone/create", body).await) }
    };
    let beta = milestone("Beta", 2500).await;
    milestone("Launch", 1000).await;
    post(
        &app,
        &owner,
        &format!("/api/project/milestone/update/{beta}"),
        json!({"status": "complete"}),
        200,
    )
    .await;
    let report = get(&app, &owner, &format!("/api/project/report/{pid}")).await;
    let by_stage: Vec<u64> = report["tasks"]["by_stage"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["count"].as_u64().unwrap())
        .collect();
    assert_eq!(by_stage, [2, 1, 0, 1]);
    assert_eq!(
        (
            report["tasks"]["total"].as_u64(),
            report["tasks"]["done"].as_u64(),
            report["overdue_tasks"].as_u64(),
            report["bugs"]["total"].as_u64(),
        ),
        (Some(4), Some(1), Some(1), Some(1))
    );
    assert_eq!(
        (
            report["milestones"].as_u64(),
            report["milestones_complete"].as_u64(),
            report["budget"].as_f64(),
            report["budget_spent"].as_f64(),
            report["budget_remaining"].as_f64(),
            report["hours_logged"].as_f64(),
        ),
        (Some(2), Some(1), Some(10000.0), Some(2500.0), Some(7500.0), Some(0.0))
    );
    // The list holds each project with its own figures.
    let all = get(&app, &owner, "/api/project/reports?sort=id").await;
    let rows = all["data"].as_array().unwrap();
    assert_eq!(rows.iter().map(|r| id(&r["project"])).collect::<Vec<_>>(), [pid, quiet]);
    assert_eq!(rows[0]["overdue_tasks"], 1);
    assert_eq!(rows[0]["budget_spent"].as_f64(), Some(2500.0));
    assert_eq!(
        (rows[1]["tasks"]["total"].as_u64(), rows[1]["budget_remaining"].as_f64()),
        (Some(0), Some(50.0))
    );
    assert_eq!(all["meta"]["total"], 2);
    app.get("/api/project/report/999999")
        .token(&owner)
        .send()
        .await
        .expect_error(404, "not_found");
}

async fn the_lite_module_works_on_the_full_modules_records(app: TestApp) {
    app.keep_events().await;
    let owner = app.owner_token().await;
    // Created through lite, seen through the full module, and back.
    let created = try_post(
        &app,
        &owner,
        "/api/lite/project-create-update",
        json!({"name": "Lite one", "members": [1]}),
    )
    .await
    .expect(201)
    .body;
    let pid = id(&created);
    let full = get(&app, &owner, &format!("/api/project/show/{pid}")).await;
    assert_eq!(full, created);
    let renamed = post(
        &app,
        &owner,
        "/api/lite/project-create-update",
        json!({"id": pid, "name": "Lite renamed"}),
        200,
    )
    .await;
    assert_eq!(get(&app, &owner, &format!("/api/project/show/{pid}")).await, renamed);
    try_post(
        &app,
        &owner,
        "/api/lite/project-create-update",
        json!({"description": "no name"}),
    )
    .await
    .expect_invalid("name");
    // A version belongs to an update: without `id` it is refused, not ignored.
    try_post(
        &app,
        &owner,
        "/api/lite/project-create-update",
        json!({"name": "Versioned", "version": 3}),
    )
    .await
    .expect_invalid("version");
    let full_one = project_with(&app, &owner, json!({"name": "Full one"})).await;
    assert_eq!(
        ids(&get(&app, &owner, "/api/lite/projects?sort=id").await),
        [pid, full_one]
    );
    let listed = post(&app, &owner, "/api/lite/project-list", json!({"search": "lite"}), 200).await;
    assert_eq!(ids(&listed), [pid]);
    let on_hold = post(
        &app,
        &owner,
        "/api/lite/project-status-update",
        json!({"id": pid, "status": "on_hold"}),
        200,
    )
    .await;
    assert_eq!(on_hold["status"], "on_hold");
    try_post(&app, &owner, "/api/lite/project-status-update", json!({"id": pid}))
        .await
        .expect_invalid("status");
    try_post(
        &app,
        &owner,
        "/api/lite/project-status-update",
        json!({"id": 999_999, "status": "ongoing"}),
    )
    .await
    .expect_error(404, "not_found");

    // Tasks: the same operations and events.
    try_post(&app, &owner, "/api/lite/task-create-update", json!({"title": "Orphan"}))
        .await
        .expect_invalid("project_id");
    try_post(
        &app,
        &owner,
        "/api/lite/task-create-update",
        json!({"project_id": pid, "title": "Versioned", "version": 1}),
    )
    .await
    .expect_invalid("version");
    let task = try_post(
        &app,
        &owner,
        "/api/lite/task-create-update",
        json!({"project_id": pid, "title": "Wireframes", "assigned_to": [1]}),
    )
    .await
    .expect(201)
    .body;
    let tid = id(&task);
    let shown = get(&app, &owner, &format!("/api/project/task/show/{tid}")).await;
    assert_eq!(
        post(&app, &owner, "/api/lite/task-details", json!({"id": tid}), 200).await,
        shown
    );
    let changed = post(
        &app,
        &owner,
        "/api/lite/task-create-update",
        json!({"id": tid, "title": "Wireframes v2"}),
        200,
    )
    .await;
    assert_eq!(changed["title"], "Wireframes v2");
    try_post(
        &app,
        &owner,
        "/api/lite/task-create-update",
        json!({"id": tid, "project_id": full_one, "title": "Elsewhere"}),
    )
    .await
    .expect_error(404, "not_found");
    let board = post(&app, &owner, "/api/lite/taskboard", json!({"project_id": pid}), 200).await;
    assert_eq!(
        board,
        get(&app, &owner, &format!("/api/project/{pid}/task-board")).await
    );
    let stages = stage_ids(&board);
    let moved = post(
        &app,
        &owner,
        "/api/lite/task-stage-update",
        json!({"id": tid, "stage_id": stages[2]}),
        200,
    )
    .await;
    assert_eq!(moved["stage_id"], stages[2]);
    assert_eq!(
        events(&app, "task.").await,
        ["task.assigned", "task.created", "task.stage_changed"]
    );
    let in_stage = post(
        &app,
        &owner,
        "/api/lite/task-list",
        json!({"project_id": pid, "stage_id": stages[2]}),
        200,
    )
    .await;
    assert_eq!(ids(&in_stage), [tid]);
    let in_first = post(
        &app,
        &owner,
        "/api/lite/task-list",
        json!({"project_id": pid, "stage_id": stages[0]}),
        200,
    )
    .await;
    assert_eq!(ids(&in_first), Vec::<u64>::new());
    try_post(&app, &owner, "/api/lite/task-list", json!({"stage_id": stages[0]}))
        .await
        .expect_invalid("stage_id");
    assert_eq!(
        ids(&get(&app, &owner, &format!("/api/lite/projects/{pid}/tasks")).await),
        [tid]
    );
    let activity = post(
        &app,
        &owner,
        "/api/lite/project-activity",
        json!({"project_id": pid}),
        200,
    )
    .await;
    assert_eq!(activity[0]["kind"], "task");
    assert_eq!(activity[0]["id"], tid);
    let home = get(&app, &owner, "/api/lite/home").await;
    assert_eq!(
        (
            home["projects"].as_u64(),
            home["on_hold"].as_u64(),
            home["tasks"].as_u64(),
            home["my_tasks"].as_u64()
        ),
        (Some(2), Some(1), Some(1), Some(1))
    );
    let users = get(&app, &owner, "/api/lite/users").await;
    assert!(ids(&users).contains(&1));

    // Deleting through lite deletes for both.
    try_post(&app, &owner, "/api/lite/project-delete", json!({"id": pid}))
        .await
        .expect_error(409, "in_use");
    post(&app, &owner, "/api/lite/task-delete", json!({"id": tid}), 200).await;
    app.get(&format!("/api/project/task/show/{tid}"))
        .token(&owner)
        .send()
        .await
        .expect_error(404, "not_found");
    post(&app, &owner, "/api/lite/project-delete", json!({"id": pid}), 200).await;
    app.get(&format!("/api/project/show/{pid}"))
        .token(&owner)
        .send()
        .await
        .expect_error(404, "not_found");
}

on_both_stores!(
    bugs_sit_on_the_bug_board_with_comments,
    project_files_live_in_the_object_store,
    a_user_has_one_running_timer_and_its_time_adds_up,
    two_starts_at_once_leave_one_running_timer,
    a_report_counts_stages_overdue_tasks_hours_and_budget,
    the_lite_module_works_on_the_full_modules_records,
);

async fn the_sandbox_holds_projects_in_every_state(app: TestApp) {
    let owner = app.owner_token().await;
    let test_key = app.api_key(&owner, "test").await;
    let projects = get(&app, &test_key, "/api/projects?sort=id").await;
    let states: Vec<&str> = projects["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["status"].as_str().unwrap())
        .collect();
    assert_eq!(states, ["ongoing", "on_hold", "finished"]);
    let website = id(&projects["data"][0]);
    assert_eq!(projects["data"][0]["clients"], json!([5]));
    let report = get(&app, &test_key, &format!("/api/project/report/{website}")).await;
    assert_eq!(
        (
            report["tasks"]["total"].as_u64(),
            report["tasks"]["done"].as_u64(),
            report["overdue_tasks"].as_u64(),
            report["bugs"]["total"].as_u64(),
            report["hours_logged"].as_f64(),
            report["budget_spent"].as_f64(),
        ),
        (Some(5), Some(1), Some(1), Some(2), Some(10.0), Some(3000.0))
    );
    let board = get(&app, &test_key, &format!("/api/project/{website}/task-board")).await;
    assert_eq!(counts(&board), [2, 1, 1, 1]);
    let home = get(&app, &test_key, "/api/lite/home").await;
    assert_eq!(
        (
            home["projects"].as_u64(),
            home["finished"].as_u64(),
            home["bugs"].as_u64()
        ),
        (Some(3), Some(1), Some(3))
    );
    // The live workspace has none of it.
    assert_eq!(get(&app, &owner, "/api/projects").await["meta"]["total"], 0);
}

on_both_stores!(
    with_demo_data:
    the_sandbox_holds_projects_in_every_state,
);
