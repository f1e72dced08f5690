//! `POST /api/oauth/register`: dynamic client registration (RFC 7591) for public clients, what
//! an MCP client does before it sends a user to the consent page. Such a client belongs to no
//! workspace: a user of any workspace may consent to it, and that consent records it among the
//! workspace's clients ([`super::authorize`]), where an administrator sees it and can remove it.
//!
//! It can do no more than a public client an administrator registers: the authorization code
//! flow with PKCE (S256), tokens bound to the consenting user's role and the scopes they granted.
//! Registration is open (no token: the client has none yet), so it is limited per client address.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use shared::auth::oauth::{self, EntryKind};
use shared::http::{ClientIp, Json, ValidJson};
use shared::store::{Condition, Item, TenantId, Write};
use shared::time::{now_rfc3339, now_unix};
use shared::AppState;

use super::{no_store, ClientIndex, ClientType, GrantType, OAuthError, OpenClient, ResponseType};
use crate::oauth::clients::{redirect_uri_problem, MAX_REDIRECT_URIS, MAX_URI_LEN};

/// Registrations one client address may make an hour.
pub const REGISTRATIONS_PER_IP_PER_HOUR: i64 = 20;
const MAX_NAME_CHARS: usize = 100;
/// The only way such a client authenticates at the token endpoint: it has no secret.
const AUTH_METHOD: &str = "none";
/// Record ids of open clients start here, above any a workspace's own clients reach, so the
/// record a consent writes never meets one of them.
const OPEN_CLIENT_IDS: std::ops::Range<u64> = (1 << 40)..(1 << 52);

/// A client's metadata (RFC 7591 §2); members not named here are ignored, as §3.1 allows.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct RegistrationIn {
    /// Where the authorization server may send the user back: https, or http on a loopback host.
    #[schemars(required, transform = crate::oauth::clients::redirect_uri_list)]
    pub redirect_uris: Option<Vec<String>>,
    /// What the consent page calls the client (at most 100 characters).
    #[schemars(extend("maxLength" = MAX_NAME_CHARS))]
    pub client_name: Option<String>,
    /// `none`: a public client (the default and the only one). Left out, not `null`.
    #[serde(default, deserialize_with = "written")]
    #[schemars(with = "String", extend("enum" = [AUTH_METHOD]))]
    pub token_endpoint_auth_method: Option<String>,
    /// Among `authorization_code` and `refresh_token` (both by default).
    #[schemars(extend("minItems" = 1, "items" = {"type": "string", "enum": ["authorization_code", "refresh_token"]}))]
    pub grant_types: Option<Vec<String>>,
    /// `code` (the default and the only one).
    #[schemars(extend("minItems" = 1, "items" = {"type": "string", "enum": ["code"]}))]
    pub response_types: Option<Vec<String>>,
    /// Space-separated scopes the client may ask for (all of them by default).
    pub scope: Option<String>,
}

/// A member that is a string when given (`null` is refused, as the document says).
fn written<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    String::deserialize(d).map(Some)
}

/// The registered client (RFC 7591 §3.2.1).
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct RegistrationOut {
    pub client_id: String,
    /// When it was registered, in seconds since 1970.
    pub client_id_issued_at: i64,
    pub client_name: String,
    pub redirect_uris: Vec<String>,
    pub grant_types: Vec<String>,
    pub response_types: Vec<String>,
    pub token_endpoint_auth_method: String,
    pub scope: String,
}

/// `POST /api/oauth/register`.
pub async fn register(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ValidJson(body): ValidJson<RegistrationIn>,
) -> Result<Response, OAuthError> {
    let redirect_uris = body.redirect_uris.unwrap_or_default();
    if redirect_uris.is_empty() || redirect_uris.len() > MAX_REDIRECT_URIS {
        return Err(OAuthError::invalid_redirect_uri(format!(
            "Name 1 to {MAX_REDIRECT_URIS} redirect URIs."
        )));
    }
    if redirect_uris.iter().any(|uri| uri.len() > MAX_URI_LEN) {
        return Err(OAuthError::invalid_redirect_uri(format!(
            "A redirect URI is at most {MAX_URI_LEN} characters."
        )));
    }
    if let Some(problem) = redirect_uris.iter().find_map(|uri| redirect_uri_problem(uri)) {
        return Err(OAuthError::invalid_redirect_uri(problem));
    }
    let name = body.client_name.as_deref().map(str::trim).unwrap_or_default();
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(OAuthError::invalid_client_metadata(format!(
            "`client_name` is at most {MAX_NAME_CHARS} characters."
        )));
    }
    let name = match name.is_empty() {
        true => "An unnamed application".to_owned(),
        false => name.to_owned(),
    };
    if body
        .token_endpoint_auth_method
        .as_deref()
        .is_some_and(|m| m != AUTH_METHOD)
    {
        return Err(OAuthError::invalid_client_metadata(
            "Only public clients register themselves: `token_endpoint_auth_method` is `none` (PKCE proves the code is the client's).",
        ));
    }
    let grant_types = body.grant_types.unwrap_or_else(|| {
        vec![
            GrantType::AuthorizationCode.as_str().into(),
            GrantType::RefreshToken.as_str().into(),
        ]
    });
    let allowed_grants = [GrantType::AuthorizationCode.as_str(), GrantType::RefreshToken.as_str()];
    if grant_types.is_empty() {
        return Err(OAuthError::invalid_client_metadata(
            "`grant_types` names at least one grant: `authorization_code`, and `refresh_token` to refresh.",
        ));
    }
    if let Some(other) = grant_types.iter().find(|g| !allowed_grants.contains(&g.as_str())) {
        return Err(OAuthError::invalid_client_metadata(format!(
            "The grant type `{other}` is not for a public client; use `authorization_code` and `refresh_token`."
        )));
    }
    let response_types = body
        .response_types
        .unwrap_or_else(|| vec![ResponseType::Code.as_str().into()]);
    if response_types.is_empty() || response_types.iter().any(|r| r != ResponseType::Code.as_str()) {
        return Err(OAuthError::invalid_client_metadata("The only response type is `code`."));
    }
    let scopes = super::requested_scopes(body.scope.as_deref(), &oauth::all_scopes())
        .map_err(OAuthError::invalid_client_metadata)?;
    if !crate::email::within_hourly(&state, "oauth-register-ip", &ip, REGISTRATIONS_PER_IP_PER_HOUR).await? {
        return Err(OAuthError::Api(shared::http::ApiError::RateLimited {
            message: "Too many client registrations from this address this hour; try again later.".into(),
            retry_after_secs: 3600,
        }));
    }
    let client_id = oauth::generate(&state.credential_prefix(oauth::CLIENT_ID_PREFIX));
    let entry = ClientIndex {
        kind: EntryKind::OauthClient,
        tenant: TenantId(0),
        id: rand::random_range(OPEN_CLIENT_IDS),
        client_id: client_id.clone(),
        client_type: ClientType::Public,
        secret_hash: None,
        redirect_uris: redirect_uris.clone(),
        scopes: scopes.clone(),
        user_id: 0,
        open: Some(OpenClient {
            name: name.clone(),
            registered_at: now_rfc3339(),
        }),
    };
    state
        .store()
        .write(Write::put(
            Item::from_value(oauth::client_index_key(&client_id), &entry)?,
            Condition::NotExists,
        ))
        .await?;
    let mut response = (
        StatusCode::CREATED,
        Json(RegistrationOut {
            client_id,
            client_id_issued_at: now_unix(),
            client_name: name,
            redirect_uris,
            grant_types,
            response_types,
            token_endpoint_auth_method: AUTH_METHOD.into(),
            scope: scopes.join(" "),
        }),
    )
        .into_response();
    no_store(&mut response);
    Ok(response)
}
