//! Platform: the public plan catalogue, accounts (a live workspace and its seeded sandbox), the
//! first start of an empty store, and sandbox resets.

pub mod accounts;
pub mod plans;
pub mod sandbox;

use axum::routing::{get, post};
use axum::Router;
use shared::policy::Gated;
use shared::AppState;

/// Every platform route, one row each.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/public/plans", get(plans::list_plans)) // public
        .route("/api/v1/sandbox/reset", post(sandbox::reset_sandbox).for_account())
    // designed
}
