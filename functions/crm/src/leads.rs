//! Leads: a prospect in a pipeline stage, with owner, users, sources, products and labels, until it
//! is converted into a deal (once: `deals::convert`).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::json;
use shared::auth::Module;
use shared::domain::{Date, Email, Text};
use shared::events::Event;
use shared::events::EventType;
use shared::http::{ApiError, FieldErrors};
use shared::resource::custom::{self, CustomValues, CustomValuesIn};
use shared::resource::{Assign, Cx, Events, Filter, Id, IndexValue, Lists, Meta, Ref, Resource, Sort};

use inventory::products::Product;

use crate::labels::{Label, Source};
use crate::links::{self, set_links, Link, Linked, MAX_LINKS};
use crate::pipelines::{next_order, place_new, restage, Board, Pipeline, Stage, Staged};

pub const LEAD_CREATED: EventType = EventType::new("lead.created", "A lead was created.").with_record::<Lead>();
pub const LEAD_UPDATED: EventType = EventType::new("lead.updated", "A lead was changed.").with_record::<Lead>();
pub const LEAD_DELETED: EventType = EventType::new("lead.deleted", "A lead was deleted.").with_record::<Lead>();
pub const LEAD_STAGE_CHANGED: EventType = EventType::new(
    "lead.stage_changed",
    "A lead moved to another stage (from_stage_id, to_stage_id).",
)
.with_data::<LeadStageChanged<'static>>();
pub const LEAD_CONVERTED: EventType = EventType::new("lead.converted", "A lead was converted into a deal (deal_id).")
    .with_data::<LeadConverted<'static>>();

/// The data of `lead.stage_changed`: the lead as it is now, and the
/// stages it moved between.
#[derive(Debug, Serialize, JsonSchema)]
pub struct LeadStageChanged<'a> {
    pub lead: &'a Lead,
    pub from_stage_id: Id<Stage<LeadBoard>>,
    pub to_stage_id: Id<Stage<LeadBoard>>,
}

/// The data of `lead.converted`: the lead as it is now (naming its deal),
/// and the deal it became.
#[derive(Debug, Serialize, JsonSchema)]
pub struct LeadConverted<'a> {
    pub lead: &'a Lead,
    pub deal_id: u64,
}

/// A prospect moving through a pipeline's lead stages.
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
pub struct Lead {
    #[serde(flatten)]
    pub meta: Meta,
    pub name: String,
    pub email: Email,
    pub subject: Option<String>,
    /// At most 20 characters.
    pub phone: Option<String>,
    /// The owner: a user of the workspace.
    pub user_id: Option<u64>,
    pub pipeline_id: Id<Pipeline>,
    pub stage_id: Id<Stage<LeadBoard>>,
    /// Position within its stage, from 1.
    pub order: u64,
    /// `YYYY-MM-DD`.
    pub follow_up_date: Option<Date>,
    pub notes: Option<String>,
    pub is_active: bool,
    /// Users working the lead.
    pub users: Vec<u64>,
    pub sources: Vec<u64>,
    pub products: Vec<u64>,
    pub labels: Vec<u64>,
    /// The deal it became; set once by `convert-to-deal`.
    pub converted_deal_id: Option<u64>,
    /// The workspace's own fields (its custom fields), by key.
    #[serde(default)]
    #[schemars(transform = shared::resource::custom::stored_schema)]
    pub custom_fields: CustomValues,
}

/// The lead board: its stages hold leads.
#[derive(Clone, Debug)]
pub struct LeadBoard;
impl Board for LeadBoard {
    const STAGE_KIND: &'static str = "crm_lead_stage";
    const STAGE_NAME: &'static str = "Lead stage";
    type Card = Lead;
}

/// Body of `POST /api/lead/create`: only `name` and `email` are required.
#[derive(Debug, Default, Deserialize, JsonSchema)]
pub struct LeadIn {
    #[schemars(required)]
    pub name: Option<Text<190>>,
    #[schemars(required, transform = shared::http::schema::email)]
    pub email: Option<String>,
    pub subject: Option<Text<190>>,
    pub phone: Option<ContactPhone>,
    /// Owner; defaults to the caller.
    #[schemars(transform = shared::http::schema::id)]
    pub user_id: Option<u64>,
    /// Defaults to the first pipeline.
    #[schemars(transform = shared::http::schema::id)]
    pub pipeline_id: Option<u64>,
    /// Defaults to the pipeline's first lead stage.
    #[schemars(transform = shared::http::schema::id)]
    pub stage_id: Option<u64>,
    #[schemars(transform = shared::http::schema::date)]
    pub follow_up_date: Option<String>,
    pub notes: Option<ContactNotes>,
    #[schemars(transform = shared::http::schema::ids_at_most::<MAX_LINKS>)]
    pub users: Option<Vec<u64>>,
    #[schemars(transform = shared::http::schema::ids_at_most::<MAX_LINKS>)]
    pub sources: Option<Vec<u64>>,
    #[schemars(transform = shared::http::schema::ids_at_most::<MAX_LINKS>)]
    pub products: Option<Vec<u64>>,
    #[schemars(transform = shared::http::schema::ids_at_most::<MAX_LINKS>)]
    pub labels: Option<Vec<u64>>,
    /// Values of the workspace's custom fields, by key (`GET /api/custom-fields`).
    pub custom_fields: Option<CustomValuesIn>,
}

/// Body of `POST /api/lead/update/{id}`: absent fields stay, `null` clears an optional one.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[schemars(transform = shared::resource::patch_schema)]
#[schemars(example = serde_json::json!({"stage_id": 3, "notes": "Call back on Monday", "phone": null}))]
pub struct LeadPatch {
    pub name: Option<Text<190>>,
    #[schemars(transform = shared::http::schema::email)]
    pub email: Option<String>,
    #[serde(default, with = "shared::resource::Clearable::<Text<190>>")]
    pub subject: Option<Option<Text<190>>>,
    #[serde(default, with = "shared::resource::Clearable::<crate::leads::ContactPhone>")]
    pub phone: Option<Option<ContactPhone>>,
    #[serde(default, with = "shared::resource::Clearable::<u64>")]
    #[schemars(transform = shared::http::schema::id)]
    pub user_id: Option<Option<u64>>,
    /// Moving to another pipeline puts the lead in `stage_id` or that pipeline's first stage.
    #[schemars(transform = shared::http::schema::id)]
    pub pipeline_id: Option<u64>,
    #[schemars(transform = shared::http::schema::id)]
    pub stage_id: Option<u64>,
    #[serde(default, with = "shared::resource::Clearable::<String>")]
    #[schemars(transform = shared::http::schema::date)]
    pub follow_up_date: Option<Option<String>>,
    #[serde(default, with = "shared::resource::Clearable::<crate::leads::ContactNotes>")]
    pub notes: Option<Option<ContactNotes>>,
    pub is_active: Option<bool>,
    #[schemars(transform = shared::http::schema::ids_at_most::<MAX_LINKS>)]
    pub users: Option<Vec<u64>>,
    #[schemars(transform = shared::http::schema::ids_at_most::<MAX_LINKS>)]
    pub sources: Option<Vec<u64>>,
    #[schemars(transform = shared::http::schema::ids_at_most::<MAX_LINKS>)]
    pub products: Option<Vec<u64>>,
    #[schemars(transform = shared::http::schema::ids_at_most::<MAX_LINKS>)]
    pub labels: Option<Vec<u64>>,
    /// Values of the workspace's custom fields, by key (`GET /api/custom-fields`).
    pub custom_fields: Option<CustomValuesIn>,
}

/// Filters of `GET /api/leads`.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
pub struct LeadFilters {
    pub pipeline_id: Option<u64>,
    pub stage_id: Option<u64>,
    /// The owner.
    pub user_id: Option<u64>,
    pub label_id: Option<u64>,
    pub source_id: Option<u64>,
    /// `true`: only converted leads; `false`: only open ones.
    pub converted: Option<bool>,
}

/// The phone number of a lead or deal, as their bodies take it.
pub(crate) type ContactPhone = Text<20>;
/// The notes of a lead or deal, as their bodies take them.
pub(crate) type ContactNotes = Text<5000>;

/// The text fields leads and deals share, checked alike.
pub(crate) struct Contactable {
    pub phone: Option<String>,
    pub notes: Option<String>,
    pub follow_up_date: Option<Date>,
}

pub(crate) fn check_contactable(
    errors: &mut FieldErrors,
    phone: Option<ContactPhone>,
    notes: Option<ContactNotes>,
    date_field: &str,
    date: Option<String>,
) -> Contactable {
    Contactable {
        phone: errors.text("phone", phone),
        notes: errors.text("notes", notes),
        follow_up_date: errors.date(date_field, date),
    }
}

/// The lists a lead body may set.
const LINKS: [Link; 4] = [Link::Users, Link::Sources, Link::Products, Link::Labels];

impl Lead {
    /// A new, checked lead at `order` of `stage`, with nothing else set.
    pub fn new(name: String, email: Email, stage: &Stage<LeadBoard>, order: u64) -> Self {
        Self {
            meta: Meta::default(),
            name,
            email,
            subject: None,
            phone: None,
            user_id: None,
            pipeline_id: stage.pipeline_id,
            stage_id: Id::of(stage),
            order,
            follow_up_date: None,
            notes: None,
            is_active: true,
            users: Vec::new(),
            sources: Vec::new(),
            products: Vec::new(),
            labels: Vec::new(),
            converted_deal_id: None,
            custom_fields: Default::default(),
        }
    }
}

impl Resource for Lead {
    fn example() -> Option<serde_json::Value> {
        Some(
            serde_json::json!({"name": "Dana Reyes", "email": "dana@example.com", "subject": "Website redesign", "pipeline_id": shared::resource::example::id_of::<crate::pipelines::Pipeline>(), "stage_id": shared::resource::example::id_of::<crate::pipelines::Stage<LeadBoard>>(), "user_id": shared::resource::example::user(), "labels": [shared::resource::example::id_of::<crate::labels::Label>()], "sources": [shared::resource::example::id_of::<crate::labels::Source>()], "follow_up_date": "2027-01-15"}),
        )
    }
    const KIND: &'static str = "crm_lead";
    const NAME: &'static str = "Lead";
    const MODULE: Module = Module::Crm;
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[
            Sort::new("name", |l| IndexValue::text(&l.name)),
            Sort::new("order", |l| {
                IndexValue::text(&format!("{:020}{:020}", l.stage_id, l.order))
            }),
            Sort::new("follow_up_date", |l| IndexValue::opt_date(l.follow_up_date.as_deref())),
        ],
        filters: &[
            Filter::<Self>::one("stage_id", |l| IndexValue::id(l.stage_id.get())).sorted_by(&["order", "name"]),
            Filter::many("label_id", |l| IndexValue::ids(&l.labels)),
            Filter::many("source_id", |l| IndexValue::ids(&l.sources)),
            Filter::one("user_id", |l| IndexValue::opt_id(l.user_id)),
            Filter::<Self>::one("pipeline_id", |l| IndexValue::id(l.pipeline_id.get()))
                .sorted_by(&["name", "follow_up_date"]),
            Filter::one("converted", |l| IndexValue::flag(l.converted_deal_id.is_some())),
            // The dashboard's converted leads per pipeline.
            Filter::one("pipeline_converted", |l| {
                IndexValue::text(&format!("{}-{}", l.pipeline_id, l.converted_deal_id.is_some()))
            }),
        ],
        sums: &[],
    };
    const REFS: &'static [Ref<Self>] = &[
        Ref::to(<Pipeline as Resource>::KIND, |l| vec![l.pipeline_id.get()]),
        Ref::to(LeadBoard::STAGE_KIND, |l| vec![l.stage_id.get()]),
        Ref::to(<Label as Resource>::KIND, |l| l.labels.clone()),
        Ref::to(<Source as Resource>::KIND, |l| l.sources.clone()),
        Ref::to(<Product as Resource>::KIND, |l| l.products.clone()),
    ];
    const EVENTS: Events = Events::all(LEAD_CREATED, LEAD_UPDATED, LEAD_DELETED);
    type In = LeadIn;
    type Patch = LeadPatch;
    type Out = Lead;
    type Filters = LeadFilters;

    shared::meta_field!();
    shared::custom_fields!();

    async fn build(cx: Cx<'_>, input: LeadIn) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let name = errors.required_text("name", input.name);
        let email = errors.required("email", input.email);
        let email = errors.email("email", email);
        let subject = errors.text("subject", input.subject);
        let fields = check_contactable(
            &mut errors,
            input.phone,
            input.notes,
            "follow_up_date",
            input.follow_up_date,
        );
        let custom_fields = custom::parse(cx, Self::KIND, &mut errors, None, input.custom_fields).await?;
        let (name, email) = errors.finish((name, email))?;
        let stage = place_new::<LeadBoard>(cx, input.pipeline_id, input.stage_id).await?;
        let owner = links::check_owner(cx, input.user_id.or(Some(cx.user_id))).await?;
        let order = next_order::<LeadBoard>(cx, Id::of(&stage)).await?;
        let mut lead = Self::new(name, email, &stage, order);
        lead.subject = subject;
        lead.phone = fields.phone;
        lead.user_id = owner;
        lead.follow_up_date = fields.follow_up_date;
        lead.notes = fields.notes;
        let lists = [input.users, input.sources, input.products, input.labels];
        set_links(cx, &mut lead, LINKS.into_iter().zip(lists)).await?;
        lead.custom_fields = custom_fields.unwrap_or_default();
        Ok(lead)
    }

    async fn apply(&mut self, cx: Cx<'_>, patch: LeadPatch) -> Result<(), ApiError> {
        let mut errors = FieldErrors::default();
        let name = errors.text("name", patch.name);
        let email = errors.email("email", patch.email);
        let subject = patch.subject.map(|s| errors.text("subject", s));
        let phone = patch.phone.map(|p| errors.text("phone", p));
        let notes = patch.notes.map(|n| errors.text("notes", n));
        let date = patch.follow_up_date.map(|d| errors.date("follow_up_date", d));
        let custom_fields = self
            .custom_fields
            .changed_by(cx, Self::KIND, &mut errors, patch.custom_fields)
            .await?;
        errors.into_result(())?;
        self.name.assign(name);
        self.email.assign(email);
        self.subject.assign(subject);
        self.phone.assign(phone);
        self.notes.assign(notes);
        self.follow_up_date.assign(date);
        self.is_active.assign(patch.is_active);
        if let Some(owner) = patch.user_id {
            self.user_id = links::check_owner(cx, owner).await?;
        }
        restage::<LeadBoard>(cx, self, patch.pipeline_id, patch.stage_id).await?;
        let lists = [patch.users, patch.sources, patch.products, patch.labels];
        set_links(cx, self, LINKS.into_iter().zip(lists)).await?;
        self.custom_fields.assign(custom_fields);
        Ok(())
    }

    fn search_text(&self) -> String {
        format!(
            "{} {} {} {}",
            self.name,
            self.email,
            self.subject.as_deref().unwrap_or(""),
            self.phone.as_deref().unwrap_or("")
        )
    }

    /// Its tasks, calls, e-mails, discussions and files go with it.
    fn changes(before: Option<&Self>, after: &Self) -> Vec<Event> {
        let Some(before) = before else {
            return Vec::new();
        };
        if before.stage_id == after.stage_id {
            return Vec::new();
        }
        let moved = LeadStageChanged {
            lead: after,
            from_stage_id: before.stage_id,
            to_stage_id: after.stage_id,
        };
        vec![Event::new(LEAD_STAGE_CHANGED.name, json!(moved))]
    }
}

impl Staged for Lead {
    type Board = LeadBoard;
    fn pipeline_id(&self) -> Id<Pipeline> {
        self.pipeline_id
    }
    fn stage_id(&self) -> Id<Stage<LeadBoard>> {
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

impl Linked for Lead {
    fn links(&self, link: Link) -> &[u64] {
        match link {
            Link::Users => &self.users,
            Link::Sources => &self.sources,
            Link::Products => &self.products,
            Link::Labels => &self.labels,
            Link::Clients => &[],
        }
    }
    fn links_mut(&mut self, link: Link) -> &mut Vec<u64> {
        match link {
            Link::Users => &mut self.users,
            Link::Sources => &mut self.sources,
            Link::Products => &mut self.products,
            Link::Labels | Link::Clients => &mut self.labels,
        }
    }
}
