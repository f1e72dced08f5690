//! Files attached to a lead or deal: the shared file records ([`AttachedFile`]) of the CRM's
//! parents.

use axum::extract::multipart::MultipartRejection;
use axum::extract::Multipart;
use axum::http::StatusCode;
use axum::response::Response;
use shared::auth::Module;
use shared::handlers::Caller;
use shared::http::Json;
use shared::http::{read_upload, ApiError, ValidPath};
use shared::resource::files::{self, attach, detach, AttachedFile, AttachedFileOut, FileParents};
use shared::resource::{Deleted, Ref};

use crate::activity::{existing, owner_refs, LeadOrDeal, Owner, Parent, MAX_CHILDREN};

pub type CrmFile = AttachedFile<LeadOrDeal>;
pub type CrmFileOut = AttachedFileOut<LeadOrDeal>;

impl FileParents for LeadOrDeal {
    const FILE_KIND: &'static str = "crm_file";
    const MODULE: Module = Module::Crm;
    const MAX_FILES: usize = MAX_CHILDREN;
    const REFS: &'static [Ref<CrmFile>] = &owner_refs::<CrmFile>();

    /// `/api/lead-file/{lead_id}/download/{file_id}` or the deal one.
    fn download_path(parent: Owner, id: u64) -> String {
        let of = parent.kind().field.trim_end_matches("_id");
        format!("/api/{of}-file/{}/download/{id}", parent.id)
    }
}

/// `POST /api/lead-file/store/{lead_id}` and `/api/deal-file/store/{deal_id}`: a `file` part,
/// at most 5 MiB → 201 with the file's record.
pub async fn upload_file<P: Parent>(
    caller: Caller,
    ValidPath(parent_id): ValidPath<u64>,
    multipart: Result<Multipart, MultipartRejection>,
) -> Result<(StatusCode, Json<CrmFileOut>), ApiError> {
    let cx = caller.cx();
    let owner = existing::<P>(cx, parent_id).await?;
    let upload = read_upload(multipart, &["file", "files"]).await?;
    Ok((StatusCode::CREATED, Json(attach(cx, owner, upload).await?)))
}

/// `DELETE /api/lead-file/{lead_id}/delete/{file_id}` and the deal one.
pub async fn delete_file<P: Parent>(
    caller: Caller,
    ValidPath((parent_id, id)): ValidPath<(u64, u64)>,
) -> Result<Json<Deleted>, ApiError> {
    Ok(Json(detach(caller.cx(), id, Some(P::owner(parent_id))).await?))
}

/// `GET /api/lead-file/{lead_id}/download/{file_id}` and the deal one: the file's bytes, or in
/// the cloud a redirect to a short-lived signed link.
pub async fn download_file<P: Parent>(
    caller: Caller,
    ValidPath((parent_id, id)): ValidPath<(u64, u64)>,
) -> Result<Response, ApiError> {
    files::download(caller.cx(), id, Some(P::owner(parent_id))).await
}

/// `GET /api/deal-file/{deal_id}/list`: the deal's files, oldest first, each with its download
/// route (a lead's are in its details).
pub async fn list_files<P: Parent>(
    caller: Caller,
    ValidPath(parent_id): ValidPath<u64>,
) -> Result<Json<Vec<CrmFileOut>>, ApiError> {
    let cx = caller.cx();
    let owner = existing::<P>(cx, parent_id).await?;
    Ok(Json(files::files_of(cx, owner, MAX_CHILDREN).await?))
}
