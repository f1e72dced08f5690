//! The versioned `/api/v1` slice. Now: webhook subscriptions and their delivery log.

pub mod webhooks;

use axum::routing::{get, post};
use axum::Router;
use shared::auth::Module::Webhooks;
use shared::policy::Gated;
use shared::AppState;

/// Every v1 route, one row each.
pub fn router() -> Router<AppState> {
    Router::new()
        .route(
            "/api/v1/webhooks",
            get(webhooks::list_webhooks)
                .post(webhooks::create_webhook)
                .for_module(Webhooks),
        )
        .route(
            "/api/v1/webhooks/event-types",
            get(webhooks::list_event_types).for_module(Webhooks),
        )
        .route(
            "/api/v1/webhooks/{id}",
            get(webhooks::show_webhook)
                .patch(webhooks::update_webhook)
                .delete(webhooks::delete_webhook)
                .for_module(Webhooks),
        )
        .route(
            "/api/v1/webhooks/{id}/rotate-secret",
            post(webhooks::rotate_secret).for_module(Webhooks),
        )
        .route(
            "/api/v1/webhooks/{id}/test",
            post(webhooks::send_test).for_module(Webhooks),
        )
        .route(
            "/api/v1/webhooks/{id}/deliveries",
            get(webhooks::list_deliveries).for_module(Webhooks),
        )
        .route(
            "/api/v1/webhooks/deliveries/{id}/retry",
            post(webhooks::retry_delivery).for_module(Webhooks),
        )
}
