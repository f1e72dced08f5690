//! The activity log (`GET /api/users/log`): logins, failed logins, key creations and revocations,
//! user changes, each with time and IP. Entries are written in the same transaction as the change
//! they describe where there is one.

use axum::extract::State;
use axum::Json;
use rand::Rng;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use shared::auth::Principal;
use shared::http::{paginate, ApiError, FieldErrors, ListResponse, Listing};
use shared::store::{Condition, Item, Key, Partition, Query, StoreExt, TenantId, Write};
use shared::time::now_rfc3339;
use shared::AppState;

const KIND: &str = "activity";

/// What happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    Login,
    LoginFailed,
    Logout,
    SessionRevoked,
    PasswordChanged,
    ProfileUpdated,
    PhotoUploaded,
    AccountDeleted,
    ApiKeyCreated,
    ApiKeyRevoked,
    UserCreated,
    UserUpdated,
    UserDeleted,
    UserVerified,
    PasswordReset,
}

impl Action {
    const ALL: [Action; 15] = [
        Self::Login,
        Self::LoginFailed,
        Self::Logout,
        Self::SessionRevoked,
        Self::PasswordChanged,
        Self::ProfileUpdated,
        Self::PhotoUploaded,
        Self::AccountDeleted,
        Self::ApiKeyCreated,
        Self::ApiKeyRevoked,
        Self::UserCreated,
        Self::UserUpdated,
        Self::UserDeleted,
        Self::UserVerified,
        Self::PasswordReset,
    ];

    fn name(self) -> String {
        serde_json::to_value(self)
            .ok()
            .and_then(|v| v.as_str().map(str::to_owned))
            .unwrap_or_default()
    }
}

/// One log entry.
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ActivityEntry {
    /// Sortable by time.
    pub id: String,
    pub action: Action,
    /// Who did it.
    pub user_id: u64,
    pub ip: String,
    pub details: Value,
    pub created_at: String,
}

/// A write adding an entry; put it in the transaction of the change it describes.
pub fn entry(tenant: TenantId, actor: u64, action: Action, ip: &str, details: Value) -> Result<Write, ApiError> {
    // Time-ordered without a counter round trip: nanoseconds, then random bits against collisions.
    let nanos = chrono::Utc::now().timestamp_nanos_opt().unwrap_or_default();
    let id = format!("{nanos:020}-{:04x}", rand::rng().random::<u16>());
    let record = ActivityEntry {
        id: id.clone(),
        action,
        user_id: actor,
        ip: ip.to_owned(),
        details,
        created_at: now_rfc3339(),
    };
    Ok(Write::put(
        Item::from_value(Key::new(Partition::tenant(tenant, KIND), id), &record)?,
        Condition::NotExists,
    ))
}

/// Writes an entry on its own, for events with no other write to join.
pub async fn record(
    state: &AppState,
    tenant: TenantId,
    actor: u64,
    action: Action,
    ip: &str,
    details: Value,
) -> Result<(), ApiError> {
    Ok(state.store().write(entry(tenant, actor, action, ip, details)?).await?)
}

/// Filters of the log.
#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
pub struct ActivityFilters {
    /// Only entries by this user.
    pub user_id: Option<u64>,
    /// Only entries of this action, e.g. `login`.
    #[schemars(with = "Option<Action>")]
    pub action: Option<String>,
}

/// `GET /api/users/log`: newest first.
pub async fn list_activity(
    State(state): State<AppState>,
    principal: Principal,
    Listing { params: list, filters }: Listing<ActivityFilters>,
) -> Result<Json<ListResponse<ActivityEntry>>, ApiError> {
    let mut errors = FieldErrors::default();
    let action = match filters.action.as_deref() {
        Some(raw) => {
            let found = Action::ALL.into_iter().find(|a| a.name() == raw);
            if found.is_none() {
                let names: Vec<String> = Action::ALL.iter().map(|a| a.name()).collect();
                errors.add(
                    "action",
                    format!("The action field must be one of: {}.", names.join(", ")),
                );
            }
            found
        }
        None => None,
    };
    errors.into_result(())?;
    let mut query = Query::partition(Partition::tenant(principal.tenant, KIND));
    query.descending = true;
    let entries: Vec<ActivityEntry> = state
        .store()
        .query_all(query)
        .await?
        .iter()
        .map(Item::parse)
        .collect::<Result<Vec<ActivityEntry>, _>>()?
        .into_iter()
        .filter(|e| filters.user_id.is_none_or(|u| e.user_id == u))
        .filter(|e| action.is_none_or(|a| e.action == a))
        .collect();
    Ok(Json(paginate(entries, &list)?))
}
