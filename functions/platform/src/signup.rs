//! `POST /api/signup`: a new customer opens an account by themselves, with no approval.
//!
//! One request gives the live workspace (on the chosen plan) with its seeded sandbox, the owner's
//! session and a sandbox key, so a first API call needs nothing else; the owner's address gets a
//! verification mail in the transaction that opens the workspace, and live keys wait for it
//! (`live_keys_need_verified_address`).
//!
//! A public route that writes needs its own limits: a few sign-ups per client address an hour, and
//! a few mails per e-mail address. An address may open several workspaces (a login may belong to
//! several), so the answer never tells whether it has an account already.

use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use shared::auth::records::Mode;
use shared::domain::Text;
use shared::http::{ApiError, ClientIp, FieldErrors, Json, ValidJson};
use shared::store::TenantId;
use shared::AppState;

use identity::api_keys::{self, NewApiKey};
use identity::email as mail;
use identity::sessions::{self, TokenOut};
use identity::workspace::{CreateWorkspaceError, OwnerIn};

use crate::accounts::open_account;

/// Sign-ups one client address may make an hour.
pub const SIGNUPS_PER_IP_PER_HOUR: i64 = 10;
/// The plan a sign-up that names none tries.
const DEFAULT_PLAN: &str = "pro";

/// Body of `POST /api/signup`.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[schemars(example = serde_json::json!({"name": "Ana Costa", "email": "ana@acme-dental.example", "password": "a long passphrase of yours", "workspace_name": "Acme Dental", "plan_id": "pro"}))]
pub struct SignupIn {
    /// The owner's name.
    #[schemars(required)]
    pub name: Option<Text<255>>,
    /// The owner's login; it gets the verification mail.
    #[schemars(required, transform = shared::http::schema::email)]
    pub email: Option<String>,
    /// 8 to 128 characters, not a common password nor the address or name.
    #[schemars(required, transform = shared::http::schema::password)]
    pub password: Option<String>,
    #[schemars(required)]
    pub workspace_name: Option<Text<190>>,
    /// A plan of `GET /api/public/plans`, on its trial; absent, `pro`.
    #[serde(default, deserialize_with = "plan_id")]
    #[schemars(transform = plan_ids)]
    pub plan_id: Option<String>,
}

/// A plan id; `null` is refused rather than read as "the default", as the document says.
fn plan_id<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Option<String>, D::Error> {
    match Option::<String>::deserialize(deserializer)? {
        Some(id) => Ok(Some(id)),
        None => Err(serde::de::Error::custom(
            "leave plan_id out for the default plan, or name one",
        )),
    }
}

/// One of the plan ids, not null.
fn plan_ids(schema: &mut schemars::Schema) {
    shared::http::schema::values(schema, shared::plans::PLANS.iter().map(|p| p.id), false);
    schema.insert("type".into(), serde_json::json!("string"));
}

/// What a sign-up answers: the owner's session, and a sandbox key shown this once.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct SignupOut {
    #[serde(flatten)]
    pub session: TokenOut,
    pub workspace_id: u64,
    /// A `wt_test_` key on the sandbox; keep it now, it cannot be shown again.
    pub sandbox_key: NewApiKey,
}

/// `POST /api/signup`.
pub async fn signup(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ValidJson(body): ValidJson<SignupIn>,
) -> Result<(StatusCode, Json<SignupOut>), ApiError> {
    let mut errors = FieldErrors::default();
    let name = errors.required_text("name", body.name);
    let email = errors
        .required("email", body.email)
        .and_then(|raw| errors.email("email", Some(raw)));
    let password = errors
        .required("password", body.password)
        .and_then(|p| errors.password("password", Some(p)));
    let workspace_name = errors.required_text("workspace_name", body.workspace_name);
    let plan = match body.plan_id.as_deref() {
        None => shared::plans::find(DEFAULT_PLAN),
        Some(id) => {
            let plan = shared::plans::find(id);
            if plan.is_none() {
                let ids: Vec<&str> = shared::plans::PLANS.iter().map(|p| p.id).collect();
                errors.add(
                    "plan_id",
                    format!("`{id}` is not a plan; choose one of: {}.", ids.join(", ")),
                );
            }
            plan
        }
    };
    let (name, email, password, workspace_name) = errors.finish((name, email, password, workspace_name))?;
    if let Some(why) = shared::auth::password::refusal(&password, &email, &name) {
        return Err(ApiError::invalid("password", why));
    }
    let plan = plan.expect("checked above");
    if !mail::within_hourly(&state, "signup-ip", &ip, SIGNUPS_PER_IP_PER_HOUR).await? {
        return Err(ApiError::RateLimited {
            message: "Too many sign-ups from this address this hour; try again later.".into(),
            retry_after_secs: 3600,
        });
    }
    // Past the hourly mails of this address the account still opens; its mail waits for a resend.
    let mail_allowed = mail::within_hourly(&state, "verify-mail", &email, mail::MAILS_PER_ADDRESS_PER_HOUR).await?;

    let owner = OwnerIn {
        name: name.clone(),
        email: email.clone(),
        password,
        verified: false,
    };
    let mail_state = state.clone();
    let (live, sandbox) = open_account(&state, &workspace_name, plan.id, owner, |workspace| {
        workspace.live_keys_need_verified_address = true;
        let mut writes = identity::trial::start(workspace, plan, identity::trial::clock(&mail_state))?;
        // The verification mail joins the transaction that opens the workspace.
        if !mail_allowed {
            return Ok(writes);
        }
        let to = mail::Recipient {
            tenant: workspace.id,
            user_id: workspace.owner_user_id,
            name: &name,
            email: &email,
        };
        writes.extend(mail::verification_writes(&mail_state, &workspace.name, to).map_err(|e| anyhow::anyhow!("{e}"))?);
        Ok(writes)
    })
    .await
    .map_err(|e| match e {
        CreateWorkspaceError::Store(e) => ApiError::from(e),
        CreateWorkspaceError::Other(e) => ApiError::internal(e),
    })?;
    let user = owner_of(&state, live).await?;
    let session = sessions::open_session(&state, live, &user, &ip).await?;
    let sandbox_key = api_keys::issue_key(
        &state,
        live,
        sandbox,
        user.id,
        "Sandbox key (sign-up)".into(),
        None,
        Mode::Test,
        &ip,
    )
    .await?;
    Ok((
        StatusCode::CREATED,
        Json(SignupOut {
            session,
            workspace_id: live.0,
            sandbox_key,
        }),
    ))
}

/// The owner of a workspace just opened.
async fn owner_of(state: &AppState, tenant: TenantId) -> Result<identity::users::User, ApiError> {
    let key = shared::auth::records::user_key(tenant, 1);
    match state.store().get(&key).await? {
        Some(item) => Ok(item.parse()?),
        None => Err(ApiError::internal(anyhow::anyhow!(
            "the new workspace {} has no owner",
            tenant.0
        ))),
    }
}
