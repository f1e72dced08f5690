//! HR time and pay (functions/hr, issue 14): attendance kept by managers and clocked by employees
//! (every refusal, the figures, the job that closes a forgotten clock-out, two clock-ins at once),
//! the HR settings, the HR home, and payroll (payslips against a hand computation, the run's
//! states, its payment in the books), and the sandbox's month of attendance and processed payroll.

use chrono::{Datelike, Duration, Utc};
use serde_json::{json, Value};

use crate::accounting::{accounts, assert_ledger_balances, cents};
use crate::harness::{create, get, id, post, sequence, set_series_prefix, try_delete, try_post, TestApp};
use crate::on_both_stores;
use crate::projects::events;

const WEEK: [&str; 7] = [
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
    "sunday",
];
const WEEKDAYS: [&str; 5] = ["monday", "tuesday", "wednesday", "thursday", "friday"];

/// A department, a designation in it and a 09:00-17:30 shift with a 30-minute break on `days`:
/// (department, designation, shift).
async fn workplace(app: &TestApp, token: &str, days: &[&str]) -> (u64, u64, u64) {
    let (_, department, designation, shift) = crate::hr::organisation_working(app, token, json!(days)).await;
    (department, designation, shift)
}

/// A new user of `role` made an employee at the workplace: (employee id, the user's token).
async fn hire(app: &TestApp, owner: &str, place: (u64, u64, u64), joined: &str, salary: &str) -> (u64, String) {
    let (user, token) = app.user_with_role("staff").await;
    let made = create(
        app,
        owner,
        "/api/employee/create",
        json!({
            "user_id": user,
            "department_id": place.0,
            "designation_id": place.1,
            "shift_id": place.2,
            "date_of_joining": joined,
            "basic_salary": salary,
        }),
    )
    .await;
    (id(&made), token)
}

/// Leave of `employee` of type `kind` from the first date to the second, applied for and approved.
async fn approved_leave(app: &TestApp, owner: &str, employee: u64, kind: u64, (start, end): (&str, &str)) {
    let leave = create(
        app,
        owner,
        "/api/leave-application/create",
        json!({"employee_id": employee, "leave_type_id": kind, "start_date": start, "end_date": end}),
    )
    .await;
    post(
        app,
        owner,
        &format!("/api/leave-application/update-status/{}", id(&leave)),
        json!({"status": "approved"}),
        200,
    )
    .await;
}

fn today() -> String {
    Utc::now().date_naive().format("%Y-%m-%d").to_string()
}

async fn attendance_is_kept_by_managers_with_its_figures(app: TestApp) {
    let owner = app.owner_token().await;
    let place = workplace(&app, &owner, &WEEKDAYS).await;
    let (ann, _) = hire(&app, &owner, place, "2025-01-06", "3000").await;
    let day = |date: &str, clock_in: &str, clock_out: &str| {
        json!({
            "employee_id": ann,
            "date": date,
            "clock_in": clock_in,
            "clock_out": clock_out,
        })
    };
    // 09:20 to 18:50: a 570-minute span less the 30-minute break is 540 worked, 60 beyond the
    // shift's 480, 20 late.
    let long = create(
        &app,
        &owner,
        "/api/attendance/create",
        day("2026-03-02", "09:20", "18:50"),
    )
    .await;
    assert_eq!(long["clock_in"], "2026-03-02T09:20:00+00:00");
    assert_eq!(long["clock_out"], "2026-03-02T18:50:00+00:00");
    assert_eq!(
        (
            &long["worked_minutes"],
            &long["total_hours"],
            &long["overtime_minutes"],
            &long["overtime_hours"],
            &long["late_minutes"],
            &long["status"]
        ),
        (
            &json!(540),
            &json!(9.0),
            &json!(60),
            &json!(1.0),
            &json!(20),
            &json!("present")
        )
    );
    // Under half the shift's working minutes: a half day. A day past midnight ends the next day.
    let short = create(
        &app,
        &owner,
        "/api/attendance/create",
        day("2026-03-03", "09:00", "12:00"),
    )
    .await;
    assert_eq!(
        (&short["worked_minutes"], &short["status"]),
        (&json!(150), &json!("half_day"))
    );
    let night = create(
        &app,
        &owner,
        "/api/attendance/create",
        day("2026-03-04", "22:00", "02:00"),
    )
    .await;
    assert_eq!(night["clock_out"], "2026-03-05T02:00:00+00:00");
    assert_eq!(night["worked_minutes"], 210);
    let absent = create(
        &app,
        &owner,
        "/api/attendance/create",
        json!({"employee_id": ann, "date": "2026-03-06", "absent": true, "notes": "Sick"}),
    )
    .await;
    assert_eq!(
        (&absent["status"], &absent["clock_in"]),
        (&json!("absent"), &Value::Null)
    );
    // Every rule names its field, and nothing is stored.
    try_post(
        &app,
        &owner,
        "/api/attendance/create",
        json!({"employee_id": ann, "date": "2026-03-09"}),
    )
    .await
    .expect_invalid("clock_in");
    try_post(
        &app,
        &owner,
        "/api/attendance/create",
        json!({"employee_id": ann, "date": "2026-03-09", "absent": true, "clock_in": "09:00"}),
    )
    .await
    .expect_invalid("absent");
    try_post(
        &app,
        &owner,
        "/api/attendance/create",
        day("2026-03-02", "10:00", "11:00"),
    )
    .await
    .expect_invalid("date");
    try_post(
        &app,
        &owner,
        "/api/attendance/create",
        json!({"employee_id": ann, "date": "2026-03-09", "clock_in": "9am", "notes": "x".repeat(1001)}),
    )
    .await
    .expect_invalid("clock_in")
    .expect_invalid("notes");
    try_post(
        &app,
        &owner,
        "/api/attendance/create",
        json!({"employee_id": 999999, "date": "2026-03-09", "clock_in": "09:00"}),
    )
    .await
    .expect_invalid("employee_id");
    let mine = get(&app, &owner, &format!("/api/attendances?employee_id={ann}&sort=date")).await;
    assert_eq!(mine["meta"]["total"], 4);
    assert_eq!(mine["data"][0]["date"], "2026-03-02");
    // The night's 210 minutes are under half the shift too.
    assert_eq!(
        get(&app, &owner, "/api/attendances?status=half_day").await["meta"]["total"],
        2
    );
    assert_eq!(
        get(&app, &owner, "/api/attendances?date=2026-03-04").await["data"][0]["id"],
        id(&night)
    );

    // A correction: the figures follow the new clock-out.
    let fixed = post(
        &app,
        &owner,
        &format!("/api/attendance/update/{}", id(&long)),
        json!({"clock_out": "17:30"}),
        200,
    )
    .await;
    assert_eq!(
        (
            &fixed["worked_minutes"],
            &fixed["overtime_minutes"],
            &fixed["late_minutes"],
            &fixed["status"]
        ),
        (&json!(460), &json!(0), &json!(20), &json!("present"))
    );
    let present = post(
        &app,
        &owner,
        &format!("/api/attendance/update/{}", id(&absent)),
        json!({"absent": false, "clock_in": "09:00", "clock_out": "17:30"}),
        200,
    )
    .await;
    assert_eq!(
        (&present["status"], &present["worked_minutes"]),
        (&json!("present"), &json!(480))
    );
    try_delete(&app, &owner, &format!("/api/attendance/delete/{}", id(&short)))
        .await
        .expect(200);
    assert_eq!(get(&app, &owner, "/api/attendances").await["meta"]["total"], 3);
    // An employee with attendance is not deleted.
    try_delete(&app, &owner, &format!("/api/employee/delete/{ann}"))
        .await
        .expect_error(409, "in_use");

    // The workspace's offset: clock times are local to it.
    let settings = post(
        &app,
        &owner,
        "/api/hrm/settings",
        json!({"utc_offset_minutes": 60}),
        200,
    )
    .await;
    assert_eq!(
        (&settings["utc_offset_minutes"], &settings["version"]),
        (&json!(60), &json!(1))
    );
    let berlin = create(
        &app,
        &owner,
        "/api/attendance/create",
        day("2026-03-10", "09:00", "17:30"),
    )
    .await;
    assert_eq!(berlin["clock_in"], "2026-03-10T09:00:00+01:00");
    assert_eq!(
        (&berlin["late_minutes"], &berlin["worked_minutes"]),
        (&json!(0), &json!(480))
    );
    try_post(
        &app,
        &owner,
        "/api/hrm/settings",
        json!({"utc_offset_minutes": 0, "version": 0}),
    )
    .await
    .expect_error(409, "version_conflict");
    try_post(
        &app,
        &owner,
        "/api/hrm/settings",
        json!({"ip_allow_list": ["10.0.0.0/8", "not-an-address"]}),
    )
    .await
    .expect_invalid("ip_allow_list");
    assert_eq!(get(&app, &owner, "/api/hrm/settings").await["ip_allow_list"], json!([]));
}

async fn clocking_in_follows_every_rule_and_clocking_out_reckons_the_day(app: TestApp) {
    let owner = app.owner_token().await;
    let weekday = WEEK[Utc::now().date_naive().weekday().num_days_from_monday() as usize];
    let other_days: Vec<&str> = WEEK.iter().copied().filter(|d| *d != weekday).collect();
    let place = workplace(&app, &owner, &other_days).await;
    let (_, ann_token) = hire(&app, &owner, place, "2025-01-06", "3000").await;
    let (bob, bob_token) = hire(&app, &owner, place, "2025-01-06", "3000").await;
    let clock = |token: &str, kind: &str| {
        let (app, token, kind) = (&app, token.to_owned(), kind.to_owned());
        async move { try_post(app, &token, "/api/hrm/clock-in-out", json!({"type": kind})).await }
    };
    // The owner has no employee record.
    clock(&owner, "clockin").await.expect_error(422, "not_an_employee");
    clock(&ann_token, "clockin")
        .await
        .expect_error(422, "not_a_working_day");
    post(
        &app,
        &owner,
        &format!("/api/shifts/update/{}", place.2),
        json!({"working_days": WEEK}),
        200,
    )
    .await;
    let holiday = create(
        &app,
        &owner,
        "/api/holidays/create",
        json!({"name": "Founders' day", "date": today()}),
    )
    .await;
    clock(&ann_token, "clockin").await.expect_error(422, "holiday");
    try_delete(&app, &owner, &format!("/api/holidays/delete/{}", id(&holiday)))
        .await
        .expect(200);
    let kind = id(&create(
        &app,
        &owner,
        "/api/leave-types/create",
        json!({"name": "Annual", "days_per_year": 20}),
    )
    .await);
    approved_leave(&app, &owner, bob, kind, (&today(), &today())).await;
    clock(&bob_token, "clockin").await.expect_error(422, "on_leave");
    post(
        &app,
        &owner,
        "/api/hrm/settings",
        json!({"ip_allow_list": ["10.0.0.0/8"]}),
        200,
    )
    .await;
    clock(&ann_token, "clockin").await.expect_error(422, "ip_not_allowed");
    clock(&ann_token, "clockout").await.expect_error(422, "ip_not_allowed");
    post(
        &app,
        &owner,
        "/api/hrm/settings",
        json!({"ip_allow_list": ["10.0.0.0/8", "127.0.0.1"]}),
        200,
    )
    .await;
    // Nothing was stored by the refusals.
    assert_eq!(get(&app, &owner, "/api/attendances").await["meta"]["total"], 0);
    clock(&ann_token, "clockout").await.expect_error(422, "not_clocked_in");

    let clocked = clock(&ann_token, "clockin").await.expect(200).body;
    assert_eq!(clocked["is_clockin"], true);
    assert_eq!(clocked["attendance"]["clock_in_ip"], "127.0.0.1");
    assert_eq!(clocked["attendance"]["clock_out"], Value::Null);
    assert!(clocked["attendance"]["closes_at"].is_string(), "{clocked}");
    clock(&ann_token, "clockin")
        .await
        .expect_error(422, "already_clocked_in");
    let home = get(&app, &owner, "/api/hrm/home").await;
    assert_eq!(
        (
            &home["date"],
            &home["active_employees"],
            &home["present_today"],
            &home["on_leave_today"],
            &home["pending_leave_requests"]
        ),
        (&json!(today()), &json!(2), &json!(1), &json!(1), &json!(0))
    );
    let out = clock(&ann_token, "clockout").await.expect(200).body;
    assert_eq!(
        (&out["is_clockin"], &out["attendance_id"]),
        (&json!(false), &clocked["attendance_id"])
    );
    assert!(
        out["clock_out"].is_string() && out["attendance"]["closes_at"].is_null(),
        "{out}"
    );
    clock(&ann_token, "clockout").await.expect_error(422, "not_clocked_in");

    let history = post(
        &app,
        &ann_token,
        "/api/hrm/attendence-history",
        json!({"start_date": today(), "end_date": today()}),
        200,
    )
    .await;
    assert_eq!(history["data"].as_array().unwrap().len(), 1);
    assert_eq!(history["data"][0]["id"], clocked["attendance_id"]);
    assert_eq!(
        history["present_days"].as_u64().unwrap() + history["half_days"].as_u64().unwrap(),
        1
    );
    try_post(
        &app,
        &ann_token,
        "/api/hrm/attendence-history",
        json!({"start_date": "2025-01-01", "end_date": "2026-06-01"}),
    )
    .await
    .expect_invalid("end_date");
}

async fn two_clock_ins_at_once_leave_one_attendance(app: TestApp) {
    let owner = app.owner_token().await;
    let place = workplace(&app, &owner, &WEEK).await;
    let (ann, token) = hire(&app, &owner, place, "2025-01-06", "3000").await;
    let once = || try_post(&app, &token, "/api/hrm/clock-in-out", json!({"type": "clockin"}));
    let (a, b) = tokio::join!(once(), once());
    let mut statuses = [a.status, b.status];
    statuses.sort_unstable();
    assert_eq!(statuses, [200, 422], "{:?} {:?}", a.body, b.body);
    let refused = if a.status == 422 { &a.body } else { &b.body };
    assert_eq!(refused["code"], "already_clocked_in", "{refused}");
    let theirs = get(&app, &owner, &format!("/api/attendances?employee_id={ann}")).await;
    assert_eq!(theirs["meta"]["total"], 1);
}

async fn an_open_attendance_is_closed_at_its_shift_end_by_the_job(app: TestApp) {
    let owner = app.owner_token().await;
    let place = workplace(&app, &owner, &WEEK).await;
    let (ann, _) = hire(&app, &owner, place, "2025-01-06", "3000").await;
    let yesterday = (Utc::now().date_naive() - Duration::days(1))
        .format("%Y-%m-%d")
        .to_string();
    let forgot = create(
        &app,
        &owner,
        "/api/attendance/create",
        json!({"employee_id": ann, "date": yesterday, "clock_in": "09:10"}),
    )
    .await;
    assert_eq!(forgot["clock_out"], Value::Null);
    let still = create(
        &app,
        &owner,
        "/api/attendance/create",
        json!({"employee_id": ann, "date": today(), "clock_in": "00:01"}),
    )
    .await;
    hr::attendance::close_open(&app.state).await.unwrap();
    let closed = get(&app, &owner, &format!("/api/attendances?employee_id={ann}&sort=date")).await;
    let (first, second) = (&closed["data"][0], &closed["data"][1]);
    assert_eq!(id(first), id(&forgot));
    assert_eq!(first["clock_out"], format!("{yesterday}T17:30:00+00:00"));
    assert_eq!(
        (
            &first["auto_closed"],
            &first["worked_minutes"],
            &first["late_minutes"],
            &first["closes_at"]
        ),
        (&json!(true), &json!(470), &json!(10), &Value::Null)
    );
    // Today's is still open: its day is not over.
    assert_eq!(id(second), id(&still));
    assert_eq!(second["clock_out"], Value::Null);
}

on_both_stores!(
    attendance_is_kept_by_managers_with_its_figures,
    clocking_in_follows_every_rule_and_clocking_out_reckons_the_day,
    two_clock_ins_at_once_leave_one_attendance,
    an_open_attendance_is_closed_at_its_shift_end_by_the_job,
    payroll_pays_each_active_employee_as_computed_by_hand,
    payslips_are_numbered_without_gaps_across_runs_refusals_and_a_restart,
);

/// A payslip's figure in cents.
fn money(slip: &Value, field: &str) -> i64 {
    cents(&slip[field])
}

async fn payroll_pays_each_active_employee_as_computed_by_hand(app: TestApp) {
    app.keep_events().await;
    let owner = app.owner_token().await;
    let place = workplace(&app, &owner, &WEEKDAYS).await;
    // March 2026 has 22 weekdays; the holiday on Friday the 20th leaves 21 working days.
    create(
        &app,
        &owner,
        "/api/holidays/create",
        json!({"name": "Spring day", "date": "2026-03-20"}),
    )
    .await;
    let (ann, _) = hire(&app, &owner, place, "2025-01-06", "4200").await;
    // Bob joins on Monday the 16th: 11 of the 21 working days.
    let (bob, _) = hire(&app, &owner, place, "2026-03-16", "3000").await;
    let unpaid = id(&create(
        &app,
        &owner,
        "/api/leave-types/create",
        json!({"name": "Unpaid", "days_per_year": 30, "is_paid": false}),
    )
    .await);
    approved_leave(&app, &owner, ann, unpaid, ("2026-03-09", "2026-03-11")).await;
    create(
        &app,
        &owner,
        "/api/attendance/create",
        json!({"employee_id": ann, "date": "2026-03-02", "clock_in": "09:00", "clock_out": "18:30"}),
    )
    .await;
    let run = create(
        &app,
        &owner,
        "/api/payrolls/create",
        json!({
            "title": "March 2026",
            "pay_period_start": "2026-03-01",
            "pay_period_end": "2026-03-31",
            "allowances": [{"name": "Meal", "amount": 150}],
            "deductions": [{"name": "Income tax", "percent": 20}],
        }),
    )
    .await;
    assert_eq!(
        (&run["status"], &run["is_payroll_paid"], &run["pay_date"]),
        (&json!("draft"), &json!("unpaid"), &json!("2026-03-31"))
    );
    let run_id = id(&run);
    try_post(
        &app,
        &owner,
        "/api/payrolls/create",
        json!({
            "title": "Too long",
            "pay_period_start": "2026-03-01",
            "pay_period_end": "2026-05-01",
            "deductions": [{"name": "", "percent": 5}],
        }),
    )
    .await
    .expect_invalid("pay_period_end")
    .expect_invalid("deductions");

    let processed = post(&app, &owner, &format!("/api/payrolls/{run_id}/process"), json!({}), 200).await;
    assert_eq!(
        (&processed["status"], &processed["employee_count"]),
        (&json!("completed"), &json!(2))
    );
    let slips = processed["payslips"].as_array().unwrap();
    let (a, b) = (&slips[0], &slips[1]);
    assert_eq!(
        (a["employee_id"].as_u64(), b["employee_id"].as_u64()),
        (Some(ann), Some(bob))
    );
    assert_eq!(
        (&a["payslip_number"], &b["payslip_number"]),
        (&json!("PSL-000001"), &json!("PSL-000002"))
    );
    // Ann: 4200 basic, 3 unpaid days at 4200/21 = 600, gross 4200 - 600 + 150 = 3750, tax 750.
    assert_eq!(
        (
            a["working_days"].as_u64(),
            a["holidays"].as_u64(),
            a["unpaid_leave_days"].as_u64(),
            a["present_days"].as_u64(),
            a["absent_days"].as_u64()
        ),
        (Some(21), Some(1), Some(3), Some(1), Some(17))
    );
    assert_eq!(a["overtime_hours"], 1.0);
    assert_eq!(
        [
            money(a, "basic_salary"),
            money(a, "unpaid_leave_deduction"),
            money(a, "total_allowances"),
            money(a, "gross_pay"),
            money(a, "total_deductions"),
            money(a, "net_pay")
        ],
        [420000, 60000, 15000, 375000, 75000, 300000]
    );
    // Bob: 3000 x 11/21 = 1571.43, gross 1721.43, tax 344.29 (344.286 rounded), net 1377.14.
    assert_eq!(
        (b["working_days"].as_u64(), b["absent_days"].as_u64()),
        (Some(11), Some(11))
    );
    assert_eq!(
        [
            money(b, "basic_salary"),
            money(b, "gross_pay"),
            money(b, "total_deductions"),
            money(b, "net_pay")
        ],
        [157143, 172143, 34429, 137714]
    );
    assert_eq!(
        [
            money(&processed, "total_basic"),
            money(&processed, "total_unpaid_leave"),
            money(&processed, "total_gross"),
            money(&processed, "total_deductions"),
            money(&processed, "total_net")
        ],
        [577143, 60000, 547143, 109429, 437714]
    );
    assert_eq!(events(&app, "payroll.").await, ["payroll.completed"]);
    // Processing twice, changing or deleting a processed run: 409.
    try_post(&app, &owner, &format!("/api/payrolls/{run_id}/process"), json!({}))
        .await
        .expect_error(409, "invalid_transition");
    try_post(
        &app,
        &owner,
        &format!("/api/payrolls/update/{run_id}"),
        json!({"title": "X"}),
    )
    .await
    .expect_error(409, "invalid_transition");
    try_delete(&app, &owner, &format!("/api/payrolls/delete/{run_id}"))
        .await
        .expect_error(409, "invalid_transition");
    let shown = get(&app, &owner, &format!("/api/payrolls/{run_id}")).await;
    assert_eq!(shown["payslips"], processed["payslips"]);
    let slip = get(&app, &owner, &format!("/api/payslip/{}", id(b))).await;
    assert_eq!(&slip, b);
    assert_eq!(
        get(&app, &owner, "/api/payrolls?status=completed").await["meta"]["total"],
        1
    );

    // Paid from a bank account: salaries expense (gross) against the bank (net) and payroll
    // liabilities (deductions), in the books at once.
    let bank = id(&create(
        &app,
        &owner,
        "/api/bank-accounts/create",
        json!({"name": "Payroll account"}),
    )
    .await);
    try_post(
        &app,
        &owner,
        &format!("/api/payrolls/{run_id}/pay"),
        json!({"bank_account_id": 999999}),
    )
    .await
    .expect_invalid("bank_account_id");
    let paid = post(
        &app,
        &owner,
        &format!("/api/payrolls/{run_id}/pay"),
        json!({"paid_on": "2026-03-31", "bank_account_id": bank}),
        200,
    )
    .await;
    assert_eq!(
        (&paid["is_payroll_paid"], &paid["paid_on"]),
        (&json!("paid"), &json!("2026-03-31"))
    );
    assert!(paid["journal_entry_id"].as_u64().is_some(), "{paid}");
    let books = accounts(&app, &owner).await;
    let side = |code: &str, field: &str| cents(&books[code][field]);
    assert_eq!(side("6300", "debit_total"), 547143);
    assert_eq!(side(&format!("1000-{bank}"), "credit_total"), 437714);
    assert_eq!(side("2200", "credit_total"), 109429);
    assert_ledger_balances(&app, &owner).await;
    try_post(&app, &owner, &format!("/api/payrolls/{run_id}/pay"), json!({}))
        .await
        .expect_error(409, "invalid_transition");
    try_post(&app, &owner, &format!("/api/payrolls/{run_id}/cancel"), json!({}))
        .await
        .expect_error(409, "invalid_transition");

    // A draft is cancelled or deleted; a cancelled run is not processed.
    let april = json!({"title": "April", "pay_period_start": "2026-04-01", "pay_period_end": "2026-04-30"});
    let spare = id(&create(&app, &owner, "/api/payrolls/create", april.clone()).await);
    post(&app, &owner, &format!("/api/payrolls/{spare}/cancel"), json!({}), 200).await;
    try_post(&app, &owner, &format!("/api/payrolls/{spare}/process"), json!({}))
        .await
        .expect_error(409, "invalid_transition");
    let draft = id(&create(&app, &owner, "/api/payrolls/create", april).await);
    try_delete(&app, &owner, &format!("/api/payrolls/delete/{draft}"))
        .await
        .expect(200);
    app.get(&format!("/api/payrolls/{draft}"))
        .token(&owner)
        .send()
        .await
        .expect(404);
}

/// Processes a new payroll of `month` (`2026-03`); its payslips' numbers, by employee.
async fn processed_numbers(app: &TestApp, owner: &str, month: &str) -> Vec<String> {
    let body =
        json!({"title": month, "pay_period_start": format!("{month}-01"), "pay_period_end": format!("{month}-28")});
    let run = id(&create(app, owner, "/api/payrolls/create", body).await);
    let processed = post(app, owner, &format!("/api/payrolls/{run}/process"), json!({}), 200).await;
    // As stored: the payroll's page shows the same.
    let shown = get(app, owner, &format!("/api/payrolls/{run}")).await;
    assert_eq!(shown["payslips"], processed["payslips"]);
    let slips = processed["payslips"].as_array().unwrap();
    slips
        .iter()
        .map(|s| s["payslip_number"].as_str().unwrap().to_owned())
        .collect()
}

/// More employees than one transaction stores payslips of, so a run takes its numbers in several.
const MANY_EMPLOYEES: usize = 12;

async fn payslips_are_numbered_without_gaps_across_runs_refusals_and_a_restart(app: TestApp) {
    let owner = app.owner_token().await;
    let place = workplace(&app, &owner, &WEEKDAYS).await;
    for _ in 0..MANY_EMPLOYEES {
        hire(&app, &owner, place, "2025-01-06", "3000").await;
    }
    let n = MANY_EMPLOYEES as u64;
    assert_eq!(
        processed_numbers(&app, &owner, "2026-01").await,
        sequence("PSL-", 1..=n)
    );
    // Refusals take no number: processing a run again, or a cancelled run.
    let runs = get(&app, &owner, "/api/payrolls").await;
    try_post(
        &app,
        &owner,
        &format!("/api/payrolls/{}/process", id(&runs["data"][0])),
        json!({}),
    )
    .await
    .expect_error(409, "invalid_transition");
    let body = json!({"title": "Spare", "pay_period_start": "2026-02-01", "pay_period_end": "2026-02-28"});
    let spare = id(&create(&app, &owner, "/api/payrolls/create", body).await);
    post(&app, &owner, &format!("/api/payrolls/{spare}/cancel"), json!({}), 200).await;
    try_post(&app, &owner, &format!("/api/payrolls/{spare}/process"), json!({}))
        .await
        .expect_error(409, "invalid_transition");
    // A restart: the next run goes on with the sequence.
    let restarted = app.beside(std::time::Duration::ZERO).await;
    assert_eq!(
        processed_numbers(&restarted, &owner, "2026-02").await,
        sequence("PSL-", n + 1..=2 * n)
    );
    // The workspace's prefix.
    let set = set_series_prefix(&restarted, &owner, "payslip", "PAY/").await;
    assert_eq!(set["next_number"], format!("PAY/{:06}", 2 * n + 1));
    assert_eq!(
        processed_numbers(&restarted, &owner, "2026-03").await,
        sequence("PAY/", 2 * n + 1..=3 * n)
    );
    restarted.stop().await;
}

async fn the_sandbox_holds_a_month_of_attendance_and_a_processed_payroll(app: TestApp) {
    let owner = app.owner_token().await;
    let test_key = app.api_key(&owner, "test").await;
    let days = get(&app, &test_key, "/api/attendances?per_page=100").await;
    let total = days["meta"]["total"].as_u64().unwrap();
    assert!(
        total >= 60,
        "about 21 working days for 4 employees, less leave: {total}"
    );
    assert_eq!(
        get(&app, &test_key, "/api/attendances?status=absent").await["meta"]["total"],
        1
    );
    assert_eq!(
        get(&app, &test_key, "/api/attendances?status=half_day").await["meta"]["total"],
        1
    );
    let runs = get(&app, &test_key, "/api/payrolls").await;
    assert_eq!(runs["meta"]["total"], 1);
    let run = get(&app, &test_key, &format!("/api/payrolls/{}", id(&runs["data"][0]))).await;
    assert_eq!(run["status"], "completed");
    let slips = run["payslips"].as_array().unwrap();
    assert_eq!(slips.len() as u64, run["employee_count"].as_u64().unwrap());
    assert!(slips.len() >= 3, "{run}");
    for slip in slips {
        assert_eq!(
            money(slip, "net_pay"),
            money(slip, "gross_pay") - money(slip, "total_deductions")
        );
        // Meal allowance 120, income tax 20% of gross.
        assert_eq!(money(slip, "total_allowances"), 12000);
        assert_eq!(
            money(slip, "total_deductions"),
            (money(slip, "gross_pay") as f64 * 0.2).round() as i64
        );
    }
    let net: i64 = slips.iter().map(|s| money(s, "net_pay")).sum();
    assert_eq!(money(&run, "total_net"), net);
    let home = get(&app, &test_key, "/api/hrm/home").await;
    assert_eq!(home["active_employees"], 4);
    assert_eq!(get(&app, &owner, "/api/payrolls").await["meta"]["total"], 0);
}

on_both_stores!(
    with_demo_data:
    the_sandbox_holds_a_month_of_attendance_and_a_processed_payroll,
);
