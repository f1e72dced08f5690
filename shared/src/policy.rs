//! The gate every authenticated route passes, declared in its module's route table:
//!
//! ```text
//! Op::get("/api/users", users::list_users).read(Users)
//! Op::post("/api/change-password", sessions::change_password).write(Account).session_only()
//! ```
//!
//! In order: authenticate (401), take one request from the token's rate-limit bucket, then check
//! the workspace's hourly ceiling ([`WorkspaceAllowance`]) (429), check
//! the permission's module is on the tenant's plan (403 `module_disabled`, before any work), check
//! the credential may call the route at all (403 `forbidden`: a sandbox key on a live-only route, an
//! API key on a session-only one), check the caller's role and the key's scopes hold the permission
//! (403 `forbidden`), replay or record an `Idempotency-Key`, run the handler. Every answer to an
//! authenticated caller carries `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset`.

mod idempotency;

use axum::extract::Request;
use axum::http::{HeaderValue, Method};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::MethodRouter;

use crate::auth::records::{Mode, ReadOnly};
use crate::auth::{missing_permission, Permission, Principal};
use crate::http::ApiError;
use crate::ratelimit::Decision;
use crate::AppState;

/// Which credentials may call a route, beyond holding its permission.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Credentials {
    /// Sessions, live keys and sandbox keys (a sandbox key works on its sandbox's records).
    #[default]
    Any,
    /// Sessions and live keys: the route changes the live account itself (the caller's profile or
    /// photo), which no sandbox object stands for.
    LiveOnly,
    /// A login session only: the route changes how the account logs in (e-mail, password) or ends
    /// it. API keys are for integrations and never take over the login; the handler also asks for
    /// the current password.
    SessionOnly,
}

impl Credentials {
    /// Whether these credentials admit `principal` (what the MCP tool list offers it).
    pub fn admits(self, principal: &Principal) -> bool {
        self.refuse(principal).is_none()
    }

    /// The 403 for a caller these credentials do not admit, or `None`.
    fn refuse(self, principal: &Principal) -> Option<ApiError> {
        match self {
            Self::Any => None,
            Self::SessionOnly if !principal.is_session() => Some(session_required()),
            Self::LiveOnly | Self::SessionOnly if principal.mode == Mode::Test => Some(ApiError::Forbidden(
                "A sandbox (test) key works on sandbox records only; this action changes the live account.".into(),
            )),
            Self::LiveOnly | Self::SessionOnly => None,
        }
    }
}

/// The 403 for an API key that tries to change how an account logs in (its e-mail or password).
pub fn session_required() -> ApiError {
    ApiError::Forbidden(
        "Changing how an account logs in (e-mail, password) or deleting it needs a login session \
         (POST /api/login); API keys cannot."
            .into(),
    )
}

/// Route-table rows declare their gate with this.
pub trait Gated {
    /// Authenticated; the permission's module on the tenant's plan; the credential admitted; the
    /// permission held by the caller's role and, for a scoped key, its scopes; and, when
    /// `refused_while_read_only`, a workspace that is not read-only.
    fn for_permission(self, permission: Permission, credentials: Credentials, refused_while_read_only: bool) -> Self;
}

impl Gated for MethodRouter<AppState> {
    fn for_permission(self, permission: Permission, credentials: Credentials, refused_while_read_only: bool) -> Self {
        self.route_layer(middleware::from_fn(move |req: Request, next: Next| {
            gate(permission, credentials, refused_while_read_only, req, next)
        }))
    }
}

const IDEMPOTENCY_HEADER: &str = "idempotency-key";

async fn gate(
    permission: Permission,
    credentials: Credentials,
    refused_while_read_only: bool,
    req: Request,
    next: Next,
) -> Response {
    let Some(state) = req.extensions().get::<AppState>().cloned() else {
        return ApiError::internal(anyhow::anyhow!("the app state is not in the request")).into_response();
    };
    let (mut parts, body) = req.into_parts();
    let principal = match Principal::authenticate(&parts, &state).await {
        Ok(principal) => principal,
        Err(e) => return e.into_response(),
    };
    let mut decision = match state.config().rate_limits {
        true => Some(
            state
                .limiter()
                .check(&principal.bucket(), principal.limit(state.config().rate_limit_window))
                .await,
        ),
        false => None,
    };
    // The workspace's ceiling, once the token's own limit let the request through.
    let mut scope = "token";
    if decision.is_some_and(|d| d.allowed) {
        if let Some(full) = WorkspaceAllowance::of(&state, &principal).refusal(0) {
            (decision, scope) = (Some(full), "workspace");
        }
    }
    let read_only = principal
        .read_only
        .as_ref()
        .filter(|_| refused_while_read_only)
        .map(ReadOnly::refusal);
    let mut response = match (decision, credentials.refuse(&principal), read_only) {
        (Some(d), _, _) if !d.allowed && scope == "workspace" => ApiError::RateLimited {
            message: format!(
                "This workspace's ceiling of {} requests an hour, all its tokens together, is reached; retry \
                 in {} seconds, when the next hour starts.",
                d.limit, d.retry_after_secs
            ),
            retry_after_secs: d.retry_after_secs,
        }
        .into_response(),
        (Some(d), _, _) if !d.allowed => ApiError::RateLimited {
            message: format!(
                "Rate limit of {} requests per hour for this token exceeded; retry in {} seconds.",
                d.limit, d.retry_after_secs
            ),
            retry_after_secs: d.retry_after_secs,
        }
        .into_response(),
        _ if !principal.has_module(permission.module) => ApiError::ModuleDisabled {
            module: permission.module.as_str().into(),
            plan: principal.plan.name.into(),
        }
        .into_response(),
        (_, Some(refusal), _) => refusal.into_response(),
        _ if !principal.can(permission) => missing_permission(permission).into_response(),
        (_, _, Some(read_only)) => read_only.into_response(),
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
    match decision {
        Some(decision) if !decision.allowed => {}
        _ => state.usage().record(state.store(), principal.account_tenant).await,
    }
    if let Some(decision) = decision {
        set_rate_limit_headers(&mut response, decision, scope);
    }
    response
}

/// How many tokens' worth a workspace may use: its ceiling per clock hour, all its tokens
/// (sessions, API keys, OAuth grants) together, is this times the per-token limit, so a plan's
/// limit holds however many tokens are minted. A batch counts as its items and an import as its
/// rows. Counted by the usage meter ([`crate::usage`]): no store call of its own.
pub const WORKSPACE_CEILING_TOKENS: u32 = 4;

/// A workspace's hourly ceiling ([`WORKSPACE_CEILING_TOKENS`]), beside each token's limit.
pub struct WorkspaceAllowance<'a> {
    state: &'a AppState,
    account: crate::store::TenantId,
    ceiling: u32,
}

impl crate::resource::transfer::import::Allowance for WorkspaceAllowance<'_> {
    async fn take_more(&self, n: u64, what: &str) -> Result<(), ApiError> {
        WorkspaceAllowance::take_more(self, n, what).await
    }
}

impl<'a> WorkspaceAllowance<'a> {
    pub fn of(state: &'a AppState, principal: &Principal) -> Self {
        Self {
            state,
            account: principal.account_tenant,
            ceiling: principal.requests_per_hour.saturating_mul(WORKSPACE_CEILING_TOKENS),
        }
    }

    /// The refusal when this request and `more` requests' worth beyond it would pass the ceiling
    /// this hour (off with the rate limits).
    fn refusal(&self, more: u64) -> Option<Decision> {
        let used = u64::try_from(self.state.usage().this_hour(self.account)).unwrap_or(0);
        let full = self.state.config().rate_limits && used + 1 + more > u64::from(self.ceiling);
        full.then(|| {
            let wait = crate::usage::secs_to_next_hour();
            Decision {
                allowed: false,
                limit: self.ceiling,
                remaining: 0,
                reset_at: crate::time::now_unix() + wait,
                retry_after_secs: u64::try_from(wait).unwrap_or(1).max(1),
            }
        })
    }

    /// Counts `n` more requests' worth for the `n` more `what` (batch items, import rows) one
    /// request carries beyond itself: 422 when that is more than the ceiling, 429 with
    /// `Retry-After` while this hour has less left.
    pub async fn take_more(&self, n: u64, what: &str) -> Result<(), ApiError> {
        if n == 0 || !self.state.config().rate_limits {
            return Ok(());
        }
        if n + 1 > u64::from(self.ceiling) {
            return Err(ApiError::Unprocessable {
                code: "too_large",
                message: format!(
                    "These {} {what} count as that many requests, more than this workspace's ceiling of {} an \
                     hour; split them.",
                    n + 1,
                    self.ceiling
                ),
            });
        }
        if let Some(full) = self.refusal(n) {
            return Err(ApiError::RateLimited {
                message: format!(
                    "These {} {what} count as that many requests, and this workspace's ceiling of {} requests \
                     an hour, all its tokens together, has less left this hour; retry in {} seconds.",
                    n + 1,
                    self.ceiling,
                    full.retry_after_secs
                ),
                retry_after_secs: full.retry_after_secs,
            });
        }
        let n = i64::try_from(n).unwrap_or(i64::MAX);
        self.state.usage().record_n(self.state.store(), self.account, n).await;
        Ok(())
    }
}

/// The headers of the bucket that decided: the token's, or on the workspace ceiling's 429 the
/// workspace's (`X-RateLimit-Scope` says which).
fn set_rate_limit_headers(response: &mut Response, decision: Decision, scope: &'static str) {
    let headers = response.headers_mut();
    headers.insert("x-ratelimit-limit", HeaderValue::from(decision.limit));
    headers.insert("x-ratelimit-remaining", HeaderValue::from(decision.remaining));
    headers.insert("x-ratelimit-reset", HeaderValue::from(decision.reset_at));
    headers.insert("x-ratelimit-scope", HeaderValue::from_static(scope));
}
