//! The [`Principal`]: who is calling, in which tenant, on which plan, with which permissions.
//! How a token becomes one is [`crate::authenticate`].
use std::sync::Arc;

use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;

use super::records::{Mode, ReadOnly, SessionRecord};
use super::{Module, Permission, Role};
use crate::http::ApiError;
use crate::plans::Plan;
use crate::ratelimit::Limit;
use crate::resource::{Cx, Services};
use crate::store::{Item, TenantId};

/// The 403 for a caller without `permission`.
pub fn missing_permission(permission: Permission) -> ApiError {
    ApiError::Forbidden(format!("This action needs the `{}` permission.", permission.name()))
}

/// How the caller authenticated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Credential {
    Session {
        session_id: String,
        jti: String,
    },
    ApiKey {
        key_id: u64,
    },
    /// An OAuth access token of `client` (its record id), from the token family `grant`.
    OAuth {
        client: u64,
        grant: String,
    },
}

/// The authenticated caller.
#[derive(Clone, Debug)]
pub struct Principal {
    /// Whose records the request reads and writes: the sandbox for `test` keys.
    pub tenant: TenantId,
    /// The caller's own (live) workspace, where their user, sessions and keys live.
    pub account_tenant: TenantId,
    pub mode: Mode,
    pub user_id: u64,
    pub role: Role,
    /// An API key's or OAuth token's narrowing of the role's permissions; `None` for sessions and
    /// unscoped keys.
    pub scopes: Option<Vec<Permission>>,
    pub credential: Credential,
    pub plan: &'static Plan,
    /// This token's limit per hour (the plan's, or the workspace's own).
    pub requests_per_hour: u32,
    /// Plan modules the workspace switched off.
    pub disabled_modules: Vec<Module>,
    /// Set while the live workspace is read-only (never for the sandbox): writes answer 402.
    pub read_only: Option<ReadOnly>,
    /// What authentication read, for handlers that need it again in the same request.
    pub records: Arc<AuthRecords>,
}

/// The records authentication read (consistently, a moment ago): the caller's user and their live
/// workspace, and for a session token its session. Handlers of the caller's own account start
/// from these instead of reading them again; their writes stay conditioned on `version`.
#[derive(Debug)]
pub struct AuthRecords {
    pub user: Item,
    pub workspace: Item,
    pub session: Option<SessionRecord>,
}

impl AuthRecords {
    /// A text field of the caller's user record (`name`, `email`), without parsing the record.
    pub fn user_text(&self, field: &str) -> Option<&str> {
        self.user.data.get(field).and_then(|v| v.as_str())
    }
}

impl Principal {
    /// Whether `module` is on the plan and not switched off by the workspace.
    pub fn has_module(&self, module: Module) -> bool {
        self.plan.enables(module, &self.disabled_modules)
    }

    /// Whether the caller logged in (a session token), rather than presenting an API key.
    pub fn is_session(&self) -> bool {
        matches!(self.credential, Credential::Session { .. })
    }

    /// Whether the caller presented an OAuth access token (an app acting for the user).
    pub fn is_oauth(&self) -> bool {
        matches!(self.credential, Credential::OAuth { .. })
    }

    pub fn can(&self, permission: Permission) -> bool {
        self.role.grants(permission) && self.scopes.as_ref().is_none_or(|s| s.contains(&permission))
    }

    /// 403 `forbidden` unless the caller has `permission`.
    pub fn require(&self, permission: Permission) -> Result<(), ApiError> {
        if self.can(permission) {
            Ok(())
        } else {
            Err(missing_permission(permission))
        }
    }

    /// The permissions the caller actually holds.
    pub fn permissions(&self) -> Vec<Permission> {
        self.role.permissions().into_iter().filter(|p| self.can(*p)).collect()
    }

    /// The rate-limit bucket: one per token. A session keeps its bucket across refreshes.
    pub fn bucket(&self) -> String {
        match &self.credential {
            Credential::Session { session_id, .. } => format!("s:{}:{session_id}", self.account_tenant),
            Credential::ApiKey { key_id } => format!("k:{}:{key_id}", self.account_tenant),
            // An OAuth grant keeps its bucket across refreshes, as a session does.
            Credential::OAuth { grant, .. } => format!("o:{}:{grant}", self.account_tenant),
        }
    }

    pub fn limit(&self, window: std::time::Duration) -> Limit {
        Limit {
            per_window: self.requests_per_hour,
            window,
        }
    }
}

pub(crate) fn unauthenticated(message: &str) -> ApiError {
    ApiError::Unauthenticated(message.to_string())
}

/// The bearer token of the request, or 401.
pub fn bearer_token(parts: &Parts) -> Result<&str, ApiError> {
    let header = parts
        .headers
        .get(AUTHORIZATION)
        .ok_or_else(|| unauthenticated("Send a bearer token: `Authorization: Bearer <token>`."))?;
    let value = header
        .to_str()
        .map_err(|_| unauthenticated("The Authorization header is not valid text."))?;
    let (scheme, token) = value.split_once(' ').unwrap_or((value, ""));
    let token = token.trim();
    if !scheme.eq_ignore_ascii_case("bearer") || token.is_empty() {
        return Err(unauthenticated(
            "Use the Bearer scheme: `Authorization: Bearer <token>`.",
        ));
    }
    Ok(token)
}

impl<'a> Cx<'a> {
    /// A request's context: the caller's data tenant (the sandbox for a test key). Here, beside
    /// the principal, because the resource layer knows nothing of who calls.
    pub fn new(services: &'a Services, principal: &Principal) -> Self {
        let cx = Cx::acting(services, principal.tenant, principal.user_id, Some(principal.plan));
        match principal.tenant == principal.account_tenant {
            // Authentication read the caller's user in this very workspace.
            true => cx.by_a_member(),
            false => cx,
        }
    }
}
