//! Requests per account and clock hour, for a platform's view of its sub-tenants' usage.
//!
//! Each instance counts admitted requests in memory and adds them to one store counter per
//! account and hour when its flush interval has passed (`USAGE_FLUSH_SECONDS`, 10 by default):
//! the request that finds the interval over writes the batch, every other request costs no
//! round trip. A failed flush keeps its counts for the next one. What an instance holds when it
//! stops (at most one interval of its traffic) is lost: this is a usage meter, not a bill.
//!
//! The same counts hold a workspace to its hourly ceiling ([`crate::policy::WorkspaceAllowance`]):
//! each flush's adds answer the hour's total so far, so an instance knows an account's hour as that
//! total plus what it counted since, with no read of its own; other instances' traffic since their
//! last flush (an interval's worth at most) is what it cannot see.

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

/// Counts by account and hour.
type Batch = HashMap<(TenantId, i64), i64>;

pub struct UsageMeter {
    interval: Duration,
    counts: Mutex<Counts>,
}

struct Counts {
    /// Not yet in the store.
    pending: Batch,
    /// The store's totals as the last flush's adds answered them.
    flushed: Batch,
    last_flush: Instant,
}

impl UsageMeter {
    pub fn new(interval: Duration) -> Self {
        Self {
            interval,
            counts: Mutex::new(Counts {
                pending: Batch::new(),
                flushed: Batch::new(),
                last_flush: Instant::now(),
            }),
        }
    }

    /// Counts one request of `account`, and writes the counts held so far when the interval has
    /// passed since the last write.
    pub async fn record(&self, store: &dyn Store, account: TenantId) {
        self.record_n(store, account, 1).await
    }

    /// [`UsageMeter::record`] of `n` requests' worth (a batch's items, an import's rows).
    pub async fn record_n(&self, store: &dyn Store, account: TenantId, n: i64) {
        let due = {
            let mut counts = self.counts.lock().unwrap_or_else(|p| p.into_inner());
            *counts.pending.entry((account, current_hour())).or_default() += n;
            if counts.last_flush.elapsed() < self.interval {
                return;
            }
            counts.last_flush = Instant::now();
            std::mem::take(&mut counts.pending)
        };
        let (totals, unwritten) = flush(store, due).await;
        let mut counts = self.counts.lock().unwrap_or_else(|p| p.into_inner());
        for (key, n) in unwritten {
            *counts.pending.entry(key).or_default() += n;
        }
        let hour = current_hour();
        counts.flushed.retain(|(_, h), _| *h >= hour);
        counts.flushed.extend(totals);
    }

    /// `account`'s requests this clock hour as this instance knows them: the store's total at its
    /// last flush, and what it counted since.
    pub fn this_hour(&self, account: TenantId) -> i64 {
        let key = (account, current_hour());
        let counts = self.counts.lock().unwrap_or_else(|p| p.into_inner());
        counts.flushed.get(&key).copied().unwrap_or(0) + counts.pending.get(&key).copied().unwrap_or(0)
    }
}

/// Adds each count to its counter: the totals the adds answered, and what could not be written.
async fn flush(store: &dyn Store, batch: Batch) -> (Batch, Batch) {
    let (mut totals, mut unwritten) = (Batch::new(), Batch::new());
    for ((account, hour), n) in batch {
        let expires_at = (hour + 1) * SECS_PER_HOUR + KEEP_SECS;
        match store.increment(&requests_key(account, hour), n, Some(expires_at)).await {
            Ok(total) => {
                totals.insert((account, hour), total);
            }
            Err(e) => {
                tracing::warn!(error = %e, "usage counter not written; kept for the next flush");
                unwritten.insert((account, hour), n);
            }
        }
    }
    (totals, unwritten)
}

/// Seconds until the next clock hour, when an hour's counts start again.
pub fn secs_to_next_hour() -> i64 {
    let now = crate::time::now_unix();
    (now.div_euclid(SECS_PER_HOUR) + 1) * SECS_PER_HOUR - now
}
