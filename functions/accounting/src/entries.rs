//! Expenses and revenues: `draft -approve→ approved -post→ posted`, each step only from the one
//! before (409 `invalid_transition` otherwise). A draft is changed and deleted freely; an approved
//! or posted one is not. Posting writes, in the transaction of the state change, the number (the
//! next of the kind's series: a draft has none, so a deleted draft leaves no gap), the journal
//! entry (an expense debits its category and credits the bank account's GL account; a revenue the
//! other way) and the bank transaction with its running balance.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use shared::auth::Module;
use shared::domain::{Date, Text};
use shared::handlers::Caller;
use shared::http::Json;
use shared::http::{ApiError, FieldErrors, ValidPath};
use shared::money::Money;
use shared::resource::example;
use shared::resource::index::IndexValue;
use shared::resource::numbering::{self, Series};
use shared::resource::{ops, Assign, Cx, Events, Filter, Lists, Meta, Ref, Resource, Sort};
use shared::store::Write;
use shared::time::now_rfc3339;

use crate::banking::{self, BankAccount, Movement, TransactionKind};
use crate::journal::{self, Line, Source};
use crate::ledger::{CategoryKind, GlAccount};
use crate::parties::{Customer, Vendor};

shared::choice! {
    /// Where an expense or revenue stands.
    pub enum EntryStatus {
        Draft = "draft",
        Approved = "approved",
        Posted = "posted",
    }
}

/// The fields expenses and revenues share.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct Entry {
    /// `EXP-000001` / `REV-000001`, given when posted; `null` before.
    pub number: Option<String>,
    pub date: Date,
    /// The GL account it is filed under: an expense (6000+) or revenue category.
    pub category_id: u64,
    /// The bank account the money leaves or reaches when posted.
    pub bank_account_id: u64,
    pub amount: Money,
    pub reference_number: Option<String>,
    pub description: Option<String>,
    pub status: EntryStatus,
    pub approved_by: Option<u64>,
    pub approved_at: Option<String>,
    pub posted_at: Option<String>,
    pub journal_entry_id: Option<u64>,
    pub bank_transaction_id: Option<u64>,
}

/// Body of `POST /api/expenses/create` and `POST /api/revenues/create`.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(example = serde_json::json!({"date": "2026-03-01", "category_id": 14, "bank_account_id": 1, "amount": 120.5, "description": "March rent"}))]
pub struct EntryIn {
    /// Defaults to today.
    #[schemars(transform = shared::http::schema::date)]
    pub date: Option<String>,
    #[schemars(required, transform = shared::http::schema::id)]
    pub category_id: Option<u64>,
    #[schemars(required, transform = shared::http::schema::id)]
    pub bank_account_id: Option<u64>,
    /// Positive.
    #[schemars(required, transform = shared::money::more_than_zero)]
    pub amount: Option<Money>,
    pub reference_number: Option<Text<60>>,
    pub description: Option<Text<500>>,
    /// An expense's vendor (expenses only).
    #[schemars(transform = shared::http::schema::id)]
    pub vendor_id: Option<u64>,
    /// A revenue's customer (revenues only).
    #[schemars(transform = shared::http::schema::id)]
    pub customer_id: Option<u64>,
}

/// Body of the update routes (drafts only): absent fields stay.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(transform = shared::resource::patch_schema)]
pub struct EntryPatch {
    #[schemars(transform = shared::http::schema::date)]
    pub date: Option<String>,
    #[schemars(transform = shared::http::schema::id)]
    pub category_id: Option<u64>,
    #[schemars(transform = shared::http::schema::id)]
    pub bank_account_id: Option<u64>,
    /// Positive.
    #[schemars(transform = shared::money::more_than_zero)]
    pub amount: Option<Money>,
    #[serde(default, with = "shared::resource::Clearable::<Text<60>>")]
    pub reference_number: Option<Option<Text<60>>>,
    #[serde(default, with = "shared::resource::Clearable::<Text<500>>")]
    pub description: Option<Option<Text<500>>>,
    /// An expense's vendor (expenses only); `null` leaves it without one.
    #[schemars(transform = shared::http::schema::id)]
    #[serde(default, with = "shared::resource::Clearable::<u64>")]
    pub vendor_id: Option<Option<u64>>,
    /// A revenue's customer (revenues only); `null` leaves it without one.
    #[schemars(transform = shared::http::schema::id)]
    #[serde(default, with = "shared::resource::Clearable::<u64>")]
    pub customer_id: Option<Option<u64>>,
}

/// `?status=`, `?category_id=`, `?bank_account_id=` on the lists.
#[derive(Debug, Default, Serialize, Deserialize, JsonSchema)]
pub struct EntryFilters {
    pub status: Option<EntryStatus>,
    pub category_id: Option<u64>,
    pub bank_account_id: Option<u64>,
}

/// What tells an expense from a revenue: its names, its series, its category's kind, the
/// direction the money goes, and its party (an expense's vendor, a revenue's customer), whose
/// field it holds ([`EntryRecord`]). Its schema's name and description are the record's
/// ([`shared::resource::kind_schema`]).
pub trait Flow:
    Serialize + serde::de::DeserializeOwned + JsonSchema + Clone + std::fmt::Debug + Send + Sync + 'static
{
    const KIND: &'static str;
    const NAME: &'static str;
    /// The series whose next number it gets when posted.
    const NUMBERS: &'static Series;
    const SOURCE: &'static str;
    const CATEGORY: CategoryKind;
    /// The party's kind, and the body field of the other kind's party, which this one refuses.
    type Party: Resource;
    const PARTY_FIELD: &'static str;
    const OTHER_PARTY_FIELD: &'static str;
    fn with_party(party: Option<u64>) -> Self;
    fn party(&self) -> Option<u64>;
    /// Its own party and the other kind's, as the create body names them.
    fn parties(input: &EntryIn) -> (Option<u64>, Option<u64>);
    /// Its own party and the other kind's, as the update body names them.
    fn patched_parties(patch: &EntryPatch) -> (Option<Option<u64>>, Option<Option<u64>>);
    /// The journal lines of posting `amount` between `category` and the bank's GL account.
    fn lines(category: u64, bank_gl: u64, amount: Money) -> [Line; 2];
    /// The bank movement's kind and signed amount.
    fn movement(amount: Money) -> (TransactionKind, Money);
    fn example() -> serde_json::Value;
    fn example_update() -> serde_json::Value;
}

/// Checks the references of a body: the category (of the right kind), the bank account, the
/// party (its own kind, `party_field`).
async fn check_refs<F: Flow>(
    cx: Cx<'_>,
    errors: &mut FieldErrors,
    category_id: Option<u64>,
    bank_account_id: Option<u64>,
) -> Result<(), ApiError> {
    if let Some(id) = category_id {
        match ops::find::<GlAccount>(cx, id).await? {
            Some(a) if a.category == F::CATEGORY => {}
            _ => errors.add(
                "category_id",
                format!("No {} category has id {id}.", F::CATEGORY.as_str()),
            ),
        }
    }
    if let Some(id) = bank_account_id {
        banking::active_account(cx, errors, "bank_account_id", id).await?;
    }
    Ok(())
}

async fn build_entry<F: Flow>(
    cx: Cx<'_>,
    input: &mut EntryIn,
    errors: &mut FieldErrors,
) -> Result<Option<Entry>, ApiError> {
    let date = errors.date("date", input.date.take());
    let category_id = errors.required("category_id", input.category_id);
    let bank_account_id = errors.required("bank_account_id", input.bank_account_id);
    let amount = banking::positive(errors, "amount", input.amount);
    let reference_number = errors.text("reference_number", input.reference_number.take());
    let description = errors.text("description", input.description.take());
    check_refs::<F>(cx, errors, category_id, bank_account_id).await?;
    let (Some(category_id), Some(bank_account_id), Some(amount)) = (category_id, bank_account_id, amount) else {
        return Ok(None);
    };
    Ok(Some(Entry {
        number: None,
        date: date.unwrap_or_else(Date::today),
        category_id,
        bank_account_id,
        amount,
        reference_number,
        description,
        status: EntryStatus::Draft,
        approved_by: None,
        approved_at: None,
        posted_at: None,
        journal_entry_id: None,
        bank_transaction_id: None,
    }))
}

fn only_drafts(entry: &Entry, name: &str, action: &str) -> Result<(), ApiError> {
    match entry.status {
        EntryStatus::Draft => Ok(()),
        status => Err(ApiError::invalid_transition(format!(
            "Only a draft {name} can be {action}; this one is {}.",
            status.as_str()
        ))),
    }
}

async fn apply_entry<F: Flow>(
    cx: Cx<'_>,
    entry: &mut Entry,
    patch: &mut EntryPatch,
    errors: &mut FieldErrors,
) -> Result<(), ApiError> {
    let date = errors.date("date", patch.date.take());
    let amount = match patch.amount {
        Some(_) => banking::positive(errors, "amount", patch.amount),
        None => None,
    };
    let reference_number = patch
        .reference_number
        .take()
        .map(|r| errors.text("reference_number", r));
    let description = patch.description.take().map(|d| errors.text("description", d));
    check_refs::<F>(cx, errors, patch.category_id, patch.bank_account_id).await?;
    entry.date.assign(date);
    entry.amount.assign(amount);
    entry.category_id.assign(patch.category_id);
    entry.bank_account_id.assign(patch.bank_account_id);
    entry.reference_number.assign(reference_number);
    entry.description.assign(description);
    Ok(())
}

/// An expense or a revenue: an [`Entry`] with the party of its kind `F`.
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
#[serde(bound = "")]
#[schemars(rename = "{F}", transform = shared::resource::kind_schema::<F>)]
pub struct EntryRecord<F: Flow> {
    #[serde(flatten)]
    pub meta: Meta,
    #[serde(flatten)]
    pub entry: Entry,
    #[serde(flatten)]
    pub own: F,
}

/// 422 on the other kind's party field when the body names one.
fn refuse_other_party<F: Flow>(errors: &mut FieldErrors, named: bool) {
    if named {
        errors.add(
            F::OTHER_PARTY_FIELD,
            format!("A {} names no {}.", F::NAME, F::OTHER_PARTY_FIELD),
        );
    }
}

impl<F: Flow> Resource for EntryRecord<F> {
    fn example() -> Option<serde_json::Value> {
        Some(F::example())
    }

    fn example_update() -> Option<serde_json::Value> {
        Some(F::example_update())
    }

    const KIND: &'static str = F::KIND;
    const NAME: &'static str = F::NAME;
    const MODULE: Module = Module::Accounting;
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[
            Sort::new("date", |e| IndexValue::date(&e.entry.date)),
            Sort::new("amount", |e| IndexValue::money(e.entry.amount.decimal())),
        ],
        filters: &[
            Filter::<Self>::one("status", |e| IndexValue::text(e.entry.status.as_str())).sorted_by(&["date"]),
            Filter::<Self>::one("category_id", |e| IndexValue::id(e.entry.category_id)),
            Filter::<Self>::one("bank_account_id", |e| IndexValue::id(e.entry.bank_account_id)),
        ],
        sums: &[],
    };
    const REFS: &'static [Ref<Self>] = &[
        Ref::to(<GlAccount as Resource>::KIND, |e| vec![e.entry.category_id]),
        Ref::to(<BankAccount as Resource>::KIND, |e| vec![e.entry.bank_account_id]),
        Ref::to(<F::Party as Resource>::KIND, |e| e.own.party().into_iter().collect()),
    ];
    const EVENTS: Events = Events::NONE;
    type In = EntryIn;
    type Patch = EntryPatch;
    type Out = Self;
    type Filters = EntryFilters;
    shared::meta_field!();

    async fn build(cx: Cx<'_>, mut input: EntryIn) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let entry = build_entry::<F>(cx, &mut input, &mut errors).await?;
        let (party, other) = F::parties(&input);
        crate::documents::check_party::<F::Party>(cx, &mut errors, F::PARTY_FIELD, party).await?;
        refuse_other_party::<F>(&mut errors, other.is_some());
        let entry = errors.finish(entry)?;
        // The id only once the body is valid; the number comes with the posting.
        let id = ops::reserve_id::<Self>(cx).await?;
        Ok(Self {
            meta: Meta { id, ..Meta::default() },
            entry,
            own: F::with_party(party),
        })
    }

    async fn apply(&mut self, cx: Cx<'_>, mut patch: EntryPatch) -> Result<(), ApiError> {
        only_drafts(&self.entry, &F::NAME.to_lowercase(), "changed")?;
        let mut errors = FieldErrors::default();
        apply_entry::<F>(cx, &mut self.entry, &mut patch, &mut errors).await?;
        let (party, other) = F::patched_parties(&patch);
        crate::documents::check_party::<F::Party>(cx, &mut errors, F::PARTY_FIELD, party.flatten()).await?;
        // `null` on the other kind's party asks for what the record already is: without one.
        refuse_other_party::<F>(&mut errors, matches!(other, Some(Some(_))));
        errors.into_result(())?;
        let mut current = self.own.party();
        current.assign(party);
        self.own = F::with_party(current);
        Ok(())
    }

    fn search_text(&self) -> String {
        format!(
            "{} {} {}",
            self.entry.number.as_deref().unwrap_or_default(),
            self.entry.reference_number.as_deref().unwrap_or_default(),
            self.entry.description.as_deref().unwrap_or_default()
        )
    }

    async fn before_delete(&self, _cx: Cx<'_>) -> Result<Vec<Write>, ApiError> {
        only_drafts(&self.entry, &F::NAME.to_lowercase(), "deleted")?;
        Ok(Vec::new())
    }
}

/// Money spent: an expense and its vendor.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[schemars(rename = "Expense")]
pub struct ExpenseKind {
    pub vendor_id: Option<u64>,
}

pub type Expense = EntryRecord<ExpenseKind>;

impl Flow for ExpenseKind {
    const KIND: &'static str = "acc_expense";
    const NAME: &'static str = "Expense";
    const NUMBERS: &'static Series = &numbering::EXPENSE;
    const SOURCE: &'static str = "expense";
    const CATEGORY: CategoryKind = CategoryKind::Expense;
    type Party = Vendor;
    const PARTY_FIELD: &'static str = "vendor_id";
    const OTHER_PARTY_FIELD: &'static str = "customer_id";

    fn with_party(vendor_id: Option<u64>) -> Self {
        Self { vendor_id }
    }
    fn party(&self) -> Option<u64> {
        self.vendor_id
    }
    fn parties(input: &EntryIn) -> (Option<u64>, Option<u64>) {
        (input.vendor_id, input.customer_id)
    }
    fn patched_parties(patch: &EntryPatch) -> (Option<Option<u64>>, Option<Option<u64>>) {
        (patch.vendor_id, patch.customer_id)
    }
    fn lines(category: u64, bank_gl: u64, amount: Money) -> [Line; 2] {
        [Line::debit(category, amount), Line::credit(bank_gl, amount)]
    }
    fn movement(amount: Money) -> (TransactionKind, Money) {
        (TransactionKind::Withdrawal, Money::ZERO.minus(amount))
    }
    fn example() -> serde_json::Value {
        serde_json::json!({
            "date": "2026-03-04", "category_id": example::first_of("/api/expense-categories"),
            "bank_account_id": example::id_of::<crate::banking::BankAccount>(), "amount": 86.4,
            "reference_number": "BOS-2026-0318", "description": "Printer paper and toner",
            "vendor_id": example::id_of::<crate::parties::Vendor>()
        })
    }
    fn example_update() -> serde_json::Value {
        serde_json::json!({"amount": 92.15, "description": "Printer paper, toner and staples"})
    }
}

/// Money received: a revenue and its customer.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[schemars(rename = "Revenue")]
pub struct RevenueKind {
    pub customer_id: Option<u64>,
}

pub type Revenue = EntryRecord<RevenueKind>;

impl Flow for RevenueKind {
    const KIND: &'static str = "acc_revenue";
    const NAME: &'static str = "Revenue";
    const NUMBERS: &'static Series = &numbering::REVENUE;
    const SOURCE: &'static str = "revenue";
    const CATEGORY: CategoryKind = CategoryKind::Revenue;
    type Party = Customer;
    const PARTY_FIELD: &'static str = "customer_id";
    const OTHER_PARTY_FIELD: &'static str = "vendor_id";

    fn with_party(customer_id: Option<u64>) -> Self {
        Self { customer_id }
    }
    fn party(&self) -> Option<u64> {
        self.customer_id
    }
    fn parties(input: &EntryIn) -> (Option<u64>, Option<u64>) {
        (input.customer_id, input.vendor_id)
    }
    fn patched_parties(patch: &EntryPatch) -> (Option<Option<u64>>, Option<Option<u64>>) {
        (patch.customer_id, patch.vendor_id)
    }
    fn lines(category: u64, bank_gl: u64, amount: Money) -> [Line; 2] {
        [Line::debit(bank_gl, amount), Line::credit(category, amount)]
    }
    fn movement(amount: Money) -> (TransactionKind, Money) {
        (TransactionKind::Deposit, amount)
    }
    fn example() -> serde_json::Value {
        serde_json::json!({
            "date": "2026-03-06", "category_id": example::first_of("/api/revenue-categories"),
            "bank_account_id": example::id_of::<crate::banking::BankAccount>(), "amount": 640,
            "reference_number": "CS-0306", "description": "Counter sale of ex-display lamps",
            "customer_id": example::id_of::<crate::parties::Customer>()
        })
    }
    fn example_update() -> serde_json::Value {
        serde_json::json!({"amount": 680, "description": "Counter sale of ex-display lamps and shades"})
    }
}

/// `draft → approved`.
pub async fn approve<F: Flow>(cx: Cx<'_>, id: u64) -> Result<EntryRecord<F>, ApiError> {
    let current = ops::load::<EntryRecord<F>>(cx, id).await?;
    only_drafts(&current.entry, &F::NAME.to_lowercase(), "approved")?;
    let mut after = current.clone();
    let entry = &mut after.entry;
    entry.status = EntryStatus::Approved;
    entry.approved_by = Some(cx.user_id);
    entry.approved_at = Some(now_rfc3339());
    ops::save(cx, &current, after, Vec::new()).await
}

/// `approved → posted`: the number, the journal entry and the bank transaction, with the state
/// change in one transaction (built again with the next number when another posting takes it).
pub async fn post<F: Flow>(cx: Cx<'_>, id: u64) -> Result<EntryRecord<F>, ApiError> {
    let current = ops::load::<EntryRecord<F>>(cx, id).await?;
    let entry = &current.entry;
    if entry.status != EntryStatus::Approved {
        return Err(ApiError::invalid_transition(format!(
            "Only an approved {} can be posted; this one is {}.",
            F::NAME.to_lowercase(),
            entry.status.as_str()
        )));
    }
    let own = ops::key::<EntryRecord<F>>(cx, id);
    let current = &current;
    numbering::commit(
        cx,
        F::NUMBERS,
        1,
        |numbers| posted(cx, current, numbers.into_iter().next().unwrap_or_default()),
        |refused| ops::refusal(&own, refused),
    )
    .await
}

/// `current` posted as `number`, and the writes that post it.
async fn posted<F: Flow>(
    cx: Cx<'_>,
    current: &EntryRecord<F>,
    number: String,
) -> Result<(EntryRecord<F>, Vec<Write>), ApiError> {
    let entry = &current.entry;
    let id = current.meta().id;
    // Read in the posting's turn, so postings to one bank account follow each other.
    let bank = ops::load::<BankAccount>(cx, entry.bank_account_id).await?;
    let source = Source { kind: F::SOURCE, id };
    let memo = format!("{} {number}", F::NAME);
    let lines = F::lines(entry.category_id, bank.gl_account_id, entry.amount);
    let (journal_entry, mut writes) = journal::entry_writes(cx, entry.date.clone(), &memo, source, &lines).await?;
    let (kind, signed) = F::movement(entry.amount);
    let movement = Movement {
        kind,
        amount: signed,
        date: entry.date.clone(),
        description: entry.description.as_deref().or(Some(&memo)),
        source,
        journal_entry_id: journal_entry.id,
    };
    let (_, transaction, bank_writes) = banking::movement_writes(cx, &bank, movement).await?;
    writes.extend(bank_writes);
    let mut after = current.clone();
    let posted = &mut after.entry;
    posted.number = Some(number);
    posted.status = EntryStatus::Posted;
    posted.posted_at = Some(now_rfc3339());
    posted.journal_entry_id = Some(journal_entry.id);
    posted.bank_transaction_id = Some(transaction.id);
    ops::stage_save(cx, current, after, writes).await
}

/// `POST /api/expenses/approve/{id}`.
pub async fn approve_expense(caller: Caller, ValidPath(id): ValidPath<u64>) -> Result<Json<Expense>, ApiError> {
    Ok(Json(approve::<ExpenseKind>(caller.cx(), id).await?))
}

/// `POST /api/expenses/post/{id}`.
pub async fn post_expense(caller: Caller, ValidPath(id): ValidPath<u64>) -> Result<Json<Expense>, ApiError> {
    Ok(Json(post::<ExpenseKind>(caller.cx(), id).await?))
}

/// `POST /api/revenues/approve/{id}`.
pub async fn approve_revenue(caller: Caller, ValidPath(id): ValidPath<u64>) -> Result<Json<Revenue>, ApiError> {
    Ok(Json(approve::<RevenueKind>(caller.cx(), id).await?))
}

/// `POST /api/revenues/post/{id}`.
pub async fn post_revenue(caller: Caller, ValidPath(id): ValidPath<u64>) -> Result<Json<Revenue>, ApiError> {
    Ok(Json(post::<RevenueKind>(caller.cx(), id).await?))
}
