//! Secrets the API stores but never shows again (SMTP and integration passwords, tokens), sealed
//! with envelope encryption: each secret gets its own random 256-bit data key that encrypts it
//! (AES-256-GCM), and the data key is itself encrypted with the master key
//! (`WORKTOP_SECRETS_KEY`). Both encryptions bind the secret's place (`context`: tenant and
//! field) as associated data, so a sealed value copied to another tenant or field does not open.
//!
//! The master key is required in the cloud (`STORE=dynamodb` or inside Lambda), like
//! `JWT_SECRET`; a local run without it generates one into `DATA_DIR/secrets_key` once.

use std::fmt;

use base64::engine::general_purpose::STANDARD as B64;
use base64::Engine;
use ring::aead::{Aad, LessSafeKey, Nonce, UnboundKey, AES_256_GCM, NONCE_LEN};
use ring::rand::{SecureRandom, SystemRandom};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::config::{SecretKey, StoreKind};
use crate::http::ApiError;
use crate::AppState;

/// A sealed secret as stored. Its `Debug` shows nothing of it.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sealed {
    /// Which master key sealed it: the first 8 hex digits of the key's SHA-256.
    pub kid: String,
    /// The data key, encrypted with the master key (base64, with its tag).
    pub wrapped_key: String,
    pub key_nonce: String,
    /// The secret, encrypted with the data key (base64, with its tag).
    pub ciphertext: String,
    pub nonce: String,
}

impl fmt::Debug for Sealed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Sealed(kid {})", self.kid)
    }
}

fn crypto_error(what: &str) -> ApiError {
    ApiError::internal(anyhow::anyhow!("{what}"))
}

fn random<const N: usize>() -> Result<[u8; N], ApiError> {
    let mut bytes = [0u8; N];
    SystemRandom::new()
        .fill(&mut bytes)
        .map_err(|_| crypto_error("the system random source failed"))?;
    Ok(bytes)
}

fn cipher(key: &[u8; 32]) -> Result<LessSafeKey, ApiError> {
    UnboundKey::new(&AES_256_GCM, key)
        .map(LessSafeKey::new)
        .map_err(|_| crypto_error("an AES-256 key was refused"))
}

fn seal_with(key: &[u8; 32], context: &str, plain: &[u8]) -> Result<(String, String), ApiError> {
    let nonce = random::<NONCE_LEN>()?;
    let mut buffer = plain.to_vec();
    cipher(key)?
        .seal_in_place_append_tag(
            Nonce::assume_unique_for_key(nonce),
            Aad::from(context.as_bytes()),
            &mut buffer,
        )
        .map_err(|_| crypto_error("sealing failed"))?;
    Ok((B64.encode(buffer), B64.encode(nonce)))
}

fn open_with(key: &[u8; 32], context: &str, sealed: &str, nonce: &str) -> Result<Vec<u8>, ApiError> {
    let corrupt = || crypto_error("a sealed secret does not open (wrong master key or corrupt record)");
    let nonce: [u8; NONCE_LEN] = B64
        .decode(nonce)
        .ok()
        .and_then(|n| n.try_into().ok())
        .ok_or_else(corrupt)?;
    let mut buffer = B64.decode(sealed).map_err(|_| corrupt())?;
    let plain = cipher(key)?
        .open_in_place(
            Nonce::assume_unique_for_key(nonce),
            Aad::from(context.as_bytes()),
            &mut buffer,
        )
        .map_err(|_| corrupt())?;
    Ok(plain.to_vec())
}

fn key_id(key: &SecretKey) -> String {
    hex::encode(&Sha256::digest(key.expose())[..4])
}

/// The master key: `WORKTOP_SECRETS_KEY`, or locally one generated once into `DATA_DIR`.
fn master_key(state: &AppState) -> Result<SecretKey, ApiError> {
    let config = state.config();
    if let Some(key) = &config.secrets_key {
        return Ok(key.clone());
    }
    if config.store != StoreKind::Embedded || config.in_lambda {
        return Err(crypto_error(
            "WORKTOP_SECRETS_KEY is required when STORE=dynamodb or inside Lambda",
        ));
    }
    let path = config.data_dir.join("secrets_key");
    if let Some(key) = std::fs::read_to_string(&path)
        .ok()
        .and_then(|raw| SecretKey::parse(&raw))
    {
        return Ok(key);
    }
    let key = random::<32>()?;
    std::fs::create_dir_all(&config.data_dir).map_err(ApiError::internal)?;
    std::fs::write(&path, hex::encode(key)).map_err(ApiError::internal)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).map_err(ApiError::internal)?;
    }
    Ok(SecretKey::new(key))
}

/// Seals `plain` for the place `context` names (`t/<tenant>/smtp`).
pub fn seal(state: &AppState, context: &str, plain: &str) -> Result<Sealed, ApiError> {
    let master = master_key(state)?;
    let data_key = random::<32>()?;
    let (ciphertext, nonce) = seal_with(&data_key, context, plain.as_bytes())?;
    let (wrapped_key, key_nonce) = seal_with(master.expose(), context, &data_key)?;
    Ok(Sealed {
        kid: key_id(&master),
        wrapped_key,
        key_nonce,
        ciphertext,
        nonce,
    })
}

/// Opens a secret sealed for `context` (for the code that uses it: sending mail, calling the
/// gateway). Never answer or log what it returns.
pub fn open(state: &AppState, context: &str, sealed: &Sealed) -> Result<String, ApiError> {
    let master = master_key(state)?;
    let data_key: [u8; 32] = open_with(master.expose(), context, &sealed.wrapped_key, &sealed.key_nonce)?
        .try_into()
        .map_err(|_| crypto_error("a data key has the wrong length"))?;
    let plain = open_with(&data_key, context, &sealed.ciphertext, &sealed.nonce)?;
    String::from_utf8(plain).map_err(|_| crypto_error("a sealed secret is not text"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sealed_value_opens_only_with_its_key_and_context() {
        let master = [7u8; 32];
        let data = [9u8; 32];
        let (ct, nonce) = seal_with(&data, "t/1/smtp", b"hunter22").unwrap();
        assert!(!ct.contains("hunter22"));
        assert_eq!(open_with(&data, "t/1/smtp", &ct, &nonce).unwrap(), b"hunter22");
        assert!(open_with(&data, "t/2/smtp", &ct, &nonce).is_err());
        assert!(open_with(&master, "t/1/smtp", &ct, &nonce).is_err());
        let (again, _) = seal_with(&data, "t/1/smtp", b"hunter22").unwrap();
        assert_ne!(ct, again, "a fresh nonce every time");
    }
}
