//! The revenue report: recurring revenue (MRR, ARR), its growth and customer churn, from figures
//! kept month by month as recurring invoices are posted, so that a report reads two items
//! whatever the workspace holds.
//!
//! A posted sales invoice with a `recurrence` bills its amount net of tax for the months it
//! covers, from its invoice date's month: one month (`monthly`), three (`quarterly`) or twelve
//! (`yearly`), an equal share to each. Figures are kept in twelfths of a cent so that every share
//! is exact. Per workspace and calendar year one item holds, for each month, the recurring
//! revenue billed for it, how many customers had some, and how many of those also had some one,
//! three and twelve months before (what churn is computed from). Per customer one item holds what
//! each month bills them, which tells whether a posting makes them a recurring customer in a
//! month.
//!
//! Right after an invoice is posted, one transaction writes both, conditioned on the versions it
//! read, with the invoice marked `revenue_counted` (conditioned on its version): an invoice is
//! counted once. It is not part of the posting's transaction, which a posting of the most
//! products a document holds already fills; should the process stop between the two, the
//! invoice stays in the scheduler's due index from its invoice date and the daily job counts it
//! ([`crate::sales_invoices::mark_overdue`]).

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use shared::domain::Date;
use shared::http::ApiError;
use shared::money::Money;
use shared::resource::{ops, Cx};
use shared::store::{Condition, Item, Key, Write};

use crate::sales_invoices::{Recurrence, SalesInvoice};

/// The store kinds of the figures (tenant partitions beside the records).
const YEAR_KIND: &str = "revenue_year";
const CUSTOMER_KIND: &str = "revenue_customer";

/// The look-backs churn is kept for: a month, a quarter and a year.
const LAGS: [i32; 3] = [1, 3, 12];

/// A calendar month as a count of months since January of year 0.
type Month = i32;

fn month_of(date: &Date) -> Month {
    use chrono::Datelike;
    let day = date.naive();
    day.year() * 12 + day.month0() as i32
}

fn month_label(month: Month) -> String {
    format!("{:04}-{:02}", month.div_euclid(12), month.rem_euclid(12) + 1)
}

fn first_day(month: Month) -> chrono::NaiveDate {
    chrono::NaiveDate::from_ymd_opt(month.div_euclid(12), month.rem_euclid(12) as u32 + 1, 1).unwrap_or_default()
}

fn last_day(month: Month) -> chrono::NaiveDate {
    first_day(month + 1).pred_opt().unwrap_or_default()
}

fn months_covered(recurrence: Recurrence) -> i32 {
    match recurrence {
        Recurrence::Monthly => 1,
        Recurrence::Quarterly => 3,
        Recurrence::Yearly => 12,
    }
}

/// One month of a workspace's figures.
#[derive(Clone, Copy, Debug, Default, Serialize, Deserialize)]
struct MonthFigures {
    /// Recurring revenue billed for the month, in twelfths of a cent.
    recurring: i64,
    /// Customers billed some of it.
    customers: i64,
    /// Of those, the ones billed some one, three and twelve months before ([`LAGS`]).
    retained: [i64; 3],
}

/// A workspace's figures for one calendar year.
#[derive(Debug, Default, Serialize, Deserialize)]
struct YearFigures {
    version: u64,
    months: [MonthFigures; 12],
}

/// What each month bills one customer, in twelfths of a cent, by `YYYY-MM`.
#[derive(Debug, Default, Serialize, Deserialize)]
struct CustomerMonths {
    version: u64,
    months: BTreeMap<String, i64>,
}

fn year_key(cx: Cx<'_>, year: i32) -> Key {
    Key::new(
        shared::store::Partition::tenant(cx.tenant(), YEAR_KIND),
        format!("{year:04}"),
    )
}

fn customer_key(cx: Cx<'_>, customer_id: u64) -> Key {
    Key::record(cx.tenant(), CUSTOMER_KIND, customer_id)
}

/// A put of `value` at `key` that holds only if nobody wrote it since `version` was read.
fn versioned_put<T: Serialize>(key: Key, value: &T, version: u64) -> Result<Write, ApiError> {
    let condition = if version == 1 {
        Condition::NotExists
    } else {
        Condition::Version(version - 1)
    };
    Ok(Write::put(Item::from_value(key, value)?, condition))
}

/// Times the counting is tried when other writes beat it to the figures or the invoice: each
/// lost try is another one done.
const COUNT_ATTEMPTS: usize = 8;

/// Adds posted recurring `invoice` to the figures and marks it counted; returns it as stored.
/// Another invoice counted at the same moment, or a payment, makes it try again; should it still
/// not succeed (or the store fail), the invoice is returned uncounted and the daily job counts it.
pub async fn count_posted(cx: Cx<'_>, mut invoice: SalesInvoice) -> SalesInvoice {
    for _ in 0..COUNT_ATTEMPTS {
        if !invoice.awaits_revenue() {
            return invoice;
        }
        let counted = async {
            let writes = figure_writes(cx, &invoice).await?;
            let mut after = invoice.clone();
            after.revenue_counted = true;
            ops::save(cx, &invoice, after, writes).await
        };
        match counted.await {
            Ok(after) => return after,
            Err(ApiError::Conflict { .. }) => match ops::find::<SalesInvoice>(cx, invoice.meta.id).await {
                Ok(Some(current)) => invoice = current,
                Ok(None) => return invoice,
                Err(error) => return uncounted(invoice, &error),
            },
            Err(error) => return uncounted(invoice, &error),
        }
    }
    uncounted(invoice, &ApiError::concurrent_change())
}

fn uncounted(invoice: SalesInvoice, error: &ApiError) -> SalesInvoice {
    tracing::warn!(
        invoice = invoice.meta.id,
        ?error,
        "recurring invoice left for the daily job to count"
    );
    invoice
}

/// The writes that add posted recurring `invoice` to the figures (none for one with nothing net
/// of tax to bill), each conditioned on the version it read.
async fn figure_writes(cx: Cx<'_>, invoice: &SalesInvoice) -> Result<Vec<Write>, ApiError> {
    let Some(recurrence) = invoice.recurrence else {
        return Ok(Vec::new());
    };
    let net_cents = invoice.totals.total_amount.minus(invoice.totals.tax_amount).cents();
    if net_cents <= 0 {
        return Ok(Vec::new());
    }
    let span = months_covered(recurrence);
    let share = net_cents * i64::from(12 / span);
    let first = month_of(&invoice.invoice_date);
    let covered = first..first + span;
    // The years of the covered months and of the months a year after them (whose retention the
    // newly billed months may complete).
    let years: Vec<i32> = (first.div_euclid(12)..=(first + span - 1 + 12).div_euclid(12)).collect();
    let mut keys = vec![customer_key(cx, invoice.customer_id)];
    keys.extend(years.iter().map(|y| year_key(cx, *y)));
    let mut read = cx.store().get_many(&keys).await?.into_iter();
    let mut customer: CustomerMonths = read
        .next()
        .flatten()
        .map(|i| i.into_parsed())
        .transpose()?
        .unwrap_or_default();
    let mut figures: Vec<YearFigures> = read
        .map(|item| item.map(|i| i.into_parsed()).transpose())
        .collect::<Result<Vec<Option<YearFigures>>, _>>()?
        .into_iter()
        .map(Option::unwrap_or_default)
        .collect();
    let first_year = years[0];
    let billed = |months: &BTreeMap<String, i64>, month: Month| months.get(&month_label(month)).is_some_and(|u| *u > 0);

    let before = customer.months.clone();
    let newly_billed: Vec<Month> = covered.clone().filter(|m| !billed(&before, *m)).collect();
    for month in covered.clone() {
        *customer.months.entry(month_label(month)).or_default() += share;
        month_in(&mut figures, first_year, month).recurring += share;
    }
    for &month in &newly_billed {
        month_in(&mut figures, first_year, month).customers += 1;
        for (lag_index, lag) in LAGS.iter().enumerate() {
            // A pair of months both newly billed is counted once, from its later month.
            if billed(&customer.months, month - lag) {
                month_in(&mut figures, first_year, month).retained[lag_index] += 1;
            }
            if billed(&before, month + lag) {
                month_in(&mut figures, first_year, month + lag).retained[lag_index] += 1;
            }
        }
    }

    customer.version += 1;
    let mut writes = vec![versioned_put(keys[0].clone(), &customer, customer.version)?];
    for (year, key) in figures.iter_mut().zip(&keys[1..]) {
        year.version += 1;
        writes.push(versioned_put(key.clone(), year, year.version)?);
    }
    Ok(writes)
}

/// `month`'s figures among `years`, the first of which is `first_year`.
fn month_in(years: &mut [YearFigures], first_year: i32, month: Month) -> &mut MonthFigures {
    &mut years[(month.div_euclid(12) - first_year) as usize].months[month.rem_euclid(12) as usize]
}

shared::choice! {
    /// The length of the period a revenue report covers.
    pub enum Period {
        Monthly = "monthly",
        Quarterly = "quarterly",
        Yearly = "yearly",
    }
}

/// `?period=` and `?as_of=` of the revenue report.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct RevenueQuery {
    /// `monthly` (the default), `quarterly` (calendar quarters) or `yearly` (calendar years).
    pub period: Option<Period>,
    /// The report covers the last period complete on this date; defaults to today (UTC).
    #[schemars(transform = shared::http::schema::date)]
    pub as_of: Option<String>,
}

/// How the report computes its figures: the operation's description in the API document.
pub const FORMULAS: &str =
    "Recurring revenue comes from posted sales invoices with a `recurrence`: each bills its amount \
net of tax for the months it covers from its invoice date's month, in equal shares (monthly: 1 month; quarterly: 3; \
yearly: 12). One-off invoices and drafts do not count. The period is the last calendar month, quarter or year complete \
on `as_of` (default today, UTC).\n\n\
- `mrr` = the recurring revenue billed for the period's last month.\n\
- `arr` = 12 × `mrr` (before `mrr` is rounded to the cent).\n\
- `previous_mrr` = the same for the last month of the period before.\n\
- `growth_rate` = (`mrr` − `previous_mrr`) / `previous_mrr` × 100, to two decimals; `null` when `previous_mrr` is 0.\n\
- `customers_at_start` = customers billed recurring revenue for the last month of the period before (the period's \
start); `customers_at_end` = the same for the period's last month.\n\
- `churned_customers` = those of `customers_at_start` not among `customers_at_end`.\n\
- `churn_rate` = `churned_customers` / `customers_at_start` × 100, to two decimals; `null` when `customers_at_start` \
is 0.";

/// The recurring revenue of the last complete period (the operation's description gives the
/// formulas).
// Those formulas are [`FORMULAS`].
#[derive(Debug, Serialize, JsonSchema)]
pub struct RevenueReport {
    pub period: Period,
    /// The period's first day.
    #[schemars(transform = shared::http::schema::date)]
    pub period_start: String,
    /// The period's last day.
    #[schemars(transform = shared::http::schema::date)]
    pub period_end: String,
    /// Monthly recurring revenue at the period's end.
    #[schemars(transform = shared::money::running_total)]
    pub mrr: Money,
    /// Annual recurring revenue: 12 × `mrr`.
    #[schemars(transform = shared::money::running_total)]
    pub arr: Money,
    /// Monthly recurring revenue at the end of the period before.
    #[schemars(transform = shared::money::running_total)]
    pub previous_mrr: Money,
    /// Percent change of `mrr` against `previous_mrr`; `null` when that was 0.
    pub growth_rate: Option<f64>,
    /// Percent of `customers_at_start` who are not among `customers_at_end`; `null` when there
    /// were none at the start.
    pub churn_rate: Option<f64>,
    /// Customers billed recurring revenue at the end of the period before.
    pub customers_at_start: u64,
    /// Customers billed recurring revenue for the period's last month.
    pub customers_at_end: u64,
    /// Of `customers_at_start`, those not among `customers_at_end`.
    pub churned_customers: u64,
}

/// The report of the last `period` complete on `as_of`: one read of at most two items.
pub async fn report(cx: Cx<'_>, period: Period, as_of: &Date) -> Result<RevenueReport, ApiError> {
    let (months, lag_index) = match period {
        Period::Monthly => (1, 0),
        Period::Quarterly => (3, 1),
        Period::Yearly => (12, 2),
    };
    let current = month_of(as_of);
    let period_end = current - current.rem_euclid(months) - 1;
    let period_first = period_end - months + 1;
    let start = period_end - months;
    let mut years = vec![period_end.div_euclid(12)];
    if start.div_euclid(12) != years[0] {
        years.push(start.div_euclid(12));
    }
    let keys: Vec<Key> = years.iter().map(|y| year_key(cx, *y)).collect();
    let read = cx.store().get_many(&keys).await?;
    let mut by_year = BTreeMap::new();
    for (year, item) in years.iter().zip(read) {
        let figures: YearFigures = item.map(|i| i.into_parsed()).transpose()?.unwrap_or_default();
        by_year.insert(*year, figures.months);
    }
    let at = |month: Month| {
        by_year
            .get(&month.div_euclid(12))
            .map(|m| m[month.rem_euclid(12) as usize])
            .unwrap_or_default()
    };
    let (end, before) = (at(period_end), at(start));
    let churned = (before.customers - end.retained[lag_index]).max(0);
    Ok(RevenueReport {
        period,
        period_start: first_day(period_first).format("%Y-%m-%d").to_string(),
        period_end: last_day(period_end).format("%Y-%m-%d").to_string(),
        mrr: Money::from_cents(twelfths_to_cents(end.recurring)),
        arr: Money::from_cents(end.recurring),
        previous_mrr: Money::from_cents(twelfths_to_cents(before.recurring)),
        growth_rate: rate(end.recurring - before.recurring, before.recurring),
        churn_rate: rate(churned, before.customers),
        customers_at_start: u64::try_from(before.customers).unwrap_or(0),
        customers_at_end: u64::try_from(end.customers).unwrap_or(0),
        churned_customers: u64::try_from(churned).unwrap_or(0),
    })
}

/// Twelfths of a cent to the nearest cent (halves up).
fn twelfths_to_cents(twelfths: i64) -> i64 {
    (twelfths + 6).div_euclid(12)
}

/// `part / whole` in percent to two decimals (halves away from zero); `None` when `whole` is 0.
fn rate(part: i64, whole: i64) -> Option<f64> {
    if whole == 0 {
        return None;
    }
    let (part, whole) = (i128::from(part), i128::from(whole));
    let hundredths = (part.abs() * 20_000 + whole) / (2 * whole);
    Some((part.signum() * hundredths) as f64 / 100.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_round_half_away_from_zero() {
        assert_eq!(rate(1, 3), Some(33.33));
        assert_eq!(rate(2, 3), Some(66.67));
        assert_eq!(rate(-1, 8), Some(-12.5));
        assert_eq!(rate(-2, 3), Some(-66.67));
        assert_eq!(rate(190, 30), Some(633.33));
        assert_eq!(rate(5, 0), None);
    }

    #[test]
    fn months_and_their_days() {
        let march = month_of(&Date::parse("2026-03-31").unwrap());
        assert_eq!(month_label(march), "2026-03");
        assert_eq!(month_label(march - 3), "2025-12");
        assert_eq!(first_day(march - 1).to_string(), "2026-02-01");
        assert_eq!(last_day(march - 1).to_string(), "2026-02-28");
        assert_eq!(twelfths_to_cents(100_000), 8_333);
        assert_eq!(twelfths_to_cents(6), 1);
    }
}
