//! The id lists leads and deals carry (users, clients, sources, products, labels): checked on
//! every write, and added to or removed from by the `*-user`, `*-source`, `assign-products`,
//! `add-label` and `deal-client` routes, the same code for leads and deals.

use schemars::JsonSchema;
use serde::Deserialize;
use shared::auth::records::{self, user_key, UserAuthView};
use shared::handlers::Caller;
use shared::http::Json;
use shared::http::{ApiError, ValidJson, ValidPath};
use shared::resource::{ops, Cx, Id};
use shared::store::StoreExt;

use inventory::products::Product;

use crate::labels::{Label, Source};
use crate::pipelines::{Pipeline, Staged};

/// Most ids one list may hold.
pub const MAX_LINKS: usize = 100;

/// Which list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Link {
    Users,
    Clients,
    Sources,
    Products,
    Labels,
}

impl Link {
    pub fn field(self) -> &'static str {
        match self {
            Self::Users => "users",
            Self::Clients => "clients",
            Self::Sources => "sources",
            Self::Products => "products",
            Self::Labels => "labels",
        }
    }
}

/// A record carrying link lists (a lead or a deal); its labels belong to its pipeline.
pub trait Linked: Staged {
    fn links(&self, link: Link) -> &[u64];
    fn links_mut(&mut self, link: Link) -> &mut Vec<u64>;
}

/// Checks every id of `ids` names a record `link` may hold, and drops repeats.
pub async fn check_links(
    cx: Cx<'_>,
    link: Link,
    ids: Vec<u64>,
    pipeline_id: Id<Pipeline>,
) -> Result<Vec<u64>, ApiError> {
    let field = link.field();
    match link {
        Link::Users => return records::check_users(cx.store(), cx.tenant(), field, ids, false, MAX_LINKS).await,
        Link::Clients => return records::check_users(cx.store(), cx.tenant(), field, ids, true, MAX_LINKS).await,
        _ => {}
    }
    let unique = shared::http::validate::distinct_ids(field, ids, MAX_LINKS)?;
    let missing: Vec<u64> = match link {
        Link::Users | Link::Clients => Vec::new(),
        Link::Sources => {
            let found = ops::load_many::<Source>(cx, &unique).await?;
            unique
                .iter()
                .filter(|id| !found.iter().any(|s| s.meta.id == **id))
                .copied()
                .collect()
        }
        Link::Labels => {
            let found = ops::load_many::<Label>(cx, &unique).await?;
            unique
                .iter()
                .filter(|id| {
                    !found
                        .iter()
                        .any(|l| l.meta.id == **id && l.pipeline_id == pipeline_id.get())
                })
                .copied()
                .collect()
        }
        Link::Products => {
            let found = ops::load_many::<Product>(cx, &unique).await?;
            unique
                .iter()
                .filter(|id| !found.iter().any(|p| p.meta.id == **id))
                .copied()
                .collect()
        }
    };
    if !missing.is_empty() {
        let what = match link {
            Link::Users | Link::Clients | Link::Sources => "sources",
            Link::Labels => "labels of this record's pipeline",
            Link::Products => "products",
        };
        let list: Vec<String> = missing.iter().map(u64::to_string).collect();
        return Err(ApiError::invalid(
            field,
            format!("These ids are not {what}: {}.", list.join(", ")),
        ));
    }
    Ok(unique)
}

/// Sets each list a body sent (`Some`), checked against `record`'s pipeline.
pub async fn set_links<R: Linked>(
    cx: Cx<'_>,
    record: &mut R,
    lists: impl IntoIterator<Item = (Link, Option<Vec<u64>>)>,
) -> Result<(), ApiError> {
    let sent: Vec<(Link, Vec<u64>)> = lists.into_iter().filter_map(|(l, ids)| Some((l, ids?))).collect();
    for (link, ids) in sent {
        *record.links_mut(link) = check_links(cx, link, ids, record.pipeline_id()).await?;
    }
    Ok(())
}

/// An owner (`user_id`) must be a user of the workspace: read, unless it is the caller acting in
/// their own workspace (authentication read them).
pub async fn check_owner(cx: Cx<'_>, user_id: Option<u64>) -> Result<Option<u64>, ApiError> {
    let Some(id) = user_id else { return Ok(None) };
    if id == cx.user_id && cx.acting_member() {
        return Ok(Some(id));
    }
    let found: Option<UserAuthView> = cx.store().get_as(&user_key(cx.tenant(), id)).await?;
    match found {
        Some(_) => Ok(Some(id)),
        None => Err(ApiError::invalid(
            "user_id",
            format!("No user of this workspace has id {id}."),
        )),
    }
}

/// Picks the list a route works on.
pub trait LinkKind: Send + Sync + 'static {
    const LINK: Link;
}
pub struct Users;
impl LinkKind for Users {
    const LINK: Link = Link::Users;
}
pub struct Clients;
impl LinkKind for Clients {
    const LINK: Link = Link::Clients;
}
pub struct Sources;
impl LinkKind for Sources {
    const LINK: Link = Link::Sources;
}
pub struct Products;
impl LinkKind for Products {
    const LINK: Link = Link::Products;
}
pub struct Labels;
impl LinkKind for Labels {
    const LINK: Link = Link::Labels;
}

/// Body of the routes that add links (`assign-products`, `lead-source/store`, ...), as documented:
/// links whose `ids` must name at least one record.
// A [`LinkIn`] with at least one id.
#[derive(JsonSchema)]
pub struct LinkAddIn {
    #[schemars(length(min = 1), transform = shared::http::schema::ids_at_most::<MAX_LINKS>)]
    pub ids: Vec<u64>,
}

/// Body of the link routes: the ids, under `ids` or the list's own name.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(example = serde_json::json!({"ids": [2, 3]}))]
pub struct LinkIn {
    /// Also accepted as `users`/`user_ids`, `clients`/`client_ids`, `sources`/`source_ids`,
    /// `products`/`product_ids` or `labels`/`label_ids`.
    #[serde(
        alias = "users",
        alias = "user_ids",
        alias = "clients",
        alias = "client_ids",
        alias = "sources",
        alias = "source_ids",
        alias = "products",
        alias = "product_ids",
        alias = "labels",
        alias = "label_ids"
    )]
    #[schemars(required, transform = shared::http::schema::ids_at_most::<MAX_LINKS>)]
    pub ids: Option<Vec<u64>>,
}

fn required_ids(body: LinkIn) -> Result<Vec<u64>, ApiError> {
    match body.ids {
        Some(ids) if !ids.is_empty() => Ok(ids),
        _ => Err(ApiError::invalid(
            "ids",
            "Send the ids to add as a non-empty array `ids`.",
        )),
    }
}

async fn change_links<R: Linked>(
    cx: Cx<'_>,
    id: u64,
    link: Link,
    change: impl FnOnce(&[u64]) -> Result<Vec<u64>, ApiError>,
) -> Result<R, ApiError> {
    let current = ops::load::<R>(cx, id).await?;
    let wanted = change(current.links(link))?;
    let checked = check_links(cx, link, wanted, current.pipeline_id()).await?;
    let mut next = current.clone();
    *next.links_mut(link) = checked;
    ops::save(cx, &current, next, Vec::new()).await
}

/// Adds ids to a list (ids already there stay once).
pub async fn add<R: Linked, L: LinkKind>(
    caller: Caller,
    ValidPath(id): ValidPath<u64>,
    ValidJson(body): ValidJson<LinkIn>,
) -> Result<Json<R::Out>, ApiError> {
    let ids = required_ids(body)?;
    let record = change_links::<R>(caller.cx(), id, L::LINK, |current| {
        Ok(current.iter().chain(ids.iter()).copied().collect())
    })
    .await?;
    Ok(Json(record.into()))
}

/// Replaces a list (`add-label` sets the record's labels, as the original product does).
pub async fn replace<R: Linked, L: LinkKind>(
    caller: Caller,
    ValidPath(id): ValidPath<u64>,
    ValidJson(body): ValidJson<LinkIn>,
) -> Result<Json<R::Out>, ApiError> {
    let ids = body
        .ids
        .ok_or_else(|| ApiError::invalid("ids", "Send the full list as an array `ids` (empty to clear)."))?;
    let record = change_links::<R>(caller.cx(), id, L::LINK, |_| Ok(ids)).await?;
    Ok(Json(record.into()))
}

/// Removes one id from a list: 404 when the record does not hold it.
pub async fn remove<R: Linked, L: LinkKind>(
    caller: Caller,
    ValidPath((id, linked)): ValidPath<(u64, u64)>,
) -> Result<Json<R::Out>, ApiError> {
    let record = change_links::<R>(caller.cx(), id, L::LINK, |current| {
        if !current.contains(&linked) {
            return Err(ApiError::NotFound(format!(
                "The {} does not hold {} {linked}.",
                R::NAME.to_lowercase(),
                L::LINK.field().trim_end_matches('s')
            )));
        }
        Ok(current.iter().copied().filter(|i| *i != linked).collect())
    })
    .await?;
    Ok(Json(record.into()))
}
