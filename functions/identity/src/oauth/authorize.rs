//! The consent, in three steps:
//!
//! 1. `GET /api/oauth/authorize`: where an app sends the user's browser (RFC 6749 §4.1.1). A
//!    request naming a registered client and one of its redirect URIs, but faulty otherwise, goes
//!    back to the client with the error (§4.1.2.1); everything else goes to the dashboard's consent
//!    page (`/#/oauth/authorize?...`, the query unchanged), which logs the user in first if need be
//!    and shows what is wrong with a request that cannot go back. So nothing is ever sent to a
//!    redirect URI the client did not register.
//! 2. `GET /api/oauth/consent`: what the page shows, the request checked for the logged-in user
//!    (the client's name, the scopes, where the answer goes), or 422 naming the field.
//! 3. `POST /api/oauth/authorize`: the user's answer. On approval a single-use code; either way
//!    the answer is where to send the browser (the redirect URI with `code` or `error`, and
//!    `state`).
//!
//! PKCE (S256) is required of public clients, which have no secret, and optional for confidential
//! ones, which authenticate at the token endpoint (many platforms' OAuth connectors send no
//! challenge); a code issued without one is refused a `code_verifier` (RFC 9700 §2.1.1).

use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, RawQuery, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use serde_json::json;
use shared::auth::oauth::{self, EntryKind};
use shared::domain::{Choice, Text};
use shared::handlers::Caller;
use shared::http::Json;
use shared::http::{ApiError, ClientIp, FieldErrors, ValidJson, ValidQuery};
use shared::store::{Condition, Item, StoreExt, TenantId, Write};
use shared::AppState;

use super::{requested_scopes, ClientIndex, ClientType, CodeChallengeMethod, CodeIndex, ResponseType};
use crate::activity::{self, Action};
use crate::oauth::clients::OAuthClientRecord;

fn challenge_schema(schema: &mut schemars::Schema) {
    schema.insert("pattern".into(), json!("^[A-Za-z0-9_-]{43}$"));
    schema.insert("minLength".into(), json!(43));
    schema.insert("maxLength".into(), json!(43));
}

/// The longest `redirect_uri` the consent reads.
const MAX_REDIRECT_URI_CHARS: usize = 2000;

/// The dashboard's consent page, which reads the authorization request from its own query.
const CONSENT_PAGE: &str = "/#/oauth/authorize";

/// A client's authorization request (RFC 6749 §4.1.1 with PKCE, RFC 7636): the query of `GET
/// /api/oauth/authorize` and `GET /api/oauth/consent`, and the body of the consent's answer.
#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
pub struct AuthorizationRequest {
    /// The client's `client_id` (`wtc_...`), one of this workspace's.
    #[schemars(required)]
    pub client_id: Option<Text<100>>,
    /// One of the client's registered redirect URIs, exactly.
    #[schemars(required)]
    pub redirect_uri: Option<Text<MAX_REDIRECT_URI_CHARS>>,
    /// Only `code`.
    #[schemars(required, transform = shared::http::schema::one_of::<ResponseType>)]
    pub response_type: Option<String>,
    /// Space-separated scopes (`crm:read sales:write`), each among the client's; absent: all of
    /// the client's.
    pub scope: Option<Text<2000>>,
    /// The client's opaque value, returned unchanged in the redirect.
    #[schemars(extend("maxLength" = 500))]
    pub state: Option<String>,
    /// `BASE64URL(SHA256(code_verifier))`: 43 characters. Required of public clients; optional
    /// for confidential ones.
    #[schemars(transform = challenge_schema)]
    pub code_challenge: Option<String>,
    /// Only `S256` (`plain` is refused); with `code_challenge`.
    #[schemars(transform = shared::http::schema::one_of::<CodeChallengeMethod>)]
    pub code_challenge_method: Option<String>,
}

/// Body of `POST /api/oauth/authorize`: the authorization request, as the consent page received
/// it, and the user's answer.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct AuthorizeIn {
    #[serde(flatten)]
    pub request: AuthorizationRequest,
    /// `false`: the user declines (the redirect carries `error=access_denied`). Default `true`.
    pub approve: Option<bool>,
}

/// Where to send the user's browser next.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct AuthorizeOut {
    /// The redirect URI with `code` and `state` (or `error=access_denied` and `state`).
    pub redirect_to: String,
}

/// The application asking, as the consent page names it.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct ConsentClient {
    pub client_id: String,
    pub name: String,
    #[serde(rename = "type")]
    pub client_type: ClientType,
    /// The client registered itself (RFC 7591): its name is its own claim, which nobody checked.
    pub registered_itself: bool,
}

/// What the consent page shows the user before they answer.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct ConsentOut {
    pub client: ConsentClient,
    /// The scopes the answer grants (the client's own when the request names none).
    pub scopes: Vec<String>,
    /// Where the browser goes after the answer.
    pub redirect_uri: String,
}

/// An authorization request whose every field was checked against its client.
struct Checked {
    client: ClientIndex,
    redirect_uri: String,
    scopes: Vec<String>,
    challenge: Option<String>,
    state: Option<String>,
}

/// A request's fields as far as they can be checked without its client.
struct Shape {
    client_id: Option<String>,
    redirect_uri: Option<String>,
    scope: Option<String>,
    challenge: Option<String>,
    state: Option<String>,
}

/// Every check that needs no client, all reported at once.
fn shape(request: &AuthorizationRequest) -> (Shape, FieldErrors) {
    let mut errors = FieldErrors::default();
    let client_id = errors.required_text("client_id", request.client_id.clone());
    // Not trimmed: a redirect URI is matched exactly (RFC 9700 §2.1), white space included.
    let redirect_uri = errors.required("redirect_uri", request.redirect_uri.clone());
    let redirect_uri = errors.untrimmed_text("redirect_uri", redirect_uri);
    let response_type = errors.required("response_type", request.response_type.clone());
    errors.one_of("response_type", response_type, ResponseType::VALUES);
    let challenge = request.code_challenge.clone().filter(|c| !c.is_empty());
    if challenge
        .as_deref()
        .is_some_and(|c| c.len() != 43 || !c.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'))
    {
        errors.add(
            "code_challenge",
            "The code challenge must be the 43-character BASE64URL(SHA256(code_verifier)).",
        );
    }
    match (request.code_challenge_method.as_deref(), &challenge) {
        (Some(method), Some(_)) if method == CodeChallengeMethod::S256.as_str() => {}
        (Some("plain"), _) => errors.add(
            "code_challenge_method",
            "`plain` is refused: use S256 (RFC 7636), which never sends the verifier's secret twice.",
        ),
        (Some(_), Some(_)) => errors.add("code_challenge_method", "The only method is S256."),
        (None, Some(_)) => errors.add(
            "code_challenge_method",
            "The code challenge method is required with a code challenge: S256.",
        ),
        (Some(_), None) => errors.add(
            "code_challenge",
            "The code challenge is missing: a code challenge method needs one.",
        ),
        (None, None) => {}
    }
    let scope = errors.text("scope", request.scope.clone());
    let state = request.state.clone().filter(|s| !s.is_empty());
    if state.as_ref().is_some_and(|s| s.chars().count() > 500) {
        errors.add("state", "The state must be at most 500 characters.");
    }
    let shape = Shape {
        client_id,
        redirect_uri,
        scope,
        challenge,
        state,
    };
    (shape, errors)
}

/// The client `client_id` names, of any workspace, if it registered `redirect_uri` exactly: the
/// only case in which a fault may be reported to the client's redirect URI.
async fn registered(state: &AppState, client_id: &str, redirect_uri: &str) -> Result<Option<ClientIndex>, ApiError> {
    Ok(read_client(state, client_id)
        .await?
        .filter(|c| c.redirect_uris.iter().any(|u| u == redirect_uri)))
}

async fn read_client(state: &AppState, client_id: &str) -> Result<Option<ClientIndex>, ApiError> {
    Ok(state
        .store()
        .get(&oauth::client_index_key(client_id))
        .await?
        .and_then(|item| oauth::entry_of::<ClientIndex>(item, EntryKind::OauthClient)))
}

/// What needs the client (whose redirect URI the request names): a public client's PKCE
/// challenge, the scopes it may ask for.
fn checked_against(shape: Shape, client: ClientIndex, redirect_uri: String) -> Result<Checked, FieldErrors> {
    let mut errors = FieldErrors::default();
    if shape.challenge.is_none() && client.client_type == ClientType::Public {
        errors.add(
            "code_challenge",
            "A public client must send a PKCE code challenge (S256): it has no secret to prove the code is its own.",
        );
    }
    let scopes = requested_scopes(shape.scope.as_deref(), &client.scopes).unwrap_or_else(|message| {
        errors.add("scope", message);
        Vec::new()
    });
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(Checked {
        client,
        redirect_uri,
        scopes,
        challenge: shape.challenge,
        state: shape.state,
    })
}

/// The request checked for a user of `tenant` (the consent page and its answer): 422 naming every
/// faulty field. A client of another workspace, or none, answers alike.
async fn checked_for(state: &AppState, tenant: TenantId, request: &AuthorizationRequest) -> Result<Checked, ApiError> {
    let (shape, errors) = shape(request);
    errors.into_result(())?;
    let (Some(client_id), Some(redirect_uri)) = (shape.client_id.clone(), shape.redirect_uri.clone()) else {
        return Err(ApiError::internal(anyhow::anyhow!(
            "client_id and redirect_uri checked above"
        )));
    };
    let client = read_client(state, &client_id)
        .await?
        .filter(|c| c.serves(tenant))
        .ok_or_else(|| ApiError::invalid("client_id", "No OAuth client of this workspace has this client_id."))?;
    if !client.redirect_uris.contains(&redirect_uri) {
        return Err(ApiError::invalid(
            "redirect_uri",
            "The redirect URI is not one the client registered (they are matched exactly).",
        ));
    }
    checked_against(shape, client, redirect_uri).map_err(ApiError::Validation)
}

/// `redirect_uri` with `pairs` added to its query, and the client's `state` last.
fn redirect_with(redirect_uri: &str, pairs: &[(&str, &str)], state: Option<&str>) -> Result<String, ApiError> {
    let mut url = url::Url::parse(redirect_uri).map_err(ApiError::internal)?;
    {
        let mut query = url.query_pairs_mut();
        for (name, value) in pairs {
            query.append_pair(name, value);
        }
        if let Some(s) = state {
            query.append_pair("state", s);
        }
    }
    Ok(url.to_string())
}

/// The RFC 6749 §4.1.2.1 error code for a faulty field.
fn error_code(field: &str) -> &'static str {
    match field {
        "response_type" => "unsupported_response_type",
        "scope" => "invalid_scope",
        _ => "invalid_request",
    }
}

fn found(location: &str) -> Response {
    (
        StatusCode::FOUND,
        [(header::LOCATION, location), (header::CACHE_CONTROL, "no-store")],
    )
        .into_response()
}

/// `GET /api/oauth/authorize` (public: a browser): to the consent page, or back to the client
/// with the error when the request names a registered client and redirect URI but is faulty.
pub async fn begin(
    State(state): State<AppState>,
    RawQuery(raw): RawQuery,
    parsed: Result<Query<AuthorizationRequest>, QueryRejection>,
) -> Result<Response, ApiError> {
    let raw = raw.unwrap_or_default();
    let consent_page = found(&format!("{CONSENT_PAGE}?{raw}"));
    // A query that does not parse (a repeated parameter) cannot be trusted to name where to go
    // back to: the page shows the problem.
    let Ok(Query(request)) = parsed else {
        return Ok(consent_page);
    };
    let (shape, errors) = shape(&request);
    let (Some(client_id), Some(redirect_uri)) = (shape.client_id.clone(), shape.redirect_uri.clone()) else {
        return Ok(consent_page);
    };
    let Some(client) = registered(&state, &client_id, &redirect_uri).await? else {
        return Ok(consent_page);
    };
    let errors = if errors.is_empty() {
        match checked_against(shape, client, redirect_uri.clone()) {
            Ok(_) => return Ok(consent_page),
            Err(errors) => errors,
        }
    } else {
        errors
    };
    let (field, messages) = errors.into_entries().next().unwrap_or_default();
    let to = redirect_with(
        &redirect_uri,
        &[
            ("error", error_code(&field)),
            ("error_description", &messages.join(" ")),
        ],
        request.state.as_deref().filter(|s| !s.is_empty()),
    )?;
    Ok(found(&to))
}

/// `GET /api/oauth/consent` (a login session): the request checked for the user, and what the
/// consent page names (the client's registered name is its workspace record's).
pub async fn consent(
    Caller { state, principal }: Caller,
    ValidQuery(request): ValidQuery<AuthorizationRequest>,
) -> Result<Json<ConsentOut>, ApiError> {
    let checked = checked_for(&state, principal.account_tenant, &request).await?;
    let client = match &checked.client.open {
        Some(open) => ConsentClient {
            client_id: checked.client.client_id.clone(),
            name: open.name.clone(),
            client_type: checked.client.client_type,
            registered_itself: true,
        },
        None => {
            let record = state
                .store()
                .get_as::<OAuthClientRecord>(&oauth::client_key(checked.client.tenant, checked.client.id))
                .await?
                .ok_or_else(|| {
                    ApiError::invalid("client_id", "No OAuth client of this workspace has this client_id.")
                })?;
            ConsentClient {
                client_id: record.client_id,
                name: record.name,
                client_type: record.client_type,
                registered_itself: false,
            }
        }
    };
    Ok(Json(ConsentOut {
        client,
        scopes: checked.scopes,
        redirect_uri: checked.redirect_uri,
    }))
}

/// `POST /api/oauth/authorize` (a login session only): checks the request, and on approval issues
/// a single-use code for five minutes, bound to the client, the redirect URI, the user, the scopes
/// and the PKCE challenge. Every problem with the request is a 422 naming the field; nothing is
/// ever sent to a redirect URI the client did not register.
pub async fn authorize(
    Caller { state, principal }: Caller,
    ClientIp(ip): ClientIp,
    ValidJson(body): ValidJson<AuthorizeIn>,
) -> Result<Json<AuthorizeOut>, ApiError> {
    let checked = checked_for(&state, principal.account_tenant, &body.request).await?;
    let app_state = checked.state.as_deref();
    if body.approve == Some(false) {
        let to = redirect_with(
            &checked.redirect_uri,
            &[
                ("error", "access_denied"),
                ("error_description", "The user declined the request."),
            ],
            app_state,
        )?;
        return Ok(Json(AuthorizeOut { redirect_to: to }));
    }
    let code = oauth::generate(oauth::CODE_PREFIX);
    let tenant = principal.account_tenant;
    let entry = CodeIndex {
        kind: EntryKind::OauthCode,
        tenant,
        client: checked.client.id,
        user_id: principal.user_id,
        redirect_uri: checked.redirect_uri.clone(),
        scopes: checked.scopes.clone(),
        challenge: checked.challenge.clone(),
        grant: None,
        version: 1,
    };
    let mut writes = vec![Write::put(
        Item::from_value(oauth::index_key(&oauth::hash(&code)), &entry)?
            .expiring_at(shared::time::now_unix() + oauth::CODE_TTL_SECS),
        Condition::NotExists,
    )];
    if let Some(open) = &checked.client.open {
        writes.extend(first_consent_record(&state, tenant, &checked.client, open, principal.user_id).await?);
    }
    writes.extend(activity::entry(
        tenant,
        principal.user_id,
        Action::OauthAuthorized,
        &ip,
        json!({"oauth_client_id": checked.client.id, "client_id": checked.client.client_id, "scopes": checked.scopes}),
    )?);
    state.store().transact(writes).await?;
    let to = redirect_with(&checked.redirect_uri, &[("code", &code)], app_state)?;
    Ok(Json(AuthorizeOut { redirect_to: to }))
}

/// A client that registered itself, recorded among the workspace's clients at its first consent
/// there: its tokens need the record (deleting it ends them), and the administrators see it.
async fn first_consent_record(
    state: &AppState,
    tenant: TenantId,
    client: &ClientIndex,
    open: &super::OpenClient,
    user_id: u64,
) -> Result<Vec<Write>, ApiError> {
    let key = oauth::client_key(tenant, client.id);
    if state.store().get(&key).await?.is_some() {
        return Ok(Vec::new());
    }
    let record = OAuthClientRecord {
        id: client.id,
        client_id: client.client_id.clone(),
        name: open.name.clone(),
        client_type: client.client_type,
        redirect_uris: client.redirect_uris.clone(),
        scopes: client.scopes.clone(),
        user_id,
        created_at: shared::time::now_rfc3339(),
        version: 1,
        registered_itself: true,
    };
    let mut writes = vec![Write::put(Item::from_value(key, &record)?, Condition::NotExists)];
    writes.extend(shared::resource::index::writes_in(tenant, None, Some(&record))?);
    Ok(writes)
}
