//! Awards, warnings and complaints: what is recorded about an employee's conduct.

use futures::try_join;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use shared::auth::Module::{self};
use shared::domain::{Date, Text};
use shared::http::{ApiError, FieldErrors};
use shared::money::Money;
use shared::resource::index::IndexValue;
use shared::resource::{example, ops, Assign, Cx, Events, Filter, Lists, Meta, Ref, Resource, Sort};

use crate::employees::Employee;

use super::{required_date, ByEmployee};

/// An award given to an employee: a title of its kind, and a gift or cash when there was one.
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
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
pub struct AwardIn {
    #[schemars(required, transform = shared::http::schema::id)]
    pub employee_id: Option<u64>,
    #[schemars(required)]
    pub award_type: Option<Text<100>>,
    #[schemars(required, transform = shared::http::schema::date)]
    pub date: Option<String>,
    pub gift: Option<Text<190>>,
    #[schemars(transform = shared::money::at_least_zero)]
    pub cash: Option<Money>,
    pub description: Option<Text<2000>>,
}

/// Body of `POST /api/awards/update/{id}`: absent fields stay.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(transform = shared::resource::patch_schema)]
pub struct AwardPatch {
    pub award_type: Option<Text<100>>,
    #[schemars(transform = shared::http::schema::date)]
    pub date: Option<String>,
    /// `null` clears it.
    #[serde(default, with = "shared::resource::Clearable::<Text<190>>")]
    pub gift: Option<Option<Text<190>>>,
    /// `null` clears it.
    #[serde(default, with = "shared::resource::Clearable::<Money>")]
    #[schemars(transform = shared::money::at_least_zero)]
    pub cash: Option<Option<Money>>,
    /// `null` clears it.
    #[serde(default, with = "shared::resource::Clearable::<Text<2000>>")]
    pub description: Option<Option<Text<2000>>>,
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

    fn example() -> Option<serde_json::Value> {
        Some(serde_json::json!({
            "employee_id": example::id_of::<crate::employees::Employee>(), "award_type": "Employee of the month", "date": "2026-10-30",
            "gift": "Dinner for two", "cash": 150, "description": "For shipping the new payroll export."
        }))
    }

    async fn build(cx: Cx<'_>, input: AwardIn) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let employee_id = errors.required("employee_id", input.employee_id);
        let award_type = errors.required_text("award_type", input.award_type);
        let date = required_date(&mut errors, "date", input.date);
        let gift = errors.text("gift", input.gift);
        let cash = errors.not_negative("cash", input.cash);
        let description = errors.text("description", input.description);
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
        let award_type = errors.text("award_type", patch.award_type);
        let date = errors.date("date", patch.date);
        let gift = patch.gift.map(|g| errors.text("gift", g));
        let cash = patch.cash.map(|c| errors.not_negative("cash", c));
        let description = patch.description.map(|d| errors.text("description", d));
        errors.into_result(())?;
        self.award_type.assign(award_type);
        self.date.assign(date);
        self.gift.assign(gift);
        self.cash.assign(cash);
        self.description.assign(description);
        Ok(())
    }

    fn search_text(&self) -> String {
        format!("{} {}", self.award_type, self.gift.as_deref().unwrap_or_default())
    }
}

/// A warning given to an employee, by the user who recorded it.
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
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
pub struct WarningIn {
    #[schemars(required, transform = shared::http::schema::id)]
    pub employee_id: Option<u64>,
    #[schemars(required)]
    pub subject: Option<Text<190>>,
    #[schemars(required, transform = shared::http::schema::date)]
    pub warning_date: Option<String>,
    pub description: Option<Text<2000>>,
}

/// Body of `POST /api/warnings/update/{id}`: absent fields stay.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(transform = shared::resource::patch_schema)]
pub struct WarningPatch {
    pub subject: Option<Text<190>>,
    #[schemars(transform = shared::http::schema::date)]
    pub warning_date: Option<String>,
    /// `null` clears it.
    #[serde(default, with = "shared::resource::Clearable::<Text<2000>>")]
    pub description: Option<Option<Text<2000>>>,
}

impl Resource for Warning {
    const KIND: &'static str = "hr_warning";
    const NAME: &'static str = "Warning";
    const MODULE: Module = Module::Hr;
    const LISTS: &'static Lists<Self> = &Lists {
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

    fn example() -> Option<serde_json::Value> {
        Some(serde_json::json!({
            "employee_id": example::id_of::<crate::employees::Employee>(), "subject": "Late for three days in a row",
            "warning_date": "2026-04-10", "description": "Arrived after 10:00 on 7, 8 and 9 April without notice."
        }))
    }

    async fn build(cx: Cx<'_>, input: WarningIn) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let employee_id = errors.required("employee_id", input.employee_id);
        let subject = errors.required_text("subject", input.subject);
        let warning_date = required_date(&mut errors, "warning_date", input.warning_date);
        let description = errors.text("description", input.description);
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
        let subject = errors.text("subject", patch.subject);
        let warning_date = errors.date("warning_date", patch.warning_date);
        let description = patch.description.map(|d| errors.text("description", d));
        errors.into_result(())?;
        self.subject.assign(subject);
        self.warning_date.assign(warning_date);
        self.description.assign(description);
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
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
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
pub struct ComplaintIn {
    #[schemars(required, transform = shared::http::schema::id)]
    pub complaint_from: Option<u64>,
    /// Another employee than `complaint_from`.
    #[schemars(required, transform = shared::http::schema::id)]
    pub complaint_against: Option<u64>,
    #[schemars(required)]
    pub title: Option<Text<190>>,
    #[schemars(required, transform = shared::http::schema::date)]
    pub date: Option<String>,
    pub description: Option<Text<2000>>,
    /// Defaults to `open`.
    pub status: Option<ComplaintStatus>,
}

/// Body of `POST /api/complaints/update/{id}`: absent fields stay.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(transform = shared::resource::patch_schema)]
pub struct ComplaintPatch {
    pub title: Option<Text<190>>,
    #[schemars(transform = shared::http::schema::date)]
    pub date: Option<String>,
    /// `null` clears it.
    #[serde(default, with = "shared::resource::Clearable::<Text<2000>>")]
    pub description: Option<Option<Text<2000>>>,
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

    /// The happy path's employee complains about another, whom each call makes.
    fn example() -> Option<serde_json::Value> {
        Some(serde_json::json!({
            "complaint_from": example::id_of::<crate::employees::Employee>(),
            "complaint_against": example::fresh("hr_employee"), "title": "Meeting notes never shared",
            "date": "2026-03-12", "description": "The notes of the last three planning meetings were not sent."
        }))
    }

    fn example_update() -> Option<serde_json::Value> {
        Some(serde_json::json!({
            "status": "resolved", "description": "Talked it through; notes now go out the same day."
        }))
    }

    async fn build(cx: Cx<'_>, input: ComplaintIn) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let from = errors.required("complaint_from", input.complaint_from);
        let against = errors.required("complaint_against", input.complaint_against);
        if from.is_some() && from == against {
            errors.add("complaint_against", "An employee does not complain about themselves.");
        }
        let title = errors.required_text("title", input.title);
        let date = required_date(&mut errors, "date", input.date);
        let description = errors.text("description", input.description);
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
        let title = errors.text("title", patch.title);
        let date = errors.date("date", patch.date);
        let description = patch.description.map(|d| errors.text("description", d));
        errors.into_result(())?;
        self.title.assign(title);
        self.date.assign(date);
        self.description.assign(description);
        self.status.assign(patch.status);
        Ok(())
    }

    fn search_text(&self) -> String {
        self.title.clone()
    }
}
