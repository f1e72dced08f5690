//! The lite module (`/api/lite/*`): the real product's simpler RPC-style project API, most of it
//! `POST` with the record's id in the body. It runs on the same records and through the same
//! operations as the full module (a project created through one is the other's too); each route
//! here only reads its body and calls them.

use axum::http::StatusCode;
use identity::users::{UserFilters, UserOut};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use shared::handlers::Caller;
use shared::http::Json;
use shared::http::{parse_value, ApiError, FieldErrors, ListParams, ListResponse, Listing, ValidJson, ValidPath};
use shared::resource::index::{self, IndexValue, Tally};
use shared::resource::parent::{ParentRef, PARENT_FILTER};
use shared::resource::{ops, Cx, Deleted, Resource};

use crate::bugs::Bug;
use crate::files::{self, OfProject, ProjectFile, ProjectFileOut};
use crate::projects::{Project, ProjectFilters, ProjectPatch, ProjectStatus};
use crate::tasks::{self, Task, TaskBoard, TaskDetail, TaskIn, TaskPatch};
use crate::timers::{self, Tracker};
use crate::work::column_text;

/// A body naming one record: `{"id": 3}`.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(example = json!({"id": 1}))]
pub struct IdIn {
    #[schemars(required, transform = shared::http::schema::id)]
    pub id: Option<u64>,
}

impl IdIn {
    fn id(self) -> Result<u64, ApiError> {
        FieldErrors::check_required(|e| e.required("id", self.id))
    }
}

/// A body naming a project: `{"project_id": 3}`.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(example = json!({"project_id": 1}))]
pub struct ProjectIdIn {
    #[schemars(required, transform = shared::http::schema::id)]
    pub project_id: Option<u64>,
}

impl ProjectIdIn {
    fn project_id(self) -> Result<u64, ApiError> {
        FieldErrors::check_required(|e| e.required("project_id", self.project_id))
    }
}

/// The workspace at a glance.
#[derive(Debug, Serialize, JsonSchema)]
pub struct LiteHome {
    pub projects: u64,
    pub ongoing: u64,
    pub on_hold: u64,
    pub finished: u64,
    pub tasks: u64,
    /// Tasks assigned to the caller.
    pub my_tasks: u64,
    pub bugs: u64,
    /// The caller's running timer.
    pub running: Option<Tracker>,
    /// The five newest projects.
    pub recent_projects: Vec<Project>,
}

fn count(n: i64) -> u64 {
    u64::try_from(n).unwrap_or(0)
}

/// `GET /api/lite/home`: counters, the caller's running timer and the newest projects.
pub async fn home(caller: Caller) -> Result<Json<LiteHome>, ApiError> {
    let cx = caller.cx();
    let all = || Tally {
        filter: None,
        sum: None,
    };
    let status = |s: ProjectStatus| Tally::count("status", IndexValue::text(s.as_str()));
    let project_tallies = [
        all(),
        status(ProjectStatus::Ongoing),
        status(ProjectStatus::OnHold),
        status(ProjectStatus::Finished),
    ];
    let task_tallies = [all(), Tally::count("assignee", IndexValue::id(cx.user_id))];
    let bug_tallies = [all()];
    let (projects, tasks, bugs, running, recent_projects) = futures::try_join!(
        index::tallies::<Project>(cx, &project_tallies),
        index::tallies::<Task>(cx, &task_tallies),
        index::tallies::<Bug>(cx, &bug_tallies),
        timers::running(cx),
        index::top::<Project>(cx, None, "id", true, 5),
    )?;
    Ok(Json(LiteHome {
        projects: count(projects[0]),
        ongoing: count(projects[1]),
        on_hold: count(projects[2]),
        finished: count(projects[3]),
        tasks: count(tasks[0]),
        my_tasks: count(tasks[1]),
        bugs: count(bugs[0]),
        running,
        recent_projects,
    }))
}

shared::choice! {
    /// What an activity entry is about.
    pub enum ActivityKind {
        Task = "task",
        Bug = "bug",
        File = "file",
        Time = "time",
    }
}

/// Something that happened on a project.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ActivityItem {
    pub kind: ActivityKind,
    /// The task, bug, file or tracker.
    pub id: u64,
    pub title: String,
    /// Who, when the record says (the user whose time it is).
    pub user_id: Option<u64>,
    pub at: String,
}

/// Entries `project-activity` answers.
const ACTIVITY: usize = 20;

/// `POST /api/lite/project-activity`: the project's latest 20 happenings (tasks created, bugs
/// reported, files attached, time logged), newest first, read from the records themselves: one
/// newest-first query of each kind under the project.
pub async fn project_activity(
    caller: Caller,
    ValidJson(input): ValidJson<ProjectIdIn>,
) -> Result<Json<Vec<ActivityItem>>, ApiError> {
    let cx = caller.cx();
    let project_id = input.project_id()?;
    ops::load::<Project>(cx, project_id).await?;
    let of = || Some(("project_id", IndexValue::id(project_id)));
    let files_parent = (PARENT_FILTER, ParentRef::<OfProject>::only(project_id).index_value());
    let (tasks, bugs, files, times) = futures::try_join!(
        index::top::<Task>(cx, of(), "id", true, ACTIVITY),
        index::top::<Bug>(cx, of(), "id", true, ACTIVITY),
        index::top::<ProjectFile>(cx, Some(files_parent), "id", true, ACTIVITY),
        index::top::<Tracker>(cx, of(), "id", true, ACTIVITY),
    )?;
    let item = |kind, id, title: &str, user_id, at: &str| ActivityItem {
        kind,
        id,
        title: title.to_owned(),
        user_id,
        at: at.to_owned(),
    };
    let mut items: Vec<ActivityItem> = Vec::new();
    items.extend(
        tasks
            .iter()
            .map(|t| item(ActivityKind::Task, t.meta.id, &t.title, None, &t.meta.created_at)),
    );
    items.extend(
        bugs.iter()
            .map(|b| item(ActivityKind::Bug, b.meta.id, &b.title, None, &b.meta.created_at)),
    );
    items.extend(files.iter().map(|f| {
        item(
            ActivityKind::File,
            f.meta.id,
            &f.file.file_name,
            None,
            &f.meta.created_at,
        )
    }));
    items.extend(times.iter().map(|t| {
        let title = t.note.clone().unwrap_or_else(|| format!("Time on task {}", t.task_id));
        item(
            ActivityKind::Time,
            t.meta.id,
            &title,
            Some(t.user_id),
            &t.meta.created_at,
        )
    }));
    items.sort_by(|a, b| b.at.cmp(&a.at));
    items.truncate(ACTIVITY);
    Ok(Json(items))
}

/// `POST /api/lite/project-create-update`: without `id` `POST /api/projects/create` (201), with
/// `id` `POST /api/project/update/{id}`.
pub async fn project_create_update(
    caller: Caller,
    ValidJson(body): ValidJson<Value>,
) -> Result<(StatusCode, Json<Project>), ApiError> {
    let (status, project) = ops::upsert::<Project>(caller.cx(), body).await?;
    Ok((status, Json(project)))
}

/// `POST /api/lite/project-delete`.
pub async fn project_delete(caller: Caller, ValidJson(input): ValidJson<IdIn>) -> Result<Json<Deleted>, ApiError> {
    let id = input.id()?;
    ops::remove::<Project>(caller.cx(), id, None).await?;
    Ok(Json(Deleted {
        message: "Project deleted.".into(),
        id,
    }))
}

/// A project with its task board and files.
#[derive(Debug, Serialize, JsonSchema)]
pub struct LiteProjectDetails {
    pub project: Project,
    pub task_board: TaskBoard,
    pub files: Vec<ProjectFileOut>,
}

/// `POST /api/lite/project-details`.
pub async fn project_details(
    caller: Caller,
    ValidJson(input): ValidJson<IdIn>,
) -> Result<Json<LiteProjectDetails>, ApiError> {
    let cx = caller.cx();
    let id = input.id()?;
    let project = ops::load::<Project>(cx, id).await?;
    let (task_board, files) = futures::try_join!(tasks::board_of(cx, id), files::of_project(cx, id))?;
    Ok(Json(LiteProjectDetails {
        project,
        task_board,
        files,
    }))
}

/// Body of `POST /api/lite/project-list`: the projects list's query, as a body.
#[derive(Debug, Default, Deserialize, JsonSchema)]
pub struct ProjectListIn {
    pub status: Option<ProjectStatus>,
    /// Projects this user is a member of.
    #[schemars(transform = shared::http::schema::id)]
    pub member: Option<u64>,
    /// Projects for this client user.
    #[schemars(transform = shared::http::schema::id)]
    pub client: Option<u64>,
    /// Words the project's name begins with.
    pub search: Option<String>,
    /// `field` ascending or `-field` descending.
    #[schemars(transform = sorts_of::<Project>)]
    pub sort: Option<String>,
    #[schemars(range(min = 1))]
    pub page: Option<u32>,
    /// 1 to 100, default 15.
    #[schemars(range(min = 1, max = 100))]
    pub per_page: Option<usize>,
}

/// 422 on each of `ids` given as 0 (ids start at 1).
fn positive_ids(ids: &[(&str, Option<u64>)]) -> Result<(), ApiError> {
    let mut errors = FieldErrors::default();
    for (field, id) in ids {
        if *id == Some(0) {
            errors.add(field, "Ids are positive integers.");
        }
    }
    errors.into_result(())
}

/// A body's `sort`: the values the list of `R` takes, as its `GET` documents them.
fn sorts_of<R: shared::resource::index::Indexed>(schema: &mut schemars::Schema) {
    let mut values: Vec<Value> = shared::openapi::sort_values(&R::LISTS.sort_names())
        .into_iter()
        .map(Value::from)
        .collect();
    values.push(Value::Null);
    schema.insert("enum".into(), Value::Array(values));
}

fn params(search: Option<String>, sort: Option<String>, page: Option<u32>, per_page: Option<usize>) -> ListParams {
    ListParams {
        page,
        per_page,
        cursor: None,
        sort,
        search,
        ..ListParams::default()
    }
}

/// `POST /api/lite/project-list`: `GET /api/projects` with its query in the body.
pub async fn project_list(
    caller: Caller,
    input: Option<ValidJson<ProjectListIn>>,
) -> Result<Json<ListResponse<Project>>, ApiError> {
    let input = input.map(|ValidJson(input)| input).unwrap_or_default();
    positive_ids(&[("member", input.member), ("client", input.client)])?;
    let listing = Listing {
        params: params(input.search, input.sort, input.page, input.per_page),
        filters: ProjectFilters {
            status: input.status,
            member: input.member,
            client: input.client,
        },
    };
    Ok(Json(
        index::list::<Project, _>(caller.cx(), &listing, None)
            .await?
            .records()?,
    ))
}

/// Body of `POST /api/lite/project-status-update`.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(example = json!({"id": 1, "status": "on_hold"}))]
pub struct StatusIn {
    #[schemars(required, transform = shared::http::schema::id)]
    pub id: Option<u64>,
    /// `ongoing ↔ on_hold → finished`.
    #[schemars(required)]
    pub status: Option<ProjectStatus>,
}

/// `POST /api/lite/project-status-update`: the project update with only `status`.
pub async fn project_status_update(
    caller: Caller,
    ValidJson(input): ValidJson<StatusIn>,
) -> Result<Json<Project>, ApiError> {
    let mut errors = FieldErrors::default();
    let id = errors.required("id", input.id);
    let status = errors.required("status", input.status);
    let (id, status) = errors.finish((id, status))?;
    let patch: ProjectPatch = parse_value(json!({"status": status}))?;
    Ok(Json(ops::update::<Project>(caller.cx(), id, patch, None).await?))
}

/// Filters of a project's task list.
#[derive(Debug, Default, Serialize, Deserialize, JsonSchema)]
pub struct TaskFilters {
    pub project_id: Option<u64>,
    /// Tasks assigned to this user.
    pub assignee: Option<u64>,
    /// `<project_id>:<stage_id>`, 20 digits each: the tasks of one board column.
    #[schemars(skip)]
    pub column: Option<String>,
}

/// `GET /api/lite/projects/{project}/tasks`: the project's tasks, paged.
pub async fn project_tasks(
    caller: Caller,
    ValidPath(project_id): ValidPath<u64>,
    listing: Listing<shared::resource::NoFilters>,
) -> Result<Json<ListResponse<Task>>, ApiError> {
    let cx = caller.cx();
    ops::load::<Project>(cx, project_id).await?;
    let listing = Listing {
        params: listing.params,
        filters: TaskFilters {
            project_id: Some(project_id),
            ..TaskFilters::default()
        },
    };
    Ok(Json(
        index::list::<Task, TaskFilters>(cx, &listing, None).await?.records()?,
    ))
}

/// A `task-create-update` without `id`: a task create's fields with the project it goes to.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(example = json!({"project_id": 1, "title": "Draft the sitemap", "priority": "high"}))]
pub struct NewTaskIn {
    #[schemars(required, transform = shared::http::schema::id)]
    pub project_id: Option<u64>,
    #[serde(flatten)]
    pub task: TaskIn,
}

/// A `task-create-update` with `id`: the task's update, and its project if the caller names it
/// (it must be the task's).
#[derive(Debug, Deserialize, JsonSchema)]
pub struct TaskChangeIn {
    #[schemars(transform = shared::http::schema::id)]
    pub project_id: Option<u64>,
    #[serde(flatten)]
    pub patch: TaskPatch,
}

/// `POST /api/lite/task-create-update`: without `id`, a task of `project_id` (201, as
/// `POST /api/project/{id}/task/create`); with `id`, that task changed (as its update route).
pub async fn task_create_update(
    caller: Caller,
    ValidJson(mut body): ValidJson<Value>,
) -> Result<(StatusCode, Json<Task>), ApiError> {
    let cx = caller.cx();
    let mut take_id = |field: &str| -> Result<Option<u64>, ApiError> {
        match body.as_object_mut().and_then(|m| m.remove(field)) {
            None | Some(Value::Null) => Ok(None),
            Some(v) => v
                .as_u64()
                .filter(|id| *id > 0)
                .map(Some)
                .ok_or_else(|| ApiError::invalid(field, format!("The {field} must be a positive integer."))),
        }
    };
    let id = take_id("id")?;
    let version = take_id("version")?;
    match id {
        Some(id) => {
            let change: TaskChangeIn = parse_value(body)?;
            let current = ops::load::<Task>(cx, id).await?;
            ops::check_version(&current, version)?;
            if change.project_id.is_some_and(|p| p != current.project_id) {
                return Err(ApiError::not_found("Task"));
            }
            let mut after = current.clone();
            after.apply(cx, change.patch).await?;
            Ok((StatusCode::OK, Json(ops::save(cx, &current, after, Vec::new()).await?)))
        }
        None if version.is_some() => Err(ApiError::invalid(
            "version",
            "A version is only checked on an update: give the task's id too.",
        )),
        None => {
            let new: NewTaskIn = parse_value(body)?;
            let project_id = new
                .project_id
                .ok_or_else(|| ApiError::invalid("project_id", "The project id field is required to create a task."))?;
            Ok((
                StatusCode::CREATED,
                Json(ops::insert_under::<Task>(cx, project_id, new.task, Vec::new()).await?),
            ))
        }
    }
}

/// `POST /api/lite/task-delete`: with its subtasks, comments and logged time.
pub async fn task_delete(caller: Caller, ValidJson(input): ValidJson<IdIn>) -> Result<Json<Deleted>, ApiError> {
    let id = input.id()?;
    ops::remove::<Task>(caller.cx(), id, None).await?;
    Ok(Json(Deleted {
        message: "Task deleted.".into(),
        id,
    }))
}

/// `POST /api/lite/task-details`: as `GET /api/project/task/show/{id}`.
pub async fn task_details(caller: Caller, ValidJson(input): ValidJson<IdIn>) -> Result<Json<TaskDetail>, ApiError> {
    Ok(Json(tasks::detail(caller.cx(), input.id()?).await?))
}

/// Body of `POST /api/lite/task-list`.
#[derive(Debug, Default, Deserialize, JsonSchema)]
pub struct TaskListIn {
    #[schemars(transform = shared::http::schema::id)]
    pub project_id: Option<u64>,
    /// With `project_id`: the tasks in this task stage.
    #[schemars(transform = shared::http::schema::id)]
    pub stage_id: Option<u64>,
    /// Tasks assigned to this user.
    #[schemars(transform = shared::http::schema::id)]
    pub assignee: Option<u64>,
    /// Words a task's title begins with.
    pub search: Option<String>,
    /// `field` ascending or `-field` descending.
    #[schemars(transform = sorts_of::<Task>)]
    pub sort: Option<String>,
    #[schemars(range(min = 1))]
    pub page: Option<u32>,
    /// 1 to 100, default 15.
    #[schemars(range(min = 1, max = 100))]
    pub per_page: Option<usize>,
}

/// `POST /api/lite/task-list`: tasks, of a project (and stage), of an assignee.
pub async fn task_list(
    caller: Caller,
    input: Option<ValidJson<TaskListIn>>,
) -> Result<Json<ListResponse<Task>>, ApiError> {
    let input = input.map(|ValidJson(input)| input).unwrap_or_default();
    positive_ids(&[
        ("project_id", input.project_id),
        ("stage_id", input.stage_id),
        ("assignee", input.assignee),
    ])?;
    let column = match (input.project_id, input.stage_id) {
        (Some(project), Some(stage)) => Some(column_text(project, stage)),
        (None, Some(_)) => {
            return Err(ApiError::invalid(
                "stage_id",
                "Name the project too: a stage's tasks are listed per project.",
            ))
        }
        _ => None,
    };
    let listing = Listing {
        params: params(input.search, input.sort, input.page, input.per_page),
        filters: TaskFilters {
            // The column names the project already.
            project_id: input.project_id.filter(|_| column.is_none()),
            assignee: input.assignee,
            column,
        },
    };
    Ok(Json(
        index::list::<Task, TaskFilters>(caller.cx(), &listing, None)
            .await?
            .records()?,
    ))
}

/// Body of `POST /api/lite/task-stage-update`.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(example = json!({"id": 1, "stage_id": 2}))]
pub struct TaskStageIn {
    /// The task.
    #[schemars(required, transform = shared::http::schema::id)]
    pub id: Option<u64>,
    /// A task stage.
    #[schemars(required, transform = shared::http::schema::id)]
    pub stage_id: Option<u64>,
}

/// `POST /api/lite/task-stage-update`: moves a task to a stage (`task.stage_changed`).
pub async fn task_stage_update(
    caller: Caller,
    ValidJson(input): ValidJson<TaskStageIn>,
) -> Result<Json<Task>, ApiError> {
    let mut errors = FieldErrors::default();
    let id = errors.required("id", input.id);
    let stage_id = errors.required("stage_id", input.stage_id);
    let (id, stage_id) = errors.finish((id, stage_id))?;
    let patch: TaskPatch = parse_value(json!({"stage_id": stage_id}))?;
    Ok(Json(ops::update::<Task>(caller.cx(), id, patch, None).await?))
}

/// `POST /api/lite/taskboard`: as `GET /api/project/{id}/task-board`.
pub async fn taskboard(caller: Caller, ValidJson(input): ValidJson<ProjectIdIn>) -> Result<Json<TaskBoard>, ApiError> {
    let cx = caller.cx();
    let project_id = input.project_id()?;
    ops::load::<Project>(cx, project_id).await?;
    Ok(Json(tasks::board_of(cx, project_id).await?))
}

/// `GET /api/lite/users`: the workspace's users (filtered by `role` and `verified`), to pick
/// members and assignees from.
pub async fn users(caller: Caller, listing: Listing<UserFilters>) -> Result<Json<ListResponse<UserOut>>, ApiError> {
    let cx: Cx<'_> = caller.cx();
    let mut errors = FieldErrors::default();
    let role = identity::users::parse_role(&mut errors, "role", listing.filters.role.clone());
    errors.into_result(())?;
    Ok(Json(
        identity::users::list_filtered(cx.services, cx.tenant(), &listing, role).await?,
    ))
}
