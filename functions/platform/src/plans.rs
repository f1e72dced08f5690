//! `GET /api/public/plans`: the plans, their modules, limits and prices. No token needed.

use serde::Serialize;
use shared::http::Json;
use shared::http::{paginate, ApiError, ListParams, ListResponse, ValidPath, ValidQuery};
use shared::plans::{Plan, PLANS};

/// A plan as the catalogue shows it.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct PlanOut {
    pub id: &'static str,
    pub name: &'static str,
    pub description: &'static str,
    /// Module names enabled on the plan.
    pub modules: Vec<&'static str>,
    /// Per token; `burst` requests may come at once.
    pub requests_per_hour: u32,
    pub burst: u32,
    /// Custom fields a workspace on the plan may define, across its kinds of record.
    pub custom_fields: u32,
    pub price_monthly: u32,
    pub price_yearly: u32,
    pub currency: &'static str,
    pub trial_days: u32,
}

impl From<&Plan> for PlanOut {
    fn from(plan: &Plan) -> Self {
        Self {
            id: plan.id,
            name: plan.name,
            description: plan.description,
            modules: plan.modules.iter().map(|m| m.as_str()).collect(),
            requests_per_hour: plan.requests_per_hour,
            burst: plan.requests_per_hour * 2,
            custom_fields: plan.custom_fields,
            price_monthly: plan.price_monthly,
            price_yearly: plan.price_yearly,
            currency: plan.currency,
            trial_days: plan.trial_days,
        }
    }
}

/// `GET /api/public/plans/{plan}`.
pub async fn show_plan(ValidPath(plan): ValidPath<String>) -> Result<Json<PlanOut>, ApiError> {
    let plan = PLANS.iter().find(|p| p.id == plan);
    Ok(Json(PlanOut::from(*plan.ok_or_else(|| ApiError::not_found("Plan"))?)))
}

pub async fn list_plans(ValidQuery(params): ValidQuery<ListParams>) -> Result<Json<ListResponse<PlanOut>>, ApiError> {
    Ok(Json(paginate(
        PLANS.iter().map(|p| PlanOut::from(*p)).collect(),
        &params,
    )?))
}
