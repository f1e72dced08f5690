//! What sales and purchase invoices share: the [`Invoice`] trait that payments, returns and
//! posting read them through, and the post itself. Posting writes, in the one transaction of the
//! state change (conditioned on the draft's version, so a second post is 409 and writes
//! nothing): the journal entry each kind describes ([`Invoice::posting`]), the stock its
//! products bring in or take out (too little stock to take is 409 `insufficient_stock`), and its
//! events.

use shared::domain::Date;
use shared::events::EventType;
use shared::http::{ApiError, FieldErrors};
use shared::money::Money;
use shared::resource::ledger::{Ledger as _, Posting};
use shared::resource::numbering::{self, Series};
use shared::resource::{ops, Cx};
use shared::store::Writes;

use inventory::stock::{self, Change, Ledger, Reason, Refused};

use crate::documents::{self, InvoiceStatus, Line, Split};
use crate::payments::{self, Payable};
use crate::posting;

/// A sales or purchase invoice.
pub trait Invoice: Payable {
    /// The series whose next number it gets when posted.
    const NUMBERS: &'static Series;
    /// The journal's and the stock ledger's name of the document (`sales_invoice`).
    const SOURCE: &'static str;
    /// Posting moves its goods in (+1: bought) or out (−1: sold).
    const STOCK_SIGN: i64;
    const STOCK_REASON: Reason;
    /// Written in the posting's transaction.
    const POSTED_EVENT: Option<EventType>;
    /// Written in the posting's transaction after [`Self::POSTED_EVENT`] when the invoice is
    /// posted already past its due date (`set_posted` made it overdue).
    const OVERDUE_EVENT: Option<EventType>;
    fn items(&self) -> &[Line];
    fn warehouse_id(&self) -> Option<u64>;
    /// Takes `amount` off its balance by a (debit or credit) note and moves its status.
    fn apply_note(&mut self, amount: Money);
    /// Records the posting: its entry (none for an invoice of total 0), the time, the status
    /// (overdue at once when already past its due date, where the kind falls overdue).
    fn set_posted(&mut self, entry_id: Option<u64>);
    /// What posting it writes, by account code (`cost`: the purchase price of the goods moved).
    fn posting(&self, split: Split, cost: Money) -> Posting;
}

/// A posted invoice is neither changed nor deleted (nor posted again).
pub fn only_drafts<I: Invoice>(invoice: &I, action: &str) -> Result<(), ApiError> {
    match invoice.status() {
        InvoiceStatus::Draft => Ok(()),
        status => Err(ApiError::invalid_transition(format!(
            "Only a draft {} can be {action}; this one is {}.",
            I::NAME.to_lowercase(),
            status.as_str()
        ))),
    }
}

/// `draft → posted`: the journal entry, the stock moved and the state change in one transaction.
pub async fn post<I: Invoice>(cx: Cx<'_>, id: u64) -> Result<I, ApiError> {
    let current = ops::load::<I>(cx, id).await?;
    only_drafts(&current, "posted")?;
    let units = documents::stocked_units(current.items());
    let warehouse_id = current.warehouse_id().unwrap_or_default();
    let pairs: Vec<(u64, u64)> = units.keys().map(|p| (*p, warehouse_id)).collect();
    let (stock_ledger, draw) = Ledger::read_numbered(cx, &pairs, I::NUMBERS).await?;
    // A product may have gone, or become a service, since the draft was written.
    let mut errors = FieldErrors::default();
    let mut cost = Money::ZERO;
    for (product_id, quantity) in &units {
        if let Some(product) = stock_ledger.product(&mut errors, "items", *product_id) {
            cost = cost + product.purchase_price.times(*quantity);
        }
    }
    errors.into_result(())?;
    let changes: Vec<Change> = units
        .iter()
        .map(|(product_id, quantity)| Change {
            product_id: *product_id,
            warehouse_id,
            quantity: I::STOCK_SIGN * quantity,
            reason: I::STOCK_REASON,
        })
        .collect();
    let own = ops::key::<I>(cx, id);
    let (ledger, changes) = (&stock_ledger, &changes);
    numbering::commit_drawn(
        cx,
        I::NUMBERS,
        draw,
        1,
        |numbers| {
            let mut after = current.clone();
            after.set_number(numbers.into_iter().next().unwrap_or_default());
            posted(cx, &current, after, ledger, changes, cost)
        },
        |refused| match stock::refused(refused) {
            // Another request changed or posted it first.
            Refused::Condition(Some(key)) if key == own => ApiError::version_conflict(),
            refused => refused.into_api(ledger),
        },
    )
    .await
}

/// `after` (numbered) as `current` posted, and the writes that post it: its journal entry (with
/// the number in its memo), the stock it moves, the state change and its events.
async fn posted<I: Invoice>(
    cx: Cx<'_>,
    current: &I,
    mut after: I,
    ledger: &Ledger,
    changes: &[Change],
    cost: Money,
) -> Result<(I, Writes), ApiError> {
    let id = current.meta().id;
    let mut writes = Vec::new();
    let posting = after.posting(Split::of(after.items()), cost);
    let entry_id = match posting::Books.posting_writes(cx, &posting).await? {
        Some(posted) => {
            writes.extend(posted.writes);
            Some(posted.entry_id)
        }
        None => None,
    };
    after.set_posted(entry_id);
    let source = stock::Source { kind: I::SOURCE, id };
    let stock = ledger.writes(cx, changes, Some(source), None).await?;
    // An invoice of total 0 is paid from the start.
    let mut all = payments::change_with_paid_event(cx, current, &mut after)?;
    if let Some(event) = I::POSTED_EVENT {
        all.push(ops::event_write(cx, event.name, &after)?);
    }
    if let Some(event) = I::OVERDUE_EVENT.filter(|_| after.status() == InvoiceStatus::Overdue) {
        all.push(ops::event_write(cx, event.name, &after)?);
    }
    all.extend(writes);
    Ok((after, stock.after(all)))
}

/// A posting of `invoice`'s kind, dated and named after it.
pub fn posting_of<I: Invoice>(invoice: &I, date: &Date, memo: &str) -> Posting {
    Posting::new(
        date.clone(),
        format!("{memo} {}", invoice.number()),
        I::SOURCE,
        invoice.meta().id,
    )
}
