//! `PATCH /api/v1/deals/{id}` (the specification's 4.2 table): a deal's stage (by name or id,
//! within the deal's pipeline), amount and close date, through the CRM's own deal operations.

use crm::deals::{stage_by_name_or_id, Deal, DealPatch};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use shared::handlers::Caller;
use shared::http::Json;
use shared::http::{ApiError, IfMatch, ValidPath};
use shared::money::Money;
use shared::resource::PatchJson;
use shared::resource::{ops, Resource};

/// A stage by name (`"Proposal"`) or by id.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum StageRef {
    Id(u64),
    Name(String),
}

/// Body of `PATCH /api/v1/deals/{id}`.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(transform = shared::resource::patch_schema)]
#[schemars(example = serde_json::json!({"stage": "Proposal", "amount": 48000, "close_date": "2027-02-28"}))]
pub struct DealChange {
    /// A deal stage of the deal's pipeline, by name or id; a change emits `deal.stage_changed`.
    pub stage: Option<StageRef>,
    #[schemars(transform = shared::money::at_least_zero)]
    pub amount: Option<Money>,
    /// `YYYY-MM-DD`, or `null` to clear.
    #[serde(default, with = "shared::resource::Clearable::<String>")]
    #[schemars(transform = shared::http::schema::date)]
    pub close_date: Option<Option<String>>,
    /// `open`, `won` or `lost`.
    #[schemars(transform = shared::http::schema::one_of_or_null::<crm::deals::DealStatus>)]
    pub status: Option<String>,
    /// Values of the workspace's custom fields on deals, by key (`null` clears one).
    pub custom_fields: Option<shared::resource::custom::CustomValuesIn>,
    /// The version the change is based on; a stale one is 409.
    pub version: Option<u64>,
}

/// A stage as the answer names it.
#[derive(Debug, Serialize, JsonSchema)]
pub struct StageName {
    pub id: u64,
    pub name: String,
}

/// Answer of `PATCH /api/v1/deals/{id}`: the deal, and its stage by id and name (so a caller who
/// sent a stage's name sees which stage it named).
#[derive(Debug, Serialize, JsonSchema)]
pub struct DealChanged {
    #[serde(flatten)]
    pub deal: Deal,
    pub stage: StageName,
}

pub async fn update_deal(
    caller: Caller,
    ValidPath(id): ValidPath<u64>,
    IfMatch(if_match): IfMatch,
    PatchJson(body): PatchJson<DealChange>,
) -> Result<Json<DealChanged>, ApiError> {
    let cx = caller.cx();
    let current = ops::load::<Deal>(cx, id).await?;
    ops::check_version(&current, body.version.or(if_match))?;
    let stage_id = match body.stage {
        Some(StageRef::Id(id)) => Some(stage_by_name_or_id(cx, current.pipeline_id, &id.to_string()).await?),
        Some(StageRef::Name(name)) => Some(stage_by_name_or_id(cx, current.pipeline_id, &name).await?),
        None => None,
    };
    let patch = DealPatch {
        stage_id,
        amount: body.amount,
        close_date: body.close_date,
        status: body.status,
        custom_fields: body.custom_fields,
        ..DealPatch::default()
    };
    let mut next = current.clone();
    next.apply(cx, patch).await?;
    let deal = ops::save(cx, &current, next, Vec::new()).await?;
    let stage = ops::load_id(cx, deal.stage_id).await?;
    let stage = StageName {
        id: stage.meta.id,
        name: stage.name,
    };
    Ok(Json(DealChanged { deal, stage }))
}
