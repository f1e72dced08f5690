//! Login, token refresh, logout and password change.
//!
//! Logging in never revokes API keys or other sessions (the original product revoked every token).

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use serde_json::json;
use sha2::{Digest, Sha256};
use shared::auth::records::{self, SessionRecord};
use shared::auth::session::{new_id, Claims};
use shared::auth::{password, Credential};
use shared::handlers::Caller;
use shared::http::Json;
use shared::http::{ApiError, ClientIp, FieldErrors, ValidJson};
use shared::resource::Message;
use shared::store::{Condition, GlobalIndex, Item, Key, StoreError, StoreExt, TenantId, Write};
use shared::time::{now_rfc3339, now_unix};
use shared::AppState;

use crate::activity::{self, Action};
use crate::users::{self, UserOut};

/// Failed logins allowed per e-mail address in one window before 429.
pub const MAX_FAILED_LOGINS: i64 = 5;
/// The failed-login window.
pub const FAILED_LOGIN_WINDOW_SECS: i64 = 15 * 60;
/// A failed login is answered no sooner than this after the request arrived, so its timing says
/// nothing of whether the address has an account (a hash check and the store calls take less).
pub const FAILED_LOGIN_FLOOR: std::time::Duration = std::time::Duration::from_millis(250);

/// Body of `POST /api/login`.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[schemars(example = serde_json::json!({"email": "admin@example.com", "password": "correct horse battery"}))]
pub struct LoginIn {
    #[schemars(required)]
    pub email: Option<String>,
    #[schemars(required)]
    pub password: Option<String>,
    /// The workspace to log in to, when the address is a login in several and the password is the
    /// same in more than one of them: the 409 `workspace_required` answer lists those workspaces.
    /// Absent: the one workspace whose password this is.
    pub workspace_id: Option<u64>,
}

/// A new or rotated session token.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct TokenOut {
    pub token: String,
    pub token_type: &'static str,
    /// Seconds until the token expires.
    pub expires_in: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub user: Option<UserOut>,
}

fn bad_credentials() -> ApiError {
    ApiError::Unauthenticated("These credentials do not match our records.".into())
}

/// An address's failed-login counters: one per fixed window, keyed by the address's hash so the
/// index never holds plain addresses of strangers. The count over the last
/// [`FAILED_LOGIN_WINDOW_SECS`] is estimated from this window's counter and the one before it
/// ([`wait_before_next_attempt`]), so five failures straddling a window's edge still count as five.
struct LoginThrottle {
    previous: Key,
    current: Key,
    /// Seconds since the current window began.
    elapsed: i64,
    /// When the current counter may go: once it has served as the previous window's.
    expires_at: i64,
}

impl LoginThrottle {
    fn of(email: &str, now: i64) -> Self {
        let window = now.div_euclid(FAILED_LOGIN_WINDOW_SECS);
        let hash = hex::encode(Sha256::digest(email.as_bytes()));
        let partition = shared::store::Partition::global(GlobalIndex::LoginThrottle, &hash);
        Self {
            previous: Key::new(partition.clone(), (window - 1).to_string()),
            current: Key::new(partition, window.to_string()),
            elapsed: now - window * FAILED_LOGIN_WINDOW_SECS,
            expires_at: (window + 2) * FAILED_LOGIN_WINDOW_SECS,
        }
    }
}

/// Seconds until an address may try again, or `None` if it may now, given the failures counted in
/// the previous and the current window and the seconds since the current one began.
///
/// The failures in the last window's length are estimated as `current + previous × (the share of
/// the previous window still inside it)`, rounded up; an attempt is allowed while that is below
/// [`MAX_FAILED_LOGINS`]. Integer arithmetic throughout (scaled by the window's length). Attempts
/// refused with 429 are not counted, so the wait is exact for a client that waits it out.
fn wait_before_next_attempt(previous: i64, current: i64, elapsed: i64) -> Option<u64> {
    let window = FAILED_LOGIN_WINDOW_SECS;
    let allowed = (MAX_FAILED_LOGINS - 1) * window;
    if current * window + previous * (window - elapsed) <= allowed {
        return None;
    }
    let wait = if current < MAX_FAILED_LOGINS {
        // The previous window's share falls far enough within this window.
        window - (allowed - current * window) / previous - elapsed
    } else {
        // Only when this window's failures have become the previous window's and partly aged out.
        (window - elapsed) + window - allowed / current
    };
    Some(u64::try_from(wait).unwrap_or(1).max(1))
}

fn too_many_attempts(retry_after_secs: u64) -> ApiError {
    ApiError::RateLimited {
        message: "Too many failed logins for this e-mail address; wait before trying again.".into(),
        retry_after_secs,
    }
}

/// `POST /api/login` {email, password, workspace_id?} → {token, token_type, expires_in, user}.
///
/// An address may be a login in several workspaces, each with its own password: the login goes
/// to the one whose password this is (with `workspace_id`, only that one is tried). When the
/// password is that of several, the answer is 409 `workspace_required` listing them (the caller
/// proved the password of each), to be sent again with `workspace_id`. This region's accounts come
/// first; when none takes the login it is forwarded to the other regions with a login for the
/// address. A failed login is answered alike whether or not the address has any account.
pub async fn login(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    ValidJson(body): ValidJson<LoginIn>,
) -> Result<Response, ApiError> {
    let started = tokio::time::Instant::now();
    let mut errors = FieldErrors::default();
    let email = errors
        .required("email", body.email)
        .map(|e| shared::domain::unique_form(e.trim()));
    let password = errors.required("password", body.password);
    let (email, password) = errors.finish((email, password))?;
    let workspace_id = body.workspace_id;

    let throttle = LoginThrottle::of(&email, now_unix());
    let counts = state
        .store()
        .counters(&[throttle.previous.clone(), throttle.current.clone()])
        .await?;
    if let Some(wait) = wait_before_next_attempt(counts[0], counts[1], throttle.elapsed) {
        return Err(too_many_attempts(wait));
    }

    let accounts = accounts_of(&state, &email, workspace_id).await?;
    let matched = matching(&accounts, &password).await;
    match matched.as_slice() {
        [(tenant, user)] => return start_session(&state, *tenant, user, &ip).await,
        [_, _, ..] => return workspace_required(&state, &matched).await,
        [] => {}
    }
    if !headers.contains_key(shared::region::FORWARDED_LOGIN) {
        if let Some(answer) = forward_elsewhere(&state, &email, &password, workspace_id).await? {
            return Ok(answer);
        }
    }
    // The same steps and answer whether or not the address has an account: the failure is counted
    // (the next attempt past the limit is 429, for any address), logged for each user it tried,
    // and answered no sooner than a fixed time after the request arrived.
    state
        .store()
        .increment(&throttle.current, 1, Some(throttle.expires_at))
        .await?;
    for (tenant, user) in &accounts {
        activity::record(&state, *tenant, user.id, Action::LoginFailed, &ip, json!({})).await?;
    }
    tokio::time::sleep_until(started + FAILED_LOGIN_FLOOR).await;
    Err(bad_credentials())
}

/// The live users `email` is a login of in this region (the one of workspace `only` when given):
/// one query of the login index, one batch read of the users.
pub(crate) async fn accounts_of(
    state: &AppState,
    email: &str,
    only: Option<u64>,
) -> Result<Vec<(TenantId, users::User)>, ApiError> {
    let holders: Vec<_> = users::login_holders(state, email)
        .await?
        .into_iter()
        .filter(|h| only.is_none_or(|id| h.tenant.0 == id))
        .collect();
    if holders.is_empty() {
        return Ok(Vec::new());
    }
    let keys: Vec<_> = holders.iter().map(|h| records::user_key(h.tenant, h.user_id)).collect();
    let mut accounts = Vec::with_capacity(holders.len());
    for (holder, item) in holders.iter().zip(state.store().get_many(&keys).await?) {
        // An index entry whose user is gone (a deletion's transaction removes both): skipped.
        if let Some(item) = item {
            accounts.push((holder.tenant, item.parse::<users::User>()?));
        }
    }
    Ok(accounts)
}

/// The accounts whose password `password` is. Each is checked (concurrently), since one that
/// matches does not tell whether another does; with no account one check is made against nothing,
/// so the time taken does not say whether the address has any.
async fn matching(accounts: &[(TenantId, users::User)], password: &str) -> Vec<(TenantId, users::User)> {
    if accounts.is_empty() {
        password::verify_against_nothing(password.to_owned()).await;
        return Vec::new();
    }
    let checks = accounts
        .iter()
        .map(|(_, user)| password::verify(password.to_owned(), user.password_hash.clone()));
    let verified = futures::future::join_all(checks).await;
    accounts
        .iter()
        .zip(verified)
        .filter(|(_, ok)| *ok)
        .map(|(account, _)| account.clone())
        .collect()
}

/// 409 `workspace_required`: the password is that of the address's user in each of `matched`,
/// whose workspaces (id and name) the answer lists for the caller to pick one as `workspace_id`.
async fn workspace_required(state: &AppState, matched: &[(TenantId, users::User)]) -> Result<Response, ApiError> {
    let keys: Vec<_> = matched
        .iter()
        .map(|(tenant, _)| records::workspace_key(*tenant))
        .collect();
    let mut workspaces = Vec::with_capacity(matched.len());
    for ((tenant, _), item) in matched.iter().zip(state.store().get_many(&keys).await?) {
        let name = match item {
            Some(item) => item.parse::<crate::workspace::Workspace>()?.name,
            None => continue,
        };
        workspaces.push(json!({"id": tenant.0, "name": name}));
    }
    let refusal = ApiError::Conflict {
        code: "workspace_required",
        message: "This e-mail and password log in to several workspaces; send the one to log in to as workspace_id."
            .into(),
    };
    let mut body = serde_json::to_value(refusal.body()).map_err(ApiError::internal)?;
    body["workspaces"] = json!(workspaces);
    Ok((refusal.status(), Json(body)).into_response())
}

/// The answer of the first other region with a login for `email` that does not refuse the
/// credentials (its token, its 409 `workspace_required`, its 429), or `None` when every one
/// refuses them or there is none. 503 when one did not answer and none took the login: a region
/// that could not be asked may have been the one.
async fn forward_elsewhere(
    state: &AppState,
    email: &str,
    password: &str,
    workspace_id: Option<u64>,
) -> Result<Option<Response>, ApiError> {
    let (Some(directory), Some(regions)) = (state.directory(), &state.config().regions) else {
        return Ok(None);
    };
    let mut unreachable = None;
    for region in directory.regions_of_email(email).await? {
        let Some(base_url) = regions.base_url(&region).filter(|_| region != regions.here()) else {
            continue;
        };
        match shared::region::forward_login(base_url, email, password, workspace_id).await {
            Ok(answer) if answer.status() == StatusCode::UNAUTHORIZED => {}
            Ok(answer) => return Ok(Some(answer)),
            Err(error) => unreachable = Some(error),
        }
    }
    unreachable.map_or(Ok(None), Err)
}

/// Logs `user` of `tenant` in: a new session, recorded with its activity entry in one transaction.
async fn start_session(state: &AppState, tenant: TenantId, user: &users::User, ip: &str) -> Result<Response, ApiError> {
    Ok(Json(open_session(state, tenant, user, ip).await?).into_response())
}

/// A new session of `user` (logged as a login), as a login answers it.
pub async fn open_session(
    state: &AppState,
    tenant: TenantId,
    user: &users::User,
    ip: &str,
) -> Result<TokenOut, ApiError> {
    let (token, session) = new_session_token(state, tenant, user, ip)?;
    state
        .store()
        .transact(
            [
                vec![session_write(state, tenant, &session, Condition::NotExists)?],
                activity::entry(tenant, user.id, Action::Login, ip, json!({"session_id": session.id}))?,
            ]
            .concat(),
        )
        .await?;
    Ok(TokenOut {
        token,
        token_type: "Bearer",
        expires_in: state.config().session_ttl.as_secs(),
        user: Some(UserOut::from(user)),
    })
}

/// Signs a token for a new session and returns it with the session record to store.
fn new_session_token(
    state: &AppState,
    tenant: TenantId,
    user: &users::User,
    ip: &str,
) -> Result<(String, SessionRecord), ApiError> {
    let now = now_rfc3339();
    let session = SessionRecord {
        id: new_id(),
        user_id: user.id,
        jti: new_id(),
        created_at: now.clone(),
        refreshed_at: now,
        ip: ip.to_owned(),
        version: 1,
        epoch: user.sessions_epoch,
    };
    let token = sign(state, tenant, &session)?;
    Ok((token, session))
}

/// Stores `session` (under `condition`), kept for the session lifetime from now: as long as the
/// token it was last signed with.
fn session_write(
    state: &AppState,
    tenant: TenantId,
    session: &SessionRecord,
    condition: Condition,
) -> Result<Write, ApiError> {
    let expires_at = now_unix() + i64::try_from(state.config().session_ttl.as_secs()).unwrap_or(3600);
    let item = Item::from_value(records::session_key(tenant, session.user_id, &session.id), session)?;
    Ok(Write::put(item.expiring_at(expires_at), condition))
}

fn sign(state: &AppState, tenant: TenantId, session: &SessionRecord) -> Result<String, ApiError> {
    let iat = now_unix();
    let claims = Claims {
        sub: session.user_id.to_string(),
        tid: tenant.0,
        sid: session.id.clone(),
        jti: session.jti.clone(),
        iat,
        exp: iat + i64::try_from(state.config().session_ttl.as_secs()).unwrap_or(3600),
        rgn: state.config().regions.as_ref().map(|r| r.here().to_string()),
    };
    state.jwt().sign(&claims).map_err(ApiError::internal)
}

pub async fn refresh(Caller { state, principal }: Caller) -> Result<Json<TokenOut>, ApiError> {
    // The gate verified the token and that it is its session's latest (revoking the session if not).
    let Some(session) = principal.records.session.clone() else {
        // The key is valid (the gate let it in); it is the wrong kind of credential for this route.
        return Err(ApiError::Unprocessable {
            code: "not_a_session",
            message: "API keys do not expire and cannot be refreshed; send a session token.".into(),
        });
    };
    let tenant = principal.account_tenant;
    let mut rotated = session.clone();
    rotated.jti = new_id();
    rotated.refreshed_at = now_rfc3339();
    rotated.version = session.version + 1;
    let token = sign(&state, tenant, &rotated)?;
    match state
        .store()
        .write(session_write(
            &state,
            tenant,
            &rotated,
            Condition::Version(session.version),
        )?)
        .await
    {
        Ok(()) => {}
        // A concurrent refresh of the same token won; this one's token is already stale.
        Err(StoreError::ConditionFailed { .. }) => {
            return Err(ApiError::Unauthenticated(
                "This token was just refreshed by another request; use the new token.".into(),
            ))
        }
        Err(e) => return Err(e.into()),
    }
    Ok(Json(TokenOut {
        token,
        token_type: "Bearer",
        expires_in: state.config().session_ttl.as_secs(),
        user: None,
    }))
}

/// `POST /api/logout`: ends the session; its token is refused at once.
pub async fn logout(Caller { state, principal }: Caller, ClientIp(ip): ClientIp) -> Result<Json<Message>, ApiError> {
    let Credential::Session { session_id, .. } = &principal.credential else {
        return Err(ApiError::Unprocessable {
            code: "not_a_session",
            message: "API keys and OAuth tokens are not logged out; revoke keys with DELETE /api/v1/settings/api-keys/{id}, OAuth tokens with POST /api/oauth/revoke.".into(),
        });
    };
    state
        .store()
        .transact(
            [
                vec![Write::delete(
                    records::session_key(principal.account_tenant, principal.user_id, session_id),
                    Condition::Always,
                )],
                activity::entry(
                    principal.account_tenant,
                    principal.user_id,
                    Action::Logout,
                    &ip,
                    json!({"session_id": session_id}),
                )?,
            ]
            .concat(),
        )
        .await?;
    Ok(Json(Message::new("Logged out.")))
}

/// Body of `POST /api/change-password`.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct ChangePasswordIn {
    #[schemars(required)]
    pub current_password: Option<String>,
    #[schemars(required, transform = shared::http::schema::password)]
    pub password: Option<String>,
    /// When sent, must equal `password`.
    pub password_confirmation: Option<String>,
}

/// `POST /api/change-password`: needs the current password; ends every other session (API keys
/// stay valid: they are revoked one by one).
pub async fn change_password(
    Caller { state, principal }: Caller,
    ClientIp(ip): ClientIp,
    ValidJson(body): ValidJson<ChangePasswordIn>,
) -> Result<Json<Message>, ApiError> {
    let mut errors = FieldErrors::default();
    let current = errors.required("current_password", body.current_password);
    let new = errors
        .required("password", body.password.clone())
        .and_then(|p| errors.password("password", Some(p)));
    if body.password_confirmation.is_some() && body.password_confirmation != body.password {
        errors.add("password_confirmation", "The password confirmation does not match.");
    }
    let (current, new) = errors.finish((current, new))?;
    let user = users::verify_own_password(&principal, "current_password", current).await?;
    let updated = users::with_new_password(&user, new).await?;
    let mut writes = activity::entry(
        principal.account_tenant,
        principal.user_id,
        Action::PasswordChanged,
        &ip,
        json!({}),
    )?;
    // The new password moves the user's sessions epoch on, which ends every session; the one
    // asking moves to the new epoch in the same transaction, so it alone goes on.
    if let Some(session) = &principal.records.session {
        let mut kept = session.clone();
        kept.epoch = updated.sessions_epoch;
        kept.version += 1;
        writes.push(session_write(
            &state,
            principal.account_tenant,
            &kept,
            Condition::Version(session.version),
        )?);
    }
    users::save_user(&state, principal.account_tenant, &user, &updated, writes).await?;
    Ok(Json(Message::new("Password changed; your other sessions have ended.")))
}

#[cfg(test)]
mod tests {
    use super::*;

    const WINDOW: i64 = FAILED_LOGIN_WINDOW_SECS;

    #[test]
    fn five_failures_in_one_window_refuse_the_sixth_attempt() {
        assert_eq!(wait_before_next_attempt(0, 4, 10), None);
        // Refused for the rest of this window and a fifth of the next, when the five weigh four.
        let wait = wait_before_next_attempt(0, 5, 10).expect("refused");
        assert_eq!(wait, u64::try_from(WINDOW - 10 + WINDOW / 5).unwrap());
    }

    #[test]
    fn failures_straddling_a_window_edge_still_count() {
        // A fixed window alone would forget these: every split of five failures across the edge,
        // one second after it, refuses the next attempt.
        for before_edge in 0..=5 {
            assert!(
                wait_before_next_attempt(before_edge, 5 - before_edge, 1).is_some(),
                "{before_edge} before the edge"
            );
        }
        assert_eq!(wait_before_next_attempt(5, 0, WINDOW / 5), None, "a fifth has aged out");
    }

    #[test]
    fn the_wait_is_exactly_when_the_next_attempt_is_allowed() {
        // For every state on a grid: after `wait` seconds the attempt is allowed (in this window
        // or, carried over, the next), and one second sooner it is not.
        let allowed_after = |previous: i64, current: i64, elapsed: i64, secs: i64| {
            let at = elapsed + secs;
            if at < WINDOW {
                wait_before_next_attempt(previous, current, at).is_none()
            } else {
                wait_before_next_attempt(current, 0, at - WINDOW).is_none()
            }
        };
        for previous in 0..=12 {
            for current in 0..=12 {
                for elapsed in (0..WINDOW).step_by(37) {
                    let Some(wait) = wait_before_next_attempt(previous, current, elapsed) else {
                        continue;
                    };
                    let wait = i64::try_from(wait).unwrap();
                    assert!(wait <= 2 * WINDOW, "{previous} {current} {elapsed}: {wait}");
                    assert!(
                        allowed_after(previous, current, elapsed, wait),
                        "{previous} {current} {elapsed}: {wait}"
                    );
                    if wait > 1 {
                        assert!(
                            !allowed_after(previous, current, elapsed, wait - 1),
                            "{previous} {current} {elapsed}: {wait} is too long"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn the_counters_are_this_window_and_the_one_before() {
        let throttle = LoginThrottle::of("a@example.com", 10 * WINDOW + 7);
        assert_eq!(throttle.elapsed, 7);
        assert_eq!(throttle.current.sk, "10");
        assert_eq!(throttle.previous.sk, "9");
        assert_eq!(throttle.previous.pk, throttle.current.pk);
        assert_eq!(
            throttle.expires_at,
            12 * WINDOW,
            "kept while it is the previous window's"
        );
        assert!(
            !throttle.current.pk.as_str().contains("example.com"),
            "the address is hashed"
        );
    }
}
