//! API keys: `wt_live_` (or `wt_test_` for the sandbox), the issuing region and `_` when the
//! platform has several ([`crate::region`]), then 40 random characters. Only the SHA-256 is
//! stored, so a lookup is one read by key and the key itself cannot be recovered from the store.

use rand::Rng;
use sha2::{Digest, Sha256};

pub const LIVE_PREFIX: &str = "wt_live_";
pub const TEST_PREFIX: &str = "wt_test_";

/// A freshly generated key; `secret` is shown to its owner once and never stored.
pub struct NewApiKey {
    pub secret: String,
    pub hash_hex: String,
    /// The kind, its region if any, and the first 4 random characters (`wt_live_Ab3x`,
    /// `wt_live_eu1_Ab3x`), for recognising a key in a list.
    pub prefix: String,
    pub last_four: String,
}

pub fn generate(prefix: &str) -> NewApiKey {
    const ALPHABET: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    let mut rng = rand::rng();
    let body: String = (0..40)
        .map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())] as char)
        .collect();
    let secret = format!("{prefix}{body}");
    NewApiKey {
        hash_hex: hash(&secret),
        // The kind (with its region, if any) and 4 random characters.
        prefix: secret[..prefix.len() + 4].to_string(),
        last_four: secret[secret.len() - 4..].to_string(),
        secret,
    }
}

/// Whether a bearer token looks like an API key rather than a session token.
pub fn looks_like_api_key(token: &str) -> bool {
    token.starts_with(LIVE_PREFIX) || token.starts_with(TEST_PREFIX)
}

pub fn hash(secret: &str) -> String {
    hex::encode(Sha256::digest(secret.as_bytes()))
}

#[cfg(test)]
mod tests {
    #[test]
    fn keys_are_unique_and_hash_to_their_stored_form() {
        let a = super::generate(super::LIVE_PREFIX);
        let b = super::generate(super::LIVE_PREFIX);
        assert_ne!(a.secret, b.secret);
        assert!(a.secret.starts_with("wt_live_") && a.secret.len() == 48);
        assert_eq!(super::hash(&a.secret), a.hash_hex);
        assert!(a.secret.ends_with(&a.last_four) && a.secret.starts_with(&a.prefix));
        assert!(super::looks_like_api_key(&a.secret));
    }
}
