//! Argon2id password hashing, run on the blocking pool (it is deliberately slow).

use std::sync::OnceLock;

use argon2::password_hash::{rand_core::OsRng, PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;

/// The PHC string of `password`.
pub async fn hash(password: String) -> anyhow::Result<String> {
    tokio::task::spawn_blocking(move || {
        let salt = SaltString::generate(&mut OsRng);
        Argon2::default()
            .hash_password(password.as_bytes(), &salt)
            .map(|h| h.to_string())
            .map_err(|e| anyhow::anyhow!("hashing failed: {e}"))
    })
    .await?
}

/// Whether `password` matches `phc`. A malformed hash never matches.
pub async fn verify(password: String, phc: String) -> bool {
    tokio::task::spawn_blocking(move || {
        PasswordHash::new(&phc)
            .map(|parsed| Argon2::default().verify_password(password.as_bytes(), &parsed).is_ok())
            .unwrap_or(false)
    })
    .await
    .unwrap_or(false)
}

/// Verifies against a fixed hash so a login for an unknown e-mail costs as much as a real one and its
/// timing does not reveal whether the address exists.
pub async fn verify_against_nothing(password: String) {
    static DUMMY: OnceLock<String> = OnceLock::new();
    let phc = match DUMMY.get() {
        Some(phc) => phc.clone(),
        None => {
            let made = hash("worktop-timing-equaliser".into()).await.unwrap_or_default();
            DUMMY.get_or_init(|| made).clone()
        }
    };
    let _ = verify(password, phc).await;
}

/// A random password for generated credentials: 20 characters from an unambiguous alphabet.
pub fn generate() -> String {
    use rand::Rng;
    const ALPHABET: &[u8] = b"abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    let mut rng = rand::rng();
    (0..20)
        .map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())] as char)
        .collect()
}

#[cfg(test)]
mod tests {
    #[tokio::test]
    async fn a_hash_verifies_only_its_password() {
        let phc = super::hash("correct horse".into()).await.unwrap();
        assert!(phc.starts_with("$argon2id$"));
        assert!(super::verify("correct horse".into(), phc.clone()).await);
        assert!(!super::verify("wrong horse".into(), phc).await);
        assert!(!super::verify("x".into(), "not a hash".into()).await);
    }
}
