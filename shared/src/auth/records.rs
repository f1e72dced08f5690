//! The stored shapes the principal extractor reads on every request. Identity writes them; every
//! function reads them, so they live here.

use serde::{Deserialize, Serialize};

use super::Role;
use crate::http::ApiError;
use crate::store::{GlobalIndex, Key, Partition, Store, TenantId};

/// Record kind of users.
pub const USER: &str = "user";
/// Record kind of API keys (the tenant-side record, listed in the settings).
pub const API_KEY: &str = "apikey";

/// The part of a user record authentication needs; the rest is identity's business.
#[derive(Clone, Debug, Deserialize)]
pub struct UserAuthView {
    pub id: u64,
    pub role: Role,
    /// Sessions stamped with another epoch have ended ([`SessionRecord::epoch`]).
    #[serde(default)]
    pub sessions_epoch: u64,
}

pub fn user_key(tenant: TenantId, user_id: u64) -> Key {
    Key::record(tenant, USER, user_id)
}

/// The users of workspace `tenant` among `ids` (those that exist), 100 per round trip.
pub async fn load_users(store: &dyn Store, tenant: TenantId, ids: &[u64]) -> Result<Vec<UserAuthView>, ApiError> {
    let keys: Vec<_> = ids.iter().map(|id| user_key(tenant, *id)).collect();
    let mut users = Vec::new();
    for chunk in keys.chunks(100) {
        for item in store.get_many(chunk).await?.into_iter().flatten() {
            users.push(item.parse()?);
        }
    }
    Ok(users)
}

/// Checks `ids` (on `field`): at most `max`, each a user of the workspace (of role `Client`
/// when `clients` holds), repeats dropped. 422 names the ids that are not.
pub async fn check_users(
    store: &dyn Store,
    tenant: TenantId,
    field: &str,
    ids: Vec<u64>,
    clients: bool,
    max: usize,
) -> Result<Vec<u64>, ApiError> {
    let unique = crate::http::validate::distinct_ids(field, ids, max)?;
    let users = load_users(store, tenant, &unique).await?;
    let missing: Vec<String> = unique
        .iter()
        .filter(|id| {
            !users
                .iter()
                .any(|u| u.id == **id && (!clients || u.role == Role::Client))
        })
        .map(u64::to_string)
        .collect();
    if !missing.is_empty() {
        let what = if clients { "client users" } else { "users" };
        return Err(ApiError::invalid(
            field,
            format!("These ids are not {what} of this workspace: {}.", missing.join(", ")),
        ));
    }
    Ok(unique)
}

/// The user `id` named in field `field`, when it is one of the workspace's team: an owner, admin
/// or staff user (clients and vendors log in for their own records only). 422 naming the field
/// otherwise, saying why.
pub async fn check_team_user(store: &dyn Store, tenant: TenantId, field: &str, id: u64) -> Result<u64, ApiError> {
    let users = load_users(store, tenant, &[id]).await?;
    require_team(field, id, users.first().map(|u| u.role))
}

/// [`check_team_user`] for a user already read (`role`: theirs, `None` when there is no such
/// user).
pub fn require_team(field: &str, id: u64, role: Option<Role>) -> Result<u64, ApiError> {
    match role {
        Some(Role::Owner | Role::Admin | Role::Staff) => Ok(id),
        Some(role) => Err(ApiError::invalid(
            field,
            format!(
                "User {id} is a {} user: name an owner, admin or staff user.",
                role.as_str()
            ),
        )),
        None => Err(ApiError::invalid(field, format!("No user has id {id}."))),
    }
}

crate::choice! {
    /// Live data or the sandbox beside it.
    #[derive(Default)]
    pub enum Mode {
        #[default]
        Live = "live",
        Test = "test",
    }
}

/// The part of a workspace record every request needs: its plan, limits and sandbox.
#[derive(Clone, Debug, Deserialize)]
pub struct WorkspaceAuthView {
    pub plan: String,
    /// A custom limit replacing the plan's (custom deals, tests).
    #[serde(default)]
    pub rate_limit_per_hour: Option<u32>,
    #[serde(default)]
    pub mode: Mode,
    /// On a live workspace: its sandbox.
    #[serde(default)]
    pub sandbox_tenant: Option<TenantId>,
    /// Plan modules the workspace switched off (a reseller offering less than the plan).
    #[serde(default)]
    pub disabled_modules: Vec<super::Module>,
    /// When the platform that provisioned it suspended it: every token answers 403
    /// `tenant_suspended` until it is resumed.
    #[serde(default)]
    pub suspended_at: Option<String>,
    /// While set, the live workspace's writes answer 402 (see [`ReadOnly`]).
    #[serde(default)]
    pub read_only: Option<ReadOnly>,
}

crate::choice! {
    /// Why a workspace is read-only: its trial ended without a subscription (`trial_ended`), or
    /// its subscription ended, cancelled at the period's end or unpaid (`subscription_ended`).
    pub enum ReadOnlyCode {
        TrialEnded = "trial_ended",
        SubscriptionEnded = "subscription_ended",
    }
}

/// A live workspace that must subscribe to write again: every write answers 402 with
/// [`ReadOnly::code`] and [`ReadOnly::message`], except those a customer needs to subscribe and
/// to take their data away (their own account and keys, billing, exports; routes marked
/// `open_while_read_only`). Reads go on, the sandbox too, and nothing is deleted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ReadOnly {
    /// RFC 3339: when writes stopped.
    pub since: String,
    pub code: ReadOnlyCode,
}

impl ReadOnly {
    /// What a refused write says: why, since when, and how to write again.
    pub fn message(&self) -> String {
        let why = match self.code {
            ReadOnlyCode::TrialEnded => "trial ended",
            ReadOnlyCode::SubscriptionEnded => "subscription ended",
        };
        format!(
            "This workspace's {why} on {}, so it is read-only: subscribe to a plan (the dashboard's \
             Billing page, or POST /api/billing/checkout) to write again. Reads, exports, API keys \
             and billing keep working, and nothing was deleted.",
            self.since
        )
    }

    /// The 402 a write gets.
    pub fn refusal(&self) -> ApiError {
        ApiError::PaymentRequired {
            code: self.code.as_str(),
            message: self.message(),
        }
    }
}

impl WorkspaceAuthView {
    /// Whether `module` is on the workspace's plan and not switched off.
    pub fn has_module(&self, module: super::Module) -> bool {
        crate::plans::find(&self.plan).is_some_and(|p| p.enables(module, &self.disabled_modules))
    }
}

/// A workspace's own record.
pub fn workspace_key(tenant: TenantId) -> Key {
    Key::new(Partition::tenant(tenant, "workspace"), "profile")
}

/// One login session. Its token's `jti` must match `jti`; a refresh replaces it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SessionRecord {
    pub id: String,
    pub user_id: u64,
    pub jti: String,
    pub created_at: String,
    pub refreshed_at: String,
    pub ip: String,
    pub version: u64,
    /// The user's `sessions_epoch` when the session began. Ending all of a user's sessions moves
    /// the user's epoch on (one write, however many sessions there are); a session of an earlier
    /// epoch is refused and left for its expiry to remove.
    #[serde(default)]
    pub epoch: u64,
}

/// A user's sessions share a partition.
pub fn sessions_partition(tenant: TenantId, user_id: u64) -> Partition {
    Partition::tenant(tenant, &format!("session#{user_id}"))
}

pub fn session_key(tenant: TenantId, user_id: u64, session_id: &str) -> Key {
    Key::new(sessions_partition(tenant, user_id), session_id)
}

/// The global entry an API key's hash points to: everything a request needs, in one read.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ApiKeyIndex {
    /// The key owner's (live) workspace.
    pub tenant: TenantId,
    pub user_id: u64,
    pub key_id: u64,
    /// Permission names the key is narrowed to; `None` means the user's full permissions.
    pub scopes: Option<Vec<String>>,
    /// `test` keys reach the account's sandbox, `live` keys its live data.
    pub mode: Mode,
    pub last_used_at: Option<i64>,
}

pub fn api_key_index_key(hash_hex: &str) -> Key {
    Key::global(GlobalIndex::ApiKeyHash, hash_hex)
}
