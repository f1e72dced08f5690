//! Requests per account and clock hour, for a platform's view of its sub-tenants' usage.
//!
//! Each instance counts admitted requests in memory and adds them to one store counter per
//! account and hour when its flush interval has passed (`USAGE_FLUSH_SECONDS`, 10 by default):
//! the request that finds the interval over writes the batch, every other request costs no
//! round trip. A failed flush keeps its counts for the next one. What an instance holds when it
//! stops (at most one interval of its traffic) is lost: this is a usage meter, not a bill.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::store::{Key, Partition, Store, TenantId};

const SECS_PER_HOUR: i64 = 3600;
/// How long an hour's counter is kept after the hour: a day, for a look back.
const KEEP_SECS: i64 = 25 * SECS_PER_HOUR;

/// An account's requests counter for the clock hour `hour` (Unix hours).
pub fn requests_key(account: TenantId, hour: i64) -> Key {
    Key::new(Partition::tenant(account, "usage"), format!("requests#{hour}"))
}

pub fn current_hour() -> i64 {
    crate::time::now_unix().div_euclid(SECS_PER_HOUR)
}

/// Counts not yet in the store, by account and hour.
type Batch = HashMap<(TenantId, i64), i64>;

pub struct UsageMeter {
    interval: Duration,
    pending: Mutex<(Batch, Instant)>,
}

impl UsageMeter {
    pub fn new(interval: Duration) -> Self {
        Self {
            interval,
            pending: Mutex::new((HashMap::new(), Instant::now())),
        }
    }

    /// Counts one request of `account`, and writes the counts held so far when the interval has
    /// passed since the last write.
    pub async fn record(&self, store: &dyn Store, account: TenantId) {
        let due = {
            let mut pending = self.pending.lock().unwrap_or_else(|p| p.into_inner());
            *pending.0.entry((account, current_hour())).or_default() += 1;
            if pending.1.elapsed() < self.interval {
                return;
            }
            pending.1 = Instant::now();
            std::mem::take(&mut pending.0)
        };
        if let Err(unwritten) = flush(store, due).await {
            let mut pending = self.pending.lock().unwrap_or_else(|p| p.into_inner());
            for (key, n) in unwritten {
                *pending.0.entry(key).or_default() += n;
            }
        }
    }
}

/// Adds each count to its counter; what could not be written comes back.
async fn flush(store: &dyn Store, batch: Batch) -> Result<(), Batch> {
    let mut unwritten = Batch::new();
    for ((account, hour), n) in batch {
        let expires_at = (hour + 1) * SECS_PER_HOUR + KEEP_SECS;
        if let Err(e) = store.increment(&requests_key(account, hour), n, Some(expires_at)).await {
            tracing::warn!(error = %e, "usage counter not written; kept for the next flush");
            unwritten.insert((account, hour), n);
        }
    }
    if unwritten.is_empty() {
        Ok(())
    } else {
        Err(unwritten)
    }
}
