//! Leave: the workspace's leave types with a yearly allowance, and employees' applications
//! `pending → approved | rejected`. Days are calendar days, start and end included, within one
//! calendar year (a leave across New Year is two applications).
//!
//! Each employee's use of each type in each year is one balance item (approved and pending
//! days), written with a version condition in the application's own transaction. A new
//! application is refused when it overlaps another pending or approved one of the employee, or
//! when its days and those already approved exceed the allowance; an approval checks the
//! allowance again against the balance it read, so two approvals at once that together exceed it
//! leave one approved (the other reads the new balance and is refused).

use axum::http::StatusCode;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use shared::auth::Module;
use shared::domain::{Date, Text};
use shared::events::{Event, EventType};
use shared::handlers::Caller;
use shared::http::Json;
use shared::http::{ApiError, FieldErrors, ValidJson, ValidPath, ValidQuery};
use shared::resource::index::{self, IndexValue};
use shared::resource::{example, ops, Assign, Cx, Events, Filter, Lists, Meta, NoChange, Ref, Resource, Sort};
use shared::store::{Condition, Item, Key, Partition, Write};

use crate::employees::{self, Employee};

pub const LEAVE_REQUESTED: EventType =
    EventType::new("leave.requested", "An employee applied for leave.").with_record::<LeaveApplication>();
pub const LEAVE_APPROVED: EventType =
    EventType::new("leave.approved", "A leave application was approved.").with_data::<LeaveApplication>();
pub const LEAVE_REJECTED: EventType =
    EventType::new("leave.rejected", "A leave application was rejected.").with_data::<LeaveApplication>();

/// Most leave types a workspace has (the balances list them all).
pub const MAX_TYPES: usize = 100;
/// Most applications one employee makes in a year (the overlap check reads them all).
const MAX_PER_YEAR: usize = 500;
/// Times a balance change is tried when another change beat it to the balance.
const ATTEMPTS: usize = 5;

/// A kind of leave.
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
pub struct LeaveType {
    #[serde(flatten)]
    pub meta: Meta,
    pub name: String,
    /// Days an employee may take per calendar year.
    pub days_per_year: u32,
    /// Whether the days are paid (unpaid days come off the payslip).
    pub is_paid: bool,
}

/// Body of `POST /api/leave-types/create`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct LeaveTypeIn {
    #[schemars(required)]
    pub name: Option<Text<100>>,
    #[schemars(required, range(max = 366))]
    pub days_per_year: Option<u32>,
    /// Defaults to `true`.
    pub is_paid: Option<bool>,
}

/// Body of `POST /api/leave-types/update/{id}`: absent fields stay.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(transform = shared::resource::patch_schema)]
pub struct LeaveTypePatch {
    pub name: Option<Text<100>>,
    #[schemars(range(max = 366))]
    pub days_per_year: Option<u32>,
    pub is_paid: Option<bool>,
}

fn check_days(errors: &mut FieldErrors, days: Option<u32>) -> Option<u32> {
    match days {
        Some(d) if d > 366 => {
            errors.add("days_per_year", "A year has at most 366 days.");
            None
        }
        other => other,
    }
}

impl Resource for LeaveType {
    const KIND: &'static str = "hr_leave_type";
    const NAME: &'static str = "Leave type";
    const MODULE: Module = Module::Hr;
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[Sort::new("name", |t| IndexValue::text(&t.name))],
        filters: &[],
        sums: &[],
    };
    const REFS: &'static [Ref<Self>] = &[];
    const EVENTS: Events = Events::NONE;
    type In = LeaveTypeIn;
    type Patch = LeaveTypePatch;
    type Out = LeaveType;
    type Filters = shared::resource::NoFilters;
    shared::meta_field!();

    fn example() -> Option<serde_json::Value> {
        Some(serde_json::json!({"name": "Annual leave", "days_per_year": 22, "is_paid": true}))
    }

    async fn build(cx: Cx<'_>, input: LeaveTypeIn) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let name = errors.required_text("name", input.name);
        let days = check_days(&mut errors, input.days_per_year);
        let days = errors.required("days_per_year", days);
        let (name, days_per_year) = errors.finish((name, days))?;
        if index::tallies::<Self>(cx, &[index::Tally::all()]).await?[0] >= MAX_TYPES as i64 {
            return Err(ApiError::limit_reached(format!(
                "A workspace has at most {MAX_TYPES} leave types; delete one first."
            )));
        }
        Ok(Self {
            meta: Meta::default(),
            name,
            days_per_year,
            is_paid: input.is_paid.unwrap_or(true),
        })
    }

    async fn apply(&mut self, _cx: Cx<'_>, patch: LeaveTypePatch) -> Result<(), ApiError> {
        let mut errors = FieldErrors::default();
        let name = errors.text("name", patch.name);
        let days = check_days(&mut errors, patch.days_per_year);
        errors.into_result(())?;
        self.name.assign(name);
        self.days_per_year.assign(days);
        self.is_paid.assign(patch.is_paid);
        Ok(())
    }

    fn search_text(&self) -> String {
        self.name.clone()
    }
}

shared::choice! {
    /// Where an application stands: `pending → approved | rejected`.
    pub enum LeaveStatus {
        Pending = "pending" | "Pending",
        Approved = "approved" | "Approved",
        Rejected = "rejected" | "Rejected",
    }
}

/// An employee's application for leave.
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
pub struct LeaveApplication {
    #[serde(flatten)]
    pub meta: Meta,
    pub employee_id: u64,
    pub leave_type_id: u64,
    pub start_date: Date,
    pub end_date: Date,
    /// Calendar days, start and end included.
    pub total_days: u32,
    pub reason: Option<String>,
    pub status: LeaveStatus,
    pub approver_comment: Option<String>,
    /// Who approved or rejected it.
    pub approved_by: Option<u64>,
    /// When it was approved or rejected.
    pub decided_at: Option<String>,
}

/// Body of `POST /api/leave-application/create` (and, without `employee_id`, of the employee's
/// own `POST /api/hrm/leave-request`).
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(example = serde_json::json!({"employee_id": 1, "leave_type_id": 1, "start_date": "2026-08-03", "end_date": "2026-08-07", "reason": "Family holiday"}))]
pub struct LeaveIn {
    #[schemars(required, transform = shared::http::schema::id)]
    pub employee_id: Option<u64>,
    #[schemars(required, transform = shared::http::schema::id)]
    pub leave_type_id: Option<u64>,
    #[schemars(required, transform = shared::http::schema::date)]
    pub start_date: Option<String>,
    /// On or after `start_date`, in the same year.
    #[schemars(required, transform = shared::http::schema::date)]
    pub end_date: Option<String>,
    pub reason: Option<Text<1000>>,
}

/// Body of `POST /api/hrm/leave-request`: the caller's own application.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(example = serde_json::json!({"leave_type_id": 1, "start_date": "2026-08-03", "end_date": "2026-08-07", "reason": "Family holiday"}))]
pub struct OwnLeaveIn {
    #[schemars(required, transform = shared::http::schema::id)]
    pub leave_type_id: Option<u64>,
    #[schemars(required, transform = shared::http::schema::date)]
    pub start_date: Option<String>,
    #[schemars(required, transform = shared::http::schema::date)]
    pub end_date: Option<String>,
    pub reason: Option<Text<1000>>,
}

/// Body of `POST /api/leave-application/update/{id}`: a pending application's reason (its dates
/// and type are its request: withdraw it and apply again to change them).
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(transform = shared::resource::patch_schema)]
pub struct LeavePatch {
    /// `null` clears it.
    #[serde(default, with = "shared::resource::Clearable::<Text<1000>>")]
    pub reason: Option<Option<Text<1000>>>,
}

shared::choice! {
    /// What a decision makes of a pending application.
    pub enum Decision {
        Approved = "approved" | "Approved",
        Rejected = "rejected" | "Rejected",
    }
}

/// Body of `POST /api/leave-application/update-status/{id}`.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(example = serde_json::json!({"status": "approved", "approver_comment": "Enjoy!"}))]
pub struct DecisionIn {
    #[schemars(required)]
    pub status: Option<Decision>,
    pub approver_comment: Option<Text<1000>>,
}

/// `?employee_id=`, `?leave_type_id=` and `?status=` on the list.
#[derive(Debug, Default, Serialize, Deserialize, JsonSchema)]
pub struct LeaveFilters {
    pub employee_id: Option<u64>,
    pub leave_type_id: Option<u64>,
    pub status: Option<LeaveStatus>,
}

fn year_of(date: &Date) -> &str {
    date.as_str().get(..4).unwrap_or_default()
}

impl Resource for LeaveApplication {
    const KIND: &'static str = "hr_leave";
    const NAME: &'static str = "Leave application";
    const MODULE: Module = Module::Hr;
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[
            Sort::new("start_date", |l| IndexValue::date(l.start_date.as_str())),
            Sort::new("end_date", |l| IndexValue::date(l.end_date.as_str())),
        ],
        filters: &[
            Filter::<Self>::one("employee_id", |l| IndexValue::id(l.employee_id)),
            Filter::<Self>::one("leave_type_id", |l| IndexValue::id(l.leave_type_id)),
            // By end date: who is on leave today reads the approved leave not yet over.
            Filter::<Self>::one("status", |l| IndexValue::text(l.status.as_str())).sorted_by(&["end_date"]),
            // An employee's year: what the overlap check reads.
            Filter::<Self>::one("employee_year", |l| {
                IndexValue::text(&format!("{}#{}", l.employee_id, year_of(&l.start_date)))
            }),
        ],
        sums: &[],
    };
    const REFS: &'static [Ref<Self>] = &[
        Ref::to(<Employee as Resource>::KIND, |l| vec![l.employee_id]),
        Ref::to(<LeaveType as Resource>::KIND, |l| vec![l.leave_type_id]),
    ];
    const EVENTS: Events = Events {
        created: Some(LEAVE_REQUESTED),
        updated: None,
        deleted: None,
    };
    type In = NoChange;
    type Patch = LeavePatch;
    type Out = LeaveApplication;
    type Filters = LeaveFilters;
    shared::meta_field!();

    /// The body of its create route, `POST /api/leave-application/create` ([`LeaveIn`]).
    fn example() -> Option<serde_json::Value> {
        Some(serde_json::json!({
            "employee_id": example::id_of::<crate::employees::Employee>(), "leave_type_id": example::id_of::<crate::leave::LeaveType>(),
            "start_date": "2026-08-03", "end_date": "2026-08-07", "reason": "Family holiday."
        }))
    }

    async fn apply(&mut self, _cx: Cx<'_>, patch: LeavePatch) -> Result<(), ApiError> {
        if self.status != LeaveStatus::Pending {
            return Err(ApiError::invalid_transition(format!(
                "Leave application {} is {}: only a pending one changes.",
                self.meta.id,
                self.status.as_str()
            )));
        }
        let mut errors = FieldErrors::default();
        let reason = patch.reason.map(|r| errors.text("reason", r));
        errors.into_result(())?;
        self.reason.assign(reason);
        Ok(())
    }

    fn search_text(&self) -> String {
        self.reason.clone().unwrap_or_default()
    }

    fn changes(before: Option<&Self>, after: &Self) -> Vec<Event> {
        let Some(before) = before else {
            return Vec::new();
        };
        match (before.status, after.status) {
            (LeaveStatus::Pending, LeaveStatus::Approved) => {
                vec![Event::new(LEAVE_APPROVED.name, serde_json::json!(after))]
            }
            (LeaveStatus::Pending, LeaveStatus::Rejected) => {
                vec![Event::new(LEAVE_REJECTED.name, serde_json::json!(after))]
            }
            _ => Vec::new(),
        }
    }
}

/// An employee's use of a leave type in a year.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
struct Balance {
    approved: u32,
    pending: u32,
    version: u64,
}

const BALANCE_KIND: &str = "hr_leave_balance";

fn balance_key(cx: Cx<'_>, employee_id: u64, leave_type_id: u64, year: &str) -> Key {
    Key::new(
        Partition::tenant(cx.tenant(), BALANCE_KIND),
        format!("{employee_id}#{leave_type_id}#{year}"),
    )
}

async fn read_balances(cx: Cx<'_>, keys: &[Key]) -> Result<Vec<Balance>, ApiError> {
    cx.store()
        .get_many(keys)
        .await?
        .into_iter()
        .map(|item| Ok(item.map(|i| i.into_parsed()).transpose()?.unwrap_or_default()))
        .collect()
}

/// The write storing `balance` as the next version of the one read.
fn balance_write(key: Key, mut balance: Balance) -> Result<Write, ApiError> {
    let condition = if balance.version == 0 {
        Condition::NotExists
    } else {
        Condition::Version(balance.version)
    };
    balance.version += 1;
    Ok(Write::put(Item::from_value(key, &balance)?, condition))
}

fn exceeds(kind: &LeaveType, approved: u32, days: u32) -> ApiError {
    ApiError::invalid(
        "end_date",
        format!(
            "{days} days of {} exceed what is left this year: {} of {} ({approved} approved).",
            kind.name,
            kind.days_per_year.saturating_sub(approved),
            kind.days_per_year
        ),
    )
}

/// Whether a lost try should be tried again: another write changed the balance first.
fn lost_race(e: &ApiError) -> bool {
    matches!(
        e,
        ApiError::Conflict {
            code: "version_conflict" | "conflict",
            ..
        }
    )
}

/// A leave request's fields, validated.
struct Request {
    leave_type_id: u64,
    start: Date,
    end: Date,
    reason: Option<String>,
}

/// Checks `input`'s fields into `errors`; the request when they are all there and valid.
fn parse_request(errors: &mut FieldErrors, input: OwnLeaveIn) -> Option<Request> {
    let leave_type_id = errors.required("leave_type_id", input.leave_type_id);
    let start = errors.date("start_date", input.start_date);
    let start = errors.required("start_date", start);
    let end = errors.date("end_date", input.end_date);
    let end = errors.required("end_date", end);
    errors.dates_in_order("end_date", start.as_ref(), end.as_ref());
    let reason = errors.text("reason", input.reason);
    if let (Some(start), Some(end)) = (&start, &end) {
        if year_of(start) != year_of(end) {
            errors.add(
                "end_date",
                "A leave stays within one calendar year: apply for each year apart.",
            );
        }
    }
    Some(Request {
        leave_type_id: leave_type_id?,
        start: start?,
        end: end?,
        reason,
    })
}

/// Stores a validated application of `employee` (the body's, or the caller's own).
async fn apply_for(cx: Cx<'_>, employee: Employee, request: Request) -> Result<LeaveApplication, ApiError> {
    let Request {
        leave_type_id,
        start,
        end,
        reason,
    } = request;
    if employee.status != employees::EmploymentStatus::Active {
        return Err(ApiError::invalid(
            "employee_id",
            format!("Employee {} no longer works here.", employee.meta.id),
        ));
    }
    let kind = ops::check_reference::<LeaveType>(cx, "leave_type_id", leave_type_id).await?;
    let total_days = u32::try_from((end.naive() - start.naive()).num_days() + 1).unwrap_or(u32::MAX);
    let year = year_of(&start).to_owned();
    let same_year = Some((
        "employee_year",
        IndexValue::text(&format!("{}#{year}", employee.meta.id)),
    ));
    let theirs = index::top::<LeaveApplication>(cx, same_year, "id", false, MAX_PER_YEAR).await?;
    if let Some(other) = theirs.iter().find(|l| {
        l.status != LeaveStatus::Rejected
            && l.start_date.as_str() <= end.as_str()
            && start.as_str() <= l.end_date.as_str()
    }) {
        return Err(ApiError::invalid(
            "start_date",
            format!(
                "These dates overlap leave application {} ({} to {}, {}).",
                other.meta.id,
                other.start_date.as_str(),
                other.end_date.as_str(),
                other.status.as_str()
            ),
        ));
    }
    let key = balance_key(cx, employee.meta.id, leave_type_id, &year);
    let id = ops::reserve_id::<LeaveApplication>(cx).await?;
    let mut last = None;
    for _ in 0..ATTEMPTS {
        let balance = read_balances(cx, std::slice::from_ref(&key)).await?.remove(0);
        if balance.approved + total_days > kind.days_per_year {
            return Err(exceeds(&kind, balance.approved, total_days));
        }
        let mut application = LeaveApplication {
            meta: Meta { id, ..Meta::default() },
            employee_id: employee.meta.id,
            leave_type_id,
            start_date: start.clone(),
            end_date: end.clone(),
            total_days,
            reason: reason.clone(),
            status: LeaveStatus::Pending,
            approver_comment: None,
            approved_by: None,
            decided_at: None,
        };
        let mut writes = ops::prepare(cx, &mut application)?;
        let pending = balance.pending + total_days;
        writes.push(balance_write(key.clone(), Balance { pending, ..balance })?);
        match ops::commit(cx, writes).await {
            Ok(()) => return Ok(application),
            Err(e) if lost_race(&e) => last = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last.unwrap_or_else(ApiError::concurrent_change))
}

/// The approved applications of `employee_id` overlapping `start` to `end` (within two calendar
/// years): one query of the employee's applications per year.
pub async fn approved_between(
    cx: Cx<'_>,
    employee_id: u64,
    start: &Date,
    end: &Date,
) -> Result<Vec<LeaveApplication>, ApiError> {
    let mut years = vec![year_of(start).to_owned()];
    if year_of(end) != year_of(start) {
        years.push(year_of(end).to_owned());
    }
    let reads = years.iter().map(|year| {
        let of_year = Some(("employee_year", IndexValue::text(&format!("{employee_id}#{year}"))));
        index::top::<LeaveApplication>(cx, of_year, "id", false, MAX_PER_YEAR)
    });
    let found = futures::future::try_join_all(reads).await?;
    Ok(found
        .into_iter()
        .flatten()
        .filter(|l| {
            l.status == LeaveStatus::Approved
                && l.start_date.as_str() <= end.as_str()
                && start.as_str() <= l.end_date.as_str()
        })
        .collect())
}

/// The approved application of `employee_id` covering `date`, if any.
pub async fn approved_on(cx: Cx<'_>, employee_id: u64, date: &Date) -> Result<Option<LeaveApplication>, ApiError> {
    Ok(approved_between(cx, employee_id, date, date).await?.into_iter().next())
}

/// `POST /api/leave-application/create` → 201 with the pending application.
pub async fn create(
    caller: Caller,
    ValidJson(input): ValidJson<LeaveIn>,
) -> Result<(StatusCode, Json<LeaveApplication>), ApiError> {
    Ok((StatusCode::CREATED, Json(submit(caller.cx(), input).await?)))
}

/// Stores an application on an employee's behalf (the create route's operation).
pub async fn submit(cx: Cx<'_>, input: LeaveIn) -> Result<LeaveApplication, ApiError> {
    let mut errors = FieldErrors::default();
    let employee_id = errors.required("employee_id", input.employee_id);
    let own = OwnLeaveIn {
        leave_type_id: input.leave_type_id,
        start_date: input.start_date,
        end_date: input.end_date,
        reason: input.reason,
    };
    let request = parse_request(&mut errors, own);
    let (employee_id, request) = errors.finish((employee_id, request))?;
    let employee = ops::check_reference::<Employee>(cx, "employee_id", employee_id).await?;
    apply_for(cx, employee, request).await
}

/// `POST /api/hrm/leave-request`: the caller applies for their own leave → 201.
pub async fn request(
    caller: Caller,
    ValidJson(input): ValidJson<OwnLeaveIn>,
) -> Result<(StatusCode, Json<LeaveApplication>), ApiError> {
    let cx = caller.cx();
    let mut errors = FieldErrors::default();
    let request = parse_request(&mut errors, input);
    let request = errors.finish(request)?;
    let employee = employees::of_caller(cx).await?;
    Ok((StatusCode::CREATED, Json(apply_for(cx, employee, request).await?)))
}

/// `POST /api/leave-application/update-status/{id}`: approve or reject a pending application.
/// An approval is refused (422) when the approved days would exceed the year's allowance.
pub async fn decide(
    caller: Caller,
    ValidPath(id): ValidPath<u64>,
    ValidJson(input): ValidJson<DecisionIn>,
) -> Result<Json<LeaveApplication>, ApiError> {
    Ok(Json(decide_in(caller.cx(), id, input).await?))
}

/// Approves or rejects application `id` (the update-status route's operation).
pub async fn decide_in(cx: Cx<'_>, id: u64, input: DecisionIn) -> Result<LeaveApplication, ApiError> {
    // The application first: an unknown one is 404 whatever the body.
    let mut current = ops::load::<LeaveApplication>(cx, id).await?;
    let mut errors = FieldErrors::default();
    let decision = errors.required("status", input.status);
    let comment = errors.text("approver_comment", input.approver_comment);
    let status = match errors.finish(decision)? {
        Decision::Approved => LeaveStatus::Approved,
        Decision::Rejected => LeaveStatus::Rejected,
    };
    let mut last = None;
    for attempt in 0..ATTEMPTS {
        if attempt > 0 {
            current = ops::load::<LeaveApplication>(cx, id).await?;
        }
        if current.status != LeaveStatus::Pending {
            return Err(ApiError::invalid_transition(format!(
                "Leave application {id} is already {}.",
                current.status.as_str()
            )));
        }
        let key = balance_key(
            cx,
            current.employee_id,
            current.leave_type_id,
            year_of(&current.start_date),
        );
        let (kind, balance) = futures::try_join!(ops::load::<LeaveType>(cx, current.leave_type_id), async {
            Ok(read_balances(cx, std::slice::from_ref(&key)).await?.remove(0))
        },)?;
        let days = current.total_days;
        let mut next = Balance {
            pending: balance.pending.saturating_sub(days),
            ..balance.clone()
        };
        if status == LeaveStatus::Approved {
            if balance.approved + days > kind.days_per_year {
                return Err(exceeds(&kind, balance.approved, days));
            }
            next.approved += days;
        }
        let mut decided = current.clone();
        decided.status = status;
        decided.approver_comment = comment.clone();
        decided.approved_by = Some(cx.user_id);
        decided.decided_at = Some(shared::time::now_rfc3339());
        match ops::save(cx, &current, decided, vec![balance_write(key, next)?]).await {
            Ok(saved) => return Ok(saved),
            Err(e) if lost_race(&e) => last = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last.unwrap_or_else(ApiError::concurrent_change))
}

/// `DELETE /api/leave-application/delete/{id}`: withdraws an application; its days return to the
/// balance (approved days too: a cancelled leave).
pub async fn delete(
    caller: Caller,
    ValidPath(id): ValidPath<u64>,
) -> Result<Json<shared::resource::Deleted>, ApiError> {
    let cx = caller.cx();
    let mut last = None;
    for _ in 0..ATTEMPTS {
        let current = ops::load::<LeaveApplication>(cx, id).await?;
        let key = balance_key(
            cx,
            current.employee_id,
            current.leave_type_id,
            year_of(&current.start_date),
        );
        let balance = read_balances(cx, std::slice::from_ref(&key)).await?.remove(0);
        let days = current.total_days;
        let next = match current.status {
            LeaveStatus::Pending => Balance {
                pending: balance.pending.saturating_sub(days),
                ..balance.clone()
            },
            LeaveStatus::Approved => Balance {
                approved: balance.approved.saturating_sub(days),
                ..balance.clone()
            },
            LeaveStatus::Rejected => balance.clone(),
        };
        let mut writes = ops::delete_writes(cx, &current)?;
        if current.status != LeaveStatus::Rejected {
            writes.push(balance_write(key, next)?);
        }
        match ops::commit(cx, writes).await {
            Ok(()) => {
                return Ok(Json(shared::resource::Deleted {
                    message: "Leave application deleted.".into(),
                    id,
                }))
            }
            Err(e) if lost_race(&e) => last = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last.unwrap_or_else(ApiError::concurrent_change))
}

/// A leave type with an employee's figures for a year.
#[derive(Debug, Serialize, JsonSchema)]
pub struct LeaveBalance {
    pub leave_type: LeaveType,
    pub employee_id: u64,
    pub year: String,
    pub allowance: u32,
    pub approved: u32,
    pub pending: u32,
    /// Allowance less approved days.
    pub remaining: u32,
}

/// Query of `GET /api/leave-balances` and `GET /api/hrm/get-leaves-types`.
#[derive(Debug, Default, Deserialize, JsonSchema)]
pub struct BalanceQuery {
    /// Defaults to the caller's own employee record.
    pub employee_id: Option<u64>,
    /// `YYYY`; defaults to this year.
    #[schemars(regex(pattern = r"^[0-9]{4}$"))]
    pub year: Option<String>,
}

/// Every leave type (at most 100) with `employee_id`'s figures in `year`: two reads.
async fn balances_of(cx: Cx<'_>, employee_id: u64, year: &str) -> Result<Vec<LeaveBalance>, ApiError> {
    let kinds = index::top::<LeaveType>(cx, None, "name", false, MAX_TYPES).await?;
    let keys: Vec<Key> = kinds
        .iter()
        .map(|k| balance_key(cx, employee_id, k.meta.id, year))
        .collect();
    let figures = read_balances(cx, &keys).await?;
    Ok(kinds
        .into_iter()
        .zip(figures)
        .map(|(kind, b)| LeaveBalance {
            employee_id,
            year: year.to_owned(),
            allowance: kind.days_per_year,
            approved: b.approved,
            pending: b.pending,
            remaining: kind.days_per_year.saturating_sub(b.approved),
            leave_type: kind,
        })
        .collect())
}

fn this_year() -> String {
    shared::time::now_rfc3339().get(..4).unwrap_or("1970").to_owned()
}

/// `GET /api/leave-balances`: an employee's figures per leave type for a year.
pub async fn balances(
    caller: Caller,
    ValidQuery(query): ValidQuery<BalanceQuery>,
) -> Result<Json<Vec<LeaveBalance>>, ApiError> {
    let cx = caller.cx();
    let year = match query.year {
        Some(y) if y.len() == 4 && y.bytes().all(|b| b.is_ascii_digit()) => y,
        Some(_) => return Err(ApiError::invalid("year", "The year field must be four digits (YYYY).")),
        None => this_year(),
    };
    let employee = match query.employee_id {
        Some(id) => ops::check_reference::<Employee>(cx, "employee_id", id).await?,
        None => employees::of_caller(cx).await?,
    };
    Ok(Json(balances_of(cx, employee.meta.id, &year).await?))
}

/// `GET /api/hrm/get-leaves-types`: the leave types with the caller's figures this year.
pub async fn own_types(caller: Caller) -> Result<Json<Vec<LeaveBalance>>, ApiError> {
    let cx = caller.cx();
    let employee = employees::of_caller(cx).await?;
    Ok(Json(balances_of(cx, employee.meta.id, &this_year()).await?))
}

/// `GET /api/hrm/get-leaves`: the caller's own applications.
pub async fn own_leaves(
    caller: Caller,
    listing: shared::http::Listing<shared::resource::NoFilters>,
) -> Result<Json<shared::http::ListResponse<LeaveApplication>>, ApiError> {
    let cx = caller.cx();
    let employee = employees::of_caller(cx).await?;
    let mine = shared::http::Listing {
        params: listing.params,
        filters: LeaveFilters {
            employee_id: Some(employee.meta.id),
            ..LeaveFilters::default()
        },
    };
    Ok(Json(
        index::list::<LeaveApplication, _>(cx, &mine, None).await?.records()?,
    ))
}
