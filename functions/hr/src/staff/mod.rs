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

mod conduct;
mod documents;
mod leaving;
mod moves;
mod notices;

pub use conduct::{Award, Complaint, Warning};
pub use documents::{Acknowledgment, HrmDocument};
pub use leaving::{Resignation, Termination};
pub use moves::{EmployeeTransfer, Promotion};
pub use notices::{Announcement, CompanyEvent, CompanyEventIn};

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::json;
use shared::auth::Module::Hr;
use shared::domain::Date;
use shared::handlers;
use shared::http::{ApiError, FieldErrors};
use shared::resource::index;
use shared::resource::{ops, Cx};
use shared::routes::{Build, Crud, Op, Routes};
use shared::sandbox::insert;
use shared::store::Write;

use crate::employees::{Employee, EmploymentStatus};
use crate::org::{Department, Designation, DocumentType};

/// Every route of these records, one row each.
pub fn routes<B: Build>(routes: Routes<B>) -> Routes<B> {
    routes
        .resource::<Announcement>(
            Crud::new()
                .list("/api/announcements")
                .show("/api/announcements/{id}")
                .create("/api/announcements/create")
                .update("/api/announcements/update/{id}")
                .delete("/api/announcements/delete/{id}")
                .batch_create("/api/announcements/batch/create")
                .batch_update("/api/announcements/batch/update")
                .batch_delete("/api/announcements/batch/delete")
                .import("/api/announcements/import")
                .export("/api/announcements/export"),
        )
        .resource::<CompanyEvent>(
            Crud::new()
                .list("/api/events")
                .show("/api/events/{id}")
                .update("/api/events/update/{id}")
                .delete("/api/events/delete/{id}")
                .batch_update("/api/events/batch/update")
                .batch_delete("/api/events/batch/delete")
                .export("/api/events/export"),
        )
        // The catalogue's path for an event's create (docs/api-conventions.md, "Known quirks").
        .row(
            Op::post("/api/hrm/events", handlers::create::<CompanyEvent>)
                .write(Hr)
                .body::<CompanyEventIn>()
                .created::<CompanyEvent>()
                .creates::<CompanyEvent>()
                .quirk()
                .summary("Add a company event"),
        )
        .resource::<Award>(
            Crud::new()
                .list("/api/awards")
                .show("/api/awards/{id}")
                .create("/api/awards/create")
                .update("/api/awards/update/{id}")
                .delete("/api/awards/delete/{id}")
                .batch_create("/api/awards/batch/create")
                .batch_update("/api/awards/batch/update")
                .batch_delete("/api/awards/batch/delete")
                .import("/api/awards/import")
                .export("/api/awards/export"),
        )
        .resource::<Promotion>(
            Crud::new()
                .list("/api/promotions")
                .show("/api/promotions/{id}")
                .create("/api/promotions/create")
                .update("/api/promotions/update/{id}")
                .delete("/api/promotions/delete/{id}")
                .batch_create("/api/promotions/batch/create")
                .batch_update("/api/promotions/batch/update")
                .batch_delete("/api/promotions/batch/delete")
                .import("/api/promotions/import")
                .export("/api/promotions/export"),
        )
        .resource::<EmployeeTransfer>(
            Crud::new()
                .list("/api/employee-transfers")
                .show("/api/employee-transfers/{id}")
                .create("/api/employee-transfers/create")
                .update("/api/employee-transfers/update/{id}")
                .delete("/api/employee-transfers/delete/{id}")
                .batch_create("/api/employee-transfers/batch/create")
                .batch_update("/api/employee-transfers/batch/update")
                .batch_delete("/api/employee-transfers/batch/delete")
                .import("/api/employee-transfers/import")
                .export("/api/employee-transfers/export"),
        )
        .resource::<Resignation>(
            Crud::new()
                .list("/api/resignations")
                .show("/api/resignations/{id}")
                .create("/api/resignations/create")
                .update("/api/resignations/update/{id}")
                .delete("/api/resignations/delete/{id}")
                .batch_create("/api/resignations/batch/create")
                .batch_update("/api/resignations/batch/update")
                .batch_delete("/api/resignations/batch/delete")
                .import("/api/resignations/import")
                .export("/api/resignations/export"),
        )
        .resource::<Termination>(
            Crud::new()
                .list("/api/terminations")
                .show("/api/terminations/{id}")
                .create("/api/terminations/create")
                .update("/api/terminations/update/{id}")
                .delete("/api/terminations/delete/{id}")
                .batch_create("/api/terminations/batch/create")
                .batch_update("/api/terminations/batch/update")
                .batch_delete("/api/terminations/batch/delete")
                .import("/api/terminations/import")
                .export("/api/terminations/export"),
        )
        .resource::<Warning>(
            Crud::new()
                .list("/api/warnings")
                .show("/api/warnings/{id}")
                .create("/api/warnings/create")
                .update("/api/warnings/update/{id}")
                .delete("/api/warnings/delete/{id}")
                .batch_create("/api/warnings/batch/create")
                .batch_update("/api/warnings/batch/update")
                .batch_delete("/api/warnings/batch/delete")
                .import("/api/warnings/import")
                .export("/api/warnings/export"),
        )
        .resource::<Complaint>(
            Crud::new()
                .list("/api/complaints")
                .show("/api/complaints/{id}")
                .create("/api/complaints/create")
                .update("/api/complaints/update/{id}")
                .delete("/api/complaints/delete/{id}")
                .batch_create("/api/complaints/batch/create")
                .batch_update("/api/complaints/batch/update")
                .batch_delete("/api/complaints/batch/delete")
                .import("/api/complaints/import")
                .export("/api/complaints/export"),
        )
        .resource::<HrmDocument>(
            Crud::new()
                .list("/api/hrm-documents")
                .show("/api/hrm-documents/{id}")
                .create("/api/hrm-documents/create")
                .update("/api/hrm-documents/update/{id}")
                .delete("/api/hrm-documents/delete/{id}")
                .batch_create("/api/hrm-documents/batch/create")
                .batch_update("/api/hrm-documents/batch/update")
                .batch_delete("/api/hrm-documents/batch/delete")
                .import("/api/hrm-documents/import")
                .export("/api/hrm-documents/export"),
        )
        .resource::<Acknowledgment>(
            Crud::new()
                .list("/api/acknowledgments")
                .show("/api/acknowledgments/{id}")
                .create("/api/acknowledgments/create")
                .update("/api/acknowledgments/update/{id}")
                .delete("/api/acknowledgments/delete/{id}")
                .batch_create("/api/acknowledgments/batch/create")
                .batch_update("/api/acknowledgments/batch/update")
                .batch_delete("/api/acknowledgments/batch/delete")
                .import("/api/acknowledgments/import")
                .export("/api/acknowledgments/export"),
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
