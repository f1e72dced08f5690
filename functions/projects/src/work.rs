//! What tasks and bugs share: both sit on a board of the workspace's stages ([`Board`]), belong
//! to a project, are assigned to its members and carry comments. The routes that create, change,
//! delete and comment on them, and the board of a project's columns, are written once here for
//! any [`OnBoard`] record.

use axum::http::StatusCode;
use serde::Serialize;
use shared::handlers::Caller;
use shared::http::Json;
use shared::http::{ApiError, ValidJson, ValidPath};
use shared::resource::comments::{Comment, CommentIn};
use shared::resource::index::{self, IndexValue, Tally};
use shared::resource::parent::ParentRef;
use shared::resource::PatchJson;
use shared::resource::{ops, CreatedUnder, Cx, Deleted};

use crate::projects::Project;
use crate::stages::{self, Board, Stage};

shared::choice! {
    /// How urgent a task or bug is.
    pub enum Priority {
        High = "high" | "High",
        Medium = "medium" | "Medium",
        Low = "low" | "Low",
    }
}

/// Most assignees one task or bug has: a create writes the record, its index entries (up to 32
/// title words) and one `task.assigned` per assignee in one transaction of at most 100 writes.
pub const MAX_ASSIGNEES: usize = 10;
/// Most comments on one task or bug (its delete takes them along).
pub const MAX_COMMENTS: usize = 100;
/// Records each board column shows.
pub const COLUMN_PAGE: usize = 50;

/// A record on a board: a task or a bug.
pub trait OnBoard: CreatedUnder<Parent = u64> + Serialize {
    type Board: Board;
    fn project_id(&self) -> u64;
    fn stage_id(&self) -> u64;
}

/// The index value of a record's place on its project's board (the `column` filter).
pub fn column(project_id: u64, stage_id: u64) -> IndexValue {
    IndexValue::text(&column_text(project_id, stage_id))
}

/// The same as a list filter's text (`?column=`).
pub fn column_text(project_id: u64, stage_id: u64) -> String {
    format!("{project_id:020}:{stage_id:020}")
}

/// `ids` without repeats, each a member of `project` (422 on `assigned_to` naming the others).
pub fn assignees(project: &Project, ids: Vec<u64>) -> Result<Vec<u64>, ApiError> {
    let ids = shared::http::validate::distinct_ids("assigned_to", ids, MAX_ASSIGNEES)?;
    let strangers: Vec<String> = ids
        .iter()
        .filter(|id| !project.members.contains(id))
        .map(u64::to_string)
        .collect();
    if !strangers.is_empty() {
        return Err(ApiError::invalid(
            "assigned_to",
            format!(
                "Only members of project {} are assigned its work; these users are not: {}.",
                project.meta.id,
                strangers.join(", ")
            ),
        ));
    }
    Ok(ids)
}

/// Stage `id` of board `B`, or the board's first.
pub async fn stage_or_first<B: Board>(cx: Cx<'_>, id: Option<u64>) -> Result<Stage<B>, ApiError> {
    match id {
        Some(id) => ops::check_reference::<Stage<B>>(cx, "stage_id", id).await,
        None => stages::board::<B>(cx).await?.into_iter().next().ok_or_else(|| {
            ApiError::invalid(
                "stage_id",
                format!("The workspace has no {}s; create one first.", B::NAME.to_lowercase()),
            )
        }),
    }
}

/// Whether stage `id` of board `B` is its done column: one read.
pub async fn is_done<B: Board>(cx: Cx<'_>, stage_id: u64) -> Result<bool, ApiError> {
    Ok(ops::find::<Stage<B>>(cx, stage_id).await?.is_some_and(|s| s.complete))
}

/// Record `id` of project `project_id`: 404 when it is another project's, which is also the
/// answer for a project that does not exist (a record's project always does).
pub async fn of_project<R: OnBoard>(cx: Cx<'_>, project_id: u64, id: u64) -> Result<R, ApiError> {
    let record = ops::load::<R>(cx, id).await?;
    if record.project_id() != project_id {
        return Err(ApiError::not_found(R::NAME));
    }
    Ok(record)
}

/// `POST /api/project/{id}/task/create` and `/api/project/bug/create/{project_id}`.
pub async fn create<R: OnBoard>(
    caller: Caller,
    ValidPath(project_id): ValidPath<u64>,
    ValidJson(input): ValidJson<R::Body>,
) -> Result<(StatusCode, Json<R>), ApiError> {
    Ok((
        StatusCode::CREATED,
        Json(ops::insert_under::<R>(caller.cx(), project_id, input, Vec::new()).await?),
    ))
}

/// `POST /api/project/{id}/task/update/{task_id}` and the bug one.
pub async fn update<R: OnBoard>(
    caller: Caller,
    ValidPath((project_id, id)): ValidPath<(u64, u64)>,
    PatchJson(patch): PatchJson<R::Patch>,
) -> Result<Json<R>, ApiError> {
    let cx = caller.cx();
    let current = of_project::<R>(cx, project_id, id).await?;
    let mut after = current.clone();
    after.apply(cx, patch).await?;
    Ok(Json(ops::save(cx, &current, after, Vec::new()).await?))
}

/// `DELETE /api/project/{project_id}/task/delete/{task_id}` and the bug one: with what lives in
/// the record (comments, subtasks, logged time).
pub async fn delete<R: OnBoard>(
    caller: Caller,
    ValidPath((project_id, id)): ValidPath<(u64, u64)>,
) -> Result<Json<Deleted>, ApiError> {
    let cx = caller.cx();
    let current = of_project::<R>(cx, project_id, id).await?;
    ops::remove_loaded(cx, current).await?;
    Ok(Json(Deleted {
        message: format!("{} deleted.", R::NAME),
        id,
    }))
}

/// One column of a project's board, as read.
pub struct Column<R: OnBoard> {
    pub stage: Stage<R::Board>,
    /// All the project's records in the stage.
    pub count: u64,
    /// The first [`COLUMN_PAGE`] of them, oldest first.
    pub items: Vec<R>,
}

/// A project's board: its columns, how many records it holds and how many are done.
pub struct Columns<R: OnBoard> {
    pub columns: Vec<Column<R>>,
    pub total: u64,
    pub done: u64,
}

/// Project `project_id`'s records by stage: one read of the stages, one of the counts and one
/// page query per stage (concurrently), whatever the project holds. The caller has the project
/// (a route reads it first, for its 404).
pub async fn columns<R: OnBoard>(cx: Cx<'_>, project_id: u64) -> Result<Columns<R>, ApiError> {
    let stages = stages::board::<R::Board>(cx).await?;
    let tallies: Vec<Tally> = stages
        .iter()
        .map(|s| Tally::count("column", column(project_id, s.meta.id)))
        .collect();
    let counts = index::tallies::<R>(cx, &tallies).await?;
    let pages = futures::future::try_join_all(stages.iter().map(|s| {
        index::top::<R>(
            cx,
            Some(("column", column(project_id, s.meta.id))),
            "id",
            false,
            COLUMN_PAGE,
        )
    }))
    .await?;
    let mut board = Columns {
        columns: Vec::with_capacity(stages.len()),
        total: 0,
        done: 0,
    };
    for ((stage, count), items) in stages.into_iter().zip(counts).zip(pages) {
        let count = u64::try_from(count).unwrap_or(0);
        board.total += count;
        if stage.complete {
            board.done += count;
        }
        board.columns.push(Column { stage, count, items });
    }
    Ok(board)
}

/// `POST /api/project/task/{task_id}/comment/create` and the bug one.
pub async fn create_comment<R: OnBoard>(
    caller: Caller,
    ValidPath(id): ValidPath<u64>,
    ValidJson(input): ValidJson<CommentIn>,
) -> Result<(StatusCode, Json<Comment<R::Board>>), ApiError> {
    let cx = caller.cx();
    ops::load::<R>(cx, id).await?;
    Ok((
        StatusCode::CREATED,
        Json(ops::insert_under::<Comment<R::Board>>(cx, ParentRef::only(id), input, Vec::new()).await?),
    ))
}
