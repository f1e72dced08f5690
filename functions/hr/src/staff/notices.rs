//! Announcements to the workspace or a department, and company events.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use shared::auth::Module::{self};
use shared::domain::{Date, Text};
use shared::http::{ApiError, FieldErrors};
use shared::resource::index::IndexValue;
use shared::resource::{ops, Assign, Cx, Events, Filter, Lists, Meta, Ref, Resource, Sort};

use crate::org::Department;

use super::{in_order, nullable_date, required_date};

/// A notice to the workspace, or to one department's employees, from `start_date` (to
/// `end_date` when it has one).
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
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
pub struct AnnouncementIn {
    #[schemars(required)]
    pub title: Option<Text<190>>,
    pub description: Option<Text<2000>>,
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
#[schemars(transform = shared::resource::patch_schema)]
pub struct AnnouncementPatch {
    pub title: Option<Text<190>>,
    /// `null` clears it.
    #[serde(default, with = "shared::resource::Clearable::<Text<2000>>")]
    pub description: Option<Option<Text<2000>>>,
    #[schemars(transform = shared::http::schema::date)]
    pub start_date: Option<String>,
    /// `null` clears it.
    #[serde(default, with = "shared::resource::Clearable::<String>")]
    #[schemars(transform = shared::http::schema::date)]
    pub end_date: Option<Option<String>>,
    /// `null`: everyone.
    #[serde(default, with = "shared::resource::Clearable::<u64>")]
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

    fn example() -> Option<serde_json::Value> {
        Some(serde_json::json!({
            "title": "Office closed on Friday",
            "description": "The office is closed for maintenance; work from home.", "start_date": "2026-06-01",
            "end_date": "2026-06-05"
        }))
    }

    async fn build(cx: Cx<'_>, input: AnnouncementIn) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let title = errors.required_text("title", input.title);
        let description = errors.text("description", input.description);
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
        let title = errors.text("title", patch.title);
        let description = patch.description.map(|d| errors.text("description", d));
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
        self.description.assign(description);
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
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
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
pub struct CompanyEventIn {
    #[schemars(required)]
    pub title: Option<Text<190>>,
    pub description: Option<Text<2000>>,
    #[schemars(required, transform = shared::http::schema::date)]
    pub start_date: Option<String>,
    /// Not before `start_date`; defaults to it.
    #[schemars(transform = shared::http::schema::date)]
    pub end_date: Option<String>,
    pub location: Option<Text<190>>,
}

/// Body of `POST /api/events/update/{id}`: absent fields stay.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(transform = shared::resource::patch_schema)]
pub struct CompanyEventPatch {
    pub title: Option<Text<190>>,
    /// `null` clears it.
    #[serde(default, with = "shared::resource::Clearable::<Text<2000>>")]
    pub description: Option<Option<Text<2000>>>,
    #[schemars(transform = shared::http::schema::date)]
    pub start_date: Option<String>,
    #[schemars(transform = shared::http::schema::date)]
    pub end_date: Option<String>,
    /// `null` clears it.
    #[serde(default, with = "shared::resource::Clearable::<Text<190>>")]
    pub location: Option<Option<Text<190>>>,
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

    fn example() -> Option<serde_json::Value> {
        Some(serde_json::json!({
            "title": "Summer party", "description": "Drinks and a barbecue for the whole team.",
            "start_date": "2027-07-16", "location": "Rooftop terrace"
        }))
    }

    async fn build(_cx: Cx<'_>, input: CompanyEventIn) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let title = errors.required_text("title", input.title);
        let description = errors.text("description", input.description);
        let start_date = required_date(&mut errors, "start_date", input.start_date);
        let end_date = errors.date("end_date", input.end_date);
        let location = errors.text("location", input.location);
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
        let title = errors.text("title", patch.title);
        let description = patch.description.map(|d| errors.text("description", d));
        let start_date = errors.date("start_date", patch.start_date);
        let end_date = errors.date("end_date", patch.end_date);
        let location = patch.location.map(|l| errors.text("location", l));
        in_order(
            &mut errors,
            "start_date",
            start_date.as_ref().unwrap_or(&self.start_date),
            "end_date",
            Some(end_date.as_ref().unwrap_or(&self.end_date)),
        );
        errors.into_result(())?;
        self.title.assign(title);
        self.description.assign(description);
        self.start_date.assign(start_date);
        self.end_date.assign(end_date);
        self.location.assign(location);
        Ok(())
    }

    fn search_text(&self) -> String {
        format!("{} {}", self.title, self.location.as_deref().unwrap_or_default())
    }
}
