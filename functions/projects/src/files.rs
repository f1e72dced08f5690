//! Files of a project: the shared file records ([`AttachedFile`]) of one kind of parent. Shared
//! by the full module (`/api/project/file/*`) and the lite one (`/api/lite/project-file-*`).

use axum::extract::multipart::MultipartRejection;
use axum::extract::Multipart;
use axum::http::StatusCode;
use axum::response::Response;
use schemars::JsonSchema;
use shared::auth::Module;
use shared::handlers::Caller;
use shared::http::Json;
use shared::http::{read_upload, ApiError, ValidPath};
use shared::resource::files::{self, attach, detach, files_of, AttachedFile, AttachedFileOut, FileParents};
use shared::resource::parent::{restricted_by, ParentKind, ParentRef, Parents};
use shared::resource::{ops, Cx, Deleted, Ref};

use crate::projects::Project;

/// Most files one project holds (its details list them all).
pub const MAX_FILES: usize = 100;

/// The parent of a project's files.
#[derive(Clone, Debug, JsonSchema)]
#[schemars(rename = "Project")]
pub struct OfProject;

impl Parents for OfProject {
    const ALL: &'static [ParentKind] = &[ParentKind::of::<Project>("project_id")];
}

impl FileParents for OfProject {
    const FILE_KIND: &'static str = "project_file";
    const MODULE: Module = Module::Projects;
    const MAX_FILES: usize = MAX_FILES;
    // A project holding files is not deleted (its files are deleted first, with their bytes).
    const REFS: &'static [Ref<ProjectFile>] = &[restricted_by::<ProjectFile, 0>()];

    fn download_path(_: ParentRef<Self>, id: u64) -> String {
        format!("/api/project/file/download/{id}")
    }
}

pub type ProjectFile = AttachedFile<OfProject>;
pub type ProjectFileOut = AttachedFileOut<OfProject>;

/// The files of project `project_id` (all of them), oldest first: one query.
pub async fn of_project(cx: Cx<'_>, project_id: u64) -> Result<Vec<ProjectFileOut>, ApiError> {
    files_of(cx, ParentRef::only(project_id), MAX_FILES).await
}

/// `POST /api/project/file/create` and `/api/lite/project-file-upload`: a `file` part and a
/// `project_id` field, the file at most 5 MiB → 201 with the file's record.
pub async fn upload(
    caller: Caller,
    multipart: Result<Multipart, MultipartRejection>,
) -> Result<(StatusCode, Json<ProjectFileOut>), ApiError> {
    let cx = caller.cx();
    let upload = read_upload(multipart, &["file", "files"]).await?;
    let project_id = upload.id_field("project_id")?;
    ops::check_reference::<Project>(cx, "project_id", project_id).await?;
    let file = attach(cx, ParentRef::only(project_id), upload).await?;
    Ok((StatusCode::CREATED, Json(file)))
}

/// `DELETE /api/project/file/delete/{id}` and `/api/lite/project-file-delete/{id}`: the record,
/// then its bytes.
pub async fn delete(caller: Caller, ValidPath(id): ValidPath<u64>) -> Result<Json<Deleted>, ApiError> {
    Ok(Json(detach::<OfProject>(caller.cx(), id, None).await?))
}

/// `GET /api/project/file/download/{id}` (files uploaded through either module): the file's
/// bytes, or in the cloud a redirect to a short-lived signed link.
pub async fn download(caller: Caller, ValidPath(id): ValidPath<u64>) -> Result<Response, ApiError> {
    files::download::<OfProject>(caller.cx(), id, None).await
}
