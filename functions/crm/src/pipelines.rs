//! Pipelines and their ordered lead and deal stages. A new workspace starts with the "Sales"
//! pipeline and its default stages (written by the seeder, `seed.rs`).

use std::marker::PhantomData;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use shared::auth::Module;
use shared::domain::Text;
use shared::http::{ApiError, FieldErrors};
use shared::resource::index::{self, IndexValue};
use shared::resource::{kept, ops, Assign, Cx, Filter, Id, Lists, Meta, NoFilters, Ref, Resource, Sort};
use shared::store::Partition;

/// A sales pipeline: leads and deals each move through its stages.
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
pub struct Pipeline {
    #[serde(flatten)]
    pub meta: Meta,
    pub name: String,
}

/// Body of `POST /api/pipeline/create`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct PipelineIn {
    /// At most 120 characters.
    #[schemars(required)]
    pub name: Option<Text<120>>,
}

/// Body of `POST /api/pipeline/update/{id}`.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(transform = shared::resource::patch_schema)]
pub struct PipelinePatch {
    pub name: Option<Text<120>>,
}

impl Resource for Pipeline {
    fn example() -> Option<serde_json::Value> {
        Some(serde_json::json!({"name": "Enterprise sales"}))
    }
    const KIND: &'static str = "crm_pipeline";
    const NAME: &'static str = "Pipeline";
    const MODULE: Module = Module::Crm;
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[Sort::new("name", |p| IndexValue::text(&p.name))],
        filters: &[],
        sums: &[],
    };
    type In = PipelineIn;
    type Patch = PipelinePatch;
    type Out = Pipeline;
    type Filters = NoFilters;

    shared::meta_field!();

    async fn build(_cx: Cx<'_>, input: PipelineIn) -> Result<Self, ApiError> {
        let name = FieldErrors::check_required(|e| e.required_text("name", input.name))?;
        Ok(Self {
            meta: Meta::default(),
            name,
        })
    }

    async fn apply(&mut self, _cx: Cx<'_>, patch: PipelinePatch) -> Result<(), ApiError> {
        self.name.assign(FieldErrors::check(|e| e.text("name", patch.name))?);
        Ok(())
    }

    fn search_text(&self) -> String {
        self.name.clone()
    }
}

/// Most stages (of each board) or labels one pipeline has that its screens read.
const MAX_PER_PIPELINE: usize = 200;

/// The pipeline `id`, or the workspace's first one when `None` (422 on `field` when neither exists).
pub async fn pipeline_or_first(cx: Cx<'_>, field: &str, id: Option<u64>) -> Result<Pipeline, ApiError> {
    match id {
        Some(id) => ops::check_reference::<Pipeline>(cx, field, id).await,
        None => index::top::<Pipeline>(cx, None, "id", false, 1)
            .await?
            .into_iter()
            .next()
            .ok_or_else(|| ApiError::invalid(field, "The workspace has no pipeline; create one first.")),
    }
}

/// The stage a new record of board `B` goes to: the one its body names (on the pipeline it names,
/// each checked), by default the first pipeline's first stage. That default is kept by the
/// instance ([`kept::value`]): most creates need it and it changes rarely. One changed by another
/// instance within the cache time still places the record in a stage that existed then; one
/// deleted there fails the create's reference check (409), after which this instance reads the
/// default again.
pub async fn place_new<B: Board>(
    cx: Cx<'_>,
    pipeline_id: Option<u64>,
    stage_id: Option<u64>,
) -> Result<Stage<B>, ApiError> {
    if pipeline_id.is_some() || stage_id.is_some() {
        let pipeline = pipeline_or_first(cx, "pipeline_id", pipeline_id).await?;
        return stage_in_pipeline::<B>(cx, Id::of(&pipeline), stage_id).await;
    }
    let partitions = [
        Partition::tenant(cx.tenant(), <Pipeline as Resource>::KIND),
        Partition::tenant(cx.tenant(), B::STAGE_KIND),
    ];
    let first = kept::value(cx, &partitions, || async {
        let pipeline = pipeline_or_first(cx, "pipeline_id", None).await?;
        Ok(FirstStage(stage_in_pipeline::<B>(cx, Id::of(&pipeline), None).await?))
    })
    .await?;
    Ok(first.0.clone())
}

/// The first pipeline's first stage of board `B`, as [`place_new`] keeps it.
struct FirstStage<B: Board>(Stage<B>);

/// A record that sits in a pipeline stage (a lead or a deal).
pub trait Staged: Resource {
    type Board: Board<Card = Self>;
    fn pipeline_id(&self) -> Id<Pipeline>;
    fn stage_id(&self) -> Id<Stage<Self::Board>>;
    /// Position within its stage.
    fn order(&self) -> u64;
    /// Puts the record in `stage` of `pipeline` at `order`.
    fn place(&mut self, pipeline: Id<Pipeline>, stage: Id<Stage<Self::Board>>, order: u64);
}

/// Which board a stage belongs to: leads or deals.
pub trait Board: Clone + Send + Sync + 'static {
    const STAGE_KIND: &'static str;
    const STAGE_NAME: &'static str;
    /// The records that sit in these stages.
    type Card: Staged<Board = Self>;
}

/// A lead stage or a deal stage: a column of its pipeline's board, in `order`.
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
#[serde(bound = "")]
#[schemars(bound = "", rename = "Stage")]
pub struct Stage<B: Board> {
    #[serde(flatten)]
    pub meta: Meta,
    pub name: String,
    pub pipeline_id: Id<Pipeline>,
    /// Position on the board, from 1.
    pub order: u64,
    #[serde(skip)]
    #[schemars(skip)]
    pub board: PhantomData<B>,
}

/// Body of `POST /api/lead-stage/create` and `POST /api/deal-stage/create`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct StageIn {
    #[schemars(required)]
    pub name: Option<Text<120>>,
    /// Defaults to the first pipeline.
    #[schemars(transform = shared::http::schema::id)]
    pub pipeline_id: Option<u64>,
    /// Defaults to after the pipeline's last stage.
    #[schemars(range(min = 1, max = 10000))]
    pub order: Option<u64>,
}

/// Body of the stage update routes.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(transform = shared::resource::patch_schema)]
pub struct StagePatch {
    pub name: Option<Text<120>>,
    #[schemars(range(min = 1, max = 10000))]
    pub order: Option<u64>,
}

/// Positions run from 1 to this (a board has far fewer columns; the bound keeps `last + 1` sane).
const MAX_STAGE_ORDER: u64 = 10_000;

fn check_order(errors: &mut FieldErrors, order: Option<u64>) {
    if order.is_some_and(|o| !(1..=MAX_STAGE_ORDER).contains(&o)) {
        errors.add(
            "order",
            format!("The order field must be between 1 and {MAX_STAGE_ORDER}."),
        );
    }
}

/// `?pipeline_id=` on the stage lists.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
pub struct StageFilters {
    pub pipeline_id: Option<u64>,
}

impl<B: Board> Resource for Stage<B> {
    fn example() -> Option<serde_json::Value> {
        Some(
            serde_json::json!({"name": "Qualified", "pipeline_id": shared::resource::example::id_of::<crate::pipelines::Pipeline>()}),
        )
    }
    const KIND: &'static str = B::STAGE_KIND;
    const NAME: &'static str = B::STAGE_NAME;
    const MODULE: Module = Module::Crm;
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[
            Sort::new("order", |s| {
                IndexValue::text(&format!("{:020}{:020}", s.pipeline_id, s.order))
            }),
            Sort::new("name", |s| IndexValue::text(&s.name)),
        ],
        filters: &[Filter::<Self>::one("pipeline_id", |s| IndexValue::id(s.pipeline_id.get())).sorted_by(&["order"])],
        sums: &[],
    };
    /// A stage lives in its pipeline and goes with it.
    const REFS: &'static [Ref<Self>] = &[Ref::cascade(<Pipeline as Resource>::KIND, "pipeline_id", |s| {
        vec![s.pipeline_id.get()]
    })];
    type In = StageIn;
    type Patch = StagePatch;
    type Out = Stage<B>;
    type Filters = StageFilters;

    shared::meta_field!();

    async fn build(cx: Cx<'_>, input: StageIn) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let name = errors.required_text("name", input.name);
        check_order(&mut errors, input.order);
        let name = errors.finish(name)?;
        let pipeline = pipeline_or_first(cx, "pipeline_id", input.pipeline_id).await?;
        let order = match input.order {
            Some(order) => order,
            None => stages_of::<B>(cx, Id::of(&pipeline))
                .await?
                .last()
                .map_or(1, |s| s.order.saturating_add(1).min(MAX_STAGE_ORDER)),
        };
        Ok(Self {
            meta: Meta::default(),
            name,
            pipeline_id: Id::of(&pipeline),
            order,
            board: PhantomData,
        })
    }

    async fn apply(&mut self, _cx: Cx<'_>, patch: StagePatch) -> Result<(), ApiError> {
        let mut errors = FieldErrors::default();
        let name = errors.text("name", patch.name);
        check_order(&mut errors, patch.order);
        errors.into_result(())?;
        if let Some(name) = name {
            self.name = name;
        }
        if let Some(order) = patch.order {
            self.order = order;
        }
        Ok(())
    }

    fn search_text(&self) -> String {
        self.name.clone()
    }
}

/// The position after the last card of `stage`: one read of the stage's board-order index.
pub async fn next_order<B: Board>(cx: Cx<'_>, stage: Id<Stage<B>>) -> Result<u64, ApiError> {
    let last = index::top::<B::Card>(cx, Some(("stage_id", IndexValue::id(stage.get()))), "order", true, 1).await?;
    Ok(last.first().map_or(0, |c| c.order()) + 1)
}

/// Applies an update body's `pipeline_id` / `stage_id` (either may be absent) to `record`: the
/// stage must be on the pipeline's board (default: its first); a new stage puts the record last.
pub async fn restage<B: Board>(
    cx: Cx<'_>,
    record: &mut B::Card,
    pipeline_id: Option<u64>,
    stage_id: Option<u64>,
) -> Result<(), ApiError> {
    if pipeline_id.is_none() && stage_id.is_none() {
        return Ok(());
    }
    let pipeline = pipeline_or_first(cx, "pipeline_id", pipeline_id.or(Some(record.pipeline_id().get()))).await?;
    let stage = stage_in_pipeline::<B>(cx, Id::of(&pipeline), stage_id).await?;
    let order = match Id::of(&stage) == record.stage_id() {
        true => record.order(),
        false => next_order::<B>(cx, Id::of(&stage)).await?,
    };
    record.place(Id::of(&pipeline), Id::of(&stage), order);
    Ok(())
}

/// A pipeline's stages in board order.
pub async fn stages_of<B: Board>(cx: Cx<'_>, pipeline: Id<Pipeline>) -> Result<Vec<Stage<B>>, ApiError> {
    let by_pipeline = Some(("pipeline_id", IndexValue::id(pipeline.get())));
    index::top::<Stage<B>>(cx, by_pipeline, "order", false, MAX_PER_PIPELINE).await
}

/// The stage a record goes to: `stage_id` (a body's, checked here: it must be on `pipeline`'s
/// board) or the first.
pub async fn stage_in_pipeline<B: Board>(
    cx: Cx<'_>,
    pipeline: Id<Pipeline>,
    stage_id: Option<u64>,
) -> Result<Stage<B>, ApiError> {
    match stage_id {
        Some(id) => {
            let stage = ops::check_reference::<Stage<B>>(cx, "stage_id", id).await?;
            if stage.pipeline_id != pipeline {
                return Err(ApiError::invalid(
                    "stage_id",
                    format!("Stage {id} is not a stage of pipeline {pipeline}."),
                ));
            }
            Ok(stage)
        }
        None => stages_of::<B>(cx, pipeline).await?.into_iter().next().ok_or_else(|| {
            ApiError::invalid(
                "stage_id",
                format!("Pipeline {pipeline} has no stages yet; create one first."),
            )
        }),
    }
}
