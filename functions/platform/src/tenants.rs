//! White-label sub-tenants and the platform's own plans for them.
//!
//! A platform is a workspace whose plan has the `platform` module (Business) and who holds
//! `platform.write` (owners and admins). It provisions customers as sub-tenants: each is a whole
//! account (live workspace, seeded sandbox, owner), opened exactly as a first start opens one,
//! whose live workspace names the platform (`platform_tenant`). The platform keeps one
//! [`SubTenant`] record per customer in its own tenant, pointing at the sub-tenant's tenant id:
//! that record is the index its lists, shows and updates go through, so a platform reaches only
//! its own sub-tenants (another's id is 404) and never their records. There is no delete:
//! suspending stops every credential at once and keeps the data.
//!
//! A white-label plan ([`WlPlan`]) is the platform's offer to its customers: modules and a rate
//! limit within the platform's own plan. Assigning one writes the sub-tenant's workspace at once:
//! it keeps the platform's plan as its base (so it never exceeds it), with the modules the
//! white-label plan lacks switched off (`disabled_modules`) and its limit
//! (`rate_limit_per_hour`, capped at the base plan's).
//!
//! With regions ([`shared::region`]), a sub-tenant may live in another region than its platform
//! (`region` when provisioning): its account and everything in it are opened in its home, and the
//! platform's [`SubTenant`] record, in the platform's region, names that region. Every change to
//! the sub-tenant's workspace is then a call to its home ([`crate::cells`]), made before the
//! platform's record is written: a failure between the two leaves the home changed and the record
//! not, and the same request again (each change sets a state, never toggles one) finishes it.

use std::collections::BTreeMap;

use axum::extract::State;
use axum::http::StatusCode;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::json;
use shared::auth::records::{workspace_key, WorkspaceAuthView};
use shared::auth::{password, Module, Role};
use shared::domain::{Email, Text};
use shared::handlers::Caller;
use shared::http::Json;
use shared::http::{ApiError, FieldErrors, IfMatch, ValidJson, ValidPath};
use shared::money::Money;
use shared::plans::{self, Plan};
use shared::resource::index::{self, IndexValue};
use shared::resource::{ops, refs, Assign, Cx, Events, Filter, Lists, Meta, NoFilters, Ref, Resource, Services, Sort};
use shared::store::{Condition, GlobalIndex, Item, Key, StoreError, StoreExt, TenantId, Write};
use shared::time::{now_rfc3339, now_unix, unix_to_rfc3339};
use shared::usage;
use shared::AppState;

use identity::activity::{self, Action};
use identity::users::{self, User};
use identity::workspace::{CreateWorkspaceError, OwnerIn, Workspace};

use crate::accounts::open_account;
use crate::cells;

/// How long an owner invitation stays valid.
pub const INVITATION_TTL_SECS: i64 = 7 * 86_400;

shared::choice! {
    /// Whether a sub-tenant's credentials work.
    pub enum TenantStatus { Active = "active", Suspended = "suspended" }
}

shared::choice! {
    /// A business module a white-label plan may include. `users` and `webhooks` come with every
    /// plan, as with the built-in ones; `platform` with none (sub-tenants do not resell).
    pub enum WlModule {
        Crm = "crm",
        Sales = "sales",
        Accounting = "accounting",
        Inventory = "inventory",
        Projects = "projects",
        Pos = "pos",
        Support = "support",
        Hr = "hr",
    }
}

impl WlModule {
    pub fn module(self) -> Module {
        match self {
            Self::Crm => Module::Crm,
            Self::Sales => Module::Sales,
            Self::Accounting => Module::Accounting,
            Self::Inventory => Module::Inventory,
            Self::Projects => Module::Projects,
            Self::Pos => Module::Pos,
            Self::Support => Module::Support,
            Self::Hr => Module::Hr,
        }
    }
}

// ---------------------------------------------------------------------------------------------
// White-label plans

/// One of the platform's plans for its customers.
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
pub struct WlPlan {
    #[serde(flatten)]
    pub meta: Meta,
    pub name: String,
    pub description: Option<String>,
    /// The modules a sub-tenant on this plan may use (within the platform's own plan).
    pub modules: Vec<WlModule>,
    /// Per token; capped at the platform's own plan's limit when assigned.
    pub requests_per_hour: u32,
    /// What the platform charges for it per month (the platform's own billing).
    pub price_monthly: Money,
    /// ISO 4217, upper case.
    pub currency: String,
}

/// Body of `POST /api/wl/plans/create`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct WlPlanIn {
    #[schemars(required)]
    pub name: Option<Text<100>>,
    pub description: Option<Text<500>>,
    /// At least one; each must be on the platform's own plan.
    #[schemars(required, length(min = 1))]
    pub modules: Option<Vec<WlModule>>,
    /// 1 up to the platform's own plan's limit (Business, the plan with the platform module:
    /// 20000).
    #[schemars(required, range(min = 1, max = 20_000))]
    pub requests_per_hour: Option<u32>,
    /// At least 0; defaults to 0.
    #[schemars(transform = shared::money::at_least_zero)]
    pub price_monthly: Option<Money>,
    /// Three letters (ISO 4217); defaults to `USD`.
    #[schemars(transform = currency_schema)]
    pub currency: Option<String>,
}

/// Body of `POST /api/wl/plans/update/{id}`: absent fields stay. The modules and limit of a plan
/// that sub-tenants are on do not change (409 `in_use`): make another plan and move them.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(transform = shared::resource::patch_schema)]
pub struct WlPlanPatch {
    pub name: Option<Text<100>>,
    #[serde(default, with = "shared::resource::Clearable::<Text<500>>")]
    pub description: Option<Option<Text<500>>>,
    #[schemars(length(min = 1))]
    pub modules: Option<Vec<WlModule>>,
    #[schemars(range(min = 1, max = 20_000))]
    pub requests_per_hour: Option<u32>,
    #[schemars(transform = shared::money::at_least_zero)]
    pub price_monthly: Option<Money>,
    #[schemars(transform = currency_schema)]
    pub currency: Option<String>,
}

/// [`check_currency`]: three letters.
fn currency_schema(schema: &mut schemars::Schema) {
    schema.insert("pattern".into(), json!("^[A-Za-z]{3}$"));
}

/// The platform's own plan, as authentication last read its workspace.
async fn own_plan(cx: Cx<'_>) -> Result<&'static Plan, ApiError> {
    let workspace: WorkspaceAuthView = cx
        .store()
        .get_as(&workspace_key(cx.tenant()))
        .await?
        .ok_or_else(|| ApiError::not_found("Workspace"))?;
    plans::find(&workspace.plan).ok_or_else(|| ApiError::internal(anyhow::anyhow!("unknown plan {}", workspace.plan)))
}

fn check_modules(errors: &mut FieldErrors, base: &Plan, modules: Option<Vec<WlModule>>) -> Option<Vec<WlModule>> {
    let mut modules = modules?;
    modules.sort_by_key(|m| m.as_str());
    modules.dedup();
    if modules.is_empty() {
        errors.add("modules", "Name at least one module.");
        return None;
    }
    let outside: Vec<&str> = modules
        .iter()
        .filter(|m| !base.includes(m.module()))
        .map(|m| m.as_str())
        .collect();
    if !outside.is_empty() {
        errors.add(
            "modules",
            format!("Your {} plan does not include: {}.", base.name, outside.join(", ")),
        );
        return None;
    }
    Some(modules)
}

fn check_limit(errors: &mut FieldErrors, base: &Plan, limit: Option<u32>) -> Option<u32> {
    let limit = limit?;
    if limit == 0 || limit > base.requests_per_hour {
        errors.add(
            "requests_per_hour",
            format!(
                "The limit must be between 1 and your {} plan's {} requests per hour.",
                base.name, base.requests_per_hour
            ),
        );
        return None;
    }
    Some(limit)
}

fn check_currency(errors: &mut FieldErrors, currency: Option<String>) -> Option<String> {
    let currency = currency?.trim().to_uppercase();
    if currency.len() != 3 || !currency.chars().all(|c| c.is_ascii_alphabetic()) {
        errors.add("currency", "The currency must be three letters (ISO 4217).");
        return None;
    }
    Some(currency)
}

impl Resource for WlPlan {
    fn example() -> Option<serde_json::Value> {
        Some(
            serde_json::json!({"name": "Growth", "description": "CRM and sales for small teams.", "modules": ["crm", "sales"], "requests_per_hour": 5000, "price_monthly": 49.0, "currency": "USD"}),
        )
    }
    const KIND: &'static str = "wl_plan";
    const NAME: &'static str = "Plan";
    const MODULE: Module = Module::Platform;
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[Sort::new("name", |p| IndexValue::text(&p.name))],
        filters: &[],
        sums: &[],
    };
    const EVENTS: Events = Events::NONE;
    type In = WlPlanIn;
    type Patch = WlPlanPatch;
    type Out = WlPlan;
    type Filters = NoFilters;
    shared::meta_field!();

    async fn build(cx: Cx<'_>, input: WlPlanIn) -> Result<Self, ApiError> {
        let base = own_plan(cx).await?;
        let mut errors = FieldErrors::default();
        let name = errors.required_text("name", input.name);
        let description = errors.text("description", input.description);
        let modules = errors.required("modules", input.modules);
        let modules = check_modules(&mut errors, base, modules);
        let limit = errors.required("requests_per_hour", input.requests_per_hour);
        let limit = check_limit(&mut errors, base, limit);
        let price = errors.not_negative("price_monthly", input.price_monthly);
        let currency = check_currency(&mut errors, input.currency);
        let (name, modules, requests_per_hour) = errors.finish((name, modules, limit))?;
        Ok(Self {
            meta: Meta::default(),
            name,
            description,
            modules,
            requests_per_hour,
            price_monthly: price.unwrap_or(Money::ZERO),
            currency: currency.unwrap_or_else(|| "USD".into()),
        })
    }

    async fn apply(&mut self, cx: Cx<'_>, patch: WlPlanPatch) -> Result<(), ApiError> {
        let base = own_plan(cx).await?;
        let mut errors = FieldErrors::default();
        let name = errors.text("name", patch.name);
        let description = patch.description.map(|d| errors.text("description", d));
        let modules = check_modules(&mut errors, base, patch.modules);
        let limit = check_limit(&mut errors, base, patch.requests_per_hour);
        let price = errors.not_negative("price_monthly", patch.price_monthly);
        let currency = check_currency(&mut errors, patch.currency);
        errors.into_result(())?;
        let moves_gates =
            modules.as_ref().is_some_and(|m| *m != self.modules) || limit.is_some_and(|l| l != self.requests_per_hour);
        if moves_gates {
            // Sub-tenants carry the plan's gates on their workspaces; rewriting them all here
            // would grow with the platform, so a plan in use keeps its modules and limit.
            refs::refuse_if_referenced(cx, Self::KIND, "plan's modules and limit; this plan", self.meta.id).await?;
        }
        self.name.assign(name);
        self.description.assign(description);
        self.modules.assign(modules);
        self.requests_per_hour.assign(limit);
        self.price_monthly.assign(price);
        self.currency.assign(currency);
        Ok(())
    }

    fn search_text(&self) -> String {
        self.name.clone()
    }
}

// ---------------------------------------------------------------------------------------------
// Sub-tenants

/// A customer workspace as its platform keeps it (stored in the platform's tenant).
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize)]
pub struct SubTenant {
    #[serde(flatten)]
    pub meta: Meta,
    pub name: String,
    /// The sub-tenant's live workspace.
    pub tenant_id: TenantId,
    pub sandbox_tenant_id: TenantId,
    /// Its home region, where its account lives; `None` on a platform with one region.
    #[serde(default)]
    pub region: Option<String>,
    pub owner_name: String,
    pub owner_email: Email,
    /// When the owner accepted the invitation (set their password).
    pub owner_joined_at: Option<String>,
    /// SHA-256 of the pending invitation token (the token itself is shown once).
    pub invitation_hash: Option<String>,
    /// Unix seconds.
    pub invitation_expires_at: Option<i64>,
    /// The platform's own plan when it was provisioned: the ceiling of everything it gets.
    pub base_plan: String,
    /// The white-label plan assigned, if any.
    pub plan_id: Option<u64>,
    pub status: TenantStatus,
    pub suspended_at: Option<String>,
}

/// A sub-tenant as the API shows it.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct SubTenantOut {
    #[serde(flatten)]
    pub meta: Meta,
    pub name: String,
    /// The sub-tenant's own workspace id.
    pub tenant_id: u64,
    pub sandbox_tenant_id: u64,
    /// Its home region, where its account, records and credentials live (its tenant ids are
    /// that region's); `null` on a platform with one region.
    pub region: Option<String>,
    pub owner_name: String,
    pub owner_email: Email,
    /// `pending` until the owner sets a password, then `accepted`; `expired` past its date.
    pub invitation_status: InvitationStatus,
    /// RFC 3339, while pending.
    pub invitation_expires_at: Option<String>,
    pub owner_joined_at: Option<String>,
    /// The platform's plan the sub-tenant runs under (its ceiling).
    pub base_plan: String,
    /// The white-label plan assigned; `null`: the base plan without the platform module.
    pub plan_id: Option<u64>,
    pub status: TenantStatus,
    pub suspended_at: Option<String>,
}

shared::choice! {
    /// Where a sub-tenant's owner invitation stands.
    pub enum InvitationStatus { Pending = "pending", Accepted = "accepted", Expired = "expired" }
}

impl From<SubTenant> for SubTenantOut {
    fn from(t: SubTenant) -> Self {
        let invitation_status = match (&t.owner_joined_at, t.invitation_expires_at) {
            (Some(_), _) => InvitationStatus::Accepted,
            (None, Some(at)) if at > now_unix() => InvitationStatus::Pending,
            _ => InvitationStatus::Expired,
        };
        Self {
            meta: t.meta,
            name: t.name,
            tenant_id: t.tenant_id.0,
            sandbox_tenant_id: t.sandbox_tenant_id.0,
            region: t.region,
            owner_name: t.owner_name,
            owner_email: t.owner_email,
            invitation_status,
            invitation_expires_at: match t.owner_joined_at {
                Some(_) => None,
                None => t.invitation_expires_at.map(unix_to_rfc3339),
            },
            owner_joined_at: t.owner_joined_at,
            base_plan: t.base_plan,
            plan_id: t.plan_id,
            status: t.status,
            suspended_at: t.suspended_at,
        }
    }
}

/// Body of `POST /api/wl/tenants`.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(example = json!({"name": "Acme Dental", "owner_email": "ana@acme-dental.example", "owner_name": "Ana Costa", "plan_id": 1}))]
pub struct SubTenantIn {
    #[schemars(required)]
    pub name: Option<Text<100>>,
    /// The first owner's address: their login (it may be a login in other workspaces too).
    #[schemars(required, transform = shared::http::schema::email)]
    pub owner_email: Option<String>,
    #[schemars(required)]
    pub owner_name: Option<Text<100>>,
    /// One of the platform's white-label plans; absent: the platform's plan less `platform`.
    #[schemars(transform = shared::http::schema::id)]
    pub plan_id: Option<u64>,
    /// Its home region, one of the platform's regions (a 422 names them); absent: the
    /// platform's own. Never changes afterwards.
    pub region: Option<Text<20>>,
}

/// Body of `PATCH /api/wl/tenants/{id}`: absent fields stay.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(transform = shared::resource::patch_schema)]
pub struct SubTenantPatch {
    /// Renames the sub-tenant's workspace too.
    pub name: Option<Text<100>>,
}

/// `?status=` and `?plan_id=` on the list.
#[derive(Debug, Default, Serialize, Deserialize, JsonSchema)]
pub struct SubTenantFilters {
    pub status: Option<TenantStatus>,
    pub plan_id: Option<u64>,
}

impl Resource for SubTenant {
    const KIND: &'static str = "wl_tenant";
    const NAME: &'static str = "Tenant";
    const MODULE: Module = Module::Platform;
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[Sort::new("name", |t| IndexValue::text(&t.name))],
        filters: &[
            Filter::one("status", |t| IndexValue::text(t.status.as_str())),
            Filter::one("plan_id", |t| IndexValue::opt_id(t.plan_id)),
        ],
        sums: &[],
    };
    const REFS: &'static [Ref<Self>] = &[Ref::to(<WlPlan as Resource>::KIND, |t| t.plan_id.into_iter().collect())];
    type In = SubTenantIn;
    type Patch = SubTenantPatch;
    type Out = SubTenantOut;
    type Filters = SubTenantFilters;
    shared::meta_field!();

    async fn apply(&mut self, _cx: Cx<'_>, patch: SubTenantPatch) -> Result<(), ApiError> {
        let name = FieldErrors::check(|e| e.text("name", patch.name))?;
        self.name.assign(name);
        Ok(())
    }

    /// A rename renames the sub-tenant's workspace in the same transaction (in its home first,
    /// when that is another region).
    async fn before_save(&self, cx: Cx<'_>, before: Option<&Self>) -> Result<Vec<Write>, ApiError> {
        let Some(before) = before else { return Ok(Vec::new()) };
        if before.name == self.name {
            return Ok(Vec::new());
        }
        if let Some(home) = self.home_elsewhere(cx.services) {
            let change = WorkspaceChange {
                name: Some(self.name.clone()),
                ..WorkspaceChange::default()
            };
            cells::change_workspace(cx, home, self.tenant_id, change).await?;
            return Ok(Vec::new());
        }
        let workspace = load_workspace(cx.services, self.tenant_id).await?;
        let mut renamed = workspace.clone();
        renamed.name = self.name.clone();
        Ok(vec![workspace_write(&workspace, renamed)?])
    }

    fn search_text(&self) -> String {
        format!("{} {} {}", self.name, self.owner_name, self.owner_email)
    }
}

impl SubTenant {
    /// Its home region when that is not this one: its workspace is then reached through
    /// [`crate::cells`], never this region's store (where its tenant id names another workspace).
    pub fn home_elsewhere(&self, services: &Services) -> Option<&str> {
        let here = services.config().regions.as_ref().map(|r| r.here());
        self.region.as_deref().filter(|r| Some(*r) != here)
    }
}

/// A change to a sub-tenant's workspace, as its platform asks for it: every field sets a state
/// (never toggles one), so making it twice is making it once.
#[derive(Debug, Default, Serialize, Deserialize)]
pub struct WorkspaceChange {
    pub name: Option<String>,
    pub suspension: Option<Suspension>,
    /// The modules switched off and the limit per token ([`gates`]).
    pub gates: Option<(Vec<Module>, Option<u32>)>,
}

/// A sub-tenant's suspension, set or lifted (an enum, not `Option<Option<_>>`, whose "lifted"
/// would travel between cells as `null` and come back as "unchanged").
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Suspension {
    Since(String),
    Lifted,
}

impl WorkspaceChange {
    pub fn apply_to(self, workspace: &mut Workspace) {
        if let Some(name) = self.name {
            workspace.name = name;
        }
        match self.suspension {
            Some(Suspension::Since(at)) => workspace.suspended_at = Some(at),
            Some(Suspension::Lifted) => workspace.suspended_at = None,
            None => {}
        }
        if let Some((disabled, limit)) = self.gates {
            workspace.disabled_modules = disabled;
            workspace.rate_limit_per_hour = limit;
        }
    }
}

pub(crate) async fn load_workspace(services: &Services, tenant: TenantId) -> Result<Workspace, ApiError> {
    services
        .store()
        .get_as(&workspace_key(tenant))
        .await?
        .ok_or_else(|| ApiError::internal(anyhow::anyhow!("sub-tenant workspace {tenant} is missing")))
}

/// `after` as the next version of `before`, conditioned on `before`'s.
pub(crate) fn workspace_write(before: &Workspace, mut after: Workspace) -> Result<Write, ApiError> {
    after.version = before.version + 1;
    Ok(Write::put(
        Item::from_value(workspace_key(before.id), &after)?,
        Condition::Version(before.version),
    ))
}

/// The gates a sub-tenant on `base` gets from white-label plan `plan` (none: `base` less the
/// platform module): the modules to switch off and its limit per token. The core modules (users,
/// webhooks) stay on.
pub fn gates(base: &Plan, plan: Option<&WlPlan>) -> (Vec<Module>, Option<u32>) {
    let core = [Module::Users, Module::Webhooks, Module::Platform];
    let mut disabled: Vec<Module> = base
        .modules
        .iter()
        .copied()
        .filter(|m| !core.contains(m) && plan.is_some_and(|p| !p.modules.iter().any(|w| w.module() == *m)))
        .collect();
    disabled.push(Module::Platform);
    let limit = plan.map(|p| p.requests_per_hour.min(base.requests_per_hour));
    (disabled, limit)
}

/// The gates of a sub-tenant whose base plan is `base_plan`.
fn gates_of(base_plan: &str, plan: Option<&WlPlan>) -> Result<(Vec<Module>, Option<u32>), ApiError> {
    let base = plans::find(base_plan).ok_or_else(|| ApiError::internal(anyhow::anyhow!("unknown plan {base_plan}")))?;
    Ok(gates(base, plan))
}

// ---------------------------------------------------------------------------------------------
// Invitations

/// The global entry an invitation token's hash points to, in the sub-tenant's home region.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct InvitationIndex {
    pub platform: TenantId,
    /// The platform's region when it is not this one (its sub-tenant record lives there).
    #[serde(default)]
    pub platform_region: Option<String>,
    pub sub_tenant: u64,
    pub tenant: TenantId,
    pub user_id: u64,
    pub expires_at: i64,
    pub used_at: Option<String>,
    pub version: u64,
}

pub(crate) fn invitation_key(hash: &str) -> Key {
    Key::global(GlobalIndex::Platform, &format!("wl-invitation#{hash}"))
}

/// A set-password invitation, shown to the platform once.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
pub struct InvitationOut {
    /// Give it to the owner; only its hash is kept, so it cannot be shown again.
    pub token: String,
    /// RFC 3339.
    pub expires_at: String,
    /// Where the owner sends `{token, password}` (at the sub-tenant's home region).
    pub accept_url: String,
}

/// A new invitation, issued in the sub-tenant's home: what the platform shows once, what its
/// record keeps, and the index entry's write.
#[derive(Debug, Serialize, Deserialize)]
pub struct Issued {
    pub invitation: InvitationOut,
    pub hash: String,
    pub expires_at: i64,
}

/// Whom an owner invitation goes to, by mail.
pub(crate) struct Invitee<'a> {
    pub name: &'a str,
    pub email: &'a str,
    /// The sub-tenant's workspace.
    pub workspace: &'a str,
}

/// A new owner invitation for sub-tenant `sub_tenant` (the platform's record id) of `platform`,
/// whose account is `tenant` in this region; its token names this region. The writes: its index
/// entry, and the mail that takes the link to the owner.
pub(crate) fn issue_invitation(
    services: &Services,
    platform: TenantId,
    platform_region: Option<String>,
    sub_tenant: u64,
    tenant: TenantId,
    invitee: &Invitee<'_>,
) -> Result<(Issued, Vec<Write>), ApiError> {
    let token = shared::auth::api_key::generate(&services.credential_prefix("wt_inv_"));
    let expires_at = now_unix() + INVITATION_TTL_SECS;
    let index = InvitationIndex {
        platform,
        platform_region,
        sub_tenant,
        tenant,
        user_id: 1,
        expires_at,
        used_at: None,
        version: 1,
    };
    let mut item = Item::from_value(invitation_key(&token.hash_hex), &index)?;
    // Gone by itself a day after it lapses.
    item.expires_at = Some(expires_at + 86_400);
    let accept_url = match services.config().regions.as_ref() {
        Some(regions) => format!(
            "{}/api/wl/invitations/accept",
            regions.base_url(regions.here()).unwrap_or_default()
        ),
        None => "/api/wl/invitations/accept".into(),
    };
    let issued = Issued {
        invitation: InvitationOut {
            token: token.secret,
            expires_at: unix_to_rfc3339(expires_at),
            accept_url,
        },
        hash: token.hash_hex,
        expires_at,
    };
    let url = identity::email::dashboard_link(
        services,
        &format!("accept-invitation?token={}", issued.invitation.token),
    );
    let mail = shared::mail::Letter {
        brand: invitee.workspace,
        paragraphs: &[
            &format!("Hello {},", invitee.name),
            &format!(
                "Your workspace {} is ready. Choose your password with the link below to log in; your login is this address.",
                invitee.workspace
            ),
        ],
        action: ("Choose my password", &url),
        footer: "The link holds for a week and works once; your provider can send a new one.",
    }
    .to(tenant, invitee.email, &format!("Your workspace {} is ready", invitee.workspace));
    Ok((
        issued,
        vec![
            Write::put(item, Condition::NotExists),
            shared::mail::outbox_write(&mail)?,
        ],
    ))
}

/// A new invitation for `record`'s owner in this region: the token, its index write, and
/// `record` pointing at it.
fn new_invitation(cx: Cx<'_>, record: &mut SubTenant) -> Result<(InvitationOut, Vec<Write>), ApiError> {
    let invitee = Invitee {
        name: &record.owner_name,
        email: record.owner_email.as_str(),
        workspace: &record.name,
    };
    let (issued, writes) = issue_invitation(
        cx.services,
        cx.tenant(),
        None,
        record.meta.id,
        record.tenant_id,
        &invitee,
    )?;
    record.invitation_hash = Some(issued.hash);
    record.invitation_expires_at = Some(issued.expires_at);
    Ok((issued.invitation, writes))
}

// ---------------------------------------------------------------------------------------------
// Handlers

/// What provisioning answers: the sub-tenant and its owner's invitation (shown once).
#[derive(Debug, Serialize, JsonSchema)]
pub struct ProvisionedOut {
    pub tenant: SubTenantOut,
    pub invitation: InvitationOut,
}

/// The region a new sub-tenant asks for, checked against the platform's: `None` for this one.
fn requested_home(state: &AppState, region: Option<String>) -> Result<Option<String>, ApiError> {
    let Some(region) = region.map(|r| r.trim().to_owned()) else {
        return Ok(None);
    };
    let Some(regions) = state.config().regions.as_ref() else {
        return Err(ApiError::invalid(
            "region",
            "This platform has one region; leave region out.",
        ));
    };
    if regions.base_url(&region).is_none() {
        return Err(ApiError::invalid(
            "region",
            format!(
                "Unknown region {region:?}; this platform's regions are: {}.",
                regions.names().join(", ")
            ),
        ));
    }
    if region == regions.here() {
        return Ok(None);
    }
    if !shared::cell::connected(state) {
        return Err(ApiError::invalid(
            "region",
            format!("This region cannot open accounts in {region} (its CELL_SECRET is not set); provision here."),
        ));
    }
    Ok(Some(region))
}

/// `POST /api/wl/tenants`: opens the account (live workspace, seeded sandbox, owner with an
/// unusable password) in the sub-tenant's home region, links it to the platform with its gates,
/// and returns the invitation.
pub async fn create_tenant(
    caller: Caller,
    ValidJson(input): ValidJson<SubTenantIn>,
) -> Result<(StatusCode, Json<ProvisionedOut>), ApiError> {
    let cx = caller.cx();
    let mut errors = FieldErrors::default();
    let name = errors.required_text("name", input.name);
    let email = errors.required("owner_email", input.owner_email);
    let email = errors.email("owner_email", email);
    let owner_name = errors.required_text("owner_name", input.owner_name);
    let region = errors.text("region", input.region);
    let (name, email, owner_name) = errors.finish((name, email, owner_name))?;
    let home = requested_home(&caller.state, region)?;
    let plan = match input.plan_id {
        Some(id) => Some(ops::check_reference::<WlPlan>(cx, "plan_id", id).await?),
        None => None,
    };
    let base = caller.principal.plan;
    let id = ops::reserve_id::<SubTenant>(cx).await?;
    let region = caller.state.config().regions.as_ref().map(|r| r.here().to_owned());
    let record = SubTenant {
        meta: Meta { id, ..Meta::default() },
        name: name.clone(),
        tenant_id: TenantId(0),
        sandbox_tenant_id: TenantId(0),
        region: home.clone().or(region),
        owner_name,
        owner_email: email,
        owner_joined_at: None,
        invitation_hash: None,
        invitation_expires_at: None,
        base_plan: base.id.to_owned(),
        plan_id: plan.as_ref().map(|p| p.meta.id),
        status: TenantStatus::Active,
        suspended_at: None,
    };
    let (record, invitation) = match home {
        Some(home) => {
            let gates = gates_of(base.id, plan.as_ref())?;
            cells::provision(cx, &home, record, gates).await?
        }
        None => provision_here(&caller.state, cx, record, plan.as_ref()).await?,
    };
    tracing::info!(
        tenant.id = cx.tenant().0,
        sub_tenant.id = record.tenant_id.0,
        "sub-tenant provisioned"
    );
    Ok((
        StatusCode::CREATED,
        Json(ProvisionedOut {
            tenant: record.into(),
            invitation,
        }),
    ))
}

/// Opens `record`'s account in this region.
async fn provision_here(
    state: &AppState,
    cx: Cx<'_>,
    mut record: SubTenant,
    plan: Option<&WlPlan>,
) -> Result<(SubTenant, InvitationOut), ApiError> {
    let owner = OwnerIn {
        name: record.owner_name.clone(),
        email: record.owner_email.clone(),
        // Nobody knows it: the owner sets theirs through the invitation.
        password: password::generate() + &password::generate(),
        // The platform vouches for its customer's address.
        verified: true,
    };
    let gates = gates_of(&record.base_plan, plan)?;
    let (name, base_plan) = (record.name.clone(), record.base_plan.clone());
    // The sub-tenant record, its invitation and the workspace's link to the platform join the
    // transaction that creates the account: a crash leaves all of them or none. The owner's address
    // never conflicts: it may be a login in other workspaces too.
    let mut provisioned = None;
    let setup = |workspace: &mut Workspace| {
        WorkspaceChange {
            gates: Some(gates),
            ..WorkspaceChange::default()
        }
        .apply_to(workspace);
        workspace.platform_tenant = Some(cx.tenant());
        record.tenant_id = workspace.id;
        record.sandbox_tenant_id = workspace.sandbox_tenant.unwrap_or(workspace.id);
        let (invitation, invitation_writes) =
            new_invitation(cx, &mut record).map_err(|e| CreateWorkspaceError::Other(e.into()))?;
        let mut writes = ops::prepare(cx, &mut record).map_err(|e| CreateWorkspaceError::Other(e.into()))?;
        writes.extend(invitation_writes);
        provisioned = Some(invitation);
        Ok(writes)
    };
    match open_account(state, &name, &base_plan, owner, setup).await {
        Ok(_) => {}
        Err(CreateWorkspaceError::Store(e)) => return Err(e.into()),
        Err(CreateWorkspaceError::Other(e)) => return Err(ApiError::Internal(e)),
    }
    let invitation = provisioned
        .ok_or_else(|| ApiError::internal(anyhow::anyhow!("the account was opened without its sub-tenant")))?;
    Ok((record, invitation))
}

/// Counts by role.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
pub struct UsersByRole {
    pub owner: u64,
    pub admin: u64,
    pub staff: u64,
    pub client: u64,
    pub vendor: u64,
}

/// What a sub-tenant uses, from counters (never its records).
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
pub struct Usage {
    /// Users of its live workspace.
    pub users: u64,
    pub users_by_role: UsersByRole,
    /// The modules its users may call now (plan and white-label plan applied).
    pub modules: Vec<String>,
    /// Its limit per token per hour.
    pub requests_per_hour: u32,
    /// Requests its credentials (live and sandbox) made since the top of this clock hour. Each
    /// server instance adds its count every few seconds, so the newest requests may not show yet.
    pub requests_this_hour: u64,
    /// Records of its live workspace, every module's resources together.
    pub records: u64,
    /// The same, by module (modules with none are left out).
    pub records_by_module: BTreeMap<String, u64>,
}

/// A sub-tenant with its usage.
#[derive(Debug, Serialize, JsonSchema)]
pub struct SubTenantDetail {
    #[serde(flatten)]
    pub tenant: SubTenantOut,
    pub usage: Usage,
}

/// `GET /api/wl/tenants/{id}`: the sub-tenant and its usage (one read of its workspace, one of
/// its user counters; in another region, one call to its home).
pub async fn show_tenant(caller: Caller, ValidPath(id): ValidPath<u64>) -> Result<Json<SubTenantDetail>, ApiError> {
    let cx = caller.cx();
    let mut record = ops::load::<SubTenant>(cx, id).await?;
    let usage = match record.home_elsewhere(&caller.state) {
        Some(home) => {
            let (usage, joined_at) = cells::usage(cx, home, record.tenant_id).await?;
            record = cells::note_joined(cx, record, joined_at).await?;
            usage
        }
        None => usage(&caller.state, record.tenant_id).await?,
    };
    Ok(Json(SubTenantDetail {
        tenant: record.into(),
        usage,
    }))
}

/// The sub-tenant's usage: its workspace, then its user counters, every kind's record counter
/// and this hour's requests counter in one batch read (about 80 counters, whatever its size).
pub(crate) async fn usage(state: &AppState, tenant: TenantId) -> Result<Usage, ApiError> {
    let workspace = load_workspace(state, tenant).await?;
    let sub = Cx::system(state, tenant, 0);
    let mut keys: Vec<Key> = std::iter::once(index::kind_count_key(tenant, <User as index::Indexed>::KIND))
        .chain(Role::ALL.map(|r| index::count_key::<User>(sub, "role", &IndexValue::text(r.as_str()))))
        .collect();
    let kinds: Vec<(Module, &str)> = state.catalog().resource_kinds().collect();
    keys.extend(kinds.iter().map(|(_, kind)| index::kind_count_key(tenant, kind)));
    keys.push(usage::requests_key(tenant, usage::current_hour()));
    let counts: Vec<u64> = state
        .store()
        .counters(&keys)
        .await?
        .into_iter()
        .map(|n| u64::try_from(n).unwrap_or(0))
        .collect();
    let count = |i: usize| counts.get(i).copied().unwrap_or(0);
    let users_end = 1 + Role::ALL.len();
    let mut records_by_module = BTreeMap::new();
    for (i, (module, _)) in kinds.iter().enumerate() {
        let n = count(users_end + i);
        if n > 0 {
            *records_by_module.entry(module.as_str().to_owned()).or_default() += n;
        }
    }
    let plan = plans::find(&workspace.plan);
    Ok(Usage {
        users: count(0),
        users_by_role: UsersByRole {
            owner: count(1),
            admin: count(2),
            staff: count(3),
            client: count(4),
            vendor: count(5),
        },
        modules: Module::ALL
            .into_iter()
            .filter(|m| !m.is_always_on() && plan.is_some_and(|p| p.enables(*m, &workspace.disabled_modules)))
            .map(|m| m.as_str().to_owned())
            .collect(),
        requests_per_hour: workspace
            .rate_limit_per_hour
            .or(plan.map(|p| p.requests_per_hour))
            .unwrap_or(0),
        requests_this_hour: count(users_end + kinds.len()),
        records: records_by_module.values().sum(),
        records_by_module,
    })
}

/// Changes sub-tenant `id` and its workspace together: here in one transaction, both conditioned
/// on what was read; in another region, its home first.
async fn change_tenant(
    cx: Cx<'_>,
    id: u64,
    expected: Option<u64>,
    change: impl FnOnce(&mut SubTenant) -> Result<WorkspaceChange, ApiError>,
) -> Result<SubTenant, ApiError> {
    let current = ops::load::<SubTenant>(cx, id).await?;
    ops::check_version(&current, expected)?;
    let mut record = current.clone();
    let workspace_change = change(&mut record)?;
    if let Some(home) = current.home_elsewhere(cx.services) {
        cells::change_workspace(cx, home, current.tenant_id, workspace_change).await?;
        return ops::save(cx, &current, record, Vec::new()).await;
    }
    let workspace = load_workspace(cx.services, current.tenant_id).await?;
    let mut changed = workspace.clone();
    workspace_change.apply_to(&mut changed);
    let write = workspace_write(&workspace, changed)?;
    ops::save(cx, &current, record, vec![write]).await
}

/// `POST /api/wl/tenants/{id}/suspend`: every credential of the sub-tenant (live and sandbox)
/// answers 403 `tenant_suspended` from the next request on; nothing is deleted.
pub async fn suspend_tenant(
    caller: Caller,
    ValidPath(id): ValidPath<u64>,
    IfMatch(expected): IfMatch,
) -> Result<Json<SubTenantOut>, ApiError> {
    let record = change_tenant(caller.cx(), id, expected, |record| {
        if record.status == TenantStatus::Suspended {
            return Err(ApiError::invalid_transition("The tenant is already suspended."));
        }
        let now = now_rfc3339();
        record.status = TenantStatus::Suspended;
        record.suspended_at = Some(now.clone());
        Ok(WorkspaceChange {
            suspension: Some(Suspension::Since(now)),
            ..WorkspaceChange::default()
        })
    })
    .await?;
    Ok(Json(record.into()))
}

/// `POST /api/wl/tenants/{id}/resume`.
pub async fn resume_tenant(
    caller: Caller,
    ValidPath(id): ValidPath<u64>,
    IfMatch(expected): IfMatch,
) -> Result<Json<SubTenantOut>, ApiError> {
    let record = change_tenant(caller.cx(), id, expected, |record| {
        if record.status == TenantStatus::Active {
            return Err(ApiError::invalid_transition("The tenant is not suspended."));
        }
        record.status = TenantStatus::Active;
        record.suspended_at = None;
        Ok(WorkspaceChange {
            suspension: Some(Suspension::Lifted),
            ..WorkspaceChange::default()
        })
    })
    .await?;
    Ok(Json(record.into()))
}

/// Body of `POST /api/wl/tenants/{id}/plan`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct AssignPlanIn {
    /// One of the platform's white-label plans.
    #[schemars(required, transform = shared::http::schema::id)]
    pub plan_id: Option<u64>,
}

/// `POST /api/wl/tenants/{id}/plan`: the plan's modules and limit apply from the next request.
pub async fn assign_plan(
    caller: Caller,
    ValidPath(id): ValidPath<u64>,
    ValidJson(input): ValidJson<AssignPlanIn>,
) -> Result<Json<SubTenantOut>, ApiError> {
    let cx = caller.cx();
    // An unknown sub-tenant is 404 whatever the body says.
    ops::load::<SubTenant>(cx, id).await?;
    let plan_id = FieldErrors::check_required(|e| e.required("plan_id", input.plan_id))?;
    let plan = ops::check_reference::<WlPlan>(cx, "plan_id", plan_id).await?;
    let record = change_tenant(cx, id, None, |record| {
        record.plan_id = Some(plan.meta.id);
        Ok(WorkspaceChange {
            gates: Some(gates_of(&record.base_plan, Some(&plan))?),
            ..WorkspaceChange::default()
        })
    })
    .await?;
    Ok(Json(record.into()))
}

/// `POST /api/wl/tenants/{id}/invitation`: a new owner invitation (the previous one stops
/// working); 409 once the owner has joined.
pub async fn reissue_invitation(
    caller: Caller,
    ValidPath(id): ValidPath<u64>,
) -> Result<(StatusCode, Json<InvitationOut>), ApiError> {
    let cx = caller.cx();
    let current = ops::load::<SubTenant>(cx, id).await?;
    if current.owner_joined_at.is_some() {
        return Err(ApiError::invalid_transition(
            "The owner has already accepted; they reset their password by logging in.",
        ));
    }
    let mut record = current.clone();
    if let Some(home) = current.home_elsewhere(&caller.state) {
        let issued = cells::reissue_invitation(cx, home, &current).await?;
        record.invitation_hash = Some(issued.hash);
        record.invitation_expires_at = Some(issued.expires_at);
        ops::save(cx, &current, record, Vec::new()).await?;
        return Ok((StatusCode::CREATED, Json(issued.invitation)));
    }
    let (invitation, mut extra) = new_invitation(cx, &mut record)?;
    if let Some(old) = &current.invitation_hash {
        extra.push(Write::delete(invitation_key(old), Condition::Always));
    }
    ops::save(cx, &current, record, extra).await?;
    Ok((StatusCode::CREATED, Json(invitation)))
}

/// Body of `POST /api/wl/invitations/accept`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct AcceptInvitationIn {
    /// The invitation token the platform received.
    #[schemars(required, length(min = 1, max = 200))]
    pub token: Option<String>,
    /// The owner's new password.
    #[schemars(required, transform = shared::http::schema::password)]
    pub password: Option<String>,
}

/// What accepting answers.
#[derive(Debug, Serialize, JsonSchema)]
pub struct AcceptedOut {
    pub message: String,
    /// The login to use with the new password.
    pub email: Email,
}

/// `POST /api/wl/invitations/accept` (public): sets the owner's password and spends the token,
/// in one transaction with the platform's record of it. An unknown, used or expired token is 404.
pub async fn accept_invitation(
    State(state): State<AppState>,
    ValidJson(input): ValidJson<AcceptInvitationIn>,
) -> Result<Json<AcceptedOut>, ApiError> {
    let mut errors = FieldErrors::default();
    let token = errors.required("token", input.token);
    let password = errors.required("password", input.password);
    let password = errors.password("password", password);
    let (token, password) = errors.finish((token, password))?;
    state.admit_region(token.trim())?;
    let gone = || ApiError::not_found("Invitation");
    let key = invitation_key(&shared::auth::api_key::hash(token.trim()));
    let index: InvitationIndex = state.store().get_as(&key).await?.ok_or_else(gone)?;
    if index.used_at.is_some() || index.expires_at <= now_unix() {
        return Err(gone());
    }
    let user = users::load(&state, index.tenant, index.user_id).await?;
    let updated = users::with_new_password(&user, password).await?;
    if index.platform_region.is_some() {
        return cells::accept_here(&state, key, index, user, updated).await.map(Json);
    }
    let platform = Cx::system(&state, index.platform, 0);
    let current = ops::load::<SubTenant>(platform, index.sub_tenant)
        .await
        .map_err(|_| gone())?;
    let mut record = current.clone();
    record.owner_joined_at = Some(now_rfc3339());
    record.invitation_hash = None;
    record.invitation_expires_at = None;
    let mut spent = index.clone();
    spent.used_at = Some(now_rfc3339());
    spent.version += 1;
    let mut writes = vec![Write::put(
        Item::from_value(key, &spent)?,
        Condition::Version(index.version),
    )];
    writes.extend(owner_password_writes(&index, &user, &updated)?);
    writes.extend(ops::change_writes(platform, &current, &mut record)?);
    match state.store().transact(writes).await {
        Ok(()) => {}
        // Spent by a concurrent acceptance, or the records moved: the token no longer works.
        Err(StoreError::ConditionFailed { index: Some(0) }) => return Err(gone()),
        Err(StoreError::ConditionFailed { .. }) => return Err(ApiError::concurrent_change()),
        Err(e) => return Err(e.into()),
    }
    Ok(Json(AcceptedOut::for_owner(updated.email)))
}

impl AcceptedOut {
    pub(crate) fn for_owner(email: Email) -> Self {
        Self {
            message: "Your password is set; log in with your e-mail address.".into(),
            email,
        }
    }
}

/// The owner's new password and its activity entry, for the transaction that spends the token.
pub(crate) fn owner_password_writes(
    index: &InvitationIndex,
    user: &User,
    updated: &User,
) -> Result<Vec<Write>, ApiError> {
    let mut writes = users::write_user(index.tenant, Some(user), updated)?;
    writes.extend(activity::entry(
        index.tenant,
        user.id,
        Action::PasswordReset,
        "invitation",
        json!({"user_id": user.id, "via": "white-label invitation"}),
    )?);
    Ok(writes)
}
