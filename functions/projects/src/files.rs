//! Files of a project: the bytes in the object store, the record here. Shared by the full module
//! (`/api/project/file/*`) and the lite one (`/api/lite/project-file-*`).

use axum::extract::multipart::MultipartRejection;
use axum::extract::Multipart;
use axum::http::StatusCode;
use axum::Json;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use shared::auth::Module;
use shared::http::{discard_upload, read_upload, store_upload, ApiError, FileInfo, StoredUpload, ValidPath};
use shared::resource::index::{self, IndexValue};
use shared::resource::{ops, Caller, Cx, Deleted, Filter, Lists, Meta, NoChange, NoFilters, Ref, Resource};

use crate::projects::Project;

/// Most files one project holds (its details list them all).
pub const MAX_FILES: usize = 100;

/// A file's record.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct ProjectFile {
    #[serde(flatten)]
    pub meta: Meta,
    pub project_id: u64,
    #[serde(flatten)]
    pub file: StoredUpload,
}

/// A file as the API shows it.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct ProjectFileOut {
    #[serde(flatten)]
    pub meta: Meta,
    pub project_id: u64,
    #[serde(flatten)]
    pub file: FileInfo,
}

impl From<ProjectFile> for ProjectFileOut {
    fn from(f: ProjectFile) -> Self {
        Self {
            meta: f.meta,
            project_id: f.project_id,
            file: f.file.into(),
        }
    }
}

impl Resource for ProjectFile {
    const KIND: &'static str = "project_file";
    const NAME: &'static str = "File";
    const MODULE: Module = Module::Projects;
    const LISTS: &'static Lists<Self> = &Lists {
        default_sort: "id",
        sorts: &[],
        filters: &[Filter::one("project_id", |f| IndexValue::id(f.project_id))],
        sums: &[],
    };
    // A project holding files is not deleted (its files are deleted first, with their bytes).
    const REFS: &'static [Ref<Self>] = &[Ref::to(<Project as Resource>::KIND, |f| vec![f.project_id])];
    // Files arrive as uploads ([`upload`]), never as JSON bodies.
    type In = NoChange;
    type Patch = NoChange;
    type Out = ProjectFileOut;
    type Filters = NoFilters;
    shared::meta_field!();

    fn search_text(&self) -> String {
        self.file.file_name.clone()
    }
}

/// The files of project `project_id` (all of them), oldest first: one query.
pub async fn of_project(cx: Cx<'_>, project_id: u64) -> Result<Vec<ProjectFileOut>, ApiError> {
    let files = index::top::<ProjectFile>(
        cx,
        Some(("project_id", IndexValue::id(project_id))),
        "id",
        false,
        MAX_FILES,
    )
    .await?;
    Ok(files.into_iter().map(Into::into).collect())
}

/// `POST /api/project/file/create` and `/api/lite/project-file-upload`: a `file` part and a
/// `project_id` field, the file at most 5 MiB → 201 with the file's record.
pub async fn upload(
    caller: Caller,
    multipart: Result<Multipart, MultipartRejection>,
) -> Result<(StatusCode, Json<ProjectFileOut>), ApiError> {
    let cx = caller.cx();
    let upload = read_upload(multipart, &["file", "files"]).await?;
    let project_id = match upload.field("project_id").map(str::trim) {
        None | Some("") => return Err(ApiError::invalid("project_id", "The project_id field is required.")),
        Some(text) => text
            .parse::<u64>()
            .ok()
            .filter(|id| *id > 0)
            .ok_or_else(|| ApiError::invalid("project_id", format!("`{text}` is not a project id.")))?,
    };
    ops::check_reference::<Project>(cx, "project_id", project_id).await?;
    index::ensure_room::<ProjectFile>(cx, "project_id", IndexValue::id(project_id), MAX_FILES, || {
        format!("A project holds at most {MAX_FILES} files; delete one first.")
    })
    .await?;
    let stored = store_upload(&caller.state, cx.tenant(), "projects", upload).await?;
    let record = ProjectFile {
        meta: Meta::default(),
        project_id,
        file: stored,
    };
    let record = ops::insert_built(cx, record, Vec::new()).await?;
    Ok((StatusCode::CREATED, Json(record.into())))
}

/// `DELETE /api/project/file/delete/{id}` and `/api/lite/project-file-delete/{id}`: the record,
/// then its bytes.
pub async fn delete(caller: Caller, ValidPath(id): ValidPath<u64>) -> Result<Json<Deleted>, ApiError> {
    let cx = caller.cx();
    let file = ops::load::<ProjectFile>(cx, id).await?;
    let key = file.file.object_key.clone();
    ops::remove_loaded(cx, file).await?;
    discard_upload(&caller.state, cx.tenant(), &key).await;
    Ok(Json(Deleted {
        message: "File deleted.".into(),
        id,
    }))
}
