//! The principal cache: what a token resolved to, kept in the instance for a few seconds so a
//! warm request authenticates without reading the store ([`crate::store::cache::Kept`]).
//!
//! Keyed by the token's SHA-256, never the token. An entry is read from the key's or session's
//! entry, the user and the workspace, so a change made on this instance (a key revoked, a session
//! ended, a role, status, password, plan or module changed, a workspace suspended) makes the
//! entries that read it miss at once. Another instance's change reaches this one when the entry
//! expires: after `AUTH_CACHE_SECONDS` at most (0 turns the cache off).

use sha2::{Digest, Sha256};

use super::Principal;
use crate::store::cache::Kept;
use crate::store::Key;

/// What the cache keeps per token: the principal, and for an API key its index entry (its
/// last use is still recorded once a minute on a cached request).
#[derive(Clone)]
pub struct Cached {
    pub principal: Principal,
    pub key_use: Option<(Key, super::records::ApiKeyIndex)>,
}

/// The principal cache, by token hash ([`token_hash`]).
pub type AuthCache = Kept<[u8; 32], Cached>;

/// A token's cache key.
pub fn token_hash(token: &str) -> [u8; 32] {
    Sha256::digest(token.as_bytes()).into()
}
