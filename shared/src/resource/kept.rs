//! What changes rarely, kept by the instance like principals and custom field definitions (for
//! `AUTH_CACHE_SECONDS`, until this instance writes what it was read from; see
//! [`crate::store::cache`]): items by key ([`get_many`]: the seeded chart of accounts a posting
//! resolves its codes through), and values read from whole partitions ([`value`]: where a new
//! lead goes by default).

use std::any::{Any, TypeId};
use std::future::Future;
use std::sync::Arc;

use super::Cx;
use crate::http::ApiError;
use crate::store::cache::{Kept, ReadStamp};
use crate::store::{Item, Key, Partition, StoreError, TenantId};

/// Items by key, absent ones too (`None`).
pub type ItemCache = Kept<Key, Option<Item>>;

/// The items of `keys` (each once: a batch read refuses a key twice), in their order: those the
/// instance keeps without a read, the rest in one batch read, kept afterwards.
pub async fn get_many(cx: Cx<'_>, keys: &[Key]) -> Result<Vec<Option<Item>>, StoreError> {
    let cache = cx.services.item_cache();
    let mut found: Vec<Option<Option<Item>>> = keys.iter().map(|key| cache.get(key)).collect();
    let missing: Vec<usize> = (0..keys.len()).filter(|&i| found[i].is_none()).collect();
    if !missing.is_empty() {
        // Each key's change count before the read: a write during it makes the entry miss.
        let stamps: Vec<ReadStamp> = missing
            .iter()
            .map(|&i| {
                let mut stamp = ReadStamp::default();
                cache.stamp(&mut stamp, [&keys[i]]);
                stamp
            })
            .collect();
        let wanted: Vec<Key> = missing.iter().map(|&i| keys[i].clone()).collect();
        let read = cx.store().get_many(&wanted).await?;
        for ((i, item), mut stamp) in missing.into_iter().zip(read).zip(stamps) {
            stamp.expires(item.as_ref().and_then(|item| item.expires_at));
            cache.put(keys[i].clone(), item.clone(), stamp);
            found[i] = Some(item);
        }
    }
    Ok(found.into_iter().map(Option::flatten).collect())
}

/// Values by workspace and type, each read from whole partitions ([`value`]).
pub type ValueCache = Kept<(TenantId, TypeId), Arc<dyn Any + Send + Sync>>;

/// The workspace's value of type `T` (one per workspace: a type of its own for each value kept),
/// which `read` computes from `partitions` alone: kept until a key of one of them is written on
/// this instance (or for the cache time), else read and kept.
pub async fn value<T, F, Fut>(cx: Cx<'_>, partitions: &[Partition], read: F) -> Result<Arc<T>, ApiError>
where
    T: Send + Sync + 'static,
    F: FnOnce() -> Fut,
    Fut: Future<Output = Result<T, ApiError>>,
{
    let cache = cx.services.value_cache();
    let key = (cx.tenant(), TypeId::of::<T>());
    if let Some(kept) = cache.get(&key).and_then(|value| value.downcast::<T>().ok()) {
        return Ok(kept);
    }
    let mut stamp = ReadStamp::default();
    for partition in partitions {
        cache.stamp_partition(&mut stamp, partition);
    }
    let value = Arc::new(read().await?);
    cache.put(key, Arc::clone(&value) as Arc<dyn Any + Send + Sync>, stamp);
    Ok(value)
}
