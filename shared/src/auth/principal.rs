//! The [`Principal`] extractor: who is calling, in which tenant, with which permissions.
//!
//! Cost per request: a session token is one batched read (session + user); an API key is two reads
//! (the key's index entry, then the user), plus a write at most once a minute to record its use.

use axum::extract::FromRequestParts;
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;
use subtle::ConstantTimeEq;

use super::records::{self, ApiKeyIndex, SessionRecord, UserAuthView};
use super::session::Claims;
use super::{api_key, Permission, Role};
use crate::http::{ApiError, RequestLog};
use crate::store::{Condition, Item, StoreExt, TenantId, Write};
use crate::AppState;

/// How the caller authenticated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Credential {
    Session { session_id: String, jti: String },
    ApiKey { key_id: u64 },
}

/// The authenticated caller.
#[derive(Clone, Debug)]
pub struct Principal {
    pub tenant: TenantId,
    pub user_id: u64,
    pub role: Role,
    /// An API key's narrowing of the role's permissions; `None` for sessions and unscoped keys.
    pub scopes: Option<Vec<Permission>>,
    pub credential: Credential,
}

impl Principal {
    pub fn can(&self, permission: Permission) -> bool {
        self.role.grants(permission) && self.scopes.as_ref().is_none_or(|s| s.contains(&permission))
    }

    /// 403 `forbidden` unless the caller has `permission`.
    pub fn require(&self, permission: Permission) -> Result<(), ApiError> {
        if self.can(permission) {
            Ok(())
        } else {
            Err(ApiError::Forbidden(format!(
                "This action needs the `{}` permission.",
                permission.name()
            )))
        }
    }

    /// The permissions the caller actually holds.
    pub fn permissions(&self) -> Vec<Permission> {
        self.role
            .permissions()
            .into_iter()
            .filter(|p| self.can(*p))
            .collect()
    }
}

fn unauthenticated(message: &str) -> ApiError {
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

impl FromRequestParts<AppState> for Principal {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let token = bearer_token(parts)?;
        let principal = if api_key::looks_like_api_key(token) {
            from_api_key(state, token).await?
        } else {
            let claims = state.jwt().verify(token).ok_or_else(|| {
                unauthenticated("The token is invalid or has expired; log in again.")
            })?;
            from_session(state, &claims).await?
        };
        if let Some(log) = parts.extensions.get::<RequestLog>() {
            log.set_tenant(principal.tenant.0);
        }
        Ok(principal)
    }
}

/// Loads the session behind verified claims and checks it is the session's latest token. Presenting
/// a token that a refresh already replaced revokes the whole session: it may have been stolen.
pub async fn session_of(
    state: &AppState,
    claims: &Claims,
) -> Result<(SessionRecord, UserAuthView), ApiError> {
    let expired = || unauthenticated("The session has ended; log in again.");
    let user_id = claims.user_id().ok_or_else(expired)?;
    let session_key = records::session_key(claims.tenant(), user_id, &claims.sid);
    let found = state
        .store()
        .get_many(&[
            session_key.clone(),
            records::user_key(claims.tenant(), user_id),
        ])
        .await?;
    let [session, user] = <[Option<Item>; 2]>::try_from(found)
        .map_err(|_| ApiError::internal(anyhow::anyhow!("batch read size")))?;
    let (Some(session), Some(user)) = (session, user) else {
        return Err(expired());
    };
    let session: SessionRecord = session.parse()?;
    let user: UserAuthView = user.parse()?;
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
        return Err(unauthenticated("This token was replaced by a refresh; the session is revoked for safety. Log in again."));
    }
    Ok((session, user))
}

async fn from_session(state: &AppState, claims: &Claims) -> Result<Principal, ApiError> {
    let (session, user) = session_of(state, claims).await?;
    Ok(Principal {
        tenant: claims.tenant(),
        user_id: user.id,
        role: user.role,
        scopes: None,
        credential: Credential::Session {
            session_id: session.id,
            jti: session.jti,
        },
    })
}

/// Recording a key's last use costs a write, so it is refreshed at most this often.
const LAST_USED_GRANULARITY_SECS: i64 = 60;

async fn from_api_key(state: &AppState, token: &str) -> Result<Principal, ApiError> {
    let invalid = || unauthenticated("The API key is invalid or has been revoked.");
    let index_key = records::api_key_index_key(&api_key::hash(token));
    let index: ApiKeyIndex = state
        .store()
        .get_as(&index_key)
        .await?
        .ok_or_else(invalid)?;
    let user: UserAuthView = state
        .store()
        .get_as(&records::user_key(index.tenant, index.user_id))
        .await?
        .ok_or_else(invalid)?;
    let now = crate::time::now_unix();
    if index
        .last_used_at
        .is_none_or(|at| now - at >= LAST_USED_GRANULARITY_SECS)
    {
        let mut updated = index.clone();
        updated.last_used_at = Some(now);
        // `Exists`, so a revocation racing this write is never undone. Failure only loses a timestamp.
        let write =
            Item::from_value(index_key, &updated).map(|item| Write::put(item, Condition::Exists));
        if let Ok(write) = write {
            if let Err(e) = state.store().write(write).await {
                tracing::debug!(error = %e, "api key last-used update skipped");
            }
        }
    }
    let scopes = index
        .scopes
        .as_ref()
        .map(|names| names.iter().filter_map(|n| Permission::parse(n)).collect());
    Ok(Principal {
        tenant: index.tenant,
        user_id: user.id,
        role: user.role,
        scopes,
        credential: Credential::ApiKey {
            key_id: index.key_id,
        },
    })
}
