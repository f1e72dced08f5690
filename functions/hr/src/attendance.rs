//! Attendance: one record per employee per day, on the employee's shift. Managers create,
//! correct and delete records; employees clock themselves in and out (`POST /api/hrm/clock-in-out`).
//!
//! Clock times are instants in the workspace's time ([`crate::settings`]). A closed record's
//! figures follow from its clock times and its shift: worked minutes (the span less the shift's
//! unpaid break), overtime beyond the shift's working minutes, late minutes after the shift's
//! start, and the status (`half_day` under half the shift's working minutes). An open record (no
//! clock-out) waits in the cross-tenant due index until its shift has ended and the day is over;
//! the `close_open_attendance` job then closes it at the shift's end ([`close_open`]).
//!
//! A clock-in is refused, 422 with a code naming the rule, from an address outside the
//! workspace's allow-list (`ip_not_allowed`), when the employee already has a record that day
//! (`already_clocked_in`), on a day their shift does not work (`not_a_working_day`), on a holiday
//! (`holiday`) and on approved leave (`on_leave`). Two clock-ins at once leave one record: the
//! per-day unique entry admits one write.

use chrono::{DateTime, Datelike, Duration, FixedOffset, NaiveDate, NaiveTime, Utc};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use shared::auth::Module;
use shared::domain::{Date, Text};
use shared::handlers::Caller;
use shared::http::Json;
use shared::http::{ApiError, ClientIp, FieldErrors, ValidJson};
use shared::resource::index::{self, IndexValue};
use shared::resource::unique::{self, Unique};
use shared::resource::{example, ops, Assign, Cx, Events, Filter, Lists, Meta, Ref, Resource, Sort};
use shared::store::{Condition, Write};
use shared::AppState;

use crate::employees::{self, Employee, EmploymentStatus};
use crate::org::{Holiday, Shift, Weekday};
use crate::settings::{self, HrSettings};

shared::choice! {
    /// How a day was attended.
    pub enum AttendanceStatus {
        Present = "present" | "Present",
        HalfDay = "half_day" | "half day" | "Half Day",
        Absent = "absent" | "Absent",
    }
}

/// An employee's attendance on one day.
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
pub struct Attendance {
    #[serde(flatten)]
    pub meta: Meta,
    pub employee_id: u64,
    /// The employee's shift that day.
    pub shift_id: u64,
    /// The day, in the workspace's time.
    pub date: Date,
    /// RFC 3339 with the workspace's offset; absent on an `absent` day.
    pub clock_in: Option<String>,
    /// Absent while the employee is clocked in.
    pub clock_out: Option<String>,
    /// The shift's unpaid break, taken off the span.
    pub break_minutes: u32,
    pub worked_minutes: u32,
    /// `worked_minutes` in hours, to two decimals.
    pub total_hours: f64,
    /// Worked minutes beyond the shift's working minutes.
    pub overtime_minutes: u32,
    pub overtime_hours: f64,
    /// Minutes after the shift's start the employee clocked in.
    pub late_minutes: u32,
    pub status: AttendanceStatus,
    pub notes: Option<String>,
    /// The address a self-service clock-in came from.
    pub clock_in_ip: Option<String>,
    /// Whether the scheduled job closed it at the shift's end (the employee did not clock out).
    pub auto_closed: bool,
    /// While open: when (UTC) the scheduled job closes it if the employee has not.
    pub closes_at: Option<String>,
}

/// Body of `POST /api/attendance/create`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct AttendanceIn {
    #[schemars(required, transform = shared::http::schema::id)]
    pub employee_id: Option<u64>,
    #[schemars(required, transform = shared::http::schema::date)]
    pub date: Option<String>,
    /// `HH:MM` on `date`, in the workspace's time; required unless `absent`.
    #[schemars(transform = crate::org::time_of_day)]
    pub clock_in: Option<String>,
    /// `HH:MM`; before `clock_in` for a day that ran past midnight. Absent: still clocked in.
    #[schemars(transform = crate::org::time_of_day)]
    pub clock_out: Option<String>,
    /// Marks the day absent (no clock times).
    pub absent: Option<bool>,
    pub notes: Option<Text<1000>>,
}

/// Body of `POST /api/attendance/update/{attendance_id}`: absent fields stay; the figures follow
/// the new times.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(transform = shared::resource::patch_schema)]
pub struct AttendancePatch {
    /// `null`: no clock-in, so the day is absent (its clock-out goes too); with `absent: false`,
    /// 422.
    #[serde(default, with = "shared::resource::Clearable::<String>")]
    #[schemars(transform = crate::org::time_of_day)]
    pub clock_in: Option<Option<String>>,
    /// `null`: the employee is clocked in again, and the scheduled job closes the day at the
    /// shift's end unless they clock out first.
    #[serde(default, with = "shared::resource::Clearable::<String>")]
    #[schemars(transform = crate::org::time_of_day)]
    pub clock_out: Option<Option<String>>,
    /// `true` marks the day absent (its clock times go); `false` needs a `clock_in`.
    pub absent: Option<bool>,
    /// `null` clears it.
    #[serde(default, with = "shared::resource::Clearable::<Text<1000>>")]
    pub notes: Option<Option<Text<1000>>>,
}

/// `?employee_id=`, `?status=` and `?date=` on the list.
#[derive(Debug, Default, Serialize, Deserialize, JsonSchema)]
pub struct AttendanceFilters {
    pub employee_id: Option<u64>,
    pub status: Option<AttendanceStatus>,
    #[serde(default, deserialize_with = "shared::domain::optional_date")]
    #[schemars(transform = shared::http::schema::date)]
    pub date: Option<String>,
}

/// The per-day figure kept for the HR home: `<date>#<status>`.
fn day_status(date: &str, status: AttendanceStatus) -> IndexValue {
    IndexValue::text(&format!("{date}#{}", status.as_str()))
}

/// The unique entry of an employee's day.
fn employee_day(employee_id: u64, date: &str) -> String {
    format!("{employee_id}#{date}")
}

impl Resource for Attendance {
    const KIND: &'static str = "hr_attendance";
    const NAME: &'static str = "Attendance";
    const MODULE: Module = Module::Hr;
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[Sort::new("date", |a| IndexValue::date(a.date.as_str()))],
        filters: &[
            Filter::<Self>::one("employee_id", |a| IndexValue::id(a.employee_id)).sorted_by(&["date"]),
            Filter::<Self>::one("status", |a| IndexValue::text(a.status.as_str())),
            Filter::<Self>::one("date", |a| IndexValue::text(a.date.as_str())),
            Filter::<Self>::one("day_status", |a| day_status(a.date.as_str(), a.status)),
        ],
        sums: &[],
    };
    const UNIQUE: &'static [Unique<Self>] = &[Unique::new("employee_date", |a| {
        Some(employee_day(a.employee_id, a.date.as_str()))
    })];
    const REFS: &'static [Ref<Self>] = &[
        Ref::to(<Employee as Resource>::KIND, |a| vec![a.employee_id]),
        Ref::to(<Shift as Resource>::KIND, |a| vec![a.shift_id]),
    ];
    const EVENTS: Events = Events::NONE;
    type In = AttendanceIn;
    type Patch = AttendancePatch;
    type Out = Attendance;
    type Filters = AttendanceFilters;
    shared::meta_field!();

    /// One record per employee and day: each call makes its employee.
    fn example() -> Option<serde_json::Value> {
        Some(serde_json::json!({
            "employee_id": example::fresh("hr_employee"), "date": "2026-03-02", "clock_in": "09:05",
            "clock_out": "17:45", "notes": "Client visit in the afternoon."
        }))
    }

    fn example_update() -> Option<serde_json::Value> {
        Some(serde_json::json!({"notes": "Client visit in the afternoon; back at the office at 16:00."}))
    }

    async fn build(cx: Cx<'_>, input: AttendanceIn) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let employee_id = errors.required("employee_id", input.employee_id);
        let date = errors.date("date", input.date);
        let date = errors.required("date", date);
        // Times sent but malformed count as sent: one message each.
        let (has_in, has_out) = (input.clock_in.is_some(), input.clock_out.is_some());
        let clock_in = time(&mut errors, "clock_in", input.clock_in);
        let clock_out = time(&mut errors, "clock_out", input.clock_out);
        let notes = errors.text("notes", input.notes);
        let absent = input.absent.unwrap_or(false);
        check_times(&mut errors, absent, has_in, has_out);
        let (employee_id, date) = errors.finish((employee_id, date))?;
        let employee = ops::check_reference::<Employee>(cx, "employee_id", employee_id).await?;
        if let Some(other) =
            unique::holder::<Self>(cx, "employee_date", &employee_day(employee_id, date.as_str())).await?
        {
            return Err(ApiError::invalid(
                "date",
                format!(
                    "Employee {employee_id} already has attendance {other} on {}.",
                    date.as_str()
                ),
            ));
        }
        let (shift, settings) = futures::try_join!(ops::load::<Shift>(cx, employee.shift_id), settings::load(cx))?;
        let mut record = Self::new(&employee, &shift, date);
        record.notes = notes;
        if !absent {
            let day = record.date.naive();
            let clock_in = settings.local(day.and_time(clock_in.unwrap_or(NaiveTime::MIN)));
            record.clock_in = Some(clock_in.to_rfc3339());
            record.clock_out = clock_out.map(|out| after(&settings, clock_in, out).to_rfc3339());
        }
        record.reckon(&shift, &settings);
        Ok(record)
    }

    async fn apply(&mut self, cx: Cx<'_>, patch: AttendancePatch) -> Result<(), ApiError> {
        let mut errors = FieldErrors::default();
        let (sent_in, sent_out) = (
            matches!(patch.clock_in, Some(Some(_))),
            matches!(patch.clock_out, Some(Some(_))),
        );
        // `null` clears a time: no clock-in is an absent day, no clock-out an open one.
        let (cleared_in, cleared_out) = (patch.clock_in == Some(None), patch.clock_out == Some(None));
        let clock_in = time(&mut errors, "clock_in", patch.clock_in.flatten());
        let clock_out = time(&mut errors, "clock_out", patch.clock_out.flatten());
        let notes = patch.notes.map(|n| errors.text("notes", n));
        let absent = patch
            .absent
            .unwrap_or(cleared_in || (self.status == AttendanceStatus::Absent && !sent_in));
        // Marking a day absent drops its times; otherwise the stored clock-in still counts.
        let has_in = sent_in || (!absent && !cleared_in && self.clock_in.is_some());
        check_times(&mut errors, absent, has_in, sent_out);
        errors.into_result(())?;
        self.notes.assign(notes);
        let (shift, settings) = futures::try_join!(ops::load::<Shift>(cx, self.shift_id), settings::load(cx))?;
        if absent {
            (self.clock_in, self.clock_out) = (None, None);
            self.status = AttendanceStatus::Absent;
        } else {
            let day = self.date.naive();
            let start = match clock_in {
                Some(at) => settings.local(day.and_time(at)),
                None => self.clock_in_at().ok_or_else(|| {
                    ApiError::invalid("clock_in", "The clock_in field is required unless the day is absent.")
                })?,
            };
            let end = match clock_out {
                Some(out) => Some(after(&settings, start, out)),
                None if cleared_out => None,
                None => self.clock_out_at().map(|out| out.max(start)),
            };
            self.clock_in = Some(start.to_rfc3339());
            self.clock_out = end.map(|e| e.to_rfc3339());
            self.status = AttendanceStatus::Present;
        }
        self.auto_closed = false;
        self.reckon(&shift, &settings);
        Ok(())
    }

    fn search_text(&self) -> String {
        self.notes.clone().unwrap_or_default()
    }

    fn due_date(&self) -> Option<String> {
        self.closes_at.clone()
    }
}

/// `HH:MM` in `field`, when sent.
fn time(errors: &mut FieldErrors, field: &str, value: Option<String>) -> Option<NaiveTime> {
    let value = value?;
    match NaiveTime::parse_from_str(value.trim(), "%H:%M") {
        Ok(at) if value.trim().len() == 5 => Some(at),
        _ => {
            errors.add(
                field,
                format!("The {field} field must be a time of day, HH:MM (24-hour)."),
            );
            None
        }
    }
}

/// An absent day has no clock times; any other has a clock-in.
fn check_times(errors: &mut FieldErrors, absent: bool, has_in: bool, has_out: bool) {
    if absent && (has_in || has_out) {
        errors.add("absent", "An absent day has no clock_in or clock_out.");
    } else if !absent && !has_in {
        errors.add("clock_in", "The clock_in field is required unless the day is absent.");
    }
}

/// `out` on the day of `start`, or the next day when it is earlier (a day past midnight).
fn after(settings: &HrSettings, start: DateTime<FixedOffset>, out: NaiveTime) -> DateTime<FixedOffset> {
    let same_day = settings.local(start.date_naive().and_time(out));
    if same_day < start {
        same_day + Duration::days(1)
    } else {
        same_day
    }
}

fn hours(minutes: u32) -> f64 {
    (f64::from(minutes) / 60.0 * 100.0).round() / 100.0
}

/// An instant in UTC as the due index sorts it.
fn utc_stamp(at: DateTime<Utc>) -> String {
    at.format("%Y-%m-%dT%H:%M:%SZ").to_string()
}

fn weekday(date: NaiveDate) -> Weekday {
    match date.weekday() {
        chrono::Weekday::Mon => Weekday::Monday,
        chrono::Weekday::Tue => Weekday::Tuesday,
        chrono::Weekday::Wed => Weekday::Wednesday,
        chrono::Weekday::Thu => Weekday::Thursday,
        chrono::Weekday::Fri => Weekday::Friday,
        chrono::Weekday::Sat => Weekday::Saturday,
        chrono::Weekday::Sun => Weekday::Sunday,
    }
}

/// Whether `shift` works on `date`.
pub fn works_on(shift: &Shift, date: NaiveDate) -> bool {
    shift.working_days.contains(&weekday(date))
}

/// The start and end of `shift` on `date`, in the workspace's time.
fn shift_bounds(
    shift: &Shift,
    settings: &HrSettings,
    date: NaiveDate,
) -> (DateTime<FixedOffset>, DateTime<FixedOffset>) {
    let start_time = NaiveTime::parse_from_str(&shift.start_time, "%H:%M").unwrap_or(NaiveTime::MIN);
    let start = settings.local(date.and_time(start_time));
    (start, start + Duration::minutes(shift.minutes()))
}

impl Attendance {
    /// An empty record of `employee` on `date` on `shift`.
    fn new(employee: &Employee, shift: &Shift, date: Date) -> Self {
        Self {
            meta: Meta::default(),
            employee_id: employee.meta.id,
            shift_id: shift.meta.id,
            date,
            clock_in: None,
            clock_out: None,
            break_minutes: shift.break_minutes,
            worked_minutes: 0,
            total_hours: 0.0,
            overtime_minutes: 0,
            overtime_hours: 0.0,
            late_minutes: 0,
            status: AttendanceStatus::Present,
            notes: None,
            clock_in_ip: None,
            auto_closed: false,
            closes_at: None,
        }
    }

    fn clock_in_at(&self) -> Option<DateTime<FixedOffset>> {
        DateTime::parse_from_rfc3339(self.clock_in.as_deref()?).ok()
    }

    fn clock_out_at(&self) -> Option<DateTime<FixedOffset>> {
        DateTime::parse_from_rfc3339(self.clock_out.as_deref()?).ok()
    }

    /// Whether the employee is still clocked in.
    pub fn is_open(&self) -> bool {
        self.clock_in.is_some() && self.clock_out.is_none()
    }

    /// The figures that follow from the clock times and the shift.
    fn reckon(&mut self, shift: &Shift, settings: &HrSettings) {
        self.break_minutes = shift.break_minutes;
        (self.worked_minutes, self.overtime_minutes, self.late_minutes) = (0, 0, 0);
        self.closes_at = None;
        let Some(clock_in) = self.clock_in_at() else {
            self.status = AttendanceStatus::Absent;
            self.total_hours = 0.0;
            self.overtime_hours = 0.0;
            return;
        };
        let (start, end) = shift_bounds(shift, settings, self.date.naive());
        self.late_minutes = u32::try_from((clock_in - start).num_minutes()).unwrap_or(0);
        match self.clock_out_at() {
            Some(clock_out) => {
                let span = u32::try_from((clock_out - clock_in).num_minutes()).unwrap_or(0);
                let scheduled = u32::try_from(shift.minutes())
                    .unwrap_or(0)
                    .saturating_sub(shift.break_minutes);
                self.worked_minutes = span.saturating_sub(shift.break_minutes);
                self.overtime_minutes = self.worked_minutes.saturating_sub(scheduled);
                self.status = match self.worked_minutes * 2 < scheduled {
                    true => AttendanceStatus::HalfDay,
                    false => AttendanceStatus::Present,
                };
            }
            None => {
                // Open: closed by the job once the shift has ended and the day is over.
                self.status = AttendanceStatus::Present;
                let next_day = settings.local((self.date.naive() + Duration::days(1)).and_time(NaiveTime::MIN));
                self.closes_at = Some(utc_stamp(end.max(next_day).with_timezone(&Utc)));
            }
        }
        self.total_hours = hours(self.worked_minutes);
        self.overtime_hours = hours(self.overtime_minutes);
    }

    /// Closes an open record at `at` (not before its clock-in).
    fn close_at(&mut self, at: DateTime<FixedOffset>, shift: &Shift, settings: &HrSettings) {
        let at = self.clock_in_at().map_or(at, |clock_in| at.max(clock_in));
        self.clock_out = Some(at.with_timezone(&settings.offset()).to_rfc3339());
        self.reckon(shift, settings);
    }
}

/// A closed day of `employee` on `shift` from `clock_in` to `clock_out` (workspace time), its
/// figures reckoned, its id unset: the sandbox's month of attendance.
pub fn worked_day(
    employee: &Employee,
    shift: &Shift,
    settings: &HrSettings,
    date: NaiveDate,
    (clock_in, clock_out): (NaiveTime, NaiveTime),
) -> Attendance {
    let mut day = Attendance::new(employee, shift, Date::from(date));
    let start = settings.local(date.and_time(clock_in));
    day.clock_in = Some(start.to_rfc3339());
    day.clock_out = Some(after(settings, start, clock_out).to_rfc3339());
    day.reckon(shift, settings);
    day
}

/// An absent day of `employee` (its id unset).
pub fn absent_day(employee: &Employee, shift: &Shift, date: NaiveDate, notes: &str) -> Attendance {
    let mut day = Attendance::new(employee, shift, Date::from(date));
    day.status = AttendanceStatus::Absent;
    day.notes = Some(notes.to_owned());
    day
}

/// The holidays that cover any day from `start` to `end`: one query (a holiday lasts at most
/// weeks, so those starting up to 60 days before `start` hold any that reaches it).
pub async fn holidays_between(cx: Cx<'_>, start: NaiveDate, end: NaiveDate) -> Result<Vec<Holiday>, ApiError> {
    let (from, to) = (
        IndexValue::date(Date::from(start - Duration::days(60)).as_str()),
        IndexValue::date(Date::from(end).as_str()),
    );
    let first = Date::from(start);
    Ok(
        index::between::<Holiday>(cx, None, "date", (Some(&from), Some(&to)), false, 500)
            .await?
            .into_iter()
            .filter(|h| h.end_date.as_str() >= first.as_str())
            .collect(),
    )
}

/// Whether one of `holidays` covers `date`.
pub fn is_holiday(holidays: &[Holiday], date: NaiveDate) -> bool {
    let day = Date::from(date);
    holidays
        .iter()
        .any(|h| h.date.as_str() <= day.as_str() && day.as_str() <= h.end_date.as_str())
}

shared::choice! {
    /// What `POST /api/hrm/clock-in-out` does.
    pub enum ClockType {
        ClockIn = "clockin" | "clock_in",
        ClockOut = "clockout" | "clock_out",
    }
}

/// Body of `POST /api/hrm/clock-in-out`.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(example = serde_json::json!({"type": "clockin"}))]
pub struct ClockIn {
    #[schemars(required)]
    #[serde(rename = "type")]
    pub kind: Option<ClockType>,
}

/// Answer of `POST /api/hrm/clock-in-out`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Clocked {
    /// `true` after a clock-in, `false` after a clock-out.
    pub is_clockin: bool,
    pub attendance_id: u64,
    pub clock_in: Option<String>,
    pub clock_out: Option<String>,
    pub total_hours: f64,
    pub attendance: Attendance,
}

fn refused(code: &'static str, message: String) -> ApiError {
    ApiError::Unprocessable { code, message }
}

/// `POST /api/hrm/clock-in-out`: the caller clocks in or out, in the workspace's time.
pub async fn clock(
    caller: Caller,
    ClientIp(ip): ClientIp,
    ValidJson(input): ValidJson<ClockIn>,
) -> Result<Json<Clocked>, ApiError> {
    let kind = FieldErrors::check_required(|e| e.required("type", input.kind))?;
    let cx = caller.cx();
    let (employee, settings) = futures::try_join!(employees::of_caller(cx), settings::load(cx))?;
    if employee.status != EmploymentStatus::Active {
        return Err(refused(
            "employment_ended",
            format!(
                "Your employment ended on {}.",
                employee.end_date.as_ref().map_or("", |d| d.as_str())
            ),
        ));
    }
    if !settings.admits(&ip) {
        return Err(refused(
            "ip_not_allowed",
            format!("Clocking in or out from {ip} is not allowed: the workspace's IP allow-list does not include it."),
        ));
    }
    let record = match kind {
        ClockType::ClockIn => clock_in(cx, &employee, &settings, ip).await?,
        ClockType::ClockOut => clock_out(cx, &employee, &settings).await?,
    };
    Ok(Json(Clocked {
        is_clockin: kind == ClockType::ClockIn,
        attendance_id: record.meta.id,
        clock_in: record.clock_in.clone(),
        clock_out: record.clock_out.clone(),
        total_hours: record.total_hours,
        attendance: record,
    }))
}

async fn clock_in(cx: Cx<'_>, employee: &Employee, settings: &HrSettings, ip: String) -> Result<Attendance, ApiError> {
    let now = settings.now();
    let today = now.date_naive();
    let day = Date::from(today);
    let unique_day = employee_day(employee.meta.id, day.as_str());
    let (shift, holiday, leave, existing) = futures::try_join!(
        ops::load::<Shift>(cx, employee.shift_id),
        holiday_on(cx, &day),
        crate::leave::approved_on(cx, employee.meta.id, &day),
        unique::holder::<Attendance>(cx, "employee_date", &unique_day),
    )?;
    let already = |id: u64| {
        refused(
            "already_clocked_in",
            format!(
                "You already have attendance {id} today ({}); clock in once a day.",
                today
            ),
        )
    };
    if let Some(id) = existing {
        return Err(already(id));
    }
    if !works_on(&shift, today) {
        return Err(refused(
            "not_a_working_day",
            format!(
                "Today ({}, {}) is not a working day of your shift {}.",
                day.as_str(),
                weekday(today).as_str(),
                shift.name
            ),
        ));
    }
    if let Some(holiday) = holiday {
        return Err(refused(
            "holiday",
            format!("Today ({}) is a holiday: {}.", day.as_str(), holiday.name),
        ));
    }
    if let Some(leave) = leave {
        return Err(refused(
            "on_leave",
            format!(
                "You are on approved leave today (application {}, {} to {}).",
                leave.meta.id,
                leave.start_date.as_str(),
                leave.end_date.as_str()
            ),
        ));
    }
    let mut record = Attendance::new(employee, &shift, day);
    record.clock_in = Some(now.to_rfc3339());
    record.clock_in_ip = Some(ip);
    record.reckon(&shift, settings);
    match ops::insert_built(cx, record, Vec::new()).await {
        Ok(record) => Ok(record),
        // Another clock-in of the same day won the per-day entry.
        Err(e) => match unique::holder::<Attendance>(cx, "employee_date", &unique_day).await? {
            Some(id) => Err(already(id)),
            None => Err(e),
        },
    }
}

async fn clock_out(cx: Cx<'_>, employee: &Employee, settings: &HrSettings) -> Result<Attendance, ApiError> {
    let theirs = Some(("employee_id", IndexValue::id(employee.meta.id)));
    let latest = index::top::<Attendance>(cx, theirs, "date", true, 1)
        .await?
        .into_iter()
        .next();
    let Some(open) = latest.filter(Attendance::is_open) else {
        return Err(refused(
            "not_clocked_in",
            "You are not clocked in: clock in first.".into(),
        ));
    };
    let shift = ops::load::<Shift>(cx, open.shift_id).await?;
    let mut closed = open.clone();
    closed.close_at(settings.now(), &shift, settings);
    ops::save(cx, &open, closed, Vec::new()).await
}

/// The holiday covering `date`, if any: one query of the holidays starting on or before it.
pub async fn holiday_on(cx: Cx<'_>, date: &Date) -> Result<Option<Holiday>, ApiError> {
    let until = IndexValue::date(date.as_str());
    // A holiday lasts at most weeks: the few latest to start by `date` hold any that covers it.
    let latest = index::between::<Holiday>(cx, None, "date", (None, Some(&until)), true, 10).await?;
    Ok(latest.into_iter().find(|h| h.end_date.as_str() >= date.as_str()))
}

/// Body of `POST /api/hrm/attendence-history`.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(example = serde_json::json!({"start_date": "2026-03-01", "end_date": "2026-03-31"}))]
pub struct HistoryIn {
    /// Defaults to the first of this month.
    #[schemars(transform = shared::http::schema::date)]
    pub start_date: Option<String>,
    /// Defaults to today; at most 366 days after `start_date`.
    #[schemars(transform = shared::http::schema::date)]
    pub end_date: Option<String>,
}

/// Answer of `POST /api/hrm/attendence-history`: the caller's days in the period and their sums.
#[derive(Debug, Serialize, JsonSchema)]
pub struct History {
    pub start_date: Date,
    pub end_date: Date,
    /// By date.
    pub data: Vec<Attendance>,
    pub present_days: u32,
    pub half_days: u32,
    pub absent_days: u32,
    pub total_hours: f64,
    pub overtime_hours: f64,
    pub late_minutes: u32,
}

/// Most days a history covers.
const MAX_HISTORY_DAYS: i64 = 366;

/// `POST /api/hrm/attendence-history`: one query of the caller's attendance by date.
pub async fn history(caller: Caller, ValidJson(input): ValidJson<HistoryIn>) -> Result<Json<History>, ApiError> {
    let cx = caller.cx();
    let mut errors = FieldErrors::default();
    let start = errors.date("start_date", input.start_date);
    let end = errors.date("end_date", input.end_date);
    errors.dates_in_order("end_date", start.as_ref(), end.as_ref());
    errors.into_result(())?;
    let (employee, settings) = futures::try_join!(employees::of_caller(cx), settings::load(cx))?;
    let today = settings.now().date_naive();
    let start = start.unwrap_or_else(|| Date::from(today.with_day(1).unwrap_or(today)));
    let end = end.unwrap_or_else(|| Date::from(today.max(start.naive())));
    if (end.naive() - start.naive()).num_days() >= MAX_HISTORY_DAYS {
        return Err(ApiError::invalid(
            "end_date",
            format!("A history covers at most {MAX_HISTORY_DAYS} days."),
        ));
    }
    let data = of_employee(cx, employee.meta.id, &start, &end).await?;
    let count = |status| u32::try_from(data.iter().filter(|a| a.status == status).count()).unwrap_or(0);
    let worked: u32 = data.iter().map(|a| a.worked_minutes).sum();
    let overtime: u32 = data.iter().map(|a| a.overtime_minutes).sum();
    Ok(Json(History {
        present_days: count(AttendanceStatus::Present),
        half_days: count(AttendanceStatus::HalfDay),
        absent_days: count(AttendanceStatus::Absent),
        total_hours: hours(worked),
        overtime_hours: hours(overtime),
        late_minutes: data.iter().map(|a| a.late_minutes).sum(),
        start_date: start,
        end_date: end,
        data,
    }))
}

/// An employee's attendance from `start` to `end`, by date: one query (a day has one record).
pub async fn of_employee(cx: Cx<'_>, employee_id: u64, start: &Date, end: &Date) -> Result<Vec<Attendance>, ApiError> {
    let days = usize::try_from((end.naive() - start.naive()).num_days() + 1).unwrap_or(1);
    let (from, to) = (IndexValue::date(start.as_str()), IndexValue::date(end.as_str()));
    let theirs = Some(("employee_id", IndexValue::id(employee_id)));
    index::between::<Attendance>(cx, theirs, "date", (Some(&from), Some(&to)), false, days).await
}

/// Records closed by one run of the job, at most.
const CLOSE_BATCH: usize = 100;

/// The `close_open_attendance` job: closes every record still open past its shift's end and its
/// day, at the shift's end.
pub async fn close_open(state: &AppState) -> anyhow::Result<String> {
    close_open_at(state, Utc::now()).await
}

/// [`close_open`] as at `now`.
pub async fn close_open_at(state: &AppState, now: DateTime<Utc>) -> anyhow::Result<String> {
    let (mut closed, mut skipped) = (0usize, 0usize);
    loop {
        let limit = CLOSE_BATCH + skipped;
        let due = index::due::<Attendance>(state.store(), &utc_stamp(now), limit).await?;
        let batch = due.len();
        let mut progress = false;
        for entry in due.into_iter().skip(skipped) {
            let cx = Cx::system(state, entry.tenant, 0);
            let Some(open) = ops::find::<Attendance>(cx, entry.id).await? else {
                // Its record is gone: the entry goes too.
                state.store().write(Write::delete(entry.key, Condition::Always)).await?;
                progress = true;
                continue;
            };
            if !open.is_open() {
                // Closed since the entry was read: its save drops the entry.
                skipped += 1;
                continue;
            }
            match close_at_shift_end(cx, open).await {
                Ok(()) => (closed, progress) = (closed + 1, true),
                // Changed meanwhile (the employee clocked out): looked at again next run.
                Err(ApiError::Conflict { .. }) => skipped += 1,
                Err(other) => {
                    return Err(anyhow::anyhow!(
                        "attendance {} of workspace {}: {other:?}",
                        entry.id,
                        entry.tenant
                    ))
                }
            }
        }
        if batch < limit || !progress {
            return Ok(format!("{closed} open attendance records closed at their shift's end"));
        }
    }
}

async fn close_at_shift_end(cx: Cx<'_>, open: Attendance) -> Result<(), ApiError> {
    let (shift, settings) = futures::try_join!(ops::load::<Shift>(cx, open.shift_id), settings::load(cx))?;
    let (_, end) = shift_bounds(&shift, &settings, open.date.naive());
    let mut closed = open.clone();
    closed.close_at(end, &shift, &settings);
    closed.auto_closed = true;
    ops::save(cx, &open, closed, Vec::new()).await?;
    Ok(())
}
