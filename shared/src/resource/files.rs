//! Files attached to a record (a lead's, a deal's, a project's): the bytes in the object store,
//! the record here, named by its parent ([`ParentRef`]). A module declares which kinds of parent
//! hold its files ([`FileParents`]); the record, its answer and the upload, download and delete
//! steps are these.

use schemars::JsonSchema;
use serde::Serialize;

use super::parent::{children_of, ensure_room_in, parent_filter, Attached, ParentRef, Parents};
use super::{ops, Cx, Deleted, Lists, Meta, NoChange, NoFilters, Ref, Resource};
use crate::auth::Module;
use crate::http::{store_upload, ApiError, FileInfo, StoredUpload, Upload};

/// The parents one module's files live in, and what the module keeps of them.
pub trait FileParents: Parents + JsonSchema {
    /// The files' kind (`crm_file`).
    const FILE_KIND: &'static str;
    const MODULE: Module;
    /// Most files one parent holds (409 `limit_reached` past it).
    const MAX_FILES: usize;
    /// What a parent's delete does: take the records along ([`super::parent::cascade_from`]) or
    /// wait for them to be deleted ([`super::parent::restricted_by`]). Either way the bytes go
    /// with the records ([`Resource::object_keys`]).
    const REFS: &'static [Ref<AttachedFile<Self>>];
    /// The route that downloads file `id` of `parent` ([`download`]).
    fn download_path(parent: ParentRef<Self>, id: u64) -> String;
}

/// A file's record.
#[derive(Clone, Debug, Serialize, crate::RecordDeserialize, JsonSchema)]
#[serde(bound = "")]
#[schemars(bound = "S: FileParents", rename = "{S}File")]
pub struct AttachedFile<S: FileParents> {
    #[serde(flatten)]
    pub meta: Meta,
    #[serde(flatten)]
    pub parent: ParentRef<S>,
    #[serde(flatten)]
    pub file: StoredUpload,
}

/// A file as the API shows it: everything but where its bytes are, and its download route.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[serde(bound = "")]
#[schemars(bound = "S: FileParents", rename = "{S}FileOut")]
pub struct AttachedFileOut<S: FileParents> {
    #[serde(flatten)]
    pub meta: Meta,
    #[serde(flatten)]
    pub parent: ParentRef<S>,
    #[serde(flatten)]
    pub file: FileInfo,
}

impl<S: FileParents> From<AttachedFile<S>> for AttachedFileOut<S> {
    fn from(f: AttachedFile<S>) -> Self {
        let download_url = S::download_path(f.parent, f.meta.id);
        Self {
            meta: f.meta,
            parent: f.parent,
            file: f.file.info(download_url),
        }
    }
}

impl<S: FileParents> Attached for AttachedFile<S> {
    type Parents = S;
    fn parent(&self) -> ParentRef<S> {
        self.parent
    }
}

impl<S: FileParents> Resource for AttachedFile<S> {
    const KIND: &'static str = S::FILE_KIND;
    const NAME: &'static str = "File";
    const MODULE: Module = S::MODULE;
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[],
        filters: &[parent_filter::<Self>()],
        sums: &[],
    };
    const REFS: &'static [Ref<Self>] = S::REFS;
    // Files arrive as uploads ([`attach`]), never as JSON bodies.
    type In = NoChange;
    type Patch = NoChange;
    type Out = AttachedFileOut<S>;
    type Filters = NoFilters;
    crate::meta_field!();

    fn search_text(&self) -> String {
        self.file.file_name.clone()
    }

    fn object_keys(&self) -> Vec<&str> {
        vec![&self.file.object_key]
    }
}

/// Stores `upload` as a file of `parent`, which the caller has checked exists: the bytes, then
/// the record (409 `limit_reached` when the parent is full, before anything is stored).
pub async fn attach<S: FileParents>(
    cx: Cx<'_>,
    parent: ParentRef<S>,
    upload: Upload,
) -> Result<AttachedFileOut<S>, ApiError> {
    ensure_room_in::<AttachedFile<S>>(cx, parent, S::MAX_FILES).await?;
    let area = format!("files/{}", parent.kind().kind);
    let file = store_upload(cx.store(), cx.files(), cx.tenant(), &area, upload).await?;
    let committed = file.committed();
    let record = AttachedFile {
        meta: Meta::default(),
        parent,
        file,
    };
    Ok(ops::insert_built(cx, record, committed).await?.into())
}

/// File `id` (404 unless it is `parent`'s, when one is named).
async fn file_of<S: FileParents>(
    cx: Cx<'_>,
    id: u64,
    parent: Option<ParentRef<S>>,
) -> Result<AttachedFile<S>, ApiError> {
    let file = ops::load::<AttachedFile<S>>(cx, id).await?;
    if parent.is_some_and(|p| p != file.parent) {
        return Err(ApiError::not_found("File"));
    }
    Ok(file)
}

/// Deletes file `id` (404 unless it is `parent`'s, when one is named): the record, then its
/// bytes ([`ops::remove_loaded`]).
pub async fn detach<S: FileParents>(cx: Cx<'_>, id: u64, parent: Option<ParentRef<S>>) -> Result<Deleted, ApiError> {
    let file = file_of(cx, id, parent).await?;
    ops::remove_loaded(cx, file).await?;
    Ok(Deleted {
        message: "File deleted.".into(),
        id,
    })
}

/// Downloads file `id` (404 unless it is `parent`'s, when one is named) for a caller the route
/// found allowed to read `S::MODULE`: see [`crate::http::download`].
pub async fn download<S: FileParents>(
    cx: Cx<'_>,
    id: u64,
    parent: Option<ParentRef<S>>,
) -> Result<axum::response::Response, ApiError> {
    let file = file_of(cx, id, parent).await?;
    crate::http::download(
        cx.files(),
        cx.tenant(),
        &file.file.object_key,
        &file.file.file_name,
        "File",
    )
    .await
}

/// The first `max` files of `parent`, oldest first, as the API shows them: one query.
pub async fn files_of<S: FileParents>(
    cx: Cx<'_>,
    parent: ParentRef<S>,
    max: usize,
) -> Result<Vec<AttachedFileOut<S>>, ApiError> {
    let files = children_of::<AttachedFile<S>>(cx, parent, max).await?;
    Ok(files.into_iter().map(Into::into).collect())
}
