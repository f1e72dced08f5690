//! The token endpoint (`POST /api/oauth/token`, RFC 6749 §3.2) and revocation (`POST
//! /api/oauth/revoke`, RFC 7009). Both take form-encoded parameters (JSON objects of strings are
//! accepted too), authenticate the client by HTTP Basic or `client_id` / `client_secret` in the
//! body, and answer errors as `{error, error_description}` (with the API's envelope fields).

use std::collections::HashMap;

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use serde::{Deserialize, Serialize};
use shared::auth::oauth::{self, AccessTokenIndex, EntryKind};
use shared::auth::records::{self, WorkspaceAuthView};
use shared::auth::session::new_id;
use shared::domain::Choice;
use shared::http::Json;
use shared::http::{ApiError, JSON_BODY_LIMIT};
use shared::store::{Condition, Item, StoreError, StoreExt, TenantId, Write};
use shared::time::{now_rfc3339, now_unix};
use shared::AppState;

use super::{
    grant_key, no_store, requested_scopes, revoke_grant, ClientIndex, ClientType, CodeIndex, GrantRecord, GrantType,
    OAuthError, RefreshIndex,
};

fn verifier_schema(schema: &mut schemars::Schema) {
    schema.insert("pattern".into(), serde_json::json!("^[A-Za-z0-9._~-]{43,128}$"));
}

/// The token endpoint's parameters (form-encoded). Which ones a request needs depends on
/// `grant_type`; the client authenticates with HTTP Basic or `client_id` (+ `client_secret`).
#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct OAuthTokenIn {
    #[schemars(required, transform = shared::http::schema::one_of::<GrantType>)]
    pub grant_type: Option<String>,
    /// `authorization_code`: the code from the consent's redirect.
    pub code: Option<String>,
    /// `authorization_code`: the redirect URI of the authorization request, exactly.
    pub redirect_uri: Option<String>,
    /// `authorization_code`: the PKCE verifier (43 to 128 characters of `A-Z a-z 0-9 - . _ ~`).
    #[schemars(transform = verifier_schema)]
    pub code_verifier: Option<String>,
    /// `refresh_token`: the latest refresh token of the grant.
    pub refresh_token: Option<String>,
    /// `refresh_token` and `client_credentials`: space-separated scopes narrowing the grant's
    /// (refresh) or the client's (client credentials); absent: all of them.
    pub scope: Option<String>,
    /// The client, when it does not use HTTP Basic (public clients always send it).
    pub client_id: Option<String>,
    /// A confidential client's secret, when it does not use HTTP Basic.
    pub client_secret: Option<String>,
}

/// The revocation endpoint's parameters (form-encoded), with the client's authentication as for
/// the token endpoint.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct RevokeIn {
    /// An access or refresh token issued to this client.
    #[schemars(required)]
    pub token: Option<String>,
    /// `access_token` or `refresh_token` (a hint only: the token says what it is).
    pub token_type_hint: Option<String>,
    pub client_id: Option<String>,
    pub client_secret: Option<String>,
}

/// A token answer (RFC 6749 §5.1).
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct OAuthTokenOut {
    /// `wto_...`: send it as `Authorization: Bearer <token>`.
    pub access_token: String,
    /// Always `Bearer`.
    pub token_type: String,
    /// Seconds until the access token expires.
    pub expires_in: u64,
    /// The granted scopes, space-separated.
    pub scope: String,
    /// `wtr_...` (not for client credentials): use it once, for the next pair of tokens.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub refresh_token: Option<String>,
}

/// The revocation answer: the same whether or not the token was known (RFC 7009 §2.2).
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct RevokeOut {
    pub message: String,
}

/// Every parameter the two endpoints read.
const PARAMETERS: &[&str] = &[
    "grant_type",
    "code",
    "redirect_uri",
    "code_verifier",
    "refresh_token",
    "scope",
    "client_id",
    "client_secret",
    "token",
    "token_type_hint",
];

/// Request parameters, each given once.
struct Params(HashMap<String, String>);

impl Params {
    /// Reads a form-encoded (or JSON) body. A parameter without a value counts as absent.
    fn read(headers: &HeaderMap, body: Result<Bytes, BytesRejection>) -> Result<Self, OAuthError> {
        let bytes = body.map_err(|r| match r.status() {
            StatusCode::PAYLOAD_TOO_LARGE => OAuthError::Api(too_large()),
            _ => OAuthError::invalid_request("The request body could not be read."),
        })?;
        if bytes.len() > JSON_BODY_LIMIT {
            return Err(OAuthError::Api(too_large()));
        }
        let mime = headers
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(';').next())
            .map(|m| m.trim().to_ascii_lowercase());
        let pairs: Vec<(String, String)> = match mime.as_deref() {
            Some("application/x-www-form-urlencoded") => url::form_urlencoded::parse(&bytes).into_owned().collect(),
            Some("application/json") => {
                let object: serde_json::Map<String, serde_json::Value> = serde_json::from_slice(&bytes)
                    .map_err(|_| OAuthError::invalid_request("The body is not a JSON object."))?;
                let mut pairs = Vec::new();
                for (name, value) in object {
                    match value {
                        serde_json::Value::String(s) => pairs.push((name, s)),
                        serde_json::Value::Null => {}
                        // Unknown parameters are ignored whatever their type (RFC 6749 §3.2).
                        _ if !PARAMETERS.contains(&name.as_str()) => {}
                        _ => {
                            return Err(OAuthError::invalid_request(format!("`{name}` must be a string.")));
                        }
                    }
                }
                pairs
            }
            None if bytes.is_empty() => Vec::new(),
            _ => {
                return Err(OAuthError::invalid_request(
                    "Send the parameters as `application/x-www-form-urlencoded` (or a JSON object of strings).",
                ))
            }
        };
        let mut params = HashMap::new();
        for (name, value) in pairs {
            // Unknown parameters are ignored (RFC 6749 §3.2); known ones count once.
            if value.is_empty() || !PARAMETERS.contains(&name.as_str()) {
                continue;
            }
            if params.insert(name.clone(), value).is_some() {
                return Err(OAuthError::invalid_request(format!(
                    "`{name}` is given more than once."
                )));
            }
        }
        Ok(Self(params))
    }

    fn get(&self, name: &str) -> Option<&str> {
        self.0.get(name).map(String::as_str)
    }

    fn required(&self, name: &str) -> Result<&str, OAuthError> {
        self.get(name)
            .ok_or_else(|| OAuthError::invalid_request(format!("`{name}` is required.")))
    }
}

fn too_large() -> ApiError {
    ApiError::PayloadTooLarge("The body may be at most 1 MiB.".into())
}

/// One credential of HTTP Basic: form-encoded (RFC 6749 §2.3.1), so `%xx` and `+` are decoded.
fn basic_part(raw: &str) -> Option<String> {
    if raw.contains(['&', '=']) {
        return None;
    }
    let mut pairs = url::form_urlencoded::parse(raw.as_bytes());
    let decoded = pairs.next().map(|(k, _)| k.into_owned()).unwrap_or_default();
    Some(decoded)
}

/// The `client_id` and secret of an `Authorization: Basic` header (other schemes are ignored).
fn basic_credentials(headers: &HeaderMap) -> Result<Option<(String, String)>, OAuthError> {
    let Some(value) = headers.get(header::AUTHORIZATION).and_then(|v| v.to_str().ok()) else {
        return Ok(None);
    };
    let (scheme, encoded) = value.split_once(' ').unwrap_or((value, ""));
    if !scheme.eq_ignore_ascii_case("basic") {
        return Ok(None);
    }
    let bad = || OAuthError::invalid_client("The Basic credentials are malformed.");
    let decoded = STANDARD.decode(encoded.trim()).map_err(|_| bad())?;
    let text = String::from_utf8(decoded).map_err(|_| bad())?;
    let (id, secret) = text.split_once(':').ok_or_else(bad)?;
    Ok(Some((
        basic_part(id).ok_or_else(bad)?,
        basic_part(secret).ok_or_else(bad)?,
    )))
}

/// Authenticates the client: HTTP Basic, or `client_id` (+ `client_secret`) in the body, never
/// both. An unknown client, a wrong secret, a secret for a public client and a confidential
/// client without one all answer the same 401 `invalid_client`.
async fn authenticate_client(
    state: &AppState,
    headers: &HeaderMap,
    params: &Params,
) -> Result<ClientIndex, OAuthError> {
    let (client_id, secret) = match basic_credentials(headers)? {
        Some((id, secret)) => {
            if params.get("client_secret").is_some() {
                return Err(OAuthError::invalid_request(
                    "Authenticate the client one way: HTTP Basic or `client_secret` in the body, not both.",
                ));
            }
            if params.get("client_id").is_some_and(|body_id| body_id != id) {
                return Err(OAuthError::invalid_request(
                    "The body's `client_id` differs from the Basic credentials'.",
                ));
            }
            (id, Some(secret).filter(|s| !s.is_empty()))
        }
        None => (
            params.get("client_id").unwrap_or_default().to_owned(),
            params.get("client_secret").map(str::to_owned),
        ),
    };
    let refused = || OAuthError::invalid_client("Client authentication failed.");
    if !client_id.starts_with(oauth::CLIENT_ID_PREFIX) || client_id.len() > 100 {
        return Err(refused());
    }
    // A client registered in another region is sent there (its tokens live there too).
    state.admit_region(&client_id)?;
    let client: ClientIndex = state
        .store()
        .get(&oauth::client_index_key(&client_id))
        .await?
        .and_then(|item| oauth::entry_of(item, EntryKind::OauthClient))
        .ok_or_else(refused)?;
    let authenticated = match (&client.secret_hash, secret) {
        (Some(stored), Some(secret)) => oauth::same(stored, &oauth::hash(&secret)),
        (None, None) => client.client_type == ClientType::Public,
        _ => false,
    };
    if !authenticated {
        return Err(refused());
    }
    Ok(client)
}

fn index_write<T: Serialize>(secret: &str, entry: &T, expires_at: i64) -> Result<Write, OAuthError> {
    Ok(Write::put(
        Item::from_value(oauth::index_key(&oauth::hash(secret)), entry)?.expiring_at(expires_at),
        Condition::NotExists,
    ))
}

/// The writes of a new access token.
fn access_write(
    token: &str,
    tenant: TenantId,
    client: u64,
    user_id: u64,
    grant: &str,
    scopes: &[String],
) -> Result<Write, OAuthError> {
    let entry = AccessTokenIndex {
        kind: EntryKind::OauthAccess,
        tenant,
        user_id,
        client,
        grant: grant.to_owned(),
        scopes: scopes.to_vec(),
    };
    index_write(token, &entry, now_unix() + oauth::ACCESS_TTL_SECS)
}

fn refresh_write(token: &str, record: &GrantRecord, tenant: TenantId) -> Result<Write, OAuthError> {
    let entry = RefreshIndex {
        kind: EntryKind::OauthRefresh,
        tenant,
        client: record.client,
        user_id: record.user_id,
        grant: record.id.clone(),
        scopes: record.scopes.clone(),
        used: false,
        version: 1,
    };
    index_write(token, &entry, now_unix() + oauth::REFRESH_TTL_SECS)
}

fn grant_write(
    tenant: TenantId,
    record: &GrantRecord,
    condition: Condition,
    expires_at: i64,
) -> Result<Write, OAuthError> {
    Ok(Write::put(
        Item::from_value(grant_key(tenant, record.client, &record.id), record)?.expiring_at(expires_at),
        condition,
    ))
}

/// A write conditioned on an entry's version meets a concurrent use of the same code or token.
fn raced(e: StoreError, what: &str) -> OAuthError {
    match e {
        StoreError::ConditionFailed { .. } => {
            OAuthError::invalid_grant(format!("The {what} was used at the same time by another request."))
        }
        other => other.into(),
    }
}

/// Tokens are minted only for a user who still exists (else `gone`) of a workspace that is not
/// suspended: a suspended workspace's credentials all stop, its clients' too (401
/// `invalid_client`). Checked here because such tokens would only fail on their first use.
async fn check_holder(
    state: &AppState,
    tenant: TenantId,
    user_id: u64,
    gone: impl FnOnce() -> OAuthError,
) -> Result<(), OAuthError> {
    let found = state
        .store()
        .get_many(&[records::user_key(tenant, user_id), records::workspace_key(tenant)])
        .await?;
    let [user, workspace] = <[Option<Item>; 2]>::try_from(found)
        .map_err(|_| ApiError::internal(anyhow::anyhow!("batch read returned the wrong number of items")))?;
    let workspace: Option<WorkspaceAuthView> = workspace.map(|w| w.parse()).transpose()?;
    if workspace.is_none_or(|w| w.suspended_at.is_some()) {
        return Err(OAuthError::invalid_client(
            "The client's workspace is suspended by the platform that provides it.",
        ));
    }
    match user {
        Some(_) => Ok(()),
        None => Err(gone()),
    }
}

fn answer(out: OAuthTokenOut) -> Response {
    let mut response = Json(out).into_response();
    no_store(&mut response);
    response
}

/// `POST /api/oauth/token`.
pub async fn token(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, OAuthError> {
    let params = Params::read(&headers, body)?;
    // Another region's refresh token is sent home before the client is looked up here.
    if params.get("grant_type") == Some(GrantType::RefreshToken.as_str()) {
        if let Some(presented) = params.get("refresh_token") {
            state.admit_region(presented)?;
        }
    }
    let client = authenticate_client(&state, &headers, &params).await?;
    let written = params.required("grant_type")?;
    let out = match GrantType::named(written) {
        Some(GrantType::AuthorizationCode) => exchange_code(&state, &client, &params).await?,
        Some(GrantType::RefreshToken) => refresh(&state, &client, &params).await?,
        Some(GrantType::ClientCredentials) => client_credentials(&state, &client, &params).await?,
        None => {
            return Err(OAuthError::unsupported_grant_type(format!(
                "`{written}` is not a grant type here: use one of {}.",
                GrantType::VALUES.join(", ")
            )))
        }
    };
    Ok(answer(out))
}

fn valid_verifier(verifier: &str) -> bool {
    (43..=128).contains(&verifier.len())
        && verifier
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~'))
}

/// `authorization_code`: the code's client, redirect URI and PKCE verifier must all match; the
/// code is spent in the transaction that issues the tokens. A spent code presented again revokes
/// the grant it started (RFC 6749 §4.1.2: it may have been stolen).
async fn exchange_code(state: &AppState, client: &ClientIndex, params: &Params) -> Result<OAuthTokenOut, OAuthError> {
    let code = params.required("code")?;
    let redirect_uri = params.required("redirect_uri")?;
    let verifier = params.get("code_verifier");
    if verifier.is_some_and(|v| !valid_verifier(v)) {
        return Err(OAuthError::invalid_request(
            "`code_verifier` must be 43 to 128 characters of A-Z, a-z, 0-9, `-`, `.`, `_` and `~`.",
        ));
    }
    let invalid = || OAuthError::invalid_grant("The code is invalid or has expired.");
    let item = state
        .store()
        .get(&oauth::index_key(&oauth::hash(code)))
        .await?
        .ok_or_else(invalid)?;
    let (key, expires_at) = (item.key.clone(), item.expires_at);
    let entry: CodeIndex = oauth::entry_of(item, EntryKind::OauthCode).ok_or_else(invalid)?;
    // An open client's codes and tokens are of the workspace whose user consented.
    if !client.serves(entry.tenant) || entry.client != client.id {
        return Err(invalid());
    }
    let tenant = entry.tenant;
    if let Some(grant) = &entry.grant {
        revoke_grant(state, tenant, client.id, grant).await?;
        tracing::warn!(
            tenant.id = tenant.0,
            oauth.client = client.id,
            "a spent authorization code was presented again; its grant is revoked"
        );
        return Err(OAuthError::invalid_grant(
            "The code was already used; the tokens issued for it are revoked.",
        ));
    }
    if entry.redirect_uri != redirect_uri {
        return Err(OAuthError::invalid_grant(
            "`redirect_uri` differs from the authorization request's.",
        ));
    }
    // A code issued with a challenge needs its verifier; one issued without refuses a verifier
    // (RFC 9700 §2.1.1: a downgrade would let a stolen code through).
    match (&entry.challenge, verifier) {
        (Some(challenge), Some(verifier)) if oauth::same(&oauth::s256(verifier), challenge) => {}
        (Some(_), Some(_)) => {
            return Err(OAuthError::invalid_grant(
                "`code_verifier` does not match the code challenge.",
            ))
        }
        (Some(_), None) => {
            return Err(OAuthError::invalid_request(
                "`code_verifier` is required: the code was issued with a PKCE challenge.",
            ))
        }
        (None, Some(_)) => {
            return Err(OAuthError::invalid_grant(
                "The code was issued without a PKCE challenge, so it takes no `code_verifier`.",
            ))
        }
        (None, None) => {}
    }
    check_holder(state, tenant, entry.user_id, || {
        OAuthError::invalid_grant("The user who approved the code no longer exists.")
    })
    .await?;
    let (access, refresh) = (
        oauth::generate(&state.credential_prefix(oauth::ACCESS_PREFIX)),
        oauth::generate(&state.credential_prefix(oauth::REFRESH_PREFIX)),
    );
    let now = now_rfc3339();
    let record = GrantRecord {
        id: new_id(),
        client: client.id,
        user_id: entry.user_id,
        scopes: entry.scopes.clone(),
        access_hash: oauth::hash(&access),
        refresh_hash: Some(oauth::hash(&refresh)),
        created_at: now.clone(),
        refreshed_at: now,
        version: 1,
    };
    let mut spent = entry.clone();
    spent.grant = Some(record.id.clone());
    spent.version += 1;
    let mut spent_item = Item::from_value(key, &spent)?;
    spent_item.expires_at = expires_at;
    let writes = vec![
        Write::put(spent_item, Condition::Version(entry.version)),
        grant_write(
            tenant,
            &record,
            Condition::NotExists,
            now_unix() + oauth::REFRESH_TTL_SECS,
        )?,
        access_write(&access, tenant, client.id, entry.user_id, &record.id, &entry.scopes)?,
        refresh_write(&refresh, &record, tenant)?,
    ];
    state.store().transact(writes).await.map_err(|e| raced(e, "code"))?;
    Ok(OAuthTokenOut {
        access_token: access,
        token_type: "Bearer".into(),
        expires_in: oauth::ACCESS_TTL_SECS as u64,
        scope: entry.scopes.join(" "),
        refresh_token: Some(refresh),
    })
}

/// `refresh_token`: rotation. The presented token is marked used and a new access and refresh
/// token replace the grant's current ones (the previous access token stops working). A used
/// refresh token presented again revokes the whole grant: one of the two parties holding it is
/// not the client.
async fn refresh(state: &AppState, client: &ClientIndex, params: &Params) -> Result<OAuthTokenOut, OAuthError> {
    let presented = params.required("refresh_token")?;
    let invalid = || OAuthError::invalid_grant("The refresh token is invalid, expired or revoked.");
    let item = state
        .store()
        .get(&oauth::index_key(&oauth::hash(presented)))
        .await?
        .ok_or_else(invalid)?;
    let (key, expires_at) = (item.key.clone(), item.expires_at);
    let entry: RefreshIndex = oauth::entry_of(item, EntryKind::OauthRefresh).ok_or_else(invalid)?;
    // An open client's codes and tokens are of the workspace whose user consented.
    if !client.serves(entry.tenant) || entry.client != client.id {
        return Err(invalid());
    }
    let tenant = entry.tenant;
    if entry.used {
        revoke_grant(state, tenant, client.id, &entry.grant).await?;
        tracing::warn!(
            tenant.id = tenant.0,
            oauth.client = client.id,
            "a used refresh token was presented again; its grant is revoked"
        );
        return Err(OAuthError::invalid_grant(
            "The refresh token was already used; every token of its grant is revoked.",
        ));
    }
    let scopes = requested_scopes(params.get("scope"), &entry.scopes).map_err(OAuthError::invalid_scope)?;
    check_holder(state, tenant, entry.user_id, || {
        OAuthError::invalid_grant("The user the refresh token was issued for no longer exists.")
    })
    .await?;
    let grant: GrantRecord = state
        .store()
        .get_as(&grant_key(tenant, client.id, &entry.grant))
        .await?
        .ok_or_else(invalid)?;
    let (access, refresh) = (
        oauth::generate(&state.credential_prefix(oauth::ACCESS_PREFIX)),
        oauth::generate(&state.credential_prefix(oauth::REFRESH_PREFIX)),
    );
    let mut next = grant.clone();
    next.access_hash = oauth::hash(&access);
    next.refresh_hash = Some(oauth::hash(&refresh));
    next.refreshed_at = now_rfc3339();
    next.version += 1;
    let mut used = entry.clone();
    used.used = true;
    used.version += 1;
    let mut used_item = Item::from_value(key, &used)?;
    used_item.expires_at = expires_at;
    let writes = vec![
        Write::put(used_item, Condition::Version(entry.version)),
        grant_write(
            tenant,
            &next,
            Condition::Version(grant.version),
            now_unix() + oauth::REFRESH_TTL_SECS,
        )?,
        Write::delete(oauth::index_key(&grant.access_hash), Condition::Always),
        access_write(&access, tenant, client.id, grant.user_id, &grant.id, &scopes)?,
        refresh_write(&refresh, &next, tenant)?,
    ];
    state
        .store()
        .transact(writes)
        .await
        .map_err(|e| raced(e, "refresh token"))?;
    Ok(OAuthTokenOut {
        access_token: access,
        token_type: "Bearer".into(),
        expires_in: oauth::ACCESS_TTL_SECS as u64,
        scope: scopes.join(" "),
        refresh_token: Some(refresh),
    })
}

/// `client_credentials` (confidential clients only): a token for the app itself, acting as the
/// user who registered the client, narrowed to the client's scopes (or fewer). No refresh token:
/// the client asks again.
async fn client_credentials(
    state: &AppState,
    client: &ClientIndex,
    params: &Params,
) -> Result<OAuthTokenOut, OAuthError> {
    if client.client_type != ClientType::Confidential {
        return Err(OAuthError::unauthorized_client(
            "Public clients cannot use client credentials: they have no secret.",
        ));
    }
    let scopes = requested_scopes(params.get("scope"), &client.scopes).map_err(OAuthError::invalid_scope)?;
    // Client credentials act as the user who registered the client: without them, it has none.
    check_holder(state, client.tenant, client.user_id, || {
        OAuthError::invalid_client("The user who registered this client no longer exists; register it again.")
    })
    .await?;
    let access = oauth::generate(&state.credential_prefix(oauth::ACCESS_PREFIX));
    let now = now_rfc3339();
    let record = GrantRecord {
        id: new_id(),
        client: client.id,
        user_id: client.user_id,
        scopes: scopes.clone(),
        access_hash: oauth::hash(&access),
        refresh_hash: None,
        created_at: now.clone(),
        refreshed_at: now,
        version: 1,
    };
    let writes = vec![
        grant_write(
            client.tenant,
            &record,
            Condition::NotExists,
            now_unix() + oauth::ACCESS_TTL_SECS,
        )?,
        access_write(&access, client.tenant, client.id, client.user_id, &record.id, &scopes)?,
    ];
    state.store().transact(writes).await?;
    Ok(OAuthTokenOut {
        access_token: access,
        token_type: "Bearer".into(),
        expires_in: oauth::ACCESS_TTL_SECS as u64,
        scope: scopes.join(" "),
        refresh_token: None,
    })
}

/// `POST /api/oauth/revoke`: an access token stops working at once; a refresh token takes its
/// whole grant with it. A token that is unknown, expired or another client's is answered 200 all
/// the same, and left alone.
pub async fn revoke(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, OAuthError> {
    let params = Params::read(&headers, body)?;
    let client = authenticate_client(&state, &headers, &params).await?;
    let token = params.required("token")?;
    if let Some(item) = state.store().get(&oauth::index_key(&oauth::hash(token))).await? {
        let key = item.key.clone();
        if let Some(access) = oauth::entry_of::<AccessTokenIndex>(item.clone(), EntryKind::OauthAccess) {
            if client.serves(access.tenant) && access.client == client.id {
                state.store().write(Write::delete(key, Condition::Always)).await?;
            }
        } else if let Some(refresh) = oauth::entry_of::<RefreshIndex>(item, EntryKind::OauthRefresh) {
            if client.serves(refresh.tenant) && refresh.client == client.id {
                revoke_grant(&state, refresh.tenant, client.id, &refresh.grant).await?;
            }
        }
    }
    let mut response = Json(RevokeOut {
        message: "The token is revoked, if it was this client's.".into(),
    })
    .into_response();
    no_store(&mut response);
    Ok(response)
}
