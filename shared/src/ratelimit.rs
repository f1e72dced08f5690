//! Per-token rate limits: GCRA with a burst of twice the hourly limit, refilling at the limit per
//! window (an hour in production).
//!
//! - DynamoDB ([`DynamoLimiter`]): the `RateLimits` table holds one timestamp per token (the
//!   theoretical arrival time, TAT). Each request is one conditional `UpdateItem` with no read
//!   first: a compare-and-swap on the TAT this instance last saw, so the decision is exact across
//!   concurrent instances. A stale guess costs one retry.
//! - Local ([`LocalLimiter`]): `governor`, in-process.
//!
//! A failing store lets the request through (fail open, logged): an outage must not become a 429
//! storm.

use std::collections::HashMap;
use std::num::NonZeroU32;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use async_trait::async_trait;
use aws_sdk_dynamodb::error::ProvideErrorMetadata;
use aws_sdk_dynamodb::types::{AttributeValue, ReturnValuesOnConditionCheckFailure};
use governor::clock::{Clock, DefaultClock};
use governor::middleware::StateInformationMiddleware;
use governor::state::keyed::DefaultKeyedStateStore;
use governor::{Quota, RateLimiter as Governor};

/// What the limiter decided, with everything the response headers need.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decision {
    pub allowed: bool,
    /// The plan's limit per window (`X-RateLimit-Limit`).
    pub limit: u32,
    /// Requests left in the bucket after this one (`X-RateLimit-Remaining`).
    pub remaining: u32,
    /// Unix seconds at which the bucket is full again (`X-RateLimit-Reset`).
    pub reset_at: i64,
    /// Whole seconds to wait when refused (`Retry-After`).
    pub retry_after_secs: u64,
}

/// A token's limit: `per_window` requests per `window`, bursts of twice that.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Limit {
    pub per_window: u32,
    pub window: Duration,
}

impl Limit {
    fn burst(self) -> u32 {
        self.per_window.saturating_mul(2).max(1)
    }
    /// Microseconds between two requests at the sustained rate (GCRA's emission interval).
    /// Microseconds, not milliseconds: 20000 per second would round to nothing in milliseconds.
    fn interval_us(self) -> i64 {
        (i64::try_from(self.window.as_micros()).unwrap_or(i64::MAX) / i64::from(self.per_window.max(1))).max(1)
    }
}

/// GCRA in one place: given the stored TAT and now (both in microseconds), the decision and the TAT
/// to store.
pub fn gcra(limit: Limit, tat_us: Option<i64>, now_us: i64) -> (Decision, Option<i64>) {
    let t = limit.interval_us();
    let tolerance = t * i64::from(limit.burst() - 1);
    let base = tat_us.unwrap_or(now_us).max(now_us);
    let allow_at = base - tolerance;
    if now_us < allow_at {
        let decision = Decision {
            allowed: false,
            limit: limit.per_window,
            remaining: 0,
            reset_at: ceil_secs(base),
            retry_after_secs: u64::try_from(ceil_secs(allow_at - now_us)).unwrap_or(1).max(1),
        };
        return (decision, None);
    }
    let new_tat = base + t;
    let remaining = u32::try_from((now_us + tolerance + t - new_tat) / t).unwrap_or(0);
    let decision = Decision {
        allowed: true,
        limit: limit.per_window,
        remaining,
        reset_at: ceil_secs(new_tat),
        retry_after_secs: 0,
    };
    (decision, Some(new_tat))
}

/// Microseconds to whole seconds, rounded up.
fn ceil_secs(us: i64) -> i64 {
    (us + 999_999).div_euclid(1_000_000)
}

#[async_trait]
pub trait RateLimiter: Send + Sync + 'static {
    /// Takes one request from `bucket`'s allowance.
    async fn check(&self, bucket: &str, limit: Limit) -> Decision;
    /// Store calls made so far, for benchmarks.
    fn round_trips(&self) -> u64;
}

/// The decision when limiting is off or its store failed: allowed, and honest about knowing nothing
/// more than the limit.
fn pass(limit: Limit) -> Decision {
    Decision {
        allowed: true,
        limit: limit.per_window,
        remaining: limit.burst() - 1,
        reset_at: ceil_secs(crate::time::now_unix_micros()),
        retry_after_secs: 0,
    }
}

/// Rate limiting turned off (`RATE_LIMITS=off`): every request passes.
pub struct Unlimited;

#[async_trait]
impl RateLimiter for Unlimited {
    async fn check(&self, _bucket: &str, limit: Limit) -> Decision {
        pass(limit)
    }
    fn round_trips(&self) -> u64 {
        0
    }
}

type KeyedGovernor = Governor<String, DefaultKeyedStateStore<String>, DefaultClock, StateInformationMiddleware>;

/// In-process limits through `governor`, one keyed limiter per distinct limit.
#[derive(Default)]
pub struct LocalLimiter {
    limiters: Mutex<HashMap<Limit, Arc<KeyedGovernor>>>,
}

impl LocalLimiter {
    fn limiter(&self, limit: Limit) -> Arc<KeyedGovernor> {
        let mut limiters = self.limiters.lock().unwrap_or_else(|p| p.into_inner());
        Arc::clone(limiters.entry(limit).or_insert_with(|| {
            let burst = NonZeroU32::new(limit.burst()).unwrap_or(NonZeroU32::MIN);
            let period = Duration::from_micros(u64::try_from(limit.interval_us()).unwrap_or(1));
            let quota = Quota::with_period(period)
                .unwrap_or_else(|| Quota::per_second(NonZeroU32::MIN))
                .allow_burst(burst);
            Arc::new(Governor::keyed(quota).with_middleware::<StateInformationMiddleware>())
        }))
    }
}

#[async_trait]
impl RateLimiter for LocalLimiter {
    async fn check(&self, bucket: &str, limit: Limit) -> Decision {
        let limiter = self.limiter(limit);
        let t = limit.interval_us();
        let now = crate::time::now_unix_micros();
        match limiter.check_key(&bucket.to_owned()) {
            Ok(snapshot) => {
                let remaining = snapshot.remaining_burst_capacity();
                let used = i64::from(limit.burst() - remaining);
                Decision {
                    allowed: true,
                    limit: limit.per_window,
                    remaining,
                    reset_at: ceil_secs(now + used * t),
                    retry_after_secs: 0,
                }
            }
            Err(not_until) => {
                let wait = not_until.wait_time_from(DefaultClock::default().now());
                let wait_us = i64::try_from(wait.as_micros()).unwrap_or(i64::MAX);
                Decision {
                    allowed: false,
                    limit: limit.per_window,
                    remaining: 0,
                    reset_at: ceil_secs(now + wait_us + i64::from(limit.burst() - 1) * t),
                    retry_after_secs: u64::try_from(ceil_secs(wait_us)).unwrap_or(1).max(1),
                }
            }
        }
    }
    fn round_trips(&self) -> u64 {
        0
    }
}

/// Compare-and-swap rounds one request may take before it is refused for contention.
const MAX_CAS_ROUNDS: usize = 64;

/// Exact limits across instances on the `RateLimits` table.
pub struct DynamoLimiter {
    client: aws_sdk_dynamodb::Client,
    table: String,
    /// The TAT this instance last stored or saw per bucket: the compare-and-swap's first guess,
    /// and enough to refuse an obviously exhausted bucket without a write.
    last_seen: Mutex<HashMap<String, i64>>,
    calls: AtomicU64,
}

/// Why one compare-and-swap attempt did not settle the decision.
enum Attempt {
    Done(Decision),
    /// Someone else moved the TAT; this is its current value (`None`: the item is gone).
    Moved(Option<i64>),
}

impl DynamoLimiter {
    pub fn new(client: aws_sdk_dynamodb::Client, table: impl Into<String>) -> Self {
        Self {
            client,
            table: table.into(),
            last_seen: Mutex::default(),
            calls: AtomicU64::new(0),
        }
    }

    fn remember(&self, bucket: &str, tat: i64) {
        let mut seen = self.last_seen.lock().unwrap_or_else(|p| p.into_inner());
        // Bounded: an instance serving very many tokens just forgets its guesses.
        if seen.len() > 100_000 {
            seen.clear();
        }
        seen.insert(bucket.to_owned(), tat);
    }

    fn guess(&self, bucket: &str) -> Option<i64> {
        self.last_seen
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(bucket)
            .copied()
    }

    async fn attempt(&self, bucket: &str, limit: Limit, expected: Option<i64>) -> Result<Attempt, anyhow::Error> {
        let now = crate::time::now_unix_micros();
        // A TAT in the past means a full bucket, whatever its exact value: no need to match it.
        let expected = expected.filter(|tat| *tat > now);
        let (decision, new_tat) = gcra(limit, expected, now);
        let Some(new_tat) = new_tat else {
            // Refused on a TAT we saw. TATs only grow while a bucket is not full, so the stored one
            // is at least this large and the refusal stands without a write.
            return Ok(Attempt::Done(decision));
        };
        // This attempt's own mark: when the SDK sends the update again because the answer to an
        // applied one was lost (a dropped connection), the condition fails on our own TAT, and the
        // mark tells that apart from another request's, so the request is counted once.
        let stamp = format!("{:016x}", rand::random::<u64>());
        let mut update = self
            .client
            .update_item()
            .table_name(&self.table)
            .key("pk", AttributeValue::S(bucket.to_owned()))
            .update_expression("SET #tat = :new, #exp = :exp, #op = :op")
            .expression_attribute_names("#tat", "tat")
            .expression_attribute_names("#exp", "expires_at")
            .expression_attribute_names("#op", "op")
            .expression_attribute_values(":new", AttributeValue::N(new_tat.to_string()))
            .expression_attribute_values(":op", AttributeValue::S(stamp.clone()))
            // Kept an hour past the moment the bucket is full again; TTL removes it after.
            .expression_attribute_values(":exp", AttributeValue::N((ceil_secs(new_tat) + 3600).to_string()))
            .return_values_on_condition_check_failure(ReturnValuesOnConditionCheckFailure::AllOld);
        update = match expected {
            Some(tat) => update
                .condition_expression("#tat = :expected")
                .expression_attribute_values(":expected", AttributeValue::N(tat.to_string())),
            None => update
                .condition_expression("attribute_not_exists(#tat) OR #tat <= :now")
                .expression_attribute_values(":now", AttributeValue::N(now.to_string())),
        };
        self.calls.fetch_add(1, Ordering::Relaxed);
        match update.send().await {
            Ok(_) => {
                self.remember(bucket, new_tat);
                Ok(Attempt::Done(decision))
            }
            Err(err) if err.code() == Some("ConditionalCheckFailedException") => {
                let from_error = err.as_service_error().and_then(|e| match e {
                    aws_sdk_dynamodb::operation::update_item::UpdateItemError::ConditionalCheckFailedException(c) => {
                        c.item().filter(|item| item.contains_key("tat")).cloned()
                    }
                    _ => None,
                });
                let current = match from_error {
                    Some(item) => Some(item),
                    // Not every DynamoDB-compatible store returns the old item: read it.
                    None => {
                        self.calls.fetch_add(1, Ordering::Relaxed);
                        let out = self
                            .client
                            .get_item()
                            .table_name(&self.table)
                            .key("pk", AttributeValue::S(bucket.to_owned()))
                            .consistent_read(true)
                            .send()
                            .await?;
                        out.item
                    }
                };
                if current
                    .as_ref()
                    .and_then(|item| item.get("op"))
                    .is_some_and(|op| op.as_s().is_ok_and(|op| *op == stamp))
                {
                    // Our own update, applied by an earlier send of this request.
                    self.remember(bucket, new_tat);
                    return Ok(Attempt::Done(decision));
                }
                let tat = current
                    .as_ref()
                    .and_then(|item| item.get("tat"))
                    .and_then(|v| v.as_n().ok().and_then(|n| n.parse::<i64>().ok()));
                if let Some(tat) = tat {
                    self.remember(bucket, tat);
                }
                Ok(Attempt::Moved(tat))
            }
            Err(err) => Err(err.into()),
        }
    }
}

#[async_trait]
impl RateLimiter for DynamoLimiter {
    async fn check(&self, bucket: &str, limit: Limit) -> Decision {
        let mut expected = self.guess(bucket);
        // Each lost round means another request of the same token was counted, so a request loses
        // at most as many rounds as there are concurrent winners before the bucket is empty; after
        // that its next round refuses without a write.
        for _round in 0..MAX_CAS_ROUNDS {
            match self.attempt(bucket, limit, expected).await {
                Ok(Attempt::Done(decision)) => return decision,
                Ok(Attempt::Moved(current)) => expected = current,
                Err(e) => {
                    tracing::warn!(
                        error = format!("{e:#}"),
                        "rate-limit store failed; letting the request through"
                    );
                    return pass(limit);
                }
            }
        }
        // The store works but this token is being hammered from many places at once: refuse briefly
        // (failing open is for a store that is down, not for contention).
        tracing::warn!(
            bucket,
            "rate-limit compare-and-swap did not settle; refusing for a second"
        );
        Decision {
            allowed: false,
            limit: limit.per_window,
            remaining: 0,
            reset_at: ceil_secs(crate::time::now_unix_micros()) + 1,
            retry_after_secs: 1,
        }
    }

    fn round_trips(&self) -> u64 {
        self.calls.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HOURLY_5: Limit = Limit {
        per_window: 5,
        window: Duration::from_secs(3600),
    };

    #[test]
    fn a_full_bucket_lets_twice_the_limit_through_then_refuses_for_one_interval() {
        let now = 1_000_000_000_000;
        let mut tat = None;
        for expected_remaining in (0..10).rev() {
            let (decision, new_tat) = gcra(HOURLY_5, tat, now);
            assert!(decision.allowed);
            assert_eq!(decision.remaining, expected_remaining);
            tat = new_tat;
        }
        let (refused, unchanged) = gcra(HOURLY_5, tat, now);
        assert!(!refused.allowed && unchanged.is_none());
        assert_eq!(refused.retry_after_secs, 720, "one emission interval: 3600 s / 5");
        assert_eq!(
            refused.reset_at,
            (now + 10 * 720_000_000) / 1_000_000,
            "full again after ten intervals"
        );
        let (later, _) = gcra(HOURLY_5, tat, now + 720_000_000);
        assert!(later.allowed, "Retry-After is honest");
    }

    #[test]
    fn high_limits_over_short_windows_keep_their_precision() {
        let fast = Limit {
            per_window: 20_000,
            window: Duration::from_secs(1),
        };
        let now = 1_000_000_000_000;
        let mut tat = None;
        // 20000 requests spread evenly over one second all pass (a 50 µs interval).
        for i in 0..20_000 {
            let (decision, new_tat) = gcra(fast, tat, now + i * 50);
            assert!(decision.allowed, "request {i}");
            tat = new_tat;
        }
    }

    #[tokio::test]
    async fn the_local_limiter_agrees_with_the_arithmetic() {
        let limiter = LocalLimiter::default();
        for expected_remaining in (0..10).rev() {
            let d = limiter.check("k", HOURLY_5).await;
            assert!(d.allowed);
            assert_eq!(d.remaining, expected_remaining);
        }
        let refused = limiter.check("k", HOURLY_5).await;
        assert!(!refused.allowed);
        assert!((719..=720).contains(&refused.retry_after_secs), "{refused:?}");
        assert!(limiter.check("other", HOURLY_5).await.allowed, "buckets are per token");
    }

    /// One HTTP/1.1 message (headers and a `Content-Length` body) read from `from`, or `None`
    /// when the connection closed first.
    async fn read_message(from: &mut tokio::net::TcpStream) -> Option<Vec<u8>> {
        use tokio::io::AsyncReadExt;
        let mut message = Vec::new();
        let mut chunk = [0u8; 8192];
        loop {
            if let Some(end) = message.windows(4).position(|w| w == b"\r\n\r\n") {
                let head = String::from_utf8_lossy(&message[..end]).to_ascii_lowercase();
                let length: usize = head
                    .lines()
                    .find_map(|l| l.strip_prefix("content-length:"))
                    .map_or(0, |v| v.trim().parse().expect("a length"));
                if message.len() >= end + 4 + length {
                    return Some(message);
                }
            }
            let n = from.read(&mut chunk).await.ok()?;
            if n == 0 {
                return None;
            }
            message.extend_from_slice(&chunk[..n]);
        }
    }

    /// A proxy in front of `upstream` (moto) that passes everything, except that the first
    /// request holding `marker` reaches moto and then loses its answer: the connection closes
    /// before it is sent, as a network does. Answers its address and whether it has dropped one.
    async fn drop_after_proxy(
        upstream: String,
        marker: String,
    ) -> (std::net::SocketAddr, Arc<std::sync::atomic::AtomicBool>) {
        use std::sync::atomic::AtomicBool;
        use tokio::io::AsyncWriteExt;
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap();
        let dropped = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&dropped);
        tokio::spawn(async move {
            while let Ok((mut client, _)) = listener.accept().await {
                let (upstream, marker, flag) = (upstream.clone(), marker.clone(), Arc::clone(&flag));
                tokio::spawn(async move {
                    let mut server = tokio::net::TcpStream::connect(&upstream).await.unwrap();
                    while let Some(request) = read_message(&mut client).await {
                        server.write_all(&request).await.unwrap();
                        let answer = read_message(&mut server).await.expect("moto answers");
                        let holds_marker = request.windows(marker.len()).any(|w| w == marker.as_bytes());
                        if holds_marker && !flag.swap(true, Ordering::SeqCst) {
                            return; // applied by moto; the answer is lost with the connection
                        }
                        client.write_all(&answer).await.unwrap();
                    }
                });
            }
        });
        (address, dropped)
    }

    /// A bucket update that DynamoDB applied but whose answer was lost is sent again by the SDK;
    /// its condition then fails on the TAT it wrote itself. The attempt's mark shows it is its
    /// own, so the request takes one slot, not two: a burst of ten still lets ten through.
    #[tokio::test]
    async fn an_update_whose_answer_was_lost_takes_one_slot() {
        let Ok(endpoint) = std::env::var("AWS_ENDPOINT_URL") else {
            assert!(
                std::env::var("WORKTOP_REQUIRE_AWS").is_err(),
                "WORKTOP_REQUIRE_AWS is set but AWS_ENDPOINT_URL is not"
            );
            eprintln!("skipped: AWS_ENDPOINT_URL is not set (infra/test.sh starts moto and sets it)");
            return;
        };
        let table = format!("ratelimits-{}", uuid::Uuid::new_v4());
        let direct = aws_sdk_dynamodb::Client::new(&crate::aws::aws_sdk_config(Some(&endpoint)).await);
        crate::store::dynamo::DynamoStore::create_ratelimits_table(&direct, &table)
            .await
            .unwrap();
        let bucket = format!("k:lost-answer-{}", uuid::Uuid::new_v4());
        let upstream = endpoint.trim_start_matches("http://").trim_end_matches('/').to_owned();
        let (proxy, dropped) = drop_after_proxy(upstream, bucket.clone()).await;
        let sdk = crate::aws::aws_sdk_config(Some(&format!("http://{proxy}"))).await;
        let limiter = DynamoLimiter::new(aws_sdk_dynamodb::Client::new(&sdk), table);

        let mut allowed = 0;
        for _ in 0..12 {
            if limiter.check(&bucket, HOURLY_5).await.allowed {
                allowed += 1;
            }
        }
        assert!(dropped.load(Ordering::SeqCst), "the first update's answer was dropped");
        assert_eq!(allowed, 10, "twice the hourly limit of 5, each request counted once");
    }
}
