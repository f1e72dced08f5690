//! One definition per function crate: the routes it serves, the events it emits and how it fills a
//! new workspace. The bundle (`functions/monolith`) lists every definition once (`MODULES`), and
//! everything that spans modules reads that list: the local server's router, each Lambda binary,
//! the OpenAPI document, the webhook event catalogue, the seeders and the contract tests.

use std::sync::OnceLock;

use crate::auth::Module;
use crate::events::EventType;
use crate::ledger::Ledger;
use crate::resource::refs::Cascade;
use crate::routes::{Gate, Routes};
use crate::sandbox::Seeder;

pub struct ModuleDef {
    /// The Lambda function serving its routes: a `template.yaml` function's `Binary`.
    pub function: &'static str,
    pub routes: fn() -> Routes,
    /// The webhook event types it emits (listed by `GET /api/v1/webhooks/event-types`).
    pub event_types: &'static [EventType],
    /// What a new live workspace and a new sandbox start with.
    pub seeder: Option<&'static dyn Seeder>,
    /// Its kinds whose records live inside another record and go with it
    /// ([`crate::resource::Ref::cascade`]).
    pub cascades: &'static [Cascade],
    /// The books other modules post to ([`crate::ledger`]): accounting's; at most one module.
    pub ledger: Option<&'static dyn Ledger>,
}

impl ModuleDef {
    /// A module serving routes only.
    pub const fn routes(function: &'static str, routes: fn() -> Routes) -> Self {
        Self {
            function,
            routes,
            event_types: &[],
            seeder: None,
            cascades: &[],
            ledger: None,
        }
    }
}

static INSTALLED: OnceLock<&'static [ModuleDef]> = OnceLock::new();

/// Makes `modules` the deployment's list, once per process ([`crate::AppState::from_config`]
/// does it; a later call with another list is ignored).
pub fn install(modules: &'static [ModuleDef]) {
    let _ = INSTALLED.set(modules);
}

/// The deployment's modules: all of them, whichever this process serves. A global rather than
/// state because schemas (the event names a subscription may name) are generated without state.
pub fn installed() -> &'static [ModuleDef] {
    INSTALLED.get().copied().unwrap_or(&[])
}

/// Every resource kind the deployment's modules serve through the generic routes, with the
/// module it belongs to (computed once per process).
pub fn resource_kinds() -> &'static [(Module, &'static str)] {
    static KINDS: OnceLock<Vec<(Module, &'static str)>> = OnceLock::new();
    KINDS.get_or_init(|| {
        resource_routes()
            .iter()
            .map(|(module, kind, _)| (*module, *kind))
            .collect()
    })
}

/// [`resource_kinds`], each with whether it takes custom fields.
pub fn resource_routes() -> &'static [(Module, &'static str, bool)] {
    static KINDS: OnceLock<Vec<(Module, &'static str, bool)>> = OnceLock::new();
    KINDS.get_or_init(|| {
        let mut kinds: Vec<(Module, &'static str, bool)> = all_routes(installed())
            .into_docs()
            .into_iter()
            .filter_map(|doc| match (doc.resource, doc.gate) {
                (Some(resource), Gate::Permission(permission)) => {
                    Some((permission.module, resource.kind, resource.custom_fields))
                }
                _ => None,
            })
            .collect();
        kinds.sort_by_key(|(module, kind, _)| (module.as_str(), *kind));
        kinds.dedup();
        kinds
    })
}

/// Every route table of `modules`, in order.
pub fn all_routes(modules: &[ModuleDef]) -> Routes {
    modules
        .iter()
        .fold(Routes::new(""), |all, module| all.merge((module.routes)()))
}

/// Every event type of `modules`.
pub fn all_event_types(modules: &[ModuleDef]) -> Vec<EventType> {
    modules.iter().flat_map(|m| m.event_types.iter().copied()).collect()
}
