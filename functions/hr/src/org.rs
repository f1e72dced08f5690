//! The organisation employees belong to: branches, departments (in a branch), designations (in a
//! department), shifts (hours, break and working days), holidays and document types. The
//! catalogue lists them as GETs only; the create, update and delete routes beside each list are
//! designed (`POST /api/branches/create`, `POST /api/branches/update/{id}`,
//! `DELETE /api/branches/delete/{id}`, ...). A record in use (a department in a branch, an
//! employee on a shift) is not deleted: 409 `in_use`, naming what uses it.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use shared::auth::Module;
use shared::domain::{Date, Text};
use shared::http::{ApiError, FieldErrors};
use shared::resource::index::IndexValue;
use shared::resource::{example, ops, Assign, Cx, Events, Filter, Lists, Meta, NoFilters, Ref, Resource, Sort};

/// An office or site.
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
pub struct Branch {
    #[serde(flatten)]
    pub meta: Meta,
    pub name: String,
    pub address: Option<String>,
}

/// Body of `POST /api/branches/create`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct BranchIn {
    #[schemars(required)]
    pub name: Option<Text<100>>,
    pub address: Option<Text<500>>,
}

/// Body of `POST /api/branches/update/{id}`: absent fields stay.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(transform = shared::resource::patch_schema)]
pub struct BranchPatch {
    pub name: Option<Text<100>>,
    /// `null` clears it.
    #[serde(default, with = "shared::resource::Clearable::<Text<500>>")]
    pub address: Option<Option<Text<500>>>,
}

impl Resource for Branch {
    const KIND: &'static str = "hr_branch";
    const NAME: &'static str = "Branch";
    const MODULE: Module = Module::Hr;
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[Sort::new("name", |r| IndexValue::text(&r.name))],
        filters: &[],
        sums: &[],
    };
    const REFS: &'static [Ref<Self>] = &[];
    const EVENTS: Events = Events::NONE;
    type In = BranchIn;
    type Patch = BranchPatch;
    type Out = Branch;
    type Filters = NoFilters;
    shared::meta_field!();

    fn example() -> Option<serde_json::Value> {
        Some(serde_json::json!({"name": "Lisbon office", "address": "Rua Augusta 100, 1100-053 Lisboa"}))
    }

    async fn build(_cx: Cx<'_>, input: BranchIn) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let name = errors.required_text("name", input.name);
        let address = errors.text("address", input.address);
        let name = errors.finish(name)?;
        Ok(Self {
            meta: Meta::default(),
            name,
            address,
        })
    }

    async fn apply(&mut self, _cx: Cx<'_>, patch: BranchPatch) -> Result<(), ApiError> {
        let mut errors = FieldErrors::default();
        let name = errors.text("name", patch.name);
        let address = patch.address.map(|a| errors.text("address", a));
        errors.into_result(())?;
        self.name.assign(name);
        self.address.assign(address);
        Ok(())
    }

    fn search_text(&self) -> String {
        self.name.clone()
    }
}

/// A department of a branch.
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
pub struct Department {
    #[serde(flatten)]
    pub meta: Meta,
    pub name: String,
    pub branch_id: u64,
}

/// Body of `POST /api/departments/create`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct DepartmentIn {
    #[schemars(required)]
    pub name: Option<Text<100>>,
    #[schemars(required, transform = shared::http::schema::id)]
    pub branch_id: Option<u64>,
}

/// Body of `POST /api/departments/update/{id}`: absent fields stay.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(transform = shared::resource::patch_schema)]
pub struct DepartmentPatch {
    pub name: Option<Text<100>>,
    #[schemars(transform = shared::http::schema::id)]
    pub branch_id: Option<u64>,
}

/// `?branch_id=` on the list.
#[derive(Debug, Default, Serialize, Deserialize, JsonSchema)]
pub struct DepartmentFilters {
    pub branch_id: Option<u64>,
}

impl Resource for Department {
    const KIND: &'static str = "hr_department";
    const NAME: &'static str = "Department";
    const MODULE: Module = Module::Hr;
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[Sort::new("name", |d| IndexValue::text(&d.name))],
        filters: &[Filter::<Self>::one("branch_id", |d| IndexValue::id(d.branch_id))],
        sums: &[],
    };
    const REFS: &'static [Ref<Self>] = &[Ref::to(<Branch as Resource>::KIND, |d| vec![d.branch_id])];
    const EVENTS: Events = Events::NONE;
    type In = DepartmentIn;
    type Patch = DepartmentPatch;
    type Out = Department;
    type Filters = DepartmentFilters;
    shared::meta_field!();

    fn example() -> Option<serde_json::Value> {
        Some(serde_json::json!({"name": "Engineering", "branch_id": example::id_of::<crate::org::Branch>()}))
    }

    async fn build(cx: Cx<'_>, input: DepartmentIn) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let name = errors.required_text("name", input.name);
        let branch_id = errors.required("branch_id", input.branch_id);
        let (name, branch_id) = errors.finish((name, branch_id))?;
        ops::check_reference::<Branch>(cx, "branch_id", branch_id).await?;
        Ok(Self {
            meta: Meta::default(),
            name,
            branch_id,
        })
    }

    async fn apply(&mut self, cx: Cx<'_>, patch: DepartmentPatch) -> Result<(), ApiError> {
        let name = FieldErrors::check(|e| e.text("name", patch.name))?;
        if let Some(branch_id) = patch.branch_id {
            ops::check_reference::<Branch>(cx, "branch_id", branch_id).await?;
        }
        self.name.assign(name);
        self.branch_id.assign(patch.branch_id);
        Ok(())
    }

    fn search_text(&self) -> String {
        self.name.clone()
    }
}

/// A job title in a department.
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
pub struct Designation {
    #[serde(flatten)]
    pub meta: Meta,
    pub name: String,
    pub department_id: u64,
}

/// Body of `POST /api/designations/create`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct DesignationIn {
    #[schemars(required)]
    pub name: Option<Text<100>>,
    #[schemars(required, transform = shared::http::schema::id)]
    pub department_id: Option<u64>,
}

/// Body of `POST /api/designations/update/{id}`: absent fields stay.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(transform = shared::resource::patch_schema)]
pub struct DesignationPatch {
    pub name: Option<Text<100>>,
    #[schemars(transform = shared::http::schema::id)]
    pub department_id: Option<u64>,
}

/// `?department_id=` on the list.
#[derive(Debug, Default, Serialize, Deserialize, JsonSchema)]
pub struct DesignationFilters {
    pub department_id: Option<u64>,
}

impl Resource for Designation {
    const KIND: &'static str = "hr_designation";
    const NAME: &'static str = "Designation";
    const MODULE: Module = Module::Hr;
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[Sort::new("name", |d| IndexValue::text(&d.name))],
        filters: &[Filter::<Self>::one("department_id", |d| {
            IndexValue::id(d.department_id)
        })],
        sums: &[],
    };
    const REFS: &'static [Ref<Self>] = &[Ref::to(<Department as Resource>::KIND, |d| vec![d.department_id])];
    const EVENTS: Events = Events::NONE;
    type In = DesignationIn;
    type Patch = DesignationPatch;
    type Out = Designation;
    type Filters = DesignationFilters;
    shared::meta_field!();

    fn example() -> Option<serde_json::Value> {
        Some(
            serde_json::json!({"name": "Backend engineer", "department_id": example::id_of::<crate::org::Department>()}),
        )
    }

    async fn build(cx: Cx<'_>, input: DesignationIn) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let name = errors.required_text("name", input.name);
        let department_id = errors.required("department_id", input.department_id);
        let (name, department_id) = errors.finish((name, department_id))?;
        ops::check_reference::<Department>(cx, "department_id", department_id).await?;
        Ok(Self {
            meta: Meta::default(),
            name,
            department_id,
        })
    }

    async fn apply(&mut self, cx: Cx<'_>, patch: DesignationPatch) -> Result<(), ApiError> {
        let name = FieldErrors::check(|e| e.text("name", patch.name))?;
        if let Some(department_id) = patch.department_id {
            ops::check_reference::<Department>(cx, "department_id", department_id).await?;
        }
        self.name.assign(name);
        self.department_id.assign(patch.department_id);
        Ok(())
    }

    fn search_text(&self) -> String {
        self.name.clone()
    }
}

shared::choice! {
    /// A day of the week.
    pub enum Weekday {
        Monday = "monday",
        Tuesday = "tuesday",
        Wednesday = "wednesday",
        Thursday = "thursday",
        Friday = "friday",
        Saturday = "saturday",
        Sunday = "sunday",
    }
}

/// A working pattern: from `start_time` to `end_time` (local `HH:MM`; an end before the start runs
/// past midnight), with an unpaid break, on its working days.
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
pub struct Shift {
    #[serde(flatten)]
    pub meta: Meta,
    pub name: String,
    pub start_time: String,
    pub end_time: String,
    /// Unpaid minutes within the shift.
    pub break_minutes: u32,
    pub working_days: Vec<Weekday>,
}

/// Body of `POST /api/shifts/create`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ShiftIn {
    #[schemars(required)]
    pub name: Option<Text<100>>,
    /// `HH:MM`, 24-hour.
    #[schemars(required, transform = time_of_day)]
    pub start_time: Option<String>,
    /// `HH:MM`, 24-hour; before `start_time` for a shift past midnight.
    #[schemars(required, transform = time_of_day)]
    pub end_time: Option<String>,
    /// Defaults to 0.
    #[schemars(range(max = 480))]
    pub break_minutes: Option<u32>,
    /// At least one day.
    #[schemars(required, length(min = 1, max = DAYS_IN_WEEK))]
    pub working_days: Option<Vec<Weekday>>,
}

/// Body of `POST /api/shifts/update/{id}`: absent fields stay.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(transform = shared::resource::patch_schema)]
pub struct ShiftPatch {
    pub name: Option<Text<100>>,
    #[schemars(transform = time_of_day)]
    pub start_time: Option<String>,
    #[schemars(transform = time_of_day)]
    pub end_time: Option<String>,
    #[schemars(range(max = 480))]
    pub break_minutes: Option<u32>,
    #[schemars(length(min = 1, max = DAYS_IN_WEEK))]
    pub working_days: Option<Vec<Weekday>>,
}

pub(crate) fn time_of_day(schema: &mut schemars::Schema) {
    schema.insert("pattern".into(), "^([01][0-9]|2[0-3]):[0-5][0-9]$".into());
}

/// `HH:MM` (24-hour) in field `field`, when sent.
fn parse_time(errors: &mut FieldErrors, field: &str, value: Option<String>) -> Option<String> {
    let value = value?;
    let valid = chrono::NaiveTime::parse_from_str(value.trim(), "%H:%M").is_ok() && value.trim().len() == 5;
    if !valid {
        errors.add(
            field,
            format!("The {field} field must be a time of day, HH:MM (24-hour)."),
        );
        return None;
    }
    Some(value.trim().to_owned())
}

/// The most days a shift works on: every day of the week.
const DAYS_IN_WEEK: usize = 7;

/// The days sent in `working_days`: at least one, each once, in week order.
fn parse_days(errors: &mut FieldErrors, days: Option<Vec<Weekday>>) -> Option<Vec<Weekday>> {
    let mut days = days?;
    if days.is_empty() || days.len() > DAYS_IN_WEEK {
        errors.add(
            "working_days",
            format!("A shift works on 1 to {DAYS_IN_WEEK} days of the week, each named once."),
        );
        return None;
    }
    days.sort_by_key(|d| *d as u8);
    days.dedup();
    Some(days)
}

impl Shift {
    /// Checks the shift as a whole once changed.
    fn check(&self, errors: &mut FieldErrors) {
        if self.start_time == self.end_time {
            errors.add("end_time", "A shift ends at another time than it starts.");
        }
        if self.break_minutes > 480 {
            errors.add("break_minutes", "A break is at most 480 minutes.");
        } else if i64::from(self.break_minutes) >= self.minutes() {
            errors.add("break_minutes", "The break must be shorter than the shift.");
        }
    }

    /// The shift's length in minutes, break included.
    pub fn minutes(&self) -> i64 {
        let at = |t: &str| {
            chrono::NaiveTime::parse_from_str(t, "%H:%M")
                .map(|t| t.signed_duration_since(chrono::NaiveTime::MIN).num_minutes())
        };
        match (at(&self.start_time), at(&self.end_time)) {
            (Ok(start), Ok(end)) => (end - start).rem_euclid(24 * 60),
            _ => 0,
        }
    }
}

impl Resource for Shift {
    const KIND: &'static str = "hr_shift";
    const NAME: &'static str = "Shift";
    const MODULE: Module = Module::Hr;
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[Sort::new("name", |r| IndexValue::text(&r.name))],
        filters: &[],
        sums: &[],
    };
    const REFS: &'static [Ref<Self>] = &[];
    const EVENTS: Events = Events::NONE;
    type In = ShiftIn;
    type Patch = ShiftPatch;
    type Out = Shift;
    type Filters = NoFilters;
    shared::meta_field!();

    fn example() -> Option<serde_json::Value> {
        Some(serde_json::json!({
            "name": "Day", "start_time": "09:00", "end_time": "17:30", "break_minutes": 30,
            "working_days": ["monday", "tuesday", "wednesday", "thursday", "friday"]
        }))
    }

    fn example_update() -> Option<serde_json::Value> {
        Some(serde_json::json!({"name": "Early day", "start_time": "08:00", "end_time": "16:30"}))
    }

    async fn build(_cx: Cx<'_>, input: ShiftIn) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let name = errors.required_text("name", input.name);
        let start_time = parse_time(&mut errors, "start_time", input.start_time);
        let start_time = errors.required("start_time", start_time);
        let end_time = parse_time(&mut errors, "end_time", input.end_time);
        let end_time = errors.required("end_time", end_time);
        let working_days = parse_days(&mut errors, input.working_days);
        let working_days = errors.required("working_days", working_days);
        let (name, start_time, end_time, working_days) = errors.finish((name, start_time, end_time, working_days))?;
        let shift = Self {
            meta: Meta::default(),
            name,
            start_time,
            end_time,
            break_minutes: input.break_minutes.unwrap_or(0),
            working_days,
        };
        let mut errors = FieldErrors::default();
        shift.check(&mut errors);
        errors.into_result(shift)
    }

    async fn apply(&mut self, _cx: Cx<'_>, patch: ShiftPatch) -> Result<(), ApiError> {
        let mut errors = FieldErrors::default();
        let name = errors.text("name", patch.name);
        let start_time = parse_time(&mut errors, "start_time", patch.start_time);
        let end_time = parse_time(&mut errors, "end_time", patch.end_time);
        let working_days = parse_days(&mut errors, patch.working_days);
        errors.into_result(())?;
        self.name.assign(name);
        self.start_time.assign(start_time);
        self.end_time.assign(end_time);
        self.break_minutes.assign(patch.break_minutes);
        self.working_days.assign(working_days);
        let mut errors = FieldErrors::default();
        self.check(&mut errors);
        errors.into_result(())
    }

    fn search_text(&self) -> String {
        self.name.clone()
    }
}

/// A day (or days) off for the whole workspace.
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
pub struct Holiday {
    #[serde(flatten)]
    pub meta: Meta,
    pub name: String,
    /// The first day off.
    pub date: Date,
    /// The last day off (`date` for a one-day holiday).
    pub end_date: Date,
}

/// Body of `POST /api/holidays/create`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct HolidayIn {
    #[schemars(required)]
    pub name: Option<Text<100>>,
    #[schemars(required, transform = shared::http::schema::date)]
    pub date: Option<String>,
    /// Defaults to `date`.
    #[schemars(transform = shared::http::schema::date)]
    pub end_date: Option<String>,
}

/// Body of `POST /api/holidays/update/{id}`: absent fields stay.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(transform = shared::resource::patch_schema)]
pub struct HolidayPatch {
    pub name: Option<Text<100>>,
    #[schemars(transform = shared::http::schema::date)]
    pub date: Option<String>,
    #[schemars(transform = shared::http::schema::date)]
    pub end_date: Option<String>,
}

/// The year a date falls in.
pub(crate) fn year_of(date: &Date) -> u64 {
    date.as_str().get(..4).and_then(|y| y.parse().ok()).unwrap_or(0)
}

/// `?year=` on the lists.
#[derive(Debug, Default, Serialize, Deserialize, JsonSchema)]
pub struct HolidayFilters {
    /// Holidays starting in this year.
    pub year: Option<u32>,
}

impl Resource for Holiday {
    const KIND: &'static str = "hr_holiday";
    const NAME: &'static str = "Holiday";
    const MODULE: Module = Module::Hr;
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[
            Sort::new("date", |h| IndexValue::date(h.date.as_str())),
            Sort::new("name", |h| IndexValue::text(&h.name)),
        ],
        // A number, as `?year=2026` reads from the query string.
        filters: &[Filter::<Self>::one("year", |h| IndexValue::id(year_of(&h.date))).sorted_by(&["date"])],
        sums: &[],
    };
    const REFS: &'static [Ref<Self>] = &[];
    const EVENTS: Events = Events::NONE;
    type In = HolidayIn;
    type Patch = HolidayPatch;
    type Out = Holiday;
    type Filters = HolidayFilters;
    shared::meta_field!();

    fn example() -> Option<serde_json::Value> {
        Some(serde_json::json!({"name": "New Year's Day", "date": "2027-01-01"}))
    }

    async fn build(_cx: Cx<'_>, input: HolidayIn) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let name = errors.required_text("name", input.name);
        let date = errors.date("date", input.date);
        let date = errors.required("date", date);
        let end_date = errors.date("end_date", input.end_date);
        errors.dates_in_order("end_date", date.as_ref(), end_date.as_ref());
        let (name, date) = errors.finish((name, date))?;
        Ok(Self {
            meta: Meta::default(),
            name,
            end_date: end_date.unwrap_or_else(|| date.clone()),
            date,
        })
    }

    async fn apply(&mut self, _cx: Cx<'_>, patch: HolidayPatch) -> Result<(), ApiError> {
        let mut errors = FieldErrors::default();
        let name = errors.text("name", patch.name);
        let date = errors.date("date", patch.date);
        let end_date = errors.date("end_date", patch.end_date);
        errors.dates_in_order(
            "end_date",
            date.as_ref().or(Some(&self.date)),
            end_date.as_ref().or(Some(&self.end_date)),
        );
        errors.into_result(())?;
        self.name.assign(name);
        self.date.assign(date);
        self.end_date.assign(end_date);
        Ok(())
    }

    fn search_text(&self) -> String {
        self.name.clone()
    }
}

/// A kind of document an employee files (a contract, an ID).
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
pub struct DocumentType {
    #[serde(flatten)]
    pub meta: Meta,
    pub name: String,
    /// Whether every employee must file one.
    pub is_required: bool,
}

/// Body of `POST /api/document-types/create`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct DocumentTypeIn {
    #[schemars(required)]
    pub name: Option<Text<100>>,
    /// Defaults to `false`.
    pub is_required: Option<bool>,
}

/// Body of `POST /api/document-types/update/{id}`: absent fields stay.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(transform = shared::resource::patch_schema)]
pub struct DocumentTypePatch {
    pub name: Option<Text<100>>,
    pub is_required: Option<bool>,
}

impl Resource for DocumentType {
    const KIND: &'static str = "hr_document_type";
    const NAME: &'static str = "Document type";
    const MODULE: Module = Module::Hr;
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[Sort::new("name", |r| IndexValue::text(&r.name))],
        filters: &[],
        sums: &[],
    };
    const REFS: &'static [Ref<Self>] = &[];
    const EVENTS: Events = Events::NONE;
    type In = DocumentTypeIn;
    type Patch = DocumentTypePatch;
    type Out = DocumentType;
    type Filters = NoFilters;
    shared::meta_field!();

    fn example() -> Option<serde_json::Value> {
        Some(serde_json::json!({"name": "Employment contract", "is_required": true}))
    }

    async fn build(_cx: Cx<'_>, input: DocumentTypeIn) -> Result<Self, ApiError> {
        let name = FieldErrors::check_required(|e| e.required_text("name", input.name))?;
        Ok(Self {
            meta: Meta::default(),
            name,
            is_required: input.is_required.unwrap_or(false),
        })
    }

    async fn apply(&mut self, _cx: Cx<'_>, patch: DocumentTypePatch) -> Result<(), ApiError> {
        let name = FieldErrors::check(|e| e.text("name", patch.name))?;
        self.name.assign(name);
        self.is_required.assign(patch.is_required);
        Ok(())
    }

    fn search_text(&self) -> String {
        self.name.clone()
    }
}
