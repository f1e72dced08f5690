//! What sales agents ([`accounting::agents`]) are owed: a commission on each paid invoice
//! credited to them, until a payout pays it. The owed invoices are an index of the invoices
//! (`commission_due`) and their total a sum kept with it: neither grows with the workspace.
//!
//! A payout (`POST /api/agents/{agent}/commissions/pay`) is a payment like any other: numbered
//! from the `commission_payout` series (`COM-000001`), it writes in one transaction the invoices
//! it pays, its journal entry (sales commissions 6350 debited, the bank account's GL account
//! credited) and the bank account's withdrawal. Cancelling it
//! (`POST /api/commission-payouts/cancel/{id}`) writes the reversing entry and a deposit back,
//! and its commissions are owed again.

use axum::http::StatusCode;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use shared::auth::Module;
use shared::domain::Date;
use shared::handlers::Caller;
use shared::http::Json;
use shared::http::{ApiError, FieldErrors, ListParams, ListResponse, Listing, Meta as ListMeta, ValidJson, ValidPath};
use shared::money::{Money, Percent};
use shared::resource::index::{self, IndexValue, Tally};
use shared::resource::numbering::{self, Series};
use shared::resource::{ops, Cx, Filter, Lists, Meta, NoChange, NoFilters, Ref, Resource, Sort};
use shared::store::Write;
use shared::time::now_rfc3339;

use accounting::agents::SalesAgent;
use accounting::banking::{self, BankAccount, TransactionKind};
use accounting::journal::{Line, Source};
use accounting::ledger;
use accounting::sales_invoices::{SalesInvoice, SalesInvoiceFilters};

/// The GL account commissions are expensed to ([`accounting::seed::CHART`]).
pub const COMMISSIONS_EXPENSE: &str = "6350";

/// A commission owed on one paid invoice (or paid by a payout).
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct OwedCommission {
    pub invoice_id: u64,
    pub invoice_number: String,
    pub customer_id: u64,
    pub invoice_date: Date,
    /// The invoice's amount net of tax, which the rate applies to.
    pub net_amount: Money,
    pub commission_rate: Percent,
    pub commission_amount: Money,
}

impl OwedCommission {
    fn of(invoice: SalesInvoice) -> Self {
        Self {
            invoice_id: invoice.meta.id,
            net_amount: invoice.totals.total_amount.minus(invoice.totals.tax_amount),
            commission_rate: invoice.commission_rate.unwrap_or(Percent::ZERO),
            commission_amount: invoice.commission_amount,
            // Commissions are owed on paid invoices, which are posted and so numbered.
            invoice_number: invoice.invoice_number.unwrap_or_default(),
            customer_id: invoice.customer_id,
            invoice_date: invoice.invoice_date,
        }
    }
}

/// Answer of `GET /api/agents/{agent}/outstanding-commissions`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct OutstandingCommissions {
    pub agent: SalesAgent,
    /// Everything the agent is owed (every page).
    #[schemars(transform = shared::money::running_total)]
    pub total_amount: Money,
    /// The invoices it is owed on, this page of them (oldest first).
    pub data: Vec<OwedCommission>,
    pub meta: ListMeta,
}

/// What `agent` is owed in all: one counter read.
async fn total_owed(cx: Cx<'_>, agent: u64) -> Result<Money, ApiError> {
    let tally = Tally::sum("commission_amount", "commission_due", IndexValue::id(agent));
    Ok(Money::from_cents(
        index::tallies::<SalesInvoice>(cx, &[tally]).await?[0],
    ))
}

/// `GET /api/agents/{agent}/outstanding-commissions`: the unpaid commission per paid invoice,
/// and the total.
pub async fn outstanding(
    caller: Caller,
    ValidPath(agent): ValidPath<u64>,
    listing: Listing<NoFilters>,
) -> Result<Json<OutstandingCommissions>, ApiError> {
    let cx = caller.cx();
    let agent = ops::load::<SalesAgent>(cx, agent).await?;
    let owed = Listing {
        params: ListParams {
            sort: Some("id".into()),
            ..listing.params
        },
        filters: SalesInvoiceFilters {
            commission_due: Some(agent.meta.id),
            ..SalesInvoiceFilters::default()
        },
    };
    let page: ListResponse<SalesInvoice> = index::list(cx, &owed, None).await?.records()?;
    Ok(Json(OutstandingCommissions {
        total_amount: total_owed(cx, agent.meta.id).await?,
        agent,
        data: page.data.into_iter().map(OwedCommission::of).collect(),
        meta: page.meta,
    }))
}

/// Most invoices one payout pays: each is a change (with its index entries) in the one
/// transaction.
pub const MAX_PAID_AT_ONCE: usize = 10;

shared::choice! {
    /// Where a payout stands: `paid` when made (its journal entry and bank withdrawal written
    /// with it), `cancelled` once both are reversed and its commissions owed again.
    pub enum PayoutStatus {
        Paid = "paid",
        Cancelled = "cancelled",
    }
}

/// A payout of a sales agent's commissions on some paid invoices, from a bank account.
#[derive(Clone, Debug, Serialize, shared::RecordDeserialize, JsonSchema)]
pub struct CommissionPayout {
    #[serde(flatten)]
    pub meta: Meta,
    /// From the workspace's `commission_payout` series (`COM-000001`), given in the transaction
    /// that stores it.
    pub payout_number: String,
    pub agent_id: u64,
    /// The bank account the money left.
    pub bank_account_id: u64,
    pub date: Date,
    /// The sum of the commissions paid.
    pub amount: Money,
    /// The invoices whose commission it paid.
    pub commissions: Vec<OwedCommission>,
    pub status: PayoutStatus,
    /// Sales commissions (6350) debited, the bank account's GL account credited.
    pub journal_entry_id: u64,
    /// The withdrawal from the bank account.
    pub bank_transaction_id: u64,
    pub cancelled_at: Option<String>,
    /// The entry reversing `journal_entry_id`, once cancelled.
    pub reversal_journal_entry_id: Option<u64>,
}

/// `?agent_id=`, `?status=` and `?bank_account_id=` on the list.
#[derive(Debug, Default, Serialize, Deserialize, JsonSchema)]
pub struct PayoutFilters {
    pub agent_id: Option<u64>,
    pub status: Option<PayoutStatus>,
    pub bank_account_id: Option<u64>,
}

impl Resource for CommissionPayout {
    const KIND: &'static str = "sales_commission_payout";
    const NAME: &'static str = "Commission payout";
    const MODULE: Module = Module::Sales;
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[
            Sort::new("date", |p| IndexValue::date(&p.date)),
            Sort::new("amount", |p| IndexValue::money(p.amount.decimal())),
        ],
        filters: &[
            Filter::<Self>::one("agent_id", |p| IndexValue::id(p.agent_id)).sorted_by(&["date"]),
            Filter::<Self>::one("status", |p| IndexValue::text(p.status.as_str())),
            Filter::<Self>::one("bank_account_id", |p| IndexValue::id(p.bank_account_id)),
        ],
        sums: &[],
    };
    const REFS: &'static [Ref<Self>] = &[
        Ref::to(<SalesAgent as Resource>::KIND, |p| vec![p.agent_id]),
        Ref::to(<BankAccount as Resource>::KIND, |p| vec![p.bank_account_id]),
    ];
    const SERIES: Option<&'static Series> = Some(&numbering::COMMISSION_PAYOUT);
    type In = NoChange;
    type Patch = NoChange;
    type Out = CommissionPayout;
    type Filters = PayoutFilters;
    shared::meta_field!();

    fn set_number(&mut self, number: String) {
        self.payout_number = number;
    }

    fn search_text(&self) -> String {
        self.payout_number.clone()
    }
}

/// Body of `POST /api/agents/{agent}/commissions/pay` (designed).
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(example = serde_json::json!({"invoice_ids": [12, 15], "bank_account_id": 1, "date": "2026-04-30"}))]
pub struct PayCommissions {
    /// From 1 to 10 invoices whose commission the agent is owed.
    #[schemars(required, length(min = 1, max = MAX_PAID_AT_ONCE), transform = shared::http::schema::ids)]
    pub invoice_ids: Option<Vec<u64>>,
    /// The active bank account the money leaves.
    #[schemars(required, transform = shared::http::schema::id)]
    pub bank_account_id: Option<u64>,
    /// Defaults to today.
    #[schemars(transform = shared::http::schema::date)]
    pub date: Option<String>,
}

/// Answer of `POST /api/agents/{agent}/commissions/pay`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct CommissionsPaid {
    /// The payout made.
    pub payout: CommissionPayout,
    /// What the agent is still owed.
    #[schemars(transform = shared::money::running_total)]
    pub outstanding_amount: Money,
}

/// `POST /api/agents/{agent}/commissions/pay` (designed): pays the commissions on the given
/// invoices from a bank account, all or none (each must be owed to this agent; a concurrent
/// change is 409).
pub async fn pay(
    caller: Caller,
    ValidPath(agent): ValidPath<u64>,
    ValidJson(body): ValidJson<PayCommissions>,
) -> Result<(StatusCode, Json<CommissionsPaid>), ApiError> {
    let cx = caller.cx();
    let agent = ops::load::<SalesAgent>(cx, agent).await?;
    let mut errors = FieldErrors::default();
    let ids = errors.required("invoice_ids", body.invoice_ids).map(|mut ids| {
        ids.sort_unstable();
        ids.dedup();
        ids
    });
    if ids
        .as_ref()
        .is_some_and(|ids| ids.is_empty() || ids.len() > MAX_PAID_AT_ONCE)
    {
        errors.add(
            "invoice_ids",
            format!("From 1 to {MAX_PAID_AT_ONCE} different invoices."),
        );
    }
    let date = errors.date("date", body.date);
    let bank = match errors.required("bank_account_id", body.bank_account_id) {
        Some(id) => banking::active_account(cx, &mut errors, "bank_account_id", id).await?,
        None => None,
    };
    let (ids, bank) = errors.finish((ids, bank))?;
    let invoices = ops::load_many::<SalesInvoice>(cx, &ids).await?;
    let mut errors = FieldErrors::default();
    for (i, id) in ids.iter().enumerate() {
        match invoices.iter().find(|inv| inv.meta.id == *id) {
            None => errors.add(&format!("invoice_ids.{i}"), format!("No sales invoice has id {id}.")),
            Some(inv) if inv.commission_owed_to() != Some(agent.meta.id) => errors.add(
                &format!("invoice_ids.{i}"),
                format!(
                    "{} owes {} no commission.",
                    inv.invoice_number.as_deref().unwrap_or("This draft invoice"),
                    agent.name
                ),
            ),
            Some(_) => {}
        }
    }
    errors.into_result(())?;
    let id = ops::reserve_id::<CommissionPayout>(cx).await?;
    let paid_at = now_rfc3339();
    // Each invoice conditioned on the version read: a payment or a second payout racing this one
    // makes it 409, and nothing is recorded.
    let mut invoice_writes: Vec<Write> = Vec::new();
    let mut commissions = Vec::with_capacity(invoices.len());
    for before in &invoices {
        let mut after = before.clone();
        after.commission_paid_at = Some(paid_at.clone());
        after.commission_payout_id = Some(id);
        invoice_writes.extend(ops::change_writes(cx, before, &mut after)?);
        commissions.push(OwedCommission::of(after));
    }
    let payout = CommissionPayout {
        meta: Meta { id, ..Meta::default() },
        payout_number: String::new(),
        agent_id: agent.meta.id,
        bank_account_id: bank.meta.id,
        date: date.unwrap_or_else(Date::today),
        amount: commissions.iter().map(|c| c.commission_amount).sum(),
        commissions,
        status: PayoutStatus::Paid,
        journal_entry_id: 0,
        bank_transaction_id: 0,
        cancelled_at: None,
        reversal_journal_entry_id: None,
    };
    let bank = &bank;
    // The entry's memo and the withdrawal's description name the number, so they are written
    // with each number drawn.
    let payout = ops::insert_built_naming(
        cx,
        payout,
        invoice_writes,
        |mut numbered: CommissionPayout| async move {
            let (entry_id, transaction_id, writes) = books_writes(cx, &numbered, bank, Direction::Out).await?;
            numbered.journal_entry_id = entry_id;
            numbered.bank_transaction_id = transaction_id;
            Ok((numbered, writes))
        },
    )
    .await?;
    Ok((
        StatusCode::CREATED,
        Json(CommissionsPaid {
            payout,
            outstanding_amount: total_owed(cx, agent.meta.id).await?,
        }),
    ))
}

/// Money leaving the bank (a payout) or coming back (its cancellation).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Direction {
    Out,
    Back,
}

/// The journal entry and the bank movement of `payout` (or of its cancellation): their ids and
/// writes.
async fn books_writes(
    cx: Cx<'_>,
    payout: &CommissionPayout,
    bank: &BankAccount,
    direction: Direction,
) -> Result<(u64, u64, Vec<Write>), ApiError> {
    let expense = ledger::by_codes(cx, &[COMMISSIONS_EXPENSE])
        .await?
        .remove(COMMISSIONS_EXPENSE)
        .ok_or_else(|| ApiError::Unprocessable {
            code: "unknown_account",
            message: format!(
                "The chart of accounts has no account {COMMISSIONS_EXPENSE} (Sales commissions), which commission payouts post to."
            ),
        })?;
    let amount = payout.amount;
    let source = Source {
        kind: "commission_payout",
        id: payout.meta.id,
    };
    let (lines, memo, date, movement) = match direction {
        Direction::Out => (
            [
                Line::debit(expense.meta.id, amount),
                Line::credit(bank.gl_account_id, amount),
            ],
            format!("Commission payout {}", payout.payout_number),
            payout.date.clone(),
            (TransactionKind::Withdrawal, Money::ZERO.minus(amount)),
        ),
        Direction::Back => (
            [
                Line::debit(bank.gl_account_id, amount),
                Line::credit(expense.meta.id, amount),
            ],
            format!("Commission payout {} cancelled", payout.payout_number),
            Date::today(),
            (TransactionKind::Deposit, amount),
        ),
    };
    banking::posted_movement(cx, bank, date, &memo, source, &lines, movement).await
}

/// `GET /api/commission-payouts/show/{id}` (designed).
pub async fn show_payout(caller: Caller, ValidPath(id): ValidPath<u64>) -> Result<Json<CommissionPayout>, ApiError> {
    Ok(Json(ops::load::<CommissionPayout>(caller.cx(), id).await?))
}

/// `POST /api/commission-payouts/cancel/{id}` (designed): `paid → cancelled`; the entry and the
/// withdrawal are reversed and the invoices' commissions are owed again, in one transaction.
pub async fn cancel_payout(caller: Caller, ValidPath(id): ValidPath<u64>) -> Result<Json<CommissionPayout>, ApiError> {
    let cx = caller.cx();
    let current = ops::load::<CommissionPayout>(cx, id).await?;
    if current.status == PayoutStatus::Cancelled {
        return Err(ApiError::invalid_transition(format!(
            "Commission payout {} is already cancelled.",
            current.payout_number
        )));
    }
    let ids: Vec<u64> = current.commissions.iter().map(|c| c.invoice_id).collect();
    let mut writes = Vec::new();
    for before in ops::load_many::<SalesInvoice>(cx, &ids).await? {
        if before.commission_payout_id != Some(id) {
            continue;
        }
        let mut after = before.clone();
        after.commission_paid_at = None;
        after.commission_payout_id = None;
        writes.extend(ops::change_writes(cx, &before, &mut after)?);
    }
    let bank = ops::load::<BankAccount>(cx, current.bank_account_id).await?;
    let (entry_id, _, books) = books_writes(cx, &current, &bank, Direction::Back).await?;
    writes.extend(books);
    let mut after = current.clone();
    after.status = PayoutStatus::Cancelled;
    after.cancelled_at = Some(now_rfc3339());
    after.reversal_journal_entry_id = Some(entry_id);
    Ok(Json(ops::save(cx, &current, after, writes).await?))
}
