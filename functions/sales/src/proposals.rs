//! Sales proposals: priced offers to a customer, `draft -sent→ sent -accept→ accepted` or
//! `-reject→ rejected`; an accepted one converts, once, into a draft sales invoice of the same
//! lines. A converted proposal is no longer changed or deleted. Numbers (`PROP-000001`) come
//! from the workspace's `proposal` series in the transaction that stores it.
//!
//! Converting commits the invoice and the proposal's change (conditioned on the version read) in
//! one transaction: of two concurrent converts one creates the invoice and the other is 409 and
//! writes nothing. The invoice is a draft, numbered only when posted.

use axum::http::StatusCode;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::json;
use shared::auth::Module;
use shared::domain::Date;
use shared::events::{Event, EventType};
use shared::handlers::Caller;
use shared::http::Json;
use shared::http::{ApiError, FieldErrors, ValidPath};
use shared::resource::example;
use shared::resource::index::{IndexValue, Sum};
use shared::resource::numbering::{self, Series};
use shared::resource::{ops, Assign, Cx, Events, Filter, Lists, Meta, Ref, Resource, Sort};
use shared::store::Write;

use accounting::documents::{self, HeadIn, Line, LineIn, PriceList, Totals};
use accounting::parties::Customer;
use accounting::sales_invoices::{self, Draft, InvoiceType, SalesInvoice};
use inventory::warehouses::Warehouse;

pub const PROPOSAL_CREATED: EventType =
    EventType::new("proposal.created", "A sales proposal was created (a draft).").with_record::<Proposal>();
pub const PROPOSAL_ACCEPTED: EventType =
    EventType::new("proposal.accepted", "The customer accepted a sales proposal.").with_data::<Proposal>();
pub const PROPOSAL_REJECTED: EventType =
    EventType::new("proposal.rejected", "The customer rejected a sales proposal.").with_data::<Proposal>();

shared::choice! {
    /// Where a proposal stands.
    pub enum ProposalStatus {
        Draft = "draft",
        Sent = "sent",
        Accepted = "accepted",
        Rejected = "rejected",
    }
}

/// An offer to a customer.
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
pub struct Proposal {
    #[serde(flatten)]
    pub meta: Meta,
    /// From the workspace's `proposal` number series (`PROP-000001`), given when it is stored:
    /// one unbroken sequence.
    pub proposal_number: String,
    pub proposal_date: Date,
    /// Until when the offer holds.
    pub due_date: Date,
    pub customer_id: u64,
    /// Where its products would leave from; required when a line is a product.
    pub warehouse_id: Option<u64>,
    pub items: Vec<Line>,
    #[serde(flatten)]
    pub totals: Totals,
    pub payment_terms: Option<String>,
    pub notes: Option<String>,
    pub status: ProposalStatus,
    /// Set once, by `convert-to-invoice`.
    pub converted_to_invoice: bool,
    /// The draft invoice it became.
    pub invoice_id: Option<u64>,
}

/// Body of `POST /api/sales-proposal/create`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ProposalIn {
    /// Defaults to today.
    #[schemars(transform = shared::http::schema::date)]
    pub proposal_date: Option<String>,
    /// Not before the proposal date; defaults to it.
    #[schemars(transform = shared::http::schema::date)]
    pub due_date: Option<String>,
    #[schemars(required, transform = shared::http::schema::id)]
    pub customer_id: Option<u64>,
    /// An active warehouse; required when a line is a product.
    #[schemars(transform = shared::http::schema::id)]
    pub warehouse_id: Option<u64>,
    /// From 1 to 1,000 lines.
    #[schemars(required, length(min = 1, max = accounting::documents::MAX_LINES))]
    pub items: Option<Vec<LineIn>>,
    pub payment_terms: Option<accounting::documents::PaymentTerms>,
    pub notes: Option<accounting::documents::DocumentNotes>,
}

/// Body of `POST /api/sales-proposal/update/{proposal_id}` (until converted): absent fields
/// stay; `null` clears an optional one (`warehouse_id` only while no line is a stocked
/// product); `items` replaces every line.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(transform = shared::resource::patch_schema)]
pub struct ProposalPatch {
    #[schemars(transform = shared::http::schema::date)]
    pub proposal_date: Option<String>,
    #[schemars(transform = shared::http::schema::date)]
    pub due_date: Option<String>,
    #[schemars(transform = shared::http::schema::id)]
    pub customer_id: Option<u64>,
    #[schemars(transform = shared::http::schema::id)]
    #[serde(default, with = "shared::resource::Clearable::<u64>")]
    pub warehouse_id: Option<Option<u64>>,
    /// Replaces every line: from 1 to 1,000.
    #[schemars(length(min = 1, max = accounting::documents::MAX_LINES))]
    pub items: Option<Vec<LineIn>>,
    #[serde(default, with = "shared::resource::Clearable::<accounting::documents::PaymentTerms>")]
    pub payment_terms: Option<Option<accounting::documents::PaymentTerms>>,
    #[serde(
        default,
        with = "shared::resource::Clearable::<accounting::documents::DocumentNotes>"
    )]
    pub notes: Option<Option<accounting::documents::DocumentNotes>>,
}

/// `?status=` and `?customer_id=` on the list.
#[derive(Debug, Default, Serialize, Deserialize, JsonSchema)]
pub struct ProposalFilters {
    pub status: Option<ProposalStatus>,
    pub customer_id: Option<u64>,
}

impl Resource for Proposal {
    fn example() -> Option<serde_json::Value> {
        Some(serde_json::json!({
            "customer_id": example::id_of::<accounting::parties::Customer>(), "warehouse_id": example::id_of::<inventory::warehouses::Warehouse>(),
            "proposal_date": "2026-04-03", "due_date": "2026-04-17", "payment_terms": "50% on order, 50% on delivery",
            "notes": "Includes installation in the showroom.",
            "items": [{"product_id": example::id_of::<inventory::products::Product>(), "quantity": 12, "discount_percentage": 5}]
        }))
    }

    fn example_update() -> Option<serde_json::Value> {
        Some(
            serde_json::json!({"due_date": "2026-04-30", "notes": "Includes installation in the showroom; offer extended to the end of April."}),
        )
    }

    const KIND: &'static str = "sales_proposal";
    const NAME: &'static str = "Sales proposal";
    const MODULE: Module = Module::Sales;
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[
            Sort::new("proposal_date", |p| IndexValue::date(&p.proposal_date)),
            Sort::new("due_date", |p| IndexValue::date(&p.due_date)),
            Sort::new("total_amount", |p| IndexValue::money(p.totals.total_amount.decimal())),
        ],
        filters: &[
            Filter::<Self>::one("status", |p| IndexValue::text(p.status.as_str())).sorted_by(&["due_date"]),
            Filter::<Self>::one("customer_id", |p| IndexValue::id(p.customer_id)),
        ],
        // The sales home's totals per status.
        sums: &[Sum::new("total_amount", |p| p.totals.total_amount.cents())],
    };
    const REFS: &'static [Ref<Self>] = &[
        Ref::to(<Customer as Resource>::KIND, |p| vec![p.customer_id]),
        Ref::to(<Warehouse as Resource>::KIND, |p| p.warehouse_id.into_iter().collect()),
    ];
    const EVENTS: Events = Events {
        created: Some(PROPOSAL_CREATED),
        updated: None,
        deleted: None,
    };
    type In = ProposalIn;
    type Patch = ProposalPatch;
    type Out = Proposal;
    type Filters = ProposalFilters;
    const SERIES: Option<&'static Series> = Some(&numbering::PROPOSAL);
    shared::meta_field!();

    fn set_number(&mut self, number: String) {
        self.proposal_number = number;
    }

    async fn build(cx: Cx<'_>, input: ProposalIn) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let customer_id = errors.required("customer_id", input.customer_id);
        let head = HeadIn {
            date: input.proposal_date,
            due_date: input.due_date,
            party_id: customer_id,
            warehouse_id: input.warehouse_id,
            items: errors.required("items", input.items),
            payment_terms: input.payment_terms,
            notes: input.notes,
        }
        .check::<Customer>(cx, &mut errors, ["proposal_date", "customer_id"], PriceList::Sale)
        .await?;
        let (proposal_date, due_date) = head.dates(&mut errors, None);
        if let Some(items) = &head.items {
            sales_invoices::check_shipping(&mut errors, kind_of(items), items, input.warehouse_id);
        }
        let (customer_id, items) = errors.finish((customer_id, head.items))?;
        // The number comes with the transaction that stores it (`SERIES`).
        Ok(Self {
            meta: Meta::default(),
            proposal_number: String::new(),
            proposal_date,
            due_date,
            customer_id,
            warehouse_id: input.warehouse_id,
            totals: Totals::of(&items),
            items,
            payment_terms: head.payment_terms,
            notes: head.notes,
            status: ProposalStatus::Draft,
            converted_to_invoice: false,
            invoice_id: None,
        })
    }

    async fn apply(&mut self, cx: Cx<'_>, patch: ProposalPatch) -> Result<(), ApiError> {
        not_converted(self, "changed")?;
        let mut errors = FieldErrors::default();
        let head = HeadIn {
            date: patch.proposal_date,
            due_date: patch.due_date,
            party_id: patch.customer_id,
            warehouse_id: patch.warehouse_id.flatten(),
            items: patch.items,
            payment_terms: patch.payment_terms.clone().flatten(),
            notes: patch.notes.clone().flatten(),
        }
        .check::<Customer>(cx, &mut errors, ["proposal_date", "customer_id"], PriceList::Sale)
        .await?;
        let warehouse_id = patch.warehouse_id.unwrap_or(self.warehouse_id);
        let lines = head.items.as_ref().unwrap_or(&self.items);
        // A warehouse cleared while a line keeps stock is refused here, as one left out on create.
        sales_invoices::check_shipping(&mut errors, kind_of(lines), lines, warehouse_id);
        head.dates(&mut errors, Some((&self.proposal_date, &self.due_date)));
        errors.into_result(())?;
        self.proposal_date.assign(head.date);
        self.due_date.assign(head.due_date);
        self.customer_id.assign(patch.customer_id);
        self.warehouse_id = warehouse_id;
        self.payment_terms.assign(shared::resource::patch::patched(
            &patch.payment_terms,
            head.payment_terms,
        ));
        self.notes
            .assign(shared::resource::patch::patched(&patch.notes, head.notes));
        if let Some(items) = head.items {
            self.totals = Totals::of(&items);
            self.items = items;
        }
        Ok(())
    }

    fn search_text(&self) -> String {
        format!("{} {}", self.proposal_number, self.notes.as_deref().unwrap_or_default())
    }

    fn changes(before: Option<&Self>, after: &Self) -> Vec<Event> {
        let Some(before) = before else {
            return Vec::new();
        };
        let event = match (before.status, after.status) {
            (ProposalStatus::Sent, ProposalStatus::Accepted) => PROPOSAL_ACCEPTED,
            (ProposalStatus::Sent, ProposalStatus::Rejected) => PROPOSAL_REJECTED,
            _ => return Vec::new(),
        };
        vec![Event::new(event.name, json!(after))]
    }

    async fn before_delete(&self, _cx: Cx<'_>) -> Result<Vec<Write>, ApiError> {
        not_converted(self, "deleted")?;
        Ok(Vec::new())
    }
}

/// A proposal that sells stocked products becomes a product invoice, else a service one.
fn kind_of(items: &[Line]) -> InvoiceType {
    match documents::stocked_units(items).is_empty() {
        true => InvoiceType::Service,
        false => InvoiceType::Product,
    }
}

fn not_converted(proposal: &Proposal, action: &str) -> Result<(), ApiError> {
    match proposal.invoice_id {
        None => Ok(()),
        Some(invoice) => Err(ApiError::invalid_transition(format!(
            "{} became invoice {invoice}: it can no longer be {action}.",
            proposal.proposal_number
        ))),
    }
}

/// `from → to`, or 409 `invalid_transition`.
pub async fn advance(cx: Cx<'_>, id: u64, from: ProposalStatus, to: ProposalStatus) -> Result<Proposal, ApiError> {
    let current = ops::load::<Proposal>(cx, id).await?;
    if current.status != from {
        return Err(ApiError::invalid_transition(format!(
            "Only a {} proposal can become {}; this one is {}.",
            from.as_str(),
            to.as_str(),
            current.status.as_str()
        )));
    }
    let mut after = current.clone();
    after.status = to;
    ops::save(cx, &current, after, Vec::new()).await
}

/// `POST /api/sales-proposal/sent/{proposal_id}`: `draft → sent`.
pub async fn send(caller: Caller, ValidPath(id): ValidPath<u64>) -> Result<Json<Proposal>, ApiError> {
    let sent = advance(caller.cx(), id, ProposalStatus::Draft, ProposalStatus::Sent).await?;
    Ok(Json(sent))
}

/// `POST /api/sales-proposal/accept/{proposal_id}`: `sent → accepted`.
pub async fn accept(caller: Caller, ValidPath(id): ValidPath<u64>) -> Result<Json<Proposal>, ApiError> {
    let accepted = advance(caller.cx(), id, ProposalStatus::Sent, ProposalStatus::Accepted).await?;
    Ok(Json(accepted))
}

/// `POST /api/sales-proposal/reject/{proposal_id}`: `sent → rejected`.
pub async fn reject(caller: Caller, ValidPath(id): ValidPath<u64>) -> Result<Json<Proposal>, ApiError> {
    let rejected = advance(caller.cx(), id, ProposalStatus::Sent, ProposalStatus::Rejected).await?;
    Ok(Json(rejected))
}

/// What `convert-to-invoice` answers: the draft invoice and the proposal, as they are after it.
#[derive(Debug, Serialize, JsonSchema)]
#[schemars(rename = "ProposalConversion")]
pub struct Converted {
    pub invoice: SalesInvoice,
    pub proposal: Proposal,
}

/// `POST /api/sales-proposal/convert-to-invoice/{proposal_id}`.
pub async fn convert(caller: Caller, ValidPath(id): ValidPath<u64>) -> Result<(StatusCode, Json<Converted>), ApiError> {
    Ok((StatusCode::CREATED, Json(convert_to_invoice(caller.cx(), id).await?)))
}

/// An accepted proposal becomes a draft invoice of its lines (dated today, due on the
/// proposal's due date or today), once.
pub async fn convert_to_invoice(cx: Cx<'_>, id: u64) -> Result<Converted, ApiError> {
    let current = ops::load::<Proposal>(cx, id).await?;
    not_converted(&current, "converted again")?;
    if current.status != ProposalStatus::Accepted {
        return Err(ApiError::invalid_transition(format!(
            "Only an accepted proposal becomes an invoice; this one is {}.",
            current.status.as_str()
        )));
    }
    let today = Date::today();
    let due_date = match current.due_date.naive() < today.naive() {
        true => today.clone(),
        false => current.due_date.clone(),
    };
    let invoice_id = ops::reserve_id::<SalesInvoice>(cx).await?;
    let mut invoice = SalesInvoice::draft(
        invoice_id,
        Draft {
            invoice_date: today,
            due_date,
            customer_id: current.customer_id,
            warehouse_id: current.warehouse_id,
            kind: kind_of(&current.items),
            items: current.items.clone(),
            payment_terms: current.payment_terms.clone(),
            notes: current.notes.clone(),
            recurrence: None,
            agent: None,
        },
    );
    let invoice_writes = ops::prepare(cx, &mut invoice)?;
    let mut after = current.clone();
    after.converted_to_invoice = true;
    after.invoice_id = Some(invoice_id);
    // Conditioned on the version read: a concurrent convert (or change) makes this one 409.
    let proposal = ops::save(cx, &current, after, invoice_writes).await?;
    Ok(Converted { invoice, proposal })
}
