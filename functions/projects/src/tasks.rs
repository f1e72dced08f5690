//! Tasks: a project's work on the task board, with subtasks and comments. A task sits in one of
//! the workspace's task stages (the first by default) and counts as done while that stage is the
//! board's done column. Assignees are members of the project; each user newly added emits
//! `task.assigned` (users already there do not), in the task's own transaction, as do
//! `task.created` and `task.stage_changed`. The task board of a project reads, per stage, one
//! count and one page of tasks, whatever the project holds. A task's subtasks and comments live
//! in it and go with it.

use axum::http::StatusCode;
use axum::Json;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use shared::auth::Module;
use shared::domain::Date;
use shared::events::{Event, EventType};
use shared::http::{ApiError, FieldErrors, ValidJson, ValidPath};
use shared::resource::index::{self, IndexValue, Tally};
use shared::resource::{ops, Assign, Caller, Cx, Deleted, Events, Filter, Lists, Meta, NoFilters, Ref, Resource, Sort};
use shared::store::Write;

use crate::milestones::{self, Milestone};
use crate::projects::Project;
use crate::stages::{self, TaskStage};

pub const TASK_CREATED: EventType = EventType::new("task.created", "A task was created.");
pub const TASK_ASSIGNED: EventType = EventType::new(
    "task.assigned",
    "A user was added to a task's assignees (one event per user added).",
);
pub const TASK_STAGE_CHANGED: EventType = EventType::new("task.stage_changed", "A task moved to another stage.");

/// Most assignees one task has: a create writes the task, its index entries (up to 32 title
/// words) and one `task.assigned` per assignee in one transaction of at most 100 writes.
pub const MAX_ASSIGNEES: usize = 10;
/// Most subtasks and comments one task has (its delete takes them along, in batches ahead of it
/// when they do not fit its own transaction).
pub const MAX_SUBTASKS: usize = 50;
pub const MAX_COMMENTS: usize = 100;

shared::choice! {
    /// How urgent a task (or bug) is.
    pub enum Priority {
        High = "high" | "High",
        Medium = "medium" | "Medium",
        Low = "low" | "Low",
    }
}

/// A task of a project.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct Task {
    #[serde(flatten)]
    pub meta: Meta,
    pub project_id: u64,
    /// A milestone of the same project.
    #[serde(default)]
    pub milestone_id: Option<u64>,
    pub title: String,
    pub priority: Priority,
    /// Members of the project working on it.
    pub assigned_to: Vec<u64>,
    pub stage_id: u64,
    pub start_date: Option<Date>,
    pub due_date: Option<Date>,
    pub description: Option<String>,
}

/// Body of `POST /api/project/{id}/task/create`.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(example = serde_json::json!({"title": "Draft the sitemap", "priority": "high", "assigned_to": [1], "due_date": "2026-05-15"}))]
pub struct TaskIn {
    /// The project of the path.
    #[serde(skip)]
    #[schemars(skip)]
    pub project_id: Option<u64>,
    #[schemars(required, transform = shared::http::schema::text::<190>)]
    pub title: Option<String>,
    /// Defaults to `medium`.
    pub priority: Option<Priority>,
    /// Members of the project, at most 10.
    #[schemars(transform = shared::http::schema::ids)]
    pub assigned_to: Option<Vec<u64>>,
    /// A task stage; defaults to the first.
    #[schemars(transform = shared::http::schema::id)]
    pub stage_id: Option<u64>,
    /// A milestone of the project.
    #[schemars(transform = shared::http::schema::id)]
    pub milestone_id: Option<u64>,
    #[schemars(transform = shared::http::schema::date)]
    pub start_date: Option<String>,
    /// Not before the start date.
    #[schemars(transform = shared::http::schema::date)]
    pub due_date: Option<String>,
    #[schemars(transform = shared::http::schema::text::<5000>)]
    pub description: Option<String>,
}

/// Body of `POST /api/project/{id}/task/update/{task_id}`: absent fields stay; `assigned_to`
/// replaces the list; `stage_id` moves it.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct TaskPatch {
    #[schemars(transform = shared::http::schema::text::<190>)]
    pub title: Option<String>,
    pub priority: Option<Priority>,
    #[schemars(transform = shared::http::schema::ids)]
    pub assigned_to: Option<Vec<u64>>,
    #[schemars(transform = shared::http::schema::id)]
    pub stage_id: Option<u64>,
    /// A milestone of the project; `null` takes it out of its milestone.
    #[serde(default, deserialize_with = "shared::resource::nullable")]
    #[schemars(transform = shared::http::schema::id)]
    pub milestone_id: Option<Option<u64>>,
    #[schemars(transform = shared::http::schema::date)]
    pub start_date: Option<String>,
    #[schemars(transform = shared::http::schema::date)]
    pub due_date: Option<String>,
    #[schemars(transform = shared::http::schema::text::<5000>)]
    pub description: Option<String>,
}

/// The index value of a task's place on its project's board.
fn column(project_id: u64, stage_id: u64) -> IndexValue {
    IndexValue::text(&format!("{project_id:020}:{stage_id:020}"))
}

impl Resource for Task {
    const KIND: &'static str = "project_task";
    const NAME: &'static str = "Task";
    const MODULE: Module = Module::Projects;
    const LISTS: &'static Lists<Self> = &Lists {
        default_sort: "id",
        sorts: &[Sort::new("title", |t| IndexValue::text(&t.title))],
        filters: &[
            Filter::<Self>::one("project_id", |t| IndexValue::id(t.project_id)),
            // A project's board column: its tasks in one stage, counted.
            Filter::<Self>::one("column", |t| column(t.project_id, t.stage_id)),
            Filter::<Self>::many("assignee", |t| {
                t.assigned_to.iter().map(|u| IndexValue::id(*u)).collect()
            }),
            // A milestone's tasks, and those of them in each stage (its progress).
            Filter::<Self>::many("milestone", |t| {
                t.milestone_id.map(IndexValue::id).into_iter().collect()
            }),
            Filter::<Self>::many("milestone_stage", |t| {
                t.milestone_id
                    .map(|m| milestones::milestone_stage(m, t.stage_id))
                    .into_iter()
                    .collect()
            }),
        ],
        sums: &[],
    };
    const REFS: &'static [Ref<Self>] = &[
        Ref::to(<Project as Resource>::KIND, |t| vec![t.project_id]),
        Ref::to(<TaskStage as Resource>::KIND, |t| vec![t.stage_id]),
        Ref::to(<Milestone as Resource>::KIND, |t| t.milestone_id.into_iter().collect()),
    ];
    const EVENTS: Events = Events {
        created: Some(TASK_CREATED),
        updated: None,
        deleted: None,
    };
    type In = TaskIn;
    type Patch = TaskPatch;
    type Out = Task;
    type Filters = NoFilters;
    shared::meta_field!();

    async fn build(cx: Cx<'_>, input: TaskIn) -> Result<Self, ApiError> {
        let project_id = input
            .project_id
            .ok_or_else(|| ApiError::internal(anyhow::anyhow!("a task is built for a project")))?;
        // The project of the path first: an unknown one is 404 whatever the body.
        let project = ops::load::<Project>(cx, project_id).await?;
        let mut errors = FieldErrors::default();
        let title = errors.required_text("title", input.title, 190);
        let description = errors.text("description", input.description, 5000);
        let start_date = errors.date("start_date", input.start_date);
        let due_date = errors.date("due_date", input.due_date);
        errors.dates_in_order("due_date", start_date.as_ref(), due_date.as_ref());
        let title = errors.finish(title)?;
        let assigned_to = assignees(&project, input.assigned_to.unwrap_or_default())?;
        let stage = stage_or_first(cx, input.stage_id).await?;
        let milestone_id = milestone_of(cx, project_id, input.milestone_id).await?;
        Ok(Self {
            meta: Meta::default(),
            project_id,
            milestone_id,
            title,
            priority: input.priority.unwrap_or(Priority::Medium),
            assigned_to,
            stage_id: stage.meta.id,
            start_date,
            due_date,
            description,
        })
    }

    async fn apply(&mut self, cx: Cx<'_>, patch: TaskPatch) -> Result<(), ApiError> {
        let mut errors = FieldErrors::default();
        let title = errors.text("title", patch.title, 190);
        let description = errors.text("description", patch.description, 5000);
        let start_date = errors.date("start_date", patch.start_date);
        let due_date = errors.date("due_date", patch.due_date);
        errors.dates_in_order(
            "due_date",
            start_date.as_ref().or(self.start_date.as_ref()),
            due_date.as_ref().or(self.due_date.as_ref()),
        );
        errors.into_result(())?;
        if let Some(ids) = patch.assigned_to {
            let project = ops::load::<Project>(cx, self.project_id).await?;
            self.assigned_to = assignees(&project, ids)?;
        }
        if let Some(stage_id) = patch.stage_id {
            self.stage_id = stage_or_first(cx, Some(stage_id)).await?.meta.id;
        }
        if let Some(milestone_id) = patch.milestone_id {
            self.milestone_id = milestone_of(cx, self.project_id, milestone_id).await?;
        }
        self.title.assign(title);
        self.priority.assign(patch.priority);
        self.start_date.assign(start_date.map(Some));
        self.due_date.assign(due_date.map(Some));
        self.description.assign(description.map(Some));
        Ok(())
    }

    fn search_text(&self) -> String {
        self.title.clone()
    }

    fn changes(before: &Self, after: &Self) -> Vec<Event> {
        if before.stage_id == after.stage_id {
            return Vec::new();
        }
        let moved = serde_json::json!({"task": after, "from_stage_id": before.stage_id, "to_stage_id": after.stage_id});
        vec![Event::new(TASK_STAGE_CHANGED.name, moved)]
    }

    /// `task.assigned` for each user the change (or the create) adds.
    async fn before_save(&self, cx: Cx<'_>, before: Option<&Self>) -> Result<Vec<Write>, ApiError> {
        let held: &[u64] = before.map_or(&[], |b| &b.assigned_to);
        self.assigned_to
            .iter()
            .filter(|user| !held.contains(user))
            .map(|user| {
                let data = serde_json::json!({"task": self, "user_id": user});
                ops::raw_event_write(cx, TASK_ASSIGNED.name, data)
            })
            .collect()
    }
}

/// `ids` without repeats, each a member of `project` (422 on `assigned_to` naming the others).
fn assignees(project: &Project, ids: Vec<u64>) -> Result<Vec<u64>, ApiError> {
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
                "Only members of project {} are assigned its tasks; these users are not: {}.",
                project.meta.id,
                strangers.join(", ")
            ),
        ));
    }
    Ok(ids)
}

/// Milestone `id`, when given, which must be one of project `project_id`'s (422 otherwise).
async fn milestone_of(cx: Cx<'_>, project_id: u64, id: Option<u64>) -> Result<Option<u64>, ApiError> {
    let Some(id) = id else { return Ok(None) };
    let milestone = ops::check_reference::<Milestone>(cx, "milestone_id", id).await?;
    if milestone.project_id != project_id {
        return Err(ApiError::invalid(
            "milestone_id",
            format!("Milestone {id} is not a milestone of project {project_id}."),
        ));
    }
    Ok(Some(id))
}

/// Task stage `id`, or the board's first.
async fn stage_or_first(cx: Cx<'_>, id: Option<u64>) -> Result<TaskStage, ApiError> {
    match id {
        Some(id) => ops::check_reference::<TaskStage>(cx, "stage_id", id).await,
        None => stages::board::<stages::Tasks>(cx)
            .await?
            .into_iter()
            .next()
            .ok_or_else(|| ApiError::invalid("stage_id", "The workspace has no task stages; create one first.")),
    }
}

/// Task `task_id` of project `project_id`: 404 when it is another project's, which is also the
/// answer for a project that does not exist (a task's project always does).
async fn task_of(cx: Cx<'_>, project_id: u64, task_id: u64) -> Result<Task, ApiError> {
    let task = ops::load::<Task>(cx, task_id).await?;
    if task.project_id != project_id {
        return Err(ApiError::not_found("Task"));
    }
    Ok(task)
}

/// `POST /api/project/{id}/task/create`.
pub async fn create_task(
    caller: Caller,
    ValidPath(project_id): ValidPath<u64>,
    ValidJson(mut input): ValidJson<TaskIn>,
) -> Result<(StatusCode, Json<Task>), ApiError> {
    let cx = caller.cx();
    input.project_id = Some(project_id);
    Ok((
        StatusCode::CREATED,
        Json(ops::insert::<Task>(cx, input, Vec::new()).await?),
    ))
}

/// `POST /api/project/{id}/task/update/{task_id}`.
pub async fn update_task(
    caller: Caller,
    ValidPath((project_id, task_id)): ValidPath<(u64, u64)>,
    ValidJson(patch): ValidJson<TaskPatch>,
) -> Result<Json<Task>, ApiError> {
    let cx = caller.cx();
    let current = task_of(cx, project_id, task_id).await?;
    let mut after = current.clone();
    after.apply(cx, patch).await?;
    Ok(Json(ops::save(cx, &current, after, Vec::new()).await?))
}

/// `DELETE /api/project/{project_id}/task/delete/{task_id}`: with its subtasks and comments.
pub async fn delete_task(
    caller: Caller,
    ValidPath((project_id, task_id)): ValidPath<(u64, u64)>,
) -> Result<Json<Deleted>, ApiError> {
    let cx = caller.cx();
    let current = task_of(cx, project_id, task_id).await?;
    ops::remove_loaded(cx, current).await?;
    Ok(Json(Deleted {
        message: "Task deleted.".into(),
        id: task_id,
    }))
}

/// A task with its subtasks and comments.
#[derive(Debug, Serialize, JsonSchema)]
pub struct TaskDetail {
    #[serde(flatten)]
    pub task: Task,
    /// Whether its stage is the board's done column.
    pub done: bool,
    pub subtasks: Vec<Subtask>,
    pub comments: Vec<TaskComment>,
}

/// `GET /api/project/task/show/{id}`.
pub async fn show_task(caller: Caller, ValidPath(id): ValidPath<u64>) -> Result<Json<TaskDetail>, ApiError> {
    let cx = caller.cx();
    let task = ops::load::<Task>(cx, id).await?;
    let of_task = || Some(("task_id", IndexValue::id(id)));
    let stage = ops::find::<TaskStage>(cx, task.stage_id).await?;
    let subtasks = index::top::<Subtask>(cx, of_task(), "id", false, MAX_SUBTASKS).await?;
    let comments = index::top::<TaskComment>(cx, of_task(), "id", false, MAX_COMMENTS).await?;
    Ok(Json(TaskDetail {
        done: stage.is_some_and(|s| s.complete),
        task,
        subtasks,
        comments,
    }))
}

/// Tasks each board column shows.
const COLUMN_PAGE: usize = 50;

/// One column of a task board.
#[derive(Debug, Serialize, JsonSchema)]
pub struct BoardColumn {
    pub stage: TaskStage,
    /// All the project's tasks in the stage.
    pub count: u64,
    /// The first 50 of them, oldest first.
    pub tasks: Vec<Task>,
}

/// Answer of `GET /api/project/{id}/task-board`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct TaskBoard {
    pub project_id: u64,
    pub columns: Vec<BoardColumn>,
    /// Tasks of the project.
    pub total: u64,
    /// Of those, the ones in the done column.
    pub done: u64,
}

/// `GET /api/project/{id}/task-board`: the project's tasks by stage, with counts. One read of the
/// stages, one of the counts, and one page query per stage (concurrently).
pub async fn task_board(caller: Caller, ValidPath(project_id): ValidPath<u64>) -> Result<Json<TaskBoard>, ApiError> {
    let cx = caller.cx();
    ops::load::<Project>(cx, project_id).await?;
    let stages = stages::board::<stages::Tasks>(cx).await?;
    let tallies: Vec<Tally> = stages
        .iter()
        .map(|s| Tally::count("column", column(project_id, s.meta.id)))
        .collect();
    let counts = index::tallies::<Task>(cx, &tallies).await?;
    let pages = futures::future::try_join_all(stages.iter().map(|s| {
        index::top::<Task>(
            cx,
            Some(("column", column(project_id, s.meta.id))),
            "id",
            false,
            COLUMN_PAGE,
        )
    }))
    .await?;
    let mut board = TaskBoard {
        project_id,
        columns: Vec::with_capacity(stages.len()),
        total: 0,
        done: 0,
    };
    for ((stage, count), tasks) in stages.into_iter().zip(counts).zip(pages) {
        let count = u64::try_from(count).unwrap_or(0);
        board.total += count;
        if stage.complete {
            board.done += count;
        }
        board.columns.push(BoardColumn { stage, count, tasks });
    }
    Ok(Json(board))
}

/// A step of a task.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct Subtask {
    #[serde(flatten)]
    pub meta: Meta,
    pub task_id: u64,
    pub name: String,
    pub due_date: Option<Date>,
    pub is_completed: bool,
    /// Who does it: a user of the workspace.
    pub user_id: Option<u64>,
}

/// Body of `POST /api/project/task-subtask/create/{task_id}`.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(example = serde_json::json!({"name": "List the pages", "due_date": "2026-05-10"}))]
pub struct SubtaskIn {
    /// The task of the path.
    #[serde(skip)]
    #[schemars(skip)]
    pub task_id: Option<u64>,
    #[schemars(required, transform = shared::http::schema::text::<190>)]
    pub name: Option<String>,
    #[schemars(transform = shared::http::schema::date)]
    pub due_date: Option<String>,
    #[schemars(transform = shared::http::schema::id)]
    pub user_id: Option<u64>,
}

/// Body of `POST /api/project/task-subtask/update/{subtask_id}`: absent fields stay.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct SubtaskPatch {
    #[schemars(transform = shared::http::schema::text::<190>)]
    pub name: Option<String>,
    #[schemars(transform = shared::http::schema::date)]
    pub due_date: Option<String>,
    pub is_completed: Option<bool>,
    #[schemars(transform = shared::http::schema::id)]
    pub user_id: Option<u64>,
}

impl Resource for Subtask {
    const KIND: &'static str = "project_subtask";
    const NAME: &'static str = "Subtask";
    const MODULE: Module = Module::Projects;
    const LISTS: &'static Lists<Self> = &Lists {
        default_sort: "id",
        sorts: &[],
        filters: &[Filter::<Self>::one("task_id", |s| IndexValue::id(s.task_id))],
        sums: &[],
    };
    const REFS: &'static [Ref<Self>] = &[Ref::cascade(<Task as Resource>::KIND, "task_id", |s| vec![s.task_id])];
    type In = SubtaskIn;
    type Patch = SubtaskPatch;
    type Out = Subtask;
    type Filters = NoFilters;
    shared::meta_field!();

    async fn build(cx: Cx<'_>, input: SubtaskIn) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let name = errors.required_text("name", input.name, 190);
        let due_date = errors.date("due_date", input.due_date);
        let name = errors.finish(name)?;
        let task_id = input
            .task_id
            .ok_or_else(|| ApiError::internal(anyhow::anyhow!("a subtask is built for a task")))?;
        let user_id = worker(cx, input.user_id).await?;
        let held = index::count_with::<Subtask>(cx, "task_id", IndexValue::id(task_id)).await?;
        if held >= MAX_SUBTASKS as u64 {
            return Err(ApiError::invalid(
                "name",
                format!("A task has at most {MAX_SUBTASKS} subtasks."),
            ));
        }
        Ok(Self {
            meta: Meta::default(),
            task_id,
            name,
            due_date,
            is_completed: false,
            user_id,
        })
    }

    async fn apply(&mut self, cx: Cx<'_>, patch: SubtaskPatch) -> Result<(), ApiError> {
        let mut errors = FieldErrors::default();
        let name = errors.text("name", patch.name, 190);
        let due_date = errors.date("due_date", patch.due_date);
        errors.into_result(())?;
        if patch.user_id.is_some() {
            self.user_id = worker(cx, patch.user_id).await?;
        }
        self.name.assign(name);
        self.due_date.assign(due_date.map(Some));
        self.is_completed.assign(patch.is_completed);
        Ok(())
    }

    /// Not searched (read under their task): no word entries to delete with the task.
    fn search_text(&self) -> String {
        String::new()
    }
}

async fn worker(cx: Cx<'_>, user_id: Option<u64>) -> Result<Option<u64>, ApiError> {
    match user_id {
        Some(id) => Ok(shared::auth::records::check_users(cx, "user_id", vec![id], false, 1)
            .await?
            .first()
            .copied()),
        None => Ok(None),
    }
}

/// `POST /api/project/task-subtask/create/{task_id}`.
pub async fn create_subtask(
    caller: Caller,
    ValidPath(task_id): ValidPath<u64>,
    ValidJson(mut input): ValidJson<SubtaskIn>,
) -> Result<(StatusCode, Json<Subtask>), ApiError> {
    let cx = caller.cx();
    ops::load::<Task>(cx, task_id).await?;
    input.task_id = Some(task_id);
    Ok((
        StatusCode::CREATED,
        Json(ops::insert::<Subtask>(cx, input, Vec::new()).await?),
    ))
}

/// A comment on a task.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct TaskComment {
    #[serde(flatten)]
    pub meta: Meta,
    pub task_id: u64,
    pub comment: String,
    /// Who wrote it.
    pub user_id: u64,
}

/// Body of `POST /api/project/task/{task_id}/comment/create`.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(example = serde_json::json!({"comment": "The sitemap is in the shared folder."}))]
pub struct CommentIn {
    #[serde(skip)]
    #[schemars(skip)]
    pub task_id: Option<u64>,
    #[schemars(required, transform = shared::http::schema::text::<5000>)]
    pub comment: Option<String>,
}

impl Resource for TaskComment {
    const KIND: &'static str = "project_task_comment";
    const NAME: &'static str = "Comment";
    const MODULE: Module = Module::Projects;
    const LISTS: &'static Lists<Self> = &Lists {
        default_sort: "id",
        sorts: &[],
        filters: &[Filter::<Self>::one("task_id", |c| IndexValue::id(c.task_id))],
        sums: &[],
    };
    const REFS: &'static [Ref<Self>] = &[Ref::cascade(<Task as Resource>::KIND, "task_id", |c| vec![c.task_id])];
    type In = CommentIn;
    type Patch = shared::resource::NoChange;
    type Out = TaskComment;
    type Filters = NoFilters;
    shared::meta_field!();

    async fn build(cx: Cx<'_>, input: CommentIn) -> Result<Self, ApiError> {
        let comment = FieldErrors::check_required(|e| e.required_text("comment", input.comment, 5000))?;
        let task_id = input
            .task_id
            .ok_or_else(|| ApiError::internal(anyhow::anyhow!("a comment is written on a task")))?;
        let held = index::count_with::<TaskComment>(cx, "task_id", IndexValue::id(task_id)).await?;
        if held >= MAX_COMMENTS as u64 {
            return Err(ApiError::invalid(
                "comment",
                format!("A task has at most {MAX_COMMENTS} comments."),
            ));
        }
        Ok(Self {
            meta: Meta::default(),
            task_id,
            comment,
            user_id: cx.user_id,
        })
    }

    fn search_text(&self) -> String {
        String::new()
    }
}

/// `POST /api/project/task/{task_id}/comment/create`.
pub async fn create_comment(
    caller: Caller,
    ValidPath(task_id): ValidPath<u64>,
    ValidJson(mut input): ValidJson<CommentIn>,
) -> Result<(StatusCode, Json<TaskComment>), ApiError> {
    let cx = caller.cx();
    ops::load::<Task>(cx, task_id).await?;
    input.task_id = Some(task_id);
    Ok((
        StatusCode::CREATED,
        Json(ops::insert::<TaskComment>(cx, input, Vec::new()).await?),
    ))
}
