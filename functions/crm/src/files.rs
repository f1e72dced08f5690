//! Files attached to a lead or deal: the bytes in the object store, the record here.

use axum::extract::multipart::MultipartRejection;
use axum::extract::{Multipart, State};
use axum::http::StatusCode;
use axum::Json;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use shared::auth::{Module, Principal};
use shared::http::{discard_upload, read_upload, store_upload, ApiError, FileInfo, StoredUpload, ValidPath};
use shared::resource::{ops, Cx, Deleted, Filter, Lists, Meta, NoChange, NoFilters, Ref, Resource};
use shared::AppState;

use crate::activity::{owner_refs, parent, Child, Owner, Parent};

/// A file's record.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct CrmFile {
    #[serde(flatten)]
    pub meta: Meta,
    #[serde(flatten)]
    pub owner: Owner,
    #[serde(flatten)]
    pub file: StoredUpload,
}

/// A file as the API shows it.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct CrmFileOut {
    #[serde(flatten)]
    pub meta: Meta,
    #[serde(flatten)]
    pub owner: Owner,
    #[serde(flatten)]
    pub file: FileInfo,
}

impl From<CrmFile> for CrmFileOut {
    fn from(f: CrmFile) -> Self {
        Self {
            meta: f.meta,
            owner: f.owner,
            file: f.file.into(),
        }
    }
}

impl Child for CrmFile {
    fn owner(&self) -> Owner {
        self.owner
    }
}

impl Resource for CrmFile {
    const KIND: &'static str = "crm_file";
    const NAME: &'static str = "File";
    const MODULE: Module = Module::Crm;
    const LISTS: &'static Lists<Self> = &Lists {
        default_sort: "id",
        sorts: &[],
        filters: &[Filter::one("parent", |f| f.owner.index_value())],
        sums: &[],
    };
    const REFS: &'static [Ref<Self>] = &owner_refs::<Self>();
    // Files arrive as uploads ([`upload_file`]), never as JSON bodies.
    type In = NoChange;
    type Patch = NoChange;
    type Out = CrmFileOut;
    type Filters = NoFilters;

    shared::meta_field!();
    fn search_text(&self) -> String {
        self.file.file_name.clone()
    }
}

/// `POST /api/lead-file/store/{lead_id}` and `/api/deal-file/store/{deal_id}`: a `file` part,
/// at most 5 MiB → 201 with the file's record.
pub async fn upload_file<P: Parent>(
    State(state): State<AppState>,
    principal: Principal,
    ValidPath(parent_id): ValidPath<u64>,
    multipart: Result<Multipart, MultipartRejection>,
) -> Result<(StatusCode, Json<CrmFileOut>), ApiError> {
    let cx = Cx::new(&state, &principal);
    let owner = parent::<P>(cx, parent_id).await?;
    let upload = read_upload(multipart, &["file", "files"]).await?;
    let stored = store_upload(&state, cx.tenant(), &format!("crm/{}", P::FIELD), upload).await?;
    let record = CrmFile {
        meta: Meta::default(),
        owner,
        file: stored,
    };
    let record = ops::insert_built(cx, record, Vec::new()).await?;
    Ok((StatusCode::CREATED, Json(record.into())))
}

/// `DELETE /api/lead-file/{lead_id}/delete/{file_id}` and the deal one.
pub async fn delete_file<P: Parent>(
    State(state): State<AppState>,
    principal: Principal,
    ValidPath((parent_id, id)): ValidPath<(u64, u64)>,
) -> Result<Json<Deleted>, ApiError> {
    let cx = Cx::new(&state, &principal);
    let file = ops::load::<CrmFile>(cx, id).await?;
    if file.owner != P::owner(parent_id) {
        return Err(ApiError::not_found("File"));
    }
    let key = file.file.object_key.clone();
    ops::remove_loaded(cx, file).await?;
    discard_upload(&state, cx.tenant(), &key).await;
    Ok(Json(Deleted {
        message: "File deleted.".into(),
        id,
    }))
}
