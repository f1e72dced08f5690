//! The import and export job routes ([`shared::resource::transfer`]): each checks the caller's
//! permission on the job's own module. A resource's own `import` and `export` routes, which start
//! jobs, are wired by its route table (`shared::handlers::start_import`).

use axum::response::Response;
use shared::auth::{missing_permission, Module, Permission, Principal};
use shared::handlers::Caller;
use shared::http::{ApiError, Json, ValidPath};
use shared::resource::ops;
use shared::resource::transfer::{self, ExportJob, ExportJobOut, ImportJob, ImportJobOut};
use shared::routes::{Build, Op, Routes};

/// 403 unless the caller may `access` the module of a job's records (and its plan has it).
fn check_access(principal: &Principal, module: Module, write: bool) -> Result<(), ApiError> {
    let permission = if write {
        Permission::write(module)
    } else {
        Permission::read(module)
    };
    if !principal.has_module(module) {
        return Err(ApiError::ModuleDisabled {
            module: module.as_str().into(),
            plan: principal.plan.name.into(),
        });
    }
    if !principal.can(permission) {
        return Err(missing_permission(permission));
    }
    Ok(())
}

/// A job of the caller's tenant whose records the caller may see.
async fn visible_import(caller: &Caller, id: u64, write: bool) -> Result<ImportJob, ApiError> {
    let job = ops::load::<ImportJob>(caller.cx(), id).await?;
    check_access(&caller.principal, job.module, write)?;
    Ok(job)
}

async fn visible_export(caller: &Caller, id: u64) -> Result<ExportJob, ApiError> {
    let job = ops::load::<ExportJob>(caller.cx(), id).await?;
    check_access(&caller.principal, job.module, false)?;
    Ok(job)
}

/// `GET /api/imports/{id}`.
async fn show_import(caller: Caller, ValidPath(id): ValidPath<u64>) -> Result<Json<ImportJobOut>, ApiError> {
    Ok(Json(visible_import(&caller, id, false).await?.into()))
}

/// `POST /api/imports/{id}/cancel`: stops a queued or running import after the chunk it is on
/// (the rows committed stay).
async fn cancel_import(caller: Caller, ValidPath(id): ValidPath<u64>) -> Result<Json<ImportJobOut>, ApiError> {
    let job = visible_import(&caller, id, true).await?;
    Ok(Json(transfer::cancel_import(caller.cx(), job).await?.into()))
}

/// `GET /api/imports/{id}/failed-rows`: a CSV of the failed rows.
async fn failed_rows(caller: Caller, ValidPath(id): ValidPath<u64>) -> Result<Response, ApiError> {
    let job = visible_import(&caller, id, false).await?;
    Ok(transfer::failed_rows_file(caller.cx(), &job))
}

/// `GET /api/exports/{id}`: the job, with a download link once it is done.
async fn show_export(caller: Caller, ValidPath(id): ValidPath<u64>) -> Result<Json<ExportJobOut>, ApiError> {
    let job = visible_export(&caller, id).await?;
    let signed = transfer::export_link(caller.cx(), &job).await?;
    let mut out = ExportJobOut::from(job);
    if signed.is_some() {
        out.download_url = signed;
    }
    Ok(Json(out))
}

/// `GET /api/exports/{id}/download`: the export's file, for the caller's token.
async fn download_export(caller: Caller, ValidPath(id): ValidPath<u64>) -> Result<Response, ApiError> {
    let job = visible_export(&caller, id).await?;
    transfer::export_file(caller.cx(), &job).await
}

/// The job routes, served by the identity function beside the custom field definitions.
pub fn routes<B: Build>() -> Routes<B> {
    Routes::new("Import and export")
        .row(
            Op::get("/api/imports/{id}", show_import)
                .names::<ImportJob>("id")
                .read(Module::Account)
                .ok::<ImportJobOut>()
                .summary("An import job: its state and counts"),
        )
        .row(
            Op::post("/api/imports/{id}/cancel", cancel_import)
                .names::<ImportJob>("id")
                .write(Module::Account)
                .ok::<ImportJobOut>()
                .answers(&[409])
                .summary("Cancel a queued or running import (the rows it committed stay)"),
        )
        .row(
            Op::get("/api/imports/{id}/failed-rows", failed_rows)
                .names::<ImportJob>("id")
                .read(Module::Account)
                .bytes()
                .summary("The failed rows of an import with their errors, as CSV"),
        )
        .row(
            Op::get("/api/exports/{id}", show_export)
                .names::<ExportJob>("id")
                .read(Module::Account)
                .ok::<ExportJobOut>()
                .summary("An export job: its state and, once done, where to download its file"),
        )
        .row(
            Op::get("/api/exports/{id}/download", download_export)
                .names::<ExportJob>("id")
                .read(Module::Account)
                .bytes()
                .answers(&[409])
                .summary("Download an export's file"),
        )
}
