//! `Idempotency-Key` on POST: the first response (status and body) is kept for 24 hours per tenant
//! and key; a retry with the same key and body gets it back unchanged and nothing runs again; the
//! same key with another body is 422 `idempotency_mismatch`. A claim written before the handler
//! runs makes concurrent requests with one key impossible to both execute: the second gets 409
//! `idempotency_in_progress`.
//!
//! Responses that say nothing happened (5xx) are not kept, so a retry runs again.

use axum::body::{to_bytes, Body};
use axum::extract::Request;
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::auth::Principal;
use crate::http::{transport_cap, ApiError, UPLOAD_BODY_LIMIT};
use crate::store::{Condition, Item, Key, Partition, StoreError, StoreExt, Write};
use crate::AppState;

const KEEP_SECS: i64 = 24 * 3600;
/// How long a claim blocks others before it counts as abandoned (its request crashed).
const CLAIM_SECS: i64 = 60;
const MAX_KEY_LEN: usize = 255;

#[derive(Debug, Serialize, Deserialize)]
struct Record {
    /// SHA-256 of method, path and body: what makes a retry "the same request".
    fingerprint: String,
    /// Set once the first response is kept.
    response: Option<KeptResponse>,
    /// While `response` is unset: until when the claim holds.
    claimed_until: i64,
    version: u64,
}

#[derive(Debug, Serialize, Deserialize)]
struct KeptResponse {
    status: u16,
    content_type: Option<String>,
    body: String,
}

fn record_key(principal: &Principal, key: &str) -> Key {
    Key::new(
        Partition::tenant(principal.tenant, "idempotency"),
        hex::encode(Sha256::digest(key.as_bytes())),
    )
}

pub(super) async fn run(
    state: &AppState,
    principal: &Principal,
    key: HeaderValue,
    req: Request,
    next: Next,
) -> Response {
    match run_inner(state, principal, key, req, next).await {
        Ok(response) => response,
        Err(e) => e.into_response(),
    }
}

async fn run_inner(
    state: &AppState,
    principal: &Principal,
    key: HeaderValue,
    req: Request,
    next: Next,
) -> Result<Response, ApiError> {
    let key = key
        .to_str()
        .ok()
        .filter(|k| !k.is_empty() && k.len() <= MAX_KEY_LEN)
        .ok_or_else(|| {
            ApiError::invalid(
                "Idempotency-Key",
                format!("The Idempotency-Key header must be 1 to {MAX_KEY_LEN} visible characters."),
            )
        })?;
    let (parts, body) = req.into_parts();
    let bytes = to_bytes(body, transport_cap(UPLOAD_BODY_LIMIT))
        .await
        .map_err(|_| ApiError::PayloadTooLarge("The request body is too large.".into()))?;
    let mut hasher = Sha256::new();
    hasher.update(parts.method.as_str().as_bytes());
    hasher.update(b" ");
    hasher.update(parts.uri.path().as_bytes());
    hasher.update(b"\n");
    hasher.update(&bytes);
    let fingerprint = hex::encode(hasher.finalize());
    let store_key = record_key(principal, key);
    let now = crate::time::now_unix();

    let claim = Record {
        fingerprint: fingerprint.clone(),
        response: None,
        claimed_until: now + CLAIM_SECS,
        version: 1,
    };
    let claimed = state
        .store()
        .write(Write::put(
            Item::from_value(store_key.clone(), &claim)?.expiring_at(now + KEEP_SECS),
            Condition::NotExists,
        ))
        .await;
    let version = match claimed {
        Ok(()) => 1,
        Err(StoreError::ConditionFailed { .. }) => {
            let existing: Option<Record> = state.store().get_as(&store_key).await?;
            let Some(existing) = existing else {
                return Err(in_progress());
            };
            if existing.fingerprint != fingerprint {
                return Err(ApiError::Unprocessable {
                    code: "idempotency_mismatch",
                    message: "This Idempotency-Key was used with a different request; use a new key for a new request."
                        .into(),
                });
            }
            if let Some(kept) = existing.response {
                return Ok(replay(kept));
            }
            if existing.claimed_until > now {
                return Err(in_progress());
            }
            // The first request died while holding the claim: take it over, once.
            let takeover = Record {
                version: existing.version + 1,
                claimed_until: now + CLAIM_SECS,
                ..claim
            };
            state
                .store()
                .write(Write::put(
                    Item::from_value(store_key.clone(), &takeover)?.expiring_at(now + KEEP_SECS),
                    Condition::Version(existing.version),
                ))
                .await
                .map_err(|e| match e {
                    StoreError::ConditionFailed { .. } => in_progress(),
                    other => other.into(),
                })?;
            takeover.version
        }
        Err(e) => return Err(e.into()),
    };

    let response = next.run(Request::from_parts(parts, Body::from(bytes))).await;
    let status = response.status();
    let (resp_parts, resp_body) = response.into_parts();
    let resp_bytes = to_bytes(resp_body, usize::MAX).await.map_err(ApiError::internal)?;
    let content_type = resp_parts
        .headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    let text = String::from_utf8(resp_bytes.to_vec()).ok();
    match text.filter(|_| !status.is_server_error()) {
        Some(body) => {
            let done = Record {
                fingerprint,
                response: Some(KeptResponse {
                    status: status.as_u16(),
                    content_type,
                    body,
                }),
                claimed_until: 0,
                version: version + 1,
            };
            let write = Write::put(
                Item::from_value(store_key, &done)?.expiring_at(now + KEEP_SECS),
                Condition::Version(version),
            );
            if let Err(e) = state.store().write(write).await {
                // The work is done and answered; only the replay is lost. A retry then sees an
                // abandoned claim after CLAIM_SECS and runs again, so say so in the log.
                tracing::error!(error = %e, "could not keep an idempotent response");
            }
        }
        None => {
            if let Err(e) = state
                .store()
                .write(Write::delete(store_key, Condition::Version(version)))
                .await
            {
                tracing::warn!(error = %e, "could not release an idempotency claim");
            }
        }
    }
    Ok(Response::from_parts(resp_parts, Body::from(resp_bytes)))
}

fn in_progress() -> ApiError {
    ApiError::Conflict {
        code: "idempotency_in_progress",
        message: "A request with this Idempotency-Key is still being processed; retry in a moment.".into(),
    }
}

fn replay(kept: KeptResponse) -> Response {
    let status = StatusCode::from_u16(kept.status).unwrap_or(StatusCode::OK);
    let mut response = (status, kept.body).into_response();
    if let Some(ct) = kept.content_type.and_then(|ct| HeaderValue::from_str(&ct).ok()) {
        response.headers_mut().insert(header::CONTENT_TYPE, ct);
    }
    response
        .headers_mut()
        .insert("idempotent-replayed", HeaderValue::from_static("true"));
    response
}
