//! Vendor and customer payments: money leaving (or reaching) a bank account against a party's
//! open invoices. `pending -clear→ cleared`, and
//! `pending | cleared -cancel→ cancelled`; a payment is created `cleared` unless the body asks
//! for `pending`.
//!
//! Clearing commits in one transaction: each allocated invoice's paid amount, balance and status
//! (conditioned on the version read, so a concurrent payment of the same invoice is 409 and
//! changes nothing), the journal entry (a vendor payment debits payables 2000 and credits the
//! bank's GL account; a customer payment debits the bank and credits receivables 1100) and the
//! bank transaction. Cancelling a cleared payment writes the reversing entry and movement and
//! gives the invoices their balance back.
//!
//! What tells the two apart is [`PaymentSide`] (each kind is a [`PaymentRecord`] of its side); the
//! invoice side is [`Payable`], which purchase and sales invoices implement.

use std::collections::{HashMap, HashSet};

use axum::http::StatusCode;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use shared::auth::Module;
use shared::domain::{Date, Text};
use shared::events::EventType;
use shared::handlers;
use shared::handlers::Caller;
use shared::http::Json;
use shared::http::{ApiError, FieldErrors, ValidJson, ValidPath};
use shared::money::Money;
use shared::resource::example;
use shared::resource::index::IndexValue;
use shared::resource::numbering::{self, Series};
use shared::resource::{ops, Cx, Filter, Lists, Meta, NoChange, Ref, Resource, Sort};
use shared::store::Write;
use shared::time::now_rfc3339;

use crate::banking::{self, BankAccount, TransactionKind};
use crate::documents::InvoiceStatus;
use crate::journal::{Line, Source};
use crate::ledger;
use crate::parties::{CustomerIn, PartyField, VendorIn};
use crate::purchases::PurchaseInvoice;
use crate::sales_invoices::SalesInvoice;

/// The most invoices one payment settles: each is a write (with its index changes) in the
/// payment's transaction.
pub const MAX_ALLOCATIONS: usize = 20;

shared::choice! {
    /// Where a payment stands.
    pub enum PaymentStatus {
        Pending = "pending",
        Cleared = "cleared",
        Cancelled = "cancelled",
    }
}

/// An invoice a payment settles.
pub trait Payable: Resource + Clone {
    /// Whom it is owed to (by): the vendor (the customer).
    type Party: Resource;
    /// Emitted, in the settling transaction, when its balance reaches zero.
    const PAID_EVENT: Option<EventType> = None;
    /// The vendor (customer) it is owed to (by).
    fn party_id(&self) -> u64;
    fn number(&self) -> &str;
    fn status(&self) -> InvoiceStatus;
    fn balance(&self) -> Money;
    /// Records `amount` paid, negative when a cancelled payment gives it back, and moves the
    /// status (`posted → partially_paid → paid` and back).
    fn settle(&mut self, amount: Money);

    /// What is still to pay, or why it takes no payment (the message of a 422).
    fn open_balance(&self) -> Result<Money, String> {
        match self.status() {
            InvoiceStatus::Draft => Err(format!("{} is a draft: post it before paying it.", self.number())),
            InvoiceStatus::Paid => Err(format!("{} is paid.", self.number())),
            InvoiceStatus::Posted | InvoiceStatus::PartiallyPaid | InvoiceStatus::Overdue => Ok(self.balance()),
        }
    }
}

/// An invoice's change and, when it leaves it paid (a payment, a note applied), its paid event.
pub fn change_with_paid_event<I: Payable>(cx: Cx<'_>, before: &I, after: &mut I) -> Result<Vec<Write>, ApiError> {
    let mut writes = ops::change_writes(cx, before, after)?;
    if let Some(event) = I::PAID_EVENT {
        if after.status() == InvoiceStatus::Paid && before.status() != InvoiceStatus::Paid {
            writes.push(ops::event_write(cx, event.name, &*after)?);
        }
    }
    Ok(writes)
}

/// One invoice a payment settles, and how much of it.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct Allocation {
    pub invoice_id: u64,
    /// The invoice's number when the payment was made.
    pub invoice_number: String,
    /// Positive.
    pub amount: Money,
}

/// An allocation in a create body.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct AllocationIn {
    #[schemars(required, transform = shared::http::schema::id)]
    pub invoice_id: Option<u64>,
    /// Positive, at most what the invoice still owes.
    #[schemars(required, transform = shared::money::more_than_zero)]
    pub amount: Option<Money>,
}

/// The fields vendor and customer payments share.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct Payment {
    /// From the workspace's `vendor_payment` / `customer_payment` number series (`VPAY-000001` /
    /// `CPAY-000001`), given in the transaction that stores it.
    pub number: String,
    pub date: Date,
    pub bank_account_id: u64,
    pub reference_number: Option<String>,
    pub notes: Option<String>,
    pub amount: Money,
    /// The invoices it settles; their sum is at most `amount`.
    pub allocations: Vec<Allocation>,
    /// `amount` less the allocations: paid on account.
    pub unallocated_amount: Money,
    pub status: PaymentStatus,
    pub cleared_at: Option<String>,
    pub cancelled_at: Option<String>,
    /// The entry of its clearing, and of its cancelling when it was cleared.
    pub journal_entry_id: Option<u64>,
    pub reversal_journal_entry_id: Option<u64>,
    pub bank_transaction_id: Option<u64>,
}

/// Body of the designed create route.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(bound = "")]
#[schemars(rename = "{S}In", transform = body_example::<S>)]
pub struct PaymentIn<S: PaymentSide> {
    #[serde(flatten)]
    pub party: S::PartyIn,
    /// Defaults to today.
    #[schemars(transform = shared::http::schema::date)]
    pub date: Option<String>,
    #[schemars(required, transform = shared::http::schema::id)]
    pub bank_account_id: Option<u64>,
    /// Positive.
    #[schemars(required, transform = shared::money::more_than_zero)]
    pub amount: Option<Money>,
    pub reference_number: Option<Text<60>>,
    pub notes: Option<Text<500>>,
    /// At most 20, each invoice once; their sum at most `amount`.
    #[serde(default)]
    #[schemars(length(max = MAX_ALLOCATIONS))]
    pub allocations: Vec<AllocationIn>,
    /// `cleared` (the default) posts it now; `pending` records it to clear later.
    #[schemars(transform = created_status)]
    pub status: Option<PaymentStatus>,
}

/// A create body's example, each side's own.
fn body_example<S: PaymentSide>(schema: &mut schemars::Schema) {
    schema.insert("examples".into(), serde_json::json!([S::body_example()]));
}

/// A new payment's documented `status`: the two it may start in (it is cancelled later).
fn created_status(schema: &mut schemars::Schema) {
    let description = schema.remove("description");
    *schema = schemars::json_schema!({"type": "string", "nullable": true});
    shared::http::schema::values(
        schema,
        [PaymentStatus::Cleared, PaymentStatus::Pending]
            .into_iter()
            .map(PaymentStatus::as_str),
        true,
    );
    if let Some(description) = description {
        schema.insert("description".into(), description);
    }
}

/// What tells a vendor payment from a customer payment.
pub trait PaymentKind: Resource<Patch = NoChange> + Clone {
    type Invoice: Payable;
    /// The journal's and the bank's name of the document (`vendor_payment`).
    const SOURCE: &'static str;
    /// The account it clears: payables `2000` or receivables `1100`.
    const CONTROL_CODE: &'static str;
    /// Money leaves the bank (a vendor payment) rather than reaching it.
    const PAYS_OUT: bool;
    fn party_id(&self) -> u64;
    fn payment(&self) -> &Payment;
    fn payment_mut(&mut self) -> &mut Payment;
}

/// Validates the shared fields of a create body and the allocations against `party_id`'s open
/// invoices; the record's number is set by the caller once the id is reserved.
pub async fn build_payment<K: PaymentKind, S: PaymentSide>(
    cx: Cx<'_>,
    input: PaymentIn<S>,
) -> Result<(u64, Payment), ApiError> {
    let party_field = S::PARTY_FIELD;
    let mut errors = FieldErrors::default();
    let party_id = errors.id(party_field, input.party.id());
    let party_id = errors.required(party_field, party_id);
    let bank_account_id = errors.required("bank_account_id", input.bank_account_id);
    let amount = banking::positive(&mut errors, "amount", input.amount);
    let date = errors.date("date", input.date);
    let reference_number = errors.text("reference_number", input.reference_number);
    let notes = errors.text("notes", input.notes);
    if input.status == Some(PaymentStatus::Cancelled) {
        errors.add("status", "A payment is created pending or cleared.");
    }
    if input.allocations.len() > MAX_ALLOCATIONS {
        errors.add(
            "allocations",
            format!("A payment settles at most {MAX_ALLOCATIONS} invoices; split it."),
        );
    }
    let mut wanted = Vec::with_capacity(input.allocations.len());
    let mut seen = HashSet::new();
    for (i, allocation) in input.allocations.iter().enumerate() {
        let invoice_id = errors.required(&format!("allocations[{i}].invoice_id"), allocation.invoice_id);
        let share = banking::positive(&mut errors, &format!("allocations[{i}].amount"), allocation.amount);
        if let Some(id) = invoice_id {
            if !seen.insert(id) {
                errors.add(&format!("allocations[{i}].invoice_id"), "Name each invoice once.");
            }
        }
        if let (Some(id), Some(share)) = (invoice_id, share) {
            wanted.push((id, share));
        }
    }
    if let Some(amount) = amount {
        let allocated: Money = wanted.iter().map(|w| w.1).sum();
        if allocated > amount {
            errors.add(
                "allocations",
                format!("The allocations ({allocated}) exceed the payment's amount ({amount})."),
            );
        }
    }
    if let Some(id) = party_id {
        type Party<K> = <<K as PaymentKind>::Invoice as Payable>::Party;
        if ops::find::<Party<K>>(cx, id).await?.is_none() {
            errors.add(
                party_field,
                format!("No {} has id {id}.", Party::<K>::NAME.to_lowercase()),
            );
        }
    }
    if let Some(id) = bank_account_id {
        banking::active_account(cx, &mut errors, "bank_account_id", id).await?;
    }
    let (party_id, bank_account_id, amount) = errors.finish((party_id, bank_account_id, amount))?;
    let allocations = check_allocations::<K::Invoice>(cx, party_id, &wanted).await?.0;
    let allocated: Money = allocations.iter().map(|a| a.amount).sum();
    let payment = Payment {
        number: String::new(),
        date: date.unwrap_or_else(Date::today),
        bank_account_id,
        reference_number,
        notes,
        amount,
        allocations,
        unallocated_amount: amount.minus(allocated),
        status: input.status.unwrap_or(PaymentStatus::Cleared),
        cleared_at: None,
        cancelled_at: None,
        journal_entry_id: None,
        reversal_journal_entry_id: None,
        bank_transaction_id: None,
    };
    Ok((party_id, payment))
}

/// Checks each `(invoice id, amount)` against the invoices as they are now: the party's, open,
/// owing at least that much (422 on the allocation otherwise). Returns the allocations and the
/// invoices read.
async fn check_allocations<I: Payable>(
    cx: Cx<'_>,
    party_id: u64,
    wanted: &[(u64, Money)],
) -> Result<(Vec<Allocation>, HashMap<u64, I>), ApiError> {
    let ids: Vec<u64> = wanted.iter().map(|w| w.0).collect();
    let invoices: HashMap<u64, I> = ops::load_many::<I>(cx, &ids)
        .await?
        .into_iter()
        .map(|i| (i.meta().id, i))
        .collect();
    let mut errors = FieldErrors::default();
    let mut allocations = Vec::with_capacity(wanted.len());
    for (i, (id, amount)) in wanted.iter().enumerate() {
        let field = format!("allocations[{i}].invoice_id");
        let Some(invoice) = invoices.get(id).filter(|inv| inv.party_id() == party_id) else {
            errors.add(&field, format!("This party has no invoice with id {id}."));
            continue;
        };
        match invoice.open_balance() {
            Err(why) => errors.add(&field, why),
            Ok(balance) if *amount > balance => errors.add(
                &format!("allocations[{i}].amount"),
                format!("{} owes {balance}; allocate at most that.", invoice.number()),
            ),
            Ok(_) => allocations.push(Allocation {
                invoice_id: *id,
                invoice_number: invoice.number().to_string(),
                amount: *amount,
            }),
        }
    }
    errors.into_result((allocations, invoices))
}

/// The writes that clear `payment` (its record's change excepted): the invoices settled, the
/// journal entry and the bank transaction; `payment` is updated to what it becomes.
async fn clear_writes<K: PaymentKind>(cx: Cx<'_>, payment: &mut K) -> Result<Vec<Write>, ApiError> {
    let id = payment.meta().id;
    let fields = payment.payment().clone();
    let wanted: Vec<(u64, Money)> = fields.allocations.iter().map(|a| (a.invoice_id, a.amount)).collect();
    let (_, invoices) = check_allocations::<K::Invoice>(cx, payment.party_id(), &wanted).await?;
    let mut writes = settle_writes(cx, &invoices, &wanted, false)?;
    let (entry_id, transaction_id, posting) = post_writes::<K>(cx, id, &fields, false).await?;
    writes.extend(posting);
    let after = payment.payment_mut();
    after.status = PaymentStatus::Cleared;
    after.cleared_at = Some(now_rfc3339());
    after.journal_entry_id = Some(entry_id);
    after.bank_transaction_id = Some(transaction_id);
    Ok(writes)
}

/// Each invoice of `allocations` with the amount settled (given back when `reverse`).
fn settle_writes<I: Payable>(
    cx: Cx<'_>,
    invoices: &HashMap<u64, I>,
    allocations: &[(u64, Money)],
    reverse: bool,
) -> Result<Vec<Write>, ApiError> {
    let mut writes = Vec::new();
    for (id, amount) in allocations {
        let Some(before) = invoices.get(id) else {
            continue;
        };
        let mut after = before.clone();
        after.settle(if reverse { Money::ZERO.minus(*amount) } else { *amount });
        writes.extend(change_with_paid_event(cx, before, &mut after)?);
    }
    Ok(writes)
}

/// The journal entry and the bank transaction of a payment (or of its reversal).
async fn post_writes<K: PaymentKind>(
    cx: Cx<'_>,
    id: u64,
    payment: &Payment,
    reverse: bool,
) -> Result<(u64, u64, Vec<Write>), ApiError> {
    let bank = ops::load::<BankAccount>(cx, payment.bank_account_id).await?;
    let control = ledger::by_codes(cx, &[K::CONTROL_CODE])
        .await?
        .remove(K::CONTROL_CODE)
        .ok_or_else(|| ApiError::internal(anyhow::anyhow!("GL account {} is missing", K::CONTROL_CODE)))?;
    // Money leaves the bank for a vendor payment and for a cancelled customer payment.
    let out = K::PAYS_OUT != reverse;
    let (bank_side, control_side) = match out {
        true => (
            Line::credit(bank.gl_account_id, payment.amount),
            Line::debit(control.meta.id, payment.amount),
        ),
        false => (
            Line::debit(bank.gl_account_id, payment.amount),
            Line::credit(control.meta.id, payment.amount),
        ),
    };
    let source = Source { kind: K::SOURCE, id };
    let memo = match reverse {
        false => format!("{} {}", K::NAME, payment.number),
        true => format!("{} {} cancelled", K::NAME, payment.number),
    };
    let date = match reverse {
        false => payment.date.clone(),
        true => Date::today(),
    };
    let movement = match out {
        true => (TransactionKind::Withdrawal, Money::ZERO.minus(payment.amount)),
        false => (TransactionKind::Deposit, payment.amount),
    };
    banking::posted_movement(cx, &bank, date, &memo, source, &[control_side, bank_side], movement).await
}

/// Stores a new payment (built by [`build_payment`], its id reserved) with the next number of its
/// series, cleared in the same transaction unless it is pending (the clearing's journal entry and
/// bank movement name the number).
pub async fn create<K: PaymentKind>(cx: Cx<'_>, payment: K) -> Result<K, ApiError> {
    let cleared = payment.payment().status == PaymentStatus::Cleared;
    ops::insert_built_naming(cx, payment, Vec::new(), |mut numbered: K| async move {
        let writes = match cleared {
            true => clear_writes(cx, &mut numbered).await?,
            false => Vec::new(),
        };
        Ok((numbered, writes))
    })
    .await
}

/// `pending → cleared`.
pub async fn clear<K: PaymentKind>(cx: Cx<'_>, id: u64) -> Result<K, ApiError> {
    let current = ops::load::<K>(cx, id).await?;
    if current.payment().status != PaymentStatus::Pending {
        return Err(ApiError::invalid_transition(format!(
            "Only a pending payment can be cleared; this one is {}.",
            current.payment().status.as_str()
        )));
    }
    let mut after = current.clone();
    let writes = clear_writes(cx, &mut after).await?;
    ops::save(cx, &current, after, writes).await
}

/// `pending | cleared → cancelled`: a cleared payment's entry and movement are reversed and its
/// invoices owe again what it settled.
pub async fn cancel<K: PaymentKind>(cx: Cx<'_>, id: u64) -> Result<K, ApiError> {
    let current = ops::load::<K>(cx, id).await?;
    let fields = current.payment().clone();
    let mut after = current.clone();
    let mut writes = Vec::new();
    match fields.status {
        PaymentStatus::Cancelled => {
            return Err(ApiError::invalid_transition("This payment is already cancelled."));
        }
        PaymentStatus::Pending => {}
        PaymentStatus::Cleared => {
            let allocations: Vec<(u64, Money)> = fields.allocations.iter().map(|a| (a.invoice_id, a.amount)).collect();
            let ids: Vec<u64> = allocations.iter().map(|a| a.0).collect();
            let invoices: HashMap<u64, K::Invoice> = ops::load_many::<K::Invoice>(cx, &ids)
                .await?
                .into_iter()
                .map(|i| (i.meta().id, i))
                .collect();
            writes.extend(settle_writes(cx, &invoices, &allocations, true)?);
            let (entry_id, _, posting) = post_writes::<K>(cx, id, &fields, true).await?;
            writes.extend(posting);
            after.payment_mut().reversal_journal_entry_id = Some(entry_id);
        }
    }
    let cancelled = after.payment_mut();
    cancelled.status = PaymentStatus::Cancelled;
    cancelled.cancelled_at = Some(now_rfc3339());
    ops::save(cx, &current, after, writes).await
}

/// What one kind of payment adds to a [`Payment`]: its party (the field named for it), its
/// invoices, its books, its create body and filters. Its schema's name and description are the
/// record's ([`shared::resource::kind_schema`]).
pub trait PaymentSide:
    Serialize + serde::de::DeserializeOwned + JsonSchema + Clone + std::fmt::Debug + Send + Sync + 'static
{
    const KIND: &'static str;
    const NAME: &'static str;
    const SERIES: &'static Series;
    /// The journal's and the bank's name of the document (`vendor_payment`).
    const SOURCE: &'static str;
    /// The account it clears: payables `2000` or receivables `1100`.
    const CONTROL_CODE: &'static str;
    /// Money leaves the bank (a vendor payment) rather than reaching it.
    const PAYS_OUT: bool;
    type Invoice: Payable;
    /// The party's field (`vendor_id`), in the record, the body and the filters.
    const PARTY_FIELD: &'static str;
    /// The party's part of the create body ([`PaymentIn`]).
    type PartyIn: PartyField;
    type Filters: serde::de::DeserializeOwned + Serialize + JsonSchema + Send + Sync + 'static;
    /// The create body's example in the document.
    fn body_example() -> serde_json::Value;
    fn with_party(party_id: u64) -> Self;
    fn party(&self) -> u64;
    fn example() -> serde_json::Value;
}

/// A vendor or customer payment: a [`Payment`] with the party of its side `S`.
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
#[serde(bound = "")]
#[schemars(rename = "{S}", transform = shared::resource::kind_schema::<S>)]
pub struct PaymentRecord<S: PaymentSide> {
    #[serde(flatten)]
    pub meta: Meta,
    #[serde(flatten)]
    pub side: S,
    #[serde(flatten)]
    pub payment: Payment,
}

impl<S: PaymentSide> Resource for PaymentRecord<S> {
    fn example() -> Option<serde_json::Value> {
        Some(S::example())
    }

    const KIND: &'static str = S::KIND;
    const NAME: &'static str = S::NAME;
    const MODULE: Module = Module::Accounting;
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[
            Sort::new("date", |p| IndexValue::date(&p.payment.date)),
            Sort::new("amount", |p| IndexValue::money(p.payment.amount.decimal())),
        ],
        filters: &[
            Filter::<Self>::one(S::PARTY_FIELD, |p| IndexValue::id(p.side.party())).sorted_by(&["date"]),
            Filter::<Self>::one("status", |p| IndexValue::text(p.payment.status.as_str())),
            Filter::<Self>::one("bank_account_id", |p| IndexValue::id(p.payment.bank_account_id)),
        ],
        sums: &[],
    };
    const REFS: &'static [Ref<Self>] = &[
        Ref::to(<<S::Invoice as Payable>::Party as Resource>::KIND, |p| {
            vec![p.side.party()]
        }),
        Ref::to(<BankAccount as Resource>::KIND, |p| vec![p.payment.bank_account_id]),
        Ref::to(<S::Invoice as Resource>::KIND, |p| {
            p.payment.allocations.iter().map(|a| a.invoice_id).collect()
        }),
    ];
    type In = PaymentIn<S>;
    type Patch = NoChange;
    type Out = Self;
    type Filters = S::Filters;
    const SERIES: Option<&'static Series> = Some(S::SERIES);
    shared::meta_field!();

    fn set_number(&mut self, number: String) {
        self.payment.number = number;
    }

    async fn build(cx: Cx<'_>, input: PaymentIn<S>) -> Result<Self, ApiError> {
        let (party_id, payment) = build_payment::<Self, S>(cx, input).await?;
        // The id only once the body is valid; the number comes with the transaction that
        // stores it (`SERIES`).
        let id = ops::reserve_id::<Self>(cx).await?;
        Ok(Self {
            meta: Meta { id, ..Meta::default() },
            side: S::with_party(party_id),
            payment,
        })
    }

    fn search_text(&self) -> String {
        format!(
            "{} {}",
            self.payment.number,
            self.payment.reference_number.as_deref().unwrap_or_default()
        )
    }
}

impl<S: PaymentSide> PaymentKind for PaymentRecord<S> {
    type Invoice = S::Invoice;
    const SOURCE: &'static str = S::SOURCE;
    const CONTROL_CODE: &'static str = S::CONTROL_CODE;
    const PAYS_OUT: bool = S::PAYS_OUT;
    fn party_id(&self) -> u64 {
        self.side.party()
    }
    fn payment(&self) -> &Payment {
        &self.payment
    }
    fn payment_mut(&mut self) -> &mut Payment {
        &mut self.payment
    }
}

/// The party's id, `?status=` and `?bank_account_id=` on the list.
#[derive(Debug, Default, Serialize, Deserialize, JsonSchema)]
pub struct VendorPaymentFilters {
    pub vendor_id: Option<u64>,
    pub status: Option<PaymentStatus>,
    pub bank_account_id: Option<u64>,
}

/// A payment to a vendor, settling its purchase invoices.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[schemars(rename = "VendorPayment")]
pub struct VendorSide {
    pub vendor_id: u64,
}

pub type VendorPayment = PaymentRecord<VendorSide>;

impl PaymentSide for VendorSide {
    const KIND: &'static str = "acc_vendor_payment";
    const NAME: &'static str = "Vendor payment";
    const SERIES: &'static Series = &numbering::VENDOR_PAYMENT;
    const SOURCE: &'static str = "vendor_payment";
    const CONTROL_CODE: &'static str = crate::purchases::PAYABLE;
    const PAYS_OUT: bool = true;
    type Invoice = PurchaseInvoice;
    const PARTY_FIELD: &'static str = "vendor_id";
    type PartyIn = VendorIn;
    type Filters = VendorPaymentFilters;

    fn body_example() -> serde_json::Value {
        serde_json::json!({"vendor_id": 1, "bank_account_id": 1, "amount": 540, "date": "2026-03-20", "allocations": [{"invoice_id": 1, "amount": 540}]})
    }
    fn with_party(vendor_id: u64) -> Self {
        Self { vendor_id }
    }
    fn party(&self) -> u64 {
        self.vendor_id
    }
    fn example() -> serde_json::Value {
        // On account (no allocations): what the vendor will take off its next invoices.
        serde_json::json!({
            "vendor_id": example::id_of::<crate::parties::Vendor>(), "bank_account_id": example::id_of::<crate::banking::BankAccount>(),
            "amount": 250, "date": "2026-03-20", "reference_number": "TRF-20260320",
            "notes": "Advance on the April office supplies order."
        })
    }
}

/// The party's id, `?status=` and `?bank_account_id=` on the list.
#[derive(Debug, Default, Serialize, Deserialize, JsonSchema)]
pub struct CustomerPaymentFilters {
    pub customer_id: Option<u64>,
    pub status: Option<PaymentStatus>,
    pub bank_account_id: Option<u64>,
}

/// A payment from a customer, settling its sales invoices.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[schemars(rename = "CustomerPayment")]
pub struct CustomerSide {
    pub customer_id: u64,
}

pub type CustomerPayment = PaymentRecord<CustomerSide>;

impl PaymentSide for CustomerSide {
    const KIND: &'static str = "acc_customer_payment";
    const NAME: &'static str = "Customer payment";
    const SERIES: &'static Series = &numbering::CUSTOMER_PAYMENT;
    const SOURCE: &'static str = "customer_payment";
    const CONTROL_CODE: &'static str = crate::sales_invoices::RECEIVABLE;
    const PAYS_OUT: bool = false;
    type Invoice = SalesInvoice;
    const PARTY_FIELD: &'static str = "customer_id";
    type PartyIn = CustomerIn;
    type Filters = CustomerPaymentFilters;

    fn body_example() -> serde_json::Value {
        serde_json::json!({"customer_id": 1, "bank_account_id": 1, "amount": 120, "date": "2026-03-20", "allocations": [{"invoice_id": 1, "amount": 120}]})
    }
    fn with_party(customer_id: u64) -> Self {
        Self { customer_id }
    }
    fn party(&self) -> u64 {
        self.customer_id
    }
    fn example() -> serde_json::Value {
        // On account (no allocations): a deposit taken off the customer's next invoices.
        serde_json::json!({
            "customer_id": example::id_of::<crate::parties::Customer>(), "bank_account_id": example::id_of::<crate::banking::BankAccount>(),
            "amount": 300, "date": "2026-03-21", "reference_number": "NW-DEP-0321",
            "notes": "Deposit on the showroom lighting order."
        })
    }
}

/// `POST /api/vendor-payments/create`, `POST /api/customer-payments/create` (designed): a
/// payment, cleared at once unless the body says `pending`.
pub async fn create_payment<K: PaymentKind>(
    caller: Caller,
    ValidJson(input): ValidJson<K::In>,
) -> Result<(StatusCode, Json<K>), ApiError> {
    let cx = caller.cx();
    handlers::answers_created::<K, K>();
    let payment = K::build(cx, input).await?;
    Ok((StatusCode::CREATED, Json(create(cx, payment).await?)))
}

/// `POST /api/…-payments/clear/{id}` (designed): `pending → cleared`.
pub async fn clear_payment<K: PaymentKind>(caller: Caller, ValidPath(id): ValidPath<u64>) -> Result<Json<K>, ApiError> {
    Ok(Json(clear(caller.cx(), id).await?))
}

/// `POST /api/…-payments/cancel/{id}` (designed): `pending | cleared → cancelled`.
pub async fn cancel_payment<K: PaymentKind>(
    caller: Caller,
    ValidPath(id): ValidPath<u64>,
) -> Result<Json<K>, ApiError> {
    Ok(Json(cancel(caller.cx(), id).await?))
}
