//! Tasks: a project's work on the task board, with subtasks and comments. A task sits in one of
//! the workspace's task stages (the first by default) and counts as done while that stage is the
//! board's done column. Assignees are members of the project; each user newly added emits
//! `task.assigned` (users already there do not), in the task's own transaction, as do
//! `task.created` and `task.stage_changed`. The task board of a project reads, per stage, one
//! count and one page of tasks, whatever the project holds. A task's subtasks and comments live
//! in it and go with it.

use axum::http::StatusCode;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use shared::auth::Module;
use shared::domain::{Date, Text};
use shared::events::{Event, EventType};
use shared::handlers::Caller;
use shared::http::Json;
use shared::http::{ApiError, FieldErrors, ValidJson, ValidPath};
use shared::resource::comments::{comments_on, Comment, CommentParents};
use shared::resource::index::{self, IndexValue};
use shared::resource::parent::{cascade_from, ParentKind, ParentRef, Parents};
use shared::resource::{
    ops, Assign, CreatedUnder, Cx, Events, Filter, Lists, Meta, NoChange, NoFilters, Ref, Resource, Sort,
};

use crate::milestones::{self, Milestone};
use crate::projects::Project;
use crate::stages::{TaskStage, Tasks};
use crate::work::{self, assignees, column, stage_or_first, OnBoard, Priority, MAX_ASSIGNEES};

pub type TaskComment = Comment<Tasks>;

/// A task's comments live on it and go with it.
impl Parents for Tasks {
    const ALL: &'static [ParentKind] = &[ParentKind::of::<Task>("task_id")];
}

impl CommentParents for Tasks {
    const COMMENT_KIND: &'static str = "project_task_comment";
    const MODULE: Module = Module::Projects;
    const MAX_COMMENTS: usize = work::MAX_COMMENTS;
    const REFS: &'static [Ref<TaskComment>] = &[cascade_from::<TaskComment, 0>()];
}

pub const TASK_CREATED: EventType = EventType::new("task.created", "A task was created.").with_record::<Task>();
pub const TASK_ASSIGNED: EventType = EventType::new(
    "task.assigned",
    "A user was added to a task's assignees (one event per user added).",
)
.with_data::<TaskAssigned<'static>>();
pub const TASK_STAGE_CHANGED: EventType =
    EventType::new("task.stage_changed", "A task moved to another stage.").with_data::<TaskStageChanged<'static>>();

/// The data of `task.assigned`: the task as stored, and the user added.
#[derive(Debug, Serialize, JsonSchema)]
pub struct TaskAssigned<'a> {
    pub task: &'a Task,
    pub user_id: u64,
}

/// The data of `task.stage_changed`: the task as stored, and the stages
/// it moved between.
#[derive(Debug, Serialize, JsonSchema)]
pub struct TaskStageChanged<'a> {
    pub task: &'a Task,
    pub from_stage_id: u64,
    pub to_stage_id: u64,
}

/// Most subtasks one task has (its delete takes them along, in batches ahead of it when they do
/// not fit its own transaction).
pub const MAX_SUBTASKS: usize = 50;

/// A task of a project.
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
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
    #[schemars(required)]
    pub title: Option<Text<190>>,
    /// Defaults to `medium`.
    pub priority: Option<Priority>,
    /// Members of the project.
    #[schemars(transform = shared::http::schema::ids_at_most::<MAX_ASSIGNEES>)]
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
    pub description: Option<Text<5000>>,
}

/// Body of `POST /api/project/{id}/task/update/{task_id}`: absent fields stay; `assigned_to`
/// replaces the list; `stage_id` moves it.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(transform = shared::resource::patch_schema)]
pub struct TaskPatch {
    pub title: Option<Text<190>>,
    pub priority: Option<Priority>,
    #[schemars(transform = shared::http::schema::ids_at_most::<MAX_ASSIGNEES>)]
    pub assigned_to: Option<Vec<u64>>,
    #[schemars(transform = shared::http::schema::id)]
    pub stage_id: Option<u64>,
    /// A milestone of the project; `null` takes it out of its milestone.
    #[serde(default, with = "shared::resource::Clearable::<u64>")]
    #[schemars(transform = shared::http::schema::id)]
    pub milestone_id: Option<Option<u64>>,
    #[schemars(transform = shared::http::schema::date)]
    #[serde(default, with = "shared::resource::Clearable::<String>")]
    pub start_date: Option<Option<String>>,
    #[schemars(transform = shared::http::schema::date)]
    #[serde(default, with = "shared::resource::Clearable::<String>")]
    pub due_date: Option<Option<String>>,
    #[serde(default, with = "shared::resource::Clearable::<Text<5000>>")]
    pub description: Option<Option<Text<5000>>>,
}

impl Resource for Task {
    const KIND: &'static str = "project_task";
    const NAME: &'static str = "Task";
    const MODULE: Module = Module::Projects;
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[
            Sort::new("title", |t| IndexValue::text(&t.title)),
            Sort::new("due_date", |t| {
                IndexValue::opt_date(t.due_date.as_ref().map(|d| d.as_str()))
            }),
        ],
        filters: &[
            Filter::<Self>::one("project_id", |t| IndexValue::id(t.project_id)),
            // A project's board column: its tasks in one stage, counted, and by due date (the
            // report's overdue tasks).
            Filter::<Self>::one("column", |t| column(t.project_id, t.stage_id)).sorted_by(&["due_date"]),
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
    type In = NoChange;
    type Patch = TaskPatch;
    type Out = Task;
    type Filters = NoFilters;
    shared::meta_field!();

    async fn apply(&mut self, cx: Cx<'_>, patch: TaskPatch) -> Result<(), ApiError> {
        let mut errors = FieldErrors::default();
        let title = errors.text("title", patch.title);
        let description = patch.description.map(|d| errors.text("description", d));
        let start_date = patch.start_date.map(|d| errors.date("start_date", d));
        let due_date = patch.due_date.map(|d| errors.date("due_date", d));
        errors.dates_in_order(
            "due_date",
            start_date.as_ref().unwrap_or(&self.start_date).as_ref(),
            due_date.as_ref().unwrap_or(&self.due_date).as_ref(),
        );
        errors.into_result(())?;
        if let Some(ids) = patch.assigned_to {
            let project = ops::load::<Project>(cx, self.project_id).await?;
            self.assigned_to = assignees(&project, ids)?;
        }
        if let Some(stage_id) = patch.stage_id {
            self.stage_id = stage_or_first::<Tasks>(cx, Some(stage_id)).await?.meta.id;
        }
        if let Some(milestone_id) = patch.milestone_id {
            self.milestone_id = milestone_of(cx, self.project_id, milestone_id).await?;
        }
        self.title.assign(title);
        self.priority.assign(patch.priority);
        self.start_date.assign(start_date);
        self.due_date.assign(due_date);
        self.description.assign(description);
        Ok(())
    }

    fn search_text(&self) -> String {
        self.title.clone()
    }

    /// `task.assigned` for each user a create or a change adds (each with the task as stored),
    /// and `task.stage_changed` for a move.
    fn changes(before: Option<&Self>, after: &Self) -> Vec<Event> {
        let held: &[u64] = before.map_or(&[], |b| &b.assigned_to);
        let mut events: Vec<Event> = after
            .assigned_to
            .iter()
            .filter(|user| !held.contains(user))
            .map(|&user_id| {
                let data = TaskAssigned { task: after, user_id };
                Event::new(TASK_ASSIGNED.name, serde_json::json!(data))
            })
            .collect();
        if let Some(before) = before.filter(|b| b.stage_id != after.stage_id) {
            let moved = TaskStageChanged {
                task: after,
                from_stage_id: before.stage_id,
                to_stage_id: after.stage_id,
            };
            events.push(Event::new(TASK_STAGE_CHANGED.name, serde_json::json!(moved)));
        }
        events
    }
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

/// Created under its project ([`crate::work::create`]).
impl CreatedUnder for Task {
    type Parent = u64;
    type Body = TaskIn;

    async fn build_under(cx: Cx<'_>, project_id: u64, input: TaskIn) -> Result<Self, ApiError> {
        // The project of the path first: an unknown one is 404 whatever the body.
        let project = ops::load::<Project>(cx, project_id).await?;
        let mut errors = FieldErrors::default();
        let title = errors.required_text("title", input.title);
        let description = errors.text("description", input.description);
        let start_date = errors.date("start_date", input.start_date);
        let due_date = errors.date("due_date", input.due_date);
        errors.dates_in_order("due_date", start_date.as_ref(), due_date.as_ref());
        let title = errors.finish(title)?;
        let assigned_to = assignees(&project, input.assigned_to.unwrap_or_default())?;
        let stage = stage_or_first::<Tasks>(cx, input.stage_id).await?;
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
}

impl OnBoard for Task {
    type Board = Tasks;
    fn project_id(&self) -> u64 {
        self.project_id
    }
    fn stage_id(&self) -> u64 {
        self.stage_id
    }
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
    /// Time its stopped timers logged.
    pub seconds_logged: u64,
}

/// `GET /api/project/task/show/{id}`.
pub async fn show_task(caller: Caller, ValidPath(id): ValidPath<u64>) -> Result<Json<TaskDetail>, ApiError> {
    Ok(Json(detail(caller.cx(), id).await?))
}

/// Task `id` with its subtasks, comments and logged time: one read, then four at once.
pub async fn detail(cx: Cx<'_>, id: u64) -> Result<TaskDetail, ApiError> {
    let task = ops::load::<Task>(cx, id).await?;
    let ids = [id];
    let (done, subtasks, comments, logged) = futures::try_join!(
        work::is_done::<Tasks>(cx, task.stage_id),
        index::top::<Subtask>(cx, Some(("task_id", IndexValue::id(id))), "id", false, MAX_SUBTASKS),
        comments_on::<Tasks>(cx, ParentRef::only(id)),
        crate::timers::logged(cx, "task_id", &ids),
    )?;
    Ok(TaskDetail {
        done,
        task,
        subtasks,
        comments,
        seconds_logged: logged.first().copied().unwrap_or(0),
    })
}

/// One column of a task board.
#[derive(Debug, Serialize, JsonSchema)]
#[schemars(rename = "TaskBoardColumn")]
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

/// Project `project_id`'s task board ([`work::columns`]; the caller has read the project).
pub async fn board_of(cx: Cx<'_>, project_id: u64) -> Result<TaskBoard, ApiError> {
    let board = work::columns::<Task>(cx, project_id).await?;
    Ok(TaskBoard {
        project_id,
        columns: board
            .columns
            .into_iter()
            .map(|c| BoardColumn {
                stage: c.stage,
                count: c.count,
                tasks: c.items,
            })
            .collect(),
        total: board.total,
        done: board.done,
    })
}

/// `GET /api/project/{id}/task-board`: the project's tasks by stage, with counts.
pub async fn task_board(caller: Caller, ValidPath(project_id): ValidPath<u64>) -> Result<Json<TaskBoard>, ApiError> {
    let cx = caller.cx();
    ops::load::<Project>(cx, project_id).await?;
    Ok(Json(board_of(cx, project_id).await?))
}

/// A step of a task.
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
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
    #[schemars(required)]
    pub name: Option<Text<190>>,
    #[schemars(transform = shared::http::schema::date)]
    pub due_date: Option<String>,
    #[schemars(transform = shared::http::schema::id)]
    pub user_id: Option<u64>,
}

/// Body of `POST /api/project/task-subtask/update/{subtask_id}`: absent fields stay.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(transform = shared::resource::patch_schema)]
pub struct SubtaskPatch {
    pub name: Option<Text<190>>,
    /// `null` clears it.
    #[serde(default, with = "shared::resource::Clearable::<String>")]
    #[schemars(transform = shared::http::schema::date)]
    pub due_date: Option<Option<String>>,
    pub is_completed: Option<bool>,
    /// A user of the workspace; `null` leaves the subtask unassigned.
    #[serde(default, with = "shared::resource::Clearable::<u64>")]
    #[schemars(transform = shared::http::schema::id)]
    pub user_id: Option<Option<u64>>,
}

impl Resource for Subtask {
    const KIND: &'static str = "project_subtask";
    const NAME: &'static str = "Subtask";
    const MODULE: Module = Module::Projects;
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[],
        filters: &[Filter::<Self>::one("task_id", |s| IndexValue::id(s.task_id))],
        sums: &[],
    };
    const REFS: &'static [Ref<Self>] = &[Ref::cascade(<Task as Resource>::KIND, "task_id", |s| vec![s.task_id])];
    type In = NoChange;
    type Patch = SubtaskPatch;
    type Out = Subtask;
    type Filters = NoFilters;
    shared::meta_field!();

    async fn apply(&mut self, cx: Cx<'_>, patch: SubtaskPatch) -> Result<(), ApiError> {
        let mut errors = FieldErrors::default();
        let name = errors.text("name", patch.name);
        let due_date = patch.due_date.map(|d| errors.date("due_date", d));
        errors.into_result(())?;
        if let Some(user_id) = patch.user_id {
            self.user_id = worker(cx, user_id).await?;
        }
        self.name.assign(name);
        self.due_date.assign(due_date);
        self.is_completed.assign(patch.is_completed);
        Ok(())
    }

    /// Not searched (read under their task): no word entries to delete with the task.
    fn search_text(&self) -> String {
        String::new()
    }
}

/// Created under its task ([`create_subtask`]).
impl CreatedUnder for Subtask {
    type Parent = u64;
    type Body = SubtaskIn;

    async fn build_under(cx: Cx<'_>, task_id: u64, input: SubtaskIn) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let name = errors.required_text("name", input.name);
        let due_date = errors.date("due_date", input.due_date);
        let name = errors.finish(name)?;
        let user_id = worker(cx, input.user_id).await?;
        index::ensure_room::<Subtask>(cx, "task_id", IndexValue::id(task_id), MAX_SUBTASKS, || {
            format!("A task has at most {MAX_SUBTASKS} subtasks.")
        })
        .await?;
        Ok(Self {
            meta: Meta::default(),
            task_id,
            name,
            due_date,
            is_completed: false,
            user_id,
        })
    }
}

async fn worker(cx: Cx<'_>, user_id: Option<u64>) -> Result<Option<u64>, ApiError> {
    match user_id {
        Some(id) => Ok(
            shared::auth::records::check_users(cx.store(), cx.tenant(), "user_id", vec![id], false, 1)
                .await?
                .first()
                .copied(),
        ),
        None => Ok(None),
    }
}

/// `POST /api/project/task-subtask/create/{task_id}`.
pub async fn create_subtask(
    caller: Caller,
    ValidPath(task_id): ValidPath<u64>,
    ValidJson(input): ValidJson<SubtaskIn>,
) -> Result<(StatusCode, Json<Subtask>), ApiError> {
    let cx = caller.cx();
    ops::load::<Task>(cx, task_id).await?;
    Ok((
        StatusCode::CREATED,
        Json(ops::insert_under::<Subtask>(cx, task_id, input, Vec::new()).await?),
    ))
}
