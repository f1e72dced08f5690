//! Values kept in the instance while nothing they were read from has changed: the principal
//! cache ([`crate::auth::cache`]) and each kind's custom field definitions
//! ([`crate::resource::custom::definitions_of`]).
//!
//! An entry remembers the store keys (or partitions) it was read from and the change count of
//! each at the time of the read; [`Kept::watch`] wraps the store every handler writes through so
//! that it counts a change of any key it writes. A change made on this instance makes the entries
//! that read it miss at once; another instance's change reaches this one when the entry expires.

use std::collections::HashMap;
use std::hash::{BuildHasher, Hash, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use async_trait::async_trait;

use super::{
    Document, DocumentPage, Item, Key, Partition, Query, QueryPage, Store, StoreError, TenantId, Write, Writes,
};

/// Entries an instance keeps at most.
const CAPACITY: usize = 10_000;
/// Change counters; keys share one when they hash alike, which costs a needless miss, never a
/// stale hit. A create writes about a dozen keys, each counted with its partition, so a given
/// principal's entry (three keys) misses about once in 900 creates (with 4,096 slots and keys
/// alone it was once in 100).
const SLOTS: usize = 65_536;

/// How many times each key (by slot) was written on this instance.
pub struct ChangeCounts {
    slots: Box<[AtomicU64]>,
    /// Seeded per instance, so no one can aim keys at a given slot; foldhash rather than std's
    /// SipHash, which was 5% of a create's request-side work (a create hashes about 28 keys).
    hasher: foldhash::fast::RandomState,
}

impl ChangeCounts {
    fn new() -> Self {
        Self {
            slots: (0..SLOTS).map(|_| AtomicU64::new(0)).collect(),
            hasher: Default::default(),
        }
    }

    fn slot(&self, key: &Key) -> usize {
        let mut h = self.hasher.build_hasher();
        key.pk.as_str().hash(&mut h);
        key.sk.hash(&mut h);
        (h.finish() as usize) % SLOTS
    }

    /// A partition's own slot, changed by a write of any key in it.
    fn partition_slot(&self, partition: &Partition) -> usize {
        (self.hasher.hash_one(partition.as_str()) as usize) % SLOTS
    }

    fn changed(&self, slot: usize) {
        self.slots[slot].fetch_add(1, Ordering::Release);
    }

    fn count(&self, slot: usize) -> u64 {
        self.slots[slot].load(Ordering::Acquire)
    }
}

/// What a cached value was read from: each key's slot and its change count before the read, and
/// when the soonest of the items read expires.
#[derive(Clone, Debug, Default)]
pub struct ReadStamp {
    slots: Vec<(usize, u64)>,
    expires_at: Option<i64>,
}

impl ReadStamp {
    /// Notes that an item read expires at `expires_at` (Unix seconds).
    pub fn expires(&mut self, expires_at: Option<i64>) {
        if let Some(at) = expires_at {
            self.expires_at = Some(self.expires_at.map_or(at, |e| e.min(at)));
        }
    }
}

struct Entry<V> {
    value: V,
    stamp: ReadStamp,
    until: Instant,
}

/// Values read from the store, each kept while nothing it was read from has changed on this
/// instance ([`Watched`] counts every write) and for the cache time at most (another instance's
/// change reaches this one then). The principal cache ([`crate::auth::cache`]) is one;
/// [`Kept::sharing`] makes others that watch the same writes (custom field definitions).
pub struct Kept<K, V> {
    ttl: Duration,
    changes: Arc<ChangeCounts>,
    entries: Mutex<HashMap<K, Entry<V>>>,
}

impl<K: Hash + Eq, V: Clone> Kept<K, V> {
    /// An empty cache keeping values for `ttl` at most (zero: keeps nothing), with change counts
    /// of its own.
    pub fn new(ttl: Duration) -> Self {
        Self {
            ttl,
            changes: Arc::new(ChangeCounts::new()),
            entries: Mutex::new(HashMap::new()),
        }
    }

    /// `store`, counting the changes it writes for this cache (and those sharing its counts).
    pub fn watch(&self, store: Arc<dyn Store>) -> Arc<dyn Store> {
        Arc::new(Watched {
            inner: store,
            changes: Arc::clone(&self.changes),
        })
    }

    /// Another cache with the same time, watching the same writes.
    pub fn sharing<K2, V2>(&self) -> Kept<K2, V2> {
        Kept {
            ttl: self.ttl,
            changes: Arc::clone(&self.changes),
            entries: Mutex::new(HashMap::new()),
        }
    }

    /// Adds the change counts of `keys` to `stamp`, before they are read (a change made during
    /// the read then makes the entry miss).
    pub fn stamp<'k>(&self, stamp: &mut ReadStamp, keys: impl IntoIterator<Item = &'k Key>) {
        for key in keys {
            let slot = self.changes.slot(key);
            stamp.slots.push((slot, self.changes.count(slot)));
        }
    }

    /// Adds the change count of `partition` to `stamp`: any write of a key in it (a new one
    /// included) makes the entry miss. For a value read by a query.
    pub fn stamp_partition(&self, stamp: &mut ReadStamp, partition: &Partition) {
        let slot = self.changes.partition_slot(partition);
        stamp.slots.push((slot, self.changes.count(slot)));
    }

    /// The value kept for `key`, while none of what it was read from has changed here and its
    /// time is not up.
    pub fn get(&self, key: &K) -> Option<V> {
        if self.ttl.is_zero() {
            return None;
        }
        let entries = self.entries.lock().unwrap_or_else(|p| p.into_inner());
        let entry = entries.get(key)?;
        let fresh = Instant::now() < entry.until
            && entry
                .stamp
                .slots
                .iter()
                .all(|(slot, count)| self.changes.count(*slot) == *count);
        fresh.then(|| entry.value.clone())
    }

    /// Keeps `value` for `key`, read with `stamp` (an item read that expires sooner than the
    /// cache's time shortens the entry's).
    pub fn put(&self, key: K, value: V, stamp: ReadStamp) {
        if self.ttl.is_zero() {
            return;
        }
        let mut until = Instant::now() + self.ttl;
        if let Some(at) = stamp.expires_at {
            let left = u64::try_from(at - crate::time::now_unix()).unwrap_or(0);
            until = until.min(Instant::now() + Duration::from_secs(left));
        }
        let mut entries = self.entries.lock().unwrap_or_else(|p| p.into_inner());
        if entries.len() >= CAPACITY {
            let now = Instant::now();
            entries.retain(|_, e| e.until > now);
            if entries.len() >= CAPACITY {
                // Still full of live entries: start again rather than track recency.
                entries.clear();
            }
        }
        entries.insert(key, Entry { value, stamp, until });
    }
}

/// The store as handlers use it: every write also counts a change of each key it touches.
struct Watched {
    inner: Arc<dyn Store>,
    changes: Arc<ChangeCounts>,
}

impl Watched {
    /// The slots of the keys writes are about to change and of their partitions, then those of
    /// the keys they only check (taken before the writes, which consume their keys: cheaper
    /// than cloning them).
    fn slots<'a>(&self, writes: impl IntoIterator<Item = &'a Write>) -> Slots {
        let mut slots = Slots::default();
        for write in writes {
            let key = write.key();
            let of = match write {
                Write::Check { .. } => &mut slots.checked,
                _ => &mut slots.changed,
            };
            of.extend([self.changes.slot(key), self.changes.partition_slot(&key.pk)]);
        }
        slots
    }

    /// Counted after the writes, whatever their outcome: a stamp taken before then was read from
    /// the data before the change. A check changes nothing, so a create's check that the records
    /// it names exist leaves what was read of them kept; but when the writes failed, a check may
    /// be what failed (a record kept here that another instance deleted), so its keys count too
    /// and what was read of them is read again.
    fn changed<T, E>(&self, slots: Slots, result: &Result<T, E>) {
        let checked = if result.is_err() { slots.checked } else { Vec::new() };
        for slot in slots.changed.into_iter().chain(checked) {
            self.changes.changed(slot);
        }
    }
}

/// [`Watched::slots`]: what writes change, and what they only check.
#[derive(Default)]
struct Slots {
    changed: Vec<usize>,
    checked: Vec<usize>,
}

#[async_trait]
impl Store for Watched {
    async fn get(&self, key: &Key) -> Result<Option<Item>, StoreError> {
        self.inner.get(key).await
    }
    async fn get_document(&self, key: &Key) -> Result<Option<Document>, StoreError> {
        self.inner.get_document(key).await
    }
    async fn get_many(&self, keys: &[Key]) -> Result<Vec<Option<Item>>, StoreError> {
        self.inner.get_many(keys).await
    }
    async fn get_documents(&self, keys: &[Key]) -> Result<Vec<Option<Document>>, StoreError> {
        self.inner.get_documents(keys).await
    }
    async fn write(&self, write: Write) -> Result<(), StoreError> {
        let slots = self.slots([&write]);
        let result = self.inner.write(write).await;
        self.changed(slots, &result);
        result
    }
    async fn transact(&self, writes: Vec<Write>) -> Result<(), StoreError> {
        let slots = self.slots(&writes);
        let result = self.inner.transact(writes).await;
        self.changed(slots, &result);
        result
    }
    async fn commit(&self, writes: Writes) -> Result<(), StoreError> {
        let slots = self.slots(writes.head.iter().chain(&writes.ahead));
        let result = self.inner.commit(writes).await;
        self.changed(slots, &result);
        result
    }
    fn transaction_writes(&self) -> usize {
        self.inner.transaction_writes()
    }
    async fn recover(&self, older_than: i64) -> Result<usize, StoreError> {
        // No cached value is read from a record a large change writes.
        self.inner.recover(older_than).await
    }
    async fn increment(&self, key: &Key, by: i64, expires_at: Option<i64>) -> Result<i64, StoreError> {
        // Counters are never cached.
        self.inner.increment(key, by, expires_at).await
    }
    async fn next_ids(&self, tenant: TenantId, kind: &str, n: u64) -> Result<std::ops::Range<u64>, StoreError> {
        // The backend's own (the embedded store's blocks); id counters are never cached either.
        self.inner.next_ids(tenant, kind, n).await
    }
    async fn query(&self, query: Query) -> Result<QueryPage, StoreError> {
        self.inner.query(query).await
    }
    async fn query_and_get(&self, query: Query, keys: &[Key]) -> Result<(DocumentPage, Vec<Option<Item>>), StoreError> {
        self.inner.query_and_get(query, keys).await
    }
    async fn count(&self, query: Query) -> Result<u64, StoreError> {
        self.inner.count(query).await
    }
    async fn purge_expired(&self, limit: usize) -> Result<usize, StoreError> {
        // Expired items: an entry built from one ends when the item does (`Kept::put`).
        self.inner.purge_expired(limit).await
    }
    fn round_trips(&self) -> u64 {
        self.inner.round_trips()
    }
    fn items_read(&self) -> u64 {
        self.inner.items_read()
    }
    fn items_written(&self) -> u64 {
        self.inner.items_written()
    }
}
