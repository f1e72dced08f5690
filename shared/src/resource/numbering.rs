//! Document numbers without gaps. Each series (sales invoices, tickets, POS sales, ...) is one
//! counter per workspace, moved on in the same store transaction as the documents it numbers, so
//! a number exists exactly when its document does: a refused request, a crash, a restart or a
//! concurrent create leaves no hole and gives no number twice. Tax rules ask for this of invoices
//! (the EU VAT directive, art. 226(2): one unbroken sequence per series). Record ids are another
//! thing: they come from reserved blocks and may skip.
//!
//! Documents of one series race for the next number: the write of the series is conditioned on
//! the version read before, and a transaction that loses is built again with the next number.
//! A workspace sets each series' prefix (`PUT /api/settings/number-series/{series}`); the number
//! is the prefix and the sequence on at least six digits (`INV-000042`).

use std::future::Future;
use std::sync::atomic::{AtomicU64, Ordering};

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::auth::Module;
use crate::http::ApiError;
use crate::store::{Condition, Item, Key, Partition, StoreError, StoreExt, Write, Writes};

use super::Cx;

/// A sequence of document numbers.
#[derive(Debug)]
pub struct Series {
    /// Its name in the API and the store: `sales_invoice`.
    pub name: &'static str,
    /// What it numbers, and when the number is given.
    pub numbers: &'static str,
    /// The prefix until the workspace sets its own.
    pub prefix: &'static str,
    /// The module whose documents it numbers.
    pub module: Module,
}

pub const SALES_INVOICE: Series = Series {
    name: "sales_invoice",
    numbers: "Sales invoices, when posted (a draft has no number)",
    prefix: "INV-",
    module: Module::Sales,
};
pub const PURCHASE_INVOICE: Series = Series {
    name: "purchase_invoice",
    numbers: "Purchase invoices, when posted (a draft has no number)",
    prefix: "PINV-",
    module: Module::Accounting,
};
pub const POS_SALE: Series = Series {
    name: "pos_sale",
    numbers: "Point-of-sale sales, when made",
    prefix: "POS-",
    module: Module::Pos,
};
pub const TICKET: Series = Series {
    name: "ticket",
    numbers: "Support tickets, when opened",
    prefix: "TKT-",
    module: Module::Support,
};

pub const QUOTE: Series = Series {
    name: "quote",
    numbers: "Quotes, when written",
    prefix: "QUO-",
    module: Module::Sales,
};
pub const SALES_ORDER: Series = Series {
    name: "sales_order",
    numbers: "Sales orders, when written",
    prefix: "SO-",
    module: Module::Sales,
};
pub const PROPOSAL: Series = Series {
    name: "proposal",
    numbers: "Proposals, when written",
    prefix: "PROP-",
    module: Module::Sales,
};

pub const SALES_RETURN: Series = Series {
    name: "sales_return",
    numbers: "Sales returns, when recorded",
    prefix: "SRET-",
    module: Module::Sales,
};
pub const PURCHASE_RETURN: Series = Series {
    name: "purchase_return",
    numbers: "Purchase returns, when recorded",
    prefix: "PRET-",
    module: Module::Accounting,
};

pub const CUSTOMER_PAYMENT: Series = Series {
    name: "customer_payment",
    numbers: "Customer payments, when recorded",
    prefix: "CPAY-",
    module: Module::Accounting,
};
pub const VENDOR_PAYMENT: Series = Series {
    name: "vendor_payment",
    numbers: "Vendor payments, when recorded",
    prefix: "VPAY-",
    module: Module::Accounting,
};
pub const COMMISSION_PAYOUT: Series = Series {
    name: "commission_payout",
    numbers: "Payouts of sales agents' commissions, when paid",
    prefix: "COM-",
    module: Module::Sales,
};

pub const CREDIT_NOTE: Series = Series {
    name: "credit_note",
    numbers: "Credit notes, when their sales return is approved",
    prefix: "CN-",
    module: Module::Accounting,
};
pub const DEBIT_NOTE: Series = Series {
    name: "debit_note",
    numbers: "Debit notes, when their purchase return is approved",
    prefix: "DN-",
    module: Module::Accounting,
};

pub const EXPENSE: Series = Series {
    name: "expense",
    numbers: "Expenses, when posted (a draft or approved one has no number)",
    prefix: "EXP-",
    module: Module::Accounting,
};
pub const REVENUE: Series = Series {
    name: "revenue",
    numbers: "Revenues, when posted (a draft or approved one has no number)",
    prefix: "REV-",
    module: Module::Accounting,
};
pub const JOURNAL_ENTRY: Series = Series {
    name: "journal_entry",
    numbers: "Manual journal entries, when written (a document's own entry carries no number: its source names it)",
    prefix: "JE-",
    module: Module::Accounting,
};

pub const PAYSLIP: Series = Series {
    name: "payslip",
    numbers: "Payslips, when their payroll is processed",
    prefix: "PSL-",
    module: Module::Hr,
};

/// Every series, for the settings routes.
pub const ALL: &[&Series] = &[
    &SALES_INVOICE,
    &PURCHASE_INVOICE,
    &POS_SALE,
    &TICKET,
    &QUOTE,
    &SALES_ORDER,
    &PROPOSAL,
    &SALES_RETURN,
    &PURCHASE_RETURN,
    &CUSTOMER_PAYMENT,
    &VENDOR_PAYMENT,
    &COMMISSION_PAYOUT,
    &CREDIT_NOTE,
    &DEBIT_NOTE,
    &EXPENSE,
    &REVENUE,
    &JOURNAL_ENTRY,
    &PAYSLIP,
];

/// The series called `name`.
pub fn series(name: &str) -> Option<&'static Series> {
    ALL.iter().copied().find(|s| s.name == name)
}

/// A series' state in one workspace: the last number given and the workspace's prefix.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
struct State {
    last: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    prefix: Option<String>,
    version: u64,
}

fn key(cx: Cx<'_>, series: &Series) -> Key {
    Key::new(Partition::tenant(cx.tenant(), "series"), series.name)
}

/// `sequence` as a number of a series with `prefix`.
pub fn format(prefix: &str, sequence: u64) -> String {
    format!("{prefix}{sequence:06}")
}

/// Numbers drawn from a series for one transaction: [`Draw::take`] gives them in order, and
/// [`Draw::write`] is the series' write that makes them taken.
pub struct Draw {
    key: Key,
    state: State,
    prefix: String,
    taken: u64,
    /// For a state read ahead of the series' turn ([`Ahead`]): how many commits its turn had seen
    /// before the read.
    seen: Option<u64>,
}

/// A series' state to read with a document's other keys, before the series' turn is taken (one
/// batch read for all the document needs): [`Ahead::key`] to read, [`Ahead::draw`] of what was
/// read, for [`commit_drawn`]. A document of the series this process commits meanwhile makes
/// that read stale: [`commit_drawn`] then reads the series again in its turn.
pub struct Ahead {
    key: Key,
    seen: u64,
}

impl Ahead {
    /// Before the read.
    pub fn new(cx: Cx<'_>, series: &Series) -> Self {
        Self {
            key: key(cx, series),
            seen: turn(cx, series).commits.load(Ordering::Acquire),
        }
    }

    /// The key to read with the document's others.
    pub fn key(&self) -> &Key {
        &self.key
    }

    /// The draw from the series' item as read.
    pub fn draw(self, series: &Series, read: Option<Item>) -> Result<Draw, ApiError> {
        let state: State = read.map(Item::into_parsed).transpose()?.unwrap_or_default();
        let mut draw = Draw::of(series, self.key, state);
        draw.seen = Some(self.seen);
        Ok(draw)
    }
}

impl Draw {
    /// The series as the workspace has it now (one read).
    pub async fn read(cx: Cx<'_>, series: &Series) -> Result<Self, ApiError> {
        let key = key(cx, series);
        let state: State = cx.store().get_as(&key).await?.unwrap_or_default();
        Ok(Self::of(series, key, state))
    }

    fn of(series: &Series, key: Key, state: State) -> Self {
        let prefix = state.prefix.clone().unwrap_or_else(|| series.prefix.to_owned());
        Self {
            key,
            state,
            prefix,
            taken: 0,
            seen: None,
        }
    }

    /// Takes the next number.
    pub fn take(&mut self) -> String {
        self.taken += 1;
        format(&self.prefix, self.state.last + self.taken)
    }

    /// How many numbers were drawn.
    pub fn taken(&self) -> u64 {
        self.taken
    }

    /// The series as it will be once [`Draw::write`] of `count` lands: for a transaction built
    /// while that one commits. Its own write is conditioned on that state, so it fails if the
    /// earlier one did not land.
    pub fn followed(&self, count: u64) -> Self {
        let state = match count {
            0 => self.state.clone(),
            n => State {
                last: self.state.last + n,
                prefix: self.state.prefix.clone(),
                version: self.state.version + 1,
            },
        };
        Self {
            key: self.key.clone(),
            state,
            prefix: self.prefix.clone(),
            taken: 0,
            seen: None,
        }
    }

    /// The write taking the first `count` numbers drawn; it fails if another transaction moved
    /// the series meanwhile ([`Draw::lost_to`]).
    pub fn write(&self, count: u64) -> Result<Write, ApiError> {
        let next = State {
            last: self.state.last + count,
            prefix: self.state.prefix.clone(),
            version: self.state.version + 1,
        };
        let condition = match self.state.version {
            0 => Condition::NotExists,
            v => Condition::Version(v),
        };
        Ok(Write::put(Item::from_value(self.key.clone(), &next)?, condition))
    }

    /// Whether `failed` (the write whose condition failed) is this series': another document
    /// took the number first.
    pub fn lost_to(&self, failed: Option<&Write>) -> bool {
        failed.is_some_and(|w| self.is_its(w))
    }

    /// Whether `write` is this series' own.
    pub fn is_its(&self, write: &Write) -> bool {
        *write.key() == self.key
    }
}

/// How a numbered transaction was refused, for its caller to answer.
pub enum Refused {
    /// The condition of this write of the caller's failed (`None`: the store did not say which).
    Condition(Option<Write>),
    /// Anything else.
    Error(ApiError),
}

impl Refused {
    /// The answer for a change of new records only, whose conditions fail only when another
    /// request wrote the same thing meanwhile: 409 `concurrent_change`.
    pub fn of_new_records(self) -> ApiError {
        match self {
            Self::Condition(_) => ApiError::concurrent_change(),
            Self::Error(error) => error,
        }
    }
}

/// The turn in which `series`' documents of the workspace are numbered in this process: one of a
/// fixed set, by hash, so their memory does not grow with the workspaces. Two series sharing one
/// only wait for each other; a numbered commit never nests another.
struct Turn {
    lock: tokio::sync::Mutex<()>,
    /// Numbered commits made in this turn: a state read ahead of it ([`Ahead`]) is stale once
    /// this has moved.
    commits: AtomicU64,
}

fn turn(cx: Cx<'_>, series: &Series) -> &'static Turn {
    use std::hash::{Hash, Hasher};
    static TURNS: std::sync::OnceLock<Vec<Turn>> = std::sync::OnceLock::new();
    let turns = TURNS.get_or_init(|| {
        (0..64)
            .map(|_| Turn {
                lock: tokio::sync::Mutex::new(()),
                commits: AtomicU64::new(0),
            })
            .collect()
    });
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    (cx.tenant().0, series.name).hash(&mut hasher);
    &turns[(hasher.finish() % turns.len() as u64) as usize]
}

/// How often a transaction is built again when other documents take its numbers first.
const ATTEMPTS: usize = 60;

/// Commits the writes `build` gives for `count` numbers of `series` (given to it in order),
/// together with the series' write, as one change ([`crate::store::Store::commit`]); built again
/// with the next numbers when another document takes them first. `refusal` answers any other
/// failure.
pub async fn commit<T, W, F, Fut>(
    cx: Cx<'_>,
    series: &Series,
    count: u64,
    build: F,
    refusal: impl Fn(Refused) -> ApiError,
) -> Result<T, ApiError>
where
    W: Into<Writes>,
    F: FnMut(Vec<String>) -> Fut,
    Fut: Future<Output = Result<(T, W), ApiError>>,
{
    drawing(cx, series, None, count, build, refusal).await
}

/// [`commit`] whose first draw is from the series' state as the caller read it with its
/// document's other keys ([`Ahead`]): a document that reads what it needs in one batch reads its
/// series there too. Read again in the series' turn when this process numbered a document of it
/// since, and after losing the numbers to another process.
pub async fn commit_drawn<T, W, F, Fut>(
    cx: Cx<'_>,
    series: &Series,
    first: Draw,
    count: u64,
    build: F,
    refusal: impl Fn(Refused) -> ApiError,
) -> Result<T, ApiError>
where
    W: Into<Writes>,
    F: FnMut(Vec<String>) -> Fut,
    Fut: Future<Output = Result<(T, W), ApiError>>,
{
    drawing(cx, series, Some(first), count, build, refusal).await
}

/// [`commit`] and [`commit_drawn`]: `first` is the first draw, if the caller read it.
async fn drawing<T, W, F, Fut>(
    cx: Cx<'_>,
    series: &Series,
    mut first: Option<Draw>,
    count: u64,
    mut build: F,
    refusal: impl Fn(Refused) -> ApiError,
) -> Result<T, ApiError>
where
    W: Into<Writes>,
    F: FnMut(Vec<String>) -> Fut,
    Fut: Future<Output = Result<(T, W), ApiError>>,
{
    // Documents of a series in this process take their turns, so they do not race for numbers
    // (on moto, fifty concurrent postings racing took over 30 s); other processes still can.
    let turn = turn(cx, series);
    let _turn = turn.lock.lock().await;
    // A state read ahead of the turn is stale if a document of this process took numbers since.
    if first.as_ref().and_then(|draw| draw.seen) != Some(turn.commits.load(Ordering::Acquire)) {
        first = None;
    }
    for _ in 0..ATTEMPTS {
        let mut draw = match first.take() {
            Some(draw) => draw,
            None => Draw::read(cx, series).await?,
        };
        let numbers = (0..count).map(|_| draw.take()).collect();
        let (built, writes) = build(numbers).await?;
        let Writes { head, ahead } = writes.into();
        let mut all_head = vec![draw.write(count)?];
        all_head.extend(head);
        // The series' write first, so a failure's index names it.
        let all = super::refs::ahead(Writes { head: all_head, ahead });
        match cx.store().commit(all.clone()).await {
            Ok(()) => {
                turn.commits.fetch_add(1, Ordering::Release);
                return Ok(built);
            }
            Err(StoreError::ConditionFailed { index }) => {
                let failed = index.and_then(|i| all.get(i));
                if !draw.lost_to(failed) {
                    return Err(refusal(Refused::Condition(failed.cloned())));
                }
                // Another document took these numbers: wait a moment, then take the next ones.
                tokio::time::sleep(std::time::Duration::from_millis(rand::random_range(1..8))).await;
            }
            Err(other) => return Err(refusal(Refused::Error(other.into()))),
        }
    }
    Err(ApiError::Unavailable(anyhow::anyhow!(
        "too many documents at once took the next numbers of series {}",
        series.name
    )))
}

/// A series as the settings routes show it.
#[derive(Debug, Serialize, JsonSchema)]
pub struct SeriesOut {
    /// `sales_invoice`.
    pub series: &'static str,
    /// What it numbers, and when.
    pub numbers: &'static str,
    /// The prefix numbers start with (the workspace's, or the default).
    pub prefix: String,
    /// How many numbers were given.
    pub last_sequence: u64,
    /// The number the next document will get.
    pub next_number: String,
}

/// Body of `PUT /api/settings/number-series/{series}`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct SeriesIn {
    /// Up to 20 letters, digits and `-`, `/`, `_`, `.`; may be empty. The sequence goes on: a new
    /// prefix (a new year's `INV-2027-`) does not restart it.
    #[schemars(required)]
    pub prefix: Option<String>,
}

/// Answer of `GET /api/settings/number-series`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct SeriesList {
    pub data: Vec<SeriesOut>,
}

/// The longest prefix.
const MAX_PREFIX: usize = 20;

fn out(series: &'static Series, state: &State) -> SeriesOut {
    let prefix = state.prefix.clone().unwrap_or_else(|| series.prefix.to_owned());
    SeriesOut {
        series: series.name,
        numbers: series.numbers,
        next_number: format(&prefix, state.last + 1),
        prefix,
        last_sequence: state.last,
    }
}

/// Every series of the modules the workspace's plan has, with the workspace's state of each
/// (one read).
pub async fn list(cx: Cx<'_>) -> Result<Vec<SeriesOut>, ApiError> {
    let shown: Vec<&'static Series> = ALL
        .iter()
        .copied()
        .filter(|s| cx.plan().is_none_or(|plan| plan.includes(s.module)))
        .collect();
    let keys: Vec<Key> = shown.iter().map(|s| key(cx, s)).collect();
    let items = cx.store().get_many(&keys).await?;
    shown
        .into_iter()
        .zip(items)
        .map(|(series, item)| {
            let state: State = item.map(|i| i.parse()).transpose()?.unwrap_or_default();
            Ok(out(series, &state))
        })
        .collect()
}

/// Sets the prefix of the series called `name`: 404 for an unknown series, 403 for one of a
/// module the plan lacks, 422 for a prefix it cannot use. The sequence goes on.
pub async fn set_prefix(cx: Cx<'_>, name: &str, input: SeriesIn) -> Result<SeriesOut, ApiError> {
    let series = series(name).ok_or_else(|| ApiError::not_found("Number series"))?;
    super::custom::require_modules(cx, &[series.module]).await?;
    let Some(prefix) = input.prefix.map(|p| p.trim().to_owned()) else {
        return Err(ApiError::invalid(
            "prefix",
            "The prefix field is required (it may be empty).",
        ));
    };
    let allowed = |c: char| c.is_ascii_alphanumeric() || "-/_.".contains(c);
    if prefix.chars().count() > MAX_PREFIX || !prefix.chars().all(allowed) {
        return Err(ApiError::invalid(
            "prefix",
            format!("The prefix may have up to {MAX_PREFIX} letters, digits and - / _ . (e.g. INV-2027-)."),
        ));
    }
    for _ in 0..ATTEMPTS {
        let key = key(cx, series);
        let state: State = cx.store().get_as(&key).await?.unwrap_or_default();
        let next = State {
            last: state.last,
            prefix: Some(prefix.clone()),
            version: state.version + 1,
        };
        let condition = match state.version {
            0 => Condition::NotExists,
            v => Condition::Version(v),
        };
        match cx
            .store()
            .write(Write::put(Item::from_value(key, &next)?, condition))
            .await
        {
            Ok(()) => return Ok(out(series, &next)),
            // A document took a number meanwhile: read the series again.
            Err(StoreError::ConditionFailed { .. }) => continue,
            Err(other) => return Err(other.into()),
        }
    }
    Err(ApiError::Unavailable(anyhow::anyhow!(
        "the series {} kept moving while its prefix was set",
        series.name
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_the_prefix_and_six_digits_at_least() {
        assert_eq!(format("INV-", 42), "INV-000042");
        assert_eq!(format("", 1), "000001");
        assert_eq!(format("F/2027/", 1_234_567), "F/2027/1234567");
    }

    #[test]
    fn every_series_has_its_own_name() {
        let mut names: Vec<&str> = ALL.iter().map(|s| s.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), ALL.len());
    }
}
