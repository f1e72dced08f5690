//! The caller's own account: `GET /api/user`, `edit-profile`, `upload-photos`, the photo download,
//! and `delete-account`.

use axum::extract::Multipart;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use serde_json::json;
use shared::auth::records::{self, Mode};
use shared::auth::{Module, Permission};
use shared::domain::Text;
use shared::handlers::Caller;
use shared::http::Json;
use shared::http::{read_upload, served_file, ApiError, ClientIp, FieldErrors, ValidJson, ValidPath};
use shared::resource::{Message, PatchJson};
use shared::store::files::{Object, ObjectKey};
use shared::store::StoreExt;
use shared::time::now_rfc3339;

use crate::activity::{self, Action};
use crate::users::{self, Photo, UserOut};
use crate::workspace::{PlanStanding, Workspace};

/// `GET /api/user`: the caller, their workspace and what they may do.
pub async fn show_current_user(Caller { state, principal }: Caller) -> Result<Json<CurrentUser>, ApiError> {
    let user = users::own_user(&principal)?;
    // The workspace the request works in: the sandbox for a test key.
    let workspace: Option<Workspace> = if principal.tenant == principal.account_tenant {
        Some(principal.records.workspace.parse()?)
    } else {
        state.store().get_as(&records::workspace_key(principal.tenant)).await?
    };
    Ok(Json(CurrentUser {
        user: UserOut::from(&user),
        workspace: workspace.map(|w| CurrentWorkspace {
            id: w.id.0,
            name: w.name,
            plan: w.plan,
            mode: w.mode,
            region: w.region,
        }),
        permissions: principal.permissions().iter().map(|p| p.name()).collect(),
    }))
}

/// `GET /api/workspace`: the caller's own (live) workspace, its plan and its last day of use.
pub async fn show_workspace(Caller { state, principal }: Caller) -> Result<Json<WorkspaceOut>, ApiError> {
    let workspace: Workspace = principal.records.workspace.parse()?;
    let user = users::own_user(&principal)?;
    let now = shared::usage::current_hour();
    let hours: Vec<i64> = (now - 23..=now).collect();
    let keys: Vec<_> = hours
        .iter()
        .map(|hour| shared::usage::requests_key(principal.account_tenant, *hour))
        .collect();
    // The 24 counters in one round trip.
    let counts = state.store().counters(&keys).await?;
    let plan = shared::plans::find(&workspace.plan);
    let standing = PlanStanding::from(&workspace);
    let token_limit = workspace
        .rate_limit_per_hour
        .or(plan.map(|p| p.requests_per_hour))
        .unwrap_or_default();
    Ok(Json(WorkspaceOut {
        id: workspace.id.0,
        name: workspace.name,
        plan: WorkspacePlan::of(&workspace.plan),
        mode: workspace.mode,
        region: workspace.region,
        email_verified: user.email_verified_at.is_some(),
        live_keys_need_verified_address: workspace.live_keys_need_verified_address,
        standing,
        created_at: workspace.created_at,
        usage: WorkspaceUsage {
            limit_per_hour: token_limit.saturating_mul(shared::policy::WORKSPACE_CEILING_TOKENS),
            token_limit_per_hour: token_limit,
            hours: hours
                .iter()
                .zip(counts)
                .map(|(hour, requests)| HourOfUse {
                    hour: shared::time::unix_to_rfc3339(hour * 3600),
                    requests: u64::try_from(requests).unwrap_or(0),
                })
                .collect(),
        },
    }))
}

/// What `GET /api/workspace` answers.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct WorkspaceOut {
    pub id: u64,
    pub name: String,
    pub plan: WorkspacePlan,
    pub mode: Mode,
    /// Its home region; null on a single-region platform.
    pub region: Option<String>,
    /// Whether the caller's address is verified.
    pub email_verified: bool,
    /// Opened by sign-up: live keys need a verified address.
    pub live_keys_need_verified_address: bool,
    #[serde(flatten)]
    pub standing: PlanStanding,
    pub created_at: String,
    pub usage: WorkspaceUsage,
}

/// A workspace's plan by id and name.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct WorkspacePlan {
    /// A plan id of `GET /api/public/plans`.
    pub id: String,
    pub name: String,
}

impl WorkspacePlan {
    pub fn of(plan_id: &str) -> Self {
        Self {
            id: plan_id.to_owned(),
            name: shared::plans::find(plan_id).map_or_else(|| plan_id.to_owned(), |p| p.name.to_owned()),
        }
    }
}

/// Requests of the last 24 clock hours, this one last (counted by each instance and added up
/// every few seconds, so the current hour lags a little).
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct WorkspaceUsage {
    /// The workspace's ceiling per hour, all its tokens together (429 past it).
    pub limit_per_hour: u32,
    /// Each token's own limit per hour.
    pub token_limit_per_hour: u32,
    pub hours: Vec<HourOfUse>,
}

#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct HourOfUse {
    /// The hour's start (UTC).
    pub hour: String,
    pub requests: u64,
}

/// What `GET /api/user` answers: the caller as a user, the workspace the request works in and
/// the permissions the credential holds there.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct CurrentUser {
    #[serde(flatten)]
    pub user: UserOut,
    /// The sandbox for a test key; absent only if the workspace is gone.
    pub workspace: Option<CurrentWorkspace>,
    /// `module.read` / `module.write` names, as OAuth scopes name them.
    pub permissions: Vec<String>,
}

/// The workspace a request works in, as `GET /api/user` shows it.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct CurrentWorkspace {
    pub id: u64,
    pub name: String,
    /// A plan id of `GET /api/public/plans`.
    pub plan: String,
    pub mode: Mode,
    /// Its home region; null on a single-region platform.
    pub region: Option<String>,
}

// The "at least one" rule is in the description, not an `anyOf` beside the properties: generated
// clients keep only an `anyOf`'s branches and drop the properties.
/// Body of `POST /api/edit-profile`: at least one of `name` and `email`.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[schemars(transform = shared::resource::patch_schema)]
#[schemars(example = serde_json::json!({"name": "Ada Lovelace"}))]
pub struct ProfilePatch {
    pub name: Option<Text<255>>,
    /// A new address must be unused; it starts unverified. Changing it needs a login session (not
    /// an API key) and `current_password`.
    #[schemars(transform = shared::http::schema::email)]
    pub email: Option<String>,
    /// The caller's password, required to change `email`.
    pub current_password: Option<String>,
}

/// `POST /api/edit-profile`: the caller's name and e-mail. The e-mail is the login, so changing it
/// re-authenticates: a session (not an API key) and the current password.
pub async fn edit_profile(
    Caller { state, principal }: Caller,
    ClientIp(ip): ClientIp,
    PatchJson(body): PatchJson<ProfilePatch>,
) -> Result<Json<UserOut>, ApiError> {
    let mut errors = FieldErrors::default();
    if body.name.is_none() && body.email.is_none() {
        errors.add("name", "Send a name or an email to change.");
    }
    let name = errors.text("name", body.name);
    let email = errors.email("email", body.email);
    let (name, email) = errors.into_result((name, email))?;
    let mut user = users::own_user(&principal)?;
    if email.as_ref().is_some_and(|e| !e.eq_ignore_ascii_case(&user.email)) {
        users::require_session_for_login_change(&principal)?;
        user = users::reauthenticate(&principal, body.current_password).await?;
    }
    let updated =
        users::apply_profile_change(&state, principal.account_tenant, Mode::Live, user, name, email, None).await?;
    activity::record(
        &state,
        principal.account_tenant,
        principal.user_id,
        Action::ProfileUpdated,
        &ip,
        json!({}),
    )
    .await?;
    Ok(Json(UserOut::from(&updated)))
}

/// `POST /api/upload-photos`: `multipart/form-data` with one image in the field `photo` (PNG, JPEG,
/// GIF or WebP, at most 5 MiB). Replaces the caller's photo.
pub async fn upload_photo(
    Caller { state, principal }: Caller,
    ClientIp(ip): ClientIp,
    multipart: Result<Multipart, axum::extract::multipart::MultipartRejection>,
) -> Result<Json<UserOut>, ApiError> {
    let upload = read_upload(multipart, &["photo", "photos", "file"]).await?;
    let content_type = upload.image("photo")?;
    let bytes = upload.bytes;

    let user = users::own_user(&principal)?;
    let key = ObjectKey::new(
        principal.account_tenant,
        &format!("users/{}/photo-{}", user.id, uuid_like()),
    );
    let size = bytes.len() as u64;
    let pending = shared::http::PendingUpload::begin(state.store(), principal.account_tenant, &key).await?;
    state
        .files()
        .put(
            &key,
            Object {
                bytes,
                content_type: content_type.into(),
            },
        )
        .await?;
    let mut updated = user.clone();
    updated.photo = Some(Photo {
        key: key.as_str().to_owned(),
        content_type: content_type.into(),
        size,
        uploaded_at: now_rfc3339(),
    });
    updated.version += 1;
    updated.updated_at = now_rfc3339();
    let entry = activity::entry(
        principal.account_tenant,
        principal.user_id,
        Action::PhotoUploaded,
        &ip,
        json!({"size": size}),
    )?;
    let mut also = entry;
    also.push(pending.committed());
    if let Err(e) = users::save_user(&state, principal.account_tenant, &user, &updated, also).await {
        // The record still names the old photo; do not leave the new bytes orphaned.
        let _ = state.files().delete(&key).await;
        return Err(e);
    }
    if let Some(old) = user
        .photo
        .as_ref()
        .and_then(|p| ObjectKey::stored(principal.account_tenant, &p.key))
    {
        if let Err(e) = state.files().delete(&old).await {
            tracing::warn!(error = %e, "replaced photo left behind");
        }
    }
    Ok(Json(UserOut::from(&updated)))
}

fn uuid_like() -> String {
    shared::auth::session::new_id()
}

/// `GET /api/users/{id}/photo`: the photo's bytes with their content type. Your own photo needs no
/// permission; another user's needs `users.read`.
pub async fn download_photo(
    Caller { state, principal }: Caller,
    ValidPath(id): ValidPath<u64>,
) -> Result<Response, ApiError> {
    if id != principal.user_id {
        principal.require(Permission::read(Module::Users))?;
    }
    let user = users::load(&state, principal.tenant, id).await?;
    let object = match user
        .photo
        .as_ref()
        .and_then(|p| ObjectKey::stored(principal.tenant, &p.key))
    {
        Some(key) => state.files().get(&key).await?,
        None => None,
    };
    let object = object.ok_or_else(|| ApiError::not_found("Photo"))?;
    Ok(served_file(&object.content_type, object.bytes, None))
}

/// Body of `DELETE /api/delete-account`.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct DeleteAccountIn {
    /// The caller's password, to confirm.
    #[schemars(required)]
    pub password: Option<String>,
}

/// `DELETE /api/delete-account`: deletes the caller with their sessions and keys. The last owner of
/// a workspace cannot (409 `last_owner`).
pub async fn delete_account(
    Caller { state, principal }: Caller,
    ClientIp(ip): ClientIp,
    ValidJson(body): ValidJson<DeleteAccountIn>,
) -> Result<Json<Message>, ApiError> {
    let mut errors = FieldErrors::default();
    let given = errors.required("password", body.password);
    let given = errors.finish(given)?;
    let user = users::verify_own_password(&principal, "password", given).await?;
    users::delete_user(
        &state,
        principal.account_tenant,
        Mode::Live,
        &user,
        principal.user_id,
        &ip,
        Action::AccountDeleted,
    )
    .await?;
    Ok(Json(Message::new("Your account has been deleted.")))
}
