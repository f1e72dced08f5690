//! Bank accounts, their transactions and transfers. Each bank account has its own GL account
//! (code `1000-<id>`, under 1000 cash and bank), created with it in one transaction. Nobody
//! writes a balance: every movement is a [`BankTransaction`] carrying the running balance after
//! it, committed with the bank account's new balance under the account's version, so two
//! concurrent movements cannot both build on the same balance (the second is 409 and changes
//! nothing), and with the journal entry that posts it.

use axum::http::StatusCode;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use shared::auth::Module;
use shared::domain::{Date, Text};
use shared::handlers::Caller;
use shared::http::Json;
use shared::http::{ApiError, FieldErrors, ListResponse, Listing, ValidJson};
use shared::money::Money;
use shared::resource::index::{self, IndexValue, Indexed, Times};
use shared::resource::{ops, Assign, Cx, Events, Filter, Lists, Meta, NoChange, Ref, Resource, Sort};
use shared::store::{Condition, Item, Key, StoreExt, Write};
use shared::time::now_rfc3339;

use crate::journal::{self, Line, Source};
use crate::ledger::{account_total_key, AccountType, CategoryKind, GlAccount, Side};

/// A bank (or cash) account.
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
pub struct BankAccount {
    #[serde(flatten)]
    pub meta: Meta,
    pub name: String,
    pub bank_name: Option<String>,
    pub account_number: Option<String>,
    /// Its own GL account (code `1000-<id>`).
    pub gl_account_id: u64,
    /// After its last transaction; moved only by postings.
    #[schemars(transform = shared::money::running_total)]
    pub balance: Money,
    /// Inactive accounts take no new movements.
    pub is_active: bool,
}

/// Body of `POST /api/bank-accounts/create`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct BankAccountIn {
    #[schemars(required)]
    pub name: Option<Text<120>>,
    pub bank_name: Option<Text<120>>,
    pub account_number: Option<Text<50>>,
    /// Defaults to `true`.
    pub is_active: Option<bool>,
}

/// Body of `POST /api/bank-accounts/update/{id}`.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(transform = shared::resource::patch_schema)]
pub struct BankAccountPatch {
    pub name: Option<Text<120>>,
    #[serde(default, with = "shared::resource::Clearable::<Text<120>>")]
    pub bank_name: Option<Option<Text<120>>>,
    #[serde(default, with = "shared::resource::Clearable::<Text<50>>")]
    pub account_number: Option<Option<Text<50>>>,
    pub is_active: Option<bool>,
}

/// `?is_active=` on the bank account list.
#[derive(Debug, Default, Serialize, Deserialize, JsonSchema)]
pub struct BankAccountFilters {
    pub is_active: Option<bool>,
}

impl Resource for BankAccount {
    fn example() -> Option<serde_json::Value> {
        Some(serde_json::json!({
            "name": "Operating account", "bank_name": "Crédit Lyonnais",
            "account_number": "FR76 3000 2005 5000 0015 7845 Z02"
        }))
    }

    fn example_update() -> Option<serde_json::Value> {
        Some(serde_json::json!({"name": "Operating account (EUR)", "bank_name": "LCL Lyon Bellecour"}))
    }

    const KIND: &'static str = "acc_bank_account";
    const NAME: &'static str = "Bank account";
    const MODULE: Module = Module::Accounting;
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[Sort::new("name", |b| IndexValue::text(&b.name))],
        filters: &[Filter::<Self>::one("is_active", |b| IndexValue::flag(b.is_active)).sorted_by(&["name"])],
        sums: &[],
    };
    const EVENTS: Events = Events::NONE;
    type In = BankAccountIn;
    type Patch = BankAccountPatch;
    type Out = BankAccount;
    type Filters = BankAccountFilters;
    shared::meta_field!();

    async fn build(_cx: Cx<'_>, input: BankAccountIn) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::default();
        let name = errors.required_text("name", input.name);
        let bank_name = errors.text("bank_name", input.bank_name);
        let account_number = errors.text("account_number", input.account_number);
        let name = errors.finish(name)?;
        Ok(Self {
            meta: Meta::default(),
            name,
            bank_name,
            account_number,
            gl_account_id: 0,
            balance: Money::ZERO,
            is_active: input.is_active.unwrap_or(true),
        })
    }

    async fn apply(&mut self, _cx: Cx<'_>, patch: BankAccountPatch) -> Result<(), ApiError> {
        let mut errors = FieldErrors::default();
        let name = errors.text("name", patch.name);
        let bank_name = patch.bank_name.map(|b| errors.text("bank_name", b));
        let account_number = patch.account_number.map(|a| errors.text("account_number", a));
        errors.into_result(())?;
        self.name.assign(name);
        self.bank_name.assign(bank_name);
        self.account_number.assign(account_number);
        self.is_active.assign(patch.is_active);
        Ok(())
    }

    fn search_text(&self) -> String {
        format!("{} {}", self.name, self.bank_name.as_deref().unwrap_or_default())
    }

    /// Its GL account goes with it (a bank account with any transaction is still referenced by
    /// them: 409 `in_use`).
    /// Its GL account goes with it, unless the journal ever posted to it (its bank transactions
    /// refuse the delete first; this also covers a posting made by code without one).
    async fn before_delete(&self, cx: Cx<'_>) -> Result<Vec<Write>, ApiError> {
        let keys = [Side::Debit, Side::Credit].map(|side| account_total_key(cx, self.gl_account_id, side));
        let totals = cx.store().get_many(&keys).await?;
        if totals.iter().flatten().any(|total| total.counter() != 0) {
            return Err(ApiError::in_use(format!(
                "The journal has entries on {}'s GL account; it stays in the books.",
                self.name
            )));
        }
        match ops::find::<GlAccount>(cx, self.gl_account_id).await? {
            Some(account) => ops::delete_writes(cx, &account),
            None => Ok(Vec::new()),
        }
    }
}

/// `POST /api/bank-accounts/create`: the bank account and its GL account, in one transaction.
pub async fn create_account(
    Caller { state, principal }: Caller,
    ValidJson(input): ValidJson<BankAccountIn>,
) -> Result<(StatusCode, Json<BankAccount>), ApiError> {
    let bank = open_account(Cx::new(&state, &principal), input).await?;
    Ok((StatusCode::CREATED, Json(bank)))
}

/// Opens a bank account with its own GL account under `1000`, in one transaction.
pub async fn open_account(cx: Cx<'_>, input: BankAccountIn) -> Result<BankAccount, ApiError> {
    let mut bank = BankAccount::build(cx, input).await?;
    bank.meta.id = ops::reserve_id::<BankAccount>(cx).await?;
    let mut gl = GlAccount {
        meta: Meta {
            id: ops::reserve_id::<GlAccount>(cx).await?,
            ..Meta::default()
        },
        code: shared::resource::ledger::bank_account_code(bank.meta.id),
        name: bank.name.clone(),
        account_type: AccountType::Asset,
        parent_code: Some("1000".into()),
        category: CategoryKind::None,
        is_system: false,
    };
    let gl_writes = ops::prepare(cx, &mut gl)?;
    bank.gl_account_id = gl.meta.id;
    ops::insert_built(cx, bank, gl_writes).await
}

shared::choice! {
    /// What moved money in or out of a bank account.
    pub enum TransactionKind {
        Deposit = "deposit",
        Withdrawal = "withdrawal",
        TransferIn = "transfer_in",
        TransferOut = "transfer_out",
    }
}

/// One posted movement of a bank account. Immutable.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct BankTransaction {
    pub id: u64,
    pub bank_account_id: u64,
    pub date: Date,
    pub kind: TransactionKind,
    /// Signed: positive in, negative out.
    pub amount: Money,
    /// The account's balance right after this movement.
    #[schemars(transform = shared::money::running_total)]
    pub running_balance: Money,
    pub description: Option<String>,
    /// The document that moved it (`expense`, `revenue`, `bank_transfer`) and its id.
    pub source_type: String,
    pub source_id: u64,
    pub journal_entry_id: u64,
    /// RFC 3339, UTC.
    pub created_at: String,
}

impl Indexed for BankTransaction {
    const KIND: &'static str = "acc_bank_transaction";
    const NAME: &'static str = "bank transaction";
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[],
        filters: &[
            Filter::one("bank_account_id", |t| IndexValue::id(t.bank_account_id)),
            Filter::one("kind", |t| IndexValue::text(t.kind.as_str())),
        ],
        sums: &[],
    };
    const REFS: &'static [Ref<Self>] = &[Ref::to(<BankAccount as Resource>::KIND, |t| vec![t.bank_account_id])];
    const TIMES: Times = Times::Created;
    fn created_at(&self) -> Option<&str> {
        Some(&self.created_at)
    }
    fn id(&self) -> u64 {
        self.id
    }
    fn search_text(&self) -> String {
        self.description.clone().unwrap_or_default()
    }
}

/// A movement to record: `amount` (signed) of a bank account, for a document.
pub struct Movement<'a> {
    pub kind: TransactionKind,
    pub amount: Money,
    pub date: Date,
    pub description: Option<&'a str>,
    pub source: Source,
    pub journal_entry_id: u64,
}

/// The writes that record `movement` on `bank` (as read): the transaction with its running
/// balance and the account's new balance, conditioned on the version read. Returns the account
/// as it will be, for a second movement of the same account in the same transaction.
pub async fn movement_writes(
    cx: Cx<'_>,
    bank: &BankAccount,
    movement: Movement<'_>,
) -> Result<(BankAccount, BankTransaction, Vec<Write>), ApiError> {
    let id = cx.store().next_id(cx.tenant(), BankTransaction::KIND).await?;
    let mut after = bank.clone();
    after.balance = bank.balance + movement.amount;
    let transaction = BankTransaction {
        id,
        bank_account_id: bank.meta.id,
        date: movement.date,
        kind: movement.kind,
        amount: movement.amount,
        running_balance: after.balance,
        description: movement.description.map(str::to_string),
        source_type: movement.source.kind.to_string(),
        source_id: movement.source.id,
        journal_entry_id: movement.journal_entry_id,
        created_at: now_rfc3339(),
    };
    let mut writes = ops::change_writes(cx, bank, &mut after)?;
    writes.push(Write::put(
        Item::from_value(Key::record(cx.tenant(), BankTransaction::KIND, id), &transaction)?,
        Condition::NotExists,
    ));
    writes.extend(index::writes(cx, None, Some(&transaction))?);
    Ok((after, transaction, writes))
}

/// The journal entry of `lines` and the movement of `bank` it posts (`movement`: its kind and
/// signed amount), described by `memo`, in one set of writes: the entry's id, the transaction's
/// id and the writes, for a payment's transaction.
pub async fn posted_movement(
    cx: Cx<'_>,
    bank: &BankAccount,
    date: Date,
    memo: &str,
    source: Source,
    lines: &[Line],
    (kind, amount): (TransactionKind, Money),
) -> Result<(u64, u64, Vec<Write>), ApiError> {
    let (entry, mut writes) = journal::entry_writes(cx, date.clone(), memo, source, lines).await?;
    let movement = Movement {
        kind,
        amount,
        date,
        description: Some(memo),
        source,
        journal_entry_id: entry.id,
    };
    let (_, transaction, bank_writes) = movement_writes(cx, bank, movement).await?;
    writes.extend(bank_writes);
    Ok((entry.id, transaction.id, writes))
}

/// Filters of `GET /api/bank-transactions`.
#[derive(Debug, Default, Serialize, Deserialize, JsonSchema)]
pub struct TransactionFilters {
    pub bank_account_id: Option<u64>,
    pub kind: Option<TransactionKind>,
}

/// `GET /api/bank-transactions`: every posted movement with its running balance (oldest first unless sorted).
pub async fn list_transactions(
    Caller { state, principal }: Caller,
    listing: Listing<TransactionFilters>,
) -> Result<Json<ListResponse<BankTransaction>>, ApiError> {
    Ok(Json(
        index::list::<BankTransaction, _>(Cx::new(&state, &principal), &listing, None)
            .await?
            .records()?,
    ))
}

/// Money moved between two bank accounts: one journal entry and a movement on each side.
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
pub struct BankTransfer {
    #[serde(flatten)]
    pub meta: Meta,
    pub from_bank_account_id: u64,
    pub to_bank_account_id: u64,
    pub amount: Money,
    pub date: Date,
    pub reference: Option<String>,
    pub description: Option<String>,
    pub journal_entry_id: u64,
}

/// Body of `POST /api/bank-transfers/create`.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(example = serde_json::json!({"from_bank_account_id": 1, "to_bank_account_id": 2, "amount": 250, "date": "2026-03-01"}))]
pub struct BankTransferIn {
    #[schemars(required, transform = shared::http::schema::id)]
    pub from_bank_account_id: Option<u64>,
    #[schemars(required, transform = shared::http::schema::id)]
    pub to_bank_account_id: Option<u64>,
    /// Positive.
    #[schemars(required, transform = shared::money::more_than_zero)]
    pub amount: Option<Money>,
    /// Defaults to today.
    #[schemars(transform = shared::http::schema::date)]
    pub date: Option<String>,
    pub reference: Option<Text<60>>,
    pub description: Option<Text<500>>,
}

/// Filters of `GET /api/bank-transfers`.
#[derive(Debug, Default, Serialize, Deserialize, JsonSchema)]
pub struct TransferFilters {
    pub from_bank_account_id: Option<u64>,
    pub to_bank_account_id: Option<u64>,
}

impl Resource for BankTransfer {
    const KIND: &'static str = "acc_bank_transfer";
    const NAME: &'static str = "Bank transfer";
    const MODULE: Module = Module::Accounting;
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[Sort::new("date", |t| IndexValue::date(&t.date))],
        filters: &[
            Filter::one("from_bank_account_id", |t| IndexValue::id(t.from_bank_account_id)),
            Filter::one("to_bank_account_id", |t| IndexValue::id(t.to_bank_account_id)),
        ],
        sums: &[],
    };
    const REFS: &'static [Ref<Self>] = &[Ref::to(<BankAccount as Resource>::KIND, |t| {
        vec![t.from_bank_account_id, t.to_bank_account_id]
    })];
    const EVENTS: Events = Events::NONE;
    type In = NoChange;
    type Patch = NoChange;
    type Out = BankTransfer;
    type Filters = TransferFilters;
    shared::meta_field!();

    fn search_text(&self) -> String {
        format!(
            "{} {}",
            self.reference.as_deref().unwrap_or_default(),
            self.description.as_deref().unwrap_or_default()
        )
    }
}

/// The active bank account a body names in `field` (422 otherwise).
pub async fn active_account(
    cx: Cx<'_>,
    errors: &mut FieldErrors,
    field: &str,
    id: u64,
) -> Result<Option<BankAccount>, ApiError> {
    match ops::find::<BankAccount>(cx, id).await? {
        None => errors.add(field, format!("No bank account has id {id}.")),
        Some(b) if !b.is_active => errors.add(field, format!("{} is inactive.", b.name)),
        Some(b) => return Ok(Some(b)),
    }
    Ok(None)
}

/// A positive amount, or an error on `field`.
pub fn positive(errors: &mut FieldErrors, field: &str, amount: Option<Money>) -> Option<Money> {
    let amount = errors.required(field, amount)?;
    if amount.is_negative() || amount == Money::ZERO {
        errors.add(field, format!("The {} must be more than 0.", field.replace('_', " ")));
        return None;
    }
    Some(amount)
}

/// `POST /api/bank-transfers/create` (designed): moves `amount` from one bank account to another.
pub async fn create_transfer(
    Caller { state, principal }: Caller,
    ValidJson(input): ValidJson<BankTransferIn>,
) -> Result<(StatusCode, Json<BankTransfer>), ApiError> {
    let transfer = transfer(Cx::new(&state, &principal), input).await?;
    Ok((StatusCode::CREATED, Json(transfer)))
}

/// Moves money between two bank accounts: the transfer, its journal entry and both accounts'
/// movements, in one transaction.
pub async fn transfer(cx: Cx<'_>, input: BankTransferIn) -> Result<BankTransfer, ApiError> {
    let mut errors = FieldErrors::default();
    let from = errors.required("from_bank_account_id", input.from_bank_account_id);
    let to = errors.required("to_bank_account_id", input.to_bank_account_id);
    if from.is_some() && from == to {
        errors.add(
            "to_bank_account_id",
            "Choose another account than the one the money leaves.",
        );
    }
    let amount = positive(&mut errors, "amount", input.amount);
    let date = errors.date("date", input.date);
    let reference = errors.text("reference", input.reference);
    let description = errors.text("description", input.description);
    let (from, to, amount) = errors.finish((from, to, amount))?;
    let mut errors = FieldErrors::default();
    let source_account = active_account(cx, &mut errors, "from_bank_account_id", from).await?;
    let target_account = active_account(cx, &mut errors, "to_bank_account_id", to).await?;
    let (source_account, target_account) = errors.finish((source_account, target_account))?;
    let date = date.unwrap_or_else(Date::today);

    let id = ops::reserve_id::<BankTransfer>(cx).await?;
    let source = Source {
        kind: "bank_transfer",
        id,
    };
    let memo = format!("Transfer from {} to {}", source_account.name, target_account.name);
    let lines = [
        Line::debit(target_account.gl_account_id, amount),
        Line::credit(source_account.gl_account_id, amount),
    ];
    let (entry, mut writes) = journal::entry_writes(cx, date.clone(), &memo, source, &lines).await?;
    for (bank, kind, signed) in [
        (&source_account, TransactionKind::TransferOut, Money::ZERO.minus(amount)),
        (&target_account, TransactionKind::TransferIn, amount),
    ] {
        let movement = Movement {
            kind,
            amount: signed,
            date: date.clone(),
            description: Some(&memo),
            source,
            journal_entry_id: entry.id,
        };
        writes.extend(movement_writes(cx, bank, movement).await?.2);
    }
    let transfer = BankTransfer {
        meta: Meta { id, ..Meta::default() },
        from_bank_account_id: from,
        to_bank_account_id: to,
        amount,
        date,
        reference,
        description,
        journal_entry_id: entry.id,
    };
    ops::insert_built(cx, transfer, writes).await
}
