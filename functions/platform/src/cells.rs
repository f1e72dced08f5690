//! A platform's sub-tenants in other regions ([`shared::cell`]): the calls the platform's region
//! makes to a sub-tenant's home, and the home's side of them (`POST /internal/cells/{op}`).
//!
//! The home keeps what it needs to answer for the sub-tenant ([`HomeLink`], in the sub-tenant's
//! own partition): which platform, in which region, provisioned it, its pending invitation and
//! when its owner joined. It acts only for that platform: any other caller's ids are 404.
//!
//! Every operation is safe to repeat. Provisioning is keyed by the platform and the owner's
//! address: asked again for an address it already opened an account for, the home changes
//! nothing and names the platform's record that account was opened for. When the platform has no
//! such record (the first answer was lost before it was stored), it asks once more, replacing
//! that record, and gets the same account with a new invitation instead of a second account. So a
//! platform has one account per owner address in each other region (its own records decide that:
//! the address's logins in other workspaces do not). The other operations set states.

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use shared::auth::{password, Module};
use shared::cell;
use shared::domain::Email;
use shared::http::ApiError;
use shared::http::Json;
use shared::resource::{ops, Cx};
use shared::store::{Condition, GlobalIndex, Item, Key, Partition, StoreError, StoreExt, TenantId, Write};
use shared::time::{now_rfc3339, now_unix};
use shared::AppState;

use identity::users::User;
use identity::workspace::{CreateWorkspaceError, OwnerIn, Workspace};

use crate::accounts::open_account;
use crate::tenants::{
    self, invitation_key, issue_invitation, load_workspace, owner_password_writes, workspace_write, AcceptedOut,
    InvitationIndex, InvitationOut, Invitee, Issued, SubTenant, Usage, WorkspaceChange,
};

/// The home's record of a sub-tenant provisioned from another region.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct HomeLink {
    platform_region: String,
    platform_tenant: TenantId,
    /// The platform's record of it (the id the latest invitation names).
    sub_tenant: u64,
    invitation_hash: Option<String>,
    owner_joined_at: Option<String>,
    version: u64,
}

fn link_key(tenant: TenantId) -> Key {
    Key::new(Partition::tenant(tenant, "wl_home"), "platform")
}

/// Which account a platform's provisioning for an owner address opened here.
fn opened_key(platform_region: &str, platform: TenantId, email: &Email) -> Key {
    Key::global(
        GlobalIndex::Platform,
        &format!(
            "wl-home#{platform_region}#{platform}#{}",
            shared::domain::unique_form(email.as_str())
        ),
    )
}

/// 422 `owner_email`: the platform opened an account for this owner address at that home already.
fn provisioned_there() -> ApiError {
    ApiError::invalid(
        "owner_email",
        "This platform already provisioned an account for this address in that region.",
    )
}

#[derive(Serialize, Deserialize)]
struct Opened {
    tenant: TenantId,
}

// ---------------------------------------------------------------------------------------------
// The calls

#[derive(Serialize, Deserialize)]
struct ProvisionCall {
    platform_tenant: TenantId,
    sub_tenant: u64,
    name: String,
    base_plan: String,
    gates: (Vec<Module>, Option<u32>),
    owner_name: String,
    owner_email: Email,
    /// The platform's record of an account opened earlier for this address, which the platform
    /// does not have (its answer was lost): this call takes that account over.
    replaces: Option<u64>,
}

#[derive(Serialize, Deserialize)]
struct ProvisionAnswer {
    tenant_id: TenantId,
    sandbox_tenant_id: TenantId,
    /// The platform's record the account was opened for: another than the caller's when the
    /// address already had an account of this platform here.
    first_sub_tenant: u64,
    /// The owner's invitation; `None` when the account was opened for another record and the
    /// call did not replace it (nothing changed).
    issued: Option<Issued>,
}

#[derive(Serialize, Deserialize)]
struct TenantCall {
    platform_tenant: TenantId,
    tenant: TenantId,
}

#[derive(Serialize, Deserialize)]
struct ChangeCall {
    platform_tenant: TenantId,
    tenant: TenantId,
    change: WorkspaceChange,
}

#[derive(Serialize, Deserialize)]
struct InvitationCall {
    platform_tenant: TenantId,
    tenant: TenantId,
    sub_tenant: u64,
}

#[derive(Serialize, Deserialize)]
struct UsageAnswer {
    usage: Usage,
    owner_joined_at: Option<String>,
}

#[derive(Serialize, Deserialize)]
struct JoinedCall {
    platform_tenant: TenantId,
    sub_tenant: u64,
    joined_at: String,
}

#[derive(Serialize, Deserialize)]
struct Done {}

/// Opens `record`'s account in region `home` and stores the record here, pointing at it.
pub async fn provision(
    cx: Cx<'_>,
    home: &str,
    mut record: SubTenant,
    gates: (Vec<Module>, Option<u32>),
) -> Result<(SubTenant, InvitationOut), ApiError> {
    let call = ProvisionCall {
        platform_tenant: cx.tenant(),
        sub_tenant: record.meta.id,
        name: record.name.clone(),
        base_plan: record.base_plan.clone(),
        gates,
        owner_name: record.owner_name.clone(),
        owner_email: record.owner_email.clone(),
        replaces: None,
    };
    let mut answer: ProvisionAnswer = cell::call(cx.services, home, "provision", &call).await?;
    if answer.issued.is_none() {
        // The home opened an account for this address before: the platform has this customer
        // already, or an earlier provisioning's answer was lost before its record was stored.
        if ops::find::<SubTenant>(cx, answer.first_sub_tenant).await?.is_some() {
            return Err(provisioned_there());
        }
        let retry = ProvisionCall {
            replaces: Some(answer.first_sub_tenant),
            ..call
        };
        answer = cell::call(cx.services, home, "provision", &retry).await?;
    }
    // Still none: another request took the account over at the same moment.
    let issued = answer.issued.ok_or_else(ApiError::concurrent_change)?;
    record.tenant_id = answer.tenant_id;
    record.sandbox_tenant_id = answer.sandbox_tenant_id;
    record.invitation_hash = Some(issued.hash);
    record.invitation_expires_at = Some(issued.expires_at);
    let record = ops::insert_built(cx, record, Vec::new()).await?;
    Ok((record, issued.invitation))
}

/// Makes `change` to sub-tenant `tenant`'s workspace at its home.
pub async fn change_workspace(
    cx: Cx<'_>,
    home: &str,
    tenant: TenantId,
    change: WorkspaceChange,
) -> Result<(), ApiError> {
    let call = ChangeCall {
        platform_tenant: cx.tenant(),
        tenant,
        change,
    };
    let Done {} = cell::call(cx.services, home, "workspace", &call).await?;
    Ok(())
}

/// The sub-tenant's usage, and when its owner joined, from its home.
pub async fn usage(cx: Cx<'_>, home: &str, tenant: TenantId) -> Result<(Usage, Option<String>), ApiError> {
    let call = TenantCall {
        platform_tenant: cx.tenant(),
        tenant,
    };
    let answer: UsageAnswer = cell::call(cx.services, home, "usage", &call).await?;
    Ok((answer.usage, answer.owner_joined_at))
}

/// A new owner invitation issued at the sub-tenant's home (the previous one stops working).
pub async fn reissue_invitation(cx: Cx<'_>, home: &str, record: &SubTenant) -> Result<Issued, ApiError> {
    let call = InvitationCall {
        platform_tenant: cx.tenant(),
        tenant: record.tenant_id,
        sub_tenant: record.meta.id,
    };
    cell::call(cx.services, home, "invitation", &call).await
}

/// `record` with its owner joined at `joined_at` when the home says so and the record does not
/// yet (the home tells the platform when the owner accepts; this mends a notice that was lost).
pub async fn note_joined(cx: Cx<'_>, record: SubTenant, joined_at: Option<String>) -> Result<SubTenant, ApiError> {
    let (Some(joined_at), None) = (joined_at, &record.owner_joined_at) else {
        return Ok(record);
    };
    let mut after = record.clone();
    after.owner_joined_at = Some(joined_at);
    after.invitation_hash = None;
    after.invitation_expires_at = None;
    match ops::save(cx, &record, after, Vec::new()).await {
        Ok(saved) => Ok(saved),
        // Changed at the same moment (by the notice itself, say): what is stored now.
        Err(ApiError::Conflict { .. }) => ops::load::<SubTenant>(cx, record.meta.id).await,
        Err(e) => Err(e),
    }
}

/// The owner of a sub-tenant provisioned from another region accepts here: the password, the
/// spent token and the home's record in one transaction, then a notice to the platform's region
/// (a lost notice is mended the next time the platform reads the sub-tenant).
pub(crate) async fn accept_here(
    state: &AppState,
    key: Key,
    index: InvitationIndex,
    user: User,
    updated: User,
) -> Result<AcceptedOut, ApiError> {
    let gone = || ApiError::not_found("Invitation");
    let platform_region = index.platform_region.clone().ok_or_else(gone)?;
    let link: HomeLink = state.store().get_as(&link_key(index.tenant)).await?.ok_or_else(gone)?;
    let joined_at = now_rfc3339();
    let mut spent = index.clone();
    spent.used_at = Some(joined_at.clone());
    spent.version += 1;
    let mut joined = link.clone();
    joined.owner_joined_at = Some(joined_at.clone());
    joined.invitation_hash = None;
    joined.version += 1;
    let mut writes = vec![
        Write::put(Item::from_value(key, &spent)?, Condition::Version(index.version)),
        Write::put(
            Item::from_value(link_key(index.tenant), &joined)?,
            Condition::Version(link.version),
        ),
    ];
    writes.extend(owner_password_writes(&index, &user, &updated)?);
    match state.store().transact(writes).await {
        Ok(()) => {}
        Err(StoreError::ConditionFailed { index: Some(0) }) => return Err(gone()),
        Err(StoreError::ConditionFailed { .. }) => return Err(ApiError::concurrent_change()),
        Err(e) => return Err(e.into()),
    }
    let notice = JoinedCall {
        platform_tenant: link.platform_tenant,
        sub_tenant: link.sub_tenant,
        joined_at,
    };
    if let Err(error) = cell::call::<Done>(state, &platform_region, "joined", &notice).await {
        tracing::warn!(error = %error, region = %platform_region, "the platform was not told its sub-tenant's owner joined");
    }
    Ok(AcceptedOut::for_owner(updated.email))
}

// ---------------------------------------------------------------------------------------------
// The home's side

/// `POST /internal/cells/{op}`: a call from another of the platform's regions, signed with
/// `CELL_SECRET`. Without it this cell has no such route.
pub async fn serve(
    State(state): State<AppState>,
    Path(op): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Json<serde_json::Value>, ApiError> {
    let no_route = || ApiError::RouteNotFound("No route serves this path.".into());
    let (Some(secret), Some(regions)) = (&state.config().cell_secret, &state.config().regions) else {
        return Err(no_route());
    };
    let signature = headers.get(cell::HEADER).and_then(|v| v.to_str().ok());
    let from = cell::verify(secret.expose(), signature, &op, &body, now_unix())?;
    if regions.base_url(&from).is_none() || from == regions.here() {
        return Err(ApiError::Forbidden(format!(
            "{from} is not another of this platform's regions."
        )));
    }
    fn read<T: DeserializeOwned>(body: &[u8]) -> Result<T, ApiError> {
        serde_json::from_slice(body).map_err(|e| ApiError::MalformedJson(format!("Unreadable cell call: {e}")))
    }
    fn answer(value: impl Serialize) -> Result<Json<serde_json::Value>, ApiError> {
        Ok(Json(serde_json::to_value(value).map_err(ApiError::internal)?))
    }
    match op.as_str() {
        "provision" => answer(provision_here(&state, &from, read(&body)?).await?),
        "workspace" => {
            let call: ChangeCall = read(&body)?;
            let _ = linked(&state, &from, call.platform_tenant, call.tenant).await?;
            change_here(&state, call.tenant, call.change).await?;
            answer(Done {})
        }
        "usage" => {
            let call: TenantCall = read(&body)?;
            let link = linked(&state, &from, call.platform_tenant, call.tenant).await?;
            answer(UsageAnswer {
                usage: tenants::usage(&state, call.tenant).await?,
                owner_joined_at: link.owner_joined_at,
            })
        }
        "invitation" => {
            let call: InvitationCall = read(&body)?;
            let link = linked(&state, &from, call.platform_tenant, call.tenant).await?;
            answer(reissue_here(&state, call.tenant, link, call.sub_tenant).await?)
        }
        "joined" => {
            let call: JoinedCall = read(&body)?;
            let cx = Cx::system(&state, call.platform_tenant, 0);
            let record = ops::load::<SubTenant>(cx, call.sub_tenant).await?;
            if record.region.as_deref() != Some(from.as_str()) {
                return Err(ApiError::not_found("Tenant"));
            }
            note_joined(cx, record, Some(call.joined_at)).await?;
            answer(Done {})
        }
        _ => Err(no_route()),
    }
}

/// The home's link of `tenant` when platform `platform_tenant` of `from` provisioned it; 404
/// otherwise, as for any tenant the caller does not have.
async fn linked(
    state: &AppState,
    from: &str,
    platform_tenant: TenantId,
    tenant: TenantId,
) -> Result<HomeLink, ApiError> {
    let link: Option<HomeLink> = state.store().get_as(&link_key(tenant)).await?;
    link.filter(|l| l.platform_region == from && l.platform_tenant == platform_tenant)
        .ok_or_else(|| ApiError::not_found("Tenant"))
}

async fn change_here(state: &AppState, tenant: TenantId, change: WorkspaceChange) -> Result<(), ApiError> {
    let workspace = load_workspace(state, tenant).await?;
    let mut changed = workspace.clone();
    change.apply_to(&mut changed);
    match state.store().write(workspace_write(&workspace, changed)?).await {
        Ok(()) => Ok(()),
        Err(StoreError::ConditionFailed { .. }) => Err(ApiError::concurrent_change()),
        Err(e) => Err(e.into()),
    }
}

/// A new invitation for `tenant`'s owner, for the platform's record `sub_tenant`; 409 once the
/// owner has joined.
async fn reissue_here(state: &AppState, tenant: TenantId, link: HomeLink, sub_tenant: u64) -> Result<Issued, ApiError> {
    if link.owner_joined_at.is_some() {
        return Err(ApiError::invalid_transition(
            "The owner has already accepted; they reset their password by logging in.",
        ));
    }
    // The owner and the workspace's name, for the mail, in one batch read.
    let found = state
        .store()
        .get_many(&[
            shared::auth::records::user_key(tenant, 1),
            shared::auth::records::workspace_key(tenant),
        ])
        .await?;
    let (Some(Some(owner)), Some(Some(workspace))) = (found.first(), found.get(1)) else {
        return Err(ApiError::internal(anyhow::anyhow!(
            "sub-tenant {tenant} has no owner or workspace"
        )));
    };
    let owner: User = owner.parse()?;
    let workspace: Workspace = workspace.parse()?;
    let invitee = Invitee {
        name: &owner.name,
        email: owner.email.as_str(),
        workspace: &workspace.name,
    };
    let (issued, invitation_writes) = issue_invitation(
        state,
        link.platform_tenant,
        Some(link.platform_region.clone()),
        sub_tenant,
        tenant,
        &invitee,
    )?;
    let mut next = link.clone();
    next.sub_tenant = sub_tenant;
    next.invitation_hash = Some(issued.hash.clone());
    next.version += 1;
    let mut writes = vec![Write::put(
        Item::from_value(link_key(tenant), &next)?,
        Condition::Version(link.version),
    )];
    writes.extend(invitation_writes);
    if let Some(old) = &link.invitation_hash {
        writes.push(Write::delete(invitation_key(old), Condition::Always));
    }
    match state.store().transact(writes).await {
        Ok(()) => Ok(issued),
        Err(StoreError::ConditionFailed { .. }) => Err(ApiError::concurrent_change()),
        Err(e) => Err(e.into()),
    }
}

/// Opens the account a platform of region `from` provisions here. Asked again for the same owner
/// address, it changes nothing and names the record the account was opened for, unless the call
/// replaces that record: then the account is the caller's, with a new invitation.
async fn provision_here(state: &AppState, from: &str, call: ProvisionCall) -> Result<ProvisionAnswer, ApiError> {
    let opened_key = opened_key(from, call.platform_tenant, &call.owner_email);
    if let Some(opened) = state.store().get_as::<Opened>(&opened_key).await? {
        let link = linked(state, from, call.platform_tenant, opened.tenant).await?;
        if link.owner_joined_at.is_some() {
            return Err(provisioned_there());
        }
        let workspace = load_workspace(state, opened.tenant).await?;
        let first_sub_tenant = link.sub_tenant;
        let issued = if first_sub_tenant == call.sub_tenant || call.replaces == Some(first_sub_tenant) {
            Some(reissue_here(state, opened.tenant, link, call.sub_tenant).await?)
        } else {
            None
        };
        return Ok(ProvisionAnswer {
            tenant_id: workspace.id,
            sandbox_tenant_id: workspace.sandbox_tenant.unwrap_or(workspace.id),
            first_sub_tenant,
            issued,
        });
    }
    let owner = OwnerIn {
        name: call.owner_name.clone(),
        email: call.owner_email.clone(),
        // Nobody knows it: the owner sets theirs through the invitation.
        password: password::generate() + &password::generate(),
        // The platform vouches for its customer's address.
        verified: true,
    };
    let mut answer = None;
    let setup = |workspace: &mut Workspace| {
        WorkspaceChange {
            gates: Some(call.gates.clone()),
            ..WorkspaceChange::default()
        }
        .apply_to(workspace);
        workspace.platform_tenant = Some(call.platform_tenant);
        workspace.platform_region = Some(from.to_owned());
        let other = |e: ApiError| CreateWorkspaceError::Other(e.into());
        let invitee = Invitee {
            name: &call.owner_name,
            email: call.owner_email.as_str(),
            workspace: &call.name,
        };
        let (issued, invitation_writes) = issue_invitation(
            state,
            call.platform_tenant,
            Some(from.to_owned()),
            call.sub_tenant,
            workspace.id,
            &invitee,
        )
        .map_err(other)?;
        let link = HomeLink {
            platform_region: from.to_owned(),
            platform_tenant: call.platform_tenant,
            sub_tenant: call.sub_tenant,
            invitation_hash: Some(issued.hash.clone()),
            owner_joined_at: None,
            version: 1,
        };
        let mut writes = invitation_writes;
        writes.extend([
            Write::put(
                Item::from_value(link_key(workspace.id), &link).map_err(|e| other(e.into()))?,
                Condition::NotExists,
            ),
            Write::put(
                Item::from_value(opened_key.clone(), &Opened { tenant: workspace.id }).map_err(|e| other(e.into()))?,
                Condition::NotExists,
            ),
        ]);
        answer = Some(ProvisionAnswer {
            tenant_id: workspace.id,
            sandbox_tenant_id: workspace.sandbox_tenant.unwrap_or(workspace.id),
            first_sub_tenant: call.sub_tenant,
            issued: Some(issued),
        });
        Ok(writes)
    };
    match open_account(state, &call.name, &call.base_plan, owner, setup).await {
        Ok(_) => {}
        Err(CreateWorkspaceError::Store(e)) => return Err(e.into()),
        Err(CreateWorkspaceError::Other(e)) => return Err(ApiError::Internal(e)),
    }
    answer.ok_or_else(|| ApiError::internal(anyhow::anyhow!("the account was opened without its link")))
}
