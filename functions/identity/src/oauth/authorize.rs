//! The consent step (`POST /api/oauth/authorize`): the logged-in user, on a consent page of the
//! workspace's own front end, approves (or declines) a client's authorization request. The answer
//! is where to send the browser: the client's redirect URI with `code` and `state`.

use axum::extract::State;
use serde::{Deserialize, Serialize};
use serde_json::json;
use shared::auth::oauth::{self, EntryKind};
use shared::auth::Principal;
use shared::domain::Choice;
use shared::http::Json;
use shared::http::{ApiError, ClientIp, FieldErrors, ValidJson};
use shared::store::{Condition, Item, Write};
use shared::AppState;

use super::{requested_scopes, ClientIndex, CodeChallengeMethod, CodeIndex, ResponseType};
use crate::activity::{self, Action};

fn challenge_schema(schema: &mut schemars::Schema) {
    schema.insert("pattern".into(), json!("^[A-Za-z0-9_-]{43}$"));
    schema.insert("minLength".into(), json!(43));
    schema.insert("maxLength".into(), json!(43));
}

/// The longest `redirect_uri` the consent reads.
const MAX_REDIRECT_URI_CHARS: u64 = 2000;

/// Body of `POST /api/oauth/authorize`: the client's authorization request (RFC 6749 §4.1.1 with
/// PKCE, RFC 7636), as the consent page received it, and the user's answer.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct AuthorizeIn {
    /// The client's `client_id` (`wtc_...`), one of this workspace's.
    #[schemars(required, transform = shared::http::schema::text::<100>)]
    pub client_id: Option<String>,
    /// One of the client's registered redirect URIs, exactly.
    #[schemars(required, transform = shared::http::schema::text::<MAX_REDIRECT_URI_CHARS>)]
    pub redirect_uri: Option<String>,
    /// Only `code`.
    #[schemars(required, transform = shared::http::schema::one_of::<ResponseType>)]
    pub response_type: Option<String>,
    /// Space-separated scopes (`crm:read sales:write`), each among the client's; absent: all of
    /// the client's.
    #[schemars(transform = shared::http::schema::text::<2000>)]
    pub scope: Option<String>,
    /// The client's opaque value, returned unchanged in the redirect.
    #[schemars(extend("maxLength" = 500))]
    pub state: Option<String>,
    /// `BASE64URL(SHA256(code_verifier))`: 43 characters.
    #[schemars(required, transform = challenge_schema)]
    pub code_challenge: Option<String>,
    /// Only `S256`; `plain` is refused.
    #[schemars(required, transform = shared::http::schema::one_of::<CodeChallengeMethod>)]
    pub code_challenge_method: Option<String>,
    /// `false`: the user declines (the redirect carries `error=access_denied`). Default `true`.
    pub approve: Option<bool>,
}

/// Where to send the user's browser next.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct AuthorizeOut {
    /// The redirect URI with `code` and `state` (or `error=access_denied` and `state`).
    pub redirect_to: String,
}

/// `POST /api/oauth/authorize` (a login session only): checks the request, and on approval issues
/// a single-use code for five minutes, bound to the client, the redirect URI, the user, the scopes
/// and the PKCE challenge. Every problem with the request is a 422 naming the field; nothing is
/// ever sent to a redirect URI the client did not register.
pub async fn authorize(
    State(state): State<AppState>,
    principal: Principal,
    ClientIp(ip): ClientIp,
    ValidJson(body): ValidJson<AuthorizeIn>,
) -> Result<Json<AuthorizeOut>, ApiError> {
    let mut errors = FieldErrors::default();
    let client_id = errors.required_text("client_id", body.client_id, 100);
    // Not trimmed: a redirect URI is matched exactly (RFC 9700 §2.1), white space included.
    let redirect_uri = errors.required("redirect_uri", body.redirect_uri);
    let redirect_uri = errors.untrimmed_text("redirect_uri", redirect_uri, MAX_REDIRECT_URI_CHARS as usize);
    let response_type = errors.required("response_type", body.response_type);
    errors.one_of("response_type", response_type, ResponseType::VALUES);
    let challenge = errors.required("code_challenge", body.code_challenge);
    if challenge
        .as_deref()
        .is_some_and(|c| c.len() != 43 || !c.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'))
    {
        errors.add(
            "code_challenge",
            "The code challenge must be the 43-character BASE64URL(SHA256(code_verifier)).",
        );
    }
    match body.code_challenge_method.as_deref() {
        Some(method) if method == CodeChallengeMethod::S256.as_str() => {}
        Some("plain") => errors.add(
            "code_challenge_method",
            "`plain` is refused: use S256 (RFC 7636), which never sends the verifier's secret twice.",
        ),
        Some(_) => errors.add("code_challenge_method", "The only method is S256."),
        None => errors.add("code_challenge_method", "The code challenge method is required: S256."),
    }
    let scope = errors.text("scope", body.scope, 2000);
    let app_state = body.state.filter(|s| !s.is_empty());
    if app_state.as_ref().is_some_and(|s| s.chars().count() > 500) {
        errors.add("state", "The state must be at most 500 characters.");
    }
    let (client_id, redirect_uri, challenge) = errors.finish((client_id, redirect_uri, challenge))?;

    // A client of another workspace, or none, answers alike.
    let client = state
        .store()
        .get(&oauth::client_index_key(&client_id))
        .await?
        .and_then(|item| oauth::entry_of::<ClientIndex>(item, EntryKind::OauthClient))
        .filter(|c| c.tenant == principal.account_tenant)
        .ok_or_else(|| ApiError::invalid("client_id", "No OAuth client of this workspace has this client_id."))?;
    if !client.redirect_uris.contains(&redirect_uri) {
        return Err(ApiError::invalid(
            "redirect_uri",
            "The redirect URI is not one the client registered (they are matched exactly).",
        ));
    }
    let scopes = requested_scopes(scope.as_deref(), &client.scopes).map_err(|m| ApiError::invalid("scope", m))?;

    let mut url = url::Url::parse(&redirect_uri).map_err(ApiError::internal)?;
    if body.approve == Some(false) {
        {
            let mut query = url.query_pairs_mut();
            query.append_pair("error", "access_denied");
            query.append_pair("error_description", "The user declined the request.");
            if let Some(s) = &app_state {
                query.append_pair("state", s);
            }
        }
        return Ok(Json(AuthorizeOut {
            redirect_to: url.to_string(),
        }));
    }
    let code = oauth::generate(oauth::CODE_PREFIX);
    let entry = CodeIndex {
        kind: EntryKind::OauthCode,
        tenant: client.tenant,
        client: client.id,
        user_id: principal.user_id,
        redirect_uri,
        scopes: scopes.clone(),
        challenge,
        grant: None,
        version: 1,
    };
    let mut writes = vec![Write::put(
        Item::from_value(oauth::index_key(&oauth::hash(&code)), &entry)?
            .expiring_at(shared::time::now_unix() + oauth::CODE_TTL_SECS),
        Condition::NotExists,
    )];
    writes.extend(activity::entry(
        principal.account_tenant,
        principal.user_id,
        Action::OauthAuthorized,
        &ip,
        json!({"oauth_client_id": client.id, "scopes": scopes}),
    )?);
    state.store().transact(writes).await?;
    {
        let mut query = url.query_pairs_mut();
        query.append_pair("code", &code);
        if let Some(s) = &app_state {
            query.append_pair("state", s);
        }
    }
    Ok(Json(AuthorizeOut {
        redirect_to: url.to_string(),
    }))
}
