//! Posting to the books from a module that does not own them. Accounting owns the ledger and
//! depends on other modules (a purchase invoice adds stock), so they cannot call it: a module
//! describes what happened as a [`Posting`] (lines by stable account code) and asks the
//! deployment's [`Ledger`] ([`super::Catalog::ledger`]) for the writes that record it, to commit
//! in its own transaction. A deployment that posts without one fails the posting (500).

use std::borrow::Cow;

use async_trait::async_trait;

use super::Cx;
use crate::domain::Date;
use crate::http::ApiError;
use crate::money::Money;
use crate::store::Write;

/// Which side of an account a line is on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    Debit,
    Credit,
}

/// One line of a posting: `amount` on `side` of the account with this stable code (`1000`), or a
/// bank account's own ([`bank_account_code`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PostingLine {
    pub code: Cow<'static, str>,
    pub side: Side,
    pub amount: Money,
}

/// What a document posts: lines whose debits equal their credits, by account code.
#[derive(Clone, Debug)]
pub struct Posting {
    pub date: Date,
    pub memo: String,
    /// The document's kind (`pos`) and id, as the journal shows them.
    pub source_kind: &'static str,
    pub source_id: u64,
    pub lines: Vec<PostingLine>,
}

impl Posting {
    pub fn new(date: Date, memo: impl Into<String>, source_kind: &'static str, source_id: u64) -> Self {
        Self {
            date,
            memo: memo.into(),
            source_kind,
            source_id,
            lines: Vec::new(),
        }
    }

    /// Adds `amount` on `side` of `code`, to the line already there for both; zero adds nothing.
    pub fn add(&mut self, code: impl Into<Cow<'static, str>>, side: Side, amount: Money) {
        if amount == Money::ZERO {
            return;
        }
        let code = code.into();
        match self.lines.iter_mut().find(|l| l.code == code && l.side == side) {
            Some(line) => line.amount = line.amount + amount,
            None => self.lines.push(PostingLine { code, side, amount }),
        }
    }

    pub fn debit(&mut self, code: impl Into<Cow<'static, str>>, amount: Money) {
        self.add(code, Side::Debit, amount);
    }

    pub fn credit(&mut self, code: impl Into<Cow<'static, str>>, amount: Money) {
        self.add(code, Side::Credit, amount);
    }
}

/// The code of a bank account's own GL account (under `1000`, Cash and bank): how another
/// module posts to the bank account a user chose.
pub fn bank_account_code(bank_account_id: u64) -> String {
    format!("1000-{bank_account_id}")
}

/// What undoes an earlier entry (a cancelled document's): its lines on the other sides.
#[derive(Clone, Debug)]
pub struct Reversal {
    /// The entry undone, as [`Posted::entry_id`] gave it.
    pub entry_id: u64,
    pub date: Date,
    pub memo: String,
    pub source_kind: &'static str,
    pub source_id: u64,
}

/// The writes recording a posting, and the journal entry they create.
#[derive(Debug)]
pub struct Posted {
    pub entry_id: u64,
    pub writes: Vec<Write>,
}

/// The books: turns a posting into the writes of its journal entry (refusing an unbalanced one
/// or a code the workspace's chart lacks, 422).
#[async_trait]
pub trait Ledger: Send + Sync {
    /// `None` when the posting has no lines (everything in it was zero).
    async fn posting_writes(&self, cx: Cx<'_>, posting: &Posting) -> Result<Option<Posted>, ApiError>;
    /// The entry undoing entry `reversal.entry_id` exactly, whatever changed since it was written.
    async fn reversal_writes(&self, cx: Cx<'_>, reversal: &Reversal) -> Result<Posted, ApiError>;
}

/// The writes of `posting` in the deployment's ledger; `None` when it has no lines.
pub async fn post(cx: Cx<'_>, posting: &Posting) -> Result<Option<Posted>, ApiError> {
    ledger(cx)?.posting_writes(cx, posting).await
}

/// The writes of `reversal` in the deployment's ledger.
pub async fn reverse(cx: Cx<'_>, reversal: &Reversal) -> Result<Posted, ApiError> {
    ledger(cx)?.reversal_writes(cx, reversal).await
}

/// The deployment's ledger. A deployment whose modules post to the books without one is built
/// wrong: its postings fail loudly (500) rather than leave the books silently short.
fn ledger(cx: Cx<'_>) -> Result<&'static dyn Ledger, ApiError> {
    cx.catalog().ledger().ok_or_else(|| {
        ApiError::internal(anyhow::anyhow!(
            "a posting to the books, but no module of this deployment keeps them (accounting's ledger)"
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn money(text: &str) -> Money {
        Money::parse(text).unwrap()
    }

    #[test]
    fn lines_merge_by_code_and_side_and_zero_adds_nothing() {
        let mut posting = Posting::new(Date::today(), "sale", "pos", 1);
        posting.debit("1000", money("12.00"));
        posting.credit("4100", money("10.00"));
        posting.credit("4100", money("0.00"));
        posting.credit("2100", money("2.00"));
        posting.debit("1000", money("3.00"));
        posting.credit("4200", money("3.00"));
        assert_eq!(posting.lines.len(), 4);
        assert_eq!(posting.lines[0].amount, money("15.00"));
        assert_eq!(posting.lines[1].side, Side::Credit);
    }
}
