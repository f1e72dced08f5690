//! All the resource layer knows of the application around it: the stores, the configuration, the
//! queue client, the instance's caches (custom field definitions, kept items and values), and what the deployment's modules declare of
//! their records ([`Catalog`]). The application state ([`crate::AppState`]) holds one and derefs
//! to it, so a function that needs no more takes `&Services` and is called with the state as
//! well as from a [`super::Cx`]; the layer itself never names the state, the registry or the
//! route tables above it.

use std::collections::HashMap;
use std::sync::Arc;

use super::custom::DefinitionsCache;
use super::kept::{ItemCache, ValueCache};
use super::ledger::Ledger;
use super::refs::Cascade;
use super::transfer::Transfer;
use crate::auth::Module;
use crate::config::Config;
use crate::http::ApiError;
use crate::store::files::ObjectStore;
use crate::store::Store;

pub struct Services {
    pub(crate) config: Config,
    pub(crate) store: Arc<dyn Store>,
    pub(crate) files: Arc<dyn ObjectStore>,
    /// SQS in the cloud (for the queues the configuration names); `None` on the embedded store.
    pub(crate) sqs: Option<aws_sdk_sqs::Client>,
    pub(crate) definitions_cache: DefinitionsCache,
    pub(crate) item_cache: ItemCache,
    pub(crate) value_cache: ValueCache,
    pub(crate) catalog: Arc<Catalog>,
}

impl Services {
    pub fn config(&self) -> &Config {
        &self.config
    }
    /// Ok when `token` (a credential, or a public route's token) belongs to this instance's
    /// region; 421 `wrong_region` naming its home otherwise ([`crate::region`]). Always Ok with
    /// one region.
    pub fn admit_region(&self, token: &str) -> Result<(), ApiError> {
        match &self.config.regions {
            Some(regions) => regions.admit(token),
            None => Ok(()),
        }
    }
    /// The start of a credential of `kind` (`wt_live_`, `wto_`, ...) this instance issues: with
    /// its region when the platform has several ([`crate::region`]), so another cell can send the
    /// credential home without reading anything.
    pub fn credential_prefix(&self, kind: &str) -> String {
        match &self.config.regions {
            Some(regions) => regions.credential_prefix(kind),
            None => kind.to_string(),
        }
    }
    pub fn store(&self) -> &dyn Store {
        &*self.store
    }
    pub fn store_arc(&self) -> Arc<dyn Store> {
        Arc::clone(&self.store)
    }
    pub fn files(&self) -> &dyn ObjectStore {
        &*self.files
    }
    /// The SQS client, on DynamoDB (the cloud).
    pub fn sqs(&self) -> Option<&aws_sdk_sqs::Client> {
        self.sqs.as_ref()
    }
    /// Custom field definitions by workspace and kind ([`super::custom::definitions_of`]).
    pub fn definitions_cache(&self) -> &DefinitionsCache {
        &self.definitions_cache
    }
    /// Items that change rarely, by key ([`super::kept`]).
    pub fn item_cache(&self) -> &ItemCache {
        &self.item_cache
    }
    /// Values read from whole partitions ([`super::kept::value`]).
    pub fn value_cache(&self) -> &ValueCache {
        &self.value_cache
    }
    /// What the deployment's modules declare of their records.
    pub fn catalog(&self) -> &Catalog {
        &self.catalog
    }
}

/// What the deployment's modules declare of the records they serve, as the resource layer reads
/// it: which kinds the generic routes serve, by which module, which take custom fields, how each
/// is imported and exported, which live inside another record and go with it, and the books.
/// Made once from every module's route table ([`crate::module::Registry`]).
pub struct Catalog {
    /// Every kind, its module and whether it takes custom fields, sorted by module and kind.
    kinds: Vec<(Module, &'static str, bool)>,
    transfers: HashMap<&'static str, &'static Transfer>,
    cascades: Vec<&'static Cascade>,
    ledger: Option<&'static dyn Ledger>,
    /// Every event type, with the module it comes from (none for the account's own, which every
    /// plan has).
    events: HashMap<&'static str, Option<Module>>,
}

impl Catalog {
    pub fn new(
        mut kinds: Vec<(Module, &'static str, bool)>,
        transfers: impl IntoIterator<Item = &'static Transfer>,
        cascades: Vec<&'static Cascade>,
        ledger: Option<&'static dyn Ledger>,
        events: impl IntoIterator<Item = (&'static str, Option<Module>)>,
    ) -> Self {
        kinds.sort_by_key(|(module, kind, _)| (module.as_str(), *kind));
        kinds.dedup();
        Self {
            kinds,
            transfers: transfers.into_iter().map(|t| (t.kind, t)).collect(),
            cascades,
            ledger,
            events: events.into_iter().collect(),
        }
    }

    /// Every resource kind the modules serve through the generic routes, with its module.
    pub fn resource_kinds(&self) -> impl Iterator<Item = (Module, &'static str)> + '_ {
        self.kinds.iter().map(|(module, kind, _)| (*module, *kind))
    }

    /// Whether the generic routes serve records of `kind`.
    pub fn serves(&self, kind: &str) -> bool {
        self.kinds.iter().any(|(_, k, _)| *k == kind)
    }

    /// The module whose routes serve records of `kind`.
    pub fn module_of(&self, kind: &str) -> Option<Module> {
        self.kinds
            .iter()
            .find(|(_, k, _)| *k == kind)
            .map(|(module, _, _)| *module)
    }

    /// Every kind of record that takes custom fields.
    pub fn customizable_kinds(&self) -> Vec<&'static str> {
        self.kinds
            .iter()
            .filter(|(_, _, custom)| *custom)
            .map(|(_, kind, _)| *kind)
            .collect()
    }

    /// How records of `kind` are imported and exported, if they are.
    pub fn transfer(&self, kind: &str) -> Option<&'static Transfer> {
        self.transfers.get(kind).copied()
    }

    /// The kinds whose records live inside another record and go with it.
    pub fn cascades(&self) -> impl Iterator<Item = &'static Cascade> + '_ {
        self.cascades.iter().copied()
    }

    /// The books other modules post to, if a module provides them.
    pub fn ledger(&self) -> Option<&'static dyn Ledger> {
        self.ledger
    }

    /// The module event type `name` comes from, whose plan a subscription to it needs; `None`
    /// for the account's own events, which every plan has.
    pub fn module_of_event(&self, name: &str) -> Option<Module> {
        self.events.get(name).copied().flatten()
    }

    /// Whether `name` is an event type of the deployment (the webhook catalogue's).
    pub fn knows_event(&self, name: &str) -> bool {
        self.events.contains_key(name)
    }
}
