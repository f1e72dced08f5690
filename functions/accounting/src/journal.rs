//! The journal: every financial fact is an entry of lines (account, debit, credit) whose debits
//! equal its credits. [`entry_writes`] is the only code that writes one: it returns the writes to
//! commit in the transaction of the document causing the entry (an expense's posting, a bank
//! transfer, later a sales invoice), so a document and its entry exist together or not at all.
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

use axum::extract::State;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use shared::auth::Principal;
use shared::domain::Date;
use shared::http::Json;
use shared::http::{ApiError, ListResponse, Listing};
use shared::money::Money;
use shared::resource::index::{self, IndexValue, Indexed};
use shared::resource::{ops, Cx, Filter, Lists};
use shared::store::{Condition, Item, Key, StoreExt, Write};
use shared::time::now_rfc3339;
use shared::AppState;

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
    pub date: Date,
    pub memo: String,
    /// The document that caused it (`expense`, `revenue`, `bank_transfer`, ...) and its id.
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
        default_sort: "-id",
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
    fn id(&self) -> u64 {
        self.id
    }
    fn search_text(&self) -> String {
        self.memo.clone()
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
    let accounts: HashMap<u64, GlAccount> = ops::load_many::<GlAccount>(cx, &ids)
        .await?
        .into_iter()
        .map(|a| (a.meta.id, a))
        .collect();
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
        date,
        memo: memo.to_string(),
        source_type: source.kind.to_string(),
        source_id: source.id,
        lines: shown,
        total: debits,
        user_id: cx.user_id,
        created_at: now_rfc3339(),
    };
    let mut all = vec![Write::put(
        Item::from_value(Key::record(cx.tenant(), JournalEntry::KIND, id), &entry)?,
        Condition::NotExists,
    )];
    all.extend(index::writes(cx, None, Some(&entry))?);
    all.extend(writes);
    Ok((entry, all))
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
    State(state): State<AppState>,
    principal: Principal,
    listing: Listing<EntryFilters>,
) -> Result<Json<ListResponse<JournalEntry>>, ApiError> {
    Ok(Json(
        index::list_of::<JournalEntry, _>(Cx::new(&state, &principal), &listing).await?,
    ))
}
