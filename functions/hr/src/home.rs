//! `GET /api/hrm/home`: today's HR figures, each from a counter or one bounded index read.

use schemars::JsonSchema;
use serde::Serialize;
use shared::domain::Date;
use shared::handlers::Caller;
use shared::http::ApiError;
use shared::http::Json;
use shared::resource::index::{self, IndexValue, Tally};

use crate::attendance::{Attendance, AttendanceStatus};
use crate::employees::{Employee, EmploymentStatus};
use crate::leave::{LeaveApplication, LeaveStatus};
use crate::org::Holiday;
use crate::settings;

/// Most approved leaves not yet over that the on-leave figure reads (a workspace plans fewer).
const MAX_OPEN_LEAVE: usize = 1000;
/// Holidays the home lists.
const UPCOMING_HOLIDAYS: usize = 5;

/// The HR home.
#[derive(Debug, Serialize, JsonSchema)]
pub struct HrHome {
    /// Today, in the workspace's time.
    pub date: Date,
    pub active_employees: i64,
    /// Employees with attendance today (present or half day).
    pub present_today: i64,
    /// Employees on approved leave today.
    pub on_leave_today: i64,
    /// Leave applications waiting for a decision.
    pub pending_leave_requests: i64,
    /// The next holidays from today, by date.
    pub upcoming_holidays: Vec<Holiday>,
}

/// `GET /api/hrm/home`.
pub async fn home(caller: Caller) -> Result<Json<HrHome>, ApiError> {
    let cx = caller.cx();
    let settings = settings::load(cx).await?;
    let today = Date::from(settings.now().date_naive());
    let day = |status: AttendanceStatus| {
        Tally::count(
            "day_status",
            IndexValue::text(&format!("{}#{}", today.as_str(), status.as_str())),
        )
    };
    let from_today = IndexValue::date(today.as_str());
    let approved = Some(("status", IndexValue::text(LeaveStatus::Approved.as_str())));
    let active = [Tally::count(
        "status",
        IndexValue::text(EmploymentStatus::Active.as_str()),
    )];
    let attended = [day(AttendanceStatus::Present), day(AttendanceStatus::HalfDay)];
    let pending = [Tally::count("status", IndexValue::text(LeaveStatus::Pending.as_str()))];
    let (active, attended, pending, open_leave, upcoming) = futures::try_join!(
        index::tallies::<Employee>(cx, &active),
        index::tallies::<Attendance>(cx, &attended),
        index::tallies::<LeaveApplication>(cx, &pending),
        index::between::<LeaveApplication>(
            cx,
            approved,
            "end_date",
            (Some(&from_today), None),
            false,
            MAX_OPEN_LEAVE
        ),
        index::between::<Holiday>(cx, None, "date", (Some(&from_today), None), false, UPCOMING_HOLIDAYS),
    )?;
    let on_leave = open_leave
        .iter()
        .filter(|l| l.start_date.as_str() <= today.as_str())
        .map(|l| l.employee_id)
        .collect::<std::collections::HashSet<u64>>()
        .len();
    Ok(Json(HrHome {
        date: today,
        active_employees: active[0],
        present_today: attended.iter().sum(),
        on_leave_today: i64::try_from(on_leave).unwrap_or(i64::MAX),
        pending_leave_requests: pending[0],
        upcoming_holidays: upcoming,
    }))
}
