//! Users: the record, its output shape, the global login index (an address may be a login in
//! several workspaces, once in each), and the administration routes
//! (`/api/user/store`, `update`, `delete`, `reset-password`, `verify`, `/api/users`, the
//! `client-user` / `staff-user` / `vendor-user` lists).

use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use serde_json::json;
use shared::auth::records::{self, Mode};
use shared::auth::{password, Principal, Role};
use shared::domain::Email;
use shared::domain::{unique_form, Text};
use shared::events::Event;
use shared::handlers::Caller;
use shared::http::Json;
use shared::http::{ApiError, ClientIp, FieldErrors, ListResponse, Listing, ValidJson, ValidPath};
use shared::region::Claim;
use shared::resource::index::{self, Indexed, Times};
use shared::resource::ops::outbox_write;
use shared::resource::PatchJson;
use shared::resource::{Cx, Deleted, Filter, IndexValue, Lists, Services, Sort};
use shared::store::{
    id_sort_key, Condition, GlobalIndex, Item, Key, Partition, Query, StoreError, StoreExt, TenantId, Write,
};
use shared::time::now_rfc3339;
use shared::AppState;

use crate::activity::{self, Action};
use crate::api_keys;

/// A stored user. `password_hash` never leaves the store: responses use [`UserOut`].
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct User {
    pub id: u64,
    pub name: String,
    pub email: Email,
    pub role: Role,
    pub password_hash: String,
    pub email_verified_at: Option<String>,
    #[serde(default)]
    pub photo: Option<Photo>,
    pub created_at: String,
    pub updated_at: String,
    pub version: u64,
    /// Moved on to end every session of the user at once (see [`records::SessionRecord::epoch`]).
    #[serde(default)]
    pub sessions_epoch: u64,
}

/// Users are listed from indexes like every resource's records: kept by [`write_user`] and
/// [`delete_user`] in the user's own transaction.
impl Indexed for User {
    const KIND: &'static str = records::USER;
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[
            Sort::new("name", |u| IndexValue::text(&u.name)),
            Sort::new("email", |u| IndexValue::text(&u.email)),
        ],
        filters: &[
            Filter::one("role", |u| IndexValue::text(u.role.as_str())),
            Filter::one("verified", |u| IndexValue::flag(u.email_verified_at.is_some())),
        ],
        sums: &[],
    };
    const TIMES: Times = Times::CreatedAndUpdated;
    fn created_at(&self) -> Option<&str> {
        Some(&self.created_at)
    }
    fn updated_at(&self) -> Option<&str> {
        Some(&self.updated_at)
    }
    fn id(&self) -> u64 {
        self.id
    }
    fn search_text(&self) -> String {
        format!("{} {}", self.name, self.email)
    }
}

/// A profile photo's metadata; the bytes are in the object store under `key`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Photo {
    pub key: String,
    pub content_type: String,
    pub size: u64,
    pub uploaded_at: String,
}

/// A user as the API shows it.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct UserOut {
    pub id: u64,
    pub name: String,
    pub email: Email,
    pub role: Role,
    /// The user type the original product exposes (`staff`, `client`, `vendor`, ...): the role.
    #[serde(rename = "type")]
    pub user_type: Role,
    pub verified: bool,
    pub email_verified_at: Option<String>,
    /// Where the photo can be downloaded, when there is one.
    pub photo_url: Option<String>,
    pub created_at: String,
    pub updated_at: String,
    pub version: u64,
}

impl From<&User> for UserOut {
    fn from(user: &User) -> Self {
        Self {
            id: user.id,
            name: user.name.clone(),
            email: user.email.clone(),
            role: user.role,
            user_type: user.role,
            verified: user.email_verified_at.is_some(),
            email_verified_at: user.email_verified_at.clone(),
            photo_url: user.photo.as_ref().map(|_| format!("/api/users/{}/photo", user.id)),
            created_at: user.created_at.clone(),
            updated_at: user.updated_at.clone(),
            version: user.version,
        }
    }
}

/// A login index entry: logins arrive without a tenant, so an address's entries are found in
/// one global partition, one entry per workspace with a user of that address.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct LoginIndex {
    pub tenant: TenantId,
    pub user_id: u64,
}

/// How many of an address's workspaces a login reads at most.
pub const MOST_LOGINS_PER_ADDRESS: usize = 50;

/// The global partition of an address's login index entries (`G#email#<address>`).
fn email_partition(email: &str) -> Partition {
    Partition::global(GlobalIndex::LoginEmail, &unique_form(email))
}

/// The one entry an address had when it could be a login in one workspace only (sort key `-`).
/// No such entry is written any more; those already stored carry their tenant and user like the
/// others, so logins read them ([`login_holders`]), a workspace's uniqueness check counts them
/// ([`refuse_legacy_holder`]) and their user's deletion or e-mail change removes them.
fn legacy_email_key(email: &str) -> Key {
    Key::global(GlobalIndex::LoginEmail, &unique_form(email))
}

/// Where an address is claimed: in the global login index under the workspace for live users (an
/// address is unique inside a workspace, and may be a login in several); inside the tenant for
/// sandbox users, who are fixtures that never log in and must not take real people's addresses.
pub fn email_index_key(tenant: TenantId, mode: Mode, email: &str) -> Key {
    match mode {
        Mode::Live => Key::new(email_partition(email), id_sort_key(tenant.0)),
        Mode::Test => Key::new(Partition::tenant(tenant, "email"), unique_form(email)),
    }
}

/// The live users `email` is a login of, one per workspace (up to [`MOST_LOGINS_PER_ADDRESS`]):
/// one query of the address's partition, which holds the entry from before too.
pub async fn login_holders(state: &AppState, email: &str) -> Result<Vec<LoginIndex>, StoreError> {
    let query = Query {
        limit: MOST_LOGINS_PER_ADDRESS,
        ..Query::partition(email_partition(email))
    };
    let mut holders: Vec<LoginIndex> = Vec::new();
    for item in state.store().query(query).await?.items {
        let holder: LoginIndex = item.parse()?;
        // An entry from before and a new one for the same user (never written both, but cheap to rule out).
        if !holders
            .iter()
            .any(|h| h.tenant == holder.tenant && h.user_id == holder.user_id)
        {
            holders.push(holder);
        }
    }
    Ok(holders)
}

/// 422 `email` when `tenant` has a user with `email` under the entry from before
/// ([`legacy_email_key`]), which the new entry's not-exists condition does not see. A read, not a
/// condition: such entries are only ever deleted, so a holder it misses is gone.
async fn refuse_legacy_holder(state: &AppState, tenant: TenantId, mode: Mode, email: &str) -> Result<(), ApiError> {
    if mode == Mode::Test {
        return Ok(());
    }
    let legacy: Option<LoginIndex> = state.store().get_as(&legacy_email_key(email)).await?;
    match legacy {
        Some(holder) if holder.tenant == tenant => Err(email_taken()),
        _ => Ok(()),
    }
}

/// The writes deleting user `user_id`'s login index entries for `email` in `tenant`: its entry, and
/// the entry from before when that is theirs (read first: another workspace's stays).
async fn delete_email_index(
    state: &AppState,
    tenant: TenantId,
    mode: Mode,
    email: &str,
    user_id: u64,
) -> Result<Vec<Write>, ApiError> {
    let mut writes = vec![Write::delete(email_index_key(tenant, mode, email), Condition::Always)];
    if mode == Mode::Live {
        let legacy = legacy_email_key(email);
        let holder: Option<LoginIndex> = state.store().get_as(&legacy).await?;
        if holder.is_some_and(|h| h.tenant == tenant && h.user_id == user_id) {
            writes.push(Write::delete(legacy, Condition::Always));
        }
    }
    Ok(writes)
}

pub fn email_taken() -> ApiError {
    ApiError::invalid("email", "The email has already been taken.")
}

/// The user `id` of `tenant`, or 404.
pub async fn load(services: &Services, tenant: TenantId, id: u64) -> Result<User, ApiError> {
    services
        .store()
        .get_as(&records::user_key(tenant, id))
        .await?
        .ok_or_else(|| ApiError::not_found("User"))
}

/// The writes storing `after` in `tenant` in place of `before` (`None`: a new user), conditioned
/// on `before`'s version, with the user's index entries.
pub fn write_user(tenant: TenantId, before: Option<&User>, after: &User) -> Result<Vec<Write>, ApiError> {
    let condition = before.map_or(Condition::NotExists, |b| Condition::Version(b.version));
    let mut writes = vec![Write::put(
        Item::from_value(records::user_key(tenant, after.id), after)?,
        condition,
    )];
    writes.extend(index::writes_in(tenant, before, Some(after))?);
    Ok(writes)
}

/// Stores `after` in place of `before` (version-checked, with its index entries) together with
/// `also`, the activity entry recording the change: one transaction.
pub async fn save_user(
    state: &AppState,
    tenant: TenantId,
    before: &User,
    after: &User,
    also: Vec<Write>,
) -> Result<(), ApiError> {
    let mut writes = write_user(tenant, Some(before), after)?;
    writes.extend(also);
    Ok(state.store().transact(writes).await?)
}

/// A write creating the login index entry for `email` in `tenant`; fails if a user of the same
/// workspace already has it (other workspaces' users of the address are no concern of this one).
pub fn write_email_index(tenant: TenantId, mode: Mode, email: &str, user_id: u64) -> Result<Write, ApiError> {
    let index = Item::from_value(email_index_key(tenant, mode, email), &LoginIndex { tenant, user_id })?;
    Ok(Write::put(index, Condition::NotExists))
}

/// Gives up a live user's `email` in the regions' directory ([`shared::region::Directory`])
/// after the transaction that took it away, when no user of this region has it any more (one
/// query of its login partition). A failure is logged, not answered: the change is made, and the
/// entry left behind names this region for an address it no longer has (a login forwarded here
/// for it fails as for any unknown address). Sandbox users never log in and have no entry.
pub async fn release_in_directory(state: &AppState, mode: Mode, email: &str) {
    let Some(directory) = state.directory().filter(|_| mode == Mode::Live) else {
        return;
    };
    let released = async {
        let left = Query {
            limit: 1,
            ..Query::partition(email_partition(email))
        };
        if state.store().query(left).await?.items.is_empty() {
            directory.release_email(email).await?;
        }
        Ok::<_, StoreError>(())
    };
    if let Err(error) = released.await {
        tracing::warn!(error = %error, "an e-mail left claimed in the regions' directory");
    }
}

/// Claims a live user's `email` for this region in the regions' directory, when there is one:
/// `true` when the claim is new (undo it if the change that wanted it fails), `false` when this
/// region had it already or there is nothing to claim (a sandbox user, no directory). Other
/// regions' logins of the address are no concern: each region has its own entry.
pub async fn claim_in_directory(state: &AppState, mode: Mode, email: &str) -> Result<bool, StoreError> {
    let Some(directory) = state.directory().filter(|_| mode == Mode::Live) else {
        return Ok(false);
    };
    Ok(directory.claim_email(email).await? == Claim::New)
}

/// Runs `writes`, which give `email` to a user of `tenant` in `mode`, the write at `email_index_at`
/// claiming it in the workspace: its failure is 422, not 409, as is a user of the workspace
/// holding it under the entry from before. A live user's address is first claimed for this region
/// in the regions' directory, if there is one, and the claim is undone when the transaction fails.
pub async fn transact_claiming_email(
    state: &AppState,
    tenant: TenantId,
    mode: Mode,
    email: &str,
    writes: Vec<Write>,
    email_index_at: usize,
) -> Result<(), ApiError> {
    refuse_legacy_holder(state, tenant, mode, email).await?;
    let claimed = claim_in_directory(state, mode, email).await?;
    let stored = match state.store().transact(writes).await {
        Err(StoreError::ConditionFailed { index: Some(i) }) if i == email_index_at => Err(email_taken()),
        other => other.map_err(ApiError::from),
    };
    if stored.is_err() && claimed {
        release_in_directory(state, mode, email).await;
    }
    stored
}

/// The caller's own user, as authentication read it for this request (no second read).
pub fn own_user(principal: &Principal) -> Result<User, ApiError> {
    Ok(principal.records.user.parse()?)
}

/// A user's login (e-mail, password) changes only in a login session: API keys serve
/// integrations, and a leaked key must not take an account over. Sandbox keys too: their users
/// are fixtures, and a key that could set their logins could give them a live user's address.
pub fn require_session_for_login_change(principal: &Principal) -> Result<(), ApiError> {
    if !principal.is_session() {
        return Err(shared::policy::session_required());
    }
    Ok(())
}

/// The caller's own user, once `given` (`current_password`) proves the session is still in its
/// owner's hands: changing one's own login re-authenticates on every route that does it, or a
/// stolen session would become a permanent takeover. 422 when it is missing or wrong.
pub async fn reauthenticate(principal: &Principal, given: Option<String>) -> Result<User, ApiError> {
    let Some(given) = given else {
        return Err(ApiError::invalid(
            "current_password",
            "Send your current password to change the e-mail or password you log in with.",
        ));
    };
    verify_own_password(principal, "current_password", given).await
}

/// Whether user `id` of the request's tenant is the caller (a sandbox's users never are).
fn is_own(principal: &Principal, id: u64) -> bool {
    principal.tenant == principal.account_tenant && id == principal.user_id
}

/// The caller's own user, once `given` proves to be their password; else 422 naming `field`.
pub async fn verify_own_password(principal: &Principal, field: &str, given: String) -> Result<User, ApiError> {
    let user = own_user(principal)?;
    if password::verify(given, user.password_hash.clone()).await {
        Ok(user)
    } else {
        Err(ApiError::invalid(
            field,
            format!("The {} is incorrect.", field.replace('_', " ")),
        ))
    }
}

/// `user` with a new password, as its next version (not yet stored). A new password ends the
/// user's sessions: storing it moves their sessions epoch on. Every route that sets an existing
/// user's password comes through here, so the password is checked here: 422 `password` when it
/// is common or the user's own e-mail or name ([`password::refusal`]).
pub async fn with_new_password(user: &User, plain: String) -> Result<User, ApiError> {
    if let Some(why) = password::refusal(&plain, &user.email, &user.name) {
        return Err(ApiError::invalid("password", why));
    }
    let mut updated = user.clone();
    updated.password_hash = password::hash(plain).await.map_err(ApiError::internal)?;
    updated.sessions_epoch += 1;
    updated.version += 1;
    updated.updated_at = now_rfc3339();
    Ok(updated)
}

/// How many owners the tenant has.
pub async fn owner_count(state: &AppState, tenant: TenantId) -> Result<usize, ApiError> {
    let cx = Cx::system(state, tenant, 0);
    let owners = index::count_with::<User>(cx, "role", IndexValue::text(Role::Owner.as_str())).await?;
    Ok(usize::try_from(owners).unwrap_or(usize::MAX))
}

fn last_owner() -> ApiError {
    ApiError::Conflict {
        code: "last_owner",
        message: "A workspace needs at least one owner; make another user an owner first.".into(),
    }
}

/// Deletes a user with everything that authenticates as them: the login index, sessions and API
/// keys. The user record goes first, so a failure halfway leaves nothing that can still log in.
pub async fn delete_user(
    state: &AppState,
    tenant: TenantId,
    mode: Mode,
    user: &User,
    actor: u64,
    ip: &str,
    action: Action,
) -> Result<(), ApiError> {
    if user.role == Role::Owner && owner_count(state, tenant).await? <= 1 {
        return Err(last_owner());
    }
    state
        .store()
        .transact(
            [
                vec![Write::delete(
                    records::user_key(tenant, user.id),
                    Condition::Version(user.version),
                )],
                delete_email_index(state, tenant, mode, &user.email, user.id).await?,
                activity::entry(
                    tenant,
                    actor,
                    action,
                    ip,
                    json!({"user_id": user.id, "email": user.email}),
                )?,
                index::writes_in(tenant, Some(user), None)?,
            ]
            .concat(),
        )
        .await?;
    release_in_directory(state, mode, &user.email).await;
    // Their sessions need no write: a session is refused once its user is gone.
    api_keys::revoke_all_of_user(state, tenant, user.id).await?;
    if let Some(photo) = &user.photo {
        if let Some(key) = shared::store::files::ObjectKey::stored(tenant, &photo.key) {
            if let Err(e) = state.files().delete(&key).await {
                tracing::warn!(error = %e, "photo of a deleted user left behind");
            }
        }
    }
    Ok(())
}

/// Only owners may create, change or remove owners.
fn guard_owner_changes(principal: &Principal, target_role: Role, new_role: Option<Role>) -> Result<(), ApiError> {
    let touches_owner = target_role == Role::Owner || new_role == Some(Role::Owner);
    if touches_owner && principal.role != Role::Owner {
        return Err(ApiError::Forbidden("Only an owner can manage owners.".into()));
    }
    Ok(())
}

/// A role field's `enum`: the written form of each of [`Role::ALL`].
fn role_names(schema: &mut schemars::Schema) {
    shared::http::schema::values(schema, Role::ALL.iter().map(|r| r.as_str()), false);
}

/// [`role_names`], or `null`.
fn role_names_or_null(schema: &mut schemars::Schema) {
    shared::http::schema::values(schema, Role::ALL.iter().map(|r| r.as_str()), true);
}

pub fn parse_role(errors: &mut FieldErrors, field: &str, raw: Option<String>) -> Option<Role> {
    let raw = raw?;
    let role = Role::parse(&raw);
    if role.is_none() {
        let names: Vec<&str> = Role::ALL.iter().map(|r| r.as_str()).collect();
        errors.add(
            field,
            format!("The {field} field must be one of: {}.", names.join(", ")),
        );
    }
    role
}

// ---------------------------------------------------------------------------------------------
// Listing

/// Filters of the client, staff and vendor lists, as documented: their role is the list's, so a
/// `role` parameter is not read there.
#[derive(Debug, Default, schemars::JsonSchema)]
pub struct RoleListFilters {
    /// `true` or `false`.
    pub verified: Option<bool>,
}

/// Filters of the user lists.
#[derive(Debug, Default, Serialize, Deserialize, schemars::JsonSchema)]
pub struct UserFilters {
    /// `owner`, `admin`, `staff`, `client` or `vendor`.
    #[schemars(transform = role_names)]
    pub role: Option<String>,
    /// `true` or `false`.
    pub verified: Option<bool>,
}

/// A page of the workspace's users of `role` (all of them for `None`), filtered as `listing` says.
pub async fn list_filtered(
    services: &Services,
    tenant: TenantId,
    listing: &Listing<UserFilters>,
    role: Option<Role>,
) -> Result<ListResponse<UserOut>, ApiError> {
    let cx = Cx::system(services, tenant, 0);
    let filters = UserFilters {
        role: role.map(|r| r.as_str().to_owned()),
        verified: listing.filters.verified,
    };
    let listing = Listing {
        params: listing.params.clone(),
        filters,
    };
    let page = index::list::<User, UserFilters>(cx, &listing, None).await?.records()?;
    Ok(ListResponse {
        data: page.data.iter().map(UserOut::from).collect(),
        meta: page.meta,
    })
}

/// `GET /api/users/{id}`: one of the workspace's users.
pub async fn show_user(
    Caller { state, principal }: Caller,
    ValidPath(id): ValidPath<u64>,
) -> Result<Json<UserOut>, ApiError> {
    let cx = Cx::system(&state, principal.tenant, 0);
    let user = shared::resource::ops::load_indexed::<User>(cx, id).await?;
    Ok(Json(UserOut::from(&user)))
}

/// `GET /api/users`: the workspace's users, filtered by `role`, `verified` and `search`.
pub async fn list_users(
    Caller { state, principal }: Caller,
    listing: Listing<UserFilters>,
) -> Result<Json<ListResponse<UserOut>>, ApiError> {
    let mut errors = FieldErrors::default();
    let role = parse_role(&mut errors, "role", listing.filters.role.clone());
    errors.into_result(())?;
    Ok(Json(list_filtered(&state, principal.tenant, &listing, role).await?))
}

async fn list_of_type(
    state: AppState,
    principal: Principal,
    listing: Listing<UserFilters>,
    role: Role,
) -> Result<Json<ListResponse<UserOut>>, ApiError> {
    Ok(Json(
        list_filtered(&state, principal.tenant, &listing, Some(role)).await?,
    ))
}

/// `GET /api/client-user`: users of type client.
pub async fn list_client_users(
    Caller { state, principal }: Caller,
    listing: Listing<UserFilters>,
) -> Result<Json<ListResponse<UserOut>>, ApiError> {
    list_of_type(state, principal, listing, Role::Client).await
}

/// `GET /api/staff-user`: users of type staff.
pub async fn list_staff_users(
    Caller { state, principal }: Caller,
    listing: Listing<UserFilters>,
) -> Result<Json<ListResponse<UserOut>>, ApiError> {
    list_of_type(state, principal, listing, Role::Staff).await
}

/// `GET /api/vendor-user`: users of type vendor.
pub async fn list_vendor_users(
    Caller { state, principal }: Caller,
    listing: Listing<UserFilters>,
) -> Result<Json<ListResponse<UserOut>>, ApiError> {
    list_of_type(state, principal, listing, Role::Vendor).await
}

// ---------------------------------------------------------------------------------------------
// Administration

/// Body of `POST /api/user/store`.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct UserIn {
    #[schemars(required)]
    pub name: Option<Text<255>>,
    #[schemars(required, transform = shared::http::schema::email)]
    pub email: Option<String>,
    /// 8 to 128 characters; when absent a password is generated and returned once.
    #[schemars(transform = shared::http::schema::password)]
    pub password: Option<String>,
    /// Defaults to `staff`.
    #[schemars(transform = role_names_or_null)]
    pub role: Option<String>,
}

/// `POST /api/user/store`: creates a user (201). Their e-mail must be unused in the workspace; other
/// workspaces' users of the address neither block it nor show in the answer.
pub async fn create_user(
    Caller { state, principal }: Caller,
    ClientIp(ip): ClientIp,
    ValidJson(body): ValidJson<UserIn>,
) -> Result<(StatusCode, Json<NewUser>), ApiError> {
    let mut errors = FieldErrors::default();
    let name = errors.required_text("name", body.name);
    let email = errors
        .required("email", body.email)
        .and_then(|e| errors.email("email", Some(e)));
    let given_password = errors.password("password", body.password);
    if let (Some(plain), Some(email), Some(name)) = (&given_password, &email, &name) {
        if let Some(why) = password::refusal(plain, email, name) {
            errors.add("password", why);
        }
    }
    let role = parse_role(&mut errors, "role", body.role);
    let (name, email) = errors.finish((name, email))?;
    let role = role.unwrap_or(Role::Staff);
    guard_owner_changes(&principal, Role::Staff, Some(role))?;

    let (plain, generated) = given_or_generated(given_password);
    let id = state.store().next_id(principal.tenant, records::USER).await?;
    let now = now_rfc3339();
    let user = User {
        id,
        name,
        email: email.clone(),
        role,
        password_hash: password::hash(plain).await.map_err(ApiError::internal)?,
        email_verified_at: None,
        photo: None,
        created_at: now.clone(),
        updated_at: now,
        version: 1,
        sessions_epoch: 0,
    };
    // The e-mail claim first: its condition failing is 422 `email`.
    let mut writes = vec![write_email_index(principal.tenant, principal.mode, &email, id)?];
    writes.extend(write_user(principal.tenant, None, &user)?);
    // A person added to the live workspace is told by mail; the sandbox's users are test data.
    if principal.mode == Mode::Live {
        let workspace: crate::workspace::Workspace = principal.records.workspace.parse()?;
        let inviter = principal.records.user_text("name").unwrap_or("An administrator");
        writes.extend(crate::email::invitation_writes(
            &state,
            &workspace.name,
            inviter,
            crate::email::Recipient::user(principal.tenant, &user),
        )?);
    }
    transact_claiming_email(
        &state,
        principal.tenant,
        principal.mode,
        &email,
        [
            writes,
            activity::entry(
                principal.tenant,
                principal.user_id,
                Action::UserCreated,
                &ip,
                json!({"user_id": id, "role": role}),
            )?,
            vec![outbox_write(
                principal.tenant,
                Event::new(crate::USER_CREATED.name, json!(UserOut::from(&user))),
            )],
        ]
        .concat(),
        0,
    )
    .await?;
    // Shown once, like an API key: the store keeps only its hash.
    let user = UserOut::from(&user);
    Ok((
        StatusCode::CREATED,
        Json(NewUser {
            user,
            generated_password: generated,
        }),
    ))
}

/// A user as their creation answers: with the generated password, shown this once.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct NewUser {
    #[serde(flatten)]
    pub user: UserOut,
    /// Present when the body gave no password: keep it now, it cannot be shown again.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub generated_password: Option<String>,
}

/// Body of `POST /api/user/update/{id}`: every field optional.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[schemars(transform = shared::resource::patch_schema)]
pub struct UserPatch {
    pub name: Option<Text<255>>,
    #[schemars(transform = shared::http::schema::email)]
    pub email: Option<String>,
    #[schemars(transform = role_names_or_null)]
    pub role: Option<String>,
    /// The version the caller last read; a stale one is 409 `version_conflict`.
    pub version: Option<u64>,
    /// The caller's password, required to change their own `email` (as `edit-profile` asks).
    pub current_password: Option<String>,
}

/// `POST /api/user/update/{id}`. A new `email` needs a login session, and on the caller's own
/// id their `current_password`.
pub async fn update_user(
    Caller { state, principal }: Caller,
    ClientIp(ip): ClientIp,
    ValidPath(id): ValidPath<u64>,
    PatchJson(body): PatchJson<UserPatch>,
) -> Result<Json<UserOut>, ApiError> {
    let mut errors = FieldErrors::default();
    let name = errors.text("name", body.name);
    let email = errors.email("email", body.email);
    let role = parse_role(&mut errors, "role", body.role);
    errors.into_result(())?;
    let user = load(&state, principal.tenant, id).await?;
    if body.version.is_some_and(|v| v != user.version) {
        return Err(ApiError::version_conflict());
    }
    if email.as_ref().is_some_and(|e| !e.eq_ignore_ascii_case(&user.email)) {
        require_session_for_login_change(&principal)?;
        if is_own(&principal, id) {
            reauthenticate(&principal, body.current_password).await?;
        }
    }
    guard_owner_changes(&principal, user.role, role)?;
    if user.role == Role::Owner
        && role.is_some_and(|r| r != Role::Owner)
        && owner_count(&state, principal.tenant).await? <= 1
    {
        return Err(last_owner());
    }
    let updated = apply_profile_change(&state, principal.tenant, principal.mode, user, name, email, role).await?;
    let _ = activity::record(
        &state,
        principal.tenant,
        principal.user_id,
        Action::UserUpdated,
        &ip,
        json!({"user_id": id}),
    )
    .await;
    Ok(Json(UserOut::from(&updated)))
}

/// Stores a changed name, e-mail or role; an e-mail change moves the login index in the same
/// transaction, so two users of a workspace can never end up with one address.
pub async fn apply_profile_change(
    state: &AppState,
    tenant: TenantId,
    mode: Mode,
    user: User,
    name: Option<String>,
    email: Option<Email>,
    role: Option<Role>,
) -> Result<User, ApiError> {
    let mut updated = user.clone();
    if let Some(name) = name {
        updated.name = name;
    }
    if let Some(role) = role {
        updated.role = role;
    }
    let email_changed = email.as_ref().is_some_and(|e| *e != user.email);
    if let Some(email) = email.filter(|_| email_changed) {
        updated.email = email;
        // A new address is not verified yet.
        updated.email_verified_at = None;
    }
    updated.version = user.version + 1;
    updated.updated_at = now_rfc3339();
    let stored = write_user(tenant, Some(&user), &updated)?;
    if email_changed {
        // The e-mail claim first: its condition failing is 422 `email`.
        let mut writes = vec![write_email_index(tenant, mode, &updated.email, user.id)?];
        writes.extend(stored);
        writes.extend(delete_email_index(state, tenant, mode, &user.email, user.id).await?);
        transact_claiming_email(state, tenant, mode, &updated.email, writes, 0).await?;
        release_in_directory(state, mode, &user.email).await;
    } else {
        state.store().transact(stored).await?;
    }
    Ok(updated)
}

/// `DELETE /api/user/delete/{id}`.
pub async fn delete_user_by_id(
    Caller { state, principal }: Caller,
    ClientIp(ip): ClientIp,
    ValidPath(id): ValidPath<u64>,
) -> Result<Json<Deleted>, ApiError> {
    let user = load(&state, principal.tenant, id).await?;
    guard_owner_changes(&principal, user.role, None)?;
    delete_user(
        &state,
        principal.tenant,
        principal.mode,
        &user,
        principal.user_id,
        &ip,
        Action::UserDeleted,
    )
    .await?;
    Ok(Json(Deleted {
        message: "User deleted.".into(),
        id,
    }))
}

/// Body of `POST /api/user/reset-password/{id}`.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct ResetPasswordIn {
    /// When absent, a password is generated and returned once.
    #[schemars(transform = shared::http::schema::password)]
    pub password: Option<String>,
    /// The caller's password, required on their own id (as `change-password` asks).
    pub current_password: Option<String>,
}

/// `POST /api/user/reset-password/{id}`: sets a new password and ends the user's sessions. Only
/// a login session may; on the caller's own id, with their `current_password`.
pub async fn reset_password(
    Caller { state, principal }: Caller,
    ClientIp(ip): ClientIp,
    ValidPath(id): ValidPath<u64>,
    body: Option<ValidJson<ResetPasswordIn>>,
) -> Result<Json<PasswordReset>, ApiError> {
    require_session_for_login_change(&principal)?;
    let (given, current) = body.map_or((None, None), |ValidJson(b)| (b.password, b.current_password));
    let given = FieldErrors::check(|errors| errors.password("password", given))?;
    let user = load(&state, principal.tenant, id).await?;
    guard_owner_changes(&principal, user.role, None)?;
    if is_own(&principal, id) {
        reauthenticate(&principal, current).await?;
    }
    let (plain, generated) = given_or_generated(given);
    let updated = with_new_password(&user, plain).await?;
    let entry = activity::entry(
        principal.tenant,
        principal.user_id,
        Action::PasswordReset,
        &ip,
        json!({"user_id": id}),
    )?;
    save_user(&state, principal.tenant, &user, &updated, entry).await?;
    Ok(Json(PasswordReset {
        message: "Password reset; the user's sessions have ended.".into(),
        id,
        generated_password: generated,
    }))
}

/// What a password reset answers.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct PasswordReset {
    pub message: String,
    /// The user's id.
    pub id: u64,
    /// Present when the body gave no password: keep it now, it cannot be shown again.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub generated_password: Option<String>,
}

/// `PUT /api/user/verify/{id}`: unverified → verified; verifying twice is 409 `invalid_transition`.
pub async fn verify_user(
    Caller { state, principal }: Caller,
    ClientIp(ip): ClientIp,
    ValidPath(id): ValidPath<u64>,
) -> Result<Json<UserOut>, ApiError> {
    let user = load(&state, principal.tenant, id).await?;
    if user.email_verified_at.is_some() {
        return Err(ApiError::invalid_transition("The user is already verified."));
    }
    let mut updated = user.clone();
    let now = now_rfc3339();
    updated.email_verified_at = Some(now.clone());
    updated.updated_at = now;
    updated.version += 1;
    let entry = activity::entry(
        principal.tenant,
        principal.user_id,
        Action::UserVerified,
        &ip,
        json!({"user_id": id}),
    )?;
    save_user(&state, principal.tenant, &user, &updated, entry).await?;
    Ok(Json(UserOut::from(&updated)))
}

/// The password to set: the one given, or a generated one that the answer shows once (`Some`).
fn given_or_generated(given: Option<String>) -> (String, Option<String>) {
    match given {
        Some(password) => (password, None),
        None => {
            let generated = password::generate();
            (generated.clone(), Some(generated))
        }
    }
}
