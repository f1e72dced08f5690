//! The workspace's task stages and bug stages: the ordered columns of the task and bug boards.
//! One stage of each board may carry `complete` (the done column: a task in it counts as done);
//! giving the flag to a stage takes it from the one that held it, in the same transaction.
//! `/order` renumbers every stage of a board at once, conditioned on the versions read, so two
//! concurrent reorders never leave a duplicate or missing position. A stage that tasks or bugs
//! sit in, or the complete one, is not deleted. A new workspace starts with the real product's
//! default stages ([`defaults`]).

use std::marker::PhantomData;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use shared::auth::Module;
use shared::domain::{Color, Text};
use shared::handlers::Caller;
use shared::http::Json;
use shared::http::{ApiError, FieldErrors, ValidJson};
use shared::resource::comments::CommentParents;
use shared::resource::index::{self, IndexValue};
use shared::resource::{ops, Assign, Cx, Filter, Lists, Meta, NoFilters, Resource, Sort};
use shared::store::Write;

/// Which board: tasks or bugs. Its records take comments (declared beside them, in `tasks.rs`
/// and `bugs.rs`).
pub trait Board: CommentParents + Clone + Send + Sync + JsonSchema + 'static {
    const KIND: &'static str;
    const NAME: &'static str;
    /// Name and whether it is the done column, in board order.
    const DEFAULTS: &'static [(&'static str, &'static str, bool)];
}

#[derive(Clone, Debug, JsonSchema)]
#[schemars(rename = "Task")]
pub struct Tasks;

impl Board for Tasks {
    const KIND: &'static str = "project_task_stage";
    const NAME: &'static str = "Task stage";
    const DEFAULTS: &'static [(&'static str, &'static str, bool)] = &[
        ("Todo", "#77B6EA", false),
        ("In Progress", "#545454", false),
        ("Review", "#3CB8D9", false),
        ("Done", "#37B37E", true),
    ];
}

#[derive(Clone, Debug, JsonSchema)]
#[schemars(rename = "Bug")]
pub struct Bugs;

impl Board for Bugs {
    const KIND: &'static str = "project_bug_stage";
    const NAME: &'static str = "Bug stage";
    const DEFAULTS: &'static [(&'static str, &'static str, bool)] = &[
        ("Unconfirmed", "#77B6EA", false),
        ("Confirmed", "#6E00FF", false),
        ("In Progress", "#3CB8D9", false),
        ("Resolved", "#37B37E", false),
        ("Verified", "#545454", true),
    ];
}

/// Most stages one board has (a reorder rewrites them all in one transaction).
pub const MAX_STAGES: usize = 20;

/// A column of the task or bug board.
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
#[serde(bound = "")]
#[schemars(bound = "", rename = "ProjectStage")]
pub struct Stage<B: Board> {
    #[serde(flatten)]
    pub meta: Meta,
    pub name: String,
    pub color: Color,
    /// The done column: a task or bug in it counts as done.
    pub complete: bool,
    /// Position on the board, from 1.
    pub order: u64,
    #[serde(skip)]
    #[schemars(skip)]
    pub board: PhantomData<B>,
}

pub type TaskStage = Stage<Tasks>;
pub type BugStage = Stage<Bugs>;

/// Body of the stage create routes.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(rename = "ProjectStageIn")]
pub struct StageIn {
    #[schemars(required)]
    pub name: Option<Text<120>>,
    /// `#RRGGBB`; defaults to `#77B6EA`.
    #[schemars(transform = shared::http::schema::color)]
    pub color: Option<String>,
    /// Makes it the board's done column (the one that was loses the flag).
    pub complete: Option<bool>,
}

/// Body of the stage update routes: absent fields stay. `complete: true` moves the done flag
/// here; a stage stops being the done column only when another takes the flag.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(transform = shared::resource::patch_schema)]
#[schemars(rename = "ProjectStagePatch")]
pub struct StagePatch {
    pub name: Option<Text<120>>,
    #[schemars(transform = shared::http::schema::color)]
    pub color: Option<String>,
    pub complete: Option<bool>,
}

impl<B: Board> Resource for Stage<B> {
    fn example() -> Option<serde_json::Value> {
        Some(serde_json::json!({"name": "Review"}))
    }
    const KIND: &'static str = B::KIND;
    const NAME: &'static str = B::NAME;
    const MODULE: Module = Module::Projects;
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[
            Sort::new("order", |s| IndexValue::id(s.order)),
            Sort::new("name", |s| IndexValue::text(&s.name)),
        ],
        filters: &[Filter::<Self>::one("complete", |s| IndexValue::flag(s.complete))],
        sums: &[],
    };
    type In = StageIn;
    type Patch = StagePatch;
    type Out = Stage<B>;
    type Filters = NoFilters;
    shared::meta_field!();

    async fn build(cx: Cx<'_>, input: StageIn) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let name = errors.required_text("name", input.name);
        let color = errors.color("color", input.color);
        let name = errors.finish(name)?;
        let stages = board::<B>(cx).await?;
        if stages.len() >= MAX_STAGES {
            return Err(ApiError::limit_reached(format!(
                "A board has at most {MAX_STAGES} stages; delete one first."
            )));
        }
        Ok(Self {
            meta: Meta::default(),
            name,
            color: match color {
                Some(color) => color,
                None => hex("#77B6EA")?,
            },
            complete: input.complete.unwrap_or(false),
            order: stages.last().map_or(1, |s| s.order + 1),
            board: PhantomData,
        })
    }

    async fn apply(&mut self, _cx: Cx<'_>, patch: StagePatch) -> Result<(), ApiError> {
        let mut errors = FieldErrors::default();
        let name = errors.text("name", patch.name);
        let color = errors.color("color", patch.color);
        if patch.complete == Some(false) && self.complete {
            errors.add(
                "complete",
                "A board keeps one done column: give another stage `complete: true` instead.",
            );
        }
        errors.into_result(())?;
        self.name.assign(name);
        self.color.assign(color);
        self.complete |= patch.complete.unwrap_or(false);
        Ok(())
    }

    fn search_text(&self) -> String {
        self.name.clone()
    }

    /// Taking the done flag takes it from the stage that held it.
    async fn before_save(&self, cx: Cx<'_>, before: Option<&Self>) -> Result<Vec<Write>, ApiError> {
        if !self.complete || before.is_some_and(|b| b.complete) {
            return Ok(Vec::new());
        }
        let mut writes = Vec::new();
        for held in done_columns::<B>(cx).await? {
            if held.meta.id == self.meta.id {
                continue;
            }
            let mut after = held.clone();
            after.complete = false;
            writes.extend(ops::change_writes(cx, &held, &mut after)?);
        }
        Ok(writes)
    }

    async fn before_delete(&self, _cx: Cx<'_>) -> Result<Vec<Write>, ApiError> {
        if self.complete {
            return Err(ApiError::Conflict {
                code: "in_use",
                message: format!(
                    "{} is the board's done column; give another stage `complete: true` first.",
                    self.name
                ),
            });
        }
        Ok(Vec::new())
    }
}

/// A colour this code writes.
fn hex(value: &str) -> Result<Color, ApiError> {
    Color::parse(value).ok_or_else(|| ApiError::internal(anyhow::anyhow!("`{value}` is not a colour")))
}

/// The board's stages in order (at most [`MAX_STAGES`]): one query.
pub async fn board<B: Board>(cx: Cx<'_>) -> Result<Vec<Stage<B>>, ApiError> {
    index::top::<Stage<B>>(cx, None, "order", false, MAX_STAGES).await
}

async fn done_columns<B: Board>(cx: Cx<'_>) -> Result<Vec<Stage<B>>, ApiError> {
    let done = Some(("complete", IndexValue::flag(true)));
    index::top::<Stage<B>>(cx, done, "id", false, MAX_STAGES).await
}

/// Body of `POST /api/project/task-stage/order` and `/bug-stage/order`.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(example = serde_json::json!({"stages": [3, 1, 2, 4]}))]
pub struct OrderIn {
    /// Every stage of the board, each once, in their new order.
    #[schemars(required, length(min = 1, max = MAX_STAGES), transform = shared::http::schema::ids)]
    pub stages: Option<Vec<u64>>,
}

/// `POST /api/project/{task,bug}-stage/order`: the board in the order given, in one transaction
/// conditioned on the versions read (a concurrent reorder or change makes it 409).
pub async fn reorder<B: Board>(
    caller: Caller,
    ValidJson(input): ValidJson<OrderIn>,
) -> Result<Json<Vec<Stage<B>>>, ApiError> {
    let cx = caller.cx();
    let ids = FieldErrors::check_required(|e| e.required("stages", input.stages))?;
    let current = board::<B>(cx).await?;
    let mut sorted_ids = ids.clone();
    sorted_ids.sort_unstable();
    let mut held: Vec<u64> = current.iter().map(|s| s.meta.id).collect();
    held.sort_unstable();
    if sorted_ids != held {
        let list: Vec<String> = held.iter().map(u64::to_string).collect();
        return Err(ApiError::invalid(
            "stages",
            format!("List every stage of the board once: {}.", list.join(", ")),
        ));
    }
    let mut writes = Vec::new();
    let mut changed = false;
    let mut reordered = Vec::with_capacity(current.len());
    for (position, id) in ids.iter().enumerate() {
        let Some(stage) = current.iter().find(|s| s.meta.id == *id) else {
            continue;
        };
        let mut after = stage.clone();
        after.order = position as u64 + 1;
        if after.order != stage.order {
            changed = true;
            writes.extend(ops::change_writes(cx, stage, &mut after)?);
        } else {
            // Two reorders that renumber disjoint stages would otherwise both commit and leave
            // two stages at one position: the whole board must be as read.
            writes.push(ops::unchanged_check(cx, stage));
        }
        reordered.push(after);
    }
    if changed {
        ops::commit(cx, writes).await?;
    }
    Ok(Json(reordered))
}

/// The default stages of both boards, for a new workspace (and the sandbox).
pub async fn defaults(cx: Cx<'_>) -> Result<(), ApiError> {
    let mut batch = shared::sandbox::Batch::new(cx);
    seed_board::<Tasks>(&mut batch).await?;
    seed_board::<Bugs>(&mut batch).await?;
    batch.commit().await
}

async fn seed_board<B: Board>(batch: &mut shared::sandbox::Batch<'_>) -> Result<(), ApiError> {
    let ids = batch.ids::<Stage<B>>(B::DEFAULTS.len()).await?;
    for (position, ((name, color, complete), id)) in B::DEFAULTS.iter().zip(ids).enumerate() {
        let stage = Stage::<B> {
            meta: Meta::default(),
            name: name.to_string(),
            color: hex(color)?,
            complete: *complete,
            order: position as u64 + 1,
            board: PhantomData,
        };
        batch.add(shared::sandbox::with_id(stage, id))?;
    }
    Ok(())
}
