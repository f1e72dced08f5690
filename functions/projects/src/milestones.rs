//! Milestones: a project's stages of delivery, with a cost, dates, a summary and a status
//! `incomplete → complete`. Their progress is computed from their tasks: the share of them in the
//! task board's done column, read from two counters per milestone (never by loading tasks).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use shared::auth::Module;
use shared::domain::{Date, Text};
use shared::handlers::Caller;
use shared::http::Json;
use shared::http::{ApiError, FieldErrors, ListResponse, Listing, ValidPath};
use shared::money::Money;
use shared::resource::index::{self, IndexValue, Sum, Tally};
use shared::resource::{ops, Assign, Cx, Filter, Lists, Meta, Ref, Resource, Sort};

use crate::projects::Project;
use crate::stages::{self, Tasks};
use crate::tasks::Task;

shared::choice! {
    /// Whether a milestone is reached: `incomplete → complete`.
    pub enum MilestoneStatus {
        Incomplete = "incomplete" | "Incomplete",
        Complete = "complete" | "Complete",
    }
}

/// The index value of a project's milestones of one status.
pub fn project_status(project_id: u64, status: MilestoneStatus) -> IndexValue {
    IndexValue::text(&format!("{project_id:020}:{}", status.as_str()))
}

/// A milestone of a project.
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
pub struct Milestone {
    #[serde(flatten)]
    pub meta: Meta,
    pub project_id: u64,
    pub title: String,
    /// What reaching it costs; 0 when not set.
    pub cost: Money,
    pub start_date: Option<Date>,
    pub end_date: Option<Date>,
    pub summary: Option<String>,
    pub status: MilestoneStatus,
}

/// Body of `POST /api/project/milestone/create`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct MilestoneIn {
    #[schemars(required, transform = shared::http::schema::id)]
    pub project_id: Option<u64>,
    #[schemars(required)]
    pub title: Option<Text<190>>,
    /// At least 0; defaults to 0.
    #[schemars(transform = shared::money::at_least_zero)]
    pub cost: Option<Money>,
    #[schemars(transform = shared::http::schema::date)]
    pub start_date: Option<String>,
    /// Not before the start date.
    #[schemars(transform = shared::http::schema::date)]
    pub end_date: Option<String>,
    pub summary: Option<Text<5000>>,
}

/// Body of `POST /api/project/milestone/update/{id}`: absent fields stay; `status: complete`
/// marks it reached (for good).
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(transform = shared::resource::patch_schema)]
pub struct MilestonePatch {
    pub title: Option<Text<190>>,
    #[schemars(transform = shared::money::at_least_zero)]
    pub cost: Option<Money>,
    /// `null` clears it.
    #[serde(default, with = "shared::resource::Clearable::<String>")]
    #[schemars(transform = shared::http::schema::date)]
    pub start_date: Option<Option<String>>,
    /// Not before the start date; `null` clears it.
    #[serde(default, with = "shared::resource::Clearable::<String>")]
    #[schemars(transform = shared::http::schema::date)]
    pub end_date: Option<Option<String>>,
    /// `null` clears it.
    #[serde(default, with = "shared::resource::Clearable::<Text<5000>>")]
    pub summary: Option<Option<Text<5000>>>,
    pub status: Option<MilestoneStatus>,
}

/// `?project_id=` and `?status=` on the list.
#[derive(Debug, Default, Serialize, Deserialize, JsonSchema)]
pub struct MilestoneFilters {
    pub project_id: Option<u64>,
    pub status: Option<MilestoneStatus>,
}

impl Resource for Milestone {
    fn example() -> Option<serde_json::Value> {
        Some(
            serde_json::json!({"project_id": shared::resource::example::id_of::<crate::projects::Project>(), "title": "Design approved", "start_date": "2027-01-04", "end_date": "2027-01-29", "cost": 2000.0}),
        )
    }
    const KIND: &'static str = "project_milestone";
    const NAME: &'static str = "Milestone";
    const MODULE: Module = Module::Projects;
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[
            Sort::new("title", |m| IndexValue::text(&m.title)),
            Sort::new("end_date", |m| {
                IndexValue::text(m.end_date.as_ref().map_or("9999-12-31", |d| d.as_str()))
            }),
        ],
        filters: &[
            Filter::<Self>::one("project_id", |m| IndexValue::id(m.project_id)),
            Filter::<Self>::one("status", |m| IndexValue::text(m.status.as_str())),
            // A project's milestones of one status, counted with their cost (the report's budget).
            Filter::<Self>::one("project_status", |m| project_status(m.project_id, m.status)),
        ],
        sums: &[Sum::new("cost", |m| m.cost.cents())],
    };
    const REFS: &'static [Ref<Self>] = &[Ref::to(<Project as Resource>::KIND, |m| vec![m.project_id])];
    type In = MilestoneIn;
    type Patch = MilestonePatch;
    type Out = Milestone;
    type Filters = MilestoneFilters;
    shared::meta_field!();

    async fn build(cx: Cx<'_>, input: MilestoneIn) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let project_id = errors.required("project_id", input.project_id);
        let title = errors.required_text("title", input.title);
        let summary = errors.text("summary", input.summary);
        let cost = errors.not_negative("cost", input.cost);
        let start_date = errors.date("start_date", input.start_date);
        let end_date = errors.date("end_date", input.end_date);
        errors.dates_in_order("end_date", start_date.as_ref(), end_date.as_ref());
        let (project_id, title) = errors.finish((project_id, title))?;
        ops::check_reference::<Project>(cx, "project_id", project_id).await?;
        Ok(Self {
            meta: Meta::default(),
            project_id,
            title,
            cost: cost.unwrap_or(Money::ZERO),
            start_date,
            end_date,
            summary,
            status: MilestoneStatus::Incomplete,
        })
    }

    async fn apply(&mut self, _cx: Cx<'_>, patch: MilestonePatch) -> Result<(), ApiError> {
        let mut errors = FieldErrors::default();
        let title = errors.text("title", patch.title);
        let summary = patch.summary.map(|s| errors.text("summary", s));
        let cost = errors.not_negative("cost", patch.cost);
        let start_date = patch.start_date.map(|d| errors.date("start_date", d));
        let end_date = patch.end_date.map(|d| errors.date("end_date", d));
        errors.dates_in_order(
            "end_date",
            start_date.as_ref().unwrap_or(&self.start_date).as_ref(),
            end_date.as_ref().unwrap_or(&self.end_date).as_ref(),
        );
        errors.into_result(())?;
        if self.status == MilestoneStatus::Complete && patch.status == Some(MilestoneStatus::Incomplete) {
            return Err(ApiError::invalid_transition(format!(
                "Milestone {} is complete: it is not reopened.",
                self.meta.id
            )));
        }
        self.title.assign(title);
        self.summary.assign(summary);
        self.cost.assign(cost);
        self.start_date.assign(start_date);
        self.end_date.assign(end_date);
        self.status.assign(patch.status);
        Ok(())
    }

    fn search_text(&self) -> String {
        self.title.clone()
    }
}

/// The index value of a task's milestone and stage (its progress counter).
pub fn milestone_stage(milestone_id: u64, stage_id: u64) -> IndexValue {
    IndexValue::text(&format!("{milestone_id:020}:{stage_id:020}"))
}

/// A milestone with its progress.
#[derive(Debug, Serialize, JsonSchema)]
pub struct MilestoneOut {
    #[serde(flatten)]
    pub milestone: Milestone,
    /// Its tasks.
    pub tasks: u64,
    /// Of those, the ones in the done column.
    pub tasks_done: u64,
    /// `tasks_done / tasks` in percent, rounded down; 0 without tasks.
    pub progress: u8,
}

/// `GET /api/project/milestones`: a page of milestones (`project_id`, `status`), each with its
/// progress.
pub async fn list_milestones(
    caller: Caller,
    listing: Listing<MilestoneFilters>,
) -> Result<Json<ListResponse<MilestoneOut>>, ApiError> {
    let cx = caller.cx();
    let page = index::list::<Milestone, _>(cx, &listing, None).await?.records()?;
    Ok(Json(ListResponse {
        data: with_progress(cx, page.data).await?,
        meta: page.meta,
    }))
}

/// `GET /api/project/milestones/{id}`: one milestone with its progress.
pub async fn show_milestone(caller: Caller, ValidPath(id): ValidPath<u64>) -> Result<Json<MilestoneOut>, ApiError> {
    let cx = caller.cx();
    let milestone = ops::load::<Milestone>(cx, id).await?;
    let shown = with_progress(cx, vec![milestone]).await?.pop();
    Ok(Json(
        shown.ok_or_else(|| ApiError::not_found(<Milestone as Resource>::NAME))?,
    ))
}

/// Each milestone with its progress: two counters per milestone, read together.
async fn with_progress(cx: Cx<'_>, milestones: Vec<Milestone>) -> Result<Vec<MilestoneOut>, ApiError> {
    let done_stage = stages::board::<Tasks>(cx).await?.into_iter().find(|s| s.complete);
    let mut tallies = Vec::with_capacity(milestones.len() * 2);
    for milestone in &milestones {
        let id = milestone.meta.id;
        tallies.push(Tally::count("milestone", IndexValue::id(id)));
        tallies.push(Tally::count(
            "milestone_stage",
            milestone_stage(id, done_stage.as_ref().map_or(0, |s| s.meta.id)),
        ));
    }
    let counts = index::tallies::<Task>(cx, &tallies).await?;
    Ok(milestones
        .into_iter()
        .zip(counts.chunks(2))
        .map(|(milestone, counts)| {
            let tasks = u64::try_from(counts[0]).unwrap_or(0);
            let tasks_done = u64::try_from(counts[1]).unwrap_or(0).min(tasks);
            let progress = match tasks {
                0 => 0,
                n => u8::try_from(tasks_done * 100 / n).unwrap_or(100),
            };
            MilestoneOut {
                milestone,
                tasks,
                tasks_done,
                progress,
            }
        })
        .collect())
}
