//! `POST /api/v1/sandbox/reset`: the sandbox back to its seed data.
//!
//! A reset seeds a brand-new sandbox tenant and then points the live workspace at it in one
//! conditional write, so requests see the old sandbox or the new one, never a half-reset one, and
//! test keys keep working (they find the sandbox through the live workspace).

use schemars::JsonSchema;
use serde::Serialize;
use shared::auth::records::workspace_key;
use shared::handlers::Caller;
use shared::http::ApiError;
use shared::http::Json;
use shared::store::{StoreError, StoreExt};

use identity::workspace::{self, Workspace};

use crate::accounts::{seed_sandbox, seeders};

pub async fn reset_sandbox(Caller { state, principal }: Caller) -> Result<Json<SandboxReset>, ApiError> {
    let live: Workspace = state
        .store()
        .get_as(&workspace_key(principal.account_tenant))
        .await?
        .ok_or_else(|| ApiError::not_found("Workspace"))?;
    let previous = live.sandbox_tenant;
    let fresh = workspace::create_sandbox(&state, &live)
        .await
        .map_err(|e| ApiError::internal(anyhow::anyhow!("{e}")))?;
    seed_sandbox(&state, fresh).await.map_err(ApiError::Internal)?;
    match workspace::switch_sandbox(&state, &live, fresh).await {
        Ok(()) => {}
        Err(StoreError::ConditionFailed { .. }) => {
            return Err(ApiError::Conflict {
                code: "version_conflict",
                message: "The workspace changed during the reset (another reset?); try again.".into(),
            })
        }
        Err(e) => return Err(e.into()),
    }
    // The previous sandbox's records are no longer reachable; nothing reads them again.
    tracing::info!(tenant.id = principal.account_tenant.0, previous = ?previous, sandbox = fresh.0, "sandbox reset");
    Ok(Json(SandboxReset {
        message: "The sandbox is back to its seed data.".into(),
        sandbox: FreshSandbox {
            id: fresh.0,
            seeded: seeders(&state).map(|s| s.name().to_string()).collect(),
        },
    }))
}

/// What `POST /api/v1/sandbox/reset` answers.
#[derive(Debug, Serialize, JsonSchema)]
pub struct SandboxReset {
    pub message: String,
    pub sandbox: FreshSandbox,
}

/// The sandbox a reset made.
#[derive(Debug, Serialize, JsonSchema)]
pub struct FreshSandbox {
    /// Its workspace id (a new one at each reset).
    pub id: u64,
    /// The modules whose seed data it holds.
    pub seeded: Vec<String>,
}
