//! The resource layer: a record type implements [`Resource`] once (its kind, module, typed bodies,
//! validation, filters, events) and gets the domain operations in [`ops`] and the tiny generic HTTP
//! handlers in [`handlers`]. Routes that are not uniform stay ordinary handlers in their module and
//! call the same [`ops`], so no module writes its load / version-check / outbox code twice.

pub mod api_form;
pub mod batch;
pub mod comments;
pub mod custom;
pub mod example;
pub mod files;
pub mod id;
pub mod index;
pub mod kept;
pub mod ledger;
pub mod numbering;
pub mod ops;
pub mod parent;
pub mod patch;
pub mod refs;
pub mod services;
pub mod transfer;
pub mod unique;

pub use id::Id;
pub use index::{Filter, IndexValue, Lists, Sort};
pub use patch::{parse_patch, patch_schema, Clearable, PatchJson};
pub use refs::Ref;
pub use services::{Catalog, Services};
pub use unique::Unique;

use std::future::Future;

use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::auth::Module;
use crate::events::{Event, EventType};
use axum::extract::{FromRequest, Request};

use crate::http::{take_u64, ApiError, ValidJson};
use crate::store::{Store, TenantId, Write};

/// The fields every stored record carries, flattened into it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Meta {
    /// Unique per workspace and resource.
    pub id: u64,
    /// RFC 3339, UTC.
    pub created_at: String,
    /// RFC 3339, UTC.
    pub updated_at: String,
    /// Goes up by one on every change; send it back (`version` or `If-Match`) to update safely.
    pub version: u64,
}

/// What one operation works in: the services, the tenant and the acting user. Every store call
/// goes through [`Cx::tenant`], so module code cannot name another tenant's records. A request's
/// is made from its caller (`Cx::new`, beside the principal it reads: `crate::auth::principal`).
#[derive(Clone, Copy)]
pub struct Cx<'a> {
    pub services: &'a Services,
    tenant: TenantId,
    /// Who acts: the caller, or for seeds and public forms the workspace's owner.
    pub user_id: u64,
    /// The caller's plan (none for work the service does on its own).
    plan: Option<&'static crate::plans::Plan>,
    /// Custom field definitions already read by this request (a batch reads its kind's once).
    memo: Option<&'a custom::DefinitionsMemo>,
    /// Whether the acting user is known to be a user of this tenant (a caller in their own
    /// workspace, whom authentication read): not for a sandbox's caller, a job or a public form.
    member: bool,
}

impl<'a> Cx<'a> {
    /// The context of `user_id` acting in `tenant` under `plan`.
    pub fn acting(
        services: &'a Services,
        tenant: TenantId,
        user_id: u64,
        plan: Option<&'static crate::plans::Plan>,
    ) -> Self {
        Self {
            services,
            tenant,
            user_id,
            plan,
            memo: None,
            member: false,
        }
    }

    /// This context, its acting user known to be a user of its tenant ([`Cx::acting_member`]).
    pub fn by_a_member(self) -> Self {
        Self { member: true, ..self }
    }

    /// Whether the acting user is known to be a user of this tenant, with no read (a caller in
    /// their own workspace).
    pub fn acting_member(&self) -> bool {
        self.member
    }

    /// This context, keeping the custom field definitions it reads in `memo` for the rest of the
    /// request (a batch of many records of one kind).
    pub fn with_memo(self, memo: &'a custom::DefinitionsMemo) -> Self {
        Self {
            memo: Some(memo),
            ..self
        }
    }

    pub fn memo(&self) -> Option<&'a custom::DefinitionsMemo> {
        self.memo
    }

    /// Work the service does on a tenant's behalf without a caller (seeding, public forms).
    pub fn system(services: &'a Services, tenant: TenantId, user_id: u64) -> Self {
        Self::acting(services, tenant, user_id, None)
    }

    pub fn tenant(&self) -> TenantId {
        self.tenant
    }

    /// The caller's plan, for its limits (`None`: the service's own work, which none holds back).
    pub fn plan(&self) -> Option<&'static crate::plans::Plan> {
        self.plan
    }

    pub fn store(&self) -> &'a dyn Store {
        self.services.store()
    }

    pub fn files(&self) -> &'a dyn crate::store::files::ObjectStore {
        self.services.files()
    }

    /// What the deployment's modules declare of their records ([`Catalog`]).
    pub fn catalog(&self) -> &'a Catalog {
        self.services.catalog()
    }
}

/// The events a resource emits on the generic operations; `None` where it emits none.
#[derive(Clone, Copy, Debug, Default)]
pub struct Events {
    pub created: Option<EventType>,
    pub updated: Option<EventType>,
    pub deleted: Option<EventType>,
}

impl Events {
    /// A resource that emits no events of its own.
    pub const NONE: Events = Events {
        created: None,
        updated: None,
        deleted: None,
    };

    /// All three generic events.
    pub const fn all(created: EventType, updated: EventType, deleted: EventType) -> Self {
        Self {
            created: Some(created),
            updated: Some(updated),
            deleted: Some(deleted),
        }
    }
}

impl EventType {
    /// This type with `data` an `R` record in its API form (`R::Out`, as `GET` answers it): what
    /// the resource layer sends for the record's own events ([`ops::event_write`]). Declared
    /// here, beside the records: the events know none.
    pub const fn with_record<R: Resource>(self) -> Self {
        self.with_data::<R::Out>()
    }
}

/// An update's "set it when given": `self.name.assign(name)` for an `Option` from a patch.
pub trait Assign<T> {
    fn assign(&mut self, value: Option<T>);
}

impl<T> Assign<T> for T {
    fn assign(&mut self, value: Option<T>) {
        if let Some(value) = value {
            *self = value;
        }
    }
}

/// The update body of a record that cannot be changed.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct NoChange {}

/// A record created under a parent its route's path names (a task under
/// `/api/project/{id}/task/create`, a reply under its ticket): the create body says nothing of
/// the parent; the route checks the parent and hands both to [`ops::insert_under`]. Its
/// [`Resource::In`] is [`NoChange`]: it has no create without a parent.
pub trait CreatedUnder: Resource {
    /// The parent as the route found it: its id, or which of several kinds and its id.
    type Parent: Send + 'static;
    /// The create body, without the parent.
    type Body: DeserializeOwned + JsonSchema + Send + 'static;

    /// Validates `body` into a new record under `parent`, like [`Resource::build`].
    fn build_under(
        cx: Cx<'_>,
        parent: Self::Parent,
        body: Self::Body,
    ) -> impl Future<Output = Result<Self, ApiError>> + Send;
}

/// A list that takes no filters beyond paging, sort and search.
#[derive(Clone, Debug, Default, Serialize, Deserialize, JsonSchema)]
pub struct NoFilters {}

/// A record type of some module. Implementations live in the module's crate, one per resource
/// file; the generic operations and handlers need nothing else.
pub trait Resource: Serialize + DeserializeOwned + Clone + Send + Sync + 'static {
    /// The store kind (partition name), unique across Worktop: `crm_lead`.
    const KIND: &'static str;
    /// What a person calls one: `Lead` (used in messages: "Lead not found.").
    const NAME: &'static str;
    /// The module whose permissions and plan gate it.
    const MODULE: Module;
    /// What its lists sort and filter on; the layer keeps their indexes ([`index`]).
    const LISTS: &'static Lists<Self>;
    /// The records of other kinds it names: while it does, their deletes are 409 `in_use`
    /// ([`refs`]).
    const REFS: &'static [refs::Ref<Self>] = &[];
    /// Its fields whose values no two records share: a taken value is 422 on its field
    /// ([`unique`]).
    const UNIQUE: &'static [Unique<Self>] = &[];
    /// The field of [`Resource::UNIQUE`] a client creates or updates the record by
    /// ([`ops::upsert_by`]: a contact by its e-mail, a product by its SKU).
    const UPSERT_BY: Option<&'static str> = None;
    const EVENTS: Events = Events::NONE;
    /// A workspace may define its own fields on this kind ([`custom`]).
    const CUSTOM_FIELDS: bool = false;
    /// The series numbering its records as they are created, in the transaction that stores
    /// them ([`numbering`]); [`Resource::set_number`] puts the number in.
    const SERIES: Option<&'static numbering::Series> = None;

    /// The create body.
    type In: DeserializeOwned + JsonSchema + Send + 'static;
    /// The update body: every field optional.
    type Patch: DeserializeOwned + JsonSchema + Send + 'static;
    /// What the API answers with.
    type Out: Serialize + JsonSchema + From<Self> + Send + 'static;
    /// The list's own query filters: each field one of [`Self::LISTS`]' filters, by name.
    type Filters: DeserializeOwned + Serialize + JsonSchema + Send + Sync + 'static;

    fn meta(&self) -> &Meta;
    fn meta_mut(&mut self) -> &mut Meta;

    /// Sets the number its series gave it ([`Resource::SERIES`], or a module's own numbering).
    fn set_number(&mut self, _number: String) {}

    /// A create body that succeeds in a workspace holding a record of each kind it names
    /// ([`example`]): the API reference shows it and the Postman collection's happy path sends it.
    fn example() -> Option<serde_json::Value> {
        None
    }

    /// Requests the collection sends before [`Self::example`]'s (posting the invoice a return
    /// names); none by default.
    fn example_steps() -> Vec<example::Step> {
        Vec::new()
    }

    /// An update body for the record [`Self::example`] makes (`version` is added). `None`: the
    /// collection edits the example's first plain text field the update takes.
    fn example_update() -> Option<serde_json::Value> {
        None
    }

    /// Validates a create body (every field error at once, references checked) into a new record;
    /// its [`Meta`] is filled in by [`ops::insert`]. A record that module code builds itself (a
    /// sale priced against the stock ledger) leaves this out.
    fn build(cx: Cx<'_>, input: Self::In) -> impl Future<Output = Result<Self, ApiError>> + Send {
        let _ = (cx, input);
        async {
            Err(ApiError::internal(anyhow::anyhow!(
                "{} is built by its module's own route",
                Self::NAME
            )))
        }
    }

    /// Validates an update body and changes the record in place (the layer keeps the stored copy
    /// to compare with). A record that cannot be changed takes [`NoChange`] and leaves this out.
    fn apply(&mut self, cx: Cx<'_>, patch: Self::Patch) -> impl Future<Output = Result<(), ApiError>> + Send {
        let _ = (cx, patch);
        async {
            Err(ApiError::invalid_transition(format!(
                "A {} cannot be changed.",
                Self::NAME.to_lowercase()
            )))
        }
    }

    /// The text whose words `search=` finds by prefix, without case or accents.
    fn search_text(&self) -> String;

    /// The date (`YYYY-MM-DD`) from which a scheduled job looks at this record again, kept in a
    /// cross-tenant index while `Some` ([`index::due`]): an open invoice's due date.
    fn due_date(&self) -> Option<String> {
        None
    }

    /// Events beyond [`Self::EVENTS`] that a create (`before` is `None`) or a change from `before`
    /// to `after` emits (a stage move). `after` is the record as stored (its version and
    /// timestamps set), so an event carries what `GET` answers at that version.
    fn changes(_before: Option<&Self>, _after: &Self) -> Vec<Event> {
        Vec::new()
    }

    /// Its custom field values ([`custom`]), for a kind that takes them (`shared::custom_fields!()`).
    fn custom_values(&self) -> Option<&custom::CustomValues> {
        None
    }
    fn custom_values_mut(&mut self) -> Option<&mut custom::CustomValues> {
        None
    }

    /// Writes that must commit with a create (`before` is `None`) or a change: another record
    /// changed in step with this one (the stage that stops being a board's done column when
    /// another takes the flag). Conditioned on what they read, so a race fails the whole write.
    fn before_save(
        &self,
        _cx: Cx<'_>,
        _before: Option<&Self>,
    ) -> impl Future<Output = Result<Vec<Write>, ApiError>> + Send {
        async { Ok(Vec::new()) }
    }

    /// Refuses a delete (409 while other records use this one) or returns writes that must commit
    /// with it.
    fn before_delete(&self, _cx: Cx<'_>) -> impl Future<Output = Result<Vec<Write>, ApiError>> + Send {
        async { Ok(Vec::new()) }
    }

    /// The object store keys of the bytes this record names (an uploaded file's). Its delete, and
    /// that of a record it lives in ([`Ref::cascade`]), deletes them once the records' transaction
    /// has committed ([`crate::http::ReleasedUpload`]).
    fn object_keys(&self) -> Vec<&str> {
        Vec::new()
    }
}

/// A kind that takes custom fields, kept in its `custom_fields: CustomValues` field, written
/// inside the `impl Resource` block: `shared::custom_fields!();`.
#[macro_export]
macro_rules! custom_fields {
    () => {
        const CUSTOM_FIELDS: bool = true;
        fn custom_values(&self) -> Option<&$crate::resource::custom::CustomValues> {
            Some(&self.custom_fields)
        }
        fn custom_values_mut(&mut self) -> Option<&mut $crate::resource::custom::CustomValues> {
            Some(&mut self.custom_fields)
        }
    };
}

/// The [`Resource::meta`] accessors of a record whose [`Meta`] is its `meta` field, written
/// inside the `impl Resource` block: `shared::meta_field!();`.
#[macro_export]
macro_rules! meta_field {
    () => {
        fn meta(&self) -> &$crate::resource::Meta {
            &self.meta
        }
        fn meta_mut(&mut self) -> &mut $crate::resource::Meta {
            &mut self.meta
        }
    };
}

/// The container transform of a record generic over its kind `K` (`Offered<K>`, named
/// `#[schemars(rename = "{K}")]`): the record is described as `K` is, so each kind keeps its own
/// description in the document while the fields they share are declared once.
pub fn kind_schema<K: JsonSchema>(schema: &mut schemars::Schema) {
    let own = K::json_schema(&mut schemars::SchemaGenerator::default());
    match own.get("description") {
        Some(description) => schema.insert("description".into(), description.clone()),
        None => schema.remove("description"),
    };
}

/// An update body with the optional `version` every update accepts beside its own fields. An
/// extractor rather than `#[serde(flatten)]`, which would hide the field names of errors.
#[derive(Debug, JsonSchema)]
#[schemars(rename = "Versioned{P}")]
pub struct Versioned<P> {
    #[serde(flatten)]
    pub patch: P,
    /// The version the change is based on; a stale one is 409 `version_conflict`.
    pub version: Option<u64>,
}

impl<P: DeserializeOwned + JsonSchema + 'static, S: Send + Sync> FromRequest<S> for Versioned<P> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        let ValidJson(mut body) = ValidJson::<serde_json::Value>::from_request(req, state).await?;
        let version = take_u64(&mut body, "version")?;
        Ok(Self {
            patch: parse_patch(body)?,
            version,
        })
    }
}

/// A record as a form's picker offers it.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Named {
    pub id: u64,
    pub name: String,
}

/// The answer to a delete.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Deleted {
    pub message: String,
    pub id: u64,
}

/// The answer to an action that has nothing to show but that it was done (a logout).
#[derive(Debug, Serialize, JsonSchema)]
pub struct Message {
    pub message: String,
}

impl Message {
    pub fn new(message: impl Into<String>) -> Self {
        Self {
            message: message.into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// The same record read the derive's way and serde's flatten way.
    #[derive(Debug, PartialEq, Serialize, crate::RecordDeserialize)]
    #[serde(bound = "")]
    struct Derived<T: Default> {
        #[serde(flatten)]
        meta: Meta,
        name: String,
        #[serde(default)]
        tags: Vec<String>,
        #[serde(skip)]
        marker: std::marker::PhantomData<T>,
    }

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Flattened {
        #[serde(flatten)]
        meta: Meta,
        name: String,
        #[serde(default)]
        tags: Vec<String>,
    }

    #[test]
    fn a_derived_record_reads_as_serde_flatten_does() {
        let stored = json!({"id": 7, "created_at": "2026-01-02T03:04:05Z", "updated_at": "2026-01-03T00:00:00Z",
            "version": 2, "name": "Ada", "tags": ["vip"]});
        let derived: Derived<u8> = serde_json::from_value(stored.clone()).unwrap();
        let flattened: Flattened = serde_json::from_value(stored.clone()).unwrap();
        assert_eq!(derived.meta, flattened.meta);
        assert_eq!(derived.meta.id, 7);
        assert_eq!(derived.meta.updated_at, "2026-01-03T00:00:00Z");
        assert_eq!((derived.name.as_str(), derived.tags.len()), ("Ada", 1));
        // Written back, both are the document read.
        assert_eq!(serde_json::to_value(&derived).unwrap(), stored);
        assert_eq!(serde_json::to_value(&flattened).unwrap(), stored);
        // From text too (the embedded store's documents), keys in any order, a field's
        // `#[serde(default)]` kept.
        let text = r#"{"name":"Ada","version":2,"id":7,"created_at":"a","updated_at":"b"}"#;
        let derived: Derived<u8> = serde_json::from_str(text).unwrap();
        assert_eq!((derived.meta.version, derived.meta.created_at.as_str()), (2, "a"));
        assert!(derived.tags.is_empty());
    }

    #[test]
    fn a_derived_record_without_a_meta_field_does_not_read() {
        let missing = json!({"id": 7, "created_at": "a", "updated_at": "b", "name": "Ada"});
        let error = serde_json::from_value::<Derived<u8>>(missing).unwrap_err();
        assert!(error.to_string().contains("missing field `version`"), "{error}");
    }
}
