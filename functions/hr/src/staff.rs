//! The rest of HR (issue 14): announcements and company events for the workspace, and what is
//! recorded about employees: awards, promotions, transfers, resignations, terminations, warnings,
//! complaints, HR documents and their acknowledgments. The catalogue lists each (GET); the create,
//! update and delete routes beside each list are designed (`POST /api/awards/create`,
//! `POST /api/awards/update/{id}`, `DELETE /api/awards/delete/{id}`), except that an event is
//! created at the catalogue's `POST /api/hrm/events`.
//!
//! Four records change their employee in their own transaction, conditioned on the version of
//! the employee they read, so a concurrent change of the employee fails the whole write (409):
//!
//! - A promotion gives the employee its designation (with that designation's department and
//!   branch) and, when it names one, a new salary; a transfer gives them another department (and
//!   its branch) with a designation there. Each keeps what the employee had before. Updating one
//!   changes its date and notes only; deleting one deletes the record, not its effect (a new
//!   promotion or transfer, or the employee's own update, moves them on).
//! - A resignation or a termination ends the employment as it is recorded (a date ahead
//!   included): the employee's `status` becomes `ended` and `end_date` its date. Its update may
//!   move the date, and `end_date` follows; deleting it (a mistaken one) makes the employee
//!   active again, without `end_date`. An employee whose employment ended takes neither again,
//!   nor a promotion or transfer: 422 on `employee_id`.
//!
//! Records about an employee stay theirs (no update changes `employee_id`) and hold the employee
//! back from deletion (409 `in_use`), as every id a record names holds that record back.

use futures::try_join;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::json;
use shared::auth::Module::{self, Hr};
use shared::domain::Date;
use shared::http::{ApiError, FieldErrors};
use shared::money::Money;
use shared::resource::handlers;
use shared::resource::index::{self, IndexValue};
use shared::resource::unique::Unique;
use shared::resource::{ops, Assign, Cx, Events, Filter, Lists, Meta, Ref, Resource, Sort};
use shared::routes::{Crud, Op, Routes};
use shared::sandbox::insert;
use shared::store::Write;

use crate::employees::{Employee, EmploymentStatus};
use crate::org::{Department, Designation, DocumentType};

/// Every route of these records, one row each.
pub fn routes(routes: Routes) -> Routes {
    routes
        .resource::<Announcement>(
            Crud::new()
                .list("/api/announcements")
                .create("/api/announcements/create")
                .update("/api/announcements/update/{id}")
                .delete("/api/announcements/delete/{id}"),
        )
        .resource::<CompanyEvent>(
            Crud::new()
                .list("/api/events")
                .update("/api/events/update/{id}")
                .delete("/api/events/delete/{id}"),
        )
        // The catalogue's path for an event's create (README, "Known quirks").
        .row(
            Op::post("/api/hrm/events", handlers::create::<CompanyEvent>)
                .write(Hr)
                .body::<CompanyEventIn>()
                .created::<CompanyEvent>()
                .quirk()
                .summary("Add a company event"),
        )
        .resource::<Award>(
            Crud::new()
                .list("/api/awards")
                .create("/api/awards/create")
                .update("/api/awards/update/{id}")
                .delete("/api/awards/delete/{id}"),
        )
        .resource::<Promotion>(
            Crud::new()
                .list("/api/promotions")
                .create("/api/promotions/create")
                .update("/api/promotions/update/{id}")
                .delete("/api/promotions/delete/{id}"),
        )
        .resource::<EmployeeTransfer>(
            Crud::new()
                .list("/api/employee-transfers")
                .create("/api/employee-transfers/create")
                .update("/api/employee-transfers/update/{id}")
                .delete("/api/employee-transfers/delete/{id}"),
        )
        .resource::<Resignation>(
            Crud::new()
                .list("/api/resignations")
                .create("/api/resignations/create")
                .update("/api/resignations/update/{id}")
                .delete("/api/resignations/delete/{id}"),
        )
        .resource::<Termination>(
            Crud::new()
                .list("/api/terminations")
                .create("/api/terminations/create")
                .update("/api/terminations/update/{id}")
                .delete("/api/terminations/delete/{id}"),
        )
        .resource::<Warning>(
            Crud::new()
                .list("/api/warnings")
                .create("/api/warnings/create")
                .update("/api/warnings/update/{id}")
                .delete("/api/warnings/delete/{id}"),
        )
        .resource::<Complaint>(
            Crud::new()
                .list("/api/complaints")
                .create("/api/complaints/create")
                .update("/api/complaints/update/{id}")
                .delete("/api/complaints/delete/{id}"),
        )
        .resource::<HrmDocument>(
            Crud::new()
                .list("/api/hrm-documents")
                .create("/api/hrm-documents/create")
                .update("/api/hrm-documents/update/{id}")
                .delete("/api/hrm-documents/delete/{id}"),
        )
        .resource::<Acknowledgment>(
            Crud::new()
                .list("/api/acknowledgments")
                .create("/api/acknowledgments/create")
                .update("/api/acknowledgments/update/{id}")
                .delete("/api/acknowledgments/delete/{id}"),
        )
}

// What the records share.

/// `?employee_id=` on the lists of records about one employee.
#[derive(Debug, Default, Serialize, Deserialize, JsonSchema)]
pub struct ByEmployee {
    pub employee_id: Option<u64>,
}

/// A required `YYYY-MM-DD` date (one error whether it is missing or not a date).
fn required_date(errors: &mut FieldErrors, field: &str, value: Option<String>) -> Option<Date> {
    let value = errors.required(field, value)?;
    errors.date(field, Some(value))
}

/// A patch's nullable date: absent stays (`None`), `null` clears (`Some(None)`).
fn nullable_date(errors: &mut FieldErrors, field: &str, value: Option<Option<String>>) -> Option<Option<Date>> {
    match value? {
        None => Some(None),
        Some(text) => errors.date(field, Some(text)).map(Some),
    }
}

/// Reports `later_field` when `later` is before `earlier` (named `earlier_field` in the message).
fn in_order(errors: &mut FieldErrors, earlier_field: &str, earlier: &Date, later_field: &str, later: Option<&Date>) {
    if later.is_some_and(|later| later.naive() < earlier.naive()) {
        errors.add(
            later_field,
            format!(
                "The {} must not be before the {} ({earlier}).",
                later_field.replace('_', " "),
                earlier_field.replace('_', " ")
            ),
        );
    }
}

/// Reports `field` when `date` is before `employee` joined.
fn check_joined(errors: &mut FieldErrors, employee: &Employee, field: &str, date: &Date) {
    if date.naive() < employee.date_of_joining.naive() {
        errors.add(
            field,
            format!(
                "Employee {} joined on {}; the {} cannot be earlier.",
                employee.meta.id,
                employee.date_of_joining,
                field.replace('_', " ")
            ),
        );
    }
}

/// 422 unless `employee` still works here (on `employee_id`) and `date` (of `field`) is not
/// before they joined: what a promotion, transfer, resignation or termination needs.
fn check_employed(employee: &Employee, field: &str, date: &Date) -> Result<(), ApiError> {
    let mut errors = FieldErrors::default();
    if employee.status == EmploymentStatus::Ended {
        let since = employee
            .end_date
            .as_ref()
            .map(|d| format!(" on {d}"))
            .unwrap_or_default();
        errors.add(
            "employee_id",
            format!("Employee {}'s employment already ended{since}.", employee.meta.id),
        );
    }
    check_joined(&mut errors, employee, field, date);
    errors.into_result(())
}

/// 422 on `field` when `date` is before employee `employee_id` joined (an update's new date).
async fn check_date_of(cx: Cx<'_>, employee_id: u64, field: &str, date: Option<&Date>) -> Result<(), ApiError> {
    let Some(date) = date else { return Ok(()) };
    let employee = ops::check_reference::<Employee>(cx, "employee_id", employee_id).await?;
    let mut errors = FieldErrors::default();
    check_joined(&mut errors, &employee, field, date);
    errors.into_result(())
}

/// The writes that change employee `id` as `change` says, conditioned on the version read: they
/// commit with the record that causes them, so a concurrent change of the employee fails both.
async fn employee_change(
    cx: Cx<'_>,
    id: u64,
    change: impl FnOnce(&mut Employee) -> Result<(), ApiError> + Send,
) -> Result<Vec<Write>, ApiError> {
    let before = ops::check_reference::<Employee>(cx, "employee_id", id).await?;
    let mut after = before.clone();
    change(&mut after)?;
    ops::change_writes(cx, &before, &mut after)
}

/// A designation that must be of `department` when given (422 on `field` otherwise), with the
/// department it is of.
async fn designation_in(
    cx: Cx<'_>,
    field: &str,
    designation_id: u64,
    department: Option<&Department>,
) -> Result<(Designation, Department), ApiError> {
    let designation = ops::check_reference::<Designation>(cx, field, designation_id).await?;
    match department {
        Some(department) if department.meta.id != designation.department_id => Err(ApiError::invalid(
            field,
            format!(
                "Designation {designation_id} ({}) is of department {}, not {}.",
                designation.name, designation.department_id, department.meta.id
            ),
        )),
        Some(department) => Ok((designation, department.clone())),
        None => {
            let department = ops::check_reference::<Department>(cx, field, designation.department_id).await?;
            Ok((designation, department))
        }
    }
}

// Announcements and events.

/// A notice to the workspace, or to one department's employees, from `start_date` (to
/// `end_date` when it has one).
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct Announcement {
    #[serde(flatten)]
    pub meta: Meta,
    pub title: String,
    pub description: Option<String>,
    pub start_date: Date,
    pub end_date: Option<Date>,
    /// The department whose employees it is for; `null`: everyone.
    pub department_id: Option<u64>,
}

/// Body of `POST /api/announcements/create`.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(example = json!({"title": "Office closed on Friday", "description": "The office is closed for maintenance.", "start_date": "2026-06-01", "end_date": "2026-06-05"}))]
pub struct AnnouncementIn {
    #[schemars(required, transform = shared::http::schema::text::<190>)]
    pub title: Option<String>,
    #[schemars(transform = shared::http::schema::text::<2000>)]
    pub description: Option<String>,
    #[schemars(required, transform = shared::http::schema::date)]
    pub start_date: Option<String>,
    /// Not before `start_date`; none: until withdrawn.
    #[schemars(transform = shared::http::schema::date)]
    pub end_date: Option<String>,
    /// Its audience; absent: everyone.
    #[schemars(transform = shared::http::schema::id)]
    pub department_id: Option<u64>,
}

/// Body of `POST /api/announcements/update/{id}`: absent fields stay.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct AnnouncementPatch {
    #[schemars(transform = shared::http::schema::text::<190>)]
    pub title: Option<String>,
    #[schemars(transform = shared::http::schema::text::<2000>)]
    pub description: Option<String>,
    #[schemars(transform = shared::http::schema::date)]
    pub start_date: Option<String>,
    /// `null` clears it.
    #[serde(default, deserialize_with = "shared::resource::nullable")]
    #[schemars(transform = shared::http::schema::date)]
    pub end_date: Option<Option<String>>,
    /// `null`: everyone.
    #[serde(default, deserialize_with = "shared::resource::nullable")]
    #[schemars(transform = shared::http::schema::id)]
    pub department_id: Option<Option<u64>>,
}

/// `?department_id=` on the list (announcements for everyone have none).
#[derive(Debug, Default, Serialize, Deserialize, JsonSchema)]
pub struct AnnouncementFilters {
    pub department_id: Option<u64>,
}

impl Resource for Announcement {
    const KIND: &'static str = "hr_announcement";
    const NAME: &'static str = "Announcement";
    const MODULE: Module = Module::Hr;
    const LISTS: &'static Lists<Self> = &Lists {
        default_sort: "-start_date",
        sorts: &[Sort::new("start_date", |a| IndexValue::date(a.start_date.as_str()))],
        filters: &[Filter::<Self>::one("department_id", |a| {
            IndexValue::opt_id(a.department_id)
        })],
        sums: &[],
    };
    const REFS: &'static [Ref<Self>] = &[Ref::to(<Department as Resource>::KIND, |a| {
        a.department_id.into_iter().collect()
    })];
    const EVENTS: Events = Events::NONE;
    type In = AnnouncementIn;
    type Patch = AnnouncementPatch;
    type Out = Announcement;
    type Filters = AnnouncementFilters;
    shared::meta_field!();

    async fn build(cx: Cx<'_>, input: AnnouncementIn) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let title = errors.required_text("title", input.title, 190);
        let description = errors.text("description", input.description, 2000);
        let start_date = required_date(&mut errors, "start_date", input.start_date);
        let end_date = errors.date("end_date", input.end_date);
        if let Some(start) = &start_date {
            in_order(&mut errors, "start_date", start, "end_date", end_date.as_ref());
        }
        let (title, start_date) = errors.finish((title, start_date))?;
        if let Some(department_id) = input.department_id {
            ops::check_reference::<Department>(cx, "department_id", department_id).await?;
        }
        Ok(Self {
            meta: Meta::default(),
            title,
            description,
            start_date,
            end_date,
            department_id: input.department_id,
        })
    }

    async fn apply(&mut self, cx: Cx<'_>, patch: AnnouncementPatch) -> Result<(), ApiError> {
        let mut errors = FieldErrors::default();
        let title = errors.text("title", patch.title, 190);
        let description = errors.text("description", patch.description, 2000);
        let start_date = errors.date("start_date", patch.start_date);
        let end_date = nullable_date(&mut errors, "end_date", patch.end_date);
        let end = end_date.as_ref().map_or(self.end_date.as_ref(), Option::as_ref);
        in_order(
            &mut errors,
            "start_date",
            start_date.as_ref().unwrap_or(&self.start_date),
            "end_date",
            end,
        );
        errors.into_result(())?;
        if let Some(Some(department_id)) = patch.department_id {
            ops::check_reference::<Department>(cx, "department_id", department_id).await?;
        }
        self.title.assign(title);
        self.description.assign(description.map(Some));
        self.start_date.assign(start_date);
        self.end_date.assign(end_date);
        self.department_id.assign(patch.department_id);
        Ok(())
    }

    fn search_text(&self) -> String {
        self.title.clone()
    }
}

/// A company event: a day or days, somewhere.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct CompanyEvent {
    #[serde(flatten)]
    pub meta: Meta,
    pub title: String,
    pub description: Option<String>,
    pub start_date: Date,
    /// The last day (`start_date` for a one-day event).
    pub end_date: Date,
    pub location: Option<String>,
}

/// Body of `POST /api/hrm/events`.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(example = json!({"title": "Summer party", "start_date": "2026-07-17", "location": "Rooftop terrace"}))]
pub struct CompanyEventIn {
    #[schemars(required, transform = shared::http::schema::text::<190>)]
    pub title: Option<String>,
    #[schemars(transform = shared::http::schema::text::<2000>)]
    pub description: Option<String>,
    #[schemars(required, transform = shared::http::schema::date)]
    pub start_date: Option<String>,
    /// Not before `start_date`; defaults to it.
    #[schemars(transform = shared::http::schema::date)]
    pub end_date: Option<String>,
    #[schemars(transform = shared::http::schema::text::<190>)]
    pub location: Option<String>,
}

/// Body of `POST /api/events/update/{id}`: absent fields stay.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct CompanyEventPatch {
    #[schemars(transform = shared::http::schema::text::<190>)]
    pub title: Option<String>,
    #[schemars(transform = shared::http::schema::text::<2000>)]
    pub description: Option<String>,
    #[schemars(transform = shared::http::schema::date)]
    pub start_date: Option<String>,
    #[schemars(transform = shared::http::schema::date)]
    pub end_date: Option<String>,
    #[schemars(transform = shared::http::schema::text::<190>)]
    pub location: Option<String>,
}

/// `?year=` on the list.
#[derive(Debug, Default, Serialize, Deserialize, JsonSchema)]
pub struct CompanyEventFilters {
    /// Events starting in this year.
    pub year: Option<u32>,
}

impl Resource for CompanyEvent {
    const KIND: &'static str = "hr_event";
    const NAME: &'static str = "Event";
    const MODULE: Module = Module::Hr;
    const LISTS: &'static Lists<Self> = &Lists {
        default_sort: "start_date",
        sorts: &[Sort::new("start_date", |e| IndexValue::date(e.start_date.as_str()))],
        // The year as an id: a query's number is read as one.
        filters: &[Filter::<Self>::one("year", |e| {
            IndexValue::id(u64::from(chrono::Datelike::year(&e.start_date.naive()).unsigned_abs()))
        })
        .sorted_by(&["start_date"])],
        sums: &[],
    };
    const EVENTS: Events = Events::NONE;
    type In = CompanyEventIn;
    type Patch = CompanyEventPatch;
    type Out = CompanyEvent;
    type Filters = CompanyEventFilters;
    shared::meta_field!();

    async fn build(_cx: Cx<'_>, input: CompanyEventIn) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let title = errors.required_text("title", input.title, 190);
        let description = errors.text("description", input.description, 2000);
        let start_date = required_date(&mut errors, "start_date", input.start_date);
        let end_date = errors.date("end_date", input.end_date);
        let location = errors.text("location", input.location, 190);
        if let Some(start) = &start_date {
            in_order(&mut errors, "start_date", start, "end_date", end_date.as_ref());
        }
        let (title, start_date) = errors.finish((title, start_date))?;
        Ok(Self {
            meta: Meta::default(),
            title,
            description,
            end_date: end_date.unwrap_or_else(|| start_date.clone()),
            start_date,
            location,
        })
    }

    async fn apply(&mut self, _cx: Cx<'_>, patch: CompanyEventPatch) -> Result<(), ApiError> {
        let mut errors = FieldErrors::default();
        let title = errors.text("title", patch.title, 190);
        let description = errors.text("description", patch.description, 2000);
        let start_date = errors.date("start_date", patch.start_date);
        let end_date = errors.date("end_date", patch.end_date);
        let location = errors.text("location", patch.location, 190);
        in_order(
            &mut errors,
            "start_date",
            start_date.as_ref().unwrap_or(&self.start_date),
            "end_date",
            Some(end_date.as_ref().unwrap_or(&self.end_date)),
        );
        errors.into_result(())?;
        self.title.assign(title);
        self.description.assign(description.map(Some));
        self.start_date.assign(start_date);
        self.end_date.assign(end_date);
        self.location.assign(location.map(Some));
        Ok(())
    }

    fn search_text(&self) -> String {
        format!("{} {}", self.title, self.location.as_deref().unwrap_or_default())
    }
}

// Awards, warnings and complaints.

/// An award given to an employee: a title of its kind, and a gift or cash when there was one.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct Award {
    #[serde(flatten)]
    pub meta: Meta,
    pub employee_id: u64,
    /// What it is for ("Employee of the month").
    pub award_type: String,
    pub date: Date,
    pub gift: Option<String>,
    pub cash: Option<Money>,
    pub description: Option<String>,
}

/// Body of `POST /api/awards/create`.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(example = json!({"employee_id": 1, "award_type": "Employee of the month", "date": "2026-05-29", "gift": "Dinner for two", "cash": 150}))]
pub struct AwardIn {
    #[schemars(required, transform = shared::http::schema::id)]
    pub employee_id: Option<u64>,
    #[schemars(required, transform = shared::http::schema::text::<100>)]
    pub award_type: Option<String>,
    #[schemars(required, transform = shared::http::schema::date)]
    pub date: Option<String>,
    #[schemars(transform = shared::http::schema::text::<190>)]
    pub gift: Option<String>,
    #[schemars(range(min = 0))]
    pub cash: Option<Money>,
    #[schemars(transform = shared::http::schema::text::<2000>)]
    pub description: Option<String>,
}

/// Body of `POST /api/awards/update/{id}`: absent fields stay.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct AwardPatch {
    #[schemars(transform = shared::http::schema::text::<100>)]
    pub award_type: Option<String>,
    #[schemars(transform = shared::http::schema::date)]
    pub date: Option<String>,
    #[schemars(transform = shared::http::schema::text::<190>)]
    pub gift: Option<String>,
    #[schemars(range(min = 0))]
    pub cash: Option<Money>,
    #[schemars(transform = shared::http::schema::text::<2000>)]
    pub description: Option<String>,
}

/// `?employee_id=` and `?award_type=` on the list.
#[derive(Debug, Default, Serialize, Deserialize, JsonSchema)]
pub struct AwardFilters {
    pub employee_id: Option<u64>,
    pub award_type: Option<String>,
}

impl Resource for Award {
    const KIND: &'static str = "hr_award";
    const NAME: &'static str = "Award";
    const MODULE: Module = Module::Hr;
    const LISTS: &'static Lists<Self> = &Lists {
        default_sort: "-date",
        sorts: &[Sort::new("date", |a| IndexValue::date(a.date.as_str()))],
        filters: &[
            Filter::<Self>::one("employee_id", |a| IndexValue::id(a.employee_id)).sorted_by(&["date"]),
            Filter::<Self>::one("award_type", |a| IndexValue::text(&a.award_type)),
        ],
        sums: &[],
    };
    const REFS: &'static [Ref<Self>] = &[Ref::to(<Employee as Resource>::KIND, |a| vec![a.employee_id])];
    const EVENTS: Events = Events::NONE;
    type In = AwardIn;
    type Patch = AwardPatch;
    type Out = Award;
    type Filters = AwardFilters;
    shared::meta_field!();

    async fn build(cx: Cx<'_>, input: AwardIn) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let employee_id = errors.required("employee_id", input.employee_id);
        let award_type = errors.required_text("award_type", input.award_type, 100);
        let date = required_date(&mut errors, "date", input.date);
        let gift = errors.text("gift", input.gift, 190);
        let cash = errors.not_negative("cash", input.cash);
        let description = errors.text("description", input.description, 2000);
        let (employee_id, award_type, date) = errors.finish((employee_id, award_type, date))?;
        ops::check_reference::<Employee>(cx, "employee_id", employee_id).await?;
        Ok(Self {
            meta: Meta::default(),
            employee_id,
            award_type,
            date,
            gift,
            cash,
            description,
        })
    }

    async fn apply(&mut self, _cx: Cx<'_>, patch: AwardPatch) -> Result<(), ApiError> {
        let mut errors = FieldErrors::default();
        let award_type = errors.text("award_type", patch.award_type, 100);
        let date = errors.date("date", patch.date);
        let gift = errors.text("gift", patch.gift, 190);
        let cash = errors.not_negative("cash", patch.cash);
        let description = errors.text("description", patch.description, 2000);
        errors.into_result(())?;
        self.award_type.assign(award_type);
        self.date.assign(date);
        self.gift.assign(gift.map(Some));
        self.cash.assign(cash.map(Some));
        self.description.assign(description.map(Some));
        Ok(())
    }

    fn search_text(&self) -> String {
        format!("{} {}", self.award_type, self.gift.as_deref().unwrap_or_default())
    }
}

/// A warning given to an employee, by the user who recorded it.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct Warning {
    #[serde(flatten)]
    pub meta: Meta,
    pub employee_id: u64,
    pub subject: String,
    pub warning_date: Date,
    pub description: Option<String>,
    /// The user who recorded it.
    pub warned_by: u64,
}

/// Body of `POST /api/warnings/create`.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(example = json!({"employee_id": 1, "subject": "Late for three days in a row", "warning_date": "2026-04-10"}))]
pub struct WarningIn {
    #[schemars(required, transform = shared::http::schema::id)]
    pub employee_id: Option<u64>,
    #[schemars(required, transform = shared::http::schema::text::<190>)]
    pub subject: Option<String>,
    #[schemars(required, transform = shared::http::schema::date)]
    pub warning_date: Option<String>,
    #[schemars(transform = shared::http::schema::text::<2000>)]
    pub description: Option<String>,
}

/// Body of `POST /api/warnings/update/{id}`: absent fields stay.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct WarningPatch {
    #[schemars(transform = shared::http::schema::text::<190>)]
    pub subject: Option<String>,
    #[schemars(transform = shared::http::schema::date)]
    pub warning_date: Option<String>,
    #[schemars(transform = shared::http::schema::text::<2000>)]
    pub description: Option<String>,
}

impl Resource for Warning {
    const KIND: &'static str = "hr_warning";
    const NAME: &'static str = "Warning";
    const MODULE: Module = Module::Hr;
    const LISTS: &'static Lists<Self> = &Lists {
        default_sort: "-warning_date",
        sorts: &[Sort::new("warning_date", |w| IndexValue::date(w.warning_date.as_str()))],
        filters: &[Filter::<Self>::one("employee_id", |w| IndexValue::id(w.employee_id)).sorted_by(&["warning_date"])],
        sums: &[],
    };
    const REFS: &'static [Ref<Self>] = &[Ref::to(<Employee as Resource>::KIND, |w| vec![w.employee_id])];
    const EVENTS: Events = Events::NONE;
    type In = WarningIn;
    type Patch = WarningPatch;
    type Out = Warning;
    type Filters = ByEmployee;
    shared::meta_field!();

    async fn build(cx: Cx<'_>, input: WarningIn) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let employee_id = errors.required("employee_id", input.employee_id);
        let subject = errors.required_text("subject", input.subject, 190);
        let warning_date = required_date(&mut errors, "warning_date", input.warning_date);
        let description = errors.text("description", input.description, 2000);
        let (employee_id, subject, warning_date) = errors.finish((employee_id, subject, warning_date))?;
        ops::check_reference::<Employee>(cx, "employee_id", employee_id).await?;
        Ok(Self {
            meta: Meta::default(),
            employee_id,
            subject,
            warning_date,
            description,
            warned_by: cx.user_id,
        })
    }

    async fn apply(&mut self, _cx: Cx<'_>, patch: WarningPatch) -> Result<(), ApiError> {
        let mut errors = FieldErrors::default();
        let subject = errors.text("subject", patch.subject, 190);
        let warning_date = errors.date("warning_date", patch.warning_date);
        let description = errors.text("description", patch.description, 2000);
        errors.into_result(())?;
        self.subject.assign(subject);
        self.warning_date.assign(warning_date);
        self.description.assign(description.map(Some));
        Ok(())
    }

    fn search_text(&self) -> String {
        self.subject.clone()
    }
}

shared::choice! {
    /// Where a complaint stands.
    pub enum ComplaintStatus {
        Open = "open" | "Open",
        Resolved = "resolved" | "Resolved",
    }
}

/// A complaint one employee made about another.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct Complaint {
    #[serde(flatten)]
    pub meta: Meta,
    /// The employee who complains.
    pub complaint_from: u64,
    /// The employee complained about.
    pub complaint_against: u64,
    pub title: String,
    pub date: Date,
    pub description: Option<String>,
    pub status: ComplaintStatus,
}

/// Body of `POST /api/complaints/create`.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(example = json!({"complaint_from": 1, "complaint_against": 2, "title": "Meeting notes never shared", "date": "2026-03-12"}))]
pub struct ComplaintIn {
    #[schemars(required, transform = shared::http::schema::id)]
    pub complaint_from: Option<u64>,
    /// Another employee than `complaint_from`.
    #[schemars(required, transform = shared::http::schema::id)]
    pub complaint_against: Option<u64>,
    #[schemars(required, transform = shared::http::schema::text::<190>)]
    pub title: Option<String>,
    #[schemars(required, transform = shared::http::schema::date)]
    pub date: Option<String>,
    #[schemars(transform = shared::http::schema::text::<2000>)]
    pub description: Option<String>,
    /// Defaults to `open`.
    pub status: Option<ComplaintStatus>,
}

/// Body of `POST /api/complaints/update/{id}`: absent fields stay.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ComplaintPatch {
    #[schemars(transform = shared::http::schema::text::<190>)]
    pub title: Option<String>,
    #[schemars(transform = shared::http::schema::date)]
    pub date: Option<String>,
    #[schemars(transform = shared::http::schema::text::<2000>)]
    pub description: Option<String>,
    pub status: Option<ComplaintStatus>,
}

/// `?complaint_from=`, `?complaint_against=` and `?status=` on the list.
#[derive(Debug, Default, Serialize, Deserialize, JsonSchema)]
pub struct ComplaintFilters {
    pub complaint_from: Option<u64>,
    pub complaint_against: Option<u64>,
    pub status: Option<ComplaintStatus>,
}

impl Resource for Complaint {
    const KIND: &'static str = "hr_complaint";
    const NAME: &'static str = "Complaint";
    const MODULE: Module = Module::Hr;
    const LISTS: &'static Lists<Self> = &Lists {
        default_sort: "-date",
        sorts: &[Sort::new("date", |c| IndexValue::date(c.date.as_str()))],
        filters: &[
            Filter::<Self>::one("complaint_against", |c| IndexValue::id(c.complaint_against)).sorted_by(&["date"]),
            Filter::<Self>::one("complaint_from", |c| IndexValue::id(c.complaint_from)).sorted_by(&["date"]),
            Filter::<Self>::one("status", |c| IndexValue::text(c.status.as_str())),
        ],
        sums: &[],
    };
    const REFS: &'static [Ref<Self>] = &[Ref::to(<Employee as Resource>::KIND, |c| {
        vec![c.complaint_from, c.complaint_against]
    })];
    const EVENTS: Events = Events::NONE;
    type In = ComplaintIn;
    type Patch = ComplaintPatch;
    type Out = Complaint;
    type Filters = ComplaintFilters;
    shared::meta_field!();

    async fn build(cx: Cx<'_>, input: ComplaintIn) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let from = errors.required("complaint_from", input.complaint_from);
        let against = errors.required("complaint_against", input.complaint_against);
        if from.is_some() && from == against {
            errors.add("complaint_against", "An employee does not complain about themselves.");
        }
        let title = errors.required_text("title", input.title, 190);
        let date = required_date(&mut errors, "date", input.date);
        let description = errors.text("description", input.description, 2000);
        let (complaint_from, complaint_against, title, date) = errors.finish((from, against, title, date))?;
        try_join!(
            ops::check_reference::<Employee>(cx, "complaint_from", complaint_from),
            ops::check_reference::<Employee>(cx, "complaint_against", complaint_against),
        )?;
        Ok(Self {
            meta: Meta::default(),
            complaint_from,
            complaint_against,
            title,
            date,
            description,
            status: input.status.unwrap_or(ComplaintStatus::Open),
        })
    }

    async fn apply(&mut self, _cx: Cx<'_>, patch: ComplaintPatch) -> Result<(), ApiError> {
        let mut errors = FieldErrors::default();
        let title = errors.text("title", patch.title, 190);
        let date = errors.date("date", patch.date);
        let description = errors.text("description", patch.description, 2000);
        errors.into_result(())?;
        self.title.assign(title);
        self.date.assign(date);
        self.description.assign(description.map(Some));
        self.status.assign(patch.status);
        Ok(())
    }

    fn search_text(&self) -> String {
        self.title.clone()
    }
}

// HR documents and their acknowledgments.

/// A document filed for an employee (a contract, an ID), of a document type; the file itself
/// is kept elsewhere.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct HrmDocument {
    #[serde(flatten)]
    pub meta: Meta,
    pub employee_id: u64,
    pub document_type_id: u64,
    pub title: String,
    /// Its number, as issued (a passport number).
    pub number: Option<String>,
    pub issue_date: Date,
    pub expiry_date: Option<Date>,
}

/// Body of `POST /api/hrm-documents/create`.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(example = json!({"employee_id": 1, "document_type_id": 1, "title": "Employment contract", "number": "C-2026-014", "issue_date": "2026-03-01"}))]
pub struct HrmDocumentIn {
    #[schemars(required, transform = shared::http::schema::id)]
    pub employee_id: Option<u64>,
    #[schemars(required, transform = shared::http::schema::id)]
    pub document_type_id: Option<u64>,
    #[schemars(required, transform = shared::http::schema::text::<190>)]
    pub title: Option<String>,
    #[schemars(transform = shared::http::schema::text::<100>)]
    pub number: Option<String>,
    #[schemars(required, transform = shared::http::schema::date)]
    pub issue_date: Option<String>,
    /// Not before `issue_date`; none: it does not expire.
    #[schemars(transform = shared::http::schema::date)]
    pub expiry_date: Option<String>,
}

/// Body of `POST /api/hrm-documents/update/{id}`: absent fields stay.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct HrmDocumentPatch {
    #[schemars(transform = shared::http::schema::id)]
    pub document_type_id: Option<u64>,
    #[schemars(transform = shared::http::schema::text::<190>)]
    pub title: Option<String>,
    #[schemars(transform = shared::http::schema::text::<100>)]
    pub number: Option<String>,
    #[schemars(transform = shared::http::schema::date)]
    pub issue_date: Option<String>,
    /// `null` clears it.
    #[serde(default, deserialize_with = "shared::resource::nullable")]
    #[schemars(transform = shared::http::schema::date)]
    pub expiry_date: Option<Option<String>>,
}

/// `?employee_id=` and `?document_type_id=` on the list.
#[derive(Debug, Default, Serialize, Deserialize, JsonSchema)]
pub struct HrmDocumentFilters {
    pub employee_id: Option<u64>,
    pub document_type_id: Option<u64>,
}

impl Resource for HrmDocument {
    const KIND: &'static str = "hr_document";
    const NAME: &'static str = "HR document";
    const MODULE: Module = Module::Hr;
    const LISTS: &'static Lists<Self> = &Lists {
        default_sort: "-issue_date",
        sorts: &[
            Sort::new("issue_date", |d| IndexValue::date(d.issue_date.as_str())),
            Sort::new("expiry_date", |d| {
                IndexValue::opt_date(d.expiry_date.as_ref().map(Date::as_str))
            }),
        ],
        filters: &[
            Filter::<Self>::one("employee_id", |d| IndexValue::id(d.employee_id)).sorted_by(&["issue_date"]),
            Filter::<Self>::one("document_type_id", |d| IndexValue::id(d.document_type_id)),
        ],
        sums: &[],
    };
    const REFS: &'static [Ref<Self>] = &[
        Ref::to(<Employee as Resource>::KIND, |d| vec![d.employee_id]),
        Ref::to(<DocumentType as Resource>::KIND, |d| vec![d.document_type_id]),
    ];
    const EVENTS: Events = Events::NONE;
    type In = HrmDocumentIn;
    type Patch = HrmDocumentPatch;
    type Out = HrmDocument;
    type Filters = HrmDocumentFilters;
    shared::meta_field!();

    async fn build(cx: Cx<'_>, input: HrmDocumentIn) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let employee_id = errors.required("employee_id", input.employee_id);
        let document_type_id = errors.required("document_type_id", input.document_type_id);
        let title = errors.required_text("title", input.title, 190);
        let number = errors.text("number", input.number, 100);
        let issue_date = required_date(&mut errors, "issue_date", input.issue_date);
        let expiry_date = errors.date("expiry_date", input.expiry_date);
        if let Some(issued) = &issue_date {
            in_order(&mut errors, "issue_date", issued, "expiry_date", expiry_date.as_ref());
        }
        let (employee_id, document_type_id, title, issue_date) =
            errors.finish((employee_id, document_type_id, title, issue_date))?;
        try_join!(
            ops::check_reference::<Employee>(cx, "employee_id", employee_id),
            ops::check_reference::<DocumentType>(cx, "document_type_id", document_type_id),
        )?;
        Ok(Self {
            meta: Meta::default(),
            employee_id,
            document_type_id,
            title,
            number,
            issue_date,
            expiry_date,
        })
    }

    async fn apply(&mut self, cx: Cx<'_>, patch: HrmDocumentPatch) -> Result<(), ApiError> {
        let mut errors = FieldErrors::default();
        let title = errors.text("title", patch.title, 190);
        let number = errors.text("number", patch.number, 100);
        let issue_date = errors.date("issue_date", patch.issue_date);
        let expiry_date = nullable_date(&mut errors, "expiry_date", patch.expiry_date);
        let expiry = expiry_date.as_ref().map_or(self.expiry_date.as_ref(), Option::as_ref);
        in_order(
            &mut errors,
            "issue_date",
            issue_date.as_ref().unwrap_or(&self.issue_date),
            "expiry_date",
            expiry,
        );
        errors.into_result(())?;
        if let Some(document_type_id) = patch.document_type_id {
            ops::check_reference::<DocumentType>(cx, "document_type_id", document_type_id).await?;
        }
        self.document_type_id.assign(patch.document_type_id);
        self.title.assign(title);
        self.number.assign(number.map(Some));
        self.issue_date.assign(issue_date);
        self.expiry_date.assign(expiry_date);
        Ok(())
    }

    fn search_text(&self) -> String {
        format!("{} {}", self.title, self.number.as_deref().unwrap_or_default())
    }
}

/// An employee's acknowledgment of their own HR document or of an announcement meant for them:
/// once per employee and document (or announcement).
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct Acknowledgment {
    #[serde(flatten)]
    pub meta: Meta,
    pub employee_id: u64,
    /// The HR document acknowledged (or `announcement_id`).
    pub document_id: Option<u64>,
    /// The announcement acknowledged (or `document_id`).
    pub announcement_id: Option<u64>,
    /// RFC 3339, UTC: when it was recorded.
    pub acknowledged_at: String,
    pub comment: Option<String>,
}

/// Body of `POST /api/acknowledgments/create`: `document_id` or `announcement_id`, not both.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(example = json!({"employee_id": 1, "document_id": 1, "comment": "Read and signed."}))]
pub struct AcknowledgmentIn {
    #[schemars(required, transform = shared::http::schema::id)]
    pub employee_id: Option<u64>,
    /// An HR document of the employee.
    #[schemars(transform = shared::http::schema::id)]
    pub document_id: Option<u64>,
    /// An announcement for everyone or for the employee's department.
    #[schemars(transform = shared::http::schema::id)]
    pub announcement_id: Option<u64>,
    #[schemars(transform = shared::http::schema::text::<1000>)]
    pub comment: Option<String>,
}

/// Body of `POST /api/acknowledgments/update/{id}`: its comment (what was acknowledged stays).
#[derive(Debug, Deserialize, JsonSchema)]
pub struct AcknowledgmentPatch {
    #[schemars(transform = shared::http::schema::text::<1000>)]
    pub comment: Option<String>,
}

/// `?employee_id=`, `?document_id=` and `?announcement_id=` on the list.
#[derive(Debug, Default, Serialize, Deserialize, JsonSchema)]
pub struct AcknowledgmentFilters {
    pub employee_id: Option<u64>,
    pub document_id: Option<u64>,
    pub announcement_id: Option<u64>,
}

impl Resource for Acknowledgment {
    const KIND: &'static str = "hr_acknowledgment";
    const NAME: &'static str = "Acknowledgment";
    const MODULE: Module = Module::Hr;
    const LISTS: &'static Lists<Self> = &Lists {
        default_sort: "-id",
        sorts: &[],
        filters: &[
            Filter::<Self>::one("document_id", |a| IndexValue::opt_id(a.document_id)),
            Filter::<Self>::one("announcement_id", |a| IndexValue::opt_id(a.announcement_id)),
            Filter::<Self>::one("employee_id", |a| IndexValue::id(a.employee_id)),
        ],
        sums: &[],
    };
    const REFS: &'static [Ref<Self>] = &[
        Ref::to(<Employee as Resource>::KIND, |a| vec![a.employee_id]),
        Ref::to(<HrmDocument as Resource>::KIND, |a| a.document_id.into_iter().collect()),
        Ref::to(<Announcement as Resource>::KIND, |a| {
            a.announcement_id.into_iter().collect()
        }),
    ];
    const UNIQUE: &'static [Unique<Self>] = &[
        Unique::new("document_id", |a| {
            a.document_id.map(|d| format!("{d} by employee {}", a.employee_id))
        }),
        Unique::new("announcement_id", |a| {
            a.announcement_id.map(|d| format!("{d} by employee {}", a.employee_id))
        }),
    ];
    const EVENTS: Events = Events::NONE;
    type In = AcknowledgmentIn;
    type Patch = AcknowledgmentPatch;
    type Out = Acknowledgment;
    type Filters = AcknowledgmentFilters;
    shared::meta_field!();

    async fn build(cx: Cx<'_>, input: AcknowledgmentIn) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let employee_id = errors.required("employee_id", input.employee_id);
        match (input.document_id, input.announcement_id) {
            (None, None) => errors.add(
                "document_id",
                "Name the document_id or the announcement_id acknowledged.",
            ),
            (Some(_), Some(_)) => errors.add(
                "announcement_id",
                "Acknowledge a document_id or an announcement_id, one at a time.",
            ),
            _ => {}
        }
        let comment = errors.text("comment", input.comment, 1000);
        let employee_id = errors.finish(employee_id)?;
        let employee = ops::check_reference::<Employee>(cx, "employee_id", employee_id).await?;
        if let Some(document_id) = input.document_id {
            let document = ops::check_reference::<HrmDocument>(cx, "document_id", document_id).await?;
            if document.employee_id != employee_id {
                return Err(ApiError::invalid(
                    "document_id",
                    format!(
                        "Document {document_id} is employee {}'s; only they acknowledge it.",
                        document.employee_id
                    ),
                ));
            }
        }
        if let Some(announcement_id) = input.announcement_id {
            let announcement = ops::check_reference::<Announcement>(cx, "announcement_id", announcement_id).await?;
            if announcement.department_id.is_some_and(|d| d != employee.department_id) {
                return Err(ApiError::invalid(
                    "announcement_id",
                    format!(
                        "Announcement {announcement_id} is for department {}, not employee {employee_id}'s.",
                        announcement.department_id.unwrap_or_default()
                    ),
                ));
            }
        }
        Ok(Self {
            meta: Meta::default(),
            employee_id,
            document_id: input.document_id,
            announcement_id: input.announcement_id,
            acknowledged_at: shared::time::now_rfc3339(),
            comment,
        })
    }

    async fn apply(&mut self, _cx: Cx<'_>, patch: AcknowledgmentPatch) -> Result<(), ApiError> {
        let comment = FieldErrors::check(|e| e.text("comment", patch.comment, 1000))?;
        self.comment.assign(comment.map(Some));
        Ok(())
    }

    fn search_text(&self) -> String {
        self.comment.clone().unwrap_or_default()
    }
}

// Promotions and transfers: applied to the employee when recorded.

/// A promotion: from `date`, the employee holds its designation (in that designation's
/// department and branch) and its salary. What they held before is kept.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct Promotion {
    #[serde(flatten)]
    pub meta: Meta,
    pub employee_id: u64,
    /// The designation they were promoted to.
    pub designation_id: u64,
    /// The designation's department and its branch, theirs from the promotion.
    pub department_id: u64,
    pub branch_id: u64,
    pub date: Date,
    /// Monthly basic salary from the promotion.
    pub basic_salary: Money,
    pub previous_designation_id: u64,
    pub previous_salary: Money,
    pub description: Option<String>,
}

/// Body of `POST /api/promotions/create`.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(example = json!({"employee_id": 1, "designation_id": 2, "date": "2026-06-01", "basic_salary": 4800, "description": "Leads the platform team."}))]
pub struct PromotionIn {
    /// An employee whose employment has not ended.
    #[schemars(required, transform = shared::http::schema::id)]
    pub employee_id: Option<u64>,
    /// The new designation (its department becomes theirs); the current one only with a new
    /// salary.
    #[schemars(required, transform = shared::http::schema::id)]
    pub designation_id: Option<u64>,
    /// Not before the employee joined.
    #[schemars(required, transform = shared::http::schema::date)]
    pub date: Option<String>,
    /// Monthly; defaults to the current salary.
    #[schemars(range(min = 0))]
    pub basic_salary: Option<Money>,
    #[schemars(transform = shared::http::schema::text::<1000>)]
    pub description: Option<String>,
}

/// Body of `POST /api/promotions/update/{id}`: its date and description (what it applied
/// stays).
#[derive(Debug, Deserialize, JsonSchema)]
pub struct PromotionPatch {
    #[schemars(transform = shared::http::schema::date)]
    pub date: Option<String>,
    #[schemars(transform = shared::http::schema::text::<1000>)]
    pub description: Option<String>,
}

/// `?employee_id=` and `?designation_id=` on the list.
#[derive(Debug, Default, Serialize, Deserialize, JsonSchema)]
pub struct PromotionFilters {
    pub employee_id: Option<u64>,
    pub designation_id: Option<u64>,
}

impl Resource for Promotion {
    const KIND: &'static str = "hr_promotion";
    const NAME: &'static str = "Promotion";
    const MODULE: Module = Module::Hr;
    const LISTS: &'static Lists<Self> = &Lists {
        default_sort: "-date",
        sorts: &[Sort::new("date", |p| IndexValue::date(p.date.as_str()))],
        filters: &[
            Filter::<Self>::one("employee_id", |p| IndexValue::id(p.employee_id)).sorted_by(&["date"]),
            Filter::<Self>::one("designation_id", |p| IndexValue::id(p.designation_id)),
        ],
        sums: &[],
    };
    const REFS: &'static [Ref<Self>] = &[
        Ref::to(<Employee as Resource>::KIND, |p| vec![p.employee_id]),
        Ref::to(<Designation as Resource>::KIND, |p| {
            vec![p.designation_id, p.previous_designation_id]
        }),
        Ref::to(<Department as Resource>::KIND, |p| vec![p.department_id]),
        Ref::to(<crate::org::Branch as Resource>::KIND, |p| vec![p.branch_id]),
    ];
    const EVENTS: Events = Events::NONE;
    type In = PromotionIn;
    type Patch = PromotionPatch;
    type Out = Promotion;
    type Filters = PromotionFilters;
    shared::meta_field!();

    async fn build(cx: Cx<'_>, input: PromotionIn) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let employee_id = errors.required("employee_id", input.employee_id);
        let designation_id = errors.required("designation_id", input.designation_id);
        let date = required_date(&mut errors, "date", input.date);
        let salary = errors.not_negative("basic_salary", input.basic_salary);
        let description = errors.text("description", input.description, 1000);
        let (employee_id, designation_id, date) = errors.finish((employee_id, designation_id, date))?;
        let employee = ops::check_reference::<Employee>(cx, "employee_id", employee_id).await?;
        check_employed(&employee, "date", &date)?;
        let (designation, department) = designation_in(cx, "designation_id", designation_id, None).await?;
        let basic_salary = salary.unwrap_or(employee.basic_salary);
        if designation_id == employee.designation_id && basic_salary == employee.basic_salary {
            return Err(ApiError::invalid(
                "designation_id",
                format!(
                    "Employee {employee_id} already holds designation {designation_id} ({}) at this salary.",
                    designation.name
                ),
            ));
        }
        Ok(Self {
            meta: Meta::default(),
            employee_id,
            designation_id,
            department_id: department.meta.id,
            branch_id: department.branch_id,
            date,
            basic_salary,
            previous_designation_id: employee.designation_id,
            previous_salary: employee.basic_salary,
            description,
        })
    }

    async fn apply(&mut self, cx: Cx<'_>, patch: PromotionPatch) -> Result<(), ApiError> {
        let mut errors = FieldErrors::default();
        let date = errors.date("date", patch.date);
        let description = errors.text("description", patch.description, 1000);
        errors.into_result(())?;
        check_date_of(cx, self.employee_id, "date", date.as_ref()).await?;
        self.date.assign(date);
        self.description.assign(description.map(Some));
        Ok(())
    }

    fn search_text(&self) -> String {
        self.description.clone().unwrap_or_default()
    }

    /// The employee takes the promotion as it is recorded (and only then).
    async fn before_save(&self, cx: Cx<'_>, before: Option<&Self>) -> Result<Vec<Write>, ApiError> {
        if before.is_some() {
            return Ok(Vec::new());
        }
        employee_change(cx, self.employee_id, |employee| {
            // The employee changed since the promotion read them.
            let moved = employee.status != EmploymentStatus::Active
                || employee.designation_id != self.previous_designation_id
                || employee.basic_salary != self.previous_salary;
            if moved {
                return Err(ApiError::concurrent_change());
            }
            employee.designation_id = self.designation_id;
            employee.department_id = self.department_id;
            employee.branch_id = self.branch_id;
            employee.basic_salary = self.basic_salary;
            Ok(())
        })
        .await
    }
}

/// A transfer: from `date`, the employee works in another department (and its branch), with a
/// designation there. Where they worked before is kept.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct EmployeeTransfer {
    #[serde(flatten)]
    pub meta: Meta,
    pub employee_id: u64,
    pub from_branch_id: u64,
    pub from_department_id: u64,
    pub from_designation_id: u64,
    pub to_branch_id: u64,
    pub to_department_id: u64,
    pub to_designation_id: u64,
    pub date: Date,
    pub reason: Option<String>,
}

/// Body of `POST /api/employee-transfers/create`.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(example = json!({"employee_id": 1, "to_department_id": 2, "to_designation_id": 3, "date": "2026-09-01", "reason": "Joins the Porto team."}))]
pub struct EmployeeTransferIn {
    /// An employee whose employment has not ended.
    #[schemars(required, transform = shared::http::schema::id)]
    pub employee_id: Option<u64>,
    /// Another department than the employee's.
    #[schemars(required, transform = shared::http::schema::id)]
    pub to_department_id: Option<u64>,
    /// A designation of `to_department_id`: their job there.
    #[schemars(required, transform = shared::http::schema::id)]
    pub to_designation_id: Option<u64>,
    /// The department's branch (it follows from the department when absent).
    #[schemars(transform = shared::http::schema::id)]
    pub to_branch_id: Option<u64>,
    /// Not before the employee joined.
    #[schemars(required, transform = shared::http::schema::date)]
    pub date: Option<String>,
    #[schemars(transform = shared::http::schema::text::<1000>)]
    pub reason: Option<String>,
}

/// Body of `POST /api/employee-transfers/update/{id}`: its date and reason (where it moved them
/// stays).
#[derive(Debug, Deserialize, JsonSchema)]
pub struct EmployeeTransferPatch {
    #[schemars(transform = shared::http::schema::date)]
    pub date: Option<String>,
    #[schemars(transform = shared::http::schema::text::<1000>)]
    pub reason: Option<String>,
}

/// `?employee_id=`, `?from_branch_id=` and `?to_branch_id=` on the list.
#[derive(Debug, Default, Serialize, Deserialize, JsonSchema)]
pub struct EmployeeTransferFilters {
    pub employee_id: Option<u64>,
    pub from_branch_id: Option<u64>,
    pub to_branch_id: Option<u64>,
}

impl Resource for EmployeeTransfer {
    const KIND: &'static str = "hr_transfer";
    const NAME: &'static str = "Employee transfer";
    const MODULE: Module = Module::Hr;
    const LISTS: &'static Lists<Self> = &Lists {
        default_sort: "-date",
        sorts: &[Sort::new("date", |t| IndexValue::date(t.date.as_str()))],
        filters: &[
            Filter::<Self>::one("employee_id", |t| IndexValue::id(t.employee_id)).sorted_by(&["date"]),
            Filter::<Self>::one("to_branch_id", |t| IndexValue::id(t.to_branch_id)),
            Filter::<Self>::one("from_branch_id", |t| IndexValue::id(t.from_branch_id)),
        ],
        sums: &[],
    };
    const REFS: &'static [Ref<Self>] = &[
        Ref::to(<Employee as Resource>::KIND, |t| vec![t.employee_id]),
        Ref::to(<crate::org::Branch as Resource>::KIND, |t| {
            vec![t.from_branch_id, t.to_branch_id]
        }),
        Ref::to(<Department as Resource>::KIND, |t| {
            vec![t.from_department_id, t.to_department_id]
        }),
        Ref::to(<Designation as Resource>::KIND, |t| {
            vec![t.from_designation_id, t.to_designation_id]
        }),
    ];
    const EVENTS: Events = Events::NONE;
    type In = EmployeeTransferIn;
    type Patch = EmployeeTransferPatch;
    type Out = EmployeeTransfer;
    type Filters = EmployeeTransferFilters;
    shared::meta_field!();

    async fn build(cx: Cx<'_>, input: EmployeeTransferIn) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let employee_id = errors.required("employee_id", input.employee_id);
        let department_id = errors.required("to_department_id", input.to_department_id);
        let designation_id = errors.required("to_designation_id", input.to_designation_id);
        let date = required_date(&mut errors, "date", input.date);
        let reason = errors.text("reason", input.reason, 1000);
        let (employee_id, department_id, designation_id, date) =
            errors.finish((employee_id, department_id, designation_id, date))?;
        let (employee, department) = try_join!(
            ops::check_reference::<Employee>(cx, "employee_id", employee_id),
            ops::check_reference::<Department>(cx, "to_department_id", department_id),
        )?;
        check_employed(&employee, "date", &date)?;
        if department_id == employee.department_id {
            return Err(ApiError::invalid(
                "to_department_id",
                format!(
                    "Employee {employee_id} already works in department {department_id}; a new designation there is a promotion."
                ),
            ));
        }
        if input.to_branch_id.is_some_and(|b| b != department.branch_id) {
            return Err(ApiError::invalid(
                "to_branch_id",
                format!(
                    "Department {department_id} ({}) is in branch {}.",
                    department.name, department.branch_id
                ),
            ));
        }
        designation_in(cx, "to_designation_id", designation_id, Some(&department)).await?;
        Ok(Self {
            meta: Meta::default(),
            employee_id,
            from_branch_id: employee.branch_id,
            from_department_id: employee.department_id,
            from_designation_id: employee.designation_id,
            to_branch_id: department.branch_id,
            to_department_id: department_id,
            to_designation_id: designation_id,
            date,
            reason,
        })
    }

    async fn apply(&mut self, cx: Cx<'_>, patch: EmployeeTransferPatch) -> Result<(), ApiError> {
        let mut errors = FieldErrors::default();
        let date = errors.date("date", patch.date);
        let reason = errors.text("reason", patch.reason, 1000);
        errors.into_result(())?;
        check_date_of(cx, self.employee_id, "date", date.as_ref()).await?;
        self.date.assign(date);
        self.reason.assign(reason.map(Some));
        Ok(())
    }

    fn search_text(&self) -> String {
        self.reason.clone().unwrap_or_default()
    }

    /// The employee moves as the transfer is recorded (and only then).
    async fn before_save(&self, cx: Cx<'_>, before: Option<&Self>) -> Result<Vec<Write>, ApiError> {
        if before.is_some() {
            return Ok(Vec::new());
        }
        employee_change(cx, self.employee_id, |employee| {
            // The employee changed since the transfer read them.
            let moved = employee.status != EmploymentStatus::Active
                || employee.department_id != self.from_department_id
                || employee.designation_id != self.from_designation_id;
            if moved {
                return Err(ApiError::concurrent_change());
            }
            employee.branch_id = self.to_branch_id;
            employee.department_id = self.to_department_id;
            employee.designation_id = self.to_designation_id;
            Ok(())
        })
        .await
    }
}

// Resignations and terminations: each ends the employment.

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
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
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
#[schemars(example = json!({"employee_id": 1, "notice_date": "2026-05-01", "resignation_date": "2026-05-31", "reason": "Moving abroad."}))]
pub struct ResignationIn {
    /// An employee whose employment has not ended.
    #[schemars(required, transform = shared::http::schema::id)]
    pub employee_id: Option<u64>,
    #[schemars(required, transform = shared::http::schema::date)]
    pub notice_date: Option<String>,
    /// The last day: not before `notice_date` nor the day the employee joined.
    #[schemars(required, transform = shared::http::schema::date)]
    pub resignation_date: Option<String>,
    #[schemars(transform = shared::http::schema::text::<1000>)]
    pub reason: Option<String>,
}

/// Body of `POST /api/resignations/update/{id}`: absent fields stay; a new `resignation_date`
/// becomes the employee's `end_date`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ResignationPatch {
    #[schemars(transform = shared::http::schema::date)]
    pub notice_date: Option<String>,
    #[schemars(transform = shared::http::schema::date)]
    pub resignation_date: Option<String>,
    #[schemars(transform = shared::http::schema::text::<1000>)]
    pub reason: Option<String>,
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
        default_sort: "-resignation_date",
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

    async fn build(_cx: Cx<'_>, input: ResignationIn) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let employee_id = errors.required("employee_id", input.employee_id);
        let dates = (input.notice_date, input.resignation_date);
        let (notice_date, resignation_date) = notice_period(&mut errors, Self::LAST_DAY, dates, None);
        let reason = errors.text("reason", input.reason, 1000);
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
        let reason = errors.text("reason", patch.reason, 1000);
        errors.into_result(())?;
        self.notice_date.assign(notice_date);
        self.resignation_date.assign(resignation_date);
        self.reason.assign(reason.map(Some));
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
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
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
#[schemars(example = json!({"employee_id": 1, "termination_type": "Redundancy", "notice_date": "2026-05-01", "termination_date": "2026-06-30"}))]
pub struct TerminationIn {
    /// An employee whose employment has not ended.
    #[schemars(required, transform = shared::http::schema::id)]
    pub employee_id: Option<u64>,
    #[schemars(required, transform = shared::http::schema::text::<100>)]
    pub termination_type: Option<String>,
    #[schemars(required, transform = shared::http::schema::date)]
    pub notice_date: Option<String>,
    /// The last day: not before `notice_date` nor the day the employee joined.
    #[schemars(required, transform = shared::http::schema::date)]
    pub termination_date: Option<String>,
    #[schemars(transform = shared::http::schema::text::<1000>)]
    pub reason: Option<String>,
}

/// Body of `POST /api/terminations/update/{id}`: absent fields stay; a new `termination_date`
/// becomes the employee's `end_date`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct TerminationPatch {
    #[schemars(transform = shared::http::schema::text::<100>)]
    pub termination_type: Option<String>,
    #[schemars(transform = shared::http::schema::date)]
    pub notice_date: Option<String>,
    #[schemars(transform = shared::http::schema::date)]
    pub termination_date: Option<String>,
    #[schemars(transform = shared::http::schema::text::<1000>)]
    pub reason: Option<String>,
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
        default_sort: "-termination_date",
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

    async fn build(_cx: Cx<'_>, input: TerminationIn) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let employee_id = errors.required("employee_id", input.employee_id);
        let termination_type = errors.required_text("termination_type", input.termination_type, 100);
        let dates = (input.notice_date, input.termination_date);
        let (notice_date, termination_date) = notice_period(&mut errors, Self::LAST_DAY, dates, None);
        let reason = errors.text("reason", input.reason, 1000);
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
        let termination_type = errors.text("termination_type", patch.termination_type, 100);
        let current = Some((&self.notice_date, &self.termination_date));
        let dates = (patch.notice_date, patch.termination_date);
        let (notice_date, termination_date) = notice_period(&mut errors, Self::LAST_DAY, dates, current);
        let reason = errors.text("reason", patch.reason, 1000);
        errors.into_result(())?;
        self.termination_type.assign(termination_type);
        self.notice_date.assign(notice_date);
        self.termination_date.assign(termination_date);
        self.reason.assign(reason.map(Some));
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

/// A sandbox's announcements and events, and a few records about its team (`employees`: the
/// owner, the admin and two staff, as [`crate::seed`] made them): awards, a promotion and a
/// transfer, a warning, a complaint, contracts and their acknowledgments. Nobody's employment
/// ends.
pub async fn seed(cx: Cx<'_>, today: chrono::NaiveDate, employees: &[Employee]) -> Result<(), ApiError> {
    let [owner, lead, leo, sam] = employees else {
        return Err(shared::sandbox::missing("the four seeded employees"));
    };
    let day = |days: i64| (today + chrono::Duration::days(days)).to_string();
    // A date at most `days` ago, but not before `employee` joined.
    let since = |employee: &Employee, days: i64| -> String {
        let at = today - chrono::Duration::days(days);
        at.max(employee.date_of_joining.naive()).to_string()
    };
    let everyone: Announcement = insert(
        cx,
        json!({"title": "Welcome to the new HR space", "description": "Leave, documents and announcements now live here.", "start_date": day(-7)}),
    )
    .await?;
    insert::<Announcement>(
        cx,
        json!({"title": "Engineering offsite", "start_date": day(3), "end_date": day(5), "department_id": leo.department_id}),
    )
    .await?;
    insert::<CompanyEvent>(
        cx,
        json!({"title": "Summer party", "start_date": day(21), "location": "Rooftop terrace"}),
    )
    .await?;
    insert::<CompanyEvent>(
        cx,
        json!({"title": "Hackathon", "start_date": day(40), "end_date": day(41), "location": "Head office"}),
    )
    .await?;
    insert::<Award>(
        cx,
        json!({"employee_id": lead.meta.id, "award_type": "Employee of the month", "date": since(lead, 30), "gift": "Dinner for two", "cash": "150.00"}),
    )
    .await?;
    insert::<Award>(
        cx,
        json!({"employee_id": sam.meta.id, "award_type": "Best newcomer", "date": since(sam, 10), "description": "For the onboarding guide."}),
    )
    .await?;
    insert::<Promotion>(
        cx,
        json!({"employee_id": leo.meta.id, "designation_id": lead.designation_id, "date": since(leo, 20), "basic_salary": "4700.00", "description": "Leads the platform team."}),
    )
    .await?;
    let analyst: Designation = insert(
        cx,
        json!({"name": "Operations analyst", "department_id": owner.department_id}),
    )
    .await?;
    insert::<EmployeeTransfer>(
        cx,
        json!({"employee_id": sam.meta.id, "to_department_id": owner.department_id, "to_designation_id": analyst.meta.id, "date": since(sam, 5), "reason": "Moves to operations."}),
    )
    .await?;
    insert::<Warning>(
        cx,
        json!({"employee_id": sam.meta.id, "subject": "Missed the on-call handover", "warning_date": since(sam, 12)}),
    )
    .await?;
    insert::<Complaint>(
        cx,
        json!({"complaint_from": sam.meta.id, "complaint_against": leo.meta.id, "title": "Code reviews left waiting", "date": since(sam, 8)}),
    )
    .await?;
    let contract = index::top::<DocumentType>(cx, None, "name", false, 100)
        .await?
        .into_iter()
        .find(|t| t.name == "Employment contract")
        .ok_or_else(|| shared::sandbox::missing("the employment contract document type"))?;
    for employee in [leo, sam] {
        let document: HrmDocument = insert(
            cx,
            json!({"employee_id": employee.meta.id, "document_type_id": contract.meta.id, "title": "Employment contract", "number": format!("C-{}", employee.employee_code), "issue_date": employee.date_of_joining}),
        )
        .await?;
        insert::<Acknowledgment>(
            cx,
            json!({"employee_id": employee.meta.id, "document_id": document.meta.id, "comment": "Read and signed."}),
        )
        .await?;
    }
    insert::<Acknowledgment>(
        cx,
        json!({"employee_id": lead.meta.id, "announcement_id": everyone.meta.id}),
    )
    .await?;
    Ok(())
}
