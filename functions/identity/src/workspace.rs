//! Workspaces (tenants). An account is a live workspace and the sandbox beside it; the sandbox is a
//! tenant of its own, so no key, query or listing can mix the two.

use serde::{Deserialize, Serialize};
use serde_json::json;
use shared::auth::records::{workspace_key, Mode, ReadOnly, ReadOnlyCode};
use shared::auth::{password, Role};
use shared::domain::Email;
use shared::store::{id_counter_key, Condition, GlobalIndex, Item, Key, Partition, StoreError, TenantId, Write};
use shared::time::now_rfc3339;
use shared::AppState;

use crate::activity::{self, Action};
use crate::users::{self, User};

/// A workspace's own record (`shared::auth::records::WorkspaceAuthView` is what requests read).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Workspace {
    pub id: TenantId,
    pub name: String,
    /// A plan id of `shared::plans`.
    pub plan: String,
    /// A custom limit per token per hour, replacing the plan's.
    #[serde(default)]
    pub rate_limit_per_hour: Option<u32>,
    pub mode: Mode,
    /// On a live workspace: its sandbox (replaced by a reset).
    #[serde(default)]
    pub sandbox_tenant: Option<TenantId>,
    /// On a sandbox: its live workspace.
    #[serde(default)]
    pub live_tenant: Option<TenantId>,
    /// Plan modules switched off for this workspace (see `WorkspaceAuthView`).
    #[serde(default)]
    pub disabled_modules: Vec<shared::auth::Module>,
    /// The white-label platform workspace that provisioned this one, if any.
    #[serde(default)]
    pub platform_tenant: Option<TenantId>,
    /// The region of that platform, when it is not this one (`platform_tenant` is then that
    /// region's id).
    #[serde(default)]
    pub platform_region: Option<String>,
    /// While suspended by its platform: when (every token answers 403 `tenant_suspended`).
    #[serde(default)]
    pub suspended_at: Option<String>,
    /// Its home region, set when it is created and never changed ([`shared::region`]); `None` on
    /// a single-region platform (and for workspaces from before regions: the default region's).
    #[serde(default)]
    pub region: Option<String>,
    /// Opened by self-serve sign-up: a user makes live keys only once their address is verified
    /// (sandbox keys at once).
    #[serde(default)]
    pub live_keys_need_verified_address: bool,
    /// Opened by sign-up: when its trial ends ([`crate::trial`]); `None` for a workspace an
    /// operator or a platform opened, which is billed outside Worktop.
    #[serde(default)]
    pub trial_ends_at: Option<String>,
    /// Its subscription to its plan, as the payment provider last reported it.
    #[serde(default)]
    pub subscription: Option<PlanSubscription>,
    /// While set, its writes answer 402 (`WorkspaceAuthView::read_only` reads it).
    #[serde(default)]
    pub read_only: Option<ReadOnly>,
    pub owner_user_id: u64,
    pub created_at: String,
    pub version: u64,
}

/// A workspace's subscription to a plan through the payment provider (Stripe).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlanSubscription {
    /// The plan subscribed to (a plan id of `shared::plans`).
    pub plan: String,
    pub customer_id: String,
    pub subscription_id: String,
    /// The provider's status: `active`, `trialing`, `past_due`, `canceled`, `unpaid`, ...
    pub status: String,
    /// RFC 3339.
    pub current_period_end: Option<String>,
    /// Cancelled by the customer: it ends at `current_period_end`.
    pub cancel_at_period_end: bool,
}

impl PlanSubscription {
    /// Whether it still lets the workspace write (a failed payment is retried by the provider
    /// for a while: `past_due` still writes).
    pub fn is_live(&self) -> bool {
        matches!(self.status.as_str(), "active" | "trialing" | "past_due")
    }
}

// The values are told in the enum's description, not per value: a per-value description makes
// a schema of one constant each, which generators turn into a class each.
shared::choice! {
    /// Where a workspace's plan stands: `trialing` (sign-up's free trial, until `trial_ends_at`),
    /// `trial_ended` (without a subscription: read-only), `active`, `past_due` (a payment failed;
    /// the provider retries it and writes go on), `canceling` (cancelled, ending at the period's
    /// end), `canceled` (the subscription ended: read-only), or `unbilled` (opened by an operator
    /// or a white-label platform, and billed outside Worktop).
    pub enum PlanState {
        Trialing = "trialing",
        TrialEnded = "trial_ended",
        Active = "active",
        PastDue = "past_due",
        Canceling = "canceling",
        Canceled = "canceled",
        Unbilled = "unbilled",
    }
}

impl Workspace {
    /// Where its plan stands, for the dashboard and `GET /api/workspace`.
    pub fn plan_state(&self) -> PlanState {
        match (&self.read_only, &self.subscription) {
            (Some(read_only), _) => match read_only.code {
                ReadOnlyCode::TrialEnded => PlanState::TrialEnded,
                ReadOnlyCode::SubscriptionEnded => PlanState::Canceled,
            },
            (None, Some(sub)) if sub.is_live() && sub.cancel_at_period_end => PlanState::Canceling,
            (None, Some(sub)) if sub.status == "past_due" => PlanState::PastDue,
            (None, Some(sub)) if sub.is_live() => PlanState::Active,
            (None, _) if self.trial_ends_at.is_some() => PlanState::Trialing,
            (None, Some(_)) => PlanState::Canceled,
            (None, None) => PlanState::Unbilled,
        }
    }

    /// Whether its live subscription keeps it writable.
    pub fn is_subscribed(&self) -> bool {
        self.subscription.as_ref().is_some_and(PlanSubscription::is_live)
    }
}

/// Where a workspace's plan stands, as `GET /api/workspace` and `GET /api/billing` show it.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct PlanStanding {
    pub plan_state: PlanState,
    /// RFC 3339; null for a workspace with no trial (opened by an operator or a platform).
    pub trial_ends_at: Option<String>,
    /// Set while the workspace is read-only: its writes answer 402 with this code and message.
    pub read_only: Option<ReadOnlyOut>,
}

/// Why and since when a workspace is read-only.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct ReadOnlyOut {
    pub since: String,
    pub code: ReadOnlyCode,
    /// What a refused write says.
    pub message: String,
}

impl From<&Workspace> for PlanStanding {
    fn from(workspace: &Workspace) -> Self {
        Self {
            plan_state: workspace.plan_state(),
            trial_ends_at: workspace.trial_ends_at.clone(),
            read_only: workspace.read_only.as_ref().map(|r| ReadOnlyOut {
                since: r.since.clone(),
                code: r.code,
                message: r.message(),
            }),
        }
    }
}

/// The owner a new workspace starts with.
pub struct OwnerIn {
    pub name: String,
    pub email: Email,
    pub password: String,
    /// The address is known to be theirs (the operator's first start, a platform's customer);
    /// otherwise it waits for its verification mail.
    pub verified: bool,
}

/// Why a workspace could not be created.
#[derive(Debug, thiserror::Error)]
pub enum CreateWorkspaceError {
    #[error(transparent)]
    Store(StoreError),
    #[error(transparent)]
    Other(#[from] anyhow::Error),
}

impl From<StoreError> for CreateWorkspaceError {
    fn from(e: StoreError) -> Self {
        Self::Store(e)
    }
}

async fn next_tenant(state: &AppState) -> Result<TenantId, CreateWorkspaceError> {
    let counter = Key::new(Partition::global(GlobalIndex::Platform, "counter"), "tenant");
    let id = state.store().increment(&counter, 1, None).await?;
    Ok(TenantId(u64::try_from(id).map_err(anyhow::Error::from)?))
}

/// A live workspace and its (still empty) sandbox, with the owner, in one transaction. `setup`
/// sees the live workspace once its tenants are known, may change it (a platform links its
/// customer) and names writes that join the transaction (first, so their condition failures
/// keep their index). Returns the live and sandbox tenants; seeding the sandbox is the caller's
/// (`platform::accounts`).
pub async fn create_workspace(
    state: &AppState,
    name: &str,
    plan: &str,
    owner: OwnerIn,
    setup: impl FnOnce(&mut Workspace) -> Result<Vec<Write>, CreateWorkspaceError> + Send,
) -> Result<(TenantId, TenantId), CreateWorkspaceError> {
    // The first start's `ADMIN_PASSWORD` passes the check every other password passes.
    if let Some(why) = password::refusal(&owner.password, &owner.email, &owner.name) {
        return Err(anyhow::anyhow!("the owner's password is refused: {why}").into());
    }
    let live = next_tenant(state).await?;
    let sandbox = next_tenant(state).await?;
    let now = now_rfc3339();
    let user = User {
        id: 1,
        name: owner.name,
        email: owner.email,
        role: Role::Owner,
        password_hash: password::hash(owner.password).await?,
        email_verified_at: owner.verified.then(|| now.clone()),
        photo: None,
        created_at: now.clone(),
        updated_at: now.clone(),
        version: 1,
        sessions_epoch: 0,
    };
    let mut live_workspace = Workspace {
        id: live,
        name: name.to_owned(),
        plan: plan.to_owned(),
        rate_limit_per_hour: None,
        mode: Mode::Live,
        sandbox_tenant: Some(sandbox),
        live_tenant: None,
        owner_user_id: 1,
        disabled_modules: Vec::new(),
        platform_tenant: None,
        platform_region: None,
        suspended_at: None,
        live_keys_need_verified_address: false,
        trial_ends_at: None,
        subscription: None,
        read_only: None,
        region: home_region(state),
        created_at: now.clone(),
        version: 1,
    };
    let sandbox_workspace = sandbox_record(sandbox, &live_workspace);
    let mut writes = setup(&mut live_workspace)?;
    // The owner's login: a new workspace has no user yet, so their address never conflicts (other
    // workspaces' logins of it are theirs).
    writes.extend([
        Write::put(
            Item::from_value(workspace_key(live), &live_workspace)?,
            Condition::NotExists,
        ),
        Write::put(
            Item::from_value(workspace_key(sandbox), &sandbox_workspace)?,
            Condition::NotExists,
        ),
        users::write_email_index(live, Mode::Live, &user.email, user.id).map_err(|e| anyhow::anyhow!("{e}"))?,
    ]);
    writes.extend(
        activity::entry(
            live,
            user.id,
            Action::UserCreated,
            "system",
            json!({"user_id": 1, "role": "owner"}),
        )
        .map_err(|e| anyhow::anyhow!("{e}"))?,
    );
    writes.extend(users::write_user(live, None, &user).map_err(|e| anyhow::anyhow!("{e}"))?);
    // The regions' directory first, so that logins arriving at other regions reach this one.
    let claimed = users::claim_in_directory(state, Mode::Live, &user.email).await?;
    let stored = state.store().transact(writes).await;
    if stored.is_err() && claimed {
        users::release_in_directory(state, Mode::Live, &user.email).await;
    }
    stored?;
    // Bring the user counter past the owner (id 1). Were this lost to a crash, the next user
    // creation would collide on id 1 once (409) and the counter would then move on.
    let users_counter = id_counter_key(live, shared::auth::records::USER);
    state.store().increment(&users_counter, 1, None).await?;
    Ok((live, sandbox))
}

/// This instance's region, which a workspace created here calls home.
fn home_region(state: &AppState) -> Option<String> {
    state.config().regions.as_ref().map(|r| r.here().to_string())
}

/// The sandbox of `live`, in its region.
fn sandbox_record(sandbox: TenantId, live: &Workspace) -> Workspace {
    Workspace {
        id: sandbox,
        name: format!("{} (sandbox)", live.name),
        plan: live.plan.clone(),
        region: live.region.clone(),
        rate_limit_per_hour: None,
        mode: Mode::Test,
        sandbox_tenant: None,
        live_tenant: Some(live.id),
        owner_user_id: 1,
        disabled_modules: Vec::new(),
        platform_tenant: None,
        platform_region: None,
        suspended_at: None,
        live_keys_need_verified_address: false,
        trial_ends_at: None,
        subscription: None,
        read_only: None,
        created_at: now_rfc3339(),
        version: 1,
    }
}

/// A new, empty sandbox tenant for `live` (a reset seeds it and then points `live` at it).
pub async fn create_sandbox(state: &AppState, live: &Workspace) -> Result<TenantId, CreateWorkspaceError> {
    let sandbox = next_tenant(state).await?;
    let record = sandbox_record(sandbox, live);
    state
        .store()
        .write(Write::put(
            Item::from_value(workspace_key(sandbox), &record)?,
            Condition::NotExists,
        ))
        .await?;
    Ok(sandbox)
}

/// Points a live workspace at a new sandbox, if nobody changed it since `live` was read.
pub async fn switch_sandbox(state: &AppState, live: &Workspace, sandbox: TenantId) -> Result<(), StoreError> {
    let mut updated = live.clone();
    updated.sandbox_tenant = Some(sandbox);
    updated.version += 1;
    let item = Item::from_value(workspace_key(live.id), &updated)?;
    state
        .store()
        .write(Write::put(item, Condition::Version(live.version)))
        .await
}
