//! OAuth 2.0 credentials (RFC 6749 with PKCE, RFC 7636): the token formats, the scope names
//! (`crm.read`, the permissions' own names), and the index entry an access token's hash points to. Identity issues and revokes
//! them (`identity::oauth`); every function authenticates access tokens through
//! [`super::Principal`], like API keys: one read by the token's SHA-256, then the user and
//! workspace.
//!
//! Every OAuth secret (access and refresh tokens, authorization codes, client secrets) is stored
//! as its SHA-256 only. Their entries share the global index of credential hashes with API keys
//! (`GlobalIndex::ApiKeyHash`): the hashed strings differ by prefix, so they cannot collide, and
//! each entry says which kind it is.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use rand::Rng;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

use super::{Permission, ALL_PERMISSIONS};
use crate::store::{GlobalIndex, Item, Key, TenantId};

/// Access tokens: `wto_` + 43 random characters (about 256 bits).
pub const ACCESS_PREFIX: &str = "wto_";
/// Refresh tokens.
pub const REFRESH_PREFIX: &str = "wtr_";
/// Client ids (public, not secret).
pub const CLIENT_ID_PREFIX: &str = "wtc_";
/// Client secrets of confidential clients.
pub const CLIENT_SECRET_PREFIX: &str = "wtcs_";
/// Authorization codes.
pub const CODE_PREFIX: &str = "wtac_";

/// An access token's lifetime (`expires_in`).
pub const ACCESS_TTL_SECS: i64 = 3600;
/// A refresh token's lifetime; each refresh issues a new one with a fresh lifetime.
pub const REFRESH_TTL_SECS: i64 = 30 * 24 * 3600;
/// An authorization code's lifetime: it is exchanged at once by the client's callback.
pub const CODE_TTL_SECS: i64 = 300;
/// OAuth tokens are limited to this many requests per hour, or the plan's limit when lower.
pub const REQUESTS_PER_HOUR: u32 = 1000;

/// A new random secret with `prefix`.
pub fn generate(prefix: &str) -> String {
    const ALPHABET: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    let mut rng = rand::rng();
    let body: String = (0..43)
        .map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())] as char)
        .collect();
    format!("{prefix}{body}")
}

/// The stored form of a secret: hex SHA-256.
pub fn hash(secret: &str) -> String {
    hex::encode(Sha256::digest(secret.as_bytes()))
}

/// Whether a bearer token looks like an OAuth access token.
pub fn looks_like_access_token(token: &str) -> bool {
    token.starts_with(ACCESS_PREFIX)
}

/// The index entry of a hashed secret (token, code or client secret).
pub fn index_key(hash_hex: &str) -> Key {
    Key::global(GlobalIndex::ApiKeyHash, hash_hex)
}

/// Record kind of OAuth clients.
pub const CLIENT: &str = "oauthclient";

/// A client's record in the workspace that registered it. Every access token's authentication
/// reads it, so deleting the client ends its tokens without a write per token.
pub fn client_key(tenant: TenantId, id: u64) -> Key {
    Key::record(tenant, CLIENT, id)
}

/// The index entry of a client, by its (public) client id.
pub fn client_index_key(client_id: &str) -> Key {
    Key::global(GlobalIndex::ApiKeyHash, client_id)
}

/// Constant-time equality of two stored hashes (or a challenge and its computed value).
pub fn same(a: &str, b: &str) -> bool {
    bool::from(a.as_bytes().ct_eq(b.as_bytes()))
}

/// PKCE S256: `BASE64URL(SHA256(verifier))`, unpadded (RFC 7636 §4.2).
pub fn s256(verifier: &str) -> String {
    URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes()))
}

/// A scope's name: the permission's own, `crm.read`, `sales.write`: one vocabulary for API key
/// scopes, roles and OAuth.
pub fn scope_name(permission: Permission) -> String {
    permission.name()
}

/// The permission a scope name stands for: `crm.read`, or `crm:read`, the spelling OAuth scopes
/// had in version 1.0 of the API, accepted as an alias; `None` for anything else.
pub fn parse_scope(raw: &str) -> Option<Permission> {
    match raw.split_once(':') {
        Some((module, access)) => Permission::parse(&format!("{module}.{access}")),
        None => Permission::parse(raw),
    }
}

/// A scope as answered and stored: its canonical name, whichever spelling it came in (a client
/// registered under version 1.0 keeps `crm:read` in its record).
pub fn canonical_scope(raw: &str) -> Option<String> {
    parse_scope(raw).map(scope_name)
}

/// Every scope name, in a stable order.
pub fn all_scopes() -> Vec<String> {
    ALL_PERMISSIONS.iter().map(|p| scope_name(*p)).collect()
}

/// Every scope name and its old spelling (`crm:read`), which requests may still use.
pub fn accepted_scopes() -> Vec<String> {
    ALL_PERMISSIONS
        .iter()
        .flat_map(|p| [scope_name(*p), scope_name(*p).replacen('.', ":", 1)])
        .collect()
}

/// What an entry of the credential index is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EntryKind {
    OauthAccess,
    OauthRefresh,
    OauthCode,
    OauthClient,
}

/// `item` parsed as `T` when its `kind` is `kind` (an entry of another kind, or an API key's, is
/// `None`: a refresh token presented as a code names nothing).
pub fn entry_of<T: serde::de::DeserializeOwned>(item: Item, kind: EntryKind) -> Option<T> {
    let stored = item.data.get("kind").cloned();
    if stored != serde_json::to_value(kind).ok() {
        return None;
    }
    item.into_parsed().ok()
}

/// The entry an access token's hash points to: everything a request needs, in one read. It
/// expires with the token.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct AccessTokenIndex {
    pub kind: EntryKind,
    /// The workspace of the client and the user (OAuth tokens act on live data only).
    pub tenant: TenantId,
    pub user_id: u64,
    /// The client's record id.
    pub client: u64,
    /// The grant (token family) this token belongs to: one per authorization or client
    /// credentials request; refreshes keep it.
    pub grant: String,
    /// Scope names (`crm.read`) narrowing the user's permissions.
    pub scopes: Vec<String>,
}

/// The error body of the token and revocation endpoints: RFC 6749 §5.2's `error` and
/// `error_description`, with the API's own envelope fields beside them (`code` equals `error`).
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct OAuthErrorBody {
    /// `invalid_request`, `invalid_client`, `invalid_grant`, `unauthorized_client`,
    /// `unsupported_grant_type` or `invalid_scope`.
    pub error: String,
    pub error_description: String,
    pub message: String,
    pub code: String,
    pub request_id: String,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::auth::Module;

    #[test]
    fn scopes_are_the_permission_names_and_the_old_spelling_is_an_alias() {
        for name in all_scopes() {
            assert_eq!(parse_scope(&name).map(scope_name), Some(name.clone()));
            assert_eq!(canonical_scope(&name.replace('.', ":")), Some(name));
        }
        assert_eq!(parse_scope("crm.read"), Some(Permission::read(Module::Crm)));
        assert_eq!(parse_scope("crm:read"), Some(Permission::read(Module::Crm)));
        assert_eq!(parse_scope("crm:delete"), None);
        assert_eq!(parse_scope("crm"), None);
        assert_eq!(accepted_scopes().len(), 2 * all_scopes().len());
    }

    #[test]
    fn s256_matches_rfc_7636_appendix_b() {
        assert_eq!(
            s256("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"),
            "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
        );
    }

    #[test]
    fn tokens_are_long_random_and_prefixed() {
        let a = generate(ACCESS_PREFIX);
        assert!(looks_like_access_token(&a) && a.len() == 47);
        assert_ne!(a, generate(ACCESS_PREFIX));
        assert!(!looks_like_access_token(&generate(REFRESH_PREFIX)));
    }
}
