//! The sales pipeline (the Sales add-on): opportunities, possible sales to a customer moving
//! through stages, and the meetings held about them. An opportunity with meetings is not deleted
//! (409 `in_use`: delete its meetings first).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use shared::auth::Module;
use shared::domain::{Date, Text};
use shared::http::{ApiError, FieldErrors};
use shared::money::Money;
use shared::resource::example;
use shared::resource::index::{IndexValue, Sum};
use shared::resource::{ops, Assign, Cx, Filter, Lists, Meta, Ref, Resource, Sort};

use accounting::documents;
use accounting::parties::Customer;

shared::choice! {
    /// Where an opportunity stands; the last two close it.
    pub enum OpportunityStage {
        Prospecting = "prospecting",
        Qualification = "qualification",
        Proposal = "proposal",
        Negotiation = "negotiation",
        ClosedWon = "closed_won",
        ClosedLost = "closed_lost",
    }
}

/// A possible sale.
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
pub struct Opportunity {
    #[serde(flatten)]
    pub meta: Meta,
    pub name: String,
    /// The customer (accounting) it would sell to.
    pub customer_id: Option<u64>,
    /// What it would bring, at least 0.
    pub amount: Money,
    pub stage: OpportunityStage,
    /// Chance of winning it, in percent.
    pub probability: Option<u8>,
    pub close_date: Option<Date>,
    pub description: Option<String>,
}

/// Body of `POST /api/sales/opportunitity/store` (the catalogue's spelling).
#[derive(Debug, Deserialize, JsonSchema)]
pub struct OpportunityIn {
    #[schemars(required)]
    pub name: Option<Text<190>>,
    #[schemars(transform = shared::http::schema::id)]
    pub customer_id: Option<u64>,
    /// At least 0; defaults to 0.
    #[schemars(transform = shared::money::at_least_zero)]
    pub amount: Option<Money>,
    /// Defaults to `prospecting`.
    pub stage: Option<OpportunityStage>,
    #[schemars(range(min = 0, max = 100))]
    pub probability: Option<u8>,
    #[schemars(transform = shared::http::schema::date)]
    pub close_date: Option<String>,
    pub description: Option<Text<2000>>,
}

/// Body of `POST /api/sales/opportunities/update/{id}`: absent fields stay; `null` clears an
/// optional one.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(transform = shared::resource::patch_schema)]
pub struct OpportunityPatch {
    pub name: Option<Text<190>>,
    #[schemars(transform = shared::http::schema::id)]
    #[serde(default, with = "shared::resource::Clearable::<u64>")]
    pub customer_id: Option<Option<u64>>,
    #[schemars(transform = shared::money::at_least_zero)]
    pub amount: Option<Money>,
    pub stage: Option<OpportunityStage>,
    #[schemars(range(min = 0, max = 100))]
    #[serde(default, with = "shared::resource::Clearable::<u8>")]
    pub probability: Option<Option<u8>>,
    #[schemars(transform = shared::http::schema::date)]
    #[serde(default, with = "shared::resource::Clearable::<String>")]
    pub close_date: Option<Option<String>>,
    #[serde(default, with = "shared::resource::Clearable::<Text<2000>>")]
    pub description: Option<Option<Text<2000>>>,
}

/// `?stage=` and `?customer_id=` on the list.
#[derive(Debug, Default, Serialize, Deserialize, JsonSchema)]
pub struct OpportunityFilters {
    pub stage: Option<OpportunityStage>,
    pub customer_id: Option<u64>,
}

fn percent(errors: &mut FieldErrors, field: &str, value: Option<u8>) -> Option<u8> {
    match value {
        Some(p) if p > 100 => {
            errors.add(field, "A percentage from 0 to 100.");
            None
        }
        other => other,
    }
}

impl Resource for Opportunity {
    fn example() -> Option<serde_json::Value> {
        Some(serde_json::json!({
            "name": "Northwind showroom lighting", "customer_id": example::id_of::<accounting::parties::Customer>(), "amount": 18500,
            "stage": "qualification", "probability": 40, "close_date": "2026-06-30",
            "description": "New lighting for the Lyon showroom; budget approved for Q2."
        }))
    }

    fn example_update() -> Option<serde_json::Value> {
        Some(serde_json::json!({"stage": "proposal", "probability": 60, "amount": 19200}))
    }

    const KIND: &'static str = "sales_opportunity";
    const NAME: &'static str = "Opportunity";
    const MODULE: Module = Module::Sales;
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[
            Sort::new("name", |o| IndexValue::text(&o.name)),
            Sort::new("amount", |o| IndexValue::money(o.amount.decimal())),
        ],
        filters: &[
            Filter::<Self>::one("stage", |o| IndexValue::text(o.stage.as_str())),
            Filter::<Self>::one("customer_id", |o| IndexValue::id(o.customer_id.unwrap_or_default())),
        ],
        // The sales home's amounts per stage.
        sums: &[Sum::new("amount", |o| o.amount.cents())],
    };
    const REFS: &'static [Ref<Self>] = &[Ref::to(<Customer as Resource>::KIND, |o| {
        o.customer_id.into_iter().collect()
    })];
    type In = OpportunityIn;
    type Patch = OpportunityPatch;
    type Out = Opportunity;
    type Filters = OpportunityFilters;
    shared::meta_field!();

    async fn build(cx: Cx<'_>, input: OpportunityIn) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let name = errors.required_text("name", input.name);
        let amount = errors.not_negative("amount", input.amount);
        let probability = percent(&mut errors, "probability", input.probability);
        let close_date = errors.date("close_date", input.close_date);
        let description = errors.text("description", input.description);
        documents::check_party::<Customer>(cx, &mut errors, "customer_id", input.customer_id).await?;
        let name = errors.finish(name)?;
        Ok(Self {
            meta: Meta::default(),
            name,
            customer_id: input.customer_id,
            amount: amount.unwrap_or(Money::ZERO),
            stage: input.stage.unwrap_or(OpportunityStage::Prospecting),
            probability,
            close_date,
            description,
        })
    }

    async fn apply(&mut self, cx: Cx<'_>, patch: OpportunityPatch) -> Result<(), ApiError> {
        let mut errors = FieldErrors::default();
        let name = errors.text("name", patch.name);
        let amount = errors.not_negative("amount", patch.amount);
        let probability = patch.probability.map(|p| percent(&mut errors, "probability", p));
        let close_date = patch.close_date.map(|d| errors.date("close_date", d));
        let description = patch.description.map(|d| errors.text("description", d));
        let customer_id = patch.customer_id.flatten();
        documents::check_party::<Customer>(cx, &mut errors, "customer_id", customer_id).await?;
        errors.into_result(())?;
        self.name.assign(name);
        self.customer_id.assign(patch.customer_id);
        self.amount.assign(amount);
        self.stage.assign(patch.stage);
        self.probability.assign(probability);
        self.close_date.assign(close_date);
        self.description.assign(description);
        Ok(())
    }

    fn search_text(&self) -> String {
        self.name.clone()
    }
}

shared::choice! {
    /// Whether a meeting took place.
    pub enum MeetingStatus {
        Planned = "planned",
        Held = "held",
        Cancelled = "cancelled",
    }
}

/// A meeting with a customer, about an opportunity or not.
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
pub struct Meeting {
    #[serde(flatten)]
    pub meta: Meta,
    pub subject: String,
    pub opportunity_id: Option<u64>,
    pub date: Date,
    /// How long it lasts, from 1 minute to a day.
    pub duration_minutes: Option<u16>,
    pub location: Option<String>,
    pub status: MeetingStatus,
    pub description: Option<String>,
}

/// Body of `POST /api/sales/meeting/store`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct MeetingIn {
    #[schemars(required)]
    pub subject: Option<Text<190>>,
    #[schemars(transform = shared::http::schema::id)]
    pub opportunity_id: Option<u64>,
    #[schemars(required, transform = shared::http::schema::date)]
    pub date: Option<String>,
    #[schemars(range(min = 1, max = 1440))]
    pub duration_minutes: Option<u16>,
    pub location: Option<Text<200>>,
    /// Defaults to `planned`.
    pub status: Option<MeetingStatus>,
    pub description: Option<Text<2000>>,
}

/// Body of `POST /api/sales/meeting/update/{id}`: absent fields stay; `null` clears an optional
/// one.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(transform = shared::resource::patch_schema)]
pub struct MeetingPatch {
    pub subject: Option<Text<190>>,
    #[schemars(transform = shared::http::schema::id)]
    #[serde(default, with = "shared::resource::Clearable::<u64>")]
    pub opportunity_id: Option<Option<u64>>,
    #[schemars(transform = shared::http::schema::date)]
    pub date: Option<String>,
    #[schemars(range(min = 1, max = 1440))]
    #[serde(default, with = "shared::resource::Clearable::<u16>")]
    pub duration_minutes: Option<Option<u16>>,
    #[serde(default, with = "shared::resource::Clearable::<Text<200>>")]
    pub location: Option<Option<Text<200>>>,
    pub status: Option<MeetingStatus>,
    #[serde(default, with = "shared::resource::Clearable::<Text<2000>>")]
    pub description: Option<Option<Text<2000>>>,
}

/// `?opportunity_id=` and `?status=` on the list.
#[derive(Debug, Default, Serialize, Deserialize, JsonSchema)]
pub struct MeetingFilters {
    pub opportunity_id: Option<u64>,
    pub status: Option<MeetingStatus>,
}

fn duration(errors: &mut FieldErrors, value: Option<u16>) -> Option<u16> {
    match value {
        Some(m) if !(1..=1440).contains(&m) => {
            errors.add("duration_minutes", "From 1 to 1440 minutes.");
            None
        }
        other => other,
    }
}

/// The opportunity a body names in `opportunity_id` must exist and, when the body's record is a
/// customer's, be that customer's.
pub async fn check_opportunity(
    cx: Cx<'_>,
    errors: &mut FieldErrors,
    opportunity_id: Option<u64>,
    customer_id: Option<u64>,
) -> Result<(), ApiError> {
    let Some(id) = opportunity_id else { return Ok(()) };
    match ops::find::<Opportunity>(cx, id).await? {
        None => errors.add("opportunity_id", format!("No opportunity has id {id}.")),
        Some(found) => {
            if let (Some(theirs), Some(ours)) = (found.customer_id, customer_id) {
                if theirs != ours {
                    errors.add(
                        "opportunity_id",
                        format!("Opportunity {id} is for customer {theirs}, not customer {ours}."),
                    );
                }
            }
        }
    }
    Ok(())
}

impl Resource for Meeting {
    fn example() -> Option<serde_json::Value> {
        Some(serde_json::json!({
            "subject": "Showroom walkthrough", "opportunity_id": example::id_of::<crate::pipeline::Opportunity>(),
            "date": "2026-04-02", "duration_minutes": 60, "location": "Northwind showroom, Lyon",
            "description": "Measure the display areas and agree on the fittings."
        }))
    }

    fn example_update() -> Option<serde_json::Value> {
        Some(
            serde_json::json!({"status": "held", "description": "Display areas measured; fittings agreed, quote to follow."}),
        )
    }

    const KIND: &'static str = "sales_meeting";
    const NAME: &'static str = "Meeting";
    const MODULE: Module = Module::Sales;
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[
            Sort::new("date", |m| IndexValue::date(&m.date)),
            Sort::new("subject", |m| IndexValue::text(&m.subject)),
        ],
        filters: &[
            Filter::<Self>::one("opportunity_id", |m| {
                IndexValue::id(m.opportunity_id.unwrap_or_default())
            })
            .sorted_by(&["date"]),
            Filter::<Self>::one("status", |m| IndexValue::text(m.status.as_str())),
        ],
        sums: &[],
    };
    const REFS: &'static [Ref<Self>] = &[Ref::to(<Opportunity as Resource>::KIND, |m| {
        m.opportunity_id.into_iter().collect()
    })];
    type In = MeetingIn;
    type Patch = MeetingPatch;
    type Out = Meeting;
    type Filters = MeetingFilters;
    shared::meta_field!();

    async fn build(cx: Cx<'_>, input: MeetingIn) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let subject = errors.required_text("subject", input.subject);
        let date = errors.required("date", input.date);
        let date = errors.date("date", date);
        let duration_minutes = duration(&mut errors, input.duration_minutes);
        let location = errors.text("location", input.location);
        let description = errors.text("description", input.description);
        check_opportunity(cx, &mut errors, input.opportunity_id, None).await?;
        let (subject, date) = errors.finish((subject, date))?;
        Ok(Self {
            meta: Meta::default(),
            subject,
            opportunity_id: input.opportunity_id,
            date,
            duration_minutes,
            location,
            status: input.status.unwrap_or(MeetingStatus::Planned),
            description,
        })
    }

    async fn apply(&mut self, cx: Cx<'_>, patch: MeetingPatch) -> Result<(), ApiError> {
        let mut errors = FieldErrors::default();
        let subject = errors.text("subject", patch.subject);
        let date = errors.date("date", patch.date);
        let duration_minutes = patch.duration_minutes.map(|m| duration(&mut errors, m));
        let location = patch.location.map(|l| errors.text("location", l));
        let description = patch.description.map(|d| errors.text("description", d));
        check_opportunity(cx, &mut errors, patch.opportunity_id.flatten(), None).await?;
        errors.into_result(())?;
        self.subject.assign(subject);
        self.opportunity_id.assign(patch.opportunity_id);
        self.date.assign(date);
        self.duration_minutes.assign(duration_minutes);
        self.location.assign(location);
        self.status.assign(patch.status);
        self.description.assign(description);
        Ok(())
    }

    fn search_text(&self) -> String {
        format!("{} {}", self.subject, self.location.as_deref().unwrap_or_default())
    }
}
