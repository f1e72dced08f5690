//! Resignations and terminations: each ends its employee's employment, in the same transaction.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use shared::auth::Module::{self};
use shared::domain::{Date, Text};
use shared::http::{ApiError, FieldErrors};
use shared::resource::index::IndexValue;
use shared::resource::{example, Assign, Cx, Events, Filter, Lists, Meta, Ref, Resource, Sort};
use shared::store::Write;

use crate::employees::{Employee, EmploymentStatus};

use super::{check_employed, check_joined, employee_change, in_order, required_date, ByEmployee};

/// A record that ends its employee's employment on its date: the employee is `ended` with that
/// `end_date` while it exists (see the module's notes).
trait EndsEmployment: Resource {
    /// The field of its last day in bodies.
    const LAST_DAY: &'static str;
    fn employee_id(&self) -> u64;
    fn last_day(&self) -> &Date;
}

/// The employee's end, written with a new record or a moved date ([`Resource::before_save`]).
async fn end_employment<R: EndsEmployment>(cx: Cx<'_>, record: &R, before: Option<&R>) -> Result<Vec<Write>, ApiError> {
    let last_day = record.last_day();
    if before.is_some_and(|b| b.last_day() == last_day) {
        return Ok(Vec::new());
    }
    employee_change(cx, record.employee_id(), |employee| {
        if before.is_none() {
            check_employed(employee, R::LAST_DAY, last_day)?;
        } else {
            let mut errors = FieldErrors::default();
            check_joined(&mut errors, employee, R::LAST_DAY, last_day);
            errors.into_result(())?;
        }
        employee.status = EmploymentStatus::Ended;
        employee.end_date = Some(last_day.clone());
        Ok(())
    })
    .await
}

/// The employee active again, written with the record's delete ([`Resource::before_delete`]).
async fn restore_employment<R: EndsEmployment>(cx: Cx<'_>, record: &R) -> Result<Vec<Write>, ApiError> {
    employee_change(cx, record.employee_id(), |employee| {
        employee.status = EmploymentStatus::Active;
        employee.end_date = None;
        Ok(())
    })
    .await
}

/// The notice date and last day (`last_field`) of a resignation or termination: required on a
/// create (`current` is `None`), optional on an update; the last day not before the notice
/// either way.
fn notice_period(
    errors: &mut FieldErrors,
    last_field: &str,
    (notice, last): (Option<String>, Option<String>),
    current: Option<(&Date, &Date)>,
) -> (Option<Date>, Option<Date>) {
    let (notice, last) = match current {
        None => (
            required_date(errors, "notice_date", notice),
            required_date(errors, last_field, last),
        ),
        Some(_) => (errors.date("notice_date", notice), errors.date(last_field, last)),
    };
    let given_notice = notice.as_ref().or(current.map(|c| c.0));
    let given_last = last.as_ref().or(current.map(|c| c.1));
    if let Some(notice) = given_notice {
        in_order(errors, "notice_date", notice, last_field, given_last);
    }
    (notice, last)
}

/// An employee's resignation: notice given on `notice_date`, last day `resignation_date`.
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
pub struct Resignation {
    #[serde(flatten)]
    pub meta: Meta,
    pub employee_id: u64,
    pub notice_date: Date,
    /// The last day of employment: the employee's `end_date`.
    pub resignation_date: Date,
    pub reason: Option<String>,
}

/// Body of `POST /api/resignations/create`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ResignationIn {
    /// An employee whose employment has not ended.
    #[schemars(required, transform = shared::http::schema::id)]
    pub employee_id: Option<u64>,
    #[schemars(required, transform = shared::http::schema::date)]
    pub notice_date: Option<String>,
    /// The last day: not before `notice_date` nor the day the employee joined.
    #[schemars(required, transform = shared::http::schema::date)]
    pub resignation_date: Option<String>,
    pub reason: Option<Text<1000>>,
}

/// Body of `POST /api/resignations/update/{id}`: absent fields stay; a new `resignation_date`
/// becomes the employee's `end_date`.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(transform = shared::resource::patch_schema)]
pub struct ResignationPatch {
    #[schemars(transform = shared::http::schema::date)]
    pub notice_date: Option<String>,
    #[schemars(transform = shared::http::schema::date)]
    pub resignation_date: Option<String>,
    /// `null` clears it.
    #[serde(default, with = "shared::resource::Clearable::<Text<1000>>")]
    pub reason: Option<Option<Text<1000>>>,
}

impl EndsEmployment for Resignation {
    const LAST_DAY: &'static str = "resignation_date";
    fn employee_id(&self) -> u64 {
        self.employee_id
    }
    fn last_day(&self) -> &Date {
        &self.resignation_date
    }
}

impl Resource for Resignation {
    const KIND: &'static str = "hr_resignation";
    const NAME: &'static str = "Resignation";
    const MODULE: Module = Module::Hr;
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[Sort::new("resignation_date", |r| {
            IndexValue::date(r.resignation_date.as_str())
        })],
        filters: &[Filter::<Self>::one("employee_id", |r| IndexValue::id(r.employee_id))],
        sums: &[],
    };
    const REFS: &'static [Ref<Self>] = &[Ref::to(<Employee as Resource>::KIND, |r| vec![r.employee_id])];
    const EVENTS: Events = Events::NONE;
    type In = ResignationIn;
    type Patch = ResignationPatch;
    type Out = Resignation;
    type Filters = ByEmployee;
    shared::meta_field!();

    /// Ends the employee's employment (once): each call makes its employee.
    fn example() -> Option<serde_json::Value> {
        Some(serde_json::json!({
            "employee_id": example::fresh("hr_employee"), "notice_date": "2026-11-02", "resignation_date": "2026-11-30",
            "reason": "Moving abroad."
        }))
    }

    /// A later last day: the employee's `end_date` follows.
    fn example_update() -> Option<serde_json::Value> {
        Some(serde_json::json!({
            "resignation_date": "2026-12-11", "reason": "Moving abroad; stays to hand over the payroll export."
        }))
    }

    async fn build(_cx: Cx<'_>, input: ResignationIn) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let employee_id = errors.required("employee_id", input.employee_id);
        let dates = (input.notice_date, input.resignation_date);
        let (notice_date, resignation_date) = notice_period(&mut errors, Self::LAST_DAY, dates, None);
        let reason = errors.text("reason", input.reason);
        let (employee_id, notice_date, resignation_date) =
            errors.finish((employee_id, notice_date, resignation_date))?;
        // The employee is read (and checked) once, where it is ended: `before_save`.
        Ok(Self {
            meta: Meta::default(),
            employee_id,
            notice_date,
            resignation_date,
            reason,
        })
    }

    async fn apply(&mut self, _cx: Cx<'_>, patch: ResignationPatch) -> Result<(), ApiError> {
        let mut errors = FieldErrors::default();
        let current = Some((&self.notice_date, &self.resignation_date));
        let dates = (patch.notice_date, patch.resignation_date);
        let (notice_date, resignation_date) = notice_period(&mut errors, Self::LAST_DAY, dates, current);
        let reason = patch.reason.map(|r| errors.text("reason", r));
        errors.into_result(())?;
        self.notice_date.assign(notice_date);
        self.resignation_date.assign(resignation_date);
        self.reason.assign(reason);
        Ok(())
    }

    fn search_text(&self) -> String {
        self.reason.clone().unwrap_or_default()
    }

    async fn before_save(&self, cx: Cx<'_>, before: Option<&Self>) -> Result<Vec<Write>, ApiError> {
        end_employment(cx, self, before).await
    }

    async fn before_delete(&self, cx: Cx<'_>) -> Result<Vec<Write>, ApiError> {
        restore_employment(cx, self).await
    }
}

/// The end of an employee's employment by the workspace: notice given on `notice_date`, last day
/// `termination_date`.
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
pub struct Termination {
    #[serde(flatten)]
    pub meta: Meta,
    pub employee_id: u64,
    /// Its kind ("Redundancy", "Misconduct").
    pub termination_type: String,
    pub notice_date: Date,
    /// The last day of employment: the employee's `end_date`.
    pub termination_date: Date,
    pub reason: Option<String>,
}

/// Body of `POST /api/terminations/create`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct TerminationIn {
    /// An employee whose employment has not ended.
    #[schemars(required, transform = shared::http::schema::id)]
    pub employee_id: Option<u64>,
    #[schemars(required)]
    pub termination_type: Option<Text<100>>,
    #[schemars(required, transform = shared::http::schema::date)]
    pub notice_date: Option<String>,
    /// The last day: not before `notice_date` nor the day the employee joined.
    #[schemars(required, transform = shared::http::schema::date)]
    pub termination_date: Option<String>,
    pub reason: Option<Text<1000>>,
}

/// Body of `POST /api/terminations/update/{id}`: absent fields stay; a new `termination_date`
/// becomes the employee's `end_date`.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(transform = shared::resource::patch_schema)]
pub struct TerminationPatch {
    pub termination_type: Option<Text<100>>,
    #[schemars(transform = shared::http::schema::date)]
    pub notice_date: Option<String>,
    #[schemars(transform = shared::http::schema::date)]
    pub termination_date: Option<String>,
    /// `null` clears it.
    #[serde(default, with = "shared::resource::Clearable::<Text<1000>>")]
    pub reason: Option<Option<Text<1000>>>,
}

/// `?employee_id=` and `?termination_type=` on the list.
#[derive(Debug, Default, Serialize, Deserialize, JsonSchema)]
pub struct TerminationFilters {
    pub employee_id: Option<u64>,
    pub termination_type: Option<String>,
}

impl EndsEmployment for Termination {
    const LAST_DAY: &'static str = "termination_date";
    fn employee_id(&self) -> u64 {
        self.employee_id
    }
    fn last_day(&self) -> &Date {
        &self.termination_date
    }
}

impl Resource for Termination {
    const KIND: &'static str = "hr_termination";
    const NAME: &'static str = "Termination";
    const MODULE: Module = Module::Hr;
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[Sort::new("termination_date", |t| {
            IndexValue::date(t.termination_date.as_str())
        })],
        filters: &[
            Filter::<Self>::one("employee_id", |t| IndexValue::id(t.employee_id)),
            Filter::<Self>::one("termination_type", |t| IndexValue::text(&t.termination_type)),
        ],
        sums: &[],
    };
    const REFS: &'static [Ref<Self>] = &[Ref::to(<Employee as Resource>::KIND, |t| vec![t.employee_id])];
    const EVENTS: Events = Events::NONE;
    type In = TerminationIn;
    type Patch = TerminationPatch;
    type Out = Termination;
    type Filters = TerminationFilters;
    shared::meta_field!();

    /// Ends the employee's employment, like a resignation (see its example).
    fn example() -> Option<serde_json::Value> {
        Some(serde_json::json!({
            "employee_id": example::fresh("hr_employee"), "termination_type": "Redundancy", "notice_date": "2026-11-02",
            "termination_date": "2026-12-31", "reason": "The Lisbon support desk closes."
        }))
    }

    /// A later last day: the employee's `end_date` follows.
    fn example_update() -> Option<serde_json::Value> {
        Some(serde_json::json!({
            "termination_date": "2027-01-29", "reason": "The Lisbon support desk closes at the end of January."
        }))
    }

    async fn build(_cx: Cx<'_>, input: TerminationIn) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let employee_id = errors.required("employee_id", input.employee_id);
        let termination_type = errors.required_text("termination_type", input.termination_type);
        let dates = (input.notice_date, input.termination_date);
        let (notice_date, termination_date) = notice_period(&mut errors, Self::LAST_DAY, dates, None);
        let reason = errors.text("reason", input.reason);
        let (employee_id, termination_type, notice_date, termination_date) =
            errors.finish((employee_id, termination_type, notice_date, termination_date))?;
        // The employee is read (and checked) once, where it is ended: `before_save`.
        Ok(Self {
            meta: Meta::default(),
            employee_id,
            termination_type,
            notice_date,
            termination_date,
            reason,
        })
    }

    async fn apply(&mut self, _cx: Cx<'_>, patch: TerminationPatch) -> Result<(), ApiError> {
        let mut errors = FieldErrors::default();
        let termination_type = errors.text("termination_type", patch.termination_type);
        let current = Some((&self.notice_date, &self.termination_date));
        let dates = (patch.notice_date, patch.termination_date);
        let (notice_date, termination_date) = notice_period(&mut errors, Self::LAST_DAY, dates, current);
        let reason = patch.reason.map(|r| errors.text("reason", r));
        errors.into_result(())?;
        self.termination_type.assign(termination_type);
        self.notice_date.assign(notice_date);
        self.termination_date.assign(termination_date);
        self.reason.assign(reason);
        Ok(())
    }

    fn search_text(&self) -> String {
        format!(
            "{} {}",
            self.termination_type,
            self.reason.as_deref().unwrap_or_default()
        )
    }

    async fn before_save(&self, cx: Cx<'_>, before: Option<&Self>) -> Result<Vec<Write>, ApiError> {
        end_employment(cx, self, before).await
    }

    async fn before_delete(&self, cx: Cx<'_>) -> Result<Vec<Write>, ApiError> {
        restore_employment(cx, self).await
    }
}
