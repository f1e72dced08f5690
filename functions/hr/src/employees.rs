//! Employees: a user of the workspace's team (one employee per user) with a unique employee code,
//! a place in the organisation (a designation in a department of a branch), a shift, a joining
//! date, an employment type and a monthly salary. Ending employment (a termination or a
//! resignation) sets `status: ended` and `end_date`; until then the employee is `active`.

use identity::users::User;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use shared::auth::{records, Module};
use shared::domain::{Date, Email, Text};
use shared::events::EventType;
use shared::http::{ApiError, FieldErrors};
use shared::money::Money;
use shared::resource::custom::{self, CustomValues, CustomValuesIn};
use shared::resource::index::IndexValue;
use shared::resource::unique::Unique;
use shared::resource::{example, ops, Assign, Cx, Events, Filter, Lists, Meta, Ref, Resource, Sort};
use shared::store::StoreExt;

use crate::org::{Branch, Department, Designation, Shift};

pub const EMPLOYEE_CREATED: EventType =
    EventType::new("employee.created", "An employee was added.").with_record::<Employee>();

shared::choice! {
    /// How an employee is employed.
    pub enum EmploymentType {
        FullTime = "full_time" | "Full Time" | "full-time",
        PartTime = "part_time" | "Part Time" | "part-time",
        Contract = "contract" | "Contract",
        Intern = "intern" | "Intern",
    }
}

shared::choice! {
    /// Whether the employment runs.
    pub enum EmploymentStatus {
        Active = "active",
        Ended = "ended",
    }
}

/// An employee.
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
pub struct Employee {
    #[serde(flatten)]
    pub meta: Meta,
    /// The workspace user who is the employee (one employee per user).
    pub user_id: u64,
    /// Unique in the workspace; `EMP-` and the id on four digits unless chosen.
    pub employee_code: String,
    /// The user's name and address when the employee was added.
    pub name: String,
    pub email: Email,
    /// The department's branch.
    pub branch_id: u64,
    pub department_id: u64,
    pub designation_id: u64,
    pub shift_id: u64,
    pub date_of_joining: Date,
    pub employment_type: EmploymentType,
    /// Monthly basic salary.
    pub basic_salary: Money,
    pub date_of_birth: Option<Date>,
    pub phone: Option<String>,
    pub address: Option<String>,
    pub status: EmploymentStatus,
    /// The last day of employment, once it ended.
    pub end_date: Option<Date>,
    /// The workspace's own fields (its custom fields), by key.
    #[serde(default)]
    #[schemars(transform = shared::resource::custom::stored_schema)]
    pub custom_fields: CustomValues,
}

/// Body of `POST /api/employee/create`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct EmployeeIn {
    /// An owner, admin or staff user of the workspace without an employee yet.
    #[schemars(required, transform = shared::http::schema::id)]
    pub user_id: Option<u64>,
    /// Defaults to `EMP-` and the id.
    pub employee_code: Option<Text<30>>,
    #[schemars(required, transform = shared::http::schema::id)]
    pub department_id: Option<u64>,
    /// A designation of the department.
    #[schemars(required, transform = shared::http::schema::id)]
    pub designation_id: Option<u64>,
    #[schemars(required, transform = shared::http::schema::id)]
    pub shift_id: Option<u64>,
    #[schemars(required, transform = shared::http::schema::date)]
    pub date_of_joining: Option<String>,
    /// Defaults to `full_time`.
    pub employment_type: Option<EmploymentType>,
    /// Monthly; defaults to 0.
    #[schemars(transform = shared::money::at_least_zero)]
    pub basic_salary: Option<Money>,
    #[schemars(transform = shared::http::schema::date)]
    pub date_of_birth: Option<String>,
    pub phone: Option<Text<40>>,
    pub address: Option<Text<500>>,
    /// Values of the workspace's custom fields, by key (`GET /api/custom-fields`).
    pub custom_fields: Option<CustomValuesIn>,
}

/// Body of `POST /api/employee/update/{id}`: absent fields stay. A new `department_id` needs a
/// `designation_id` of that department.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(transform = shared::resource::patch_schema)]
pub struct EmployeePatch {
    pub employee_code: Option<Text<30>>,
    #[schemars(transform = shared::http::schema::id)]
    pub department_id: Option<u64>,
    #[schemars(transform = shared::http::schema::id)]
    pub designation_id: Option<u64>,
    #[schemars(transform = shared::http::schema::id)]
    pub shift_id: Option<u64>,
    #[schemars(transform = shared::http::schema::date)]
    pub date_of_joining: Option<String>,
    pub employment_type: Option<EmploymentType>,
    #[schemars(transform = shared::money::at_least_zero)]
    pub basic_salary: Option<Money>,
    /// `null` clears it.
    #[serde(default, with = "shared::resource::Clearable::<String>")]
    #[schemars(transform = shared::http::schema::date)]
    pub date_of_birth: Option<Option<String>>,
    /// `null` clears it.
    #[serde(default, with = "shared::resource::Clearable::<Text<40>>")]
    pub phone: Option<Option<Text<40>>>,
    /// `null` clears it.
    #[serde(default, with = "shared::resource::Clearable::<Text<500>>")]
    pub address: Option<Option<Text<500>>>,
    /// Values of the workspace's custom fields, by key (`GET /api/custom-fields`).
    pub custom_fields: Option<CustomValuesIn>,
}

/// `?branch_id=`, `?department_id=`, `?designation_id=`, `?shift_id=`, `?status=`,
/// `?employment_type=` and `?user_id=` on the list.
#[derive(Debug, Default, Serialize, Deserialize, JsonSchema)]
pub struct EmployeeFilters {
    pub branch_id: Option<u64>,
    pub department_id: Option<u64>,
    pub designation_id: Option<u64>,
    pub shift_id: Option<u64>,
    pub status: Option<EmploymentStatus>,
    pub employment_type: Option<EmploymentType>,
    pub user_id: Option<u64>,
}

impl Resource for Employee {
    const KIND: &'static str = "hr_employee";
    const NAME: &'static str = "Employee";
    const MODULE: Module = Module::Hr;
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[
            Sort::new("name", |e| IndexValue::text(&e.name)),
            Sort::new("employee_code", |e| IndexValue::text(&e.employee_code)),
            Sort::new("date_of_joining", |e| IndexValue::date(e.date_of_joining.as_str())),
        ],
        filters: &[
            Filter::<Self>::one("branch_id", |e| IndexValue::id(e.branch_id)),
            Filter::<Self>::one("department_id", |e| IndexValue::id(e.department_id)),
            Filter::<Self>::one("designation_id", |e| IndexValue::id(e.designation_id)),
            Filter::<Self>::one("shift_id", |e| IndexValue::id(e.shift_id)),
            Filter::<Self>::one("status", |e| IndexValue::text(e.status.as_str())),
            Filter::<Self>::one("employment_type", |e| IndexValue::text(e.employment_type.as_str())),
            Filter::<Self>::one("user_id", |e| IndexValue::id(e.user_id)),
        ],
        sums: &[],
    };
    const UNIQUE: &'static [Unique<Self>] = &[
        Unique::new("user_id", |e| Some(e.user_id.to_string())),
        Unique::new("employee_code", |e| Some(e.employee_code.to_lowercase())),
    ];
    const REFS: &'static [Ref<Self>] = &[
        Ref::to(<Branch as Resource>::KIND, |e| vec![e.branch_id]),
        Ref::to(<Department as Resource>::KIND, |e| vec![e.department_id]),
        Ref::to(<Designation as Resource>::KIND, |e| vec![e.designation_id]),
        Ref::to(<Shift as Resource>::KIND, |e| vec![e.shift_id]),
    ];
    const EVENTS: Events = Events {
        created: Some(EMPLOYEE_CREATED),
        updated: None,
        deleted: None,
    };
    type In = EmployeeIn;
    type Patch = EmployeePatch;
    type Out = Employee;
    type Filters = EmployeeFilters;
    shared::meta_field!();
    shared::custom_fields!();

    /// The caller (the owner, in a new workspace) as an employee: the one team member the happy
    /// path can count on having no employee yet. One user is one employee, so a second employee
    /// from the same body (the happy path's Delete makes one) is refused, 422 on `user_id`.
    /// One employee per user: each call makes its user.
    fn example() -> Option<serde_json::Value> {
        Some(serde_json::json!({
            "user_id": example::fresh("user"), "department_id": example::id_of::<crate::org::Department>(),
            "designation_id": example::id_of::<crate::org::Designation>(), "shift_id": example::id_of::<crate::org::Shift>(),
            "date_of_joining": "2026-02-02", "employment_type": "full_time", "basic_salary": 3200,
            "date_of_birth": "1991-06-14", "phone": "+351 912 345 678", "address": "Rua do Ouro 25, Lisboa"
        }))
    }

    fn example_update() -> Option<serde_json::Value> {
        Some(serde_json::json!({"phone": "+351 913 000 111", "address": "Avenida da Liberdade 110, Lisboa"}))
    }

    async fn build(cx: Cx<'_>, input: EmployeeIn) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let user_id = errors.required("user_id", input.user_id);
        let employee_code = errors.text("employee_code", input.employee_code);
        let department_id = errors.required("department_id", input.department_id);
        let designation_id = errors.required("designation_id", input.designation_id);
        let shift_id = errors.required("shift_id", input.shift_id);
        let joined = errors.date("date_of_joining", input.date_of_joining);
        let joined = errors.required("date_of_joining", joined);
        let basic_salary = errors.not_negative("basic_salary", input.basic_salary);
        let date_of_birth = errors.date("date_of_birth", input.date_of_birth);
        let phone = errors.text("phone", input.phone);
        let address = errors.text("address", input.address);
        let custom_fields = custom::parse(cx, Self::KIND, &mut errors, None, input.custom_fields).await?;
        let (user_id, department_id, designation_id, shift_id) =
            errors.finish((user_id, department_id, designation_id, shift_id))?;
        let date_of_joining =
            joined.ok_or_else(|| ApiError::invalid("date_of_joining", "The date of joining field is required."))?;
        // One read of the user: its role decides, its name and address are kept.
        let user: Option<User> = cx.store().get_as(&records::user_key(cx.tenant(), user_id)).await?;
        records::require_team("user_id", user_id, user.as_ref().map(|u| u.role))?;
        let user = user.ok_or_else(|| ApiError::internal(anyhow::anyhow!("a team user without a record")))?;
        let branch_id = place(cx, department_id, designation_id).await?;
        ops::check_reference::<Shift>(cx, "shift_id", shift_id).await?;
        let id = ops::reserve_id::<Self>(cx).await?;
        Ok(Self {
            meta: Meta { id, ..Meta::default() },
            user_id,
            employee_code: employee_code.unwrap_or_else(|| format!("EMP-{id:04}")),
            name: user.name,
            email: user.email,
            branch_id,
            department_id,
            designation_id,
            shift_id,
            date_of_joining,
            employment_type: input.employment_type.unwrap_or(EmploymentType::FullTime),
            basic_salary: basic_salary.unwrap_or_default(),
            date_of_birth,
            phone,
            address,
            status: EmploymentStatus::Active,
            end_date: None,
            custom_fields: custom_fields.unwrap_or_default(),
        })
    }

    async fn apply(&mut self, cx: Cx<'_>, patch: EmployeePatch) -> Result<(), ApiError> {
        let mut errors = FieldErrors::default();
        let employee_code = errors.text("employee_code", patch.employee_code);
        let date_of_joining = errors.date("date_of_joining", patch.date_of_joining);
        let basic_salary = errors.not_negative("basic_salary", patch.basic_salary);
        let date_of_birth = patch.date_of_birth.map(|d| errors.date("date_of_birth", d));
        let phone = patch.phone.map(|p| errors.text("phone", p));
        let address = patch.address.map(|a| errors.text("address", a));
        let custom_fields = self
            .custom_fields
            .changed_by(cx, Self::KIND, &mut errors, patch.custom_fields)
            .await?;
        errors.into_result(())?;
        if patch.department_id.is_some() || patch.designation_id.is_some() {
            let department_id = patch.department_id.unwrap_or(self.department_id);
            let designation_id = patch.designation_id.unwrap_or(self.designation_id);
            self.branch_id = place(cx, department_id, designation_id).await?;
            self.department_id = department_id;
            self.designation_id = designation_id;
        }
        if let Some(shift_id) = patch.shift_id {
            ops::check_reference::<Shift>(cx, "shift_id", shift_id).await?;
            self.shift_id = shift_id;
        }
        self.employee_code.assign(employee_code);
        self.date_of_joining.assign(date_of_joining);
        self.employment_type.assign(patch.employment_type);
        self.basic_salary.assign(basic_salary);
        self.date_of_birth.assign(date_of_birth);
        self.phone.assign(phone);
        self.address.assign(address);
        self.custom_fields.assign(custom_fields);
        Ok(())
    }

    fn search_text(&self) -> String {
        format!("{} {} {}", self.employee_code, self.name, self.email)
    }
}

/// The branch of `department_id`, once `designation_id` is known to be one of its designations
/// (422 naming the field that does not fit).
async fn place(cx: Cx<'_>, department_id: u64, designation_id: u64) -> Result<u64, ApiError> {
    let (department, designation) = futures::try_join!(
        ops::check_reference::<Department>(cx, "department_id", department_id),
        ops::check_reference::<Designation>(cx, "designation_id", designation_id),
    )?;
    if designation.department_id != department_id {
        return Err(ApiError::invalid(
            "designation_id",
            format!(
                "Designation {designation_id} ({}) belongs to department {}, not {department_id}.",
                designation.name, designation.department_id
            ),
        ));
    }
    Ok(department.branch_id)
}

/// The employee record of the calling user (the self-service routes' "me"): one index query.
/// 422 `not_an_employee` when the caller has none.
pub async fn of_caller(cx: Cx<'_>) -> Result<Employee, ApiError> {
    let mine = Some(("user_id", IndexValue::id(cx.user_id)));
    shared::resource::index::top::<Employee>(cx, mine, "id", false, 1)
        .await?
        .into_iter()
        .next()
        .ok_or_else(|| ApiError::Unprocessable {
            code: "not_an_employee",
            message: "You have no employee record in this workspace; ask HR to add one.".into(),
        })
}
