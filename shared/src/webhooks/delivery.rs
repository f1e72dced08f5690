//! Delivery: the outbox fans out to each subscribed endpoint as a delivery record; a due queue
//! says when each delivery's next attempt is. One implementation for every runner: the worker in
//! the local server calls [`run_once`] in a loop.
//!
//! At-least-once, never lost: an attempt first moves its due entry a lease ahead (so a crash mid-
//! attempt only delays it), and the outcome, the next due entry and the lease's removal commit
//! together. Receivers deduplicate on `webhook-id`.

use std::collections::hash_map::Entry;
use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use super::{Attempt, Deliverer, Subscription, MAX_RETRIES, SUBSCRIPTION};
use crate::events::{outbox_entry_write, outbox_partition, Event, OutboxEntry};
use crate::resource::index::{self, Filter, IndexValue, Indexed, Lists, Times};
use crate::store::{
    Condition, GlobalIndex, Item, Key, Partition, Query, SortKeyRange, StoreError, StoreExt, TenantId, Write,
};
use crate::time::now_rfc3339;
use crate::AppState;

/// Record kind of deliveries.
pub const DELIVERY: &str = "webhook_delivery";
/// An attempt that has not reported back within this long is tried again.
const LEASE_MS: i64 = 60_000;
/// Failing this long without one success disables an endpoint.
const FAILING_DISABLES_AFTER_SECS: i64 = 5 * 24 * 3600;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum DeliveryStatus {
    Pending,
    Delivered,
    /// Every attempt failed, the endpoint is gone or disabled: kept here as the dead letter.
    Failed,
}

/// One event on its way to one endpoint, with every attempt so far.
#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Delivery {
    pub id: u64,
    pub subscription_id: u64,
    pub event: Event,
    pub status: DeliveryStatus,
    pub attempts: Vec<Attempt>,
    /// When the next attempt is due (Unix milliseconds), while pending.
    pub next_attempt_at: Option<i64>,
    /// Why it failed for good, when it did.
    #[serde(default)]
    pub failure: Option<String>,
    pub created_at: String,
    pub updated_at: String,
    /// When a finished delivery leaves the log (Unix seconds): the log keeps each for the
    /// retention (`WEBHOOK_LOG_RETENTION_DAYS`) after it finished.
    #[serde(default)]
    pub expires_at: Option<i64>,
    pub version: u64,
}

/// The delivery log is listed per endpoint (and status), newest first, from indexes that expire
/// with their deliveries.
impl Indexed for Delivery {
    const KIND: &'static str = DELIVERY;
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[],
        filters: &[
            Filter::one("subscription_id", |d| IndexValue::id(d.subscription_id)),
            // One endpoint's deliveries in one status: one index, not a filter checked on a scan.
            Filter::one("subscription_status", |d| {
                IndexValue::text(&subscription_status(d.subscription_id, d.status))
            }),
        ],
        sums: &[],
    };
    const EXPIRES: bool = true;
    const TIMES: Times = Times::CreatedAndUpdated;
    fn created_at(&self) -> Option<&str> {
        Some(&self.created_at)
    }
    fn updated_at(&self) -> Option<&str> {
        Some(&self.updated_at)
    }
    fn id(&self) -> u64 {
        self.id
    }
    fn search_text(&self) -> String {
        self.event.event_type.clone()
    }
    fn expires_at(&self) -> Option<i64> {
        self.expires_at
    }
}

/// The value of the delivery log's `subscription_status` index.
pub fn subscription_status(subscription_id: u64, status: DeliveryStatus) -> String {
    format!("{subscription_id}:{}", status.as_str())
}

impl DeliveryStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Delivered => "delivered",
            Self::Failed => "failed",
        }
    }
}

#[derive(Debug, Serialize, Deserialize)]
struct DueEntry {
    tenant: TenantId,
    delivery_id: u64,
}

fn due_partition() -> Partition {
    Partition::global(GlobalIndex::Outbox, "due")
}

fn due_key(at_ms: i64, tenant: TenantId, delivery_id: u64) -> Key {
    Key::new(due_partition(), format!("{at_ms:020}#{tenant}#{delivery_id:020}"))
}

pub fn delivery_key(tenant: TenantId, id: u64) -> Key {
    Key::record(tenant, DELIVERY, id)
}

/// The writes that create a pending delivery of `event` to `subscription`, due now.
pub async fn new_delivery(
    state: &AppState,
    tenant: TenantId,
    subscription_id: u64,
    event: &Event,
) -> Result<(Delivery, Vec<Write>), StoreError> {
    let (delivery, mut writes) = delivery_record(state, tenant, subscription_id, event).await?;
    let due = DueEntry {
        tenant,
        delivery_id: delivery.id,
    };
    let due_now = Write::put(
        Item::from_value(due_key(crate::time::now_unix_ms(), tenant, delivery.id), &due)?,
        Condition::NotExists,
    );
    writes.push(due_now);
    Ok((delivery, writes))
}

/// A new pending delivery and the writes that store it with its log entries (runners add how it
/// becomes due: a due entry locally, a queue message in the cloud).
pub async fn delivery_record(
    state: &AppState,
    tenant: TenantId,
    subscription_id: u64,
    event: &Event,
) -> Result<(Delivery, Vec<Write>), StoreError> {
    let id = state.store().next_id(tenant, DELIVERY).await?;
    let delivery = Delivery {
        id,
        subscription_id,
        event: event.clone(),
        status: DeliveryStatus::Pending,
        attempts: Vec::new(),
        next_attempt_at: Some(crate::time::now_unix_ms()),
        failure: None,
        created_at: now_rfc3339(),
        updated_at: now_rfc3339(),
        expires_at: None,
        version: 1,
    };
    let mut writes = vec![Write::put(
        Item::from_value(delivery_key(tenant, id), &delivery)?,
        Condition::NotExists,
    )];
    writes.extend(index::writes_in(tenant, None, Some(&delivery))?);
    Ok((delivery, writes))
}

/// The delivery of `event` to endpoint `subscription_id`, stored once however often the event is
/// fanned out: a queue hands a message over at least once, and a stream record may be relayed
/// twice. A marker keyed by the event and the endpoint is written in the delivery's transaction
/// (on the condition that it is new); a second fanout meets it and gets the first's delivery, so
/// the log shows one delivery and the receiver one `webhook-id`. The marker outlives SQS's
/// longest retention (14 days).
pub async fn delivery_once(
    state: &AppState,
    tenant: TenantId,
    subscription_id: u64,
    event: &Event,
) -> Result<u64, StoreError> {
    #[derive(Serialize, Deserialize)]
    struct Fanned {
        delivery_id: u64,
    }
    let marker = Key::new(
        Partition::tenant(tenant, "webhook_fanout"),
        format!("{}#{subscription_id}", event.id),
    );
    let (delivery, mut writes) = delivery_record(state, tenant, subscription_id, event).await?;
    let fanned = Fanned {
        delivery_id: delivery.id,
    };
    let keep_until = crate::time::now_unix() + 15 * 86_400;
    writes.push(Write::put(
        Item::from_value(marker.clone(), &fanned)?.expiring_at(keep_until),
        Condition::NotExists,
    ));
    match state.store().transact(writes).await {
        Ok(()) => Ok(delivery.id),
        Err(StoreError::ConditionFailed { .. }) => match state.store().get_as::<Fanned>(&marker).await? {
            Some(first) => Ok(first.delivery_id),
            None => Err(StoreError::internal(anyhow::anyhow!(
                "a delivery's transaction failed a condition without its fanout marker"
            ))),
        },
        Err(e) => Err(e),
    }
}

/// Where an outbox entry goes: the endpoints that get a new delivery of it, or (a retry) the
/// existing delivery that gets one more attempt.
pub enum Fanout {
    New(Vec<Subscription>),
    Retry(u64),
}

/// The endpoints of an outbox entry (see [`Fanout`]); a workspace's subscriptions are read once
/// per `read` (a pass of the worker, a queue message).
pub async fn fanout(state: &AppState, entry: &OutboxEntry, read: &mut SubscriptionsRead) -> Result<Fanout, StoreError> {
    if let Some(delivery_id) = entry.delivery_id {
        return Ok(Fanout::Retry(delivery_id));
    }
    let subscriptions = match entry.subscription_id {
        Some(id) => state
            .store()
            .get_as::<Subscription>(&Key::record(entry.tenant, SUBSCRIPTION, id))
            .await?
            .filter(|s| s.enabled)
            .into_iter()
            .collect(),
        None => read.wanting(state, entry.tenant, &entry.event).await?,
    };
    Ok(Fanout::New(subscriptions))
}

/// Each workspace's subscriptions (a workspace has few: their number is capped), read once.
#[derive(Default)]
pub struct SubscriptionsRead(HashMap<TenantId, Vec<Subscription>>);

impl SubscriptionsRead {
    /// The subscriptions of `tenant` that want `event`.
    async fn wanting(
        &mut self,
        state: &AppState,
        tenant: TenantId,
        event: &Event,
    ) -> Result<Vec<Subscription>, StoreError> {
        let all = match self.0.entry(tenant) {
            Entry::Occupied(known) => known.into_mut(),
            Entry::Vacant(slot) => slot.insert(state.store().list_as(Partition::tenant(tenant, SUBSCRIPTION)).await?),
        };
        Ok(all.iter().filter(|s| s.wants(&event.event_type)).cloned().collect())
    }
}

/// Makes a finished delivery pending again, due now (a manual retry: one more attempt).
pub async fn retry_now(state: &AppState, tenant: TenantId, delivery: &Delivery) -> Result<Delivery, StoreError> {
    let mut updated = delivery.clone();
    updated.status = DeliveryStatus::Pending;
    updated.next_attempt_at = Some(crate::time::now_unix_ms());
    updated.failure = None;
    updated.expires_at = None;
    updated.version += 1;
    updated.updated_at = now_rfc3339();
    let retry = OutboxEntry {
        tenant,
        event: delivery.event.clone(),
        subscription_id: None,
        delivery_id: Some(delivery.id),
    };
    let mut writes = vec![
        Write::put(
            Item::from_value(delivery_key(tenant, delivery.id), &updated)?,
            Condition::Version(delivery.version),
        ),
        outbox_entry_write(retry),
    ];
    writes.extend(index::writes_in(tenant, Some(delivery), Some(&updated))?);
    if let Some(at) = delivery
        .next_attempt_at
        .filter(|_| delivery.status == DeliveryStatus::Pending)
    {
        writes.push(Write::delete(due_key(at, tenant, delivery.id), Condition::Always));
    }
    state.store().transact(writes).await?;
    Ok(updated)
}

/// Moves up to `limit` outbox entries into deliveries; returns how many it moved. A workspace's
/// subscriptions are read once per pass, and the entries no endpoint wants (most, in a workspace
/// without webhooks) are deleted together at the end, up to 100 per transaction; an entry that
/// makes deliveries commits them with its own delete, in the outbox's order.
pub async fn drain_outbox(state: &AppState, limit: usize) -> Result<usize, StoreError> {
    let page = state
        .store()
        .query(Query {
            limit,
            ..Query::partition(outbox_partition())
        })
        .await?;
    let mut read = SubscriptionsRead::default();
    let mut unwanted: Vec<Key> = Vec::new();
    let mut moved = 0;
    for item in page.items {
        let entry: OutboxEntry = item.parse()?;
        let fanout = fanout(state, &entry, &mut read).await?;
        let mut writes = vec![Write::delete(item.key.clone(), Condition::Exists)];
        let subscriptions = match fanout {
            Fanout::New(subscriptions) if subscriptions.is_empty() => {
                unwanted.push(item.key);
                continue;
            }
            Fanout::Retry(delivery_id) => {
                let due = DueEntry {
                    tenant: entry.tenant,
                    delivery_id,
                };
                writes.push(Write::put(
                    Item::from_value(due_key(crate::time::now_unix_ms(), entry.tenant, delivery_id), &due)?,
                    Condition::Always,
                ));
                Vec::new()
            }
            Fanout::New(subscriptions) => subscriptions,
        };
        for subscription in subscriptions {
            writes.extend(
                new_delivery(state, entry.tenant, subscription.meta.id, &entry.event)
                    .await?
                    .1,
            );
        }
        match state.store().transact(writes).await {
            Ok(()) => moved += 1,
            // Another worker moved it first.
            Err(StoreError::ConditionFailed { index: Some(0) }) => {}
            Err(e) => return Err(e),
        }
    }
    for chunk in unwanted.chunks(100) {
        let deletes = chunk
            .iter()
            .map(|key| Write::delete(key.clone(), Condition::Exists))
            .collect();
        match state.store().transact(deletes).await {
            Ok(()) => moved += chunk.len(),
            // Another worker took one of them first: the rest one by one.
            Err(StoreError::ConditionFailed { .. }) => {
                for key in chunk {
                    match state.store().write(Write::delete(key.clone(), Condition::Exists)).await {
                        Ok(()) => moved += 1,
                        Err(StoreError::ConditionFailed { .. }) => {}
                        Err(e) => return Err(e),
                    }
                }
            }
            Err(e) => return Err(e),
        }
    }
    Ok(moved)
}

/// Makes every attempt that is due; returns how many it made.
pub async fn attempt_due(state: &AppState, deliverer: &Deliverer, limit: usize) -> Result<usize, StoreError> {
    let now = crate::time::now_unix_ms();
    let query = Query {
        range: SortKeyRange::Between(format!("{:020}", 0), format!("{now:020}~")),
        limit,
        ..Query::partition(due_partition())
    };
    let page = state.store().query(query).await?;
    let mut claimed = Vec::new();
    for item in page.items {
        let due: DueEntry = item.parse()?;
        // Claim it with a lease: if this process dies mid-attempt, the lease entry brings it back.
        let lease = due_key(now + LEASE_MS, due.tenant, due.delivery_id);
        let claim = state
            .store()
            .transact(vec![
                Write::delete(item.key.clone(), Condition::Exists),
                Write::put(Item::from_value(lease.clone(), &due)?, Condition::Always),
            ])
            .await;
        match claim {
            Ok(()) => claimed.push((due, lease)),
            Err(StoreError::ConditionFailed { .. }) => continue,
            Err(e) => return Err(e),
        }
    }
    // Concurrently: one slow receiver (up to the 15 s timeout) must not hold up everyone else's.
    let made = claimed.len();
    let attempts = claimed
        .into_iter()
        .map(|(due, lease)| attempt_one(state, deliverer, due.tenant, due.delivery_id, lease));
    for outcome in futures::future::join_all(attempts).await {
        outcome?;
    }
    Ok(made)
}

async fn attempt_one(
    state: &AppState,
    deliverer: &Deliverer,
    tenant: TenantId,
    delivery_id: u64,
    lease: Key,
) -> Result<(), StoreError> {
    let due_writes = |next: Option<i64>| -> Result<Vec<Write>, StoreError> {
        let mut writes = vec![Write::delete(lease.clone(), Condition::Always)];
        if let Some(at) = next {
            let due = DueEntry { tenant, delivery_id };
            writes.push(Write::put(
                Item::from_value(due_key(at, tenant, delivery_id), &due)?,
                Condition::Always,
            ));
        }
        Ok(writes)
    };
    match attempt_delivery(state, deliverer, tenant, delivery_id, due_writes).await? {
        Some(_) => Ok(()),
        // Nothing left to do for it: drop the lease.
        None => state.store().write(Write::delete(lease, Condition::Always)).await,
    }
}

/// What one attempt left behind.
#[derive(Clone, Debug)]
pub struct Attempted {
    /// The delivery after the attempt (`Failed` means for good: the dead letter).
    pub delivery: Delivery,
    /// When the next attempt is due (Unix ms), if there is one.
    pub next_attempt_at: Option<i64>,
}

/// Makes one attempt of a pending delivery and stores the outcome together with `also(next)`'s
/// writes (how the runner schedules the next attempt). `None` when the delivery needed nothing.
pub async fn attempt_delivery(
    state: &AppState,
    deliverer: &Deliverer,
    tenant: TenantId,
    delivery_id: u64,
    also: impl FnOnce(Option<i64>) -> Result<Vec<Write>, StoreError>,
) -> Result<Option<Attempted>, StoreError> {
    let Some(delivery) = state
        .store()
        .get_as::<Delivery>(&delivery_key(tenant, delivery_id))
        .await?
    else {
        return Ok(None);
    };
    // Not pending, or not due yet: a message handed over twice, whose first copy made the attempt
    // and scheduled the next one, changes nothing.
    let not_due = delivery
        .next_attempt_at
        .is_some_and(|at| at > crate::time::now_unix_ms());
    if delivery.status != DeliveryStatus::Pending || not_due {
        return Ok(None);
    }
    let subscription_key = Key::record(tenant, SUBSCRIPTION, delivery.subscription_id);
    let subscription: Option<Subscription> = state.store().get_as(&subscription_key).await?;
    let mut updated = delivery.clone();
    updated.version += 1;
    updated.updated_at = now_rfc3339();
    let mut subscription_change = None;
    match subscription.filter(|s| s.enabled) {
        None => {
            updated.status = DeliveryStatus::Failed;
            updated.failure = Some("The endpoint was deleted or disabled.".into());
            updated.next_attempt_at = None;
        }
        Some(subscription) => {
            let number = u32::try_from(delivery.attempts.len()).unwrap_or(u32::MAX) + 1;
            let attempt = deliverer.attempt(&subscription, &delivery.event, number).await;
            let now = crate::time::now_unix();
            let mut endpoint = subscription.clone();
            if attempt.succeeded() {
                updated.status = DeliveryStatus::Delivered;
                updated.next_attempt_at = None;
                endpoint.failing_since = None;
            } else if attempt.gone() {
                updated.status = DeliveryStatus::Failed;
                updated.failure = Some("The receiver answered 410 Gone; the endpoint is disabled.".into());
                updated.next_attempt_at = None;
                endpoint.enabled = false;
                endpoint.disabled_reason = Some("gone".into());
            } else {
                let since = *endpoint.failing_since.get_or_insert(now);
                if now - since >= FAILING_DISABLES_AFTER_SECS {
                    endpoint.enabled = false;
                    endpoint.disabled_reason = Some("failing".into());
                }
                if number > MAX_RETRIES || !endpoint.enabled {
                    updated.status = DeliveryStatus::Failed;
                    updated.failure = Some(format!("{number} attempts failed."));
                    updated.next_attempt_at = None;
                } else {
                    let delay = super::retry_delay(
                        number,
                        state.config().webhook_retry_base,
                        state.config().webhook_retry_max,
                    );
                    updated.next_attempt_at =
                        Some(crate::time::now_unix_ms() + i64::try_from(delay.as_millis()).unwrap_or(i64::MAX));
                }
            }
            updated.attempts.push(attempt);
            if endpoint.enabled != subscription.enabled || endpoint.failing_since != subscription.failing_since {
                subscription_change = Some((subscription, endpoint));
            }
        }
    }
    if updated.status != DeliveryStatus::Pending {
        // Finished deliveries leave the log after the retention (purged locally, TTL on DynamoDB).
        let retention = i64::try_from(state.config().webhook_log_retention.as_secs()).unwrap_or(i64::MAX);
        updated.expires_at = Some(crate::time::now_unix().saturating_add(retention));
    }
    let mut record = Item::from_value(delivery_key(tenant, delivery_id), &updated)?;
    if let Some(at) = updated.expires_at {
        record = record.expiring_at(at);
    }
    let mut writes = vec![Write::put(record, Condition::Version(delivery.version))];
    writes.extend(index::writes_in(tenant, Some(&delivery), Some(&updated))?);
    writes.extend(also(updated.next_attempt_at)?);
    // The endpoint's new state (disabled, failing since) commits with the delivery, so no reader
    // sees a failed delivery beside a still-enabled endpoint, and a crash cannot split the two.
    let endpoint_write = match subscription_change {
        Some((before, mut after)) => {
            after.meta.version = before.meta.version + 1;
            after.meta.updated_at = now_rfc3339();
            Some(Write::put(
                Item::from_value(Key::record(tenant, SUBSCRIPTION, before.meta.id), &after)?,
                Condition::Version(before.meta.version),
            ))
        }
        None => None,
    };
    let endpoint_index = writes.len();
    let with_endpoint: Vec<Write> = writes.iter().cloned().chain(endpoint_write).collect();
    let outcome = match state.store().transact(with_endpoint).await {
        // The owner edited the endpoint meanwhile: their change wins; the delivery's still commits.
        Err(StoreError::ConditionFailed { index: Some(i) }) if i == endpoint_index => {
            tracing::warn!(
                tenant.id = tenant.0,
                delivery.id = delivery_id,
                "endpoint changed meanwhile; its state was not updated"
            );
            state.store().transact(writes).await
        }
        other => other,
    };
    match outcome {
        Ok(()) => {}
        // Someone changed the delivery meanwhile (a manual retry): their state wins.
        Err(StoreError::ConditionFailed { .. }) => return Ok(None),
        Err(e) => return Err(e),
    }
    tracing::debug!(tenant.id = tenant.0, delivery.id = delivery_id, status = ?updated.status, "delivery attempted");
    Ok(Some(Attempted {
        next_attempt_at: updated.next_attempt_at,
        delivery: updated,
    }))
}

/// One pass of the worker: move the outbox into deliveries, then make the due attempts.
pub async fn run_once(state: &AppState, deliverer: &Deliverer) -> Result<usize, StoreError> {
    let moved = drain_outbox(state, 100).await?;
    let made = attempt_due(state, deliverer, 50).await?;
    Ok(moved + made)
}

/// The local worker: runs until the process ends, reading everything from the store, so a restart
/// picks up where the last process stopped.
pub fn spawn_worker(state: AppState) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let deliverer = Deliverer::new(state.config().webhook_allow_private);
        loop {
            match run_once(&state, &deliverer).await {
                Ok(0) => tokio::time::sleep(std::time::Duration::from_millis(100)).await,
                Ok(_) => {}
                Err(e) => {
                    tracing::warn!(error = %e, "webhook worker pass failed; retrying");
                    tokio::time::sleep(std::time::Duration::from_secs(1)).await;
                }
            }
        }
    })
}
