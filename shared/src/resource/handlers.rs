//! The generic handlers a route table wires for a [`Resource`]: extract, call [`ops`], wrap. The
//! route gate has already checked the token, the plan module and the permission.

use axum::http::StatusCode;
use serde::Serialize;

use super::index::Indexed;
use super::{ops, Caller, Deleted, Resource, Versioned};
use crate::http::{ApiError, IfMatch, Json, ListedJson, Listing, PageJson, ValidJson, ValidPath};
use crate::store::commit_marker;

type Answer<T> = Result<Json<T>, ApiError>;

pub async fn list<R: Resource>(caller: Caller, listing: Listing<R::Filters>) -> Result<PageJson<R::Out>, ApiError> {
    Ok(PageJson(ops::list_page::<R>(caller.cx(), &listing).await?))
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
    ValidJson(body): ValidJson<serde_json::Value>,
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
