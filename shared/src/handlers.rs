//! The generic handlers a route table wires for a [`Resource`] (its CRUD, batch, import and export
//! routes): extract, call [`ops`], wrap; and [`Caller`], the extractor every handler works through.
//! The route gate has already checked the token, the plan module and the permission.

use axum::extract::multipart::MultipartRejection;
use axum::extract::{FromRequestParts, Multipart};
use axum::http::request::Parts;
use axum::http::StatusCode;
use serde::Serialize;
use serde_json::Value;

use crate::auth::Principal;
use crate::http::{ApiError, IfMatch, Json, ListedJson, Listing, PageJson, ValidJson, ValidPath};
use crate::policy::WorkspaceAllowance;
use crate::resource::index::{self, Indexed};
use crate::resource::transfer::{self, ExportJobOut, ImportJobOut, IMPORT_FILE_LIMIT};
use crate::resource::{api_form, batch, ops, Cx, Deleted, Resource, Versioned};
use crate::store::commit_marker;
use crate::AppState;

type Answer<T> = Result<Json<T>, ApiError>;

/// [`Cx`] as a handler's extractor: the app and the checked caller (the route gate has run), so a
/// handler takes `caller: Caller` and works in `caller.cx()`.
pub struct Caller {
    pub state: AppState,
    pub principal: Principal,
}

impl Caller {
    pub fn cx(&self) -> Cx<'_> {
        Cx::new(&self.state, &self.principal)
    }

    /// What the caller's workspace may still do this hour ([`WorkspaceAllowance`]).
    pub fn allowance(&self) -> WorkspaceAllowance<'_> {
        WorkspaceAllowance::of(&self.state, &self.principal)
    }
}

impl FromRequestParts<AppState> for Caller {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        Ok(Self {
            principal: Principal::from_request_parts(parts, state).await?,
            state: state.clone(),
        })
    }
}

pub async fn list<R: Resource>(caller: Caller, listing: Listing<R::Filters>) -> Result<PageJson<R::Out>, ApiError> {
    let page = index::list::<R, _>(caller.cx(), &listing, api_form::of::<R>()).await?;
    Ok(PageJson(page.map(api_form::shown::<R>)))
}

pub async fn show<R: Resource>(caller: Caller, ValidPath(id): ValidPath<u64>) -> Result<ListedJson<R::Out>, ApiError> {
    Ok(ListedJson(ops::load_shown::<R>(caller.cx(), id).await?))
}

/// `GET` by id of a record kept outside the resource layer, answered as its list answers it.
pub async fn show_indexed<R: Indexed>(caller: Caller, ValidPath(id): ValidPath<u64>) -> Answer<R> {
    Ok(Json(ops::load_indexed::<R>(caller.cx(), id).await?))
}

/// `POST …/upsert` ([`ops::upsert_by`]): 201 with the record it created, 200 with the one it
/// changed.
pub async fn upsert_by<R: Resource>(
    caller: Caller,
    ValidJson(body): ValidJson<Value>,
) -> Result<(StatusCode, Json<R::Out>), ApiError> {
    let (record, created) = ops::upsert_by::<R>(caller.cx(), body).await?;
    let status = if created { StatusCode::CREATED } else { StatusCode::OK };
    Ok((status, Json(record.into())))
}

pub async fn create<R: Resource>(
    caller: Caller,
    ValidJson(input): ValidJson<R::In>,
) -> Result<(StatusCode, Json<R::Out>), ApiError> {
    answers_created::<R, R::Out>();
    let record = ops::insert::<R>(caller.cx(), input, Vec::new()).await?;
    Ok((StatusCode::CREATED, Json(record.into())))
}

/// Says that the running request answers 201 with the `T` of the record of `R` it creates: with
/// an `Idempotency-Key`, that answer commits with the record, so a retry after a crash between
/// the commit and the answer replays it at once.
pub fn answers_created<R: Resource, T: Serialize + From<R>>() {
    commit_marker::answer_with::<R>(|record| {
        commit_marker::Answer::json(StatusCode::CREATED.as_u16(), &T::from(record.clone()))
    });
}

/// `version` in the body or `If-Match`; both stale-checked.
pub async fn update<R: Resource>(
    caller: Caller,
    ValidPath(id): ValidPath<u64>,
    IfMatch(if_match): IfMatch,
    body: Versioned<R::Patch>,
) -> Answer<R::Out> {
    let cx = caller.cx();
    let record = ops::update::<R>(cx, id, body.patch, body.version.or(if_match)).await?;
    Ok(Json(record.into()))
}

pub async fn delete<R: Resource>(
    caller: Caller,
    ValidPath(id): ValidPath<u64>,
    IfMatch(if_match): IfMatch,
) -> Answer<Deleted> {
    ops::remove::<R>(caller.cx(), id, if_match).await?;
    Ok(Json(Deleted {
        message: format!("{} deleted.", R::NAME),
        id,
    }))
}

/// A batch body read, each item beyond the first counted toward the caller's workspace ceiling
/// ([`WorkspaceAllowance`]), as a request of its own would be.
async fn batch_items(caller: &Caller, body: Value) -> Result<batch::Items, ApiError> {
    let items = batch::Items::read(body)?;
    caller
        .allowance()
        .take_more(items.len() as u64 - 1, "batch items")
        .await?;
    Ok(items)
}

/// `POST <base>/batch/create` ([`batch::create`]).
pub async fn batch_create<R: Resource>(
    caller: Caller,
    ValidJson(body): ValidJson<Value>,
) -> Result<(StatusCode, Json<batch::BatchAnswer<R::Out>>), ApiError> {
    let items = batch_items(&caller, body).await?;
    batch::create::<R>(caller.cx(), items).await
}

/// `POST <base>/batch/update` ([`batch::update`]).
pub async fn batch_update<R: Resource>(
    caller: Caller,
    ValidJson(body): ValidJson<Value>,
) -> Result<(StatusCode, Json<batch::BatchAnswer<R::Out>>), ApiError> {
    let items = batch_items(&caller, body).await?;
    batch::update::<R>(caller.cx(), items).await
}

/// `POST <base>/batch/delete` ([`batch::delete`]).
pub async fn batch_delete<R: Resource>(
    caller: Caller,
    ValidJson(body): ValidJson<Value>,
) -> Result<(StatusCode, Json<batch::BatchAnswer<Deleted>>), ApiError> {
    let items = batch_items(&caller, body).await?;
    batch::delete::<R>(caller.cx(), items).await
}

/// `POST <base>/import`.
pub async fn start_import<R: Resource>(
    caller: Caller,
    multipart: Result<Multipart, MultipartRejection>,
) -> Result<(StatusCode, Json<ImportJobOut>), ApiError> {
    let upload = crate::http::read_upload_within(multipart, &["file"], IMPORT_FILE_LIMIT).await?;
    let job = transfer::start_import::<R>(caller.cx(), upload, &caller.allowance()).await?;
    Ok((StatusCode::ACCEPTED, Json(job.into())))
}

/// `POST <base>/export`.
pub async fn start_export<R: Resource>(
    caller: Caller,
    body: Option<crate::http::ValidJson<Value>>,
) -> Result<(StatusCode, Json<ExportJobOut>), ApiError> {
    let body = body.map_or_else(|| Value::Object(Default::default()), |b| b.0);
    let job = transfer::start_export::<R>(caller.cx(), body).await?;
    Ok((StatusCode::ACCEPTED, Json(job.into())))
}
