//! The books other modules post to ([`shared::ledger`]): a posting's lines name accounts by their
//! stable codes; they are resolved through the chart's unique index on `code` ([`by_codes`]: the
//! seeded accounts kept by the instance, so warm no read) and written by
//! [`journal::entry_writes_with_accounts`], like every entry.

use async_trait::async_trait;
use shared::http::ApiError;
use shared::money::Money;
use shared::resource::index::Indexed;
use shared::resource::ledger::{Ledger, Posted, Posting, Reversal, Side as PostingSide};
use shared::resource::Cx;
use shared::store::{Key, StoreExt};

use crate::journal::{self, JournalEntry, Line, Source};
use crate::ledger::{by_codes, Side};

/// Accounting's [`Ledger`], named by its module definition.
pub struct Books;

#[async_trait]
impl Ledger for Books {
    async fn posting_writes(&self, cx: Cx<'_>, posting: &Posting) -> Result<Option<Posted>, ApiError> {
        if posting.lines.is_empty() {
            return Ok(None);
        }
        let mut codes: Vec<&str> = posting.lines.iter().map(|l| l.code.as_ref()).collect();
        codes.sort_unstable();
        codes.dedup();
        let accounts = by_codes(cx, &codes).await?;
        let mut lines = Vec::with_capacity(posting.lines.len());
        for line in &posting.lines {
            let Some(account) = accounts.get(line.code.as_ref()) else {
                return Err(ApiError::Unprocessable {
                    code: "unknown_account",
                    message: format!(
                        "The chart of accounts has no account {}, which this {} posts to.",
                        line.code, posting.source_kind
                    ),
                });
            };
            let side = match line.side {
                PostingSide::Debit => Side::Debit,
                PostingSide::Credit => Side::Credit,
            };
            lines.push(Line {
                account_id: account.meta.id,
                side,
                amount: line.amount,
            });
        }
        let source = Source {
            kind: posting.source_kind,
            id: posting.source_id,
        };
        let by_id = accounts.into_values().map(|a| (a.meta.id, a)).collect();
        let (entry, writes) =
            journal::entry_writes_with_accounts(cx, posting.date.clone(), &posting.memo, source, &lines, &by_id)
                .await?;
        Ok(Some(Posted {
            entry_id: entry.id,
            writes,
        }))
    }

    async fn reversal_writes(&self, cx: Cx<'_>, reversal: &Reversal) -> Result<Posted, ApiError> {
        let key = Key::record(cx.tenant(), JournalEntry::KIND, reversal.entry_id);
        let original: JournalEntry = cx
            .store()
            .get_as(&key)
            .await?
            .ok_or_else(|| ApiError::not_found("Journal entry"))?;
        // Each line back on the other side: a line carries its amount on one side only.
        let lines: Vec<Line> = original
            .lines
            .iter()
            .map(|l| match l.debit == Money::ZERO {
                true => Line::debit(l.account_id, l.credit),
                false => Line::credit(l.account_id, l.debit),
            })
            .collect();
        let source = Source {
            kind: reversal.source_kind,
            id: reversal.source_id,
        };
        let (entry, writes) = journal::entry_writes(cx, reversal.date.clone(), &reversal.memo, source, &lines).await?;
        Ok(Posted {
            entry_id: entry.id,
            writes,
        })
    }
}
