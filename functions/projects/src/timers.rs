//! Time tracking: a user starts a timer on a task and stops it; the stopped entry's seconds add to
//! the task's and the project's logged time (sums kept beside the counts, read in one round trip).
//! A user has one running timer: the record claims `running_user` while it runs (a unique value,
//! put with a not-exists condition), so two starts at once leave one running timer and the other
//! start is 409. Starting while one runs stops that one first.

use axum::http::StatusCode;
use identity::users::UserOut;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use shared::auth::Module;
use shared::domain::Text;
use shared::handlers::Caller;
use shared::http::Json;
use shared::http::{ApiError, FieldErrors, ValidJson};
use shared::resource::index::{self, IndexValue, Sum, Tally};
use shared::resource::{ops, unique, Cx, Filter, Lists, Meta, NoChange, NoFilters, Ref, Resource, Unique};

use crate::projects::Project;
use crate::tasks::Task;

shared::choice! {
    /// `running → stopped`.
    pub enum TimerStatus {
        Running = "running",
        Stopped = "stopped",
    }
}

/// One stretch of time a user spent on a task.
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
pub struct Tracker {
    #[serde(flatten)]
    pub meta: Meta,
    /// Whose time it is.
    pub user_id: u64,
    pub task_id: u64,
    /// The task's project.
    pub project_id: u64,
    pub note: Option<String>,
    pub status: TimerStatus,
    pub started_at: String,
    pub stopped_at: Option<String>,
    /// From start to stop; 0 while it runs.
    pub seconds: u64,
}

impl Tracker {
    fn running(&self) -> bool {
        self.status == TimerStatus::Running
    }
}

impl Resource for Tracker {
    const KIND: &'static str = "project_tracker";
    const NAME: &'static str = "Tracker";
    const MODULE: Module = Module::Projects;
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[],
        filters: &[
            Filter::<Self>::one("task_id", |t| IndexValue::id(t.task_id)),
            Filter::<Self>::one("project_id", |t| IndexValue::id(t.project_id)),
            Filter::<Self>::one("user_id", |t| IndexValue::id(t.user_id)),
        ],
        sums: &[Sum::new("seconds", |t| i64::try_from(t.seconds).unwrap_or(i64::MAX))],
    };
    const UNIQUE: &'static [Unique<Self>] = &[Unique::new("running_user", |t| {
        t.running().then(|| t.user_id.to_string())
    })];
    // Logged time lives in its task and goes with it.
    const REFS: &'static [Ref<Self>] = &[Ref::cascade(<Task as Resource>::KIND, "task_id", |t| vec![t.task_id])];
    // Timers start and stop through their own routes.
    type In = NoChange;
    type Patch = NoChange;
    type Out = Tracker;
    type Filters = NoFilters;
    shared::meta_field!();

    fn search_text(&self) -> String {
        String::new()
    }
}

/// Logged seconds of tasks or projects: one round trip for all of them.
pub async fn logged(cx: Cx<'_>, filter: &'static str, ids: &[u64]) -> Result<Vec<u64>, ApiError> {
    let tallies: Vec<Tally> = ids
        .iter()
        .map(|id| Tally::sum("seconds", filter, IndexValue::id(*id)))
        .collect();
    let sums = index::tallies::<Tracker>(cx, &tallies).await?;
    Ok(sums.into_iter().map(|s| u64::try_from(s).unwrap_or(0)).collect())
}

/// The caller's running timer, if any: one read of the claim, one of the record.
pub async fn running(cx: Cx<'_>) -> Result<Option<Tracker>, ApiError> {
    match unique::holder::<Tracker>(cx, "running_user", &cx.user_id.to_string()).await? {
        Some(id) => Ok(ops::find::<Tracker>(cx, id).await?.filter(Tracker::running)),
        None => Ok(None),
    }
}

/// Stops `timer` now: its seconds count from here on.
async fn stop(cx: Cx<'_>, timer: Tracker) -> Result<Tracker, ApiError> {
    let now = chrono::Utc::now();
    let started = chrono::DateTime::parse_from_rfc3339(&timer.started_at)
        .map_err(|e| ApiError::internal(anyhow::anyhow!("a timer's start `{}`: {e}", timer.started_at)))?;
    let mut stopped = timer.clone();
    stopped.status = TimerStatus::Stopped;
    stopped.stopped_at = Some(shared::time::now_rfc3339());
    stopped.seconds = u64::try_from((now - started.with_timezone(&chrono::Utc)).num_seconds()).unwrap_or(0);
    ops::save(cx, &timer, stopped, Vec::new()).await
}

/// Body of `POST /api/add-tracker`.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(example = serde_json::json!({"task_id": 1, "note": "Sitemap review"}))]
pub struct StartIn {
    /// The task the time is spent on.
    #[schemars(required, transform = shared::http::schema::id)]
    pub task_id: Option<u64>,
    pub note: Option<Text<500>>,
    /// When the time began (RFC 3339), for a tracker app that syncs after the fact: within the
    /// last 24 hours, not in the future. Defaults to now.
    #[schemars(extend("format" = "date-time"))]
    pub started_at: Option<String>,
}

/// Longest a timer may have been running before the app reports it.
const MAX_BACKDATE_HOURS: i64 = 24;

/// `started_at` checked, as RFC 3339 UTC; now when absent.
fn start_time(errors: &mut FieldErrors, given: Option<String>) -> String {
    let now = chrono::Utc::now();
    let Some(text) = given else {
        return shared::time::now_rfc3339();
    };
    match chrono::DateTime::parse_from_rfc3339(text.trim()) {
        Ok(at) => {
            let at = at.with_timezone(&chrono::Utc);
            if at > now + chrono::Duration::seconds(5) {
                errors.add("started_at", "A timer cannot start in the future.");
            } else if at < now - chrono::Duration::hours(MAX_BACKDATE_HOURS) {
                errors.add(
                    "started_at",
                    format!("A timer starts within the last {MAX_BACKDATE_HOURS} hours."),
                );
            }
            at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
        }
        Err(_) => {
            errors.add("started_at", "Give a date and time such as 2026-05-01T09:30:00Z.");
            String::new()
        }
    }
}

/// Answer of `POST /api/add-tracker`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Started {
    /// The timer now running.
    pub tracker: Tracker,
    /// The caller's timer that was running, stopped to start this one.
    pub stopped: Option<Tracker>,
}

/// `POST /api/add-tracker`: starts the caller's timer on a task, stopping the one running.
pub async fn start(
    caller: Caller,
    ValidJson(input): ValidJson<StartIn>,
) -> Result<(StatusCode, Json<Started>), ApiError> {
    let cx = caller.cx();
    let mut errors = FieldErrors::default();
    let task_id = errors.required("task_id", input.task_id);
    let note = errors.text("note", input.note);
    let started_at = start_time(&mut errors, input.started_at);
    let task_id = errors.finish(task_id)?;
    let task = ops::check_reference::<Task>(cx, "task_id", task_id).await?;
    let stopped = match running(cx).await? {
        Some(timer) => Some(stop(cx, timer).await?),
        None => None,
    };
    let timer = Tracker {
        meta: Meta::default(),
        user_id: cx.user_id,
        task_id,
        project_id: task.project_id,
        note,
        status: TimerStatus::Running,
        started_at,
        stopped_at: None,
        seconds: 0,
    };
    let tracker = ops::insert_built(cx, timer, Vec::new()).await.map_err(|e| match e {
        // Another start of the same user's took the claim between the read and the write.
        ApiError::Conflict { .. } | ApiError::Validation(_) => ApiError::Conflict {
            code: "timer_running",
            message: "Another timer of yours started at the same moment; stop it or start again.".into(),
        },
        other => other,
    })?;
    Ok((StatusCode::CREATED, Json(Started { tracker, stopped })))
}

/// Body of `POST /api/stop-tracker`.
#[derive(Debug, Default, Deserialize, JsonSchema)]
pub struct StopIn {
    /// The caller's running timer; the one running when absent.
    #[schemars(transform = shared::http::schema::id)]
    pub tracker_id: Option<u64>,
}

/// `POST /api/stop-tracker`: stops the caller's running timer (409 when none runs).
pub async fn stop_running(caller: Caller, input: Option<ValidJson<StopIn>>) -> Result<Json<Tracker>, ApiError> {
    let cx = caller.cx();
    let input = input.map(|ValidJson(input)| input).unwrap_or_default();
    let timer = running(cx).await?;
    let timer = match (timer, input.tracker_id) {
        (Some(timer), Some(id)) if timer.meta.id != id => None,
        (timer, _) => timer,
    };
    let timer = timer.ok_or_else(|| ApiError::Conflict {
        code: "not_running",
        message: match input.tracker_id {
            Some(id) => format!("Tracker {id} is not your running timer."),
            None => "You have no running timer.".into(),
        },
    })?;
    Ok(Json(stop(cx, timer).await?))
}

/// Most projects and tasks the tracker app is handed at sign-in.
const SIGN_IN_PROJECTS: usize = 50;
const SIGN_IN_TASKS: usize = 100;

/// Answer of `POST /api/tracker-login`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct TrackerSession {
    pub user: UserOut,
    /// The caller's running timer.
    pub running: Option<Tracker>,
    /// The projects the caller is a member of (the latest 50).
    pub projects: Vec<Project>,
    /// The tasks assigned to the caller (the latest 100).
    pub tasks: Vec<Task>,
}

/// `POST /api/tracker-login`: what the time-tracker app needs once signed in with the caller's
/// token: who they are, their running timer, and the projects and tasks they track time on.
pub async fn sign_in(caller: Caller) -> Result<Json<TrackerSession>, ApiError> {
    let cx = caller.cx();
    let user = UserOut::from(&identity::users::own_user(&caller.principal)?);
    let me = IndexValue::id(cx.user_id);
    let (running, projects, tasks) = futures::try_join!(
        running(cx),
        index::top::<Project>(cx, Some(("member", me.clone())), "id", true, SIGN_IN_PROJECTS),
        index::top::<Task>(cx, Some(("assignee", me)), "id", true, SIGN_IN_TASKS),
    )?;
    Ok(Json(TrackerSession {
        user,
        running,
        projects,
        tasks,
    }))
}
