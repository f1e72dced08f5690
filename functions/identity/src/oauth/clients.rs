//! OAuth clients (`/api/oauth/clients`): registered by a workspace administrator (`users.write`),
//! used by that workspace's users only. A confidential client's secret is in the creation answer
//! only; the store keeps its SHA-256.

use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use serde_json::json;
use shared::auth::oauth::{self, EntryKind};
use shared::auth::{records::Mode, Principal};
use shared::domain::{Choice, Text};
use shared::handlers::Caller;
use shared::http::Json;
use shared::http::{ApiError, ClientIp, FieldErrors, ListResponse, Listing, ValidJson, ValidPath};
use shared::resource::index::{self, Indexed, Lists, Times};
use shared::resource::{Cx, Deleted, NoFilters};
use shared::store::{Condition, Item, StoreExt, Write};
use shared::time::now_rfc3339;
use shared::AppState;

use super::{ClientIndex, ClientType, CLIENT};
use crate::activity::{self, Action};

/// The tenant record of a client. Never changed after registration (delete and register again).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct OAuthClientRecord {
    pub id: u64,
    pub client_id: String,
    pub name: String,
    pub client_type: ClientType,
    pub redirect_uris: Vec<String>,
    pub scopes: Vec<String>,
    pub user_id: u64,
    pub created_at: String,
    pub version: u64,
    /// A client that registered itself (RFC 7591), recorded here when a user of the workspace
    /// first consented to it (`user_id`): deleting the record ends the workspace's tokens, not
    /// the registration, which other workspaces may use.
    #[serde(default)]
    pub registered_itself: bool,
}

impl Indexed for OAuthClientRecord {
    const KIND: &'static str = CLIENT;
    const LISTS: &'static Lists<Self> = &Lists::BY_ID;
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

/// A client as the API shows it: never its secret.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct OAuthClientOut {
    pub id: u64,
    /// The public client identifier (`wtc_...`) the OAuth flows name.
    pub client_id: String,
    pub name: String,
    #[serde(rename = "type")]
    pub client_type: ClientType,
    /// Where the consent may send the user back; matched exactly.
    pub redirect_uris: Vec<String>,
    /// The scopes the client may ask for.
    pub scopes: Vec<String>,
    /// Who registered it; client credentials tokens act as this user.
    pub created_by: u64,
    pub created_at: String,
    /// The client registered itself (dynamic registration, RFC 7591) and a user of this
    /// workspace consented to it (`created_by`); an administrator did not register it.
    pub registered_itself: bool,
}

impl From<&OAuthClientRecord> for OAuthClientOut {
    fn from(r: &OAuthClientRecord) -> Self {
        Self {
            id: r.id,
            client_id: r.client_id.clone(),
            name: r.name.clone(),
            client_type: r.client_type,
            redirect_uris: r.redirect_uris.clone(),
            scopes: r.scopes.iter().filter_map(|s| oauth::canonical_scope(s)).collect(),
            created_by: r.user_id,
            created_at: r.created_at.clone(),
            registered_itself: r.registered_itself,
        }
    }
}

/// The registration answer: the client and, for a confidential one, its secret, shown this once.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct OAuthClientCreatedOut {
    #[serde(flatten)]
    pub client: OAuthClientOut,
    /// `wtcs_...`: shown only here; `null` for a public client.
    pub client_secret: Option<String>,
}

/// Documents `scopes` items as the scope names, the old spelling (`crm:read`) included.
fn scope_names(schema: &mut schemars::Schema) {
    if let Some(items) = schema.get_mut("items").and_then(|i| i.as_object_mut()) {
        items.insert("enum".into(), json!(oauth::accepted_scopes()));
    }
    schema.insert("minItems".into(), json!(1));
}

/// Documents `redirect_uris`: 1 to 10 absolute URLs.
pub(crate) fn redirect_uri_list(schema: &mut schemars::Schema) {
    if let Some(items) = schema.get_mut("items").and_then(|i| i.as_object_mut()) {
        items.insert("format".into(), json!("uri"));
        items.insert("maxLength".into(), json!(MAX_URI_LEN));
        items.insert(
            "pattern".into(),
            json!(r"^(https://[^/?#@*\s]+|http://(localhost|127\.0\.0\.1|\[::1\])(:[0-9]{1,5})?)([/?][^#\s]*)?$"),
        );
    }
    schema.insert("minItems".into(), json!(1));
    schema.insert("maxItems".into(), json!(MAX_REDIRECT_URIS));
}

pub(crate) const MAX_URI_LEN: usize = 2000;
pub(crate) const MAX_REDIRECT_URIS: usize = 10;

/// Body of `POST /api/oauth/clients`.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct OAuthClientIn {
    #[schemars(required)]
    pub name: Option<Text<100>>,
    /// Absolute `https` URLs with a host (no userinfo, no `*`), or `http` on `localhost` /
    /// `127.0.0.1` / `[::1]` for development; no fragment. The consent's `redirect_uri` must equal one of them exactly.
    #[schemars(required, transform = redirect_uri_list)]
    pub redirect_uris: Option<Vec<String>>,
    /// `confidential` (default: a server that keeps a secret) or `public` (a browser or mobile
    /// app: no secret, PKCE only, no client credentials).
    #[serde(rename = "type")]
    #[schemars(transform = shared::http::schema::one_of_or_null::<ClientType>)]
    pub client_type: Option<String>,
    /// The scopes (`crm.read`, `sales.write`, ...: the permission names) the client may ask for;
    /// the old spelling `crm:read` is read as `crm.read`.
    #[schemars(required, transform = scope_names)]
    pub scopes: Option<Vec<String>>,
}

/// Whether `raw` may be a redirect URI: https, or http on a loopback host; absolute, with a host
/// written after `//`, no userinfo, no `*` in the host, no fragment.
pub(crate) fn redirect_uri_problem(raw: &str) -> Option<String> {
    // A URI (RFC 3986), not an IRI: ASCII, with anything else percent-encoded.
    let uri_chars = raw
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b"-._~:/?#[]@!$&'()*+,;=%".contains(&b));
    let Some(url) = url::Url::parse(raw).ok().filter(|_| uri_chars) else {
        return Some(format!("`{raw}` is not an absolute URL."));
    };
    // The authority as written: the URL parser mends `https:///cb` and `https:cb` into host `cb`.
    let authority = raw
        .get(url.scheme().len()..)
        .and_then(|rest| rest.strip_prefix("://"))
        .and_then(|rest| rest.split(['/', '?', '#']).next())
        .unwrap_or_default();
    if authority.is_empty() {
        return Some(format!("`{raw}` names no host after `//`."));
    }
    if authority.contains('@') || !url.username().is_empty() || url.password().is_some() {
        return Some(format!("`{raw}` has userinfo (`user@`); redirect URIs may not."));
    }
    if authority.contains('*') {
        return Some(format!("`{raw}` has a wildcard host; name the host exactly."));
    }
    if url.fragment().is_some() {
        return Some(format!("`{raw}` has a fragment; redirect URIs may not."));
    }
    let loopback = matches!(url.host_str(), Some("localhost" | "127.0.0.1" | "[::1]"));
    match url.scheme() {
        "https" if url.host_str().is_some_and(|h| !h.is_empty()) => None,
        "http" if loopback => None,
        _ => Some(format!(
            "`{raw}` must use https (http only on localhost, 127.0.0.1 or [::1])."
        )),
    }
}

/// `POST /api/oauth/clients` → 201 with the client and, for a confidential one, its secret.
pub async fn create_oauth_client(
    Caller { state, principal }: Caller,
    ClientIp(ip): ClientIp,
    ValidJson(body): ValidJson<OAuthClientIn>,
) -> Result<(StatusCode, Json<OAuthClientCreatedOut>), ApiError> {
    if principal.is_oauth() {
        // An app must not mint credentials that outlive the user's consent.
        return Err(ApiError::Forbidden(
            "OAuth tokens cannot register OAuth clients; use a login session or an API key.".into(),
        ));
    }
    let mut errors = FieldErrors::default();
    let name = errors.required_text("name", body.name);
    let redirect_uris = errors
        .required("redirect_uris", body.redirect_uris)
        .filter(|uris| {
            // Counted as sent: repeats are dropped below, but the limit is on the list.
            let fits = uris.len() <= MAX_REDIRECT_URIS;
            if !fits {
                errors.add(
                    "redirect_uris",
                    format!("Name at most {MAX_REDIRECT_URIS} redirect URIs."),
                );
            }
            fits
        })
        .and_then(|uris| errors.text_list_within("redirect_uris", Some(uris), MAX_REDIRECT_URIS, MAX_URI_LEN));
    if let Some(uris) = &redirect_uris {
        if uris.is_empty() {
            errors.add("redirect_uris", "Name at least one redirect URI.");
        }
        for problem in uris.iter().filter_map(|u| redirect_uri_problem(u)) {
            errors.add("redirect_uris", problem);
        }
    }
    let client_type = match errors.one_of("type", body.client_type, ClientType::VALUES).as_deref() {
        Some("public") => ClientType::Public,
        _ => ClientType::Confidential,
    };
    let scopes = errors.required("scopes", body.scopes).map(|names| {
        let mut scopes = Vec::new();
        for name in names {
            match oauth::canonical_scope(&name) {
                None => errors.add(
                    "scopes",
                    format!(
                        "`{name}` is not a scope; use one of: {}.",
                        oauth::all_scopes().join(", ")
                    ),
                ),
                Some(scope) if !scopes.contains(&scope) => scopes.push(scope),
                Some(_) => {}
            }
        }
        if scopes.is_empty() {
            errors.add("scopes", "Name at least one scope.");
        }
        scopes
    });
    let (name, redirect_uris, scopes) = errors.finish((name, redirect_uris, scopes))?;

    let tenant = principal.account_tenant;
    let id = state.store().next_id(tenant, CLIENT).await?;
    let client_id = oauth::generate(&state.credential_prefix(oauth::CLIENT_ID_PREFIX));
    let secret = (client_type == ClientType::Confidential).then(|| oauth::generate(oauth::CLIENT_SECRET_PREFIX));
    let record = OAuthClientRecord {
        id,
        client_id: client_id.clone(),
        name,
        client_type,
        redirect_uris,
        scopes,
        user_id: principal.user_id,
        created_at: now_rfc3339(),
        version: 1,
        registered_itself: false,
    };
    let entry = ClientIndex {
        kind: EntryKind::OauthClient,
        tenant,
        id,
        client_id: client_id.clone(),
        client_type,
        secret_hash: secret.as_deref().map(oauth::hash),
        redirect_uris: record.redirect_uris.clone(),
        scopes: record.scopes.clone(),
        user_id: principal.user_id,
        open: None,
    };
    let mut writes = vec![
        Write::put(
            Item::from_value(oauth::client_index_key(&client_id), &entry)?,
            Condition::NotExists,
        ),
        Write::put(
            Item::from_value(oauth::client_key(tenant, id), &record)?,
            Condition::NotExists,
        ),
    ];
    writes.extend(index::writes_in(tenant, None, Some(&record))?);
    writes.extend(activity::entry(
        tenant,
        principal.user_id,
        Action::OauthClientCreated,
        &ip,
        json!({"oauth_client_id": id, "name": record.name}),
    )?);
    state.store().transact(writes).await?;
    Ok((
        StatusCode::CREATED,
        Json(OAuthClientCreatedOut {
            client: OAuthClientOut::from(&record),
            client_secret: secret,
        }),
    ))
}

/// `GET /api/oauth/clients`: the workspace's clients, without secrets.
pub async fn list_oauth_clients(
    Caller { state, principal }: Caller,
    listing: Listing<NoFilters>,
) -> Result<Json<ListResponse<OAuthClientOut>>, ApiError> {
    let cx = Cx::system(&state, principal.account_tenant, principal.user_id);
    let page = index::list::<OAuthClientRecord, _>(cx, &listing, None)
        .await?
        .records()?;
    Ok(Json(ListResponse {
        data: page.data.iter().map(OAuthClientOut::from).collect(),
        meta: page.meta,
    }))
}

async fn load(state: &AppState, principal: &Principal, id: u64) -> Result<OAuthClientRecord, ApiError> {
    if principal.mode == Mode::Test {
        // Clients are live-account settings; the row is live-only, this is belt and braces.
        return Err(ApiError::not_found("OAuth client"));
    }
    state
        .store()
        .get_as::<OAuthClientRecord>(&oauth::client_key(principal.account_tenant, id))
        .await?
        .ok_or_else(|| ApiError::not_found("OAuth client"))
}

/// `GET /api/oauth/clients/{id}`.
pub async fn show_oauth_client(
    Caller { state, principal }: Caller,
    ValidPath(id): ValidPath<u64>,
) -> Result<Json<OAuthClientOut>, ApiError> {
    Ok(Json(OAuthClientOut::from(&load(&state, &principal, id).await?)))
}

/// `DELETE /api/oauth/clients/{id}`: the client can no longer authenticate, and every token it
/// was issued stops working.
pub async fn delete_oauth_client(
    Caller { state, principal }: Caller,
    ClientIp(ip): ClientIp,
    ValidPath(id): ValidPath<u64>,
) -> Result<Json<Deleted>, ApiError> {
    let tenant = principal.account_tenant;
    let record = load(&state, &principal, id).await?;
    let mut writes = vec![Write::delete(
        oauth::client_key(tenant, id),
        Condition::Version(record.version),
    )];
    // A client that registered itself stays registered for the other workspaces.
    if !record.registered_itself {
        writes.push(Write::delete(
            oauth::client_index_key(&record.client_id),
            Condition::Always,
        ));
    }
    writes.extend(index::writes_in(tenant, Some(&record), None)?);
    writes.extend(activity::entry(
        tenant,
        principal.user_id,
        Action::OauthClientDeleted,
        &ip,
        json!({"oauth_client_id": id, "name": record.name}),
    )?);
    // Its tokens need no write: an access token is refused once its client's record is gone, and
    // a refresh token needs the client's credentials, gone with its index entry.
    state.store().transact(writes).await?;
    Ok(Json(Deleted {
        message: "OAuth client deleted; its tokens are revoked.".into(),
        id,
    }))
}
