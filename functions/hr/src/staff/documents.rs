//! HR documents filed for an employee, and acknowledgments of documents and announcements.

use futures::try_join;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use shared::auth::Module::{self};
use shared::domain::{Date, Text};
use shared::http::{ApiError, FieldErrors};
use shared::resource::index::IndexValue;
use shared::resource::unique::Unique;
use shared::resource::{example, ops, Assign, Cx, Events, Filter, Lists, Meta, Ref, Resource, Sort};

use crate::employees::Employee;
use crate::org::DocumentType;

use super::notices::Announcement;
use super::{in_order, nullable_date, required_date};

/// A document filed for an employee (a contract, an ID), of a document type; the file itself
/// is kept elsewhere.
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
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
pub struct HrmDocumentIn {
    #[schemars(required, transform = shared::http::schema::id)]
    pub employee_id: Option<u64>,
    #[schemars(required, transform = shared::http::schema::id)]
    pub document_type_id: Option<u64>,
    #[schemars(required)]
    pub title: Option<Text<190>>,
    pub number: Option<Text<100>>,
    #[schemars(required, transform = shared::http::schema::date)]
    pub issue_date: Option<String>,
    /// Not before `issue_date`; none: it does not expire.
    #[schemars(transform = shared::http::schema::date)]
    pub expiry_date: Option<String>,
}

/// Body of `POST /api/hrm-documents/update/{id}`: absent fields stay.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(transform = shared::resource::patch_schema)]
pub struct HrmDocumentPatch {
    #[schemars(transform = shared::http::schema::id)]
    pub document_type_id: Option<u64>,
    pub title: Option<Text<190>>,
    /// `null` clears it.
    #[serde(default, with = "shared::resource::Clearable::<Text<100>>")]
    pub number: Option<Option<Text<100>>>,
    #[schemars(transform = shared::http::schema::date)]
    pub issue_date: Option<String>,
    /// `null` clears it.
    #[serde(default, with = "shared::resource::Clearable::<String>")]
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

    fn example() -> Option<serde_json::Value> {
        Some(serde_json::json!({
            "employee_id": example::id_of::<crate::employees::Employee>(), "document_type_id": example::id_of::<crate::org::DocumentType>(),
            "title": "Employment contract", "number": "C-2026-014", "issue_date": "2026-02-02"
        }))
    }

    fn example_update() -> Option<serde_json::Value> {
        Some(serde_json::json!({"title": "Employment contract (signed copy)", "expiry_date": "2028-02-01"}))
    }

    async fn build(cx: Cx<'_>, input: HrmDocumentIn) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let employee_id = errors.required("employee_id", input.employee_id);
        let document_type_id = errors.required("document_type_id", input.document_type_id);
        let title = errors.required_text("title", input.title);
        let number = errors.text("number", input.number);
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
        let title = errors.text("title", patch.title);
        let number = patch.number.map(|n| errors.text("number", n));
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
        self.number.assign(number);
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
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
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
pub struct AcknowledgmentIn {
    #[schemars(required, transform = shared::http::schema::id)]
    pub employee_id: Option<u64>,
    /// An HR document of the employee.
    #[schemars(transform = shared::http::schema::id)]
    pub document_id: Option<u64>,
    /// An announcement for everyone or for the employee's department.
    #[schemars(transform = shared::http::schema::id)]
    pub announcement_id: Option<u64>,
    pub comment: Option<Text<1000>>,
}

/// Body of `POST /api/acknowledgments/update/{id}`: its comment (what was acknowledged stays).
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(transform = shared::resource::patch_schema)]
pub struct AcknowledgmentPatch {
    /// `null` clears it.
    #[serde(default, with = "shared::resource::Clearable::<Text<1000>>")]
    pub comment: Option<Option<Text<1000>>>,
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

    /// Once per document, by the employee it is about: each call makes the document.
    fn example() -> Option<serde_json::Value> {
        Some(serde_json::json!({
            "employee_id": example::id_of::<crate::employees::Employee>(), "document_id": example::fresh("hr_document"),
            "comment": "Read and signed."
        }))
    }

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
        let comment = errors.text("comment", input.comment);
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
        let mut errors = FieldErrors::default();
        let comment = patch.comment.map(|c| errors.text("comment", c));
        errors.into_result(())?;
        self.comment.assign(comment);
        Ok(())
    }

    fn search_text(&self) -> String {
        self.comment.clone().unwrap_or_default()
    }
}
