//! One definition per function crate: the routes it serves, the events it emits and how it fills a
//! new workspace. Each Lambda function's crate (`functions/lambdas/<function>`) lists the
//! definitions it links, the local server (`functions/monolith`) every one; the [`Registry`] the
//! application state holds is made from that list and from [`described`], what every module
//! declares, generated from all of them: the kinds, their custom fields and the event types.

pub mod described;

use std::sync::Arc;

use crate::auth::Module;
use crate::events::EventType;
use crate::resource::ledger::Ledger;
use crate::resource::refs::Cascade;
use crate::resource::Catalog;
use crate::routes::{Gate, RouteDoc, Routes, Transfers};
use crate::sandbox::Seeder;

/// A module's route table (`routes::<B>`, generic over the [`crate::routes::Build`]) as the two
/// plain functions its [`ModuleDef`] names: `served_routes` (the router) and `transfer_routes`
/// (its kinds' import and export runners, [`Transfers`]). A generic function named in a `const` is
/// compiled in every crate that uses the const: each function crate would compile the module's
/// whole resource layer again. These are compiled once, in the module's own crate
/// (`docs/performance.md`, "The build").
#[macro_export]
macro_rules! route_table {
    ($routes:ident) => {
        #[inline(never)]
        pub fn served_routes() -> $crate::routes::Routes<$crate::routes::Serve> {
            $routes::<$crate::routes::Serve>()
        }
        #[inline(never)]
        pub fn transfer_routes() -> $crate::routes::Routes<$crate::routes::Transfers> {
            $routes::<$crate::routes::Transfers>()
        }
    };
}

#[derive(Clone, Copy)]
pub struct ModuleDef {
    /// The Lambda function serving its routes: a `template.yaml` function's `Binary`.
    pub function: &'static str,
    /// Its route table with the handlers; `None` in a binary that links the module for its
    /// seeder or its books only ([`serving_only`]).
    pub routes: Option<fn() -> Routes>,
    /// Its route table built for the import and export worker: how each of its kinds is imported
    /// and exported. Only the transfer worker and the local server link it ([`serving_only`],
    /// [`serving_all`], [`transferring`]): about a megabyte of code in a module of many kinds.
    pub transfers: Option<fn() -> Routes<Transfers>>,
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
    /// A module serving routes only: `routes` and `transfers` are its table's two builds
    /// (`served_routes`, `transfer_routes`).
    pub const fn routes(function: &'static str, routes: fn() -> Routes, transfers: fn() -> Routes<Transfers>) -> Self {
        Self {
            function,
            routes: Some(routes),
            transfers: Some(transfers),
            opens_accounts: false,
            event_types: &[],
            seeder: None,
            cascades: &[],
            ledger: None,
        }
    }
}

/// What the deployment's modules add up to, built once from the definitions a process links
/// when the application starts ([`crate::AppState::from_config`]) and read through the state:
/// which kinds are served and by which module, which take custom fields, which import and export,
/// what goes with a deleted record, the books, the event catalogue. A value rather than a global,
/// so no code can read it before it is made, or find it silently empty.
pub struct Registry {
    modules: &'static [ModuleDef],
    /// The documentation of every route this process serves, made once from its tables.
    docs: Vec<RouteDoc>,
    /// What the modules declare of their records, shared with the resource layer's services.
    catalog: Arc<Catalog>,
    event_types: Vec<EventType>,
}

impl Registry {
    /// The registry of a process linking `modules`: the kinds and event types of every module
    /// come from [`described`] (a Lambda function serves a few modules, and still checks a
    /// custom field or a webhook against all of them); routes, imports, cascades, seeders and
    /// the books from the definitions themselves.
    pub fn new(modules: &'static [ModuleDef]) -> Self {
        let docs: Vec<RouteDoc> = modules
            .iter()
            .filter_map(|m| m.routes)
            .flat_map(|routes| routes().into_docs())
            .collect();
        let catalog = Catalog::new(
            described::KINDS.to_vec(),
            modules
                .iter()
                .filter_map(|m| m.transfers)
                .flat_map(|transfers| transfers().into_docs())
                .filter_map(|doc| doc.transfer),
            modules.iter().flat_map(|m| m.cascades).collect(),
            modules.iter().find_map(|m| m.ledger),
            described::EVENTS.iter().copied(),
        );
        Self {
            modules,
            catalog: Arc::new(catalog),
            event_types: modules.iter().flat_map(|m| m.event_types.iter().copied()).collect(),
            docs,
        }
    }

    /// Every module this process links, whichever it serves.
    pub fn modules(&self) -> &'static [ModuleDef] {
        self.modules
    }

    /// The documentation of every route this process serves, in the modules' order: all of
    /// them in the local server (which makes the OpenAPI document from them).
    pub fn route_docs(&self) -> &[RouteDoc] {
        &self.docs
    }

    /// What the modules declare of their records: the kinds served, custom fields, imports, the
    /// books ([`Catalog`]).
    pub fn catalog(&self) -> &Arc<Catalog> {
        &self.catalog
    }

    /// The event types of the modules this process links, with their data's schema: all of them
    /// in the local server, which makes the webhook catalogue from them. Which event types exist
    /// is [`Catalog::knows_event`].
    pub fn event_types(&self) -> &[EventType] {
        &self.event_types
    }
}

/// [`described`]'s source as `modules` make it: their kinds (module, kind, whether it takes custom
/// fields), sorted, and each event type with the module whose plan a subscription to it needs.
/// `monolith docs` writes it from every module; a test keeps the file current.
pub fn describe(modules: &[ModuleDef]) -> String {
    let mut kinds: Vec<(Module, &str, bool)> = modules
        .iter()
        .filter_map(|m| m.routes)
        .flat_map(|routes| routes().into_docs())
        .filter_map(|doc| match (doc.resource, doc.gate) {
            (Some(resource), Gate::Permission(permission)) => {
                Some((permission.module, resource.kind, resource.custom_fields))
            }
            _ => None,
        })
        .collect();
    kinds.sort_by_key(|(module, kind, _)| (module.as_str(), *kind));
    kinds.dedup();
    let module = |m: Module| format!("Module::{m:?}");
    let mut text = String::from(
        "//! What every module declares, as a Lambda function that serves a few of them knows the others.\n\
         //! Generated by `cargo run -p monolith -- docs` from every module's definition\n\
         //! ([`super::describe`]); a test keeps it current.\n\n\
         use crate::auth::Module;\n\n\
         /// Every kind the generic routes serve: its module, its name, whether it takes custom fields.\n\
         pub const KINDS: &[(Module, &str, bool)] = &[\n",
    );
    for (m, kind, custom) in kinds {
        text.push_str(&format!("    ({}, {kind:?}, {custom}),\n", module(m)));
    }
    text.push_str(
        "];\n\n/// Every event type, with the module whose plan a subscription to it needs (`None`: the\n\
         /// account's own, which every plan has).\npub const EVENTS: &[(&str, Option<Module>)] = &[\n",
    );
    for def in modules {
        for event in def.event_types {
            let owner =
                module_of_event(def, event.name).map_or_else(|| "None".to_owned(), |m| format!("Some({})", module(m)));
            text.push_str(&format!("    ({:?}, {owner}),\n", event.name));
        }
    }
    text.push_str("];\n");
    text
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
/// and of the others only what it runs of them (the books it posts to; the seeders, where a module
/// it serves opens accounts); no import or export runner (the transfer worker's, [`transferring`]).
/// Evaluated at compile time (a binary's `static`), so the handlers, seeders and runners left out
/// are never referenced, and the linker drops them.
pub const fn serving_only<const N: usize>(function: &str, mut modules: [ModuleDef; N]) -> [ModuleDef; N] {
    let mut opens_accounts = false;
    let mut i = 0;
    while i < N {
        if const_str_eq(modules[i].function, function) {
            opens_accounts |= modules[i].opens_accounts;
        } else {
            modules[i].routes = None;
        }
        modules[i].transfers = None;
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

/// `modules` as the MCP server links them: every route table (a tool call runs its REST route in
/// process) and seeder, no import or export runner (the transfer worker's).
pub const fn serving_all<const N: usize>(mut modules: [ModuleDef; N]) -> [ModuleDef; N] {
    let mut i = 0;
    while i < N {
        modules[i].transfers = None;
        i += 1;
    }
    modules
}

/// `modules` as the transfer worker links them: every kind's import and export runner and the
/// books, no route table and no seeder.
pub const fn transferring<const N: usize>(mut modules: [ModuleDef; N]) -> [ModuleDef; N] {
    let mut i = 0;
    while i < N {
        modules[i].routes = None;
        modules[i].seeder = None;
        i += 1;
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
