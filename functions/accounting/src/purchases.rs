//! Purchase invoices: `draft -post→ posted → partially_paid → paid`. A draft is changed and
//! deleted freely (409 `invalid_transition` once posted). Posting writes, in the one transaction of
//! the state change (conditioned on the draft's version, so a second post is 409): the journal
//! entry (debit inventory 1200 for products and general expenses 6000 for services, net of
//! discount; debit input VAT 1300 for the tax; credit accounts payable 2000 for the total) and the
//! stock the products bring into the invoice's warehouse (movements of reason `purchase`).
//! Debit notes applied to a posted invoice lower its balance ([`crate::returns`]).
//!
//! Numbers (`PINV-000001`) come from the workspace's `purchase_invoice` series when the invoice
//! is posted, in the posting's own commit: one unbroken sequence (`shared::resource::numbering`).
//! Up to [`documents::MAX_LINES`] lines; a posting of any size commits as one change.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use shared::auth::Module;
use shared::domain::Date;
use shared::events::EventType;
use shared::handlers::Caller;
use shared::http::Json;
use shared::http::{ApiError, FieldErrors, ValidPath};
use shared::money::Money;
use shared::resource::example;
use shared::resource::index::IndexValue;
use shared::resource::ledger::Posting;
use shared::resource::numbering::{self, Series};
use shared::resource::{ops, Assign, Cx, Events, Filter, Lists, Meta, Ref, Resource, Sort};
use shared::store::Write;
use shared::time::now_rfc3339;

use inventory::stock::Reason;
use inventory::warehouses::Warehouse;

use crate::documents::{self, HeadIn, InvoiceStatus, Line, LineIn, PriceList, Split, Totals};
use crate::invoices::{self, Invoice};
use crate::parties::Vendor;
use crate::payments::Payable;

pub const PURCHASE_INVOICE_POSTED: EventType = EventType::new(
    "purchase_invoice.posted",
    "A purchase invoice was posted: its journal entry and stock are written.",
)
.with_record::<PurchaseInvoice>();

/// The GL accounts a purchase posts to, by their stable codes ([`crate::seed::CHART`]).
pub const INVENTORY: &str = "1200";
pub const INPUT_VAT: &str = "1300";
pub const PAYABLE: &str = "2000";
/// Services bought are filed as general expenses.
pub const SERVICES: &str = "6000";

/// A vendor's bill.
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
pub struct PurchaseInvoice {
    #[serde(flatten)]
    pub meta: Meta,
    /// Given when it is posted, from the workspace's `purchase_invoice` number series (`PINV-000001`):
    /// one unbroken sequence of posted invoices. A draft has none, so a deleted draft leaves no gap.
    pub invoice_number: Option<String>,
    pub invoice_date: Date,
    pub due_date: Date,
    pub vendor_id: u64,
    /// Where its products are received; required when a line is a product.
    pub warehouse_id: Option<u64>,
    pub items: Vec<Line>,
    #[serde(flatten)]
    pub totals: Totals,
    /// Paid to the vendor.
    pub paid_amount: Money,
    /// Taken off by debit notes applied to it.
    pub debit_note_applied: Money,
    /// `total_amount − paid_amount − debit_note_applied`.
    pub balance_amount: Money,
    pub payment_terms: Option<String>,
    pub notes: Option<String>,
    pub status: InvoiceStatus,
    pub posted_at: Option<String>,
    pub journal_entry_id: Option<u64>,
}

/// Body of `POST /api/purchase-invoice/create`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct PurchaseInvoiceIn {
    /// Defaults to today.
    #[schemars(transform = shared::http::schema::date)]
    pub invoice_date: Option<String>,
    /// Not before the invoice date; defaults to it.
    #[schemars(transform = shared::http::schema::date)]
    pub due_date: Option<String>,
    #[schemars(required, transform = shared::http::schema::id)]
    pub vendor_id: Option<u64>,
    /// An active warehouse; required when a line is a product.
    #[schemars(transform = shared::http::schema::id)]
    pub warehouse_id: Option<u64>,
    /// From 1 to 1,000 lines (a posting moves their stock as one change).
    #[schemars(required, length(min = 1, max = crate::documents::MAX_LINES))]
    pub items: Option<Vec<LineIn>>,
    pub payment_terms: Option<crate::documents::PaymentTerms>,
    pub notes: Option<crate::documents::DocumentNotes>,
}

/// Body of `POST /api/purchase-invoice/update/{invoice_id}` (drafts only): absent fields stay;
/// `items` replaces every line.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(transform = shared::resource::patch_schema)]
pub struct PurchaseInvoicePatch {
    #[schemars(transform = shared::http::schema::date)]
    pub invoice_date: Option<String>,
    #[schemars(transform = shared::http::schema::date)]
    pub due_date: Option<String>,
    #[schemars(transform = shared::http::schema::id)]
    pub vendor_id: Option<u64>,
    /// `null` leaves the draft without one (refused while a line is a product).
    #[schemars(transform = shared::http::schema::id)]
    #[serde(default, with = "shared::resource::Clearable::<u64>")]
    pub warehouse_id: Option<Option<u64>>,
    /// Replaces every line: from 1 to 1,000.
    #[schemars(length(min = 1, max = crate::documents::MAX_LINES))]
    pub items: Option<Vec<LineIn>>,
    #[serde(default, with = "shared::resource::Clearable::<crate::documents::PaymentTerms>")]
    pub payment_terms: Option<Option<crate::documents::PaymentTerms>>,
    #[serde(default, with = "shared::resource::Clearable::<crate::documents::DocumentNotes>")]
    pub notes: Option<Option<crate::documents::DocumentNotes>>,
}

/// `?status=` (`partial` is read as `partially_paid`) and `?vendor_id=` on the list.
#[derive(Debug, Default, Serialize, Deserialize, JsonSchema)]
pub struct InvoiceFilters {
    pub status: Option<InvoiceStatus>,
    pub vendor_id: Option<u64>,
}

impl Resource for PurchaseInvoice {
    fn example() -> Option<serde_json::Value> {
        Some(serde_json::json!({
            "vendor_id": example::id_of::<crate::parties::Vendor>(), "warehouse_id": example::id_of::<inventory::warehouses::Warehouse>(),
            "invoice_date": "2026-03-03", "due_date": "2026-04-02", "payment_terms": "Net 30",
            "notes": "Restock for the spring catalogue.",
            "items": [{"product_id": example::id_of::<inventory::products::Product>(), "quantity": 10, "unit_price": 21.5,
                "tax_ids": [example::id_of::<inventory::catalog::Tax>()]}]
        }))
    }

    fn example_update() -> Option<serde_json::Value> {
        Some(
            serde_json::json!({"due_date": "2026-04-17", "notes": "Restock for the spring catalogue; due date agreed by phone."}),
        )
    }

    const KIND: &'static str = "acc_purchase_invoice";
    const NAME: &'static str = "Purchase invoice";
    const MODULE: Module = Module::Accounting;
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[
            Sort::new("invoice_date", |i| IndexValue::date(&i.invoice_date)),
            Sort::new("due_date", |i| IndexValue::date(&i.due_date)),
            Sort::new("total_amount", |i| IndexValue::money(i.totals.total_amount.decimal())),
        ],
        filters: &[
            Filter::<Self>::one("status", |i| IndexValue::text(i.status.as_str())).sorted_by(&["due_date"]),
            Filter::<Self>::one("vendor_id", |i| IndexValue::id(i.vendor_id)),
        ],
        sums: &[],
    };
    const REFS: &'static [Ref<Self>] = &[
        Ref::to(<Vendor as Resource>::KIND, |i| vec![i.vendor_id]),
        Ref::to(<Warehouse as Resource>::KIND, |i| i.warehouse_id.into_iter().collect()),
    ];
    const EVENTS: Events = Events::NONE;
    type In = PurchaseInvoiceIn;
    type Patch = PurchaseInvoicePatch;
    type Out = PurchaseInvoice;
    type Filters = InvoiceFilters;
    shared::meta_field!();

    fn set_number(&mut self, number: String) {
        self.invoice_number = Some(number);
    }

    async fn build(cx: Cx<'_>, input: PurchaseInvoiceIn) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let vendor_id = errors.required("vendor_id", input.vendor_id);
        let head = HeadIn {
            date: input.invoice_date,
            due_date: input.due_date,
            party_id: vendor_id,
            warehouse_id: input.warehouse_id,
            items: errors.required("items", input.items),
            payment_terms: input.payment_terms,
            notes: input.notes,
        }
        .check::<Vendor>(cx, &mut errors, ["invoice_date", "vendor_id"], PriceList::Purchase)
        .await?;
        let (invoice_date, due_date) = head.dates(&mut errors, None);
        if let Some(items) = &head.items {
            check_receiving(&mut errors, items, input.warehouse_id);
        }
        let (vendor_id, items) = errors.finish((vendor_id, head.items))?;
        // The id only once the body is valid (the number comes when it is posted).
        let id = ops::reserve_id::<Self>(cx).await?;
        let totals = Totals::of(&items);
        Ok(Self {
            meta: Meta { id, ..Meta::default() },
            invoice_number: None,
            invoice_date,
            due_date,
            vendor_id,
            warehouse_id: input.warehouse_id,
            items,
            totals,
            paid_amount: Money::ZERO,
            debit_note_applied: Money::ZERO,
            balance_amount: totals.total_amount,
            payment_terms: head.payment_terms,
            notes: head.notes,
            status: InvoiceStatus::Draft,
            posted_at: None,
            journal_entry_id: None,
        })
    }

    async fn apply(&mut self, cx: Cx<'_>, patch: PurchaseInvoicePatch) -> Result<(), ApiError> {
        invoices::only_drafts(self, "changed")?;
        let mut errors = FieldErrors::default();
        let head = HeadIn {
            date: patch.invoice_date,
            due_date: patch.due_date,
            party_id: patch.vendor_id,
            warehouse_id: patch.warehouse_id.flatten(),
            items: patch.items,
            payment_terms: patch.payment_terms.clone().flatten(),
            notes: patch.notes.clone().flatten(),
        }
        .check::<Vendor>(cx, &mut errors, ["invoice_date", "vendor_id"], PriceList::Purchase)
        .await?;
        let warehouse_id = patch.warehouse_id.unwrap_or(self.warehouse_id);
        check_receiving(&mut errors, head.items.as_ref().unwrap_or(&self.items), warehouse_id);
        head.dates(&mut errors, Some((&self.invoice_date, &self.due_date)));
        errors.into_result(())?;
        self.invoice_date.assign(head.date);
        self.due_date.assign(head.due_date);
        self.vendor_id.assign(patch.vendor_id);
        self.warehouse_id = warehouse_id;
        self.payment_terms.assign(shared::resource::patch::patched(
            &patch.payment_terms,
            head.payment_terms,
        ));
        self.notes
            .assign(shared::resource::patch::patched(&patch.notes, head.notes));
        if let Some(items) = head.items {
            self.totals = Totals::of(&items);
            self.balance_amount = self.totals.total_amount;
            self.items = items;
        }
        Ok(())
    }

    fn search_text(&self) -> String {
        format!(
            "{} {}",
            self.invoice_number.as_deref().unwrap_or_default(),
            self.notes.as_deref().unwrap_or_default()
        )
    }

    async fn before_delete(&self, _cx: Cx<'_>) -> Result<Vec<Write>, ApiError> {
        invoices::only_drafts(self, "deleted")?;
        Ok(Vec::new())
    }
}

/// Products are received somewhere: a warehouse is needed when a line is a product.
fn check_receiving(errors: &mut FieldErrors, items: &[Line], warehouse_id: Option<u64>) {
    if warehouse_id.is_none() && !documents::stocked_units(items).is_empty() {
        errors.add("warehouse_id", "A warehouse receives the invoice's products.");
    }
}

/// `POST /api/purchase-invoice/post/{invoice_id}`.
pub async fn post_invoice(caller: Caller, ValidPath(id): ValidPath<u64>) -> Result<Json<PurchaseInvoice>, ApiError> {
    Ok(Json(invoices::post::<PurchaseInvoice>(caller.cx(), id).await?))
}

impl PurchaseInvoice {
    /// A posted invoice's balance from what was paid and taken off by debit notes, and its status
    /// from the balance: `posted` while nothing is settled, `partially_paid`, then `paid`.
    pub fn rebalance(&mut self) {
        (self.balance_amount, self.status) =
            documents::settlement(self.totals.total_amount, self.paid_amount + self.debit_note_applied);
    }
}

impl Invoice for PurchaseInvoice {
    const NUMBERS: &'static Series = &numbering::PURCHASE_INVOICE;
    const SOURCE: &'static str = "purchase_invoice";
    const STOCK_SIGN: i64 = 1;
    const STOCK_REASON: Reason = Reason::Purchase;
    const POSTED_EVENT: Option<EventType> = Some(PURCHASE_INVOICE_POSTED);
    /// What is owed to vendors keeps no overdue state.
    const OVERDUE_EVENT: Option<EventType> = None;
    fn items(&self) -> &[Line] {
        &self.items
    }
    fn warehouse_id(&self) -> Option<u64> {
        self.warehouse_id
    }
    fn apply_note(&mut self, amount: Money) {
        self.debit_note_applied = self.debit_note_applied + amount;
        self.rebalance();
    }
    fn set_posted(&mut self, entry_id: Option<u64>) {
        self.journal_entry_id = entry_id;
        self.posted_at = Some(now_rfc3339());
        self.rebalance();
    }
    /// Debit inventory 1200 for the goods and general expenses 6000 for the services (net of
    /// discount) and input VAT 1300 for the tax; credit accounts payable 2000 for the total.
    fn posting(&self, split: Split, _cost: Money) -> Posting {
        let mut posting = invoices::posting_of(self, &self.invoice_date, "Purchase");
        posting.debit(INVENTORY, split.goods);
        posting.debit(SERVICES, split.services);
        posting.debit(INPUT_VAT, split.tax);
        posting.credit(PAYABLE, split.total);
        posting
    }
}

impl Payable for PurchaseInvoice {
    type Party = Vendor;
    fn party_id(&self) -> u64 {
        self.vendor_id
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
