//! The journal: every financial fact is an entry of lines (account, debit, credit) whose debits
//! equal its credits. [`entry_writes`] is the only code that writes one: it returns the writes to
//! commit in the transaction of the document causing the entry (an expense's posting, a bank
//! transfer, later a sales invoice), so a document and its entry exist together or not at all.
//!
//! A manual entry (`POST /api/journal-entries/create`) is its own document: it takes the next
//! number of the `journal_entry` series (`JE-000001`) in the transaction that writes it. A
//! document's entry has no number of its own: its source (`source_type`, `source_id`) is the
//! document, whose number its memo names, and numbering it too would make every posting in the
//! workspace wait on one more series (docs/design/numbering.md).
//!
//! | what | partition (`T#<tenant>#…`) | sort key | |
//! |---|---|---|---|
//! | an entry with its lines | `acc_journal_entry` (+ its indexes) | `<id>` | record |
//! | an account's debits / credits | `acc_gl~b` | `<account id>#dr` / `#cr` | counter, cents |
//! | a type's debits / credits | `acc_gl~b` | `type#<type>#dr` / `#cr` | counter, cents |
//!
//! The counters move with the lines, in the same transaction: a balance is never recomputed by
//! reading lines, and over all accounts debits always equal credits.

use std::collections::HashMap;

use axum::http::StatusCode;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use shared::domain::{Date, Text};
use shared::handlers::Caller;
use shared::http::Json;
use shared::http::{ApiError, FieldErrors, ListResponse, Listing, ValidJson};
use shared::money::Money;
use shared::resource::index::{self, IndexValue, Indexed, Times};
use shared::resource::numbering;
use shared::resource::{ops, Cx, Filter, Lists};
use shared::store::{Condition, Item, Key, StoreExt, Write};
use shared::time::now_rfc3339;

use crate::ledger::{account_total_key, type_total_key, GlAccount, Side};

/// One line of an entry: an amount on one side of one account.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct JournalLine {
    pub account_id: u64,
    pub account_code: String,
    pub account_name: String,
    pub debit: Money,
    pub credit: Money,
}

/// A journal entry: immutable once written.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct JournalEntry {
    pub id: u64,
    /// A manual entry's `JE-000001`, from the workspace's `journal_entry` series; `null` for a
    /// document's entry (its source is the numbered document).
    #[serde(default)]
    pub number: Option<String>,
    pub date: Date,
    pub memo: String,
    /// The document that caused it (`expense`, `revenue`, `bank_transfer`, ...) and its id;
    /// `manual` and its own id for a manual entry.
    pub source_type: String,
    pub source_id: u64,
    pub lines: Vec<JournalLine>,
    /// The sum of its debits (= the sum of its credits).
    pub total: Money,
    pub user_id: u64,
    /// RFC 3339, UTC.
    pub created_at: String,
}

impl Indexed for JournalEntry {
    const KIND: &'static str = "acc_journal_entry";
    const NAME: &'static str = "journal entry";
    const LISTS: &'static Lists<Self> = &Lists {
        sorts: &[],
        filters: &[
            Filter::many("account_id", |e| {
                e.lines.iter().map(|l| IndexValue::id(l.account_id)).collect()
            }),
            Filter::one("source_type", |e| IndexValue::text(&e.source_type)),
        ],
        sums: &[],
    };
    // No `REFS` to the GL accounts: no route deletes a seeded account, and a bank account's own
    // account goes only with a bank account that never moved money (its bank transactions hold
    // it), so reference counts would protect nothing and cost three writes per account in every
    // posting's transaction, which also carries the document's stock.
    const TIMES: Times = Times::Created;
    fn created_at(&self) -> Option<&str> {
        Some(&self.created_at)
    }
    fn id(&self) -> u64 {
        self.id
    }
    fn search_text(&self) -> String {
        format!("{} {}", self.number.as_deref().unwrap_or_default(), self.memo)
    }
}

/// A line to post: `amount` on `side` of account `account_id`.
#[derive(Clone, Copy, Debug)]
pub struct Line {
    pub account_id: u64,
    pub side: Side,
    pub amount: Money,
}

impl Line {
    pub fn debit(account_id: u64, amount: Money) -> Self {
        Self {
            account_id,
            side: Side::Debit,
            amount,
        }
    }

    pub fn credit(account_id: u64, amount: Money) -> Self {
        Self {
            account_id,
            side: Side::Credit,
            amount,
        }
    }
}

/// The document an entry belongs to.
#[derive(Clone, Copy, Debug)]
pub struct Source {
    pub kind: &'static str,
    pub id: u64,
}

fn unbalanced(message: String) -> ApiError {
    ApiError::Unprocessable {
        code: "unbalanced_entry",
        message,
    }
}

/// The entry of `lines` and the writes that store it with the balance counters it moves, to
/// commit in the transaction of the `source` document. Refused (422 `unbalanced_entry`) unless
/// there are at least two lines, every amount is positive and debits equal credits; an account
/// that does not exist is 422 on `account_id`.
pub async fn entry_writes(
    cx: Cx<'_>,
    date: Date,
    memo: &str,
    source: Source,
    lines: &[Line],
) -> Result<(JournalEntry, Vec<Write>), ApiError> {
    with_totals(cx, date, memo, source, lines, None).await
}

/// [`entry_writes`] to accounts the caller has read (a posting's, by code), by id.
pub async fn entry_writes_with_accounts(
    cx: Cx<'_>,
    date: Date,
    memo: &str,
    source: Source,
    lines: &[Line],
    accounts: &HashMap<u64, GlAccount>,
) -> Result<(JournalEntry, Vec<Write>), ApiError> {
    with_totals(cx, date, memo, source, lines, Some(accounts)).await
}

/// [`entry_writes`], reading the lines' accounts unless `known`.
async fn with_totals(
    cx: Cx<'_>,
    date: Date,
    memo: &str,
    source: Source,
    lines: &[Line],
    known: Option<&HashMap<u64, GlAccount>>,
) -> Result<(JournalEntry, Vec<Write>), ApiError> {
    let (entry, totals) = balanced(cx, date, memo, source, lines, known).await?;
    let mut all = record_writes(cx, &entry)?;
    all.extend(totals);
    Ok((entry, all))
}

/// [`entry_writes`] but for the entry's own writes ([`record_writes`]): the entry, its id drawn,
/// and the writes moving the balance counters.
async fn balanced(
    cx: Cx<'_>,
    date: Date,
    memo: &str,
    source: Source,
    lines: &[Line],
    known: Option<&HashMap<u64, GlAccount>>,
) -> Result<(JournalEntry, Vec<Write>), ApiError> {
    if lines.len() < 2 {
        return Err(unbalanced("A journal entry needs at least two lines.".into()));
    }
    if lines.iter().any(|l| l.amount.is_negative() || l.amount == Money::ZERO) {
        return Err(unbalanced("Every journal line carries a positive amount.".into()));
    }
    let sum = |side: Side| -> Money { lines.iter().filter(|l| l.side == side).map(|l| l.amount).sum() };
    let (debits, credits) = (sum(Side::Debit), sum(Side::Credit));
    if debits != credits {
        return Err(unbalanced(format!(
            "Debits ({debits}) and credits ({credits}) of a journal entry must be equal."
        )));
    }
    let mut ids: Vec<u64> = lines.iter().map(|l| l.account_id).collect();
    ids.sort_unstable();
    ids.dedup();
    let read;
    let accounts = match known {
        Some(accounts) => accounts,
        None => {
            read = ops::load_map::<GlAccount>(cx, &ids).await?;
            &read
        }
    };
    if let Some(missing) = ids.iter().find(|id| !accounts.contains_key(id)) {
        return Err(ApiError::invalid(
            "account_id",
            format!("No GL account has id {missing}."),
        ));
    }
    let id = cx.store().next_id(cx.tenant(), JournalEntry::KIND).await?;
    let mut shown = Vec::with_capacity(lines.len());
    let mut writes = Vec::new();
    for line in lines {
        let Some(account) = accounts.get(&line.account_id) else {
            continue;
        };
        let (debit, credit) = match line.side {
            Side::Debit => (line.amount, Money::ZERO),
            Side::Credit => (Money::ZERO, line.amount),
        };
        shown.push(JournalLine {
            account_id: account.meta.id,
            account_code: account.code.clone(),
            account_name: account.name.clone(),
            debit,
            credit,
        });
        writes.push(Write::add(
            account_total_key(cx, account.meta.id, line.side),
            line.amount.cents(),
        ));
        writes.push(Write::add(
            type_total_key(cx, account.account_type, line.side),
            line.amount.cents(),
        ));
    }
    let entry = JournalEntry {
        id,
        number: None,
        date,
        memo: memo.to_string(),
        source_type: source.kind.to_string(),
        source_id: source.id,
        lines: shown,
        total: debits,
        user_id: cx.user_id,
        created_at: now_rfc3339(),
    };
    Ok((entry, writes))
}

/// The writes storing `entry` itself: the record and its index entries.
fn record_writes(cx: Cx<'_>, entry: &JournalEntry) -> Result<Vec<Write>, ApiError> {
    let mut writes = vec![Write::put(
        Item::from_value(Key::record(cx.tenant(), JournalEntry::KIND, entry.id), entry)?,
        Condition::NotExists,
    )];
    writes.extend(index::writes(cx, None, Some(entry))?);
    Ok(writes)
}

/// Most lines of a manual entry (each account a line names is a few writes of its transaction).
const MAX_MANUAL_LINES: usize = 20;

/// A line of a manual entry: a debit or a credit on one account.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ManualLineIn {
    #[schemars(required, transform = shared::http::schema::id)]
    pub account_id: Option<u64>,
    /// Positive, or absent when the line is a credit.
    #[schemars(transform = shared::money::more_than_zero)]
    pub debit: Option<Money>,
    /// Positive, or absent when the line is a debit.
    #[schemars(transform = shared::money::more_than_zero)]
    pub credit: Option<Money>,
}

/// Body of `POST /api/journal-entries/create`.
#[derive(Debug, Deserialize, JsonSchema)]
#[schemars(example = serde_json::json!({
    "date": "2026-03-31", "memo": "Owner's capital contribution",
    "lines": [{"account_id": 1, "debit": 2500}, {"account_id": 8, "credit": 2500}]
}))]
pub struct ManualEntryIn {
    /// Defaults to today.
    #[schemars(transform = shared::http::schema::date)]
    pub date: Option<String>,
    /// Why the entry is made.
    #[schemars(required)]
    pub memo: Option<Text<500>>,
    /// From 2 to 20 lines whose debits equal their credits.
    #[schemars(required, length(min = 2, max = MAX_MANUAL_LINES))]
    pub lines: Option<Vec<ManualLineIn>>,
}

/// The lines of a manual entry's body, each a debit or a credit of a positive amount.
fn manual_lines(errors: &mut FieldErrors, lines: Option<Vec<ManualLineIn>>) -> Option<Vec<Line>> {
    let lines = errors.required("lines", lines)?;
    if !(2..=MAX_MANUAL_LINES).contains(&lines.len()) {
        errors.add(
            "lines",
            format!("A journal entry has from 2 to {MAX_MANUAL_LINES} lines."),
        );
        return None;
    }
    let mut out = Vec::with_capacity(lines.len());
    for (i, line) in lines.into_iter().enumerate() {
        let account_id = errors.required(&format!("lines.{i}.account_id"), line.account_id);
        let positive = |amount: Money| !amount.is_negative() && amount != Money::ZERO;
        let side = match (line.debit, line.credit) {
            (Some(debit), None) if positive(debit) => Some((Side::Debit, debit)),
            (None, Some(credit)) if positive(credit) => Some((Side::Credit, credit)),
            _ => {
                errors.add(
                    &format!("lines.{i}"),
                    "A line has either a positive debit or a positive credit.",
                );
                None
            }
        };
        if let (Some(account_id), Some((side, amount))) = (account_id, side) {
            out.push(Line {
                account_id,
                side,
                amount,
            });
        }
    }
    Some(out)
}

/// Writes a manual entry numbered from the `journal_entry` series, in one transaction with the
/// series' write and the balances it moves.
pub async fn create_manual(cx: Cx<'_>, input: ManualEntryIn) -> Result<JournalEntry, ApiError> {
    let mut errors = FieldErrors::default();
    let date = errors.date("date", input.date);
    let memo = errors.required_text("memo", input.memo);
    let lines = manual_lines(&mut errors, input.lines);
    let (memo, lines) = errors.finish((memo, lines))?;
    let source = Source { kind: "manual", id: 0 };
    let (mut entry, totals) = balanced(cx, date.unwrap_or_else(Date::today), &memo, source, &lines, None).await?;
    // A manual entry is its own source.
    entry.source_id = entry.id;
    let (entry, totals) = (&entry, &totals);
    numbering::commit(
        cx,
        &numbering::JOURNAL_ENTRY,
        1,
        |numbers| {
            let numbered = || -> Result<(JournalEntry, Vec<Write>), ApiError> {
                let mut numbered = entry.clone();
                numbered.number = numbers.into_iter().next();
                let mut writes = record_writes(cx, &numbered)?;
                writes.extend(totals.iter().cloned());
                Ok((numbered, writes))
            };
            std::future::ready(numbered())
        },
        numbering::Refused::of_new_records,
    )
    .await
}

/// `POST /api/journal-entries/create` (designed): a manual entry.
pub async fn create_entry(
    caller: Caller,
    ValidJson(input): ValidJson<ManualEntryIn>,
) -> Result<(StatusCode, Json<JournalEntry>), ApiError> {
    Ok((StatusCode::CREATED, Json(create_manual(caller.cx(), input).await?)))
}

/// Filters of `GET /api/journal-entries`.
#[derive(Debug, Default, Serialize, Deserialize, JsonSchema)]
pub struct EntryFilters {
    /// Entries with a line on this GL account.
    pub account_id: Option<u64>,
    /// Entries of one kind of document (`expense`, `revenue`, `bank_transfer`).
    pub source_type: Option<String>,
}

/// `GET /api/journal-entries` (designed): the journal, newest first; read only.
pub async fn list_entries(
    Caller { state, principal }: Caller,
    listing: Listing<EntryFilters>,
) -> Result<Json<ListResponse<JournalEntry>>, ApiError> {
    Ok(Json(
        index::list::<JournalEntry, _>(Cx::new(&state, &principal), &listing, None)
            .await?
            .records()?,
    ))
}
