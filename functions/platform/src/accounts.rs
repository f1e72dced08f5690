//! Accounts: a live workspace with its owner, and a sandbox seeded by every module's seeder.

use identity::workspace::{self, CreateWorkspaceError, OwnerIn, Workspace};
use serde_json::json;
use shared::auth::password;
use shared::domain::Email;
use shared::sandbox::Seeder;
use shared::store::{Condition, GlobalIndex, Item, Key, StoreError, TenantId, Write};
use shared::AppState;

/// Every module's seeder, in the order of the deployment's modules.
pub fn seeders(state: &AppState) -> impl Iterator<Item = &'static dyn Seeder> {
    state.registry().modules().iter().filter_map(|module| module.seeder)
}

/// Fills a fresh sandbox tenant with every module's seed data: each module's `seed`, then each
/// module's `seed_after` (records that need a later module's, see [`Seeder::seed_after`]).
/// Without demo data (`SANDBOX_DEMO_DATA=off`) it gets a live workspace's defaults instead.
pub async fn seed_sandbox(state: &AppState, sandbox: TenantId) -> anyhow::Result<()> {
    if !state.config().sandbox_demo_data {
        return live_defaults(state, sandbox).await;
    }
    for seeder in seeders(state) {
        seeder
            .seed(state, sandbox)
            .await
            .map_err(|e| e.context(format!("seeding {}", seeder.name())))?;
    }
    for seeder in seeders(state) {
        seeder
            .seed_after(state, sandbox)
            .await
            .map_err(|e| e.context(format!("seeding {} (after the others)", seeder.name())))?;
    }
    Ok(())
}

/// What every module gives a live workspace to start with (the chart of accounts, a pipeline).
async fn live_defaults(state: &AppState, tenant: TenantId) -> anyhow::Result<()> {
    for seeder in seeders(state) {
        seeder.live_defaults(state, tenant).await?;
    }
    Ok(())
}

/// Opens an account: the live workspace with its owner, and its seeded sandbox. `setup` may change
/// the live workspace and add writes to the creating transaction
/// ([`workspace::create_workspace`]).
pub async fn open_account(
    state: &AppState,
    name: &str,
    plan: &str,
    owner: OwnerIn,
    setup: impl FnOnce(&mut Workspace) -> Result<Vec<Write>, CreateWorkspaceError> + Send,
) -> Result<(TenantId, TenantId), CreateWorkspaceError> {
    let (live, sandbox) = workspace::create_workspace(state, name, plan, owner, setup).await?;
    // A crash here leaves a workspace without some defaults (the CRM's pipeline); they are a
    // convenience, re-creatable by hand.
    live_defaults(state, live).await?;
    // A crash here leaves the sandbox partly seeded; a reset (`POST /api/v1/sandbox/reset`) mends it.
    seed_sandbox(state, sandbox).await?;
    Ok((live, sandbox))
}

/// What the first start created, to print once.
pub struct FirstStart {
    pub tenant: TenantId,
    pub sandbox: TenantId,
    pub email: String,
    /// Set when the password was generated (no `ADMIN_PASSWORD`): shown this once.
    pub generated_password: Option<String>,
}

/// Opens the first account on an empty store (on the Business plan, so a newcomer sees every
/// module); `None` when the store has one already. A marker written in the same transaction
/// makes concurrent first starts create one account, not two.
pub async fn ensure_first_workspace(state: &AppState) -> anyhow::Result<Option<FirstStart>> {
    let marker = Key::global(GlobalIndex::Platform, "first-start");
    if state.store().get(&marker).await?.is_some() {
        return Ok(None);
    }
    let email = match &state.config().admin_email {
        Some(raw) => Email::parse(raw).ok_or_else(|| anyhow::anyhow!("ADMIN_EMAIL is not an e-mail address"))?,
        None => Email::known("admin@example.com"),
    };
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
        verified: true,
    };
    match open_account(state, "My workspace", "business", owner, |_| Ok(vec![marker_write])).await {
        Ok((tenant, sandbox)) => Ok(Some(FirstStart {
            tenant,
            sandbox,
            email: email.into(),
            generated_password: generated,
        })),
        // Another process finished the first start first.
        Err(CreateWorkspaceError::Store(StoreError::ConditionFailed { index: Some(0) })) => Ok(None),
        Err(e) => Err(e.into()),
    }
}
