//! One definition per function crate: the routes it serves, the events it emits and how it fills a
//! new workspace. The bundle (`functions/monolith`) lists every definition once (`MODULES`), and
//! everything that spans modules reads that list: the local server's router, each Lambda binary,
//! and the [`Registry`] the application state holds (the OpenAPI document, the webhook event
//! catalogue, the seeders, cascades, the books, imports).

use std::sync::Arc;

use crate::auth::Module;
use crate::events::EventType;
use crate::resource::ledger::Ledger;
use crate::resource::refs::Cascade;
use crate::resource::Catalog;
use crate::routes::{Describe, Gate, RouteDoc, Routes};
use crate::sandbox::Seeder;

/// A module's route table (`routes::<B>`, generic over the [`crate::routes::Build`]) as the two
/// plain functions its [`ModuleDef`] names: `served_routes` and `described_routes`. A generic
/// function named in a `const` is compiled in every crate that uses the const: the bundle's
/// library, its binary and each Lambda binary compiled every module's whole resource layer again.
/// These are compiled once, in the module's own crate (`docs/performance.md`, "The build").
#[macro_export]
macro_rules! route_table {
    ($routes:ident) => {
        #[inline(never)]
        pub fn served_routes() -> $crate::routes::Routes<$crate::routes::Serve> {
            $routes::<$crate::routes::Serve>()
        }
        #[inline(never)]
        pub fn described_routes() -> $crate::routes::Routes<$crate::routes::Describe> {
            $routes::<$crate::routes::Describe>()
        }
    };
}

#[derive(Clone, Copy)]
pub struct ModuleDef {
    /// The Lambda function serving its routes: a `template.yaml` function's `Binary`.
    pub function: &'static str,
    /// Its route table with the handlers; `None` in a binary that only describes the module
    /// ([`serving_only`]).
    pub routes: Option<fn() -> Routes>,
    /// The same table without the handlers: its documentation, and the kinds it serves.
    pub described: fn() -> Routes<Describe>,
    /// Its routes open accounts, which every module's seeder fills: the binary serving it keeps
    /// the seeders ([`serving_only`]).
    pub opens_accounts: bool,
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
    /// A module serving routes only: `routes` and `described` are one table's two builds
    /// (`routes::<Serve>`, `routes::<Describe>`).
    pub const fn routes(function: &'static str, routes: fn() -> Routes, described: fn() -> Routes<Describe>) -> Self {
        Self {
            function,
            routes: Some(routes),
            described,
            opens_accounts: false,
            event_types: &[],
            seeder: None,
            cascades: &[],
            ledger: None,
        }
    }
}

/// What the deployment's modules add up to, built once from their list when the application
/// starts ([`crate::AppState::from_config`]) and read through the state: which kinds are served
/// and by which module, which take custom fields, which import and export, what goes with a
/// deleted record, the books, the event catalogue. A value rather than a global, so no code can
/// read it before it is made, or find it silently empty.
pub struct Registry {
    modules: &'static [ModuleDef],
    /// Every route's documentation, made once from the modules' tables.
    docs: Vec<RouteDoc>,
    /// What the modules declare of their records, shared with the resource layer's services.
    catalog: Arc<Catalog>,
    event_types: Vec<EventType>,
}

impl Registry {
    pub fn new(modules: &'static [ModuleDef]) -> Self {
        // The served modules' tables (which know how their kinds are imported), the others'
        // descriptions.
        let docs: Vec<RouteDoc> = modules
            .iter()
            .flat_map(|m| match m.routes {
                Some(routes) => routes().into_docs(),
                None => (m.described)().into_docs(),
            })
            .collect();
        let kinds = docs
            .iter()
            .filter_map(|doc| match (doc.resource, doc.gate) {
                (Some(resource), Gate::Permission(permission)) => {
                    Some((permission.module, resource.kind, resource.custom_fields))
                }
                _ => None,
            })
            .collect();
        let event_modules = modules
            .iter()
            .flat_map(|def| {
                def.event_types
                    .iter()
                    .map(move |t| (t.name, module_of_event(def, t.name)))
            })
            .filter_map(|(name, module)| Some((name, module?)));
        let catalog = Catalog::new(
            kinds,
            docs.iter().filter_map(|doc| doc.transfer),
            modules.iter().flat_map(|m| m.cascades).collect(),
            modules.iter().find_map(|m| m.ledger),
            event_modules,
        );
        Self {
            modules,
            catalog: Arc::new(catalog),
            event_types: modules.iter().flat_map(|m| m.event_types.iter().copied()).collect(),
            docs,
        }
    }

    /// Every module of the deployment, whichever this process serves.
    pub fn modules(&self) -> &'static [ModuleDef] {
        self.modules
    }

    /// Every route's documentation, in the modules' order.
    pub fn route_docs(&self) -> &[RouteDoc] {
        &self.docs
    }

    /// What the modules declare of their records: the kinds served, custom fields, imports, the
    /// books ([`Catalog`]).
    pub fn catalog(&self) -> &Arc<Catalog> {
        &self.catalog
    }

    /// Every event type the modules emit (the webhook catalogue).
    pub fn event_types(&self) -> &[EventType] {
        &self.event_types
    }
}

/// The module event type `name` of module `def` comes from: the one its name starts with
/// (`pos.created`), else the one the definition's function is named for (`task.created` of
/// `projects`); `None` for the account's own (`identity`, `v1`), which every plan has.
fn module_of_event(def: &ModuleDef, name: &str) -> Option<Module> {
    let module = |word: &str| Module::ALL.into_iter().find(|m| m.as_str() == word);
    let prefix = name.split('.').next().unwrap_or_default();
    module(prefix).or_else(|| module(def.function))
}

/// Every route table `modules` serve, in order.
pub fn all_routes(modules: &[ModuleDef]) -> Routes {
    modules
        .iter()
        .filter_map(|module| module.routes)
        .fold(Routes::new(""), |all, routes| all.merge(routes()))
}

/// `modules` as the binary of `function` links them: the route tables of the modules it serves,
/// only the descriptions of the others, and the seeders only where a module it serves opens
/// accounts. Evaluated at compile time (a binary's `static`), so the handlers and seeders left out
/// are never referenced, and the linker drops them: each function's bootstrap carries its own
/// modules, not every module.
pub const fn serving_only<const N: usize>(function: &str, mut modules: [ModuleDef; N]) -> [ModuleDef; N] {
    let mut opens_accounts = false;
    let mut i = 0;
    while i < N {
        if const_str_eq(modules[i].function, function) {
            opens_accounts |= modules[i].opens_accounts;
        } else {
            modules[i].routes = None;
        }
        i += 1;
    }
    if !opens_accounts {
        let mut i = 0;
        while i < N {
            modules[i].seeder = None;
            i += 1;
        }
    }
    modules
}

const fn const_str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}
