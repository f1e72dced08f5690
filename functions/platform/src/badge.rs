//! The partner badge: `GET /api/badge/{token}` (public) draws "Powered by <brand>" as SVG for the
//! workspace whose badge token it is, in its brand colour. The brand is the workspace's
//! white-label branding (a sub-tenant's, as its platform set it), else the workspace's name.
//! A workspace has at most one token: `POST /api/wl/badge` makes one (replacing the previous,
//! which stops working), `DELETE /api/wl/badge` revokes it. The token is meant to be embedded in
//! public pages, so it is stored as it is and shown again by `GET /api/wl/badge`.

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use shared::auth::records::workspace_key;
use shared::handlers::Caller;
use shared::http::Json;
use shared::http::{etag_of, revalidated, ApiError, ValidPath};
use shared::store::{Condition, GlobalIndex, Item, Key, Partition, StoreError, StoreExt, TenantId, Write};
use shared::time::now_rfc3339;
use shared::AppState;

use shared::white_label::load_settings;

/// A workspace's badge token (one record in its tenant).
#[derive(Clone, Debug, Serialize, Deserialize)]
struct BadgeRecord {
    token: String,
    created_at: String,
    version: u64,
}

/// The global entry a badge token points to.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct BadgeIndex {
    tenant: TenantId,
}

fn record_key(tenant: TenantId) -> Key {
    Key::new(Partition::tenant(tenant, "wl_badge"), "badge")
}

fn index_key(token: &str) -> Key {
    Key::global(GlobalIndex::Platform, &format!("badge#{token}"))
}

/// A workspace's badge.
#[derive(Debug, Serialize, JsonSchema)]
pub struct BadgeOut {
    /// Public: it goes in the badge's URL.
    pub token: String,
    /// The SVG's address, to embed as `<img src>`.
    pub url: String,
    pub created_at: String,
}

impl From<BadgeRecord> for BadgeOut {
    fn from(record: BadgeRecord) -> Self {
        Self {
            url: format!("/api/badge/{}", record.token),
            token: record.token,
            created_at: record.created_at,
        }
    }
}

/// `GET /api/wl/badge`: the workspace's badge token; 404 while it has none.
pub async fn show_badge(caller: Caller) -> Result<Json<BadgeOut>, ApiError> {
    let record: BadgeRecord = caller
        .state
        .store()
        .get_as(&record_key(caller.principal.tenant))
        .await?
        .ok_or_else(|| ApiError::not_found("Badge"))?;
    Ok(Json(record.into()))
}

/// `POST /api/wl/badge`: a new badge token; the previous one stops working in the same write.
pub async fn create_badge(caller: Caller) -> Result<(StatusCode, Json<BadgeOut>), ApiError> {
    let tenant = caller.principal.tenant;
    let store = caller.state.store();
    let current: Option<BadgeRecord> = store.get_as(&record_key(tenant)).await?;
    let token = format!(
        "{}{}",
        caller.state.credential_prefix("bdg_"),
        shared::auth::api_key::generate("").secret
    );
    let record = BadgeRecord {
        token: token.clone(),
        created_at: now_rfc3339(),
        version: current.as_ref().map_or(1, |c| c.version + 1),
    };
    let mut writes = vec![
        Write::put(
            Item::from_value(record_key(tenant), &record)?,
            current
                .as_ref()
                .map_or(Condition::NotExists, |c| Condition::Version(c.version)),
        ),
        Write::put(
            Item::from_value(index_key(&token), &BadgeIndex { tenant })?,
            Condition::NotExists,
        ),
    ];
    if let Some(old) = &current {
        writes.push(Write::delete(index_key(&old.token), Condition::Always));
    }
    store.transact(writes).await.map_err(|e| match e {
        StoreError::ConditionFailed { .. } => ApiError::version_conflict(),
        other => other.into(),
    })?;
    Ok((StatusCode::CREATED, Json(record.into())))
}

/// What revoking answers.
#[derive(Debug, Serialize, JsonSchema)]
pub struct BadgeRevoked {
    pub message: String,
}

/// `DELETE /api/wl/badge`: the badge stops rendering at once (404).
pub async fn revoke_badge(caller: Caller) -> Result<Json<BadgeRevoked>, ApiError> {
    let tenant = caller.principal.tenant;
    let store = caller.state.store();
    let current: BadgeRecord = store
        .get_as(&record_key(tenant))
        .await?
        .ok_or_else(|| ApiError::not_found("Badge"))?;
    store
        .transact(vec![
            Write::delete(record_key(tenant), Condition::Version(current.version)),
            Write::delete(index_key(&current.token), Condition::Always),
        ])
        .await
        .map_err(|e| match e {
            StoreError::ConditionFailed { .. } => ApiError::version_conflict(),
            other => other.into(),
        })?;
    Ok(Json(BadgeRevoked {
        message: "Badge revoked.".into(),
    }))
}

/// Text safe inside SVG/XML character data and attribute values.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

const DEFAULT_COLOR: &str = "#1F6FEB";

/// The badge's SVG for `brand` on `color` (a checked `#RRGGBB`).
fn svg(brand: &str, color: &str) -> String {
    let brand: String = brand.chars().take(60).collect();
    let label = format!("Powered by {brand}");
    // About 7 px per character at 11 px Verdana-like fonts, plus padding.
    let width = 20 + 7 * label.chars().count();
    let text = escape(&label);
    format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="20" role="img" aria-label="{text}"><title>{text}</title><rect width="{width}" height="20" rx="3" fill="{color}"/><text x="10" y="14" fill="#FFFFFF" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11">{text}</text></svg>"##
    )
}

/// `GET /api/badge/{token}` (public): the SVG, cached for five minutes and revalidated by its
/// `ETag` (304 on a matching `If-None-Match`). An unknown or revoked token is 404.
pub async fn render_badge(
    State(state): State<AppState>,
    ValidPath(token): ValidPath<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let gone = || ApiError::not_found("Badge");
    if token.len() > 100 {
        return Err(gone());
    }
    state.admit_region(&token)?;
    let index: BadgeIndex = state.store().get_as(&index_key(&token)).await?.ok_or_else(gone)?;
    let (brand, color) = brand_of(&state, index.tenant).await?;
    let body = svg(&brand, &color);
    Ok(revalidated(
        &headers,
        &etag_of(body.as_bytes()),
        "public, max-age=300",
        "image/svg+xml",
        body,
    ))
}

/// The workspace's brand name and colour.
async fn brand_of(state: &AppState, tenant: TenantId) -> Result<(String, String), ApiError> {
    #[derive(Deserialize)]
    struct Named {
        name: String,
    }
    let settings = load_settings(state, tenant).await?;
    let brand = match settings.branding.brand_name {
        Some(name) => name,
        None => state
            .store()
            .get_as::<Named>(&workspace_key(tenant))
            .await?
            .map(|w| w.name)
            .ok_or_else(|| ApiError::not_found("Badge"))?,
    };
    let color = settings
        .branding
        .primary_color
        .map_or_else(|| DEFAULT_COLOR.to_owned(), |c| c.as_str().to_owned());
    Ok((brand, color))
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_brand_is_escaped() {
        let svg = super::svg("<script>&\"'", "#112233");
        assert!(svg.contains("Powered by &lt;script&gt;&amp;&quot;&apos;"));
        assert!(!svg.contains("<script>"));
    }
}
