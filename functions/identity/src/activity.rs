//! The activity log (`GET /api/users/log`): logins, failed logins, key creations and revocations,
//! user changes, each with time and IP. Entries are written in the same transaction as the change
//! they describe where there is one.

use rand::Rng;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use shared::handlers::Caller;
use shared::http::Json;
use shared::http::{ApiError, FieldErrors, ListResponse, Listing};
use shared::resource::index::{self, Filter, IndexValue, Indexed, Lists, Times};
use shared::resource::Cx;
use shared::store::{Condition, Item, Key, TenantId, Write};
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
    OauthClientCreated,
    OauthClientDeleted,
    OauthAuthorized,
}

impl Action {
    const ALL: [Action; 18] = [
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
        Self::OauthClientCreated,
        Self::OauthClientDeleted,
        Self::OauthAuthorized,
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
    /// Sortable by time: digits, later entries greater.
    pub id: String,
    pub action: Action,
    /// Who did it.
    pub user_id: u64,
    pub ip: String,
    pub details: Value,
    pub created_at: String,
}

/// The log is listed by user and by action, from indexes kept with each entry.
impl Indexed for ActivityEntry {
    const KIND: &'static str = KIND;
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[],
        filters: &[
            Filter::one("user_id", |e| IndexValue::id(e.user_id)),
            Filter::one("action", |e| IndexValue::text(&e.action.name())),
        ],
        sums: &[],
    };
    const TIMES: Times = Times::Created;
    fn created_at(&self) -> Option<&str> {
        Some(&self.created_at)
    }
    fn id(&self) -> u64 {
        self.id.parse().unwrap_or_default()
    }
    fn search_text(&self) -> String {
        format!("{} {}", self.action.name(), self.ip)
    }
}

/// A time-ordered id without a counter round trip: microseconds since 1970 in the high bits,
/// random low bits against two entries in one microsecond.
fn new_id() -> u64 {
    let micros = u64::try_from(chrono::Utc::now().timestamp_micros()).unwrap_or_default();
    (micros << 12) | u64::from(rand::rng().random::<u16>() & 0x0fff)
}

/// The writes adding an entry and its index items; put them in the transaction of the change it
/// describes.
pub fn entry(tenant: TenantId, actor: u64, action: Action, ip: &str, details: Value) -> Result<Vec<Write>, ApiError> {
    let id = new_id();
    let record = ActivityEntry {
        id: id.to_string(),
        action,
        user_id: actor,
        ip: ip.to_owned(),
        details,
        created_at: now_rfc3339(),
    };
    let mut writes = vec![Write::put(
        Item::from_value(Key::record(tenant, KIND, id), &record)?,
        Condition::NotExists,
    )];
    writes.extend(index::writes_in(tenant, None, Some(&record))?);
    Ok(writes)
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
    Ok(state
        .store()
        .transact(entry(tenant, actor, action, ip, details)?)
        .await?)
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

/// `GET /api/users/log`: the log, filtered by user and action.
pub async fn list_activity(
    Caller { state, principal }: Caller,
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
    let action = errors.into_result(action)?;
    let listing = Listing {
        params: list,
        filters: LogFilters {
            user_id: filters.user_id,
            action: action.map(Action::name),
        },
    };
    let cx = Cx::system(&state, principal.tenant, principal.user_id);
    Ok(Json(
        index::list::<ActivityEntry, _>(cx, &listing, None).await?.records()?,
    ))
}

/// The log's index filters.
#[derive(Serialize)]
struct LogFilters {
    user_id: Option<u64>,
    action: Option<String>,
}
