//! Calls between cells: a platform in one region acting on its sub-tenant in another (opening its
//! account there, suspending it, reading its usage). The sub-tenant's records stay in its home;
//! the platform's cell asks the home to act on them.
//!
//! A call is `POST {home base URL}/internal/cells/{op}` with a JSON body, signed with `CELL_SECRET`,
//! which the platform's regions share: header `Worktop-Cell: t=<unix seconds>,r=<calling
//! region>,v1=<hex HMAC-SHA256 of "t.r.op.body">`, accepted within five minutes of its time and
//! compared in constant time. These routes are between cells, not part of the public API: they are
//! not in the OpenAPI document, and without `CELL_SECRET` a cell refuses every one of them.

use hmac::{Hmac, Mac};
use serde::de::DeserializeOwned;
use serde::Serialize;
use sha2::Sha256;
use subtle::ConstantTimeEq;

use crate::http::{ApiError, FieldErrors};
use crate::resource::Services;
use crate::time::now_unix;

/// The signature header.
pub const HEADER: &str = "worktop-cell";
/// How far a call's time may be from the receiver's clock.
const TOLERANCE_SECS: i64 = 300;

fn mac(secret: &str, at: i64, from: &str, op: &str, body: &[u8]) -> Hmac<Sha256> {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("HMAC takes any key length");
    mac.update(format!("{at}.{from}.{op}.").as_bytes());
    mac.update(body);
    mac
}

/// The header value for a call from region `from`.
pub fn sign(secret: &str, at: i64, from: &str, op: &str, body: &[u8]) -> String {
    let tag = hex::encode(mac(secret, at, from, op, body).finalize().into_bytes());
    format!("t={at},r={from},v1={tag}")
}

/// The calling region when `header` signs `op` and `body` with `secret` within the tolerance of
/// `now`; 401 otherwise (the message never says which part failed).
pub fn verify(secret: &str, header: Option<&str>, op: &str, body: &[u8], now: i64) -> Result<String, ApiError> {
    let refused = || ApiError::Unauthenticated("This route is for calls between the platform's regions.".into());
    let header = header.ok_or_else(refused)?;
    let (mut at, mut from, mut tag) = (None, None, None);
    for part in header.split(',') {
        match part.trim().split_once('=') {
            Some(("t", v)) => at = v.parse::<i64>().ok(),
            Some(("r", v)) => from = Some(v),
            Some(("v1", v)) => tag = hex::decode(v).ok(),
            _ => {}
        }
    }
    let (Some(at), Some(from), Some(tag)) = (at, from, tag) else {
        return Err(refused());
    };
    let expected = mac(secret, at, from, op, body).finalize().into_bytes();
    if !bool::from(expected[..].ct_eq(&tag)) || (now - at).abs() > TOLERANCE_SECS {
        return Err(refused());
    }
    Ok(from.to_string())
}

/// Whether this cell can call the platform's other regions (it has regions and `CELL_SECRET`).
pub fn connected(services: &Services) -> bool {
    services.config().regions.is_some() && services.config().cell_secret.is_some()
}

/// Calls `op` at `region` with `body` and reads its answer. The home's refusals come back as the
/// same errors (404, 409, 422 with its field errors); a home that does not answer, or answers
/// 5xx, is 503: safe to retry, since every operation is idempotent at the home.
pub async fn call<R: DeserializeOwned>(
    services: &Services,
    region: &str,
    op: &str,
    body: &impl Serialize,
) -> Result<R, ApiError> {
    let (Some(regions), Some(secret)) = (&services.config().regions, &services.config().cell_secret) else {
        return Err(ApiError::internal(anyhow::anyhow!(
            "a cell call without REGIONS and CELL_SECRET"
        )));
    };
    let base_url = regions
        .base_url(region)
        .ok_or_else(|| ApiError::internal(anyhow::anyhow!("a cell call to unknown region {region}")))?;
    let body = serde_json::to_vec(body).map_err(ApiError::internal)?;
    let signature = sign(secret.expose(), now_unix(), regions.here(), op, &body);
    let unavailable = |why: String| ApiError::Unavailable(anyhow::anyhow!("region {region}: {why}"));
    let answer = crate::region::between_regions()
        .post(format!("{base_url}/internal/cells/{op}"))
        .header(HEADER, signature)
        .header(reqwest::header::CONTENT_TYPE, "application/json")
        .body(body)
        .send()
        .await
        .map_err(|e| unavailable(format!("did not answer: {e}")))?;
    let status = answer.status().as_u16();
    let bytes = answer
        .bytes()
        .await
        .map_err(|e| unavailable(format!("answer cut short: {e}")))?;
    if (200..300).contains(&status) {
        return serde_json::from_slice(&bytes).map_err(|e| unavailable(format!("unreadable answer: {e}")));
    }
    #[derive(serde::Deserialize)]
    struct Refusal {
        message: String,
        code: String,
        errors: Option<std::collections::BTreeMap<String, Vec<String>>>,
    }
    let refusal: Refusal =
        serde_json::from_slice(&bytes).map_err(|_| unavailable(format!("answered {status} without a JSON error")))?;
    Err(match status {
        404 => ApiError::NotFound(refusal.message),
        409 => ApiError::Conflict {
            code: conflict_code(&refusal.code),
            message: refusal.message,
        },
        422 => match refusal.errors {
            Some(fields) => {
                let mut errors = FieldErrors::default();
                for (field, messages) in fields {
                    messages.into_iter().for_each(|m| errors.add(&field, m));
                }
                ApiError::Validation(errors)
            }
            None => ApiError::Unprocessable {
                code: "unprocessable",
                message: refusal.message,
            },
        },
        // The regions disagree on CELL_SECRET or the routes: the deployment's fault, not the caller's.
        401 | 403 => ApiError::internal(anyhow::anyhow!("region {region} refused a cell call: {}", refusal.code)),
        _ => unavailable(format!("answered {status} {}", refusal.code)),
    })
}

/// The conflict codes a home answers, as the platform's cell passes them on.
fn conflict_code(code: &str) -> &'static str {
    match code {
        "invalid_transition" => "invalid_transition",
        "version_conflict" => "version_conflict",
        _ => "conflict",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_signed_call_verifies_and_anything_else_is_refused() {
        let now = 1_800_000_000;
        let header = sign("cell-secret", now, "na1", "provision", b"{}");
        assert_eq!(
            verify("cell-secret", Some(&header), "provision", b"{}", now + 10).unwrap(),
            "na1"
        );
        let refused = |secret: &str, header: Option<&str>, op: &str, body: &[u8], at: i64| {
            matches!(verify(secret, header, op, body, at), Err(ApiError::Unauthenticated(_)))
        };
        assert!(refused("other-secret", Some(&header), "provision", b"{}", now));
        assert!(refused("cell-secret", Some(&header), "usage", b"{}", now));
        assert!(refused("cell-secret", Some(&header), "provision", b"{\"a\":1}", now));
        assert!(refused("cell-secret", Some(&header), "provision", b"{}", now + 301));
        assert!(refused("cell-secret", None, "provision", b"{}", now));
        let forged_region = header.replace("r=na1", "r=eu1");
        assert!(refused("cell-secret", Some(&forged_region), "provision", b"{}", now));
        assert!(refused("cell-secret", Some("t=1,r=na1"), "provision", b"{}", now));
    }
}
