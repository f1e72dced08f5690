//! Sandbox seeding: each module contributes a [`Seeder`] that fills a fresh sandbox tenant with
//! realistic records. The platform runs those of
//! `AppState::modules`.

use async_trait::async_trait;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::http::ApiError;
use crate::resource::{index, ops, Cx, Resource};
use crate::store::{TenantId, Write};
use crate::AppState;

#[async_trait]
pub trait Seeder: Send + Sync {
    /// The module it seeds, for logs.
    fn name(&self) -> &'static str;
    /// Writes the module's seed records into `tenant` (a sandbox just created, or being reset).
    async fn seed(&self, state: &AppState, tenant: TenantId) -> anyhow::Result<()>;
    /// Writes the seed records that need another module's, run once every module's
    /// [`Seeder::seed`] is done (in the same order). The modules' order cannot serve every
    /// dependency: accounting seeds first because inventory's POS sales post to its chart of
    /// accounts, yet accounting's purchase invoices receive inventory's products into its
    /// warehouses. Most modules need nothing here.
    async fn seed_after(&self, _state: &AppState, _tenant: TenantId) -> anyhow::Result<()> {
        Ok(())
    }
    /// Writes what a new live workspace starts with (the CRM's default pipeline); most modules
    /// start empty.
    async fn live_defaults(&self, _state: &AppState, _tenant: TenantId) -> anyhow::Result<()> {
        Ok(())
    }
}

/// Records of one seed, stored together: a few transactions instead of a round trip per record.
pub struct Batch<'a> {
    cx: Cx<'a>,
    /// Each record's writes (the record, its event and its index entries), kept together.
    records: Vec<Vec<Write>>,
}

impl<'a> Batch<'a> {
    pub fn new(cx: Cx<'a>) -> Self {
        Self {
            cx,
            records: Vec::new(),
        }
    }

    /// Ids for `n` records of `R`, in one round trip.
    pub async fn ids<R: Resource>(&self, n: usize) -> Result<Vec<u64>, ApiError> {
        let ids = self.cx.store().next_ids(self.cx.tenant(), R::KIND, n as u64).await?;
        Ok(ids.collect())
    }

    /// Adds `record` (its id already set) to the batch; returns it as stored.
    pub fn add<R: Resource>(&mut self, mut record: R) -> Result<R, ApiError> {
        self.records.push(ops::prepare(self.cx, &mut record)?);
        Ok(record)
    }

    pub async fn commit(self) -> Result<(), ApiError> {
        ops::commit_batches(self.cx, self.records).await
    }
}

/// `record` with id `id` (from [`Batch::ids`]).
pub fn with_id<R: Resource>(mut record: R, id: u64) -> R {
    record.meta_mut().id = id;
    record
}

/// A body for an operation, as a route would parse it.
pub fn body<T: DeserializeOwned>(value: Value) -> Result<T, ApiError> {
    serde_json::from_value(value).map_err(|e| ApiError::internal(anyhow::anyhow!("a seed body does not parse: {e}")))
}

/// Creates a record of `R` from a JSON body, through the operation its create route uses (so
/// references, counters and events agree).
pub async fn insert<R: Resource>(cx: Cx<'_>, input: Value) -> Result<R, ApiError> {
    crate::resource::ops::insert::<R>(cx, body(input)?, Vec::new()).await
}

/// The records of `R` a seed wrote, in id order (at most 100: seeds hold a few).
pub async fn seeded<R: Resource>(cx: Cx<'_>) -> Result<Vec<R>, ApiError> {
    index::top::<R>(cx, None, "id", false, 100).await
}

/// A seed that needs `what`, which an earlier seed should have written.
pub fn missing(what: &str) -> ApiError {
    ApiError::internal(anyhow::anyhow!("the sandbox seed has no {what}"))
}
