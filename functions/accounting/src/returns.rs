//! Returns and the notes they raise, on both sides: purchase returns (goods sent back to a
//! vendor, a debit note) and sales returns (goods a customer sends back, a credit note). One
//! generic implementation ([`ReturnRecord`], [`NoteRecord`]), each side the few fields and
//! facts of its own ([`ReturnSide`], [`NoteSide`]).
//!
//! A return is made against a posted invoice: `draft -approve→ approved -complete→ completed`;
//! only a draft is deleted. Its lines are priced as the invoice priced them
//! ([`crate::documents`]), for at most the quantity the invoice had less what other returns took.
//! Approving writes, in the one transaction of the state change: the note (`DN-000001` /
//! `CN-000001`, numbered from its series in that transaction: the party owes, or is owed, the
//! return's total), the stock moving (out of the
//! warehouse for a purchase return: 409 `insufficient_stock` when it is no longer there, and
//! nothing changes; back in for a sales return) and the journal entry undoing the invoice's:
//! a purchase return debits payables 2000 and credits inventory 1200, general expenses 6000 for
//! services and input VAT 1300; a sales return debits product sales 4100, service sales 4200 and
//! output VAT 2100, credits receivables 1100, and takes the goods' purchase price from cost of
//! goods sold 5100 back into inventory 1200.
//!
//! A draft or approved return is cancelled (designed `cancel` route); cancelling an approved
//! one, while its note is not applied, cancels the note, moves the stock back and reverses the
//! entry, in one transaction.
//!
//! A note is applied to the party's open invoices (designed `apply` route): `approved → partial
//! → applied` as its balance is used, and the invoice `posted → partially_paid → paid` as its
//! balance falls (a sales invoice emits `invoice.paid` when that reaches zero). No journal
//! entry: the control account moved at approval.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use shared::auth::Module;
use shared::domain::{Date, Text};
use shared::handlers::Caller;
use shared::http::Json;
use shared::http::{ApiError, FieldErrors, ValidJson, ValidPath};
use shared::money::Money;
use shared::resource::example;
use shared::resource::index::{self, IndexValue};
use shared::resource::ledger::{Ledger as _, Posting, Side};
use shared::resource::numbering::{self, Series};
use shared::resource::{ops, Cx, Events, Filter, Lists, Meta, NoChange, Ref, Resource, Sort};
use shared::store::Write;
use shared::time::now_rfc3339;

use inventory::stock::{self, Change, Ledger, Reason, Refused};
use inventory::warehouses::Warehouse;

use crate::documents::{self, InvoiceStatus, Line, Split, Totals};
use crate::invoices::Invoice;
use crate::parties::{Customer, Vendor};
use crate::parties::{CustomerIn, PartyField, VendorIn};
use crate::payments::{self, Payable};
use crate::posting;
use crate::purchases::{self, PurchaseInvoice};
use crate::sales_invoices::{self, SalesInvoice};

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
    /// Where a return stands: `draft` (nothing has moved; only a draft is deleted) → `approved`
    /// (the note, the stock and the journal entry moved, all at approval) → `completed` (closed;
    /// nothing more moves). A `draft` or `approved` return can be `cancelled`: an approved one's
    /// note, stock and entry are undone then, while nothing of its note is applied.
    pub enum ReturnStatus {
        Draft = "draft",
        Approved = "approved",
        Completed = "completed",
        Cancelled = "cancelled",
    }
}

shared::choice! {
    /// Where a debit or credit note stands: `partial` once some of it is applied, `applied` once
    /// all is.
    pub enum NoteStatus {
        Draft = "draft",
        Approved = "approved",
        Partial = "partial",
        Applied = "applied",
        Cancelled = "cancelled",
    }
}

/// The fields both kinds of return share.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct ReturnFields {
    /// `PRET-000001` / `SRET-000001`: sequential per workspace and kind.
    pub return_number: String,
    pub return_date: Date,
    /// The posted invoice the goods came with.
    pub original_invoice_id: u64,
    /// Where the goods leave from (a purchase return) or come back to (a sales return).
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
    pub journal_entry_id: Option<u64>,
}

/// The fields both kinds of note share.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct NoteFields {
    pub invoice_id: u64,
    pub return_id: u64,
    pub reason: ReturnReason,
    #[serde(flatten)]
    pub totals: Totals,
    /// Taken off the party's invoices so far.
    pub applied_amount: Money,
    /// `total_amount − applied_amount`.
    pub balance_amount: Money,
    pub status: NoteStatus,
    pub approved_by: Option<u64>,
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

/// Body of the create route.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(bound = "")]
#[schemars(rename = "{S}In", transform = body_schema::<S>)]
pub struct ReturnIn<S: ReturnSide> {
    /// A posted (or partially paid, or paid) invoice of the party.
    #[schemars(required, transform = shared::http::schema::id)]
    pub original_invoice_id: Option<u64>,
    #[serde(flatten)]
    pub party: S::PartyIn,
    /// Defaults to the invoice's warehouse.
    #[schemars(transform = shared::http::schema::id)]
    pub warehouse_id: Option<u64>,
    /// Defaults to today.
    #[schemars(transform = shared::http::schema::date)]
    pub return_date: Option<String>,
    /// `defective`, `wrong_item`, `damaged`, `excess_quantity` or `other`.
    #[schemars(required)]
    pub reason: Option<String>,
    /// From 1 to 1,000 lines, each product once.
    #[schemars(required, length(min = 1, max = documents::MAX_LINES))]
    pub items: Option<Vec<ReturnLineIn>>,
    pub notes: Option<Text<1000>>,
}

/// A create body's example, each side's own, and what its party field is.
fn body_schema<S: ReturnSide>(schema: &mut schemars::Schema) {
    schema.insert("examples".into(), serde_json::json!([S::body_example()]));
    let properties = schema.get_mut("properties").and_then(serde_json::Value::as_object_mut);
    if let Some(party) = properties.and_then(|p| p.get_mut(S::PARTY_FIELD)?.as_object_mut()) {
        party.insert("description".into(), "The invoice's party.".into());
    }
}

/// What tells a purchase return from a sales return.
pub trait ReturnKind: Resource<Patch = NoChange> + Clone {
    type Invoice: Invoice;
    type Note: NoteKind<Invoice = Self::Invoice>;
    /// The journal's and the stock ledger's name of the document (`purchase_return`).
    const SOURCE: &'static str;
    /// Approving moves the goods in (+1: a customer's goods come back) or out (−1).
    const STOCK_SIGN: i64;
    fn new(id: u64, party_id: u64, fields: ReturnFields) -> Self;
    fn party_id(&self) -> u64;
    fn fields(&self) -> &ReturnFields;
    fn fields_mut(&mut self) -> &mut ReturnFields;
    fn note_id(&self) -> Option<u64>;
    fn set_note_id(&mut self, id: u64);
    /// What approving posts, by account code (`cost`: the purchase price of the goods moved).
    fn posting(&self, split: Split, cost: Money) -> Posting;
}

/// What tells a debit note from a credit note.
pub trait NoteKind: Resource<In = NoChange, Patch = NoChange> + Clone {
    type Invoice: Invoice;
    /// The answer of the `apply` route: the note and the invoice as they are after it.
    type Applied: Serialize + JsonSchema + Send;
    /// The series whose next number it gets when its return is approved.
    const NUMBERS: &'static Series;
    fn new(id: u64, number: String, date: Date, party_id: u64, fields: NoteFields) -> Self;
    fn number(&self) -> &str;
    fn party_id(&self) -> u64;
    fn fields(&self) -> &NoteFields;
    fn fields_mut(&mut self) -> &mut NoteFields;
    fn applied(self, invoice: Self::Invoice) -> Self::Applied;
}

/// Validates a create body against the invoice; the caller wraps the fields into its kind.
async fn build_return<R: ReturnKind, S: ReturnSide>(cx: Cx<'_>, body: ReturnIn<S>) -> Result<R, ApiError> {
    let party_field = S::PARTY_FIELD;
    let mut errors = FieldErrors::default();
    let invoice_id = errors.required("original_invoice_id", body.original_invoice_id);
    let party_id = errors.id(party_field, body.party.id());
    let party_id = errors.required(party_field, party_id);
    let return_date = errors.date("return_date", body.return_date);
    let reason = errors.required("reason", body.reason);
    let reason = errors.choice::<ReturnReason>("reason", reason);
    let items = errors.required("items", body.items);
    let notes = errors.text("notes", body.notes);
    let invoice = match invoice_id {
        Some(id) => ops::find::<R::Invoice>(cx, id).await?,
        None => None,
    };
    match (&invoice, invoice_id) {
        (None, Some(id)) => errors.add(
            "original_invoice_id",
            format!("No {} has id {id}.", R::Invoice::NAME.to_lowercase()),
        ),
        (Some(i), _) if i.status() == InvoiceStatus::Draft => errors.add(
            "original_invoice_id",
            "Goods are returned against a posted invoice; this one is a draft.",
        ),
        (Some(i), _) if party_id.is_some_and(|p| p != i.party_id()) => errors.add(
            party_field,
            format!(
                "The invoice belongs to {} {}.",
                party_field.trim_end_matches("_id"),
                i.party_id()
            ),
        ),
        _ => {}
    }
    let warehouse_id = body.warehouse_id.or(invoice.as_ref().and_then(|i| i.warehouse_id()));
    documents::check_warehouse(cx, &mut errors, body.warehouse_id).await?;
    let lines = match (&invoice, items) {
        (Some(invoice), Some(items)) => {
            let returned = returned_units::<R>(cx, invoice.meta().id).await?;
            return_lines(&mut errors, invoice.items(), &returned, items)
        }
        _ => None,
    };
    if let Some(lines) = &lines {
        if warehouse_id.is_none() && !documents::stocked_units(lines).is_empty() {
            errors.add("warehouse_id", "A warehouse takes the returned products.");
        }
    }
    let (invoice_id, party_id, reason, lines) = errors.finish((invoice_id, party_id, reason, lines))?;
    // The id only once the body is valid; the number comes with the transaction that stores it.
    let id = ops::reserve_id::<R>(cx).await?;
    let fields = ReturnFields {
        return_number: String::new(),
        return_date: return_date.unwrap_or_else(Date::today),
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
        journal_entry_id: None,
    };
    Ok(R::new(id, party_id, fields))
}

fn only_draft_deleted(name: &str, status: ReturnStatus) -> Result<Vec<Write>, ApiError> {
    match status {
        ReturnStatus::Draft => Ok(Vec::new()),
        status => Err(transition(name, "deleted", "a draft", status.as_str())),
    }
}

/// Most returns read against one invoice when checking what is left to return.
const MAX_RETURNS_PER_INVOICE: usize = 500;

/// The units of each product already returned (or being returned: drafts count) against an
/// invoice, cancelled returns left out.
async fn returned_units<R: ReturnKind>(cx: Cx<'_>, invoice_id: u64) -> Result<BTreeMap<u64, i64>, ApiError> {
    let filter = Some(("original_invoice_id", IndexValue::id(invoice_id)));
    let returns = index::top::<R>(cx, filter, "id", false, MAX_RETURNS_PER_INVOICE).await?;
    let mut units = BTreeMap::new();
    for line in returns
        .iter()
        .map(R::fields)
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
    invoice_items: &[Line],
    returned: &BTreeMap<u64, i64>,
    items: Vec<ReturnLineIn>,
) -> Option<Vec<Line>> {
    if items.is_empty() || items.len() > documents::MAX_LINES {
        errors.add("items", documents::lines_bound_message());
        return None;
    }
    let mut sold: BTreeMap<u64, (i64, &Line)> = BTreeMap::new();
    for line in invoice_items {
        sold.entry(line.product_id).or_insert((0, line)).0 += line.quantity;
    }
    let mut seen = Vec::new();
    let mut lines = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let field = |name: &str| format!("items.{i}.{name}");
        let Some(product_id) = item.product_id else {
            errors.add(&field("product_id"), "The product id field is required.");
            continue;
        };
        let Some((units, line)) = sold.get(&product_id) else {
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

fn transition(name: &str, action: &str, from: &str, status: &str) -> ApiError {
    ApiError::invalid_transition(format!("Only {from} {name} can be {action}; this one is {status}."))
}

/// A return's stock moves, `sign` +1 in and −1 out, and the purchase price of the goods moved.
async fn stock_moves(cx: Cx<'_>, fields: &ReturnFields, sign: i64) -> Result<(Ledger, Vec<Change>, Money), ApiError> {
    let units = documents::stocked_units(&fields.items);
    let warehouse_id = fields.warehouse_id.unwrap_or_default();
    let pairs: Vec<(u64, u64)> = units.keys().map(|p| (*p, warehouse_id)).collect();
    let stock_ledger = Ledger::read(cx, &pairs).await?;
    let cost = units
        .iter()
        .filter_map(|(p, q)| stock_ledger.find(*p).map(|product| product.purchase_price.times(*q)))
        .sum();
    let changes = units
        .iter()
        .map(|(product_id, quantity)| Change {
            product_id: *product_id,
            warehouse_id,
            quantity: sign * quantity,
            reason: Reason::Return,
        })
        .collect();
    Ok((stock_ledger, changes, cost))
}

/// A posting's lines on the other sides: what undoes it.
fn reversed(mut posting: Posting) -> Posting {
    for line in &mut posting.lines {
        line.side = match line.side {
            Side::Debit => Side::Credit,
            Side::Credit => Side::Debit,
        };
    }
    posting
}

/// `draft → approved`: the note, the stock moving and the journal entry, in one transaction
/// with the state change.
pub async fn approve<R: ReturnKind>(cx: Cx<'_>, id: u64) -> Result<R, ApiError> {
    let current = ops::load::<R>(cx, id).await?;
    let fields = current.fields().clone();
    if fields.status != ReturnStatus::Draft {
        return Err(transition(
            &R::NAME.to_lowercase(),
            "approved",
            "a draft",
            fields.status.as_str(),
        ));
    }
    let (stock_ledger, changes, cost) = stock_moves(cx, &fields, R::STOCK_SIGN).await?;
    let mut after = current.clone();
    let mut writes = Vec::new();
    let mut posting = current.posting(Split::of(&fields.items), cost);
    posting.memo = format!("Return {}", fields.return_number);
    if let Some(posted) = posting::Books.posting_writes(cx, &posting).await? {
        after.fields_mut().journal_entry_id = Some(posted.entry_id);
        writes.extend(posted.writes);
    }
    let note_id = ops::reserve_id::<R::Note>(cx).await?;
    let approved = after.fields_mut();
    approved.status = ReturnStatus::Approved;
    approved.approved_by = Some(cx.user_id);
    approved.approved_at = Some(now_rfc3339());
    after.set_note_id(note_id);
    let note_fields = NoteFields {
        invoice_id: fields.original_invoice_id,
        return_id: id,
        reason: fields.reason,
        totals: fields.totals,
        applied_amount: Money::ZERO,
        balance_amount: fields.totals.total_amount,
        status: NoteStatus::Approved,
        approved_by: Some(cx.user_id),
    };
    let own = ops::key::<R>(cx, id);
    let (current, after, writes) = (&current, &after, &writes);
    let (ledger, changes, note_fields, date) = (&stock_ledger, &changes, &note_fields, &fields.return_date);
    // The note's number comes with the transaction that approves the return.
    numbering::commit(
        cx,
        R::Note::NUMBERS,
        1,
        |numbers| async move {
            let number = numbers.into_iter().next().unwrap_or_default();
            let mut note = R::Note::new(note_id, number, date.clone(), current.party_id(), note_fields.clone());
            let mut after = after.clone();
            let mut all = ops::change_writes(cx, current, &mut after)?;
            all.extend(ops::prepare(cx, &mut note)?);
            all.extend(writes.iter().cloned());
            let source = stock::Source { kind: R::SOURCE, id };
            let stock = ledger.writes(cx, changes, Some(source), None).await?;
            Ok((after, stock.after(all)))
        },
        |refused| match stock::refused(refused) {
            Refused::Condition(Some(key)) if key == own => ApiError::version_conflict(),
            refused => refused.into_api(ledger),
        },
    )
    .await
}

/// `approved → completed`.
pub async fn complete<R: ReturnKind>(cx: Cx<'_>, id: u64) -> Result<R, ApiError> {
    let current = ops::load::<R>(cx, id).await?;
    let status = current.fields().status;
    if status != ReturnStatus::Approved {
        return Err(transition(
            &R::NAME.to_lowercase(),
            "completed",
            "an approved",
            status.as_str(),
        ));
    }
    let mut after = current.clone();
    after.fields_mut().status = ReturnStatus::Completed;
    after.fields_mut().completed_at = Some(now_rfc3339());
    ops::save(cx, &current, after, Vec::new()).await
}

/// `draft → cancelled`, or `approved → cancelled` while nothing of its note is applied: then
/// the note is cancelled, the stock moves back and the entry is reversed, in one transaction with
/// the state change.
pub async fn cancel<R: ReturnKind>(cx: Cx<'_>, id: u64) -> Result<R, ApiError> {
    let current = ops::load::<R>(cx, id).await?;
    let fields = current.fields().clone();
    let mut after = current.clone();
    after.fields_mut().status = ReturnStatus::Cancelled;
    match fields.status {
        ReturnStatus::Draft => return ops::save(cx, &current, after, Vec::new()).await,
        ReturnStatus::Approved => {}
        status => {
            return Err(transition(
                &R::NAME.to_lowercase(),
                "cancelled",
                "a draft or approved",
                status.as_str(),
            ))
        }
    }
    let note = match current.note_id() {
        Some(note_id) => Some(ops::load::<R::Note>(cx, note_id).await?),
        None => None,
    };
    let mut writes = Vec::new();
    if let Some(note) = &note {
        if note.fields().status != NoteStatus::Approved {
            return Err(ApiError::invalid_transition(format!(
                "{} {} is {}: a return whose note was applied stays.",
                R::Note::NAME,
                note.number(),
                note.fields().status.as_str()
            )));
        }
        let mut cancelled = note.clone();
        cancelled.fields_mut().status = NoteStatus::Cancelled;
        cancelled.fields_mut().balance_amount = Money::ZERO;
        writes.extend(ops::change_writes(cx, note, &mut cancelled)?);
    }
    let (stock_ledger, changes, cost) = stock_moves(cx, &fields, -R::STOCK_SIGN).await?;
    let mut posting = reversed(current.posting(Split::of(&fields.items), cost));
    posting.memo = format!("Return {} cancelled", fields.return_number);
    posting.date = Date::today();
    if let Some(posted) = posting::Books.posting_writes(cx, &posting).await? {
        writes.extend(posted.writes);
    }
    let source = stock::Source { kind: R::SOURCE, id };
    let note_text = format!("{} cancelled", fields.return_number);
    let stock = stock_ledger
        .writes(cx, &changes, Some(source), Some(&note_text))
        .await?;
    let mut all = ops::change_writes(cx, &current, &mut after)?;
    all.extend(writes);
    let note_key = note.as_ref().map(|n| ops::key::<R::Note>(cx, n.meta().id));
    match stock::commit(cx, stock.after(all)).await {
        Ok(()) => Ok(after),
        // The return or its note moved meanwhile (a note applied at the same time).
        Err(Refused::Condition(Some(key))) if key == ops::key::<R>(cx, id) || Some(&key) == note_key.as_ref() => {
            Err(ApiError::version_conflict())
        }
        Err(refused) => Err(refused.into_api(&stock_ledger)),
    }
}

/// What each state change of a return moves, as the OpenAPI document describes its routes.
pub mod lifecycle {
    /// `approve`: the one state change that moves anything.
    pub const APPROVE: &str = "Only a draft is approved, and approval is when everything moves, in one transaction: the note is written and numbered from its series (a debit note `DN-…` for a purchase return, a credit note `CN-…` for a sales return) for the return's total, the stock moves (out of the warehouse for a purchase return, 409 `insufficient_stock` and nothing changed when it is no longer there; back into the warehouse for a sales return), and the journal entry undoing the invoice's share is posted. A refused approval leaves the return a draft.";
    /// `complete`: closes the return.
    pub const COMPLETE: &str = "Only an approved return is completed. Completing closes it: no stock, note or journal entry moves (they moved at approval).";
    /// `cancel`: undoes what approval moved.
    pub const CANCEL: &str = "A draft is cancelled as it is. An approved return is cancelled while nothing of its note is applied: in one transaction the note is cancelled, the stock moves back and the journal entry is reversed. A completed return, or one whose note is partly applied, stays (409 `invalid_transition`).";
}

/// `POST /api/…-return/approve/{return_id}`.
pub async fn approve_return<R: ReturnKind>(caller: Caller, ValidPath(id): ValidPath<u64>) -> Result<Json<R>, ApiError> {
    Ok(Json(approve::<R>(caller.cx(), id).await?))
}

/// `POST /api/…-return/complete/{return_id}`.
pub async fn complete_return<R: ReturnKind>(
    caller: Caller,
    ValidPath(id): ValidPath<u64>,
) -> Result<Json<R>, ApiError> {
    Ok(Json(complete::<R>(caller.cx(), id).await?))
}

/// `POST /api/purchase-return/cancel/{return_id}` (designed), and its sales twin.
pub async fn cancel_return<R: ReturnKind>(caller: Caller, ValidPath(id): ValidPath<u64>) -> Result<Json<R>, ApiError> {
    Ok(Json(cancel::<R>(caller.cx(), id).await?))
}

/// Body of the `apply` routes of debit and credit notes.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(example = serde_json::json!({"invoice_id": 1, "amount": 25}))]
pub struct ApplyIn {
    /// A posted or partially paid invoice of the note's party.
    #[schemars(required, transform = shared::http::schema::id)]
    pub invoice_id: Option<u64>,
    /// Positive; at most the note's balance and the invoice's balance.
    #[schemars(required, transform = shared::money::more_than_zero)]
    pub amount: Option<Money>,
}

/// Takes `amount` of a note off one of its party's open invoices, both changed in one
/// transaction (each conditioned on its version).
async fn apply<N: NoteKind>(cx: Cx<'_>, id: u64, input: ApplyIn) -> Result<N::Applied, ApiError> {
    let note = ops::load::<N>(cx, id).await?;
    let fields = note.fields().clone();
    if !matches!(fields.status, NoteStatus::Approved | NoteStatus::Partial) {
        return Err(transition(
            &N::NAME.to_lowercase(),
            "applied",
            "an approved or partial",
            fields.status.as_str(),
        ));
    }
    let mut errors = FieldErrors::default();
    let invoice_id = errors.required("invoice_id", input.invoice_id);
    let amount = errors.required("amount", input.amount);
    if amount.is_some_and(|a| a.is_negative() || a == Money::ZERO) {
        errors.add("amount", "A positive amount.");
    } else if amount.is_some_and(|a| a > fields.balance_amount) {
        errors.add(
            "amount",
            format!("At most the note's balance, {}.", fields.balance_amount),
        );
    }
    let invoice = match invoice_id {
        Some(invoice_id) => ops::find::<N::Invoice>(cx, invoice_id).await?,
        None => None,
    };
    match (&invoice, invoice_id) {
        (None, Some(invoice_id)) => errors.add(
            "invoice_id",
            format!("No {} has id {invoice_id}.", N::Invoice::NAME.to_lowercase()),
        ),
        (Some(i), _) if i.party_id() != note.party_id() => errors.add("invoice_id", "The invoice is another party's."),
        (Some(i), _) if !i.status().is_open() => errors.add(
            "invoice_id",
            format!(
                "The invoice is {}: only a posted, partially paid or overdue one is open.",
                i.status().as_str()
            ),
        ),
        (Some(i), _) if amount.is_some_and(|a| a > i.balance()) => {
            errors.add("amount", format!("At most the invoice's balance, {}.", i.balance()))
        }
        _ => {}
    }
    let (invoice, amount) = errors.finish((invoice, amount))?;
    let mut after_note = note.clone();
    let applied = after_note.fields_mut();
    applied.applied_amount = fields.applied_amount + amount;
    applied.balance_amount = fields.balance_amount.minus(amount);
    applied.status = match applied.balance_amount == Money::ZERO {
        true => NoteStatus::Applied,
        false => NoteStatus::Partial,
    };
    let mut after_invoice = invoice.clone();
    after_invoice.apply_note(amount);
    let invoice_writes = payments::change_with_paid_event(cx, &invoice, &mut after_invoice)?;
    let note = ops::save(cx, &note, after_note, invoice_writes).await?;
    Ok(note.applied(after_invoice))
}

/// `POST /api/debit-notes/apply/{id}`, `POST /api/credit-notes/apply/{id}` (designed).
pub async fn apply_note<N: NoteKind>(
    caller: Caller,
    ValidPath(id): ValidPath<u64>,
    ValidJson(input): ValidJson<ApplyIn>,
) -> Result<Json<N::Applied>, ApiError> {
    Ok(Json(apply::<N>(caller.cx(), id, input).await?))
}

/// What one side adds to a return: its party (the field named for it), its invoices, its note,
/// its books, its create body and filters. Implemented by the return's own part (its party's
/// field), whose schema's name and description are the record's
/// ([`shared::resource::kind_schema`]).
pub trait ReturnSide:
    Serialize + serde::de::DeserializeOwned + JsonSchema + Clone + std::fmt::Debug + Send + Sync + 'static
{
    const KIND: &'static str;
    const NAME: &'static str;
    const MODULE: Module;
    const SERIES: &'static Series;
    /// The journal's and the stock ledger's name of the document (`purchase_return`).
    const SOURCE: &'static str;
    /// Approving moves the goods in (+1: a customer's goods come back) or out (−1).
    const STOCK_SIGN: i64;
    /// The party's field (`vendor_id`), in the return, its body and its filters.
    const PARTY_FIELD: &'static str;
    /// The route posting an invoice of its kind, for the create example's step.
    const POST_INVOICE: &'static str;
    type Invoice: Invoice;
    type Party: Resource;
    /// The return's field naming its note (`debit_note_id`), after the shared fields.
    type NoteRef: NoteRef;
    type Note: NoteSide<Invoice = Self::Invoice>;
    /// The party's part of the create body ([`ReturnIn`]).
    type PartyIn: PartyField;
    type Filters: serde::de::DeserializeOwned + Serialize + JsonSchema + Send + Sync + 'static;
    /// The create body's example in the document.
    fn body_example() -> serde_json::Value;
    fn with_party(party_id: u64) -> Self;
    fn party(&self) -> u64;
    /// What approving posts (`cost`: the purchase price of the goods moved).
    fn book(posting: &mut Posting, split: Split, cost: Money);
    fn example() -> serde_json::Value;
}

/// A return's field naming the note its approval raised (`debit_note_id`).
pub trait NoteRef:
    Serialize + serde::de::DeserializeOwned + JsonSchema + Clone + std::fmt::Debug + Send + Sync + 'static
{
    fn new(note_id: Option<u64>) -> Self;
    fn get(&self) -> Option<u64>;
}

/// What one side adds to a note: its number, date and party fields (`debit_note_number`), its
/// series, filters and the answer of its `apply` route. Implemented by the note's own part,
/// whose schema's name and description are the record's.
pub trait NoteSide:
    Serialize + serde::de::DeserializeOwned + JsonSchema + Clone + std::fmt::Debug + Send + Sync + 'static
{
    const KIND: &'static str;
    const NAME: &'static str;
    /// The series whose next number it gets when its return is approved.
    const NUMBERS: &'static Series;
    const PARTY_FIELD: &'static str;
    type Invoice: Invoice;
    type Party: Resource;
    type Filters: serde::de::DeserializeOwned + Serialize + JsonSchema + Send + Sync + 'static;
    /// The answer of the `apply` route: the note and the invoice as they are after it.
    type Applied: Serialize + JsonSchema + Send;
    fn new(number: String, date: Date, party_id: u64) -> Self;
    fn number(&self) -> &str;
    fn party(&self) -> u64;
    fn applied(note: NoteRecord<Self>, invoice: Self::Invoice) -> Self::Applied;
}

/// A purchase or sales return: the shared [`ReturnFields`] between its side's party and its
/// note's id.
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
#[serde(bound = "")]
#[schemars(rename = "{S}", transform = shared::resource::kind_schema::<S>)]
pub struct ReturnRecord<S: ReturnSide> {
    #[serde(flatten)]
    pub meta: Meta,
    #[serde(flatten)]
    pub side: S,
    #[serde(flatten)]
    pub fields: ReturnFields,
    #[serde(flatten)]
    pub note: S::NoteRef,
}

impl<S: ReturnSide> Resource for ReturnRecord<S> {
    fn example() -> Option<serde_json::Value> {
        Some(S::example())
    }

    /// Goods go back against a posted invoice: each call makes its invoice and posts it.
    fn example_steps() -> Vec<example::Step> {
        let invoice = <S::Invoice as Resource>::KIND;
        vec![example::post_first(
            format!("{}{}", S::POST_INVOICE, example::fresh_ref(invoice)),
            None,
        )]
    }

    const KIND: &'static str = S::KIND;
    const NAME: &'static str = S::NAME;
    const MODULE: Module = S::MODULE;
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[Sort::new("return_date", |r| IndexValue::date(&r.fields.return_date))],
        filters: &[
            Filter::<Self>::one("status", |r| IndexValue::text(r.fields.status.as_str())),
            Filter::<Self>::one(S::PARTY_FIELD, |r| IndexValue::id(r.side.party())),
            Filter::<Self>::one("original_invoice_id", |r| IndexValue::id(r.fields.original_invoice_id)),
        ],
        sums: &[],
    };
    const REFS: &'static [Ref<Self>] = &[
        Ref::to(<S::Party as Resource>::KIND, |r| vec![r.side.party()]),
        Ref::to(<S::Invoice as Resource>::KIND, |r| vec![r.fields.original_invoice_id]),
        Ref::to(<Warehouse as Resource>::KIND, |r| {
            r.fields.warehouse_id.into_iter().collect()
        }),
    ];
    const EVENTS: Events = Events::NONE;
    type In = ReturnIn<S>;
    type Patch = NoChange;
    type Out = Self;
    type Filters = S::Filters;
    const SERIES: Option<&'static Series> = Some(S::SERIES);
    shared::meta_field!();

    fn set_number(&mut self, number: String) {
        self.fields.return_number = number;
    }

    async fn build(cx: Cx<'_>, input: ReturnIn<S>) -> Result<Self, ApiError> {
        build_return::<Self, S>(cx, input).await
    }

    fn search_text(&self) -> String {
        format!(
            "{} {}",
            self.fields.return_number,
            self.fields.notes.as_deref().unwrap_or_default()
        )
    }

    async fn before_delete(&self, _cx: Cx<'_>) -> Result<Vec<Write>, ApiError> {
        only_draft_deleted(&Self::NAME.to_lowercase(), self.fields.status)
    }
}

impl<S: ReturnSide> ReturnKind for ReturnRecord<S> {
    type Invoice = S::Invoice;
    type Note = NoteRecord<S::Note>;
    const SOURCE: &'static str = S::SOURCE;
    const STOCK_SIGN: i64 = S::STOCK_SIGN;
    fn new(id: u64, party_id: u64, fields: ReturnFields) -> Self {
        Self {
            meta: Meta { id, ..Meta::default() },
            side: S::with_party(party_id),
            fields,
            note: S::NoteRef::new(None),
        }
    }
    fn party_id(&self) -> u64 {
        self.side.party()
    }
    fn fields(&self) -> &ReturnFields {
        &self.fields
    }
    fn fields_mut(&mut self) -> &mut ReturnFields {
        &mut self.fields
    }
    fn note_id(&self) -> Option<u64> {
        self.note.get()
    }
    fn set_note_id(&mut self, id: u64) {
        self.note = S::NoteRef::new(Some(id));
    }
    fn posting(&self, split: Split, cost: Money) -> Posting {
        let mut posting = Posting::new(self.fields.return_date.clone(), "", S::SOURCE, self.meta.id);
        S::book(&mut posting, split, cost);
        posting
    }
}

/// A debit or credit note: the shared [`NoteFields`] after its side's number, date and party.
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
#[serde(bound = "")]
#[schemars(rename = "{N}", transform = shared::resource::kind_schema::<N>)]
pub struct NoteRecord<N: NoteSide> {
    #[serde(flatten)]
    pub meta: Meta,
    #[serde(flatten)]
    pub side: N,
    #[serde(flatten)]
    pub fields: NoteFields,
}

impl<N: NoteSide> Resource for NoteRecord<N> {
    const KIND: &'static str = N::KIND;
    const NAME: &'static str = N::NAME;
    const MODULE: Module = Module::Accounting;
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[],
        filters: &[
            Filter::<Self>::one("status", |n| IndexValue::text(n.fields.status.as_str())),
            Filter::<Self>::one(N::PARTY_FIELD, |n| IndexValue::id(n.side.party())),
        ],
        sums: &[],
    };
    const REFS: &'static [Ref<Self>] = &[Ref::to(<N::Party as Resource>::KIND, |n| vec![n.side.party()])];
    const EVENTS: Events = Events::NONE;
    type In = NoChange;
    type Patch = NoChange;
    type Out = Self;
    type Filters = N::Filters;
    shared::meta_field!();

    fn search_text(&self) -> String {
        self.side.number().to_owned()
    }
}

impl<N: NoteSide> NoteKind for NoteRecord<N> {
    type Invoice = N::Invoice;
    type Applied = N::Applied;
    const NUMBERS: &'static Series = N::NUMBERS;
    fn new(id: u64, number: String, date: Date, party_id: u64, fields: NoteFields) -> Self {
        Self {
            meta: Meta { id, ..Meta::default() },
            side: N::new(number, date, party_id),
            fields,
        }
    }
    fn number(&self) -> &str {
        self.side.number()
    }
    fn party_id(&self) -> u64 {
        self.side.party()
    }
    fn fields(&self) -> &NoteFields {
        &self.fields
    }
    fn fields_mut(&mut self) -> &mut NoteFields {
        &mut self.fields
    }
    fn applied(self, invoice: N::Invoice) -> N::Applied {
        N::applied(self, invoice)
    }
}

/// `?status=`, the party's id and `?original_invoice_id=` on the list.
#[derive(Debug, Default, Serialize, Deserialize, JsonSchema)]
pub struct ReturnFilters {
    pub status: Option<ReturnStatus>,
    pub vendor_id: Option<u64>,
    pub original_invoice_id: Option<u64>,
}

/// Goods sent back to a vendor.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[schemars(rename = "PurchaseReturn")]
pub struct PurchaseReturnSide {
    pub vendor_id: u64,
}

pub type PurchaseReturn = ReturnRecord<PurchaseReturnSide>;

/// The note a purchase return raised.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct DebitNoteRef {
    /// The note its approval raised.
    pub debit_note_id: Option<u64>,
}

impl NoteRef for DebitNoteRef {
    fn new(debit_note_id: Option<u64>) -> Self {
        Self { debit_note_id }
    }
    fn get(&self) -> Option<u64> {
        self.debit_note_id
    }
}

impl ReturnSide for PurchaseReturnSide {
    const KIND: &'static str = "acc_purchase_return";
    const NAME: &'static str = "Purchase return";
    const MODULE: Module = Module::Accounting;
    const SERIES: &'static Series = &numbering::PURCHASE_RETURN;
    const SOURCE: &'static str = "purchase_return";
    const STOCK_SIGN: i64 = -1;
    const PARTY_FIELD: &'static str = "vendor_id";
    const POST_INVOICE: &'static str = "/api/purchase-invoice/post/";
    type Invoice = PurchaseInvoice;
    type Party = Vendor;
    type NoteRef = DebitNoteRef;
    type Note = DebitNoteSide;
    type PartyIn = VendorIn;
    type Filters = ReturnFilters;

    fn body_example() -> serde_json::Value {
        serde_json::json!({"original_invoice_id": 1, "vendor_id": 1, "reason": "defective", "items": [{"product_id": 1, "quantity": 2}]})
    }
    fn with_party(vendor_id: u64) -> Self {
        Self { vendor_id }
    }
    fn party(&self) -> u64 {
        self.vendor_id
    }
    fn book(posting: &mut Posting, split: Split, cost: Money) {
        book_purchase_return(posting, split, cost);
    }
    fn example() -> serde_json::Value {
        serde_json::json!({
            "original_invoice_id": example::fresh("acc_purchase_invoice"), "vendor_id": example::id_of::<crate::parties::Vendor>(),
            "return_date": "2026-03-12", "reason": "defective",
            "items": [{"product_id": example::id_of::<inventory::products::Product>(), "quantity": 2}],
            "notes": "Two lamps arrived with cracked shades."
        })
    }
}

/// A vendor's debt back to the workspace, raised by an approved purchase return.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[schemars(rename = "DebitNote")]
pub struct DebitNoteSide {
    /// From its series, given in the transaction that approves the return: one unbroken
    /// sequence per workspace.
    pub debit_note_number: String,
    pub debit_note_date: Date,
    pub vendor_id: u64,
}

pub type DebitNote = NoteRecord<DebitNoteSide>;

/// `?status=` and the party's id on the list.
#[derive(Debug, Default, Serialize, Deserialize, JsonSchema)]
pub struct DebitNoteFilters {
    pub status: Option<NoteStatus>,
    pub vendor_id: Option<u64>,
}

/// A note applied to an invoice: both as they are after it.
#[derive(Debug, Serialize, JsonSchema)]
pub struct DebitNoteApplied {
    pub debit_note: DebitNote,
    pub invoice: PurchaseInvoice,
}

impl NoteSide for DebitNoteSide {
    const KIND: &'static str = "acc_debit_note";
    const NAME: &'static str = "Debit note";
    const NUMBERS: &'static Series = &numbering::DEBIT_NOTE;
    const PARTY_FIELD: &'static str = "vendor_id";
    type Invoice = PurchaseInvoice;
    type Party = Vendor;
    type Filters = DebitNoteFilters;
    type Applied = DebitNoteApplied;

    fn new(debit_note_number: String, debit_note_date: Date, vendor_id: u64) -> Self {
        Self {
            debit_note_number,
            debit_note_date,
            vendor_id,
        }
    }
    fn number(&self) -> &str {
        &self.debit_note_number
    }
    fn party(&self) -> u64 {
        self.vendor_id
    }
    fn applied(debit_note: DebitNote, invoice: PurchaseInvoice) -> DebitNoteApplied {
        DebitNoteApplied { debit_note, invoice }
    }
}

/// `?status=`, the party's id and `?original_invoice_id=` on the list.
#[derive(Debug, Default, Serialize, Deserialize, JsonSchema)]
pub struct SalesReturnFilters {
    pub status: Option<ReturnStatus>,
    pub customer_id: Option<u64>,
    pub original_invoice_id: Option<u64>,
}

/// Goods a customer sends back.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[schemars(rename = "SalesReturn")]
pub struct SalesReturnSide {
    pub customer_id: u64,
}

pub type SalesReturn = ReturnRecord<SalesReturnSide>;

/// The note a sales return raised.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct CreditNoteRef {
    /// The note its approval raised.
    pub credit_note_id: Option<u64>,
}

impl NoteRef for CreditNoteRef {
    fn new(credit_note_id: Option<u64>) -> Self {
        Self { credit_note_id }
    }
    fn get(&self) -> Option<u64> {
        self.credit_note_id
    }
}

impl ReturnSide for SalesReturnSide {
    const KIND: &'static str = "sales_return";
    const NAME: &'static str = "Sales return";
    const MODULE: Module = Module::Sales;
    const SERIES: &'static Series = &numbering::SALES_RETURN;
    const SOURCE: &'static str = "sales_return";
    const STOCK_SIGN: i64 = 1;
    const PARTY_FIELD: &'static str = "customer_id";
    const POST_INVOICE: &'static str = "/api/sales-invoice/post/";
    type Invoice = SalesInvoice;
    type Party = Customer;
    type NoteRef = CreditNoteRef;
    type Note = CreditNoteSide;
    type PartyIn = CustomerIn;
    type Filters = SalesReturnFilters;

    fn body_example() -> serde_json::Value {
        serde_json::json!({"original_invoice_id": 1, "customer_id": 1, "reason": "damaged", "items": [{"product_id": 1, "quantity": 1}]})
    }
    fn with_party(customer_id: u64) -> Self {
        Self { customer_id }
    }
    fn party(&self) -> u64 {
        self.customer_id
    }
    fn book(posting: &mut Posting, split: Split, cost: Money) {
        book_sales_return(posting, split, cost);
    }
    fn example() -> serde_json::Value {
        serde_json::json!({
            "original_invoice_id": example::fresh("sales_invoice"), "customer_id": example::id_of::<crate::parties::Customer>(),
            "return_date": "2026-03-18", "reason": "damaged",
            "items": [{"product_id": example::id_of::<inventory::products::Product>(), "quantity": 1}],
            "notes": "One lamp was damaged in transit."
        })
    }
}

/// The workspace's debt to a customer, raised by an approved sales return.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[schemars(rename = "CreditNote")]
pub struct CreditNoteSide {
    /// From its series, given in the transaction that approves the return: one unbroken
    /// sequence per workspace.
    pub credit_note_number: String,
    pub credit_note_date: Date,
    pub customer_id: u64,
}

pub type CreditNote = NoteRecord<CreditNoteSide>;

/// `?status=` and the party's id on the list.
#[derive(Debug, Default, Serialize, Deserialize, JsonSchema)]
pub struct CreditNoteFilters {
    pub status: Option<NoteStatus>,
    pub customer_id: Option<u64>,
}

/// A note applied to an invoice: both as they are after it.
#[derive(Debug, Serialize, JsonSchema)]
pub struct CreditNoteApplied {
    pub credit_note: CreditNote,
    pub invoice: SalesInvoice,
}

impl NoteSide for CreditNoteSide {
    const KIND: &'static str = "acc_credit_note";
    const NAME: &'static str = "Credit note";
    const NUMBERS: &'static Series = &numbering::CREDIT_NOTE;
    const PARTY_FIELD: &'static str = "customer_id";
    type Invoice = SalesInvoice;
    type Party = Customer;
    type Filters = CreditNoteFilters;
    type Applied = CreditNoteApplied;

    fn new(credit_note_number: String, credit_note_date: Date, customer_id: u64) -> Self {
        Self {
            credit_note_number,
            credit_note_date,
            customer_id,
        }
    }
    fn number(&self) -> &str {
        &self.credit_note_number
    }
    fn party(&self) -> u64 {
        self.customer_id
    }
    fn applied(credit_note: CreditNote, invoice: SalesInvoice) -> CreditNoteApplied {
        CreditNoteApplied { credit_note, invoice }
    }
}

/// What approving a purchase return posts: the purchase undone (the vendor owes it back).
/// Zero amounts post nothing.
fn book_purchase_return(posting: &mut Posting, split: Split, _cost: Money) {
    posting.debit(purchases::PAYABLE, split.total);
    posting.credit(purchases::INVENTORY, split.goods);
    posting.credit(purchases::SERVICES, split.services);
    posting.credit(purchases::INPUT_VAT, split.tax);
}

/// What approving a sales return posts: the sale undone (the customer is owed it), and the
/// goods' cost back from cost of goods sold into inventory. Zero amounts post nothing.
fn book_sales_return(posting: &mut Posting, split: Split, cost: Money) {
    posting.debit(sales_invoices::PRODUCT_SALES, split.goods);
    posting.debit(sales_invoices::SERVICE_SALES, split.services);
    posting.debit(sales_invoices::OUTPUT_VAT, split.tax);
    posting.credit(sales_invoices::RECEIVABLE, split.total);
    posting.debit(purchases::INVENTORY, cost);
    posting.credit(sales_invoices::COST_OF_GOODS, cost);
}
