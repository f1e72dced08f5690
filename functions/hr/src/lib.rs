//! HR and payroll (issue 14): the organisation (branches, departments, designations, shifts,
//! holidays, document types), employees, attendance with the employee's own clock, leave,
//! payroll with payslips, the other HR records (awards, promotions, terminations, ...), the HR
//! home and the HR settings.

pub mod attendance;
pub mod employees;
pub mod home;
pub mod leave;
pub mod org;
pub mod payroll;
pub mod seed;
pub mod settings;
pub mod staff;

use async_trait::async_trait;
use schemars::JsonSchema;
use serde::Deserialize;
use shared::auth::Module::Hr;
use shared::handlers::Caller;
use shared::http::Json;
use shared::http::{ApiError, ValidQuery};
use shared::module::ModuleDef;
use shared::resource::index::{self, IndexValue, Indexed};
use shared::resource::{Cx, Deleted, NoFilters};
use shared::routes::{Build, Crud, Op, Routes};
use shared::sandbox::Seeder;
use shared::store::TenantId;
use shared::AppState;

use attendance::Attendance;
use employees::Employee;
use leave::{LeaveApplication, LeaveType};
use org::{Branch, Department, Designation, DocumentType, Holiday, Shift};
use payroll::Payroll;

shared::route_table!(routes);

pub const MODULE: ModuleDef = ModuleDef {
    function: "hr",
    routes: Some(served_routes),
    transfers: Some(transfer_routes),
    opens_accounts: false,
    event_types: &[
        employees::EMPLOYEE_CREATED,
        leave::LEAVE_REQUESTED,
        leave::LEAVE_APPROVED,
        leave::LEAVE_REJECTED,
        payroll::PAYROLL_COMPLETED,
    ],
    seeder: Some(&HrSeeder),
    cascades: &[],
    ledger: None,
};

/// The organisation records' lists (catalogue GETs) and their designed create, update and
/// delete routes, named as the catalogue names its HR routes.
fn organisation<B: Build>(routes: Routes<B>) -> Routes<B> {
    routes
        .resource::<Branch>(
            Crud::new()
                .list("/api/branches")
                .show("/api/branches/{id}")
                .create("/api/branches/create")
                .update("/api/branches/update/{id}")
                .delete("/api/branches/delete/{id}")
                .batch_create("/api/branches/batch/create")
                .batch_update("/api/branches/batch/update")
                .batch_delete("/api/branches/batch/delete")
                .import("/api/branches/import")
                .export("/api/branches/export"),
        )
        .resource::<Department>(
            Crud::new()
                .list("/api/departments")
                .show("/api/departments/{id}")
                .create("/api/departments/create")
                .update("/api/departments/update/{id}")
                .delete("/api/departments/delete/{id}")
                .batch_create("/api/departments/batch/create")
                .batch_update("/api/departments/batch/update")
                .batch_delete("/api/departments/batch/delete")
                .import("/api/departments/import")
                .export("/api/departments/export"),
        )
        .resource::<Designation>(
            Crud::new()
                .list("/api/designations")
                .show("/api/designations/{id}")
                .create("/api/designations/create")
                .update("/api/designations/update/{id}")
                .delete("/api/designations/delete/{id}")
                .batch_create("/api/designations/batch/create")
                .batch_update("/api/designations/batch/update")
                .batch_delete("/api/designations/batch/delete")
                .import("/api/designations/import")
                .export("/api/designations/export"),
        )
        .resource::<Shift>(
            Crud::new()
                .list("/api/shifts")
                .show("/api/shifts/{id}")
                .create("/api/shifts/create")
                .update("/api/shifts/update/{id}")
                .delete("/api/shifts/delete/{id}")
                .batch_create("/api/shifts/batch/create")
                .batch_update("/api/shifts/batch/update")
                .batch_delete("/api/shifts/batch/delete")
                .import("/api/shifts/import")
                .export("/api/shifts/export"),
        )
        .resource::<Holiday>(
            Crud::new()
                .list("/api/holidays")
                .show("/api/holidays/{id}")
                .create("/api/holidays/create")
                .update("/api/holidays/update/{id}")
                .delete("/api/holidays/delete/{id}")
                .batch_create("/api/holidays/batch/create")
                .batch_update("/api/holidays/batch/update")
                .batch_delete("/api/holidays/batch/delete")
                .import("/api/holidays/import")
                .export("/api/holidays/export"),
        )
        .resource::<DocumentType>(
            Crud::new()
                .list("/api/document-types")
                .show("/api/document-types/{id}")
                .create("/api/document-types/create")
                .update("/api/document-types/update/{id}")
                .delete("/api/document-types/delete/{id}")
                .batch_create("/api/document-types/batch/create")
                .batch_update("/api/document-types/batch/update")
                .batch_delete("/api/document-types/batch/delete")
                .import("/api/document-types/import")
                .export("/api/document-types/export"),
        )
}

/// Attendance: the managers' records, the employee's own clock and history, and the settings
/// they follow.
fn attendance<B: Build>(routes: Routes<B>) -> Routes<B> {
    routes
        .resource::<Attendance>(
            Crud::new()
                .list("/api/attendances")
                .show("/api/attendances/{id}")
                .create("/api/attendance/create")
                .update("/api/attendance/update/{attendance_id}")
                .delete("/api/attendance/delete/{attendance_id}")
                .batch_create("/api/attendance/batch/create")
                .batch_update("/api/attendance/batch/update")
                .batch_delete("/api/attendance/batch/delete")
                .import("/api/attendance/import")
                .export("/api/attendance/export"),
        )
        .row(
            Op::post("/api/hrm/clock-in-out", attendance::clock)
                .write(Hr)
                .body::<attendance::ClockIn>()
                .ok::<attendance::Clocked>()
                .answers(&[409])
                .summary("Clock yourself in or out (once a day, on a working day, from an allowed address)"),
        )
        .row(
            Op::post("/api/hrm/attendence-history", attendance::history)
                .read(Hr)
                .body::<attendance::HistoryIn>()
                .ok::<attendance::History>()
                .summary("Your attendance in a period, by date, with its totals"),
        )
        .row(
            Op::get("/api/hrm/home", home::home)
                .read(Hr)
                .ok::<home::HrHome>()
                .summary("Today's HR figures: present, on leave, pending requests, upcoming holidays"),
        )
        .row(
            Op::get("/api/hrm/settings", settings::show)
                .read(Hr)
                .ok::<settings::HrSettings>()
                .summary("The workspace's HR settings: the clock-in IP allow-list and the UTC offset"),
        )
        .row(
            Op::post("/api/hrm/settings", settings::update)
                .write(Hr)
                .body::<settings::HrSettingsIn>()
                .ok::<settings::HrSettings>()
                .answers(&[409])
                .summary("Change the HR settings"),
        )
}

/// Payroll: the runs (catalogue list and show, designed create, update, delete, process, cancel
/// and pay) and their payslips.
fn payroll<B: Build>(routes: Routes<B>) -> Routes<B> {
    routes
        .resource::<Payroll>(
            Crud::new()
                .list("/api/payrolls")
                .create("/api/payrolls/create")
                .update("/api/payrolls/update/{payroll_id}")
                .delete("/api/payrolls/delete/{payroll_id}")
                .batch_create("/api/payrolls/batch/create")
                .batch_update("/api/payrolls/batch/update")
                .batch_delete("/api/payrolls/batch/delete")
                .import("/api/payrolls/import")
                .export("/api/payrolls/export"),
        )
        .row(
            Op::get("/api/payrolls/{payroll_id}", payroll::show)
                .names::<payroll::Payroll>("payroll_id")
                .read(Hr)
                .ok::<payroll::PayrollDetail>()
                .answers(&[404])
                .summary("A payroll with its payslips"),
        )
        .row(
            Op::post("/api/payrolls/{payroll_id}/process", payroll::process)
                .names::<payroll::Payroll>("payroll_id")
                .write(Hr)
                .ok::<payroll::PayrollDetail>()
                .answers(&[404, 409, 422])
                .summary("Process a draft payroll: one payslip per active employee, then completed"),
        )
        .row(
            Op::post("/api/payrolls/{payroll_id}/cancel", payroll::cancel)
                .names::<payroll::Payroll>("payroll_id")
                .write(Hr)
                .ok::<Payroll>()
                .answers(&[404, 409])
                .summary("Cancel a draft payroll, or a completed one not yet paid"),
        )
        .row(
            Op::post("/api/payrolls/{payroll_id}/pay", payroll::pay)
                .names::<payroll::Payroll>("payroll_id")
                .write(Hr)
                .body::<payroll::PayIn>()
                .ok::<Payroll>()
                .answers(&[404, 409])
                .summary("Mark a completed payroll paid (posted to the books when accounting is on)"),
        )
        .row(
            Op::get("/api/payslip/{payroll_entry_id}", payroll::payslip_show)
                .names::<payroll::Payslip>("payroll_entry_id")
                .read(Hr)
                .ok::<payroll::Payslip>()
                .answers(&[404])
                .summary("A payslip (a payroll entry)"),
        )
}

/// Every HR route, one row each.
pub fn routes<B: Build>() -> Routes<B> {
    payroll(attendance(staff::routes(organisation(Routes::new("HR and payroll")))))
        .row(
            Op::get("/api/hrm/holidays-list", holidays_of_year)
                .read(Hr)
                .params::<YearQuery>()
                .ok::<Vec<Holiday>>()
                .summary("A year's holidays in date order (this year unless `year` is given)"),
        )
        .resource::<Employee>(
            Crud::new()
                .list("/api/employees")
                .create("/api/employee/create")
                .show("/api/employee/show/{id}")
                .update("/api/employee/update/{id}")
                .delete("/api/employee/delete/{id}")
                .batch_create("/api/employee/batch/create")
                .batch_update("/api/employee/batch/update")
                .batch_delete("/api/employee/batch/delete")
                .import("/api/employee/import")
                .export("/api/employee/export"),
        )
        .resource::<LeaveType>(
            Crud::new()
                .list("/api/leave-types")
                .show("/api/leave-types/{id}")
                .create("/api/leave-types/create")
                .update("/api/leave-types/update/{id}")
                .delete("/api/leave-types/delete/{id}")
                .batch_create("/api/leave-types/batch/create")
                .batch_update("/api/leave-types/batch/update")
                .batch_delete("/api/leave-types/batch/delete")
                .import("/api/leave-types/import")
                .export("/api/leave-types/export"),
        )
        .resource::<LeaveApplication>(
            Crud::new()
                .list("/api/leave-applications")
                .show("/api/leave-applications/{id}")
                .update("/api/leave-application/update/{leaveapplication_id}")
                .batch_update("/api/leave-application/batch/update")
                .export("/api/leave-application/export"),
        )
        .row(
            Op::post("/api/leave-application/create", leave::create)
                .write(Hr)
                .body::<leave::LeaveIn>()
                .created::<LeaveApplication>()
                .creates::<LeaveApplication>()
                .summary("Apply for leave on an employee's behalf (pending until decided)"),
        )
        .row(
            Op::post(
                "/api/leave-application/update-status/{leaveapplication_id}",
                leave::decide,
            )
            .names::<leave::LeaveApplication>("leaveapplication_id")
            .write(Hr)
            .body::<leave::DecisionIn>()
            .ok::<LeaveApplication>()
            .answers(&[404, 409])
            .summary("Approve or reject a pending leave application"),
        )
        .row(
            Op::delete("/api/leave-application/delete/{leaveapplication_id}", leave::delete)
                .names::<leave::LeaveApplication>("leaveapplication_id")
                .write(Hr)
                .ok::<Deleted>()
                .answers(&[404, 409])
                .summary("Withdraw a leave application (its days return to the balance)"),
        )
        .row(
            Op::get("/api/leave-balances", leave::balances)
                .read(Hr)
                .params::<leave::BalanceQuery>()
                .ok::<Vec<leave::LeaveBalance>>()
                .answers(&[422])
                .summary("An employee's allowance, approved, pending and remaining days per leave type"),
        )
        .row(
            Op::post("/api/hrm/leave-request", leave::request)
                .write(Hr)
                .body::<leave::OwnLeaveIn>()
                .created::<LeaveApplication>()
                .summary("Apply for your own leave"),
        )
        .row(
            Op::get("/api/hrm/get-leaves", leave::own_leaves)
                .read(Hr)
                .query::<NoFilters>()
                .sorts(&<LeaveApplication as Indexed>::LISTS.sort_names())
                .list::<LeaveApplication>()
                .answers(&[422])
                .summary("Your own leave applications"),
        )
        .row(
            Op::get("/api/hrm/get-leaves-types", leave::own_types)
                .read(Hr)
                .ok::<Vec<leave::LeaveBalance>>()
                .answers(&[422])
                .summary("The leave types with your own figures this year"),
        )
}

/// Query of `GET /api/hrm/holidays-list`.
#[derive(Debug, Default, Deserialize, JsonSchema)]
pub struct YearQuery {
    #[schemars(range(min = 1900, max = 9999))]
    pub year: Option<u32>,
}

/// `GET /api/hrm/holidays-list`: every holiday starting in the year (at most 366), by date: one
/// query of the year's index.
pub async fn holidays_of_year(
    caller: Caller,
    ValidQuery(query): ValidQuery<YearQuery>,
) -> Result<Json<Vec<Holiday>>, ApiError> {
    let year = match query.year {
        Some(year) if (1900..=9999).contains(&year) => year,
        Some(_) => {
            return Err(ApiError::invalid(
                "year",
                "The year field must be between 1900 and 9999.",
            ))
        }
        None => chrono::Datelike::year(&chrono::Utc::now().date_naive()).unsigned_abs(),
    };
    let of_year = Some(("year", IndexValue::id(u64::from(year))));
    Ok(Json(
        index::top::<Holiday>(caller.cx(), of_year, "date", false, 366).await?,
    ))
}

/// Who seeds act as: the workspace's owner.
const OWNER: u64 = 1;

/// A sandbox starts with an organisation and its team as employees ([`seed`]); a live workspace
/// starts empty.
pub struct HrSeeder;

#[async_trait]
impl Seeder for HrSeeder {
    fn name(&self) -> &'static str {
        "hr"
    }

    async fn seed(&self, state: &AppState, tenant: TenantId) -> anyhow::Result<()> {
        let cx = Cx::system(state, tenant, OWNER);
        seed::seed_organisation(cx, chrono::Utc::now().date_naive())
            .await
            .map_err(|e| anyhow::anyhow!("{e:?}"))
    }
}
