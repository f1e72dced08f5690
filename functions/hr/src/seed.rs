//! The sandbox's HR: one branch with two departments and their designations, a day shift and a
//! weekend shift, the year's holidays, document types, and the seeded team (identity's sandbox
//! users 1 to 4: owner, admin, two staff) as employees. Everything goes through the operations the
//! routes use, so references, counters and events agree.

use chrono::{Datelike, Duration, NaiveDate, NaiveTime};
use serde_json::json;
use shared::domain::Date;
use shared::http::ApiError;
use shared::resource::Cx;
use shared::sandbox::{body, insert, with_id, Batch};

use crate::attendance::{self, Attendance};
use crate::employees::Employee;
use crate::leave::{self, LeaveApplication, LeaveType};
use crate::org::{Branch, Department, Designation, DocumentType, Holiday, Shift};
use crate::payroll::{self, Payroll};

/// Seeds a sandbox's organisation and employees.
pub async fn seed_organisation(cx: Cx<'_>, today: NaiveDate) -> Result<(), ApiError> {
    let office: Branch = insert(cx, json!({"name": "Head office", "address": "1 Main Street"})).await?;
    let engineering: Department = insert(cx, json!({"name": "Engineering", "branch_id": office.meta.id})).await?;
    let operations: Department = insert(cx, json!({"name": "Operations", "branch_id": office.meta.id})).await?;
    let engineer: Designation = insert(
        cx,
        json!({"name": "Software engineer", "department_id": engineering.meta.id}),
    )
    .await?;
    let lead: Designation = insert(
        cx,
        json!({"name": "Engineering lead", "department_id": engineering.meta.id}),
    )
    .await?;
    let manager: Designation = insert(
        cx,
        json!({"name": "Operations manager", "department_id": operations.meta.id}),
    )
    .await?;
    let day: Shift = insert(cx, json!({"name": "Day", "start_time": "09:00", "end_time": "17:30", "break_minutes": 30, "working_days": ["monday", "tuesday", "wednesday", "thursday", "friday"]})).await?;
    insert::<Shift>(cx, json!({"name": "Weekend support", "start_time": "10:00", "end_time": "18:00", "break_minutes": 60, "working_days": ["saturday", "sunday"]})).await?;
    let year = today.year();
    for (name, date, end) in [
        ("New Year's Day", format!("{year}-01-01"), None),
        ("Summer break", format!("{year}-08-10"), Some(format!("{year}-08-14"))),
        ("Christmas", format!("{year}-12-25"), Some(format!("{year}-12-26"))),
    ] {
        insert::<Holiday>(cx, json!({"name": name, "date": date, "end_date": end})).await?;
    }
    insert::<DocumentType>(cx, json!({"name": "Employment contract", "is_required": true})).await?;
    insert::<DocumentType>(cx, json!({"name": "Identity document", "is_required": true})).await?;
    insert::<DocumentType>(cx, json!({"name": "Certificate"})).await?;
    let mut team = Vec::new();
    for (user, department, designation, joined, salary) in [
        (1, &operations, &manager, format!("{}-01-15", year - 3), "6500.00"),
        (2, &engineering, &lead, format!("{}-04-01", year - 2), "5800.00"),
        (3, &engineering, &engineer, format!("{}-09-01", year - 1), "4200.00"),
        (4, &engineering, &engineer, format!("{year}-02-01"), "3900.00"),
    ] {
        let employee: Employee = insert(cx, json!({"user_id": user, "department_id": department.meta.id, "designation_id": designation.meta.id, "shift_id": day.meta.id, "date_of_joining": joined, "basic_salary": salary})).await?;
        team.push(employee);
    }
    crate::staff::seed(cx, today, &team).await?;
    seed_leave(cx, &team, year).await?;
    seed_attendance(cx, &team, &day, today).await?;
    seed_payroll(cx, today).await
}

/// Days of attendance the sandbox holds, up to yesterday.
const ATTENDANCE_DAYS: i64 = 30;

/// The team's last month of attendance on the day shift: each working day that is neither a
/// holiday nor approved leave, with some late starts, some overtime, one half day and one
/// absence, written in a few transactions.
async fn seed_attendance(cx: Cx<'_>, team: &[Employee], shift: &Shift, today: NaiveDate) -> Result<(), ApiError> {
    let settings = crate::settings::load(cx).await?;
    let (first, last) = (today - Duration::days(ATTENDANCE_DAYS), today - Duration::days(1));
    let (from, to) = (Date::from(first), Date::from(last));
    let holidays = attendance::holidays_between(cx, first, last).await?;
    let at = |h, m| NaiveTime::from_hms_opt(h, m, 0).unwrap_or(NaiveTime::MIN);
    let mut days = Vec::new();
    let leaves = futures::future::try_join_all(
        team.iter()
            .map(|employee| leave::approved_between(cx, employee.meta.id, &from, &to)),
    )
    .await?;
    for (n, (employee, leave)) in team.iter().zip(leaves).enumerate() {
        let mut worked = 0;
        for date in first.iter_days().take_while(|d| *d <= last) {
            let text = Date::from(date);
            let on_leave = leave
                .iter()
                .any(|l| l.start_date.as_str() <= text.as_str() && text.as_str() <= l.end_date.as_str());
            if !attendance::works_on(shift, date)
                || on_leave
                || date < employee.date_of_joining.naive()
                || attendance::is_holiday(&holidays, date)
            {
                continue;
            }
            worked += 1;
            // Sam's third day an absence, Leo's fifth a half day; the rest full days, some late,
            // some long.
            days.push(match (n, worked) {
                (3, 3) => attendance::absent_day(employee, shift, date, "Called in sick"),
                (2, 5) => attendance::worked_day(employee, shift, &settings, date, (at(9, 0), at(12, 30))),
                _ => {
                    let (late, long) = ((worked + n) as u32 % 4 * 7, u32::from((worked + n) % 5 == 1));
                    attendance::worked_day(employee, shift, &settings, date, (at(9, late), at(17 + long, 30)))
                }
            });
        }
    }
    let mut batch = Batch::new(cx);
    let ids = batch.ids::<Attendance>(days.len()).await?;
    for (day, id) in days.into_iter().zip(ids) {
        batch.add(with_id(day, id))?;
    }
    batch.commit().await
}

/// Last month's payroll, processed with a meal allowance and an income-tax deduction.
async fn seed_payroll(cx: Cx<'_>, today: NaiveDate) -> Result<(), ApiError> {
    let this_month = today.with_day(1).unwrap_or(today);
    let end = this_month - Duration::days(1);
    let start = end.with_day(1).unwrap_or(end);
    let run: Payroll = insert(
        cx,
        json!({"title": format!("Payroll {}", start.format("%B %Y")), "payroll_frequency": "monthly", "pay_period_start": Date::from(start).as_str(), "pay_period_end": Date::from(end).as_str(), "allowances": [{"name": "Meal allowance", "amount": 120}], "deductions": [{"name": "Income tax", "percent": 20}]}),
    )
    .await?;
    payroll::process_in(cx, run.meta.id).await?;
    Ok(())
}

/// Leave types, and leave in every state: approved and pending for Leo, rejected for Sam.
async fn seed_leave(cx: Cx<'_>, team: &[Employee], year: i32) -> Result<(), ApiError> {
    let annual: LeaveType = insert(cx, json!({"name": "Annual leave", "days_per_year": 22})).await?;
    insert::<LeaveType>(cx, json!({"name": "Sick leave", "days_per_year": 10})).await?;
    insert::<LeaveType>(
        cx,
        json!({"name": "Unpaid leave", "days_per_year": 30, "is_paid": false}),
    )
    .await?;
    let (leo, sam) = (&team[2], &team[3]);
    let annual = annual.meta.id;
    let summer = leave(
        cx,
        leo,
        annual,
        format!("{year}-07-06"),
        format!("{year}-07-10"),
        "Summer holiday",
    )
    .await?;
    decide(cx, summer.meta.id, "approved").await?;
    leave(
        cx,
        leo,
        annual,
        format!("{year}-11-23"),
        format!("{year}-11-24"),
        "Moving house",
    )
    .await?;
    let late = leave(
        cx,
        sam,
        annual,
        format!("{year}-08-10"),
        format!("{year}-08-21"),
        "Road trip",
    )
    .await?;
    decide(cx, late.meta.id, "rejected").await?;
    Ok(())
}

/// An application for `employee`, through the route's operation.
async fn leave(
    cx: Cx<'_>,
    employee: &Employee,
    leave_type: u64,
    start: String,
    end: String,
    reason: &str,
) -> Result<LeaveApplication, ApiError> {
    let input = body(
        json!({"employee_id": employee.meta.id, "leave_type_id": leave_type, "start_date": start, "end_date": end, "reason": reason}),
    )?;
    leave::submit(cx, input).await
}

async fn decide(cx: Cx<'_>, id: u64, status: &str) -> Result<(), ApiError> {
    leave::decide_in(cx, id, body(json!({"status": status}))?).await?;
    Ok(())
}
