//! Deals: an opportunity with an amount, in a pipeline's deal stages, open until won or lost; and
//! the conversion of a lead into one.

use axum::http::StatusCode;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::json;
use shared::auth::Module;
use shared::domain::{Date, Text};
use shared::events::Event;
use shared::events::EventType;
use shared::handlers::Caller;
use shared::http::Json;
use shared::http::{ApiError, FieldErrors, ValidJson, ValidPath};
use shared::money::Money;
use shared::resource::custom::{self, CustomValues, CustomValuesIn};
use shared::resource::index::Sum;
use shared::resource::{ops, Assign, Cx, Events, Filter, Id, IndexValue, Lists, Meta, Ref, Resource, Sort};

use inventory::products::Product;

use crate::labels::{Label, Source};
use crate::leads::{check_contactable, Lead};
use crate::links::{check_links, set_links, Link, Linked, MAX_LINKS};
use crate::pipelines::{next_order, place_new, restage, stage_in_pipeline, Board, Pipeline, Stage, Staged};

pub const DEAL_CREATED: EventType = EventType::new("deal.created", "A deal was created.").with_record::<Deal>();
pub const DEAL_UPDATED: EventType = EventType::new("deal.updated", "A deal was changed.").with_record::<Deal>();
pub const DEAL_DELETED: EventType = EventType::new("deal.deleted", "A deal was deleted.").with_record::<Deal>();
pub const DEAL_STAGE_CHANGED: EventType = EventType::new(
    "deal.stage_changed",
    "A deal moved to another stage (from_stage_id, to_stage_id).",
)
.with_data::<DealStageChanged<'static>>();
pub const DEAL_STATUS_CHANGED: EventType = EventType::new(
    "deal.status_changed",
    "A deal was won, lost or reopened (from_status, to_status).",
)
.with_data::<DealStatusChanged<'static>>();

/// The data of `deal.stage_changed`: the deal as it is now, and the
/// stages it moved between.
#[derive(Debug, Serialize, JsonSchema)]
pub struct DealStageChanged<'a> {
    pub deal: &'a Deal,
    pub from_stage_id: Id<Stage<DealBoard>>,
    pub to_stage_id: Id<Stage<DealBoard>>,
}

/// The data of `deal.status_changed`: the deal as it is now, and the
/// statuses it moved between.
#[derive(Debug, Serialize, JsonSchema)]
pub struct DealStatusChanged<'a> {
    pub deal: &'a Deal,
    pub from_status: DealStatus,
    pub to_status: DealStatus,
}

shared::choice! {
    /// Where a deal stands (the original product's `active` and `loss` are read as `open` and `lost`).
    pub enum DealStatus { Open = "open" | "active", Won = "won", Lost = "lost" | "loss" }
}

/// An opportunity moving through a pipeline's deal stages.
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
pub struct Deal {
    #[serde(flatten)]
    pub meta: Meta,
    pub name: String,
    /// The deal's value (the product's `price`).
    pub amount: Money,
    pub pipeline_id: Id<Pipeline>,
    pub stage_id: Id<Stage<DealBoard>>,
    /// Position within its stage, from 1.
    pub order: u64,
    pub status: DealStatus,
    pub phone: Option<String>,
    pub notes: Option<String>,
    /// Expected close, `YYYY-MM-DD`.
    pub close_date: Option<Date>,
    pub is_active: bool,
    pub users: Vec<u64>,
    /// Client users the deal is for.
    pub clients: Vec<u64>,
    pub sources: Vec<u64>,
    pub products: Vec<u64>,
    pub labels: Vec<u64>,
    /// The lead it was converted from.
    pub lead_id: Option<u64>,
    /// The workspace's own fields (its custom fields), by key.
    #[serde(default)]
    #[schemars(transform = shared::resource::custom::stored_schema)]
    pub custom_fields: CustomValues,
}

/// The deal board: its stages hold deals.
#[derive(Clone, Debug)]
pub struct DealBoard;
impl Board for DealBoard {
    const STAGE_KIND: &'static str = "crm_deal_stage";
    const STAGE_NAME: &'static str = "Deal stage";
    type Card = Deal;
}

/// Body of `POST /api/deal/create`.
#[derive(Debug, Default, Deserialize, JsonSchema)]
pub struct DealIn {
    #[schemars(required)]
    pub name: Option<Text<190>>,
    /// Defaults to 0; `price` is accepted too.
    #[serde(alias = "price")]
    #[schemars(transform = shared::money::at_least_zero)]
    pub amount: Option<Money>,
    #[schemars(transform = shared::http::schema::id)]
    pub pipeline_id: Option<u64>,
    #[schemars(transform = shared::http::schema::id)]
    pub stage_id: Option<u64>,
    pub phone: Option<crate::leads::ContactPhone>,
    pub notes: Option<crate::leads::ContactNotes>,
    #[schemars(transform = shared::http::schema::date)]
    pub close_date: Option<String>,
    #[schemars(transform = shared::http::schema::ids_at_most::<MAX_LINKS>)]
    pub users: Option<Vec<u64>>,
    #[schemars(transform = shared::http::schema::ids_at_most::<MAX_LINKS>)]
    pub clients: Option<Vec<u64>>,
    #[schemars(transform = shared::http::schema::ids_at_most::<MAX_LINKS>)]
    pub sources: Option<Vec<u64>>,
    #[schemars(transform = shared::http::schema::ids_at_most::<MAX_LINKS>)]
    pub products: Option<Vec<u64>>,
    #[schemars(transform = shared::http::schema::ids_at_most::<MAX_LINKS>)]
    pub labels: Option<Vec<u64>>,
    /// Values of the workspace's custom fields, by key (`GET /api/custom-fields`).
    pub custom_fields: Option<CustomValuesIn>,
}

/// Body of `POST /api/deal/update/{id}` (and, through v1, `PATCH /api/v1/deals/{id}`).
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[schemars(transform = shared::resource::patch_schema)]
#[schemars(example = serde_json::json!({"status": "won"}))]
pub struct DealPatch {
    pub name: Option<Text<190>>,
    #[serde(alias = "price")]
    #[schemars(transform = shared::money::at_least_zero)]
    pub amount: Option<Money>,
    #[schemars(transform = shared::http::schema::id)]
    pub pipeline_id: Option<u64>,
    #[schemars(transform = shared::http::schema::id)]
    pub stage_id: Option<u64>,
    /// `open`, `won` or `lost`.
    #[schemars(transform = shared::http::schema::one_of_or_null::<DealStatus>)]
    pub status: Option<String>,
    #[serde(default, with = "shared::resource::Clearable::<crate::leads::ContactPhone>")]
    pub phone: Option<Option<crate::leads::ContactPhone>>,
    #[serde(default, with = "shared::resource::Clearable::<crate::leads::ContactNotes>")]
    pub notes: Option<Option<crate::leads::ContactNotes>>,
    #[serde(default, with = "shared::resource::Clearable::<String>")]
    #[schemars(transform = shared::http::schema::date)]
    pub close_date: Option<Option<String>>,
    pub is_active: Option<bool>,
    #[schemars(transform = shared::http::schema::ids_at_most::<MAX_LINKS>)]
    pub users: Option<Vec<u64>>,
    #[schemars(transform = shared::http::schema::ids_at_most::<MAX_LINKS>)]
    pub clients: Option<Vec<u64>>,
    #[schemars(transform = shared::http::schema::ids_at_most::<MAX_LINKS>)]
    pub sources: Option<Vec<u64>>,
    #[schemars(transform = shared::http::schema::ids_at_most::<MAX_LINKS>)]
    pub products: Option<Vec<u64>>,
    #[schemars(transform = shared::http::schema::ids_at_most::<MAX_LINKS>)]
    pub labels: Option<Vec<u64>>,
    /// Values of the workspace's custom fields, by key (`GET /api/custom-fields`).
    pub custom_fields: Option<CustomValuesIn>,
}

/// Filters of `GET /api/deals`.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
pub struct DealFilters {
    pub pipeline_id: Option<u64>,
    pub stage_id: Option<u64>,
    /// `open`, `won` or `lost`.
    pub status: Option<String>,
    pub user_id: Option<u64>,
    pub client_id: Option<u64>,
    pub label_id: Option<u64>,
}

const LINKS: [Link; 5] = [Link::Users, Link::Clients, Link::Sources, Link::Products, Link::Labels];

impl Deal {
    /// A new, open deal at `order` of `stage`, with nothing else set.
    pub fn new(name: String, amount: Money, stage: &Stage<DealBoard>, order: u64) -> Self {
        Self {
            meta: Meta::default(),
            name,
            amount,
            pipeline_id: stage.pipeline_id,
            stage_id: Id::of(stage),
            order,
            status: DealStatus::Open,
            phone: None,
            notes: None,
            close_date: None,
            is_active: true,
            users: Vec::new(),
            clients: Vec::new(),
            sources: Vec::new(),
            products: Vec::new(),
            labels: Vec::new(),
            lead_id: None,
            custom_fields: Default::default(),
        }
    }
}

impl Resource for Deal {
    fn example() -> Option<serde_json::Value> {
        Some(
            serde_json::json!({"name": "Acme renewal", "amount": 12000.0, "pipeline_id": shared::resource::example::id_of::<crate::pipelines::Pipeline>(), "stage_id": shared::resource::example::id_of::<crate::pipelines::Stage<DealBoard>>(), "labels": [shared::resource::example::id_of::<crate::labels::Label>()], "sources": [shared::resource::example::id_of::<crate::labels::Source>()], "close_date": "2027-03-31"}),
        )
    }
    const KIND: &'static str = "crm_deal";
    const NAME: &'static str = "Deal";
    const MODULE: Module = Module::Crm;
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[
            Sort::new("name", |d| IndexValue::text(&d.name)),
            Sort::new("amount", |d| IndexValue::money(d.amount.decimal())),
            Sort::new("order", |d| {
                IndexValue::text(&format!("{:020}{:020}", d.stage_id, d.order))
            }),
            Sort::new("close_date", |d| IndexValue::opt_date(d.close_date.as_deref())),
            Sort::new("updated_at", |d| IndexValue::date(&d.meta.updated_at)),
        ],
        filters: &[
            Filter::<Self>::one("stage_id", |d| IndexValue::id(d.stage_id.get())).sorted_by(&["order", "amount"]),
            Filter::many("label_id", |d| IndexValue::ids(&d.labels)),
            Filter::many("client_id", |d| IndexValue::ids(&d.clients)),
            Filter::many("user_id", |d| IndexValue::ids(&d.users)),
            Filter::many("source_id", |d| IndexValue::ids(&d.sources)),
            Filter::<Self>::one("pipeline_id", |d| IndexValue::id(d.pipeline_id.get()))
                .sorted_by(&["amount", "updated_at"]),
            Filter::<Self>::one("status", |d| IndexValue::text(d.status.as_str())).sorted_by(&["amount", "close_date"]),
            // The dashboard's counts and amounts per pipeline and status.
            Filter::one("pipeline_status", |d| {
                IndexValue::text(&format!("{}-{}", d.pipeline_id, d.status.as_str()))
            }),
        ],
        sums: &[Sum::new("amount", |d| d.amount.cents())],
    };
    const REFS: &'static [Ref<Self>] = &[
        Ref::to(<Pipeline as Resource>::KIND, |d| vec![d.pipeline_id.get()]),
        Ref::to(DealBoard::STAGE_KIND, |d| vec![d.stage_id.get()]),
        Ref::to(<Label as Resource>::KIND, |d| d.labels.clone()),
        Ref::to(<Source as Resource>::KIND, |d| d.sources.clone()),
        Ref::to(<Product as Resource>::KIND, |d| d.products.clone()),
    ];
    const EVENTS: Events = Events::all(DEAL_CREATED, DEAL_UPDATED, DEAL_DELETED);
    type In = DealIn;
    type Patch = DealPatch;
    type Out = Deal;
    type Filters = DealFilters;

    shared::meta_field!();
    shared::custom_fields!();

    async fn build(cx: Cx<'_>, input: DealIn) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let name = errors.required_text("name", input.name);
        if input.amount.is_some_and(Money::is_negative) {
            errors.add("amount", "The amount must not be negative.");
        }
        let fields = check_contactable(&mut errors, input.phone, input.notes, "close_date", input.close_date);
        let custom_fields = custom::parse(cx, Self::KIND, &mut errors, None, input.custom_fields).await?;
        let name = errors.finish(name)?;
        let stage = place_new::<DealBoard>(cx, input.pipeline_id, input.stage_id).await?;
        let order = next_order::<DealBoard>(cx, Id::of(&stage)).await?;
        let mut deal = Self::new(name, input.amount.unwrap_or(Money::ZERO), &stage, order);
        deal.phone = fields.phone;
        deal.notes = fields.notes;
        deal.close_date = fields.follow_up_date;
        let lists = [input.users, input.clients, input.sources, input.products, input.labels];
        set_links(cx, &mut deal, LINKS.into_iter().zip(lists)).await?;
        deal.custom_fields = custom_fields.unwrap_or_default();
        Ok(deal)
    }

    async fn apply(&mut self, cx: Cx<'_>, patch: DealPatch) -> Result<(), ApiError> {
        let mut errors = FieldErrors::default();
        let name = errors.text("name", patch.name);
        if patch.amount.is_some_and(Money::is_negative) {
            errors.add("amount", "The amount must not be negative.");
        }
        let status = errors.choice("status", patch.status);
        let phone = patch.phone.map(|p| errors.text("phone", p));
        let notes = patch.notes.map(|n| errors.text("notes", n));
        let close_date = patch.close_date.map(|d| errors.date("close_date", d));
        let custom_fields = self
            .custom_fields
            .changed_by(cx, Self::KIND, &mut errors, patch.custom_fields)
            .await?;
        errors.into_result(())?;
        self.name.assign(name);
        self.amount.assign(patch.amount);
        self.status.assign(status);
        self.phone.assign(phone);
        self.notes.assign(notes);
        self.close_date.assign(close_date);
        self.is_active.assign(patch.is_active);
        restage::<DealBoard>(cx, self, patch.pipeline_id, patch.stage_id).await?;
        let lists = [patch.users, patch.clients, patch.sources, patch.products, patch.labels];
        set_links(cx, self, LINKS.into_iter().zip(lists)).await?;
        self.custom_fields.assign(custom_fields);
        Ok(())
    }

    fn search_text(&self) -> String {
        format!(
            "{} {} {}",
            self.name,
            self.phone.as_deref().unwrap_or(""),
            self.notes.as_deref().unwrap_or("")
        )
    }

    /// Its tasks, calls, e-mails, discussions and files go with it.
    fn changes(before: Option<&Self>, after: &Self) -> Vec<Event> {
        let Some(before) = before else {
            return Vec::new();
        };
        let mut events = Vec::new();
        if before.stage_id != after.stage_id {
            let moved = DealStageChanged {
                deal: after,
                from_stage_id: before.stage_id,
                to_stage_id: after.stage_id,
            };
            events.push(Event::new(DEAL_STAGE_CHANGED.name, json!(moved)));
        }
        if before.status != after.status {
            let moved = DealStatusChanged {
                deal: after,
                from_status: before.status,
                to_status: after.status,
            };
            events.push(Event::new(DEAL_STATUS_CHANGED.name, json!(moved)));
        }
        events
    }
}

impl Staged for Deal {
    type Board = DealBoard;
    fn pipeline_id(&self) -> Id<Pipeline> {
        self.pipeline_id
    }
    fn stage_id(&self) -> Id<Stage<DealBoard>> {
        self.stage_id
    }
    fn order(&self) -> u64 {
        self.order
    }
    fn place(&mut self, pipeline: Id<Pipeline>, stage: Id<Stage<Self::Board>>, order: u64) {
        self.pipeline_id = pipeline;
        self.stage_id = stage;
        self.order = order;
    }
}

impl Linked for Deal {
    fn links(&self, link: Link) -> &[u64] {
        match link {
            Link::Users => &self.users,
            Link::Clients => &self.clients,
            Link::Sources => &self.sources,
            Link::Products => &self.products,
            Link::Labels => &self.labels,
        }
    }
    fn links_mut(&mut self, link: Link) -> &mut Vec<u64> {
        match link {
            Link::Users => &mut self.users,
            Link::Clients => &mut self.clients,
            Link::Sources => &mut self.sources,
            Link::Products => &mut self.products,
            Link::Labels => &mut self.labels,
        }
    }
}

/// A deal stage named `stage` (case-insensitive) or numbered `stage` on `pipeline_id`'s board:
/// the spec's `PATCH /api/v1/deals/{id}` sends a stage by name.
pub async fn stage_by_name_or_id(cx: Cx<'_>, pipeline_id: Id<Pipeline>, stage: &str) -> Result<u64, ApiError> {
    let stages = crate::pipelines::stages_of::<DealBoard>(cx, pipeline_id).await?;
    let wanted = stage.trim();
    let found: Option<&Stage<DealBoard>> = stages
        .iter()
        .find(|s| s.name.eq_ignore_ascii_case(wanted) || wanted.parse::<u64>().is_ok_and(|id| id == s.meta.id));
    found.map(|s| s.meta.id).ok_or_else(|| {
        let names: Vec<&str> = stages.iter().map(|s| s.name.as_str()).collect();
        ApiError::invalid(
            "stage",
            format!(
                "`{wanted}` is not a stage of this deal's pipeline; use one of: {}.",
                names.join(", ")
            ),
        )
    })
}

/// Body of `POST /api/lead/convert-to-deal/{id}`.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[schemars(example = serde_json::json!({"amount": 12500, "client_id": 4}))]
pub struct ConvertIn {
    /// The deal's name; defaults to the lead's.
    pub name: Option<Text<190>>,
    /// The deal's amount; defaults to 0.
    #[schemars(transform = shared::money::at_least_zero)]
    pub amount: Option<Money>,
    /// A client user of the workspace the deal is for.
    #[schemars(transform = shared::http::schema::id)]
    pub client_id: Option<u64>,
    /// A deal stage of the lead's pipeline; defaults to the first.
    #[schemars(transform = shared::http::schema::id)]
    pub stage_id: Option<u64>,
}

/// Converts lead `id` into a deal in the same pipeline with its users, sources, products, labels,
/// phone and notes, and marks the lead converted. Once only: again is 409 `invalid_transition`.
pub async fn convert(cx: Cx<'_>, id: u64, input: ConvertIn) -> Result<(Lead, Deal), ApiError> {
    let lead = ops::load::<Lead>(cx, id).await?;
    if let Some(deal_id) = lead.converted_deal_id {
        return Err(ApiError::invalid_transition(format!(
            "The lead was already converted into deal {deal_id}."
        )));
    }
    let mut errors = FieldErrors::default();
    let name = errors.text("name", input.name);
    if input.amount.is_some_and(Money::is_negative) {
        errors.add("amount", "The amount must not be negative.");
    }
    errors.into_result(())?;
    let stage = stage_in_pipeline::<DealBoard>(cx, lead.pipeline_id, input.stage_id).await?;
    let clients = match input.client_id {
        Some(client) => check_links(cx, Link::Clients, vec![client], lead.pipeline_id).await?,
        None => Vec::new(),
    };
    let deal_id = ops::reserve_id::<Deal>(cx).await?;
    let order = next_order::<DealBoard>(cx, Id::of(&stage)).await?;
    let mut deal = Deal::new(
        name.unwrap_or_else(|| lead.name.clone()),
        input.amount.unwrap_or(Money::ZERO),
        &stage,
        order,
    );
    deal.meta.id = deal_id;
    deal.phone = lead.phone.clone();
    deal.notes = lead.notes.clone();
    deal.users = lead.users.clone();
    deal.clients = clients;
    deal.sources = lead.sources.clone();
    deal.products = lead.products.clone();
    deal.labels = lead.labels.clone();
    deal.lead_id = Some(lead.meta.id);
    // The lead's change commits with the deal: its version condition makes a second, concurrent
    // conversion fail instead of creating a second deal.
    let mut lead_after = lead.clone();
    lead_after.converted_deal_id = Some(deal_id);
    let mut extra = ops::change_writes(cx, &lead, &mut lead_after)?;
    let converted = crate::leads::LeadConverted {
        lead: &lead_after,
        deal_id,
    };
    extra.push(ops::raw_event_write(
        cx,
        crate::leads::LEAD_CONVERTED.name,
        json!(converted),
    ));
    let deal = ops::insert_built::<Deal>(cx, deal, extra).await?;
    Ok((lead_after, deal))
}

/// The answer to a conversion.
#[derive(Debug, Serialize, JsonSchema)]
#[schemars(rename = "LeadConversion")]
pub struct Converted {
    pub lead: Lead,
    pub deal: Deal,
}

/// `POST /api/lead/convert-to-deal/{id}` → 201 with the lead and its new deal.
pub async fn convert_lead(
    caller: Caller,
    ValidPath(id): ValidPath<u64>,
    body: Option<ValidJson<ConvertIn>>,
) -> Result<(StatusCode, Json<Converted>), ApiError> {
    let input = body.map(|ValidJson(b)| b).unwrap_or_default();
    let (lead, deal) = convert(caller.cx(), id, input).await?;
    Ok((StatusCode::CREATED, Json(Converted { lead, deal })))
}
