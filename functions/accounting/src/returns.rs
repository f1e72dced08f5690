//! Purchase returns and the debit notes they raise.
//!
//! A return sends goods of a posted purchase invoice back to its vendor:
//! `draft -approve→ approved -complete→ completed`; only a draft is deleted. Its lines are priced
//! as the invoice priced them ([`crate::documents`]), for at most the quantity the invoice had.
//! Approving writes, in the one transaction of the state change: the debit note (`DN-000001`, the
//! vendor owes the return's total back), the stock taken out of the warehouse (409
//! `insufficient_stock` when it is no longer there, and nothing changes), and the journal entry
//! reversing the purchase (debit accounts payable 2000; credit inventory 1200, general expenses
//! 6000 for services, input VAT 1300).
//!
//! A draft or approved return is cancelled (`POST /api/purchase-return/cancel/{id}`, designed);
//! cancelling an approved one, while its debit note is not applied, cancels the note, brings the
//! stock back and books the purchase again, in one transaction.
//!
//! A debit note is applied to the vendor's open invoices (`POST /api/debit-notes/apply/{id}`):
//! `approved → partial → applied` as its balance is used, and the invoice `posted →
//! partially_paid → paid` as its balance falls. No journal entry: payables were debited at
//! approval.

use std::collections::BTreeMap;

use axum::Json;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use shared::auth::Module;
use shared::domain::Date;
use shared::http::{ApiError, FieldErrors, ValidJson, ValidPath};
use shared::money::Money;
use shared::resource::index::{self, IndexValue};
use shared::resource::{ops, Caller, Cx, Events, Filter, Lists, Meta, NoChange, Ref, Resource, Sort};
use shared::store::Write;
use shared::time::now_rfc3339;

use inventory::stock::{self, Change, Ledger, Reason, Refused};
use inventory::warehouses::Warehouse;

use crate::documents::{self, Line, Split, Totals};
use crate::journal::{self, Source};
use crate::parties::Vendor;
use crate::purchases::{self, InvoiceStatus, JournalSide, PurchaseInvoice};

shared::choice! {
    /// Why goods go back.
    pub enum ReturnReason {
        Defective = "defective",
        WrongItem = "wrong_item",
        Damaged = "damaged",
        ExcessQuantity = "excess_quantity",
        Other = "other",
    }
}

shared::choice! {
    /// Where a purchase return stands.
    pub enum ReturnStatus {
        Draft = "draft",
        Approved = "approved",
        Completed = "completed",
        Cancelled = "cancelled",
    }
}

shared::choice! {
    /// Where a debit note stands: `partial` once some of it is applied, `applied` once all is.
    pub enum DebitNoteStatus {
        Draft = "draft",
        Approved = "approved",
        Partial = "partial",
        Applied = "applied",
        Cancelled = "cancelled",
    }
}

/// Goods sent back to a vendor.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct PurchaseReturn {
    #[serde(flatten)]
    pub meta: Meta,
    /// `PRET-000001`: sequential per workspace.
    pub return_number: String,
    pub return_date: Date,
    pub vendor_id: u64,
    /// The posted purchase invoice the goods came with.
    pub original_invoice_id: u64,
    /// Where the goods leave from.
    pub warehouse_id: Option<u64>,
    pub reason: ReturnReason,
    pub items: Vec<Line>,
    #[serde(flatten)]
    pub totals: Totals,
    pub notes: Option<String>,
    pub status: ReturnStatus,
    pub approved_by: Option<u64>,
    pub approved_at: Option<String>,
    pub completed_at: Option<String>,
    /// The debit note its approval raised.
    pub debit_note_id: Option<u64>,
    pub journal_entry_id: Option<u64>,
}

/// A line of a return: a product of the invoice and how many units go back.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ReturnLineIn {
    #[schemars(required, transform = shared::http::schema::id)]
    pub product_id: Option<u64>,
    /// At least 1 and at most the units of the product on the invoice.
    #[schemars(required, range(min = 1, max = 1_000_000))]
    pub quantity: Option<i64>,
}

/// Body of `POST /api/purchase-return/create`.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(example = serde_json::json!({"original_invoice_id": 1, "vendor_id": 1, "reason": "defective", "items": [{"product_id": 1, "quantity": 2}]}))]
pub struct PurchaseReturnIn {
    /// A posted (or partially paid, or paid) purchase invoice of the vendor.
    #[schemars(required, transform = shared::http::schema::id)]
    pub original_invoice_id: Option<u64>,
    /// The invoice's vendor.
    #[schemars(required, transform = shared::http::schema::id)]
    pub vendor_id: Option<u64>,
    /// Defaults to the invoice's warehouse.
    #[schemars(transform = shared::http::schema::id)]
    pub warehouse_id: Option<u64>,
    /// Defaults to today.
    #[schemars(transform = shared::http::schema::date)]
    pub return_date: Option<String>,
    /// `defective`, `wrong_item`, `damaged`, `excess_quantity` or `other`.
    #[schemars(required)]
    pub reason: Option<String>,
    /// From 1 to 25 lines, each product once (at most 3 different products that keep stock).
    #[schemars(required, length(min = 1, max = 25))]
    pub items: Option<Vec<ReturnLineIn>>,
    #[schemars(transform = shared::http::schema::text::<1000>)]
    pub notes: Option<String>,
}

/// `?status=`, `?vendor_id=` and `?original_invoice_id=` on the list.
#[derive(Debug, Default, Serialize, Deserialize, JsonSchema)]
pub struct ReturnFilters {
    pub status: Option<ReturnStatus>,
    pub vendor_id: Option<u64>,
    pub original_invoice_id: Option<u64>,
}

impl Resource for PurchaseReturn {
    const KIND: &'static str = "acc_purchase_return";
    const NAME: &'static str = "Purchase return";
    const MODULE: Module = Module::Accounting;
    const LISTS: &'static Lists<Self> = &Lists {
        default_sort: "-id",
        sorts: &[Sort::new("return_date", |r| IndexValue::date(&r.return_date))],
        filters: &[
            Filter::<Self>::one("status", |r| IndexValue::text(r.status.as_str())),
            Filter::<Self>::one("vendor_id", |r| IndexValue::id(r.vendor_id)),
            Filter::<Self>::one("original_invoice_id", |r| IndexValue::id(r.original_invoice_id)),
        ],
        sums: &[],
    };
    const REFS: &'static [Ref<Self>] = &[
        Ref::to(<Vendor as Resource>::KIND, |r| vec![r.vendor_id]),
        Ref::to(<PurchaseInvoice as Resource>::KIND, |r| vec![r.original_invoice_id]),
        Ref::to(<Warehouse as Resource>::KIND, |r| r.warehouse_id.into_iter().collect()),
    ];
    const EVENTS: Events = Events::NONE;
    type In = PurchaseReturnIn;
    type Patch = NoChange;
    type Out = PurchaseReturn;
    type Filters = ReturnFilters;
    shared::meta_field!();

    async fn build(cx: Cx<'_>, input: PurchaseReturnIn) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let invoice_id = errors.required("original_invoice_id", input.original_invoice_id);
        let vendor_id = errors.required("vendor_id", input.vendor_id);
        let return_date = errors.date("return_date", input.return_date);
        let reason = errors.required("reason", input.reason);
        let reason = errors.choice::<ReturnReason>("reason", reason);
        let items = errors.required("items", input.items);
        let notes = errors.text("notes", input.notes, 1000);
        let invoice = match invoice_id {
            Some(id) => ops::find::<PurchaseInvoice>(cx, id).await?,
            None => None,
        };
        match (&invoice, invoice_id) {
            (None, Some(id)) => errors.add("original_invoice_id", format!("No purchase invoice has id {id}.")),
            (Some(i), _) if !purchases::is_open_to_returns(i.status) => errors.add(
                "original_invoice_id",
                "Goods are returned against a posted invoice; this one is a draft.",
            ),
            (Some(i), _) if vendor_id.is_some_and(|v| v != i.vendor_id) => {
                errors.add("vendor_id", format!("The invoice is from vendor {}.", i.vendor_id))
            }
            _ => {}
        }
        let warehouse_id = input.warehouse_id.or(invoice.as_ref().and_then(|i| i.warehouse_id));
        if let Some(id) = input.warehouse_id {
            match ops::find::<Warehouse>(cx, id).await? {
                None => errors.add("warehouse_id", format!("No warehouse has id {id}.")),
                Some(w) if !w.is_active => errors.add("warehouse_id", format!("{} is inactive.", w.name)),
                Some(_) => {}
            }
        }
        let lines = match (&invoice, items) {
            (Some(invoice), Some(items)) => {
                let returned = returned_units(cx, invoice.meta.id).await?;
                return_lines(&mut errors, invoice, &returned, items)
            }
            _ => None,
        };
        if let Some(lines) = &lines {
            if warehouse_id.is_none() && !documents::stocked_units(lines).is_empty() {
                errors.add("warehouse_id", "A warehouse gives back the returned products.");
            }
        }
        let (invoice_id, vendor_id, reason, lines) = errors.finish((invoice_id, vendor_id, reason, lines))?;
        let id = ops::reserve_id::<Self>(cx).await?;
        Ok(Self {
            meta: Meta { id, ..Meta::default() },
            return_number: format!("PRET-{id:06}"),
            return_date: return_date.unwrap_or_else(Date::today),
            vendor_id,
            original_invoice_id: invoice_id,
            warehouse_id,
            reason,
            totals: Totals::of(&lines),
            items: lines,
            notes,
            status: ReturnStatus::Draft,
            approved_by: None,
            approved_at: None,
            completed_at: None,
            debit_note_id: None,
            journal_entry_id: None,
        })
    }

    fn search_text(&self) -> String {
        format!("{} {}", self.return_number, self.notes.as_deref().unwrap_or_default())
    }

    async fn before_delete(&self, _cx: Cx<'_>) -> Result<Vec<Write>, ApiError> {
        match self.status {
            ReturnStatus::Draft => Ok(Vec::new()),
            status => Err(ApiError::invalid_transition(format!(
                "Only a draft purchase return can be deleted; this one is {}.",
                status.as_str()
            ))),
        }
    }
}

/// Most returns read against one invoice when checking what is left to return.
const MAX_RETURNS_PER_INVOICE: usize = 500;

/// The units of each product already returned (or being returned: drafts count) against an
/// invoice, cancelled returns left out.
async fn returned_units(cx: Cx<'_>, invoice_id: u64) -> Result<BTreeMap<u64, i64>, ApiError> {
    let filter = Some(("original_invoice_id", IndexValue::id(invoice_id)));
    let returns = index::top::<PurchaseReturn>(cx, filter, "id", false, MAX_RETURNS_PER_INVOICE).await?;
    let mut units = BTreeMap::new();
    for line in returns
        .iter()
        .filter(|r| r.status != ReturnStatus::Cancelled)
        .flat_map(|r| &r.items)
    {
        *units.entry(line.product_id).or_default() += line.quantity;
    }
    Ok(units)
}

/// Prices the returned lines as the invoice priced them (its first line of each product), each
/// product once and for at most the units the invoice had of it, less those other returns took.
fn return_lines(
    errors: &mut FieldErrors,
    invoice: &PurchaseInvoice,
    returned: &BTreeMap<u64, i64>,
    items: Vec<ReturnLineIn>,
) -> Option<Vec<Line>> {
    if items.is_empty() || items.len() > documents::MAX_LINES {
        errors.add("items", documents::lines_bound_message());
        return None;
    }
    let mut bought: BTreeMap<u64, (i64, &Line)> = BTreeMap::new();
    for line in &invoice.items {
        bought.entry(line.product_id).or_insert((0, line)).0 += line.quantity;
    }
    let mut seen = Vec::new();
    let mut lines = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let field = |name: &str| format!("items.{i}.{name}");
        let Some(product_id) = item.product_id else {
            errors.add(&field("product_id"), "The product id field is required.");
            continue;
        };
        let Some((units, line)) = bought.get(&product_id) else {
            errors.add(
                &field("product_id"),
                format!("Product {product_id} is not on the invoice."),
            );
            continue;
        };
        if seen.contains(&product_id) {
            errors.add(&field("product_id"), "Each product is returned on one line.");
            continue;
        }
        seen.push(product_id);
        let left = units - returned.get(&product_id).copied().unwrap_or(0);
        match item.quantity {
            Some(q) if (1..=left).contains(&q) => lines.push(line.with_quantity(q)),
            _ => errors.add(
                &field("quantity"),
                format!("From 1 to {left}: the invoice's {units} units less those returned already."),
            ),
        }
    }
    (lines.len() == items.len()).then_some(lines)
}

/// A vendor's debt back to the workspace, raised by an approved purchase return.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct DebitNote {
    #[serde(flatten)]
    pub meta: Meta,
    /// `DN-000001`: sequential per workspace.
    pub debit_note_number: String,
    pub debit_note_date: Date,
    pub vendor_id: u64,
    pub invoice_id: u64,
    pub return_id: u64,
    pub reason: ReturnReason,
    #[serde(flatten)]
    pub totals: Totals,
    /// Taken off the vendor's invoices so far.
    pub applied_amount: Money,
    /// `total_amount − applied_amount`.
    pub balance_amount: Money,
    pub status: DebitNoteStatus,
    pub approved_by: Option<u64>,
}

/// `?status=` and `?vendor_id=` on `GET /api/debit-notes`.
#[derive(Debug, Default, Serialize, Deserialize, JsonSchema)]
pub struct DebitNoteFilters {
    pub status: Option<DebitNoteStatus>,
    pub vendor_id: Option<u64>,
}

impl Resource for DebitNote {
    const KIND: &'static str = "acc_debit_note";
    const NAME: &'static str = "Debit note";
    const MODULE: Module = Module::Accounting;
    const LISTS: &'static Lists<Self> = &Lists {
        default_sort: "-id",
        sorts: &[],
        filters: &[
            Filter::<Self>::one("status", |n| IndexValue::text(n.status.as_str())),
            Filter::<Self>::one("vendor_id", |n| IndexValue::id(n.vendor_id)),
        ],
        sums: &[],
    };
    const REFS: &'static [Ref<Self>] = &[Ref::to(<Vendor as Resource>::KIND, |n| vec![n.vendor_id])];
    const EVENTS: Events = Events::NONE;
    type In = NoChange;
    type Patch = NoChange;
    type Out = DebitNote;
    type Filters = DebitNoteFilters;
    shared::meta_field!();

    fn search_text(&self) -> String {
        self.debit_note_number.clone()
    }
}

fn transition(name: &str, action: &str, from: &str, status: &str) -> ApiError {
    ApiError::invalid_transition(format!("Only {from} {name} can be {action}; this one is {status}."))
}

/// `draft → approved`: the debit note, the stock going back and the journal entry, in one
/// transaction with the state change.
pub async fn approve(cx: Cx<'_>, id: u64) -> Result<PurchaseReturn, ApiError> {
    let current = ops::load::<PurchaseReturn>(cx, id).await?;
    if current.status != ReturnStatus::Draft {
        return Err(transition(
            "purchase return",
            "approved",
            "a draft",
            current.status.as_str(),
        ));
    }
    let units = documents::stocked_units(&current.items);
    let warehouse_id = current.warehouse_id.unwrap_or_default();
    let pairs: Vec<(u64, u64)> = units.keys().map(|p| (*p, warehouse_id)).collect();
    let stock_ledger = Ledger::read(cx, &pairs).await?;
    let changes: Vec<Change> = units
        .iter()
        .map(|(product_id, quantity)| Change {
            product_id: *product_id,
            warehouse_id,
            quantity: -quantity,
            reason: Reason::Return,
        })
        .collect();
    let mut after = current.clone();
    let mut writes = Vec::new();
    let lines = purchases::journal_lines(cx, Split::of(&current.items), JournalSide::Return).await?;
    if lines.len() >= 2 {
        let memo = format!("Return {}", current.return_number);
        let source = Source {
            kind: "purchase_return",
            id,
        };
        let (entry, entry_writes) =
            journal::entry_writes(cx, current.return_date.clone(), &memo, source, &lines).await?;
        after.journal_entry_id = Some(entry.id);
        writes.extend(entry_writes);
    }
    let note_id = ops::reserve_id::<DebitNote>(cx).await?;
    let mut note = DebitNote {
        meta: Meta {
            id: note_id,
            ..Meta::default()
        },
        debit_note_number: format!("DN-{note_id:06}"),
        debit_note_date: current.return_date.clone(),
        vendor_id: current.vendor_id,
        invoice_id: current.original_invoice_id,
        return_id: id,
        reason: current.reason,
        totals: current.totals,
        applied_amount: Money::ZERO,
        balance_amount: current.totals.total_amount,
        status: DebitNoteStatus::Approved,
        approved_by: Some(cx.user_id),
    };
    writes.extend(ops::prepare(cx, &mut note)?);
    let source = stock::Source {
        kind: "purchase_return",
        id,
    };
    writes.extend(stock_ledger.writes(cx, &changes, Some(source), None).await?);
    after.status = ReturnStatus::Approved;
    after.approved_by = Some(cx.user_id);
    after.approved_at = Some(now_rfc3339());
    after.debit_note_id = Some(note_id);
    let mut all = ops::change_writes(cx, &current, &mut after)?;
    all.extend(writes);
    match stock::commit(cx, all).await {
        Ok(()) => Ok(after),
        Err(Refused::Condition(Some(key))) if key == ops::key::<PurchaseReturn>(cx, id) => {
            Err(ApiError::version_conflict())
        }
        Err(refused) => Err(refused.into_api(&stock_ledger)),
    }
}

/// `approved → completed`.
pub async fn complete(cx: Cx<'_>, id: u64) -> Result<PurchaseReturn, ApiError> {
    let current = ops::load::<PurchaseReturn>(cx, id).await?;
    if current.status != ReturnStatus::Approved {
        return Err(transition(
            "purchase return",
            "completed",
            "an approved",
            current.status.as_str(),
        ));
    }
    let mut after = current.clone();
    after.status = ReturnStatus::Completed;
    after.completed_at = Some(now_rfc3339());
    ops::save(cx, &current, after, Vec::new()).await
}

/// `draft → cancelled`, or `approved → cancelled` while nothing of its debit note is applied:
/// then the note is cancelled, the stock comes back and the purchase is booked again, in one
/// transaction with the state change.
async fn cancel(cx: Cx<'_>, id: u64) -> Result<PurchaseReturn, ApiError> {
    let current = ops::load::<PurchaseReturn>(cx, id).await?;
    let mut after = current.clone();
    after.status = ReturnStatus::Cancelled;
    match current.status {
        ReturnStatus::Draft => return ops::save(cx, &current, after, Vec::new()).await,
        ReturnStatus::Approved => {}
        status => {
            return Err(transition(
                "purchase return",
                "cancelled",
                "a draft or approved",
                status.as_str(),
            ))
        }
    }
    let note = match current.debit_note_id {
        Some(note_id) => Some(ops::load::<DebitNote>(cx, note_id).await?),
        None => None,
    };
    let mut writes = Vec::new();
    if let Some(note) = &note {
        if note.status != DebitNoteStatus::Approved {
            return Err(ApiError::invalid_transition(format!(
                "Debit note {} is {}: a return whose note was applied stays.",
                note.debit_note_number,
                note.status.as_str()
            )));
        }
        let mut cancelled = note.clone();
        cancelled.status = DebitNoteStatus::Cancelled;
        cancelled.balance_amount = Money::ZERO;
        writes.extend(ops::change_writes(cx, note, &mut cancelled)?);
    }
    let lines = purchases::journal_lines(cx, Split::of(&current.items), JournalSide::Bill).await?;
    if lines.len() >= 2 {
        let memo = format!("Return {} cancelled", current.return_number);
        let source = Source {
            kind: "purchase_return",
            id,
        };
        let (_, entry_writes) = journal::entry_writes(cx, Date::today(), &memo, source, &lines).await?;
        writes.extend(entry_writes);
    }
    let units = documents::stocked_units(&current.items);
    let warehouse_id = current.warehouse_id.unwrap_or_default();
    let pairs: Vec<(u64, u64)> = units.keys().map(|p| (*p, warehouse_id)).collect();
    let stock_ledger = Ledger::read(cx, &pairs).await?;
    let changes: Vec<Change> = units
        .iter()
        .map(|(product_id, quantity)| Change {
            product_id: *product_id,
            warehouse_id,
            quantity: *quantity,
            reason: Reason::Return,
        })
        .collect();
    let source = stock::Source {
        kind: "purchase_return",
        id,
    };
    let note_text = format!("{} cancelled", current.return_number);
    writes.extend(
        stock_ledger
            .writes(cx, &changes, Some(source), Some(&note_text))
            .await?,
    );
    let mut all = ops::change_writes(cx, &current, &mut after)?;
    all.extend(writes);
    let note_key = note.as_ref().map(|n| ops::key::<DebitNote>(cx, n.meta.id));
    match stock::commit(cx, all).await {
        Ok(()) => Ok(after),
        // The return or its note moved meanwhile (a note applied at the same time).
        Err(Refused::Condition(Some(key)))
            if key == ops::key::<PurchaseReturn>(cx, id) || Some(&key) == note_key.as_ref() =>
        {
            Err(ApiError::version_conflict())
        }
        Err(refused) => Err(refused.into_api(&stock_ledger)),
    }
}

/// `POST /api/purchase-return/cancel/{return_id}` (designed).
pub async fn cancel_return(caller: Caller, ValidPath(id): ValidPath<u64>) -> Result<Json<PurchaseReturn>, ApiError> {
    Ok(Json(cancel(caller.cx(), id).await?))
}

/// `POST /api/purchase-return/approve/{return_id}`.
pub async fn approve_return(caller: Caller, ValidPath(id): ValidPath<u64>) -> Result<Json<PurchaseReturn>, ApiError> {
    Ok(Json(approve(caller.cx(), id).await?))
}

/// `POST /api/purchase-return/complete/{return_id}`.
pub async fn complete_return(caller: Caller, ValidPath(id): ValidPath<u64>) -> Result<Json<PurchaseReturn>, ApiError> {
    Ok(Json(complete(caller.cx(), id).await?))
}

/// Body of `POST /api/debit-notes/apply/{id}`.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(example = serde_json::json!({"invoice_id": 1, "amount": 25}))]
pub struct ApplyIn {
    /// A posted or partially paid purchase invoice of the note's vendor.
    #[schemars(required, transform = shared::http::schema::id)]
    pub invoice_id: Option<u64>,
    /// Positive; at most the note's balance and the invoice's balance.
    #[schemars(required)]
    pub amount: Option<Money>,
}

/// A debit note applied to an invoice: both as they are after it.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Applied {
    pub debit_note: DebitNote,
    pub invoice: PurchaseInvoice,
}

/// Takes `amount` of a debit note off one of its vendor's open invoices, both changed in one
/// transaction (each conditioned on its version).
async fn apply(cx: Cx<'_>, id: u64, input: ApplyIn) -> Result<Applied, ApiError> {
    let note = ops::load::<DebitNote>(cx, id).await?;
    if !matches!(note.status, DebitNoteStatus::Approved | DebitNoteStatus::Partial) {
        return Err(transition(
            "debit note",
            "applied",
            "an approved or partial",
            note.status.as_str(),
        ));
    }
    let mut errors = FieldErrors::default();
    let invoice_id = errors.required("invoice_id", input.invoice_id);
    let amount = errors.required("amount", input.amount);
    if amount.is_some_and(|a| a.is_negative() || a == Money::ZERO) {
        errors.add("amount", "A positive amount.");
    } else if amount.is_some_and(|a| a > note.balance_amount) {
        errors.add(
            "amount",
            format!("At most the note's balance, {}.", note.balance_amount),
        );
    }
    let invoice = match invoice_id {
        Some(invoice_id) => ops::find::<PurchaseInvoice>(cx, invoice_id).await?,
        None => None,
    };
    match (&invoice, invoice_id) {
        (None, Some(invoice_id)) => errors.add("invoice_id", format!("No purchase invoice has id {invoice_id}.")),
        (Some(i), _) if i.vendor_id != note.vendor_id => {
            errors.add("invoice_id", "The invoice is from another vendor.")
        }
        (Some(i), _) if !matches!(i.status, InvoiceStatus::Posted | InvoiceStatus::PartiallyPaid) => errors.add(
            "invoice_id",
            format!(
                "The invoice is {}: only a posted or partially paid one is open.",
                i.status.as_str()
            ),
        ),
        (Some(i), _) if amount.is_some_and(|a| a > i.balance_amount) => errors.add(
            "amount",
            format!("At most the invoice's balance, {}.", i.balance_amount),
        ),
        _ => {}
    }
    let (invoice, amount) = errors.finish((invoice, amount))?;
    let mut after_note = note.clone();
    after_note.applied_amount = note.applied_amount + amount;
    after_note.balance_amount = note.balance_amount.minus(amount);
    after_note.status = match after_note.balance_amount == Money::ZERO {
        true => DebitNoteStatus::Applied,
        false => DebitNoteStatus::Partial,
    };
    let mut after_invoice = invoice.clone();
    after_invoice.debit_note_applied = invoice.debit_note_applied + amount;
    after_invoice.rebalance();
    let invoice_writes = ops::change_writes(cx, &invoice, &mut after_invoice)?;
    let debit_note = ops::save(cx, &note, after_note, invoice_writes).await?;
    Ok(Applied {
        debit_note,
        invoice: after_invoice,
    })
}

/// `POST /api/debit-notes/apply/{id}` (designed).
pub async fn apply_debit_note(
    caller: Caller,
    ValidPath(id): ValidPath<u64>,
    ValidJson(input): ValidJson<ApplyIn>,
) -> Result<Json<Applied>, ApiError> {
    Ok(Json(apply(caller.cx(), id, input).await?))
}
