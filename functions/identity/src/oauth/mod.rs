//! OAuth 2.0 (docs/oauth.md): clients a workspace registers, the consent that issues an
//! authorization code (PKCE S256 only, required of public clients), the token endpoint (authorization code, refresh token with
//! rotation and reuse detection, client credentials), revocation (RFC 7009) and the server's
//! metadata (RFC 8414).
//!
//! Storage: a client is a tenant record (listed in the settings) plus a global entry by client id
//! (what the token endpoint reads before it knows the tenant). Codes, access and refresh tokens are
//! global entries by their SHA-256, each expiring with what it stands for. A grant (one token
//! family: one consent, or one client credentials request) is a tenant record under its client,
//! naming its current access and refresh token, so revoking a family or a client finds every
//! token to delete.

pub mod authorize;
pub mod clients;
pub mod metadata;
pub mod register;
pub mod token;

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use shared::auth::oauth::{self, EntryKind};
use shared::http::{current_request_id, ApiError};
use shared::store::{Condition, Key, Partition, StoreError, StoreExt, TenantId, Write};
use shared::AppState;

pub use shared::auth::oauth::CLIENT;

shared::choice! {
    /// The grants the token endpoint issues tokens for (RFC 6749): its schema, its dispatch, its
    /// refusal and the server metadata all read them here.
    pub enum GrantType {
        AuthorizationCode = "authorization_code",
        RefreshToken = "refresh_token",
        ClientCredentials = "client_credentials",
    }
}

shared::choice! {
    /// What the consent call answers with: a code only (no implicit flow).
    pub enum ResponseType { Code = "code" }
}

shared::choice! {
    /// How a PKCE challenge is made from its verifier (RFC 7636): `S256` only, never `plain`.
    pub enum CodeChallengeMethod { S256 = "S256" }
}

impl GrantType {
    /// The grant a token request names, spelled exactly (RFC 6749 compares them as they are).
    pub fn named(written: &str) -> Option<Self> {
        serde_json::from_value(serde_json::Value::String(written.to_owned())).ok()
    }
}

shared::choice! {
    /// Confidential clients keep a secret (a server); public ones cannot (a browser or mobile app).
    pub enum ClientType {
        Confidential = "confidential",
        Public = "public",
    }
}

/// A client's global entry (by client id): everything the token endpoint needs in one read.
/// Clients do not change after registration, so it never drifts from the tenant record.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ClientIndex {
    pub kind: EntryKind,
    pub tenant: TenantId,
    /// The client's record id.
    pub id: u64,
    pub client_id: String,
    pub client_type: ClientType,
    /// SHA-256 of a confidential client's secret.
    pub secret_hash: Option<String>,
    pub redirect_uris: Vec<String>,
    /// The scopes the client may ask for.
    pub scopes: Vec<String>,
    /// Who registered it: client credentials tokens act as this user.
    pub user_id: u64,
    /// Set for a client that registered itself (RFC 7591, [`register`]): it belongs to no
    /// workspace and serves the users of any that consent to it; `tenant` and `user_id` are 0.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub open: Option<OpenClient>,
}

/// What a client that registered itself said of itself.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct OpenClient {
    pub name: String,
    pub registered_at: String,
}

impl ClientIndex {
    /// Whether the client acts for users of `tenant`: its own workspace's, or any for an open one.
    pub fn serves(&self, tenant: TenantId) -> bool {
        self.open.is_some() || self.tenant == tenant
    }
}

/// An authorization code's entry (by its hash), for [`oauth::CODE_TTL_SECS`]. Once exchanged it
/// stays, marked with the grant it started, so a second exchange revokes that grant.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CodeIndex {
    pub kind: EntryKind,
    pub tenant: TenantId,
    pub client: u64,
    pub user_id: u64,
    pub redirect_uri: String,
    pub scopes: Vec<String>,
    /// The PKCE S256 challenge; `None` for a confidential client that sent none.
    pub challenge: Option<String>,
    /// Set by the exchange.
    pub grant: Option<String>,
    pub version: u64,
}

/// A refresh token's entry (by its hash). A refresh marks it used and issues the next one; a used
/// one presented again revokes its whole grant.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RefreshIndex {
    pub kind: EntryKind,
    pub tenant: TenantId,
    pub client: u64,
    pub user_id: u64,
    pub grant: String,
    pub scopes: Vec<String>,
    pub used: bool,
    pub version: u64,
}

/// One token family: its current tokens, so revoking it is one read and one transaction.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct GrantRecord {
    pub id: String,
    pub client: u64,
    pub user_id: u64,
    pub scopes: Vec<String>,
    pub access_hash: String,
    pub refresh_hash: Option<String>,
    pub created_at: String,
    pub refreshed_at: String,
    pub version: u64,
}

/// A client's grants share a partition.
pub fn grants_partition(tenant: TenantId, client: u64) -> Partition {
    Partition::tenant(tenant, &format!("oauthgrant#{client}"))
}

pub fn grant_key(tenant: TenantId, client: u64, grant: &str) -> Key {
    Key::new(grants_partition(tenant, client), grant)
}

/// Revokes a token family: its current access and refresh tokens stop working at once. Nothing
/// happens for a grant already gone.
pub async fn revoke_grant(state: &AppState, tenant: TenantId, client: u64, grant: &str) -> Result<(), ApiError> {
    let key = grant_key(tenant, client, grant);
    // A refresh racing the revocation moves the record's version on; read it again then.
    for _ in 0..5 {
        let Some(record) = state.store().get_as::<GrantRecord>(&key).await? else {
            return Ok(());
        };
        let mut writes = vec![
            Write::delete(oauth::index_key(&record.access_hash), Condition::Always),
            Write::delete(key.clone(), Condition::Version(record.version)),
        ];
        if let Some(refresh) = &record.refresh_hash {
            writes.push(Write::delete(oauth::index_key(refresh), Condition::Always));
        }
        match state.store().transact(writes).await {
            Ok(()) => return Ok(()),
            Err(StoreError::ConditionFailed { .. }) => continue,
            Err(e) => return Err(e.into()),
        }
    }
    Err(ApiError::concurrent_change())
}

/// Scope names from a space-separated `scope` parameter, each known (either spelling) and among
/// `allowed`, in their canonical spelling; absent or blank: all of `allowed`. `Err` names the
/// offending one.
pub fn requested_scopes(raw: Option<&str>, allowed: &[String]) -> Result<Vec<String>, String> {
    let allowed: Vec<String> = allowed.iter().filter_map(|s| oauth::canonical_scope(s)).collect();
    let Some(raw) = raw.filter(|r| !r.trim().is_empty()) else {
        return Ok(allowed);
    };
    let mut scopes: Vec<String> = Vec::new();
    for name in raw.split(' ').filter(|s| !s.is_empty()) {
        let Some(scope) = oauth::canonical_scope(name) else {
            return Err(format!(
                "`{name}` is not a scope; scopes are `<module>.read` or `<module>.write` (`crm.read`)."
            ));
        };
        if !allowed.contains(&scope) {
            return Err(format!("The client may not ask for `{name}`."));
        }
        if !scopes.contains(&scope) {
            scopes.push(scope);
        }
    }
    Ok(scopes)
}

/// An error of the token and revocation endpoints (RFC 6749 §5.2), or an API error (a store
/// failure, a body over the limit) answered as usual.
#[derive(Debug)]
pub enum OAuthError {
    Rfc {
        status: StatusCode,
        error: &'static str,
        description: String,
    },
    Api(ApiError),
}

impl OAuthError {
    fn new(status: StatusCode, error: &'static str, description: impl Into<String>) -> Self {
        Self::Rfc {
            status,
            error,
            description: description.into(),
        }
    }
    pub fn invalid_request(description: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, "invalid_request", description)
    }
    /// 401: the client is unknown or its secret is wrong (never says which).
    pub fn invalid_client(description: impl Into<String>) -> Self {
        Self::new(StatusCode::UNAUTHORIZED, "invalid_client", description)
    }
    pub fn invalid_grant(description: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, "invalid_grant", description)
    }
    pub fn invalid_scope(description: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, "invalid_scope", description)
    }
    pub fn unauthorized_client(description: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, "unauthorized_client", description)
    }
    /// RFC 7591 §3.2.2: a registration's metadata is refused.
    pub fn invalid_client_metadata(description: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, "invalid_client_metadata", description)
    }
    pub fn invalid_redirect_uri(description: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, "invalid_redirect_uri", description)
    }
    pub fn unsupported_grant_type(description: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, "unsupported_grant_type", description)
    }
}

impl From<ApiError> for OAuthError {
    fn from(e: ApiError) -> Self {
        Self::Api(e)
    }
}

impl From<StoreError> for OAuthError {
    fn from(e: StoreError) -> Self {
        Self::Api(e.into())
    }
}

/// Token answers must not be cached (RFC 6749 §5.1), errors included.
pub fn no_store(response: &mut Response) {
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(header::PRAGMA, HeaderValue::from_static("no-cache"));
}

impl IntoResponse for OAuthError {
    fn into_response(self) -> Response {
        let (status, error, description) = match self {
            Self::Api(e) => return e.into_response(),
            Self::Rfc {
                status,
                error,
                description,
            } => (status, error, description),
        };
        let body = oauth::OAuthErrorBody {
            error: error.into(),
            error_description: description.clone(),
            message: description,
            code: error.into(),
            request_id: current_request_id(),
        };
        let mut response = (status, shared::http::Json(body)).into_response();
        if status == StatusCode::UNAUTHORIZED {
            response.headers_mut().insert(
                header::WWW_AUTHENTICATE,
                HeaderValue::from_static("Basic realm=\"worktop\""),
            );
        }
        no_store(&mut response);
        response
    }
}
