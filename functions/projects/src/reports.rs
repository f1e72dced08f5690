//! Project reports: tasks and bugs by stage, overdue tasks, logged hours and the budget spent
//! (the cost of the milestones reached). Every figure comes from counters and sums kept with the
//! records, or from index entries (overdue tasks): a page of projects costs one read of each
//! board's stages, one round trip per kind of counter for all of them, and one index query per
//! project and open task stage, whatever the projects hold.

use schemars::JsonSchema;
use serde::Serialize;
use shared::domain::Date;
use shared::handlers::Caller;
use shared::http::Json;
use shared::http::{ApiError, ListResponse, Listing, ValidPath};
use shared::money::Money;
use shared::resource::index::{self, IndexValue, Tally};
use shared::resource::{ops, Cx};

use crate::bugs::Bug;
use crate::milestones::{project_status, Milestone, MilestoneStatus};
use crate::projects::{Project, ProjectFilters};
use crate::stages::{self, Board, Bugs, Stage, Tasks};
use crate::tasks::Task;
use crate::timers;
use crate::work::column;

/// Overdue tasks are counted exactly up to this many per stage.
pub const OVERDUE_CAP: usize = 1000;

/// How many of a project's tasks or bugs sit in one stage.
#[derive(Debug, Serialize, JsonSchema)]
pub struct StageCount {
    pub stage_id: u64,
    pub name: String,
    /// The board's done column.
    pub complete: bool,
    pub count: u64,
}

/// A board's figures for one project.
#[derive(Debug, Serialize, JsonSchema)]
pub struct BoardFigures {
    pub by_stage: Vec<StageCount>,
    pub total: u64,
    /// In the done column.
    pub done: u64,
}

/// A project's figures.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ProjectReport {
    pub project: Project,
    pub tasks: BoardFigures,
    /// Tasks outside the done column due before today (counted up to 1,000 per stage).
    pub overdue_tasks: u64,
    pub bugs: BoardFigures,
    pub milestones: u64,
    pub milestones_complete: u64,
    /// Time stopped on the project's tasks.
    pub seconds_logged: u64,
    /// The same in hours, to two decimals.
    pub hours_logged: f64,
    pub budget: Money,
    /// The cost of the project's complete milestones.
    #[schemars(transform = shared::money::running_total)]
    pub budget_spent: Money,
    /// Budget less spent (negative when over budget).
    #[schemars(transform = shared::money::running_total)]
    pub budget_remaining: Money,
}

fn board_figures<B: Board>(stages: &[Stage<B>], counts: &[i64]) -> BoardFigures {
    let mut figures = BoardFigures {
        by_stage: Vec::with_capacity(stages.len()),
        total: 0,
        done: 0,
    };
    for (stage, count) in stages.iter().zip(counts) {
        let count = u64::try_from(*count).unwrap_or(0);
        figures.total += count;
        if stage.complete {
            figures.done += count;
        }
        figures.by_stage.push(StageCount {
            stage_id: stage.meta.id,
            name: stage.name.clone(),
            complete: stage.complete,
            count,
        });
    }
    figures
}

fn column_tallies<B: Board>(projects: &[Project], stages: &[Stage<B>]) -> Vec<Tally> {
    projects
        .iter()
        .flat_map(|p| {
            stages
                .iter()
                .map(|s| Tally::count("column", column(p.meta.id, s.meta.id)))
        })
        .collect()
}

/// The reports of `projects`, in their order.
pub async fn reports(cx: Cx<'_>, projects: Vec<Project>) -> Result<Vec<ProjectReport>, ApiError> {
    let (task_stages, bug_stages) = futures::try_join!(stages::board::<Tasks>(cx), stages::board::<Bugs>(cx))?;
    let milestone_tallies: Vec<Tally> = projects
        .iter()
        .flat_map(|p| {
            let complete = project_status(p.meta.id, MilestoneStatus::Complete);
            [
                Tally::count("project_id", IndexValue::id(p.meta.id)),
                Tally::count("project_status", complete.clone()),
                Tally::sum("cost", "project_status", complete),
            ]
        })
        .collect();
    let ids: Vec<u64> = projects.iter().map(|p| p.meta.id).collect();
    let today = IndexValue::date(Date::today().as_str());
    let open_columns: Vec<IndexValue> = projects
        .iter()
        .flat_map(|p| {
            task_stages
                .iter()
                .filter(|s| !s.complete)
                .map(|s| column(p.meta.id, s.meta.id))
        })
        .collect();
    let overdue = futures::future::try_join_all(
        open_columns
            .into_iter()
            .map(|c| index::count_below::<Task>(cx, ("column", c), "due_date", &today, OVERDUE_CAP)),
    );
    let (task_columns, bug_columns) = (
        column_tallies(&projects, &task_stages),
        column_tallies(&projects, &bug_stages),
    );
    let (task_counts, bug_counts, milestone_figures, logged, overdue) = futures::try_join!(
        index::tallies::<Task>(cx, &task_columns),
        index::tallies::<Bug>(cx, &bug_columns),
        index::tallies::<Milestone>(cx, &milestone_tallies),
        timers::logged(cx, "project_id", &ids),
        overdue,
    )?;
    let open_stages = task_stages.iter().filter(|s| !s.complete).count();
    let mut reports = Vec::with_capacity(projects.len());
    for (i, project) in projects.into_iter().enumerate() {
        let tasks = board_figures(&task_stages, &task_counts[i * task_stages.len()..][..task_stages.len()]);
        let bugs = board_figures(&bug_stages, &bug_counts[i * bug_stages.len()..][..bug_stages.len()]);
        let milestone = &milestone_figures[i * 3..][..3];
        let spent = Money::from_cents(milestone[2]);
        let seconds_logged = logged[i];
        reports.push(ProjectReport {
            overdue_tasks: overdue[i * open_stages..][..open_stages].iter().sum(),
            tasks,
            bugs,
            milestones: u64::try_from(milestone[0]).unwrap_or(0),
            milestones_complete: u64::try_from(milestone[1]).unwrap_or(0),
            seconds_logged,
            hours_logged: (seconds_logged as f64 / 36.0).round() / 100.0,
            budget: project.budget,
            budget_spent: spent,
            budget_remaining: project.budget.minus(spent),
            project,
        });
    }
    Ok(reports)
}

/// `GET /api/project/report/{id}`.
pub async fn project_report(caller: Caller, ValidPath(id): ValidPath<u64>) -> Result<Json<ProjectReport>, ApiError> {
    let cx = caller.cx();
    let project = ops::load::<Project>(cx, id).await?;
    let mut reports = reports(cx, vec![project]).await?;
    reports
        .pop()
        .map(Json)
        .ok_or_else(|| ApiError::internal(anyhow::anyhow!("a report for each project")))
}

/// `GET /api/project/reports`: a page of projects (filtered and sorted like the projects list),
/// each with its figures.
pub async fn project_reports(
    caller: Caller,
    listing: Listing<ProjectFilters>,
) -> Result<Json<ListResponse<ProjectReport>>, ApiError> {
    let cx = caller.cx();
    let page = index::list::<Project, _>(cx, &listing, None).await?.records()?;
    let data = reports(cx, page.data).await?;
    Ok(Json(ListResponse { data, meta: page.meta }))
}
