//! The catalogue's RPC-style CRM routes (`/api/lead/home`, `leadboard`, `lead-details`, the
//! `*-create-update` upserts, `lead-stage-update`, the form helpers). Each validates its body and
//! then calls the same resource operations as the REST-style routes.

use axum::http::StatusCode;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use shared::auth::Role;
use shared::domain::Choice;
use shared::domain::Email as EmailAddress;
use shared::handlers::Caller;
use shared::http::Json;
use shared::http::{ApiError, ValidJson};
use shared::money::Money;
use shared::resource::index::{self, IndexValue, Tally, MAX_OPTIONS};
use shared::resource::{ops, Cx, Deleted, Id, Resource};

use crate::activity::{children_of, Call, Discussion, Email, OfLead, Parent, Task};
use crate::deals::{Deal, DealBoard, DealStatus};
use crate::files::{CrmFile, CrmFileOut};
use crate::labels::{Label, Source};
use crate::leads::{Lead, LeadBoard};
use crate::pipelines::{pipeline_or_first, stage_in_pipeline, stages_of, Board, Pipeline, Stage, Staged};

type Answer<T> = Result<Json<T>, ApiError>;

/// Moves card `id` to `stage_id` at position `order` (default: last) of its pipeline's board and
/// renumbers the stage so positions stay 1, 2, 3, ...; one transaction, every record's version
/// checked.
pub async fn move_card<B: Board>(cx: Cx<'_>, id: u64, stage_id: u64, order: Option<u64>) -> Result<B::Card, ApiError> {
    let card = ops::load::<B::Card>(cx, id).await?;
    let stage = stage_in_pipeline::<B>(cx, card.pipeline_id(), Some(stage_id)).await?;
    let column = Some(("stage_id", IndexValue::id(stage.meta.id)));
    let others: Vec<B::Card> = index::top::<B::Card>(cx, column, "order", false, MAX_COLUMN)
        .await?
        .into_iter()
        .filter(|c| c.meta().id != id)
        .collect();
    let last = others.len() as u64 + 1;
    let position = order.unwrap_or(last).clamp(1, last);
    let mut extra = Vec::new();
    let mut slot = 1;
    for other in &others {
        if slot == position {
            slot += 1;
        }
        if other.order() != slot {
            let mut moved = other.clone();
            moved.place(stage.pipeline_id, Id::of(&stage), slot);
            extra.extend(ops::change_writes(cx, other, &mut moved)?);
        }
        slot += 1;
    }
    if extra.len() > 90 {
        return Err(ApiError::invalid(
            "order",
            "The stage holds too many records to reorder at once; move to the end instead.",
        ));
    }
    let mut next = card.clone();
    next.place(stage.pipeline_id, Id::of(&stage), position);
    ops::save(cx, &card, next, extra).await
}

/// Body naming a pipeline (the first one when absent).
#[derive(Debug, Default, Deserialize, JsonSchema)]
pub struct PipelineRef {
    #[schemars(transform = shared::http::schema::id)]
    pub pipeline_id: Option<u64>,
}

/// One column of a dashboard.
#[derive(Debug, Serialize, JsonSchema)]
pub struct StageSummary {
    pub id: u64,
    pub name: String,
    pub order: u64,
    pub count: usize,
    /// Sum of the column's deal amounts (0 for lead stages).
    #[schemars(transform = shared::money::running_total)]
    pub amount: Money,
}

/// Answer of `POST /api/lead/home`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Home {
    pub pipeline: Pipeline,
    pub leads_total: usize,
    pub leads_converted: usize,
    pub deals_total: usize,
    pub deals_open: usize,
    pub deals_won: usize,
    pub deals_lost: usize,
    #[schemars(transform = shared::money::running_total)]
    pub open_amount: Money,
    #[schemars(transform = shared::money::running_total)]
    pub won_amount: Money,
    /// Won over decided (won + lost) deals, in percent; 0 when none is decided.
    pub win_rate: f64,
    pub lead_stages: Vec<StageSummary>,
    pub deal_stages: Vec<StageSummary>,
    /// The five newest leads.
    pub recent_leads: Vec<Lead>,
    /// The five most recently changed deals.
    pub recent_deals: Vec<Deal>,
}

/// Most cards of one stage a board shows (and a move renumbers).
const MAX_COLUMN: usize = 500;

/// Each stage with its count of cards (and for deals, their amount), from the counters.
async fn summaries<B: Board>(
    cx: Cx<'_>,
    stages: Vec<Stage<B>>,
    with_amounts: bool,
) -> Result<Vec<StageSummary>, ApiError> {
    let mut tallies = Vec::new();
    for stage in &stages {
        tallies.push(Tally::count("stage_id", IndexValue::id(stage.meta.id)));
        if with_amounts {
            tallies.push(Tally::sum("amount", "stage_id", IndexValue::id(stage.meta.id)));
        }
    }
    let values = index::tallies::<B::Card>(cx, &tallies).await?;
    let per_stage = if with_amounts { 2 } else { 1 };
    Ok(stages
        .into_iter()
        .zip(values.chunks(per_stage))
        .map(|(s, v)| StageSummary {
            id: s.meta.id,
            name: s.name,
            order: s.order,
            count: count(v[0]),
            amount: Money::from_cents(v.get(1).copied().unwrap_or(0)),
        })
        .collect())
}

fn count(n: i64) -> usize {
    usize::try_from(n).unwrap_or(0)
}

/// `POST /api/lead/home`: counts and amounts per stage and status, and recent activity, for one
/// pipeline. Every figure is a counter kept with the writes: its cost does not grow with the
/// pipeline.
pub async fn home(caller: Caller, body: Option<ValidJson<PipelineRef>>) -> Answer<Home> {
    let cx = caller.cx();
    let wanted = body.and_then(|ValidJson(b)| b.pipeline_id);
    let pipeline = pipeline_or_first(cx, "pipeline_id", wanted).await?;
    let id = pipeline.meta.id;
    let leads_of = |converted: bool| IndexValue::text(&format!("{id}-{converted}"));
    let lead_counts = index::tallies::<Lead>(
        cx,
        &[
            Tally::count("pipeline_id", IndexValue::id(id)),
            Tally::count("pipeline_converted", leads_of(true)),
        ],
    )
    .await?;
    let deals_in = |status: DealStatus| IndexValue::text(&format!("{id}-{}", status.as_str()));
    let deal_counts = index::tallies::<Deal>(
        cx,
        &[
            Tally::count("pipeline_id", IndexValue::id(id)),
            Tally::count("pipeline_status", deals_in(DealStatus::Open)),
            Tally::count("pipeline_status", deals_in(DealStatus::Won)),
            Tally::count("pipeline_status", deals_in(DealStatus::Lost)),
            Tally::sum("amount", "pipeline_status", deals_in(DealStatus::Open)),
            Tally::sum("amount", "pipeline_status", deals_in(DealStatus::Won)),
        ],
    )
    .await?;
    let (won, lost) = (count(deal_counts[2]), count(deal_counts[3]));
    let by_pipeline = Some(("pipeline_id", IndexValue::id(id)));
    let home = Home {
        leads_total: count(lead_counts[0]),
        leads_converted: count(lead_counts[1]),
        deals_total: count(deal_counts[0]),
        deals_open: count(deal_counts[1]),
        deals_won: won,
        deals_lost: lost,
        open_amount: Money::from_cents(deal_counts[4]),
        won_amount: Money::from_cents(deal_counts[5]),
        win_rate: if won + lost == 0 {
            0.0
        } else {
            (won as f64 * 1000.0 / (won + lost) as f64).round() / 10.0
        },
        lead_stages: summaries(cx, stages_of::<LeadBoard>(cx, Id::of(&pipeline)).await?, false).await?,
        deal_stages: summaries(cx, stages_of::<DealBoard>(cx, Id::of(&pipeline)).await?, true).await?,
        recent_leads: index::top::<Lead>(cx, by_pipeline.clone(), "id", true, 5).await?,
        recent_deals: index::top::<Deal>(cx, by_pipeline, "updated_at", true, 5).await?,
        pipeline,
    };
    Ok(Json(home))
}

/// One column of the lead board.
#[derive(Debug, Serialize, JsonSchema)]
#[schemars(rename = "LeadBoardColumn")]
pub struct BoardColumn {
    pub stage: Stage<LeadBoard>,
    pub leads: Vec<Lead>,
}

/// Answer of `POST /api/lead/leadboard`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Leadboard {
    pub pipeline: Pipeline,
    pub stages: Vec<BoardColumn>,
}

/// `POST /api/lead/leadboard`: a pipeline's lead stages with their leads in board order.
pub async fn leadboard(caller: Caller, body: Option<ValidJson<PipelineRef>>) -> Answer<Leadboard> {
    let cx = caller.cx();
    let pipeline = pipeline_or_first(cx, "pipeline_id", body.and_then(|ValidJson(b)| b.pipeline_id)).await?;
    let mut stages = Vec::new();
    for stage in stages_of::<LeadBoard>(cx, Id::of(&pipeline)).await? {
        let column = Some(("stage_id", IndexValue::id(stage.meta.id)));
        let leads = index::top::<Lead>(cx, column, "order", false, MAX_COLUMN).await?;
        stages.push(BoardColumn { stage, leads });
    }
    Ok(Json(Leadboard { pipeline, stages }))
}

/// Body naming a lead: `lead_id` (or `id`).
#[derive(Debug, Deserialize, JsonSchema)]
pub struct LeadRef {
    #[serde(alias = "id")]
    #[schemars(required, transform = shared::http::schema::id)]
    pub lead_id: Option<u64>,
}

fn lead_id(body: LeadRef) -> Result<u64, ApiError> {
    body.lead_id
        .ok_or_else(|| ApiError::invalid("lead_id", "The lead id field is required."))
}

/// Answer of `POST /api/lead/lead-details`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct LeadDetails {
    pub lead: Lead,
    pub pipeline: Pipeline,
    pub stage: Stage<LeadBoard>,
    pub labels: Vec<Label>,
    pub sources: Vec<Source>,
    pub tasks: Vec<Task>,
    pub calls: Vec<Call>,
    pub emails: Vec<Email>,
    pub discussions: Vec<Discussion>,
    pub files: Vec<CrmFileOut>,
}

/// `POST /api/lead/lead-details`: a lead with its pipeline, stage, labels, sources and activity.
pub async fn lead_details(caller: Caller, ValidJson(body): ValidJson<LeadRef>) -> Answer<LeadDetails> {
    let cx = caller.cx();
    let lead = ops::load::<Lead>(cx, lead_id(body)?).await?;
    let owner = OfLead::owner(lead.meta.id);
    Ok(Json(LeadDetails {
        pipeline: ops::load_id(cx, lead.pipeline_id).await?,
        stage: ops::load_id(cx, lead.stage_id).await?,
        labels: ops::load_many::<Label>(cx, &lead.labels).await?,
        sources: ops::load_many::<Source>(cx, &lead.sources).await?,
        tasks: children_of(cx, owner).await?,
        calls: children_of(cx, owner).await?,
        emails: children_of(cx, owner).await?,
        discussions: children_of(cx, owner).await?,
        files: children_of::<CrmFile>(cx, owner)
            .await?
            .into_iter()
            .map(Into::into)
            .collect(),
        lead,
    }))
}

/// `POST /api/lead/lead-delete` {lead_id}.
pub async fn lead_delete(caller: Caller, ValidJson(body): ValidJson<LeadRef>) -> Answer<Deleted> {
    let id = lead_id(body)?;
    ops::remove::<Lead>(caller.cx(), id, None).await?;
    Ok(Json(Deleted {
        message: "Lead deleted.".into(),
        id,
    }))
}

/// Body of `POST /api/lead/lead-stage-update`.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(example = serde_json::json!({"lead_id": 7, "stage_id": 3, "order": 1}))]
pub struct LeadMove {
    #[schemars(required, transform = shared::http::schema::id)]
    pub lead_id: Option<u64>,
    #[schemars(required, transform = shared::http::schema::id)]
    pub stage_id: Option<u64>,
    /// 1-based position in the stage; default: last.
    pub order: Option<u64>,
}

/// `POST /api/lead/lead-stage-update`: moves a lead to a stage (and position) of its pipeline.
pub async fn lead_stage_update(caller: Caller, ValidJson(body): ValidJson<LeadMove>) -> Answer<Lead> {
    let mut errors = shared::http::FieldErrors::default();
    let lead = errors.required("lead_id", body.lead_id);
    let stage = errors.required("stage_id", body.stage_id);
    let (Some(lead), Some(stage)) = errors.into_result((lead, stage))? else {
        return Err(ApiError::invalid("lead_id", "The lead id field is required."));
    };
    Ok(Json(
        move_card::<LeadBoard>(caller.cx(), lead, stage, body.order).await?,
    ))
}

/// [`ops::upsert`], answered as `R::Out`.
async fn upsert<R: Resource>(cx: Cx<'_>, body: Value) -> Result<(StatusCode, Json<R::Out>), ApiError> {
    let (status, record) = ops::upsert::<R>(cx, body).await?;
    Ok((status, Json(record.into())))
}

/// `POST /api/lead/lead-create-update`: without `id` a `POST /api/lead/create` (201), with `id` a
/// `POST /api/lead/update/{id}`.
pub async fn lead_create_update(
    caller: Caller,
    ValidJson(body): ValidJson<Value>,
) -> Result<(StatusCode, Json<Lead>), ApiError> {
    upsert::<Lead>(caller.cx(), body).await
}

/// `POST /api/lead/lead-stage-create-update`: a lead stage, created or updated.
pub async fn lead_stage_create_update(
    caller: Caller,
    ValidJson(body): ValidJson<Value>,
) -> Result<(StatusCode, Json<Stage<LeadBoard>>), ApiError> {
    upsert::<Stage<LeadBoard>>(caller.cx(), body).await
}

/// `POST /api/lead/pipeline-create-update`: a pipeline, created or updated.
pub async fn pipeline_create_update(
    caller: Caller,
    ValidJson(body): ValidJson<Value>,
) -> Result<(StatusCode, Json<Pipeline>), ApiError> {
    upsert::<Pipeline>(caller.cx(), body).await
}

/// Answer of `POST /api/lead/lead-stages`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct PipelineStages {
    pub pipeline: Pipeline,
    pub lead_stages: Vec<Stage<LeadBoard>>,
    pub deal_stages: Vec<Stage<DealBoard>>,
}

async fn pipeline_stages(cx: Cx<'_>, pipeline: Pipeline) -> Result<PipelineStages, ApiError> {
    Ok(PipelineStages {
        lead_stages: stages_of::<LeadBoard>(cx, Id::of(&pipeline)).await?,
        deal_stages: stages_of::<DealBoard>(cx, Id::of(&pipeline)).await?,
        pipeline,
    })
}

/// `POST /api/lead/lead-stages`: one pipeline's stages, in order.
pub async fn lead_stages(caller: Caller, body: Option<ValidJson<PipelineRef>>) -> Answer<PipelineStages> {
    let cx = caller.cx();
    let pipeline = pipeline_or_first(cx, "pipeline_id", body.and_then(|ValidJson(b)| b.pipeline_id)).await?;
    Ok(Json(pipeline_stages(cx, pipeline).await?))
}

/// Answer of `GET /api/lead/pipelines`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Pipelines {
    pub data: Vec<PipelineStages>,
}

/// `GET /api/lead/pipelines`: every pipeline with its lead and deal stages.
pub async fn pipelines_with_stages(Caller { state, principal }: Caller) -> Answer<Pipelines> {
    let cx = Cx::new(&state, &principal);
    let mut data = Vec::new();
    for pipeline in index::top::<Pipeline>(cx, None, "id", false, MAX_OPTIONS).await? {
        data.push(pipeline_stages(cx, pipeline).await?);
    }
    Ok(Json(Pipelines { data }))
}

/// A user as the CRM forms offer them.
#[derive(Debug, Serialize, JsonSchema)]
pub struct UserOption {
    pub id: u64,
    pub name: String,
    pub email: EmailAddress,
    /// `owner`, `admin`, `staff`, `client` or `vendor`.
    pub role: String,
}

async fn user_options(cx: Cx<'_>, keep: impl Fn(Role) -> bool) -> Result<Vec<UserOption>, ApiError> {
    Ok(index::top::<identity::users::User>(cx, None, "id", false, MAX_OPTIONS)
        .await?
        .into_iter()
        .filter(|u| keep(u.role))
        .map(|u| UserOption {
            id: u.id,
            name: u.name,
            email: u.email,
            role: u.role.as_str().into(),
        })
        .collect())
}

/// Answer of `GET /api/lead/get-users`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Users {
    pub data: Vec<UserOption>,
}

/// `GET /api/lead/get-users`: the users a lead can be assigned to (everyone but clients and vendors).
pub async fn get_users(Caller { state, principal }: Caller) -> Answer<Users> {
    let cx = Cx::new(&state, &principal);
    Ok(Json(Users {
        data: user_options(cx, |r| !matches!(r, Role::Client | Role::Vendor)).await?,
    }))
}

/// Answer of `GET /api/lead/get-request-data`: every option list the lead and deal forms need.
#[derive(Debug, Serialize, JsonSchema)]
#[schemars(rename = "CrmRequestData")]
pub struct RequestData {
    pub pipelines: Vec<PipelineStages>,
    pub labels: Vec<Label>,
    pub sources: Vec<Source>,
    pub users: Vec<UserOption>,
    pub clients: Vec<UserOption>,
    pub deal_statuses: Vec<String>,
    pub task_priorities: Vec<String>,
    pub task_statuses: Vec<String>,
    pub call_types: Vec<String>,
}

/// `GET /api/lead/get-request-data`.
pub async fn get_request_data(Caller { state, principal }: Caller) -> Answer<RequestData> {
    let cx = Cx::new(&state, &principal);
    let mut pipelines = Vec::new();
    for pipeline in index::top::<Pipeline>(cx, None, "id", false, MAX_OPTIONS).await? {
        pipelines.push(pipeline_stages(cx, pipeline).await?);
    }
    let strings = |list: &[&str]| list.iter().map(|s| s.to_string()).collect();
    Ok(Json(RequestData {
        pipelines,
        labels: index::top(cx, None, "id", false, MAX_OPTIONS).await?,
        sources: index::top(cx, None, "id", false, MAX_OPTIONS).await?,
        users: user_options(cx, |r| !matches!(r, Role::Client | Role::Vendor)).await?,
        clients: user_options(cx, |r| r == Role::Client).await?,
        deal_statuses: strings(&["open", "won", "lost"]),
        task_priorities: strings(<crate::activity::TaskPriority as Choice>::VALUES),
        task_statuses: strings(<crate::activity::TaskStatus as Choice>::VALUES),
        call_types: strings(<crate::activity::CallType as Choice>::VALUES),
    }))
}
