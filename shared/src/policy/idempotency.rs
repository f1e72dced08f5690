//! `Idempotency-Key` on POST: keys are the user's own (in the workspace the request acts on), and
//! the first response (status and body) is kept for 24 hours for the credential that sent it (the
//! session, API key or OAuth grant). A retry by that credential with the same key and body gets it
//! back unchanged and nothing runs again; the same key with another body is 422
//! `idempotency_mismatch`. Another of the user's credentials retrying the request (after logging
//! in again, say) does not run it again either, but hears 409 `idempotency_key_used` instead of
//! the answer, which may hold a new token or secret meant for the sender alone. Another user's key
//! of the same text is another key.
//!
//! Exactly once, crashes included: a claim written before the handler runs makes concurrent
//! requests with one key impossible to both execute (the second gets 409
//! `idempotency_in_progress` with `Retry-After`), and every transaction the handler commits carries
//! the key's record one version on ([`crate::store::commit_marker`]). A retry that finds the claim
//! lapsed looks there first: writes committed whose answer was lost (the process died between
//! the commit and keeping the answer) answer 409 `idempotency_answer_lost` and nothing runs again;
//! otherwise it takes the claim over, and the first request, if it still runs, can no longer commit.
//! A create that answers with the record it stores commits its answer with it
//! ([`commit_marker::answer_with`]): after a crash between the commit and the answer, its retry
//! replays that answer at once.
//!
//! Responses that say nothing happened (5xx with no commit) are not kept, so a retry runs again.

use axum::body::{to_bytes, Body};
use axum::extract::Request;
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::auth::Principal;
use crate::http::{transport_cap, ApiError, UPLOAD_BODY_LIMIT};
use crate::store::commit_marker::{self, CommitMarker, Marked};
use crate::store::{Condition, Item, Key, Partition, StoreError, StoreExt, Write};
use crate::AppState;

const KEEP_SECS: i64 = 24 * 3600;
const MAX_KEY_LEN: usize = 255;

#[derive(Debug, Serialize, Deserialize)]
struct Record {
    /// SHA-256 of method, path and body: what makes a retry "the same request".
    fingerprint: String,
    /// SHA-256 of the sending credential ([`Principal::bucket`]): who may hear the answer.
    #[serde(default)]
    credential: String,
    /// Set once the first response is kept.
    response: Option<KeptResponse>,
    /// While `response` is unset: until when the claim holds.
    claimed_until: i64,
    /// How many transactions of the request committed (each carried this record).
    #[serde(default)]
    commits: u32,
    version: u64,
}

#[derive(Debug, Serialize, Deserialize)]
struct KeptResponse {
    status: u16,
    content_type: Option<String>,
    body: String,
}

/// The key's record: the user's, in the workspace the request acts on.
fn record_key(principal: &Principal, key: &str) -> Key {
    let mut hasher = Sha256::new();
    hasher.update(principal.user_id.to_string().as_bytes());
    hasher.update(b"\n");
    hasher.update(key.as_bytes());
    Key::new(
        Partition::tenant(principal.tenant, "idempotency"),
        hex::encode(hasher.finalize()),
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
    let credential = hex::encode(Sha256::digest(principal.bucket().as_bytes()));
    let now = crate::time::now_unix();
    let claim_secs = state.config().idempotency_claim.as_secs() as i64;

    let claim = Record {
        fingerprint: fingerprint.clone(),
        credential: credential.clone(),
        response: None,
        claimed_until: now + claim_secs,
        commits: 0,
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
                return Ok(in_progress(claim_secs));
            };
            if existing.fingerprint != fingerprint {
                return Err(ApiError::Unprocessable {
                    code: "idempotency_mismatch",
                    message: "This Idempotency-Key was used with a different request; use a new key for a new request."
                        .into(),
                });
            }
            let done = existing.response.is_some() || existing.commits > 0;
            if done && existing.credential != credential {
                return Err(used_by_another_credential());
            }
            if let Some(kept) = existing.response {
                return Ok(replay(kept));
            }
            if existing.claimed_until > now {
                return Ok(in_progress(existing.claimed_until - now));
            }
            if existing.commits > 0 {
                return Err(answer_lost());
            }
            // The first request died before writing anything: take the claim over, once.
            let takeover = Record {
                version: existing.version + 1,
                ..claim
            };
            let taken = state
                .store()
                .write(Write::put(
                    Item::from_value(store_key.clone(), &takeover)?.expiring_at(now + KEEP_SECS),
                    Condition::Version(existing.version),
                ))
                .await;
            match taken {
                Ok(()) => takeover.version,
                Err(StoreError::ConditionFailed { .. }) => return Ok(in_progress(claim_secs)),
                Err(other) => return Err(other.into()),
            }
        }
        Err(e) => return Err(e.into()),
    };

    let marker = {
        let (key, fingerprint, claimed_until) = (store_key.clone(), fingerprint.clone(), now + claim_secs);
        let credential = credential.clone();
        CommitMarker::new(
            version,
            move |marked: Marked, answer: Option<&commit_marker::Answer>| {
                let record = Record {
                    fingerprint: fingerprint.clone(),
                    credential: credential.clone(),
                    response: answer.map(KeptResponse::json),
                    claimed_until,
                    commits: marked.commits,
                    version: marked.version,
                };
                Ok(Item::from_value(key.clone(), &record)?.expiring_at(now + KEEP_SECS))
            },
        )
    };
    let response = marker
        .scope(next.run(Request::from_parts(parts, Body::from(bytes))))
        .await;
    let marked = marker.marked().await;
    let status = response.status();
    let (resp_parts, resp_body) = response.into_parts();
    let resp_bytes = to_bytes(resp_body, usize::MAX).await.map_err(ApiError::internal)?;
    let content_type = resp_parts
        .headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    let text = String::from_utf8(resp_bytes.to_vec()).ok();
    let kept = text.filter(|_| !status.is_server_error()).map(|body| KeptResponse {
        status: status.as_u16(),
        content_type,
        body,
    });
    let settle = match (kept, marked.commits) {
        (None, 0) => Write::delete(store_key, Condition::Version(marked.version)),
        // Something was written, and the answer is kept, or (a 5xx after a commit) the claim is
        // released with the writes counted, so a retry hears the answer was lost.
        (response, commits) => {
            let done = Record {
                fingerprint,
                credential,
                response,
                claimed_until: 0,
                commits,
                version: marked.version + 1,
            };
            Write::put(
                Item::from_value(store_key, &done)?.expiring_at(now + KEEP_SECS),
                Condition::Version(marked.version),
            )
        }
    };
    if let Err(e) = state.store().write(settle).await {
        // The work is done (or not) and answered; only the replay is lost. A retry then finds
        // the claim lapsed and, from the commits the record counts, answers or runs again.
        tracing::error!(error = %e, "could not settle an idempotency record");
    }
    Ok(Response::from_parts(resp_parts, Body::from(resp_bytes)))
}

/// 409 `idempotency_in_progress`, with `Retry-After`: when the claim lapses at the latest.
fn in_progress(retry_after_secs: i64) -> Response {
    let mut response = ApiError::Conflict {
        code: "idempotency_in_progress",
        message: "A request with this Idempotency-Key is still being processed; retry after the seconds \
                  Retry-After gives."
            .into(),
    }
    .into_response();
    response
        .headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from(retry_after_secs.max(1)));
    response
}

fn used_by_another_credential() -> ApiError {
    ApiError::Conflict {
        code: "idempotency_key_used",
        message: "Another of your sessions or API keys sent this Idempotency-Key with this request, and it was \
                  carried out; it will not run again, and its answer goes only to the session or key that sent \
                  it. Read the result (the record or its list), and use a new key for a new request."
            .into(),
    }
}

fn answer_lost() -> ApiError {
    ApiError::Conflict {
        code: "idempotency_answer_lost",
        message: "The request with this Idempotency-Key was carried out, but the server stopped before \
                  answering it, so its answer was not kept; it will not run again. Read the result \
                  (the record or its list), and use a new key for a new request."
            .into(),
    }
}

impl KeptResponse {
    fn json(answer: &commit_marker::Answer) -> Self {
        Self {
            status: answer.status,
            content_type: Some("application/json".into()),
            body: answer.body.clone(),
        }
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
