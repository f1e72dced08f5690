//! Payroll: a pay run for a period, `draft → processing → completed`, or `cancelled`; then paid.
//!
//! Processing writes one payslip per active employee and the run's totals; each payslip takes the
//! next number of the `payslip` series (`PSL-000001`) in the transaction that stores it, so the
//! numbers run on without gaps across runs, crashes and retries. A payslip's figures:
//! - **basic**: the monthly salary for the period (weekly 12/52 of it, biweekly 12/26), in
//!   proportion to the period's working days employed for one who joined during it;
//! - **working days**: the days the employee's shift works, holidays excluded;
//! - **unpaid leave**: approved leave of an unpaid type on working days, each day deducted at
//!   basic / working days of the period;
//! - **gross** = basic − unpaid leave deduction + the run's allowances (fixed amounts);
//! - **deductions**: the run's rates, each a percentage of gross rounded to cents;
//! - **net** = gross − deductions.
//!
//! Present, half and absent days and overtime come from attendance, for information. Processing
//! is claimed by moving the run to `processing` with a version condition, so a second request
//! answers 409; a run left `processing` by a crash is taken up again after [`STALE_MINUTES`]
//! (payslips are unique per run and employee, so none is written twice). Marking a completed run
//! paid posts, when the workspace has accounting, salaries expense (gross) against the bank
//! account (net) and payroll liabilities (deductions).

use std::collections::{HashMap, HashSet};

use chrono::{Duration, NaiveDate, Utc};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use shared::auth::Module;
use shared::domain::{Date, Text};
use shared::events::{Event, EventType};
use shared::handlers::Caller;
use shared::http::Json;
use shared::http::{ApiError, FieldErrors, ValidJson, ValidPath};
use shared::money::{Money, Percent};
use shared::resource::index::{self, IndexValue};
use shared::resource::ledger::{self, Posting};
use shared::resource::numbering;
use shared::resource::unique::Unique;
use shared::resource::{ops, Assign, Cx, Events, Filter, Lists, Meta, Ref, Resource, Sort};

use crate::attendance::{self, AttendanceStatus};
use crate::employees::Employee;
use crate::leave::{self, LeaveType};
use crate::org::{Holiday, Shift};

pub const PAYROLL_COMPLETED: EventType = EventType::new(
    "payroll.completed",
    "A payroll was processed: its payslips and totals are final.",
)
.with_data::<Payroll>();

/// Most active employees one payroll pays.
pub const MAX_EMPLOYEES: usize = 500;
/// Payslips computed at once while processing (each reads its employee's attendance and leave).
const PAYSLIPS_AT_ONCE: usize = 16;
/// Minutes after which a run still `processing` (its request died) may be processed again.
pub const STALE_MINUTES: i64 = 15;
/// Most allowance and deduction lines a run has.
const MAX_LINES: usize = 20;
/// The longest name of an allowance or a deduction.
const PAY_LINE_NAME_CHARS: usize = 100;
/// Salaries and wages, Cash and bank, Payroll liabilities: the chart's stable codes.
const SALARIES: &str = "6300";
const CASH_AND_BANK: &str = "1000";
const PAYROLL_LIABILITIES: &str = "2200";

shared::choice! {
    /// How often a payroll runs; the period's basic pay follows it.
    pub enum PayrollFrequency {
        Weekly = "weekly" | "Weekly",
        Biweekly = "biweekly" | "Biweekly",
        Monthly = "monthly" | "Monthly",
    }
}

shared::choice! {
    /// Where a payroll is in its run.
    pub enum PayrollStatus {
        Draft = "draft",
        Processing = "processing",
        Completed = "completed",
        Cancelled = "cancelled",
    }
}

shared::choice! {
    /// Whether a completed payroll's money went out.
    pub enum PaidStatus {
        Paid = "paid",
        Unpaid = "unpaid",
    }
}

/// A fixed amount on every payslip of a run (an allowance), or one computed on it.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct PayLine {
    #[schemars(length(min = 1, max = PAY_LINE_NAME_CHARS))]
    pub name: String,
    #[schemars(transform = shared::money::at_least_zero)]
    pub amount: Money,
}

/// A deduction as a percentage of gross pay (income tax withheld, social security).
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct DeductionRate {
    #[schemars(length(min = 1, max = PAY_LINE_NAME_CHARS))]
    pub name: String,
    pub percent: Percent,
}

/// A pay run.
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
pub struct Payroll {
    #[serde(flatten)]
    pub meta: Meta,
    pub title: String,
    pub payroll_frequency: PayrollFrequency,
    pub pay_period_start: Date,
    pub pay_period_end: Date,
    pub pay_date: Date,
    /// On every payslip.
    pub allowances: Vec<PayLine>,
    /// Taken off every payslip's gross.
    pub deductions: Vec<DeductionRate>,
    pub status: PayrollStatus,
    pub is_payroll_paid: PaidStatus,
    /// Payslips written (once processed).
    pub employee_count: u32,
    #[schemars(transform = shared::money::running_total)]
    pub total_basic: Money,
    #[schemars(transform = shared::money::running_total)]
    pub total_allowances: Money,
    #[schemars(transform = shared::money::running_total)]
    pub total_unpaid_leave: Money,
    #[schemars(transform = shared::money::running_total)]
    pub total_gross: Money,
    #[schemars(transform = shared::money::running_total)]
    pub total_deductions: Money,
    #[schemars(transform = shared::money::running_total)]
    pub total_net: Money,
    /// When processing began (UTC).
    pub processing_started_at: Option<String>,
    pub completed_at: Option<String>,
    pub paid_on: Option<Date>,
    /// The bank account it was paid from, when accounting records it.
    pub bank_account_id: Option<u64>,
    /// The journal entry of the payment, when accounting recorded it.
    pub journal_entry_id: Option<u64>,
}

/// Body of `POST /api/payrolls/create`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct PayrollIn {
    #[schemars(required)]
    pub title: Option<Text<120>>,
    /// Defaults to `monthly`.
    pub payroll_frequency: Option<PayrollFrequency>,
    #[schemars(required, transform = shared::http::schema::date)]
    pub pay_period_start: Option<String>,
    /// On or after the start, at most 31 days after it.
    #[schemars(required, transform = shared::http::schema::date)]
    pub pay_period_end: Option<String>,
    /// Defaults to the period's end.
    #[schemars(transform = shared::http::schema::date)]
    pub pay_date: Option<String>,
    #[schemars(length(max = MAX_LINES))]
    pub allowances: Option<Vec<PayLine>>,
    #[schemars(length(max = MAX_LINES))]
    pub deductions: Option<Vec<DeductionRate>>,
}

/// Body of `POST /api/payrolls/update/{payroll_id}`: a draft's fields; absent fields stay.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(transform = shared::resource::patch_schema)]
pub struct PayrollPatch {
    pub title: Option<Text<120>>,
    pub payroll_frequency: Option<PayrollFrequency>,
    #[schemars(transform = shared::http::schema::date)]
    pub pay_period_start: Option<String>,
    #[schemars(transform = shared::http::schema::date)]
    pub pay_period_end: Option<String>,
    #[schemars(transform = shared::http::schema::date)]
    pub pay_date: Option<String>,
    #[schemars(length(max = MAX_LINES))]
    pub allowances: Option<Vec<PayLine>>,
    #[schemars(length(max = MAX_LINES))]
    pub deductions: Option<Vec<DeductionRate>>,
}

/// `?status=` and `?is_payroll_paid=` on the list.
#[derive(Debug, Default, Serialize, Deserialize, JsonSchema)]
pub struct PayrollFilters {
    pub status: Option<PayrollStatus>,
    pub is_payroll_paid: Option<PaidStatus>,
}

/// The longest period a payroll covers.
const MAX_PERIOD_DAYS: i64 = 31;

fn check_lines(errors: &mut FieldErrors, allowances: &Option<Vec<PayLine>>, deductions: &Option<Vec<DeductionRate>>) {
    for (field, names) in [
        (
            "allowances",
            allowances.iter().flatten().map(|l| l.name.as_str()).collect::<Vec<_>>(),
        ),
        (
            "deductions",
            deductions.iter().flatten().map(|l| l.name.as_str()).collect(),
        ),
    ] {
        if names.len() > MAX_LINES {
            errors.add(field, format!("A payroll has at most {MAX_LINES} {field}."));
        }
        if names
            .iter()
            .any(|n| n.trim().is_empty() || n.chars().count() > PAY_LINE_NAME_CHARS)
        {
            errors.add(
                field,
                format!("Each of the {field} has a name of 1 to {PAY_LINE_NAME_CHARS} characters."),
            );
        }
    }
    if allowances.iter().flatten().any(|l| l.amount.is_negative()) {
        errors.add("allowances", "An allowance is not negative.");
    }
}

/// The period's rules: in order, and at most [`MAX_PERIOD_DAYS`] long.
fn check_period(errors: &mut FieldErrors, start: Option<&Date>, end: Option<&Date>) {
    if let (Some(start), Some(end)) = (start, end) {
        let days = (end.naive() - start.naive()).num_days();
        if days < 0 {
            errors.add("pay_period_end", "The period ends on or after its start.");
        } else if days >= MAX_PERIOD_DAYS {
            errors.add(
                "pay_period_end",
                format!("A payroll covers at most {MAX_PERIOD_DAYS} days."),
            );
        }
    }
}

impl Resource for Payroll {
    const KIND: &'static str = "hr_payroll";
    const NAME: &'static str = "Payroll";
    const MODULE: Module = Module::Hr;
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[
            Sort::new("pay_date", |p| IndexValue::date(p.pay_date.as_str())),
            Sort::new("pay_period_start", |p| IndexValue::date(p.pay_period_start.as_str())),
        ],
        filters: &[
            Filter::<Self>::one("status", |p| IndexValue::text(p.status.as_str())),
            Filter::<Self>::one("is_payroll_paid", |p| IndexValue::text(p.is_payroll_paid.as_str())),
        ],
        sums: &[],
    };
    const REFS: &'static [Ref<Self>] = &[];
    const EVENTS: Events = Events::NONE;
    type In = PayrollIn;
    type Patch = PayrollPatch;
    type Out = Payroll;
    type Filters = PayrollFilters;
    shared::meta_field!();

    fn example() -> Option<serde_json::Value> {
        Some(serde_json::json!({
            "title": "October 2026", "payroll_frequency": "monthly", "pay_period_start": "2026-10-01",
            "pay_period_end": "2026-10-31", "pay_date": "2026-10-30",
            "allowances": [{"name": "Meal allowance", "amount": 150}],
            "deductions": [{"name": "Income tax", "percent": 20}]
        }))
    }

    fn example_update() -> Option<serde_json::Value> {
        Some(serde_json::json!({"title": "October 2026 (with the meal allowance)", "pay_date": "2026-10-29"}))
    }

    async fn build(_cx: Cx<'_>, input: PayrollIn) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let title = errors.required_text("title", input.title);
        let start = errors.date("pay_period_start", input.pay_period_start);
        let start = errors.required("pay_period_start", start);
        let end = errors.date("pay_period_end", input.pay_period_end);
        let end = errors.required("pay_period_end", end);
        let pay_date = errors.date("pay_date", input.pay_date);
        check_lines(&mut errors, &input.allowances, &input.deductions);
        check_period(&mut errors, start.as_ref(), end.as_ref());
        let (title, start, end) = errors.finish((title, start, end))?;
        Ok(Self {
            meta: Meta::default(),
            title,
            payroll_frequency: input.payroll_frequency.unwrap_or(PayrollFrequency::Monthly),
            pay_date: pay_date.unwrap_or_else(|| end.clone()),
            pay_period_start: start,
            pay_period_end: end,
            allowances: trimmed(input.allowances.unwrap_or_default()),
            deductions: input.deductions.unwrap_or_default(),
            status: PayrollStatus::Draft,
            is_payroll_paid: PaidStatus::Unpaid,
            employee_count: 0,
            total_basic: Money::ZERO,
            total_allowances: Money::ZERO,
            total_unpaid_leave: Money::ZERO,
            total_gross: Money::ZERO,
            total_deductions: Money::ZERO,
            total_net: Money::ZERO,
            processing_started_at: None,
            completed_at: None,
            paid_on: None,
            bank_account_id: None,
            journal_entry_id: None,
        })
    }

    async fn apply(&mut self, _cx: Cx<'_>, patch: PayrollPatch) -> Result<(), ApiError> {
        if self.status != PayrollStatus::Draft {
            return Err(ApiError::invalid_transition(format!(
                "Payroll {} is {}: only a draft changes.",
                self.meta.id,
                self.status.as_str()
            )));
        }
        let mut errors = FieldErrors::default();
        let title = errors.text("title", patch.title);
        let start = errors.date("pay_period_start", patch.pay_period_start);
        let end = errors.date("pay_period_end", patch.pay_period_end);
        let pay_date = errors.date("pay_date", patch.pay_date);
        check_lines(&mut errors, &patch.allowances, &patch.deductions);
        check_period(
            &mut errors,
            start.as_ref().or(Some(&self.pay_period_start)),
            end.as_ref().or(Some(&self.pay_period_end)),
        );
        errors.into_result(())?;
        self.title.assign(title);
        self.payroll_frequency.assign(patch.payroll_frequency);
        self.pay_period_start.assign(start);
        self.pay_period_end.assign(end);
        self.pay_date.assign(pay_date);
        self.allowances.assign(patch.allowances.map(trimmed));
        self.deductions.assign(patch.deductions);
        Ok(())
    }

    fn search_text(&self) -> String {
        self.title.clone()
    }

    /// A draft only: a processed run keeps its record (cancel it instead).
    async fn before_delete(&self, _cx: Cx<'_>) -> Result<Vec<shared::store::Write>, ApiError> {
        if self.status != PayrollStatus::Draft {
            return Err(ApiError::invalid_transition(format!(
                "Payroll {} is {}: only a draft is deleted; cancel it instead.",
                self.meta.id,
                self.status.as_str()
            )));
        }
        Ok(Vec::new())
    }

    fn changes(before: Option<&Self>, after: &Self) -> Vec<Event> {
        let Some(before) = before else {
            return Vec::new();
        };
        match (before.status, after.status) {
            (PayrollStatus::Processing, PayrollStatus::Completed) => {
                vec![Event::new(PAYROLL_COMPLETED.name, serde_json::json!(after))]
            }
            _ => Vec::new(),
        }
    }
}

fn trimmed(lines: Vec<PayLine>) -> Vec<PayLine> {
    lines
        .into_iter()
        .map(|l| PayLine {
            name: l.name.trim().to_owned(),
            amount: l.amount,
        })
        .collect()
}

/// One employee's pay in a payroll (the catalogue's payroll entry).
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
pub struct Payslip {
    #[serde(flatten)]
    pub meta: Meta,
    /// `PSL-000001`: the next of the workspace's payslip series when the payroll was processed.
    #[serde(default)]
    pub payslip_number: String,
    pub payroll_id: u64,
    pub employee_id: u64,
    pub employee_name: String,
    pub employee_code: String,
    pub pay_period_start: Date,
    pub pay_period_end: Date,
    /// The monthly salary the payslip was computed from.
    pub monthly_salary: Money,
    /// The period's basic pay (prorated for one who joined during it).
    pub basic_salary: Money,
    /// Days the shift works in the period while employed, holidays excluded.
    pub working_days: u32,
    /// Working days that were holidays.
    pub holidays: u32,
    pub present_days: u32,
    pub half_days: u32,
    /// Working days with neither attendance nor approved leave.
    pub absent_days: u32,
    pub paid_leave_days: u32,
    pub unpaid_leave_days: u32,
    pub overtime_hours: f64,
    pub unpaid_leave_deduction: Money,
    pub allowances: Vec<PayLine>,
    pub total_allowances: Money,
    pub gross_pay: Money,
    pub deductions: Vec<PayLine>,
    pub total_deductions: Money,
    pub net_pay: Money,
}

/// `?payroll_id=` and `?employee_id=` (payslips are listed within their payroll's page).
#[derive(Debug, Default, Serialize, Deserialize, JsonSchema)]
pub struct PayslipFilters {
    pub payroll_id: Option<u64>,
    pub employee_id: Option<u64>,
}

impl Resource for Payslip {
    const KIND: &'static str = "hr_payslip";
    const NAME: &'static str = "Payslip";
    const MODULE: Module = Module::Hr;
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[],
        filters: &[
            Filter::<Self>::one("payroll_id", |p| IndexValue::id(p.payroll_id)),
            Filter::<Self>::one("employee_id", |p| IndexValue::id(p.employee_id)),
        ],
        sums: &[],
    };
    const UNIQUE: &'static [Unique<Self>] = &[Unique::new("payroll_employee", |p| {
        Some(format!("{}#{}", p.payroll_id, p.employee_id))
    })];
    const REFS: &'static [Ref<Self>] = &[
        Ref::to(<Payroll as Resource>::KIND, |p| vec![p.payroll_id]),
        Ref::to(<Employee as Resource>::KIND, |p| vec![p.employee_id]),
    ];
    const EVENTS: Events = Events::NONE;
    type In = shared::resource::NoChange;
    type Patch = shared::resource::NoChange;
    type Out = Payslip;
    type Filters = PayslipFilters;
    shared::meta_field!();

    fn set_number(&mut self, number: String) {
        self.payslip_number = number;
    }

    fn search_text(&self) -> String {
        format!("{} {} {}", self.payslip_number, self.employee_code, self.employee_name)
    }
}

/// What the period is made of for everyone: its holidays and the leave types' pay.
struct Calendar {
    start: NaiveDate,
    end: NaiveDate,
    holidays: Vec<Holiday>,
    paid_types: HashMap<u64, bool>,
}

impl Calendar {
    fn is_holiday(&self, day: NaiveDate) -> bool {
        attendance::is_holiday(&self.holidays, day)
    }

    fn days(&self, from: NaiveDate) -> impl Iterator<Item = NaiveDate> + '_ {
        from.iter_days().take_while(|d| *d <= self.end)
    }
}

/// The monthly salary's share for one period of `frequency`.
fn period_basic(monthly: Money, frequency: PayrollFrequency) -> Money {
    match frequency {
        PayrollFrequency::Monthly => monthly,
        PayrollFrequency::Biweekly => monthly.prorate(12, 26),
        PayrollFrequency::Weekly => monthly.prorate(12, 52),
    }
}

/// `employee`'s payslip for `payroll` (its id unset).
async fn payslip(
    cx: Cx<'_>,
    payroll: &Payroll,
    calendar: &Calendar,
    employee: &Employee,
    shift: &Shift,
) -> Result<Payslip, ApiError> {
    let employed_from = calendar.start.max(employee.date_of_joining.naive());
    let (from, to) = (Date::from(employed_from), payroll.pay_period_end.clone());
    let (days, leave) = futures::try_join!(
        attendance::of_employee(cx, employee.meta.id, &from, &to),
        leave::approved_between(cx, employee.meta.id, &from, &to),
    )?;
    let shift_days: Vec<NaiveDate> = calendar
        .days(calendar.start)
        .filter(|d| attendance::works_on(shift, *d))
        .collect();
    let period_working = shift_days.iter().filter(|d| !calendar.is_holiday(**d)).count();
    let employed: Vec<NaiveDate> = shift_days.into_iter().filter(|d| *d >= employed_from).collect();
    let holidays = employed.iter().filter(|d| calendar.is_holiday(**d)).count();
    let working: Vec<NaiveDate> = employed.into_iter().filter(|d| !calendar.is_holiday(*d)).collect();
    let (mut paid_leave, mut unpaid_leave) = (0u32, 0u32);
    let mut on_leave: HashSet<NaiveDate> = HashSet::new();
    for day in &working {
        let text = Date::from(*day);
        if let Some(l) = leave
            .iter()
            .find(|l| l.start_date.as_str() <= text.as_str() && text.as_str() <= l.end_date.as_str())
        {
            on_leave.insert(*day);
            match calendar.paid_types.get(&l.leave_type_id).copied().unwrap_or(true) {
                true => paid_leave += 1,
                false => unpaid_leave += 1,
            }
        }
    }
    let attended: HashSet<NaiveDate> = days
        .iter()
        .filter(|a| a.status != AttendanceStatus::Absent)
        .map(|a| a.date.naive())
        .collect();
    let count = |status| u32::try_from(days.iter().filter(|a| a.status == status).count()).unwrap_or(0);
    let absent_days = working
        .iter()
        .filter(|d| !attended.contains(d) && !on_leave.contains(d))
        .count();
    let full_basic = period_basic(employee.basic_salary, payroll.payroll_frequency);
    let (working_days, period_working) = (working.len() as i64, period_working as i64);
    let basic_salary = match working_days == period_working {
        true => full_basic,
        false => full_basic.prorate(working_days, period_working),
    };
    let unpaid_leave_deduction = full_basic.prorate(i64::from(unpaid_leave), period_working);
    let total_allowances: Money = payroll.allowances.iter().map(|l| l.amount).sum();
    let gross_pay = basic_salary.minus(unpaid_leave_deduction) + total_allowances;
    let deductions: Vec<PayLine> = payroll
        .deductions
        .iter()
        .map(|d| PayLine {
            name: d.name.clone(),
            amount: gross_pay.percent(d.percent),
        })
        .collect();
    let total_deductions: Money = deductions.iter().map(|l| l.amount).sum();
    let overtime: u32 = days.iter().map(|a| a.overtime_minutes).sum();
    Ok(Payslip {
        meta: Meta::default(),
        payslip_number: String::new(),
        payroll_id: payroll.meta.id,
        employee_id: employee.meta.id,
        employee_name: employee.name.clone(),
        employee_code: employee.employee_code.clone(),
        pay_period_start: payroll.pay_period_start.clone(),
        pay_period_end: payroll.pay_period_end.clone(),
        monthly_salary: employee.basic_salary,
        basic_salary,
        working_days: u32::try_from(working_days).unwrap_or(0),
        holidays: u32::try_from(holidays).unwrap_or(0),
        present_days: count(AttendanceStatus::Present),
        half_days: count(AttendanceStatus::HalfDay),
        absent_days: u32::try_from(absent_days).unwrap_or(0),
        paid_leave_days: paid_leave,
        unpaid_leave_days: unpaid_leave,
        overtime_hours: (f64::from(overtime) / 60.0 * 100.0).round() / 100.0,
        unpaid_leave_deduction,
        allowances: payroll.allowances.clone(),
        total_allowances,
        gross_pay,
        deductions,
        total_deductions,
        net_pay: gross_pay.minus(total_deductions),
    })
}

/// A payroll with its payslips (`GET /api/payrolls/{payroll_id}`).
#[derive(Debug, Serialize, JsonSchema)]
pub struct PayrollDetail {
    #[serde(flatten)]
    pub payroll: Payroll,
    /// One per employee paid, by employee.
    pub payslips: Vec<Payslip>,
}

async fn payslips_of(cx: Cx<'_>, payroll_id: u64) -> Result<Vec<Payslip>, ApiError> {
    let of_payroll = Some(("payroll_id", IndexValue::id(payroll_id)));
    let mut slips = index::top::<Payslip>(cx, of_payroll, "id", false, MAX_EMPLOYEES).await?;
    slips.sort_by_key(|s| s.employee_id);
    Ok(slips)
}

/// `GET /api/payrolls/{payroll_id}`: the payroll and its payslips.
pub async fn show(caller: Caller, ValidPath(id): ValidPath<u64>) -> Result<Json<PayrollDetail>, ApiError> {
    let cx = caller.cx();
    let (payroll, payslips) = futures::try_join!(ops::load::<Payroll>(cx, id), payslips_of(cx, id))?;
    Ok(Json(PayrollDetail { payroll, payslips }))
}

/// `GET /api/payslip/{payroll_entry_id}`.
pub async fn payslip_show(caller: Caller, ValidPath(id): ValidPath<u64>) -> Result<Json<Payslip>, ApiError> {
    Ok(Json(ops::load::<Payslip>(caller.cx(), id).await?))
}

fn now_stamp() -> String {
    Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

/// Whether a run claimed at `started` may be claimed again (its request died).
fn is_stale(started: Option<&str>) -> bool {
    started
        .and_then(|s| chrono::DateTime::parse_from_rfc3339(s).ok())
        .is_none_or(|at| Utc::now() - at.with_timezone(&Utc) > Duration::minutes(STALE_MINUTES))
}

/// `POST /api/payrolls/{payroll_id}/process` → the completed payroll and its payslips.
pub async fn process(caller: Caller, ValidPath(id): ValidPath<u64>) -> Result<Json<PayrollDetail>, ApiError> {
    Ok(Json(process_in(caller.cx(), id).await?))
}

/// Processes payroll `id` (the process route's operation).
pub async fn process_in(cx: Cx<'_>, id: u64) -> Result<PayrollDetail, ApiError> {
    let current = ops::load::<Payroll>(cx, id).await?;
    match current.status {
        PayrollStatus::Draft => {}
        PayrollStatus::Processing if is_stale(current.processing_started_at.as_deref()) => {}
        PayrollStatus::Processing => {
            return Err(ApiError::invalid_transition(format!(
                "Payroll {id} is being processed (since {}).",
                current.processing_started_at.as_deref().unwrap_or("now")
            )))
        }
        done => {
            return Err(ApiError::invalid_transition(format!(
                "Payroll {id} is already {}.",
                done.as_str()
            )))
        }
    }
    // The claim: a second request read the same version and loses here (409).
    let mut claimed = current.clone();
    claimed.status = PayrollStatus::Processing;
    claimed.processing_started_at = Some(now_stamp());
    let claimed = ops::save(cx, &current, claimed, Vec::new()).await?;

    let of_status = Some((
        "status",
        IndexValue::text(crate::employees::EmploymentStatus::Active.as_str()),
    ));
    let (staff, types, written) = futures::try_join!(
        index::top::<Employee>(cx, of_status, "id", false, MAX_EMPLOYEES + 1),
        index::top::<LeaveType>(cx, None, "id", false, leave::MAX_TYPES),
        payslips_of(cx, id),
    )?;
    if staff.len() > MAX_EMPLOYEES {
        return Err(ApiError::Unprocessable {
            code: "too_many_employees",
            message: format!("A payroll pays at most {MAX_EMPLOYEES} employees; split it by branch."),
        });
    }
    let (start, end) = (claimed.pay_period_start.naive(), claimed.pay_period_end.naive());
    let calendar = Calendar {
        start,
        end,
        holidays: attendance::holidays_between(cx, start, end).await?,
        paid_types: types.iter().map(|t| (t.meta.id, t.is_paid)).collect(),
    };
    let mut shift_ids: Vec<u64> = staff.iter().map(|e| e.shift_id).collect();
    shift_ids.sort_unstable();
    shift_ids.dedup();
    let shifts: HashMap<u64, Shift> = ops::load_map(cx, &shift_ids).await?;
    let done: HashSet<u64> = written.iter().map(|p| p.employee_id).collect();
    let mut slips = written;
    let due: Vec<(&Employee, &Shift)> = staff
        .iter()
        .filter(|e| !done.contains(&e.meta.id) && e.date_of_joining.naive() <= end)
        .filter_map(|e| Some((e, shifts.get(&e.shift_id)?)))
        .collect();
    let ids = cx
        .store()
        .next_ids(cx.tenant(), Payslip::KIND, due.len() as u64)
        .await?;
    // Each payslip reads its employee's attendance and leave: several employees at a time, so a
    // large payroll costs a few round trips of time, not one per employee.
    let mut computed = Vec::with_capacity(due.len());
    for group in due.chunks(PAYSLIPS_AT_ONCE) {
        let reads = group
            .iter()
            .map(|(employee, shift)| payslip(cx, &claimed, &calendar, employee, shift));
        computed.extend(futures::future::try_join_all(reads).await?);
    }
    for (slip, id) in computed.iter_mut().zip(ids) {
        slip.meta.id = id;
    }
    // Numbered by employee, in transactions that each take their payslips' numbers.
    slips.extend(ops::insert_all_numbered(cx, &numbering::PAYSLIP, computed).await?);

    let mut completed = claimed.clone();
    completed.status = PayrollStatus::Completed;
    completed.completed_at = Some(now_stamp());
    completed.employee_count = u32::try_from(slips.len()).unwrap_or(u32::MAX);
    completed.total_basic = slips.iter().map(|s| s.basic_salary).sum();
    completed.total_allowances = slips.iter().map(|s| s.total_allowances).sum();
    completed.total_unpaid_leave = slips.iter().map(|s| s.unpaid_leave_deduction).sum();
    completed.total_gross = slips.iter().map(|s| s.gross_pay).sum();
    completed.total_deductions = slips.iter().map(|s| s.total_deductions).sum();
    completed.total_net = slips.iter().map(|s| s.net_pay).sum();
    let payroll = ops::save(cx, &claimed, completed, Vec::new()).await?;
    slips.sort_by_key(|s| s.employee_id);
    Ok(PayrollDetail {
        payroll,
        payslips: slips,
    })
}

/// `POST /api/payrolls/{payroll_id}/cancel`: a draft, or a completed run not paid, is cancelled
/// (its payslips stay, for the record).
pub async fn cancel(caller: Caller, ValidPath(id): ValidPath<u64>) -> Result<Json<Payroll>, ApiError> {
    let cx = caller.cx();
    let current = ops::load::<Payroll>(cx, id).await?;
    let cancellable = current.status == PayrollStatus::Draft
        || (current.status == PayrollStatus::Completed && current.is_payroll_paid == PaidStatus::Unpaid);
    if !cancellable {
        return Err(ApiError::invalid_transition(format!(
            "Payroll {id} is {} ({}): only a draft or an unpaid completed one is cancelled.",
            current.status.as_str(),
            current.is_payroll_paid.as_str()
        )));
    }
    let mut cancelled = current.clone();
    cancelled.status = PayrollStatus::Cancelled;
    Ok(Json(ops::save(cx, &current, cancelled, Vec::new()).await?))
}

/// Body of `POST /api/payrolls/{payroll_id}/pay`.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(example = serde_json::json!({"paid_on": "2026-03-31", "bank_account_id": 1}))]
pub struct PayIn {
    /// Defaults to today.
    #[schemars(transform = shared::http::schema::date)]
    pub paid_on: Option<String>,
    /// The accounting bank account the money left (its GL account is credited); without one,
    /// Cash and bank (1000).
    #[schemars(transform = shared::http::schema::id)]
    pub bank_account_id: Option<u64>,
}

/// `POST /api/payrolls/{payroll_id}/pay`: a completed run is paid; with accounting on the
/// workspace's plan, its journal entry is written in the same transaction.
pub async fn pay(
    caller: Caller,
    ValidPath(id): ValidPath<u64>,
    ValidJson(input): ValidJson<PayIn>,
) -> Result<Json<Payroll>, ApiError> {
    let cx = caller.cx();
    let current = ops::load::<Payroll>(cx, id).await?;
    let paid_on = FieldErrors::check(|e| e.date("paid_on", input.paid_on))?.unwrap_or_else(Date::today);
    if current.status != PayrollStatus::Completed || current.is_payroll_paid == PaidStatus::Paid {
        return Err(ApiError::invalid_transition(format!(
            "Payroll {id} is {} ({}): only a completed, unpaid one is paid.",
            current.status.as_str(),
            current.is_payroll_paid.as_str()
        )));
    }
    let mut paid = current.clone();
    paid.is_payroll_paid = PaidStatus::Paid;
    paid.paid_on = Some(paid_on.clone());
    let mut extra = Vec::new();
    if caller.principal.has_module(Module::Accounting) {
        let mut posting = Posting::new(paid_on, format!("Payroll {}", current.title), "payroll", id);
        posting.debit(SALARIES, current.total_gross);
        match input.bank_account_id {
            Some(bank) => posting.credit(ledger::bank_account_code(bank), current.total_net),
            None => posting.credit(CASH_AND_BANK, current.total_net),
        }
        posting.credit(PAYROLL_LIABILITIES, current.total_deductions);
        if let Some(posted) = ledger::post(cx, &posting)
            .await
            .map_err(|e| bank_named(e, input.bank_account_id))?
        {
            paid.journal_entry_id = Some(posted.entry_id);
            paid.bank_account_id = input.bank_account_id;
            extra = posted.writes;
        }
    }
    Ok(Json(ops::save(cx, &current, paid, extra).await?))
}

/// The ledger's "no such account" for a bank account the caller named, said as its field.
fn bank_named(error: ApiError, bank: Option<u64>) -> ApiError {
    match (error, bank) {
        (
            ApiError::Unprocessable {
                code: "unknown_account",
                ..
            },
            Some(bank),
        ) => ApiError::invalid(
            "bank_account_id",
            format!("There is no bank account {bank} in accounting."),
        ),
        (other, _) => other,
    }
}
