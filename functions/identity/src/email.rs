//! What reaches a person by mail: verifying their address, and resetting a forgotten password.
//!
//! Each mail carries a single-use link ([`shared::mail::links`]) to the dashboard, which calls
//! the routes below with its token. Links are built on `PUBLIC_BASE_URL` (locally the server's
//! own `http://localhost:PORT`), never on a request's `Host`, which a caller could forge to send
//! someone a link to their own site.

use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use serde_json::json;
use sha2::{Digest, Sha256};
use shared::handlers::Caller;
use shared::http::{ApiError, ClientIp, FieldErrors, Json, ValidJson};
use shared::mail::links::{self, Purpose};
use shared::mail::{self, Letter};
use shared::resource::{Message, Services};
use shared::store::{GlobalIndex, Key, TenantId, Write};
use shared::time::now_rfc3339;
use shared::AppState;

use crate::activity::{self, Action};
use crate::users::{self, User};
use crate::workspace;

/// A verification link holds for two days; a reset link for one hour.
const VERIFY_TTL_SECS: i64 = 48 * 3600;
const RESET_TTL_SECS: i64 = 3600;
/// Mails one address may be sent per hour through the public routes (sign-up, forgot password):
/// enough for a person, too few to flood someone's inbox.
pub const MAILS_PER_ADDRESS_PER_HOUR: i64 = 5;

/// The dashboard's address for `route` (`#/verify?token=...`).
pub fn dashboard_link(services: &Services, route: &str) -> String {
    let base = services
        .config()
        .public_base_url
        .clone()
        .unwrap_or_else(|| format!("http://localhost:{}", services.config().port));
    format!("{base}/#/{route}")
}

/// An hourly counter of a public route's uses by `subject` (an address, an IP), by the SHA-256
/// of the subject so the store holds no address in the clear: its key and expiry.
pub fn hourly_counter(route: &str, subject: &str) -> (Key, i64) {
    let hour = shared::time::now_unix().div_euclid(3600);
    let digest = hex::encode(&Sha256::digest(subject.as_bytes())[..16]);
    (
        Key::global(GlobalIndex::LoginThrottle, &format!("{route}#{digest}#{hour}")),
        (hour + 2) * 3600,
    )
}

/// Counts one use of `route` by `subject`; whether it is within `per_hour`.
pub async fn within_hourly(state: &AppState, route: &str, subject: &str, per_hour: i64) -> Result<bool, ApiError> {
    let (key, expires_at) = hourly_counter(route, subject);
    Ok(state.store().increment(&key, 1, Some(expires_at)).await? <= per_hour)
}

/// Whom a mail goes to.
pub struct Recipient<'a> {
    pub tenant: TenantId,
    pub user_id: u64,
    pub name: &'a str,
    pub email: &'a str,
}

impl<'a> Recipient<'a> {
    pub fn user(tenant: TenantId, user: &'a User) -> Self {
        Self {
            tenant,
            user_id: user.id,
            name: &user.name,
            email: &user.email,
        }
    }
}

/// A single-use link of `purpose` to the dashboard's `route` for `to`, mailed as `compose` writes
/// it around the link's URL: the writes that store the link and queue the mail.
fn mailed_link(
    state: &AppState,
    purpose: Purpose,
    ttl_secs: i64,
    route: &str,
    to: &Recipient<'_>,
    compose: impl FnOnce(&str) -> mail::Mail,
) -> Result<Vec<Write>, ApiError> {
    let (token, link) = links::issue(purpose, to.tenant, to.user_id, to.email, ttl_secs)?;
    let url = dashboard_link(state, &format!("{route}?token={token}"));
    Ok(vec![link, mail::outbox_write(&compose(&url))?])
}

/// The verification mail to `to` from workspace `workspace_name`: the writes that store its link
/// and queue it (for the transaction that makes the user or changes their address).
pub fn verification_writes(state: &AppState, workspace_name: &str, to: Recipient<'_>) -> Result<Vec<Write>, ApiError> {
    mailed_link(state, Purpose::VerifyEmail, VERIFY_TTL_SECS, "verify", &to, |url| {
        Letter {
        brand: workspace_name,
        paragraphs: &[
            &format!("Hello {},", to.name),
            "Confirm this is your address to finish opening your account. Until you do, your sandbox keys work and live keys wait.",
        ],
        action: ("Verify my address", url),
        footer: "The link holds for 48 hours. If you did not sign up, ignore this mail: nothing happens without it.",
    }
    .to(to.tenant, to.email, "Verify your e-mail address")
    })
}

/// How long a new user's invitation link holds.
const INVITATION_TTL_SECS: i64 = 7 * 86_400;

/// The invitation mail to a user `inviter` added to workspace `workspace_name`: a link to choose
/// their password (a week, once; it verifies the address too, as a reset does), for the
/// transaction that makes the user.
pub fn invitation_writes(
    state: &AppState,
    workspace_name: &str,
    inviter: &str,
    to: Recipient<'_>,
) -> Result<Vec<Write>, ApiError> {
    mailed_link(
        state,
        Purpose::ResetPassword,
        INVITATION_TTL_SECS,
        "reset-password",
        &to,
        |url| {
            Letter {
        brand: workspace_name,
        paragraphs: &[
            &format!("Hello {},", to.name),
            &format!("{inviter} added you to {workspace_name}. Choose your password with the link below to log in; your login is this address."),
        ],
        action: ("Choose my password", url),
        footer: "The link holds for a week and works once. If you do not know this workspace, ignore this mail.",
    }
    .to(to.tenant, to.email, &format!("You are invited to {workspace_name}"))
        },
    )
}

/// Body of `POST /api/verify-email` and the token half of `POST /api/reset-password`.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct VerifyEmailIn {
    /// The `token` of the link in the mail.
    #[schemars(required, length(min = 1, max = 200))]
    pub token: Option<String>,
}

fn invalid_link(field: &str) -> ApiError {
    ApiError::invalid(
        field,
        "This link is not valid: it was used already, has expired, or was copied incompletely. Ask for a new one.",
    )
}

/// The user a redeemed link names, as stored now.
async fn user_of(state: &AppState, link: &links::Link) -> Result<Option<User>, ApiError> {
    let key = shared::auth::records::user_key(link.tenant, link.user_id);
    Ok(match state.store().get(&key).await? {
        Some(item) => Some(item.parse::<User>()?),
        None => None,
    })
}

/// `POST /api/verify-email` {token}: marks the address the link was sent to verified (once).
pub async fn verify_email(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ValidJson(body): ValidJson<VerifyEmailIn>,
) -> Result<Json<Message>, ApiError> {
    let mut errors = FieldErrors::default();
    let token = errors.required("token", body.token);
    let token = errors.finish(token)?;
    let Some((link, used_up)) = links::redeem(&state, Purpose::VerifyEmail, &token).await? else {
        return Err(invalid_link("token"));
    };
    // The address must still be the user's: a link to an address since changed verifies nothing.
    let Some(user) = user_of(&state, &link).await?.filter(|u| u.email.as_str() == link.email) else {
        return Err(invalid_link("token"));
    };
    if user.email_verified_at.is_some() {
        state.store().write(used_up).await?;
        return Ok(Json(Message::new("Your address is verified already.")));
    }
    let mut verified = user.clone();
    verified.email_verified_at = Some(now_rfc3339());
    verified.version += 1;
    let mut writes = vec![used_up];
    writes.extend(activity::entry(
        link.tenant,
        user.id,
        Action::UserVerified,
        &ip,
        json!({"user_id": user.id, "by": "link"}),
    )?);
    users::save_user(&state, link.tenant, &user, &verified, writes).await?;
    Ok(Json(Message::new(
        "Your address is verified; live keys can be made now.",
    )))
}

/// `POST /api/verify-email/resend`: a new verification mail to the caller (their address is not
/// verified yet), at most [`MAILS_PER_ADDRESS_PER_HOUR`] an hour.
pub async fn resend_verification(Caller { state, principal }: Caller) -> Result<(StatusCode, Json<Message>), ApiError> {
    let user: User = principal.records.user.parse()?;
    if user.email_verified_at.is_some() {
        return Err(ApiError::invalid_transition("Your address is verified already."));
    }
    if !within_hourly(&state, "verify-mail", user.email.as_str(), MAILS_PER_ADDRESS_PER_HOUR).await? {
        return Err(ApiError::RateLimited {
            message: "Several verification mails went out this hour; wait for them or try again later.".into(),
            retry_after_secs: 3600,
        });
    }
    let workspace: workspace::Workspace = principal.records.workspace.parse()?;
    let writes = verification_writes(
        &state,
        &workspace.name,
        Recipient::user(principal.account_tenant, &user),
    )?;
    state.store().transact(writes).await?;
    Ok((
        StatusCode::ACCEPTED,
        Json(Message::new(format!(
            "A new verification mail is on its way to {}.",
            user.email
        ))),
    ))
}

/// Body of `POST /api/forgot-password`.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct ForgotPasswordIn {
    #[schemars(required, transform = shared::http::schema::email)]
    pub email: Option<String>,
}

const RESET_SENT: &str =
    "If an account uses this address, a link to choose a new password is on its way; it holds for one hour.";

/// `POST /api/forgot-password` {email}: a reset link to each account the address is a login of.
/// The answer is the same whether or not there is one, so it tells nobody which addresses have
/// accounts; past [`MAILS_PER_ADDRESS_PER_HOUR`] an hour the mails stop, and the answer does not
/// change either.
pub async fn forgot_password(
    State(state): State<AppState>,
    ValidJson(body): ValidJson<ForgotPasswordIn>,
) -> Result<(StatusCode, Json<Message>), ApiError> {
    let mut errors = FieldErrors::default();
    let email = errors
        .required("email", body.email)
        .and_then(|raw| errors.email("email", Some(raw)))
        .map(|email| shared::domain::unique_form(&email));
    let email = errors.finish(email)?;
    let sent = (StatusCode::ACCEPTED, Json(Message::new(RESET_SENT)));
    if !within_hourly(&state, "reset-mail", &email, MAILS_PER_ADDRESS_PER_HOUR).await? {
        return Ok(sent);
    }
    // The accounts in one query and one batch read, their workspaces' names in one more.
    let accounts = crate::sessions::accounts_of(&state, &email, None).await?;
    let keys: Vec<_> = accounts
        .iter()
        .map(|(tenant, _)| shared::auth::records::workspace_key(*tenant))
        .collect();
    let workspaces = state.store().get_many(&keys).await?;
    for ((tenant, user), workspace) in accounts.iter().zip(workspaces) {
        let Some(workspace) = workspace else { continue };
        let name = workspace.parse::<workspace::Workspace>()?.name;
        let to = Recipient {
            tenant: *tenant,
            user_id: user.id,
            name: &user.name,
            email: &user.email,
        };
        let writes = mailed_link(
            &state,
            Purpose::ResetPassword,
            RESET_TTL_SECS,
            "reset-password",
            &to,
            |url| {
                Letter {
            brand: &name,
            paragraphs: &[
                &format!("Hello {},", user.name),
                "Someone asked to reset the password of your account. Choose a new one with the link below; every session of yours ends when you do.",
            ],
            action: ("Choose a new password", url),
            footer: "The link holds for one hour and works once. If you did not ask, ignore this mail: your password stays as it is.",
        }
        .to(*tenant, &user.email, "Reset your password")
            },
        )?;
        state.store().transact(writes).await?;
    }
    Ok(sent)
}

/// Body of `POST /api/reset-password`.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct PasswordResetLinkIn {
    /// The `token` of the link in the mail.
    #[schemars(required, length(min = 1, max = 200))]
    pub token: Option<String>,
    #[schemars(required, transform = shared::http::schema::password)]
    pub password: Option<String>,
}

/// `POST /api/reset-password` {token, password}: the new password, once per link; every session
/// of the user ends. Following the link proves the address, so it is verified too.
pub async fn reset_password(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ValidJson(body): ValidJson<PasswordResetLinkIn>,
) -> Result<Json<Message>, ApiError> {
    let mut errors = FieldErrors::default();
    let token = errors.required("token", body.token);
    let password = errors
        .required("password", body.password)
        .and_then(|p| errors.password("password", Some(p)));
    let (token, password) = errors.finish((token, password))?;
    let Some((link, used_up)) = links::redeem(&state, Purpose::ResetPassword, &token).await? else {
        return Err(invalid_link("token"));
    };
    let Some(user) = user_of(&state, &link).await?.filter(|u| u.email.as_str() == link.email) else {
        return Err(invalid_link("token"));
    };
    let mut updated = users::with_new_password(&user, password).await?;
    if updated.email_verified_at.is_none() {
        updated.email_verified_at = Some(now_rfc3339());
    }
    let mut writes = vec![used_up];
    writes.extend(activity::entry(
        link.tenant,
        user.id,
        Action::PasswordReset,
        &ip,
        json!({"user_id": user.id, "by": "link"}),
    )?);
    users::save_user(&state, link.tenant, &user, &updated, writes).await?;
    Ok(Json(Message::new(
        "Your password is changed and your sessions have ended; log in with the new one.",
    )))
}
