//! Sandbox seeding: each module contributes a [`Seeder`] that fills a fresh sandbox tenant with
//! realistic records. The platform runs those of
//! `AppState::modules`.

use async_trait::async_trait;

use crate::store::TenantId;
use crate::AppState;

#[async_trait]
pub trait Seeder: Send + Sync {
    /// The module it seeds, for logs.
    fn name(&self) -> &'static str;
    /// Writes the module's seed records into `tenant` (a sandbox just created, or being reset).
    async fn seed(&self, state: &AppState, tenant: TenantId) -> anyhow::Result<()>;
    /// Writes what a new live workspace starts with (the CRM's default pipeline); most modules
    /// start empty.
    async fn live_defaults(&self, _state: &AppState, _tenant: TenantId) -> anyhow::Result<()> {
        Ok(())
    }
}
