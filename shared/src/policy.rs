//! The gate every authenticated route passes, declared in its module's route table:
//!
//! ```text
//! .route("/api/users", get(users::list_users).for_module(Module::Users))
//! .route("/api/logout", post(sessions::logout).for_account())
//! ```
//!
//! In order: authenticate (401), take one request from the token's rate-limit bucket (429), check
//! the route's module is on the tenant's plan (403 `module_disabled`, before any work), replay or
//! record an `Idempotency-Key`, run the handler; every answer to an authenticated caller carries
//! `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset`.

mod idempotency;

use axum::extract::Request;
use axum::http::{HeaderValue, Method};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::MethodRouter;

use crate::auth::{missing_permission, Module, Permission, Principal};
use crate::http::ApiError;
use crate::ratelimit::Decision;
use crate::AppState;

/// What a route requires beyond a valid token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Policy {
    /// The caller's own account (login sessions, profile, keys): on every plan.
    Account,
    /// A module that must be enabled on the tenant's plan.
    Module(Module),
    /// A module on the plan, and this permission held by the caller (403 `forbidden` otherwise).
    Permission(Permission),
}

/// Route-table rows declare their policy with these.
pub trait Gated {
    /// Authenticated, on every plan.
    fn for_account(self) -> Self;
    /// Authenticated, and `module` must be on the tenant's plan.
    fn for_module(self, module: Module) -> Self;
    /// Authenticated, the permission's module on the plan, and the permission held.
    fn for_permission(self, permission: Permission) -> Self;
}

impl Gated for MethodRouter<AppState> {
    fn for_account(self) -> Self {
        self.route_layer(middleware::from_fn(|req: Request, next: Next| {
            gate(Policy::Account, req, next)
        }))
    }

    fn for_module(self, module: Module) -> Self {
        self.route_layer(middleware::from_fn(move |req: Request, next: Next| {
            gate(Policy::Module(module), req, next)
        }))
    }

    fn for_permission(self, permission: Permission) -> Self {
        self.route_layer(middleware::from_fn(move |req: Request, next: Next| {
            gate(Policy::Permission(permission), req, next)
        }))
    }
}

const IDEMPOTENCY_HEADER: &str = "idempotency-key";

async fn gate(policy: Policy, req: Request, next: Next) -> Response {
    let Some(state) = req.extensions().get::<AppState>().cloned() else {
        return ApiError::internal(anyhow::anyhow!("the app state is not in the request")).into_response();
    };
    let (mut parts, body) = req.into_parts();
    let principal = match Principal::authenticate(&parts, &state).await {
        Ok(principal) => principal,
        Err(e) => return e.into_response(),
    };
    let decision = match state.config().rate_limits {
        true => Some(
            state
                .limiter()
                .check(&principal.bucket(), principal.limit(state.config().rate_limit_window))
                .await,
        ),
        false => None,
    };
    let mut response = match (decision, policy) {
        (Some(d), _) if !d.allowed => ApiError::RateLimited {
            message: format!(
                "Rate limit of {} requests per hour for this token exceeded; retry in {} seconds.",
                d.limit, d.retry_after_secs
            ),
            retry_after_secs: d.retry_after_secs,
        }
        .into_response(),
        (_, Policy::Module(module)) if !principal.has_module(module) => ApiError::ModuleDisabled {
            module: module.as_str().into(),
            plan: principal.plan.name.into(),
        }
        .into_response(),
        (_, Policy::Permission(p)) if !principal.has_module(p.module) => ApiError::ModuleDisabled {
            module: p.module.as_str().into(),
            plan: principal.plan.name.into(),
        }
        .into_response(),
        (_, Policy::Permission(p)) if !principal.can(p) => missing_permission(p).into_response(),
        _ => {
            let idempotency_key = (parts.method == Method::POST)
                .then(|| parts.headers.get(IDEMPOTENCY_HEADER).cloned())
                .flatten();
            parts.extensions.insert(principal.clone());
            let req = Request::from_parts(parts, body);
            match idempotency_key {
                Some(key) => idempotency::run(&state, &principal, key, req, next).await,
                None => next.run(req).await,
            }
        }
    };
    if let Some(decision) = decision {
        set_rate_limit_headers(&mut response, decision);
    }
    response
}

fn set_rate_limit_headers(response: &mut Response, decision: Decision) {
    let headers = response.headers_mut();
    headers.insert("x-ratelimit-limit", HeaderValue::from(decision.limit));
    headers.insert("x-ratelimit-remaining", HeaderValue::from(decision.remaining));
    headers.insert("x-ratelimit-reset", HeaderValue::from(decision.reset_at));
}
