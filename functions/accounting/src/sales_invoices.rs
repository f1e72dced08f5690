//! Sales invoices: `draft -post→ posted → partially_paid → paid`, the receivable side of
//! [`crate::purchases`]. The record and its posting live here, beside the customer payments and
//! credit notes that settle it ([`crate::payments`] is generic over the invoice it pays); the
//! sales module serves the `/api/sales-invoice` routes over them.
//!
//! Posting writes, in the one transaction of the state change (conditioned on the draft's
//! version, so a second post is 409 and writes nothing): the journal entry (debit receivables
//! 1100 for the total; credit product sales 4100 and service sales 4200 net of discount and
//! output VAT 2100 for the tax; for the products, debit cost of goods sold 5100 and credit
//! inventory 1200 at their purchase price) and the stock leaving the invoice's warehouse
//! (movements of reason `sale`; too little stock is 409 `insufficient_stock`).
//!
//! Numbers (`INV-000001`) come from the workspace's `sales_invoice` series when the invoice is
//! posted, in the posting's own commit: one unbroken sequence (`shared::resource::numbering`).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use shared::auth::Module;
use shared::domain::Date;
use shared::events::{Event, EventType};
use shared::handlers::Caller;
use shared::http::Json;
use shared::http::{ApiError, FieldErrors, ValidPath};
use shared::money::{Money, Percent};
use shared::resource::custom::{self, CustomValues, CustomValuesIn};
use shared::resource::example;
use shared::resource::index::{self, IndexValue, Sum};
use shared::resource::ledger::Posting;
use shared::resource::numbering::{self, Series};
use shared::resource::{ops, Assign, Cx, Events, Filter, Lists, Meta, Ref, Resource, Sort};
use shared::store::{Condition, Write};
use shared::time::now_rfc3339;
use shared::AppState;

use inventory::stock::Reason;
use inventory::warehouses::Warehouse;

use crate::agents;
use crate::documents::{self, HeadIn, InvoiceStatus, Line, LineIn, PriceList, Split, Totals};
use crate::invoices::{self, Invoice};
use crate::parties::Customer;
use crate::payments::Payable;
use crate::revenue;

pub const INVOICE_CREATED: EventType =
    EventType::new("invoice.created", "A sales invoice was created (a draft).").with_record::<SalesInvoice>();
pub const INVOICE_POSTED: EventType = EventType::new(
    "invoice.posted",
    "A sales invoice was posted: its journal entry and the stock it takes are written.",
)
.with_record::<SalesInvoice>();
pub const INVOICE_OVERDUE: EventType = EventType::new(
    "invoice.overdue",
    "A posted sales invoice passed its due date with a balance (when posted already past it, or the overdue job every 5 minutes); once per overdue episode.",
)
.with_record::<SalesInvoice>();
pub const INVOICE_PAID: EventType = EventType::new(
    "invoice.paid",
    "A sales invoice's balance reached zero (payments and credit notes); once per invoice.",
)
.with_record::<SalesInvoice>();

/// The GL accounts a sale posts to, by their stable codes ([`crate::seed::CHART`]).
pub const RECEIVABLE: &str = "1100";
pub const PRODUCT_SALES: &str = "4100";
pub const SERVICE_SALES: &str = "4200";
pub const OUTPUT_VAT: &str = "2100";
pub const COST_OF_GOODS: &str = "5100";

shared::choice! {
    /// What an invoice sells: a `service` invoice holds services only and needs no warehouse.
    pub enum InvoiceType {
        Product = "product",
        Service = "service",
    }
}

shared::choice! {
    /// How often a recurring invoice repeats (the revenue report reads it).
    pub enum Recurrence {
        Monthly = "monthly",
        Quarterly = "quarterly",
        Yearly = "yearly",
    }
}

/// An invoice to a customer.
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
pub struct SalesInvoice {
    #[serde(flatten)]
    pub meta: Meta,
    /// Given when it is posted, from the workspace's `sales_invoice` number series (`INV-000001`):
    /// one unbroken sequence of posted invoices. A draft has none, so a deleted draft leaves no gap.
    pub invoice_number: Option<String>,
    pub invoice_date: Date,
    pub due_date: Date,
    pub customer_id: u64,
    /// Where its products leave from; required when a line is a product.
    pub warehouse_id: Option<u64>,
    #[serde(rename = "type")]
    pub kind: InvoiceType,
    pub items: Vec<Line>,
    #[serde(flatten)]
    pub totals: Totals,
    /// Paid by the customer.
    pub paid_amount: Money,
    /// Taken off by credit notes applied to it.
    pub credit_note_applied: Money,
    /// `total_amount − paid_amount − credit_note_applied`.
    pub balance_amount: Money,
    pub payment_terms: Option<String>,
    pub notes: Option<String>,
    pub recurrence: Option<Recurrence>,
    pub status: InvoiceStatus,
    pub posted_at: Option<String>,
    pub journal_entry_id: Option<u64>,
    /// The sales agent credited with it.
    #[serde(default)]
    pub agent_id: Option<u64>,
    /// The agent's rate when credited.
    #[serde(default)]
    pub commission_rate: Option<Percent>,
    /// What the agent earns once it is paid: its amount net of tax at `commission_rate`.
    #[serde(default)]
    pub commission_amount: Money,
    /// When the agent's commission on it was paid out.
    #[serde(default)]
    pub commission_paid_at: Option<String>,
    /// The commission payout that paid it (`null` again when that payout is cancelled).
    #[serde(default)]
    pub commission_payout_id: Option<u64>,
    /// A posted recurring invoice whose amount the revenue report counts (added just after the
    /// posting; `false` until then).
    #[serde(default)]
    pub revenue_counted: bool,
    /// The workspace's own fields (its custom fields), by key.
    #[serde(default)]
    #[schemars(transform = shared::resource::custom::stored_schema)]
    pub custom_fields: CustomValues,
}

/// Body of `POST /api/sales-invoice/create`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct SalesInvoiceIn {
    /// Defaults to today.
    #[schemars(transform = shared::http::schema::date)]
    pub invoice_date: Option<String>,
    /// Not before the invoice date; defaults to it.
    #[schemars(transform = shared::http::schema::date)]
    pub due_date: Option<String>,
    #[schemars(required, transform = shared::http::schema::id)]
    pub customer_id: Option<u64>,
    /// An active warehouse; required when a line is a product.
    #[schemars(transform = shared::http::schema::id)]
    pub warehouse_id: Option<u64>,
    /// `product` (the default) or `service` (services only).
    #[serde(rename = "type")]
    pub kind: Option<InvoiceType>,
    /// From 1 to 1,000 lines (a posting moves their stock as one change).
    #[schemars(required, length(min = 1, max = crate::documents::MAX_LINES))]
    pub items: Option<Vec<LineIn>>,
    pub payment_terms: Option<crate::documents::PaymentTerms>,
    pub notes: Option<crate::documents::DocumentNotes>,
    /// Set on an invoice that repeats (a subscription).
    pub recurrence: Option<Recurrence>,
    /// An active sales agent, credited with it at their current rate.
    #[schemars(transform = shared::http::schema::id)]
    pub agent_id: Option<u64>,
    /// Values of the workspace's custom fields, by key (`GET /api/custom-fields`).
    pub custom_fields: Option<CustomValuesIn>,
}

/// Body of `POST /api/sales-invoice/update/{invoice_id}` (drafts only): absent fields stay;
/// `items` replaces every line; `recurrence: null` ends a recurrence.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(transform = shared::resource::patch_schema)]
pub struct SalesInvoicePatch {
    #[schemars(transform = shared::http::schema::date)]
    pub invoice_date: Option<String>,
    #[schemars(transform = shared::http::schema::date)]
    pub due_date: Option<String>,
    #[schemars(transform = shared::http::schema::id)]
    pub customer_id: Option<u64>,
    /// `null` leaves the draft without one (refused while a line is a product).
    #[schemars(transform = shared::http::schema::id)]
    #[serde(default, with = "shared::resource::Clearable::<u64>")]
    pub warehouse_id: Option<Option<u64>>,
    #[serde(rename = "type")]
    pub kind: Option<InvoiceType>,
    /// Replaces every line: from 1 to 1,000.
    #[schemars(length(min = 1, max = crate::documents::MAX_LINES))]
    pub items: Option<Vec<LineIn>>,
    #[serde(default, with = "shared::resource::Clearable::<crate::documents::PaymentTerms>")]
    pub payment_terms: Option<Option<crate::documents::PaymentTerms>>,
    #[serde(default, with = "shared::resource::Clearable::<crate::documents::DocumentNotes>")]
    pub notes: Option<Option<crate::documents::DocumentNotes>>,
    #[serde(default, with = "shared::resource::Clearable::<Recurrence>")]
    pub recurrence: Option<Option<Recurrence>>,
    /// An active sales agent (at their current rate); `null` credits none.
    #[serde(default, with = "shared::resource::Clearable::<u64>")]
    #[schemars(transform = shared::http::schema::id)]
    pub agent_id: Option<Option<u64>>,
    /// Values of the workspace's custom fields, by key (`GET /api/custom-fields`).
    pub custom_fields: Option<CustomValuesIn>,
}

/// `?status=` (`partial` is read as `partially_paid`), `?customer_id=` and `?commission_due=`
/// on the list.
#[derive(Debug, Default, Serialize, Deserialize, JsonSchema)]
pub struct SalesInvoiceFilters {
    pub status: Option<InvoiceStatus>,
    pub customer_id: Option<u64>,
    /// The paid invoices whose commission this sales agent is still owed.
    pub commission_due: Option<u64>,
}

impl Resource for SalesInvoice {
    fn example() -> Option<serde_json::Value> {
        Some(serde_json::json!({
            "customer_id": example::id_of::<crate::parties::Customer>(), "warehouse_id": example::id_of::<inventory::warehouses::Warehouse>(),
            "type": "product", "invoice_date": "2026-03-10", "due_date": "2026-04-09", "payment_terms": "Net 30",
            "notes": "Thank you for your order.",
            "items": [{"product_id": example::id_of::<inventory::products::Product>(), "quantity": 2, "unit_price": 49,
                "tax_ids": [example::id_of::<inventory::catalog::Tax>()]}]
        }))
    }

    fn example_update() -> Option<serde_json::Value> {
        Some(
            serde_json::json!({"due_date": "2026-04-24", "notes": "Thank you for your order. Payment by bank transfer, please."}),
        )
    }

    const KIND: &'static str = "sales_invoice";
    const NAME: &'static str = "Sales invoice";
    const MODULE: Module = Module::Sales;
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[
            Sort::new("invoice_date", |i| IndexValue::date(&i.invoice_date)),
            Sort::new("due_date", |i| IndexValue::date(&i.due_date)),
            Sort::new("total_amount", |i| IndexValue::money(i.totals.total_amount.decimal())),
        ],
        filters: &[
            Filter::<Self>::one("status", |i| IndexValue::text(i.status.as_str())).sorted_by(&["due_date"]),
            Filter::<Self>::one("customer_id", |i| IndexValue::id(i.customer_id)),
            Filter::<Self>::many("commission_due", |i| {
                i.commission_owed_to().map(IndexValue::id).into_iter().collect()
            }),
        ],
        // What is owed per status (the sales home's receivables), and to each agent.
        sums: &[
            Sum::new("balance_amount", |i| i.balance_amount.cents()),
            Sum::new("commission_amount", |i| i.commission_amount.cents()),
        ],
    };
    const REFS: &'static [Ref<Self>] = &[
        Ref::to(<Customer as Resource>::KIND, |i| vec![i.customer_id]),
        Ref::to(<Warehouse as Resource>::KIND, |i| i.warehouse_id.into_iter().collect()),
        Ref::to(<agents::SalesAgent as Resource>::KIND, |i| {
            i.agent_id.into_iter().collect()
        }),
    ];
    const EVENTS: Events = Events {
        created: Some(INVOICE_CREATED),
        updated: None,
        deleted: None,
    };
    type In = SalesInvoiceIn;
    type Patch = SalesInvoicePatch;
    type Out = SalesInvoice;
    type Filters = SalesInvoiceFilters;
    shared::meta_field!();

    fn set_number(&mut self, number: String) {
        self.invoice_number = Some(number);
    }
    shared::custom_fields!();

    async fn build(cx: Cx<'_>, input: SalesInvoiceIn) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let customer_id = errors.required("customer_id", input.customer_id);
        let head = HeadIn {
            date: input.invoice_date,
            due_date: input.due_date,
            party_id: customer_id,
            warehouse_id: input.warehouse_id,
            items: errors.required("items", input.items),
            payment_terms: input.payment_terms,
            notes: input.notes,
        }
        .check::<Customer>(cx, &mut errors, ["invoice_date", "customer_id"], PriceList::Sale)
        .await?;
        let kind = input.kind.unwrap_or(InvoiceType::Product);
        let agent = agents::check_agent(cx, &mut errors, input.agent_id).await?;
        let (invoice_date, due_date) = head.dates(&mut errors, None);
        if let Some(items) = &head.items {
            check_shipping(&mut errors, kind, items, input.warehouse_id);
        }
        let custom_fields = custom::parse(cx, Self::KIND, &mut errors, None, input.custom_fields).await?;
        let (customer_id, items) = errors.finish((customer_id, head.items))?;
        // The id only once the body is valid (the number comes when it is posted).
        let id = ops::reserve_id::<Self>(cx).await?;
        let mut invoice = Self::draft(
            id,
            Draft {
                invoice_date,
                due_date,
                customer_id,
                warehouse_id: input.warehouse_id,
                kind,
                items,
                payment_terms: head.payment_terms,
                notes: head.notes,
                recurrence: input.recurrence,
                agent: agent.map(|a| (a.meta.id, a.commission_rate)),
            },
        );
        invoice.custom_fields = custom_fields.unwrap_or_default();
        Ok(invoice)
    }

    async fn apply(&mut self, cx: Cx<'_>, patch: SalesInvoicePatch) -> Result<(), ApiError> {
        invoices::only_drafts(self, "changed")?;
        let mut errors = FieldErrors::default();
        let head = HeadIn {
            date: patch.invoice_date,
            due_date: patch.due_date,
            party_id: patch.customer_id,
            warehouse_id: patch.warehouse_id.flatten(),
            items: patch.items,
            payment_terms: patch.payment_terms.clone().flatten(),
            notes: patch.notes.clone().flatten(),
        }
        .check::<Customer>(cx, &mut errors, ["invoice_date", "customer_id"], PriceList::Sale)
        .await?;
        let warehouse_id = patch.warehouse_id.unwrap_or(self.warehouse_id);
        let kind = patch.kind.unwrap_or(self.kind);
        check_shipping(
            &mut errors,
            kind,
            head.items.as_ref().unwrap_or(&self.items),
            warehouse_id,
        );
        head.dates(&mut errors, Some((&self.invoice_date, &self.due_date)));
        let agent = agents::check_agent(cx, &mut errors, patch.agent_id.flatten()).await?;
        let custom_fields = self
            .custom_fields
            .changed_by(cx, Self::KIND, &mut errors, patch.custom_fields)
            .await?;
        errors.into_result(())?;
        self.invoice_date.assign(head.date);
        self.due_date.assign(head.due_date);
        self.customer_id.assign(patch.customer_id);
        self.warehouse_id = warehouse_id;
        self.kind = kind;
        self.payment_terms.assign(shared::resource::patch::patched(
            &patch.payment_terms,
            head.payment_terms,
        ));
        self.notes
            .assign(shared::resource::patch::patched(&patch.notes, head.notes));
        self.recurrence.assign(patch.recurrence);
        if let Some(items) = head.items {
            self.totals = Totals::of(&items);
            self.balance_amount = self.totals.total_amount;
            self.items = items;
        }
        if patch.agent_id.is_some() {
            self.agent_id = agent.as_ref().map(|a| a.meta.id);
            self.commission_rate = agent.map(|a| a.commission_rate);
        }
        self.commission_amount = self.commission();
        self.custom_fields.assign(custom_fields);
        Ok(())
    }

    fn search_text(&self) -> String {
        format!(
            "{} {}",
            self.invoice_number.as_deref().unwrap_or_default(),
            self.notes.as_deref().unwrap_or_default()
        )
    }

    fn changes(before: Option<&Self>, after: &Self) -> Vec<Event> {
        let Some(before) = before else {
            return Vec::new();
        };
        match (before.status, after.status) {
            // A posting past the due date writes its own, after `invoice.posted` (`invoices::post`).
            (InvoiceStatus::Draft | InvoiceStatus::Overdue, _)
            | (_, InvoiceStatus::Draft | InvoiceStatus::Posted | InvoiceStatus::PartiallyPaid | InvoiceStatus::Paid) => {
                Vec::new()
            }
            (_, InvoiceStatus::Overdue) => vec![Event::new(INVOICE_OVERDUE.name, serde_json::json!(after))],
        }
    }

    /// The daily job looks at a posted recurring invoice not yet in the revenue figures from its
    /// invoice date (the posting counts it at once; this catches one a crash left uncounted),
    /// and at an open invoice not yet marked overdue from its due date.
    fn due_date(&self) -> Option<String> {
        if self.awaits_revenue() {
            return Some(self.invoice_date.to_string());
        }
        matches!(self.status, InvoiceStatus::Posted | InvoiceStatus::PartiallyPaid).then(|| self.due_date.to_string())
    }

    async fn before_delete(&self, _cx: Cx<'_>) -> Result<Vec<Write>, ApiError> {
        invoices::only_drafts(self, "deleted")?;
        Ok(Vec::new())
    }
}

/// What a new draft invoice is made of, checked (by its body or by the proposal it converts).
pub struct Draft {
    pub invoice_date: Date,
    pub due_date: Date,
    pub customer_id: u64,
    pub warehouse_id: Option<u64>,
    pub kind: InvoiceType,
    pub items: Vec<Line>,
    pub payment_terms: Option<String>,
    pub notes: Option<String>,
    pub recurrence: Option<Recurrence>,
    /// The sales agent credited, and their rate.
    pub agent: Option<(u64, Percent)>,
}

impl SalesInvoice {
    /// A draft with id `id` (drawn by [`ops::reserve_id`]), owing its total.
    pub fn draft(id: u64, draft: Draft) -> Self {
        let totals = Totals::of(&draft.items);
        Self {
            meta: Meta { id, ..Meta::default() },
            invoice_number: None,
            invoice_date: draft.invoice_date,
            due_date: draft.due_date,
            customer_id: draft.customer_id,
            warehouse_id: draft.warehouse_id,
            kind: draft.kind,
            items: draft.items,
            totals,
            paid_amount: Money::ZERO,
            credit_note_applied: Money::ZERO,
            balance_amount: totals.total_amount,
            payment_terms: draft.payment_terms,
            notes: draft.notes,
            recurrence: draft.recurrence,
            status: InvoiceStatus::Draft,
            posted_at: None,
            journal_entry_id: None,
            agent_id: draft.agent.map(|a| a.0),
            commission_rate: draft.agent.map(|a| a.1),
            commission_amount: Money::ZERO,
            commission_paid_at: None,
            commission_payout_id: None,
            revenue_counted: false,
            custom_fields: Default::default(),
        }
        .with_commission()
    }

    fn with_commission(mut self) -> Self {
        self.commission_amount = self.commission();
        self
    }

    /// The agent's commission: the amount net of tax at their rate.
    fn commission(&self) -> Money {
        match self.commission_rate {
            Some(rate) if self.agent_id.is_some() => {
                self.totals.total_amount.minus(self.totals.tax_amount).percent(rate)
            }
            _ => Money::ZERO,
        }
    }

    /// The agent still owed a commission on it: paid, credited, and not yet paid out.
    pub fn commission_owed_to(&self) -> Option<u64> {
        match (self.status, &self.commission_paid_at) {
            (InvoiceStatus::Paid, None) => self.agent_id,
            _ => None,
        }
    }

    /// A posted invoice's balance and status from what was paid and credited. An overdue one
    /// stays overdue until paid (one overdue episode, one `invoice.overdue`).
    pub fn rebalance(&mut self) {
        let was_overdue = self.status == InvoiceStatus::Overdue;
        (self.balance_amount, self.status) =
            documents::settlement(self.totals.total_amount, self.paid_amount + self.credit_note_applied);
        if was_overdue && self.status != InvoiceStatus::Paid {
            self.status = InvoiceStatus::Overdue;
        }
    }

    /// Posted and recurring, and not yet in the revenue report's figures.
    pub fn awaits_revenue(&self) -> bool {
        self.recurrence.is_some() && self.status != InvoiceStatus::Draft && !self.revenue_counted
    }

    /// Overdue on `today`: due before it, posted or partly paid, with a balance.
    pub fn falls_overdue(&self, today: &Date) -> bool {
        matches!(self.status, InvoiceStatus::Posted | InvoiceStatus::PartiallyPaid)
            && self.balance_amount > Money::ZERO
            && self.due_date.naive() < today.naive()
    }
}

/// A service invoice holds no stocked products; a product invoice's products leave a warehouse.
pub fn check_shipping(errors: &mut FieldErrors, kind: InvoiceType, items: &[Line], warehouse_id: Option<u64>) {
    let stocked = !documents::stocked_units(items).is_empty();
    match kind {
        InvoiceType::Service if stocked => errors.add(
            "items",
            "A service invoice holds services only; make it a product invoice to sell products.",
        ),
        InvoiceType::Product if stocked && warehouse_id.is_none() => {
            errors.add("warehouse_id", "A warehouse ships the invoice's products.")
        }
        _ => {}
    }
}

/// Most invoices the overdue job reads at a time.
const OVERDUE_BATCH: usize = 100;

/// The overdue job (the scheduler's `mark_overdue_invoices`): every open invoice, in every
/// workspace, due before today and with a balance becomes `overdue`, with its `invoice.overdue`
/// event. It reads only the invoices falling due (a cross-tenant index by due date), never a
/// whole workspace. An invoice a payment changes at the same moment is left for the next run.
pub async fn mark_overdue(state: &AppState) -> anyhow::Result<String> {
    mark_overdue_on(state, &Date::today()).await
}

/// [`mark_overdue`] as on `today`.
pub async fn mark_overdue_on(state: &AppState, today: &Date) -> anyhow::Result<String> {
    let (mut marked, mut skipped, mut counted) = (0usize, 0usize, 0usize);
    loop {
        // The entries skipped so far (raced or not yet overdue) come first again: read past them.
        let limit = OVERDUE_BATCH + skipped;
        let due = index::due::<SalesInvoice>(state.store(), today.as_str(), limit).await?;
        let batch = due.len();
        let mut progress = false;
        for entry in due.into_iter().skip(skipped) {
            let cx = Cx::system(state, entry.tenant, 0);
            let Some(mut current) = ops::find::<SalesInvoice>(cx, entry.id).await? else {
                // Its invoice is gone: the entry goes too.
                state.store().write(Write::delete(entry.key, Condition::Always)).await?;
                progress = true;
                continue;
            };
            let mut moved = false;
            if current.awaits_revenue() {
                current = revenue::count_posted(cx, current).await;
                if !current.revenue_counted {
                    skipped += 1;
                    continue;
                }
                // Counted, its entry moved to its due date (or went, for a paid one).
                (counted, progress, moved) = (counted + 1, true, true);
            }
            match mark_if_overdue(cx, &current, today).await {
                Ok(Some(_)) => {
                    marked += 1;
                    progress = true;
                }
                Ok(None) => skipped += usize::from(!moved),
                Err(ApiError::Conflict { .. }) => skipped += 1,
                Err(other) => {
                    return Err(anyhow::anyhow!(
                        "invoice {} of workspace {}: {other:?}",
                        entry.id,
                        entry.tenant
                    ))
                }
            }
        }
        if batch < limit || !progress {
            let mut report = format!("{marked} invoices fell overdue ({skipped} left for the next run)");
            if counted > 0 {
                report.push_str(&format!("; {counted} recurring invoices added to the revenue figures"));
            }
            return Ok(report);
        }
    }
}

/// `current` marked overdue with its `invoice.overdue` when it falls overdue on `today` (`None`
/// when it does not). Conditioned on the version read; the save drops its due entry.
pub async fn mark_if_overdue(
    cx: Cx<'_>,
    current: &SalesInvoice,
    today: &Date,
) -> Result<Option<SalesInvoice>, ApiError> {
    if !current.falls_overdue(today) {
        return Ok(None);
    }
    let mut after = current.clone();
    after.status = InvoiceStatus::Overdue;
    ops::save(cx, current, after, Vec::new()).await.map(Some)
}

/// `POST /api/sales-invoice/post/{invoice_id}`.
pub async fn post_invoice(caller: Caller, ValidPath(id): ValidPath<u64>) -> Result<Json<SalesInvoice>, ApiError> {
    Ok(Json(post(caller.cx(), id).await?))
}

/// The posting, then (a recurring invoice) its amount added to the revenue report's figures.
pub async fn post(cx: Cx<'_>, id: u64) -> Result<SalesInvoice, ApiError> {
    let posted = invoices::post::<SalesInvoice>(cx, id).await?;
    Ok(revenue::count_posted(cx, posted).await)
}

impl Invoice for SalesInvoice {
    const NUMBERS: &'static Series = &numbering::SALES_INVOICE;
    const SOURCE: &'static str = "sales_invoice";
    const STOCK_SIGN: i64 = -1;
    const STOCK_REASON: Reason = Reason::Sale;
    const POSTED_EVENT: Option<EventType> = Some(INVOICE_POSTED);
    const OVERDUE_EVENT: Option<EventType> = Some(INVOICE_OVERDUE);
    fn items(&self) -> &[Line] {
        &self.items
    }
    fn warehouse_id(&self) -> Option<u64> {
        self.warehouse_id
    }
    fn apply_note(&mut self, amount: Money) {
        self.credit_note_applied = self.credit_note_applied + amount;
        self.rebalance();
    }
    /// Posted past its due date with a balance, it is overdue at once (not at the job's next run).
    fn set_posted(&mut self, entry_id: Option<u64>) {
        self.journal_entry_id = entry_id;
        self.posted_at = Some(now_rfc3339());
        self.rebalance();
        if self.falls_overdue(&Date::today()) {
            self.status = InvoiceStatus::Overdue;
        }
    }
    /// Debit receivables 1100 for the total; credit product sales 4100 and service sales 4200
    /// net of discount and output VAT 2100 for the tax; move the goods' purchase price from
    /// inventory 1200 to cost of goods sold 5100.
    fn posting(&self, split: Split, cost: Money) -> Posting {
        let mut posting = invoices::posting_of(self, &self.invoice_date, "Sale");
        posting.debit(RECEIVABLE, split.total);
        posting.credit(PRODUCT_SALES, split.goods);
        posting.credit(SERVICE_SALES, split.services);
        posting.credit(OUTPUT_VAT, split.tax);
        posting.debit(COST_OF_GOODS, cost);
        posting.credit(crate::purchases::INVENTORY, cost);
        posting
    }
}

impl Payable for SalesInvoice {
    type Party = Customer;
    const PAID_EVENT: Option<EventType> = Some(INVOICE_PAID);
    fn party_id(&self) -> u64 {
        self.customer_id
    }
    fn number(&self) -> &str {
        self.invoice_number.as_deref().unwrap_or_default()
    }
    fn status(&self) -> InvoiceStatus {
        self.status
    }
    fn balance(&self) -> Money {
        self.balance_amount
    }
    fn settle(&mut self, amount: Money) {
        self.paid_amount = self.paid_amount + amount;
        self.rebalance();
    }
}
