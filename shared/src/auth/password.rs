//! Argon2id password hashing, run on the blocking pool (it is deliberately slow), and the one
//! check of a new password ([`refusal`]).

use std::collections::HashSet;
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

/// The 19,640 most common passwords, lower-cased, one a line: the list Django ships as
/// `django/contrib/auth/common-passwords.txt.gz` (Django 5.2.19 from PyPI; compiled by Royce
/// Williams from breach corpora), redistributed under Django's BSD-3-Clause licence: Copyright (c)
/// Django Software Foundation and individual contributors. All rights reserved.
const COMMON_PASSWORDS: &str = include_str!("common-passwords.txt");

fn is_common(lowered: &str) -> bool {
    static COMMON: OnceLock<HashSet<&'static str>> = OnceLock::new();
    COMMON
        .get_or_init(|| COMMON_PASSWORDS.lines().collect())
        .contains(lowered)
}

/// Why `plain` may not be the password of the user with `email` and `name`, or `None`: one of the
/// most common passwords, or the user's e-mail, its local part or their name, case-insensitively
/// (NIST SP 800-63B §5.1.1.2). Every route that sets a password asks this; the length is checked
/// with the other fields ([`crate::http::FieldErrors::password`]).
pub fn refusal(plain: &str, email: &str, name: &str) -> Option<&'static str> {
    let lowered = plain.to_lowercase();
    let local_part = email.split('@').next().unwrap_or_default();
    if [email, local_part, name.trim()]
        .iter()
        .any(|own| lowered == own.to_lowercase())
    {
        Some("The password must not be your e-mail address or your name.")
    } else if is_common(&lowered) {
        Some("This password is one of the most commonly used ones; choose another.")
    } else {
        None
    }
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

    #[test]
    fn common_passwords_and_the_users_own_words_are_refused() {
        let refused = |plain| super::refusal(plain, "Sam.Rivera@Example.com", "Sam Rivera");
        for common in ["12345678", "password", "PassWord", "iloveyou", "qwertyuiop"] {
            assert!(refused(common).is_some_and(|why| why.contains("common")), "{common}");
        }
        for own in ["sam.rivera@example.com", "SAM.RIVERA", "sam rivera"] {
            assert!(refused(own).is_some_and(|why| why.contains("e-mail")), "{own}");
        }
        assert_eq!(refused("correct horse battery"), None);
        assert_eq!(refused(&super::generate()), None);
        assert!(super::COMMON_PASSWORDS.lines().count() >= 10_000);
    }
}
