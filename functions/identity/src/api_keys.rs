//! API keys (`/api/v1/settings/api-keys`): long-lived personal tokens for server-to-server use. The
//! full key is in the creation response only; the store keeps its SHA-256.

use std::collections::HashMap;

use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use serde_json::json;
use shared::auth::api_key::{self, LIVE_PREFIX, TEST_PREFIX};
use shared::auth::records::{self, api_key_index_key, ApiKeyIndex, Mode};
use shared::auth::{Module, Permission, Principal, ALL_PERMISSIONS};
use shared::domain::{Choice, Text};
use shared::events::Event;
use shared::handlers::Caller;
use shared::http::Json;
use shared::http::{ApiError, ClientIp, FieldErrors, ListResponse, Listing, ValidJson, ValidPath};
use shared::resource::index::{self, Filter, IndexValue, Indexed, Lists, Times};
use shared::resource::ops::outbox_write;
use shared::resource::{Cx, Deleted};
use shared::store::{Condition, Item, Key, StoreExt, TenantId, Write};
use shared::time::{now_rfc3339, unix_to_rfc3339};
use shared::AppState;

use crate::activity::{self, Action};

/// The tenant-side record of a key, listed in the settings.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ApiKeyRecord {
    pub id: u64,
    pub user_id: u64,
    pub name: String,
    pub prefix: String,
    pub last_four: String,
    pub scopes: Option<Vec<String>>,
    pub mode: Mode,
    /// SHA-256 of the key, to remove its index entry on revocation. Never shown.
    pub hash: String,
    pub created_at: String,
    pub revoked_at: Option<String>,
    pub version: u64,
}

/// Keys are listed from one index per view a caller can ask for: whose keys (one user's, or
/// everyone's), whether revoked ones show, and whether only test keys do (a sandbox key's view).
/// A key is in every view that shows it, so each list is one exact index read.
impl Indexed for ApiKeyRecord {
    const KIND: &'static str = records::API_KEY;
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[],
        filters: &[Filter::many("view", |k| {
            let mut views = Vec::new();
            for who in [format!("u{}", k.user_id), "all".to_owned()] {
                for state in ["active", "any"]
                    .into_iter()
                    .filter(|s| *s == "any" || k.revoked_at.is_none())
                {
                    for mode in ["test", "any"]
                        .into_iter()
                        .filter(|m| *m == "any" || k.mode == Mode::Test)
                    {
                        views.push(IndexValue::text(&view(&who, state, mode)));
                    }
                }
            }
            views
        })],
        sums: &[],
    };
    const TIMES: Times = Times::Created;
    fn created_at(&self) -> Option<&str> {
        Some(&self.created_at)
    }
    fn id(&self) -> u64 {
        self.id
    }
    fn search_text(&self) -> String {
        self.name.clone()
    }
}

/// The name of a view of the key list (see `Indexed for ApiKeyRecord`).
fn view(who: &str, state: &str, mode: &str) -> String {
    format!("{who}:{state}:{mode}")
}

/// The index filter a key list reads.
#[derive(Serialize)]
struct KeyView {
    view: String,
}

/// The data of `api_key.revoked`: which key.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
#[schemars(example = serde_json::json!({"id": 3, "name": "Zapier"}))]
pub struct ApiKeyRevoked {
    pub id: u64,
    pub name: String,
}

/// A key as the API lists it: never the key itself.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct ApiKeyOut {
    pub id: u64,
    pub name: String,
    pub prefix: String,
    pub last_four: String,
    /// `null`: the user's full permissions.
    pub scopes: Option<Vec<String>>,
    pub mode: Mode,
    pub user_id: u64,
    pub created_at: String,
    pub last_used_at: Option<String>,
    pub revoked_at: Option<String>,
}

impl ApiKeyOut {
    fn new(record: &ApiKeyRecord, last_used_at: Option<i64>) -> Self {
        Self {
            id: record.id,
            name: record.name.clone(),
            prefix: record.prefix.clone(),
            last_four: record.last_four.clone(),
            scopes: record.scopes.clone(),
            mode: record.mode,
            user_id: record.user_id,
            created_at: record.created_at.clone(),
            last_used_at: last_used_at.map(unix_to_rfc3339),
            revoked_at: record.revoked_at.clone(),
        }
    }
}

fn record_key(tenant: TenantId, id: u64) -> Key {
    Key::record(tenant, records::API_KEY, id)
}

/// Documents `scopes` items as the permission names.
fn permission_names(schema: &mut schemars::Schema) {
    let names: Vec<String> = ALL_PERMISSIONS.iter().map(|p| p.name()).collect();
    if let Some(items) = schema.get_mut("items").and_then(|i| i.as_object_mut()) {
        items.insert("enum".into(), serde_json::json!(names));
    }
}

/// Body of `POST /api/v1/settings/api-keys`.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct ApiKeyIn {
    #[schemars(required)]
    pub name: Option<Text<100>>,
    /// Permission names (`crm.read`, ...) narrowing the key; each must be one the caller holds.
    /// Absent: the caller's own permissions.
    #[schemars(transform = permission_names)]
    pub scopes: Option<Vec<String>>,
    /// `live` (default): `wt_live_` keys on live data; `test`: `wt_test_` keys on the sandbox.
    #[schemars(transform = shared::http::schema::one_of_or_null::<Mode>)]
    pub mode: Option<String>,
}

/// `POST /api/v1/settings/api-keys` → 201 with the full key, shown this once.
pub async fn create_api_key(
    Caller { state, principal }: Caller,
    ClientIp(ip): ClientIp,
    ValidJson(body): ValidJson<ApiKeyIn>,
) -> Result<(StatusCode, Json<NewApiKey>), ApiError> {
    if principal.is_oauth() {
        // An app must not mint a key that outlives the user's consent (revoking the grant).
        return Err(ApiError::Forbidden(
            "OAuth tokens cannot create API keys; use a login session or an API key.".into(),
        ));
    }
    let mut errors = FieldErrors::default();
    let name = errors.required_text("name", body.name);
    let scopes = match body.scopes {
        Some(names) => {
            let mut scopes = Vec::new();
            for raw in names {
                match Permission::parse(&raw) {
                    Some(p) if principal.can(p) => scopes.push(p.name()),
                    Some(_) => errors.add(
                        "scopes",
                        format!("You do not hold `{raw}`, so a key of yours cannot either."),
                    ),
                    None => {
                        let known: Vec<String> = ALL_PERMISSIONS.iter().map(|p| p.name()).collect();
                        errors.add(
                            "scopes",
                            format!("`{raw}` is not a permission; use one of: {}.", known.join(", ")),
                        );
                    }
                }
            }
            scopes.sort();
            scopes.dedup();
            Some(scopes)
        }
        // A key made with a scoped key inherits that key's scopes, so a key can never widen itself.
        None => principal.scopes.as_ref().map(|s| s.iter().map(|p| p.name()).collect()),
    };
    let mode = match errors.one_of("mode", body.mode, Mode::VALUES).as_deref() {
        Some("test") => Mode::Test,
        Some(_) => Mode::Live,
        // A sandbox key makes sandbox keys: it must never mint access to live data.
        None => principal.mode,
    };
    if principal.mode == Mode::Test && mode == Mode::Live {
        errors.add("mode", "A sandbox (test) key can only create test keys.");
    }
    let name = errors.finish(name)?;
    if mode == Mode::Live {
        let workspace: crate::workspace::Workspace = principal.records.workspace.parse()?;
        let user: crate::users::User = principal.records.user.parse()?;
        if workspace.live_keys_need_verified_address && user.email_verified_at.is_none() {
            return Err(ApiError::Forbidden(format!(
                "Verify your address first: open the link we sent to {} (POST /api/verify-email/resend sends another). Sandbox (test) keys work now.",
                user.email
            )));
        }
    }
    let key = issue_key(
        &state,
        principal.account_tenant,
        principal.tenant,
        principal.user_id,
        name,
        scopes,
        mode,
        &ip,
    )
    .await?;
    Ok((StatusCode::CREATED, Json(key)))
}

/// A new key of `user_id` (of workspace `account`, acting on `tenant`: its sandbox for a test
/// key), stored with its index, its event and its activity entry in one transaction.
#[allow(clippy::too_many_arguments)]
pub async fn issue_key(
    state: &AppState,
    account: TenantId,
    tenant: TenantId,
    user_id: u64,
    name: String,
    scopes: Option<Vec<String>>,
    mode: Mode,
    ip: &str,
) -> Result<NewApiKey, ApiError> {
    let id = state.store().next_id(account, records::API_KEY).await?;
    let generated =
        api_key::generate(&state.credential_prefix(if mode == Mode::Test { TEST_PREFIX } else { LIVE_PREFIX }));
    let record = ApiKeyRecord {
        id,
        user_id,
        name,
        prefix: generated.prefix.clone(),
        last_four: generated.last_four.clone(),
        scopes: scopes.clone(),
        mode,
        hash: generated.hash_hex.clone(),
        created_at: now_rfc3339(),
        revoked_at: None,
        version: 1,
    };
    let index = ApiKeyIndex {
        tenant: account,
        user_id,
        key_id: id,
        scopes,
        mode,
        last_used_at: None,
    };
    let mut writes = vec![
        Write::put(
            Item::from_value(api_key_index_key(&generated.hash_hex), &index)?,
            Condition::NotExists,
        ),
        Write::put(
            Item::from_value(record_key(account, id), &record)?,
            Condition::NotExists,
        ),
        outbox_write(
            tenant,
            Event::new(crate::API_KEY_CREATED.name, json!(ApiKeyOut::new(&record, None))),
        ),
    ];
    writes.extend(index::writes_in(account, None, Some(&record))?);
    writes.extend(activity::entry(
        account,
        user_id,
        Action::ApiKeyCreated,
        ip,
        json!({"api_key_id": id, "name": record.name}),
    )?);
    state.store().transact(writes).await?;
    Ok(NewApiKey {
        api_key: ApiKeyOut::new(&record, None),
        key: generated.secret,
    })
}

/// A key as its creation answers it: with the key itself, shown this once.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct NewApiKey {
    #[serde(flatten)]
    pub api_key: ApiKeyOut,
    /// `wt_live_...` or `wt_test_...`: keep it now, it cannot be shown again.
    pub key: String,
}

/// Filters of the key list.
#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
pub struct ApiKeyFilters {
    /// Every user's keys (needs `users.write`); default: the caller's own.
    #[serde(default)]
    pub all: bool,
    /// Include revoked keys.
    #[serde(default)]
    pub include_revoked: bool,
}

/// `GET /api/v1/settings/api-keys`: name, prefix, last four, scopes, created and last used; never the key.
pub async fn list_api_keys(
    Caller { state, principal }: Caller,
    Listing { params: list, filters }: Listing<ApiKeyFilters>,
) -> Result<Json<ListResponse<ApiKeyOut>>, ApiError> {
    if filters.all {
        principal.require(Permission::write(Module::Users))?;
    }
    let who = match filters.all {
        true => "all".to_owned(),
        false => format!("u{}", principal.user_id),
    };
    let state_shown = if filters.include_revoked { "any" } else { "active" };
    let mode_shown = if principal.mode == Mode::Test { "test" } else { "any" };
    let listing = Listing {
        params: list,
        filters: KeyView {
            view: view(&who, state_shown, mode_shown),
        },
    };
    let cx = Cx::system(&state, principal.account_tenant, principal.user_id);
    let page = index::list::<ApiKeyRecord, _>(cx, &listing, None).await?.records()?;
    // Last use is recorded on the index entry the request path reads; fetch those of this page only.
    let live: Vec<&ApiKeyRecord> = page.data.iter().filter(|k| k.revoked_at.is_none()).collect();
    let index_keys: Vec<Key> = live.iter().map(|k| api_key_index_key(&k.hash)).collect();
    let mut last_used: HashMap<u64, i64> = HashMap::new();
    for (chunk_keys, chunk_records) in index_keys.chunks(100).zip(live.chunks(100)) {
        for (found, record) in state.store().get_many(chunk_keys).await?.into_iter().zip(chunk_records) {
            if let Some(at) = found
                .and_then(|item| item.parse::<ApiKeyIndex>().ok())
                .and_then(|i| i.last_used_at)
            {
                last_used.insert(record.id, at);
            }
        }
    }
    Ok(Json(ListResponse {
        data: page
            .data
            .iter()
            .map(|k| ApiKeyOut::new(k, last_used.get(&k.id).copied()))
            .collect(),
        meta: page.meta,
    }))
}

/// Whether the caller may see and revoke `key` at all: a sandbox (test) key reaches test keys only,
/// so a key handed to a CI system cannot list or revoke the live ones.
fn reaches(principal: &Principal, key: &ApiKeyRecord) -> bool {
    principal.mode == Mode::Live || key.mode == Mode::Test
}

/// Key `id` if the caller may see it: their own, or anyone's with `users.write`; a sandbox key sees
/// test keys only. Someone else's key is none of the caller's business: as if it did not exist.
async fn visible_key(state: &AppState, principal: &Principal, id: u64) -> Result<Option<ApiKeyRecord>, ApiError> {
    let record = state
        .store()
        .get_as::<ApiKeyRecord>(&record_key(principal.account_tenant, id))
        .await?;
    Ok(record.filter(|k| {
        reaches(principal, k) && (k.user_id == principal.user_id || principal.can(Permission::write(Module::Users)))
    }))
}

/// `GET /api/v1/settings/api-keys/{id}`: one key as the list shows it (revoked ones too).
pub async fn show_api_key(
    Caller { state, principal }: Caller,
    ValidPath(id): ValidPath<u64>,
) -> Result<Json<ApiKeyOut>, ApiError> {
    let record = visible_key(&state, &principal, id)
        .await?
        .ok_or_else(|| ApiError::not_found("API key"))?;
    let last_used = match record.revoked_at {
        Some(_) => None,
        None => state
            .store()
            .get(&api_key_index_key(&record.hash))
            .await?
            .and_then(|item| item.parse::<ApiKeyIndex>().ok())
            .and_then(|index| index.last_used_at),
    };
    Ok(Json(ApiKeyOut::new(&record, last_used)))
}

/// `DELETE /api/v1/settings/api-keys/{id}`: the key is refused from the next request on. Your own
/// keys, or anyone's with `users.write`; a sandbox key revokes test keys only.
pub async fn revoke_api_key(
    Caller { state, principal }: Caller,
    ClientIp(ip): ClientIp,
    ValidPath(id): ValidPath<u64>,
) -> Result<Json<Deleted>, ApiError> {
    let record = visible_key(&state, &principal, id)
        .await?
        .filter(|k| k.revoked_at.is_none())
        .ok_or_else(|| ApiError::not_found("API key"))?;
    let mut writes = revocation(principal.account_tenant, &record)?;
    writes.extend(activity::entry(
        principal.account_tenant,
        principal.user_id,
        Action::ApiKeyRevoked,
        &ip,
        json!({"api_key_id": id, "name": record.name}),
    )?);
    writes.push(outbox_write(
        principal.tenant,
        Event::new(
            crate::API_KEY_REVOKED.name,
            json!(ApiKeyRevoked {
                id,
                name: record.name.clone(),
            }),
        ),
    ));
    state.store().transact(writes).await?;
    Ok(Json(Deleted {
        message: "API key revoked.".into(),
        id,
    }))
}

/// The writes revoking a key: its index entry goes (so requests fail at once), the record stays,
/// marked, for the audit trail.
fn revocation(tenant: TenantId, record: &ApiKeyRecord) -> Result<Vec<Write>, ApiError> {
    let mut revoked = record.clone();
    revoked.revoked_at = Some(now_rfc3339());
    revoked.version += 1;
    let mut writes = vec![
        Write::delete(api_key_index_key(&record.hash), Condition::Always),
        Write::put(
            Item::from_value(record_key(tenant, record.id), &revoked)?,
            Condition::Version(record.version),
        ),
    ];
    writes.extend(index::writes_in(tenant, Some(record), Some(&revoked))?);
    Ok(writes)
}

/// Revokes every live key of a user (their account is going away).
pub async fn revoke_all_of_user(state: &AppState, tenant: TenantId, user_id: u64) -> Result<(), ApiError> {
    // A revoked key leaves the user's active view, so each round reads the next ones.
    let cx = Cx::system(state, tenant, user_id);
    let active = IndexValue::text(&view(&format!("u{user_id}"), "active", "any"));
    loop {
        let keys = index::top::<ApiKeyRecord>(cx, Some(("view", active.clone())), "id", false, 100).await?;
        if keys.is_empty() {
            return Ok(());
        }
        for record in &keys {
            state.store().transact(revocation(tenant, record)?).await?;
        }
    }
}
