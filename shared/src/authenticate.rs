//! How a request's bearer token becomes its [`Principal`], and what that costs.
//!
//! Cost per request: a token the instance has cached reads nothing ([`crate::auth::cache`]).
//! Otherwise a session token is one batched read (session + user + workspace); an API key is two
//! reads (the key's index entry, then user + workspace batched), plus a write at most once a
//! minute to record the key's use; an OAuth access token is the same two reads, and no write. The
//! route gate ([`crate::policy`]) authenticates once and leaves the principal in the request for
//! handlers to extract. Here, above the application state it reads, not in `auth/`, whose records
//! and types the layers below it use.

use std::sync::Arc;

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use subtle::ConstantTimeEq;

use crate::auth::cache::{self, Cached};
use crate::auth::oauth::{self, AccessTokenIndex, EntryKind};
use crate::auth::records::{self, ApiKeyIndex, Mode, ReadOnly, SessionRecord, UserAuthView, WorkspaceAuthView};
use crate::auth::session::Claims;
use crate::auth::{api_key, bearer_token, unauthenticated, AuthRecords, Credential, Module, Permission, Principal};
use crate::http::{ApiError, RequestLog};
use crate::plans::{self, Plan};
use crate::store::cache::ReadStamp;
use crate::store::{Condition, Item, Key, StoreExt, TenantId, Write};
use crate::AppState;

impl Principal {
    /// Authenticates the request's bearer token: from the instance's cache when it holds the
    /// token and nothing it was read from has changed ([`super::cache`]), else from the store.
    pub async fn authenticate(parts: &Parts, state: &AppState) -> Result<Self, ApiError> {
        let token = bearer_token(parts)?;
        let principal = resolve(state, token).await?;
        if let Some(log) = parts.extensions.get::<RequestLog>() {
            log.set_tenant(principal.tenant.0);
        }
        Ok(principal)
    }
}

async fn resolve(state: &AppState, token: &str) -> Result<Principal, ApiError> {
    // A credential of another region is sent home before anything here is read.
    state.admit_region(token)?;
    let is_key = api_key::looks_like_api_key(token);
    let is_oauth = !is_key && oauth::looks_like_access_token(token);
    // A session token's signature and expiry are checked on every request, cached or not.
    let claims = match is_key || is_oauth {
        true => None,
        false => Some(
            state
                .jwt()
                .verify(token)
                .ok_or_else(|| unauthenticated("The token is invalid or has expired; log in again."))?,
        ),
    };
    let hash = cache::token_hash(token);
    if let Some(cached) = state.auth_cache().get(&hash) {
        if let Some((key, index)) = &cached.key_use {
            record_key_use(state, key, index).await;
        }
        return Ok(cached.principal);
    }
    let mut stamp = ReadStamp::default();
    let cached = match claims {
        Some(claims) => Cached {
            principal: from_session(state, &claims, &mut stamp).await?,
            key_use: None,
        },
        None if is_key => from_api_key(state, token, &mut stamp).await?,
        None => Cached {
            principal: from_oauth(state, token, &mut stamp).await?,
            key_use: None,
        },
    };
    state.auth_cache().put(hash, cached.clone(), stamp);
    Ok(cached.principal)
}

/// Handlers extract the principal the route gate left in the request; a route without a gate
/// authenticates here.
impl FromRequestParts<AppState> for Principal {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        if let Some(principal) = parts.extensions.get::<Principal>() {
            return Ok(principal.clone());
        }
        Self::authenticate(parts, state).await
    }
}

/// What a workspace's record says of every request: its plan, each token's limit, the modules
/// switched off, and whether it is read-only.
struct Standing {
    plan: &'static Plan,
    requests_per_hour: u32,
    disabled_modules: Vec<Module>,
    read_only: Option<ReadOnly>,
}

/// The workspace's standing; 403 `tenant_suspended` while its platform has it suspended (checked
/// here, where every credential reads the workspace).
fn standing_of(workspace: WorkspaceAuthView) -> Result<Standing, ApiError> {
    if let Some(since) = &workspace.suspended_at {
        return Err(ApiError::TenantSuspended(format!(
            "This workspace was suspended on {since} by the platform that provides it; contact them to resume it."
        )));
    }
    let plan = plans::find(&workspace.plan)
        .ok_or_else(|| ApiError::internal(anyhow::anyhow!("workspace on unknown plan {:?}", workspace.plan)))?;
    Ok(Standing {
        plan,
        requests_per_hour: workspace.rate_limit_per_hour.unwrap_or(plan.requests_per_hour),
        disabled_modules: workspace.disabled_modules,
        read_only: workspace.read_only,
    })
}

/// Loads the session behind verified claims, its user and workspace, and checks the session began
/// in the user's current sessions epoch and the token is the session's latest. Presenting a
/// token that a refresh already replaced revokes the whole session: it may have been stolen.
async fn session_of(
    state: &AppState,
    claims: &Claims,
    stamp: &mut ReadStamp,
) -> Result<(SessionRecord, UserAuthView, Item, Item), ApiError> {
    let expired = || unauthenticated("The session has ended; log in again.");
    let user_id = claims.user_id().ok_or_else(expired)?;
    let tenant = claims.tenant();
    let session_key = records::session_key(tenant, user_id, &claims.sid);
    let keys = [
        session_key.clone(),
        records::user_key(tenant, user_id),
        records::workspace_key(tenant),
    ];
    state.auth_cache().stamp(stamp, &keys);
    let found = state.store().get_many(&keys).await?;
    let [session, user, workspace] = <[Option<Item>; 3]>::try_from(found)
        .map_err(|_| ApiError::internal(anyhow::anyhow!("batch read returned the wrong number of items")))?;
    let (Some(session), Some(user), Some(workspace)) = (session, user, workspace) else {
        return Err(expired());
    };
    stamp.expires(session.expires_at);
    let session: SessionRecord = session.parse()?;
    let user_view: UserAuthView = user.parse()?;
    if session.epoch != user_view.sessions_epoch {
        return Err(expired());
    }
    if !bool::from(session.jti.as_bytes().ct_eq(claims.jti.as_bytes())) {
        state
            .store()
            .write(Write::delete(session_key, Condition::Always))
            .await?;
        tracing::warn!(
            tenant.id = claims.tid,
            user.id = user_id,
            "a rotated token was presented; session revoked"
        );
        return Err(unauthenticated(
            "This token was replaced by a refresh; the session is revoked for safety. Log in again.",
        ));
    }
    Ok((session, user_view, user, workspace))
}

async fn from_session(state: &AppState, claims: &Claims, stamp: &mut ReadStamp) -> Result<Principal, ApiError> {
    let (session, user, user_item, workspace_item) = session_of(state, claims, stamp).await?;
    let standing = standing_of(workspace_item.parse()?)?;
    Ok(Principal {
        tenant: claims.tenant(),
        account_tenant: claims.tenant(),
        mode: Mode::Live,
        user_id: user.id,
        role: user.role,
        scopes: None,
        credential: Credential::Session {
            session_id: session.id.clone(),
            jti: session.jti.clone(),
        },
        plan: standing.plan,
        requests_per_hour: standing.requests_per_hour,
        disabled_modules: standing.disabled_modules,
        read_only: standing.read_only,
        records: Arc::new(AuthRecords {
            user: user_item,
            workspace: workspace_item,
            session: Some(session),
        }),
    })
}

/// Recording a key's last use costs a write, so it is refreshed at most this often.
const LAST_USED_GRANULARITY_SECS: i64 = 60;

/// The credential's user and its workspace (with `also`, when given, which must exist too), in one
/// batch read; `None` when any is gone.
async fn user_and_workspace(
    state: &AppState,
    tenant: TenantId,
    user_id: u64,
    also: Option<Key>,
    stamp: &mut ReadStamp,
) -> Result<Option<(Item, Item)>, ApiError> {
    let mut keys = vec![records::user_key(tenant, user_id), records::workspace_key(tenant)];
    keys.extend(also);
    state.auth_cache().stamp(stamp, &keys);
    let found = state.store().get_many(&keys).await?;
    if found.len() != keys.len() {
        return Err(ApiError::internal(anyhow::anyhow!(
            "batch read returned the wrong number of items"
        )));
    }
    if found.iter().any(Option::is_none) {
        return Ok(None);
    }
    let mut found = found.into_iter().flatten();
    Ok(found.next().zip(found.next()))
}

async fn from_api_key(state: &AppState, token: &str, stamp: &mut ReadStamp) -> Result<Cached, ApiError> {
    let invalid = || unauthenticated("The API key is invalid or has been revoked.");
    let index_key = records::api_key_index_key(&api_key::hash(token));
    state.auth_cache().stamp(stamp, [&index_key]);
    let index: ApiKeyIndex = state.store().get_as(&index_key).await?.ok_or_else(invalid)?;
    let (user_item, workspace_item) = user_and_workspace(state, index.tenant, index.user_id, None, stamp)
        .await?
        .ok_or_else(invalid)?;
    let user: UserAuthView = user_item.parse()?;
    let workspace: WorkspaceAuthView = workspace_item.parse()?;
    // The key's prefix says its mode too, but the stored mode decides.
    let tenant = match index.mode {
        Mode::Live => index.tenant,
        Mode::Test => workspace
            .sandbox_tenant
            .ok_or_else(|| ApiError::internal(anyhow::anyhow!("workspace {} has no sandbox", index.tenant)))?,
    };
    let mut standing = standing_of(workspace)?;
    // The sandbox holds test data only: it stays writable while the live workspace is read-only.
    if index.mode == Mode::Test {
        standing.read_only = None;
    }
    record_key_use(state, &index_key, &index).await;
    let scopes = index
        .scopes
        .as_ref()
        .map(|names| names.iter().filter_map(|n| Permission::parse(n)).collect());
    let principal = Principal {
        tenant,
        account_tenant: index.tenant,
        mode: index.mode,
        user_id: user.id,
        role: user.role,
        scopes,
        credential: Credential::ApiKey { key_id: index.key_id },
        plan: standing.plan,
        requests_per_hour: standing.requests_per_hour,
        disabled_modules: standing.disabled_modules,
        read_only: standing.read_only,
        records: Arc::new(AuthRecords {
            user: user_item,
            workspace: workspace_item,
            session: None,
        }),
    };
    Ok(Cached {
        principal,
        key_use: Some((index_key, index)),
    })
}

/// Records the key's use when the last record is a minute old or more (`Exists`, so a
/// revocation racing this write is never undone; failure only loses a timestamp). The write
/// changes the key's entry, so the cache reads it again on the next request.
async fn record_key_use(state: &AppState, index_key: &Key, index: &ApiKeyIndex) {
    let now = crate::time::now_unix();
    if index
        .last_used_at
        .is_some_and(|at| now - at < LAST_USED_GRANULARITY_SECS)
    {
        return;
    }
    let mut updated = index.clone();
    updated.last_used_at = Some(now);
    if let Ok(item) = Item::from_value(index_key.clone(), &updated) {
        if let Err(e) = state.store().write(Write::put(item, Condition::Exists)).await {
            tracing::debug!(error = %e, "api key last-used update skipped");
        }
    }
}

/// An OAuth access token: its index entry (gone once revoked, expired with the token), then the
/// user, workspace and client (a deleted client's tokens are refused). It acts on live data,
/// with the user's role narrowed by its scopes, at most [`oauth::REQUESTS_PER_HOUR`] requests
/// per hour.
async fn from_oauth(state: &AppState, token: &str, stamp: &mut ReadStamp) -> Result<Principal, ApiError> {
    let invalid = || unauthenticated("The access token is invalid, expired or revoked.");
    let index_key = oauth::index_key(&oauth::hash(token));
    state.auth_cache().stamp(stamp, [&index_key]);
    let item = state.store().get(&index_key).await?.ok_or_else(invalid)?;
    stamp.expires(item.expires_at);
    let index: AccessTokenIndex = oauth::entry_of(item, EntryKind::OauthAccess).ok_or_else(invalid)?;
    let client = oauth::client_key(index.tenant, index.client);
    let (user_item, workspace_item) = user_and_workspace(state, index.tenant, index.user_id, Some(client), stamp)
        .await?
        .ok_or_else(invalid)?;
    let user: UserAuthView = user_item.parse()?;
    let standing = standing_of(workspace_item.parse()?)?;
    Ok(Principal {
        tenant: index.tenant,
        account_tenant: index.tenant,
        mode: Mode::Live,
        user_id: user.id,
        role: user.role,
        scopes: Some(index.scopes.iter().filter_map(|s| oauth::parse_scope(s)).collect()),
        credential: Credential::OAuth {
            client: index.client,
            grant: index.grant,
        },
        plan: standing.plan,
        requests_per_hour: standing.requests_per_hour.min(oauth::REQUESTS_PER_HOUR),
        disabled_modules: standing.disabled_modules,
        read_only: standing.read_only,
        records: Arc::new(AuthRecords {
            user: user_item,
            workspace: workspace_item,
            session: None,
        }),
    })
}
