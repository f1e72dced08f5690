//! Route tables: each module declares every route once, as a row with its method, path, handler,
//! gate and wire types. The same rows build the axum router and the module's part of the OpenAPI
//! document (`crate::openapi`), so the two cannot drift.
//!
//! ```text
//! Routes::new("CRM")
//!     .resource::<Label>(Crud::new().list("/api/labels").create("/api/label/create"))
//!     .row(Op::post("/api/lead/convert-to-deal/{id}", leads::convert_lead).write(Crm).body::<ConvertIn>().created::<DealOut>())
//! ```

use axum::extract::DefaultBodyLimit;
use axum::handler::Handler;
use axum::http::Method;
use axum::routing::{on, MethodFilter, MethodRouter};
use axum::{Extension, Router};
use schemars::{JsonSchema, Schema, SchemaGenerator};

use crate::auth::{Module, Permission};
use crate::handlers;
use crate::http::{refuse_unknown_params, transport_cap, BodyLimit, KnownParams, ListResponse};
use crate::policy::{Credentials, Gated};
use crate::resource::{Deleted, Resource, Versioned};
use crate::AppState;

pub use crate::http::schema::SchemaFn;

fn schema_of<T: JsonSchema>(generator: &mut SchemaGenerator) -> Schema {
    generator.subschema_for::<T>()
}

fn list_schema_of<T: JsonSchema>(generator: &mut SchemaGenerator) -> Schema {
    generator.subschema_for::<ListResponse<T>>()
}

/// A create-or-update body, as the handler reads it: either a create (`C`'s fields, its required
/// ones required, `id` absent or null) or an update (`id` required with `U`'s fields, a patch's),
/// each with an optional `version` (an update's expected version). The two are components.
fn upsert_schema_of<C: JsonSchema, U: JsonSchema>(generator: &mut SchemaGenerator) -> Schema {
    use serde_json::{json, Value};
    let branch = |mut schema: Schema, id: Value, version: Value, required_id: bool| {
        if let Some(object) = schema.as_object_mut() {
            if let Some(properties) = object.get_mut("properties").and_then(Value::as_object_mut) {
                properties.insert("id".into(), id);
                properties.insert("version".into(), version);
            }
            if required_id {
                let required = object.entry("required").or_insert_with(|| json!([]));
                if let Some(required) = required.as_array_mut() {
                    required.insert(0, json!("id"));
                }
                // The patch's example (for a route with the id in its path) names no record: an
                // update's must, so that the document's example is a valid update.
                let examples = match object.get_mut("examples") {
                    Some(Value::Array(examples)) => examples.iter_mut().collect::<Vec<_>>(),
                    _ => object.get_mut("example").into_iter().collect(),
                };
                for example in examples {
                    if let Value::Object(fields) = example {
                        fields.entry("id").or_insert(json!(1));
                    }
                }
            }
        }
        schema.to_value()
    };
    let absent = |what: &str| json!({"type": "integer", "nullable": true, "enum": [null], "description": what});
    let create = branch(
        C::json_schema(generator),
        absent("Absent or null: a new record is made."),
        absent("Absent or null: a new record has no version to check."),
        false,
    );
    let update = branch(
        U::json_schema(generator),
        json!({"type": "integer", "format": "int64", "minimum": 1, "description": "The record to change; the other fields change only what they name."}),
        json!({"type": "integer", "format": "int64", "minimum": 1, "nullable": true, "description": "The version the change is based on (409 when it moved on)."}),
        true,
    );
    // Named components (`UpsertLeadIn`, `UpsertLeadPatch`), so generated clients name the two
    // shapes rather than numbering inline branches.
    let mut named = |body: Value, of: std::borrow::Cow<'static, str>| {
        let name = format!("Upsert{of}");
        let path = generator.settings().definitions_path.trim_start_matches('#').to_owned();
        generator.definitions_mut().entry(name.clone()).or_insert(body);
        json!({"$ref": format!("#{path}/{name}")})
    };
    let create = named(create, C::schema_name());
    let update = named(update, U::schema_name());
    Schema::try_from(json!({"anyOf": [create, update]})).expect("an anyOf is an object schema")
}

/// `R`'s export body: [`ExportIn`] of its filters, written out here so that it says what the
/// export checks of `R`: `sort` one of the values its list takes, no `custom_fields` for a kind
/// without them, no filter its list does not take.
fn export_body_schema<R: Resource>(generator: &mut SchemaGenerator) -> Schema {
    use crate::resource::transfer::export::ExportIn;
    use serde_json::{json, Value};
    let mut schema = <ExportIn<R::Filters> as JsonSchema>::json_schema(generator);
    // The filters component is named by export bodies alone (a list's query documents each
    // filter as its own parameter), so closing it says what `export::queue` refuses.
    if let Some(filters) = generator.definitions_mut().get_mut(&*R::Filters::schema_name()) {
        filters["additionalProperties"] = json!(false);
    }
    if let Some(properties) = schema.get_mut("properties").and_then(Value::as_object_mut) {
        if let Some(sort) = properties.get_mut("sort") {
            sort["enum"] = json!(crate::openapi::sort_values(&R::LISTS.sort_names()));
        }
        if !R::CUSTOM_FIELDS {
            if let Some(custom) = properties.get_mut("custom_fields") {
                custom["maxProperties"] = json!(0);
            }
        }
    }
    schema
}

/// The names of a route path's `{parameters}`, in order.
pub fn path_params(path: &str) -> impl Iterator<Item = &str> {
    path.split('/')
        .filter_map(|segment| segment.strip_prefix('{').and_then(|s| s.strip_suffix('}')))
}

/// Query parameters are documented one by one, so this is the type's own (inline) schema.
fn query_schema_of<T: JsonSchema>(generator: &mut SchemaGenerator) -> Schema {
    T::json_schema(generator)
}

/// Who may call a route.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gate {
    /// No token (login, public plans, the widget).
    Public,
    /// The permission's module on the plan and the permission held, by a credential the row admits
    /// (checked before the handler runs). The caller's own account is `account.read` /
    /// `account.write`, which every role holds and a scoped key holds only when it names them.
    Permission(Permission),
}

/// The request body a route takes.
#[derive(Clone, Copy)]
pub enum Body {
    None,
    Json(SchemaFn),
    /// `multipart/form-data` with these fields (the first is the upload).
    Multipart(&'static [&'static str]),
    /// `multipart/form-data` as this schema describes it (an upload with optional fields).
    Form(SchemaFn),
    /// `application/x-www-form-urlencoded` (JSON accepted too): the OAuth endpoints, which RFC
    /// 6749 requires to take forms and to answer errors as `{error, error_description}`.
    OAuthForm(SchemaFn),
}

/// The success answer a route gives.
#[derive(Clone, Copy)]
pub enum Reply {
    Ok(SchemaFn),
    Created(SchemaFn),
    Accepted(SchemaFn),
    /// 201 when it creates the record, 200 when it changes an existing one (create-or-update).
    OkOrCreated(SchemaFn),
    /// A batch ([`crate::resource::batch`]): 201 (`created`) or 200 when every item was
    /// applied, 207 when some were not; the same body either way.
    Batch {
        created: bool,
        schema: SchemaFn,
    },
    /// Raw bytes with their own content type.
    Bytes,
    /// A stored file ([`crate::http::download`]): its bytes, or where the object store signs
    /// links (the cloud) a 307 to one.
    Download,
    /// A page a browser is sent to (302 with `Location`), never an error body: what the request
    /// gets wrong is shown where it lands.
    Found(&'static str),
}

/// One row's documentation.
#[derive(Clone)]
pub struct RouteDoc {
    pub method: Method,
    pub path: &'static str,
    pub tag: &'static str,
    /// A batch or transfer route's names its resource, so it is made at start.
    pub summary: std::borrow::Cow<'static, str>,
    /// More than the summary says (how a figure is computed), ahead of the permission notes.
    pub details: &'static str,
    pub gate: Gate,
    /// Which credentials may call it (sandbox keys, API keys), beyond holding the permission.
    pub credentials: Credentials,
    pub body: Body,
    /// Whether the JSON body must be sent (`false`: the handler takes `Option<ValidJson<_>>`).
    pub body_required: bool,
    pub reply: Reply,
    pub query: Option<SchemaFn>,
    /// Whether `query` is a list's (paging, sort and search come with it).
    pub paged: bool,
    /// One of the catalogue's odd paths (docs/api-conventions.md, "Known quirks").
    pub quirk: bool,
    /// Error statuses the handler itself can answer beyond those the row's shape implies
    /// (`crate::openapi::responses`), e.g. 409 for a conflict on a route without a path id.
    pub statuses: Vec<u16>,
    /// The fields a list can sort by (`sort=field` or `sort=-field`), when it sorts.
    pub sorts: Option<Vec<&'static str>>,
    /// For a resource's generic route, its kind and which of the five it is (the OpenAPI
    /// document's `x-worktop-resource`; usage counts and the isolation test read it).
    pub resource: Option<ResourceRoute>,
    /// Answers with an `ETag` and `Cache-Control`, and 304 to a matching `If-None-Match`.
    pub cached: bool,
    /// The request body an example call sends ([`crate::resource::example`] placeholders).
    pub example: Option<serde_json::Value>,
    /// The path an example call sends, when the row's has parameters of its own (a task's
    /// project): the same placeholders.
    pub example_path: Option<String>,
    /// What the collection sends before an example call ([`crate::resource::example::Step`]).
    pub example_steps: Vec<crate::resource::example::Step>,
    /// The kind of record this row makes, when it is not a resource's generic create (a user):
    /// how the collection makes an [`crate::resource::example::fresh`] one.
    pub makes: Option<&'static str>,
    /// The kind of record each of the path's ids names (`task_id` → `project_task`; a `Crud`
    /// route's own id is named by the builder): the document's `x-worktop-path-kinds`, which the
    /// isolation test reads to try every route with another tenant's records of those kinds.
    pub path_kinds: Vec<(&'static str, &'static str)>,
    /// The resource this row imports into, for the import and export worker
    /// ([`crate::resource::transfer`]).
    pub transfer: Option<&'static crate::resource::transfer::Transfer>,
    /// A write a read-only workspace may still make ([`Op::open_while_read_only`]).
    pub open_while_read_only: bool,
}

impl RouteDoc {
    /// Whether a query parameter the route does not take is a 422 ([`KnownParams`]): every route
    /// but OAuth's, which ignore unknown parameters as RFC 6749 (3.1) asks, and those answering a
    /// file's bytes, which a browser fetches with a cache-buster (`redoc.standalone.js?v=...`).
    pub fn refuses_unknown_params(&self) -> bool {
        !matches!(self.reply, Reply::Found(_) | Reply::Bytes | Reply::Download)
            && !matches!(self.body, Body::OAuthForm(_))
    }

    /// Whether the route is a list of records that keep their times, which a poller reads by
    /// `updated_since` and `created_since` ([`crate::http::Since`]).
    pub fn polled(&self) -> bool {
        self.paged && self.sorts.as_ref().is_some_and(|sorts| sorts.contains(&"updated_at"))
    }

    /// Whether a read-only workspace's live caller is refused this route (402,
    /// [`crate::auth::records::ReadOnly`]): every write of workspace data, not the caller's own
    /// account (its keys, sessions, profile) nor a route marked open.
    pub fn refused_while_read_only(&self) -> bool {
        let writes_workspace = matches!(
            self.gate,
            Gate::Permission(p) if p.access == crate::auth::Access::Write && p.module != Module::Account
        );
        writes_workspace && !self.open_while_read_only
    }
}

/// What a generic resource route does to the records of `kind`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResourceRoute {
    pub kind: &'static str,
    /// What a person calls one record (`"Sales proposal"`): the route's summary says it.
    pub name: &'static str,
    pub action: CrudAction,
    /// The kind takes custom fields ([`crate::resource::Resource::CUSTOM_FIELDS`]).
    pub custom_fields: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CrudAction {
    List,
    Create,
    Show,
    Update,
    Delete,
}

impl CrudAction {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::List => "list",
            Self::Create => "create",
            Self::Show => "show",
            Self::Update => "update",
            Self::Delete => "delete",
        }
    }
}

/// What a route table is built for: [`Serve`] makes the router, with every row's handler;
/// [`Describe`] only the rows' documentation (the OpenAPI document, the registry). A binary that
/// describes a module it does not serve so links none of that module's handlers.
pub trait Build: Sized + 'static {
    type Route;
    type Router;
    fn route<H: Handler<T, AppState>, T: 'static>(filter: MethodFilter, handler: H) -> Self::Route;
    fn empty() -> Self::Router;
    /// `router` with `route` at the documented path, behind the row's gate and body limit.
    fn add(router: Self::Router, doc: &RouteDoc, route: Self::Route, body_limit: Option<usize>) -> Self::Router;
    fn add_internal<H: Handler<T, AppState>, T: 'static>(
        router: Self::Router,
        path: &'static str,
        handler: H,
    ) -> Self::Router;
    fn merge(router: Self::Router, other: Self::Router) -> Self::Router;
    /// How the worker imports and exports `R`: known in the table built for it ([`Transfers`]).
    fn transfer<R: Resource>() -> Option<&'static crate::resource::transfer::Transfer>;
}

/// What a resource's upsert route does ([`crate::resource::ops::upsert_by`]).
const UPSERT_DETAILS: &str = "The body is the create body, and must give the field the record is found by \
     (compared without case). No record has that value: it is created (201). One has: it is updated \
     with the fields the body gives, the others kept, as is a field every record has that the body \
     gives as `null` (200). Two requests racing with one value make \
     one record, created by one and updated by the other.";

/// Builds the router ([`Build`]).
pub enum Serve {}

/// Builds the documentation without the handlers ([`Build`]); with `RUNNERS`, with each
/// resource's import and export runner ([`Build::transfer`]).
pub enum Documented<const RUNNERS: bool> {}

/// The documentation only (tests build it).
pub type Describe = Documented<false>;

/// The documentation with the import and export runners, which only the transfer worker runs: the
/// router's build leaves them out, so a function serving routes does not link them.
pub type Transfers = Documented<true>;

impl Build for Serve {
    type Route = MethodRouter<AppState>;
    type Router = Router<AppState>;
    fn route<H: Handler<T, AppState>, T: 'static>(filter: MethodFilter, handler: H) -> Self::Route {
        on(filter, handler)
    }
    fn empty() -> Self::Router {
        Router::new()
    }
    fn add(router: Self::Router, doc: &RouteDoc, mut route: Self::Route, body_limit: Option<usize>) -> Self::Router {
        if let Some(limit) = body_limit {
            route = route.layer(DefaultBodyLimit::max(transport_cap(limit)));
            route = route.layer(Extension(BodyLimit(limit)));
        }
        // Inside the gate: a caller without access learns nothing of the route's parameters.
        if doc.refuses_unknown_params() {
            let (query, paged, polled) = (doc.query, doc.paged, doc.polled());
            let known = KnownParams::new(move || crate::openapi::query_param_names(query, paged, polled), paged);
            route = route.route_layer(axum::middleware::from_fn(move |request, next| {
                refuse_unknown_params(known.clone(), request, next)
            }));
        }
        route = match doc.gate {
            Gate::Public => route,
            Gate::Permission(permission) => {
                route.for_permission(permission, doc.credentials, doc.refused_while_read_only())
            }
        };
        router.route(doc.path, route)
    }
    fn add_internal<H: Handler<T, AppState>, T: 'static>(
        router: Self::Router,
        path: &'static str,
        handler: H,
    ) -> Self::Router {
        router.route(path, axum::routing::post(handler))
    }
    fn merge(router: Self::Router, other: Self::Router) -> Self::Router {
        router.merge(other)
    }
    fn transfer<R: Resource>() -> Option<&'static crate::resource::transfer::Transfer> {
        None
    }
}

impl<const RUNNERS: bool> Build for Documented<RUNNERS> {
    type Route = ();
    type Router = ();
    fn route<H: Handler<T, AppState>, T: 'static>(_: MethodFilter, _: H) {}
    fn empty() {}
    fn add(_: (), _: &RouteDoc, _: (), _: Option<usize>) {}
    fn add_internal<H: Handler<T, AppState>, T: 'static>(_: (), _: &'static str, _: H) {}
    fn merge(_: (), _: ()) {}
    fn transfer<R: Resource>() -> Option<&'static crate::resource::transfer::Transfer> {
        RUNNERS.then_some(&crate::resource::transfer::TransferOf::<R>::FNS)
    }
}

/// One route-table row.
pub struct Op<B: Build = Serve> {
    route: B::Route,
    gate: Option<Gate>,
    body_limit: Option<usize>,
    doc: RouteDoc,
}

macro_rules! method_constructor {
    ($name:ident, $method:ident) => {
        pub fn $name<H: Handler<T, AppState>, T: 'static>(path: &'static str, handler: H) -> Self {
            Self::new(Method::$method, MethodFilter::$method, path, handler)
        }
    };
}

impl<B: Build> Op<B> {
    fn new<H: Handler<T, AppState>, T: 'static>(
        method: Method,
        filter: MethodFilter,
        path: &'static str,
        handler: H,
    ) -> Self {
        Self {
            route: B::route(filter, handler),
            gate: None,
            body_limit: None,
            doc: RouteDoc {
                method,
                path,
                tag: "",
                summary: "".into(),
                details: "",
                gate: Gate::Public,
                credentials: Credentials::Any,
                body: Body::None,
                body_required: true,
                reply: Reply::Ok(schema_of::<serde_json::Value>),
                query: None,
                paged: false,
                quirk: false,
                statuses: Vec::new(),
                sorts: None,
                resource: None,
                cached: false,
                example: None,
                example_path: None,
                example_steps: Vec::new(),
                makes: None,
                path_kinds: Vec::new(),
                transfer: None,
                open_while_read_only: false,
            },
        }
    }

    method_constructor!(get, GET);
    method_constructor!(post, POST);
    method_constructor!(put, PUT);
    method_constructor!(patch, PATCH);
    method_constructor!(delete, DELETE);

    pub fn public(mut self) -> Self {
        self.gate = Some(Gate::Public);
        self
    }
    pub fn read(mut self, module: Module) -> Self {
        self.gate = Some(Gate::Permission(Permission::read(module)));
        self
    }
    pub fn write(mut self, module: Module) -> Self {
        self.gate = Some(Gate::Permission(Permission::write(module)));
        self
    }
    /// A read-only workspace may still call it: a customer needs it to subscribe again or to take
    /// their data away (billing, exports), or it touches only the sandbox.
    pub fn open_while_read_only(mut self) -> Self {
        self.doc.open_while_read_only = true;
        self
    }
    /// Sandbox (test) keys may not call it: it changes the live account itself.
    pub fn live_only(mut self) -> Self {
        self.doc.credentials = Credentials::LiveOnly;
        self
    }
    /// Only a login session may call it, never an API key: it changes how the account logs in.
    pub fn session_only(mut self) -> Self {
        self.doc.credentials = Credentials::SessionOnly;
        self
    }
    /// Marks a generic route of resource `R`.
    fn of_resource<R: Resource>(mut self, action: CrudAction) -> Self {
        self.doc.resource = Some(ResourceRoute {
            kind: R::KIND,
            name: R::NAME,
            action,
            custom_fields: R::CUSTOM_FIELDS,
        });
        if matches!(action, CrudAction::Show | CrudAction::Update | CrudAction::Delete) {
            // The record's own id, whatever the catalogue calls it (`{invoice_id}`).
            for param in path_params(self.doc.path).filter(|p| crate::http::is_id_param(p)) {
                self.doc.path_kinds.push((param, R::KIND));
            }
        }
        self.doc.example = match action {
            CrudAction::Create => R::example(),
            CrudAction::Update => R::example_update(),
            _ => None,
        };
        if action == CrudAction::Create {
            self.doc.example_steps = R::example_steps();
        }
        self
    }
    /// A module's own route that creates records of `R` (sending `R::example()` unless
    /// [`Op::example`] follows): the Postman collection's Create for `R`.
    pub fn creates<R: Resource>(self) -> Self {
        self.of_resource::<R>(CrudAction::Create)
    }
    /// The body an example call sends (shown in the API reference, sent by the Postman
    /// collection), with [`crate::resource::example`] placeholders.
    pub fn example(mut self, body: serde_json::Value) -> Self {
        self.doc.example = Some(body);
        self
    }
    /// The path an example call sends, for a row whose path names a record of its own (the
    /// project a task is created in), with [`crate::resource::example`] placeholders.
    pub fn example_path(mut self, path: impl Into<String>) -> Self {
        self.doc.example_path = Some(path.into());
        self
    }
    /// A request the collection sends before this row's example call.
    pub fn example_step(mut self, step: crate::resource::example::Step) -> Self {
        self.doc.example_steps.push(step);
        self
    }
    /// The path parameter `param` names a record of `R` (see [`RouteDoc::path_kinds`]).
    pub fn names<R: crate::resource::index::Indexed>(self, param: &'static str) -> Self {
        self.names_kind(param, R::KIND)
    }
    /// [`Op::names`] for a kind kept outside the resource layer (`records::USER`), by its name.
    pub fn names_kind(mut self, param: &'static str, kind: &'static str) -> Self {
        debug_assert!(
            self.doc.path.contains(&format!("{{{param}}}")),
            "{} has no {{{param}}}",
            self.doc.path
        );
        self.doc.path_kinds.push((param, kind));
        self
    }
    /// The row makes records of `kind` (with its [`Op::example`]) without being a resource's
    /// generic create: the collection makes [`crate::resource::example::fresh`] ones with it.
    pub fn makes(mut self, kind: &'static str) -> Self {
        self.doc.makes = Some(kind);
        self
    }
    /// The handler answers with an `ETag` and `Cache-Control`, and 304 to a matching
    /// `If-None-Match` (documented as such).
    pub fn cached(mut self) -> Self {
        self.doc.cached = true;
        self
    }
    pub fn summary(mut self, summary: impl Into<std::borrow::Cow<'static, str>>) -> Self {
        self.doc.summary = summary.into();
        self
    }
    pub fn details(mut self, details: &'static str) -> Self {
        self.doc.details = details;
        self
    }
    pub fn body<T: JsonSchema>(mut self) -> Self {
        self.doc.body = Body::Json(schema_of::<T>);
        self
    }
    /// A create-or-update body ([`crate::resource::ops::upsert`]): `C` (a create's body) without
    /// `id` or `version`, or `U` (an update's patch) with `id` and an optional `version`.
    pub fn upsert_body<C: JsonSchema, U: JsonSchema>(mut self) -> Self {
        self.doc.body = Body::Json(upsert_schema_of::<C, U>);
        self
    }
    /// An OAuth endpoint's form body (`T`'s fields as form parameters); its errors are RFC 6749's.
    pub fn oauth_form<T: JsonSchema>(mut self) -> Self {
        self.doc.body = Body::OAuthForm(schema_of::<T>);
        self
    }
    /// A JSON body the caller may leave out (the handler takes `Option<ValidJson<T>>`).
    pub fn optional_body<T: JsonSchema>(self) -> Self {
        self.optional_body_schema(schema_of::<T>)
    }
    /// An optional JSON body whose schema `schema` builds.
    pub fn optional_body_schema(mut self, schema: SchemaFn) -> Self {
        self.doc.body = Body::Json(schema);
        self.doc.body_required = false;
        self
    }
    /// A list's query: `T`'s filters with paging, sort and search.
    pub fn query<T: JsonSchema>(mut self) -> Self {
        self.doc.query = Some(query_schema_of::<T>);
        self.doc.paged = true;
        self
    }
    /// Query parameters of a route that is not a list (a report's period).
    pub fn params<T: JsonSchema>(mut self) -> Self {
        self.doc.query = Some(query_schema_of::<T>);
        self.doc.paged = false;
        self
    }
    /// A `multipart/form-data` upload of at most `limit` bytes.
    pub fn multipart(mut self, fields: &'static [&'static str], limit: usize) -> Self {
        self.doc.body = Body::Multipart(fields);
        self.body_limit = Some(limit);
        self
    }
    /// A `multipart/form-data` upload of at most `limit` bytes, its fields described by `T`.
    pub fn form<T: JsonSchema>(mut self, limit: usize) -> Self {
        self.doc.body = Body::Form(schema_of::<T>);
        self.body_limit = Some(limit);
        self
    }
    pub fn ok<T: JsonSchema>(mut self) -> Self {
        self.doc.reply = Reply::Ok(schema_of::<T>);
        self
    }
    pub fn list<T: JsonSchema>(mut self) -> Self {
        self.doc.reply = Reply::Ok(list_schema_of::<T>);
        self
    }
    pub fn created<T: JsonSchema>(mut self) -> Self {
        self.doc.reply = Reply::Created(schema_of::<T>);
        self
    }
    /// Create-or-update: 201 with the record it created, 200 with the one it changed.
    pub fn ok_or_created<T: JsonSchema>(mut self) -> Self {
        self.doc.reply = Reply::OkOrCreated(schema_of::<T>);
        self
    }
    /// Error statuses the handler answers beyond those the row's shape implies (documented from
    /// `components/responses`).
    pub fn answers(mut self, statuses: &[u16]) -> Self {
        self.doc.statuses.extend_from_slice(statuses);
        self
    }
    /// The fields the list sorts by (documents `sort` as `field` or `-field` of these).
    pub fn sorts(mut self, fields: &[&'static str]) -> Self {
        self.doc.sorts = Some(fields.to_vec());
        self
    }
    /// A batch's answer ([`Reply::Batch`]).
    pub fn batch<T: JsonSchema>(mut self, created: bool) -> Self {
        self.doc.reply = Reply::Batch {
            created,
            schema: schema_of::<T>,
        };
        self
    }
    pub fn accepted<T: JsonSchema>(mut self) -> Self {
        self.doc.reply = Reply::Accepted(schema_of::<T>);
        self
    }
    pub fn bytes(mut self) -> Self {
        self.doc.reply = Reply::Bytes;
        self
    }
    /// A stored file's download route ([`Reply::Download`]).
    pub fn download(mut self) -> Self {
        self.doc.reply = Reply::Download;
        self
    }
    /// A browser's route: 302 to where `location` says ([`Reply::Found`]).
    pub fn found(mut self, location: &'static str) -> Self {
        self.doc.reply = Reply::Found(location);
        self
    }
    /// Caps the body at `limit` bytes (413 above it).
    pub fn limit(mut self, limit: usize) -> Self {
        self.body_limit = Some(limit);
        self
    }
    /// Marks one of the catalogue's odd paths (docs/api-conventions.md, "Known quirks").
    pub fn quirk(mut self) -> Self {
        self.doc.quirk = true;
        self
    }
}

/// The paths of a resource's generic routes, each named; a route not named is not served.
///
/// ```text
/// Crud::new().list("/api/labels").create("/api/label/create").update("/api/label/update/{id}")
/// ```
#[derive(Clone, Default)]
pub struct Crud {
    list: Option<&'static str>,
    create: Option<&'static str>,
    show: Option<&'static str>,
    update: Option<(Method, &'static str)>,
    delete: Option<(Method, &'static str)>,
    /// `POST`: create or update by the resource's [`Resource::UPSERT_BY`] field.
    upsert: Option<&'static str>,
    /// The batch and transfer routes beside them, each spelled out so grep finds it; where they
    /// live is a rule ([`Crud::batch_base`]) that [`Routes::resource`] checks them against.
    batch_create: Option<&'static str>,
    batch_update: Option<&'static str>,
    batch_delete: Option<&'static str>,
    import: Option<&'static str>,
    export: Option<&'static str>,
}

impl Crud {
    pub fn new() -> Self {
        Self::default()
    }
    pub fn list(mut self, path: &'static str) -> Self {
        self.list = Some(path);
        self
    }
    pub fn create(mut self, path: &'static str) -> Self {
        self.create = Some(path);
        self
    }
    pub fn show(mut self, path: &'static str) -> Self {
        self.show = Some(path);
        self
    }
    /// Create or update by the resource's unique field ([`crate::resource::ops::upsert_by`]).
    pub fn upsert(mut self, path: &'static str) -> Self {
        self.upsert = Some(path);
        self
    }
    /// The catalogue's update: `POST`.
    pub fn update(mut self, path: &'static str) -> Self {
        self.update = Some((Method::POST, path));
        self
    }
    /// `/api/v1`'s update: `PATCH`.
    pub fn patch(mut self, path: &'static str) -> Self {
        self.update = Some((Method::PATCH, path));
        self
    }
    /// The versioned slice's customer update: `PUT`, with the update body's semantics (absent
    /// fields stay).
    pub fn put(mut self, path: &'static str) -> Self {
        self.update = Some((Method::PUT, path));
        self
    }
    pub fn delete(mut self, path: &'static str) -> Self {
        self.delete = Some((Method::DELETE, path));
        self
    }
    /// A catalogue delete spelled `POST` (the support desk's `…/delete/{id}`), no body.
    pub fn delete_by_post(mut self, path: &'static str) -> Self {
        self.delete = Some((Method::POST, path));
        self
    }

    /// `POST <base>/batch/create` ([`crate::resource::batch`]).
    pub fn batch_create(mut self, path: &'static str) -> Self {
        self.batch_create = Some(path);
        self
    }
    /// `POST <base>/batch/update`.
    pub fn batch_update(mut self, path: &'static str) -> Self {
        self.batch_update = Some(path);
        self
    }
    /// `POST <base>/batch/delete`.
    pub fn batch_delete(mut self, path: &'static str) -> Self {
        self.batch_delete = Some(path);
        self
    }
    /// `POST <base>/import` ([`crate::resource::transfer`]).
    pub fn import(mut self, path: &'static str) -> Self {
        self.import = Some(path);
        self
    }
    /// `POST <base>/export`.
    pub fn export(mut self, path: &'static str) -> Self {
        self.export = Some(path);
        self
    }

    /// Panics (at start, so in every test) unless the batch and transfer routes declared are
    /// exactly those the rule gives: one for each of the resource's create, update, delete and
    /// list, under [`Crud::batch_base`], and none for a kind without a base.
    fn check_bulk_paths(&self) {
        let base = self.batch_base();
        let expected = |has: bool, suffix: &str| match (&base, has) {
            (Some(base), true) => Some(format!("{base}{suffix}")),
            _ => None,
        };
        let declared = [
            (
                "batch_create",
                self.batch_create,
                expected(self.create.is_some(), "/batch/create"),
            ),
            (
                "batch_update",
                self.batch_update,
                expected(self.update.is_some(), "/batch/update"),
            ),
            (
                "batch_delete",
                self.batch_delete,
                expected(self.delete.is_some(), "/batch/delete"),
            ),
            ("import", self.import, expected(self.create.is_some(), "/import")),
            ("export", self.export, expected(self.list.is_some(), "/export")),
        ];
        for (method, path, expected) in declared {
            assert_eq!(
                path,
                expected.as_deref(),
                "the route table of {:?} declares .{method}({path:?}); its rule gives {expected:?}",
                self.update
                    .as_ref()
                    .or(self.delete.as_ref())
                    .map(|(_, p)| *p)
                    .or(self.create)
                    .or(self.list)
            );
        }
    }

    /// Where the resource's batch routes live: its update (or delete) path without the
    /// record's id and the action word (`/api/label/update/{id}` → `/api/label`), so that
    /// `<base>/batch/...` routes to the function that owns the resource. `None` for a kind
    /// with neither, or nested under another record (a bug's comments).
    fn batch_base(&self) -> Option<String> {
        let (_, path) = self.update.as_ref().or(self.delete.as_ref())?;
        batch_base(path)
    }
}

/// The batch routes' base for a resource whose update (or delete) path is `path`: it without the
/// record's id and the action word (`/api/label/update/{id}` → `/api/label`); `None` when another
/// record's id stays in it (nested under another record).
pub fn batch_base(path: &str) -> Option<String> {
    let mut segments: Vec<&str> = path.split('/').collect();
    while let Some(last) = segments.last() {
        if last.starts_with('{') || ["update", "delete", "destroy"].contains(last) {
            segments.pop();
        } else {
            break;
        }
    }
    (!segments.iter().any(|s| s.starts_with('{'))).then(|| segments.join("/"))
}

/// A module's route table.
pub struct Routes<B: Build = Serve> {
    tag: &'static str,
    router: B::Router,
    docs: Vec<RouteDoc>,
    /// Routes served apart from the documented JSON API: between the platform's cells
    /// ([`crate::cell`]), and the MCP endpoint.
    undocumented: Vec<(Method, &'static str)>,
}

impl<B: Build> Routes<B> {
    /// An empty table whose rows are documented under `tag`.
    pub fn new(tag: &'static str) -> Self {
        Self {
            tag,
            router: B::empty(),
            docs: Vec::new(),
            undocumented: Vec::new(),
        }
    }

    /// A `POST` route between cells: no gate (the handler checks the cell signature itself,
    /// [`crate::cell::verify`]) and no place in the public documents.
    pub fn internal<H, T>(self, path: &'static str, handler: H) -> Self
    where
        H: Handler<T, AppState>,
        T: 'static,
    {
        self.undocumented_post(path, handler)
    }

    /// A `POST` route speaking another protocol than the JSON API (MCP's JSON-RPC): no gate (the
    /// handler authenticates, as the protocol asks) and no place in the OpenAPI document, which
    /// describes the operations it reaches instead.
    pub fn protocol<H, T>(self, path: &'static str, handler: H) -> Self
    where
        H: Handler<T, AppState>,
        T: 'static,
    {
        self.undocumented_post(path, handler)
    }

    /// Serves a `POST` route with no gate and no place in the OpenAPI document.
    fn undocumented_post<H, T>(mut self, path: &'static str, handler: H) -> Self
    where
        H: Handler<T, AppState>,
        T: 'static,
    {
        self.router = B::add_internal(self.router, path, handler);
        self.undocumented.push((Method::POST, path));
        self
    }

    /// The routes outside the OpenAPI document (between cells, MCP's), which the deployment must
    /// route like the documented ones.
    pub fn undocumented_routes(&self) -> &[(Method, &'static str)] {
        &self.undocumented
    }

    /// Adds one row. Panics (at start, and in the route-table test) when the row names no gate.
    pub fn row(mut self, op: Op<B>) -> Self {
        let Op {
            route,
            gate,
            body_limit,
            mut doc,
        } = op;
        doc.gate = gate.unwrap_or_else(|| panic!("route {} {} declares no gate", doc.method, doc.path));
        if doc.tag.is_empty() {
            doc.tag = self.tag;
        }
        self.router = B::add(self.router, &doc, route, body_limit);
        self.docs.push(doc);
        self
    }

    /// The generic routes of resource `R` at `paths`.
    pub fn resource<R: Resource>(mut self, paths: Crud) -> Self {
        paths.check_bulk_paths();
        let batch_paths = paths.clone();
        if let Some(path) = paths.list {
            self = self.row(
                Op::get(path, handlers::list::<R>)
                    .read(R::MODULE)
                    .query::<R::Filters>()
                    .sorts(&R::LISTS.sort_names())
                    .list::<R::Out>()
                    .of_resource::<R>(CrudAction::List),
            );
        }
        if let Some(path) = paths.create {
            self = self.row(
                Op::post(path, handlers::create::<R>)
                    .write(R::MODULE)
                    .body::<R::In>()
                    .created::<R::Out>()
                    // A record it names changing at once, or a parent's limit reached.
                    .answers(&[409])
                    .of_resource::<R>(CrudAction::Create),
            );
        }
        if let Some(path) = paths.upsert {
            let field = R::UPSERT_BY.expect("a resource with an upsert route names its UPSERT_BY field");
            let mut op = Op::post(path, handlers::upsert_by::<R>)
                .write(R::MODULE)
                .body::<R::In>()
                .ok_or_created::<R::Out>()
                .answers(&[409])
                .summary(format!(
                    "Create a {}, or update the one with this {field}",
                    R::NAME.to_lowercase()
                ))
                .details(UPSERT_DETAILS);
            if let Some(example) = R::example() {
                op = op.example(example);
            }
            self = self.row(op);
        }
        if let Some(path) = paths.show {
            self = self.row(
                Op::get(path, handlers::show::<R>)
                    .read(R::MODULE)
                    .ok::<R::Out>()
                    .of_resource::<R>(CrudAction::Show),
            );
        }
        if let Some((method, path)) = paths.update {
            let op = match method {
                Method::PATCH => Op::patch(path, handlers::update::<R>),
                Method::PUT => Op::put(path, handlers::update::<R>),
                _ => Op::post(path, handlers::update::<R>),
            };
            self = self.row(
                op.write(R::MODULE)
                    .body::<Versioned<R::Patch>>()
                    .ok::<R::Out>()
                    .of_resource::<R>(CrudAction::Update),
            );
        }
        if let Some((method, path)) = paths.delete {
            let op = match method {
                Method::POST => Op::post(path, handlers::delete::<R>),
                _ => Op::delete(path, handlers::delete::<R>),
            };
            self = self.row(op.write(R::MODULE).ok::<Deleted>().of_resource::<R>(CrudAction::Delete));
        }
        self.batch::<R>(&batch_paths).transfer::<R>(&batch_paths)
    }

    /// `R`'s import (where it has a create) and export (where it has a list) routes, beside its
    /// batch routes ([`crate::resource::transfer`]).
    fn transfer<R: Resource>(mut self, paths: &Crud) -> Self {
        use crate::resource::transfer::{ExportJobOut, ImportForm, ImportJobOut};
        let name = R::NAME.to_lowercase();
        if let Some(path) = paths.import {
            let mut op = Op::post(path, handlers::start_import::<R>)
                .write(R::MODULE)
                .summary(format!(
                    "Import records ({name}) from a CSV or JSON Lines file, in the background"
                ))
                .form::<ImportForm>(crate::resource::transfer::IMPORT_FILE_LIMIT)
                .accepted::<ImportJobOut>();
            op.doc.transfer = B::transfer::<R>();
            self = self.row(op);
        }
        if let Some(path) = paths.export {
            let mut op = Op::post(path, handlers::start_export::<R>)
                .write(R::MODULE)
                // Taking one's data away never waits for a subscription.
                .open_while_read_only()
                .summary(format!(
                    "Export records ({name}) as the list filters them, in the background"
                ))
                .optional_body_schema(export_body_schema::<R>)
                .accepted::<ExportJobOut>()
                // A custom field filter whose index is being built.
                .answers(&[409]);
            op.doc.transfer = B::transfer::<R>();
            self = self.row(op);
        }
        self
    }

    /// `R`'s batch routes ([`crate::resource::batch`]) beside its own, for the operations it has.
    fn batch<R: Resource>(mut self, paths: &Crud) -> Self {
        use crate::resource::batch::{BatchAnswer, BatchCreate, BatchDelete, BatchUpdate};
        let name = R::NAME.to_lowercase();
        if let Some(path) = paths.batch_create {
            self = self.row(
                Op::post(path, handlers::batch_create::<R>)
                    .write(R::MODULE)
                    .summary(format!("Create up to 100 records ({name}) in one request"))
                    .body::<BatchCreate<R::In>>()
                    .batch::<BatchAnswer<R::Out>>(true)
                    // An atomic batch whose records changed meanwhile, or are in use.
                    .answers(&[409])
                    .example(serde_json::json!({"items": R::example().into_iter().collect::<Vec<_>>()})),
            );
        }
        if let Some(path) = paths.batch_update {
            self = self.row(
                Op::post(path, handlers::batch_update::<R>)
                    .write(R::MODULE)
                    .summary(format!("Change up to 100 records ({name}) in one request"))
                    .body::<BatchUpdate<R::Patch>>()
                    .batch::<BatchAnswer<R::Out>>(false)
                    // An atomic batch whose records changed meanwhile, or are in use.
                    .answers(&[409]),
            );
        }
        if let Some(path) = paths.batch_delete {
            self = self.row(
                Op::post(path, handlers::batch_delete::<R>)
                    .write(R::MODULE)
                    .summary(format!("Delete up to 100 records ({name}) in one request"))
                    .body::<BatchDelete>()
                    .batch::<BatchAnswer<Deleted>>(false)
                    // An atomic batch whose records changed meanwhile, or are in use.
                    .answers(&[409]),
            );
        }
        self
    }

    /// Joins another table (for a function serving several modules, and the monolith).
    pub fn merge(mut self, other: Routes<B>) -> Self {
        self.router = B::merge(self.router, other.router);
        self.docs.extend(other.docs);
        self.undocumented.extend(other.undocumented);
        self
    }

    pub fn docs(&self) -> &[RouteDoc] {
        &self.docs
    }

    /// The table's documentation, without the router.
    pub fn into_docs(self) -> Vec<RouteDoc> {
        self.docs
    }
}

impl Routes<Serve> {
    pub fn into_router(self) -> Router<AppState> {
        self.router
    }
}

#[cfg(test)]
mod tests {
    use super::Crud;

    fn contacts() -> Crud {
        Crud::new()
            .list("/api/contacts")
            .create("/api/contact/create")
            .update("/api/contact/update/{id}")
    }

    #[test]
    fn bulk_paths_under_the_rule_pass() {
        contacts()
            .batch_create("/api/contact/batch/create")
            .batch_update("/api/contact/batch/update")
            .import("/api/contact/import")
            .export("/api/contact/export")
            .check_bulk_paths();
        // Nested under another record: no base, so none.
        Crud::new()
            .create("/api/bugs/{bug_id}/comments")
            .delete("/api/bugs/{bug_id}/comments/{id}")
            .check_bulk_paths();
    }

    #[test]
    #[should_panic(expected = "declares .export(None); its rule gives Some(\"/api/contact/export\")")]
    fn a_forgotten_bulk_path_is_refused_at_start() {
        contacts()
            .batch_create("/api/contact/batch/create")
            .batch_update("/api/contact/batch/update")
            .import("/api/contact/import")
            .check_bulk_paths();
    }

    #[test]
    #[should_panic(expected = "declares .import(Some(\"/api/contacts/import\"))")]
    fn a_bulk_path_off_the_rule_is_refused_at_start() {
        contacts()
            .batch_create("/api/contact/batch/create")
            .batch_update("/api/contact/batch/update")
            .import("/api/contacts/import")
            .export("/api/contact/export")
            .check_bulk_paths();
    }
}
