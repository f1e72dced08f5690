//! What happens around a lead or a deal: tasks, calls, e-mails and discussions (files are in
//! `files.rs`). Each record names its parent (`lead_id` or `deal_id`); the lead and deal routes
//! share these handlers.

use std::future::Future;

use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use shared::auth::Module;
use shared::domain::{Date, Email as EmailAddress, Text};
use shared::handlers::Caller;
use shared::http::Json;
use shared::http::{parse_value, take_u64, ApiError, FieldErrors, IfMatch, ValidJson, ValidPath};
use shared::resource::parent::{self, cascade_from, parent_filter, Attached, ParentKind, ParentRef, Parents};
use shared::resource::{
    ops, Assign, CreatedUnder, Cx, Deleted, Lists, Meta, NoChange, NoFilters, Ref, Resource, Versioned,
};

use crate::deals::Deal;
use crate::leads::Lead;
use crate::links::check_owner;

/// The kinds of record CRM activity and files live in: a lead or a deal.
#[derive(Clone, Debug, JsonSchema)]
#[schemars(rename = "Crm")]
pub struct LeadOrDeal;

impl Parents for LeadOrDeal {
    const ALL: &'static [ParentKind] = &[ParentKind::of::<Lead>("lead_id"), ParentKind::of::<Deal>("deal_id")];
}

/// The lead or deal a record belongs to, written `"lead_id": 3` or `"deal_id": 3`.
pub type Owner = ParentRef<LeadOrDeal>;

/// A child's references to its lead or deal: it lives in it and goes with it.
pub const fn owner_refs<C: Attached<Parents = LeadOrDeal>>() -> [Ref<C>; 2] {
    [cascade_from::<C, 0>(), cascade_from::<C, 1>()]
}

/// Which parent a route serves.
pub trait Parent: Send + Sync + 'static {
    /// The parent's position in [`LeadOrDeal`]'s kinds.
    const WHICH: usize;
    /// The parent's id field in bodies.
    const FIELD: &'static str = LeadOrDeal::ALL[Self::WHICH].field;
    type Record: Resource;
    /// A body naming this parent (`lead_id`, `deal_id`) beside an activity's fields `I`.
    type ActivityIn<I: JsonSchema + 'static>: JsonSchema + 'static;
    fn owner(id: u64) -> Owner {
        Owner::new(Self::WHICH, id)
    }
}

/// Activity, files and links routes of a lead.
pub struct OfLead;
impl Parent for OfLead {
    const WHICH: usize = 0;
    type Record = Lead;
    type ActivityIn<I: JsonSchema + 'static> = LeadActivityIn<I>;
}

/// Activity, files and links routes of a deal.
pub struct OfDeal;
impl Parent for OfDeal {
    const WHICH: usize = 1;
    type Record = Deal;
    type ActivityIn<I: JsonSchema + 'static> = DealActivityIn<I>;
}

/// A record under a lead or a deal.
pub trait Child: Attached<Parents = LeadOrDeal> {}
impl<C: Attached<Parents = LeadOrDeal>> Child for C {}

/// A kind of activity: its own fields, bodies and checks; [`Activity`] adds the id, the parent and
/// the [`Resource`] impl they all share.
pub trait ActivityKind: Serialize + DeserializeOwned + JsonSchema + Clone + Send + Sync + 'static {
    const KIND: &'static str;
    const NAME: &'static str;
    /// The create body's own fields.
    type In: DeserializeOwned + JsonSchema + Send + 'static;
    type Patch: DeserializeOwned + JsonSchema + Send + 'static;
    fn validate(cx: Cx<'_>, input: Self::In) -> impl Future<Output = Result<Self, ApiError>> + Send;
    /// Validates an update body into the record's fields; kinds that take no updates leave it out.
    fn change(&mut self, cx: Cx<'_>, patch: Self::Patch) -> impl Future<Output = Result<(), ApiError>> + Send {
        let _ = (cx, patch);
        async {
            Err(ApiError::invalid_transition(format!(
                "A {} cannot be changed.",
                Self::NAME.to_lowercase()
            )))
        }
    }
    fn text(&self) -> String;
}

/// A task, call, e-mail or discussion entry of a lead or deal.
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
#[serde(bound = "")]
#[schemars(bound = "K: JsonSchema", rename = "{K}")]
pub struct Activity<K: ActivityKind> {
    #[serde(flatten)]
    pub meta: Meta,
    #[serde(flatten)]
    pub owner: Owner,
    #[serde(flatten)]
    pub fields: K,
}

// As documented: an [`ActivityIn`] whose lead is required.
/// Body of `lead-task/create` and `lead-call/store`: the task's or call's fields and its lead.
#[derive(JsonSchema)]
#[schemars(bound = "I: JsonSchema", rename = "Lead{I}", transform = example_names_lead)]
pub struct LeadActivityIn<I> {
    #[schemars(transform = shared::http::schema::id)]
    pub lead_id: u64,
    #[serde(flatten)]
    pub fields: I,
}

// As documented: an [`ActivityIn`] whose deal is required.
/// Body of `deal-task/create` and `deal-call/store`: the task's or call's fields and its deal.
#[derive(JsonSchema)]
#[schemars(bound = "I: JsonSchema", rename = "Deal{I}", transform = example_names_deal)]
pub struct DealActivityIn<I> {
    #[schemars(transform = shared::http::schema::id)]
    pub deal_id: u64,
    #[serde(flatten)]
    pub fields: I,
}

/// [`LeadActivityIn`]'s example: the kind's (which the flattened fields bring) with its lead.
fn example_names_lead(schema: &mut schemars::Schema) {
    example_names_parent(schema, "lead_id");
}

/// [`DealActivityIn`]'s example: the kind's (which the flattened fields bring) with its deal.
fn example_names_deal(schema: &mut schemars::Schema) {
    example_names_parent(schema, "deal_id");
}

/// Adds the parent's id `field` to the examples of a body naming its parent, so that each
/// variant's example is a valid body of its own routes (the kinds' examples name no parent).
fn example_names_parent(schema: &mut schemars::Schema, field: &str) {
    let Some(object) = schema.as_object_mut() else { return };
    let examples = match object.get_mut("examples") {
        Some(Value::Array(examples)) => examples.iter_mut().collect::<Vec<_>>(),
        _ => object.get_mut("example").into_iter().collect(),
    };
    for example in examples {
        if let Value::Object(fields) = example {
            fields.insert(field.into(), Value::from(7));
        }
    }
}

/// An activity's create body: the kind's fields, and the parent where the route takes it from the
/// body (`lead-task/create`, `lead-call/store`); routes with the parent in the path ignore these.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(bound = "")]
#[schemars(bound = "I: JsonSchema", rename = "{I}")]
pub struct ActivityIn<I: DeserializeOwned + JsonSchema> {
    #[schemars(transform = shared::http::schema::id)]
    pub lead_id: Option<u64>,
    #[schemars(transform = shared::http::schema::id)]
    pub deal_id: Option<u64>,
    #[serde(flatten)]
    pub fields: I,
}

impl<I: DeserializeOwned + JsonSchema, S: Send + Sync> FromRequest<S> for ActivityIn<I> {
    type Rejection = ApiError;

    /// Read by hand, not with `#[serde(flatten)]`, so errors keep their field names.
    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        let ValidJson(mut body) = ValidJson::<Value>::from_request(req, state).await?;
        let lead_id = take_u64(&mut body, "lead_id")?;
        let deal_id = take_u64(&mut body, "deal_id")?;
        Ok(Self {
            lead_id,
            deal_id,
            fields: parse_value(body)?,
        })
    }
}

impl<K: ActivityKind> Attached for Activity<K> {
    type Parents = LeadOrDeal;
    fn parent(&self) -> Owner {
        self.owner
    }
}

impl<K: ActivityKind> Resource for Activity<K> {
    const KIND: &'static str = K::KIND;
    const NAME: &'static str = K::NAME;
    const MODULE: Module = Module::Crm;
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[],
        filters: &[parent_filter::<Self>()],
        sums: &[],
    };
    const REFS: &'static [Ref<Self>] = &owner_refs::<Self>();
    // Created under its lead or deal ([`CreatedUnder`]).
    type In = NoChange;
    type Patch = K::Patch;
    type Out = Activity<K>;
    type Filters = NoFilters;

    shared::meta_field!();

    async fn apply(&mut self, cx: Cx<'_>, patch: K::Patch) -> Result<(), ApiError> {
        self.fields.change(cx, patch).await
    }

    fn search_text(&self) -> String {
        self.fields.text()
    }
}

/// Written on its lead or deal, checked by the route ([`create_from_body`], [`create_at`]).
impl<K: ActivityKind> CreatedUnder for Activity<K> {
    type Parent = Owner;
    type Body = ActivityIn<K::In>;

    async fn build_under(cx: Cx<'_>, owner: Owner, input: Self::Body) -> Result<Self, ApiError> {
        Ok(Self {
            meta: Meta::default(),
            owner,
            fields: K::validate(cx, input.fields).await?,
        })
    }
}

pub type Task = Activity<TaskFields>;
pub type Call = Activity<CallFields>;
pub type Email = Activity<EmailFields>;
pub type Discussion = Activity<DiscussionFields>;

/// A to-do on a lead or deal.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[schemars(rename = "CrmTask")]
pub struct TaskFields {
    pub name: String,
    /// `YYYY-MM-DD`.
    pub date: Option<Date>,
    /// `HH:MM`.
    pub time: Option<String>,
    pub priority: TaskPriority,
    pub status: TaskStatus,
}

shared::choice! {
    pub enum TaskPriority { Low = "low", Medium = "medium", High = "high" }
}

shared::choice! {
    pub enum TaskStatus { OnGoing = "on_going", Completed = "completed" }
}

/// Body of `POST /api/lead-task/create` (with `lead_id`) and `/api/deal-task/create` (with `deal_id`);
/// its example names no parent ([`LeadActivityIn`] and [`DealActivityIn`] add theirs).
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[schemars(rename = "NewTask")]
#[schemars(example = serde_json::json!({"name": "Send the offer", "date": "2026-12-01", "time": "09:30", "priority": "high"}))]
pub struct TaskIn {
    #[schemars(required)]
    pub name: Option<Text<190>>,
    #[schemars(transform = shared::http::schema::date)]
    pub date: Option<String>,
    #[schemars(regex(pattern = r"^([01][0-9]|2[0-3]):[0-5][0-9]$"))]
    pub time: Option<String>,
    #[schemars(transform = shared::http::schema::one_of_or_null::<TaskPriority>)]
    pub priority: Option<String>,
    #[schemars(transform = shared::http::schema::one_of_or_null::<TaskStatus>)]
    pub status: Option<String>,
}

/// Body of the task update routes.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[schemars(transform = shared::resource::patch_schema)]
#[schemars(rename = "CrmTaskPatch")]
pub struct TaskPatch {
    pub name: Option<Text<190>>,
    #[serde(default, with = "shared::resource::Clearable::<String>")]
    #[schemars(transform = shared::http::schema::date)]
    pub date: Option<Option<String>>,
    #[serde(default, with = "shared::resource::Clearable::<String>")]
    #[schemars(regex(pattern = r"^([01][0-9]|2[0-3]):[0-5][0-9]$"))]
    pub time: Option<Option<String>>,
    #[schemars(transform = shared::http::schema::one_of_or_null::<TaskPriority>)]
    pub priority: Option<String>,
    #[schemars(transform = shared::http::schema::one_of_or_null::<TaskStatus>)]
    pub status: Option<String>,
}

fn time_of_day(errors: &mut FieldErrors, value: Option<String>) -> Option<String> {
    let value = value?;
    let ok = value.len() == 5
        && value.as_bytes()[2] == b':'
        && value[..2].parse::<u8>().is_ok_and(|h| h < 24)
        && value[3..].parse::<u8>().is_ok_and(|m| m < 60);
    if !ok {
        errors.add("time", "The time field must be written HH:MM.");
        return None;
    }
    Some(value)
}

impl ActivityKind for TaskFields {
    const KIND: &'static str = "crm_task";
    const NAME: &'static str = "Task";
    type In = TaskIn;
    type Patch = TaskPatch;

    async fn validate(_cx: Cx<'_>, input: TaskIn) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let name = errors.required_text("name", input.name);
        let date = errors.date("date", input.date);
        let time = time_of_day(&mut errors, input.time);
        let priority = errors.choice("priority", input.priority);
        let status = errors.choice("status", input.status);
        let name = errors.finish(name)?;
        Ok(Self {
            name,
            date,
            time,
            priority: priority.unwrap_or(TaskPriority::Medium),
            status: status.unwrap_or(TaskStatus::OnGoing),
        })
    }

    async fn change(&mut self, _cx: Cx<'_>, patch: TaskPatch) -> Result<(), ApiError> {
        let mut errors = FieldErrors::default();
        let name = errors.text("name", patch.name);
        let date = patch.date.map(|d| errors.date("date", d));
        let time = patch.time.map(|t| time_of_day(&mut errors, t));
        let priority = errors.choice("priority", patch.priority);
        let status = errors.choice("status", patch.status);
        errors.into_result(())?;
        self.name.assign(name);
        self.date.assign(date);
        self.time.assign(time);
        self.priority.assign(priority);
        self.status.assign(status);
        Ok(())
    }

    fn text(&self) -> String {
        self.name.clone()
    }
}

/// A logged phone call.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[schemars(rename = "CrmCall")]
pub struct CallFields {
    pub subject: String,
    pub call_type: CallType,
    /// As the caller wrote it, e.g. `00:12:30`.
    pub duration: Option<String>,
    /// Who made or took the call.
    pub user_id: Option<u64>,
    pub description: Option<String>,
    pub call_result: Option<String>,
}

/// Body of `POST /api/lead-call/store` (with `lead_id`) and `/api/deal-call/store` (with `deal_id`);
/// its example names no parent ([`LeadActivityIn`] and [`DealActivityIn`] add theirs).
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[schemars(rename = "NewCall")]
#[schemars(example = serde_json::json!({"subject": "Intro call", "call_type": "outbound", "duration": "00:12:30"}))]
pub struct CallIn {
    #[schemars(required)]
    pub subject: Option<Text<190>>,
    #[schemars(required, transform = shared::http::schema::one_of::<CallType>)]
    pub call_type: Option<String>,
    pub duration: Option<Text<20>>,
    /// Defaults to the caller.
    #[schemars(transform = shared::http::schema::id)]
    pub user_id: Option<u64>,
    pub description: Option<Text<5000>>,
    pub call_result: Option<Text<5000>>,
}

/// Body of the call update routes.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[schemars(transform = shared::resource::patch_schema)]
pub struct CallPatch {
    pub subject: Option<Text<190>>,
    #[schemars(transform = shared::http::schema::one_of_or_null::<CallType>)]
    pub call_type: Option<String>,
    #[serde(default, with = "shared::resource::Clearable::<Text<20>>")]
    pub duration: Option<Option<Text<20>>>,
    #[serde(default, with = "shared::resource::Clearable::<u64>")]
    pub user_id: Option<Option<u64>>,
    #[serde(default, with = "shared::resource::Clearable::<Text<5000>>")]
    pub description: Option<Option<Text<5000>>>,
    #[serde(default, with = "shared::resource::Clearable::<Text<5000>>")]
    pub call_result: Option<Option<Text<5000>>>,
}

shared::choice! {
    pub enum CallType { Outbound = "outbound", Inbound = "inbound" }
}

impl ActivityKind for CallFields {
    const KIND: &'static str = "crm_call";
    const NAME: &'static str = "Call";
    type In = CallIn;
    type Patch = CallPatch;

    async fn validate(cx: Cx<'_>, input: CallIn) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let subject = errors.required_text("subject", input.subject);
        let call_type = errors.required("call_type", input.call_type);
        let call_type = errors.choice("call_type", call_type);
        let duration = errors.text("duration", input.duration);
        let description = errors.text("description", input.description);
        let call_result = errors.text("call_result", input.call_result);
        let (subject, call_type) = errors.finish((subject, call_type))?;
        let user_id = check_owner(cx, input.user_id.or(Some(cx.user_id))).await?;
        Ok(Self {
            subject,
            call_type,
            duration,
            user_id,
            description,
            call_result,
        })
    }

    async fn change(&mut self, cx: Cx<'_>, patch: CallPatch) -> Result<(), ApiError> {
        let mut errors = FieldErrors::default();
        let subject = errors.text("subject", patch.subject);
        let call_type = errors.choice("call_type", patch.call_type);
        let duration = patch.duration.map(|d| errors.text("duration", d));
        let description = patch.description.map(|d| errors.text("description", d));
        let call_result = patch.call_result.map(|r| errors.text("call_result", r));
        errors.into_result(())?;
        self.subject.assign(subject);
        self.call_type.assign(call_type);
        self.duration.assign(duration);
        self.description.assign(description);
        self.call_result.assign(call_result);
        if let Some(user) = patch.user_id {
            self.user_id = check_owner(cx, user).await?;
        }
        Ok(())
    }

    fn text(&self) -> String {
        self.subject.clone()
    }
}

/// An e-mail logged against a lead or deal.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[schemars(rename = "CrmEmail")]
pub struct EmailFields {
    pub to: EmailAddress,
    pub subject: String,
    pub description: Option<String>,
}

/// Body of `POST /api/lead-email/store/{lead_id}` and `/api/deal-email/store/{deal_id}`.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[schemars(rename = "NewEmail")]
#[schemars(example = serde_json::json!({"to": "maria@northwind.example", "subject": "Our offer"}))]
pub struct EmailIn {
    /// The recipient's address.
    #[schemars(required, transform = shared::http::schema::email)]
    pub to: Option<String>,
    #[schemars(required)]
    pub subject: Option<Text<190>>,
    pub description: Option<Text<20000>>,
}

impl ActivityKind for EmailFields {
    const KIND: &'static str = "crm_email";
    const NAME: &'static str = "E-mail";
    type In = EmailIn;
    type Patch = NoChange;

    async fn validate(_cx: Cx<'_>, input: EmailIn) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let to = errors.required("to", input.to);
        let to = errors.email("to", to);
        let subject = errors.required_text("subject", input.subject);
        let description = errors.text("description", input.description);
        let (to, subject) = errors.finish((to, subject))?;
        Ok(Self {
            to,
            subject,
            description,
        })
    }

    fn text(&self) -> String {
        format!("{} {}", self.to, self.subject)
    }
}

/// A comment in a lead's or deal's discussion.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[schemars(rename = "CrmDiscussion")]
pub struct DiscussionFields {
    pub comment: String,
    /// The author.
    pub user_id: u64,
}

/// Body of `POST /api/lead-discussion/store/{lead_id}` and `/api/deal-discussion/store/{deal_id}`.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[schemars(rename = "NewDiscussion")]
#[schemars(example = serde_json::json!({"comment": "Budget confirmed."}))]
pub struct DiscussionIn {
    #[schemars(required)]
    pub comment: Option<Text<5000>>,
}

impl ActivityKind for DiscussionFields {
    const KIND: &'static str = "crm_discussion";
    const NAME: &'static str = "Discussion";
    type In = DiscussionIn;
    type Patch = NoChange;

    async fn validate(cx: Cx<'_>, input: DiscussionIn) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let comment = errors.required_text("comment", input.comment);
        let comment = errors.finish(comment)?;
        Ok(Self {
            comment,
            user_id: cx.user_id,
        })
    }

    fn text(&self) -> String {
        self.comment.clone()
    }
}

/// Most children of one kind a lead or deal shows (and most files it holds).
pub const MAX_CHILDREN: usize = 500;

/// The children of one parent, in id order: one read of the `parent` index.
pub async fn children_of<C: Child>(cx: Cx<'_>, owner: Owner) -> Result<Vec<C>, ApiError> {
    parent::children_of::<C>(cx, owner, MAX_CHILDREN).await
}

/// 404 unless the parent exists.
pub async fn existing<P: Parent>(cx: Cx<'_>, id: u64) -> Result<Owner, ApiError> {
    ops::load::<P::Record>(cx, id).await?;
    Ok(P::owner(id))
}

/// The child `id`, or 404 when it is not under a parent of kind `P` (`/api/lead-task/...` does not
/// reach a deal's task).
pub async fn child_of_kind<C: Child, P: Parent>(cx: Cx<'_>, id: u64) -> Result<C, ApiError> {
    let child = ops::load::<C>(cx, id).await?;
    match child.parent().id_if(P::WHICH) {
        Some(_) => Ok(child),
        None => Err(ApiError::not_found(C::NAME)),
    }
}

/// `POST /api/lead-task/create`, `/api/lead-call/store` (and the deal ones): the parent is in the body.
pub async fn create_from_body<K: ActivityKind, P: Parent>(
    caller: Caller,
    input: ActivityIn<K::In>,
) -> Result<(StatusCode, Json<Activity<K>>), ApiError> {
    let cx = caller.cx();
    // The body's id of the route's kind of parent.
    let named = [input.lead_id, input.deal_id][P::WHICH];
    let parent_id = named.ok_or_else(|| {
        ApiError::invalid(
            P::FIELD,
            format!("The {} field is required.", P::FIELD.replace('_', " ")),
        )
    })?;
    ops::check_reference::<P::Record>(cx, P::FIELD, parent_id).await?;
    let record = ops::insert_under::<Activity<K>>(cx, P::owner(parent_id), input, Vec::new()).await?;
    Ok((StatusCode::CREATED, Json(record)))
}

/// `POST /api/lead-email/store/{lead_id}`, `/api/lead-discussion/store/{lead_id}` (and the deal
/// ones): the parent is in the path.
pub async fn create_at<K: ActivityKind, P: Parent>(
    caller: Caller,
    ValidPath(parent_id): ValidPath<u64>,
    input: ActivityIn<K::In>,
) -> Result<(StatusCode, Json<Activity<K>>), ApiError> {
    let cx = caller.cx();
    let owner = existing::<P>(cx, parent_id).await?;
    let record = ops::insert_under::<Activity<K>>(cx, owner, input, Vec::new()).await?;
    Ok((StatusCode::CREATED, Json(record)))
}

/// `POST /api/lead-task/update/{id}`, `/api/lead-call/update/{call_id}` (and the deal ones).
pub async fn update<C: Child, P: Parent>(
    caller: Caller,
    ValidPath(id): ValidPath<u64>,
    IfMatch(if_match): IfMatch,
    body: Versioned<C::Patch>,
) -> Result<Json<C::Out>, ApiError> {
    let cx = caller.cx();
    let current = child_of_kind::<C, P>(cx, id).await?;
    ops::check_version(&current, body.version.or(if_match))?;
    let mut next = current.clone();
    next.apply(cx, body.patch).await?;
    Ok(Json(ops::save(cx, &current, next, Vec::new()).await?.into()))
}

/// `DELETE /api/lead-task/delete/{id}`, `/api/lead-call/delete/{call_id}` (and the deal ones).
pub async fn delete<C: Child, P: Parent>(
    caller: Caller,
    ValidPath(id): ValidPath<u64>,
) -> Result<Json<Deleted>, ApiError> {
    let cx = caller.cx();
    let current = child_of_kind::<C, P>(cx, id).await?;
    ops::remove_loaded(cx, current).await?;
    Ok(Json(Deleted {
        message: format!("{} deleted.", C::NAME),
        id,
    }))
}
