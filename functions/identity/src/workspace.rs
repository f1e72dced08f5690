//! Workspaces (tenants) and the first start: an empty store gets one workspace and its owner.

use serde::{Deserialize, Serialize};
use serde_json::json;
use shared::auth::{password, Role};
use shared::store::{Condition, GlobalIndex, Item, Key, Partition, StoreError, TenantId, Write};
use shared::time::now_rfc3339;
use shared::AppState;

use crate::activity::{self, Action};
use crate::users::{self, User};

/// A workspace's own record.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Workspace {
    pub id: TenantId,
    pub name: String,
    /// The plan's name (plans and their modules arrive with the policies work).
    pub plan: String,
    pub owner_user_id: u64,
    pub created_at: String,
    pub version: u64,
}

pub fn key(tenant: TenantId) -> Key {
    Key::new(Partition::tenant(tenant, "workspace"), "profile")
}

/// The owner a new workspace starts with.
pub struct OwnerIn {
    pub name: String,
    pub email: String,
    pub password: String,
}

/// The writes creating a workspace with its owner (user 1), claiming the owner's e-mail.
pub async fn creation(tenant: TenantId, name: &str, owner: OwnerIn) -> anyhow::Result<Vec<Write>> {
    let now = now_rfc3339();
    let user = User {
        id: 1,
        name: owner.name,
        email: owner.email.to_lowercase(),
        role: Role::Owner,
        password_hash: password::hash(owner.password).await?,
        email_verified_at: Some(now.clone()),
        photo: None,
        created_at: now.clone(),
        updated_at: now.clone(),
        version: 1,
    };
    let workspace = Workspace {
        id: tenant,
        name: name.to_owned(),
        plan: "business".into(),
        owner_user_id: 1,
        created_at: now,
        version: 1,
    };
    Ok(vec![
        Write::put(
            Item::from_value(key(tenant), &workspace)?,
            Condition::NotExists,
        ),
        users::write_user(tenant, &user, None)?,
        users::write_email_index(tenant, &user.email, user.id)?,
        activity::entry(
            tenant,
            user.id,
            Action::UserCreated,
            "system",
            json!({"user_id": 1, "role": "owner"}),
        )?,
    ])
}

/// Why a workspace could not be created.
#[derive(Debug, thiserror::Error)]
pub enum CreateWorkspaceError {
    #[error("the owner's e-mail is already taken")]
    EmailTaken,
    #[error(transparent)]
    Store(StoreError),
    #[error(transparent)]
    Other(#[from] anyhow::Error),
}

/// Creates a workspace with its owner in one transaction, together with `extra` writes (which come
/// first, so their condition failures keep their index). Returns the new tenant's id.
pub async fn create_workspace(
    state: &AppState,
    name: &str,
    owner: OwnerIn,
    extra: Vec<Write>,
) -> Result<TenantId, CreateWorkspaceError> {
    let tenant_counter = Key::new(
        Partition::global(GlobalIndex::Platform, "counter"),
        "tenant",
    );
    let id = state
        .store()
        .increment(&tenant_counter, 1, None)
        .await
        .map_err(CreateWorkspaceError::Store)?;
    let tenant = TenantId(u64::try_from(id).map_err(anyhow::Error::from)?);
    let email_at = extra.len() + 2;
    let mut writes = extra;
    writes.extend(creation(tenant, name, owner).await?);
    match state.store().transact(writes).await {
        Ok(()) => {}
        Err(StoreError::ConditionFailed { index: Some(i) }) if i == email_at => {
            return Err(CreateWorkspaceError::EmailTaken)
        }
        Err(e) => return Err(CreateWorkspaceError::Store(e)),
    }
    // Bring the user counter past the owner (id 1). Were this lost to a crash, the next user
    // creation would collide on id 1 once (409) and the counter would then move on.
    let users_counter = Key::new(
        Partition::tenant(tenant, "counter"),
        shared::auth::records::USER,
    );
    state
        .store()
        .increment(&users_counter, 1, None)
        .await
        .map_err(CreateWorkspaceError::Store)?;
    Ok(tenant)
}

/// What the first start created, to print once.
pub struct FirstStart {
    pub tenant: TenantId,
    pub email: String,
    /// Set when the password was generated (no `ADMIN_PASSWORD`): shown this once.
    pub generated_password: Option<String>,
}

/// Creates the first workspace and its owner on an empty store; `None` when one exists already.
/// The marker, the workspace and the owner commit in one transaction, so concurrent first starts
/// cannot create two.
pub async fn ensure_first_workspace(state: &AppState) -> anyhow::Result<Option<FirstStart>> {
    let marker = Key::global(GlobalIndex::Platform, "first-start");
    if state.store().get(&marker).await?.is_some() {
        return Ok(None);
    }
    let email = state
        .config()
        .admin_email
        .clone()
        .unwrap_or_else(|| "admin@example.com".into())
        .to_lowercase();
    let (password, generated) = match &state.config().admin_password {
        Some(p) => (p.expose().to_owned(), None),
        None => {
            let p = password::generate();
            (p.clone(), Some(p))
        }
    };
    let marker_write = Write::put(
        Item::from_value(marker, &json!({"first_start": true}))?,
        Condition::NotExists,
    );
    let owner = OwnerIn {
        name: "Owner".into(),
        email: email.clone(),
        password,
    };
    let tenant = match create_workspace(state, "My workspace", owner, vec![marker_write]).await {
        Ok(tenant) => tenant,
        // Another process finished the first start first.
        Err(CreateWorkspaceError::Store(StoreError::ConditionFailed { index: Some(0) })) => {
            return Ok(None)
        }
        Err(e) => return Err(e.into()),
    };
    Ok(Some(FirstStart {
        tenant,
        email,
        generated_password: generated,
    }))
}
