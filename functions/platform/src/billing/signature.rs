//! `Stripe-Signature` verification, as Stripe documents it: the header carries a timestamp `t` and
//! one or more `v1` signatures, each an HMAC-SHA256 (hex) of `"{t}.{payload}"` under the endpoint's
//! signing secret. A payload is accepted when one `v1` matches (compared in constant time) and `t`
//! is within the tolerance of now, so a captured request cannot be replayed later.

use hmac::{Hmac, Mac};
use sha2::Sha256;
use subtle::ConstantTimeEq;

/// How far a signature's timestamp may be from now (Stripe's libraries default to 300 s).
pub const TOLERANCE_SECS: i64 = 300;

/// Why a payload was refused.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum SignatureError {
    #[error("the Stripe-Signature header is missing")]
    Missing,
    #[error("the Stripe-Signature header has no timestamp or no v1 signature")]
    Malformed,
    #[error("the Stripe-Signature timestamp is {0} seconds away from now, past the tolerance")]
    Stale(i64),
    #[error("no v1 signature matches the payload")]
    Mismatch,
}

/// The hex HMAC-SHA256 of `"{timestamp}.{payload}"` under `secret` (what Stripe sends as `v1`).
pub fn sign(secret: &str, timestamp: i64, payload: &[u8]) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("HMAC takes a key of any length");
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(payload);
    hex::encode(mac.finalize().into_bytes())
}

/// Checks `header` (the `Stripe-Signature` value) for `payload` at `now` (Unix seconds).
pub fn verify(secret: &str, header: Option<&str>, payload: &[u8], now: i64) -> Result<i64, SignatureError> {
    let header = header.ok_or(SignatureError::Missing)?;
    let mut timestamp = None;
    let mut signatures = Vec::new();
    for part in header.split(',') {
        match part.trim().split_once('=') {
            Some(("t", value)) => timestamp = value.parse::<i64>().ok(),
            Some(("v1", value)) => signatures.push(value.to_owned()),
            _ => {}
        }
    }
    let timestamp = timestamp.ok_or(SignatureError::Malformed)?;
    if signatures.is_empty() {
        return Err(SignatureError::Malformed);
    }
    let expected = sign(secret, timestamp, payload);
    // Every candidate is compared, so the time taken does not say which one came close.
    let matched = signatures.iter().fold(0u8, |any, candidate| {
        any | candidate.as_bytes().ct_eq(expected.as_bytes()).unwrap_u8()
    });
    if matched == 0 {
        return Err(SignatureError::Mismatch);
    }
    let skew = (now - timestamp).abs();
    if skew > TOLERANCE_SECS {
        return Err(SignatureError::Stale(skew));
    }
    Ok(timestamp)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &str = "whsec_test_secret";
    const BODY: &[u8] = br#"{"id":"evt_1","type":"customer.subscription.updated"}"#;

    #[test]
    fn a_fresh_matching_signature_verifies_among_others() {
        let now = 1_800_000_000;
        let good = sign(SECRET, now, BODY);
        let header = format!("t={now},v1={},v1={good},v0=ignored", "0".repeat(64));
        assert_eq!(verify(SECRET, Some(&header), BODY, now + 10), Ok(now));
    }

    #[test]
    fn tampering_staleness_and_malformed_headers_are_refused() {
        let now = 1_800_000_000;
        let header = format!("t={now},v1={}", sign(SECRET, now, BODY));
        assert_eq!(verify(SECRET, Some(&header), b"{}", now), Err(SignatureError::Mismatch));
        assert_eq!(
            verify("whsec_other", Some(&header), BODY, now),
            Err(SignatureError::Mismatch)
        );
        assert_eq!(
            verify(SECRET, Some(&header), BODY, now + TOLERANCE_SECS + 1),
            Err(SignatureError::Stale(TOLERANCE_SECS + 1))
        );
        assert_eq!(verify(SECRET, None, BODY, now), Err(SignatureError::Missing));
        assert_eq!(
            verify(SECRET, Some("v1=abc"), BODY, now),
            Err(SignatureError::Malformed)
        );
        assert_eq!(
            verify(SECRET, Some(&format!("t={now}")), BODY, now),
            Err(SignatureError::Malformed)
        );
    }

    #[test]
    fn the_signature_is_the_documented_hmac() {
        // Python: hmac.new(b"key", b"1.{}", hashlib.sha256).hexdigest()
        assert_eq!(
            sign("key", 1, b"{}"),
            "1ba6b8171186efc613e8bcc0cbdab2748f24984d7c5a84faa2637afa0e40d224"
        );
    }
}
