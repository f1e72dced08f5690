//! Session tokens: HS256 JWTs (the algorithm is pinned; `none` or any other is refused) carrying the
//! tenant, user, session id and a `jti` that rotates on every refresh.

use jsonwebtoken::{decode, encode, Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};

use crate::store::TenantId;

/// The token's claims.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Claims {
    /// The user id.
    pub sub: String,
    /// The tenant id.
    pub tid: u64,
    /// The session id.
    pub sid: String,
    /// This token's id; the session accepts only its latest.
    pub jti: String,
    pub iat: i64,
    pub exp: i64,
    /// The region that issued it, when the platform has several ([`crate::region`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rgn: Option<String>,
}

impl Claims {
    pub fn user_id(&self) -> Option<u64> {
        self.sub.parse().ok()
    }
    pub fn tenant(&self) -> TenantId {
        TenantId(self.tid)
    }
}

/// Signing and verification keys derived from `JWT_SECRET`.
#[derive(Clone)]
pub struct JwtKeys {
    encoding: EncodingKey,
    decoding: DecodingKey,
    validation: Validation,
}

impl JwtKeys {
    pub fn new(secret: &[u8]) -> Self {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.algorithms = vec![Algorithm::HS256];
        validation.leeway = 0;
        validation.set_required_spec_claims(&["exp", "sub"]);
        Self {
            encoding: EncodingKey::from_secret(secret),
            decoding: DecodingKey::from_secret(secret),
            validation,
        }
    }

    pub fn sign(&self, claims: &Claims) -> anyhow::Result<String> {
        Ok(encode(&Header::new(Algorithm::HS256), claims, &self.encoding)?)
    }

    /// The claims of a token this service signed and that has not expired.
    pub fn verify(&self, token: &str) -> Option<Claims> {
        decode::<Claims>(token, &self.decoding, &self.validation)
            .ok()
            .map(|data| data.claims)
    }
}

/// A new random id for a session or a token.
pub fn new_id() -> String {
    uuid::Uuid::new_v4().simple().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use base64::engine::general_purpose::URL_SAFE_NO_PAD;
    use base64::Engine;

    fn claims(exp_offset: i64) -> Claims {
        let now = crate::time::now_unix();
        Claims {
            sub: "1".into(),
            tid: 1,
            sid: "s".into(),
            jti: "j".into(),
            iat: now,
            exp: now + exp_offset,
            rgn: None,
        }
    }

    #[test]
    fn a_signed_token_verifies_and_a_tampered_or_foreign_one_does_not() {
        let keys = JwtKeys::new(b"0123456789abcdef0123456789abcdef");
        let token = keys.sign(&claims(60)).unwrap();
        assert_eq!(keys.verify(&token).unwrap().sub, "1");
        let other = JwtKeys::new(b"another-secret-another-secret-xx");
        assert!(other.verify(&token).is_none());
        let mut parts: Vec<String> = token.split('.').map(str::to_owned).collect();
        parts[1] = URL_SAFE_NO_PAD.encode(br#"{"sub":"2","tid":1,"sid":"s","jti":"j","iat":0,"exp":9999999999}"#);
        assert!(keys.verify(&parts.join(".")).is_none());
        assert!(keys.verify(&keys.sign(&claims(-5)).unwrap()).is_none(), "expired");
    }

    #[test]
    fn alg_none_is_refused() {
        let keys = JwtKeys::new(b"0123456789abcdef0123456789abcdef");
        let header = URL_SAFE_NO_PAD.encode(br#"{"alg":"none","typ":"JWT"}"#);
        let body = URL_SAFE_NO_PAD.encode(serde_json::to_vec(&claims(60)).unwrap());
        assert!(keys.verify(&format!("{header}.{body}.")).is_none());
    }
}
