//! Sales agents: users who earn a commission on the sales invoices credited to them. The record
//! lives here, beside the invoices that name it (an invoice takes its agent's rate when the agent
//! is set); the sales module serves the routes and the commissions owed.
//!
//! A commission is owed once its invoice is paid, at the rate the invoice took, on the invoice's
//! amount net of tax; it stays owed until `commissions/pay` records it paid.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use shared::auth::Module;
use shared::http::{ApiError, FieldErrors};
use shared::money::Percent;
use shared::resource::index::IndexValue;
use shared::resource::{Assign, Cx, Filter, Lists, Meta, Resource, Sort, Unique};

/// A user who sells on commission.
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
pub struct SalesAgent {
    #[serde(flatten)]
    pub meta: Meta,
    /// The user (one agent per user).
    pub user_id: u64,
    /// The user's name when they became an agent.
    pub name: String,
    /// What they earn on an invoice's amount net of tax, in percent.
    pub commission_rate: Percent,
    /// Inactive agents are no longer credited with new invoices.
    pub is_active: bool,
}

/// Body of `POST /api/sales/agents/store` (designed).
#[derive(Debug, Deserialize, JsonSchema)]
pub struct SalesAgentIn {
    #[schemars(required, transform = shared::http::schema::id)]
    pub user_id: Option<u64>,
    /// 0 to 100.
    #[schemars(required)]
    pub commission_rate: Option<Percent>,
    /// Defaults to true.
    pub is_active: Option<bool>,
}

/// Body of `POST /api/sales/agents/update/{id}` (designed): a new rate applies to invoices
/// credited from then on.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(transform = shared::resource::patch_schema)]
pub struct SalesAgentPatch {
    pub commission_rate: Option<Percent>,
    pub is_active: Option<bool>,
}

/// `?is_active=` on the list.
#[derive(Debug, Default, Serialize, Deserialize, JsonSchema)]
pub struct SalesAgentFilters {
    pub is_active: Option<bool>,
}

impl Resource for SalesAgent {
    fn example() -> Option<serde_json::Value> {
        // One agent per user: each call makes its user.
        Some(serde_json::json!({"user_id": shared::resource::example::fresh("user"), "commission_rate": 5}))
    }

    fn example_update() -> Option<serde_json::Value> {
        Some(serde_json::json!({"commission_rate": 7.5}))
    }

    const KIND: &'static str = "sales_agent";
    const NAME: &'static str = "Sales agent";
    const MODULE: Module = Module::Sales;
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[Sort::new("name", |a| IndexValue::text(&a.name))],
        filters: &[Filter::<Self>::one("is_active", |a| IndexValue::flag(a.is_active)).sorted_by(&["name"])],
        sums: &[],
    };
    const UNIQUE: &'static [Unique<Self>] = &[Unique::new("user_id", |a| Some(a.user_id.to_string()))];
    type In = SalesAgentIn;
    type Patch = SalesAgentPatch;
    type Out = SalesAgent;
    type Filters = SalesAgentFilters;
    shared::meta_field!();

    async fn build(cx: Cx<'_>, input: SalesAgentIn) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let user_id = errors.required("user_id", input.user_id);
        let commission_rate = errors.required("commission_rate", input.commission_rate);
        let user = match user_id {
            Some(id) => match identity::users::load(cx.services, cx.tenant(), id).await {
                Ok(user) => Some(user),
                Err(ApiError::NotFound(_)) => {
                    errors.add("user_id", format!("No user has id {id}."));
                    None
                }
                Err(other) => return Err(other),
            },
            None => None,
        };
        let (user, commission_rate) = errors.finish((user, commission_rate))?;
        Ok(Self {
            meta: Meta::default(),
            user_id: user.id,
            name: user.name,
            commission_rate,
            is_active: input.is_active.unwrap_or(true),
        })
    }

    async fn apply(&mut self, _cx: Cx<'_>, patch: SalesAgentPatch) -> Result<(), ApiError> {
        self.commission_rate.assign(patch.commission_rate);
        self.is_active.assign(patch.is_active);
        Ok(())
    }

    fn search_text(&self) -> String {
        self.name.clone()
    }
}

/// The active agent a body names in `agent_id`, whose rate an invoice takes.
pub async fn check_agent(
    cx: Cx<'_>,
    errors: &mut FieldErrors,
    id: Option<u64>,
) -> Result<Option<SalesAgent>, ApiError> {
    let Some(id) = id else { return Ok(None) };
    match shared::resource::ops::find::<SalesAgent>(cx, id).await? {
        None => errors.add("agent_id", format!("No sales agent has id {id}.")),
        Some(agent) if !agent.is_active => {
            errors.add("agent_id", format!("{} is no longer an active agent.", agent.name))
        }
        Some(agent) => return Ok(Some(agent)),
    }
    Ok(None)
}
