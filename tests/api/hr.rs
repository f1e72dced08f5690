//! HR (functions/hr), issue 14 so far: the organisation (branches, departments, designations,
//! shifts, holidays, document types: catalogue lists with designed create, update and delete
//! routes) and employees (one per team user, unique codes, a place in the organisation), and the
//! sandbox's HR seed.

use serde_json::{json, Value};

use crate::harness::{create, get, id, ids, names, post, try_delete, try_post, TestApp};
use crate::on_both_stores;
use crate::projects::events;

/// A branch, a department in it and a designation in that, and a day shift: their ids.
async fn organisation(app: &TestApp, token: &str) -> (u64, u64, u64, u64) {
    organisation_working(app, token, json!(["friday", "monday", "monday"])).await
}

/// [`organisation`] with a 09:00-17:30 shift (a 30-minute break) on `days`.
pub(crate) async fn organisation_working(app: &TestApp, token: &str, days: Value) -> (u64, u64, u64, u64) {
    let branch = id(&create(app, token, "/api/branches/create", json!({"name": "Lisbon"})).await);
    let department = id(&create(
        app,
        token,
        "/api/departments/create",
        json!({"name": "Engineering", "branch_id": branch}),
    )
    .await);
    let designation = id(&create(
        app,
        token,
        "/api/designations/create",
        json!({"name": "Engineer", "department_id": department}),
    )
    .await);
    let shift = id(&create(
        app,
        token,
        "/api/shifts/create",
        json!({"name": "Day", "start_time": "09:00", "end_time": "17:30", "break_minutes": 30, "working_days": days}),
    )
    .await);
    (branch, department, designation, shift)
}

async fn the_organisation_nests_and_refuses_what_does_not_fit(app: TestApp) {
    let owner = app.owner_token().await;
    let (branch, department, designation, shift) = organisation(&app, &owner).await;
    let shown = get(&app, &owner, "/api/shifts").await;
    assert_eq!(shown["data"][0]["working_days"], json!(["monday", "friday"]));
    // Every rule names its field.
    try_post(
        &app,
        &owner,
        "/api/departments/create",
        json!({"name": "X", "branch_id": 999999}),
    )
    .await
    .expect_invalid("branch_id");
    try_post(&app, &owner, "/api/designations/create", json!({"name": "X"}))
        .await
        .expect_invalid("department_id");
    for (body, field) in [
        (
            json!({"name": "N", "start_time": "25:00", "end_time": "08:00", "working_days": ["monday"]}),
            "start_time",
        ),
        (
            json!({"name": "N", "start_time": "09:00", "end_time": "09:00", "working_days": ["monday"]}),
            "end_time",
        ),
        (
            json!({
                "name": "N",
                "start_time": "09:00",
                "end_time": "10:00",
                "break_minutes": 60,
                "working_days": ["monday"],
            }),
            "break_minutes",
        ),
        (
            json!({"name": "N", "start_time": "09:00", "end_time": "17:00", "working_days": []}),
            "working_days",
        ),
    ] {
        try_post(&app, &owner, "/api/shifts/create", body)
            .await
            .expect_invalid(field);
    }
    // A night shift runs past midnight.
    create(
        &app,
        &owner,
        "/api/shifts/create",
        json!({
            "name": "Night",
            "start_time": "22:00",
            "end_time": "06:00",
            "break_minutes": 45,
            "working_days": ["saturday"],
        }),
    )
    .await;
    assert_eq!(names(&get(&app, &owner, "/api/shifts").await), ["Day", "Night"]);
    // Lists filter by parent.
    let other_branch = id(&create(&app, &owner, "/api/branches/create", json!({"name": "Porto"})).await);
    create(
        &app,
        &owner,
        "/api/departments/create",
        json!({"name": "Sales", "branch_id": other_branch}),
    )
    .await;
    assert_eq!(
        ids(&get(&app, &owner, &format!("/api/departments?branch_id={branch}")).await),
        [department]
    );
    assert_eq!(
        ids(&get(&app, &owner, &format!("/api/designations?department_id={department}")).await),
        [designation]
    );
    // In use: a branch with a department, a department with a designation.
    try_delete(&app, &owner, &format!("/api/branches/delete/{branch}"))
        .await
        .expect_error(409, "in_use");
    try_delete(&app, &owner, &format!("/api/departments/delete/{department}"))
        .await
        .expect_error(409, "in_use");
    post(
        &app,
        &owner,
        &format!("/api/shifts/update/{shift}"),
        json!({"end_time": "18:00"}),
        200,
    )
    .await;
    try_post(
        &app,
        &owner,
        &format!("/api/shifts/update/{shift}"),
        json!({"break_minutes": 600}),
    )
    .await
    .expect_invalid("break_minutes");

    // Holidays: one day or several, listed by date and by year.
    create(
        &app,
        &owner,
        "/api/holidays/create",
        json!({"name": "Christmas", "date": "2027-12-25", "end_date": "2027-12-26"}),
    )
    .await;
    let new_year = create(
        &app,
        &owner,
        "/api/holidays/create",
        json!({"name": "New Year", "date": "2027-01-01"}),
    )
    .await;
    assert_eq!(new_year["end_date"], "2027-01-01");
    create(
        &app,
        &owner,
        "/api/holidays/create",
        json!({"name": "Old", "date": "2026-05-01"}),
    )
    .await;
    try_post(
        &app,
        &owner,
        "/api/holidays/create",
        json!({"name": "Bad", "date": "2027-03-02", "end_date": "2027-03-01"}),
    )
    .await
    .expect_invalid("end_date");
    let of_year = get(&app, &owner, "/api/hrm/holidays-list?year=2027").await;
    let listed: Vec<&str> = of_year
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["name"].as_str().unwrap())
        .collect();
    assert_eq!(listed, ["New Year", "Christmas"]);
    assert_eq!(
        names(&get(&app, &owner, "/api/holidays?sort=date").await),
        ["Old", "New Year", "Christmas"]
    );
    assert_eq!(
        names(&get(&app, &owner, "/api/holidays?year=2027&sort=-date").await),
        ["Christmas", "New Year"]
    );
    app.get("/api/hrm/holidays-list?year=99")
        .token(&owner)
        .send()
        .await
        .expect_invalid("year");

    let doc = create(
        &app,
        &owner,
        "/api/document-types/create",
        json!({"name": "Contract", "is_required": true}),
    )
    .await;
    assert_eq!(doc["is_required"], true);
    try_delete(&app, &owner, &format!("/api/document-types/delete/{}", id(&doc)))
        .await
        .expect(200);
    assert_eq!(get(&app, &owner, "/api/document-types").await["meta"]["total"], 0);
}

async fn employee(app: &TestApp, token: &str, body: Value) -> Value {
    create(app, token, "/api/employee/create", body).await
}

async fn an_employee_is_one_team_user_placed_in_the_organisation(app: TestApp) {
    app.keep_events().await;
    let owner = app.owner_token().await;
    let (branch, department, designation, shift) = organisation(&app, &owner).await;
    let (ann, _) = app.user_with_role("staff").await;
    let (bob, _) = app.user_with_role("admin").await;
    let (client, _) = app.user_with_role("client").await;
    let place = |user: u64| {
        json!({
            "user_id": user,
            "department_id": department,
            "designation_id": designation,
            "shift_id": shift,
            "date_of_joining": "2026-03-01",
            "basic_salary": "3200.50",
        })
    };
    let first = employee(&app, &owner, place(ann)).await;
    let eid = id(&first);
    assert_eq!(
        (
            first["employee_code"].as_str(),
            first["branch_id"].as_u64(),
            first["status"].as_str(),
            first["employment_type"].as_str(),
            first["basic_salary"].as_f64()
        ),
        (
            Some(format!("EMP-{eid:04}").as_str()),
            Some(branch),
            Some("active"),
            Some("full_time"),
            Some(3200.5)
        )
    );
    assert!(first["email"].as_str().unwrap().contains('@'));
    // One employee per user; codes are unique (without case); clients are not employees.
    try_post(&app, &owner, "/api/employee/create", place(ann))
        .await
        .expect_invalid("user_id");
    let mut coded = place(bob);
    coded["employee_code"] = json!(first["employee_code"].as_str().unwrap().to_lowercase());
    try_post(&app, &owner, "/api/employee/create", coded)
        .await
        .expect_invalid("employee_code");
    try_post(&app, &owner, "/api/employee/create", place(client))
        .await
        .expect_invalid("user_id");
    // A designation of another department does not fit.
    let (_, other_department, other_designation, _) = organisation(&app, &owner).await;
    let mut misplaced = place(bob);
    misplaced["designation_id"] = json!(other_designation);
    try_post(&app, &owner, "/api/employee/create", misplaced)
        .await
        .expect_invalid("designation_id");
    let refused = try_post(&app, &owner, "/api/employee/create", json!({"basic_salary": -1}))
        .await
        .expect(422);
    for field in [
        "user_id",
        "department_id",
        "designation_id",
        "shift_id",
        "date_of_joining",
        "basic_salary",
    ] {
        assert!(refused.body["errors"].get(field).is_some(), "{field}: {}", refused.body);
    }
    assert_eq!(app.count(app.tenant, "hr_employee").await, 1);

    // Moving department moves branch; the designation must follow.
    try_post(
        &app,
        &owner,
        &format!("/api/employee/update/{eid}"),
        json!({"department_id": other_department}),
    )
    .await
    .expect_invalid("designation_id");
    let moved = post(
        &app,
        &owner,
        &format!("/api/employee/update/{eid}"),
        json!({"department_id": other_department, "designation_id": other_designation, "employment_type": "part_time"}),
        200,
    )
    .await;
    assert_ne!(moved["branch_id"].as_u64(), Some(branch));
    assert_eq!(moved["employment_type"], "part_time");
    assert_eq!(
        get(&app, &owner, &format!("/api/employee/show/{eid}")).await["designation_id"].as_u64(),
        Some(other_designation)
    );
    // A shift or designation with employees is in use.
    try_delete(&app, &owner, &format!("/api/shifts/delete/{shift}"))
        .await
        .expect_error(409, "in_use");
    try_delete(&app, &owner, &format!("/api/designations/delete/{other_designation}"))
        .await
        .expect_error(409, "in_use");
    let second = employee(&app, &owner, place(bob)).await;
    assert_eq!(
        ids(&get(&app, &owner, &format!("/api/employees?department_id={department}")).await),
        [id(&second)]
    );
    assert_eq!(
        ids(&get(&app, &owner, "/api/employees?employment_type=part_time").await),
        [eid]
    );
    assert_eq!(events(&app, "employee.created").await.len(), 2);
    try_delete(&app, &owner, &format!("/api/employee/delete/{eid}"))
        .await
        .expect(200);
    // The user is free for a new employee record.
    employee(&app, &owner, place(ann)).await;
}

/// An employee for a new staff user in a new organisation: (employee id, the user's token).
async fn staff_employee(app: &TestApp, owner: &str) -> (u64, String) {
    let (_, department, designation, shift) = organisation(app, owner).await;
    let (user, token) = app.user_with_role("staff").await;
    let made = employee(
        app,
        owner,
        json!({
            "user_id": user,
            "department_id": department,
            "designation_id": designation,
            "shift_id": shift,
            "date_of_joining": "2025-01-06",
        }),
    )
    .await;
    (id(&made), token)
}

async fn leave_type(app: &TestApp, token: &str, days: u32) -> u64 {
    id(&create(
        app,
        token,
        "/api/leave-types/create",
        json!({"name": "Annual leave", "days_per_year": days}),
    )
    .await)
}

fn leave(employee: u64, kind: u64, start: &str, end: &str) -> Value {
    json!({"employee_id": employee, "leave_type_id": kind, "start_date": start, "end_date": end})
}

async fn balance(app: &TestApp, token: &str, employee: u64) -> (u64, u64, u64) {
    let figures = get(
        app,
        token,
        &format!("/api/leave-balances?employee_id={employee}&year=2026"),
    )
    .await;
    let b = &figures[0];
    (
        b["approved"].as_u64().unwrap(),
        b["pending"].as_u64().unwrap(),
        b["remaining"].as_u64().unwrap(),
    )
}

async fn leave_is_applied_for_decided_and_kept_within_the_allowance(app: TestApp) {
    app.keep_events().await;
    let owner = app.owner_token().await;
    let (eid, ann) = staff_employee(&app, &owner).await;
    let annual = leave_type(&app, &owner, 5).await;
    const CREATE: &str = "/api/leave-application/create";
    let first = create(&app, &owner, CREATE, leave(eid, annual, "2026-08-03", "2026-08-05")).await;
    assert_eq!(
        (first["status"].as_str(), first["total_days"].as_u64()),
        (Some("pending"), Some(3))
    );
    // Overlaps, a leave across New Year, more days than the allowance: refused, naming why.
    let overlap = try_post(&app, &owner, CREATE, leave(eid, annual, "2026-08-05", "2026-08-06"))
        .await
        .expect_invalid("start_date");
    assert!(
        overlap.body.to_string().contains(&id(&first).to_string()),
        "{}",
        overlap.body
    );
    try_post(&app, &owner, CREATE, leave(eid, annual, "2026-12-30", "2027-01-02"))
        .await
        .expect_invalid("end_date");
    try_post(&app, &owner, CREATE, leave(eid, annual, "2026-09-01", "2026-09-06"))
        .await
        .expect_invalid("end_date");
    try_post(&app, &owner, CREATE, leave(eid, 999999, "2026-09-01", "2026-09-01"))
        .await
        .expect_invalid("leave_type_id");
    try_post(&app, &owner, CREATE, leave(999999, annual, "2026-09-01", "2026-09-01"))
        .await
        .expect_invalid("employee_id");
    // Every missing field at once.
    let refused = try_post(&app, &owner, CREATE, json!({"reason": "?"})).await.expect(422);
    for field in ["employee_id", "leave_type_id", "start_date", "end_date"] {
        assert!(refused.body["errors"].get(field).is_some(), "{field}: {}", refused.body);
    }
    // Pending days do not hold the allowance: a second request fits.
    let second = create(&app, &owner, CREATE, leave(eid, annual, "2026-08-10", "2026-08-12")).await;
    assert_eq!(balance(&app, &owner, eid).await, (0, 6, 5));
    let decide = |leave: u64| format!("/api/leave-application/update-status/{leave}");
    let approved = post(
        &app,
        &owner,
        &decide(id(&first)),
        json!({"status": "approved", "approver_comment": "Enjoy"}),
        200,
    )
    .await;
    assert_eq!(
        (approved["status"].as_str(), approved["approved_by"].as_u64()),
        (Some("approved"), Some(1))
    );
    assert_eq!(balance(&app, &owner, eid).await, (3, 3, 2));
    // Approving the second would pass the allowance.
    try_post(&app, &owner, &decide(id(&second)), json!({"status": "approved"}))
        .await
        .expect_invalid("end_date");
    post(&app, &owner, &decide(id(&second)), json!({"status": "rejected"}), 200).await;
    try_post(&app, &owner, &decide(id(&second)), json!({"status": "approved"}))
        .await
        .expect_error(409, "invalid_transition");
    try_post(&app, &owner, &decide(id(&first)), json!({"status": "pending"}))
        .await
        .expect(422);
    try_post(
        &app,
        &owner,
        &format!("/api/leave-application/update/{}", id(&first)),
        json!({"reason": "late note"}),
    )
    .await
    .expect_error(409, "invalid_transition");
    assert_eq!(balance(&app, &owner, eid).await, (3, 0, 2));
    let mut types = events(&app, "leave.").await;
    types.sort();
    assert_eq!(
        types,
        ["leave.approved", "leave.rejected", "leave.requested", "leave.requested"]
    );

    // The employee's own routes: their applications, their figures, their requests.
    let mine = get(&app, &ann, "/api/hrm/get-leaves?sort=-id").await;
    assert_eq!(ids(&mine), [id(&second), id(&first)]);
    let own_types = get(&app, &ann, "/api/hrm/get-leaves-types").await;
    assert_eq!(own_types[0]["leave_type"]["name"], "Annual leave");
    let requested = post(
        &app,
        &ann,
        "/api/hrm/leave-request",
        json!({"leave_type_id": annual, "start_date": "2026-10-01", "end_date": "2026-10-02", "reason": "Moving"}),
        201,
    )
    .await;
    assert_eq!(requested["employee_id"].as_u64(), Some(eid));
    // The owner is no employee here.
    app.get("/api/hrm/get-leaves")
        .token(&owner)
        .send()
        .await
        .expect_error(422, "not_an_employee");
    // Withdrawing an approved leave gives its days back; a type in use stays.
    try_delete(&app, &owner, &format!("/api/leave-application/delete/{}", id(&first)))
        .await
        .expect(200);
    assert_eq!(balance(&app, &owner, eid).await, (0, 2, 5));
    try_delete(&app, &owner, &format!("/api/leave-types/delete/{annual}"))
        .await
        .expect_error(409, "in_use");
    assert_eq!(
        ids(&get(
            &app,
            &owner,
            &format!("/api/leave-applications?employee_id={eid}&status=pending")
        )
        .await),
        [id(&requested)]
    );
}

async fn two_approvals_that_together_exceed_the_allowance_leave_one_approved(app: TestApp) {
    let owner = app.owner_token().await;
    let (eid, _) = staff_employee(&app, &owner).await;
    let annual = leave_type(&app, &owner, 5).await;
    for round in 0..3 {
        let month = 3 + round * 2;
        let a = create(
            &app,
            &owner,
            "/api/leave-application/create",
            leave(
                eid,
                annual,
                &format!("2026-{month:02}-02"),
                &format!("2026-{month:02}-04"),
            ),
        )
        .await;
        let b = create(
            &app,
            &owner,
            "/api/leave-application/create",
            leave(
                eid,
                annual,
                &format!("2026-{month:02}-09"),
                &format!("2026-{month:02}-11"),
            ),
        )
        .await;
        let approve = json!({"status": "approved"});
        let (path_a, path_b) = (
            format!("/api/leave-application/update-status/{}", id(&a)),
            format!("/api/leave-application/update-status/{}", id(&b)),
        );
        let (x, y) = tokio::join!(
            try_post(&app, &owner, &path_a, approve.clone()),
            try_post(&app, &owner, &path_b, approve.clone()),
        );
        let mut statuses = [x.status, y.status];
        statuses.sort_unstable();
        assert_eq!(statuses, [200, 422], "{x:?} {y:?}");
        let (approved, pending, _) = balance(&app, &owner, eid).await;
        assert_eq!((approved, pending), (3, 3));
        // Clear the round: the approved one withdrawn, the pending one too.
        for leave in [id(&a), id(&b)] {
            try_delete(&app, &owner, &format!("/api/leave-application/delete/{leave}"))
                .await
                .expect(200);
        }
        assert_eq!(balance(&app, &owner, eid).await, (0, 0, 5));
    }
}

on_both_stores!(
    the_organisation_nests_and_refuses_what_does_not_fit,
    an_employee_is_one_team_user_placed_in_the_organisation,
    leave_is_applied_for_decided_and_kept_within_the_allowance,
    two_approvals_that_together_exceed_the_allowance_leave_one_approved,
);

async fn the_sandbox_holds_an_organisation_and_its_team(app: TestApp) {
    let owner = app.owner_token().await;
    let test_key = app.api_key(&owner, "test").await;
    let employees = get(&app, &test_key, "/api/employees?sort=id").await;
    assert_eq!(employees["meta"]["total"], 4);
    let users: Vec<u64> = employees["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["user_id"].as_u64().unwrap())
        .collect();
    assert_eq!(users, [1, 2, 3, 4]);
    assert_eq!(get(&app, &test_key, "/api/departments").await["meta"]["total"], 2);
    assert_eq!(
        get(&app, &test_key, "/api/hrm/holidays-list")
            .await
            .as_array()
            .unwrap()
            .len(),
        3
    );
    let leave = get(&app, &test_key, "/api/leave-applications?sort=id").await;
    let states: Vec<&str> = leave["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["status"].as_str().unwrap())
        .collect();
    assert_eq!(states, ["approved", "pending", "rejected"]);
    let leo = leave["data"][0]["employee_id"].as_u64().unwrap();
    let year = leave["data"][0]["start_date"].as_str().unwrap()[..4].to_string();
    let figures = get(
        &app,
        &test_key,
        &format!("/api/leave-balances?employee_id={leo}&year={year}"),
    )
    .await;
    let annual = figures
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["leave_type"]["name"] == "Annual leave")
        .unwrap();
    assert_eq!(
        (
            annual["approved"].as_u64(),
            annual["pending"].as_u64(),
            annual["remaining"].as_u64()
        ),
        (Some(5), Some(2), Some(17))
    );
    assert_eq!(get(&app, &owner, "/api/employees").await["meta"]["total"], 0);
}

on_both_stores!(
    with_demo_data:
    the_sandbox_holds_an_organisation_and_its_team,
);
