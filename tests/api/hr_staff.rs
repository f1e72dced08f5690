//! HR's other records (functions/hr/src/staff.rs): announcements, events, awards, warnings,
//! complaints, promotions and transfers (applied to the employee at once), resignations and
//! terminations (which end the employment, and give it back when deleted), HR documents and
//! their acknowledgments, and the sandbox's share of them.

use serde_json::{json, Value};

use crate::harness::{create, get, id, ids, post, try_delete, try_post, TestApp};
use crate::on_both_stores;

/// Two branches with a department each; two designations in the first department, one in the
/// other; a shift.
struct Org {
    branch: u64,
    department: u64,
    engineer: u64,
    lead: u64,
    other_branch: u64,
    other_department: u64,
    other_designation: u64,
    shift: u64,
}

async fn org(app: &TestApp, token: &str) -> Org {
    let named = |path: &'static str, body: Value| async move { id(&create(app, token, path, body).await) };
    let branch = named("/api/branches/create", json!({"name": "Lisbon"})).await;
    let other_branch = named("/api/branches/create", json!({"name": "Porto"})).await;
    let department = named(
        "/api/departments/create",
        json!({"name": "Engineering", "branch_id": branch}),
    )
    .await;
    let other_department = named(
        "/api/departments/create",
        json!({"name": "Sales", "branch_id": other_branch}),
    )
    .await;
    let designation = |name: &'static str, department: u64| {
        named(
            "/api/designations/create",
            json!({"name": name, "department_id": department}),
        )
    };
    Org {
        branch,
        department,
        engineer: designation("Engineer", department).await,
        lead: designation("Lead", department).await,
        other_branch,
        other_department,
        other_designation: designation("Account manager", other_department).await,
        shift: named(
            "/api/shifts/create",
            json!({"name": "Day", "start_time": "09:00", "end_time": "17:00", "working_days": ["monday"]}),
        )
        .await,
    }
}

/// An engineer, a new staff user, who joined on 2025-01-06 at 3000 a month: their employee id.
async fn hire(app: &TestApp, token: &str, org: &Org) -> u64 {
    let (user, _, _) = app.create_user(token, "staff").await;
    id(&create(
        app,
        token,
        "/api/employee/create",
        json!({
            "user_id": user,
            "department_id": org.department,
            "designation_id": org.engineer,
            "shift_id": org.shift,
            "date_of_joining": "2025-01-06",
            "basic_salary": 3000,
        }),
    )
    .await)
}

async fn employee(app: &TestApp, token: &str, id: u64) -> Value {
    get(app, token, &format!("/api/employee/show/{id}")).await
}

/// Asserts a 422 that names every one of `fields`.
async fn refused_naming(app: &TestApp, token: &str, path: &str, body: Value, fields: &[&str]) {
    let refused = try_post(app, token, path, body).await.expect(422);
    for field in fields {
        assert!(
            refused.body["errors"].get(field).is_some(),
            "{path} {field}: {}",
            refused.body
        );
    }
}

async fn notices_events_awards_warnings_and_complaints_are_kept_per_workspace(app: TestApp) {
    let owner = app.owner_token().await;
    let org = org(&app, &owner).await;
    let (ann, bob) = (hire(&app, &owner, &org).await, hire(&app, &owner, &org).await);

    // Announcements: for everyone or one department, an optional end not before the start.
    let all = create(
        &app,
        &owner,
        "/api/announcements/create",
        json!({"title": "Welcome", "start_date": "2026-05-01", "end_date": "2026-05-31"}),
    )
    .await;
    let team = create(
        &app,
        &owner,
        "/api/announcements/create",
        json!({"title": "Offsite", "start_date": "2026-06-01", "department_id": org.department}),
    )
    .await;
    assert_eq!(
        ids(&get(&app, &owner, "/api/announcements?sort=-start_date").await),
        [id(&team), id(&all)]
    );
    assert_eq!(
        ids(&get(
            &app,
            &owner,
            &format!("/api/announcements?department_id={}", org.department)
        )
        .await),
        [id(&team)]
    );
    refused_naming(
        &app,
        &owner,
        "/api/announcements/create",
        json!({"start_date": "2026-05-02", "end_date": "2026-05-01", "department_id": 999999}),
        &["title", "end_date"],
    )
    .await;
    try_post(
        &app,
        &owner,
        "/api/announcements/create",
        json!({"title": "X", "start_date": "2026-05-02", "department_id": 999999}),
    )
    .await
    .expect_invalid("department_id");
    let cleared = post(
        &app,
        &owner,
        &format!("/api/announcements/update/{}", id(&all)),
        json!({"end_date": null, "department_id": org.other_department}),
        200,
    )
    .await;
    assert_eq!(
        (cleared["end_date"].clone(), cleared["department_id"].as_u64()),
        (Value::Null, Some(org.other_department))
    );
    try_post(
        &app,
        &owner,
        &format!("/api/announcements/update/{}", id(&team)),
        json!({"end_date": "2026-05-01"}),
    )
    .await
    .expect_invalid("end_date");
    // A department an announcement is for is in use.
    try_delete(
        &app,
        &owner,
        &format!("/api/departments/delete/{}", org.other_department),
    )
    .await
    .expect_error(409, "in_use");

    // Events: created at the catalogue's path, a one-day event ends on its start, listed by year.
    let party = create(
        &app,
        &owner,
        "/api/hrm/events",
        json!({"title": "Summer party", "start_date": "2026-07-17", "location": "Roof"}),
    )
    .await;
    assert_eq!(party["end_date"], "2026-07-17");
    let later = create(
        &app,
        &owner,
        "/api/hrm/events",
        json!({"title": "Kick-off", "start_date": "2027-01-11", "end_date": "2027-01-12"}),
    )
    .await;
    assert_eq!(ids(&get(&app, &owner, "/api/events").await), [id(&party), id(&later)]);
    assert_eq!(ids(&get(&app, &owner, "/api/events?year=2027").await), [id(&later)]);
    refused_naming(
        &app,
        &owner,
        "/api/hrm/events",
        json!({"start_date": "2026-07-17", "end_date": "2026-07-16", "location": " "}),
        &["title", "end_date", "location"],
    )
    .await;
    let moved = post(
        &app,
        &owner,
        &format!("/api/events/update/{}", id(&party)),
        json!({"start_date": "2026-07-10", "end_date": "2026-07-11"}),
        200,
    )
    .await;
    assert_eq!(moved["end_date"], "2026-07-11");
    try_delete(&app, &owner, &format!("/api/events/delete/{}", id(&later)))
        .await
        .expect(200);

    // Awards: every field at once, nothing stored; cash is not negative.
    refused_naming(
        &app,
        &owner,
        "/api/awards/create",
        json!({"cash": -5, "gift": ""}),
        &["employee_id", "award_type", "date", "cash", "gift"],
    )
    .await;
    try_post(
        &app,
        &owner,
        "/api/awards/create",
        json!({"employee_id": 999999, "award_type": "Star", "date": "2026-05-01"}),
    )
    .await
    .expect_invalid("employee_id");
    assert_eq!(app.count(app.tenant, "hr_award").await, 0);
    let award = create(
        &app,
        &owner,
        "/api/awards/create",
        json!({"employee_id": ann, "award_type": "Star", "date": "2026-05-01", "cash": "150.50"}),
    )
    .await;
    assert_eq!(award["cash"].as_f64(), Some(150.5));
    create(
        &app,
        &owner,
        "/api/awards/create",
        json!({"employee_id": bob, "award_type": "Mentor", "date": "2026-04-01"}),
    )
    .await;
    assert_eq!(
        ids(&get(&app, &owner, &format!("/api/awards?employee_id={ann}")).await),
        [id(&award)]
    );
    let updated = post(
        &app,
        &owner,
        &format!("/api/awards/update/{}", id(&award)),
        json!({"gift": "Dinner", "version": 1}),
        200,
    )
    .await;
    assert_eq!(
        (updated["gift"].as_str(), updated["version"].as_u64()),
        (Some("Dinner"), Some(2))
    );

    // Warnings are signed by whoever records them.
    let warning = create(
        &app,
        &owner,
        "/api/warnings/create",
        json!({"employee_id": bob, "subject": "Late", "warning_date": "2026-05-04"}),
    )
    .await;
    assert_eq!(warning["warned_by"].as_u64(), Some(1));
    assert_eq!(
        ids(&get(&app, &owner, &format!("/api/warnings?employee_id={bob}")).await),
        [id(&warning)]
    );

    // Complaints: about someone else; open until resolved.
    try_post(
        &app,
        &owner,
        "/api/complaints/create",
        json!({"complaint_from": ann, "complaint_against": ann, "title": "Me", "date": "2026-05-05"}),
    )
    .await
    .expect_invalid("complaint_against");
    try_post(
        &app,
        &owner,
        "/api/complaints/create",
        json!({"complaint_from": ann, "complaint_against": 999999, "title": "X", "date": "2026-05-05"}),
    )
    .await
    .expect_invalid("complaint_against");
    let complaint = create(
        &app,
        &owner,
        "/api/complaints/create",
        json!({"complaint_from": ann, "complaint_against": bob, "title": "Noise", "date": "2026-05-05"}),
    )
    .await;
    assert_eq!(complaint["status"], "open");
    post(
        &app,
        &owner,
        &format!("/api/complaints/update/{}", id(&complaint)),
        json!({"status": "resolved"}),
        200,
    )
    .await;
    assert_eq!(
        ids(&get(&app, &owner, "/api/complaints?status=resolved").await),
        [id(&complaint)]
    );
    assert_eq!(
        ids(&get(&app, &owner, &format!("/api/complaints?complaint_against={bob}")).await),
        [id(&complaint)]
    );

    // An employee with records is in use until they are gone.
    try_delete(&app, &owner, &format!("/api/employee/delete/{bob}"))
        .await
        .expect_error(409, "in_use");
    for path in [
        format!("/api/warnings/delete/{}", id(&warning)),
        format!("/api/complaints/delete/{}", id(&complaint)),
    ] {
        try_delete(&app, &owner, &path).await.expect(200);
    }
    let mentor = ids(&get(&app, &owner, &format!("/api/awards?employee_id={bob}")).await)[0];
    try_delete(&app, &owner, &format!("/api/awards/delete/{mentor}"))
        .await
        .expect(200);
    try_delete(&app, &owner, &format!("/api/employee/delete/{bob}"))
        .await
        .expect(200);

    // Another workspace sees none of it and cannot touch it.
    let (_, email, password) = app.second_workspace().await;
    let other = app.login(&email, &password).await;
    for list in [
        "/api/announcements",
        "/api/events",
        "/api/awards",
        "/api/warnings",
        "/api/complaints",
    ] {
        assert_eq!(get(&app, &other, list).await["meta"]["total"], 0, "{list}");
    }
    try_post(
        &app,
        &other,
        &format!("/api/awards/update/{}", id(&award)),
        json!({"gift": "Mine"}),
    )
    .await
    .expect_error(404, "not_found");
    try_delete(&app, &other, &format!("/api/announcements/delete/{}", id(&all)))
        .await
        .expect_error(404, "not_found");
}

async fn a_promotion_or_a_transfer_moves_the_employee_as_it_is_recorded(app: TestApp) {
    let owner = app.owner_token().await;
    let org = org(&app, &owner).await;
    let ann = hire(&app, &owner, &org).await;
    const PROMOTE: &str = "/api/promotions/create";
    refused_naming(
        &app,
        &owner,
        PROMOTE,
        json!({"basic_salary": -1}),
        &["employee_id", "designation_id", "date", "basic_salary"],
    )
    .await;
    for (body, field) in [
        (
            json!({"employee_id": ann, "designation_id": 999999, "date": "2026-03-01"}),
            "designation_id",
        ),
        (
            json!({"employee_id": ann, "designation_id": org.lead, "date": "2024-12-31"}),
            "date",
        ),
        // Nothing would change.
        (
            json!({"employee_id": ann, "designation_id": org.engineer, "date": "2026-03-01", "basic_salary": 3000}),
            "designation_id",
        ),
    ] {
        try_post(&app, &owner, PROMOTE, body).await.expect_invalid(field);
    }
    assert_eq!(app.count(app.tenant, "hr_promotion").await, 0);
    let promotion = create(
        &app,
        &owner,
        PROMOTE,
        json!({"employee_id": ann, "designation_id": org.lead, "date": "2026-03-01", "basic_salary": "4200.00"}),
    )
    .await;
    assert_eq!(
        (
            promotion["previous_designation_id"].as_u64(),
            promotion["previous_salary"].as_f64(),
            promotion["department_id"].as_u64()
        ),
        (Some(org.engineer), Some(3000.0), Some(org.department))
    );
    let promoted = employee(&app, &owner, ann).await;
    assert_eq!(
        (
            promoted["designation_id"].as_u64(),
            promoted["basic_salary"].as_f64(),
            promoted["version"].as_u64()
        ),
        (Some(org.lead), Some(4200.0), Some(2))
    );
    // Its date and description change, not what it did; a date before joining does not fit.
    try_post(
        &app,
        &owner,
        &format!("/api/promotions/update/{}", id(&promotion)),
        json!({"date": "2024-01-01"}),
    )
    .await
    .expect_invalid("date");
    post(
        &app,
        &owner,
        &format!("/api/promotions/update/{}", id(&promotion)),
        json!({"date": "2026-03-02", "description": "Well earned"}),
        200,
    )
    .await;
    // The designations it names are in use.
    try_delete(&app, &owner, &format!("/api/designations/delete/{}", org.engineer))
        .await
        .expect_error(409, "in_use");
    assert_eq!(
        ids(&get(&app, &owner, &format!("/api/promotions?employee_id={ann}")).await),
        [id(&promotion)]
    );

    // A transfer: another department, with a designation of it, in its branch.
    const TRANSFER: &str = "/api/employee-transfers/create";
    let to = |designation: u64, branch: Option<u64>| {
        json!({
            "employee_id": ann,
            "to_department_id": org.other_department,
            "to_designation_id": designation,
            "to_branch_id": branch,
            "date": "2026-04-01",
            "reason": "Sales needs help",
        })
    };
    try_post(&app, &owner, TRANSFER, to(org.lead, None))
        .await
        .expect_invalid("to_designation_id");
    try_post(&app, &owner, TRANSFER, to(org.other_designation, Some(org.branch)))
        .await
        .expect_invalid("to_branch_id");
    try_post(
        &app,
        &owner,
        TRANSFER,
        json!({
            "employee_id": ann,
            "to_department_id": org.department,
            "to_designation_id": org.engineer,
            "date": "2026-04-01",
        }),
    )
    .await
    .expect_invalid("to_department_id");
    refused_naming(
        &app,
        &owner,
        TRANSFER,
        json!({"reason": ""}),
        &["employee_id", "to_department_id", "to_designation_id", "date", "reason"],
    )
    .await;
    let transfer = create(
        &app,
        &owner,
        TRANSFER,
        to(org.other_designation, Some(org.other_branch)),
    )
    .await;
    assert_eq!(
        (
            transfer["from_branch_id"].as_u64(),
            transfer["from_designation_id"].as_u64(),
            transfer["to_branch_id"].as_u64()
        ),
        (Some(org.branch), Some(org.lead), Some(org.other_branch))
    );
    let moved = employee(&app, &owner, ann).await;
    assert_eq!(
        (
            moved["branch_id"].as_u64(),
            moved["department_id"].as_u64(),
            moved["designation_id"].as_u64(),
            moved["basic_salary"].as_f64()
        ),
        (
            Some(org.other_branch),
            Some(org.other_department),
            Some(org.other_designation),
            Some(4200.0)
        )
    );
    assert_eq!(
        ids(&get(
            &app,
            &owner,
            &format!("/api/employee-transfers?to_branch_id={}", org.other_branch)
        )
        .await),
        [id(&transfer)]
    );
    // Deleting a record of a move keeps the move.
    try_delete(
        &app,
        &owner,
        &format!("/api/employee-transfers/delete/{}", id(&transfer)),
    )
    .await
    .expect(200);
    try_delete(&app, &owner, &format!("/api/promotions/delete/{}", id(&promotion)))
        .await
        .expect(200);
    assert_eq!(
        employee(&app, &owner, ann).await["department_id"].as_u64(),
        Some(org.other_department)
    );
    try_delete(&app, &owner, &format!("/api/designations/delete/{}", org.engineer))
        .await
        .expect(200);
}

async fn a_resignation_or_a_termination_ends_the_employment_until_it_is_deleted(app: TestApp) {
    let owner = app.owner_token().await;
    let org = org(&app, &owner).await;
    let ann = hire(&app, &owner, &org).await;
    const TERMINATE: &str = "/api/terminations/create";
    const RESIGN: &str = "/api/resignations/create";
    refused_naming(
        &app,
        &owner,
        TERMINATE,
        json!({"notice_date": "2026-05-10", "termination_date": "2026-05-01"}),
        &["employee_id", "termination_type", "termination_date"],
    )
    .await;
    try_post(
        &app,
        &owner,
        RESIGN,
        json!({"employee_id": ann, "notice_date": "2024-11-01", "resignation_date": "2024-12-31"}),
    )
    .await
    .expect_invalid("resignation_date");
    try_post(
        &app,
        &owner,
        RESIGN,
        json!({"employee_id": 999999, "notice_date": "2026-05-01", "resignation_date": "2026-05-31"}),
    )
    .await
    .expect_invalid("employee_id");
    assert_eq!(app.count(app.tenant, "hr_resignation").await, 0);
    assert_eq!(employee(&app, &owner, ann).await["status"], "active");

    let termination = create(
        &app,
        &owner,
        TERMINATE,
        json!({
            "employee_id": ann,
            "termination_type": "Redundancy",
            "notice_date": "2026-05-01",
            "termination_date": "2026-06-30",
        }),
    )
    .await;
    let ended = employee(&app, &owner, ann).await;
    assert_eq!(
        (ended["status"].as_str(), ended["end_date"].as_str()),
        (Some("ended"), Some("2026-06-30"))
    );
    assert_eq!(ids(&get(&app, &owner, "/api/employees?status=ended").await), [ann]);
    // Ended once: no second end, no promotion.
    try_post(
        &app,
        &owner,
        TERMINATE,
        json!({
            "employee_id": ann,
            "termination_type": "Again",
            "notice_date": "2026-05-01",
            "termination_date": "2026-06-30",
        }),
    )
    .await
    .expect_invalid("employee_id");
    try_post(
        &app,
        &owner,
        RESIGN,
        json!({"employee_id": ann, "notice_date": "2026-05-01", "resignation_date": "2026-05-31"}),
    )
    .await
    .expect_invalid("employee_id");
    try_post(
        &app,
        &owner,
        "/api/promotions/create",
        json!({"employee_id": ann, "designation_id": org.lead, "date": "2026-05-01"}),
    )
    .await
    .expect_invalid("employee_id");
    // Its date moves the end; not before its notice.
    let path = format!("/api/terminations/update/{}", id(&termination));
    try_post(&app, &owner, &path, json!({"termination_date": "2026-04-30"}))
        .await
        .expect_invalid("termination_date");
    post(
        &app,
        &owner,
        &path,
        json!({"termination_date": "2026-07-31", "reason": "Team closed"}),
        200,
    )
    .await;
    assert_eq!(employee(&app, &owner, ann).await["end_date"], "2026-07-31");
    assert_eq!(
        ids(&get(
            &app,
            &owner,
            &format!("/api/terminations?employee_id={ann}&termination_type=redundancy")
        )
        .await),
        [id(&termination)]
    );
    // The employee stays while it names them; deleting it gives the employment back.
    try_delete(&app, &owner, &format!("/api/employee/delete/{ann}"))
        .await
        .expect_error(409, "in_use");
    try_delete(&app, &owner, &format!("/api/terminations/delete/{}", id(&termination)))
        .await
        .expect(200);
    let restored = employee(&app, &owner, ann).await;
    assert_eq!(
        (restored["status"].as_str(), restored["end_date"].clone()),
        (Some("active"), Value::Null)
    );

    // A resignation ends it the same way.
    let resignation = create(
        &app,
        &owner,
        RESIGN,
        json!({"employee_id": ann, "notice_date": "2026-05-01", "resignation_date": "2026-05-31", "reason": "Moving"}),
    )
    .await;
    assert_eq!(employee(&app, &owner, ann).await["end_date"], "2026-05-31");
    post(
        &app,
        &owner,
        &format!("/api/resignations/update/{}", id(&resignation)),
        json!({"resignation_date": "2026-06-15"}),
        200,
    )
    .await;
    let resigned = employee(&app, &owner, ann).await;
    assert_eq!(
        (resigned["status"].as_str(), resigned["end_date"].as_str()),
        (Some("ended"), Some("2026-06-15"))
    );
    assert_eq!(
        ids(&get(&app, &owner, &format!("/api/resignations?employee_id={ann}")).await),
        [id(&resignation)]
    );
    try_delete(&app, &owner, &format!("/api/resignations/delete/{}", id(&resignation)))
        .await
        .expect(200);
    assert_eq!(employee(&app, &owner, ann).await["status"], "active");
    try_delete(&app, &owner, &format!("/api/employee/delete/{ann}"))
        .await
        .expect(200);
}

async fn documents_are_acknowledged_once_by_whom_they_concern(app: TestApp) {
    let owner = app.owner_token().await;
    let org = org(&app, &owner).await;
    let (ann, bob) = (hire(&app, &owner, &org).await, hire(&app, &owner, &org).await);
    let contract = id(&create(&app, &owner, "/api/document-types/create", json!({"name": "Contract"})).await);
    const FILE: &str = "/api/hrm-documents/create";
    refused_naming(
        &app,
        &owner,
        FILE,
        json!({"employee_id": ann, "issue_date": "2026-01-10", "expiry_date": "2026-01-09"}),
        &["document_type_id", "title", "expiry_date"],
    )
    .await;
    try_post(
        &app,
        &owner,
        FILE,
        json!({"employee_id": ann, "document_type_id": 999999, "title": "C", "issue_date": "2026-01-10"}),
    )
    .await
    .expect_invalid("document_type_id");
    let document = create(
        &app,
        &owner,
        FILE,
        json!({
            "employee_id": ann,
            "document_type_id": contract,
            "title": "Contract",
            "number": "C-1",
            "issue_date": "2026-01-10",
            "expiry_date": "2027-01-09",
        }),
    )
    .await;
    let cleared = post(
        &app,
        &owner,
        &format!("/api/hrm-documents/update/{}", id(&document)),
        json!({"expiry_date": null}),
        200,
    )
    .await;
    assert_eq!(cleared["expiry_date"], Value::Null);
    assert_eq!(
        ids(&get(&app, &owner, &format!("/api/hrm-documents?employee_id={ann}")).await),
        [id(&document)]
    );
    assert_eq!(
        get(&app, &owner, &format!("/api/hrm-documents?employee_id={bob}")).await["meta"]["total"],
        0
    );

    const ACK: &str = "/api/acknowledgments/create";
    let elsewhere = id(&create(
        &app,
        &owner,
        "/api/announcements/create",
        json!({"title": "Sales kick-off", "start_date": "2026-02-01", "department_id": org.other_department}),
    )
    .await);
    let everyone = id(&create(
        &app,
        &owner,
        "/api/announcements/create",
        json!({"title": "Hello", "start_date": "2026-02-01"}),
    )
    .await);
    for (body, field) in [
        (json!({"employee_id": ann}), "document_id"),
        (
            json!({"employee_id": ann, "document_id": id(&document), "announcement_id": everyone}),
            "announcement_id",
        ),
        // Bob's is not Ann's contract; the sales announcement is not for engineering.
        (json!({"employee_id": bob, "document_id": id(&document)}), "document_id"),
        (
            json!({"employee_id": ann, "announcement_id": elsewhere}),
            "announcement_id",
        ),
        (
            json!({"employee_id": ann, "announcement_id": 999999}),
            "announcement_id",
        ),
    ] {
        try_post(&app, &owner, ACK, body).await.expect_invalid(field);
    }
    let signed = create(
        &app,
        &owner,
        ACK,
        json!({"employee_id": ann, "document_id": id(&document), "comment": "Signed"}),
    )
    .await;
    assert!(
        signed["acknowledged_at"]
            .as_str()
            .is_some_and(|at| at.starts_with("20")),
        "{signed}"
    );
    try_post(
        &app,
        &owner,
        ACK,
        json!({"employee_id": ann, "document_id": id(&document)}),
    )
    .await
    .expect_invalid("document_id");
    create(
        &app,
        &owner,
        ACK,
        json!({"employee_id": ann, "announcement_id": everyone}),
    )
    .await;
    create(
        &app,
        &owner,
        ACK,
        json!({"employee_id": bob, "announcement_id": everyone}),
    )
    .await;
    assert_eq!(
        get(
            &app,
            &owner,
            &format!("/api/acknowledgments?announcement_id={everyone}")
        )
        .await["meta"]["total"],
        2
    );
    assert_eq!(
        ids(&get(
            &app,
            &owner,
            &format!("/api/acknowledgments?document_id={}", id(&document))
        )
        .await),
        [id(&signed)]
    );
    post(
        &app,
        &owner,
        &format!("/api/acknowledgments/update/{}", id(&signed)),
        json!({"comment": "Signed twice"}),
        200,
    )
    .await;
    // Acknowledged, the document stays; its type stays while it is filed.
    try_delete(&app, &owner, &format!("/api/hrm-documents/delete/{}", id(&document)))
        .await
        .expect_error(409, "in_use");
    try_delete(&app, &owner, &format!("/api/document-types/delete/{contract}"))
        .await
        .expect_error(409, "in_use");
    try_delete(&app, &owner, &format!("/api/acknowledgments/delete/{}", id(&signed)))
        .await
        .expect(200);
    // Withdrawn, the acknowledgment may be given again.
    let again = create(
        &app,
        &owner,
        ACK,
        json!({"employee_id": ann, "document_id": id(&document)}),
    )
    .await;
    try_delete(&app, &owner, &format!("/api/acknowledgments/delete/{}", id(&again)))
        .await
        .expect(200);
    try_delete(&app, &owner, &format!("/api/hrm-documents/delete/{}", id(&document)))
        .await
        .expect(200);
}

/// Record `id` as the GET of `path` shows it: a show, or a row of a list.
async fn shown(app: &TestApp, token: &str, path: &str, id: u64) -> Value {
    let body = get(app, token, path).await;
    match body["data"].as_array() {
        Some(rows) => rows
            .iter()
            .find(|row| row["id"] == id)
            .cloned()
            .unwrap_or_else(|| panic!("{path}: no record {id}: {body}")),
        None => body,
    }
}

/// Sends `body`, `null` on some fields of `before`, to its `update` route: 200, each of those
/// fields `null` in the answer, every other field as it was (but `version`, one up, `updated_at`
/// and the `derived` ones), and the answer is what the GET `show` shows. Then `null` on
/// `required`, a field every record has, is 422 naming it and changes nothing. The answer.
async fn clears(
    app: &TestApp,
    token: &str,
    (update, show): (&str, &str),
    before: &Value,
    body: Value,
    derived: &[&str],
    required: Option<&str>,
) -> Value {
    let cleared: Vec<String> = body
        .as_object()
        .unwrap()
        .iter()
        .filter(|(_, value)| value.is_null())
        .map(|(field, _)| field.clone())
        .collect();
    for field in &cleared {
        assert!(!before[field].is_null(), "{update}: `{field}` is set first: {before}");
    }
    let after = post(app, token, update, body, 200).await;
    for (field, was) in before.as_object().unwrap() {
        match field.as_str() {
            f if cleared.iter().any(|c| c == f) => assert!(after[f].is_null(), "{update}: `{f}` cleared: {after}"),
            "version" => assert_eq!(after["version"].as_u64(), was.as_u64().map(|v| v + 1), "{update}"),
            f if f == "updated_at" || derived.contains(&f) => {}
            f => assert_eq!(&after[f], was, "{update}: `{f}` unchanged"),
        }
    }
    assert_eq!(
        shown(app, token, show, id(before)).await,
        after,
        "{show} after {update}"
    );
    if let Some(field) = required {
        try_post(app, token, update, json!({ field: null }))
            .await
            .expect_invalid(field);
        assert_eq!(
            shown(app, token, show, id(before)).await,
            after,
            "{update}: null on `{field}` changed nothing"
        );
    }
    after
}

async fn null_clears_every_optional_field_of_hr_records(app: TestApp) {
    let owner = app.owner_token().await;
    let org = org(&app, &owner).await;
    let (ann, bob) = (hire(&app, &owner, &org).await, hire(&app, &owner, &org).await);
    let (user, _, _) = app.create_user(&owner, "staff").await;
    let dee = create(
        &app,
        &owner,
        "/api/employee/create",
        json!({
            "user_id": user,
            "department_id": org.department,
            "designation_id": org.engineer,
            "shift_id": org.shift,
            "date_of_joining": "2025-01-06",
            "basic_salary": 3000,
            "date_of_birth": "1990-04-02",
            "phone": "+351 912 000 000",
            "address": "Rua do Ouro 25",
        }),
    )
    .await;
    let all_null = |fields: &[&str]| Value::Object(fields.iter().map(|f| (f.to_string(), Value::Null)).collect());
    let path = |route: &str, record: &Value| format!("/api/{route}/update/{}", id(record));

    let employee_id = id(&dee);
    let show = format!("/api/employee/show/{employee_id}");
    clears(
        &app,
        &owner,
        (&path("employee", &dee), &show),
        &dee,
        all_null(&["address", "date_of_birth", "phone"]),
        &[],
        Some("employee_code"),
    )
    .await;

    let branch = create(
        &app,
        &owner,
        "/api/branches/create",
        json!({"name": "Faro", "address": "Rua de Santo António 1"}),
    )
    .await;
    clears(
        &app,
        &owner,
        (&path("branches", &branch), "/api/branches?per_page=100"),
        &branch,
        all_null(&["address"]),
        &[],
        Some("name"),
    )
    .await;

    let announcement = create(
        &app,
        &owner,
        "/api/announcements/create",
        json!({"title": "Welcome", "description": "Hello all", "start_date": "2026-05-01", "end_date": "2026-05-31"}),
    )
    .await;
    clears(
        &app,
        &owner,
        (&path("announcements", &announcement), "/api/announcements?per_page=100"),
        &announcement,
        all_null(&["description"]),
        &[],
        Some("title"),
    )
    .await;

    let event = create(
        &app,
        &owner,
        "/api/hrm/events",
        json!({"title": "Party", "description": "Drinks", "start_date": "2026-07-17", "location": "Roof"}),
    )
    .await;
    clears(
        &app,
        &owner,
        (&path("events", &event), "/api/events?per_page=100"),
        &event,
        all_null(&["description", "location"]),
        &[],
        Some("title"),
    )
    .await;

    let award = create(
        &app,
        &owner,
        "/api/awards/create",
        json!({"employee_id": employee_id, "award_type": "Star", "date": "2026-05-01", "gift": "Dinner", "cash": "150.50", "description": "Shipped it"}),
    )
    .await;
    clears(
        &app,
        &owner,
        (&path("awards", &award), "/api/awards?per_page=100"),
        &award,
        all_null(&["cash", "description", "gift"]),
        &[],
        Some("award_type"),
    )
    .await;

    let promotion = create(
        &app,
        &owner,
        "/api/promotions/create",
        json!({"employee_id": employee_id, "designation_id": org.lead, "date": "2026-03-01", "description": "Well earned"}),
    )
    .await;
    clears(
        &app,
        &owner,
        (&path("promotions", &promotion), "/api/promotions?per_page=100"),
        &promotion,
        all_null(&["description"]),
        &[],
        Some("date"),
    )
    .await;

    let transfer = create(
        &app,
        &owner,
        "/api/employee-transfers/create",
        json!({
            "employee_id": employee_id,
            "to_department_id": org.other_department,
            "to_designation_id": org.other_designation,
            "date": "2026-04-01",
            "reason": "Sales needs help",
        }),
    )
    .await;
    clears(
        &app,
        &owner,
        (
            &path("employee-transfers", &transfer),
            "/api/employee-transfers?per_page=100",
        ),
        &transfer,
        all_null(&["reason"]),
        &[],
        Some("date"),
    )
    .await;

    // Clearing the reason of a leaving leaves the employment ended on its date.
    let resignation = create(
        &app,
        &owner,
        "/api/resignations/create",
        json!({"employee_id": ann, "notice_date": "2026-05-01", "resignation_date": "2026-05-31", "reason": "Moving"}),
    )
    .await;
    clears(
        &app,
        &owner,
        (&path("resignations", &resignation), "/api/resignations?per_page=100"),
        &resignation,
        all_null(&["reason"]),
        &[],
        Some("resignation_date"),
    )
    .await;
    let termination = create(
        &app,
        &owner,
        "/api/terminations/create",
        json!({
            "employee_id": bob,
            "termination_type": "Redundancy",
            "notice_date": "2026-05-01",
            "termination_date": "2026-06-30",
            "reason": "Team closed",
        }),
    )
    .await;
    clears(
        &app,
        &owner,
        (&path("terminations", &termination), "/api/terminations?per_page=100"),
        &termination,
        all_null(&["reason"]),
        &[],
        Some("termination_type"),
    )
    .await;
    for (who, end) in [(ann, "2026-05-31"), (bob, "2026-06-30")] {
        let ended = employee(&app, &owner, who).await;
        assert_eq!(
            (ended["status"].as_str(), ended["end_date"].as_str()),
            (Some("ended"), Some(end))
        );
    }

    let warning = create(
        &app,
        &owner,
        "/api/warnings/create",
        json!({"employee_id": employee_id, "subject": "Late", "warning_date": "2026-05-04", "description": "Twice"}),
    )
    .await;
    clears(
        &app,
        &owner,
        (&path("warnings", &warning), "/api/warnings?per_page=100"),
        &warning,
        all_null(&["description"]),
        &[],
        Some("subject"),
    )
    .await;

    let complaint = create(
        &app,
        &owner,
        "/api/complaints/create",
        json!({"complaint_from": employee_id, "complaint_against": ann, "title": "Noise", "date": "2026-05-05", "description": "Loud calls"}),
    )
    .await;
    clears(
        &app,
        &owner,
        (&path("complaints", &complaint), "/api/complaints?per_page=100"),
        &complaint,
        all_null(&["description"]),
        &[],
        Some("title"),
    )
    .await;

    let contract = id(&create(&app, &owner, "/api/document-types/create", json!({"name": "Contract"})).await);
    let document = create(
        &app,
        &owner,
        "/api/hrm-documents/create",
        json!({
            "employee_id": employee_id,
            "document_type_id": contract,
            "title": "Contract",
            "number": "C-1",
            "issue_date": "2026-01-10",
            "expiry_date": "2027-01-09",
        }),
    )
    .await;
    clears(
        &app,
        &owner,
        (&path("hrm-documents", &document), "/api/hrm-documents?per_page=100"),
        &document,
        all_null(&["number"]),
        &[],
        Some("title"),
    )
    .await;

    // An acknowledgment's update body has its comment only: no field every record has.
    let acknowledgment = create(
        &app,
        &owner,
        "/api/acknowledgments/create",
        json!({"employee_id": employee_id, "document_id": id(&document), "comment": "Signed"}),
    )
    .await;
    clears(
        &app,
        &owner,
        (
            &path("acknowledgments", &acknowledgment),
            "/api/acknowledgments?per_page=100",
        ),
        &acknowledgment,
        all_null(&["comment"]),
        &[],
        None,
    )
    .await;

    // No clock-in is an absent day: its figures follow.
    let day = create(
        &app,
        &owner,
        "/api/attendance/create",
        json!({"employee_id": employee_id, "date": "2026-03-02", "clock_in": "09:20", "clock_out": "17:10", "notes": "Dentist"}),
    )
    .await;
    assert_eq!((&day["status"], &day["late_minutes"]), (&json!("present"), &json!(20)));
    let figures = [
        "status",
        "worked_minutes",
        "total_hours",
        "overtime_minutes",
        "overtime_hours",
        "late_minutes",
    ];
    let absent = clears(
        &app,
        &owner,
        (&path("attendance", &day), "/api/attendances?per_page=100"),
        &day,
        all_null(&["clock_in", "clock_out", "notes"]),
        &figures,
        Some("absent"),
    )
    .await;
    assert_eq!(
        figures.map(|f| absent[f].clone()),
        [json!("absent"), json!(0), json!(0.0), json!(0), json!(0.0), json!(0)]
    );
    assert!(absent["closes_at"].is_null(), "{absent}");
    // No clock-out: the employee is clocked in again, until the job closes the day.
    let closed = create(
        &app,
        &owner,
        "/api/attendance/create",
        json!({"employee_id": employee_id, "date": "2026-03-09", "clock_in": "09:00", "clock_out": "17:00"}),
    )
    .await;
    let open = post(
        &app,
        &owner,
        &path("attendance", &closed),
        json!({"clock_out": null}),
        200,
    )
    .await;
    assert_eq!(
        (
            &open["clock_in"],
            &open["clock_out"],
            &open["status"],
            &open["worked_minutes"]
        ),
        (&closed["clock_in"], &Value::Null, &json!("present"), &json!(0))
    );
    assert!(open["closes_at"].is_string(), "{open}");
    // A day that is not absent keeps its clock-in.
    try_post(
        &app,
        &owner,
        &path("attendance", &closed),
        json!({"clock_in": null, "absent": false}),
    )
    .await
    .expect_invalid("clock_in");
    assert_eq!(
        shown(&app, &owner, "/api/attendances?per_page=100", id(&closed)).await,
        open
    );

    // A pending application's reason clears; a decided one's stays (409).
    let annual = id(&create(
        &app,
        &owner,
        "/api/leave-types/create",
        json!({"name": "Annual leave", "days_per_year": 20}),
    )
    .await);
    let leave = |start: &str, end: &str| json!({"employee_id": employee_id, "leave_type_id": annual, "start_date": start, "end_date": end, "reason": "Family"});
    let pending = create(
        &app,
        &owner,
        "/api/leave-application/create",
        leave("2026-08-03", "2026-08-05"),
    )
    .await;
    clears(
        &app,
        &owner,
        (
            &path("leave-application", &pending),
            "/api/leave-applications?per_page=100",
        ),
        &pending,
        all_null(&["reason"]),
        &[],
        None,
    )
    .await;
    let decided = create(
        &app,
        &owner,
        "/api/leave-application/create",
        leave("2026-09-07", "2026-09-08"),
    )
    .await;
    let approved = post(
        &app,
        &owner,
        &format!("/api/leave-application/update-status/{}", id(&decided)),
        json!({"status": "approved"}),
        200,
    )
    .await;
    try_post(
        &app,
        &owner,
        &path("leave-application", &decided),
        json!({"reason": null}),
    )
    .await
    .expect_error(409, "invalid_transition");
    assert_eq!(
        shown(&app, &owner, "/api/leave-applications?per_page=100", id(&decided)).await,
        approved
    );
}

on_both_stores!(
    notices_events_awards_warnings_and_complaints_are_kept_per_workspace,
    a_promotion_or_a_transfer_moves_the_employee_as_it_is_recorded,
    a_resignation_or_a_termination_ends_the_employment_until_it_is_deleted,
    documents_are_acknowledged_once_by_whom_they_concern,
    null_clears_every_optional_field_of_hr_records,
);

async fn the_sandbox_holds_a_few_of_each_without_ending_anyone(app: TestApp) {
    let owner = app.owner_token().await;
    let test_key = app.api_key(&owner, "test").await;
    for (list, total) in [
        ("/api/announcements", 2),
        ("/api/events", 2),
        ("/api/awards", 2),
        ("/api/promotions", 1),
        ("/api/employee-transfers", 1),
        ("/api/warnings", 1),
        ("/api/complaints", 1),
        ("/api/hrm-documents", 2),
        ("/api/acknowledgments", 3),
        ("/api/resignations", 0),
        ("/api/terminations", 0),
    ] {
        assert_eq!(get(&app, &test_key, list).await["meta"]["total"], total, "{list}");
    }
    assert_eq!(
        get(&app, &test_key, "/api/employees?status=ended").await["meta"]["total"],
        0
    );
    // The promotion moved its employee.
    let promotion = &get(&app, &test_key, "/api/promotions").await["data"][0];
    let promoted = get(
        &app,
        &test_key,
        &format!("/api/employee/show/{}", promotion["employee_id"]),
    )
    .await;
    assert_eq!(promoted["designation_id"], promotion["designation_id"]);
    assert_eq!(promoted["basic_salary"], promotion["basic_salary"]);
}

on_both_stores!(
    with_demo_data:
    the_sandbox_holds_a_few_of_each_without_ending_anyone,
);
