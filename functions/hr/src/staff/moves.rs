//! Promotions and transfers: each moves its employee when recorded, in the same transaction.

use futures::try_join;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use shared::auth::Module::{self};
use shared::domain::{Date, Text};
use shared::http::{ApiError, FieldErrors};
use shared::money::Money;
use shared::resource::index::IndexValue;
use shared::resource::{example, ops, Assign, Cx, Events, Filter, Lists, Meta, Ref, Resource, Sort};
use shared::store::Write;

use crate::employees::{Employee, EmploymentStatus};
use crate::org::{Department, Designation};

use super::{check_date_of, check_employed, designation_in, employee_change, required_date};

/// A promotion: from `date`, the employee holds its designation (in that designation's
/// department and branch) and its salary. What they held before is kept.
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
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
    #[schemars(transform = shared::money::at_least_zero)]
    pub basic_salary: Option<Money>,
    pub description: Option<Text<1000>>,
}

/// Body of `POST /api/promotions/update/{id}`: its date and description (what it applied
/// stays).
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(transform = shared::resource::patch_schema)]
pub struct PromotionPatch {
    #[schemars(transform = shared::http::schema::date)]
    pub date: Option<String>,
    /// `null` clears it.
    #[serde(default, with = "shared::resource::Clearable::<Text<1000>>")]
    pub description: Option<Option<Text<1000>>>,
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

    /// A raise in the designation the employee holds. A second one at the same salary is
    /// refused, so each call makes its employee.
    fn example() -> Option<serde_json::Value> {
        Some(serde_json::json!({
            "employee_id": example::fresh("hr_employee"), "designation_id": example::id_of::<crate::org::Designation>(),
            "date": "2026-09-01", "basic_salary": 3800, "description": "Raise after the annual review."
        }))
    }

    async fn build(cx: Cx<'_>, input: PromotionIn) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let employee_id = errors.required("employee_id", input.employee_id);
        let designation_id = errors.required("designation_id", input.designation_id);
        let date = required_date(&mut errors, "date", input.date);
        let salary = errors.not_negative("basic_salary", input.basic_salary);
        let description = errors.text("description", input.description);
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
        let description = patch.description.map(|d| errors.text("description", d));
        errors.into_result(())?;
        check_date_of(cx, self.employee_id, "date", date.as_ref()).await?;
        self.date.assign(date);
        self.description.assign(description);
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
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
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
    pub reason: Option<Text<1000>>,
}

/// Body of `POST /api/employee-transfers/update/{id}`: its date and reason (where it moved them
/// stays).
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(transform = shared::resource::patch_schema)]
pub struct EmployeeTransferPatch {
    #[schemars(transform = shared::http::schema::date)]
    pub date: Option<String>,
    /// `null` clears it.
    #[serde(default, with = "shared::resource::Clearable::<Text<1000>>")]
    pub reason: Option<Option<Text<1000>>>,
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

    /// A move to another department and a designation of it: each call makes its employee, the
    /// department and the designation.
    fn example() -> Option<serde_json::Value> {
        Some(serde_json::json!({
            "employee_id": example::fresh("hr_employee"), "to_department_id": example::fresh("hr_department"),
            "to_designation_id": example::fresh("hr_designation"), "date": "2026-10-01",
            "reason": "Joins the Porto team."
        }))
    }

    async fn build(cx: Cx<'_>, input: EmployeeTransferIn) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let employee_id = errors.required("employee_id", input.employee_id);
        let department_id = errors.required("to_department_id", input.to_department_id);
        let designation_id = errors.required("to_designation_id", input.to_designation_id);
        let date = required_date(&mut errors, "date", input.date);
        let reason = errors.text("reason", input.reason);
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
        let reason = patch.reason.map(|r| errors.text("reason", r));
        errors.into_result(())?;
        check_date_of(cx, self.employee_id, "date", date.as_ref()).await?;
        self.date.assign(date);
        self.reason.assign(reason);
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
