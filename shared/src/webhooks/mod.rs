//! Webhooks, following the Standard Webhooks specification (<https://www.standardwebhooks.com>),
//! so receivers verify with any of its libraries: a workspace's subscriptions (records of the
//! resource layer), signing, and delivery from the outbox ([`crate::events`]) with retries.
//!
//! - Signatures: `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, keyed by the
//!   base64 part of the `whsec_...` secret ([`sign`]).
//! - Retries: attempt n + 1 waits `min(base x 4^(n-1), max)` with +-20% jitter ([`retry_delay`]).
//! - Targets: checked at registration and on the addresses actually connected to
//!   ([`crate::events::check_url`], [`crate::events::check_target`]).

pub mod delivery;

use std::time::Duration;

use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use hmac::{Hmac, Mac};
use rand::Rng;
use serde::{Deserialize, Serialize};
use sha2::Sha256;

pub use crate::events::SUBSCRIPTION;
use crate::events::{check_target, check_url, Event};

const SECRET_PREFIX: &str = "whsec_";

/// A new signing secret: `whsec_` + base64 of 24 random bytes.
pub fn new_secret() -> String {
    let bytes: [u8; 24] = rand::rng().random();
    format!("{SECRET_PREFIX}{}", STANDARD.encode(bytes))
}

/// The `webhook-signature` value for one attempt: `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`.
pub fn sign(secret: &str, message_id: &str, timestamp: i64, body: &[u8]) -> anyhow::Result<String> {
    let key = STANDARD.decode(secret.strip_prefix(SECRET_PREFIX).unwrap_or(secret))?;
    let mut mac = Hmac::<Sha256>::new_from_slice(&key)?;
    mac.update(message_id.as_bytes());
    mac.update(b".");
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(body);
    Ok(format!("v1,{}", STANDARD.encode(mac.finalize().into_bytes())))
}

/// Most retries after the first attempt.
pub const MAX_RETRIES: u32 = 10;

/// How long to wait before retry `n` (1 to [`MAX_RETRIES`]): `min(base x 4^(n-1), max)`, then
/// +-20% jitter so failed deliveries to one receiver do not return in lockstep.
pub fn retry_delay(n: u32, base: Duration, max: Duration) -> Duration {
    let exponent = n.saturating_sub(1).min(30);
    let nominal = base.saturating_mul(4u32.saturating_pow(exponent)).min(max);
    let jitter = rand::rng().random_range(-0.2..=0.2);
    nominal.mul_f64(1.0 + jitter)
}

/// A webhook endpoint of a tenant. The secret signs deliveries; during a rotation the previous one
/// signs too, until `previous_secret_until`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Subscription {
    #[serde(flatten)]
    pub meta: crate::resource::Meta,
    pub url: String,
    /// Event type names, or `*` for all.
    pub events: Vec<String>,
    pub secret: String,
    #[serde(default)]
    pub previous_secret: Option<String>,
    #[serde(default)]
    pub previous_secret_until: Option<i64>,
    pub enabled: bool,
    /// Why it was disabled, when it was not by its owner (`gone`: the receiver answered 410;
    /// `failing`: every delivery failed for five days).
    #[serde(default)]
    pub disabled_reason: Option<String>,
    /// When the current run of failed deliveries began.
    #[serde(default)]
    pub failing_since: Option<i64>,
}

/// A subscription as the API shows it: never its secrets (the creation and rotation answers add
/// the new one, once).
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct WebhookOut {
    pub id: u64,
    pub url: String,
    pub events: Vec<String>,
    pub enabled: bool,
    /// `gone` (the receiver answered 410) or `failing` (five days of failed deliveries).
    pub disabled_reason: Option<String>,
    pub created_at: String,
    pub updated_at: String,
    pub version: u64,
}

impl From<Subscription> for WebhookOut {
    fn from(s: Subscription) -> Self {
        Self {
            id: s.meta.id,
            url: s.url,
            events: s.events,
            enabled: s.enabled,
            disabled_reason: s.disabled_reason,
            created_at: s.meta.created_at,
            updated_at: s.meta.updated_at,
            version: s.meta.version,
        }
    }
}

/// Subscriptions are records of the resource layer (paged lists, a count for the limit,
/// versioned writes); their routes are `functions/v1`'s own, since a URL is checked against
/// the network and a secret is shown once.
impl crate::resource::Resource for Subscription {
    const KIND: &'static str = SUBSCRIPTION;
    const NAME: &'static str = "Webhook";
    const MODULE: crate::auth::Module = crate::auth::Module::Webhooks;
    const LISTS: &'static crate::resource::Lists<Self> = &crate::resource::Lists::sorted(&[]);
    type In = crate::resource::NoChange;
    type Patch = crate::resource::NoChange;
    type Out = WebhookOut;
    type Filters = crate::resource::NoFilters;
    crate::meta_field!();

    /// Not searched.
    fn search_text(&self) -> String {
        String::new()
    }

    /// Event types it newly names must come from modules the workspace may use, as their routes
    /// would answer (403 `module_disabled`); `*` names only what the workspace's modules send.
    async fn before_save(
        &self,
        cx: crate::resource::Cx<'_>,
        before: Option<&Self>,
    ) -> Result<Vec<crate::store::Write>, crate::http::ApiError> {
        let mut modules: Vec<crate::auth::Module> = self
            .events
            .iter()
            .filter(|name| before.is_none_or(|b| !b.events.contains(name)))
            .filter_map(|name| cx.catalog().module_of_event(name))
            .collect();
        modules.dedup();
        crate::resource::custom::require_modules(cx, &modules).await?;
        Ok(Vec::new())
    }
}

impl Subscription {
    pub fn wants(&self, event_type: &str) -> bool {
        self.enabled && self.events.iter().any(|e| e == "*" || e == event_type)
    }

    /// The `webhook-signature` header: one signature per live secret, space-separated.
    pub fn signature_header(&self, message_id: &str, timestamp: i64, body: &[u8]) -> anyhow::Result<String> {
        let mut signatures = vec![sign(&self.secret, message_id, timestamp, body)?];
        if let (Some(previous), Some(until)) = (&self.previous_secret, self.previous_secret_until) {
            if until > timestamp {
                signatures.push(sign(previous, message_id, timestamp, body)?);
            }
        }
        Ok(signatures.join(" "))
    }
}

/// How one delivery attempt ended.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Attempt {
    /// 1 for the first attempt, one more for each retry.
    #[schemars(range(min = 1, max = MAX_RETRIES + 1))]
    pub attempt: u32,
    pub at: String,
    pub status_code: Option<u16>,
    pub latency_ms: u64,
    pub error: Option<String>,
    /// The first 1000 characters of the receiver's answer.
    pub response_excerpt: Option<String>,
}

impl Attempt {
    pub fn succeeded(&self) -> bool {
        self.status_code.is_some_and(|s| (200..300).contains(&s))
    }
    /// 410 Gone: the receiver asks never to be called again.
    pub fn gone(&self) -> bool {
        self.status_code == Some(410)
    }
}

/// Delivery attempts: 15 s timeout, no redirects, connections pinned to checked addresses.
#[derive(Clone)]
pub struct Deliverer {
    allow_private: bool,
}

const TIMEOUT: Duration = Duration::from_secs(15);
const EXCERPT_CHARS: usize = 1000;

impl Deliverer {
    pub fn new(allow_private: bool) -> Self {
        Self { allow_private }
    }

    /// Sends `event` to `subscription` once, signed afresh with the current time.
    pub async fn attempt(&self, subscription: &Subscription, event: &Event, attempt: u32) -> Attempt {
        let started = std::time::Instant::now();
        let at = crate::time::now_rfc3339();
        let outcome = self.send(subscription, event).await;
        let latency_ms = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
        match outcome {
            Ok((status, excerpt)) => Attempt {
                attempt,
                at,
                status_code: Some(status),
                latency_ms,
                error: None,
                response_excerpt: Some(excerpt),
            },
            Err(error) => Attempt {
                attempt,
                at,
                status_code: None,
                latency_ms,
                error: Some(error),
                response_excerpt: None,
            },
        }
    }

    async fn send(&self, subscription: &Subscription, event: &Event) -> Result<(u16, String), String> {
        let url = check_url(&subscription.url, self.allow_private)?;
        let addresses = check_target(&url, self.allow_private).await?;
        let host = url.host_str().unwrap_or_default().to_owned();
        // Pinned to the addresses just checked: DNS cannot answer differently for the connection.
        let client = reqwest::Client::builder()
            .timeout(TIMEOUT)
            .redirect(reqwest::redirect::Policy::none())
            .resolve_to_addrs(&host, &addresses)
            .build()
            .map_err(|e| format!("client: {e}"))?;
        let body = serde_json::to_vec(event).map_err(|e| e.to_string())?;
        let timestamp = crate::time::now_unix();
        let signature = subscription
            .signature_header(&event.id, timestamp, &body)
            .map_err(|e| format!("signing: {e}"))?;
        let response = client
            .post(url)
            .header("content-type", "application/json")
            .header("user-agent", "Worktop-Webhooks/1")
            .header("webhook-id", &event.id)
            .header("webhook-timestamp", timestamp.to_string())
            .header("webhook-signature", signature)
            .body(body)
            .send()
            .await
            .map_err(|e| {
                if e.is_timeout() {
                    "timed out after 15 s".to_string()
                } else {
                    format!("{e}")
                }
            })?;
        let status = response.status().as_u16();
        let text = response.text().await.unwrap_or_default();
        Ok((status, text.chars().take(EXCERPT_CHARS).collect()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The Standard Webhooks test vector, as DESIGN.md gives it.
    #[test]
    fn signing_matches_the_standard_webhooks_test_vector() {
        let signature = sign(
            "whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD",
            "msg_27UH4WbU6Z5A5EzD8u03UvzRbpk",
            1649367553,
            br#"{"email":"test@example.com","username":"test_user"}"#,
        )
        .unwrap();
        assert_eq!(signature, "v1,tZ1I4/hDygAJgO5TYxiSd6Sd0kDW6hPenDe+bTa3Kkw=");
    }

    #[test]
    fn new_secrets_are_whsec_and_sign() {
        let secret = new_secret();
        assert!(secret.starts_with("whsec_"));
        assert_ne!(secret, new_secret());
        assert!(sign(&secret, "msg_1", 1, b"{}").unwrap().starts_with("v1,"));
    }

    #[test]
    fn retry_delays_grow_by_four_within_jitter_and_stop_at_the_maximum() {
        let base = Duration::from_secs(5);
        let max = Duration::from_secs(12 * 3600);
        for (n, nominal) in [
            (1, 5.0),
            (2, 20.0),
            (3, 80.0),
            (4, 320.0),
            (7, 20_480.0),
            (8, 43_200.0),
            (10, 43_200.0),
        ] {
            let got = retry_delay(n, base, max).as_secs_f64();
            assert!(
                (nominal * 0.8..=nominal * 1.2).contains(&got),
                "retry {n}: {got} vs {nominal}"
            );
        }
    }
}
